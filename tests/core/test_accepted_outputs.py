"""Every output a user reads works on every state ``validate`` accepts, in every title:
states spliced from two reachable states of a game (one field, or one player's field, of
the other) that ``validate`` accepts are read by the tensor, the text view, the pictures,
the move descriptions, explain, the position round trip and the observation's words, and
every legal move of them applies to a state ``validate`` accepts; anything else raises a
``RulesError`` only."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import silkroad
from silkroad.core.errors import RulesError

#: (title, options changes): options whose states hold frames, queues and pack decisions.
CONFIGURATIONS = [
    ("dunhuang", {"players": 4, "packs": ("jade", "iron", "exotic-beauty")}),
    ("dunhuang", {"players": 3, "packs": ("bronze", "tea", "wine")}),
    ("kashgar", {"players": 3}),
    ("serica", {}),
]


def _states(game: Any, options: Any, seed: int, every: int) -> list[Any]:
    state = game.new_game(options, seed)
    rng = random.Random(seed)
    out = []
    number = 0
    while not game.is_over(state) and len(out) < 6:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        number += 1
        if number % every == 0:
            out.append(state)
    return out


def _spliced(a: Any, b: Any) -> Iterator[Any]:
    """``a`` with one field of ``b``, and with one field of one player of ``b``."""
    for f in attrs.fields(type(a)):
        if f.name in ("options", "rng"):
            continue
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x != y:
            yield attrs.evolve(a, **{f.name: y})
        if (
            isinstance(x, tuple)
            and len(x) == len(y)
            and x
            and attrs.has(type(x[0]))
            and type(x[0]) is type(y[0])
        ):
            for p, (mine, theirs) in enumerate(zip(x, y, strict=True)):
                for g in attrs.fields(type(mine)):
                    if getattr(mine, g.name) != getattr(theirs, g.name):
                        one = attrs.evolve(mine, **{g.name: getattr(theirs, g.name)})
                        yield attrs.evolve(a, **{f.name: (*x[:p], one, *x[p + 1 :])})


def _read_everything(game: Any, state: Any) -> None:
    """Every output; a ``RulesError`` that says what is wrong is allowed, nothing else."""
    players = game.num_players(state)
    with contextlib.suppress(RulesError):
        for seat in range(players):
            obs = game.observe(state, seat)
            layout = game.observation_layout(state.options)
            assert game.observation_tensor(obs).shape == (layout.size,)
            game.observation_words(obs)
            game.svg(state, seat)
    with contextlib.suppress(RulesError):
        game.render(state)
    with contextlib.suppress(RulesError):
        assert game.from_position(game.to_position(state), state.options) is not None
    if game.is_over(state):
        return
    player = game.current_player(state)
    with contextlib.suppress(RulesError):
        game.explain(state, "no such move")
    for move in game.legal_moves(state)[:4]:
        with contextlib.suppress(RulesError):
            game.describe_move(state, move, player)
        # accepted means it works: the engine goes on to states validate accepts
        game.validate(game.apply(state, move))


@pytest.mark.rule("DH-1", "KG-1", "SR-1")
@pytest.mark.parametrize(("title", "changes"), CONFIGURATIONS, ids=lambda x: str(x))
def test_every_output_reads_every_state_validate_accepts(
    title: str, changes: dict[str, Any]
) -> None:
    game = silkroad.GAMES[title]
    options = attrs.evolve(game.default_options(), **changes)
    a_states = _states(game, options, 1, 17)
    b_states = _states(game, options, 2, 13)
    accepted = []
    for a, b in zip(a_states, b_states, strict=False):
        for state in _spliced(a, b):
            try:
                game.validate(state)
            except RulesError:
                continue
            accepted.append(state)
    assert accepted
    for state in random.Random(0).sample(accepted, min(len(accepted), 30)):
        _read_everything(game, state)
