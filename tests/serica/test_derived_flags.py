"""[SR-6] [SR-7] The end flags of a Serica state follow from the table: left out of a
position they are derived, and a value that contradicts the fields is refused naming
both, by the position reader and by ``validate``."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import StateError
from silkroad.serica import GAME, Options, new_game, validate, winners

#: Han has built 5 Military cards and Rome 5 Court cards: the co-op goals are met.
GOALS = """
setup = "bare"
[player.0]
fields = [["soldier", "fort", "general"], ["encampment", "outpost"], [], []]
[player.1]
fields = [["ambassador", "city", "capitol"], ["oasis", "diplomat"], [], []]
"""
COOP = Options(coop=True)


@pytest.mark.rule("SR-7")
def test_the_co_op_goals_met_in_the_fields_are_won_when_the_position_leaves_it_out() -> None:
    state = GAME.from_position(GOALS, COOP)
    assert state.coop_won is True
    assert GAME.from_position(GAME.to_position(state)) == state
    assert GAME.from_position('setup = "bare"', COOP).coop_won is False


@pytest.mark.rule("SR-7")
def test_goals_met_but_not_won_is_refused_naming_both() -> None:
    with pytest.raises(StateError, match=r"coop_won: false given, but true derived"):
        GAME.from_position("coop_won = false\n" + GOALS, COOP)
    with pytest.raises(StateError, match=r"coop_won: false given, but true derived"):
        validate(attrs.evolve(GAME.from_position(GOALS, COOP), coop_won=False))


@pytest.mark.rule("SR-7")
def test_won_with_nothing_built_is_refused_and_so_nobody_wins_without_the_goals() -> None:
    with pytest.raises(StateError, match=r"coop_won: true given, but false derived"):
        GAME.from_position('coop_won = true\nsetup = "bare"', COOP)
    state = new_game(COOP, 3)
    with pytest.raises(StateError, match=r"the goals .* are not met"):
        validate(attrs.evolve(state, coop_won=True))
    with pytest.raises(StateError, match=r"only a co-op game is won together"):
        validate(attrs.evolve(new_game(Options(), 3), coop_won=True))


#: Han has built ten cards (VP are no count of the fields: caravans and Enemies give VP).
TEN = """
setup = "bare"
[player.0]
fields = [["soldier", "fort", "general"], ["encampment", "outpost", "governor"],
          ["artisan", "scholar", "settler"], ["laborer"]]
vp = 20
"""


@pytest.mark.rule("SR-6")
def test_a_competitive_game_with_ten_cards_built_is_over() -> None:
    state = GAME.from_position(TEN)
    assert GAME.is_over(state)
    assert winners(state) == (0,)
    with pytest.raises(StateError, match=r"step: produce given, but over derived"):
        GAME.from_position('step = "produce"\n' + TEN)


@pytest.mark.rule("SR-6")
@pytest.mark.rule("SR-7")
def test_a_game_over_by_the_rules_has_met_its_end() -> None:
    with pytest.raises(StateError, match=r"step: over given, but the players have built"):
        GAME.from_position('step = "over"')
    with pytest.raises(StateError, match=r"Crossroads cards are left to draw"):
        GAME.from_position('step = "over"', COOP)
    with pytest.raises(StateError, match=r"truncated: true given, but round 1"):
        GAME.from_position('step = "over"\ntruncated = true')
    stopped = GAME.from_position('step = "over"\ntruncated = true\nround = 1000')
    assert GAME.outcome(stopped).value == "truncated"
