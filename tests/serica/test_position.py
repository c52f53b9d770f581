"""[SR-3] Serica positions: partial positions filled from the seeded setup, and the
positions that cannot be a state refused with the field and the rule."""

from __future__ import annotations

import pytest

from silkroad.core.errors import StateError
from silkroad.serica import GAME, Options, new_game
from silkroad.serica.state import PendingKind, Step
from silkroad.serica.table import table


@pytest.mark.rule("SR-3")
def test_a_partial_position_moves_the_named_cards_and_sends_the_rest_home() -> None:
    setup = new_game(Options(), 0)
    state = GAME.from_position(
        """
        active = 1
        step = "build"
        [player.1]
        empire = ["encampment", "outpost"]
        artisans = 10
        supply = { silk = 2 }
        """
    )
    t = table(state.options)
    assert [t.card[c].key for c in state.players[1].empire] == ["encampment", "outpost"]
    assert state.players[1].supply == (0, 0, 0, 0, 0, 2)
    assert state.step is Step.BUILD
    # Rome's dealt Empire went back to the bottom of its draw pile
    old = [c for c in setup.players[1].empire if c not in state.players[1].empire]
    assert list(state.players[1].draw[-len(old) :]) == [
        c for c in old if c not in state.players[1].empire
    ]
    assert state.players[0] == setup.players[0]
    assert GAME.from_position(GAME.to_position(state)) == state


@pytest.mark.rule("SR-5.2")
def test_a_position_naming_the_pending_decision_resumes_at_it() -> None:
    state = GAME.from_position(
        """
        active = 0
        step = "build"
        [crossroads]
        row = ["encampment"]
        [player.0]
        artisans = 3
        [pending]
        decision = "place"
        card = "encampment"
        """
    )
    assert state.pending is not None
    assert state.pending.kind is PendingKind.PLACE
    assert GAME.legal_moves(state)
    GAME.apply(state, GAME.legal_moves(state)[0])  # the card built from the Crossroads


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[player.0]\nempire = ["scholar#1", "scholar#1"]', r"empire\[1\]: scholar#1 is also at"),
        ('[player.0]\nempire = ["dragon"]', r"empire\[0\]: 'dragon' is not a card"),
        ('[player.0]\nfields = [["bandit"], [], [], []]', r"an Enemy card is never built"),
        ("[player.0]\nfields = [[]]", r"player.0.fields: a player has 4 fields"),
        ("[player.2]\nvp = 1", r"player.2: no such seat"),
        ("[player.0]\nvp = -3", r"player.0.vp: -3 is below 0"),
        ("[player.0]\nsupply = { silk = -1 }", r"player.0.supply.silk: -1 is below 0"),
        ("[player.0]\ncaravans = [{ route = 5 }]", r"caravans\[0\].route: 5 is above 3"),
        ('step = "nap"', r"step: 'nap' is not one of"),
        ("active = 2", r"active: 2 is above 1"),
    ],
)
def test_a_position_that_cannot_be_a_state_names_the_field_and_the_rule(
    text: str, message: str
) -> None:
    with pytest.raises(StateError, match=message):
        GAME.from_position(text)


@pytest.mark.rule("SR-4", "SR-8.3")
def test_a_turns_strength_comes_from_its_readied_cards_and_old_numbers_must_agree() -> None:
    """A readied Soldier in the Empire gives the turn its strength; a position written
    before rules 1.3 (a ``defense`` number) still reads when the number agrees, and is
    refused, naming the key, when no readied card gives it."""
    text = """
        active = 0
        step = "buy"
        [player.0]
        empire = ["soldier", "outpost"]
        [turn]
        used = ["soldier", "outpost"]
        readied = [
            { card = "soldier", ability = "soldier" },
            { card = "outpost", ability = "outpost" },
        ]
        """
    state = GAME.from_position(text)
    assert (state.turn.defense, state.turn.outpost) == (1, 1)
    assert "defense" not in GAME.to_position(state)
    legacy = text + "        defense = 1\n        outpost = 1\n"
    assert GAME.from_position(legacy) == state
    wrong = text.replace("readied = [", "defense = 2\n        readied = [")
    with pytest.raises(StateError, match=r"turn.defense: 2 is not what the readied effects give"):
        GAME.from_position(wrong)
