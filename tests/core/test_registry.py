"""The registry: built-in titles, runtime registration, entry points and SILKROAD_GAMES."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

import silkroad
import tinygame
from silkroad.core import registry
from silkroad.core.errors import RulesError, UnknownGameError
from silkroad.core.game import Chance, GameSpec, Information


def test_unknown_names_list_the_known_games(tiny: object) -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess' \(known games: .*tinydraw"):
        silkroad.get_game("chess")
    assert issubclass(UnknownGameError, RulesError)
    assert issubclass(UnknownGameError, LookupError)


def test_register_and_unregister() -> None:
    silkroad.register(tinygame.GAME)
    try:
        assert silkroad.get_game("tinydraw") is tinygame.GAME
        assert "tinydraw" in silkroad.GAMES
        silkroad.register(tinygame.GAME)  # the same object again is fine
        other = tinygame.make_game()
        with pytest.raises(ValueError, match="already registered"):
            silkroad.register(other)
        silkroad.register(other, replace=True)
        assert silkroad.get_game("tinydraw") is other
    finally:
        silkroad.unregister("tinydraw")
    assert "tinydraw" not in silkroad.GAMES


def test_only_games_can_be_registered() -> None:
    with pytest.raises(TypeError, match="not a silkroad Game"):
        silkroad.register(object())  # type: ignore[arg-type]


def fresh_registry(monkeypatch: pytest.MonkeyPatch, eps: list[EntryPoint]) -> registry._Registry:
    monkeypatch.setattr(registry, "entry_points", lambda group: eps)
    monkeypatch.setattr(registry, "GAMES", registry._Registry())
    return registry.GAMES


def test_entry_point_plugins_are_discovered(monkeypatch: pytest.MonkeyPatch) -> None:
    ep = EntryPoint("tinydraw", "tinygame:GAME", registry.ENTRY_POINT_GROUP)
    games = fresh_registry(monkeypatch, [ep])
    assert games["tinydraw"] is tinygame.GAME


def test_an_entry_point_may_be_a_factory(monkeypatch: pytest.MonkeyPatch) -> None:
    ep = EntryPoint("tinydraw", "tinygame:make_game", registry.ENTRY_POINT_GROUP)
    games = fresh_registry(monkeypatch, [ep])
    assert games["tinydraw"].spec.name == "tinydraw"


def test_a_broken_plugin_warns_and_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    ep = EntryPoint("broken", "no_such_module_xyz:GAME", registry.ENTRY_POINT_GROUP)
    games = fresh_registry(monkeypatch, [ep])
    with pytest.warns(RuntimeWarning, match="skipping silkroad game plugin 'broken'"):
        names = list(games)
    assert "broken" not in names


def test_the_environment_variable_adds_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(registry.ENV_VAR, "tinygame:GAME")
    games = fresh_registry(monkeypatch, [])
    assert games["tinydraw"] is tinygame.GAME


@pytest.mark.parametrize("entry", ["nope:GAME", "os:path", "tinygame", "tinygame:NOPE"])
def test_a_bad_environment_entry_warns_and_the_rest_works(
    monkeypatch: pytest.MonkeyPatch, entry: str
) -> None:
    monkeypatch.setenv(registry.ENV_VAR, f"{entry},tinygame:GAME")
    games = fresh_registry(monkeypatch, [])
    with pytest.warns(RuntimeWarning, match=f"skipping SILKROAD_GAMES entry '{entry}'"):
        names = list(games)
    assert "tinydraw" in names
    assert "kashgar" in names


def test_a_bad_environment_entry_does_not_break_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from silkroad.cli import main

    monkeypatch.setenv(registry.ENV_VAR, "nope:GAME")
    fresh_registry(monkeypatch, [])
    monkeypatch.setattr("silkroad.cli.games.GAMES", registry.GAMES)
    with pytest.warns(RuntimeWarning, match="nope"):
        assert main(["games"]) == 0
    assert "kashgar" in capsys.readouterr().out


def test_a_bad_reference_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UnknownGameError, match="module:attribute"):
        registry.load_reference("tinygame")
    with pytest.raises(UnknownGameError, match="has no attribute 'NOPE'"):
        registry.load_reference("tinygame:NOPE")


def test_game_spec_checks_itself() -> None:
    good = {
        "title": "T",
        "chance": Chance.SAMPLED,
        "information": Information.PERFECT,
        "rules_version": "1",
    }
    with pytest.raises(ValueError, match="lowercase"):
        GameSpec(name="Bad Name", min_players=1, max_players=2, **good)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 <= min <= max"):
        GameSpec(name="ok", min_players=3, max_players=2, **good)  # type: ignore[arg-type]


def test_game_spec_lists_allowed_player_counts() -> None:
    base = {
        "title": "T",
        "chance": Chance.SAMPLED,
        "information": Information.PERFECT,
        "rules_version": "1",
    }
    plain = GameSpec(name="plain", min_players=2, max_players=4, **base)  # type: ignore[arg-type]
    assert plain.allowed_players == (2, 3, 4)
    assert plain.players_text() == "2 to 4"
    gaps = GameSpec(name="gaps", min_players=1, max_players=4, player_counts=(1, 3, 4), **base)  # type: ignore[arg-type]
    assert gaps.allowed_players == (1, 3, 4)
    assert gaps.players_text() == "1, 3 or 4"
    with pytest.raises(ValueError, match="player_counts"):
        GameSpec(name="bad", min_players=1, max_players=4, player_counts=(1, 2), **base)  # type: ignore[arg-type]


def test_describe_move_falls_back_to_the_notation() -> None:
    state = tinygame.new_game(tinygame.Options(), 0)
    move = tinygame.legal_moves(state)[0]
    assert tinygame.GAME.describe_move(state, move) == str(move)
    # tinydraw has hidden hands: another player's move is hidden from a viewer
    assert tinygame.GAME.describe_move(state, move, 1) == "a hidden decision"
    assert tinygame.GAME.describe_move(state, move, 0) == str(move)
    described = tinygame.make_game(
        describe_move=lambda s, m, v: f"P{s.turn} does {m}" + ("" if v is None else f" for P{v}")
    )
    assert described.describe_move(state, move) == f"P0 does {move}"
    assert described.describe_move(state, move, 1) == f"P0 does {move} for P1"


def test_events_and_card_texts_default_to_nothing() -> None:
    state = tinygame.new_game(tinygame.Options(), 0)
    move = tinygame.legal_moves(state)[0]
    assert tinygame.GAME.describe_events(state, move) == ()
    assert tinygame.GAME.card_texts(state, 0) == {}
    told = tinygame.make_game(
        describe_events=lambda s, m, v: (f"after {m}",), card_texts=lambda s, p: {"one": "a card"}
    )
    assert told.describe_events(state, move, 0) == (f"after {move}",)
    assert told.card_texts(state, 0) == {"one": "a card"}


def test_evaluate_defaults_to_the_score_margin() -> None:
    from silkroad.core.game import score_margin

    assert score_margin((10, 4, 7), 0) == 3.0
    assert score_margin((10, 4, 7), 1) == -6.0
    assert score_margin((5,), 0) == 5.0
    state = tinygame.new_game(tinygame.Options(), 0)
    state = tinygame.apply(state, tinygame.legal_moves(state)[0])  # P0 plays a card
    margin = tinygame.GAME.evaluate(state, 0)
    assert margin == sum(state.piles[0]) > 0
    custom = tinygame.make_game(evaluate=lambda s, p: 42.0)
    assert custom.evaluate(state, 1) == 42.0
