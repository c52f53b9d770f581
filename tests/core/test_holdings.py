"""The optional ``holdings`` member of the contract: nothing unless the title names it."""

from __future__ import annotations

import tinygame


def test_a_title_without_holdings_holds_nothing() -> None:
    state = tinygame.GAME.new_game(tinygame.Options(players=3), 1)
    assert tinygame.GAME.holdings(state) == (frozenset(),) * 3


def test_a_title_with_holdings_uses_them() -> None:
    def piles(state: tinygame.State) -> tuple[frozenset[str], ...]:
        return tuple(frozenset(f"card:{c}" for c in pile) for pile in state.piles)

    game = tinygame.GAME.replace(holdings=piles)
    state = game.new_game(tinygame.Options(), 1)
    state = game.apply(state, game.legal_moves(state)[0])
    held = game.holdings(state)
    assert held[0] == {f"card:{state.piles[0][0]}"}
    assert held[1] == frozenset()
