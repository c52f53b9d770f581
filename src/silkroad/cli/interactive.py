"""Playing in the terminal: people against agents (or each other), and stepping through
records.

:class:`HumanGame` drives ``silkroad play GAME --human SEAT``. At each of a person's
decisions it shows what happened since their last decision (each move in words, and the
events that followed it), the table (``render``) and the legal moves numbered; the
answer is a number or the move's notation. Commands: ``card NAME|NUMBER`` prints the
full text of a card the person can see, ``board`` draws the table again, ``log [N]``
shows the last moves again, ``undo`` takes back the person's last decision (and whatever
followed it), ``save FILE`` writes the record so far, ``help`` explains, ``quit`` ends
(offering to save). Ctrl-C at the prompt does what ``quit`` does; when the input ends,
the game so far is saved to a file named on the screen. A wrong answer is asked again
with the reason. Input and output are injected, so tests feed it text.

A person sees only what their seat may see: another player's hidden decision is told
as hidden (the title's ``hides_move`` and ``describe_move(state, move, viewer)``), and
with several people at one terminal (hot-seat), each sees the moves since their last
turn from their own seat, after handing over the terminal.

The game itself stays pure: the session keeps the list of moves and rebuilds states by
replaying them, so ``undo`` is exact.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.table import Table

from silkroad.agents import Agent
from silkroad.arena.match import agent_name
from silkroad.core.errors import InvalidMoveError, RulesError
from silkroad.core.game import AnyGame, Outcome
from silkroad.core.replay import Record, Result, states

__all__ = [
    "HELP",
    "HumanGame",
    "event_lines",
    "final_table",
    "move_line",
    "step_through",
]

HELP = """\
Answer with the number of a move or its notation. Other commands:
  card NAME   the full text of a card you can see (by name or number, e.g. card 12)
  board       show the table again
  log [N]     show the last N moves again (default 20)
  undo        take back your last decision (and the moves that followed it)
  save FILE   write the game so far as a record (continue it with --resume FILE)
  help        show this text
  quit        stop playing (you are offered to save first; Ctrl-C does the same)"""

Reader = Callable[[str], str]

#: Moves ``log`` shows by default.
LOG_LINES = 20
#: The widest line the session prints (narrower on a narrower terminal).
WIDTH = 100


def move_line(game: AnyGame, state: Any, move: Any, viewer: int | None = None) -> str:
    """A move for logs: its notation, then what it does in ``state`` when the title's
    ``describe_move`` says more than the notation. A move ``viewer`` may not see is told
    in words only (its notation would name what it hides)."""
    described = game.describe_move(state, move, viewer)
    if viewer is not None and game.hides_move(state, move, viewer):
        return described
    text = game.format_move(move)
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


class Quit(Exception):
    """The person asked to stop, pressed Ctrl-C, or the input ended (``ended``)."""

    def __init__(self, *, ended: bool = False) -> None:
        super().__init__("input ended" if ended else "quit")
        self.ended = ended


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
    when the session ends (``--save``), if anywhere; ``command`` is the command that
    started the game, for the hint on how to resume.
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
    ) -> None:
        self.game, self.options, self.seed = game, options, seed
        self.humans, self.agents = humans, agents
        self.read, self.out = read, out
        self.moves: list[Any] = list(moves)
        self.save_path = save_path
        self.state = game.new_game(options, seed)
        self.log: list[_Entry] = []
        for move in self.moves:
            self._record_move(move)
        seats = game.num_players(self.state)
        self.names = list(names) or [self._default_name(p) for p in range(seats)]
        #: per person, how much of the log they have been shown
        self.seen: dict[int, int] = dict.fromkeys(humans, len(self.log))
        self.quit = False
        self._last_human: int | None = None

    def _default_name(self, seat: int) -> str:
        if seat in self.humans:
            return "you" if len(self.humans) == 1 else f"player {seat + 1}"
        agent = self.agents.get(seat)
        return agent_name(agent) if agent is not None else ""

    def label(self, seat: int) -> str:
        """A seat by number and name: ``P0 Alice``, ``P1 ismcts``."""
        name = self.names[seat] if seat < len(self.names) else ""
        return f"P{seat} {name}".rstrip()

    def _record_move(self, move: Any) -> None:
        player = self.game.current_player(self.state)
        assert player is not None
        before = self.state
        self.state = self.game.apply(before, move)
        self.log.append(_Entry(len(self.log) + 1, player, before, move))

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
        )

    # ------------------------------------------------------------------ the log

    def say(self, text: str, indent: int = 0, hang: int = 4) -> None:
        """Print ``text`` wrapped to the page (at most :data:`WIDTH` columns), each of
        its lines on its own, later lines indented ``indent + hang`` (or the line's own
        indent + hang)."""
        width = min(WIDTH, self.out.width) if self.out.width else WIDTH
        for paragraph in text.split("\n"):
            lead = len(paragraph) - len(paragraph.lstrip(" "))
            lines = textwrap.wrap(
                paragraph,
                width,
                initial_indent="",
                subsequent_indent=" " * (max(indent, lead) + hang),
                drop_whitespace=True,
                replace_whitespace=False,
            ) or [""]
            for line in lines:
                self.out.print(line, highlight=False, markup=False)

    def _entry_lines(self, entry: _Entry, viewer: int | None) -> list[tuple[str, int]]:
        who = "you" if entry.player == viewer else f"P{entry.player}"
        line = move_line(self.game, entry.before, entry.move, viewer)
        lines = [(f"{entry.number:5d}. {who:>3}  {line}", 12)]
        lines += [
            (f"{'':12}{e}", 12) for e in event_lines(self.game, entry.before, entry.move, viewer)
        ]
        return lines

    def _print_entries(self, entries: Sequence[_Entry], viewer: int | None) -> None:
        for entry in entries:
            for line, indent in self._entry_lines(entry, viewer):
                self.say(line, indent)

    def _flush(self, viewer: int) -> None:
        """Show ``viewer`` the moves they have not seen yet."""
        start = self.seen.get(viewer, 0)
        self._print_entries(self.log[start:], viewer)
        self.seen[viewer] = len(self.log)

    # ------------------------------------------------------------------ playing

    def play(self) -> Record:
        """Play until the game ends or the person quits; returns the record."""
        game = self.game
        while not game.is_over(self.state):
            player = game.current_player(self.state)
            assert player is not None
            legal = game.legal_moves(self.state)
            if player in self.humans:
                try:
                    move = self._ask(player, legal)
                except Quit as stop:
                    self.quit = True
                    self._stop(player, ended=stop.ended)
                    return self.record()
                if move is None:  # undone: the state was rebuilt, ask again
                    continue
            else:
                observation = game.observe(self.state, player)
                move = self.agents[player].choose(game, observation, legal)
            self.moves.append(move)
            self._record_move(move)
            if len(self.humans) == 1:
                self._flush(next(iter(self.humans)))
        self._finish()
        return self.record()

    def _finish(self) -> None:
        game = self.game
        viewer = self._last_human if self._last_human is not None else min(self.humans, default=0)
        if self.humans:
            self._flush(viewer)
        self.out.print()
        self.out.print(game.render(self.state), highlight=False, markup=False)
        seats = game.num_players(self.state)
        labels = [self.names[p] if p < len(self.names) else "" for p in range(seats)]
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

    def _show(self, player: int, legal: Sequence[Any]) -> None:
        game = self.game
        self.out.rule(f"{self.label(player)} to decide")
        self.out.print(game.render(self.state), highlight=False, markup=False)
        self.out.print("Your moves:")
        for number, move in enumerate(legal, start=1):
            line = move_line(game, self.state, move, player)
            self.say(f"  {number:3d}. {line}", 7)

    def _hand_over(self, player: int) -> None:
        """Hot-seat: the terminal goes to another person before their table is shown."""
        if len(self.humans) < 2 or self._last_human in (None, player):
            return
        if self.out.is_terminal:
            self.out.clear()
        self.out.rule(f"{self.label(player)}: your turn")
        self._read(f"Hand the terminal to {self.label(player)}, then press Enter: ")

    def _read(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            raise Quit(ended=True) from None
        except KeyboardInterrupt:
            self.out.print()
            raise Quit from None

    def _ask(self, player: int, legal: Sequence[Any]) -> Any:
        """The person's move; None after an undo; raises Quit."""
        self._hand_over(player)
        self._last_human = player
        self._flush(player)
        self._show(player, legal)
        while True:
            answer = self._read(f"{self.label(player)}> ").strip()
            if not answer:
                continue
            word, _, rest = answer.partition(" ")
            rest = rest.strip()
            if word == "quit":
                raise Quit
            if word == "help":
                self.out.print(HELP, highlight=False, markup=False)
                continue
            if word == "undo":
                if self._undo(player):
                    return None
                continue
            if word == "save":
                self._save(rest)
                continue
            if word == "board":
                self._show(player, legal)
                continue
            if word == "log":
                self._show_log(player, rest)
                continue
            if word == "card" and not self._is_move(answer):
                self._card(player, rest)
                continue
            move = self._parse(answer, legal)
            if move is not None:
                return move

    def _is_move(self, answer: str) -> bool:
        try:
            self.game.parse_move(self.state, answer)
        except (InvalidMoveError, RulesError):
            return False
        return True

    def _parse(self, answer: str, legal: Sequence[Any]) -> Any:
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.out.print(f"There is no move {number}: choose 1 to {len(legal)}.")
            return None
        try:
            move = self.game.parse_move(self.state, answer)
        except InvalidMoveError as exc:
            self.out.print(f"Not a move: {exc}. Type 'help' for the commands.", highlight=False)
            return None
        if move not in legal:
            self.out.print(f"{answer!r} is not legal now; choose one of the listed moves.")
            return None
        return move

    def _show_log(self, player: int, text: str) -> None:
        count = int(text) if text.isdigit() and int(text) > 0 else LOG_LINES
        entries = self.log[-count:]
        if not entries:
            self.out.print("No move has been made yet.")
            return
        self._print_entries(entries, player)

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
            self.out.print(f"No card {text!r} that you can see.", highlight=False)
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
        self.state = self.game.new_game(self.options, self.seed)
        for move in moves:
            self.moves.append(move)
            self._record_move(move)
        self.seen = {h: min(n, len(self.log)) for h, n in self.seen.items()}
        self.out.print(f"Took back {taken} decision{'s' if taken != 1 else ''}.")
        return True

    # ------------------------------------------------------------------ saving

    def resume_hint(self, path: str) -> str:
        """How to continue the game saved at ``path``."""
        seats = " ".join(f"--human {h}" for h in sorted(self.humans))
        return f"silkroad play {self.game.spec.name} --resume {path} {seats}"

    def default_path(self) -> str:
        """A file name for the game that no file has yet: ``kashgar-seed7.json``,
        ``kashgar-seed7-2.json`` ..."""
        stem = f"{self.game.spec.name}-seed{self.seed}"
        path, n = Path(f"{stem}.json"), 1
        while path.exists():
            n += 1
            path = Path(f"{stem}-{n}.json")
        return str(path)

    def _save(self, path: str) -> bool:
        if not path:
            self.out.print("Say where: save FILE")
            return False
        try:
            self.record().save(path)
        except (OSError, RulesError) as exc:
            self.out.print(f"Could not save: {exc}", highlight=False)
            return False
        self.out.print(
            f"Saved to {path}; continue with: {self.resume_hint(path)}",
            highlight=False,
            markup=False,
        )
        return True

    def _stop(self, player: int, *, ended: bool) -> None:
        """End the session at the person's prompt: say how to resume, and save when
        asked (or, when the input ended, to a new file: nobody is left to ask)."""
        self.out.print("Game stopped.")
        if self.save_path is not None:
            self.out.print(
                f"The game so far is saved to {self.save_path}; continue with: "
                f"{self.resume_hint(self.save_path)}",
                highlight=False,
                markup=False,
            )
            return
        default = self.default_path()
        if ended:
            self.out.print("The input ended.", highlight=False)
            self._save(default)
            return
        while True:
            try:
                answer = self.read(
                    f"Save the game before you go? A file name, Enter for {default}, or 'no': "
                ).strip()
            except (EOFError, KeyboardInterrupt):
                self.out.print()
                answer = "no"
            if answer.lower() in ("no", "n"):
                self.out.print("Not saved.")
                return
            if self._save(answer or default):
                return


STEP_HELP = """\
  enter, n    next decision            b, back    previous decision
  N           jump to the state after decision N (0: the start)
  p, position print the position here (TOML: start a scenario from it)
  q, quit     stop"""


def step_through(record: Record, game: AnyGame, out: Console, read: Reader) -> None:
    """Show a record decision by decision: the move, then the table after it.

    Enter (or ``n``) goes on, ``b`` steps back, a number jumps to the state after that
    many decisions, ``p`` prints the position at the current step, ``h`` lists the
    commands, ``q`` stops; when the input ends, the rest is shown without pausing.
    """
    all_states = list(states(record, game))
    last = len(record.moves)
    index = 0
    pausing = True

    def show(i: int) -> None:
        if i == 0:
            out.rule("setup" if record.position is None else "the starting position")
        else:
            before = all_states[i - 1]
            move = record.moves[i - 1]
            line = move_line(game, before, move)
            out.rule(f"move {i}/{last}: P{game.current_player(before)} {line}")
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
            answer = read(prompt).strip().lower()
        except EOFError:
            pausing = False
            continue
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
        else:
            out.print(STEP_HELP, highlight=False)
            continue
        show(index)
