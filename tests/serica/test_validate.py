"""Saved states, notation, ids and observations that are refused with a clear error, and
what a General's look at a pile tells the pile's owner."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from pyrsistent import pvector

from silkroad.core.errors import (
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    RulesError,
    StateError,
)
from silkroad.core.serialize import dumps, loads
from silkroad.serica import GAME, Options, State, Use, apply, legal_moves, new_game, observe
from silkroad.serica.cards import Ability
from silkroad.serica.moves import Produce, Take
from silkroad.serica.state import Pending, PendingKind, Step

from .helpers import Builder, play


def _with_pending(kind: PendingKind | None = None) -> State:
    for seed in range(60):
        state = new_game(Options(), seed)
        rng = random.Random(seed)
        while legal_moves(state):
            if state.pending is not None and (kind is None or state.pending.kind is kind):
                return state
            state = apply(state, rng.choice(legal_moves(state)))
    raise LookupError(kind)


@pytest.mark.rule("SR-5.2")
@pytest.mark.parametrize(
    "change",
    [
        {"card": 10000},  # once ValueError in apply
        {"card": -7},
        {"count": -1},
        {"paid": (9,)},
        {"n": 10**6},
        {"kind": PendingKind.GENERAL_ORDER},
    ],
)
def test_a_pending_decision_the_rules_could_not_ask_for_is_refused(
    change: dict[str, Any],
) -> None:
    state = _with_pending(PendingKind.PAY)
    GAME.validate(state)
    assert state.pending is not None
    bad = attrs.evolve(state, pending=attrs.evolve(state.pending, **change))
    with pytest.raises(StateError):
        GAME.validate(bad)


@pytest.mark.rule("SR-5")
@pytest.mark.parametrize(
    "change",
    [
        lambda s: attrs.evolve(s, round=-1),
        lambda s: attrs.evolve(s, round=0),
        lambda s: attrs.evolve(s, turn=attrs.evolve(s.turn, pp=-2)),
        lambda s: attrs.evolve(s, turn=attrs.evolve(s.turn, pp=99)),
        # [SR-4] a strength readied by a card that is not in the Empire
        lambda s: attrs.evolve(s, turn=attrs.evolve(s.turn, readied=((52, Ability.SOLDIER),))),
        lambda s: attrs.evolve(s, turn=attrs.evolve(s.turn, readied=((52, Ability.OUTPOST),))),
        lambda s: attrs.evolve(s, turn=attrs.evolve(s.turn, used=(10_000,))),
        lambda s: attrs.evolve(s, attacks=(0,)),
        lambda s: attrs.evolve(s, pending=Pending(PendingKind.GUARD, card=3)),
        lambda s: attrs.evolve(s, pending=Pending(PendingKind.LOSE, card=3, routes=(2,))),
    ],
)
def test_negative_counters_and_impossible_turns_are_refused(change: Any) -> None:
    state = new_game(Options(), 2)
    GAME.validate(state)
    with pytest.raises(StateError):
        GAME.validate(change(state))


def _crossroads_of(state: State, size: int) -> State:
    cards = [*state.crossroads, *state.cross_pile]
    return attrs.evolve(
        state,
        crossroads=pvector(cards[:size]),
        cross_pile=pvector(cards[size:]),
    )


@pytest.mark.rule("SR-3")
def test_the_crossroads_holds_at_most_four_cards() -> None:
    """A row of ten once loaded and made the observation tensor raise ValueError."""
    state = new_game(Options(), 2)
    GAME.validate(_crossroads_of(state, 4))
    GAME.validate(_crossroads_of(state, 3))  # a pile run short leaves the row short
    with pytest.raises(StateError, match="10 Crossroads cards"):
        GAME.validate(_crossroads_of(state, 10))


@pytest.mark.rule("SR-5.3")
def test_an_enemy_attacks_once_a_phase() -> None:
    state = _with_pending(PendingKind.LOSE)
    GAME.validate(state)
    with pytest.raises(StateError, match="attacks twice"):
        GAME.validate(attrs.evolve(state, attacks=(state.attacks[0], *state.attacks)))


@pytest.mark.rule("SR-3")
def test_a_field_missing_from_a_save_is_a_data_error() -> None:
    document = json.loads(dumps(new_game(Options(), 1), GAME))
    del document["data"]["players"][0]["vp"]
    with pytest.raises(DataError, match=r"\$\.players\[0\]\.vp: required field missing"):
        loads(json.dumps(document), State, GAME)


@pytest.mark.rule("SR-5")
def test_bad_moves_notation_ids_and_players_are_refused() -> None:
    state = new_game(Options(), 1)
    for text in ("rearrange ①.2 3.①", "take " + "9" * 5000, "place ٣"):
        with pytest.raises(InvalidMoveError) as info:
            GAME.parse_move(state, text)
        assert len(str(info.value)) < 300
    with pytest.raises(IllegalMoveError, match="99 is not a good"):
        apply(state, Produce(good=99))  # type: ignore[arg-type]  # once AttributeError
    with pytest.raises(IllegalMoveError):
        GAME.encode_move(state, Take(1))  # once an id for a move that is not legal
    for action in (True, 1.5, [0], 10**5000):
        with pytest.raises(InvalidMoveError):
            GAME.decode_move(state, action)  # type: ignore[arg-type]
    for player in (9, 2, -1, True):
        with pytest.raises(RulesError, match="no player"):
            observe(state, player)  # type: ignore[arg-type]


@pytest.mark.rule("SR-8.3")
def test_a_general_looking_at_a_pile_tells_its_owner_nothing_of_its_order() -> None:
    """While the General holds the top three cards, the pile's owner still counts them
    among the cards of their pile: comparing observations tells them nothing about which
    cards are on top (once they were left out, and so given away)."""
    b = Builder()
    han = b.player(empire=["general"], fields=[["fort"], [], [], []])
    rome = b.player(draw=["city", "envoy", "smith", "trader"], fields=[["soldier"], [], [], []])
    state = b.state(han, rome)
    before = observe(state, 1)
    looking = play(state, Use("general"))
    assert looking.pending is not None
    assert looking.pending.kind is PendingKind.GENERAL_TAKE
    during = observe(looking, 1)
    assert during.players[1].draw_cards == before.players[1].draw_cards
    assert during.pending is not None
    assert set(during.pending.cards) == {-1}
    assert during.players[1].draw_size == 1  # the pile is visibly shorter by three
    # a state dealt from the owner's view holds the General's cards from their own pile
    for seed in range(5):
        dealt = GAME.determinize(during, seed)
        assert dealt.pending is not None
        assert set(dealt.pending.cards) | set(dealt.players[1].draw) == set(state.players[1].draw)
        assert observe(dealt, 1) == during


@pytest.mark.rule("SR-5.3")
def test_a_caravan_carrying_the_other_empires_goods_is_refused() -> None:
    """Caravans are loaded from the own goods, and every bonus that joins one is of them
    too: Han's caravan with wine is no position of the game (and a Pirate would have two
    goods of value 2 to choose from)."""
    b = Builder()
    assert b.state(b.player(caravans=[(1, 0, {"porcelain": 2})])).players[0].caravans
    b = Builder()
    with pytest.raises(StateError, match="caravan 1 carries goods of the other empire"):
        b.state(b.player(caravans=[(1, 0, {"porcelain": 1, "wine": 1})]))
    b = Builder()
    with pytest.raises(StateError, match="player 1 caravan 2 carries goods"):
        b.state(rome=b.player(caravans=[(2, 0, {"silk": 1})]))


@pytest.mark.rule("SR-5.3")
def test_a_caravan_without_goods_is_refused_but_the_one_being_loaded() -> None:
    """[Rulings] 10: a caravan carries at least one good (one left without any is gone);
    only the caravan being begun is empty while its goods are loaded. An empty caravan
    once reached an Enemy's choice of the good to take with nothing to choose from."""
    b = Builder()
    with pytest.raises(StateError, match="player 0 caravan 2 carries no goods"):
        b.state(b.player(caravans=[(2, 1, {})]))
    b = Builder()
    han = b.player(supply={"silk": 2}, caravans=[(1, 0, {})])
    loading = b.state(han, step=Step.TRADE, pending=Pending(PendingKind.LOAD, routes=(1,)))
    assert "load silk" in [GAME.format_move(m) for m in legal_moves(loading)]
    # the soak's find: a load that counted one good loaded into a caravan holding none
    # was accepted, and the caravan, loaded no further, was left empty
    told_one = attrs.evolve(loading.pending, n=1)
    with pytest.raises(StateError, match="holds the goods loaded so far"):
        GAME.validate(attrs.evolve(loading, pending=told_one))
