"""The code in README.md and docs/index.md runs as written (docs must not drift)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("page", ["README.md", "docs/index.md"])
def test_the_game_loops_of_the_front_pages_run(page: str) -> None:
    blocks = python_blocks(ROOT / page)
    assert blocks, f"{page} has no python example"
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(compile(block, page, "exec"), namespace)
        game, state = namespace["game"], namespace["state"]
        assert game.is_over(state)  # type: ignore[attr-defined]


def test_every_doc_page_linked_from_the_readme_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)]+)\)", readme)
    assert links
    for link in links:
        page, _, anchor = link.partition("#")
        assert (ROOT / page).is_file(), f"README links to missing {link}"
        if anchor:  # a heading of the page, as GitHub makes its anchor
            headings = re.findall(r"^#+ (.+)$", (ROOT / page).read_text(encoding="utf-8"), re.M)
            slugs = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}
            assert anchor in slugs, f"README links to {link}: {page} has no such heading"


def test_the_scenario_page_examples_hold() -> None:
    """Each complete position of docs/scenarios.md reads back and is written the same;
    each five-line rule test runs."""
    from silkroad import get_game

    page = ROOT / "docs" / "scenarios.md"
    text = page.read_text(encoding="utf-8")
    complete = [b for b in re.findall(r"```toml\n(.*?)```", text, re.S) if "format = 1" in b]
    assert len(complete) >= 3
    for block in complete:
        game = get_game(re.search(r'game = "(\w+)"', block).group(1))  # type: ignore[union-attr]
        assert game.to_position(game.from_position(block)) == block
    for block in python_blocks(page)[1:]:
        exec(compile(block, str(page), "exec"), {})


def test_the_readme_counts_printed_and_reconstructed_components_from_the_data() -> None:
    """The README's table of printed and reconstructed components is the titles' own
    count (``component_provenance``), row by row."""
    import silkroad

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("<!-- provenance:start")
    table = readme[start : readme.index("<!-- provenance:end -->")]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    expected = {}
    for name in ("kashgar", "serica", "dunhuang"):
        game = silkroad.get_game(name)
        expected[game.spec.title.split(":")[0]] = game.component_provenance(None).summary()
    shown = {row.split("|")[1].strip(): row.split("|")[2].strip() for row in rows[1:]}
    assert shown == expected


@pytest.mark.parametrize("title", ["kashgar", "serica", "dunhuang"])
def test_the_rules_versions_a_title_reads_are_its_version_history(title: str) -> None:
    """Records of every version in docs/<title>.md's "Version history" are read (and of
    no other): the current ``rules_version`` and the title's ``known_rules_versions``."""
    from silkroad import get_game

    page = (ROOT / "docs" / f"{title}.md").read_text(encoding="utf-8")
    history = page.split("## Version history", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\* (?:rules_version )?(\d+(?:\.\d+)*):", history, re.M))
    spec = get_game(title).spec
    assert listed == set(spec.rules_versions)
    assert spec.rules_version in listed
