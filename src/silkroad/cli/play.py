"""``silkroad play``: one seeded game, between agents or with people at the terminal.

The seed is the whole game: with it and the options, every hand, pack and deck order
can be worked out (``silkroad position GAME --seed N``). So a game with a person at a
seat draws its seed from the operating system's entropy when none is given, and shows
it only once the game is over; until then nothing on the screen tells it (the default
name of a save file neither). A game of agents only keeps the default seed 0, so that
the command's examples and their logs stay reproducible.

``--from FILE`` starts from a position (docs/scenarios.md) instead of the seeded setup,
played as the file fills it (``silkroad position check FILE`` shows it); the seed then
seeds the agents. ``--resume FILE`` goes on with a saved game; without ``--human`` the
agents of the record play their seats again (``--agents`` chooses others), and the game
is printed as any game of agents is.

A game without people prints a screenful by default: the title's compact table at the
end (the one a person's screen shows) and the final scores; ``--log`` prints every
decision and the whole table (the turn log), ``--quiet`` the final scores only. Without
``--agents`` such a game is played by :data:`DEFAULT_AGENTS` on every seat, an agent whose
games end by the rules (docs/cli.md measures how often random agents' games are cut
short by the game-length safeguard instead).
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from silkroad.agents import AGENTS, make_agent
from silkroad.arena.match import PlayedGame, agent_seeds, play_game
from silkroad.cli.common import (
    EXIT_INTERRUPTED,
    UsageError,
    add_game_arguments,
    agent_names,
    build_options,
    int_range,
    players_of,
    read_line,
    read_position,
    writable_file,
)
from silkroad.cli.interactive import (
    HumanGame,
    default_path,
    event_lines,
    final_table,
    free_path,
    move_line,
    offer_to_save,
)
from silkroad.cli.screen import compact_table
from silkroad.core.game import AnyGame
from silkroad.core.registry import get_game
from silkroad.core.replay import Record
from silkroad.view import write_viewer

HELP = "play one seeded game: agents against each other, or you against agents"
DESCRIPTION = (
    "Play one seeded game. Without --human, agents play every seat (greedy ones unless "
    "--agents says otherwise) and the final table and scores are printed (--log: every "
    "decision too, --quiet: the scores only). With --human SEAT you play that seat at "
    "the terminal, on a screen of at most 40 lines (--wide: the whole table): answer "
    "with a move's key or notation, or table, player N, card NAME, moves, board, log, "
    "undo, save FILE, help, quit. Several --human seats share the terminal (hot-seat). "
    "Ctrl-C stops the game and offers to save it."
)
EXAMPLES = [
    "silkroad play kashgar --players 3 --seed 7 --save game.json",
    "silkroad play kashgar --players 3 --seed 7 --log",
    "silkroad play dunhuang --seed 2 --view game.html",
    "silkroad play serica --human 0 --agents ismcts",
    "silkroad play serica --human 0 --wide",
    "silkroad play kashgar --resume saved.json --human 1",
    "silkroad play kashgar --resume saved.json --quiet",
    "silkroad play kashgar --from start.toml --agents greedy,random",
    "silkroad play kashgar --from start.toml --human 0",
    "silkroad play dunhuang --players 3 --human 0 --human 1 --name Ann --name Bo",
    'silkroad play kashgar --option \'expansion=["herder", "beggar"]\'',
]


#: Bits of a seed drawn from the operating system's entropy.
SEED_BITS = 63

#: The agent of a seat without one: a seat opposite a person, or a seat a person played in
#: a resumed record (the strongest built-in agent there is).
DEFAULT_OPPONENT = next((a for a in ("ismcts", "greedy") if a in AGENTS), "random")

#: The agent of every seat of a game without people and without ``--agents``: greedy, whose
#: games end by the rules (random agents' Kashgar games are sometimes cut short by the
#: game-length safeguard, with no winner), and which plays a game in about a second.
DEFAULT_AGENTS = "greedy" if "greedy" in AGENTS else "random"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(
        p,
        seed_default=None,
        seed_help="seed (default: 0 for agents only; with a --human seat, drawn at random "
        "and shown only when the game is over)",
    )
    p.add_argument(
        "--agents",
        help="comma-separated agent specs (name or name:key=value...), one per seat "
        f"or one for all; seats played by a person are skipped (default: {DEFAULT_AGENTS} "
        f"on every seat of a game without people, {DEFAULT_OPPONENT} opposite a person)",
    )
    p.add_argument(
        "--human",
        type=int,
        action="append",
        metavar="SEAT",
        help="a seat (0-based) played by you at the terminal; repeatable",
    )
    p.add_argument(
        "--name",
        action="append",
        metavar="NAME",
        help="the name of the person at each --human seat, in the same order; repeatable",
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="continue a game saved with 'save FILE' (or any unfinished record); without "
        "--agents, each seat keeps the agent the record names (a seat a person played: "
        f"{DEFAULT_OPPONENT})",
    )
    p.add_argument(
        "--from",
        dest="source",
        metavar="FILE",
        help="start from this position (TOML, whole or partial, with its own options) "
        "instead of the seeded setup; 'silkroad position check FILE' shows it filled",
    )
    p.add_argument(
        "--wide",
        action="store_true",
        help="at each decision show the whole table and every move (default: a screen of "
        "at most 40 lines, the rest one command away)",
    )
    p.add_argument(
        "--hints",
        nargs="?",
        type=int_range(1, 1_000_000),
        const=200,
        metavar="ITERATIONS",
        help="let a person at the terminal ask 'hint': the search's top three moves for "
        "their own decision, from what they can see (default budget 200 iterations; off "
        "unless given)",
    )
    output = p.add_mutually_exclusive_group()
    output.add_argument(
        "--log",
        action="store_true",
        help="a game without people: print every decision as it is made and the whole "
        "table at the end (default: the final table and scores, a screenful)",
    )
    output.add_argument("--quiet", action="store_true", help="print only the final scores")
    p.add_argument("--save", metavar="FILE", help="write the game's record as JSON")
    p.add_argument(
        "--view",
        metavar="PAGE",
        help="write the game as an HTML page to step through (see 'silkroad view')",
    )


def play_and_print(
    game: AnyGame,
    options: Any,
    seed: int,
    names: list[str],
    out: Console,
    *,
    quiet: bool,
    log: bool = False,
    position: str | None = None,
    moves: Sequence[Any] = (),
) -> PlayedGame:
    """Play a game between agents and print it: with ``log``, every decision and then
    the whole table (``render``); by default the title's compact table at the end (a
    screenful, :func:`end_table`); with ``quiet`` neither; then the final scores. The
    game starts from ``position`` when given (else the seeded setup), after ``moves``
    already made (a resumed game: they are not printed again).

    :raises Stopped: on Ctrl-C, with the game so far.
    """
    start = " · from a position" if position is not None else ""
    out.print(
        Text.assemble(
            (game.spec.title, "bold"),
            f" ({game.spec.name}) · {len(names)} players · seed {seed}{start} · agents "
            f"{', '.join(names)}",
        ),
        highlight=False,
    )
    if moves:
        out.print(f"resuming after {len(moves)} decisions")

    made: list[Any] = list(moves)

    def record_move(number: int, player: int, move: Any, before: Any) -> None:
        made.append(move)
        if log:
            out.print(
                f"{number:5d}. P{player}  {move_line(game, before, move)}",
                highlight=False,
                markup=False,
            )
            for line in event_lines(game, before, move):
                out.print(f"{'':11}{line}", highlight=False, markup=False)

    try:
        played = play_game(
            game, options, seed, names, on_move=record_move, position=position, moves=moves
        )
    except KeyboardInterrupt:
        record = Record(
            game.spec.name,
            options,
            seed,
            tuple(made),
            None,
            tuple(names),
            rules_version=game.spec.rules_version,
            position=position,
        )
        raise Stopped(record) from None
    if log:
        out.print()
        out.print(game.render(played.state), highlight=False, markup=False)
    elif not quiet:
        out.print(end_table(game, played.state), highlight=False, markup=False)
    title = f"Final scores after {played.decisions} decisions"
    out.print(final_table(game, played.state, names, title=title))
    if not log and not quiet:
        out.print(
            "every decision and the whole table: the same command with --log",
            highlight=False,
            markup=False,
        )
    return played


def end_table(game: AnyGame, state: Any) -> str:
    """The table of a finished game in a screenful: the title's compact table (the one
    a person's screen shows, :func:`silkroad.cli.screen.compact_table`), else its whole
    ``render``."""
    compact = compact_table(game)
    text: str = compact(state) if compact is not None else game.render(state)
    return text.rstrip("\n")


def run(args: argparse.Namespace, out: Console) -> int:
    game = get_game(args.game)
    writable_file("--save", args.save)
    writable_file("--view", args.view)
    moves: tuple[Any, ...] = ()
    position: str | None = None
    recorded: tuple[str, ...] = ()
    seed: int | None
    if args.resume and args.source:
        raise UsageError("--resume goes on with a record, --from starts from a position: not both")
    if args.resume:
        if args.players is not None or args.option:
            raise UsageError("--resume continues with the record's own options")
        record = Record.load(args.resume)
        if record.game != game.spec.name:
            raise UsageError(f"{args.resume} is a {record.game} game, not {game.spec.name}")
        if record.result is not None:
            raise UsageError(f"{args.resume} is a finished game; use 'silkroad replay'")
        options, seed, moves = record.options, record.seed, record.moves
        position, recorded = record.position, record.agents
    elif args.source:
        if args.players is not None or args.option or args.data:
            raise UsageError("--from plays with the position's own options")
        position, options = read_position(game, args.source)
        seed = args.seed
    else:
        options, seed = build_options(game, args.players, args.option, args.data), args.seed
    seats = players_of(game, options)
    humans = set(args.human or ())
    if seed is None:
        # nobody may read the deal off a seed they know: a person's game gets a fresh one
        seed = secrets.randbits(SEED_BITS) if humans else 0
    for seat in humans:
        if not 0 <= seat < seats:
            raise UsageError(f"--human {seat}: seats are 0 to {seats - 1}")
    if args.hints is not None and not humans:
        raise UsageError("--hints is for a person at the terminal: give a --human seat")
    if args.hints is not None and args.hints < 1:
        raise UsageError(f"--hints takes a budget of at least 1 iteration, got {args.hints}")
    if args.name and len(args.name) > len(args.human or ()):
        raise UsageError("--name names the person at a --human seat: give a --human for each")
    if not humans:
        names = (
            agent_names(args.agents or DEFAULT_AGENTS, seats)
            if args.agents or not args.resume
            else resumed_agents(recorded, seats)
        )
        try:
            played = play_and_print(
                game,
                options,
                seed,
                names,
                out,
                quiet=args.quiet,
                log=args.log,
                position=position,
                moves=moves,
            )
        except Stopped as stop:
            _stopped(game, stop.record, args, out)
            return EXIT_INTERRUPTED
        _keep(played.record, args, out)
        return 0
    names = agent_names(args.agents, seats) if args.agents else resumed_agents(recorded, seats)
    return _play_with_humans(game, options, seed, humans, names, moves, position, args, out)


def resumed_agents(recorded: Sequence[str], seats: int) -> list[str]:
    """The agent of every seat of a resumed game: the one the record names, or
    :data:`DEFAULT_OPPONENT` for a seat it names none for (a person played it, or the
    record names no agents); a recorded agent that cannot be made here (a plugin's that
    is not installed) is refused before the game goes on."""
    known = [
        name if i < len(recorded) and name not in ("", "human") else DEFAULT_OPPONENT
        for i, name in enumerate(list(recorded[:seats]) + [""] * (seats - len(recorded)))
    ]
    return agent_names(",".join(known), seats)


def _play_with_humans(
    game: AnyGame,
    options: Any,
    seed: int,
    humans: set[int],
    names: list[str],
    moves: tuple[Any, ...],
    position: str | None,
    args: argparse.Namespace,
    out: Console,
) -> int:
    seats = len(names)
    seeds = agent_seeds(seed, seats)
    agents = {p: make_agent(names[p], seeds[p]) for p in range(seats) if p not in humans}
    people = dict(zip(args.human or (), args.name or (), strict=False))
    for seat in sorted(humans):
        names[seat] = people.get(seat) or ("you" if len(humans) == 1 else "")
    opponents = ", ".join(f"P{p} {names[p]}" for p in sorted(agents)) or "none"
    you = ", ".join(f"P{p} {names[p]}".rstrip() for p in sorted(humans)) or "nobody (agents only)"
    # no seed on the screen before the end: it would tell every hidden card
    out.print(Text(game.spec.title, "bold"))
    out.print(f"at the terminal: {you} · agents: {opponents}", markup=False)
    if moves:
        out.print(f"resuming after {len(moves)} decisions")
    out.print("Type 'help' for the commands.")
    session = _Session(
        game,
        options,
        seed,
        humans,
        agents,
        read=read_line,
        out=out,
        moves=moves,
        names=names,
        save_path=args.save,
        wide=args.wide,
        interactive=sys.stdin.isatty(),
        position=position,
        hints=args.hints,
    )
    record = session.play()
    if record.result is not None:
        out.print(f"seed {seed} (the game is over: it can be told now)", highlight=False)
    _keep(record, args, out, humans)
    return 0


class Stopped(KeyboardInterrupt):
    """A game between agents stopped by Ctrl-C; ``record`` holds the moves so far (a
    caller with nothing to do with them lets it end the command as Ctrl-C does)."""

    def __init__(self, record: Record) -> None:
        super().__init__("stopped")
        self.record = record


def _stopped(game: AnyGame, record: Record, args: argparse.Namespace, out: Console) -> None:
    """After Ctrl-C in a game between agents: save the game so far (to ``--save``, or
    asked at a terminal, or to a new file named on the screen)."""
    out.print()
    out.print(f"Game stopped after {len(record.moves)} decisions.")
    offer_to_save(
        record,
        out,
        read_line,
        default=default_path(game, record.seed),
        hint=lambda path: f"silkroad play {game.spec.name} --resume {path}",
        save_path=args.save,
        ask=sys.stdin.isatty(),
    )


class _Session(HumanGame):
    """A game at the terminal whose default save name does not tell the seed."""

    def default_path(self) -> str:
        """A file name for the game that no file has yet: ``kashgar-game.json``,
        ``kashgar-game-2.json`` ..."""
        return free_path(f"{self.game.spec.name}-game")


def _keep(
    record: Record, args: argparse.Namespace, out: Console, humans: set[int] | None = None
) -> None:
    """Write the record (``--save``) and its viewer page (``--view``). The page of a game a
    person stopped before its end shows only what their seat saw (a page of every seat
    would show them the hidden cards of a game they may resume); with several people at
    the terminal no page is written until the game is over."""
    if args.save:
        record.save(args.save)
        out.print(f"record saved to {args.save}")
    if args.view:
        seat: int | None = None
        if humans and record.result is None:
            if len(humans) > 1:
                out.print(
                    "no viewer written: the game is not over, and a page would show each "
                    "person the others' hidden cards ('silkroad view FILE --seat N' writes "
                    "one seat's page)"
                )
                return
            (seat,) = humans
        write_viewer(args.view, record, seat)
        who = "" if seat is None else f" (what seat {seat} saw)"
        out.print(f"viewer written to {args.view}{who}")
