"""``silkroad serve``: the command starts a real server (uvicorn) on the folder given."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from silkroad.cli import main

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_the_command_has_complete_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "usage: silkroad serve" in out
    assert "--host" in out
    assert "127.0.0.1" in out
    assert "  silkroad serve" in out


def test_without_the_extra_the_command_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "silkroad.serve", None)  # import fails as if missing
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'silkroad[serve]'" in err


@pytest.mark.parametrize("argv", [["--port", "70000"], ["--agent-delay", "-1"], ["--workers", "0"]])
def test_bad_arguments_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", *argv])
    assert info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_command_serves_tables_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "silkroad.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--folder", str(tmp_path / "tables")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        # until the server answers: generous, a loaded machine starts Python slowly
        deadline = time.monotonic() + 180
        while True:
            try:
                with urllib.request.urlopen(f"{base}/", timeout=10) as page:
                    assert b"a new table" in page.read()
                break
            except OSError:
                assert process.poll() is None, "the server ended before it answered"
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.05)
        request = urllib.request.Request(
            f"{base}/api/tables",
            data=json.dumps(
                {"game": "kashgar", "seats": [{"person": "A"}, {"person": "B"}]}
            ).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            table = json.load(answer)
        with urllib.request.urlopen(base + table["links"][1]["url"], timeout=10) as page:
            assert b"seat.js" in page.read()
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert f"Serving on http://127.0.0.1:{port}/" in out
    assert "0 resumed" in out
    assert (tmp_path / "tables" / f"{table['table']}.json").is_file()
