"""Shared fixtures: the tiny test game (tests/tinygame.py), registered for the duration."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import silkroad
import tinygame

# extras (tests/extras.py): with only the test extra, a missing extra's tests skip naming
# it, and skipped browser tests are counted in the summary; a plugin, not this conftest's
# hooks, so that it sees a folder whose conftest.py cannot be imported
pytest_plugins = ["pytester", "silkroad.testing.pytest_plugin", "extras"]


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
