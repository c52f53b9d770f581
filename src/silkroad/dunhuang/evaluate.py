"""[DH-4] A heuristic evaluation of a Dunhuang state, for agents.

``evaluate(state, player)`` is ``player``'s potential minus the best potential among the
other players, in victory points. A player's potential is the VP track plus what the
end of the game would add or what the table promises:

* tokens as DH-4 scores them (1 VP per Material or Product, the end VP of derivative
  tiles), plus what starting-phase tokens still yield in the rounds left;
* each die on a fresco: the 6 VP it scores if it stays, or the round track if the fresco
  is completed (weighted by how close it is);
* coins, pigment and grain at small fixed rates, for the actions they pay for.

Once the game is over the evaluation is the exact score margin.
"""

from __future__ import annotations

import functools

from silkroad.core.game import score_margin, with_every_player
from silkroad.dunhuang.cards import Effect
from silkroad.dunhuang.rules import scores, solitaire_result
from silkroad.dunhuang.state import ROUNDS, Options, Phase, State
from silkroad.dunhuang.table import Table, table

__all__ = ["evaluate", "evaluate_all"]

COIN_VP = 0.6
PIGMENT_VP = 0.5
GRAIN_VP = 1.5


def _effect_vp(e: Effect) -> float:
    if e.kind == "vp":
        return float(e.amount)
    if e.kind in ("material", "product"):
        return 1.0
    if e.kind == "coin":
        return COIN_VP * e.amount
    if e.kind == "pigment":
        return PIGMENT_VP * e.amount
    return 0.0


@functools.lru_cache(maxsize=16)
def _token_worths(options: Options) -> dict[str, tuple[float, float]]:
    """Per token: its worth at the end (1 VP for a Material or Product, else its end VP)
    and what its starting-phase effects yield per round left."""
    t = table(options)
    return {
        key: (
            1.0 if token.category in ("material", "product") else float(token.end_vp),
            sum(_effect_vp(e) for e in token.start),
        )
        for key, token in t.tokens.items()
    }


def _potential(state: State, p: int, t: Table | None = None) -> float:
    """Player ``p``'s potential (``t``: the table of the state's options, if at hand)."""
    if t is None:
        t = table(state.options)
    worths = _token_worths(state.options)
    pl = state.players[p]
    left = ROUNDS - state.round
    value = float(pl.vp) + COIN_VP * pl.coins + PIGMENT_VP * pl.pigment + GRAIN_VP * sum(pl.grain)
    for key, n in pl.tokens.items():
        end, per_round = worths[key]
        value += n * (end + left * per_round)
    track = t.board.round_track[min(state.round, ROUNDS) - 1]
    for spot in pl.frescoes:
        if spot.die is not None:
            value += max(t.board.die_on_fresco_vp, track / (1 + spot.die))
    return value


#: [DH-6.2.6] Solitaire: what a completed quest, and winning, are worth to the heuristic.
QUEST_VP = 10.0
WIN_VP = 100.0


def evaluate(state: State, player: int) -> float:
    """[DH-4] ``player``'s potential minus the best potential of the others, in VP.
    [DH-6.2.6] Solitaire: the potential plus ``QUEST_VP`` per completed quest; once over,
    the final VP plus ``WIN_VP`` for a win."""
    if state.options.players == 1:
        done = sum(1 for q in table(state.options).quests if q.key in state.achievements)
        if state.phase is Phase.OVER:
            result = solitaire_result(state)
            won = result is not None and result[0]
            return float(scores(state)[0]) + (WIN_VP if won else 0.0)
        return _potential(state, 0) + QUEST_VP * done
    if state.phase is Phase.OVER:
        return score_margin(scores(state), player)
    values = [_potential(state, p) for p in range(len(state.players))]
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - max(others)


def evaluate_all(state: State) -> tuple[float, ...]:
    """[DH-4] [DH-6.2.6] :func:`evaluate` for every player at once (each potential
    computed once)."""
    n = len(state.players)
    if n == 1 or state.phase is Phase.OVER:
        return tuple(evaluate(state, p) for p in range(n))
    t = table(state.options)
    values = [_potential(state, p, t) for p in range(n)]
    return tuple(values[p] - max(v for q, v in enumerate(values) if q != p) for p in range(n))


with_every_player(evaluate, evaluate_all)
