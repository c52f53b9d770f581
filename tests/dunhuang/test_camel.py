"""The Camel Starting Pack: Caravans, its printed zone-4 spot and its scoring."""

from __future__ import annotations

import attrs
import pytest
from pyrsistent import pmap

from silkroad.dunhuang import Options, engine, final_breakdown
from silkroad.dunhuang.data import parse_effect
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import _cleanup_finish, claim_achievements
from silkroad.dunhuang.state import Frame, Phase, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, play, player, ready, turn_of

CGT = ("camel", "gold", "tea")
CARAVAN = parse_effect("caravan")


def _tokens(s: State, p: int, key: str) -> int:
    return s.players[p].tokens.get(key, 0)


@pytest.mark.rule("DH-2.1", "DH-2.2", "DH-3.A")
def test_camel_is_a_pack_and_uses_its_printed_zone_four_spot() -> None:
    assert "camel" in available()
    assert get("camel").data.tokens[0].key == "camel-material"
    b12 = table(Options(3, CGT)).spots[11]
    assert ([e.text for e in b12.effects], b12.source) == (["material camel"], "printed camel spot")
    s = ready(3, CGT)
    assert all(_tokens(s, p, "camel-material") >= 1 for p in range(3))


@pytest.mark.rule("DH-3.E")
def test_a_caravan_brings_a_material_of_each_other_pack() -> None:
    s = clear_board(ready(4, CGT))
    t = table(s.options)
    fr = Frame(0, ())
    s = player(s, 0, tokens={"camel-material": 1, "camel-product": 1}, coins=0)
    s = engine.do(t, s, fr, CARAVAN)
    assert _tokens(s, 0, "camel-material") == 0
    assert (_tokens(s, 0, "gold-material"), _tokens(s, 0, "tea-material")) == (1, 1)
    assert s.players[0].coins == 0
    # no plain Camel left: the Laden Camel goes, and brings a coin as well
    s = engine.do(t, s, fr, CARAVAN)
    assert _tokens(s, 0, "camel-product") == 0
    assert (_tokens(s, 0, "gold-material"), s.players[0].coins) == (2, 1)
    assert s.players[0].counters["caravans:camel"] == 2
    assert not engine.can(t, s, fr, CARAVAN)


@pytest.mark.rule("DH-3.B")
def test_camel_ultimate_gains_a_camel_then_sends_a_caravan() -> None:
    s = turn_of(clear_board(ready(4, CGT)), 0)
    s = player(s, 0, tokens={})
    s = play(s, "m1 u1", "e1")
    assert _tokens(s, 0, "gold-material") == 1
    assert _tokens(s, 0, "tea-material") == 1


@pytest.mark.rule("DH-5")
def test_camel_board_counts_caravans() -> None:
    s = clear_board(ready(4, CGT))
    s = player(s, 1, counters={"caravans:camel": 5})
    s = claim_achievements(table(s.options), s, 1)
    assert s.achievements.get("camel-1") == 1
    assert s.achievements.get("camel-5") == 1
    assert "camel-2" not in s.achievements


@pytest.mark.rule("DH-4")
def test_camel_end_scoring_journeys() -> None:
    s = clear_board(ready(4, CGT))
    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), achievements=pmap())
    s = player(s, 0, counters={"caravans:camel": 5})
    rows = final_breakdown(_cleanup_finish(table(s.options), s))
    assert rows[0][4] == 2  # 1 VP per 2 Caravans
    assert rows[1][4] == 0
