"""Every title as a single-agent Gymnasium environment: Gymnasium's own check_env on every
title, player count and variant; opponents by agent spec; rewards at the end or shaped by
VP; truncation from the safeguard; illegal actions and calls out of order; registration;
vector environments."""

from __future__ import annotations

import warnings
from importlib.metadata import entry_points
from typing import Any

import attrs
import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import silkroad
import tinygame
from silkroad.adapters.gymnasium import (
    OLD_DEFAULT_GAME,
    SilkroadGymEnv,
    env_id,
    register_all,
    register_envs,
)
from silkroad.agents import GreedyAgent
from silkroad.core.errors import InvalidMoveError
from silkroad.kashgar import Options as KashgarOptions

TITLES = ("kashgar", "serica", "dunhuang")


def cases() -> list[tuple[str, int]]:
    return [(n, p) for n in TITLES for p in silkroad.get_game(n).spec.allowed_players]


def play(env: Any, seed: int) -> tuple[float, dict[str, Any], bool, bool, int]:
    """A whole episode of random legal actions: total reward, last info, flags, steps."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        steps += 1
        if terminated or truncated:
            return total, info, terminated, truncated, steps


@pytest.mark.parametrize(("name", "players"), cases())
def test_check_env_passes_on_every_title(name: str, players: int) -> None:
    env = gymnasium.make(env_id(silkroad.get_game(name)), players=players, seat=players - 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        check_env(env.unwrapped)
    assert env.observation_space.shape == env.unwrapped.layout.shape
    assert env.observation_space.low.min() == 0.0
    assert env.observation_space.high.max() == 1.0


def test_the_ids_are_registered() -> None:
    assert {"silkroad/Kashgar-v0", "silkroad/Serica-v0", "silkroad/Dunhuang-v0"} <= set(
        gymnasium.registry
    )
    assert register_envs() == ["silkroad/Kashgar-v0", "silkroad/Serica-v0", "silkroad/Dunhuang-v0"]
    # the module:id form imports the module by itself
    env = gymnasium.make("silkroad.adapters.gymnasium:silkroad/Serica-v0")
    assert isinstance(env.unwrapped, SilkroadGymEnv)
    # Gymnasium's plugin hook is declared
    hooks = [ep for ep in entry_points(group="gymnasium.envs") if ep.name == "silkroad"]
    assert [ep.value for ep in hooks] == ["silkroad.adapters.gymnasium:register_envs"]


def test_register_all_adds_plugin_games() -> None:
    silkroad.register(tinygame.GAME, replace=True)
    try:
        assert "silkroad/Tinydraw-v0" in register_all()
        env = gymnasium.make("silkroad/Tinydraw-v0")
        observation, _ = env.reset(seed=1)
        assert observation.shape == (512,)  # no tensor: the feature hash
    finally:
        silkroad.unregister("tinydraw")


def test_the_observation_is_the_seats_tensor_and_the_mask_its_legal_actions() -> None:
    env = SilkroadGymEnv("kashgar", players=3, seat=1)
    observation, info = env.reset(seed=4)
    game = env.game
    assert game.current_player(env.state) == 1  # the others played up to the seat's turn
    assert np.array_equal(observation, game.observation_tensor(game.observe(env.state, 1)))
    legal = sorted(game.encode_move(env.state, m) for m in game.legal_moves(env.state))
    assert list(np.flatnonzero(info["action_mask"])) == legal
    assert info["action_mask"].dtype == np.int8


@pytest.mark.parametrize("utility", ["win", "vp"])
def test_the_reward_comes_at_the_end(utility: str) -> None:
    env = SilkroadGymEnv("kashgar", players=2, seat=0, utility=utility)
    total, info, terminated, truncated, _ = play(env, seed=2)
    assert terminated or truncated
    scores, winners = info["scores"], info["winners"]
    expected = (1.0 if 0 in winners else 0.0) if utility == "win" else float(scores[0])
    assert total == expected


def test_a_reward_shaped_by_vp_adds_the_points_gained() -> None:
    shaped = SilkroadGymEnv("kashgar", players=2, utility="vp", shaping=0.5)
    _, info = shaped.reset(seed=3)
    start = shaped.game.scores(shaped.state)[0]
    total, info, _, _, steps = play(shaped, seed=3)
    final = info["scores"][0]
    assert steps > 10
    assert total == pytest.approx(final + 0.5 * (final - start))


def test_opponents_by_spec_list_or_object() -> None:
    for opponents in ("greedy", ["random", "greedy"], [GreedyAgent(1), GreedyAgent(2)]):
        env = SilkroadGymEnv("kashgar", players=3, opponents=opponents)
        env.reset(seed=1)
        assert len(env._agents) == 2
    assert type(SilkroadGymEnv("kashgar", opponents="greedy")._opponents[0]) is str
    with pytest.raises(ValueError, match="unknown agent"):
        SilkroadGymEnv("kashgar", opponents="nobody")
    with pytest.raises(ValueError, match="every other seat"):
        SilkroadGymEnv("kashgar", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat"):
        SilkroadGymEnv("kashgar", players=2, seat=2)


def test_a_seeded_reset_replays_the_same_episode() -> None:
    runs = []
    for _ in range(2):
        env = SilkroadGymEnv("serica", opponents="greedy")
        total, info, terminated, _, steps = play(env, seed=11)
        runs.append((total, info["scores"], terminated, steps, env.state))
    assert runs[0] == runs[1]


def test_a_game_stopped_by_the_safeguard_is_truncated() -> None:
    game = tinygame.make_truncating_game(cap=3)
    env = SilkroadGymEnv(game, players=2)
    total, info, terminated, truncated, _ = play(env, seed=1)
    assert truncated
    assert not terminated
    assert info["outcome"] == "truncated"
    assert total == 0.0  # nobody won


def test_illegal_actions_lose_or_raise() -> None:
    env = SilkroadGymEnv("kashgar")
    _, info = env.reset(seed=5)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    strict = SilkroadGymEnv("kashgar", illegal="raise")
    strict.reset(seed=5)
    with pytest.raises(InvalidMoveError):
        strict.step(illegal)
    with pytest.raises(ValueError, match="illegal"):
        SilkroadGymEnv("kashgar", illegal="ignore")


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    human = SilkroadGymEnv("serica", render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out.startswith("Serica")
    ansi = SilkroadGymEnv("serica", render_mode="ansi")
    ansi.reset(seed=1)
    assert ansi.render() == human.game.render(ansi.state)
    with pytest.raises(ValueError, match="render_mode"):
        SilkroadGymEnv("serica", render_mode="rgb_array")


def test_calls_out_of_order_are_refused() -> None:
    made = gymnasium.make("silkroad/Kashgar-v0")
    with pytest.raises(gymnasium.error.ResetNeeded):
        made.step(0)  # Gymnasium's own order check, as gymnasium.make wraps the env
    bare = SilkroadGymEnv("kashgar")
    with pytest.raises(RuntimeError, match="reset"):
        bare.step(0)
    play(bare, seed=6)
    with pytest.raises(RuntimeError, match="over"):
        bare.step(0)
    observation, info = bare.reset(seed=6)  # a new game after the end
    assert info["action_mask"].any()
    assert bare.observation_space.contains(observation)


def test_a_title_stopped_by_its_round_limit_is_truncated_through_make() -> None:
    options = KashgarOptions.create(2, round_limit=1)
    env = gymnasium.make("silkroad/Kashgar-v0", options=options)
    total, info, terminated, truncated, _ = play(env, seed=3)
    assert (terminated, truncated) == (False, True)
    assert info["outcome"] == "truncated"
    assert info["winners"] == ()
    assert total == 0.0  # a truncated game pays no win
    assert not info["action_mask"].any()


@pytest.mark.parametrize(
    ("name", "changes"),
    [("kashgar", {"players": 4, "expansion": "all"}), ("serica", {"coop": True})],
)
def test_check_env_passes_on_variants(name: str, changes: dict[str, Any]) -> None:
    game = silkroad.get_game(name)
    if name == "kashgar":
        options: Any = KashgarOptions.create(**changes)
    else:
        options = attrs.evolve(game.default_options(), **changes)
    env = gymnasium.make(env_id(game), options=options, seat=1, opponents="greedy")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    assert env.observation_space.shape == game.observation_layout(options).shape
    total, info, terminated, truncated, _ = play(env, seed=8)
    assert terminated or truncated
    assert total == (1.0 if 1 in info["winners"] else 0.0)  # seat 1 learns


def test_vector_environments_stack_observations_and_masks() -> None:
    envs = gymnasium.make_vec("silkroad/Serica-v0", num_envs=2, vectorization_mode="sync")
    observations, infos = envs.reset(seed=[1, 2])
    size = envs.single_observation_space.shape
    assert observations.shape == (2, *size)
    assert infos["action_mask"].shape == (2, envs.single_action_space.n)
    assert not np.array_equal(observations[0], observations[1])  # two different deals
    actions = np.array(
        [int(np.flatnonzero(infos["action_mask"][i])[0]) for i in range(2)], dtype=np.int64
    )
    observations, rewards, _, _, infos = envs.step(actions)
    assert observations.shape == (2, *size)
    assert rewards.shape == (2,)
    envs.close()


def test_the_caller_names_the_game() -> None:
    env = SilkroadGymEnv("serica")
    assert env.game is silkroad.get_game("serica")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        SilkroadGymEnv(silkroad.get_game("dunhuang"), players=3)  # no warning


def test_a_call_without_a_game_keeps_the_old_default_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning, match="without a game is deprecated"):
        env = SilkroadGymEnv(players=2)
    assert env.game is silkroad.get_game(OLD_DEFAULT_GAME)
