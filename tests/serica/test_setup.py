"""[SR-3] Setup: starting decks, two random cards, Empires, the Crossroads, first player."""

from __future__ import annotations

from collections import Counter

import pytest

from silkroad.serica import Options, new_game
from silkroad.serica.state import Step
from silkroad.serica.table import table


def kinds(state, cards) -> list[str]:  # type: ignore[no-untyped-def]
    t = table(state.options)
    return sorted(t.card[c].key for c in cards)


@pytest.mark.rule("SR-3")
@pytest.mark.parametrize("seed", range(12))
def test_each_player_gets_the_starting_cards_plus_two_random_non_enemies(seed: int) -> None:
    state = new_game(Options(), seed)
    t = table(state.options)
    starting = (
        ["artisan", "guard", "oasis", "warehouse"],
        ["artisan", "guard", "soldier", "warehouse"],
    )
    for p, player in enumerate(state.players):
        deck = [*player.empire, *player.draw]
        assert len(player.empire) == 4
        assert len(player.draw) == 2
        assert not player.discard
        assert all(not f for f in player.fields)
        assert not any(t.enemy[c] for c in deck)
        extra = Counter(kinds(state, deck)) - Counter(starting[p])
        assert sum(extra.values()) == 2
        assert Counter(starting[p]) <= Counter(kinds(state, deck))
        assert player.supply == (0,) * 6
        assert player.artisans == 0
        assert player.vp == 0


@pytest.mark.rule("SR-3")
def test_the_other_player_never_saw_the_random_cards_in_the_draw_pile_only() -> None:
    """The starting cards are printed in the rules, so both players know them; of the
    two random cards, those shuffled into the draw pile (not the Empire) are secret."""
    for seed in range(20):
        state = new_game(Options(), seed)
        t = table(state.options)
        first = 0
        printed: list[set[int]] = [set(), set()]
        for kind in t.kinds:
            printed[0].update(range(first, first + kind.han_start))
            printed[1].update(
                range(first + kind.han_start, first + kind.han_start + kind.rome_start)
            )
            first += kind.copies
        for p, player in enumerate(state.players):
            assert set(player.secret) == set(player.draw) - printed[p], (seed, p)


@pytest.mark.rule("SR-3")
def test_the_crossroads_shows_four_cards_over_the_rest() -> None:
    state = new_game(Options(), 5)
    assert len(state.crossroads) == 4
    assert len(state.cross_pile) == 53 - 12 - 4
    assert not state.cross_discard
    assert state.step is Step.PRODUCE
    assert state.round == 1
    assert state.turn.pp == 8


@pytest.mark.rule("SR-3")
def test_the_random_cards_and_shuffles_vary_with_the_seed_and_repeat_with_it() -> None:
    decks = {tuple(sorted(new_game(Options(), s).players[0].empire)) for s in range(20)}
    assert len(decks) > 5
    assert new_game(Options(), 9) == new_game(Options(), 9)
    # Enemies drawn for a starting deck go back: they are all in the Crossroads piles.
    state = new_game(Options(), 9)
    t = table(state.options)
    enemies = [c for c in range(53) if t.enemy[c]]
    assert set(enemies) <= set(state.crossroads) | set(state.cross_pile)


@pytest.mark.rule("SR-3")
def test_the_first_player_is_chosen_or_drawn() -> None:
    assert new_game(Options(first_player=1), 0).active == 1
    assert new_game(Options(first_player=0), 0).active == 0
    drawn = {new_game(Options(), s).first for s in range(20)}
    assert drawn == {0, 1}
    state = new_game(Options(), 3)
    assert state.active == state.first
