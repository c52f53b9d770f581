"""Every numeric flag of every command is range-checked: a value out of range, however
large or negative, is one line and exit code 2 before anything runs (``serve
--agent-processes 99999999999999999999`` ended in an ``OverflowError`` traceback, and
negative values were taken silently)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

import silkroad.serve
from silkroad.cli import build_parser, main, rules
from silkroad.cli.common import (
    NumberRange,
    float_range,
    int_range,
    positive_float,
    positive_int,
)
from silkroad.cli.report import MAX_GAMES, WORKERS_PER_CPU
from silkroad.cli.serve import MAX_SEARCH, MAX_THREADS
from silkroad.serve.app import CLOSE_INVALID, MAX_BODY, MAX_DEPTH

#: The least each command needs before its flags: a game, a record.
BASES = {
    "demo": ["demo"],
    "play": ["play", "tinydraw", "--quiet"],
    "simulate": ["simulate", "tinydraw", "--quiet"],
    "balance": ["balance", "tinydraw", "--quiet"],
    "view": ["view", "{record}"],
    "serve": ["serve", "--folder", "{folder}"],
    "position": ["position", "tinydraw"],
    "bench": ["bench", "tinydraw"],
    "rules": ["rules", "--reasons", "tinydraw"],
    "analyze": ["analyze", "{record}", "--quiet"],
}

HUGE = "9" * 20


def numeric_flags() -> Iterator[tuple[str, str, bool]]:
    """(command, flag, whether it takes a fraction) of every flag whose value is a number."""
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in commands.choices.items():
        for action in sub._actions:
            kind = action.type
            if isinstance(kind, NumberRange):
                yield name, action.option_strings[-1], kind.fraction
            elif kind in (int, float, positive_int, positive_float):
                yield name, action.option_strings[-1], kind in (float, positive_float)


FLAGS = sorted(numeric_flags())
#: Each flag with values out of every range; a flag of fractions also with the numbers
#: that are not finite.
CASES = [
    (command, flag, value)
    for command, flag, fraction in FLAGS
    for value in [HUGE, "-1", *(["1e400", "nan"] if fraction else [])]
]


def test_the_flags_are_found_and_every_command_with_one_is_covered() -> None:
    found = {(c, f) for c, f, _ in FLAGS}
    assert {("serve", "--agent-processes"), ("bench", "--seconds"), ("view", "--seat")} <= found
    assert {c for c, _ in found} <= set(BASES)


@pytest.fixture
def record(tiny: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.json"
    assert main(["play", "tinydraw", "--quiet", "--save", str(path)]) == 0
    capsys.readouterr()
    return path


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that would start fails the test instead of serving."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server started")

    monkeypatch.setattr(silkroad.serve, "serve", refuse)


@pytest.mark.parametrize(("command", "flag", "value"), CASES)
def test_a_number_out_of_range_is_one_line(
    command: str,
    flag: str,
    value: str,
    request: pytest.FixtureRequest,
    tiny: object,
    no_server: None,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = request.getfixturevalue("record") if command in ("view", "analyze") else None
    argv = [a.format(record=record, folder=tmp_path / "tables") for a in BASES[command]]
    try:
        code = main([*argv, f"{flag}={value}"])
    except SystemExit as exit:  # refused by argparse
        code = exit.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert err.count("\n") == 1, err
    assert "error:" in err
    assert "Traceback" not in err
    assert "OverflowError" not in err
    assert out == ""  # nothing ran
    assert not (tmp_path / "tables").exists()


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        (int_range(0, 65535), "70000", "must be from 0 to 65535, got 70000"),
        (int_range(1, 10**6), HUGE, f"must be from 1 to 1,000,000, got {HUGE}"),
        (int_range(1), "9" * 5000, "must be an integer (at least 1), got '999999"),
        (int_range(1), "1.5", "must be an integer (at least 1), got '1.5'"),
        (positive_int, "0", "must be at least 1, got 0"),
        (float_range(0, 60, unit="seconds"), "nan", "must be a number from 0 to 60 seconds"),
        (float_range(0, 60, unit="seconds"), "-0.5", "must be a number from 0 to 60 seconds"),
        (positive_float, "inf", "must be a number above 0, got inf"),
        (positive_float, "1e400", "must be a number above 0, got 1e400"),
        (float_range(0, 3600, above=True), "0", "must be a number above 0 and at most 3600"),
    ],
)
def test_the_shared_types_say_the_range(kind: object, text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as info:
        kind(text)  # type: ignore[operator]
    assert str(info.value).startswith(message)
    assert len(str(info.value)) < 100


def test_the_bounds_are_taken() -> None:
    assert int_range(0, 65535)("65535") == 65535
    assert int_range(0, 65535)(" 0 ") == 0
    assert float_range(0, 60)("60") == 60.0
    assert float_range(0, 3600, above=True)("0.01") == 0.01


def test_the_docs_give_the_ranges_of_the_code() -> None:
    """docs/cli.md's table of ranges and docs/serve.md's limits are the code's."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    page = (docs / "cli.md").read_text(encoding="utf-8")
    rows = {
        cells[1].strip(): cells[2].strip()
        for line in page.splitlines()
        if line.startswith("| `") and len(cells := line.split("|")) == 4
    }
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    per_cpu = f"from 0 to {WORKERS_PER_CPU} per CPU"
    checked = 0
    for command, flag, _ in FLAGS:
        kind = next(a.type for a in commands.choices[command]._actions if flag in a.option_strings)
        if isinstance(kind, NumberRange):
            written = rows[f"`{command} {flag}`"]
            assert written.endswith(per_cpu if flag == "--agent-processes" else kind.span)
            checked += 1
    assert checked >= 12  # serve, bench, balance and analyze's
    assert rows["`rules --games`"] == f"from 1 to {rules.MAX_GAMES}"
    assert rows["`balance --min-games`"] == f"from 1 to {MAX_GAMES:,}"
    serve_page = " ".join((docs / "serve.md").read_text(encoding="utf-8").split())
    for limit in (
        f"at most {MAX_BODY:,} bytes",
        f"deeper than {MAX_DEPTH} levels",
        f"over {4 * MAX_BODY:,} bytes",
        f"code {CLOSE_INVALID}",
        f"`--workers` from 1 to {MAX_THREADS}",
        f"`--max-iterations` from 1 to {MAX_SEARCH:,}",
        f"`--agent-processes` from 0 to {WORKERS_PER_CPU} per CPU",
    ):
        assert limit in serve_page
