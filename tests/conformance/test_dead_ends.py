"""A state not over with no legal move (the rules never reach one; an edited save could
hold one) is a ``StateError`` naming where the game is, from ``legal_moves`` of every
title and from ``validate``: never an empty move list, which callers read as the end."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from silkroad import get_game
from silkroad.core.errors import StateError
from silkroad.core.serialize import dumps, loads


def _dead_end(name: str) -> Any:
    """A state of ``name`` that is not over and offers no move (built without validate)."""
    game = get_game(name)
    state = game.new_game(game.default_options(), 3)
    if name == "kashgar":
        from silkroad.kashgar.state import Decision, Pending

        return attrs.evolve(state, pending=Pending(Decision.KEEP, state.active))  # no options
    if name == "serica":
        from silkroad.serica.state import Pending, PendingKind

        return attrs.evolve(state, pending=Pending(PendingKind.GOVERNOR))  # nothing to move
    draft = list(state.draft)
    draft[state.choice.player] = ()  # the player to keep a tile holds none
    return attrs.evolve(state, draft=tuple(draft))


WHERE = {
    "kashgar": r"the Kashgar state of round 0, turn 0, player \d to act, keep decision",
    "serica": r"the Serica state of round 1, \w+ step, player \d to act, governor decision",
    "dunhuang": r"the Dunhuang state of round 1, draft phase, P\d's turn, draft decision of P\d",
}


@pytest.mark.parametrize("name", ["kashgar", "serica", "dunhuang"])
def test_a_dead_end_is_a_state_error_naming_the_state(name: str) -> None:
    game = get_game(name)
    state = _dead_end(name)
    assert not game.is_over(state)
    message = f"a dead end: {WHERE[name]}, is not over but has no legal move"
    with pytest.raises(StateError, match=message):
        game.legal_moves(state)
    with pytest.raises(StateError):
        game.validate(state)
    with pytest.raises(StateError):
        loads(dumps(state, game), game.state_type, game)
