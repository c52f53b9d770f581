"""``silkroad rules``: the rulebook sections, and which have tests."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from silkroad.cli.common import UsageError
from silkroad.core.registry import get_game
from silkroad.core.rng import SEEDS
from silkroad.testing.coverage import coverage, rulebook_sections, rulebooks, scan_markers
from silkroad.testing.reasons import reason_coverage

HELP = "list rulebook sections; --coverage: which have tests; --reasons: refusals explained"
DESCRIPTION = (
    "List the rulebook sections; with --coverage, count the tests marked "
    "@pytest.mark.rule for each section (read from the test files, not run); with "
    "--reasons GAME, ask the game why it refuses every illegal move of its action space in "
    "a sample of states of random games, and count the refusals a rule explains."
)
#: ``--reasons``: the random games per configuration by default, and at most.
GAMES, MAX_GAMES = 4, 10_000

EXAMPLES = [
    "silkroad rules --game KG",
    "silkroad rules --coverage --tests tests",
    "silkroad rules --reasons kashgar",
]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--coverage", action="store_true", help="count tests per section")
    p.add_argument(
        "--tests",
        help="with --coverage: the test directory to scan (default: the tests/ folder of "
        "the checkout of the current directory, or of the one silkroad is imported from)",
    )
    p.add_argument(
        "--game",
        metavar="GAME",
        help="only one rulebook: a title (kashgar, serica, dunhuang, ...) or its prefix "
        "(KG, SR, DH, ...)",
    )
    p.add_argument(
        "--reasons",
        metavar="GAME",
        help="how many refusals of GAME's illegal moves a rule explains (silkroad.testing.reasons)",
    )
    p.add_argument(
        "--games",
        type=int,
        help=f"with --reasons: random games per configuration (default {GAMES})",
    )
    p.add_argument("--seed", type=int, help="with --reasons: the first seed (default 0)")
    p.add_argument(
        "--all",
        action="store_true",
        help="also list the sections without rules (contents, credits, background)",
    )


def _prefix(game: str | None) -> str | None:
    """The section prefix for ``--game``: a title's name or the prefix itself."""
    if game is None:
        return None
    books = rulebooks()
    for prefix, name in books.items():
        if game.lower() in (name, prefix.lower()):
            return prefix
    choices = ", ".join(f"{name} ({prefix})" for prefix, name in books.items())
    raise UsageError(f"--game {game!r}: the rulebooks are {choices}")


def _check_arguments(args: argparse.Namespace) -> None:
    """Refuse options that do not go together: ``--reasons`` is a command of its own."""
    if args.reasons is None:
        for name in ("games", "seed"):
            if getattr(args, name) is not None:
                raise UsageError(f"--{name} goes with --reasons GAME")
        if args.tests is not None and not args.coverage:
            raise UsageError("--tests goes with --coverage")
        return
    for name, given in (
        ("--coverage", args.coverage),
        ("--game", args.game is not None),
        ("--all", args.all),
        ("--tests", args.tests is not None),
    ):
        if given:
            raise UsageError(f"--reasons GAME does not go with {name}")
    if args.games is not None and not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games {args.games}: between 1 and {MAX_GAMES} games per configuration")
    last = (args.seed or 0) + (GAMES if args.games is None else args.games) - 1
    if last not in SEEDS:  # --seed itself is checked before any command runs
        raise UsageError(
            f"--seed {args.seed}: the games' seeds run to {last}, past 2**64 - 1 (the last seed)"
        )


def _reasons(args: argparse.Namespace, out: Console) -> int:
    """``--reasons GAME``: the refusals of a sample explained by a rule."""
    games = GAMES if args.games is None else args.games
    seed = 0 if args.seed is None else args.seed
    game = get_game(args.reasons)
    name = game.spec.name
    report = reason_coverage(game, games=games, seed=seed)
    if report.by_rule:
        table = Table(title=f"{name}: refusals by the rule that explains them")
        table.add_column("section")
        table.add_column("refusals", justify="right")
        for rule, count in report.by_rule.items():
            table.add_row(rule, f"{count:,}")
        out.print(table)
    sample = (
        f"{name}: {report.pairs:,} illegal moves in {report.states:,} states of random games "
        f"({games} a configuration, seeds from {seed})"
    )
    if not report.pairs:
        out.print(f"{sample}: nothing to explain", highlight=False)
    else:
        out.print(
            f"{sample}; {report.specific:,} explained by a rule ({report.share:.1%}), "
            f"{report.pairs - report.specific:,} by a generic reason",
            highlight=False,
        )
    if report.specific == 0 and report.pairs and not _explains(game):
        out.print(
            f"{name} has no explain of its own: every refusal gets the generic reason",
            highlight=False,
        )
    for example in report.generic:
        out.print(f"  generic: {example}", highlight=False, markup=False)
    for problem in report.problems:
        out.print(Text.assemble("  ", ("problem", "red"), ": ", problem), highlight=False)
    return 1 if report.problems else 0


def _explains(game: Any) -> bool:
    """Whether the game gives reasons of its own (``explain``)."""
    optional = getattr(game, "optional", None)
    if optional is not None and hasattr(optional, "explain"):  # a GameDefinition
        return optional.explain is not None
    return callable(getattr(game, "explain", None))


def find_tests(start: Path | None = None) -> Path:
    """The test directory of the silkroad checkout: the ``tests`` folder beside the
    ``pyproject.toml`` of the current directory (``start``) or of any directory above it,
    else the one beside the checkout this package is imported from (an editable install).

    :raises UsageError: naming what to pass (``--tests DIR``) when neither has one.
    """
    here = (start or Path.cwd()).resolve()
    package = Path(__file__).resolve().parents[3]  # src/silkroad/cli/rules.py -> checkout
    for folder in (here, *here.parents, package):
        if (folder / "pyproject.toml").is_file() and (folder / "tests").is_dir():
            return folder / "tests"
    raise UsageError(
        f"no silkroad test directory found: neither {here} nor a directory above it holds "
        "pyproject.toml and tests/ (an installed copy has no tests): pass --tests DIR, the "
        "tests/ folder of a checkout"
    )


def run(args: argparse.Namespace, out: Console) -> int:
    _check_arguments(args)
    if args.reasons is not None:
        return _reasons(args, out)
    prefix = _prefix(args.game)
    sections = [s for s in rulebook_sections() if prefix in (None, s.game)]
    if not args.coverage:
        for s in sections:
            if s.has_rules or args.all:
                out.print(
                    f"{s.id:10} {s.title}" + ("" if s.has_rules else "  (no rules)"),
                    highlight=False,
                )
        return 0
    tests = find_tests() if args.tests is None else Path(args.tests)
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
            table.add_row(s.id, s.title, str(count) if count else Text("none", "red"))
    out.print(table)
    for game in dict.fromkeys(s.game for s in sections):
        done, total = report.summary(game)
        out.print(f"{game}: {done}/{total} sections have tests")
    if report.unknown_ids:
        out.print(f"marker ids that name no section: {', '.join(report.unknown_ids)}")
    return 0
