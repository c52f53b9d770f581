"""Cards, moves and events of Kashgar in words, generated from the card data.

The texts of :func:`card_text`, :func:`order_text` and :func:`action_text` are built from
the [KG-7] effect vocabulary of the data, so a user's own card file reads as well as the
built-in one. :func:`describe_move` says what a move does (``silkroad play`` prints it),
:func:`describe_events` what followed it without a decision (cards drawn, an order
revealed, tracks changed, the end triggered), as a given player may know it, and
:func:`card_texts` gives the full text of every card a player can see.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from silkroad.core.position import CardNames
from silkroad.core.serialize import to_data
from silkroad.kashgar.cards import (
    RESOURCES,
    Action,
    DeckKind,
    Effect,
    Face,
    OrderDef,
    Resource,
    amount_text,
)
from silkroad.kashgar.moves import (
    CaravanAction,
    Fulfill,
    Gain,
    Keep,
    Move,
    PartingAction,
    Pass,
    Place,
    Remove,
    Take,
)
from silkroad.kashgar.observe import Observation, observe
from silkroad.kashgar.rules import apply, current_player, left_of, scores
from silkroad.kashgar.state import Decision, Frame, Options, State
from silkroad.kashgar.table import Table, table
from silkroad.kashgar.vocabulary import CARAVAN_DECISIONS, EFFECTS, amounts_text

__all__ = [
    "action_text",
    "amounts_text",
    "card_text",
    "card_texts",
    "describe_events",
    "describe_move",
    "effect_text",
    "face_text",
    "observation_words",
    "order_text",
]


def effect_text(e: Effect) -> str:
    """[KG-7] One effect in words: ``gain 1 mule or 1 gold``, ``draw 2 Standard cards,
    keep 1``, ``fulfil 1 small order for free`` (the effect's record's words)."""
    return EFFECTS[e.op].text(e)


def action_text(action: Action) -> str:
    """[KG-4.A] [KG-4.B] An action in words: its cost, then its effects in order."""
    parts = [effect_text(e) for e in action.effects] or ["nothing"]
    if any(action.cost):
        parts.insert(0, f"pay {amounts_text(action.cost)}")
    return "; ".join(parts)


def _vp(face: Face) -> str:
    if face.vp_per_grain:
        base = f"{face.vp} + " if face.vp else ""
        return f"{base}{face.vp_per_grain} VP per grain-field order"
    return f"{face.vp} VP"


def face_text(face: Face) -> str:
    """[KG-3] A card's side in full: name, VP, every caravan and parting action."""
    parts = [f"{face.name}{' !' if face.must_act else ''} ({_vp(face)})"]
    if face.must_act:
        parts.append("cannot be passed")
    for kind, actions in (("caravan", face.caravan), ("parting", face.parting)):
        for i, action in enumerate(actions):
            parts.append(f"{kind} action {i + 1}: {action_text(action)}")
    if not face.caravan and not face.parting:
        parts.append("no action")
    return "; ".join(parts[:1]) + (": " + " | ".join(parts[1:]) if parts[1:] else "")


def card_text(t: Table, card: int, turned: bool) -> str:
    """The full text of a person card (the side showing; the other side named) or of an
    order."""
    od = t.order[card]
    if od is not None:
        return order_text(od)
    text = face_text(t.face(card, turned))
    other = t.front[card] if turned else t.back[card]
    if other is not None and t.back[card] is not None:
        text += f" (other side: {other.name})"
    return text


def order_text(od: OrderDef) -> str:
    """[KG-5.1] An order in full: kind, VP, mules needed, cost, payout."""
    grain = ", grain field" if od.grain else ""
    text = (
        f"{od.name} ({od.kind.value} order{grain}, {od.vp} VP): needs "
        f"{amount_text(Resource.MULES, od.mules)}, costs {amounts_text(od.cost)}"
    )
    if od.payout:
        text += "; then " + "; ".join(effect_text(e) for e in od.payout)
    return text


# --------------------------------------------------------------------------- moves


def describe_move(state: State, move: Move, viewer: int | None = None) -> str:
    """What ``move`` does in ``state``, in words: the card and its action from the card
    data ("Widow, caravan action 1: pay 2 pepper; gain 1 gold"). Nothing a move does in
    Kashgar is hidden from other players (``viewer`` changes nothing)."""
    del viewer
    t = table(state.options)
    player = current_player(state)

    def name(card: int) -> str:
        return t.face(card, card in state.turned).name

    def front(caravan: int) -> tuple[int, Face] | None:
        if player is None or caravan >= len(state.caravans[player]):
            return None
        cards = state.caravans[player][caravan]
        return (cards[0], t.face(cards[0], cards[0] in state.turned)) if cards else None

    pending = state.pending
    match move:
        case CaravanAction(caravan, action) | PartingAction(caravan, action):
            got = front(caravan)
            if got is None:
                return str(move)
            _, face = got
            parting = isinstance(move, PartingAction)
            actions = face.parting if parting else face.caravan
            kind = "parting" if parting else "caravan"
            text = action_text(actions[action]) if action < len(actions) else "?"
            where = "leaves the game" if parting else f"to the back of caravan {caravan + 1}"
            return f"{face.name}, {kind} action {action + 1} ({where}): {text}"
        case Pass(caravan):
            got = front(caravan)
            label = got[1].name if got else "the front card"
            return f"{label} passes, to the back of caravan {caravan + 1}"
        case Gain(amounts):
            return f"gains {amounts_text(amounts)}"
        case Keep(card):
            frame = state.stack[-1] if state.stack else None
            where = f" at the back of caravan {frame.caravan + 1}" if frame else ""
            if pending is not None and pending.kind is Decision.SEARCH:
                return f"takes {name(card)} from the Special cards{where}"
            if pending is None or pending.kind is Decision.KEEP:
                return f"keeps {name(card)}{where}"
            return f"chooses {name(card)}"  # a decision with no words of its own
        case Take(card):
            return f"takes {name(card)} from the discard pile"
        case Fulfill(order):
            if order is None:
                return "fulfils no order"
            od = t.order[order]
            if od is None:
                return str(move)
            free = pending is not None and bool(pending.keep)
            paid = "for free" if free else f"paying {amounts_text(od.cost)}"
            payout = "; then " + "; ".join(effect_text(e) for e in od.payout) if od.payout else ""
            return f"fulfils {od.name} ({od.vp} VP), {paid}{payout}"
        case Remove(card):
            if card is None:
                return "removes no card"
            return f"removes {name(card)} from the game"
        case Place(caravan):
            return _place(state, t, caravan)
    return str(move)  # type: ignore[unreachable]  # a malformed move object


def _place(state: State, t: Table, caravan: int) -> str:
    pending = state.pending
    if pending is None:
        return f"caravan {caravan + 1}"
    p = pending.player
    if pending.kind is Decision.PLACE_PATRIARCH:
        if caravan >= len(state.caravans[p]):
            return f"starts caravan {caravan + 1} with the set-aside Patriarch"
        return f"puts the set-aside Patriarch at the back of caravan {caravan + 1}"
    if pending.kind is Decision.PLACE_LEFT:
        frame = state.stack[-1]
        left = left_of(state.options.players, p)
        mover = t.face(frame.card, frame.card in state.turned).name
        return f"puts {mover} at the back of P{left}'s caravan {caravan + 1}"
    if pending.kind is not Decision.HERD:  # a decision with no words of its own
        return f"chooses caravan {caravan + 1}"
    lifted = pending.cards[0] if pending.cards else None
    what = t.face(lifted, lifted in state.turned).name if lifted is not None else "the card"
    source = pending.sources[0] + 1 if pending.sources else "?"
    return f"moves {what} (front of caravan {source}) to the back of caravan {caravan + 1}"


# --------------------------------------------------------------------------- events


def _zones(state: State) -> dict[int, str]:
    """Where each card is, in words."""
    where: dict[int, str] = {}
    for p, caravans in enumerate(state.caravans):
        for i, caravan in enumerate(caravans):
            for card in caravan:
                where[card] = f"P{p}'s caravan {i + 1}"
    for p, won in enumerate(state.orders_won):
        for o in won:
            where[o] = f"P{p}'s orders"
    for field, label in (
        ("standard", "the Standard deck"),
        ("discard", "the discard pile"),
        ("special", "the Special deck"),
        ("order_deck", "the order deck"),
        ("display", "the order display"),
        ("starting", "the Starting cards"),
        ("reserve", "the side (set-aside Patriarch)"),
        ("box", "out of the game"),
    ):
        for card in getattr(state, field):
            where[card] = label
    if state.pending is not None:
        for card in state.pending.cards:
            where[card] = f"P{state.pending.player}'s hand (looked at)"
    return where


_HIDDEN_ZONES = ("the Standard deck", "the Special deck", "the order deck", "the Starting cards")


def _known(state: State, viewer: int | None, card: int, zone: str) -> bool:
    """Whether ``viewer`` may know which card lies in ``zone``."""
    if viewer is None:
        return True
    if zone in _HIDDEN_ZONES:
        return card in state.knowledge[viewer]
    if zone.endswith("(looked at)"):
        return state.pending is not None and state.pending.player == viewer
    return True


def describe_events(state: State, move: Move, viewer: int | None = None) -> tuple[str, ...]:
    """What follows ``move`` in ``state`` without a decision, as ``viewer`` may know it
    (None: everything): cards moved from zone to zone by the effects (drawn, discarded,
    revealed on the display, put under a deck: named when the viewer may know them,
    counted otherwise), track and VP changes, an extra turn, the end triggered, the
    game over."""
    after = apply(state, move)
    t = table(state.options)
    before_zones, after_zones = _zones(state), _zones(after)
    items = list(after_zones.items())
    if viewer is not None:  # [KG-7] the order of a hidden pile is secret: cards by id
        items = [i for i in items if i[1] not in _HIDDEN_ZONES] + sorted(
            i for i in items if i[1] in _HIDDEN_ZONES
        )
    moved: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for card, zone in items:
        old = before_zones.get(card)
        if old is None or old == zone:
            continue
        label = t.face(card, card in after.turned).name if t.order[card] is None else t.name[card]
        public = old not in _HIDDEN_ZONES and not old.endswith("(looked at)")
        seen = _known(after, viewer, card, zone)
        if public and not seen and zone not in _HIDDEN_ZONES:
            # [KG-7] from an open pile to a hand the viewer cannot see: the pile was
            # shuffled into its deck and the card drawn from there, which one unseen
            deck = (
                "the Special deck" if t.deck_of[card] is DeckKind.SPECIAL else "the Standard deck"
            )
            moved.setdefault((old, deck), []).append((card, label))
            moved.setdefault((deck, zone), []).append((card, ""))
            continue
        known = seen or public
        if old.endswith("(looked at)") and not known:
            known = _known(state, viewer, card, old)
        moved.setdefault((old, zone), []).append((card, label if known else ""))
    lines: list[str] = []
    for (old, zone), cards in moved.items():
        if viewer is not None and zone in _HIDDEN_ZONES:
            cards = sorted(cards)
        labels = [label for _, label in cards]
        named = [x for x in labels if x]
        hidden = len(labels) - len(named)
        parts = ", ".join(named)
        if hidden:
            parts += (", " if parts else "") + f"{hidden} card{'s' * (hidden != 1)}"
        lines.append(f"{parts}: {old} -> {zone}")
    for p in range(state.options.players):
        change = [
            f"{r.value} {a} -> {b}"
            for r, a, b in zip(RESOURCES, state.tracks[p], after.tracks[p], strict=True)
            if a != b
        ]
        if change:
            lines.append(f"P{p}: " + ", ".join(change))
    old_vp, new_vp = scores(state), scores(after)
    for p, (a, b) in enumerate(zip(old_vp, new_vp, strict=True)):
        if a != b:
            lines.append(f"P{p}: VP {a} -> {b}")
    if after.extra_turns > state.extra_turns:
        lines.append(f"P{after.active} will take another turn")
    if len(after.suspended) > len(state.suspended):
        lines.append(
            f"P{after.active} takes another turn now; the rest of the action follows when "
            "it is over"
        )
    elif len(after.suspended) < len(state.suspended):
        lines.append(f"P{state.active}'s other turn is over: the action that gave it goes on")
    if after.end_triggered and not state.end_triggered:
        lines.append("25 VP reached: the end is triggered, this round is the last")
    if after.over and not state.over:
        if after.truncated:
            lines.append("the game is stopped by the safeguard, without a result")
        else:
            lines.append("the round is complete: the game is over")
    return tuple(lines)


# --------------------------------------------------------------------------- cards


def card_texts(state: State, player: int) -> dict[str, str]:
    """The full text of every card ``player`` can see (caravans, orders on display and
    won, the discard pile, the set-aside Patriarch, cards out of the game, cards they
    hold or put under a deck), by id, by name and by key, in lower case."""
    obs: Observation = observe(state, player)
    t = table(state.options)
    seen: list[int] = [c for caravans in obs.caravans for car in caravans for c in car]
    seen += [o for won in obs.orders_won for o in won]
    seen += [*obs.display, *obs.discard, *obs.reserve, *obs.box]
    seen += [k.card for k in obs.known]
    if obs.pending is not None:
        seen += list(obs.pending.cards)
    out: dict[str, str] = {}
    for card in seen:
        turned = card in obs.turned
        text = card_text(t, card, turned)
        # [KG-3] a two-sided card: its full text is both sides, and the side not
        # showing answers to its own name
        other = None if t.back[card] is None else t.front[card] if turned else t.back[card]
        if t.order[card] is None and other is not None:
            text += "\n  other side: " + face_text(other)
        out[str(card)] = text
        names = {t.name[card], t.defs[card].key}
        if t.order[card] is None:
            names.add(t.face(card, turned).name)
        for n in names:
            out.setdefault(n.lower(), text)
        if other is not None:
            showing = t.face(card, turned).name
            out.setdefault(other.name.lower(), f"{face_text(other)} (the other side of {showing})")
    return out


# --------------------------------------------------------------------------- observations


@functools.lru_cache(maxsize=16)
def _names(options: Options) -> CardNames:
    t = table(options)
    return CardNames([d.key for d in t.defs], t.name)


def observation_words(observation: Observation) -> dict[str, Any]:
    """[KG-2] The observation's fields as JSON data (the options left out), with every
    card and order named as positions name it: its data key, ``key#n`` for one of several
    copies (the OpenSpiel strings are these)."""
    n = _names(observation.options).name
    out = {k: v for k, v in to_data(observation, Observation).items() if k != "options"}

    def cards(ids: Iterable[int]) -> list[str]:
        return [n[c] for c in ids]

    def frame(f: Frame) -> dict[str, Any]:
        data: dict[str, Any] = to_data(f, Frame)
        data["card"] = n[f.card]
        return data

    out["caravans"] = [[cards(c) for c in side] for side in observation.caravans]
    out["orders_won"] = [cards(won) for won in observation.orders_won]
    for key in ("discard", "display", "reserve", "box"):
        out[key] = cards(getattr(observation, key))
    out["turned"] = cards(sorted(observation.turned))
    out["known"] = [
        {"deck": k.deck.value, "index": k.index, "card": n[k.card]} for k in observation.known
    ]
    pending = observation.pending
    if pending is not None:
        data = out["pending"]
        data["cards"] = cards(pending.cards)
        if pending.kind not in CARAVAN_DECISIONS:
            data["options"] = cards(pending.options)
    out["stack"] = [frame(f) for f in observation.stack]
    out["suspended"] = [[frame(f) for f in stack] for stack in observation.suspended]
    return out
