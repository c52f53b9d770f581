"""What a Kashgar player holds: the persons in their caravans and the orders they won."""

from __future__ import annotations

from silkroad import kashgar
from silkroad.arena.match import play_game
from silkroad.kashgar.table import table


def test_at_setup_a_player_holds_the_persons_of_their_caravans() -> None:
    state = kashgar.new_game(kashgar.Options.create(3), seed=4)
    t = table(state.options)
    held = kashgar.holdings(state)
    assert len(held) == 3
    for player, labels in enumerate(held):
        keys = {t.defs[c].key for caravan in state.caravans[player] for c in caravan}
        assert labels == {f"card:{k}" for k in keys}
        assert "card:patriarch" in labels
        assert not any(label.startswith("order:") for label in labels)


def test_won_orders_are_held_and_the_game_wires_the_function() -> None:
    played = play_game(kashgar.GAME, kashgar.Options.create(2), 11, ["greedy", "greedy"])
    state = played.state
    t = table(state.options)
    held = kashgar.GAME.holdings(state)
    assert held == kashgar.holdings(state)
    won = [{f"order:{t.defs[o].key}" for o in orders} for orders in state.orders_won]
    assert any(won), "greedy players fulfil orders"
    for labels, orders in zip(held, won, strict=True):
        assert {label for label in labels if label.startswith("order:")} == orders
