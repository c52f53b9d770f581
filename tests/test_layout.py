"""The three title packages have one shape: the same module for each part of the contract,
imports that point one way (every module imports on its own), and the command split by
sub-command."""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from silkroad.cli import COMMANDS

TITLES = ("kashgar", "serica", "dunhuang")
#: The modules every title has, one role each (docs/api.md, "The shape of a title").
ROLES = (
    "game",
    "state",
    "cards",
    "table",
    "moves",
    "rules",
    "check",
    "observe",
    "encoding",
    "render",
    "describe",
    "evaluate",
    "holdings",
    "tensor",
    "svg",
    "position",
    "docgen",
)
SRC = Path(resources.files("silkroad")).resolve()  # type: ignore[arg-type]


def modules(title: str) -> list[str]:
    root = SRC / title
    return sorted(
        f"silkroad.{title}." + ".".join(p.relative_to(root).with_suffix("").parts)
        for p in root.rglob("*.py")
        if p.name != "__init__.py"
    )


@pytest.mark.parametrize("title", TITLES)
def test_every_title_has_the_shared_modules(title: str) -> None:
    present = {p.stem for p in (SRC / title).glob("*.py")}
    assert set(ROLES) <= present, f"{title} lacks {sorted(set(ROLES) - present)}"


def test_the_roles_are_documented() -> None:
    api = (SRC.parents[1] / "docs" / "api.md").read_text("utf-8")
    for role in ROLES:
        assert f"| `{role}.py` |" in api, f"docs/api.md does not name {role}.py"


@pytest.mark.parametrize("title", TITLES)
def test_the_package_only_re_exports(title: str) -> None:
    tree = ast.parse((SRC / title / "__init__.py").read_text("utf-8"))
    defined = [n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)]
    assert defined == [], f"silkroad.{title} defines {defined}; they belong in a module"


@pytest.mark.parametrize("name", [m for title in TITLES for m in modules(title)])
def test_every_module_imports_on_its_own(name: str) -> None:
    # one fresh interpreter per module: an import cycle fails whichever module starts it
    result = subprocess.run(
        [sys.executable, "-c", f"import {name}"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"import {name} alone fails:\n{result.stderr[-600:]}"


@pytest.mark.parametrize("title", TITLES)
def test_modules_of_a_title_import_each_other_at_the_top(title: str) -> None:
    # an import of a sibling inside a function is how a cycle is hidden; the one exception
    # is Jupyter's _repr_*_ hook on a state or observation, which draws the picture (a
    # view built on the state) only when a notebook asks for it
    for path in (SRC / title).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_repr_"):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith(
                        f"silkroad.{title}"
                    ):
                        raise AssertionError(
                            f"{path.name}:{inner.lineno} imports {inner.module} inside "
                            f"{node.name}()"
                        )


def test_each_sub_command_is_a_module_of_the_command_package() -> None:
    for name, module in COMMANDS.items():
        assert module.__name__ == f"silkroad.cli.{name}"
        for part in ("HELP", "DESCRIPTION", "EXAMPLES", "add_arguments", "run"):
            assert hasattr(module, part), f"silkroad.cli.{name} has no {part}"
