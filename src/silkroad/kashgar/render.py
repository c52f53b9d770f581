"""A readable text view of a Kashgar table."""

from __future__ import annotations

from silkroad.kashgar.cards import RESOURCES
from silkroad.kashgar.moves import RESOURCE_CODES
from silkroad.kashgar.rules import current_player, legal_moves, scores, winners
from silkroad.kashgar.state import State
from silkroad.kashgar.table import table

__all__ = ["render"]


def render(state: State) -> str:
    """The table: orders on display, pile sizes, then each player's tracks, orders and
    caravans (front card first, ``[id]`` after each name), and who is to act."""
    t = table(state.options)

    def card(c: int) -> str:
        face = t.face(c, c in state.turned)
        return f"{face.name}[{c}]"

    def order(o: int) -> str:
        od = t.order[o]
        assert od is not None
        cost = " ".join(f"{code}{n}" for code, n in zip(RESOURCE_CODES, od.cost, strict=True) if n)
        grain = " grain" if od.grain else ""
        return f"{od.name}[{o}] {od.kind.value} {od.vp}VP mules>={od.mules} cost {cost}{grain}"

    score = scores(state)
    if state.over:
        end = "truncated" if state.truncated else "game over"
        header = f"{state.round} rounds, {state.turns} turns played, {end}"
    else:
        header = f"round {state.round + 1}, turn {state.turns + 1}"
        header += " (end triggered: last round)" if state.end_triggered else ""
    lines = [
        f"Kashgar, {state.options.players} players, {header}",
        "Orders on display:",
        *(f"  {order(o)}" for o in state.display),
        f"Piles: standard {len(state.standard)}, discard {len(state.discard)}"
        + (f" (top: {card(state.discard[-1])})" if state.discard else "")
        + f", special {len(state.special)}, orders {len(state.order_deck)}, "
        f"set-aside Patriarch {len(state.reserve)}, removed {len(state.box)}",
        "",
        "player  " + " ".join(f"{code:>2}" for code in RESOURCE_CODES) + "   VP",
    ]
    assert len(RESOURCE_CODES) == len(RESOURCES)
    for p in range(state.options.players):
        marker = "*" if p == state.active and not state.over else " "
        track = " ".join(f"{v:>2}" for v in state.tracks[p])
        lines.append(f"{marker}P{p}     {track}  {score[p]:>3}")
        won = ", ".join(order(o).split(" mules")[0] for o in state.orders_won[p])
        lines.append(f"    orders: {won or '-'}")
        for i, caravan in enumerate(state.caravans[p]):
            lines.append(f"    caravan {i + 1}: " + (" > ".join(card(c) for c in caravan) or "-"))
    if state.truncated:
        lines.append("Game stopped without a result (truncated: no rule ended it).")
    elif state.over:
        lines.append(f"Game over. Winner(s): {', '.join(f'P{w}' for w in winners(state))}")
    else:
        who = current_player(state)
        decision = "choose a card" if state.pending is None else state.pending.kind.value
        moves = " ".join(str(m) for m in legal_moves(state))
        lines.append(f"P{who} to act ({decision}): {moves}")
    return "\n".join(lines)
