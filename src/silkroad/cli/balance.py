"""``silkroad balance``: how each component does for the players who held it."""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console
from rich.table import Table

from silkroad.arena import analysis
from silkroad.cli.common import (
    EXIT_INTERRUPTED,
    add_game_arguments,
    add_tournament_arguments,
    agent_names,
    build_options,
    int_range,
    players_of,
    provenance_data,
    provenance_note,
)
from silkroad.cli.report import (
    MAX_GAMES,
    check_tournament_arguments,
    figure_tables,
    interrupted_line,
    play_tournament,
    result_data,
)
from silkroad.core.registry import get_game

HELP = "balance of the components: win rate of players who held each one, seat advantage"
DESCRIPTION = (
    "Play seeded games between agents and, for every component the title names (Kashgar "
    "and Serica: each card; Dunhuang: each character, fresco tile and Starting Pack), "
    "compare the players who held it during the game with the players who did not: the "
    "share of head-to-head decisions the holders won, with its 95% interval, flagged (*) "
    "where the interval excludes what the holders' seats alone would give them (1/2 "
    "when the seats are fair). Also the first player's advantage, the win rate per "
    "seat and the game-length distribution. Truncated games are counted and left out. "
    "Check your own components with --data FILE."
)
EXAMPLES = [
    "silkroad balance serica --games 300 --agents greedy",
    "silkroad balance kashgar --games 300 --players 3 --plot kashgar.svg",
    "silkroad balance kashgar --games 500 --data my-standard-deck.toml --json",
    'silkroad balance dunhuang --players 3 --games 200 --option \'packs=["silk","jade","wine"]\'',
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    add_tournament_arguments(p, games=200, agents="greedy")
    p.add_argument(
        "--min-games",
        type=int_range(1, MAX_GAMES),
        default=1,
        metavar="N",
        help="leave out components compared in fewer than N games (default 1)",
    )


def run(args: argparse.Namespace, out: Console) -> int:
    game = get_game(args.game)
    options = build_options(game, args.players, args.option, args.data)
    seats = players_of(game, options)
    names = agent_names(args.agents, seats, round_robin=True)
    check_tournament_arguments(args, needs_analysis=True)
    played = play_tournament(args, out, game, options, names, holdings=True)
    results = played.results
    if played.interrupted and args.json:  # the JSON document alone on standard output
        print(interrupted_line(played), file=sys.stderr)
    figures = analysis.figures(
        results,
        names,
        with_ratings=len(set(names)) > 1,
        resamples=args.resamples,
        seed=args.seed,
    )
    comparisons = analysis.compare_holdings(results, resamples=args.resamples, seed=args.seed)
    shown = [c for c in comparisons if c.games >= max(1, args.min_games)]
    flagged = [c for c in shown if c.rate.flagged]
    errors = [r for r in results if r.error is not None]
    who = f"{names[0]} in every seat" if len(set(names)) == 1 else f"agents {','.join(names)}"
    stopped = f" (of {played.requested}: interrupted)" if played.interrupted else ""
    title = (
        f"{game.spec.title}: {len(results)} games{stopped}, {seats} players, {who}, "
        f"seeds {args.seed}..{args.seed + args.games - 1}"
    )
    if args.plot:
        from silkroad.arena import plots

        plots.save(plots.balance_figure(figures, shown, title), args.plot)
    if args.json:
        document = {
            "game": game.spec.name,
            "players": seats,
            "agents": names,
            "games": len(results),
            "requested": played.requested,
            "interrupted": played.interrupted,
            "seeds": [args.seed, args.seed + args.games - 1],
            "figures": figures.to_data(names),
            "components": [c.to_data() for c in comparisons],
            "provenance": provenance_data(game, options),
            "flagged": [c.label for c in flagged],
            "plot": args.plot,
            "results": [
                {**result_data(r), "holdings": [list(h) for h in r.holdings]} for r in results
            ],
        }
        print(json.dumps(document, indent=2))
        return EXIT_INTERRUPTED if played.interrupted else 1 if errors else 0
    out.print(title)
    note = provenance_note(game, options)
    if note is not None:
        out.print(note, highlight=False)
    if not comparisons:
        out.print(f"{game.spec.title} names no components (its GAME has no holdings)")
    kinds: dict[str, list[analysis.HoldingComparison]] = {}
    for c in shown:
        kinds.setdefault(c.kind, []).append(c)
    for kind, rows in kinds.items():
        table = Table(
            title=f"{kind}: players who held it against players who did not "
            "(* the 95% interval excludes what the holders' seats alone give)"
        )
        columns = ("", "games", "shared", "decisions", "holders won [95%]", "seats give")
        for column in (*columns, "interval"):
            table.add_column(column, justify="left" if column in ("", "interval") else "right")
        for c in sorted(rows, key=lambda c: (-c.rate.value if c.rate.trials else 1.0, c.name)):
            table.add_row(
                c.name,
                str(c.games),
                str(c.shared),
                str(c.rate.trials),
                c.rate.text() + (" *" if c.rate.flagged else ""),
                f"{100 * c.expected:.1f}%",
                c.rate.method if c.rate.trials else "-",
            )
        out.print(table)
    always = [c.label for c in comparisons if not c.games and c.shared]
    if always:
        out.print("held by every player whenever held (never a difference): " + ", ".join(always))
    for t in figure_tables(figures, names if len(set(names)) > 1 else None):
        out.print(t)
    tested = sum(1 for c in shown if c.rate.trials)
    out.print(
        f"{len(flagged)} of {tested} compared components flagged "
        f"(by chance alone about {0.05 * tested:.1f} would be); "
        f"finished games {figures.finished}, truncated (left out) {figures.truncated}, "
        f"errors {len(errors)}" + (f"; picture in {args.plot}" if args.plot else "")
    )
    for r in errors[:5]:
        out.print(f"  seed {r.seed}: {r.error}", highlight=False)
    if played.interrupted:
        out.print(interrupted_line(played), highlight=False)
    return EXIT_INTERRUPTED if played.interrupted else 1 if errors else 0
