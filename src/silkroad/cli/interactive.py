"""Playing in the terminal: people against agents (or each other), and stepping through
records.

:class:`HumanGame` drives ``silkroad play GAME --human SEAT``. At each of a person's
decisions it shows one screen of at most :data:`~silkroad.cli.screen.HEIGHT` lines (see
:mod:`silkroad.cli.screen`): what happened since their last decision (each move in
words, and the events that followed it), the title's compact table and the legal moves,
each with a key that stays the same while the move is offered; the answer is a key or
the move's notation, in any case. Commands: ``table`` prints the whole table
(``render``), ``player N`` one seat's area, ``card NAME|NUMBER`` the full text of a card
the person can see, ``moves`` every choice with what it does, ``board`` the screen
again, ``log [N]`` the last moves again, ``undo`` takes back the person's last decision
(and whatever followed it), ``save FILE`` writes the record so far, ``help`` explains,
``why MOVE`` why a move is refused (without playing it), ``quit`` ends (offering to
save). With ``wide`` the screen is the whole table and every move, as long as they are.
A wrong answer is asked again with the reason: a move that is not legal gets the rule
that refuses it first (the title's ``explain``, as the person's seat may know it:
:func:`silkroad.core.explain.explain_for_seat`), then a one-line hint, never the list of
every move. Input and output are injected, so tests feed it text.

Ctrl-C anywhere (at the prompt, while an agent thinks) stops the game as ``quit`` does;
when nobody can answer (the input is not a terminal, or it ended), the game so far is
saved to a file named on the screen.

A person sees only what their seat may see: another player's hidden decision is told
as hidden (the title's ``hides_move`` and ``describe_move(state, move, viewer)``), and
with several people at one terminal (hot-seat), each sees the moves since their last
turn from their own seat, after handing over the terminal: the screen and its
scrollback are cleared and the next person confirms at a blank screen before anything
of theirs is shown.

The game itself stays pure: the session keeps the list of moves and rebuilds states by
replaying them, so ``undo`` is exact.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.control import Control
from rich.status import Status
from rich.table import Table

from silkroad.agents import Agent
from silkroad.arena.match import agent_name
from silkroad.cli.common import parse_typed_move
from silkroad.cli.screen import (
    CHANGE_LINES,
    HEIGHT,
    MAX_CHOICE_LINES,
    MIN_CHOICE_LINES,
    WIDTH,
    Choice,
    Keys,
    choice_lines,
    compact_table,
    fit_changes,
    pages,
    seat_table,
    wrap,
)
from silkroad.core.errors import RulesError
from silkroad.core.explain import Verdict, explain, explain_for_seat
from silkroad.core.game import AnyGame, Outcome
from silkroad.core.replay import Record, Result, states

__all__ = [
    "CLEAR_SCROLLBACK",
    "HELP",
    "HumanGame",
    "analysis_line",
    "default_path",
    "event_lines",
    "final_table",
    "free_path",
    "move_line",
    "offer_to_save",
    "step_through",
]

HELP = """\
Answer with the key of a move (the number before it) or its notation, in any case.
Other commands:
  table       the whole table, everything you may see
  player N    the area of player N (P0, P1, ...): tracks, cards, fields, as you may see them
  card NAME   the full text of a card you can see (by name or number, e.g. card 12)
  moves [N]   every choice with what it does (page N when they are many)
  why MOVE    why a move is refused now (the rule, with its section), without playing it
  hint        the search's top three moves for you, with their estimates (play --hints)
  board       show this screen again
  log [N]     show the last N moves again (default 20)
  undo        take back your last decision (and the moves that followed it)
  save FILE   write the game so far as a record (continue it with --resume FILE)
  help        show this text
  quit        stop playing (you are offered to save first; Ctrl-C does the same)"""

Reader = Callable[[str], str]

#: Moves ``log`` shows by default.
LOG_LINES = 20

#: Erase the scrollback (xterm's "erase saved lines", ESC [ 3 J), written after rich's
#: clear and home at a hot-seat handoff: rich's ``Console.clear`` erases only the screen.
CLEAR_SCROLLBACK = "\x1b[3J"

#: The commands that take nothing after them.
_BARE = ("quit", "help", "undo", "board", "table", "hint")


def move_line(game: AnyGame, state: Any, move: Any, viewer: int | None = None) -> str:
    """A move for logs: its notation, then what it does in ``state`` when the title's
    ``describe_move`` says more than the notation. A move ``viewer`` may not see is told
    in words only (its notation would name what it hides)."""
    described = game.describe_move(state, move, viewer)
    if viewer is not None and game.hides_move(state, move, viewer):
        return described
    text = game.format_move(move, state)
    return text if described == text else f"{text}{' ' * max(2, 15 - len(text))}{described}"


def event_lines(game: AnyGame, state: Any, move: Any, viewer: int | None = None) -> list[str]:
    """What followed ``move`` without a decision, as ``viewer`` may know it."""
    return list(game.describe_events(state, move, viewer))


def final_table(
    game: AnyGame, state: Any, labels: Sequence[str], *, title: str = "Final scores"
) -> Table:
    """The scores of a finished game, each seat "won" or "lost" (a cooperative or
    solitaire game is won or lost by everyone alike; a truncated game has no result)."""
    scores = game.scores(state)
    winners = set(game.winners(state))
    truncated = game.outcome(state) is Outcome.TRUNCATED
    if truncated:
        title += " (truncated by the game-length safeguard: no winner)"
    table = Table(title=title)
    for column in ("seat", "player", "score", "result"):
        table.add_column(column)
    for seat, label in enumerate(labels):
        result = "-" if truncated else "won" if seat in winners else "lost"
        table.add_row(f"P{seat}", label, str(scores[seat]), result)
    return table


def free_path(stem: str) -> str:
    """``<stem>.json``, or ``<stem>-2.json``, ``<stem>-3.json`` ...: the first name no file
    has yet."""
    path, n = Path(f"{stem}.json"), 1
    while path.exists():
        n += 1
        path = Path(f"{stem}-{n}.json")
    return str(path)


def default_path(game: AnyGame, seed: int) -> str:
    """A file name for a game that no file has yet: ``kashgar-seed7.json``,
    ``kashgar-seed7-2.json`` ..."""
    return free_path(f"{game.spec.name}-seed{seed}")


def offer_to_save(
    record: Record,
    out: Console,
    read: Reader,
    *,
    default: str,
    hint: Callable[[str], str],
    save_path: str | None = None,
    ask: bool = True,
) -> str | None:
    """End a stopped game: write its record to ``save_path`` when one was given, else
    ask for a file (Enter for a new name, ``no`` not to save) when ``ask``, else write
    it to ``default`` (see :func:`default_path`) and say so. Returns the file
    written, if any; ``hint(path)`` says how to continue from it."""

    def save(path: str) -> bool:
        try:
            record.save(path)
        except (OSError, RulesError) as exc:
            out.print(f"Could not save: {exc}", highlight=False, markup=False)
            return False
        out.print(f"Saved to {path}; continue with: {hint(path)}", highlight=False, markup=False)
        return True

    if save_path is not None:
        return save_path if save(save_path) else None
    if not ask:
        out.print(f"The game so far goes to {default}.", highlight=False, markup=False)
        return default if save(default) else None
    while True:
        try:
            answer = read(
                f"Save the game before you go? A file name, Enter for {default}, or 'no': "
            ).strip()
        except (EOFError, KeyboardInterrupt):
            out.print()
            answer = "no"
        if answer.lower() in ("no", "n"):
            out.print("Not saved.")
            return None
        if save(answer or default):
            return answer or default


class Quit(Exception):
    """The person asked to stop, pressed Ctrl-C (``interrupted``), or the input ended
    (``ended``)."""

    def __init__(self, *, ended: bool = False, interrupted: bool = False) -> None:
        super().__init__("input ended" if ended else "interrupted" if interrupted else "quit")
        self.ended = ended
        self.interrupted = interrupted


@attrs.frozen
class _Entry:
    """A move of the log: its number, who made it, the state it was made in."""

    number: int
    player: int
    before: Any
    move: Any


class HumanGame:
    """A game where the seats in ``humans`` are played by people at the terminal.

    ``agents`` maps every other seat to an agent. ``moves`` are decisions already made
    (from a resumed record); they are replayed first. ``names`` names the seats' players
    (a person's name, an agent's spec); ``save_path`` is where the record will be written
    when the session ends (``--save``), if anywhere. ``wide`` shows the whole table and
    every move at each decision instead of the screen of :data:`HEIGHT` lines.
    ``interactive`` says whether a person can answer a question after Ctrl-C (the input
    is a terminal); when not, a stopped game is saved without asking. ``position`` (a
    position's text) is the start instead of the seeded setup; the record keeps it.
    ``hints`` (a search budget in iterations; None: off) lets the person to decide ask
    ``hint``: the search's top three moves from their own observation.
    """

    def __init__(
        self,
        game: AnyGame,
        options: Any,
        seed: int,
        humans: set[int],
        agents: dict[int, Agent],
        *,
        read: Reader,
        out: Console,
        moves: Sequence[Any] = (),
        names: Sequence[str] = (),
        save_path: str | None = None,
        wide: bool = False,
        interactive: bool = True,
        height: int = HEIGHT,
        position: str | None = None,
        hints: int | None = None,
    ) -> None:
        self.game, self.options, self.seed = game, options, seed
        #: the search budget of a ``hint`` (None: hints are off)
        self.hints = hints
        self.position = position
        self.humans, self.agents = humans, agents
        self.read, self.out = read, out
        self.moves: list[Any] = []
        self.save_path = save_path
        self.wide, self.interactive, self.height = wide, interactive, height
        self.state = self._start()
        self.log: list[_Entry] = []
        for move in moves:
            self._advance(move)
        seats = game.num_players(self.state)
        self.names = list(names) or [self._default_name(p) for p in range(seats)]
        #: per person, how much of the log they have been shown
        self.seen: dict[int, int] = dict.fromkeys(humans, len(self.log))
        self.quit = False
        self._last_human: int | None = None
        self.keys = Keys()
        #: the length of the log when the keys were last given
        self._keyed = 0
        #: the moves offered now, by key, and the choices as shown
        self._offered: dict[int, Any] = {}
        self._choices: list[Choice] = []

    def _start(self) -> Any:
        """The state before any move: the seeded setup, or the starting position."""
        if self.position is None:
            return self.game.new_game(self.options, self.seed)
        return self.game.from_position(self.position, self.options)

    def _default_name(self, seat: int) -> str:
        if seat in self.humans:
            return "you" if len(self.humans) == 1 else ""
        agent = self.agents.get(seat)
        return agent_name(agent) if agent is not None else ""

    def label(self, seat: int) -> str:
        """A seat by number and name: ``P0 Alice``, ``P1 ismcts`` (``P1`` alone for a
        person without a name at a shared terminal)."""
        name = self.names[seat] if seat < len(self.names) else ""
        return f"P{seat} {name}".rstrip()

    def _advance(self, move: Any) -> None:
        """Make ``move``: the state, the log and the moves change together."""
        player = self.game.current_player(self.state)
        assert player is not None
        before = self.state
        after = self.game.apply(before, move)
        entry = _Entry(len(self.log) + 1, player, before, move)
        self.state, self.log, self.moves = after, [*self.log, entry], [*self.moves, move]

    def record(self) -> Record:
        """The game so far (with its result once it is over)."""
        result = Result.of(self.game, self.state) if self.game.is_over(self.state) else None
        seats = self.game.num_players(self.state)
        names = tuple(
            "human" if p in self.humans else agent_name(self.agents[p]) if p in self.agents else ""
            for p in range(seats)
        )
        return Record(
            self.game.spec.name,
            self.options,
            self.seed,
            tuple(self.moves),
            result,
            names if all(names) else (),
            rules_version=self.game.spec.rules_version,
            position=self.position,
        )

    # ------------------------------------------------------------------ the log

    def _width(self) -> int:
        return min(WIDTH, self.out.width) if self.out.width else WIDTH

    def _print(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.out.print(line, highlight=False, markup=False)

    def say(self, text: str, indent: int = 0, hang: int = 4) -> None:
        """Print ``text`` wrapped to the page (at most :data:`WIDTH` columns), each of
        its lines on its own, later lines indented ``indent + hang`` (or the line's own
        indent + hang)."""
        self._print(wrap(text, self._width(), indent, hang))

    def _entry_lines(self, entry: _Entry, viewer: int | None) -> list[str]:
        """A move of the log, unwrapped: the move, then what followed it."""
        who = "you" if entry.player == viewer else f"P{entry.player}"
        line = move_line(self.game, entry.before, entry.move, viewer)
        events = event_lines(self.game, entry.before, entry.move, viewer)
        return [f"{entry.number:5d}. {who:>3}  {line}", *(f"{'':12}{e}" for e in events)]

    def _print_entries(self, entries: Sequence[_Entry], viewer: int | None) -> None:
        width = self._width()
        for entry in entries:
            for line in self._entry_lines(entry, viewer):
                self._print(wrap(line, width, 12))

    def _unseen(self, viewer: int) -> list[_Entry]:
        """The moves ``viewer`` has not been shown yet (now marked shown)."""
        start = self.seen.get(viewer, 0)
        self.seen[viewer] = len(self.log)
        return self.log[start:]

    # ------------------------------------------------------------------ playing

    def play(self) -> Record:
        """Play until the game ends or the person quits; returns the record. Ctrl-C
        anywhere stops the game as ``quit`` does."""
        try:
            self._play()
        except Quit as stop:
            self._stop(ended=stop.ended, interrupted=stop.interrupted)
            return self.record()
        except KeyboardInterrupt:  # an agent thinking, a table being drawn
            self.out.print()
            self._stop(ended=False, interrupted=True)
            return self.record()
        self._finish()
        return self.record()

    def _play(self) -> None:
        game = self.game
        status: Status | None = None  # a passing line while an agent thinks, on a terminal
        try:
            while not game.is_over(self.state):
                player = game.current_player(self.state)
                assert player is not None
                legal = game.legal_moves(self.state)
                if player in self.humans:
                    if status is not None:
                        status.stop()
                        status = None
                    move = self._ask(player, legal)
                    if move is None:  # undone: the state was rebuilt, ask again
                        continue
                else:
                    if self.humans and self.out.is_terminal:
                        thinking = f"{self.label(player)} is thinking..."
                        if status is None:
                            status = self.out.status(thinking)
                            status.start()
                        else:
                            status.update(thinking)
                    observation = game.observe(self.state, player)
                    move = self.agents[player].choose(game, observation, legal)
                self._advance(move)
        finally:
            if status is not None:
                status.stop()

    def _finish(self) -> None:
        game = self.game
        viewer = self._last_human if self._last_human is not None else min(self.humans, default=0)
        if self.humans:
            self._print_entries(self._unseen(viewer), viewer)
        self.out.print()
        self.out.print(game.render(self.state), highlight=False, markup=False)
        seats = game.num_players(self.state)
        labels = [
            (self.names[p] if p < len(self.names) else "") or ("human" if p in self.humans else "")
            for p in range(seats)
        ]
        self.out.print(final_table(game, self.state, labels))
        self.out.print(self._verdict(), highlight=False)

    def _verdict(self) -> str:
        game = self.game
        if game.outcome(self.state) is Outcome.TRUNCATED:
            return "The game was stopped by the game-length safeguard: no result."
        seats = game.num_players(self.state)
        winners = game.winners(self.state)
        if seats == 1:
            return "You won." if winners else "You lost."
        if len(winners) == seats and seats > 1:
            return "Everyone won."
        if not winners:
            return "Nobody won."
        return "Won: " + ", ".join(self.label(w) for w in winners) + "."

    # ------------------------------------------------------------------ the screen

    def _offer(self, player: int, legal: Sequence[Any]) -> None:
        """Give the legal moves their keys (see :class:`~silkroad.cli.screen.Keys`)."""
        game = self.game
        notations = [game.format_move(m, self.state) for m in legal]
        fresh = any(e.player != player for e in self.log[self._keyed :])
        keys = self.keys.assign(player, notations, fresh=fresh)
        self._keyed = len(self.log)
        self._offered = dict(zip(keys, legal, strict=True))
        self._choices = sorted(
            (
                Choice(k, n, move_line(game, self.state, m, player))
                for k, n, m in zip(keys, notations, legal, strict=True)
            ),
            key=lambda c: c.key,
        )

    def _table_lines(self) -> list[str]:
        """The compact table (or the first lines of the whole one), wrapped."""
        compact = compact_table(self.game)
        text = compact(self.state) if compact is not None else self.game.render(self.state)
        width = self._width()
        return [line for raw in text.split("\n") for line in wrap(raw, width, 0, 6)]

    def _show(self, player: int, changes: Sequence[_Entry] = ()) -> None:
        """The screen of a decision: the changes, the table, the choices (the prompt
        follows). It fits :attr:`height` lines unless ``wide``."""
        width = self._width()
        blocks = [self._entry_lines(e, player) for e in changes]
        if self.wide:
            self._print_entries(changes, player)
            self.out.rule(f"{self.label(player)} to decide")
            self.out.print(self.game.render(self.state), highlight=False, markup=False)
            self.out.print("Your moves:")
            self._print([line for c in self._choices for line in wrap(c.line(), width, 7)])
            return
        fixed = 3  # the rule, "Your moves:" and the prompt
        table = self._table_lines()
        wanted = sum(len(wrap(c.line(), width, 7)) for c in self._choices)
        least = min(MIN_CHOICE_LINES, wanted)
        cap = self.height - fixed - least
        if len(table) > cap:
            table = [*table[: cap - 1], "  ... ('table' shows the whole table)"]
        # the changes keep a few lines; the choices take what they need of the rest
        reserve = min(CHANGE_LINES, sum(len(wrap(x, width, 12)) for b in blocks for x in b))
        room = max(least, min(MAX_CHOICE_LINES, self.height - fixed - len(table) - reserve))
        choices, _ = choice_lines(self._choices, room, width)
        left = self.height - fixed - len(table) - len(choices)
        self._print(fit_changes(blocks, left, width))
        self.out.rule(f"{self.label(player)} to decide")
        self._print(table)
        self.out.print("Your moves:")
        self._print(choices)

    def _moves(self, text: str) -> None:
        """``moves [N]``: every choice with what it does, page N."""
        lines = [line for c in self._choices for line in wrap(c.line(), self._width(), 7)]
        book = pages(lines, self.height - 2)
        if text and not (text.isdigit() and 1 <= int(text) <= len(book)):
            self.out.print(f"moves takes a page from 1 to {len(book)}, not {text!r}.")
            return
        number = int(text) if text else 1
        self._print(book[number - 1])
        if len(book) > 1:
            more = f"; 'moves {number + 1}' for the next" if number < len(book) else ""
            self.out.print(f"(page {number} of {len(book)}{more})")

    def _hand_over(self, player: int) -> None:
        """Hot-seat: the terminal goes to another person. The screen and its scrollback
        are cleared, and the next person confirms at a blank screen before anything of
        theirs is shown."""
        if len(self.humans) < 2 or self._last_human in (None, player):
            return
        self._clear()
        self.out.print(f"Pass the terminal to {self.label(player)}.", markup=False)
        self._read(f"{self.label(player)}: press Enter when you are ready. ")
        self._clear()

    def _clear(self) -> None:
        """Clear the screen and the scrollback (on a terminal), and forget the lines
        typed so far (readline's history, when it is loaded)."""
        readline = sys.modules.get("readline")
        if readline is not None and hasattr(readline, "clear_history"):
            readline.clear_history()
        if not self.out.is_terminal:
            return
        self.out.control(Control.home(), Control.clear())
        self.out.file.write(CLEAR_SCROLLBACK)
        self.out.file.flush()

    def _read(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            raise Quit(ended=True) from None
        except KeyboardInterrupt:
            self.out.print()
            raise Quit(interrupted=True) from None

    def _ask(self, player: int, legal: Sequence[Any]) -> Any:
        """The person's move; None after an undo; raises Quit."""
        self._hand_over(player)
        self._last_human = player
        self._offer(player, legal)
        self._show(player, self._unseen(player))
        while True:
            answer = " ".join(self._read(f"{self.label(player)}> ").split())
            if not answer:
                continue
            outcome = self._answer(player, answer, legal)
            if outcome is not _AGAIN:
                return outcome

    def _answer(self, player: int, answer: str, legal: Sequence[Any]) -> Any:
        """What an answer does: a move, None after an undo, or :data:`_AGAIN`."""
        lower = answer.lower()
        if lower.isdigit():
            return self._by_key(int(lower))
        by_notation = {self.game.format_move(m, self.state).lower(): m for m in legal}
        if lower in by_notation:
            return by_notation[lower]
        word, _, rest = answer.partition(" ")
        word = word.lower()
        parsed = self._parse(answer)
        if parsed is not None and parsed in legal:  # a legal move in another notation
            return parsed
        if parsed is not None:  # a move, but not one of the legal ones: the reason first
            self.say(str(explain_for_seat(self.game, self.state, parsed, player)))
            self.say(
                f"{answer!r} is not legal now: choose one of the listed moves ('board' shows "
                "them again)."
            )
            return _AGAIN
        if word in _BARE and rest:
            self.out.print(
                f"'{word}' takes nothing after it (got {rest!r}); type 'help' for the commands.",
                markup=False,
            )
            return _AGAIN
        if word == "quit":
            raise Quit
        if word == "undo":
            return None if self._undo(player) else _AGAIN
        if word in _COMMANDS:
            _COMMANDS[word](self, player, rest)
            return _AGAIN
        reason = explain_for_seat(self.game, self.state, answer, player)
        self.say(f"Not a move: {reason}. Type 'help' for the commands.")
        return _AGAIN

    def _by_key(self, key: int) -> Any:
        if key in self._offered:
            return self._offered[key]
        if self.keys.retired(key):
            self.out.print(
                f"Choice {key} is no longer offered; choose one of the keys shown "
                "('board' shows them again)."
            )
        else:
            keys = sorted(self._offered)
            listed = f"{keys[0]} to {keys[-1]}" if len(keys) > 1 else str(keys[0])
            self.out.print(f"There is no choice {key}: the keys are {listed}.")
        return _AGAIN

    def _parse(self, answer: str) -> Any:
        """The move ``answer`` names (in any case), legal or not; None if none."""
        try:
            return parse_typed_move(self.game, self.state, answer)
        except RulesError:
            return None

    # ------------------------------------------------------------------ commands

    def _help(self, player: int, text: str) -> None:
        del player, text
        self.out.print(HELP, highlight=False, markup=False)

    def _board(self, player: int, text: str) -> None:
        del text
        self._show(player)

    def _table(self, player: int, text: str) -> None:
        del player, text
        self.out.print(self.game.render(self.state), highlight=False, markup=False)

    def _player(self, player: int, text: str) -> None:
        del player
        seats = self.game.num_players(self.state)
        number = text.lower().removeprefix("p")
        if not (number.isdigit() and int(number) < seats):
            self.out.print(f"Say which player: player 0 to player {seats - 1}.")
            return
        view = seat_table(self.game)
        if view is None:
            self.out.print(f"{self.game.spec.title} has no view of one player: 'table' shows all.")
            return
        self.out.print(view(self.state, int(number)), highlight=False, markup=False)

    def _save_command(self, player: int, text: str) -> None:
        del player
        self._save(text)

    def _show_log(self, player: int, text: str) -> None:
        if text and not (text.isdigit() and int(text) > 0):
            self.out.print(f"log takes a number of moves (log 5), not {text!r}.")
            return
        count = int(text) if text else LOG_LINES
        entries = self.log[-count:]
        if not entries:
            self.out.print("No move has been made yet.")
            return
        self._print_entries(entries, player)

    def _why(self, player: int, text: str) -> None:
        """``why MOVE``: why a move (its notation, or the key of a choice) is or is not
        legal now, as ``player`` may know it, without playing it."""
        if not text:
            self.out.print("Say which move: why MOVE (its notation or key), e.g. 'why 3'.")
            return
        move: Any = self._parse(text)
        if text.isdigit() and int(text) in self._offered:
            move = self._offered[int(text)]
        elif move is None:
            move = text
        reason = explain_for_seat(self.game, self.state, move, player)
        self.say(f"Not a move: {reason}" if reason.verdict is Verdict.UNKNOWN else str(reason))

    def _hint(self, player: int, text: str) -> None:
        """``hint``: the search's top three moves for the seat deciding now, searched
        from that seat's observation only (:func:`silkroad.analysis.hints`)."""
        del text
        if self.hints is None:
            self.out.print("Hints are off at this table: start the game with --hints.")
            return
        from silkroad.analysis import hints

        observation = self.game.observe(self.state, player)
        found = hints(self.game, observation, player, iterations=self.hints, seed=len(self.moves))
        self.out.print(
            f"The search's top moves for {self.label(player)} ({self.hints} iterations, "
            "from what you can see):",
            markup=False,
        )
        for rank, estimate in enumerate(found, start=1):
            self.say(f"{rank}. {estimate.move}: {estimate.words} · {estimate.line()}", 2, 5)

    def _moves_command(self, player: int, text: str) -> None:
        del player
        self._moves(text)

    def _card(self, player: int, text: str) -> None:
        """The full text of the card ``text`` names, if ``player`` can see it."""
        if not text:
            self.out.print("Say which card: card NAME or card NUMBER")
            return
        texts = self.game.card_texts(self.state, player)
        key = " ".join(text.lower().split())
        found = texts.get(key)
        if found is None and not key.isdigit():
            matches = sorted({v for k, v in texts.items() if key in k})
            if len(matches) == 1:
                found = matches[0]
            elif matches:
                self.out.print(f"{text!r} names {len(matches)} cards:", highlight=False)
                for line in matches:
                    self.say(f"  {line}", 2)
                return
        if found is None:
            self.out.print(f"No card {text!r} that you can see.", highlight=False, markup=False)
            return
        self.say(found)

    def _undo(self, player: int) -> bool:
        """Take back ``player``'s last decision and everything after it."""
        last = next((e for e in reversed(self.log) if e.player == player), None)
        if last is None:
            self.out.print("Nothing to undo: you have not decided anything yet.")
            return False
        index = last.number - 1
        taken = len(self.moves) - index
        moves = self.moves[:index]
        self.moves, self.log = [], []
        self.state = self._start()
        for move in moves:
            self._advance(move)
        self.seen = {h: min(n, len(self.log)) for h, n in self.seen.items()}
        self.keys.reset()
        self.out.print(f"Took back {taken} decision{'s' if taken != 1 else ''}.")
        return True

    # ------------------------------------------------------------------ saving

    def resume_hint(self, path: str) -> str:
        """How to continue the game saved at ``path``."""
        seats = " ".join(f"--human {h}" for h in sorted(self.humans))
        return f"silkroad play {self.game.spec.name} --resume {path} {seats}".rstrip()

    def default_path(self) -> str:
        """A file name for the game that no file has yet (see :func:`default_path`)."""
        return default_path(self.game, self.seed)

    def _save(self, path: str) -> bool:
        if not path:
            self.out.print("Say where: save FILE")
            return False
        try:
            self.record().save(path)
        except (OSError, RulesError) as exc:
            self.out.print(f"Could not save: {exc}", highlight=False, markup=False)
            return False
        self.out.print(
            f"Saved to {path}; continue with: {self.resume_hint(path)}",
            highlight=False,
            markup=False,
        )
        return True

    def _stop(self, *, ended: bool, interrupted: bool = False) -> None:
        """End the session before the game is over: say how to resume, and save when
        asked; when the input ended, or Ctrl-C came with no terminal to ask at, to a new
        file named on the screen."""
        self.quit = True
        self.out.print("Game stopped.")
        if self.save_path is not None:
            self.out.print(
                f"The game so far is saved to {self.save_path}; continue with: "
                f"{self.resume_hint(self.save_path)}",
                highlight=False,
                markup=False,
            )
            return
        if ended:
            self.out.print("The input ended.", highlight=False)
        offer_to_save(
            self.record(),
            self.out,
            self.read,
            default=self.default_path(),
            hint=self.resume_hint,
            ask=not ended and (self.interactive or not interrupted),
        )


#: What :meth:`HumanGame._answer` returns when the person is asked again.
_AGAIN = object()

#: The commands that print something and ask again, by their word.
_COMMANDS: dict[str, Callable[[HumanGame, int, str], None]] = {
    "help": HumanGame._help,
    "board": HumanGame._board,
    "table": HumanGame._table,
    "player": HumanGame._player,
    "save": HumanGame._save_command,
    "log": HumanGame._show_log,
    "moves": HumanGame._moves_command,
    "why": HumanGame._why,
    "hint": HumanGame._hint,
    "card": HumanGame._card,
}


STEP_HELP = """\
  enter, n    next decision            b, back    previous decision
  N           jump to the state after decision N (0: the start)
  p, position print the position here (TOML: start a scenario from it)
  why MOVE    why MOVE is or is not legal here (the rule that refuses it); a move alone too
  h, help     this text
  q, quit     stop"""

#: The one line for input that is neither a step command nor a move (``{typed}``: the input).
STEP_UNKNOWN = (
    "{typed!r} is neither a command nor a move here: enter or n (next), b (back), "
    "a number (jump), p (position), why MOVE, a move's notation, h (help), q (quit)."
)


def analysis_line(decision: Any) -> str:
    """One decision of an analysis (:class:`silkroad.analysis.DecisionAnalysis`) in
    words: the estimate of the move played and, when the search prefers another, that
    move and its estimate."""
    played = "not searched" if decision.played is None else decision.played.line()
    line = f"analysis: played {decision.move}: {played}"
    if not decision.agrees:
        best = decision.best
        line += f"; better {best.move} ({best.words}): {best.line()}"
    return line


def step_through(record: Record, game: AnyGame, out: Console, read: Reader) -> None:
    """Show a record decision by decision: the move, then the table after it.

    Enter (or ``n``) goes on, ``b`` steps back, a number jumps to the state after that
    many decisions, ``p`` prints the position at the current step, ``why MOVE`` (or a
    move's notation alone) says why that move is or is not legal at the current step
    (the title's ``explain``: a record is not a seat's view, so the whole state is read),
    ``h`` lists the commands, ``q`` stops; when the input ends, the rest is shown without
    pausing. An annotated record (``silkroad analyze --save``) shows the analysis of
    each decision after its move: the estimate of the move played and the better move.
    """
    from silkroad.analysis import Analysis

    all_states = list(states(record, game))
    last = len(record.moves)
    index = 0
    pausing = True
    analysis = Analysis.of(record)
    analyzed = {} if analysis is None else {d.index: d for d in analysis.decisions}

    def show(i: int) -> None:
        if i == 0:
            out.rule("setup" if record.position is None else "the starting position")
        else:
            before = all_states[i - 1]
            move = record.moves[i - 1]
            line = move_line(game, before, move)
            out.rule(f"move {i}/{last}: P{game.current_player(before)} {line}")
            found = analyzed.get(i - 1)
            if found is not None:
                out.print(analysis_line(found), highlight=False, markup=False)
        out.print(game.render(all_states[i]), highlight=False)

    show(0)
    while True:
        if not pausing:
            if index >= last:
                return
            index += 1
            show(index)
            continue
        if index >= last:
            prompt = "[end] b back, N jump, p position, q quit> "
        else:
            prompt = "[enter] next, b back, N jump, p position, q quit> "
        try:
            typed = " ".join(read(prompt).split())
        except EOFError:
            pausing = False
            continue
        answer = typed.lower()
        if answer in ("q", "quit"):
            return
        if answer in ("", "n", "next"):
            if index >= last:
                return
            index += 1
        elif answer in ("b", "back"):
            if index == 0:
                out.print("This is the start: nothing before it.")
                continue
            index -= 1
        elif answer.isdigit():
            if int(answer) > last:
                out.print(f"The record has {last} decisions: jump to 0 to {last}.")
                continue
            index = int(answer)
        elif answer in ("p", "position"):
            out.print(game.to_position(all_states[index]), markup=False, highlight=False, end="")
            continue
        elif answer == "why" or answer.startswith("why "):
            asked = typed[4:].strip()
            if asked:
                _explain_step(game, all_states[index], asked, out)
            else:
                out.print("Say which move: why MOVE (its notation).")
            continue
        elif answer in ("h", "help", "?"):
            out.print(STEP_HELP, highlight=False, markup=False)
            continue
        else:
            if not _explain_step(game, all_states[index], typed, out, quiet=True):
                out.print(STEP_UNKNOWN.format(typed=typed), highlight=False, markup=False)
            continue
        show(index)


def _explain_step(
    game: AnyGame, state: Any, text: str, out: Console, *, quiet: bool = False
) -> bool:
    """Print why the move ``text`` names is or is not legal in ``state`` (a step of a
    record); with ``quiet``, print nothing for text that names no move. Returns whether
    something was printed."""
    try:
        move: Any = parse_typed_move(game, state, text)
    except RulesError:
        if quiet:
            return False
        move = text
    reason = explain(game, state, move)
    text = f"Not a move: {reason}" if reason.verdict is Verdict.UNKNOWN else str(reason)
    for line in wrap(text, min(WIDTH, out.width or WIDTH)):
        out.print(line, highlight=False, markup=False)
    return True
