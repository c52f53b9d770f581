"""A move refused at the table server says why: the rule that refuses it (its section
and sentence) for a game with ``explain``, the generic reason for a game without; the
reason goes only to the seat whose decision it was, and only as that seat may know it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient

import silkroad
import tinygame
from serve.helpers import new_table, read_table, server
from silkroad.core.explain import Reason


def _start(client: TestClient, name: str) -> tuple[dict[str, Any], tinygame.State]:
    """A table of two people; the state it starts from (the record's)."""
    table = new_table(client, name, ["person", "person"], seed=11)
    game = silkroad.get_game(name)
    return table, game.new_game(game.default_options(2), 11)


def _absent(state: tinygame.State) -> int:
    """A card P0 (to act) does not hold."""
    return next(c for c in tinygame.CARDS if c not in state.hands[0])


def _refusal(client: TestClient, token: str, move: str) -> dict[str, Any]:
    answer = client.post(f"/api/seat/{token}/move", json={"move": move})
    assert answer.status_code == 409, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_a_refusal_carries_the_rule_of_a_game_with_explain(
    tiny_reasons: object, tmp_path: Path
) -> None:
    with server(tmp_path) as client:
        table, state = _start(client, "tinyreasons")
        me = table["tokens"][0]
        card = _absent(state)
        held = ", ".join(map(str, sorted(state.hands[0])))
        reason = f"[TG-1] card {card} is not in P0's hand ({held})"
        assert _refusal(client, me, f"play {card}") == {
            "error": f"refused: {reason}",
            "rule": "TG-1",
        }
        assert _refusal(client, me, "play 42") == {
            "error": "refused: [TG-1] there is no card 42: the cards are 1 to 9",
            "rule": "TG-1",
        }
        assert _refusal(client, me, "fly away") == {
            "error": "not a move: expected 'draw' or 'play N', got 'fly away'",
            "rule": None,
        }
        with client.websocket_connect(f"/ws/{me}") as ws:
            read_table(ws)
            ws.send_json({"type": "move", "move": f"play  {card}", "at": 0})
            assert ws.receive_json() == {
                "type": "refused",
                "message": f"refused: {reason}",
                "rule": "TG-1",
            }


def test_a_refusal_of_a_game_without_explain_is_generic(tiny: object, tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table, state = _start(client, "tinydraw")
        card = _absent(state)
        assert _refusal(client, table["tokens"][0], f"play {card}") == {
            "error": f"refused: play {card} is not among the moves offered to P0 here",
            "rule": None,
        }


def test_the_reason_goes_only_to_the_seat_whose_decision_it_was(
    tiny_reasons: object, tmp_path: Path
) -> None:
    with server(tmp_path) as client:
        table, state = _start(client, "tinyreasons")
        me, other = table["tokens"][0], table["tokens"][1]
        card = _absent(state)
        # another seat trying the same move learns only whose decision it is
        assert _refusal(client, other, f"play {card}") == {
            "error": "it is not your decision: P0 seat 0 is deciding",
            "rule": None,
        }
        with (
            client.websocket_connect(f"/ws/{me}") as mine,
            client.websocket_connect(f"/ws/{other}") as theirs,
        ):
            read_table(mine)
            read_table(theirs)
            mine.send_json({"type": "move", "move": f"play {card}", "at": 0})
            assert mine.receive_json()["rule"] == "TG-1"
            legal = str(tinygame.legal_moves(state)[0])
            mine.send_json({"type": "move", "move": legal, "at": 0})
            answers = [mine.receive_json(), mine.receive_json()]  # in either order
            assert {a["type"] for a in answers} == {"accepted", "update"}
            # the other seat's next message is the table after the move: no refusal came
            text = theirs.receive_text()
            message = json.loads(text)
            assert message["type"] == "update"
            assert message["at"] == 1
            assert "TG-1" not in text
            assert "is not in P0's hand" not in text


def _peeking(state: tinygame.State, move: object) -> Reason:
    """A broken explain that names the top card of the deck, hidden from every seat."""
    if isinstance(move, tinygame.Draw) and state.deck:
        return Reason.by_rule("TG-2", f"the top card is {state.deck[0]}; the hand is full")
    return tinygame.explain(state, move)


@pytest.fixture
def peeking() -> Iterator[Any]:
    spec = attrs.evolve(tinygame.SPEC, name="tinypeek", title="Tiny Draw with a peeking explain")
    game = tinygame.make_explained_game(explain=_peeking, spec=spec)
    silkroad.register(game, replace=True)
    yield game
    silkroad.unregister("tinypeek")


def test_a_reason_resting_on_what_the_seat_cannot_see_is_not_told(
    peeking: Any, tmp_path: Path
) -> None:
    with server(tmp_path) as client:
        table = new_table(
            client, "tinypeek", ["person", "person"], seed=3, options={"hand_size": 3}
        )
        state = peeking.new_game(tinygame.Options(2, 3), 3)
        assert state.deck
        assert len(state.hands[0]) == tinygame.MAX_HAND  # Draw is refused
        assert peeking.explain(state, "draw").rule == "TG-2"  # the whole state's reason
        body = _refusal(client, table["tokens"][0], "draw")
        assert body == {
            "error": "refused: draw is not among the moves offered to P0 here",
            "rule": None,
        }
