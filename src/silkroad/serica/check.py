"""[SR-1] State invariants: every card in exactly one place, nothing negative, and a turn
in progress (the decision awaited, the readied effects, the attacks to come) that the
rules could have left, so that ``legal_moves`` and ``apply`` work on any state accepted."""

from __future__ import annotations

from typing import TypeGuard

from silkroad.core.errors import StateError
from silkroad.core.rng import Rng
from silkroad.serica.cards import OWN_GOODS, Ability
from silkroad.serica.rules import (
    ENEMY_BONUS,
    attack_loss,
    attack_routes,
    built_count,
    coop_goals_met,
    legal_moves,
)
from silkroad.serica.state import (
    BUILT_TO_END,
    CARAVAN_SIZE,
    CROSSROADS,
    FIELD_DEPTH,
    FIELDS,
    MAX_CARAVANS,
    PRODUCTION_POINTS,
    ROUTE_LENGTH,
    Pending,
    PendingKind,
    PlayerState,
    State,
    Step,
)
from silkroad.serica.table import Table, table
from silkroad.serica.vocabulary import DECISIONS

__all__ = ["MAX_COUNT", "end_flags_problem", "validate"]

#: The most goods, artisans or VP a count may hold: far beyond any game.
MAX_COUNT = 9_999
_GOODS = 6


def _int(value: object, low: int, high: int) -> TypeGuard[int]:
    """An int (not a bool) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def validate(state: State) -> None:
    """[SR-1] [SR-5] Check a state: the cards each in exactly one place (piles, Empires,
    fields, defeated Enemies, the Crossroads, a General's viewed cards); goods, artisans,
    production points and VP never negative and bounded; fields, caravans and routes in
    range; every readied effect belongs to a card of the active player's Empire ([SR-4]);
    the attacks to come are Enemies in the Crossroads; the pending decision names cards,
    caravans and fields that exist and are where it needs them; a game not over has a
    legal move.

    :raises StateError: naming the broken invariant.
    """
    t = table(state.options)
    _check_scalars(state)
    _check_places(state, t)
    problem = end_flags_problem(state)
    if problem is not None:
        raise StateError(problem)
    _check_turn(state, t)
    if state.pending is not None:
        problem = _pending_problem(state, t, state.pending)
        if problem is not None:
            raise StateError(f"the pending {state.pending.kind.value} decision: {problem}")
    if state.step is not Step.OVER and not legal_moves(state):
        raise StateError("the game is not over but the player to act has no legal move")


def end_flags_problem(state: State) -> str | None:
    """[SR-6] [SR-7] What contradicts the rest of ``state`` in its end flags, in words
    naming both values; None when nothing does. ``coop_won`` is true exactly when the
    co-op goals are met (5 Military cards built by Han, 5 Court cards by Rome: built
    cards never leave a field); the competitive game is over once a player has built 10
    cards, and one over by the rules (not truncated) has such a player; a co-op game
    over by the rules has drawn the last Crossroads card; a truncated game stopped at
    the ``round_limit`` safeguard."""
    options = state.options
    met = options.coop and coop_goals_met(state)
    if state.coop_won != met:
        why = (
            "the goals (SR-7: 5 Military cards built by Han, 5 Court cards by Rome) are "
            + ("met" if met else "not met")
            if options.coop
            else "SR-6: only a co-op game is won together"
        )
        return (
            f"coop_won: {str(state.coop_won).lower()} given, but {str(met).lower()} derived ({why})"
        )
    over = state.step is Step.OVER
    if not options.coop:
        built = [built_count(pl) for pl in state.players]
        if max(built) >= BUILT_TO_END and not over:
            return (
                f"step: {state.step.value} given, but over derived (SR-6: the game ends "
                f"right after a tenth card is built, and the players have built {built})"
            )
        if over and not state.truncated and max(built) < BUILT_TO_END:
            return (
                f"step: over given, but the players have built {built} (SR-6: the game "
                f"ends by the rules after a player's tenth built card)"
            )
    elif over and not state.truncated and state.cross_pile:
        return (
            f"step: over given, but {len(state.cross_pile)} Crossroads cards are left to "
            "draw (SR-7: the co-op game ends by the rules when the last one is drawn)"
        )
    if state.truncated and state.round != options.round_limit:
        return (
            f"truncated: true given, but round {state.round} is short of the "
            f"round_limit safeguard, {options.round_limit}"
        )
    return None


def _check_scalars(state: State) -> None:
    if not isinstance(state.rng, Rng):
        raise StateError("the state has no random number generator")
    if not _int(state.active, 0, 1) or not _int(state.first, 0, 1):
        raise StateError("active and first player must be 0 or 1")
    if not isinstance(state.step, Step):
        raise StateError(f"step {state.step!r:.40}")
    if not _int(state.round, 1, state.options.round_limit):
        raise StateError(f"round {state.round!r:.40} outside 1..{state.options.round_limit}")
    for name in ("coop_won", "truncated"):
        if not isinstance(getattr(state, name), bool):
            raise StateError(f"{name} is true or false")
    if state.truncated and state.step is not Step.OVER:
        raise StateError("a truncated game is over")
    if state.step is Step.OVER and (state.pending is not None or state.attacks):
        raise StateError("a finished game waits for nothing")
    if state.options.coop and not state.cross_pile and state.step is not Step.OVER:
        raise StateError(
            "[SR-7] a co-op game ends when the last Crossroads card is drawn: "
            "an empty Crossroads draw pile with the game going on is no position of it"
        )


def _check_places(state: State, t: Table) -> None:
    places: list[object] = [*state.crossroads, *state.cross_pile, *state.cross_discard]
    if state.pending is not None:
        places.extend(state.pending.cards)
    for p, player in enumerate(state.players):
        places.extend(player.draw)
        places.extend(player.discard)
        places.extend(player.empire)
        places.extend(player.defeated)
        if len(player.fields) != FIELDS:
            raise StateError(f"player {p} has {len(player.fields)} fields, expected {FIELDS}")
        for field in player.fields:
            if len(field) > FIELD_DEPTH:
                raise StateError(f"player {p} has a field of {len(field)} cards")
            places.extend(field)
            if any(t.enemy[c] for c in field if _int(c, 0, t.n_cards - 1)):
                raise StateError(f"player {p} has an Enemy card built")
        for name in ("supply", "shipment"):
            values = getattr(player, name)
            if len(values) != _GOODS or not all(_int(v, 0, MAX_COUNT) for v in values):
                raise StateError(
                    f"player {p} {name} {values!r:.60} must be 6 counts 0..{MAX_COUNT}"
                )
        if not _int(player.artisans, 0, MAX_COUNT) or not _int(player.vp, 0, MAX_COUNT):
            raise StateError(f"player {p} has artisans or VP outside 0..{MAX_COUNT}")
        if len(player.caravans) > MAX_CARAVANS:
            raise StateError(f"player {p} has {len(player.caravans)} caravans")
        routes = [c.route for c in player.caravans]
        if len(set(routes)) != len(routes) or not all(_int(r, 1, MAX_CARAVANS) for r in routes):
            raise StateError(f"player {p} caravan routes {routes} are not distinct 1..3")
        for caravan in player.caravans:
            if not _int(caravan.position, 0, ROUTE_LENGTH - 1):
                raise StateError(f"player {p} caravan at position {caravan.position!r:.40}")
            goods = caravan.goods
            if len(goods) != _GOODS or not all(_int(v, 0, MAX_COUNT) for v in goods):
                raise StateError(f"player {p} caravan goods {goods!r:.60} are invalid")
            loading = (
                state.pending is not None
                and state.pending.kind is PendingKind.LOAD
                and p == state.active
                and isinstance(state.pending.routes, tuple)
                and caravan.route in state.pending.routes
            )
            if not any(goods) and not loading:  # [Rulings] 10: an empty caravan is gone
                raise StateError(f"player {p} caravan {caravan.route} carries no goods")
            if any(n and g not in OWN_GOODS[p] for g, n in enumerate(goods)):
                raise StateError(  # [SR-5.3] loaded from the own supply, [SR-8] bonuses too
                    f"player {p} caravan {caravan.route} carries goods of the other empire"
                )
        for card in player.defeated:
            if _int(card, 0, t.n_cards - 1) and not t.enemy[card]:
                raise StateError(f"player {p} defeated card {card}, which is no Enemy")
        _check_knowledge(p, player)
    ids = [c for c in places if _int(c, 0, t.n_cards - 1)]
    if len(ids) != len(places) or sorted(ids) != list(range(t.n_cards)):
        missing = sorted(set(range(t.n_cards)) - set(ids))
        extra = sorted({c for c in ids if ids.count(c) > 1}) + [
            c for c in places if not _int(c, 0, t.n_cards - 1)
        ]
        raise StateError(
            f"the {t.n_cards} cards must each be in exactly one place; "
            f"missing {missing}, doubled or unknown {extra!r:.80}"
        )
    returned = state.returned
    if (
        not isinstance(returned, tuple)
        or len(set(returned)) != len(returned)
        or not all(_int(c, 0, t.n_cards - 1) for c in returned)
    ):
        raise StateError(
            f"the Crossroads cards shuffled back {returned!r:.60} must be distinct card ids"
        )
    if len(state.crossroads) > CROSSROADS:
        raise StateError(f"{len(state.crossroads)} Crossroads cards (at most {CROSSROADS})")
    if len(set(state.attacks)) != len(state.attacks):
        raise StateError("an Enemy attacks twice in one phase")
    for card in state.attacks:
        if card not in state.crossroads or not t.enemy[card]:
            raise StateError(f"an attack by {card!r:.40}, no Enemy of the Crossroads")


def _check_knowledge(p: int, player: PlayerState) -> None:
    """[SR-3] [SR-8.3] [SR-8.4] What the players know of a draw pile: its secret cards are
    cards of the pile, at most the two drawn at setup; the cards known on top are cards
    of the pile."""
    secret, known = player.secret, player.known_top
    if (
        not isinstance(secret, tuple)
        or len(secret) > _SETUP_DRAWN
        or len(set(secret)) != len(secret)
        or not all(c in player.draw for c in secret)
    ):
        raise StateError(
            f"player {p}'s secret cards {secret!r:.60} are not cards of their draw pile "
            f"(at most the {_SETUP_DRAWN} drawn at setup, SR-3)"
        )
    size = len(player.draw)
    if not isinstance(known, tuple) or len(known) != 2 or not all(_int(k, 0, size) for k in known):
        raise StateError(
            f"player {p}'s draw pile: the cards known on top {known!r:.40} must be two "
            f"counts 0..{size}, one per player"
        )


#: [SR-3] Cards each player draws at random at setup.
_SETUP_DRAWN = 2


def _check_turn(state: State, t: Table) -> None:
    turn = state.turn
    if not _int(turn.pp, 0, PRODUCTION_POINTS):
        raise StateError(f"production points {turn.pp!r:.40} outside 0..{PRODUCTION_POINTS}")
    for name in ("traded", "defended"):
        if not isinstance(getattr(turn, name), bool):
            raise StateError(f"{name} is true or false")
    empire = state.players[state.active].empire
    if not all(_int(c, 0, t.n_cards - 1) for c in turn.used) or len(turn.used) > t.n_cards:
        raise StateError("the cards used this round are cards")
    if len(turn.readied) > 4 * t.n_cards:
        raise StateError(f"{len(turn.readied)} readied effects")
    for card, ability in turn.readied:
        if card not in empire or not isinstance(ability, Ability):
            raise StateError(
                f"a readied {ability!r:.40} belongs to card {card!r:.40}, not in the Empire"
            )


def _pending_problem(state: State, t: Table, pending: Pending) -> str | None:
    """What is wrong with the decision awaited; None when nothing is."""
    kind = pending.kind
    if state.step is Step.OVER:
        return "the game is over"
    me = state.players[state.active]
    card = pending.card
    numbers = (pending.count, pending.n, pending.smith)
    if not all(_int(v, 0, MAX_COUNT) for v in numbers) or not isinstance(pending.free, bool):
        return "its counts are numbers of 0 or more"
    if not _int(card, -1, t.n_cards - 1):
        return f"card {card!r:.40} is not a card id"
    words = DECISIONS[kind]  # the shape of the decision, from its record
    if not words.holds and pending.cards:
        return "holds no cards"
    if not words.routes and pending.routes:
        return "names no caravan or field"
    if kind is not PendingKind.PAY and (pending.paid or pending.smith):
        return "has nothing to pay"
    if not words.card and card != -1:
        return "is about no card"
    if kind is PendingKind.PAY:
        if card not in state.crossroads or t.enemy[card]:
            return "pays for a card of the Crossroads"
        goods = [int(g) for g in t.card[card].goods]
        if not all(g in goods for g in pending.paid) or len(set(pending.paid)) != len(pending.paid):
            return "goods paid are goods of the card, each once"
        if not 1 <= pending.count <= len(goods) - len(pending.paid):
            return "goods types still to pay"
        if not 1 <= pending.n <= t.max_cost_n:
            return "goods per type"
    elif kind is PendingKind.LOAD:
        if len(pending.routes) != 1 or pending.routes[0] not in [c.route for c in me.caravans]:
            return "loads a caravan of the player"
        room = CARAVAN_SIZE + t.n_cards  # a Warehouse adds room
        if pending.count > room or pending.n > room:
            return f"at most {room} goods"
        caravan = next(c for c in me.caravans if c.route == pending.routes[0])
        if sum(caravan.goods) != pending.n or caravan.position:
            return "loads the caravan begun, which holds the goods loaded so far (n)"
    elif kind in (PendingKind.LOSE, PendingKind.FORT):
        if not state.attacks or card != state.attacks[0]:
            return "about the Enemy attacking now"
        routes = [c.route for c in me.caravans]
        if not pending.routes or not all(r in routes for r in pending.routes):
            return "caravans of the player"
        # [SR-8.5] caravans the attack may hit (a position may name fewer), and no more
        # goods than it takes, as the rules compute them
        ability = t.ability[card]
        targets = attack_routes(me.caravans, ability)
        if not all(r in targets for r in pending.routes):
            return f"caravans the {t.card[card].name} may hit: {list(targets)}"
        if kind is PendingKind.FORT and (
            len(pending.routes) != 1
            or not 1 <= pending.count <= attack_loss(me.caravans, ability, pending.routes[0])
            or not state.turn.count(Ability.FORT)
        ):
            return "one caravan hit, goods lost (at most what the attack takes) and a readied Fort"
    elif kind in (PendingKind.GUARD, PendingKind.ENVOY):
        if card not in me.empire:
            return "about a card of the Empire"
    elif kind is PendingKind.PLACE:
        if card not in state.crossroads or t.enemy[card]:
            return "about a card of the Crossroads that is no Enemy"
    elif kind is PendingKind.CITY_GIVE:  # [SR-8.4] the City takes any card, an Enemy too
        if card not in state.crossroads:
            return "about a card of the Crossroads"
    elif kind in (PendingKind.GENERAL_TAKE, PendingKind.GENERAL_ORDER):
        least = 1 if kind is PendingKind.GENERAL_TAKE else 2
        if not least <= len(pending.cards) <= 3:
            return f"{least} to 3 cards viewed"
    elif kind is PendingKind.GOVERNOR:
        if pending.count > 2 or (card != -1 and not any(card in f for f in me.fields)):
            return "moves built cards of the player, at most two"
        if pending.routes and (
            len(pending.routes) != 2 or not all(_int(f, 1, FIELDS) for f in pending.routes)
        ):
            return "the two fields a first move touched"
    elif kind in (PendingKind.CAPITOL, PendingKind.DIPLOMAT):
        if not 1 <= pending.count <= (2 if kind is PendingKind.CAPITOL else 1):
            return "cards still to discard"
        if card != -1 and card not in state.crossroads:
            return "a card picked first of the Crossroads"
    elif kind in _BONUS and (
        card not in me.defeated or ENEMY_BONUS.get(t.ability[card]) is not kind
    ):
        return "the bonus of an Enemy the player defeated"
    return None


#: [SR-8.5] The decisions of a defeated Enemy's bonus (the rules' own table).
_BONUS = frozenset(ENEMY_BONUS.values())
