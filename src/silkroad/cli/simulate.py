"""``silkroad simulate``: a tournament of seeded games between agents, seats rotated."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.table import Table

from silkroad.arena import analysis
from silkroad.arena.tournament import GameResult, summarize
from silkroad.cli.common import (
    EXIT_INTERRUPTED,
    UsageError,
    add_game_arguments,
    add_tournament_arguments,
    agent_names,
    build_options,
    forked_workers_leave_ctrl_c,
    install_hint,
    players_of,
    provenance_data,
    provenance_note,
    read_position,
)
from silkroad.cli.report import (
    Played,
    check_tournament_arguments,
    figure_tables,
    interrupted_line,
    play_tournament,
    result_data,
)
from silkroad.core.game import AnyGame
from silkroad.core.registry import get_game
from silkroad.view import write_viewers

HELP = "a tournament: many seeded games in parallel, seats rotated, statistics"
DESCRIPTION = (
    "Play a tournament of seeded games (seed S, S+1, ...) between agents in worker "
    "processes, rotating the lineup every game (a round robin when more agents than seats "
    "are named), and print per agent: win rate with its 95% interval, score distribution, "
    "time per decision; the win rate by place in turn order (the first player's "
    "advantage) and by seat; the game-length distribution; the truncated games; and, "
    "with several agents, Bradley-Terry ratings with intervals. With --from FILE every game "
    "starts from that position ('who wins from here?'): what no player has seen (the order "
    "of the draw piles) is dealt anew from each game's seed, and what is still random "
    "draws from it too; what a partial position leaves out is filled once, as 'silkroad "
    "position check FILE' shows."
)
EXAMPLES = [
    "silkroad simulate kashgar --games 200 --agents ismcts,random",
    "silkroad simulate serica --games 300 --agents greedy,random,ismcts:iterations=100",
    "silkroad simulate serica --games 50 --json --save records/ --plot serica.png",
    "silkroad simulate dunhuang --games 4 --save records/ --view",
    "silkroad simulate kashgar --games 100 --agents mypkg.bots:Cautious,greedy",
    "silkroad simulate kashgar --games 5000 --backend ray --ray-address auto",
    "silkroad simulate kashgar --from start.toml --games 100 --agents ismcts,greedy",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    add_tournament_arguments(p, games=100)
    p.add_argument("--save", metavar="DIR", help="write every game's record into DIR")
    p.add_argument(
        "--view",
        action="store_true",
        help="with --save, also write each game as an HTML page to step through",
    )
    p.add_argument(
        "--no-rotate",
        action="store_true",
        help="keep each agent in its seat (default: rotate the lineup each game)",
    )
    p.add_argument("--no-ratings", action="store_true", help="skip the Bradley-Terry ratings")
    p.add_argument(
        "--from",
        dest="source",
        metavar="FILE",
        help="start every game from this position (TOML, with its own options), what no "
        "player has seen dealt anew from each game's seed",
    )


def run(args: argparse.Namespace, out: Console) -> int:
    game = get_game(args.game)
    position: str | None = None
    if args.source is not None:
        if args.players is not None or args.option or args.data:
            raise UsageError("--from plays with the position's own options")
        position, options = read_position(game, args.source)
    else:
        options = build_options(game, args.players, args.option, args.data)
    seats = players_of(game, options)
    names = agent_names(args.agents, seats, round_robin=True)
    check_tournament_arguments(args, needs_analysis=False)
    if args.view and not args.save:
        raise UsageError("--view writes its pages next to the records: give --save DIR")
    save_dir = Path(args.save) if args.save else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    played = play_tournament(
        args,
        out,
        game,
        options,
        names,
        rotate=not args.no_rotate,
        keep_records=save_dir is not None,
        position=position,
    )
    results = played.results
    if played.interrupted and args.json:  # the JSON document alone on standard output
        print(interrupted_line(played), file=sys.stderr)
    if save_dir is not None:
        played = _save_records(args, game, played, save_dir)
    stats = summarize(results, names)
    errors = [r for r in results if r.error is not None]
    figures = (
        analysis.figures(
            results,
            names,
            with_ratings=not args.no_ratings,
            resamples=args.resamples,
            seed=args.seed,
        )
        if analysis.available()
        else None
    )
    if args.plot and figures is not None:
        from silkroad.arena import plots

        plots.save(
            plots.tournament_figure(
                figures, names, f"{game.spec.title}: {len(results)} games, {seats} players"
            ),
            args.plot,
        )
    if args.json:
        document = _document(args, game, options, played, names, stats, figures)
        print(json.dumps(document, indent=2))
        return _code(played, errors)
    out.print(_table(args, game, played, names, stats, figures, seats))
    _print_notes(args, out, game, options, played, figures, errors, save_dir)
    return _code(played, errors)


def _save_records(
    args: argparse.Namespace, game: AnyGame, played: Played, save_dir: Path
) -> Played:
    """Save each game's record in ``save_dir`` (and, with ``--view``, its viewer page);
    ``played``, marked interrupted if Ctrl-C stopped the pages."""
    pages = []
    for r in played.results:
        if r.record is not None:
            path = save_dir / f"{game.spec.name}-seed{r.seed}.json"
            r.record.save(path)
            pages.append((path.with_suffix(".html"), r.record))
    if args.view:
        try:
            with forked_workers_leave_ctrl_c():
                write_viewers(pages, workers=max(1, args.workers), game=game)
        except KeyboardInterrupt:  # the figures of the games played still come
            played = attrs.evolve(played, interrupted=True)
            print("interrupted: not every viewer page was written", file=sys.stderr)
    return played


def _document(
    args: argparse.Namespace,
    game: AnyGame,
    options: Any,
    played: Played,
    names: list[str],
    stats: Any,
    figures: Any,
) -> dict[str, Any]:
    """The ``--json`` document of a tournament."""
    results = played.results
    seats = players_of(game, options)
    return {
        "game": game.spec.name,
        "players": seats,
        "games": len(results),
        "requested": played.requested,
        "interrupted": played.interrupted,
        "seeds": [args.seed, args.seed + args.games - 1],
        "from": args.source,
        "rotated": not args.no_rotate,
        "round_robin": len(names) > seats,
        "errors": sum(r.error is not None for r in results),
        "truncated": sum(r.truncated for r in results),
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
        "components": provenance_data(game, options),
        "figures": None if figures is None else figures.to_data(names),
        "plot": args.plot if figures is not None else None,
        "results": [result_data(r) for r in results],
    }


def _table(
    args: argparse.Namespace,
    game: AnyGame,
    played: Played,
    names: list[str],
    stats: Any,
    figures: Any,
    seats: int,
) -> Table:
    """The table of the entrants' results."""
    rotated = (
        "round robin"
        if len(names) > seats
        else "seats rotated"
        if not args.no_rotate
        else "fixed seats"
    )
    stopped = f" (of {played.requested}: interrupted)" if played.interrupted else ""
    start = "" if args.source is None else f", from {args.source}"
    table = Table(
        title=f"{game.spec.title}: {len(played.results)} games{stopped}, {seats} players"
        f"{start}, seeds {args.seed}..{args.seed + args.games - 1}, {rotated}"
    )
    columns = ["entrant", "agent", "games", "wins", "win rate [95%]"]
    columns += ["mean score", "spread", "mean length", "ms/decision", "truncated"]
    for column in columns:
        table.add_column(column, justify="left" if column == "agent" else "right")
    for st in stats:
        if figures is not None:
            wr = figures.win_rates[st.entrant]
            rate_text = wr.text() + (" *" if wr.flagged else "")
        else:
            rate_text = f"{100 * st.win_rate:.1f}%"
        table.add_row(
            f"A{st.entrant}",
            st.agent,
            str(st.games),
            str(st.wins),
            rate_text,
            f"{st.mean_score:.2f}",
            f"{st.score_spread:.2f}",
            f"{st.mean_length:.1f}",
            f"{1000 * st.seconds_per_decision:.2f}",
            str(st.truncated),
        )
    return table


def _print_notes(
    args: argparse.Namespace,
    out: Console,
    game: AnyGame,
    options: Any,
    played: Played,
    figures: Any,
    errors: list[GameResult],
    save_dir: Path | None,
) -> None:
    """What follows the table: the components' provenance, the figures (or how to get
    them), the errors and what was saved."""
    seats = players_of(game, options)
    note = provenance_note(game, options)
    if note is not None:
        out.print(note, highlight=False)
    if figures is None:
        out.print(
            "intervals, seat figures, distributions and ratings need the analysis extra: "
            + install_hint("analysis"),
            markup=False,
            highlight=False,
        )
    else:
        out.print(
            "win rates count finished games only (* the 95% interval excludes parity, "
            f"{100 / seats:.1f}%); means include truncated games' scores"
        )
        for t in figure_tables(figures, None):
            out.print(t)
    truncated = sum(r.truncated for r in played.results)
    out.print(
        f"errors: {len(errors)}; truncated by the game-length safeguard (no winner): "
        f"{truncated}"
        + (f"; records saved in {save_dir}" if save_dir else "")
        + (" with their viewer pages" if args.view else "")
        + (f"; picture in {args.plot}" if args.plot and figures is not None else "")
    )
    for r in errors[:5]:
        out.print(f"  seed {r.seed}: {r.error}", highlight=False)
    if played.interrupted:
        out.print(interrupted_line(played), highlight=False)


def _code(played: Played, errors: list[GameResult]) -> int:
    """130 when Ctrl-C stopped the games, 1 when a game raised an error, else 0."""
    return EXIT_INTERRUPTED if played.interrupted else 1 if errors else 0
