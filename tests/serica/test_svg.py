"""[SR-3] The Serica picture: the user's own cards, and no card of a draw pile."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import attrs
import pytest

from silkroad import serica
from silkroad.arena.match import play_game
from silkroad.core.replay import states
from silkroad.serica import Options, svg

SVG = "{http://www.w3.org/2000/svg}"


def test_card_names_come_from_the_options_card_data() -> None:
    cards = tuple(
        attrs.evolve(c, name="Sentinel") if c.key == "guard" else c for c in Options().card_defs
    )
    state = serica.new_game(Options(first_player=0).with_cards(cards), seed=2)
    picture = svg(state)
    assert "Sentinel" in picture
    assert "Guard" not in picture
    words = " ".join(t.text or "" for t in ET.fromstring(picture).iter(f"{SVG}text"))
    assert "+1 VP or 1 more caravan" in words  # what a Guard's ability does


@pytest.mark.rule("SR-3")
def test_no_card_of_a_draw_pile_is_drawn_face_up() -> None:
    played = play_game(serica.GAME, Options(), 3, ["random", "random"])
    for k, state in enumerate(states(played.record)):
        if k % 25:
            continue
        piles = set(state.cross_pile) | set(state.players[0].draw) | set(state.players[1].draw)
        for seat in (None, 0, 1):
            shown = {int(c) for c in re.findall(r'data-card="(\d+)"', svg(state, seat))}
            assert shown
            assert not shown & piles


def test_no_move_of_serica_is_hidden() -> None:
    state = serica.new_game(Options(), seed=1)
    assert not serica.GAME.hides_move(state, serica.legal_moves(state)[0], 1 - state.active)


@pytest.mark.rule("SR-3")
def test_a_seat_picture_says_what_its_own_draw_pile_holds_as_the_terminal_does() -> None:
    state = serica.new_game(Options(first_player=0), seed=4)
    for seat in (0, 1):
        obs = serica.observe(state, seat)
        own = obs.players[seat].draw_cards
        assert own  # the setup deals cards to the draw pile
        picture = svg(obs, seat)
        words = " ".join(t.text or "" for t in ET.fromstring(picture).iter(f"{SVG}text"))
        assert "your draw pile holds (in some order):" in words
        assert words.count("your draw pile holds") == 1  # the own pile only
    assert "your draw pile holds" not in svg(state)  # the picture of everything: no "your"
