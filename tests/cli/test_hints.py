"""Install hints are printed whole, each naming the extra that installs what is missing
(issue 47: rich read ``[analysis]`` as markup and printed ``pip install 'silkroad'``)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from silkroad.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = set(
    tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
)
HINT = re.compile(r"pip install '(?:silkroad|\.)\[([a-z,]+)\]'")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def hidden(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``modules`` look uninstalled: import fails, find_spec finds nothing."""
    real = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> Any:
        return None if name.split(".")[0] in modules else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_simulate_without_the_analysis_extra_names_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hidden(monkeypatch, "numpy", "scipy", "choix")
    code, out, _ = run(capsys, "simulate", "kashgar", "--games", "2", "--workers", "1")
    assert code == 0
    assert "pip install 'silkroad[analysis]'" in out
    assert "pip install 'silkroad'" not in out


def test_bench_without_python_chess_names_the_bench_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hidden(monkeypatch, "chess")
    code, out, _ = run(capsys, "bench", "kashgar", "--players", "2", "--seconds", "0.01")
    assert code == 0
    assert "python-chess is not installed (pip install 'silkroad[bench]'): no reference" in out


@pytest.mark.parametrize(
    ("argv", "modules", "extra"),
    [
        (("simulate", "kashgar", "--games", "2", "--backend", "ray"), ("ray",), "ray"),
        (("simulate", "kashgar", "--games", "2", "--plot", "t.png"), ("matplotlib",), "analysis"),
        (("balance", "kashgar", "--games", "2"), ("numpy", "scipy", "choix"), "analysis"),
    ],
)
def test_refusals_for_a_missing_extra_name_it(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: tuple[str, ...],
    modules: tuple[str, ...],
    extra: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    hidden(monkeypatch, *modules)
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert f"pip install 'silkroad[{extra}]'" in err


def test_serve_without_its_extra_names_it(tmp_path: Path) -> None:
    """The server's modules are imported by the command itself: a fresh interpreter
    without Starlette."""
    program = (
        "import sys; sys.modules['starlette'] = None\n"
        "from silkroad.cli import main\n"
        "sys.exit(main(['serve', '--folder', 'tables']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert done.returncode == 2, done.stderr
    assert "pip install 'silkroad[serve]'" in done.stderr


def test_every_install_hint_in_the_source_names_an_extra() -> None:
    """Each ``pip install`` the library prints names an extra pyproject.toml defines."""
    found = 0
    for path in sorted((ROOT / "src" / "silkroad").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            if "pip install '" not in line:
                continue
            hint = HINT.search(line)
            if hint is None:
                continue  # install_hint's own docstring, built from its argument
            for extra in hint.group(1).split(","):
                assert extra in EXTRAS, f"{path.name}: {line.strip()}"
                found += 1
    assert found >= 8
