"""Which decisions mattered: the analysis of a record, and a hint at the table.

:func:`analyze` goes through the decisions of a :class:`~silkroad.core.replay.Record`
(all of them, a range, or one seat's) and, for each, runs the information-set search
(:class:`~silkroad.agents.ismcts.ISMCTSAgent`) **from the observation of the seat that
decided**, never from the record's state: every iteration deals the cards that seat
could not see anew (``game.determinize``). So the analysis of a seat's decision uses
nothing the seat could not know at that moment, and two records that differ only in
what the seat could not see give the same analysis (same seed).

For each decision it gives the search's estimate of the move played and of the move it
prefers (the most visited at the root, the move the agent would play), each as

* a **win chance**: the mean value of the move's node in [0, 1] for the seat (a
  finished game is worth its share of the win, an unfinished one the logistic of the
  title's ``evaluate``, as in :mod:`silkroad.agents.values`);
* an **expected VP margin**: that value read back through the same logistic
  (``scale * ln(v / (1 - v))``), in the units of the title's ``evaluate``: the seat's
  potential VP minus the best other seat's.

The **drop** is the best move's win chance minus the played move's: what the choice
cost by the search's estimate. The decisions with the largest drops are "the decisions
that mattered" (:meth:`Analysis.mattered`). Every figure is the agent's at its budget:
analyzing twice with two seeds tells how stable they are (``docs/analysis.md``).

A decision with one legal move is not a choice and is left out. A move the search did
not visit within its budget (a budget smaller than the number of choices) has no
estimate: its fields are None.

:func:`hints` is the same search for the seat to decide now: its top moves with their
estimates (``silkroad play --hints``, the table server's hint).
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from silkroad.agents import make_agent, parse_agent_spec
from silkroad.agents.ismcts import DEFAULT_SCALE
from silkroad.core.errors import DataError, RulesError
from silkroad.core.game import AnyGame
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, states

__all__ = [
    "DEFAULT_AGENT",
    "DEFAULT_ITERATIONS",
    "Analysis",
    "DecisionAnalysis",
    "MoveEstimate",
    "analyze",
    "decision_seed",
    "hints",
    "margin_of",
]

#: The search budget per decision when none is given.
DEFAULT_ITERATIONS = 200
#: The agent of an analysis when none is given.
DEFAULT_AGENT = "ismcts"
#: The version of the annotations' JSON form.
ANNOTATION_VERSION = 1
#: Win chances are clipped to [EDGE, 1 - EDGE] before the margin is read from them.
_EDGE = 0.001


def margin_of(win: float, scale: float = DEFAULT_SCALE) -> float:
    """The expected VP margin a win chance stands for: the inverse of the logistic the
    search values states with, ``scale * ln(v / (1 - v))`` (``v`` clipped to
    [0.001, 0.999], so a certain win or loss reads as about +-28 VP at scale 4)."""
    v = min(1.0 - _EDGE, max(_EDGE, win))
    return scale * math.log(v / (1.0 - v))


def decision_seed(seed: int, index: int) -> int:
    """The search seed of the decision at ``index`` (0-based) of an analysis seeded
    ``seed``: fixed by both, so decisions can be searched in any order or process, and
    independent of the record's own seed."""
    digest = hashlib.blake2b(f"analysis:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@attrs.frozen
class MoveEstimate:
    """The search's estimate of one move.

    :ivar move: the move's notation.
    :ivar words: what it does, as the deciding seat may know it.
    :ivar visits: the search's visits of the move (how much the estimate rests on).
    :ivar win: the seat's win chance after it, in [0, 1].
    :ivar margin: the expected VP margin (see :func:`margin_of`).
    """

    move: str
    words: str
    visits: int
    win: float
    margin: float

    def to_data(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "words": self.words,
            "visits": self.visits,
            "win": round(self.win, 6),
            "margin": round(self.margin, 4),
        }

    @classmethod
    def from_data(cls, data: Any) -> MoveEstimate:
        if not isinstance(data, dict):
            raise DataError(
                f"a move's estimate is an object, got {data!r:.60}", field="annotations"
            )
        try:
            return cls(
                str(data["move"]),
                str(data.get("words", data["move"])),
                int(data["visits"]),
                float(data["win"]),
                float(data["margin"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"a move's estimate lacks {exc}", field="annotations") from None

    def line(self) -> str:
        """``57% to win, +1.2 VP (visits 80)``."""
        return f"{100 * self.win:.0f}% to win, {self.margin:+.1f} VP ({self.visits} visits)"


@attrs.frozen
class DecisionAnalysis:
    """The analysis of one decision of a record.

    :ivar index: the decision's place in the record, 0-based (move ``index + 1``).
    :ivar player: the seat that decided.
    :ivar choices: the number of legal moves.
    :ivar move: the notation of the move played.
    :ivar played: the estimate of the move played (None: not visited at this budget).
    :ivar best: the estimate of the move the search prefers (most visited).
    :ivar top: the most visited moves, best first (at most three).
    :ivar position: the position in words, as the seat saw it.
    :ivar iterations: the search iterations run.
    :ivar seconds: the time the search took (wall clock; not part of equality).
    """

    index: int
    player: int
    choices: int
    move: str
    played: MoveEstimate | None
    best: MoveEstimate
    top: tuple[MoveEstimate, ...]
    position: str
    iterations: int
    seconds: float = attrs.field(default=0.0, eq=False)

    @property
    def drop(self) -> float | None:
        """The best move's win chance minus the played move's (None: the played move has
        no estimate). It can be below 0 when the played move has the higher mean on
        fewer visits."""
        if self.played is None:
            return None
        return self.best.win - self.played.win

    @property
    def agrees(self) -> bool:
        """Whether the move played is the search's preferred one."""
        return self.move == self.best.move

    def to_data(self) -> dict[str, Any]:
        drop = self.drop
        return {
            "n": self.index + 1,
            "player": self.player,
            "choices": self.choices,
            "move": self.move,
            "played": None if self.played is None else self.played.to_data(),
            "best": self.best.to_data(),
            "top": [t.to_data() for t in self.top],
            "drop": None if drop is None else round(drop, 6),
            "position": self.position,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 4),
        }

    @classmethod
    def from_data(cls, data: Any) -> DecisionAnalysis:
        if not isinstance(data, dict):
            raise DataError(f"a decision's analysis is an object, got {data!r:.60}")
        try:
            played = data["played"]
            return cls(
                int(data["n"]) - 1,
                int(data["player"]),
                int(data["choices"]),
                str(data["move"]),
                None if played is None else MoveEstimate.from_data(played),
                MoveEstimate.from_data(data["best"]),
                tuple(MoveEstimate.from_data(t) for t in data.get("top", [])),
                str(data.get("position", "")),
                int(data.get("iterations", 0)),
                float(data.get("seconds", 0.0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"a decision's analysis lacks {exc}", field="annotations") from None


@attrs.frozen
class Analysis:
    """The analysis of a record: how it was made and one entry per decision analyzed.

    :ivar agent: the agent spec that searched (with its budget).
    :ivar seed: the analysis seed (each decision's search seed follows from it,
        :func:`decision_seed`).
    :ivar scale: the logistic's scale the margins are read with.
    :ivar decisions: the decisions analyzed, in the record's order.
    """

    game: str
    agent: str
    seed: int
    scale: float
    decisions: tuple[DecisionAnalysis, ...]

    def mattered(self, count: int = 5) -> list[DecisionAnalysis]:
        """The ``count`` decisions with the largest drops (largest first; only drops
        above zero)."""
        dropped = [d for d in self.decisions if d.drop is not None and d.drop > 0]
        dropped.sort(key=lambda d: (-(d.drop or 0.0), d.index))
        return dropped[:count]

    def for_seat(self, seat: int) -> Analysis:
        """Only ``seat``'s decisions."""
        return attrs.evolve(self, decisions=tuple(d for d in self.decisions if d.player == seat))

    def to_data(self) -> dict[str, Any]:
        """The JSON form kept in an annotated record (``Record.annotations``)."""
        return {
            "version": ANNOTATION_VERSION,
            "kind": "analysis",
            "agent": self.agent,
            "seed": self.seed,
            "scale": self.scale,
            "decisions": [d.to_data() for d in self.decisions],
        }

    @classmethod
    def from_data(cls, data: Any, game: str = "") -> Analysis:
        """Read the annotations of a record.

        :raises DataError: for annotations that are not an analysis.
        """
        if not isinstance(data, dict) or data.get("kind") != "analysis":
            raise DataError("the record's annotations are not an analysis", field="annotations")
        decisions = data.get("decisions")
        if not isinstance(decisions, list):
            raise DataError("an analysis lists its decisions", field="annotations.decisions")
        try:
            return cls(
                game,
                str(data["agent"]),
                int(data["seed"]),
                float(data.get("scale", DEFAULT_SCALE)),
                tuple(DecisionAnalysis.from_data(d) for d in decisions),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"the analysis lacks {exc}", field="annotations") from None

    @classmethod
    def of(cls, record: Record) -> Analysis | None:
        """The analysis a record carries, if any."""
        if record.annotations is None:
            return None
        return cls.from_data(record.annotations, record.game)

    def annotate(self, record: Record) -> Record:
        """``record`` with this analysis as its annotations."""
        return attrs.evolve(record, annotations=self.to_data())


# ------------------------------------------------------------------ the search


#: A decision to search, sent to a worker: game name, agent spec, seed, the seat's
#: observation and legal moves, its index.
_Job = tuple[str, str, int, Any, tuple[Any, ...], int]


_Found = tuple[int, list[tuple[int, int, float]], float]


def _search(job: _Job, game: AnyGame | None = None) -> _Found:
    """Search one decision: ``(index, [(move index, visits, mean)], seconds)``."""
    name, spec, seed, observation, legal, index = job
    game = get_game(name) if game is None else game
    agent = make_agent(spec, seed)
    statistics = getattr(agent, "root_statistics", None)
    if statistics is None:
        raise RulesError(f"agent {spec!r} gives no per-move statistics: analyze with ismcts")
    start = time.perf_counter()
    stats = statistics(game, observation)
    seconds = time.perf_counter() - start
    out = []
    for i, move in enumerate(legal):
        visits, mean = stats.get(move, (0, 0.0))
        out.append((i, int(visits), float(mean)))
    return index, out, seconds


def _search_batch(jobs: list[_Job]) -> list[_Found]:
    return [_search(job) for job in jobs]


def _estimates(
    game: AnyGame,
    state: Any,
    player: int,
    legal: Sequence[Any],
    stats: list[tuple[int, int, float]],
    scale: float,
) -> list[MoveEstimate]:
    """The visited moves' estimates, most visited first (ties: higher value, then the
    legal order)."""
    visited = [s for s in stats if s[1] > 0]
    visited.sort(key=lambda s: (-s[1], -s[2], s[0]))
    return [
        MoveEstimate(
            game.format_move(legal[i]),
            game.describe_move(state, legal[i], player),
            visits,
            round(mean, 6),
            round(margin_of(mean, scale), 4),
        )
        for i, visits, mean in visited
    ]


def _position_words(game: AnyGame, state: Any, player: int, number: int, choices: int) -> str:
    """The position in words as ``player`` saw it: who decides, among how many moves,
    and the VP as that seat may know them (from a state dealt from its observation)."""
    seen = game.determinize(game.observe(state, player), 0)
    vp = ", ".join(f"P{p} {int(v)}" for p, v in enumerate(game.scores(seen)))
    return f"decision {number}: P{player} to choose among {choices} moves; VP {vp}"


def _agent_spec(agent: str | None, iterations: int | None, seconds: float | None) -> str:
    """The agent spec of an analysis: ``agent`` (default ismcts) with the budget."""
    spec = agent or DEFAULT_AGENT
    name, params = parse_agent_spec(spec)
    if iterations is not None:
        params["iterations"] = iterations
    if seconds is not None:
        params["seconds"] = seconds
    if "iterations" not in params and "seconds" not in params:
        params["iterations"] = DEFAULT_ITERATIONS
    return ":".join([name, *(f"{k}={v}" for k, v in params.items())])


def analyze(
    game: AnyGame | None,
    record: Record,
    *,
    agent: str | None = None,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    first: int = 1,
    last: int | None = None,
    seat: int | None = None,
    workers: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
    start_method: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyze the decisions ``first`` to ``last`` (1-based, inclusive; default all) of
    ``record``, or only those of ``seat``, each by a search of its own budget
    (``iterations`` and/or ``seconds``, default :data:`DEFAULT_ITERATIONS`) from the
    observation of the seat that decided (see the module docstring).

    ``agent`` is an agent spec whose agent has ``root_statistics`` (default ``ismcts``;
    e.g. ``"ismcts:exploration=0.5"``). ``workers`` local processes (or ``backend="ray"``
    tasks, as ``silkroad simulate`` sends games) share the decisions; the figures do not
    depend on how they are shared. ``progress(done, total)`` is called after each
    decision.

    :raises RulesError: for a record that does not replay, a range or seat outside it,
        or an agent without per-move statistics.
    """
    game = game if game is not None else get_game(record.game)
    try:
        if not callable(getattr(make_agent(agent or DEFAULT_AGENT, 0), "root_statistics", None)):
            raise RulesError(f"agent {agent!r} gives no per-move statistics: analyze with ismcts")
        spec = _agent_spec(agent, iterations, seconds)
        probe = make_agent(spec, 0)
    except ValueError as exc:
        raise RulesError(str(exc)) from None
    scale = float(getattr(probe, "scale", DEFAULT_SCALE))
    total = len(record.moves)
    last = total if last is None else last
    if not 1 <= first <= max(1, total) or not first <= last <= total:
        raise RulesError(f"the record has decisions 1 to {total}: cannot analyze {first} to {last}")
    if workers < 1:
        raise RulesError(f"workers must be at least 1, got {workers}")
    jobs: list[_Job] = []
    context: dict[int, tuple[Any, int, tuple[Any, ...], Any]] = {}
    players: int | None = None
    for index, state in enumerate(states(record, game)):
        if players is None:
            players = game.num_players(state)
            if seat is not None and not 0 <= seat < players:
                raise RulesError(f"seats of this game are 0 to {players - 1}, not {seat}")
        if index >= last:
            break
        if index + 1 < first:
            continue
        player = game.current_player(state)
        if player is None or (seat is not None and player != seat):
            continue
        legal = tuple(game.legal_moves(state))
        if len(legal) < 2:
            continue
        observation = game.observe(state, player)
        jobs.append((game.spec.name, spec, decision_seed(seed, index), observation, legal, index))
        context[index] = (state, player, legal, record.moves[index])
    results = _run(jobs, game, workers, backend, ray_address, start_method, progress)
    decisions = []
    for index, stats, took in sorted(results, key=lambda r: r[0]):
        state, player, legal, played = context[index]
        estimates = _estimates(game, state, player, legal, stats, scale)
        played_text = game.format_move(played)
        played_estimate = next((e for e in estimates if e.move == played_text), None)
        decisions.append(
            DecisionAnalysis(
                index,
                player,
                len(legal),
                played_text,
                played_estimate,
                estimates[0],
                tuple(estimates[:3]),
                _position_words(game, state, player, index + 1, len(legal)),
                sum(s[1] for s in stats),
                round(took, 4),
            )
        )
    return Analysis(game.spec.name, spec, seed, scale, tuple(decisions))


def _run(
    jobs: list[_Job],
    game: AnyGame,
    workers: int,
    backend: str,
    ray_address: str | None,
    start_method: str | None,
    progress: Callable[[int, int], None] | None,
) -> list[_Found]:
    """Search every job, here, in local worker processes or as Ray tasks (the way
    :func:`silkroad.arena.tournament.run_tournament` spreads games)."""
    from silkroad.arena import tournament

    results: list[_Found] = []

    def done(item: _Found) -> None:
        results.append(item)
        if progress is not None:
            progress(len(results), len(jobs))

    if backend == "ray":
        try:
            import ray
        except ImportError:
            raise RulesError("the ray backend needs Ray: pip install 'silkroad[ray]'") from None
        env = tournament.worker_env([])
        if not ray.is_initialized():
            settings: dict[str, Any] = {
                "address": ray_address,
                "num_cpus": None if ray_address else max(1, workers),
                "include_dashboard": False,
                "log_to_driver": False,
                "runtime_env": {"env_vars": env} if env else None,
            }
            if ray_address is None:
                ray.init(**settings)
            else:
                tournament.connect_ray(ray, ray_address, settings, 30.0)
        remote = ray.remote(_search_batch)
        pending = [remote.remote(jobs[i : i + 4]) for i in range(0, len(jobs), 4)]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for batch in ray.get(finished):
                for item in batch:
                    done(item)
    elif backend != "local":
        raise RulesError(f"backend must be 'local' or 'ray', got {backend!r}")
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            done(_search(job, game))
    else:
        with tournament.worker_pool(start_method, workers) as pool:
            for item in pool.imap_unordered(_search, jobs):
                done(item)
    return results


# ------------------------------------------------------------------ hints


def hints(
    game: AnyGame,
    observation: Any,
    player: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    count: int = 3,
    agent: str | None = None,
) -> list[MoveEstimate]:
    """The search's top ``count`` moves for ``player`` from its ``observation`` (never
    the state), most visited first, with their estimates.

    :raises RulesError: when ``player`` is not the one to decide in the observation.
    """
    dealt = game.determinize(observation, 0)
    if game.is_over(dealt) or game.current_player(dealt) != player:
        raise RulesError(f"P{player} is not the one to decide: no hint")
    legal = tuple(game.legal_moves(dealt))
    spec = _agent_spec(agent, iterations, None)
    _, stats, _ = _search((game.spec.name, spec, seed, observation, legal, 0), game)
    scale = float(getattr(make_agent(spec, 0), "scale", DEFAULT_SCALE))
    return _estimates(game, dealt, player, legal, stats, scale)[:count]
