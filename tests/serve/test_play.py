"""Whole games at the server: every title and a user's game played to the end through a
seat's WebSocket (agents on the other seats), every decision saved as a record that
``silkroad replay`` and ``silkroad view`` read, and tables resumed after a restart."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import silkroad
from serve.conftest import GAMES
from serve.helpers import Played, first, new_table, play, read_table, record_of, server
from silkroad.agents import AGENTS, RandomAgent
from silkroad.cli import main
from silkroad.core.game import AnyGame
from silkroad.core.replay import replay


def check_the_record(folder: Path, table: str, game: AnyGame, view: dict[str, Any]) -> None:
    record = record_of(folder, table)
    assert record.result is not None
    assert list(record.result.scores) == view["result"]["scores"]
    assert list(record.result.winners) == view["result"]["winners"]
    assert len(record.moves) == view["at"]
    assert game.is_over(replay(record))
    assert main(["replay", str(folder / f"{table}.json")]) == 0
    page = folder / "page.html"  # the person's seat (every seat's: tests/cli/test_view.py)
    assert main(["view", str(folder / f"{table}.json"), "--seat", "0", "-o", str(page)]) == 0
    assert page.stat().st_size > 10_000


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_plays_to_the_end_with_a_person_and_agents(
    played: Callable[[str], Played], key: str, game: AnyGame, capsys: pytest.CaptureFixture[str]
) -> None:
    done = played(key)
    last = done.last
    assert last["over"]
    assert last["result"]["outcome"] in ("finished", "truncated")
    messages = [json.loads(t) for t in done.texts]
    log = [e for v in done.views for e in v["log"]]
    assert [e["n"] for e in log] == list(range(1, last["at"] + 1))  # every decision, once
    assert all(e["notation"] for e in log if e["player"] == 0)  # the seat's own moves
    made = sum(e["player"] == 0 for e in log)
    assert sum(m["type"] == "accepted" for m in messages) >= made - 1 > 0
    check_the_record(done.folder, done.table["table"], game, last)
    assert done.record.agents == ("human",) + (GAMES[key][2],) * (len(last["seats"]) - 1)
    capsys.readouterr()


def test_a_users_game_plays_through_the_contract(
    tiny: AnyGame, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with server(tmp_path) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        assert games["tinydraw"]["players"] == [2, 3]
        assert games["tinydraw"]["options"]["3"] == {"players": 3, "hand_size": 2}
        table = new_table(
            client, "tinydraw", ["person", "greedy", "person"], players=3, options={"hand_size": 1}
        )
        sockets = {p: client.websocket_connect(f"/ws/{t}") for p, t in table["tokens"].items()}
        entered = {p: ws.__enter__() for p, ws in sockets.items()}
        try:
            last = play(entered, first)
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
    assert last[0]["result"] == last[2]["result"]
    assert "<pre class='text-board'>" in last[0]["picture"]  # no picture: the observation
    assert "&quot;hand_sizes&quot;: [\n  0,\n  0,\n  0\n ]" in last[0]["picture"]
    check_the_record(tmp_path, table["table"], tiny, last[0])
    assert record_of(tmp_path, table["table"]).agents == ("human", "greedy", "human")
    capsys.readouterr()


def test_two_people_see_each_others_moves_as_they_happen(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "kashgar", ["person", "person"])
        one = client.websocket_connect(f"/ws/{table['tokens'][0]}")
        two = client.websocket_connect(f"/ws/{table['tokens'][1]}")
        with one as a, two as b:
            first_a, first_b = read_table(a), read_table(b)
            mover, waiting = (a, b) if first_a["to_act"] == 0 else (b, a)
            view = first_a if mover is a else first_b
            choice = view["choices"][0]
            mover.send_json({"type": "move", "move": choice["move"], "at": 0})
            seen = read_table(waiting)
            assert seen["at"] == 1
            assert seen["log"][0]["n"] == 1
            assert seen["log"][0]["text"] == choice["text"] or seen["log"][0]["notation"] is None
            assert bool(seen["choices"]) == (seen["to_act"] == seen["seat"])
            # a page that connects late gets the whole log at once
            with client.websocket_connect(f"/ws/{table['tokens'][0]}") as late:
                again = read_table(late)
                assert again["log_start"] == 0
                assert len(again["log"]) == again["at"] >= 1


def test_every_decision_is_saved_before_the_next(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "serica", ["person", "random"])
        token = table["tokens"][0]
        for _ in range(6):
            view = client.get(f"/api/seat/{token}").json()
            while not view["choices"]:
                view = client.get(f"/api/seat/{token}").json()
            answer = client.post(
                f"/api/seat/{token}/move",
                json={"move": view["choices"][-1]["move"], "at": view["at"]},
            )
            assert answer.status_code == 200, answer.text
            saved = record_of(tmp_path, table["table"])
            assert len(saved.moves) >= answer.json()["at"] == view["at"] + 1
            assert (
                silkroad.get_game("serica").format_move(saved.moves[view["at"]])
                == (view["choices"][-1]["move"])
            )


def test_a_restarted_server_resumes_every_table_with_the_same_links(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        waiting = new_table(client, "kashgar", ["random", "person"])
        token = waiting["tokens"][1]
        view = client.get(f"/api/seat/{token}").json()
        while not view["choices"]:
            view = client.get(f"/api/seat/{token}").json()
        move = view["choices"][0]["move"]
        client.post(f"/api/seat/{token}/move", json={"move": move, "at": view["at"]})
        before = client.get(f"/api/seat/{token}").json()
        while not before["choices"]:
            before = client.get(f"/api/seat/{token}").json()
        agents = new_table(client, "dunhuang", ["random", "random", "random"])
    assert agents["links"] == []
    with server(tmp_path) as client:
        after = client.get(f"/api/seat/{token}").json()
        assert after == before  # the same link, the same view and log
        client.post(f"/api/seat/{token}/move", json={"move": after["choices"][0]["move"]})
        assert client.get(f"/api/seat/{token}").json()["at"] > after["at"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert set(hub.tables) == {waiting["table"], agents["table"]}
    # the agents' table went on after the restart (it may have ended meanwhile)
    assert len(record_of(tmp_path, agents["table"]).moves) > 0


def test_a_finished_table_stays_readable_after_a_restart(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "dunhuang", ["person"], players=1)
        with client.websocket_connect(f"/ws/{table['tokens'][0]}") as ws:
            last = play({0: ws}, first)[0]
    with server(tmp_path) as client:
        again = client.get(f"/api/seat/{table['tokens'][0]}").json()
        assert again["over"]
        assert again["result"] == last["result"]
        assert client.app.state.hub.unfinished == 0  # type: ignore[attr-defined]


class Slow:
    """An agent that waits until the test lets it decide."""

    go = threading.Event()
    thinking = threading.Event()

    def __init__(self, seed: int) -> None:
        self.agent = RandomAgent(seed)

    def choose(self, game: AnyGame, observation: Any, legal: Any) -> Any:
        Slow.thinking.set()
        assert Slow.go.wait(20), "the test never let the agent decide"
        return self.agent.choose(game, observation, legal)


class Broken:
    def __init__(self, seed: int) -> None:
        pass

    def choose(self, game: AnyGame, observation: Any, legal: Any) -> Any:
        raise RuntimeError("no idea")


def test_pages_are_answered_while_an_agent_thinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENTS, "slow", Slow)
    Slow.go.clear()
    Slow.thinking.clear()
    with server(tmp_path) as client:
        table = new_table(client, "serica", ["slow", "person"], options={"first_player": 0})
        assert Slow.thinking.wait(20)
        view = client.get(f"/api/seat/{table['tokens'][1]}").json()  # answered meanwhile
        assert view["at"] == 0
        assert view["status"] == "P0 slow is deciding."
        assert client.get("/api/games").status_code == 200
        Slow.go.set()
        with client.websocket_connect(f"/ws/{table['tokens'][1]}") as ws:
            view = read_table(ws)
            while view["at"] == 0:
                view = read_table(ws)
        assert view["log"][-1]["player"] == 0


def test_an_agent_that_fails_stops_its_table_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENTS, "broken", Broken)
    with server(tmp_path) as client:
        bad = new_table(client, "serica", ["broken", "person"], options={"first_player": 0})
        good = new_table(client, "serica", ["random", "person"], options={"first_player": 0})
        with client.websocket_connect(f"/ws/{bad['tokens'][1]}") as ws:
            view = read_table(ws)
            while "stopped" not in view["status"]:
                view = read_table(ws)
        assert "the agent of P0 broken failed (no idea)" in view["status"]
        assert view["choices"] == []
        refused = client.post(f"/api/seat/{bad['tokens'][1]}/move", json={"move": "pass"})
        assert refused.status_code == 409
        assert "stopped" in refused.json()["error"]
        with client.websocket_connect(f"/ws/{good['tokens'][1]}") as ws:
            view = read_table(ws)
            while not view["choices"]:
                view = read_table(ws)
        assert view["at"] > 0


def test_agents_search_in_worker_processes_and_a_users_game_in_threads(
    tiny: AnyGame, tmp_path: Path
) -> None:
    with server(tmp_path, processes=1) as client:
        worked = new_table(client, "serica", ["person", "random"], options={"first_player": 1})
        local = new_table(client, "tinydraw", ["greedy", "person"])
        for table, person in ((worked, 0), (local, 1)):
            with client.websocket_connect(f"/ws/{table['tokens'][person]}") as ws:
                view = read_table(ws)
                while not view["choices"]:
                    view = read_table(ws)
            assert view["log"][0]["player"] == 1 - person  # the agent decided first
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub._local == {"tinydraw"}  # not known in the worker: searched here


def test_a_broken_record_is_left_alone_and_the_other_tables_resume(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        broken = new_table(client, "kashgar", ["person", "person"])
        kept = new_table(client, "serica", ["person", "person"])
    path = tmp_path / f"{broken['table']}.json"
    path.write_text(path.read_text().replace('"moves": []', '"moves": ["fly"]'))
    with server(tmp_path) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert set(hub.tables) == {kept["table"]}
        assert len(hub.problems) == 1
        assert hub.problems[0].startswith(f"table {broken['table']}: not resumed (")
        assert "move 1" in hub.problems[0]
        assert client.get(f"/api/seat/{broken['tokens'][0]}").status_code == 404
        assert client.get(f"/api/seat/{kept['tokens'][0]}").status_code == 200
        new_table(client, "kashgar", ["person", "random"])  # the seats' file is written again
    assert path.read_text().count('"fly"') == 1  # left as it was
    path.write_text(path.read_text().replace('["fly"]', "[]"))  # mended
    with server(tmp_path) as client:
        assert client.get(f"/api/seat/{broken['tokens'][0]}").status_code == 200
