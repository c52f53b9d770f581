"""[SR-3] The observation tensor: fixed shape per options, values in [0, 1], everything the
player may see and nothing else; the docs page shows its layout."""

from __future__ import annotations

from pathlib import Path

import attrs
import numpy as np
import pytest

from silkroad.core.layoutdoc import END, START, layout_section
from silkroad.serica import (
    GAME,
    Observation,
    Options,
    PlayerView,
    new_game,
    observation_layout,
    observation_tensor,
    observe,
    score_bounds,
)
from silkroad.serica import tensor as serica_tensor
from silkroad.testing import check_tensor, uncovered_fields

PAGE = Path(__file__).resolve().parents[2] / "docs" / "serica.md"


@pytest.mark.rule("SR-3")
@pytest.mark.parametrize(("coop", "round_limit"), [(False, 12), (True, 12), (False, 60)])
def test_tensor_checks_on_random_games(coop: bool, round_limit: int) -> None:
    options = Options(coop=coop, round_limit=round_limit)
    report = check_tensor(GAME, options, seeds=range(2 if round_limit < 60 else 1))
    assert report.size == observation_layout(options).size
    assert report.distinct > 100
    assert report.hidden_differences > 0


@pytest.mark.rule("SR-3")
def test_every_observation_field_is_in_the_tensor() -> None:
    assert uncovered_fields(Observation, serica_tensor.OBSERVATION_FIELDS) == []
    assert uncovered_fields(PlayerView, serica_tensor.VIEW_COVERED) == []


@pytest.mark.rule("SR-3")
def test_the_other_draw_pile_shows_its_known_cards_and_the_own_one_all_its_cards() -> None:
    state = new_game(Options(), 1)  # each draw pile: a starting card and a secret one
    layout = observation_layout(state.options)
    zone = layout.segment("card_zone")
    at = layout.offsets["card_zone"]
    label = "draw pile (the cards known to be in it, not their order)"
    own_draw = zone.axes[1].index(f"you: {label}")
    other_draw = zone.axes[1].index(f"opponent: {label}")
    unseen = zone.axes[1].index("unseen (a draw pile)")
    knowledge = layout.segment("draw_knowledge")
    never_seen = layout.offsets["draw_knowledge"] + 1
    for player in (0, 1):
        tensor = observation_tensor(observe(state, player))
        for card in state.players[player].draw:
            assert tensor[at + card * zone.shape[1] + own_draw] == 1.0
            secret = card in state.players[player].secret
            assert tensor[never_seen + card * knowledge.shape[1]] == float(secret)
        other = state.players[1 - player]
        assert other.secret
        for card in other.draw:
            where = unseen if card in other.secret else other_draw
            assert tensor[at + card * zone.shape[1] + where] == 1.0
    # the other player's draw pile in another order, or the Crossroads pile reshuffled:
    # the same tensor for the player who cannot see them
    other = state.players[1]
    swapped = attrs.evolve(
        state,
        players=(state.players[0], attrs.evolve(other, draw=other.draw[::-1])),
        cross_pile=state.cross_pile[::-1],
    )
    assert np.array_equal(
        observation_tensor(observe(swapped, 0)), observation_tensor(observe(state, 0))
    )


@pytest.mark.rule("SR-5.2")
def test_a_short_crossroads_row_keeps_the_shape() -> None:
    state = new_game(Options(), 5)
    layout = observation_layout(state.options)
    row = layout.segment("crossroads")
    for size in (4, 3, 0):
        short = attrs.evolve(state, crossroads=state.crossroads[:size])
        tensor = observation_tensor(observe(short, 0))
        assert tensor.shape == layout.shape
        present = layout.view(tensor, "crossroads")[:, row.axes[1].index("present")]
        assert list(present) == [1.0] * size + [0.0] * (4 - size)


@pytest.mark.rule("SR-6")
def test_score_bounds_cover_long_games() -> None:
    low, high = score_bounds(Options())
    assert low == 0
    assert high > 200
    assert score_bounds(Options(coop=True)) == (0, 2 * high)
    assert score_bounds(Options(round_limit=10))[1] < high


@pytest.mark.rule("SR-3")
def test_the_docs_page_shows_the_layout() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert f"{START}\n{layout_section(GAME)}\n{END}" in text, (
        "run: python -m silkroad.core.layoutdoc"
    )
