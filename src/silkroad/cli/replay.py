"""``silkroad replay``: verify records by replaying them, or step through one."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from silkroad.analysis import Analysis
from silkroad.cli.common import read_line, record_files
from silkroad.cli.interactive import step_through
from silkroad.core.errors import RulesError
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, replay

HELP = "verify saved records by replaying them"
DESCRIPTION = (
    "Verify records by replaying every move and checking the recorded result (a record "
    "that does not replay is refused at its first bad move, with the rule that refuses it); "
    "--step then walks through one decision at a time, back and forth, prints the "
    "position at any step and says why a move is or is not legal there (why MOVE)."
)
EXAMPLES = [
    "silkroad replay game.json",
    "silkroad replay records/",
    "silkroad replay g.json --step",
    "silkroad replay g.json --step   # then: b (back), 12 (jump), p (position), why MOVE",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
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
        help="then walk through it decision by decision, showing the table (enter: next, "
        "b: back, N: jump to decision N, p: print the position, why MOVE: why a move is "
        "refused there, q: stop)",
    )


def run(args: argparse.Namespace, out: Console) -> int:
    files = record_files(args.files)
    bad = 0
    for path in files:
        where = f"{path}: " if len(files) > 1 or path != Path(args.files[0]) else ""
        try:
            record = Record.load(path)
            state = replay(record)
        except RulesError as exc:
            if len(files) == 1:
                raise
            bad += 1
            out.print(f"BAD: {exc}", highlight=False)
            continue
        if record.result is None:
            summary = "the game is not over"
        else:
            summary = f"{record.result.describe()} match"
        out.print(
            f"{where}OK: {record.game}, {len(record.moves)} moves replayed; {summary}",
            highlight=False,
        )
        analysis = Analysis.of(record)
        if analysis is not None:
            mattered = ", ".join(str(d.index + 1) for d in analysis.mattered(5))
            out.print(
                f"{where}annotated: {len(analysis.decisions)} decisions analyzed by "
                f"{analysis.agent} (seed {analysis.seed}); the largest drops at moves "
                f"{mattered or 'none'}",
                highlight=False,
            )
        if args.step:
            step_through(record, get_game(record.game), out, read_line)
        elif args.show:
            out.print(get_game(record.game).render(state), highlight=False)
    if bad:
        out.print(f"{bad} of {len(files)} records do not replay", highlight=False)
        return 1
    return 0
