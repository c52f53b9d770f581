"""Short records of each title for the analysis tests, played once per session."""

from __future__ import annotations

import functools

import silkroad
from silkroad.core.replay import Record, states
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


def twin_records(key: str) -> tuple[Record, Record, int]:
    """Two records that differ only in what the deciding seat p could not see: one
    from a position of the game, the other from a state dealt anew from p's
    observation of it (other hands, deck order); with p's next decisions, up to the
    first that shows p something new (a card drawn: then the two games part)."""
    record = short_record(key)
    game = silkroad.get_game(record.game)
    every = list(states(record, game))
    index = 1
    state = every[index]
    p = game.current_player(state)
    assert p is not None
    twin = game.determinize(game.observe(state, p), 987_654_321)
    assert twin != state  # something p cannot see differs
    assert game.observe(twin, p) == game.observe(state, p)
    moves = []
    a, b = state, twin
    for move in record.moves[index:]:
        if game.current_player(a) != p or game.observe(a, p) != game.observe(b, p):
            break
        moves.append(move)
        a, b = game.apply(a, move), game.apply(b, move)
    assert moves
    one = Record.from_moves(game, record.options, 0, moves, position=game.to_position(state))
    two = Record.from_moves(game, record.options, 0, moves, position=game.to_position(twin))
    assert one.initial_state(game) != two.initial_state(game)
    return one, two, p
