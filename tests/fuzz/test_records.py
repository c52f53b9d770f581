"""Tampered records: a record with hostile edits (moves, result, seed, options, rules
version, game names) is refused with a ``RulesError`` naming what is wrong, or it
replays and its final state plays on; the file is never changed."""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from silkroad.core.errors import ReplayError
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, replay

from .support import FUZZ, TITLES, attempt, drive, game_options, guard, mutate_json
from .test_notation import notation


@functools.lru_cache(maxsize=64)
def _game_moves(title: str, index: int, seed: int) -> tuple[object, ...]:
    game = get_game(title)
    options = game_options(title)[index]
    state = game.new_game(options, seed)
    rng = random.Random(seed)
    moves = []
    while not game.is_over(state) and len(moves) < 400:
        move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.apply(state, move)
    return tuple(moves)


@pytest.mark.parametrize("title", TITLES)
@FUZZ
@given(data=st.data())
def test_a_tampered_record_is_refused_or_replays(title: str, data: st.DataObject) -> None:
    game = get_game(title)
    index = data.draw(st.integers(0, len(game_options(title)) - 1))
    seed = data.draw(st.integers(0, 5))
    moves = _game_moves(title, index, seed)
    length = data.draw(st.integers(0, len(moves)))
    record = Record.from_moves(game, game_options(title)[index], seed, moves[:length])
    document = json.loads(record.to_json(game=game))
    if moves and data.draw(st.booleans()):
        # one move rewritten in (or near) the notation
        number = data.draw(st.integers(0, max(0, length - 1)))
        if document["data"]["moves"]:
            state = record.initial_state(game)
            document["data"]["moves"][number] = data.draw(notation(game, state))
    else:
        document = mutate_json(data.draw, document)
    with guard(), tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        text = json.dumps(document)
        path.write_text(text, encoding="utf-8")
        final, error = attempt(lambda: replay(Record.load(path)))
        if isinstance(error, ReplayError):
            assert error.source == str(path), "a record that does not replay names its file"
        if error is None:
            drive(game, final, seed, budget=10)
        assert path.read_text(encoding="utf-8") == text, "loading changed the file"
