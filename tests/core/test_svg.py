"""The titles' SVG pictures: valid, self-contained SVG of a readable size, drawn from what
the given player may see, and shown by Jupyter through ``_repr_svg_``."""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import silkroad
from silkroad.arena.match import play_game
from silkroad.core.replay import step_to
from silkroad.core.svg import Canvas, clip, wrap

SVG = "{http://www.w3.org/2000/svg}"
#: (title, players) of every layout the pictures have.
LAYOUTS = [
    ("kashgar", 2),
    ("kashgar", 4),
    ("serica", 2),
    ("dunhuang", 1),
    ("dunhuang", 3),
    ("dunhuang", 4),
]


def states(name: str, players: int, seed: int = 5) -> list[Any]:
    """Some states of a seeded random game: the start, the middle, the end."""
    game = silkroad.get_game(name)
    played = play_game(game, game.default_options(players), seed, ["random"] * players)
    n = len(played.record.moves)
    return [step_to(played.record, k) for k in sorted({0, 1, 7, n // 3, n // 2, n - 1, n})]


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def test_the_canvas_writes_one_top_level_group_per_line() -> None:
    c = Canvas(400, title="a <test> & more")
    g = c.group(id="one")
    c.text(g, 10, 20, "line\nbreak <b>")
    c.rect(c.group(id="two"), 0, 0, 50, 300)
    text = c.to_string()
    root = parse(text)
    assert root.get("width") == "400"
    assert root.get("height") == "310"
    assert [e.get("id") for e in root.iter(f"{SVG}g")] == ["one", "two"]
    lines = text.splitlines()
    assert lines[0].startswith("<svg")
    assert lines[-1] == "</svg>"
    assert any('id="one"' in line and "line break &lt;b&gt;" in line for line in lines)


def test_text_is_wrapped_and_clipped_to_its_width() -> None:
    lines = wrap("Increase ginger +3 / cloves +3 / pepper +3", 80, 10)
    assert len(lines) > 1
    assert all(len(line) <= 13 for line in lines)
    assert wrap("a b c d e f g h i j", 20, 10, max_lines=2)[-1].endswith("…")
    assert clip("Great Barley Field", 60, 10) == "Great Bar…"
    assert clip("short", 60, 10) == "short"


@pytest.mark.parametrize(("name", "players"), LAYOUTS)
def test_pictures_are_valid_self_contained_svg_1000_px_wide(name: str, players: int) -> None:
    module = importlib.import_module(f"silkroad.{name}")
    for state in states(name, players):
        for seat in (None, *range(players)):
            text = module.svg(state, seat)
            root = parse(text)
            assert root.get("width") == "1000"
            assert root.get("viewBox", "").startswith("0 0 1000 ")
            assert "http" not in text.replace("http://www.w3.org/2000/svg", "")
            assert not list(root.iter(f"{SVG}image"))
            assert "url(" not in text
            assert "@import" not in text
            sizes = [float(e.get("font-size", "12")) for e in root.iter(f"{SVG}text")]
            assert sizes
            assert min(sizes) >= 9, "text smaller than 9 px is not readable"
            assert all(e.text for e in root.iter(f"{SVG}text"))


@pytest.mark.parametrize(("name", "players"), LAYOUTS)
def test_a_seat_picture_depends_only_on_what_that_seat_sees(name: str, players: int) -> None:
    """Two states that the seat cannot tell apart (a determinization of its observation)
    draw the same picture, so the picture holds nothing hidden from the seat."""
    game = silkroad.get_game(name)
    module = importlib.import_module(f"silkroad.{name}")
    for state in states(name, players):
        for seat in range(players):
            obs = game.observe(state, seat)
            twin = game.determinize(obs, 99)
            assert module.svg(state, seat) == module.svg(twin, seat) == module.svg(obs)


@pytest.mark.parametrize(("name", "players"), LAYOUTS)
def test_states_and_observations_show_their_picture_in_jupyter(name: str, players: int) -> None:
    game = silkroad.get_game(name)
    module = importlib.import_module(f"silkroad.{name}")
    state = states(name, players)[2]
    assert state._repr_svg_() == module.svg(state) == game.svg(state, None)
    obs = game.observe(state, players - 1)
    assert obs._repr_svg_() == module.svg(state, players - 1)
    with pytest.raises(ValueError, match="observation"):
        module.svg(obs, 0 if players > 1 else 5)
    with pytest.raises(ValueError, match="player"):
        module.svg(state, players + 3)


def test_the_default_move_hiding_follows_the_information_of_the_game(tiny: Any) -> None:
    state = tiny.new_game(tiny.default_options(), 0)
    move = tiny.legal_moves(state)[0]
    me = tiny.current_player(state)
    assert tiny.optional.hides_move is None
    hidden = tiny.spec.information is silkroad.Information.IMPERFECT
    assert tiny.hides_move(state, move, me) is False
    assert tiny.hides_move(state, move, 1 - me) is hidden


def test_an_attribute_is_escaped_once_and_read_back_as_set() -> None:
    canvas = Canvas(100, title="a & b")
    group = canvas.group(data_name='say "<hi>" & go', data_n=3, data_x=1.25)
    group.set("data-more", "x > y")
    assert group.get("data-name") == 'say "<hi>" & go'
    assert group.get("data-more") == "x > y"
    assert group.get("data-n") == "3"
    assert group.get("data-x") == "1.2"
    element = parse(canvas.to_string()).find("{http://www.w3.org/2000/svg}g")
    assert element is not None
    assert element.get("data-name") == 'say "<hi>" & go'
    assert element.get("data-more") == "x > y"
