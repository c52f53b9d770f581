"""Every output meant for one seat is a function of what that seat may see, in every title
and every adapter: observations, tensors, the OpenSpiel observation and information-state
strings and tensors, PettingZoo observations and infos, Gymnasium observations and infos,
the table text, the picture, card texts and the words for moves.

A cheat's two attacks are tried on each: two states that differ only in what the seat
cannot see (a state dealt from the seat's observation: other hands, deck orders and the
generator redealt; and the same state with only its generator changed) must give the
seat byte-identical outputs, and no output may hold the generator's state, from which
every later shuffle and draw follows."""

from __future__ import annotations

import json
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest

import silkroad
from silkroad.adapters.gymnasium import SilkroadGymEnv
from silkroad.adapters.openspiel import _Inner, _Trail, observation_text, short_name
from silkroad.adapters.pettingzoo import raw_env
from silkroad.core.rng import Rng
from silkroad.core.serialize import dumps

#: (title, players, states kept, decisions between them)
TITLES = [("kashgar", 3, 6, 9), ("serica", 2, 6, 37), ("dunhuang", 3, 6, 23)]


def positions(name: str, players: int, count: int, every: int) -> list[Any]:
    game = silkroad.get_game(name)
    found = []
    for seed in (1, 2):
        state = game.new_game(game.default_options(players), seed)
        rng = Rng.from_seed(seed)
        step = 0
        while not game.is_over(state) and len(found) < count * seed:
            if step % every == 3:
                found.append(state)
            moves = game.legal_moves(state)
            i, rng = rng.randrange(len(moves))
            state = game.apply(state, moves[i])
            step += 1
    return found


def library_outputs(game: Any, state: Any, p: int) -> dict[str, Any]:
    """What the library gives seat ``p`` of ``state``."""
    obs = game.observe(state, p)
    out: dict[str, Any] = {
        "observe (JSON)": dumps(obs, game),
        "observation tensor": game.observation_tensor(obs).tobytes(),
        "known facts": [f.text for f in game.known_facts(obs)],
        "picture": game.svg(state, p),
        "card texts": json.dumps(game.card_texts(state, p), sort_keys=True),
        "OpenSpiel observation text": observation_text(game, obs),
    }
    if game.current_player(state) == p:
        moves = game.legal_moves(state)
        out["render"] = game.render(state)
        out["legal moves"] = [game.format_move(m) for m in moves]
        out["moves in words"] = [game.describe_move(state, m, p) for m in moves]
        out["action mask"] = game.action_mask(state)
    return out


def openspiel_outputs(game: Any, state: Any, p: int) -> dict[str, Any]:
    """What an OpenSpiel state holding ``state`` gives player ``p``."""
    n = game.num_players(state)
    pygame = pyspiel.load_game(short_name(game), {"players": n, "seed": 0})
    ps = pygame.new_initial_state()
    ps.apply_action(0)  # the deal; then the silkroad state of the test takes its place
    ps.cur = _Inner(game, state)
    ps.trail = _Trail(game, state, None)
    return {
        "observation_string": ps.observation_string(p),
        "information_state_string": ps.information_state_string(p),
        "observation_tensor": np.asarray(ps.observation_tensor(p)).tobytes(),
        "information_state_tensor": np.asarray(ps.information_state_tensor(p)).tobytes(),
    }


def pettingzoo_outputs(game: Any, state: Any, p: int) -> dict[str, Any]:
    env = raw_env(game, options=state.options)
    env.reset(seed=0)
    env.state_ = state
    env._select()
    agent = env.possible_agents[p]
    seen = env.observe(agent)
    return {
        "observation": seen["observation"].tobytes(),
        "action_mask": seen["action_mask"].tobytes(),
        "infos": repr(env.infos[agent]),
    }


def gymnasium_outputs(game: Any, state: Any, p: int) -> dict[str, Any]:
    """The learning seat's observation and info (only at its own decisions)."""
    if game.current_player(state) != p:
        return {}
    env = SilkroadGymEnv(game, options=state.options, seat=p)
    env.reset(seed=0)
    env.state = state
    info = env._info()
    return {
        "observation": env._observation().tobytes(),
        "info": repr({k: v.tobytes() if hasattr(v, "tobytes") else v for k, v in info.items()}),
    }


OUTPUTS = {
    "library": library_outputs,
    "OpenSpiel": openspiel_outputs,
    "PettingZoo": pettingzoo_outputs,
    "Gymnasium": gymnasium_outputs,
}


def texts(outputs: dict[str, Any]) -> list[str]:
    """Every output as text, for the search of a generator's state."""
    out = []
    for value in outputs.values():
        if isinstance(value, bytes):
            continue
        out.append(value if isinstance(value, str) else json.dumps(value, default=str))
    return out


def check_seat_outputs(game: Any, states: list[Any], route: str) -> int:
    """Every seat's outputs of ``route`` for ``states`` against the states' twins that
    differ only in what the seat cannot see; how many twins had another generator."""
    outputs = OUTPUTS[route]
    redealt = 0
    for n, state in enumerate(states):
        for p in range(game.num_players(state)):
            seen = outputs(game, state, p)
            new_generator = attrs.evolve(state, rng=Rng.from_seed(977 + n))
            twins = [new_generator, *(game.determinize(game.observe(state, p), k) for k in (3, 4))]
            for twin in twins:
                assert twin != state
                redealt += twin.rng != state.rng
                other = outputs(game, twin, p)
                for key, value in seen.items():
                    assert other[key] == value, f"{route} {key} of seat {p} tells a hidden part"
            # the generator's state is nowhere in the output: the later draws stay unknown
            for text in texts(seen):
                assert str(state.rng.seed) not in text, f"{route} holds the generator of seat {p}"
    return redealt


@pytest.mark.parametrize(("name", "players", "count", "every"), TITLES)
@pytest.mark.parametrize("route", sorted(OUTPUTS))
def test_seat_outputs_are_the_same_whatever_the_seat_cannot_see(
    name: str, players: int, count: int, every: int, route: str
) -> None:
    game = silkroad.get_game(name)
    assert check_seat_outputs(game, positions(name, players, count, every), route)


@pytest.mark.parametrize(
    ("leak", "caught"),
    [
        ("svg", "library picture"),
        ("describe_move", "library moves in words"),
        ("card_texts", "library card texts"),
    ],
)
def test_the_check_catches_an_output_that_tells_a_hidden_part(leak: str, caught: str) -> None:
    """Serica with one output made to leak: the top of the Crossroads draw pile in the
    picture or in the words for a move, or the generator among the card texts."""
    from silkroad.serica import GAME, svg
    from silkroad.serica.describe import card_texts, describe_move

    def picture(state: Any, player: int | None = None) -> str:
        return svg(state, player) + f"<!-- {state.cross_pile[:1]} -->"

    def describer(state: Any, move: Any, viewer: int | None = None) -> str:
        return f"{describe_move(state, move, viewer)} ({state.cross_pile[:1]})"

    def card_lister(state: Any, player: int) -> dict[str, str]:
        return {**card_texts(state, player), "generator": str(state.rng.seed)}

    parts = {"svg": picture, "describe_move": describer, "card_texts": card_lister}
    game = GAME.replace(**{leak: parts[leak]})
    states = positions("serica", 2, 2, 37)
    with pytest.raises(AssertionError, match=caught):
        check_seat_outputs(game, states, "library")
