"""Scenario files and ``silkroad.testing.scenario``: collected by the pytest plugin, run
from Python, counted by the rule coverage."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.core.errors import DataError
from silkroad.testing import ScenarioError, load_scenario, scenario
from silkroad.testing.coverage import scan_markers

KASHGAR_START = {
    "active": 0,
    "player": {"0": {"caravans": [["patriarch", "grocer"], ["patriarch", "prophet"]]}},
}

FAILING = """
game = "kashgar"
rule = "KG-4.A"
title = "a wrong expectation"
moves = ["c1.1"]

[position]
active = 0

[[expect]]
after = 1
position = { "player.0.tracks.ginger" = 9 }
"""


def test_scenario_from_python_checks_each_expectation() -> None:
    final = scenario(
        game="kashgar",
        position=KASHGAR_START,
        moves=["c1.2"],
        expect=[
            {"after": 0, "legal": ["c1.1", "c2.2"], "not_legal": ["pass 1"], "to_act": 0},
            {"after": 1, "position": {"turned": ["patriarch#1"]}, "to_act": 1, "over": False},
        ],
    )
    assert final.active == 1
    with pytest.raises(ScenarioError, match="after move 1: to_act: expected P0") as info:
        scenario(game="kashgar", position=KASHGAR_START, moves=["c1.2"], expect=[{"to_act": 0}])
    assert info.value.move_number == 1
    assert 'game = "kashgar"' in info.value.position


def test_a_move_that_cannot_be_played_names_its_number() -> None:
    with pytest.raises(ScenarioError, match=r"move 2 \('c9\.9'\) cannot be played") as info:
        scenario(game="kashgar", position=KASHGAR_START, moves=["c1.1", "c9.9"])
    assert info.value.move_number == 1


def test_scenario_text_and_bad_scenarios() -> None:
    with pytest.raises(ScenarioError, match="expected 9, got 3"):
        scenario(FAILING)
    with pytest.raises(DataError, match="field game"):
        scenario(game=None)
    with pytest.raises(DataError, match="expect.0..colour"):
        scenario(game="kashgar", expect=[{"colour": "red"}])
    with pytest.raises(DataError, match="after is a move number"):
        scenario(game="kashgar", moves=["c1.1"], expect=[{"after": 5}])


def test_the_plugin_collects_scenario_files_and_reports_the_position(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeconftest('pytest_plugins = ["silkroad.testing.pytest_plugin"]')
    pytester.path.joinpath("wrong.scenario.toml").write_text(FAILING, encoding="utf-8")
    good = FAILING.replace("= 9", "= 3").replace("a wrong expectation", "a right one")
    pytester.path.joinpath("right.scenario.toml").write_text(good, encoding="utf-8")
    result = pytester.runpytest("--rule-coverage")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*a wrong expectation: after move 1: position player.0.tracks.ginger: "
            "expected 9, got 3*",
            "*The position after 1 moves:*",
            "*KG: *",
        ]
    )


def test_a_scenario_with_an_unknown_section_fails_collection(pytester: pytest.Pytester) -> None:
    pytester.makeconftest('pytest_plugins = ["silkroad.testing.pytest_plugin"]')
    text = FAILING.replace('"KG-4.A"', '"KG-99"')
    pytester.path.joinpath("bad.scenario.toml").write_text(text, encoding="utf-8")
    result = pytester.runpytest()
    assert result.ret != 0
    result.stderr.fnmatch_lines(["*KG-99*names no rulebook section*"])


def test_a_scenario_whose_position_cannot_be_a_state_says_so_in_one_line(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeconftest('pytest_plugins = ["silkroad.testing.pytest_plugin"]')
    text = FAILING.replace("active = 0", "active = 7")
    pytester.path.joinpath("bad.scenario.toml").write_text(text, encoding="utf-8")
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*bad.scenario.toml: *active*"])
    result.stdout.no_fnmatch_line("*Traceback*")
    result.stdout.no_fnmatch_line("*site-packages*")


def test_rule_coverage_counts_scenario_files(tmp_path: Path) -> None:
    tmp_path.joinpath("x.scenario.toml").write_text(FAILING, encoding="utf-8")
    assert scan_markers([tmp_path]) == {"KG-4.A": [str(tmp_path / "x.scenario.toml")]}


def test_every_scenario_file_of_the_project_reads() -> None:
    files = sorted(Path(__file__).parents[1].joinpath("scenarios").rglob("*.scenario.toml"))
    assert len(files) >= 3
    for file in files:
        assert load_scenario(file).rules, f"{file} names no rulebook section"


def test_the_moves_check_wants_exactly_the_legal_moves() -> None:
    start = {"setup": "bare", "player": {"0": {"caravans": [["patriarch", "grocer"]]}}}
    scenario(game="kashgar", position=start, expect=[{"moves": ["c1.1", "c1.2"]}])
    with pytest.raises(ScenarioError, match=r"moves: expected exactly \['c1.1'\], legal"):
        scenario(game="kashgar", position=start, expect=[{"moves": ["c1.1"]}])
    with pytest.raises(ScenarioError, match="moves: expected exactly"):
        scenario(game="kashgar", position=start, expect=[{"moves": ["c1.1", "c1.2", "pass 1"]}])
    with pytest.raises(DataError, match="a list"):
        scenario(game="kashgar", expect=[{"moves": "c1.1"}])
