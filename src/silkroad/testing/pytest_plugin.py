"""pytest plugin for rulebook-keyed tests.

Enable it in a ``conftest.py`` with ``pytest_plugins = ["silkroad.testing.pytest_plugin"]``
(or on the command line with ``-p silkroad.testing.pytest_plugin``). It is not loaded
automatically, so it never interferes with other projects' own markers.

* registers the marker ``@pytest.mark.rule("KG-4.B", ...)`` tying a test to rulebook
  sections; an id that names no section of the rulebooks fails collection, so a typo
  cannot silently claim coverage;
* ``pytest --rule-coverage`` prints, after the run, which sections have tests.
"""

from __future__ import annotations

import pytest

from silkroad.testing.coverage import coverage, load_sections, owning_section

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


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    known = {s.id: s for s in load_sections()}
    claimed = config.stash[_KEY]
    for item in items:
        for marker in item.iter_markers("rule"):
            if not marker.args:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule needs a section id")
            for rule_id in marker.args:
                if not isinstance(rule_id, str) or owning_section(rule_id, known) is None:
                    raise pytest.UsageError(
                        f"{item.nodeid}: @pytest.mark.rule({rule_id!r}) names no rulebook "
                        "section (see silkroad/data/sections.tsv)"
                    )
                claimed.setdefault(rule_id, []).append(item.nodeid)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    config = terminalreporter.config
    if not config.getoption("--rule-coverage"):
        return
    report = coverage(config.stash[_KEY])
    terminalreporter.section("rulebook sections with tests")
    for game in ("KG", "SR", "DH"):
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
