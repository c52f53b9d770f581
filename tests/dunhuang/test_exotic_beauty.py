"""The Exotic Beauty Starting Pack: wine standing in for grain (Encore), and its scoring."""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.core.errors import StateError
from silkroad.dunhuang import Options, final_breakdown, validate
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import _cleanup_finish, claim_achievements
from silkroad.dunhuang.state import Phase, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, give_character, play, player, ready, texts, turn_of

EGT = ("exotic-beauty", "gold", "tea")


def _wine(s: State, p: int) -> int:
    return s.players[p].tokens.get("wine-material", 0)


@pytest.mark.rule("DH-2.1", "DH-3.E.1")
def test_exotic_beauty_is_a_pack_that_adds_wine() -> None:
    assert "exotic-beauty" in available()
    pack = get("exotic-beauty")
    assert pack.data.name == "exotic-beauty"
    assert "wine-material" in table(Options(3, EGT)).tokens
    s = ready(3, EGT)
    assert all(s.players[p].tokens.get("exotic-beauty-material", 0) >= 1 for p in range(3))


@pytest.mark.rule("DH-3.E.1", "DH-9")
def test_the_wine_cube_is_the_wine_packs_when_both_are_in_play() -> None:
    for packs in (("exotic-beauty", "wine", "tea"), ("wine", "exotic-beauty", "tea")):
        token = table(Options(3, packs)).tokens["wine-material"]
        assert (token.pack, token.upgrade) == ("wine", "wine-product")


@pytest.mark.rule("DH-3.2", "DH-3.E")
def test_wine_stands_in_for_grain_to_use_an_ability_extra_times() -> None:
    s = turn_of(clear_board(ready(4, EGT)), 0)
    s = give_character(s, 0, 0, 701, 2)  # Sogdian Dancer: vp 2, then Encore
    s = player(s, 0, tokens={"wine-material": 2}, vp=0)
    s = play(s, "m1 b1", "ability")  # a coin, then the ability for a grain
    assert s.players[0].vp == 2
    assert texts(s) == ["choose 0", "choose 1"]  # Encore: pay a Wine cube?
    s = play(s, "choose 1")
    assert (s.players[0].vp, _wine(s, 0), s.players[0].grain[0]) == (4, 1, 1)
    s = play(s, "choose 0")  # enough
    pl = s.players[0]
    assert (pl.vp, _wine(s, 0), pl.grain[0]) == (4, 1, 1)
    assert pl.counters["encores:exotic-beauty"] == 1
    assert s.choice is None  # the next player's turn


@pytest.mark.rule("DH-3.2")
def test_no_encore_without_wine() -> None:
    s = turn_of(clear_board(ready(4, EGT)), 0)
    s = give_character(s, 0, 0, 701, 2)
    s = player(s, 0, tokens={}, vp=0)
    s = play(s, "m1 b1", "ability")
    assert s.players[0].vp == 2
    assert s.choice is None


@pytest.mark.rule("DH-5")
def test_exotic_beauty_board_counts_encores() -> None:
    s = clear_board(ready(4, EGT))
    s = player(s, 0, counters={"encores:exotic-beauty": 2})
    s = claim_achievements(table(s.options), s, 0)
    assert s.achievements.get("exotic-beauty-1") == 0
    assert "exotic-beauty-2" not in s.achievements


@pytest.mark.rule("DH-4")
def test_exotic_beauty_end_scoring() -> None:
    s = clear_board(ready(4, EGT))
    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), achievements=Map())
    s = player(s, 0, tokens={"exotic-beauty-product": 1}, counters={"encores:exotic-beauty": 5})
    rows = final_breakdown(_cleanup_finish(table(s.options), s))
    assert rows[0][4] == 1 + 5 // 2  # a Costume's extra VP, 1 VP per 2 Encores
    assert rows[1][4] == 0


@pytest.mark.rule("DH-3.E")
def test_an_encore_decision_with_a_number_is_not_a_valid_state() -> None:
    """The Encore decision is a yes or no for one character spot: validate accepts it as a
    game leaves it and refuses it with a number set."""
    s = turn_of(clear_board(ready(4, EGT)), 0)
    s = give_character(s, 0, 0, 701, 2)
    s = player(s, 0, tokens={"wine-material": 2}, vp=0)
    s = play(s, "m1 b1", "ability")
    assert s.choice is not None
    assert s.choice.n == 0
    validate(s)
    with pytest.raises(StateError, match="no number"):
        validate(attrs.evolve(s, choice=attrs.evolve(s.choice, n=1)))


@pytest.mark.rule("DH-3.2", "DH-3.E.2")
def test_an_encore_is_offered_only_if_the_ability_can_be_used_after_paying_the_wine() -> None:
    """The Perfumer upgrades; with the Wine pack a Wine cube can be upgraded too. After the
    Perfume is upgraded, the only upgradable token left is the one Wine cube: paying it for
    an Encore leaves nothing to upgrade, so no Encore is offered."""
    s = turn_of(clear_board(ready(4, ("exotic-beauty", "wine", "tea"))), 0)
    s = give_character(s, 0, 0, 706, 2)  # Perfumer: upgrade, then Encore
    s = player(s, 0, tokens={"wine-material": 1, "exotic-beauty-material": 1}, vp=0)
    s = play(s, "m1 b1", "ability")
    assert sorted(texts(s)) == ["upgrade exotic-beauty-material", "upgrade wine-material"]
    s = play(s, "upgrade exotic-beauty-material")
    assert s.players[0].tokens.get("exotic-beauty-product") == 1
    assert _wine(s, 0) == 1
    assert s.choice is None or s.choice.player != 0  # no Encore: the turn has passed
    # with a second Wine cube, one is paid and the other is still there to upgrade
    s = turn_of(clear_board(ready(4, ("exotic-beauty", "wine", "tea"))), 0)
    s = give_character(s, 0, 0, 706, 2)
    s = player(s, 0, tokens={"wine-material": 2, "exotic-beauty-material": 1}, vp=0)
    s = play(s, "m1 b1", "ability", "upgrade exotic-beauty-material")
    assert texts(s) == ["choose 0", "choose 1"]
