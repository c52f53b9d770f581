"""The soak: every registered title played over a sample of its whole option space for a
given time under every check, and bad input of every kind, with a summary (``make soak``;
``python -m silkroad.testing.soak``).

The soak names no title: it plays every game of the registry (:data:`silkroad.GAMES`),
each declaring its option space (its optional part ``sample_options``,
:func:`silkroad.core.game.sample_options`). Each run draws its own sample from its seed
(printed, and given back with ``--seed``): game ``k`` of a title plays the options
``sample_options(seed * 1_000_003 + k)``, so consecutive games walk through a title's
choices (Dunhuang's pack triples one after another) and another seed starts elsewhere.
Games are seeded random playouts, the titles in turn.

At every decision the soak checks what :func:`silkroad.testing.check_game` checks at a
sampled one (``validate``, the observations and determinized states, illegal moves and
why they are refused, notation, action ids, JSON, the event texts two states a player
cannot tell apart give that player) and every output a user reads (check 13: the
observation tensor against its layout, the observation's words, ``render``, the pictures
of the table and of each seat, ``describe_move`` and ``describe_events``, the position
round trip, and the OpenSpiel, PettingZoo and Gymnasium observations of each seat when
their frameworks are importable). Between decisions it hands each entry point hostile
input: a saved state and a position with random edits, garbage notation and action ids
that name no legal move; at the end of a game its record with edits; before each game
a data file of the title with edits (through ``sample_options(seed, edit)``). A bad input
must be refused with a :class:`~silkroad.core.errors.RulesError` or give a value that
works completely (a loaded state plays on: every state reached is valid and has a legal
move until the game is over).

Everything but the stopping time is seeded, so a failure recurs: the summary names the
game (title, options and the ``sample_options`` seed that made them, game seed,
decision) and the check, and ``failures/<n>.json`` in the output directory holds the
options and the state (JSON) and the bad input, if any.

This is a testing tool, not part of the rules: it reads the clock to stop, and writes its
files only to the output directory.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import itertools
import json
import math
import random
import re
import secrets
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from silkroad.core.errors import RulesError
from silkroad.core.game import AnyGame, Outcome, sample_options
from silkroad.core.registry import GAMES, get_game
from silkroad.core.replay import Record, replay
from silkroad.core.rng import Rng
from silkroad.core.serialize import dumps, loads, move_union
from silkroad.testing._conformance import (
    ADAPTERS,
    AdapterProbe,
    CheckContext,
    check_decision,
    check_event_texts,
    check_observations,
    check_outputs,
    check_reasons,
    check_record,
    deep_copy,
    illegal_sample,
)

__all__ = ["Summary", "configurations", "main", "soak"]

#: Decisions played from a bad input that was accepted (a save, a position, a record).
PLAY_ON = 25
#: Seconds one bad input may take before it counts as a hang (far beyond any input).
DEADLINE = 60.0
#: The spacing of the ``sample_options`` seeds of two runs: game ``k`` of a title in the
#: run of seed ``s`` plays ``sample_options(s * SAMPLE_STRIDE + k)``.
SAMPLE_STRIDE = 1_000_003
_HOSTILE: tuple[Any, ...] = (
    -1,
    0,
    1,
    2,
    7,
    99,
    10_000,
    2**63,
    2**64,
    -(2**64),
    10**40,
    True,
    False,
    None,
    "",
    "x",
    "all",
    [],
    {},
    1.5,
)
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")
_STRING = re.compile(r'"[^"\n]*"')


@attrs.define
class Summary:
    """What a soak did and found."""

    seconds: float = 0.0
    games: int = 0
    decisions: int = 0
    truncated: int = 0
    #: per kind of bad input: [refused with a RulesError, accepted and working]
    bad: dict[str, list[int]] = attrs.Factory(dict)
    failures: list[dict[str, Any]] = attrs.Factory(list)
    #: every configuration played (title, options), once each, in the order first played
    configurations: list[str] = attrs.Factory(list)
    #: the run's seed (``--seed``: the same sample and games again)
    seed: int = 0
    #: the outputs a user reads that were checked, by kind (check 13 of ``check_game``)
    outputs: dict[str, int] = attrs.Factory(dict)
    #: the outputs were checked at every ``outputs_every``-th decision (and each end)
    outputs_every: int = 1

    @property
    def bad_inputs(self) -> int:
        return sum(sum(v) for v in self.bad.values()) + self.bad_failures

    @property
    def bad_failures(self) -> int:
        return sum(1 for f in self.failures if f["input"] is not None)

    def clean_share(self) -> float:
        """The share of bad inputs handled cleanly: refused with a ``RulesError``, or
        accepted and working (1.0 when there were none)."""
        total = self.bad_inputs
        return 1.0 if not total else (total - self.bad_failures) / total

    def text(self) -> str:
        """The summary as Markdown."""
        total = self.bad_inputs
        refused = sum(v[0] for v in self.bad.values())
        clean = math.floor(10_000 * self.clean_share()) / 100  # 100.00 only without failures
        titles = sorted({c.split(" ", 1)[0] for c in self.configurations})
        per_title = ", ".join(
            f"{t} {sum(c.split(' ', 1)[0] == t for c in self.configurations)}" for t in titles
        )
        lines = [
            "# Soak summary",
            "",
            f"- seed {self.seed} (the same run again: `--seed {self.seed}`)",
            f"- ran {self.seconds / 60:.1f} minutes: {self.games:,} games, "
            f"{self.decisions:,} decisions, every check at every decision"
            + (
                ""
                if self.outputs_every == 1
                else f" (the outputs at every {self.outputs_every}th and each game's end)"
            )
            + " "
            f"({self.truncated:,} games stopped by a game-length safeguard)",
            f"- configurations: {len(self.configurations):,} ({per_title})",
            f"- outputs a user reads, checked: {sum(self.outputs.values()):,} ("
            + ", ".join(f"{k} {v:,}" for k, v in sorted(self.outputs.items()))
            + ")",
            f"- bad inputs: {total:,}; handled cleanly {clean:.2f}% "
            f"(refused with a RulesError {refused:,}, accepted and working "
            f"{total - refused - self.bad_failures:,})",
            f"- failures: {len(self.failures)}",
            "",
            "| bad input | refused | accepted and working |",
            "|---|---|---|",
        ]
        lines += [f"| {kind} | {r:,} | {a:,} |" for kind, (r, a) in sorted(self.bad.items())]
        lines += ["", "Configurations:", ""]
        lines += [f"- {c}" for c in self.configurations]
        if self.failures:
            lines += ["", "## Failures", ""]
            for f in self.failures:
                lines.append(f"- `failures/{f['number']}.json` {f['check']}: {f['message']}")
        return "\n".join(lines) + "\n"


def sample_seed(seed: int, k: int) -> int:
    """The ``sample_options`` seed of game ``k`` of a title in the run of ``seed``."""
    return seed * SAMPLE_STRIDE + k


def configurations(
    seed: int = 0, count: int | None = None, titles: Sequence[str] | None = None
) -> list[tuple[str, Any]]:
    """The first ``count`` (title, options) the run of ``seed`` plays (default: three of
    each title): the registered titles (or ``titles``) in turn, game ``k`` of a title
    with the options its ``sample_options(sample_seed(seed, k))`` declares."""
    names = list(GAMES) if titles is None else list(titles)
    if count is None:
        count = 3 * len(names)
    return [_configuration(names, seed, number)[:2] for number in range(count)]


def _configuration(names: Sequence[str], seed: int, number: int) -> tuple[str, Any, int]:
    """Title, options and ``sample_options`` seed of game ``number`` of a run."""
    title = names[number % len(names)]
    chosen = sample_seed(seed, number // len(names))
    return title, sample_options(get_game(title), chosen), chosen


def _with_data(options: Any) -> str:
    """`` with a user data file`` for options that carry one (their repr leaves it out)."""
    carried = getattr(options, "cards", None) is not None or bool(getattr(options, "data", ()))
    return " with a user data file" if carried else ""


# --------------------------------------------------------------------------- hostile edits


def _edit_json(rng: random.Random, document: Any) -> Any:
    """``document`` (JSON data, copied) with one to three hostile edits."""
    data = json.loads(json.dumps(document))
    for _ in range(rng.randint(1, 3)):
        parent: Any = None
        key: Any = None
        node = data
        while isinstance(node, dict | list) and node and (parent is None or rng.random() < 0.8):
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            parent, key = node, rng.choice(keys)
            node = node[key]
        if parent is None:
            continue
        edit = rng.choice(["set", "set", "set", "delete", "repeat", "swap"])
        if edit == "delete":
            del parent[key]
        elif edit == "repeat" and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        elif edit == "swap" and isinstance(parent, list):
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
        elif isinstance(node, int) and not isinstance(node, bool) and rng.random() < 0.5:
            parent[key] = node + rng.choice([-2, -1, 1, 2, 40])
        else:
            parent[key] = rng.choice(_HOSTILE)
    return data


def _edit_text(rng: random.Random, text: str) -> str:
    """TOML text with one to three hostile edits: a number or a string replaced, a line
    deleted or repeated, the text cut short, a character inserted."""
    for _ in range(rng.randint(1, 3)):
        edit = rng.choice(["number", "number", "string", "line", "repeat", "cut", "char"])
        if edit in ("number", "string"):
            spots = list((_NUMBER if edit == "number" else _STRING).finditer(text))
            if spots:
                m = rng.choice(spots)
                new = rng.choice(
                    ["-1", "0", "1", "99", "9999999", str(2**64), "1.5", '"x"', "[]"]
                    if edit == "number"
                    else ['""', '"x"', '"c1"', '"t1"', '"Miner"', "7", "true", '"all"']
                )
                text = text[: m.start()] + new + text[m.end() :]
        elif edit in ("line", "repeat"):
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines[i : i + 1] = [] if edit == "line" else [lines[i], lines[i]]
            text = "\n".join(lines)
        elif edit == "cut":
            text = text[: rng.randrange(len(text) + 1)]
        else:
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(["=", "[", "]", '"', "\x00", "é", "\n"]) + text[i:]
    return text


def _edit_notation(rng: random.Random, text: str) -> str:
    edit = rng.choice(["number", "char", "cut", "word"])
    if edit == "number" and _NUMBER.search(text):
        return _NUMBER.sub(lambda m: str(int(m.group()) + rng.choice([-1000, -1, 1, 99])), text)
    if edit == "char":
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice([" ", ".", "-", "x", "9", "\x00"]) + text[i:]
    if edit == "cut":
        return text[: rng.randrange(len(text) + 1)]
    return rng.choice(["", "pass", "keep", "move 1 2 3", "take all", "\t", "é", "1" * 400])


# --------------------------------------------------------------------------- the run


class _Hang(Exception):
    pass


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`_Hang` if the block runs longer than ``seconds`` (main thread only)."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def alarm(signum: int, frame: object) -> None:
        raise _Hang(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class _Run:
    def __init__(self, out: Path, seed: int) -> None:
        self.out = out
        self.seed = seed
        self.summary = Summary()

    def fail(
        self,
        game: AnyGame,
        where: str,
        check: str,
        message: str,
        state: Any = None,
        bad: str | None = None,
        *,
        options: Any = None,
    ) -> None:
        number = len(self.summary.failures) + 1
        entry = {
            "number": number,
            "check": check,
            "message": f"{where}: {message}"[:2000],
            "game": game.spec.name,
            "input": bad,
            "state": None if state is None else dumps(state, game),
        }
        if options is not None:
            try:
                entry["options"] = dumps(options, game)
            except Exception as exc:  # options that do not write: say so, keep the rest
                entry["options"] = f"(not written: {type(exc).__name__}: {exc})"
        self.summary.failures.append(entry)
        folder = self.out / "failures"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{number}.json").write_text(json.dumps(entry, indent=1) + "\n", "utf-8")

    def hostile(
        self,
        kind: str,
        game: AnyGame,
        where: str,
        state: Any,
        bad: str,
        load: Callable[[], Any],
        edited: list[str] | None = None,
    ) -> None:
        """Hand ``bad`` to ``load``; a value it gives must play on (``PLAY_ON`` moves).
        ``edited`` collects the bad input ``load`` makes itself (a data file's text)."""
        counts = self.summary.bad.setdefault(kind, [0, 0])
        try:
            with _deadline(DEADLINE):
                value = load()
                if value is not None:
                    _play_on(game, value, self.seed)
        except _PlayedOn as exc:
            bad = "\n".join(edited) if edited else bad
            self.fail(game, where, f"{kind} accepted, then refused", str(exc), state, bad)
        except RulesError:
            counts[0] += 1
        except Exception as exc:  # any other exception is the finding
            bad = "\n".join(edited) if edited else bad
            self.fail(game, where, kind, f"{type(exc).__name__}: {exc}", state, bad)
        else:
            counts[1] += 1


class _PlayedOn(Exception):
    """A ``RulesError`` raised while playing on from an accepted bad input (a dead end,
    a move the state listed refused): a finding, not a refusal."""


def _play_on(game: AnyGame, value: Any, seed: int) -> None:
    """Play ``PLAY_ON`` random moves from an accepted state or record: each state valid,
    with a legal move unless the game is over."""
    state = replay(value, game) if isinstance(value, Record) else value
    chooser = Rng.from_seed(seed)
    for _ in range(PLAY_ON):
        try:
            game.validate(state)
            if game.is_over(state):
                return
            moves = game.legal_moves(state)
            if not moves:
                raise _PlayedOn("a game not over has no legal move")
            index, chooser = chooser.randrange(len(moves))
            state = game.apply(state, moves[index])
        except _PlayedOn:
            raise
        except RulesError as exc:
            raise _PlayedOn(f"{type(exc).__name__}: {exc}") from exc


def soak(
    seconds: float,
    out: str | Path,
    *,
    seed: int = 0,
    titles: Sequence[str] | None = None,
    configs: Sequence[tuple[str, Any]] | None = None,
    report: Callable[[Summary], None] | None = None,
    outputs_every: int = 1,
    max_games: int | None = None,
) -> Summary:
    """Play games of every registered title (or of ``titles``), each with options its
    ``sample_options`` declares for the run of ``seed`` (or the ``configs`` given:
    registered game names and options, in turn), under every check for ``seconds`` (a
    game the time stops is left unfinished: not counted, its decisions are), each game
    followed by a data file of its title with edits, and write ``summary.md`` and
    ``summary.json`` (and ``failures/<n>.json``) into ``out``. The outputs a user reads
    are checked at every ``outputs_every``-th decision and at each game's end (default:
    every decision). ``max_games`` stops the run after that many games have started (for
    short runs whose length does not depend on the machine's speed)."""
    if isinstance(outputs_every, bool) or not isinstance(outputs_every, int) or outputs_every < 1:
        raise ValueError(f"outputs_every is a whole number from 1, got {outputs_every!r}")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    run = _Run(folder, seed)
    run.summary.seed = seed
    run.summary.outputs_every = outputs_every
    names = list(GAMES) if titles is None else list(titles)
    for name in {*names, *(t for t, _ in configs or ())}:
        get_game(name)  # load the registry before the clock starts
    _load_adapters()
    seen: set[str] = set()
    started = time.monotonic()
    deadline = started + seconds
    for number in itertools.count():
        if time.monotonic() >= deadline or (max_games is not None and number >= max_games):
            break
        if configs is None:
            try:
                title, options, chosen = _configuration(names, seed, number)
            except Exception as exc:  # a title's declaration that fails is a finding
                title = names[number % len(names)]
                where = f"{title} sample_options({sample_seed(seed, number // len(names))})"
                message = f"{type(exc).__name__}: {exc}"
                run.fail(get_game(title), where, "sample_options", message)
                continue
            made: str | None = f"sample_options({chosen})"
        else:
            (title, options), made = configs[number % len(configs)], None
        game = get_game(title)
        label = f"{title} {options!r}{_with_data(options)}"
        if label not in seen:
            seen.add(label)
            run.summary.configurations.append(label)
        _one_game(run, game, options, seed * 1_000_003 + number, deadline, made, outputs_every)
        _data_file(run, game, seed * SAMPLE_STRIDE + number)
        run.summary.seconds = time.monotonic() - started
        if report is not None:
            report(run.summary)
    run.summary.seconds = time.monotonic() - started
    (folder / "summary.md").write_text(run.summary.text(), "utf-8")
    data = attrs.asdict(run.summary)
    data["bad_inputs"] = run.summary.bad_inputs
    data["clean_share"] = run.summary.clean_share()
    for f in data["failures"]:
        f.pop("state")
        f.pop("options", None)
    (folder / "summary.json").write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    return run.summary


def _load_adapters() -> None:
    """Import the learning adapters whose frameworks are importable (before the clock
    starts: their imports take seconds)."""
    for adapter in ADAPTERS:
        with contextlib.suppress(ImportError):
            importlib.import_module(f"silkroad.adapters.{adapter.lower()}")


def _one_game(
    run: _Run,
    game: AnyGame,
    options: Any,
    seed: int,
    deadline: float,
    made: str | None = None,
    outputs_every: int = 1,
) -> None:
    ctx = CheckContext(game, options, seed)
    union = move_union(game)
    hostile = random.Random(seed)
    chooser = Rng.from_seed(seed ^ 0x50AC)
    summary = run.summary
    made_by = f" ({made})" if made else ""

    def where() -> str:
        return f"{game.spec.name} {options!r}{made_by} seed {seed} step {ctx.step}"

    try:
        state = game.new_game(options, seed)
        probe = AdapterProbe(game, options, game.num_players(state))
    except Exception as exc:  # options the title declared that do not make a game
        run.fail(game, where(), "setup", f"{type(exc).__name__}: {exc}", None, options=options)
        return
    history: list[Any] = []
    earlier: list[Any] = []
    limit = game.max_game_length(options)

    while time.monotonic() < deadline:
        try:
            game.validate(state)
            moves = game.legal_moves(state)
            over = game.is_over(state)
            ctx.check((len(moves) == 0) == over, "legal_moves is empty exactly when over")
            snapshot = deep_copy(game, state)
            ctx.check(snapshot == state, "the state does not round-trip through JSON")
            text = game.to_position(state)
            if ctx.step % 8 == 0:
                again = game.from_position(text, options)
                ctx.check(again == state, "the position does not read back (options given)")
            player = game.current_player(state)
            n = game.num_players(state)
            check_observations(ctx, state, player, moves, n, 1)
            chosen = None
            if not over:
                index, chooser = chooser.randrange(len(moves))
                chosen = moves[index]
            if chosen is None or ctx.step % outputs_every == 0:
                check_outputs(
                    ctx,
                    state,
                    moves,
                    chosen,
                    n,
                    adapters=probe,
                    tally=summary.outputs,
                    position=text,
                )
            if chosen is None:
                break
            check_event_texts(ctx, state, chosen, n)
            _, refused = check_decision(
                ctx, state, moves, chosen, snapshot, earlier, False, union, 0, 0
            )
            illegal = illegal_sample(moves, earlier)
            reasons = check_reasons(ctx, state, moves[:4], illegal[:4])
            summary.outputs["explain"] = summary.outputs.get("explain", 0) + reasons
        except Exception as exc:  # a broken promise (ConformanceError) or an escape
            run.fail(
                game, where(), "invariant", f"{type(exc).__name__}: {exc}", state, options=options
            )
            return
        summary.bad.setdefault("illegal move", [0, 0])[0] += refused
        _bad_inputs(run, game, state, text, moves, hostile, where())
        earlier.extend(moves)
        history.append(chosen)
        state = game.apply(state, chosen)
        ctx.step += 1
        ctx.last_move = game.format_move(chosen)
        summary.decisions += 1
        if ctx.step > limit:
            run.fail(game, where(), "length", f"no end within {limit} decisions", state)
            return
    else:
        return  # stopped by the time: the game is left unfinished
    _finish_game(run, ctx, history, state, hostile, where())


def _finish_game(
    run: _Run,
    ctx: CheckContext,
    history: list[Any],
    state: Any,
    hostile: random.Random,
    where: str,
) -> None:
    """Count a game played to its end, check its record, and feed edited copies of the
    record to the reader (each must be refused cleanly or read)."""
    game, options, seed = ctx.game, ctx.options, ctx.seed
    run.summary.games += 1
    run.summary.truncated += game.outcome(state) is Outcome.TRUNCATED
    try:
        check_record(ctx, history, state)
    except Exception as exc:  # a broken promise or an escape
        run.fail(game, where, "record", f"{type(exc).__name__}: {exc}", state)
        return
    record = Record.from_moves(game, options, seed, history).to_json(game=game)
    for _ in range(3):
        bad = json.dumps(_edit_json(hostile, json.loads(record)))

        def load(text: str = bad) -> Record:
            return Record.from_json(text, game=game)

        run.hostile("record", game, where, None, bad, load)


def _bad_inputs(
    run: _Run,
    game: AnyGame,
    state: Any,
    position: str,
    moves: tuple[Any, ...],
    rng: random.Random,
    where: str,
) -> None:
    """A corrupted save, a corrupted position (of ``state``), garbage notation and
    action ids."""
    saved = dumps(state, game)
    bad = json.dumps(_edit_json(rng, json.loads(saved)))
    run.hostile("save", game, where, state, bad, lambda: loads(bad, game.state_type, game))
    text = _edit_text(rng, position)
    run.hostile("position", game, where, state, text, lambda: game.from_position(text))
    notation = _edit_notation(rng, game.format_move(rng.choice(moves)))

    def parse() -> Any:
        move = game.parse_move(state, notation)
        if move not in moves:  # parsed, not legal: apply refuses it
            game.apply(state, move)
        return None

    run.hostile("notation", game, where, state, notation, parse)
    mask = game.action_mask(state)
    unused = [i for i, ok in enumerate(mask) if not ok]
    action = rng.choice([-1, len(mask), 2**64, *unused[:8]])

    def decode() -> Any:
        move = game.decode_move(state, action)
        raise AssertionError(f"decode_move({action}) named {move!r}, not a legal move")

    run.hostile("action id", game, where, state, str(action), decode)


def _data_file(run: _Run, game: AnyGame, number: int) -> None:
    """A data file the title declares (``sample_options(seed, edit)``) with edits, loaded
    as a user's file: refused with a ``RulesError`` (a ``DataError``) or giving options
    that play. Nothing for a title that declares no data files."""
    rng = random.Random(number * 7 + 1)
    edited: list[str] = []

    def edit(name: str, text: str) -> str:
        bad = _edit_text(rng, text)
        if rng.random() < 0.1:  # now and then a file that is not UTF-8 text, as read
            bad = bad.encode("latin-1", "replace").decode("utf-8", "replace")
        edited.append(f"{name}:\n{bad}")
        return bad

    def load() -> Any:
        options = sample_options(game, number, edit)
        return None if options is None else game.new_game(options, 1)

    if sample_options(game, number, lambda name, text: text) is None:
        return  # the title declares no data files
    run.hostile("data file", game, f"{game.spec.name} data file", None, "", load, edited)


def main(argv: list[str] | None = None) -> int:
    """``python -m silkroad.testing.soak --minutes 30 --out .soak [--seed S]``: exit 1 on
    a failure. Without ``--seed`` the run draws its own seed and prints it first."""
    parser = argparse.ArgumentParser(prog="python -m silkroad.testing.soak")
    parser.add_argument("--minutes", type=float, default=30.0, help="how long (default 30)")
    parser.add_argument("--out", default=".soak", help="output directory (default .soak)")
    parser.add_argument(
        "--seed", type=int, default=None, help="the run's seed (default: a new one, printed)"
    )
    names = list(GAMES)
    parser.add_argument("--titles", nargs="+", choices=names, default=names)
    parser.add_argument(
        "--outputs-every",
        type=int,
        default=1,
        metavar="K",
        help="check the outputs a user reads at every K-th decision (default 1: every one)",
    )
    args = parser.parse_args(argv)
    if args.minutes < 0:
        parser.error(f"--minutes must be 0 or more, got {args.minutes:g}")
    if args.seed is not None and args.seed < 0:
        parser.error(f"--seed must be 0 or more, got {args.seed}")
    if args.outputs_every < 1:
        parser.error(f"--outputs-every must be 1 or more, got {args.outputs_every}")
    seed = secrets.randbelow(2**31) if args.seed is None else args.seed
    print(f"soak seed {seed} (the same run again: --seed {seed})", flush=True)
    last = [0.0]

    def report(s: Summary) -> None:
        if s.seconds - last[0] >= 60:
            last[0] = s.seconds
            print(
                f"{s.seconds / 60:.0f} min: {s.games} games, {s.decisions} decisions, "
                f"{sum(s.outputs.values())} outputs, {s.bad_inputs} bad inputs, "
                f"{len(s.failures)} failures",
                flush=True,
            )

    summary = soak(
        args.minutes * 60,
        args.out,
        seed=seed,
        titles=tuple(args.titles),
        report=report,
        outputs_every=args.outputs_every,
    )
    print(summary.text(), end="")
    return 1 if summary.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
