"""Dunhuang: Pearl on the Silk Road, 3 or 4 players or solitaire, with the twelve Starting
Packs, and optionally the promo characters and tiles (``Options(promos=True)``).

The public API of the silkroad game contract (see ``docs/dunhuang.md``)::

    >>> from silkroad import dunhuang
    >>> state = dunhuang.new_game(dunhuang.Options(players=4), seed=7)
    >>> move = dunhuang.legal_moves(state)[0]
    >>> state = dunhuang.apply(state, move)

``GAME`` bundles the same functions for generic tools (agents, the conformance suite).
"""

from __future__ import annotations

import types as _types

from silkroad.dunhuang.cards import load_pack_file
from silkroad.dunhuang.check import validate
from silkroad.dunhuang.describe import describe_move
from silkroad.dunhuang.encoding import action_mask, decode_move, encode_move, num_actions
from silkroad.dunhuang.evaluate import evaluate
from silkroad.dunhuang.game import (
    GAME,
    SPEC,
    default_options,
    format_move,
    max_game_length,
    num_players,
    parse_move,
)
from silkroad.dunhuang.holdings import holdings
from silkroad.dunhuang.moves import (
    Ability,
    Bottom,
    Choose,
    Continue,
    Done,
    Keep,
    Move,
    Paint,
    Pass,
    Place,
    Recruit,
    Resolve,
    Take,
    Upgrade,
    UseDie,
)
from silkroad.dunhuang.observe import Observation, determinize, known_facts, observe, redeal
from silkroad.dunhuang.packs import Pack
from silkroad.dunhuang.promos import load_promo_file
from silkroad.dunhuang.render import render
from silkroad.dunhuang.rules import (
    apply,
    current_player,
    final_breakdown,
    is_over,
    legal_moves,
    new_game,
    outcome,
    scores,
    solitaire_result,
    winners,
)
from silkroad.dunhuang.state import DEFAULT_PACKS, Options, State
from silkroad.dunhuang.svg import svg
from silkroad.dunhuang.tensor import observation_layout, observation_tensor, score_bounds

__all__ = [
    "DEFAULT_PACKS",
    "GAME",
    "SPEC",
    "Ability",
    "Bottom",
    "Choose",
    "Continue",
    "Done",
    "Keep",
    "Move",
    "Observation",
    "Options",
    "Pack",
    "Paint",
    "Pass",
    "Place",
    "Recruit",
    "Resolve",
    "State",
    "Take",
    "Upgrade",
    "UseDie",
    "action_mask",
    "apply",
    "current_player",
    "decode_move",
    "default_options",
    "describe_move",
    "determinize",
    "encode_move",
    "evaluate",
    "final_breakdown",
    "format_move",
    "holdings",
    "is_over",
    "known_facts",
    "legal_moves",
    "load_pack_file",
    "load_promo_file",
    "max_game_length",
    "new_game",
    "num_actions",
    "num_players",
    "observation_layout",
    "observation_tensor",
    "observe",
    "outcome",
    "parse_move",
    "redeal",
    "render",
    "score_bounds",
    "scores",
    "solitaire_result",
    "svg",
    "validate",
    "winners",
]

# The public surface is exactly __all__ (submodules aside).
assert set(__all__) == {
    name
    for name, value in globals().items()
    if not name.startswith("_") and not isinstance(value, _types.ModuleType)
} - {"annotations"}, "silkroad.dunhuang.__all__ is out of date"
