"""Driving the table server in tests: a server on a folder (Starlette's test client, the
ASGI lifespan run), new tables, and seats played through their WebSocket."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
from starlette.testclient import TestClient

from silkroad.core.replay import Record
from silkroad.serve import Settings, create_app
from silkroad.serve.hub import apply_patch

Choice = Callable[[Sequence[dict[str, str]]], str]


@contextmanager
def server(folder: Path, **settings: Any) -> Iterator[TestClient]:
    """A server on ``folder`` whose agents play at once (no delay)."""
    settings.setdefault("agent_delay", 0)
    settings.setdefault("workers", 2)
    app = create_app(Settings(folder, **settings))
    with TestClient(app) as client:
        yield client


def new_table(
    client: TestClient, game: str, seats: Sequence[str], *, seed: int | None = None, **extra: Any
) -> dict[str, Any]:
    """A table of ``game``; each seat is ``person`` or an agent spec. Returns the answer
    with ``tokens``: each person's token by seat. A ``seed`` (which no page can give) is
    passed to the server's hub directly."""
    asked = [
        {"person": f"seat {p}"} if s == "person" else {"agent": s} for p, s in enumerate(seats)
    ]
    request = {"game": game, "seats": asked, **extra}
    if seed is None:
        answer = client.post("/api/tables", json=request)
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
    else:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.portal is not None
        data = client.portal.call(functools.partial(hub.create, request, seed=seed))
    data["tokens"] = {link["seat"]: link["url"].rsplit("/", 1)[1] for link in data["links"]}
    return data


def record_of(folder: Path, table: str) -> Record:
    return Record.load(folder / f"{table}.json")


def randomly(seed: int) -> Choice:
    rng = random.Random(seed)
    return lambda choices: rng.choice(choices)["move"]


def first(choices: Sequence[dict[str, str]]) -> str:
    return choices[0]["move"]


#: The view each socket's page shows, by the socket's id (as seat.js keeps it).
_SHOWN: dict[int, dict[str, Any]] = {}


def apply_update(shown: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The full view a page shows after ``message``: a full view as it is, an update
    applied to the view ``shown`` as seat.js applies it (the test fails where it cannot
    be: an update from another view, or a patch that does not add up)."""
    if message["type"] == "table":
        return message
    assert message["type"] == "update", message
    assert shown is not None, "an update came before the first full view"
    assert message["base"] == shown["at"], (message["base"], shown["at"])
    lines = apply_patch(shown["picture"].split("\n"), message["picture"]["patch"])
    assert len(lines) == message["picture"]["lines"]
    view = {**shown, **{k: v for k, v in message.items() if k not in ("base", "picture")}}
    view["type"] = "table"
    view["picture"] = "\n".join(lines)
    return view


def views_of(texts: Sequence[str]) -> list[dict[str, Any]]:
    """The full views a page shows, one per view message of ``texts`` (in order)."""
    out: list[dict[str, Any]] = []
    for message in map(json.loads, texts):
        if message["type"] in ("table", "update"):
            out.append(apply_update(out[-1] if out else None, message))
    return out


def read_table(ws: Any, texts: list[str] | None = None) -> dict[str, Any]:
    """The next view the socket's page shows: the full view or an update applied to the
    page's last view (other messages are kept in ``texts`` too; a refusal fails the
    test)."""
    while True:
        text = ws.receive_text()
        if texts is not None:
            texts.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] in ("refused", "error"):
            raise AssertionError(f"the server refused: {message}")
        if message["type"] in ("table", "update"):
            view = apply_update(_SHOWN.get(id(ws)), message)
            _SHOWN[id(ws)] = view
            return view


def play(
    sockets: dict[int, Any],
    choose: Choice,
    texts: dict[int, list[str]] | None = None,
    limit: int = 5000,
) -> dict[int, dict[str, Any]]:
    """Play the people's seats (``sockets`` by seat) until the game is over, each move
    chosen from the seat's choices; agents play the other seats on the server. Returns
    each seat's last view; ``texts`` gets every message each seat was sent."""
    log = texts if texts is not None else {}
    latest = {s: read_table(ws, log.setdefault(s, [])) for s, ws in sockets.items()}
    for _ in range(limit):
        newest = max(latest.values(), key=lambda m: m["at"])
        if newest["over"]:
            for s, ws in sockets.items():
                while not latest[s]["over"]:
                    latest[s] = read_table(ws, log[s])
            return latest
        actor = newest["to_act"]
        if actor in sockets:
            view = latest[actor]
            while view["at"] < newest["at"]:
                view = latest[actor] = read_table(sockets[actor], log[actor])
            if view["at"] > newest["at"] or not view["choices"]:
                continue
            sockets[actor].send_json(
                {"type": "move", "move": choose(view["choices"]), "at": view["at"]}
            )
            while latest[actor]["at"] <= view["at"]:
                latest[actor] = read_table(sockets[actor], log[actor])
        else:  # an agent decides: wait for the next view
            seat = next(iter(sockets))
            latest[seat] = read_table(sockets[seat], log[seat])
    raise AssertionError(f"no end within {limit} views")


@attrs.frozen
class Played:
    """A whole game at the server, seat 0 a person (the test's random choices), the
    other seats agents: every message seat 0 was sent, and the saved record."""

    folder: Path
    table: dict[str, Any]
    texts: tuple[str, ...]
    last: dict[str, Any]
    seed: int

    @property
    def record(self) -> Record:
        return record_of(self.folder, self.table["table"])

    @property
    def views(self) -> list[dict[str, Any]]:
        return views_of(self.texts)


def play_whole(folder: Path, name: str, players: int, agent: str, seed: int) -> Played:
    """Play a whole game of ``name`` at a server on ``folder`` (see :class:`Played`)."""
    with server(folder) as client:
        seats = ["person"] + [agent] * (players - 1)
        table = new_table(client, name, seats, players=players, seed=seed)
        with client.websocket_connect(f"/ws/{table['tokens'][0]}") as ws:
            texts: dict[int, list[str]] = {}
            last = play({0: ws}, randomly(seed), texts)[0]
    return Played(folder, table, tuple(texts[0]), last, seed)
