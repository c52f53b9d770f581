"""Golden replays: full seeded games saved as records and replayed move by move.

Regenerate (after a deliberate rules change, with a new ``rules_version``) with
``python -m tests.serica.test_replays`` from the project root.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.core.replay import Record, replay
from silkroad.core.rng import Rng
from silkroad.serica import GAME, Options, apply, is_over, legal_moves, new_game, scores

FOLDER = Path(__file__).parents[1] / "scenarios" / "serica"
GAMES = {
    "competitive-seed-1.json": (Options(), 1),
    "competitive-seed-2.json": (Options(first_player=1), 2),
    "coop-seed-3.json": (Options(coop=True), 3),
}


def _play(options: Options, seed: int) -> Record:
    state = new_game(options, seed)
    rng = Rng.from_seed(seed)
    moves = []
    while legal_moves(state):
        moves_now = legal_moves(state)
        index, rng = rng.randrange(len(moves_now))
        moves.append(moves_now[index])
        state = apply(state, moves_now[index])
    return Record.from_moves(GAME, options, seed, moves)


@pytest.mark.rule("SR-5", "SR-6", "SR-7")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_replay(name: str) -> None:
    record = Record.load(FOLDER / name, game=GAME)
    final = replay(record, game=GAME)
    assert is_over(final)
    assert record.result is not None
    assert record.result.scores == scores(final)
    options, seed = GAMES[name]
    assert record.options == options
    assert record.seed == seed
    assert _play(options, seed) == record  # the same seed still plays the same game


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, (options, seed) in GAMES.items():
        _play(options, seed).save(FOLDER / name, game=GAME)


if __name__ == "__main__":
    main()
