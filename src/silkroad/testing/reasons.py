"""How well a game explains the moves it refuses (``explain``, :mod:`silkroad.core.explain`).

:func:`reason_coverage` plays seeded random games, takes a sample of their states, and
asks ``explain`` about every move of the action space that is not legal there (each id's
``action_move``; for a game without ``action_move``, every move legal elsewhere in the
same game). It counts how many of those (state, illegal move) pairs a specific rule
explains, as opposed to the generic "not offered here", and checks every reason: explain
never raises, never calls an illegal move legal, and a rule it cites is a section with
rules of the title's own rulebook (``GameSpec.rulebook``; its sections in
``silkroad/data/sections.tsv`` or declared by the title).

``silkroad rules --reasons GAME`` prints the measure; each title's page gives it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from silkroad.core.explain import Reason, Verdict, explain
from silkroad.core.serialize import from_data, to_data
from silkroad.testing.coverage import Section, load_sections, owning_section, rulebook_sections

__all__ = [
    "ReasonCoverage",
    "configurations",
    "reason_coverage",
    "refused_pairs",
    "title_sections",
]


def title_sections(name: str) -> frozenset[str]:
    """The ids of the sections with rules in the rulebook of the registered title
    ``name`` (empty for a game without a rulebook here)."""
    from silkroad.core.registry import GAMES

    game = GAMES.get(name)
    return frozenset() if game is None else _sections_of(game.spec)


def _sections_of(spec: Any) -> frozenset[str]:
    """The ids of the sections with rules of ``spec``'s rulebook (``GameSpec.rulebook``):
    the library's copy of them and those the spec declares."""
    prefix = spec.rulebook
    if not prefix:
        return frozenset()
    shipped = {s.id for s in load_sections() if s.game == prefix and s.has_rules}
    return frozenset(shipped | {sid for sid, _ in spec.sections})


def configurations(game: Any) -> list[Any]:
    """The options the measure runs under, as the title declares them
    (``GameSpec.configurations``: Kashgar 2, 3 and 4 players, with and without the
    expansion; Serica competitive and co-op; Dunhuang 1, 3 and 4 players with the
    default packs): each declared options data over the default options of its
    ``players``; the default options alone for a title that declares none."""
    declared = game.spec.configurations
    if not declared:
        return [game.default_options()]
    out = []
    for overrides in declared:
        base = to_data(game.default_options(overrides.get("players")), game.options_type)
        out.append(
            from_data(
                {**base, **overrides},
                game.options_type,
                source=f"{game.spec.name}'s declared configuration {dict(overrides)!r}",
            )
        )
    return out


@attrs.frozen
class ReasonCoverage:
    """What :func:`reason_coverage` found.

    ``pairs`` (state, illegal move) pairs were explained: ``specific`` by a rule of the
    rulebook, ``by_rule`` counting them per section id; ``generic`` gives examples of the
    others (``"<move>: <reason>"``); ``problems`` lists every reason that broke a check
    (empty when all is well).
    """

    game: str
    states: int
    pairs: int
    specific: int
    by_rule: dict[str, int]
    generic: tuple[str, ...]
    problems: tuple[str, ...]

    @property
    def share(self) -> float:
        """The share of pairs a specific rule explains (1.0 with no pair)."""
        return self.specific / self.pairs if self.pairs else 1.0


def refused_pairs(
    game: Any, options: Any, *, games: int, seed: int = 0, states_per_game: int = 8
) -> Iterator[tuple[Any, Any, int]]:
    """``(state, move, action)`` for every action id that stands for an illegal move in a
    sample of states of ``games`` random games (``states_per_game`` states each, evenly
    spread over the game; the moves chosen by ``random.Random(seed)``).

    A game without ``action_move`` cannot say what an illegal id stands for; its illegal
    moves are then the moves legal somewhere in the same game but not in the sampled
    state (``action`` is -1 for them)."""
    rng = random.Random(seed)
    by_action = _has_action_move(game)
    for g in range(games):
        state = game.new_game(options, seed + g)
        seen = [state]
        offered: dict[Any, None] = {}
        while not game.is_over(state):
            moves = game.legal_moves(state)
            if not by_action:
                offered.update(dict.fromkeys(moves))
            state = game.apply(state, rng.choice(moves))
            seen.append(state)
        step = max(1, len(seen) // states_per_game)
        for s in seen[::step][:states_per_game]:
            legal = set(game.legal_moves(s))
            if not by_action:
                yield from ((s, move, -1) for move in offered if move not in legal)
                continue
            for action in range(game.num_actions(options)):
                move = game.action_move(s, action)
                if move is not None and move not in legal:
                    yield s, move, action


def _has_action_move(game: Any) -> bool:
    """Whether the game says what an illegal action id stands for (``action_move``)."""
    optional = getattr(game, "optional", None)
    if optional is not None and hasattr(optional, "action_move"):  # a GameDefinition
        return optional.action_move is not None
    return callable(getattr(game, "action_move", None))


def _check(reason: Any, sections: frozenset[str], known: dict[str, Any]) -> str | None:
    if not isinstance(reason, Reason):
        return f"gave {type(reason).__name__}, not a Reason"
    if reason.legal:
        return "called the illegal move legal"
    if reason.rule is not None and sections:
        section = owning_section(reason.rule, known)
        if section is None or section.id not in sections:
            return f"cites {reason.rule}, not a section with rules of the title's rulebook"
    if not reason.text.strip():
        return "gave an empty reason"
    return None


def reason_coverage(
    game: Any,
    options: Sequence[Any] | None = None,
    *,
    games: int = 4,
    seed: int = 0,
    states_per_game: int = 8,
    examples: int = 10,
) -> ReasonCoverage:
    """Ask ``explain`` about every illegal move of the action space in a sample of states
    of random games under each of ``options`` (default :func:`configurations`; see
    :func:`refused_pairs`), and count."""
    if options is None:
        options = configurations(game)
    name = game.spec.name
    sections = _sections_of(game.spec)
    known = {s.id: s for s in rulebook_sections()}
    known.update((sid, Section(sid, heading)) for sid, heading in game.spec.sections)
    by_rule: Counter[str] = Counter()
    generic: list[str] = []
    problems: list[str] = []
    pairs = specific = 0
    states = 0
    last: Any = None
    for opts in options:
        for state, move, action in refused_pairs(
            game, opts, games=games, seed=seed, states_per_game=states_per_game
        ):
            if state is not last:
                states, last = states + 1, state
            pairs += 1
            shown = game.format_move(move, state)
            where = f"{opts!r:.60}, " + (f"action {action} ({shown})" if action >= 0 else shown)
            try:
                reason = explain(game, state, move)
            except Exception as exc:
                problems.append(f"{where}: explain raised {type(exc).__name__}: {exc}")
                continue
            problem = _check(reason, sections, known)
            if problem is not None:
                problems.append(f"{where}: {problem}")
            elif reason.verdict is Verdict.RULE:
                specific += 1
                by_rule[reason.rule or ""] += 1
            elif len(generic) < examples:
                generic.append(f"{game.format_move(move, state)}: {reason}")
    return ReasonCoverage(
        game=name,
        states=states,
        pairs=pairs,
        specific=specific,
        by_rule=dict(sorted(by_rule.items())),
        generic=tuple(generic),
        problems=tuple(problems),
    )
