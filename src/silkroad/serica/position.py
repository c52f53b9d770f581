"""[SR-3] Serica positions: a state as TOML a person can read and write.

Cards are named by their data key as in the notation (``"scholar"``,
``"trading-post"``); a kind with several copies numbers them (``"guard#2"``), and a
hand-written position may leave the number off. Goods are named (``{ silk = 2 }``),
players are seats: 0 the Han Dynasty, 1 the Roman Empire (``[player.0]``); fields and
routes count from 1 as in the notation, and the pending decision is a word of
:class:`~silkroad.serica.state.PendingKind` (``decision = "pay"``).

A position may be partial: what it leaves out comes from the seeded setup of its options
(``seed``, default 0) or, with ``setup = "bare"``, from :func:`bare_table`, and the cards
it names are moved out of the places they had there, a bare key taking its copy from
the Crossroads pile first (:func:`silkroad.core.position.fill_zones`;
``docs/scenarios.md``). The first player and what the rules fix of a pending decision
are derived when left out; :func:`lookup` finds a card by key, printed name, copy or id.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import attrs
from pyrsistent import pvector

from silkroad.core.errors import StateError
from silkroad.core.position import (
    FORMAT_VERSION,
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
from silkroad.core.rng import Rng
from silkroad.serica.cards import GOODS, Ability
from silkroad.serica.check import validate
from silkroad.serica.describe import card_text
from silkroad.serica.rules import (
    attack_loss,
    attack_routes,
    built_count,
    coop_goals_met,
    new_game,
)
from silkroad.serica.state import (
    BUILT_TO_END,
    CARAVAN_SIZE,
    FIELD_DEPTH,
    FIELDS,
    MAX_CARAVANS,
    ROUTE_LENGTH,
    Caravan,
    Options,
    Pending,
    PendingKind,
    PlayerState,
    State,
    Step,
    Turn,
)
from silkroad.serica.table import Table, table
from silkroad.serica.vocabulary import DECISIONS

__all__ = ["bare_table", "fill_position", "from_position", "lookup", "to_position"]

GOOD_NAMES: tuple[str, ...] = tuple(g.label for g in GOODS)
#: The zones of the supply: a bare card key takes its copy from these first.
SUPPLY = ("crossroads.pile",)
EMPIRES = ("the Han Dynasty", "the Roman Empire")


def _defaults(players: int | None) -> Options:
    """The competitive game (as ``GAME.default_options``)."""
    del players
    return Options()


@functools.lru_cache(maxsize=16)
def names(options: Options) -> CardNames:
    """The card names of the card table of ``options``."""
    t = table(options)
    return CardNames([d.key for d in t.card], [d.name for d in t.card])


def lookup(query: str | int, options: Options | None = None) -> CardInfo:
    """[SR-4] A card as positions, the notation and the engine show it, found by its data
    key (``"trading-post"``), its printed name in any case (``"Trading Post"``), a
    numbered copy (``"guard#2"``) or its id (as the state's zones hold it): the key, the
    printed name, its type, every copy's name and id, and its text. ``options`` default
    to the competitive game; ids depend on the card definitions of the options.

    :raises UnknownCardError: for a name or id of no card of the game.
    """
    opts = options if options is not None else _defaults(None)
    t = table(opts)
    n = names(opts)
    key, copy = n.find(query)
    ids = tuple(n.ids[key])
    d = t.card[ids[0]]
    return CardInfo(
        key=key,
        name=d.name,
        deck=d.type.value,
        copies=tuple(n.name[i] for i in ids),
        ids=ids,
        text=card_text(d),
        id=copy,
    )


# --------------------------------------------------------------------------- writing


def _goods(values: Sequence[int]) -> dict[str, int]:
    return dict(zip(GOOD_NAMES, values, strict=True))


def _words(state: State) -> str:
    if state.step is Step.OVER:
        return "the game is over" + (" (truncated by the safeguard)" if state.truncated else "")
    who = f"P{state.active} ({EMPIRES[state.active]})"
    if state.pending is not None:
        return f"{who} to decide: {state.pending.kind.value.replace('_', ' ')}"
    return f"{who} in the {state.step.value} step"


def _names_of(n: CardNames, ids: Sequence[int]) -> list[str]:
    return [n.name[c] for c in ids]


def _same(n: CardNames, value: Any) -> Any:
    del n
    return value


def _goods_data(n: CardNames, values: Sequence[int]) -> dict[str, int]:
    del n
    return _goods(values)


def _caravans(n: CardNames, caravans: Sequence[Caravan]) -> list[dict[str, Any]]:
    del n
    return [{"route": c.route, "position": c.position, "goods": _goods(c.goods)} for c in caravans]


#: [SR-3] Each field of a seat (``PlayerState``) as a position writes it, under the
#: field's own name, in the position's order. The secret cards are always written (a
#: position that leaves them out takes the setup's); ``known_top`` only when a card on
#: top is known ([SR-8.3] [SR-8.4]).
_SEAT_KEYS: dict[str, Callable[[CardNames, Any], Any]] = {
    "vp": _same,
    "artisans": _same,
    "supply": _goods_data,
    "shipment": _goods_data,
    "empire": _names_of,
    "draw": _names_of,
    "discard": _names_of,
    "fields": lambda n, v: [_names_of(n, f) for f in v],
    "defeated": _names_of,
    "caravans": _caravans,
    "secret": _names_of,
    "known_top": lambda n, v: list(v),
}
#: The seat fields a position leaves out when they hold nothing.
_SEAT_SPARSE = frozenset({"known_top"})
#: What the reader reads of a seat as the writer writes it: counts, goods, card zones
#: (the secret cards are cards of the draw pile, read after it).
_SEAT_NUMBERS = tuple(k for k, w in _SEAT_KEYS.items() if w is _same)
_SEAT_GOODS = tuple(k for k, w in _SEAT_KEYS.items() if w is _goods_data)
_SEAT_ZONES = tuple(k for k, w in _SEAT_KEYS.items() if w is _names_of and k != "secret")

#: [SR-3] The table's own fields (``State``) as top-level keys of a position, under the
#: field's own name, in the position's order.
_TABLE_KEYS: dict[str, Callable[[CardNames, Any], Any]] = {
    "round": _same,
    "active": _same,
    "first": _same,
    "step": lambda n, v: v.value,
    "coop_won": _same,
    "truncated": _same,
    "attacks": _names_of,
    "options": lambda n, v: options_data(v, _defaults),
    "rng": lambda n, v: rng_data(v),
}
#: [SR-3] [SR-5.4] The Crossroads fields of ``State``, as keys of ``[crossroads]``
#: (``returned``, the discards shuffled back, only when there are any).
_CROSSROADS_KEYS = {
    "crossroads": "row",
    "cross_pile": "pile",
    "cross_discard": "discard",
    "returned": "returned",
}
#: The fields of ``State`` a position writes as sections of their own.
_SECTIONS = ("turn", "players", "pending")
#: [SR-5] Each field of the turn (``Turn``) as ``[turn]`` writes it (``readied`` only
#: when an effect waits).
_TURN_KEYS: dict[str, Callable[[CardNames, Any], Any]] = {
    "pp": _same,
    "used": _names_of,
    "traded": _same,
    "defended": _same,
    "readied": lambda n, v: [{"card": n.name[c], "ability": a.value} for c, a in v],
}
_TURN_SPARSE = frozenset({"readied"})


def _every_field(cls: type, *written: Iterable[str]) -> None:
    """Stop the module at import when ``cls`` has a field no position key writes (or a
    key names no field): a field the state gains is written, or decided not to be."""
    fields = {a.name for a in attrs.fields(cast(Any, cls))}
    keys = {k for keys in written for k in keys}
    if fields != keys:
        raise TypeError(
            f"serica positions and {cls.__name__} differ: fields not written "
            f"{sorted(fields - keys)}, keys of no field {sorted(keys - fields)}"
        )


_every_field(PlayerState, _SEAT_KEYS)
_every_field(State, _TABLE_KEYS, _CROSSROADS_KEYS, _SECTIONS)
_every_field(Turn, _TURN_KEYS)


def to_position(state: State) -> str:
    """[SR-3] The whole of ``state`` as a position (``from_position`` reads it back equal)."""
    n = names(state.options)
    players: dict[str, Any] = {}
    for p, pl in enumerate(state.players):
        players[str(p)] = {
            key: write(n, getattr(pl, key))
            for key, write in _SEAT_KEYS.items()
            if key not in _SEAT_SPARSE or any(getattr(pl, key))
        }
    turn = state.turn
    turn_data: dict[str, Any] = {
        key: write(n, getattr(turn, key))
        for key, write in _TURN_KEYS.items()
        if key not in _TURN_SPARSE or getattr(turn, key)
    }
    document: dict[str, Any] = {
        "game": "serica",
        "format": FORMAT_VERSION,
        **{key: write(n, getattr(state, key)) for key, write in _TABLE_KEYS.items()},
        "crossroads": {
            key: _names_of(n, getattr(state, name))
            for name, key in _CROSSROADS_KEYS.items()
            # the discards shuffled back into the pile: known to be there (SR-5.4)
            if name != "returned" or state.returned
        },
        "turn": turn_data,
        "player": players,
    }
    if state.pending is not None:
        document["pending"] = _pending_data(state.pending, n)
    comments = [
        f"Serica position, round {state.round}: {_words(state)}",
        "Cards by data key (copies numbered key#n); seat 0 the Han Dynasty, 1 the Roman",
        "Empire; fields from the map outward; piles top first. See docs/scenarios.md.",
    ]
    return dump(document, comments)


#: The counts of a decision always written: the reader derives them when left out.
_WRITTEN = frozenset(
    [("n", PendingKind.PAY)]
    + [
        ("count", k)
        for k in (
            PendingKind.PAY,
            PendingKind.LOAD,
            PendingKind.FORT,
            PendingKind.CAPITOL,
            PendingKind.GOVERNOR,
            PendingKind.DIPLOMAT,
        )
    ]
)


def _pending_data(pending: Pending, n: CardNames) -> dict[str, Any]:
    out: dict[str, Any] = {"decision": pending.kind.value}
    if pending.card >= 0:
        out["card"] = n.name[pending.card]
    for key in ("count", "n", "smith"):
        # written when the reader would derive another value for it left out
        if getattr(pending, key) or (key, pending.kind) in _WRITTEN:
            out[key] = getattr(pending, key)
    if pending.paid:
        out["paid"] = [GOOD_NAMES[g] for g in pending.paid]
    if pending.cards:
        out["cards"] = [n.name[c] for c in pending.cards]
    if pending.routes:
        out["routes"] = list(pending.routes)
    if pending.free:
        out["free"] = True
    return out


# --------------------------------------------------------------------------- reading


def _goods_of(fields: Fields, key: str, base: Sequence[int]) -> tuple[int, ...]:
    goods = fields.table(key, {})
    values = list(base)
    for i, name in enumerate(GOOD_NAMES):
        if name in goods:
            values[i] = goods.integer(name, rule="SR-1: goods are never negative")
    goods.finish()
    return tuple(values)


def bare_table(options: Options, seed: int) -> State:
    """[SR-3] The bare table a position may be filled from (``setup = "bare"``): nothing
    dealt. Every card, the starting cards and the Empires included, is in the Crossroads
    pile, shuffled from ``seed``; no Crossroads row, no draw pile, no secret card; no
    goods, artisans, caravans or VP. The first player is ``options.first_player``, else
    the Han Dynasty (seat 0), and is active at the start of round 1. Not a state to play
    from as it is (nobody has a card): a position names the cards it is about."""
    state = new_game(options, seed)
    cards = range(table(options).n_cards)
    pile, _ = Rng.from_seed(seed).shuffle(list(cards))
    first = options.first_player if options.first_player is not None else 0
    empty = state.players[0]
    bare = attrs.evolve(
        empty,
        draw=pvector(),
        empire=pvector(),
        discard=pvector(),
        fields=((),) * FIELDS,
        secret=(),
        known_top=(0, 0),
    )
    return attrs.evolve(
        state,
        players=(bare, bare),
        crossroads=pvector(),
        cross_pile=pvector(pile),
        cross_discard=pvector(),
        active=first,
        first=first,
    )


def from_position(text: str, options: Options | None = None) -> State:
    """[SR-3] The state a position describes; what it leaves out comes from the seeded
    setup of its options (or a bare table), the cards it names moved out of their setup
    places (supply first).

    :raises DataError: for text that is not TOML, or a position of another game.
    :raises StateError: naming the field and the rule, for a position that cannot be a
        Serica state.
    """
    return _read(text, options, None)


def fill_position(text: str, options: Options | None = None) -> Filled:
    """[SR-3] :func:`from_position`, with what the filling rule moved to make the state
    (each a :class:`~silkroad.core.position.Moved`)."""
    moved: list[Moved] = []
    state = _read(text, options, moved)
    return Filled(state, tuple(moved))


def _read(text: str, options: Options | None, report: list[Moved] | None) -> State:
    """[SR-3] A position read one section at a time: the options and the table it is
    filled from, the cards it places (Crossroads, seats, a pending decision's cards),
    the zones filled, each seat's side, then the table's scalars, turn and decision."""
    doc = Fields(parse(text, "serica"))
    doc.get("game", str, None)
    doc.get("format", int, None)
    doc.get("rules_version", str, None)
    opts: Options = read_options(doc, Options, _defaults, options)
    base: State = read_start(doc, opts, new_game, bare_table)
    setup, owner = _setup_zones(base)
    # supply first: a bare key takes a Crossroads card, or one of a zone the position
    # gives, never one of another zone (Rome's starting Soldier)
    resolver = CardResolver(
        names(opts), text, setup=setup, supply=SUPPLY, replaced=_given_zones(doc.data)
    )
    places = _Places(table(opts), resolver)
    returned = _read_crossroads(doc, places)
    seats = doc.table("player", {})
    player_fields = _read_seats(seats, places)
    pending_fields = doc.table("pending") if "pending" in doc else None
    if pending_fields is not None and "cards" in pending_fields:
        cards = places.place(pending_fields.array("cards"), pending_fields.name("cards"))
        places.given["pending.cards"] = cards

    def home(card: int) -> str:
        p = owner.get(card)
        return "crossroads.pile" if p is None else f"player.{p}.draw"

    zones = fill_zones(
        setup,
        places.given,
        home,
        spare=lambda c: "crossroads.pile" if owner.get(c) is not None else None,
        label=resolver.n.name.__getitem__,
        tops=places.tops,
        report=report,
    )
    players = [
        _read_player(pl, p, player_fields.get(p), zones, resolver)
        for p, pl in enumerate(base.players)
    ]
    seats.finish()
    state = _read_table(doc, base, places, zones, (players[0], players[1]), pending_fields)
    state = attrs.evolve(
        state,
        returned=tuple(
            resolver.ref(v, failing_at(f"{returned[1]}[{i}]"), range(places.t.n_cards))
            for i, v in enumerate(returned[0])
        ),
    )
    state = _derived_end(doc, state, decided="step" in doc or pending_fields is not None)
    doc.finish()
    validate(state)
    return state


def _setup_zones(base: State) -> tuple[dict[str, list[int]], dict[int, int]]:
    """The zones of the table a position is filled from, with their cards, and the seat
    owning each card of a seat's zone."""
    setup: dict[str, list[int]] = {
        "crossroads.row": list(base.crossroads),
        "crossroads.pile": list(base.cross_pile),
        "crossroads.discard": list(base.cross_discard),
        "pending.cards": [],
    }
    owner: dict[int, int] = {}
    for p, pl in enumerate(base.players):
        for zone in _SEAT_ZONES:
            setup[f"player.{p}.{zone}"] = list(getattr(pl, zone))
        for i, f in enumerate(pl.fields):
            setup[f"player.{p}.fields.{i}"] = list(f)
        for zone in setup:
            if zone.startswith(f"player.{p}."):
                owner.update((c, p) for c in setup[zone])
    return setup, owner


class _Places:
    """[SR-1] The cards a position places, each in exactly one place: the zones given
    (``given``), the piles given by their top cards (``tops``), where each card is."""

    def __init__(self, t: Table, resolver: CardResolver) -> None:
        self.t = t
        self.r = resolver
        self.where: dict[int, str] = {}
        self.given: dict[str, list[int]] = {}
        self.tops: list[str] = []

    def place(self, values: Any, path: str) -> list[int]:
        if not isinstance(values, list):
            raise StateError(f"{path}: must be an array of card names, got {values!r}")
        out = []
        for i, value in enumerate(values):
            spot = f"{path}[{i}]"
            card = self.r.card(value, failing_at(spot), spot)
            if card in self.where:
                raise StateError(
                    f"{spot}: {self.r.n.name[card]} is also at {self.where[card]} "
                    "(SR-1: every card is in exactly one place)"
                )
            self.where[card] = spot
            out.append(card)
        return out

    def pile(self, fields: Fields, key: str, zone: str) -> None:
        """A zone given as cards, or a pile as ``{ top = [...] }``: these cards on top
        of the rest of the table's pile."""
        value = fields.get(key, (list, dict) if key in _PILES else list)
        if isinstance(value, dict):
            top = Fields(value, fields.name(key))
            self.given[zone] = self.place(top.array("top"), top.name("top"))
            top.finish()
            self.tops.append(zone)
        else:
            self.given[zone] = self.place(value, fields.name(key))


def _read_crossroads(doc: Fields, places: _Places) -> tuple[list[Any], str]:
    """[SR-3] [SR-5.4] The ``[crossroads]`` section: its row, pile and discards placed;
    the cards shuffled back (``returned``) and their path, read once every card is."""
    cross = doc.table("crossroads", {})
    for key in ("row", "pile", "discard"):
        if key in cross:
            places.pile(cross, key, f"crossroads.{key}")
    returned = cross.array("returned") if "returned" in cross else []
    path = cross.name("returned")
    cross.finish()
    return returned, path


def _read_seats(seats: Fields, places: _Places) -> dict[int, Fields]:
    """[SR-3] [SR-5.2] The cards of each ``[player.N]`` section placed (its piles, Empire,
    defeated Enemies and fields); the sections, for their other keys."""
    for key in list(seats.data):
        if key not in ("0", "1"):
            raise seats.fail(key, "no such seat: Serica has seats 0 (Han) and 1 (Rome)")
    player_fields = {p: seats.table(str(p)) for p in (0, 1) if str(p) in seats}
    for p, pf in player_fields.items():
        for zone in _SEAT_ZONES:
            if zone in pf:
                places.pile(pf, zone, f"player.{p}.{zone}")
        if "fields" in pf:
            built = pf.array("fields")
            if len(built) != FIELDS:
                raise pf.fail("fields", f"a player has {FIELDS} fields (SR-5.2)")
            for i, f in enumerate(built):
                path = pf.name(f"fields[{i}]")
                cards = places.place(f, path)
                if len(cards) > FIELD_DEPTH:
                    raise StateError(f"{path}: at most {FIELD_DEPTH} cards in a field (SR-5.2)")
                if any(places.t.enemy[c] for c in cards):
                    raise StateError(f"{path}: an Enemy card is never built (SR-8.5)")
                places.given[f"player.{p}.fields.{i}"] = cards
    return player_fields


def _read_player(
    pl: PlayerState,
    p: int,
    pf: Fields | None,
    zones: dict[str, list[int]],
    r: CardResolver,
) -> PlayerState:
    """[SR-3] One seat: its zones as filled, and the keys of its ``[player.N]`` section
    (secret cards, cards known on top, VP, artisans, goods, caravans)."""
    changes: dict[str, Any] = {
        "empire": pvector(zones[f"player.{p}.empire"]),
        "draw": pvector(zones[f"player.{p}.draw"]),
        "discard": pvector(zones[f"player.{p}.discard"]),
        "defeated": tuple(zones[f"player.{p}.defeated"]),
        "fields": tuple(tuple(zones[f"player.{p}.fields.{i}"]) for i in range(FIELDS)),
    }
    draw = changes["draw"]
    # the setup's secret cards that are still in the draw pile, unless given
    changes["secret"] = tuple(c for c in pl.secret if c in draw)
    if pf is None:
        return attrs.evolve(pl, **changes)
    if "secret" in pf:
        changes["secret"] = tuple(
            r.ref(v, pf.failing(f"secret[{i}]"), list(draw))
            for i, v in enumerate(pf.array("secret"))
        )
    if "known_top" in pf:
        known = pf.array("known_top")
        if len(known) != 2:
            raise pf.fail("known_top", "two counts, one per player (SR-8.3, SR-8.4)")
        changes["known_top"] = tuple(
            Fields({"k": k}, pf.name(f"known_top[{i}]")).integer(
                "k", high=len(draw), rule="cards known on top of the draw pile"
            )
            for i, k in enumerate(known)
        )
    for key in _SEAT_NUMBERS:
        if key in pf:
            changes[key] = pf.integer(key, rule="SR-1: never negative")
    for key in _SEAT_GOODS:
        if key in pf:
            changes[key] = _goods_of(pf, key, getattr(pl, key))
    if "caravans" in pf:
        changes["caravans"] = tuple(
            _caravan(Fields(c, pf.name(f"caravans[{i}]")))
            for i, c in enumerate(pf.array("caravans"))
        )
        if len(changes["caravans"]) > MAX_CARAVANS:
            raise pf.fail("caravans", f"at most {MAX_CARAVANS} caravans (SR-5.3)")
    pf.finish()
    return attrs.evolve(pl, **changes)


def _read_table(
    doc: Fields,
    base: State,
    places: _Places,
    zones: dict[str, list[int]],
    players: tuple[PlayerState, PlayerState],
    pending_fields: Fields | None,
) -> State:
    """[SR-3] [SR-5] The table's own keys: seats (first, active), round, step, the
    pending decision, the attacks, the turn and the flags."""
    t = places.t
    r = places.r

    def seat(key: str, default: int) -> int:
        return doc.integer(key, default, high=1, rule="seats 0 (Han) and 1 (Rome)")

    opts = base.options
    # The decision goes with the step: a position that gives the step or a pending
    # decision gives all of it (what it leaves out is absent); otherwise the setup's.
    decided = "step" in doc or pending_fields is not None
    pending = None if decided else base.pending
    # [SR-3] the first player: the one the options choose, else the table's (drawn by
    # the seed, or seat 0 on a bare table)
    if opts.first_player is None:
        first = seat("first", base.first)
    else:
        why = f"SR-3: the options choose {EMPIRES[opts.first_player]} (first_player)"
        first = seat("first", check_derived(doc, "first", opts.first_player, why))
    # the first player plays first: a position that gives the first player and not the
    # active one is at the first player's turn
    active = seat("active", first if "first" in doc.data else base.active)
    placed = [c for cards in zones.values() for c in cards]
    step = base.step
    if pending_fields is not None:
        at = _Table(t, zones["crossroads.row"], players[active])
        pending = _pending(pending_fields, r, zones["pending.cards"], placed, at)
        step = DECISION_STEP.get(pending.kind, step)
    turn = base.turn
    if "turn" in doc:
        turn = _turn(doc.table("turn"), r, zones, base.turn, active)
    # [SR-8.5] the Enemy whose attack is being decided attacks now: first of the attacks
    attacks = base.attacks
    if pending is not None and pending.kind in (PendingKind.LOSE, PendingKind.FORT):
        attacks = (pending.card,)
    if "attacks" in doc:
        attacks = tuple(
            r.ref(v, doc.failing(f"attacks[{i}]"), [c for c in placed if t.enemy[c]])
            for i, v in enumerate(doc.array("attacks", []))
        )
    return attrs.evolve(
        base,
        rng=read_rng(doc) if "rng" in doc else base.rng,
        players=players,
        crossroads=pvector(zones["crossroads.row"]),
        cross_pile=pvector(zones["crossroads.pile"]),
        cross_discard=pvector(zones["crossroads.discard"]),
        active=active,
        first=first,
        round=doc.integer("round", base.round, low=1),
        step=Step(doc.text("step", step.value, choices=[s.value for s in Step])),
        turn=turn,
        pending=pending,
        attacks=attacks,
        coop_won=doc.flag("coop_won", base.coop_won),
        truncated=doc.flag("truncated", base.truncated),
    )


def _derived_end(doc: Fields, state: State, decided: bool) -> State:
    """[SR-6] [SR-7] The end flags a position leaves out, derived: the co-op goals met
    from the fields, and a competitive game with a tenth card built over (when the
    position gives no step or decision)."""
    opts = state.options
    if "coop_won" not in doc.data:
        state = attrs.evolve(state, coop_won=opts.coop and coop_goals_met(state))
    if (
        not decided
        and not opts.coop
        and max(built_count(pl) for pl in state.players) >= BUILT_TO_END
    ):
        state = attrs.evolve(state, step=Step.OVER, pending=None, attacks=())
    return state


#: The draw piles a position may give as ``{ top = [...] }`` (top first).
_PILES = ("pile", "draw")


def _given_zones(document: Any) -> set[str]:
    """The zones a position gives (read before any card is placed: a bare key takes its
    copy from the supply, then from these; the readers check each value's type)."""
    zones: set[str] = set()
    cross = document.get("crossroads")
    if isinstance(cross, dict):
        zones.update(
            f"crossroads.{k}"
            for k in ("row", "pile", "discard")
            if k in cross and not isinstance(cross[k], dict)
        )
    seats = document.get("player")
    for p, pf in seats.items() if isinstance(seats, dict) else ():
        if not isinstance(pf, dict):
            continue
        zones.update(
            f"player.{p}.{k}" for k in _SEAT_ZONES if k in pf and not isinstance(pf[k], dict)
        )
        if "fields" in pf:
            zones.update(f"player.{p}.fields.{i}" for i in range(FIELDS))
    pending = document.get("pending")
    if isinstance(pending, dict) and "cards" in pending:
        zones.add("pending.cards")
    return zones


def _caravan(f: Fields) -> Caravan:
    caravan = Caravan(
        route=f.integer("route", low=1, high=MAX_CARAVANS, rule="SR-5.3: routes 1 to 3"),
        position=f.integer(
            "position", 0, high=ROUTE_LENGTH - 1, rule=f"SR-5.3: {ROUTE_LENGTH} spaces"
        ),
        goods=_goods_of(f, "goods", (0,) * len(GOODS)),
    )
    f.finish()
    return caravan


def _turn(f: Fields, r: CardResolver, zones: dict[str, list[int]], base: Turn, active: Any) -> Turn:
    cards = _TurnCards(
        r,
        tuple(zones.get(f"player.{active}.empire", [])),
        tuple(c for cards in zones.values() for c in cards),
    )
    # positions of rules 1.2 wrote the readied strengths as numbers: still read, when
    # they agree with the readied Soldiers, Encampments and Outposts that give them
    legacy = {key: f.integer(key, rule="SR-5: never negative") for key in _LEGACY if key in f}
    changes = {key: read(f, key, cards) for key, read in _TURN_READERS.items() if key in f}
    f.finish()
    turn = attrs.evolve(base, **changes)
    for key, value in legacy.items():
        if getattr(turn, key) != value:
            raise StateError(
                f"{f.name(key)}: {value} is not what the readied effects give "
                f"({getattr(turn, key)}); [SR-4] a strength comes from a readied Soldier, "
                "Encampment or Outpost still in the Empire: list it under readied"
            )
    return turn


@attrs.frozen
class _TurnCards:
    """What the turn's card keys may name: the active Empire's cards, and any card."""

    resolver: CardResolver
    empire: tuple[int, ...]
    everything: tuple[int, ...]


def _read_count(f: Fields, key: str, cards: _TurnCards) -> int:
    return f.integer(key, rule="SR-5: never negative")


def _read_flag(f: Fields, key: str, cards: _TurnCards) -> bool:
    return f.flag(key)


def _read_used(f: Fields, key: str, cards: _TurnCards) -> tuple[int, ...]:
    ref, everything = cards.resolver.ref, cards.everything
    return tuple(ref(v, f.failing(f"{key}[{i}]"), everything) for i, v in enumerate(f.array(key)))


def _read_readied(f: Fields, key: str, cards: _TurnCards) -> tuple[tuple[int, Ability], ...]:
    readied = []
    for i, entry in enumerate(f.array(key)):
        e = Fields(entry, f.name(f"{key}[{i}]"))
        card = cards.resolver.ref(e.get("card", str), e.failing("card"), cards.empire)
        ability = Ability(e.text("ability", choices=[a.value for a in Ability]))
        e.finish()
        readied.append((card, ability))
    return tuple(readied)


#: [SR-5] How ``[turn]`` reads each field of ``Turn`` (a key left out keeps the setup's).
_TURN_READERS: dict[str, Callable[[Fields, str, _TurnCards], Any]] = {
    "pp": _read_count,
    "traded": _read_flag,
    "defended": _read_flag,
    "used": _read_used,
    "readied": _read_readied,
}
_every_field(Turn, _TURN_READERS)


#: Turn keys of older positions, now derived from the readied effects.
_LEGACY = ("defense", "outpost")


#: [SR-5] The step a decision belongs to, where only one can hold it (a position that
#: names the decision and leaves the step out is at this step): its record's ``step``.
DECISION_STEP = {k: w.step for k, w in DECISIONS.items() if w.step is not None}
#: [SR-8.3] [SR-8.4] How many a decision starts with, where the rules fix it.
_START_COUNT = {PendingKind.GOVERNOR: 2, PendingKind.DIPLOMAT: 1}


@attrs.frozen
class _Table:
    """What a pending decision's defaults are derived from: the card table, the
    Crossroads row and the active player (with the zones the position fills)."""

    t: Table
    row: Sequence[int]
    me: PlayerState


def _pending(
    f: Fields, r: CardResolver, held: Sequence[int], placed: Sequence[int], at: _Table
) -> Pending:
    """[SR-5] [SR-8] The pending decision; what the rules fix is derived when left out:
    a payment's goods per type and types still to pay from the card's printed cost and
    the goods ``paid`` (SR-5.2; a Merchant's or Oasis' discount is written), the
    caravans an Enemy attack may hit and the goods a Fort may save (SR-8.5, SR-8.3), the
    room left in the caravan being loaded and which one it is (the one begun, empty at
    the start of its route; SR-5.3), and the cards a Governor, Capitol or Diplomat has
    left to move or discard (SR-8.3, SR-8.4)."""
    t = at.t
    kind = PendingKind(f.text("decision", choices=[k.value for k in PendingKind]))
    card = -1
    if "card" in f:
        # where the decision's record says its card lies (any card placed, for one
        # about no card: validate refuses it)
        among: Sequence[int] = {
            "row": at.row,
            "empire": at.me.empire,
            "defeated": at.me.defeated,
            "fields": [c for field in at.me.fields for c in field],
        }.get(DECISIONS[kind].card, placed)
        card = r.ref(f.get("card", str), f.failing("card"), among)
    paid = tuple(
        GOOD_NAMES.index(Fields({"g": g}, f.name(f"paid[{i}]")).text("g", choices=GOOD_NAMES))
        for i, g in enumerate(f.array("paid", []))
    )
    caravans = at.me.caravans
    count = n = 0
    routes: tuple[int, ...] = ()
    if kind is PendingKind.PAY and card >= 0:
        n = t.card[card].cost_n
        count = max(t.card[card].cost_m - len(paid), 0)
    elif kind in (PendingKind.LOSE, PendingKind.FORT) and card >= 0:
        routes = attack_routes(caravans, t.ability[card])
    elif kind is PendingKind.LOAD:
        begun = tuple(c for c in caravans if c.position == 0 and not any(c.goods))
        routes = tuple(c.route for c in begun[-1:])
        count = CARAVAN_SIZE
    elif kind is PendingKind.CAPITOL:
        count = min(2, len(at.row))
    else:
        count = _START_COUNT.get(kind, 0)
    if "routes" in f:
        routes = tuple(
            Fields({"r": v}, f.name(f"routes[{i}]")).integer("r", low=1, high=FIELDS)
            for i, v in enumerate(f.array("routes"))
        )
    if kind is PendingKind.FORT and len(routes) == 1 and card >= 0:
        hit = [c for c in caravans if c.route == routes[0]]
        if hit and any(hit[0].goods):
            count = attack_loss(caravans, t.ability[card], routes[0])
    n = f.integer("n", n, high=99)
    if kind is PendingKind.LOAD and "count" not in f:
        count = max(count - n, 0)
    pending = Pending(
        kind=kind,
        card=card,
        count=f.integer("count", count, high=99),
        n=n,
        paid=paid,
        smith=f.integer("smith", 0, high=99),
        cards=tuple(held),
        routes=routes,
        free=f.flag("free", False),
    )
    f.get("cards", list, None)
    f.finish()
    return pending
