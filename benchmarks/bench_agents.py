"""Strength and speed of an agent against others, in seat-rotated matches.

Plays ``--games`` games of a title with ``silkroad.arena.match.play_game``: the agent under
test (the first ``--agents`` spec) takes seat ``i % players`` in game ``i`` and the
opponents (the other specs, cycled) fill the remaining seats, so every seat is played
equally often. Game ``i`` uses seed ``--seed + i``; agents get their seeds from
``silkroad.arena.match.agent_seeds``, so a run is reproduced exactly by its command line.
Prints one line per game (with ``--verbose``) and a Markdown table row::

    PYTHONPATH=src python benchmarks/bench_agents.py kashgar --players 2 \\
        --agents ismcts,random --games 40

A shared win counts as ``1 / len(winners)`` of a win. The fair share of a seat is ``1 /
players`` ("-" in solitaire, which is won against the game, not a share of the table).
The win rate's 95% interval is the Wilson score interval of
:func:`silkroad.arena.analysis.rate` (scipy's ``binomtest``); with shared wins, whose count
is not a whole number, it runs from the lower end of the interval of the wins rounded down
to the upper end of the interval of the wins rounded up. Times are CPU seconds of this
process (``time.process_time``), so other work on a shared machine disturbs them less than
it would wall-clock times; they are measurements, not tests.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from silkroad.agents import Agent, make_agent
from silkroad.arena.analysis import rate
from silkroad.arena.match import agent_seeds, play_game
from silkroad.core.game import AnyGame, GameDefinition
from silkroad.core.registry import get_game


class _Timed:
    """An agent wrapper that adds up the CPU time of its decisions."""

    def __init__(self, agent: Agent, game: AnyGame | None = None) -> None:
        self.agent = agent
        self.game = game
        self.seconds = 0.0
        self.decisions = 0
        self.searched = 0

    def choose(self, game: AnyGame, observation: Any, legal_moves: Sequence[Any]) -> Any:
        start = time.process_time()
        move = self.agent.choose(self.game or game, observation, legal_moves)
        self.seconds += time.process_time() - start
        self.decisions += 1
        self.searched += len(legal_moves) > 1
        return move


def interval(wins: float, games: int) -> str:
    """The 95% interval of ``wins`` out of ``games`` in percent, ``[low, high]`` (a shared
    win's fraction widens it to the intervals of the whole counts on either side)."""
    low = rate(math.floor(wins + 1e-9), games).low
    high = rate(math.ceil(wins - 1e-9), games).high
    return f"[{100 * low:.1f}, {100 * high:.1f}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="title name, e.g. kashgar or serica")
    parser.add_argument("--players", type=int, default=None, help="seats (title default)")
    parser.add_argument(
        "--agents",
        default="ismcts,random",
        help="comma-separated specs: the agent under test, then its opponents",
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000, help="seed of game 0")
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    parser.add_argument(
        "--margin-only",
        action="store_true",
        help="the agent under test evaluates by the score margin, not the title's evaluate",
    )
    args = parser.parse_args(argv)

    game = get_game(args.game)
    options = game.default_options(args.players)
    players = game.num_players(game.new_game(options, args.seed))
    specs = args.agents.split(",")
    if len(specs) < 2:
        parser.error("--agents needs the agent under test and at least one opponent")
    subject, opponents = specs[0], specs[1:]
    subject_game: AnyGame | None = None
    if args.margin_only:
        if not isinstance(game, GameDefinition):
            parser.error("--margin-only needs a title built as a GameDefinition")
        subject_game = game.replace(evaluate=None)

    wins = 0.0
    outright = 0
    my_scores: list[int] = []
    other_scores: list[float] = []
    lengths: list[int] = []
    seconds = 0.0
    decisions = searched = 0
    started = time.process_time()
    for i in range(args.games):
        seed = args.seed + i
        seat = i % players
        seeds = agent_seeds(seed, players)
        agents: list[Any] = []
        timed: _Timed | None = None
        k = 0
        for s in range(players):
            if s == seat:
                timed = _Timed(make_agent(subject, seeds[s]), subject_game)
                agents.append(timed)
            else:
                agents.append(make_agent(opponents[k % len(opponents)], seeds[s]))
                k += 1
        assert timed is not None
        played = play_game(game, options, seed, agents)
        result = played.result
        if seat in result.winners:
            wins += 1.0 / len(result.winners)
            outright += len(result.winners) == 1
        my_scores.append(result.scores[seat])
        others = [v for p, v in enumerate(result.scores) if p != seat]
        if others:  # none in a solitaire game
            other_scores.append(statistics.mean(others))
        lengths.append(played.decisions)
        seconds += timed.seconds
        decisions += timed.decisions
        searched += timed.searched
        if args.verbose:
            print(
                f"game {i:3d} seed {seed} seat {seat}: scores {result.scores} "
                f"winners {result.winners} decisions {played.decisions} "
                f"subject {timed.seconds:.1f}s",
                file=sys.stderr,
                flush=True,
            )
    n = args.games
    elapsed = time.process_time() - started
    print(
        "| game | players | agent | opponents | games | win rate | 95% interval | fair share "
        "| mean score (agent / others) | decisions per game | s per game "
        "| ms per searched decision |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    label = subject + (" (margin only)" if args.margin_only else "")
    fair = f"{1 / players:.0%}" if players > 1 else "-"
    print(
        f"| {game.spec.name} | {players} | {label} | {','.join(opponents)} | {n} "
        f"| {wins / n:.0%} ({wins:g}/{n}) | {interval(wins, n)} | {fair} "
        f"| {statistics.mean(my_scores):.1f} / "
        f"{f'{statistics.mean(other_scores):.1f}' if other_scores else '-'} "
        f"| {statistics.mean(lengths):.0f} | {elapsed / n:.3g} "
        f"| {1000 * seconds / max(searched, 1):.3g} |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
