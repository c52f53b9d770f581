"""``silkroad simulate``: a tournament of seeded games between agents, seats rotated."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from silkroad.arena.tournament import run_tournament, summarize
from silkroad.cli.common import (
    UsageError,
    add_game_arguments,
    agent_names,
    build_options,
    players_of,
)
from silkroad.core.registry import get_game

HELP = "a tournament: many seeded games in parallel, seats rotated, statistics"
DESCRIPTION = (
    "Play a tournament of seeded games (seed S, S+1, ...) between agents in worker "
    "processes, rotating the lineup every game, and print per agent: wins, win rate, "
    "mean score and its spread, mean game length, time per decision and truncated games."
)
EXAMPLES = [
    "silkroad simulate kashgar --games 200 --agents ismcts,random",
    "silkroad simulate serica --games 50 --json --save records/",
    "silkroad simulate kashgar --games 5000 --backend ray --ray-address auto",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default: CPU count)",
    )
    p.add_argument("--agents", help="comma-separated agent names, one per seat or one for all")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--save", metavar="DIR", help="write every game's record into DIR")
    p.add_argument("--json", action="store_true", help="print machine-readable results")
    p.add_argument(
        "--backend",
        choices=["local", "ray"],
        default="local",
        help="local worker processes (default) or Ray tasks (extra 'ray')",
    )
    p.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="a Ray cluster for --backend ray (default: start a local one)",
    )
    p.add_argument(
        "--no-rotate",
        action="store_true",
        help="keep each agent in its seat (default: rotate the lineup each game)",
    )


def run(args: argparse.Namespace, out: Console) -> int:
    game = get_game(args.game)
    options = build_options(game, args.players, args.option)
    seats = players_of(game, options)
    names = agent_names(args.agents, seats)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.backend == "ray" and importlib.util.find_spec("ray") is None:
        raise UsageError("--backend ray needs Ray: pip install 'silkroad[ray]'")
    save_dir = Path(args.save) if args.save else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    seeds = [args.seed + i for i in range(args.games)]
    with Progress(console=out, transient=True, disable=args.quiet or args.json) as bar:
        task = bar.add_task(f"{game.spec.name}: {args.games} games", total=args.games)
        results = run_tournament(
            game,
            options,
            seeds,
            names,
            workers=max(1, args.workers),
            rotate=not args.no_rotate,
            keep_records=save_dir is not None,
            progress=lambda: bar.advance(task),
            backend=args.backend,
            ray_address=args.ray_address,
        )
    if save_dir is not None:
        for r in results:
            if r.record is not None:
                r.record.save(save_dir / f"{game.spec.name}-seed{r.seed}.json")
    stats = summarize(results, names)
    errors = [r for r in results if r.error is not None]
    truncated = sum(r.truncated for r in results)
    if args.json:
        document = {
            "game": game.spec.name,
            "players": seats,
            "games": len(results),
            "seeds": [seeds[0], seeds[-1]],
            "rotated": not args.no_rotate,
            "errors": len(errors),
            "truncated": truncated,
            "agents": [
                {
                    "entrant": st.entrant,
                    "agent": st.agent,
                    "games": st.games,
                    "wins": st.wins,
                    "win_rate": st.win_rate,
                    "mean_score": st.mean_score,
                    "score_spread": st.score_spread,
                    "mean_length": st.mean_length,
                    "seconds_per_decision": st.seconds_per_decision,
                    "truncated": st.truncated,
                }
                for st in stats
            ],
            "results": [
                {
                    "seed": r.seed,
                    "seats": [names[e] for e in r.entrants],
                    "scores": list(r.scores),
                    "winners": list(r.winners),
                    "outcome": None
                    if r.error is not None
                    else ("truncated" if r.truncated else "finished"),
                    "decisions": r.decisions,
                    "error": r.error,
                }
                for r in results
            ],
        }
        print(json.dumps(document, indent=2))
        return 1 if errors else 0
    rotated = "seats rotated" if not args.no_rotate else "fixed seats"
    table = Table(
        title=f"{game.spec.title}: {len(results)} games, {seats} players, "
        f"seeds {seeds[0]}..{seeds[-1]}, {rotated}"
    )
    for column in (
        "entrant",
        "agent",
        "wins",
        "win %",
        "mean score",
        "spread",
        "mean length",
        "ms/decision",
        "truncated",
    ):
        table.add_column(column, justify="right")
    for st in stats:
        table.add_row(
            f"A{st.entrant}",
            st.agent,
            str(st.wins),
            f"{100 * st.win_rate:.1f}",
            f"{st.mean_score:.2f}",
            f"{st.score_spread:.2f}",
            f"{st.mean_length:.1f}",
            f"{1000 * st.seconds_per_decision:.2f}",
            str(st.truncated),
        )
    out.print(table)
    out.print(
        f"errors: {len(errors)}; truncated by the game-length safeguard (no winner): "
        f"{truncated}" + (f"; records saved in {save_dir}" if save_dir else "")
    )
    for r in errors[:5]:
        out.print(f"  seed {r.seed}: {r.error}", highlight=False)
    return 1 if errors else 0
