"""pytest plugin for rulebook-keyed tests.

Enable it in a ``conftest.py`` with ``pytest_plugins = ["silkroad.testing.pytest_plugin"]``
(or on the command line with ``-p silkroad.testing.pytest_plugin``). It is not loaded
automatically, so it never interferes with other projects' own markers.

* registers the marker ``@pytest.mark.rule("KG-4.B", ...)`` tying a test to rulebook
  sections; an id that names no section of the rulebooks fails collection, so a typo
  cannot silently claim coverage;
* ``pytest --rule-coverage`` prints, after the run, which sections have tests;
* collects every ``*.scenario.toml`` file (:mod:`silkroad.testing.scenario`) as a test
  marked with the sections its ``rule`` names and those its ``refused`` expectations
  cite; a failed expectation reports the move number and the position.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.core.errors import RulesError
from silkroad.testing.coverage import coverage, owning_section, rulebook_sections, rulebooks
from silkroad.testing.scenario import SCENARIO_SUFFIX, Scenario, ScenarioError, load_scenario

_KEY = pytest.StashKey[dict[str, list[str]]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("silkroad")
    group.addoption(
        "--rule-coverage",
        action="store_true",
        default=False,
        help="report which rulebook sections have tests marked with @pytest.mark.rule",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "rule(*section_ids): the rulebook sections this test checks, e.g. 'KG-4.B'"
    )
    config.stash[_KEY] = {}


class ScenarioFile(pytest.File):
    """A ``*.scenario.toml`` file: one test."""

    def collect(self) -> list[pytest.Item]:
        found = load_scenario(self.path)
        item = ScenarioItem.from_parent(self, name=found.title or self.path.stem)
        item.scenario = found
        if found.sections:
            item.add_marker(pytest.mark.rule(*found.sections))
        return [item]


class ScenarioItem(pytest.Item):
    """Runs one scenario; its failure shows the move number and the position."""

    scenario: Scenario | None = None

    def runtest(self) -> None:
        assert self.scenario is not None
        self.scenario.run()

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: object = None
    ) -> str:
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        if isinstance(excinfo.value, RulesError):
            # A position that cannot be a state, an option the title does not take...:
            # the file is wrong, and the message says where; no traceback of the engine.
            return f"{self.path}: {excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario: {self.name}"


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.name.endswith(SCENARIO_SUFFIX):
        collector: pytest.Collector = ScenarioFile.from_parent(parent, path=file_path)
        return collector
    return None


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    known = {s.id: s for s in rulebook_sections()}
    claimed = config.stash[_KEY]
    for item in items:
        for marker in item.iter_markers("rule"):
            if not marker.args:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule needs a section id")
            for rule_id in marker.args:
                if not isinstance(rule_id, str) or owning_section(rule_id, known) is None:
                    raise pytest.UsageError(
                        f"{item.nodeid}: @pytest.mark.rule({rule_id!r}) names no rulebook "
                        "section (see silkroad/data/sections.tsv, or the sections its "
                        "title declares in its GameSpec)"
                    )
                claimed.setdefault(rule_id, []).append(item.nodeid)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    config = terminalreporter.config
    if not config.getoption("--rule-coverage"):
        return
    report = coverage(config.stash[_KEY])
    terminalreporter.section("rulebook sections with tests")
    for game in rulebooks():
        done, total = report.summary(game)
        missing = [
            s.id
            for s in report.sections
            if s.game == game and s.has_rules and not report.covered(s)
        ]
        terminalreporter.write_line(
            f"{game}: {done}/{total} sections"
            + (f"; without tests: {', '.join(missing)}" if missing else "")
        )
