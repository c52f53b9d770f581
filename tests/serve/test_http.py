"""The server's HTTP and WebSocket parts: the pages, a new table and its secret links,
requests without the right token, and moves checked by the engine; whatever is refused
gets JSON with the reason and changes nothing."""

from __future__ import annotations

import json
import stat
import tomllib
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import silkroad
from serve.helpers import new_table, read_table, record_of, server
from silkroad.core.explain import explain_for_seat
from silkroad.serve.store import SEATS_FILE


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_pages_load_their_own_script_and_nothing_else(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        for path, script in (("/", "/assets/start.js"), ("/assets/start.js", None)):
            answer = client.get(path)
            assert answer.status_code == 200
            if script is not None:
                assert f'src="{script}"' in answer.text
                policy = answer.headers["content-security-policy"]
                assert "default-src 'none'" in policy
                assert "script-src 'self'" in policy
                assert answer.headers["referrer-policy"] == "no-referrer"
        assert client.get("/assets/seat.js").status_code == 200
        assert client.get("/assets/../tables.py").status_code == 404


def test_the_games_are_listed_with_their_players_and_options(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        answer = client.get("/api/games").json()
    games = {g["name"]: g for g in answer["games"]}
    assert set(games) >= {"kashgar", "serica", "dunhuang"}
    assert games["dunhuang"]["players"] == [1, 3, 4]
    assert games["dunhuang"]["variants"] == ["three-player", "solitaire"]
    assert games["serica"]["options"]["2"]["coop"] is False
    assert games["kashgar"]["options"]["3"]["players"] == 3
    assert "ismcts:iterations=100" in answer["agents"]["offered"]
    assert {"random", "greedy", "ismcts"} <= set(answer["agents"]["known"])


def test_a_new_table_gives_each_person_a_secret_link(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(
            client, "kashgar", ["person", "ismcts:iterations=20", "person"], players=3,
            options={"expansion": "all"},
        )  # fmt: skip
        tokens = table["tokens"]
        assert sorted(tokens) == [0, 2]  # the agent's seat has no link
        assert len(set(tokens.values())) == 2
        assert all(len(t) >= 24 for t in tokens.values())
        assert [link["label"] for link in table["links"]] == ["P0 seat 0", "P2 seat 2"]
        for seat, token in tokens.items():
            assert client.get(f"/seat/{token}").status_code == 200
            view = client.get(f"/api/seat/{token}").json()
            assert view["seat"] == seat
            assert [s["person"] for s in view["seats"]] == [True, False, True]
    record = record_of(tmp_path, table["table"])
    assert record.agents == ("human", "ismcts:iterations=20", "human")
    assert len(record.options.expansion) == 12
    saved = tomllib.loads((tmp_path / SEATS_FILE).read_text())
    assert saved[table["table"]]["tokens"] == [tokens[0], "", tokens[2]]
    assert stat.S_IMODE((tmp_path / SEATS_FILE).stat().st_mode) == 0o600
    assert tokens[0] not in (tmp_path / f"{table['table']}.json").read_text()


BAD_TABLES = [
    ({"game": "chess", "seats": [{"person": "a"}]}, "unknown game 'chess'"),
    ({"game": 3, "seats": [{"person": "a"}]}, "say which game"),
    ({"game": "kashgar"}, "'seats' lists each seat"),
    ({"game": "kashgar", "seats": [{"person": "a"}] * 5}, "is for 2 to 4 players, not 5"),
    ({"game": "kashgar", "players": 3, "seats": [{"person": "a"}] * 2}, "has 3 seats, 2 were"),
    (
        {"game": "kashgar", "seats": [{"person": "a"}] * 2, "options": {"colour": 1}},
        "no field 'colour'",
    ),
    (
        {"game": "kashgar", "seats": [{"person": "a"}] * 2, "options": {"expansion": "some"}},
        "unknown expansion card 'some'",
    ),
    ({"game": "serica", "seats": [{"person": "a"}, {"agent": "os:system"}]}, "unknown agent"),
    ({"game": "serica", "seats": [{"person": "a"}, {"agent": "wizard"}]}, "unknown agent 'wizard'"),
    (
        {"game": "serica", "seats": [{"person": "a"}, {"agent": "ismcts:depth=3"}]},
        "no parameter 'depth'",
    ),
    (
        {"game": "serica", "seats": [{"person": "a"}, {"agent": "ismcts:iterations=99999"}]},
        "at most 2000 iterations",
    ),
    ({"game": "serica", "seats": [{"person": "a"}, {"robot": "x"}]}, "seat 1: either"),
    ({"game": "serica", "seats": [{"person": "a" * 41}, {"agent": "random"}]}, "at most 40"),
    ({"game": "serica", "seats": [{"person": "a"}] * 2, "seed": 7}, "not seed"),
    ({"game": "serica", "seats": [{"person": "a"}] * 2, "position": "x = ["}, "cannot set up"),
    ([1, 2], "a table is asked for with an object"),
]


@pytest.mark.parametrize(("request_body", "reason"), BAD_TABLES)
def test_a_bad_table_is_refused_with_the_reason_and_nothing_is_made(
    tmp_path: Path, request_body: Any, reason: str
) -> None:
    with server(tmp_path) as client:
        answer = client.post("/api/tables", json=request_body)
        assert answer.status_code == 400
        assert reason in answer.json()["error"]
        assert client.app.state.hub.tables == {}  # type: ignore[attr-defined]
    assert files(tmp_path) == {}


def test_a_request_that_is_not_json_is_refused(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        form = client.post("/api/tables", data={"game": "kashgar"})  # a form of another site
        assert form.status_code == 415
        assert "send JSON" in form.json()["error"]
        garbled = client.post(
            "/api/tables", content=b"{nope", headers={"content-type": "application/json"}
        )
        assert garbled.status_code == 400
        assert garbled.json()["error"].startswith("not JSON")
        huge = client.post(
            "/api/tables", content=b" " * 70_000, headers={"content-type": "application/json"}
        )
        assert huge.status_code == 413
    assert files(tmp_path) == {}


def test_a_token_of_no_seat_gets_nothing(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "dunhuang", ["person", "person", "random"])
        real = table["tokens"][0]
        for token in ("nope", real[:-1], real + "x", real.upper(), "%2e%2e"):
            page = client.get(f"/seat/{token}")
            assert page.status_code == 404
            assert "No such seat" in page.text
            assert "dunhuang" not in page.text.lower()
            for path in (f"/api/seat/{token}", f"/api/seat/{token}/card?name=1"):
                answer = client.get(path)
                assert answer.status_code == 404
                assert answer.json() == {"error": "no such seat"}
            move = client.post(f"/api/seat/{token}/move", json={"move": "pass"})
            assert move.json() == {"error": "no such seat"}
            with client.websocket_connect(f"/ws/{token}") as ws:
                assert ws.receive_json() == {"type": "error", "message": "no such seat"}
                assert ws.receive()["code"] == 4404


def served(client: TestClient, token: str) -> dict[str, Any]:
    view: dict[str, Any] = client.get(f"/api/seat/{token}").json()
    return view


def test_moves_are_checked_by_the_engine_and_a_refusal_changes_nothing(tmp_path: Path) -> None:
    game = silkroad.get_game("serica")
    with server(tmp_path) as client:
        table = new_table(
            client, "serica", ["person", "person"], options={"first_player": 0}, seed=5
        )
        me, other = table["tokens"][0], table["tokens"][1]
        before = served(client, me)
        saved = files(tmp_path)
        assert before["choices"]
        assert served(client, other)["choices"] == []
        legal = [c["move"] for c in before["choices"]]
        record = record_of(tmp_path, table["table"])
        state = record.initial_state()
        illegal = next(t for t in ("use scholar", "use envoy", "hire", "done") if t not in legal)
        parsed = game.parse_move(state, illegal)
        with pytest.raises(silkroad.IllegalMoveError):
            game.apply(state, parsed)
        told = explain_for_seat(game, state, parsed, 0)  # the reason, as seat 0 may know it
        cases = [
            (other, {"move": legal[0]}, 409, "it is not your decision: P0 seat 0 is deciding"),
            (me, {"move": legal[0], "at": 3}, 409, "the table has moved on"),
            (me, {"move": "fly away"}, 409, "not a move: "),
            (me, {"move": illegal}, 409, f"refused: {told}"),
            (me, {"move": 12}, 400, "a move is its notation"),
            (me, {"move": legal[0], "at": "now"}, 400, "'at' is the number"),
            (me, {"move": legal[0], "cheat": True}, 400, "a move is"),
            (me, ["move"], 400, "a move is"),
        ]
        for token, body, status, reason in cases:
            answer = client.post(f"/api/seat/{token}/move", json=body)
            assert answer.status_code == status, (body, answer.text)
            assert reason in answer.json()["error"], (body, answer.json())
            assert served(client, me) == before
            assert files(tmp_path) == saved
        with client.websocket_connect(f"/ws/{me}") as ws:
            read_table(ws)
            for text in ("{", json.dumps({"type": "hello"}), json.dumps([1])):
                ws.send_text(text)
                assert ws.receive_json()["type"] == "error"
            ws.send_bytes(b"\x00")
            assert ws.receive_json() == {"type": "error", "message": "send text (JSON), not bytes"}
            ws.send_json({"type": "move", "move": illegal, "at": 0})
            assert ws.receive_json() == {
                "type": "refused",
                "message": f"refused: {told}",
                "rule": told.rule,
            }
        assert served(client, me) == before
        assert files(tmp_path) == saved
        ok = client.post(f"/api/seat/{me}/move", json={"move": legal[0], "at": 0})
        assert ok.json() == {"ok": True, "at": 1}
        assert record_of(tmp_path, table["table"]).moves == (game.parse_move(state, legal[0]),)


def test_a_seat_reads_the_cards_it_can_see(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "serica", ["person", "random"], seed=2)
        token = table["tokens"][0]
        view = served(client, token)
        assert "Smith" in view["picture"] or "Soldier" in view["picture"]
        answer = client.get(f"/api/seat/{token}/card", params={"name": "soldier"})
        assert answer.status_code == 200
        assert "Soldier" in answer.json()["text"]
        missing = client.get(f"/api/seat/{token}/card", params={"name": "dragon"})
        assert missing.status_code == 404
        assert "no card 'dragon' that you can see" in missing.json()["error"]
        assert client.get(f"/api/seat/{token}/card").status_code == 400
