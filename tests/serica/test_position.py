"""[SR-3] Serica positions: partial positions filled from the seeded setup, and the
positions that cannot be a state refused with the field and the rule."""

from __future__ import annotations

import pytest

from silkroad.core.errors import StateError, UnknownCardError
from silkroad.serica import GAME, Options, new_game
from silkroad.serica.position import bare_table, lookup
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


@pytest.mark.rule("SR-4")
@pytest.mark.parametrize(
    "query", ["trading-post", "Trading Post", "trading post", "trading-post#2", 20]
)
def test_lookup_finds_a_card_by_key_printed_name_copy_or_id(query: str | int) -> None:
    info = lookup(query)
    t = table(Options())
    assert info.key == "trading-post"
    assert info.name == "Trading Post"
    assert info.copies == ("trading-post#1", "trading-post#2")
    assert [t.card[i].key for i in info.ids] == ["trading-post", "trading-post"]
    assert info.id == (None if query in ("trading-post", "Trading Post", "trading post") else 20)
    assert info.ids[1] == 20
    assert "Trading Post" in info.text
    assert "swap" in info.text
    assert info.deck == "trade"


def test_lookup_refuses_a_card_of_no_game() -> None:
    with pytest.raises(UnknownCardError, match="'dragon' is not a card"):
        lookup("dragon")
    with pytest.raises(UnknownCardError):
        lookup(table(Options()).n_cards)


@pytest.mark.rule("SR-3")
def test_a_bare_table_deals_nothing_and_holds_every_card_in_the_crossroads_pile() -> None:
    state = bare_table(Options(), 4)
    t = table(state.options)
    assert sorted(state.cross_pile) == list(range(t.n_cards))
    assert not state.crossroads
    assert not state.cross_discard
    for player in state.players:
        assert not player.draw
        assert not player.empire
        assert not player.discard
        assert not player.secret
        assert player.fields == ((),) * 4
        assert player.vp == 0
        assert player.artisans == 0
        assert not any(player.supply)
    assert (state.first, state.active) == (0, 0)
    assert bare_table(Options(first_player=1), 4).first == 1
    assert bare_table(Options(), 4).cross_pile != bare_table(Options(), 5).cross_pile


@pytest.mark.rule("SR-3")
def test_a_bare_position_names_only_what_it_is_about() -> None:
    state = GAME.from_position(
        """
        setup = "bare"
        active = 1
        step = "build"
        [player.1]
        empire = ["soldier"]
        artisans = 2
        """
    )
    t = table(state.options)
    # the Soldier comes from the Crossroads pile; nobody else holds a card
    assert [t.card[c].key for c in state.players[1].empire] == ["soldier"]
    assert not state.players[0].empire
    assert not state.players[0].draw
    assert not state.players[1].draw
    assert not state.crossroads
    assert len(state.cross_pile) == t.n_cards - 1
    assert "Build(card='soldier', field=1)" in [repr(m) for m in GAME.legal_moves(state)]
    assert GAME.from_position(GAME.to_position(state)) == state


@pytest.mark.rule("SR-3")
def test_the_first_player_is_derived_from_the_options_and_a_contradiction_refused() -> None:
    assert GAME.from_position("", Options(first_player=1)).first == 1
    assert GAME.from_position('setup = "bare"', Options(first_player=1)).first == 1
    assert GAME.from_position("first = 1", Options(first_player=1)).first == 1
    with pytest.raises(StateError, match=r"first: 0 given, but 1 derived \(SR-3: the options"):
        GAME.from_position("first = 0", Options(first_player=1))
    # options leaving it open: the position may give it, else the table's
    assert GAME.from_position("first = 1").first == 1
    assert GAME.from_position("").first == new_game(Options(), 0).first


@pytest.mark.rule("SR-3")
def test_a_draw_pile_given_as_top_keeps_the_rest_of_the_table_pile_below() -> None:
    setup = new_game(Options(), 0)
    state = GAME.from_position('[crossroads]\npile = { top = ["city"] }\n')
    t = table(state.options)
    assert t.card[state.cross_pile[0]].key == "city"
    assert list(state.cross_pile[1:]) == [c for c in setup.cross_pile if c != state.cross_pile[0]]
    han = GAME.from_position('setup = "bare"\n[player.0]\ndraw = { top = ["guard", "fort"] }\n')
    assert [t.card[c].key for c in han.players[0].draw] == ["guard", "fort"]
    with pytest.raises(StateError, match="player.0.empire: must be an array"):
        GAME.from_position('[player.0]\nempire = { top = ["guard"] }\n')


@pytest.mark.rule("SR-3")
def test_redeal_shuffles_only_what_no_player_has_seen() -> None:
    from silkroad.serica import redeal

    names = [f'"{k}"' for k in ("scholar", "oasis", "guard", "fort", "city", "envoy", "smith")]
    state = GAME.from_position(
        f'setup = "bare"\n[player.0]\ndraw = [{", ".join(names)}]\nknown_top = [0, 2]\n'
    )
    top = list(state.players[0].draw[:2])
    dealt = {redeal(state, seed).players[0].draw[2:] for seed in range(8)}
    for seed in range(8):
        again = redeal(state, seed)
        assert list(again.players[0].draw[:2]) == top  # known to Rome: kept
        assert sorted(again.players[0].draw) == sorted(state.players[0].draw)
        assert sorted(again.cross_pile) == sorted(state.cross_pile)
        assert again.crossroads == state.crossroads
        assert again.rng != state.rng
    assert len(dealt) > 1


@pytest.mark.rule("SR-3")
def test_a_position_giving_the_first_player_and_not_the_active_one_is_at_their_turn() -> None:
    state = GAME.from_position('setup = "bare"\nfirst = 1\n')
    assert (state.first, state.active) == (1, 1)
    assert GAME.from_position('setup = "bare"\nfirst = 1\nactive = 0\n').active == 0
