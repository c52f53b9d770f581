"""[SR-3] A state's fields listed once: the observation and ``determinize`` copy the fields
that State and Observation (PlayerState and PlayerView) share, read from ``attrs.fields``;
a position writes every field of State and PlayerState, checked against them."""

from __future__ import annotations

import tomllib

import attrs
import pytest

from silkroad.serica import Options, new_game
from silkroad.serica.observe import (
    Observation,
    PlayerView,
    _builder,
    determinize,
    observe,
)
from silkroad.serica.position import _every_field, from_position, to_position
from silkroad.serica.state import PlayerState, State


def _shared(a: type, b: type) -> set[str]:
    return {f.name for f in attrs.fields(a)} & {f.name for f in attrs.fields(b)}


@pytest.mark.rule("SR-3")
def test_every_field_state_and_observation_share_is_copied_both_ways() -> None:
    state = new_game(Options(first_player=1), 5)
    # a value in every shared field unlike the setup's, so that a field left out shows
    state = attrs.evolve(state, round=7, attacks=(), coop_won=False, truncated=False)
    obs = observe(state, 0)
    for name in _shared(State, Observation) - {"players", "pending"}:
        assert getattr(obs, name) == getattr(state, name), name
    for view, player in zip(obs.players, state.players, strict=True):
        for name in _shared(PlayerState, PlayerView) - {"secret"}:
            assert getattr(view, name) == getattr(player, name), name
    back = determinize(obs, 9)
    for name in _shared(State, Observation) - {"players", "pending"}:
        assert getattr(back, name) == getattr(obs, name), name
    for player, view in zip(back.players, obs.players, strict=True):
        for name in _shared(PlayerState, PlayerView) - {"secret"}:
            assert getattr(player, name) == getattr(view, name), name
    assert observe(back, 0) == obs


def test_a_field_neither_shared_nor_given_stops_the_builder_naming_it() -> None:
    @attrs.frozen
    class Wider:
        options: Options
        player: int
        hidden_extra: int

    with pytest.raises(TypeError, match="hidden_extra"):
        _builder(State, Wider, ("player",))
    with pytest.raises(TypeError, match="nonsense"):
        _builder(State, Wider, ("player", "hidden_extra", "nonsense"))
    build = _builder(State, Wider, ("player", "hidden_extra"))
    state = new_game(Options(), 1)
    assert build(state, player=1, hidden_extra=3) == Wider(state.options, 1, 3)


@pytest.mark.rule("SR-3")
def test_a_position_writes_every_field_of_a_seat_and_of_the_table_under_its_name() -> None:
    state = new_game(Options(first_player=1), 5)
    data = tomllib.loads(to_position(state))
    for seat in data["player"].values():
        # known_top is left out while nobody knows a card on top
        assert set(seat) | {"known_top"} == {a.name for a in attrs.fields(PlayerState)}
    for name in ("round", "active", "first", "step", "coop_won", "truncated", "attacks"):
        assert name in data
    assert from_position(to_position(state)) == state


def test_a_state_field_no_position_key_writes_stops_the_position_module() -> None:
    @attrs.frozen
    class Grown:
        vp: int
        artisans: int
        favour: int

    with pytest.raises(TypeError, match=r"fields not written \['favour'\]"):
        _every_field(Grown, {"vp": None, "artisans": None})
    with pytest.raises(TypeError, match=r"keys of no field \['gold'\]"):
        _every_field(Grown, ("vp", "artisans", "favour", "gold"))
    _every_field(Grown, ("vp", "artisans"), ("favour",))
