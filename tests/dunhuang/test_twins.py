"""Interchangeable meeples and character spots are offered once (docs/dunhuang.md,
"Identical components"): a meeple matters only through its character spot."""

from __future__ import annotations

import pytest

from silkroad.dunhuang import legal_moves
from silkroad.dunhuang.moves import Place
from silkroad.dunhuang.rules import twin_slots

from .helpers import clear_board, give_character, play, player, ready, set_row, texts, turn_of


def _meeples(s: object) -> set[int]:
    return {m.meeple for m in legal_moves(s) if isinstance(m, Place)}  # type: ignore[arg-type]


@pytest.mark.rule("DH-2.2.1")
def test_meeples_without_characters_are_one_move_per_spot() -> None:
    s = turn_of(clear_board(ready()), 0)
    assert twin_slots(s, 0) == (0, 0, 0)
    assert _meeples(s) == {0}
    spots = {m.spot for m in legal_moves(s) if isinstance(m, Place)}
    assert len(legal_moves(s)) == len(spots)


@pytest.mark.rule("DH-2.2.1")
def test_a_meeple_with_a_character_stands_for_itself() -> None:
    s = turn_of(clear_board(ready()), 0)
    s = give_character(s, 0, 1, 401, 3)
    assert twin_slots(s, 0) == (0, 1, 0)
    assert _meeples(s) == {0, 1}
    # two characters leave one empty spot: every meeple is its own
    s = give_character(s, 0, 2, 402, 2)
    assert _meeples(s) == {0, 1, 2}


@pytest.mark.rule("DH-2.2.1")
def test_a_placed_meeple_and_one_at_home_are_not_alike() -> None:
    s = turn_of(clear_board(ready()), 0)
    s = player(s, 0, home=(False, True, True))
    assert twin_slots(s, 0) == (0, 1, 1)
    assert _meeples(s) == {1}


@pytest.mark.rule("DH-3.E.7")
def test_recruiting_offers_the_meeple_spot_and_one_of_the_alike_others() -> None:
    s = turn_of(clear_board(ready()), 0)
    s = set_row(player(s, 0, coins=9), (401, 402, 403, 404))
    s = play(s, "m1 b8")
    # spot 1 belongs to the meeple in use (its character may act at once); spots 2
    # and 3 are empty with their meeples at home: alike
    assert twin_slots(s, 0) == (0, 1, 1)
    assert texts(s) == [f"recruit c{c} s{k}" for c in (401, 402, 403, 404) for k in (1, 2)]
    s = play(s, "recruit c402 s2")
    assert s.players[0].characters == (None, 402, None)


@pytest.mark.rule("DH-2.2.1")
def test_a_placement_offers_the_meeples_that_twin_slots_keeps() -> None:
    # the placements work out the twins themselves when nothing is busy: the same
    # meeples as twin_slots, empty spots told apart by their grain
    s = turn_of(clear_board(ready()), 0)
    for home in ((True, True, True), (False, True, True), (True, False, True)):
        for grain in ((0, 0, 0), (0, 1, 0), (1, 0, 1), (0, 1, 2)):
            t = player(s, 0, home=home, grain=grain)
            twins = twin_slots(t, 0)
            kept = {m for m in range(3) if home[m] and twins[m] == m}
            assert _meeples(t) == kept, (home, grain)
    assert _meeples(player(s, 0, grain=(0, 1, 0))) == {0, 1}
