"""Outcome: a game ended by its rules is finished; one stopped by a safeguard is truncated.

A truncated game is over but has no winners; records, replays, tournaments, the command,
the conformance harness and the adapters all say so instead of reporting a result.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import silkroad
import tinygame
from silkroad.arena.tournament import run_tournament, summarize
from silkroad.cli import main
from silkroad.core.errors import DataError, ReplayError
from silkroad.core.game import Outcome
from silkroad.core.replay import Record, Result, replay
from silkroad.testing import ConformanceError, check_game

OPTIONS = tinygame.Options()
TRUNCATING = tinygame.make_truncating_game(cap=4)


@pytest.fixture
def truncating() -> Iterator[object]:
    silkroad.register(TRUNCATING, replace=True)
    yield TRUNCATING
    silkroad.unregister(tinygame.SPEC.name)


def first_moves_to_the_end(game: silkroad.GameDefinition, seed: int) -> tuple[list[object], object]:  # type: ignore[type-arg]
    state = game.new_game(OPTIONS, seed)
    moves = []
    while legal := game.legal_moves(state):
        moves.append(legal[0])
        state = game.apply(state, legal[0])
    return moves, state


def test_the_default_outcome_follows_is_over() -> None:
    state = tinygame.GAME.new_game(OPTIONS, 1)
    assert tinygame.GAME.outcome(state) is Outcome.ONGOING
    _, final = first_moves_to_the_end(tinygame.GAME, 1)
    assert tinygame.GAME.outcome(final) is Outcome.FINISHED


def test_a_truncated_game_is_over_without_winners_but_keeps_its_scores() -> None:
    moves, final = first_moves_to_the_end(TRUNCATING, 2)
    assert TRUNCATING.is_over(final)
    assert TRUNCATING.outcome(final) is Outcome.TRUNCATED
    assert TRUNCATING.winners(final) == ()
    assert sum(TRUNCATING.scores(final)) > 0
    assert len(moves) < len(first_moves_to_the_end(tinygame.GAME, 2)[0])


def test_a_record_says_the_game_was_truncated_and_replays(tmp_path: Path) -> None:
    moves, final = first_moves_to_the_end(TRUNCATING, 3)
    record = Record.from_moves(TRUNCATING, OPTIONS, 3, moves)
    assert record.result == Result(TRUNCATING.scores(final), (), Outcome.TRUNCATED)
    assert record.result is not None
    assert record.result.truncated
    path = tmp_path / "game.json"
    record.save(path, game=TRUNCATING)
    written = json.loads(path.read_text())["data"]["result"]
    assert written == {
        "scores": list(TRUNCATING.scores(final)),
        "winners": [],
        "outcome": "truncated",
    }
    loaded = Record.load(path, game=TRUNCATING)
    assert loaded == record
    assert replay(loaded, TRUNCATING) == final


def test_a_record_that_calls_a_truncated_game_finished_does_not_replay(tmp_path: Path) -> None:
    moves, _final = first_moves_to_the_end(TRUNCATING, 3)
    record = Record.from_moves(TRUNCATING, OPTIONS, 3, moves)
    path = tmp_path / "game.json"
    record.save(path, game=TRUNCATING)
    document = json.loads(path.read_text())
    document["data"]["result"]["outcome"] = "finished"
    path.write_text(json.dumps(document))
    with pytest.raises(ReplayError, match="truncated by the safeguard"):
        replay(Record.load(path, game=TRUNCATING), TRUNCATING)


def test_records_without_an_outcome_are_finished_games(tmp_path: Path) -> None:
    moves, final = first_moves_to_the_end(tinygame.GAME, 4)
    record = Record.from_moves(tinygame.GAME, OPTIONS, 4, moves)
    document = json.loads(record.to_json(game=tinygame.GAME))
    del document["data"]["result"]["outcome"]
    loaded = Record.from_json(json.dumps(document), game=tinygame.GAME)
    assert loaded.result is not None
    assert loaded.result.outcome is Outcome.FINISHED
    assert replay(loaded, tinygame.GAME) == final


@pytest.mark.parametrize("bad", ["ongoing", "won", 3, None])
def test_a_bad_recorded_outcome_is_a_data_error(bad: object) -> None:
    moves, _ = first_moves_to_the_end(tinygame.GAME, 4)
    document = json.loads(
        Record.from_moves(tinygame.GAME, OPTIONS, 4, moves).to_json(game=tinygame.GAME)
    )
    document["data"]["result"]["outcome"] = bad
    with pytest.raises(DataError, match="outcome"):
        Record.from_json(json.dumps(document), game=tinygame.GAME)


def test_check_game_counts_truncated_games_and_accepts_them_without_winners() -> None:
    report = check_game(TRUNCATING, OPTIONS, seeds=range(4), determinize_samples=1)
    assert report.truncated_games == 4
    assert check_game(tinygame.GAME, OPTIONS, seeds=range(2)).truncated_games == 0


def test_check_game_refuses_a_truncated_game_with_winners() -> None:
    broken = tinygame.make_truncating_game(cap=4, winners=tinygame.winners_of_scores)
    with pytest.raises(ConformanceError, match="a truncated game has no winners"):
        check_game(broken, OPTIONS, seeds=range(1))


def test_check_game_refuses_an_outcome_that_disagrees_with_is_over() -> None:
    broken = tinygame.make_game(outcome=lambda s: Outcome.FINISHED)
    with pytest.raises(ConformanceError, match="outcome is finished but is_over is False"):
        check_game(broken, OPTIONS, seeds=range(1))


def test_tournaments_count_truncated_games_and_give_them_no_wins(truncating: object) -> None:
    results = run_tournament(TRUNCATING, OPTIONS, range(6), ["random", "random"])
    assert all(r.truncated and r.winners == () for r in results)
    stats = summarize(results, ["random", "random"])
    assert [s.truncated for s in stats] == [6, 6]
    assert [s.wins for s in stats] == [0, 0]


def test_simulate_reports_truncated_games(
    truncating: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "tinydraw", "--games", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "truncated" in out
    assert "truncated by the game-length safeguard (no winner): 3" in out


def test_simulate_json_of_only_truncated_games_is_strict_json(
    truncating: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "tinydraw", "--games", "3", "--json", "--workers", "1"]) == 0

    def refuse(token: str) -> None:
        raise AssertionError(f"{token} is not JSON")

    doc = json.loads(capsys.readouterr().out, parse_constant=refuse)
    figures = doc["figures"]
    if figures is not None:  # with the analysis extra
        assert figures["finished"] == 0
        assert figures["truncated"] == 3
        assert figures["length"]["mean"] is None
        assert figures["truncated_length"]["count"] == 3
        assert all(r["low"] is None for r in figures["ratings"])
    assert main(["simulate", "tinydraw", "--games", "3", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["truncated"] == 3
    assert {r["outcome"] for r in document["results"]} == {"truncated"}
    assert [a["truncated"] for a in document["agents"]] == [3, 3]


def test_play_and_replay_say_a_game_was_truncated(
    truncating: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "tinydraw", "--seed", "1", "--quiet", "--save", str(path)]) == 0
    assert "truncated by the game-length safeguard: no winner" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert "truncated by the safeguard" in capsys.readouterr().out
