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
from pyrsistent.typing import PSet

from silkroad.core.errors import StateError
from silkroad.core.position import (
    FORMAT_VERSION,
    REQUIRED,
    CardInfo,
    CardNames,
    CardResolver,
    Fields,
    Filled,
    Moved,
    check_derived,
    dump,
    failing_at,
    fill_zones,
    options_data,
    parse,
    read_options,
    read_rng,
    read_start,
    rng_data,
)
from silkroad.kashgar.cards import RESOURCES, Amounts, DeckKind, Effect, Op
from silkroad.kashgar.check import DECISION_OPS, end_flags_problem, offered, validate
from silkroad.kashgar.describe import card_text
from silkroad.kashgar.rules import (
    CAPS,
    MAX_CARAVANS,
    VP_GOAL,
    frame_effects,
    left_of,
    new_game,
    others,
    scores,
)
from silkroad.kashgar.state import Decision, Frame, FrameKind, Options, Pending, State
from silkroad.kashgar.table import Table, table
from silkroad.kashgar.vocabulary import CARAVAN_DECISIONS, DECISIONS

__all__ = [
    "SUPPLY",
    "bare_table",
    "fill_position",
    "from_position",
    "lookup",
    "names",
    "to_position",
]

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


@functools.lru_cache(maxsize=16)
def names(options: Options) -> CardNames:
    """The card names of the card table of ``options``: ``names(o).name[id]`` is how
    positions and records name card ``id`` (``grocer``, ``patriarch#3``),
    ``names(o).ids[key]`` the ids of a data key's copies."""
    t = table(options)
    return CardNames([d.key for d in t.defs], t.name)


def lookup(query: str | int, options: Options | None = None) -> CardInfo:
    """[KG-1] A card as positions, the notation and the engine show it, found by its data
    key (``"planter"``), its printed name in any case (``"Large Order"``), a numbered
    copy (``"patriarch#3"``) or its id (``57``, as in ``Keep(57)`` and the state's
    zones): the key, the printed name, its deck, every copy's name and id, and its text
    (both faces of a Patriarch). ``options`` default to a 2-player base game; ids depend
    on them (the expansion cards come before the Special cards).

    :raises UnknownCardError: for a name or id of no card of the game.
    """
    opts = options if options is not None else _defaults(None)
    t = table(opts)
    n = names(opts)
    key, copy = n.find(query)
    ids = tuple(n.ids[key])
    first = ids[0]
    text = card_text(t, first, False)
    if t.back[first] is not None:
        text += f"; turned: {card_text(t, first, True)}"
    return CardInfo(
        key=key,
        name=t.name[first],
        deck=t.deck_of[first].value,
        copies=tuple(n.name[i] for i in ids),
        ids=ids,
        text=text,
        id=copy,
    )


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
    words = DECISIONS[pending.kind].position(pending, cards)
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

#: The zones of the supply (docs/scenarios.md, "the filling rule"): a bare card key takes
#: its copy from one of these first.
SUPPLY = ("piles.standard", "piles.special", "piles.orders", "piles.starting", "piles.removed")

#: Each kind of card's own pile, where a card left without a place goes.
_HOME = {
    DeckKind.STANDARD: "piles.standard",
    DeckKind.EXPANSION: "piles.standard",
    DeckKind.SPECIAL: "piles.special",
    DeckKind.ORDERS: "piles.orders",
    DeckKind.STARTING: "piles.starting",
    DeckKind.PATRIARCH: "piles.removed",
}


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


def bare_table(options: Options, seed: int) -> State:
    """[KG-2] The bare table a position may be filled from (``setup = "bare"``): the
    decks shuffled from ``seed`` as for a game, but nothing dealt. No caravans, no order
    on display, no Patriarch set aside: every Patriarch in the box, every Starting card
    in the Starting pile, the orders in the order pile (those the setup would have put on
    display on top); every track at 3 and no points. Not a state to play from as it is
    (nobody has a card): a position names the caravans it is about."""
    state = new_game(options, seed)
    t = table(options)
    dealt = [c for caravans in state.caravans for caravan in caravans for c in caravan]
    patriarchs = [c for c in dealt if t.deck_of[c] is DeckKind.PATRIARCH]
    starting = [c for c in dealt if t.deck_of[c] is DeckKind.STARTING]
    n = options.players
    return attrs.evolve(
        state,
        caravans=pvector(pvector() for _ in range(n)),
        box=pvector([*state.reserve, *patriarchs, *state.box]),
        reserve=pvector(),
        starting=pvector([*starting, *state.starting]),
        order_deck=pvector([*state.display, *state.order_deck]),
        display=pvector(),
        points=(0,) * n,
        active=0,
        start_player=0,
    )


def from_position(text: str, options: Options | None = None) -> State:
    """[KG-2] The state a position describes; what it leaves out comes from the seeded
    setup of its options (or a bare table), the cards it names taken from the supply
    first (docs/scenarios.md, "the filling rule").

    :raises DataError: for text that is not TOML, or a position of another game.
    :raises StateError: naming the field and the rule, for a position that cannot be a
        Kashgar state (a card in two places or none, a card with no free copy, a track
        out of range, an unknown card, a seat that does not exist, a decision that cannot
        arise, a value that contradicts the one the rules derive).
    """
    return _read(text, options, None)


def fill_position(text: str, options: Options | None = None) -> Filled:
    """[KG-2] :func:`from_position`, with what the filling rule moved to make the state:
    the cards named and taken from a zone the position does not give, and the cards left
    without a place (each a :class:`~silkroad.core.position.Moved`)."""
    moved: list[Moved] = []
    state = _read(text, options, moved)
    return Filled(state, tuple(moved))


#: The counters and flags of the state read under their field's name, the start's value
#: when left out: every field of :class:`State` that is an int or a bool but the seats
#: (``active``, ``start_player``, read as seats with their derived defaults).
_PLAIN = tuple(
    a.name
    for a in attrs.fields(State)
    if getattr(a.type, "__name__", a.type) in ("int", "bool")  # a name, or the type
    and a.name not in ("active", "start_player")
)


def _read(text: str, options: Options | None, report: list[Moved] | None) -> State:
    doc = Fields(parse(text, "kashgar"))
    doc.get("game", str, None)
    doc.get("format", int, None)
    opts: Options = read_options(doc, Options, _defaults, options)
    base: State = read_start(doc, opts, new_game, bare_table)
    t = table(opts)
    n = opts.players
    # the zones the position gives, with the names it gives (read before any card is
    # placed: a bare key takes its copy from the supply, then from these zones)
    named, tops = _piles_given(doc)
    seats, player_fields, caravan_count = _seats_given(doc, base, named)
    pending_fields = doc.table("pending") if "pending" in doc else None
    if pending_fields is not None and "cards" in pending_fields:
        named["pending.cards"] = (pending_fields.get("cards", list), pending_fields.name("cards"))
    r, zones = _place_cards(text, base, t, named, tops, report)
    caravans = [
        pvector(pvector(zones[_caravan_zone(p, i)]) for i in range(caravan_count[p]))
        for p in range(n)
    ]
    placed = [c for cards in zones.values() for c in cards]
    tracks, knowledge, vp_given = _players(player_fields, base, r, placed)
    seats.finish()
    turned = pset(
        r.ref(v, doc.failing(f"turned[{i}]"), [c for c in placed if c < t.persons])
        for i, v in enumerate(doc.array("turned", []))
    )
    plain: dict[str, Any] = {
        name: doc.flag(name, getattr(base, name))
        if isinstance(getattr(base, name), bool)
        else doc.integer(name, getattr(base, name))
        for name in _PLAIN
    }
    start_player, active = _seats(doc, t, r, caravans, plain, pending_fields is not None)
    orders_won = [zones[f"player.{p}.orders"] for p in range(n)]
    context = _Context(r, t, placed, n, caravans, zones["piles.removed"], orders_won, active)
    stack, suspended = _stacks(doc, context, pending_fields)
    piles: dict[str, Any] = {attr: pvector(zones[f"piles.{k}"]) for k, attr in PILES.items()}
    state = attrs.evolve(
        base,
        rng=read_rng(doc) if "rng" in doc else base.rng,
        tracks=pvector(tracks),
        caravans=pvector(caravans),
        orders_won=pvector(pvector(orders) for orders in orders_won),
        **piles,
        turned=turned,
        knowledge=pvector(knowledge),
        active=active,
        start_player=start_player,
        **plain,
        history=tuple(
            _seat(Fields({"h": h}, doc.name(f"history[{i}]")), "h", 0, n)
            for i, h in enumerate(doc.array("history", list(base.history)))
        ),
        pending=None,
        stack=tuple(stack),
        suspended=tuple(suspended),
    )
    if pending_fields is not None:
        state = _with_pending(doc, pending_fields, context, state, zones["pending.cards"])
    state = _with_points(doc, state, t, vp_given)
    doc.get("rules_version", str, None)
    doc.finish()
    validate(state)
    return state


def _piles_given(doc: Fields) -> tuple[dict[str, tuple[list[Any], str]], list[str]]:
    """The piles the position gives (``[piles]``): each pile's names and where they are
    written, and the piles given by their ``top`` only (the setup pile below them)."""
    named: dict[str, tuple[list[Any], str]] = {}
    tops: list[str] = []
    piles = doc.table("piles", {})
    for name in PILES:
        if name in piles:
            value = piles.get(name, (list, dict))
            if isinstance(value, dict):  # { top = [...] }: these first, then the setup pile
                top = Fields(value, piles.name(name))
                named[f"piles.{name}"] = (top.array("top"), top.name("top"))
                top.finish()
                tops.append(f"piles.{name}")
            else:
                named[f"piles.{name}"] = (value, piles.name(name))
    piles.finish()
    return named, tops


def _seats_given(
    doc: Fields, base: State, named: dict[str, tuple[list[Any], str]]
) -> tuple[Fields, dict[int, Fields], list[int]]:
    """The seats the position gives (``[player.N]``): their fields, and the caravans and
    orders they name (into ``named``); how many caravans each player has."""
    n = base.options.players
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
                named[_caravan_zone(p, i)] = ([], pf.name(f"caravans[{i}]"))
            for i, caravan in enumerate(caravans):
                named[_caravan_zone(p, i)] = (caravan, pf.name(f"caravans[{i}]"))
            caravan_count[p] = len(caravans)
        if "orders" in pf:
            named[f"player.{p}.orders"] = (pf.get("orders", list), pf.name("orders"))
    return seats, player_fields, caravan_count


def _place_cards(
    text: str,
    base: State,
    t: Table,
    named: dict[str, tuple[list[Any], str]],
    tops: list[str],
    report: list[Moved] | None,
) -> tuple[CardResolver, dict[str, list[int]]]:
    """[KG-1] Every card in its zone: those the position names where it names them (each
    once), the others where the start has them, or in their own pile (the filling
    rule, docs/scenarios.md)."""
    setup: dict[str, list[int]] = {f"piles.{k}": list(getattr(base, a)) for k, a in PILES.items()}
    for p in range(base.options.players):
        for i, caravan in enumerate(base.caravans[p]):
            setup[_caravan_zone(p, i)] = list(caravan)
        setup[f"player.{p}.orders"] = list(base.orders_won[p])
    setup["pending.cards"] = []
    replaced = {zone for zone in named if zone not in tops}
    r = CardResolver(names(base.options), text, setup=setup, supply=SUPPLY, replaced=replaced)
    where: dict[int, str] = {}

    def place(values: Any, path: str) -> list[int]:
        if not isinstance(values, list):
            raise StateError(f"{path}: must be an array of card names, got {values!r}")
        out = []
        for i, value in enumerate(values):
            spot = f"{path}[{i}]"
            card = r.card(value, failing_at(spot), spot)
            if card in where:
                raise StateError(
                    f"{spot}: {r.n.name[card]} is also at {where[card]} "
                    "(KG-1: every card is in exactly one place)"
                )
            where[card] = spot
            out.append(card)
        return out

    given = {zone: place(values, path) for zone, (values, path) in named.items()}
    zones = fill_zones(
        setup,
        given,
        lambda c: _HOME[t.deck_of[c]],
        spare=lambda c: None if t.deck_of[c] is DeckKind.ORDERS else "piles.removed",
        label=r.n.name.__getitem__,
        tops=tops,
        report=report,
    )
    return r, zones


def _players(
    player_fields: dict[int, Fields], base: State, r: CardResolver, placed: Sequence[int]
) -> tuple[list[Amounts], list[PSet[int]], dict[int, int]]:
    """Per player: tracks, VP (checked once the state is read), the cards they know."""
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
    return tracks, knowledge, vp_given


def _seat(fields: Fields, key: str, default: int, n: int) -> int:
    """A seat of the ``n`` players, ``default`` when left out."""
    return fields.integer(key, default, high=n - 1, rule=f"a seat of the {n} players")


def _seats(
    doc: Fields,
    t: Table,
    r: CardResolver,
    caravans: Sequence[Any],
    plain: dict[str, Any],
    pending: bool,
) -> tuple[int, int]:
    """[KG-4] The start player (the owner of the lowest Starting card in the caravans,
    derived before the game is under way) and the active player (the first action's,
    else the start player)."""
    n = len(caravans)
    under_way = plain["turns"] > 0 or plain["round"] > 0 or "stack" in doc or pending
    starter = _starter(t, caravans)
    if starter is not None and not under_way:
        card, start = starter
        why = (
            f"KG-4: the lowest-ranked Starting card in a caravan, {r.n.name[card]} "
            f"(rank {t.rank[card]}), is player {start}'s"
        )
        start_player = check_derived(doc, "start_player", start, why)
        _seat(doc, "start_player", start_player, n)
    else:
        fallback = starter[1] if starter is not None else doc.get("active", int, 0)
        start_player = _seat(doc, "start_player", fallback, n)
    explicit = [f["player"] for f in _tables(doc, "stack") if isinstance(f.get("player"), int)]
    active = _seat(doc, "active", explicit[0] if explicit else start_player, n)
    return start_player, active


def _stacks(
    doc: Fields, context: _Context, pending_fields: Fields | None
) -> tuple[list[Frame], list[tuple[Frame, ...]]]:
    """[KG-4] [KG-8] The actions being resolved (``[[stack]]``, the top last) and those
    an extra turn suspended (``[[suspended]]``)."""
    frames_data = _tables(doc, "stack")
    stack: list[Frame] = []
    for i, f in enumerate(frames_data):
        last = i == len(frames_data) - 1
        decision = (
            pending_fields.get("decision", str, "") if last and pending_fields is not None else None
        )
        stack.append(_frame(Fields(f, f"stack[{i}]"), context, stack, decision))
    suspended = []
    for i, group in enumerate(_tables(doc, "suspended")):
        fields = Fields(group, doc.name(f"suspended[{i}]"))
        frames: list[Frame] = []
        for k, f in enumerate(_tables(fields, "stack")):
            frames.append(_frame(Fields(f, fields.name(f"stack[{k}]")), context, frames, None))
        suspended.append(tuple(frames))
        fields.finish()
    return stack, suspended


def _with_pending(
    doc: Fields, fields: Fields, context: _Context, state: State, cards: Sequence[int]
) -> State:
    """[KG-7] [KG-8] ``state`` with the pending decision the position gives."""
    fields.text("decision", choices=list(_DECISIONS))
    if not state.stack:
        raise doc.fail(
            "pending",
            "a decision needs the action that asks for it: give [[stack]] (at least its card)",
        )
    return attrs.evolve(state, pending=_pending(fields, context, state, cards))


def _with_points(doc: Fields, state: State, t: Table, vp_given: dict[int, int]) -> State:
    """[KG-7] The points are those the cards and orders give at this moment (a VP given
    must be it); [KG-6] the end is triggered once a player has 25 VP, derived when left
    out."""
    computed = scores(state)
    for p, vp in vp_given.items():
        if vp != computed[p]:
            raise StateError(
                f"player.{p}.vp: {vp} given, but {computed[p]} derived (KG-7: the points of "
                "the cards in the caravans and the orders won, at this moment)"
            )
    state = attrs.evolve(state, points=computed)
    if "end_triggered" not in doc.data:
        state = attrs.evolve(state, end_triggered=max(computed) >= VP_GOAL)
    problem = end_flags_problem(state, t)
    if problem is not None:
        raise StateError(problem)
    return state


def _caravan_zone(player: int, caravan: int) -> str:
    """The name of a caravan in positions and in the filling report."""
    return f"player.{player}.caravans[{caravan}]"


def _starter(t: Table, caravans: Sequence[Any]) -> tuple[int, int] | None:
    """[KG-4] The lowest-ranked Starting card in a caravan and its owner, if any."""
    found = [
        (t.rank[c] or 0, p, c)
        for p, rows in enumerate(caravans)
        for caravan in rows
        for c in caravan
        if t.deck_of[c] is DeckKind.STARTING
    ]
    if not found:
        return None
    _, player, card = min(found)
    return card, player


def _tables(doc: Fields, key: str) -> list[Any]:
    values = doc.array(key, [])
    for i, v in enumerate(values):
        if not isinstance(v, dict):
            raise doc.fail(f"{key}[{i}]", f"must be a table, got {v!r}")
    return values


@attrs.frozen
class _Context:
    """What the stack and the pending decision are read against."""

    r: CardResolver
    t: Table
    placed: Sequence[int]
    players: int
    caravans: Sequence[Any]
    box: Sequence[int]
    orders: Sequence[Sequence[int]]
    active: int


def _frame(f: Fields, c: _Context, below: Sequence[Frame], decision: str | None) -> Frame:
    """[KG-4] An action being resolved. Left out: ``player`` is the active player,
    ``kind`` a caravan action (an order's payout for an order), ``caravan`` the
    player's caravan holding the card (for a payout, the caravan of the action below it),
    ``action`` 1, ``turned`` false, and ``step`` the effect that asks for the pending
    decision (for the top action; for any other, just after its Fulfill effect). A bare
    card key names the copy where the action leaves it: in the player's caravans, in the
    box (a parting action), among the player's orders (a payout)."""
    t, n = c.t, c.players
    player = f.integer("player", c.active, high=n - 1, rule=f"a seat of the {n} players")
    card_name = f.get("card", str)
    fail = f.failing("card")
    key = c.r.key_of(card_name.split("#", 1)[0]) if isinstance(card_name, str) else None
    is_order = key is not None and t.order[c.r.n.ids[key][0]] is not None
    default_kind = FrameKind.PAYOUT if is_order else FrameKind.CARAVAN
    kind = FrameKind(f.text("kind", default_kind.value, choices=[k.value for k in FrameKind]))
    rows = c.caravans[player]
    if kind is FrameKind.PAYOUT:
        orders = [x for x in c.placed if t.order[x] is not None]
        own = [x for x in c.orders[player] if x in orders]
        card = c.r.ref(card_name, fail, _preferred(c, card_name, own, orders))
    else:
        persons = list(range(t.persons))
        near = [x for row in rows for x in row] if kind is FrameKind.CARAVAN else list(c.box)
        card = c.r.ref(card_name, fail, _preferred(c, card_name, near, persons))
    caravan_default: Any = REQUIRED
    if kind is FrameKind.PAYOUT and below:
        caravan_default = below[-1].caravan + 1
    elif kind is FrameKind.CARAVAN:
        holding = [i for i, row in enumerate(rows) if card in row]
        if holding:
            caravan_default = holding[0] + 1
    caravan = (
        f.integer(
            "caravan", caravan_default, low=1, high=MAX_CARAVANS, rule="KG-4: caravans 1 to 4"
        )
        - 1
    )
    action = f.integer("action", 1, low=1, high=9) - 1
    turned = f.flag("turned", False)
    frame = Frame(player, caravan, card, kind, action, turned, 0)
    if decision in _DECISIONS:
        step_default = _asking_step(t, frame, Decision(decision))
    else:  # an action below an order's payout: just after its Fulfill
        effects = _effects(t, frame)
        step_default = next((i + 1 for i, e in enumerate(effects) if e.op is Op.FULFILL), 0)
    step = f.integer("step", step_default, high=99)
    f.finish()
    return attrs.evolve(frame, step=step)


def _preferred(c: _Context, name: str, near: Sequence[int], among: Sequence[int]) -> Sequence[int]:
    """Where a reference by a bare key looks: ``near`` when a copy is there (the place
    the action leaves its card), else ``among``; a numbered copy is looked for in
    ``among``."""
    key = c.r.key_of(name) if "#" not in name else None
    if key is not None and any(x in near for x in c.r.n.ids[key]):
        return near
    return among


def _asking_step(t: Table, frame: Frame, decision: Decision) -> int:
    """The step (from 1) of the first effect of ``frame``'s action that asks for
    ``decision`` (a Gain: an increase with alternatives), or 0 when none does."""
    op = DECISION_OPS[decision]
    for i, e in enumerate(_effects(t, frame)):
        if e.op is op and (decision is not Decision.GAIN or len(set(e.choices)) > 1):
            return i + 1
    return 0


#: The words of the decisions.
_DECISIONS = tuple(d.value for d in Decision)


def _effects(t: Table, frame: Frame) -> tuple[Effect, ...]:
    """The effects of ``frame``'s action, or none when the card has no such action (the
    reader's checks then say what is wrong)."""
    try:
        return frame_effects(t, frame)
    except (IndexError, AssertionError):
        return ()


def _pending(f: Fields, c: _Context, state: State, cards_given: Sequence[int]) -> Pending:
    """[KG-7] [KG-8] The pending decision. Left out, a value is what the rules give the
    decision the effect on top of the stack asks for: ``player`` the acting player (for
    a Herder, the next opponent), ``deck``, ``keep``, ``choices``, the Herder's
    ``queue`` and ``sources``, and ``options``: those the rules offer (a value given must
    be it)."""
    t, n = c.t, c.players
    kind = Decision(f.text("decision", choices=list(_DECISIONS)))
    frame = state.stack[-1]
    effects = _effects(t, frame)
    effect = effects[frame.step - 1] if 1 <= frame.step <= len(effects) else None
    cards = tuple(cards_given)
    herd = kind is Decision.HERD
    player = f.integer(
        "player",
        left_of(n, frame.player) if herd else frame.player,
        high=n - 1,
        rule=f"a seat of the {n} players",
    )
    deck_default = ""
    keep_default = 0
    choices_default: tuple[Amounts, ...] = ()
    if effect is not None:
        if kind is Decision.KEEP and effect.deck is not None:
            deck_default = effect.deck.value
            keep_default = max(1, min(effect.keep, len(cards) - 1))
        elif kind is Decision.SEARCH:
            deck_default = DeckKind.SPECIAL.value
        elif kind is Decision.FULFILL:
            deck_default = DeckKind.ORDERS.value if effect.from_deck else ""
            keep_default = int(effect.free)
        elif kind is Decision.GAIN:
            choices_default = tuple(dict.fromkeys(effect.choices))
    deck_name = f.text("deck", deck_default, choices=[d.value for d in DeckKind])
    keep = f.integer("keep", keep_default, high=9)
    choices = (
        tuple(
            _amounts_of(Fields({"c": x}, f.name(f"choices[{i}]")), "c", (0,) * 7, caps=False)
            for i, x in enumerate(f.array("choices"))
        )
        if "choices" in f
        else choices_default
    )
    opponents = others(n, frame.player)
    queue_default = opponents[opponents.index(player) + 1 :] if herd and player in opponents else []
    queue = tuple(
        Fields({"q": q}, f.name(f"queue[{i}]")).integer("q", high=n - 1)
        for i, q in enumerate(f.array("queue", queue_default))
    )
    sources = tuple(
        Fields({"s": s}, f.name(f"sources[{i}]")).integer("s", low=1, high=MAX_CARAVANS) - 1
        for i, s in enumerate(
            f.array("sources", [i + 1 for i in range(len(cards))] if herd else [])
        )
    )
    hidden = f.integer("hidden", 0, high=0, rule="a state holds every card it shows")
    pending = Pending(
        kind=kind,
        player=player,
        cards=cards,
        choices=choices,
        keep=keep,
        deck=DeckKind(deck_name) if deck_name else None,
        queue=queue,
        sources=sources,
        hidden=hidden,
    )
    rules_offer = (
        offered(state, pending) if effect is not None and effect.op is DECISION_OPS[kind] else None
    )
    values = f.get("options", list, None)
    if values is None:
        if rules_offer is None:
            raise f.fail(
                "options",
                f"missing, and no {kind.value} decision arises here (the action on top of "
                "the stack does not ask for it at its step)",
            )
        options = rules_offer
    else:
        options = _options_given(f, c, kind, values, state, cards)
        if rules_offer is not None and options != rules_offer:
            shown = _shown(c, kind, options)
            offer = _shown(c, kind, rules_offer)
            raise f.fail(
                "options",
                f"{shown} given, but the rules offer {offer} here (KG-7: the options are "
                "those of the effect on top of the stack)",
            )
    f.finish()
    return attrs.evolve(pending, options=options)


def _shown(c: _Context, kind: Decision, options: Sequence[int]) -> list[Any]:
    """Options as a position writes them."""
    if kind in CARAVAN_DECISIONS:
        return [o + 1 for o in options]
    return [c.r.n.name[o] for o in options]


def _options_given(
    f: Fields, c: _Context, kind: Decision, values: list[Any], state: State, cards: Sequence[int]
) -> tuple[int, ...]:
    """The options a position gives, read by kind: caravans (from 1) or cards."""
    if kind in CARAVAN_DECISIONS:
        return tuple(
            Fields({"o": v}, f.name(f"options[{i}]")).integer(
                "o", low=1, high=MAX_CARAVANS, rule="KG-4: caravans 1 to 4"
            )
            - 1
            for i, v in enumerate(values)
        )
    t = c.t
    if kind in (Decision.KEEP, Decision.FULFILL) and cards:
        among: list[int] = list(cards)
    elif kind is Decision.TAKE:
        among = list(state.discard)
    elif kind is Decision.SEARCH:
        among = [
            *state.special,
            *(x for x in state.discard if t.deck_of[x] is DeckKind.SPECIAL),
        ]
    elif kind is Decision.FULFILL:
        among = list(state.display)
    elif kind is Decision.REMOVE:
        top = state.stack[-1]
        rows = state.caravans[top.player]
        among = list(rows[top.caravan]) if top.caravan < len(rows) else []
    else:
        among = list(c.placed)
    return tuple(c.r.ref(v, f.failing(f"options[{i}]"), among) for i, v in enumerate(values))
