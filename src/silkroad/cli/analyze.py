"""``silkroad analyze``: which decisions of a record mattered, by the search's estimates."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from rich.console import Console
from rich.table import Table

from silkroad.analysis import DEFAULT_ITERATIONS, Analysis, DecisionAnalysis, analyze
from silkroad.cli.common import (
    UsageError,
    add_worker_arguments,
    check_seed,
    float_range,
    int_range,
    writable_file,
)
from silkroad.cli.report import WORKERS_PER_CPU
from silkroad.core.errors import shorten
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, replay

HELP = "which decisions of a record mattered: the search's estimate of each move played"
DESCRIPTION = (
    "For each decision of a record (or --from/--to, or one seat's with --seat), search "
    "from what the deciding seat could see then (never the record's hidden cards) and "
    "print the estimate of the move played and of the best move found: the win chance, "
    "the expected VP margin and the drop between them. The largest drops are listed as "
    "the decisions that mattered, each with the position and the better move in words. "
    "--save writes the record with the analysis, which 'silkroad view' draws and "
    "'silkroad replay --step' shows. The budget is per decision (--iterations, --seconds); "
    "--workers and --backend ray spread the decisions as 'simulate' spreads games. "
    "Every figure is the search's at its budget: see docs/analysis.md for its stability."
)
EXAMPLES = [
    "silkroad analyze game.json",
    "silkroad analyze game.json --seat 0 --iterations 400 --save game-analyzed.json",
    "silkroad analyze game.json --from 20 --to 60 --workers 4",
    "silkroad analyze game.json --seconds 0.5 --backend ray",
]


#: The most decisions ``--from`` and ``--to`` may name (a record's length is bounded well
#: below it by each title's game-length safeguard).
MAX_DECISIONS = 1_000_000
#: The largest budget a decision may be given, in iterations and in seconds.
MAX_ITERATIONS, MAX_SECONDS = 1_000_000, 3600
#: The most decisions that mattered a run lists.
MAX_TOP = 1000
#: No title seats more players than this; the record's game says which seats there are.
MAX_SEATS = 64


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="RECORD", help="a record (silkroad play --save)")
    p.add_argument(
        "--from",
        dest="first",
        type=int_range(1, MAX_DECISIONS),
        default=1,
        metavar="N",
        help="the first decision to analyze (1-based; default 1)",
    )
    p.add_argument(
        "--to",
        dest="last",
        type=int_range(1, MAX_DECISIONS),
        metavar="N",
        help="the last decision to analyze (default: the record's last)",
    )
    p.add_argument("--seat", type=int, metavar="N", help="only the decisions of seat N")
    p.add_argument(
        "--iterations",
        type=int_range(1, MAX_ITERATIONS),
        metavar="N",
        help=f"search iterations per decision (default {DEFAULT_ITERATIONS})",
    )
    p.add_argument(
        "--seconds",
        type=float_range(0, MAX_SECONDS, above=True, unit="seconds"),
        metavar="S",
        help="a time limit per decision, in seconds",
    )
    p.add_argument(
        "--agent",
        default="ismcts",
        metavar="SPEC",
        help="the searching agent and its settings (default ismcts; e.g. ismcts:exploration=0.5)",
    )
    p.add_argument("--seed", type=int, default=0, help="the analysis seed (default 0)")
    p.add_argument(
        "--top",
        type=int_range(0, MAX_TOP),
        default=5,
        metavar="K",
        help="decisions that mattered to list (5)",
    )
    p.add_argument("--save", metavar="FILE", help="write the record with its analysis")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    add_worker_arguments(p, workers=1)
    p.add_argument("--quiet", action="store_true", help="no progress line")


class _Progress:
    """The progress line on standard error: decisions done, time each, time left."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        spent = time.monotonic() - self.start
        each = spent / done
        left = each * (total - done)
        end = "\n" if done == total else ""
        print(
            f"\ranalyzed {done}/{total} decisions, {each:.2f} s each, "
            f"about {_duration(left)} left ",
            end=end,
            file=sys.stderr,
            flush=True,
        )


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, rest = divmod(int(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _check(args: argparse.Namespace) -> None:
    check_seed(args.seed)
    if args.seat is not None and not 0 <= args.seat < MAX_SEATS:
        raise UsageError(f"--seat {shorten(args.seat)}: a seat of the record's game")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {shorten(args.workers)}")
    most = WORKERS_PER_CPU * (os.cpu_count() or 1)
    if args.backend == "local" and args.workers > most:
        raise UsageError(f"--workers {shorten(args.workers)}: this machine runs at most {most}")
    if args.save is not None:
        writable_file("--save", args.save)


def run(args: argparse.Namespace, out: Console) -> int:
    _check(args)
    record = Record.load(args.record)
    game = get_game(record.game)
    replay(record)
    progress = _Progress(not args.quiet and not args.json and sys.stderr.isatty())
    try:
        result = analyze(
            game,
            record,
            agent=args.agent,
            iterations=args.iterations,
            seconds=args.seconds,
            seed=args.seed,
            first=args.first,
            last=args.last,
            seat=args.seat,
            workers=args.workers,
            backend=args.backend,
            ray_address=args.ray_address,
            start_method=args.start_method,
            progress=progress,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.save is not None:
        result.annotate(record).save(args.save)
    if args.json:
        print(json.dumps(result.to_data(), indent=2))
        return 0
    _print(out, game.spec.title, record, result, args)
    return 0


def _print(
    out: Console, title: str, record: Record, result: Analysis, args: argparse.Namespace
) -> None:
    decisions = result.decisions
    who = "every seat" if args.seat is None else f"seat {args.seat}"
    table = Table(
        title=f"{title}: {len(decisions)} decisions analyzed ({who}), {result.agent}, "
        f"seed {result.seed}"
    )
    for column in ("move", "seat", "played", "win", "best", "win ", "drop"):
        if column in ("played", "best"):
            table.add_column(column, justify="left")
        else:
            table.add_column(column.strip(), justify="right")
    for d in decisions:
        table.add_row(
            str(d.index + 1),
            f"P{d.player}",
            d.move,
            _percent(None if d.played is None else d.played.win),
            "=" if d.agrees else d.best.move,
            _percent(d.best.win),
            "-" if d.drop is None else f"{100 * d.drop:+.0f}",
        )
    out.print(table)
    mattered = result.mattered(args.top)
    if mattered:
        out.print("The decisions that mattered (largest drops of the win chance):")
        for d in mattered:
            out.print(_mattered_lines(d), highlight=False, markup=False)
    elif decisions:
        out.print("No decision lost anything by the search's estimates.")
    seconds = sum(d.seconds for d in decisions)
    if decisions:
        out.print(
            f"{seconds / len(decisions):.3f} s of search per decision; the estimates are "
            f"the search's at its budget (docs/analysis.md: their stability)",
            highlight=False,
        )
    if args.save is not None:
        out.print(f"annotated record written to {args.save}", highlight=False)


def _mattered_lines(d: DecisionAnalysis) -> str:
    if d.played is None:
        played = f"{d.move}: not searched at this budget"
    else:
        played = f"{d.move} ({d.played.words}): {d.played.line()}"
    drop = 0.0 if d.drop is None else d.drop
    return (
        f"  move {d.index + 1} ({d.position}): drop {100 * drop:.0f} points\n"
        f"    played  {played}\n"
        f"    better  {d.best.move} ({d.best.words}): {d.best.line()}"
    )
