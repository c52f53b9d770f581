"""A readable text view of the Serica table."""

from __future__ import annotations

from silkroad.serica.cards import GOODS
from silkroad.serica.state import State, Step
from silkroad.serica.table import table

__all__ = ["render"]

_NAMES = ("Han Dynasty", "Roman Empire")


def _goods(counts: tuple[int, ...]) -> str:
    parts = [f"{n} {g.label}" for g, n in zip(GOODS, counts, strict=True) if n]
    return ", ".join(parts) or "none"


def render(state: State) -> str:
    """The table as text: Crossroads, then each player's side."""
    t = table(state.options)

    def names(cards: object) -> str:
        return ", ".join(t.card[c].name for c in cards) or "-"  # type: ignore[attr-defined]

    mode = "co-op" if state.options.coop else "competitive"
    lines = [f"Serica ({mode}), round {state.round}"]
    if state.step is Step.OVER:
        lines.append("game over")
    else:
        lines.append(f"{_NAMES[state.active]} to play: {state.step.value}")
        if state.pending is not None:
            lines.append(f"  deciding: {state.pending.kind.value}")
    lines.append(
        f"Crossroads: {names(state.crossroads)}  (draw pile {len(state.cross_pile)}, "
        f"discarded {len(state.cross_discard)})"
    )
    for p, player in enumerate(state.players):
        lines.append(f"{_NAMES[p]}: {player.vp} VP, {player.artisans} artisans")
        lines.append(f"  supply: {_goods(player.supply)}; shipment: {_goods(player.shipment)}")
        lines.append(f"  empire: {names(player.empire)}")
        lines.append(
            f"  draw pile {len(player.draw)}, discard pile {len(player.discard)}"
            f" (top: {t.card[player.discard[-1]].name if player.discard else '-'})"
        )
        for i, field in enumerate(player.fields, start=1):
            lines.append(f"  field {i}: {names(field)}")
        for caravan in player.caravans:
            lines.append(
                f"  caravan {caravan.route} at {caravan.position}/4: {_goods(caravan.goods)}"
            )
    return "\n".join(lines)
