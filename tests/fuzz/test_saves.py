"""Corrupted saves: a saved state with hostile edits is refused with a ``RulesError``
(``DataError`` or ``StateError``), or it loads and plays on without any other error."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from silkroad.core.registry import get_game
from silkroad.core.serialize import dumps, loads

from .support import FUZZ, TITLES, attempt, drive, guard, mutate_json, states


@pytest.mark.parametrize("title", TITLES)
@FUZZ
@given(data=st.data())
def test_a_corrupted_save_is_refused_or_plays_on(title: str, data: st.DataObject) -> None:
    game = get_game(title)
    state = data.draw(states(title))
    document = json.loads(dumps(state, game))
    if data.draw(st.integers(0, 9)):
        document["data"] = mutate_json(data.draw, document["data"])
    else:  # the envelope too
        document = mutate_json(data.draw, document)
    text = json.dumps(document)
    with guard():
        loaded, error = attempt(loads, text, game.state_type, game)
        if error is not None:
            return
        snapshot = dumps(loaded, game)
        drive(game, loaded, data.draw(st.integers(0, 99)))
        assert dumps(loaded, game) == snapshot, "playing on changed the loaded state"


@pytest.mark.parametrize("title", TITLES)
@FUZZ
@given(data=st.data())
def test_broken_json_text_is_a_data_error(title: str, data: st.DataObject) -> None:
    game = get_game(title)
    text = dumps(data.draw(states(title)), game)
    cut = data.draw(st.integers(0, len(text)))
    kind = data.draw(st.sampled_from(["cut", "insert", "nest", "bytes"]))
    if kind == "cut":
        broken: str | bytes = text[:cut]
    elif kind == "insert":
        broken = text[:cut] + data.draw(st.text(min_size=1, max_size=4)) + text[cut:]
    elif kind == "nest":
        depth = data.draw(st.integers(1, 200_000))
        broken = text[:cut] + "[" * depth + text[cut:]
    else:
        broken = text.encode()[:cut] + data.draw(st.binary(min_size=1, max_size=4))
    with guard():
        loaded, error = attempt(loads, broken, game.state_type, game)
        if error is None:
            drive(game, loaded, 0)
