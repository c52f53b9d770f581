"""The shared conformance suite of the game contract, for every player count, with and
without the expansion."""

from __future__ import annotations

import pytest

from silkroad.kashgar import GAME, Options
from silkroad.testing import check_game


@pytest.mark.rule("KG-2")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("expansion", ["none", "all"])
def test_check_game(players: int, expansion: str) -> None:
    # Short games (a low round limit: the safeguard truncates them) let many seeds run in
    # little time; the full-length game below ends by the rules.
    options = Options.create(players, expansion=expansion, round_limit=8)
    report = check_game(GAME, options, seeds=range(12), determinize_samples=1)
    assert report.games == 12


@pytest.mark.rule("KG-6")
def test_check_game_full_length() -> None:
    report = check_game(
        GAME,
        Options.create(3, expansion="all"),
        seeds=range(1),
        determinize_samples=1,
        every_move=False,
    )
    assert report.games == 1
