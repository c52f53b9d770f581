"""Identical components are offered once (docs/serica.md, "Identical components"):
fields holding the same cards, and copies among the cards a General views."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from silkroad.serica import Take, Top, Use
from silkroad.serica.state import Step

from .helpers import Builder, play, texts


def keys(b: Builder, cards: Iterable[int]) -> list[str]:
    return [b.t.card[c].key for c in cards]


@pytest.mark.rule("SR-5.2")
def test_fields_holding_the_same_cards_are_one_place_to_build() -> None:
    b = Builder()
    han = b.player(
        empire=["guard"],
        artisans=9,
        fields=[["oasis"], [], ["oasis"], ["soldier"]],
    )
    state = b.state(han, step=Step.BUILD)
    # fields 1 and 3 both hold an Oasis; field 2 is empty; field 4 holds a Soldier
    assert [m for m in texts(state) if m.startswith("build")] == [
        "build guard in 1",
        "build guard in 2",
        "build guard in 4",
    ]


@pytest.mark.rule("SR-8.3")
def test_a_general_views_copies_as_one_card_and_two_copies_left_need_no_order() -> None:
    b = Builder()
    han = b.player(empire=["general"], fields=[["fort"], [], [], []])
    rome = b.player(draw=["soldier", "city", "soldier", "trader"], fields=[["soldier"], [], [], []])
    state = b.state(han, rome)
    state = play(state, Use("general"))
    assert texts(state) == ["take 1", "take 2"]  # soldier, city (the second soldier is a copy)
    state = play(state, Take(1))
    assert texts(state) == ["top 1", "top 2"]  # city or soldier on top
    state = play(state, Top(2))
    assert keys(b, state.players[1].draw) == ["soldier", "city", "trader"]
    # taking the City leaves two Soldiers: either order is the same, so no decision
    b = Builder()
    han = b.player(empire=["general"], fields=[["fort"], [], [], []])
    rome = b.player(draw=["soldier", "city", "soldier", "trader"], fields=[["soldier"], [], [], []])
    state = play(b.state(han, rome), Use("general"), Take(2))
    assert state.pending is None
    assert keys(b, state.players[0].discard) == ["city"]
    assert keys(b, state.players[1].draw) == ["soldier", "soldier", "trader"]
