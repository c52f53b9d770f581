"""``simulate`` and ``balance`` figures on the command line: intervals, seats, round
robins and ratings, the data file option, --json, --plot and the progress bar."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import rigged
import silkroad
from silkroad.arena import analysis
from silkroad.cli import main

pytestmark = pytest.mark.skipif(not analysis.available(), reason="needs the analysis extra")


@pytest.fixture
def rolled() -> Iterator[object]:
    silkroad.register(rigged.GAME, replace=True)
    yield rigged.GAME
    silkroad.unregister(rigged.SPEC.name)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.usefixtures("rolled")
def test_simulate_json_carries_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "simulate", "riggedroll", "--games", "300", "--workers", "1", "--json"
    )
    assert code == 0, err
    doc = json.loads(out)
    figures = doc["figures"]
    first = figures["first_player"]
    assert first["low"] <= rigged.TRUE_FIRST_PLAYER_RATE <= first["high"]
    assert first["flagged"] is True
    assert figures["truncated"] == doc["truncated"] > 0
    assert figures["finished"] + figures["truncated"] == 300
    assert [e["win_rate"]["trials"] for e in figures["entrants"]] == [figures["finished"]] * 2
    assert figures["length"]["count"] == figures["finished"]
    assert {"histogram", "median", "q1", "q3"} <= set(figures["entrants"][0]["score"])
    assert len(figures["ratings"]) == 2
    game = doc["results"][0]
    assert game["seats"] == ["random", "random"]
    assert game["first"] in (0, 1)
    assert {r["outcome"] for r in doc["results"]} == {"finished", "truncated"}


@pytest.mark.usefixtures("rolled")
def test_simulate_round_robin_rates_every_agent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "sim.svg"
    code, out, err = run(
        capsys,
        "simulate",
        "riggedroll",
        "--games",
        "60",
        "--workers",
        "1",
        "--agents",
        "random,greedy,random",
        "--quiet",
        "--plot",
        str(picture),
        "--resamples",
        "200",
    )
    assert code == 0, err
    assert "round robin" in out
    assert "Bradley-Terry ratings" in out
    for entrant in ("A0", "A1", "A2"):
        assert entrant in out
    assert picture.read_text().lstrip().startswith("<?xml")
    assert "<svg" in picture.read_text()


@pytest.mark.usefixtures("rolled")
def test_balance_flags_the_lucky_charm(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = tmp_path / "balance.png"
    code, out, err = run(
        capsys,
        "balance",
        "riggedroll",
        "--games",
        "300",
        "--workers",
        "1",
        "--plot",
        str(picture),
    )
    assert code == 0, err
    assert "charm: players who held it" in out
    lucky = next(line for line in out.splitlines() if "lucky" in line)
    assert "*" in lucky
    assert "held by every player whenever held (never a difference): charm:plain" in out
    assert "first player" in out
    assert "1 of 1 compared components flagged" in out
    assert picture.read_bytes().startswith(b"\x89PNG")


@pytest.mark.usefixtures("rolled")
def test_balance_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "balance", "riggedroll", "--games", "200", "--workers", "1", "--json"
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["flagged"] == ["charm:lucky"]
    lucky = next(c for c in doc["components"] if c["label"] == "charm:lucky")
    assert lucky["rate"]["low"] <= rigged.TRUE_LUCKY_RATE <= lucky["rate"]["high"]
    assert 0.4 < lucky["expected"] < 0.6
    assert doc["results"][0]["holdings"][0][0].startswith("charm:")
    assert doc["figures"]["first_player"]["trials"] == doc["figures"]["finished"]


def test_balance_reads_a_users_data_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = Path(silkroad.kashgar.__file__).parent / "data" / "standard.toml"
    mine = tmp_path / "standard.toml"
    mine.write_text(source.read_text().replace('key = "planter"', 'key = "my_planter"', 1))
    code, out, err = run(
        capsys,
        "balance",
        "kashgar",
        "--data",
        str(mine),
        "--games",
        "6",
        "--workers",
        "1",
        "--agents",
        "random",
        "--json",
    )
    assert code == 0, err
    labels = {c["label"] for c in json.loads(out)["components"]}
    assert "card:my_planter" in labels
    assert "card:planter" not in labels


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["balance", "kashgar", "--plot", "x.pdf"], "--plot writes a .png or .svg file"),
        (["balance", "kashgar", "--data", "/nonexistent.toml"], "nonexistent"),
        (["simulate", "kashgar", "--agents", "a,b,c"], "unknown agent 'a'"),
        (["simulate", "kashgar", "--players", "3", "--agents", "random,greedy"], "2 agents"),
        (["simulate", "kashgar", "--agents", "random,greedy,random", "--no-rotate"], "rotates"),
        (["simulate", "kashgar", "--resamples", "5"], "--resamples"),
    ],
)
def test_bad_tournament_arguments_are_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv, "--games", "2", "--workers", "1")
    assert code == 2
    assert message in err


def test_simulate_without_the_analysis_extra_still_reports(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis, "available", lambda: False)
    code, out, _ = run(capsys, "simulate", "kashgar", "--games", "2", "--workers", "1", "--quiet")
    assert code == 0
    assert "need the analysis extra" in out
    code, _, err = run(capsys, "balance", "kashgar", "--games", "2", "--workers", "1")
    assert code == 2
    assert "analysis extra" in err


def test_the_progress_bar_shows_games_per_second_and_time_left() -> None:
    from io import StringIO

    from rich.console import Console

    from silkroad.cli.common import progress_bar

    console = Console(file=StringIO(), force_terminal=True, width=120)
    with progress_bar(console, disable=False) as bar:
        task = bar.add_task("kashgar: 10 games", total=10)
        bar.advance(task, 4)
        text = "".join(str(cell) for column in bar.columns for cell in [column(bar.tasks[0])])
    assert "4/10" in text
    assert "games/s" in text
    assert "left" in text


def test_the_progress_estimate_waits_for_a_game_then_uses_finished_games() -> None:
    from io import StringIO

    from rich.console import Console

    from silkroad.cli.common import progress_bar

    now = [100.0]
    console = Console(file=StringIO(), force_terminal=True, width=120)
    bar = progress_bar(console, disable=True, get_time=lambda: now[0])

    def line() -> str:
        return " ".join(str(column(bar.tasks[0])) for column in bar.columns[2:])

    task = bar.add_task("kashgar: 10 games", total=10)
    now[0] = 103.0
    before = line()
    assert "estimating" in before
    assert "games/s" not in before
    assert "left 0:" not in before
    # the first game ends 4 s after the start and a second right after it (a worker
    # handing back two at once): 2 games in 4 s, 8 more take 16 s
    now[0] = 104.0
    bar.advance(task)
    now[0] = 104.0 + 1e-6
    bar.advance(task)
    after = line()
    assert "estimating" not in after
    assert "2/10" in after
    assert "0.50 games/s" in after
    assert "left 0:00:16" in after
