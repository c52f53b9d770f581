"""Tests of silkroad.core.dice."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from silkroad.core.dice import D6, Die, roll_dice
from silkroad.core.errors import StateError
from silkroad.core.rng import Rng

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def test_defaults_are_an_ordinary_six_sided_die() -> None:
    die = Die(4)
    assert (die.value, die.sides, die.floor) == (4, D6, 1)
    assert D6 == 6
    assert not die.is_at_floor
    assert Die(1).is_at_floor


def test_dice_are_frozen_hashable_values() -> None:
    assert Die(3) == Die(3, 6, 1)
    assert Die(3) != Die(3, floor=0)
    assert len({Die(3), Die(3), Die(2)}) == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Die(3).value = 4  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"value": 0}, r"value must be an integer in \[1, 6\], got 0"),
        ({"value": 7}, r"value must be an integer in \[1, 6\], got 7"),
        ({"value": -1, "floor": 0}, r"\[0, 6\], got -1"),
        ({"value": 3, "sides": 0}, "sides >= 1, got 0"),
        ({"value": 3, "floor": -1}, r"floor must be an integer in \[0, 6\], got -1"),
        ({"value": 3, "sides": 2}, r"\[1, 2\], got 3"),
        ({"value": 3, "floor": 7}, "floor"),
        ({"value": "3"}, "got '3'"),
        ({"value": 2.0}, "got 2.0"),
    ],
)
def test_constructor_rejects_values_outside_the_range(kwargs: Any, message: str) -> None:
    with pytest.raises(StateError, match=message):
        Die(**kwargs)


@given(seed=SEEDS, sides=st.integers(min_value=1, max_value=20))
def test_rolled_gives_a_face_and_a_new_rng(seed: int, sides: int) -> None:
    rng = Rng.from_seed(seed)
    die, rng_after = Die.rolled(rng, sides)
    assert 1 <= die.value <= sides
    assert die.sides == sides
    assert die.floor == 1
    assert rng_after != rng
    assert Die.rolled(rng, sides) == (die, rng_after)


def test_rolled_rejects_a_die_without_sides() -> None:
    with pytest.raises(StateError, match="sides >= 1"):
        Die.rolled(Rng.from_seed(1), 0)


def test_every_face_comes_up() -> None:
    rng = Rng.from_seed(2024)
    counts: Counter[int] = Counter()
    die = Die(1)
    for _ in range(600):
        die, rng = die.roll(rng)
        counts[die.value] += 1
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert min(counts.values()) > 50


@given(seed=SEEDS)
def test_roll_keeps_sides_and_floor(seed: int) -> None:
    counter = Die(2, sides=4, floor=0)
    rolled, _ = counter.roll(Rng.from_seed(seed))
    assert rolled.sides == 4
    assert rolled.floor == 0
    assert 1 <= rolled.value <= 4


def test_roll_of_a_die_with_a_high_floor_stays_above_it() -> None:
    rng = Rng.from_seed(8)
    die = Die(5, sides=6, floor=4)
    seen = set()
    for _ in range(100):
        die, rng = die.roll(rng)
        seen.add(die.value)
    assert seen == {4, 5, 6}


def test_roll_is_the_rng_draw_plus_one() -> None:
    rng = Rng.from_seed(31)
    face, expected_rng = rng.randrange(6)
    die, rng_after = Die(6).roll(rng)
    assert die.value == face + 1
    assert rng_after == expected_rng


def test_set_turns_the_die() -> None:
    assert Die(1).set(6) == Die(6)
    assert Die(3, floor=0).set(0) == Die(0, floor=0)
    with pytest.raises(StateError, match="got 7"):
        Die(1).set(7)
    with pytest.raises(StateError, match="got 0"):
        Die(1).set(0)


# the mechanism behind [DH-3.C]; the rule itself is tested with its game
# the mechanism behind [DH-3.D]; the rule itself is tested with its game
def test_an_overseer_die_counts_down_to_zero_and_no_further() -> None:
    die = Die(3, floor=0)
    die = die.decrement()
    assert die == Die(2, floor=0)
    assert not die.is_at_floor
    die = die.decrement(2)
    assert die.value == 0
    assert die.is_at_floor
    with pytest.raises(StateError, match="cannot decrement a die showing 0 by 1: its floor is 0"):
        die.decrement()
    assert die == Die(0, floor=0)


# the mechanism behind [DH-3.E.10]; the rule itself is tested with its game
def test_continue_painting_lowers_the_overseer_die_by_one() -> None:
    assert Die(2, floor=0).decrement(1) == Die(1, floor=0)


def test_an_ordinary_die_stops_at_one() -> None:
    with pytest.raises(StateError, match="floor is 1"):
        Die(1).decrement()
    with pytest.raises(StateError, match="floor is 1"):
        Die(3).decrement(3)
    assert Die(3).decrement(2) == Die(1)


def test_increment_stops_at_the_number_of_sides() -> None:
    assert Die(4).increment() == Die(5)
    assert Die(4).increment(2) == Die(6)
    assert Die(4).increment(0) == Die(4)
    with pytest.raises(StateError, match="cannot increment a die showing 6 by 1: it has 6 sides"):
        Die(6).increment()
    with pytest.raises(StateError, match="it has 8 sides"):
        Die(5, sides=8).increment(4)


def test_negative_steps_are_refused() -> None:
    with pytest.raises(StateError, match="negative"):
        Die(3).decrement(-1)
    with pytest.raises(StateError, match="negative"):
        Die(3).increment(-1)


@given(seed=SEEDS, n=st.integers(min_value=0, max_value=10), sides=st.integers(1, 12))
def test_roll_dice_gives_n_faces(seed: int, n: int, sides: int) -> None:
    rng = Rng.from_seed(seed)
    values, rng_after = roll_dice(n, sides, rng)
    assert len(values) == n
    assert all(1 <= v <= sides for v in values)
    assert roll_dice(n, sides, rng) == (values, rng_after)
    assert (rng_after == rng) == (n == 0)


def test_roll_dice_matches_successive_die_rolls() -> None:
    rng = Rng.from_seed(77)
    values, rng_after = roll_dice(3, 6, rng)
    expected = []
    for _ in range(3):
        die, rng = Die.rolled(rng)
        expected.append(die.value)
    assert values == tuple(expected)
    assert rng_after == rng


def test_roll_dice_rejects_bad_counts() -> None:
    with pytest.raises(StateError, match="negative number of dice"):
        roll_dice(-1, 6, Rng.from_seed(0))
    with pytest.raises(StateError, match="sides >= 1"):
        roll_dice(2, 0, Rng.from_seed(0))
