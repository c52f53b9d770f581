"""Serica: Plains of Dust, two players, competitive or co-operative.

The public API of the silkroad game contract (see ``docs/serica.md``)::

    >>> from silkroad import serica
    >>> state = serica.new_game(serica.Options(), seed=7)
    >>> move = serica.legal_moves(state)[0]
    >>> state = serica.apply(state, move)

``GAME`` bundles the same functions for generic tools (agents, the conformance suite).
Player 0 plays the Han Dynasty, player 1 the Roman Empire.
"""

from __future__ import annotations

import types as _types

from silkroad.core.game import Outcome
from silkroad.serica.cards import (
    Ability,
    CardDef,
    CardType,
    Colour,
    Good,
    default_cards,
    load_card_file,
    parse_card_text,
)
from silkroad.serica.check import validate
from silkroad.serica.encoding import action_mask, decode_move, encode_move, num_actions
from silkroad.serica.evaluate import evaluate
from silkroad.serica.game import (
    GAME,
    SPEC,
    default_options,
    format_move,
    max_game_length,
    num_players,
    parse_move,
)
from silkroad.serica.holdings import holdings
from silkroad.serica.moves import (
    Advance,
    Begin,
    Build,
    Buy,
    Choice,
    Choose,
    Defend,
    Done,
    Give,
    Hire,
    Import,
    Load,
    Move,
    Pay,
    Pick,
    Place,
    Produce,
    Rearrange,
    Save,
    Send,
    Supply,
    Swap,
    Take,
    Top,
    Use,
)
from silkroad.serica.observe import (
    Observation,
    PlayerView,
    determinize,
    known_facts,
    observe,
    redeal,
)
from silkroad.serica.render import render
from silkroad.serica.rules import (
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    outcome,
    scores,
    winners,
)
from silkroad.serica.state import Options, State
from silkroad.serica.svg import svg
from silkroad.serica.tensor import observation_layout, observation_tensor, score_bounds

__all__ = [
    "GAME",
    "SPEC",
    "Ability",
    "Advance",
    "Begin",
    "Build",
    "Buy",
    "CardDef",
    "CardType",
    "Choice",
    "Choose",
    "Colour",
    "Defend",
    "Done",
    "Give",
    "Good",
    "Hire",
    "Import",
    "Load",
    "Move",
    "Observation",
    "Options",
    "Outcome",
    "Pay",
    "Pick",
    "Place",
    "PlayerView",
    "Produce",
    "Rearrange",
    "Save",
    "Send",
    "State",
    "Supply",
    "Swap",
    "Take",
    "Top",
    "Use",
    "action_mask",
    "apply",
    "current_player",
    "decode_move",
    "default_cards",
    "default_options",
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
} - {"annotations"}, "silkroad.serica.__all__ is out of date"
