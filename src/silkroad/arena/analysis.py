"""Statistics of tournament results: rates with 95% intervals, seat and first-player
advantage, score and game-length distributions, Bradley-Terry ratings, and the balance of
components (a player who held one against one who did not).

Needs the ``analysis`` extra (``pip install 'silkroad[analysis]'``: numpy, scipy, choix);
:func:`available` says whether it is installed.

- A rate's interval is the Wilson score interval from ``scipy.stats.binomtest(k, n)
  .proportion_ci(method="wilson")``: it keeps close to 95% coverage for small counts and
  rates near 0 or 1, where the normal approximation fails, without the over-width of the
  exact Clopper-Pearson interval.
- Ratings are a Bradley-Terry model fitted by ``choix.ilsr_pairwise_dense`` (a maintained
  implementation of the model's maximum-likelihood fit) on every winner-over-loser pair
  of every finished game, with a weak regularization (``alpha``) so that an agent that
  never lost still gets a finite rating; the intervals are percentile bootstrap intervals
  from ``scipy.stats.bootstrap`` resampling whole games, so the pairs of one game
  (correlated when more than two play) are never treated as independent. Ratings are on
  the Elo scale: 400 points is a tenfold ratio of winning odds; they average 0.

Truncated games (stopped by a safeguard) and games that raised are never counted as
results: every figure says how many games it covers and how many were left out.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from typing import Any

import attrs

from silkroad.arena.tournament import GameResult

__all__ = [
    "CONFIDENCE",
    "Distribution",
    "HoldingComparison",
    "Rate",
    "Rating",
    "TournamentFigures",
    "available",
    "compare_holdings",
    "distribution",
    "figures",
    "rate",
    "ratings",
]

#: The confidence level of every interval.
CONFIDENCE = 0.95
#: Elo points per natural-log unit of Bradley-Terry strength.
ELO = 400 / math.log(10)


def _number(value: float) -> float | None:
    """A figure for JSON: NaN (no data) is ``None``."""
    return None if math.isnan(value) else value


def available() -> bool:
    """Whether the ``analysis`` extra (numpy, scipy, choix) is installed."""
    return all(importlib.util.find_spec(m) is not None for m in ("numpy", "scipy", "choix"))


def _require() -> None:
    if not available():
        raise RuntimeError("statistics need the analysis extra: pip install 'silkroad[analysis]'")


@attrs.frozen
class Rate:
    """``successes`` out of ``trials`` with its 95% interval ``[low, high]``; ``parity``
    is the rate of no advantage (1/seats, or 1/2 for a head-to-head comparison) and
    ``flagged`` says whether the interval excludes it."""

    successes: int
    trials: int
    low: float
    high: float
    parity: float | None = None
    method: str = "wilson"

    @property
    def value(self) -> float:
        """The observed rate (NaN without trials)."""
        return self.successes / self.trials if self.trials else math.nan

    @property
    def flagged(self) -> bool:
        return (
            self.parity is not None and self.trials > 0 and not self.low <= self.parity <= self.high
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "successes": self.successes,
            "trials": self.trials,
            "rate": None if not self.trials else self.value,
            "low": self.low,
            "high": self.high,
            "parity": self.parity,
            "flagged": self.flagged,
            "method": self.method,
        }

    def text(self) -> str:
        """``54.0% [47.1, 60.8]``."""
        if not self.trials:
            return "-"
        return f"{100 * self.value:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def rate(successes: int, trials: int, *, parity: float | None = None) -> Rate:
    """A rate with its Wilson 95% interval (``[0, 1]`` without trials)."""
    _require()
    from scipy.stats import binomtest

    if trials == 0:
        return Rate(0, 0, 0.0, 1.0, parity)
    ci = binomtest(successes, trials).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return Rate(successes, trials, float(ci.low), float(ci.high), parity)


@attrs.frozen
class Distribution:
    """Summary of integer values: count, mean, standard deviation, quartiles, extremes and
    a histogram (``bins[i]`` is ``(low, high, count)``, ``high`` excluded except in the
    last bin)."""

    count: int
    mean: float
    sd: float
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float
    bins: tuple[tuple[float, float, int], ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "mean": _number(self.mean),
            "sd": _number(self.sd),
            "min": _number(self.minimum),
            "q1": _number(self.q1),
            "median": _number(self.median),
            "q3": _number(self.q3),
            "max": _number(self.maximum),
            "histogram": [{"low": a, "high": b, "count": c} for a, b, c in self.bins],
        }

    def text(self) -> str:
        """``mean 41.2 (sd 6.0), median 41 [37..45], 28..59``."""
        if not self.count:
            return "-"
        return (
            f"mean {self.mean:.1f} (sd {self.sd:.1f}), median {self.median:g} "
            f"[{self.q1:g}..{self.q3:g}], {self.minimum:g}..{self.maximum:g}"
        )


def distribution(values: Sequence[float], *, max_bins: int = 15) -> Distribution:
    """The summary of ``values`` (all NaN and no bins when empty)."""
    _require()
    import numpy as np

    if not values:
        nan = math.nan
        return Distribution(0, nan, nan, nan, nan, nan, nan, nan, ())
    a = np.asarray(values, dtype=float)
    lo, hi = float(a.min()), float(a.max())
    width = max(1.0, math.ceil((hi - lo + 1) / max_bins))
    edges = np.arange(lo, hi + width + 1e-9, width) if hi > lo else np.array([lo, lo + 1])
    counts, edges = np.histogram(a, bins=edges)
    q1, median, q3 = (float(x) for x in np.percentile(a, [25, 50, 75]))
    return Distribution(
        len(a),
        float(a.mean()),
        float(a.std()),
        lo,
        q1,
        median,
        q3,
        hi,
        tuple((float(edges[i]), float(edges[i + 1]), int(counts[i])) for i in range(len(counts))),
    )


@attrs.frozen
class Rating:
    """An entrant's Bradley-Terry rating on the Elo scale, with its 95% bootstrap interval.

    ``open`` is ``"above"`` for an entrant that never lost a game it played (no result
    bounds its strength from above: the rating and the bootstrap only show where the
    regularisation stops it), ``"below"`` for one that never won, else ``""``.
    """

    entrant: int
    agent: str
    rating: float
    low: float
    high: float
    open: str = ""

    def text(self) -> str:
        """The interval as the reports print it: ``[-12, +85]``, open on one side for a
        one-sided record (``>= +540``, ``<= -540``), ``-`` when there is none."""
        if self.open == "above" and not math.isnan(self.low):
            return f">= {self.low:+.0f}"
        if self.open == "below" and not math.isnan(self.high):
            return f"<= {self.high:+.0f}"
        if math.isnan(self.low) or math.isnan(self.high):
            return "-"
        return f"[{self.low:+.0f}, {self.high:+.0f}]"

    def to_data(self) -> dict[str, Any]:
        return {
            "entrant": self.entrant,
            "agent": self.agent,
            "rating": self.rating,
            "low": _number(self.low),
            "high": _number(self.high),
            "open": self.open or None,
        }


def _finished(results: Sequence[GameResult]) -> list[GameResult]:
    return [r for r in results if r.error is None and not r.truncated]


def _pair_matrices(results: Sequence[GameResult], n: int) -> Any:
    """Per finished game, ``m[i, j]``: how often entrant ``i`` beat entrant ``j`` (every
    winner over every player who did not win)."""
    import numpy as np

    games = _finished(results)
    out = np.zeros((len(games), n, n))
    for g, r in enumerate(games):
        for w in r.winners:
            for seat in range(len(r.entrants)):
                if seat not in r.winners:
                    out[g, r.entrants[w], r.entrants[seat]] += 1
    return out


def ratings(
    results: Sequence[GameResult],
    agents: Sequence[str],
    *,
    resamples: int = 1000,
    seed: int = 0,
    alpha: float = 0.01,
) -> list[Rating]:
    """Bradley-Terry ratings of the entrants from every finished game (see the module),
    with percentile bootstrap intervals over ``resamples`` resamplings of the games."""
    _require()
    import choix
    import numpy as np
    from scipy.stats import bootstrap

    n = len(agents)
    per_game = _pair_matrices(results, n)

    def fit(matrix: Any) -> Any:
        theta = choix.ilsr_pairwise_dense(matrix, alpha=alpha)
        return ELO * (theta - theta.mean())

    if n < 2 or not per_game.sum():
        return [Rating(e, a, 0.0, math.nan, math.nan) for e, a in enumerate(agents)]
    point = fit(per_game.sum(axis=0))
    if len(per_game) < 2:
        low = high = np.full(n, math.nan)
    else:
        res = bootstrap(
            (np.arange(len(per_game)),),
            lambda idx: fit(per_game[idx].sum(axis=0)),
            vectorized=False,
            n_resamples=resamples,
            confidence_level=CONFIDENCE,
            method="percentile",
            rng=np.random.default_rng(seed),
        )
        low, high = res.confidence_interval.low, res.confidence_interval.high
    total = per_game.sum(axis=0)
    won, lost = total.sum(axis=1), total.sum(axis=0)

    def side(e: int) -> str:
        if won[e] and not lost[e]:
            return "above"
        if lost[e] and not won[e]:
            return "below"
        return ""

    return [
        Rating(e, a, float(point[e]), float(low[e]), float(high[e]), side(e))
        for e, a in enumerate(agents)
    ]


@attrs.frozen
class TournamentFigures:
    """Every figure of a tournament (see :func:`figures`)."""

    games: int
    finished: int
    truncated: int
    errors: int
    seats: int
    #: per entrant: wins over its finished games
    win_rates: tuple[Rate, ...]
    #: per entrant: final scores of its finished games
    scores: tuple[Distribution, ...]
    #: per seat (player index): wins over the finished games
    seat_rates: tuple[Rate, ...]
    #: per place in turn order (0: the player who took the first decision)
    order_rates: tuple[Rate, ...]
    #: decisions per finished game
    length: Distribution
    #: decisions of the truncated games (how long they ran before the safeguard)
    truncated_length: Distribution
    ratings: tuple[Rating, ...] = ()

    @property
    def first_player(self) -> Rate:
        """The win rate of the player who took the first decision."""
        return self.order_rates[0]

    def to_data(self, agents: Sequence[str]) -> dict[str, Any]:
        return {
            "confidence": CONFIDENCE,
            "games": self.games,
            "finished": self.finished,
            "truncated": self.truncated,
            "errors": self.errors,
            "entrants": [
                {
                    "entrant": e,
                    "agent": agents[e],
                    "win_rate": self.win_rates[e].to_data(),
                    "score": self.scores[e].to_data(),
                }
                for e in range(len(agents))
            ],
            "seats": [r.to_data() for r in self.seat_rates],
            "turn_order": [r.to_data() for r in self.order_rates],
            "first_player": self.first_player.to_data(),
            "length": self.length.to_data(),
            "truncated_length": self.truncated_length.to_data(),
            "ratings": [r.to_data() for r in self.ratings],
        }


def figures(
    results: Sequence[GameResult],
    agents: Sequence[str],
    *,
    with_ratings: bool = True,
    resamples: int = 1000,
    seed: int = 0,
) -> TournamentFigures:
    """Every figure of a tournament: win rate and score distribution per entrant, win
    rate per seat and per place in turn order (the first player's advantage; parity is
    1/seats), the game-length distribution, the truncated and failed games, and (with
    ``with_ratings`` and at least two entrants) Bradley-Terry ratings. A shared win counts
    for each winner, so the rates of one game can add up to more than 1."""
    _require()
    done = [r for r in results if r.error is None]
    finished = _finished(results)
    truncated = [r for r in done if r.truncated]
    seats = max((len(r.entrants) for r in done), default=len(agents))
    parity = 1 / seats
    win_rates, scores = [], []
    for e in range(len(agents)):
        mine = [r for r in finished if e in r.entrants]
        wins = sum(r.entrants.index(e) in r.winners for r in mine)
        win_rates.append(rate(wins, len(mine), parity=parity))
        scores.append(distribution([r.scores[r.entrants.index(e)] for r in mine]))
    seat_rates = [
        rate(sum(s in r.winners for r in finished), len(finished), parity=parity)
        for s in range(seats)
    ]
    ordered = [r for r in finished if r.first is not None]
    order_rates = [
        rate(
            sum((r.first + k) % seats in r.winners for r in ordered if r.first is not None),
            len(ordered),
            parity=parity,
        )
        for k in range(seats)
    ]
    rated = (
        tuple(ratings(results, agents, resamples=resamples, seed=seed))
        if with_ratings and len(agents) > 1
        else ()
    )
    return TournamentFigures(
        games=len(results),
        finished=len(finished),
        truncated=len(truncated),
        errors=len(results) - len(done),
        seats=seats,
        win_rates=tuple(win_rates),
        scores=tuple(scores),
        seat_rates=tuple(seat_rates),
        order_rates=tuple(order_rates),
        length=distribution([r.decisions for r in finished]),
        truncated_length=distribution([r.decisions for r in truncated]),
        ratings=rated,
    )


@attrs.frozen
class HoldingComparison:
    """How players who held a component did against players who did not.

    Over the finished games in which some players held ``label`` and others did not
    (``games``), every pair of a holder and a non-holder of one game in which exactly one
    of the two won is a head-to-head decision; ``rate`` is the holders' share of those
    decisions (``rate.trials``) with its 95% interval. Its parity is what the holders'
    seats alone would give them (``expected``): the mean over those pairs of how often
    the holder's seat beat the other's in all finished games; it is 1/2 when the seats
    are fair, and it keeps a seat's advantage (Serica's two empires, say, each with its
    own starting cards) from being read as a component's. With two players there is one
    such pair per game and the interval is Wilson's; with more, the pairs of one game are
    not independent and the interval is a percentile bootstrap over the games
    (``rate.method``). ``shared`` counts the finished games in which every player held it
    (no comparison), ``held`` the player-games with it, ``holder_wins`` their wins.
    """

    label: str
    games: int
    shared: int
    held: int
    holder_wins: int
    rate: Rate

    @property
    def expected(self) -> float:
        """The holders' rate their seats alone would give (the parity of ``rate``)."""
        return 0.5 if self.rate.parity is None else self.rate.parity

    @property
    def kind(self) -> str:
        """The label's kind: ``card`` of ``card:guard``."""
        return self.label.partition(":")[0]

    @property
    def name(self) -> str:
        return self.label.partition(":")[2]

    def to_data(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "kind": self.kind,
            "name": self.name,
            "games": self.games,
            "shared": self.shared,
            "held": self.held,
            "holder_wins": self.holder_wins,
            "expected": self.expected,
            "rate": self.rate.to_data(),
        }


def compare_holdings(
    results: Sequence[GameResult],
    *,
    resamples: int = 2000,
    seed: int = 0,
    min_decisions: int = 1,
) -> list[HoldingComparison]:
    """One :class:`HoldingComparison` per label held by some player in some finished
    game (the results must carry holdings: ``run_tournament(..., holdings=True)``),
    sorted by kind then name. A label with fewer than ``min_decisions`` head-to-head
    decisions keeps the uninformative interval ``[0, 1]``."""
    _require()
    import numpy as np
    from scipy.stats import bootstrap

    finished = _finished(results)
    labels = sorted({h for r in finished for seat in r.holdings for h in seat})
    seats = max((len(r.entrants) for r in finished), default=0)
    beats = np.zeros((seats, seats))
    for r in finished:
        for a in r.winners:
            for b in range(len(r.entrants)):
                if b not in r.winners:
                    beats[a, b] += 1
    decided = beats + beats.T
    seat_rate = np.divide(beats, decided, out=np.full_like(beats, 0.5), where=decided > 0)
    out = []
    for label in labels:
        wins: list[int] = []
        pairs: list[int] = []
        expected: list[float] = []
        shared = held = holder_wins = 0
        for r in finished:
            holders = [s for s, h in enumerate(r.holdings) if label in h]
            held += len(holders)
            holder_wins += sum(s in r.winners for s in holders)
            if not holders:
                continue
            if len(holders) == len(r.entrants):
                shared += 1
                continue
            others = [s for s in range(len(r.entrants)) if s not in holders]
            w = lost = 0
            for h in holders:
                for o in others:
                    if (h in r.winners) != (o in r.winners):
                        w += h in r.winners
                        lost += o in r.winners
                        expected.append(float(seat_rate[h, o]))
            wins.append(w)
            pairs.append(w + lost)
        k, n = sum(wins), sum(pairs)
        parity = sum(expected) / len(expected) if expected else 0.5
        decisive = [(w, d) for w, d in zip(wins, pairs, strict=True) if d]
        if n < min_decisions or not n:
            result = Rate(k, n, 0.0, 1.0, parity)
        elif all(d == 1 for _, d in decisive):
            result = rate(k, n, parity=parity)
        else:
            w_arr = np.array([w for w, _ in decisive], dtype=float)
            d_arr = np.array([d for _, d in decisive], dtype=float)
            if len(decisive) < 2:
                low, high = 0.0, 1.0
            else:
                ci = bootstrap(
                    (w_arr, d_arr),
                    lambda w, d, axis=-1: w.sum(axis=axis) / d.sum(axis=axis),
                    paired=True,
                    vectorized=True,
                    n_resamples=resamples,
                    confidence_level=CONFIDENCE,
                    method="percentile",
                    rng=np.random.default_rng(seed),
                ).confidence_interval
                low, high = float(ci.low), float(ci.high)
            if math.isnan(low) or math.isnan(high):  # every resample gives the same rate
                low, high = rate(k, n).low, rate(k, n).high
            result = Rate(k, n, low, high, parity, method="bootstrap")
        out.append(HoldingComparison(label, len(wins), shared, held, holder_wins, result))
    return out
