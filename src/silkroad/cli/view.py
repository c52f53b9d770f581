"""``silkroad view``: a record as one self-contained HTML page to step through."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from silkroad.cli.common import UsageError, writable_file
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, replay
from silkroad.view import unfinished_warning, write_viewer

HELP = "write a record as an HTML page to step through in a browser"
DESCRIPTION = (
    "Write one self-contained HTML file (no network needed) that steps through a record: "
    "forward, back, jump to any decision, the moves with what they did, each player's VP "
    "over the game, and a seat selector. With --seat N the page holds only what seat N "
    "could see. Open page.html#step=N&seat=K to show a given moment."
)
EXAMPLES = [
    "silkroad view game.json",
    "silkroad view game.json --seat 1 -o seat1.html",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="RECORD", help="a record (silkroad play --save)")
    p.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help="show only what seat N could see (default: everything, and every seat)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="PAGE",
        help="the HTML file to write (default: the record's name with .html)",
    )


def output_path(record: str | Path) -> Path:
    """The default page of a record file: the same name ending in ``.html``."""
    return Path(record).with_suffix(".html")


def run(args: argparse.Namespace, out: Console) -> int:
    record = Record.load(args.record)
    game = get_game(record.game)
    final = replay(record)
    players = game.num_players(final)
    if args.seat is not None and not 0 <= args.seat < players:
        raise UsageError(f"--seat {args.seat}: seats are 0 to {players - 1}")
    target = writable_file("--output", args.output) or output_path(args.record)
    write_viewer(target, record, args.seat, game)
    who = "every seat" if args.seat is None else f"seat {args.seat} only"
    if args.seat is None and not game.is_over(final):
        out.print(f"warning: {unfinished_warning(str(args.record))}", highlight=False)
    out.print(f"viewer of {len(record.moves)} moves ({who}) written to {target}", highlight=False)
    return 0
