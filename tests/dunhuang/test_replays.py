"""Golden replays: full seeded games saved as records under tests/scenarios/dunhuang/.

Regenerate (after a deliberate rules change) with::

    PYTHONPATH=src python -m tests.dunhuang.test_replays
"""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.core.replay import Record, replay
from silkroad.core.rng import Rng
from silkroad.dunhuang import GAME, Options, apply, legal_moves, new_game, scores

FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "dunhuang"
GOLDEN = {
    "4p-silk-gold-tea-seed1.json": (Options(4), 1),
    "3p-silk-gold-tea-seed2.json": (Options(3), 2),
    "4p-china-gold-tea-seed3.json": (Options(4, ("china", "gold", "tea")), 3),
    "3p-silk-china-tea-seed4.json": (Options(3, ("silk", "china", "tea")), 4),
    # [DH-6.2] solitaire, the two packs drawn from the seed
    "1p-solitaire-seed5.json": (Options(1), 5),
    # [DH-8] [DH-9] the promo characters and tiles of the packs in play
    "4p-promos-bronze-sutra-wine-seed6.json": (
        Options(4, ("bronze", "sutra", "wine"), promos=True),
        6,
    ),
}


def _record(options: Options, seed: int) -> Record:
    state = new_game(options, seed)
    rng = Rng.from_seed(seed * 7919)
    moves = []
    while legal_moves(state):
        options_now = legal_moves(state)
        i, rng = rng.randrange(len(options_now))
        moves.append(options_now[i])
        state = apply(state, options_now[i])
    return Record.from_moves(GAME, options, seed, moves)


@pytest.mark.rule("DH-4")
@pytest.mark.rule("DH-6.2")
@pytest.mark.rule("DH-8")
@pytest.mark.rule("DH-9")
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_replay(name: str) -> None:
    record = Record.load(FOLDER / name, game=GAME)
    options, seed = GOLDEN[name]
    assert (record.options, record.seed) == (options, seed)
    final = replay(record, GAME)  # raises if any move or the result differs
    assert record.result is not None
    assert record.result.scores == scores(final)
    assert record == _record(options, seed)  # today's rules give the same game


if __name__ == "__main__":  # pragma: no cover
    FOLDER.mkdir(parents=True, exist_ok=True)
    for file, (opts, s) in GOLDEN.items():
        _record(opts, s).save(FOLDER / file, game=GAME)
        print("wrote", FOLDER / file)
