"""[DH-2] Dunhuang positions: partial positions filled from the seeded setup, and the
positions that cannot be a state refused with the field and the rule."""

from __future__ import annotations

import pytest

from silkroad.core.errors import StateError
from silkroad.dunhuang import GAME, Options, legal_moves, new_game
from silkroad.dunhuang.state import ChoiceKind, Phase


@pytest.mark.rule("DH-2")
def test_a_partial_position_is_the_setup_with_the_named_parts_moved() -> None:
    setup = new_game(Options(), 0)
    state = GAME.from_position(
        """
        phase = "action"
        drafting = false
        turn = 0
        [board]
        row = ["Weaver", "Banker", "", "Miner"]
        [player.0]
        characters = ["Gold Prospector", "", ""]
        grain = [2, 0, 0]
        hand = ["t201"]
        """
    )
    assert state.phase is Phase.ACTION
    assert state.choice is None  # the decision goes with the phase
    assert state.row == (401, 203, None, 204)
    assert state.players[0].characters == (201, None, None)
    assert state.players[0].hand == (201,)
    # the old row went back to the bottom of the deck; every character in one place
    assert sorted([*state.deck, 401, 203, 204, 201]) == sorted(
        [*setup.deck, *(c for c in setup.row if c is not None)]
    )
    # the draft tiles are out of the game, the one in hand aside
    assert 201 not in state.gone
    assert legal_moves(state)
    assert GAME.from_position(GAME.to_position(state)) == state


@pytest.mark.rule("DH-2")
def test_a_printed_name_two_characters_in_play_share_names_neither() -> None:
    """Gold and Iron each have a Miner (c204, c802): with both in play a position writes
    them by id and reads them back; the bare name is refused naming both ids, and a name
    only one character has still reads."""
    options = Options(4, ("gold", "iron", "tea"))
    state = new_game(options, 1)
    text = GAME.to_position(state)
    assert '"Miner"' not in text
    assert '"c204"' in text
    assert '"c802"' in text
    assert GAME.from_position(text) == state
    row = '[board]\nrow = ["Miner", "Banker", "", ""]\n'
    with pytest.raises(StateError, match=r"board.row\[0\]: 'Miner' is the printed name of "):
        GAME.from_position(row, options)
    with pytest.raises(StateError, match=r"several characters in play \(c204, c802\)"):
        GAME.from_position(row, options)
    assert GAME.from_position(row.replace('"Miner"', '"c802"'), options).row[0] == 802
    assert GAME.from_position('[board]\nrow = ["Miner", "", "", ""]').row[0] == 204  # unique


@pytest.mark.rule("DH-3.2")
def test_a_position_naming_the_decision_resumes_at_it() -> None:
    state = GAME.from_position(
        """
        phase = "action"
        drafting = false
        [board]
        row = ["Weaver", "Banker", "Tea Trader", "Miner"]
        [player.0]
        coins = 2
        [pending]
        decision = "recruit"
        player = 0
        about = "paid"
        [action]
        player = 0
        meeple = 2
        """
    )
    assert state.choice is not None
    assert state.choice.kind is ChoiceKind.RECRUIT
    assert legal_moves(state), "the decision resumes with the characters it may take"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[player.0]\nhand = ["t201", "t201"]',
            r"hand\[1\]: t201 is also at player.0.hand\[0\].*DH-1",
        ),
        ('[player.0]\nhand = ["t999"]', r"hand\[0\]: 't999' is not a fresco tile"),
        ('[board]\nrow = ["Dragon", "", "", ""]', r"board.row\[0\]: 'Dragon' is not a character"),
        ('[board]\nrow = ["Weaver"]', r"board.row: the recruiting row has 4 positions"),
        ("[player.4]\ncoins = 1", r"player.4: no such seat: a 4-player game has seats 0 to 3"),
        ("[player.0]\ncoins = -1", r"player.0.coins: -1 is below 0"),
        ("round = 9", r"round: 9 is above 8 \(DH-3: 8 rounds\)"),
        (
            "[player.0]\ntokens = { unicorn = 1 }",
            r"player.0.tokens.unicorn: 'unicorn' is not a token",
        ),
        ("[spots]\nb3 = { player = 7, meeple = 1 }", r"spots.b3.player: 7 is above 3"),
        ("[spots]\nz9 = { player = 0, meeple = 1 }", r"spots.z9: not an action spot"),
        ("[player.0]\nfrescoes = [{}, {}, { die = 2 }]", r"a die stands on a fresco tile"),
        ('phase = "action"\n[pending]\ndecision = "dance"\nplayer = 0', r"pending.decision"),
    ],
)
def test_a_position_that_cannot_be_a_state_names_the_field_and_the_rule(
    text: str, message: str
) -> None:
    with pytest.raises(StateError, match=message):
        GAME.from_position(text)


#: A solitaire position the soak reached: an upgrade asked by a frame of effects after
#: the action ended, so no action is in progress (``action = false``).
_UPGRADE_AFTER_AN_ACTION = """
game = "dunhuang"
format = 1
phase = "action"
round = 7
first = 0
turn = 0
revealed = true
drafting = false
achievements = {china-q2 = 0, silk-q1 = 0}
next_first = 0
pending = {decision = "upgrade", player = 0}
action = false

[[stack]]
player = 0
effects = ["upgrade"]
manual = false
done = true
quest = false

[options]
packs = ["silk", "china"]
players = 1

[board]
row = ["Collector", "Glazer", "Clay Digger", "Dyer"]
deck = ["Potter", "Porcelain Dealer", "Courier", "Silkworm Farmer", "Kiln Keeper"]
discard = ["Embroiderer", "Silk Merchant", "Painter of Vases", "Porter", "Tailor", "Silk Patron"]
public = ""
gone = ["t402", "t501"]

[spots]
b3 = {player = 0, meeple = 1}
b6 = {player = 0, meeple = 2}

[player.0]
coins = 9
pigment = 0
vp = 24
income = 0
left = 0
right = 0
tokens.china-material = 1
tokens.china-product = 1
tokens.china-whiteware = 2
tokens.silk-clothes = 2
tokens.silk-material = 3
characters = ["", "", ""]
grain = [0, 0, 0]
home = [false, false, true]
frescoes = [{tile = "t502", die = 2}, {tile = "t505", die = 2}, {tile = "t406", die = 2}]
hand = []
counters = {"left:silk" = 1, "painted:china" = 2, "painted:silk" = 1, "recruited:silk" = 1}

[solitaire]
stack = ["t404", "t503", "t403", "t507", "t504", "t401", "t506", "t407", "t405"]
known = 9
drawn = []
publics = ["", "", "", "", "", "", "", "", "", "", "", "", "", ""]
aside = ["Weaver"]"""


@pytest.mark.rule("DH-3.2")
def test_a_decision_of_effects_outside_an_action_reads_back_without_one() -> None:
    """An upgrade in the action phase is usually taken inside an action, and a position
    that names none gets its player's; one asked by effects after the action says
    ``action = false``, and its position reads back equal (it once read back with an
    action, which the soak caught)."""
    state = GAME.from_position(_UPGRADE_AFTER_AN_ACTION)
    assert state.choice is not None
    assert state.choice.kind is ChoiceKind.UPGRADE
    assert state.action is None
    GAME.validate(state)
    text = GAME.to_position(state)
    assert "\naction = false\n" in text
    assert GAME.from_position(text) == state
    implied = GAME.from_position(_UPGRADE_AFTER_AN_ACTION.replace("action = false\n", ""))
    assert implied.action is not None
    assert (implied.action.player, implied.action.meeple) == (0, None)
    with pytest.raises(StateError, match="false for no action"):
        GAME.from_position(_UPGRADE_AFTER_AN_ACTION.replace("action = false", "action = true"))
