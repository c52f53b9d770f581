"""[SR-0] The assembled game definition (``SPEC``, ``GAME``) and the contract's small
functions: default options, player count, notation, the bound on a game's length."""

from __future__ import annotations

import functools
from importlib import resources

from silkroad.core.errors import InvalidMoveError, RulesError, shorten
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
from silkroad.serica.cards import parse_card_text
from silkroad.serica.moves import MOVE_TYPES, Move, parse_notation
from silkroad.serica.observe import Observation
from silkroad.serica.state import Options, State
from silkroad.serica.vocabulary import ABILITIES, CHOICES, DECISIONS, STEPS

__all__ = [
    "GAME",
    "SPEC",
    "default_options",
    "format_move",
    "max_game_length",
    "num_players",
    "parse_move",
    "sample_options",
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


def format_move(move: Move, state: State | None = None) -> str:
    """[SR-5] The notation of ``move``: ``str(move)``, its value alone (the same with or
    without a ``state`` of its game: no move names a component the state must look up)."""
    del state
    return str(move)


def parse_move(state: State, text: str) -> Move:
    """[SR-5] The move named by ``text``; it may be illegal in ``state`` (``apply`` says).

    :raises InvalidMoveError: if ``text`` is not the notation of any move, or names a
        card that is not in this game's data.
    """
    move = parse_notation(text)
    card = getattr(move, "card", None)
    if card is not None and card not in {c.key for c in state.options.card_defs}:
        raise InvalidMoveError(
            f"no card with key {shorten(card)} in this game ({shorten(text)})", text=text
        )
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
    n = sum(kind.copies for kind in options.card_defs)
    uses = 5 * n
    production = 8 + n
    buys = 2 * n * (1 + 6)
    builds = 4 * 3
    defence = 1 + 2
    attacks = 4 * (1 + 2 + 1)
    caravans = 3 * (1 + 4 + 1) + n + 1
    return uses + production + buys + builds + defence + attacks + caravans + 3


#: Which lines of the card file a user's file changes (:func:`sample_options`).
_VARIED_NUMBERS = ("vp", "stacked_vp", "strength", "enemy_vp")
#: Changed files tried before the built-in data is kept.
_ATTEMPTS = 8


@functools.cache
def _builtin_text(name: str) -> str:
    return resources.files("silkroad.serica").joinpath("data", name).read_text("utf-8")


def sample_options(seed: int, edit: DataEdit | None = None) -> Options:
    """[SR-1] [SR-7] Options drawn from ``seed`` over Serica's option space, for the
    soak: competitive or co-operative, the Han Dynasty or the Roman Empire first (or
    drawn at setup), and one game in three a user's card file (the built-in one with
    numbers changed, :func:`silkroad.core.game.varied_data`). With ``edit``, always a
    card file, its built-in text passed through ``edit(name, text)`` instead."""
    rng = Rng.from_seed(seed)
    coop, rng = rng.randrange(2)
    first, rng = rng.choice((0, 1, None))
    with_data, rng = rng.randrange(3)
    options = Options(coop=bool(coop), first_player=first)
    if edit is None and with_data:
        return options
    text = _builtin_text("cards.toml")
    if edit is not None:
        return options.with_cards(parse_card_text(edit("cards.toml", text), "a user's file"))
    for attempt in range(_ATTEMPTS):  # a change the format refuses: another
        varied = varied_data(text, seed * _ATTEMPTS + attempt, _VARIED_NUMBERS)
        try:
            return options.with_cards(parse_card_text(varied, "a user's cards.toml"))
        except RulesError:
            continue
    return options


#: [the version history of docs/serica.md] The rules versions whose records this library
#: reads (they replay under the current rules; a record of another version is refused).
RULES_HISTORY: tuple[str, ...] = ("1.0", "1.1", "1.2")

SPEC = GameSpec(
    name="serica",
    title="Serica: Plains of Dust",
    min_players=2,
    max_players=2,
    chance=Chance.SAMPLED,
    information=Information.IMPERFECT,
    rules_version="1.3",
    variants=("co-op",),
    description="Two empires trade along the Silk Road, build their fields, fight raiders.",
    known_rules_versions=RULES_HISTORY,
    # A Serica turn is many small decisions (a production point, a good, a payment at a
    # time): rollouts of 8 see about as far as 4 do in the other titles, and beat 4
    # against greedy (docs/agents.md, "Serica against greedy").
    rollout_depth=8,
    rulebook="SR",
    # the refusal measure's sweep: the competitive game and the co-op one
    configurations=({}, {"coop": True}),
    vocabularies=(ABILITIES, DECISIONS, STEPS, CHOICES),
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
