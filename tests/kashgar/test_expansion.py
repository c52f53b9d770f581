"""[KG-8] The Cut & Thrust expansion: each card, and the options that include it."""

from __future__ import annotations

import pytest

from silkroad.core.errors import RulesError
from silkroad.core.serialize import dumps, loads
from silkroad.kashgar import (
    GAME,
    CaravanAction,
    Keep,
    Options,
    PartingAction,
    Pass,
    Place,
    State,
    current_player,
    legal_moves,
    new_game,
    observation_layout,
    observation_tensor,
    observe,
    render,
)
from silkroad.kashgar.cards import DeckKind
from silkroad.kashgar.describe import describe_events
from silkroad.kashgar.position import to_position
from silkroad.kashgar.state import Frame, FrameKind
from silkroad.kashgar.table import table

from .helpers import Builder, play, track

ALL = Options.create(3, expansion="all")


def _fill(b: Builder, n: int) -> list[list[int]]:
    return [[b.card("baker")] for _ in range(n)]


@pytest.mark.rule("KG-8")
def test_options_take_none_all_or_a_subset() -> None:
    assert Options.create(2).expansion == ()
    assert len(ALL.expansion) == 12
    assert sorted(set(ALL.expansion)) == [
        "beggar",
        "caravan_leader",
        "conjuress",
        "gate_keeper",
        "herder",
        "messenger",
    ]
    subset = Options.create(2, expansion=["herder", "beggar"])
    assert sorted(subset.expansion) == ["beggar", "beggar", "herder", "herder"]
    single = Options(players=2, expansion=("messenger",))
    t = table(single)
    assert [t.defs[i].key for i in t.ids[DeckKind.EXPANSION]] == ["messenger"]
    with pytest.raises(RulesError):
        Options.create(2, expansion=["dragon"])
    with pytest.raises(RulesError):
        Options(players=2, expansion=("herder",) * 3)


@pytest.mark.rule("KG-8")
def test_expansion_cards_are_shuffled_into_the_standard_deck() -> None:
    state = new_game(ALL, 5)
    t = table(ALL)
    in_deck = [c for c in state.standard if t.deck_of[c] is DeckKind.EXPANSION]
    assert len(in_deck) == 12
    assert len(state.standard) == 76 + 12
    plain = new_game(Options.create(3), 5)
    assert len(plain.standard) == 76


@pytest.mark.rule("KG-8")
def test_beggar() -> None:
    b = Builder(ALL)
    beggar = b.card("beggar")
    state = b.state(
        [[[beggar]], _fill(b, 1), _fill(b, 1)], tracks=[track(gold=1), track(gold=2), track(gold=5)]
    )
    state = play(state, CaravanAction(0, 0))
    assert [tr[5] for tr in state.tracks] == [6, 0, 3]
    # Nobody else reaches 0 gold: the Beggar's own gold stays.
    b = Builder(ALL)
    state = b.state(
        [[[b.card("beggar")]], _fill(b, 1), _fill(b, 1)],
        tracks=[track(gold=1), track(gold=3), track(gold=5)],
    )
    state = play(state, CaravanAction(0, 0))
    assert [tr[5] for tr in state.tracks] == [1, 1, 3]


@pytest.mark.rule("KG-8")
def test_caravan_leader() -> None:
    b = Builder(ALL)
    leader = b.card("caravan_leader")
    state = b.state(
        [[[leader]], _fill(b, 1), _fill(b, 1)],
        tracks=[track(mules=6), track(mules=5), track(mules=4)],
    )
    state = play(state, CaravanAction(0, 0))
    assert [tr[6] for tr in state.tracks] == [6, 3, 5]
    # the left neighbour below 5 does not spare the next player, who has 5
    b = Builder(ALL)
    state = b.state(
        [[[b.card("caravan_leader")]], _fill(b, 1), _fill(b, 1)],
        tracks=[track(mules=6), track(mules=4), track(mules=5)],
    )
    state = play(state, CaravanAction(0, 0))
    assert [tr[6] for tr in state.tracks] == [6, 5, 3]


@pytest.mark.rule("KG-8")
def test_conjuress() -> None:
    """The card's order: to the left player's caravan, then another turn, then Mules +3
    ([Rulings] 13): the mules come when the other turn is over."""
    b = Builder(ALL)
    conjuress, behind = b.card("conjuress"), b.card("planter")
    left = [[b.card("baker")], [b.card("servant")], []]
    state = b.state([[[conjuress, behind]], left, _fill(b, 1)], tracks=[track(mules=2)] * 3)
    state = play(state, CaravanAction(0, 0))
    assert current_player(state) == 0  # the Conjuress's player chooses
    # Any caravan of the left player, the empty one too.
    assert legal_moves(state) == (Place(0), Place(1), Place(2))
    state = play(state, Place(1))
    assert list(state.caravans[1][1]) == [left[1][0], conjuress]
    assert list(state.caravans[0][0]) == [behind]
    assert current_player(state) == 0  # another turn, before the mules
    assert state.tracks[0] == track(mules=2)
    assert state.pending is None
    assert not state.stack
    assert len(state.suspended) == 1  # the Conjuress's Mules +3, waiting
    assert state.turns == 1
    state = play(state, Pass(0))
    assert state.tracks[0] == track(mules=5)  # after the other turn
    assert not state.suspended
    assert current_player(state) == 1
    assert state.turns == 2


@pytest.mark.rule("KG-8")
def test_conjuress_extra_turn_is_played_without_the_three_mules() -> None:
    """[Rulings] 13: in the other turn the player has the mules they had, not 3 more:
    the Large Order needs 3 mules, and with 2 the Grocer cannot fulfil it then."""
    b = Builder(ALL)
    conjuress, grocer = b.card("conjuress"), b.card("grocer")
    large = b.order(name="Large Order")  # 3 mules needed; costs 6 cinnamon and 1 mule
    state = b.state(
        [[[conjuress], [grocer]], [[b.card("baker")]], _fill(b, 1)],
        tracks=[track(mules=2, cinnamon=6), track(), track()],
        display=[large],
        fill_display=False,
    )
    extra = play(state, CaravanAction(0, 0))  # one caravan on the left: no choice
    assert current_player(extra) == 0
    assert extra.tracks[0][6] == 2
    after = play(extra, PartingAction(1, 0))  # the Grocer: no order is eligible
    assert not after.orders_won[0]
    assert after.tracks[0] == track(mules=5, cinnamon=6)
    assert current_player(after) == 1


@pytest.mark.rule("KG-8")
def test_two_conjuresses_in_a_row_give_their_mules_innermost_first() -> None:
    """A Conjuress played in the other turn a Conjuress gave: two turns follow the first
    one, and each Conjuress's mules come when the turn it gave is over."""
    b = Builder(ALL)
    first, second = b.card("conjuress"), b.card("conjuress")
    state = b.state(
        [[[first], [second], [b.card("planter")]], [[b.card("baker")]], _fill(b, 1)],
        tracks=[track(mules=0), track(), track()],
    )
    state = play(state, CaravanAction(0, 0))
    assert state.tracks[0][6] == 0
    assert (current_player(state), len(state.suspended)) == (0, 1)
    state = play(state, CaravanAction(1, 0))
    assert state.tracks[0][6] == 0
    assert (current_player(state), len(state.suspended)) == (0, 2)
    state = play(state, Pass(2))  # the second other turn: both Conjuresses' mules follow
    assert state.tracks[0][6] == 6
    assert not state.suspended
    assert current_player(state) == 1
    assert state.turns == 3


@pytest.mark.rule("KG-8")
def test_gate_keeper() -> None:
    b = Builder(ALL)
    keeper = b.card("gate_keeper")
    state = b.state(
        [[[keeper]], _fill(b, 1), _fill(b, 1)],
        tracks=[track(gold=1, mules=5), track(gold=8, mules=6), track(gold=0, mules=0)],
    )
    assert legal_moves(state) == (CaravanAction(0, 0),)  # "!" : no pass
    state = play(state, CaravanAction(0, 0))
    assert [(tr[5], tr[6]) for tr in state.tracks] == [(1, 5), (9, 2), (2, 2)]


@pytest.mark.rule("KG-8")
def test_herder_each_opponent_chooses_where_front_cards_go() -> None:
    b = Builder(ALL)
    herder = b.card("herder")
    p1 = [[b.card("planter"), b.card("noble")], [b.card("gardener")], [b.card("servant")]]
    p2 = [[b.card("quack")], [b.card("weaver"), b.card("pilgrim")]]
    state = b.state([[[herder]], p1, p2])
    state = play(state, CaravanAction(0, 0))
    # Player 1 decides for their own cards, card by card.
    assert current_player(state) == 1
    assert legal_moves(state) == (Place(1), Place(2))  # the Planter: not its own caravan
    state = play(state, Place(2))
    assert legal_moves(state) == (Place(0), Place(2))  # the Gardener
    state = play(state, Place(0))
    assert legal_moves(state) == (Place(0), Place(1))  # the Servant
    state = play(state, Place(1))
    assert [list(c) for c in state.caravans[1]] == [[p1[0][1], p1[1][0]], [p1[2][0]], [p1[0][0]]]
    # Player 2 has two caravans: each front card goes to the other one, no choice left.
    assert [list(c) for c in state.caravans[2]] == [[p2[1][0]], [p2[1][1], p2[0][0]]]
    assert current_player(state) == 1
    assert state.pending is None


@pytest.mark.rule("KG-8")
def test_herder_destinations_include_empty_caravans() -> None:
    """An opponent with one non-empty caravan of three moves its front card to either
    empty caravan, their choice; a caravan emptied by the lifting can receive a card."""
    b = Builder(ALL)
    herder = b.card("herder")
    lonely = [b.card("planter"), b.card("noble")]
    state = b.state([[[herder]], [lonely, [], []], [[b.card("baker")], [b.card("quack")]]])
    state = play(state, CaravanAction(0, 0))
    assert current_player(state) == 1
    assert legal_moves(state) == (Place(1), Place(2))
    moved = play(state, Place(2))
    assert [list(c) for c in moved.caravans[1]] == [[lonely[1]], [], [lonely[0]]]
    # Player 2 has two caravans: each front card can only go to the other one.
    assert moved.pending is None
    assert current_player(moved) == 1
    # A caravan emptied by the lifting receives a card like any other.
    b = Builder(ALL)
    herder = b.card("herder")
    cards = [b.card("baker"), b.card("quack")]
    state = b.state([[[herder]], [[cards[0]], [cards[1]], []], _fill(b, 1)])
    state = play(state, CaravanAction(0, 0))
    assert legal_moves(state) == (Place(1), Place(2))  # the Baker
    state = play(state, Place(1))
    assert legal_moves(state) == (Place(0), Place(2))  # the Quack
    state = play(state, Place(2))
    assert [list(c) for c in state.caravans[1]] == [[], [cards[0]], [cards[1]]]


@pytest.mark.rule("KG-8")
def test_messenger() -> None:
    b = Builder(ALL)
    messenger = b.card("messenger")
    specials = [b.card("vizier"), b.card("goldsmith")]
    state = b.state(
        [[[messenger, b.card("baker")]], _fill(b, 1), _fill(b, 1)], special_top=specials
    )
    state = play(state, CaravanAction(0, 0))
    options = legal_moves(state)
    assert len(options) == 6  # the twelve Special cards are six pairs of copies: one each
    assert Keep(specials[1]) in options
    state = play(state, Keep(specials[1]))
    assert specials[1] in state.caravans[0][0]
    assert messenger not in state.caravans[0][0]
    assert list(state.caravans[1][0])[-1] == messenger  # the left player's only caravan
    assert len(state.special) == 11


@pytest.mark.rule("KG-8")
def test_messenger_goes_to_any_caravan_of_the_left_player_chosen_by_its_player() -> None:
    b = Builder(ALL)
    messenger = b.card("messenger")
    specials = [b.card("vizier"), b.card("goldsmith")]
    state = b.state(
        [[[messenger, b.card("baker")]], [[b.card("baker")], [], [b.card("quack")]], _fill(b, 1)],
        special_top=specials,
    )
    state = play(state, CaravanAction(0, 0), Keep(specials[0]))
    assert current_player(state) == 0
    assert legal_moves(state) == (Place(0), Place(1), Place(2))
    state = play(state, Place(1))  # the empty caravan: the Messenger is its front card now
    assert list(state.caravans[1][1]) == [messenger]


@pytest.mark.rule("KG-8")
def test_the_mules_a_conjuress_still_owes_are_public_and_saved() -> None:
    """While the other turn is played, the Conjuress's action waits: every player sees
    it (observation, tensor, text view, the events of the move), and a position or a
    saved game keeps it."""
    b = Builder(ALL)
    conjuress = b.card("conjuress")
    state = b.state([[[conjuress, b.card("planter")]], [[b.card("baker")]], _fill(b, 1)])
    move = CaravanAction(0, 0)
    events = describe_events(state, move)
    assert any("takes another turn now" in line for line in events)
    extra = play(state, move)
    assert extra.suspended == ((Frame(0, 0, conjuress, FrameKind.CARAVAN, 0, False, 2),),)
    for viewer in range(3):
        obs = observe(extra, viewer)
        assert obs.suspended == extra.suspended
        layout = observation_layout(extra.options)
        waiting = layout.view(observation_tensor(obs), "waiting_card")
        assert waiting[0][conjuress] == 1.0
        assert waiting.sum() == 1.0
    assert "after this turn: Conjuress's caravan action 1 (gain 3 mules) goes on" in render(extra)
    assert GAME.from_position(to_position(extra)) == extra
    assert loads(dumps(extra, GAME), State, GAME) == extra
    ends = describe_events(extra, Pass(0))
    assert "P0: mules 3 -> 6" in ends
    assert any("the action that gave it goes on" in line for line in ends)
