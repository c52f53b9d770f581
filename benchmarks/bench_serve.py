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

Times are wall-clock: they include everything else the machine does, and are
measurements, not tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
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


def ms(values: Sequence[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.0f}"


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
            found = asyncio.run(measure(args, base, folder, server.pid))
        finally:
            server.terminate()
            server.wait(30)
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
