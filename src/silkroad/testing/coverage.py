"""Which rulebook sections have tests.

The section list is the project's own copy, ``silkroad/data/sections.tsv`` (id, whether
the section holds rules, heading), made from the rulebooks with :func:`parse_rulebook`;
the rulebooks themselves are not shipped with the package. Each title declares its
rulebook's prefix (``GameSpec.rulebook``) and, when its sections are not in that copy,
the sections themselves (``GameSpec.sections``): :func:`rulebooks` and
:func:`rulebook_sections` read them from the registry, so a title registered later is
counted like a built-in one.

A test claims a section with ``@pytest.mark.rule("KG-4.B")`` (several ids may be given).
An id may also name a numbered item inside a section (``"DH-3.E.7"``: item 7 of DH-3.E),
which counts for that section. A section is covered when some test claims it or one of
its items; a sub-section's tests do not cover its parent, whose own text needs its own
test. Sections without rules (tables of contents, credits, background) are not counted.
"""

from __future__ import annotations

import ast
import re
import tomllib
import warnings
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from silkroad.testing.scenario import cited_sections

__all__ = [
    "Section",
    "SectionCoverage",
    "coverage",
    "load_sections",
    "owning_section",
    "parse_rulebook",
    "rulebook_sections",
    "rulebooks",
    "scan_markers",
]


def rulebooks() -> dict[str, str]:
    """The rulebooks by section prefix, with the registered name of their title
    (``{"KG": "kashgar", ...}``): every registered title that declares a ``rulebook``
    prefix, in the order of their sections (:func:`rulebook_sections`)."""
    from silkroad.core.registry import GAMES

    found: dict[str, str] = {}
    for name in GAMES:
        prefix = GAMES[name].spec.rulebook
        if prefix and prefix not in found:
            found[prefix] = name
    order = list(dict.fromkeys(s.game for s in rulebook_sections()))
    ranked = sorted(found, key=lambda p: order.index(p) if p in order else len(order))
    return {prefix: found[prefix] for prefix in ranked}


def __getattr__(name: str) -> Any:
    """``RULEBOOKS``, the old name of :func:`rulebooks`'s answer, with a warning."""
    if name == "RULEBOOKS":
        warnings.warn(
            "silkroad.testing.coverage.RULEBOOKS is deprecated: call rulebooks() (each "
            "title declares its prefix as GameSpec.rulebook)",
            DeprecationWarning,
            stacklevel=2,
        )
        return rulebooks()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_HEADING = re.compile(r"^#+\s*\[(?P<id>[A-Z]{2}-[0-9][0-9A-Za-z.]*)\]\s*(?P<title>.*?)\s*$")


@attrs.frozen
class Section:
    """A rulebook section: ``id`` like ``"KG-4.B"``, its heading, whether it holds rules."""

    id: str
    title: str
    has_rules: bool = True

    @property
    def game(self) -> str:
        """The two-letter prefix of the id (``"KG"``)."""
        return self.id.split("-", 1)[0]


def parse_rulebook(text: str) -> list[Section]:
    """The sections of a rulebook in markdown with ``[XX-n]`` ids in its headings.

    Section 0 (title and contents), headings marked "no rules" and headings with no text
    of their own before the next heading (pure containers) hold no rules.
    """
    found: list[tuple[str, str, bool]] = []
    for line in text.splitlines():
        match = _HEADING.match(line)
        if match:
            found.append((match["id"], match["title"], False))
        elif found and line.strip() and not line.startswith("#"):
            sid, title, _ = found[-1]
            found[-1] = (sid, title, True)
    return [
        Section(sid, title, body and not sid.endswith("-0") and "no rules" not in title.lower())
        for sid, title, body in found
    ]


def load_sections() -> tuple[Section, ...]:
    """The project's copy of every rulebook section, in rulebook order."""
    text = resources.files("silkroad.data").joinpath("sections.tsv").read_text("utf-8")
    out = []
    for line in text.splitlines():
        if line and not line.startswith("#"):
            sid, kind, title = line.split("\t", 2)
            out.append(Section(sid, title, kind == "rules"))
    return tuple(out)


def rulebook_sections() -> tuple[Section, ...]:
    """Every registered title's rulebook sections: the library's copy
    (:func:`load_sections`) and, after it, the sections a title declares in its spec
    (``GameSpec.sections``) that the copy does not hold, each a section with rules."""
    from silkroad.core.registry import GAMES

    out = list(load_sections())
    known = {s.id for s in out}
    for name in GAMES:
        for sid, heading in GAMES[name].spec.sections:
            if sid not in known:
                known.add(sid)
                out.append(Section(sid, heading))
    return tuple(out)


def dump_sections(sections: Iterable[Section]) -> str:
    """The text of ``sections.tsv`` for these sections."""
    lines = ["# id\tkind\theading  (made from the rulebooks by silkroad.testing.coverage)"]
    lines += [f"{s.id}\t{'rules' if s.has_rules else 'norules'}\t{s.title}" for s in sections]
    return "\n".join(lines) + "\n"


def owning_section(rule_id: str, known: Mapping[str, Section]) -> Section | None:
    """The section a marker id belongs to: itself, or the section of a numbered item."""
    candidate = rule_id
    while candidate:
        if candidate in known:
            return known[candidate]
        head, dot, tail = candidate.rpartition(".")
        if not dot or not tail.isdigit():
            return None
        candidate = head
    return None


def scan_markers(paths: Iterable[Path]) -> dict[str, list[str]]:
    """Rule ids claimed by ``mark.rule(...)`` in Python test files, and by the ``rule`` of
    scenario files (``*.scenario.toml``) and the ``rule`` of their ``refused``
    expectations, without running them.

    Returns id -> the places (``file::function``, or the scenario file) that claim it.
    """
    found: dict[str, list[str]] = {}
    for path in paths:
        _scan_scenarios(path, found)
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if file.suffix != ".py":
                continue
            try:
                tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
            except (SyntaxError, UnicodeDecodeError):
                continue
            _scan_tree(tree, str(file), found)
    return found


def _scan_scenarios(path: Path, found: dict[str, list[str]]) -> None:
    """The sections scenario files cite: their ``rule`` and the ``rule`` of each
    ``refused`` expectation (each once a file)."""
    files = sorted(path.rglob("*.scenario.toml")) if path.is_dir() else [path]
    for file in files:
        if not file.name.endswith(".scenario.toml"):
            continue
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError):
            continue
        for rule_id in dict.fromkeys(cited_sections(data)):
            found.setdefault(rule_id, []).append(str(file))


def _scan_tree(tree: ast.AST, filename: str, found: dict[str, list[str]]) -> None:
    def owner_of(node: ast.AST, owners: dict[ast.AST, str]) -> str:
        return owners.get(node, "<module>")

    owners: dict[ast.AST, str] = {}
    for parent in ast.walk(tree):
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for child in ast.walk(parent):
                owners.setdefault(child, parent.name)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "rule"
            and isinstance(node.func.value, ast.Attribute | ast.Name)
            and (getattr(node.func.value, "attr", None) or getattr(node.func.value, "id", ""))
            == "mark"
        ):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.setdefault(arg.value, []).append(f"{filename}::{owner_of(node, owners)}")


@attrs.frozen
class SectionCoverage:
    """Tests per section, and the marker ids that name no section."""

    sections: tuple[Section, ...]
    tests: Mapping[str, int]
    unknown_ids: tuple[str, ...]

    def covered(self, section: Section) -> bool:
        return self.tests.get(section.id, 0) > 0

    def summary(self, game: str | None = None) -> tuple[int, int]:
        """(covered, total) over sections with rules, for one game prefix or all."""
        relevant = [s for s in self.sections if s.has_rules and game in (None, s.game)]
        return sum(self.covered(s) for s in relevant), len(relevant)


def coverage(
    claimed: Mapping[str, Sequence[str]] | Iterable[str],
    sections: Sequence[Section] | None = None,
) -> SectionCoverage:
    """Count tests per section from marker ids (a mapping id -> places, or a list of ids);
    the sections are every registered title's (:func:`rulebook_sections`) unless given."""
    sections = tuple(sections if sections is not None else rulebook_sections())
    known = {s.id: s for s in sections}
    counts: dict[str, int] = {}
    unknown = []
    items = claimed.items() if isinstance(claimed, Mapping) else ((i, [i]) for i in claimed)
    for rule_id, places in items:
        section = owning_section(rule_id, known)
        if section is None:
            unknown.append(rule_id)
        else:
            counts[section.id] = counts.get(section.id, 0) + len(places)
    return SectionCoverage(sections, counts, tuple(sorted(set(unknown))))
