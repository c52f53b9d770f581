"""The rulebook section list, the rule marker and the coverage report."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.testing.coverage import (
    Section,
    coverage,
    dump_sections,
    load_sections,
    owning_section,
    parse_rulebook,
    scan_markers,
)

RULEBOOKS = Path(__file__).resolve().parents[3] / "shared" / "rulebooks"


def test_the_section_list_covers_the_three_rulebooks() -> None:
    sections = load_sections()
    ids = [s.id for s in sections]
    assert len(ids) == len(set(ids))
    for expected in ("KG-4.B", "SR-5.2.S", "DH-3.E", "DH-7.4", "KG-8"):
        assert expected in ids
    by_id = {s.id: s for s in sections}
    assert not by_id["KG-9"].has_rules  # credits
    assert not by_id["KG-0"].has_rules  # title and contents
    assert by_id["KG-6"].has_rules


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the shared rulebooks are not beside the repo")
def test_the_shipped_section_list_matches_the_rulebooks() -> None:
    parsed = []
    for name in ("kashgar", "serica", "dunhuang"):
        parsed += parse_rulebook((RULEBOOKS / f"{name}.md").read_text(encoding="utf-8"))
    assert dump_sections(parsed) == dump_sections(load_sections()), (
        "src/silkroad/data/sections.tsv is out of date with the rulebooks"
    )


def test_parse_rulebook_reads_headings_and_containers() -> None:
    text = (
        "# [XX-0] Title\n\ncontents\n## [XX-1] Setup\nDo this.\n"
        "## [XX-2] Group\n### [XX-2.A] Part\nx\n"
    )
    assert parse_rulebook(text) == [
        Section("XX-0", "Title", False),
        Section("XX-1", "Setup", True),
        Section("XX-2", "Group", False),
        Section("XX-2.A", "Part", True),
    ]


def test_numbered_items_belong_to_their_section() -> None:
    known = {s.id: s for s in load_sections()}
    section = owning_section("DH-3.E.7", known)
    assert section is not None
    assert section.id == "DH-3.E"
    assert owning_section("KG-4.B", known) == known["KG-4.B"]
    assert owning_section("KG-4.Q", known) is None
    assert owning_section("ZZ-1", known) is None


def test_scan_markers_finds_every_form(tmp_path: Path) -> None:
    (tmp_path / "test_a.py").write_text(
        "import pytest\n"
        "from pytest import mark\n"
        "pytestmark = pytest.mark.rule('KG-2')\n"
        "@pytest.mark.rule('KG-4.A', 'KG-4.B')\n"
        "def test_one(): ...\n"
        "@mark.rule('DH-3.E.7')\n"
        "def test_two(): ...\n"
        "class TestThree:\n"
        "    @pytest.mark.rule('KG-4.B')\n"
        "    def test_x(self): ...\n"
    )
    (tmp_path / "broken.py").write_text("def (:\n")
    found = scan_markers([tmp_path])
    assert sorted(found) == ["DH-3.E.7", "KG-2", "KG-4.A", "KG-4.B"]
    assert len(found["KG-4.B"]) == 2
    assert found["DH-3.E.7"][0].endswith("test_a.py::test_two")


def test_coverage_counts_sections_not_parents() -> None:
    report = coverage({"KG-4.B": ["t1", "t2"], "DH-3.E.7": ["t3"], "KG-99": ["t4"]})
    by_id = {s.id: s for s in report.sections}
    assert report.tests["KG-4.B"] == 2
    assert report.covered(by_id["DH-3.E"])
    assert not report.covered(by_id["KG-4"])  # a sub-section does not cover its parent
    assert report.unknown_ids == ("KG-99",)
    done, total = report.summary("KG")
    assert done == 1
    assert total == sum(1 for s in report.sections if s.game == "KG" and s.has_rules)


def test_the_marker_is_registered_and_checked(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.rule("KG-4.B")
        def test_parting():
            assert 1 + 1 == 2
        """
    )
    result = pytester.runpytest(
        "-p", "silkroad.testing.pytest_plugin", "--strict-markers", "--rule-coverage"
    )
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*rulebook sections with tests*", "KG: 1/* sections*"])


def test_an_unknown_section_id_fails_collection(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.rule("KG-4.Z")
        def test_typo():
            assert len("KG-4.Z") == 6  # never runs: collection fails first
        """
    )
    result = pytester.runpytest("-p", "silkroad.testing.pytest_plugin")
    assert result.ret != 0
    result.stderr.fnmatch_lines(["*names no rulebook section*"])
