"""``explain``: why a move is refused, for any game (silkroad.core.explain)."""

from __future__ import annotations

from typing import Any

import pytest

import tinygame
from silkroad.core.errors import IllegalMoveError
from silkroad.core.explain import (
    LISTED,
    Reason,
    Verdict,
    explain,
    explain_for_seat,
    generic_reason,
    illegal_move_error,
    reason_of,
    refusal,
)


def _state() -> tinygame.State:
    return tinygame.GAME.new_game(tinygame.GAME.default_options(), seed=3)


def test_a_reason_cites_a_rule_exactly_when_a_rule_refuses() -> None:
    reason = Reason.by_rule("KG-5.2", "the Great Wheat Field needs 3 mules; P1 has 2")
    assert str(reason) == "[KG-5.2] the Great Wheat Field needs 3 mules; P1 has 2"
    assert reason.specific
    assert not reason.legal
    with pytest.raises(ValueError, match="exactly when"):
        Reason(Verdict.RULE, "no section")
    with pytest.raises(ValueError, match="exactly when"):
        Reason(Verdict.NOT_OFFERED, "text", "KG-5")
    with pytest.raises(ValueError, match="not a section id"):
        Reason.by_rule("rule five", "text")
    assert str(Reason(Verdict.NOT_OFFERED, "not here")) == "not here"


def test_a_game_without_explain_gives_the_generic_reason() -> None:
    game, state = tinygame.GAME, _state()
    hand = sorted(state.hands[state.turn])
    assert explain(game, state, f"play {hand[0]}").legal
    absent = next(c for c in tinygame.CARDS if c not in hand)
    reason = game.explain(state, tinygame.Play(absent))
    assert reason.verdict is Verdict.NOT_OFFERED
    assert not reason.specific
    assert reason.text == f"play {absent} is not among the moves offered to P0 here"
    assert str(reason) == reason.text


def test_text_or_an_id_that_names_nothing_says_what_it_could_not_read() -> None:
    game, state = tinygame.GAME, _state()
    reason = explain(game, state, "fly away")
    assert reason.verdict is Verdict.UNKNOWN
    assert "expected 'draw' or 'play N'" in reason.text
    assert explain(game, state, 99).text == "action 99 stands for no move here"


def test_the_game_over_is_the_reason_once_it_ends() -> None:
    game, state = tinygame.GAME, _state()
    while not game.is_over(state):
        state = game.apply(state, game.legal_moves(state)[0])
    assert explain(game, state, tinygame.Draw()).text == "the game is over: no move is legal"


def _with_explain(explainer: Any) -> Any:
    return tinygame.make_game(explain=explainer)


def test_a_title_explains_the_moves_it_refuses_and_only_those() -> None:
    asked: list[Any] = []

    def explainer(state: tinygame.State, move: Any) -> Reason:
        asked.append(move)
        return Reason.by_rule("TG-1", f"{move} is not in P{state.turn}'s hand")

    game, state = _with_explain(explainer), _state()
    legal = game.legal_moves(state)[0]
    assert game.explain(state, legal).legal
    absent = next(c for c in tinygame.CARDS if c not in state.hands[state.turn])
    reason = game.explain(state, f"play {absent}")
    assert str(reason) == f"[TG-1] play {absent} is not in P0's hand"
    assert asked == [tinygame.Play(absent)]


def test_a_title_that_calls_an_illegal_move_legal_is_a_type_error() -> None:
    game = _with_explain(lambda s, m: Reason(Verdict.LEGAL, "fine"))
    state = _state()
    absent = next(c for c in tinygame.CARDS if c not in state.hands[state.turn])
    with pytest.raises(TypeError, match="for an illegal move"):
        game.explain(state, tinygame.Play(absent))


def test_the_refusal_leads_with_the_reason_and_shortens_the_legal_moves() -> None:
    reason = Reason.by_rule("SR-5.2", "no buying after a build this turn")
    legal = [f"m{i}" for i in range(LISTED + 5)]
    message = refusal(reason, "buy 3", 1, legal)
    assert message.startswith("[SR-5.2] no buying after a build this turn (buy 3 refused; ")
    assert "player 1 to act" in message
    assert message.endswith(f"m{LISTED - 1} and 5 more)")
    assert refusal(reason, "buy 3", None, []).endswith("legal: none, the game is over)")


def test_the_error_carries_the_reason_even_when_explain_fails() -> None:
    def broken(state: Any, move: Any) -> Reason:
        raise RuntimeError("a bug in the title's explain")

    state = _state()
    absent = next(c for c in tinygame.CARDS if c not in state.hands[state.turn])
    for game in (_with_explain(broken), tinygame.GAME):
        error = illegal_move_error(game, state, tinygame.Play(absent))
        assert isinstance(error, IllegalMoveError)
        assert error.reason == generic_reason(game, state, tinygame.Play(absent))
        assert str(error).startswith(f"play {absent} is not among the moves offered to P0")
        assert error.state is state
        assert error.move == tinygame.Play(absent)


def test_an_id_of_the_action_space_without_action_move_is_not_offered() -> None:
    game, state = tinygame.GAME, _state()
    absent = next(c for c in tinygame.CARDS if c not in state.hands[state.turn])
    reason = explain(game, state, absent)  # the id of "play <absent>": not mapped by the game
    assert reason.verdict is Verdict.NOT_OFFERED
    assert reason.text == f"action {absent} is not among the moves offered to P0 here"
    assert explain(game, state, -1).verdict is Verdict.UNKNOWN
    explained = tinygame.make_explained_game()
    assert explained.explain(state, absent).rule == "TG-1"  # its action_move maps the id
    assert explained.explain(state, 99).text == "action 99 stands for no move here"


def test_a_reason_cites_its_section_and_the_sections_that_hold_it() -> None:
    item = Reason.by_rule("DH-3.E.6", "x")
    assert item.cites("DH-3.E.6")
    assert item.cites("DH-3.E")
    assert item.cites("DH-3")
    assert not item.cites("DH-3.E.60")
    assert not item.cites("DH-3.E.6.1")  # a narrower section than the reason's
    section = Reason.by_rule("DH-3.E", "x")
    assert not section.cites("DH-3.E.6")
    assert not Reason.by_rule("KG-51", "x").cites("KG-5")
    assert not Reason(Verdict.NOT_OFFERED, "x").cites("KG-5")


def test_the_generic_reason_of_typed_text_names_it_shortened() -> None:
    game, state = tinygame.GAME, _state()
    reason = generic_reason(game, state, "  fly   away ")
    assert reason.text == "fly away is not among the moves offered to P0 here"
    long = generic_reason(game, state, "x" * 100).text
    assert long.startswith("x" * 57 + "... is not among")


def test_a_refusal_whose_caller_names_the_move_leaves_it_out() -> None:
    reason = Reason.by_rule("SR-5.2", "no buying after a build this turn")
    assert refusal(reason, None, 0, ["done"]) == (
        "[SR-5.2] no buying after a build this turn (player 0 to act; legal: done)"
    )


def test_reason_of_prefers_the_carried_reason_then_explain_then_the_generic() -> None:
    state = _state()
    absent = tinygame.Play(next(c for c in tinygame.CARDS if c not in state.hands[state.turn]))
    carried = Reason.by_rule("TG-9", "carried")
    error = IllegalMoveError("no", state=state, move=absent, reason=carried)
    assert reason_of(tinygame.GAME, state, absent, error) is carried
    explained = tinygame.make_explained_game()
    assert reason_of(explained, state, absent, IllegalMoveError("no")).rule == "TG-1"
    assert reason_of(explained, state, absent).rule == "TG-1"
    legal = IllegalMoveError("no", reason=Reason(Verdict.LEGAL, "legal"))
    assert reason_of(tinygame.GAME, state, absent, legal) == generic_reason(
        tinygame.GAME, state, absent
    )

    def broken(state: Any, move: Any) -> Reason:
        raise RuntimeError("a bug")

    assert reason_of(_with_explain(broken), state, absent) == generic_reason(
        tinygame.GAME, state, absent
    )
    # a move legal in the state (a game whose apply refused it anyway) is refused generically
    legal_move = tinygame.legal_moves(state)[0]
    assert reason_of(explained, state, legal_move).verdict is Verdict.NOT_OFFERED


def _peeking(state: tinygame.State, move: Any) -> Reason:
    """A broken explain that names what the player cannot see: the top card of the deck."""
    if isinstance(move, tinygame.Draw):
        return Reason.by_rule("TG-2", f"the top card is {state.deck[0]}, and the hand is full")
    return tinygame.explain(state, move)


def _full_hand_state() -> tinygame.State:
    """P0 to act with three cards in hand and cards left in the deck (Draw refused)."""
    game = tinygame.GAME
    for seed in range(200):
        state = game.new_game(tinygame.Options(hand_size=3), seed)
        if state.deck and len(state.hands[0]) == tinygame.MAX_HAND:
            return state
    raise AssertionError("no such state")


def test_a_seat_is_told_a_reason_only_when_it_rests_on_what_the_seat_sees() -> None:
    state = _full_hand_state()
    peeking = _with_explain(_peeking)
    told = explain_for_seat(peeking, state, tinygame.Draw(), 0)
    assert told == generic_reason(peeking, state, tinygame.Draw())
    assert str(state.deck[0]) not in told.text
    assert explain(peeking, state, tinygame.Draw()).rule == "TG-2"  # the whole state's
    absent = next(c for c in tinygame.CARDS if c not in state.hands[0])
    own = explain_for_seat(peeking, state, tinygame.Play(absent), 0)
    assert own.rule == "TG-1"  # the seat's own hand: told
    assert str(sorted(state.hands[0])[0]) in own.text
    # the same observation gives the same answer, whatever is hidden
    for k in range(3):
        other = peeking.determinize(peeking.observe(state, 0), 100 + k)
        assert explain_for_seat(peeking, other, tinygame.Draw(), 0) == told
        assert explain_for_seat(peeking, other, tinygame.Play(absent), 0) == own


def test_a_seat_that_is_not_to_act_is_told_whose_decision_it_is() -> None:
    game, state = tinygame.make_explained_game(), _state()
    move = tinygame.legal_moves(state)[0]
    reason = explain_for_seat(game, state, move, 1)
    assert reason.verdict is Verdict.NOT_OFFERED
    assert reason.text == "it is not P1's decision: P0 is deciding"
    assert explain_for_seat(game, state, move, 0).legal
    assert explain_for_seat(game, state, "fly", 0).verdict is Verdict.UNKNOWN


def test_a_seat_is_told_the_generic_reason_when_determinize_or_explain_fails() -> None:
    state = _full_hand_state()

    def failing(obs: Any, seed: int) -> Any:
        raise RuntimeError("no deal")

    game = tinygame.make_explained_game(determinize=failing)
    assert explain_for_seat(game, state, tinygame.Draw(), 0) == generic_reason(
        game, state, tinygame.Draw()
    )

    def broken(state: Any, move: Any) -> Reason:
        raise RuntimeError("a bug")

    assert explain_for_seat(_with_explain(broken), state, tinygame.Draw(), 0) == (
        generic_reason(tinygame.GAME, state, tinygame.Draw())
    )


def test_the_refusals_measured_are_the_ids_action_move_maps_or_moves_legal_elsewhere() -> None:
    from silkroad.testing.reasons import refused_pairs

    explained = tinygame.make_explained_game()
    options = tinygame.Options()
    pairs = list(refused_pairs(explained, options, games=2, seed=1))
    assert pairs
    for state, move, action in pairs:
        assert 0 <= action < explained.num_actions(options)
        assert explained.action_move(state, action) == move
        assert move not in explained.legal_moves(state)
    # a game without action_move: the moves legal somewhere in the same game
    plain = list(refused_pairs(tinygame.GAME, options, games=2, seed=1))
    assert plain
    assert {action for _, _, action in plain} == {-1}
    for state, move, _ in plain:
        assert move not in tinygame.legal_moves(state)
    assert {m for _, m, _ in plain} <= {tinygame.Draw(), *map(tinygame.Play, tinygame.CARDS)}
