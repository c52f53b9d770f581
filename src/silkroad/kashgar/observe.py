"""[KG-7] What a player may see, and states consistent with it.

Public in Kashgar: every caravan, every track, the fulfilled orders, the order display,
the open discard pile ([KG-7] "Discard"), the removed cards and everyone's points
([KG-7] "Victory points"). Hidden: the order of every draw pile, the RNG, cards another
player is looking at, and which cards another player put under a deck (a player keeps
that knowledge in their own observation: position and card).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import attrs
from pyrsistent import pset, pvector
from pyrsistent.typing import PSet, PVector

from silkroad.core.errors import StateError
from silkroad.core.game import Fact, check_player
from silkroad.core.memo import LastValue
from silkroad.core.registry import jupyter_svg
from silkroad.core.rng import MASK64, Rng, check_seed
from silkroad.kashgar.cards import Amounts, DeckKind
from silkroad.kashgar.moves import Move
from silkroad.kashgar.rules import (
    all_points,
    distinct,
    eligible_orders,
    frame_effects,
    fulfill_options,
    keep_options,
    legal_moves,
    turned_frozenset,
    twin_key,
    vouch_for,
)
from silkroad.kashgar.state import Decision, Frame, Options, Pending, State
from silkroad.kashgar.table import Table, table
from silkroad.kashgar.vocabulary import DECISIONS

__all__ = [
    "KnownCard",
    "KnownSlot",
    "Observation",
    "determinize",
    "known_facts",
    "observe",
    "redeal",
]

_T = TypeVar("_T")

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
    suspended: tuple[tuple[Frame, ...], ...] = ()

    def _repr_svg_(self) -> str | None:
        """The picture of what its player sees, for Jupyter (the title's ``svg``, found through
        its game definition)."""
        return jupyter_svg("kashgar", self)


#: Redeals of a hidden order decision before two eligible orders are dealt on purpose.
_REDEALS = 200


def _holds_hidden(pending: Pending | None, player: int) -> bool:
    return (
        pending is not None
        and pending.player != player
        and pending.deck is not None
        and DECISIONS[pending.kind].private_cards
    )


def _builder(target: type[_T], source: type, given: tuple[str, ...]) -> Callable[..., _T]:
    """A function ``build(value, **given)`` making a ``target`` from the fields it shares
    with ``source`` (read from ``value``) and the fields ``given``, generated once from
    both classes' attrs fields, so neither list is written out again here.

    The value is made as a record of a subclass of ``target`` that adds no slot and may
    be assigned (as the rules' ``_Work`` makes a state), each field assigned to its slot,
    then given the class ``target``, which Python allows between classes of one layout:
    no slot setter called per field, as the frozen ``__init__`` and a setter per field
    did. So only for slotted frozen attrs classes without validators, converters or a
    cached hash (checked here). Determinize went from 161.8k to 148.0k instructions a
    call over the observations 3-player searches start from (callgrind).

    :raises TypeError: at import, if a field of ``target`` is neither shared nor given
        (a field added to one class and not handled here), or ``target`` is checked.
    """
    shared = attrs.fields_dict(source)
    fields = attrs.fields(cast(Any, target))
    missing = [a.name for a in fields if a.name not in shared and a.name not in given]
    if missing:
        raise TypeError(f"{target.__name__} from {source.__name__}: nothing gives {missing}")
    slots = vars(target)
    if (
        any(a.validator or a.converter for a in fields)
        or "__weakref__" not in slots
        or "_attrs_cached_hash" in slots
    ):
        raise TypeError(f"{target.__name__} is checked or has no slots: build it by its class")
    record = type(
        f"_New{target.__name__}",
        (target,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )
    scope: dict[str, Any] = {"new_": object.__new__, "record": record, "cls": target}
    lines = [f"def build(value, *, {', '.join(given)}):", "    new = new_(record)"]
    for a in fields:
        lines.append(f"    new.{a.name} = {a.name if a.name in given else 'value.' + a.name}")
    lines += ["    new.__class__ = cls", "    return new"]
    exec("\n".join(lines), scope)  # generated from the classes' own fields
    build: Callable[..., _T] = scope["build"]
    return build


#: An observation of a state: the fields they share copied, the hidden ones given.
_observation = _builder(
    Observation,
    State,
    (
        "player",
        "standard_size",
        "special_size",
        "order_deck_size",
        "starting_size",
        "known",
        "others_known",
        "pending",
    ),
)
#: A state of an observation: the fields they share copied, the dealt ones given.
_state = _builder(
    State,
    Observation,
    ("rng", "standard", "special", "order_deck", "starting", "knowledge", "points", "pending"),
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
    return _observation(
        state,
        player=player,
        standard_size=len(state.standard),
        special_size=len(state.special),
        order_deck_size=len(state.order_deck),
        starting_size=len(state.starting),
        known=tuple(sorted(known, key=lambda k: (k.deck.value, k.index))),
        others_known=tuple(sorted(set(others), key=lambda k: (k.player, k.deck.value, k.index))),
        pending=pending,
    )


# --------------------------------------------------------------------------- dealing

#: Random bits per draw of a deal, and bits per lane of its packed products: a draw
#: times a bound up to ``_MAX_BOUND`` fits in a lane, whose top byte is then the drawn
#: value (below the bound).
_DRAW_BITS = 24
_LANE_BITS = 32
_MAX_BOUND = 1 << (_LANE_BITS - _DRAW_BITS)
_DRAW_MASK = (1 << _DRAW_BITS) - 1
#: The bits of a lane's low part at or above ``_MAX_BOUND``: all clear only if the low
#: part is below the bound, where Lemire's method may reject the draw.
_HIGH_LOW = _DRAW_MASK - (_MAX_BOUND - 1)


@attrs.frozen(eq=False)
class _Lanes:
    """The constants of :func:`_deal_draws` for one list of pile sizes, one lane of
    ``_LANE_BITS`` bits per draw: the bounds (pile by pile, Fisher-Yates from the end:
    ``n``, ``n - 1`` ... ``2``), the draw bits of every lane, for each bit ``b`` of the
    bounds the draw bits of the lanes whose bound has it, and the bits that test every
    lane's low part at once (``_HIGH_LOW`` in each lane, and the bit above it)."""

    bounds: tuple[int, ...]
    draws: int
    by_bit: tuple[tuple[int, int], ...]
    high_low: int
    carries: int


@functools.lru_cache(maxsize=64)
def _lanes(sizes: tuple[int, ...]) -> _Lanes:
    """:class:`_Lanes` for piles of ``sizes`` cards (each at most ``_MAX_BOUND``)."""
    bounds = tuple(m for n in sizes for m in range(n, 1, -1))
    assert all(m <= _MAX_BOUND for m in bounds)
    draws = high_low = carries = 0
    by_bit: dict[int, int] = {}
    for k, m in enumerate(bounds):
        shift = _LANE_BITS * k
        draws |= _DRAW_MASK << shift
        high_low |= _HIGH_LOW << shift
        carries |= 1 << (_DRAW_BITS + shift)
        for b in range(m.bit_length()):
            if m >> b & 1:
                by_bit[b] = by_bit.get(b, 0) | (_DRAW_MASK << shift)
    return _Lanes(bounds, draws, tuple(sorted(by_bit.items())), high_low, carries)


def _deal_draws(bits: int, lanes: _Lanes, seed: int) -> tuple[bytes | bytearray, Rng | None]:
    """The draws of one deal, one byte each (lane ``k`` below ``lanes.bounds[k]``), from
    ``bits`` (``_DRAW_BITS`` random bits in each lane), and the spare generator (from
    ``seed``) after the draws it gave, or None if it gave none.

    Lemire's multiply-and-reject method, for all lanes at once: lane ``k`` holds a
    uniform ``v`` below ``2**24``; ``v * m`` (``m`` the bound, a sum of shifted copies
    of ``v``, one per bit of ``m``) has the draw ``v * m >> 24`` in its top byte and its
    low part ``v * m mod 2**24`` below it. For each value below ``m`` exactly
    ``2**24 // m`` values of ``v`` are accepted: those whose low part is not below
    ``2**24 mod m``. The lanes whose low part is below ``_MAX_BOUND`` (one test of all
    lanes at once finds them: about one deal of 128 cards in 500 has one) are tested one
    by one; a rejected lane (low part below ``2**24 mod m``, so below ``m``: about one
    deal in 13,000) is drawn again from the spare generator (``Rng.randrange``, itself
    uniform). So every draw is uniform below its bound and independent of the others.
    """
    spare: Rng | None = None
    product = 0
    for b, mask in lanes.by_bit:
        product += (bits & mask) << b
    count = len(lanes.bounds)
    draws: bytes | bytearray = product.to_bytes(count * 4, "little")[3::4]
    carries = lanes.carries
    if ((product & lanes.high_low) + lanes.high_low) & carries != carries:
        # some lane's low part is below _MAX_BOUND: test each such lane exactly
        redrawn = bytearray(draws)
        for k, m in enumerate(lanes.bounds):
            low = (product >> (_LANE_BITS * k)) & _DRAW_MASK
            if low < m and low < (1 << _DRAW_BITS) % m:
                redrawn[k], spare = (spare or Rng.from_seed(seed)).randrange(m)
        draws = redrawn
    return draws, spare


def _shuffled(pools: Sequence[tuple[int, ...]], draws: bytes | bytearray) -> list[list[int]]:
    """Each pool in the order of its Fisher-Yates shuffle from the end by ``draws`` (the
    first ``len(pool) - 1`` draws for the first pool, and so on)."""
    out: list[list[int]] = []
    k = 0
    for pool in pools:
        items = list(pool)
        n = len(items) - 1
        if n > 0:
            i = n  # position i swapped with draws[k + n - i], for i from n down to 1
            for j in draws[k : k + n]:
                items[i], items[j] = items[j], items[i]
                i -= 1
            k += n
        out.append(items)
    return out


def _deal(
    seed: int, pools: Sequence[tuple[int, ...]], lanes: _Lanes | None
) -> tuple[list[list[int]], Rng, Rng | None]:
    """[KG-7] The unseen cards of each pool in a uniformly random order, each pool
    independently of the others, for one seed; the dealt state's generator; the spare
    generator from ``seed`` after the draws it gave (None if it gave none).

    The random bits are SHAKE128 of the seed (:mod:`hashlib`, the same bytes on every
    platform): ``_DRAW_BITS`` bits per draw in one integer, then 8 bytes for the state's
    generator. A pool of ``n`` cards is shuffled by Fisher-Yates from the end, position
    ``i`` swapped with a uniform position ``j <= i`` (:func:`_deal_draws`), so each of
    the ``n!`` orders is the result of exactly one sequence of draws: every order is
    equally likely. Piles of more than ``_MAX_BOUND`` cards (no built-in deck has
    them; ``lanes`` is None) are shuffled by ``Rng.shuffle`` instead, as uniform.
    """
    if lanes is None:
        gen = Rng.from_seed(seed)
        dealt = []
        for pool in pools:
            order, gen = gen.shuffle(pool)
            dealt.append(list(order))
        child, gen = gen.split()
        return dealt, child, gen
    size = len(lanes.bounds) * 4
    digest = hashlib.shake_128(seed.to_bytes(8, "little")).digest(size + 8)
    draws, spare = _deal_draws(int.from_bytes(digest, "little") & lanes.draws, lanes, seed)
    return _shuffled(pools, draws), Rng.from_seed(int.from_bytes(digest[size:], "little")), spare


@attrs.frozen
class _Plan:
    """What :func:`determinize` needs of an observation before any draw, deck by deck in
    the order of ``_DECKS``: the unseen cards (in table order), the constants of their
    deal, each pile's size and the positions the observer knows; for a hidden hand
    (``hidden > 0``) the index of its deck, the function that lists the choices it
    offers and how many it offers at least; what each player knows of deck positions
    before the deal (``known``: all of it, unless another player knows a position;
    ``slots``: each such player with the deck and index of the positions they know,
    last first; ``singles``: then each card's set alone, :func:`_knowing`); every
    player's points as the cards give them, which the dealt state holds; the turned
    cards as a ``frozenset``; and whether the observer is to act (their legal moves
    are then the same in every deal; :func:`vouch_for`). Each pile is ``(size, fixed,
    placed)``: the positions the observer knows as a dict and as ``(index, card)``
    pairs by index."""

    unseen: tuple[tuple[int, ...], ...]
    lanes: _Lanes | None
    hidden: int
    hand: int
    offered: Callable[[tuple[int, ...]], tuple[int, ...]] | None
    least: int
    different: tuple[int, ...]
    piles: tuple[tuple[int, dict[int, int], tuple[tuple[int, int], ...]], ...]
    knowledge: tuple[PSet[int], ...]
    known: PVector[PSet[int]] | None
    slots: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    singles: tuple[PSet[int], ...]
    live: tuple[int, ...]
    turned: frozenset[int]
    acts: bool


#: The decks of hidden piles, in the order of :class:`_Plan`'s tuples.
_DECKS = (DeckKind.STANDARD, DeckKind.SPECIAL, DeckKind.ORDERS, DeckKind.STARTING)


#: The last observation planned and its plan: a search determinizes one observation
#: hundreds of times. Keyed by identity while it holds the observation (which is
#: immutable), so it never answers for another one.
_LAST_PLAN = LastValue[Observation, "_Plan | None"](
    "Kashgar: the plan of the last observation dealt", None
)


#: The last observation whose player is to act and the legal moves they have in every
#: state dealt from it, listed from the first (:func:`determinize`).
_LAST_MOVES = LastValue[Observation, tuple[Move, ...]](
    "Kashgar: the legal moves of the last observation's player to act", ()
)


@attrs.frozen
class _Hand:
    """What a hidden hand needs (:func:`_hand`): how many cards, from which deck, the
    choices a hand offers, how many it offers at least, the different candidates."""

    hidden: int = 0
    deck: DeckKind | None = None
    offered: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None
    least: int = 0
    different: tuple[int, ...] = ()


#: No hidden hand (most observations).
_NO_HAND = _Hand()


def _hand(obs: Observation, t: Table, pools: dict[DeckKind, tuple[int, ...]]) -> _Hand:
    """[KG-7] [KG-5] The cards another player holds unseen: how many, from which deck, and
    the choice the dealt hand must offer (the decision exists, so the cards held offer a
    choice: at least two cards to keep, or an order to fulfil, or none; copies of one
    card are one choice; an order must be eligible).

    :raises StateError: if no hand could offer the decision the observation shows.
    """
    pending = obs.pending
    if pending is None or not pending.hidden:
        return _NO_HAND
    assert pending.deck is not None
    hidden, hand_deck = pending.hidden, pending.deck
    pool = pools[hand_deck]
    if len(pool) < hidden:
        raise StateError("observation: more hidden cards in hand than unseen cards")
    offered: Callable[[tuple[int, ...]], tuple[int, ...]]
    if pending.kind is Decision.FULFILL:
        frame = obs.stack[-1]
        effect = frame_effects(t, frame)[frame.step - 1]
        track = obs.tracks[pending.player]

        def offer_fulfil(hand: tuple[int, ...]) -> tuple[int, ...]:
            return fulfill_options(t, obs.turned, track, effect, hand, True)

        offered, least = offer_fulfil, 1
        candidates = [o for o in pool if eligible_orders(t, track, effect, (o,))]
    else:
        deck = pending.deck

        def offer_keep(hand: tuple[int, ...]) -> tuple[int, ...]:
            return keep_options(t, obs.turned, hand, deck)

        offered, least = offer_keep, 2
        candidates = list(pool)
    different = distinct(t, obs.turned, candidates)
    if len(different) < least or hidden < least:
        raise StateError("observation: a decision among cards no hand could offer")
    return _Hand(hidden, hand_deck, offered, least, different)


def _plan(obs: Observation) -> _Plan:
    """The draw-independent part of :func:`determinize`, memoized for the last
    observation.

    :raises StateError: if the observation is inconsistent (sizes do not add up).
    """
    last, plan = _LAST_PLAN.pair
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
    hand = _hand(obs, t, pools)
    hidden, hand_deck = hand.hidden, hand.deck
    sizes = (obs.standard_size, obs.special_size, obs.order_deck_size, obs.starting_size)
    piles = []
    for deck, size in zip(_DECKS, sizes, strict=True):
        fixed = {k.index: k.card for k in obs.known if k.deck is deck}
        unseen = len(pools[deck]) - (hidden if deck is hand_deck else 0)
        if unseen != size - len(fixed):
            raise StateError(
                f"observation: the {deck.value} pile holds {size} cards but "
                f"{unseen + len(fixed)} are unseen"
            )
        if any(not 0 <= i < size for i in fixed):
            raise StateError(
                f"observation: a known place of the {deck.value} pile is not among its "
                f"{size} places"
            )
        piles.append((size, fixed, tuple(sorted(fixed.items()))))
    unseen_cards = tuple(pools[deck] for deck in _DECKS)
    largest = max(len(cards) for cards in unseen_cards)
    turned = turned_frozenset(obs.turned)
    live = all_points(t, obs.caravans, obs.orders_won, turned, obs.pending)
    players = obs.options.players
    knowledge: list[PSet[int]]
    if obs.others_known or known_cards:
        knowledge = [pset() for _ in range(players)]
        knowledge[obs.player] = pset(known_cards)
    else:
        knowledge = list(_no_knowledge(players))
    plan = _Plan(
        unseen=unseen_cards,
        lanes=_lanes(tuple(map(len, unseen_cards))) if largest <= _MAX_BOUND else None,
        hidden=hidden,
        hand=_DECKS.index(hand_deck) if hand_deck is not None else -1,
        offered=hand.offered,
        least=hand.least,
        different=hand.different,
        piles=tuple(piles),
        knowledge=tuple(knowledge),
        known=None if obs.others_known else pvector(knowledge),
        slots=_slots(obs.others_known),
        singles=_singles(obs.options, t) if obs.others_known else (),
        live=live,
        turned=turned,
        acts=not obs.over and (obs.active if pending is None else pending.player) == obs.player,
    )
    _LAST_PLAN.pair = (obs, plan)
    return plan


def determinize(observation: Observation, seed: int) -> State:
    """[KG-7] A full state the observer cannot tell from the real one: hidden piles and the
    cards another player is looking at are dealt at random from the unseen cards,
    keeping every card position the observer knows.

    Over the seeds, every arrangement of the hidden cards consistent with the
    observation comes out equally often: the unseen cards of each deck are put in a
    uniformly random order (:func:`_deal`: each order is the result of exactly one
    sequence of uniform draws), and they fill the pile's positions the observer does
    not know in that order, so every filling of those positions is equally likely; the
    piles are dealt independently. Cards another player holds unseen are the first
    cards of their deck's order (so a uniform hand, whose choices are redealt until the
    hand offers the decision the observation shows: the hands that do, each equally
    likely; should ``_REDEALS`` deals all fail, enough different candidates, two cards
    to keep or one eligible order, are put in the hand on purpose).

    :raises StateError: if the observation is inconsistent (sizes do not add up).
    :raises RulesError: for a seed that is not an integer from 0 to 2**64 - 1.
    """
    obs = observation
    last, plan = _LAST_PLAN.pair  # _plan's memo and check_seed's common case, inline
    if last is not obs or plan is None:
        plan = _plan(obs)
    if type(seed) is not int or not 0 <= seed <= MASK64:
        check_seed(seed)
    dealt, rng, spare = _deal(seed, plan.unseen, plan.lanes)
    pending = obs.pending
    if plan.hidden:
        assert pending is not None
        assert plan.offered is not None
        hidden, offered, least = plan.hidden, plan.offered, plan.least
        spare = spare or Rng.from_seed(seed)
        pool = dealt[plan.hand]
        held = tuple(pool[:hidden])
        options = offered(held)
        for _ in range(_REDEALS):
            if len(options) >= least:
                break
            shuffled, spare = spare.shuffle(pool)
            pool[:] = shuffled
            held = tuple(pool[:hidden])
            options = offered(held)
        else:  # rare: different candidates at random, the rest from the others
            some, spare = spare.sample(plan.different, least)
            pool[:] = [*some, *(c for c in pool if c not in some)]
            held = tuple(pool[:hidden])
            options = offered(held)
        del pool[:hidden]
        pending = attrs.evolve(pending, cards=held, options=options, hidden=0)
    piles: list[list[int]] = dealt
    for pool, (_, _, placed) in zip(dealt, plan.piles, strict=True):
        for i, card in placed:  # by index: each card lands at its own place
            pool.insert(i, card)
    if pending is not None and pending.kind is Decision.SEARCH:
        spare = spare or Rng.from_seed(seed)
        piles[1], spare = _searchable(obs, piles[1], plan.piles[1][1], spare)
    known = plan.known
    if known is None:  # another player knows where cards lie: which cards, in this deal
        knowledge = list(plan.knowledge)
        for player, places in plan.slots:
            cards = [piles[d][i] for d, i in places]
            knowledge[player] = _knowing(knowledge[player], cards, plan.singles)
        known = pvector(knowledge)
    standard, special, order_deck, starting = piles
    state = _state(
        obs,
        rng=rng,
        standard=pvector(standard),
        special=pvector(special),
        order_deck=pvector(order_deck),
        starting=pvector(starting),
        knowledge=known,
        points=plan.live,
        pending=pending,
    )
    moves = None
    if plan.acts:  # the observer's moves, the same in every dealt state: listed once
        key, listed = _LAST_MOVES.pair
        if key is obs:
            moves = listed
    vouch_for(state, plan.turned, moves)
    if plan.acts and moves is None:
        _LAST_MOVES.pair = (obs, legal_moves(state))
    return state


_PILES = {
    DeckKind.STANDARD: "standard",
    DeckKind.SPECIAL: "special",
    DeckKind.ORDERS: "order_deck",
    DeckKind.STARTING: "starting",
}


def redeal(state: State, seed: int) -> State:
    """[KG-7] ``state`` with what no player has seen dealt anew from ``seed``: each draw
    pile (Standard, Special, orders, the unused Starting cards) in a new random order,
    but a card a player put under a pile, which stays at its place (that player knows
    it); and a new generator for what is still random (the discard pile shuffled into
    an empty Standard pile). Everything open stays, and so do the cards a player is
    looking at (the pending decision's). Each pile is shuffled uniformly, independently
    of the others: "who wins from here?" over many seeds (``silkroad simulate --from``).

    :raises RulesError: for a seed that is not an integer from 0 to 2**64 - 1.
    """
    rng = Rng.from_seed(check_seed(seed))
    known = frozenset(c for cards in state.knowledge for c in cards)
    piles: list[PVector[int]] = []
    for field in _PILES.values():
        pile = getattr(state, field)
        free = [i for i, c in enumerate(pile) if c not in known]
        order, rng = rng.shuffle([pile[i] for i in free])
        cards = list(pile)
        for i, card in zip(free, order, strict=True):
            cards[i] = card
        piles.append(pvector(cards))
    standard, special, order_deck, starting = piles
    child, _ = rng.split()
    return attrs.evolve(
        state,
        rng=child,
        standard=standard,
        special=special,
        order_deck=order_deck,
        starting=starting,
    )


def known_facts(observation: Observation) -> tuple[Fact, ...]:
    """[KG-7] What the observer knows of the hidden cards, as facts a full state keeps:
    the card at each deck position they know (a card they put under a deck), and, for
    the cards another player looks at unseen, their deck and their number.

    (Which unseen cards each pile holds follows from the open places: every card not in
    sight lies in its own deck's pile, as ``validate`` demands of every state.)"""
    obs = observation
    t = table(obs.options)
    facts: list[Fact] = []
    for k in obs.known:
        pile = _PILES[k.deck]

        def at(state: State, pile: str = pile, index: int = k.index, card: int = k.card) -> bool:
            cards = getattr(state, pile)
            return index < len(cards) and cards[index] == card

        facts.append(
            Fact(f"{t.name[k.card]} lies at place {k.index + 1} of the {k.deck.value} pile", at)
        )
    pending = obs.pending
    if pending is not None and pending.hidden:
        deck, count, who = pending.deck, pending.hidden, pending.player
        kinds = (DeckKind.STANDARD, DeckKind.EXPANSION) if deck is DeckKind.STANDARD else (deck,)

        def held(state: State) -> bool:
            p = state.pending
            return (
                p is not None
                and p.player == who
                and p.deck is deck
                and len(p.cards) == count
                and all(t.deck_of[c] in kinds for c in p.cards)
            )

        assert deck is not None
        facts.append(Fact(f"P{who} looks at {count} cards of the {deck.value} deck", held))
    return tuple(facts)


def _searchable(
    obs: Observation, pile: list[int], fixed: dict[int, int], spare: Rng
) -> tuple[list[int], Rng]:
    """[KG-8] A dealt Special pile that offers the search the observation shows: a search
    offers the first card of each kind in the pile, so each offered card must be the
    first of its copies. Copies are identical, so the offered card trades places with the
    first copy dealt (which changes no card's kind, only which copy lies where: every deal
    of the kinds stays equally likely); when a position the observer knows stands in the
    way, the unknown positions are dealt again (rare: only cards put under the pile are
    known, at its bottom).

    :raises StateError: if no deal offers the search shown (an inconsistent observation).
    """
    assert obs.pending is not None
    t = table(obs.options)
    turned = turned_frozenset(obs.turned)
    discarded = [c for c in obs.discard if t.deck_of[c] is DeckKind.SPECIAL]
    offered = distinct(t, obs.turned, discarded)
    wanted = [c for c in obs.pending.options if c not in offered]
    free = [i for i in range(len(pile)) if i not in fixed]
    for _ in range(_REDEALS):
        out = list(pile)
        for card in wanted:
            key = twin_key(t, turned, card)
            first = next((i for i in free if twin_key(t, turned, out[i]) == key), None)
            at = out.index(card) if card in out else None
            if first is not None and at is not None and at in free:
                out[first], out[at] = out[at], out[first]
        if tuple(sorted((*distinct(t, obs.turned, sorted(out)), *offered))) == obs.pending.options:
            return out, spare
        cards, spare = spare.shuffle([pile[i] for i in free])
        for i, card in zip(free, cards, strict=True):
            pile[i] = card
    raise StateError("observation: no deal of the Special pile offers the search shown")


def _slots(others: Sequence[KnownSlot]) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The deck positions other players know, player by player (in the order each first
    appears), each player's ``(deck index, position)`` pairs last first."""
    places: dict[int, list[tuple[int, int]]] = {}
    for k in others:
        places.setdefault(k.player, []).append((_DECKS.index(k.deck), k.index))
    return tuple((player, tuple(reversed(pairs))) for player, pairs in places.items())


#: The most cards an empty ``pset`` takes one by one before its table grows (pyrsistent
#: grows it once its size passes two thirds of its 8 buckets).
_SMALL_SET = 12


def _knowing(base: PSet[int], cards: list[int], singles: Sequence[PSet[int]] = ()) -> PSet[int]:
    """``base`` with ``cards`` added one by one from the last, the same set, printed in the
    same order, as ``base.add`` card after card would give; made in one call when
    ``base`` is empty and small enough (``pset(cards)`` lists a table's colliding cards
    in the order given, ``add`` puts each one first). One call instead of an
    ``add`` per card (an evolver and a new map each): determinize went from 230.1k to
    196.9k instructions a call over the observations of seeded 3-player games
    (callgrind). A single card's set is read from ``singles`` (:func:`_singles`) when
    given: a ``pset`` of one card costs about 20k instructions (a 2-player search
    iteration 646.6k to 642.0k, 3 players 678.0k to 674.2k)."""
    if not base:
        if singles and len(cards) == 1:
            return singles[cards[0]]
        if len(cards) <= _SMALL_SET:
            return pset(cards)
    return base.update(reversed(cards))


#: The options of the last deal in which another player knows where cards lie, and per
#: card id the set of that card alone: the knowledge of one card put under a pile, the
#: most common, read instead of made in each deal.
_SINGLES = LastValue[Options, tuple[PSet[int], ...]](
    "Kashgar: the set of each card alone, for the last options", ()
)


def _singles(options: Options, t: Table) -> tuple[PSet[int], ...]:
    """Per card id of ``options``' table (``t``), the set of that card alone."""
    key, sets = _SINGLES.pair
    if key is options:
        return sets
    sets = tuple(pset((card,)) for card in range(t.n))
    _SINGLES.pair = (options, sets)
    return sets


@functools.cache
def _no_knowledge(players: int) -> PVector[PSet[int]]:
    """Nobody knows a deck position: one empty set per player (immutable, shared)."""
    return pvector(pset() for _ in range(players))
