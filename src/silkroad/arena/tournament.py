"""Tournaments: many seeded games between agents, seats rotated, in parallel processes.

Game ``i`` of a tournament uses seed ``seeds[i]`` and rotates the lineup by ``i``: with
entrants ``A, B, C`` the seats are ``A B C``, then ``B C A``, then ``C A B``, so no
entrant keeps the advantage or handicap of one seat. Results are the same whatever the
number of worker processes.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from silkroad.arena.match import play_game
from silkroad.core.game import AnyGame
from silkroad.core.registry import get_game
from silkroad.core.replay import Record

__all__ = ["EntrantStats", "GameResult", "lineup", "run_tournament", "summarize"]


@attrs.frozen
class GameResult:
    """One game of a tournament. ``entrants[seat]`` is the entrant index in that seat."""

    seed: int
    entrants: tuple[int, ...]
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    decisions: int = 0
    decisions_by_seat: tuple[int, ...] = ()
    seconds_by_seat: tuple[float, ...] = attrs.field(default=(), eq=False)
    error: str | None = None
    record: Record | None = attrs.field(default=None, eq=False)
    #: a game-length safeguard stopped the game: it has no winners
    truncated: bool = False


@attrs.frozen
class EntrantStats:
    """How one entrant did over the tournament."""

    entrant: int
    agent: str
    games: int
    wins: int
    mean_score: float
    score_spread: float
    mean_length: float
    #: measured time, left out of equality
    seconds_per_decision: float = attrs.field(eq=False)
    #: games of this entrant that the safeguard truncated (no winner; scores still count)
    truncated: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def lineup(n: int, index: int) -> tuple[int, ...]:
    """The entrant in each seat for game ``index`` of a rotation over ``n`` entrants."""
    return tuple((seat + index) % n for seat in range(n))


def _play(job: tuple[str, Any, int, tuple[str, ...], tuple[int, ...], bool]) -> GameResult:
    name, options, seed, agents, entrants, keep = job
    try:
        played = play_game(get_game(name), options, seed, [agents[e] for e in entrants])
    except Exception as exc:  # counted and reported, never hidden
        return GameResult(seed, entrants, error=f"{type(exc).__name__}: {exc}")
    result = played.result
    return GameResult(
        seed,
        entrants,
        result.scores,
        result.winners,
        played.decisions,
        played.decisions_by_seat,
        played.seconds_by_seat,
        record=played.record if keep else None,
        truncated=result.truncated,
    )


def _pool_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run_tournament(
    game: AnyGame,
    options: Any,
    seeds: Sequence[int],
    agents: Sequence[str],
    *,
    workers: int = 1,
    rotate: bool = True,
    keep_records: bool = False,
    progress: Callable[[], None] | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    batch_size: int = 8,
) -> list[GameResult]:
    """Play one game per seed; ``agents`` are specs, one entrant per seat.

    ``backend="local"`` plays in ``workers`` local processes; ``backend="ray"`` sends the
    games as Ray tasks, ``batch_size`` games each, to the cluster at ``ray_address`` (or
    to the one already initialized, or to a new local one with ``workers`` CPUs). Either
    way the results are the same for the same seeds. The game must be registered (worker
    processes find it by name; ``SILKROAD_GAMES`` is passed on to Ray workers). Results
    come back in seed order; a game that raises is a result with ``error`` set.
    """
    n = len(agents)
    jobs = [
        (
            game.spec.name,
            options,
            seed,
            tuple(agents),
            lineup(n, i) if rotate else tuple(range(n)),
            keep_records,
        )
        for i, seed in enumerate(seeds)
    ]
    results: list[GameResult] = []
    if backend == "ray":
        results = _run_on_ray(jobs, workers, ray_address, batch_size, progress)
    elif backend != "local":
        raise ValueError(f"backend must be 'local' or 'ray', got {backend!r}")
    elif workers <= 1:
        for job in jobs:
            results.append(_play(job))
            if progress is not None:
                progress()
    else:
        with _pool_context().Pool(workers) as pool:
            for item in pool.imap_unordered(_play, jobs, chunksize=2):
                results.append(item)
                if progress is not None:
                    progress()
    order = {seed: i for i, seed in enumerate(seeds)}
    return sorted(results, key=lambda r: order[r.seed])


_Job = tuple[str, Any, int, tuple[str, ...], tuple[int, ...], bool]


def _play_batch(jobs: list[_Job]) -> list[GameResult]:
    return [_play(job) for job in jobs]


def _run_on_ray(
    jobs: list[_Job],
    workers: int,
    address: str | None,
    batch_size: int,
    progress: Callable[[], None] | None,
) -> list[GameResult]:
    """Dispatch the jobs as Ray tasks in batches; results in completion order."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'silkroad[ray]'") from None
    if not ray.is_initialized():
        env = {k: v for k, v in os.environ.items() if k in ("SILKROAD_GAMES", "PYTHONPATH")}
        ray.init(
            address=address,
            num_cpus=None if address else max(1, workers),
            include_dashboard=False,
            log_to_driver=False,
            runtime_env={"env_vars": env} if env else None,
        )
    play = ray.remote(_play_batch)
    size = max(1, batch_size)
    pending = [play.remote(jobs[i : i + size]) for i in range(0, len(jobs), size)]
    results: list[GameResult] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for batch in ray.get(done):
            for result in batch:
                results.append(result)
                if progress is not None:
                    progress()
    return results


def summarize(results: Sequence[GameResult], agents: Sequence[str]) -> list[EntrantStats]:
    """Per entrant: games, wins (a shared win counts for each winner; a truncated game has
    none), mean and spread (standard deviation) of score, mean game length, mean seconds
    per decision, and how many of its games were truncated."""
    stats = []
    done = [r for r in results if r.error is None]
    for entrant, agent in enumerate(agents):
        scores, lengths, wins, seconds, decisions, truncated = [], [], 0, 0.0, 0, 0
        for r in done:
            truncated += r.truncated
            seat = r.entrants.index(entrant)
            scores.append(r.scores[seat])
            lengths.append(r.decisions)
            wins += seat in r.winners
            if r.seconds_by_seat:
                seconds += r.seconds_by_seat[seat]
            decisions += r.decisions_by_seat[seat] if r.decisions_by_seat else 0
        games = len(scores)
        mean = sum(scores) / games if games else 0.0
        spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / games) if games else 0.0
        stats.append(
            EntrantStats(
                entrant,
                agent,
                games,
                wins,
                mean,
                spread,
                sum(lengths) / games if games else 0.0,
                seconds / decisions if decisions else 0.0,
                truncated,
            )
        )
    return stats
