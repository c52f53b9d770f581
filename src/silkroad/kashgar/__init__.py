"""Kashgar: Merchants of the Silk Road, 2 to 4 players, with the Cut & Thrust expansion.

The public API of the silkroad game contract (see ``docs/kashgar.md``)::

    >>> from silkroad import kashgar
    >>> state = kashgar.new_game(kashgar.Options.create(3, expansion="all"), seed=7)
    >>> move = kashgar.legal_moves(state)[0]
    >>> state = kashgar.apply(state, move)

``GAME`` bundles the same functions for generic tools (agents, the conformance suite).
"""

from __future__ import annotations

import types as _types

from silkroad.kashgar.cards import (
    CardData,
    DeckKind,
    default_card_data,
    load_card_file,
    parse_card_text,
)
from silkroad.kashgar.check import validate
from silkroad.kashgar.describe import describe_move
from silkroad.kashgar.encoding import action_mask, decode_move, encode_move, num_actions
from silkroad.kashgar.evaluate import evaluate
from silkroad.kashgar.game import (
    GAME,
    SPEC,
    default_options,
    format_move,
    max_game_length,
    num_players,
    parse_move,
)
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
from silkroad.kashgar.observe import Observation, determinize, known_facts, observe, redeal
from silkroad.kashgar.render import render
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
from silkroad.kashgar.state import Options, State
from silkroad.kashgar.svg import svg
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
    "known_facts",
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
    "redeal",
    "render",
    "score_bounds",
    "scores",
    "svg",
    "validate",
    "winners",
]

# The public surface is exactly __all__ (submodules aside).
assert set(__all__) == {
    name
    for name, value in globals().items()
    if not name.startswith("_") and not isinstance(value, _types.ModuleType)
} - {"annotations"}, "silkroad.kashgar.__all__ is out of date"
