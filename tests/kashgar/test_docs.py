"""The docs page matches the data (its component tables are generated)."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.kashgar.docgen import END, START, component_tables, update_page

PAGE = Path(__file__).resolve().parents[2] / "docs" / "kashgar.md"


@pytest.mark.rule("KG-1")
def test_component_tables_match_the_data() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert START in text
    assert END in text
    assert update_page(text) == text, "run: python -m silkroad.kashgar.docgen docs/kashgar.md"
    tables = component_tables()
    # Printed values are in bold with their source; reconstructed ones are plain.
    assert "| beggar | **Beggar** | **2** |  | **1** |" in tables
    assert "| grocer | **Grocer** | 1 | 1 | 1 |" in tables
    assert "| rulebook | name KG-8; copies KG-8; vp KG-8; caravan 1 KG-8 |" in tables
    assert "| reconstructed | name KG-4.X; parting 1 KG-5.X |" in tables


@pytest.mark.rule("KG-4")
def test_every_ruling_and_section_is_documented() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for heading in (
        "## Usage",
        "## Description",
        "## Options and variants",
        "## Moves and notation",
        "## Observation",
        "## Scoring and termination",
        "## Rulings",
        "## Data files",
        "## Components",
        "## Rulebook sections implemented",
    ):
        assert heading in text
    for section in (
        "KG-1",
        "KG-2",
        "KG-3",
        "KG-4.A",
        "KG-4.B",
        "KG-4.C",
        "KG-4.X",
        "KG-5.1",
        "KG-5.2",
        "KG-5.X",
        "KG-6",
        "KG-7",
        "KG-8",
    ):
        assert section in text


@pytest.mark.rule("KG-2")
def test_the_kashgar_positions_of_the_scenario_page_read() -> None:
    """Every Kashgar position on docs/scenarios.md reads (partial ones too), the start
    player of the printed example is the Grocer's owner, and the decision written as a
    position offers the moves the page names."""
    import re

    from silkroad.kashgar import GAME

    page = (PAGE.parent / "scenarios.md").read_text(encoding="utf-8")
    section = page.split("\n## Kashgar\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```toml\n(.*?)```", section, re.S)
    assert len(blocks) == 3
    states = [GAME.from_position(block) for block in blocks]
    decision, _, example = states
    assert [GAME.format_move(m, decision) for m in GAME.legal_moves(decision)] == [
        "keep planter",
        "keep baker",
    ]
    assert "`legal_moves` is then `keep planter`, `keep baker`" in section
    assert example.start_player == example.active == 0
