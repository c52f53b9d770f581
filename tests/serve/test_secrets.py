"""What a seat is sent, read as an opponent would: every message seat 0 received over a
whole game of each title (and of a user's game), checked for anything the seat may not
know. The messages must be the same for every table the seat cannot tell apart from the
real one (a state dealt again from the seat's observation: other hands, the decks and
the generator differ), must never draw a card or tile hidden from the seat, and must
hold neither the seed nor the generator."""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

import silkroad
from serve.conftest import GAMES
from serve.helpers import Played, read_table, server
from silkroad.agents import AGENTS
from silkroad.core.game import AnyGame, Information
from silkroad.core.replay import states
from silkroad.core.rng import Rng
from silkroad.serve import log_entry, seat_view
from silkroad.serve.hub import Settings
from silkroad.serve.run import serve

SEAT = 0
#: Every field a seat's view has, and those of a line of its log.
VIEW_FIELDS = {
    "type", "game", "title", "table", "seat", "players", "seats", "at", "to_act", "over",
    "status", "picture", "choices", "result", "log_start", "log",
}  # fmt: skip
#: Every field of an update after the first view.
UPDATE_FIELDS = {
    "type", "table", "seat", "base", "at", "to_act", "over", "status", "choices", "result",
    "picture", "log_start", "log",
}  # fmt: skip
LOG_FIELDS = {"n", "player", "text", "notation", "events"}
#: How many views and log lines of a game are compared (a seeded sample: every one would
#: take long for the longest games).
SAMPLE = 40


def sample(items: list[Any], seed: int) -> list[Any]:
    return items if len(items) <= SAMPLE else random.Random(seed).sample(items, SAMPLE)


def keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys(v)


def generators(value: Any, depth: int = 0) -> Iterator[Rng]:
    """Every ``Rng`` held in a state (a field of the state or of a part of it)."""
    if isinstance(value, Rng):
        yield value
    elif depth < 3 and hasattr(value, "__attrs_attrs__"):
        for field in value.__attrs_attrs__:
            yield from generators(getattr(value, field.name), depth + 1)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_seat_is_sent_only_its_fields_never_the_seed_or_the_generator(
    played: Callable[[str], Played], key: str, game: AnyGame
) -> None:
    done = played(key)
    text = "\n".join(done.texts)
    for message in map(json.loads, done.texts):
        assert message["type"] in ("table", "update", "accepted")
        if message["type"] != "accepted":
            assert set(message) == (VIEW_FIELDS if message["type"] == "table" else UPDATE_FIELDS)
            assert all(set(entry) == LOG_FIELDS for entry in message["log"])
        assert not {"seed", "rng", "state", "gamma"} & set(keys(message))
    secrets = {str(done.seed)}
    for state in states(done.record, game):
        for rng in generators(state):
            secrets |= {str(rng.seed), str(rng.gamma)}
    assert len(secrets) > 2
    for secret in secrets:
        assert secret not in text


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_view_is_the_same_for_every_table_the_seat_cannot_tell_apart(
    played: Callable[[str], Played], key: str, game: AnyGame
) -> None:
    done = played(key)
    every = list(states(done.record, game))
    views = [v for v in done.views if not v["over"]]
    labels = [s["label"] for s in done.last["seats"]]
    differ = 0
    for view in sample(views, done.seed):
        real = every[view["at"]]
        shown = {k: view[k] for k in ("seat", "at", "to_act", "over", "status", "picture")}
        shown |= {"choices": view["choices"], "result": view["result"]}
        assert shown == seat_view(game, real, SEAT, labels, view["at"])
        for k in (1, 2):
            other = game.determinize(game.observe(real, SEAT), k)
            differ += other != real
            assert seat_view(game, other, SEAT, labels, view["at"]) == shown, (
                f"decision {view['at']}: the view tells the real table from another"
            )
    if game.spec.information is Information.IMPERFECT:
        assert differ > 0  # the other tables did hide other things


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_log_line_is_the_same_for_every_table_the_seat_cannot_tell_apart(
    played: Callable[[str], Played], key: str, game: AnyGame
) -> None:
    done = played(key)
    record = done.record
    every = list(states(record, game))
    lines = {e["n"]: e for v in done.views for e in v["log"]}
    assert sorted(lines) == list(range(1, len(record.moves) + 1))
    compared = 0
    chosen = sample(sorted(lines), done.seed)
    for n in chosen:
        before, move, after = every[n - 1], record.moves[n - 1], every[n]
        assert lines[n] == log_entry(game, before, move, n, SEAT)
        seen_after = game.observe(after, SEAT)
        for k in (1, 2, 3):
            other = game.determinize(game.observe(before, SEAT), k)
            # the same move, or (when the other table cannot have it: a tile kept from
            # another hand) any move after which the seat sees just what it saw
            legal = game.legal_moves(other)
            for candidate in [move] if move in legal else legal:
                if game.observe(game.apply(other, candidate), SEAT) != seen_after:
                    continue  # the seat would have seen something else happen
                compared += 1
                assert log_entry(game, other, candidate, n, SEAT) == lines[n], (
                    f"decision {n}: the log tells the real table from another"
                )
    assert compared >= len(chosen) // 3, f"only {compared} lines of {len(chosen)} compared"


def hidden_from(name: str, state: Any, seat: int) -> tuple[set[int], set[int]]:
    """The cards and tiles of ``state`` that ``seat`` may not see, by the rules."""
    if name == "kashgar":
        cards = set(state.standard) | set(state.special) | set(state.order_deck)
        p = state.pending
        if p is not None and p.player != seat and p.deck is not None:
            cards |= set(p.cards)
        return cards, set()
    if name == "serica":
        cards = set(state.cross_pile) | set(state.players[0].draw) | set(state.players[1].draw)
        if state.pending is not None and state.active != seat:
            cards |= set(state.pending.cards)
        return cards, set()
    tiles: set[int] = set()
    for q, pl in enumerate(state.players):
        if q != seat:
            tiles |= set(pl.hand) | set(state.draft[q] if state.draft else ())
            if not state.revealed and pl.frescoes[2].tile is not None:
                tiles.add(pl.frescoes[2].tile)
    if state.public is not None and not state.revealed:
        tiles.add(state.public)
    return set(state.deck), tiles


def drawn(picture: str) -> tuple[set[int], set[int]]:
    cards = {int(c) for c in re.findall(r'data-card="(\d+)"', picture)}
    return cards, {int(t) for t in re.findall(r'data-tile="(\d+)"', picture)}


@pytest.mark.parametrize("key", ["kashgar", "serica", "dunhuang"])
def test_no_picture_a_seat_is_sent_draws_what_is_hidden_from_it(
    played: Callable[[str], Played], key: str, game: AnyGame
) -> None:
    done = played(key)
    every = list(states(done.record, game))
    hidden_somewhere = 0
    for view in done.views:
        hidden_cards, hidden_tiles = hidden_from(game.spec.name, every[view["at"]], SEAT)
        cards, tiles = drawn(view["picture"])
        assert cards or tiles
        assert not cards & hidden_cards, f"decision {view['at']}: hidden cards drawn"
        assert not tiles & hidden_tiles, f"decision {view['at']}: hidden tiles drawn"
        hidden_somewhere += bool(hidden_cards or hidden_tiles)
    assert hidden_somewhere > len(done.views) // 2


@pytest.mark.rule("DH-2.3")
def test_tiles_in_other_hands_that_the_seat_never_saw_are_never_named(
    played: Callable[[str], Played],
) -> None:
    done = played("dunhuang")
    game = silkroad.get_game("dunhuang")
    seen: set[int] = set()
    held: set[int] = set()
    for state in states(done.record, game):
        obs = game.observe(state, SEAT)
        seen |= set(obs.players[SEAT].hand) | set(obs.draft) | set(obs.gone)
        seen |= {f.tile for pl in obs.players for f in pl.frescoes if f.tile is not None}
        seen |= {obs.public} - {None}
        for q, pl in enumerate(state.players):
            if q != SEAT:
                held |= set(pl.hand)
    never = held - seen
    assert never, "the game should keep some tiles of other hands from the seat"
    text = "\n".join(done.texts)
    named = {int(t) for t in re.findall(r"\bt(\d+)\b", text)}
    assert named  # the seat's own tiles are named
    assert not never & named
    assert not never & {int(t) for t in re.findall(r'data-tile=\\"(\d+)', text)}


class First:
    """An agent that always takes the first legal move (two tables that differ in what
    the agents hold may then see other moves)."""

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, game: AnyGame, observation: Any, legal: Any) -> Any:
        return legal[0]


def first_messages(folder: Path, position: str) -> dict[int, dict[str, Any]]:
    """What seat 2 is sent at a Dunhuang table started from ``position`` until its first
    decision, by the number of decisions made (the table's id left out: it is drawn for
    each table; without their log, as the agents' pace decides which lines each brings),
    and (key -1) what a page that connects then gets, with the whole log."""
    with server(folder) as client:
        answer = client.post(
            "/api/tables",
            json={
                "game": "dunhuang",
                "players": 3,
                "position": position,
                "seats": [{"agent": "first"}, {"agent": "first"}, {"person": "me"}],
            },
        )
        assert answer.status_code == 200, answer.text
        token = answer.json()["links"][0]["url"].rsplit("/", 1)[1]
        with client.websocket_connect(f"/ws/{token}") as ws:
            out = {}
            while not out or not out[max(out)]["choices"]:
                view = read_table(ws)
                out[view["at"]] = view
            with client.websocket_connect(f"/ws/{token}") as late:
                out[-1] = read_table(late)
    for at, message in out.items():
        del message["table"]
        if at >= 0:  # the lines of the log a view brings depend on the pace of the agents
            del message["log"], message["log_start"]
    return out


@pytest.mark.rule("DH-2.3")
def test_two_dunhuang_tables_that_differ_in_other_hands_look_the_same_to_a_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from silkroad.dunhuang import GAME, Options, determinize, new_game, observe

    monkeypatch.setitem(AGENTS, "first", First)
    real = new_game(Options(3), 3)  # P0 drafts first, then P1, then seat 2
    other = determinize(observe(real, 2), 11)
    assert other.draft[2] == real.draft[2]
    assert other.draft[0] != real.draft[0]
    assert other.deck != real.deck
    one = first_messages(tmp_path / "one", GAME.to_position(real))
    two = first_messages(tmp_path / "two", GAME.to_position(other))
    assert one[2] == two[2]  # the first decision of seat 2, after the others' two
    assert one[-1] == two[-1]
    for at in set(one) & set(two):  # the views sent meanwhile (as the agents' pace let)
        assert one[at] == two[at]
    assert [e["text"] for e in one[-1]["log"]] == ["keeps a tile", "keeps a tile"]
    assert len(one[2]["choices"]) == len(real.draft[2])
    # the control: a table where the seat's own pack differs does look different
    mine = determinize(observe(real, 0), 11)
    assert mine.draft[2] != real.draft[2]
    assert first_messages(tmp_path / "three", GAME.to_position(mine))[2] != one[2]


def test_no_log_line_of_the_server_names_a_seat_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """uvicorn's access log (at level info) and its WebSocket lines name the paths asked
    for; a seat's token in them would hand its cards to whoever reads the log."""
    token = "Zq8-secret_Token42"
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    def run(self: uvicorn.Server, sockets: object = None) -> None:  # the lines a run logs
        access, error = logging.getLogger("uvicorn.access"), logging.getLogger("uvicorn.error")
        for logger in (access, error):
            logger.addHandler(keep)
            logger.setLevel(logging.INFO)
        for path in (f"/seat/{token}", f"/api/seat/{token}/move?x=1", f"/api/seat/{token}"):
            access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", path, "1.1", 200)
        error.info('%s - "WebSocket %s" [accepted]', "127.0.0.1:5000", f"/ws/{token}")
        error.info(f"connection to /ws/{token} closed")

    keep = Keep()
    monkeypatch.setattr(uvicorn.Server, "run", run)
    serve(Settings(folder=tmp_path), port=0)
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).removeHandler(keep)
    assert len(lines) == 5
    assert not [line for line in lines if token in line], lines
    assert '"GET /api/seat/…/move?x=1 HTTP/1.1" 200' in lines[1]
    assert '"WebSocket /ws/…" [accepted]' in lines[3]
