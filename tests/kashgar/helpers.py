"""Building explicit Kashgar states for scenario tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
from pyrsistent import pset, pvector

from silkroad.core.rng import Rng
from silkroad.kashgar import Options, State, apply, legal_moves, scores, validate
from silkroad.kashgar.cards import Action, DeckKind
from silkroad.kashgar.moves import Move
from silkroad.kashgar.rules import VP_GOAL, new_game
from silkroad.kashgar.state import Decision
from silkroad.kashgar.table import Table, table

Track = tuple[int, int, int, int, int, int, int]


class Builder:
    """Hands out card ids by key and assembles a valid state from explicit zones.

    Every card not placed explicitly goes to its own pile (Patriarchs to the box).
    """

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options.create(2)
        self.t: Table = table(self.options)
        self.used: set[int] = set()

    def ids(self, key: str) -> list[int]:
        return [i for i, d in enumerate(self.t.defs) if d.key == key]

    def card(self, key: str) -> int:
        """A not yet used copy of the card (or order) with this key."""
        for i in self.ids(key):
            if i not in self.used:
                self.used.add(i)
                return i
        raise LookupError(f"no unused copy of {key!r}")

    def order(self, *, kind: str | None = None, name: str | None = None) -> int:
        for i, _d in enumerate(self.t.defs):
            od = self.t.order[i]
            if od is None or i in self.used:
                continue
            if (kind is None or od.kind.value == kind) and (name is None or od.name == name):
                self.used.add(i)
                return i
        raise LookupError((kind, name))

    def state(
        self,
        caravans: Sequence[Sequence[Sequence[int]]],
        *,
        tracks: Sequence[Track] | None = None,
        display: Sequence[int] = (),
        orders_won: Sequence[Sequence[int]] | None = None,
        discard: Sequence[int] = (),
        standard_top: Sequence[int] = (),
        special_top: Sequence[int] = (),
        orders_top: Sequence[int] = (),
        reserve: bool = True,
        active: int = 0,
        start_player: int = 0,
        seed: int = 0,
        fill_display: bool = True,
        empty_standard: bool = False,
        empty_orders: bool = False,
    ) -> State:
        """A valid state; ``empty_standard`` removes the unplaced Standard cards from the
        game (as after a long game), ``empty_orders`` gives the unplaced orders to the
        last player, so those piles are empty."""
        n = self.options.players
        t = self.t
        placed: set[int] = set()
        for zone in (
            *[c for p in caravans for c in p],
            display,
            discard,
            standard_top,
            special_top,
            orders_top,
            *(orders_won or []),
        ):
            placed.update(zone)
        reserve_ids: list[int] = []
        if reserve:
            reserve_ids = [next(i for i in t.ids[DeckKind.PATRIARCH] if i not in placed)]
            placed.update(reserve_ids)

        def rest(*decks: DeckKind) -> list[int]:
            return [i for d in decks for i in t.ids[d] if i not in placed]

        order_pile = [*orders_top, *rest(DeckKind.ORDERS)]
        shown = list(display)
        if fill_display:
            while len(shown) < 4 and order_pile:
                shown.append(order_pile.pop())
        won = [list(o) for o in orders_won] if orders_won else [[] for _ in range(n)]
        if empty_orders:
            won[-1].extend(order_pile)
            order_pile = []
        standard = [*standard_top, *rest(DeckKind.STANDARD, DeckKind.EXPANSION)]
        box = rest(DeckKind.PATRIARCH)
        if empty_standard:
            box.extend(standard)
            standard = []
        base = new_game(self.options, seed)
        state = attrs.evolve(
            base,
            rng=Rng.from_seed(seed),
            tracks=pvector(tracks or [(3,) * 7] * n),
            caravans=pvector(pvector(pvector(c) for c in p) for p in caravans),
            orders_won=pvector(pvector(o) for o in won),
            standard=pvector(standard),
            discard=pvector(discard),
            special=pvector([*special_top, *rest(DeckKind.SPECIAL)]),
            order_deck=pvector(order_pile),
            display=pvector(shown),
            starting=pvector(rest(DeckKind.STARTING)),
            reserve=pvector(reserve_ids),
            box=pvector(box),
            turned=pset(),
            knowledge=pvector([pset()] * n),
            active=active,
            start_player=start_player,
            points=(0,) * n,
        )
        points = scores(state)
        # [KG-6] a player at 25 VP has triggered the end (derived, as positions do)
        state = attrs.evolve(state, points=points, end_triggered=max(points) >= VP_GOAL)
        validate(state)
        return state


def play(state: State, *moves: Move) -> State:
    """Apply moves in order, checking each is listed as legal first."""
    for move in moves:
        assert move in legal_moves(state), (move, legal_moves(state))
        state = apply(state, move)
        validate(state)
    return state


def track(**values: int) -> Track:
    """A track tuple: every track 3 unless given (ginger, cloves, pepper, anise,
    cinnamon, gold, mules)."""
    names = ("ginger", "cloves", "pepper", "anise", "cinnamon", "gold", "mules")
    a, b, c, d, e, f, g = (values.get(n, 3) for n in names)
    return (a, b, c, d, e, f, g)


def sensible_move(state: State, rng: Rng) -> tuple[Move, Rng]:
    """A simple sensible player (for playability tests): fulfil the best order offered,
    keep cards that fulfil orders, use a fulfilling action when an order is eligible,
    grow short caravans with the Patriarch, else a random productive caravan action."""
    from silkroad.kashgar import CaravanAction, Fulfill, Keep, PartingAction, Pass
    from silkroad.kashgar.cards import Op
    from silkroad.kashgar.rules import current_player, eligible_orders

    t = table(state.options)
    moves = legal_moves(state)
    p = current_player(state)
    assert p is not None

    def fulfils(card: int) -> bool:
        f = t.face(card, False)
        return any(e.op is Op.FULFILL for a in (*f.caravan, *f.parting) for e in a.effects)

    orders = [m.order for m in moves if isinstance(m, Fulfill) and m.order is not None]
    if orders:
        return Fulfill(max(orders, key=t.order_vp.__getitem__)), rng
    keeps = [m for m in moves if isinstance(m, Keep)]
    if keeps:
        return max(keeps, key=lambda m: (fulfils(m.card), t.face(m.card, False).vp)), rng
    if state.pending is None:
        track = state.tracks[p]
        good: list[Move] = []
        for m in moves:
            if not isinstance(m, CaravanAction | PartingAction):
                continue
            card = state.caravans[p][m.caravan][0]
            face = t.face(card, card in state.turned)
            action = (face.caravan if isinstance(m, CaravanAction) else face.parting)[m.action]
            after = tuple(a - b for a, b in zip(track, action.cost, strict=True))
            for e in action.effects:
                if (
                    e.op is Op.FULFILL
                    and not e.from_deck
                    and eligible_orders(t, after, e, state.display)  # type: ignore[arg-type]
                ):
                    return m, rng
            if not isinstance(m, CaravanAction):
                continue
            if face.name == "Patriarch":
                if m.action == 0 and len(state.caravans[p][m.caravan]) < 6:
                    good.append(m)
            elif not any(e.op is Op.FULFILL for e in action.effects):
                good.append(m)
        pool = good or [m for m in moves if isinstance(m, Pass)] or list(moves)
    else:
        pool = list(moves)
    i, rng = rng.randrange(len(pool))
    return pool[i], rng


#: Orders no scenario of the end tests fulfils (no grain field, no payout), by VP.
_FILLER_ORDERS = (
    "Royal Spices",
    "Emperor's Cinnamon",
    "Anise Caravan",
    "Spice Fleet",
    "Large Order",
    "Ginger Caravan",
    "Clove Caravan",
    "Pepper Caravan",
    "Clove Crates",
    "Cinnamon Chest",
    "Ginger Crates",
    "Anise Bales",
    "Mixed Spices",
    "Jade Gift",
    "Silk Bale",
    "Guild Seal",
    "Silver Tribute",
    "Bazaar Licence",
    "Tax Receipt",
)


def orders_worth(b: Builder, vp: int) -> list[int]:
    """Won orders worth exactly ``vp`` VP (no grain field, no payout), largest first."""
    chosen: list[int] = []
    left = vp
    for name in _FILLER_ORDERS:
        o = b.order(name=name)
        if b.t.order_vp[o] <= left:
            chosen.append(o)
            left -= b.t.order_vp[o]
        else:
            b.used.discard(o)
    assert left == 0, f"no orders worth {vp} VP"
    return chosen


def with_actions(
    options: Options,
    key: str,
    *,
    caravan: tuple[Action, ...] | None = None,
    parting: tuple[Action, ...] | None = None,
) -> Options:
    """``options`` whose card ``key`` (a Standard card) has these actions instead."""
    from silkroad.kashgar.cards import default_card_data

    data = options.cards or default_card_data()
    cards = []
    for c in data.standard:
        if c.key == key:
            front = c.front
            if caravan is not None:
                front = attrs.evolve(front, caravan=caravan)
            if parting is not None:
                front = attrs.evolve(front, parting=parting)
            c = attrs.evolve(c, front=front)
        cards.append(c)
    return options.with_deck(DeckKind.STANDARD, tuple(cards))


def waiting_for(kind: Decision) -> State:
    """A state of a seeded random 3-player game (the expansion in) waiting for a ``kind``
    decision (the first found; the same every run)."""
    rng = random.Random(kind.value)
    for seed in range(200):
        state = new_game(Options.create(3, expansion="all"), seed)
        for _ in range(400):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
            if state.pending is not None and state.pending.kind is kind:
                return state
    raise LookupError(kind)
