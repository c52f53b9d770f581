"""The Wine Starting Pack: Brewing, the Winery Board, Vats and its end-game scoring."""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.dunhuang import engine, final_breakdown
from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import _cleanup_finish, _settle, claim_achievements
from silkroad.dunhuang.state import Frame, Phase
from silkroad.dunhuang.table import table

from .helpers import clear_board, play, player, ready, turn_of

WGT = ("wine", "gold", "tea")


def _tokens(s: object, p: int, key: str) -> int:
    return s.players[p].tokens.get(key, 0)  # type: ignore[attr-defined,no-any-return]


@pytest.mark.rule("DH-2.1", "DH-3.E.1")
def test_wine_is_a_pack_with_a_wine_material() -> None:
    assert "wine" in available()
    pack = get("wine")
    assert pack.data.name == "wine"
    assert pack.data.tokens[0].key == "wine-material"
    s = ready(3, WGT)
    # [DH-2.2] one Material of each pack in play
    assert all(_tokens(s, p, "wine-material") >= 1 for p in range(3))


@pytest.mark.rule("DH-3.B", "DH-3.E")
def test_wine_ultimate_brews_then_upgrades() -> None:
    s = turn_of(clear_board(ready(4, WGT)), 0)
    s = player(s, 0, tokens={"wine-material": 0})
    s = play(s, "m1 u1", "e1")
    pl = s.players[0]
    assert pl.tokens.get("wine-material", 0) == 0
    assert pl.tokens["wine-product"] == 1  # the cube brewed, upgraded into a Wine Jar
    assert pl.counters["brewed:wine"] == 1


@pytest.mark.rule("DH-3.E.2")
def test_a_vat_is_an_upgraded_wine_jar() -> None:
    """No effect of its own gains a Vat: Upgrade Resource (DH-3.E.2) turns a Wine Jar into
    one, as a Silk Product into a Clothes Tile."""
    assert set(get("wine").effects) == {"brew", "winery"}
    s = turn_of(clear_board(ready(4, WGT)), 0)
    s = player(s, 0, tokens={"wine-product": 1})
    s = play(s, "m1 b4")  # Upgrade Resource: the Wine Jar is the only candidate
    assert _tokens(s, 0, "wine-vat") == 1
    assert _tokens(s, 0, "wine-product") == 0


@pytest.mark.rule("DH-3.1")
def test_each_vat_brews_in_the_starting_phase() -> None:
    s = clear_board(ready(4, WGT))
    s = player(s, 2, tokens={"wine-vat": 2, "wine-material": 1})
    s = attrs.evolve(s, phase=Phase.START, queue=(), round=2)
    s = _settle(table(s.options), s)
    assert _tokens(s, 2, "wine-material") == 3
    assert s.players[2].counters["brewed:wine"] == 2
    assert _tokens(s, 1, "wine-material") == 1  # no Vat: no Brewing


@pytest.mark.rule("DH-8")
def test_winery_scores_per_wine_cube_on_the_winery_board() -> None:
    s = clear_board(ready(4, WGT))
    s = player(s, 0, tokens={"wine-material": 3}, vp=0)
    t = table(s.options)
    fr = Frame(0, ())
    assert engine.can(t, s, fr, parse_effect("winery 2"))
    s = engine.do(t, s, fr, parse_effect("winery 2"))
    assert s.players[0].vp == 6
    s = player(s, 0, tokens={"wine-material": 0})
    assert not engine.can(t, s, fr, parse_effect("winery 2"))


@pytest.mark.rule("DH-9", "DH-3.E.9")
def test_wine_cubes_pay_for_effects_and_promo_brewing_uses_the_pack() -> None:
    s = clear_board(ready(4, WGT))
    t = table(attrs.evolve(s.options, promos=True))
    s = player(s, 0, tokens={"wine-material": 1}, vp=5, coins=0)
    fr = Frame(0, ())
    pay = parse_effect("pay vp 2, wine-material 1 -> coin 2")  # DH-9 Exotic Beauty tile
    assert engine.can(t, s, fr, pay)
    s = engine.do(t, s, fr, pay)
    assert (s.players[0].vp, _tokens(s, 0, "wine-material")) == (3, 0)  # paid; coins follow
    assert not engine.can(t, s, fr, pay)
    # with Wine in play, the promos' Brewing is the pack's: it counts toward its board
    s = engine.do(t, s, fr, parse_effect("brew"))
    assert _tokens(s, 0, "wine-material") == 1
    assert s.players[0].counters["brewed:wine"] == 1


@pytest.mark.rule("DH-5")
def test_wine_board_pairs_brewing_spots() -> None:
    s = clear_board(ready(4, WGT))
    t = table(s.options)
    s = player(s, 1, counters={"brewed:wine": 4})
    s = claim_achievements(t, s, 1)
    assert s.achievements.get("wine-1") == 1
    assert "wine-2" not in s.achievements  # the same requirement: never both
    s = player(s, 3, counters={"brewed:wine": 4})
    s = claim_achievements(t, s, 3)
    assert s.achievements.get("wine-2") == 3


@pytest.mark.rule("DH-4")
def test_wine_end_scoring_vats_and_vintages() -> None:
    s = clear_board(ready(4, WGT))
    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), achievements=Map())
    s = player(s, 0, tokens={"wine-vat": 2}, counters={"brewed:wine": 7})
    rows = final_breakdown(_cleanup_finish(table(s.options), s))
    assert rows[0][4] == 2 * 1 + 7 // 3  # Vats 1 VP each, 1 VP per 3 Brewings
    assert rows[1][4] == 0
