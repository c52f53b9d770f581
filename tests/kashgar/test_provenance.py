"""[KG-1] Provenance of the built-in data, field by field.

Every field a data file marks as printed (its entry's ``printed`` table) must be one of
the printed facts listed here, each with the place it is printed: a rulebook section or
``facts`` (the shared component notes). A new printed claim therefore fails until its
fact is added here, with its source, where a reader can check it. A ``rulebook`` entry
has every field printed; one component has one label in every file.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from importlib import resources
from typing import Any

import pytest

from silkroad.kashgar.cards import present_fields

DATA = resources.files("silkroad.kashgar") / "data"
FILES = ("patriarch", "starting", "standard", "special", "expansion", "orders")
SECTIONS = {
    line.split("\t")[0]
    for line in (resources.files("silkroad") / "data" / "sections.tsv")
    .read_text("utf-8")
    .splitlines()
    if line.startswith("KG-")
}


def _effects(*effects: dict[str, Any]) -> dict[str, Any]:
    return {"effects": list(effects)}


#: (file, key) -> field -> (source, printed value as written in the TOML file).
FACTS: dict[tuple[str, str], dict[str, tuple[str, Any]]] = {
    ("patriarch", "patriarch"): {
        "name": ("KG-1", "Patriarch"),
        "copies": ("KG-1", 13),
        "must_act": ("KG-4.C", True),
        # The component notes list no VP value for this deck ("—"): none, 0.
        "vp": ("facts", 0),
        "caravan[0]": (
            "KG-4.X",
            _effects({"op": "draw", "deck": "standard", "count": 2, "keep": 1}),
        ),
        "caravan[1]": ("KG-4.X", _effects({"op": "turn"})),
        "back.name": ("KG-1", "Matriarch"),
        "back.must_act": ("KG-4.C", True),
        "back.vp": ("facts", 0),
        "back.caravan[0]": ("facts", _effects({"op": "take_discard"}, {"op": "turn"})),
    },
    ("starting", "grocer"): {
        "name": ("KG-4.X", "Grocer"),
        "parting[0]": ("KG-5.X", _effects({"op": "fulfill"})),
    },
    ("starting", "servant"): {"name": ("KG-4.X", "Servant")},
    ("starting", "prophet"): {"name": ("KG-4.X", "Prophet")},
    ("standard", "planter"): {"name": ("KG-4.X", "Planter")},
    ("standard", "baker"): {"name": ("KG-4.X", "Baker")},
    ("standard", "scribe"): {"name": ("KG-7", "Scribe")},
    ("standard", "market_woman"): {"name": ("facts", "Market Woman")},
    ("standard", "quack"): {"name": ("facts", "Quack")},
    ("standard", "mule_trader"): {"name": ("facts", "Mule Trader")},
    ("standard", "spice_trader"): {"name": ("facts", "Spice Trader"), "vp": ("facts", -1)},
    ("standard", "huckster"): {"name": ("facts", "Huckster")},
    ("standard", "cinnamon_prince"): {"name": ("facts", "Cinnamon Prince")},
    ("standard", "farmer"): {
        "name": ("facts", "Farmer"),
        "vp": ("facts", 0),
        "vp_per_grain": ("facts", 1),
    },
    ("standard", "farrier"): {"name": ("facts", "Farrier")},
    ("standard", "grey_eminence"): {"name": ("facts", "Grey Eminence")},
    ("expansion", "beggar"): {
        "name": ("KG-8", "Beggar"),
        "copies": ("KG-8", 2),
        "vp": ("KG-8", 1),
        "caravan[0]": (
            "KG-8",
            _effects(
                {"op": "decrease", "target": "others", "amounts": {"gold": 2}},
                {
                    "op": "set",
                    "amounts": {"gold": 6},
                    "condition": {"resource": "gold", "at_most": 0, "any_other": True},
                },
            ),
        ),
    },
    ("expansion", "caravan_leader"): {
        "name": ("KG-8", "Caravan Leader"),
        "copies": ("KG-8", 2),
        "vp": ("KG-8", 1),
        "caravan[0]": (
            "KG-8",
            _effects(
                {
                    "op": "decrease",
                    "target": "others",
                    "amounts": {"mules": 3},
                    "condition": {"resource": "mules", "at_least": 5},
                },
                {"op": "increase", "target": "others", "amounts": {"mules": 1}},
            ),
        ),
    },
    ("expansion", "conjuress"): {
        "name": ("KG-8", "Conjuress"),
        "copies": ("KG-8", 2),
        "vp": ("KG-8", 2),
        "caravan[0]": (
            "KG-8",
            _effects(
                {"op": "move_to_left"},
                {"op": "extra_turn"},
                {"op": "increase", "amounts": {"mules": 3}},
            ),
        ),
    },
    ("expansion", "gate_keeper"): {
        "name": ("KG-8", "Gate Keeper"),
        "copies": ("KG-8", 2),
        "vp": ("KG-8", 3),
        "must_act": ("KG-8", True),
        "caravan[0]": (
            "KG-8",
            _effects(
                {"op": "increase", "target": "others", "amounts": {"gold": 2}},
                {"op": "set", "target": "others", "amounts": {"mules": 2}},
            ),
        ),
    },
    ("expansion", "herder"): {
        "name": ("KG-8", "Herder"),
        "copies": ("KG-8", 2),
        "vp": ("KG-8", 2),
        "caravan[0]": ("KG-8", _effects({"op": "herd"})),
    },
    ("expansion", "messenger"): {
        "name": ("KG-8", "Messenger"),
        "copies": ("KG-8", 2),
        "vp": ("KG-8", 1),
        "caravan[0]": (
            "KG-8",
            _effects({"op": "search", "deck": "special"}, {"op": "move_to_left"}),
        ),
    },
    ("orders", "large_01_large_order"): {
        "name": ("KG-5.X", "Large Order"),
        "kind": ("KG-5.X", "large"),
        "vp": ("KG-5.X", 4),
        "mules": ("KG-5.X", 3),
        "cost": ("KG-5.X", {"cinnamon": 6, "mules": 1}),
    },
}


def _entries() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for name in FILES:
        raw = tomllib.loads((DATA / f"{name}.toml").read_text("utf-8"))
        for entry in raw.get("order" if name == "orders" else "card", []):
            out.append((name, entry))
    return out


def _value(entry: dict[str, Any], field: str) -> Any:
    """The raw value of ``vp``, ``back.name`` or ``caravan[1]`` in an entry."""
    if field.startswith("back."):
        return _value(entry["back"], field.removeprefix("back."))
    if field.endswith("]"):
        name, index = field[:-1].split("[")
        return entry[name][int(index)]
    return entry[field]


def _printed(entry: dict[str, Any]) -> dict[str, str]:
    return dict(entry.get("printed", {}))


def _printed_problems(entries: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """Each printed field that is not a listed fact (same source, same value), each
    listed fact the data does not mark printed, and each label that disagrees with the
    fields: a ``rulebook`` entry with a field not printed, a ``reconstructed`` one with
    every field printed."""
    problems = []
    seen: set[tuple[str, str, str]] = set()
    for file, entry in entries:
        where = (file, entry["key"])
        printed = _printed(entry)
        for field, source in printed.items():
            fact = FACTS.get(where, {}).get(field)
            if source not in SECTIONS and source != "facts":
                problems.append(f"{where} {field}: {source!r} is no source")
            elif fact is None:
                problems.append(f"{where} marks {field!r} printed: no listed fact says so")
            elif fact != (source, _value(entry, field)):
                problems.append(f"{where} {field}: {source!r} {_value(entry, field)!r} != {fact}")
            else:
                seen.add((*where, field))
        fields = present_fields(entry, order=file == "orders")
        missing = [f for f in fields if not any(f == p or f.startswith(p + "[") for p in printed)]
        if entry["provenance"] == "rulebook" and missing:
            problems.append(f"{where} is 'rulebook' but {missing} are not printed")
        if entry["provenance"] == "reconstructed" and not missing:
            problems.append(f"{where} has every field printed, yet is 'reconstructed'")
        if not entry.get("note"):
            problems.append(f"{where} has no note")
    listed = {(*where, field) for where, fields in FACTS.items() for field in fields}
    problems += [f"{fact} is printed but not marked so" for fact in sorted(listed - seen)]
    return problems


@pytest.mark.rule("KG-1")
def test_every_printed_field_is_a_listed_fact_and_labels_agree() -> None:
    assert _printed_problems(_entries()) == []


@pytest.mark.rule("KG-1")
def test_the_check_catches_claims_that_go_too_far() -> None:
    entries = _entries()

    def doctored(key: str, **changes: Any) -> list[tuple[str, dict[str, Any]]]:
        return [(f, {**e, **changes} if e["key"] == key else e) for f, e in entries]

    grocer = next(e for _, e in entries if e["key"] == "grocer")
    large = next(e for _, e in entries if e["key"] == "large_01_large_order")
    for changed in (
        doctored("grocer", printed={**grocer["printed"], "rank": "KG-4.X"}),  # no such fact
        doctored("grocer", provenance="rulebook"),  # rank, VP, caravan are not printed
        doctored("large_01_large_order", name="Cinnamon Caravan"),  # not the printed name
        doctored("large_01_large_order", printed={**large["printed"], "vp": "KG-5"}),
        doctored("large_01_large_order", printed={}),  # a printed fact left unmarked
    ):
        assert _printed_problems(changed), changed


@pytest.mark.rule("KG-1")
def test_one_component_one_label_in_every_file() -> None:
    """A key, or a name, belongs to one file; entries sharing a name (one type of order
    with several values) share its label."""
    files_of: defaultdict[str, set[str]] = defaultdict(set)
    keys: defaultdict[str, set[str]] = defaultdict(set)
    labels: defaultdict[tuple[str, str], set[tuple[str, tuple[str, ...]]]] = defaultdict(set)
    for file, entry in _entries():
        names = [entry["name"]] + ([entry["back"]["name"]] if "back" in entry else [])
        for name in names:
            files_of[name].add(file)
        keys[entry["key"]].add(file)
        labels[(file, entry["name"])].add((entry["provenance"], tuple(sorted(_printed(entry)))))
    assert {n: f for n, f in files_of.items() if len(f) > 1} == {}
    assert {k: f for k, f in keys.items() if len(f) > 1} == {}
    assert {n: v for n, v in labels.items() if len(v) > 1} == {}
    assert len(keys) == len(_entries())  # no key twice, in one file or two
