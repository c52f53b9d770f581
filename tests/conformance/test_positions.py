"""Positions round-trip: ``from_position(to_position(s)) == s`` for states reached in
seeded random games of every title, player count and variant, the RNG included."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from silkroad import get_game
from silkroad.core.errors import DataError, StateError
from silkroad.core.rng import Rng
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
SOURCE = Path(__file__).resolve().parents[2] / "src" / "silkroad"
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


def _play_and_round_trip(game: Any, options: Any, seed: int, steps: Sequence[int]) -> int:
    """Play a seeded random game; at each of ``steps`` (decisions from the setup), the
    position of the state reads back equal, with and without the options given. Returns
    how many states were checked."""
    state = game.new_game(options, seed)
    chooser = Rng.from_seed(seed)
    checked = 0
    for step in range(max(steps) + 1):
        if step in steps:
            text = game.to_position(state)
            assert game.from_position(text) == state, f"seed {seed} step {step}"
            assert game.from_position(text, options) == state, f"seed {seed} step {step}"
            checked += 1
        if game.is_over(state):
            break
        moves = game.legal_moves(state)
        index, chooser = chooser.randrange(len(moves))
        state = game.apply(state, moves[index])
    return checked


#: The 220 Dunhuang pack triples, in this many slices (a parallel run spreads them).
TRIPLE_SLICES = 11


@pytest.mark.parametrize("part", range(TRIPLE_SLICES))
def test_positions_of_every_dunhuang_pack_triple_read_back(part: int) -> None:
    """Any three of the twelve packs (3 and 4 players, promos off and on): the setup and
    a state 30 decisions in read back equal. Gold and Iron both have a "Miner": such a
    character is written by its id (the printed name named neither)."""
    from itertools import combinations

    from silkroad.dunhuang.packs import available

    game = get_game("dunhuang")
    triples = list(combinations(sorted(available()), 3))
    assert len(triples) % TRIPLE_SLICES == 0
    checked = 0
    for index, triple in enumerate(triples):
        if index % TRIPLE_SLICES == part:
            options = game.options_type(3 + index % 2, triple, promos=index % 3 == 0)
            checked += _play_and_round_trip(game, options, index, (0, 30))
    assert checked == 2 * len(triples) // TRIPLE_SLICES


def _bump(text: str, field: str) -> str:
    """``text`` with the first ``field = N`` line made ``N + 1``: a user's data file."""
    found = re.search(rf"^{field} = (\d+)$", text, re.M)
    assert found is not None
    return f"{text[: found.start()]}{field} = {int(found.group(1)) + 1}{text[found.end() :]}"


def _user_data_options(title: str, tmp: Path) -> Any:
    """Options of ``title`` with user data files: the built-in ones with a value changed."""
    game = get_game(title)
    data = SOURCE / title / "data"

    def written(name: str, field: str) -> Path:
        path = tmp / name
        path.write_text(_bump((data / name).read_text(encoding="utf-8"), field), "utf-8")
        return path

    if title == "kashgar":
        options = game.options_type.create(3, expansion="all")
        return options.with_card_file(written("standard.toml", "vp"))
    if title == "serica":
        return game.default_options().with_card_file(written("cards.toml", "vp"))
    options = game.options_type(4, ("silk", "bronze", "wine"), promos=True)
    return options.with_pack_file(written("silk.toml", "cost")).with_promo_file(
        written("promos.toml", "cost")
    )


@pytest.mark.parametrize("name", TITLES)
def test_positions_with_user_data_files_read_back(name: str, tmp_path: Path) -> None:
    """A position carries the options' data (a Kashgar card file was written and then
    refused: its optional fields were left out and not read back as absent)."""
    game = get_game(name)
    options = _user_data_options(name, tmp_path)
    assert options != game.default_options()
    assert _play_and_round_trip(game, options, 5, (0, 80)) == 2
