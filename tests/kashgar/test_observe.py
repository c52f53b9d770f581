"""[KG-7] Observations hide deck order, the RNG and private looks; determinize."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.rng import Rng
from silkroad.kashgar import (
    CaravanAction,
    Keep,
    Options,
    apply,
    determinize,
    legal_moves,
    new_game,
    observe,
    validate,
)

from .helpers import Builder, play


@pytest.mark.rule("KG-7")
def test_observation_hides_deck_order_and_rng() -> None:
    state = new_game(Options.create(3), 4)
    shuffled = attrs.evolve(
        state,
        standard=state.standard[::-1],
        rng=Rng.from_seed(99),
        order_deck=state.order_deck[::-1],
        special=state.special[::-1],
    )
    for p in range(3):
        obs = observe(state, p)
        assert obs == observe(shuffled, p)
        assert not any(isinstance(getattr(obs, f.name), Rng) for f in attrs.fields(type(obs)))
        assert obs.standard_size == len(state.standard)


@pytest.mark.rule("KG-7")
def test_knowledge_of_cards_put_under_a_deck_is_private_and_survives_determinize() -> None:
    b = Builder()
    prophet = b.card("prophet")
    s1, s2 = b.card("vizier"), b.card("goldsmith")
    state = b.state([[[prophet]], [[b.card("baker")]]], special_top=[s1, s2])
    state = play(state, CaravanAction(0, 0), Keep(s1))
    mine = observe(state, 0)
    theirs = observe(state, 1)
    assert [k.card for k in mine.known] == [s2]
    assert theirs.known == ()
    assert len(theirs.others_known) == 1
    for seed in range(5):
        world = determinize(mine, seed)
        validate(world)
        assert world.special[-1] == s2  # the known card stays where the player put it
        assert observe(world, 0) == mine
        other_world = determinize(theirs, seed)
        validate(other_world)
        assert observe(other_world, 1) == theirs


@pytest.mark.rule("KG-7")
def test_determinize_redeals_hidden_cards_only() -> None:
    state = new_game(Options.create(4, expansion="all"), 2)
    rng = Rng.from_seed(5)
    for _ in range(40):
        moves = legal_moves(state)
        i, rng = rng.randrange(len(moves))
        state = apply(state, moves[i])
    for p in range(4):
        obs = observe(state, p)
        worlds = [determinize(obs, k) for k in range(3)]
        for w in worlds:
            validate(w)
            assert observe(w, p) == obs
            assert w.caravans == state.caravans
            assert w.discard == state.discard
        assert any(w.standard != state.standard for w in worlds)
