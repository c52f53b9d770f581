"""The action parts core derives for every title (silkroad.core.actions): encode_move,
decode_move and action_mask from a title's numbering, legal moves and space size."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

import silkroad
import tinygame
from silkroad.core.actions import ActionParts, derive_action_parts
from silkroad.core.errors import IllegalMoveError, InvalidMoveError

SRC = Path(silkroad.__file__).parent
TITLES = ("kashgar", "serica", "dunhuang")


def _stands_for(state: tinygame.State, action: int) -> Any:
    """Tiny Draw's move of an id, legal or not."""
    if isinstance(action, bool) or not isinstance(action, int):
        return None
    if action == 0:
        return tinygame.Draw()
    return tinygame.Play(action) if action in tinygame.CARDS else None


def _derived(stands_for: Any = _stands_for) -> ActionParts[Any, Any]:
    return derive_action_parts(
        tinygame.SPEC.name,
        legal_moves=tinygame.legal_moves,
        action_id=tinygame.encode_move,  # Tiny Draw's numbering checks nothing
        num_actions=lambda options: len(tinygame.CARDS) + 1,
        stands_for=stands_for,
    )


def _states(seed: int = 3) -> list[tinygame.State]:
    rng = random.Random(seed)
    state = tinygame.new_game(tinygame.Options(), seed)
    states = []
    while moves := tinygame.legal_moves(state):
        states.append(state)
        state = tinygame.apply(state, moves[rng.randrange(len(moves))])
    return states


def test_the_derived_parts_agree_with_hand_written_ones(tiny: Any) -> None:
    parts = _derived()
    states = _states()
    assert len(states) > 5
    for state in states:
        assert parts.action_mask(state) == tinygame.action_mask(state)
        for move in tinygame.legal_moves(state):
            action = parts.encode_move(state, move)
            assert action == tinygame.encode_move(state, move)
            assert parts.decode_move(state, action) == move
            assert tinygame.decode_move(state, action) == move


def test_an_illegal_move_has_no_id(tiny: Any) -> None:
    state = _states()[0]
    absent = next(c for c in tinygame.CARDS if tinygame.Play(c) not in tinygame.legal_moves(state))
    with pytest.raises(IllegalMoveError):
        _derived().encode_move(state, tinygame.Play(absent))
    with pytest.raises(IllegalMoveError):
        _derived().encode_move(state, ["not", "a", "move"])  # type: ignore[arg-type]


def test_decode_says_why_an_id_names_no_legal_move(tiny: Any) -> None:
    state = _states()[0]
    absent = next(c for c in tinygame.CARDS if tinygame.Play(c) not in tinygame.legal_moves(state))
    parts = _derived()
    with pytest.raises(InvalidMoveError, match="an action id is an int, got bool"):
        parts.decode_move(state, True)
    with pytest.raises(InvalidMoveError, match="an action id is an int, got str"):
        parts.decode_move(state, "3")  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match=r"action 10 is outside .* \(ids 0 to 9 "):
        parts.decode_move(state, 10)
    with pytest.raises(InvalidMoveError, match=r"action -1 is outside"):
        parts.decode_move(state, -1)
    with pytest.raises(InvalidMoveError, match=rf"^action {absent} \(play {absent}\) is not legal"):
        parts.decode_move(state, absent)
    with pytest.raises(InvalidMoveError, match=rf"^action {absent} names no legal move now$"):
        _derived(stands_for=None).decode_move(state, absent)
    with pytest.raises(InvalidMoveError) as info:
        parts.decode_move(state, absent)
    assert info.value.text == absent


@pytest.mark.parametrize("title", TITLES)
def test_a_title_gives_only_its_own_action_parts(title: str) -> None:
    # encode_move, decode_move, action_mask and action_move are core's, derived from the
    # title's numbering; still importable from the title's encoding module, its package
    # (those the package exports) and the game
    tree = ast.parse((SRC / title / "encoding.py").read_text("utf-8"))
    written = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert not written & {"encode_move", "decode_move", "action_mask", "action_move"}
    assert "num_actions" in written
    encoding = __import__(f"silkroad.{title}.encoding", fromlist=["encoding"])
    package = __import__(f"silkroad.{title}", fromlist=["encoding"])
    game = silkroad.get_game(title)
    for name in ("encode_move", "decode_move", "action_mask", "action_move"):
        function = getattr(encoding, name)
        assert isinstance(function.__self__, ActionParts)
        assert getattr(package, name, function) == function
        assert getattr(game, name) == function or name == "action_move"
    assert game.optional.action_move == encoding.action_move


@pytest.mark.parametrize("title", TITLES)
def test_a_title_refuses_ids_as_core_words_it(title: str) -> None:
    game = silkroad.get_game(title)
    state = game.new_game(game.default_options(), 1)
    size = game.num_actions(state.options)
    with pytest.raises(InvalidMoveError, match=rf"^action {size} is outside the action space"):
        game.decode_move(state, size)
    mask = game.action_mask(state)
    illegal = next(i for i, ok in enumerate(mask) if not ok and game.action_move(state, i))
    stands = game.action_move(state, illegal)
    with pytest.raises(InvalidMoveError, match=rf"^action {illegal} \({stands}\) is not legal"):
        game.decode_move(state, illegal)


def test_action_move_is_none_for_what_names_no_id(tiny: Any) -> None:
    state = _states()[0]
    parts = _derived()
    assert parts.action_move(state, 3) == tinygame.Play(3)
    assert parts.action_move(state, 0) == tinygame.Draw()
    for nothing in (True, 3.0, "3", [3], -1, 10, 2**70):
        assert parts.action_move(state, nothing) is None  # type: ignore[arg-type]
    assert _derived(stands_for=None).action_move(state, 3) is None


@pytest.mark.parametrize("title", TITLES)
def test_a_title_says_what_each_id_stands_for(title: str) -> None:
    game = silkroad.get_game(title)
    state = game.new_game(game.default_options(), 2)
    size = game.num_actions(state.options)
    for nothing in (True, 1.0, "1", -1, size):
        assert game.action_move(state, nothing) is None
    for move in game.legal_moves(state):
        assert game.action_move(state, game.encode_move(state, move)) == move
