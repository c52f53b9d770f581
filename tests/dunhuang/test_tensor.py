"""[DH-2.3] The observation tensor: fixed shape per options, values in [0, 1], everything the
player may see and nothing else; the docs page shows its layout."""

from __future__ import annotations

from pathlib import Path

import attrs
import numpy as np
import pytest

from silkroad.core.layoutdoc import END, START, layout_section
from silkroad.dunhuang import (
    GAME,
    Observation,
    Options,
    new_game,
    observation_layout,
    observation_tensor,
    observe,
)
from silkroad.dunhuang import tensor as dunhuang_tensor
from silkroad.dunhuang.state import Phase, Player
from silkroad.testing import check_tensor, uncovered_fields

PAGE = Path(__file__).resolve().parents[2] / "docs" / "dunhuang.md"

# every pack at least once, solitaire, the promos
CASES = [
    Options(players=4),
    Options(players=3, packs=("wine", "jade", "iron")),
    Options(players=3, packs=("bronze", "camel", "sutra")),
    Options(players=4, packs=("silver", "exotic-beauty", "china")),
    Options(players=4, packs=("wine", "sutra", "bronze"), promos=True),
    Options(players=1),
]


@pytest.mark.rule("DH-2.3")
@pytest.mark.parametrize("options", CASES, ids=lambda o: f"{o.players}-{'-'.join(o.packs)}")
def test_tensor_checks_on_random_games(options: Options) -> None:
    report = check_tensor(GAME, options, seeds=range(2 if options.players == 1 else 1))
    assert report.size == observation_layout(options).size
    assert report.distinct > 30
    assert report.hidden_differences > 0


@pytest.mark.rule("DH-2.3")
def test_every_observation_field_is_in_the_tensor() -> None:
    assert uncovered_fields(Observation, dunhuang_tensor.OBSERVATION_FIELDS) == []
    assert uncovered_fields(Player, dunhuang_tensor.PLAYER_FIELDS) == []


@pytest.mark.rule("DH-6.2.1")
def test_every_solitaire_game_has_the_same_shape() -> None:
    base = observation_layout(Options(players=1))
    for seed in range(4):
        state = new_game(Options(players=1), seed)
        assert state.options.packs  # the packs drawn at setup
        assert observation_tensor(observe(state, 0)).shape == base.shape
        assert observation_layout(state.options) == base


@pytest.mark.rule("DH-2.3.5")
def test_the_draft_shows_only_your_own_pack() -> None:
    state = new_game(Options(players=3), 2)
    assert state.phase is Phase.DRAFT
    layout = observation_layout(state.options)
    zone = layout.segment("tile_zone")
    at = layout.offsets["tile_zone"]
    tiles = [int(label.split()[0][1:]) for label in zone.axes[0]]
    pack = zone.axes[1].index("your draft pack")
    for player in range(3):
        tensor = observation_tensor(observe(state, player))
        for tile in state.draft[player]:
            assert tensor[at + tiles.index(tile) * zone.shape[1] + pack] == 1.0
    # swapping the packs the other two players hold: player 0 cannot tell
    draft = (state.draft[0], state.draft[2], state.draft[1])
    swapped = attrs.evolve(state, draft=draft)
    assert np.array_equal(
        observation_tensor(observe(swapped, 0)), observation_tensor(observe(state, 0))
    )
    assert not np.array_equal(
        observation_tensor(observe(swapped, 1)), observation_tensor(observe(state, 1))
    )


@pytest.mark.rule("DH-2.3")
def test_the_docs_page_shows_the_layout() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert f"{START}\n{layout_section(GAME)}\n{END}" in text, (
        "run: python -m silkroad.core.layoutdoc"
    )
