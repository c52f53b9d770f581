"""Speed-up of tournaments over processes and over Ray, on this machine.

Run: ``python benchmarks/bench_scaling.py [GAME] [GAMES]`` (default: dunhuang, 400 games).
Plays the same seeded tournament of random agents with 1 local worker, with one local
worker per CPU, and on a local Ray instance with one CPU per core, checks that the three
give the same results, and prints wall-clock times and speed-ups. A measurement only.
"""

from __future__ import annotations

import os
import sys
import time

from silkroad.arena.tournament import run_tournament
from silkroad.core.registry import get_game


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "dunhuang"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    game = get_game(name)
    options = game.default_options()
    seats = game.num_players(game.new_game(options, 0))
    agents = ["random"] * seats
    seeds = list(range(games))
    cores = os.cpu_count() or 1

    def timed(**kwargs: object) -> tuple[float, list[object]]:
        start = time.perf_counter()
        results = run_tournament(game, options, seeds, agents, **kwargs)  # type: ignore[arg-type]
        return time.perf_counter() - start, list(results)

    base, reference = timed(workers=1)
    rows = [("local, 1 worker", base)]
    local, results = timed(workers=cores)
    assert results == reference
    rows.append((f"local, {cores} workers", local))
    import ray

    ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False)
    try:
        timed(backend="ray", batch_size=16)  # warm the workers
        remote, results = timed(backend="ray", batch_size=16)
    finally:
        ray.shutdown()
    assert results == reference
    rows.append((f"ray, {cores} CPUs (warm)", remote))
    print(f"{name}: {games} games of random agents, {cores} cores")
    for label, seconds in rows:
        print(f"  {label:24} {seconds:7.2f} s   speed-up {base / seconds:4.2f}x")


if __name__ == "__main__":
    main()
