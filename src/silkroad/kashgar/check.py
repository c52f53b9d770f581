"""Invariants of a Kashgar state: every card in exactly one place, tracks in range, and
a turn in progress (the effects being resolved, the decision awaited) that the rules
could have reached, so that ``legal_moves`` and ``apply`` work on any state accepted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TypeGuard

from silkroad.core.errors import StateError
from silkroad.core.rng import Rng
from silkroad.kashgar.cards import DeckKind, Effect, Op
from silkroad.kashgar.rules import (
    CAPS,
    DISPLAY_SIZE,
    MAX_CARAVANS,
    VP_GOAL,
    all_points,
    frame_effects,
    fulfill_options,
    keep_options,
    left_of,
    legal_moves,
    others,
    patriarch_options,
    remove_options,
    search_options,
    take_options,
    turn_limit,
)
from silkroad.kashgar.state import Decision, Frame, FrameKind, Pending, State
from silkroad.kashgar.table import Table, table
from silkroad.kashgar.vocabulary import DECISIONS

__all__ = ["DECISION_OPS", "end_flags_problem", "offered", "stack_bound", "validate"]


def stack_bound(t: Table) -> int:
    """[KG-4] [KG-5.1] The most actions being resolved at once, from the card data: a
    card action, and above it the payout of an order it fulfils; a payout that fulfils an
    order in turn puts that order's payout above it, and each order is fulfilled once, so
    then up to every order with a payout."""
    payouts = [o for o in t.order if o is not None and o.payout]
    if not payouts:
        return 1
    if any(e.op is Op.FULFILL for o in payouts for e in o.payout):
        return 1 + len(payouts)
    return 2


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _in_range(value: object, low: int, high: int) -> TypeGuard[int]:
    """An int (not a bool) with ``low <= value < high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < high


def validate(state: State) -> None:
    """[KG-1] [KG-4] [KG-7] Check a state: each card id in exactly one zone (draw piles,
    discard pile, caravans, display, fulfilled orders, set-aside Patriarch, removed
    cards, a pending decision), each pile holding only its kind of card, tracks within
    0..9 (mules 0..6), players, caravans and counters in range; the effects being
    resolved name real actions of cards in play, and the pending decision is the one its
    effect asks for (its options exactly those the rules offer). A game not over has a
    legal move.

    :raises StateError: naming the first broken invariant.
    """
    t = table(state.options)
    n = state.options.players
    _check_fields(state)
    _check_counters(state, n)
    _check_extra_turns(state, t)
    _check_zones(state, t, n)
    _check_end(state, t)
    _check_stack(state, t)
    _check_suspended(state, t)
    if state.pending is not None:
        _check_pending(state, t, state.pending)
    if not state.over and not legal_moves(state):
        raise StateError(f"the game is not over but player {state.active} has no legal move")


def _check_fields(state: State) -> None:
    """The scalar fields have their types (a hand-edited save may hold anything)."""
    for name in ("active", "start_player", "round", "turns", "extra_turns"):
        if not _is_int(getattr(state, name)):
            raise StateError(f"{name} must be an integer, got {getattr(state, name)!r:.40}")
    for name in ("end_triggered", "over", "truncated"):
        if not isinstance(getattr(state, name), bool):
            raise StateError(f"{name} must be true or false, got {getattr(state, name)!r:.40}")
    if not isinstance(state.rng, Rng):
        raise StateError("the state has no random number generator")


def _check_end(state: State, t: Table) -> None:
    """[KG-6] The end flags agree with the table: a player at 25 VP or more has triggered
    the end (the moment a player reaches 25 VP, the round becomes the last); a game
    finished by the rules (over, not truncated) had its end triggered; a truncated game
    reached the safeguard, or nobody has a card ([Rulings] 4)."""
    message = end_flags_problem(state, t)
    if message is not None:
        raise StateError(message)


def end_flags_problem(state: State, t: Table) -> str | None:
    """[KG-6] What contradicts the rest of ``state`` in its end flags (``end_triggered``,
    ``over``, ``truncated``), in words naming both values; None when nothing does."""
    points = all_points(t, state.caravans, state.orders_won, state.turned, state.pending)
    best = max(points)
    if best >= VP_GOAL and not state.end_triggered:
        leader = points.index(best)
        return (
            f"end_triggered: false given, but true derived (KG-6: player {leader} has "
            f"{best} VP, and reaching {VP_GOAL} triggers the end)"
        )
    if state.over and not state.truncated and not state.end_triggered:
        return (
            "over: true given with end_triggered false and not truncated (KG-6: a game "
            f"ends by the rules only after a player reached {VP_GOAL} VP)"
        )
    if state.truncated:
        limit = turn_limit(state.options)
        safeguard = state.round >= state.options.round_limit or state.turns >= limit
        nobody = not any(card for rows in state.caravans for row in rows for card in row)
        if not safeguard and not nobody:
            return (
                f"truncated: true given, but round {state.round} of "
                f"{state.options.round_limit} and turn {state.turns} of {limit} are short "
                "of the safeguard and a player has a card (Rulings 4: a game stops without "
                "a result only then)"
            )
    return None


def _check_extra_turns(state: State, t: Table) -> None:
    """[KG-8] Each extra turn due comes from an extra-turn effect resolved, and one is taken
    at every turn's end: never more are due than the game's cards hold such effects."""
    effects = [
        e
        for face in (*t.front, *t.back)
        if face is not None
        for action in (*face.caravan, *face.parting)
        for e in action.effects
    ]
    effects += [e for o in t.order if o is not None for e in o.payout]
    most = sum(1 for e in effects if e.op is Op.EXTRA_TURN)
    if state.extra_turns > most:
        raise StateError(f"{state.extra_turns} extra turns due, but the cards give at most {most}")


def _check_counters(state: State, n: int) -> None:
    per_player = (state.tracks, state.caravans, state.orders_won, state.knowledge)
    if any(len(x) != n for x in per_player) or len(state.points) != n:
        raise StateError(f"per-player fields must have {n} entries")
    if not (0 <= state.active < n and 0 <= state.start_player < n):
        raise StateError(f"active player {state.active} out of range")
    if state.truncated and not state.over:
        raise StateError("a truncated game must be over")
    limit = turn_limit(state.options)
    if not 0 <= state.round <= state.options.round_limit:
        raise StateError(f"round {state.round} outside 0..{state.options.round_limit}")
    if not 0 <= state.turns <= limit:
        raise StateError(f"{state.turns} turns taken, outside 0..{limit} (the safeguard)")
    if not state.over and (state.round >= state.options.round_limit or state.turns >= limit):
        raise StateError(f"round {state.round}, turn {state.turns}: past the safeguard, not over")
    if not 0 <= state.extra_turns <= limit:
        raise StateError(f"{state.extra_turns} extra turns (0..{limit})")
    for p, value in enumerate(state.points):
        if not _is_int(value):
            raise StateError(f"points of player {p} must be an integer, got {value!r:.40}")
    for value in state.history:
        if not _in_range(value, 0, n):
            raise StateError(f"history: {value!r:.40} is not a player (0..{n - 1})")


def _check_zones(state: State, t: Table, n: int) -> None:
    seen: Counter[int] = Counter()
    standard_kinds = (DeckKind.STANDARD, DeckKind.EXPANSION)
    persons = tuple(k for k in DeckKind if k is not DeckKind.ORDERS)
    zones: list[tuple[str, Sequence[object], tuple[DeckKind, ...]]] = [
        ("standard pile", state.standard, standard_kinds),
        ("discard pile", state.discard, (*standard_kinds, DeckKind.SPECIAL)),
        ("special pile", state.special, (DeckKind.SPECIAL,)),
        ("order pile", state.order_deck, (DeckKind.ORDERS,)),
        ("order display", state.display, (DeckKind.ORDERS,)),
        ("starting pile", state.starting, (DeckKind.STARTING,)),
        ("set-aside Patriarch", state.reserve, (DeckKind.PATRIARCH,)),
        ("removed cards", state.box, persons),
    ]
    four = 0
    for p in range(n):
        zones.append((f"orders of player {p}", state.orders_won[p], (DeckKind.ORDERS,)))
        caravans = state.caravans[p]
        if len(caravans) > MAX_CARAVANS:
            raise StateError(f"player {p} has {len(caravans)} caravans (at most {MAX_CARAVANS})")
        four += len(caravans) == MAX_CARAVANS
        for i, caravan in enumerate(caravans):
            zones.append((f"caravan {i + 1} of player {p}", caravan, persons))
        track = state.tracks[p]
        if len(track) != len(CAPS) or any(
            not _in_range(v, 0, cap + 1) for v, cap in zip(track, CAPS, strict=True)
        ):
            raise StateError(f"player {p} tracks {track} out of range (0..9, mules 0..6)")
    if four and (four > 1 or state.reserve):
        raise StateError("a fourth caravan needs the set-aside Patriarch, and there is one")
    if state.pending is not None:
        zones.append(("pending decision", state.pending.cards, (*persons, DeckKind.ORDERS)))
    if len(state.reserve) > 1:
        raise StateError(f"{len(state.reserve)} set-aside Patriarchs (at most 1)")
    if len(state.display) > DISPLAY_SIZE:
        raise StateError(f"{len(state.display)} orders on display (at most {DISPLAY_SIZE})")
    for name, cards, kinds in zones:
        for card in cards:
            if not _in_range(card, 0, t.n):
                raise StateError(f"{name}: {card!r:.40} is not a card id (0..{t.n - 1})")
            if t.deck_of[card] not in kinds:
                raise StateError(f"{name}: card {card} ({t.name[card]}) does not belong there")
            seen[card] += 1
    for card in range(t.n):
        if seen[card] != 1:
            where = "nowhere" if not seen[card] else f"{seen[card]} places"
            raise StateError(f"card {card} ({t.name[card]}) is in {where}")
    for card in state.turned:
        if not _in_range(card, 0, t.persons) or t.back[card] is None:
            raise StateError(f"turned cards: {card!r:.40} is not a two-sided person card")
    lookable = (DeckKind.SPECIAL, DeckKind.ORDERS)
    for p, known in enumerate(state.knowledge):
        for card in known:
            if not _in_range(card, 0, t.n) or t.deck_of[card] not in lookable:
                raise StateError(f"knowledge of player {p}: {card!r:.40} is not a card it keeps")
    # [KG-7] the points shown are those the cards and orders give, at every moment
    expected = all_points(t, state.caravans, state.orders_won, state.turned, state.pending)
    if tuple(state.points) != expected:
        when = "between turns" if state.pending is None and not state.stack else "mid-turn"
        raise StateError(
            f"points {tuple(state.points)} {when}, but the cards and orders give {expected}"
        )


def _check_stack(state: State, t: Table) -> None:
    """[KG-4] [KG-5.1] The actions being resolved: one card action, then the payouts of
    orders it fulfilled; a state waits between effects only for a decision."""
    stack = state.stack
    if state.over and (stack or state.pending is not None):
        raise StateError("a game that is over has no action in progress")
    if (state.pending is None) != (not stack):
        raise StateError("effects are being resolved exactly while a decision is pending")
    if len(stack) > stack_bound(t):
        raise StateError(f"{len(stack)} actions being resolved (the cards allow {stack_bound(t)})")
    for i, frame in enumerate(stack):
        _check_frame(state, t, frame, first=i == 0)


def _check_suspended(state: State, t: Table) -> None:
    """[KG-8] The actions waiting for the end of the extra turn they gave: each one
    action's frames (as on the stack), the top one just after a "take another turn",
    with effects left to resolve; each began a turn, and a game over has none."""
    suspended = state.suspended
    if not isinstance(suspended, tuple) or not all(
        isinstance(group, tuple) and group for group in suspended
    ):
        raise StateError("suspended actions: a tuple of non-empty tuples of frames")
    if state.over and suspended:
        raise StateError("a game that is over has no suspended action")
    if len(suspended) > state.turns:
        raise StateError(f"{len(suspended)} suspended actions, but {state.turns} turns taken")
    for group in suspended:
        for i, frame in enumerate(group):
            _check_frame(state, t, frame, first=i == 0)
        if all(f.step >= len(frame_effects(t, f)) for f in group):
            raise StateError(f"suspended action {group[-1]}: no effect left to resolve")
        top = group[-1]
        if top.step < 1 or frame_effects(t, top)[top.step - 1].op is not Op.EXTRA_TURN:
            raise StateError(f"suspended action {top}: not just after another turn")


def _check_frame(state: State, t: Table, frame: Frame, *, first: bool) -> None:
    where = f"action in progress {frame}"
    if not isinstance(frame, Frame) or not isinstance(frame.kind, FrameKind):
        raise StateError(f"{where}: not an action")
    if frame.player != state.active:
        raise StateError(f"{where}: not the active player's")
    if not _in_range(frame.caravan, 0, len(state.caravans[state.active])):
        raise StateError(f"{where}: no such caravan")
    if not isinstance(frame.turned, bool):
        raise StateError(f"{where}: turned is true or false")
    if (frame.kind is FrameKind.PAYOUT) == first:
        raise StateError(f"{where}: a turn resolves one card action, then order payouts")
    if frame.kind is FrameKind.PAYOUT:
        if not _in_range(frame.card, t.persons, t.n) or frame.action != 0 or frame.turned:
            raise StateError(f"{where}: not an order's payout")
        order = t.order[frame.card]
        if order is None or not order.payout or frame.card not in state.orders_won[frame.player]:
            raise StateError(f"{where}: not a fulfilled order with a payout")
    else:
        if not _in_range(frame.card, 0, t.persons):
            raise StateError(f"{where}: not a person card")
        face = t.face(frame.card, frame.turned)
        actions = face.caravan if frame.kind is FrameKind.CARAVAN else face.parting
        if not _in_range(frame.action, 0, len(actions)):
            raise StateError(f"{where}: the card has no such action")
        if frame.kind is FrameKind.PARTING and frame.card not in state.box:
            raise StateError(f"{where}: a parting card leaves the game")
    if not _in_range(frame.step, 0, len(frame_effects(t, frame)) + 1):
        raise StateError(f"{where}: step {frame.step!r:.40} out of range")


def _check_pending(state: State, t: Table, pending: Pending) -> None:
    """[KG-7] [KG-8] The decision awaited is the one the last effect resolved asks for."""
    if not isinstance(pending, Pending) or not isinstance(pending.kind, Decision):
        raise StateError("the pending decision is not a decision")
    frame = state.stack[-1]
    effects = frame_effects(t, frame)
    if frame.step < 1:
        raise StateError("a decision is pending before any effect was resolved")
    effect = effects[frame.step - 1]
    p = frame.player
    kind = pending.kind
    expected_op = DECISION_OPS[kind]
    if effect.op is not expected_op:
        raise StateError(f"a {kind.value} decision after a {effect.op.value} effect")
    if pending.hidden != 0:
        raise StateError("a state holds every card of its decision (hidden is for observations)")
    if kind is not Decision.HERD and pending.player != p:
        raise StateError(f"the {kind.value} decision belongs to player {p}")
    if kind is not Decision.HERD and (pending.queue or pending.sources):
        raise StateError(f"a {kind.value} decision has no Herder queue")
    if kind is not Decision.GAIN and pending.choices:
        raise StateError(f"a {kind.value} decision has no alternatives to gain")
    _PENDING_CHECKS[kind](state, t, pending, effect, frame)


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise StateError(f"pending decision: {message}")


def offered(state: State, pending: Pending) -> tuple[int, ...]:
    """[KG-7] [KG-8] The options the rules offer for ``pending`` in ``state`` (cards,
    orders or caravans; none for a Gain, whose alternatives are ``choices``), as the
    rules make them when the effect on top of the stack asks for the decision: what
    ``legal_moves`` then lists. ``state`` holds the rest of the table (its stack, its
    zones, ``pending.cards``)."""
    t = table(state.options)
    frame = state.stack[-1]
    effect = frame_effects(t, frame)[frame.step - 1]
    kind = pending.kind
    turned = state.turned
    if kind is Decision.KEEP:
        return keep_options(t, turned, pending.cards, pending.deck)
    if kind is Decision.SEARCH:
        return search_options(t, turned, state.special, state.discard)
    if kind is Decision.TAKE:
        return take_options(t, turned, state.discard)
    if kind is Decision.FULFILL:
        track = state.tracks[frame.player]
        orders = pending.cards if effect.from_deck else state.display
        return fulfill_options(t, turned, track, effect, orders, effect.from_deck)
    if kind is Decision.REMOVE:
        row = state.caravans[frame.player][frame.caravan]
        return remove_options(t, turned, row, frame.card)
    if kind is Decision.PLACE_PATRIARCH:
        return patriarch_options(len(state.caravans[frame.player]), frame.caravan)
    if kind is Decision.PLACE_LEFT:
        left = left_of(state.options.players, frame.player)
        return tuple(range(len(state.caravans[left])))
    if kind is Decision.HERD:
        return tuple(range(len(state.caravans[pending.player])))
    return ()


def _gain(state: State, t: Table, pending: Pending, effect: Effect, frame: Frame) -> None:
    distinct = tuple(dict.fromkeys(effect.choices))
    _need(pending.choices == distinct and len(distinct) > 1, "alternatives not the effect's")
    _need(not pending.cards and not pending.options and pending.deck is None, "holds nothing")
    _need(pending.keep == 0, "keep is 0")


def _keep(state: State, t: Table, pending: Pending, effect: Effect, frame: Frame) -> None:
    cards = pending.cards
    _need(pending.deck is effect.deck, "cards from the drawing effect's deck")
    options = offered(state, pending)
    _need(pending.options == options and len(options) > 1, "a choice among the drawn cards")
    _need(1 <= pending.keep < len(cards) <= effect.count, "more drawn cards than to keep")
    _need(pending.keep <= effect.keep, f"at most {effect.keep} to keep")
    kinds = (
        (DeckKind.SPECIAL,)
        if effect.deck is DeckKind.SPECIAL
        else (DeckKind.STANDARD, DeckKind.EXPANSION, DeckKind.SPECIAL)
    )
    _need(all(t.deck_of[c] in kinds for c in cards), "cards of the deck drawn from")


def _search(state: State, t: Table, pending: Pending, effect: Effect, frame: Frame) -> None:
    _need(pending.options == offered(state, pending), "the Special cards searched")
    _need(len(pending.options) > 1 and not pending.cards, "a choice among the Special cards")
    _need(pending.deck is DeckKind.SPECIAL and pending.keep == 0, "keep one Special card")


def _take(state: State, t: Table, pending: Pending, effect: Effect, frame: Frame) -> None:
    _need(pending.options == offered(state, pending), "the cards of the discard pile")
    _need(len(pending.options) > 1 and not pending.cards, "a choice in the discard pile")
    _need(pending.deck is None and pending.keep == 0, "take one card")


def _fulfill(state: State, t: Table, pending: Pending, effect: Effect, frame: Frame) -> None:
    _need(pending.keep == int(effect.free), "free exactly when the effect is")
    if effect.from_deck:
        looked = pending.cards
        _need(pending.deck is DeckKind.ORDERS, "orders looked at from the order pile")
        _need(1 <= len(looked) <= effect.count, f"1 to {effect.count} orders looked at")
        _need(all(t.deck_of[c] is DeckKind.ORDERS for c in looked), "orders looked at")
    else:
        _need(not pending.cards and pending.deck is None, "orders on display")
    options = offered(state, pending)
    _need(pending.options == options and bool(options), "the orders the player may fulfill")


def _remove(state: State, t: Table, pending: Pending, effect: Effect, frame: Frame) -> None:
    options = offered(state, pending)
    _need(pending.options == options and bool(options), "the other cards of the caravan")
    _need(not pending.cards and pending.deck is None and pending.keep == 0, "remove one card")


def _place_patriarch(
    state: State, t: Table, pending: Pending, effect: Effect, frame: Frame
) -> None:
    count = len(state.caravans[frame.player])
    _need(bool(state.reserve) and count < MAX_CARAVANS, "a Patriarch to place, room for it")
    _need(pending.options == offered(state, pending), "this caravan or a new one")
    _need(not pending.cards and pending.deck is None and pending.keep == 0, "place it")


def _place_left(state: State, t: Table, pending: Pending, effect: Effect, frame: Frame) -> None:
    options = offered(state, pending)
    _need(frame.card in state.caravans[frame.player][frame.caravan], "the card to move")
    _need(pending.options == options and len(options) > 1, "a caravan of the left player")
    _need(not pending.cards and pending.deck is None and pending.keep == 0, "place it")


def _herd(state: State, t: Table, pending: Pending, effect: Effect, frame: Frame) -> None:
    n = state.options.players
    p = frame.player
    q = pending.player
    opponents = others(n, p)
    _need(q in opponents, "an opponent of the Herder places their cards")
    _need(pending.queue == tuple(opponents[opponents.index(q) + 1 :]), "the opponents after them")
    caravans = state.caravans[q]
    _need(pending.options == offered(state, pending), "any of their caravans")
    cards, sources = pending.cards, pending.sources
    _need(bool(cards) and len(sources) == len(cards), "a source caravan for each card lifted")
    _need(
        all(_in_range(c, 0, len(caravans)) for c in sources)
        and list(sources) == sorted(set(sources)),
        "the lifted cards' caravans, in caravan order",
    )
    _need(
        sum(c != sources[0] for c in pending.options) > 1, "a choice of caravan for the first card"
    )
    _need(pending.deck is None and pending.keep == 0, "place the lifted cards")


#: [KG-7] [KG-8] The effect that asks for each kind of decision (from its record,
#: :data:`~silkroad.kashgar.vocabulary.DECISIONS`).
DECISION_OPS: dict[Decision, Op] = {kind: words.effect for kind, words in DECISIONS.items()}

_PENDING_CHECKS = {
    Decision.GAIN: _gain,
    Decision.KEEP: _keep,
    Decision.SEARCH: _search,
    Decision.TAKE: _take,
    Decision.FULFILL: _fulfill,
    Decision.REMOVE: _remove,
    Decision.PLACE_PATRIARCH: _place_patriarch,
    Decision.PLACE_LEFT: _place_left,
    Decision.HERD: _herd,
}

assert set(DECISION_OPS) == set(Decision) == set(_PENDING_CHECKS)
