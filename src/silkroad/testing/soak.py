"""The soak: every title and variant played for a given time under every check, and bad
input of every kind, with a summary (``make soak``; ``python -m silkroad.testing.soak``).

Games are seeded random playouts, one configuration after another (each title's player
counts and variants, Dunhuang pack triples drawn from the soak's seed, and options that
carry a user data file). At every decision the soak checks what
:func:`silkroad.testing.check_game` checks at a sampled one (``validate``, the observations
and determinized states, illegal moves, notation, action ids, JSON, the event texts two
states a player cannot tell apart give that player), and that the state's position reads
back equal. Between decisions it hands each entry point hostile input: a saved state and
a position with random edits, garbage notation and action ids that name no legal move; at
the end of a game its record with edits; every few games a data file with edits. A bad
input must be refused with a :class:`~silkroad.core.errors.RulesError` or give a value
that works completely (a loaded state plays on: every state reached is valid and has a
legal move until the game is over).

Everything but the stopping time is seeded, so a failure recurs: the summary names the
game (title, options, seed, decision) and the check, and ``failures/<n>.json`` in the
output directory holds the state (JSON) and the bad input, if any.

This is a testing tool, not part of the rules: it reads the clock to stop, and writes its
files only to the output directory.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import random
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from silkroad.core.errors import RulesError
from silkroad.core.game import AnyGame, Outcome
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, replay
from silkroad.core.rng import Rng
from silkroad.core.serialize import dumps, loads, move_union
from silkroad.testing._conformance import (
    CheckContext,
    check_decision,
    check_event_texts,
    check_observations,
    check_record,
    deep_copy,
)

__all__ = ["Summary", "configurations", "main", "soak"]

#: Decisions played from a bad input that was accepted (a save, a position, a record).
PLAY_ON = 25
#: Seconds one bad input may take before it counts as a hang (far beyond any input).
DEADLINE = 60.0
_TITLES = ("kashgar", "serica", "dunhuang")
_SOURCE = Path(__file__).resolve().parents[1]
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
    configurations: list[str] = attrs.Factory(list)

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
        lines = [
            "# Soak summary",
            "",
            f"- ran {self.seconds / 60:.1f} minutes: {self.games:,} games, "
            f"{self.decisions:,} decisions, every check at every decision "
            f"({self.truncated:,} games stopped by a game-length safeguard)",
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


def configurations(seed: int = 0) -> list[tuple[str, Any]]:
    """Every title's player counts and variants, three Dunhuang pack triples drawn from
    ``seed`` (at 3 and 4 players, with and without promos) and, per title, options with
    a user data file (the built-in one with a value changed), the titles in turn."""
    out: list[tuple[str, Any]] = []
    kashgar, serica, dunhuang = (get_game(t) for t in _TITLES)
    for players in (2, 3, 4):
        for expansion in ("none", "all"):
            out.append(("kashgar", kashgar.options_type.create(players, expansion=expansion)))
    base = serica.default_options()
    out += [
        ("serica", base),
        ("serica", attrs.evolve(base, coop=True)),
        ("serica", attrs.evolve(base, first_player=1)),
    ]
    options = dunhuang.options_type
    out += [("dunhuang", options(4)), ("dunhuang", options(3)), ("dunhuang", options(1))]
    from silkroad.dunhuang.packs import available

    triples = list(itertools.combinations(sorted(available()), 3))
    for k, triple in enumerate(random.Random(seed).sample(triples, 3)):
        out.append(("dunhuang", options(3 + k % 2, triple, promos=k != 1)))
    for title in _TITLES:
        out.append((title, _user_data(title)))
    # the titles in turn, so that a short run plays each of them
    by_title = [[c for c in out if c[0] == title] for title in _TITLES]
    return [c for group in itertools.zip_longest(*by_title) for c in group if c is not None]


def _with_data(options: Any) -> str:
    """`` with a user data file`` for options that carry one (their repr leaves it out)."""
    carried = getattr(options, "cards", None) is not None or bool(getattr(options, "data", ()))
    return " with a user data file" if carried else ""


def _bump(text: str, field: str) -> str:
    found = re.search(rf"^{field} = (\d+)$", text, re.M)
    assert found is not None
    return f"{text[: found.start()]}{field} = {int(found.group(1)) + 1}{text[found.end() :]}"


def _user_data(title: str) -> Any:
    """Options of ``title`` that carry a user data file (a built-in one, a value changed)."""
    data = _SOURCE / title / "data"
    if title == "kashgar":
        from silkroad.kashgar import Options as KashgarOptions
        from silkroad.kashgar.cards import DeckKind, parse_card_text

        text = _bump((data / "standard.toml").read_text("utf-8"), "vp")
        deck, cards = parse_card_text(text, "user standard.toml")
        assert deck is DeckKind.STANDARD
        return KashgarOptions.create(3, expansion="all").with_deck(deck, cards)
    if title == "serica":
        from silkroad.serica.cards import parse_card_text as serica_cards

        text = _bump((data / "cards.toml").read_text("utf-8"), "vp")
        return get_game("serica").default_options().with_cards(serica_cards(text))
    from silkroad.dunhuang import Options as DunhuangOptions

    silk = _bump((data / "silk.toml").read_text("utf-8"), "cost")
    promos = _bump((data / "promos.toml").read_text("utf-8"), "cost")
    packs = ("silk", "bronze", "wine")
    return DunhuangOptions(4, packs, promos=True, data=(("silk", silk), ("promos", promos)))


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
        self.summary.failures.append(entry)
        folder = self.out / "failures"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{number}.json").write_text(json.dumps(entry, indent=1) + "\n", "utf-8")

    def hostile(
        self, kind: str, game: AnyGame, where: str, state: Any, bad: str, load: Callable[[], Any]
    ) -> None:
        """Hand ``bad`` to ``load``; a value it gives must play on (``PLAY_ON`` moves)."""
        counts = self.summary.bad.setdefault(kind, [0, 0])
        try:
            with _deadline(DEADLINE):
                value = load()
                if value is not None:
                    _play_on(game, value, self.seed)
        except _PlayedOn as exc:
            self.fail(game, where, f"{kind} accepted, then refused", str(exc), state, bad)
        except RulesError:
            counts[0] += 1
        except Exception as exc:  # any other exception is the finding
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
    titles: tuple[str, ...] = _TITLES,
    configs: Sequence[tuple[str, Any]] | None = None,
    report: Callable[[Summary], None] | None = None,
) -> Summary:
    """Play games of every configuration of ``titles`` (or of ``configs``: registered
    game names and options) under every check for ``seconds`` (a game the time stops is
    left unfinished: not counted, its decisions are), each game with a data file of its
    title with edits, and write ``summary.md`` and ``summary.json`` (and
    ``failures/<n>.json``) into ``out``."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    run = _Run(folder, seed)
    if configs is None:
        configs = [(t, o) for t, o in configurations(seed) if t in titles]
    run.summary.configurations = [f"{t} {o!r}{_with_data(o)}" for t, o in configs]
    started = time.monotonic()
    deadline = started + seconds
    for number in itertools.count():
        if time.monotonic() >= deadline:
            break
        title, options = configs[number % len(configs)]
        game = get_game(title)
        if title in _TITLES:
            _data_file(run, game, random.Random(seed * 7 + number))
        _one_game(run, game, options, seed * 1_000_003 + number, deadline)
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
    (folder / "summary.json").write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    return run.summary


def _one_game(run: _Run, game: AnyGame, options: Any, seed: int, deadline: float) -> None:
    ctx = CheckContext(game, options, seed)
    union = move_union(game)
    hostile = random.Random(seed)
    chooser = Rng.from_seed(seed ^ 0x50AC)
    state = game.new_game(options, seed)
    history: list[Any] = []
    earlier: list[Any] = []
    limit = game.max_game_length(options)
    summary = run.summary

    def where() -> str:
        return f"{game.spec.name} {options!r} seed {seed} step {ctx.step}"

    while time.monotonic() < deadline:
        try:
            game.validate(state)
            moves = game.legal_moves(state)
            over = game.is_over(state)
            ctx.check((len(moves) == 0) == over, "legal_moves is empty exactly when over")
            snapshot = deep_copy(game, state)
            ctx.check(snapshot == state, "the state does not round-trip through JSON")
            text = game.to_position(state)
            ctx.check(game.from_position(text) == state, "the position does not read back")
            if ctx.step % 8 == 0:
                again = game.from_position(text, options)
                ctx.check(again == state, "the position does not read back (options given)")
            player = game.current_player(state)
            check_observations(ctx, state, player, moves, game.num_players(state), 1)
            if over:
                break
            index, chooser = chooser.randrange(len(moves))
            chosen = moves[index]
            check_event_texts(ctx, state, chosen, game.num_players(state))
            _, refused = check_decision(
                ctx, state, moves, chosen, snapshot, earlier, False, union, 0, 0
            )
        except Exception as exc:  # a broken promise (ConformanceError) or an escape
            run.fail(game, where(), "invariant", f"{type(exc).__name__}: {exc}", state)
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
    summary.games += 1
    summary.truncated += game.outcome(state) is Outcome.TRUNCATED
    try:
        check_record(ctx, history, state)
    except Exception as exc:  # a broken promise or an escape
        run.fail(game, where(), "record", f"{type(exc).__name__}: {exc}", state)
        return
    record = Record.from_moves(game, options, seed, history).to_json(game=game)
    for _ in range(3):
        bad = json.dumps(_edit_json(hostile, json.loads(record)))

        def load(text: str = bad) -> Record:
            return Record.from_json(text, game=game)

        run.hostile("record", game, where(), None, bad, load)


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


def _data_file(run: _Run, game: AnyGame, rng: random.Random) -> None:
    """A built-in data file of the title with edits, loaded as a user's file: refused with
    a ``DataError`` or giving options that play."""
    name = game.spec.name
    files = sorted(p for p in (_SOURCE / name / "data").glob("*.toml") if p.stem != "board")
    path = rng.choice(files)
    text = _edit_text(rng, path.read_text("utf-8"))
    folder = run.out / "data"
    folder.mkdir(exist_ok=True)
    target = folder / path.name
    # now and then a file that is not UTF-8 text
    target.write_bytes(text.encode("latin-1", "replace") if rng.random() < 0.1 else text.encode())

    def load() -> Any:
        if name == "kashgar":
            loaded = get_game(name).options_type.create(2, expansion="all").with_card_file(target)
        elif name == "serica":
            loaded = get_game(name).default_options().with_card_file(target)
        else:
            packs = ("silk", "bronze", "wine")
            base = get_game(name).options_type(4, packs, promos=True)
            loaded = (
                base.with_promo_file(target)
                if path.stem == "promos"
                else get_game(name)
                .options_type(4, (path.stem, *_others(path.stem)))
                .with_pack_file(target)
            )
        return get_game(name).new_game(loaded, 1)

    run.hostile("data file", game, f"{name} {path.name}", None, text, load)


def _others(pack: str) -> tuple[str, ...]:
    return tuple(p for p in ("silk", "gold", "tea", "china") if p != pack)[:2]


def main(argv: list[str] | None = None) -> int:
    """``python -m silkroad.testing.soak --minutes 30 --out .soak``: exit 1 on a failure."""
    parser = argparse.ArgumentParser(prog="python -m silkroad.testing.soak")
    parser.add_argument("--minutes", type=float, default=30.0, help="how long (default 30)")
    parser.add_argument("--out", default=".soak", help="output directory (default .soak)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games (default 0)")
    parser.add_argument("--titles", nargs="+", choices=_TITLES, default=list(_TITLES))
    args = parser.parse_args(argv)
    last = [0.0]

    def report(s: Summary) -> None:
        if s.seconds - last[0] >= 60:
            last[0] = s.seconds
            print(
                f"{s.seconds / 60:.0f} min: {s.games} games, {s.decisions} decisions, "
                f"{s.bad_inputs} bad inputs, {len(s.failures)} failures",
                flush=True,
            )

    summary = soak(
        args.minutes * 60, args.out, seed=args.seed, titles=tuple(args.titles), report=report
    )
    print(summary.text(), end="")
    return 1 if summary.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
