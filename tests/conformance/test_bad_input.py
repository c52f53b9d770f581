"""The bad inputs every title refuses the same way: action ids that are not ints, players
not in the game, numbers beyond Python's digit limit and deeply nested JSON."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import DataError, InvalidMoveError, RulesError
from silkroad.core.registry import get_game
from silkroad.core.serialize import dumps, loads

TITLES = ("kashgar", "serica", "dunhuang")


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("action", [True, False, 1.0, [0], "0", None])
def test_an_action_id_is_an_int_in_every_title(title: str, action: object) -> None:
    game = get_game(title)
    state = game.new_game(game.default_options(), 3)
    with pytest.raises(InvalidMoveError, match="an action id is an int, got"):
        game.decode_move(state, action)  # type: ignore[arg-type]


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("player", [9, -1, True, 1.0, None])
def test_a_player_not_in_the_game_has_no_observation_in_any_title(
    title: str, player: object
) -> None:
    game = get_game(title)
    state = game.new_game(game.default_options(), 3)
    with pytest.raises(RulesError, match="no player"):
        game.observe(state, player)  # type: ignore[arg-type]


@pytest.mark.parametrize("title", TITLES)
def test_notation_with_a_huge_number_is_an_invalid_move_quoting_a_short_prefix(
    title: str,
) -> None:
    """More than 4,300 digits once escaped as Python's own ValueError; a long word where
    a card's name goes was once quoted whole."""
    game = get_game(title)
    state = game.new_game(game.default_options(), 3)
    long_words = ("use " + "9" * 10_000 + "artisan", "keep " + "x" * 9000 + "#1")
    for text in ("keep " + "9" * 5000, "9" * 5000, "c1." + "9" * 5000, *long_words):
        with pytest.raises(InvalidMoveError) as info:
            game.parse_move(state, text)
        assert len(str(info.value)) < 400


@pytest.mark.parametrize("title", TITLES)
def test_deeply_nested_json_is_a_data_error(title: str) -> None:
    game = get_game(title)
    state = game.new_game(game.default_options(), 3)
    text = dumps(state, game)
    for nested in ("[" * 100_000, text[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}"):
        with pytest.raises(DataError):
            loads(nested, game.state_type, game)


@pytest.mark.parametrize("title", TITLES)
def test_a_move_equal_to_a_legal_one_acts_as_it(title: str) -> None:
    """A field of 0.0 or True where the move has 0 or 1 is the same value in Python: it
    acts as the legal move (Kashgar's Pass(0.0) once raised TypeError in apply)."""
    game = get_game(title)
    state = game.new_game(game.default_options(), 3)
    for move in game.legal_moves(state):
        fields = attrs.asdict(move, recurse=False)
        ints = [k for k, v in fields.items() if type(v) is int]
        if not ints:
            continue
        twin = attrs.evolve(move, **{k: float(fields[k]) for k in ints})
        assert twin == move
        assert game.apply(state, twin) == game.apply(state, move)
        assert game.encode_move(state, twin) == game.encode_move(state, move)
