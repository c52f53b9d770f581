"""[KG-6] The end flags of a Kashgar state follow from the table: left out of a position
they are derived, and a value that contradicts the table is refused naming both, by the
position reader and by ``validate``."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import StateError
from silkroad.kashgar import GAME, Options, new_game, validate, winners

#: Player 0 holds orders worth 28 VP (6 + 6 + 6 + 5 + 5), past the 25 that end the game
#: (the display is emptied so that every order named is free to take).
RICH = """
[piles]
display = []
[player.0]
orders = ["large_10_royal_spices", "large_11_emperors_cinnamon",
          "large_12_great_millet_field", "large_07_anise_caravan", "large_08_spice_fleet"]
"""


@pytest.mark.rule("KG-6")
def test_a_player_past_25_vp_has_triggered_the_end_when_the_position_leaves_it_out() -> None:
    state = GAME.from_position(RICH)
    assert state.points[0] >= 25
    assert state.end_triggered is True
    assert GAME.from_position(GAME.to_position(state)) == state


@pytest.mark.rule("KG-6")
def test_end_not_triggered_with_a_player_past_25_vp_is_refused_naming_both() -> None:
    with pytest.raises(StateError, match=r"end_triggered: false given, but true derived"):
        GAME.from_position("end_triggered = false\n" + RICH)
    state = GAME.from_position(RICH)
    with pytest.raises(StateError, match=r"player 0 has \d+ VP"):
        validate(attrs.evolve(state, end_triggered=False))


@pytest.mark.rule("KG-6")
def test_end_not_triggered_below_25_vp_is_derived_false_and_a_given_true_is_kept() -> None:
    assert GAME.from_position("").end_triggered is False
    # points can fall after the trigger (a card worth points leaving): true stays possible
    assert GAME.from_position("end_triggered = true").end_triggered is True


@pytest.mark.rule("KG-6")
def test_a_game_over_by_the_rules_needs_the_end_triggered() -> None:
    with pytest.raises(StateError, match=r"over: true given with end_triggered false"):
        GAME.from_position("over = true")
    finished = GAME.from_position("over = true\n" + RICH)
    assert finished.over
    assert finished.end_triggered
    assert winners(finished) == (0,)
    with pytest.raises(StateError, match=r"over: true given"):
        validate(attrs.evolve(new_game(Options.create(3), 1), over=True))


@pytest.mark.rule("KG-6")
def test_a_truncated_game_reached_the_safeguard_or_nobody_has_a_card() -> None:
    with pytest.raises(StateError, match=r"truncated: true given, but round 0 of 500"):
        GAME.from_position("over = true\ntruncated = true")
    state = new_game(Options.create(2, round_limit=3), 0)
    stopped = attrs.evolve(state, over=True, truncated=True, round=3)
    validate(stopped)
    with pytest.raises(StateError, match=r"truncated: true given"):
        validate(attrs.evolve(stopped, round=2))
