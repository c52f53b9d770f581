"""A short run of the soak (``make soak``): it plays, counts and writes its summary, and it
finds what it is for (a save the tiny game's ``validate`` lets through breaks ``apply``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tinygame
from silkroad.core.serialize import loads
from silkroad.testing.soak import configurations, main, soak


def test_a_short_soak_of_kashgar_finds_nothing_and_writes_its_summary(tmp_path: Path) -> None:
    summary = soak(1.5, tmp_path, titles=("kashgar",))
    assert summary.failures == []
    assert summary.decisions > 0
    assert summary.bad["illegal move"][0] > summary.decisions  # several per decision
    for kind in ("save", "position", "notation", "action id", "data file"):
        assert sum(summary.bad[kind]) > 0, kind
    assert summary.bad_inputs == sum(sum(v) for v in summary.bad.values())
    assert summary.clean_share() == 1.0
    written = json.loads((tmp_path / "summary.json").read_text())
    assert written["decisions"] == summary.decisions
    assert written["bad_inputs"] == summary.bad_inputs
    text = (tmp_path / "summary.md").read_text()
    assert f"{summary.decisions:,} decisions" in text
    assert "failures: 0" in text


def test_the_soak_finds_a_save_that_validate_lets_through(tiny: object, tmp_path: Path) -> None:
    """Tiny Draw's ``validate`` does not check whose turn it is: a save with ``turn`` out
    of range loads and then breaks ``apply`` (an ``IndexError``). The soak reports it with
    the save that reproduces it."""
    summary = soak(1.5, tmp_path, configs=[("tinydraw", tinygame.Options(2, 2))])
    assert summary.games > 0
    assert summary.failures
    failure = summary.failures[0]
    assert failure["check"] == "save"
    assert "IndexError" in failure["message"]
    saved = json.loads((tmp_path / "failures" / "1.json").read_text())
    state = loads(saved["input"], tinygame.State, tinygame.GAME)  # accepted, as in the soak
    assert state.turn not in (None, 0, 1)
    with pytest.raises(IndexError):
        tinygame.legal_moves(state)
    assert f"failures: {len(summary.failures)}" in (tmp_path / "summary.md").read_text()


def test_the_soak_plays_every_title_and_variant() -> None:
    names = [name for name, _ in configurations()]
    assert set(names) == {"kashgar", "serica", "dunhuang"}
    assert names.count("kashgar") == 7  # 2-4 players, with and without the expansion, data
    assert names.count("dunhuang") == 7  # 4, 3, solitaire, three drawn triples, data
    assert configurations(1) != configurations(0)  # the triples follow the seed


def test_the_command_writes_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--minutes", "0", "--out", str(tmp_path), "--titles", "serica"])
    assert code == 0  # no failure
    assert (tmp_path / "summary.md").read_text() in capsys.readouterr().out
    assert json.loads((tmp_path / "summary.json").read_text())["games"] == 0
