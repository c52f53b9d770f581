"""The three title packages have one shape: the same module for each part of the contract,
imports that point one way (every module imports on its own), and the command split by
sub-command."""

from __future__ import annotations

import ast
import functools
import json
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


@functools.cache
def _tree(path: Path) -> ast.Module:
    """The syntax tree of a source file, parsed once for all the tests of a worker."""
    return ast.parse(path.read_text("utf-8"))


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


@pytest.mark.parametrize("title", TITLES)
def test_every_module_imports_on_its_own(title: str) -> None:
    # a fresh interpreter per module (forked from one that holds only what lies outside
    # the project, tests/import_alone.py): an import cycle fails whichever module starts it
    script = Path(__file__).with_name("import_alone.py")
    result = subprocess.run(
        [sys.executable, str(script), *modules(title)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    failures = json.loads(result.stdout)
    assert not failures, "\n".join(f"import {n} alone fails:\n{e}" for n, e in failures.items())


def test_the_import_check_sees_a_failing_import() -> None:
    script = Path(__file__).with_name("import_alone.py")
    names = ["silkroad.kashgar.rules", "silkroad.kashgar.no_such_module"]
    result = subprocess.run(
        [sys.executable, str(script), *names], capture_output=True, text=True, check=True
    )
    assert list(json.loads(result.stdout)) == ["silkroad.kashgar.no_such_module"]


@pytest.mark.parametrize("title", TITLES)
def test_modules_of_a_title_import_each_other_at_the_top(title: str) -> None:
    # an import of a sibling inside a function is how a cycle is hidden (Jupyter's
    # _repr_svg_ finds the picture through the game definition: core.registry)
    for path in (SRC / title).rglob("*.py"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef):
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


def _imports(path: Path) -> list[ast.ImportFrom]:
    """The imports of silkroad modules in ``path``, at the top or inside a function alike;
    not those under ``if TYPE_CHECKING:``, which only annotations read."""
    tree = _tree(path)
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("silkroad")
        and id(node) not in typing_only
    ]


#: The packages checked for imports of private names and for circles.
PACKAGES = ("core", "agents", "arena", "cli", "testing", "adapters", "view", *TITLES)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_private_name_is_imported_from_another_module(package: str) -> None:
    # what another module needs is public in its home module, and documented there
    found = [
        f"{path.relative_to(SRC)}:{node.lineno} imports {alias.name} from {node.module}"
        for path in (SRC / package).rglob("*.py")
        for node in _imports(path)
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert found == []


@functools.cache
def _module_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports, at the top
    or inside a function alike (an import inside a function is how a circle is hidden);
    read once per test process (every module parsed: seconds), for every package's test."""

    def name_of(path: Path) -> str:
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    paths = {name_of(p): p for p in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets = set()
        for node in _imports(path):
            module = node.module or ""
            for alias in node.names:
                target = f"{module}.{alias.name}"
                targets.add(target if target in paths else module)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_among_the_modules_of_a_package(package: str) -> None:
    circles = [c for c in _circles(_module_graph()) if c[0].startswith(f"silkroad.{package}")]
    assert circles == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]


@pytest.mark.parametrize("title", TITLES)
def test_each_title_benchmark_measures_every_player_count_in_cpu_seconds(title: str) -> None:
    """``benchmarks/bench_<title>.py`` measure as ``silkroad bench`` does (CPU seconds,
    through ``silkroad.arena.bench``), every player count the title allows."""
    import importlib.util

    import silkroad

    path = SRC.parents[1] / "benchmarks" / f"bench_{title}.py"
    text = path.read_text("utf-8")
    assert "print_configurations" in text
    assert "CPU seconds" in text
    spec = importlib.util.spec_from_file_location(f"bench_{title}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    seen: list[int] = []

    def record(game: object, configurations: list[tuple[str, object]], **_: object) -> None:
        seen.extend(getattr(o, "players", 2) for _, o in configurations)

    module.print_configurations = record
    module.main([])
    spec_of = silkroad.get_game(title).spec
    counts = spec_of.player_counts or tuple(range(spec_of.min_players, spec_of.max_players + 1))
    assert set(seen) == set(counts)


#: The shared modules: they know no title, and read what a title is from the registry.
SHARED = ("core", "testing", "cli", "serve", "adapters", "agents", "arena", "view", "analysis.py")

#: A title named in shared code on purpose: ``(module, line's text)``. The registry lists
#: the built-in titles; the Gymnasium environment keeps its old default game for one
#: version, with a DeprecationWarning.
NAMED_ON_PURPOSE = frozenset({("adapters/gymnasium.py", 'OLD_DEFAULT_GAME = "kashgar"')})


def _shared_files() -> list[Path]:
    return sorted(
        path
        for part in SHARED
        for path in ([SRC / part] if part.endswith(".py") else (SRC / part).rglob("*.py"))
    )


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def test_shared_modules_name_no_title_in_code() -> None:
    # a title's name or rulebook prefix as a value in shared code (a default, a table
    # keyed by title) means a fourth title needs an edit there: it comes from the registry
    import silkroad

    words = set(silkroad.GAMES)
    words |= {g.spec.rulebook for g in silkroad.GAMES.values() if g.spec.rulebook}
    assert {"kashgar", "KG"} <= words
    found = []
    for path in _shared_files():
        text = path.read_text("utf-8")
        tree = _tree(path)
        docs = _docstrings(tree)
        lines = text.splitlines()
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
                and node.value in words
            ):
                where = (str(path.relative_to(SRC)), lines[node.lineno - 1].strip())
                if where not in NAMED_ON_PURPOSE:
                    found.append(f"{where[0]}:{node.lineno}: {where[1]}")
        for node in _imports(path):
            module = node.module or ""
            if path != SRC / "core" / "registry.py" and module.split(".")[1:2] in (
                [t] for t in TITLES
            ):
                found.append(f"{path.relative_to(SRC)}:{node.lineno} imports {module}")
    assert found == []


#: The most lines a function may have, from its ``def`` to its last line, docstring
#: included (``ast``: ``end_lineno - lineno + 1``).
LONGEST = 100

#: The functions allowed to be longer, each a flat table that reads best in one piece
#: (at most five): ``(module, function)``.
FLAT_TABLES = frozenset(
    {
        ("kashgar/tensor.py", "observation_layout"),
        ("serica/tensor.py", "observation_layout"),
        ("dunhuang/tensor.py", "observation_layout"),
    }
)


def _long_functions(root: Path = SRC) -> dict[tuple[str, str], int]:
    """Every function under ``root`` (``src/silkroad``) over :data:`LONGEST` lines, with
    its length."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        module = path.relative_to(root).as_posix()
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                length = node.end_lineno - node.lineno + 1
                if length > LONGEST:
                    found[(module, node.name)] = length
    return found


def test_no_function_is_over_a_hundred_lines() -> None:
    assert len(FLAT_TABLES) <= 5
    long = _long_functions()
    found = [
        f"{module} {name}: {length} lines"
        for (module, name), length in long.items()
        if (module, name) not in FLAT_TABLES
    ]
    assert found == [], f"split these functions (at most {LONGEST} lines each)"
    stale = FLAT_TABLES - set(long)
    assert not stale, f"within {LONGEST} lines now: drop from FLAT_TABLES {sorted(stale)}"


def test_the_length_check_finds_a_long_function(tmp_path: Path) -> None:
    def function(name: str, lines: int) -> str:
        return f"def {name}():\n" + "".join(f"    x{i} = {i}\n" for i in range(lines - 1))

    (tmp_path / "m.py").write_text(function("fits", LONGEST) + function("long", LONGEST + 1))
    assert _long_functions(tmp_path) == {("m.py", "long"): LONGEST + 1}


def test_the_longest_test_files_named_first_exist() -> None:
    from conftest import LONGEST_FIRST, TESTS

    missing = [name for name in LONGEST_FIRST if not (TESTS / name).is_file()]
    assert not missing, f"tests/conftest.py names test files that are gone: {missing}"
