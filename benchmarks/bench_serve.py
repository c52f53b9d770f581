"""Load on the table server: many tables of agents playing at once, and people's pages.

Starts ``silkroad serve`` (uvicorn, one process) on a free port with a fresh folder, and
keeps ``--tables`` tables playing for ``--seconds``: ``--people-tables`` of them have two
people's seats and an agent (Dunhuang, 3 players), the others are agents only (Kashgar,
Serica and Dunhuang in turn); a table of agents that ends is replaced by a new one. The
people are ``2 * --people-tables`` WebSocket clients in this process (the ``websockets``
package), each a page of one seat: it waits ``--think`` seconds when it is to decide,
then sends one of its moves (chosen at random).

Measured: the time from a person's move being sent to the *other* person's page at that
table receiving the view after it (what the issue calls the other pages' update), and
to the mover's own page; the decisions made per second over all tables; the server
process's CPU time (with its worker processes), and the machine's load average (1 min)
at the end. Prints a Markdown table row per run::

    PYTHONPATH=src python benchmarks/bench_serve.py --tables 50 --people-tables 5 \\
        --agents ismcts:iterations=100 --seconds 60

With ``--watchers N`` it measures instead what an update costs when many pages watch one
table: one table of two people (``--watch-game``, Serica by default), ``N`` pages on its
two seats' links (half each; the first page of each seat plays it, answering after
``--think`` seconds), for ``--moves`` moves. Measured: the bytes of each message after a
page's first (the updates) and of the first (the full view), and the time from a move
being sent to each of the ``N`` pages receiving a message of the decision after it (p50,
p99, max over every move and page)::

    PYTHONPATH=src python benchmarks/bench_serve.py --watchers 200 --moves 40 --think 0.3

The pages are WebSocket clients in this process on the loopback only, at most
``MAX_WATCHERS`` of them, each bounded in time (``--seconds``). To compare two versions
of the server, run the same command with ``PYTHONPATH`` naming each version's ``src``
(the server is started as ``python -m silkroad.cli serve`` with this environment);
``--label`` names the version in the row.

Times are wall-clock: they include everything else the machine does, and are
measurements, not tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

#: The most pages ``--watchers`` opens.
MAX_WATCHERS = 500
#: The type and the decision of a message, read without parsing all of it.
_TYPE = re.compile(r'"type":\s*"(\w+)"')
_AT = re.compile(r'"at":\s*(\d+)')

#: The titles of the agents' tables, in turn: (game, players).
AGENT_TABLES = [("kashgar", 2), ("serica", 2), ("dunhuang", 3)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(base: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time so far of a process and its children (Linux /proc)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        child = int(stat.parent.name)
        parents[child] = int(fields[1])
        times[child] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    tree, grew = {pid}, True
    while grew:
        more = {c for c, p in parents.items() if p in tree} - tree
        grew = bool(more)
        tree |= more
    return sum(times.get(p, 0.0) for p in tree)


class Moves:
    """The people's moves in flight: when each was sent, by whom, and which pages of its
    table have shown it."""

    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], tuple[float, int]] = {}
        self.shown: dict[tuple[str, int], set[int]] = {}
        self.others: list[float] = []
        self.own: list[float] = []

    def send(self, table: str, after: int, seat: int) -> None:
        self.sent[(table, after)] = (time.perf_counter(), seat)
        self.shown[(table, after)] = set()

    def show(self, table: str, at: int, seat: int) -> None:
        now = time.perf_counter()
        for key, (when, mover) in list(self.sent.items()):
            if key[0] != table or at < key[1] or seat in self.shown[key]:
                continue
            (self.own if seat == mover else self.others).append(now - when)
            self.shown[key].add(seat)
            if len(self.shown[key]) == 2:  # both people's pages
                del self.sent[key], self.shown[key]


class Person:
    """A page of one seat: answers its decisions after about ``think`` seconds."""

    def __init__(self, url: str, think: float, rng: random.Random, moves: Moves) -> None:
        self.url, self.think, self.rng, self.moves = url, think, rng, moves
        self.pending: asyncio.Task[None] | None = None
        self.over = False

    async def run(self, stop: asyncio.Event) -> None:
        async with connect(self.url, max_size=None) as ws:
            try:
                await self.read(ws, stop)
            finally:
                if self.pending is not None:
                    self.pending.cancel()

    async def read(self, ws: Any, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            view = json.loads(text)
            if view["type"] != "table":
                continue
            self.moves.show(view["table"], view["at"], view["seat"])
            if view["over"]:
                self.over = True
                return
            if view["choices"] and (self.pending is None or self.pending.done()):
                self.pending = asyncio.ensure_future(self.answer(ws, view))

    async def answer(self, ws: Any, view: dict[str, Any]) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        move = self.rng.choice(view["choices"])["move"]
        self.moves.send(view["table"], view["at"] + 1, view["seat"])
        await ws.send(json.dumps({"type": "move", "move": move, "at": view["at"]}))


def decisions(folder: Path) -> tuple[int, set[str]]:
    """Decisions saved in every record of the folder, and the unfinished tables."""
    total, open_ = 0, set()
    for path in folder.glob("*.json"):
        try:
            data = json.loads(path.read_text())["data"]
        except (OSError, ValueError, KeyError):
            continue  # being replaced right now
        total += len(data["moves"])
        if data["result"] is None:
            open_.add(path.stem)
    return total, open_


async def measure(args: argparse.Namespace, base: str, folder: Path, pid: int) -> dict[str, Any]:
    rng = random.Random(args.seed)
    agents: set[str] = set()
    made = 0

    def new_agent_table() -> None:
        nonlocal made
        game, players = AGENT_TABLES[made % len(AGENT_TABLES)]
        made += 1
        answer = post(base, "/api/tables", {
            "game": game, "players": players,
            "seats": [{"agent": args.agents}] * players,
        })  # fmt: skip
        agents.add(answer["table"])

    for _ in range(args.tables - args.people_tables):
        new_agent_table()
    moves = Moves()
    people: list[Person] = []
    for _ in range(args.people_tables):
        answer = post(base, "/api/tables", {
            "game": "dunhuang", "players": 3,
            "seats": [{"person": "A"}, {"person": "B"}, {"agent": args.agents}],
        })  # fmt: skip
        for link in answer["links"]:
            url = base.replace("http", "ws", 1) + link["url"].replace("/seat/", "/ws/")
            people.append(Person(url, args.think, random.Random(rng.random()), moves))
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(p.run(stop)) for p in people]
    start_decisions, _ = decisions(folder)
    start_cpu, start = cpu_seconds(pid), time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        await asyncio.sleep(1.0)
        _, unfinished = decisions(folder)
        for table in list(agents - unfinished):
            agents.discard(table)
            new_agent_table()  # keep the tables playing
    seconds = time.perf_counter() - start
    cpu = cpu_seconds(pid) - start_cpu
    load = os.getloadavg()[0]
    end_decisions, unfinished = decisions(folder)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    playing = len(agents & unfinished) + sum(not p.over for p in people[::2])
    return {
        "seconds": seconds,
        "decisions": end_decisions - start_decisions,
        "cpu": cpu,
        "others": moves.others,
        "own": moves.own,
        "tables_made": made + args.people_tables,
        "playing": playing,
        "pages": len(people),
        "load": load,
    }


async def watch(args: argparse.Namespace, base: str) -> dict[str, Any]:
    """``--watchers``: many pages of one table of two people (see the module docstring)."""
    answer = post(base, "/api/tables", {
        "game": args.watch_game, "players": 2,
        "seats": [{"person": "A"}, {"person": "B"}],
    })  # fmt: skip
    urls = [
        base.replace("http", "ws", 1) + link["url"].replace("/seat/", "/ws/")
        for link in answer["links"]
    ]
    rng = random.Random(args.seed)
    sent: dict[int, float] = {}
    latencies: list[float] = []
    updates: list[int] = []
    firsts: list[int] = []
    ready = asyncio.Event()
    done = asyncio.Event()
    connected = 0
    moves = 0
    deadline = time.perf_counter() + args.seconds

    async def play(ws: Any, view: dict[str, Any]) -> None:
        nonlocal moves
        await ready.wait()
        await asyncio.sleep(args.think)
        if done.is_set():
            return
        move = rng.choice(view["choices"])["move"]
        sent[view["at"] + 1] = time.perf_counter()
        moves += 1
        await ws.send(json.dumps({"type": "move", "move": move, "at": view["at"]}))

    async def page(index: int, url: str) -> None:
        nonlocal connected
        player = index < 2
        shown = -1
        pending: asyncio.Task[None] | None = None
        async with connect(url, max_size=None) as ws:
            while not done.is_set() and time.perf_counter() < deadline:
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.5)
                except TimeoutError:
                    continue
                now = time.perf_counter()
                kind = _TYPE.search(text)
                found = _AT.search(text)
                if kind is None or kind.group(1) not in ("table", "update") or found is None:
                    continue
                at = int(found.group(1))
                if shown < 0:
                    firsts.append(len(text.encode()))
                    connected += 1
                    if connected == len(urls_all):
                        ready.set()
                else:
                    updates.append(len(text.encode()))
                for k in range(shown + 1, at + 1):
                    if k in sent:
                        latencies.append(now - sent[k])
                shown = at
                if player:
                    view = json.loads(text)
                    if view["over"] or moves >= args.moves:
                        done.set()
                    elif view["choices"] and (pending is None or pending.done()):
                        pending = asyncio.ensure_future(play(ws, view))
        if pending is not None:
            pending.cancel()

    count = min(args.watchers, MAX_WATCHERS)
    urls_all = [urls[i % 2] for i in range(count)]
    start = time.perf_counter()
    await asyncio.gather(*(page(i, url) for i, url in enumerate(urls_all)), return_exceptions=True)
    return {
        "seconds": time.perf_counter() - start,
        "pages": count,
        "moves": moves,
        "latencies": latencies,
        "updates": updates,
        "firsts": firsts,
        "load": os.getloadavg()[0],
    }


def ms(values: Sequence[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.0f}"


def print_watch(args: argparse.Namespace, found: dict[str, Any]) -> None:
    if args.header:
        print(
            "| server | pages | moves | first view, bytes | update, bytes (mean) "
            "| move to every page: p50 / p99 / max ms | page-updates timed | load average |"
        )
        print("|---|---|---|---|---|---|---|---|")
    late, sizes = found["latencies"], found["updates"]
    first = statistics.fmean(found["firsts"]) if found["firsts"] else 0
    mean = statistics.fmean(sizes) if sizes else 0
    print(
        f"| {args.label or '-'} | {found['pages']} | {found['moves']} | {first:,.0f} "
        f"| {mean:,.0f} | {ms(late, 0.5)} / {ms(late, 0.99)} / "
        f"{1000 * max(late, default=0):.0f} | {len(late)} | {found['load']:.1f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables playing (default 50)")
    parser.add_argument(
        "--people-tables",
        type=int,
        default=5,
        help="tables with two people's pages (default 5: 10 pages)",
    )
    parser.add_argument("--agents", default="ismcts:iterations=100", help="the agents' spec")
    parser.add_argument("--agent-delay", type=float, default=0.5, help="the server's (0.5)")
    parser.add_argument("--workers", type=int, default=4, help="the server's threads (4)")
    parser.add_argument(
        "--processes", type=int, default=2, help="the server's agent processes (2; 0: threads)"
    )
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean pause (1 s)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure")
    parser.add_argument("--seed", type=int, default=36, help="the people's choices")
    parser.add_argument("--header", action="store_true", help="print the table's header")
    parser.add_argument(
        "--watchers", type=int, default=0, help="pages watching one table of two people"
    )
    parser.add_argument("--watch-game", default="serica", help="its game (default serica)")
    parser.add_argument("--moves", type=int, default=40, help="its moves (default 40)")
    parser.add_argument("--label", default="", help="the version of the server, for the row")
    args = parser.parse_args(argv)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        folder = Path(tmp) / "tables"
        server = subprocess.Popen(
            [
                sys.executable, "-m", "silkroad.cli", "serve", "--port", str(port),
                "--folder", str(folder), "--agent-delay", str(args.agent_delay),
                "--workers", str(args.workers), "--agent-processes", str(args.processes),
            ],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            for _ in range(400):
                try:
                    urllib.request.urlopen(base + "/", timeout=2).close()
                    break
                except OSError:
                    time.sleep(0.05)
            if args.watchers:
                found = asyncio.run(watch(args, base))
            else:
                found = asyncio.run(measure(args, base, folder, server.pid))
        finally:
            server.terminate()
            server.wait(30)
    if args.watchers:
        print_watch(args, found)
        return 0
    if args.header:
        print(
            "| tables playing | pages | agents | agent delay | searched in | decisions/s "
            "| other page: median / 90% / 99% / max ms | own page: median ms | moves timed "
            "| server CPU | load average |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|")
    others, own = found["others"], found["own"]
    where = f"{args.processes} processes" if args.processes else f"{args.workers} threads"
    print(
        f"| {args.tables} ({found['tables_made']} in all) | {found['pages']} | `{args.agents}` "
        f"| {args.agent_delay} s | {where} | {found['decisions'] / found['seconds']:.1f} "
        f"| {ms(others, 0.5)} / {ms(others, 0.9)} / {ms(others, 0.99)} / "
        f"{1000 * max(others, default=0):.0f} | {ms(own, 0.5)} | {len(others)} "
        f"| {100 * found['cpu'] / found['seconds']:.0f}% of a core | {found['load']:.1f} |"
    )
    if others:
        print(
            f"(mean other-page latency {1000 * statistics.fmean(others):.1f} ms)", file=sys.stderr
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
