"""How stable the analysis of a record is, and what it costs per decision.

For each title, a seeded game between greedy agents is recorded; its first decisions
are analyzed twice, with two analysis seeds, at each budget given. Per title and budget:

* **agree**: the share of decisions whose best move is the same in both analyses;
* **played spread**: the mean absolute difference between the two estimates of the
  move played (win chance, in percentage points);
* **best spread**: the same for the best move's estimate;
* **drop spread**: the same for the drop;
* **s/decision**: search seconds per decision (wall clock, this machine, one process).

    PYTHONPATH=src python benchmarks/analysis_stability.py [--decisions 30]
        [--iterations 100,400] [TITLE ...]

docs/analysis.md shows its output and the command that gave it.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence

import silkroad
from silkroad.analysis import Analysis, DecisionAnalysis, analyze
from silkroad.arena.match import play_game
from silkroad.core.replay import Record

#: The records analyzed: (title, players, seed of the game).
RECORDS = {
    "kashgar": (2, 1),
    "serica": (2, 1),
    "dunhuang": (3, 1),
}
#: The two analysis seeds compared.
SEEDS = (1, 2)


def record_of(title: str) -> Record:
    """A seeded game of ``title`` between greedy agents."""
    players, seed = RECORDS[title]
    game = silkroad.get_game(title)
    return play_game(game, game.default_options(players), seed, ["greedy"] * players).record


def _win(decision: DecisionAnalysis) -> float | None:
    return None if decision.played is None else decision.played.win


def compare(first: Analysis, second: Analysis) -> dict[str, float]:
    """The agreement and spreads of two analyses of the same decisions."""
    pairs = list(zip(first.decisions, second.decisions, strict=True))
    assert all(a.index == b.index for a, b in pairs)

    def spread(values: list[tuple[float | None, float | None]]) -> float:
        known = [abs(a - b) for a, b in values if a is not None and b is not None]
        return 100 * statistics.fmean(known) if known else float("nan")

    return {
        "decisions": len(pairs),
        "agree": sum(a.best.move == b.best.move for a, b in pairs) / len(pairs),
        "played": spread([(_win(a), _win(b)) for a, b in pairs]),
        "best": spread([(a.best.win, b.best.win) for a, b in pairs]),
        "drop": spread([(a.drop, b.drop) for a, b in pairs]),
        "seconds": statistics.fmean(d.seconds for d in (*first.decisions, *second.decisions)),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("titles", nargs="*", default=list(RECORDS))
    parser.add_argument("--decisions", type=int, default=30, help="decisions per record")
    parser.add_argument("--iterations", default="100,400", help="budgets, comma-separated")
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.iterations.split(",")]
    print(
        "| title | budget | decisions | best move agrees | played spread | best spread "
        "| drop spread | s/decision |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for title in args.titles:
        record = record_of(title)
        last = min(args.decisions, len(record.moves))
        for budget in budgets:
            first, second = (
                analyze(None, record, iterations=budget, seed=seed, last=last) for seed in SEEDS
            )
            row = compare(first, second)
            print(
                f"| {title} | {budget} | {row['decisions']:.0f} | {100 * row['agree']:.0f}% "
                f"| {row['played']:.1f} | {row['best']:.1f} | {row['drop']:.1f} "
                f"| {row['seconds']:.3f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
