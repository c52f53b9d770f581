"""validate, render and JSON of Kashgar states."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import StateError
from silkroad.core.serialize import dumps, loads
from silkroad.kashgar import GAME, Options, State, new_game, render, validate
from silkroad.kashgar.cards import DeckKind

from .helpers import Builder, play


@pytest.mark.rule("KG-1")
def test_validate_refuses_broken_states() -> None:
    state = new_game(Options.create(2), 0)
    validate(state)
    card = state.standard[0]
    broken = [
        attrs.evolve(state, discard=state.discard.append(card)),  # in two places
        attrs.evolve(state, standard=state.standard.delete(0)),  # nowhere
        attrs.evolve(state, tracks=state.tracks.set(0, (3, 3, 3, 3, 3, 3, 7))),  # mules > 6
        attrs.evolve(state, tracks=state.tracks.set(1, (-1, 3, 3, 3, 3, 3, 3))),
        attrs.evolve(  # an order in a caravan
            state,
            display=state.display.delete(0),
            caravans=state.caravans.set(
                0, state.caravans[0].set(0, state.caravans[0][0].append(state.display[0]))
            ),
        ),
        attrs.evolve(state, special=state.special.append(10_000)),
        attrs.evolve(state, active=5),
    ]
    for bad in broken:
        with pytest.raises(StateError):
            validate(bad)


@pytest.mark.rule("KG-7")
def test_render_shows_the_table() -> None:
    b = Builder()
    noble = b.card("noble")
    state = b.state([[[noble]], [[b.card("baker")]]])
    text = render(state)
    assert f"Noble[{noble}]" in text
    assert "P0 to act" in text
    assert "c1.1" in text
    assert "VP" in text
    assert "Orders on display" in text


@pytest.mark.rule("KG-1")
def test_states_with_custom_card_data_round_trip_through_json() -> None:
    options = Options.create(2)
    data = options.card_data
    custom = options.with_deck(DeckKind.SPECIAL, data.special[::-1])
    state = play(new_game(custom, 3), *[])
    text = dumps(state, GAME)
    again: State = loads(text, State, GAME)
    assert again == state
    assert loads(dumps(custom, GAME), Options, GAME) == custom
