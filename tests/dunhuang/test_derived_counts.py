"""[DH-4] [DH-5] Counts of a Dunhuang state that follow from the rest of it: the final
scores of a game over (derived by the position reader, checked by ``validate``) and the
statistics a player's board shows (derived and checked by the position reader). A value
that contradicts the table is refused naming both."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import StateError
from silkroad.dunhuang import GAME, final_breakdown, validate, winners

OVER = 'phase = "over"\nround = 8\ndrafting = false\n'


@pytest.mark.rule("DH-4")
def test_the_final_scores_of_a_game_over_are_derived_from_its_table() -> None:
    state = GAME.from_position(OVER + "[player.1]\nvp = 7\n")
    assert state.final == tuple(sum(row) for row in final_breakdown(state))
    assert state.final[1] == state.final[0] + 7
    assert winners(state) == (1,)
    assert GAME.from_position(GAME.to_position(state)) == state


@pytest.mark.rule("DH-4")
def test_final_scores_that_contradict_the_table_are_refused_naming_both() -> None:
    with pytest.raises(StateError, match=r"final: \[0, 50, 0, 0\] given, but \[3, 3, 3, 3\]"):
        GAME.from_position(OVER + "final = [0, 50, 0, 0]")
    with pytest.raises(StateError, match=r"final scores are for a game that is over"):
        GAME.from_position("final = [0, 50, 0, 0]")
    state = GAME.from_position(OVER)
    with pytest.raises(StateError, match=r"final scores \[1, 2, 3, 4\] given, but \[3, 3, 3, 3\]"):
        validate(attrs.evolve(state, final=(1, 2, 3, 4)))


@pytest.mark.rule("DH-5")
def test_a_statistic_below_what_the_board_shows_is_derived_or_refused() -> None:
    base = 'phase = "action"\ndrafting = false\n[player.0]\n'
    base += 'characters = ["Gold Prospector", "", ""]\ngrain = [2, 0, 0]\n'
    state = GAME.from_position(base)
    assert state.players[0].counters["recruited:gold"] == 1
    with pytest.raises(StateError, match=r"recruited:gold: 0 given, but at least 1 derived"):
        GAME.from_position(base + 'counters = { "recruited:gold" = 0 }\n')


@pytest.mark.rule("DH-2.3.6")
def test_the_tiles_are_face_up_once_the_first_tiles_are_placed() -> None:
    """``revealed`` follows the phase: derived when left out (a position in the action
    phase shows the public fresco face up), a contradiction refused naming both."""
    state = GAME.from_position('phase = "action"\ndrafting = false')
    assert state.revealed is True
    assert GAME.observe(state, 1).public == state.public  # face up for everyone
    with pytest.raises(StateError, match=r"revealed: false given, but true derived"):
        GAME.from_position('phase = "action"\ndrafting = false\nrevealed = false')
    assert GAME.from_position("").revealed is False  # the draft of the setup
    with pytest.raises(StateError, match=r"revealed: true given, but false derived"):
        validate(attrs.evolve(GAME.new_game(GAME.default_options(4), 0), revealed=True))
