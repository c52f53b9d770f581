"""Every title as a PettingZoo AEC environment, checked by PettingZoo's own api_test,
seed_test and render_test for every player count.

PettingZoo's max_cycles_test does not apply: it drives the parallel API with a
``max_cycles`` cap, which only environments whose agents all act at every step offer
(PettingZoo's own turn-based classic games have neither); here one agent decides at a time,
in an order the game decides.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import silkroad
import tinygame
from silkroad.adapters.pettingzoo import SilkroadEnv, env, raw_env
from silkroad.core.errors import InvalidMoveError
from silkroad.core.game import Outcome
from silkroad.kashgar import Options as KashgarOptions


def cases() -> list[tuple[str, int]]:
    out = []
    for name in ("kashgar", "serica", "dunhuang"):
        spec = silkroad.get_game(name).spec
        out += [(name, n) for n in spec.allowed_players]
    return out


@pytest.mark.parametrize(("name", "players"), cases())
def test_pettingzoo_api_seed_and_render_tests(name: str, players: int) -> None:
    api_test(env(name, players=players, render_mode="ansi"), num_cycles=300)
    seed_test(lambda: env(name, players=players), num_cycles=150)
    render_test(lambda render_mode=None: env(name, players=players, render_mode=render_mode))


def play_out(environment: Any, seed: int) -> dict[str, float]:
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("utility", ["vp", "win"])
def test_a_whole_game_ends_with_the_final_scores_as_rewards(utility: str) -> None:
    silkroad.register(tinygame.GAME, replace=True)
    try:
        environment = env("tinydraw", players=3, utility=utility)
        totals = play_out(environment, seed=4)
        final = environment.state_
        assert tinygame.GAME.is_over(final)
        expected = (
            [float(s) for s in tinygame.scores(final)]
            if utility == "vp"
            else [1.0 if p in tinygame.winners(final) else 0.0 for p in range(3)]
        )
        assert [totals[f"player_{p}"] for p in range(3)] == expected
        assert environment.agents == []
    finally:
        silkroad.unregister("tinydraw")


def test_a_kashgar_game_runs_to_its_end() -> None:
    environment = env("kashgar", players=2)
    totals = play_out(environment, seed=1)
    scores = silkroad.get_game("kashgar").scores(environment.state_)
    assert [totals["player_0"], totals["player_1"]] == [float(s) for s in scores]


def test_observations_masks_and_render() -> None:
    environment = env("kashgar", players=3, render_mode="ansi")
    environment.reset(seed=2)
    agent = environment.agent_selection
    observation = environment.observe(agent)
    game = silkroad.get_game("kashgar")
    tensor = observation["observation"]
    assert tensor.dtype == np.float32
    assert tensor.shape == game.observation_layout(environment.options).shape
    player = environment.possible_agents.index(agent)
    assert np.array_equal(tensor, game.observation_tensor(game.observe(environment.state_, player)))
    space = environment.observation_space(agent)["observation"]
    assert space.low.min() == 0.0
    assert space.high.max() == 1.0
    assert space.contains(tensor)
    mask = observation["action_mask"]
    assert list(np.flatnonzero(mask)) == sorted(
        game.encode_move(environment.state_, m) for m in game.legal_moves(environment.state_)
    )
    others = [a for a in environment.possible_agents if a != agent]
    assert all(not environment.observe(a)["action_mask"].any() for a in others)
    text = environment.render()
    assert text is not None
    assert text.startswith("Kashgar, 3 players")
    quiet = env("kashgar")
    quiet.reset(seed=1)
    assert quiet.render() is None  # no render_mode: no output
    assert environment.metadata["name"] == "silkroad_kashgar_v0"


def test_human_render_mode_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    environment = env("serica", render_mode="human")
    environment.reset(seed=3)
    assert environment.render() is None
    printed = capsys.readouterr().out
    assert printed.strip() == silkroad.get_game("serica").render(environment.state_).strip()


def test_a_title_without_a_tensor_falls_back_to_the_feature_hash() -> None:
    environment = SilkroadEnv(tinygame.GAME, tinygame.Options())
    environment.reset(seed=1)
    observation = environment.observe(environment.agent_selection)["observation"]
    assert observation.shape == (512,)
    assert environment.observation_space("player_0")["observation"].high.max() == np.inf


def test_calls_out_of_order_get_pettingzoo_errors() -> None:
    environment = env("kashgar")
    with pytest.raises(AttributeError, match="reset"):
        _ = environment.agent_selection
    with pytest.raises(Exception, match="reset"):
        environment.step(0)
    with pytest.raises(Exception, match="reset"):
        environment.observe("player_0")
    assert isinstance(environment.unwrapped, SilkroadEnv)
    assert isinstance(raw_env("kashgar"), SilkroadEnv)


def test_illegal_actions_and_bad_arguments_are_refused() -> None:
    environment = env("kashgar")
    environment.reset(seed=3)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(InvalidMoveError):
        environment.step(illegal)
    with pytest.raises(ValueError, match="render_mode"):
        env("kashgar", render_mode="rgb_array")
    with pytest.raises(ValueError, match="utility"):
        env("kashgar", utility="elo")


def test_reset_without_a_seed_is_reproducible_from_the_first_seed() -> None:
    first, second = env("serica"), env("serica")
    for environment in (first, second):
        environment.reset(seed=9)
        environment.reset()
    assert first.state_ == second.state_


@pytest.mark.parametrize("utility", ["vp", "win"])
def test_a_game_stopped_by_the_safeguard_is_truncated_not_terminated(utility: str) -> None:
    environment = SilkroadEnv(
        tinygame.make_truncating_game(cap=3), tinygame.Options(players=2), utility=utility
    )
    totals = play_out(environment, seed=2)
    final = environment.state_
    assert environment.game.outcome(final) is Outcome.TRUNCATED
    assert environment.agents == []
    # nobody won: the "win" utility gives nothing; "vp" still pays the points reached
    expected = [float(s) for s in tinygame.scores(final)] if utility == "vp" else [0.0, 0.0]
    assert [totals["player_0"], totals["player_1"]] == expected


def test_a_truncated_game_reports_truncations_to_every_agent() -> None:
    environment = SilkroadEnv(tinygame.make_truncating_game(cap=2), tinygame.Options())
    environment.reset(seed=1)
    seen = []
    for _agent in environment.agent_iter():
        _, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            seen.append((termination, truncation))
            environment.step(None)
            continue
        environment.step(int(np.flatnonzero(environment.last()[0]["action_mask"])[0]))
    assert seen == [(False, True), (False, True)]


def test_a_title_stopped_by_its_round_limit_truncates_every_agent() -> None:
    environment = env("kashgar", options=KashgarOptions.create(3, round_limit=1), utility="win")
    environment.reset(seed=5)
    ends: dict[str, tuple[bool, bool, float]] = {}
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        if termination or truncation:
            ends[agent] = (termination, truncation, reward)
            environment.step(None)
            continue
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert silkroad.get_game("kashgar").outcome(environment.state_) is Outcome.TRUNCATED
    # every agent sees a truncation, no termination, and no win
    assert ends == dict.fromkeys(environment.possible_agents, (False, True, 0.0))
