"""The contract every title fulfils: the :class:`Game` protocol and :class:`GameSpec`.

Generic code (the command, the agents, the conformance harness, serialization,
records) talks to a title only through this protocol, so a game defined anywhere, a
third party's included, works with every tool once it is registered.

A title normally builds its ``Game`` as a :class:`GameDefinition`, a frozen record of the
title's functions and types::

    GAME = GameDefinition(spec=SPEC, options_type=Options, state_type=State, ...)

The functions are pure: ``apply(state, move)`` returns a new state and never changes
its arguments; the RNG is a field of the state, so a game is fully reproduced by
(options, seed, moves).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from silkroad.core.errors import RulesError, shorten
from silkroad.core.provenance import Provenance
from silkroad.core.tensor import Layout

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "OMITTABLE",
    "AnyGame",
    "Chance",
    "Game",
    "GameDefinition",
    "GameSpec",
    "Information",
    "Outcome",
    "check_player",
    "declare_options_type",
    "evaluate_every_player",
    "every_player_evaluator",
    "is_options_type",
    "score_margin",
    "with_every_player",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
OptionsT = TypeVar("OptionsT")
ObsT = TypeVar("ObsT")


class Chance(enum.Enum):
    """How a title uses chance."""

    #: No chance at all after setup.
    DETERMINISTIC = "deterministic"
    #: Chance outcomes (shuffles, draws, rolls) are sampled inside ``apply`` from the
    #: state's own RNG; there are no explicit chance nodes.
    SAMPLED = "sampled"


class Information(enum.Enum):
    """Whether players may see the whole state."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Outcome(enum.Enum):
    """How a game stands: still going, ended by the rules, or stopped by a safeguard.

    A *truncated* game was stopped by a game-length safeguard that is not a rule of the
    rulebook (it only guarantees that every loop ends). It is over (no legal move) but has
    no result: ``winners`` is empty and ``scores`` reports the points reached so far.
    """

    #: The game goes on: there is a player to act.
    ONGOING = "ongoing"
    #: The game ended by its rules; ``winners`` names the winners.
    FINISHED = "finished"
    #: A safeguard stopped the game; nobody won or lost.
    TRUNCATED = "truncated"


def _check_name(_instance: object, _attribute: object, value: str) -> None:
    if not value or not value.replace("-", "").replace("_", "").isalnum() or value != value.lower():
        raise ValueError(f"a game name is lowercase letters, digits, '-' or '_', got {value!r}")


@attrs.frozen
class GameSpec:
    """Metadata of a title.

    :ivar name: registry key, e.g. ``"kashgar"``.
    :ivar title: the game's printed name.
    :ivar min_players: fewest players the rules allow.
    :ivar max_players: most players the rules allow.
    :ivar player_counts: the allowed counts when not every count from ``min_players`` to
        ``max_players`` is (Dunhuang: 1, 3 or 4); ``()`` means the whole range.
    :ivar variants: names of the variants ``Options`` can select (may be empty).
    :ivar chance: how chance enters play.
    :ivar information: perfect or imperfect information.
    :ivar rules_version: version of this implementation of the rules; it changes whenever
        the same (options, seed, moves) could give a different game.
    :ivar description: one sentence for listings.
    :ivar known_rules_versions: the earlier versions of the rules (the title's version
        history) whose records this library still reads: they replay under the current
        rules, and one that no longer does is refused naming both versions. A record of
        any other version is refused (:attr:`rules_versions`).
    """

    name: str = attrs.field(validator=_check_name)
    title: str
    min_players: int
    max_players: int
    chance: Chance
    information: Information
    rules_version: str
    variants: tuple[str, ...] = ()
    description: str = ""
    player_counts: tuple[int, ...] = ()
    known_rules_versions: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.known_rules_versions, tuple) or not all(
            isinstance(v, str) for v in self.known_rules_versions
        ):
            raise ValueError(
                f"known_rules_versions must be a tuple of strings, got "
                f"{self.known_rules_versions!r:.60}"
            )
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(
                f"player counts must satisfy 1 <= min <= max, got "
                f"{self.min_players}..{self.max_players}"
            )
        counts = self.player_counts
        if counts and (
            list(counts) != sorted(set(counts))
            or counts[0] != self.min_players
            or counts[-1] != self.max_players
        ):
            raise ValueError(
                f"player_counts must be increasing from min_players to max_players, got {counts}"
            )

    @property
    def rules_versions(self) -> tuple[str, ...]:
        """Every rules version whose records this library reads: the earlier ones it
        knows, then the current one."""
        earlier = (v for v in self.known_rules_versions if v != self.rules_version)
        return (*dict.fromkeys(earlier), self.rules_version)

    @property
    def allowed_players(self) -> tuple[int, ...]:
        """Every player count the rules allow, smallest first."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def players_text(self) -> str:
        """The allowed counts for messages: ``"2 to 4"`` or ``"1, 3 or 4"``."""
        counts = self.allowed_players
        if counts == tuple(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0])
        return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


class Game(Protocol[StateT, MoveT, OptionsT, ObsT]):
    """What every title provides. All functions are pure.

    Types: ``options_type`` (frozen attrs), ``state_type`` (frozen attrs holding pyrsistent
    collections), ``move_types`` (one small frozen attrs class per kind of decision) and
    ``observation_type``. Players are numbered from 0.
    """

    @property
    def spec(self) -> GameSpec: ...

    @property
    def options_type(self) -> type[OptionsT]: ...

    @property
    def state_type(self) -> type[StateT]: ...

    @property
    def move_types(self) -> tuple[type, ...]: ...

    @property
    def observation_type(self) -> type[ObsT]: ...

    def default_options(self, players: int | None = None) -> OptionsT:
        """Options for a standard game; ``players`` None means the title's usual count."""
        ...

    def new_game(self, options: OptionsT, seed: int) -> StateT:
        """Complete setup per the rulebook; every shuffle comes from the state's RNG."""
        ...

    def legal_moves(self, state: StateT) -> tuple[MoveT, ...]:
        """Every legal move of the player to act, in a fixed order; empty iff over."""
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The next state. Raises ``IllegalMoveError`` for a move that is not legal."""
        ...

    def current_player(self, state: StateT) -> int | None:
        """Who decides now, or None when the game is over."""
        ...

    def num_players(self, state: StateT) -> int:
        """How many players take part in this game."""
        ...

    def is_over(self, state: StateT) -> bool:
        """True once the game has ended."""
        ...

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Victory points per player (final once the game is over)."""
        ...

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The winning players after the rulebook's tie-breaks (empty if not over or
        truncated)."""
        ...

    def outcome(self, state: StateT) -> Outcome:
        """Ongoing, finished by the rules, or truncated by a game-length safeguard."""
        ...

    def observe(self, state: StateT, player: int) -> ObsT:
        """What ``player`` may see: no other player's hidden cards, no deck order, no RNG."""
        ...

    def determinize(self, observation: ObsT, seed: int) -> StateT:
        """A full state consistent with ``observation``; hidden parts dealt from ``seed``."""
        ...

    def parse_move(self, state: StateT, text: str) -> MoveT:
        """The move that ``text`` names. Raises ``InvalidMoveError`` when it names none."""
        ...

    def format_move(self, move: MoveT) -> str:
        """The notation of ``move``; ``parse_move(state, format_move(m)) == m``."""
        ...

    def num_actions(self, options: OptionsT) -> int:
        """Size of the fixed integer action space for these options."""
        ...

    def encode_move(self, state: StateT, move: MoveT) -> int:
        """The action id of a legal move, in ``range(num_actions(options))``."""
        ...

    def decode_move(self, state: StateT, action: int) -> MoveT:
        """The legal move with this action id. Raises ``InvalidMoveError`` otherwise."""
        ...

    def action_mask(self, state: StateT) -> tuple[bool, ...]:
        """For each action id, whether it names a legal move now."""
        ...

    def max_game_length(self, options: OptionsT) -> int:
        """An upper bound on the number of decisions in a game with these options."""
        ...

    def render(self, state: StateT) -> str:
        """A readable text view of the table as the player to act may see it."""
        ...

    def describe_move(self, state: StateT, move: MoveT, viewer: int | None = None) -> str:
        """A short readable account of what ``move`` does in ``state``, for logs, as
        ``viewer`` may know it (None: everything): a decision hidden from the viewer is
        told without what it hides ("keeps a tile")."""
        ...

    def hides_move(self, state: StateT, move: MoveT, player: int) -> bool:
        """Whether ``player`` may not see which move was made in ``state``."""
        ...

    def describe_events(
        self, state: StateT, move: MoveT, viewer: int | None = None
    ) -> tuple[str, ...]:
        """What follows ``move`` in ``state`` that nobody decides (a card drawn, a good
        taken, the end triggered), one line each, as ``viewer`` may know it."""
        ...

    def card_texts(self, state: StateT, player: int) -> dict[str, str]:
        """The full text of every card ``player`` can see in ``state``, under every name
        a person may call it by (its name, its number in the notation), in lower case."""
        ...

    def evaluate(self, state: StateT, player: int) -> float:
        """A heuristic value of ``state`` for ``player`` (higher is better), for agents.

        It may read the whole state: agents call it on determinized states only.
        """
        ...

    def validate(self, state: StateT) -> None:
        """Check the invariants of a state (conservation, ranges). Raises ``StateError``."""
        ...

    def observation_tensor(self, observation: ObsT) -> npt.NDArray[np.float32]:
        """The observation as a flat ``float32`` vector of ``observation_layout`` 's size
        (a title's own tensor has every value in [0, 1])."""
        ...

    def observation_layout(self, options: OptionsT) -> Layout:
        """What each entry of ``observation_tensor`` means, for games with ``options``."""
        ...

    def score_bounds(self, options: OptionsT) -> tuple[int, int] | None:
        """The fewest and most victory points a player can end a game with under
        ``options`` (None when the title does not say)."""
        ...

    def to_position(self, state: StateT) -> str:
        """``state`` as a position: TOML text a person can read and edit."""
        ...

    def from_position(self, text: str, options: OptionsT | None = None) -> StateT:
        """The state a position describes (parts left out filled by the title's rule).

        :raises DataError: for text that is not TOML or is of another game.
        :raises StateError: naming the field and the rule, for a position that cannot be
            a state of the game.
        """
        ...


AnyGame = Game[Any, Any, Any, Any]


def check_player(player: object, players: int) -> int:
    """``player`` if it names a seat of a ``players``-player game (0 to ``players - 1``).

    :raises RulesError: for any other value (another number, a bool, not a number).
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise RulesError(
            f"no player {shorten(player)} in a {players}-player game (players are 0 to "
            f"{players - 1})"
        )
    return player


#: The attrs metadata key of a field that a JSON document may leave out (it then takes its
#: default): ``attrs.field(default=(), metadata={OMITTABLE: True})``. For fields added
#: later that change nothing a document written before them meant (provenance notes).
OMITTABLE = "silkroad.omittable"

#: The options classes of the games defined so far: in JSON (a scenario file, ``--option``,
#: a record) their fields may be left out and take their defaults; every other class of a
#: document must give all its fields.
_OPTIONS_TYPES: set[type] = set()


def declare_options_type(cls: type) -> None:
    """Let documents leave fields of ``cls`` out (done for every game's ``options_type``)."""
    _OPTIONS_TYPES.add(cls)


def is_options_type(cls: object) -> bool:
    """Whether ``cls`` is the options class of a game (see :func:`declare_options_type`)."""
    return cls in _OPTIONS_TYPES


def score_margin(scores: tuple[int, ...], player: int) -> float:
    """``player``'s score minus the best score of the others (their own score if alone)."""
    others = [v for p, v in enumerate(scores) if p != player]
    return float(scores[player] - (max(others) if others else 0))


#: The attribute of a title's ``evaluate`` naming its every-player form (see
#: :func:`with_every_player`).
_EVERY_PLAYER = "every_player"


def with_every_player(
    evaluate: Callable[[StateT, int], float], every: Callable[[StateT], tuple[float, ...]]
) -> None:
    """Mark a title's ``evaluate(state, player)`` with ``every(state)``, which gives
    ``evaluate(state, p)`` for every player ``p`` at once (the same numbers, computed
    once: a search values a state for every player). The mark travels with the function,
    so a game whose ``evaluator`` is replaced (wrapped, or the score margin) never uses
    the other function's values."""
    evaluate.__dict__[_EVERY_PLAYER] = every


def evaluate_every_player(game: Game[StateT, Any, Any, Any], state: StateT) -> tuple[float, ...]:
    """``game.evaluate(state, p)`` for every player ``p``: in one call when the title's
    evaluation offers it (:func:`with_every_player`), otherwise player by player."""
    return every_player_evaluator(game)(state)


def every_player_evaluator(
    game: Game[StateT, Any, Any, Any],
) -> Callable[[StateT], tuple[float, ...]]:
    """The function behind :func:`evaluate_every_player` for ``game``, looked up once."""
    if isinstance(game, GameDefinition) and game.evaluator is not None:
        every = getattr(game.evaluator, _EVERY_PLAYER, None)
        if every is not None:
            return every  # type: ignore[no-any-return]
    evaluate = game.evaluate
    num_players = game.num_players

    def each(state: StateT) -> tuple[float, ...]:
        return tuple(evaluate(state, p) for p in range(num_players(state)))

    return each


@attrs.frozen(eq=False)
class GameDefinition(Generic[StateT, MoveT, OptionsT, ObsT]):
    """A :class:`Game` assembled from a title's functions; how titles build their ``GAME``.

    Equality is identity: two definitions are the same game only if they are the same
    object.
    """

    spec: GameSpec
    options_type: type[OptionsT]
    state_type: type[StateT]
    move_types: tuple[type, ...]
    observation_type: type[ObsT]
    default_options: Callable[..., OptionsT]
    new_game: Callable[[OptionsT, int], StateT]
    legal_moves: Callable[[StateT], tuple[MoveT, ...]]
    apply: Callable[[StateT, MoveT], StateT]
    current_player: Callable[[StateT], int | None]
    num_players: Callable[[StateT], int]
    is_over: Callable[[StateT], bool]
    scores: Callable[[StateT], tuple[int, ...]]
    winners: Callable[[StateT], tuple[int, ...]]
    observe: Callable[[StateT, int], ObsT]
    determinize: Callable[[ObsT, int], StateT]
    parse_move: Callable[[StateT, str], MoveT]
    format_move: Callable[[MoveT], str]
    num_actions: Callable[[OptionsT], int]
    encode_move: Callable[[StateT, MoveT], int]
    decode_move: Callable[[StateT, int], MoveT]
    action_mask: Callable[[StateT], tuple[bool, ...]]
    max_game_length: Callable[[OptionsT], int]
    render: Callable[[StateT], str]
    validate: Callable[[StateT], None]
    #: Optional: a readable account of a move in its state, as a viewer (None: anyone
    #: who sees everything) may know it; the notation when absent.
    describer: Callable[[StateT, MoveT, int | None], str] | None = None
    #: Optional: the title's ``describe_events``; nothing when absent.
    narrator: Callable[[StateT, MoveT, int | None], tuple[str, ...]] | None = None
    #: Optional: the title's ``card_texts``; no card when absent.
    card_lister: Callable[[StateT, int], dict[str, str]] | None = None
    #: Optional: the title's own evaluation; the score margin when absent.
    evaluator: Callable[[StateT, int], float] | None = None
    #: Optional: the title's ``outcome``; when absent a game that is over is finished
    #: (a title without a safeguard never truncates).
    outcome_of: Callable[[StateT], Outcome] | None = None
    #: Optional: the title's ``holdings``; when absent no player holds anything.
    holdings_of: Callable[[StateT], tuple[frozenset[str], ...]] | None = None
    #: Optional: the title's ``observation_tensor``; the feature hash of
    #: :mod:`silkroad.core.features` when absent.
    tensor_of: Callable[[ObsT], npt.NDArray[np.float32]] | None = None
    #: Optional: the title's ``observation_layout`` (given with ``tensor_of``).
    layout_of: Callable[[OptionsT], Layout] | None = None
    #: Optional: the title's ``score_bounds``; unknown (None) when absent.
    bounds_of: Callable[[OptionsT], tuple[int, int] | None] | None = None
    #: Optional: the title's ``svg(state, player=None)``, an SVG picture of a state or an
    #: observation as that player may see it; the viewer shows text when absent.
    picture: Callable[..., str] | None = None
    #: Optional: whether ``player`` may not see which move was made in a state
    #: (``hides_move(state, move, player)``); see :meth:`hides_move` for the default.
    move_hider: Callable[[StateT, MoveT, int], bool] | None = None
    #: Optional: the title's ``to_position``; the state's JSON data as TOML when absent.
    position_writer: Callable[[StateT], str] | None = None
    #: Optional: the title's ``from_position`` (given with ``position_writer``).
    position_reader: Callable[[str, OptionsT | None], StateT] | None = None
    #: Optional: the title's ``component_provenance(options=None)``, how many components
    #: in play are as printed and how many reconstructed (:mod:`silkroad.core.provenance`);
    #: the command says nothing of the components when absent.
    component_provenance: Callable[[OptionsT | None], Provenance] | None = None

    def __attrs_post_init__(self) -> None:
        if (self.tensor_of is None) != (self.layout_of is None):
            raise ValueError("a game gives both tensor_of and layout_of, or neither")
        if (self.position_writer is None) != (self.position_reader is None):
            raise ValueError("a game gives both position_writer and position_reader, or neither")
        declare_options_type(self.options_type)

    def describe_move(self, state: StateT, move: MoveT, viewer: int | None = None) -> str:
        """What ``move`` does in ``state``, in words, as ``viewer`` may know it (None:
        everything). Without the title's describer: the notation, or "a hidden
        decision" when the viewer may not see the move (:meth:`hides_move`)."""
        if self.describer is None:
            if viewer is not None and self.hides_move(state, move, viewer):
                return "a hidden decision"
            return self.format_move(move)
        return self.describer(state, move, viewer)

    def describe_events(
        self, state: StateT, move: MoveT, viewer: int | None = None
    ) -> tuple[str, ...]:
        """What follows ``move`` in ``state`` without a decision, as ``viewer`` may know
        it (the title's narrator; nothing without one)."""
        if self.narrator is None:
            return ()
        return self.narrator(state, move, viewer)

    def card_texts(self, state: StateT, player: int) -> dict[str, str]:
        """Every card ``player`` can see, by each name it may be called (lower case),
        with its full text (the title's; none without one)."""
        return {} if self.card_lister is None else self.card_lister(state, player)

    def evaluate(self, state: StateT, player: int) -> float:
        """The title's evaluation, or by default the score margin: the player's score
        minus the best other score (the score itself in a one-player game)."""
        if self.evaluator is not None:
            return self.evaluator(state, player)
        return score_margin(self.scores(state), player)

    def outcome(self, state: StateT) -> Outcome:
        """The title's outcome, or by default finished when over, else ongoing."""
        if self.outcome_of is not None:
            return self.outcome_of(state)
        return Outcome.FINISHED if self.is_over(state) else Outcome.ONGOING

    def holdings(self, state: StateT) -> tuple[frozenset[str], ...]:
        """Per player, the components they hold in ``state``, as ``kind:name`` labels
        (``card:merchant``); balance studies join them over every state of a game. By
        default nothing (a title that names no components)."""
        if self.holdings_of is not None:
            return self.holdings_of(state)
        return tuple(frozenset() for _ in range(self.num_players(state)))

    def observation_tensor(self, observation: ObsT) -> npt.NDArray[np.float32]:
        """The title's observation tensor, or by default the observation's feature hash."""
        if self.tensor_of is not None:
            return self.tensor_of(observation)
        from silkroad.core.features import observation_features

        return observation_features(observation)

    def observation_layout(self, options: OptionsT) -> Layout:
        """The title's tensor layout, or by default the feature hash's (512 slots)."""
        if self.layout_of is not None:
            return self.layout_of(options)
        from silkroad.core.features import hashed_layout

        return hashed_layout()

    def score_bounds(self, options: OptionsT) -> tuple[int, int] | None:
        """The title's victory point range for ``options``, or None when it gives none."""
        return None if self.bounds_of is None else self.bounds_of(options)

    def hides_move(self, state: StateT, move: MoveT, player: int) -> bool:
        """Whether ``player`` may not see which move was made in ``state`` (the title's
        answer; by default none in a game of perfect information, and every other
        player's move in one of imperfect information)."""
        if self.move_hider is not None:
            return self.move_hider(state, move, player)
        if self.spec.information is Information.PERFECT:
            return False
        return self.current_player(state) != player

    def to_position(self, state: StateT) -> str:
        """The title's position of ``state``, or by default the generic one: the state's
        JSON data written as TOML (:mod:`silkroad.core.position`)."""
        if self.position_writer is not None:
            return self.position_writer(state)
        from silkroad.core.position import generic_to_position

        return generic_to_position(self, state)

    def from_position(self, text: str, options: OptionsT | None = None) -> StateT:
        """The state of a position (the title's reader, or the generic one, which takes
        only complete positions written by the generic ``to_position``)."""
        if self.position_reader is not None:
            return self.position_reader(text, options)
        from silkroad.core.position import generic_from_position

        state: StateT = generic_from_position(self, text, options)
        return state

    def __repr__(self) -> str:
        return f"<Game {self.spec.name!r}: {self.spec.title}>"
