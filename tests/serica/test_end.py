"""[SR-6] The end of the competitive game; [SR-7] the co-op game; the round-limit
safeguard, which truncates."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import StateError
from silkroad.serica import (
    GAME,
    Build,
    Buy,
    Done,
    Options,
    Outcome,
    Pay,
    Pick,
    Use,
    is_over,
    legal_moves,
    outcome,
    scores,
    validate,
    winners,
)
from silkroad.serica.cards import Good, default_cards
from silkroad.serica.state import DEFAULT_ROUND_LIMIT, Step

from .helpers import Builder, play

NINE = [
    ["guard", "oasis", "city"],
    ["soldier", "fort", "general"],
    ["artisan", "scholar", "settler"],
    [],
]


@pytest.mark.rule("SR-6")
def test_the_game_ends_right_after_a_tenth_built_card() -> None:
    b = Builder()
    han = b.player(empire=["warehouse", "laborer"], fields=NINE, artisans=9, vp=20)
    rome = b.player(vp=25)
    state = b.state(han, rome, step=Step.BUILD)
    assert not is_over(state)
    state = play(state, Build("warehouse", 4))
    assert is_over(state)
    assert legal_moves(state) == ()
    assert state.step is Step.OVER
    assert state.pending is None
    assert scores(state) == (21, 25)
    assert winners(state) == (1,)


@pytest.mark.rule("SR-6")
def test_most_vp_wins_and_a_tie_is_shared() -> None:
    b = Builder()
    han = b.player(empire=["warehouse"], fields=NINE, artisans=9, vp=30)
    state = play(b.state(han, b.player(vp=10), step=Step.BUILD), Build("warehouse", 4))
    assert winners(state) == (0,)
    b = Builder()
    han = b.player(empire=["warehouse"], fields=NINE, artisans=9, vp=9)
    state = play(b.state(han, b.player(vp=10), step=Step.BUILD), Build("warehouse", 4))
    assert scores(state) == (10, 10)
    assert winners(state) == (0, 1)


@pytest.mark.rule("SR-6")
def test_a_game_ended_by_the_rules_is_finished() -> None:
    b = Builder()
    han = b.player(empire=["warehouse"], fields=NINE, artisans=9, vp=30)
    state = b.state(han, step=Step.BUILD)
    assert outcome(state) is Outcome.ONGOING
    state = play(state, Build("warehouse", 4))
    assert outcome(state) is Outcome.FINISHED
    assert GAME.outcome(state) is Outcome.FINISHED


@pytest.mark.rule("SR-6")
def test_the_round_limit_is_a_safeguard_that_truncates_without_winners() -> None:
    """No rule ends Serica after a number of rounds: the safeguard stops the game, which
    then has no result; the scores still report the VP reached."""
    b = Builder(Options(first_player=0, round_limit=3))
    state = b.state(b.player(vp=4), b.player(vp=2), round=3, active=1, step=Step.TRADE)
    state = play(state, Done())
    assert is_over(state)
    assert state.round == 3
    assert outcome(state) is Outcome.TRUNCATED
    assert GAME.outcome(state) is Outcome.TRUNCATED
    assert winners(state) == ()
    assert scores(state) == (4, 2)


@pytest.mark.rule("SR-7")
def test_a_truncated_coop_game_has_no_winners_even_with_the_goals_met() -> None:
    b = Builder(Options(coop=True, first_player=0, round_limit=3))
    han = b.player(vp=4, fields=[["soldier", "fort", "general"], ["encampment", "outpost"]])
    rome = b.player(vp=2, fields=[["oasis", "city", "envoy"], ["ambassador", "diplomat"]])
    state = b.state(han, rome, round=3, active=1, step=Step.TRADE)
    assert state.coop_won
    state = play(state, Done())
    assert outcome(state) is Outcome.TRUNCATED
    assert winners(state) == ()
    assert scores(state) == (6, 6)


def test_the_default_safeguard_is_far_beyond_a_played_game() -> None:
    assert Options().round_limit == DEFAULT_ROUND_LIMIT
    assert DEFAULT_ROUND_LIMIT >= 500
    assert GAME.max_game_length(Options()) >= 2 * DEFAULT_ROUND_LIMIT


@pytest.mark.rule("SR-6")
def test_the_competitive_game_goes_on_when_the_crossroads_is_exhausted() -> None:
    b = Builder()
    han = b.player(supply={"spices": 1, "porcelain": 1})
    state = b.state(han, crossroads=["oasis"], empty_pile=True, step=Step.BUY)
    state = play(state, Buy("oasis"), Pay(Good.SPICES), Pay(Good.PORCELAIN))
    assert not state.crossroads
    assert not state.cross_pile
    assert not is_over(state)
    state = play(state, Done(), Done())
    assert state.active == 1
    assert not is_over(state)


COOP = Options(coop=True, first_player=0)


@pytest.mark.rule("SR-7")
def test_coop_goes_on_after_the_goals_are_met_until_the_last_crossroads_card() -> None:
    """Meeting both goals does not end the game: it ends when the last card of the
    Crossroads pile is drawn; then the players win with their combined VP."""
    b = Builder(COOP)
    han = b.player(
        empire=["general", "diplomat"],
        artisans=9,
        vp=12,
        fields=[["soldier", "fort"], ["encampment", "outpost"], [], []],
    )
    rome = b.player(vp=15, fields=[["oasis", "city", "envoy"], ["ambassador", "diplomat"], [], []])
    state = b.state(han, rome, crossroads=["guard"], cross_top=["trader"], empty_pile=True)
    state = play(attrs.evolve(state, step=Step.BUILD), Build("general", 3))
    assert not is_over(state)  # both goals are met, the Crossroads pile is not exhausted
    assert state.coop_won
    assert winners(state) == ()
    state = play(state, Use("diplomat"), Pick("guard"))
    assert is_over(state)  # the Trader, the pile's last card, replaced the Guard
    assert outcome(state) is Outcome.FINISHED
    assert winners(state) == (0, 1)
    assert scores(state) == (12 + 4 + 15, 12 + 4 + 15)


@pytest.mark.rule("SR-7")
def test_coop_is_lost_when_the_last_crossroads_card_is_drawn() -> None:
    b = Builder(COOP)
    han = b.player(supply={"spices": 1, "porcelain": 1}, vp=3)
    state = b.state(
        han,
        b.player(vp=4),
        crossroads=["oasis"],
        cross_top=["guard"],
        empty_pile=True,
        step=Step.BUY,
    )
    assert len(state.cross_pile) == 1
    state = play(state, Buy("oasis"), Pay(Good.SPICES), Pay(Good.PORCELAIN))
    assert is_over(state)
    assert not state.coop_won
    assert winners(state) == ()
    assert scores(state) == (7, 7)


@pytest.mark.rule("SR-7")
def test_a_coop_position_with_an_empty_crossroads_pile_going_on_is_refused() -> None:
    """The co-op game ends as the last Crossroads card is drawn, so no co-op position
    goes on with an empty pile (the competitive game does: see above)."""
    b = Builder(COOP)
    han = b.player(supply={"spices": 1, "porcelain": 1})
    state = b.state(han, crossroads=["oasis"], cross_top=["guard"], empty_pile=True)
    validate(state)
    with pytest.raises(StateError, match=r"\[SR-7\] a co-op game ends when the last"):
        validate(attrs.evolve(state, cross_pile=state.cross_pile[1:]))
    competitive = Builder().state(Builder().player(), crossroads=["oasis"], empty_pile=True)
    validate(competitive)


@pytest.mark.rule("SR-7", "SR-6")
def test_ten_built_cards_do_not_end_the_coop_game() -> None:
    b = Builder(COOP)
    han = b.player(empire=["warehouse"], fields=NINE, artisans=9)
    state = play(b.state(han, step=Step.BUILD), Build("warehouse", 4))
    assert not is_over(state)


@pytest.mark.rule("SR-7")
def test_coop_options_are_a_variant_of_the_same_game() -> None:
    options = Options(coop=True)
    assert options != Options()
    assert attrs.evolve(options, coop=False) == Options()


def test_options_saved_by_version_1_0_still_load() -> None:
    """A 1.0 record's options: the same ``round_limit`` field (60 then), cards without
    per-field provenance."""
    import json

    from silkroad.core.serialize import dumps, loads, to_data
    from silkroad.serica.cards import CardDef

    document = json.loads(dumps(Options(round_limit=60)))
    # a 1.0 record embeds the built-in cards, then without the printed fields
    document["data"]["cards"] = to_data(default_cards(), tuple[CardDef, ...])
    for card in document["data"]["cards"]:
        del card["printed"]
    options = loads(json.dumps(document), Options)
    assert options.round_limit == 60
    assert all(card.printed == () for card in options.card_defs)
    assert GAME.max_game_length(options) < GAME.max_game_length(Options())


@pytest.mark.rule("SR-7")
def test_coop_needs_both_goals_five_military_with_four_court_is_not_enough() -> None:
    b = Builder(COOP)
    han = b.player(
        empire=["general"],
        artisans=9,
        fields=[["soldier", "fort"], ["encampment", "outpost"], [], []],
    )
    rome = b.player(fields=[["oasis", "city", "envoy"], ["ambassador"], [], []])
    state = b.state(han, rome, crossroads=["guard"], cross_top=["trader", "city"])
    state = play(attrs.evolve(state, step=Step.BUILD), Build("general", 3))
    assert not state.coop_won  # Han has 5 Military cards, Rome only 4 Court cards
