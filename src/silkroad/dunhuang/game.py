"""The assembled game definition (``GAME``) and the small public helpers."""

from __future__ import annotations

from silkroad.core.game import Chance, GameDefinition, GameSpec, Information, define_game
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
    parse_notation,
)
from silkroad.dunhuang.observe import Observation
from silkroad.dunhuang.state import ROUNDS, Options, State

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "SPEC",
    "default_options",
    "format_move",
    "max_game_length",
    "num_players",
    "parse_move",
]

MOVE_TYPES: tuple[type, ...] = (
    Keep,
    Paint,
    Place,
    Pass,
    Resolve,
    Done,
    Ability,
    Upgrade,
    Take,
    Recruit,
    UseDie,
    Continue,
    Choose,
    Bottom,
)


def default_options(players: int | None = None) -> Options:
    """[DH-2.1.2] [DH-6.2.1] Options for a first game: Silk, Gold and Tea, 4 players
    unless given; for 1 player, solitaire with two packs drawn at setup."""
    return Options(players=4 if players is None else players)


def num_players(state: State) -> int:
    """How many players take part."""
    return state.options.players


def format_move(move: Move, state: State | None = None) -> str:
    """[DH-3.2] The notation of ``move``: ``str(move)``, its value alone (the same with or
    without a ``state`` of its game: no move names a component the state must look up)."""
    del state
    return str(move)


def parse_move(state: State, text: str) -> Move:
    """[DH-3.2] The move named by ``text`` (it may be illegal in ``state``; ``apply`` says).

    :raises InvalidMoveError: if ``text`` is not the notation of any move.
    """
    del state  # the notation is context-free
    return parse_notation(text)


#: Most decisions of one meeple action (effects, their choices, the ability, a painting).
_DECISIONS_PER_ACTION = 40


def max_game_length(options: Options) -> int:
    """An upper bound on decisions: draft and placement (solitaire: the first draws and
    their bottom orders), then eight bounded rounds."""
    n = options.players
    per_round = n * (1 + 3 * _DECISIONS_PER_ACTION + 2 * 3)
    return 6 * max(n, 2) + ROUNDS * per_round


#: [the version history of docs/dunhuang.md] The rules versions whose records this library
#: reads (they replay under the current rules; a record of another version is refused).
RULES_HISTORY: tuple[str, ...] = ("1.0", "1.1", "1.2", "1.3", "1.4", "1.5")

SPEC = GameSpec(
    name="dunhuang",
    title="Dunhuang: Pearl on the Silk Road",
    # [DH-6.2] solitaire, [DH-6.1] three players, the 4-player game; 2 players is not a
    # Dunhuang game.
    min_players=1,
    max_players=4,
    player_counts=(1, 3, 4),
    chance=Chance.SAMPLED,
    information=Information.IMPERFECT,
    rules_version="1.6",
    variants=("three-player", "solitaire"),
    description=(
        "Worker placement: paint frescoes, recruit characters, fulfil the Emperor's quests."
    ),
    known_rules_versions=RULES_HISTORY,
    rulebook="DH",
    # the refusal measure's sweep: each player count with the default packs
    configurations=({"players": 1}, {"players": 3}, {"players": 4}),
)

#: Each part of the contract is the function of its name in its home module (docs/api.md).
GAME: GameDefinition[State, Move, Options, Observation] = define_game(
    SPEC,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    observation_type=Observation,
    package=__package__,
)
