"""``silkroad position``: print the position reached after some moves, as TOML."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

from silkroad.cli.common import UsageError, add_game_arguments, build_options, parse_typed_move
from silkroad.core.errors import DataError, InvalidMoveError
from silkroad.core.registry import get_game
from silkroad.core.replay import Record

HELP = "print the position reached (TOML a person can edit and start from)"
DESCRIPTION = (
    "Print the position of a game as TOML: after the seeded setup, or from a position file "
    "or a record (--from), then after the moves given in the title's notation (--moves). "
    "The output can be edited and used as the start of a scenario (docs/scenarios.md)."
)
EXAMPLES = [
    "silkroad position kashgar --seed 3",
    "silkroad position kashgar --moves c1.1 'keep 57'",
    "silkroad position dunhuang --players 3 --seed 2 > start.toml",
    "silkroad position kashgar --from start.toml --moves c2.1",
    "silkroad position serica --from game.json",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
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
    return game.from_position(text)


def run(args: argparse.Namespace, out: Console) -> int:
    game = get_game(args.game)
    state = _start(game, args)
    for number, text in enumerate(args.moves, start=1):
        try:
            move = parse_typed_move(game, state, text)
        except InvalidMoveError as exc:
            raise UsageError(f"move {number}: {exc}") from None
        if move not in game.legal_moves(state):
            legal = ", ".join(game.format_move(m) for m in game.legal_moves(state)) or "none"
            raise UsageError(f"move {number}: {text!r} is not legal here (legal: {legal})")
        state = game.apply(state, move)
    out.print(game.to_position(state), markup=False, highlight=False, end="")
    return 0
