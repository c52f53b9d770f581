"""The test run with only the ``test`` extra installed (``pip install '.[test]'``), and what
its summary says of the tests it could not run (imported by tests/conftest.py).

A test module, or a test, that needs a module another extra of pyproject.toml installs is
reported as skipped, naming that extra (``needs gymnasium: pip install -e '.[gymnasium]'``),
instead of failing at collection. In CI (``CI`` set), where every extra is installed, a
missing module stays an error. The browser tests skip without Chromium (or Playwright);
the summary counts them on a line of their own, with the reason.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

#: The extra of pyproject.toml that installs each optional module the tests need.
EXTRA_OF = {
    "numpy": "analysis",
    "scipy": "analysis",
    "choix": "analysis",
    "matplotlib": "analysis",
    "chess": "bench",
    "open_spiel": "openspiel",
    "pyspiel": "openspiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "gymnasium",
    "ray": "ray",
    "starlette": "serve",
    "uvicorn": "serve",
    "websockets": "serve",
    "httpx": "serve",
    "httpx2": "serve",
    "playwright": "browser",
    "cosmic_ray": "mutation",
}


def _analysis() -> bool:
    from silkroad.arena import analysis

    return analysis.available()


#: A test of the statistics of simulate and balance (numpy, scipy and choix): skipped,
#: naming the extra, where it is not installed.
needs_analysis = pytest.mark.skipif(
    not _analysis(), reason="needs the analysis extra: pip install -e '.[analysis]'"
)

_MISSING = re.compile(r"No module named '([\w.]+)'|import of ([\w.]+) halted")


def skip_reason(module: str) -> str | None:
    """Why a test that needs ``module`` (a missing one) is skipped, naming the extra that
    installs it; None for a module no extra installs (a real error)."""
    extra = EXTRA_OF.get(module.split(".")[0])
    if extra is None:
        return None
    return f"needs {module.split('.')[0]}: pip install -e '.[{extra}]'"


def _strict() -> bool:
    return bool(os.environ.get("CI"))


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    """A test module, or a folder whose conftest.py, cannot be imported for want of an
    extra is skipped."""
    outcome = yield
    report = outcome.get_result()
    if not report.failed or _strict():
        return
    found = _MISSING.search(str(report.longrepr))
    reason = skip_reason(found.group(1) or found.group(2)) if found else None
    if reason is not None:
        report.outcome = "skipped"
        report.longrepr = (str(collector.path), 0, f"Skipped: {reason}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A test that imports a missing extra's module as it runs is skipped."""
    outcome = yield
    report = outcome.get_result()
    if not report.failed or _strict() or call.excinfo is None:
        return
    error = call.excinfo.value
    if not isinstance(error, ModuleNotFoundError) or error.name is None:
        return
    reason = skip_reason(error.name)
    if reason is not None:
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {reason}")


def browser_skips(reports: Iterable[Any]) -> list[str]:
    """Summary lines for the skipped browser tests (those under a ``browser`` folder), one
    per reason: ``14 browser tests skipped: no Chromium at /usr/bin/chromium (apt-get
    install chromium)``."""
    reasons: Counter[tuple[str, str]] = Counter()
    for report in reports:
        if "browser" not in Path(report.nodeid.split("::")[0]).parts:
            continue
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        # a module skipped whole at collection, or a test
        what = "test module" if getattr(report, "when", None) == "collect" else "test"
        reasons[what, reason.removeprefix("Skipped: ")] += 1
    return [
        f"{count} browser {what}{'s' if count != 1 else ''} skipped: {reason}"
        for (what, reason), count in reasons.items()
    ]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say how many browser tests were skipped and why, next to the summary line (the
    "N skipped" count alone does not tell a newcomer that Chromium is missing)."""
    for line in browser_skips(terminalreporter.stats.get("skipped", [])):
        terminalreporter.write_line(line, yellow=True)
