"""[SR-2] [SR-4] Goods, card types and the card definitions, loaded from TOML.

Card content is data (``data/cards.toml``); this module defines its shape, reads it with
:mod:`tomllib` and checks it. A bad file raises :class:`~silkroad.core.errors.DataError`
naming the file, the card and the field. Rules code knows cards only through their
``ability`` (one of the 26 of SR-8) and their printed numbers.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import attrs

from silkroad.core.data import DataReader, read_data_file
from silkroad.core.errors import DataError
from silkroad.core.game import OMITTABLE

__all__ = [
    "CARD_FIELDS",
    "ENEMY_ABILITIES",
    "ENEMY_FIELDS",
    "GOODS",
    "GOOD_VALUE",
    "HAN",
    "OWN_GOODS",
    "ROME",
    "TOTAL_CARDS",
    "Ability",
    "CardDef",
    "CardType",
    "Colour",
    "Good",
    "default_cards",
    "load_card_file",
    "parse_card_text",
]

#: [SR-1] The deck has 53 game cards.
TOTAL_CARDS = 53
#: Player 0 plays the Han Dynasty (yellow), player 1 the Roman Empire (red).
HAN = 0
ROME = 1


class Good(enum.IntEnum):
    """[SR-5.1] The six trade goods; the first three are Roman, the last three Han."""

    GLASSWARE = 0
    WINE = 1
    GOLD = 2
    SPICES = 3
    PORCELAIN = 4
    SILK = 5

    @property
    def label(self) -> str:
        return self.name.lower()


GOODS: tuple[Good, ...] = tuple(Good)
#: [SR-5.1] [SR-5.3] Production cost and shipping value of each good (1, 2 or 3).
GOOD_VALUE: tuple[int, ...] = (1, 2, 3, 1, 2, 3)
#: [SR-5.1] The goods each empire produces and ships, cheapest first.
OWN_GOODS: tuple[tuple[Good, ...], tuple[Good, ...]] = (
    (Good.SPICES, Good.PORCELAIN, Good.SILK),
    (Good.GLASSWARE, Good.WINE, Good.GOLD),
)


class CardType(enum.Enum):
    """[SR-2] The five types of game card."""

    CITIZEN = "citizen"
    TRADE = "trade"
    MILITARY = "military"
    COURT = "court"
    ENEMY = "enemy"


class Colour(enum.Enum):
    """[SR-2] Card colours."""

    RED = "red"
    GOLD = "gold"
    BLUE = "blue"
    WHITE = "white"
    BROWN = "brown"


class Ability(enum.Enum):
    """[SR-8] The 26 card abilities."""

    # [SR-8.1] Citizen
    ARTISAN = "artisan"
    LABORER = "laborer"
    SCHOLAR = "scholar"
    SETTLER = "settler"
    SMITH = "smith"
    # [SR-8.2] Trade
    GUARD = "guard"
    MARKETPLACE = "marketplace"
    MERCHANT = "merchant"
    TRADER = "trader"
    TRADING_POST = "trading-post"
    WAREHOUSE = "warehouse"
    # [SR-8.3] Military
    ENCAMPMENT = "encampment"
    FORT = "fort"
    GENERAL = "general"
    GOVERNOR = "governor"
    OUTPOST = "outpost"
    SOLDIER = "soldier"
    # [SR-8.4] Court
    AMBASSADOR = "ambassador"
    CAPITOL = "capitol"
    CITY = "city"
    DIPLOMAT = "diplomat"
    ENVOY = "envoy"
    OASIS = "oasis"
    # [SR-8.5] Enemy
    BANDIT = "bandit"
    CHIEFTAIN = "chieftain"
    PIRATE = "pirate"


ENEMY_ABILITIES = frozenset({Ability.BANDIT, Ability.CHIEFTAIN, Ability.PIRATE})


@attrs.frozen(cache_hash=True)
class CardDef:
    """[SR-4] One kind of card, as printed, with ``copies`` identical physical cards.

    Enemy cards have ``enemy_strength`` and ``enemy_vp`` and no level, costs or VP.
    ``cost_n``/``cost_m`` is the buy cost "N/M" of SR-9: N goods of each of M different
    types, chosen among ``goods``.
    """

    key: str
    name: str
    ability: Ability
    type: CardType
    colour: Colour
    copies: int
    han_start: int = 0
    rome_start: int = 0
    level: int = 0
    vp: int = 0
    stacked_vp: int = 0
    strength: int = 0
    artisans: int = 0
    cost_n: int = 0
    cost_m: int = 0
    goods: tuple[Good, ...] = ()
    enemy_strength: int = 0
    enemy_vp: int = 0
    provenance: str = "reconstructed"
    note: str = ""
    #: The fields of a reconstructed entry whose values are printed (rulebook or the
    #: shared facts page); every other field is assumed. Empty for a rulebook entry,
    #: which is printed in every field.
    printed: tuple[str, ...] = attrs.field(default=(), metadata={OMITTABLE: True})

    @property
    def is_enemy(self) -> bool:
        return self.type is CardType.ENEMY

    @property
    def cost(self) -> str:
        """The buy cost in the player aid's notation, e.g. ``"2/2"``."""
        return f"{self.cost_n}/{self.cost_m}"


# --------------------------------------------------------------------------- loading

_PROVENANCE = ("rulebook", "reconstructed")
_KNOWN_FIELDS = frozenset(
    {
        "key",
        "name",
        "ability",
        "type",
        "colour",
        "copies",
        "han_start",
        "rome_start",
        "level",
        "vp",
        "stacked_vp",
        "strength",
        "artisans",
        "cost",
        "goods",
        "enemy_strength",
        "enemy_vp",
        "provenance",
        "note",
        "printed",
    }
)
_CARD_ONLY = ("level", "vp", "stacked_vp", "strength", "artisans", "cost", "goods")
_ENEMY_ONLY = ("enemy_strength", "enemy_vp")
#: The fields of a card that hold printed content (``printed`` names some of them).
COMMON_FIELDS = ("name", "ability", "type", "colour", "copies")
CARD_FIELDS = (*COMMON_FIELDS, "han_start", "rome_start", *_CARD_ONLY)
ENEMY_FIELDS = (*COMMON_FIELDS, *_ENEMY_ONLY)
#: [SR-3] Cards in each starting deck before the two random ones.
START_SIZE = 4
#: [SR-5.2] A field holds at most three cards, so levels run 1..3.
MAX_LEVEL = 3


E = TypeVar("E", bound=enum.Enum)


class _Reader(DataReader):
    """The shared validating accessors, plus Serica's costs, goods and cards."""

    def enum(self, cls: type[E], table: Mapping[str, Any], field: str) -> E:
        return self.member(cls, self.get(table, field, str), field)

    def cost(self, table: Mapping[str, Any]) -> tuple[int, int]:
        text = self.get(table, "cost", str)
        n, sep, m = text.partition("/")
        if not sep or not n.isdigit() or not m.isdigit():
            raise self.fail(f"expected 'N/M' such as '2/2', got {text!r}", "cost")
        cost_n, cost_m = int(n), int(m)
        if not 1 <= cost_n <= 9 or not 1 <= cost_m <= len(GOODS):
            raise self.fail(f"N must be 1..9 and M 1..{len(GOODS)}, got {text!r}", "cost")
        return cost_n, cost_m

    def goods(self, table: Mapping[str, Any]) -> tuple[Good, ...]:
        raw = self.get(table, "goods", list)
        out: list[Good] = []
        for item in raw:
            if not isinstance(item, str) or item.upper() not in Good.__members__:
                names = ", ".join(g.label for g in GOODS)
                raise self.fail(f"unknown good {item!r} (expected one of {names})", "goods")
            good = Good[item.upper()]
            if good in out:
                raise self.fail(f"{item!r} is listed twice", "goods")
            out.append(good)
        return tuple(sorted(out))

    def printed(self, table: Mapping[str, Any], provenance: str, is_enemy: bool) -> tuple[str, ...]:
        if "printed" not in table:
            return ()
        raw = self.get(table, "printed", list)
        if provenance == "rulebook":
            raise self.fail("a rulebook entry is printed in every field; list none", "printed")
        allowed = ENEMY_FIELDS if is_enemy else CARD_FIELDS
        out: list[str] = []
        for item in raw:
            if not isinstance(item, str) or item not in allowed:
                raise self.fail(
                    f"{item!r} is not a field of this card (one of {', '.join(allowed)})",
                    "printed",
                )
            if item in out:
                raise self.fail(f"{item!r} is listed twice", "printed")
            out.append(item)
        return tuple(out)

    def card(self, table: Any, index: int) -> CardDef:
        self.entry = f"card[{index}]"
        if not isinstance(table, dict):
            raise self.fail("a card is a table")
        key = self.get(table, "key", str)
        if not key or not all(c.isalnum() or c == "-" for c in key) or key != key.lower():
            raise self.fail(f"a key is lowercase letters, digits and '-', got {key!r}", "key")
        self.entry = key
        for field in table:
            if field not in _KNOWN_FIELDS:
                raise self.fail(f"unknown field {field!r}", field)
        ability = self.enum(Ability, table, "ability")
        card_type = self.enum(CardType, table, "type")
        colour = self.enum(Colour, table, "colour")
        provenance = self.get(table, "provenance", str)
        if provenance not in _PROVENANCE:
            raise self.fail(f"must be one of {_PROVENANCE}, got {provenance!r}", "provenance")
        note = self.get(table, "note", str)
        copies = self.integer(table, "copies", 1, TOTAL_CARDS, ...)
        is_enemy = card_type is CardType.ENEMY
        if is_enemy != (ability in ENEMY_ABILITIES):
            raise self.fail(
                "Enemy abilities (bandit, chieftain, pirate) belong to Enemy cards and only "
                "to them",
                "ability",
            )
        common = {
            "key": key,
            "name": self.get(table, "name", str),
            "ability": ability,
            "type": card_type,
            "colour": colour,
            "copies": copies,
            "provenance": provenance,
            "note": note,
            "printed": self.printed(table, provenance, is_enemy),
        }
        if is_enemy:
            for field in (*_CARD_ONLY, "han_start", "rome_start"):
                if field in table:
                    raise self.fail("an Enemy card has no such number", field)
            return CardDef(
                **common,
                enemy_strength=self.integer(table, "enemy_strength", 0, 99, ...),
                enemy_vp=self.integer(table, "enemy_vp", 0, 99, ...),
            )
        for field in _ENEMY_ONLY:
            if field in table:
                raise self.fail("only Enemy cards have this number", field)
        han = self.integer(table, "han_start", 0, START_SIZE, 0)
        rome = self.integer(table, "rome_start", 0, START_SIZE, 0)
        if han + rome > copies:
            raise self.fail(f"starting decks use {han + rome} copies of {copies}", "copies")
        cost_n, cost_m = self.cost(table)
        goods = self.goods(table)
        if cost_m > len(goods):
            raise self.fail(
                f"the cost needs {cost_m} different types but only {len(goods)} are listed",
                "goods",
            )
        return CardDef(
            **common,
            han_start=han,
            rome_start=rome,
            level=self.integer(table, "level", 1, MAX_LEVEL, ...),
            vp=self.integer(table, "vp", 0, 99, ...),
            stacked_vp=self.integer(table, "stacked_vp", 0, 99, ...),
            strength=self.integer(table, "strength", 0, 99, ...),
            artisans=self.integer(table, "artisans", 0, 99, ...),
            cost_n=cost_n,
            cost_m=cost_m,
            goods=goods,
        )


def parse_card_text(text: str, source: str = "<string>") -> tuple[CardDef, ...]:
    """[SR-1] [SR-3] Parse a card file: ``[[card]]`` tables, 53 cards in all.

    :raises DataError: naming ``source``, the card and the field at fault.
    """
    reader = _Reader(source)
    raw = reader.parse(text)
    for field in raw:
        if field != "card":
            raise reader.fail(f"unknown top-level field {field!r}", field)
    entries = reader.get(raw, "card", list)
    cards = tuple(reader.card(entry, i) for i, entry in enumerate(entries))
    check_cards(cards, source)
    return cards


def check_cards(cards: tuple[CardDef, ...], source: str = "<cards>") -> None:
    """[SR-1] [SR-3] Whole-deck checks: unique keys, 53 cards, 4-card starting decks.

    :raises DataError: naming the source, the card and the field at fault.
    """
    seen: set[str] = set()
    for card in cards:
        _check_numbers(card, source)  # first: it refuses what is no CardDef
        if card.key in seen:
            raise DataError("duplicate key", source=source, entry=card.key, field="key")
        seen.add(card.key)
    total = sum(card.copies for card in cards)
    if total != TOTAL_CARDS:
        raise DataError(
            f"the deck must hold {TOTAL_CARDS} game cards, the copies add up to {total}",
            source=source,
            field="copies",
        )
    for field in ("han_start", "rome_start"):
        size = sum(getattr(card, field) for card in cards)
        if size != START_SIZE:
            raise DataError(
                f"a starting deck has {START_SIZE} cards (SR-3), {field} adds up to {size}",
                source=source,
                field=field,
            )
    non_enemy = sum(c.copies - c.han_start - c.rome_start for c in cards if not c.is_enemy)
    if non_enemy < 2 * 2 + 4:
        raise DataError(
            "too few non-Enemy cards to deal the starting decks and the Crossroads",
            source=source,
            field="type",
        )


def _check_numbers(card: CardDef, source: str) -> None:
    """The per-card ranges again, for definitions built in code or read from a record."""

    def fail(message: str, field: str) -> DataError:
        return DataError(message, source=source, entry=card.key, field=field)

    if not isinstance(card, CardDef):
        raise DataError(f"expected a CardDef, got {card!r}", source=source)
    allowed = ENEMY_FIELDS if card.is_enemy else CARD_FIELDS
    if any(f not in allowed for f in card.printed) or len(set(card.printed)) != len(card.printed):
        raise fail(f"printed names fields of this card, once each, got {card.printed}", "printed")
    if card.printed and card.provenance == "rulebook":
        raise fail("a rulebook entry is printed in every field; list none", "printed")

    def within(field: str, low: int, high: int, named: str | None = None) -> None:
        value = getattr(card, field)
        if type(value) is not int or not low <= value <= high:
            message = f"{field} must be an integer from {low} to {high}, got {value!r:.40}"
            raise fail(message, named or field)

    within("copies", 1, TOTAL_CARDS)
    if card.is_enemy != (card.ability in ENEMY_ABILITIES):
        raise fail("Enemy abilities belong to Enemy cards and only to them", "ability")
    if card.is_enemy:
        for field in ("han_start", "rome_start", "level", "vp", "stacked_vp", "strength"):
            within(field, 0, 0, "level")
        for field in ("artisans", "cost_n", "cost_m"):
            within(field, 0, 0, "level")
        if card.goods:
            raise fail("an Enemy card has no level, cost or starting copies", "level")
        within("enemy_strength", 0, 99)
        within("enemy_vp", 0, 99, "enemy_strength")
        return
    within("level", 1, MAX_LEVEL)
    for field in ("vp", "stacked_vp", "strength", "artisans"):
        within(field, 0, 99)
    within("han_start", 0, START_SIZE)
    within("rome_start", 0, START_SIZE)
    if card.han_start + card.rome_start > card.copies:
        raise fail("starting decks use more copies than exist", "copies")
    within("cost_n", 1, 9, "cost")
    if type(card.cost_m) is not int or not 1 <= card.cost_m <= len(card.goods):
        raise fail(f"cost {card.cost} does not fit {len(card.goods)} goods types", "cost")
    if len(set(card.goods)) != len(card.goods):
        raise fail("a goods type is listed twice", "goods")
    within("enemy_strength", 0, 0)
    within("enemy_vp", 0, 0, "enemy_strength")


def load_card_file(path: str | Path) -> tuple[CardDef, ...]:
    """Read a card file from disk (see :func:`parse_card_text`).

    :raises DataError: for a file that cannot be read or breaks the format.
    """
    return parse_card_text(read_data_file(path), str(path))


@functools.cache
def default_cards() -> tuple[CardDef, ...]:
    """[SR-1] The built-in card data (``silkroad/serica/data/cards.toml``), loaded once."""
    text = (resources.files("silkroad.serica") / "data" / "cards.toml").read_text("utf-8")
    return parse_card_text(text, "silkroad/serica/data/cards.toml")
