"""The printed examples of the rulebook, as scenarios from explicit states."""

from __future__ import annotations

import attrs
import pytest

from silkroad.dunhuang.rules import _begin_round, _cleanup, _settle, rank_board
from silkroad.dunhuang.state import State
from silkroad.dunhuang.table import table

from .helpers import (
    clear_board,
    give_character,
    give_hand,
    give_tile,
    play,
    player,
    ready,
    set_row,
    texts,
    turn_of,
)

ZHAO, SUN = 0, 2


def zhao_table() -> State:
    return turn_of(clear_board(ready()), ZHAO)


@pytest.mark.rule("DH-3.2")
def test_zhao_gold_action_then_recruits_in_place_of_the_gold_character() -> None:
    s = give_character(zhao_table(), ZHAO, 0, 201, 2)  # the Gold Prospector
    s = set_row(s, (203, 401, 601, 204))  # a non-Gold character (401) instead of Jade
    gold = s.players[ZHAO].tokens["gold-material"]
    s = play(s, "m1 b12")  # (1) basic action, (2) gain a Gold Material
    assert s.players[ZHAO].tokens["gold-material"] == gold + 1
    s = play(s, "ability")  # (3) 1 Grain and 1 Gold Material
    # Gold characters cannot be taken; the new one must go to the Prospector's spot
    assert texts(s) == ["recruit c401 s1", "recruit c601 s1"]
    s = play(s, "recruit c401 s1")  # (4)
    pl = s.players[ZHAO]
    assert pl.characters[0] == 401
    assert pl.grain[0] == 3
    assert pl.tokens["gold-material"] == gold
    assert 201 in s.discard
    assert pl.counters["left:gold"] == 1
    # the newly recruited character does not act: the turn has passed
    assert s.turn == 1
    assert s.action is None


@pytest.mark.rule("DH-3.E.6")
def test_zhao_emperors_quest_with_one_grain() -> None:
    s = give_character(zhao_table(), ZHAO, 0, 404, 1)
    s = give_tile(s, 1, 2, 202, 3)  # Upgrade Resource and Emperor's Quest
    s = player(s, ZHAO, tokens={})  # (1) no resource token: the upgrade is ignored
    s = play(s, "m1 f2.3")
    pl = s.players[ZHAO]
    assert pl.vp == 3  # (2) one grain paid for 3 VP
    assert pl.characters[0] is None  # (3) the character left play
    assert 404 in s.discard
    assert s.turn == 1  # no ability: no character any more


@pytest.mark.rule("DH-3.E.7")
def test_zhao_paid_recruitment_then_the_new_character_acts() -> None:
    s = set_row(player(zhao_table(), ZHAO, coins=2), (401, 203, 601, 204))
    s = play(s, "m1 b8")  # (1) recruit (Zhao's three meeples are alike: one move)
    # (3) any spot: the meeple's own, or one of the two others, which are alike
    assert texts(s) == [f"recruit c{c} s{k}" for c in (401, 601) for k in (1, 2)]
    s = play(s, "recruit c401 s1")  # (2) 2 coins, (3) on the meeple's spot
    pl = s.players[ZHAO]
    assert pl.coins == 0
    assert pl.characters[0] == 401
    assert pl.grain[0] == 3  # (4)
    # (5) the spot belongs to the meeple used: its new character may act at once
    assert texts(s) == ["ability", "no ability"]
    s = play(s, "ability")
    assert s.players[ZHAO].tokens["silk-material"] == 2


@pytest.mark.rule("DH-3.E.11")
def test_zhao_begins_painting() -> None:
    s = give_character(zhao_table(), ZHAO, 0, 401, 3)
    s = give_hand(player(s, ZHAO, pigment=4), ZHAO, 201)
    s = play(s, "m1 b5")  # the only tile in hand is painted at once
    pl = s.players[ZHAO]
    assert pl.pigment == 0
    assert pl.frescoes[2].tile == 201
    assert pl.frescoes[2].die == 2  # set to the tile's value
    assert pl.tokens["gold-material"] == 2  # gain 1 Gold Material
    assert pl.vp == 0  # the Emperor's Quest is ignored
    assert pl.grain[0] == 3


@pytest.mark.rule("DH-3.C")
def test_zhao_fresco_helped_by_sun() -> None:
    s = give_tile(zhao_table(), ZHAO, 2, 402, 3)
    own = play(s, "m1 f1.3", "e1", "e1")
    assert own.players[ZHAO].frescoes[2].die == 3
    s = attrs.evolve(s, turn=SUN)
    helped = play(s, "m1 f1.3", "e1", "done")
    assert helped.players[ZHAO].frescoes[2].die == 2


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


@pytest.mark.rule("DH-3.3")
def test_zhao_cleanup_reward_choice() -> None:
    s = give_tile(zhao_table(), ZHAO, 2, 402, 2)
    s = player(s, ZHAO, income=1, right=1)
    t = table(s.options)
    s = _settle(t, _cleanup(t, attrs.evolve(s, first=ZHAO)))
    # (1) right spot: one Material of a pack in play
    assert texts(s) == ["take silk-material", "take gold-material", "take tea-material"]
    s = play(s, "take gold-material")
    pl = s.players[ZHAO]
    assert pl.tokens["gold-material"] == 2
    assert pl.right == 0
    assert pl.income == 2  # (2) back to the income area
    # (3) on the left spot: Pigment or Coin, then the die moves to the right spot
    s = give_tile(zhao_table(), ZHAO, 2, 402, 2)
    s = player(s, ZHAO, income=1, left=1)
    s = _settle(t, _cleanup(t, attrs.evolve(s, first=ZHAO)))
    assert texts(s) == ["take pigment", "take coin"]
    s = play(s, "take pigment")
    assert s.players[ZHAO].right == 1


@pytest.mark.rule("DH-3.1")
def test_starting_phase_example_income_choices() -> None:
    s = clear_board(ready())
    s = give_tile(give_tile(s, ZHAO, 2, 402, 2), ZHAO, 1, 401, 2)
    s = player(s, ZHAO, income=0, left=1)
    s = attrs.evolve(s, round=2, first=ZHAO)
    t = table(s.options)
    s = _settle(t, _begin_round(t, s))
    assert texts(s) == ["take pigment", "take coin", "take vp 5"]
    vp = s.players[ZHAO].vp
    assert play(s, "take vp 5").players[ZHAO].vp == vp + 5


@pytest.mark.rule("DH-5")
def test_achievement_ranking_example_three_two_two_one() -> None:
    assert rank_board([3, 2, 2, 1], (12, 6, 3)) == (12, 4, 4, 0)
