"""The search loop of ``ISMCTSAgent`` grows exactly the tree of the algorithm as written
in its docstring: a plain reference implementation here, drawing with ``Rng``'s methods
and asking the game everything it needs, gives the same root statistics (to the bit) and
leaves the agent's generator in the same state."""

from __future__ import annotations

import math
from typing import Any

import attrs
import pytest

from silkroad.agents import ISMCTSAgent
from silkroad.agents.values import state_values
from silkroad.core.game import AnyGame
from silkroad.core.rng import GOLDEN_GAMMA, Rng, _mix64, bounded
from silkroad.dunhuang import GAME as DUNHUANG
from silkroad.kashgar import GAME as KASHGAR
from silkroad.serica import GAME as SERICA

from . import nim
from .helpers import positions, to_act


class _Node:
    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def reference_search(agent: ISMCTSAgent, game: AnyGame, observation: Any) -> tuple[_Node, Rng]:
    """The docstring's five steps, one by one, with the generator as an ``Rng`` value."""
    rng = agent._rng
    root = _Node(-1)
    for _ in range(agent.iterations):
        seed, rng = rng.next_u64()
        state = game.determinize(observation, seed)
        players = game.num_players(state)
        node, path = root, []
        while not game.is_over(state):
            legal = game.legal_moves(state)
            untried = [m for m in legal if m not in node.children]
            if untried:
                index, rng = rng.randrange(len(untried))
                move = untried[index]
                mover = game.current_player(state)
                assert mover is not None
                child = _Node(mover)
                node.children[move] = child
                state = game.apply(state, move)
                path.append(child)
                break
            for m in legal:
                node.children[m].avail += 1

            def ucb(m: Any, node: _Node = node) -> float:
                c = node.children[m]
                return c.total / c.visits + agent.exploration * math.sqrt(
                    math.log(c.avail) / c.visits
                )

            move = max(legal, key=ucb)  # the first of equal scores, as the agent takes it
            node = node.children[move]
            state = game.apply(state, move)
            path.append(node)
        depth = game.spec.rollout_depth if agent.rollout_depth is None else agent.rollout_depth
        for _ in range(depth):
            if game.is_over(state):
                break
            index, rng = rng.randrange(len(game.legal_moves(state)))
            state = game.apply(state, game.legal_moves(state)[index])
        values = state_values(game, state, players, agent.scale)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.total += values[n.mover]
    return root, rng


def _same_search(agent: ISMCTSAgent, game: AnyGame, observation: Any) -> None:
    expected, rng_after = reference_search(agent, game, observation)
    got = agent._search(game, observation)
    assert agent._rng == rng_after
    assert got.visits == expected.visits == agent.iterations

    def walk(a: Any, b: _Node) -> int:
        assert list(a.children) == list(b.children)  # the same moves, added in the same order
        seen = 1
        for move, child in a.children.items():
            other = b.children[move]
            assert (child.mover, child.visits, child.avail, child.total) == (
                other.mover,
                other.visits,
                other.avail,
                other.total,
            )
            seen += walk(child, other)
        return seen

    assert walk(got, expected) > len(got.children) + 1  # deeper than the root's children


@pytest.mark.parametrize(("pile", "depth"), [(9, 0), (9, 20), (14, 4)])
def test_the_search_grows_the_reference_tree_in_nim(pile: int, depth: int) -> None:
    state = nim.GAME.new_game(nim.Options(pile=pile), 0)
    _same_search(ISMCTSAgent(seed=pile, iterations=300, rollout_depth=depth), nim.GAME, state)


def _unmix64(z: int) -> int:
    """The input whose SplitMix64 mix is ``z`` (each step of the mix is invertible)."""

    def unshift(y: int, k: int) -> int:  # x with x ^ (x >> k) == y
        x = y
        for _ in range(64 // k + 1):
            x = y ^ (x >> k)
        return x

    z = unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) % (1 << 64)
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) % (1 << 64)
    return unshift(z, 30)


@pytest.mark.parametrize(
    ("mix", "redrawn"),
    [(0, True), (pow(3, -1, 1 << 64), False)],
    ids=["rejected", "low-but-accepted"],
)
def test_draws_at_the_edge_of_lemires_method_are_the_reference_draws(
    mix: int, redrawn: bool
) -> None:
    # The first expansion (3 moves) draws from a state whose mix is ``mix``: a product
    # below 3, so Lemire's method compares it with its threshold (1) and draws again
    # for a product of 0, not for one of 1.
    state = _unmix64(mix)
    assert _mix64(state) == mix
    before = (state - 2 * GOLDEN_GAMMA) % (1 << 64)
    agent = ISMCTSAgent(iterations=50)
    agent._rng = Rng(before)
    drawn = bounded((before + GOLDEN_GAMMA) % (1 << 64), GOLDEN_GAMMA, 3)
    assert (drawn[1] != state) is redrawn
    _same_search(agent, nim.GAME, nim.GAME.new_game(nim.Options(pile=11), 0))


def test_each_iteration_asks_the_game_only_what_the_algorithm_needs() -> None:
    # Nim has no hidden information: the determinization is the observation itself.
    calls: dict[str, int] = {}
    asked: list[Any] = []  # the states of this iteration (kept alive, so told apart)

    def counted(name: str, f: Any) -> Any:
        def g(*args: Any) -> Any:
            calls[name] = calls.get(name, 0) + 1
            if name == "determinize":
                asked.clear()
            if name == "legal_moves":
                assert all(a is not args[0] for a in asked), "one state's moves asked twice"
                asked.append(args[0])
            return f(*args)

        return g

    names = ("determinize", "legal_moves", "apply", "current_player")
    game = attrs.evolve(nim.GAME, **{n: counted(n, getattr(nim.GAME, n)) for n in names})
    agent = ISMCTSAgent(seed=3, iterations=200, rollout_depth=2)
    state = nim.GAME.new_game(nim.Options(pile=7), 0)
    root = agent._search(game, state)

    def size(node: Any) -> int:
        return sum(1 + size(c) for c in node.children.values())

    assert calls["determinize"] == 200
    assert calls["current_player"] == size(root)  # once per node added
    assert calls["apply"] <= calls["legal_moves"]  # a move is applied from a list just asked


@pytest.mark.parametrize(
    ("game", "players"),
    [(KASHGAR, 2), (KASHGAR, 4), (SERICA, 2), (DUNHUANG, 1), (DUNHUANG, 3)],
    ids=["kashgar-2", "kashgar-4", "serica", "dunhuang-1", "dunhuang-3"],
)
def test_the_search_grows_the_reference_tree_in_every_title(game: AnyGame, players: int) -> None:
    options = game.default_options(players)
    for k, state in enumerate(positions(game, options, 2, seed=40)):
        observation = game.observe(state, to_act(game, state))
        _same_search(ISMCTSAgent(seed=k, iterations=40), game, observation)
