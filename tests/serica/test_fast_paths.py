"""The fast paths of the rules list what the plain definitions they replace list."""

from __future__ import annotations

import random

import pytest

from silkroad.serica import Options
from silkroad.serica.rules import (
    _SPOT_PAIRS,
    _governor_can,
    _governor_moved,
    _governor_pairs,
    _governor_second,
)
from silkroad.serica.state import FIELD_DEPTH, FIELDS, Pending, PendingKind
from silkroad.serica.table import table


def _random_fields(rng: random.Random, n_cards: int) -> tuple[tuple[int, ...], ...]:
    cards = rng.sample(range(n_cards), FIELDS * FIELD_DEPTH)
    return tuple(
        tuple(cards[f * FIELD_DEPTH + i] for i in range(rng.randrange(FIELD_DEPTH + 1)))
        for f in range(FIELDS)
    )


@pytest.mark.rule("SR-8.3")
def test_governor_pairs_are_the_spot_pairs_governor_can_accepts() -> None:
    """Listing only built cards and free spots gives the pairs, in the order, that
    checking every two spots gives: before a first move and after one."""
    t = table(Options())
    rng = random.Random(7)
    compared = 0
    for _ in range(300):
        fields = _random_fields(rng, t.n_cards)
        # a few kinds only, so that alike cards (no swap) come up
        fields = tuple(tuple(c % 6 for c in f) for f in fields)
        fields = tuple(tuple(dict.fromkeys(f)) for f in fields)
        pendings = [Pending(PendingKind.GOVERNOR, count=2)]
        for f, field in enumerate(fields):
            if field:
                other = rng.choice([g for g in range(FIELDS) if g != f])
                routes = (f + 1, other + 1)
                pendings.append(
                    Pending(PendingKind.GOVERNOR, card=field[-1], count=1, routes=routes)
                )
        for pending in pendings:
            moved, touched = _governor_moved(pending)
            plain = [
                (a, b, move)
                for a, b, move in _SPOT_PAIRS
                if _governor_can(t, fields, a, b, moved, touched)
            ]
            assert _governor_pairs(t, fields, pending) == plain
            compared += len(plain)
            if moved >= 0:
                fa, fb = (r - 1 for r in pending.routes)
                assert _governor_second(fields, moved, fa, fb) == bool(plain)
    assert compared > 1000  # the random fields offered many moves
