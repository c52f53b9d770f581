"""``silkroad rules``: the rulebook sections, and which have tests."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.table import Table

from silkroad.cli.common import UsageError
from silkroad.core.registry import get_game
from silkroad.testing.coverage import RULEBOOKS, coverage, load_sections, scan_markers
from silkroad.testing.reasons import reason_coverage

HELP = "list rulebook sections; --coverage: which have tests; --reasons: refusals explained"
DESCRIPTION = (
    "List the rulebook sections; with --coverage, count the tests marked "
    "@pytest.mark.rule for each section (read from the test files, not run); with "
    "--reasons GAME, ask the game why it refuses every illegal move of its action space in "
    "a sample of states of random games, and count the refusals a rule explains."
)
EXAMPLES = [
    "silkroad rules --game KG",
    "silkroad rules --coverage --tests tests",
    "silkroad rules --reasons kashgar",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--coverage", action="store_true", help="count tests per section")
    p.add_argument("--tests", default="tests", help="test directory to scan (default tests)")
    p.add_argument(
        "--game",
        metavar="GAME",
        help="only one rulebook: a title (kashgar, serica, dunhuang) or its prefix (KG, SR, DH)",
    )
    p.add_argument(
        "--reasons",
        metavar="GAME",
        help="how many refusals of GAME's illegal moves a rule explains (silkroad.testing.reasons)",
    )
    p.add_argument(
        "--games",
        type=int,
        default=4,
        help="with --reasons: random games per configuration (default 4)",
    )
    p.add_argument("--seed", type=int, default=0, help="with --reasons: the first seed (default 0)")
    p.add_argument(
        "--all",
        action="store_true",
        help="also list the sections without rules (contents, credits, background)",
    )


def _prefix(game: str | None) -> str | None:
    """The section prefix for ``--game``: a title's name or the prefix itself."""
    if game is None:
        return None
    for prefix, name in RULEBOOKS.items():
        if game.lower() in (name, prefix.lower()):
            return prefix
    choices = ", ".join(f"{name} ({prefix})" for prefix, name in RULEBOOKS.items())
    raise UsageError(f"--game {game!r}: the rulebooks are {choices}")


def _reasons(args: argparse.Namespace, out: Console) -> int:
    """``--reasons GAME``: the refusals of a sample explained by a rule."""
    if not 1 <= args.games <= 10_000:
        raise UsageError(f"--games {args.games}: between 1 and 10000 games per configuration")
    if not 0 <= args.seed < 2**63:
        raise UsageError(f"--seed {args.seed}: a seed is between 0 and 2**63 - 1")
    game = get_game(args.reasons)
    report = reason_coverage(game, games=args.games, seed=args.seed)
    table = Table(title=f"{game.spec.name}: refusals by the rule that explains them")
    table.add_column("section")
    table.add_column("refusals", justify="right")
    for rule, count in report.by_rule.items():
        table.add_row(rule, f"{count:,}")
    out.print(table)
    out.print(
        f"{game.spec.name}: {report.pairs:,} illegal moves in {report.states:,} states of "
        f"random games ({args.games} a configuration, seeds from {args.seed}); "
        f"{report.specific:,} explained by a rule ({report.share:.1%}), "
        f"{report.pairs - report.specific:,} by a generic reason",
        highlight=False,
    )
    for example in report.generic:
        out.print(f"  generic: {example}", highlight=False)
    for problem in report.problems:
        out.print(f"  [red]problem[/red]: {problem}", highlight=False)
    return 1 if report.problems else 0


def run(args: argparse.Namespace, out: Console) -> int:
    if args.reasons is not None:
        return _reasons(args, out)
    prefix = _prefix(args.game)
    sections = [s for s in load_sections() if prefix in (None, s.game)]
    if not args.coverage:
        for s in sections:
            if s.has_rules or args.all:
                out.print(
                    f"{s.id:10} {s.title}" + ("" if s.has_rules else "  (no rules)"),
                    highlight=False,
                )
        return 0
    tests = Path(args.tests)
    if not tests.exists():
        raise UsageError(f"test directory {str(tests)!r} does not exist (use --tests DIR)")
    files = [tests] if tests.is_file() else [*tests.rglob("*.py"), *tests.rglob("*.scenario.toml")]
    if not any(f.suffix == ".py" or f.name.endswith(".scenario.toml") for f in files):
        raise UsageError(
            f"--tests {str(tests)!r} holds no test file (*.py or *.scenario.toml) to count"
        )
    report = coverage(scan_markers([tests]))  # all sections: other games' ids are known
    table = Table(title=f"rulebook sections with tests (markers in {tests})")
    for column in ("section", "heading", "tests"):
        table.add_column(column)
    for s in sections:
        if s.has_rules:
            count = report.tests.get(s.id, 0)
            table.add_row(s.id, s.title, str(count) if count else "[red]none[/red]")
    out.print(table)
    for game in sorted({s.game for s in sections}, key=["KG", "SR", "DH"].index):
        done, total = report.summary(game)
        out.print(f"{game}: {done}/{total} sections have tests")
    if report.unknown_ids:
        out.print(f"marker ids that name no section: {', '.join(report.unknown_ids)}")
    return 0
