"""Shared fixtures: the tiny test game (tests/tinygame.py), registered for the duration."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import silkroad
import tinygame

# extras (tests/extras.py): with only the test extra, a missing extra's tests skip naming
# it, and skipped browser tests are counted in the summary; a plugin, not this conftest's
# hooks, so that it sees a folder whose conftest.py cannot be imported
pytest_plugins = ["pytester", "silkroad.testing.pytest_plugin", "extras"]

#: The test files of the most worker time (``pytest --durations=0``, summed by file), the
#: longest first: they run first. pytest-xdist's worksteal gives each worker an equal run
#: of the list and a worker out of work takes from the end of another's, so a long test
#: left to the end keeps one core busy while the other waits; run first, the long ones
#: overlap the rest and the run ends on short tests.
LONGEST_FIRST = (
    "dunhuang/test_pack_triples.py",
    "kashgar/test_conformance.py",
    "dunhuang/test_conformance.py",
    "adapters/test_openspiel.py",
    "serica/test_conformance.py",
    "browser/test_viewer.py",
    "browser/test_serve.py",
    "serve/test_play.py",
    "dunhuang/test_promos.py",
    "browser/test_layout.py",
    "kashgar/test_explain.py",
    "dunhuang/test_solitaire.py",
    "conformance/test_positions.py",
    "adapters/test_openspiel_algorithms.py",
)
TESTS = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of :data:`LONGEST_FIRST` first, in its order; each file's tests and the
    rest in the order collected (a file's tests together: its module fixtures are made
    once)."""
    rank = {(TESTS / name).resolve(): k for k, name in enumerate(LONGEST_FIRST)}
    last = len(rank)
    items.sort(key=lambda item: rank.get(Path(str(item.path)).resolve(), last))


@pytest.fixture
def tiny() -> Iterator[silkroad.GameDefinition]:  # type: ignore[type-arg]
    """Tiny Draw, registered as 'tinydraw' while the test runs."""
    silkroad.register(tinygame.GAME, replace=True)
    yield tinygame.GAME
    silkroad.unregister(tinygame.SPEC.name)


@pytest.fixture
def tiny_reasons() -> Iterator[silkroad.GameDefinition]:  # type: ignore[type-arg]
    """Tiny Draw with reasons of its own (``explain``, citing TG-1 to TG-3), registered as
    'tinyreasons' while the test runs: a title-like game for the tools' tests."""
    silkroad.register(tinygame.EXPLAINED, replace=True)
    yield tinygame.EXPLAINED
    silkroad.unregister(tinygame.EXPLAINED.spec.name)
