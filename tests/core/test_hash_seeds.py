"""Every text a seat, a record or a page gets is the same in every process: the outputs
of short games of each title (``texts_of_games.py``: event texts, move descriptions, the
text view, the pictures, positions, explanations, the observation's words, the saved
state) compared under two ``PYTHONHASHSEED`` values. Sets and maps keyed by strings
iterate in an order that follows the hash seed, so an output that walks one unsorted
differs between the two (a restarted table server sent "Gold Product 1 -> 2, Gold
Material 2 -> 1" for a move one process wrote the other way round)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("texts_of_games.py")


def _run(hash_seed: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.Popen(
        [sys.executable, str(SCRIPT)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


@pytest.mark.rule("DH-3.E", "KG-7", "SR-3")
def test_the_texts_of_a_game_do_not_depend_on_the_hash_seed() -> None:
    # 0 and 1 order the Iron pack's Material and Product differently in a Map
    runs = [_run(seed) for seed in ("0", "1")]
    outs = []
    for run in runs:
        out, err = run.communicate(timeout=600)
        assert run.returncode == 0, err.decode()
        outs.append(out.decode().splitlines())
    first, second = outs
    assert len(first) > 1000
    differ = [(a, b) for a, b in zip(first, second, strict=True) if a != b]
    assert not differ, f"{len(differ)} lines differ, the first: {differ[0]}"
