"""The documentation page agrees with the code and the data."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.serica import Options, default_cards, num_actions
from silkroad.serica.cards import CardType
from silkroad.serica.docgen import BEGIN, END, card_table

PAGE = Path(__file__).parents[2] / "docs" / "serica.md"


@pytest.mark.rule("SR-4")
def test_the_reconstructed_card_table_matches_the_data() -> None:
    text = PAGE.read_text("utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:end] == card_table(), "regenerate with python -m silkroad.serica.docgen"


def test_the_page_states_the_action_space_size_and_every_ruling_section() -> None:
    text = PAGE.read_text("utf-8")
    assert f"{num_actions(Options())} ids" in text
    for heading in (
        "## Usage",
        "## Rulings",
        "## Data file format",
        "## Observation",
        "## Reconstructed components",
        "## Rulebook sections implemented",
    ):
        assert heading in text


def test_the_usage_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = PAGE.read_text("utf-8")
    start = text.index("```python\n", text.index("## Usage")) + len("```python\n")
    code = text[start : text.index("```", start)]
    exec(compile(code, str(PAGE), "exec"), {})
    assert "game over" in capsys.readouterr().out


@pytest.mark.rule("SR-4")
def test_the_empire_table_says_for_every_ability_card_what_is_left_once_built() -> None:
    """[SR-4] "Abilities and the Empire" has one row per card with an ability (every
    non-Enemy card of the data), each saying what happens once the card is built."""
    text = PAGE.read_text("utf-8")
    start = text.index("## Abilities and the Empire")
    section = text[start : text.index("\n## ", start + 1)]
    rows = {
        line.split("|")[1].strip(): line.split("|")[3].strip()
        for line in section.splitlines()
        if line.startswith("| ") and not line.startswith("| card ")
    }
    names = {c.name for c in default_cards() if c.type is not CardType.ENEMY}
    assert set(rows) == names
    assert all(rows.values())


@pytest.mark.rule("SR-5")
def test_the_scenario_page_shows_every_decision_as_a_position_with_its_moves() -> None:
    """Every kind of decision has one example in the Serica part of docs/scenarios.md:
    the block reads to a state at that decision whose legal moves are those the page
    names, and every other position of the part reads."""
    import re

    from silkroad.serica import GAME
    from silkroad.serica.state import PendingKind

    page = (PAGE.parent / "scenarios.md").read_text(encoding="utf-8")
    section = page.split("\n## Serica\n", 1)[1].split("\n## ", 1)[0]
    examples = re.findall(
        r"^`(\w+)` \(\[SR-[\d.]+\]\) [^;\n]+; `legal_moves` is ([^\n]+):\n\n```toml\n(.*?)```",
        section,
        re.S | re.M,
    )
    assert [kind for kind, _, _ in examples] == [k.value for k in PendingKind]
    for kind, listed, block in examples:
        state = GAME.from_position(block)
        assert state.pending is not None
        assert state.pending.kind.value == kind
        moves = [GAME.format_move(m) for m in GAME.legal_moves(state)]
        assert listed == ", ".join(f"`{m}`" for m in moves), kind
    for block in re.findall(r"```toml\n(.*?)```", section, re.S):
        GAME.from_position(block)
