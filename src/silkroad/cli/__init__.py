"""The ``silkroad`` command: play, simulate, balance, replay, view, analyze, serve,
positions, bench and rule coverage.

Every sub-command works on any registered title (built-in, plugin, or named in
``SILKROAD_GAMES``), through the ``Game`` protocol only; a game's name is taken in any
case. Bad input (an unknown game, a bad file, a bad option) prints one line on stderr and
exits with code 2, without a traceback; Ctrl-C ends any command without one (exit code
130), after what the command does of its own (``play`` saves the game so far,
``simulate`` and ``balance`` report the games finished).

Each sub-command is one module of this package with ``HELP`` (one line for the listing),
``DESCRIPTION``, ``EXAMPLES``, ``add_arguments(parser)`` and ``run(args, console) -> exit
code``; :data:`COMMANDS` lists them in the order ``silkroad --help`` shows. A new
sub-command is a new module added there.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from types import ModuleType

from rich.console import Console

from silkroad import __version__
from silkroad.cli import (
    analyze,
    balance,
    bench,
    demo,
    games,
    play,
    position,
    replay,
    rules,
    serve,
    simulate,
    view,
)
from silkroad.cli.common import EXIT_INTERRUPTED, EXIT_USAGE, Parser, UsageError, check_seed
from silkroad.core.errors import RulesError

__all__ = ["COMMANDS", "build_parser", "main"]

#: The sub-commands, by name, in the order of ``silkroad --help``.
COMMANDS: dict[str, ModuleType] = {
    "games": games,
    "demo": demo,
    "play": play,
    "simulate": simulate,
    "balance": balance,
    "replay": replay,
    "view": view,
    "analyze": analyze,
    "serve": serve,
    "position": position,
    "bench": bench,
    "rules": rules,
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``silkroad`` with every sub-command."""
    parser = Parser(
        prog="silkroad",
        description="Rules engines for Kashgar, Serica and Dunhuang: play, simulate, "
        "replay, view, bench and rule coverage, on every registered title.",
    )
    parser.add_argument(
        "--version", action="version", version=f"silkroad {__version__}", help="print the version"
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name, command in COMMANDS.items():
        p = sub.add_parser(
            name,
            help=command.HELP,
            description=textwrap.fill(command.DESCRIPTION, 78),
            epilog="examples:\n" + "\n".join(f"  {line}" for line in command.EXAMPLES),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.add_arguments(p)
        p.set_defaults(func=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (0 ok, 1 errors found, 2 bad input)."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if isinstance(getattr(args, "game", None), str):
            args.game = args.game.lower()  # a game's name is lower case: any case is taken
        check_seed(getattr(args, "seed", None))
        # Piped or captured output gets a fixed, wide page so tables are not folded.
        width = None if sys.stdout.isatty() else 120
        # Everything is printed as written: no rich markup (an install hint's
        # 'silkroad[analysis]', a person's input or a file name in brackets stays whole);
        # styles are given as rich.text.Text.
        out = Console(highlight=False, soft_wrap=True, width=width, markup=False)
        code: int = args.func(args, out)
    except (UsageError, RulesError, OSError) as exc:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        print(f"silkroad: error: {message}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:  # Ctrl-C where a command has nothing of its own to do
        print("\nsilkroad: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
