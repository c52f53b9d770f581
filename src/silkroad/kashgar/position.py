"""[KG-2] Kashgar positions: a state as TOML a person can read and write.

Cards are named by their data key (``"grocer"``, ``"large_01_large_order"``); a kind with
several copies numbers them (``"patriarch#3"``), so a position names a state exactly, and
a hand-written one may leave the number off (the lowest copy the position does not name
otherwise). The printed name is accepted too when only one kind has it. Tracks are named
(``{ ginger = 3, mules = 2 }``), players are seats from 0 (``[player.0]``), caravans and
actions are numbered from 1 as in the notation, and the pending decision is a word of
:class:`~silkroad.kashgar.state.Decision` (``decision = "keep"``).

A position may be partial: what it leaves out comes from the seeded setup of its options
(``seed``, default 0), and the cards it names are moved out of the places they had there
(:func:`silkroad.core.position.fill_zones`; ``docs/scenarios.md``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs
from pyrsistent import pset, pvector

from silkroad.core.errors import StateError
from silkroad.core.position import (
    FORMAT_VERSION,
    CardNames,
    CardResolver,
    Fields,
    dump,
    failing_at,
    fill_zones,
    options_data,
    parse,
    read_options,
    read_rng,
    read_seed,
    rng_data,
)
from silkroad.kashgar.cards import RESOURCES, Amounts, DeckKind
from silkroad.kashgar.check import validate
from silkroad.kashgar.rules import CAPS, MAX_CARAVANS, new_game, scores
from silkroad.kashgar.state import Decision, Frame, FrameKind, Options, Pending, State
from silkroad.kashgar.table import Table, table

__all__ = ["from_position", "to_position"]

TRACKS: tuple[str, ...] = tuple(r.value for r in RESOURCES)

#: Pile name in a position -> state field.
PILES: dict[str, str] = {
    "standard": "standard",
    "discard": "discard",
    "special": "special",
    "orders": "order_deck",
    "display": "display",
    "starting": "starting",
    "reserve": "reserve",
    "removed": "box",
}
#: Decisions whose options are caravans (numbered from 1), not cards.
CARAVAN_DECISIONS = (Decision.PLACE_PATRIARCH, Decision.PLACE_LEFT, Decision.HERD)


@functools.lru_cache(maxsize=16)
def names(options: Options) -> CardNames:
    """The card names of the card table of ``options``."""
    t = table(options)
    return CardNames([d.key for d in t.defs], t.name)


# --------------------------------------------------------------------------- writing


def _amounts(values: Amounts) -> dict[str, int]:
    return {name: v for name, v in zip(TRACKS, values, strict=True) if v}


def _decision_words(state: State, n: CardNames) -> str:
    pending = state.pending
    if state.over:
        return "the game is over" + (" (truncated by the safeguard)" if state.truncated else "")
    if pending is None:
        return f"P{state.active} to choose a caravan action, a parting action or a pass"
    cards = ", ".join(n.name[c] for c in pending.cards)
    words = {
        Decision.GAIN: "which alternative of the increase to take",
        Decision.KEEP: f"which {pending.keep} of the drawn cards to keep ({cards})",
        Decision.SEARCH: "which Special card to keep",
        Decision.TAKE: "which card of the discard pile to take",
        Decision.FULFILL: "which order to fulfill" + (" (free)" if pending.keep else ""),
        Decision.REMOVE: "which card of the caravan to remove, if any",
        Decision.PLACE_PATRIARCH: "where the set-aside Patriarch goes",
        Decision.PLACE_LEFT: "which caravan of the left player receives the card",
        Decision.HERD: f"which caravan receives the lifted front card ({cards})",
    }[pending.kind]
    return f"P{pending.player} to decide {words}"


def to_position(state: State) -> str:
    """[KG-2] The whole of ``state`` as a position (``from_position`` reads it back equal)."""
    n = names(state.options)
    players: dict[str, Any] = {}
    for p in range(state.options.players):
        entry: dict[str, Any] = {
            "vp": state.points[p],
            "tracks": dict(zip(TRACKS, state.tracks[p], strict=True)),
            "caravans": [[n.name[c] for c in caravan] for caravan in state.caravans[p]],
            "orders": [n.name[o] for o in state.orders_won[p]],
        }
        if state.knowledge[p]:
            entry["knows"] = sorted((n.name[c] for c in state.knowledge[p]), key=_order(n))
        players[str(p)] = entry
    document: dict[str, Any] = {
        "game": "kashgar",
        "format": FORMAT_VERSION,
        "round": state.round,
        "turns": state.turns,
        "active": state.active,
        "start_player": state.start_player,
        "extra_turns": state.extra_turns,
        "end_triggered": state.end_triggered,
        "over": state.over,
        "truncated": state.truncated,
        "history": list(state.history),
        "turned": sorted((n.name[c] for c in state.turned), key=_order(n)),
        "options": options_data(state.options, _defaults),
        "rng": rng_data(state.rng),
        "piles": {name: [n.name[c] for c in getattr(state, attr)] for name, attr in PILES.items()},
        "player": players,
    }
    if state.pending is not None:
        document["pending"] = _pending_data(state.pending, n)
    if state.stack:
        document["stack"] = [_frame_data(f, n) for f in state.stack]
    if state.suspended:
        document["suspended"] = [
            {"stack": [_frame_data(f, n) for f in frames]} for frames in state.suspended
        ]
    comments = [
        f"Kashgar position: {_decision_words(state, n)}",
        "Cards by data key (copies numbered key#n), seats from 0, caravans from 1;",
        "piles top first, the discard pile last on top. See docs/scenarios.md.",
    ]
    return dump(document, comments)


def _order(n: CardNames) -> Any:
    index = {name: i for i, name in enumerate(n.name)}
    return lambda name: index[name]


def _pending_data(pending: Pending, n: CardNames) -> dict[str, Any]:
    out: dict[str, Any] = {"decision": pending.kind.value, "player": pending.player}
    if pending.cards:
        out["cards"] = [n.name[c] for c in pending.cards]
    if pending.kind in CARAVAN_DECISIONS:
        out["options"] = [o + 1 for o in pending.options]
    elif pending.options:
        out["options"] = [n.name[o] for o in pending.options]
    if pending.choices:
        out["choices"] = [_amounts(a) for a in pending.choices]
    if pending.keep:
        out["keep"] = pending.keep
    if pending.deck is not None:
        out["deck"] = pending.deck.value
    if pending.queue:
        out["queue"] = list(pending.queue)
    if pending.sources:
        out["sources"] = [s + 1 for s in pending.sources]
    if pending.hidden:
        out["hidden"] = pending.hidden
    return out


def _frame_data(frame: Frame, n: CardNames) -> dict[str, Any]:
    return {
        "player": frame.player,
        "caravan": frame.caravan + 1,
        "card": n.name[frame.card],
        "kind": frame.kind.value,
        "action": frame.action + 1,
        "turned": frame.turned,
        "step": frame.step,
    }


def _defaults(players: int | None) -> Options:
    """The base game's options (as ``GAME.default_options``)."""
    return Options.create(2 if players is None else players)


# --------------------------------------------------------------------------- reading


def _amounts_of(
    fields: Fields, key: str, base: Amounts, *, low: int = 0, caps: bool = True
) -> Amounts:
    table_ = fields.table(key)
    values = list(base)
    for i, name in enumerate(TRACKS):
        if name in table_:
            high = CAPS[i] if caps else None
            values[i] = table_.integer(name, low=low, high=high, rule="KG-1: track range")
    table_.finish()
    a, b, c, d, e, f, g = values
    return (a, b, c, d, e, f, g)


def from_position(text: str, options: Options | None = None) -> State:
    """[KG-2] The state a position describes; what it leaves out comes from the seeded
    setup of its options, the cards it names moved out of their setup places.

    :raises DataError: for text that is not TOML, or a position of another game.
    :raises StateError: naming the field and the rule, for a position that cannot be a
        Kashgar state (a card in two places or none, a track out of range, an unknown
        card, a seat that does not exist, a decision that cannot arise).
    """
    doc = Fields(parse(text, "kashgar"))
    doc.get("game", str, None)
    doc.get("format", int, None)
    opts: Options = read_options(doc, Options, _defaults, options)
    base = new_game(opts, read_seed(doc))
    t = table(opts)
    n = opts.players
    r = CardResolver(names(opts), text)
    where: dict[int, str] = {}

    def place(values: Any, path: str) -> list[int]:
        if not isinstance(values, list):
            raise StateError(f"{path}: must be an array of card names, got {values!r}")
        out = []
        for i, value in enumerate(values):
            spot = f"{path}[{i}]"
            card = r.card(value, failing_at(spot))
            if card in where:
                raise StateError(
                    f"{spot}: {r.n.name[card]} is also at {where[card]} "
                    "(KG-1: every card is in exactly one place)"
                )
            where[card] = spot
            out.append(card)
        return out

    # Zones: the setup's, and those the position gives.
    setup: dict[str, list[int]] = {f"piles.{k}": list(getattr(base, a)) for k, a in PILES.items()}
    for p in range(n):
        for i, caravan in enumerate(base.caravans[p]):
            setup[f"player.{p}.caravan.{i}"] = list(caravan)
        setup[f"player.{p}.orders"] = list(base.orders_won[p])
    setup["pending.cards"] = []
    given: dict[str, list[int]] = {}

    piles = doc.table("piles", {})
    tops: list[str] = []
    for name in PILES:
        if name in piles:
            value = piles.get(name, (list, dict))
            if isinstance(value, dict):  # { top = [...] }: these first, then the setup pile
                top = Fields(value, piles.name(name))
                given[f"piles.{name}"] = place(top.array("top"), top.name("top"))
                top.finish()
                tops.append(f"piles.{name}")
            else:
                given[f"piles.{name}"] = place(value, piles.name(name))
    piles.finish()

    seats = doc.table("player", {})
    for key in list(seats.data):
        if not (key.isdigit() and int(key) < n):
            raise seats.fail(key, f"no such seat: a {n}-player game has seats 0 to {n - 1}")
    player_fields: dict[int, Fields] = {}
    caravan_count = [len(base.caravans[p]) for p in range(n)]
    for p in range(n):
        if str(p) not in seats:
            continue
        pf = seats.table(str(p))
        player_fields[p] = pf
        if "caravans" in pf:
            caravans = pf.array("caravans")
            if len(caravans) > MAX_CARAVANS:
                raise pf.fail(
                    "caravans", f"{len(caravans)} caravans (KG-4: at most {MAX_CARAVANS})"
                )
            for i in range(max(caravan_count[p], len(caravans))):
                given[f"player.{p}.caravan.{i}"] = []
            for i, caravan in enumerate(caravans):
                given[f"player.{p}.caravan.{i}"] = place(caravan, pf.name(f"caravans[{i}]"))
            caravan_count[p] = len(caravans)
        if "orders" in pf:
            given[f"player.{p}.orders"] = place(pf.get("orders", list), pf.name("orders"))

    pending_fields = doc.table("pending") if "pending" in doc else None
    if pending_fields is not None and "cards" in pending_fields:
        given["pending.cards"] = place(
            pending_fields.get("cards", list), pending_fields.name("cards")
        )

    for zone in tops:
        given[zone] += [c for c in setup[zone] if c not in where]
    home = {
        DeckKind.STANDARD: "piles.standard",
        DeckKind.EXPANSION: "piles.standard",
        DeckKind.SPECIAL: "piles.special",
        DeckKind.ORDERS: "piles.orders",
        DeckKind.STARTING: "piles.starting",
        DeckKind.PATRIARCH: "piles.removed",
    }
    zones = fill_zones(
        setup,
        given,
        lambda c: home[t.deck_of[c]],
        spare=lambda c: None if t.deck_of[c] is DeckKind.ORDERS else "piles.removed",
        label=r.n.name.__getitem__,
    )
    caravans = [
        pvector(pvector(zones[f"player.{p}.caravan.{i}"]) for i in range(caravan_count[p]))
        for p in range(n)
    ]
    placed = [c for cards in zones.values() for c in cards]

    # Per player: tracks, VP, knowledge.
    tracks = list(base.tracks)
    knowledge = list(base.knowledge)
    vp_given: dict[int, int] = {}
    for p, pf in player_fields.items():
        if "tracks" in pf:
            tracks[p] = _amounts_of(pf, "tracks", base.tracks[p])
        if "vp" in pf:
            vp_given[p] = pf.integer("vp", low=None)
        if "knows" in pf:
            knowledge[p] = pset(
                r.ref(v, pf.failing(f"knows[{i}]"), placed) for i, v in enumerate(pf.array("knows"))
            )
        pf.finish()
    seats.finish()

    turned = pset(
        r.ref(v, doc.failing(f"turned[{i}]"), [c for c in placed if c < t.persons])
        for i, v in enumerate(doc.array("turned", []))
    )

    def seat(fields: Fields, key: str, default: int) -> int:
        return fields.integer(key, default, high=n - 1, rule=f"a seat of the {n} players")

    stack = tuple(
        _frame(Fields(f, f"stack[{i}]"), r, t, placed, n)
        for i, f in enumerate(_tables(doc, "stack"))
    )
    suspended = []
    for i, group in enumerate(_tables(doc, "suspended")):
        fields = Fields(group, doc.name(f"suspended[{i}]"))
        suspended.append(
            tuple(
                _frame(Fields(f, fields.name(f"stack[{k}]")), r, t, placed, n)
                for k, f in enumerate(_tables(fields, "stack"))
            )
        )
        fields.finish()
    pending = None
    if pending_fields is not None:
        pending = _pending(pending_fields, r, t, zones, caravans, n, stack)

    state = attrs.evolve(
        base,
        rng=read_rng(doc) if "rng" in doc else base.rng,
        tracks=pvector(tracks),
        caravans=pvector(caravans),
        orders_won=pvector(pvector(zones[f"player.{p}.orders"]) for p in range(n)),
        standard=pvector(zones["piles.standard"]),
        discard=pvector(zones["piles.discard"]),
        special=pvector(zones["piles.special"]),
        order_deck=pvector(zones["piles.orders"]),
        display=pvector(zones["piles.display"]),
        starting=pvector(zones["piles.starting"]),
        reserve=pvector(zones["piles.reserve"]),
        box=pvector(zones["piles.removed"]),
        turned=turned,
        knowledge=pvector(knowledge),
        active=seat(doc, "active", base.active),
        start_player=seat(doc, "start_player", base.start_player),
        round=doc.integer("round", base.round),
        turns=doc.integer("turns", base.turns),
        extra_turns=doc.integer("extra_turns", base.extra_turns),
        end_triggered=doc.flag("end_triggered", base.end_triggered),
        over=doc.flag("over", base.over),
        truncated=doc.flag("truncated", base.truncated),
        history=tuple(
            seat(Fields({"h": h}, doc.name(f"history[{i}]")), "h", 0)
            for i, h in enumerate(doc.array("history", list(base.history)))
        ),
        pending=pending,
        stack=stack,
        suspended=tuple(suspended),
    )
    computed = scores(state)
    state = attrs.evolve(state, points=tuple(vp_given.get(p, computed[p]) for p in range(n)))
    doc.get("rules_version", str, None)
    doc.finish()
    validate(state)
    return state


def _tables(doc: Fields, key: str) -> list[Any]:
    values = doc.array(key, [])
    for i, v in enumerate(values):
        if not isinstance(v, dict):
            raise doc.fail(f"{key}[{i}]", f"must be a table, got {v!r}")
    return values


def _frame(f: Fields, r: CardResolver, t: Table, placed: Sequence[int], n: int) -> Frame:
    kind = FrameKind(f.text("kind", choices=[k.value for k in FrameKind]))
    card = f.get("card", str)
    fail = f.failing("card")
    if kind is FrameKind.PAYOUT:
        card_id = r.ref(card, fail, [c for c in placed if t.order[c] is not None])
    else:
        card_id = r.ref(card, fail, list(range(t.persons)))
    frame = Frame(
        player=f.integer("player", high=n - 1, rule=f"a seat of the {n} players"),
        caravan=f.integer("caravan", low=1, high=MAX_CARAVANS, rule="KG-4: caravans 1 to 4") - 1,
        card=card_id,
        kind=kind,
        action=f.integer("action", low=1, high=9) - 1,
        turned=f.flag("turned", False),
        step=f.integer("step", 0, high=99),
    )
    f.finish()
    return frame


def _pending(
    f: Fields,
    r: CardResolver,
    t: Table,
    zones: dict[str, list[int]],
    caravans: Sequence[Any],
    n: int,
    stack: tuple[Frame, ...],
) -> Pending:
    kind = Decision(f.text("decision", choices=[d.value for d in Decision]))
    player = f.integer("player", high=n - 1, rule=f"a seat of the {n} players")
    cards = tuple(zones["pending.cards"])
    deck_name = f.text("deck", "", choices=[d.value for d in DeckKind])
    keep = f.integer("keep", 0, high=9)
    choices = tuple(
        _amounts_of(Fields({"c": c}, f.name(f"choices[{i}]")), "c", (0,) * 7, caps=False)
        for i, c in enumerate(f.array("choices", []))
    )
    discard = zones["piles.discard"]
    if kind in CARAVAN_DECISIONS:
        default: Any = None
        values = f.get("options", list, default)
        if values is None:
            raise f.fail(
                "options", f"missing: a {kind.value} decision lists the caravans to choose"
            )
        options = tuple(
            Fields({"o": v}, f.name(f"options[{i}]")).integer(
                "o", low=1, high=MAX_CARAVANS, rule="KG-4: caravans 1 to 4"
            )
            - 1
            for i, v in enumerate(values)
        )
    else:
        if kind in (Decision.KEEP, Decision.FULFILL) and cards:
            among: list[int] = list(cards)
            fallback: Any = cards
        elif kind is Decision.TAKE:
            among, fallback = list(discard), tuple(sorted(set(discard)))
        elif kind is Decision.SEARCH:
            special = [
                *zones["piles.special"],
                *(c for c in discard if t.deck_of[c] is DeckKind.SPECIAL),
            ]
            among, fallback = special, tuple(sorted(special))
        elif kind is Decision.FULFILL:
            among, fallback = list(zones["piles.display"]), None
        elif kind is Decision.REMOVE and stack:
            top = stack[-1]
            caravan = (
                list(caravans[top.player][top.caravan])
                if top.caravan < len(caravans[top.player])
                else []
            )
            among, fallback = caravan, tuple(c for c in caravan if c != top.card)
        else:
            among, fallback = [c for cs in zones.values() for c in cs], None
        values = f.get("options", list, None)
        if values is None:
            if fallback is None and kind is not Decision.GAIN:
                raise f.fail("options", f"missing: a {kind.value} decision lists what to choose")
            options = tuple(fallback or ())
        else:
            options = tuple(
                r.ref(v, f.failing(f"options[{i}]"), among) for i, v in enumerate(values)
            )
    pending = Pending(
        kind=kind,
        player=player,
        cards=cards,
        options=options,
        choices=choices,
        keep=keep,
        deck=DeckKind(deck_name) if deck_name else None,
        queue=tuple(
            Fields({"q": q}, f.name(f"queue[{i}]")).integer("q", high=n - 1)
            for i, q in enumerate(f.array("queue", []))
        ),
        sources=tuple(
            Fields({"s": s}, f.name(f"sources[{i}]")).integer("s", low=1, high=MAX_CARAVANS) - 1
            for i, s in enumerate(f.array("sources", []))
        ),
        hidden=f.integer("hidden", 0, high=0, rule="a state holds every card it shows"),
    )
    f.finish()
    return pending
