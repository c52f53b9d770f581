"""JSON round trips of attrs values holding pyrsistent collections and immutables maps,
and clear errors for bad documents."""

from __future__ import annotations

import enum
import json
from typing import Literal

import attrs
import pytest
from immutables import Map
from pyrsistent import pmap, pset, pvector
from pyrsistent.typing import PMap, PSet, PVector

import tinygame
from silkroad.core.errors import DataError, StateError
from silkroad.core.rng import Rng
from silkroad.core.serialize import (
    FORMAT_VERSION,
    dumps,
    from_data,
    loads,
    move_union,
    to_data,
)


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Leaf:
    name: str
    size: int = 0


@attrs.frozen
class Other:
    flag: bool


@attrs.frozen
class Everything:
    numbers: PVector[int]
    nested: PVector[PVector[str]]
    by_name: PMap[str, Leaf]
    by_seat: PMap[int, PVector[int]]
    counts: Map[str, int]
    owners: Map[int, int]
    tags: PSet[str]
    colour: Colour
    pair: tuple[int, str]
    many: tuple[int, ...]
    maybe: int | None
    either: Leaf | Other
    either_or_none: Leaf | Other | None
    kind: Literal["a", "b"]
    ratio: float
    rng: Rng


def sample() -> Everything:
    return Everything(
        numbers=pvector([3, 1, 2]),
        nested=pvector([pvector(["x"]), pvector()]),
        by_name=pmap({"b": Leaf("b", 2), "a": Leaf("a")}),
        by_seat=pmap({1: pvector([5]), 0: pvector()}),
        counts=Map({"y": 2, "x": 1}),
        owners=Map({7: 0, 2: 1}),
        tags=pset(["z", "y", "x"]),
        colour=Colour.BLUE,
        pair=(4, "four"),
        many=(1, 2, 3),
        maybe=None,
        either=Other(True),
        either_or_none=Leaf("c", 1),
        kind="b",
        ratio=0.5,
        rng=Rng.from_seed(9),
    )


def test_everything_round_trips() -> None:
    value = sample()
    assert loads(dumps(value), Everything) == value
    assert from_data(to_data(value), Everything) == value


def test_the_json_form_is_plain_and_canonical() -> None:
    data = to_data(sample())
    assert data["numbers"] == [3, 1, 2]
    assert data["by_name"] == {"a": {"name": "a", "size": 0}, "b": {"name": "b", "size": 2}}
    assert data["by_seat"] == [[0, []], [1, [5]]]
    # an immutables.Map is written as a PMap is, and read back as an immutables.Map
    assert data["counts"] == {"x": 1, "y": 2}
    assert data["owners"] == [[2, 1], [7, 0]]
    back = from_data(data, Everything)
    assert type(back.counts) is Map
    assert type(back.owners) is Map
    assert data["tags"] == ["x", "y", "z"]
    assert data["colour"] == "blue"
    assert data["either"] == {"flag": True, "type": "Other"}
    # the same value gives the same text, whatever the hash order of the set
    assert dumps(sample()) == dumps(sample())


def test_envelope_names_format_game_and_type(tiny: object) -> None:
    state = tinygame.new_game(tinygame.Options(), 1)
    document = json.loads(dumps(state, tinygame.GAME))
    assert document["silkroad"] == FORMAT_VERSION
    assert document["game"] == "tinydraw"
    assert document["type"] == "State"


def test_moves_round_trip_through_the_union() -> None:
    union = move_union(tinygame.GAME)
    for move in (tinygame.Play(4), tinygame.Draw()):
        assert loads(dumps(move, tinygame.GAME, cls=union), union, tinygame.GAME) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "not a silkroad document"),
        ('{"hello": 1}', "not a silkroad document"),
        ('{"silkroad": 99, "type": "Leaf", "data": {}}', "unsupported document version 99"),
        ('{"silkroad": 1, "type": "Leaf"}', "no 'data'"),
        ('{"silkroad": 1, "type": "Other", "data": {"flag": true}}', "expected Leaf"),
        (
            '{"silkroad": 1, "type": "Leaf", "data": {}}',
            r"cannot read Leaf: field \$.name: required field missing",
        ),
        ('{"silkroad": 1, "type": "Leaf", "data": {"name": 3}}', r"field \$.name: .*expected str"),
        ('{"silkroad": 1, "type": "Leaf", "data": {"name": "a", "size": true}}', r"\$.size"),
        (
            '{"silkroad": 1, "type": "Leaf", "data": {"name": "a", "colour": 1}}',
            r"unknown fields \(colour\)",
        ),
    ],
)
def test_bad_documents_raise_data_error(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        loads(text, Leaf, source="leaf.json")


def test_errors_name_the_source_file() -> None:
    with pytest.raises(DataError, match=r"^file leaf.json: "):
        loads("{", Leaf, source="leaf.json")


def test_bad_union_tag_and_bad_collections() -> None:
    data = to_data(sample())
    for field, bad, message in [
        ("either", {"type": "Nope"}, "must be one of"),
        ("either", [1], "tag"),
        ("numbers", {"a": 1}, "expected a list"),
        ("by_seat", [[1]], "key, value"),
        ("by_name", [], "expected an object"),
        ("counts", [["x", 1]], "expected an object"),
        ("owners", {"7": 0}, "key, value"),
        ("tags", 3, "expected a list"),
        ("colour", "green", "colour"),
    ]:
        broken = dict(data, **{field: bad})
        with pytest.raises(DataError, match=message):
            from_data(broken, Everything)


def test_a_game_mismatch_is_refused(tiny: object) -> None:
    state = tinygame.new_game(tinygame.Options(), 1)
    text = dumps(state, tinygame.GAME).replace('"tinydraw"', '"kashgar"', 1)
    with pytest.raises(DataError, match="for game 'kashgar', not 'tinydraw'"):
        loads(text, tinygame.State, tinygame.GAME)


def test_a_corrupt_state_is_refused_by_the_games_validate() -> None:
    state = tinygame.new_game(tinygame.Options(), 1)
    document = json.loads(dumps(state, tinygame.GAME))
    document["data"]["deck"][0] = document["data"]["hands"][0][0]  # a card twice
    with pytest.raises(StateError, match="exactly once"):
        loads(json.dumps(document), tinygame.State, tinygame.GAME)


def test_a_corrupt_rng_is_a_state_error() -> None:
    data = to_data(sample())
    data["rng"]["gamma"] = 4
    with pytest.raises(StateError, match="gamma"):
        from_data(data, Everything)


def test_a_corrupt_state_leaves_nothing_half_read() -> None:
    # loads either returns a complete value or raises: there is no partial result
    text = dumps(sample()).replace('"kind": "b"', '"kind": "c"')
    with pytest.raises(DataError):
        loads(text, Everything)


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Mood(enum.StrEnum):
    CALM = "calm"


@attrs.frozen
class WithIntEnums:
    level: Level
    levels: tuple[Level, ...]
    mood: Mood
    count: int


def test_int_and_str_enums_keep_their_type() -> None:
    value = WithIntEnums(Level.HIGH, (Level.LOW, Level.HIGH), Mood.CALM, 3)
    back = from_data(to_data(value), WithIntEnums)
    assert back == value
    assert type(back.level) is Level
    assert all(type(x) is Level for x in back.levels)
    assert type(back.mood) is Mood
    assert type(back.count) is int
    with pytest.raises(DataError, match="level"):
        from_data({"level": 7, "levels": [], "mood": "calm", "count": 1}, WithIntEnums)
    with pytest.raises(DataError, match="count"):
        from_data({"level": 1, "levels": [], "mood": "calm", "count": True}, WithIntEnums)
