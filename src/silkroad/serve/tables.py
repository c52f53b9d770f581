"""A table of the server: one game, its seats, and what each seat is shown.

Nothing here knows the web: a :class:`Table` holds the game's state and moves, checks a
person's move with the engine (:meth:`Table.prepare`), and builds each seat's view
(:func:`seat_view`) and log (:func:`log_entry`) from what that seat may know. The
server (:mod:`silkroad.serve.hub`) runs these functions and sends their results.

What a seat is sent comes from the title's seat-facing functions only: the picture of
``observe(state, seat)``, ``describe_move``, ``describe_events`` and ``hides_move`` for
that viewer, and the legal moves of the seat when it is the one to decide (the same in
every state consistent with its observation). The seed, the generator and the state
itself never leave the table.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Sequence
from typing import Any

import attrs

from silkroad.agents import Agent, known_agents, make_agent, parse_agent_spec
from silkroad.core.errors import IllegalMoveError, RulesError, shorten
from silkroad.core.explain import Reason, Verdict, explain_for_seat, generic_reason
from silkroad.core.game import AnyGame, Outcome
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, Result
from silkroad.core.serialize import from_data, to_data

__all__ = [
    "HUMAN",
    "MAX_NAME",
    "Question",
    "Refused",
    "RequestError",
    "Seat",
    "Step",
    "Table",
    "agent_seed",
    "answer",
    "build_options",
    "check_agent",
    "check_hints",
    "log_entry",
    "seat_view",
]

#: How a record names a seat a person played.
HUMAN = "human"
#: The longest name of a person at a table.
MAX_NAME = 40


class RequestError(Exception):
    """A request the server cannot act on (malformed, unknown, not allowed): answered
    with ``status`` and the message, and nothing changes."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class Refused(RequestError):
    """A well-formed move the table does not take: not this seat's decision, a stale
    choice, notation that names no move, or a move the engine refuses. ``reason`` is the
    :class:`~silkroad.core.explain.Reason` of a move refused by the rules (its section
    in ``reason.rule``), as the seat may know it; None for the table's own refusals."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message, 409)
        self.reason = reason

    @property
    def rule(self) -> str | None:
        """The section of the rule that refuses the move, if one does."""
        return None if self.reason is None else self.reason.rule


@attrs.frozen
class Seat:
    """A seat at a table: a person (with the secret ``token`` of their link) or an agent
    (its spec, as ``silkroad.agents.make_agent`` reads it). ``name`` labels the seat: the
    person's name, or the agent's name without its settings."""

    name: str
    token: str | None = None
    agent: str | None = None

    def __attrs_post_init__(self) -> None:
        if (self.token is None) == (self.agent is None):
            raise ValueError("a seat is a person (a token) or an agent (a spec), not both")

    @property
    def person(self) -> bool:
        return self.token is not None

    @property
    def spec(self) -> str:
        """How the record names the seat's player: ``human`` or the agent spec."""
        return HUMAN if self.agent is None else self.agent


def clean_name(text: object, seat: int) -> str:
    """A person's name as given (printable, at most :data:`MAX_NAME` characters), or
    ``P<seat>`` when empty."""
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise RequestError(f"seat {seat}: a name is text, got {shorten(text)}")
    name = " ".join("".join(c for c in text if c.isprintable()).split())
    if len(name) > MAX_NAME:
        raise RequestError(f"seat {seat}: a name has at most {MAX_NAME} characters")
    return name or f"P{seat}"


def check_agent(spec: object, max_iterations: int) -> str:
    """An agent spec a page may ask for: a known agent by name (built-in or installed),
    with parameters it takes and a search budget of at most ``max_iterations``.

    A page may not name an agent as ``module:attribute`` (that would import any module
    on the server's machine); agents of your own are installed as entry points.

    :raises RequestError: naming what is wrong.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise RequestError(f"an agent is a spec such as 'ismcts:iterations=100', got {spec!r:.60}")
    spec = spec.strip()
    try:
        name, params = parse_agent_spec(spec)
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    known = known_agents()
    if name not in known:
        raise RequestError(f"unknown agent {name!r} (this server offers: {', '.join(known)})")
    iterations = params.get("iterations")
    if isinstance(iterations, int) and iterations > max_iterations:
        raise RequestError(
            f"agent {spec!r}: at most {max_iterations} iterations per decision on this server"
        )
    try:
        make_agent(spec, 0)
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    return spec


def build_options(game: AnyGame, players: object, settings: object) -> Any:
    """The options of a new table: the title's defaults for ``players``, with the fields
    ``settings`` names set (JSON values, as ``--option`` reads them).

    :raises RequestError: for a player count the title does not allow, a field the
        options do not have, or a value the title refuses (its reason).
    """
    spec = game.spec
    if players is not None and (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in spec.allowed_players
    ):
        raise RequestError(f"{spec.title} is for {spec.players_text()} players, not {players!r}")
    options = game.default_options(players)
    if settings is None or settings == {}:
        return options
    if not isinstance(settings, dict):
        raise RequestError(f"options are an object of field: value, got {shorten(settings)}")
    plain = to_data(options)
    if not isinstance(plain, dict):
        raise RequestError(f"{spec.title}'s options have no fields to set")
    for key, value in settings.items():
        if key not in plain:
            raise RequestError(
                f"{spec.title}'s options have no field {key!r} (fields: {', '.join(plain)})"
            )
        plain[key] = value
    try:
        return from_data(plain, game.options_type)
    except RulesError as exc:
        raise RequestError(f"bad options: {exc}") from None


#: The search budget of a hint when a table asks for hints with ``true``.
HINT_ITERATIONS = 200


def check_hints(value: object, max_iterations: int | None = None) -> int:
    """A table's hint setting as a search budget: ``true`` (:data:`HINT_ITERATIONS`),
    ``false`` or 0 (off), or a number of iterations up to ``max_iterations``.

    :raises RequestError: naming what is wrong.
    """
    if value is True:
        budget = HINT_ITERATIONS
    elif value is False or value is None:
        budget = 0
    elif isinstance(value, int) and value >= 0:
        budget = value
    else:
        raise RequestError(
            f"'hints' is true, false or a search budget in iterations, got {shorten(value)}"
        )
    if max_iterations is not None and budget > max_iterations:
        budget = max_iterations
    return budget


def agent_seed(seed: int, seat: int, number: int) -> int:
    """The seed of the agent of ``seat`` for the table's decision ``number``: fixed by
    the table's seed, so a table replays the same, after a restart too."""
    digest = hashlib.blake2b(f"{seed}:{seat}:{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


# ------------------------------------------------------------------ what a seat sees


def _text_picture(game: AnyGame, observation: Any) -> str:
    text = json.dumps(to_data(observation), indent=1, sort_keys=True)
    return "<pre class='text-board'>" + html.escape(text) + "</pre>"


def picture(game: AnyGame, state: Any, seat: int) -> str:
    """The table as ``seat`` sees it: the title's picture of the seat's observation, or
    (a title without one) the observation as JSON text, as the viewer draws them."""
    observation = game.observe(state, seat)
    draw = getattr(game, "svg", None)
    text = None if draw is None else draw(observation)
    return _text_picture(game, observation) if text is None else str(text)


def move_text(game: AnyGame, state: Any, move: Any, viewer: int) -> tuple[str, str | None]:
    """What ``move`` does in ``state`` as ``viewer`` may know it, and its notation when
    the viewer may see which move it was (None otherwise)."""
    described = game.describe_move(state, move, viewer)
    mover = game.current_player(state)
    if mover != viewer and game.hides_move(state, move, viewer):
        return described, None
    return described, game.format_move(move, state)


def log_entry(game: AnyGame, before: Any, move: Any, number: int, seat: int) -> dict[str, Any]:
    """The line of ``seat``'s log for decision ``number`` (``move`` made in ``before``):
    who decided, what it did and what followed it, as the seat may know them."""
    text, notation = move_text(game, before, move, seat)
    return {
        "n": number,
        "player": game.current_player(before),
        "text": text,
        "notation": notation,
        "events": list(game.describe_events(before, move, seat)),
    }


def _result(game: AnyGame, state: Any, labels: Sequence[str]) -> dict[str, Any]:
    result = Result.of(game, state)
    scores = ", ".join(f"{labels[p]} {v}" for p, v in enumerate(result.scores))
    if result.outcome is Outcome.TRUNCATED:
        text = f"Stopped by the game-length safeguard, no result. Scores: {scores}."
    elif not result.winners:
        text = f"Game over, nobody won. Scores: {scores}."
    elif len(result.winners) == len(labels) and len(labels) > 1:
        text = f"Game over, everyone won. Scores: {scores}."
    else:
        won = ", ".join(labels[w] for w in result.winners)
        text = f"Game over. Won: {won}. Scores: {scores}."
    return {**result.to_data(), "text": text}


def seat_view(
    game: AnyGame, state: Any, seat: int, labels: Sequence[str], at: int
) -> dict[str, Any]:
    """Everything ``seat``'s page shows of the table now, except the log: the picture,
    who decides, the seat's choices (each move in words) when it decides, and the result
    once the game is over. ``labels`` names the seats (``P0 Alice``), ``at`` is the
    number of decisions made so far.

    It depends on ``state`` only through what ``seat`` may know: the same for every
    state with the same observation of the seat (the tests check it).
    """
    to_act = game.current_player(state)
    over = game.is_over(state)
    choices: list[dict[str, str]] = []
    if over:
        status = "The game is over."
    elif to_act == seat:
        status = "Your decision."
        for move in game.legal_moves(state):
            choices.append(
                {
                    "move": game.format_move(move, state),
                    "text": game.describe_move(state, move, seat),
                }
            )
    else:
        status = f"{labels[to_act]} is deciding." if to_act is not None else "Waiting."
    return {
        "seat": seat,
        "at": at,
        "to_act": None if over else to_act,
        "over": over,
        "status": status,
        "picture": picture(game, state, seat),
        "choices": choices,
        "result": _result(game, state, labels) if over else None,
    }


# ------------------------------------------------------------------ the table


@attrs.frozen
class Question:
    """A decision for an agent: its spec and seed, the seat's observation and legal
    moves (all it may know), and the number of decisions made before it. It can be sent
    to another process, where the game is found by its name."""

    game: str
    spec: str
    seed: int
    observation: Any
    legal: tuple[Any, ...]
    at: int

    def answer(self, game: AnyGame | None = None) -> Any:
        """The agent's move (``game``: the game itself, else the registered one)."""
        if game is None:
            game = get_game(self.game)
        return make_agent(self.spec, self.seed).choose(game, self.observation, self.legal)


def answer(question: Question) -> Any:
    """:meth:`Question.answer` in a worker process (the game found by name)."""
    return question.answer()


@attrs.frozen
class Step:
    """A decision ready to be committed: made at decision ``at`` (the number of moves
    before it), the state after it, and each person's log line."""

    at: int
    move: Any
    notation: str
    state: Any
    entries: dict[int, dict[str, Any]]


class Table:
    """One game at the server: its seats, moves, state and each person's log. It starts
    from the seeded setup of ``options``, or from a ``position`` (the title's
    ``to_position`` text), and plays ``moves`` first (a resumed table). With ``hints``
    (a search budget in iterations; 0: off) a person may ask for a hint at their own
    decision (:meth:`hint`).

    The state changes only by :meth:`commit` of a :class:`Step` prepared from the
    current decision, so a step prepared from a table that has moved on since is
    refused, and a failed move changes nothing. :attr:`current` (the state and the
    number of decisions) is replaced in one assignment, so a reader in another thread
    always gets a state with its own count.
    """

    def __init__(
        self,
        table_id: str,
        game: AnyGame,
        options: Any,
        seed: int,
        seats: Sequence[Seat],
        moves: Sequence[Any] = (),
        *,
        position: str | None = None,
        hints: int = 0,
    ) -> None:
        self.id = table_id
        #: the search budget of a seat's hint in iterations (0: hints are off here)
        self.hints = check_hints(hints)
        self.game = game
        self.options = options
        self.seed = seed
        self.position = position
        if position is None:
            state = game.new_game(options, seed)
        else:
            state = game.from_position(position, options)
        players = game.num_players(state)
        if len(seats) != players:
            raise RequestError(
                f"{game.spec.title} with these options has {players} seats, {len(seats)} were given"
            )
        self.current: tuple[Any, int] = (state, 0)
        self.seats = tuple(seats)
        self.labels = tuple(
            f"P{p} {s.name}" if s.name != f"P{p}" else s.name for p, s in enumerate(self.seats)
        )
        self.moves: list[Any] = []
        self.notations: list[str] = []
        self._document: dict[str, Any] | None = None
        self.logs: dict[int, list[dict[str, Any]]] = {
            p: [] for p, s in enumerate(self.seats) if s.person
        }
        #: a problem that stopped the table (an agent that failed), shown to every seat
        self.problem: str | None = None
        for move in moves:
            self.commit(self.step(state, len(self.moves), move))
            state = self.state

    @property
    def state(self) -> Any:
        return self.current[0]

    @property
    def at(self) -> int:
        """The number of decisions made."""
        return self.current[1]

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(self.logs)

    def seat_of(self, token: str) -> int | None:
        for p, s in enumerate(self.seats):
            if s.token is not None and s.token == token:
                return p
        return None

    def agent_to_act(self) -> int | None:
        """The seat to decide when an agent plays it (None: a person's turn, or over)."""
        state = self.state
        player = None if self.game.is_over(state) else self.game.current_player(state)
        if player is None or self.seats[player].person or self.problem is not None:
            return None
        return int(player)

    def agent(self, seat: int, at: int) -> Agent:
        """The agent of ``seat`` for decision ``at`` (its seed from the table's)."""
        spec = self.seats[seat].agent
        assert spec is not None
        return make_agent(spec, agent_seed(self.seed, seat, at))

    def step(self, before: Any, at: int, move: Any) -> Step:
        """``move`` played in ``before`` (the state after ``at`` decisions), not yet
        committed, with each person's log line.

        :raises IllegalMoveError: when the engine refuses it.
        """
        after = self.game.apply(before, move)
        entries = {p: log_entry(self.game, before, move, at + 1, p) for p in self.logs}
        return Step(at, move, self.game.format_move(move, before), after, entries)

    def question(self, seat: int) -> Question:
        """What the agent of ``seat`` is given to decide now: never the state."""
        state, at = self.current
        spec = self.seats[seat].agent
        assert spec is not None
        return Question(
            self.game.spec.name,
            spec,
            agent_seed(self.seed, seat, at),
            self.game.observe(state, seat),
            self.game.legal_moves(state),
            at,
        )

    def think(self, seat: int) -> Step:
        """The agent of ``seat`` decides from the seat's observation (it never sees the
        state), and its move is prepared."""
        state, at = self.current
        return self.step(state, at, self.question(seat).answer(self.game))

    def prepare(self, seat: int, text: object, at: object = None) -> Step:
        """A person's move from their page, checked by the engine: ``text`` is the move's
        notation (one of the choices shown), ``at`` the number of decisions the page had
        seen (refused when the table has moved on since).

        The reason of a refused move is the rule that refuses it, told only to the seat
        whose decision it is and as that seat may know it
        (:func:`silkroad.core.explain.explain_for_seat`: nothing the seat cannot see).

        :raises Refused: with the reason, as the terminal gives it.
        :raises RequestError: for a request of the wrong shape.
        """
        state, made = self.current
        if not isinstance(text, str) or not text.strip():
            raise RequestError(f"a move is its notation, a non-empty text, got {shorten(text)}")
        if at is not None and (isinstance(at, bool) or not isinstance(at, int)):
            raise RequestError(f"'at' is the number of decisions made, got {shorten(at)}")
        if self.problem is not None:
            raise Refused(f"the table is stopped: {self.problem}")
        if self.game.is_over(state):
            raise Refused("the game is over")
        if at is not None and at != made:
            raise Refused(
                f"the table has moved on ({made} decisions made, your page showed {at}): "
                "choose again"
            )
        player = self.game.current_player(state)
        if player != seat:
            who = "nobody" if player is None else self.labels[player]
            raise Refused(f"it is not your decision: {who} is deciding")
        notation = " ".join(text.split())
        try:
            move = self.game.parse_move(state, notation)
        except RulesError:
            reason = explain_for_seat(self.game, state, notation, seat)
            if reason.verdict is Verdict.UNKNOWN:
                raise Refused(f"not a move: {reason}", reason) from None
            raise Refused(f"refused: {reason}", reason) from None
        if move not in self.game.legal_moves(state):
            reason = explain_for_seat(self.game, state, move, seat)
            raise Refused(f"refused: {reason}", reason)
        try:
            return self.step(state, made, move)
        except IllegalMoveError:  # a game whose apply refuses a move legal_moves lists
            reason = generic_reason(self.game, state, move)
            raise Refused(f"refused: {reason}", reason) from None

    def commit(self, step: Step) -> None:
        """Play a prepared step.

        :raises Refused: when the table has moved on since it was prepared.
        """
        if step.at != self.at:
            raise Refused("the table has moved on: choose again")
        for p, entry in step.entries.items():
            self.logs[p].append(entry)
        self.moves.append(step.move)
        self.notations.append(step.notation)
        self.current = (step.state, step.at + 1)

    def view(self, seat: int, current: tuple[Any, int] | None = None) -> dict[str, Any]:
        """``seat``'s view of ``current`` (default: now), without the log: see
        :func:`seat_view`."""
        state, at = self.current if current is None else current
        view = seat_view(self.game, state, seat, self.labels, at)
        if self.problem is not None and not view["over"]:
            view["status"] = f"The table is stopped: {self.problem}"
            view["choices"] = []
        return view

    def header(self, seat: int) -> dict[str, Any]:
        """What does not change during a game: the title, the table and its seats."""
        spec = self.game.spec
        return {
            "game": spec.name,
            "title": spec.title,
            "table": self.id,
            "seat": seat,
            "players": len(self.seats),
            "seats": [
                {"seat": p, "label": self.labels[p], "person": s.person, "agent": s.agent}
                for p, s in enumerate(self.seats)
            ],
        }

    def hint(self, seat: int, at: object = None) -> dict[str, Any]:
        """The search's top three moves for ``seat`` at its own decision, searched from
        the seat's observation only (:func:`silkroad.analysis.hints`), for that seat's
        page alone: ``{"at": decisions made, "hints": [{move, words, win, margin,
        visits}, ...]}``. ``at``, when given, is the number of decisions the page had
        seen: refused when the table has moved on since.

        :raises RequestError: (403) when the table gives no hints; (400) for a bad ``at``.
        :raises Refused: when it is not the seat's decision (or the game is over).
        """
        from silkroad.analysis import hints

        if self.hints <= 0:
            raise RequestError("this table gives no hints (a setting of the table)", 403)
        state, made = self.current
        if at is not None and (isinstance(at, bool) or not isinstance(at, int)):
            raise RequestError(f"'at' is the number of decisions made, got {shorten(at)}")
        if self.problem is not None:
            raise Refused(f"the table is stopped: {self.problem}")
        if self.game.is_over(state):
            raise Refused("the game is over")
        if at is not None and at != made:
            raise Refused(f"the table has moved on ({made} decisions made, your page showed {at})")
        if self.game.current_player(state) != seat:
            raise Refused("a hint is for your own decision: it is not yours now")
        found = hints(
            self.game,
            self.game.observe(state, seat),
            seat,
            iterations=self.hints,
            seed=agent_seed(self.seed ^ 0x5A5A, seat, made),
        )
        return {"at": made, "iterations": self.hints, "hints": [e.to_data() for e in found]}

    def record(self) -> Record:
        """The game so far as a record (with its result once over); each seat is named
        ``human`` or by its agent's spec."""
        state, at = self.current
        over = self.game.is_over(state)
        return Record(
            self.game.spec.name,
            self.options,
            self.seed,
            tuple(self.moves[:at]),
            Result.of(self.game, state) if over else None,
            tuple(s.spec for s in self.seats),
            rules_version=self.game.spec.rules_version,
            position=self.position,
        )

    def record_json(self) -> str:
        """:meth:`record` as the JSON of ``Record.to_json``, written fast: the parts that
        do not change are made once, the moves' notation is kept as they are made."""
        state, at = self.current
        if self._document is None:
            empty = attrs.evolve(self.record(), moves=(), result=None)
            self._document = json.loads(empty.to_json(indent=None, game=self.game))
        document = dict(self._document)
        data = dict(document["data"])
        data["moves"] = self.notations[:at]
        over = self.game.is_over(state)
        data["result"] = Result.of(self.game, state).to_data() if over else None
        document["data"] = data
        return json.dumps(document, indent=2)

    def card_text(self, seat: int, text: object) -> str:
        """The full text of a card ``seat`` can see, named as at the terminal (its name
        or number; a part of a name that fits one card).

        :raises RequestError: (404) when the seat can see no such card.
        """
        if not isinstance(text, str) or not text.strip():
            raise RequestError("say which card: its name or number")
        texts = self.game.card_texts(self.state, seat)
        key = " ".join(text.lower().split())
        found = texts.get(key)
        if found is None and not key.isdigit():
            matches = sorted({v for k, v in texts.items() if key in k})
            if len(matches) == 1:
                found = matches[0]
            elif matches:
                raise RequestError(f"{text!r:.60} names {len(matches)} cards: say more", 404)
        if found is None:
            raise RequestError(f"no card {text!r:.60} that you can see", 404)
        return found


#: A table id: the title, then random letters and digits (a file name as well).
TABLE_ID = re.compile(r"[a-z0-9_-]+-[0-9a-f]{6,32}")
