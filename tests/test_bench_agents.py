"""The strength benchmark of docs/agents.md runs as documented and prints the win rate
with its 95% interval (a tiny run)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from extras import needs_analysis
from silkroad.arena.analysis import rate

pytestmark = needs_analysis

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_agents.py"


@pytest.fixture
def bench() -> Iterator[ModuleType]:
    spec = importlib.util.spec_from_file_location("bench_agents", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_agents"] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules["bench_agents"]


def test_the_strength_benchmark_prints_the_interval(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        bench.main(["kashgar", "--players", "2", "--agents", "greedy,random", "--games", "4"]) == 0
    )
    lines = capsys.readouterr().out.splitlines()
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    row = dict(zip(header, (c.strip() for c in lines[2].strip("|").split("|")), strict=True))
    assert row["games"] == "4"
    wins = float(row["win rate"].split("(")[1].split("/")[0])
    expected = rate(int(wins), 4)
    assert row["95% interval"] == f"[{100 * expected.low:.1f}, {100 * expected.high:.1f}]"


def test_a_shared_win_widens_the_interval_to_both_whole_counts(bench: ModuleType) -> None:
    low, high = rate(2, 10).low, rate(3, 10).high
    assert bench.interval(2.5, 10) == f"[{100 * low:.1f}, {100 * high:.1f}]"
    whole = rate(3, 10)
    assert bench.interval(3.0, 10) == f"[{100 * whole.low:.1f}, {100 * whole.high:.1f}]"


def test_solitaire_has_no_fair_share(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """A solitaire game is won against the game: the fair-share column says so ("-"),
    not 100%."""
    argv = ["dunhuang", "--players", "1", "--agents", "random,random", "--games", "1"]
    assert bench.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    row = dict(zip(header, (c.strip() for c in lines[2].strip("|").split("|")), strict=True))
    assert row["fair share"] == "-"
    assert row["mean score (agent / others)"].endswith("/ -")
