"""``silkroad bench``: random-playout speed, with python-chess as the reference."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from silkroad.arena.bench import bench_chess, bench_game
from silkroad.cli.common import add_game_arguments, build_options, positive_float
from silkroad.core.registry import GAMES, get_game

HELP = "measure random-playout speed (and python-chess's)"
DESCRIPTION = (
    "Measure decisions and games per second of seeded random playouts, with "
    "python-chess random-playout plies per second from the same run as reference."
)
EXAMPLES = ["silkroad bench", "silkroad bench kashgar --players 4 --seconds 5"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p, game_required=False)
    p.add_argument("game", nargs="?", help="one game (default: every registered game)")
    p.add_argument("--seconds", type=positive_float, default=2.0, help="time per measurement (> 0)")


def run(args: argparse.Namespace, out: Console) -> int:
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
            options = build_options(game, players, args.option, args.data)
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
