"""Every entry of every title's rulings says what it is: "The text settles it" (with the
section and, quoted, the words that settle it) or "A ruling" (what the text leaves open
and why this reading), and names a section of the rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = {"kashgar": "KG", "serica": "SR", "dunhuang": "DH"}
#: The headings of the sections that list rulings (and what the text settles).
RULINGS_HEADING = re.compile(r"^#{2,3} (.*[Rr]ulings|Decided from the text)\s*$")
#: An entry: a top-level numbered or bulleted item that opens with a bold title.
ENTRY = re.compile(r"^(\d+\.|\*) \*\*")
SETTLED = "The text settles it"
RULING = "A ruling"


def rulings(title: str) -> dict[str, str]:
    """The entries of the rulings sections of ``docs/<title>.md``, keyed by section
    heading and bold title: each entry's text, its continuation lines included."""
    lines = (ROOT / "docs" / f"{title}.md").read_text(encoding="utf-8").splitlines()
    entries: dict[str, str] = {}
    heading: str | None = None
    current: list[str] | None = None

    def close() -> None:
        if current is not None and heading is not None:
            name = re.search(r"\*\*(.+?)\*\*", current[0])
            assert name is not None
            entries[f"{heading}: {name.group(1)}"] = " ".join(x.strip() for x in current)

    for line in lines:
        if line.startswith("#"):
            close()
            current = None
            match = RULINGS_HEADING.match(line)
            heading = match.group(1) if match else None
            continue
        if heading is None:
            continue
        if ENTRY.match(line):
            close()
            current = [line]
        elif current is not None and (line.startswith(" ") or not line.strip()):
            current.append(line)
        else:
            close()
            current = None
    close()
    return entries


@pytest.mark.parametrize("title", sorted(PAGES))
def test_every_rulings_entry_says_whether_the_text_settles_it_or_it_is_a_ruling(
    title: str,
) -> None:
    entries = rulings(title)
    assert len(entries) >= 10, f"docs/{title}.md: the rulings sections were not found"
    prefix = PAGES[title]
    for name, text in entries.items():
        kinds = [kind for kind in (SETTLED, RULING) if kind in text]
        assert len(kinds) == 1, f"docs/{title}.md, {name}: says {kinds or 'neither'}"
        assert re.search(rf"\[{prefix}-\d", text), f"docs/{title}.md, {name}: no section id"
        if kinds == [SETTLED]:
            assert re.search(r'"[^"]{3,}"', text), (
                f"docs/{title}.md, {name}: the text settles it, but the words are not quoted"
            )


#: The points of the third reading of the rulebooks: what each entry now says it is.
DECIDED = [
    ("kashgar", "Rulings: Conjuress: the other turn comes where the card prints it", RULING),
    ("kashgar", 'Rulings: "Fulfill 1 Order" lets the player fulfil an order', SETTLED),
    ("serica", "Rulings: Fields after a Governor score as the cards lie", RULING),
    ("serica", "Rulings: Which caravan loses", RULING),
    ("serica", "Rulings: Readied effects", RULING),
    ("dunhuang", "Solitaire rulings: Designated time", RULING),
    ("dunhuang", 'Solitaire rulings: The "no" icon and the 4-player-only tiles', RULING),
    ("dunhuang", "Promo rulings: The die goes down last", SETTLED),
    ("dunhuang", "Rulings: The Public Fresco of the 4-player game", RULING),
    ("dunhuang", "Rulings: No token, no share", RULING),
]


@pytest.mark.parametrize(("title", "name", "kind"), DECIDED)
def test_the_points_read_again_say_what_they_are(title: str, name: str, kind: str) -> None:
    entries = rulings(title)
    found = [text for key, text in entries.items() if key.startswith(name)]
    assert len(found) == 1, f"docs/{title}.md has no entry {name!r}"
    assert kind in found[0]


def test_the_warehouse_ruling_names_both_texts_and_the_pirate_its_reason() -> None:
    entries = rulings("serica")
    readied = entries["Rulings: Readied effects"]
    assert '"to an existing Trade Caravan"' in readied
    assert '"when starting a new Trade Caravan"' in readied
    assert "single good" in entries["Rulings: Which caravan loses"]
