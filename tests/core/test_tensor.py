"""Tensor layouts: named segments, packing with size and range checks, entry meanings, the
docs section; the contract's defaults for a game without a tensor."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tinygame
from silkroad.core.features import DEFAULT_SIZE, hashed_layout, observation_features
from silkroad.core.layoutdoc import END, START, layout_section, main, update_page
from silkroad.core.tensor import (
    Layout,
    Segment,
    TensorRangeError,
    layout_markdown,
    one_hot,
    players_from,
    relative_labels,
)

LAYOUT = Layout(
    (
        Segment("flags", (("over", "won"),), "1 if so"),
        Segment("tracks", (("you", "next player"), ("gold / 9", "mules / 6")), "value / max"),
    )
)


def test_a_layout_names_every_entry() -> None:
    assert LAYOUT.size == 6
    assert LAYOUT.shape == (6,)
    assert dict(LAYOUT.offsets) == {"flags": 0, "tracks": 2}
    assert LAYOUT.segment("tracks").shape == (2, 2)
    assert LAYOUT.entry(0) == "flags[over]: 1 if so"
    assert LAYOUT.entry(5) == "tracks[next player, mules / 6]: value / max"
    assert len(list(LAYOUT.entries())) == 6
    with pytest.raises(IndexError):
        LAYOUT.entry(6)
    with pytest.raises(KeyError, match="no segment 'x'"):
        LAYOUT.segment("x")


def test_pack_checks_sizes_and_ranges() -> None:
    tensor = LAYOUT.pack({"flags": [1.0, 0.0], "tracks": [0.5, 1.0, 0.0, 0.25]})
    assert tensor.dtype == np.float32
    assert np.array_equal(LAYOUT.view(tensor, "tracks"), [[0.5, 1.0], [0.0, 0.25]])
    with pytest.raises(ValueError, match="missing"):
        LAYOUT.pack({"flags": [1.0, 0.0]})
    with pytest.raises(ValueError, match="has 4 entries, got 3"):
        LAYOUT.pack({"flags": [1.0, 0.0], "tracks": [0.5, 1.0, 0.0]})
    with pytest.raises(TensorRangeError, match=r"tracks\[next player, gold / 9\].*1\.5"):
        LAYOUT.pack({"flags": [1.0, 0.0], "tracks": [0.5, 1.0, 1.5, 0.0]})
    with pytest.raises(TensorRangeError):
        LAYOUT.pack({"flags": [float("nan"), 0.0], "tracks": [0.0] * 4})
    with pytest.raises(ValueError, match="two segments"):
        Layout((Segment("a", (("x",),), ""), Segment("a", (("y",),), "")))
    with pytest.raises(ValueError, match="at least one"):
        Segment("a", ((),), "")


def test_helpers() -> None:
    assert one_hot(2, 4) == [0.0, 0.0, 1.0, 0.0]
    assert one_hot(None, 2) == [0.0, 0.0]
    assert relative_labels(4) == ("you", "next player", "player +2", "player +3")
    assert players_from(2, 4) == (2, 3, 0, 1)


def test_the_markdown_table_lists_every_segment() -> None:
    text = layout_markdown(LAYOUT)
    assert (
        "| 2 | `tracks` | 2 × 2 | (you, next player) × (gold / 9, mules / 6) | value / max |"
        in text
    )
    assert text.endswith("| 6 | | | | (total entries) |")


def test_update_page_rewrites_between_the_markers(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(f"intro\n{START}\nold\n{END}\nrest\n", encoding="utf-8")
    assert update_page(page, START, END, "new")
    assert page.read_text(encoding="utf-8") == f"intro\n{START}\nnew\n{END}\nrest\n"
    assert not update_page(page, START, END, "new")
    page.write_text("no markers", encoding="utf-8")
    with pytest.raises(ValueError, match="lacks the markers"):
        update_page(page, START, END, "new")


def test_the_docs_command_rewrites_each_titles_page(tmp_path: Path) -> None:
    (tmp_path / "kashgar.md").write_text(f"# Kashgar\n{START}\n{END}\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 0
    import silkroad

    text = (tmp_path / "kashgar.md").read_text(encoding="utf-8")
    assert layout_section(silkroad.get_game("kashgar")) in text
    assert main(["a", "b"]) == 2


def test_a_game_without_a_tensor_falls_back_to_the_feature_hash() -> None:
    game = tinygame.GAME
    obs = game.observe(game.new_game(tinygame.Options(), 1), 0)
    assert np.array_equal(game.observation_tensor(obs), observation_features(obs))
    assert game.observation_layout(tinygame.Options()) == hashed_layout()
    assert hashed_layout().size == DEFAULT_SIZE
    assert game.score_bounds(tinygame.Options()) is None
    with pytest.raises(ValueError, match="both"):
        game.replace(observation_tensor=observation_features)
