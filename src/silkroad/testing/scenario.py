"""Scenarios: a rule checked in a few lines, from a position or a seed.

A scenario file (``*.scenario.toml``) names a title, the rulebook sections it checks, a
start (a position, partial or whole, or a seed), moves in the title's notation, and
expectations after any number of moves::

    game = "kashgar"
    rule = ["KG-5.X"]
    title = "The Grocer's parting action fulfils the large order"
    moves = ["p1.1", "order large_01_large_order"]

    [position.player.0]
    caravans = [["grocer", "planter"]]
    tracks = { mules = 3, cinnamon = 6 }

    [[expect]]
    after = 1                                   # moves played (0: the start)
    legal = ["order large_01_large_order"]      # must be legal now
    not_legal = ["pass 1"]                      # must not be legal now

    [[expect]]
    after = 2
    position = { "player.0.tracks.mules" = 2, "player.0.vp" = 4 }
    holds = { "player.0.orders" = ["large_01_large_order"] }
    refused = { move = "order 134", rule = "KG-5.2" }  # not legal, and why

Expectations: ``position`` (values of the position the title writes, by dotted path into
its TOML: ``player.0.tracks.mules``; a card's bare key stands for any copy), ``holds``
(the cards at a path, in any order and with any other cards; a bare key stands for any
copy), ``lacks`` (cards not at a path),
``legal`` / ``not_legal`` (notation), ``moves`` (exactly these legal moves, in any
order), ``refused`` (a move that is not legal, and, with
``rule``, refused by that section: see :func:`check_refused`), ``to_act`` (the seat to
decide), ``over``, ``winners``, ``scores`` and ``outcome`` (``"ongoing"``, ``"finished"``,
``"truncated"``).

:func:`scenario` runs one from Python (a file, TOML text, or keyword arguments);
:func:`load_scenario` reads a file; the pytest plugin collects every ``*.scenario.toml``
file as a test whose rule markers are its ``rule`` sections. A failed expectation is a
:class:`ScenarioError` (an ``AssertionError``) naming the scenario, the move number,
the expectation and the position at that moment.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from silkroad.core.data import loads_toml
from silkroad.core.errors import DataError, IllegalMoveError, InvalidMoveError, RulesError
from silkroad.core.explain import (
    RULE_ID,
    Reason,
    reason_of,
    refusal,
)
from silkroad.core.game import AnyGame
from silkroad.core.position import Filled, dump, fill_position
from silkroad.core.registry import get_game

__all__ = [
    "SCENARIO_SUFFIX",
    "Expectation",
    "Scenario",
    "ScenarioError",
    "check_refused",
    "cited_sections",
    "load_scenario",
    "parse_scenario",
    "scenario",
]

#: File names the pytest plugin collects.
SCENARIO_SUFFIX = ".scenario.toml"

_CHECKS = (
    "position",
    "holds",
    "lacks",
    "legal",
    "not_legal",
    "refused",
    "moves",
    "to_act",
    "over",
    "winners",
    "scores",
    "outcome",
)


class ScenarioError(AssertionError):
    """An expectation of a scenario that does not hold (or a move that cannot be played).

    :ivar move_number: how many moves had been played (0: at the start).
    :ivar position: the position at that moment (the title's ``to_position``).
    """

    def __init__(self, message: str, *, move_number: int, position: str) -> None:
        super().__init__(f"{message}\n\nThe position after {move_number} moves:\n{position}")
        self.move_number = move_number
        self.position = position


@attrs.frozen
class Expectation:
    """What must hold after ``after`` moves; ``checks`` maps a check name to its value."""

    after: int
    checks: Mapping[str, Any]


@attrs.frozen
class Scenario:
    """A scenario: the game, the rulebook sections it checks, a start, moves, expectations.

    :ivar position: the starting position as TOML text (None: the seeded setup).
    """

    game: str
    rules: tuple[str, ...] = ()
    title: str = ""
    options: Mapping[str, Any] | None = None
    seed: int = 0
    position: str | None = None
    moves: tuple[str, ...] = ()
    expectations: tuple[Expectation, ...] = ()
    source: str | None = attrs.field(default=None, eq=False)

    @property
    def name(self) -> str:
        return self.title or self.source or f"a {self.game} scenario"

    @property
    def sections(self) -> tuple[str, ...]:
        """Every section the scenario checks: its ``rule`` list, then the ``rule`` of each
        ``refused`` expectation (each once, in order); the pytest plugin marks the test
        with them, so both count for rule coverage."""
        cited = [*self.rules]
        for e in self.expectations:
            cited += [r["rule"] for r in e.checks.get("refused", ()) if "rule" in r]
        return tuple(dict.fromkeys(cited))

    def start(self, game: AnyGame | None = None) -> Any:
        """The starting state."""
        game = game or get_game(self.game)
        options = _options(game, self.options, self.source)
        if self.position is not None:
            return game.from_position(self.position, options)
        return game.new_game(options if options is not None else game.default_options(), self.seed)

    def fill(self, game: AnyGame | None = None) -> Filled:
        """The starting state and what the filling rule moved to make it
        (:func:`silkroad.core.position.fill_position`; nothing for the seeded setup)."""
        game = game or get_game(self.game)
        if self.position is None:
            return Filled(self.start(game), ())
        return fill_position(game, self.position, _options(game, self.options, self.source))

    def run(self, game: AnyGame | None = None) -> Any:
        """Play the moves, checking every expectation; returns the final state.

        :raises ScenarioError: at the first expectation that does not hold, or a move that
            is not legal.
        """
        game = game or get_game(self.game)
        state = self.start(game)
        by_move: dict[int, list[Expectation]] = {}
        for e in self.expectations:
            by_move.setdefault(e.after, []).append(e)
        for e in by_move.get(0, []):
            _check(game, state, e, self.name)
        for number, text in enumerate(self.moves, start=1):
            state = self._play(game, state, number, text)
            for e in by_move.get(number, []):
                _check(game, state, e, self.name)
        return state

    def _play(self, game: AnyGame, state: Any, number: int, text: str) -> Any:
        """The state after move ``number`` (``text``), or a :class:`ScenarioError` that
        leads with the reason it cannot be played (the rule that refuses it, or what the
        text names nothing of), then the legal moves (the first of them)."""
        reason: Reason | str
        try:
            move = game.parse_move(state, text)
        except InvalidMoveError:
            reason = reason_of(game, state, text)
        else:
            if move not in game.legal_moves(state):
                reason = reason_of(game, state, move)
            else:
                try:
                    return game.apply(state, move)
                except IllegalMoveError as exc:  # a game that refuses a move it lists
                    reason = reason_of(game, state, move, exc)
                except RulesError as exc:
                    reason = str(exc)
        legal = [game.format_move(m, state) for m in game.legal_moves(state)]
        player = None if game.is_over(state) else game.current_player(state)
        if isinstance(reason, Reason):
            why = refusal(reason, None, player, legal)
        else:
            why = f"{reason} (legal: {', '.join(legal) or 'none'})"
        raise ScenarioError(
            f"{self.name}: move {number} ({text!r}) cannot be played: {why}",
            move_number=number - 1,
            position=game.to_position(state),
        )


def check_refused(game: AnyGame, state: Any, move_text: str, rule: str | None) -> str | None:
    """The failure of a ``refused`` expectation, or None when it holds: the move
    ``move_text`` names must not be legal in ``state`` and, when ``rule`` is given, its
    reason (the title's ``explain``) must cite that section or a part of it.

    A reason cites ``DH-3.E`` when its section is ``DH-3.E`` or lies inside it
    (``DH-3.E.6``, an item of it; ``KG-5.2`` lies inside ``KG-5``): the expected section
    says how precisely the author knows the rule. A reason of a wider section does not
    pass for a narrower expected one (a reason of ``DH-3.E`` does not pass for
    ``DH-3.E.6``), nor does a generic reason (a game without ``explain``) pass for any.
    """
    try:
        move = game.parse_move(state, move_text)
    except InvalidMoveError as exc:
        return f"refused: {move_text!r} is not notation: {exc}"
    if move in game.legal_moves(state):
        expected = f" (expected refused by {rule})" if rule is not None else ""
        return f"refused: {move_text!r} is legal{expected}"
    if rule is None:
        return None
    reason = reason_of(game, state, move)
    if reason.cites(rule):
        return None
    return f"refused: {move_text!r} is refused, but not by {rule}: the reason given is {reason}"


def cited_sections(data: Mapping[str, Any]) -> list[str]:
    """The section ids a scenario file's TOML (already read, not yet checked) cites: its
    ``rule`` and the ``rule`` of each ``refused`` expectation; what is not of the right
    shape is left out (the scenario itself refuses it when it is run). Rule coverage
    (:func:`silkroad.testing.coverage.scan_markers`) reads scenario files with it."""
    rules = data.get("rule", [])
    found = [r for r in ([rules] if isinstance(rules, str) else rules) if isinstance(r, str)]
    expectations = data.get("expect", [])
    for e in expectations if isinstance(expectations, list) else []:
        refused = e.get("refused") if isinstance(e, dict) else None
        for item in [refused] if isinstance(refused, dict) else refused or []:
            if isinstance(item, dict) and isinstance(item.get("rule"), str):
                found.append(item["rule"])
    return found


def _refused_checks(value: Any, where: str, field: str) -> tuple[dict[str, str], ...]:
    """A ``refused`` expectation (a table ``{ move = ..., rule = ... }`` or a list of
    them), checked."""
    items = [value] if isinstance(value, dict) else value
    if not isinstance(items, list) or not items:
        raise _fail('a table { move = "...", rule = "KG-5.2" } or a list of them', where, field)
    out = []
    for i, item in enumerate(items):
        at = f"{field}[{i}]" if isinstance(value, list) else field
        if not isinstance(item, dict):
            raise _fail('a table { move = "...", rule = "KG-5.2" }', where, at)
        unknown = [k for k in item if k not in ("move", "rule")]
        if unknown:
            raise _fail("unknown key (known: move, rule)", where, f"{at}.{unknown[0]}")
        if not isinstance(item.get("move"), str):
            raise _fail("missing: the move, in notation", where, f"{at}.move")
        rule = item.get("rule")
        if rule is not None and not (isinstance(rule, str) and RULE_ID.fullmatch(rule)):
            raise _fail(f"a section id such as 'KG-5.2', got {rule!r:.40}", where, f"{at}.rule")
        out.append({k: item[k] for k in ("move", "rule") if k in item})
    return tuple(out)


def _options(game: AnyGame, data: Mapping[str, Any] | None, source: str | None) -> Any:
    if data is None:
        return None
    from silkroad.core.serialize import from_data, to_data

    players = data.get("players")
    base = game.default_options(players if isinstance(players, int) else None)
    return from_data({**to_data(base, game.options_type), **data}, game.options_type, source=source)


def _lookup(document: Mapping[str, Any], path: str) -> Any:
    value: Any = document
    for part in path.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise KeyError(path)
    return value


def _cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, list):
        return [c for v in value for c in _cards(v)]
    if isinstance(value, Mapping):
        return [c for v in value.values() for c in _cards(v)]
    return []


def _matches(wanted: str, card: str) -> bool:
    return card == wanted or card.split("#", 1)[0] == wanted


def _same(expected: Any, actual: Any) -> bool:
    """Whether a value of the position is the one expected; a card's bare key in the
    expected value stands for any copy of it (``"guard"`` matches ``"guard#2"``)."""
    if isinstance(expected, str) and isinstance(actual, str):
        return ("#" not in expected and _matches(expected, actual)) or expected == actual
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(map(_same, expected, actual))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(
            _same(v, actual[k]) for k, v in expected.items()
        )
    return type(expected) is type(actual) and expected == actual


def _check(game: AnyGame, state: Any, e: Expectation, name: str) -> None:
    text = game.to_position(state)
    document = loads_toml(text)
    failures: list[str] = []
    for check, value in e.checks.items():
        if check == "position":
            for path, expected in value.items():
                try:
                    actual = _lookup(document, path)
                except KeyError:
                    failures.append(f"position {path}: no such value in the position")
                    continue
                if not _same(expected, actual):
                    failures.append(f"position {path}: expected {expected!r}, got {actual!r}")
        elif check in ("holds", "lacks"):
            for path, wanted in value.items():
                try:
                    there = _cards(_lookup(document, path))
                except KeyError:
                    there = []
                for card in [wanted] if isinstance(wanted, str) else wanted:
                    found = any(_matches(card, c) for c in there)
                    if found != (check == "holds"):
                        verb = "holds no" if check == "holds" else "still holds"
                        failures.append(f"{check} {path}: {verb} {card!r} (it holds {there})")
        elif check in ("legal", "not_legal"):
            legal = game.legal_moves(state)
            for move_text in value:
                try:
                    move = game.parse_move(state, move_text)
                except InvalidMoveError as exc:
                    failures.append(f"{check}: {move_text!r} is not notation: {exc}")
                    continue
                if (move in legal) != (check == "legal"):
                    shown = ", ".join(game.format_move(m, state) for m in legal)
                    is_ = "is not" if check == "legal" else "is"
                    failures.append(f"{check}: {move_text!r} {is_} legal (legal: {shown})")
        elif check == "refused":
            for item in value:
                failure = check_refused(game, state, item["move"], item.get("rule"))
                if failure is not None:
                    failures.append(failure)
        elif check == "moves":
            listed = sorted(game.format_move(m, state) for m in game.legal_moves(state))
            wanted = []
            for move_text in value:
                try:
                    wanted.append(game.format_move(game.parse_move(state, move_text), state))
                except InvalidMoveError as exc:
                    failures.append(f"moves: {move_text!r} is not notation: {exc}")
            if sorted(wanted) != listed:
                failures.append(f"moves: expected exactly {sorted(value)}, legal: {listed}")
        elif check == "to_act":
            if game.current_player(state) != value:
                failures.append(f"to_act: expected P{value}, got {game.current_player(state)}")
        elif check == "over":
            if game.is_over(state) != value:
                failures.append(f"over: expected {value}, got {game.is_over(state)}")
        elif check == "winners":
            if list(game.winners(state)) != list(value):
                failures.append(f"winners: expected {value}, got {list(game.winners(state))}")
        elif check == "scores":
            if list(game.scores(state)) != list(value):
                failures.append(f"scores: expected {value}, got {list(game.scores(state))}")
        elif check == "outcome" and game.outcome(state).value != value:
            failures.append(f"outcome: expected {value!r}, got {game.outcome(state).value!r}")
    if failures:
        raise ScenarioError(
            f"{name}: after move {e.after}: " + "; ".join(failures),
            move_number=e.after,
            position=text,
        )


# --------------------------------------------------------------------------- reading


def parse_scenario(text: str, *, source: str | None = None) -> Scenario:
    """The scenario in TOML ``text``.

    :raises DataError: naming the field, for a file that is not a scenario.
    """
    where = source or "scenario"
    try:
        data = loads_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", source=where) from None
    return _scenario(data, where, source)


def _fail(message: str, where: str, field: str) -> DataError:
    return DataError(message, source=where, field=field)


def _scenario(data: Mapping[str, Any], where: str, source: str | None) -> Scenario:
    known = {"game", "rule", "title", "options", "seed", "position", "position_file", "moves"}
    for key in data:
        if key not in known | {"expect"}:
            raise _fail("unknown field", where, key)
    game = data.get("game")
    if not isinstance(game, str):
        raise _fail("missing: the registered name of the title", where, "game")
    rules = data.get("rule", [])
    rules = [rules] if isinstance(rules, str) else rules
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise _fail("the rulebook sections, e.g. 'KG-4.X' or a list", where, "rule")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _fail("moves are a list of notation strings", where, "moves")
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        raise _fail("a table of the title's options", where, "options")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise _fail("a seed is a non-negative integer", where, "seed")
    position = data.get("position")
    if isinstance(position, dict):
        position = dump({**({"seed": seed} if "seed" in data else {}), **position})
    elif position is not None and not isinstance(position, str):
        raise _fail("a table, or the TOML text of a position", where, "position")
    if "position_file" in data:
        file = data["position_file"]
        base = Path(source).parent if source else Path()
        try:
            position = (base / str(file)).read_text(encoding="utf-8")
        except OSError as exc:
            raise _fail(f"cannot read {file!r}: {exc}", where, "position_file") from None
    expectations = []
    raw = data.get("expect", [])
    if not isinstance(raw, list):
        raise _fail("an array of tables ([[expect]])", where, "expect")
    for i, e in enumerate(raw):
        field = f"expect[{i}]"
        if not isinstance(e, dict):
            raise _fail("must be a table", where, field)
        after = e.get("after", len(moves))
        if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= len(moves):
            raise _fail(f"after is a move number from 0 to {len(moves)}", where, f"{field}.after")
        unknown = [k for k in e if k not in (*_CHECKS, "after")]
        if unknown:
            raise _fail(
                f"unknown check (known: {', '.join(_CHECKS)})", where, f"{field}.{unknown[0]}"
            )
        checks = {k: v for k, v in e.items() if k != "after"}
        for k in ("position", "holds", "lacks"):
            if k in checks and not isinstance(checks[k], dict):
                raise _fail("a table of paths", where, f"{field}.{k}")
        for k in ("legal", "not_legal", "moves", "winners", "scores"):
            if k in checks and not isinstance(checks[k], list):
                raise _fail("a list", where, f"{field}.{k}")
        if "refused" in checks:
            checks["refused"] = _refused_checks(checks["refused"], where, f"{field}.refused")
        expectations.append(Expectation(after, checks))
    return Scenario(
        game=game,
        rules=tuple(rules),
        title=str(data.get("title", "")),
        options=options,
        seed=seed,
        position=position,
        moves=tuple(moves),
        expectations=tuple(expectations),
        source=source,
    )


def load_scenario(path: str | Path) -> Scenario:
    """The scenario of a ``*.scenario.toml`` file.

    :raises DataError: for a file that cannot be read or is not a scenario.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the file: {exc}", source=str(path)) from None
    return parse_scenario(text, source=str(path))


def scenario(
    source: str | Path | None = None,
    *,
    game: str | None = None,
    position: str | Mapping[str, Any] | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    moves: Sequence[str] = (),
    expect: Sequence[Mapping[str, Any]] = (),
    rule: str | Sequence[str] = (),
) -> Any:
    """Run a scenario from Python and return its final state.

    ``source`` is a ``*.scenario.toml`` path or the TOML text of a scenario; or give the
    parts as keywords: ``scenario(game="kashgar", position={...}, moves=["c1.1"],
    expect=[{"after": 1, "legal": ["keep farmer"]}])``.

    :raises ScenarioError: for the first expectation that does not hold.
    :raises DataError: for a scenario that cannot be read.
    """
    if source is not None:
        if isinstance(source, Path) or (isinstance(source, str) and source.endswith(".toml")):
            return load_scenario(source).run()
        return parse_scenario(source).run()
    data: dict[str, Any] = {
        "game": game,
        "seed": seed,
        "moves": list(moves),
        "expect": [dict(e) for e in expect],
        "rule": [rule] if isinstance(rule, str) else list(rule),
    }
    if options is not None:
        data["options"] = dict(options)
    if position is not None:
        data["position"] = position if isinstance(position, str) else dict(position)
    return _scenario(data, "scenario", None).run()
