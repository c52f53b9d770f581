"""``silkroad rules``: the rulebook sections, and which have tests."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.table import Table

from silkroad.cli.common import UsageError
from silkroad.testing.coverage import RULEBOOKS, coverage, load_sections, scan_markers

HELP = "list rulebook sections; --coverage: which have tests"
DESCRIPTION = (
    "List the rulebook sections; with --coverage, count the tests marked "
    "@pytest.mark.rule for each section (read from the test files, not run)."
)
EXAMPLES = ["silkroad rules --game KG", "silkroad rules --coverage --tests tests"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--coverage", action="store_true", help="count tests per section")
    p.add_argument("--tests", default="tests", help="test directory to scan (default tests)")
    p.add_argument(
        "--game",
        metavar="GAME",
        help="only one rulebook: a title (kashgar, serica, dunhuang) or its prefix (KG, SR, DH)",
    )
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


def run(args: argparse.Namespace, out: Console) -> int:
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
