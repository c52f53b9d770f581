"""Users' agents (entry points and module:attribute specs) in tournaments run by fork,
spawn or Ray; seat lineups, round robins; records and results name every seat's agent."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import silkroad
from silkroad import agents as agents_module
from silkroad.agents import make_agent, parse_agent_spec
from silkroad.arena.match import play_game
from silkroad.arena.tournament import lineups, round_robin_lineup, run_tournament, summarize
from silkroad.core.replay import Record

HERE = Path(__file__).parent
USER = "useragent:Lowest"


@pytest.fixture
def user_module(monkeypatch: pytest.MonkeyPatch) -> str:
    """The directory of ``useragent`` on sys.path (spawn children inherit it)."""
    monkeypatch.syspath_prepend(str(HERE))
    return str(HERE)


def test_a_spec_names_a_module_attribute_with_parameters(user_module: str) -> None:
    assert parse_agent_spec("useragent:Lowest:pick=last") == ("useragent:Lowest", {"pick": "last"})
    agent = make_agent("useragent:Lowest:pick=last", 3)
    assert agent.choose(None, None, ("a", "b")) == "b"
    with pytest.raises(ValueError, match="bad parameters for agent 'useragent:Lowest'"):
        make_agent("useragent:Lowest:pick=middle", 3)
    with pytest.raises(ValueError, match="has no 'Missing'"):
        make_agent("useragent:Missing", 3)
    with pytest.raises(ValueError, match="cannot import 'no_such_module_x'"):
        make_agent("no_such_module_x:Agent", 3)
    with pytest.raises(ValueError, match="not a factory"):
        make_agent("useragent:NOT_A_FACTORY", 3)


def test_an_entry_point_adds_an_agent_by_name(
    user_module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    point = EntryPoint("lowest", USER, agents_module.ENTRY_POINT_GROUP)
    monkeypatch.setattr(
        agents_module, "entry_points", lambda group: [point] if group == point.group else []
    )
    assert "lowest" in agents_module.known_agents()
    assert make_agent("lowest:pick=last", 0).choose(None, None, (1, 2)) == 2
    with pytest.raises(ValueError, match="known agents: greedy, ismcts, lowest, random"):
        make_agent("nobody", 0)


def test_records_name_the_agent_of_every_seat(tmp_path: Path, user_module: str) -> None:
    game = silkroad.get_game("kashgar")
    played = play_game(game, game.default_options(), 4, [USER, "random"])
    assert played.record.agents == (USER, "random")
    assert played.first == game.current_player(game.new_game(game.default_options(), 4))
    path = tmp_path / "game.json"
    played.record.save(path)
    assert '"agents"' in path.read_text()
    assert Record.load(path).agents == (USER, "random")


def test_a_round_robin_seats_every_ordered_pair() -> None:
    table = [round_robin_lineup(3, 2, i) for i in range(6)]
    assert sorted(table) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    assert round_robin_lineup(3, 2, 6) == table[0]
    assert lineups(2, 2, 3) == [(0, 1), (1, 0), (0, 1)]
    assert lineups(2, 2, 2, rotate=False) == [(0, 1), (0, 1)]
    with pytest.raises(ValueError, match="3 agents for 4 seats"):
        lineups(3, 4, 1)
    with pytest.raises(ValueError, match="always rotates"):
        lineups(3, 2, 1, rotate=False)


def test_a_round_robin_tournament_counts_each_entrant_in_its_games() -> None:
    game = silkroad.get_game("kashgar")
    agents = ["random", "greedy", "random"]
    results = run_tournament(game, game.default_options(), list(range(12)), agents)
    assert [r.entrants for r in results[:6]] == [round_robin_lineup(3, 2, i) for i in range(6)]
    stats = summarize(results, agents)
    assert [s.games for s in stats] == [8, 8, 8]
    for r in results:
        assert r.agents == tuple(agents[e] for e in r.entrants)


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_user_agents_work_in_worker_processes(user_module: str, method: str) -> None:
    game = silkroad.get_game("kashgar")
    seeds = list(range(20, 24))
    agents = [f"{USER}:pick=last", "random"]
    alone = run_tournament(game, game.default_options(), seeds, agents, holdings=True)
    pooled = run_tournament(
        game, game.default_options(), seeds, agents, workers=2, start_method=method, holdings=True
    )
    assert pooled == alone
    assert all(r.error is None for r in pooled)
    assert all(r.agents[r.entrants.index(0)] == agents[0] for r in pooled)
    assert all("card:patriarch" in r.holdings[0] for r in pooled)
