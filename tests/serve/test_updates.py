"""Updates that carry what changed: after the first full view a page is sent the new
decision, the changed lines of the picture and the new log lines; the page's view after
each update is the full view of that decision; a page that connects again, or asks,
gets the full view."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from serve.conftest import GAMES
from serve.helpers import Played, apply_update, new_table, read_table, server, views_of
from silkroad.core.game import AnyGame
from silkroad.core.replay import states
from silkroad.serve import seat_view
from silkroad.serve.hub import apply_patch, picture_patch


def test_a_patch_makes_the_next_picture_of_the_last() -> None:
    before = ["<svg>", "<g id='a'>1</g>", "<g id='b'>2</g>", "<g id='c'>3</g>", "</svg>"]
    after = ["<svg>", "<g id='a'>1</g>", "<g id='b'>two</g>", "<g id='d'>4</g>", "</svg>"]
    patch = picture_patch(before, after)
    assert patch == [[2, 4, ["<g id='b'>two</g>", "<g id='d'>4</g>"]]]
    assert apply_patch(before, patch) == after
    assert picture_patch(after, after) == []
    grown = [*before[:2], "<g id='new'/>", *before[2:]]
    assert apply_patch(before, picture_patch(before, grown)) == grown
    assert apply_patch(grown, picture_patch(grown, before)) == before


@pytest.mark.parametrize("key", ["kashgar", "serica", "dunhuang"])
def test_after_the_first_view_a_page_gets_updates_that_make_each_full_view(
    played: Callable[[str], Played], key: str, game: AnyGame
) -> None:
    done = played(key)
    messages = [m for m in map(json.loads, done.texts) if m["type"] in ("table", "update")]
    assert messages[0]["type"] == "table"
    assert {m["type"] for m in messages[1:]} == {"update"}
    every = list(states(done.record, game))
    labels = [s["label"] for s in messages[0]["seats"]]
    for view in views_of(done.texts):
        state = every[view["at"]]
        full = seat_view(game, state, 0, labels, view["at"])
        assert view["picture"] == full["picture"]
        assert view["choices"] == full["choices"]
        assert (view["status"], view["to_act"], view["over"]) == (
            full["status"],
            full["to_act"],
            full["over"],
        )
    # what an update weighs against the full view of the same decision
    full_bytes = len(json.dumps(messages[0]))
    update_bytes = [len(json.dumps(m)) for m in messages[1:]]
    assert sum(update_bytes) / len(update_bytes) < full_bytes / 2


def test_a_page_that_connects_again_or_asks_gets_the_full_view(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, GAMES["serica"][0], ["person", "person"], seed=5)
        tokens = table["tokens"]
        with client.websocket_connect(f"/ws/{tokens[0]}") as a:
            first = read_table(a)
            mover = first["to_act"]
            assert first["type"] == "table"
            with client.websocket_connect(f"/ws/{tokens[mover]}") as m:
                view = read_table(m)
                m.send_json({"type": "move", "move": view["choices"][0]["move"], "at": 0})
                raw = [json.loads(m.receive_text()) for _ in range(2)]
                update = next(x for x in raw if x["type"] == "update")
                assert update["base"] == 0
                assert update["at"] == 1
                assert len(update["log"]) == 1
                assert len(json.dumps(update)) < len(json.dumps(view)) / 2
            text = a.receive_text() if mover != 0 else None
            if text is not None:
                assert json.loads(text)["type"] == "update"
            a.send_text('{"type": "refresh"}')
            again = json.loads(a.receive_text())
            assert again["type"] == "table"
            assert again["at"] == 1
            assert again["log_start"] == 0
            assert len(again["log"]) == 1
        with client.websocket_connect(f"/ws/{tokens[0]}") as back:
            message = json.loads(back.receive_text())
            assert message["type"] == "table"
            assert apply_update(None, message)["at"] == 1
