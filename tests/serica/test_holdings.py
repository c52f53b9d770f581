"""What a Serica player holds: every card of their own deck, Empire and fields."""

from __future__ import annotations

import pytest

from silkroad import serica
from silkroad.arena.match import play_game
from silkroad.serica.table import table


@pytest.mark.rule("SR-3")
def test_at_setup_each_empire_holds_its_starting_cards() -> None:
    han, rome = serica.holdings(serica.new_game(serica.Options(), seed=2))
    for labels in (han, rome):
        assert {"card:guard", "card:warehouse", "card:artisan"} <= labels
        assert 4 <= len(labels) <= 6  # two random cards, possibly copies of the first four
    assert "card:oasis" in han
    assert "card:soldier" in rome


def test_built_cards_stay_held() -> None:
    played = play_game(serica.GAME, serica.Options(), 5, ["greedy", "greedy"])
    state = played.state
    card = table(state.options).card
    for player, labels in zip(state.players, serica.GAME.holdings(state), strict=True):
        built = {f"card:{card[c].key}" for field in player.fields for c in field}
        assert built
        assert built <= labels
