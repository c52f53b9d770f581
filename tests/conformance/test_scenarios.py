"""Scenario files and ``silkroad.testing.scenario``: collected by the pytest plugin, run
from Python, counted by the rule coverage."""

from __future__ import annotations

from pathlib import Path

import pytest

import tinygame
from silkroad.core.errors import DataError
from silkroad.core.registry import get_game
from silkroad.testing import ScenarioError, load_scenario, scenario
from silkroad.testing.coverage import scan_markers
from silkroad.testing.scenario import check_refused

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


# ------------------------------------------------ refused: a move and the rule refusing it


def _tiny_hand(name: str, seed: int = 0) -> tuple[list[int], list[int]]:
    """P0's hand at the start of a Tiny Draw game, and the cards it does not hold."""
    game = get_game(name)
    state = game.new_game(game.default_options(), seed)
    hand = sorted(state.hands[0])
    return hand, [c for c in tinygame.CARDS if c not in hand]


def test_refused_passes_when_the_rule_given_refuses_the_move(tiny_reasons: object) -> None:
    _, absent = _tiny_hand("tinyreasons")
    scenario(
        game="tinyreasons",
        expect=[
            {"refused": {"move": f"play {absent[0]}", "rule": "TG-1"}},
            {"refused": [{"move": f"play {absent[1]}", "rule": "TG-1"}, {"move": "play 42"}]},
        ],
    )


def test_refused_fails_for_a_legal_move_another_rule_or_no_move(tiny_reasons: object) -> None:
    hand, absent = _tiny_hand("tinyreasons")
    with pytest.raises(ScenarioError) as info:
        scenario(
            game="tinyreasons",
            expect=[
                {
                    "refused": [
                        {"move": f"play {hand[0]}", "rule": "TG-1"},
                        {"move": f"play {absent[0]}", "rule": "TG-2"},
                        {"move": "fly away"},
                        {"move": f"play {absent[1]}", "rule": "TG-1"},  # holds
                    ]
                }
            ],
        )
    message = str(info.value)
    assert f"refused: 'play {hand[0]}' is legal (expected refused by TG-1)" in message
    held = ", ".join(map(str, hand))
    assert (
        f"refused: 'play {absent[0]}' is refused, but not by TG-2: the reason given is "
        f"[TG-1] card {absent[0]} is not in P0's hand ({held})"
    ) in message
    assert "refused: 'fly away' is not notation: expected 'draw' or 'play N'" in message
    assert f"'play {absent[1]}'" not in message
    assert info.value.move_number == 0


def test_refused_by_a_section_accepts_an_item_inside_it_not_a_wider_one() -> None:
    from silkroad.core.explain import Reason

    def explain(state: tinygame.State, move: object) -> Reason:
        return Reason.by_rule("TG-1.2", "a numbered item of TG-1")

    game = tinygame.make_explained_game(explain=explain)
    state = game.new_game(game.default_options(), 0)
    absent = [c for c in tinygame.CARDS if c not in state.hands[0]]
    move = f"play {absent[0]}"
    assert check_refused(game, state, move, "TG-1.2") is None
    assert check_refused(game, state, move, "TG-1") is None  # the item lies inside TG-1
    assert check_refused(game, state, move, "TG-1.2.3") == (
        f"refused: {move!r} is refused, but not by TG-1.2.3: the reason given is "
        "[TG-1.2] a numbered item of TG-1"
    )
    assert check_refused(game, state, move, "TG-12") is not None
    assert check_refused(game, state, move, None) is None


def test_refused_of_a_game_without_explain_holds_only_without_a_rule(tiny: object) -> None:
    _, absent = _tiny_hand("tinydraw")
    scenario(game="tinydraw", expect=[{"refused": {"move": f"play {absent[0]}"}}])
    with pytest.raises(ScenarioError, match="not by TG-1: the reason given is play .* is not "):
        scenario(
            game="tinydraw", expect=[{"refused": {"move": f"play {absent[0]}", "rule": "TG-1"}}]
        )


@pytest.mark.parametrize(
    ("refused", "message"),
    [
        ("play 3", r"field expect\[0\].refused: a table \{ move"),
        ([], r"field expect\[0\].refused: a table"),
        ([{"move": "draw"}, 5], r"field expect\[0\].refused\[1\]: a table"),
        ({"move": "draw", "why": "x"}, r"refused.why: unknown key \(known: move, rule\)"),
        ({"rule": "TG-1"}, r"field expect\[0\].refused.move: missing: the move"),
        ({"move": "draw", "rule": "rule one"}, r"refused.rule: a section id such as 'KG-5.2'"),
        ({"move": "draw", "rule": 5}, r"refused.rule: a section id such as 'KG-5.2', got 5"),
    ],
)
def test_a_refused_check_of_the_wrong_shape_is_refused(
    tiny: object, refused: object, message: str
) -> None:
    with pytest.raises(DataError, match=message):
        scenario(game="tinydraw", expect=[{"refused": refused}])


def test_a_move_that_cannot_be_played_leads_with_the_reason(tiny_reasons: object) -> None:
    hand, absent = _tiny_hand("tinyreasons")
    with pytest.raises(ScenarioError) as info:
        scenario(game="tinyreasons", moves=[f"play {hand[0]}", "draw", f"play {absent[0]}"])
    first = str(info.value).splitlines()[0]
    assert first.startswith(
        f"a tinyreasons scenario: move 3 ('play {absent[0]}') cannot be played: [TG-1] "
    )
    assert first.endswith(")")
    assert "legal: " in first
    with pytest.raises(ScenarioError, match=r"move 1 \('fly'\) cannot be played: expected 'draw'"):
        scenario(game="tinyreasons", moves=["fly"])


def test_a_move_of_a_game_without_explain_fails_with_the_generic_reason(tiny: object) -> None:
    _, absent = _tiny_hand("tinydraw")
    with pytest.raises(ScenarioError) as info:
        scenario(game="tinydraw", moves=[f"play {absent[0]}"])
    assert str(info.value).startswith(
        f"a tinydraw scenario: move 1 ('play {absent[0]}') cannot be played: play {absent[0]} "
        "is not among the moves offered to P0 here (player 0 to act; legal: "
    )


REFUSING = """
game = "kashgar"
rule = "KG-4.A"
title = "a patriarch is not passed"

[position]
active = 0

[[expect]]
after = 0
refused = [{ move = "pass 1", rule = "KG-4.C" }, { move = "pass 2", rule = "KG-4.C" }]
"""


def test_the_sections_of_refused_checks_count_for_rule_coverage(
    tmp_path: Path, pytester: pytest.Pytester
) -> None:
    file = tmp_path / "x.scenario.toml"
    file.write_text(REFUSING, encoding="utf-8")
    assert load_scenario(file).sections == ("KG-4.A", "KG-4.C")
    assert scan_markers([tmp_path]) == {"KG-4.A": [str(file)], "KG-4.C": [str(file)]}
    pytester.makeconftest('pytest_plugins = ["silkroad.testing.pytest_plugin"]')
    pytester.path.joinpath("x.scenario.toml").write_text(REFUSING, encoding="utf-8")
    with_refused = "\n".join(pytester.runpytest("--rule-coverage").outlines)
    plain = REFUSING.replace('rule = "KG-4.C"', 'rule = "KG-4.A"')
    pytester.path.joinpath("x.scenario.toml").write_text(plain, encoding="utf-8")
    without = "\n".join(pytester.runpytest("--rule-coverage").outlines)
    covered = [line for line in with_refused.splitlines() if line.startswith("KG: ")]
    uncovered = [line for line in without.splitlines() if line.startswith("KG: ")]
    assert covered
    assert uncovered
    assert "KG-4.C" in uncovered[0].split("without tests:")[1]
    assert "KG-4.C" not in covered[0].split("without tests:")[1]


def test_an_unknown_section_in_refused_fails_collection(pytester: pytest.Pytester) -> None:
    pytester.makeconftest('pytest_plugins = ["silkroad.testing.pytest_plugin"]')
    text = REFUSING.replace('"KG-4.C" }, {', '"KG-99" }, {')
    pytester.path.joinpath("bad.scenario.toml").write_text(text, encoding="utf-8")
    result = pytester.runpytest()
    assert result.ret != 0
    result.stderr.fnmatch_lines(["*KG-99*names no rulebook section*"])


def test_the_moves_check_wants_exactly_the_legal_moves() -> None:
    start = {"setup": "bare", "player": {"0": {"caravans": [["patriarch", "grocer"]]}}}
    scenario(game="kashgar", position=start, expect=[{"moves": ["c1.1", "c1.2"]}])
    with pytest.raises(ScenarioError, match=r"moves: expected exactly \['c1.1'\], legal"):
        scenario(game="kashgar", position=start, expect=[{"moves": ["c1.1"]}])
    with pytest.raises(ScenarioError, match="moves: expected exactly"):
        scenario(game="kashgar", position=start, expect=[{"moves": ["c1.1", "c1.2", "pass 1"]}])
    with pytest.raises(DataError, match="a list"):
        scenario(game="kashgar", expect=[{"moves": "c1.1"}])
