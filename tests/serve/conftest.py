"""The whole games the server tests read, each played once per session: every title, and
a user's game (tests/tinygame.py) through the contract.

The server's helpers (Starlette's test client, the serve extra) are imported by the fixture
that plays, not at the top: ``pytest tests/serve`` without the serve extra then skips each
module, naming the extra (tests/extras.py), instead of failing to load this file."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

import silkroad
import tinygame
from silkroad.core.game import AnyGame

if TYPE_CHECKING:
    from serve.helpers import Played

#: (title, players, the agents' spec, seed) of the games played whole: every title, each
#: mode of Dunhuang (greedy agents end Kashgar and Serica sooner than random ones). The
#: seeds are large so that a message holding one would show.
GAMES = {
    "kashgar": ("kashgar", 2, "greedy", 8_765_432_109_876_543_210),
    "serica": ("serica", 2, "greedy", 7_654_321_098_765_432_109),
    "dunhuang": ("dunhuang", 3, "random", 6_543_210_987_654_321_098),
    "solitaire": ("dunhuang", 1, "random", 5_432_109_876_543_210_987),
    "tinydraw": ("tinydraw", 3, "greedy", 4_321_098_765_432_109_876),
}


@pytest.fixture(scope="session")
def played(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Played]:
    """``played(key)``: the game ``GAMES[key]``, played at a server the first time."""
    from serve.helpers import play_whole

    done: dict[str, Played] = {}

    def get(key: str) -> Played:
        if key not in done:
            name, players, agent, seed = GAMES[key]
            plugin = name == tinygame.SPEC.name and name not in silkroad.GAMES
            if plugin:
                silkroad.register(tinygame.GAME, replace=True)
            try:
                done[key] = play_whole(tmp_path_factory.mktemp(key), name, players, agent, seed)
            finally:
                if plugin:
                    silkroad.unregister(name)
        return done[key]

    return get


@pytest.fixture
def game(request: pytest.FixtureRequest, key: str) -> AnyGame:
    """The game of ``GAMES[key]``, registered while the test runs (the user's game)."""
    name = GAMES[key][0]
    if name == tinygame.SPEC.name:
        request.getfixturevalue("tiny")
    return silkroad.get_game(name)
