"""The shared container of a title's records of words (silkroad.core.vocabulary)."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

from silkroad.core.protocol import Chance, GameSpec, Information
from silkroad.core.vocabulary import Vocabulary


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Words:
    name: str


def test_every_member_has_its_record_in_the_enum_order() -> None:
    v = Vocabulary(Colour, {Colour.BLUE: Words("b"), Colour.RED: Words("r")}, "colour")
    assert v[Colour.RED] == Words("r")
    assert list(v) == [Colour.RED, Colour.BLUE]
    assert [(m, w.name) for m, w in v.items()] == [(Colour.RED, "r"), (Colour.BLUE, "b")]
    assert len(v) == 2


def test_a_member_without_words_stops_the_vocabulary_naming_it() -> None:
    with pytest.raises(TypeError, match=r"Colour \(colour\): no words for BLUE"):
        Vocabulary(Colour, {Colour.RED: Words("r")}, "colour")


def test_words_for_something_not_a_member_are_refused() -> None:
    with pytest.raises(TypeError, match="'green', not a member"):
        Vocabulary(Colour, {Colour.RED: Words("r"), Colour.BLUE: Words("b"), "green": 1})  # type: ignore[type-var]


def test_the_records_are_a_copy_the_caller_cannot_change() -> None:
    records = {Colour.RED: Words("r"), Colour.BLUE: Words("b")}
    v = Vocabulary(Colour, records)
    records.pop(Colour.BLUE)
    assert v[Colour.BLUE] == Words("b")


def test_a_spec_takes_only_vocabularies() -> None:
    base: dict[str, Any] = {
        "name": "tg",
        "title": "T",
        "min_players": 1,
        "max_players": 2,
        "chance": Chance.DETERMINISTIC,
        "information": Information.PERFECT,
        "rules_version": "1",
    }
    v = Vocabulary(Colour, {Colour.RED: Words("r"), Colour.BLUE: Words("b")})
    assert GameSpec(**base, vocabularies=(v,)).vocabularies == (v,)
    with pytest.raises(ValueError, match="vocabularies must be a tuple of Vocabulary"):
        GameSpec(**base, vocabularies=({"red": 1},))  # type: ignore[arg-type]
