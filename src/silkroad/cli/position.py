"""``silkroad position``: print the position reached after some moves, as TOML; ``silkroad
position check FILE``: the state a position file (or a scenario's start) fills to, and
what the filling rule moved."""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path
from typing import Any

from rich.console import Console

from silkroad.cli.common import (
    UsageError,
    add_game_arguments,
    build_options,
    naming_file,
    parse_typed_move,
)
from silkroad.core.data import loads_toml
from silkroad.core.errors import DataError, InvalidMoveError
from silkroad.core.explain import reason_of, refusal
from silkroad.core.position import Filled, fill_position
from silkroad.core.registry import get_game
from silkroad.core.replay import Record
from silkroad.testing.scenario import load_scenario

HELP = "print the position reached (TOML a person can edit and start from), or check one"
DESCRIPTION = (
    "Print the position of a game as TOML: after the seeded setup, or from a position file "
    "or a record (--from), then after the moves given in the title's notation (--moves). "
    "The output can be edited and used as the start of a scenario (docs/scenarios.md). "
    "'silkroad position check FILE' reads a position file (or the start of a scenario "
    "file), which names its game, and prints the whole position it fills to, then what "
    "the filling rule moved from where to where; a position that cannot be a state is "
    "refused with the field and the rule it breaks (exit code 2)."
)
EXAMPLES = [
    "silkroad position kashgar --seed 3",
    "silkroad position kashgar --moves c1.1 'keep farmer'",
    "silkroad position dunhuang --players 3 --seed 2 > start.toml",
    "silkroad position kashgar --from start.toml --moves c2.1",
    "silkroad position serica --from game.json",
    "silkroad position check start.toml",
    "silkroad position check tests/scenarios/kashgar/example-of-a-turn.scenario.toml",
]

#: The word that makes ``silkroad position`` check a file instead of naming a game.
CHECK = "check"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    p.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help=f"after '{CHECK}': a position file that names its game (game = \"kashgar\"), "
        "or a scenario file (*.scenario.toml)",
    )
    p.add_argument(
        "--moves",
        nargs="+",
        default=[],
        metavar="MOVE",
        help="moves to play first, in the title's notation (quote a move with a space)",
    )
    p.add_argument(
        "--from",
        dest="source",
        metavar="FILE",
        help="start from this position (TOML) or record (JSON: its start and all its moves)",
    )


def _start(game: Any, args: argparse.Namespace) -> Any:
    if args.source is None:
        options = build_options(game, args.players, args.option, args.data)
        return game.new_game(options, args.seed)
    path = Path(args.source)
    if args.players is not None or args.option or args.data:
        raise UsageError("--from starts from the file's own options")
    if path.suffix == ".json":
        record = Record.load(path)
        if record.game != game.spec.name:
            raise UsageError(f"{path} is a {record.game} record, not {game.spec.name}")
        state = record.initial_state(game)
        for move in record.moves:
            state = game.apply(state, move)
        return state
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the file: {exc}", source=str(path)) from None
    with naming_file(path):
        return game.from_position(text)


def run(args: argparse.Namespace, out: Console) -> int:
    if args.game == CHECK:
        return _check(args, out)
    if args.file is not None:
        raise UsageError(
            f"unexpected {args.file!r} after the game (check a file: 'silkroad position "
            f"{CHECK} FILE')"
        )
    game = get_game(args.game)
    state = _start(game, args)
    for number, text in enumerate(args.moves, start=1):
        try:
            move = parse_typed_move(game, state, text)
        except InvalidMoveError as exc:
            raise UsageError(f"move {number}: {exc}") from None
        if move not in game.legal_moves(state):
            # the position is printed whole, so the reason may use all it shows
            legal = [game.format_move(m, state) for m in game.legal_moves(state)]
            why = refusal(reason_of(game, state, move), f"{text!r}", None, legal)
            raise UsageError(f"move {number}: {why}")
        state = game.apply(state, move)
    out.print(game.to_position(state), markup=False, highlight=False, end="")
    return 0


def _check(args: argparse.Namespace, out: Console) -> int:
    """``position check FILE``: the filled position, then what the filling rule moved."""
    if args.file is None:
        raise UsageError(f"'{CHECK}' needs the file to check: silkroad position {CHECK} FILE")
    given = [
        option
        for option, value in (
            ("--moves", args.moves),
            ("--from", args.source),
            ("--players", args.players),
            ("--option", args.option),
            ("--data", args.data),
        )
        if value
    ]
    if given or args.seed != 0:
        what = ", ".join(given) or "--seed"
        raise UsageError(f"{CHECK} reads everything from the file (no {what})")
    path = Path(args.file)
    if path.name.endswith(".scenario.toml"):
        start = load_scenario(path)
        game = get_game(start.game)
        filled = start.fill(game)
    else:
        text = _read(path)
        name = _game_of(text, path)
        game = get_game(name)
        with naming_file(path):
            filled = fill_position(game, text)
    out.print(game.to_position(filled.state), markup=False, highlight=False, end="")
    for line in _report(filled):
        out.print(line, markup=False, highlight=False)
    return 0


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the file: {exc}", source=str(path)) from None


def _game_of(text: str, path: Path) -> str:
    """The game a position file names (``game = "kashgar"``)."""
    try:
        name = loads_toml(text).get("game")
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", source=str(path)) from None
    if not isinstance(name, str):
        raise DataError(
            'names no game: add its name (game = "kashgar"), or check it with '
            "'silkroad position GAME --from FILE'",
            source=str(path),
            field="game",
        )
    return name


def _report(filled: Filled) -> list[str]:
    """What the filling rule moved, as TOML comments after the position."""
    if filled.moved is None:
        return ["# The game's position reader does not say what its filling rule moved."]
    if not filled.moved:
        return ["# The filling rule moved nothing."]
    count = len(filled.moved)
    lines = [f"# The filling rule moved {count} card{'s' if count != 1 else ''}:"]
    return lines + [f"#   {m}" for m in filled.moved]
