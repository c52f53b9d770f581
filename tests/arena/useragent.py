"""A user's agent outside silkroad, named as ``useragent:Lowest`` in tests: it always plays
the first legal move, or with ``pick=last`` the last one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Lowest:
    name = "lowest"

    def __init__(self, seed: int, pick: str = "first") -> None:
        if pick not in ("first", "last"):
            raise ValueError(f"pick is 'first' or 'last', got {pick!r}")
        self.pick = pick

    def choose(self, game: Any, observation: Any, legal_moves: Sequence[Any]) -> Any:
        return legal_moves[0] if self.pick == "first" else legal_moves[-1]


NOT_A_FACTORY = 3
