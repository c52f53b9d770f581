"""[DH-1] Provenance, field by field, over every Dunhuang data file.

An entry marked ``provenance = "rulebook"`` is a printed component: each of its fields is
either listed in ``reconstructed`` (assumed) or printed, and a printed field must be one
of the printed facts below (the section or the facts page that prints it, and the value),
named by the entry's note. One component (a token several files carry) is labelled alike
in every file.

``PRINTED`` is kept by hand from the rulebook (``rulebooks/dunhuang.md``) and the facts page
(``reference/component-data.md``) of the shared reference: facts and numbers only.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from silkroad.core.errors import DataError
from silkroad.dunhuang.cards import (
    FIELDS,
    PROVENANCE_KEYS,
    assumed,
    load_board,
    load_pack_file,
    ranking_rule,
)
from silkroad.dunhuang.packs import available, get
from silkroad.testing.coverage import load_sections

DATA = Path(str(resources.files("silkroad.dunhuang").joinpath("data")))
FILES = sorted(p.stem for p in DATA.glob("*.toml"))
#: The source a field printed on the facts page cites.
FACTS = "facts page"

# -- the printed facts ---------------------------------------------------------------------

Fields = dict[str, tuple[str, Any]]
PRINTED: dict[tuple[str, str], Fields] = {
    ("board", "board"): {
        "zone1": ("DH-3.A", [["coin"], ["pigment"], ["vp 3"]]),
        "zone2": ("DH-3.A", [["upgrade"], ["paint"], ["paint", "coin"]]),
        "income": ("DH-3.1", ["pigment", "coin", "vp 5"]),
        "reward_left": ("DH-3.3", ["pigment", "coin"]),
        "reward_right": ("DH-3.3", "material of a pack in play"),
        "seat_resources": (
            "DH-2.2",
            [["coin"], ["pigment 2"], ["pigment", "coin"], ["pigment 2", "coin"]],
        ),
        "paint_cost": ("DH-3.E", 4),
        "leftmost_bonus": ("DH-3.E", 5),
        "die_on_fresco_vp": ("DH-4", 6),
        "ranking": ("DH-5", [12, 6, 3]),
        "three_player_die": ("DH-6.1", 2),
        "solo_die": ("DH-6.2", 2),
        "solo_resources": ("DH-6.2", ["coin", "pigment 2"]),
    },
    ("gold", "gold-product"): {
        "name": ("DH-3.B", "Gold Product"),
        "category": ("DH-3.B", "product"),
    },
    ("tea", "tea-product"): {
        "name": ("DH-7.3", "Tea Product"),
        "category": ("DH-7.3", "product"),
    },
    ("silk", "silk-clothes"): {
        "name": ("DH-7.1", "Clothes Tile"),
        "category": ("DH-2.1", "derivative"),
    },
    ("china", "china-whiteware"): {
        "name": ("DH-7.2", "Whiteware Tile"),
        "category": ("DH-2.1", "derivative"),
    },
    ("china", "china-faience"): {
        "name": ("DH-7.2", "Faience Tile"),
        "category": ("DH-2.1", "derivative"),
    },
    ("tea", "tea-field2"): {
        "name": ("DH-7.3", "Field Tile (Tier 2)"),
        "category": ("DH-2.1", "derivative"),
    },
    # the DH-3.2 example: a Gold character, no coin cost (DH-3.E.7 note 2), whose ability
    # pays a Gold Material to recruit a new character in its place
    ("gold", "character 201"): {
        "pack": ("DH-3.2", "gold"),
        "cost": ("DH-3.E", None),
        "ability": ("DH-3.2", ["pay gold-material 1 -> gold-free-recruit"]),
    },
    # the DH-3.E.11 example tile
    ("gold", "fresco 201"): {"value": ("DH-3.E", 2)},
    ("gold", "ultimate"): {
        "name": ("DH-3.B", "Gold Ultimate Action"),
        "effects": ("DH-3.B", ["gold-recruit"]),
    },
    ("tea", "resource tile 1"): {"covers": ("DH-2.1", "jade")},
}

#: [DH-3.E.1] [DH-2.2] Each pack's Material, and the name printed for it (None: no name).
MATERIALS: dict[str, tuple[str, str] | None] = {
    "gold": ("DH-3.2", "Gold Material"),
    "silk": ("DH-7.1", "Silk Material"),
    "china": ("DH-7.2", "China Material"),
    "tea": ("DH-7.3", "Tea Material"),
    "jade": ("DH-3.E", "Jade Material"),
    "wine": ("DH-9", "Wine cube (Wine Material)"),
    "bronze": ("DH-3.E", "Bronze Material"),
    "iron": ("DH-3.E", "Iron Material"),
    "silver": ("DH-3.E", "Silver Drawing (Silver Material)"),
    "camel": None,
    "sutra": None,
    "exotic-beauty": None,
}
#: Each pack's Product token (facts page: Material -> Product), and a printed name.
PRODUCT_NAMES = {"silk": "Silk Product", "china": "China Product"}
for _pack, _named in MATERIALS.items():
    _material: Fields = {"upgrade": (FACTS, f"{_pack}-product")}
    if _named is None:  # DH-2.2: a Material of every pack, for each player at setup
        _material["category"] = ("DH-2.2", "material")
    else:
        _material["name"] = _named
        _material["category"] = ("DH-3.E", "material")
    PRINTED[(_pack, f"{_pack}-material")] = _material
    if (_pack, f"{_pack}-product") not in PRINTED:
        _product: Fields = {"category": (FACTS, "product")}
        if _pack in PRODUCT_NAMES:
            _product["name"] = (FACTS, PRODUCT_NAMES[_pack])
        PRINTED[(_pack, f"{_pack}-product")] = _product
#: The Wine Material that Exotic Beauty carries for games without the Wine pack: then the
#: Wine Product is not in play (DH-2.1), so there is no upgrade.
PRINTED[("exotic-beauty", "wine-material")] = {
    "name": ("DH-9", "Wine cube (Wine Material)"),
    "category": ("DH-3.E", "material"),
    "upgrade": ("DH-2.1", None),
}

#: [DH-7] The solitaire quests: text, set, requirement, reward, VP per unit of a statistic.
QUESTS: dict[str, list[tuple[str, int, list[str], list[str], str | None, int]]] = {
    "silk": [
        ("2 Clothes Tiles owned.", 1, ["silk-clothes 2"], ["coin 2"], None, 0),
        ("2 Silk characters recruited.", 1, ["recruited:silk 2"], ["material silk"], None, 0),
        ("4 Clothes Tiles owned.", 2, ["silk-clothes 4"], ["paint-for 3"], None, 0),
        ("2 Silk Fresco Tiles painted.", 2, ["painted:silk 2"], ["pigment 2"], None, 0),
        ("5 Clothes Tiles owned.", 3, ["silk-clothes 5"], [], "recruited:silk", 8),
    ],
    "china": [
        ("1 Faience Tile owned.", 1, ["china-faience 1"], ["pigment 2"], None, 0),
        (
            "2 China Fresco Tiles painted.",
            1,
            ["painted:china 2"],
            ["upgrade", "upgrade"],
            None,
            0,
        ),
        (
            "3 Whiteware or Faience Tiles owned.",
            2,
            ["china-whiteware+china-faience 3"],
            ["coin 2"],
            None,
            0,
        ),
        (
            "2 China characters recruited.",
            2,
            ["recruited:china 2"],
            ["material china"],
            None,
            0,
        ),
        (
            "5 Whiteware or Faience Tiles owned.",
            3,
            ["china-whiteware+china-faience 5"],
            [],
            "recruited:china",
            8,
        ),
    ],
    "tea": [
        ("Tea Trade done 4 times.", 1, ["trades:tea 4"], ["coin 2"], None, 0),
        ("A Tier 2 Field owned.", 1, ["tea-field2 1"], ["material tea"], None, 0),
        ("Tea Trade done 5 times.", 2, ["trades:tea 5"], ["pigment 2"], None, 0),
        ("2 Tea Fresco Tiles painted.", 2, ["painted:tea 2"], ["product tea"], None, 0),
        (
            "Trade rewards of 3 different routes gained.",
            3,
            ["routes:tea 3"],
            [],
            "recruited:tea",
            8,
        ),
    ],
    "gold": [
        ("2 Gold characters recruited.", 1, ["recruited:gold 2"], ["pigment 2"], None, 0),
        ("1 Gold Fresco Tile painted.", 1, ["painted:gold 1"], ["material gold"], None, 0),
        # [DH-7.4] the second set prints the first set's requirement again
        ("2 Gold characters recruited.", 2, ["recruited:gold 2"], ["pigment 2"], None, 0),
        ("2 Gold Fresco Tiles painted.", 2, ["painted:gold 2"], ["upgrade"], None, 0),
        ("6 Gold characters gone from play.", 3, ["left:gold 6"], [], "left:gold", 8),
    ],
}
_SECTIONS = {"silk": "DH-7.1", "china": "DH-7.2", "tea": "DH-7.3", "gold": "DH-7.4"}
for _pack, _quests in QUESTS.items():
    for _k, (_text, _stage, _need, _reward, _per, _each) in enumerate(_quests, start=1):
        _sec = _SECTIONS[_pack]
        PRINTED[(_pack, f"{_pack}-q{_k}")] = {
            "text": (_sec, _text),
            "stage": (_sec, _stage),
            "need": (_sec, _need),
            "reward": (_sec, _reward),
            "per": (_sec, _per),
            "vp_each": (_sec, _each),
        }

#: [DH-8] The promo characters: coins, grain, ability (each card printed whole: no
#: Leaving Effect).
PROMO_CHARACTERS: dict[int, dict[str, Any]] = {
    901: {"cost": 2, "grain": 3, "ability": ["winery 2"]},
    902: {"cost": 1, "grain": 1, "ability": ["recruit"]},
    903: {"cost": 3, "grain": 2, "ability": ["deposit"]},
    904: {"cost": 1, "grain": 3},  # the quest's icon is not printed
    905: {"cost": 1, "grain": 3, "ability": ["seminar"]},
    906: {"cost": 4, "grain": 2, "ability": ["bronze-copy"]},
}
for _id, _values in PROMO_CHARACTERS.items():
    PRINTED[("promos", f"character {_id}")] = {
        "leaving": ("DH-8", []),
        **{k: ("DH-8", v) for k, v in _values.items()},
    }
#: [DH-9] The promo tiles: name, upper effects (None: the quest's icon is not printed),
#: lower effect; every die 6 (DH-9.3).
PROMO_TILES: dict[int, tuple[str, list[str] | None, str]] = {
    911: ("Sutra Promo Fresco Tile", ["coin"], "pay vp 2 -> recruit"),
    912: ("Silver Promo Fresco Tile", ["seminar"], "pay vp 3 -> research"),
    913: ("Wine Promo Fresco Tile", ["continue"], "pay vp 1 -> brew"),
    914: ("Exotic Beauty Promo Fresco Tile", None, "pay vp 2, wine-material 1 -> coin 2"),
    915: ("Bronze Promo Fresco Tile", ["material bronze"], "pay vp 5 -> mimic"),
    916: ("Bronze Promo Fresco Tile (second)", None, "pay vp 2 -> coin"),
}
for _id, (_name, _upper, _lower) in PROMO_TILES.items():
    _tile: Fields = {"name": ("DH-9", _name), "value": ("DH-9", 6), "lower": ("DH-9", _lower)}
    if _upper is not None:
        _tile["upper"] = ("DH-9", _upper)
    PRINTED[("promos", f"fresco {_id}")] = _tile


# -- reading the files ---------------------------------------------------------------------


def entries(file: str, raw: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any], Any]]:
    """Every entry of a data file: (entry name, kind, table, the pack it belongs to)."""
    if file == "board":
        yield "board", "board", raw, None
        return
    head = raw.get("pack", {})
    pack = head.get("name", "promo")
    if "ultimate" in head:
        yield "ultimate", "ultimate", head["ultimate"], pack
    for i, tile in enumerate(head.get("resource_tiles", []), start=1):
        yield f"resource tile {i}", "resource tile", tile, pack
    for kind, array, name in (
        ("token", "tokens", "key"),
        ("character", "characters", "id"),
        ("fresco" if file != "promos" else "promo tile", "frescoes", "id"),
        ("achievement", "achievements", "key"),
        ("route", "routes", "id"),
        ("quest", "quests", "key"),
    ):
        for table in raw.get(array, []):
            label = str(table[name]) if name == "key" else f"{kind.split()[-1]} {table[name]}"
            if kind == "promo tile":
                label = f"fresco {table[name]}"
            yield label, kind, table, pack


def _fields(kind: str, table: dict[str, Any], pack: Any) -> dict[str, Any]:
    """Every content field of an entry, with the value it has (a missing one: its default)."""
    out = {k: table.get(k, default) for k, default in FIELDS[kind].items()}
    if "pack" in out:
        out["pack"] = table.get("pack", pack)
    extra = set(table) - set(FIELDS[kind]) - PROVENANCE_KEYS - {"id", "key"}
    if kind == "board":
        extra -= {k for k in table if k.endswith("_note")}
    out.update({k: table[k] for k in extra})
    return out


def _notes(kind: str, table: dict[str, Any]) -> str:
    notes = [table.get("note", "")]
    if kind == "board":
        notes += [v for k, v in table.items() if k.endswith("_note")]
    return " ".join(notes)


def _all() -> Iterator[tuple[str, str, str, dict[str, Any], Any]]:
    for file in FILES:
        raw = tomllib.loads((DATA / f"{file}.toml").read_text(encoding="utf-8"))
        for name, kind, table, pack in entries(file, raw):
            yield file, name, kind, table, pack


# -- the tests -----------------------------------------------------------------------------


@pytest.mark.rule("DH-1")
def test_every_data_file_is_read() -> None:
    assert "board" in FILES
    assert "promos" in FILES
    assert len(FILES) == 14  # the board, the twelve packs, the promos
    kinds = {kind for _, _, kind, _, _ in _all()}
    assert kinds == set(FIELDS)


@pytest.mark.rule("DH-1")
@pytest.mark.parametrize("file", FILES)
def test_every_printed_field_has_a_source_that_prints_it(file: str) -> None:
    """A field of an entry marked "rulebook" and not listed in ``reconstructed`` is one of
    the printed facts, with the printed value, and the entry's note names its source; a
    printed fact is never labelled assumed."""
    for f, name, kind, table, pack in _all():
        if f != file:
            continue
        facts = PRINTED.get((file, name), {})
        where = f"{file}.toml, {name}"
        if table["provenance"] != "rulebook":
            assert not facts, f"{where}: marked reconstructed, but prints {sorted(facts)}"
            continue
        fields = _fields(kind, table, pack)
        assumed = set(table.get("reconstructed", []))
        printed = set(fields) - assumed
        unsupported = printed - set(facts)
        assert not unsupported, f"{where}: no source prints {sorted(unsupported)}"
        labelled_assumed = set(facts) & assumed
        assert not labelled_assumed, f"{where}: {sorted(labelled_assumed)} are printed"
        notes = _notes(kind, table)
        for field, (source, value) in facts.items():
            assert fields[field] == value, f"{where}: {field} is printed as {value!r}"
            assert source in notes, f"{where}: the note does not name {source} ({field})"
    names = {n for g, n, *_ in _all() if g == file}
    for f, name in PRINTED:
        if f == file:
            assert name in names, f"{file}.toml: the printed {name} is missing"


@pytest.mark.rule("DH-1")
def test_every_note_of_a_printed_entry_names_a_source_and_every_section_exists() -> None:
    known = {s.id for s in load_sections() if s.id.startswith("DH-")}
    cited = re.compile(r"DH-\d+(?:\.[0-9A-Z]+)*")
    for file, name, kind, table, _ in _all():
        notes = _notes(kind, table)
        if table["provenance"] == "rulebook":
            assert cited.search(notes) or FACTS in notes, f"{file}.toml, {name}: no source"
        for citation in cited.findall(notes):
            assert _section_of(citation, known), f"{file}.toml, {name}: no section {citation}"


def _section_of(citation: str, known: set[str]) -> bool:
    """Whether ``citation`` is a section, or an item of a section without subsections
    (``DH-8.1``, ``DH-3.E.11``: items 1 and 11 of DH-8 and DH-3.E)."""
    parts = citation.split(".")
    for n in range(len(parts), 0, -1):
        head = ".".join(parts[:n])
        if head in known:
            return not any(k.startswith(f"{head}.") for k in known) or n == len(parts)
    return False


@pytest.mark.rule("DH-1")
def test_one_component_is_labelled_alike_in_every_file() -> None:
    """A token that several files carry (the Wine Material: the Wine and Exotic Beauty
    packs) has the same name, kind and labels in each; only its upgrade may differ
    (without its pack, its Product is not in play)."""
    seen: dict[str, tuple[str, tuple[Any, ...]]] = {}
    shared = 0
    for file, name, kind, table, _ in _all():
        if kind != "token":
            continue
        label = (
            table["name"],
            table["category"],
            table["provenance"],
            tuple(sorted(table.get("reconstructed", []))),
        )
        if name in seen:
            shared += 1
            first, other = seen[name]
            assert label == other, f"{name}: labelled {other} in {first}, {label} in {file}"
        else:
            seen[name] = (file, label)
    assert shared >= 1  # wine-material


def _rewrite(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA / "gold.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "gold.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.rule("DH-1")
@pytest.mark.parametrize(
    ("old", "new", "entry", "field", "message"),
    [
        # a field name that no character has
        (
            'reconstructed = ["name", "grain", "leaving"]',
            'reconstructed = ["name", "grains"]',
            "character 201",
            "reconstructed",
            "not a field",
        ),
        # assumed fields listed in an entry that is reconstructed as a whole
        (
            'provenance = "reconstructed"\nnote = "Invented."',
            'provenance = "reconstructed"\nreconstructed = ["name"]\nnote = "Invented."',
            "character 203",
            "reconstructed",
            "entry marked 'rulebook'",
        ),
        # every field assumed: the entry is not a printed one
        (
            'reconstructed = ["name", "grain", "leaving"]',
            'reconstructed = ["pack", "name", "cost", "grain", "ability", "leaving"]',
            "character 201",
            "reconstructed",
            "every field",
        ),
        # a misspelt key would be lost
        (
            'reconstructed = ["name", "grain", "leaving"]',
            'reconstruted = ["name", "grain", "leaving"]',
            "character 201",
            "reconstruted",
            "not a field",
        ),
    ],
)
def test_the_loader_checks_the_assumed_fields(
    tmp_path: Path, old: str, new: str, entry: str, field: str, message: str
) -> None:
    with pytest.raises(DataError, match=message) as err:
        load_pack_file(_rewrite(tmp_path, old, new))
    assert err.value.entry == entry
    assert err.value.field == field
    assert "gold.toml" in str(err.value)


@pytest.mark.rule("DH-1", "DH-5")
def test_a_setting_needs_a_note_with_its_provenance(tmp_path: Path) -> None:
    text = (DATA / "iron.toml").read_text(encoding="utf-8")
    path = tmp_path / "iron.toml"
    path.write_text(text.replace('ranking_note = "reconstructed: ', 'ranking_note = "'))
    with pytest.raises(DataError, match="starts with") as err:
        load_pack_file(path)
    assert err.value.field == "ranking_note"
    start = text.index("ranking_note")
    path.write_text(text[:start] + text[text.index("\n", start) + 1 :])
    with pytest.raises(DataError, match="needs a note") as err:
        load_pack_file(path)
    assert err.value.field == "ranking_note"


@pytest.mark.rule("DH-5")
def test_silk_and_iron_ranking_rewards_are_their_own_and_labelled_assumed() -> None:
    """DH-5 leaves the Silk and Iron boards' ranking rewards to their packs' explanations,
    which are not public: each of the two packs states its rewards in its own ``ranking``
    setting, labelled reconstructed, and the board's 12/6/3 says it is not theirs."""
    board = load_board()
    assert board.ranking == (12, 6, 3)
    assert not assumed(board, "ranking")
    note = dict(board.notes)["ranking"]
    assert "Silk" in note
    assert "Iron" in note
    for name, rewards in (("silk", (12, 6, 3)), ("iron", (15, 7))):
        pack = get(name).data
        own, _ = ranking_rule(pack.setting("ranking"))
        assert own == rewards  # stated by the pack, not taken from the board
        provenance = dict(pack.setting_notes)["ranking"]
        assert provenance.startswith("reconstructed:")
        assert "assumed" in provenance
    others = [n for n in available() if n not in ("silk", "iron")]
    assert all(not get(n).data.setting("ranking") for n in others)
    assert ranking_rule("rewards 12 6 3 tiebreak silk-clothes") == ((12, 6, 3), "silk-clothes")
    assert ranking_rule("tiebreak silk-clothes") == (None, "silk-clothes")
    for bad in ("", "rewards", "tiebreak", "rewards 1 rewards 2", "rewards many", "sorted"):
        with pytest.raises(ValueError, match="rewards"):
            ranking_rule(bad)


@pytest.mark.rule("DH-3.E")
@pytest.mark.parametrize("name", sorted(available()))
def test_every_pack_mechanism_names_the_fact_it_rests_on_or_that_it_is_invented(
    name: str,
) -> None:
    """A reconstruction speaks the rulebook's effects (DH-3.E). Each effect, starting-phase
    rule and end scoring a pack module adds has a note in the pack's data
    (``[pack.mechanisms]``): the public fact it rests on (a section of the rulebook, or
    the facts page), or that the mechanism is invented; and no note is left over."""
    pack = get(name)
    own = set(pack.effects)
    own |= {"start"} if pack.start is not None else set()
    own |= {"end"} if pack.end_vp is not None else set()
    notes = dict(pack.data.mechanisms)
    assert set(notes) == own
    known = {s.id for s in load_sections() if s.id.startswith("DH-")}
    for key, note in notes.items():
        assert note.startswith(("rests on ", "invented")), key
        if note.startswith("rests on "):
            assert re.search(r"DH-\d", note) or FACTS in note, f"{name} {key}: no source"
        for citation in re.findall(r"DH-\d+(?:\.[0-9A-Z]+)*", note):
            assert _section_of(citation, known), f"{name} {key}: no section {citation}"
    for key, note in pack.data.setting_notes:
        for citation in re.findall(r"DH-\d+(?:\.[0-9A-Z]+)*", note):
            assert _section_of(citation, known), f"{name} {key}: no section {citation}"


@pytest.mark.rule("DH-3.E")
def test_no_effect_of_the_data_is_one_no_source_names() -> None:
    """The effects no source names that the packs once had (a Camel caravan, an Iron
    forging, a Wine vat, a Silver studio) are DH-3.E effects now, and every effect of the
    data is a DH-3.E effect or a mechanism with its note."""
    from silkroad.dunhuang.cards import CORE_EFFECTS

    noted = {k for n in available() for k, _ in get(n).data.mechanisms}
    for name in available():
        data = get(name).data
        effects = [*data.ultimate.effects, *data.printed_spot]
        effects += [e for c in data.characters for e in (*c.ability, *c.leaving)]
        effects += [e for f in data.frescoes for e in f.effects]
        effects += [e for r in data.resource_tiles for e in r.effects]
        for e in effects:
            for kind in (e.kind, *(r.kind for r in e.then)):
                assert kind in CORE_EFFECTS or kind in noted, f"{name}: {kind}"
                assert kind not in ("caravan", "forge", "vat", "studio")
