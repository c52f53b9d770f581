"""The printed examples of the rulebook not written as scenario files: the page-8
follow-up of the completed fresco (the next round's income, reached here by calling the
round's start directly) and the achievement ranking (a calculation alone). The other
examples are scenario files (tests/scenarios/dunhuang/*.scenario.toml)."""

from __future__ import annotations

import attrs
import pytest

from silkroad.dunhuang.rules import _begin_round, _settle, rank_board
from silkroad.dunhuang.state import State
from silkroad.dunhuang.table import table

from .helpers import (
    clear_board,
    give_tile,
    play,
    ready,
    texts,
    turn_of,
)

ZHAO, SUN = 0, 2


def zhao_table() -> State:
    return turn_of(clear_board(ready()), ZHAO)


@pytest.mark.rule("DH-3.D")
def test_zhao_completion_in_round_two_scores_eighteen() -> None:
    s = give_tile(zhao_table(), ZHAO, 2, 402, 1)
    s = attrs.evolve(s, round=2, turn=SUN)
    s = play(s, "m1 f1.3", "e1", "done")  # (1) the die reaches 0
    pl = s.players[ZHAO]
    assert pl.left == 1  # (2) to the left spot of the reward area
    assert pl.vp == 18  # round 2 of the round track
    # next starting phase: the 5 VP spot is covered, only Pigment or Coin
    s2 = give_tile(attrs.evolve(s, frames=(), action=None), ZHAO, 1, 401, 2)
    s2 = attrs.evolve(s2, round=3, first=ZHAO)
    t = table(s2.options)
    s2 = _settle(t, _begin_round(t, s2))
    assert texts(s2) == ["take pigment", "take coin"]


@pytest.mark.rule("DH-5")
def test_achievement_ranking_example_three_two_two_one() -> None:
    assert rank_board([3, 2, 2, 1], (12, 6, 3)) == (12, 4, 4, 0)
