"""Tournaments: many seeded games between agents, seats rotated, in parallel processes.

Game ``i`` of a tournament uses seed ``seeds[i]`` and rotates the lineup by ``i``: with
entrants ``A, B, C`` the seats are ``A B C``, then ``B C A``, then ``C A B``, so no
entrant keeps the advantage or handicap of one seat. With more entrants than seats the
tournament is a round robin: game ``i`` seats the ``i``-th of every ordered choice of
entrants (:func:`round_robin_lineup`), so each entrant meets each other one in every
seat equally often over a whole cycle. Results are the same whatever the number of
worker processes, the way they are started (fork or spawn) and the backend.

Agents are named by spec strings (see :func:`silkroad.agents.make_agent`), never passed
as objects, so a worker process or a Ray worker builds its own from the spec: an agent
of a plugin or a ``module:attribute`` reference works wherever the module imports.
"""

from __future__ import annotations

import functools
import itertools
import math
import multiprocessing
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from silkroad.agents import agent_factory, parse_agent_spec
from silkroad.arena.match import play_game
from silkroad.core.game import AnyGame, redeal
from silkroad.core.registry import get_game
from silkroad.core.replay import Record

__all__ = [
    "EntrantStats",
    "GameResult",
    "connect_ray",
    "lineup",
    "lineups",
    "round_robin_lineup",
    "run_tournament",
    "summarize",
    "worker_env",
    "worker_pool",
]


@attrs.frozen
class GameResult:
    """One game of a tournament. ``entrants[seat]`` is the entrant index in that seat,
    ``agents[seat]`` its agent spec; ``first`` is the seat that took the first decision;
    ``holdings[seat]`` are the labels of every component that seat held at some point of
    the game (see ``GameDefinition.holdings``), sorted, when the tournament asked for them.
    """

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
    agents: tuple[str, ...] = ()
    first: int | None = None
    holdings: tuple[tuple[str, ...], ...] = ()

    @property
    def outcome(self) -> str:
        """``"finished"``, ``"truncated"`` or ``"error"``."""
        if self.error is not None:
            return "error"
        return "truncated" if self.truncated else "finished"


@attrs.frozen
class EntrantStats:
    """How one entrant did over the tournament (over the games it took part in)."""

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
        """Wins over the finished games (a truncated game has no winner, so it does not
        count either way)."""
        finished = self.games - self.truncated
        return self.wins / finished if finished else 0.0


def lineup(n: int, index: int) -> tuple[int, ...]:
    """The entrant in each seat for game ``index`` of a rotation over ``n`` entrants."""
    return tuple((seat + index) % n for seat in range(n))


@functools.cache
def _permutations(n: int, seats: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.permutations(range(n), seats))


def round_robin_lineup(n: int, seats: int, index: int) -> tuple[int, ...]:
    """The entrants in the seats of game ``index`` of a round robin of ``n`` entrants at
    a table of ``seats``: the ``index``-th (cyclically) of every ordered choice of
    ``seats`` different entrants. Over ``n!/(n-seats)!`` games every entrant sits in every
    seat against every other entrant equally often."""
    if not 1 <= seats <= n:
        raise ValueError(f"a round robin of {n} entrants cannot fill {seats} seats")
    table = _permutations(n, seats)
    return table[index % len(table)]


def lineups(n: int, seats: int, games: int, *, rotate: bool = True) -> list[tuple[int, ...]]:
    """The lineup of every game: rotation when ``n == seats`` (or fixed seats without
    ``rotate``), a round robin when there are more entrants than seats."""
    if n == seats:
        return [lineup(n, i) if rotate else tuple(range(n)) for i in range(games)]
    if n < seats:
        raise ValueError(f"{n} agents for {seats} seats: name one per seat, or one for all")
    if not rotate:
        raise ValueError("a round robin of more agents than seats always rotates the seats")
    return [round_robin_lineup(n, seats, i) for i in range(games)]


_Job = tuple[str, Any, int, tuple[str, ...], tuple[int, ...], bool, bool, str | None]


def _play(job: _Job) -> GameResult:
    name, options, seed, agents, entrants, keep, want_holdings, position = job
    specs = tuple(agents[e] for e in entrants)
    try:
        game = get_game(name)
        start = None
        if position is not None:  # this game's deal of what no player has seen
            start = game.to_position(redeal(game, game.from_position(position, options), seed))
        held: list[set[str]] = []

        holdings_of: Callable[[Any], tuple[frozenset[str], ...]] | None
        holdings_of = getattr(game, "holdings", None)

        def collect(_number: int, _player: int, _move: Any, before: Any) -> None:
            assert holdings_of is not None
            for seat, labels in enumerate(holdings_of(before)):
                held[seat].update(labels)

        want = want_holdings and holdings_of is not None
        if want:
            held = [set() for _ in specs]
        played = play_game(
            game, options, seed, list(specs), on_move=collect if want else None, position=start
        )
        if want:
            collect(0, 0, None, played.state)
    except Exception as exc:  # counted and reported, never hidden
        return GameResult(seed, entrants, error=f"{type(exc).__name__}: {exc}", agents=specs)
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
        agents=specs,
        first=played.first,
        holdings=tuple(tuple(sorted(h)) for h in held),
    )


def _leave_interrupts_to_the_parent() -> None:
    """A worker process ignores Ctrl-C: the terminal sends it to every process of the
    command, and the parent stops the pool (no worker prints a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(start_method: str | None, workers: int) -> Any:
    """A pool of ``workers`` processes that leave Ctrl-C to this one: started while it
    is ignored (so a worker never sees it, even before its initializer runs), and
    ignoring it after."""
    context = _pool_context(start_method)
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        return context.Pool(workers, initializer=_leave_interrupts_to_the_parent)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _pool_context(start_method: str | None) -> Any:
    if start_method is not None:
        return multiprocessing.get_context(start_method)
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
    holdings: bool = False,
    start_method: str | None = None,
    ray_timeout: float = 30.0,
    on_result: Callable[[GameResult], None] | None = None,
    position: str | None = None,
) -> list[GameResult]:
    """Play one game per seed; ``agents`` are specs, one entrant each: one per seat, or
    more for a round robin (see :func:`lineups`).

    Each game starts from the seeded setup of ``options``, or from ``position`` (a
    position's text, read with ``options``) with what no player has seen dealt anew
    from the game's seed (:func:`silkroad.core.game.redeal`): "who wins from here?".
    A record kept holds that game's whole starting position.

    ``backend="local"`` plays in ``workers`` local processes, started by
    ``start_method`` (``"fork"``, ``"spawn"`` or ``"forkserver"``; default fork where
    the platform has it); ``backend="ray"`` sends the games as Ray tasks, ``batch_size``
    games each, to the cluster at ``ray_address`` (or to the one already initialized, or
    to a new local one with ``workers`` CPUs). Either way the results are the same for
    the same seeds. The game must be registered (worker processes find it by name;
    ``SILKROAD_GAMES`` is passed on to Ray workers, with a ``PYTHONPATH`` that finds the
    modules of ``module:attribute`` agents). With ``holdings`` every result lists what
    each seat held during the game. Results come back in seed order; a game that raises
    is a result with ``error`` set. ``on_result(result)`` is called with each result as
    it comes in (in completion order), so a caller interrupted by Ctrl-C (which ends
    the worker processes and raises ``KeyboardInterrupt`` here) still has the games
    finished so far.

    :raises ValueError: for ``workers`` below 1 or an unknown backend.
    :raises ConnectionError: when the Ray cluster at ``ray_address`` cannot be reached or
        does not answer within ``ray_timeout`` seconds.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers!r}")
    n = len(agents)
    try:
        if not seeds:
            seats = n
        elif position is None:
            seats = game.num_players(game.new_game(options, seeds[0]))
        else:
            seats = game.num_players(game.from_position(position, options))
    except Exception:  # that game will be reported with its error
        seats = n
    jobs: list[_Job] = [
        (game.spec.name, options, seed, tuple(agents), entrants, keep_records, holdings, position)
        for seed, entrants in zip(seeds, lineups(n, seats, len(seeds), rotate=rotate), strict=True)
    ]
    results: list[GameResult] = []
    if backend == "ray":
        results = _run_on_ray(
            jobs, workers, ray_address, batch_size, progress, agents, ray_timeout, on_result
        )
    elif backend != "local":
        raise ValueError(f"backend must be 'local' or 'ray', got {backend!r}")
    elif workers <= 1:
        for job in jobs:
            item = _play(job)
            results.append(item)
            if on_result is not None:
                on_result(item)
            if progress is not None:
                progress()
    else:
        with _pool(start_method, workers) as pool:
            for item in pool.imap_unordered(_play, jobs, chunksize=2):
                results.append(item)
                if on_result is not None:
                    on_result(item)
                if progress is not None:
                    progress()
    order = {seed: i for i, seed in enumerate(seeds)}
    return sorted(results, key=lambda r: order[r.seed])


def _play_batch(jobs: list[_Job]) -> list[GameResult]:
    return [_play(job) for job in jobs]


def _run_on_ray(
    jobs: list[_Job],
    workers: int,
    address: str | None,
    batch_size: int,
    progress: Callable[[], None] | None,
    agents: Sequence[str],
    timeout: float = 30.0,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Dispatch the jobs as Ray tasks in batches; results in completion order."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'silkroad[ray]'") from None
    env = _worker_env(agents)
    if not ray.is_initialized():
        settings: dict[str, Any] = {
            "address": address,
            "num_cpus": None if address else max(1, workers),
            "include_dashboard": False,
            "log_to_driver": False,
            "runtime_env": {"env_vars": env} if env else None,
        }
        if address is None:
            ray.init(**settings)  # a new local cluster: nothing to wait for on the network
        else:
            _connect_ray(ray, address, settings, timeout)
    play = ray.remote(_play_batch)
    if env:  # a cluster started elsewhere gets the same environment task by task
        play = play.options(runtime_env={"env_vars": env})
    size = max(1, batch_size)
    pending = [play.remote(jobs[i : i + size]) for i in range(0, len(jobs), size)]
    results: list[GameResult] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for batch in ray.get(done):
            for result in batch:
                results.append(result)
                if on_result is not None:
                    on_result(result)
                if progress is not None:
                    progress()
    return results


def _connect_ray(ray: Any, address: str, settings: dict[str, Any], timeout: float) -> None:
    """Connect to the Ray cluster at ``address``, or fail within ``timeout`` seconds (Ray
    itself waits on an unreachable cluster for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if host and port.isdigit():
        try:
            socket.create_connection((host, int(port)), timeout=timeout).close()
        except OSError as exc:
            raise ConnectionError(f"cannot reach the Ray cluster at {address!r}: {exc}") from None
    failure: list[BaseException] = []

    def init() -> None:
        try:
            ray.init(**settings)
        except BaseException as exc:  # handed to the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=init, name="ray-connect", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise ConnectionError(
            f"the Ray cluster at {address!r} did not answer within {timeout:g} s "
            "(is it running, and is the address right?)"
        )
    if failure:
        raise ConnectionError(
            f"cannot connect to the Ray cluster at {address!r}: {failure[0]}"
        ) from failure[0]


def _worker_env(agents: Sequence[str]) -> dict[str, str]:
    """``SILKROAD_GAMES`` and a ``PYTHONPATH`` for Ray workers: the one of this process,
    plus the directories the modules of ``module:attribute`` agents were imported from."""
    env = {k: v for k, v in os.environ.items() if k in ("SILKROAD_GAMES", "PYTHONPATH")}
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    for spec in agents:
        name, _ = parse_agent_spec(spec)
        if ":" not in name:
            continue
        agent_factory(name)  # imports the module here, or says why it does not import
        module_name = name.partition(":")[0]
        module = sys.modules.get(module_name)
        origin = getattr(module, "__file__", None)
        if module is None or origin is None:
            continue
        root = Path(origin).resolve().parent
        for _ in range(module_name.count(".") + (origin.endswith("__init__.py"))):
            root = root.parent
        if str(root) not in paths:
            paths.append(str(root))
    if paths:
        env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def summarize(results: Sequence[GameResult], agents: Sequence[str]) -> list[EntrantStats]:
    """Per entrant, over the games it took part in: games, wins (a shared win counts for
    each winner; a truncated game has none), mean and spread (standard deviation) of
    score, mean game length, mean seconds per decision, and how many of its games were
    truncated."""
    stats = []
    done = [r for r in results if r.error is None]
    for entrant, agent in enumerate(agents):
        scores, lengths, wins, seconds, decisions, truncated = [], [], 0, 0.0, 0, 0
        for r in done:
            if entrant not in r.entrants:
                continue
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


#: How games are spread, for other work spread the same way (``silkroad.analysis``
#: sends decisions to these pools and clusters): a pool of worker processes that leave
#: Ctrl-C to the parent, the connection to a Ray cluster within a timeout, and the
#: environment Ray workers need to find the titles and the agents.
worker_pool = _pool
connect_ray = _connect_ray
worker_env = _worker_env
