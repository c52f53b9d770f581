"""Records of games: (game, options, seed, moves, result), saved as JSON and replayed.

A game is fully reproduced by its options, its seed and its moves, so a :class:`Record`
holds just those plus the result, which :func:`replay` checks::

    record = Record.from_moves(game, options, seed=7, moves=moves)
    record.save("game.json")
    final_state = replay(Record.load("game.json"))

On disk the moves are written in the game's text notation, one string per decision, so
a record is readable and can be written by hand as a scripted scenario. Loading parses
each move against the state it is played in; the first move that is malformed or illegal
is refused with a :class:`~silkroad.core.errors.ReplayError` giving its 1-based number,
the move and the reason it is refused (``.reason``: the rule that refuses it, see
:mod:`silkroad.core.explain`), then the legal moves there.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from silkroad.core.errors import (
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    ReplayError,
    RulesError,
)
from silkroad.core.errors import shorten as _short
from silkroad.core.explain import Reason, Verdict, reason_of, refusal
from silkroad.core.game import AnyGame, Outcome
from silkroad.core.registry import get_game
from silkroad.core.rng import SEEDS
from silkroad.core.serialize import FORMAT, FORMAT_VERSION, from_data, read_envelope, to_data

__all__ = ["Record", "Result", "replay", "states", "step_to"]


@attrs.frozen
class Result:
    """How a game ended: final scores per player, the winners after tie-breaks, and
    whether the rules ended it (``Outcome.FINISHED``) or a game-length safeguard stopped it
    (``Outcome.TRUNCATED``: no winners)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    outcome: Outcome = Outcome.FINISHED

    @classmethod
    def of(cls, game: AnyGame, state: Any) -> Result:
        return cls(tuple(game.scores(state)), tuple(game.winners(state)), game.outcome(state))

    @property
    def truncated(self) -> bool:
        """Whether a safeguard, not the rules, ended the game."""
        return self.outcome is Outcome.TRUNCATED

    def describe(self) -> str:
        """``scores [25, 19], winners [0]``, or ``truncated ... no winners``."""
        if self.truncated:
            return f"truncated by the safeguard: scores {list(self.scores)}, no winners"
        return f"scores {list(self.scores)}, winners {list(self.winners)}"

    def to_data(self) -> dict[str, Any]:
        """The JSON form written in records."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "outcome": self.outcome.value,
        }


def _game(name: str, game: AnyGame | None = None) -> AnyGame:
    """The game a record names: ``game`` when given (it must carry that name), else the
    registered one."""
    if game is not None:
        if game.spec.name != name:
            raise DataError(
                f"the record is for game {name!r}, not {game.spec.name!r}", field="game"
            )
        return game
    return get_game(name)


def _quoted(game: AnyGame, move: Any, state: Any) -> str:
    """The move's notation in quotes, or its shortened repr for an object that has none."""
    try:
        return repr(str(game.format_move(move, state)))
    except Exception:  # a malformed move object of a record built by hand
        return _short(move, 60)


def _apply_numbered(game: AnyGame, state: Any, move: Any, number: int, source: str | None) -> Any:
    """``apply``, or a :class:`ReplayError` naming the move's number, the move and the
    reason it is refused (the rule's section and sentence; see :mod:`silkroad.core.explain`)."""
    try:
        return game.apply(state, move)
    except IllegalMoveError as exc:
        reason = reason_of(game, state, move, exc)
        try:
            legal = [game.format_move(m, state) for m in game.legal_moves(state)]
        except RulesError:
            legal = []
        player = None if game.is_over(state) else game.current_player(state)
        raise ReplayError(
            f"illegal move {_quoted(game, move, state)}: {refusal(reason, None, player, legal)}",
            move_number=number,
            source=source,
            reason=reason,
        ) from exc


def _parse_numbered(game: AnyGame, state: Any, text: str, number: int) -> Any:
    """The move the notation ``text`` names in ``state``, or a :class:`ReplayError`
    naming the move's number and the moves legal there."""
    try:
        return game.parse_move(state, text)
    except RulesError as exc:
        try:
            legal = [game.format_move(m) for m in game.legal_moves(state)]
        except RulesError:
            legal = []
        shown = ", ".join(legal[:12]) + (", ..." if len(legal) > 12 else "")
        raise ReplayError(
            f"move {_short(text)} is not a move here: {exc} (legal: {shown or 'none'})",
            move_number=number,
        ) from exc


def _strings(value: Sequence[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class Record:
    """A complete or partial game: enough to reproduce every state.

    :ivar game: the registered name of the title.
    :ivar options: the title's ``Options`` value.
    :ivar seed: the seed given to ``new_game``.
    :ivar moves: the decisions in order, as move values.
    :ivar result: scores and winners when the game is over, else ``None``.
    :ivar agents: the agent spec that played each seat (``"ismcts:iterations=400"``),
        when agents played it; empty otherwise. It is information for the reader: a
        replay needs only the moves.
    :ivar rules_version: the title's ``rules_version`` the record was made under (``None``:
        not stated, as in a record written by hand; it is then read under the current
        rules). It is left out of equality: the same game is the same record.
    :ivar source: the file the record was read from, if any (for messages; not compared).
    :ivar position: the position the game starts from (the title's ``to_position`` text,
        whole or partial), or ``None`` for the seeded setup of ``options`` and ``seed``.
    :ivar annotations: what a tool wrote about the game, as JSON data (an object), or
        ``None``: the analysis of ``silkroad analyze`` (:mod:`silkroad.analysis`). A
        replay ignores it, and so does a reader of a version that does not know it; it
        is left out of equality.
    """

    game: str
    options: Any
    seed: int
    moves: tuple[Any, ...] = attrs.field(converter=tuple)
    result: Result | None = None
    agents: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    rules_version: str | None = attrs.field(default=None, eq=False)
    source: str | None = attrs.field(default=None, eq=False)
    position: str | None = None
    annotations: dict[str, Any] | None = attrs.field(default=None, eq=False)

    @classmethod
    def from_moves(
        cls,
        game: AnyGame,
        options: Any,
        seed: int,
        moves: Sequence[Any],
        *,
        position: str | None = None,
    ) -> Record:
        """Play ``moves`` from setup (or from ``position``) and record them with the
        result (if the game ended). A move is the game's move value or its notation (a
        ``str``, read with ``game.parse_move`` in the state it is played in); the record
        keeps the move values.

        :raises ReplayError: naming the first move that is not legal, or whose notation
            names no move.
        """
        state = (
            game.new_game(options, seed)
            if position is None
            else game.from_position(position, options)
        )
        played = []
        for number, given in enumerate(moves, start=1):
            move = _parse_numbered(game, state, given, number) if isinstance(given, str) else given
            state = _apply_numbered(game, state, move, number, None)
            played.append(move)
        result = Result.of(game, state) if game.is_over(state) else None
        return cls(
            game.spec.name,
            options,
            seed,
            tuple(played),
            result,
            rules_version=game.spec.rules_version,
            position=position,
        )

    def initial_state(self, game: AnyGame | None = None) -> Any:
        """The state before any move: after setup, or the record's starting position."""
        game = _game(self.game, game)
        if self.position is not None:
            return game.from_position(self.position, self.options)
        return game.new_game(self.options, self.seed)

    # --- JSON ------------------------------------------------------------------------

    def to_json(self, *, indent: int | None = 2, game: AnyGame | None = None) -> str:
        """The record as a silkroad JSON document, moves in the game's notation (each
        written as ``format_move(move, state)`` with the starting state).

        ``game`` is only needed for a title that is not registered.
        """
        import json

        game = _game(self.game, game)
        try:  # the notation may name components from the game's tables (its options)
            start = self.initial_state(game)
        except RulesError:  # a record made by hand that does not start: moves by value
            start = None
        data = {
            "game": self.game,
            "rules_version": self.rules_version or game.spec.rules_version,
            "options": to_data(self.options, game.options_type),
            "seed": self.seed,
            "moves": [game.format_move(m, start) for m in self.moves],
            "result": None if self.result is None else self.result.to_data(),
        }
        if self.agents:
            data["agents"] = list(self.agents)
        if self.position is not None:
            data["position"] = self.position
        if self.annotations is not None:
            data["annotations"] = self.annotations
        envelope = {FORMAT: FORMAT_VERSION, "game": self.game, "type": "Record", "data": data}
        return json.dumps(envelope, indent=indent)

    @classmethod
    def from_json(
        cls, text: str | bytes, *, source: str | None = None, game: AnyGame | None = None
    ) -> Record:
        """Read a record; every move is parsed against the state it is played in.

        :raises DataError: for a document that is not a record or has a bad field.
        :raises ReplayError: for a move that is malformed or illegal, with its number.
        """
        document = read_envelope(text, source=source)
        if document.get("type") != "Record":
            raise DataError(
                f"the document holds a {document.get('type')!r}, expected a 'Record'",
                source=source,
                field="type",
            )
        data = document["data"]
        if not isinstance(data, dict):
            raise DataError("'data' must be an object", source=source, field="data")
        for key, kind, what in (
            ("game", str, "a string"),
            ("seed", int, "an integer"),
            ("moves", list, "a list"),
        ):
            if key not in data:
                raise DataError("missing", source=source, field=key)
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise DataError(
                    f"must be {what}, got {_short(data[key])}", source=source, field=key
                )
        if data["seed"] not in SEEDS:
            raise DataError(
                f"must be from 0 to 2**64 - 1, got {_short(data['seed'])}",
                source=source,
                field="seed",
            )
        if document.get("game") not in (None, data["game"]):
            raise DataError(
                f"the document says game {_short(document.get('game'))} but its record is of "
                f"{data['game']!r}",
                source=source,
                field="game",
            )
        try:
            game = _game(data["game"], game)
        except DataError as exc:
            raise DataError(str(exc), source=source, field="game") from exc
        except LookupError as exc:
            raise DataError(str(exc), source=source, field="game") from exc
        version = data.get("rules_version")
        if version is not None and not isinstance(version, str):
            raise DataError(
                f"must be a string, got {_short(version)}", source=source, field="rules_version"
            )
        _check_rules_version(game, version, source)
        try:
            return cls._read(game, data, version, source)
        except ReplayError as exc:
            raise _version_note(exc, game, version) from exc

    @classmethod
    def _read(
        cls, game: AnyGame, data: dict[str, Any], version: str | None, source: str | None
    ) -> Record:
        if "options" not in data:
            raise DataError("missing", source=source, field="options")
        options: Any = from_data(data["options"], game.options_type, source=source)
        result = _read_result(data.get("result"), source)
        agents = data.get("agents", [])
        if not isinstance(agents, list) or not all(isinstance(a, str) for a in agents):
            raise DataError(
                f"must be a list of agent specs (strings), got {_short(agents)}",
                source=source,
                field="agents",
            )
        position = data.get("position")
        if position is not None and not isinstance(position, str):
            raise DataError(
                f"must be the text of a position, got {_short(position)}",
                source=source,
                field="position",
            )
        annotations = data.get("annotations")
        if annotations is not None and not isinstance(annotations, dict):
            raise DataError(
                f"must be an object, got {_short(annotations)}",
                source=source,
                field="annotations",
            )
        if position is None:
            state = game.new_game(options, data["seed"])
        else:
            try:
                state = game.from_position(position, options)
            except RulesError as exc:
                raise DataError(
                    f"the starting position: {exc}", source=source, field="position"
                ) from None
        moves = []
        for number, text_move in enumerate(data["moves"], start=1):
            if not isinstance(text_move, str):
                raise ReplayError(
                    f"a move must be a notation string, got {text_move!r}",
                    move_number=number,
                    source=source,
                )
            if game.is_over(state):
                raise ReplayError(
                    f"{text_move!r} is played after the game is over",
                    move_number=number,
                    source=source,
                    reason=Reason(Verdict.NOT_OFFERED, "the game is over: no move is legal"),
                )
            try:
                move = game.parse_move(state, text_move)
            except InvalidMoveError as exc:
                raise ReplayError(
                    f"{_short(text_move, 60)} names no move: {exc}",
                    move_number=number,
                    source=source,
                    reason=Reason(Verdict.UNKNOWN, str(exc)),
                ) from exc
            state = _apply_numbered(game, state, move, number, source)
            moves.append(move)
        return cls(
            game.spec.name,
            options,
            data["seed"],
            tuple(moves),
            result,
            tuple(agents),
            rules_version=version,
            source=source,
            position=position,
            annotations=annotations,
        )

    def save(self, path: str | Path, *, game: AnyGame | None = None) -> None:
        """Write the record as JSON to ``path``."""
        Path(path).write_text(self.to_json(game=game) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, *, game: AnyGame | None = None) -> Record:
        """Read a record written by :meth:`save` (or by hand).

        :raises DataError: for an unreadable file or a bad document (names the file).
        :raises ReplayError: for a move that is malformed or illegal, with its number.
        """
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"cannot read the file ({exc})", source=str(path)) from exc
        return cls.from_json(text, source=str(path), game=game)


def _check_rules_version(game: AnyGame, version: str | None, source: str | None = None) -> None:
    """Refuse a record made under rules this library does not know: neither its current
    ``rules_version`` nor one of the title's earlier ones (``known_rules_versions``, its
    version history). ``None`` (not stated) is read under the current rules.

    :raises DataError: naming the record's version and the library's.
    """
    spec = game.spec
    if version is None or version in spec.rules_versions:
        return
    raise DataError(
        f"the record was made under {spec.name} rules version {_short(version)}, which this "
        f"library does not know: it plays version {spec.rules_version} and reads records "
        f"of versions {', '.join(spec.rules_versions)}",
        source=source,
        field="rules_version",
    )


def _version_note(exc: ReplayError, game: AnyGame, version: str | None) -> ReplayError:
    """``exc``, saying which rules the record was made under when they are not the rules
    this library plays: a record of another version is accepted only if it replays."""
    current = game.spec.rules_version
    if version is None or version == current:
        return exc
    return ReplayError(
        f"{exc.detail} (the record was made under {game.spec.name} rules version "
        f"{version}; this library plays version {current})",
        move_number=exc.move_number,
        source=exc.source,
        reason=exc.reason,
    )


def _read_result(value: Any, source: str | None) -> Result | None:
    """A record's ``result``: null, or scores, winners and (in records made since the
    outcome was recorded) ``"outcome"``; a record without it is a finished game."""
    if value is None:
        return None
    keys = ("scores", "winners")
    if not (
        isinstance(value, dict)
        and set(keys) <= set(value) <= {*keys, "outcome"}
        and all(isinstance(value[k], list) and all(type(x) is int for x in value[k]) for k in keys)
    ):
        raise DataError(
            "must be null or {'scores': [int, ...], 'winners': [int, ...], "
            "'outcome': 'finished' | 'truncated'}",
            source=source,
            field="result",
        )
    outcome = value.get("outcome", Outcome.FINISHED.value)
    if outcome not in (Outcome.FINISHED.value, Outcome.TRUNCATED.value):
        raise DataError(
            f"must be 'finished' or 'truncated', got {outcome!r}",
            source=source,
            field="result.outcome",
        )
    return Result(tuple(value["scores"]), tuple(value["winners"]), Outcome(outcome))


def states(record: Record, game: AnyGame | None = None) -> Iterator[Any]:
    """Every state of the record: after setup, then after each move.

    :raises ReplayError: at the first illegal move, with its number.
    """
    game = _game(record.game, game)
    _check_rules_version(game, record.rules_version, record.source)
    state = record.initial_state(game)
    yield state
    for number, move in enumerate(record.moves, start=1):
        state = _apply_numbered(game, state, move, number, record.source)
        yield state


def step_to(record: Record, index: int, game: AnyGame | None = None) -> Any:
    """The state after the first ``index`` moves (0 is the state after setup).

    :raises IndexError: if ``index`` is outside ``0..len(record.moves)``.
    """
    if not 0 <= index <= len(record.moves):
        raise IndexError(f"a record of {len(record.moves)} moves has no state {index}")
    for i, state in enumerate(states(record, game)):
        if i == index:
            return state
    raise AssertionError("unreachable")  # pragma: no cover


def replay(record: Record, game: AnyGame | None = None) -> Any:
    """Re-apply every move and check the recorded result; returns the final state.

    :raises ReplayError: for an illegal move (with its number), or a result that differs
        from the replayed one (scores, winners, or whether the game is over).
    """
    game = _game(record.game, game)
    try:
        state = deque(states(record, game), maxlen=1)[0]
    except ReplayError as exc:
        raise _version_note(exc, game, record.rules_version) from exc
    replayed = Result.of(game, state) if game.is_over(state) else None
    if replayed != record.result:

        def show(r: Result | None) -> str:
            return "unfinished" if r is None else r.describe()

        mismatch = ReplayError(
            f"the recorded result ({show(record.result)}) does not match the replay "
            f"({show(replayed)})",
            source=record.source,
        )
        raise _version_note(mismatch, game, record.rules_version)
    return state
