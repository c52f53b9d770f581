"""Information-set Monte Carlo tree search (single-observer ISMCTS).

The algorithm of Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2), 2012 (SO-ISMCTS, section IV). One tree is grown for the
observer's information set, its edges keyed by move. Each iteration:

1. **Determinize.** Sample a full state consistent with the observation,
   ``game.determinize(observation, seed_i)``, ``seed_i`` drawn from the agent's RNG. The
   real state is never seen; every hidden card is re-dealt in every iteration.
2. **Select.** From the root, while every move legal in *this* determinization already
   has a child, pick the child maximizing UCB1 with availability counts,
   ``value / visits + exploration * sqrt(ln(availability) / visits)``, where a child's
   availability is the number of times it was legal when its parent was visited; then
   apply its move to the determinized state.
3. **Expand.** Add one child for a move legal here that has none yet (chosen at random).
4. **Roll out.** Play random moves for at most ``rollout_depth`` decisions (or to the
   end; by default the title's ``spec.rollout_depth``, since titles cut their turns
   into decisions of very different sizes), then value the state per player in
   [0, 1]: the result if the game is over, otherwise the logistic of the title's
   ``evaluate`` (see :mod:`silkroad.agents.values`).
5. **Backpropagate.** Every node on the path gains one visit and the value of the player
   who chose the move leading to it, so each node is judged by its mover: the player to
   act may be the same one again (a multi-step decision) or another (e.g. opponents
   placing cards for a Kashgar Herder), and every player maximizes their own value.

The budget is a number of iterations by default, not a time, so a seed reproduces every
choice. ``seconds`` adds a limit in wall-clock time (``time.perf_counter``, or the
``clock`` given): the search stops at whichever limit it reaches first, after at least
one iteration. A time limit makes the number of iterations, and so the choices, depend
on the machine and its load.

What an iteration asks of the game, and nothing more: one ``determinize``; for each state
the path reaches, its ``legal_moves`` once and ``apply`` of the move taken (the very
object the list holds, which the titles' ``apply`` recognizes without listing the moves
again); ``current_player`` once, for the node added; and at the end ``is_over`` and
either every player's evaluation in one call or the winners. A state where the game is
over ends the iteration without asking for its moves again.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from silkroad.agents.values import check_positive, state_evaluator
from silkroad.core.game import AnyGame
from silkroad.core.protocol import DEFAULT_ROLLOUT_DEPTH
from silkroad.core.rng import MASK64, Rng, bounded

__all__ = [
    "DEFAULT_EXPLORATION",
    "DEFAULT_ITERATIONS",
    "DEFAULT_ROLLOUT_DEPTH",
    "DEFAULT_SCALE",
    "ISMCTSAgent",
]

#: Iterations per decision (see ``docs/agents.md`` for the time this takes).
DEFAULT_ITERATIONS = 200
#: UCB1 exploration constant for values in [0, 1].
DEFAULT_EXPLORATION = 0.7
#: Evaluation units (victory points) per step of the logistic.
DEFAULT_SCALE = 4.0


class _Node:
    """A node of the tree: reached by ``move``, chosen by player ``mover``."""

    __slots__ = ("avail", "children", "kids", "mover", "seen", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        #: The last list of legal moves here, and in its order each move's child (None
        #: for a move not tried yet, set when its child is added): the next visit with
        #: an equal list reads them from it instead of looking every move up (a hash of
        #: each move). Legal moves have no duplicates, so a child is added once.
        self.seen: Any = None
        self.kids: list[_Node | None] = []


class ISMCTSAgent:
    """Single-observer information-set MCTS on the ``Game`` protocol.

    :param seed: seeds the agent's RNG (determinizations, expansions, rollouts).
    :param iterations: search iterations per decision (a decision with one legal move
        takes none); by default :data:`DEFAULT_ITERATIONS`, or no iteration limit when
        ``seconds`` is given alone.
    :param exploration: the UCB1 constant.
    :param rollout_depth: random decisions after the tree before evaluating (0: evaluate
        the expanded node directly; None: the title's ``game.spec.rollout_depth``).
    :param scale: evaluation units per step of the logistic that maps ``evaluate`` to a
        value in [0, 1].
    :param seconds: a limit in wall-clock seconds per decision (None: none); with
        ``iterations`` too, the search stops at whichever limit comes first.
    :param clock: the clock ``seconds`` is measured on, a function returning seconds
        (default ``time.perf_counter``; a test passes its own).
    :raises ValueError: for a parameter out of range.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_depth: int | None = None,
        scale: float = DEFAULT_SCALE,
        seconds: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if seconds is not None:
            check_positive("seconds", seconds, integer=False)
        elif iterations is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None:
            check_positive("iterations", iterations, integer=True)
        if clock is not None and not callable(clock):
            raise ValueError(f"clock must be a function returning seconds, got {clock!r}")
        check_positive("exploration", exploration, integer=False, allow_zero=True)
        if rollout_depth is not None:
            check_positive("rollout_depth", rollout_depth, integer=True, allow_zero=True)
        check_positive("scale", scale, integer=False)
        self._rng = Rng.from_seed(seed)
        #: The iteration limit per decision (None: only ``seconds`` limits the search).
        self.iterations: int | None = iterations
        #: The wall-clock limit per decision in seconds (None: none).
        self.seconds: float | None = None if seconds is None else float(seconds)
        self._clock: Callable[[], float] = time.perf_counter if clock is None else clock
        self.exploration = float(exploration)
        #: Random decisions per rollout (None: the title's ``spec.rollout_depth``).
        self.rollout_depth: int | None = rollout_depth
        self.scale = float(scale)

    def __repr__(self) -> str:
        limit = "" if self.seconds is None else f", seconds={self.seconds}"
        return (
            f"ISMCTSAgent(iterations={self.iterations}, exploration={self.exploration}, "
            f"rollout_depth={self.rollout_depth}, scale={self.scale}{limit})"
        )

    def choose(self, game: AnyGame, observation: Any, legal_moves: Sequence[Any]) -> Any:
        """The most visited root move among ``legal_moves`` after the search."""
        if not legal_moves:
            raise ValueError("ISMCTSAgent.choose needs at least one legal move")
        if len(legal_moves) == 1:
            return legal_moves[0]
        root = self._search(game, observation)
        best: Any = legal_moves[0]
        best_key = (0, -float("inf"))
        for move in legal_moves:
            child = root.children.get(move)
            if child is not None and (child.visits, child.total) > best_key:
                best, best_key = move, (child.visits, child.total)
        return best

    def root_statistics(self, game: AnyGame, observation: Any) -> dict[Any, tuple[int, float]]:
        """Run one search and return ``move -> (visits, mean value)`` at the root."""
        root = self._search(game, observation)
        return {
            m: (c.visits, c.total / c.visits if c.visits else 0.0) for m, c in root.children.items()
        }

    def _search(self, game: AnyGame, observation: Any) -> _Node:
        """Grow a tree for ``observation`` within the limits (``iterations``,
        ``seconds``: whichever comes first, at least one iteration); its root.

        The agent's generator is stepped as raw ``(seed, gamma)`` integers here, with the
        same arithmetic as :class:`Rng` (``next_u64``, ``randrange``, inlined), so the
        draws are the ones the methods would give without a call per draw."""
        exploration = self.exploration
        depth_limit = self.rollout_depth
        if depth_limit is None:
            depth_limit = game.spec.rollout_depth
        values_of = state_evaluator(game, self.scale)
        root = _Node(-1)
        legal_moves = game.legal_moves
        apply = game.apply
        current_player = game.current_player
        determinize = game.determinize
        budget = sys.maxsize if self.iterations is None else self.iterations
        clock = None if self.seconds is None else self._clock
        deadline = 0.0 if clock is None else clock() + (self.seconds or 0.0)
        logs = _logs(budget + 1 if clock is None else min(budget, 1024) + 1)
        sqrt = math.sqrt
        mask = MASK64
        seed, gamma = self._rng.seed, self._rng.gamma
        players = -1
        for done in range(budget):
            if clock is not None and done:
                if clock() >= deadline:
                    break
                if done + 1 >= len(logs):  # an availability may reach done + 1
                    logs = _logs(done + 1)
            seed = (seed + gamma) & mask
            z = ((seed ^ (seed >> 30)) * _M1) & mask
            z = ((z ^ (z >> 27)) * _M2) & mask
            state = determinize(observation, z ^ (z >> 31))
            if players < 0:
                players = game.num_players(state)
            node = root
            path = []
            steps = depth_limit
            # Select and expand (no legal move: the game is over).
            legal = legal_moves(state)
            while legal:
                children = node.children
                if legal == node.seen:
                    tried: list[Any] = node.kids
                else:
                    tried = list(map(children.get, legal)) if children else [None] * len(legal)
                    node.seen, node.kids = legal, tried  # None: untried
                if None not in tried:
                    best_child = node
                    best_move: Any = None
                    best_score = -math.inf
                    for m, c in zip(legal, tried, strict=True):
                        avail = c.avail + 1
                        c.avail = avail
                        visits = c.visits
                        score = c.total / visits + exploration * sqrt(logs[avail] / visits)
                        if score > best_score:
                            best_child, best_move, best_score = c, m, score
                    state = apply(state, best_move)
                    node = best_child
                    path.append(node)
                    legal = legal_moves(state)
                    continue
                untried = [i for i, c in enumerate(tried) if c is None]
                index, seed = _draw(seed, gamma, len(untried))
                at = untried[index]
                move = legal[at]
                mover = current_player(state)
                assert mover is not None
                child = _Node(mover)
                children[move] = child
                tried[at] = child
                state = apply(state, move)
                path.append(child)
                break
            else:
                steps = 0  # the game is over: nothing to roll out, no list to ask for again
            if steps:
                state, seed = _roll_out(state, steps, seed, gamma, legal_moves, apply)
            values = values_of(state, players)
            # Backpropagate.
            root.visits += 1
            for n_ in path:
                n_.visits += 1
                n_.total += values[n_.mover]
        self._rng = Rng(seed, gamma)
        return root


def _draw(seed: int, gamma: int, n: int) -> tuple[int, int]:
    """A draw from ``range(n)`` by the generator ``(seed, gamma)`` (as
    :meth:`Rng.randrange`, inlined), and the generator's next seed."""
    seed = (seed + gamma) & MASK64
    z = ((seed ^ (seed >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    product = (z ^ (z >> 31)) * n
    if product & MASK64 < n:  # Lemire's rejection step may apply: the helper
        return bounded((seed - gamma) & MASK64, gamma, n)
    return product >> 64, seed


def _roll_out(
    state: Any,
    steps: int,
    seed: int,
    gamma: int,
    legal_moves: Callable[[Any], tuple[Any, ...]],
    apply: Callable[[Any, Any], Any],
) -> tuple[Any, int]:
    """Up to ``steps`` random moves from ``state``, drawn by the generator ``(seed,
    gamma)`` (:func:`_draw`, inlined: one call per rollout, not per move); the state
    reached and the generator's next seed."""
    mask = MASK64
    for _ in range(steps):
        legal = legal_moves(state)
        if not legal:
            break
        n = len(legal)
        seed = (seed + gamma) & mask
        z = ((seed ^ (seed >> 30)) * _M1) & mask
        z = ((z ^ (z >> 27)) * _M2) & mask
        product = (z ^ (z >> 31)) * n
        if product & mask < n:
            index, seed = bounded((seed - gamma) & mask, gamma, n)
        else:
            index = product >> 64
        state = apply(state, legal[index])
    return state, seed


#: The multipliers of SplitMix64's output step (:func:`silkroad.core.rng._mix64`).
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
#: ``math.log(a)`` at index ``a`` (index 0 unused); replaced by a longer table when a
#: search needs one (rebinding, never changed in place, so a reader always has a whole one).
_LOGS: list[float] = [0.0]


def _logs(top: int) -> list[float]:
    """A table of natural logarithms up to ``log(top)``: a list read instead of a call
    per child scored (the same floats as ``math.log``)."""
    global _LOGS
    table = _LOGS
    if len(table) <= top:
        table = [0.0, *(math.log(a) for a in range(1, 2 * top + 1))]
        _LOGS = table
    return table
