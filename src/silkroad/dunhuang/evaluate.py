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

Solitaire (DH-6.2.6, DH-7) is won by completing the quests in time, so there the
evaluation counts completed quests, the progress towards the others (a Silk Product is
two thirds of the Clothes Tile a quest asks for) and only a small share of the potential.
"""

from __future__ import annotations

import functools

from silkroad.core.game import score_margin, with_every_player
from silkroad.core.memo import LastValue
from silkroad.dunhuang.rules import scores, solitaire_result
from silkroad.dunhuang.state import ROUNDS, Options, Phase, Player, State
from silkroad.dunhuang.table import Table, table
from silkroad.dunhuang.vocabulary import COIN_VP, PIGMENT_VP, effect_worth

__all__ = ["evaluate", "evaluate_all"]

GRAIN_VP = 1.5


@functools.lru_cache(maxsize=16)
def _token_worths(options: Options) -> dict[str, tuple[float, float]]:
    """Per token: its worth at the end (1 VP for a Material or Product, else its end VP)
    and what its starting-phase effects yield per round left."""
    t = table(options)
    return {
        key: (
            1.0 if token.category in ("material", "product") else float(token.end_vp),
            sum(effect_worth(e) for e in token.start),
        )
        for key, token in t.tokens.items()
    }


def _die_worth(t: Table, round_: int, die: int) -> float:
    """[DH-4] A die of value ``die`` on a fresco in round ``round_``: the VP it scores if it
    stays, or the round track if the fresco is completed (weighted by how close it is)."""
    track = t.board.round_track[min(round_, ROUNDS) - 1]
    return max(t.board.die_on_fresco_vp, track / (1 + die))


class _DieWorths(dict[int, float]):
    """[DH-4] The worth of a die on a fresco in one round, by die value (1 to 6 listed,
    any other value worked out when asked)."""

    def __init__(self, t: Table, round_: int) -> None:
        super().__init__((die, _die_worth(t, round_, die)) for die in range(1, 7))
        self.table = t
        self.round = round_

    def __missing__(self, die: int) -> float:
        return _die_worth(self.table, self.round, die)


#: The numbers a player's potential adds in one round: per token kind, the worth of one
#: (its end worth plus what its starting-phase effects yield in the rounds left), and
#: per die value, the worth of a die on a fresco.
_Weights = tuple[dict[str, float], _DieWorths]
#: The weights of every round of the last options asked.
_WEIGHTS = LastValue[Options, tuple[_Weights, ...]](
    "Dunhuang: the evaluation's weights of each round of the last options", ()
)


def _round_weights(options: Options, round_: int) -> _Weights:
    """The weights of ``round_`` (see :data:`_Weights`), each number computed as the
    potential would compute it, so the sums are the very same."""
    left = ROUNDS - round_
    worths = _token_worths(options)
    tokens = {key: end + left * per_round for key, (end, per_round) in worths.items()}
    return tokens, _DieWorths(table(options), round_)


def _weights(state: State) -> _Weights:
    """The weights of ``state``'s round, memoized for the last options (the states of a
    search share one options object).

    Looking each worth up once per options instead of per token and die, the potential
    of a player as one function of the player, and the margins from the two best
    potentials cut :func:`evaluate_all` from 90.0k to 50.2k instructions a call and the
    ISMCTS iteration from 1434.5k to 1396.7k (``benchmarks/instructions.py dunhuang
    --ismcts``, 3 players)."""
    options = state.options
    last, rounds = _WEIGHTS.pair
    if last is not options:
        rounds = tuple(_round_weights(options, r) for r in range(ROUNDS + 2))
        _WEIGHTS.pair = (options, rounds)
    r = state.round
    return rounds[r] if 0 <= r < len(rounds) else _round_weights(options, r)


def _worth(pl: Player, tokens: dict[str, float], dice: _DieWorths) -> float:
    """The potential of the player ``pl`` with the weights of its state's round."""
    value = float(pl.vp) + COIN_VP * pl.coins + PIGMENT_VP * pl.pigment + GRAIN_VP * sum(pl.grain)
    for key, n in pl.tokens.items():
        value += n * tokens[key]
    for spot in pl.frescoes:
        die = spot.die
        if die is not None:
            value += dice[die]
    return value


def _potential(state: State, p: int) -> float:
    """Player ``p``'s potential."""
    tokens, dice = _weights(state)
    return _worth(state.players[p], tokens, dice)


def _margins(values: list[float]) -> tuple[float, ...]:
    """Each value minus the best of the others: the best of all for every player but the
    first with the best value, and for that one the best of the rest."""
    best = max(values)
    top = values.index(best)
    out = [v - best for v in values]
    out[top] = best - max(values[:top] + values[top + 1 :])
    return tuple(out)


#: [DH-6.2.6] Solitaire: what a completed quest, and winning, are worth to the heuristic.
QUEST_VP = 10.0
WIN_VP = 100.0


#: [DH-7] Solitaire: the share of a quest's worth (``QUEST_VP``) that the progress towards
#: it counts for, and the share of the potential (VP and what the table promises) counted
#: before the game is over. The quests decide a solitaire game, so progress towards them
#: outweighs VP; without it a search sees no reason to start a set that takes rounds.
PROGRESS_SHARE = 0.9
SOLO_VP_SHARE = 0.05


@functools.lru_cache(maxsize=16)
def _quest_weights(options: Options) -> tuple[tuple[str, int, tuple[tuple[str, float], ...]], ...]:
    """[DH-7] Per quest requirement: (quest key, the amount needed, (statistic, share)
    pairs, most advanced first). A statistic the requirement counts has share 1; a token
    ``k`` upgrades short of one, in a chain of ``m`` upgrades, has share
    ``(m + 1 - k) / (m + 1)`` (a Silk Material, two upgrades short of a Clothes Tile, is a
    third of one)."""
    t = table(options)
    before: dict[str, list[str]] = {}
    for key, tk in t.tokens.items():
        if tk.upgrade:
            before.setdefault(tk.upgrade, []).append(key)
    out = []
    for q in t.quests:
        for stat, n in q.need:
            steps: dict[str, int] = {}
            for kind in stat.split("+"):
                steps[kind] = 0
                frontier, k = [kind], 1
                while frontier:
                    nxt = []
                    for x in frontier:
                        for y in before.get(x, ()):
                            if y not in steps or steps[y] > k:
                                steps[y] = k
                                nxt.append(y)
                    frontier, k = nxt, k + 1
            depth = max(steps.values())
            shares = sorted(
                ((kind, (depth + 1 - k) / (depth + 1)) for kind, k in steps.items()),
                key=lambda x: -x[1],
            )
            out.append((q.key, n, tuple(shares)))
    return tuple(out)


def _progress(state: State) -> float:
    """[DH-7] The worth of the progress towards the quests not yet completed: for each,
    the share of the requirement that the most advanced ``n`` items make."""
    pl = state.players[0]
    done = state.achievements
    value = 0.0
    for key, n, shares in _quest_weights(state.options):
        if key in done:
            continue
        left = n
        have = 0.0
        for stat, share in shares:
            c = pl.count(stat)
            if c:
                take = c if c < left else left
                have += share * take
                left -= take
                if not left:
                    break
        value += QUEST_VP * PROGRESS_SHARE * have / n
    return value


def evaluate(state: State, player: int) -> float:
    """[DH-4] ``player``'s potential minus the best potential of the others, in VP.
    [DH-6.2.6] [DH-7] Solitaire: ``QUEST_VP`` per completed quest, ``PROGRESS_SHARE`` of
    it for the progress towards each quest not yet completed, and ``SOLO_VP_SHARE`` of
    the potential; once over, the final VP plus ``WIN_VP`` for a win."""
    if state.options.players == 1:
        done = sum(1 for q in table(state.options).quests if q.key in state.achievements)
        if state.phase is Phase.OVER:
            result = solitaire_result(state)
            won = result is not None and result[0]
            return float(scores(state)[0]) + (WIN_VP if won else 0.0)
        return SOLO_VP_SHARE * _potential(state, 0) + QUEST_VP * done + _progress(state)
    if state.phase is Phase.OVER:
        return score_margin(scores(state), player)
    tokens, dice = _weights(state)
    values = [_worth(pl, tokens, dice) for pl in state.players]
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - max(others)


def evaluate_all(state: State) -> tuple[float, ...]:
    """[DH-4] [DH-6.2.6] :func:`evaluate` for every player at once (each potential
    computed once)."""
    n = len(state.players)
    if n == 1 or state.phase is Phase.OVER:
        return tuple(evaluate(state, p) for p in range(n))
    tokens, dice = _weights(state)
    return _margins([_worth(pl, tokens, dice) for pl in state.players])


with_every_player(evaluate, evaluate_all)
