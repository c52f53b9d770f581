"""A fourth title needs no edit outside its own module: Tiny Draw (tests/tinygame.py)
declares its rulebook prefix and sections in its ``GameSpec``, and once registered the
shared tools read them from the registry: ``silkroad rules`` (and ``--coverage``),
``silkroad simulate``, and the table server's API."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import silkroad
import tinygame
from serve.helpers import new_table, read_table, server
from silkroad.cli import main
from silkroad.testing.coverage import coverage, rulebook_sections, rulebooks
from silkroad.testing.reasons import configurations, title_sections

#: What ``silkroad rules`` counts for a test file that claims two of Tiny Draw's sections.
TEST_FILE = """
import pytest

@pytest.mark.rule("TG-1")
def test_play() -> None: ...

@pytest.mark.rule("TG-2.3", "KG-4")
def test_draw() -> None: ...
"""


@pytest.fixture
def fourth() -> Iterator[silkroad.GameDefinition]:  # type: ignore[type-arg]
    """Tiny Draw registered next to the three titles, as a user's package would be."""
    silkroad.register(tinygame.GAME, replace=True)
    yield tinygame.GAME
    silkroad.unregister(tinygame.SPEC.name)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_registry_names_each_rulebook(fourth: object) -> None:
    assert rulebooks() == {"KG": "kashgar", "SR": "serica", "DH": "dunhuang", "TG": "tinydraw"}
    ids = [s.id for s in rulebook_sections()]
    assert ids[-3:] == ["TG-1", "TG-2", "TG-3"]
    assert title_sections("tinydraw") == {"TG-1", "TG-2", "TG-3"}
    report = coverage(["TG-1", "TG-1", "TG-3.2"])
    assert report.summary("TG") == (2, 3)


def test_an_unregistered_title_is_no_rulebook() -> None:
    assert "TG" not in rulebooks()
    assert not any(s.id.startswith("TG-") for s in rulebook_sections())
    assert title_sections("tinydraw") == frozenset()


def test_the_old_name_of_the_rulebooks_still_answers_with_a_warning() -> None:
    from silkroad.testing import coverage as module

    with pytest.warns(DeprecationWarning, match="rulebooks()"):
        old = module.RULEBOOKS
    assert old == rulebooks() == {"KG": "kashgar", "SR": "serica", "DH": "dunhuang"}


def test_rules_lists_and_counts_the_fourth_rulebook(
    fourth: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "rules", "--game", "TG")
    assert code == 0
    assert "TG-2" in out
    assert "Drawing" in out
    assert "KG-4" not in out
    assert run(capsys, "rules", "--game", "tinydraw")[1] == out
    (tmp_path / "test_tiny.py").write_text(TEST_FILE, encoding="utf-8")
    code, out, _ = run(capsys, "rules", "--coverage", "--tests", str(tmp_path), "--game", "TG")
    assert code == 0
    assert "TG: 2/3 sections have tests" in out
    assert "KG:" not in out
    code, out, _ = run(capsys, "rules", "--coverage", "--tests", str(tmp_path))
    assert "TG: 2/3 sections have tests" in out
    assert out.index("KG:") < out.index("SR:") < out.index("DH:") < out.index("TG:")


def test_rules_reasons_check_citations_against_the_declared_sections() -> None:
    from silkroad.testing.reasons import reason_coverage

    report = reason_coverage(tinygame.EXPLAINED, games=1, seed=2)
    assert report.specific > 0
    assert not report.problems
    # a spec whose rulebook lacks the cited sections: every citation is a problem
    spec = attrs.evolve(tinygame.SPEC, name="tinyother", sections=(("TG-3", "The end"),))
    other = tinygame.make_explained_game(spec=spec)
    report = reason_coverage(other, games=1, seed=2)
    assert report.problems
    assert all("not a section with rules of the title's rulebook" in p for p in report.problems)


def test_simulate_plays_the_fourth_title(
    fourth: object, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "tinydraw", "--games", "3", "--agents", "random", "--workers", "1"]
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 3


def test_the_table_server_seats_the_fourth_title(fourth: object, tmp_path: Path) -> None:
    with server(tmp_path) as client:
        table = new_table(client, "tinydraw", ["person", "random"])
        with client.websocket_connect(f"/ws/{table['tokens'][0]}") as ws:
            view = read_table(ws)
            while view["to_act"] != 0:
                view = read_table(ws)
            move = view["choices"][0]["move"]
            ws.send_json({"type": "move", "move": move, "at": view["at"]})
            after = read_table(ws)
            while after["at"] <= view["at"]:
                after = read_table(ws)
    assert after["at"] > view["at"]


def test_configurations_come_from_the_spec(fourth: object) -> None:
    assert configurations(tinygame.GAME) == [tinygame.Options()]
    spec = attrs.evolve(tinygame.SPEC, configurations=({"players": 3}, {"hand_size": 3}))
    game = tinygame.make_game(spec=spec)
    assert configurations(game) == [tinygame.Options(3, 2), tinygame.Options(2, 3)]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rulebook": "tg"}, "capital letters"),
        ({"rulebook": "T-G"}, "letters"),
        ({"rulebook": "", "sections": (("TG-1", "x"),)}, "need the rulebook prefix"),
        ({"rulebook": "TG", "sections": (("KG-1", "x"),)}, "an id like 'TG-1'"),
        ({"rulebook": "TG", "sections": (("TG-", "x"),)}, "an id like 'TG-1'"),
        ({"rulebook": "TG", "sections": ["TG-1"]}, "a tuple of"),
        ({"configurations": ({"players": 2}, 3)}, "a tuple of mappings"),
    ],
)
def test_a_bad_declaration_is_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        attrs.evolve(tinygame.SPEC, **changes)
