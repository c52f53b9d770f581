"""Positions on the command line: ``position check FILE``, ``play --from``, ``simulate
--from`` and ``--resume`` of a game between agents (issue 32)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from silkroad import get_game
from silkroad.cli import main
from silkroad.core.replay import Record, replay

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"

PARTIAL = """game = "kashgar"
[player.0]
caravans = [["patriarch", "grocer"], ["planter"]]
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))


def test_position_check_prints_the_filled_position_and_what_moved(
    capsys: pytest.CaptureFixture[str],
) -> None:
    Path("start.toml").write_text(PARTIAL, encoding="utf-8")
    code, out, err = run(capsys, "position", "check", "start.toml")
    assert code == 0, err
    game = get_game("kashgar")
    filled = game.fill_position(PARTIAL)
    assert filled.moved
    position, _, report = out.partition("# The filling rule moved ")
    assert game.from_position(position) == filled.state  # the whole position, to start from
    assert report.splitlines()[0] == f"{len(filled.moved)} cards:"
    assert report.splitlines()[1:] == [f"#   {m}" for m in filled.moved]
    assert "#   planter#1: taken from piles.standard to player.0.caravans[1]" in out


def test_position_check_reads_the_start_of_a_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS / "kashgar" / "example-of-a-turn.scenario.toml"
    code, out, err = run(capsys, "position", "check", str(path))
    assert code == 0, err
    assert "#   patriarch#1: taken from piles.removed to player.0.caravans[0]" in out
    # a complete position moves nothing
    Path("whole.toml").write_text(out, encoding="utf-8")
    code, again, err = run(capsys, "position", "check", "whole.toml")
    assert code == 0, err
    assert again.endswith("# The filling rule moved nothing.\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'game = "kashgar"\n[player.0]\ncaravans = [["patriarch", "servant"]]',
            "player.0.caravans[0][1]: no free copy of 'servant': servant is at player.1",
        ),
        ('[player.0]\ncaravans = [["patriarch"]]', "field game: names no game"),
        ('game = "kashgar"\nactive = 5', "active: 5 is above 1"),
        ("game = [", "not valid TOML"),
    ],
)
def test_position_check_refuses_a_position_that_cannot_be_a_state(
    capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    Path("bad.toml").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "position", "check", "bad.toml")
    assert code == 2
    assert out == ""
    assert message in err


def test_position_check_takes_only_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    Path("start.toml").write_text(PARTIAL, encoding="utf-8")
    assert run(capsys, "position", "check")[0] == 2
    code, _, err = run(capsys, "position", "check", "start.toml", "--players", "3")
    assert code == 2
    assert "reads everything from the file (no --players)" in err
    code, _, err = run(capsys, "position", "kashgar", "start.toml")
    assert code == 2
    assert "silkroad position check FILE" in err
    # the other form still works
    code, out, _ = run(capsys, "position", "kashgar", "--seed", "3", "--moves", "c1.1")
    assert code == 0
    assert out.startswith("# Kashgar position")


def test_play_from_a_position_records_it_and_replays(capsys: pytest.CaptureFixture[str]) -> None:
    Path("start.toml").write_text(PARTIAL, encoding="utf-8")
    code, out, err = run(
        capsys, "play", "kashgar", "--from", "start.toml", "--agents", "greedy,random",
        "--save", "g.json", "--quiet",
    )  # fmt: skip
    assert code == 0, err
    assert "seed 0 · from a position · agents greedy, random" in out
    record = Record.load("g.json")
    game = get_game("kashgar")
    # the record keeps the whole position the file fills to
    assert record.position == game.to_position(game.from_position(PARTIAL))
    assert record.initial_state(game) == game.from_position(PARTIAL)
    assert replay(record, game) is not None
    assert record.result is not None
    code, _, err = run(capsys, "play", "kashgar", "--from", "start.toml", "--players", "3")
    assert code == 2
    assert "--from plays with the position's own options" in err


def test_a_person_plays_from_a_position(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = 'game = "kashgar"\nsetup = "bare"\n[player.1]\ncaravans = [["grocer"]]\n'
    Path("start.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("save mine.json\nquit\nno\n"))
    code, out, err = run(capsys, "play", "kashgar", "--from", "start.toml", "--human", "1")
    assert code == 0, err
    assert "P1 you to decide" in out
    record = Record.load("mine.json")
    assert record.moves == ()
    assert record.initial_state() == get_game("kashgar").from_position(text)


def _stopped_record(seats: tuple[str, ...]) -> Path:
    """A game from a position, stopped after 10 decisions, its seats played by ``seats``."""
    game = get_game("kashgar")
    state = game.from_position(PARTIAL)
    moves = []
    for _ in range(10):
        move = game.legal_moves(state)[0]
        moves.append(move)
        state = game.apply(state, move)
    record = Record.from_moves(game, state.options, 0, moves, position=PARTIAL)
    path = Path("stopped.json")
    document = json.loads(record.to_json())
    document["data"]["agents"] = list(seats)
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_resume_without_a_person_keeps_the_agents_of_the_record_and_is_quiet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _stopped_record(("random", "greedy"))
    code, out, err = run(
        capsys, "play", "kashgar", "--resume", str(path), "--quiet", "--save", "done.json"
    )
    assert code == 0, err
    assert "agents random, greedy" in out
    assert "resuming after 10 decisions" in out
    assert "   11. P" not in out  # quiet: no turn log
    done = Record.load("done.json")
    assert done.agents == ("random", "greedy")
    assert done.moves[:10] == Record.load(path).moves
    assert done.position == PARTIAL
    assert done.result is not None
    # told otherwise
    code, out, _ = run(
        capsys, "play", "kashgar", "--resume", str(path), "--agents", "random", "--log"
    )
    assert code == 0
    assert "agents random, random" in out
    assert "   11. P" in out
    assert "    1. P" not in out


def test_resume_gives_a_seat_a_person_played_the_default_opponent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from silkroad.cli.play import DEFAULT_OPPONENT, resumed_agents

    assert resumed_agents(("human", "greedy"), 2) == [DEFAULT_OPPONENT, "greedy"]
    assert resumed_agents((), 3) == [DEFAULT_OPPONENT] * 3
    path = _stopped_record(("human", "random"))
    code, out, err = run(capsys, "play", "kashgar", "--resume", str(path), "--quiet")
    assert code == 0, err
    assert f"agents {DEFAULT_OPPONENT}, random" in out
    bad = _stopped_record(("nosuchagent", "random"))
    code, _, err = run(capsys, "play", "kashgar", "--resume", str(bad))
    assert code == 2
    assert "nosuchagent" in err


def test_simulate_from_a_position_deals_each_game_anew(capsys: pytest.CaptureFixture[str]) -> None:
    # decks left out: the seeded setup fills them once, then each game deals them anew
    Path("start.toml").write_text(PARTIAL, encoding="utf-8")
    code, out, err = run(
        capsys, "simulate", "kashgar", "--from", "start.toml", "--games", "3",
        "--agents", "greedy,random", "--workers", "1", "--save", "records", "--json",
    )  # fmt: skip
    assert code == 0, err
    document = json.loads(out)
    assert document["from"] == "start.toml"
    assert document["errors"] == 0
    game = get_game("kashgar")
    given = game.from_position(PARTIAL)
    starts = []
    for seed in range(3):
        record = Record.load(Path("records") / f"kashgar-seed{seed}.json")
        replay(record, game)
        start = record.initial_state(game)
        assert start == game.redeal(given, seed)
        # what the players see is the position's; the draw piles are dealt anew
        for p in range(2):
            assert game.observe(start, p) == game.observe(given, p)
        starts.append(start.standard)
    assert len(set(map(tuple, starts))) == 3
    code, _, err = run(capsys, "simulate", "kashgar", "--from", "start.toml", "--option", "x=1")
    assert code == 2
    assert "--from plays with the position's own options" in err


def test_the_cli_page_shows_what_position_check_prints(capsys: pytest.CaptureFixture[str]) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    example = page.partition("$ cat start.toml\n")[2].partition("```")[0]
    text, _, rest = example.partition("$ silkroad position check start.toml\n")
    shown, _, bad = rest.partition("$ printf ")
    Path("start.toml").write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "position", "check", "start.toml")
    assert code == 0
    lines = [line for line in shown.splitlines() if line != "..."]
    assert len(lines) >= 4
    assert all(line in out.splitlines() for line in lines)
    # docs/scenarios.md quotes the same report
    scenarios = (Path(__file__).resolve().parents[2] / "docs" / "scenarios.md").read_text(
        encoding="utf-8"
    )
    quoted = scenarios.partition("# The filling rule moved")[2].partition("```")[0]
    quoted_lines = ["# The filling rule moved" + quoted.splitlines()[0]]
    quoted_lines += quoted.splitlines()[1:]
    assert len(quoted_lines) >= 3
    assert all(line in out.splitlines() for line in quoted_lines)
    message = bad.splitlines()[-1].removesuffix("(...)")
    Path("bad.toml").write_text(PARTIAL.replace('grocer"], ["planter"]', 'servant"]'))
    code, _, err = run(capsys, "position", "check", "bad.toml")
    assert code == 2
    assert err.startswith(message)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('game = "serica"\n', "file other.toml, field game: the position is of 'serica'"),
        (
            'game = "kashgar"\n[player.1]\nmoves = ["c1.1"]\n',
            "file other.toml: player.1.moves: unknown field",
        ),
    ],
)
@pytest.mark.parametrize(
    "argv",
    [
        ("play", "kashgar", "--from", "other.toml"),
        ("simulate", "kashgar", "--from", "other.toml", "--games", "1"),
        ("position", "kashgar", "--from", "other.toml"),
        ("position", "check", "other.toml"),
    ],
)
def test_a_bad_position_file_is_named_in_the_error(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], text: str, message: str
) -> None:
    """Every command reading a position file names the file (not 'file position')."""
    Path("other.toml").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, *argv)
    if argv[:2] == ("position", "check") and "serica" in text:
        assert code == 0  # check reads the game from the file: a Serica position is fine
        return
    assert code == 2
    assert out == ""
    assert message in err
    assert "file position" not in err
