"""Playing in the terminal: a person against agents, and stepping through records.

:class:`HumanGame` drives ``silkroad play GAME --human SEAT``. At each of the person's
decisions it shows the table (``render``), what happened since their last decision, and
the legal moves numbered; the answer is a number or the move's notation. Commands:
``undo`` takes back the person's last decision (and whatever followed it), ``save FILE``
writes the record so far, ``help`` explains, ``quit`` ends. A wrong answer is asked again
with the reason. Input and output are injected, so tests feed it text.

The game itself stays pure: the session keeps the list of moves and rebuilds states by
replaying them, so ``undo`` is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console

from silkroad.agents import Agent
from silkroad.arena.match import agent_name
from silkroad.core.errors import InvalidMoveError, RulesError
from silkroad.core.game import AnyGame, Outcome
from silkroad.core.replay import Record, Result, states

__all__ = ["HELP", "HumanGame", "move_line", "step_through"]

HELP = """\
Answer with the number of a move or its notation. Other commands:
  undo        take back your last decision (and the moves that followed it)
  save FILE   write the game so far as a record (continue it with --resume FILE)
  help        show this text
  quit        stop playing"""

Reader = Callable[[str], str]


def move_line(game: AnyGame, state: Any, move: Any) -> str:
    """A move for logs: its notation, then what it does in ``state`` when the title's
    ``describe_move`` says more than the notation."""
    text = game.format_move(move)
    described = game.describe_move(state, move)
    return text if described == text else f"{text:14} {described}"


class Quit(Exception):
    """The person asked to stop (or the input ended)."""


class HumanGame:
    """A game where the seats in ``humans`` are played by a person at the terminal.

    ``agents`` maps every other seat to an agent. ``moves`` are decisions already made
    (from a resumed record); they are replayed first.
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
    ) -> None:
        self.game, self.options, self.seed = game, options, seed
        self.humans, self.agents = humans, agents
        self.read, self.out = read, out
        self.moves: list[Any] = list(moves)
        self.state = self._replay(self.moves)
        self.quit = False

    def _replay(self, moves: Sequence[Any]) -> Any:
        state = self.game.new_game(self.options, self.seed)
        for move in moves:
            state = self.game.apply(state, move)
        return state

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

    def _say_move(self, player: int, move: Any, before: Any) -> None:
        who = "you" if player in self.humans else f"P{player}"
        line = move_line(self.game, before, move)
        self.out.print(f"  {len(self.moves):4d}. {who:>3}  {line}", highlight=False)

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
                except Quit:
                    self.quit = True
                    self.out.print("Game stopped.")
                    return self.record()
                if move is None:  # undone: the state was rebuilt, ask again
                    continue
            else:
                observation = game.observe(self.state, player)
                move = self.agents[player].choose(game, observation, legal)
            before = self.state
            self.state = game.apply(self.state, move)
            self.moves.append(move)
            self._say_move(player, move, before)
        self.out.print()
        self.out.print(game.render(self.state), highlight=False)
        scores = game.scores(self.state)
        winners = game.winners(self.state)
        if game.outcome(self.state) is Outcome.TRUNCATED:
            verdict = "; truncated by the game-length safeguard: no winner"
        else:
            verdict = f"; winner{'s' if len(winners) != 1 else ''}: " + (
                ", ".join(f"P{w}" for w in winners) or "none"
            )
        self.out.print(
            "Final scores: "
            + ", ".join(
                f"{'you' if p in self.humans else f'P{p}'} {v}" for p, v in enumerate(scores)
            )
            + verdict
        )
        return self.record()

    def _show(self, player: int, legal: Sequence[Any]) -> None:
        game = self.game
        self.out.rule(f"P{player} to decide (you)")
        self.out.print(game.render(self.state), highlight=False)
        self.out.print("Your moves:")
        for number, move in enumerate(legal, start=1):
            self.out.print(f"  {number:3d}. {move_line(game, self.state, move)}", highlight=False)

    def _ask(self, player: int, legal: Sequence[Any]) -> Any:
        """The person's move; None after an undo; raises Quit."""
        self._show(player, legal)
        while True:
            try:
                answer = self.read(f"P{player}> ").strip()
            except EOFError:
                raise Quit from None
            if not answer:
                continue
            word, _, rest = answer.partition(" ")
            if word == "quit":
                raise Quit
            if word == "help":
                self.out.print(HELP, highlight=False)
                continue
            if word == "undo":
                if self._undo(player):
                    return None
                continue
            if word == "save":
                self._save(rest.strip())
                continue
            move = self._parse(answer, legal)
            if move is not None:
                return move

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

    def _undo(self, player: int) -> bool:
        """Take back ``player``'s last decision and everything after it."""
        state = self.game.new_game(self.options, self.seed)
        last = None
        for index, move in enumerate(self.moves):
            if self.game.current_player(state) == player:
                last = index
            state = self.game.apply(state, move)
        if last is None:
            self.out.print("Nothing to undo: you have not decided anything yet.")
            return False
        taken = len(self.moves) - last
        self.moves = self.moves[:last]
        self.state = self._replay(self.moves)
        self.out.print(f"Took back {taken} decision{'s' if taken != 1 else ''}.")
        return True

    def _save(self, path: str) -> None:
        if not path:
            self.out.print("Say where: save FILE")
            return
        try:
            self.record().save(path)
        except (OSError, RulesError) as exc:
            self.out.print(f"Could not save: {exc}", highlight=False)
            return
        self.out.print(f"Saved to {path}; continue with --resume {path}", highlight=False)


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
