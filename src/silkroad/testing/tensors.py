"""Checks of a title's observation tensor, on seeded random games.

:func:`check_tensor` plays seeded random games and, for every player at every decision,
checks what the contract promises of ``observation_tensor`` / ``observation_layout``:

1. the tensor is ``float32`` with the layout's shape (the layout's size is the sum of its
   segments), the same for every state of the options, and every value lies in its
   segment's range;
2. it is a function of the observation: the same observation gives the same tensor, and a
   state that differs from the real one only in what the player cannot see (a
   determinized state) gives the same tensor;
3. it carries the observation: two observations that differ (anywhere in the run, across
   players, steps and games) give different tensors.

It raises :class:`~silkroad.testing.ConformanceError` naming the game, seed, step and
player; it needs numpy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from silkroad.core.game import AnyGame
from silkroad.core.rng import Rng
from silkroad.core.serialize import dumps
from silkroad.core.tensor import TensorRangeError
from silkroad.testing._conformance import ConformanceError

__all__ = ["TensorReport", "check_tensor", "uncovered_fields"]


@attrs.frozen
class TensorReport:
    """What :func:`check_tensor` exercised."""

    observations: int
    #: distinct observations met (each had its own tensor)
    distinct: int
    #: determinized states that differed from the real one, with an equal tensor
    hidden_differences: int
    size: int


def uncovered_fields(observation_type: type, fields: Iterable[str]) -> list[str]:
    """The fields of an observation class that a tensor module's ``FIELDS`` misses."""
    listed = set(fields)
    return [f.name for f in attrs.fields(observation_type) if f.name not in listed]


def check_tensor(
    game: AnyGame,
    options: Any,
    seeds: Iterable[int],
    *,
    max_steps: int | None = None,
    determinize_every: int = 7,
) -> TensorReport:
    """Check ``game``'s observation tensor on random games from ``seeds`` (see the module
    docstring); ``max_steps`` stops each game early, ``determinize_every`` says how often
    (in decisions) the hidden-information check runs."""
    import numpy as np

    layout = game.observation_layout(options)
    if layout.size != sum(s.size for s in layout.segments):
        raise ConformanceError(f"{game.spec.name}: the layout's size is not its segments' sum")
    seen: dict[bytes, tuple[str, str]] = {}
    observations = hidden = 0
    for seed in seeds:
        state = game.new_game(options, seed)
        rng = Rng.from_seed(seed ^ 0x5EED)
        step = 0
        while True:
            n = game.num_players(state)
            for p in range(n):
                where = f"{game.spec.name} {options!r} seed {seed} step {step} player {p}"
                obs = game.observe(state, p)
                tensor = game.observation_tensor(obs)
                observations += 1
                if tensor.dtype != np.float32 or tensor.shape != layout.shape:
                    raise ConformanceError(
                        f"{where}: tensor {tensor.dtype} {tensor.shape}, "
                        f"the layout says float32 {layout.shape}"
                    )
                try:
                    layout.check(tensor)
                except TensorRangeError as exc:
                    raise ConformanceError(f"{where}: {exc}") from exc
                if not np.array_equal(tensor, game.observation_tensor(obs)):
                    raise ConformanceError(f"{where}: the tensor differs between calls")
                text = dumps(obs, game)
                key = tensor.tobytes()
                earlier = seen.get(key)
                if earlier is None:
                    seen[key] = (text, where)
                elif earlier[0] != text:
                    diff = _first_difference(earlier[0], text)
                    raise ConformanceError(
                        f"{where}: a different observation than at {earlier[1]} gives the same "
                        f"tensor (the tensor misses part of the observation{diff})"
                    )
                if step % determinize_every == 0:
                    world = game.determinize(obs, seed * 31 + step)
                    if world != state:
                        hidden += 1
                        again = game.observation_tensor(game.observe(world, p))
                        if not np.array_equal(again, tensor):
                            raise ConformanceError(
                                f"{where}: a state that differs only in what the player "
                                "cannot see gives another tensor"
                            )
            if game.is_over(state) or (max_steps is not None and step >= max_steps):
                break
            moves = game.legal_moves(state)
            index, rng = rng.randrange(len(moves))
            state = game.apply(state, moves[index])
            step += 1
    return TensorReport(observations, len(seen), hidden, layout.size)


def _first_difference(a: str, b: str) -> str:
    """Where two observation documents first differ (a hint for the message)."""
    import json

    def walk(x: Any, y: Any, path: str) -> str | None:
        if type(x) is not type(y):
            return path
        if isinstance(x, dict):
            for k in sorted(set(x) | set(y)):
                if k not in x or k not in y:
                    return f"{path}.{k}"
                found = walk(x[k], y[k], f"{path}.{k}")
                if found:
                    return found
            return None
        if isinstance(x, list):
            if len(x) != len(y):
                return path
            for i, (u, v) in enumerate(zip(x, y, strict=True)):
                found = walk(u, v, f"{path}[{i}]")
                if found:
                    return found
            return None
        return None if x == y else path

    found = walk(json.loads(a), json.loads(b), "$")
    return f", first at {found}" if found else ""
