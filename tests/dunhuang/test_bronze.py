"""The Bronze Starting Pack: Mimic, the copy of Bronze tiles, Mirrors and its scoring."""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.dunhuang import final_breakdown
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import _cleanup_finish, claim_achievements
from silkroad.dunhuang.state import Phase, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, give_character, give_tile, play, player, ready, texts, turn_of

BGT = ("bronze", "gold", "tea")
NONE = {"bronze-material": 0, "gold-material": 0, "tea-material": 0}


def _tokens(s: State, p: int, key: str) -> int:
    return s.players[p].tokens.get(key, 0)


@pytest.mark.rule("DH-2.1", "DH-3.E.1")
def test_bronze_is_a_pack_with_a_bronze_material() -> None:
    assert "bronze" in available()
    assert get("bronze").data.tokens[0].key == "bronze-material"
    s = ready(3, BGT)
    assert all(_tokens(s, p, "bronze-material") >= 1 for p in range(3))


@pytest.mark.rule("DH-9", "DH-3.B")
def test_mimic_performs_an_own_fresco_again_without_a_die_change() -> None:
    s = turn_of(clear_board(ready(4, BGT)), 0)
    s = give_tile(s, 0, 0, 955, 3)  # material bronze; vp 2
    s = player(s, 0, tokens=NONE, vp=0)
    # the Foundry: its upgrade cannot be resolved, so Mimic runs and the only fresco is
    # chosen; then that fresco's action is performed
    s = play(s, "m1 u1")
    assert texts(s) == ["e1", "e2"]
    s = play(s, "e1", "e1")
    pl = s.players[0]
    assert _tokens(s, 0, "bronze-material") == 1
    assert pl.vp == 2
    assert pl.frescoes[0].die == 3
    assert pl.counters["mimics:bronze"] == 1


@pytest.mark.rule("DH-8")
def test_bronze_copyist_resolves_a_bronze_tile_on_the_main_board() -> None:
    s = turn_of(clear_board(ready(4, BGT)), 0)
    s = give_tile(s, 2, 0, 955, 2)  # another player's Bronze tile
    s = give_character(s, 0, 0, 944, 2)  # the Copyist (bronze-copy)
    s = player(s, 0, tokens=NONE, vp=0, coins=0)
    s = play(s, "m1 b1", "ability")  # gain 1 coin, then the Copyist's ability
    assert s.players[0].grain[0] == 1
    while texts(s) and texts(s)[0].startswith(("e", "choose")):
        s = play(s, texts(s)[0])
    assert _tokens(s, 0, "bronze-material") == 1
    assert s.players[0].vp == 2
    assert s.players[2].frescoes[0].die == 2  # a copy helps nobody


@pytest.mark.rule("DH-3.E.2")
def test_bronze_is_upgraded_twice_into_a_mirror() -> None:
    s = turn_of(clear_board(ready(4, BGT)), 0)
    s = player(s, 0, tokens={**NONE, "bronze-product": 1})
    s = play(s, "m1 b4")  # Upgrade Resource: the Vessel is the only upgradable token
    assert _tokens(s, 0, "bronze-mirror") == 1
    assert _tokens(s, 0, "bronze-product") == 0


@pytest.mark.rule("DH-5")
def test_bronze_board_counts_mimics() -> None:
    s = clear_board(ready(4, BGT))
    s = player(s, 1, counters={"mimics:bronze": 2})
    s = claim_achievements(table(s.options), s, 1)
    assert s.achievements.get("bronze-1") == 1
    assert "bronze-2" not in s.achievements


@pytest.mark.rule("DH-4")
def test_bronze_end_scoring_mirrors_and_inscriptions() -> None:
    s = clear_board(ready(4, BGT))
    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), achievements=Map())
    s = player(s, 0, tokens={"bronze-mirror": 1}, counters={"painted:bronze": 2})
    rows = final_breakdown(_cleanup_finish(table(s.options), s))
    assert rows[0][4] == 3 + 2 * 2  # a Mirror, two Bronze tiles painted
    assert rows[1][4] == 0
