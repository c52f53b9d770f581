"""[KG-1] Component definitions and the [KG-7] effect vocabulary, loaded from TOML.

Card content is data (``data/*.toml``); this module defines its shape, reads it with
:mod:`tomllib` and checks it. A bad file raises :class:`~silkroad.core.errors.DataError`
naming the file, the card and the field. Nothing here knows any particular card.

Amounts of spices, gold and mules are fixed 7-tuples in :data:`RESOURCES` order.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from silkroad.core.data import DataReader, read_data_file
from silkroad.core.errors import DataError
from silkroad.core.words import count

__all__ = [
    "ANY_SPICE",
    "NO_AMOUNTS",
    "RESOURCES",
    "SPICES",
    "Action",
    "Amounts",
    "CardData",
    "CardDef",
    "Condition",
    "DeckKind",
    "Effect",
    "Face",
    "Op",
    "OrderDef",
    "OrderKind",
    "Resource",
    "Target",
    "amount_text",
    "check_card_data",
    "check_deck",
    "default_card_data",
    "is_printed",
    "load_card_file",
    "parse_card_text",
    "present_fields",
    "printed_source",
]


class Resource(enum.Enum):
    """[KG-1.1] The seven tracks of a player board."""

    GINGER = "ginger"
    CLOVES = "cloves"
    PEPPER = "pepper"
    ANISE = "anise"
    CINNAMON = "cinnamon"
    GOLD = "gold"
    MULES = "mules"


#: Track order of every :data:`Amounts` tuple.
RESOURCES: tuple[Resource, ...] = tuple(Resource)
#: The five spices (the first five tracks).
SPICES: tuple[Resource, ...] = RESOURCES[:5]
#: The TOML key of the [KG-1.1] "any spice" symbol (a choice of one spice).
ANY_SPICE = "any_spice"

Amounts = tuple[int, int, int, int, int, int, int]
NO_AMOUNTS: Amounts = (0, 0, 0, 0, 0, 0, 0)


def amount_text(resource: Resource, n: int) -> str:
    """An amount of one track in words: ``2 pepper``, ``1 mule``, ``3 mules``."""
    if resource is Resource.MULES:
        return count(n, "mule")
    return f"{n} {resource.value}"


class DeckKind(enum.Enum):
    """[KG-1] The card decks (Expansion cards are shuffled into the Standard deck)."""

    PATRIARCH = "patriarch"
    STARTING = "starting"
    STANDARD = "standard"
    SPECIAL = "special"
    EXPANSION = "expansion"
    ORDERS = "orders"


class OrderKind(enum.Enum):
    """[KG-5.1] The three kinds of order."""

    SMALL = "small"
    LARGE = "large"
    SPECIAL = "special"


class Op(enum.Enum):
    """[KG-7] The effect vocabulary of the cards."""

    #: Raise tracks (capped); several alternatives are a "/" choice.
    INCREASE = "increase"
    #: Lower tracks (never below 0).
    DECREASE = "decrease"
    #: Set tracks to an exact value.
    SET = "set"
    #: Draw ``count`` cards from a deck, keep ``keep`` at the back of this caravan.
    DRAW = "draw"
    #: Take a card of the open discard pile to the back of this caravan.
    TAKE_DISCARD = "take_discard"
    #: Turn this card over (Patriarch <-> Matriarch).
    TURN = "turn"
    #: Remove another card of this caravan from the game (optional).
    REMOVE = "remove"
    #: Fulfill 1 order (from the display, or from the top of the order deck).
    FULFILL = "fulfill"
    #: Bring the set-aside Patriarch into play (new caravan or back of this one).
    TAKE_PATRIARCH = "take_patriarch"
    #: [KG-8] Put this card at the back of a caravan of the player on the left.
    MOVE_TO_LEFT = "move_to_left"
    #: [KG-8] Take another turn.
    EXTRA_TURN = "extra_turn"
    #: [KG-8] Each opponent moves each front card to the back of another own caravan.
    HERD = "herd"
    #: [KG-8] Search the Special cards (deck and discards), keep one at the back of this caravan.
    SEARCH = "search"


class Target(enum.Enum):
    """Whose tracks an Increase / Decrease / Set changes."""

    SELF = "self"
    OTHERS = "others"


@attrs.frozen
class Condition:
    """A track test: per target player (``any_other`` false) or on any other player."""

    resource: Resource
    at_least: int | None = None
    at_most: int | None = None
    any_other: bool = False


@attrs.frozen
class Effect:
    """[KG-7] One step of an action, in the rulebook's vocabulary."""

    op: Op
    target: Target = Target.SELF
    #: Track changes; more than one entry is a "/" choice (Increase only).
    choices: tuple[Amounts, ...] = ()
    deck: DeckKind | None = None
    count: int = 1
    keep: int = 1
    free: bool = False
    #: Order kinds allowed by a Fulfill (empty: any, "Fulfill 1 Order").
    kinds: tuple[OrderKind, ...] = ()
    #: Fulfill: only grain-field orders.
    grain: bool = False
    #: Fulfill: the orders come from the top ``count`` cards of the order deck.
    from_deck: bool = False
    condition: Condition | None = None


@attrs.frozen
class Action:
    """[KG-3] A caravan or parting action: its cost and its effects."""

    cost: Amounts = NO_AMOUNTS
    effects: tuple[Effect, ...] = ()


@attrs.frozen
class Face:
    """[KG-3] One printed side of a person card."""

    name: str
    vp: int = 0
    #: Variable VP: this many per grain-field order the owner holds.
    vp_per_grain: int = 0
    #: [KG-4.C] "!" in the name: the card cannot be passed.
    must_act: bool = False
    caravan: tuple[Action, ...] = ()
    parting: tuple[Action, ...] = ()


@attrs.frozen
class CardDef:
    """[KG-1] A person card (``copies`` identical copies), with provenance."""

    key: str
    deck: DeckKind
    front: Face
    copies: int = 1
    back: Face | None = None
    rank: int | None = None
    provenance: str = "reconstructed"
    note: str = ""
    #: The printed fields and where each is printed (``caravan[0]``: one action, ``caravan``:
    #: all); every other field is reconstructed.
    printed: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class OrderDef:
    """[KG-5.1] An order card: kind, VP, mule requirement, cost, immediate payout."""

    key: str
    name: str
    kind: OrderKind
    vp: int
    mules: int
    cost: Amounts
    grain: bool = False
    payout: tuple[Effect, ...] = ()
    copies: int = 1
    provenance: str = "reconstructed"
    note: str = ""
    #: The printed fields and where each is printed; every other field is reconstructed.
    printed: tuple[tuple[str, str], ...] = ()


@attrs.frozen(cache_hash=True)
class CardData:
    """All component content of a game: one tuple of definitions per deck."""

    patriarch: tuple[CardDef, ...]
    starting: tuple[CardDef, ...]
    standard: tuple[CardDef, ...]
    special: tuple[CardDef, ...]
    expansion: tuple[CardDef, ...]
    orders: tuple[OrderDef, ...]

    def replace(
        self, deck: DeckKind, cards: tuple[CardDef, ...] | tuple[OrderDef, ...]
    ) -> CardData:
        """A copy with one deck replaced (e.g. by a user's printed-card file)."""
        changes: dict[str, object] = {deck.value: cards}
        return attrs.evolve(self, **changes)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- loading

_PROVENANCE = ("rulebook", "reconstructed")
_FACE_FIELDS = ("name", "vp", "vp_per_grain", "must_act")
_ACTION_FIELDS = ("caravan", "parting")
_ORDER_FIELDS = ("name", "kind", "vp", "mules", "cost", "grain", "payout", "copies")


def present_fields(table: Mapping[str, Any], *, order: bool) -> list[str]:
    """The fields an entry of a data file has, each action on its own (``caravan[1]``)."""
    if order:
        return [f for f in _ORDER_FIELDS if f in table]

    def face(raw: Mapping[str, Any], prefix: str) -> list[str]:
        out = [prefix + f for f in _FACE_FIELDS if f in raw]
        for kind in _ACTION_FIELDS:
            actions = raw.get(kind, [])
            if isinstance(actions, list):
                out += [f"{prefix}{kind}[{i}]" for i in range(len(actions))]
        return out

    fields = face(table, "")
    fields += [f for f in ("copies", "rank") if f in table]
    back = table.get("back")
    if isinstance(back, dict):
        fields += face(back, "back.")
    return fields


def is_printed(field: str, printed: tuple[tuple[str, str], ...]) -> bool:
    """Whether ``field`` (``vp``, ``caravan[1]``) is printed: named itself, or its whole
    list of actions is (``caravan``)."""
    return any(field == name or field.startswith(name + "[") for name, _ in printed)


def printed_source(field: str, printed: tuple[tuple[str, str], ...]) -> str | None:
    """Where ``field`` is printed, or None when it is reconstructed."""
    for name, source in printed:
        if field == name or field.startswith(name + "["):
            return source
    return None


_MAX_ACTIONS = 3
_MAX_CHOICES = 8


class _Reader(DataReader):
    """The shared validating accessors, plus Kashgar's amounts, effects, cards and orders."""

    def amounts(self, value: Any, field: str, *, allow_any: bool = False) -> list[Amounts]:
        """A table of track amounts; with ``any_spice`` it expands to one per spice."""
        if not isinstance(value, dict):
            raise self.fail(f"expected a table of resource = amount, got {value!r}", field)
        base = [0] * len(RESOURCES)
        any_spice = 0
        for name, amount in value.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise self.fail(f"amount of {name!r} must be an integer >= 0", field)
            if name == ANY_SPICE and allow_any:
                any_spice = amount
                continue
            resource = self.member(Resource, name, f"{field}.{name}")
            base[RESOURCES.index(resource)] = amount
        if not any_spice:
            return [_as_amounts(base)]
        out = []
        for i in range(len(SPICES)):
            alt = list(base)
            alt[i] += any_spice
            out.append(_as_amounts(alt))
        return out

    def condition(self, value: Any, field: str) -> Condition:
        if not isinstance(value, dict):
            raise self.fail("expected a table", field)
        resource = self.member(Resource, self.get(value, "resource", str), f"{field}.resource")
        at_least = self.get(value, "at_least", int, None)
        at_most = self.get(value, "at_most", int, None)
        if at_least is None and at_most is None:
            raise self.fail("needs at_least or at_most", field)
        any_other = self.get(value, "any_other", bool, False)
        return Condition(resource, at_least, at_most, any_other)

    def effect(self, value: Any, field: str) -> Effect:
        if not isinstance(value, dict):
            raise self.fail(f"an effect is a table with an 'op', got {value!r}", field)
        op = self.member(Op, self.get(value, "op", str), f"{field}.op")
        known = {
            "op",
            "target",
            "amounts",
            "choose",
            "deck",
            "count",
            "keep",
            "free",
            "kinds",
            "grain",
            "from_deck",
            "condition",
        }
        for key in value:
            if key not in known:
                raise self.fail(f"unknown effect field {key!r}", f"{field}.{key}")
        target = self.member(Target, value.get("target", "self"), f"{field}.target")
        choices: list[Amounts] = []
        if op in (Op.INCREASE, Op.DECREASE, Op.SET):
            if ("amounts" in value) == ("choose" in value):
                raise self.fail(f"{op.value} needs exactly one of 'amounts' or 'choose'", field)
            if "amounts" in value:
                choices = self.amounts(
                    value["amounts"], f"{field}.amounts", allow_any=op is Op.INCREASE
                )
            else:
                alts = value["choose"]
                if op is not Op.INCREASE or not isinstance(alts, list) or len(alts) < 2:
                    raise self.fail(
                        "'choose' is a list of 2 or more amount tables (Increase only)",
                        f"{field}.choose",
                    )
                for i, alt in enumerate(alts):
                    choices.extend(self.amounts(alt, f"{field}.choose[{i}]", allow_any=True))
            if op is Op.SET:
                # A Set names the tracks it sets; others are untouched (-1).
                raw = value["amounts"]
                choices = [_as_amounts([raw.get(r.value, -1) for r in RESOURCES])]
                for r, amount in zip(RESOURCES, choices[0], strict=True):
                    limit = _CAPS[r]
                    if amount > limit:
                        raise self.fail(f"cannot set {r.value} above {limit}", f"{field}.amounts")
            if len(choices) > _MAX_CHOICES:
                raise self.fail(f"at most {_MAX_CHOICES} alternatives", field)
            if target is Target.OTHERS and len(choices) > 1:
                raise self.fail("a choice cannot target other players", f"{field}.target")
        deck = None
        if op in (Op.DRAW, Op.SEARCH):
            deck = self.member(
                DeckKind,
                self.get(value, "deck", str, "standard" if op is Op.DRAW else "special"),
                f"{field}.deck",
            )
            if deck not in (DeckKind.STANDARD, DeckKind.SPECIAL):
                raise self.fail("cards are drawn from 'standard' or 'special'", f"{field}.deck")
        count = self.get(value, "count", int, 1)
        keep = self.get(value, "keep", int, 1)
        if count < 1 or not 1 <= keep <= count:
            raise self.fail("needs count >= 1 and 1 <= keep <= count", field)
        kinds = tuple(
            self.member(OrderKind, k, f"{field}.kinds") for k in self.get(value, "kinds", list, [])
        )
        cond = value.get("condition")
        return Effect(
            op=op,
            target=target,
            choices=tuple(choices),
            deck=deck,
            count=count,
            keep=keep,
            free=self.get(value, "free", bool, False),
            kinds=kinds,
            grain=self.get(value, "grain", bool, False),
            from_deck=self.get(value, "from_deck", bool, False),
            condition=None if cond is None else self.condition(cond, f"{field}.condition"),
        )

    def effects(self, value: Any, field: str) -> tuple[Effect, ...]:
        if not isinstance(value, list):
            raise self.fail("expected a list of effects", field)
        return tuple(self.effect(e, f"{field}[{i}]") for i, e in enumerate(value))

    def actions(self, table: Mapping[str, Any], field: str) -> tuple[Action, ...]:
        raw = self.get(table, field, list, [])
        if len(raw) > _MAX_ACTIONS:
            raise self.fail(f"at most {_MAX_ACTIONS} actions", field)
        out = []
        for i, item in enumerate(raw):
            where = f"{field}[{i}]"
            if not isinstance(item, dict):
                raise self.fail("an action is a table", where)
            cost = self.amounts(item.get("cost", {}), f"{where}.cost")[0]
            out.append(Action(cost, self.effects(item.get("effects", []), f"{where}.effects")))
        return tuple(out)

    def face(self, table: Mapping[str, Any], prefix: str = "") -> Face:
        return Face(
            name=self.get(table, "name", str),
            vp=self.get(table, "vp", int, 0),
            vp_per_grain=self.integer(table, "vp_per_grain", 0, None, 0),
            must_act=self.get(table, "must_act", bool, False),
            caravan=self.actions(table, "caravan"),
            parting=self.actions(table, "parting"),
        )

    def meta(self, table: Mapping[str, Any]) -> tuple[str, str, int]:
        provenance = self.get(table, "provenance", str)
        if provenance not in _PROVENANCE:
            raise self.fail(f"must be one of {_PROVENANCE}, got {provenance!r}", "provenance")
        note = self.get(table, "note", str)
        copies = self.get(table, "copies", int, 1)
        if copies < 1:
            raise self.fail("must be >= 1", "copies")
        return provenance, note, copies

    def printed(
        self, table: Mapping[str, Any], provenance: str, *, order: bool
    ) -> tuple[tuple[str, str], ...]:
        """The ``printed`` table: field -> source, for fields present in the entry.

        With it, a ``rulebook`` entry must name every field it has (all are printed),
        and a ``reconstructed`` entry must leave at least one field out.
        """
        raw = self.get(table, "printed", dict, {})
        present = present_fields(table, order=order)
        out: list[tuple[str, str]] = []
        for name, source in raw.items():
            where = f"printed.{name}"
            if not isinstance(source, str) or not source:
                raise self.fail("the source of a printed field is a non-empty string", where)
            covered = [f for f in present if f == name or f.startswith(name + "[")]
            if not covered:
                raise self.fail(
                    f"names no field of this entry (fields: {', '.join(present)})", where
                )
            out.append((name, source))
        printed = tuple(out)
        if raw:
            missing = [f for f in present if not is_printed(f, printed)]
            if provenance == "rulebook" and missing:
                raise self.fail(
                    f"a 'rulebook' entry has every field printed; {', '.join(missing)} "
                    "is not (make the entry 'reconstructed')",
                    "printed",
                )
            if provenance == "reconstructed" and not missing:
                raise self.fail(
                    "every field is printed: the entry's provenance is 'rulebook'", "provenance"
                )
        return printed

    def card(self, table: Any, deck: DeckKind, index: int) -> CardDef:
        self.entry = f"card[{index}]"
        if not isinstance(table, dict):
            raise self.fail("a card is a table")
        key = self.get(table, "key", str)
        self.entry = key
        provenance, note, copies = self.meta(table)
        back_raw = table.get("back")
        if back_raw is not None and not isinstance(back_raw, dict):
            raise self.fail("expected a table", "back")
        rank = self.get(table, "rank", int, None)
        if deck is DeckKind.STARTING and rank is None:
            raise self.fail("a Starting card needs its rank", "rank")
        return CardDef(
            key=key,
            deck=deck,
            front=self.face(table),
            copies=copies,
            back=None if back_raw is None else self.face(back_raw),
            rank=rank,
            provenance=provenance,
            note=note,
            printed=self.printed(table, provenance, order=False),
        )

    def order(self, table: Any, index: int) -> OrderDef:
        self.entry = f"order[{index}]"
        if not isinstance(table, dict):
            raise self.fail("an order is a table")
        key = self.get(table, "key", str)
        self.entry = key
        provenance, note, copies = self.meta(table)
        kind = self.member(OrderKind, self.get(table, "kind", str), "kind")
        return OrderDef(
            key=key,
            name=self.get(table, "name", str),
            kind=kind,
            vp=self.integer(table, "vp", 0),
            mules=self.integer(table, "mules", 0),
            cost=self.amounts(self.get(table, "cost", dict), "cost")[0],
            grain=self.get(table, "grain", bool, False),
            payout=self.effects(table.get("payout", []), "payout"),
            copies=copies,
            provenance=provenance,
            note=note,
            printed=self.printed(table, provenance, order=True),
        )


_CAPS = {r: (6 if r is Resource.MULES else 9) for r in RESOURCES}


def _as_amounts(values: list[int]) -> Amounts:
    a, b, c, d, e, f, g = values
    return (a, b, c, d, e, f, g)


#: The most cards one deck may hold (copies counted): a sane bound for user data (the
#: largest built-in deck, Standard, has 76), so that setup and every loop stay small.
MAX_DECK_CARDS = 200
#: Bounds of the numbers on a card or order (the built-in data stays well inside them).
VP_RANGE = (-25, 25)
RANK_RANGE = (0, 999)
MAX_DRAW = 20


def check_deck(
    deck: DeckKind, cards: tuple[CardDef, ...] | tuple[OrderDef, ...], source: str | None = None
) -> None:
    """[KG-1] Check one deck's definitions as values, however they were made (a data
    file, JSON options, code): every number in range, every effect complete and of its
    deck, at most :data:`MAX_DECK_CARDS` cards.

    :raises DataError: naming ``source`` (or the deck), the entry and the field.
    """
    where = source or f"{deck.value} deck"
    if not cards:
        raise DataError("the deck has no entries", source=where)
    total = 0
    keys: set[str] = set()
    for card in cards:
        entry = getattr(card, "key", None)
        fail = functools.partial(_failure, where, str(entry))
        if not isinstance(entry, str) or not entry:
            raise fail("a card needs a non-empty key", "key")
        if entry in keys:
            raise fail("duplicate key", "key")
        if deck is DeckKind.EXPANSION and entry in ("all", "none"):
            raise fail("'all' and 'none' name sets of expansion cards, not a card", "key")
        keys.add(entry)
        copies = card.copies
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            raise fail(f"copies must be an integer >= 1, got {copies!r}", "copies")
        if copies > MAX_DECK_CARDS:
            raise fail(f"at most {MAX_DECK_CARDS} cards in a deck, got {copies} copies", "copies")
        total += copies
        if isinstance(card, OrderDef):
            if deck is not DeckKind.ORDERS:
                raise fail(f"an order in the {deck.value} deck", "deck")
            _check_order(card, fail)
        else:
            if deck is DeckKind.ORDERS or not isinstance(card, CardDef):
                raise fail("the order deck holds only orders", "deck")
            if card.deck is not deck:
                raise fail(f"is a {card.deck.value} card, not a {deck.value} card", "deck")
            _check_face(card.front, "", fail)
            if card.back is not None:
                _check_face(card.back, "back.", fail)
            if card.rank is None and deck is DeckKind.STARTING:
                raise fail("a Starting card needs its rank", "rank")
            if card.rank is not None:
                _check_number(card.rank, RANK_RANGE, "rank", fail)
    if total > MAX_DECK_CARDS:
        raise DataError(
            f"at most {MAX_DECK_CARDS} cards in a deck, the {deck.value} deck has {total}",
            source=where,
            field="copies",
        )


def _failure(source: str, entry: str, message: str, field: str | None = None) -> DataError:
    return DataError(message, source=source, entry=entry, field=field)


def check_card_data(data: CardData) -> None:
    """[KG-1] :func:`check_deck` for every deck of ``data``."""
    for deck in DeckKind:
        check_deck(deck, getattr(data, deck.value))


def _check_number(value: object, bounds: tuple[int, int], field: str, fail: Any) -> None:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fail(f"must be an integer from {low} to {high}, got {value!r}", field)


def _check_amounts(value: object, field: str, fail: Any, *, low: int = 0) -> None:
    if not isinstance(value, tuple) or len(value) != len(RESOURCES):
        raise fail(f"amounts are {len(RESOURCES)} integers, got {value!r}", field)
    for resource, amount in zip(RESOURCES, value, strict=True):
        _check_number(amount, (low, _CAPS[resource]), f"{field}.{resource.value}", fail)


def _check_face(face: Face, prefix: str, fail: Any) -> None:
    if not isinstance(face.name, str) or not face.name:
        raise fail("a card needs a name", prefix + "name")
    _check_number(face.vp, VP_RANGE, prefix + "vp", fail)
    _check_number(face.vp_per_grain, (0, VP_RANGE[1]), prefix + "vp_per_grain", fail)
    for kind in _ACTION_FIELDS:
        actions = getattr(face, kind)
        if len(actions) > _MAX_ACTIONS:
            raise fail(f"at most {_MAX_ACTIONS} actions", prefix + kind)
        for i, action in enumerate(actions):
            where = f"{prefix}{kind}[{i}]"
            _check_amounts(action.cost, where + ".cost", fail)
            for j, effect in enumerate(action.effects):
                _check_effect(effect, f"{where}.effects[{j}]", fail)


def _check_order(order: OrderDef, fail: Any) -> None:
    if not isinstance(order.name, str) or not order.name:
        raise fail("an order needs a name", "name")
    _check_number(order.vp, (0, VP_RANGE[1]), "vp", fail)
    _check_number(order.mules, (0, _CAPS[Resource.MULES]), "mules", fail)
    _check_amounts(order.cost, "cost", fail)
    for j, effect in enumerate(order.payout):
        _check_effect(effect, f"payout[{j}]", fail)


def _check_effect(effect: Effect, field: str, fail: Any) -> None:
    """The value-level rules of one effect (those :class:`_Reader` applies to a file)."""
    op = effect.op
    choices = effect.choices
    if op in (Op.INCREASE, Op.DECREASE, Op.SET):
        if not choices or len(choices) > _MAX_CHOICES:
            raise fail(f"{op.value} needs 1 to {_MAX_CHOICES} amounts", field)
        if len(choices) > 1 and (op is not Op.INCREASE or effect.target is Target.OTHERS):
            raise fail("only an Increase of the acting player offers a choice", field)
        for i, amounts in enumerate(choices):
            _check_amounts(amounts, f"{field}.amounts[{i}]", fail, low=-1 if op is Op.SET else 0)
    elif choices:
        raise fail(f"{op.value} takes no amounts", field)
    if op in (Op.DRAW, Op.SEARCH):
        if effect.deck not in (DeckKind.STANDARD, DeckKind.SPECIAL):
            raise fail("cards are drawn from 'standard' or 'special'", f"{field}.deck")
    elif effect.deck is not None:
        raise fail(f"{op.value} takes no deck", f"{field}.deck")
    _check_number(effect.count, (1, MAX_DRAW), f"{field}.count", fail)
    _check_number(effect.keep, (1, effect.count), f"{field}.keep", fail)
    cond = effect.condition
    if cond is not None:
        if cond.at_least is None and cond.at_most is None:
            raise fail("a condition needs at_least or at_most", f"{field}.condition")
        for name in ("at_least", "at_most"):
            bound = getattr(cond, name)
            if bound is not None:
                _check_number(bound, (0, _CAPS[cond.resource]), f"{field}.condition.{name}", fail)


def parse_card_text(
    text: str, source: str = "<string>"
) -> tuple[DeckKind, tuple[CardDef, ...] | tuple[OrderDef, ...]]:
    """[KG-1] Parse one deck file: ``deck = "..."`` then ``[[card]]`` (or ``[[order]]``) tables.

    :raises DataError: naming ``source``, the card and the field at fault.
    """
    reader = _Reader(source)
    raw = reader.parse(text)
    deck = reader.member(DeckKind, reader.get(raw, "deck", str), "deck")
    if deck is DeckKind.ORDERS:
        entries = reader.get(raw, "order", list)
        orders = tuple(reader.order(e, i) for i, e in enumerate(entries))
        _check_unique(reader, [o.key for o in orders])
        check_deck(deck, orders, source)
        return deck, orders
    entries = reader.get(raw, "card", list)
    cards = tuple(reader.card(e, deck, i) for i, e in enumerate(entries))
    _check_unique(reader, [c.key for c in cards])
    check_deck(deck, cards, source)
    return deck, cards


def _check_unique(reader: _Reader, keys: list[str]) -> None:
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            reader.entry = key
            raise reader.fail("duplicate key", "key")
        seen.add(key)
    if not keys:
        reader.entry = None
        raise reader.fail("the deck has no entries")


def load_card_file(
    path: str | Path,
) -> tuple[DeckKind, tuple[CardDef, ...] | tuple[OrderDef, ...]]:
    """Read a deck file from disk (see :func:`parse_card_text`)."""
    return parse_card_text(read_data_file(path), str(path))


_FILES = ("patriarch", "starting", "standard", "special", "expansion", "orders")


@functools.cache
def default_card_data() -> CardData:
    """[KG-1] The built-in component data (``silkroad/kashgar/data/*.toml``), loaded once."""
    decks: dict[str, Any] = {}
    folder = resources.files("silkroad.kashgar") / "data"
    for name in _FILES:
        source = f"silkroad/kashgar/data/{name}.toml"
        deck, cards = parse_card_text((folder / f"{name}.toml").read_text("utf-8"), source)
        if deck.value != name:
            raise DataError(f"declares deck {deck.value!r}", source=source, field="deck")
        decks[name] = cards
    return CardData(**decks)
