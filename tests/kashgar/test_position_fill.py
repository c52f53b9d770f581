"""[KG-2] The filling rule of Kashgar positions: a bare card key takes a copy from the
supply first, what the rule moved is reported, a bare table, the values derived from
others (the start player, the points), the display with the top of the order pile, and
every kind of decision written as a position."""

from __future__ import annotations

import pytest

from silkroad.core.errors import StateError, UnknownCardError
from silkroad.core.position import Moved, fill_position
from silkroad.core.rng import Rng
from silkroad.kashgar import GAME, Options, apply, legal_moves, new_game
from silkroad.kashgar.cards import DeckKind
from silkroad.kashgar.position import SUPPLY, bare_table, lookup, names
from silkroad.kashgar.state import Decision
from silkroad.kashgar.table import table


def _names(state: object, cards: object) -> list[str]:
    n = names(state.options)  # type: ignore[attr-defined]
    return [n.name[c] for c in cards]  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- supply first


@pytest.mark.rule("KG-2")
def test_a_bare_key_never_takes_a_card_from_another_players_caravan() -> None:
    # seed 0 deals the Servant to player 1: naming it for player 0 is refused, saying where
    text = '[player.0]\ncaravans = [["patriarch", "grocer"], ["patriarch", "servant"]]'
    with pytest.raises(StateError) as info:
        GAME.from_position(text)
    message = str(info.value)
    assert message.startswith("player.0.caravans[1][1]: no free copy of 'servant'")
    assert "servant is at player.1.caravans[2]" in message
    assert 'setup = "bare"' in message
    # given player 1's caravans too, it is free: player 1 holds what the position says
    state = GAME.from_position(
        text + '\n[player.1]\ncaravans = [["patriarch", "prophet"], ["patriarch", "widow"]]'
    )
    assert [n.split("#")[0] for n in _names(state, state.caravans[1][1])] == ["patriarch", "widow"]


@pytest.mark.rule("KG-2")
def test_a_bare_key_takes_the_supply_first_and_leaves_the_other_seats_as_set_up() -> None:
    setup = new_game(Options.create(2), 0)
    state = GAME.from_position('[player.0]\ncaravans = [["patriarch", "grocer"], ["planter"]]')
    assert state.caravans[1] == setup.caravans[1]
    first, second = state.caravans[0]
    # the Patriarch came from the box (supply), the Planter from the Standard pile
    assert _names(state, first) == ["patriarch#1", "grocer"]
    assert names(state.options).ids["patriarch"][0] in setup.box
    assert second[0] in setup.standard
    assert second[0] not in state.standard


@pytest.mark.rule("KG-2")
def test_a_numbered_copy_is_taken_where_it_is_and_the_report_says_so() -> None:
    # patriarch#7 is in player 1's first caravan at seed 0: naming it takes it from there
    setup = new_game(Options.create(2), 0)
    assert _names(setup, setup.caravans[1][0])[0] == "patriarch#7"
    filled = fill_position(GAME, '[player.0]\norders = []\n[piles]\nreserve = ["patriarch#7"]')
    assert _names(filled.state, filled.state.caravans[1][0]) == ["moneylender"]
    assert filled.moved is not None
    assert Moved("patriarch#7", "player.1.caravans[0]", "piles.reserve", "taken") in filled.moved
    # the set-aside Patriarch of the setup has no place: its pile, the box, takes it
    assert Moved("patriarch#9", "piles.reserve", "piles.removed", "home") in filled.moved


@pytest.mark.rule("KG-2")
def test_the_fill_report_lists_what_the_rule_moved() -> None:
    filled = GAME.fill_position(
        'active = 0\n[player.0]\ncaravans = [["patriarch", "grocer"], ["planter"]]'
    )
    assert filled.moved is not None
    assert [str(m) for m in filled.moved] == [
        "planter#1: taken from piles.standard to player.0.caravans[1]",
        "patriarch#1: taken from piles.removed to player.0.caravans[0]",
        "patriarch#8: left without a place in player.0.caravans[0], to the bottom of piles.removed",
        "patriarch#13: left without a place in player.0.caravans[1], to the bottom of "
        "piles.removed",
        "prophet: left without a place in player.0.caravans[1], to the bottom of piles.starting",
        "patriarch#4: left without a place in player.0.caravans[2], to the bottom of piles.removed",
        "caravan_cook: left without a place in player.0.caravans[2], to the bottom of "
        "piles.starting",
    ]
    # the state is the one from_position reads
    assert filled.state == GAME.from_position(
        'active = 0\n[player.0]\ncaravans = [["patriarch", "grocer"], ["planter"]]'
    )
    # a complete position moves nothing
    complete = GAME.to_position(apply(filled.state, legal_moves(filled.state)[0]))
    assert GAME.fill_position(complete).moved == ()


@pytest.mark.rule("KG-2")
def test_a_card_whose_pile_is_given_goes_out_of_the_game_and_the_report_says_so() -> None:
    filled = fill_position(
        GAME, '[player.0]\ncaravans = [["patriarch", "grocer"]]\n[piles]\nstarting = []'
    )
    assert filled.moved is not None
    spare = [m for m in filled.moved if m.how == "spare"]
    # player 0's Starting cards no longer in a caravan, and the unused ones
    assert {"prophet", "caravan_cook"} < {m.card for m in spare}
    assert len(spare) == 12 - 3 - 1  # all Starting cards but player 1's and the Grocer
    assert all(m.target == "piles.removed" for m in spare)
    assert "its own pile given, to piles.removed" in str(spare[0])


# --------------------------------------------------------------------------- the order pile


@pytest.mark.rule("KG-2")
def test_the_display_and_the_top_of_the_order_pile_may_both_be_given() -> None:
    display = ["small_01_ginger_sacks", "small_02_clove_bundle", "small_03_pepper_jars"]
    display.append("small_04_anise_chest")
    setup = new_game(Options.create(2), 0)
    state = GAME.from_position(
        f"[piles]\ndisplay = {display}\norders = {{ top = ['large_01_large_order'] }}"
    )
    assert _names(state, state.display) == display
    assert _names(state, state.order_deck[:1]) == ["large_01_large_order"]
    # the setup's display went to the bottom of the order pile, in its order
    assert list(state.order_deck[-4:]) == list(setup.display)
    assert sorted([*state.order_deck, *state.display]) == sorted(
        [*setup.order_deck, *setup.display]
    )


# --------------------------------------------------------------------------- a bare table


@pytest.mark.rule("KG-2")
def test_a_bare_table_deals_nothing() -> None:
    options = Options.create(3)
    bare = bare_table(options, 4)
    t = table(options)
    assert all(not caravans for caravans in bare.caravans)
    assert not bare.display
    assert not bare.reserve
    assert sorted(bare.box) == sorted(t.ids[DeckKind.PATRIARCH])
    assert sorted(bare.starting) == sorted(t.ids[DeckKind.STARTING])
    assert len(bare.order_deck) == len(t.ids[DeckKind.ORDERS])
    assert bare.points == (0, 0, 0)
    assert bare.tracks[2] == (3,) * 7
    # the piles are shuffled from the seed
    assert bare.standard == new_game(options, 4).standard
    assert bare.standard != bare_table(options, 5).standard


@pytest.mark.rule("KG-2")
def test_a_bare_position_names_only_what_it_is_about() -> None:
    state = GAME.from_position('setup = "bare"\n[player.1]\ncaravans = [["patriarch", "widow"]]')
    assert [len(c) for c in state.caravans] == [0, 1]
    assert not state.display
    assert state.active == 1 == state.start_player  # nobody else has a card [KG-4]
    # player 0, without a card, is skipped
    after = apply(state, legal_moves(state)[0])
    assert after.active == 1 or after.pending is not None
    with pytest.raises(StateError, match="has no legal move"):
        GAME.from_position('setup = "bare"')
    with pytest.raises(StateError, match="setup: 'empty' is not one of 'seeded', 'bare'"):
        GAME.from_position('setup = "empty"')


# --------------------------------------------------------------------------- derived values


@pytest.mark.rule("KG-4")
def test_the_start_player_left_out_is_derived_from_the_starting_cards() -> None:
    text = (
        '[player.0]\ncaravans = [["patriarch", "widow"]]\n'
        '[player.1]\ncaravans = [["patriarch", "grocer"]]'
    )
    state = GAME.from_position(text)
    assert state.start_player == 1 == state.active  # the Grocer has rank 1
    assert GAME.from_position("start_player = 1\n" + text) == state
    with pytest.raises(StateError) as info:
        GAME.from_position("start_player = 0\n" + text)
    assert str(info.value) == (
        "start_player: 0 given, but 1 derived (KG-4: the lowest-ranked Starting card in a "
        "caravan, grocer (rank 1), is player 1's)"
    )
    # a game under way keeps the start player it gives: the cards have moved since
    under_way = GAME.from_position("turns = 3\nstart_player = 0\n" + text)
    assert under_way.start_player == 0


@pytest.mark.rule("KG-7")
def test_points_left_out_are_derived_and_points_given_must_be_them() -> None:
    text = '[player.0]\ncaravans = [["patriarch", "grocer", "noble"]]'
    assert GAME.from_position(text).points[0] == 4  # Grocer 1, Noble 3
    with pytest.raises(StateError, match=r"^player.0.vp: 5 given, but 4 derived \(KG-7"):
        GAME.from_position(text.replace("[player.0]", "[player.0]\nvp = 5"))


# --------------------------------------------------------------------------- decisions


@pytest.mark.rule("KG-7")
def test_options_given_for_a_decision_must_be_those_the_rules_offer() -> None:
    text = (
        'setup = "bare"\n[player.0]\ncaravans = [["grocer", "patriarch"]]\n'
        '[[stack]]\ncard = "patriarch"\n'
        '[pending]\ndecision = "keep"\ncards = ["planter", "baker"]\n'
    )
    state = GAME.from_position(text)
    assert GAME.from_position(text + 'options = ["planter", "baker"]') == state
    with pytest.raises(StateError) as info:
        GAME.from_position(text + 'options = ["baker"]')
    assert str(info.value).startswith(
        "pending.options: ['baker#1'] given, but the rules offer ['planter#1', 'baker#1']"
    )
    with pytest.raises(StateError, match="no take decision arises here"):
        GAME.from_position(text.replace('"keep"', '"take"'))


@pytest.mark.rule("KG-7")
def test_every_kind_of_decision_a_random_game_reaches_round_trips() -> None:
    """Seeded random games with every expansion card, 2 to 4 players, until each kind of
    decision has been seen: at each, the position reads back equal."""
    seen: dict[Decision, int] = {}
    for seed in range(40):
        options = Options.create(2 + seed % 3, expansion="all")
        state = new_game(options, seed)
        rng = Rng.from_seed(seed)
        while legal_moves(state):
            if state.pending is not None:
                seen[state.pending.kind] = seen.get(state.pending.kind, 0) + 1
                if seen[state.pending.kind] <= 5:
                    assert GAME.from_position(GAME.to_position(state)) == state
            moves = legal_moves(state)
            i, rng = rng.randrange(len(moves))
            state = apply(state, moves[i])
        if len(seen) == len(Decision):
            break
    assert set(seen) == set(Decision)


# --------------------------------------------------------------------------- lookup


@pytest.mark.rule("KG-1")
def test_lookup_goes_from_a_name_to_what_the_engine_shows_and_back() -> None:
    planter = lookup("planter")
    assert (planter.key, planter.name, planter.deck) == ("planter", "Planter", "standard")
    assert planter.copies == ("planter#1", "planter#2", "planter#3", "planter#4")
    t = table(Options.create(2))
    assert all(t.defs[i].key == "planter" for i in planter.ids)
    assert planter.id is None
    assert "gain 3 ginger or 3 cloves" in planter.text
    assert lookup("Planter") == planter == lookup(" PLANTER ")
    assert lookup("planter#3").id == planter.ids[2]
    by_id = lookup(planter.ids[1])
    assert (by_id.key, by_id.id) == ("planter", planter.ids[1])
    order = lookup("Large Order")
    assert order.key == "large_01_large_order"
    assert order.copies == ("large_01_large_order",)
    assert "turned: Matriarch" in lookup("patriarch").text
    # the ids depend on the options: the expansion cards come before the Special cards
    vizier = lookup("vizier", Options.create(2, expansion="all"))
    assert vizier.ids != lookup("vizier").ids
    for bad in ("unicorn", "planter#9", 9999, -1):
        with pytest.raises(UnknownCardError):
            lookup(bad)


@pytest.mark.rule("KG-2")
def test_the_supply_is_the_draw_piles_and_the_box_and_a_bare_key_takes_each_kind_there() -> None:
    """Every zone of the supply is a face-down pile or the box, never an open zone (the
    display, the discard pile, the set-aside Patriarch) nor a player's; and a bare key of
    each kind takes its copy from its own supply pile."""
    assert all(zone.startswith("piles.") for zone in SUPPLY)
    assert not {"piles.display", "piles.discard", "piles.reserve"} & set(SUPPLY)
    setup = new_game(Options.create(2, expansion=["messenger"]), 0)
    n = names(setup.options)
    cards = {
        "planter": setup.standard,
        "vizier": setup.special,
        "patriarch": setup.box,
        "messenger": setup.standard,
    }
    text = '[player.0]\ncaravans = [["patriarch", "planter", "vizier", "messenger"]]'
    state = GAME.from_position(text, setup.options)
    for card in state.caravans[0][0]:
        key = n.name[card].split("#")[0]
        assert card in cards[key], key
    # the orders and the Starting cards: the top of the order pile, an unused Starting card
    text = '[player.0]\norders = ["small_01_ginger_sacks"]\ncaravans = [["pilgrim_elder"]]'
    state = GAME.from_position(text)
    setup = new_game(Options.create(2), 0)
    assert state.orders_won[0][0] in setup.order_deck
    assert state.caravans[0][0][0] in setup.starting
