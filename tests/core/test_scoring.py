"""Tests of silkroad.core.scoring."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from silkroad.core import scoring
from silkroad.core.errors import StateError
from silkroad.core.scoring import last_to_score, most, rank, share_rewards, winners

DH_REWARDS = (12, 6, 3)

# -- rank -------------------------------------------------------------------------------------


def test_rank_groups_equal_values_best_first() -> None:
    assert rank([3, 2, 2, 1]) == ((0,), (1, 2), (3,))
    assert rank([1, 5, 1, 5, 0]) == ((1, 3), (0, 2), (4,))
    assert rank([]) == ()
    assert rank([7]) == ((0,),)


def test_rank_lowest_first() -> None:
    assert rank([3, 2, 2, 1], highest_first=False) == ((3,), (1, 2), (0,))


def test_rank_accepts_a_mapping_of_some_players() -> None:
    assert rank({3: 10, 0: 4, 2: 10}) == ((2, 3), (0,))
    assert rank({}) == ()


def test_rank_composite_keys_compare_as_tuples() -> None:
    # (points, tokens): the second part only matters when the first ties.
    assert rank([(40, 2), (45, 1), (45, 3), (40, 2)]) == ((2,), (1,), (0, 3))


@given(st.lists(st.integers(-5, 5), max_size=8))
def test_rank_is_a_partition_into_strictly_worse_groups(values: list[int]) -> None:
    groups = rank(values)
    assert sorted(p for group in groups for p in group) == list(range(len(values)))
    for group in groups:
        assert list(group) == sorted(group)
        assert len({values[p] for p in group}) == 1
    heads = [values[group[0]] for group in groups]
    assert heads == sorted(set(values), reverse=True)


# -- share_rewards ----------------------------------------------------------------------------


# the mechanism behind [DH-5]; the rule itself is tested with its game
def test_dh5_printed_example() -> None:
    # Qian 3 achievements, Zhao and Sun 2 each, Li 1.
    assert share_rewards([3, 2, 2, 1], DH_REWARDS) == (12, 4, 4, 0)


# the mechanism behind [DH-5]; the rule itself is tested with its game
def test_dh5_four_way_tie_shares_every_reward() -> None:
    assert share_rewards([2, 2, 2, 2], DH_REWARDS) == (5, 5, 5, 5)


# the mechanism behind [DH-5]; the rule itself is tested with its game
@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([5, 5, 1, 0], (9, 9, 3, 0)),  # (12 + 6) // 2
        ([5, 4, 4, 4], (12, 3, 3, 3)),  # (6 + 3) // 3
        ([5, 4, 3, 3], (12, 6, 1, 1)),  # 3 // 2
        ([5, 4, 3, 2], (12, 6, 3, 0)),
        ([1, 3], (6, 12)),  # fewer players than rewards
        ([3, 3, 3], (7, 7, 7)),  # 21 // 3
    ],
)
def test_dh5_ties_share_the_places_they_occupy(values: list[int], expected: tuple[int]) -> None:
    assert share_rewards(values, DH_REWARDS) == expected


def test_share_rewards_eligibility_excludes_players_from_places() -> None:
    def holds_any(tokens: int) -> bool:
        return tokens > 0

    assert share_rewards([0, 2, 0, 1], DH_REWARDS, eligible=holds_any) == (0, 12, 0, 6)
    assert share_rewards([0, 0, 0], DH_REWARDS, eligible=holds_any) == (0, 0, 0)
    # Without the predicate, nobody is left out.
    assert share_rewards([0, 2, 0, 1], DH_REWARDS) == (1, 12, 1, 6)


def test_share_rewards_edge_cases() -> None:
    assert share_rewards([], DH_REWARDS) == ()
    assert share_rewards([4, 2], ()) == (0, 0)
    assert share_rewards([(1, 2), (1, 3)], (10, 5)) == (5, 10)


@given(
    st.lists(st.integers(0, 6), max_size=6),
    st.lists(st.integers(0, 20), max_size=4).map(lambda r: sorted(r, reverse=True)),
)
def test_share_rewards_properties(values: list[int], rewards: list[int]) -> None:
    shares = share_rewards(values, rewards)
    assert len(shares) == len(values)
    assert sum(shares) <= sum(rewards)
    for better, worse in zip(rank(values), rank(values)[1:], strict=False):
        assert shares[better[0]] >= shares[worse[0]]
    for group in rank(values):
        assert len({shares[p] for p in group}) == 1
    if len(set(values)) == len(values):
        assert sum(shares) == sum(rewards[: len(values)])


# -- tie-breaks -------------------------------------------------------------------------------


def test_most() -> None:
    assert most([2, 5, 5, 1]) == (1, 2)
    assert most([0, 0]) == (0, 1)
    assert most({4: 3, 1: 3, 2: 0}) == (1, 4)
    assert most([]) == ()


def test_winners_without_tiebreaks() -> None:
    assert winners([10, 30, 20]) == (1,)
    assert winners([30, 30, 20]) == (0, 1)
    assert winners([]) == ()


# the mechanism behind [DH-4]; the rule itself is tested with its game
def test_dh4_achievement_tokens_break_a_tie_then_the_victory_is_shared() -> None:
    scores = [88, 95, 95, 95]
    tokens = [9, 4, 6, 6]
    assert winners(scores, tokens) == (2, 3)
    assert winners(scores, [9, 4, 7, 6]) == (2,)


def test_winners_tiebreak_chain_is_consulted_in_order() -> None:
    scores = [50, 50, 50, 10]
    first = [1, 2, 2, 9]
    second = [9, 1, 3, 9]
    assert winners(scores, first, second) == (2,)
    assert winners(scores, second, first) == (0,)
    # Later tie-breaks are not consulted once one player is left.
    assert winners(scores, [0, 0, 1, 0], []) == (2,)


def test_winners_accepts_mappings_and_tuples() -> None:
    assert winners({0: 5, 3: 5, 1: 2}, {0: 1, 3: 2}) == (3,)
    assert winners([(5, 1), (5, 2)]) == (1,)


def test_winners_reports_a_tiebreak_with_a_missing_player() -> None:
    with pytest.raises(StateError, match=r"tie-break 2 has no value for player\(s\) \[2\]"):
        winners([5, 5, 5], [1, 1, 1], [0, 0])
    with pytest.raises(StateError, match=r"tie-break 1 has no value for player\(s\) \[0\]"):
        winners([5, 5], {1: 3})


# the mechanism behind [KG-6]; the rule itself is tested with its game
def test_kg6_the_tied_player_who_last_earned_points_wins() -> None:
    scores = [26, 27, 27]
    history = [1, 2, 0, 1, 2, 0, 0]
    tied = winners(scores)
    assert tied == (1, 2)
    assert last_to_score(tied, history) == (2,)
    assert last_to_score(tied, [*history, 1]) == (1,)


# the mechanism behind [KG-6]; the rule itself is tested with its game
def test_kg6_nobody_tied_ever_scored() -> None:
    assert last_to_score((2, 0), [1, 1]) == (0, 2)
    assert last_to_score((1, 3), []) == (1, 3)
    assert last_to_score((), [0, 1]) == ()


def test_module_doctests_hold() -> None:
    result = doctest.testmod(scoring)
    assert result.attempted >= 5
    assert result.failed == 0
