"""Records: build, save, load, replay, step; bad records are refused with the move number."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import tinygame
from silkroad.core.errors import DataError, ReplayError
from silkroad.core.explain import Verdict
from silkroad.core.replay import Record, Result, replay, states, step_to
from silkroad.core.rng import Rng

OPTIONS = tinygame.Options()


def random_moves(seed: int) -> tuple[list[object], object]:
    state = tinygame.new_game(OPTIONS, seed)
    rng = Rng.from_seed(seed)
    moves = []
    while legal := tinygame.legal_moves(state):
        move, rng = rng.choice(legal)
        moves.append(move)
        state = tinygame.apply(state, move)
    return moves, state


def test_a_finished_game_records_its_result(tiny: object) -> None:
    moves, final = random_moves(3)
    record = Record.from_moves(tinygame.GAME, OPTIONS, 3, moves)
    assert record.result == Result(tinygame.scores(final), tinygame.winners(final))
    assert replay(record) == final


def test_save_and_load_round_trip(tiny: object, tmp_path: Path) -> None:
    moves, _ = random_moves(5)
    record = Record.from_moves(tinygame.GAME, OPTIONS, 5, moves)
    path = tmp_path / "game.json"
    record.save(path)
    document = json.loads(path.read_text())
    assert document["data"]["moves"] == [str(m) for m in moves]  # readable notation
    assert Record.load(path) == record


def test_an_unfinished_game_has_no_result(tiny: object) -> None:
    moves, _ = random_moves(2)
    record = Record.from_moves(tinygame.GAME, OPTIONS, 2, moves[:3])
    assert record.result is None
    assert replay(record) == step_to(record, 3)


def test_step_to_gives_the_state_after_each_move(tiny: object) -> None:
    moves, final = random_moves(4)
    record = Record.from_moves(tinygame.GAME, OPTIONS, 4, moves)
    assert step_to(record, 0) == tinygame.new_game(OPTIONS, 4)
    assert step_to(record, len(moves)) == final
    all_states = list(states(record))
    assert len(all_states) == len(moves) + 1
    assert step_to(record, 2) == all_states[2]
    with pytest.raises(IndexError):
        step_to(record, len(moves) + 1)


def test_an_illegal_move_is_refused_with_its_number(tiny: object) -> None:
    moves, _ = random_moves(1)
    bad = [*moves[:2], tinygame.Play(99)]
    with pytest.raises(ReplayError, match="^move 3: illegal move 'play 99'") as info:
        Record.from_moves(tinygame.GAME, OPTIONS, 1, bad)
    assert info.value.move_number == 3
    record = Record("tinydraw", OPTIONS, 1, bad)  # built by hand, unchecked
    with pytest.raises(ReplayError, match="move 3"):
        replay(record)


def test_a_wrong_result_is_refused(tiny: object) -> None:
    moves, _ = random_moves(6)
    record = Record.from_moves(tinygame.GAME, OPTIONS, 6, moves)
    assert record.result is not None
    forged = Record(record.game, OPTIONS, 6, moves, Result((99, 0), (0,)))
    with pytest.raises(ReplayError, match=r"recorded result \(scores \[99, 0\]"):
        replay(forged)
    unfinished = Record(record.game, OPTIONS, 6, moves[:-1], record.result)
    with pytest.raises(ReplayError, match="unfinished"):
        replay(unfinished)


def document(moves: object, outer: object = None, **changes: object) -> str:
    """A record document; the envelope names the record's game unless ``outer`` says."""
    data: dict[str, object] = {
        "game": "tinydraw",
        "options": {"players": 2, "hand_size": 2},
        "seed": 1,
        "moves": moves,
        "result": None,
    }
    data.update(changes)
    envelope = {"silkroad": 1, "game": outer or data["game"], "type": "Record", "data": data}
    return json.dumps(envelope)


def test_hand_written_records_are_read(tiny: object) -> None:
    state = tinygame.new_game(OPTIONS, 1)
    first = str(tinygame.legal_moves(state)[0])
    record = Record.from_json(document([first]))
    assert [str(m) for m in record.moves] == [first]


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"moves": ["fly away"]}, ReplayError, "move 1: 'fly away' names no move: expected 'draw'"),
        ({"moves": [7]}, ReplayError, "move 1: a move must be a notation string"),
        ({"moves": ["play 9", "play 9"]}, ReplayError, "move 1: illegal"),
        ({"seed": "x"}, DataError, "field seed"),
        ({"seed": -1}, DataError, "field seed: must be from 0 to 2"),
        ({"seed": 2**64}, DataError, "field seed: must be from 0 to 2"),
        ({"outer": "serica"}, DataError, "says game 'serica' but its record is of 'tinydraw'"),
        ({"rules_version": 1}, DataError, "field rules_version: must be a string"),
        ({"game": "chess"}, DataError, "unknown game 'chess'"),
        ({"options": {"players": "two"}}, DataError, r"\$.players"),
        ({"result": {"scores": [1]}}, DataError, "field result"),
        ({"moves": None}, DataError, "field moves"),
    ],
)
def test_bad_records_are_refused(
    tiny: object, changes: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Record.from_json(document(**{"moves": [], **changes}))  # type: ignore[arg-type]


def test_a_move_after_the_end_is_refused(tiny: object) -> None:
    moves, _ = random_moves(8)
    text = document([str(m) for m in moves] + ["draw"], seed=8)
    with pytest.raises(ReplayError, match=f"move {len(moves) + 1}: .*after the game is over"):
        Record.from_json(text)


def test_unreadable_files_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="missing.json"):
        Record.load(tmp_path / "missing.json")
    other = tmp_path / "other.json"
    other.write_text('{"silkroad": 1, "type": "State", "data": {}}')
    with pytest.raises(DataError, match="expected a 'Record'"):
        Record.load(other)


def test_a_game_passed_in_must_match_the_record(tiny: object) -> None:
    record = Record("kashgar", OPTIONS, 1, ())
    with pytest.raises(DataError, match="not 'tinydraw'"):
        replay(record, tinygame.GAME)


def test_a_record_of_other_rules_replays_if_its_moves_and_result_still_hold(tiny: object) -> None:
    moves, final = random_moves(6)
    good = Record.from_moves(tinygame.GAME, OPTIONS, 6, moves)
    text = json.loads(good.to_json())
    text["data"]["rules_version"] = "0.9"
    old = Record.from_json(json.dumps(text))
    assert old.rules_version == "0.9"
    assert old == good  # the same game under the current rules
    assert replay(old) == final


def test_a_record_of_other_rules_that_no_longer_replays_names_both_versions(tiny: object) -> None:
    moves, _ = random_moves(6)
    text = json.loads(Record.from_moves(tinygame.GAME, OPTIONS, 6, moves).to_json())
    text["data"]["rules_version"] = "0.9"
    text["data"]["moves"].append("draw")
    with pytest.raises(
        ReplayError, match="made under tinydraw rules version 0.9; this library plays version 1"
    ):
        Record.from_json(json.dumps(text))
    text["data"]["moves"].pop()
    text["data"]["result"]["scores"][0] += 1
    with pytest.raises(
        ReplayError, match="does not match.*rules version 0.9; this library plays version 1"
    ):
        replay(Record.from_json(json.dumps(text), source="old.json"))


def test_a_record_of_rules_this_library_does_not_know_is_refused(tiny: object) -> None:
    """A record of a version neither current nor in the title's version history is
    refused, read from JSON or replayed from Python, naming both versions."""
    moves, _ = random_moves(6)
    text = json.loads(Record.from_moves(tinygame.GAME, OPTIONS, 6, moves).to_json())
    text["data"]["rules_version"] = "7.0"
    message = "rules version '7.0', which this library does not know: it plays version 1"
    with pytest.raises(DataError, match=message):
        Record.from_json(json.dumps(text), source="future.json")
    future = attrs.evolve(Record.from_moves(tinygame.GAME, OPTIONS, 6, moves), rules_version="7.0")
    with pytest.raises(DataError, match=message):
        replay(future)
    assert tinygame.GAME.spec.rules_versions == ("0.9", "1")


def test_a_result_mismatch_names_the_file(tiny: object, tmp_path: Path) -> None:
    moves, _ = random_moves(6)
    path = tmp_path / "game.json"
    Record.from_moves(tinygame.GAME, OPTIONS, 6, moves).save(path)
    document_ = json.loads(path.read_text())
    document_["data"]["result"]["scores"][0] += 1
    path.write_text(json.dumps(document_))
    with pytest.raises(ReplayError, match=f"file {path}: the recorded result"):
        replay(Record.load(path))


def test_deeply_nested_json_is_a_data_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    with pytest.raises(DataError, match="nested too deeply"):
        Record.load(path)


def test_a_record_starts_from_a_position_and_replays() -> None:
    from silkroad import get_game

    game = get_game("kashgar")
    position = 'active = 0\n[player.0]\ncaravans = [["patriarch", "grocer"]]\n'
    start = game.from_position(position)
    moves = [game.legal_moves(start)[0]]
    record = Record.from_moves(game, game.default_options(), 0, moves, position=position)
    again = Record.from_json(record.to_json())
    assert again == record
    assert again.position == position
    assert replay(again) == game.apply(start, moves[0])
    assert step_to(again, 0) == start
    broken = record.to_json().replace("grocer", "nobody")
    with pytest.raises(DataError, match="field position.*nobody"):
        Record.from_json(broken)


def _refused_move(game: Any, seed: int) -> tuple[list[str], str, int]:
    """The notation of a game's first moves, a move that is not legal after them (a card
    its player does not hold) and that player."""
    state = game.new_game(OPTIONS, seed)
    played = []
    for _ in range(2):
        move = game.legal_moves(state)[0]
        played.append(game.format_move(move))
        state = game.apply(state, move)
    player = game.current_player(state)
    held = set(state.hands[player])
    absent = next(c for c in tinygame.CARDS if c not in held and c not in state.piles[player])
    return played, f"play {absent}", player


@pytest.mark.parametrize("explained", [False, True])
def test_a_hand_edited_record_is_refused_at_its_first_bad_move_with_the_reason(
    tiny: object, tiny_reasons: object, tmp_path: Path, explained: bool
) -> None:
    game = tinygame.EXPLAINED if explained else tinygame.GAME
    played, bad, player = _refused_move(game, 1)
    text = document([*played, bad, "draw", "play 99"], game=game.spec.name)
    with pytest.raises(ReplayError) as info:
        Record.from_json(text)
    error = info.value
    assert error.move_number == 3
    assert error.reason is not None
    state = game.new_game(OPTIONS, 1)
    for move in played:
        state = game.apply(state, game.parse_move(state, move))
    assert error.reason == game.explain(state, bad)
    if explained:
        assert error.reason.rule == "TG-1"
        assert f"card {bad.split()[1]} is not in P{player}'s hand" in error.reason.text
    else:
        assert error.reason.text == f"{bad} is not among the moves offered to P{player} here"
    legal = ", ".join(game.format_move(m) for m in game.legal_moves(state))
    assert str(error) == (
        f"move 3: illegal move {bad!r}: {error.reason} (player {player} to act; legal: {legal})"
    )
    # the same for a record of moves (replay, states) and for a record file
    moves = [game.parse_move(None, m) for m in (*played, bad)]
    with pytest.raises(ReplayError, match=r"^move 3: illegal move") as again:
        replay(Record(game.spec.name, OPTIONS, 1, tuple(moves)))
    assert again.value.reason == error.reason
    path = tmp_path / "edited.json"
    path.write_text(text)
    with pytest.raises(ReplayError, match=f"^file {path}: move 3: illegal move {bad!r}: "):
        Record.load(path)


def test_a_record_move_that_names_nothing_carries_an_unknown_reason(tiny: object) -> None:
    with pytest.raises(ReplayError) as info:
        Record.from_json(document(["fly away"]))
    assert info.value.reason is not None
    assert info.value.reason.verdict is Verdict.UNKNOWN
    assert "expected 'draw' or 'play N'" in info.value.reason.text


@pytest.mark.rule("KG-4")
def test_from_moves_takes_the_notation_too() -> None:
    """Notation strings are read in the state each is played in; the record keeps the
    move values, and a string that names no move is refused with its number and the
    moves legal there."""
    from silkroad import kashgar

    options = kashgar.Options.create(2)
    state = kashgar.new_game(options, 3)
    values, texts = [], []
    for _ in range(4):
        move = kashgar.legal_moves(state)[0]
        values.append(move)
        texts.append(kashgar.format_move(move))
        state = kashgar.apply(state, move)
    record = Record.from_moves(kashgar.GAME, options, 3, texts)
    assert record == Record.from_moves(kashgar.GAME, options, 3, values)
    assert replay(record) == state
    mixed = Record.from_moves(kashgar.GAME, options, 3, [values[0], *texts[1:]])
    assert mixed.moves == tuple(values)
    with pytest.raises(
        ReplayError, match=r"move 2: move 'no such move' is not a move here.*legal: "
    ) as info:
        Record.from_moves(kashgar.GAME, options, 3, [texts[0], "no such move"])
    assert info.value.move_number == 2
