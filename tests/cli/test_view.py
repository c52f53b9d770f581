"""``silkroad view``, ``play --view`` and ``simulate --view``: the viewer pages they write
(the pages themselves are tested in a browser in tests/browser)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from silkroad.cli import main
from silkroad.core.game import Outcome
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, Result
from silkroad.view import plain_result, viewer_data, viewer_page, write_viewers


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def page_data(path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    match = re.search(r'<script type="application/json" id="data">(.*?)</script>', text, re.S)
    assert match
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def test_view_writes_a_self_contained_page_next_to_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    run(capsys, "play", "kashgar", "--seed", "2", "--quiet", "--save", str(record))
    code, out, err = run(capsys, "view", str(record))
    assert code == 0, err
    page = tmp_path / "game.html"
    assert f"written to {page}" in out
    text = page.read_text(encoding="utf-8")
    assert "Content-Security-Policy" in text
    assert "default-src 'none'" in text
    assert not re.search(r'\b(src|href)=(?!"data:)', text)  # only the inline icon
    assert '<link rel="icon" href="data:image/svg+xml,' in text
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)
    data = page_data(page)
    moves = len(Record.load(record).moves)
    assert data["views"] == ["all", "0", "1"]
    assert len(data["moves"]) == moves
    assert all(len(data["boards"][v]) == moves + 1 for v in data["views"])


def test_view_for_one_seat_holds_only_that_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "d.json"
    run(
        capsys,
        "play",
        "dunhuang",
        "--players",
        "3",
        "--seed",
        "4",
        "--quiet",
        "--save",
        str(record),
    )
    page = tmp_path / "seat2.html"
    code, out, err = run(capsys, "view", str(record), "--seat", "2", "-o", str(page))
    assert code == 0, err
    assert "seat 2 only" in out
    data = page_data(page)
    assert data["views"] == ["2"]
    texts = [m["text"]["2"] for m in data["moves"]]
    assert "a hidden decision" in texts  # the other players' draft picks
    assert all(
        not t.startswith("keep")
        for m, t in zip(data["moves"], texts, strict=True)
        if m["player"] != 2
    )


def test_view_refuses_a_seat_not_in_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "s.json"
    run(capsys, "play", "serica", "--seed", "1", "--quiet", "--save", str(record))
    code, _, err = run(capsys, "view", str(record), "--seat", "2")
    assert code == 2
    assert "--seat 2: seats are 0 to 1" in err
    assert not (tmp_path / "s.html").exists()


def test_play_and_simulate_write_viewers(
    tiny: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "tiny.html"
    code, out, err = run(capsys, "play", "tinydraw", "--seed", "3", "--quiet", "--view", str(page))
    assert code == 0, err
    assert f"viewer written to {page}" in out
    data = page_data(page)
    assert data["fragments"][0] == "<pre class='text-board'>"  # no picture: the text view
    folder = tmp_path / "records"
    code, out, err = run(
        capsys,
        "simulate",
        "tinydraw",
        "--games",
        "2",
        "--workers",
        "1",
        "--quiet",
        "--save",
        str(folder),
        "--view",
    )
    assert code == 0, err
    assert sorted(p.name for p in folder.iterdir()) == [
        "tinydraw-seed0.html",
        "tinydraw-seed0.json",
        "tinydraw-seed1.html",
        "tinydraw-seed1.json",
    ]
    code, _, err = run(capsys, "simulate", "tinydraw", "--games", "1", "--view")
    assert code == 2
    assert "--save DIR" in err
    code, _, err = run(capsys, "play", "tinydraw", "--view", str(tmp_path / "no" / "p.html"))
    assert code == 2
    assert "--view" in err
    assert "does not exist" in err


def test_many_viewers_are_written_in_worker_processes(tmp_path: Path) -> None:
    game = get_game("kashgar")
    jobs = []
    for seed in (1, 2):
        state = game.new_game(game.default_options(), seed)
        moves = []
        for _ in range(12):
            move = game.legal_moves(state)[0]
            moves.append(move)
            state = game.apply(state, move)
        jobs.append(
            (
                tmp_path / f"g{seed}.html",
                Record.from_moves(game, game.default_options(), seed, moves),
            )
        )
    write_viewers(jobs, workers=2)
    for path, record in jobs:
        assert page_data(path)["seed"] == record.seed
        assert len(page_data(path)["moves"]) == 12


def test_a_game_without_pictures_shows_its_text_and_hides_other_moves(tiny: Any) -> None:
    state = tiny.new_game(tiny.default_options(), 5)
    moves = []
    while not tiny.is_over(state) and len(moves) < 6:
        move = tiny.legal_moves(state)[0]
        moves.append(move)
        state = tiny.apply(state, move)
    record = Record.from_moves(tiny, tiny.default_options(), 5, moves)
    data = viewer_data(record, seat=0, game=tiny)
    for move in data.moves:
        hidden = move["text"]["0"] == "a hidden decision"
        assert hidden == (move["player"] != 0)
    assert "<!DOCTYPE html>" in viewer_page(record, game=tiny)
    with pytest.raises(ValueError, match="seats of this game are 0 to 1"):
        viewer_data(record, seat=3, game=tiny)


def test_a_page_of_every_seat_of_an_unfinished_record_warns_at_its_top(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    run(capsys, "play", "serica", "--seed", "3", "--quiet", "--save", str(record))
    done = Record.load(record)
    unfinished = attrs.evolve(done, moves=done.moves[:20], result=None)
    path = tmp_path / "half.json"
    unfinished.save(path)
    code, out, err = run(capsys, "view", str(path), "-o", str(tmp_path / "all.html"))
    assert code == 0, err
    assert "warning: This game is not over" in out
    assert f"silkroad view {path} --seat N" in " ".join(out.split())
    text = (tmp_path / "all.html").read_text(encoding="utf-8")
    assert text.index('id="warning"') < text.index("<header>")
    assert "every seat&#x27;s hidden cards" in text
    assert "--seat N" in text
    data = page_data(tmp_path / "all.html")
    assert data["unfinished"] is True
    assert data["result"] == "Unfinished: the record stops after 20 moves, before the game ends."
    # one seat's page, and a finished record's page of every seat, need no warning
    code, out, err = run(capsys, "view", str(path), "--seat", "0", "-o", str(tmp_path / "s.html"))
    assert code == 0
    assert "warning" not in out
    assert 'id="warning"' not in (tmp_path / "s.html").read_text(encoding="utf-8")
    code, out, err = run(capsys, "view", str(record), "-o", str(tmp_path / "done.html"))
    assert code == 0
    assert "warning" not in out
    assert 'id="warning"' not in (tmp_path / "done.html").read_text(encoding="utf-8")


def _finished(scores: tuple[int, ...], winners: tuple[int, ...], truncated: bool = False) -> str:
    game = get_game("dunhuang" if len(scores) == 1 else "kashgar")
    state = game.new_game(game.default_options(len(scores)), 1)
    outcome = Outcome.TRUNCATED if truncated else Outcome.FINISHED
    result = Result(scores, winners, outcome)
    record = Record(game.spec.name, game.default_options(len(scores)), 1, (), result)
    return plain_result(game, state, record)


def test_the_result_is_said_in_a_sentence() -> None:
    assert _finished((19, 25), (1,)) == "P1 won with 25 VP (P0 19 VP)."
    assert _finished((20, 20, 7), (0, 1)) == "P0 and P1 won, tied with 20 VP each (P2 7 VP)."
    assert _finished((20, 20), (0, 1)) == "Everyone won together (P0 20 VP, P1 20 VP)."
    assert _finished((3, 4), ()) == "Nobody won (P0 3 VP, P1 4 VP)."
    assert _finished((31,), (0,)) == "Won, with 31 VP."
    assert _finished((3, 4), (), truncated=True) == (
        "Stopped by the game-length safeguard after 0 moves: no winner (P0 3 VP, P1 4 VP)."
    )
