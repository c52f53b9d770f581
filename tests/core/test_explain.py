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
    generic_reason,
    illegal_move_error,
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
