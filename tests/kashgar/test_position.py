"""[KG-2] Kashgar positions: partial positions filled from the seeded setup, and the
positions that cannot be a state refused with the field and the rule."""

from __future__ import annotations

import tomllib

import attrs
import pytest

from silkroad.core.errors import StateError
from silkroad.kashgar import GAME, Keep, Options, legal_moves, new_game
from silkroad.kashgar.cards import DeckKind
from silkroad.kashgar.rules import apply
from silkroad.kashgar.state import State
from silkroad.kashgar.table import table


@pytest.mark.rule("KG-2")
def test_named_cards_move_out_of_their_setup_places_and_the_rest_goes_home() -> None:
    setup = new_game(Options.create(2), 0)
    state = GAME.from_position(
        """
        active = 0
        [player.0]
        caravans = [["patriarch", "grocer"], ["planter"]]
        tracks = { mules = 3, cinnamon = 6 }
        """
    )
    t = table(state.options)
    grocer = t.ids[DeckKind.STARTING][
        [d.key for d in t.defs].index("grocer") - len(t.ids[DeckKind.PATRIARCH])
    ]
    assert t.defs[state.caravans[0][0][1]].key == "grocer"
    assert t.defs[state.caravans[0][1][0]].key == "planter"
    assert state.tracks[0] == (3, 3, 3, 3, 6, 3, 3)
    assert state.caravans[1] == setup.caravans[1]  # player 1 as in the setup
    # the planter left the Standard pile; player 0's old Starting cards went home
    assert state.caravans[0][1][0] not in state.standard
    assert len(state.starting) == len(setup.starting) + 3 - 1
    assert grocer not in state.starting
    # the 2 Patriarchs of player 0 no longer in a caravan are out of the game
    assert len(state.box) == len(setup.box) + 2
    assert GAME.from_position(GAME.to_position(state)) == state


@pytest.mark.rule("KG-2")
def test_a_pile_given_as_top_keeps_the_rest_of_the_setup_pile_below() -> None:
    setup = new_game(Options.create(2), 5)
    state = GAME.from_position('seed = 5\n[piles]\nstandard = { top = ["planter", "baker"] }')
    t = table(state.options)
    assert [t.defs[c].key for c in state.standard[:2]] == ["planter", "baker"]
    assert sorted(state.standard) == sorted(setup.standard)


@pytest.mark.rule("KG-7")
def test_a_position_naming_the_pending_decision_resumes_at_it() -> None:
    state = GAME.from_position(
        """
        active = 0
        [player.0]
        caravans = [["grocer", "patriarch"]]
        [pending]
        decision = "keep"
        player = 0
        cards = ["planter", "baker"]
        keep = 1
        deck = "standard"
        [[stack]]
        player = 0
        caravan = 1
        card = "patriarch#1"
        kind = "caravan"
        action = 1
        step = 1
        """
    )
    moves = legal_moves(state)
    keys = sorted(table(state.options).defs[m.card].key for m in moves if isinstance(m, Keep))
    assert keys == ["baker", "planter"]
    after = GAME.apply(state, moves[0])
    assert after.pending is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[player.0]\ncaravans = [["grocer", "grocer"]]',
            r"caravans\[0\]\[1\]: grocer is also at player.0.caravans\[0\]\[0\]",
        ),
        (
            '[player.0]\ncaravans = [["grocer"]]\n[piles]\ndiscard = ["grocer"]',
            r"player.0.caravans\[0\]\[0\]: grocer is also at piles.discard\[0\].*KG-1",
        ),
        ("[player.0]\ntracks = { ginger = 12 }", r"player.0.tracks.ginger: 12 is above 9 \(KG-1"),
        ("[player.0]\ntracks = { mules = -1 }", r"player.0.tracks.mules: -1 is below 0"),
        ('[player.0]\ncaravans = [["dragon"]]', r"caravans\[0\]\[0\]: 'dragon' is not a card"),
        ("[player.5]\nvp = 1", r"player.5: no such seat: a 2-player game has seats 0 to 1"),
        ('[player.0]\ncaravans = [["patriarch#99"]]', r"'patriarch' has 13 copies"),
        ("active = 3", r"active: 3 is above 1 \(a seat of the 2 players\)"),
        ("round = -2", r"round: -2 is below 0"),
        ('[pending]\ndecision = "dance"\nplayer = 0', r"pending.decision: 'dance' is not one of"),
        ('[pending]\ndecision = "place_left"\nplayer = 0', r"pending: a decision needs the action"),
        ("[piles]\norders = []", r"has no place"),
    ],
)
def test_a_position_that_cannot_be_a_state_names_the_field_and_the_rule(
    text: str, message: str
) -> None:
    with pytest.raises(StateError, match=message):
        GAME.from_position(text)


@pytest.mark.rule("KG-2")
def test_every_counter_and_flag_of_the_state_is_written_and_read_under_its_name() -> None:
    """The reader takes the state's int and bool fields from State itself: each is a key
    of the position the writer makes, and a changed value comes back as written."""
    state = new_game(Options.create(3), 2)
    for _ in range(7):
        state = apply(state, legal_moves(state)[0])
    plain = [
        a.name
        for a in attrs.fields(State)
        if getattr(a.type, "__name__", a.type) in ("int", "bool")
    ]
    assert {"round", "turns", "extra_turns", "over", "active"} <= set(plain)
    text = GAME.to_position(state)
    assert set(plain) <= set(tomllib.loads(text))
    assert GAME.from_position(text.replace(f"turns = {state.turns}", "turns = 40")).turns == 40
