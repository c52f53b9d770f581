"""``silkroad games``: the registered titles."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from silkroad.core.registry import GAMES

HELP = "list the registered games"
DESCRIPTION = "List the registered titles with their player counts."
EXAMPLES = ["silkroad games"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """No arguments."""


def run(args: argparse.Namespace, out: Console) -> int:
    if not GAMES:
        out.print("no title is installed yet")
        return 0
    table = Table(title="registered games")
    for column in ("name", "title", "players", "information", "rules version"):
        table.add_column(column)
    for name in GAMES:
        spec = GAMES[name].spec
        table.add_row(
            name, spec.title, spec.players_text(), spec.information.value, spec.rules_version
        )
    out.print(table)
    return 0
