"""[SR-3] Options, the card table and the game state of Serica.

The state is a frozen attrs value of tuples and pyrsistent vectors. Cards are integers:
the position of a physical card in the card table built from the options (every kind
expanded into its copies), so two Guards are two different ids. Player 0 plays the Han
Dynasty, player 1 the Roman Empire.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from pathlib import Path

import attrs
from pyrsistent.typing import PVector

from silkroad.core.errors import DataError, RulesError
from silkroad.core.evolve import replace
from silkroad.core.game import OMITTABLE
from silkroad.core.registry import jupyter_svg
from silkroad.core.rng import Rng
from silkroad.serica.cards import (
    Ability,
    CardDef,
    check_cards,
    default_cards,
    load_card_file,
)

__all__ = [
    "CROSSROADS",
    "DEFAULT_ROUND_LIMIT",
    "FIELDS",
    "FIELD_DEPTH",
    "MAX_CARAVANS",
    "PRODUCTION_POINTS",
    "Caravan",
    "Options",
    "Pending",
    "PendingKind",
    "PlayerState",
    "State",
    "Step",
    "Turn",
]

#: [SR-5.1] Production points per turn.
PRODUCTION_POINTS = 8
#: [SR-5.2] Fields per player, and cards per field out from the map.
FIELDS = 4
FIELD_DEPTH = 3
#: [SR-5.3] Caravans a player may have on the map at once, goods in a new caravan, and
#: the spaces a caravan travels.
MAX_CARAVANS = 3
CARAVAN_SIZE = 4
ROUTE_LENGTH = 4
#: [SR-5.4] Cards dealt to a player's Empire.
EMPIRE_SIZE = 4
#: [SR-3] Face-up Crossroads cards: four are dealt and the row is refilled to four.
CROSSROADS = 4
#: [SR-6] Built cards that end the competitive game.
BUILT_TO_END = 10
#: [SR-7] Cards of the required type each co-op player must build.
COOP_GOAL = 5
#: The game-length safeguard (not a rule): a game still running after this many rounds
#: is stopped and reported as truncated. Far beyond any game the built-in agents play.
DEFAULT_ROUND_LIMIT = 1000


def _positive_int(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RulesError(f"{attribute.name} must be a positive integer, got {value!r}")


def _first_player(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise RulesError(f"first_player is 0 (Han), 1 (Rome) or None (drawn), got {value!r}")


def _cards(_instance: object, _attribute: object, value: tuple[CardDef, ...] | None) -> None:
    if value is not None:
        check_cards(value, "Options.cards")


def _own_cards(value: Iterable[object] | None) -> tuple[CardDef, ...] | None:
    """None for the built-in cards, given as None or in full (as records written before
    the options referred to them hold them), so both read back as the same options;
    other definitions as a tuple (structured here when read from JSON)."""
    if value is None:
        return None
    given = tuple(value)
    cards: tuple[CardDef, ...]
    if all(isinstance(c, CardDef) for c in given):
        cards = given  # type: ignore[assignment]
    else:  # read from JSON: structure it
        from silkroad.core.serialize import from_data

        cards = from_data(list(given), tuple[CardDef, ...])
    return None if cards == default_cards() else cards


@attrs.frozen(cache_hash=True)
class Options:
    """[SR-3] [SR-7] How to set up a game.

    :ivar coop: play the co-operative game of SR-7 instead of the competitive one.
    :ivar first_player: 0 (Han Dynasty) or 1 (Roman Empire) starts; None draws it from
        the seed ([SR-3] "players decide who will go first").
    :ivar round_limit: the game-length safeguard, not a rule of the rulebook: a game
        still running after this many rounds stops as *truncated* (no winners; the
        scores are the VP reached). The default is far beyond the length of games
        between the built-in agents; old records keep the limit they were played with.
    :ivar cards: the card definitions of a game that replaces the built-in data (e.g.
        by :meth:`with_card_file`), carried in the options so its record is
        self-contained; None (the default) means the built-in data, which a state or a
        record then names without embedding it. The built-in cards given in full are
        stored as None. :attr:`card_defs` is the definitions in play either way.
    """

    coop: bool = False
    first_player: int | None = attrs.field(default=None, validator=_first_player)
    round_limit: int = attrs.field(default=DEFAULT_ROUND_LIMIT, validator=_positive_int)
    cards: tuple[CardDef, ...] | None = attrs.field(
        default=None, converter=_own_cards, validator=_cards, repr=False, eq=True
    )

    @property
    def card_defs(self) -> tuple[CardDef, ...]:
        """The card definitions in play: the built-in data unless :attr:`cards` replaces it."""
        return default_cards() if self.cards is None else self.cards

    def with_cards(self, cards: tuple[CardDef, ...]) -> Options:
        """These options with other card definitions (checked as a whole deck)."""
        return attrs.evolve(self, cards=tuple(cards))

    def with_card_file(self, path: str | Path) -> Options:
        """These options with the cards of a user's data file (docs: "Data file format").

        :raises DataError: for a file that cannot be read or breaks the format.
        """
        try:
            return self.with_cards(load_card_file(path))
        except DataError:
            raise
        except RulesError as exc:  # pragma: no cover - check_cards raises DataError
            raise DataError(str(exc), source=str(path)) from None


class Step(enum.Enum):
    """[SR-5] Where the active player is in their turn."""

    #: [SR-5.1] Phase 1.
    PRODUCE = "produce"
    #: [SR-5.2] Phase 2, A. Buy.
    BUY = "buy"
    #: [SR-5.2] Phase 2, B. Build.
    BUILD = "build"
    #: [SR-5.2] Phase 2, C. Defend.
    DEFEND = "defend"
    #: [SR-5.3] Phase 3 (after the Enemy attacks).
    TRADE = "trade"
    #: [SR-6] [SR-7] The game has ended.
    OVER = "over"


class PendingKind(enum.Enum):
    """The decisions that interrupt a step."""

    #: [SR-5.2] which goods type pays the next part of a buy.
    PAY = "pay"
    #: [SR-5.3] which goods go into the caravan being begun.
    LOAD = "load"
    #: [SR-5.3] which caravan an Enemy attack hits.
    LOSE = "lose"
    #: [SR-8.3] Fort: whether a readied Fort saves one of the goods an attack takes.
    FORT = "fort"
    #: [SR-8.2] Guard: 1 VP or an extra caravan.
    GUARD = "guard"
    #: [SR-8.1] Settler: draw 2 cards or build from the Crossroads.
    SETTLER = "settler"
    #: [SR-8.1] Settler: which Crossroads card to build.
    SETTLER_PICK = "settler_pick"
    #: [SR-5.2] which field receives a card built from the Crossroads.
    PLACE = "place"
    #: [SR-8.2] Trading Post: add or swap a good.
    TRADING_POST = "trading_post"
    #: [SR-8.3] General: which viewed card to take.
    GENERAL_TAKE = "general_take"
    #: [SR-8.3] General: which remaining card goes back on top.
    GENERAL_ORDER = "general_order"
    #: [SR-8.3] Governor: which built cards change places or move to another field.
    GOVERNOR = "governor"
    #: [SR-8.4] Ambassador: whose discard pile.
    AMBASSADOR = "ambassador"
    #: [SR-8.4] Capitol: which Crossroads cards to discard (``count`` left).
    CAPITOL = "capitol"
    #: [SR-8.4] Diplomat: which Crossroads card to discard.
    DIPLOMAT = "diplomat"
    #: [SR-8.4] City: which Crossroads card to take.
    CITY_TAKE = "city_take"
    #: [SR-8.4] City: which Empire card goes to the Crossroads.
    CITY_GIVE = "city_give"
    #: [SR-8.4] Envoy: which Crossroads card's ability to copy.
    ENVOY = "envoy"
    #: [SR-8.5] the bonus of a defeated Bandit.
    BANDIT_BONUS = "bandit_bonus"
    #: [SR-8.5] the bonus of a defeated Pirate.
    PIRATE_BONUS = "pirate_bonus"
    #: [SR-8.5] the bonus of a defeated Chieftain.
    CHIEFTAIN_BONUS = "chieftain_bonus"


@attrs.frozen
class Pending:
    """A decision the active player must take before anything else.

    :ivar card: the card concerned (bought, placed, attacking, taken by a City), or -1;
        CAPITOL: the card picked first (still in the row until both are picked);
        GOVERNOR: the card moved first.
    :ivar count: PAY: goods types still to pay; LOAD: room left; CAPITOL: cards left;
        FORT: goods the attack still takes; GOVERNOR: cards that may still move.
    :ivar n: PAY: goods per type; LOAD: goods loaded so far.
    :ivar paid: PAY: the goods types already used.
    :ivar smith: PAY: goods types that artisans may still stand in for.
    :ivar cards: GENERAL: the viewed cards, out of every pile (-1 in an observation of
        the other player).
    :ivar routes: LOSE: the caravans the attack may hit; LOAD: the caravan being loaded;
        FORT: the caravan hit; GOVERNOR: the two fields (1..4) a first move touched.
    :ivar free: PLACE: built without paying artisans (Chieftain bonus).
    """

    kind: PendingKind
    card: int = -1
    count: int = 0
    n: int = 0
    paid: tuple[int, ...] = ()
    smith: int = 0
    cards: tuple[int, ...] = ()
    routes: tuple[int, ...] = ()
    free: bool = False


@attrs.frozen
class Caravan:
    """[SR-5.3] A caravan on trade route ``route`` (1..3), ``position`` spaces out (0..3),
    carrying ``goods`` (a count per :class:`~silkroad.serica.cards.Good`)."""

    route: int
    position: int
    goods: tuple[int, ...]


@attrs.frozen(slots=False)  # copied as one dict by core.evolve.replace
class PlayerState:
    """[SR-3] One player's cards, supply, caravans and score.

    :ivar draw: draw pile, index 0 on top; :ivar discard: discard pile, last on top.
    :ivar empire: the face-up Empire cards (abilities usable).
    :ivar fields: four fields, each from the map outward (at most three cards).
    :ivar supply: trade goods held, a count per good.
    :ivar shipment: goods the other player shipped here, not yet bought.
    :ivar defeated: Enemy cards this player defeated (out of the game).
    :ivar secret: [SR-3] the cards of the draw pile the other player has never seen: of
        the two cards drawn at random at setup, those dealt to the draw pile, until they
        leave it or the other player's General looks at them ([SR-8.3]). Every other card
        of the pile came there from an open place, so both players know it is there.
    :ivar known_top: how many cards on top of the draw pile each player knows, by seat:
        the card an Ambassador put there ([SR-8.4]: both players saw it), the cards a
        General's player put back in the order they chose ([SR-8.3]). Drawing takes
        them off. Both fields are knowledge, not rules: they only decide what each
        player's observation shows (``silkroad.serica.observe``).
    """

    draw: PVector[int]
    discard: PVector[int]
    empire: PVector[int]
    fields: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    artisans: int
    shipment: tuple[int, ...]
    caravans: tuple[Caravan, ...]
    vp: int
    defeated: tuple[int, ...]
    secret: tuple[int, ...] = attrs.field(default=(), metadata={OMITTABLE: True})
    known_top: tuple[int, int] = attrs.field(default=(0, 0), metadata={OMITTABLE: True})

    def taken_off(self, n: int) -> PlayerState:
        """What the players know of this draw pile once ``n`` cards left its top (``draw``
        is already the pile left): a card that left is no longer secret (wherever it went,
        the other player saw it), and the known cards on top are ``n`` fewer."""
        if not self.secret and self.known_top == _NOTHING_KNOWN:
            return self
        draw = self.draw
        k0, k1 = self.known_top
        return replace(
            self,
            secret=tuple(c for c in self.secret if c in draw),
            known_top=(max(k0 - n, 0), max(k1 - n, 0)),
        )

    def put_on(self, n: int, seen_by: tuple[int, ...]) -> PlayerState:
        """What the players know of this draw pile once ``n`` cards were put on its top
        (``draw`` already holds them): the players ``seen_by`` know them in their order on
        top of what they knew; the others no longer know any card on top."""
        k0, k1 = self.known_top
        return replace(
            self, known_top=(k0 + n if 0 in seen_by else 0, k1 + n if 1 in seen_by else 0)
        )


#: No card on top of a draw pile known to either player.
_NOTHING_KNOWN = (0, 0)


#: [SR-8.3] The defensive strength a used Soldier or Encampment adds while its card
#: stays in the Empire ([SR-4]).
STRENGTH_BONUS = ((Ability.SOLDIER, 1), (Ability.ENCAMPMENT, 2))
#: [SR-8.3] The readied effects that last the round (while their card stays in the
#: Empire) rather than wait for one event: :attr:`Turn.defense` and :attr:`Turn.outpost`.
ROUND_EFFECTS = (Ability.SOLDIER, Ability.ENCAMPMENT, Ability.OUTPOST)
#: ``Ability.OUTPOST`` as a module global: on Python 3.11 a read through the enum class
#: passes EnumType.__getattr__'s slot hook (silkroad.serica.rules says what that costs).
_ABILITY_OUTPOST = Ability.OUTPOST


@attrs.frozen(slots=False)  # copied as one dict by core.evolve.replace
class Turn:
    """What the active player has done and readied this turn ([SR-5] note: effects
    cumulative, each card's ability once per round).

    :ivar pp: production points left (the Laborer's points are readied effects).
    :ivar used: cards whose ability was used this round ([SR-5] [SR-8] the limit is the
        card's for the whole round: the second player's turn keeps the first player's
        list, so a card that changed hands by a City is still used).
    :ivar readied: effects that wait for a later event or last while their card stays,
        each with the Empire card that gives it (an Envoy gives the ability it copied):
        a Laborer's production point, a Smith, Merchant or Oasis for a buy, a Guard's
        extra caravan, a Warehouse for the next caravan begun, a Trader for the next
        move, a Fort for the attacks, a Soldier's or Encampment's strength and an
        Outpost's lower Enemy strengths. [SR-4] An entry goes when its card leaves the
        Empire (built or given away).
    :ivar traded: the phase-3 action (begin or move) is taken.
    :ivar defended: an Enemy was defeated this turn.
    """

    pp: int = PRODUCTION_POINTS
    used: tuple[int, ...] = ()
    readied: tuple[tuple[int, Ability], ...] = ()
    traded: bool = False
    defended: bool = False

    @property
    def defense(self) -> int:
        """[SR-8.3] The strength the readied Soldiers and Encampments add."""
        if not self.readied:
            return 0
        total = 0
        for _, a in self.readied:
            for ability, bonus in STRENGTH_BONUS:
                if a is ability:
                    total += bonus
        return total

    @property
    def outpost(self) -> int:
        """[SR-8.3] How much the readied Outposts lower every Enemy strength."""
        return self.count(_ABILITY_OUTPOST)

    def count(self, ability: Ability) -> int:
        """How many readied effects of ``ability`` wait for their event."""
        if not self.readied:
            return 0
        n = 0
        for _, a in self.readied:  # a loop, not sum() over a generator: cheaper
            if a is ability:
                n += 1
        return n

    def ready(self, card: int, ability: Ability) -> Turn:
        """This turn with ``card``'s effect ``ability`` readied."""
        return replace(self, readied=(*self.readied, (card, ability)))

    def spend(self, ability: Ability, n: int = 1) -> Turn:
        """This turn with ``n`` readied effects of ``ability`` spent (the earliest first)."""
        if not n or not self.readied:
            return self
        kept: list[tuple[int, Ability]] = []
        for entry in self.readied:
            if n and entry[1] is ability:
                n -= 1
            else:
                kept.append(entry)
        return replace(self, readied=tuple(kept))

    def spend_all(self, ability: Ability) -> Turn:
        """This turn with every readied effect of ``ability`` spent."""
        if not self.readied:
            return self
        return replace(self, readied=tuple(e for e in self.readied if e[1] is not ability))

    def without(self, card: int) -> Turn:
        """[SR-4] This turn once ``card`` has left the Empire: its waiting effects stop."""
        if not self.readied:
            return self
        return replace(self, readied=tuple(e for e in self.readied if e[0] != card))


@attrs.frozen(eq=True, slots=False)  # copied as one dict by core.evolve.replace
class State:
    """[SR-3] [SR-5] The whole table.

    :ivar crossroads: the face-up Crossroads cards, left to right.
    :ivar cross_pile: the Crossroads draw pile, index 0 on top.
    :ivar cross_discard: Crossroads cards discarded this turn ([SR-5.4] shuffled back).
    :ivar attacks: Enemy cards still to attack in this phase 3, in order.
    :ivar coop_won: [SR-7] both co-op goals are met (they stay met: built cards never
        leave a field); the players win if the game then ends by the rules.
    :ivar truncated: the game was stopped by the ``round_limit`` safeguard, not by a
        rule: it has no winners.
    :ivar returned: [SR-5.4] Crossroads cards discarded and shuffled back into the
        Crossroads draw pile: both players saw them go there. Knowledge, not a rule (it
        only decides what the observations show): those of them still in the pile are
        known to be in it, and so are none of a player's secret cards.
    """

    options: Options
    rng: Rng
    players: tuple[PlayerState, PlayerState]
    crossroads: PVector[int]
    cross_pile: PVector[int]
    cross_discard: PVector[int]
    active: int
    first: int
    round: int
    step: Step
    turn: Turn
    pending: Pending | None
    attacks: tuple[int, ...]
    coop_won: bool = False
    truncated: bool = False
    returned: tuple[int, ...] = attrs.field(default=(), metadata={OMITTABLE: True})

    def _repr_svg_(self) -> str | None:
        """The picture of the whole table, for Jupyter (the title's ``svg``, found through
        its game definition)."""
        return jupyter_svg("serica", self)
