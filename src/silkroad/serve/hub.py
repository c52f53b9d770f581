"""The server's tables at run time: creating them, taking people's moves, letting
agents play, saving every decision and telling every connected page.

All changes to a table happen in the event loop's thread, one step at a time. An agent's
search, the work that takes time, runs in a pool of threads on an immutable state, so
the loop keeps answering while agents think; the short work (checking a person's move,
drawing a seat's view: a few milliseconds) is done in the loop, since handing it to a
thread would cost more than it saves. Records are written by one thread of their own,
in order, and a decision is on disk before its table takes the next one.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import difflib
import functools
import json
import logging
import multiprocessing
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import attrs

from silkroad.agents import known_agents
from silkroad.core.errors import RulesError, UnknownGameError
from silkroad.core.registry import GAMES, get_game
from silkroad.core.serialize import to_data
from silkroad.serve.store import Store
from silkroad.serve.tables import (
    RequestError,
    Seat,
    Step,
    Table,
    answer,
    build_options,
    check_agent,
    check_hints,
    clean_name,
)

__all__ = [
    "DEFAULT_AGENTS",
    "Connection",
    "Hub",
    "Settings",
    "apply_patch",
    "picture_patch",
]

_log = logging.getLogger("silkroad.serve")
T = TypeVar("T")

#: The agents the start page offers, with a short think budget.
DEFAULT_AGENTS = ("ismcts:iterations=100", "greedy", "random")


@attrs.frozen
class Settings:
    """How a server runs.

    :ivar folder: where the tables are saved (made if missing).
    :ivar agent_delay: the least time, in seconds, between an agent's decisions, so that
        people can follow them (0: as fast as the agents go).
    :ivar workers: threads for agents' searches (and for setting up tables).
    :ivar processes: worker processes for the agents' searches (0: the threads do
        them). Processes search on every core while the server's own thread answers
        pages; a game registered only in this process (``silkroad.register``) is
        searched in a thread, since a new process does not know it.
    :ivar max_iterations: the largest search budget a table may give an agent.
    :ivar max_tables: the most tables the server holds (finished ones included).
    """

    folder: Path = attrs.field(converter=Path)
    agent_delay: float = 0.5
    workers: int = 4
    processes: int = 0
    max_iterations: int = 2000
    max_tables: int = 10_000


class Connection:
    """A page connected to a seat: told to update through :attr:`dirty`, it has been
    sent the first :attr:`sent` lines of the seat's log, and shows the view of decision
    :attr:`shown` (None before its first, full, view: see :meth:`Hub.update`)."""

    def __init__(self) -> None:
        self.dirty = asyncio.Event()
        self.dirty.set()
        self.sent = 0
        self.shown: int | None = None
        #: held while a message is sent (one at a time on a socket)
        self.lock = asyncio.Lock()


class Hub:
    """The tables of a server (see the module docstring). :meth:`start` and
    :meth:`stop` run in the event loop that serves the pages."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.folder)
        self.tables: dict[str, Table] = {}
        self._tokens: dict[str, tuple[Table, int]] = {}
        self._connections: dict[tuple[str, int], set[Connection]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._views: dict[tuple[str, int], tuple[int, dict[str, Any]]] = {}
        #: per seat, the lines of its last pictures by decision (for the patches)
        self._pictures: dict[tuple[str, int], dict[int, list[str]]] = {}
        #: per seat, the update messages of its current view, as JSON text, by what the
        #: page had (the decision it shows, the log lines it has): one per kind of page
        self._updates: dict[tuple[str, int], tuple[int, dict[tuple[int | None, int], str]]] = {}
        self._cpu: concurrent.futures.ThreadPoolExecutor | None = None
        self._processes: concurrent.futures.ProcessPoolExecutor | None = None
        #: the games the worker processes do not find by name
        self._local: set[str] = set()
        self._io: concurrent.futures.ThreadPoolExecutor | None = None
        #: messages about tables that were not resumed
        self.problems: list[str] = []

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Resume every table of the folder; agents to decide start at once."""
        self._cpu = concurrent.futures.ThreadPoolExecutor(
            self.settings.workers, thread_name_prefix="silkroad-serve"
        )
        self._io = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="silkroad-save")
        if self.settings.processes > 0:
            self._processes = concurrent.futures.ProcessPoolExecutor(
                self.settings.processes, mp_context=multiprocessing.get_context("spawn")
            )
        tables, self.problems = await self._run(self.store.load)
        for problem in self.problems:
            _log.warning(problem)
        for table in tables:
            self._add(table)
            self._drive(table)

    async def stop(self) -> None:
        """Stop the agents and wait for every record to be written."""
        for task in list(self._drivers.values()):
            task.cancel()
        for task in list(self._drivers.values()):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._processes is not None:
            self._processes.shutdown(wait=True, cancel_futures=True)
        for pool in (self._cpu, self._io):
            if pool is not None:
                pool.shutdown(wait=True)
        self._cpu = self._io = self._processes = None

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        assert self._cpu is not None, "the hub is not started"
        return await asyncio.get_running_loop().run_in_executor(self._cpu, function, *args)

    async def _save(self, table: Table) -> None:
        assert self._io is not None, "the hub is not started"
        text = table.record_json()
        # shielded: a page that goes away while its move is saved must not cancel the write
        await asyncio.shield(
            asyncio.get_running_loop().run_in_executor(
                self._io, self.store.save_record, table.id, text
            )
        )

    @property
    def unfinished(self) -> int:
        return sum(not t.over for t in self.tables.values())

    # ------------------------------------------------------------------ tables

    def games(self) -> list[dict[str, Any]]:
        """The registered games, with what the start page offers for each."""
        out = []
        for name in sorted(GAMES):
            game = get_game(name)
            spec = game.spec
            options = {}
            for players in spec.allowed_players:
                try:
                    options[str(players)] = to_data(game.default_options(players))
                except RulesError:
                    continue
            out.append(
                {
                    "name": spec.name,
                    "title": spec.title,
                    "players": list(spec.allowed_players),
                    "default_players": game.num_players(
                        game.new_game(game.default_options(None), 0)
                    ),
                    "variants": list(spec.variants),
                    "description": spec.description,
                    "options": options,
                }
            )
        return out

    def agents(self) -> dict[str, Any]:
        """The agents a table may have: the offered specs and every known name."""
        return {"offered": list(DEFAULT_AGENTS), "known": known_agents()}

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        for p, seat in enumerate(table.seats):
            if seat.token is not None:
                self._tokens[seat.token] = (table, p)

    def _new_id(self, name: str) -> str:
        while True:
            table_id = f"{name}-{secrets.token_hex(4)}"
            if table_id not in self.tables and not self.store.record_path(table_id).exists():
                return table_id

    async def create(self, request: object, *, seed: int | None = None) -> dict[str, Any]:
        """A new table from the start page's request::

            {"game": "kashgar", "players": 2, "options": {"expansion": "all"},
             "seats": [{"person": "Alice"}, {"agent": "ismcts:iterations=100"}]}

        ``"position"`` (optional) is the text of a position of the title to start from
        (``silkroad position``) instead of the seeded setup. ``"hints"`` (optional, off by
        default): true, or a search budget, lets each person ask for a hint at their own
        decision (:meth:`hint`). Returns the table's id and one
        link (a path with its seat's secret token) per person. The seed is drawn by
        ``secrets`` unless given here (never by a page).

        :raises RequestError: naming what is wrong; no table is made.
        """
        if not isinstance(request, dict):
            raise RequestError("a table is asked for with an object: game, players, seats")
        if len(self.tables) >= self.settings.max_tables:
            raise RequestError(f"this server holds at most {self.settings.max_tables} tables", 503)
        unknown = set(request) - {"game", "players", "options", "seats", "position", "hints"}
        if unknown:
            raise RequestError(
                f"a table is asked for with game, players, options, seats, position and "
                f"hints; not {', '.join(sorted(map(str, unknown)))}"
            )
        hints = check_hints(request.get("hints"), self.settings.max_iterations)
        name = request.get("game")
        if not isinstance(name, str):
            raise RequestError("say which game: 'game' is a registered name")
        try:
            game = get_game(name)
        except UnknownGameError as exc:
            raise RequestError(str(exc)) from None
        seats_asked = request.get("seats")
        if not isinstance(seats_asked, list) or not seats_asked:
            raise RequestError("'seats' lists each seat: {'person': name} or {'agent': spec}")
        players = request.get("players", len(seats_asked))
        options = build_options(game, players, request.get("options"))
        seats: list[Seat] = []
        for p, asked in enumerate(seats_asked):
            if (
                not isinstance(asked, dict)
                or len(asked) != 1
                or not {"person", "agent"} & set(asked)
            ):
                raise RequestError(
                    f"seat {p}: either {{'person': name}} or {{'agent': spec}}, got {asked!r:.80}"
                )
            if "person" in asked:
                seats.append(Seat(clean_name(asked["person"], p), token=secrets.token_urlsafe(18)))
            else:
                spec = check_agent(asked["agent"], self.settings.max_iterations)
                seats.append(Seat(spec.split(":")[0], agent=spec))
        position = request.get("position")
        if position is not None and not isinstance(position, str):
            raise RequestError("'position' is the text of a position (TOML)")
        seed = secrets.randbits(63) if seed is None else seed
        table_id = self._new_id(game.spec.name)
        try:
            table = await self._run(
                functools.partial(
                    Table, table_id, game, options, seed, seats, position=position, hints=hints
                )
            )
        except RulesError as exc:
            raise RequestError(f"cannot set up the game: {exc}") from None
        assert self._io is not None
        await asyncio.get_running_loop().run_in_executor(self._io, self.store.add_table, table)
        self._add(table)
        self._drive(table)
        return {
            "table": table.id,
            "links": [
                {"seat": p, "label": table.labels[p], "url": f"/seat/{s.token}"}
                for p, s in enumerate(table.seats)
                if s.token is not None
            ],
        }

    def find(self, token: object) -> tuple[Table, int]:
        """The table and seat of a token.

        :raises RequestError: (404) for a token of no seat, saying nothing more.
        """
        found = self._tokens.get(token) if isinstance(token, str) else None
        if found is None:
            raise RequestError("no such seat", 404)
        return found

    # ------------------------------------------------------------------ moves

    async def move(self, table: Table, seat: int, text: object, at: object = None) -> int:
        """A person's move, checked by the engine, committed and saved; returns the
        number of decisions made after it.

        :raises Refused: with the reason (nothing changes).
        :raises RequestError: for a malformed request (nothing changes).
        """
        await self._commit(table, table.prepare(seat, text, at))
        self._drive(table)
        return table.at

    async def _commit(self, table: Table, step: Step) -> None:
        table.commit(step)
        self._notify(table)
        await self._save(table)

    def _drive(self, table: Table) -> None:
        """Let the agents play while one of them is to decide."""
        if table.id in self._drivers or table.agent_to_act() is None:
            return
        task = asyncio.get_running_loop().create_task(self._agents(table))
        self._drivers[table.id] = task
        task.add_done_callback(lambda _: self._drivers.pop(table.id, None))

    async def _agents(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while (seat := table.agent_to_act()) is not None:
            start = loop.time()
            try:
                step = await self._think(table, seat)
            except Exception as exc:  # an agent's bug stops its table, not the server
                _log.exception("table %s: the agent of seat %d failed", table.id, seat)
                table.problem = f"the agent of {table.labels[seat]} failed ({exc})"
                self._notify(table)
                return
            wait = self.settings.agent_delay - (loop.time() - start)
            if wait > 0:
                await asyncio.sleep(wait)
            await self._commit(table, step)

    async def _think(self, table: Table, seat: int) -> Step:
        """The agent's move, searched in a worker process when there are some and the
        game is known there, else in a thread."""
        name = table.game.spec.name
        if self._processes is None or name in self._local:
            return await self._run(table.think, seat)
        question = table.question(seat)
        state = table.state
        future = self._processes.submit(answer, question)
        try:
            move = await asyncio.wrap_future(future)
        except UnknownGameError:
            self._local.add(name)
            return await self._run(table.think, seat)
        return table.step(state, question.at, move)

    async def hint(self, table: Table, seat: int, at: object = None) -> dict[str, Any]:
        """The search's top moves for ``seat`` at its own decision (:meth:`Table.hint`),
        searched in a worker thread; answered to that seat alone.

        :raises RequestError: when the table gives no hints, or it is not the seat's
            decision.
        """
        return await self._run(table.hint, seat, at)

    # ------------------------------------------------------------------ pages

    def connect(self, table: Table, seat: int) -> Connection:
        connection = Connection()
        self._connections.setdefault((table.id, seat), set()).add(connection)
        return connection

    def disconnect(self, table: Table, seat: int, connection: Connection) -> None:
        found = self._connections.get((table.id, seat))
        if found is not None:
            found.discard(connection)
            if not found:  # nobody looks at the seat: its view is drawn again when asked
                del self._connections[(table.id, seat)]
                self._views.pop((table.id, seat), None)
                self._pictures.pop((table.id, seat), None)
                self._updates.pop((table.id, seat), None)

    @property
    def connections(self) -> int:
        return sum(map(len, self._connections.values()))

    def _notify(self, table: Table) -> None:
        for seat in table.people:
            for connection in self._connections.get((table.id, seat), ()):
                connection.dirty.set()

    def view(self, table: Table, seat: int) -> dict[str, Any]:
        """``seat``'s view now (drawn once per decision, however many pages ask)."""
        key = (table.id, seat)
        cached = self._views.get(key)
        if cached is None or cached[0] != table.at or table.problem is not None:
            cached = (table.at, table.view(seat))
            self._views[key] = cached
            pictures = self._pictures.setdefault(key, {})
            pictures[table.at] = cached[1]["picture"].split("\n")
            for old in sorted(pictures)[:-KEPT_PICTURES]:
                del pictures[old]
        return cached[1]

    def message(self, table: Table, seat: int, since: int = 0) -> dict[str, Any]:
        """What a seat's page is sent: the table, the seat's view and the lines of its
        log from ``since`` on."""
        view = self.view(table, seat)
        since = max(0, min(since, view["at"]))
        log = table.logs[seat][since : view["at"]]
        return {
            "type": "table",
            **table.header(seat),
            **view,
            "log_start": since,
            "log": log,
        }

    def update(self, table: Table, seat: int, shown: int | None, since: int) -> tuple[str, int]:
        """The message that brings a page of ``seat`` up to date, as JSON text, and the
        decision it shows then. A page that shows decision ``shown`` and has the seat's
        log up to line ``since`` gets an ``"update"``: the new decision (status, choices,
        result), the changed lines of the picture and the new log lines (see
        :func:`picture_patch`); a new page (``shown`` None), one whose picture is no
        longer kept, or any page of a stopped table gets the full ``"table"`` view.

        The text is made once per kind of page and decision, however many pages watch.
        """
        view = self.view(table, seat)
        at = view["at"]
        key = (table.id, seat)
        cached = self._updates.get(key)
        if cached is None or cached[0] != at:
            cached = (at, {})
            self._updates[key] = cached
        asked = (shown, since)
        text = cached[1].get(asked) if table.problem is None else None
        if text is None:
            before = None if shown is None else self._pictures.get(key, {}).get(shown)
            if shown is None or before is None or table.problem is not None or shown > at:
                message = self.message(table, seat, since)
            else:
                message = self._patch(table, seat, view, shown, before, since)
            text = json.dumps(message, separators=(",", ":"))
            if len(cached[1]) < MAX_UPDATE_KINDS:
                cached[1][asked] = text
        return text, at

    def _patch(
        self,
        table: Table,
        seat: int,
        view: dict[str, Any],
        shown: int,
        before: list[str],
        since: int,
    ) -> dict[str, Any]:
        at = view["at"]
        since = max(0, min(since, at))
        after = self._pictures[(table.id, seat)][at]
        return {
            "type": "update",
            "table": table.id,
            "seat": seat,
            "base": shown,
            **{k: view[k] for k in ("at", "to_act", "over", "status", "choices", "result")},
            "picture": {"lines": len(after), "patch": picture_patch(before, after)},
            "log_start": since,
            "log": table.logs[seat][since:at],
        }


#: How many of a seat's last pictures are kept to patch from.
KEPT_PICTURES = 4
#: The most kinds of page (decision shown, log lines had) whose update text is kept.
MAX_UPDATE_KINDS = 16


def picture_patch(before: list[str], after: list[str]) -> list[list[Any]]:
    """The changes from one picture to the next, line by line (each top-level group of a
    picture is a line of its own: :mod:`silkroad.core.svg`): ``[start, end, lines]``
    replaces lines ``start`` to ``end`` (not included) of the old picture by ``lines``;
    the changes are in order and apply from the last to the first, so that each start
    and end counts in the old picture. ``apply_patch(before, patch) == after``."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [[i1, i2, after[j1:j2]] for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"]


def apply_patch(before: list[str], patch: list[list[Any]]) -> list[str]:
    """The picture ``patch`` (:func:`picture_patch`) makes of ``before``, as a page
    applies it."""
    lines = list(before)
    for start, end, new in reversed(patch):
        lines[start:end] = new
    return lines
