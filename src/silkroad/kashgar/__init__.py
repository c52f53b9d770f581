"""Kashgar: Merchants of the Silk Road, 2 to 4 players, with the Cut & Thrust expansion.

The public API of the silkroad game contract (see ``docs/kashgar.md``)::

    >>> from silkroad import kashgar
    >>> state = kashgar.new_game(kashgar.Options.create(3, expansion="all"), seed=7)
    >>> move = kashgar.legal_moves(state)[0]
    >>> state = kashgar.apply(state, move)

``GAME`` bundles the same functions for generic tools (agents, the conformance suite).
"""

from __future__ import annotations

import functools as _functools
import types as _types

from silkroad.core.game import Chance as _Chance
from silkroad.core.game import GameDefinition as _GameDefinition
from silkroad.core.game import GameSpec as _GameSpec
from silkroad.core.game import Information as _Information
from silkroad.kashgar.cards import (
    CardData,
    DeckKind,
    default_card_data,
    load_card_file,
    parse_card_text,
)
from silkroad.kashgar.cards import Effect as _Effect
from silkroad.kashgar.cards import Op as _Op
from silkroad.kashgar.check import validate
from silkroad.kashgar.describe import describe_move
from silkroad.kashgar.encoding import action_mask, decode_move, encode_move, num_actions
from silkroad.kashgar.evaluate import evaluate
from silkroad.kashgar.holdings import holdings
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
from silkroad.kashgar.moves import parse_notation as _parse_notation
from silkroad.kashgar.observe import Observation, determinize, observe
from silkroad.kashgar.render import render
from silkroad.kashgar.rules import MAX_CARAVANS as _MAX_CARAVANS
from silkroad.kashgar.rules import (
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    outcome,
    scores,
    winners,
)
from silkroad.kashgar.rules import turn_limit as _turn_limit
from silkroad.kashgar.state import Options, State
from silkroad.kashgar.table import table as _table
from silkroad.kashgar.tensor import observation_layout, observation_tensor, score_bounds

__all__ = [
    "GAME",
    "SPEC",
    "CaravanAction",
    "CardData",
    "DeckKind",
    "Fulfill",
    "Gain",
    "Keep",
    "Move",
    "Observation",
    "Options",
    "PartingAction",
    "Pass",
    "Place",
    "Remove",
    "State",
    "Take",
    "action_mask",
    "apply",
    "current_player",
    "decode_move",
    "default_card_data",
    "default_options",
    "describe_move",
    "determinize",
    "encode_move",
    "evaluate",
    "format_move",
    "holdings",
    "is_over",
    "legal_moves",
    "load_card_file",
    "max_game_length",
    "new_game",
    "num_actions",
    "num_players",
    "observation_layout",
    "observation_tensor",
    "observe",
    "outcome",
    "parse_card_text",
    "parse_move",
    "render",
    "score_bounds",
    "scores",
    "validate",
    "winners",
]


def default_options(players: int | None = None) -> Options:
    """Options for a base game (no expansion); 2 players unless ``players`` is given."""
    return Options.create(2 if players is None else players)


def num_players(state: State) -> int:
    """How many players take part."""
    return state.options.players


def format_move(move: Move) -> str:
    """[KG-4] The notation of ``move`` (equal to ``str(move)``)."""
    return str(move)


def parse_move(state: State, text: str) -> Move:
    """[KG-4] The move named by ``text``; it may be illegal in ``state`` (``apply`` says).

    :raises InvalidMoveError: if ``text`` is not the notation of any move.
    """
    del state  # the notation is context-free
    return _parse_notation(text)


def _decisions(effect: _Effect, players: int) -> int:
    """The most decisions one effect can ask for."""
    op = effect.op
    if op is _Op.HERD:  # every opponent places the front card of each caravan
        return (players - 1) * _MAX_CARAVANS
    if op is _Op.DRAW:
        return effect.keep
    if op is _Op.INCREASE:
        return int(len(effect.choices) > 1)
    if op in (_Op.DECREASE, _Op.SET, _Op.TURN, _Op.EXTRA_TURN):
        return 0
    return 1


@_functools.lru_cache(maxsize=32)
def max_game_length(options: Options) -> int:
    """An upper bound on the decisions of a game, for any card data: the
    safeguard's turn limit times the most decisions of one turn (the card choice and
    those of the longest action), plus the decisions of every order's immediate payout
    (each order is fulfilled at most once)."""
    t = _table(options)
    n = options.players
    faces = [f for c in range(t.persons) for f in (t.front[c], t.back[c]) if f is not None]
    longest = max(
        (
            sum(_decisions(e, n) for e in action.effects)
            for face in faces
            for action in (*face.caravan, *face.parting)
        ),
        default=0,
    )
    payouts = sum(_decisions(e, n) for o in t.order if o is not None for e in o.payout)
    return _turn_limit(options) * (1 + longest) + payouts


SPEC = _GameSpec(
    name="kashgar",
    title="Kashgar: Merchants of the Silk Road",
    min_players=2,
    max_players=4,
    chance=_Chance.SAMPLED,
    information=_Information.IMPERFECT,
    rules_version="1.1",
    variants=("cut-and-thrust",),
    description="Caravan card game: cycle your three caravans, gather spices, fulfil orders.",
)

GAME: _GameDefinition[State, Move, Options, Observation] = _GameDefinition(
    spec=SPEC,
    options_type=Options,
    state_type=State,
    move_types=(CaravanAction, PartingAction, Pass, Gain, Keep, Take, Fulfill, Remove, Place),
    observation_type=Observation,
    default_options=default_options,
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    current_player=current_player,
    num_players=num_players,
    is_over=is_over,
    scores=scores,
    winners=winners,
    observe=observe,
    determinize=determinize,
    parse_move=parse_move,
    format_move=format_move,
    num_actions=num_actions,
    encode_move=encode_move,
    decode_move=decode_move,
    action_mask=action_mask,
    max_game_length=max_game_length,
    render=render,
    validate=validate,
    describer=describe_move,
    evaluator=evaluate,
    holdings_of=holdings,
    tensor_of=observation_tensor,
    layout_of=observation_layout,
    bounds_of=score_bounds,
    outcome_of=outcome,
)

# The public surface is exactly __all__ (submodules aside).
assert set(__all__) == {
    name
    for name, value in globals().items()
    if not name.startswith("_") and not isinstance(value, _types.ModuleType)
} - {"annotations"}, "silkroad.kashgar.__all__ is out of date"
