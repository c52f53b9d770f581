"""Random notation, action ids, players and move values: each is a move, an observation,
or refused with ``InvalidMoveError`` / ``IllegalMoveError`` / ``RulesError``; the state
is never changed."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from silkroad.core.errors import IllegalMoveError, InvalidMoveError, RulesError
from silkroad.core.game import AnyGame
from silkroad.core.registry import get_game
from silkroad.core.serialize import dumps

from .support import FUZZ, TITLES, attempt, guard, json_values, states

_DIGITS = st.sampled_from(["0", "1", "9", "-1", "9" * 30, "9" * 5000, "①", "٣", "1.5", "1e9"])


def notation(game: AnyGame, state: Any) -> st.SearchStrategy[str]:
    """Text near the notation of a legal move (a digit, a word or a space changed,
    Python's digit limit exceeded) or any text at all."""
    legal = [game.format_move(m, state) for m in game.legal_moves(state)] or ["pass"]

    @st.composite
    def near(draw: st.DrawFn) -> str:
        text = draw(st.sampled_from(legal))
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["digits", "insert", "cut", "space", "case"]))
        if edit == "digits":
            return text[:at] + draw(_DIGITS) + text[at:]
        if edit == "insert":
            return text[:at] + draw(st.text(min_size=1, max_size=3)) + text[at:]
        if edit == "cut":
            return text[:at]
        if edit == "space":
            return text[:at] + draw(st.sampled_from([" ", "  ", "\n", "\t", "\u00a0"])) + text[at:]
        return text.upper()

    return st.one_of(near(), st.text(max_size=20))


def _moves(game: AnyGame) -> st.SearchStrategy[Any]:
    """Values of the game's move classes with any field values."""
    kinds = [cls for cls in game.move_types if attrs.has(cls)]
    builds = [
        st.builds(cls, *(json_values() for a in attrs.fields(cls) if a.init)) for cls in kinds
    ]
    return st.one_of(*builds)


@pytest.mark.parametrize("title", TITLES)
@FUZZ
@given(data=st.data())
def test_random_notation_is_a_move_or_an_invalid_move(title: str, data: st.DataObject) -> None:
    game = get_game(title)
    state = data.draw(states(title))
    before = dumps(state, game)
    text = data.draw(notation(game, state))
    with guard():
        move, error = attempt(game.parse_move, state, text)
        if error is not None:
            assert isinstance(error, InvalidMoveError)
            assert len(str(error)) < 400, "the message quotes a short prefix of the input"
        else:
            assert game.parse_move(state, game.format_move(move)) == move
            after, illegal = attempt(game.apply, state, move)
            assert illegal is None or isinstance(illegal, IllegalMoveError)
            if after is not None:
                game.validate(after)
    assert dumps(state, game) == before


@pytest.mark.parametrize("title", TITLES)
@FUZZ
@given(data=st.data())
def test_random_ids_and_players_are_refused_or_name_something(
    title: str, data: st.DataObject
) -> None:
    game = get_game(title)
    state = data.draw(states(title))
    before = dumps(state, game)
    size = game.num_actions(state.options)
    action = data.draw(
        st.one_of(st.integers(-3, size + 3), json_values(), st.sampled_from([True, 1.0, [0]]))
    )
    player = data.draw(st.one_of(st.integers(-3, 6), json_values()))
    with guard():
        move, error = attempt(game.decode_move, state, action)
        assert isinstance(error, InvalidMoveError) or move in game.legal_moves(state)
        _, refused = attempt(game.observe, state, player)
        seat = type(player) is int and 0 <= player < game.num_players(state)
        assert (refused is None) == seat, f"player {player!r}: {refused}"
    assert dumps(state, game) == before


@pytest.mark.parametrize("title", TITLES)
@FUZZ
@given(data=st.data())
def test_move_values_with_any_fields_are_illegal_or_legal(title: str, data: st.DataObject) -> None:
    game = get_game(title)
    state = data.draw(states(title))
    before = dumps(state, game)
    try:
        move = data.draw(_moves(game))
    except (TypeError, ValueError, RulesError):  # a move class that checks its fields
        return
    legal = game.legal_moves(state)
    with guard():
        for call in (game.apply, game.encode_move):
            _, error = attempt(call, state, move)
            assert error is None or (isinstance(error, IllegalMoveError) and move not in legal)
    assert dumps(state, game) == before
