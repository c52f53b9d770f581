"""The assembled game definition (``GAME``) and the small public helpers."""

from __future__ import annotations

import functools
import itertools
from importlib import resources

import attrs

from silkroad.core.errors import RulesError
from silkroad.core.game import (
    Chance,
    DataEdit,
    GameDefinition,
    GameSpec,
    Information,
    define_game,
    varied_data,
)
from silkroad.core.rng import Rng
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
from silkroad.dunhuang.packs import available
from silkroad.dunhuang.state import (
    ROUNDS,
    SOLO_DEADLINES,
    SOLO_PACKS,
    STAGED_DEADLINES,
    Options,
    State,
)
from silkroad.dunhuang.vocabulary import DECISIONS, EFFECTS, PHASES

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "SPEC",
    "default_options",
    "format_move",
    "max_game_length",
    "num_players",
    "parse_move",
    "sample_options",
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


#: The data files a user may replace, by what they hold: each pack's own file and the
#: promos' (``data/<name>.toml``).
_VARIED_NUMBERS = ("cost", "grain", "vp", "value", "end_vp", "vp_each")
_VARIED_FLAGS = ("four_player_only",)
#: Changed files tried before the built-in data is kept.
_ATTEMPTS = 8


@functools.cache
def _builtin_text(name: str) -> str:
    return resources.files("silkroad.dunhuang").joinpath("data", name).read_text("utf-8")


def sample_options(seed: int, edit: DataEdit | None = None) -> Options:
    """[DH-2.1.2] [DH-6.1] [DH-6.2] [DH-8] Options drawn from ``seed`` over Dunhuang's
    option space, for the soak: every third seed solitaire, the others 3 or 4 players
    with the next pack triple of the 220 (sorted; so any 330 consecutive seeds play
    every triple) and promos on or off; in solitaire two of Silk, Tea, China and Gold
    or none (drawn at setup), under either reading of the deadlines; and one game in
    three a user's data file, a built-in pack file (or the promos') with numbers and
    flags changed
    (:func:`silkroad.core.game.varied_data`). With ``edit``, always a data file, its
    built-in text passed through ``edit(name, text)`` instead."""
    rng = Rng.from_seed(seed)
    with_data, rng = rng.randrange(3)
    if seed % 3 == 2:  # every third seed solitaire; the others go through the triples
        count, rng = rng.randrange(2)
        packs, rng = rng.sample(SOLO_PACKS, 2 * count)
        deadlines, rng = rng.choice((SOLO_DEADLINES, STAGED_DEADLINES))
        options = Options(1, packs, deadlines=deadlines)
    else:
        triples = list(itertools.combinations(sorted(available()), 3))
        players, rng = rng.choice((3, 4))
        promos, rng = rng.randrange(2)
        number = seed // 3 * 2 + seed % 3  # how many seeds before this one are not solitaire
        options = Options(players, triples[number % len(triples)], promos=bool(promos))
    if edit is None and with_data:
        return options
    files = [*options.packs, *(["promos"] if options.promos else [])]
    if not files:  # solitaire with packs drawn at setup: any of the four may come
        files = list(SOLO_PACKS)
    name, rng = rng.choice(files)
    text = _builtin_text(f"{name}.toml")
    if edit is not None:
        return attrs.evolve(options, data=((name, edit(f"{name}.toml", text)),))
    for attempt in range(_ATTEMPTS):  # a change the format refuses (a die of 7): another
        try:
            varied = varied_data(text, seed * _ATTEMPTS + attempt, _VARIED_NUMBERS, _VARIED_FLAGS)
            return attrs.evolve(options, data=((name, varied),))
        except RulesError:
            continue
    return options


#: [the version history of docs/dunhuang.md] The rules versions whose records this library
#: reads (they replay under the current rules; a record of another version is refused).
RULES_HISTORY: tuple[str, ...] = ("1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6")

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
    rules_version="1.7",
    variants=("three-player", "solitaire"),
    description=(
        "Worker placement: paint frescoes, recruit characters, fulfil the Emperor's quests."
    ),
    known_rules_versions=RULES_HISTORY,
    rulebook="DH",
    # the refusal measure's sweep: each player count with the default packs
    configurations=({"players": 1}, {"players": 3}, {"players": 4}),
    vocabularies=(EFFECTS, DECISIONS, PHASES),
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
