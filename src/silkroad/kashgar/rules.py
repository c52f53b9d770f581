"""[KG-2]..[KG-8] The rules of Kashgar: setup, the turn, the effect engine, the end.

``apply`` copies the state into a small mutable work record, resolves the move and the
effects that follow it until the next decision (or the end of the turn), and builds
one new state. Card effects are interpreted from the data in the [KG-7] vocabulary;
nothing here knows a particular card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from itertools import repeat
from operator import add, is_, sub
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs
from pyrsistent import pset, pvector
from pyrsistent.typing import PSet, PVector

from silkroad.core.errors import StateError
from silkroad.core.game import Outcome
from silkroad.core.memo import LastValue
from silkroad.core.registry import illegal_move
from silkroad.core.rng import Rng
from silkroad.core.scoring import last_to_score
from silkroad.kashgar.cards import (
    RESOURCES,
    Amounts,
    Condition,
    DeckKind,
    Effect,
    Op,
    Resource,
    Target,
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
from silkroad.kashgar.state import Decision, Frame, FrameKind, Options, Pending, State
from silkroad.kashgar.table import CARAVANS, LAST_TABLE, Needs, Table, table
from silkroad.kashgar.table import needs as cost_needs

__all__ = [
    "CAPS",
    "DISPLAY_SIZE",
    "MAX_ACTIONS",
    "MAX_CARAVANS",
    "START_VALUE",
    "TURNS_PER_SEAT",
    "VP_GOAL",
    "all_points",
    "apply",
    "current_player",
    "distinct",
    "eligible_orders",
    "frame_effects",
    "fulfill_options",
    "is_over",
    "keep_options",
    "left_of",
    "legal_moves",
    "new_game",
    "order_refusal",
    "others",
    "outcome",
    "patriarch_options",
    "points",
    "remove_options",
    "scores",
    "search_options",
    "shortfall_text",
    "take_options",
    "turn_limit",
    "turned_frozenset",
    "twin_key",
    "unpaid",
    "vouch_for",
    "winners",
]

#: [KG-7] Track maxima: spices and gold 9, mules 6.
CAPS: Amounts = (9, 9, 9, 9, 9, 9, 6)
#: [KG-2] Every track starts at 3.
START_VALUE = 3
#: [KG-2] Caravans at setup; [KG-1] with the 13th Patriarch a player can have one more.
START_CARAVANS = 3
MAX_CARAVANS = CARAVANS
#: [KG-2] [KG-5.2] Face-up orders.
DISPLAY_SIZE = 4
#: [KG-6] Victory points that trigger the end.
VP_GOAL = 25
#: Most caravan (or parting) actions on one card face.
MAX_ACTIONS = 3
#: The game-length safeguard's turns per player and round (see ``turn_limit``).
TURNS_PER_SEAT = 3

_START_TRACK: Amounts = (START_VALUE,) * 7
_NO_AMOUNTS: Amounts = (0,) * 7
_MULES = list(Resource).index(Resource.MULES)
_CARAVAN_MOVES = tuple(
    tuple(CaravanAction(c, a) for a in range(MAX_ACTIONS)) for c in range(MAX_CARAVANS)
)
_PARTING_MOVES = tuple(
    tuple(PartingAction(c, a) for a in range(MAX_ACTIONS)) for c in range(MAX_CARAVANS)
)
_PASS_MOVES = tuple(Pass(c) for c in range(MAX_CARAVANS))
_PLACE_MOVES = tuple(Place(c) for c in range(MAX_CARAVANS))
_REMOVE_NONE = Remove(None)
_FULFILL_NONE = Fulfill(None)


# --------------------------------------------------------------------------- setup


def new_game(options: Options, seed: int) -> State:
    """[KG-2] Shuffle the decks from the seed's RNG, deal four orders, set one Patriarch
    aside, give each player three caravans (a Patriarch in front of a Starting card) and
    every track at 3; [KG-4] the lowest Starting rank starts."""
    t = table(options)
    n = options.players
    rng = Rng.from_seed(seed)
    patriarchs, rng = rng.shuffle(t.ids[DeckKind.PATRIARCH])
    starting, rng = rng.shuffle(t.ids[DeckKind.STARTING])
    standard, rng = rng.shuffle(t.ids[DeckKind.STANDARD] + t.ids[DeckKind.EXPANSION])
    special, rng = rng.shuffle(t.ids[DeckKind.SPECIAL])
    orders, rng = rng.shuffle(t.ids[DeckKind.ORDERS])
    caravans = []
    used_patriarchs = 1 + START_CARAVANS * n
    for p in range(n):
        caravans.append(
            pvector(
                pvector([patriarchs[1 + START_CARAVANS * p + i], starting[START_CARAVANS * p + i]])
                for i in range(START_CARAVANS)
            )
        )
    dealt = starting[: START_CARAVANS * n]
    lowest = min(dealt, key=lambda c: t.rank[c] or 0)
    start = dealt.index(lowest) // START_CARAVANS
    state = State(
        options=options,
        rng=rng,
        tracks=pvector([_START_TRACK] * n),
        caravans=pvector(caravans),
        orders_won=pvector([pvector() for _ in range(n)]),
        standard=pvector(standard),
        discard=pvector(),
        special=pvector(special),
        order_deck=pvector(orders[DISPLAY_SIZE:]),
        display=pvector(orders[:DISPLAY_SIZE]),
        starting=pvector(starting[START_CARAVANS * n :]),
        reserve=pvector(patriarchs[:1]),
        box=pvector(patriarchs[used_patriarchs:]),
        turned=pset(),
        knowledge=pvector([pset() for _ in range(n)]),
        active=start,
        start_player=start,
        round=0,
        turns=0,
        points=tuple(_points_of(t, caravans[p], (), pset()) for p in range(n)),
        history=(),
        pending=None,
        stack=(),
        extra_turns=0,
        end_triggered=False,
        over=False,
    )
    _MADE.pair = (state, None)
    return state


# --------------------------------------------------------------------------- queries


def current_player(state: State) -> int | None:
    """[KG-4] Who decides now: the active player, an opponent deciding for a Herder, or
    None once the game is over."""
    if state.over:
        return None
    if state.pending is not None:
        return state.pending.player
    return state.active


def is_over(state: State) -> bool:
    """[KG-6] Whether the game has ended."""
    return state.over


def _points_of(
    t: Table, caravans: Sequence[Sequence[int]], orders: Sequence[int], turned: Set[int]
) -> int:
    """[KG-6] Order VP plus the VP of the person cards (the face showing)."""
    order_vp, order_grain = t.order_vp, t.order_grain
    total = sum(order_vp[o] for o in orders)
    grain = sum(order_grain[o] for o in orders)
    vp_fixed, vpg_fixed = t.vp_fixed, t.vpg_fixed
    for caravan in caravans:
        for card in caravan:
            v = vp_fixed[card]
            if v is None:
                face = t.face(card, card in turned)
                total += face.vp + face.vp_per_grain * grain
            else:
                total += v + vpg_fixed[card] * grain
    return total


def _held_by(pending: Pending | None, player: int) -> Sequence[int]:
    """The person cards of ``player`` out of their caravans for a moment: the front cards
    a Herder made them lift, which they are placing ([KG-8]). Drawn cards held by a
    decision are nobody's yet."""
    if pending is not None and pending.kind is Decision.HERD and pending.player == player:
        return pending.cards
    return ()


def _count_points(
    t: Table,
    caravans: Sequence[Sequence[int]],
    orders: Sequence[int],
    turned: Set[int],
    held: Sequence[int],
) -> int:
    """[KG-6] [KG-7] A player's points as their cards and orders give them at this moment,
    mid-turn included: ``held`` are their front cards lifted by a Herder."""
    if held:
        caravans = (*caravans, held)
    return _points_of(t, caravans, orders, turned)


def all_points(
    t: Table,
    caravans: Sequence[Sequence[Sequence[int]]],
    orders_won: Sequence[Sequence[int]],
    turned: Set[int],
    pending: Pending | None,
) -> tuple[int, ...]:
    """[KG-6] [KG-7] The points of every player as the cards and orders give them now
    (:func:`points` of each; the state's stored points always agree), from the parts of a
    state: for ``validate`` and ``determinize``, which count before a state exists."""
    return tuple(
        _count_points(t, caravans[q], orders_won[q], turned, _held_by(pending, q))
        for q in range(len(caravans))
    )


def points(state: State, player: int) -> int:
    """[KG-6] [KG-7] Victory points: fulfilled orders plus the person cards in the
    caravans (and, while a Herder's victim places them, their lifted front cards), counted
    from the cards at this moment, in the middle of a turn too."""
    t = table(state.options)
    return _count_points(
        t,
        state.caravans[player],
        state.orders_won[player],
        state.turned,
        _held_by(state.pending, player),
    )


def scores(state: State) -> tuple[int, ...]:
    """[KG-6] [KG-7] Each player's victory points at this moment (always visible; equal
    to ``state.points`` in every state the rules make)."""
    t = table(state.options)
    return all_points(t, state.caravans, state.orders_won, state.turned, state.pending)


def outcome(state: State) -> Outcome:
    """[KG-6] Ongoing; finished by the rules (the round after someone reached 25 VP); or
    truncated: stopped by the game-length safeguard (no rule), or because nobody could
    take a turn ([Rulings] 4), with no result."""
    if not state.over:
        return Outcome.ONGOING
    return Outcome.TRUNCATED if state.truncated else Outcome.FINISHED


def winners(state: State) -> tuple[int, ...]:
    """[KG-6] Most VP wins; among tied players, the one who earned points last
    ([Rulings] 11); all of them if none ever earned points. Empty while the game goes
    on, and for a truncated game."""
    if not state.over or state.truncated:
        return ()
    s = scores(state)
    best = max(s)
    tied = [p for p, v in enumerate(s) if v == best]
    if len(tied) == 1:
        return (tied[0],)
    return last_to_score(tied, state.history)


def _payable(track: Amounts, cost: Amounts) -> bool:
    """[KG-4.A] Whether the tracks cover a cost (unrolled: this is the hot path)."""
    a, b, c, d, e, f, g = track
    ca, cb, cc, cd, ce, cf, cg = cost
    return a >= ca and b >= cb and c >= cc and d >= cd and e >= ce and f >= cf and g >= cg


def legal_moves(state: State) -> tuple[Move, ...]:
    """[KG-4] The legal moves of the player to act, in a fixed order; empty iff over.

    Without a pending decision: for each caravan with a front card, its payable caravan
    actions, its payable parting actions, and Pass unless the card is a "!" card
    ([KG-4.C]; [Rulings] a "!" card with no payable action may be passed).
    """
    key, listed = _LEGAL.pair
    if key is state:
        return listed
    moves = _legal_moves(state)
    if not moves and not state.over:
        raise _dead_end(state)
    _LEGAL.pair = (state, moves)
    return moves


def _dead_end(state: State) -> StateError:
    """A state not over with no legal move (the rules never leave one; an edited state
    that ``validate`` let through): refused, never an empty move list."""
    waits = "" if state.pending is None else f", {state.pending.kind.value} decision"
    return StateError(
        f"a dead end: the Kashgar state of round {state.round}, turn {state.turns}, "
        f"player {state.active} to act{waits}, is not over but has no legal move"
    )


#: The legal moves of the last state listed: ``apply`` checks a move against the moves
#: the caller just listed without computing them again (:mod:`silkroad.core.memo`).
_LEGAL = LastValue[State, tuple[Move, ...]]("Kashgar: the legal moves of the last state", ())


def _legal_moves(state: State) -> tuple[Move, ...]:
    if state.over:
        return ()
    pending = state.pending
    if pending is None:
        return _main_moves(state)
    kind = pending.kind
    if kind is Decision.GAIN:
        return tuple(Gain(c) for c in pending.choices)
    t = table(state.options)
    if kind is Decision.KEEP or kind is Decision.SEARCH:
        return tuple(map(t.keep_moves.__getitem__, pending.options))
    if kind is Decision.TAKE:
        return tuple(map(t.take_moves.__getitem__, pending.options))
    if kind is Decision.FULFILL:  # [KG-5.X] the player may fulfil an order, or none
        return (*map(t.fulfill_moves.__getitem__, pending.options), _FULFILL_NONE)
    if kind is Decision.REMOVE:
        return (*map(t.remove_moves.__getitem__, pending.options), _REMOVE_NONE)
    if kind is Decision.HERD:
        source = pending.sources[0]
        return tuple(_PLACE_MOVES[c] for c in pending.options if c != source)
    return tuple(_PLACE_MOVES[c] for c in pending.options)


def _main_moves(state: State) -> tuple[Move, ...]:
    """[KG-4] The moves of the front cards, from the plan of each card's face
    (``Table.plans``): the actions :func:`unpaid` finds payable (its test, inline: this
    is the hot path), and Pass unless a "!" card has one ([KG-4.C]). ``explain`` reads
    the same plans for its reasons. A face without costs has its moves made once
    (``Table.free_moves``), and the memos of the table and of the turned cards are read
    here without a call: 86.9k to 82.8k instructions per decision (callgrind, 3 players).
    """
    options = state.options
    known, t = LAST_TABLE.pair
    if known is not options:
        t = table(options)
    turned = state.turned
    last, frozen = _TURNED.pair
    if last is not turned:
        frozen = turned_frozenset(turned)
    p = state.active
    track = state.tracks[p]
    plans, free_moves = t.plans, t.free_moves
    moves: list[Move] = []
    append = moves.append
    c = -1
    for caravan in state.caravans[p]:
        c += 1
        if not caravan:
            continue
        card = caravan[0]
        side = card + card + (card in frozen)
        free = free_moves[side]
        if free is not None:
            moves += free[c]
            continue
        caravan_actions, parting_actions, must_act = plans[side]
        acted = False
        if caravan_actions:
            by_caravan = _CARAVAN_MOVES[c]
            for a, needs in caravan_actions:
                for i, need in needs:  # [KG-4.A] each track the cost names covers it
                    if track[i] < need:
                        break
                else:
                    append(by_caravan[a])
                    acted = True
        if parting_actions:
            by_parting = _PARTING_MOVES[c]
            for a, needs in parting_actions:
                for i, need in needs:
                    if track[i] < need:
                        break
                else:
                    append(by_parting[a])
                    acted = True
        if not must_act or not acted:
            append(_PASS_MOVES[c])
    return tuple(moves)


#: The last set of turned cards asked about, as a ``frozenset`` (a look-up in it is much
#: cheaper than in the ``PSet``, and the set of a state is passed on unchanged from state
#: to state until a card turns; :mod:`silkroad.core.memo`).
_TURNED = LastValue[PSet[int], frozenset[int]](
    "Kashgar: the last set of turned cards, as a frozenset", frozenset()
)


def turned_frozenset(turned: PSet[int]) -> frozenset[int]:
    """``turned`` (the cards showing their back, [KG-1]) as a ``frozenset``, made once per
    set: the evaluation and the observation test membership many times per state."""
    key, known = _TURNED.pair
    if key is turned:
        return known
    frozen = frozenset(turned)
    _TURNED.pair = (turned, frozen)
    return frozen


def _toggle(turned: PSet[int], card: int) -> PSet[int]:
    """``turned`` with ``card`` added, or removed if it is in; the new set becomes the
    one ``turned_frozenset`` remembers (the next look-ups are in it)."""
    frozen = turned_frozenset(turned)
    new = turned.remove(card) if card in frozen else turned.add(card)
    _TURNED.pair = (new, frozen ^ {card})
    return new


# --------------------------------------------------------------------------- apply

if TYPE_CHECKING:  # to the type checker the records below are classes of their own
    _Mutable: TypeAlias = object
    _MutableFrame: TypeAlias = object
    _MutablePending: TypeAlias = object
else:  # the classes they become: the same layout, so ``__class__`` may be assigned
    _Mutable, _MutableFrame, _MutablePending = State, Frame, Pending


class _Work(_Mutable):
    """A mutable copy of the state's fields for one ``apply`` (pyrsistent values,
    reassigned, never mutated), which becomes the new state at the end.

    ``points`` is every player's points as the cards give them now, kept up to date by
    each event that changes them (:func:`_vp_event`, :func:`_turn_card`), so the new
    state shows them at every decision ([KG-7]).

    The record is a :class:`State` whose fields may be assigned (a subclass that adds no
    slot), so :meth:`freeze` makes it the new state by assigning its class, which Python
    allows between classes of one layout: one assignment instead of a slot setter
    called per field. With frames made the same way (:func:`_frame`) this took 111.1k
    instructions per decision down to 89.2k (benchmarks/instructions.py, 3 players).

    Its ``__init__`` is generated from the fields of :class:`State` (:func:`_work_init`);
    the annotations below are the type checker's view only (mypy keeps the fields of a
    frozen class read-only in its subclasses), held to State's fields at import.
    """

    __slots__ = ()  # the slots of State, nothing more
    # mutable, unlike State: both, so that Python sets a slot directly (its C setter)
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    options: Options
    rng: Rng
    tracks: PVector[Amounts]
    caravans: PVector[PVector[PVector[int]]]
    orders_won: PVector[PVector[int]]
    standard: PVector[int]
    discard: PVector[int]
    special: PVector[int]
    order_deck: PVector[int]
    display: PVector[int]
    starting: PVector[int]
    reserve: PVector[int]
    box: PVector[int]
    turned: PSet[int]
    knowledge: PVector[PSet[int]]
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
    truncated: bool
    suspended: tuple[tuple[Frame, ...], ...]

    if TYPE_CHECKING:  # generated below from State's fields (:func:`_work_init`)

        def __init__(self, state: State, t: Table) -> None: ...

    def freeze(self) -> State:
        """The new state: this record, now of class :class:`State` (same slots, every
        one set; states have no validators). The record is not used after."""
        self.__class__ = State  # type: ignore[assignment]
        return self  # type: ignore[return-value]  # now a State


_STATE_FIELDS = tuple(f.name for f in attrs.fields(State))
assert set(_STATE_FIELDS) == set(vars(_Work)["__annotations__"]), "_Work's types are State's"
assert set(_STATE_FIELDS) == set(vars(State)["__slots__"]) - {"__weakref__"}, "State has only slots"


def _work_init() -> Callable[[_Work, State, Table], None]:
    """``_Work.__init__``, generated once from the fields of :class:`State` (as
    :func:`silkroad.core.evolve.replace` is): every field copied from the state, but
    ``points``: those of a state the rules made (its points are the cards'), otherwise
    counted from the cards, then counted on. The same code as written out field by
    field, so the copy costs what it did (78.7k instructions per decision either way,
    benchmarks/instructions.py, 3 players)."""
    lines = ["def __init__(self, state, t):"]
    lines += [f"    self.{name} = state.{name}" for name in _STATE_FIELDS if name != "points"]
    lines += [
        "    if _MADE.pair[0] is state:",
        "        self.points = state.points",
        "    else:",
        "        self.points = all_points(",
        "            t, state.caravans, state.orders_won, state.turned, state.pending",
        "        )",
    ]
    scope: dict[str, Any] = {}
    exec("\n".join(lines), globals(), scope)  # generated from State's own fields
    init: Callable[[_Work, State, Table], None] = scope["__init__"]
    return init


setattr(_Work, "__init__", _work_init())  # noqa: B010  # the class is built; its copy now
_new = object.__new__


class _NewFrame(_MutableFrame):
    """A :class:`Frame` being made: its fields set one by one, then the class assigned
    (as :meth:`_Work.freeze` makes the state), cheaper than the frozen ``__init__``,
    which sets each field through ``object.__setattr__``."""

    __slots__ = ()  # the slots of Frame, nothing more
    # mutable, unlike Frame: both, so that Python sets a slot directly (its C setter)
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    player: int
    caravan: int
    card: int
    kind: FrameKind
    action: int
    turned: bool
    step: int


assert set(vars(_NewFrame)["__annotations__"]) == {f.name for f in attrs.fields(Frame)}, (
    "_frame sets every field of Frame"
)


def _frame(
    player: int, caravan: int, card: int, kind: FrameKind, action: int, turned: bool, step: int
) -> Frame:
    """``Frame(...)`` built through its slots, as ``_Work.freeze`` builds the state."""
    f = _new(_NewFrame)
    f.player = player
    f.caravan = caravan
    f.card = card
    f.kind = kind
    f.action = action
    f.turned = turned
    f.step = step
    f.__class__ = Frame  # type: ignore[assignment]
    return f  # type: ignore[return-value]  # now a Frame


class _NewPending(_MutablePending):
    """A :class:`Pending` being made, as :class:`_NewFrame` makes a frame."""

    __slots__ = ()  # the slots of Pending, nothing more
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    kind: Decision
    player: int
    cards: tuple[int, ...]
    options: tuple[int, ...]
    choices: tuple[Amounts, ...]
    keep: int
    deck: DeckKind | None
    queue: tuple[int, ...]
    sources: tuple[int, ...]
    hidden: int


assert [*vars(_NewPending)["__annotations__"]] == [f.name for f in attrs.fields(Pending)], (
    "_pending sets every field of Pending"
)


def _pending(
    kind: Decision,
    player: int,
    cards: tuple[int, ...] = (),
    options: tuple[int, ...] = (),
    choices: tuple[Amounts, ...] = (),
    keep: int = 0,
    deck: DeckKind | None = None,
    queue: tuple[int, ...] = (),
    sources: tuple[int, ...] = (),
    hidden: int = 0,
) -> Pending:
    """``Pending(...)`` (the same parameters) built through its slots, as :func:`_frame`
    builds a frame, not through the frozen ``__init__`` (with the payout frames made by
    :func:`_frame` too: 80.9k to 78.0k instructions per decision, callgrind, 3 players)."""
    d = _new(_NewPending)
    d.kind = kind
    d.player = player
    d.cards = cards
    d.options = options
    d.choices = choices
    d.keep = keep
    d.deck = deck
    d.queue = queue
    d.sources = sources
    d.hidden = hidden
    d.__class__ = Pending  # type: ignore[assignment]
    return d  # type: ignore[return-value]  # now a Pending


def _at_step(frame: Frame, step: int) -> Frame:
    """``frame`` at effect ``step``."""
    return _frame(
        frame.player, frame.caravan, frame.card, frame.kind, frame.action, frame.turned, step
    )


#: The last state ``apply``, ``new_game`` or ``determinize`` made, whose ``points`` are
#: therefore those its cards give: the next ``apply`` from that state goes on counting
#: from them instead of counting again. Keyed by identity, so it never vouches for
#: another state (one built by hand is counted from its cards; :mod:`silkroad.core.memo`).
_MADE = LastValue[State, None]("Kashgar: the last state the rules made", None)


def vouch_for(state: State, turned: frozenset[int], moves: tuple[Move, ...] | None) -> None:
    """Vouch for ``state``, made outside ``apply`` (by ``determinize``) with its points
    counted from its cards, as ``apply`` does for the states it makes; ``turned`` is
    ``state.turned`` as a ``frozenset``, which :func:`turned_frozenset` answers for it
    from now on; ``moves``, unless None, are its legal moves, which :func:`legal_moves`
    answers for it (and ``apply`` checks a move against).

    ``determinize`` hands on the set its plan made once per observation (the search's
    last moves had pushed the observation's set out of the memo: a search iteration
    720.0k to 709.7k instructions at 3 players) and, when the observer is to act, the
    moves listed from the first state dealt from the observation: every state dealt
    from it gives the player to act the same moves (they know what they may do; the
    conformance harness checks it, listing them afresh), so a search lists them once
    per observation (689.2k to 681.4k; 2 players 659.0k to 651.9k)."""
    _MADE.pair = (state, None)
    _TURNED.pair = (state.turned, turned)
    if moves is not None:
        _LEGAL.pair = (state, moves)


def apply(state: State, move: Move) -> State:
    """[KG-4] The state after ``move``; the given state is never changed.

    :raises IllegalMoveError: if ``move`` is not among ``legal_moves(state)``.
    """
    key, legal = _LEGAL.pair
    if key is not state:
        legal = legal_moves(state)
    if not any(map(is_, legal, repeat(move))):  # not the very object legal_moves listed
        try:  # one scan: the legal move equal to it (0.0 for 0)
            move = legal[legal.index(move)]
        except ValueError:  # the message leads with the rule that refuses it
            raise illegal_move("kashgar", state, move) from None
    options = state.options
    known, t = LAST_TABLE.pair  # table(options), read without a call
    if known is not options:
        t = table(options)
    w = _Work(state, t)
    if w.pending is None:
        _start_action(w, t, move)
    else:
        _decide(w, t, move)
    _run(w, t)
    new = w.freeze()
    _MADE.pair = (new, None)
    return new


def _set_caravan(w: _Work, p: int, c: int, cards: PVector[int]) -> None:
    w.caravans = w.caravans.set(p, w.caravans[p].set(c, cards))


def _append_to_caravan(w: _Work, p: int, c: int, card: int) -> None:
    _set_caravan(w, p, c, w.caravans[p][c].append(card))


def _grain_orders(w: _Work, t: Table, p: int) -> int:
    order_grain = t.order_grain
    return sum(order_grain[o] for o in w.orders_won[p])


def _card_vp(w: _Work, t: Table, p: int, card: int) -> int:
    """[KG-6] What ``card`` adds to ``p``'s points while in their caravans (the side
    showing; the Farmer counts per grain-field order ``p`` owns)."""
    fixed = t.vp_fixed[card]
    if fixed is not None:
        return fixed + t.vpg_fixed[card] * _grain_orders(w, t, p) if t.vpg_fixed[card] else fixed
    face = t.face(card, card in turned_frozenset(w.turned))
    return face.vp + face.vp_per_grain * _grain_orders(w, t, p)


def _vp_event(w: _Work, t: Table, p: int, gain: int, *, earned: bool = True) -> None:
    """[KG-6] An event changed ``p``'s points by ``gain``.

    Any rise that brings ``p`` to 25 VP triggers the end at once, whoever's turn it is.
    A rise that comes with something gained (an order, a person card worth points, a
    side worth more) on ``p``'s own turn is points earned, for the tie-break ([Rulings]
    11); a card worth less than nothing leaving is not (``earned`` false).
    """
    live = w.points
    live = w.points = (*live[:p], live[p] + gain, *live[p + 1 :])
    if gain <= 0:
        return
    if earned and p == w.active:
        w.history = (*w.history, p)
    if not w.end_triggered and live[p] >= VP_GOAL:
        w.end_triggered = True


def _join(w: _Work, t: Table, p: int, c: int, card: int) -> None:
    """A card from outside ``p``'s caravans joins the back of caravan ``c``."""
    _append_to_caravan(w, p, c, card)
    _vp_event(w, t, p, _card_vp(w, t, p, card))


def _pay(w: _Work, p: int, cost: Amounts) -> None:
    if any(cost):
        a, b, c, d, e, f, g = map(sub, w.tracks[p], cost)
        w.tracks = w.tracks.set(p, (a, b, c, d, e, f, g))


def _start_action(w: _Work, t: Table, move: Move) -> None:
    """[KG-4.A] [KG-4.B] [KG-4.C] Select the front card and act with it."""
    p = w.active
    kind = type(move)  # a legal move: one of the three, never a subclass
    assert kind is CaravanAction or kind is PartingAction or kind is Pass
    c = move.caravan  # type: ignore[union-attr]
    caravans = w.caravans
    mine = caravans[p]
    caravan = mine[c]
    card = caravan[0]
    rest = caravan.delete(0)
    if kind is Pass:
        w.caravans = caravans.set(p, mine.set(c, rest.append(card)))
        return
    assert isinstance(move, CaravanAction | PartingAction)
    last, frozen = _TURNED.pair  # turned_frozenset and Table.face, inline (the hot path)
    if last is not w.turned:
        frozen = turned_frozenset(w.turned)
    turned = card in frozen
    face = t.back[card] if turned else None
    if face is None:  # the front, or a one-sided card turned over
        face = t.front[card]
        assert face is not None
    if kind is CaravanAction:
        # [KG-4.A] the card goes to the back of its caravan, then the action.
        w.caravans = caravans.set(p, mine.set(c, rest.append(card)))
        _pay(w, p, face.caravan[move.action].cost)
        w.stack = (_frame(p, c, card, FrameKind.CARAVAN, move.action, turned, 0),)
    else:
        # [KG-4.B] the card leaves the game, then the action.
        lost = _card_vp(w, t, p, card)
        _set_caravan(w, p, c, rest)
        w.box = w.box.append(card)
        _vp_event(w, t, p, -lost, earned=False)
        _pay(w, p, face.parting[move.action].cost)
        w.stack = (_frame(p, c, card, FrameKind.PARTING, move.action, turned, 0),)


def frame_effects(t: Table, frame: Frame) -> tuple[Effect, ...]:
    """[KG-4.A] [KG-4.B] [KG-5.1] The effects of the action a frame of the pending stack
    resolves: an order's payout, or a caravan or parting action of the face showing."""
    if frame.kind is FrameKind.PAYOUT:
        od = t.order[frame.card]
        assert od is not None
        return od.payout
    card = frame.card
    face = t.back[card] if frame.turned else None
    if face is None:  # the front, or a one-sided card turned over (Table.face)
        face = t.front[card]
        assert face is not None
    actions = face.caravan if frame.kind is FrameKind.CARAVAN else face.parting
    return actions[frame.action].effects


def _run(w: _Work, t: Table) -> None:
    """[KG-4] Resolve effects until a decision is needed or the turn is over.

    The effects of the top frame run one after the other while none of them asks for a
    decision or pushes a frame (an order's payout); the frame, at its next effect, is
    put back on the stack only if it is still needed then, and dropped once its last
    effect has run. [KG-8] "Take another turn" ends the action there: the turn ends and
    the other turn begins; the effects printed after it wait (``suspended``) until that
    turn is over."""
    while w.pending is None and not w.over:
        stack = w.stack
        if not stack:
            _end_turn(w, t)  # a new turn, or an action that gave one going on
            if not w.stack:
                return
            continue
        frame = stack[-1]
        effects = frame_effects(t, frame)
        step = frame.step
        count = len(effects)
        while step < count:
            _execute(w, t, frame, effects[step])  # never reads the frame's step
            step += 1
            if w.pending is not None or w.stack is not stack:
                break
        if step >= count and w.pending is None and w.stack is stack:
            w.stack = stack[:-1]  # done
        elif w.stack:  # at its next effect, under any frame pushed
            w.stack = (*stack[:-1], _at_step(frame, step), *w.stack[len(stack) :])
        else:  # another turn now (the stack was emptied): the rest waits for its end
            rest = (*stack[:-1], _at_step(frame, step))
            if any(f.step < len(frame_effects(t, f)) for f in rest):
                w.suspended = (*w.suspended, rest)


# --------------------------------------------------------------------------- effects


def _increase(track: Amounts, amounts: Amounts) -> Amounts:
    """[KG-7] Increase, capped at 9 (mules 6); the excess is forfeited."""
    a, b, c, d, e, f, g = map(min, CAPS, map(add, track, amounts))
    return (a, b, c, d, e, f, g)


def _decrease(track: Amounts, amounts: Amounts) -> Amounts:
    a, b, c, d, e, f, g = map(max, _NO_AMOUNTS, map(sub, track, amounts))
    return (a, b, c, d, e, f, g)


def _set(track: Amounts, amounts: Amounts) -> Amounts:
    """[KG-7] Set the named tracks (-1: not named) to exactly the given value."""
    a, b, c, d, e, f, g = (v if x < 0 else x for v, x in zip(track, amounts, strict=True))
    return (a, b, c, d, e, f, g)


def _holds(track: Amounts, cond: Condition) -> bool:
    value = track[list(Resource).index(cond.resource)]
    if cond.at_least is not None and value < cond.at_least:
        return False
    return cond.at_most is None or value <= cond.at_most


def others(players: int, p: int) -> list[int]:
    """[KG-4] The players other than ``p``, clockwise from the left neighbour (the order
    of a Herder's opponents and of effects on every other player)."""
    return [(p + i) % players for i in range(1, players)]


def left_of(players: int, p: int) -> int:
    """[KG-4] [KG-8] The player on the left of ``p``: the next in turn order."""
    return (p + 1) % players


def search_options(
    t: Table, turned: PSet[int], special: Sequence[int], discard: Sequence[int]
) -> tuple[int, ...]:
    """[KG-8] The Special cards a Messenger's search may keep: one of each kind in the
    Special deck and one of each on the discard pile, by id.

    The deck is shuffled after a search: a copy from it is as good as another, and so is
    one from the discard pile; the two places stay apart. The copy offered from the deck
    is the lowest id, not the highest in the deck: its order is hidden (and a
    determinized deck must offer the same moves)."""
    discarded = [c for c in discard if t.deck_of[c] is DeckKind.SPECIAL]
    return tuple(sorted((*distinct(t, turned, sorted(special)), *distinct(t, turned, discarded))))


def take_options(t: Table, turned: PSet[int], discard: Sequence[int]) -> tuple[int, ...]:
    """[KG-7] The cards of the discard pile an action may take, one of each kind."""
    return distinct(t, turned, sorted(set(discard)))


def remove_options(t: Table, turned: PSet[int], row: Sequence[int], card: int) -> tuple[int, ...]:
    """[KG-7] The cards of the caravan ``row`` that the action of ``card`` may remove: the
    others, one of each run of copies."""
    return distinct(t, turned, [c for c in row if c != card], row, card)


def patriarch_options(caravans: int, caravan: int) -> tuple[int, ...]:
    """Where the set-aside Patriarch may go: the back of ``caravan``, or a new caravan
    when the player has fewer than the most (``caravans`` is how many they have)."""
    if caravans < MAX_CARAVANS:
        return (caravan, caravans)
    return (caravan,)


def twin_key(t: Table, turned: Set[int], card: int) -> int:
    """Cards with the same key are identical components: copies of one definition,
    showing the same side."""
    return 2 * t.kind[card] + (card in turned and t.back[card] is not None)


def distinct(
    t: Table,
    turned: PSet[int],
    options: Sequence[int],
    row: Sequence[int] | None = None,
    fixed: int | None = None,
) -> tuple[int, ...]:
    """``options`` less each card that is a copy of an earlier option, so that a choice
    between identical components is offered once (docs/kashgar.md, "Identical
    components").

    Without ``row`` the cards lie where order is nobody's concern (the display, the
    discard pile, a deck about to be shuffled): any copy is as good as another. With
    ``row`` (the ordered cards the option is taken from: a caravan, cards that go under
    a deck in order) a copy is dropped only when taking it leaves ``row`` the same
    sequence of cards, i.e. it lies in the same run of copies; ``fixed`` is a card of
    the row that stands for itself (the card whose action it is).
    """
    frozen = turned_frozenset(turned)
    out: list[int] = []
    if row is None:  # twin_key inline, no call per card (ISMCTS 720.5k -> 714.5k, 3 players)
        kind, back = t.kind, t.back
        keys: set[int] = set()
        for card in options:
            key = 2 * kind[card] + (card in frozen and back[card] is not None)
            if key not in keys:
                keys.add(key)
                out.append(card)
        return tuple(out)
    seen: set[tuple[int | None, ...]] = set()
    for card in options:
        runs = tuple(None if c == fixed else twin_key(t, frozen, c) for c in row if c != card)
        if runs not in seen:
            seen.add(runs)
            out.append(card)
    return tuple(out)


def _execute(w: _Work, t: Table, frame: Frame, eff: Effect) -> None:
    op = eff.op
    p = frame.player
    if op is Op.INCREASE or op is Op.DECREASE or op is Op.SET:
        _track_effect(w, frame, eff)
    elif op is Op.DRAW:
        _draw(w, t, frame, eff)
    elif op is Op.TAKE_DISCARD:
        options = take_options(t, w.turned, w.discard)
        if len(options) == 1:
            _take_discard(w, t, frame, options[0])
        elif options:
            w.pending = _pending(Decision.TAKE, p, options=options)
    elif op is Op.TURN:
        _turn_card(w, t, p, frame.card)
    elif op is Op.REMOVE:
        options = remove_options(t, w.turned, w.caravans[p][frame.caravan], frame.card)
        if options:
            w.pending = _pending(Decision.REMOVE, p, options=options)
    elif op is Op.FULFILL:
        _fulfill_effect(w, t, frame, eff)
    elif op is Op.TAKE_PATRIARCH:
        if w.reserve:
            options = patriarch_options(len(w.caravans[p]), frame.caravan)
            if len(options) == 1:
                _place_patriarch(w, t, p, options[0])
            else:
                w.pending = _pending(Decision.PLACE_PATRIARCH, p, options=options)
    elif op is Op.MOVE_TO_LEFT:
        # [KG-8] any caravan of the left player, an empty one too; this player chooses.
        if frame.card in w.caravans[p][frame.caravan]:
            options = tuple(range(len(w.caravans[left_of(w.options.players, p)])))
            if len(options) == 1:
                _move_to_left(w, t, frame, options[0])
            else:
                w.pending = _pending(Decision.PLACE_LEFT, p, options=options)
    elif op is Op.EXTRA_TURN:
        # [KG-8] the other turn is taken at this point of the action (the printed
        # order): the turn ends here, and ``_run`` keeps any effect after this one
        w.extra_turns += 1
        w.stack = ()
    elif op is Op.HERD:
        _herd_next(w, tuple(others(w.options.players, p)))
    elif op is Op.SEARCH:
        options = search_options(t, w.turned, w.special, w.discard)
        if len(options) == 1:
            _search_keep(w, t, frame, options[0])
        elif options:
            w.pending = _pending(Decision.SEARCH, p, options=options, deck=DeckKind.SPECIAL)
    else:  # pragma: no cover - every Op is handled above
        raise AssertionError(op)


def _track_effect(w: _Work, frame: Frame, eff: Effect) -> None:
    """[KG-7] Increase / Decrease / Set, for the acting player or every other player."""
    p = frame.player
    cond = eff.condition
    if (
        cond is not None
        and cond.any_other
        and not any(_holds(w.tracks[q], cond) for q in others(w.options.players, p))
    ):
        return
    targets = [p] if eff.target is Target.SELF else others(w.options.players, p)
    choices = eff.choices
    if len(choices) > 1:
        alternatives = tuple(dict.fromkeys(choices))
        if len(alternatives) > 1:
            w.pending = _pending(Decision.GAIN, p, choices=alternatives)
            return
    amounts = choices[0]
    fn = _increase if eff.op is Op.INCREASE else _decrease if eff.op is Op.DECREASE else _set
    tracks = w.tracks
    for q in targets:
        if cond is not None and not cond.any_other and not _holds(tracks[q], cond):
            continue
        tracks = tracks.set(q, fn(tracks[q], amounts))
    w.tracks = tracks


def _draw_standard(w: _Work, n: int) -> list[int]:
    """[Rulings] Draw from the Standard deck; when it is empty, the discard pile is
    shuffled into a new deck; with both empty, fewer cards are drawn."""
    drawn: list[int] = []
    while len(drawn) < n:
        if not w.standard:
            if not w.discard:
                break
            shuffled, w.rng = w.rng.shuffle(w.discard)
            w.standard = pvector(shuffled)
            w.discard = pvector()
        take = min(n - len(drawn), len(w.standard))
        drawn.extend(w.standard[:take])
        w.standard = w.standard[take:]
    return drawn


def _draw(w: _Work, t: Table, frame: Frame, eff: Effect) -> None:
    """[KG-7] Draw cards from the named deck; keep ``keep`` at the back of this caravan."""
    if eff.deck is DeckKind.SPECIAL:
        drawn = list(w.special[: eff.count])
        w.special = w.special[eff.count :]
    else:
        drawn = _draw_standard(w, eff.count)
    if drawn:
        _keep_next(w, t, frame, tuple(drawn), eff.keep, eff.deck)


def keep_options(
    t: Table, turned: PSet[int], cards: tuple[int, ...], deck: DeckKind | None
) -> tuple[int, ...]:
    """The cards looked at worth a choice: unwanted Standard cards go to the discard
    pile, where their order is nobody's concern; Special cards go under their deck in
    order."""
    if deck is DeckKind.SPECIAL:
        return distinct(t, turned, cards, cards)
    return distinct(t, turned, cards)


def _keep_next(
    w: _Work, t: Table, frame: Frame, cards: tuple[int, ...], keep: int, deck: DeckKind | None
) -> None:
    """[KG-7] Keep ``keep`` of the cards looked at, the rest unwanted: the player
    chooses while there is a choice (copies of one card are no choice)."""
    p = frame.player
    while keep and cards:
        if len(cards) <= keep:
            for card in cards:
                _join(w, t, p, frame.caravan, card)
            return
        options = keep_options(t, w.turned, cards, deck)
        if len(options) > 1:
            w.pending = _pending(
                Decision.KEEP, p, cards=cards, options=options, keep=keep, deck=deck
            )
            return
        _join(w, t, p, frame.caravan, options[0])
        cards = tuple(c for c in cards if c != options[0])
        keep -= 1
    _unwanted(w, p, cards, deck)


def _unwanted(w: _Work, p: int, cards: Sequence[int], deck: DeckKind | None) -> None:
    """[KG-7] Unwanted Standard cards to the discard pile; Special and Order cards under
    their deck (the player who saw them remembers them)."""
    if not cards:
        return
    if deck is DeckKind.SPECIAL:
        w.special = w.special.extend(cards)
    elif deck is DeckKind.ORDERS:
        w.order_deck = w.order_deck.extend(cards)
    else:
        w.discard = w.discard.extend(cards)
        return
    w.knowledge = w.knowledge.set(p, w.knowledge[p].update(cards))


def _take_discard(w: _Work, t: Table, frame: Frame, card: int) -> None:
    w.discard = w.discard.remove(card)
    _join(w, t, frame.player, frame.caravan, card)


def _turn_card(w: _Work, t: Table, p: int, card: int) -> None:
    """[KG-7] Turn ``card`` over. In ``p``'s caravans, the change of its points is an
    event for ``p`` (:func:`_vp_event`); should it be in another player's caravan, their
    points change too, silently."""
    holder: int | None = p
    if not any(card in c for c in w.caravans[p]):
        holder = next(
            (q for q in others(w.options.players, p) if any(card in c for c in w.caravans[q])), None
        )
    before = 0 if holder is None else _card_vp(w, t, holder, card)
    w.turned = _toggle(w.turned, card)
    if holder is None:
        return
    change = _card_vp(w, t, holder, card) - before
    if holder == p:
        _vp_event(w, t, p, change)
    else:
        live = w.points
        w.points = (*live[:holder], live[holder] + change, *live[holder + 1 :])


def fulfill_options(
    t: Table, turned: PSet[int], track: Amounts, eff: Effect, orders: Sequence[int], looked: bool
) -> tuple[int, ...]:
    """[KG-5.2] The orders a Fulfill effect offers among ``orders``, one of each kind: the
    display's, or (``looked``) those looked at on the order deck, which go back under it
    in order, so a copy is dropped only where taking it leaves the same sequence."""
    eligible = eligible_orders(t, track, eff, orders)
    return distinct(t, turned, eligible, orders) if looked else distinct(t, turned, eligible)


def eligible_orders(
    t: Table, track: Amounts, eff: Effect, orders: Sequence[int]
) -> tuple[int, ...]:
    """[KG-5.2] Orders the player may fulfill: those :func:`order_refusal` does not
    refuse."""
    return tuple([o for o in orders if order_refusal(t, track, eff, o) is None])


#: What :func:`order_refusal` answers when no words are asked for: refused.
_REFUSED = ("", "")


def order_refusal(
    t: Table, track: Amounts, eff: Effect, order: int, who: str | None = None
) -> tuple[str, str] | None:
    """[KG-5.2] Whether a player with ``track`` may fulfill ``order`` by the Fulfill
    effect ``eff``: None if they may; if not, the section that refuses it and why, in the
    table's words, the player named ``who`` (with ``who`` None, as the rules ask while
    they play, the words are not made: a constant).

    [KG-7] the kind and grain filters of the card's text; [KG-5.2] at least the required
    mules (held, not paid); the cost unless the fulfilment is free ([Rulings] 7: a free
    fulfilment still needs the mules). The one test of an order: the rules offer the
    orders it lets through (:func:`eligible_orders`), ``explain`` gives its refusal.
    """
    od = t.order[order]
    assert od is not None
    if eff.kinds and od.kind not in eff.kinds:
        if who is None:
            return _REFUSED
        kinds = " or ".join(k.value for k in eff.kinds)
        return "KG-7", f"the {od.name} is a {od.kind.value} order; this action fulfils {kinds} ones"
    if eff.grain and not od.grain:
        if who is None:
            return _REFUSED
        return "KG-7", f"the {od.name} is no grain-field order; this action fulfils only those"
    if track[_MULES] < od.mules:
        if who is None:
            return _REFUSED
        need = amount_text(Resource.MULES, od.mules)
        return "KG-5.2", f"the {od.name} needs {need}; {who} has {track[_MULES]}"
    if not eff.free and not _payable(track, od.cost):
        if who is None:
            return _REFUSED
        return "KG-5.2", f"the {od.name} costs {shortfall_text(track, cost_needs(od.cost), who)}"
    return None


def unpaid(track: Amounts, cost: Needs) -> Needs:
    """[KG-4.A] [KG-4.B] [KG-5.2] The part of a cost the tracks cannot pay: of each
    ``(track, amount)`` the cost takes (``cost`` as a :class:`~silkroad.kashgar.table.Plan`
    holds it), those above the track's value; empty when the player can pay.
    ``legal_moves`` makes this test inline over the plan of each front card."""
    return tuple((i, n) for i, n in cost if track[i] < n)


def shortfall_text(track: Amounts, cost: Needs, who: str) -> str:
    """A cost the tracks cannot pay, and what the player has of each track it cannot be
    paid from (:func:`unpaid`): ``2 pepper; P1 has 1``, ``1 gold and 2 pepper; P1 has 1
    pepper``."""
    need = " and ".join(amount_text(RESOURCES[i], n) for i, n in cost)
    short = unpaid(track, cost)
    if len(cost) == 1:
        return f"{need}; {who} has {track[cost[0][0]]}"
    have = " and ".join(amount_text(RESOURCES[i], track[i]) for i, _ in short)
    return f"{need}; {who} has {have}"


def _fulfill_effect(w: _Work, t: Table, frame: Frame, eff: Effect) -> None:
    """[KG-5] Fulfill 1 Order, from the display or from the top of the order deck.

    [KG-5.X] [KG-7] The action lets the player fulfil an order, it does not oblige them
    to: whenever one is eligible the player chooses which, or none ([Rulings] 8)."""
    p = frame.player
    if eff.from_deck:
        looked = tuple(w.order_deck[: eff.count])
        w.order_deck = w.order_deck[eff.count :]
        if not looked:
            return
        # the orders not taken go under the deck in order
        options = fulfill_options(t, w.turned, w.tracks[p], eff, looked, True)
        if options:
            w.pending = _pending(
                Decision.FULFILL,
                p,
                cards=looked,
                options=options,
                deck=DeckKind.ORDERS,
                keep=int(eff.free),
            )
        else:
            _unwanted(w, p, looked, DeckKind.ORDERS)
        return
    options = fulfill_options(t, w.turned, w.tracks[p], eff, w.display, False)
    if options:
        w.pending = _pending(Decision.FULFILL, p, options=options, keep=int(eff.free))


def _fulfill(
    w: _Work, t: Table, frame: Frame, order: int, free: bool, *, from_display: bool
) -> None:
    """[KG-5.2] Pay (unless free), take the order, refill the display to four; then the
    order's immediate payout, if any ([KG-5.1])."""
    p = frame.player
    od = t.order[order]
    assert od is not None
    if not free:
        _pay(w, p, od.cost)
    w.orders_won = w.orders_won.set(p, w.orders_won[p].append(order))
    gain = od.vp
    if od.grain:  # [KG-6] each Farmer in the caravans counts one more grain-field order
        turned = turned_frozenset(w.turned)
        gain += sum(
            t.face(c, c in turned).vp_per_grain for caravan in w.caravans[p] for c in caravan
        )
    _vp_event(w, t, p, gain)
    if from_display:
        slot = w.display.index(order)
        if w.order_deck:
            w.display = w.display.set(slot, w.order_deck[0])
            w.order_deck = w.order_deck.delete(0)
        else:  # [Rulings] an empty order deck leaves the display short
            w.display = w.display.delete(slot)
    if od.payout:
        w.stack = (*w.stack, _frame(p, frame.caravan, order, FrameKind.PAYOUT, 0, False, 0))


def _place_patriarch(w: _Work, t: Table, p: int, caravan: int) -> None:
    card = w.reserve[0]
    w.reserve = w.reserve.delete(0)
    if caravan == len(w.caravans[p]):
        w.caravans = w.caravans.set(p, w.caravans[p].append(pvector()))
    _join(w, t, p, caravan, card)


def _move_to_left(w: _Work, t: Table, frame: Frame, caravan: int) -> None:
    """[KG-8] This card to the back of a caravan of the player on the left."""
    p = frame.player
    left = left_of(w.options.players, p)
    lost = _card_vp(w, t, p, frame.card)
    _set_caravan(w, p, frame.caravan, w.caravans[p][frame.caravan].remove(frame.card))
    _vp_event(w, t, p, -lost, earned=False)
    _join(w, t, left, caravan, frame.card)


def _search_keep(w: _Work, t: Table, frame: Frame, card: int) -> None:
    """[KG-8] Messenger: the chosen Special card to the back of this caravan; [Rulings]
    the Special deck is then shuffled (everyone's knowledge of it is gone)."""
    if card in w.special:
        w.special = w.special.remove(card)
    else:
        w.discard = w.discard.remove(card)
    _join(w, t, frame.player, frame.caravan, card)
    shuffled, w.rng = w.rng.shuffle(w.special)
    w.special = pvector(shuffled)
    specials = set(t.ids[DeckKind.SPECIAL])
    w.knowledge = pvector(k.difference(specials) if k else k for k in w.knowledge)


def _herd_next(w: _Work, queue: tuple[int, ...]) -> None:
    """[KG-8] Herder: each opponent in turn lifts the front card of each of their
    caravans and puts each at the back of another of their caravans, an empty one
    included, choosing where ([Rulings] 12: all front cards are lifted first, then placed
    in caravan order)."""
    while queue:
        q, queue = queue[0], queue[1:]
        sources = tuple(i for i, car in enumerate(w.caravans[q]) if car)
        if not sources or len(w.caravans[q]) < 2:  # no other caravan to move to
            continue
        lifted = tuple(w.caravans[q][i][0] for i in sources)
        for i in sources:
            _set_caravan(w, q, i, w.caravans[q][i].delete(0))
        if _herd_place(w, q, lifted, sources, tuple(range(len(w.caravans[q]))), queue):
            return


def _herd_place(
    w: _Work,
    q: int,
    cards: tuple[int, ...],
    sources: tuple[int, ...],
    allowed: tuple[int, ...],
    queue: tuple[int, ...],
) -> bool:
    """[KG-8] Place lifted cards while there is one choice; True if a decision waits."""
    while cards:
        options = [c for c in allowed if c != sources[0]]
        if len(options) > 1:
            w.pending = _pending(
                Decision.HERD, q, cards=cards, options=allowed, sources=sources, queue=queue
            )
            return True
        _append_to_caravan(w, q, options[0], cards[0])
        cards, sources = cards[1:], sources[1:]
    return False


# --------------------------------------------------------------------------- decisions


def _decide(w: _Work, t: Table, move: Move) -> None:
    """[KG-7] Resolve the pending decision with a (legal) move."""
    pending = w.pending
    assert pending is not None
    w.pending = None
    frame = w.stack[-1]
    p = frame.player
    kind = pending.kind
    if kind is Decision.GAIN:
        assert isinstance(move, Gain)
        w.tracks = w.tracks.set(p, _increase(w.tracks[p], move.amounts))
    elif kind is Decision.KEEP:
        assert isinstance(move, Keep)
        _join(w, t, p, frame.caravan, move.card)
        rest = tuple(c for c in pending.cards if c != move.card)
        _keep_next(w, t, frame, rest, pending.keep - 1, pending.deck)
    elif kind is Decision.SEARCH:
        assert isinstance(move, Keep)
        _search_keep(w, t, frame, move.card)
    elif kind is Decision.TAKE:
        assert isinstance(move, Take)
        _take_discard(w, t, frame, move.card)
    elif kind is Decision.REMOVE:
        assert isinstance(move, Remove)
        if move.card is not None:
            lost = _card_vp(w, t, p, move.card)
            _set_caravan(w, p, frame.caravan, w.caravans[p][frame.caravan].remove(move.card))
            w.box = w.box.append(move.card)
            _vp_event(w, t, p, -lost, earned=False)
    elif kind is Decision.FULFILL:
        assert isinstance(move, Fulfill)
        free = bool(pending.keep)
        order = move.order
        if pending.deck is DeckKind.ORDERS:
            if order is not None:
                _fulfill(w, t, frame, order, free, from_display=False)
            _unwanted(w, p, [o for o in pending.cards if o != order], DeckKind.ORDERS)
        elif order is not None:
            _fulfill(w, t, frame, order, free, from_display=True)
    elif kind is Decision.PLACE_PATRIARCH:
        assert isinstance(move, Place)
        _place_patriarch(w, t, p, move.caravan)
    elif kind is Decision.PLACE_LEFT:
        assert isinstance(move, Place)
        _move_to_left(w, t, frame, move.caravan)
    elif kind is Decision.HERD:
        assert isinstance(move, Place)
        q = pending.player
        _append_to_caravan(w, q, move.caravan, pending.cards[0])
        if not _herd_place(
            w, q, pending.cards[1:], pending.sources[1:], pending.options, pending.queue
        ):
            _herd_next(w, pending.queue)
    else:  # pragma: no cover
        raise AssertionError(kind)


# --------------------------------------------------------------------------- end of turn


def _end_turn(w: _Work, t: Table) -> None:
    """[KG-4] [KG-6] The next turn: clockwise, or the same player for an extra turn.

    [KG-6] Once the end is triggered (at the moment a player reaches 25 VP), the game
    ends when the round is complete. [KG-8] A Conjuress's extra turn comes first; when
    it is over, the action that gave it goes on with its effects printed after "take
    another turn" (the last ``suspended`` action is put back on the stack), and the turn
    ends when that action has.
    [Rulings] 4: players without cards are skipped; if nobody can take a turn the game
    stops (truncated, unless the end was triggered: then the round is complete). The
    game-length safeguard, which is no rule, stops (truncates) a game after
    ``round_limit`` rounds or :func:`turn_limit` turns.
    """
    n = w.options.players
    a = w.active
    caravans = w.caravans
    if w.extra_turns:
        if any(caravans[a]):
            w.extra_turns -= 1
            w.turns += 1
            if w.turns >= TURNS_PER_SEAT * n * w.options.round_limit:  # turn_limit
                _truncate(w)
            return
        w.extra_turns = 0  # [Rulings] 4: no card, no turn
    if w.suspended:  # the extra turn is over: the action that gave it goes on
        w.stack = w.suspended[-1]
        w.suspended = w.suspended[:-1]
        return
    w.turns += 1
    p = a
    start = w.start_player
    for _ in range(n):
        p = (p + 1) % n
        if p == start:
            w.round += 1
            if w.end_triggered:
                w.over = True
                return
            if w.round >= w.options.round_limit:
                _truncate(w)
                return
        if any(caravans[p]):  # [Rulings] 4: a player without cards is skipped
            w.active = p
            if w.turns >= TURNS_PER_SEAT * n * w.options.round_limit:  # turn_limit
                _truncate(w)
            return
    # Nobody has a card (the start player was passed, so the end was not triggered).
    _truncate(w)


def _truncate(w: _Work) -> None:
    """The game stops without a result: no rule ended it (nothing more resolves)."""
    w.over = True
    w.truncated = True
    w.suspended = ()


def turn_limit(options: Options) -> int:
    """The game-length safeguard's bound on turns, extra turns included:
    ``TURNS_PER_SEAT`` per player per round. The built-in cards never reach it before
    ``round_limit`` rounds (at most two extra turns follow a turn: two Conjuresses)."""
    return TURNS_PER_SEAT * options.players * options.round_limit
