"""What the fuzz tests share: the titles and their options, seeded playouts, JSON and
text mutations, the checks a loaded value must pass, and the budgets that bound a test.

Every fuzz test gives hostile input to a public entry point and asserts three things:
the input is refused with a ``RulesError`` subclass or works completely (no other
exception, a loaded state plays on), the input is unchanged, and the test ends within its
budget: ``DECISIONS`` decisions played from a loaded state, and a deadline guard
(``guard``) that stops a call that would run on (a loop over a million Vats, say), so a
hang fails the test instead of stalling the run.

The number of examples per test is ``SILKROAD_FUZZ_EXAMPLES`` (default 5, a few seconds
in the ordinary test run); ``make fuzz`` runs many more.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import random
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from silkroad.core.errors import IllegalMoveError, RulesError
from silkroad.core.game import AnyGame
from silkroad.core.registry import get_game
from silkroad.core.serialize import dumps

__all__ = [
    "DECISIONS",
    "EXAMPLES",
    "FUZZ",
    "TITLES",
    "Hang",
    "attempt",
    "drive",
    "game_options",
    "guard",
    "json_values",
    "mutate_json",
    "playout",
]

#: Examples per fuzz test: few in the ordinary run, many in ``make fuzz``.
EXAMPLES = int(os.environ.get("SILKROAD_FUZZ_EXAMPLES", "5"))
#: Decisions played from every state a fuzz test loads (the step budget).
DECISIONS = 25
#: Seconds one fuzzed input may take before the guard calls it a hang; far beyond what
#: any input needs (milliseconds), so only a loop that does not end trips it.
DEADLINE = 60.0

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # the guard bounds the time; hypothesis' deadline would be a timing test
    derandomize=EXAMPLES <= 20,  # the ordinary run is the same every time
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

TITLES = ("kashgar", "serica", "dunhuang")
SOURCE = Path(__file__).parents[2] / "src/silkroad"
_DUNHUANG_DATA = SOURCE / "dunhuang/data"


class Hang(AssertionError):
    """A call ran past the guard's deadline: a loop that does not end."""


@contextlib.contextmanager
def guard(seconds: float = DEADLINE) -> Iterator[None]:
    """Fail with :class:`Hang` if the block runs longer than ``seconds`` (a deadline guard,
    not a timing assertion: it only stops a run that would not end)."""

    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds:g} s: a loop that does not end")

    if not hasattr(signal, "setitimer"):  # pragma: no cover - not on this platform
        yield
        return
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@functools.cache
def game_options(title: str) -> tuple[Any, ...]:
    """Options of ``title`` to fuzz: every player count and variant, and options carrying
    their own data (so that saves and records hold card data to corrupt)."""
    game = get_game(title)
    if title == "kashgar":
        from silkroad.kashgar import Options
        from silkroad.kashgar.cards import DeckKind

        base = Options.create(3, expansion="all")
        return (
            Options.create(2),
            base,
            Options.create(4),
            base.with_deck(DeckKind.SPECIAL, base.card_data.special),
        )
    if title == "serica":
        import attrs

        base = game.default_options()
        return (base, attrs.evolve(base, coop=True), attrs.evolve(base, first_player=1))
    from silkroad.dunhuang import Options as DunhuangOptions

    tea = (("tea", (_DUNHUANG_DATA / "tea.toml").read_text(encoding="utf-8")),)
    return (
        DunhuangOptions(4),
        DunhuangOptions(3, ("wine", "jade", "bronze")),
        DunhuangOptions(4, ("sutra", "silver", "exotic-beauty"), promos=True),
        DunhuangOptions(1),
        DunhuangOptions(4, ("tea", "iron", "camel"), data=tea),
    )


@functools.lru_cache(maxsize=256)
def playout(title: str, option_index: int, seed: int) -> tuple[Any, ...]:
    """Every state of a seeded random game (cached: a fuzz test draws one of them)."""
    game = get_game(title)
    options = game_options(title)[option_index]
    state = game.new_game(options, seed)
    rng = random.Random(seed)
    states = [state]
    for _ in range(min(game.max_game_length(options), 2000)):
        legal = game.legal_moves(state)
        if not legal:
            break
        state = game.apply(state, rng.choice(legal))
        states.append(state)
    return tuple(states)


def states(title: str) -> st.SearchStrategy[Any]:
    """A state reached by a seeded random playout of ``title``."""
    count = len(game_options(title))

    @st.composite
    def draw(draw: st.DrawFn) -> Any:
        index = draw(st.integers(0, count - 1))
        seed = draw(st.integers(0, 7))
        trail = playout(title, index, seed)
        return trail[draw(st.integers(0, len(trail) - 1))]

    return draw()


def json_values() -> st.SearchStrategy[Any]:
    """Values a hostile hand writes into JSON: edges of every type, huge and negative
    numbers, other types, deep nesting."""
    scalars = st.one_of(
        st.integers(-10, 12),
        st.sampled_from([-1, 0, 1, 7, 99, 10_000, 10**6, 2**63, 2**64, -(2**64), 10**400]),
        st.booleans(),
        st.none(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
        st.sampled_from(["", "all", "none", "x", "silk", "over", "𝟘", "①"]),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)
        ),
        max_leaves=6,
    )


def mutate_json(draw: st.DrawFn, document: Any, *, changes: int = 3) -> Any:
    """``document`` (plain JSON data, copied) with one to ``changes`` hostile edits at
    places hypothesis picks: a value replaced, a key removed or added, a list item
    removed, repeated or swapped."""
    data = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, changes))):
        parent: Any = None
        key: Any = None
        node = data
        while isinstance(node, dict | list) and node and draw(st.integers(0, 3)):
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            parent, key = node, keys[draw(st.integers(0, len(keys) - 1))]
            node = node[key]
        if parent is None:
            if isinstance(data, dict) and data:
                keys = list(data)
                parent, key = data, keys[draw(st.integers(0, len(keys) - 1))]
            else:
                continue
        edit = draw(st.sampled_from(["set", "set", "set", "delete", "add", "repeat", "swap"]))
        if edit == "set" or (edit in ("repeat", "swap") and not isinstance(parent, list)):
            parent[key] = draw(json_values())
        elif edit == "delete":
            del parent[key]
        elif edit == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_values())
        elif edit == "add":
            parent.insert(key, draw(json_values()))
        elif edit == "repeat":
            parent.insert(key, json.loads(json.dumps(parent[key])))
        else:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
    return data


def attempt(call: Callable[..., Any], *args: Any) -> tuple[Any, RulesError | None]:
    """``call(*args)`` and no error, or no result and the ``RulesError`` it raised; any
    other exception propagates and fails the test (bad input is refused with a
    ``RulesError`` subclass, never a bare Python exception)."""
    try:
        return call(*args), None
    except RulesError as exc:
        return None, exc


def drive(game: AnyGame, state: Any, seed: int, budget: int = DECISIONS) -> int:
    """Play up to ``budget`` random decisions from ``state``, checking at each: legal moves
    exactly when the game is not over; every query of the contract works (the observation
    tensor of the player to act included); the chosen move
    applies, leaves its state unchanged and gives a state ``validate`` accepts; a move of
    another state or a garbage value is an ``IllegalMoveError``. Returns the decisions
    played."""
    rng = random.Random(seed)
    previous: Any = None
    for step in range(budget):
        legal = game.legal_moves(state)
        if game.is_over(state):
            assert not legal, "a game that is over has legal moves"
            game.scores(state)
            game.winners(state)
            game.outcome(state)
            return step
        assert legal, "a game not over has no legal move"
        assert game.current_player(state) is not None
        game.scores(state)
        game.render(state)
        mask = game.action_mask(state)
        assert sum(mask) == len(legal)
        for p in range(game.num_players(state)):
            game.observe(state, p)
        game.observation_tensor(game.observe(state, game.current_player(state)))
        move = rng.choice(legal)
        assert game.decode_move(state, game.encode_move(state, move)) == move
        assert game.parse_move(state, game.format_move(move)) == move
        before = dumps(state, game) if step == 0 else None
        after = game.apply(state, move)
        assert before is None or dumps(state, game) == before, "apply changed its input"
        game.validate(after)
        for stranger in (previous, object(), None):
            if stranger is not None and stranger in legal:
                continue
            try:
                game.apply(state, stranger)
            except IllegalMoveError:
                pass
            else:
                raise AssertionError(f"{stranger!r} applied in a state where it is not legal")
        previous, state = move, after
    return budget
