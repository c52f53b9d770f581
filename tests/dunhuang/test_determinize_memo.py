"""[DH-2.3] ``determinize`` lays each observation's state out once and copies it per deal:
the worlds are those of a state built field by field, whatever was determinized before."""

from __future__ import annotations

import importlib

import attrs
import pytest

from silkroad.core.memo import clear_memos
from silkroad.dunhuang import Options, apply, determinize, legal_moves, new_game, observe
from silkroad.dunhuang.observe import Observation
from silkroad.dunhuang.state import State

observe_module = importlib.import_module("silkroad.dunhuang.observe")

pytestmark = pytest.mark.rule("DH-2.3")


def _observations(options: Options, seed: int, every: int) -> list[Observation]:
    s = new_game(options, seed)
    out = []
    for k in range(400):
        moves = legal_moves(s)
        if not moves:
            break
        if k % every == 0:
            out.append(observe(s, k % len(s.players)))
        s = apply(s, moves[(k * 7) % len(moves)])
    return out


def _field_by_field(world: State) -> State:
    """The same state built through ``__init__``, every field given."""
    return State(**{a.name: getattr(world, a.name) for a in attrs.fields(State)})


@pytest.mark.parametrize("options", [Options(3), Options(4, promos=True), Options(1)])
def test_each_world_is_the_state_built_anew_whatever_came_before(options: Options) -> None:
    seen = _observations(options, 3, 23)
    assert len(seen) > 2
    first = [determinize(o, 5) for o in seen]
    for o, world in zip(reversed(seen), reversed(first), strict=True):
        clear_memos()
        fresh = determinize(o, 5)
        again = determinize(o, 5)
        other = determinize(o, 6)
        assert fresh == world == again == _field_by_field(world)
        assert repr(fresh) == repr(world)
        assert other.players is not fresh.players
        # a later deal of the same observation leaves an earlier world as it was
        assert determinize(o, 5) == world
    assert observe_module._LAST_BLANK.pair[0] is seen[0]
