"""The shared conformance suite: every invariant of the Game contract, on seeded games.

:func:`check_game` plays seeded random games and, at every decision, checks what
DESIGN.md promises of any title. It raises :class:`ConformanceError` (an
``AssertionError``, so pytest shows it as a failure) naming the game, the seed, the step
and the check that failed.

The checks. For each seed, a random game (moves chosen by an RNG seeded from the seed)
is played to its end, checking at each decision:

1. setup is deterministic: ``new_game(options, seed)`` twice gives equal states;
2. ``validate`` accepts every state reached;
3. ``legal_moves`` is empty iff ``is_over``; ``current_player`` is None iff over;
   the legal moves are listed in the same order on every call and have no duplicates;
4. every legal move applies (with ``every_move``; else the chosen one), twice with the
   same result, and ``apply``/``legal_moves``/``observe`` never change their input;
5. illegal moves (a move legal in an earlier state but not now, each legal move with a
   field mutated, and a non-move object) raise ``IllegalMoveError`` and leave the state
   equal;
6. notation: ``str(m) == format_move(m)``, equal moves print alike (with and without
   the state), and ``parse_move`` gives the move back from both;
   garbage text raises ``InvalidMoveError``;
7. action ids: in range, distinct, decode back, agree with ``action_mask``;
   other ids are refused with ``InvalidMoveError``;
8. JSON: options, each state, each legal move and each observation round-trip;
9. hidden information: no observation holds an RNG; for every player ``p``,
   ``observe(determinize(observe(s, p), k), p) == observe(s, p)`` for
   ``determinize_samples`` seeds ``k``, determinized states are valid and give the
   player to act the same legal moves (as returned, and listed afresh with every
   ``LastValue`` memo cleared) and the same ``render`` (the table shows
   nothing hidden from the player to act); for an imperfect-information game some
   determinized state must differ from the real one somewhere in the run; and, for
   a title that lists what an observer learned (``known_facts``), every fact of an
   observation holds in the real state and in every state determinized from it
   (sampled worlds never contradict what the player saw);
10. the game ends within ``max_steps`` decisions (default: ``max_game_length``),
    final scores have one entry per player, winners are players (at least one,
    unless ``allow_no_winner``: a co-operative game that all players can lose), and
    the game's record round-trips through JSON and replays to the same final state;
11. event texts: for one player ``p`` a decision (each in turn), a determinized state
    ``w`` of ``observe(s, p)`` in which the chosen move is legal and leaves ``p`` the
    same view as in ``s`` gives ``p`` the same ``describe_events`` (texts depend only
    on what ``p`` sees);
12. reasons (``silkroad.core.explain.explain``, the title's ``explain`` or the
    generic reason): every legal move, its notation and its action id are called
    legal; the illegal moves of 5, a few action ids of no legal move and garbage
    notation get a reason that is not LEGAL, and ``explain`` never raises; for a game
    with ``explain`` of its own, ``apply``'s ``IllegalMoveError`` carries the same
    reason (``.reason``), and for one without, no reason or one that is not LEGAL;
13. every output a user reads (with ``outputs``; :func:`check_outputs`): each seat's
    ``observation_tensor`` against ``observation_layout`` (shape, ``float32``,
    finite, a title's own tensor within each segment's bounds) and its observation's
    words; ``render``; the ``svg`` of the table and of each seat; ``describe_move``
    and ``describe_events`` for every viewer; the position round trip; and, with
    ``adapters``, each seat's observation in the OpenSpiel, PettingZoo and Gymnasium
    adapters whose frameworks are importable. What a game does not offer is
    skipped: no ``svg`` (or one giving None), no texts of its own (the defaults are
    checked), the generic position and feature-hash tensor of a definition without
    its own. No output may raise.
"""

from __future__ import annotations

import enum
import importlib.util
import json
import math
from collections.abc import Iterable, MutableMapping, Sequence
from typing import Any
from xml.parsers import expat

import attrs

from silkroad.core.errors import IllegalMoveError, InvalidMoveError, RulesError, StateError
from silkroad.core.explain import Reason, explain
from silkroad.core.game import (
    AnyGame,
    GameDefinition,
    Information,
    Outcome,
    known_facts,
    observation_words,
)
from silkroad.core.memo import clear_memos
from silkroad.core.replay import Record, replay
from silkroad.core.rng import Rng
from silkroad.core.serialize import dumps, loads, move_union, to_data
from silkroad.core.tensor import Layout

__all__ = [
    "ADAPTERS",
    "AdapterProbe",
    "CheckContext",
    "ConformanceError",
    "ConformanceReport",
    "check_decision",
    "check_event_texts",
    "check_game",
    "check_observations",
    "check_outputs",
    "check_reasons",
    "check_record",
    "deep_copy",
    "mutations",
]


class ConformanceError(AssertionError):
    """A game broke a promise of the ``Game`` contract."""


@attrs.frozen
class ConformanceReport:
    """What :func:`check_game` exercised: enough to see that it did real work."""

    games: int
    decisions: int
    longest_game: int
    moves_applied: int
    illegal_moves_rejected: int
    determinizations: int
    hidden_differences: int
    #: games stopped by the title's game-length safeguard (no winners)
    truncated_games: int = 0
    #: moves, notations and action ids whose reason ``explain`` gave (check 12)
    reasons_checked: int = 0
    #: the outputs a user reads that check 13 read, by kind (``"svg"``, ``"tensor"``,
    #: ``"PettingZoo observation"``...)
    outputs: dict[str, int] = attrs.field(factory=dict, eq=False)

    @property
    def outputs_checked(self) -> int:
        """How many outputs check 13 read, of every kind."""
        return sum(self.outputs.values())


class CheckContext:
    def __init__(self, game: AnyGame, options: Any, seed: int) -> None:
        self.game, self.options, self.seed, self.step = game, options, seed, 0
        self.last_move = ""
        self._layout: Layout | None = None

    @property
    def layout(self) -> Layout:
        """The game's ``observation_layout`` for these options (read once)."""
        if self._layout is None:
            self._layout = self.game.observation_layout(self.options)
        return self._layout

    def fail(self, message: str) -> ConformanceError:
        where = f"{self.game.spec.name} {self.options!r} seed {self.seed} step {self.step}"
        after = f" (after {self.last_move})" if self.last_move else ""
        return ConformanceError(f"{where}{after}: {message}")

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            raise self.fail(message)


def deep_copy(game: AnyGame, state: Any) -> Any:
    """An independent copy of a state, through JSON, to detect in-place mutation."""
    return loads(dumps(state, game), game.state_type, game)


#: Values that hold nothing else (their subclasses are found by ``isinstance`` below).
_ATOMS = frozenset({str, bytes, int, float, bool, type(None)})


def _contains_rng(value: Any) -> bool:
    """Whether an RNG lies anywhere in ``value`` (attrs fields, mappings, iterables; 12
    levels deep at most), walked with a stack of its own rather than a call per value."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        item, depth = pop()
        kind = type(item)
        if kind in _ATOMS:
            continue
        if isinstance(item, Rng):
            return True
        if depth > 12 or isinstance(item, str | bytes | int | float | enum.Enum):
            continue
        depth += 1
        if attrs.has(kind):
            stack.extend((getattr(item, f.name), depth) for f in attrs.fields(kind))
        elif isinstance(item, dict) or hasattr(item, "items"):
            try:
                pairs = list(item.items())
            except TypeError:
                continue
            for k, v in pairs:
                push((k, depth))
                push((v, depth))
        elif isinstance(item, Iterable):
            stack.extend((v, depth) for v in item)
    return False


def _differs_beyond_rng(a: Any, b: Any) -> bool:
    """Whether two states differ in anything but their RNGs (which always differ)."""
    if isinstance(a, Rng) and isinstance(b, Rng):
        return False
    if type(a) is not type(b) or not attrs.has(type(a)):
        return bool(a != b)
    return any(
        _differs_beyond_rng(getattr(a, f.name), getattr(b, f.name)) for f in attrs.fields(type(a))
    )


def mutations(move: Any) -> list[Any]:
    """Variants of an attrs move with one field changed (values that are rarely legal)."""
    if not attrs.has(type(move)):
        return []
    out = []
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        candidates: list[Any]
        if isinstance(value, bool):
            candidates = [not value]
        elif isinstance(value, enum.Enum):
            candidates = [m for m in type(value) if m != value][:2]
        elif isinstance(value, int):
            candidates = [value + 1000, -1 - abs(value)]
        elif isinstance(value, str):
            candidates = [value + "?"]
        elif isinstance(value, tuple):
            candidates = [(*value, *value[:1]), value[:-1]] if value else []
        else:
            candidates = []
        for candidate in candidates:
            try:
                out.append(attrs.evolve(move, **{field.name: candidate}))
            except (TypeError, ValueError):
                continue  # the move's own validator refuses it: that is fine
    return out


def _apply_legal(ctx: CheckContext, state: Any, move: Any) -> Any:
    try:
        return ctx.game.apply(state, move)
    except Exception as exc:
        raise ctx.fail(
            f"apply refused {move!r}, a move listed by legal_moves: {type(exc).__name__}: {exc}"
        ) from exc


def _check_illegal(ctx: CheckContext, state: Any, move: Any, snapshot: Any) -> None:
    game = ctx.game
    try:
        game.apply(state, move)
    except IllegalMoveError as exc:
        _check_carried_reason(ctx, state, move, exc)
    except Exception as exc:
        raise ctx.fail(
            f"apply of the illegal move {move!r} raised {type(exc).__name__}: {exc} "
            "(expected IllegalMoveError)"
        ) from exc
    else:
        raise ctx.fail(f"apply accepted {move!r}, which is not in legal_moves")
    ctx.check(state == snapshot, f"a refused move {move!r} changed the state")


def _has_explain(game: AnyGame) -> bool:
    """Whether the game explains refusals itself (else the generic reason is given)."""
    if isinstance(game, GameDefinition):
        return game.optional.explain is not None
    return callable(getattr(game, "explain", None))


def _explained(ctx: CheckContext, state: Any, move: Any) -> Reason:
    """``explain(game, state, move)``, which must give a :class:`Reason` and never raise."""
    try:
        reason = explain(ctx.game, state, move)
    except Exception as exc:
        raise ctx.fail(
            f"explain of {_shown(ctx, move)} raised {type(exc).__name__}: {exc} (a reason "
            "is given for any move, never an error)"
        ) from exc
    ctx.check(isinstance(reason, Reason), f"explain of {_shown(ctx, move)} gave {reason!r:.60}")
    ctx.check(bool(reason.text.strip()), f"explain of {_shown(ctx, move)} gave an empty reason")
    return reason


def _shown(ctx: CheckContext, move: Any) -> str:
    if isinstance(move, str | int):
        return repr(move)
    try:
        return repr(ctx.game.format_move(move))
    except Exception:
        return repr(move)[:60]


def _check_carried_reason(
    ctx: CheckContext, state: Any, move: Any, error: IllegalMoveError
) -> None:
    """An ``IllegalMoveError`` of a game with ``explain`` carries the reason ``explain``
    gives (``.reason``); one of a game without may carry none (a game written before
    reasons were; the tools then give the generic one), but never a legal verdict."""
    carried = getattr(error, "reason", None)
    if not _has_explain(ctx.game):
        ctx.check(
            carried is None or (isinstance(carried, Reason) and not carried.legal),
            f"the IllegalMoveError of {_shown(ctx, move)} carries {carried!r:.80} as its "
            "reason (None or a Reason that is not LEGAL)",
        )
        return
    ctx.check(
        isinstance(carried, Reason),
        f"apply's IllegalMoveError for {_shown(ctx, move)} carries no reason (.reason is "
        f"{carried!r:.40}); raise it with silkroad.core.registry.illegal_move or "
        "silkroad.core.explain.illegal_move_error",
    )
    said = _explained(ctx, state, move)
    ctx.check(
        carried == said,
        f"apply's IllegalMoveError for {_shown(ctx, move)} carries {carried} but explain "
        f"gives {said}",
    )


def check_reasons(
    ctx: CheckContext, state: Any, moves: Sequence[Any], illegal: Sequence[Any]
) -> int:
    """Check 12, the reasons (:mod:`silkroad.core.explain`): ``explain`` calls every legal
    move legal (as a move, by its notation and by its action id), and gives every move
    of ``illegal``, a few action ids that stand for no legal move and garbage notation a
    :class:`Reason` that is not LEGAL, never raising. For any game: one without
    ``explain`` of its own is checked through the generic reason. Returns how many
    reasons were checked."""
    game = ctx.game
    checked = 0
    for move in moves:
        for asked in (move, game.format_move(move, state), game.encode_move(state, move)):
            reason = _explained(ctx, state, asked)
            ctx.check(
                reason.legal,
                f"explain calls the legal move {_shown(ctx, asked)} not legal: {reason}",
            )
            checked += 1
    mask = game.action_mask(state)
    others = [i for i, ok in enumerate(mask) if not ok][:3]
    for bad in (*illegal, *others, len(mask), "\x00 not a move \x00"):
        reason = _explained(ctx, state, bad)
        ctx.check(
            not reason.legal,
            f"explain calls {_shown(ctx, bad)}, which is not legal, legal: {reason}",
        )
        checked += 1
    return checked


def _check_encoding(ctx: CheckContext, state: Any, moves: Sequence[Any]) -> None:
    game = ctx.game
    n = game.num_actions(ctx.options)
    ids = []
    for move in moves:
        action = game.encode_move(state, move)
        ctx.check(
            type(action) is int and 0 <= action < n,
            f"encode_move({move!r}) = {action!r} is outside range({n})",
        )
        ctx.check(
            game.decode_move(state, action) == move,
            f"decode_move(encode_move({move!r})) does not give the move back",
        )
        ids.append(action)
    ctx.check(len(set(ids)) == len(ids), f"two legal moves share an action id: {ids}")
    mask = game.action_mask(state)
    ctx.check(len(mask) == n, f"action_mask has {len(mask)} entries, expected {n}")
    ctx.check(
        {i for i, ok in enumerate(mask) if ok} == set(ids),
        "action_mask does not match the encoded legal moves",
    )
    for bad in (n, -1, *[i for i, ok in enumerate(mask) if not ok][:3]):
        try:
            game.decode_move(state, bad)
        except InvalidMoveError:
            continue
        raise ctx.fail(f"decode_move accepted action {bad}, which names no legal move")


def _check_notation(ctx: CheckContext, state: Any, moves: Sequence[Any]) -> None:
    game = ctx.game
    for move in moves:
        text = game.format_move(move)
        ctx.check(
            isinstance(text, str) and text == str(move),
            f"format_move({move!r}) = {text!r} differs from str(move) = {str(move)!r}",
        )
        named = game.format_move(move, state)
        ctx.check(isinstance(named, str), f"format_move({move!r}, state) = {named!r}")
        if attrs.has(type(move)):  # an equal move made from the value prints alike
            again = attrs.evolve(move)
            for shown, made in ((text, str(again)), (named, game.format_move(again, state))):
                ctx.check(
                    shown == made,
                    f"equal moves print differently: {shown!r} and {made!r} ({move!r})",
                )
        for written in dict.fromkeys((text, named)):
            try:
                parsed = game.parse_move(state, written)
            except RulesError as exc:
                raise ctx.fail(
                    f"parse_move could not read its own notation {written!r}: {exc}"
                ) from exc
            ctx.check(parsed == move, f"parse_move({written!r}) = {parsed!r}, expected {move!r}")
    for garbage in ("", "\x00 not a move \x00"):
        try:
            game.parse_move(state, garbage)
        except InvalidMoveError:
            continue
        except IllegalMoveError:
            continue
        raise ctx.fail(f"parse_move accepted the garbage text {garbage!r}")


def check_game(
    game: AnyGame,
    options: Any = None,
    *,
    seeds: Iterable[int] = range(10),
    max_steps: int | None = None,
    determinize_samples: int = 3,
    every_move: bool = True,
    allow_no_winner: bool = False,
    check_every: int | None = 1,
    outputs: bool = True,
    adapters: bool = True,
    outputs_every: int | None = 4,
    record: bool = True,
) -> ConformanceReport:
    """Run the shared conformance suite on ``game`` with ``options`` over ``seeds``.

    For each seed, a random game (moves chosen by an RNG seeded from the seed) is played
    to its end, checking at each decision the checks 1-13 listed in the docstring of
    this module (:mod:`silkroad.testing._conformance`): setup, ``validate``, the legal
    moves, ``apply``, illegal moves, notation, action ids, JSON, hidden information, the
    end, event texts, reasons and every output a user reads.

    Check 13 runs at every ``outputs_every``-th decision of those checked (and at the
    end): the outputs cost more than the rest together (a picture per seat, a position
    written and read, four adapter observations per seat), and a test suite calls
    ``check_game`` many times; ``outputs_every=1`` checks them at every decision (the
    soak does), ``outputs_every=None`` at each game's end only.

    ``check_every=k`` makes the checks of 4-9 and 11-13 at every k-th decision (and at
    the end) only, for cheap sweeps over many configurations (``check_every=None``: at
    the end only); ``validate`` and the end conditions are still checked on every state.
    ``record=False`` leaves out the replay of each game's record (in check 10) at its
    end.

    :raises ConformanceError: on the first broken promise, naming seed, step and check.
    :returns: a :class:`ConformanceReport` counting what was checked.
    """
    _check_every("check_every", check_every)
    _check_every("outputs_every", outputs_every)
    if options is None:
        options = game.default_options()
    options_copy: Any = loads(dumps(options, game), game.options_type, game)
    if options_copy != options:
        raise ConformanceError(f"{game.spec.name}: options do not round-trip through JSON")
    settings = _Settings(
        limit=max_steps if max_steps is not None else game.max_game_length(options),
        determinize_samples=determinize_samples,
        every_move=every_move,
        allow_no_winner=allow_no_winner,
        check_every=check_every,
        outputs=outputs,
        adapters=adapters,
        outputs_every=outputs_every,
        record=record,
    )
    counts = _Counts()
    union = move_union(game)
    for seed in seeds:
        _check_one_game(CheckContext(game, options, seed), settings, counts, union)
    # (with check_every=None the worlds are dealt at the ends only, where a game may
    # hide nothing: no difference is asked for)
    hidden = game.spec.information is Information.IMPERFECT and check_every is not None
    if counts.games and hidden and counts.differences == 0:
        raise ConformanceError(
            f"{game.spec.name}: determinize never produced a state that differs from the "
            "real one, although the game has hidden information: the observation "
            "probably carries what should be hidden"
        )
    return ConformanceReport(
        counts.games,
        counts.decisions,
        counts.longest,
        counts.applied,
        counts.refused,
        counts.determinizations,
        counts.differences,
        counts.truncated,
        counts.reasons,
        counts.outputs,
    )


def _check_every(name: str, value: object) -> None:
    """A sampling interval of :func:`check_game`: a whole number from 1, or None."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ValueError(f"{name} is a whole number from 1 or None, got {value!r}")


@attrs.frozen
class _Settings:
    """The choices of one :func:`check_game` run, as its arguments give them."""

    limit: int
    determinize_samples: int
    every_move: bool
    allow_no_winner: bool
    check_every: int | None
    outputs: bool
    adapters: bool
    outputs_every: int | None
    record: bool


@attrs.define
class _Counts:
    """What a :func:`check_game` run has checked so far (its report's numbers)."""

    games: int = 0
    decisions: int = 0
    longest: int = 0
    applied: int = 0
    refused: int = 0
    determinizations: int = 0
    differences: int = 0
    truncated: int = 0
    reasons: int = 0
    outputs: dict[str, int] = attrs.field(factory=dict)
    probe: AdapterProbe | None = None


def _check_one_game(ctx: CheckContext, settings: _Settings, counts: _Counts, union: Any) -> None:
    """Checks 1-13 of :func:`check_game` over the random game of ``ctx.seed``."""
    game, options, seed = ctx.game, ctx.options, ctx.seed
    state = game.new_game(options, seed)
    ctx.check(state == game.new_game(options, seed), "new_game is not deterministic")
    if settings.outputs and settings.adapters and counts.probe is None:
        counts.probe = AdapterProbe(game, options, game.num_players(state))
    chooser = Rng.from_seed(seed ^ 0x5EED)
    history: list[Any] = []
    earlier_moves: list[Any] = []
    while True:
        moves, player, n_players = _check_turn(ctx, state)
        over = player is None
        every = settings.check_every
        full = over or (every is not None and ctx.step % every == 0)
        if full:
            snapshot = deep_copy(game, state)
            ctx.check(snapshot == state, "the state does not round-trip through JSON")
            counts.differences += check_observations(
                ctx, state, player, moves, n_players, settings.determinize_samples
            )
            counts.determinizations += settings.determinize_samples * n_players
        outcome = game.outcome(state)
        ctx.check(
            (outcome is Outcome.ONGOING) == (not over),
            f"outcome is {outcome.value} but is_over is {over}",
        )
        if over:
            _check_end(ctx, state, n_players, settings, counts)
            break
        index, chooser = chooser.randrange(len(moves))
        chosen = moves[index]
        if full:
            _check_full_decision(
                ctx, state, moves, chosen, snapshot, earlier_moves, settings, counts, union
            )
        earlier_moves.extend(moves)
        history.append(chosen)
        state = game.apply(state, chosen)
        ctx.step += 1
        ctx.last_move = game.format_move(chosen, state)
        counts.decisions += 1
        if ctx.step > settings.limit:
            raise ctx.fail(f"the game did not end within {settings.limit} decisions")
    counts.games += 1
    counts.longest = max(counts.longest, ctx.step)
    if settings.record:
        check_record(ctx, history, state)


def _check_turn(ctx: CheckContext, state: Any) -> tuple[tuple[Any, ...], int | None, int]:
    """Checks 2 and 3 of :func:`check_game` on ``state``: its legal moves, the player to
    act (None when over) and the number of players."""
    game = ctx.game
    try:
        game.validate(state)
    except StateError as exc:
        raise ctx.fail(f"validate refused a reachable state: {exc}") from exc
    moves = game.legal_moves(state)
    over = game.is_over(state)
    ctx.check(isinstance(moves, tuple), "legal_moves must return a tuple")
    ctx.check(
        (len(moves) == 0) == over,
        f"legal_moves has {len(moves)} moves but is_over is {over}",
    )
    player = game.current_player(state)
    ctx.check((player is None) == over, f"current_player is {player!r}, is_over {over}")
    return moves, player, game.num_players(state)


def _check_end(
    ctx: CheckContext, state: Any, n_players: int, settings: _Settings, counts: _Counts
) -> None:
    """Check 10 of :func:`check_game` on a finished game's last state (scores and
    winners), and its outputs (check 13)."""
    game = ctx.game
    scores = game.scores(state)
    winners = game.winners(state)
    ctx.check(len(scores) == n_players, f"scores {scores} for {n_players} players")
    ctx.check(
        set(winners) <= set(range(n_players)),
        f"winners {winners} of a finished game are not players",
    )
    if game.outcome(state) is Outcome.TRUNCATED:
        ctx.check(not winners, f"a truncated game has no winners, got {list(winners)}")
        counts.truncated += 1
    else:
        ctx.check(
            bool(winners) or settings.allow_no_winner,
            "a finished game has no winner (pass allow_no_winner=True for a "
            "co-operative game that all players can lose)",
        )
    if settings.outputs:
        check_outputs(ctx, state, (), None, n_players, adapters=counts.probe, tally=counts.outputs)


def _check_full_decision(
    ctx: CheckContext,
    state: Any,
    moves: tuple[Any, ...],
    chosen: Any,
    snapshot: Any,
    earlier_moves: list[Any],
    settings: _Settings,
    counts: _Counts,
    union: Any,
) -> None:
    """Checks 4-7 and 11-13 of :func:`check_game` at a decision checked in full."""
    n_players = ctx.game.num_players(state)
    check_event_texts(ctx, state, chosen, n_players)
    counts.applied, counts.refused = check_decision(
        ctx,
        state,
        moves,
        chosen,
        snapshot,
        earlier_moves,
        settings.every_move,
        union,
        counts.applied,
        counts.refused,
    )
    counts.reasons += check_reasons(ctx, state, moves, illegal_sample(moves, earlier_moves))
    every, sampled = settings.outputs_every, settings.check_every or 1
    if settings.outputs and every is not None and (ctx.step // sampled) % every == 0:
        check_outputs(
            ctx, state, moves, chosen, n_players, adapters=counts.probe, tally=counts.outputs
        )


def check_decision(
    ctx: CheckContext,
    state: Any,
    moves: tuple[Any, ...],
    chosen: Any,
    snapshot: Any,
    earlier_moves: list[Any],
    every_move: bool,
    union: Any,
    applied: int,
    refused: int,
) -> tuple[int, int]:
    """Checks 3-8 of one decision; returns the updated (applied, refused) counts."""
    game = ctx.game
    ctx.check(game.legal_moves(state) == moves, "legal_moves differs between calls")
    ctx.check(len(set(moves)) == len(moves), "legal_moves lists a move twice")
    _check_notation(ctx, state, moves)
    _check_encoding(ctx, state, moves)
    for move in moves:
        ctx.check(
            loads(dumps(move, game, cls=union), union, game) == move,
            f"move {move!r} does not round-trip through JSON",
        )
    for move in moves if every_move else (chosen,):
        nxt = _apply_legal(ctx, state, move)
        applied += 1
        ctx.check(state == snapshot, f"apply({move!r}) changed its input state")
        if move == chosen:
            again = _apply_legal(ctx, state, move)
            ctx.check(nxt == again, "apply is not deterministic")
    for bad in illegal_sample(moves, earlier_moves):
        _check_illegal(ctx, state, bad, snapshot)
        refused += 1
    ctx.check(state == snapshot, "legal_moves or observe changed the state")
    return applied, refused


def illegal_sample(moves: Sequence[Any], earlier_moves: Sequence[Any]) -> list[Any]:
    """The illegal moves a decision is tried with: a few moves legal in an earlier state
    but not now, legal moves with one field changed, and a non-move."""
    legal = set(moves)
    stale = [m for m in earlier_moves[-20:] if m not in legal][:3]
    mutated = [m for move in moves[:4] for m in mutations(move) if m not in legal][:6]
    return [*stale, *mutated, object()]


def check_observations(
    ctx: CheckContext, state: Any, actor: int | None, moves: Sequence[Any], n: int, samples: int
) -> int:
    """Check every player's observation; returns how many determinized states differed."""
    game = ctx.game
    differences = 0
    for p in range(n):
        obs = game.observe(state, p)
        ctx.check(obs == game.observe(state, p), f"observe(state, {p}) differs between calls")
        ctx.check(not _contains_rng(obs), f"observe(state, {p}) exposes the RNG")
        copy: Any = loads(dumps(obs, game), game.observation_type, game)
        ctx.check(copy == obs, f"the observation of player {p} does not round-trip through JSON")
        facts = known_facts(game, obs)
        for fact in facts:
            ctx.check(fact.holds(state), f"player {p} is said to know what is false: {fact.text}")
        for k in range(samples):
            det_seed = (ctx.seed * 7919 + ctx.step * 104729 + p * 31 + k) & 0xFFFFFFFF
            world = game.determinize(obs, det_seed)
            try:
                game.validate(world)
            except StateError as exc:
                raise ctx.fail(f"determinize for player {p} gave an invalid state: {exc}") from exc
            for fact in facts:
                ctx.check(
                    fact.holds(world),
                    f"determinize({det_seed}) dealt a state that player {p} knows to be "
                    f"impossible: it breaks {fact.text!r}",
                )
            seen = game.observe(world, p)
            if seen != obs:
                raise ctx.fail(
                    f"player {p} can tell a determinized state from the real one: "
                    f"observe(determinize(observe(s, {p}), {det_seed}), {p}) != observe(s, {p}); "
                    "the observation shows something that determinize treats as hidden"
                )
            if p == actor:
                ctx.check(
                    game.render(world) == game.render(state),
                    f"render shows something hidden from player {p}, who is to act",
                )
                ctx.check(
                    game.legal_moves(world) == tuple(moves),
                    f"player {p} to act has other legal moves in a determinized state",
                )
                clear_memos()  # and listed afresh: determinize may hand them on, once listed
                ctx.check(
                    game.legal_moves(world) == tuple(moves),
                    f"player {p} to act has other legal moves in a determinized state "
                    "(listed afresh)",
                )
            if _differs_beyond_rng(world, state):
                differences += 1
    return differences


def check_event_texts(ctx: CheckContext, state: Any, move: Any, n: int) -> None:
    """Check 11: two states a player cannot tell apart, before and after ``move``, give
    that player the same event texts (so the texts carry nothing hidden from them). One
    player a decision, each in turn (the check costs a determinization and three moves)."""
    game = ctx.game
    if isinstance(game, GameDefinition) and game.optional.describe_events is None:
        return  # a definition without describe_events: no texts
    p = (ctx.seed + ctx.step) % n
    obs = game.observe(state, p)
    det_seed = (ctx.seed * 7919 + ctx.step * 104729 + p * 31 + 0x7E47) & 0xFFFFFFFF
    world = game.determinize(obs, det_seed)
    if move not in game.legal_moves(world):
        return  # the move names something the other state holds elsewhere
    if game.observe(game.apply(world, move), p) != game.observe(game.apply(state, move), p):
        return  # the move shows the player something that tells the states apart
    mine = game.describe_events(state, move, p)
    other = game.describe_events(world, move, p)
    if mine != other:
        raise ctx.fail(
            f"the event texts of {game.format_move(move, state)} for player {p} differ between "
            f"two states that player cannot tell apart: {list(mine)} in one, "
            f"{list(other)} in the other (they show something hidden from player {p})"
        )


def check_record(ctx: CheckContext, history: list[Any], final: Any) -> None:
    game = ctx.game
    record = Record.from_moves(game, ctx.options, ctx.seed, history)
    text = record.to_json(game=game)
    again = Record.from_json(text, game=game)
    ctx.check(again == record, "the game's record does not round-trip through JSON")
    ctx.check(replay(again, game) == final, "replaying the record does not give the final state")


# --------------------------------------------------------------------------- check 13


#: The learning adapters check 13 reads, each when its framework is importable.
ADAPTERS = ("OpenSpiel", "PettingZoo", "Gymnasium")
_FRAMEWORKS = {"OpenSpiel": "pyspiel", "PettingZoo": "pettingzoo", "Gymnasium": "gymnasium"}


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _tally(tally: MutableMapping[str, int] | None, kind: str, n: int = 1) -> None:
    if tally is not None:
        tally[kind] = tally.get(kind, 0) + n


class AdapterProbe:
    """The three learning adapters made once for a game and its options, reading the
    observations of any state of that game (check 13): OpenSpiel's observation and
    information-state strings and tensors, PettingZoo's observation and action mask,
    and each seat's Gymnasium observation and info. An adapter whose framework is not
    importable is left out (:attr:`adapters` names those in use); so is OpenSpiel for a
    game whose name pyspiel has registered for another game object."""

    def __init__(self, game: AnyGame, options: Any, players: int) -> None:
        self.game, self.options, self.players = game, options, players
        self.adapters = tuple(a for a in ADAPTERS if _importable(_FRAMEWORKS[a]))
        self._openspiel: Any = None
        self._pettingzoo: Any = None
        self._gymnasium: list[Any] | None = None

    def check(
        self, ctx: CheckContext, state: Any, tally: MutableMapping[str, int] | None = None
    ) -> None:
        """Every seat's observation in every adapter in use, for ``state``."""
        for adapter in self.adapters:
            try:
                getattr(self, f"_check_{adapter.lower()}")(ctx, state, tally)
            except ConformanceError:
                raise
            except Exception as exc:
                raise ctx.fail(
                    f"the {adapter} adapter's observation raised {type(exc).__name__}: {exc}"
                ) from exc

    def _check_openspiel(
        self, ctx: CheckContext, state: Any, tally: MutableMapping[str, int] | None
    ) -> None:
        from silkroad.adapters import openspiel

        if self._openspiel is None:
            import pyspiel

            name = openspiel.register(self.game)
            if openspiel._REGISTERED.get(name) is not self.game:
                self.adapters = tuple(a for a in self.adapters if a != "OpenSpiel")
                return
            parameter = openspiel.options_parameter(**to_data(self.options))
            self._openspiel = pyspiel.load_game(
                name, {"players": self.players, "options": parameter, "seed": 0}
            )
        pygame = self._openspiel
        held = pygame.new_initial_state()
        held.cur = openspiel._Inner(self.game, state)
        held.trail = openspiel._Trail(self.game, state, None)
        size = pygame.observation_tensor_size()
        for p in range(self.players):
            tensor = held.observation_tensor(p)
            ctx.check(
                len(tensor) == size and all(math.isfinite(v) for v in tensor),
                f"the OpenSpiel observation tensor of player {p} has {len(tensor)} entries "
                f"(the game says {size}) or one that is not finite",
            )
            info = held.information_state_tensor(p)
            ctx.check(
                len(info) == pygame.information_state_tensor_size(),
                f"the OpenSpiel information state tensor of player {p} has {len(info)} entries",
            )
            for text in (held.observation_string(p), held.information_state_string(p)):
                ctx.check(
                    isinstance(text, str) and bool(text),
                    f"an OpenSpiel string of player {p} is empty",
                )
            _tally(tally, "OpenSpiel observation", 4)

    def _check_pettingzoo(
        self, ctx: CheckContext, state: Any, tally: MutableMapping[str, int] | None
    ) -> None:
        if self._pettingzoo is None:
            from silkroad.adapters.pettingzoo import SilkroadEnv

            self._pettingzoo = SilkroadEnv(self.game, self.options)
            self._pettingzoo.reset(seed=0)
        env = self._pettingzoo
        env.state_ = state
        env._select()
        acting = self.game.current_player(state)
        legal = sum(self.game.action_mask(state)) if acting is not None else 0
        for p, agent in enumerate(env.possible_agents):
            seen = env.observe(agent)
            ctx.check(
                env.observation_space(agent).contains(seen),
                f"the PettingZoo observation of {agent} is not in its observation space "
                f"(shape {getattr(seen['observation'], 'shape', None)}, space "
                f"{env.observation_space(agent)['observation']})",
            )
            marked = int(seen["action_mask"].sum())
            ctx.check(
                marked == (legal if p == acting else 0),
                f"the PettingZoo action mask of {agent} marks {marked} actions",
            )
            _tally(tally, "PettingZoo observation")

    def _check_gymnasium(
        self, ctx: CheckContext, state: Any, tally: MutableMapping[str, int] | None
    ) -> None:
        if self._gymnasium is None:
            from silkroad.adapters.gymnasium import SilkroadGymEnv

            self._gymnasium = [
                SilkroadGymEnv(self.game, options=self.options, seat=p) for p in range(self.players)
            ]
        for p, env in enumerate(self._gymnasium):
            env.state = state
            seen = env._observation()
            ctx.check(
                env.observation_space.contains(seen),
                f"the Gymnasium observation of seat {p} is not in its observation space "
                f"(shape {getattr(seen, 'shape', None)}, space {env.observation_space})",
            )
            mask = env._info()["action_mask"]
            ctx.check(len(mask) == env.n_actions, f"the Gymnasium action mask of seat {p} is short")
            _tally(tally, "Gymnasium observation")


def _own_tensor(game: AnyGame) -> bool:
    """Whether the game gives its own tensor (values within its segments' bounds) rather
    than the default feature hash."""
    return not isinstance(game, GameDefinition) or game.optional.observation_tensor is not None


def _check_tensor(ctx: CheckContext, obs: Any, p: int) -> None:
    """The observation tensor against ``observation_layout``: a flat ``float32`` vector of
    the layout's size, finite, each segment within its bounds."""
    import numpy as np

    layout = ctx.layout
    try:
        tensor = ctx.game.observation_tensor(obs)
    except Exception as exc:
        raise ctx.fail(
            f"observation_tensor of player {p}'s observation raised {type(exc).__name__}: {exc}"
        ) from exc
    ctx.check(
        isinstance(tensor, np.ndarray) and tensor.dtype == np.float32,
        f"observation_tensor of player {p} is not a float32 array: {type(tensor).__name__}",
    )
    ctx.check(
        tensor.shape == layout.shape,
        f"observation_tensor of player {p} has shape {tensor.shape}, the layout {layout.shape}",
    )
    ctx.check(bool(np.isfinite(tensor).all()), f"observation_tensor of player {p} is not finite")
    if not _own_tensor(ctx.game):
        return
    for segment in layout.segments:
        start = layout.offsets[segment.name]
        part = tensor[start : start + segment.size]
        if part.size and (part.min() < segment.low or part.max() > segment.high):
            raise ctx.fail(
                f"observation_tensor of player {p}: segment {segment.name!r} holds "
                f"{float(part.min()):g}..{float(part.max()):g}, outside its bounds "
                f"{segment.low:g}..{segment.high:g}"
            )


def _check_svg(ctx: CheckContext, picture: Any, what: str) -> bool:
    """An SVG picture (None: the game draws none) is well-formed XML with an ``svg`` root."""
    if picture is None:
        return False
    ctx.check(isinstance(picture, str), f"{what} is a {type(picture).__name__}, not text")
    # expat alone, told only the root's name: the whole text is parsed for well-formedness
    # without a tree of Python objects (a third of ElementTree's time)
    parser = expat.ParserCreate(namespace_separator="}")
    root: list[str] = []

    def start(name: str, attributes: object) -> None:
        root.append(name)
        parser.StartElementHandler = None

    parser.StartElementHandler = start
    try:
        parser.Parse(picture, True)
    except expat.ExpatError as exc:
        raise ctx.fail(f"{what} is not well-formed XML: {exc}") from exc
    tag = root[0] if root else ""
    ctx.check(tag.rpartition("}")[2] == "svg", f"{what} is a <{tag}>, not an <svg>")
    return True


def _text(ctx: CheckContext, value: Any, what: str) -> None:
    ctx.check(
        isinstance(value, str) and bool(value.strip()), f"{what} gave {value!r:.60}, not text"
    )


def check_outputs(
    ctx: CheckContext,
    state: Any,
    moves: Sequence[Any],
    chosen: Any,
    n: int,
    *,
    adapters: AdapterProbe | None = None,
    tally: MutableMapping[str, int] | None = None,
    position: str | None = None,
) -> None:
    """Check 13, every output a user reads, for a state and the move chosen in it (None
    at the end): each seat's ``observation_tensor`` against ``observation_layout`` and
    the observation's words (JSON data); ``render``; the ``svg`` of the table and of each
    seat (well-formed, for a game that draws one); ``describe_move`` of the chosen move
    and a few others, and ``describe_events`` of the chosen one, for every viewer and
    for everyone; the position round trip (``from_position(to_position(s)) == s``); and
    the observations of the learning adapters (``adapters``). Anything but a broken
    promise raised by an output is a failure too. ``tally`` counts the outputs read, by
    kind; ``position`` is ``to_position(state)`` when the caller has it. Explanations
    of illegal moves are check 12 (:func:`check_reasons`)."""
    game = ctx.game
    kind = ""
    try:
        for p in range(n):
            obs = game.observe(state, p)
            kind = "tensor"
            _check_tensor(ctx, obs, p)
            _tally(tally, kind)
            kind = "observation words"
            words = observation_words(game, obs)
            ctx.check(isinstance(words, dict), f"the words of player {p}'s observation")
            json.dumps(words)
            _tally(tally, kind)
            kind = "svg"
            draw = getattr(game, "svg", None)
            if draw is not None and _check_svg(ctx, draw(state, p), f"svg(state, {p})"):
                _tally(tally, kind)
        kind = "render"
        _text(ctx, game.render(state), "render")
        _tally(tally, kind)
        kind = "svg"
        draw = getattr(game, "svg", None)
        if draw is not None and _check_svg(ctx, draw(state, None), "svg(state)"):
            _tally(tally, kind)
        if chosen is not None:
            kind = "describe_move"
            others = [m for m in moves[:3] if m != chosen]
            for viewer in (None, *range(n)):
                for move in (chosen, *others):
                    _text(
                        ctx,
                        game.describe_move(state, move, viewer),
                        f"describe_move({game.format_move(move)!r}, viewer {viewer})",
                    )
                    _tally(tally, kind)
            kind = "describe_events"
            for viewer in (None, *range(n)):
                lines = game.describe_events(state, chosen, viewer)
                ctx.check(
                    isinstance(lines, tuple) and all(isinstance(x, str) for x in lines),
                    f"describe_events for viewer {viewer} gave {lines!r:.80}, not a tuple of text",
                )
                _tally(tally, kind)
        kind = "position"
        text = game.to_position(state) if position is None else position
        ctx.check(isinstance(text, str), "to_position did not give text")
        ctx.check(game.from_position(text) == state, "the state's position does not read back")
        _tally(tally, kind)
    except ConformanceError:
        raise
    except Exception as exc:
        raise ctx.fail(f"{kind} raised {type(exc).__name__}: {exc}") from exc
    if adapters is not None:
        adapters.check(ctx, state, tally)
