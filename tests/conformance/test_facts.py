"""Every title says what an observer learned (``known_facts``), and the states dealt from
an observation keep it; a game that says nothing has no facts."""

from __future__ import annotations

from typing import Any

import pytest

import silkroad
import tinygame
from silkroad.core.game import Fact, known_facts
from silkroad.core.rng import Rng

#: (title, players, decisions played)
TITLES = [("kashgar", 2, 120), ("serica", 2, 300), ("dunhuang", 3, 60)]


@pytest.mark.parametrize(("name", "players", "steps"), TITLES)
def test_each_title_states_facts_that_the_real_and_the_dealt_states_keep(
    name: str, players: int, steps: int
) -> None:
    game = silkroad.get_game(name)
    state = game.new_game(game.default_options(players), 3)
    rng = Rng.from_seed(3)
    stated = 0
    for step in range(steps):
        if game.is_over(state):
            break
        if step % 5 == 0:
            for p in range(game.num_players(state)):
                obs = game.observe(state, p)
                facts = known_facts(game, obs)
                assert facts == game.known_facts(obs)
                stated += len(facts)
                for fact in facts:
                    assert isinstance(fact, Fact)
                    assert fact.holds(state), f"step {step}: {fact.text}"
                    for k in range(2):
                        assert fact.holds(game.determinize(obs, k)), f"step {step}: {fact.text}"
        moves = game.legal_moves(state)
        i, rng = rng.randrange(len(moves))
        state = game.apply(state, moves[i])
    assert stated > 0


def test_a_game_without_facts_has_none() -> None:
    game: Any = tinygame.GAME
    state = game.new_game(game.default_options(), 1)
    assert known_facts(game, game.observe(state, 0)) == ()

    class Bare:  # a Game of another library, without the optional part
        pass

    assert known_facts(Bare(), object()) == ()  # type: ignore[arg-type]
