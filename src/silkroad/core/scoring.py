"""Ranking players with ties, sharing ranked rewards, and breaking ties.

Players are integers. Per-player values come either as a sequence (the player is the
index) or as a mapping from player to value (for rankings among some players only).
Values may be anything ordered: numbers, or tuples for composite keys such as
``(points, tokens)``. Values that compare equal tie.

* :func:`rank` groups players by equal value, best group first.
* :func:`share_rewards` hands out ranked rewards such as Dunhuang's 12/6/3 achievement
  VP [DH-5]: tied players split the rewards of the places they fill, rounded down.
* :func:`winners`, :func:`most` and :func:`last_to_score` implement the usual end-game
  tie-breaks: most points, then more of something ([DH-4]), then who scored last
  ([KG-6]).

Every function returns players in ascending order inside a group, so results are
deterministic and can be compared directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from silkroad.core.errors import StateError

__all__ = [
    "Comparable",
    "PerPlayer",
    "last_to_score",
    "most",
    "rank",
    "share_rewards",
    "winners",
]


class Comparable(Protocol):
    """A value that can be ordered with ``<``, as ``sorted`` needs."""

    def __lt__(self, other: Any, /) -> bool: ...


C = TypeVar("C", bound=Comparable)

#: A value per player: a sequence indexed by player, or a mapping from player to value.
PerPlayer = Sequence[C] | Mapping[int, C]


def _items(values: PerPlayer[C]) -> Iterable[tuple[int, C]]:
    if isinstance(values, Mapping):
        return values.items()
    return enumerate(values)


def rank(values: PerPlayer[C], *, highest_first: bool = True) -> tuple[tuple[int, ...], ...]:
    """Players grouped by equal value, the best group first, players ascending in a group.

    With ``highest_first=False`` the lowest value is best.

    >>> rank([3, 2, 2, 1])
    ((0,), (1, 2), (3,))
    >>> rank({4: 1, 2: 5, 7: 1}, highest_first=False)
    ((4, 7), (2,))
    """
    ordered = sorted(_items(values), key=lambda item: item[1], reverse=highest_first)
    groups: list[tuple[int, ...]] = []
    start = 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or ordered[i][1] != ordered[start][1]:
            groups.append(tuple(sorted(player for player, _ in ordered[start:i])))
            start = i
    return tuple(groups)


def share_rewards(
    values: Sequence[C],
    rewards: Sequence[int],
    *,
    eligible: Callable[[C], bool] | None = None,
) -> tuple[int, ...]:
    """[DH-5] Each player's share of ranked ``rewards`` (best place first, e.g. 12, 6, 3).

    Players are ranked by ``values``, highest first. A group of ``k`` tied players fills
    ``k`` places and each of them gets the sum of those places' rewards divided by
    ``k``, rounded down; places past the end of ``rewards`` are worth 0. A player whose
    value fails ``eligible`` gets 0 and fills no place, so the next player moves up.

    >>> share_rewards([3, 2, 2, 1], (12, 6, 3))
    (12, 4, 4, 0)
    >>> share_rewards([0, 2, 0], (12, 6, 3), eligible=lambda v: v > 0)
    (0, 12, 0)
    """
    shares = [0] * len(values)
    ranked = values if eligible is None else {p: v for p, v in enumerate(values) if eligible(v)}
    place = 0
    for group in rank(ranked):
        size = len(group)
        share = sum(rewards[place : place + size]) // size
        for player in group:
            shares[player] = share
        place += size
        if place >= len(rewards):
            break
    return tuple(shares)


def most(values: PerPlayer[C]) -> tuple[int, ...]:
    """The players holding the highest value, ascending ("most tokens"); () if none.

    Everyone ties when all values are equal, zeros included: filter first if holding
    none should not count.
    """
    groups = rank(values)
    return groups[0] if groups else ()


def winners(scores: PerPlayer[C], *tiebreaks: PerPlayer[Any]) -> tuple[int, ...]:
    """[DH-4] [KG-6] The players with the highest score, narrowed by each tie-break in turn.

    Each tie-break gives a value per player (a sequence or mapping; higher is better)
    and keeps only the tied players with the highest of it; it is consulted only while
    more than one player is tied. Players still tied after the last tie-break win
    together.

    >>> winners([40, 45, 45], [0, 3, 1])
    (1,)
    >>> winners([40, 45, 45], [3, 2, 2])
    (1, 2)

    :raises StateError: if a tie-break has no value for a tied player.
    """
    tied = most(scores)
    for number, tiebreak in enumerate(tiebreaks, start=1):
        if len(tied) <= 1:
            break
        try:
            tied = most({player: tiebreak[player] for player in tied})
        except (IndexError, KeyError):
            missing = [p for p in tied if not _has(tiebreak, p)]
            raise StateError(f"tie-break {number} has no value for player(s) {missing}") from None
    return tied


def _has(values: PerPlayer[Any], player: int) -> bool:
    if isinstance(values, Mapping):
        return player in values
    return 0 <= player < len(values)


def last_to_score(tied: Iterable[int], history: Sequence[int]) -> tuple[int, ...]:
    """[KG-6] Among ``tied``, the player who earned points most recently.

    ``history`` lists the player of every scoring event, oldest first. The result is a
    1-tuple with that player, or all of ``tied`` (ascending) if none of them ever scored.

    >>> last_to_score((0, 2), [0, 1, 2, 0, 1])
    (0,)
    """
    candidates = set(tied)
    for player in reversed(history):
        if player in candidates:
            return (player,)
    return tuple(sorted(candidates))
