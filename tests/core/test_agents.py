"""The random agent and the game runner."""

from __future__ import annotations

from typing import Any

import pytest

import tinygame
from silkroad.agents import AGENTS, Agent, RandomAgent, make_agent
from silkroad.arena.match import agent_seeds, play_game
from silkroad.core.errors import RulesError


def test_random_agent_is_seeded_and_picks_legal_moves() -> None:
    state = tinygame.new_game(tinygame.Options(3, 3), 1)
    legal = tinygame.legal_moves(state)
    a, b = RandomAgent(5), RandomAgent(5)
    picks_a = [a.choose(tinygame.GAME, None, legal) for _ in range(20)]
    picks_b = [b.choose(tinygame.GAME, None, legal) for _ in range(20)]
    assert picks_a == picks_b
    assert set(picks_a) <= set(legal)
    assert len(set(picks_a)) > 1
    assert isinstance(a, Agent)
    with pytest.raises(ValueError, match="at least one legal move"):
        a.choose(tinygame.GAME, None, ())


def test_agent_specs_carry_typed_parameters() -> None:
    from silkroad.agents import parse_agent_spec

    assert parse_agent_spec("random") == ("random", {})
    assert parse_agent_spec("ismcts:iterations=400:exploration=0.7:mode=fast") == (
        "ismcts",
        {"iterations": 400, "exploration": 0.7, "mode": "fast"},
    )
    with pytest.raises(ValueError, match="not key=value"):
        parse_agent_spec("ismcts:400")
    with pytest.raises(ValueError, match="starts with a name"):
        parse_agent_spec(":x=1")
    with pytest.raises(ValueError, match="bad parameters for agent 'random'"):
        make_agent("random:depth=3", 1)


def test_make_agent_knows_its_names() -> None:
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert "random" in AGENTS
    with pytest.raises(ValueError, match="unknown agent 'genius'.*random"):
        make_agent("genius", 1)


def test_play_game_is_reproducible_and_records_the_result(tiny: object) -> None:
    seen: list[tuple[int, int, Any]] = []
    first = play_game(
        tinygame.GAME,
        tinygame.Options(),
        9,
        ["random", "random"],
        on_move=lambda n, p, m, s: seen.append((n, p, m)),
    )
    second = play_game(tinygame.GAME, tinygame.Options(), 9, ["random", "random"])
    assert first == second
    assert first.decisions == len(first.record.moves) == len(seen)
    assert first.result.scores == tinygame.scores(first.state)
    assert [n for n, _, _ in seen] == list(range(1, first.decisions + 1))


def test_agents_receive_only_the_observation() -> None:
    received: list[Any] = []

    class Spy:
        def choose(self, game: Any, observation: Any, legal_moves: Any) -> Any:
            received.append(observation)
            return legal_moves[0]

    play_game(tinygame.GAME, tinygame.Options(), 2, [Spy(), Spy()])
    assert received
    assert all(isinstance(o, tinygame.Observation) for o in received)


def test_play_game_checks_seats_and_length() -> None:
    with pytest.raises(ValueError, match="2 seats, got 1 agents"):
        play_game(tinygame.GAME, tinygame.Options(), 1, ["random"])
    with pytest.raises(RulesError, match="did not end within 2 decisions"):
        play_game(tinygame.GAME, tinygame.Options(), 1, ["random"] * 2, max_decisions=2)


def test_agent_seeds_differ_per_seat_and_are_stable() -> None:
    seeds = agent_seeds(7, 4)
    assert len(set(seeds)) == 4
    assert agent_seeds(7, 4) == seeds
    assert agent_seeds(8, 4) != seeds
