"""``silkroad demo``: one screen of what the library is: a seeded game of every registered
title between agents (:data:`silkroad.cli.play.DEFAULT_AGENTS`, whose games end by the
rules), each shown by its table at the end and its result, then where to go next."""

from __future__ import annotations

import argparse

from rich.console import Console

from silkroad.arena.match import play_game
from silkroad.cli.common import agent_names, players_of
from silkroad.cli.play import DEFAULT_AGENTS, end_table
from silkroad.core.registry import GAMES, get_game
from silkroad.core.replay import Result

HELP = "play a seeded game of every registered title: one screen"
DESCRIPTION = (
    f"Play a seeded game of every registered title between {DEFAULT_AGENTS} agents and "
    "show each by its table at the end and its result, in one screen, then the commands "
    "to go on with ('silkroad play GAME --log' prints a game decision by decision)."
)
EXAMPLES = ["silkroad demo", "silkroad demo --seed 7"]

#: Where to go next, printed after the games: (command, what it does). ``{game}`` is the
#: first registered title.
NEXT = (
    ("silkroad play {game} --human 0", "play seat 0 yourself against agents"),
    ("silkroad play {game} --players 3 --log", "watch a game between agents, decision by decision"),
    ("silkroad simulate {game} --games 20", "a tournament: win rates and scores"),
    ("silkroad --help", "every command; README.md and docs/ say more"),
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")


def run(args: argparse.Namespace, out: Console) -> int:
    if not GAMES:
        out.print("no title is installed yet: silkroad has no game to play")
        return 0
    for name in GAMES:
        game = get_game(name)
        options = game.default_options()
        seats = players_of(game, options)
        names = agent_names(DEFAULT_AGENTS, seats)
        played = play_game(game, options, args.seed, names)
        out.print(
            f"== {game.spec.title} ({name}) · {seats} player{'s' if seats != 1 else ''} · "
            f"{DEFAULT_AGENTS} agents · seed {args.seed} · {played.decisions} decisions",
            highlight=False,
            markup=False,
        )
        out.print(end_table(game, played.state), highlight=False, markup=False)
        out.print(result_line(played.result), highlight=False, markup=False)
        out.print()
    first = next(iter(GAMES))
    out.print("Next:", highlight=False, markup=False)
    width = max(len(command.format(game=first)) for command, _ in NEXT)
    for command, what in NEXT:
        out.print(f"  {command.format(game=first):{width}}  {what}", highlight=False, markup=False)
    return 0


def result_line(result: Result) -> str:
    """``Result: P1 won (scores P0 20, P1 26), ended by the rules`` (or truncated by the
    game-length safeguard, with no winner)."""
    scores = ", ".join(f"P{seat} {score}" for seat, score in enumerate(result.scores))
    if result.truncated:
        return f"Result: no winner (scores {scores}): truncated by the game-length safeguard"
    winners = " and ".join(f"P{w}" for w in result.winners)
    verdict = f"{winners} won" if winners else "nobody won"
    return f"Result: {verdict} (scores {scores}), ended by the rules"
