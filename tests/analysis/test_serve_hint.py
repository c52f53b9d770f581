"""The table server's hint: a per-table setting; the search's top moves for the seat
that asks, at its own decision, from its own observation, answered to it alone."""

from __future__ import annotations

from pathlib import Path

import pytest

import silkroad
from analysis.helpers import ITERATIONS, TITLES, twin_records
from serve.helpers import new_table, server
from silkroad.serve.tables import Seat, Table

PLAYERS = {key: players for key, (_, players, _, _) in TITLES.items()}


@pytest.mark.parametrize("key", list(TITLES))
def test_the_seat_to_decide_gets_its_hint_and_no_other_seat_does(key: str, tmp_path: Path) -> None:
    name = TITLES[key][0]
    with server(tmp_path) as client:
        table = new_table(
            client, name, ["person"] * PLAYERS[key], seed=TITLES[key][2], hints=ITERATIONS
        )
        tokens = table["tokens"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        state = hub.tables[table["table"]].state
        game = silkroad.get_game(name)
        deciding = game.current_player(state)
        legal = {game.format_move(m) for m in game.legal_moves(state)}
        for seat, token in tokens.items():
            setting = client.get(f"/api/seat/{token}/hint").json()
            assert setting == {"hints": True, "iterations": ITERATIONS}
            answer = client.post(f"/api/seat/{token}/hint", json={})
            if seat == deciding:
                assert answer.status_code == 200, answer.text
                data = answer.json()
                assert data["at"] == 0
                assert data["iterations"] == ITERATIONS
                assert 1 <= len(data["hints"]) <= 3
                assert {h["move"] for h in data["hints"]} <= legal
                visits = [h["visits"] for h in data["hints"]]
                assert visits == sorted(visits, reverse=True)
            else:
                assert answer.status_code == 409
                assert "your own decision" in answer.json()["error"]


def test_a_table_without_hints_gives_none(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "serica", ["person", "random"])
        token = table["tokens"][0]
        setting = client.get(f"/api/seat/{token}/hint").json()
        assert setting == {"hints": False, "iterations": 0}
        answer = client.post(f"/api/seat/{token}/hint", json={})
        assert answer.status_code == 403
        assert answer.json() == {"error": "this table gives no hints (a setting of the table)"}


@pytest.mark.parametrize("hints", ["yes", -1, 2.5, [1]])
def test_a_bad_hint_setting_is_refused(tmp_path: Path, hints: object) -> None:
    with server(tmp_path) as client:
        seats = [{"person": "A"}, {"agent": "random"}]
        answer = client.post("/api/tables", json={"game": "serica", "seats": seats, "hints": hints})
        assert answer.status_code == 400
        assert "'hints' is true, false or a search budget" in answer.json()["error"]


def test_the_hint_setting_is_kept_when_the_server_restarts(tmp_path: Path) -> None:
    with server(tmp_path, max_iterations=50) as client:
        table = new_table(client, "kashgar", ["person", "person"], hints=True)
        assert client.app.state.hub.tables[table["table"]].hints == 50  # type: ignore[attr-defined]
    with server(tmp_path) as client:
        resumed = client.app.state.hub.tables[table["table"]]  # type: ignore[attr-defined]
        assert resumed.hints == 50
        other = new_table(client, "kashgar", ["person", "person"])
        assert client.app.state.hub.tables[other["table"]].hints == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", list(TITLES))
def test_the_server_hint_shows_nothing_the_seat_could_not_know(key: str) -> None:
    one, two, p = twin_records(key)
    game = silkroad.get_game(one.game)
    seats = [Seat(f"P{q}", token=f"t{q}") for q in range(game.num_players(one.initial_state()))]
    answers = [
        Table("t-000000", game, r.options, 5, seats, position=r.position, hints=ITERATIONS).hint(p)
        for r in (one, two)
    ]
    assert answers[0] == answers[1]
    assert answers[0]["hints"]


def test_a_hint_is_asked_for_with_json_and_for_the_decision_shown(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "serica", ["person", "person"], seed=3, hints=ITERATIONS)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = hub.tables[table["table"]]
        deciding = made.game.current_player(made.state)
        url = f"/api/seat/{table['tokens'][deciding]}/hint"
        assert client.post(url).status_code == 415  # no other site's form asks for one
        assert client.post(url, json={"at": 0}).status_code == 200
        stale = client.post(url, json={"at": 3})
        assert stale.status_code == 409
        assert "the table has moved on" in stale.json()["error"]
        for bad in ({"at": "x"}, {"seat": 1}, [1]):
            assert client.post(url, json=bad).status_code == 400
