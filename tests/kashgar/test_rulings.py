"""Rulings where the rulebook leaves a question open, and the game-length safeguard
(docs/kashgar.md, "Rulings" and "Scoring and termination"); test names carry the
number of their ruling."""

from __future__ import annotations

import attrs
import pytest
from pyrsistent import pvector

from silkroad.core.game import Outcome
from silkroad.kashgar import (
    GAME,
    CaravanAction,
    Fulfill,
    Keep,
    Options,
    PartingAction,
    Pass,
    Place,
    current_player,
    is_over,
    legal_moves,
    max_game_length,
    new_game,
    observe,
    outcome,
    scores,
    winners,
)
from silkroad.kashgar.cards import Action, DeckKind, Effect, Op, default_card_data
from silkroad.kashgar.rules import apply, points, turn_limit

from .helpers import Builder, play, track


@pytest.mark.rule("KG-7")
def test_r1_empty_standard_deck_reshuffles_the_discard_pile() -> None:
    b = Builder()
    patriarch = b.card("patriarch")
    discard = [b.card("planter"), b.card("baker"), b.card("quack")]
    state = b.state([[[patriarch]], [[b.card("servant")]]], discard=discard, empty_standard=True)
    state = play(state, CaravanAction(0, 0))
    held = state.pending.cards  # type: ignore[union-attr]
    assert len(held) == 2
    assert set(held) <= set(discard)
    assert not state.discard
    assert len(state.standard) == 1
    state = play(state, Keep(held[0]))
    assert list(state.discard) == [held[1]]


@pytest.mark.rule("KG-7")
def test_r1_both_standard_piles_empty_draws_nothing() -> None:
    b = Builder()
    patriarch = b.card("patriarch")
    state = b.state([[[patriarch]], [[b.card("servant")]]], empty_standard=True)
    state = play(state, CaravanAction(0, 0))
    assert list(state.caravans[0][0]) == [patriarch]
    assert current_player(state) == 1


@pytest.mark.rule("KG-5.2")
def test_r2_empty_order_deck_leaves_the_display_short() -> None:
    b = Builder()
    order = b.order(name="Ginger Sacks")
    others = [b.order(kind="large") for _ in range(3)]
    state = b.state(
        [[[b.card("spice_trader")]], [[b.card("farrier")]]],
        display=[order, *others],
        tracks=[track(mules=1), track()],
        empty_orders=True,
    )
    assert not state.order_deck
    state = play(state, CaravanAction(0, 0), Fulfill(order))
    assert list(state.orders_won[0]) == [order]
    assert list(state.display) == others
    # The Farrier looks at the top of an empty order deck: nothing happens.
    before = state.orders_won
    state = play(state, CaravanAction(0, 0))
    assert state.pending is None
    assert state.orders_won == before


@pytest.mark.rule("KG-4.B")
def test_r3_an_emptied_caravan_cannot_be_selected_and_can_refill_itself() -> None:
    b = Builder()
    servant, elder, other = b.card("servant"), b.card("pilgrim_elder"), b.card("baker")
    top = [b.card("planter"), b.card("noble")]
    state = b.state([[[servant], [elder], [other]], [[b.card("baker")]]], standard_top=top)
    state = play(state, PartingAction(0, 0))
    assert list(state.caravans[0][0]) == []
    state = play(state, Pass(0))  # player 1
    assert all(m.caravan != 0 for m in legal_moves(state))  # type: ignore[union-attr]
    # The parting action that empties a caravan still places what it gains there.
    state = play(state, PartingAction(1, 0), Keep(top[1]))
    assert list(state.caravans[0][1]) == [top[1]]


@pytest.mark.rule("KG-4")
def test_r4_players_without_cards_are_skipped_and_a_game_nobody_can_play_is_truncated() -> None:
    b = Builder(Options.create(3))
    state = b.state([[[b.card("servant")]], [], [[b.card("baker")]]])
    state = play(state, Pass(0))
    assert current_player(state) == 2
    # Nobody has a card and nobody reached 25 VP: no rule ends the game, it stops.
    b = Builder()
    state = b.state([[[b.card("servant")]], []])
    state = play(state, PartingAction(0, 0))
    assert is_over(state)
    assert legal_moves(state) == ()
    assert outcome(state) is Outcome.TRUNCATED
    assert winners(state) == ()
    assert scores(state) == (0, 0)


@pytest.mark.rule("KG-6")
def test_r4_nobody_left_to_play_after_the_end_was_triggered_finishes_the_game() -> None:
    b = Builder()
    won = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Great Millet Field")]
    won += [b.order(name="Ginger Sacks"), b.order(name="Clove Bundle")]  # 22 VP
    target = b.order(name="Pepper Sacks")  # 3 VP
    state = b.state(
        [[], [[b.card("huckster")]]],
        tracks=[track(), track(pepper=3, cloves=2, mules=2)],
        orders_won=[[], won],
        display=[target],
        fill_display=False,
        active=1,
        start_player=1,
    )
    state = play(state, PartingAction(0, 0), Fulfill(target))  # 25 VP, the last card gone
    assert is_over(state)
    assert outcome(state) is Outcome.FINISHED  # the round is complete: nobody else plays
    assert winners(state) == (1,)


@pytest.mark.rule("KG-4.C")
def test_r5_a_must_act_card_without_a_payable_action_may_be_passed() -> None:
    data = default_card_data()
    strict = tuple(
        attrs.evolve(c, front=attrs.evolve(c.front, must_act=True)) if c.key == "noble" else c
        for c in data.standard
    )
    b = Builder(Options.create(2).with_deck(DeckKind.STANDARD, strict))
    card = b.card("noble")  # caravan action costs 2 gold; no parting action
    poor = b.state([[[card]], [[b.card("baker")]]], tracks=[track(gold=1), track()])
    assert legal_moves(poor) == (Pass(0),)
    b = Builder(Options.create(2).with_deck(DeckKind.STANDARD, strict))
    card = b.card("noble")
    rich = b.state([[[card]], [[b.card("baker")]]], tracks=[track(gold=2), track()])
    assert legal_moves(rich) == (CaravanAction(0, 0),)


@pytest.mark.rule("KG-4.C")
def test_a_must_act_card_whose_parting_action_alone_is_payable_cannot_be_passed() -> None:
    data = default_card_data()
    strict = tuple(
        attrs.evolve(c, front=attrs.evolve(c.front, must_act=True))
        if c.key == "market_woman"
        else c
        for c in data.standard
    )
    b = Builder(Options.create(2).with_deck(DeckKind.STANDARD, strict))
    card = b.card("market_woman")  # caravan action costs 1 gold; parting action free
    state = b.state([[[card]], [[b.card("baker")]]], tracks=[track(gold=0), track()])
    assert legal_moves(state) == (PartingAction(0, 0),)


@pytest.mark.rule("KG-7")
def test_r6_an_action_does_as_much_as_it_can() -> None:
    b = Builder()
    trader = b.card("spice_trader")  # caravan action: fulfil 1 order
    order = b.order(name="Royal Spices")  # far too expensive
    state = b.state([[[trader]], [[b.card("baker")]]], display=[order], fill_display=False)
    assert CaravanAction(0, 0) in legal_moves(state)
    after = play(state, CaravanAction(0, 0))
    assert not after.orders_won[0]
    assert current_player(after) == 1


@pytest.mark.rule("KG-5.X")
@pytest.mark.rule("KG-5")
def test_r8_the_player_may_fulfil_an_eligible_order_or_none() -> None:
    """[KG-5.X] The Grocer's parting action lets the player fulfil an order ("may"): the
    player chooses one of the eligible orders, or none, and then pays nothing."""
    b = Builder()
    o1, o2 = b.order(name="Ginger Sacks"), b.order(name="Clove Bundle")
    state = b.state(
        [[[b.card("grocer")]], [[b.card("baker")]]], display=[o1, o2], fill_display=False
    )
    state = play(state, PartingAction(0, 0))
    assert legal_moves(state) == (Fulfill(o1), Fulfill(o2), Fulfill(None))
    declined = play(state, Fulfill(None))
    assert declined.pending is None
    assert current_player(declined) == 1
    assert not declined.orders_won[0]
    assert list(declined.display) == [o1, o2]
    assert declined.tracks == state.tracks  # no cost paid
    # even a single eligible order may be declined
    b = Builder()
    only = b.order(name="Ginger Sacks")
    state = b.state([[[b.card("grocer")]], [[b.card("baker")]]], display=[only], fill_display=False)
    state = play(state, PartingAction(0, 0))
    assert legal_moves(state) == (Fulfill(only), Fulfill(None))


@pytest.mark.rule("KG-5")
def test_r8_orders_looked_at_from_the_deck_all_go_under_it_when_none_is_fulfilled() -> None:
    b = Builder()
    first, second = b.order(name="Ginger Sacks"), b.order(name="Royal Spices")
    state = b.state([[[b.card("farrier")]], [[b.card("baker")]]], orders_top=[first, second])
    state = play(state, CaravanAction(0, 0))  # the Ginger Sacks are affordable
    assert legal_moves(state) == (Fulfill(first), Fulfill(None))
    state = play(state, Fulfill(None))
    assert list(state.order_deck[-2:]) == [first, second]  # under the deck, in order
    assert not state.orders_won[0]
    size = len(state.order_deck)
    assert {(k.card, k.index) for k in observe(state, 0).known} == {
        (first, size - 2),
        (second, size - 1),
    }


@pytest.mark.rule("KG-6")
def test_safeguard_truncates_a_game_without_a_result() -> None:
    """The round limit is no rule: a game it stops has no winner, only its points."""
    options = Options.create(2, round_limit=3)
    state = new_game(options, 4)
    while not is_over(state):
        state = apply(state, legal_moves(state)[-1])
    assert state.round == 3
    assert not state.end_triggered
    assert outcome(state) is Outcome.TRUNCATED
    assert GAME.outcome(state) is Outcome.TRUNCATED
    assert winners(state) == ()
    assert scores(state) == tuple(points(state, p) for p in range(2))
    assert max(scores(state)) > 0


@pytest.mark.rule("KG-6")
def test_safeguard_a_game_the_rules_end_on_its_last_round_is_finished() -> None:
    b = Builder(Options.create(2, round_limit=1))
    big = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Great Millet Field")]
    target = b.order(name="Pepper Sacks")
    state = b.state(
        [[[b.card("baker")]], [[b.card("huckster"), b.card("noble"), b.card("noble")]]],
        tracks=[track(), track(pepper=3, cloves=2, mules=2)],
        orders_won=[[], big],
        display=[target],
        fill_display=False,
        active=1,
    )
    state = play(state, PartingAction(0, 0), Fulfill(target))  # 27 VP in round 1's last turn
    assert outcome(state) is Outcome.FINISHED
    assert winners(state) == (1,)


@pytest.mark.rule("KG-6")
def test_safeguard_also_bounds_turns_so_max_game_length_is_a_bound() -> None:
    """Custom cards that give another turn without leaving could make a round endless;
    the safeguard also counts turns (3 per player per round of the limit)."""
    data = default_card_data()
    loop = tuple(
        attrs.evolve(
            c, front=attrs.evolve(c.front, caravan=(Action(effects=(Effect(Op.EXTRA_TURN),)),))
        )
        if c.key == "noble"
        else c
        for c in data.standard
    )
    options = Options.create(2, round_limit=2).with_deck(DeckKind.STANDARD, loop)
    b = Builder(options)
    state = b.state([[[b.card("noble")]], [[b.card("baker")]]])
    decisions = 0
    while not is_over(state) and decisions <= max_game_length(options):
        state = apply(state, CaravanAction(0, 0))  # the same player, turn after turn
        decisions += 1
    assert is_over(state)
    assert state.turns == turn_limit(options) == 3 * 2 * 2
    assert decisions == turn_limit(options)  # counted from 0 at the setup: not one fewer
    assert state.round == 0
    assert outcome(state) is Outcome.TRUNCATED
    assert decisions <= max_game_length(options)


@pytest.mark.rule("KG-6")
def test_safeguard_counts_the_turn_that_hands_over_to_the_next_player() -> None:
    """The turn limit also stops a game at a hand-off to the next player (not only after
    an extra turn): the turn that reaches the limit truncates it, the one before does not,
    in the first round, long before the round limit."""
    options = Options.create(2, round_limit=2)
    b = Builder(options)
    state = b.state([[[b.card("baker")]], [[b.card("huckster")]]])
    limit = turn_limit(options)
    before = play(attrs.evolve(state, turns=limit - 2), Pass(0))
    assert (before.turns, before.active, before.round) == (limit - 1, 1, 0)
    assert not is_over(before)
    last = play(attrs.evolve(state, turns=limit - 1), Pass(0))
    assert (last.turns, last.round) == (limit, 0)
    assert is_over(last)
    assert outcome(last) is Outcome.TRUNCATED
    assert winners(last) == ()


@pytest.mark.rule("KG-7")
def test_r10_aristocrat_brings_the_13th_patriarch_as_a_new_caravan_or_extra_card() -> None:
    b = Builder()
    aristocrat = b.card("aristocrat")
    state = b.state([[[aristocrat], [b.card("baker")], [b.card("baker")]], [[b.card("baker")]]])
    reserve = state.reserve[0]
    state = play(state, PartingAction(0, 0))
    assert legal_moves(state) == (Place(0), Place(3))
    new = play(state, Place(3))
    assert list(new.caravans[0][3]) == [reserve]
    assert not new.reserve
    extra = play(state, Place(0))
    assert list(extra.caravans[0][0]) == [reserve]
    # Once in play, the Aristocrat has nothing left to bring.
    b = Builder()
    state = b.state([[[b.card("aristocrat")]], [[b.card("baker")]]], reserve=False)
    assert play(state, PartingAction(0, 0)).caravans[0][0] == pvector()


@pytest.mark.rule("KG-8")
def test_r14_messenger_keeps_the_only_special_card_offered_without_a_decision() -> None:
    # the Special deck holds two copies of one card and the discard pile none: one choice
    b = Builder(Options.create(2, expansion="all"))
    messenger = b.card("messenger")
    twins = [b.card("vizier"), b.card("vizier")]
    others = [c for c in b.t.ids[DeckKind.SPECIAL] if c not in twins]
    b.used.update(others)
    state = b.state([[[messenger, b.card("baker")]], [[b.card("planter"), *others]]])
    assert sorted(state.special) == sorted(twins)
    state = play(state, CaravanAction(0, 0))
    assert state.pending is None
    kept = [c for c in state.caravans[0][0] if c in twins]
    assert len(kept) == 1
    assert list(state.special) == [c for c in twins if c not in kept]
    assert messenger in state.caravans[1][0]  # then it left for the left player
    assert state.active == 1


@pytest.mark.rule("KG-8")
def test_r14_messenger_searches_discards_too_and_reshuffles_the_special_deck() -> None:
    b = Builder(Options.create(2, expansion="all"))
    messenger, prophet = b.card("messenger"), b.card("prophet")
    lost = b.card("vizier")  # a Special card on the discard pile
    s1, s2 = b.card("goldsmith"), b.card("innkeeper")
    state = b.state(
        [[[prophet], [messenger]], [[b.card("baker")]]],
        discard=[lost],
        special_top=[s1, s2],
        tracks=[track(gold=5), track()],
    )
    # Player 0 looks at two Special cards and puts one under the deck: they know it.
    state = play(state, CaravanAction(0, 0), Keep(s1), Pass(0))
    assert state.knowledge[0] == {s2}
    state = play(state, CaravanAction(1, 0))
    assert Keep(lost) in legal_moves(state)
    state = play(state, Keep(lost))
    assert lost in state.caravans[0][1]
    assert lost not in state.discard
    assert not observe(state, 0).known  # the deck was shuffled: the knowledge is gone


@pytest.mark.rule("KG-7")
def test_r17_standard_cards_being_looked_at_are_hidden_from_others() -> None:
    b = Builder()
    patriarch = b.card("patriarch")
    top = [b.card("planter"), b.card("baker")]
    state = b.state([[[patriarch]], [[b.card("servant")]]], standard_top=top)
    state = play(state, CaravanAction(0, 0))
    mine, theirs = observe(state, 0).pending, observe(state, 1).pending
    assert mine is not None
    assert mine.cards == tuple(top)
    assert theirs is not None
    assert theirs.cards == ()
    assert theirs.hidden == 2
