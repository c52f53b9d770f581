"""Every title as a pyspiel game: OpenSpiel's own random_sim_test (with serialization), its
MCTSBot and evaluate_bots, on every title, player count and variant; observation and
information-state tensors and strings; utility bounds; a deterministic game without a
chance node."""

from __future__ import annotations

import json
import pickle

import attrs
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import silkroad
import tinygame
from silkroad.adapters import returns_from_scores
from silkroad.adapters.openspiel import (
    SEED_BYTES,
    SEED_OUTCOMES,
    VP_BOUND,
    observation_text,
    options_parameter,
    register,
    register_all,
    short_name,
)
from silkroad.core.game import Chance
from silkroad.dunhuang import Options as DunhuangOptions
from silkroad.dunhuang import score_bounds as dunhuang_bounds

# importing the adapter registered the built-in titles; the test game is a plugin
register(tinygame.GAME)
FIXED = tinygame.make_game(
    spec=attrs.evolve(tinygame.SPEC, name="tinyfixed", chance=Chance.DETERMINISTIC)
)
register(FIXED)

#: OpenSpiel's random simulation with serialization, which reads each state back from its
#: history (a whole game's replays at each step): a full-length game of each competitive
#: title; the other Kashgar and the co-op Serica games stopped by the round limit's
#: safeguard (truncated, no winner)
CASES = [
    ("silkroad_kashgar", {"players": 2}),
    ("silkroad_kashgar", {"players": 3, "options": options_parameter(round_limit=8)}),
    (
        "silkroad_kashgar",
        {
            "players": 4,
            "options": options_parameter(
                expansion=["herder"] * 2 + ["messenger"] * 2, round_limit=8
            ),
        },
    ),
    ("silkroad_serica", {}),
    ("silkroad_serica", {"options": options_parameter(coop=True, round_limit=6)}),
    ("silkroad_dunhuang", {"players": 1}),
    ("silkroad_dunhuang", {"players": 3}),
    ("silkroad_dunhuang", {"players": 4}),
    ("silkroad_dunhuang", {"options": options_parameter(packs=["silk", "tea", "china"])}),
    ("silkroad_tinydraw", {"players": 3, "utility": "win"}),
    ("silkroad_tinyfixed", {"seed": 4}),
]
TITLES = ("silkroad_kashgar", "silkroad_serica", "silkroad_dunhuang")
BOUNDED_TITLES = ("silkroad_kashgar", "silkroad_serica", "silkroad_dunhuang")


def test_importing_the_adapter_registers_the_built_in_titles() -> None:
    names = {g.short_name for g in pyspiel.registered_games()}
    assert set(TITLES) <= names


def test_register_all_registers_plugins_too() -> None:
    plugin = tinygame.make_game(spec=attrs.evolve(tinygame.SPEC, name="tinyplugin"))
    silkroad.register(plugin)
    try:
        assert "silkroad_tinyplugin" in register_all()
        names = {g.short_name for g in pyspiel.registered_games()}
        for title in silkroad.GAMES:
            assert short_name(silkroad.get_game(title)) in names
    finally:
        silkroad.unregister("tinyplugin")


@pytest.mark.parametrize(("name", "params"), CASES)
def test_random_sim_test_with_serialization(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "options", "simulations"),
    [
        ("silkroad_kashgar", options_parameter(round_limit=4), 8),
        ("silkroad_serica", options_parameter(round_limit=3), 4),
        ("silkroad_dunhuang", "{}", 2),
        ("silkroad_tinydraw", "{}", 20),
    ],
)
def test_mcts_bot_plays_complete_games(name: str, options: str, simulations: int) -> None:
    game = pyspiel.load_game(name, {"options": options, "utility": "win"})
    bots = [
        mcts.MCTSBot(
            game,
            2.0,
            simulations,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat)),
            random_state=np.random.RandomState(10 + seat),
        )
        for seat in range(game.num_players())
    ]
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[3][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
            steps += 1
    assert steps <= game.max_game_length()
    returns = state.returns()
    if state.is_truncated():  # a safeguard stopped it (Kashgar's short round limit)
        assert set(returns) == {0.0}  # nobody wins a truncated game
    else:
        assert sum(returns) >= 1.0  # at least one winner under utility "win"
    assert set(returns) <= {0.0, 1.0}


def deal(state: pyspiel.State, seed: int) -> pyspiel.State:
    """``state`` (at the start) dealt with ``seed``: its bytes as the chance outcomes."""
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        state.apply_action(byte)
    return state


def test_the_chance_nodes_draw_the_seed_a_byte_at_a_time() -> None:
    game = pyspiel.load_game("silkroad_tinydraw", {})
    assert game.max_chance_outcomes() == SEED_OUTCOMES == 256
    state = game.new_initial_state()
    seed_bytes = [1, 2, 3, 4, 5, 6, 7, 200]
    assert len(seed_bytes) == SEED_BYTES
    for byte in seed_bytes:
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(SEED_OUTCOMES))
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        state.apply_action(byte)
    assert not state.is_chance_node()
    assert state.inner == tinygame.new_game(tinygame.Options(), 0x01020304050607C8)
    assert deal(game.new_initial_state(), 7).inner == tinygame.new_game(tinygame.Options(), 7)
    fixed = pyspiel.load_game("silkroad_tinydraw", {"seed": 42}).new_initial_state()
    assert fixed.chance_outcomes() == [(42, 1.0)]
    fixed.apply_action(42)
    assert fixed.inner == tinygame.new_game(tinygame.Options(), 42)


def test_actions_are_the_titles_action_ids() -> None:
    game = pyspiel.load_game("silkroad_tinydraw", {})
    state = deal(game.new_initial_state(), 3)
    inner = state.inner
    expected = sorted(tinygame.encode_move(inner, m) for m in tinygame.legal_moves(inner))
    assert state.legal_actions() == expected
    assert game.num_distinct_actions() == tinygame.GAME.num_actions(tinygame.Options())
    assert state.action_to_string(state.current_player(), expected[0]) == str(
        tinygame.decode_move(inner, expected[0])
    )


def test_observations_hide_what_the_title_hides() -> None:
    game = pyspiel.load_game("silkroad_tinydraw", {"seed": 5})
    state = game.new_initial_state()
    state.apply_action(5)
    own = state.observation_string(0)
    assert str(list(state.inner.hands[0])).replace(" ", "") in own.replace(" ", "")
    assert str(list(state.inner.hands[1])).replace(" ", "") not in own.replace(" ", "")
    assert state.observation_string(0) != state.observation_string(1)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    info = state.information_state_string(0)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(0) != info  # perfect recall grows


def test_returns_follow_the_documented_mapping() -> None:
    assert returns_from_scores((10, 7, 10), (0, 2), "vp") == [10.0, 7.0, 10.0]
    assert returns_from_scores((10, 7, 10), (0, 2), "win") == [1.0, 0.0, 1.0]
    with pytest.raises(ValueError, match="utility"):
        returns_from_scores((1,), (0,), "elo")
    game = pyspiel.load_game("silkroad_tinydraw", {"seed": 1})
    state = game.new_initial_state()
    state.apply_action(1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [float(s) for s in tinygame.scores(state.inner)]


def test_states_serialize_through_the_projects_json() -> None:
    game = pyspiel.load_game("silkroad_kashgar", {"players": 3})
    state = deal(game.new_initial_state(), 11)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.inner == state.inner
    # the silkroad state travels as the project's JSON document
    rebuild, (title, document) = state.cur.__reduce__()
    assert title == "kashgar"
    assert '"silkroad": 1' in document
    assert rebuild(title, document).state == state.inner
    assert pickle.loads(pickle.dumps(state)).inner == state.inner
    clone = state.clone()
    assert clone.inner is state.inner


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        pyspiel.load_game("silkroad_kashgar", {"players": 9})
    with pytest.raises(ValueError, match="utility"):
        pyspiel.load_game("silkroad_kashgar", {"utility": "elo"})
    with pytest.raises(ValueError, match="options"):
        pyspiel.load_game("silkroad_kashgar", {"options": "!!"})
    with pytest.raises(ValueError, match="bad 'options'"):
        pyspiel.load_game("silkroad_kashgar", {"options": options_parameter(players="x")})


def test_a_game_stopped_by_the_safeguard_is_terminal_truncated_and_won_by_nobody() -> None:
    capped = tinygame.make_truncating_game(
        cap=3, spec=attrs.evolve(tinygame.SPEC, name="tinycapped")
    )
    register(capped)
    for utility in ("win", "vp"):
        state = pyspiel.load_game(
            "silkroad_tinycapped", {"seed": 1, "utility": utility}
        ).new_initial_state()
        state.apply_action(1)
        assert not state.is_truncated()
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        assert state.is_truncated()
        scores = [float(s) for s in tinygame.scores(state.inner)]
        assert state.returns() == (scores if utility == "vp" else [0.0, 0.0])
    finished = pyspiel.load_game("silkroad_tinydraw", {"seed": 1}).new_initial_state()
    finished.apply_action(1)
    while not finished.is_terminal():
        finished.apply_action(finished.legal_actions()[0])
    assert not finished.is_truncated()


@pytest.mark.parametrize("name", TITLES)
def test_evaluate_bots_plays_every_title(name: str) -> None:
    options = options_parameter(round_limit=4) if name != "silkroad_dunhuang" else "{}"
    game = pyspiel.load_game(name, {"options": options, "utility": "win"})
    bots = [pyspiel.make_uniform_random_bot(p, 20 + p) for p in range(game.num_players())]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert len(returns) == game.num_players()
    assert set(returns) <= {0.0, 1.0}


@pytest.mark.parametrize("name", TITLES)
def test_observation_tensors_are_the_titles_tensors(name: str) -> None:
    game = pyspiel.load_game(name, {"seed": 3})
    title = silkroad.get_game(name.removeprefix("silkroad_"))
    options = title.default_options()
    layout = title.observation_layout(options)
    assert game.observation_tensor_shape() == [layout.size]
    assert game.information_state_tensor_shape() == [layout.size + title.num_actions(options)]
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    expected = title.observation_tensor(title.observe(state.inner, player))
    assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), expected)
    info = np.asarray(state.information_state_tensor(player), np.float32)
    assert np.array_equal(info[: layout.size], expected)
    own = info[layout.size :]
    assert own.max() > 0.0  # the player has moved: its action summary shows it
    assert ((own == 0.0) | ((own >= 0.5) & (own < 1.0))).all()  # n / (n + 1)


def test_observer_views_are_named_by_the_layout() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("silkroad_kashgar", {"seed": 2})
    title = silkroad.get_game("kashgar")
    layout = title.observation_layout(title.default_options())
    observation = make_observation(game)
    state = game.new_initial_state()
    state.apply_action(2)
    observation.set_from(state, 0)
    assert list(observation.dict) == list(layout.names())
    assert observation.dict["tracks"].shape == layout.segment("tracks").shape
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    recall.set_from(state, 0)
    assert "own_actions" in recall.dict


@pytest.mark.parametrize("name", TITLES)
def test_strings_are_readable_text(name: str) -> None:
    game = pyspiel.load_game(name, {"seed": 5})
    state = game.new_initial_state()
    state.apply_action(5)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    text = state.observation_string(player)
    title = silkroad.get_game(name.removeprefix("silkroad_"))
    assert text == observation_text(title, title.observe(state.inner, player))
    for line in text.splitlines():
        key, _, value = line.partition(": ")
        assert key.isidentifier()
        json.loads(value)  # each value is plain JSON
    assert '\\"' not in text  # no JSON quoted inside JSON
    assert "options:" not in text
    info = state.information_state_string(player)
    assert info.endswith(text)
    assert "your moves: " in info


def test_information_state_strings_recall_the_players_moves() -> None:
    game = pyspiel.load_game("silkroad_tinydraw", {"seed": 1})
    state = game.new_initial_state()
    state.apply_action(1)
    before = state.information_state_string(0)
    assert "your moves: (none)" in before
    action = state.legal_actions()[0]
    text = state.action_to_string(0, action)
    state.apply_action(action)
    assert f"your moves: {text}" in state.information_state_string(0)
    assert "your moves: (none)" in state.information_state_string(1)


@pytest.mark.parametrize("name", BOUNDED_TITLES)
def test_vp_utility_bounds_are_the_titles_score_bounds(name: str) -> None:
    title = silkroad.get_game(name.removeprefix("silkroad_"))
    low, high = title.score_bounds(title.default_options())
    game = pyspiel.load_game(name)
    assert (game.min_utility(), game.max_utility()) == (float(low), float(high))
    win = pyspiel.load_game(name, {"utility": "win"})
    assert (win.min_utility(), win.max_utility()) == (0.0, 1.0)
    # a game that gives no bounds keeps the generous default
    game = pyspiel.load_game("silkroad_tinydraw")
    assert (game.min_utility(), game.max_utility()) == (-VP_BOUND, VP_BOUND)


_SGT = ("silk", "gold", "tea")


@pytest.mark.rule("DH-4")
@pytest.mark.parametrize(
    ("players", "changes", "packs", "promos"),
    [
        (4, {}, _SGT, False),
        (3, {}, _SGT, False),
        (
            4,
            {"packs": ["silver", "wine", "jade"], "promos": True},
            ("silver", "wine", "jade"),
            True,
        ),
        (
            3,
            {"packs": ["bronze", "sutra", "camel"], "promos": True},
            ("bronze", "sutra", "camel"),
            True,
        ),
        (1, {}, (), False),
        (1, {"packs": ["tea", "china"]}, ("tea", "china"), False),
    ],
)
def test_dunhuang_vp_bounds_follow_the_options(
    players: int, changes: dict[str, object], packs: tuple[str, ...], promos: bool
) -> None:
    bounds = dunhuang_bounds(DunhuangOptions(players, packs, promos=promos))
    assert bounds is not None
    params = {"players": players, "options": json.dumps(changes)}
    game = pyspiel.load_game("silkroad_dunhuang", params)
    assert (game.min_utility(), game.max_utility()) == (float(bounds[0]), float(bounds[1]))


def test_a_deterministic_title_has_no_chance_node() -> None:
    game = pyspiel.load_game("silkroad_tinyfixed", {"seed": 4})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game.max_chance_outcomes() == 0
    state = game.new_initial_state()
    assert not state.is_chance_node()
    assert state.inner == tinygame.new_game(tinygame.Options(), 4)
    default = pyspiel.load_game("silkroad_tinyfixed").new_initial_state()
    assert default.inner == tinygame.new_game(tinygame.Options(), 0)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.inner == tinygame.new_game(tinygame.Options(), 4)  # the clone is separate
    text = pyspiel.serialize_game_and_state(game, clone)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.inner == clone.inner


def test_a_title_stopped_by_its_round_limit_is_terminal_and_truncated() -> None:
    game = pyspiel.load_game(
        "silkroad_kashgar", {"options": options_parameter(round_limit=1), "utility": "win"}
    )
    state = game.new_initial_state()
    state.apply_action(9)
    while not state.is_terminal():
        assert not state.is_truncated()
        state.apply_action(state.legal_actions()[0])
    assert state.is_truncated()
    assert state.returns() == [0.0, 0.0]
