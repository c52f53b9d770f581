"""Check 13 of the conformance harness: every output a user reads (the tensor against its
layout, the observation's words, the table text, the pictures, the texts of moves and
events, positions and the learning adapters' observations) works on every state checked,
for the titles and for a game written elsewhere, and each kind of broken output is caught."""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pytest

import silkroad
import tinygame
from silkroad.core.game import OptionalParts
from silkroad.core.tensor import Layout, Segment
from silkroad.testing import ConformanceError, check_game
from silkroad.testing._conformance import AdapterProbe, CheckContext, check_outputs

SEEDS = range(2)
OPTIONS = tinygame.Options(2, 2)
ADAPTER_KINDS = ("OpenSpiel observation", "PettingZoo observation", "Gymnasium observation")


def broken(**overrides: Any) -> Any:
    return tinygame.make_game(**overrides)


def test_a_game_written_elsewhere_gets_every_output_it_offers_checked() -> None:
    # a name of its own: OpenSpiel keeps the first game registered under a name for the
    # whole process, and the broken variants below are Tiny Draws too
    game = tinygame.make_game(spec=attrs.evolve(tinygame.SPEC, name="tinyoutputs"))
    report = check_game(game, OPTIONS, seeds=SEEDS, outputs_every=1)
    for kind in ("tensor", "observation words", "render", "position", *ADAPTER_KINDS):
        assert report.outputs[kind] > report.decisions, kind  # each seat, each decision
    assert report.outputs["describe_move"] > report.decisions  # every viewer
    assert report.outputs["describe_events"] > report.decisions
    assert "svg" not in report.outputs  # Tiny Draw draws no picture: skipped
    assert report.outputs_checked == sum(report.outputs.values())


def test_by_default_the_outputs_are_checked_at_every_fourth_decision_and_the_end() -> None:
    every = check_game(tinygame.GAME, OPTIONS, seeds=SEEDS, outputs_every=1).outputs
    fourth = check_game(tinygame.GAME, OPTIONS, seeds=SEEDS).outputs
    assert every["render"] > fourth["render"] > len(SEEDS)  # sampled decisions, each end
    with pytest.raises(ValueError, match="outputs_every is a whole number from 1 or None, got 0"):
        check_game(tinygame.GAME, OPTIONS, seeds=SEEDS, outputs_every=0)


def test_outputs_every_none_checks_the_outputs_at_each_end_only() -> None:
    ends = check_game(tinygame.GAME, OPTIONS, seeds=SEEDS, outputs_every=None).outputs
    fourth = check_game(tinygame.GAME, OPTIONS, seeds=SEEDS).outputs
    assert ends["render"] == len(SEEDS) < fourth["render"]  # one picture of each end


def test_outputs_and_adapters_can_be_left_out() -> None:
    assert check_game(tinygame.GAME, OPTIONS, seeds=SEEDS, outputs=False).outputs == {}
    kinds = check_game(tinygame.GAME, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1).outputs
    assert "tensor" in kinds
    assert not set(ADAPTER_KINDS) & set(kinds)


@pytest.mark.parametrize("title", ["kashgar", "serica", "dunhuang"])
def test_each_title_offers_every_output(title: str) -> None:
    game = silkroad.get_game(title)
    options = game.default_options()
    state = game.new_game(options, 1)
    n = game.num_players(state)
    moves = game.legal_moves(state)
    tally: dict[str, int] = {}
    probe = AdapterProbe(game, options, n)
    check_outputs(
        CheckContext(game, options, 1), state, moves, moves[0], n, adapters=probe, tally=tally
    )
    assert tally["svg"] == n + 1  # each seat's picture and the table's
    assert tally["tensor"] == n
    assert tally["position"] == 1
    for kind in ADAPTER_KINDS:
        assert tally[kind] >= n, kind


def _tensor_of_size(size: int) -> Any:
    def tensor(observation: Any) -> Any:
        return np.zeros(size, np.float32)

    return tensor


def _layout(size: int, high: float = 1.0) -> Any:
    def layout(options: Any) -> Layout:
        labels = tuple(f"entry {i}" for i in range(size))
        return Layout((Segment("all", (labels,), "zero", low=0.0, high=high),))

    return layout


def test_catches_a_tensor_longer_than_its_layout() -> None:
    game = attrs.evolve(
        tinygame.GAME,
        optional=OptionalParts(
            observation_tensor=_tensor_of_size(9), observation_layout=_layout(8)
        ),
    )
    with pytest.raises(ConformanceError, match=r"observation_tensor of player 0 has shape \(9,\)"):
        check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)


def test_catches_a_tensor_that_raises() -> None:
    def tensor(observation: Any) -> Any:
        raise ValueError("too many frames for the tensor")

    game = attrs.evolve(
        tinygame.GAME,
        optional=OptionalParts(observation_tensor=tensor, observation_layout=_layout(8)),
    )
    with pytest.raises(ConformanceError, match="observation_tensor .* raised ValueError: too many"):
        check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)


def test_catches_a_tensor_outside_its_bounds() -> None:
    def tensor(observation: Any) -> Any:
        return np.full(8, 2.0, np.float32)

    game = attrs.evolve(
        tinygame.GAME,
        optional=OptionalParts(observation_tensor=tensor, observation_layout=_layout(8)),
    )
    with pytest.raises(ConformanceError, match="segment 'all' holds 2..2, outside its bounds 0..1"):
        check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)


def test_catches_an_empty_table_text() -> None:
    with pytest.raises(ConformanceError, match="render gave ''"):
        check_game(
            broken(render=lambda state: ""), OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1
        )


def test_catches_a_picture_that_is_not_svg() -> None:
    game = broken(svg=lambda state, player=None: "<svg><g></svg>")
    with pytest.raises(ConformanceError, match=r"svg\(state, 0\) is not well-formed XML"):
        check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)
    game = broken(svg=lambda state, player=None: "<html/>")
    with pytest.raises(ConformanceError, match="is a <html>, not an <svg>"):
        check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)


def test_a_well_formed_picture_passes_and_is_counted() -> None:
    game = broken(svg=lambda state, player=None: '<svg xmlns="http://www.w3.org/2000/svg"/>')
    report = check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)
    assert report.outputs["svg"] > report.decisions


def test_catches_event_texts_that_raise() -> None:
    def events(state: Any, move: Any, viewer: int | None = None) -> tuple[str, ...]:
        if viewer == 1:
            raise KeyError("a good in an order the set gave")
        return ()

    with pytest.raises(ConformanceError, match="describe_events raised KeyError"):
        check_game(
            broken(describe_events=events), OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1
        )


def test_catches_a_move_text_that_is_empty() -> None:
    game = broken(describe_move=lambda state, move, viewer=None: " ")
    with pytest.raises(ConformanceError, match="describe_move"):
        check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)


def test_catches_observation_words_that_are_not_json() -> None:
    game = broken(observation_words=lambda observation: {"hand": {1, 2}})
    with pytest.raises(ConformanceError, match="observation words raised TypeError"):
        check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)


def test_catches_a_position_that_does_not_read_back() -> None:
    def write(state: Any) -> str:
        return "position"

    def read(text: str, options: Any = None) -> Any:
        return tinygame.new_game(OPTIONS, 99)

    game = broken(to_position=write, from_position=read)
    with pytest.raises(ConformanceError, match="position does not read back"):
        check_game(game, OPTIONS, seeds=SEEDS, adapters=False, outputs_every=1)


def test_catches_an_adapter_observation_that_breaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """An adapter whose observation leaves its space is caught (here PettingZoo's, made
    to give one entry too many)."""
    from silkroad.adapters.pettingzoo import SilkroadEnv

    observe = SilkroadEnv.observe

    def longer(self: Any, agent: str) -> Any:
        seen = observe(self, agent)
        return {**seen, "observation": np.append(seen["observation"], np.float32(0))}

    monkeypatch.setattr(SilkroadEnv, "observe", longer)
    with pytest.raises(ConformanceError, match="PettingZoo observation of player_0 is not in"):
        check_game(tinygame.GAME, OPTIONS, seeds=SEEDS, outputs_every=1)
