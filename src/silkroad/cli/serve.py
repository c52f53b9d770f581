"""``silkroad serve``: a table server for people at different screens."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from typing import TYPE_CHECKING

from rich.console import Console

from silkroad.cli.common import UsageError, float_range, int_range
from silkroad.cli.report import WORKERS_PER_CPU

if TYPE_CHECKING:
    from silkroad.serve import Hub

HELP = "serve tables in the browser: people at different screens, agents on the server"
DESCRIPTION = (
    "Start a local web server (extra 'serve': pip install 'silkroad[serve]'). Its start "
    "page creates a table of any registered title: its options and, for each seat, a "
    "person or an agent with its settings. Each person gets a secret link to their seat, "
    "whose page shows only what that seat may see and updates itself after every "
    "decision. Every table is saved in --folder after each decision (a record that "
    "'silkroad replay' and 'silkroad view' read); a restarted server resumes every "
    "unfinished table with the same links."
)
EXAMPLES = [
    "silkroad serve",
    "silkroad serve --port 8080 --folder playtest",
    "silkroad serve --host 0.0.0.0 --agent-delay 1   # reachable from other machines",
]


#: The most threads for agents' searches (more only wait for a core).
MAX_THREADS = 64
#: The largest search budget a server may allow a table's agent (about a minute of
#: ISMCTS on one decision of the slowest title).
MAX_SEARCH = 1_000_000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only)",
    )
    p.add_argument("--port", type=int_range(0, 65535), default=8000, help="the port (default 8000)")
    p.add_argument(
        "--folder",
        default="tables",
        help="where the tables' records and the seats' links are kept (default ./tables)",
    )
    p.add_argument(
        "--agent-delay",
        type=float_range(0, 60, unit="seconds"),
        default=0.5,
        metavar="SECONDS",
        help="the least time between an agent's decisions, so people can follow (default 0.5)",
    )
    p.add_argument(
        "--workers",
        type=int_range(1, MAX_THREADS),
        default=4,
        help="threads for the agents' searches without worker processes (default 4)",
    )
    p.add_argument(
        "--agent-processes",
        type=int_range(0, WORKERS_PER_CPU * (os.cpu_count() or 1)),
        default=min(4, os.cpu_count() or 1),
        metavar="N",
        help="worker processes for the agents' searches, so they use every core while the "
        "server answers pages (default: the CPUs, at most 4; 0: threads only)",
    )
    p.add_argument(
        "--max-iterations",
        type=int_range(1, MAX_SEARCH),
        default=2000,
        help="the largest search budget a table may give an agent (default 2000)",
    )


def run(args: argparse.Namespace, out: Console) -> int:
    try:
        from silkroad.serve import Settings, serve
    except ImportError as exc:
        raise UsageError(
            f"silkroad serve needs the 'serve' extra ({exc.name} is missing): "
            "pip install 'silkroad[serve]'"
        ) from None
    settings = Settings(
        folder=args.folder,
        agent_delay=args.agent_delay,
        workers=args.workers,
        processes=args.agent_processes,
        max_iterations=args.max_iterations,
    )
    host = f"[{args.host}]" if ":" in args.host else args.host

    def started(hub: Hub) -> None:
        out.print(
            f"Serving on http://{host}:{args.port}/ : open it to create a table. Tables are "
            f"saved in {settings.folder} ({len(hub.tables)} resumed, {hub.unfinished} "
            "unfinished). Ctrl-C stops.",
            highlight=False,
            markup=False,
        )

    # The server's own lines (a table not resumed, a request refused) go to standard
    # error once each, one line apiece.
    log = logging.getLogger("silkroad.serve")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("silkroad serve: %(message)s"))
    log.addHandler(handler)
    propagate, log.propagate = log.propagate, False
    try:
        with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops cleanly, re-raises it
            serve(settings, args.host, args.port, on_start=started)
    finally:
        log.removeHandler(handler)
        log.propagate = propagate
    out.print(f"Stopped. The tables are saved in {settings.folder}.", highlight=False, markup=False)
    return 0
