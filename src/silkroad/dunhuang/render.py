"""A readable text view of the table."""

from __future__ import annotations

from silkroad.dunhuang.moves import spot_label
from silkroad.dunhuang.rules import solitaire_result
from silkroad.dunhuang.state import Phase, State
from silkroad.dunhuang.table import table

__all__ = ["render"]


def render(state: State) -> str:
    """[DH-2.0] The main board and the player boards as text: only what every player
    sees (hands, draft packs and face-down tiles are counted or marked, never named)."""
    t = table(state.options)
    lines = [
        f"Dunhuang - round {state.round}/8, {state.phase.value} phase, "
        f"first player P{state.first}, packs: {', '.join(state.options.packs)}"
    ]
    occupied = {spot: f"P{v // 3}m{v % 3 + 1}" for spot, v in state.spots.items()}
    for d in t.spots:
        if d.kind in ("fresco", "public") or d.blocked:
            continue
        effects = ", ".join(e.text for e in d.effects)
        lines.append(f"  {d.label:<4} {effects:<32} {occupied.get(d.id, '')}")
    row = "  ".join("-" if c is None else f"c{c} {t.characters[c].name}" for c in state.row)
    lines.append(f"Recruiting row: {row}   (deck {len(state.deck)}, discard {len(state.discard)})")
    if t.solo:
        line = "  ".join(
            f"{spot_label(27 + k)}: "
            + ("-" if x is None else f"t{x}")
            + (f" {occupied[27 + k]}" if 27 + k in occupied else "")
            for k, x in enumerate(state.publics)
            if x is not None or 27 + k in occupied
        )
        lines.append(f"Public frescoes: {line or '-'}")
        bottom = ", ".join(f"t{x}" for x in state.stack[len(state.stack) - state.known :])
        lines.append(
            f"Fresco stack: {len(state.stack)} tiles (known at the bottom: {bottom or '-'}); "
            f"drawn: {', '.join(f't{x}' for x in state.drawn) or '-'}"
        )
        lines.append(
            "Kept aside: characters "
            + (", ".join(f"c{c}" for c in state.aside) or "-")
            + "; tiles "
            + (", ".join(f"t{x}" for x in state.gone) or "-")
        )
        quests = "  ".join(f"{q.key}{'*' if q.key in state.achievements else ''}" for q in t.quests)
        lines.append(f"Quests (* done): {quests}")
    if state.public is not None:
        lines.append(f"Public fresco: {'t' + str(state.public) if state.revealed else 'face down'}")
    for p, pl in enumerate(state.players):
        tokens = ", ".join(f"{k} {v}" for k, v in sorted(pl.tokens.items())) or "-"
        lines.append(
            f"P{p}: {pl.vp} VP, {pl.coins} coins, {pl.pigment} pigment; {tokens}; "
            f"dice income {pl.income} reward {pl.left}/{pl.right}; hand {len(pl.hand)}"
        )
        for slot in range(3):
            card = pl.characters[slot]
            who = (
                "-"
                if card is None
                else f"c{card} {t.characters[card].name} ({pl.grain[slot]} grain)"
            )
            spot = pl.frescoes[slot]
            label = spot_label(15 + 3 * p + slot)
            if spot.tile is None:
                fresco = "empty"
            elif not state.revealed:
                fresco = "a tile face down"
            elif spot.die is None:
                fresco = f"t{spot.tile} complete"
            else:
                fresco = f"t{spot.tile} die {spot.die}"
            mark = occupied.get(15 + 3 * p + slot, "")
            lines.append(f"    spot {slot + 1}: {who:<36} {label}: {fresco} {mark}")
    if state.achievements:
        claims = ", ".join(f"{k}:P{p}" for k, p in sorted(state.achievements.items()))
        lines.append(f"Achievements: {claims}")
    if state.frames and state.frames[-1].effects:
        fr = state.frames[-1]
        lines.append(f"P{fr.player} has left to resolve: {', '.join(fr.effects)}")
    if state.choice is not None:
        c = state.choice
        about = f" ({c.arg})" if c.arg else ""
        lines.append(f"P{c.player} decides: {c.kind.value}{about}")
    elif state.phase is Phase.ACTION and not state.frames:
        lines.append(f"P{state.turn} places a meeple")
    if state.phase is Phase.OVER and state.final is not None:
        lines.append("Final: " + ", ".join(f"P{p} {v}" for p, v in enumerate(state.final)))
        result = solitaire_result(state)
        if result is not None:
            lines.append(f"Solitaire: {result[2]}")
    return "\n".join(lines)
