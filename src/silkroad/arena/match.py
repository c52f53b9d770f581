"""Playing whole games between agents: the loop behind ``silkroad play``, ``simulate``
and ``bench``."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from silkroad.agents import Agent, make_agent
from silkroad.core.errors import RulesError
from silkroad.core.game import AnyGame
from silkroad.core.replay import Record, Result
from silkroad.core.rng import Rng

__all__ = ["PlayedGame", "agent_name", "agent_seeds", "play_game"]


@attrs.frozen
class PlayedGame:
    """A game played to its end: its record (with result), final state and number of
    decisions. The result says whether the rules ended it or a safeguard truncated it.

    ``decisions_by_seat`` and ``seconds_by_seat`` count each seat's decisions and the time
    its agent took to choose them (time is measured, so it is left out of equality).
    """

    record: Record
    state: Any
    decisions: int
    decisions_by_seat: tuple[int, ...] = ()
    seconds_by_seat: tuple[float, ...] = attrs.field(default=(), eq=False)
    #: the player who took the first decision (None for a game over at setup)
    first: int | None = None

    @property
    def result(self) -> Result:
        assert self.record.result is not None
        return self.record.result


def agent_name(agent: Agent | str) -> str:
    """How a record names the agent of a seat: its spec, or for an agent object its
    ``name`` attribute (else its class name)."""
    if isinstance(agent, str):
        return agent
    return str(getattr(agent, "name", type(agent).__name__))


def agent_seeds(seed: int, seats: int) -> list[int]:
    """One seed per seat, derived from the game seed with independent RNG streams."""
    rng = Rng.from_seed(seed ^ 0xA6E27)
    seeds = []
    for _ in range(seats):
        child, rng = rng.split()
        value, _ = child.next_u64()
        seeds.append(value)
    return seeds


def play_game(
    game: AnyGame,
    options: Any,
    seed: int,
    agents: Sequence[Agent | str],
    *,
    on_move: Callable[[int, int, Any, Any], None] | None = None,
    max_decisions: int | None = None,
    position: str | None = None,
    moves: Sequence[Any] = (),
) -> PlayedGame:
    """Play a game to its end; ``agents[i]`` plays seat ``i`` (a name makes a new agent).

    The game starts from the seeded setup of ``options``, or from ``position`` (the
    title's position text, read with ``options``; the record keeps it), then ``moves``
    already made are played (a resumed game: they are part of the record, not told to
    ``on_move``). ``on_move(number, player, move, state_before)`` is called after every
    decision the agents make, with the state the move was played in.

    :raises RulesError: if the game does not end within ``max_decisions`` (default: the
        game's ``max_game_length``) or an agent returns an illegal move.
    """
    state = (
        game.new_game(options, seed) if position is None else game.from_position(position, options)
    )
    first = game.current_player(state)
    made: list[Any] = []
    for move in moves:
        state = game.apply(state, move)
        made.append(move)
    seats = game.num_players(state)
    if len(agents) != seats:
        raise ValueError(
            f"{game.spec.name} with these options has {seats} seats, got {len(agents)} agents"
        )
    seeds = agent_seeds(seed, seats)
    players = [
        make_agent(a, s) if isinstance(a, str) else a for a, s in zip(agents, seeds, strict=True)
    ]
    limit = max_decisions if max_decisions is not None else game.max_game_length(options)
    counts = [0] * seats
    seconds = [0.0] * seats
    while not game.is_over(state):
        if len(made) >= limit:
            raise RulesError(f"{game.spec.name} seed {seed} did not end within {limit} decisions")
        player = game.current_player(state)
        assert player is not None
        legal = game.legal_moves(state)
        observation = game.observe(state, player)
        start = time.perf_counter()
        move = players[player].choose(game, observation, legal)
        seconds[player] += time.perf_counter() - start
        counts[player] += 1
        before, state = state, game.apply(state, move)
        made.append(move)
        if on_move is not None:
            on_move(len(made), player, move, before)
    names = tuple(agent_name(a) for a in agents)
    record = Record(
        game.spec.name,
        options,
        seed,
        tuple(made),
        Result.of(game, state),
        names,
        rules_version=game.spec.rules_version,
        position=position,
    )
    return PlayedGame(record, state, len(made), tuple(counts), tuple(seconds), first)
