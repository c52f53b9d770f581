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

import functools
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from silkroad.core.errors import DataError

__all__ = [
    "CORE_EFFECTS",
    "QUEST_REWARDS",
    "SIMPLE_EFFECTS",
    "AchievementDef",
    "BoardDef",
    "CharacterDef",
    "Effect",
    "FrescoDef",
    "PackDef",
    "QuestDef",
    "RouteDef",
    "TokenDef",
    "UltimateDef",
    "load_board",
    "load_pack_file",
    "parse_effect",
    "parse_pack_text",
]

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
#: Effects that need no decision (allowed as leaving, starting-phase and route rewards).
SIMPLE_EFFECTS = frozenset({"coin", "pigment", "vp", "material", "product"})
#: [DH-7] Effects a solitaire quest may give as its reward: the simple gains, Upgrade
#: Resource and ``paint-for N`` (a Begin Painting effect paying N pigment, DH-7.1).
QUEST_REWARDS = SIMPLE_EFFECTS | {"upgrade", "paint-for"}
#: Cost items of a Payment effect besides token kinds.
COST_ITEMS = frozenset({"coin", "pigment", "vp", "grain"})

_NAME = re.compile(r"^[a-z][a-z0-9:+-]*$")


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


def _pairs(text: str) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    for part in text.split(","):
        words = part.split()
        if len(words) != 2 or not words[1].isdigit() or not _NAME.match(words[0]):
            raise ValueError(f"expected 'item amount', got {part.strip()!r}")
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
        raise ValueError(f"{text!r} is not an effect")
    if head in ("material", "product"):
        if not rest or not _NAME.match(rest):
            raise ValueError(f"{text!r}: '{head}' needs a pack name")
        return Effect(head, arg=rest, text=text)
    amount = 1
    if rest:
        if not rest.isdigit():
            raise ValueError(f"{text!r}: the amount must be a number")
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


@attrs.frozen
class AchievementDef:
    """[DH-5] An achievement spot: requirement (stat, at least) and its VP."""

    key: str
    pack: str
    vp: int
    need: tuple[tuple[str, int], ...]
    provenance: str
    note: str


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


@attrs.frozen
class RouteDef:
    """[DH-7.3] A trade route (Tea) or similar numbered pack tile with reward effects."""

    id: int
    name: str
    effects: tuple[Effect, ...]
    provenance: str
    note: str


@attrs.frozen
class UltimateDef:
    """[DH-3.B] An ultimate action tile."""

    pack: str
    name: str
    effects: tuple[Effect, ...]
    provenance: str
    note: str


@attrs.frozen
class ResourceTileDef:
    """[DH-2.1.3] [DH-2.1.6] A resource tile: effects and the printed pack spot it covers."""

    pack: str
    effects: tuple[Effect, ...]
    covers: str | None
    provenance: str
    note: str


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


class _Reader:
    """Typed access to a TOML table with errors that name file, entry and field."""

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

    def effects(
        self, field: str, default: Any = ..., *, simple: bool = False
    ) -> tuple[Effect, ...]:
        raw = self.get(field, list, default)
        if raw is None:
            return ()
        out = []
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


def _read(path: str | Path | None, name: str) -> tuple[str, dict[str, Any]]:
    try:
        if path is None:
            text = resources.files("silkroad.dunhuang").joinpath("data", name).read_text("utf-8")
            source = f"silkroad/dunhuang/data/{name}"
        else:
            source = str(path)
            text = Path(path).read_text("utf-8")
        return source, tomllib.loads(text)
    except OSError as exc:
        raise DataError(f"cannot read: {exc}", source=str(path or name)) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", source=str(path or name)) from None


@functools.cache
def load_board() -> BoardDef:
    """[DH-2.0] The built-in board data."""
    source, raw = _read(None, "board.toml")
    r = _Reader(source, None, raw)
    zones = tuple(
        tuple(_Reader(source, f"zone {z + 1}", {"e": spot}).effects("e") for spot in zone)
        for z, zone in enumerate(r.get("zones", list))
    )
    return BoardDef(
        zones=zones,
        zone4_printed=tuple(r.get("zone4_printed", list)),
        income=r.effects("income", simple=True),
        reward_left=r.effects("reward_left", simple=True),
        round_track=tuple(r.get("round_track", list)),
        seat_resources=tuple(
            _Reader(source, "seat_resources", {"e": e}).effects("e", simple=True)
            for e in r.get("seat_resources", list)
        ),
        paint_cost=r.get("paint_cost", int),
        leftmost_bonus=r.get("leftmost_bonus", int),
        die_on_fresco_vp=r.get("die_on_fresco_vp", int),
        ranking=tuple(r.get("ranking", list)),
        three_player_die=r.get("three_player_die", int),
        solo_die=r.get("solo_die", int),
        solo_resources=r.effects("solo_resources", simple=True),
    )


def _need(reader: _Reader, field: str) -> tuple[tuple[str, int], ...]:
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
    source, raw = _read(path, f"{name}.toml")
    return _pack(source, raw)


@functools.lru_cache(maxsize=32)
def parse_pack_text(text: str, source: str = "<pack data>") -> PackDef:
    """Check the text of a Starting Pack data file (as carried by ``Options.data``).

    :raises DataError: naming the source, the entry and the field of the first problem.
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", source=source) from None
    return _pack(source, raw)


def _pack(source: str, raw: dict[str, Any]) -> PackDef:
    if not isinstance(raw.get("pack"), dict):
        raise DataError("a pack file needs a [pack] table", source=source, field="pack")
    head = _Reader(source, "pack", raw["pack"])
    pack = head.get("name", str)
    prov, note = head.provenance()
    tokens = []
    for t in raw.get("tokens", []):
        r = _Reader(source, str(t.get("key", "?")), t)
        category = r.get("category", str)
        if category not in ("material", "product", "derivative"):
            raise r.fail("category", f"is material, product or derivative, got {category!r}")
        tp, tn = r.provenance()
        tokens.append(
            TokenDef(
                key=r.get("key", str),
                name=r.get("name", str),
                pack=pack,
                category=category,
                upgrade=r.get("upgrade", str, None),
                start=r.effects("start", None, simple=True),
                end_vp=r.get("end_vp", int, 0),
                provenance=tp,
                note=tn,
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
    characters = []
    for c in raw.get("characters", []):
        r = _Reader(source, f"character {c.get('id', '?')}", c)
        cp, cn = r.provenance()
        grain = r.get("grain", int)
        cost = r.get("cost", int, None)
        if grain < 1 or (cost is not None and cost < 0):
            raise r.fail("grain", "grain must be at least 1 and cost not negative")
        characters.append(
            CharacterDef(
                id=r.get("id", int),
                name=r.get("name", str),
                pack=pack,
                cost=cost,
                grain=grain,
                ability=r.effects("ability"),
                leaving=r.effects("leaving", None, simple=True),
                provenance=cp,
                note=cn,
            )
        )
    frescoes = []
    for f in raw.get("frescoes", []):
        r = _Reader(source, f"fresco {f.get('id', '?')}", f)
        fp, fn = r.provenance()
        value = r.get("value", int)
        if not 1 <= value <= 6:
            raise r.fail("value", f"a die value is 1 to 6, got {value}")
        effects = r.effects("effects")
        if any(e.kind == "paint" for e in effects):
            raise r.fail("effects", "a fresco tile cannot Begin Painting")
        frescoes.append(
            FrescoDef(
                id=r.get("id", int),
                pack=pack,
                value=value,
                effects=effects,
                four_player_only=r.get("four_player_only", bool, False),
                no_start=r.get("no_start", bool, False),
                provenance=fp,
                note=fn,
            )
        )
    ur = _Reader(source, "ultimate", head.get("ultimate", dict))
    up, un = ur.provenance()
    ultimate = UltimateDef(pack, ur.get("name", str), ur.effects("effects"), up, un)
    tiles = []
    for i, rt in enumerate(head.get("resource_tiles", list, [])):
        r = _Reader(source, f"resource tile {i + 1}", rt)
        rp, rn = r.provenance()
        tiles.append(
            ResourceTileDef(pack, r.effects("effects"), r.get("covers", str, None), rp, rn)
        )
    achievements = []
    for a in raw.get("achievements", []):
        r = _Reader(source, str(a.get("key", "?")), a)
        ap, an = r.provenance()
        achievements.append(
            AchievementDef(r.get("key", str), pack, r.get("vp", int), _need(r, "need"), ap, an)
        )
    routes = []
    for ro in raw.get("routes", []):
        r = _Reader(source, f"route {ro.get('id', '?')}", ro)
        rp, rn = r.provenance()
        routes.append(
            RouteDef(
                r.get("id", int), r.get("name", str), r.effects("effects", simple=True), rp, rn
            )
        )
    quests = []
    for q in raw.get("quests", []):
        r = _Reader(source, str(q.get("key", "?")), q)
        qp, qn = r.provenance()
        stage = r.get("stage", int)
        if stage not in (1, 2, 3):
            raise r.fail("stage", f"is 1 (first set), 2 (second set) or 3 (final), got {stage}")
        reward = r.effects("reward", ())
        for e in reward:
            if e.kind not in QUEST_REWARDS:
                raise r.fail("reward", f"{e.text!r}: only {sorted(QUEST_REWARDS)} are allowed here")
        per = r.get("per", str, None)
        vp_each = r.get("vp_each", int, 0)
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
            )
        )
    known = {
        "name",
        "title",
        "number",
        "provenance",
        "note",
        "ultimate",
        "resource_tiles",
        "printed_spot",
    }
    extra = tuple(sorted((k, str(v)) for k, v in head.table.items() if k not in known))
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
    )
