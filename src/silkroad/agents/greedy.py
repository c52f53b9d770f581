"""The greedy agent: one decision of lookahead on the title's evaluation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from silkroad.agents.values import win_value
from silkroad.core.errors import RulesError
from silkroad.core.game import AnyGame
from silkroad.core.rng import Rng

__all__ = ["GreedyAgent"]

#: The value of a finished game won (a shared win counts for its share).
_WIN = 1e9
#: Evaluations closer than this are ties.
_TIE = 1e-9


class GreedyAgent:
    """Applies each legal move once and keeps the one the title's ``evaluate`` likes best.

    It never reads hidden information: it samples one state consistent with its
    observation (``game.determinize(observation, seed)``, the seed drawn from its own
    RNG), applies every legal move there and evaluates the results for the player to
    act. A move that ends the game is worth its result (a win beats any evaluation, a
    loss is worse than any). Ties are broken by the seeded RNG, so the agent is
    reproduced by its seed.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng.from_seed(seed)

    def choose(self, game: AnyGame, observation: Any, legal_moves: Sequence[Any]) -> Any:
        """The legal move with the best evaluation after one step (ties at random)."""
        if not legal_moves:
            raise ValueError("GreedyAgent.choose needs at least one legal move")
        if len(legal_moves) == 1:
            return legal_moves[0]
        seed, self._rng = self._rng.next_u64()
        state = game.determinize(observation, seed)
        me = game.current_player(state)
        if me is None:
            raise ValueError("GreedyAgent.choose was given an observation of a finished game")
        best: list[Any] = []
        best_value = -float("inf")
        for move in legal_moves:
            try:
                after = game.apply(state, move)
            except RulesError:  # not legal in this sample: never prefer it
                continue
            if game.is_over(after):
                value = _WIN * (2.0 * win_value(game, after, me) - 1.0)
            else:
                value = game.evaluate(after, me)
            if value > best_value + _TIE:
                best, best_value = [move], value
            elif value >= best_value - _TIE:
                best.append(move)
        if not best:
            best = list(legal_moves)
        move, self._rng = self._rng.choice(best)
        return move

    def __repr__(self) -> str:
        return "GreedyAgent()"
