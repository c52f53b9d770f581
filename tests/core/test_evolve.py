"""``silkroad.core.evolve.replace``: the value ``attrs.evolve`` builds, faster."""

from __future__ import annotations

import attrs
import pytest

from silkroad import dunhuang, kashgar, serica
from silkroad.core.evolve import replace


@attrs.frozen
class _Plain:
    a: int
    b: tuple[int, ...] = ()
    c: str = "x"


@attrs.frozen
class _Checked:
    a: int = attrs.field(validator=attrs.validators.instance_of(int))


def test_replace_builds_what_evolve_builds() -> None:
    v = _Plain(1, (2, 3))
    for changes in ({}, {"a": 5}, {"b": (), "c": "y"}, {"a": 0, "b": (9,), "c": ""}):
        new = replace(v, **changes)
        assert new == attrs.evolve(v, **changes)
        assert type(new) is _Plain
    assert v == _Plain(1, (2, 3))  # the original is unchanged


def test_replace_on_every_titles_state() -> None:
    for state in (
        kashgar.new_game(kashgar.Options.create(3), 1),
        serica.new_game(serica.Options(), 1),
        dunhuang.new_game(dunhuang.Options(players=3), 1),
    ):
        assert replace(state, round=7) == attrs.evolve(state, round=7)
        assert hash(replace(state)) == hash(state)


def test_replace_refuses_an_unknown_field() -> None:
    with pytest.raises(AttributeError, match="nope"):
        replace(_Plain(1), nope=2)


def test_replace_refuses_a_class_whose_fields_are_checked() -> None:
    with pytest.raises(TypeError, match="_Checked: a is checked"):
        replace(_Checked(1), a=2)


@attrs.frozen(slots=False)
class _Unslotted:
    a: int
    b: tuple[int, ...] = ()


def test_replace_copies_a_class_without_slots_as_its_dict() -> None:
    v = _Unslotted(1, (2,))
    new = replace(v, b=(3,))
    assert new == attrs.evolve(v, b=(3,)) == _Unslotted(1, (3,))
    assert type(new) is _Unslotted
    assert new.__dict__ is not v.__dict__
    assert v == _Unslotted(1, (2,))  # the original is unchanged
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        new.a = 5  # type: ignore[misc]
    with pytest.raises(AttributeError, match="_Unslotted has no field nope"):
        replace(v, nope=2)


@attrs.frozen(cache_hash=True)
class _Cached:
    a: int
    b: tuple[int, ...] = ()


@attrs.frozen(cache_hash=True, slots=False)
class _CachedUnslotted:
    a: int
    b: tuple[int, ...] = ()


@pytest.mark.parametrize("cls", [_Cached, _CachedUnslotted])
def test_a_copy_of_a_class_that_caches_its_hash_hashes_as_itself(cls: type) -> None:
    v = cls(1, (2,))
    hash(v)  # the original's hash is cached
    new = replace(v, a=5)
    assert new == cls(5, (2,))
    assert hash(new) == hash(cls(5, (2,)))
    assert hash(replace(v)) == hash(v)
    assert {new: 1}[cls(5, (2,))] == 1
