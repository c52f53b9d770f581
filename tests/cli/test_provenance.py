"""Studies say when their components are reconstructed:
``simulate`` and ``balance`` print one line with the count of the components in play and
how to load the printed ones, and carry the count in ``--json``; a game whose components
are all printed (or a title that does not count them) gets no such line."""

from __future__ import annotations

import json

import attrs
import pytest

import silkroad
from silkroad.arena import analysis
from silkroad.cli import main
from silkroad.core.provenance import Provenance, count_provenance
from silkroad.kashgar import Options as KashgarOptions
from silkroad.kashgar.docgen import component_provenance as kashgar_count
from silkroad.serica import Options as SericaOptions
from silkroad.serica.docgen import component_provenance as serica_count


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_count_provenance_sorts_printed_assumed_and_reconstructed() -> None:
    counted = count_provenance(
        "cards", [("rulebook", False, 2), ("rulebook", True, 3), ("reconstructed", False, 5)]
    )
    assert counted == Provenance("cards", 2, 3, 5)
    assert counted.total == 10
    assert counted.summary() == (
        "2 of 10 cards as printed, 3 printed with assumed fields, 5 reconstructed"
    )
    assert counted + Provenance("cards", 1, 0, 0) == Provenance("cards", 3, 3, 5)
    with pytest.raises(ValueError, match="cards and of entries"):
        _ = counted + Provenance("entries", 1, 0, 0)


def test_kashgar_counts_the_cards_in_play() -> None:
    base = kashgar_count(KashgarOptions(3))
    every = kashgar_count(KashgarOptions(3, expansion="all"))
    # the expansion's 12 cards are printed in KG-8; the Patriarchs and one order too
    assert every.printed == base.printed + 12
    assert every.reconstructed == base.reconstructed
    assert base.printed == 13 + 1
    assert kashgar_count(None) == every


def test_serica_counts_a_users_cards() -> None:
    options = SericaOptions()
    assert serica_count(options).reconstructed == 53
    printed = tuple(attrs.evolve(c, provenance="rulebook", printed=()) for c in options.card_defs)
    assert serica_count(options.with_cards(printed)) == Provenance("cards", 53, 0, 0)


@pytest.mark.skipif(not analysis.available(), reason="needs the analysis extra")
def test_simulate_says_the_components_are_reconstructed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "simulate", "serica", "--games", "2", "--workers", "1")
    assert code == 0, err
    line = next(x for x in out.splitlines() if "components in play" in x)
    assert "0 of 53 cards as printed, 53 reconstructed" in line
    assert "--data FILE" in line
    code, out, err = run(capsys, "simulate", "serica", "--games", "2", "--workers", "1", "--json")
    assert code == 0, err
    assert json.loads(out)["components"] == {
        "unit": "cards",
        "printed": 0,
        "assumed": 0,
        "reconstructed": 53,
    }


@pytest.mark.skipif(not analysis.available(), reason="needs the analysis extra")
def test_balance_says_the_components_are_reconstructed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "balance", "kashgar", "--games", "2", "--workers", "1", "--agents", "random"
    )
    assert code == 0, err
    assert "components in play: 14 of 153 cards as printed, 139 reconstructed" in out
    code, out, err = run(
        capsys,
        "balance",
        "kashgar",
        "--games",
        "2",
        "--workers",
        "1",
        "--agents",
        "random",
        "--json",
    )
    assert json.loads(out)["provenance"]["reconstructed"] == 139


def test_a_title_that_does_not_count_gets_no_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import tinygame

    silkroad.register(tinygame.GAME, replace=True)
    try:
        code, out, err = run(capsys, "simulate", tinygame.GAME.spec.name, "--games", "2")
    finally:
        silkroad.unregister(tinygame.GAME.spec.name)
    assert code == 0, err
    assert "components in play" not in out
