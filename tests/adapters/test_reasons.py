"""An illegal action id in the adapters is refused with the reason the acting seat may
know: the rule that refuses the move the id stands for (a game with ``explain``), the
generic reason (a game without); the frameworks' own checkers keep passing (their tests
are beside this one)."""

from __future__ import annotations

from typing import Any

import pyspiel
import pytest
from pettingzoo.test import api_test

import tinygame
from silkroad.adapters import action_reason, decode_action
from silkroad.adapters.gymnasium import SilkroadGymEnv
from silkroad.adapters.openspiel import register
from silkroad.adapters.pettingzoo import env, raw_env
from silkroad.core.errors import InvalidMoveError
from silkroad.core.explain import Verdict

GAMES = {"tinydraw": tinygame.GAME, "tinyreasons": tinygame.EXPLAINED}
for _game in GAMES.values():
    register(_game)


def _absent(state: tinygame.State) -> int:
    """The action id of a card the player to act does not hold (Tiny Draw's id is the
    card's number)."""
    assert state.turn is not None
    return next(c for c in tinygame.CARDS if c not in state.hands[state.turn])


def _expected(name: str, state: tinygame.State, card: int) -> str:
    player = state.turn
    assert player is not None
    if name == "tinyreasons":
        held = ", ".join(map(str, sorted(state.hands[player])))
        return f"[TG-1] card {card} is not in P{player}'s hand ({held}) (action {card})"
    return f"action {card} is not among the moves offered to P{player} here (action {card})"


@pytest.mark.parametrize("name", GAMES)
def test_decode_action_refuses_an_illegal_id_with_the_reason(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(game.default_options(), 3)
    card = _absent(state)
    with pytest.raises(InvalidMoveError) as info:
        decode_action(game, state, card)
    assert str(info.value) == _expected(name, state, card)
    assert info.value.reason == action_reason(game, state, card)
    assert info.value.text == card
    unknown = action_reason(game, state, 99)
    assert unknown.verdict is Verdict.UNKNOWN
    with pytest.raises(InvalidMoveError, match="^action 99 names no legal move"):
        decode_action(game, state, 99)  # the title's message, with the reason carried
    with pytest.raises(InvalidMoveError) as not_an_id:
        decode_action(game, state, "3")
    assert not_an_id.value.reason is None
    legal = tinygame.legal_moves(state)[0]
    assert decode_action(game, state, game.encode_move(state, legal)) == legal


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_refuses_an_illegal_action_with_the_reason(name: str) -> None:
    environment = raw_env(GAMES[name], players=2)
    environment.reset(seed=3)
    state = environment.state_
    card = _absent(state)
    with pytest.raises(InvalidMoveError) as info:
        environment.step(card)
    assert str(info.value) == _expected(name, state, card)
    assert environment.state_ == state  # nothing changed


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_checker_passes_with_and_without_explain(name: str) -> None:
    api_test(env(GAMES[name], players=2), num_cycles=100)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_tells_the_reason_in_the_info_or_the_error(name: str) -> None:
    game = GAMES[name]
    loose = SilkroadGymEnv(game, players=2, opponents="random")
    _, info = loose.reset(seed=2)
    state = loose.state
    card = _absent(state)
    assert not info["action_mask"][card]
    _, reward, terminated, _, info = loose.step(card)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    assert info["reason"] == _expected(name, state, card).rpartition(" (action")[0]
    strict = SilkroadGymEnv(game, players=2, opponents="random", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(InvalidMoveError) as error:
        strict.step(card)
    assert str(error.value) == _expected(name, strict.state, card)
    assert error.value.reason is not None


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_refuses_an_illegal_action_with_the_reason(name: str) -> None:
    game = pyspiel.load_game(f"silkroad_{name}", {"seed": 3})
    spiel: Any = game.new_initial_state()
    while spiel.is_chance_node():
        spiel.apply_action(spiel.legal_actions()[0])
    legal = set(spiel.legal_actions())
    card = next(a for a in range(1, 10) if a not in legal)
    with pytest.raises(InvalidMoveError) as info:
        spiel.apply_action(card)
    assert info.value.reason is not None
    assert str(info.value).endswith(f"(action {card})")
    if name == "tinyreasons":
        assert info.value.reason.rule == "TG-1"
    else:
        assert info.value.reason.verdict is Verdict.NOT_OFFERED
    assert set(spiel.legal_actions()) == legal  # nothing changed
