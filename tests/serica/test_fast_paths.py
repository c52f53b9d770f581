"""The fast paths of the rules list what the plain definitions they replace list."""

from __future__ import annotations

import importlib
import random
from typing import Any

import attrs
import pytest
from pyrsistent import pvector

from silkroad import get_game
from silkroad.core.errors import StateError
from silkroad.core.rng import Rng
from silkroad.serica import Options
from silkroad.serica.cards import GOOD_VALUE, OWN_GOODS, Ability, CardType
from silkroad.serica.evaluate import evaluate, evaluate_all
from silkroad.serica.observe import (
    HIDDEN,
    Observation,
    PlayerView,
    _below,
    _deal_no_enemy,
    _seen,
    determinize,
    observe,
)
from silkroad.serica.rules import (
    _SPOT_PAIRS,
    _governor_can,
    _governor_moved,
    _governor_pairs,
    _governor_second,
)
from silkroad.serica.state import (
    BUILT_TO_END,
    CARAVAN_SIZE,
    FIELD_DEPTH,
    FIELDS,
    PRODUCTION_POINTS,
    ROUTE_LENGTH,
    Pending,
    PendingKind,
    PlayerState,
    State,
    Step,
)
from silkroad.serica.table import table

#: The evaluation module (the package's ``evaluate`` is the function).
E = importlib.import_module("silkroad.serica.evaluate")
#: The observation module (``determinize``'s helpers, replaced in a test).
OBSERVE = importlib.import_module("silkroad.serica.observe")


def _random_fields(rng: random.Random, n_cards: int) -> tuple[tuple[int, ...], ...]:
    cards = rng.sample(range(n_cards), FIELDS * FIELD_DEPTH)
    return tuple(
        tuple(cards[f * FIELD_DEPTH + i] for i in range(rng.randrange(FIELD_DEPTH + 1)))
        for f in range(FIELDS)
    )


@pytest.mark.rule("SR-8.3")
def test_governor_pairs_are_the_spot_pairs_governor_can_accepts() -> None:
    """Listing only built cards and free spots gives the pairs, in the order, that
    checking every two spots gives: before a first move and after one."""
    t = table(Options())
    rng = random.Random(7)
    compared = 0
    for _ in range(300):
        fields = _random_fields(rng, t.n_cards)
        # a few kinds only, so that alike cards (no swap) come up
        fields = tuple(tuple(c % 6 for c in f) for f in fields)
        fields = tuple(tuple(dict.fromkeys(f)) for f in fields)
        pendings = [Pending(PendingKind.GOVERNOR, count=2)]
        for f, field in enumerate(fields):
            if field:
                other = rng.choice([g for g in range(FIELDS) if g != f])
                routes = (f + 1, other + 1)
                pendings.append(
                    Pending(PendingKind.GOVERNOR, card=field[-1], count=1, routes=routes)
                )
        for pending in pendings:
            moved, touched = _governor_moved(pending)
            plain = [
                (a, b, move)
                for a, b, move in _SPOT_PAIRS
                if _governor_can(t, fields, a, b, moved, touched)
            ]
            assert _governor_pairs(t, fields, pending) == plain
            compared += len(plain)
            if moved >= 0:
                fa, fb = (r - 1 for r in pending.routes)
                assert _governor_second(fields, moved, fa, fb) == bool(plain)
    assert compared > 1000  # the random fields offered many moves


def _plain_determinize(obs: Observation, seed: int) -> State:
    """:func:`determinize` as first written: every pile shuffled, even one of one card or
    none, and the other player's secret cards dealt even when there are none."""
    rng = Rng.from_seed(seed)
    enemy = table(obs.options).enemy
    seen = _seen(obs)
    order, rng = rng.shuffle([c for c in range(table(obs.options).n_cards) if c not in seen])
    deal = list(order)
    pending = obs.pending
    mine = obs.players[obs.player]
    own, rng = rng.shuffle(_below(mine.draw_cards, mine.top))
    if pending is not None and HIDDEN in pending.cards:
        hidden = sum(1 for c in pending.cards if c == HIDDEN)
        held, own = list(own[:hidden]), own[hidden:]
        cards = tuple(held.pop() if c == HIDDEN else c for c in pending.cards)
        pending = attrs.evolve(pending, cards=cards)
    players = []
    for p, view in enumerate(obs.players):
        secret: tuple[int, ...] = view.secret
        if p == obs.player:
            draw = (*mine.top, *own)
        else:
            unknown = view.draw_size - len(view.draw_cards)
            if any(enemy[c] for c in deal[:unknown]):
                secret, deal = _deal_no_enemy(deal, unknown, enemy)
            else:
                secret, deal = tuple(deal[:unknown]), deal[unknown:]
            rest, rng = rng.shuffle((*_below(view.draw_cards, view.top), *secret))
            draw = (*view.top, *rest)
        players.append(attrs.evolve(obs_player_state(view), draw=pvector(draw), secret=secret))
    for card in obs.cross_known:
        at, rng = rng.randrange(len(deal) + 1)
        deal.insert(at, card)
    rng, _ = rng.split()
    fields = {a.name: getattr(obs, a.name) for a in attrs.fields(State) if hasattr(obs, a.name)}
    fields.update(
        rng=rng,
        players=(players[0], players[1]),
        cross_pile=pvector(deal),
        pending=pending,
        returned=obs.cross_known,
    )
    return State(**fields)


def obs_player_state(view: PlayerView) -> PlayerState:
    """A player's side with the open fields of ``view`` and an empty draw pile."""
    names = [a.name for a in attrs.fields(PlayerState)]
    given = {n: getattr(view, n) for n in names if hasattr(view, n)}
    return PlayerState(**{**given, "draw": pvector(), "secret": ()})


def _seeded_states(coop: bool, decisions: int) -> list[State]:
    game = get_game("serica")
    rng = random.Random(5)
    state = game.new_game(Options(coop=coop), 5)
    states = [state]
    while (moves := game.legal_moves(state)) and len(states) < decisions:
        state = game.apply(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


@pytest.mark.rule("SR-3")
@pytest.mark.rule("SR-5.4")
@pytest.mark.parametrize("coop", [False, True])
def test_determinize_deals_the_worlds_of_its_plain_definition(coop: bool) -> None:
    """Skipping the shuffle of a pile of one card or none and the deal of no secret
    cards changes no world: the same state as shuffling every pile, seed for seed."""
    small = large = 0
    for state in _seeded_states(coop, 120):
        for player in (0, 1):
            obs = observe(state, player)
            mine = obs.players[player]
            if len(mine.draw_cards) - len(mine.top) > 1:
                large += 1
            else:
                small += 1
            for seed in (0, 2**63 + 1):
                assert determinize(obs, seed) == _plain_determinize(obs, seed)
    assert small  # both paths taken
    assert large


def _game_observations(coop: bool, seed: int) -> list[Observation]:
    """Both players' observations at every decision of a seeded random game."""
    game = get_game("serica")
    rng = random.Random(seed)
    state = game.new_game(Options(coop=coop), seed)
    observations = []
    while moves := game.legal_moves(state):
        observations.extend(observe(state, p) for p in (0, 1))
        state = game.apply(state, moves[rng.randrange(len(moves))])
    return observations


@pytest.mark.rule("SR-3")
@pytest.mark.rule("SR-5.4")
@pytest.mark.rule("SR-8.3")
@pytest.mark.rule("SR-8.4")
@pytest.mark.parametrize("packed", [True, False])
def test_determinize_draws_at_once_the_draws_of_its_plain_definition(
    packed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal's draws made at once (``packed_draws``), or one by one where it declines,
    give the world of the plain definition seed for seed: with the other player's secret
    cards to deal (Enemies among the first cards of the deal too), Crossroads cards known
    to be back in the pile, a General holding some of the observer's cards, and sides
    with no card to deal (made once for every world)."""
    if not packed:
        monkeypatch.setattr(OBSERVE, "packed_draws", lambda *_: None)
    paths = {"secret": 0, "known": 0, "general": 0, "no enemy": 0, "fixed": 0, "dealt": 0}
    no_enemy = OBSERVE._deal_no_enemy

    def counted(*args: Any) -> tuple[tuple[int, ...], list[int]]:
        paths["no enemy"] += 1
        return no_enemy(*args)

    monkeypatch.setattr(OBSERVE, "_deal_no_enemy", counted)
    for k, obs in enumerate(_game_observations(False, 3)):
        deal = OBSERVE._deal(obs)
        secret = deal.secret > 0
        general = obs.pending is not None and HIDDEN in obs.pending.cards
        if not (secret or general or (obs.cross_known and k % 8 == 0)):
            continue
        paths["secret"] += secret
        paths["known"] += bool(obs.cross_known)
        paths["general"] += general
        paths["fixed"] += deal.fixed.count(None) < 2  # a side made once for every world
        paths["dealt"] += None in deal.fixed
        for seed in (1, 2**64 - 1, 77):
            assert determinize(obs, seed) == _plain_determinize(obs, seed)
    assert min(paths.values()) > 0, paths


@pytest.mark.rule("SR-3")
def test_determinize_refuses_an_observation_knowing_more_cards_than_a_pile_holds() -> None:
    """The other draw pile cannot hold fewer cards than the observer knows in it."""
    state = _seeded_states(False, 1)[0]
    obs = observe(state, 0)
    other = obs.players[1]
    players = (obs.players[0], attrs.evolve(other, draw_size=len(other.draw_cards) - 1))
    with pytest.raises(
        StateError, match="2 cards known in the other player's draw pile, which holds 1"
    ):
        determinize(attrs.evolve(obs, players=players), 0)


def _plain_potential(state: State, p: int) -> float:
    """[SR-6] A player's potential as first written: a lookup of the card's definition
    per card, ``min`` and ``max``."""
    t = table(state.options)
    me = state.players[p]
    card = t.card
    value = float(me.vp)
    keep = 1.0
    if me.caravans:
        chiefs = sum(1 for c in state.crossroads if t.ability[c] is Ability.CHIEFTAIN)
        keep = max(0.0, 1.0 - E.CHIEFTAIN_LOSS * chiefs / len(me.caravans))
    for caravan in me.caravans:
        arrival = E.ARRIVAL_VP + sum(n * GOOD_VALUE[g] for g, n in enumerate(caravan.goods))
        share = E.CARAVAN_START + E.CARAVAN_PER_SPACE * min(caravan.position, ROUTE_LENGTH)
        value += arrival * share * keep
    for g, n in enumerate(me.supply):
        if n:
            if g in OWN_GOODS[p]:
                value += E.OWN_GOOD_SHARE * GOOD_VALUE[g] * min(n, 2 * CARAVAN_SIZE)
            else:
                value += E.OTHER_GOOD_VP * n
    value += E.SHIPMENT_VP * sum(me.shipment)
    needed = sum(card[c].artisans for c in me.empire)
    value += E.ARTISAN_VP * min(me.artisans, needed)
    value += E.SPARE_ARTISAN_VP * max(0, me.artisans - needed)
    owned = 0
    for pile in (me.draw, me.discard, me.empire):
        owned += len(pile)
        for c in pile:
            d = card[c]
            if d.type is CardType.ENEMY:
                owned -= 1
            else:
                value += E.CARD_VP_SHARE * d.vp + E.ability_worth(d.ability)
    built = 0
    for field in me.fields:
        built += len(field)
        for c in field:
            value += E.STRENGTH_VP * card[c].strength
    value += E.BUILT_CARD_VP * built - E.MISSING_CARD_VP * max(0, BUILT_TO_END - built - owned)
    if p == state.active:
        if state.step is Step.PRODUCE:
            value += E.POINT_VP * (state.turn.pp + state.turn.count(Ability.LABORER))
    elif not state.options.coop:
        value += E.POINT_VP * PRODUCTION_POINTS / 2
    return value


@pytest.mark.rule("SR-6")
def test_the_evaluation_sums_what_its_plain_definition_sums() -> None:
    """The per-card weights and comparisons give the very same floats as looking each
    card up and calling ``min``/``max`` (rich supplies included: the caps count)."""
    rng = random.Random(3)
    compared = 0
    for state in _seeded_states(False, 150):
        players = tuple(
            attrs.evolve(pl, supply=tuple(rng.choice((0, 1, 7, 8, 9, 30)) for _ in pl.supply))
            for pl in state.players
        )
        for s in (state, attrs.evolve(state, players=(players[0], players[1]))):
            if s.step is Step.OVER:
                continue
            han, rome = _plain_potential(s, 0), _plain_potential(s, 1)
            assert evaluate_all(s) == (han - rome, rome - han)
            assert evaluate(s, 1) == rome - han
            compared += 1
    assert compared > 100
