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

from silkroad.core.game import Chance as _Chance
from silkroad.core.game import GameDefinition as _GameDefinition
from silkroad.core.game import GameSpec as _GameSpec
from silkroad.core.game import Information as _Information
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
from silkroad.serica.holdings import holdings
from silkroad.serica.moves import (
    MOVE_TYPES as _MOVE_TYPES,
)
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
from silkroad.serica.moves import parse_notation as _parse_notation
from silkroad.serica.observe import Observation, PlayerView, determinize, observe
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
from silkroad.serica.svg import hides_move as _hides_move
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
    "svg",
    "validate",
    "winners",
]


def default_options(players: int | None = None) -> Options:
    """[SR-1] Options for a competitive two-player game.

    :raises ValueError: if ``players`` is given and is not 2.
    """
    if players is not None and players != 2:
        raise ValueError(f"Serica is a two-player game, got players={players!r}")
    return Options()


def num_players(state: State) -> int:
    """[SR-1] Always two."""
    del state
    return 2


def format_move(move: Move) -> str:
    """[SR-5] The notation of ``move`` (equal to ``str(move)``)."""
    return str(move)


def parse_move(state: State, text: str) -> Move:
    """[SR-5] The move named by ``text``; it may be illegal in ``state`` (``apply`` says).

    :raises InvalidMoveError: if ``text`` is not the notation of any move, or names a
        card that is not in this game's data.
    """
    move = _parse_notation(text)
    card = getattr(move, "card", None)
    if card is not None and card not in {c.key for c in state.options.cards}:
        from silkroad.core.errors import InvalidMoveError

        raise InvalidMoveError(f"no card with key {card!r} in this game ({text!r})", text=text)
    return move


def max_game_length(options: Options) -> int:
    """A true upper bound on the decisions of a game: the ``round_limit`` safeguard
    stops every game after that many rounds of two turns, and a turn has at most
    :func:`_decisions_per_turn` decisions."""
    return options.round_limit * 2 * _decisions_per_turn(options)


def _decisions_per_turn(options: Options) -> int:
    """[SR-5] An upper bound on the decisions of one turn, for ``N`` physical cards.

    Each card's ability is used at most once per round (``N`` uses), each with at most
    4 follow-up decisions (an Envoy: the card copied, then a Settler's choice, pick and
    field). Production: 8 points plus one per readied Laborer (at most ``N``). A buy
    takes a card out of the Crossroads and has at most 6 payments; a card returns to
    the row during a turn only when a City gives it, so there are at most ``2N`` buys.
    Builds: 12 spots. One defence with at most 2 bonus decisions. At most 4 Enemies
    attack, each with a caravan choice, 2 Fort saves and a ``done``. At most 3 caravans
    are begun, each with its loading (4 goods each, plus one per readied Warehouse)
    and ``done``; one move; three ``done`` that end the phases.
    """
    n = sum(kind.copies for kind in options.cards)
    uses = 5 * n
    production = 8 + n
    buys = 2 * n * (1 + 6)
    builds = 4 * 3
    defence = 1 + 2
    attacks = 4 * (1 + 2 + 1)
    caravans = 3 * (1 + 4 + 1) + n + 1
    return uses + production + buys + builds + defence + attacks + caravans + 3


SPEC = _GameSpec(
    name="serica",
    title="Serica: Plains of Dust",
    min_players=2,
    max_players=2,
    chance=_Chance.SAMPLED,
    information=_Information.IMPERFECT,
    rules_version="1.1",
    variants=("co-op",),
    description="Two empires trade along the Silk Road, build their fields, fight raiders.",
)

GAME: _GameDefinition[State, Move, Options, Observation] = _GameDefinition(
    spec=SPEC,
    options_type=Options,
    state_type=State,
    move_types=_MOVE_TYPES,
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
    picture=svg,
    move_hider=_hides_move,
    evaluator=evaluate,
    holdings_of=holdings,
    tensor_of=observation_tensor,
    layout_of=observation_layout,
    bounds_of=score_bounds,
    outcome_of=outcome,
)
