"""``silkroad games``: the registered titles."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from silkroad.core.registry import GAMES

HELP = "list the registered games"
DESCRIPTION = (
    "List the registered titles with their player counts, rules version and how many of "
    "their built-in components are as printed and how many reconstructed."
)
EXAMPLES = ["silkroad games"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """No arguments."""


def run(args: argparse.Namespace, out: Console) -> int:
    if not GAMES:
        out.print("no title is installed yet")
        return 0
    table = Table(title="registered games")
    columns = ("name", "title", "players", "information", "rules version", "components")
    for column in columns:
        table.add_column(column)
    for name in GAMES:
        game = GAMES[name]
        spec = game.spec
        count = getattr(game, "component_provenance", None)
        counted = None if count is None else count(None)
        table.add_row(
            name,
            spec.title,
            spec.players_text(),
            spec.information.value,
            spec.rules_version,
            "-" if counted is None else counted.summary(),
        )
    out.print(table)
    return 0
