"""Headless Chromium for the viewer tests, driven by Playwright.

The browser is Debian's ``chromium`` (``.ci/run`` installs it); Playwright only drives it
(``playwright install`` is never needed). Where either is missing the tests are skipped,
except in CI (``CI`` set), where that is a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from silkroad.serve import Hub, Settings, create_app

CHROMIUM = os.environ.get("SILKROAD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: Flags for a closed network: no background connections, no first-run work.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"the browser tests must run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium, for the whole session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed (pip install -e '.[browser]')")
    if not Path(CHROMIUM).exists():
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    profile = tempfile.mkdtemp(prefix="silkroad-chromium-")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport={"width": 1440, "height": 1000},
        )
        try:
            yield context
        finally:
            context.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh tab; any script error on it fails the test."""
    tab = browser.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("requestfailed", lambda request: errors.append(f"failed request {request.url}"))
    tab.on(
        "request",
        lambda request: (
            None
            if request.url.startswith("file://")
            else errors.append(f"network request {request.url}")
        ),
    )
    yield tab
    tab.close()
    assert not errors, errors


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[str, Hub]]:
    """A server (uvicorn, in a thread) on a free port; its address and its hub."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    hub = Hub(Settings(tmp_path / "tables", agent_delay=0, workers=2))
    config = uvicorn.Config(
        create_app(hub=hub), host="127.0.0.1", port=port, log_level="warning",
        ws="websockets-sansio",
    )  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):
        if server.started:
            break
        time.sleep(0.025)
    assert server.started, "the server did not start"
    yield f"http://127.0.0.1:{port}", hub
    server.should_exit = True
    thread.join(20)
