"""validate, render and JSON of Kashgar states."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import silkroad.kashgar.check as check_module
import silkroad.kashgar.rules as rules_module
from silkroad.core.errors import (
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    RulesError,
    StateError,
)
from silkroad.core.serialize import dumps, from_data, loads
from silkroad.kashgar import (
    GAME,
    Options,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
    render,
    validate,
)
from silkroad.kashgar.cards import DeckKind
from silkroad.kashgar.check import offered
from silkroad.kashgar.moves import Fulfill, Gain, Keep
from silkroad.kashgar.state import Decision

from .helpers import Builder, play, waiting_for


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
    baker = state.caravans[1][0][0]
    text = render(state)
    # the player to act sees the full text of their cards, the others' by name and once
    # more in words, all from the card data
    assert f"[{noble}] Noble (3 VP): caravan action 1: pay 2 gold; gain 1 mule and 1 of" in text
    assert f"Baker[{baker}]" in text
    assert "  Baker (1 VP): caravan action 1: gain 2 gold" in text
    assert "P0 to act" in text
    assert "Orders on display" in text
    assert all(len(line) <= 100 for line in text.splitlines())


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


# --------------------------------------------------------------------------- saved states


def _state_with(kind: Decision | None = None, *, stack: bool = False) -> State:
    """A state of a seeded random game with a pending decision (of ``kind``, if given)."""
    for seed in range(200):
        state = new_game(Options.create(3, expansion="all"), seed)
        rng = random.Random(seed)
        while not state.over:
            pending = state.pending
            if pending is not None and (kind is None or pending.kind is kind):
                return state
            if stack and state.stack and pending is None:
                return state
            state = apply(state, rng.choice(legal_moves(state)))
    raise LookupError(kind)


def _tampered(state: State, change: Callable[[dict[str, Any]], None]) -> str:
    document = json.loads(dumps(state, GAME))
    change(document["data"])
    return json.dumps(document)


_STEP = ("stack", -1, "step")


def _set(*path: str | int) -> Callable[[Any], Callable[[dict[str, Any]], None]]:
    """A change of the JSON document: the field at ``path`` set to a value."""

    def setter(value: Any) -> Callable[[dict[str, Any]], None]:
        def change(data: dict[str, Any]) -> None:
            node: Any = data
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value

        return change

    return setter


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize(
    ("kind", "change"),
    [
        (Decision.GAIN, _set(*_STEP)(-7)),  # once IndexError in apply
        (Decision.GAIN, _set(*_STEP)(40)),
        (Decision.GAIN, _set(*_STEP)(0)),
        (Decision.KEEP, _set("pending", "options")([])),  # once: not over, no legal move
        (Decision.GAIN, _set("pending", "choices")([])),
        (Decision.GAIN, _set("pending", "choices", 0)([0, 0, 0, 0, 0, 0, 0])),
        (Decision.KEEP, _set("pending", "keep")(0)),
        (Decision.KEEP, _set("pending", "player")(7)),
        (Decision.KEEP, _set("pending", "hidden")(2)),
        (Decision.KEEP, _set("pending", "deck")("orders")),
        (Decision.GAIN, _set("stack")([])),
        (Decision.GAIN, _set("stack", -1, "caravan")(9)),
        (Decision.GAIN, _set("stack", -1, "action")(5)),
        (Decision.GAIN, _set("stack", -1, "player")(2)),
        (Decision.GAIN, _set("stack", -1, "card")(130)),
        (Decision.GAIN, _set("stack", -1, "kind")("payout")),
        (Decision.GAIN, _set("pending", "kind")("search")),
        (Decision.GAIN, _set("pending", "kind")("herd")),
    ],
)
def test_a_pending_decision_that_the_rules_could_not_ask_for_is_refused(
    kind: Decision, change: Callable[[dict[str, Any]], None]
) -> None:
    """Every part of the turn in progress is checked, so a loaded state never makes
    legal_moves or apply fail (an effect step of -7 once raised IndexError, a decision
    without options was a game not over with no legal move)."""
    state = _state_with(kind)
    text = _tampered(state, change)
    with pytest.raises(StateError):
        loads(text, State, GAME)


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize("kind", [Decision.KEEP, Decision.FULFILL, Decision.TAKE])
def test_options_must_be_exactly_those_the_rules_offer(kind: Decision) -> None:
    state = _state_with(kind)
    assert state.pending is not None
    validate(state)
    stranger = next(c for c in state.box)  # a card no decision can offer
    for options in (state.pending.options[:-1], (*state.pending.options, stranger)):
        bad = attrs.evolve(state, pending=attrs.evolve(state.pending, options=options))
        with pytest.raises(StateError):
            validate(bad)


@pytest.mark.rule("KG-6")
@pytest.mark.parametrize(
    "change",
    [
        {"history": (0, -1)},
        {"turns": -1},
        {"round": -1},
        {"extra_turns": -3},
        {"points": (-4, 0, 0)},
        {"round": 10**6},
        {"turns": 10**9},
        {"active": -1},
        {"over": 1},
    ],
)
def test_negative_or_absurd_counters_are_refused(change: dict[str, Any]) -> None:
    state = new_game(Options.create(3), 1)
    validate(state)
    with pytest.raises(StateError):
        validate(attrs.evolve(state, **change))


@pytest.mark.rule("KG-8")
def test_no_more_extra_turns_are_due_than_the_cards_give() -> None:
    """Only the two Conjuresses give another turn: three due once loaded and broke the
    observation tensor's range."""
    base = new_game(Options.create(3), 1)
    with pytest.raises(StateError, match="1 extra turns due, but the cards give at most 0"):
        validate(attrs.evolve(base, extra_turns=1))
    expansion = new_game(Options.create(3, expansion="all"), 1)
    validate(attrs.evolve(expansion, extra_turns=2))
    with pytest.raises(StateError, match="at most 2"):
        validate(attrs.evolve(expansion, extra_turns=3))


@pytest.mark.rule("KG-1")
@pytest.mark.parametrize("field", ["over", "truncated", "pending", "history"])
def test_a_field_missing_from_a_save_is_a_data_error(field: str) -> None:
    """Defaults never fill in a missing field (a missing ``truncated`` once became False)."""
    text = _tampered(new_game(Options.create(2), 3), lambda d: d.pop(field))
    with pytest.raises(DataError, match=f"field \\$.{field}: required field missing"):
        loads(text, State, GAME)


@pytest.mark.rule("KG-1")
def test_options_in_json_may_leave_fields_out_and_name_the_expansion_by_a_word() -> None:
    assert from_data({"players": 3}, Options) == Options.create(3)
    assert from_data({"expansion": "all"}, Options) == Options.create(2, expansion="all")
    assert from_data({"expansion": "none"}, Options) == Options.create(2)
    assert Options(expansion="all") == Options.create(2, expansion="all")
    with pytest.raises(DataError, match="expansion"):
        from_data({"expansion": 5}, Options)
    with pytest.raises(DataError, match="unknown expansion card 'a'"):
        from_data({"expansion": ["a", "l", "l"]}, Options)


@pytest.mark.rule("KG-7")
def test_a_player_that_does_not_exist_has_no_observation() -> None:
    state = new_game(Options.create(2), 0)
    for player in (9, -1, 2, True, "0"):
        with pytest.raises(RulesError, match="no player"):
            observe(state, player)  # type: ignore[arg-type]


@pytest.mark.rule("KG-4")
def test_huge_numbers_in_notation_and_moves_are_refused_with_a_short_message() -> None:
    state = new_game(Options.create(2), 0)
    with pytest.raises(InvalidMoveError) as info:
        GAME.parse_move(state, "keep " + "9" * 5000)
    assert len(str(info.value)) < 300
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, "order " + "1" * 19)
    assert GAME.parse_move(state, "order " + "1" * 18) == Fulfill(int("1" * 18))
    for move in (Keep(10**5000), Gain((1, 2)), Fulfill(-1)):
        with pytest.raises(IllegalMoveError) as illegal:
            apply(state, move)  # type: ignore[arg-type]
        assert len(str(illegal.value).partition("(")[0]) < 80
        with pytest.raises(IllegalMoveError):
            GAME.encode_move(state, move)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError) as bad_id:
        GAME.decode_move(state, 10**5000)
    assert len(str(bad_id.value)) < 200


@pytest.mark.rule("KG-8")
@pytest.mark.parametrize("kind", list(Decision))
def test_validate_offers_what_the_rules_offer_with_the_rules_own_helpers(kind: Decision) -> None:
    """``validate`` holds a decision's options to those the rules make, computed by the
    rules' own functions (the Messenger's search, the left player, ...), not by copies."""
    state = waiting_for(kind)
    assert state.pending is not None
    assert offered(state, state.pending) == state.pending.options
    for helper in (
        "fulfill_options",
        "left_of",
        "others",
        "patriarch_options",
        "remove_options",
        "search_options",
        "take_options",
    ):
        assert getattr(check_module, helper) is getattr(rules_module, helper), helper
