"""[KG-7] What a player may see, and states consistent with it.

Public in Kashgar: every caravan, every track, the fulfilled orders, the order display,
the open discard pile ([KG-7] "Discard"), the removed cards and everyone's points
([KG-7] "Victory points"). Hidden: the order of every draw pile, the RNG, cards another
player is looking at, and which cards another player put under a deck (a player keeps
that knowledge in their own observation: position and card).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import attrs
from pyrsistent import pset, pvector
from pyrsistent.typing import PSet, PVector

from silkroad.core.errors import StateError
from silkroad.core.game import check_player
from silkroad.core.rng import Rng
from silkroad.kashgar.cards import Amounts, DeckKind
from silkroad.kashgar.rules import _effects, _eligible_for, distinct, keep_options
from silkroad.kashgar.state import Decision, Frame, Options, Pending, State
from silkroad.kashgar.table import table

__all__ = ["KnownCard", "KnownSlot", "Observation", "determinize", "observe"]

_DECK_FIELDS = {DeckKind.SPECIAL: "special", DeckKind.ORDERS: "order_deck"}


@attrs.frozen
class KnownCard:
    """A card the observer put under a deck: which deck, where (0 = top), which card."""

    deck: DeckKind
    index: int
    card: int


@attrs.frozen
class KnownSlot:
    """A deck position another player knows (the card itself is hidden)."""

    player: int
    deck: DeckKind
    index: int


@attrs.frozen
class Observation:
    """The table as ``player`` sees it: the state without deck order, RNG or others'
    private looks; hidden piles are given by their size."""

    options: Options
    player: int
    tracks: PVector[Amounts]
    caravans: PVector[PVector[PVector[int]]]
    orders_won: PVector[PVector[int]]
    discard: PVector[int]
    display: PVector[int]
    reserve: PVector[int]
    box: PVector[int]
    turned: PSet[int]
    standard_size: int
    special_size: int
    order_deck_size: int
    starting_size: int
    known: tuple[KnownCard, ...]
    others_known: tuple[KnownSlot, ...]
    active: int
    start_player: int
    round: int
    turns: int
    points: tuple[int, ...]
    history: tuple[int, ...]
    pending: Pending | None
    stack: tuple[Frame, ...]
    extra_turns: int
    end_triggered: bool
    over: bool
    truncated: bool = False

    def _repr_svg_(self) -> str:
        """The picture of what its player sees (``silkroad.kashgar.svg``), for Jupyter."""
        from silkroad.kashgar.svg import svg

        return svg(self)


#: Redeals of a hidden order decision before two eligible orders are dealt on purpose.
_REDEALS = 200


def _holds_hidden(pending: Pending | None, player: int) -> bool:
    return (
        pending is not None
        and pending.player != player
        and pending.deck is not None
        and (pending.kind is Decision.KEEP or pending.kind is Decision.FULFILL)
    )


def observe(state: State, player: int) -> Observation:
    """[KG-7] ``player``'s view of ``state``."""
    check_player(player, state.options.players)
    known: list[KnownCard] = []
    others: list[KnownSlot] = []
    for deck, field in _DECK_FIELDS.items():
        pile = getattr(state, field)
        if not any(state.knowledge):
            break
        position = {card: i for i, card in enumerate(pile)}
        for q, cards in enumerate(state.knowledge):
            for card in cards:
                index = position.get(card)
                if index is None:
                    continue
                if q == player:
                    known.append(KnownCard(deck, index, card))
                else:
                    others.append(KnownSlot(q, deck, index))
    pending = state.pending
    if pending is not None and _holds_hidden(pending, player):
        pending = attrs.evolve(pending, cards=(), options=(), hidden=len(pending.cards))
    return Observation(
        options=state.options,
        player=player,
        tracks=state.tracks,
        caravans=state.caravans,
        orders_won=state.orders_won,
        discard=state.discard,
        display=state.display,
        reserve=state.reserve,
        box=state.box,
        turned=state.turned,
        standard_size=len(state.standard),
        special_size=len(state.special),
        order_deck_size=len(state.order_deck),
        starting_size=len(state.starting),
        known=tuple(sorted(known, key=lambda k: (k.deck.value, k.index))),
        others_known=tuple(sorted(set(others), key=lambda k: (k.player, k.deck.value, k.index))),
        active=state.active,
        start_player=state.start_player,
        round=state.round,
        turns=state.turns,
        points=state.points,
        history=state.history,
        pending=pending,
        stack=state.stack,
        extra_turns=state.extra_turns,
        end_triggered=state.end_triggered,
        over=state.over,
        truncated=state.truncated,
    )


@attrs.frozen
class _Plan:
    """What :func:`determinize` needs of an observation before any draw: the unseen
    cards of each deck (in table order), the known positions of each pile, and for a
    hidden hand (``hidden > 0``) the function that lists the choices it offers."""

    pools: tuple[tuple[DeckKind, tuple[int, ...]], ...]
    hidden: int
    hand_deck: DeckKind | None
    offered: Callable[[tuple[int, ...]], tuple[int, ...]] | None
    different: tuple[int, ...]
    piles: tuple[tuple[DeckKind, int, dict[int, int]], ...]
    known_cards: frozenset[int]


#: The last observation planned and its plan: a search determinizes one observation
#: hundreds of times. Keyed by identity while it holds the observation (which is
#: immutable), so it never answers for another one.
_LAST_PLAN: tuple[object, _Plan | None] = (None, None)


def _plan(obs: Observation) -> _Plan:
    """The draw-independent part of :func:`determinize`, memoized for the last
    observation.

    :raises StateError: if the observation is inconsistent (sizes do not add up).
    """
    global _LAST_PLAN
    last, plan = _LAST_PLAN
    if last is obs and plan is not None:
        return plan
    t = table(obs.options)
    visible: set[int] = set()
    for caravans in obs.caravans:
        for caravan in caravans:
            visible.update(caravan)
    for orders in obs.orders_won:
        visible.update(orders)
    visible.update(obs.discard, obs.display, obs.reserve, obs.box)
    pending = obs.pending
    if pending is not None:
        visible.update(pending.cards)
    known_cards = frozenset(k.card for k in obs.known)
    visible |= known_cards
    groups = {
        DeckKind.STANDARD: t.ids[DeckKind.STANDARD] + t.ids[DeckKind.EXPANSION],
        DeckKind.SPECIAL: t.ids[DeckKind.SPECIAL],
        DeckKind.ORDERS: t.ids[DeckKind.ORDERS],
        DeckKind.STARTING: t.ids[DeckKind.STARTING],
    }
    pools = {deck: tuple(c for c in ids if c not in visible) for deck, ids in groups.items()}
    hidden = 0
    hand_deck: DeckKind | None = None
    offered: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None
    different: tuple[int, ...] = ()
    if pending is not None and pending.hidden:
        assert pending.deck is not None
        hidden, hand_deck = pending.hidden, pending.deck
        pool = pools[hand_deck]
        if len(pool) < hidden:
            raise StateError("observation: more hidden cards in hand than unseen cards")
        # the decision exists, so the cards held offer at least two choices: deal until
        # they do (copies of one card are one choice; an order must be eligible)
        if pending.kind is Decision.FULFILL:
            frame = obs.stack[-1]
            effect = _effects(t, frame)[frame.step - 1]
            track = obs.tracks[pending.player]

            def offer_fulfil(hand: tuple[int, ...]) -> tuple[int, ...]:
                return distinct(t, obs.turned, _eligible_for(t, track, effect, hand), hand)

            offered = offer_fulfil
            candidates = [o for o in pool if _eligible_for(t, track, effect, (o,))]
        else:
            deck = pending.deck

            def offer_keep(hand: tuple[int, ...]) -> tuple[int, ...]:
                return keep_options(t, obs.turned, hand, deck)

            offered = offer_keep
            candidates = list(pool)
        different = distinct(t, obs.turned, candidates)
        if len(different) < 2 or hidden < 2:
            raise StateError("observation: a decision among cards no hand could offer")
    sizes = {
        DeckKind.STANDARD: obs.standard_size,
        DeckKind.SPECIAL: obs.special_size,
        DeckKind.ORDERS: obs.order_deck_size,
        DeckKind.STARTING: obs.starting_size,
    }
    piles = []
    for deck, size in sizes.items():
        fixed = {k.index: k.card for k in obs.known if k.deck is deck}
        unseen = len(pools[deck]) - (hidden if deck is hand_deck else 0)
        if unseen != size - len(fixed):
            raise StateError(
                f"observation: the {deck.value} pile holds {size} cards but "
                f"{unseen + len(fixed)} are unseen"
            )
        piles.append((deck, size, fixed))
    plan = _Plan(
        pools=tuple(pools.items()),
        hidden=hidden,
        hand_deck=hand_deck,
        offered=offered,
        different=different,
        piles=tuple(piles),
        known_cards=known_cards,
    )
    _LAST_PLAN = (obs, plan)
    return plan


def determinize(observation: Observation, seed: int) -> State:
    """[KG-7] A full state the observer cannot tell from the real one: hidden piles and the
    cards another player is looking at are dealt at random from the unseen cards,
    keeping every card position the observer knows.

    :raises StateError: if the observation is inconsistent (sizes do not add up).
    """
    obs = observation
    plan = _plan(obs)
    rng = Rng.from_seed(seed)
    pools: dict[DeckKind, list[int]] = {}
    for deck, unseen in plan.pools:
        shuffled, rng = rng.shuffle(unseen)
        pools[deck] = list(shuffled)
    pending = obs.pending
    if plan.hidden:
        assert pending is not None
        assert plan.hand_deck is not None
        assert plan.offered is not None
        hidden, offered = plan.hidden, plan.offered
        pool = pools[plan.hand_deck]
        held = tuple(pool[:hidden])
        options = offered(held)
        for _ in range(_REDEALS):
            if len(options) >= 2:
                break
            shuffled, rng = rng.shuffle(pool)
            pool[:] = shuffled
            held = tuple(pool[:hidden])
            options = offered(held)
        else:  # rare: two different candidates at random, the rest from the others
            two, rng = rng.sample(plan.different, 2)
            pool[:] = [*two, *(c for c in pool if c not in two)]
            held = tuple(pool[:hidden])
            options = offered(held)
        del pool[:hidden]
        pending = attrs.evolve(pending, cards=held, options=options, hidden=0)
    piles: dict[DeckKind, list[int]] = {}
    for deck, size, fixed in plan.piles:
        pool = pools[deck]
        if fixed:
            it = iter(pool)
            pool = [fixed[i] if i in fixed else next(it) for i in range(size)]
        piles[deck] = pool
    if obs.others_known or plan.known_cards:
        knowledge: list[set[int]] = [set() for _ in range(obs.options.players)]
        knowledge[obs.player] = set(plan.known_cards)
        for slot in obs.others_known:
            knowledge[slot.player].add(piles[slot.deck][slot.index])
        known = pvector(pset(k) for k in knowledge)
    else:
        known = _no_knowledge(obs.options.players)
    _, rng = rng.split()
    return State(
        options=obs.options,
        rng=rng,
        tracks=obs.tracks,
        caravans=obs.caravans,
        orders_won=obs.orders_won,
        standard=pvector(piles[DeckKind.STANDARD]),
        discard=obs.discard,
        special=pvector(piles[DeckKind.SPECIAL]),
        order_deck=pvector(piles[DeckKind.ORDERS]),
        display=obs.display,
        starting=pvector(piles[DeckKind.STARTING]),
        reserve=obs.reserve,
        box=obs.box,
        turned=obs.turned,
        knowledge=known,
        active=obs.active,
        start_player=obs.start_player,
        round=obs.round,
        turns=obs.turns,
        points=obs.points,
        history=obs.history,
        pending=pending,
        stack=obs.stack,
        extra_turns=obs.extra_turns,
        end_triggered=obs.end_triggered,
        over=obs.over,
        truncated=obs.truncated,
    )


@functools.cache
def _no_knowledge(players: int) -> PVector[PSet[int]]:
    """Nobody knows a deck position: one empty set per player (immutable, shared)."""
    return pvector(pset() for _ in range(players))
