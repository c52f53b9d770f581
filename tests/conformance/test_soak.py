"""A short run of the soak (``make soak``): it plays, counts and writes its summary, and it
finds what it is for (a save the tiny game's ``validate`` lets through breaks ``apply``);
its sample of each title's option space comes from the title's declaration
(``sample_options``), so a fourth title is soaked without an edit outside its module."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import silkroad
import tinygame
from silkroad.core.game import sample_options
from silkroad.core.serialize import loads
from silkroad.testing.soak import SAMPLE_STRIDE, configurations, main, soak


def test_a_short_soak_of_kashgar_finds_nothing_and_writes_its_summary(tmp_path: Path) -> None:
    summary = soak(1.5, tmp_path, titles=("kashgar",))
    assert summary.failures == []
    assert summary.decisions > 0
    assert summary.bad["illegal move"][0] > summary.decisions  # several per decision
    for kind in ("save", "position", "notation", "action id", "data file"):
        assert sum(summary.bad[kind]) > 0, kind
    # every output a user reads, at every decision (the last state's too, when a game ends)
    for kind in ("tensor", "observation words", "render", "svg", "position", "explain"):
        assert summary.outputs[kind] >= summary.decisions, kind
    for kind in ("describe_move", "describe_events"):
        assert summary.outputs[kind] >= summary.decisions, kind
    for adapter in ("OpenSpiel", "PettingZoo", "Gymnasium"):
        assert summary.outputs[f"{adapter} observation"] >= summary.decisions, adapter
    assert summary.bad_inputs == sum(sum(v) for v in summary.bad.values())
    assert summary.clean_share() == 1.0
    written = json.loads((tmp_path / "summary.json").read_text())
    assert written["decisions"] == summary.decisions
    assert written["bad_inputs"] == summary.bad_inputs
    text = (tmp_path / "summary.md").read_text()
    assert f"{summary.decisions:,} decisions" in text
    assert "failures: 0" in text
    assert "seed 0 (the same run again: `--seed 0`)" in text
    assert f"configurations: {len(summary.configurations)} (kashgar " in text
    assert f"checked: {sum(summary.outputs.values()):,} (" in text
    assert written["outputs"] == summary.outputs


def test_the_soak_finds_a_save_that_validate_lets_through(tiny: object, tmp_path: Path) -> None:
    """Tiny Draw's ``validate`` does not check whose turn it is: a save with ``turn`` out
    of range loads and then breaks ``apply`` (an ``IndexError``). The soak reports it with
    the save that reproduces it."""
    summary = soak(60, tmp_path, configs=[("tinydraw", tinygame.Options(2, 2))], max_games=3)
    assert summary.games == 3
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


def test_the_soak_plays_what_each_title_declares_and_each_seed_draws_its_own() -> None:
    first = configurations(0, count=9)
    assert [name for name, _ in first] == ["dunhuang", "kashgar", "serica"] * 3
    for k, (name, options) in enumerate(first):
        declared = sample_options(silkroad.get_game(name), k // 3)
        assert options == declared
    assert configurations(1, count=9) != first  # another seed, another sample
    assert configurations(0, count=9) == first  # the same seed, the same sample


def _space(name: str, seeds: range) -> list[Any]:
    game = silkroad.get_game(name)
    return [game.sample_options(seed) for seed in seeds]


def _data(options: Any) -> bool:
    return options.cards is not None if hasattr(options, "cards") else bool(options.data)


@pytest.mark.rule("DH-2.1.2")
@pytest.mark.rule("DH-6")
def test_dunhuang_declares_every_pack_triple_every_count_promos_and_user_data() -> None:
    from silkroad.dunhuang.packs import available

    space = _space("dunhuang", range(1000, 1330))  # any 330 consecutive seeds
    triples = {o.packs for o in space if o.players > 1}
    assert triples == set(itertools.combinations(sorted(available()), 3))
    assert {o.players for o in space} == {1, 3, 4}
    assert {(o.players, o.promos) for o in space if o.players > 1} == {
        (3, False),
        (3, True),
        (4, False),
        (4, True),
    }
    assert {len(o.packs) for o in space if o.players == 1} == {0, 2}
    assert 0.2 < sum(map(_data, space)) / len(space) < 0.5
    # one run of a few dozen Dunhuang games walks through consecutive triples
    run = [o.packs for o in _space("dunhuang", range(7 * SAMPLE_STRIDE, 7 * SAMPLE_STRIDE + 60))]
    assert len({p for p in run if len(p) == 3}) > 30


@pytest.mark.rule("KG-8")
def test_kashgar_declares_any_expansion_subset_at_every_count() -> None:
    space = _space("kashgar", range(120))
    assert {o.players for o in space} == {2, 3, 4}
    sizes = {len(o.expansion) for o in space}
    assert {0, 12} <= sizes  # none, all and many subsets between
    assert len(sizes) > 8
    assert len({o.expansion for o in space}) > 60
    assert any(_data(o) for o in space)
    assert not all(_data(o) for o in space)


@pytest.mark.rule("SR-7")
def test_serica_declares_both_modes_and_both_first_players() -> None:
    space = _space("serica", range(60))
    assert {(o.coop, o.first_player) for o in space} == {
        (c, f) for c in (False, True) for f in (0, 1, None)
    }
    assert any(_data(o) for o in space)
    assert not all(_data(o) for o in space)


@pytest.mark.parametrize("name", ["kashgar", "serica", "dunhuang"])
def test_each_user_data_file_of_the_sample_differs_from_the_built_in_data(name: str) -> None:
    plain = [o for o in _space(name, range(30)) if not _data(o)]
    with_data = [o for o in _space(name, range(30)) if _data(o)]
    assert with_data
    for options in with_data[:3]:
        built_in = attrs_without_data(options)
        assert options != built_in
        assert plain  # the same title's options without a data file are sampled too


def attrs_without_data(options: Any) -> Any:
    import attrs

    field = "cards" if hasattr(options, "cards") else "data"
    return attrs.evolve(options, **{field: None if field == "cards" else ()})


def test_a_fourth_title_is_soaked_from_its_own_declaration(tiny: Any, tmp_path: Path) -> None:
    """Tiny Draw, registered (tests/tinygame.py declares its option space and nothing
    else is edited), joins the titles of the soak; a short run plays it with the options
    it declares and reads every output it offers."""
    names = [name for name, _ in configurations(0, count=8)]
    assert set(names) == {"dunhuang", "kashgar", "serica", "tinydraw"}
    declared = [tinygame.sample_options(k) for k in range(6)]
    assert configurations(0, count=6, titles=("tinydraw",)) == [("tinydraw", o) for o in declared]
    summary = soak(60, tmp_path, titles=("tinydraw",), max_games=3)
    assert summary.games == 3
    played = [c.removeprefix("tinydraw ") for c in summary.configurations]
    assert played == [repr(o) for o in declared[:3]]
    for kind in ("tensor", "render", "position", "describe_move", "PettingZoo observation"):
        assert summary.outputs[kind] > 0, kind
    assert "svg" not in summary.outputs  # Tiny Draw draws no picture: skipped
    # what it finds is the known hole in its validate (bad saves and positions), never an
    # output or an invariant
    assert {f["check"] for f in summary.failures} <= {"save", "position"}
    assert "data file" not in summary.bad  # it declares no data files


def test_the_command_writes_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--minutes", "0", "--out", str(tmp_path), "--titles", "serica", "--seed", "4"])
    assert code == 0  # no failure
    out = capsys.readouterr().out
    assert out.startswith("soak seed 4 (the same run again: --seed 4)\n")
    assert (tmp_path / "summary.md").read_text() in out
    assert json.loads((tmp_path / "summary.json").read_text())["games"] == 0


def test_the_command_draws_and_prints_a_seed_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--minutes", "0", "--out", str(tmp_path), "--titles", "kashgar"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    seed = int(first.split()[2])
    assert first == f"soak seed {seed} (the same run again: --seed {seed})"
    assert json.loads((tmp_path / "summary.json").read_text())["seed"] == seed


def test_the_outputs_can_be_sampled(tiny: Any, tmp_path: Path) -> None:
    every = soak(
        60, tmp_path / "every", configs=[("tinydraw", tinygame.Options(2, 2))], max_games=2
    )
    sampled = soak(
        60,
        tmp_path / "sampled",
        configs=[("tinydraw", tinygame.Options(2, 2))],
        outputs_every=5,
        max_games=2,
    )
    assert every.games == sampled.games == 2
    assert every.decisions == sampled.decisions  # the same games
    assert every.outputs["render"] == every.decisions + every.games
    assert sampled.outputs["render"] <= sampled.decisions // 5 + 2 * sampled.games
    assert "(the outputs at every 5th and each game's end)" in sampled.text()


@pytest.mark.parametrize("bad", [["--minutes", "-1"], ["--seed", "-3"], ["--outputs-every", "0"]])
def test_the_command_refuses_a_negative_number(
    bad: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*bad, "--out", str(tmp_path)])
    assert stop.value.code == 2
    assert "must be" in capsys.readouterr().err
    assert not (tmp_path / "summary.md").exists()


def test_a_declaration_that_fails_is_reported_and_the_soak_goes_on(
    tiny: Any, tmp_path: Path
) -> None:
    def failing(seed: int, edit: object = None) -> Any:
        if seed % 2:
            raise KeyError("no such option")
        return tinygame.sample_options(seed, edit)

    silkroad.register(tinygame.make_game(sample_options=failing), replace=True)
    summary = soak(60, tmp_path, titles=("tinydraw",), max_games=3)
    assert summary.games == 2  # the even seeds played
    failed = [f for f in summary.failures if f["check"] == "sample_options"]
    assert failed
    assert failed[0]["message"] == "tinydraw sample_options(1): KeyError: 'no such option'"
