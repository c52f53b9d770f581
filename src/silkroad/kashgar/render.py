"""A readable text view of a Kashgar table, as the player to act may see it.

Lines stay within :data:`WIDTH` columns. Every card on the table is named with its id
(``Widow[44]``, the number the notation uses) and what it does, from the card data: the
player to act sees the full text of the cards in their caravans; the cards of the other
caravans and of the discard pile are explained once each under "Other cards".
"""

from __future__ import annotations

from silkroad.core.words import wrap
from silkroad.kashgar.cards import RESOURCES
from silkroad.kashgar.describe import (
    action_text,
    amounts_text,
    card_text,
    effect_text,
    order_text,
)
from silkroad.kashgar.moves import RESOURCE_CODES
from silkroad.kashgar.observe import Observation, observe
from silkroad.kashgar.rules import current_player, frame_effects, winners
from silkroad.kashgar.state import Frame, State
from silkroad.kashgar.table import Table, table
from silkroad.kashgar.vocabulary import DECISIONS

__all__ = ["WIDTH", "render", "screen", "seat"]

#: The widest line a render prints.
WIDTH = 100


def _wrap(text: str, indent: str, more: str = "") -> list[str]:
    return wrap(text, WIDTH, indent, more or indent + "    ")


def render(state: State) -> str:
    """[KG-2] The table: the orders on display (cost, mules needed, VP), the piles, every
    player's tracks, VP and orders, the caravans front card first with what each card
    does, and the decision at hand. Shown as the player to act sees it (after the
    game, everything public)."""
    viewer = current_player(state)
    obs = observe(state, 0 if viewer is None else viewer)
    return "\n".join(_lines(state, obs, viewer))


def _lines(state: State, obs: Observation, viewer: int | None) -> list[str]:
    t = table(state.options)
    n = obs.options.players

    def name(card: int) -> str:
        return f"{t.face(card, card in obs.turned).name}[{card}]"

    if obs.over:
        status = "truncated" if obs.truncated else "game over"
        head = f"Kashgar, {n} players: {obs.round} rounds, {obs.turns} turns, {status}"
    else:
        head = f"Kashgar, {n} players: round {obs.round + 1}, turn {obs.turns + 1}"
        if obs.end_triggered:
            head += " (the end is triggered: last round)"
    lines = [head, "Orders on display (fulfil: have the mules, pay the cost):"]
    for o in obs.display:
        od = t.order[o]
        assert od is not None
        lines += _wrap(f"[{o}] {order_text(od)}", "  ")
    discard = ", ".join(name(c) for c in obs.discard) or "empty"
    lines.append(
        f"Piles: Standard {obs.standard_size}, Special {obs.special_size}, orders "
        f"{obs.order_deck_size}; set-aside Patriarch: {'yes' if obs.reserve else 'in play'}; "
        f"out of the game: {len(obs.box)}"
    )
    lines += _wrap(f"Discard pile (bottom to top): {discard}", "")
    lines += ["", "player  " + " ".join(f"{c:>2}" for c in RESOURCE_CODES) + "   VP  orders"]
    for p in range(n):
        mark = ">" if p == viewer else " "
        track = " ".join(f"{v:>2}" for v in obs.tracks[p])
        vp = obs.points[p]  # [KG-7] as the cards give them at this moment
        won = ", ".join(f"{t.name[o]} {t.order_vp[o]}" for o in obs.orders_won[p]) or "-"
        lines += _wrap(f"{mark}P{p}     {track}  {vp:>3}  {won}", "", " " * 34)
    lines.append(
        "  ("
        + ", ".join(f"{c} {r.value}" for c, r in zip(RESOURCE_CODES, RESOURCES, strict=True))
        + ")"
    )
    order = [p for p in range(n) if p == viewer] + [p for p in range(n) if p != viewer]
    mine: set[str] = set()
    others: dict[str, int] = {}

    def note(card: int) -> None:
        label = t.face(card, card in obs.turned).name
        if label not in mine:
            others.setdefault(label, card)

    for p in order:
        lines.append("")
        if p == viewer:
            lines.append(f"Your caravans (P{p}), front card first:")
            for i, caravan in enumerate(obs.caravans[p]):
                lines.append(f"  caravan {i + 1}:" + ("" if caravan else " empty"))
                for k, card in enumerate(caravan):
                    lead = "    > " if k == 0 else "      "
                    lines += _note(t, card, card in obs.turned, lead, numbered=True)
                    mine.add(t.face(card, card in obs.turned).name)
            continue
        lines.append(f"P{p}'s caravans, front card first:")
        for i, caravan in enumerate(obs.caravans[p]):
            cards = " > ".join(name(c) for c in caravan) or "empty"
            lines += _wrap(f"caravan {i + 1}: {cards}", "  ", "      ")
            for card in caravan:
                note(card)
    for card in obs.discard:
        note(card)
    if others:
        lines += ["", "Other cards on the table (not in your caravans):"]
        for card in others.values():
            lines += _note(t, card, card in obs.turned, "  ", numbered=False)
    lines += _private(t, obs, viewer)
    lines.append("")
    lines += _status(state, obs, viewer)
    return lines


def _note(t: Table, card: int, turned: bool, lead: str, *, numbered: bool) -> list[str]:
    """The lines of a card's words after ``lead`` (``[id]`` first when ``numbered``),
    kept in the table (:attr:`Table.notes`): the same for every state of a game."""
    key = (card, turned, lead, numbered)
    lines = t.notes.get(key)
    if lines is None:
        text = card_text(t, card, turned)
        if numbered:
            lines = _wrap(f"[{card}] {text}", lead, " " * 10)
        else:
            lines = _wrap(text, "  ", "      ")
        t.notes[key] = lines
    return lines


def _private(t: Table, obs: Observation, viewer: int | None) -> list[str]:
    """What the player to act holds or knows: cards looked at, cards under a deck."""
    lines: list[str] = []
    pending = obs.pending
    if viewer is not None and pending is not None and pending.player == viewer and pending.cards:
        lines += ["", "In your hand (looked at):"]
        for card in pending.cards:
            lines += _wrap(f"[{card}] {card_text(t, card, card in obs.turned)}", "  ", " " * 6)
    if viewer is not None and obs.known:
        lines += ["", "You know, under the decks:"]
        for k in obs.known:
            pile = "Special deck" if k.deck.value == "special" else "order deck"
            where = f"{pile}, card {k.index + 1} from the top"
            lines += _wrap(
                f"[{k.card}] {card_text(t, k.card, False)} ({where})",
                "  ",
                " " * 6,
            )
    return lines


def _status(state: State, obs: Observation, viewer: int | None) -> list[str]:
    t = table(state.options)
    if obs.truncated:
        return ["Game stopped without a result (truncated by the safeguard)."]
    if obs.over:
        return [
            f"Game over. Winner{'s' * (len(winners(state)) != 1)}: "
            + ", ".join(f"P{w}" for w in winners(state))
        ]
    pending = obs.pending
    if pending is None:
        lines = [
            f"P{viewer} to act: choose the front card of a caravan "
            "(caravan action, parting action or pass)"
        ]
    else:
        lines = [f"P{viewer} to act: {DECISIONS[pending.kind].prompt}"]
        if pending.choices:  # the alternatives of a Gain
            lines += _wrap("options: " + " / ".join(amounts_text(c) for c in pending.choices), "  ")
    if obs.stack:
        frame = obs.stack[-1]
        if frame.kind.value == "payout":
            od = t.order[frame.card]
            what = f"the payout of {od.name if od else frame.card}"
        else:
            face = t.face(frame.card, frame.turned)
            actions = face.caravan if frame.kind.value == "caravan" else face.parting
            text = action_text(actions[frame.action])
            what = f"{face.name}'s {frame.kind.value} action {frame.action + 1} ({text})"
        lines += _wrap(f"resolving {what}", "  ")
    for frames in reversed(obs.suspended):  # [KG-8] the next to go on first
        lines += _wrap(f"after this turn: {_action_words(t, frames[-1])} goes on", "  ")
    return lines


def _action_words(t: Table, frame: Frame) -> str:
    """The action of ``frame`` in words, with its effects still to come."""
    rest = "; ".join(effect_text(e) for e in frame_effects(t, frame)[frame.step :]) or "nothing"
    if frame.kind.value == "payout":
        od = t.order[frame.card]
        return f"the payout of {od.name if od else frame.card} ({rest})"
    face = t.face(frame.card, frame.turned)
    return f"{face.name}'s {frame.kind.value} action {frame.action + 1} ({rest})"


def _cut(line: str) -> str:
    return line if len(line) <= WIDTH else line[: WIDTH - 1].rstrip() + "…"


def screen(state: State) -> str:
    """[KG-2] The compact table of ``silkroad play``, as the player to act may see it:
    the round and the piles, the decision at hand, what you hold or know, every player's
    tracks, VP and orders on a line each, the orders on display, your caravans by name,
    and the part of the table the decision is about (the discard pile to take from, the
    others' caravans to place in). Every card in full, the others' caravans and the
    discard pile are in :func:`render` and :func:`seat`."""
    viewer = current_player(state)
    obs = observe(state, 0 if viewer is None else viewer)
    t = table(state.options)
    n = obs.options.players

    def name(card: int) -> str:
        return f"{t.face(card, card in obs.turned).name}[{card}]"

    head = (
        f"Kashgar, {n} players: "
        + (
            f"{obs.round} rounds, game over"
            if obs.over
            else f"round {obs.round + 1}, turn {obs.turns + 1}"
            + (" (the end is triggered: last round)" if obs.end_triggered else "")
        )
        + f" · piles: Standard {obs.standard_size}, Special {obs.special_size}, "
        f"orders {obs.order_deck_size}"
    )
    lines = [_cut(head), *_status(state, obs, viewer)]
    lines += [line for line in _private(t, obs, viewer) if line]  # what you hold or know
    lines.append("player  " + " ".join(f"{c:>2}" for c in RESOURCE_CODES) + "   VP  orders won")
    for p in range(n):
        mark = ">" if p == viewer else " "
        track = " ".join(f"{v:>2}" for v in obs.tracks[p])
        won = ", ".join(f"{t.name[o]} {t.order_vp[o]}" for o in obs.orders_won[p]) or "-"
        lines.append(_cut(f"{mark}P{p}     {track}  {obs.points[p]:>3}  {won}"))
    lines.append("Orders on display (fulfil: have the mules, pay the cost):")
    for o in obs.display:
        od = t.order[o]
        assert od is not None
        lines += _wrap(f"[{o}] {order_text(od)}", "  ")
    pending = obs.pending
    words = None if pending is None else DECISIONS[pending.kind]
    top = f", top {name(obs.discard[-1])}" if obs.discard else ""
    if words is not None and words.shows_discard:
        cards = ", ".join(name(c) for c in obs.discard) or "empty"
        lines += _wrap(f"Discard pile (bottom to top): {cards}", "")
    else:
        lines.append(f"Discard pile: {len(obs.discard)} card{'s' * (len(obs.discard) != 1)}{top}")
    if viewer is not None:
        lines.append(f"Your caravans (P{viewer}), front card first ('table' for every card):")
        for i, caravan in enumerate(obs.caravans[viewer]):
            cards = " > ".join(name(c) for c in caravan) or "empty"
            lines += _wrap(f"caravan {i + 1}: {cards}", "  ", "      ")
    if viewer is not None and words is not None and words.other_caravans:
        for p in range(n):
            if p == viewer:
                continue
            caravans = "; ".join(
                f"{i + 1}: " + (" > ".join(name(c) for c in caravan) or "empty")
                for i, caravan in enumerate(obs.caravans[p])
            )
            lines += _wrap(f"P{p}'s caravans: {caravans}", "", "      ")
    return "\n".join(lines)


def seat(state: State, player: int) -> str:
    """[KG-2] One player's area as the player to act may see it: tracks, VP, orders won
    and caravans, front card first, every card with what it does."""
    viewer = current_player(state)
    obs = observe(state, 0 if viewer is None else viewer)
    t = table(state.options)
    you = " (you)" if player == viewer else ""
    lines = [f"P{player}{you}: {obs.points[player]} VP"]
    lines += _wrap(
        "tracks: "
        + ", ".join(f"{r.value} {v}" for r, v in zip(RESOURCES, obs.tracks[player], strict=True)),
        "  ",
    )
    won = ", ".join(f"{t.name[o]} ({t.order_vp[o]} VP)" for o in obs.orders_won[player])
    lines += _wrap(f"orders won: {won or 'none'}", "  ")
    lines.append("  caravans, front card first:")
    for i, caravan in enumerate(obs.caravans[player]):
        lines.append(f"  caravan {i + 1}:" + ("" if caravan else " empty"))
        for k, card in enumerate(caravan):
            lead = "    > " if k == 0 else "      "
            lines += _wrap(f"[{card}] " + card_text(t, card, card in obs.turned), lead, " " * 10)
    return "\n".join(lines)


# The compact table and the one-seat view that ``silkroad play`` shows (see
# silkroad.cli.screen): carried by ``render``, the function every game has.
render.__dict__.update(screen=screen, seat=seat)
