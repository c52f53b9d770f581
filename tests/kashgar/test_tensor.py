"""[KG-7] The observation tensor: fixed shape per options, values in [0, 1], everything the
player may see and nothing else; the docs page shows its layout."""

from __future__ import annotations

from pathlib import Path

import attrs
import numpy as np
import pytest
from pyrsistent import pvector

from silkroad.core.layoutdoc import END, START, layout_section
from silkroad.kashgar import (
    GAME,
    CaravanAction,
    Keep,
    Observation,
    Options,
    observation_layout,
    observation_tensor,
    observe,
    score_bounds,
)
from silkroad.kashgar import tensor as kashgar_tensor
from silkroad.testing import check_tensor, uncovered_fields

from .helpers import Builder, play

PAGE = Path(__file__).resolve().parents[2] / "docs" / "kashgar.md"


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize(
    ("players", "expansion", "round_limit"),
    [(2, "none", 8), (3, "all", 8), (4, "none", 8), (4, "all", 8), (2, "all", 60)],
)
def test_tensor_checks_on_random_games(players: int, expansion: str, round_limit: int) -> None:
    options = Options.create(players, expansion=expansion, round_limit=round_limit)
    report = check_tensor(GAME, options, seeds=range(2 if round_limit < 60 else 1))
    assert report.size == observation_layout(options).size
    assert report.distinct > 50
    assert report.hidden_differences > 0


@pytest.mark.rule("KG-7")
def test_every_observation_field_is_in_the_tensor() -> None:
    assert uncovered_fields(Observation, kashgar_tensor.OBSERVATION_FIELDS) == []


@pytest.mark.rule("KG-7")
def test_the_shape_depends_only_on_the_options() -> None:
    two, four = Options.create(2), Options.create(4, expansion="all")
    assert observation_layout(two).size != observation_layout(four).size
    state = GAME.new_game(two, 5)
    for _ in range(30):
        state = GAME.apply(state, GAME.legal_moves(state)[-1])
    for p in range(2):
        tensor = observation_tensor(observe(state, p))
        assert tensor.dtype == np.float32
        assert tensor.shape == (observation_layout(two).size,)


@pytest.mark.rule("KG-7")
def test_a_card_put_under_a_deck_is_known_to_its_player_only() -> None:
    b = Builder()
    prophet = b.card("prophet")
    s1, s2 = b.card("vizier"), b.card("goldsmith")
    state = b.state([[[prophet]], [[b.card("baker")]]], special_top=[s1, s2])
    state = play(state, CaravanAction(0, 0), Keep(s1))
    layout = observation_layout(state.options)
    mine, theirs = observation_tensor(observe(state, 0)), observation_tensor(observe(state, 1))
    zones = layout.offsets["card_zone"]
    width = layout.segment("card_zone").shape[1]
    known = layout.segment("card_zone").axes[1].index("known to you under a deck")
    assert mine[zones + s2 * width + known] == 1.0
    assert theirs[zones + s2 * width + known] == 0.0
    assert theirs[layout.offsets["others_known"] : layout.offsets["pending_kind"]].sum() == 1.0
    # the same deck with another card where player 0 put s2: player 1 cannot tell
    special = list(state.special)
    other = next(c for c in special if c != s2)
    i, j = special.index(s2), special.index(other)
    special[i], special[j] = special[j], special[i]
    knowledge = state.knowledge.set(0, state.knowledge[0].remove(s2).add(other))
    swapped = attrs.evolve(state, special=pvector(special), knowledge=knowledge)
    assert np.array_equal(observation_tensor(observe(swapped, 1)), theirs)
    assert not np.array_equal(observation_tensor(observe(swapped, 0)), mine)


@pytest.mark.rule("KG-6")
def test_score_bounds_cover_every_card_and_order() -> None:
    low, high = score_bounds(Options.create(2))
    assert low <= 0 < 25 < high
    assert score_bounds(Options.create(2, expansion="all"))[1] > high


@pytest.mark.rule("KG-7")
def test_every_entry_has_a_meaning() -> None:
    layout = observation_layout(Options.create(3))
    entries = list(layout.entries())
    assert len(entries) == layout.size
    assert layout.entry(layout.offsets["tracks"] + 2) == (
        "tracks[you, pepper / 9]: track value / its maximum"
    )
    assert layout.entry(layout.offsets["tracks"] + 13) == (
        "tracks[next player, mules / 6]: track value / its maximum"
    )


@pytest.mark.rule("KG-7")
def test_the_docs_page_shows_the_layout() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert f"{START}\n{layout_section(GAME)}\n{END}" in text, (
        "run: python -m silkroad.core.layoutdoc"
    )
