"""The error hierarchy and its messages."""

from __future__ import annotations

import pytest

import silkroad
from silkroad.core.errors import (
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    ReplayError,
    RulesError,
    StateError,
    UnknownGameError,
)


@pytest.mark.parametrize(
    "error",
    [IllegalMoveError, InvalidMoveError, DataError, StateError, ReplayError, UnknownGameError],
)
def test_every_error_is_a_rules_error_and_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, RulesError)
    assert issubclass(error, ValueError)
    assert getattr(silkroad, error.__name__) is error


def test_illegal_move_error_carries_state_and_move() -> None:
    error = IllegalMoveError("no", state="s", move="m")
    assert (error.state, error.move, str(error)) == ("s", "m", "no")


def test_invalid_move_error_carries_the_text() -> None:
    assert InvalidMoveError("bad", text="xyzzy").text == "xyzzy"


def test_data_error_names_file_entry_and_field() -> None:
    error = DataError("must be 1 to 9", source="cards.toml", entry="Grocer", field="vp")
    assert str(error) == "file cards.toml, entry Grocer, field vp: must be 1 to 9"
    assert (error.source, error.entry, error.field) == ("cards.toml", "Grocer", "vp")
    assert str(DataError("plain")) == "plain"
    assert str(DataError("missing", field="seed")) == "field seed: missing"


def test_replay_error_names_the_move() -> None:
    error = ReplayError("illegal", move_number=4, source="game.json")
    assert str(error) == "file game.json: move 4: illegal"
    assert error.move_number == 4
    assert ReplayError("result differs").move_number is None
