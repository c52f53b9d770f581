"""[KG-4] The turn: select a front card, then caravan action, parting action or pass."""

from __future__ import annotations

import attrs
import pytest
from pyrsistent import pset

from silkroad.core.errors import IllegalMoveError
from silkroad.kashgar import (
    CaravanAction,
    Keep,
    Options,
    PartingAction,
    Pass,
    apply,
    current_player,
    legal_moves,
    new_game,
)
from silkroad.kashgar.cards import DeckKind, default_card_data
from silkroad.kashgar.table import table

from .helpers import Builder, play, track, with_actions


@pytest.mark.rule("KG-4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_player_has_lowest_starting_rank(players: int) -> None:
    for seed in range(15):
        state = new_game(Options.create(players), seed)
        t = table(state.options)
        lowest = {
            p: min(t.rank[c] or 99 for caravan in state.caravans[p] for c in caravan)
            for p in range(players)
        }
        assert state.active == min(lowest, key=lambda p: lowest[p])
        assert state.start_player == state.active


@pytest.mark.rule("KG-4")
def test_a_starting_card_of_rank_0_is_lower_than_rank_1() -> None:
    """A card file may number its Starting cards from 0: rank 0 is the lowest."""
    renumbered = tuple(
        attrs.evolve(c, rank=c.rank - 1) if c.rank in (1, 2) else c
        for c in default_card_data().starting
    )
    options = Options.create(4).with_deck(DeckKind.STARTING, renumbered)
    t = table(options)
    later = 0
    for seed in range(12):
        state = new_game(options, seed)
        owner = {t.rank[c]: p for p in range(4) for cv in state.caravans[p] for c in cv}
        assert state.start_player == state.active == owner[0]
        later += owner[1] < owner[0]
    assert later  # some deal has the rank-1 card in an earlier seat


@pytest.mark.rule("KG-4.B")
def test_a_parting_action_with_a_cost_needs_and_pays_it() -> None:
    """A parting action of one's own cards that costs 2 gold: offered with 2 gold (paid),
    not with 1."""
    from silkroad.kashgar.cards import Action, Effect, Op

    costly = Action(
        cost=(0, 0, 0, 0, 0, 2, 0), effects=(Effect(Op.INCREASE, choices=((0,) * 6 + (1,),)),)
    )
    options = with_actions(Options.create(2), "planter", parting=(costly,))
    b = Builder(options)
    state = b.state([[[b.card("planter")]], [[b.card("baker")]]], tracks=[track(gold=2), track()])
    assert play(state, PartingAction(0, 0)).tracks[0] == track(gold=0, mules=4)
    b = Builder(options)
    state = b.state([[[b.card("planter")]], [[b.card("baker")]]], tracks=[track(gold=1), track()])
    assert PartingAction(0, 0) not in legal_moves(state)


@pytest.mark.rule("KG-4.B")
def test_only_one_of_several_parting_actions() -> None:
    b = Builder()
    planter = b.card("planter")  # parting 1: ginger+2 cloves+2; parting 2: fulfil small
    state = b.state([[[planter]], [[b.card("baker")]]])
    after = play(state, PartingAction(0, 0))
    assert after.tracks[0] == track(ginger=5, cloves=5)
    assert after.orders_won[0] == state.orders_won[0]
    assert current_player(after) == 1


@pytest.mark.rule("KG-4.B")
def test_cards_gained_by_a_parting_action_go_to_the_back() -> None:
    b = Builder()
    elder = b.card("pilgrim_elder")  # parting: draw 2 Standard, keep 1
    rest = [b.card("servant"), b.card("baker")]
    top = [b.card("planter"), b.card("noble")]
    state = b.state([[[elder, *rest]], [[b.card("baker")]]], standard_top=top)
    state = play(state, PartingAction(0, 0), Keep(top[1]))
    assert list(state.caravans[0][0]) == [*rest, top[1]]
    assert elder in state.box


@pytest.mark.rule("KG-4.C")
def test_pass_puts_the_card_at_the_back_without_effect() -> None:
    b = Builder()
    cards = [b.card("planter"), b.card("baker"), b.card("servant")]
    state = b.state([[cards], [[b.card("baker")]]])
    after = play(state, Pass(0))
    assert list(after.caravans[0][0]) == [cards[1], cards[2], cards[0]]
    assert after.tracks == state.tracks
    assert current_player(after) == 1


@pytest.mark.rule("KG-4.C")
def test_patriarch_and_matriarch_cannot_be_passed() -> None:
    state = new_game(Options.create(2), 3)
    assert legal_moves(state)
    assert not any(isinstance(m, Pass) for m in legal_moves(state))
    b = Builder()
    matriarch, patriarch = b.card("patriarch"), b.card("patriarch")
    state = b.state(
        [[[matriarch, b.card("baker")], [patriarch]], [[b.card("baker")]]],
        discard=[b.card("noble")],
    )
    state = attrs.evolve(state, turned=pset([matriarch]))
    moves = legal_moves(state)
    assert moves == (CaravanAction(0, 0), CaravanAction(1, 0), CaravanAction(1, 1))
    with pytest.raises(IllegalMoveError):
        apply(state, Pass(0))


@pytest.mark.rule("KG-4")
@pytest.mark.parametrize("expansion", ["none", "all"])
def test_the_moves_of_a_face_without_costs_are_made_once_per_table(expansion: str) -> None:
    """``Table.free_moves``: for a face that costs nothing, before each caravan, every
    caravan action, every parting action, then Pass unless a "!" card has an action; a
    face with any cost has none (its moves depend on the tracks)."""
    t = table(Options.create(3, expansion=expansion))
    free = 0
    for plan, made in zip(t.plans, t.free_moves, strict=True):
        costs = any(needs for _, needs in (*plan.caravan, *plan.parting))
        assert (made is None) == costs
        if made is None:
            continue
        free += 1
        acts = bool(plan.caravan or plan.parting)
        for c, moves in enumerate(made):
            assert moves == (
                *(CaravanAction(c, a) for a, _ in plan.caravan),
                *(PartingAction(c, a) for a, _ in plan.parting),
                *((Pass(c),) if not (plan.must_act and acts) else ()),
            )
    assert 0 < free < len(t.plans)  # both kinds of face are in the data
