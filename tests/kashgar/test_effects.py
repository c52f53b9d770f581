"""[KG-7] The effect vocabulary: Increase, "/", Set, Remove, Turn, Draw, unwanted cards,
the open discard pile and visible points."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from pyrsistent import pset

from silkroad.kashgar import (
    CaravanAction,
    Gain,
    Keep,
    Options,
    PartingAction,
    Pass,
    Remove,
    State,
    Take,
    legal_moves,
    observe,
    scores,
)
from silkroad.kashgar.rules import CAPS

from .helpers import Builder, Track, play, track, with_actions


def _solo(key: str, tr: Track | None = None, **kw: Any) -> tuple[Builder, int, State]:
    b = Builder()
    card = b.card(key)
    state = b.state(
        [[[card, b.card("noble")]], [[b.card("baker")]]], tracks=[tr or track(), track()], **kw
    )
    return b, card, state


@pytest.mark.rule("KG-7")
def test_increase_is_capped_and_the_excess_forfeited() -> None:
    assert CAPS == (9, 9, 9, 9, 9, 9, 6)
    _, _, state = _solo("servant", track(mules=5))  # parting: mules +3
    assert play(state, PartingAction(0, 0)).tracks[0] == track(mules=6)
    _, _, state = _solo("cinnamon_peeler", track(cinnamon=8))  # caravan: cinnamon +3
    assert play(state, CaravanAction(0, 0)).tracks[0] == track(cinnamon=9)


@pytest.mark.rule("KG-7")
def test_slash_is_a_choice_and_without_slash_everything_increases() -> None:
    _, _, state = _solo("planter")  # ginger +3 / cloves +3
    state = play(state, CaravanAction(0, 0))
    assert legal_moves(state) == (Gain((3, 0, 0, 0, 0, 0, 0)), Gain((0, 3, 0, 0, 0, 0, 0)))
    assert play(state, Gain((0, 3, 0, 0, 0, 0, 0))).tracks[0] == track(cloves=6)
    _, _, state = _solo("water_carrier")  # mules +1 and cinnamon +2
    assert play(state, CaravanAction(0, 0)).tracks[0] == track(mules=4, cinnamon=5)


@pytest.mark.rule("KG-7")
def test_any_spice_is_a_choice_of_one_spice() -> None:
    _, _, state = _solo("market_woman")  # pay 1 gold: any spice +3
    state = play(state, CaravanAction(0, 0))
    assert len(legal_moves(state)) == 5
    state = play(state, Gain((0, 0, 0, 0, 3, 0, 0)))
    assert state.tracks[0] == track(cinnamon=6, gold=2)


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize(("before", "after"), [(8, 6), (2, 6), (6, 6)])
def test_set_is_exact_up_or_down(before: int, after: int) -> None:
    _, _, state = _solo("quack", track(gold=before))  # parting: set gold 6
    assert play(state, PartingAction(0, 0)).tracks[0] == track(gold=after)


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize("value", [0, 1, 9])
def test_set_to_any_value_zero_included_sets_exactly_that(value: int) -> None:
    """A Set to 0 (no card of the game has one; a card file may) empties the track."""
    from silkroad.kashgar.cards import Action, Effect, Op

    setter = Action(effects=(Effect(Op.SET, choices=((-1,) * 5 + (value, -1),)),))
    b = Builder(with_actions(Options.create(2), "planter", caravan=(setter,)))
    state = b.state([[[b.card("planter")]], [[b.card("baker")]]], tracks=[track(gold=5), track()])
    assert play(state, CaravanAction(0, 0)).tracks[0] == track(gold=value)


@pytest.mark.rule("KG-7")
def test_remove_puts_a_card_back_in_the_box_or_nothing() -> None:
    b = Builder()
    monk, quack, noble = b.card("monk"), b.card("quack"), b.card("noble")
    state = b.state([[[monk, quack, noble]], [[b.card("baker")]]])
    state = play(state, CaravanAction(0, 0))
    assert legal_moves(state) == (Remove(quack), Remove(noble), Remove(None))
    removed = play(state, Remove(quack))
    assert list(removed.caravans[0][0]) == [noble, monk]
    assert quack in removed.box
    kept = play(state, Remove(None))
    assert list(kept.caravans[0][0]) == [quack, noble, monk]


@pytest.mark.rule("KG-7")
def test_turn_patriarch_and_matriarch_turns_back() -> None:
    b = Builder()
    patriarch, servant, noble = b.card("patriarch"), b.card("servant"), b.card("noble")
    other = b.card("planter")
    state = b.state([[[patriarch, servant]], [[b.card("baker")]]], discard=[noble, other])
    state = play(state, CaravanAction(0, 1))
    assert patriarch in state.turned
    # Bring the Matriarch to the front: pass the Servant, player 1 passing in between.
    state = play(state, Pass(0), Pass(0), Pass(0))
    assert state.caravans[0][0][0] == patriarch
    state = play(state, CaravanAction(0, 0))  # Matriarch: take from the discard pile
    assert set(legal_moves(state)) == {Take(noble), Take(other)}
    state = play(state, Take(noble))
    assert list(state.caravans[0][0]) == [servant, patriarch, noble]
    assert list(state.discard) == [other]
    assert patriarch not in state.turned  # turned back to the Patriarch side


@pytest.mark.rule("KG-7")
def test_turning_the_same_card_from_equal_sets_gives_equal_sets() -> None:
    b = Builder()
    first, second = b.card("patriarch"), b.card("patriarch")
    state = b.state([[[first], [second]], [[b.card("baker")]]])
    turned = play(state, CaravanAction(0, 1)).turned
    assert set(turned) == {first}
    # the same turn again from an equal state, and the other card turned too
    assert play(attrs.evolve(state), CaravanAction(0, 1)).turned == turned
    both = play(state, CaravanAction(0, 1), Pass(0), CaravanAction(1, 1)).turned
    assert set(both) == {first, second}
    assert play(attrs.evolve(state, turned=pset([second])), CaravanAction(0, 1)).turned == both


@pytest.mark.rule("KG-7")
def test_draw_special_unwanted_go_under_their_deck_and_are_remembered() -> None:
    b = Builder()
    prophet = b.card("prophet")  # pay 2 gold: draw 2 Special, keep 1
    s1, s2 = b.card("vizier"), b.card("goldsmith")
    state = b.state([[[prophet]], [[b.card("baker")]]], special_top=[s1, s2])
    state = play(state, CaravanAction(0, 0))
    # Only the drawing player sees the drawn cards.
    assert observe(state, 0).pending.cards == (s1, s2)  # type: ignore[union-attr]
    assert observe(state, 1).pending.cards == ()  # type: ignore[union-attr]
    assert observe(state, 1).pending.hidden == 2  # type: ignore[union-attr]
    state = play(state, Keep(s2))
    assert list(state.caravans[0][0]) == [prophet, s2]
    assert state.special[-1] == s1
    assert state.tracks[0] == track(gold=1)
    mine = observe(state, 0).known
    assert [(k.card, k.index) for k in mine] == [(s1, len(state.special) - 1)]
    assert observe(state, 1).known == ()
    assert [s.index for s in observe(state, 1).others_known] == [len(state.special) - 1]


@pytest.mark.rule("KG-7")
def test_unwanted_standard_cards_go_to_the_open_discard_pile() -> None:
    b = Builder()
    eminence = b.card("grey_eminence")  # parting: draw 3 Standard, keep 1
    top = [b.card("planter"), b.card("quack"), b.card("noble")]
    state = b.state([[[eminence]], [[b.card("baker")]]], standard_top=top)
    state = play(state, PartingAction(0, 0), Keep(top[2]))
    assert list(state.discard) == top[:2]
    for p in (0, 1):  # the discard pile may be inspected by everyone
        assert list(observe(state, p).discard) == top[:2]


@pytest.mark.rule("KG-7")
def test_victory_points_are_visible_to_everyone() -> None:
    b = Builder()
    state = b.state(
        [[[b.card("quack"), b.card("noble")]], [[b.card("baker")]]],
        orders_won=[[b.order(name="Royal Spices")], []],
    )
    assert scores(state) == (3 - 1 + 6, 1)
    for p in (0, 1):
        assert observe(state, p).points == scores(state)
        assert observe(state, p).orders_won == state.orders_won
    # and after a turn that changed them (the Quack, -1 VP, leaves)
    state = play(state, PartingAction(0, 0))
    assert scores(state) == (3 + 6, 1)
    for p in (0, 1):
        assert observe(state, p).points == scores(state)
