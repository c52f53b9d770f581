"""The shared data-file reader: every error names file, entry and field."""

from __future__ import annotations

import enum
from pathlib import Path

import pytest

from silkroad.core.data import REQUIRED, DataReader, read_data_file
from silkroad.core.errors import DataError


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


def reader() -> DataReader:
    r = DataReader("cards.toml")
    r.entry = "grocer"
    return r


def test_parse_reads_toml_and_refuses_broken_text() -> None:
    assert reader().parse("a = 1\n[[card]]\nkey = 'x'\n") == {"a": 1, "card": [{"key": "x"}]}
    with pytest.raises(DataError, match=r"^file cards.toml, entry grocer: not valid TOML"):
        reader().parse("a = = 1")


def test_get_checks_presence_and_type() -> None:
    table = {"vp": 3, "name": "Grocer", "flag": True}
    r = reader()
    assert r.get(table, "vp", int) == 3
    assert r.get(table, "missing", int, 7) == 7
    with pytest.raises(DataError, match="entry grocer, field cost: missing required field"):
        r.get(table, "cost", int)
    with pytest.raises(DataError, match="field flag: expected an integer, got True"):
        r.get(table, "flag", int)
    with pytest.raises(DataError, match="field vp: expected a str"):
        r.get(table, "vp", str)


def test_integer_checks_the_range() -> None:
    r = reader()
    table = {"vp": 3}
    assert r.integer(table, "vp", 0, 9) == 3
    assert r.integer(table, "copies", 1, 4, 2) == 2
    assert r.integer(table, "vp", 0) == 3
    with pytest.raises(DataError, match="field vp: must be between 4 and 9, got 3"):
        r.integer(table, "vp", 4, 9)
    with pytest.raises(DataError, match="must be >= 5, got 3"):
        r.integer(table, "vp", 5)
    with pytest.raises(DataError, match="must be <= 2, got 3"):
        r.integer(table, "vp", None, 2)
    with pytest.raises(DataError, match="missing required"):
        r.integer(table, "copies", 1, 4, REQUIRED)


def test_member_names_the_allowed_values() -> None:
    assert reader().member(Colour, "red", "colour") is Colour.RED
    with pytest.raises(DataError, match="field colour: unknown value 'green' .*'red', 'blue'"):
        reader().member(Colour, "green", "colour")


def test_read_data_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text("deck = 'x'\n", encoding="utf-8")
    assert read_data_file(path) == "deck = 'x'\n"
    with pytest.raises(DataError, match="nope.toml: cannot read the file"):
        read_data_file(tmp_path / "nope.toml")
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataError, match="cannot read the file"):
        read_data_file(path)
