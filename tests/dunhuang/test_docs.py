"""The docs page matches the data (its component tables are generated)."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.dunhuang.docgen import (
    END,
    MECHANISMS_END,
    MECHANISMS_START,
    START,
    component_tables,
    update_page,
)

PAGE = Path(__file__).resolve().parents[2] / "docs" / "dunhuang.md"


@pytest.mark.rule("DH-1")
def test_component_tables_match_the_data() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert START in text
    assert END in text
    assert MECHANISMS_START in text  # the pack mechanisms, generated too
    assert MECHANISMS_END in text
    assert update_page(text) == text, "run: python -m silkroad.dunhuang.docgen docs/dunhuang.md"
    tables = component_tables()
    # field by field: printed values plain, assumed ones in italics
    assert (
        "| c201 | *Gold Prospector* | - | *2* | pay gold-material 1 -> gold-free-recruit | *-* "
        "| rulebook; assumed: name, grain, leaving |"
    ) in tables
    assert "| c202 | *Gold Broker* | *-* | *1* |" in tables  # reconstructed as a whole
    assert "| round track, rounds 1-8 | *20, 18, 16, 14, 12, 10, 8, 6* | reconstructed |" in tables
    assert "| zone 1 spots | coin / pigment / vp 3 | rulebook |" in tables
    from silkroad.dunhuang.packs import available, get

    for name in available():  # every pack has its tables
        assert f"### {get(name).data.title} (" in tables


@pytest.mark.rule("DH-3")
def test_every_section_and_ruling_is_documented() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for heading in (
        "## Usage",
        "## Description",
        "## Options and variants",
        "## Moves and notation",
        "## Observation",
        "## Scoring and termination",
        "## Rulings",
        "## Starting Packs",
        "## Pack mechanisms",
        "## Data files",
        "## Components",
        "## Rulebook sections implemented",
    ):
        assert heading in text
    for ruling in (
        "**Supply**",
        "cannot be refilled",
        "**No usable spot**",
        "**Designated time**",
        "**The pack of a promo character**",
        "**Begin Painting a promo tile**",
    ):
        assert ruling in text
