"""The analysis at the command line: ``silkroad analyze`` on a record of each title, its
annotated record read by ``replay`` and ``view``, and ``hint`` at the terminal prompt."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

import silkroad
from analysis.helpers import ITERATIONS, TITLES, short_record
from silkroad.agents import make_agent
from silkroad.analysis import Analysis, analyze, hints
from silkroad.cli import main
from silkroad.cli.interactive import HumanGame, analysis_line
from silkroad.core.replay import Record
from silkroad.view import viewer_data


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit:  # a flag refused by its type, as argparse refuses it
        code = int(exit.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def saved(tmp_path: Path) -> dict[str, Path]:
    paths = {}
    for key in TITLES:
        path = tmp_path / f"{key}.json"
        short_record(key).save(path)
        paths[key] = path
    return paths


@pytest.mark.parametrize("key", list(TITLES))
def test_analyze_prints_the_decisions_that_mattered_and_saves_an_annotated_record(
    key: str, saved: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    target = saved[key].with_name(f"{key}-analyzed.json")
    code, out, _ = run(
        capsys, "analyze", str(saved[key]), "--iterations", str(ITERATIONS), "--seed", "2",
        "--save", str(target), "--top", "2",
    )  # fmt: skip
    assert code == 0
    record = Record.load(target)
    result = Analysis.of(record)
    assert result is not None
    assert result == analyze(None, short_record(key), iterations=ITERATIONS, seed=2)
    title = silkroad.get_game(record.game).spec.title
    assert f"{title}: {len(result.decisions)} decisions analyzed" in out
    for d in result.mattered(2):
        assert f"move {d.index + 1} ({d.position}): drop" in out
        assert f"better  {d.best.move} ({d.best.words})" in out
    assert "s of search per decision" in out
    # replay reads it, and its steps show each decision's analysis
    code, out, _ = run(capsys, "replay", str(target))
    assert code == 0
    assert f"annotated: {len(result.decisions)} decisions analyzed by {result.agent}" in out
    # the viewer's data holds it: every seat's on the page of everything, one seat's on its
    every = viewer_data(record)
    assert every.analysis is not None
    assert [e["n"] for e in every.analysis["all"]] == [d.index + 1 for d in result.decisions]
    for seat in range(silkroad.get_game(record.game).num_players(record.initial_state())):
        own = viewer_data(record, seat)
        assert own.analysis is not None
        assert set(own.analysis) == {str(seat)}
        assert {e["player"] for e in own.analysis[str(seat)]} <= {seat}
        assert [e["n"] for e in own.analysis[str(seat)]] == [
            d.index + 1 for d in result.for_seat(seat).decisions
        ]


def test_analyze_takes_a_range_a_seat_and_prints_json(
    saved: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, "analyze", str(saved["kashgar"]), "--from", "2", "--to", "6", "--seat", "1",
        "--iterations", str(ITERATIONS), "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["kind"] == "analysis"
    assert data["agent"] == f"ismcts:iterations={ITERATIONS}"
    assert data["decisions"]
    assert all(d["player"] == 1 and 2 <= d["n"] <= 6 for d in data["decisions"])


def test_a_record_without_analysis_has_no_analysis_in_its_viewer() -> None:
    assert viewer_data(short_record("serica")).analysis is None


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--iterations", "0"], "argument --iterations: must be from 1 to 1,000,000, got 0"),
        (["--seconds", "0"], "argument --seconds: must be a number above 0 and at most 3600"),
        (["--to", "99"], "decisions 1 to 8"),
        (["--seat", "5"], "seats of this game are 0 to 1"),
        (["--agent", "random"], "no per-move statistics"),
        (["--workers", "0"], "--workers must be at least 1"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    saved: dict[str, Path], capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    code, out, err = run(capsys, "analyze", str(saved["kashgar"]), *extra)
    assert code == 2
    assert message in err
    assert not out


def test_a_step_of_an_annotated_record_shows_its_analysis() -> None:
    result = analyze(None, short_record("serica"), iterations=ITERATIONS, seed=1)
    d = result.decisions[0]
    line = analysis_line(d)
    assert line.startswith(f"analysis: played {d.move}: ")
    if not d.agrees:
        assert f"better {d.best.move} ({d.best.words})" in line


# ------------------------------------------------------------------ hint at the terminal


def _session(key: str, answers: list[str], tmp_path: Path, hint: int | None) -> tuple[str, int]:
    record = short_record(key)
    game = silkroad.get_game(record.game)
    state = record.initial_state(game)
    person = game.current_player(state)
    assert person is not None
    seats = game.num_players(state)
    agents = {p: make_agent("random", p) for p in range(seats) if p != person}
    queue = list(reversed(answers))
    out = Console(file=io.StringIO(), width=120, color_system=None)
    session = HumanGame(
        game, record.options, record.seed, {person}, agents, read=lambda _: queue.pop(),
        out=out, save_path=str(tmp_path / "kept.json"), hints=hint,
    )  # fmt: skip
    session.play()
    return out.file.getvalue(), person  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", list(TITLES))
def test_hint_gives_the_search_top_three_moves_for_the_deciding_seat(
    key: str, tmp_path: Path
) -> None:
    text, person = _session(key, ["hint", "quit"], tmp_path, ITERATIONS)
    record = short_record(key)
    game = silkroad.get_game(record.game)
    state = record.initial_state(game)
    expected = hints(game, game.observe(state, person), person, iterations=ITERATIONS, seed=0)
    assert f"The search's top moves for P{person}" in text
    flat = " ".join(text.split())
    for rank, estimate in enumerate(expected, start=1):
        assert f"{rank}. {estimate.move}: {estimate.words} · {estimate.line()}" in flat


def test_hints_are_off_unless_asked_for_and_take_no_seat(tmp_path: Path) -> None:
    text, _ = _session("kashgar", ["hint", "hint P1", "quit"], tmp_path, None)
    assert "Hints are off at this table: start the game with --hints." in text
    assert "'hint' takes nothing after it" in text
    assert "top moves" not in text


def test_play_refuses_hints_without_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "kashgar", "--hints", "--agents", "random")
    assert code == 2
    assert "--hints is for a person at the terminal" in err


def test_the_progress_line_says_how_many_are_done_and_the_time_left(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from silkroad.cli.analyze import _duration, _Progress

    progress = _Progress(True)
    progress.start -= 10.0  # ten seconds spent on the first two decisions
    progress(2, 8)
    err = capsys.readouterr().err
    assert "analyzed 2/8 decisions" in err
    assert "about" in err
    assert err.endswith("left ")
    progress(8, 8)
    assert capsys.readouterr().err.endswith("left \n")
    _Progress(False)(1, 2)
    assert capsys.readouterr().err == ""
    assert [_duration(s) for s in (30, 95, 7300)] == ["30 s", "1 min 35 s", "2 h 01 min"]


def test_a_time_budget_per_decision_is_taken() -> None:
    result = analyze(None, short_record("kashgar"), seconds=0.01, last=2)
    assert result.agent == "ismcts:seconds=0.01"
    assert all(d.iterations >= 1 for d in result.decisions)
