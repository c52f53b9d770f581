"""A Dunhuang state's fields listed once: the observation, ``determinize`` and the position
file are built from ``attrs.fields`` of the classes, not a list of their own."""

from __future__ import annotations

import importlib
import itertools
import random
import re
import tomllib
from typing import Any

import attrs
import pytest

from silkroad.dunhuang import Options, apply, determinize, legal_moves, new_game, observe
from silkroad.dunhuang.observe import Observation
from silkroad.dunhuang.position import from_position, to_position
from silkroad.dunhuang.state import Player, Solo, State

from .helpers import player, ready

observe_module = importlib.import_module("silkroad.dunhuang.observe")
position_module = importlib.import_module("silkroad.dunhuang.position")


@attrs.frozen
class _Seen:
    a: int
    b: str


@attrs.frozen
class _Whole:
    a: int
    b: str
    hidden: int


def test_a_maker_copies_the_fields_two_classes_share() -> None:
    make = observe_module._maker(_Whole, ("a", "b"), ("hidden",))
    assert make(_Seen(1, "x"), 7) == _Whole(1, "x", 7)


def test_a_maker_without_a_value_for_every_field_is_refused() -> None:
    with pytest.raises(TypeError, match="_Whole: no value for hidden"):
        observe_module._maker(_Whole, ("a", "b"), ())


@pytest.mark.rule("DH-2.3")
def test_the_observation_copies_every_field_it_shares_with_the_state() -> None:
    state_fields = {a.name for a in attrs.fields(State)}
    seen = {a.name for a in attrs.fields(Observation)}
    assert set(observe_module._SHARED) == (state_fields & seen) - observe_module._OWN
    assert set(observe_module._SOLO) == {a.name for a in attrs.fields(Solo)} & seen
    s = ready(3)
    o = observe(s, 1)
    back = determinize(o, 5)
    for name in observe_module._SHARED:
        assert getattr(o, name) == getattr(s, name), name
        assert getattr(back, name) == getattr(s, name), name


@pytest.mark.rule("DH-6.3.3")
def test_the_solitaire_parts_are_shown_and_dealt_back() -> None:
    s = ready(1, ("silk", "gold"))
    o = observe(s, 0)
    back = determinize(o, 2)
    assert back.solo is not None
    for name in observe_module._SOLO:
        assert getattr(o, name) == getattr(s, name) == getattr(back, name), name


@pytest.mark.rule("DH-2")
def test_the_position_writes_and_reads_every_field_of_a_player() -> None:
    assert set(position_module._PLAYER_KEYS) == {a.name for a in attrs.fields(Player)}
    s = ready(3)
    s = player(s, 1, coins=7, pigment=3, vp=11)
    text = to_position(s)
    section = text[text.index("[player.1]") :]
    section = section[: section.index("[player.2]")]
    for name in position_module._PLAYER_KEYS:
        if name == "drafted" and not s.players[1].drafted:
            continue
        assert f"\n{name} = " in section or f"[player.1.{name}]" in section, name
    assert from_position(text) == s


@pytest.mark.rule("DH-2")
def test_a_value_of_a_player_given_in_a_position_is_read() -> None:
    s = ready(3)
    text = to_position(player(s, 0, coins=9))
    assert "\ncoins = 9\n" in text
    assert from_position(text).players[0].coins == 9
    assert from_position(text.replace("\ncoins = 9\n", "\ncoins = 5\n", 1)).players[0].coins == 5


def _paths(doc: dict[str, Any], prefix: str = "") -> set[str]:
    out = set()
    for key, value in doc.items():
        path = f"{prefix}{key}"
        out.add(path)
        if isinstance(value, dict):
            out |= _paths(value, f"{path}.")
    return out


@pytest.mark.rule("DH-2")
@pytest.mark.parametrize("options", [Options(3), Options(1)], ids=["3p", "solitaire"])
def test_every_field_of_the_state_has_its_key_in_the_position(options: Options) -> None:
    assert set(position_module._STATE_KEYS) == {a.name for a in attrs.fields(State)}
    s = new_game(options, 2)
    rng = random.Random(2)
    seen: set[str] = set()
    for _ in itertools.count():
        # a position of each state that holds a field not yet seen written
        unseen = [n for n, key in position_module._STATE_KEYS.items() if key not in seen]
        if any(getattr(s, n) not in (None, (), False) for n in unseen):
            paths = _paths(tomllib.loads(to_position(s)))
            seen |= {re.sub(r"^player\.\d+\.", "player.N.", p) for p in paths}
        if not legal_moves(s):
            break
        s = apply(s, rng.choice(legal_moves(s)))
    # solitaire has no draft and no first player to pass on, and its random games queue
    # no decision (seeds 0-5 tried); only solitaire has solo
    optional = {"draft", "next_first", "queue"} if options.players == 1 else {"solo"}
    for name, key in position_module._STATE_KEYS.items():
        if name not in optional:
            assert key in seen, (name, key)
