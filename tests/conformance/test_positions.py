"""Positions round-trip: ``from_position(to_position(s)) == s`` for states reached in
seeded random games of every title, player count and variant, the RNG included."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from silkroad import get_game
from silkroad.core.errors import DataError, StateError
from silkroad.testing import games


def _configs() -> list[tuple[str, Any]]:
    kashgar, dunhuang, serica = get_game("kashgar"), get_game("dunhuang"), get_game("serica")
    out: list[tuple[str, Any]] = []
    for players in (2, 3, 4):
        for expansion in ("none", "all"):
            out.append(("kashgar", kashgar.options_type.create(players, expansion=expansion)))
    out.append(("dunhuang", dunhuang.options_type(players=1)))
    out.append(("dunhuang", dunhuang.options_type(players=3, packs=("silk", "china", "tea"))))
    out.append(("dunhuang", dunhuang.options_type(players=4, packs=("china", "gold", "jade"))))
    out.append(("dunhuang", dunhuang.options_type(players=4, promos=True)))
    out.append(("serica", serica.options_type()))
    out.append(("serica", serica.options_type(coop=True)))
    out.append(("serica", serica.options_type(first_player=1)))
    return out


CONFIGS = _configs()
TITLES = ["kashgar", "dunhuang", "serica"]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}-{o!r}"[:60] for n, o in CONFIGS])
def test_every_reached_state_round_trips(name: str, options: Any) -> None:
    game = get_game(name)

    @settings(
        max_examples=12,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(games(game, options, max_moves=160))
    def check(state: Any) -> None:
        text = game.to_position(state)
        assert game.from_position(text) == state
        assert game.from_position(text, options) == state

    check()


@pytest.mark.parametrize("name", TITLES)
def test_a_position_of_another_game_or_not_toml_is_a_data_error(name: str) -> None:
    game = get_game(name)
    with pytest.raises(DataError, match="not valid TOML"):
        game.from_position("players = [")
    with pytest.raises(DataError, match="field game"):
        game.from_position('game = "chess"')


@pytest.mark.parametrize("name", TITLES)
def test_an_unknown_field_is_refused(name: str) -> None:
    with pytest.raises(StateError, match="colour: unknown field"):
        get_game(name).from_position('colour = "red"')


@pytest.mark.parametrize("name", TITLES)
def test_the_empty_position_is_the_seeded_setup(name: str) -> None:
    game = get_game(name)
    assert game.from_position("") == game.new_game(game.default_options(), 0)
    assert game.from_position("seed = 7") == game.new_game(game.default_options(), 7)


@pytest.mark.parametrize("name", TITLES)
def test_options_given_must_agree_with_the_position(name: str) -> None:
    game = get_game(name)
    state = game.new_game(game.default_options(), 3)
    other = next(o for n, o in CONFIGS if n == name and o != game.default_options())
    with pytest.raises(StateError, match="options"):
        game.from_position(game.to_position(state), other)


def test_the_generic_position_round_trips(tiny: Any) -> None:
    state = tiny.new_game(tiny.default_options(), 4)
    while not tiny.is_over(state):
        assert tiny.from_position(tiny.to_position(state)) == state
        state = tiny.apply(state, tiny.legal_moves(state)[0])
    assert tiny.from_position(tiny.to_position(state)) == state
    assert 'u64 = "0x' in tiny.to_position(state)  # the RNG's 64-bit words stay valid TOML
    with pytest.raises(StateError, match="state"):
        tiny.from_position('[state]\nturn = "x"')
