"""A readable text view of the Serica table, as the player to act may see it.

Lines stay within :data:`WIDTH` columns. Every card is said in words from its data
(costs, VP, strength, ability); the table shows the production points left in phase 1,
which Empire abilities were used this round and what is readied, both players' fields
and caravans, and the decision at hand.
"""

from __future__ import annotations

from silkroad.core.words import wrap
from silkroad.serica.cards import OWN_GOODS, CardDef, CardType
from silkroad.serica.describe import EMPIRES, card_text, goods_text
from silkroad.serica.observe import HIDDEN, Observation, observe
from silkroad.serica.rules import current_player, field_strength
from silkroad.serica.state import (
    COOP_GOAL,
    FIELD_DEPTH,
    ROUND_EFFECTS,
    PendingKind,
    State,
    Step,
)
from silkroad.serica.table import Table, table
from silkroad.serica.vocabulary import ABILITIES, DECISIONS, STEPS

__all__ = ["WIDTH", "render", "screen", "seat"]

#: The widest line a render prints.
WIDTH = 100


def _wrap(text: str, indent: str = "", more: str | None = None) -> list[str]:
    follow = indent + "    " if more is None else more
    return wrap(text, WIDTH, indent, follow) or [""]


def _note(t: Table, card: int, mark: str, indent: str) -> list[str]:
    """The lines of a card's words after ``indent`` (and ``mark``, an Empire card's "used"
    star or a space), kept in the table (:attr:`Table.notes`): the same in every state."""
    key = (card, mark, indent)
    lines = t.notes.get(key)
    if lines is None:
        text = card_text(t.card[card])
        if mark:
            lines = _wrap(f"{mark} {text}", indent, indent + "      ")
        else:
            lines = _wrap(text, indent, indent + "    ")
        t.notes[key] = lines
    return lines


def render(state: State) -> str:
    """[SR-3] The table: the Crossroads with every card's costs and ability, then each
    side (VP, supply, artisans, shipment, Empire with the abilities used this round,
    fields, caravans, piles), the turn so far and the decision at hand."""
    viewer = current_player(state)
    obs = observe(state, state.active if viewer is None else viewer)
    lines = _lines(state, obs, viewer)
    return "\n".join(lines)


def _lines(state: State, obs: Observation, viewer: int | None) -> list[str]:
    t = table(obs.options)
    mode = "co-op" if obs.options.coop else "competitive"
    over = ", game over" if obs.step is Step.OVER else ""
    lines = [f"Serica ({mode}), round {obs.round}{over}"]
    lines.append(
        f"Crossroads (draw pile {obs.cross_pile_size}, discarded this turn "
        f"{len(obs.cross_discard)}):"
    )
    for c in obs.crossroads:
        lines += _note(t, c, "", "  ")
    if obs.options.coop:
        lines += _wrap(_coop_goal(t, obs), "", "  ")
    for p in (viewer if viewer is not None else 0, 1 - (viewer if viewer is not None else 0)):
        lines.append("")
        lines += _side(state, t, obs, p, p == viewer)
    lines.append("")
    lines += _status(t, obs, viewer)
    return lines


def _coop_goal(t: Table, obs: Observation) -> str:
    """[SR-7] The shared goal and how far each side is."""
    if obs.coop_won:
        return "Co-op goal met: you win together when the Crossroads draw pile runs out"
    han, rome = (
        sum(1 for f in obs.players[p].fields for c in f if t.card[c].type is kind)
        for p, kind in ((0, CardType.MILITARY), (1, CardType.COURT))
    )
    return (
        f"Co-op goal, before the Crossroads draw pile runs out: Han builds {COOP_GOAL} "
        f"Military cards ({han} so far), Rome {COOP_GOAL} Court cards ({rome} so far)"
    )


def _side(state: State, t: Table, obs: Observation, p: int, you: bool) -> list[str]:
    v = obs.players[p]
    used = set(obs.turn.used) if p == obs.active else set()
    strength = field_strength(state, p)
    lines = _wrap(
        f"P{p} {EMPIRES[p]}{' (you)' if you else ''}: {v.vp} VP, {v.artisans} "
        f"artisan{'s' * (v.artisans != 1)}, "
        f"supply {goods_text(v.supply)}; shipped here: {goods_text(v.shipment)}; field "
        f"strength {strength}",
    )
    lines.append(
        f"  draw pile {v.draw_size}, discard pile {len(v.discard)}"
        + (f" (top: {t.card[v.discard[-1]].name})" if v.discard else "")
    )
    lines.append("  Empire (abilities usable once a round; * used this round):")
    for c in v.empire:
        mark = "*" if c in used else " "
        lines += _note(t, c, mark, "  ")
    for i, field in enumerate(v.fields, start=1):
        cards = ", ".join(f"{t.card[c].name} (L{t.card[c].level})" for c in field) or "empty"
        room = FIELD_DEPTH - len(field)
        lines += _wrap(f"  field {i} (from the map out, {room} free): {cards}", "", " " * 6)
    for caravan in v.caravans:
        lines.append(
            f"  caravan {caravan.route}: space {caravan.position + 1} of 4, carrying "
            f"{goods_text(caravan.goods)}"
        )
    if you and v.draw_cards:
        names = ", ".join(t.card[c].name for c in v.draw_cards)
        lines += _wrap(f"  your draw pile holds (in some order): {names}", "", " " * 6)
    return lines


def _status(t: Table, obs: Observation, viewer: int | None) -> list[str]:
    if obs.step is Step.OVER:
        vp = ", ".join(f"P{p} {obs.players[p].vp} VP" for p in (0, 1))
        stop = " (truncated by the safeguard: no result)" if obs.truncated else ""
        return [f"Final{stop}: {vp}"]
    p = obs.active
    turn = obs.turn
    lines = _wrap(f"P{p} {EMPIRES[p]} to play: {STEPS[obs.step].doing}", "", "  ")
    if obs.step is Step.PRODUCE:
        goods = ", ".join(f"{g.label} {v}" for g, v in zip(OWN_GOODS[p], (1, 2, 3), strict=True))
        lines += _wrap(
            f"  production points left: {turn.pp} (costs: {goods}; artisan 1; shipped good 1)",
            "",
            " " * 6,
        )
    ready = [ABILITIES[a].text for _, a in turn.readied if a not in ROUND_EFFECTS]
    extra = []
    if turn.defense:
        extra.append(f"+{turn.defense} strength")
    if turn.outpost:
        extra.append(f"Enemy strength -{turn.outpost}")
    if ready or extra:
        lines += _wrap("  readied this turn: " + "; ".join([*extra, *ready]), "", " " * 6)
    pending = obs.pending
    if pending is not None:
        lines.append(f"  deciding: {DECISIONS[pending.kind].prompt}")
        if pending.kind is PendingKind.PAY and pending.card >= 0:
            d = t.card[pending.card]
            lines += _wrap(
                f"  buying {d.name}: {pending.count} more type{'s' * (pending.count != 1)} "
                f"of {pending.n} each",
                "",
                " " * 6,
            )
        if pending.cards and viewer == p:
            shown = ", ".join(
                f"{i + 1}. {t.card[c].name}" for i, c in enumerate(pending.cards) if c != HIDDEN
            )
            lines += _wrap(f"  viewed cards: {shown}", "", " " * 6)
    if obs.attacks:
        lines.append("  attacking: " + ", ".join(t.card[c].name for c in obs.attacks))
    return lines


def _short(d: CardDef) -> str:
    """A card in a few words: ``Warehouse (trade L1, 1 VP, build 2, buy 1/2)``."""
    if d.type is CardType.ENEMY:
        return f"{d.name} (Enemy {d.enemy_strength}, {d.enemy_vp} VP)"
    strength = f", strength {d.strength}" if d.strength else ""
    return f"{d.name} ({d.type.value} L{d.level}, {d.vp} VP{strength}, buy {d.cost})"


def screen(state: State) -> str:
    """[SR-3] The compact table of ``silkroad play``, as the player to act may see it:
    the decision at hand, the Crossroads (in full when the decision is about its cards:
    defending, an ability that takes or discards one; otherwise a few words a card, the
    moves that buy saying the rest), each side on a few lines (VP, artisans, supply,
    shipment, strength, piles, the Empire by name with the abilities used this round,
    fields, caravans) and your draw pile. Every card in full is in :func:`render` and
    :func:`seat`."""
    viewer = current_player(state)
    obs = observe(state, state.active if viewer is None else viewer)
    t = table(obs.options)
    mode = "co-op" if obs.options.coop else "competitive"
    over = ", game over" if obs.step is Step.OVER else ""
    lines = [
        f"Serica ({mode}), round {obs.round}{over} · Crossroads draw pile "
        f"{obs.cross_pile_size}, discarded this turn {len(obs.cross_discard)}"
    ]
    lines += _status(t, obs, viewer)
    pending = obs.pending
    about = obs.step is Step.DEFEND or (pending is not None and DECISIONS[pending.kind].crossroads)
    lines.append("Crossroads:" if about else "Crossroads ('card NAME' for a card in full):")
    for c in obs.crossroads:
        if about:
            lines += _note(t, c, "", "  ")
        else:
            lines.append(f"  {_short(t.card[c])}")
    if obs.options.coop:
        lines += _wrap(_coop_goal(t, obs), "", "  ")
    me = viewer if viewer is not None else 0
    for p in (me, 1 - me):
        lines += _compact_side(state, t, obs, p, p == viewer)
    return "\n".join(lines)


def _compact_side(state: State, t: Table, obs: Observation, p: int, you: bool) -> list[str]:
    v = obs.players[p]
    used = set(obs.turn.used) if p == obs.active else set()
    top = f" (top {t.card[v.discard[-1]].name})" if v.discard else ""
    lines = _wrap(
        f"P{p} {EMPIRES[p]}{' (you)' if you else ''}: {v.vp} VP, {v.artisans} "
        f"artisan{'s' * (v.artisans != 1)}, supply {goods_text(v.supply)}; shipped here: "
        f"{goods_text(v.shipment)}; strength {field_strength(state, p)}; draw pile "
        f"{v.draw_size}, discard {len(v.discard)}{top}",
        "",
        "  ",
    )
    empire = ", ".join(("*" if c in used else "") + t.card[c].name for c in v.empire) or "none"
    lines += _wrap(f"  Empire (* used this round): {empire}", "", " " * 6)
    fields = " · ".join(
        f"{i}: " + (", ".join(f"{t.card[c].name} (L{t.card[c].level})" for c in f) or "empty")
        for i, f in enumerate(v.fields, start=1)
    )
    lines += _wrap(f"  fields: {fields}", "", " " * 6)
    if v.caravans:
        caravans = "; ".join(
            f"route {c.route} at space {c.position + 1} of 4 with {goods_text(c.goods)}"
            for c in v.caravans
        )
        lines += _wrap(f"  caravans: {caravans}", "", " " * 6)
    if you and v.draw_cards:
        names = ", ".join(t.card[c].name for c in v.draw_cards)
        lines += _wrap(f"  your draw pile holds (in some order): {names}", "", " " * 6)
    return lines


def seat(state: State, player: int) -> str:
    """[SR-3] One side of the table as the player to act may see it: VP, supply,
    artisans, shipment, piles, the Empire card by card with what each does, fields and
    caravans."""
    viewer = current_player(state)
    obs = observe(state, state.active if viewer is None else viewer)
    return "\n".join(_side(state, table(obs.options), obs, player, player == viewer))


# The compact table and the one-seat view that ``silkroad play`` shows (see
# silkroad.cli.screen): carried by ``render``, the function every game has.
render.__dict__.update(screen=screen, seat=seat)
