"""The learning benchmark of docs/adapters.md runs as documented (a tiny run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_learning.py"


def test_the_learning_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bench_learning", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_learning"] = module
    try:
        spec.loader.exec_module(module)
        assert module.main(["--titles", "kashgar", "--train", "3", "--eval", "2"]) == 0
    finally:
        del sys.modules["bench_learning"]
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| Kashgar")]
    assert [row.split(" | ")[1] for row in rows] == ["tensor", "feature hash", "random"]
    assert "python benchmarks/bench_learning.py --titles kashgar --train 3 --eval 2" in out
