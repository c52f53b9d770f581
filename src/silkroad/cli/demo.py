"""``silkroad demo``: a seeded game of every registered title between random agents."""

from __future__ import annotations

import argparse

from rich.console import Console

from silkroad.cli.common import agent_names, players_of
from silkroad.cli.play import play_and_print
from silkroad.core.registry import GAMES, get_game

HELP = "play a seeded game of every registered title"
DESCRIPTION = (
    "Play a seeded game of every registered title between random agents and print "
    "each as a turn log with the final table and scores."
)
EXAMPLES = ["silkroad demo", "silkroad demo --seed 7"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")


def run(args: argparse.Namespace, out: Console) -> int:
    if not GAMES:
        out.print("no title is installed yet: silkroad has no game to play")
        return 0
    for name in GAMES:
        game = get_game(name)
        options = game.default_options()
        names = agent_names(None, players_of(game, options))
        play_and_print(game, options, args.seed, names, out, quiet=False)
        out.print()
    return 0
