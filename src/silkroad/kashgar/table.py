"""[KG-1] The card table of a game: one id per physical card, built from the options.

Ids: Patriarchs, Starting, Standard, Expansion (those the options include), Special,
then orders. The table is derived data, cached per options; it is never stored.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import NamedTuple

from silkroad.core.memo import LastValue
from silkroad.kashgar.cards import Action, Amounts, CardDef, DeckKind, Face, OrderDef
from silkroad.kashgar.moves import (
    CaravanAction,
    Fulfill,
    Keep,
    Move,
    PartingAction,
    Pass,
    Remove,
    Take,
)
from silkroad.kashgar.state import Options

__all__ = ["Needs", "Plan", "Table", "needs", "table"]

#: The tracks a cost names and how much of each: ``((track, amount), ...)``.
Needs = tuple[tuple[int, int], ...]


def needs(cost: Amounts) -> Needs:
    """The tracks ``cost`` takes something from, with the amounts."""
    return tuple((i, n) for i, n in enumerate(cost) if n)


class Plan(NamedTuple):
    """[KG-4] What the legal moves of a face in front of a caravan depend on."""

    #: ``(action index, needs)`` of each caravan action, in order.
    caravan: tuple[tuple[int, Needs], ...]
    #: ``(action index, needs)`` of each parting action, in order.
    parting: tuple[tuple[int, Needs], ...]
    #: A "!" card: it may be passed only when no action is payable.
    must_act: bool


#: The most caravans a player can have ([KG-1]: three, and the 13th Patriarch's).
CARAVANS = 4


def _free_moves(plan: Plan) -> tuple[tuple[Move, ...], ...] | None:
    """The moves of a face that costs nothing, in front of each caravan (index 0 to 3):
    every action, then Pass unless a "!" card has an action ([KG-4.C]); None for a face
    with a cost (its moves depend on the tracks)."""
    if any(needs for _, needs in (*plan.caravan, *plan.parting)):
        return None
    acts = bool(plan.caravan or plan.parting)
    return tuple(
        (
            *(CaravanAction(c, a) for a, _ in plan.caravan),
            *(PartingAction(c, a) for a, _ in plan.parting),
            *((Pass(c),) if not plan.must_act or not acts else ()),
        )
        for c in range(CARAVANS)
    )


def _plan(face: Face) -> Plan:
    def actions(acts: tuple[Action, ...]) -> tuple[tuple[int, Needs], ...]:
        return tuple((a, needs(action.cost)) for a, action in enumerate(acts))

    return Plan(actions(face.caravan), actions(face.parting), face.must_act)


class Table:
    """Per-id lookups for one set of options (read-only by convention)."""

    __slots__ = (
        "back",
        "deck_of",
        "defs",
        "free_moves",
        "front",
        "fulfill_moves",
        "ids",
        "keep_moves",
        "kind",
        "n",
        "name",
        "notes",
        "order",
        "order_grain",
        "order_vp",
        "persons",
        "plans",
        "rank",
        "remove_moves",
        "take_moves",
        "vp_fixed",
        "vpg_fixed",
    )

    def __init__(self, options: Options) -> None:
        #: render's lines of a card's note, by (card, turned, indent, numbered): a card's
        #: words never change in a game, and the text table printed them again for every
        #: card of every state (half of what checking a game's outputs cost)
        self.notes: dict[tuple[int, bool, str, bool], list[str]] = {}
        data = options.card_data
        expansion_defs = {c.key: c for c in data.expansion}
        front: list[Face | None] = []
        back: list[Face | None] = []
        deck_of: list[DeckKind] = []
        defs: list[CardDef | OrderDef] = []
        rank: list[int | None] = []
        order: list[OrderDef | None] = []
        ids: dict[DeckKind, list[int]] = {d: [] for d in DeckKind}

        def add_person(card: CardDef, deck: DeckKind) -> None:
            ids[deck].append(len(front))
            front.append(card.front)
            back.append(card.back)
            deck_of.append(deck)
            defs.append(card)
            rank.append(card.rank)
            order.append(None)

        for deck in (DeckKind.PATRIARCH, DeckKind.STARTING, DeckKind.STANDARD):
            for card in getattr(data, deck.value):
                for _ in range(card.copies):
                    add_person(card, deck)
        for key in options.expansion:
            add_person(expansion_defs[key], DeckKind.EXPANSION)
        for card in data.special:
            for _ in range(card.copies):
                add_person(card, DeckKind.SPECIAL)
        self.persons = len(front)
        for od in data.orders:
            for _ in range(od.copies):
                ids[DeckKind.ORDERS].append(len(front))
                front.append(None)
                back.append(None)
                deck_of.append(DeckKind.ORDERS)
                defs.append(od)
                rank.append(None)
                order.append(od)
        self.n = len(front)
        self.front = tuple(front)
        self.back = tuple(back)
        self.deck_of = tuple(deck_of)
        self.defs = tuple(defs)
        self.rank = tuple(rank)
        self.order = tuple(order)
        self.ids = {d: tuple(v) for d, v in ids.items()}
        # Points per card when both faces agree (None: depends on the side showing).
        vp_fixed: list[int | None] = []
        vpg_fixed: list[int] = []
        for f, bk in zip(front, back, strict=True):
            if f is None:
                vp_fixed.append(0)
                vpg_fixed.append(0)
            elif bk is None or (bk.vp, bk.vp_per_grain) == (f.vp, f.vp_per_grain):
                vp_fixed.append(f.vp)
                vpg_fixed.append(f.vp_per_grain)
            else:
                vp_fixed.append(None)
                vpg_fixed.append(0)
        self.vp_fixed = tuple(vp_fixed)
        self.vpg_fixed = tuple(vpg_fixed)
        self.order_vp = tuple(0 if o is None else o.vp for o in order)
        self.order_grain = tuple(0 if o is None else int(o.grain) for o in order)
        self.name = tuple(d.name if isinstance(d, OrderDef) else d.front.name for d in defs)
        # Copies of one definition share a kind: they are identical components.
        kinds: dict[int, int] = {}
        self.kind = tuple(kinds.setdefault(id(d), len(kinds)) for d in defs)
        #: The plan of person card ``c`` at ``2 * c`` (front) and ``2 * c + 1`` (the side
        #: a turned card shows).
        self.plans = tuple(
            _plan(self.face(c, side)) for c in range(self.persons) for side in (False, True)
        )
        #: For each plan, the moves of a face without costs before each caravan (or None),
        #: made once: most faces cost nothing, and their moves are then fixed.
        self.free_moves = tuple(map(_free_moves, self.plans))
        # The moves that name a card, one per id, made once (they are values; their
        # notation in a game is silkroad.kashgar.game.format_move's).
        self.keep_moves = tuple(Keep(c) for c in range(self.n))
        self.take_moves = tuple(Take(c) for c in range(self.n))
        self.fulfill_moves = tuple(Fulfill(c) for c in range(self.n))
        self.remove_moves = tuple(Remove(c) for c in range(self.n))

    def copy_names(self) -> tuple[str, ...]:
        """The name of every card id as positions write it: the data key of a card with
        one copy, ``key#n`` for copy ``n`` (in id order) of a card with several."""
        keys = [d.key for d in self.defs]
        counts = Counter(keys)
        seen: Counter[str] = Counter()
        names = []
        for key in keys:
            seen[key] += 1
            names.append(key if counts[key] == 1 else f"{key}#{seen[key]}")
        return tuple(names)

    def face(self, card: int, turned: bool) -> Face:
        """The face of a person card showing now."""
        face = self.back[card] if turned else self.front[card]
        if face is None:  # an order, or a one-sided card turned over: show the front
            f = self.front[card]
            assert f is not None, f"card {card} is an order, not a person"
            return f
        return face


def table(options: Options) -> Table:
    """The (cached) card table of these options. The rules ask for the table of the
    same options several times per move: the last answer is kept by identity
    (:mod:`silkroad.core.memo`), before the cache keyed by equal options (about 2k fewer
    instructions per decision than the ``lru_cache`` look-up alone, callgrind)."""
    key, known = LAST_TABLE.pair
    if key is options:
        return known
    made = _table(options)
    LAST_TABLE.pair = (options, made)
    return made


@functools.lru_cache(maxsize=32)
def _table(options: Options) -> Table:
    """The card table of these options, once per equal options."""
    return Table(options)


#: The table of the last options asked about; the rules' hottest functions read its pair
#: themselves. Empty, its key is no options, so its value (None) is never answered.
LAST_TABLE = LastValue[Options, Table](
    "Kashgar: the card table of the last options",
    None,  # type: ignore[arg-type]
)
