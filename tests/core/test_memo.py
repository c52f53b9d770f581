"""The single-slot caches of the rules (:mod:`silkroad.core.memo`): one pattern, listed
and cleared in one place, and right under threads: many threads applying moves to shared
states get exactly what one thread gets."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import silkroad
from silkroad.core.memo import NOTHING, LastValue, clear_memos, memos

TITLES = [("kashgar", 3), ("serica", 2), ("dunhuang", 4)]


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Threads switch as often as the interpreter lets them (the worst interleaving)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def _line(game: Any, options: Any, seed: int) -> tuple[list[Any], list[Any]]:
    """The states of a seeded random game and the move chosen in each."""
    state = game.new_game(options, seed)
    rng = random.Random(seed)
    states, moves = [], []
    while not game.is_over(state):
        legal = game.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        states.append(state)
        moves.append(move)
        state = game.apply(state, move)
    return states, moves


@pytest.mark.usefixtures("busy_switching")
@pytest.mark.parametrize(("name", "players"), TITLES)
def test_threads_applying_moves_to_shared_states_get_the_single_threaded_results(
    name: str, players: int
) -> None:
    game = silkroad.get_game(name)
    options = game.default_options(players)
    states, moves = _line(game, options, seed=5)
    states = states[:120]
    expected = [
        (game.legal_moves(s), game.apply(s, m), game.observe(s, 0), game.evaluate(s, 0))
        for s, m in zip(states, moves, strict=False)
    ]
    clear_memos()
    problems: list[str] = []

    def work(offset: int) -> None:
        order = list(range(len(states)))
        random.Random(offset).shuffle(order)  # each thread asks about the states in its order
        for i in order:
            s = states[i]
            got = (
                game.legal_moves(s),
                game.apply(s, moves[i]),
                game.observe(s, 0),
                game.evaluate(s, 0),
            )
            if got != expected[i]:
                problems.append(f"thread {offset}, state {i}")
            game.determinize(got[2], offset)  # the observation caches too

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert problems == []


def test_every_cache_of_the_rules_is_a_listed_last_value() -> None:
    for name, _ in TITLES:
        silkroad.get_game(name)
    names = [m.name for m in memos()]
    assert len(names) == len(set(names))
    # each says what it remembers, "Title: words" (its empty value is no name)
    assert [n for n in names if not (isinstance(n, str) and ": " in n)] == []
    for title in ("Kashgar", "Serica", "Dunhuang"):
        assert any(n.startswith(f"{title}: ") for n in names), title


def test_a_last_value_answers_for_its_key_only_and_clears() -> None:
    memo = LastValue[object, int]("test: a number", 0)
    key = object()
    assert memo.pair == (NOTHING, 0)
    memo.pair = (key, 7)
    remembered, value = memo.pair
    assert remembered is key
    assert value == 7
    assert memo.pair[0] is not object()
    clear_memos()
    assert memo.pair == (NOTHING, 0)
    assert memo in memos()
    assert repr(memo) == "LastValue('test: a number')"
