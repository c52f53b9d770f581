"""Every silkroad title as an OpenSpiel (pyspiel) Python game.

Importing this module registers the built-in titles as ``silkroad_<name>``
(``silkroad_kashgar``, ...); ``register_all()`` also registers every other game of
:data:`silkroad.GAMES` (plugins), and ``register(game)`` one game::

    import pyspiel
    import silkroad.adapters.openspiel
    game = pyspiel.load_game("silkroad_kashgar", {"players": 3})

Game parameters (all optional):

* ``players`` (int): the player count (default: the title's default options);
* ``options`` (str): the ``Options`` fields to change (the variants: co-op, packs,
  expansions), made by :func:`options_parameter`, e.g.
  ``options_parameter(expansion=["herder", "herder"], round_limit=10)``;
* ``seed`` (int, default -1): with -1 the game starts with :data:`SEED_BYTES` chance
  nodes, each drawing one byte of the game's 64-bit seed uniformly among
  :data:`SEED_OUTCOMES` values, so a deal is drawn from the engine's whole seed space;
  with a seed >= 0 there is one chance node with this single outcome (a fixed deal);
* ``utility`` (str, ``"vp"`` or ``"win"``): the reward mapping of
  :func:`silkroad.adapters.returns_from_scores`: final victory points (general-sum,
  bounded by the title's ``score_bounds``), or 1 for each winner and 0 for the others.

Chance: a silkroad game draws everything random (shuffles, draws) inside ``apply`` from
the RNG carried in its state, which a seed fully determines. So the OpenSpiel game is
*explicit stochastic* with the chance nodes at the start drawing that seed, a byte at a
time (eight nodes of 256 outcomes: every seed from 0 to 2**64 - 1 equally likely, with
outcome lists short enough for the algorithms that enumerate them); after them, play is
a deterministic function of the actions. (A sampled-stochastic Python game cannot be
serialized by pyspiel, which would need a game-level RNG state that Python games cannot
provide.) A title whose spec says ``Chance.DETERMINISTIC`` has no chance node:
it starts at ``new_game(options, seed)`` (seed 0 unless given). pyspiel serializes a Python
state by pickling its attributes: the silkroad state inside pickles as the project's JSON
document.

Truncation: a game stopped by the title's game-length safeguard (not a rule) is terminal
with no winner; ``state.is_truncated()`` tells it from a game the rules ended.

Information: ``observation_tensor`` is the title's ``observation_tensor`` (its layout's
segments are the observer's named views, ``observation_shape`` its size);
``observation_string`` lists the observation's fields, one ``name: value`` line each
(values in compact JSON), cards and tiles named as the table names them (the title's
``observation_words``: Kashgar's and Serica's data keys, ``key#n`` for one of several
copies, Dunhuang's ``t401`` tiles and characters by printed name). The information state
adds the player's own past: its string starts with a digest of every observation the player
has had (perfect recall) and the player's moves so far; its tensor is the observation
tensor followed by, for every action id, ``n / (n + 1)`` where ``n`` is how often the
player took it (a summary of the own action history, not of its order). Actions are the
title's integer action ids.

Resampling: ``state.resample_from_infostate(player, sampler)`` is the title's
``determinize`` of the player's observation, seeded from the sampler's draws, so
OpenSpiel's ``ISMCTSBot`` searches the worlds the player cannot tell apart. The sample
keeps the player's information state (the same string); the other players' own-move
records and history digests are not carried over (they would come from the real game).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
from typing import Any

import attrs
import numpy as np
import pyspiel
from pyrsistent import pvector
from pyrsistent.typing import PVector

from silkroad.adapters import UTILITIES, decode_action, returns_from_scores
from silkroad.core.errors import DataError
from silkroad.core.game import AnyGame, Chance, Outcome, observation_words
from silkroad.core.serialize import dumps, from_data, loads, to_data
from silkroad.core.tensor import Layout

__all__ = [
    "SEED_BYTES",
    "SEED_OUTCOMES",
    "VP_BOUND",
    "game_type",
    "observation_text",
    "options_parameter",
    "register",
    "register_all",
    "short_name",
]

#: How many chance nodes draw a game's seed (when no ``seed`` parameter): one per byte.
SEED_BYTES = 8
#: How many outcomes each of those chance nodes has: the 256 values of a byte.
SEED_OUTCOMES = 256
#: Utility bounds under ``utility="vp"`` for a game whose ``score_bounds`` is None.
VP_BOUND = 1000.0

_REGISTERED: dict[str, AnyGame] = {}
#: The registered titles by their silkroad name.
_TITLES: dict[str, AnyGame] = {}


@attrs.frozen
class _Config:
    """A pyspiel game's parameters read into silkroad terms (pyspiel may rebuild game
    objects without running ``__init__``, so states look this up from the parameters)."""

    title: AnyGame
    options: Any
    players: int
    fixed_seed: int
    utility: str
    key: tuple[str, str]
    layout: Layout = attrs.field(eq=False)
    actions: int = attrs.field(eq=False)

    @property
    def deterministic(self) -> bool:
        """The title has no chance at all: no chance node."""
        return self.title.spec.chance is Chance.DETERMINISTIC

    @property
    def utility_bounds(self) -> tuple[float, float]:
        """The least and most return of a player."""
        if self.utility == "win":
            return (0.0, 1.0)
        bounds = self.title.score_bounds(self.options)
        if bounds is None:
            return (-VP_BOUND, VP_BOUND)
        return (float(bounds[0]), float(bounds[1]))

    @classmethod
    def of(cls, title: AnyGame, params: dict[str, Any]) -> _Config:
        key = (title.spec.name, json.dumps(params, sort_keys=True, default=str))
        cached = _CONFIGS.get(key)
        if cached is not None:
            return cached
        players = int(params["players"])
        utility = str(params["utility"])
        if utility not in UTILITIES:
            raise ValueError(f"utility must be one of {UTILITIES}, got {utility!r}")
        options = _options(title, players, str(params["options"]))
        config = cls(
            title,
            options,
            players,
            int(params["seed"]),
            utility,
            key,
            title.observation_layout(options),
            title.num_actions(options),
        )
        _CONFIGS[key] = config
        return config

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        # pyspiel pickles a Python state's attributes: a config travels as its key.
        return (_config_from_key, self.key)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self  # immutable: a clone shares it


def _config_from_key(name: str, params: str) -> _Config:
    return _Config.of(_TITLES[name], json.loads(params))


class _Inner:
    """A silkroad state inside a pyspiel state; it pickles as the project's JSON."""

    __slots__ = ("state", "title")

    def __init__(self, title: AnyGame, state: Any) -> None:
        self.title, self.state = title, state

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_inner_from_json, (self.title.spec.name, dumps(self.state, self.title)))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return self  # immutable: a clone shares it


def _inner_from_json(name: str, text: str) -> _Inner:
    title = _TITLES[name]
    return _Inner(title, loads(text, title.state_type, title))


class _Trail:
    """The states a game went through, newest first, as a shared linked list.

    Perfect-recall information states need a digest of every observation a player has
    had. Computing it at every move would tax play (and search) for something only some
    algorithms ask for, so the trail keeps the states and the digests are computed on
    demand and remembered on each node. Clones share the trail; a pickled trail keeps only
    its digests.
    """

    __slots__ = ("digests", "inner", "parent", "title")

    def __init__(
        self,
        title: AnyGame | None,
        inner: Any,
        parent: _Trail | None,
        digests: tuple[str, ...] | None = None,
    ) -> None:
        self.title, self.inner, self.parent, self.digests = title, inner, parent, digests

    def digest(self, player: int) -> str:
        pending: list[_Trail] = []
        node: _Trail | None = self
        while node is not None and node.digests is None:
            pending.append(node)
            node = node.parent
        previous = node.digests if node is not None else None
        for step in reversed(pending):
            assert step.title is not None
            n = step.title.num_players(step.inner)
            before = previous or ("",) * n
            step.digests = tuple(
                hashlib.sha256(
                    (before[p] + _observation_json(step.title, step.inner, p)).encode()
                ).hexdigest()[:32]
                for p in range(n)
            )
            step.parent = None  # remembered: the older states are no longer needed
            previous = step.digests
        assert self.digests is not None
        return self.digests[player]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        self.digest(0)
        return (_Trail, (None, None, None, self.digests))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Trail:
        return self


_CONFIGS: dict[tuple[str, str], _Config] = {}


def _config_of(pygame: Any) -> _Config:
    title = _REGISTERED[pygame.get_type().short_name]
    spec = pygame.get_type().parameter_specification
    return _Config.of(title, {**spec, **pygame.get_parameters()})


def short_name(game: AnyGame) -> str:
    """The OpenSpiel name of a title: ``silkroad_<name>`` (dashes become underscores)."""
    return "silkroad_" + game.spec.name.replace("-", "_")


def game_type(game: AnyGame) -> pyspiel.GameType:
    """The pyspiel GameType of a title."""
    spec = game.spec
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if spec.information.value == "perfect"
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    default_players = game.num_players(game.new_game(game.default_options(), 0))
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"silkroad {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC
        if spec.chance is Chance.DETERMINISTIC
        else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": default_players,
            "options": "{}",
            "seed": -1,
            "utility": "vp",
        },
    )


def options_parameter(**changes: Any) -> str:
    """The ``options`` game parameter for these Options changes.

    OpenSpiel writes game parameters as ``name(key=value,...)``, so a parameter value
    cannot hold commas or parentheses; JSON with several fields or a list would. The
    value is therefore the JSON object in URL-safe base64 (a plain JSON object without
    commas, such as ``{"round_limit":10}``, is accepted too).
    """
    text = json.dumps(changes, separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _options(game: AnyGame, players: int, text: str) -> Any:
    """The title's options for ``players`` with the JSON ``text`` applied."""
    spec = game.spec
    if players not in spec.allowed_players:
        raise ValueError(f"{spec.name} is for {spec.players_text()} players, not {players}")
    if not text.lstrip().startswith("{"):
        try:
            text = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
        except (ValueError, UnicodeDecodeError):
            raise ValueError("the 'options' parameter is neither JSON nor base64 JSON") from None
    try:
        changes = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"the 'options' parameter is not JSON: {exc}") from None
    if not isinstance(changes, dict):
        raise ValueError("the 'options' parameter must be a JSON object of Options fields")
    data = to_data(game.default_options(players))
    data.update(changes)
    try:
        return from_data(data, game.options_type)
    except DataError as exc:
        raise ValueError(f"bad 'options' parameter: {exc}") from None


def register(game: AnyGame) -> str:
    """Register one title with pyspiel (once); returns its short name."""
    name = short_name(game)
    if name in _REGISTERED:
        return name
    gtype = game_type(game)

    class SilkroadGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            full = {**gtype.parameter_specification, **(params or {})}
            config = _Config.of(game, full)
            low, high = config.utility_bounds
            chances = 1 if config.fixed_seed >= 0 else SEED_OUTCOMES  # per chance node
            info = pyspiel.GameInfo(
                num_distinct_actions=config.actions,
                max_chance_outcomes=0 if config.deterministic else chances,
                num_players=config.players,
                min_utility=low,
                max_utility=high,
                utility_sum=None,
                max_game_length=game.max_game_length(config.options),
            )
            super().__init__(gtype, info, params or {})

        def new_initial_state(self) -> SilkroadState:
            return SilkroadState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> SilkroadObserver:
            recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return SilkroadObserver(_config_of(self), recall)

    # pyspiel pickles games by class: make the class importable from this module.
    class_name = "".join(part.title() for part in name.split("_")) + "Game"
    SilkroadGame.__name__ = SilkroadGame.__qualname__ = class_name
    globals()[class_name] = SilkroadGame
    pyspiel.register_game(gtype, SilkroadGame)
    _REGISTERED[name] = game
    _TITLES[game.spec.name] = game
    return name


class _Own:
    """Each player's moves so far, as ``(action id, notation)`` pairs (immutable: pyspiel
    deep-copies a state's attributes on clone, and a copy may share this)."""

    __slots__ = ("moves",)

    def __init__(self, moves: tuple[PVector[tuple[int, str]], ...]) -> None:
        self.moves = moves

    def add(self, player: int, action: int, text: str) -> _Own:
        moves = self.moves
        return _Own((*moves[:player], moves[player].append((action, text)), *moves[player + 1 :]))

    def __getstate__(self) -> tuple[list[list[tuple[int, str]]]]:
        return ([list(m) for m in self.moves],)

    def __setstate__(self, data: tuple[list[list[tuple[int, str]]]]) -> None:
        self.moves = tuple(pvector((int(a), str(t)) for a, t in m) for m in data[0])

    def __deepcopy__(self, memo: dict[int, Any]) -> _Own:
        return self


class SilkroadState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping an immutable silkroad state (none before the deal).

    ``own.moves[p]`` holds player ``p``'s moves so far as ``(action id, notation)`` pairs.
    """

    def __init__(self, game: Any, cfg: _Config | None = None) -> None:
        super().__init__(game)
        # a clone passes its config on: reading it from the parameters costs more
        self.cfg = cfg if cfg is not None else _config_of(game)
        self.cur: _Inner | None = None
        self.trail: _Trail | None = None
        self.own = _Own((pvector(),) * self.cfg.players)
        #: The seed bytes drawn so far by the deal's chance nodes.
        self.deal: tuple[int, ...] = ()
        if cfg is None and self.cfg.deterministic:
            # no chance node: the game starts dealt
            self._start(max(self.cfg.fixed_seed, 0))

    @property
    def inner(self) -> Any:
        """The silkroad state (None before the deal)."""
        return None if self.cur is None else self.cur.state

    def __deepcopy__(self, memo: dict[int, Any]) -> SilkroadState:
        # pyspiel clones Python states with deepcopy; the silkroad state is immutable.
        twin = SilkroadState(self.get_game(), self.cfg)
        twin.cur = self.cur
        twin.trail = self.trail
        twin.own = self.own
        twin.deal = self.deal
        return twin

    def current_player(self) -> int:
        if self.cur is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = self.cfg.title.current_player(self.cur.state)
        return int(pyspiel.PlayerId.TERMINAL) if player is None else int(player)

    def _legal_actions(self, player: int) -> list[int]:
        title, inner = self.cfg.title, self.inner
        return sorted(title.encode_move(inner, m) for m in title.legal_moves(inner))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.cfg.fixed_seed >= 0:
            return [(self.cfg.fixed_seed, 1.0)]
        return list(_BYTE_OUTCOMES)

    def _start(self, seed: int) -> None:
        title = self.cfg.title
        self._advance(title.new_game(self.cfg.options, seed))

    def _advance(self, inner: Any) -> None:
        title = self.cfg.title
        self.cur = _Inner(title, inner)
        self.trail = _Trail(title, inner, self.trail)

    def _apply_action(self, action: int) -> None:
        if self.cur is None:
            if self.cfg.fixed_seed >= 0:
                self._start(int(action))
                return
            if not 0 <= int(action) < SEED_OUTCOMES:
                raise ValueError(f"a seed byte is 0 to {SEED_OUTCOMES - 1}, got {action}")
            self.deal = (*self.deal, int(action))
            if len(self.deal) == SEED_BYTES:
                self._start(int.from_bytes(bytes(self.deal), "big"))
            return
        title, inner = self.cfg.title, self.cur.state
        player = title.current_player(inner)
        move = decode_action(title, inner, int(action))  # InvalidMoveError, with why
        nxt = title.apply(inner, move)
        if player is not None:
            self.own = self.own.add(player, int(action), title.format_move(move))
        self._advance(nxt)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.cfg.fixed_seed >= 0:
                return f"seed {action}"
            return f"seed byte {len(self.deal) + 1} of {SEED_BYTES}: {action}"
        title = self.cfg.title
        try:
            return title.format_move(title.decode_move(self.inner, int(action)))
        except Exception:  # an action id that is not legal here still gets a name
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.cur is not None and bool(self.cfg.title.is_over(self.cur.state))

    def is_truncated(self) -> bool:
        """Whether the title's game-length safeguard, not its rules, ended the game.

        Such a state is terminal, but nobody won: under ``utility="win"`` every return is
        0; under ``"vp"`` the returns are the points reached.
        """
        return self.cur is not None and self.cfg.title.outcome(self.cur.state) is Outcome.TRUNCATED

    def returns(self) -> list[float]:
        title = self.cfg.title
        if not self.is_terminal():
            return [0.0] * self.cfg.players
        return returns_from_scores(
            title.scores(self.inner), title.winners(self.inner), self.cfg.utility
        )

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SilkroadState:
        """A state the player cannot tell from this one: the title's ``determinize`` of
        the player's observation, its seed made from four draws of
        ``probability_sampler`` (a function returning floats in [0, 1), as OpenSpiel's
        ``UniformProbabilitySampler``). The player's information state string is the
        same; the other players' records of their own moves start empty and their
        history digests are derived from the player's (never from the real game)."""
        return _resampled(self, int(player_id), probability_sampler)

    def __str__(self) -> str:
        if self.cur is None:
            return "(the deal: a seed is about to be drawn)"
        return str(self.cfg.title.render(self.cur.state))


#: The outcomes of a chance node of the deal: every byte value, equally likely.
_BYTE_OUTCOMES = tuple((byte, 1.0 / SEED_OUTCOMES) for byte in range(SEED_OUTCOMES))


def _seed_from(sampler: Any) -> int:
    """A 64-bit seed from four draws in [0, 1), 16 bits each."""
    seed = 0
    for _ in range(4):
        draw = float(sampler())
        seed = (seed << 16) | min(max(int(draw * 65536), 0), 65535)
    return seed


def _resampled(state: SilkroadState, player: int, sampler: Any) -> SilkroadState:
    """:meth:`SilkroadState.resample_from_infostate`."""
    if state.cur is None or state.trail is None:
        return state.clone()  # type: ignore[no-any-return]  # the deal is not made yet
    title, cfg = state.cfg.title, state.cfg
    if not 0 <= player < cfg.players:
        raise ValueError(f"player must be 0 to {cfg.players - 1}, got {player}")
    inner = title.determinize(title.observe(state.cur.state, player), _seed_from(sampler))
    twin = SilkroadState(state.get_game(), cfg)
    twin.deal = state.deal
    twin.cur = _Inner(title, inner)
    mine = state.trail.digest(player)
    digests = tuple(
        mine if p == player else hashlib.sha256(f"resampled {p} {mine}".encode()).hexdigest()[:32]
        for p in range(cfg.players)
    )
    twin.trail = _Trail(None, None, None, digests)
    twin.own = _Own(
        tuple(state.own.moves[p] if p == player else pvector() for p in range(cfg.players))
    )
    return twin


def _observation_json(title: AnyGame, inner: Any, player: int) -> str:
    """The canonical JSON of a player's observation (options, which never change during
    a game, are converted once and reused)."""
    observation = title.observe(inner, player)
    data = {}
    for field in _fields(type(observation)):
        value = getattr(observation, field.name)
        if isinstance(value, title.options_type):
            data[field.name] = _options_json(value)
        else:
            data[field.name] = json.dumps(to_data(value, field.type), sort_keys=True)
    return json.dumps(data, sort_keys=True)


def observation_text(title: AnyGame, observation: Any) -> str:
    """An observation as readable text: one ``name: value`` line per field, the value in
    compact JSON, with cards and tiles named as the table names them (the title's
    ``observation_words``: data keys, printed names, ``t401``; never bare card ids); the
    options (fixed for the game) are left out."""
    lines = []
    for name, data in observation_words(title, observation).items():
        lines.append(f"{name}: {json.dumps(data, separators=(',', ':'), sort_keys=True)}")
    return "\n".join(lines)


_FIELDS: dict[type, tuple[Any, ...]] = {}


def _fields(cls: type) -> tuple[Any, ...]:
    """The attrs fields of ``cls`` with their annotations resolved to types."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(attrs.fields(attrs.resolve_types(cls)))
    return found


@functools.lru_cache(maxsize=16)
def _options_json(options: Any) -> str:
    return json.dumps(to_data(options), sort_keys=True)


class SilkroadObserver:
    """pyspiel's PyObserver interface over ``observe`` and ``observation_tensor``.

    The tensor is the title's observation tensor; with perfect recall (the information
    state) it is followed by the own action summary ``own_actions`` (for each action id,
    ``n / (n + 1)`` for the ``n`` times the player took it). ``dict`` holds a named view
    of every layout segment, shaped as the segment.
    """

    def __init__(self, cfg: _Config, perfect_recall: bool) -> None:
        self.cfg = cfg
        self.perfect_recall = perfect_recall
        layout = cfg.layout
        extra = cfg.actions if perfect_recall else 0
        self.tensor = np.zeros(layout.size + extra, np.float32)
        self.dict: dict[str, Any] = {}
        for segment in layout.segments:
            start = layout.offsets[segment.name]
            view = self.tensor[start : start + segment.size]
            self.dict[segment.name] = view.reshape(segment.shape)
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[layout.size :]

    def set_from(self, state: SilkroadState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.inner is None:
            return
        title = state.cfg.title
        size = self.cfg.layout.size
        self.tensor[:size] = title.observation_tensor(title.observe(state.inner, player))
        if self.perfect_recall:
            counts = np.bincount(
                [a for a, _ in state.own.moves[player]], minlength=self.cfg.actions
            ).astype(np.float32)
            self.tensor[size:] = counts / (counts + 1.0)

    def string_from(self, state: SilkroadState, player: int) -> str:
        if state.inner is None:
            return "the deal: a seed is about to be drawn"
        title = state.cfg.title
        seen = observation_text(title, title.observe(state.inner, player))
        if not self.perfect_recall:
            return seen
        assert state.trail is not None
        moves = "; ".join(text for _, text in state.own.moves[player]) or "(none)"
        return f"history digest: {state.trail.digest(player)}\nyour moves: {moves}\n{seen}"


def register_all() -> list[str]:
    """Register every title of :data:`silkroad.GAMES`; returns their short names."""
    from silkroad.core.registry import GAMES

    return [register(GAMES[name]) for name in GAMES]


def _register_builtins() -> None:
    """Register the built-in titles that are installed (on import of this module)."""
    from silkroad.core.registry import BUILTIN_TITLES, load_reference

    for reference in BUILTIN_TITLES:
        try:
            game = load_reference(reference)
        except ImportError:  # pragma: no cover - a title package left out of the install
            continue
        register(game)


_register_builtins()
