"""The Silk, Gold, Tea and China Starting Packs: their own mechanics and scoring."""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.dunhuang import Options, final_breakdown
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import _cleanup_finish
from silkroad.dunhuang.state import Phase, State
from silkroad.dunhuang.table import Table, table

from .helpers import clear_board, play, player, ready, set_row, texts, turn_of


@pytest.mark.rule("DH-2.1")
def test_packs_are_found_by_listing_the_package() -> None:
    assert {"silk", "gold", "tea", "china"} <= available()
    for name in ("silk", "gold", "tea", "china"):
        pack = get(name)
        assert pack.name == name
        assert pack.data.name == name


@pytest.mark.rule("DH-3.1")
def test_silk_clothes_tiles_give_vp_in_the_starting_phase() -> None:
    from silkroad.dunhuang.rules import _settle

    s = clear_board(ready())
    s = player(s, 2, tokens={"silk-clothes": 1})
    s = attrs.evolve(s, phase=Phase.START, queue=(), round=2)
    s = _settle(table(s.options), s)
    assert s.players[2].vp == 1


@pytest.mark.rule("DH-5")
def test_silk_board_ties_are_shared_not_broken_by_clothes_tiles() -> None:
    """[DH-5] One Silk token each: 12 + 6 shared, 9 and 9, whoever has more Clothes
    (the pack's own rule is not public; the printed general rule applies)."""
    s = clear_board(ready())
    s = attrs.evolve(
        s, round=8, phase=Phase.CLEANUP, queue=(), achievements=Map({"silk-3": 0, "silk-4": 1})
    )
    s = player(s, 1, tokens={"silk-clothes": 1})
    t = table(s.options)
    rows = final_breakdown(_cleanup_finish(t, s))
    assert rows[1][3] == rows[0][3] == 9


@pytest.mark.rule("DH-3.B")
def test_gold_ultimate_recruits_a_gold_character_for_a_gold_product() -> None:
    s = turn_of(clear_board(ready()), 0)
    s = set_row(player(s, 0, tokens={"gold-product": 1}, coins=0), (201, 401, 203, 601))
    s = play(s, "m1 u2")
    # the meeple's own spot, or one of the two others (alike: offered once)
    assert texts(s) == [f"recruit c{c} s{k}" for c in (201, 203) for k in (1, 2)]
    s = play(s, "recruit c203 s2")
    pl = s.players[0]
    assert pl.characters[1] == 203
    assert pl.grain[1] == 3
    assert "gold-product" not in pl.tokens
    assert pl.counters["recruited:gold"] == 1
    # without a Gold character in the row the ultimate action cannot be used
    s2 = set_row(
        player(turn_of(clear_board(ready()), 0), 0, tokens={"gold-product": 1}),
        (401, 402, 403, 601),
    )
    assert "m1 u2" not in texts(s2)


@pytest.mark.rule("DH-3.1")
def test_tea_fields_and_trade_routes() -> None:
    s = turn_of(clear_board(ready()), 0)
    s = player(s, 0, tokens={"tea-product": 2})
    s = play(s, "m1 u3", "e1", "e1")  # the Field first, then the Tea Trade
    assert s.players[0].tokens["tea-field1"] == 1
    assert texts(s) == ["choose 1", "choose 2", "choose 3", "choose 4"]  # the routes
    s = play(s, "choose 3")
    pl = s.players[0]
    assert pl.vp == 5
    assert pl.tokens["tea-product"] == 1
    assert pl.counters["trades:tea"] == 1
    assert pl.counters["routes:tea"] == 1
    # a Tier 1 Field is upgraded to Tier 2 (the only upgradable token: no decision)
    s = turn_of(s, 0)
    s = play(s, "m2 b4")
    assert s.players[0].tokens["tea-field2"] == 1


@pytest.mark.rule("DH-3.E.2")
def test_china_is_upgraded_several_times_and_scores_at_the_end() -> None:
    s = turn_of(clear_board(ready(4, ("china", "gold", "tea"))), 0)
    s = player(s, 0, tokens={"china-material": 1})
    for _ in range(3):
        s = play(turn_of(attrs.evolve(s, spots=Map()), 0), "m1 b4")
        s = player(s, 0, home=(True, True, True))
    assert dict(s.players[0].tokens) == {"china-faience": 1}
    t = table(s.options)
    end = _cleanup_finish(
        t,
        attrs.evolve(
            player(s, 0, tokens={"china-faience": 1, "china-whiteware": 1}),
            round=8,
            phase=Phase.CLEANUP,
            queue=(),
            spots=Map(),
            frames=(),
            action=None,
            choice=None,
        ),
    )
    assert final_breakdown(end)[0][4] == 6 + 3
    assert Options(4, ("china", "gold", "tea")).packs[0] == "china"


@pytest.mark.rule("DH-3.1", "DH-4")
def test_pack_hooks_for_starting_phase_and_end_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    from silkroad.dunhuang import engine
    from silkroad.dunhuang import table as table_module
    from silkroad.dunhuang.packs import Pack, get
    from silkroad.dunhuang.rules import _start_rest

    real = get("china")

    def start(t: Table, s: State, p: int) -> State:
        pl = s.players[p]
        return engine.set_player(s, p, engine.replace(pl, coins=pl.coins + 10))

    def end_vp(t: Table, s: State, p: int) -> int:
        return 7

    fake = Pack("china", effects=real.effects, start=start, end_vp=end_vp)
    monkeypatch.setattr(table_module, "get", lambda name: fake if name == "china" else get(name))
    table_module.table.cache_clear()
    try:
        s = clear_board(ready(4, ("china", "gold", "tea")))
        coins = [pl.coins for pl in s.players]
        t = table(s.options)
        s = _start_rest(t, attrs.evolve(s, phase=Phase.START))
        assert [pl.coins for pl in s.players] == [c + 10 for c in coins]
        end = _cleanup_finish(t, attrs.evolve(s, round=8, phase=Phase.CLEANUP))
        assert all(row[4] == 7 for row in final_breakdown(end))
    finally:
        table_module.table.cache_clear()


@pytest.mark.rule("DH-2.1.3", "DH-3.A")
def test_a_pack_printed_on_zone_four_keeps_its_spot_uncovered() -> None:
    from silkroad.dunhuang.cards import load_board, parse_effect
    from silkroad.dunhuang.table import _zone4

    silk, gold = get("silk").data, get("gold").data
    jade = attrs.evolve(
        get("tea").data, name="jade", resource_tiles=(), printed_spot=(parse_effect("vp 2"),)
    )
    spots = _zone4(load_board(), (silk, gold, jade))
    assert spots[0] == ((parse_effect("vp 2"),), "printed jade spot")
    assert [source for _, source in spots[1:]] == ["silk resource tile", "gold resource tile"]
