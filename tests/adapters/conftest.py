"""The adapter tests run in full or fail in CI: there (``CI`` set, every adapter extra
installed by ``make test``) a skipped test, a framework missing say, is reported as a
failure. Elsewhere a test whose framework is not installed skips, naming the extra that
installs it (tests/extras.py), so that ``pip install '.[test]'`` and ``pytest`` pass."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if not os.environ.get("CI"):
        return
    if report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = (
            f"{item.nodeid} was skipped ({report.longrepr}); the adapter tests must not skip: "
            "install every adapter extra (make test does)"
        )
