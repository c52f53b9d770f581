"""The shared pieces of the filling rule (silkroad.core.position): supply first for a bare
card key, the report of what moved, a bare table, derived values, and fill_position for
every title and for a game whose reader does not report."""

from __future__ import annotations

from typing import Any

import pytest

from silkroad import get_game
from silkroad.core.errors import StateError, UnknownCardError
from silkroad.core.position import (
    CardNames,
    CardResolver,
    Fields,
    Filled,
    Moved,
    check_derived,
    failing_at,
    fill_position,
    fill_zones,
    read_start,
)

NAMES = CardNames(["a", "a", "b", "c"], ["Ant", "Ant", "Bee", "Cat"])
SETUP = {"pile": [3, 1], "p0.hand": [0], "p1.hand": [2]}


def _resolver(text: str = "", replaced: Any = ()) -> CardResolver:
    return CardResolver(NAMES, text, setup=SETUP, supply=("pile",), replaced=replaced)


def test_a_bare_key_takes_the_supply_first_then_a_zone_the_position_replaces() -> None:
    r = _resolver(replaced={"p0.hand"})
    fail = failing_at("x")
    assert r.card("a", fail) == 1  # in the pile, though copy 0 has the lower id
    assert r.card("a", fail) == 0  # then the copy in a zone the position gives
    with pytest.raises(StateError, match=r"no free copy of 'a': a#1 is named elsewhere"):
        r.card("Ant", fail)


def test_a_bare_key_never_takes_a_card_of_a_zone_left_as_set_up() -> None:
    r = _resolver()
    with pytest.raises(StateError) as info:
        r.card("b", failing_at("p0.hand[0]"), "p0.hand[0]")
    assert str(info.value).startswith("p0.hand[0]: no free copy of 'b': b is at p1.hand")
    assert "supply (pile)" in str(info.value)
    # a numbered copy, or a card named with its number elsewhere, is not free
    r = _resolver('x = ["a#2"]')
    assert r.card("a#2", failing_at("x")) == 1
    with pytest.raises(StateError, match="a#1 is at p0.hand; a#2 is named elsewhere"):
        r.card("a", failing_at("y"))


def test_without_a_setup_a_bare_key_is_the_lowest_free_copy_as_before() -> None:
    r = CardResolver(NAMES, "")
    assert [r.card("a", failing_at("x")) for _ in range(2)] == [0, 1]
    with pytest.raises(StateError, match="every copy of 'a' is placed already"):
        r.card("a", failing_at("x"))


def test_fill_zones_reports_what_it_moved() -> None:
    moved: list[Moved] = []
    zones = fill_zones(
        {"pile": [3, 1], "p0.hand": [0], "p1.hand": [2]},
        {"p0.hand": [1], "p1.hand": []},
        lambda c: "pile",
        label=NAMES.name.__getitem__,
        tops=(),
        report=moved,
    )
    assert zones == {"pile": [3, 0, 2], "p0.hand": [1], "p1.hand": []}
    assert moved == [
        Moved("a#2", "pile", "p0.hand", "taken"),
        Moved("a#1", "p0.hand", "pile", "home"),
        Moved("b", "p1.hand", "pile", "home"),
    ]
    # a pile given as a top keeps the rest of its setup content, and takes the cards
    # left without a place at its bottom
    moved.clear()
    zones = fill_zones(
        {"pile": [3, 1], "p0.hand": [0]},
        {"pile": [0], "p0.hand": []},
        lambda c: "pile",
        label=NAMES.name.__getitem__,
        tops=("pile",),
        report=moved,
    )
    assert zones == {"pile": [0, 3, 1], "p0.hand": []}
    assert moved == []  # named in the top, out of a zone the position replaces


def test_read_start_refuses_a_bare_setup_where_the_title_has_none() -> None:
    doc = Fields({"setup": "bare", "seed": 3})
    with pytest.raises(StateError, match="setup: bare setup is not available for this title"):
        read_start(doc, None, lambda o, s: ("seeded", s))
    assert read_start(doc, None, lambda o, s: ("seeded", s), lambda o, s: ("bare", s)) == (
        "bare",
        3,
    )
    assert read_start(Fields({}), None, lambda o, s: ("seeded", s)) == ("seeded", 0)


def test_check_derived_gives_the_derived_value_and_refuses_another() -> None:
    assert check_derived(Fields({}), "first", 1, "a rule") == 1
    assert check_derived(Fields({"first": 1}), "first", 1, "a rule") == 1
    with pytest.raises(StateError, match=r"^first: 0 given, but 1 derived \(a rule\)$"):
        check_derived(Fields({"first": 0}), "first", 1, "a rule")


@pytest.mark.parametrize("title", ["kashgar", "serica", "dunhuang"])
def test_every_title_reports_what_its_filling_rule_moved(title: str) -> None:
    game = get_game(title)
    state = game.new_game(game.default_options(), 2)
    complete = game.to_position(state)
    filled = fill_position(game, complete)
    assert filled == Filled(state, ()) == game.fill_position(complete)
    partial = fill_position(game, "seed = 2\n" + _partial(title, game, state))
    assert partial.moved, title
    assert all(isinstance(m, Moved) and m.source != m.target for m in partial.moved)


def _partial(title: str, game: Any, state: Any) -> str:
    """A partial position of ``title`` that replaces a zone of the setup."""
    if title == "kashgar":
        return '[player.0]\ncaravans = [["patriarch", "planter"]]'
    if title == "serica":
        return '[player.0]\nempire = ["soldier"]'
    return '[board]\nrow = ["", "", "", ""]'  # the row's characters back to the deck


def test_serica_takes_a_bare_key_from_the_crossroads_not_from_rome() -> None:
    game = get_game("serica")
    setup = game.new_game(game.default_options(), 0)
    state = game.from_position('[player.0]\nempire = ["soldier"]')
    assert state.players[1] == setup.players[1]  # Rome keeps its starting Soldier
    filled = fill_position(game, '[player.0]\nempire = ["soldier"]')
    assert filled.moved is not None
    assert Moved("soldier#2", "crossroads.pile", "player.0.empire", "taken") in filled.moved


def test_a_game_whose_reader_does_not_report_gives_none(tiny: Any) -> None:
    state = tiny.new_game(tiny.default_options(), 1)
    filled = fill_position(tiny, tiny.to_position(state))
    assert filled == Filled(state, None)
    assert tiny.fill_position(tiny.to_position(state)) == filled


def test_card_names_find_a_key_a_printed_name_a_copy_or_an_id() -> None:
    assert NAMES.find("a") == ("a", None)
    assert NAMES.find("cat") == ("c", None)
    assert NAMES.find("a#2") == ("a", 1)
    assert NAMES.find(2) == ("b", 2)
    for bad in ("a#3", "dog", 7, True):
        with pytest.raises(UnknownCardError):
            NAMES.find(bad)
