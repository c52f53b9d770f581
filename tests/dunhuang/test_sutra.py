"""The Sutra Starting Pack: Deposit, Copied Sutras and its end-game scoring."""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.dunhuang import final_breakdown
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import _cleanup_finish, claim_achievements
from silkroad.dunhuang.state import Phase, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, play, player, ready, texts, turn_of

SGT = ("sutra", "gold", "tea")


def _tokens(s: State, p: int, key: str) -> int:
    return s.players[p].tokens.get(key, 0)


@pytest.mark.rule("DH-2.1", "DH-2.2")
def test_sutra_is_a_pack_with_a_material() -> None:
    assert "sutra" in available()
    assert get("sutra").data.tokens[0].key == "sutra-material"
    s = ready(3, SGT)
    assert all(_tokens(s, p, "sutra-material") >= 1 for p in range(3))


@pytest.mark.rule("DH-8", "DH-3.B")
def test_sutra_ultimate_deposits_coins() -> None:
    s = turn_of(clear_board(ready(4, SGT)), 0)
    s = player(s, 0, coins=1, tokens={"sutra-material": 0})
    s = play(s, "m1 u1")
    while texts(s) and texts(s)[0].startswith("e"):
        s = play(s, texts(s)[0])
    pl = s.players[0]
    assert pl.coins == 0  # one coin: only one Deposit could be resolved
    assert pl.counters["deposit:sutra"] == 1
    assert pl.tokens["sutra-material"] == 1


@pytest.mark.rule("DH-5")
def test_sutra_board_counts_deposits() -> None:
    s = clear_board(ready(4, SGT))
    s = player(s, 0, counters={"deposit:sutra": 6})
    s = claim_achievements(table(s.options), s, 0)
    assert s.achievements.get("sutra-1") == 0
    assert s.achievements.get("sutra-5") == 0
    assert "sutra-2" not in s.achievements


@pytest.mark.rule("DH-4", "DH-3.E.2")
@pytest.mark.parametrize("promos", [False, True])
def test_sutra_end_scoring_deposits_once_and_copied_sutras(promos: bool) -> None:
    s = clear_board(ready(4, SGT))
    s = attrs.evolve(
        s,
        options=attrs.evolve(s.options, promos=promos),
        round=8,
        phase=Phase.CLEANUP,
        queue=(),
        achievements=Map(),
    )
    s = player(s, 0, tokens={"sutra-product": 2}, counters={"deposit:sutra": 3})
    rows = final_breakdown(_cleanup_finish(table(s.options), s))
    assert rows[0][4] == 2 * 1 + 3 * 2  # Copied Sutras 1 VP more each; deposits 2 VP
    assert rows[1][4] == 0
