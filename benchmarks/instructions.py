"""Instructions per decision, counted by callgrind: a measure of speed that the machine's
load does not move.

Each measurement runs seeded random playouts under ``valgrind --tool=callgrind`` twice,
``--games`` games and ``--base`` games (game ``i`` is seeded ``i`` and its moves are
chosen by ``random.Random(i)``), and divides the difference of the two instruction
counts by the difference of their decisions, so that the interpreter's start, the
imports and the set-up of the first game cancel. python-chess's random plies are counted
the same way (capped at 300 plies a game) as the reference.

    python benchmarks/instructions.py                      # every title and python-chess
    python benchmarks/instructions.py kashgar --players 3  # one title, one count
    python benchmarks/instructions.py serica --annotate 20 # and the 20 costliest functions
                                                           # (per decision, set-up cancelled)
    python benchmarks/instructions.py serica --option coop=True
    python benchmarks/instructions.py dunhuang --ismcts    # instructions per ISMCTS iteration

With ``--ismcts`` the unit is one iteration of :class:`ISMCTSAgent` at its default
settings (the title's rollout depth): every ``--every``-th decision with a choice in the
random playouts of games ``0 .. --positions - 1`` is searched from the observation of the
player to act, ``--games`` iterations a search in the long run and ``--base`` in the short
one, so that the playouts, the observations and each search's set-up cancel.

Needs ``valgrind`` (Debian: ``apt-get install valgrind``); under it a measurement takes
about a minute. Never run by the tests.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

#: The playout each measurement counts: prints the decisions it made.
PLAYOUT = """
import random, sys
import attrs
import silkroad
game = silkroad.get_game(__TITLE__)
given = __OPTIONS__
options = game.default_options(given.pop("players", None))
options = attrs.evolve(options, **given)
decisions = 0
for i in range(__GAMES__):
    rng = random.Random(i)
    state = game.new_game(options, i)
    moves = game.legal_moves(state)
    while moves:
        state = game.apply(state, moves[rng.randrange(len(moves))])
        decisions += 1
        moves = game.legal_moves(state)
print(decisions)
"""

CHESS = """
import random
import chess
plies = 0
for i in range(__GAMES__):
    rng = random.Random(i)
    board = chess.Board()
    for _ in range(300):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(moves[rng.randrange(len(moves))])
        plies += 1
print(plies)
"""

#: The searches of ``--ismcts``: prints the iterations they ran.
SEARCH = """
import random, sys
import attrs
import silkroad
from silkroad.agents.ismcts import ISMCTSAgent
game = silkroad.get_game(__TITLE__)
given = __OPTIONS__
options = game.default_options(given.pop("players", None))
options = attrs.evolve(options, **given)
iterations = 0
for i in range(__POSITIONS__):
    rng = random.Random(i)
    state = game.new_game(options, i)
    moves = game.legal_moves(state)
    choices = 0
    while moves:
        if len(moves) > 1:
            choices += 1
            if choices % __EVERY__ == 0:
                player = game.current_player(state)
                agent = ISMCTSAgent(i, iterations=__GAMES__)
                agent.choose(game, game.observe(state, player), moves)
                iterations += __GAMES__
        state = game.apply(state, moves[rng.randrange(len(moves))])
        moves = game.legal_moves(state)
print(iterations)
"""

#: The default configurations: each title at the player count the docs quote.
CONFIGURATIONS = {"kashgar": {"players": 3}, "serica": {}, "dunhuang": {"players": 3}}


def count(script: str, out: Path) -> tuple[int, int]:
    """Run ``script`` under callgrind: (instructions, the number it printed)."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-c",
            script,
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    totals = re.search(r"^(?:summary|totals):\s+(\d+)", out.read_text(), re.MULTILINE)
    if totals is None:
        raise SystemExit(f"no instruction count in {out}")
    return int(totals.group(1)), int(done.stdout.split()[-1])


def functions(out: Path) -> dict[str, int]:
    """The instructions callgrind counted in each function (its own, callees not included)
    of the run whose output file is ``out``."""
    shown = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--threshold=100", str(out)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    costs: dict[str, int] = {}
    for line in shown.splitlines():
        found = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.+?)\s*$", line)
        if found and not found.group(2).startswith("PROGRAM TOTALS"):
            # "/build/Python/ceval.c:_PyEval_EvalFrameDefault [libpython.so]" -> "ceval.c:..."
            where, _, function = re.sub(r"\s*\[[^]]*\]$", "", found.group(2)).rpartition(":")
            name = f"{Path(where).name}:{function}" if where else function
            costs[name] = costs.get(name, 0) + int(found.group(1).replace(",", ""))
    return costs


def costliest(many: Path, small: Path, decided: int, top: int) -> list[str]:
    """The ``top`` functions that cost the most per decision: each function's count in the
    short run taken from its count in the long run (imports and set-up cancel, as in the
    total), divided by the decisions between them."""
    long_run, short_run = functions(many), functions(small)
    per = {name: (cost - short_run.get(name, 0)) / decided for name, cost in long_run.items()}
    ranked = sorted(per.items(), key=lambda item: -item[1])[:top]
    return [f"{cost / 1000:9.2f}k  {name}" for name, cost in ranked]


def measure(script: str, games: int, base: int, annotate: int) -> tuple[float, int]:
    """Instructions per decision of ``script`` (``__GAMES__`` replaced by the games), and the
    decisions the difference counted; prints the ``annotate`` costliest functions (their
    own instructions per decision) if asked."""
    with tempfile.TemporaryDirectory() as folder:
        many, small = Path(folder, "many.out"), Path(folder, "base.out")
        instructions, decisions = count(script.replace("__GAMES__", str(games)), many)
        base_instructions, base_decisions = count(script.replace("__GAMES__", str(base)), small)
        decided = decisions - base_decisions
        if annotate:
            print("instructions per decision, each function's own (callgrind_annotate):")
            print("\n".join(costliest(many, small, decided, annotate)))
    return (instructions - base_instructions) / decided, decided


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("titles", nargs="*", help="titles to count (default: all three)")
    parser.add_argument("--players", type=int, help="the player count (default: as quoted)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="another option, its value a Python literal (--option coop=True)",
    )
    parser.add_argument("--games", type=int, default=12, help="games of the long run (12)")
    parser.add_argument("--base", type=int, default=2, help="games of the short run (2)")
    parser.add_argument("--annotate", type=int, default=0, metavar="N", help="top N functions")
    parser.add_argument("--no-chess", action="store_true", help="skip python-chess")
    parser.add_argument(
        "--ismcts",
        action="store_true",
        help="count ISMCTS iterations instead (--games and --base: iterations a search)",
    )
    parser.add_argument(
        "--positions", type=int, default=2, help="--ismcts: games searched along (2)"
    )
    parser.add_argument(
        "--every", type=int, default=10, help="--ismcts: every Nth choice searched (10)"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    if not 0 <= args.base < args.games:
        parser.error("--base must be below --games")
    chess_per_ply = None
    if args.ismcts:
        args.no_chess = True
    if not args.no_chess:
        try:
            import chess  # noqa: F401
        except ImportError:
            print("python-chess is missing (pip install 'silkroad[bench]'): no reference")
        else:
            chess_per_ply, plies = measure(CHESS, args.games, args.base, args.annotate)
            print(f"python-chess: {chess_per_ply / 1000:.1f}k instructions per ply ({plies} plies)")
    for title in args.titles or list(CONFIGURATIONS):
        options = dict(CONFIGURATIONS.get(title, {}))
        if args.players is not None:
            options["players"] = args.players
        for item in args.option:
            key, _, value = item.partition("=")
            options[key.strip()] = ast.literal_eval(value.strip())
        script = (SEARCH if args.ismcts else PLAYOUT).replace("__TITLE__", repr(title))
        script = script.replace("__OPTIONS__", repr(options))
        script = script.replace("__POSITIONS__", str(args.positions))
        script = script.replace("__EVERY__", str(args.every))
        per, decided = measure(script, args.games, args.base, args.annotate)
        label = ", ".join(f"{k} {v}" for k, v in options.items())
        ratio = "" if chess_per_ply is None else f", {chess_per_ply / per:.2f}x python-chess"
        unit = "ISMCTS iteration" if args.ismcts else "decision"
        print(
            f"{title}{f' ({label})' if label else ''}: {per / 1000:.1f}k instructions per "
            f"{unit} ({decided} {unit}s){ratio}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
