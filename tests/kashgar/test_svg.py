"""[KG-7] The Kashgar picture: the user's own cards, and nothing a seat may not see."""

from __future__ import annotations

import re

import attrs
import pytest

from silkroad import kashgar
from silkroad.arena.match import play_game
from silkroad.core.replay import states
from silkroad.kashgar import DeckKind, Options, svg
from silkroad.kashgar.state import Decision


def test_card_names_and_actions_come_from_the_options_card_data() -> None:
    options = Options.create(2)
    renamed = tuple(
        attrs.evolve(c, front=attrs.evolve(c.front, name="Grand Elder"))
        for c in options.card_data.patriarch
    )
    state = kashgar.new_game(options.with_deck(DeckKind.PATRIARCH, renamed), seed=3)
    picture = svg(state)
    assert "Grand Elder" in picture
    assert "Patriarch" not in picture
    assert "draw 2 Standard cards, keep 1" in picture  # the action text of the data


@pytest.mark.rule("KG-7")
def test_cards_another_player_is_looking_at_are_drawn_face_down() -> None:
    played = play_game(kashgar.GAME, Options.create(3), 4, ["random"] * 3)
    found = 0
    for state in states(played.record):
        p = state.pending
        if p is None or p.kind is not Decision.KEEP or not p.cards:
            continue
        found += 1
        held = set(p.cards)
        other = (p.player + 1) % 3
        cards = lambda text: {int(c) for c in re.findall(r'data-card="(\d+)"', text)}  # noqa: E731
        assert held <= cards(svg(state))
        assert held <= cards(svg(state, p.player))
        assert not held & cards(svg(state, other))
        assert f"looks at {len(held)} hidden cards" in svg(state, other)
    assert found


def test_no_move_of_kashgar_is_hidden() -> None:
    state = kashgar.new_game(Options.create(2), seed=1)
    move = kashgar.legal_moves(state)[0]
    assert not kashgar.GAME.hides_move(state, move, 1)
