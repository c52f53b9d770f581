"""[KG-2] Options and the game state of Kashgar.

The state is a frozen attrs value of pyrsistent collections. Cards are integers: the
position of a physical card in the card table built from the options (person cards
first, then orders), so two copies of a person are two different ids.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

import attrs
from pyrsistent.typing import PSet, PVector

from silkroad.core.errors import DataError, RulesError
from silkroad.core.registry import jupyter_svg
from silkroad.core.rng import Rng
from silkroad.kashgar.cards import (
    Amounts,
    CardData,
    DeckKind,
    check_card_data,
    default_card_data,
    load_card_file,
)

__all__ = [
    "DEFAULT_ROUND_LIMIT",
    "MAX_ROUND_LIMIT",
    "PLAYER_COUNTS",
    "Decision",
    "Frame",
    "FrameKind",
    "Options",
    "Pending",
    "State",
]

#: The game-length safeguard, not a rule: a game still going after this many
#: rounds is stopped as truncated, with no result. Far beyond the longest game between
#: the built-in agents (docs/kashgar.md, "Scoring and termination").
DEFAULT_ROUND_LIMIT = 500
#: The largest safeguard the options take (a sane bound on the length of a game).
MAX_ROUND_LIMIT = 100_000
#: How many players the game is for: 2 to 4 (the spec, the options and the evaluation read it).
PLAYER_COUNTS = range(2, 5)


def _keys(value: str | Iterable[str]) -> tuple[str, ...]:
    """The expansion field as given: a tuple of keys, or one word (``"all"``, ``"none"``,
    a key) kept as a 1-tuple until ``Options`` expands it."""
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, Iterable) or isinstance(value, Mapping):
        raise RulesError(f"expansion is a list of card keys, 'all' or 'none', got {value!r:.60}")
    return tuple(value)


#: The words that may stand for the expansion cards.
EXPANSION_WORDS = ("all", "none")


@attrs.frozen(cache_hash=True)
class Options:
    """[KG-2] [KG-8] How to set up a game.

    :ivar players: 2 to 4.
    :ivar expansion: the Cut & Thrust cards shuffled into the Standard deck, one key per
        card; the word ``"all"`` (every copy of every expansion card, 12 with the built-in
        data) or ``"none"`` may stand for the tuple, here and in JSON options.
    :ivar cards: the component data; None means the built-in data. Replace any deck
        with :meth:`with_deck` or :meth:`with_card_file`: the options then carry the
        definitions themselves, so a record replays without the files they came from.
    :ivar round_limit: the game-length safeguard, not a rule: a game still going
        after this many rounds (or ``3 * players * round_limit`` turns) is stopped as
        truncated, with no winner. Only a guarantee that every loop ends.
    """

    players: int = 2
    expansion: tuple[str, ...] = attrs.field(default=(), converter=_keys)
    cards: CardData | None = attrs.field(default=None, repr=False)
    round_limit: int = DEFAULT_ROUND_LIMIT

    def __attrs_post_init__(self) -> None:
        if (
            isinstance(self.players, bool)
            or not isinstance(self.players, int)
            or self.players not in PLAYER_COUNTS
        ):
            low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
            raise RulesError(f"Kashgar is for {low} to {high} players, got {self.players!r}")
        if (
            isinstance(self.round_limit, bool)
            or not isinstance(self.round_limit, int)
            or (self.round_limit < 1)
        ):
            raise RulesError(f"round_limit must be a positive integer, got {self.round_limit!r}")
        if self.round_limit > MAX_ROUND_LIMIT:
            raise RulesError(f"round_limit is at most {MAX_ROUND_LIMIT}, got {self.round_limit}")
        if self.cards is not None:
            if not isinstance(self.cards, CardData):
                raise RulesError(f"cards must be CardData or None, got {self.cards!r:.60}")
            check_card_data(self.cards)
        if not all(isinstance(k, str) for k in self.expansion):
            raise RulesError(f"expansion is a list of card keys, got {self.expansion!r:.60}")
        if len(self.expansion) == 1 and self.expansion[0] in EXPANSION_WORDS:
            word = self.expansion[0]
            keys = [] if word == "none" else self.card_data.expansion
            object.__setattr__(  # frozen: set once, here, before anything reads it
                self, "expansion", tuple(c.key for c in keys for _ in range(c.copies))
            )
        copies = {c.key: c.copies for c in self.card_data.expansion}
        for key, n in Counter(self.expansion).items():
            if key not in copies:
                raise RulesError(
                    f"unknown expansion card {key!r} (known: {', '.join(sorted(copies))})"
                )
            if n > copies[key]:
                raise RulesError(f"expansion card {key!r} has {copies[key]} copies, asked for {n}")
        check_sizes(self.card_data, self.players)

    @property
    def card_data(self) -> CardData:
        """The component data in use (the built-in data unless replaced)."""
        return default_card_data() if self.cards is None else self.cards

    @classmethod
    def create(
        cls,
        players: int = 2,
        *,
        expansion: str | Iterable[str] = "none",
        cards: CardData | None = None,
        round_limit: int = DEFAULT_ROUND_LIMIT,
    ) -> Options:
        """[KG-8] Options with the expansion given as ``"none"``, ``"all"`` or card kinds.

        An iterable of keys adds every copy of each named kind (``["herder"]`` adds both
        Herders); to add single copies, build ``Options(expansion=(...))`` directly.
        """
        data = default_card_data() if cards is None else cards
        if isinstance(expansion, str):
            if expansion not in ("none", "all"):
                raise RulesError(f"expansion is 'none', 'all' or card keys, got {expansion!r}")
            kinds = [] if expansion == "none" else [c.key for c in data.expansion]
        else:
            kinds = list(expansion)
        copies = {c.key: c.copies for c in data.expansion}
        keys: list[str] = []
        for key in kinds:
            if key not in copies:
                raise RulesError(
                    f"unknown expansion card {key!r} (known: {', '.join(sorted(copies))})"
                )
            keys.extend([key] * copies[key])
        return cls(players=players, expansion=tuple(keys), cards=cards, round_limit=round_limit)

    def with_deck(self, deck: DeckKind, cards: tuple[object, ...]) -> Options:
        """These options with one deck's definitions replaced."""
        return attrs.evolve(self, cards=self.card_data.replace(deck, cards))  # type: ignore[arg-type]

    def with_card_file(self, path: str | Path) -> Options:
        """These options with the deck of a user's data file (see docs, "Data files").

        :raises DataError: for a file that cannot be read or breaks the format.
        """
        deck, cards = load_card_file(path)
        check_sizes(self.card_data.replace(deck, cards), self.players, source=str(path))
        try:
            return self.with_deck(deck, cards)
        except DataError:
            raise
        except RulesError as exc:  # e.g. fewer copies than the expansion cards asked for
            raise DataError(str(exc), source=str(path), field="copies") from None


def check_sizes(data: CardData, players: int, source: str | None = None) -> None:
    """Each deck is big enough for the player count and holds only its own cards."""

    def count(cards: Iterable[object]) -> int:
        return sum(getattr(c, "copies", 1) for c in cards)

    need = {
        DeckKind.PATRIARCH: 3 * players + 1,
        DeckKind.STARTING: 3 * players,
        DeckKind.STANDARD: 1,
        DeckKind.SPECIAL: 1,
        DeckKind.ORDERS: 4,
    }
    for deck, least in need.items():
        have = count(getattr(data, deck.value))
        if have < least:
            raise DataError(
                f"{players} players need at least {least} cards in the {deck.value} deck, "
                f"the data has {have}",
                source=source or f"{deck.value} deck",
                field="copies",
            )
    for deck in (
        DeckKind.PATRIARCH,
        DeckKind.STARTING,
        DeckKind.STANDARD,
        DeckKind.SPECIAL,
        DeckKind.EXPANSION,
    ):
        for card in getattr(data, deck.value):
            if card.deck is not deck:
                raise DataError(
                    f"is a {card.deck.value} card, not a {deck.value} card",
                    source=source or f"{deck.value} deck",
                    entry=card.key,
                    field="deck",
                )


class Decision(enum.Enum):
    """The kinds of pending decision inside a turn."""

    #: [KG-7] which alternative of a "/" Increase.
    GAIN = "gain"
    #: [KG-7] which drawn card(s) to keep (the rest are unwanted).
    KEEP = "keep"
    #: [KG-8] which Special card to keep from a search.
    SEARCH = "search"
    #: [KG-7] which card of the discard pile to take.
    TAKE = "take"
    #: [KG-5] which order to fulfill.
    FULFILL = "fulfill"
    #: [KG-7] which card of the caravan to remove, if any.
    REMOVE = "remove"
    #: where the set-aside Patriarch goes (this caravan or a new one).
    PLACE_PATRIARCH = "place_patriarch"
    #: [KG-8] which caravan of the left player receives this card.
    PLACE_LEFT = "place_left"
    #: [KG-8] Herder: which other caravan receives a front card.
    HERD = "herd"


@attrs.frozen
class Pending:
    """A decision the state waits for.

    :ivar player: who decides (an opponent during a Herder).
    :ivar cards: cards held by the decision, out of every other zone (drawn cards,
        orders looked at, front cards lifted by a Herder).
    :ivar options: the ids the decider may choose (cards, orders or caravans).
    :ivar choices: the alternatives of a GAIN decision.
    :ivar keep: cards still to keep in a KEEP decision; in a FULFILL decision, 1 when
        the fulfilment is free.
    :ivar deck: the deck the held cards came from.
    :ivar queue: Herder: opponents still to move their front cards.
    :ivar sources: Herder: the caravan each held card came from.
    :ivar hidden: in an observation, how many held cards are not shown.
    """

    kind: Decision
    player: int
    cards: tuple[int, ...] = ()
    options: tuple[int, ...] = ()
    choices: tuple[Amounts, ...] = ()
    keep: int = 0
    deck: DeckKind | None = None
    queue: tuple[int, ...] = ()
    sources: tuple[int, ...] = ()
    hidden: int = 0


class FrameKind(enum.Enum):
    """Where the effects being resolved come from."""

    CARAVAN = "caravan"
    PARTING = "parting"
    #: [KG-5.1] the immediate payout of a special order.
    PAYOUT = "payout"


@attrs.frozen
class Frame:
    """An action being resolved: whose, which card (or order), which face, next effect."""

    player: int
    caravan: int
    card: int
    kind: FrameKind
    action: int
    turned: bool
    step: int = 0


@attrs.frozen(eq=True)
class State:
    """[KG-2] The whole table.

    :ivar tracks: per player, the seven track values (ginger .. mules).
    :ivar caravans: per player, per caravan, the cards front (index 0) to back.
    :ivar orders_won: per player, the fulfilled orders in front of them.
    :ivar standard: Standard draw pile (index 0 on top); expansion cards are in it.
    :ivar discard: the open Standard discard pile (last on top).
    :ivar special: Special draw pile; :ivar order_deck: order draw pile.
    :ivar display: the face-up orders; :ivar starting: unused Starting cards.
    :ivar reserve: the set-aside 13th Patriarch (empty once in play).
    :ivar box: cards removed from the game, and unused components.
    :ivar turned: cards showing their reverse side (Matriarchs).
    :ivar knowledge: per player, cards they looked at and put under a deck.
    :ivar history: the player of every event that earned points, oldest first ([KG-6]
        ties).
    :ivar end_triggered: [KG-6] a player has reached 25 VP; the round is the last.
    :ivar over: the game has ended (finished or truncated).
    :ivar truncated: the game was stopped without a result (the game-length
        safeguard, or nobody could take a turn).
    :ivar suspended: [KG-8] actions that gave another turn before their last effects
        (the Conjuress: the extra turn, then Mules +3), each as the ``stack`` it had,
        at the effect after "take another turn"; the last one goes on when the turn now
        being played ends, before the next player's turn.
    """

    options: Options
    rng: Rng
    tracks: PVector[Amounts]
    caravans: PVector[PVector[PVector[int]]]
    orders_won: PVector[PVector[int]]
    standard: PVector[int]
    discard: PVector[int]
    special: PVector[int]
    order_deck: PVector[int]
    display: PVector[int]
    starting: PVector[int]
    reserve: PVector[int]
    box: PVector[int]
    turned: PSet[int]
    knowledge: PVector[PSet[int]]
    active: int
    start_player: int
    round: int
    turns: int
    points: tuple[int, ...]
    history: tuple[int, ...]
    pending: Pending | None
    stack: tuple[Frame, ...]
    extra_turns: int
    end_triggered: bool
    over: bool
    truncated: bool = False
    suspended: tuple[tuple[Frame, ...], ...] = ()

    def _repr_svg_(self) -> str | None:
        """The picture of the whole table, for Jupyter (the title's ``svg``, found through
        its game definition)."""
        return jupyter_svg("kashgar", self)
