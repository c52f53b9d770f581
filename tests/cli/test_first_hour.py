"""A newcomer's first hour (issue 47): the README's commands end by the rules within a
screenful, the demo is one screen, ``rules --coverage`` finds the tests from anywhere in
the checkout, and a run with only the test extra says what it skipped and why."""

from __future__ import annotations

import ast
import re
import shlex
import sys
from pathlib import Path

import pytest

from silkroad.cli import main, rules

ROOT = Path(__file__).resolve().parents[2]
#: The lines of a screen the summaries must fit: the terminal table's own height is 40
#: (silkroad.cli.screen.HEIGHT); a demo of three titles gets a taller screen.
SCREEN, DEMO_SCREEN = 40, 60


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def readme_commands() -> list[str]:
    """The commands of the README's first-hour walk: each line of its ``sh`` blocks under
    "A first hour" that runs ``silkroad`` with no placeholder (GAME, FILE ...)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    part = text.partition("## A first hour")[2].partition("\n## ")[0]
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", part, re.S):
        for line in block.splitlines():
            command = line.partition("#")[0].strip().removeprefix(".venv/bin/")
            if command.startswith("silkroad ") and not re.search(r"\b[A-Z]{3,}\b", command):
                commands.append(command)
    return commands


def test_the_readme_walk_has_commands() -> None:
    commands = readme_commands()
    assert any(c.startswith("silkroad play ") and "--log" not in c for c in commands)
    assert any(c.startswith("silkroad replay ") for c in commands)
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make demo" in text.partition("## A first hour")[2]


def check_output(command: str, out: str, limit: int) -> None:
    """Every game the command played ended by the rules (no game-length truncation), and
    what it printed fits ``limit`` lines, or the README says how long it is beside it."""
    assert "truncated" not in out, command
    assert "no winner" not in out, command
    lines = out.count("\n")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(re.escape(command) + r"\s+#.*?(\d[\d,]*) lines", readme)
    if said is not None:
        assert lines == int(said.group(1).replace(",", "")), command
    else:
        assert lines <= limit, f"{command} prints {lines} lines"


def test_each_readme_command_ends_by_the_rules_within_a_screenful(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The README's commands, in order, in one folder (a record saved by one is replayed
    by the next); a game with a person at the terminal is left out."""
    monkeypatch.chdir(tmp_path)
    ran = 0
    for command in readme_commands():
        argv = shlex.split(command)[1:]
        if "--human" in argv:
            continue
        code, out, err = run(capsys, *argv)
        assert code == 0, f"{command}: {err}"
        check_output(command, out, SCREEN)
        if argv[0] == "play":
            assert re.search(r"│ (won|lost) ", out), command
            assert "greedy" in out  # the default agents, named
        ran += 1
    assert ran >= 3


def test_the_demo_is_one_screen_of_games_that_end_by_the_rules(
    tiny: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game of every registered title (a user's game too), each ending by the rules,
    in one screen, then where to go next."""
    from silkroad.core.registry import GAMES

    code, out, err = run(capsys, "demo")
    assert code == 0, err
    assert "== Tiny Draw (tinydraw) · 2 players · greedy agents · seed 1" in out
    check_output("silkroad demo", out, DEMO_SCREEN)
    assert out.count("), ended by the rules\n") == len(GAMES)
    assert "Next:\n  silkroad play " in out


def test_default_play_agents_are_named_in_the_readme() -> None:
    from silkroad.cli.play import DEFAULT_AGENTS

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`{DEFAULT_AGENTS}` agents play every seat" in text


def test_rules_coverage_finds_the_tests_from_a_folder_of_the_checkout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT / "docs")
    assert rules.find_tests() == ROOT / "tests"
    assert rules.find_tests(ROOT / "src" / "silkroad") == ROOT / "tests"


def test_rules_coverage_outside_a_checkout_says_what_to_pass(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Outside a checkout, and imported from an installed copy without tests."""
    installed = tmp_path / "site-packages" / "silkroad" / "cli" / "rules.py"
    monkeypatch.setattr(rules, "__file__", str(installed))
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "rules", "--coverage")
    assert code == 2
    assert out == ""
    assert "no silkroad test directory found" in err
    assert "pass --tests DIR" in err
    # a checkout elsewhere is found from any folder below it
    (tmp_path / "clone" / "tests" / "unit").mkdir(parents=True)
    (tmp_path / "clone" / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "clone" / "tests" / "unit" / "test_x.py").write_text(
        'import pytest\n\n\n@pytest.mark.rule("KG-1")\ndef test_x():\n    pass\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path / "clone" / "tests" / "unit")
    assert rules.find_tests() == (tmp_path / "clone" / "tests").resolve()
    code, out, err = run(capsys, "rules", "--coverage", "--game", "KG")
    assert code == 0, err
    assert f"markers in {(tmp_path / 'clone' / 'tests').resolve()}" in out
    assert "KG: 1/" in out


def test_a_missing_extra_skips_naming_it_and_browser_skips_are_summed(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With only the test extra: a module importing another extra's package is skipped
    with the extra's name, and the summary counts the skipped browser tests and says why
    (tests/extras.py, the plugin tests/conftest.py loads)."""
    import extras

    monkeypatch.delenv("CI", raising=False)
    # a framework an extra installs, missing here (as gymnasium is without its extra)
    monkeypatch.setitem(extras.EXTRA_OF, "silkroad_framework_missing", "gymnasium")
    pytester.makeconftest('pytest_plugins = ["extras"]\n')
    pytester.makepyfile(
        test_adapter="import silkroad_module_missing\n",  # no extra installs it: an error
        test_framework=("import silkroad_framework_missing\n\ndef test_env():\n    pass\n"),
        test_inside=("def test_env():\n    import silkroad_framework_missing.envs\n"),
    )
    browser = pytester.mkpydir("browser")
    (browser / "test_page.py").write_text(
        "import pytest\n\n"
        "@pytest.fixture\ndef page():\n"
        "    pytest.skip('no Chromium at /usr/bin/chromium (apt-get install chromium)')\n\n"
        "def test_one(page):\n    pass\n\ndef test_two(page):\n    pass\n",
        encoding="utf-8",
    )
    # the project's own tests/browser package, if a test before this one imported it in
    # this process, would shadow the folder made here (pytester runs in this process)
    for name in [m for m in sys.modules if m == "browser" or m.startswith("browser.")]:
        monkeypatch.delitem(sys.modules, name)
    quick = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:xdist")
    result = pytester.runpytest(*quick, "-rs", "--continue-on-collection-errors")
    out = result.stdout.str()
    summary = "2 browser tests skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)"
    assert summary in out.splitlines()
    hint = "needs silkroad_framework_missing: pip install -e '.[gymnasium]'"
    assert f"test_framework.py:0: {hint}" in out
    assert re.search(rf"test_inside.py:\d+: {re.escape(hint)}", out)
    result.assert_outcomes(skipped=4, errors=1)  # a module no extra installs: an error
    # in CI every extra is installed: a missing one is an error there
    monkeypatch.setenv("CI", "1")
    result = pytester.runpytest(*quick, "test_framework.py")
    result.assert_outcomes(errors=1)


def _top_imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it is loaded (at its top, outside functions and
    ``if TYPE_CHECKING:``)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    "conftest", sorted(ROOT.glob("tests/*/conftest.py")), ids=lambda p: p.parent.name
)
def test_a_folders_conftest_loads_without_any_extra(conftest: Path) -> None:
    """``pytest tests/serve`` loads that folder's conftest.py before it collects anything:
    an extra's module imported there, or in a test helper it imports, fails the whole run
    instead of skipping the folder's modules (the hook of tests/extras.py skips a module,
    not a conftest that pytest was asked for by name)."""
    import extras

    loaded = _top_imports(conftest)
    for name in list(loaded):  # a helper of the tests folder, one level down
        helper = ROOT / "tests" / Path(*name.split(".")).with_suffix(".py")
        if helper.is_file():
            loaded |= _top_imports(helper)
    needing = sorted(n for n in loaded if n.split(".")[0] in extras.EXTRA_OF)
    assert not needing, f"{conftest.relative_to(ROOT)} loads {needing} (an extra's)"


def test_the_readme_names_the_extras_make_test_installs() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    extras = re.search(r"^EXTRAS := (\S+)$", makefile, re.M).group(1).split(",")  # type: ignore[union-attr]
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    walk = " ".join(text.partition("## A first hour")[2].partition("\n## ")[0].split())
    named = re.search(r"`make test` installs silkroad in `.venv` with the extras (.*?) \(", walk)
    assert named is not None
    assert re.findall(r"`(\w+)`", named.group(1)) == extras
    assert "apt-get install chromium" in walk  # as .ci/run installs it
    assert "apt-get install -y -q --no-install-recommends chromium" in (
        ROOT / ".ci" / "run"
    ).read_text(encoding="utf-8")
