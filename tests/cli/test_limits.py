"""``simulate`` and ``balance`` refuse, before the first game, the counts a run cannot do
(which hung) and seeds outside the seed range (which played every game to an error); a
data file that is not UTF-8 is one line."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from silkroad.cli import main
from silkroad.cli.report import MAX_GAMES, MAX_RESAMPLES, WORKERS_PER_CPU

DOCS = Path(__file__).resolve().parents[2] / "docs"
MOST_WORKERS = WORKERS_PER_CPU * (os.cpu_count() or 1)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", str(10**30)], f"at most {MAX_GAMES:,} games a run"),
        (["--games", str(MAX_GAMES + 1)], f"at most {MAX_GAMES:,} games a run"),
        (["--workers", "100000"], f"at most {MOST_WORKERS} worker processes"),
        (["--workers", str(MOST_WORKERS + 1)], f"({WORKERS_PER_CPU} per CPU"),
        (["--resamples", str(10**12)], f"at most {MAX_RESAMPLES:,}"),
        (["--seed", "-5"], "--seed -5: a seed is an integer from 0 to 2**64 - 1"),
        (["--seed", str(2**64 - 1), "--games", "2"], "must be integers from 0 to 2**64 - 1"),
        (["--agents", ""], "an agent spec starts with a name, got ''"),
    ],
)
def test_simulate_refuses_what_it_cannot_do_at_once(
    tiny: object, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    started = time.monotonic()
    code, out, err = run(capsys, "simulate", "tinydraw", "--quiet", *argv)
    assert code == 2
    assert err.startswith("silkroad: error: ")
    assert err.count("\n") == 1
    assert message in err
    assert "entrant" not in out  # no table: nothing was played
    assert time.monotonic() - started < 30  # refused, not hung (a generous bound)


def test_the_last_seeds_are_accepted(tiny: object, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "tinydraw", "--quiet", "--seed", str(2**64 - 2), "--games", "2"]
    code, out, err = run(capsys, *argv, "--workers", "1", "--no-ratings")
    assert code == 0, err
    assert "errors: 0;" in out


@pytest.mark.parametrize("value", ["-1", "0"])
def test_balance_refuses_a_min_games_below_1(
    tiny: object, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["balance", "tinydraw", "--min-games", value])
    assert info.value.code == 2
    assert f"--min-games: must be from 1 to 1,000,000, got {value}" in capsys.readouterr().err


def test_the_docs_give_the_limits_of_the_code() -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert f"at most {MAX_GAMES:,} games" in page
    assert f"{WORKERS_PER_CPU} local worker processes per CPU" in page
    assert f"{MAX_RESAMPLES:,} resamples" in page


def test_a_dunhuang_data_file_that_is_not_utf8_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``play dunhuang --data FILE`` with a file that is not UTF-8: one line naming the
    file, exit 2 (it printed a traceback)."""
    path = tmp_path / "silk.toml"
    path.write_bytes(b'[pack]\nname = "silk"\ntitle = "Soie \xe9"\n')
    code, _, err = run(capsys, "play", "dunhuang", "--data", str(path), "--quiet")
    assert code == 2
    assert err.startswith(f"silkroad: error: file {path}: cannot read the file: ")
    assert "utf-8" in err
    assert err.count("\n") == 1
