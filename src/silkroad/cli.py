"""The ``silkroad`` command: play, simulate, replay, bench and rule coverage.

Every sub-command works on any registered title (built-in, plugin, or named in
``SILKROAD_GAMES``), through the ``Game`` protocol only. Bad input (an unknown game, a bad
file, a bad option) prints one line on stderr and exits with code 2, without a traceback.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import textwrap
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
    if players is not None and players not in spec.allowed_players:
        raise UsageError(f"{spec.name} is for {spec.players_text()} players, not {players}")
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

    from silkroad.interactive import move_line

    def log(number: int, player: int, move: Any, before: Any) -> None:
        if not quiet:
            out.print(f"{number:5d}. P{player}  {move_line(game, before, move)}", highlight=False)

    played = play_game(game, options, seed, names, on_move=log)
    if not quiet:
        out.print()
        out.print(game.render(played.state), highlight=False)
    result = played.result
    title = f"Final scores after {played.decisions} decisions"
    if result.truncated:
        title += " (truncated by the game-length safeguard: no winner)"
    table = Table(title=title)
    for column in ("seat", "agent", "score", ""):
        table.add_column(column)
    for seat, (name, score) in enumerate(zip(names, result.scores, strict=True)):
        table.add_row(f"P{seat}", name, str(score), "winner" if seat in result.winners else "")
    out.print(table)
    return played


def _read_line(prompt: str) -> str:
    """One line from standard input (EOFError when it ends)."""
    return input(prompt)


def cmd_play(args: argparse.Namespace, out: Console) -> int:
    game = get_game(args.game)
    moves: tuple[Any, ...] = ()
    if args.resume:
        if args.players is not None or args.option:
            raise UsageError("--resume continues with the record's own options")
        record = Record.load(args.resume)
        if record.game != game.spec.name:
            raise UsageError(f"{args.resume} is a {record.game} game, not {game.spec.name}")
        if record.result is not None:
            raise UsageError(f"{args.resume} is a finished game; use 'silkroad replay'")
        options, seed, moves = record.options, record.seed, record.moves
    else:
        options, seed = build_options(game, args.players, args.option), args.seed
    seats = _players_of(game, options)
    humans = set(args.human or ())
    for seat in humans:
        if not 0 <= seat < seats:
            raise UsageError(f"--human {seat}: seats are 0 to {seats - 1}")
    if not humans and not args.resume:
        names = agent_names(args.agents, seats)
        played = _play_and_print(game, options, seed, names, out, quiet=args.quiet)
        if args.save:
            played.record.save(args.save)
            out.print(f"record saved to {args.save}")
        return 0
    return _play_with_humans(game, options, seed, seats, humans, moves, args, out)


def _play_with_humans(
    game: AnyGame,
    options: Any,
    seed: int,
    seats: int,
    humans: set[int],
    moves: tuple[Any, ...],
    args: argparse.Namespace,
    out: Console,
) -> int:
    from silkroad.agents import AGENTS, make_agent
    from silkroad.interactive import HumanGame
    from silkroad.match import agent_seeds

    default = next((a for a in ("ismcts", "greedy") if a in AGENTS), "random")
    names = agent_names(args.agents or default, seats)
    seeds = agent_seeds(seed, seats)
    agents = {p: make_agent(names[p], seeds[p]) for p in range(seats) if p not in humans}
    opponents = ", ".join(f"P{p} {names[p]}" for p in sorted(agents)) or "none"
    you = ", ".join(f"P{p}" for p in sorted(humans)) or "nobody (agents only)"
    out.print(f"[bold]{game.spec.title}[/bold] · seed {seed} · you: {you} · agents: {opponents}")
    if moves:
        out.print(f"resuming after {len(moves)} decisions")
    out.print("Type 'help' for the commands.")
    session = HumanGame(game, options, seed, humans, agents, read=_read_line, out=out, moves=moves)
    record = session.play()
    if args.save:
        record.save(args.save)
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


def cmd_simulate(args: argparse.Namespace, out: Console) -> int:
    from rich.progress import Progress

    from silkroad.tournament import run_tournament, summarize

    game = get_game(args.game)
    options = build_options(game, args.players, args.option)
    seats = _players_of(game, options)
    names = agent_names(args.agents, seats)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.backend == "ray" and importlib.util.find_spec("ray") is None:
        raise UsageError("--backend ray needs Ray: pip install 'silkroad[ray]'")
    save_dir = Path(args.save) if args.save else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    seeds = [args.seed + i for i in range(args.games)]
    with Progress(console=out, transient=True, disable=args.quiet or args.json) as bar:
        task = bar.add_task(f"{game.spec.name}: {args.games} games", total=args.games)
        results = run_tournament(
            game,
            options,
            seeds,
            names,
            workers=max(1, args.workers),
            rotate=not args.no_rotate,
            keep_records=save_dir is not None,
            progress=lambda: bar.advance(task),
            backend=args.backend,
            ray_address=args.ray_address,
        )
    if save_dir is not None:
        for r in results:
            if r.record is not None:
                r.record.save(save_dir / f"{game.spec.name}-seed{r.seed}.json")
    stats = summarize(results, names)
    errors = [r for r in results if r.error is not None]
    truncated = sum(r.truncated for r in results)
    if args.json:
        document = {
            "game": game.spec.name,
            "players": seats,
            "games": len(results),
            "seeds": [seeds[0], seeds[-1]],
            "rotated": not args.no_rotate,
            "errors": len(errors),
            "truncated": truncated,
            "agents": [
                {
                    "entrant": st.entrant,
                    "agent": st.agent,
                    "games": st.games,
                    "wins": st.wins,
                    "win_rate": st.win_rate,
                    "mean_score": st.mean_score,
                    "score_spread": st.score_spread,
                    "mean_length": st.mean_length,
                    "seconds_per_decision": st.seconds_per_decision,
                    "truncated": st.truncated,
                }
                for st in stats
            ],
            "results": [
                {
                    "seed": r.seed,
                    "seats": [names[e] for e in r.entrants],
                    "scores": list(r.scores),
                    "winners": list(r.winners),
                    "outcome": None
                    if r.error is not None
                    else ("truncated" if r.truncated else "finished"),
                    "decisions": r.decisions,
                    "error": r.error,
                }
                for r in results
            ],
        }
        print(json.dumps(document, indent=2))
        return 1 if errors else 0
    rotated = "seats rotated" if not args.no_rotate else "fixed seats"
    table = Table(
        title=f"{game.spec.title}: {len(results)} games, {seats} players, "
        f"seeds {seeds[0]}..{seeds[-1]}, {rotated}"
    )
    for column in (
        "entrant",
        "agent",
        "wins",
        "win %",
        "mean score",
        "spread",
        "mean length",
        "ms/decision",
        "truncated",
    ):
        table.add_column(column, justify="right")
    for st in stats:
        table.add_row(
            f"A{st.entrant}",
            st.agent,
            str(st.wins),
            f"{100 * st.win_rate:.1f}",
            f"{st.mean_score:.2f}",
            f"{st.score_spread:.2f}",
            f"{st.mean_length:.1f}",
            f"{1000 * st.seconds_per_decision:.2f}",
            str(st.truncated),
        )
    out.print(table)
    out.print(
        f"errors: {len(errors)}; truncated by the game-length safeguard (no winner): "
        f"{truncated}" + (f"; records saved in {save_dir}" if save_dir else "")
    )
    for r in errors[:5]:
        out.print(f"  seed {r.seed}: {r.error}", highlight=False)
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
            summary = f"{record.result.describe()} match"
        out.print(
            f"{where}OK: {record.game}, {len(record.moves)} moves replayed; {summary}",
            highlight=False,
        )
        if args.step:
            from silkroad.interactive import step_through

            step_through(record, get_game(record.game), out, _read_line)
        elif args.show:
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
            else sorted({game.spec.min_players, game.spec.max_players})  # the extremes
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
    report = coverage(scan_markers([tests]))  # all sections: other games' ids are known
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
            spec.players_text(),
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

    p = sub.add_parser(
        "play", help="play one seeded game: agents against each other, or you against agents"
    )
    game_options(p)
    p.add_argument(
        "--agents",
        help="comma-separated agent specs (name or name:key=value...), one per seat "
        "or one for all; seats played by a person are skipped",
    )
    p.add_argument(
        "--human",
        type=int,
        action="append",
        metavar="SEAT",
        help="a seat (0-based) played by you at the terminal; repeatable",
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="continue a game saved with 'save FILE' (or any unfinished record)",
    )
    p.add_argument("--quiet", action="store_true", help="print only the final scores")
    p.add_argument("--save", metavar="FILE", help="write the game's record as JSON")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser(
        "simulate", help="a tournament: many seeded games in parallel, seats rotated, statistics"
    )
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
    p.add_argument("--save", metavar="DIR", help="write every game's record into DIR")
    p.add_argument("--json", action="store_true", help="print machine-readable results")
    p.add_argument(
        "--backend",
        choices=["local", "ray"],
        default="local",
        help="local worker processes (default) or Ray tasks (extra 'ray')",
    )
    p.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="a Ray cluster for --backend ray (default: start a local one)",
    )
    p.add_argument(
        "--no-rotate",
        action="store_true",
        help="keep each agent in its seat (default: rotate the lineup each game)",
    )
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
    p.add_argument(
        "--step",
        action="store_true",
        help="then walk through it decision by decision, showing the table (enter: next, q: stop)",
    )
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
    for name, (description, examples) in _HELP.items():
        command = sub.choices[name]
        command.description = textwrap.fill(description, 78)
        command.epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples)
        command.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


_HELP: dict[str, tuple[str, list[str]]] = {
    "games": ("List the registered titles with their player counts.", ["silkroad games"]),
    "demo": (
        "Play a seeded game of every registered title between random agents and print "
        "each as a turn log with the final table and scores.",
        ["silkroad demo", "silkroad demo --seed 7"],
    ),
    "play": (
        "Play one seeded game. Without --human, agents play every seat and the game is "
        "printed as a turn log. With --human SEAT you play that seat at the terminal: "
        "answer with a move's number or notation, or undo, save FILE, help, quit.",
        [
            "silkroad play kashgar --players 3 --seed 7 --save game.json",
            "silkroad play serica --human 0 --agents ismcts",
            "silkroad play kashgar --resume saved.json --human 1",
            'silkroad play kashgar --option \'expansion=["herder", "beggar"]\'',
        ],
    ),
    "simulate": (
        "Play a tournament of seeded games (seed S, S+1, ...) between agents in worker "
        "processes, rotating the lineup every game, and print per agent: wins, win rate, "
        "mean score and its spread, mean game length and time per decision.",
        [
            "silkroad simulate kashgar --games 200 --agents ismcts,random",
            "silkroad simulate serica --games 50 --json --save records/",
            "silkroad simulate kashgar --games 5000 --backend ray --ray-address auto",
        ],
    ),
    "replay": (
        "Verify records by replaying every move and checking the recorded result; "
        "--step then walks through one decision at a time.",
        ["silkroad replay game.json", "silkroad replay records/", "silkroad replay g.json --step"],
    ),
    "bench": (
        "Measure decisions and games per second of seeded random playouts, with "
        "python-chess random-playout plies per second from the same run as reference.",
        ["silkroad bench", "silkroad bench kashgar --players 4 --seconds 5"],
    ),
    "rules": (
        "List the rulebook sections; with --coverage, count the tests marked "
        "@pytest.mark.rule for each section (read from the test files, not run).",
        ["silkroad rules --game KG", "silkroad rules --coverage --tests tests"],
    ),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (0 ok, 1 errors found, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    # Piped or captured output gets a fixed, wide page so tables are not folded.
    width = None if sys.stdout.isatty() else 120
    out = Console(highlight=False, soft_wrap=True, width=width)
    try:
        code: int = args.func(args, out)
    except (UsageError, RulesError, OSError) as exc:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        print(f"silkroad: error: {message}", file=sys.stderr)
        return EXIT_USAGE
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
