"""Short records of each title for the analysis tests, played once per session."""

from __future__ import annotations

import functools

import silkroad
from silkroad.core.replay import Record
from silkroad.core.rng import Rng

#: (title, players, seed, decisions kept): a few decisions each, so a search of a few
#: iterations per decision keeps every test fast.
TITLES = {
    "kashgar": ("kashgar", 2, 11, 8),
    "serica": ("serica", 2, 12, 8),
    "dunhuang": ("dunhuang", 3, 13, 8),
}

#: A tiny budget: enough to visit every choice of these decisions (at most 9) once.
ITERATIONS = 12


@functools.cache
def short_record(key: str) -> Record:
    """The first decisions of a seeded game, each move drawn at random, as a record."""
    name, players, seed, keep = TITLES[key]
    game = silkroad.get_game(name)
    options = game.default_options(players)
    state = game.new_game(options, seed)
    rng = Rng.from_seed(seed)
    moves = []
    for _ in range(keep):
        move, rng = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.apply(state, move)
    return Record.from_moves(game, options, seed, moves)
