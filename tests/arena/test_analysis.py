"""Every figure of a tournament on small seeded runs of a rigged game whose advantages are
known: the first player's (0.6 over finished games with two players), the lucky charm's
(0.8 head to head), a shared charm (never compared) and 10% truncated games."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

import rigged
import silkroad
from silkroad.arena import analysis
from silkroad.arena.tournament import GameResult, run_tournament
from silkroad.core.rng import Rng

pytestmark = pytest.mark.skipif(not analysis.available(), reason="needs the analysis extra")


@pytest.fixture(scope="module")
def results() -> Iterator[list[GameResult]]:
    silkroad.register(rigged.GAME, replace=True)
    try:
        yield run_tournament(
            rigged.GAME, rigged.Options(), list(range(600)), ["random", "random"], holdings=True
        )
    finally:
        silkroad.unregister(rigged.SPEC.name)


def test_wilson_intervals_match_the_textbook_formula() -> None:
    r = analysis.rate(40, 100, parity=0.5)
    z = 1.959963984540054
    centre = (0.4 + z * z / 200) / (1 + z * z / 100)
    half = z / (1 + z * z / 100) * math.sqrt(0.4 * 0.6 / 100 + z * z / 40000)
    assert r.low == pytest.approx(centre - half)
    assert r.high == pytest.approx(centre + half)
    assert r.flagged  # [0.309, 0.498] excludes 0.5
    assert not analysis.rate(42, 100, parity=0.5).flagged
    assert analysis.rate(0, 0).text() == "-"


def test_wilson_intervals_cover_the_true_rate_about_95_percent_of_the_time() -> None:
    rng, covered = Rng.from_seed(5), 0
    for _ in range(400):
        wins = 0
        for _ in range(40):
            value, rng = rng.random()
            wins += value < 0.3
        r = analysis.rate(wins, 40)
        covered += r.low <= 0.3 <= r.high
    assert 0.91 <= covered / 400 <= 0.99


def test_truncated_games_are_counted_and_left_out(results: list[GameResult]) -> None:
    f = analysis.figures(results, ["random", "random"], with_ratings=False)
    truncated = sum(r.truncated for r in results)
    assert 30 <= truncated <= 90  # 10% of 600
    assert f.truncated == truncated
    assert f.finished == 600 - truncated == f.length.count
    assert f.truncated_length.count == truncated
    assert sum(r.trials for r in f.win_rates) == 2 * f.finished
    assert f.seat_rates[0].trials == f.finished


def test_the_first_players_advantage_is_found_with_an_interval_holding_the_truth(
    results: list[GameResult],
) -> None:
    f = analysis.figures(results, ["random", "random"], with_ratings=False)
    first = f.first_player
    assert first.parity == 0.5
    assert first.low <= rigged.TRUE_FIRST_PLAYER_RATE <= first.high
    assert first.flagged  # the interval excludes parity
    # the seats themselves (player 0, player 1) are fair: the first player is drawn
    assert all(not r.flagged for r in f.seat_rates)
    # one winner per finished game: the two places in turn order share every win
    assert f.order_rates[0].successes + f.order_rates[1].successes == f.finished


def test_score_and_length_distributions(results: list[GameResult]) -> None:
    f = analysis.figures(results, ["random", "random"], with_ratings=False)
    score = f.scores[0]
    assert score.minimum == 0
    assert score.maximum == 1
    assert score.mean == pytest.approx(f.win_rates[0].value)
    assert sum(c for _, _, c in score.bins) == score.count == f.win_rates[0].trials
    assert f.length.median == 1
    assert f.length.sd == 0
    d = analysis.distribution([1, 2, 2, 3, 10])
    assert (d.minimum, d.median, d.maximum, d.mean) == (1, 2, 10, 3.6)
    assert sum(c for _, _, c in d.bins) == 5


def test_the_lucky_charm_beats_its_absence_and_the_shared_charm_is_not_compared(
    results: list[GameResult],
) -> None:
    by_label = {c.label: c for c in analysis.compare_holdings(results)}
    lucky = by_label["charm:lucky"]
    assert lucky.kind == "charm"
    assert lucky.name == "lucky"
    assert lucky.rate.method == "wilson"  # two players: one decision per game
    assert lucky.rate.trials == lucky.games
    assert lucky.rate.low <= rigged.TRUE_LUCKY_RATE <= lucky.rate.high
    assert lucky.rate.flagged
    assert lucky.expected == pytest.approx(0.5, abs=0.06)  # the seats are fair
    plain = by_label["charm:plain"]
    assert plain.games == 0
    assert plain.rate.trials == 0
    assert not plain.rate.flagged
    finished = sum(not r.truncated for r in results)
    assert plain.shared == finished


def test_with_more_players_the_holding_interval_is_a_bootstrap_over_games() -> None:
    silkroad.register(rigged.GAME, replace=True)
    try:
        res = run_tournament(
            rigged.GAME,
            rigged.Options(players=3),
            list(range(300)),
            ["random"] * 3,
            holdings=True,
        )
    finally:
        silkroad.unregister(rigged.SPEC.name)
    lucky = {c.label: c for c in analysis.compare_holdings(res)}["charm:lucky"]
    assert lucky.rate.method == "bootstrap"
    # with three players the charm does nothing: parity is inside the interval
    assert lucky.rate.low <= 0.5 <= lucky.rate.high
    assert lucky.rate.trials > lucky.games  # several pairs per game
    f = analysis.figures(res, ["random"] * 3, with_ratings=False)
    assert f.first_player.parity == pytest.approx(1 / 3)
    assert f.first_player.low <= 0.7 <= f.first_player.high


def _result(seed: int, entrants: tuple[int, int], winner: int) -> GameResult:
    return GameResult(seed, entrants, (1, 0), (winner,), decisions=1, first=0)


def test_bradley_terry_ratings_order_the_entrants_with_intervals() -> None:
    # entrant 0 beats 1 in 3 of 4 games, 1 beats 2 in 3 of 4, 0 beats 2 in 9 of 10
    results: list[GameResult] = []
    for i in range(40):
        results.append(_result(i, (0, 1), 0 if i % 4 else 1))
        results.append(_result(i, (1, 2), 0 if i % 4 else 1))
        results.append(_result(i, (0, 2), 0 if i % 10 else 1))
    rated = analysis.ratings(results, ["a", "b", "c"], resamples=300)
    a, b, c = (r.rating for r in rated)
    assert a > b > c
    assert a + b + c == pytest.approx(0)
    # 3:1 odds between neighbours is about 191 Elo points
    assert a - b == pytest.approx(400 * math.log10(3), abs=60)
    for r in rated:
        assert r.low < r.rating < r.high
    assert rated[0].low > rated[2].high


def test_a_one_sided_record_gives_an_interval_open_on_one_side() -> None:
    """A 10-0 match bounds neither the winner's strength from above nor the loser's from
    below: the interval is shown open (">= +540"), not as the point "[+540, +540]"."""
    results = [_result(i, (0, 1), 0) for i in range(10)]
    winner, loser = analysis.ratings(results, ["a", "b"], resamples=200)
    assert (winner.open, loser.open) == ("above", "below")
    assert winner.text() == f">= {winner.low:+.0f}"
    assert loser.text() == f"<= {loser.high:+.0f}"
    assert winner.text().startswith(">= +")
    assert loser.text().startswith("<= -")
    assert winner.to_data()["open"] == "above"
    mixed = analysis.ratings(
        [_result(i, (0, 1), 0 if i % 3 else 1) for i in range(30)], ["a", "b"], resamples=200
    )
    assert [r.open for r in mixed] == ["", ""]
    assert mixed[0].text() == f"[{mixed[0].low:+.0f}, {mixed[0].high:+.0f}]"


def test_a_seats_advantage_is_not_read_as_a_components() -> None:
    """Seat 0 always holds the badge and wins 3 games in 4: the badge's holders win 75%
    of their decisions, but that is just what their seat gives them, so it is not flagged."""
    results = [
        GameResult(
            i,
            (0, 1),
            (1, 0),
            (0,) if i % 4 else (1,),
            decisions=1,
            first=i % 2,
            holdings=(("badge:gold",), ()),
        )
        for i in range(200)
    ]
    badge = analysis.compare_holdings(results)[0]
    assert badge.rate.value == 0.75
    assert badge.expected == 0.75
    assert not badge.rate.flagged
    f = analysis.figures(results, ["a", "b"], with_ratings=False)
    assert f.seat_rates[0].flagged
    assert f.seat_rates[0].value == 0.75


def test_the_summary_win_rate_leaves_truncated_games_out(results: list[GameResult]) -> None:
    from silkroad.arena.tournament import summarize

    stats = summarize(results, ["random", "random"])
    f = analysis.figures(results, ["random", "random"], with_ratings=False)
    for st, r in zip(stats, f.win_rates, strict=True):
        assert st.truncated == f.truncated
        assert st.games == 600
        assert st.win_rate == pytest.approx(r.value)
