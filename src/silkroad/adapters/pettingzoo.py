"""Every silkroad title as a PettingZoo AEC environment.

::

    from silkroad.adapters.pettingzoo import env
    e = env("kashgar", players=3, render_mode="ansi")
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(
            observation["action_mask"])
        e.step(action)

* Agents are ``player_0`` ... ``player_{n-1}``; ``agent_selection`` is whoever decides
  now (which may be another player than the one whose turn it is, e.g. an opponent
  answering a Herder in Kashgar).
* Each observation is a dict: ``"observation"``, the title's ``observation_tensor`` of
  that agent's ``observe`` (``float32``, in [0, 1] for a title that defines its tensor; the
  feature hash of :mod:`silkroad.core.features` for one that does not), and
  ``"action_mask"`` (``int8``, 1 for each legal action id of the agent to act, all zeros
  for the others).
* Action spaces are ``Discrete(num_actions)``: the title's integer action encoding.
* Rewards come at the end, from the final scores (``utility="vp"``: victory points;
  ``"win"``: 1 per winner), as :func:`silkroad.adapters.returns_from_scores` maps them.
* A game the rules end sets ``terminations``; a game the title's game-length safeguard
  stops (no winner, ``Outcome.TRUNCATED``) sets ``truncations`` instead.
* ``reset(seed=S)`` starts the game ``new_game(options, S)``; without a seed, the next
  seed, any of the engine's 2**64, comes from a generator seeded by the last seed given
  (so a seeded run is reproducible), or from the operating system's entropy when no seed
  was ever given (as Gymnasium's ``np_random``), so unseeded environments deal different
  games.
  ``render_mode="human"`` makes ``render()`` print the title's ``render`` text,
  ``"ansi"`` return it.
* :func:`env` wraps the environment in PettingZoo's ``OrderEnforcingWrapper``, so a call
  out of order (``step`` before ``reset``, say) gets PettingZoo's own error;
  :func:`raw_env` is the bare :class:`SilkroadEnv`.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from silkroad.adapters import UTILITIES, decode_action, returns_from_scores
from silkroad.core.game import AnyGame, Outcome
from silkroad.core.rng import Rng

__all__ = ["RENDER_MODES", "SilkroadEnv", "env", "raw_env"]

#: ``"human"`` prints the table, ``"ansi"`` returns it as text.
RENDER_MODES = ("human", "ansi")


class SilkroadEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment for one silkroad title and its options."""

    # PettingZoo reads metadata from the class; each instance names its own title.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "silkroad_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: AnyGame,
        options: Any = None,
        *,
        render_mode: str | None = None,
        utility: str = "vp",
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        if utility not in UTILITIES:
            raise ValueError(f"utility must be one of {UTILITIES}, got {utility!r}")
        self.game = game
        self.options = options if options is not None else game.default_options()
        self.render_mode = render_mode
        self.utility = utility
        self.layout = game.observation_layout(self.options)
        self.metadata = {**type(self).metadata, "name": f"silkroad_{game.spec.name}_v0"}
        players = game.num_players(game.new_game(self.options, 0))
        self.possible_agents = [f"player_{i}" for i in range(players)]
        n_actions = game.num_actions(self.options)
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=self.layout.low,
                        high=self.layout.high,
                        shape=self.layout.shape,
                        dtype=np.float32,
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._seeds: Rng | None = None
        self.state_: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``options`` (PettingZoo's reset options) are not used: the
        game's options are given when the environment is made."""
        if seed is not None:
            self._seeds = Rng.from_seed(seed)
            game_seed = seed
        else:
            if self._seeds is None:
                self._seeds = Rng.from_seed(secrets.randbits(64))
            game_seed, self._seeds = self._seeds.next_u64()
        self.state_ = self.game.new_game(self.options, game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        player = self.game.current_player(self.state_)
        if player is not None:
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        player = self.possible_agents.index(agent)
        vector = self.game.observation_tensor(self.game.observe(self.state_, player))
        mask = np.zeros(self.game.num_actions(self.options), dtype=np.int8)
        if agent == self.agent_selection and not self.game.is_over(self.state_):
            mask[np.fromiter(self.game.action_mask(self.state_), dtype=bool)] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: step() needs an action id")
        game = self.game
        move = decode_action(game, self.state_, int(action))  # InvalidMoveError, with why
        self.state_ = game.apply(self.state_, move)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if game.is_over(self.state_):
            returns = returns_from_scores(
                game.scores(self.state_), game.winners(self.state_), self.utility
            )
            self.rewards = {a: returns[i] for i, a in enumerate(self.possible_agents)}
            if game.outcome(self.state_) is Outcome.TRUNCATED:
                # stopped by the game-length safeguard, not by the rules: no winner
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = str(self.game.render(self.state_))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    game: str | AnyGame,
    *,
    players: int | None = None,
    options: Any = None,
    render_mode: str | None = None,
    utility: str = "vp",
) -> SilkroadEnv:
    """The bare AEC environment for a title given by name or as a ``Game``.

    ``options`` (the title's ``Options``) wins over ``players``.
    """
    if isinstance(game, str):
        from silkroad.core.registry import get_game

        game = get_game(game)
    if options is None:
        options = game.default_options(players)
    return SilkroadEnv(game, options, render_mode=render_mode, utility=utility)


def env(
    game: str | AnyGame,
    *,
    players: int | None = None,
    options: Any = None,
    render_mode: str | None = None,
    utility: str = "vp",
) -> OrderEnforcingWrapper:
    """:func:`raw_env` in PettingZoo's ``OrderEnforcingWrapper`` (the usual way to make a
    PettingZoo environment)."""
    return OrderEnforcingWrapper(
        raw_env(game, players=players, options=options, render_mode=render_mode, utility=utility)
    )
