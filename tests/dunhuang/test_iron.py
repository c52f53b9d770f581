"""The Iron Starting Pack: forging in DH-3.E effects, the Iron board's own ranking and its
scoring."""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.core.errors import DataError
from silkroad.dunhuang import Options, engine, final_breakdown
from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import _cleanup_finish, claim_achievements
from silkroad.dunhuang.state import Frame, Phase, State
from silkroad.dunhuang.table import Table, table

from .helpers import clear_board, play, player, ready, turn_of

IGT = ("iron", "gold", "tea")
FORGE = parse_effect("pay coin 1 -> upgrade & upgrade")


def _tokens(s: State, p: int, key: str) -> int:
    return s.players[p].tokens.get(key, 0)


def _ended(s: State) -> tuple[tuple[int, int, int, int, int], ...]:
    return final_breakdown(_cleanup_finish(table(s.options), s))


@pytest.mark.rule("DH-2.1", "DH-3.E.1")
def test_iron_is_a_pack_with_an_iron_material() -> None:
    assert "iron" in available()
    assert get("iron").data.tokens[0].key == "iron-material"
    s = ready(3, IGT)
    assert all(_tokens(s, p, "iron-material") >= 1 for p in range(3))


@pytest.mark.rule("DH-3.E", "DH-3.E.9")
def test_forging_is_a_payment_for_two_upgrades() -> None:
    """No effect of its own: a coin paid for two Upgrade Resource effects (DH-3.E)."""
    assert dict(get("iron").effects) == {}
    assert "forge" not in table(Options(4, IGT)).effects
    s = clear_board(ready(4, IGT))
    t = table(s.options)
    fr = Frame(0, ())
    s = player(s, 0, tokens={}, coins=1)
    assert not engine.can(t, s, fr, FORGE)  # nothing to upgrade: a Payment buying nothing
    s = player(s, 0, tokens={"iron-material": 1}, coins=0)
    assert not engine.can(t, s, fr, FORGE)  # no coin
    assert engine.can(t, player(s, 0, coins=1), fr, FORGE)


@pytest.mark.rule("DH-3.B")
def test_iron_ultimate_gains_material_then_pays_for_two_upgrades() -> None:
    s = turn_of(clear_board(ready(4, IGT)), 0)
    s = player(s, 0, tokens={"iron-material": 1}, coins=2)
    s = play(s, "m1 u1", "e1", "e1")
    assert _tokens(s, 0, "iron-product") == 2
    assert s.players[0].coins == 1


@pytest.mark.rule("DH-5")
def test_iron_board_pays_its_own_place_rewards() -> None:
    s = clear_board(ready(4, IGT))
    s = attrs.evolve(
        s,
        round=8,
        phase=Phase.CLEANUP,
        queue=(),
        achievements=Map({"iron-1": 0, "iron-3": 0, "iron-2": 1, "iron-4": 2}),
    )
    rows = _ended(s)
    assert [r[3] for r in rows] == [15, 3, 3, 0]  # 15, then 7 shared by two, no third
    # the other boards keep 12, 6, 3
    s = attrs.evolve(s, achievements=Map({"gold-1": 0, "gold-2": 1, "gold-3": 2}))
    assert [r[3] for r in _ended(s)] == [7, 7, 7, 0]  # (12 + 6 + 3) // 3


@pytest.mark.rule("DH-5")
def test_iron_board_counts_iron_tools() -> None:
    s = clear_board(ready(4, IGT))
    s = player(s, 2, tokens={"iron-product": 4})
    s = claim_achievements(table(s.options), s, 2)
    assert s.achievements.get("iron-1") == 2
    assert s.achievements.get("iron-5") == 2
    assert "iron-2" not in s.achievements


@pytest.mark.rule("DH-1", "DH-5")
def test_a_bad_ranking_setting_is_rejected() -> None:
    bad = get("iron").data
    assert bad.setting("ranking") == "rewards 15 7"
    broken = attrs.evolve(bad, extra=(("ranking", "rewards many"),))
    t = table(Options(4, IGT))
    copy = Table.__new__(Table)
    copy.__dict__.update(t.__dict__)
    copy.packs = (broken, *t.packs[1:])
    with pytest.raises(DataError, match="ranking"):
        copy._check()


@pytest.mark.rule("DH-4")
def test_iron_end_scoring_toolsets() -> None:
    s = clear_board(ready(4, IGT))
    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), achievements=Map())
    s = player(s, 0, tokens={"iron-product": 5})
    rows = _ended(s)
    assert rows[0][4] == 2  # 1 VP per 2 Iron Tools
    assert rows[0][1] >= 5  # and each is a Product worth 1 VP [DH-4.2]
