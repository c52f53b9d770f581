"""The registry of titles: built-in ones, entry-point plugins, and ones registered at run time.

Three sources, looked up lazily on first use:

1. the built-in titles (``silkroad.kashgar``, ``silkroad.serica``, ``silkroad.dunhuang``),
   each a module with a ``GAME`` object; a title whose package is not installed is skipped;
2. the entry-point group ``silkroad.games``: a third-party distribution declares
   ``[project.entry-points."silkroad.games"] mygame = "mypkg.game:GAME"`` and its game
   works with every silkroad tool (the command, agents, the conformance harness);
3. the environment variable ``SILKROAD_GAMES``: ``module:attribute`` references separated
   by commas, for games that are not packaged (handy in tests and notebooks);
4. :func:`register` at run time.

The value found may be a :class:`~silkroad.core.game.Game` or a callable returning one.
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points
from typing import Any

from silkroad.core.errors import IllegalMoveError, UnknownGameError
from silkroad.core.explain import illegal_move_error
from silkroad.core.game import AnyGame, GameSpec, declare_options_type

__all__ = [
    "ENTRY_POINT_GROUP",
    "ENV_VAR",
    "GAMES",
    "get_game",
    "illegal_move",
    "jupyter_svg",
    "register",
    "unregister",
]

ENTRY_POINT_GROUP = "silkroad.games"
ENV_VAR = "SILKROAD_GAMES"
BUILTIN_TITLES = ("silkroad.kashgar:GAME", "silkroad.serica:GAME", "silkroad.dunhuang:GAME")


def _as_game(obj: Any, origin: str) -> AnyGame:
    if not isinstance(getattr(obj, "spec", None), GameSpec) and callable(obj):
        obj = obj()
    if not isinstance(getattr(obj, "spec", None), GameSpec):
        raise TypeError(f"{origin} is not a silkroad Game (it has no GameSpec 'spec')")
    game: AnyGame = obj
    return game


def load_reference(reference: str) -> AnyGame:
    """Import ``module:attribute`` and return the game it names."""
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise UnknownGameError(f"a game reference is 'module:attribute', got {reference!r}")
    module = importlib.import_module(module_name)
    try:
        obj = getattr(module, attribute)
    except AttributeError:
        raise UnknownGameError(f"module {module_name!r} has no attribute {attribute!r}") from None
    return _as_game(obj, reference)


def _skip(what: str, exc: Exception) -> None:
    """Warn that a game source is skipped; the other titles keep working."""
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    warnings.warn(f"skipping {what}: {message}", RuntimeWarning, stacklevel=4)


class _Registry(Mapping[str, AnyGame]):
    """A read-only mapping name -> Game that discovers titles on first access."""

    def __init__(self) -> None:
        self._games: dict[str, AnyGame] = {}
        self._loaded = False
        self._loading = False

    def _load(self) -> None:
        """Discover every source once; a failure is raised again on the next access."""
        if self._loaded or self._loading:  # _loading: a title that registers at import
            return
        self._loading = True
        try:
            self._load_builtins()
            self._load_entry_points()
            self._load_environment()
            self._loaded = True
        finally:
            self._loading = False

    def _load_builtins(self) -> None:
        for reference in BUILTIN_TITLES:
            module_name = reference.partition(":")[0]
            try:
                module = importlib.import_module(module_name)
            except ImportError as exc:
                if exc.name is None or not module_name.startswith(exc.name):
                    raise
                continue  # this title is not part of the installed package
            game = getattr(module, "GAME", None)
            if game is not None:  # a title package without GAME is not playable yet
                self._add(_as_game(game, reference), reference)

    def _load_entry_points(self) -> None:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            try:
                self._add(_as_game(ep.load(), f"entry point {ep.name!r}"), ep.value)
            except Exception as exc:  # a broken plugin must not break every tool
                _skip(f"silkroad game plugin {ep.name!r} ({ep.value})", exc)

    def _load_environment(self) -> None:
        for reference in filter(None, os.environ.get(ENV_VAR, "").split(",")):
            reference = reference.strip()
            try:
                self._add(load_reference(reference), reference)
            except Exception as exc:  # a bad entry must not break every tool
                _skip(f"{ENV_VAR} entry {reference!r}", exc)

    def _add(self, game: AnyGame, origin: str, *, replace: bool = False) -> None:
        name = game.spec.name
        existing = self._games.get(name)
        if existing is not None and existing is not game and not replace:
            raise ValueError(f"game name {name!r} from {origin} is already registered")
        declare_options_type(game.options_type)
        self._games[name] = game

    def register(self, game: AnyGame, *, replace: bool = False) -> AnyGame:
        self._load()
        self._add(_as_game(game, repr(game)), "register()", replace=replace)
        return game

    def unregister(self, name: str) -> None:
        self._load()
        self._games.pop(name, None)

    def __getitem__(self, name: str) -> AnyGame:
        self._load()
        try:
            return self._games[name]
        except KeyError:
            known = ", ".join(sorted(self._games)) or "none installed"
            raise UnknownGameError(f"unknown game {name!r} (known games: {known})") from None

    def __contains__(self, name: object) -> bool:
        self._load()
        return name in self._games

    def get(self, name: str, default: Any = None) -> Any:
        self._load()
        return self._games.get(name, default)

    def __iter__(self) -> Iterator[str]:
        self._load()
        return iter(sorted(self._games))

    def __len__(self) -> int:
        self._load()
        return len(self._games)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


#: Every registered title, by name.
GAMES = _Registry()


def get_game(name: str) -> AnyGame:
    """The registered game called ``name``.

    :raises UnknownGameError: (a ``RulesError`` and a ``LookupError``) naming the known games.
    """
    return GAMES[name]


def jupyter_svg(name: str, value: object) -> str | None:
    """The picture Jupyter shows of a state or an observation of the title ``name``: its
    game definition's ``svg`` (None, and Jupyter shows the text, when it draws none).

    A title's state and observation classes call it from ``_repr_svg_``: a state does not
    know how it is drawn, the definition does, and no module of a title imports its
    picture to be shown.
    """
    draw = getattr(get_game(name), "svg", None)
    return None if draw is None else draw(value)


def illegal_move(name: str, state: object, move: object) -> IllegalMoveError:
    """The error a title's ``apply`` raises for a move it refuses: the message leads with
    the reason the game definition of the title ``name`` gives
    (:func:`silkroad.core.explain.illegal_move_error`).

    As with :func:`jupyter_svg`, a title's rules do not import its explanations (which
    read the rules): the definition knows both.
    """
    return illegal_move_error(get_game(name), state, move)


def register(game: AnyGame, *, replace: bool = False) -> AnyGame:
    """Add a game to :data:`GAMES` so every tool can use it; returns the game.

    :raises ValueError: if another game already uses the name and ``replace`` is false.
    """
    return GAMES.register(game, replace=replace)


def unregister(name: str) -> None:
    """Remove a game from :data:`GAMES` (no error if it is not there)."""
    GAMES.unregister(name)
