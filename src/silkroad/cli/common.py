"""What the sub-commands share: the usage error, the argument parser class, and the
helpers that turn command-line arguments into options, agents and record files."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from silkroad.agents import make_agent
from silkroad.core.errors import RulesError
from silkroad.core.game import AnyGame
from silkroad.core.serialize import from_data, to_data

__all__ = [
    "EXIT_USAGE",
    "Parser",
    "UsageError",
    "add_game_arguments",
    "agent_names",
    "build_options",
    "players_of",
    "positive_float",
    "positive_int",
    "read_line",
    "record_files",
    "writable_file",
]

#: The exit code for bad input (a usage error or a refused file).
EXIT_USAGE = 2


class UsageError(Exception):
    """Bad command-line input: reported in one line with exit code 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line with exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def add_game_arguments(p: argparse.ArgumentParser, *, game_required: bool = True) -> None:
    """The arguments that choose a game: the title, ``--players``, ``--option``, ``--seed``."""
    if game_required:
        p.add_argument("game", help="a registered game (see 'silkroad games')")
    p.add_argument("--players", type=int, help="number of players (default: the game's)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a field of the game's Options (JSON value), repeatable",
    )
    p.add_argument("--seed", type=int, default=0, help="seed (default 0)")


def build_options(game: AnyGame, players: int | None, settings: Sequence[str]) -> Any:
    """The game's options for ``--players`` and ``--option key=value`` settings."""
    spec = game.spec
    if players is not None and players not in spec.allowed_players:
        raise UsageError(f"{spec.name} is for {spec.players_text()} players, not {players}")
    options = game.default_options(players)
    if not settings:
        return options
    plain = to_data(options)
    for setting in settings:
        key, sep, text = setting.partition("=")
        if not sep or not isinstance(plain, dict) or key not in plain:
            known = ", ".join(plain) if isinstance(plain, dict) else "none"
            raise UsageError(f"--option takes KEY=VALUE with KEY one of: {known}; got {setting!r}")
        try:
            plain[key] = json.loads(text)
        except ValueError:
            plain[key] = text  # a bare word is a string
    try:
        return from_data(plain, type(options))
    except RulesError as exc:
        raise UsageError(f"bad --option: {exc}") from None


def agent_names(text: str | None, seats: int) -> list[str]:
    """The agent spec of every seat from ``--agents`` (one spec for all, or one per seat);
    an unknown agent or a bad parameter is refused before any game starts."""
    names = [n.strip() for n in (text or "random").split(",")]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise UsageError(f"--agents names {len(names)} agents for {seats} seats")
    for name in names:
        try:
            make_agent(name, 0)  # refuse an unknown agent or bad parameters up front
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return names


def positive_int(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a finite number above 0."""
    value = float(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number above 0, got {text}")
    return value


def players_of(game: AnyGame, options: Any) -> int:
    """The number of seats of a game with these options."""
    return game.num_players(game.new_game(options, 0))


def read_line(prompt: str) -> str:
    """One line from standard input (EOFError when it ends)."""
    return input(prompt)


def writable_file(option: str, name: str | None) -> Path | None:
    """The path of ``--save FILE`` (or similar), checked before any game is played, so a
    bad path never costs a finished game.

    :raises UsageError: for a directory, a missing parent directory or one not writable.
    """
    if name is None:
        return None
    path = Path(name)
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        problem = "it is a directory"
    elif not parent.is_dir():
        problem = f"directory {str(parent)!r} does not exist"
    elif not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        problem = "permission denied"
    else:
        return path
    raise UsageError(f"{option} {name}: cannot write there ({problem})")


def record_files(paths: Sequence[str]) -> list[Path]:
    """The record files named: files as given, directories searched for ``*.json``."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(path.rglob("*.json"))
            if not found:
                raise UsageError(f"no *.json record in directory {name!r}")
            files.extend(found)
        else:
            files.append(path)
    return files
