"""[KG-6] The Kashgar evaluation: clearly better states score higher."""

from __future__ import annotations

import attrs
import pytest
from pyrsistent import pvector

from silkroad import kashgar
from silkroad.core.game import score_margin
from silkroad.core.memo import clear_memos
from silkroad.kashgar.cards import Amounts, DeckKind
from silkroad.kashgar.evaluate import evaluate, evaluate_all
from silkroad.kashgar.state import State
from silkroad.kashgar.table import table

pytestmark = pytest.mark.rule("KG-6")


def _start(players: int = 2, seed: int = 5) -> State:
    return kashgar.new_game(kashgar.Options.create(players), seed)


def _amounts(values: list[int]) -> Amounts:
    a, b, c, d, e, f, g = values
    return (a, b, c, d, e, f, g)


def _with_track(state: State, player: int, index: int, value: int) -> State:
    track = list(state.tracks[player])
    track[index] = value
    return attrs.evolve(state, tracks=state.tracks.set(player, _amounts(track)))


def _win_order(state: State, player: int) -> State:
    order = state.order_deck[0]
    won = state.orders_won.set(player, state.orders_won[player].append(order))
    return attrs.evolve(state, orders_won=won, order_deck=state.order_deck.delete(0))


def test_the_title_supplies_its_evaluation() -> None:
    assert kashgar.GAME.optional.evaluate is evaluate
    assert kashgar.evaluate is evaluate
    state = _start()
    assert kashgar.GAME.evaluate(state, 0) == evaluate(state, 0)


def test_two_player_values_are_a_margin() -> None:
    state = _start()
    assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))


def test_a_fulfilled_order_is_worth_its_points() -> None:
    state = _start()
    better = _win_order(state, 0)
    order = better.orders_won[0][-1]
    vp = table(state.options).order_vp[order]
    assert evaluate(better, 0) >= evaluate(state, 0) + vp - 1e-9
    assert evaluate(better, 1) < evaluate(state, 1)


def test_more_spices_gold_and_mules_are_better() -> None:
    state = _start()
    for index in range(7):
        richer = _with_track(state, 0, index, state.tracks[0][index] + 2)
        assert evaluate(richer, 0) > evaluate(state, 0), index


def test_an_order_within_reach_counts_more_than_the_same_goods_out_of_reach() -> None:
    state = _start()
    t = table(state.options)
    order = state.display[0]
    od = t.order[order]
    assert od is not None
    # Tracks exactly paying for the order (mules as required) ...
    cost = list(od.cost)
    cost[6] = max(cost[6], od.mules)
    reach = attrs.evolve(state, tracks=state.tracks.set(0, _amounts(cost)))
    # ... against the same units moved one spice along (may still fit another order).
    units = sum(cost[:6])
    shifted = [0] * 7
    shifted[6] = cost[6]
    worst = None
    for spice in range(5):
        s = list(shifted)
        s[spice] = min(9, units)
        other = attrs.evolve(state, tracks=state.tracks.set(0, _amounts(s)))
        value = evaluate(other, 0)
        worst = value if worst is None else min(worst, value)
    assert worst is not None
    assert evaluate(reach, 0) > worst


def test_a_card_that_fulfils_orders_improves_the_caravans() -> None:
    state = _start()
    t = table(state.options)
    huckster = next(c for c in t.ids[DeckKind.STANDARD] if t.name[c] == "Huckster")
    caravan = state.caravans[0][0].append(huckster)
    better = attrs.evolve(
        state,
        caravans=state.caravans.set(0, state.caravans[0].set(0, caravan)),
        standard=pvector(c for c in state.standard if c != huckster),
    )
    assert evaluate(better, 0) > evaluate(state, 0) + t.face(huckster, False).vp


def test_the_leader_is_ahead_in_a_four_player_game() -> None:
    state = _win_order(_win_order(_start(4), 2), 2)
    assert evaluate(state, 2) > 0
    assert all(evaluate(state, p) < 0 for p in (0, 1, 3))


def test_a_finished_game_is_worth_its_score_margin() -> None:
    state = attrs.evolve(_win_order(_start(3), 1), over=True)
    for p in range(3):
        assert evaluate(state, p) == score_margin(kashgar.scores(state), p)


def test_the_face_up_orders_count_whatever_their_places_in_the_display() -> None:
    state = _start(3, 11)
    for _ in range(40):
        moves = kashgar.legal_moves(state)
        state = kashgar.apply(state, moves[len(moves) // 2])
    values = evaluate_all(state)
    for shift in range(1, len(state.display)):
        display = state.display[shift:] + state.display[:shift]
        assert evaluate_all(attrs.evolve(state, display=display)) == values
    assert evaluate_all(attrs.evolve(state, display=state.display[::-1])) == values


def test_the_order_within_reach_counts_though_orders_worth_more_are_shown() -> None:
    # the orders are looked at most VP first: one worth less but paid for still counts
    state = _start()
    t = table(state.options)
    by_vp = sorted(state.display, key=lambda o: t.order_vp[o])
    cheap = t.order[by_vp[0]]
    assert cheap is not None
    assert t.order_vp[by_vp[0]] < t.order_vp[by_vp[-1]]
    cost = list(cheap.cost)
    cost[6] = max(cost[6], cheap.mules)
    paid = attrs.evolve(state, tracks=state.tracks.set(0, _amounts(cost)))
    without = attrs.evolve(paid, display=pvector(o for o in paid.display if o != by_vp[0]))
    assert evaluate(paid, 0) > evaluate(without, 0)


def test_players_tied_for_the_lead_each_have_a_margin_of_zero() -> None:
    # a second player holds the very same things as the leader; the third loses the
    # spice, gold and mules on their tracks
    state = _start(3, 4)
    for _ in range(30):
        moves = kashgar.legal_moves(state)
        state = kashgar.apply(state, moves[len(moves) // 2])
    lead = max(range(3), key=lambda p: evaluate(state, p))
    twin, last = (p for p in range(3) if p != lead)
    tied = attrs.evolve(
        state,
        caravans=state.caravans.set(twin, state.caravans[lead]),
        tracks=state.tracks.set(twin, state.tracks[lead]).set(last, _amounts([0] * 7)),
        orders_won=state.orders_won.set(twin, state.orders_won[lead]),
    )
    values = evaluate_all(tied)
    assert values == tuple(evaluate(tied, p) for p in range(3))
    assert values[lead] == values[twin] == 0.0
    assert values[last] < 0


def test_the_order_term_a_seat_remembers_is_the_one_its_track_gives() -> None:
    # each value as from nothing remembered, whatever was valued just before
    state = _start(3, 6)
    for _ in range(24):
        moves = kashgar.legal_moves(state)
        state = kashgar.apply(state, moves[len(moves) // 3])
    t = table(state.options)
    best = max(state.display, key=lambda o: t.order_vp[o])
    order = t.order[best]
    assert order is not None
    paid = list(order.cost)
    paid[6] = max(paid[6], order.mules)
    richer = attrs.evolve(state, tracks=state.tracks.set(0, _amounts(paid)))
    other = attrs.evolve(richer, display=richer.display.set(0, state.order_deck[0]))
    variants = [
        state,
        richer,
        other,
        attrs.evolve(richer, tracks=richer.tracks.set(0, tuple(state.tracks[0]))),
        attrs.evolve(state, display=state.display[::-1]),
        attrs.evolve(state, tracks=state.tracks.set(1, state.tracks[0])),
    ]
    fresh = []
    for variant in variants:
        clear_memos()
        fresh.append(evaluate_all(variant))
    assert fresh[0] != fresh[1] != fresh[2]
    assert fresh[0] != fresh[5]
    clear_memos()
    pairs = list(zip(variants, fresh, strict=True))
    for variant, values in [*pairs, *pairs[::-1]]:
        assert evaluate_all(variant) == values
        assert evaluate(variant, 2) == values[2]
