"""Conformance of the eight packs after Silk, Gold, Tea and China: each is in two of these
triples, played at 3 and at 4 players (with Tea and Silk, and with promos)."""

from __future__ import annotations

import pytest

from silkroad.dunhuang import GAME, Options
from silkroad.testing import check_game

NEW = ("wine", "silver", "bronze", "sutra", "jade", "iron", "camel", "exotic-beauty")
TRIPLES = (
    ("wine", "silver", "bronze"),
    ("sutra", "jade", "wine"),
    ("silver", "jade", "iron"),
    ("bronze", "sutra", "camel"),
    ("iron", "exotic-beauty", "tea"),
    ("camel", "exotic-beauty", "silk"),
)


@pytest.mark.rule("DH-3", "DH-4", "DH-2.1")
@pytest.mark.parametrize("triple", TRIPLES)
def test_new_pack_triples_conform(triple: tuple[str, ...]) -> None:
    for players in (3, 4):  # the expensive checks every 8 decisions, validate on every state
        report = check_game(
            GAME,
            Options(players, triple),
            seeds=range(1),
            determinize_samples=1,
            every_move=False,
            check_every=8,
        )
        assert report.games == 1


@pytest.mark.rule("DH-8", "DH-9", "DH-4")
def test_new_packs_with_promos_conform() -> None:
    options = Options(4, ("exotic-beauty", "wine", "gold"), promos=True)
    report = check_game(
        GAME, options, seeds=range(1), determinize_samples=1, every_move=False, check_every=3
    )
    assert report.games == 1


@pytest.mark.rule("DH-2.1")
def test_every_new_pack_is_in_two_triples() -> None:
    for name in NEW:
        assert sum(name in t for t in TRIPLES) >= 2


def _all_triples() -> list[tuple[str, ...]]:
    from itertools import combinations

    from silkroad.dunhuang.packs import available

    return list(combinations(sorted(available()), 3))


#: The 220 triples are checked in this many slices, so that a parallel run spreads them.
SLICES = 11


@pytest.mark.rule("DH-2.1")
def test_there_are_220_triples() -> None:
    assert len(_all_triples()) == 220
    assert len(_all_triples()) % SLICES == 0


#: One triple in this many is checked by the whole suite (every 50th decision and the
#: end checked in full, the record replayed): each pack is in 55 triples, so in about 14
#: of those. The others play to the end with every state validated and every output a
#: user reads checked at the end (a third of the time).
IN_FULL = 4


@pytest.mark.rule("DH-2.1")
@pytest.mark.parametrize("part", range(SLICES))
def test_check_game_passes_for_every_one_of_the_220_triples(part: int) -> None:
    """[DH-2.1] Any three of the twelve packs: the shared conformance suite, cheaply
    (one triple in :data:`IN_FULL` with checks every 50 decisions and its record, the
    others validated at every state with their ends checked in full; every output at
    each game's end), alternating 3 and 4 players and promos off and on across the
    triples, and the adapters' observations (whose OpenSpiel game, made anew for each
    triple, is a large part of its time) for every third triple; slice ``part`` of
    ``SLICES``."""
    triples = _all_triples()
    for index, triple in enumerate(triples):
        if index % SLICES != part:
            continue
        options = Options(players=3 + index % 2, packs=triple, promos=index % 3 == 0)
        full = index % IN_FULL == 0
        report = check_game(
            GAME,
            options,
            seeds=[index],
            determinize_samples=1,
            every_move=False,
            check_every=50 if full else None,
            # every output a user reads (check 13) at each game's end only: every
            # state of every game passes ``validate``, and every state ``validate``
            # accepts is read by every output in tests/core/test_accepted_outputs.py
            outputs_every=None,
            adapters=index % 3 == 1,
            record=full,
        )
        assert report.games == 1
