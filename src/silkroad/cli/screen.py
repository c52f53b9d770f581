"""The screen of ``silkroad play`` at a person's decision, and what fits it in
:data:`HEIGHT` lines.

A decision's screen is, top to bottom: a rule naming who decides, what changed since the
person's last decision, the title's compact table and the choices, then the prompt. The
compact table is the title's own (a ``screen`` function marked on its ``render``, see
:func:`compact_table`): the head of the table and the decision at hand, the person's own
area, the part of the table the decision is about. What does not fit is one command away
(``table``, ``player N``, ``card NAME``, ``log``, ``moves``); a title without a compact
table shows the first lines of its ``render``.

The choices keep their keys while they are offered (:class:`Keys`), and are shown one a
line with what each does when they fit, in columns of key and notation when they do not,
and in pages when even the columns do not.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from silkroad.core.game import AnyGame

__all__ = [
    "CHANGE_LINES",
    "HEIGHT",
    "MAX_CHOICE_LINES",
    "MIN_CHOICE_LINES",
    "WIDTH",
    "Choice",
    "Keys",
    "choice_lines",
    "compact_table",
    "fit_changes",
    "pages",
    "seat_table",
    "wrap",
]

#: The most lines the screen of a decision takes, the prompt included.
HEIGHT = 40
#: The widest line of the screen.
WIDTH = 100
#: The fewest lines the choices get when the screen is crowded.
MIN_CHOICE_LINES = 8
#: The most lines the choices take when there is room.
MAX_CHOICE_LINES = 20
#: The fewest lines the changes since the last decision keep when there are some.
CHANGE_LINES = 4
#: Where a choice's words start after its key, in a choice line.
_CHOICE_INDENT = 7


def compact_table(game: AnyGame) -> Callable[[Any], str] | None:
    """The title's compact table, ``screen(state) -> str``, if it has one: a function
    its ``render`` carries as the attribute ``screen``. It shows the table as the
    player to act may see it, in fewer lines than :data:`HEIGHT` leaves for it."""
    found = getattr(game.render, "screen", None)
    return found if callable(found) else None


def seat_table(game: AnyGame) -> Callable[[Any, int], str] | None:
    """The title's view of one seat's area, ``seat(state, player) -> str``, as the
    player to act may see it (the ``player N`` command), if its ``render`` carries one
    as the attribute ``seat``."""
    found = getattr(game.render, "seat", None)
    return found if callable(found) else None


def wrap(text: str, width: int = WIDTH, indent: int = 0, hang: int = 4) -> list[str]:
    """``text`` wrapped to ``width``, each of its lines on its own; later lines indented
    by ``indent + hang`` (or the line's own indent + hang)."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        lead = len(paragraph) - len(paragraph.lstrip(" "))
        out += textwrap.wrap(
            paragraph,
            width,
            subsequent_indent=" " * (max(indent, lead) + hang),
            drop_whitespace=True,
            replace_whitespace=False,
        ) or [""]
    return out


def _cut(line: str, width: int) -> str:
    return line if len(line) <= width else line[: width - 1].rstrip() + "…"


def fit_changes(
    moves: Sequence[Sequence[str]], room: int, width: int = WIDTH, indent: int = 12
) -> list[str]:
    """The lines of the moves since a person's last decision (``moves``: one list of
    lines per move, the move first, then what followed it, each wrapped with later
    lines at ``indent``) in at most ``room`` lines: the latest moves in full, earlier
    ones by their first line cut to the width, the earliest counted, with the ``log``
    command that shows them all."""
    blocks = [[w for line in m for w in wrap(line, width, indent)] for m in moves]
    total = sum(len(b) for b in blocks)
    if total <= room:
        return [line for b in blocks for line in b]
    if room <= 0:
        return []
    budget = room - 1  # one line says what is left out
    full: set[int] = set()
    used = 0
    for i in range(len(blocks) - 1, -1, -1):
        if used + len(blocks[i]) > budget:
            break
        full.add(i)
        used += len(blocks[i])
    short: set[int] = set()
    first = min(full, default=len(blocks))
    for i in range(first - 1, -1, -1):
        if used + 1 > budget:
            break
        short.add(i)
        used += 1
    left = len(blocks) - len(full) - len(short)
    count = f"{left} earlier move{'s' * (left != 1)} left out; " if left else ""
    since = "the move" if len(blocks) == 1 else f"the {len(blocks)} moves"
    lines = [
        _cut(
            f"  ... ({count}'log {len(blocks)}' shows {since} since your last decision in full)",
            width,
        )
    ]
    for i in range(len(blocks)):
        if i in full:
            lines += blocks[i]
        elif i in short:
            lines.append(_cut(moves[i][0], width))
    return lines[:room]


@attrs.frozen
class Choice:
    """A choice on the screen: its key, its notation and what it does."""

    key: int
    notation: str
    text: str

    def line(self) -> str:
        """The key, then the notation and what the move does (``4. use merchant ...``)."""
        return f"  {self.key:3d}. {self.text}"


class Keys:
    """The keys of the choices of a run of one person's decisions.

    A move keeps its key (a number) for as long as it is offered, and a key a move had
    is not given to another one while the run lasts, so the same number typed twice
    never makes two different moves. The run ends (and numbering starts again at 1) when
    another seat decides, after an undo, and at a decision none of whose moves was
    offered at the one before (a new kind of decision, on a new screen).
    """

    def __init__(self) -> None:
        self._keys: dict[str, int] = {}
        self._next = 1
        self._player: int | None = None

    def reset(self) -> None:
        """Start numbering again at 1."""
        self._keys, self._next, self._player = {}, 1, None

    def assign(self, player: int, notations: Sequence[str], *, fresh: bool) -> list[int]:
        """The key of every move offered (by notation, in the order given); ``fresh``
        when another seat decided since this person's last decision."""
        offered = set(notations)
        if fresh or player != self._player or not offered & set(self._keys):
            self.reset()
        self._player = player
        keys = {n: k for n, k in self._keys.items() if n in offered}
        for notation in notations:
            if notation not in keys:
                keys[notation] = self._next
                self._next += 1
        self._keys = keys
        return [keys[n] for n in notations]

    def retired(self, key: int) -> bool:
        """Whether ``key`` was given in this run but is not offered now."""
        return key < self._next and key not in self._keys.values()


def choice_lines(
    choices: Sequence[Choice], room: int, width: int = WIDTH
) -> tuple[list[str], bool]:
    """The choices in at most ``room`` lines, and whether every choice is there with
    what it does. In order of preference: each choice wrapped in full; each on one line
    (cut at the width); keys and notations in columns; the first page of those columns
    (the rest with ``moves``)."""
    full = [line for c in choices for line in wrap(c.line(), width, _CHOICE_INDENT)]
    if len(full) <= room:
        return full, True
    if len(choices) <= room:
        lines = [_cut(c.line(), width) for c in choices]
        if len(choices) < room:  # room for a line that says how to see them in full
            lines.append("  ('moves' lists every choice with what it does)")
        return lines, False
    hint_room = max(1, room - 1)  # a line says how to see every choice in full
    items = [f"{c.key:>3}. {c.notation}" for c in choices]
    column = max(len(i) for i in items) + 2
    columns = max(1, width // column)
    rows = math.ceil(len(items) / columns)
    page_rows = hint_room
    shown = items if rows <= page_rows else items[: page_rows * columns]
    rows = min(rows, page_rows)
    lines = []
    for r in range(rows):
        cells = [shown[c * rows + r] for c in range(columns) if c * rows + r < len(shown)]
        lines.append("".join(cell.ljust(column) for cell in cells).rstrip())
    if len(shown) < len(items):
        lines.append(
            f"  ({len(items) - len(shown)} more choices: 'moves' lists every choice with "
            "what it does; any key or notation is taken)"
        )
    else:
        lines.append("  ('moves' lists every choice with what it does)")
    return lines, False


def pages(lines: Iterable[str], size: int) -> list[list[str]]:
    """``lines`` cut into pages of at most ``size`` lines (at least one page)."""
    all_lines = list(lines)
    size = max(1, size)
    return [all_lines[i : i + size] for i in range(0, len(all_lines), size)] or [[]]
