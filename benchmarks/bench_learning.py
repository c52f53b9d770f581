"""Do the observation tensors carry the game? A small learner on the tensor, the same
learner on the feature hash, and random, each against a random opponent.

With numpy alone, for Serica and for Kashgar with two players. The learner is a linear
value function of the position after a move, ``V(x) = w . x``, where ``x`` is the
learner's observation of that position as numbers: once the title's
``observation_tensor``, once the 512-slot feature hash of ``silkroad.core.features``. It
plays by one-step lookahead: it deals the hidden parts of its observation at random
(``determinize``, so it never peeks at the real deck), applies each legal move to that
world and picks the move whose resulting observation has the highest value. Both inputs
get the same treatment: every entry standardized by its running mean and deviation over
the training positions (clipped to +-5), a constant 1 appended, and normalized least
mean squares updates (rate / (1 + |x|^2)) towards the final score margin of the game
(the learner's points minus the best other, over the title's ``scale``, clipped to
[-1, 1]).

Training: ``--train`` games against a random opponent, exploring with probability 0.1.
Evaluation: ``--eval`` games against a random opponent, greedy, and as many by a random
player; the seat alternates game by game, and evaluation seeds differ from training
seeds. A shared win counts as a share, a game stopped by the safeguard as no win::

    PYTHONPATH=src python benchmarks/bench_learning.py              # both titles
    PYTHONPATH=src python benchmarks/bench_learning.py --titles kashgar --train 100

It prints the command and one Markdown table row per player: the win rate against random
with a 95% interval. A run is reproduced exactly by its command line.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from silkroad.core.features import observation_features
from silkroad.core.game import AnyGame
from silkroad.core.registry import get_game

Features = Callable[[Any], npt.NDArray[np.float32]]
Vector = npt.NDArray[np.float64]

#: The titles of the benchmark: player count, and the points margin that counts as 1.
TITLES = {"serica": (2, 60.0), "kashgar": (2, 25.0)}
#: Exploration while training: the share of decisions taken at random.
EXPLORE = 0.1
#: Training games played at random first (they fix the inputs' standardization).
WARMUP = 20


class Learner:
    """A linear value of positions on standardized inputs, trained by normalized least
    mean squares; the standardization is measured once, on the positions of the first
    (random) training games."""

    def __init__(self, size: int, rate: float) -> None:
        self.weights = np.zeros(size + 1)
        self.mean = np.zeros(size)
        self.scale = np.ones(size)
        self.rate = rate
        self.fitted = False

    def standardize(self, positions: list[npt.NDArray[np.float32]]) -> None:
        xs = np.array(positions, dtype=np.float64)
        self.mean = xs.mean(axis=0)
        self.scale = xs.std(axis=0) + 0.05
        self.fitted = True

    def prepare(self, raw: npt.NDArray[np.float32]) -> Vector:
        z = np.clip((raw - self.mean) / self.scale, -5.0, 5.0)
        return np.append(z, 1.0)

    def value(self, raw: npt.NDArray[np.float32]) -> float:
        return float(self.prepare(raw) @ self.weights)

    def learn(self, positions: list[npt.NDArray[np.float32]], target: float) -> None:
        for raw in positions:
            x = self.prepare(raw)
            self.weights += self.rate * (target - float(x @ self.weights)) * x / (1.0 + x @ x)


def play(
    game: AnyGame,
    options: Any,
    seed: int,
    seat: int,
    learner: Learner | None,
    features: Features,
    scale: float,
    explore: float = 0.0,
) -> tuple[float, list[npt.NDArray[np.float32]], float]:
    """One game of ``seat`` against random players (``learner`` None or not yet fitted:
    the seat plays at random too): the seat's share of the win, the positions it chose,
    and its final margin over ``scale`` (clipped to [-1, 1])."""
    rng = np.random.default_rng(seed ^ 0x5EED)
    state = game.new_game(options, seed)
    chosen: list[npt.NDArray[np.float32]] = []
    smart = learner is not None and learner.fitted
    while not game.is_over(state):
        moves = game.legal_moves(state)
        if game.current_player(state) != seat or learner is None or len(moves) == 1:
            state = game.apply(state, moves[int(rng.integers(len(moves)))])
            continue
        world = game.determinize(game.observe(state, seat), int(rng.integers(2**32)))
        after = [features(game.observe(game.apply(world, m), seat)) for m in moves]
        if not smart or rng.random() < explore:
            pick = int(rng.integers(len(moves)))
        else:
            pick = int(np.argmax([learner.value(x) for x in after]))
        chosen.append(after[pick])
        state = game.apply(state, moves[pick])
    winners = game.winners(state)
    won = 1.0 / len(winners) if seat in winners else 0.0
    scores = game.scores(state)
    margin = scores[seat] - max(v for q, v in enumerate(scores) if q != seat)
    return won, chosen, max(-1.0, min(1.0, margin / scale))


def interval(wins: float, games: int) -> float:
    """Half the width of a normal 95% interval of a win rate."""
    p = wins / games
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / games)


def train_learner(
    game: AnyGame,
    options: Any,
    features: Features,
    size: int,
    games: int,
    seed: int,
    scale: float,
    rate: float,
) -> Learner:
    """The first ``WARMUP`` games at random measure the standardization (and train on
    their positions); the others play by the current values, exploring, and train after
    each game."""
    learner = Learner(size, rate)
    players = game.num_players(game.new_game(options, 0))
    warmup: list[tuple[list[npt.NDArray[np.float32]], float]] = []
    for i in range(games):
        _, chosen, margin = play(
            game, options, seed + i, i % players, learner, features, scale, EXPLORE
        )
        if not learner.fitted:
            warmup.append((chosen, margin))
            if len(warmup) == min(WARMUP, games):
                learner.standardize([x for positions, _ in warmup for x in positions])
                for positions, target in warmup:
                    learner.learn(positions, target)
            continue
        learner.learn(chosen, margin)
    return learner


def run_title(name: str, train: int, evaluate: int, seed: int, rate: float) -> list[str]:
    game = get_game(name)
    players, scale = TITLES[name]
    options = game.default_options(players)
    first = game.observe(game.new_game(options, 0), 0)
    inputs: dict[str, Features | None] = {
        "tensor": game.observation_tensor,
        "feature hash": observation_features,
        "random": None,
    }
    rows = []
    title = f"{game.spec.title.split(':')[0]} ({players} players)"
    for label, features in inputs.items():
        started = time.perf_counter()
        learner = None
        if features is not None:
            size = len(features(first))
            learner = train_learner(game, options, features, size, train, seed, scale, rate)
        wins = 0.0
        for i in range(evaluate):
            wins += play(
                game,
                options,
                1_000_000 + seed + i,
                i % players,
                learner,
                features or observation_features,
                scale,
            )[0]
        seconds = time.perf_counter() - started
        trained = "-" if learner is None else str(train)
        width = "-" if features is None else str(len(features(first)))
        rows.append(
            f"| {title} | {label} | {width} | {trained} | "
            f"{wins / evaluate:.1%} ± {interval(wins, evaluate):.1%} | {seconds:.0f} s |"
        )
        print(rows[-1], flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--titles", default="serica,kashgar", help="comma-separated titles")
    parser.add_argument("--train", type=int, default=200, help="training games per learner")
    parser.add_argument("--eval", type=int, default=500, help="evaluation games per player")
    parser.add_argument("--seed", type=int, default=1, help="first training seed")
    parser.add_argument("--rate", type=float, default=0.01, help="learning rate")
    args = parser.parse_args(argv)
    titles = [t.strip() for t in args.titles.split(",") if t.strip()]
    unknown = [t for t in titles if t not in TITLES]
    if unknown:
        parser.error(f"titles are {', '.join(TITLES)}, got {', '.join(unknown)}")
    words = sys.argv[1:] if argv is None else argv
    print(f"python benchmarks/bench_learning.py {' '.join(words)}".rstrip())
    print()
    print("| title | player | inputs | training games | win rate against random | time |")
    print("|---|---|---:|---:|---:|---:|")
    for name in titles:
        run_title(name, args.train, args.eval, args.seed, args.rate)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
