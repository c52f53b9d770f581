"""Every silkroad title as a single-agent Gymnasium environment: one seat learns, the
other seats are played by silkroad agents.

Importing this module registers ``silkroad/<Title>-v0`` for every built-in title
(``silkroad/Kashgar-v0``, ``silkroad/Serica-v0``, ``silkroad/Dunhuang-v0``)::

    import gymnasium
    import silkroad.adapters.gymnasium  # registers the ids (see below for the alternative)

    env = gymnasium.make("silkroad/Kashgar-v0", players=2, seat=0, opponents="random")
    observation, info = env.reset(seed=7)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

* ``SilkroadGymEnv(game, ...)`` takes the game first (a name of ``silkroad.GAMES`` or a
  ``Game``); a call without one plays :data:`OLD_DEFAULT_GAME` with a
  ``DeprecationWarning``, for one version.
* Observations are the title's ``observation_tensor`` of the learning seat (``Box(0, 1)``;
  unbounded for a game that falls back to the feature hash); actions are
  ``Discrete(num_actions)``, the title's action ids; ``info["action_mask"]`` (``int8``) marks
  the legal ones.
* ``opponents``: an agent spec as the command takes it (``"random"``, ``"greedy"``,
  ``"ismcts:iterations=200"``, ``"pkg.mod:MyAgent"``...) for every other seat, a list of
  specs (one per other seat, in seat order), or agent objects. Spec agents are made anew
  at each reset, seeded from the environment's RNG, so a seeded reset replays exactly.
* Rewards: at the end of the game, ``utility="win"`` (default) pays 1 if the seat is among
  the winners and 0 otherwise; ``"vp"`` pays the seat's final victory points. With
  ``shaping=c > 0`` every step also pays ``c`` times the points the seat gained since its
  previous decision (a reward shaped by VP).
* A game the rules end is ``terminated``; a game stopped by the title's game-length
  safeguard (``Outcome.TRUNCATED``, no winner) is ``truncated``.
* An action that is not legal now ends the episode (``terminated``) with reward
  ``illegal_reward`` (default -1), ``info["illegal"] = True`` and ``info["reason"]`` (why
  it is refused, as the seat may know it: :func:`silkroad.adapters.action_reason`), as
  masked environments do (Gymnasium's checker steps with unmasked random actions);
  ``illegal="raise"`` raises an ``InvalidMoveError`` that leads with the reason instead
  (``.reason``).
* ``render_mode="human"`` prints the title's ``render`` text, ``"ansi"`` returns it.

The distribution also declares the ``gymnasium.envs`` entry point (Gymnasium's plugin hook
before 1.0, which loads :func:`register_envs` by itself); Gymnasium 1.0 dropped plugin
loading, so there the import above (or the ``module:id`` form) registers the ids.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from silkroad.adapters import UTILITIES, action_reason, decode_action, returns_from_scores
from silkroad.agents import make_agent
from silkroad.core.game import AnyGame, Outcome
from silkroad.core.registry import get_game

__all__ = [
    "ILLEGAL",
    "OLD_DEFAULT_GAME",
    "SilkroadGymEnv",
    "env_id",
    "register",
    "register_all",
    "register_envs",
]

#: The game of a ``SilkroadGymEnv()`` that names none, kept for one version with a
#: :class:`DeprecationWarning`: the caller names the game.
OLD_DEFAULT_GAME = "kashgar"

#: What an illegal action does: end the episode with a penalty, or raise.
ILLEGAL = ("lose", "raise")
_RENDER_MODES = ("human", "ansi")


def env_id(game: AnyGame) -> str:
    """The Gymnasium id of a title: ``silkroad/<Title>-v0`` (``kashgar`` gives
    ``silkroad/Kashgar-v0``, ``my-game`` gives ``silkroad/MyGame-v0``)."""
    name = "".join(part.capitalize() for part in game.spec.name.replace("_", "-").split("-"))
    return f"silkroad/{name}-v0"


class SilkroadGymEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a silkroad title; the other seats are played by agents."""

    metadata: dict[str, Any] = {"render_modes": list(_RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str | AnyGame | None = None,
        *,
        players: int | None = None,
        options: Any = None,
        seat: int = 0,
        opponents: str | Sequence[Any] | Any = "random",
        utility: str = "win",
        shaping: float = 0.0,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if game is None:
            warnings.warn(
                "SilkroadGymEnv() without a game is deprecated: name the game "
                f"(SilkroadGymEnv({OLD_DEFAULT_GAME!r}, ...), or a Game object); the "
                f"default {OLD_DEFAULT_GAME!r} goes in the next version",
                DeprecationWarning,
                stacklevel=2,
            )
            game = OLD_DEFAULT_GAME
        if isinstance(game, str):
            game = get_game(game)
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        if utility not in UTILITIES:
            raise ValueError(f"utility must be one of {UTILITIES}, got {utility!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, got {illegal!r}")
        if shaping < 0:
            raise ValueError(f"shaping must be >= 0, got {shaping!r}")
        self.game = game
        self.options = options if options is not None else game.default_options(players)
        n = game.num_players(game.new_game(self.options, 0))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a player of this {n}-player game, got {seat!r}")
        self.seat = seat
        self.players = n
        self._opponents = self._opponent_specs(opponents, n)
        for spec in self._opponents:
            if isinstance(spec, str):
                make_agent(spec, 0)  # a bad spec fails here, with the agent's message
        self.utility = utility
        self.shaping = float(shaping)
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.layout = game.observation_layout(self.options)
        self.n_actions = game.num_actions(self.options)
        self.observation_space = spaces.Box(
            low=self.layout.low, high=self.layout.high, shape=self.layout.shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.n_actions)
        self.state: Any = None
        self._agents: dict[int, Any] = {}
        self._points = 0

    @staticmethod
    def _opponent_specs(opponents: Any, n: int) -> list[Any]:
        if isinstance(opponents, str) or callable(getattr(opponents, "choose", None)):
            return [opponents] * (n - 1)
        specs = list(opponents)
        if len(specs) != n - 1:
            raise ValueError(
                f"opponents: give one agent for every other seat ({n - 1}), got {len(specs)}"
            )
        return specs

    # ----------------------------------------------------------------------- the loop

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game; Gymnasium's reset ``options`` are not used (the title's
        options are given when the environment is made)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**32))
        others = [q for q in range(self.players) if q != self.seat]
        self._agents = {}
        for q, spec in zip(others, self._opponents, strict=True):
            agent_seed = int(self.np_random.integers(0, 2**32))
            self._agents[q] = make_agent(spec, agent_seed) if isinstance(spec, str) else spec
        self.state = self.game.new_game(self.options, game_seed)
        self._play_others()
        self._points = self._score()
        return self._observation(), self._info()

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        game = self.game
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if game.is_over(self.state):
            raise RuntimeError("the game is over: call reset() to start a new one")
        mask = game.action_mask(self.state)
        index = int(action)
        if not 0 <= index < self.n_actions or not mask[index]:
            if self.illegal == "raise":
                decode_action(game, self.state, index)  # raises InvalidMoveError, with why
            info = self._info()
            info["illegal"] = True
            info["reason"] = str(action_reason(game, self.state, index))
            return self._observation(), self.illegal_reward, True, False, info
        self.state = game.apply(self.state, game.decode_move(self.state, index))
        self._play_others()
        points = self._score()
        reward = self.shaping * (points - self._points)
        self._points = points
        terminated = truncated = False
        if game.is_over(self.state):
            returns = returns_from_scores(
                game.scores(self.state), game.winners(self.state), self.utility
            )
            reward += returns[self.seat]
            if game.outcome(self.state) is Outcome.TRUNCATED:
                truncated = True
            else:
                terminated = True
        return self._observation(), float(reward), terminated, truncated, self._info()

    def _play_others(self) -> None:
        """Let the agents of the other seats decide until the learning seat is to act or
        the game is over."""
        game = self.game
        while not game.is_over(self.state):
            player = game.current_player(self.state)
            if player == self.seat or player is None:
                return
            agent = self._agents[player]
            move = agent.choose(
                game, game.observe(self.state, player), game.legal_moves(self.state)
            )
            self.state = game.apply(self.state, move)

    def _score(self) -> int:
        return int(self.game.scores(self.state)[self.seat])

    def _observation(self) -> npt.NDArray[np.float32]:
        return self.game.observation_tensor(self.game.observe(self.state, self.seat))

    def _info(self) -> dict[str, Any]:
        game = self.game
        mask = np.zeros(self.n_actions, dtype=np.int8)
        info: dict[str, Any] = {"action_mask": mask}
        if game.is_over(self.state):
            info["outcome"] = game.outcome(self.state).value
            info["scores"] = tuple(game.scores(self.state))
            info["winners"] = tuple(game.winners(self.state))
        else:
            mask[np.fromiter(game.action_mask(self.state), dtype=bool)] = 1
        return info

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = str(self.game.render(self.state))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def register(game: AnyGame) -> str:
    """Register one title with Gymnasium (once); returns its id."""
    gid = env_id(game)
    if gid not in gymnasium.registry:
        gymnasium.register(
            id=gid,
            entry_point="silkroad.adapters.gymnasium:SilkroadGymEnv",
            kwargs={"game": game.spec.name},
        )
    return gid


def register_envs() -> list[str]:
    """Register the built-in titles that are installed (done on import of this module;
    also Gymnasium's ``gymnasium.envs`` entry point before 1.0)."""
    from silkroad.core.registry import BUILTIN_TITLES, load_reference

    ids = []
    for reference in BUILTIN_TITLES:
        try:
            game = load_reference(reference)
        except ImportError:  # pragma: no cover - a title package left out of the install
            continue
        ids.append(register(game))
    return ids


def register_all() -> list[str]:
    """Register every game of :data:`silkroad.GAMES` (plugins too); returns their ids."""
    from silkroad.core.registry import GAMES

    return [register(GAMES[name]) for name in GAMES]


register_envs()
