"""The shared conformance suite on Dunhuang: 3 and 4 players, every triple of the packs."""

from __future__ import annotations

import itertools

import pytest

from silkroad.dunhuang import GAME, Options
from silkroad.testing import check_game

PACKS = ("silk", "gold", "tea", "china")


@pytest.mark.rule("DH-3")
def test_four_players_every_move() -> None:
    # every legal move applied at every second decision (validate and the end at all)
    report = check_game(  # every output a user reads at every 16th decision
        GAME,
        Options(4),
        seeds=range(2),
        determinize_samples=1,
        every_move=True,
        check_every=2,
        outputs_every=8,
    )
    assert report.games == 2
    assert report.moves_applied > report.decisions
    assert report.hidden_differences > 0


@pytest.mark.rule("DH-6.1")
def test_three_players_every_move() -> None:
    # every legal move applied and every check made at every decision of a whole game
    report = check_game(GAME, Options(3), seeds=range(1, 2), determinize_samples=1)
    assert report.games == 1
    assert report.illegal_moves_rejected > 0


@pytest.mark.rule("DH-2.1")
@pytest.mark.parametrize("triple", list(itertools.combinations(PACKS, 3)))
def test_every_triple_of_packs(triple: tuple[str, ...]) -> None:
    players = 3 + PACKS.index(triple[-1]) % 2  # alternate 3 and 4 players across triples
    # the checks at every second decision at one count, every tenth at the other;
    # validate, the end and the record at every decision of both
    for options, every in ((Options(players, triple), 2), (Options(7 - players, triple), 10)):
        report = check_game(
            GAME,
            options,
            seeds=range(10, 11),
            determinize_samples=1,
            every_move=False,
            check_every=every,
        )
        assert report.games == 1
