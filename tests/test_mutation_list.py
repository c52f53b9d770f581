"""The list of known-equivalent mutants of ``make mutate`` (mutation/equivalent.toml)
stays in step with the code: every entry names a rule module, a line it has, an
operator of the tool and its reason."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _operators() -> set[str]:
    """The operator names of mutation/operators.py, read without importing Cosmic Ray."""
    tree = ast.parse((ROOT / "mutation" / "operators.py").read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "CORE" for t in node.targets
        ):
            names |= {e.value for e in node.value.elts}  # type: ignore[attr-defined]
        if isinstance(node, ast.ClassDef) and any(
            isinstance(b, ast.Name) and b.id == "Operator" for b in node.bases
        ):
            names.add(node.name)
    return names


def test_every_listed_equivalent_mutant_is_still_in_the_code() -> None:
    with (ROOT / "mutation" / "equivalent.toml").open("rb") as handle:
        entries = tomllib.load(handle)["mutant"]
    operators = _operators()
    assert "NumberReplacer" in operators
    assert "DeleteStatement" in operators
    for entry in entries:
        assert set(entry) == {"file", "operator", "before", "after", "reason"}, entry
        source = ROOT / "src" / "silkroad" / entry["file"]
        lines = {line.strip() for line in source.read_text().splitlines()}
        assert entry["operator"] in operators, entry
        assert entry["reason"].strip(), entry
        assert entry["before"] != entry["after"], entry
        for line in entry["before"].splitlines():
            assert line in lines, f"{entry['file']} no longer has {line!r}: update the list"
