"""Running a tournament for the command and printing its figures (shared by ``simulate``
and ``balance``)."""

from __future__ import annotations

import argparse
import importlib.util
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.table import Table

from silkroad.arena.analysis import Rate, TournamentFigures
from silkroad.arena.tournament import GameResult, run_tournament
from silkroad.cli.common import UsageError, progress_bar, writable_file
from silkroad.core.errors import shorten
from silkroad.core.game import AnyGame
from silkroad.core.rng import SEEDS

__all__ = [
    "Played",
    "check_tournament_arguments",
    "figure_tables",
    "interrupted_line",
    "play_tournament",
    "result_data",
]


def check_tournament_arguments(args: argparse.Namespace, *, needs_analysis: bool) -> None:
    """Refuse bad counts and missing extras before any game is played."""
    from silkroad.arena import analysis

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.resamples < 100:
        raise UsageError("--resamples must be at least 100")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {args.workers}")
    _check_limits(args)
    if args.backend == "ray" and importlib.util.find_spec("ray") is None:
        raise UsageError("--backend ray needs Ray: pip install 'silkroad[ray]'")
    if (needs_analysis or args.plot) and not analysis.available():
        raise UsageError(
            "statistics and plots need the analysis extra: pip install 'silkroad[analysis]'"
        )
    if args.plot:
        if importlib.util.find_spec("matplotlib") is None:
            raise UsageError("--plot needs matplotlib: pip install 'silkroad[analysis]'")
        if Path(args.plot).suffix.lower() not in (".png", ".svg"):
            raise UsageError(f"--plot writes a .png or .svg file, got {args.plot!r}")
        writable_file("--plot", args.plot)


@attrs.frozen
class Played:
    """The games of a tournament that were played: all of them, or those finished when
    Ctrl-C stopped it (``interrupted``), in seed order."""

    results: list[GameResult]
    requested: int
    interrupted: bool = False


#: The most games one run plays (their results are kept in memory): more is a run of
#: several, one ``--seed`` after another.
MAX_GAMES = 1_000_000
#: The most bootstrap resamples of an interval.
MAX_RESAMPLES = 1_000_000
#: The most local worker processes per CPU (more only wait for a core).
WORKERS_PER_CPU = 4


def _check_limits(args: argparse.Namespace) -> None:
    """Refuse counts beyond what a run can do, and seeds outside the seed range, at
    once (each would otherwise hang, or play every game to an error)."""
    if args.games > MAX_GAMES:
        raise UsageError(
            f"--games {shorten(args.games)}: at most {MAX_GAMES:,} games a run (the results "
            "are kept in memory; play more as several runs, each with its own --seed)"
        )
    if args.resamples > MAX_RESAMPLES:
        raise UsageError(f"--resamples {shorten(args.resamples)}: at most {MAX_RESAMPLES:,}")
    cpus = os.cpu_count() or 1
    most = WORKERS_PER_CPU * cpus
    local = args.backend != "ray" or args.ray_address is None
    if local and args.workers > most:
        raise UsageError(
            f"--workers {shorten(args.workers)}: this machine runs at most {most} worker "
            f"processes ({WORKERS_PER_CPU} per CPU, {cpus} CPUs)"
        )
    last = args.seed + args.games - 1
    if args.seed not in SEEDS or last not in SEEDS:
        raise UsageError(
            f"--seed {shorten(args.seed)}: the games' seeds {shorten(args.seed)} to "
            f"{shorten(last)} must be integers from 0 to 2**64 - 1"
        )


def play_tournament(
    args: argparse.Namespace,
    out: Console,
    game: AnyGame,
    options: Any,
    names: Sequence[str],
    *,
    rotate: bool = True,
    keep_records: bool = False,
    holdings: bool = False,
    position: str | None = None,
) -> Played:
    """Play ``args.games`` seeded games (seeds ``args.seed`` on) with a progress bar;
    Ctrl-C stops them, keeping the games finished so far. With ``position`` every game
    starts from it, what no player has seen dealt anew from the game's seed
    (:func:`~silkroad.arena.tournament.run_tournament`)."""
    seeds = [args.seed + i for i in range(args.games)]
    done: list[GameResult] = []
    try:
        with progress_bar(out, disable=args.quiet or args.json) as bar:
            task = bar.add_task(f"{game.spec.name}: {args.games} games", total=args.games)
            results = run_tournament(
                game,
                options,
                seeds,
                names,
                workers=args.workers,
                rotate=rotate,
                keep_records=keep_records,
                progress=lambda: bar.advance(task),
                backend=args.backend,
                ray_address=args.ray_address,
                holdings=holdings,
                start_method=args.start_method,
                on_result=done.append,
                position=position,
            )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        order = {seed: i for i, seed in enumerate(seeds)}
        finished = sorted(done, key=lambda r: order[r.seed])
        return Played(finished, len(seeds), interrupted=True)
    return Played(results, len(seeds))


def interrupted_line(played: Played) -> str:
    """What an interrupted tournament says (on standard error, so ``--json`` output
    stays one document)."""
    return (
        f"interrupted: {len(played.results)} of {played.requested} games finished; the "
        "figures are of those"
    )


def result_data(r: GameResult) -> dict[str, Any]:
    """One game in ``--json``: seed, the agent of every seat, first player, result."""
    return {
        "seed": r.seed,
        "entrants": list(r.entrants),
        "seats": list(r.agents),
        "first": r.first,
        "scores": list(r.scores),
        "winners": list(r.winners),
        "outcome": None if r.error is not None else r.outcome,
        "decisions": r.decisions,
        "error": r.error,
    }


def figure_tables(f: TournamentFigures, agents: Sequence[str] | None) -> list[Table]:
    """The tables of a :class:`~silkroad.arena.analysis.TournamentFigures`: entrants
    (when ``agents`` is given), turn order and seats, lengths, ratings."""
    tables = []
    if agents is not None:
        t = Table(title="per entrant, finished games (95% Wilson intervals)")
        for column in ("entrant", "agent", "games", "wins", "win rate [95%]", "score"):
            t.add_column(column, justify="left" if column in ("agent", "score") else "right")
        for e, agent in enumerate(agents):
            r = f.win_rates[e]
            t.add_row(f"A{e}", agent, str(r.trials), str(r.successes), _flag(r), f.scores[e].text())
        tables.append(t)
    t = Table(title=f"turn order and seats, parity {100 / f.seats:.1f}% (* interval excludes it)")
    for column in ("", "wins", "win rate [95%]"):
        t.add_column(column, justify="right")
    for k, r in enumerate(f.order_rates):
        label = "first player" if k == 0 else f"turn {k + 1}"
        t.add_row(label, str(r.successes), _flag(r))
    for s, r in enumerate(f.seat_rates):
        t.add_row(f"seat {s}", str(r.successes), _flag(r))
    tables.append(t)
    t = Table(title="game length in decisions")
    for column in ("games", "count", "distribution"):
        t.add_column(column, justify="left" if column == "distribution" else "right")
    t.add_row("finished", str(f.length.count), f.length.text())
    t.add_row("truncated", str(f.truncated_length.count), f.truncated_length.text())
    tables.append(t)
    if f.ratings:
        t = Table(title="Bradley-Terry ratings, Elo scale (95% bootstrap intervals over games)")
        for column in ("entrant", "agent", "rating", "95% interval"):
            t.add_column(column, justify="left" if column == "agent" else "right")
        for rt in sorted(f.ratings, key=lambda x: -x.rating):
            t.add_row(f"A{rt.entrant}", rt.agent, f"{rt.rating:+.0f}", rt.text())
        tables.append(t)
    return tables


def _flag(r: Rate) -> str:
    return r.text() + (" *" if r.flagged else "")
