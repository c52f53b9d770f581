"""One vocabulary for the contract: a title's ``GAME`` is declared with ``define_game``,
each function standing for the part its own name says; the optional parts are grouped in
``GameDefinition.optional``; the names used before keep working for one version, with a
``DeprecationWarning``."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import tinygame
from silkroad.core.errors import InvalidMoveError
from silkroad.core.game import (
    DEPRECATED_NAMES,
    OPTIONAL_PARTS,
    REQUIRED_PARTS,
    GameDefinition,
    OptionalParts,
    define_game,
)

TITLES = ("kashgar", "serica", "dunhuang")
#: Where each optional part of a title lives (docs/api.md, "The shape of a title").
HOMES = {
    "describe_move": "describe",
    "describe_events": "describe",
    "card_texts": "describe",
    "evaluate": "evaluate",
    "outcome": "rules",
    "holdings": "holdings",
    "observation_tensor": "tensor",
    "observation_layout": "tensor",
    "score_bounds": "tensor",
    "svg": "svg",
    "hides_move": "svg",
    "to_position": "position",
    "from_position": "position",
    "fill_position": "position",
    "redeal": "observe",
    "sample_options": "game",
    "component_provenance": "docgen",
    "known_facts": "observe",
    "explain": "explain",
    "action_move": "encoding",
    "observation_words": "describe",
}


def _tiny_parts() -> dict[str, Any]:
    game = tinygame.GAME
    return {name: getattr(game, name) for name in REQUIRED_PARTS}


def _define(parts: Any) -> GameDefinition[Any, Any, Any, Any]:
    return define_game(
        tinygame.SPEC,
        options_type=tinygame.Options,
        state_type=tinygame.State,
        move_types=(tinygame.Play, tinygame.Draw),
        observation_type=tinygame.Observation,
        parts=parts,
    )


@pytest.mark.parametrize("title", TITLES)
def test_each_part_of_a_title_is_the_function_of_its_module(title: str) -> None:
    game = importlib.import_module(f"silkroad.{title}").GAME
    assert set(OPTIONAL_PARTS) == set(HOMES)
    for name, module in HOMES.items():
        home = importlib.import_module(f"silkroad.{title}.{module}")
        assert getattr(game.optional, name) is getattr(home, name), name
    for name in REQUIRED_PARTS:
        assert getattr(game, name).__name__ == name


def test_define_game_names_what_is_missing_unknown_twice_or_not_a_function() -> None:
    parts = _tiny_parts()
    del parts["legal_moves"], parts["render"]
    with pytest.raises(TypeError, match="lacks legal_moves, render"):
        _define(parts)
    with pytest.raises(TypeError, match="describer is no part of the contract"):
        _define({**_tiny_parts(), "describer": lambda s, m, v: ""})
    with pytest.raises(TypeError, match="svg is int, not a function"):
        _define({**_tiny_parts(), "svg": 3})

    def render(state: Any) -> str:
        return ""

    with pytest.raises(TypeError, match="render is given twice"):
        _define([*(_tiny_parts()["render"], render)])
    with pytest.raises(TypeError, match="lacks"):
        _define([render])


def test_a_game_that_numbers_its_moves_gets_decode_move_and_action_mask() -> None:
    """[docs/api.md] A game gives ``encode_move`` and ``num_actions``; ``define_game``
    derives the rest as it does for the titles, and they agree with Tiny Draw's own."""
    parts = _tiny_parts()
    del parts["decode_move"], parts["action_mask"]
    game = _define(parts)
    own = tinygame.GAME
    assert game.decode_move is not own.decode_move
    for seed in range(6):
        state = own.new_game(own.default_options(), seed)
        while not own.is_over(state):
            assert game.action_mask(state) == own.action_mask(state)
            for move in own.legal_moves(state):
                assert game.decode_move(state, own.encode_move(state, move)) == move
            with pytest.raises(InvalidMoveError, match="outside the action space"):
                game.decode_move(state, 99)
            state = own.apply(state, own.legal_moves(state)[seed % len(own.legal_moves(state))])


def test_the_action_parts_are_derived_only_for_a_state_that_keeps_its_options() -> None:
    parts = _tiny_parts()
    del parts["action_mask"]
    derived = r"lacks action_mask \(decode_move and action_mask are derived for a state with"
    with pytest.raises(TypeError, match=derived):
        define_game(
            tinygame.SPEC,
            options_type=tinygame.Options,
            state_type=dict,
            move_types=(tinygame.Play, tinygame.Draw),
            observation_type=tinygame.Observation,
            parts=parts,
        )
    del parts["encode_move"]  # nothing to derive them from
    with pytest.raises(TypeError, match="lacks encode_move, action_mask"):
        _define(parts)


def test_define_game_takes_functions_by_their_own_names() -> None:
    def describe_move(state: Any, move: Any, viewer: int | None) -> str:
        return f"told {move}"

    parts = {**_tiny_parts(), "describe_move": describe_move}
    game = _define(parts)
    assert game.optional.describe_move is describe_move
    state = tinygame.new_game(tinygame.Options(), 0)
    move = tinygame.legal_moves(state)[0]
    assert game.describe_move(state, move) == f"told {move}"
    # the same by name: a list of named functions
    named = _define([describe_move, tinygame.legal_moves, *_lambdas_named()])
    assert named.optional.describe_move is describe_move


def _lambdas_named() -> list[Any]:
    out = []
    for name, function in _tiny_parts().items():
        if name == "legal_moves":
            continue

        def wrapper(*args: Any, _f: Any = function) -> Any:
            return _f(*args)

        wrapper.__name__ = name
        out.append(wrapper)
    return out


def test_pairs_of_optional_parts_come_together() -> None:
    with pytest.raises(ValueError, match="observation_tensor and observation_layout"):
        OptionalParts(observation_tensor=lambda o: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(ValueError, match="to_position and from_position"):
        OptionalParts(from_position=lambda t, o: None)


#: The old names of the parts that come in pairs, each pair given together.
PAIRS = (("tensor_of", "layout_of"), ("position_writer", "position_reader"))
SINGLE = sorted(
    (old, new) for old, new in DEPRECATED_NAMES.items() if not any(old in p for p in PAIRS)
)


@pytest.mark.parametrize(("old", "new"), SINGLE)
def test_the_old_names_still_work_with_a_warning(old: str, new: str) -> None:
    def function(*args: Any) -> None:
        return None

    with pytest.warns(DeprecationWarning, match=f"'{old}' is now named '{new}'"):
        game = GameDefinition(**_construction(), **{old: function})
    assert getattr(game.optional, new) is function
    with pytest.warns(DeprecationWarning, match=f"'{old}' is now named '{new}'"):
        assert getattr(game, old) is function


@pytest.mark.parametrize("pair", PAIRS)
def test_old_names_of_a_pair_still_work_together(pair: tuple[str, str]) -> None:
    def first(*args: Any) -> Any:
        return None

    def second(*args: Any) -> Any:
        return None

    with pytest.warns(DeprecationWarning, match="is now named"):
        game = GameDefinition(**_construction(), **{pair[0]: first, pair[1]: second})
    assert getattr(game.optional, DEPRECATED_NAMES[pair[0]]) is first
    assert getattr(game.optional, DEPRECATED_NAMES[pair[1]]) is second


def test_an_unknown_keyword_is_refused() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'describe'"):
        GameDefinition(**_construction(), describe=lambda *a: "")


def test_replace_changes_parts_by_their_names() -> None:
    game = tinygame.GAME.replace(evaluate=lambda s, p: 7.0)
    state = tinygame.new_game(tinygame.Options(), 0)
    assert game.evaluate(state, 0) == 7.0
    assert tinygame.GAME.optional.evaluate is None
    assert game.replace(evaluate=None).optional.evaluate is None
    assert game.replace(render=lambda s: "x").render(state) == "x"
    with pytest.raises(TypeError, match="named evaluator"):
        game.replace(evaluator=None)


def _construction() -> dict[str, Any]:
    return {
        "spec": tinygame.SPEC,
        "options_type": tinygame.Options,
        "state_type": tinygame.State,
        "move_types": (tinygame.Play, tinygame.Draw),
        "observation_type": tinygame.Observation,
        **_tiny_parts(),
    }


def test_a_title_package_gives_each_part_from_its_home_module() -> None:
    """``define_game(package=...)`` finds every part in the module of its role, the same
    functions the title's ``GAME`` holds; a package lacking parts is told what it lacks."""
    import silkroad

    for title in TITLES:
        game = silkroad.get_game(title)
        again = define_game(
            game.spec,
            options_type=game.options_type,
            state_type=game.state_type,
            move_types=game.move_types,
            observation_type=game.observation_type,
            package=f"silkroad.{title}",
        )
        for name in REQUIRED_PARTS:
            assert getattr(again, name) is getattr(game, name)
        for name in OPTIONAL_PARTS:
            assert getattr(again.optional, name) is getattr(game.optional, name), name
    with pytest.raises(TypeError, match="lacks default_options"):
        define_game(
            tinygame.SPEC,
            options_type=tinygame.Options,
            state_type=tinygame.State,
            move_types=(tinygame.Play, tinygame.Draw),
            observation_type=tinygame.Observation,
            package="silkroad.core",
        )
    with pytest.raises(TypeError, match="a package or parts"):
        define_game(
            tinygame.SPEC,
            options_type=tinygame.Options,
            state_type=tinygame.State,
            move_types=(tinygame.Play, tinygame.Draw),
            observation_type=tinygame.Observation,
        )


def test_a_part_is_looked_up_as_a_plain_attribute() -> None:
    # A class with __getattr__ (or its own __getattribute__) sends every lookup of
    # game.apply / game.legal_moves through a slow path, on every decision.
    for klass in type(tinygame.GAME).__mro__:
        assert "__getattr__" not in vars(klass), klass
    assert type(tinygame.GAME).__getattribute__ is object.__getattribute__
    assert tinygame.GAME.apply is tinygame.apply


def test_an_old_name_of_a_missing_part_is_none_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning, match="'picture' is now named 'svg'"):
        assert GameDefinition(**_construction()).picture is None


def test_a_name_no_definition_has_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_part"):
        tinygame.GAME.no_such_part  # type: ignore[attr-defined]  # noqa: B018
