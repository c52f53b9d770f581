"""silkroad.analysis: each decision searched from its seat's observation, the estimates
in the title's terms, the annotated record's JSON, and fairness: what a seat could not
see changes nothing in the analysis of its decisions."""

from __future__ import annotations

import json
import math

import attrs
import pytest

import silkroad
from analysis.helpers import ITERATIONS, TITLES, short_record, twin_records
from silkroad.analysis import (
    Analysis,
    DecisionAnalysis,
    analyze,
    decision_seed,
    hints,
    margin_of,
)
from silkroad.core.errors import DataError, RulesError
from silkroad.core.replay import Record, replay, states

_DONE: dict[tuple[str, str], Analysis] = {}


def analysis_of(key: str, **kwargs: object) -> Analysis:
    """The analysis of ``short_record(key)`` at the tests' budget (made once per
    arguments: an analysis is a pure function of them)."""
    cache = (key, repr(sorted(kwargs.items())))
    if cache not in _DONE:
        record = short_record(key)
        _DONE[cache] = analyze(None, record, iterations=ITERATIONS, **kwargs)  # type: ignore[arg-type]
    return _DONE[cache]


@pytest.mark.parametrize("key", list(TITLES))
def test_every_decision_with_a_choice_is_analyzed_from_the_deciding_seat(key: str) -> None:
    record = short_record(key)
    game = silkroad.get_game(record.game)
    result = analysis_of(key)
    every = list(states(record, game))
    expected = [i for i, s in enumerate(every[:-1]) if len(game.legal_moves(s)) > 1]
    assert [d.index for d in result.decisions] == expected
    for d in result.decisions:
        before = every[d.index]
        assert d.player == game.current_player(before)
        assert d.choices == len(game.legal_moves(before))
        assert d.move == game.format_move(record.moves[d.index])
        assert d.iterations == ITERATIONS
        # the best move is the most visited one, the top three in order of visits
        visits = [t.visits for t in d.top]
        assert visits == sorted(visits, reverse=True)
        assert d.best == d.top[0]
        assert len(d.top) == min(3, d.choices)
        for estimate in (*d.top, d.played):
            assert estimate is not None  # the budget visits every choice here
            assert 0.0 <= estimate.win <= 1.0
            assert estimate.margin == pytest.approx(margin_of(estimate.win), abs=1e-3)
        assert d.played is not None
        assert d.drop == pytest.approx(d.best.win - d.played.win)
        assert d.agrees == (d.move == d.best.move)
        assert f"P{d.player} to choose among {d.choices} moves" in d.position


@pytest.mark.parametrize("key", list(TITLES))
def test_the_same_seed_gives_the_same_analysis_and_the_decisions_that_mattered(
    key: str,
) -> None:
    first = analysis_of(key, seed=3)
    again = analyze(None, short_record(key), iterations=ITERATIONS, seed=3)
    assert first == again
    mattered = first.mattered(3)
    drops = [d.drop for d in mattered]
    assert drops == sorted(drops, reverse=True)  # type: ignore[type-var]
    assert all(d.drop is not None and d.drop > 0 for d in mattered)
    every_positive = [d for d in first.decisions if d.drop is not None and d.drop > 0]
    assert len(mattered) == min(3, len(every_positive))


def test_the_margin_is_the_search_value_read_back_through_its_logistic() -> None:
    for vp in (-9.0, -1.5, 0.0, 2.0, 12.0):
        win = 1.0 / (1.0 + math.exp(-vp / 4.0))
        assert margin_of(win) == pytest.approx(vp)
    assert margin_of(1.0) == pytest.approx(4.0 * math.log(999))  # clipped, finite
    assert margin_of(0.0) == pytest.approx(-margin_of(1.0))


def test_a_range_and_a_seat_choose_the_decisions() -> None:
    whole = analysis_of("kashgar")
    part = analysis_of("kashgar", first=3, last=6)
    assert [d.index for d in part.decisions] == [
        d.index for d in whole.decisions if 2 <= d.index <= 5
    ]
    assert part.decisions == tuple(d for d in whole.decisions if 2 <= d.index <= 5)
    seat = analysis_of("kashgar", seat=1)
    assert seat.decisions == whole.for_seat(1).decisions
    assert {d.player for d in seat.decisions} == {1}


def test_each_decision_has_a_seed_of_its_own_that_the_record_seed_does_not_move() -> None:
    assert decision_seed(0, 1) != decision_seed(0, 2) != decision_seed(1, 1)
    record = short_record("serica")
    other = attrs.evolve(record, seed=record.seed)  # same game
    assert analyze(None, other, iterations=8) == analyze(None, record, iterations=8)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first": 0}, "decisions 1 to 8"),
        ({"last": 9}, "decisions 1 to 8"),
        ({"first": 5, "last": 4}, "decisions 1 to 8"),
        ({"seat": 2}, "seats of this game are 0 to 1"),
        ({"agent": "greedy"}, "no per-move statistics"),
        ({"agent": "nosuchagent"}, "unknown agent"),
        ({"workers": 0}, "workers must be at least 1"),
        ({"backend": "nowhere"}, "backend must be"),
    ],
)
def test_bad_requests_are_refused_with_what_is_wrong(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        analysis_of("kashgar", **kwargs)


def test_worker_processes_give_the_same_analysis() -> None:
    assert analysis_of("serica", last=4, workers=2) == analysis_of("serica", last=4)


# ------------------------------------------------------------------ the annotated record


@pytest.mark.parametrize("key", list(TITLES))
def test_an_annotated_record_round_trips_through_json(key: str, tmp_path: object) -> None:
    record = short_record(key)
    result = analysis_of(key)
    annotated = result.annotate(record)
    path = f"{tmp_path}/annotated.json"
    annotated.save(path)
    back = Record.load(path)
    assert Analysis.of(back) == result
    assert back == record  # the annotations are no part of the game
    assert json.loads(back.to_json()) == json.loads(annotated.to_json())
    replay(back)


def test_a_record_without_annotations_reads_as_before() -> None:
    record = short_record("kashgar")
    data = json.loads(record.to_json())
    assert "annotations" not in data["data"]
    assert Record.from_json(record.to_json()).annotations is None
    assert Analysis.of(record) is None


def test_an_older_reader_reads_an_annotated_record_as_the_same_game() -> None:
    """A reader that knows no annotations takes the record's known fields only: the
    annotated document without its annotations is the same record."""
    annotated = analysis_of("kashgar").annotate(short_record("kashgar"))
    document = json.loads(annotated.to_json())
    del document["data"]["annotations"]
    assert Record.from_json(json.dumps(document)) == annotated


@pytest.mark.parametrize(
    ("annotations", "message"),
    [
        ([1, 2], "annotations.*must be an object"),
        ({"kind": "notes"}, "not an analysis"),
        ({"kind": "analysis", "agent": "ismcts", "seed": 0, "decisions": 3}, "lists its"),
        ({"kind": "analysis", "agent": "ismcts", "seed": 0, "decisions": [{"n": 1}]}, "lacks"),
    ],
)
def test_bad_annotations_are_a_data_error(annotations: object, message: str) -> None:
    document = json.loads(short_record("kashgar").to_json())
    document["data"]["annotations"] = annotations
    with pytest.raises(DataError, match=message):
        Analysis.of(Record.from_json(json.dumps(document)))


def test_decision_data_round_trips() -> None:
    d = analysis_of("serica", last=2).decisions[0]
    assert DecisionAnalysis.from_data(json.loads(json.dumps(d.to_data()))) == d


# ------------------------------------------------------------------ fairness


@pytest.mark.parametrize("key", list(TITLES))
def test_the_analysis_of_a_seat_shows_nothing_the_seat_could_not_know(key: str) -> None:
    one, two, p = twin_records(key)
    first = analyze(None, one, iterations=ITERATIONS, seat=p, seed=5)
    second = analyze(None, two, iterations=ITERATIONS, seat=p, seed=5)
    assert first.decisions  # p decided at least once here
    assert first.to_data()["decisions"] == [
        {**d, "seconds": first.to_data()["decisions"][i]["seconds"]}
        for i, d in enumerate(second.to_data()["decisions"])
    ]
    assert first == second


@pytest.mark.parametrize("key", list(TITLES))
def test_a_hint_depends_only_on_the_seat_observation(key: str) -> None:
    one, two, p = twin_records(key)
    game = silkroad.get_game(one.game)
    a = hints(game, game.observe(one.initial_state(game), p), p, iterations=ITERATIONS, seed=1)
    b = hints(game, game.observe(two.initial_state(game), p), p, iterations=ITERATIONS, seed=1)
    assert a == b
    assert 1 <= len(a) <= 3
    assert [h.visits for h in a] == sorted((h.visits for h in a), reverse=True)


def test_a_hint_is_only_for_the_seat_to_decide() -> None:
    record = short_record("kashgar")
    game = silkroad.get_game(record.game)
    state = record.initial_state(game)
    other = 1 - game.current_player(state)
    with pytest.raises(RulesError, match="not the one to decide"):
        hints(game, game.observe(state, other), other, iterations=4)


def test_a_move_the_budget_did_not_reach_has_no_estimate() -> None:
    result = analyze(None, short_record("kashgar"), iterations=1)
    unreached = [d for d in result.decisions if d.played is None]
    assert unreached  # one iteration tries one move of six or more
    for d in unreached:
        assert d.drop is None
        assert d.best.visits == 1
        assert d not in result.mattered(10)
        assert DecisionAnalysis.from_data(json.loads(json.dumps(d.to_data()))) == d
