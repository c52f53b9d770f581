"""The ``silkroad`` command: play, simulate, replay, bench and rule coverage.

Every sub-command works on any registered title (built-in, plugin, or named in
``SILKROAD_GAMES``), through the ``Game`` protocol only. Bad input (an unknown game, a bad
file, a bad option) prints one line on stderr and exits with code 2, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.table import Table

from silkroad.core.errors import RulesError
from silkroad.core.game import AnyGame
from silkroad.core.replay import Record, replay
from silkroad.core.serialize import from_data, to_data
from silkroad.registry import GAMES, get_game

__all__ = ["main"]

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad command-line input: reported in one line with exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


# --- helpers -----------------------------------------------------------------------------


def build_options(game: AnyGame, players: int | None, settings: Sequence[str]) -> Any:
    """The game's options for ``--players`` and ``--option key=value`` settings."""
    spec = game.spec
    if players is not None and not spec.min_players <= players <= spec.max_players:
        raise UsageError(
            f"{spec.name} is for {spec.min_players} to {spec.max_players} players, not {players}"
        )
    options = game.default_options(players)
    if not settings:
        return options
    plain = to_data(options)
    for setting in settings:
        key, sep, text = setting.partition("=")
        if not sep or not isinstance(plain, dict) or key not in plain:
            known = ", ".join(plain) if isinstance(plain, dict) else "none"
            raise UsageError(f"--option takes KEY=VALUE with KEY one of: {known}; got {setting!r}")
        try:
            plain[key] = json.loads(text)
        except ValueError:
            plain[key] = text  # a bare word is a string
    try:
        return from_data(plain, type(options))
    except RulesError as exc:
        raise UsageError(f"bad --option: {exc}") from None


def agent_names(text: str | None, seats: int) -> list[str]:
    from silkroad.agents import make_agent

    names = [n.strip() for n in (text or "random").split(",")]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise UsageError(f"--agents names {len(names)} agents for {seats} seats")
    for name in names:
        try:
            make_agent(name, 0)  # refuse an unknown agent or bad parameters up front
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return names


def _players_of(game: AnyGame, options: Any) -> int:
    return game.num_players(game.new_game(options, 0))


# --- play --------------------------------------------------------------------------------


def _play_and_print(
    game: AnyGame, options: Any, seed: int, names: list[str], out: Console, *, quiet: bool
) -> Any:
    from silkroad.match import play_game

    out.print(
        f"[bold]{game.spec.title}[/bold] ({game.spec.name}) · {len(names)} players · "
        f"seed {seed} · agents {', '.join(names)}"
    )

    def log(number: int, player: int, move: Any, before: Any) -> None:
        if not quiet:
            text = game.format_move(move)
            described = game.describe_move(before, move)
            line = text if described == text else f"{text:14} {described}"
            out.print(f"{number:5d}. P{player}  {line}", highlight=False)

    outcome = play_game(game, options, seed, names, on_move=log)
    if not quiet:
        out.print()
        out.print(game.render(outcome.state), highlight=False)
    table = Table(title=f"Final scores after {outcome.decisions} decisions")
    for column in ("seat", "agent", "score", ""):
        table.add_column(column)
    result = outcome.result
    for seat, (name, score) in enumerate(zip(names, result.scores, strict=True)):
        table.add_row(f"P{seat}", name, str(score), "winner" if seat in result.winners else "")
    out.print(table)
    return outcome


def cmd_play(args: argparse.Namespace, out: Console) -> int:
    game = get_game(args.game)
    options = build_options(game, args.players, args.option)
    names = agent_names(args.agents, _players_of(game, options))
    outcome = _play_and_print(game, options, args.seed, names, out, quiet=args.quiet)
    if args.save:
        outcome.record.save(args.save)
        out.print(f"record saved to {args.save}")
    return 0


def cmd_demo(args: argparse.Namespace, out: Console) -> int:
    if not GAMES:
        out.print("no title is installed yet: silkroad has no game to play")
        return 0
    for name in GAMES:
        game = get_game(name)
        options = game.default_options()
        names = agent_names(None, _players_of(game, options))
        _play_and_print(game, options, args.seed, names, out, quiet=False)
        out.print()
    return 0


# --- simulate ----------------------------------------------------------------------------


def _simulate_one(job: tuple[str, Any, int, list[str]]) -> dict[str, Any]:
    from silkroad.match import play_game

    name, options, seed, agents = job
    game = get_game(name)
    try:
        outcome = play_game(game, options, seed, agents)
    except Exception as exc:  # counted and shown, never hidden
        return {"seed": seed, "error": f"{type(exc).__name__}: {exc}"}
    result = outcome.result
    return {
        "seed": seed,
        "scores": list(result.scores),
        "winners": list(result.winners),
        "decisions": outcome.decisions,
    }


def _pool_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run_simulation(
    game: AnyGame,
    options: Any,
    seeds: Sequence[int],
    agents: list[str],
    workers: int,
    progress: Any = None,
) -> list[dict[str, Any]]:
    """Play one game per seed, in ``workers`` processes; results in seed order."""
    jobs = [(game.spec.name, options, seed, agents) for seed in seeds]
    results: list[dict[str, Any]] = []
    if workers <= 1:
        for job in jobs:
            results.append(_simulate_one(job))
            if progress is not None:
                progress()
    else:
        with _pool_context().Pool(workers) as pool:
            for item in pool.imap_unordered(_simulate_one, jobs, chunksize=4):
                results.append(item)
                if progress is not None:
                    progress()
    return sorted(results, key=lambda r: seeds.index(r["seed"]))


def cmd_simulate(args: argparse.Namespace, out: Console) -> int:
    from rich.progress import Progress

    game = get_game(args.game)
    options = build_options(game, args.players, args.option)
    seats = _players_of(game, options)
    names = agent_names(args.agents, seats)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    workers = max(1, args.workers)
    seeds = [args.seed + i for i in range(args.games)]
    with Progress(console=out, transient=True, disable=args.quiet) as bar:
        task = bar.add_task(f"{game.spec.name}: {args.games} games", total=args.games)
        results = run_simulation(
            game, options, seeds, names, workers, progress=lambda: bar.advance(task)
        )
    errors = [r for r in results if "error" in r]
    done = [r for r in results if "error" not in r]
    table = Table(
        title=f"{game.spec.title}: {len(results)} games, {seats} players, "
        f"seeds {seeds[0]}..{seeds[-1]}"
    )
    for column in ("seat", "agent", "wins", "win %", "mean score", "min", "max"):
        table.add_column(column, justify="right")
    for seat in range(seats):
        scores = [r["scores"][seat] for r in done]
        wins = sum(seat in r["winners"] for r in done)
        table.add_row(
            f"P{seat}",
            names[seat],
            str(wins),
            f"{100 * wins / len(done):.1f}" if done else "-",
            f"{sum(scores) / len(scores):.2f}" if scores else "-",
            str(min(scores)) if scores else "-",
            str(max(scores)) if scores else "-",
        )
    out.print(table)
    lengths = [r["decisions"] for r in done]
    mean_length = f"{sum(lengths) / len(lengths):.1f}" if lengths else "-"
    out.print(f"mean game length: {mean_length} decisions; errors: {len(errors)}")
    for r in errors[:5]:
        out.print(f"  seed {r['seed']}: {r['error']}", highlight=False)
    return 1 if errors else 0


# --- replay ------------------------------------------------------------------------------


def record_files(paths: Sequence[str]) -> list[Path]:
    """The record files named: files as given, directories searched for ``*.json``."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(path.rglob("*.json"))
            if not found:
                raise UsageError(f"no *.json record in directory {name!r}")
            files.extend(found)
        else:
            files.append(path)
    return files


def cmd_replay(args: argparse.Namespace, out: Console) -> int:
    for path in record_files(args.files):
        record = Record.load(path)
        state = replay(record)
        where = f"{path}: " if len(args.files) > 1 or path != Path(args.files[0]) else ""
        if record.result is None:
            summary = "the game is not over"
        else:
            summary = (
                f"scores {list(record.result.scores)}, winners {list(record.result.winners)} match"
            )
        out.print(
            f"{where}OK: {record.game}, {len(record.moves)} moves replayed; {summary}",
            highlight=False,
        )
        if args.show:
            out.print(get_game(record.game).render(state), highlight=False)
    return 0


# --- bench -------------------------------------------------------------------------------


def cmd_bench(args: argparse.Namespace, out: Console) -> int:
    from silkroad.bench import bench_chess, bench_game

    names = [args.game] if args.game else list(GAMES)
    if not names:
        out.print("no title is installed yet: nothing to measure")
        return 0
    table = Table(title=f"random playouts, about {args.seconds:g} s each")
    for column in ("game", "players", "games", "decisions", "decisions/s", "games/s"):
        table.add_column(column, justify="right")
    rates: list[tuple[str, float]] = []
    for name in names:
        game = get_game(name)
        counts = (
            [args.players]
            if args.players
            else sorted({game.spec.min_players, game.spec.max_players})
        )
        for players in counts:
            options = build_options(game, players, args.option)
            result = bench_game(game, options, seconds=args.seconds, seed=args.seed)
            rates.append((f"{name} ({players} players)", result.decisions_per_second))
            table.add_row(
                name,
                str(players),
                str(result.games),
                str(result.decisions),
                f"{result.decisions_per_second:,.0f}",
                f"{result.games_per_second:,.1f}",
            )
    chess_rate = bench_chess(seconds=args.seconds, seed=args.seed)
    if chess_rate is not None:
        table.add_row(
            "python-chess",
            "2",
            str(chess_rate.games),
            str(chess_rate.decisions),
            f"{chess_rate.decisions_per_second:,.0f}",
            f"{chess_rate.games_per_second:,.1f}",
        )
    out.print(table)
    if chess_rate is None:
        out.print("python-chess is not installed (pip install 'silkroad[bench]'): no reference")
    else:
        for label, rate in rates:
            out.print(
                f"{label}: {rate / chess_rate.decisions_per_second:.2f}x "
                "python-chess random-playout plies per second"
            )
    return 0


# --- rules -------------------------------------------------------------------------------


def cmd_rules(args: argparse.Namespace, out: Console) -> int:
    from silkroad.testing.coverage import coverage, load_sections, scan_markers

    sections = [s for s in load_sections() if args.game in (None, s.game)]
    if args.game and not sections:
        raise UsageError(f"no rulebook has sections with prefix {args.game!r} (KG, SR or DH)")
    if not args.coverage:
        for s in sections:
            out.print(
                f"{s.id:10} {s.title}" + ("" if s.has_rules else "  (no rules)"), highlight=False
            )
        return 0
    tests = Path(args.tests)
    if not tests.exists():
        raise UsageError(f"test directory {str(tests)!r} does not exist (use --tests DIR)")
    report = coverage(scan_markers([tests]), sections)
    table = Table(title=f"rulebook sections with tests (markers in {tests})")
    for column in ("section", "heading", "tests"):
        table.add_column(column)
    for s in sections:
        if s.has_rules:
            count = report.tests.get(s.id, 0)
            table.add_row(s.id, s.title, str(count) if count else "[red]none[/red]")
    out.print(table)
    for game in sorted({s.game for s in sections}, key=["KG", "SR", "DH"].index):
        done, total = report.summary(game)
        out.print(f"{game}: {done}/{total} sections have tests")
    if report.unknown_ids:
        out.print(f"marker ids that name no section: {', '.join(report.unknown_ids)}")
    return 0


def cmd_games(args: argparse.Namespace, out: Console) -> int:
    if not GAMES:
        out.print("no title is installed yet")
        return 0
    table = Table(title="registered games")
    for column in ("name", "title", "players", "information", "rules version"):
        table.add_column(column)
    for name in GAMES:
        spec = GAMES[name].spec
        table.add_row(
            name,
            spec.title,
            f"{spec.min_players}-{spec.max_players}",
            spec.information.value,
            spec.rules_version,
        )
    out.print(table)
    return 0


# --- parser ------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="silkroad", description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def game_options(p: argparse.ArgumentParser, *, game_required: bool = True) -> None:
        if game_required:
            p.add_argument("game", help="a registered game (see 'silkroad games')")
        p.add_argument("--players", type=int, help="number of players (default: the game's)")
        p.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="set a field of the game's Options (JSON value), repeatable",
        )
        p.add_argument("--seed", type=int, default=0, help="seed (default 0)")

    p = sub.add_parser("games", help="list the registered games")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("demo", help="play a seeded game of every registered title")
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("play", help="play one seeded game between agents and print its log")
    game_options(p)
    p.add_argument("--agents", help="comma-separated agent names, one per seat or one for all")
    p.add_argument("--quiet", action="store_true", help="print only the final scores")
    p.add_argument("--save", metavar="FILE", help="write the game's record as JSON")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many seeded games in parallel, print statistics")
    game_options(p)
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default: CPU count)",
    )
    p.add_argument("--agents", help="comma-separated agent names, one per seat or one for all")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("replay", help="verify saved records by replaying them")
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="records written by 'silkroad play --save' or Record.save; a "
        "directory means every *.json below it",
    )
    p.add_argument("--show", action="store_true", help="print the final table")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("bench", help="measure random-playout speed (and python-chess's)")
    game_options(p, game_required=False)
    p.add_argument("game", nargs="?", help="one game (default: every registered game)")
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("rules", help="list rulebook sections; --coverage: which have tests")
    p.add_argument("--coverage", action="store_true", help="count tests per section")
    p.add_argument("--tests", default="tests", help="test directory to scan (default tests)")
    p.add_argument("--game", choices=["KG", "SR", "DH"], help="only one rulebook")
    p.set_defaults(func=cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (0 ok, 1 errors found, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    out = Console(highlight=False, soft_wrap=True)
    try:
        code: int = args.func(args, out)
    except (UsageError, RulesError, OSError) as exc:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        print(f"silkroad: error: {message}", file=sys.stderr)
        return EXIT_USAGE
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
