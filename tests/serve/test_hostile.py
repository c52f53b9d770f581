"""The table server under hostile clients: bodies refused as they stream in, JSON nested
too deeply refused in one logged line (a WebSocket closed with a reason), and a broken
file in the tables folder named in one line while the other tables go on."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.types import Message

import silkroad.serve
from serve.helpers import new_table, server
from silkroad.cli import main
from silkroad.serve import Settings, create_app, serve
from silkroad.serve.app import CLOSE_INVALID, MAX_BODY, MAX_DEPTH
from silkroad.serve.store import SEATS_FILE, SeatsFileError, Store

JSON = {"content-type": "application/json"}
DEEP = "[" * 30_000  # 30 kB of brackets: under the size limit, past any parser's stack


def chunks(total: int, size: int = 1000) -> Iterator[bytes]:
    """``total`` bytes of spaces in chunks, sent without a Content-Length (chunked)."""
    sent = 0
    while sent < total:
        part = min(size, total - sent)
        sent += part
        yield b" " * part


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# ------------------------------------------------------------------ sizes


def test_a_chunked_body_just_over_the_limit_is_refused(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        over = client.post("/api/tables", content=chunks(MAX_BODY + 1), headers=JSON)
        assert over.status_code == 413
        assert over.headers["connection"] == "close"  # the rest is not read
        assert f"at most {MAX_BODY:,} bytes" in over.json()["error"]
        # a body of exactly the limit is read (and refused for what it says, not its size)
        padded = json.dumps({"game": 7}).encode().ljust(MAX_BODY)
        whole = client.post("/api/tables", content=iter([padded]), headers=JSON)
        assert whole.status_code == 400
        assert "say which game" in whole.json()["error"]


def test_a_long_chunked_body_is_refused_without_being_read_whole(tmp_path: Path) -> None:
    """Driven as the ASGI server drives the application: a body of a hundred times the
    limit, in chunks of 1000 bytes with more to come; the answer is 413 once the limit is
    passed, with few chunks taken beyond it."""
    app = create_app(Settings(tmp_path))
    total = 100 * MAX_BODY
    taken = 0
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal taken
        taken += 1000
        return {"type": "http.request", "body": b" " * 1000, "more_body": taken < total}

    async def send(message: Message) -> None:
        sent.append(message)

    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"host", b"test")],
        "client": ("127.0.0.1", 1),
        "server": ("test", 80),
    }
    # a thread of its own: a test before this one in the process may have left an event
    # loop running in this thread (Playwright's sync API does)
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    assert sent[0]["type"] == "http.response.start"
    assert sent[0]["status"] == 413
    assert (b"connection", b"close") in sent[0]["headers"]
    assert MAX_BODY < taken <= MAX_BODY + 1000  # stopped at the first chunk past the limit


def test_a_declared_length_over_the_limit_is_refused_before_the_body(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        big = client.post("/api/tables", content=b" " * (MAX_BODY + 1), headers=JSON)
        assert big.status_code == 413
        for length in ("9" * 5000, "-1", "1e3"):  # past int()'s digits; not a length
            headers = {**JSON, "content-length": length}
            answer = client.post("/api/tables", content=b"{}", headers=headers)
            assert answer.status_code == 413


# ------------------------------------------------------------------ nesting


@pytest.mark.parametrize("body", [DEEP, nested(MAX_DEPTH + 1)])
def test_deep_json_for_a_new_table_is_a_400_and_one_line_of_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, body: str
) -> None:
    with server(tmp_path) as client, caplog.at_level(logging.WARNING, "silkroad.serve"):
        answer = client.post("/api/tables", content=body.encode(), headers=JSON)
        assert answer.status_code == 400
        assert answer.json()["error"] == f"JSON nested too deeply (at most {MAX_DEPTH} levels)"
        assert client.app.state.hub.tables == {}  # type: ignore[attr-defined]
    lines = [r.getMessage() for r in caplog.records if r.name == "silkroad.serve"]
    assert lines == [
        f"refused POST /api/tables from testclient: JSON nested too deeply (at most "
        f"{MAX_DEPTH} levels)"
    ]
    assert "Traceback" not in caplog.text


def test_json_as_deep_as_allowed_is_read(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        seats = '[{"person": "a"}, {"person": "b"}]'
        # 32 levels: the request, its options, and 30 lists
        body = f'{{"game": "serica", "seats": {seats}, "options": {{"x": {nested(30)}}}}}'
        answer = client.post("/api/tables", content=body.encode(), headers=JSON)
        assert answer.status_code == 400
        assert "options have no field 'x'" in answer.json()["error"]  # read, then refused


def test_deep_json_for_a_move_is_a_400(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "serica", ["person", "person"])
        token = table["tokens"][0]
        before = client.get(f"/api/seat/{token}").json()["at"]
        with caplog.at_level(logging.WARNING, "silkroad.serve"):
            answer = client.post(f"/api/seat/{token}/move", content=DEEP.encode(), headers=JSON)
            assert answer.status_code == 400
            assert "nested too deeply" in answer.json()["error"]
            inner = '{"move": ' + nested(MAX_DEPTH) + "}"
            answer = client.post(f"/api/seat/{token}/move", content=inner.encode(), headers=JSON)
            assert answer.status_code == 400
        assert client.get(f"/api/seat/{token}").json()["at"] == before
    lines = [r.getMessage() for r in caplog.records if r.name == "silkroad.serve"]
    assert len(lines) == 2
    assert all(line.startswith("refused POST /api/seat/{token}/move from") for line in lines)
    assert token not in caplog.text  # the seat's secret is no line of the log


def test_a_deeply_nested_position_is_refused_with_the_reason(tmp_path: Path) -> None:
    """The position of a new table is TOML inside the JSON: nested past the TOML reader's
    stack, it is refused like any text that is not TOML."""
    request = {"game": "serica", "seats": [{"person": "a"}] * 2, "position": "a = " + DEEP}
    with server(tmp_path) as client:
        answer = client.post("/api/tables", json=request)
        assert answer.status_code == 400
        assert "nested too deeply" in answer.json()["error"]
        assert answer.json()["error"].startswith("cannot set up the game")


def test_deep_json_on_a_websocket_closes_it_with_a_reason(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with server(tmp_path) as client:
        token = new_table(client, "serica", ["person", "person"])["tokens"][0]
        with (
            caplog.at_level(logging.WARNING, "silkroad.serve"),
            client.websocket_connect(f"/ws/{token}") as ws,
        ):
            assert ws.receive_json()["type"] == "table"
            ws.send_text(DEEP)
            closed = ws.receive()
        assert closed["type"] == "websocket.close"
        assert closed["code"] == CLOSE_INVALID
        assert closed["reason"] == f"JSON nested too deeply (at most {MAX_DEPTH} levels)"
        # the seat is still there for a page that behaves
        with client.websocket_connect(f"/ws/{token}") as ws:
            assert ws.receive_json()["type"] == "table"
            ws.send_text("[1]")
            assert ws.receive_json()["type"] == "error"
    lines = [r.getMessage() for r in caplog.records if r.name == "silkroad.serve"]
    table = client.app.state.hub.find(token)[0].id  # type: ignore[attr-defined]
    assert lines == [f"closed the WebSocket of table {table}, seat 0: {closed['reason']}"]
    assert token not in caplog.text


# ------------------------------------------------------------------ the folder


def two_tables(folder: Path) -> tuple[str, str, str, str]:
    """Two tables of people in ``folder``: (id, token) of each."""
    with server(folder) as client:
        first = new_table(client, "serica", ["person", "person"])
        second = new_table(client, "kashgar", ["person", "person"])
    return first["table"], first["tokens"][0], second["table"], second["tokens"][0]


@pytest.mark.parametrize(
    "damage",
    ["{nope", DEEP, json.dumps({"format": 1, "game": "serica", "moves": 7})],
    ids=["not-json", "deep", "not-a-record"],
)
def test_a_broken_record_stops_only_its_table(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    broken, broken_token, good, good_token = two_tables(tmp_path)
    record = tmp_path / f"{broken}.json"
    record.write_text(damage, encoding="utf-8")
    with caplog.at_level(logging.WARNING, "silkroad.serve"), server(tmp_path) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert set(hub.tables) == {good}
        assert client.get(f"/api/seat/{good_token}").status_code == 200
        assert client.get(f"/api/seat/{broken_token}").status_code == 404
        [problem] = hub.problems
        assert problem.startswith(f"table {broken}: not resumed (")
        assert str(record) in problem
        assert "mend its record" in problem
        assert "\n" not in problem
        new_table(client, "serica", ["person", "person"])  # the seats file is written again
    assert caplog.messages.count(problem) == 1
    assert "Traceback" not in caplog.text
    assert record.read_text(encoding="utf-8") == damage  # left as it was
    assert broken_token in (tmp_path / SEATS_FILE).read_text(encoding="utf-8")  # link kept


def test_an_entry_that_names_a_file_elsewhere_is_not_resumed(tmp_path: Path) -> None:
    broken, _, good, _ = two_tables(tmp_path)
    seats = tmp_path / SEATS_FILE
    seats.write_text(
        seats.read_text(encoding="utf-8").replace(f'"{broken}.json"', '"../elsewhere.json"'),
        encoding="utf-8",
    )
    tables, problems = Store(tmp_path).load()
    assert [t.id for t in tables] == [good]
    assert problems[0].startswith(f"table {broken}: not resumed (its record is a .json file")


@pytest.mark.parametrize(
    "text", ["[table\nnames = [", "a = " + DEEP, b"\xff\xfe"], ids=["toml", "deep", "bytes"]
)
def test_a_corrupt_seats_file_is_one_line_and_nothing_is_served(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | bytes
) -> None:
    two_tables(tmp_path)
    seats = tmp_path / SEATS_FILE
    data = text.encode() if isinstance(text, str) else text
    seats.write_bytes(data)
    code = main(["serve", "--folder", str(tmp_path), "--port", "0"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith(f"silkroad: error: {seats}: cannot read it (")
    assert "mend it (or restore a copy), or move it aside" in err
    assert seats.read_bytes() == data  # not written over: its links are not lost
    with pytest.raises(SeatsFileError, match="cannot read it"), server(tmp_path):
        pass  # nor does an application started by other code serve the folder


def test_the_server_limits_socket_messages_and_reads_the_seats_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve`` has the WebSocket protocol close a socket whose message is past what
    :data:`MAX_BODY` characters can take (code 1009, as the message arrives), and refuses
    a folder whose seats file is broken before anything is served."""
    started: list[uvicorn.Config] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, *a, **k: started.append(self.config))
    serve(Settings(tmp_path))
    assert started[0].ws_max_size == 4 * MAX_BODY
    (tmp_path / SEATS_FILE).write_text("[x", encoding="utf-8")
    with pytest.raises(SeatsFileError, match=f"{SEATS_FILE}: cannot read it"):
        serve(Settings(tmp_path))
    assert len(started) == 1


def test_the_command_prints_each_line_of_the_server_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table not resumed (or a request refused) is one line on standard error, not a
    line printed by the command and again by the log."""
    broken, _, _, good_token = two_tables(tmp_path)
    (tmp_path / f"{broken}.json").write_text("{nope", encoding="utf-8")

    def run(settings: Settings, host: str, port: int, *, on_start: Any) -> None:
        with server(settings.folder) as client:  # what serve() runs, without a socket
            on_start(client.app.state.hub)  # type: ignore[attr-defined]
            assert client.get(f"/api/seat/{good_token}").status_code == 200

    monkeypatch.setattr(silkroad.serve, "serve", run)
    assert main(["serve", "--folder", str(tmp_path), "--agent-processes", "0"]) == 0
    out, err = capsys.readouterr()
    [line] = err.splitlines()
    assert line.startswith(f"silkroad serve: table {broken}: not resumed (file ")
    assert "not resumed" not in out
    assert "(1 resumed, 1 unfinished)" in out
