"""The ray backend of tournaments, and of the analysis of a record, gives the same results
as local processes. One module for every test of a local Ray instance: starting one is
many seconds of waiting, so they share one (module-scoped)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

import silkroad
from analysis.helpers import ITERATIONS, short_record
from silkroad.analysis import analyze
from silkroad.arena.tournament import run_tournament, summarize


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_and_local_backends_agree() -> None:
    game = silkroad.get_game("kashgar")
    options = game.default_options(3).__class__.create(3, round_limit=6)
    seeds = list(range(100, 112))
    agents = ["random", "random", "random"]
    local = run_tournament(game, options, seeds, agents, workers=2)
    remote = run_tournament(game, options, seeds, agents, backend="ray", batch_size=5)
    assert remote == local
    assert [r.seed for r in remote] == seeds
    assert all(r.error is None for r in remote)
    assert summarize(remote, agents) == summarize(local, agents)


@pytest.mark.usefixtures("local_ray")
def test_a_users_module_agent_plays_on_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray workers find a ``module:attribute`` agent's module (its directory is put on
    their PYTHONPATH) and the results name it in its seat."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent.parent / "arena"))
    game = silkroad.get_game("kashgar")
    seeds = [3, 4, 5, 6]
    agents = ["useragent:Lowest:pick=last", "random"]
    local = run_tournament(game, game.default_options(), seeds, agents)
    remote = run_tournament(game, game.default_options(), seeds, agents, backend="ray")
    assert remote == local
    assert all(r.error is None for r in remote), [r.error for r in remote]
    assert {r.agents[r.entrants.index(0)] for r in remote} == {agents[0]}


@pytest.mark.usefixtures("local_ray")
def test_ray_and_local_analyses_agree() -> None:
    record = short_record("serica")
    local = analyze(None, record, iterations=ITERATIONS, last=5)
    remote = analyze(None, record, iterations=ITERATIONS, last=5, backend="ray")
    assert remote == local
    assert remote.decisions


def test_an_unknown_backend_is_refused() -> None:
    game = silkroad.get_game("kashgar")
    with pytest.raises(ValueError, match="backend"):
        run_tournament(game, game.default_options(), [1], ["random", "random"], backend="dask")
