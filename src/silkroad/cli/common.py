"""What the sub-commands share: the usage error, the argument parser class, and the
helpers that turn command-line arguments into options, agents and record files."""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

import attrs
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from silkroad.agents import AGENTS, make_agent
from silkroad.core.errors import DataError, InvalidMoveError, RulesError, StateError, shorten
from silkroad.core.game import AnyGame
from silkroad.core.provenance import Provenance
from silkroad.core.rng import SEEDS
from silkroad.core.serialize import from_data, to_data

__all__ = [
    "DATA_FILE_METHODS",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "NumberRange",
    "Parser",
    "UsageError",
    "add_game_arguments",
    "add_tournament_arguments",
    "add_worker_arguments",
    "agent_names",
    "build_options",
    "check_seed",
    "float_range",
    "forked_workers_leave_ctrl_c",
    "install_hint",
    "int_range",
    "naming_file",
    "parse_typed_move",
    "players_of",
    "positive_float",
    "positive_int",
    "progress_bar",
    "provenance_data",
    "provenance_note",
    "read_line",
    "read_position",
    "record_files",
    "with_data_files",
    "writable_file",
]

#: The exit code for bad input (a usage error or a refused file).
EXIT_USAGE = 2
#: The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """Bad command-line input: reported in one line with exit code 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line with exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def add_game_arguments(
    p: argparse.ArgumentParser,
    *,
    game_required: bool = True,
    seed_default: int | None = 0,
    seed_help: str = "seed (default 0)",
) -> None:
    """The arguments that choose a game: the title, ``--players``, ``--option``, ``--seed``
    (``seed_default`` None: the command decides when no seed is given)."""
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
    p.add_argument("--seed", type=int, default=seed_default, help=seed_help)
    p.add_argument(
        "--data",
        action="append",
        default=[],
        metavar="FILE",
        help="play with the components of this data file (a card file of Kashgar or "
        "Serica, a Starting Pack or promo file of Dunhuang), repeatable",
    )


#: The options methods that read a user's data file, by title convention.
DATA_FILE_METHODS = ("with_card_file", "with_pack_file")


def with_data_files(options: Any, files: Sequence[str]) -> Any:
    """``options`` with every data file read in (``with_card_file`` or ``with_pack_file``
    of the title's options)."""
    for name in files:
        method = next((getattr(options, m) for m in DATA_FILE_METHODS if hasattr(options, m)), None)
        if method is None:
            raise UsageError(f"{type(options).__qualname__} takes no data file (--data {name})")
        options = method(name)
    return options


def build_options(
    game: AnyGame, players: int | None, settings: Sequence[str], data: Sequence[str] = ()
) -> Any:
    """The game's options for ``--players``, ``--option key=value`` settings and
    ``--data`` files (read last, so they replace what the settings chose)."""
    spec = game.spec
    if players is not None and players not in spec.allowed_players:
        raise UsageError(f"{spec.name} is for {spec.players_text()} players, not {players}")
    options = game.default_options(players)
    if not settings:
        return with_data_files(options, data)
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
        options = from_data(plain, type(options))
    except RulesError as exc:
        raise UsageError(f"bad --option: {exc}") from None
    return with_data_files(options, data)


def agent_names(text: str | None, seats: int, *, round_robin: bool = False) -> list[str]:
    """The agent spec of every seat from ``--agents`` (one spec for all, or one per seat;
    with ``round_robin``, also more specs than seats); an unknown agent or a bad
    parameter is refused before any game starts."""
    names = [_agent_case(n.strip()) for n in ("random" if text is None else text).split(",")]
    if len(names) == 1:
        names *= seats
    if len(names) < seats or (len(names) > seats and not round_robin):
        raise UsageError(f"--agents names {len(names)} agents for {seats} seats")
    for name in names:
        try:
            make_agent(name, 0)  # refuse an unknown agent or bad parameters up front
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return names


def _agent_case(spec: str) -> str:
    """``spec`` with a registered agent's name in any case written as registered
    (``Greedy`` is ``greedy``; a ``module:attribute`` reference is left as it is)."""
    name, sep, rest = spec.partition(":")
    if name not in AGENTS and name.lower() in AGENTS:
        return name.lower() + sep + rest
    return spec


def parse_typed_move(game: AnyGame, state: Any, text: str) -> Any:
    """The move a person typed, in any case and spacing: a legal move whose notation it
    is, else what the title's ``parse_move`` reads in it as typed or in lower case (a
    move that may not be legal).

    :raises InvalidMoveError: when the text names no move (the title's message for the
        text as typed).
    """
    words = " ".join(text.split())
    for move in game.legal_moves(state):
        if game.format_move(move, state).lower() == words.lower():
            return move
    try:
        return game.parse_move(state, words)
    except InvalidMoveError as first:
        try:
            return game.parse_move(state, words.lower())
        except InvalidMoveError:
            raise first from None


def _figure(number: float) -> str:
    """A bound as the messages write it: 65535, 2000, 1,000,000, 0.5."""
    if float(number).is_integer():
        return f"{int(number):,}" if abs(number) >= 100_000 else str(int(number))
    return f"{number:g}"


@attrs.frozen
class NumberRange:
    """An argparse type: a number (an integer, unless ``fraction``) from ``low`` (above
    it, with ``above``) to ``high`` (no upper bound when None), in ``unit`` (a word for
    the message). Build it with :func:`int_range` or :func:`float_range`.

    Every numeric flag of the command takes one of these, so that a value out of range,
    however large or negative (or not finite), is one line that gives :attr:`span` and
    the value (cut short when long), with exit code 2, before anything runs.
    """

    low: float
    high: float | None = None
    fraction: bool = False
    above: bool = False
    unit: str = ""

    @property
    def span(self) -> str:
        """The range in words: ``from 0 to 65535``, ``at least 1``, ``above 0``."""
        low, high = _figure(self.low), None if self.high is None else _figure(self.high)
        if self.above:
            text = f"above {low}" + ("" if high is None else f" and at most {high}")
        else:
            text = f"at least {low}" if high is None else f"from {low} to {high}"
        return f"{text} {self.unit}" if self.unit else text

    def __call__(self, text: str) -> Any:
        kind = "a number" if self.fraction else "an integer"
        try:
            value: float = float(text) if self.fraction else int(text.strip())
        except ValueError:  # also an integer of more digits than int() reads
            raise argparse.ArgumentTypeError(
                f"must be {kind} ({self.span}), got {shorten(text, 30)}"
            ) from None
        fits = self.low < value if self.above else self.low <= value
        fits = fits and (self.high is None or value <= self.high)
        if not fits or not math.isfinite(value):  # NaN fits no comparison
            got = text.strip()[:30] if self.fraction else shorten(value, 30)
            prefix = "a number " if self.fraction else ""
            raise argparse.ArgumentTypeError(f"must be {prefix}{self.span}, got {got}")
        return value


def int_range(low: int, high: int | None = None) -> NumberRange:
    """An argparse type: an integer from ``low`` to ``high`` (no upper bound when None)."""
    return NumberRange(low, high)


def float_range(
    low: float, high: float | None = None, *, above: bool = False, unit: str = ""
) -> NumberRange:
    """An argparse type: a finite number from ``low`` (above it, with ``above``) to
    ``high`` (no upper bound when None), in ``unit``; NaN and infinities are refused."""
    return NumberRange(low, high, fraction=True, above=above, unit=unit)


def positive_int(text: str) -> int:
    """An argparse type: an integer of at least 1 (no upper bound: a flag with one uses
    :func:`int_range`)."""
    return int(_AT_LEAST_1(text))


_AT_LEAST_1 = int_range(1)


def check_seed(seed: object) -> None:
    """Refuse a ``--seed`` that is not a seed (0 to 2**64 - 1) before a command prints
    anything.

    :raises UsageError: naming the value.
    """
    if isinstance(seed, int) and seed not in SEEDS:
        raise UsageError(f"--seed {seed}: a seed is an integer from 0 to 2**64 - 1")


def positive_float(text: str) -> float:
    """An argparse type: a finite number above 0 (no upper bound: a flag with one uses
    :func:`float_range`)."""
    return float(_ABOVE_0(text))


_ABOVE_0 = float_range(0, above=True)


def players_of(game: AnyGame, options: Any) -> int:
    """The number of seats of a game with these options."""
    return game.num_players(game.new_game(options, 0))


@contextmanager
def forked_workers_leave_ctrl_c() -> Iterator[None]:
    """While it lasts, Ctrl-C raises KeyboardInterrupt in this process only: a worker
    process forked meanwhile (the terminal sends Ctrl-C to it too) ignores it instead of
    printing a traceback, and this process ends the work."""
    parent = os.getpid()

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if os.getpid() == parent:
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


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


@contextmanager
def naming_file(path: str | Path) -> Iterator[None]:
    """Errors of reading the text of the file ``path`` (a position reader knows only the
    text, and calls it ``position``) re-raised naming the file.

    :raises DataError: with ``source`` the file, for one without a file of its own.
    :raises StateError: with the message led by the file.
    """
    try:
        yield
    except DataError as exc:
        if exc.source not in (None, "position", "<string>"):
            raise
        raise DataError(exc.detail, source=str(path), entry=exc.entry, field=exc.field) from None
    except StateError as exc:
        raise StateError(f"file {path}: {exc}") from None


def install_hint(extra: str) -> str:
    """How to install the optional dependencies ``extra`` (an extra of pyproject.toml):
    ``pip install 'silkroad[analysis]'``. Printed as plain text (``markup=False``): rich
    would read ``[analysis]`` as markup and drop it."""
    return f"pip install 'silkroad[{extra}]'"


def read_position(game: AnyGame, path: str) -> tuple[str, Any]:
    """The whole position the position file ``path`` fills to (``to_position`` of its
    state: a record that keeps it replays whatever the filling rule of a later version
    does with a partial one), and its options.

    Every error names the file ``path`` (the title's reader knows only the text).

    :raises DataError: for a file that cannot be read, is not TOML or is of another game.
    :raises StateError: for a position that cannot be a state of ``game``.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the file: {exc}", source=path) from None
    with naming_file(path):
        state = game.from_position(text)
    options = getattr(state, "options", None)
    if options is None:
        options = game.default_options(game.num_players(state))
    return game.to_position(state), options


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


def add_worker_arguments(p: argparse.ArgumentParser, *, workers: int) -> None:
    """Where the work runs, as ``simulate`` and ``analyze`` spread it: ``--workers``
    (default ``workers``; 1 is this process), ``--start-method``, ``--backend`` (local
    processes or Ray tasks) and ``--ray-address``."""
    default = "CPU count" if workers == (os.cpu_count() or 1) and workers > 1 else workers
    p.add_argument(
        "--workers", type=int, default=workers, help=f"worker processes (default: {default})"
    )
    p.add_argument(
        "--start-method",
        choices=["fork", "spawn", "forkserver"],
        help="how worker processes start (default: fork where available)",
    )
    p.add_argument(
        "--backend",
        choices=["local", "ray"],
        default="local",
        help="local worker processes (default) or Ray tasks (extra 'ray')",
    )
    p.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="a Ray cluster for --backend ray (default: start a local one)",
    )


def add_tournament_arguments(
    p: argparse.ArgumentParser, *, games: int, agents: str = "random"
) -> None:
    """The arguments of a tournament: games, agents, workers, backend, output."""
    p.add_argument("--games", type=int, default=games, help=f"number of games (default {games})")
    p.add_argument(
        "--agents",
        default=agents,
        help="comma-separated agent specs: one for all seats, one per seat, or more than "
        f"the seats for a round robin (name, name:key=value, or module:attribute; default "
        f"{agents})",
    )
    add_worker_arguments(p, workers=os.cpu_count() or 1)
    p.add_argument("--json", action="store_true", help="print every figure as JSON")
    p.add_argument(
        "--plot", metavar="FILE", help="draw the figures into FILE (.png or .svg; extra 'analysis')"
    )
    p.add_argument(
        "--resamples",
        type=int,
        default=1000,
        help="bootstrap resamples for the intervals that need them (default 1000)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _rate(task: Task) -> float | None:
    """Games finished per second since the task started, or None before the first.

    Measured from the task's start, not between the first progress samples (rich's own
    ``speed``): workers that hand back several games at once would otherwise make the
    first estimate thousands of games a second."""
    elapsed = task.elapsed
    if not task.completed or not elapsed:
        return None
    return task.completed / elapsed


class _GamesPerSecond(ProgressColumn):
    """Games per second of the task so far ("estimating" until a game finishes)."""

    def render(self, task: Task) -> Text:
        rate = _rate(task)
        return Text("estimating" if rate is None else f"{rate:.2f} games/s")


class _TimeLeft(ProgressColumn):
    """The time the remaining games take at the rate so far ("estimating" until a game
    finishes)."""

    def render(self, task: Task) -> Text:
        rate = _rate(task)
        if rate is None or task.total is None:
            return Text("left: estimating")
        seconds = max(0, round((task.total - task.completed) / rate))
        minutes, secs = divmod(seconds, 60)
        hours, minutes = divmod(minutes, 60)
        return Text(f"left {hours}:{minutes:02d}:{secs:02d}")


def progress_bar(
    out: Console, *, disable: bool, get_time: Callable[[], float] | None = None
) -> Progress:
    """A progress bar for a run of games: done/total, games per second, time left, the
    last two estimated from the games finished so far over the time since the start.

    :param get_time: the clock (default rich's, a monotonic wall clock); tests pass one.
    """
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _GamesPerSecond(),
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        _TimeLeft(),
        console=out,
        transient=True,
        disable=disable,
        get_time=get_time,
    )


def _provenance(game: AnyGame, options: Any) -> Provenance | None:
    """The title's count of the components in play, or None when it gives none."""
    count = getattr(game, "component_provenance", None)
    return None if count is None else count(options)


def provenance_note(game: AnyGame, options: Any) -> str | None:
    """One line for a study whose components in play are not all as printed: how many
    are reconstructed and how to load the printed ones; None when every one is printed
    (or the title does not say)."""
    counted = _provenance(game, options)
    if counted is None or not (counted.reconstructed or counted.assumed):
        return None
    return (
        f"components in play: {counted.summary()}; this measures the reconstruction, not "
        f"the published {game.spec.title}: load the printed values with --data FILE "
        f"(docs/{game.spec.name}.md, data files)"
    )


def provenance_data(game: AnyGame, options: Any) -> dict[str, Any] | None:
    """The count of :func:`provenance_note` for ``--json`` documents."""
    counted = _provenance(game, options)
    if counted is None:
        return None
    return {
        "unit": counted.unit,
        "printed": counted.printed,
        "assumed": counted.assumed,
        "reconstructed": counted.reconstructed,
    }
