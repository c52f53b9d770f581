"""The Silver Starting Pack: Drawing cards, Studios, Seminar, Researching and its scoring."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from immutables import Map

from silkroad.core.errors import DataError
from silkroad.dunhuang import Options, engine, final_breakdown
from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import _cleanup_finish, _settle, claim_achievements
from silkroad.dunhuang.state import Frame, Phase, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, play, player, ready, turn_of

SGT = ("silver", "gold", "tea")


def _tokens(s: State, p: int, key: str) -> int:
    return s.players[p].tokens.get(key, 0)


@pytest.mark.rule("DH-2.1", "DH-3.E.1", "DH-3.A")
def test_silver_is_a_pack_and_uses_its_printed_zone_four_spot() -> None:
    assert "silver" in available()
    assert get("silver").data.tokens[0].key == "silver-material"
    t = table(Options(3, SGT))
    b11 = t.spots[10]
    assert [e.text for e in b11.effects] == ["draw"]
    assert b11.source == "printed silver spot"
    s = ready(3, SGT)
    assert all(_tokens(s, p, "silver-material") >= 1 for p in range(3))  # [DH-2.2]


@pytest.mark.rule("DH-3.B", "DH-3.E", "DH-3.E.2")
def test_silver_ultimate_upgrades_silverware_into_a_studio_then_holds_a_seminar() -> None:
    """No effect of its own gains a Studio: Upgrade Resource turns Silverware into one."""
    assert set(get("silver").effects) == {"draw", "seminar", "research"}
    s = turn_of(clear_board(ready(4, SGT)), 0)
    s = player(s, 0, tokens={"silver-product": 1}, vp=0)
    s = play(s, "m1 u1", "e1", "e1")
    pl = s.players[0]
    assert pl.tokens["silver-studio"] == 1
    assert pl.tokens.get("silver-product", 0) == 0
    assert pl.tokens["silver-material"] == 1
    assert pl.vp == 1  # 1 VP per Silver Drawing after drawing one


@pytest.mark.rule("DH-3.1")
def test_each_studio_draws_a_card_in_the_starting_phase() -> None:
    s = clear_board(ready(4, SGT))
    s = player(s, 1, tokens={"silver-studio": 2, "silver-material": 0})
    s = attrs.evolve(s, phase=Phase.START, queue=(), round=3)
    s = _settle(table(s.options), s)
    assert _tokens(s, 1, "silver-material") == 2
    assert _tokens(s, 0, "silver-material") == 1  # no Studio: no card


@pytest.mark.rule("DH-9", "DH-3.E.2")
def test_researching_and_silverware() -> None:
    s = clear_board(ready(4, SGT))
    t = table(s.options)
    s = player(s, 0, tokens={"silver-material": 0, "gold-material": 0, "tea-material": 0})
    s = engine.do(t, s, Frame(0, ()), parse_effect("research"))
    assert _tokens(s, 0, "silver-material") == 2
    s = turn_of(s, 0)
    s = play(s, "m1 b4")  # Upgrade Resource: a Drawing is the only upgradable token
    assert _tokens(s, 0, "silver-product") == 1
    assert _tokens(s, 0, "silver-material") == 1


@pytest.mark.rule("DH-5")
def test_silver_board_pairs_drawing_spots() -> None:
    s = clear_board(ready(4, SGT))
    t = table(s.options)
    s = player(s, 2, tokens={"silver-material": 4})
    s = claim_achievements(t, s, 2)
    assert s.achievements.get("silver-1") == 2
    assert "silver-2" not in s.achievements


@pytest.mark.rule("DH-4")
def test_silver_end_scoring_studios_and_matched_silverware() -> None:
    s = clear_board(ready(4, SGT))
    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), achievements=Map())
    s = player(s, 0, tokens={"silver-studio": 1, "silver-material": 2, "silver-product": 3})
    s = player(s, 1, tokens={"silver-material": 5})
    rows = final_breakdown(_cleanup_finish(table(s.options), s))
    assert rows[0][4] == 1 + 2 * 2  # a Studio, two Silverware matched by Drawings
    assert rows[1][4] == 0


@pytest.mark.rule("DH-1")
@pytest.mark.parametrize("value", ['"x"', '"-1"', '"100"'])
def test_a_bad_showcase_setting_is_refused_with_its_range(value: str, tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "src/silkroad/dunhuang/data/silver.toml").read_text()
    assert "showcase = 2\n" in text
    path = tmp_path / "silver.toml"
    path.write_text(text.replace("showcase = 2\n", f"showcase = {value}\n", 1))
    with pytest.raises(DataError, match="a whole number from 0 to 99") as err:
        Options(4, ("silver", "bronze", "camel")).with_pack_file(path)
    assert err.value.field == "showcase"
