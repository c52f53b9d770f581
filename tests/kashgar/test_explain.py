"""``explain``: the rule that refuses a Kashgar move, with the numbers that decide it.

Moves are built as objects (or from notation that names cards by key), so these tests do
not depend on how ``str(move)`` writes a card.
"""

from __future__ import annotations

import inspect
import random
import re
from pathlib import Path

import attrs
import pytest

from silkroad.core.errors import IllegalMoveError
from silkroad.core.explain import Reason, Verdict
from silkroad.kashgar import GAME, Options, apply, determinize, encode_move, legal_moves, observe
from silkroad.kashgar.cards import DeckKind
from silkroad.kashgar.encoding import action_move, num_actions
from silkroad.kashgar.explain import why_not
from silkroad.kashgar.moves import (
    CaravanAction,
    Fulfill,
    Gain,
    Keep,
    Move,
    PartingAction,
    Pass,
    Place,
    Remove,
    Take,
)
from silkroad.kashgar.rules import order_refusal
from silkroad.kashgar.state import Decision, State
from silkroad.kashgar.table import table
from silkroad.testing.reasons import configurations, reason_coverage

DOCS = Path(__file__).resolve().parents[2] / "docs" / "kashgar.md"
EXPANSION = Options.create(2, expansion="all")


def position(text: str, options: Options | None = None, setup: str = "bare") -> State:
    """The position on a bare table (what it does not give stays in the supply), or on
    the seeded setup."""
    state: State = GAME.from_position(f"setup = {setup!r}\n" + text, options)
    return state


def card(state: State, key: str, copy: int = 0) -> int:
    """The id of a copy of the card (or order) with this data key."""
    ids = [i for i, d in enumerate(table(state.options).defs) if d.key == key]
    return ids[copy]


def waits(state: State) -> Decision | None:
    """The kind of decision pending, if any."""
    return None if state.pending is None else state.pending.kind


def refused(state: State, move: Move | str | int) -> Reason:
    reason = GAME.explain(state, move)
    assert reason.verdict is Verdict.RULE, reason
    return reason


# --------------------------------------------------------------------------- the turn


@pytest.mark.rule("KG-4.A")
def test_an_unpaid_caravan_action_names_the_track_the_need_and_the_holding() -> None:
    state = position(
        """
active = 1
[player.1]
caravans = [["money_changer", "grocer"], ["weaver", "servant"], ["patriarch", "prophet"]]
tracks = { cinnamon = 1, ginger = 0, cloves = 4 }
"""
    )
    reason = refused(state, CaravanAction(0, 0))
    assert str(reason) == "[KG-4.A] the Money Changer's caravan action needs 2 cinnamon; P1 has 1"
    weaver = refused(state, "c2.1")
    assert weaver.rule == "KG-4.A"
    assert weaver.text == "the Weaver's caravan action needs 1 ginger and 1 cloves; P1 has 0 ginger"


@pytest.mark.rule("KG-4.A")
@pytest.mark.rule("KG-4.B")
def test_an_action_the_card_does_not_have() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["servant", "grocer"], ["patriarch", "prophet"], ["patriarch", "widow"]]
"""
    )
    assert str(refused(state, CaravanAction(0, 1))) == (
        "[KG-4.A] the Servant has 1 caravan action: no caravan action 2"
    )
    assert str(refused(state, PartingAction(1, 0))) == (
        "[KG-4.B] the Patriarch has no parting action: no parting action 1"
    )
    assert "at most 3" in refused(state, "c2.9").text


@pytest.mark.rule("KG-4.C")
def test_a_bang_card_is_not_passed_while_an_action_can_be_paid() -> None:
    state = GAME.new_game(Options.create(2), 0)
    reason = refused(state, Pass(0))
    assert reason.rule == "KG-4.C"
    assert reason.text.startswith('the Patriarch is a "!" card: it cannot be passed')
    assert "caravan action 1, caravan action 2" in reason.text


@pytest.mark.rule("KG-2")
@pytest.mark.rule("KG-4")
def test_a_caravan_the_player_does_not_have_or_that_is_empty() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["patriarch", "grocer"], [], ["patriarch", "prophet"]]
"""
    )
    assert str(refused(state, CaravanAction(3, 0))) == (
        "[KG-2] P0 has 3 caravans: there is no caravan 4 (only the set-aside Patriarch "
        "starts a new one)"
    )
    assert str(refused(state, Pass(1))) == (
        "[KG-4] caravan 2 of P0 is empty: there is no front card to select"
    )


@pytest.mark.rule("KG-4")
@pytest.mark.rule("KG-5")
def test_a_decision_move_at_the_start_of_a_turn() -> None:
    state = GAME.new_game(Options.create(2), 0)
    keep = refused(state, Keep(card(state, "planter")))
    assert keep.rule == "KG-4"
    assert keep.text.startswith("P0 begins a turn by selecting the front card of a caravan")
    order = state.display[0]
    assert refused(state, Fulfill(order)).rule == "KG-5"
    for move in (Take(0), Remove(None), Fulfill(None), Place(0)):
        assert refused(state, move).rule in ("KG-4", "KG-5")


@pytest.mark.rule("KG-6")
def test_no_move_once_the_game_is_over() -> None:
    state = GAME.new_game(Options.create(2), 4)
    rng = random.Random(4)
    while not GAME.is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))
    reason = refused(state, Pass(0))
    assert reason.rule == "KG-6"
    assert reason.text.startswith("the game is over")
    if not state.truncated:
        winner = GAME.winners(state)[0]
        assert f"P{winner} won with {max(GAME.scores(state))} VP" in reason.text


# --------------------------------------------------------------------------- orders


def _grocer_fulfils(tracks: str, display: str) -> State:
    """P1's Grocer parts to fulfil an order (KG-5.X): the order decision."""
    state = position(
        f"""
active = 1
[player.1]
caravans = [["grocer", "servant"], ["patriarch", "prophet"], ["patriarch", "widow"]]
tracks = {tracks}
[piles]
display = {display}
"""
    )
    state = apply(state, PartingAction(0, 0))
    assert waits(state) is Decision.FULFILL
    return state


@pytest.mark.rule("KG-5.2")
def test_an_order_the_player_has_too_few_mules_for() -> None:
    state = _grocer_fulfils(
        "{ mules = 2, ginger = 5, cloves = 5 }",
        '["large_05_great_wheat_field", "small_01_ginger_sacks", "small_13_wheat_field", '
        '"large_01_large_order"]',
    )
    wheat = card(state, "large_05_great_wheat_field")
    assert str(refused(state, Fulfill(wheat))) == (
        "[KG-5.2] the Great Wheat Field needs 3 mules; P1 has 2"
    )
    assert str(refused(state, "order large_05_great_wheat_field")) == str(
        refused(state, Fulfill(wheat))
    )


@pytest.mark.rule("KG-5.2")
def test_an_order_the_player_cannot_pay() -> None:
    state = _grocer_fulfils(
        "{ mules = 4, cinnamon = 4, ginger = 5 }",
        '["large_01_large_order", "small_01_ginger_sacks", "small_13_wheat_field", '
        '"large_05_great_wheat_field"]',
    )
    large = card(state, "large_01_large_order")
    assert str(refused(state, Fulfill(large))) == (
        "[KG-5.2] the Large Order costs 6 cinnamon and 1 mule; P1 has 4 cinnamon"
    )


@pytest.mark.rule("KG-5.2")
@pytest.mark.rule("KG-5")
def test_an_order_not_on_display_a_person_and_the_options_of_the_decision() -> None:
    state = _grocer_fulfils(
        "{ mules = 4, ginger = 5, cloves = 5 }",
        '["small_01_ginger_sacks", "small_13_wheat_field", "large_01_large_order", '
        '"large_05_great_wheat_field"]',
    )
    elsewhere = card(state, "small_02_clove_bundle")
    reason = refused(state, Fulfill(elsewhere))
    assert reason.rule == "KG-5.2"
    assert reason.text.startswith("the Clove Bundle is not on display (the face-up orders: ")
    assert refused(state, Fulfill(card(state, "planter"))).text == (
        "the Planter is a person card, not an order"
    )
    waiting = refused(state, CaravanAction(1, 0))
    assert waiting.rule == "KG-5.2"
    assert waiting.text.startswith(
        "P1 is to choose the order the Grocer's parting action fulfils before any other move: "
    )
    assert waiting.text.endswith(" or none")


@pytest.mark.rule("KG-7")
def test_an_order_of_a_kind_the_card_does_not_fulfil() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["huckster", "grocer"], ["patriarch", "prophet"], ["patriarch", "widow"]]
tracks = { mules = 5, ginger = 9, cloves = 9, pepper = 9, anise = 9, cinnamon = 9, gold = 9 }
[piles]
display = ["small_01_ginger_sacks", "large_01_large_order", "small_13_wheat_field",
           "large_05_great_wheat_field"]
"""
    )
    state = apply(state, CaravanAction(0, 0))  # the Huckster: a small or special order
    reason = refused(state, Fulfill(card(state, "large_01_large_order")))
    assert str(reason) == (
        "[KG-7] the Large Order is a large order; this action fulfils small or special ones"
    )


@pytest.mark.rule("KG-5.2")
def test_the_order_test_is_the_one_the_rules_offer_orders_by() -> None:
    """``order_refusal`` refuses exactly the orders a Fulfill does not offer."""
    state = _grocer_fulfils(
        "{ mules = 3, ginger = 4, cloves = 2 }",
        '["small_01_ginger_sacks", "small_13_wheat_field", "large_01_large_order", '
        '"large_05_great_wheat_field"]',
    )
    t = table(state.options)
    frame = state.stack[-1]
    from silkroad.kashgar.rules import frame_effects

    effect = frame_effects(t, frame)[frame.step - 1]
    assert state.pending is not None
    for order in state.display:
        offered = order in state.pending.options
        assert (order_refusal(t, state.tracks[1], effect, order) is None) == offered
        assert (why_not(state, Fulfill(order)) is None) == offered


# --------------------------------------------------------------------------- decisions


def _example() -> State:
    """[KG-4.X] The Patriarch of caravan 1 drew a Planter and a Baker: one to keep."""
    state = position(
        """
active = 0
[player.0]
caravans = [["patriarch", "grocer"], ["patriarch", "servant"], ["patriarch", "prophet"]]
[piles]
standard = { top = ["planter", "baker"] }
discard = ["scribe"]
"""
    )
    return apply(state, CaravanAction(0, 0))


@pytest.mark.rule("KG-7")
def test_a_card_that_was_not_drawn_and_a_move_while_a_keep_waits() -> None:
    state = _example()
    scribe = card(state, "scribe")
    assert str(refused(state, Keep(scribe))) == (
        "[KG-7] the Scribe is not among the cards the Patriarch's caravan action drew "
        "(Planter or Baker); it is on the discard pile"
    )
    waiting = refused(state, Take(scribe))
    assert str(waiting) == (
        "[KG-7] P0 is to choose 1 of the cards the Patriarch's caravan action drew to keep "
        "before any other move: Planter or Baker"
    )
    assert refused(state, "c2.1") == waiting


@pytest.mark.rule("KG-7")
def test_a_gain_that_is_not_one_of_the_alternatives() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["planter", "grocer"], ["patriarch", "prophet"], ["patriarch", "widow"]]
"""
    )
    state = apply(state, CaravanAction(0, 0))
    assert str(refused(state, Gain((0, 0, 0, 0, 5, 0, 0)))) == (
        "[KG-7] P0 is to choose what the Planter's caravan action increases: 3 ginger / "
        "3 cloves; 5 cinnamon is not one of them"
    )


@pytest.mark.rule("KG-7")
def test_a_card_that_is_not_on_the_discard_pile() -> None:
    state = position(
        """
active = 0
turned = ["patriarch#2"]
[player.0]
caravans = [["patriarch#2", "grocer"], ["planter", "prophet"], ["patriarch", "widow"]]
[piles]
discard = ["baker", "scribe"]
"""
    )
    state = apply(state, CaravanAction(0, 0))  # the Matriarch takes from the discard pile
    assert waits(state) is Decision.TAKE
    assert str(refused(state, Take(card(state, "planter")))) == (
        "[KG-7] the Planter is not on the discard pile; it is in P0's caravan 2"
    )


@pytest.mark.rule("KG-7")
def test_remove_another_card_of_this_caravan() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["monk", "grocer", "baker"], ["planter", "prophet"], ["patriarch", "widow"]]
"""
    )
    state = apply(state, CaravanAction(0, 0))
    monk = card(state, "monk")
    assert str(refused(state, Remove(monk))) == (
        "[KG-7] the Monk's caravan action removes another card of its caravan, not the Monk"
    )
    assert str(refused(state, Remove(card(state, "planter")))) == (
        "[KG-7] the Monk's caravan action removes a card of caravan 1 of P0; the Planter is "
        "not in it; it is in P0's caravan 2"
    )


@pytest.mark.rule("KG-1")
def test_copies_of_a_card_are_one_choice() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["patriarch", "grocer"], ["patriarch", "servant"], ["patriarch", "prophet"]]
[piles]
standard = { top = ["quack#1", "quack#2"] }
"""
    )
    state = apply(state, CaravanAction(0, 0))  # two Quacks: no choice, one is kept
    assert state.pending is None
    state = position(
        """
active = 0
turned = ["patriarch#2"]
[player.0]
caravans = [["patriarch#2", "grocer"], ["planter", "prophet"], ["patriarch", "widow"]]
[piles]
discard = ["baker#1", "scribe", "baker#2"]
"""
    )
    state = apply(state, CaravanAction(0, 0))
    assert state.pending is not None
    bakers = [c for c in state.discard if table(state.options).defs[c].key == "baker"]
    other = next(c for c in bakers if c not in state.pending.options)
    reason = refused(state, Take(other))
    assert reason.rule == "KG-1"
    assert reason.text.startswith("this Baker and the one offered are copies of one card")


# --------------------------------------------------------------------------- the expansion


@pytest.mark.rule("KG-8")
def test_a_herder_makes_the_opponent_decide_and_cards_go_to_another_caravan() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["herder", "grocer"], ["patriarch", "prophet"], ["patriarch", "widow"]]
[player.1]
caravans = [["planter", "servant"], ["baker", "scribe"], ["patriarch", "moneylender"]]
""",
        EXPANSION,
    )
    state = apply(state, CaravanAction(0, 0))
    assert GAME.current_player(state) == 1
    assert str(refused(state, Place(0))) == (
        "[KG-8] the Herder makes P1 move each front card to another of their caravans: the "
        "Planter came from caravan 1"
    )
    assert str(refused(state, Place(3))) == "[KG-8] P1 has 3 caravans: there is no caravan 4"
    waiting = refused(state, Pass(0))
    assert waiting.text == (
        "P1 is to move the Planter that P0's Herder lifted from caravan 1 to another of "
        "their caravans before any other move: caravan 2 or 3"
    )


@pytest.mark.rule("KG-8")
def test_a_conjuress_goes_to_a_caravan_of_the_left_player() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["conjuress", "grocer"], ["patriarch", "prophet"], ["patriarch", "widow"]]
""",
        EXPANSION,
        setup="seeded",
    )
    state = apply(state, CaravanAction(0, 0))
    assert waits(state) is Decision.PLACE_LEFT
    assert str(refused(state, Place(3))) == (
        "[KG-8] P1, on the left, has 3 caravans: there is no caravan 4"
    )


@pytest.mark.rule("KG-8")
def test_a_messenger_searches_only_the_special_cards() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["messenger", "grocer"], ["vizier", "prophet"], ["patriarch", "widow"]]
""",
        EXPANSION,
    )
    state = apply(state, CaravanAction(0, 0))
    assert waits(state) is Decision.SEARCH
    assert str(refused(state, Keep(card(state, "planter")))) == (
        "[KG-8] the Messenger's caravan action searches the Special cards; the Planter is "
        "not one of them"
    )
    vizier = card(state, "vizier")
    assert str(refused(state, Keep(vizier))) == (
        "[KG-8] the Vizier is neither in the Special deck nor on the discard pile; it is in "
        "P0's caravan 2"
    )


@pytest.mark.rule("KG-1")
def test_the_set_aside_patriarch_goes_here_or_starts_a_caravan() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["patriarch", "grocer"], ["aristocrat", "prophet"], ["patriarch", "widow"]]
""",
        setup="seeded",
    )
    state = apply(state, PartingAction(1, 0))
    assert waits(state) is Decision.PLACE_PATRIARCH
    assert str(refused(state, Place(0))) == (
        "[KG-1] P0 is to choose where the set-aside Patriarch goes: the back of caravan 2 "
        "or start caravan 4"
    )


# --------------------------------------------------------------------------- what names nothing


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("c5.1", "there is no caravan 5: a player has at most 4 caravans"),
        ("pass 9", "there is no caravan 9"),
        ("keep 99999", "there is no card 99999 in this game"),
        ("keep unicorn", "not a card of this game"),
        ("order nowhere", "not a card of this game"),
        ("fly away", "not a Kashgar move"),
    ],
)
def test_notation_that_names_nothing_says_what_it_could_not_find(text: str, found: str) -> None:
    reason = GAME.explain(GAME.new_game(Options.create(2), 0), text)
    assert reason.verdict is Verdict.UNKNOWN
    assert found in reason.text


@pytest.mark.rule("KG-4")
def test_a_malformed_move_object_gets_a_reason_never_a_crash() -> None:
    state = GAME.new_game(Options.create(2), 0)
    for move in (
        CaravanAction("a", 0),  # type: ignore[arg-type]
        PartingAction(0, -1),
        Pass(None),  # type: ignore[arg-type]
        Gain((1, 2)),  # type: ignore[arg-type]
        Keep(10**5000),
        Fulfill(-1),
        Remove("x"),  # type: ignore[arg-type]
        None,
    ):
        reason = GAME.explain(state, move)  # type: ignore[arg-type]
        assert reason.verdict is Verdict.UNKNOWN, move
        assert len(reason.text) < 100


# --------------------------------------------------------------------------- the error


@pytest.mark.rule("KG-4.C")
def test_the_refusal_of_apply_and_encode_move_leads_with_the_reason() -> None:
    state = GAME.new_game(Options.create(2), 0)
    for refuse in (apply, encode_move):
        with pytest.raises(IllegalMoveError) as info:
            refuse(state, Pass(0))
        reason = GAME.explain(state, Pass(0))
        assert info.value.reason == reason
        assert str(info.value).startswith(f"{reason} (")
        assert "player 0 to act; legal: " in str(info.value)
        assert info.value.state is state


@pytest.mark.rule("KG-4")
def test_an_action_id_explains_the_move_it_stands_for() -> None:
    state = _example()
    size = num_actions(state.options)
    for action in range(size):
        move = action_move(state, action)
        if move is None:
            assert GAME.explain(state, action).verdict is Verdict.UNKNOWN
        else:
            assert GAME.explain(state, action) == GAME.explain(state, move)
    assert action_move(state, size) is None
    assert action_move(state, -1) is None
    assert action_move(state, True) is None  # a bool is no action id
    assert action_move(state, 28) is None  # a Gain id with no Gain pending


# --------------------------------------------------------------------------- the measure


def _sample(games: int, seed: int, every: int = 4) -> list[State]:
    """Every ``every``-th state of random games under every configuration."""
    rng = random.Random(seed)
    states = []
    for options in configurations(GAME):
        for g in range(games):
            state = GAME.new_game(options, seed + g)
            step = 0
            while not GAME.is_over(state):
                if step % every == 0:
                    states.append(state)
                state = apply(state, rng.choice(legal_moves(state)))
                step += 1
            states.append(state)
    return states


@pytest.mark.rule("KG-4")
def test_the_rules_refuse_exactly_the_moves_they_do_not_list() -> None:
    """The drift guard: for every action id of sampled states, ``why_not`` finds no
    refusing condition exactly for the legal moves (every eighth state of one game of
    each configuration)."""
    kinds = set()
    for state in _sample(games=1, seed=50, every=8):
        legal = set(legal_moves(state)) if not state.over else set()
        kinds.add(None if state.pending is None else state.pending.kind)
        for action in range(num_actions(state.options)):
            move = action_move(state, action)
            if move is not None:
                assert (why_not(state, move) is None) == (move in legal), (state, move)
    assert len(kinds) >= 6  # the turn and several kinds of decision were sampled


def _reasons_table() -> dict[str, int]:
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("<!-- reasons:start")[1].split("<!-- reasons:end -->")[0]
    rows = re.findall(r"^\| (KG-[\w.]+) \| ([\d,]+) \|$", block, re.M)
    return {rule: int(count.replace(",", "")) for rule, count in rows}


def test_every_sampled_refusal_is_explained_by_a_rule_as_documented() -> None:
    """The measure of docs/kashgar.md, computed again: ``silkroad rules --reasons kashgar``
    (4 games per configuration, seed 0)."""
    coverage = reason_coverage(GAME)
    assert coverage.problems == ()
    assert coverage.generic == ()
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert (
        f"a rule explains {coverage.share:.1%} of {coverage.pairs:,} (state, illegal move) "
        f"pairs in {coverage.states:,} states"
    ) in text
    assert _reasons_table() == coverage.by_rule


def test_the_examples_of_the_docs_hold() -> None:
    """The example of the docs, and the code shown as one rule's condition and reason,
    which is the code of ``order_refusal`` as it is."""
    text = DOCS.read_text(encoding="utf-8")
    example = re.search(r'>>> print\(kashgar\.GAME\.explain\(state, "pass 1"\)\)\n(.*)\n', text)
    assert example is not None
    state = GAME.new_game(Options.create(2), 0)
    assert str(GAME.explain(state, "pass 1")) == example.group(1)
    shown = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "_REFUSED" in b]
    assert len(shown) == 1
    assert shown[0] in inspect.getsource(order_refusal)


def test_a_reason_tells_nothing_the_player_to_act_cannot_see() -> None:
    """Reasons depend only on what the player to act sees: the same in a state dealt
    anew from their observation (other decks, other hidden cards)."""
    for state in _sample(games=1, seed=70)[::5]:
        if state.over:
            continue
        who = GAME.current_player(state)
        assert who is not None
        dealt = determinize(observe(state, who), 11)
        for action in range(num_actions(state.options)):
            move = action_move(state, action)
            if move is not None and move not in legal_moves(state):
                assert GAME.explain(dealt, move) == GAME.explain(state, move), move


# --------------------------------------------------------------------------- costs of own cards


def _with_costs() -> Options:
    """The built-in cards, but the Servant's parting action costs 2 pepper and both
    Patriarch actions 9 gold (no built-in parting action has a cost)."""
    base = Options.create(2)
    data = base.card_data
    expensive = (0, 0, 0, 0, 0, 9, 0)
    starting = tuple(
        attrs.evolve(
            c,
            front=attrs.evolve(
                c.front, parting=(attrs.evolve(c.front.parting[0], cost=(0, 0, 2, 0, 0, 0, 0)),)
            ),
        )
        if c.key == "servant"
        else c
        for c in data.starting
    )
    patriarchs = tuple(
        attrs.evolve(
            c,
            front=attrs.evolve(
                c.front, caravan=tuple(attrs.evolve(a, cost=expensive) for a in c.front.caravan)
            ),
        )
        for c in data.patriarch
    )
    return base.with_deck(DeckKind.STARTING, starting).with_deck(DeckKind.PATRIARCH, patriarchs)


@pytest.mark.rule("KG-4.B")
@pytest.mark.rule("KG-4.C")
def test_an_unpaid_parting_action_and_a_bang_card_with_nothing_payable() -> None:
    state = position(
        """
active = 0
[player.0]
caravans = [["servant", "grocer"], ["patriarch", "prophet"], ["patriarch", "widow"]]
tracks = { pepper = 1 }
""",
        _with_costs(),
    )
    assert str(refused(state, PartingAction(0, 0))) == (
        "[KG-4.B] the Servant's parting action needs 2 pepper; P0 has 1"
    )
    assert str(refused(state, CaravanAction(1, 1))) == (
        "[KG-4.A] the Patriarch's caravan action 2 needs 9 gold; P0 has 3"
    )
    assert Pass(1) in legal_moves(state)  # [Rulings] 5: nothing payable, so it may pass
    assert why_not(state, Pass(1)) is None
