"""[DH-4] The evaluation's weights (each token's and each die's worth per round, looked up
once per options) give the very numbers of the potential written out term by term."""

from __future__ import annotations

import importlib
import random

import attrs
import pytest

from silkroad.dunhuang import Options, apply, legal_moves, new_game
from silkroad.dunhuang.evaluate import evaluate, evaluate_all
from silkroad.dunhuang.state import ROUNDS, FrescoSpot, Phase, State
from silkroad.dunhuang.table import table
from silkroad.dunhuang.vocabulary import COIN_VP, PIGMENT_VP

evaluate_module = importlib.import_module("silkroad.dunhuang.evaluate")

pytestmark = pytest.mark.rule("DH-4")


def _written_out(state: State, p: int) -> float:
    """Player ``p``'s potential term by term, as the evaluation defines it."""
    t = table(state.options)
    worths = evaluate_module._token_worths(state.options)
    pl = state.players[p]
    left = ROUNDS - state.round
    value = float(pl.vp) + COIN_VP * pl.coins + PIGMENT_VP * pl.pigment
    value += evaluate_module.GRAIN_VP * sum(pl.grain)
    for key, n in pl.tokens.items():
        end, per_round = worths[key]
        value += n * (end + left * per_round)
    track = t.board.round_track[min(state.round, ROUNDS) - 1]
    for spot in pl.frescoes:
        if spot.die is not None:
            value += max(t.board.die_on_fresco_vp, track / (1 + spot.die))
    return value


def _margins(state: State) -> tuple[float, ...]:
    values = [_written_out(state, p) for p in range(len(state.players))]
    return tuple(
        values[p] - max(v for q, v in enumerate(values) if q != p) for p in range(len(values))
    )


def _states(options: Options, seed: int, every: int) -> list[State]:
    rng = random.Random(seed)
    s = new_game(options, seed)
    out = []
    moves = legal_moves(s)
    while moves and s.phase is not Phase.OVER:
        if len(out) < 40 and rng.randrange(every) == 0:
            out.append(s)
        s = apply(s, moves[rng.randrange(len(moves))])
        moves = legal_moves(s)
    return out


def test_the_weights_give_the_potential_written_out_for_every_options_in_turn() -> None:
    three = _states(Options(3), 2, 6)
    four = _states(Options(4, ("silk", "jade", "iron")), 3, 8)
    assert three
    assert four
    # alternating options: the remembered weights follow the options asked
    for a, b in zip(three, four, strict=False):
        for s in (a, b):
            assert evaluate_all(s) == _margins(s)
            assert tuple(evaluate(s, p) for p in range(len(s.players))) == _margins(s)


def test_a_die_or_a_round_beyond_the_listed_ones_is_worked_out() -> None:
    s = _states(Options(3), 5, 4)[-1]
    pl = s.players[1]
    odd = attrs.evolve(pl, frescoes=(FrescoSpot(pl.frescoes[0].tile or 201, 9), *pl.frescoes[1:]))
    for round_ in (s.round, ROUNDS + 3):
        t = attrs.evolve(s, players=(s.players[0], odd, *s.players[2:]), round=round_)
        assert evaluate_all(t) == _margins(t)
