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


def first_scenario_files() -> list[str]:
    """The whole scenario files docs/scenarios.md opens with (its first section)."""
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    first = text.partition("\n## ")[2].partition("\n## ")[0]
    return [b for b in re.findall(r"```toml\n(.*?)```", first, re.S) if "[[expect]]" in b]


def test_the_scenario_page_opens_with_a_whole_file_per_title() -> None:
    files = first_scenario_files()
    names = [re.search(r'^game = "(\w+)"', f, re.M).group(1) for f in files]  # type: ignore[union-attr]
    assert sorted(names) == ["dunhuang", "kashgar", "serica"]
    for text in files:
        # TOML's order: every plain key of the scenario before the first table header
        head = text.partition("\n[")[0]
        for key in ("game", "rule", "title", "moves"):
            assert re.search(rf"^{key} = ", head, re.M), f"{key} is not before the tables"


def test_the_scenario_page_files_pass_under_pytest(pytester: pytest.Pytester) -> None:
    """Saved as the page says and run as it says (``pytest -p
    silkroad.testing.pytest_plugin FILE``), each file passes; a changed number fails."""
    files = first_scenario_files()
    for number, text in enumerate(files):
        pytester.path.joinpath(f"doc{number}.scenario.toml").write_text(text, encoding="utf-8")
    result = pytester.runpytest("-p", "silkroad.testing.pytest_plugin", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=len(files))
    broken = files[0].replace("scores = [4, 5]", "scores = [4, 6]")
    assert broken != files[0]
    pytester.path.joinpath("doc0.scenario.toml").write_text(broken, encoding="utf-8")
    result = pytester.runpytest("-p", "silkroad.testing.pytest_plugin", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=len(files) - 1, failed=1)


@pytest.mark.rule("DH-3.2")
def test_the_dunhuang_page_says_where_fresco_spot_numbers_start() -> None:
    """docs/dunhuang.md's example of the two numberings holds: ``m1 f2.3`` is meeple 1 on
    spot 3 of seat 1's fresco (P1, 0-based as everywhere), and ``f1.1`` P0's first."""
    from silkroad.dunhuang.moves import Place, parse_notation, spot_label, spot_of_label

    page = (ROOT / "docs" / "dunhuang.md").read_text(encoding="utf-8")
    notation = page.partition("## Moves and notation")[2].partition("\n| move |")[0]
    assert "`m1 f2.3` puts meeple 1 on\nspot 3 of **P1**'s fresco" in notation
    assert "`m1 f1.1` on P0's first spot" in notation
    move = parse_notation("m1 f2.3")
    assert isinstance(move, Place)
    first = spot_of_label("f1.1")  # P0's first fresco spot; each seat has three
    assert (move.meeple, divmod(move.spot - first, 3)) == (0, (1, 2))  # meeple 0, P1, spot 2
    assert spot_label(first + 3 * 1 + 2) == "f2.3"
