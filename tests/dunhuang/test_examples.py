"""The one printed example of the rulebook not written as a scenario file: the
achievement ranking of [DH-5] (Qian 3 tokens, Zhao and Sun 2, Li 1 on one board). The
boards of the data files have five spots each, so eight tokens cannot sit on one board
of a real table; the example is checked as the ranking calculation it illustrates. The
other examples are scenario files (tests/scenarios/dunhuang/*.scenario.toml)."""

from __future__ import annotations

import pytest

from silkroad.dunhuang.rules import rank_board


@pytest.mark.rule("DH-5")
def test_achievement_ranking_example_three_two_two_one() -> None:
    assert rank_board([3, 2, 2, 1], (12, 6, 3)) == (12, 4, 4, 0)


@pytest.mark.rule("DH-5")
def test_ranking_ties_share_the_rewards_rounded_down() -> None:
    # two tied for first share 12 + 6; three tied for second share 6 + 3 + 0
    assert rank_board([2, 2, 1, 0], (12, 6, 3)) == (9, 9, 3, 0)
    assert rank_board([3, 1, 1, 1], (12, 6, 3)) == (12, 3, 3, 3)
    assert rank_board([0, 0, 0, 0], (12, 6, 3)) == (0, 0, 0, 0)
