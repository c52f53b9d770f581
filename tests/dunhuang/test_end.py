"""[DH-4] End-game scoring and [DH-5] achievements."""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.dunhuang import final_breakdown, scores, winners
from silkroad.dunhuang.rules import _cleanup_finish, claim_achievements, rank_board
from silkroad.dunhuang.state import Phase, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, give_tile, play, player, ready, turn_of


def last_cleanup() -> State:
    s = clear_board(ready())
    return attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), next_first=None)


@pytest.mark.rule("DH-4")
def test_end_scoring_steps() -> None:
    s = last_cleanup()
    s = player(s, 0, vp=40, tokens={"silk-material": 2, "gold-product": 1, "silk-clothes": 3})
    s = give_tile(s, 0, 2, 402, 2)  # a die still on a fresco: 6 VP
    s = player(s, 1, vp=30, tokens={"tea-field2": 2, "tea-field1": 1})
    s = attrs.evolve(s, achievements=Map({"silk-5": 0, "tea-3": 1, "tea-4": 1}))
    t = table(s.options)
    end = _cleanup_finish(t, s)
    assert end.phase is Phase.OVER
    rows = final_breakdown(end)
    # VP track, Material/Product 1 VP each (not derivative tiles), dice 6 VP each,
    # rankings (Silk board: P1 12; Tea board: P2 12), pack VP (Fields 1 and 2 VP)
    assert rows[0] == (40, 3, 6, 12, 0)
    assert rows[1] == (30, 0, 0, 12, 2 + 2 + 1)
    assert scores(end)[0] == 40 + 3 + 6 + 12
    assert scores(end)[1] == 30 + 12 + 5


@pytest.mark.rule("DH-4")
def test_tie_broken_by_achievement_tokens_then_shared() -> None:
    s = last_cleanup()
    for p in range(4):
        s = player(s, p, vp=10, tokens={})
    t = table(s.options)
    # P2: one token (Tea board 12); P3: two tokens (Gold board 12): 22 each
    more = attrs.evolve(s, achievements=Map({"tea-4": 1, "gold-5": 2, "gold-4": 2}))
    end = _cleanup_finish(t, more)
    assert scores(end)[1] == scores(end)[2] == 22
    assert winners(end) == (2,)
    # one token each: still tied, the victory is shared
    same = attrs.evolve(s, achievements=Map({"tea-4": 1, "gold-5": 2}))
    end2 = _cleanup_finish(t, same)
    assert scores(end2)[1] == scores(end2)[2] == 22
    assert winners(end2) == (1, 2)


@pytest.mark.rule("DH-5")
def test_achievements_claimed_after_an_action_with_the_pair_rule() -> None:
    s = turn_of(clear_board(ready()), 0)
    s = player(s, 0, counters={"recruited:gold": 2})
    s = player(s, 1, counters={"recruited:gold": 2})
    s = play(s, "m1 b1")  # any action: then achievements
    assert s.achievements["gold-1"] == 0  # the richer spot of the pair
    assert s.players[0].vp == 5
    s = play(s, "m1 b2")
    assert s.achievements["gold-2"] == 1  # the other player takes the lesser one
    assert s.players[1].vp == 3
    # nobody takes both spots of a pair, and a spot holds one token
    t = table(s.options)
    s2 = claim_achievements(t, s, 0)
    assert s2.achievements == s.achievements


@pytest.mark.rule("DH-5")
def test_board_ranking_shares_rounded_down_and_zero_tokens_score_nothing() -> None:
    assert rank_board([3, 2, 2, 1], (12, 6, 3)) == (12, 4, 4, 0)
    assert rank_board([1, 1, 1, 0], (12, 6, 3)) == (7, 7, 7, 0)
    assert rank_board([0, 0, 2, 0], (12, 6, 3)) == (0, 0, 12, 0)
    assert rank_board([2, 1, 1, 1], (12, 6, 3)) == (12, 3, 3, 3)


@pytest.mark.rule("DH-4")
def test_outcome_is_finished_after_round_eight_and_never_truncated() -> None:
    from silkroad.core.game import Outcome
    from silkroad.dunhuang import GAME, outcome

    s = last_cleanup()
    assert outcome(s) is Outcome.ONGOING
    assert GAME.outcome(s) is Outcome.ONGOING
    end = _cleanup_finish(table(s.options), player(s, 0, vp=10))
    assert outcome(end) is Outcome.FINISHED
    assert GAME.outcome(end) is Outcome.FINISHED
    assert winners(end) == (0,)  # a finished game has its winners
    assert GAME.optional.outcome is outcome  # the title's own, not the core's default


@pytest.mark.rule("DH-6.2")
def test_a_lost_solitaire_game_is_finished_not_truncated() -> None:
    from silkroad.core.game import Outcome
    from silkroad.dunhuang import Options, apply, is_over, legal_moves, new_game, outcome

    s = new_game(Options(1, ("silk", "gold")), 3)
    while not is_over(s):
        assert outcome(s) is Outcome.ONGOING
        s = apply(s, legal_moves(s)[-1])
    assert outcome(s) is Outcome.FINISHED
