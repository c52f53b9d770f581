"""``silkroad bench``: random-playout speed, with python-chess as the reference."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from silkroad.arena.bench import SearchRate, bench_chess, bench_game, bench_ismcts
from silkroad.cli.common import (
    add_game_arguments,
    build_options,
    float_range,
    install_hint,
)
from silkroad.core.registry import GAMES, get_game

HELP = "measure random-playout speed (and python-chess's)"
DESCRIPTION = (
    "Measure decisions and games per second of seeded random playouts, with "
    "python-chess random-playout plies per second from the same run as reference; "
    "with --agents, also information-set MCTS iterations per second."
)
EXAMPLES = [
    "silkroad bench",
    "silkroad bench kashgar --players 4 --seconds 5",
    "silkroad bench serica --agents",
]


#: The most CPU time one measurement may take, in seconds.
MAX_SECONDS = 3600


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p, game_required=False)
    p.add_argument("game", nargs="?", help="one game (default: every registered game)")
    p.add_argument(
        "--seconds",
        type=float_range(0, MAX_SECONDS, above=True, unit="seconds"),
        default=2.0,
        help=f"CPU time per measurement (above 0, at most {MAX_SECONDS})",
    )
    p.add_argument(
        "--agents",
        action="store_true",
        help="also ISMCTS iterations per second at its default settings",
    )


def run(args: argparse.Namespace, out: Console) -> int:
    names = [args.game] if args.game else list(GAMES)
    if not names:
        out.print("no title is installed yet: nothing to measure")
        return 0
    table = Table(title=f"random playouts, about {args.seconds:g} CPU s each")
    for column in ("game", "players", "games", "decisions", "decisions/s", "games/s"):
        table.add_column(column, justify="right")
    rates: list[tuple[str, float]] = []
    #: Per title and player count: the label, the rate and the rollout depth searched.
    searches: list[tuple[str, SearchRate, int]] = []
    for name in names:
        game = get_game(name)
        counts = [args.players] if args.players else list(game.spec.allowed_players)
        for players in counts:
            options = build_options(game, players, args.option, args.data)
            result = bench_game(game, options, seconds=args.seconds, seed=args.seed)
            label = f"{name} ({players} player{'' if players == 1 else 's'})"
            rates.append((label, result.decisions_per_second))
            table.add_row(
                name,
                str(players),
                str(result.games),
                str(result.decisions),
                f"{result.decisions_per_second:,.0f}",
                f"{result.games_per_second:,.1f}",
            )
            if args.agents:
                search = bench_ismcts(game, options, seconds=args.seconds, seed=args.seed)
                searches.append((label, search, game.spec.rollout_depth))
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
    if searches:
        agents = Table(title="ISMCTS at its default settings, on random-playout decisions")
        for column in ("game", "rollout", "searches", "iterations", "iterations/s"):
            agents.add_column(column, justify="right")
        for label, search, depth in searches:
            agents.add_row(
                label,
                f"{depth} decisions",
                str(search.searches),
                str(search.iterations),
                f"{search.iterations_per_second:,.0f}",
            )
        out.print(agents)
    if chess_rate is None:
        out.print(
            f"python-chess is not installed ({install_hint('bench')}): no reference",
            markup=False,
            highlight=False,
        )
    else:
        for label, rate in rates:
            out.print(
                f"{label}: {rate / chess_rate.decisions_per_second:.2f}x "
                "python-chess random-playout plies per second"
            )
        for label, search, depth in searches:
            out.print(
                f"{label}: ISMCTS {search.iterations_per_second:,.0f} iterations/s "
                f"(rollouts of {depth} decisions), "
                f"{search.iterations_per_second / chess_rate.decisions_per_second:.3f}x "
                "python-chess random-playout plies per second"
            )
    return 0
