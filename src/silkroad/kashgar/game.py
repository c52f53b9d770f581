"""[KG-0] The assembled game definition (``SPEC``, ``GAME``) and the contract's small
functions: default options, player count, notation, the bound on a game's length."""

from __future__ import annotations

import functools
from importlib import resources

import attrs

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
from silkroad.kashgar.cards import DeckKind, Effect, Op, parse_card_text
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
    parse_notation,
)
from silkroad.kashgar.observe import Observation
from silkroad.kashgar.position import names
from silkroad.kashgar.rules import (
    MAX_CARAVANS,
    legal_moves,
    turn_limit,
)
from silkroad.kashgar.state import PLAYER_COUNTS, Options, State, check_sizes
from silkroad.kashgar.table import table
from silkroad.kashgar.vocabulary import DECISIONS, EFFECTS

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
    """Options for a base game (no expansion); 2 players unless ``players`` is given."""
    return Options.create(2 if players is None else players)


def num_players(state: State) -> int:
    """How many players take part."""
    return state.options.players


def format_move(move: Move, state: State | None = None) -> str:
    """[KG-4] The notation of ``move``: given a state of its game, a card by its name as
    positions write it (``keep planter``, ``remove patriarch#3``) from the card table of
    the game's options; without one, the move's value alone (``str(move)``: ``keep 57``).
    Either way equal moves print alike, however they were made; :func:`parse_move`
    reads both back."""
    if state is None or not isinstance(move, Keep | Take | Fulfill | Remove):
        return str(move)
    card = _card_of(move)
    words = _card_words(state.options)[type(move)]
    if not 0 <= card < len(words):
        return str(move)
    return f"{str(move).partition(' ')[0]} {words[card]}"


@functools.lru_cache(maxsize=32)
def _card_words(options: Options) -> dict[type, tuple[str, ...]]:
    """How the notation names each card id, per kind of move: the data key where the
    copies of a card cannot be different moves (a one-sided person card kept from the
    unordered decks, or taken from the discard), the copy's name as positions write it
    (``key#n``) wherever they can: a caravan's cards (``remove``), the Special cards and
    orders that go under their deck in order (``keep``, ``order``), a Patriarch's two
    faces."""
    t = table(options)
    copy, keys = t.copy_names(), [d.key for d in t.defs]
    one_sided = [b is None for b in t.back]
    unordered = (DeckKind.STANDARD, DeckKind.EXPANSION)
    return {
        Keep: tuple(
            keys[c] if one_sided[c] and t.deck_of[c] in unordered else copy[c] for c in range(t.n)
        ),
        Take: tuple(keys[c] if one_sided[c] else copy[c] for c in range(t.n)),
        Fulfill: copy,
        Remove: copy,
    }


#: Moves that name a card, by their notation word.
_CARD_MOVES: dict[str, type[Keep | Take | Fulfill | Remove]] = {
    "keep": Keep,
    "take": Take,
    "order": Fulfill,
    "remove": Remove,
}


def parse_move(state: State, text: str) -> Move:
    """[KG-4] The move named by ``text``; it may be illegal in ``state`` (``apply`` says).

    A card is named as in positions, by its data key or printed name (``keep planter``,
    ``take Scribe``, ``order large_01_large_order``), which names the legal move that
    takes such a card (copies of one card are one move), or by a numbered copy
    (``keep planter#2``); its id is read too (``keep 25``: ``str(move)``, and the
    notation of records made before cards were named).

    :raises InvalidMoveError: if ``text`` is not the notation of any move, names no card of
        this game, or names a card of which several copies are different legal moves.
    """
    word, _, arg = text.partition(" ") if isinstance(text, str) else ("", "", "")
    cls = _CARD_MOVES.get(word)
    if cls is None or not arg or arg.isdigit() or arg == "none":
        return parse_notation(text)
    n = names(state.options)
    key, _, copy = arg.partition("#")
    if copy:
        ids = n.ids.get(key, [])
        if not copy.isdigit() or not 1 <= int(copy) <= len(ids):
            raise InvalidMoveError(
                f"{shorten(arg)} is not a card of this game ({shorten(key)} has {len(ids)} copies)",
                text=text,
            )
        return cls(ids[int(copy) - 1])
    found = key if key in n.ids else n.printed.get(arg.lower())
    if found is None:
        raise InvalidMoveError(
            f"{shorten(arg)} is not a card of this game (a data key or a printed name)",
            text=text,
        )
    ids = n.ids[found]
    legal = [m for m in legal_moves(state) if isinstance(m, cls) and _card_of(m) in ids]
    if len(legal) > 1:
        choices = ", ".join(format_move(m, state) for m in legal)
        raise InvalidMoveError(f"{shorten(text)} could be {choices}", text=text)
    return legal[0] if legal else cls(ids[0])


def _card_of(move: Keep | Take | Fulfill | Remove) -> int:
    """The card a move names (-1 for ``remove none`` and ``order none``)."""
    card = move.order if isinstance(move, Fulfill) else move.card
    return -1 if card is None else card


def _decisions(effect: Effect, players: int) -> int:
    """The most decisions one effect can ask for."""
    op = effect.op
    if op is Op.HERD:  # every opponent places the front card of each caravan
        return (players - 1) * MAX_CARAVANS
    if op is Op.DRAW:
        return effect.keep
    if op is Op.INCREASE:
        return int(len(effect.choices) > 1)
    if op in (Op.DECREASE, Op.SET, Op.TURN, Op.EXTRA_TURN):
        return 0
    return 1


@functools.lru_cache(maxsize=32)
def max_game_length(options: Options) -> int:
    """An upper bound on the decisions of a game, for any card data: the
    safeguard's turn limit times the most decisions of one turn (the card choice and
    those of the longest action), plus the decisions of every order's immediate payout
    (each order is fulfilled at most once)."""
    t = table(options)
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
    return turn_limit(options) * (1 + longest) + payouts


#: Which lines of its data files a user's file changes (:func:`sample_options`).
_VARIED_NUMBERS = ("vp", "mules", "grain", "vp_per_grain")
_VARIED_FLAGS = ("must_act",)
_DATA_FILES = ("standard.toml", "expansion.toml", "orders.toml", "special.toml")


@functools.cache
def _builtin_text(name: str) -> str:
    return resources.files("silkroad.kashgar").joinpath("data", name).read_text("utf-8")


#: Changed files tried before the built-in data is kept.
_ATTEMPTS = 8


def _with_file(options: Options, name: str, text: str) -> Options:
    """``options`` with the deck of a user's file ``name`` holding ``text``."""
    deck, cards = parse_card_text(text, f"a user's {name}")
    changed = options.with_deck(deck, cards)
    check_sizes(changed.card_data, options.players, source=f"a user's {name}")
    return changed


def sample_options(seed: int, edit: DataEdit | None = None) -> Options:
    """[KG-1] [KG-8] Options drawn from ``seed`` over Kashgar's option space, for the
    soak: 2, 3 or 4 players, any subset of the Cut & Thrust cards (each size from none to
    all twelve equally likely, then the copies drawn), and one game in three a user's
    data file (a built-in deck file with numbers and flags changed,
    :func:`silkroad.core.game.varied_data`). With ``edit``, always a data file, its
    built-in text passed through ``edit(name, text)`` instead."""
    rng = Rng.from_seed(seed)
    players, rng = rng.choice((2, 3, 4))
    with_data, rng = rng.randrange(3)
    options = Options.create(players)
    if edit is not None or not with_data:
        name, rng = rng.choice(_DATA_FILES)
        text = _builtin_text(name)
        if edit is not None:
            options = _with_file(options, name, edit(name, text))
        else:
            for attempt in range(_ATTEMPTS):  # a change the format refuses: another
                varied = varied_data(
                    text, seed * _ATTEMPTS + attempt, _VARIED_NUMBERS, _VARIED_FLAGS
                )
                try:
                    options = _with_file(options, name, varied)
                    break
                except RulesError:
                    continue
    keys = [c.key for c in options.card_data.expansion for _ in range(c.copies)]
    size, rng = rng.randrange(len(keys) + 1)
    chosen, rng = rng.sample(keys, size)
    return attrs.evolve(options, expansion=tuple(sorted(chosen)))


#: [the version history of docs/kashgar.md] The rules versions whose records this library
#: reads (they replay under the current rules; a record of another version is refused).
RULES_HISTORY: tuple[str, ...] = ("1.0", "1.1", "1.2")

SPEC = GameSpec(
    name="kashgar",
    title="Kashgar: Merchants of the Silk Road",
    min_players=PLAYER_COUNTS[0],
    max_players=PLAYER_COUNTS[-1],
    chance=Chance.SAMPLED,
    information=Information.IMPERFECT,
    rules_version="1.3",
    variants=("cut-and-thrust",),
    description="Caravan card game: cycle your three caravans, gather spices, fulfil orders.",
    known_rules_versions=RULES_HISTORY,
    rulebook="KG",
    # the refusal measure's sweep: each player count [KG-2], with and without [KG-8]
    configurations=tuple(
        {"players": players, "expansion": expansion}
        for players in (2, 3, 4)
        for expansion in ("none", "all")
    ),
    vocabularies=(EFFECTS, DECISIONS),
)

#: Each part of the contract is the function of its name in its home module (docs/api.md).
GAME: GameDefinition[State, Move, Options, Observation] = define_game(
    SPEC,
    options_type=Options,
    state_type=State,
    move_types=(CaravanAction, PartingAction, Pass, Gain, Keep, Take, Fulfill, Remove, Place),
    observation_type=Observation,
    package=__package__,
)
