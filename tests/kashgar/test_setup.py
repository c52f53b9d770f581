"""[KG-2] Preparing to play."""

from __future__ import annotations

import pytest

from silkroad.core.memo import clear_memos, memos
from silkroad.kashgar import Options, new_game, validate
from silkroad.kashgar.cards import DeckKind
from silkroad.kashgar.table import table


@pytest.mark.rule("KG-2")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("expansion", ["none", "all"])
def test_setup(players: int, expansion: str) -> None:
    options = Options.create(players, expansion=expansion)
    state = new_game(options, 11)
    validate(state)
    t = table(options)
    assert len(state.display) == 4
    assert len(state.order_deck) == 36
    assert len(state.reserve) == 1
    assert t.deck_of[state.reserve[0]] is DeckKind.PATRIARCH
    # Leftover Patriarchs of a smaller game go back to the box.
    assert len(state.box) == 13 - 1 - 3 * players
    assert len(state.starting) == 12 - 3 * players
    assert len(state.special) == 12
    assert not state.discard
    assert len(state.standard) == 76 + (12 if expansion == "all" else 0)
    for p in range(players):
        assert state.tracks[p] == (3,) * 7  # five spices, gold and mules at 3
        assert len(state.caravans[p]) == 3
        for caravan in state.caravans[p]:
            front, behind = caravan
            assert t.deck_of[front] is DeckKind.PATRIARCH
            assert front not in state.turned
            assert t.deck_of[behind] is DeckKind.STARTING
        assert not state.orders_won[p]


@pytest.mark.rule("KG-2")
def test_setup_is_shuffled_from_the_seed() -> None:
    options = Options.create(3)
    assert new_game(options, 1) == new_game(options, 1)
    a, b = new_game(options, 1), new_game(options, 2)
    assert a.standard != b.standard
    assert a.order_deck != b.order_deck
    assert a.special != b.special
    dealt = {c for p in a.caravans for car in p for c in car[1:]}
    dealt_b = {c for p in b.caravans for car in p for c in car[1:]}
    many = {
        frozenset(c for p in new_game(options, s).caravans for car in p for c in car[1:])
        for s in range(10)
    }
    assert dealt != dealt_b or len(many) > 1


def test_the_table_of_options_is_remembered_by_identity_and_by_equality() -> None:
    """``table`` answers the last options asked by identity, equal options from its cache,
    other options with their own table, and the same after its memo is cleared."""
    two, three = Options.create(2), Options.create(3)
    first = table(two)
    assert table(two) is first
    assert table(Options.create(2)) is first  # equal options, not the same object
    other = table(three)
    assert other is not first
    assert table(two) is first
    clear_memos()
    assert table(two) is first
    assert table(three) is other
    assert any(m.name == "Kashgar: the card table of the last options" for m in memos())
