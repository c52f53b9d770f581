"""[DH-1] [DH-3.E] Component definitions, the effect notation, and loading of the data files.

Component content lives in ``data/*.toml``: ``board.toml`` for the main board and one
file per Starting Pack. Effects are written in a small text notation (documented in
``docs/dunhuang.md``, "Data files")::

    coin 2 | pigment | vp 3 | material silk | product any | upgrade | quest 2 | recruit
    free-recruit | continue | paint | pay coin 1, silk-product 1 -> vp 4 & pigment
    if china-faience 1 -> vp 3 | <a pack effect such as tea-trade>

Nothing here knows the rules; a bad file raises :class:`DataError` naming the file, the
entry and the field.
"""

from __future__ import annotations

import enum
import functools
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import attrs

from silkroad.core.data import loads_toml
from silkroad.core.errors import DataError

__all__ = [
    "CORE_EFFECTS",
    "COST_ITEMS",
    "FIELDS",
    "MAX_ENTRIES",
    "MAX_ID",
    "NOTATION_EFFECTS",
    "PROVENANCE_KEYS",
    "QUEST_REWARDS",
    "SIMPLE_EFFECTS",
    "AchievementDef",
    "BoardDef",
    "CharacterDef",
    "Effect",
    "EffectKind",
    "FrescoDef",
    "PackDef",
    "QuestDef",
    "RouteDef",
    "TableReader",
    "TokenDef",
    "UltimateDef",
    "assumed",
    "load_board",
    "load_pack_file",
    "parse_effect",
    "parse_pack_text",
    "ranking_rule",
    "read_data_file",
]


class EffectKind(enum.Enum):
    """[DH-3.E] The kinds of effect of the notation beside the packs' own (whose words their
    pack modules give): each has its record of words in
    :data:`silkroad.dunhuang.vocabulary.EFFECTS`."""

    MATERIAL = "material"
    UPGRADE = "upgrade"
    PIGMENT = "pigment"
    COIN = "coin"
    VP = "vp"
    QUEST = "quest"
    RECRUIT = "recruit"
    FREE_RECRUIT = "free-recruit"
    PAY = "pay"
    CONTINUE = "continue"
    PAINT = "paint"
    IF = "if"
    PRODUCT = "product"
    #: [DH-7.1] Begin Painting for a given pigment (a solitaire quest reward).
    PAINT_FOR = "paint-for"


#: [DH-3.E] The effect kinds the interpreter knows (numbers are the DH-3.E items).
CORE_EFFECTS: dict[str, int] = {
    "material": 1,
    "upgrade": 2,
    "pigment": 3,
    "coin": 4,
    "vp": 5,
    "quest": 6,
    "recruit": 7,
    "free-recruit": 8,
    "pay": 9,
    "continue": 10,
    "paint": 11,
    "if": 12,
    "product": 14,
}
#: [DH-3.E] The kinds of effect of the notation beside the packs' own (every
#: :class:`EffectKind`: the DH-3.E effects and ``paint-for``).
NOTATION_EFFECTS = frozenset(k.value for k in EffectKind)
#: Effects that need no decision (allowed as leaving, starting-phase and route rewards).
SIMPLE_EFFECTS = frozenset({"coin", "pigment", "vp", "material", "product"})
#: [DH-7] Effects a solitaire quest may give as its reward: the simple gains, Upgrade
#: Resource and ``paint-for N`` (a Begin Painting effect paying N pigment, DH-7.1).
QUEST_REWARDS = SIMPLE_EFFECTS | {"upgrade", "paint-for"}
#: Cost items of a Payment effect besides token kinds.
COST_ITEMS = frozenset({"coin", "pigment", "vp", "grain"})

_NAME = re.compile(r"^[a-z][a-z0-9:+-]*$")
#: Numbers in the effect notation have at most this many digits (bounds come later).
_DIGITS = 4
#: Component ids (characters, tiles, routes) are 0 to ``MAX_ID``.
MAX_ID = 99_999
#: The most entries of one kind (characters, tiles, tokens...) a pack file may have.
MAX_ENTRIES = 100

#: The content fields of each kind of entry, with the value a field left out has
#: (``...``: required). ``reconstructed = [...]`` in an entry marked ``"rulebook"`` names
#: the fields that are assumed; every other field is printed (the rulebook or the facts
#: page of the shared reference), and the entry's note names where. ``pack`` is not
#: written in a pack file (the file gives it), but may be assumed all the same.
FIELDS: dict[str, dict[str, Any]] = {
    "board": dict.fromkeys(
        (
            "zone1",
            "zone2",
            "zone3",
            "zone4_printed",
            "income",
            "reward_left",
            "reward_right",
            "round_track",
            "seat_resources",
            "paint_cost",
            "leftmost_bonus",
            "die_on_fresco_vp",
            "ranking",
            "three_player_die",
            "solo_die",
            "solo_resources",
        ),
        ...,
    ),
    "token": {"name": ..., "category": ..., "upgrade": None, "start": [], "end_vp": 0},
    "character": {
        "pack": ...,
        "name": ...,
        "cost": None,
        "grain": ...,
        "ability": ...,
        "leaving": [],
    },
    "fresco": {
        "pack": ...,
        "value": ...,
        "effects": ...,
        "four_player_only": False,
        "no_start": False,
    },
    "promo tile": {"name": ..., "value": ..., "upper": ..., "lower": ...},
    "achievement": {"vp": ..., "need": ...},
    "route": {"name": ..., "effects": ...},
    "quest": {"text": ..., "stage": ..., "need": ..., "reward": [], "per": None, "vp_each": 0},
    "ultimate": {"name": ..., "effects": ...},
    "resource tile": {"effects": ..., "covers": None},
}
#: The keys of an entry besides its content fields.
PROVENANCE_KEYS = frozenset({"provenance", "note", "reconstructed"})
#: How a pack setting's note (``<setting>_note``) starts: its provenance.
SETTING_SOURCES = ("reconstructed:", "rulebook:")
#: How a pack mechanism's note starts: the fact it rests on, or that it is invented.
MECHANISM_SOURCES = ("rests on ", "invented")


@attrs.frozen
class Effect:
    """[DH-3.E] One effect: ``kind`` with an amount, an argument, costs and rewards."""

    kind: str
    amount: int = 1
    arg: str = ""
    #: Payment (DH-3.E.9) costs or Triggered (DH-3.E.12) requirements: (item, amount).
    cost: tuple[tuple[str, int], ...] = ()
    #: The rewards of a Payment or Triggered effect, resolved in order.
    then: tuple[Effect, ...] = ()
    text: str = ""

    def __str__(self) -> str:
        return self.text


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= _DIGITS


def _pairs(text: str) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    for part in text.split(","):
        words = part.split()
        if (
            len(words) != 2
            or not _is_number(words[1])
            or not _NAME.match(words[0])
            or not 1 <= int(words[1]) <= 99
        ):
            raise ValueError(f"expected 'item amount' (1 to 99), got {part.strip()[:40]!r}")
        out.append((words[0], int(words[1])))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def parse_effect(text: str) -> Effect:
    """[DH-3.E] The effect written as ``text`` (see the module docstring).

    :raises ValueError: if ``text`` is not in the effect notation.
    """
    text = " ".join(text.split())
    head, _, rest = text.partition(" ")
    if head in ("pay", "if"):
        left, arrow, right = rest.partition("->")
        if not arrow:
            raise ValueError(f"{text!r}: a {head} effect needs '->'")
        rewards = tuple(parse_effect(r.strip()) for r in right.split("&"))
        return Effect(head, cost=_pairs(left), then=rewards, text=text)
    if not _NAME.match(head):
        raise ValueError(f"{text[:40]!r} is not an effect")
    if head in ("material", "product"):
        if not rest or not _NAME.match(rest):
            raise ValueError(f"{text!r}: '{head}' needs a pack name")
        return Effect(head, arg=rest, text=text)
    amount = 1
    if rest:
        if not _is_number(rest):
            raise ValueError(f"{text[:40]!r}: the amount must be a number of 1 to {_DIGITS} digits")
        amount = int(rest)
    if head == "quest" and amount not in (1, 2):
        raise ValueError(f"{text!r}: an Emperor's Quest takes 1 or 2 Grain")
    return Effect(head, amount=amount, text=text)


@attrs.frozen
class TokenDef:
    """[DH-3.E.2] A resource token kind: Material, Product or a derivative tile."""

    key: str
    name: str
    pack: str
    category: str
    upgrade: str | None
    start: tuple[Effect, ...]
    end_vp: int
    provenance: str
    note: str
    #: The fields assumed in an entry marked "rulebook" (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()


@attrs.frozen
class CharacterDef:
    """[DH-3.1] A character card: cost (None: not recruitable by Recruitment), grain, ability."""

    id: int
    name: str
    pack: str
    cost: int | None
    grain: int
    ability: tuple[Effect, ...]
    leaving: tuple[Effect, ...]
    provenance: str
    note: str
    #: The fields assumed in an entry marked "rulebook" (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()


@attrs.frozen
class FrescoDef:
    """[DH-2.3] A fresco tile: die value, effects, 4-player-only and "no"-icon marks."""

    id: int
    pack: str
    value: int
    effects: tuple[Effect, ...]
    four_player_only: bool
    no_start: bool
    provenance: str
    note: str
    #: The fields assumed in an entry marked "rulebook" (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()


@attrs.frozen
class AchievementDef:
    """[DH-5] An achievement spot: requirement (stat, at least) and its VP."""

    key: str
    pack: str
    vp: int
    need: tuple[tuple[str, int], ...]
    provenance: str
    note: str
    #: The fields assumed in an entry marked "rulebook" (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()


@attrs.frozen
class QuestDef:
    """[DH-6.2.6] [DH-7] A quest on the solitaire side of an achievement board.

    :ivar stage: 1 (first set), 2 (second set) or 3 (final quest).
    :ivar need: the requirement, (statistic, at least) pairs as for achievements.
    :ivar reward: effects gained on completion, in order.
    :ivar per: the final quest's reward of ``vp_each`` VP per unit of statistic ``per``.
    """

    key: str
    pack: str
    stage: int
    need: tuple[tuple[str, int], ...]
    reward: tuple[Effect, ...]
    per: str | None
    vp_each: int
    text: str
    provenance: str
    note: str
    #: The fields assumed in an entry marked "rulebook" (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()


@attrs.frozen
class RouteDef:
    """[DH-7.3] A trade route (Tea) or similar numbered pack tile with reward effects."""

    id: int
    name: str
    effects: tuple[Effect, ...]
    provenance: str
    note: str
    #: The fields assumed in an entry marked "rulebook" (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()


@attrs.frozen
class UltimateDef:
    """[DH-3.B] An ultimate action tile."""

    pack: str
    name: str
    effects: tuple[Effect, ...]
    provenance: str
    note: str
    #: The fields assumed in an entry marked "rulebook" (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()


@attrs.frozen
class ResourceTileDef:
    """[DH-2.1.3] [DH-2.1.6] A resource tile: effects and the printed pack spot it covers."""

    pack: str
    effects: tuple[Effect, ...]
    covers: str | None
    provenance: str
    note: str
    #: The fields assumed in an entry marked "rulebook" (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()


@attrs.frozen
class PackDef:
    """[DH-2.1.2] A Starting Pack's data."""

    name: str
    title: str
    number: int
    provenance: str
    note: str
    tokens: tuple[TokenDef, ...]
    characters: tuple[CharacterDef, ...]
    frescoes: tuple[FrescoDef, ...]
    ultimate: UltimateDef
    resource_tiles: tuple[ResourceTileDef, ...]
    achievements: tuple[AchievementDef, ...]
    routes: tuple[RouteDef, ...]
    #: [DH-7] The quests on the solitaire side of the pack's achievement board.
    quests: tuple[QuestDef, ...]
    #: [DH-3.A] Effects of the zone-4 spot printed for this pack (used when uncovered).
    printed_spot: tuple[Effect, ...]
    #: Pack-specific settings (e.g. ``ranking``, ``trade_cost``), as strings.
    extra: tuple[tuple[str, str], ...]
    #: The note of each setting (and of ``printed_spot``): its provenance, then what it
    #: rests on (``"reconstructed: ..."`` or ``"rulebook: ..."``).
    setting_notes: tuple[tuple[str, str], ...] = ()
    #: The pack's own mechanisms (effect kinds, ``start``, ``end``) beyond the DH-3.E
    #: effects, each with the public fact it rests on or the word that it is invented.
    mechanisms: tuple[tuple[str, str], ...] = ()

    def setting(self, key: str, default: str = "") -> str:
        """A pack-specific setting."""
        return dict(self.extra).get(key, default)


@attrs.frozen
class BoardDef:
    """[DH-2.0] The main board and player board values."""

    zones: tuple[tuple[tuple[Effect, ...], ...], ...]
    zone4_printed: tuple[str, ...]
    income: tuple[Effect, ...]
    reward_left: tuple[Effect, ...]
    round_track: tuple[int, ...]
    seat_resources: tuple[tuple[Effect, ...], ...]
    paint_cost: int
    leftmost_bonus: int
    die_on_fresco_vp: int
    ranking: tuple[int, ...]
    three_player_die: int
    #: [DH-6.2.3] Starting die value of every fresco in solitaire.
    solo_die: int
    #: [DH-6.2.2] The solitaire player's starting coins and pigment.
    solo_resources: tuple[Effect, ...]
    provenance: str = "rulebook"
    note: str = ""
    #: The fields that are assumed (see :data:`FIELDS`).
    reconstructed: tuple[str, ...] = ()
    #: What each field rests on (the ``<field>_note`` entries of ``board.toml``).
    notes: tuple[tuple[str, str], ...] = ()


class _Sourced(Protocol):
    @property
    def provenance(self) -> str: ...

    @property
    def reconstructed(self) -> tuple[str, ...]: ...


def assumed(entry: _Sourced, field: str) -> bool:
    """Whether ``field`` of ``entry`` is reconstructed: every field of an entry marked
    ``"reconstructed"``, the listed ones of an entry marked ``"rulebook"``."""
    return entry.provenance != "rulebook" or field in entry.reconstructed


def ranking_rule(setting: str) -> tuple[tuple[int, ...] | None, str | None]:
    """[DH-5] A pack's ``ranking`` setting: its own place rewards (``rewards 15 7``) and a
    statistic that breaks ties on the board (``tiebreak silk-clothes``), either or both;
    ``None`` for what it leaves to the board (the 12/6/3 of ``board.toml``, no tie-break).

    :raises ValueError: if the setting is not in that form.
    """
    words = setting.split()
    rewards: tuple[int, ...] | None = None
    tiebreak: str | None = None
    i = 0
    while i < len(words):
        if words[i] == "rewards" and rewards is None:
            j = i + 1
            while j < len(words) and words[j].isdigit():
                j += 1
            if j == i + 1:
                break
            rewards = tuple(int(w) for w in words[i + 1 : j])
            i = j
        elif words[i] == "tiebreak" and tiebreak is None and i + 1 < len(words):
            tiebreak = words[i + 1]
            i += 2
        else:
            break
    if i < len(words) or not words:
        raise ValueError("'rewards <VP> <VP> ...' and/or 'tiebreak <statistic>'")
    return rewards, tiebreak


class TableReader:
    """Typed access to a TOML table with errors that name file, entry and field (the data
    files of the board, the packs and the promos)."""

    def __init__(self, source: str, entry: str | None, table: Mapping[str, Any]) -> None:
        self.source, self.entry, self.table = source, entry, table

    def fail(self, field: str, message: str) -> DataError:
        return DataError(message, source=self.source, entry=self.entry, field=field)

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if field not in self.table:
            if default is ...:
                raise self.fail(field, "is missing")
            return default
        value = self.table[field]
        if isinstance(value, bool) and kind is int:
            raise self.fail(field, f"must be an integer, got {value!r}")
        if not isinstance(value, kind):
            raise self.fail(field, f"has the wrong type ({type(value).__name__})")
        return value

    def number(self, field: str, low: int, high: int, default: Any = ...) -> Any:
        """An integer field from ``low`` to ``high`` (``default`` when absent, if given)."""
        value = self.get(field, int, default)
        if value is default and field not in self.table:
            return value
        if not low <= value <= high:
            raise self.fail(field, f"must be from {low} to {high}, got {value}")
        return value

    def entries(self, raw: Mapping[str, Any], field: str) -> list[Any]:
        """The array of tables ``field`` of the file, at most :data:`MAX_ENTRIES` long."""
        value = raw.get(field, [])
        if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
            raise self.fail(field, "is an array of tables ([[...]])")
        if len(value) > MAX_ENTRIES:
            raise self.fail(field, f"at most {MAX_ENTRIES} entries, got {len(value)}")
        return value

    def effects(
        self, field: str, default: Any = ..., *, simple: bool = False
    ) -> tuple[Effect, ...]:
        raw = self.get(field, list, default)
        if raw is None:
            return ()
        out = []
        if not isinstance(raw, list) or len(raw) > MAX_ENTRIES:
            raise self.fail(field, "is a list of effects")
        for text in raw:
            if not isinstance(text, str):
                raise self.fail(field, "effects are strings")
            try:
                effect = parse_effect(text)
            except ValueError as exc:
                raise self.fail(field, str(exc)) from None
            if simple and effect.kind not in SIMPLE_EFFECTS:
                raise self.fail(field, f"{text!r}: only {sorted(SIMPLE_EFFECTS)} are allowed here")
            out.append(effect)
        return tuple(out)

    def provenance(self) -> tuple[str, str]:
        prov = self.get("provenance", str)
        if prov not in ("rulebook", "reconstructed"):
            raise self.fail("provenance", f"is 'rulebook' or 'reconstructed', got {prov!r}")
        note = self.get("note", str)
        if not note.strip():
            raise self.fail("note", "must say what was assumed")
        return prov, note

    def sourced(self, kind: str) -> tuple[str, str, tuple[str, ...]]:
        """The provenance, the note and the assumed fields (``reconstructed``) of an entry
        of this ``kind`` (a key of :data:`FIELDS`)."""
        prov, note = self.provenance()
        fields = FIELDS[kind]
        names = self.get("reconstructed", list, [])
        if not all(isinstance(name, str) for name in names):
            raise self.fail("reconstructed", "lists field names (strings)")
        if names and prov != "rulebook":
            raise self.fail(
                "reconstructed",
                "lists the assumed fields of an entry marked 'rulebook' "
                "(every field of a reconstructed entry is assumed)",
            )
        for name in names:
            if name not in fields:
                raise self.fail(
                    "reconstructed", f"{name!r} is not a field of a {kind} ({', '.join(fields)})"
                )
        if len(set(names)) != len(names):
            raise self.fail("reconstructed", "names a field twice")
        if names and len(names) == len(fields):
            raise self.fail(
                "reconstructed", "every field is assumed: mark the entry 'reconstructed'"
            )
        return prov, note, tuple(names)

    def only(self, allowed: set[str] | frozenset[str]) -> None:
        """Refuse a key this kind of entry does not have (a misspelt field would be lost)."""
        for key in self.table:
            if key not in allowed:
                raise self.fail(key, f"is not a field here (known: {', '.join(sorted(allowed))})")

    def entry_keys(self, kind: str, *ids: str) -> None:
        """Refuse a key that is neither an id, a content field of ``kind`` nor provenance."""
        self.only(set(FIELDS[kind]) - {"pack"} | PROVENANCE_KEYS | set(ids))


def read_data_file(path: str | Path | None, name: str) -> tuple[str, dict[str, Any]]:
    """A data file's name for messages and its TOML table: the file at ``path``, or the
    built-in ``data/<name>`` when ``path`` is None (for the packs' and the promos' loaders).

    :raises DataError: for a file that cannot be read or is not TOML, naming it.
    """
    try:
        if path is None:
            text = resources.files("silkroad.dunhuang").joinpath("data", name).read_text("utf-8")
            source = f"silkroad/dunhuang/data/{name}"
        else:
            source = str(path)
            text = Path(path).read_text("utf-8")
        return source, loads_toml(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read: {exc}", source=str(path or name)) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", source=str(path or name)) from None


@functools.cache
def load_board() -> BoardDef:
    """[DH-2.0] The built-in board data."""
    source, raw = read_data_file(None, "board.toml")
    r = TableReader(source, "board", raw)
    prov, note, reconstructed = r.sourced("board")
    fields = FIELDS["board"]
    notes = {k[: -len("_note")]: v for k, v in raw.items() if k.endswith("_note")}
    r.only(set(fields) | PROVENANCE_KEYS | {f"{k}_note" for k in fields})
    for field in reconstructed:
        if field not in notes:
            raise r.fail(f"{field}_note", "an assumed field needs a note saying what is assumed")
    for field, text in notes.items():
        label = "reconstructed:" if field in reconstructed else "rulebook:"
        if not text.startswith(label):
            raise r.fail(f"{field}_note", f"starts with {label!r}, as the field is labelled")
    zones = tuple(
        tuple(TableReader(source, f"zone {z + 1}", {"e": spot}).effects("e") for spot in zone)
        for z, zone in enumerate(r.get(f"zone{k}", list) for k in (1, 2, 3))
    )
    return BoardDef(
        zones=zones,
        zone4_printed=tuple(r.get("zone4_printed", list)),
        income=r.effects("income", simple=True),
        reward_left=r.effects("reward_left", simple=True),
        round_track=tuple(r.get("round_track", list)),
        seat_resources=tuple(
            TableReader(source, "seat_resources", {"e": e}).effects("e", simple=True)
            for e in r.get("seat_resources", list)
        ),
        paint_cost=r.get("paint_cost", int),
        leftmost_bonus=r.get("leftmost_bonus", int),
        die_on_fresco_vp=r.get("die_on_fresco_vp", int),
        ranking=tuple(r.get("ranking", list)),
        three_player_die=r.get("three_player_die", int),
        solo_die=r.get("solo_die", int),
        solo_resources=r.effects("solo_resources", simple=True),
        provenance=prov,
        note=note,
        reconstructed=reconstructed,
        notes=tuple(notes.items()),
    )


def _need(reader: TableReader, field: str) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    for text in reader.get(field, list):
        try:
            out.extend(_pairs(text))
        except (ValueError, AttributeError) as exc:
            raise reader.fail(field, str(exc)) from None
    return tuple(out)


def load_pack_file(path: str | Path | None = None, name: str | None = None) -> PackDef:
    """Read and check one Starting Pack data file (a user's ``path``, or built-in ``name``).

    :raises DataError: naming the file, the entry and the field of the first problem.
    """
    source, raw = read_data_file(path, f"{name}.toml")
    return _pack(source, raw)


@functools.lru_cache(maxsize=32)
def parse_pack_text(text: str, source: str = "<pack data>") -> PackDef:
    """Check the text of a Starting Pack data file (as carried by ``Options.data``).

    :raises DataError: naming the source, the entry and the field of the first problem.
    """
    try:
        raw = loads_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", source=source) from None
    return _pack(source, raw)


#: The keys of a ``[pack]`` table that are not pack settings.
_HEAD = frozenset(
    {
        "name",
        "title",
        "number",
        "provenance",
        "note",
        "ultimate",
        "resource_tiles",
        "printed_spot",
        "printed_spot_note",
        "mechanisms",
    }
)
_ARRAYS = frozenset(
    {"pack", "tokens", "characters", "frescoes", "achievements", "routes", "quests"}
)


def _settings(head: TableReader) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """The pack settings and their notes; every setting (and ``printed_spot``) has a
    ``<key>_note`` that starts with its provenance."""
    table = head.table
    settings = {k: str(v) for k, v in table.items() if k not in _HEAD and not k.endswith("_note")}
    keys = set(settings) | ({"printed_spot"} if "printed_spot" in table else set())
    notes: dict[str, str] = {}
    for key in sorted(keys):
        note = head.get(f"{key}_note", str, None)
        if note is None:
            raise head.fail(f"{key}_note", f"the setting {key!r} needs a note with its provenance")
        if not note.startswith(SETTING_SOURCES):
            raise head.fail(f"{key}_note", f"starts with {' or '.join(SETTING_SOURCES)}")
        notes[key] = note
    for key in table:
        if key.endswith("_note") and key[: -len("_note")] not in keys:
            raise head.fail(key, "is the note of no setting")
    if "ranking" in settings:
        try:
            ranking_rule(settings["ranking"])
        except ValueError as exc:
            raise head.fail("ranking", str(exc)) from None
    return tuple(sorted(settings.items())), tuple(notes.items())


def _mechanisms(head: TableReader) -> tuple[tuple[str, str], ...]:
    raw = head.get("mechanisms", dict, {})
    r = TableReader(head.source, "pack.mechanisms", raw)
    out = []
    for key in raw:
        text = r.get(key, str)
        if not text.startswith(MECHANISM_SOURCES):
            raise r.fail(
                key,
                "says what public fact the mechanism rests on ('rests on ...') "
                "or that it is invented ('invented ...')",
            )
        out.append((key, text))
    return tuple(out)


def _tokens(source: str, top: TableReader, raw: dict[str, Any], pack: str) -> list[TokenDef]:
    """[DH-3.E.2] ``[[tokens]]``: each with a category, upgrading to a token of the file;
    the pack's Material among them."""
    tokens = []
    for t in top.entries(raw, "tokens"):
        r = TableReader(source, str(t.get("key", "?")), t)
        r.entry_keys("token", "key")
        category = r.get("category", str)
        if category not in ("material", "product", "derivative"):
            raise r.fail("category", f"is material, product or derivative, got {category!r}")
        tp, tn, tr = r.sourced("token")
        tokens.append(
            TokenDef(
                key=r.get("key", str),
                name=r.get("name", str),
                pack=pack,
                category=category,
                upgrade=r.get("upgrade", str, None),
                start=r.effects("start", None, simple=True),
                end_vp=r.number("end_vp", 0, 99, 0),
                provenance=tp,
                note=tn,
                reconstructed=tr,
            )
        )
    keys = {t.key for t in tokens}
    for t in tokens:
        if t.upgrade is not None and t.upgrade not in keys:
            raise DataError(
                f"upgrades to unknown {t.upgrade!r}", source=source, entry=t.key, field="upgrade"
            )
    if f"{pack}-material" not in keys:
        raise DataError(
            f"a pack needs a '{pack}-material' token", source=source, entry="pack", field="tokens"
        )
    return tokens


def _characters(
    source: str, top: TableReader, raw: dict[str, Any], pack: str
) -> list[CharacterDef]:
    """[DH-3.1] ``[[characters]]``."""
    characters = []
    for c in top.entries(raw, "characters"):
        r = TableReader(source, f"character {c.get('id', '?')}", c)
        r.entry_keys("character", "id")
        cp, cn, cr = r.sourced("character")
        grain = r.number("grain", 1, 9)
        cost = r.number("cost", 0, 99, None)
        characters.append(
            CharacterDef(
                id=r.number("id", 0, MAX_ID),
                name=r.get("name", str),
                pack=pack,
                cost=cost,
                grain=grain,
                ability=r.effects("ability"),
                leaving=r.effects("leaving", None, simple=True),
                provenance=cp,
                note=cn,
                reconstructed=cr,
            )
        )
    return characters


def _frescoes(source: str, top: TableReader, raw: dict[str, Any], pack: str) -> list[FrescoDef]:
    """[DH-2.3] ``[[frescoes]]``: a die value of 1 to 6, no Begin Painting."""
    frescoes = []
    for f in top.entries(raw, "frescoes"):
        r = TableReader(source, f"fresco {f.get('id', '?')}", f)
        r.entry_keys("fresco", "id")
        fp, fn, fr = r.sourced("fresco")
        value = r.get("value", int)
        if not 1 <= value <= 6:
            raise r.fail("value", f"a die value is 1 to 6, got {value}")
        effects = r.effects("effects")
        if any(e.kind == "paint" for e in effects):
            raise r.fail("effects", "a fresco tile cannot Begin Painting")
        frescoes.append(
            FrescoDef(
                id=r.number("id", 0, MAX_ID),
                pack=pack,
                value=value,
                effects=effects,
                four_player_only=r.get("four_player_only", bool, False),
                no_start=r.get("no_start", bool, False),
                provenance=fp,
                note=fn,
                reconstructed=fr,
            )
        )
    return frescoes


def _resource_tiles(source: str, head: TableReader, pack: str) -> list[ResourceTileDef]:
    """The pack's ``resource_tiles``."""
    tiles = []
    for i, rt in enumerate(head.get("resource_tiles", list, [])):
        if not isinstance(rt, dict):
            raise head.fail("resource_tiles", "is a list of tables")
        r = TableReader(source, f"resource tile {i + 1}", rt)
        r.entry_keys("resource tile")
        rp, rn, rx = r.sourced("resource tile")
        tiles.append(
            ResourceTileDef(pack, r.effects("effects"), r.get("covers", str, None), rp, rn, rx)
        )
    return tiles


def _achievements(
    source: str, top: TableReader, raw: dict[str, Any], pack: str
) -> list[AchievementDef]:
    """[DH-5] ``[[achievements]]``."""
    achievements = []
    for a in top.entries(raw, "achievements"):
        r = TableReader(source, str(a.get("key", "?")), a)
        r.entry_keys("achievement", "key")
        ap, an, ax = r.sourced("achievement")
        achievements.append(
            AchievementDef(
                r.get("key", str), pack, r.number("vp", 0, 99), _need(r, "need"), ap, an, ax
            )
        )
    return achievements


def _routes(source: str, top: TableReader, raw: dict[str, Any]) -> list[RouteDef]:
    """``[[routes]]`` (Tea's trade routes)."""
    routes = []
    for ro in top.entries(raw, "routes"):
        r = TableReader(source, f"route {ro.get('id', '?')}", ro)
        r.entry_keys("route", "id")
        rp, rn, rx = r.sourced("route")
        routes.append(
            RouteDef(
                r.number("id", 0, MAX_ID),
                r.get("name", str),
                r.effects("effects", simple=True),
                rp,
                rn,
                rx,
            )
        )
    return routes


def _quests(source: str, top: TableReader, raw: dict[str, Any], pack: str) -> list[QuestDef]:
    """[DH-7] ``[[quests]]``: a stage, simple rewards, ``per`` with ``vp_each``."""
    quests = []
    for q in top.entries(raw, "quests"):
        r = TableReader(source, str(q.get("key", "?")), q)
        r.entry_keys("quest", "key")
        qp, qn, qx = r.sourced("quest")
        stage = r.get("stage", int)
        if stage not in (1, 2, 3):
            raise r.fail("stage", f"is 1 (first set), 2 (second set) or 3 (final), got {stage}")
        reward = r.effects("reward", ())
        for e in reward:
            if e.kind not in QUEST_REWARDS:
                raise r.fail("reward", f"{e.text!r}: only {sorted(QUEST_REWARDS)} are allowed here")
        per = r.get("per", str, None)
        vp_each = r.number("vp_each", 0, 99, 0)
        if (per is None) != (vp_each == 0):
            raise r.fail("per", "'per' and 'vp_each' go together")
        quests.append(
            QuestDef(
                r.get("key", str),
                pack,
                stage,
                _need(r, "need"),
                reward,
                per,
                vp_each,
                r.get("text", str),
                qp,
                qn,
                qx,
            )
        )
    return quests


def _pack(source: str, raw: dict[str, Any]) -> PackDef:
    """A pack file's components, read one kind of entry at a time."""
    if not isinstance(raw.get("pack"), dict):
        raise DataError("a pack file needs a [pack] table", source=source, field="pack")
    TableReader(source, None, raw).only(_ARRAYS)
    head = TableReader(source, "pack", raw["pack"])
    pack = head.get("name", str)
    prov, note = head.provenance()
    extra, setting_notes = _settings(head)
    top = TableReader(source, None, raw)
    tokens = _tokens(source, top, raw, pack)
    characters = _characters(source, top, raw, pack)
    frescoes = _frescoes(source, top, raw, pack)
    ur = TableReader(source, "ultimate", head.get("ultimate", dict))
    ur.entry_keys("ultimate")
    up, un, ux = ur.sourced("ultimate")
    ultimate = UltimateDef(pack, ur.get("name", str), ur.effects("effects"), up, un, ux)
    tiles = _resource_tiles(source, head, pack)
    achievements = _achievements(source, top, raw, pack)
    routes = _routes(source, top, raw)
    quests = _quests(source, top, raw, pack)
    return PackDef(
        name=pack,
        title=head.get("title", str),
        number=head.get("number", int),
        provenance=prov,
        note=note,
        tokens=tuple(tokens),
        characters=tuple(characters),
        frescoes=tuple(frescoes),
        ultimate=ultimate,
        resource_tiles=tuple(tiles),
        achievements=tuple(achievements),
        routes=tuple(routes),
        quests=tuple(quests),
        printed_spot=head.effects("printed_spot", None),
        extra=extra,
        setting_notes=setting_notes,
        mechanisms=_mechanisms(head),
    )
