"""The contract every title fulfils: the :class:`Game` protocol and :class:`GameSpec`.

Generic code (the command, the agents, the conformance harness, serialization,
records) talks to a title only through this protocol, so a game defined anywhere, a
third party's included, works with every tool once it is registered.

A title normally builds its ``Game`` as a :class:`GameDefinition`, a frozen record of the
title's functions and types, declared with :func:`define_game`, which takes each function
as the part of the contract its own name says::

    GAME = define_game(SPEC, options_type=Options, state_type=State, move_types=(...),
                       observation_type=Observation, parts=(new_game, legal_moves, ...))

The functions are pure: ``apply(state, move)`` returns a new state and never changes
its arguments; the RNG is a field of the state, so a game is fully reproduced by
(options, seed, moves).
"""

from __future__ import annotations

import importlib
import inspect
import re
import warnings
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic

import attrs

from silkroad.core.action_parts import ActionParts
from silkroad.core.errors import IllegalMoveError, RulesError
from silkroad.core.explain import Reason, explain
from silkroad.core.features import hashed_layout, observation_features
from silkroad.core.position import (
    Filled,
    fill_position,
    generic_from_position,
    generic_to_position,
)
from silkroad.core.protocol import (
    OMITTABLE,
    AnyGame,
    Chance,
    Fact,
    Game,
    GameSpec,
    Information,
    MoveT,
    ObsT,
    OptionsT,
    Outcome,
    StateT,
    check_player,
    declare_options_type,
    is_options_type,
    score_margin,
)
from silkroad.core.provenance import Provenance
from silkroad.core.serialize import to_data
from silkroad.core.tensor import Layout

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "DEPRECATED_NAMES",
    "DERIVED_PARTS",
    "OMITTABLE",
    "OPTIONAL_PARTS",
    "PART_HOMES",
    "REQUIRED_PARTS",
    "AnyGame",
    "Chance",
    "DataEdit",
    "Fact",
    "Game",
    "GameDefinition",
    "GameSpec",
    "Information",
    "OptionalParts",
    "Outcome",
    "check_player",
    "declare_options_type",
    "define_game",
    "evaluate_every_player",
    "every_player_evaluator",
    "format_with_state",
    "is_options_type",
    "known_facts",
    "observation_data",
    "observation_words",
    "redeal",
    "sample_options",
    "score_margin",
    "varied_data",
    "with_every_player",
]

#: ``edit(name, text)``: a data file's text as a user changed it (``name`` is the file's
#: name, ``"silk.toml"``); see :attr:`OptionalParts.sample_options`.
DataEdit = Callable[[str, str], str]

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
    if isinstance(game, GameDefinition) and game.optional.evaluate is not None:
        every = getattr(game.optional.evaluate, _EVERY_PLAYER, None)
        if every is not None:
            return every  # type: ignore[no-any-return]
    evaluate = game.evaluate
    num_players = game.num_players

    def each(state: StateT) -> tuple[float, ...]:
        return tuple(evaluate(state, p) for p in range(num_players(state)))

    return each


#: The required parts of the contract, by the names of the functions a title gives
#: (docs/api.md, "The contract"); :func:`define_game` looks each up by this name.
REQUIRED_PARTS: tuple[str, ...] = (
    "default_options",
    "new_game",
    "legal_moves",
    "apply",
    "current_player",
    "num_players",
    "is_over",
    "scores",
    "winners",
    "observe",
    "determinize",
    "parse_move",
    "format_move",
    "num_actions",
    "encode_move",
    "decode_move",
    "action_mask",
    "max_game_length",
    "render",
    "validate",
)


@attrs.frozen(eq=False)
class OptionalParts(Generic[StateT, MoveT, OptionsT, ObsT]):
    """The optional parts of the contract a title gives, each under the name of its
    function (None: absent; :class:`GameDefinition` then does what docs/api.md says).

    Some come in pairs: ``observation_tensor`` with ``observation_layout``,
    ``to_position`` with ``from_position``.
    """

    #: A readable account of a move, as a viewer (None: everyone) may know it.
    describe_move: Callable[[StateT, MoveT, int | None], str] | None = None
    #: What follows a move without a decision, one line each, as a viewer may know it.
    describe_events: Callable[[StateT, MoveT, int | None], tuple[str, ...]] | None = None
    #: Every card a player can see, by each name it may be called, with its text.
    card_texts: Callable[[StateT, int], dict[str, str]] | None = None
    #: The title's own evaluation of a state for a player.
    evaluate: Callable[[StateT, int], float] | None = None
    #: Finished by the rules, truncated by a safeguard, or ongoing.
    outcome: Callable[[StateT], Outcome] | None = None
    #: Per player, the components they hold (``kind:name`` labels).
    holdings: Callable[[StateT], tuple[frozenset[str], ...]] | None = None
    #: The observation as numbers (given with ``observation_layout``).
    observation_tensor: Callable[[ObsT], npt.NDArray[np.float32]] | None = None
    #: The named segments of the tensor for some options.
    observation_layout: Callable[[OptionsT], Layout] | None = None
    #: The victory point range for some options, or None.
    score_bounds: Callable[[OptionsT], tuple[int, int] | None] | None = None
    #: ``svg(state, player=None)``: an SVG picture of a state or observation.
    svg: Callable[..., str] | None = None
    #: ``hides_move(state, move, player)``: whether ``player`` may not see the move.
    hides_move: Callable[[StateT, MoveT, int], bool] | None = None
    #: A position a person can read and write (given with ``from_position``).
    to_position: Callable[[StateT], str] | None = None
    #: The state of a position (given with ``to_position``).
    from_position: Callable[[str, OptionsT | None], StateT] | None = None
    #: ``fill_position(text, options=None)``: the state of a position and what the
    #: filling rule moved to make it (:class:`~silkroad.core.position.Filled`).
    fill_position: Callable[[str, OptionsT | None], Filled] | None = None
    #: ``redeal(state, seed)``: ``state`` with what no player has seen (the order of the
    #: draw piles, cards nobody looked at) dealt anew from ``seed``, and a generator of
    #: its own for what is still random; everything a player has seen stays.
    redeal: Callable[[StateT, int], StateT] | None = None
    #: ``component_provenance(options=None)``: how many components in play are as
    #: printed and how many reconstructed (:mod:`silkroad.core.provenance`).
    component_provenance: Callable[[OptionsT | None], Provenance] | None = None
    #: ``known_facts(observation)``: what an observer learned of the hidden part of the
    #: game, as facts every state dealt from the observation keeps.
    known_facts: Callable[[ObsT], tuple[Fact, ...]] | None = None
    #: ``explain(state, move)``: the rule that refuses a move that is not legal, as a
    #: :class:`~silkroad.core.explain.Reason` citing its section
    #: (:mod:`silkroad.core.explain`; called only for moves ``legal_moves`` does not list).
    explain: Callable[[StateT, MoveT], Reason] | None = None
    #: ``action_move(state, action)``: the move an action id stands for in ``state``,
    #: legal or not (None when it stands for none there, such as a choice beyond those
    #: pending); ``decode_move`` gives only legal ones.
    action_move: Callable[[StateT, int], MoveT | None] | None = None
    #: ``observation_words(observation)``: the observation's fields as JSON data with its
    #: cards and tiles named as the table names them (the OpenSpiel strings).
    observation_words: Callable[[ObsT], dict[str, Any]] | None = None
    #: ``sample_options(seed, edit=None)``: the title's option space for the soak, as
    #: options drawn from ``seed`` (every player count, variant and component choice over
    #: the seeds, now and then a user's data file); with ``edit``, options that carry one
    #: of its data files as a user's, the text passed through ``edit(name, text)`` first
    #: (None then for a title without data files; :func:`sample_options`).
    sample_options: Callable[[int, DataEdit | None], OptionsT | None] | None = None

    def __attrs_post_init__(self) -> None:
        if (self.observation_tensor is None) != (self.observation_layout is None):
            raise ValueError(
                "a game gives both observation_tensor and observation_layout, or neither"
            )
        if (self.to_position is None) != (self.from_position is None):
            raise ValueError("a game gives both to_position and from_position, or neither")
        if self.fill_position is not None and self.from_position is None:
            raise ValueError("a game that gives fill_position gives from_position too")


#: The optional parts of the contract, by name (the fields of :class:`OptionalParts`).
OPTIONAL_PARTS: tuple[str, ...] = tuple(f.name for f in attrs.fields(OptionalParts))

#: The keyword names of the optional parts before they were named as their functions:
#: ``GameDefinition(describer=...)`` and ``game.describer`` still work, with a
#: :class:`DeprecationWarning`, for one version.
DEPRECATED_NAMES: dict[str, str] = {
    "describer": "describe_move",
    "narrator": "describe_events",
    "card_lister": "card_texts",
    "evaluator": "evaluate",
    "outcome_of": "outcome",
    "holdings_of": "holdings",
    "tensor_of": "observation_tensor",
    "layout_of": "observation_layout",
    "bounds_of": "score_bounds",
    "picture": "svg",
    "move_hider": "hides_move",
    "position_writer": "to_position",
    "position_reader": "from_position",
}


def _deprecated(old: str, stacklevel: int = 3) -> str:
    new = DEPRECATED_NAMES[old]
    warnings.warn(
        f"GameDefinition's {old!r} is now named {new!r} (optional=OptionalParts({new}=...), "
        f"game.optional.{new}); {old!r} goes in the next version",
        DeprecationWarning,
        stacklevel=stacklevel,
    )
    return new


@attrs.frozen(eq=False, init=False)
class GameDefinition(Generic[StateT, MoveT, OptionsT, ObsT]):
    """A :class:`Game` assembled from a title's functions; how titles build their ``GAME``
    (best with :func:`define_game`, which finds every part by its name).

    The required parts are fields named as the contract names them; the optional ones are
    grouped in :attr:`optional` (:class:`OptionalParts`), and the methods of the same
    names (``describe_move``, ``outcome``, ``svg``...) call them or do the documented
    default. Equality is identity: two definitions are the same game only if they are
    the same object.
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
    #: ``format_move(move, state=None)``: the title's own, or one that takes the move
    #: alone with the state passed over (:func:`format_with_state`).
    format_move: Callable[..., str]
    num_actions: Callable[[OptionsT], int]
    encode_move: Callable[[StateT, MoveT], int]
    decode_move: Callable[[StateT, int], MoveT]
    action_mask: Callable[[StateT], tuple[bool, ...]]
    max_game_length: Callable[[OptionsT], int]
    render: Callable[[StateT], str]
    validate: Callable[[StateT], None]
    #: The optional parts the title gives.
    optional: OptionalParts[StateT, MoveT, OptionsT, ObsT]

    def __init__(
        self,
        spec: GameSpec,
        options_type: type[OptionsT],
        state_type: type[StateT],
        move_types: tuple[type, ...],
        observation_type: type[ObsT],
        default_options: Callable[..., OptionsT],
        new_game: Callable[[OptionsT, int], StateT],
        legal_moves: Callable[[StateT], tuple[MoveT, ...]],
        apply: Callable[[StateT, MoveT], StateT],
        current_player: Callable[[StateT], int | None],
        num_players: Callable[[StateT], int],
        is_over: Callable[[StateT], bool],
        scores: Callable[[StateT], tuple[int, ...]],
        winners: Callable[[StateT], tuple[int, ...]],
        observe: Callable[[StateT, int], ObsT],
        determinize: Callable[[ObsT, int], StateT],
        parse_move: Callable[[StateT, str], MoveT],
        format_move: Callable[..., str],
        num_actions: Callable[[OptionsT], int],
        encode_move: Callable[[StateT, MoveT], int],
        decode_move: Callable[[StateT, int], MoveT],
        action_mask: Callable[[StateT], tuple[bool, ...]],
        max_game_length: Callable[[OptionsT], int],
        render: Callable[[StateT], str],
        validate: Callable[[StateT], None],
        optional: OptionalParts[StateT, MoveT, OptionsT, ObsT] | None = None,
        **deprecated: Any,
    ) -> None:
        parts: dict[str, Any] = {}
        for old, function in deprecated.items():
            if old not in DEPRECATED_NAMES:
                raise TypeError(
                    f"GameDefinition() got an unexpected keyword argument {old!r} (the "
                    f"optional parts are {', '.join(OPTIONAL_PARTS)}, given as "
                    "optional=OptionalParts(...))"
                )
            new = _deprecated(old)
            if function is not None:
                parts[new] = function
        if optional is None:
            optional = OptionalParts(**parts)
        elif parts:
            optional = attrs.evolve(optional, **parts)
        self.__attrs_init__(
            spec,
            options_type,
            state_type,
            move_types,
            observation_type,
            default_options,
            new_game,
            legal_moves,
            apply,
            current_player,
            num_players,
            is_over,
            scores,
            winners,
            observe,
            determinize,
            parse_move,
            format_with_state(format_move),
            num_actions,
            encode_move,
            decode_move,
            action_mask,
            max_game_length,
            render,
            validate,
            optional,
        )

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.optional, OptionalParts):
            raise TypeError(f"optional must be OptionalParts, got {self.optional!r:.60}")
        declare_options_type(self.options_type)

    def replace(self, **parts: Any) -> GameDefinition[StateT, MoveT, OptionsT, ObsT]:
        """A copy with some parts replaced, each by its contract name (a required part,
        an optional one, ``spec`` or a type); None takes an optional part away. For
        tests and studies: ``game.replace(evaluate=None)`` plays with the score margin.

        :raises TypeError: for a name that is no part of a definition.
        """
        fields = {f.name for f in attrs.fields(GameDefinition)} - {"optional"}
        unknown = sorted(set(parts) - fields - set(OPTIONAL_PARTS))
        if unknown:
            raise TypeError(f"no part of a game definition is named {', '.join(unknown)}")
        optional = {k: v for k, v in parts.items() if k in OPTIONAL_PARTS}
        rest = {k: v for k, v in parts.items() if k not in OPTIONAL_PARTS}
        return attrs.evolve(self, optional=attrs.evolve(self.optional, **optional), **rest)

    def known_facts(self, observation: ObsT) -> tuple[Fact, ...]:
        """What the observer of ``observation`` learned of the hidden part of the game,
        as facts a full state keeps or breaks (the title's; none without one). Every
        state ``determinize`` deals from the observation keeps them, as the real one does."""
        facts = self.optional.known_facts
        return () if facts is None else tuple(facts(observation))

    def observation_words(self, observation: ObsT) -> dict[str, Any]:
        """The fields of ``observation`` as JSON data, one entry per field (the options,
        which never change during a game, left out), with cards and tiles named as the
        table names them (the title's ``observation_words``; without it the fields'
        JSON data as :mod:`silkroad.core.serialize` writes it)."""
        words = self.optional.observation_words
        if words is not None:
            return words(observation)
        return observation_data(observation, self.options_type)

    def explain(self, state: StateT, move: MoveT | str | int) -> Reason:
        """Why ``move`` (a move, its notation or an action id) is or is not legal in
        ``state``: the rule that refuses it, with its section id and the numbers that
        decide it (the title's ``explain``), "legal" for a legal move, what the text could
        not find for notation that names nothing, and a generic "not offered here" for a
        title without ``explain`` (:func:`silkroad.core.explain.explain`)."""
        return explain(self, state, move)

    def action_move(self, state: StateT, action: int) -> MoveT | None:
        """The move action id ``action`` stands for in ``state``, legal or not (the
        title's), or None when it stands for none there; without the title's, the legal
        move of that id or None."""
        if self.optional.action_move is not None:
            return self.optional.action_move(state, action)
        try:
            return self.decode_move(state, action)
        except RulesError:
            return None

    def svg(self, state: Any, player: int | None = None) -> str | None:
        """The title's SVG picture of a state or an observation as ``player`` may see it
        (None: everything), or None when the title draws none."""
        draw = self.optional.svg
        return None if draw is None else draw(state, player)

    def component_provenance(self, options: OptionsT | None = None) -> Provenance | None:
        """The title's count of printed and reconstructed components in play with
        ``options`` (None: all its built-in data), or None when it gives none."""
        count = self.optional.component_provenance
        return None if count is None else count(options)

    def describe_move(self, state: StateT, move: MoveT, viewer: int | None = None) -> str:
        """What ``move`` does in ``state``, in words, as ``viewer`` may know it (None:
        everything). Without the title's describer: the notation, or "a hidden
        decision" when the viewer may not see the move (:meth:`hides_move`)."""
        if self.optional.describe_move is None:
            if viewer is not None and self.hides_move(state, move, viewer):
                return "a hidden decision"
            return str(self.format_move(move, state))
        return self.optional.describe_move(state, move, viewer)

    def describe_events(
        self, state: StateT, move: MoveT, viewer: int | None = None
    ) -> tuple[str, ...]:
        """What follows ``move`` in ``state`` without a decision, as ``viewer`` may know
        it (the title's narrator; nothing without one)."""
        if self.optional.describe_events is None:
            return ()
        return self.optional.describe_events(state, move, viewer)

    def card_texts(self, state: StateT, player: int) -> dict[str, str]:
        """Every card ``player`` can see, by each name it may be called (lower case),
        with its full text (the title's; none without one)."""
        texts = self.optional.card_texts
        return {} if texts is None else texts(state, player)

    def evaluate(self, state: StateT, player: int) -> float:
        """The title's evaluation, or by default the score margin: the player's score
        minus the best other score (the score itself in a one-player game)."""
        if self.optional.evaluate is not None:
            return self.optional.evaluate(state, player)
        return score_margin(self.scores(state), player)

    def outcome(self, state: StateT) -> Outcome:
        """The title's outcome, or by default finished when over, else ongoing."""
        if self.optional.outcome is not None:
            return self.optional.outcome(state)
        return Outcome.FINISHED if self.is_over(state) else Outcome.ONGOING

    def holdings(self, state: StateT) -> tuple[frozenset[str], ...]:
        """Per player, the components they hold in ``state``, as ``kind:name`` labels
        (``card:merchant``); balance studies join them over every state of a game. By
        default nothing (a title that names no components)."""
        if self.optional.holdings is not None:
            return self.optional.holdings(state)
        return tuple(frozenset() for _ in range(self.num_players(state)))

    def observation_tensor(self, observation: ObsT) -> npt.NDArray[np.float32]:
        """The title's observation tensor, or by default the observation's feature hash."""
        if self.optional.observation_tensor is not None:
            return self.optional.observation_tensor(observation)
        return observation_features(observation)

    def observation_layout(self, options: OptionsT) -> Layout:
        """The title's tensor layout, or by default the feature hash's (512 slots)."""
        if self.optional.observation_layout is not None:
            return self.optional.observation_layout(options)
        return hashed_layout()

    def score_bounds(self, options: OptionsT) -> tuple[int, int] | None:
        """The title's victory point range for ``options``, or None when it gives none."""
        bounds = self.optional.score_bounds
        return None if bounds is None else bounds(options)

    def hides_move(self, state: StateT, move: MoveT, player: int) -> bool:
        """Whether ``player`` may not see which move was made in ``state`` (the title's
        answer; by default none in a game of perfect information, and every other
        player's move in one of imperfect information)."""
        if self.optional.hides_move is not None:
            return self.optional.hides_move(state, move, player)
        if self.spec.information is Information.PERFECT:
            return False
        return self.current_player(state) != player

    def to_position(self, state: StateT) -> str:
        """The title's position of ``state``, or by default the generic one: the state's
        JSON data written as TOML (:mod:`silkroad.core.position`)."""
        if self.optional.to_position is not None:
            return self.optional.to_position(state)
        return generic_to_position(self, state)

    def from_position(self, text: str, options: OptionsT | None = None) -> StateT:
        """The state of a position (the title's reader, or the generic one, which takes
        only complete positions written by the generic ``to_position``)."""
        if self.optional.from_position is not None:
            return self.optional.from_position(text, options)
        state: StateT = generic_from_position(self, text, options)
        return state

    def fill_position(self, text: str, options: OptionsT | None = None) -> Filled:
        """The state of a position and what the filling rule moved to make it (the
        title's ``fill_position``; without one, :meth:`from_position` and ``moved``
        None: :func:`silkroad.core.position.fill_position`)."""
        return fill_position(self, text, options)

    def redeal(self, state: StateT, seed: int) -> StateT:
        """``state`` with what no player has seen dealt anew from ``seed``, and a fresh
        generator (the title's ``redeal``; without one, :func:`redeal`'s default)."""
        return redeal(self, state, seed)

    def sample_options(self, seed: int, edit: DataEdit | None = None) -> OptionsT | None:
        """Options drawn from ``seed`` over the title's option space (the title's
        ``sample_options``; without one, the default options of a player count drawn
        from ``seed``); with ``edit``, options carrying a user's data file changed by
        ``edit``, or None for a title that declares no data files
        (:func:`sample_options`)."""
        return sample_options(self, seed, edit)

    def __repr__(self) -> str:
        return f"<Game {self.spec.name!r}: {self.spec.title}>"


def _deprecated_part(old: str) -> property:
    """``game.<old>``: the optional part now named ``DEPRECATED_NAMES[old]``, with a
    :class:`DeprecationWarning`. A property of the class, not a ``__getattr__``: a class
    with ``__getattr__`` sends every lookup (``game.apply`` on each decision) through a
    slow path, while these names are looked up only by old code."""

    def part(self: GameDefinition[Any, Any, Any, Any]) -> Any:
        return getattr(self.optional, _deprecated(old))

    part.__name__ = old
    part.__doc__ = f"Deprecated: ``game.optional.{DEPRECATED_NAMES[old]}``."
    return property(part)


for _old in DEPRECATED_NAMES:
    setattr(GameDefinition, _old, _deprecated_part(_old))
del _old


def redeal(game: Game[StateT, Any, Any, Any], state: StateT, seed: int) -> StateT:
    """``state`` with what is still hidden or random dealt anew from ``seed``: "who wins
    from here?" over many games (``silkroad simulate --from``). The title's optional
    ``redeal`` deals only what no player has seen (Kashgar: the order of the draw piles
    but the cards a player put under one). Without it, the default is ``determinize``
    of the observation of the player to decide: everything that player cannot see is
    dealt anew (in a game of imperfect information, the other players' hidden cards
    too), with a generator of its own. A game that is over is returned as it is.

    :raises RulesError: for a seed that is not an integer from 0 to 2**64 - 1.
    """
    own = getattr(getattr(game, "optional", None), "redeal", None)
    if own is not None:
        dealt: StateT = own(state, seed)
        return dealt
    player = game.current_player(state)
    if player is None:
        return state
    return game.determinize(game.observe(state, player), seed)


def sample_options(
    game: Game[Any, Any, OptionsT, Any], seed: int, edit: DataEdit | None = None
) -> OptionsT | None:
    """What a title declares of its option space, for the soak and other sweeps:
    options drawn from ``seed`` (an integer; the same seed gives the same options).

    A title's optional ``sample_options(seed, edit)`` covers its whole space over the
    seeds (each player count, variant, component choice, and now and then a user's data
    file: a built-in one with values changed, :func:`varied_data`). Given ``edit``, it
    returns options carrying one of its data files as a user's file, its text passed
    through ``edit(name, text)`` first, for hostile tests (None from a title without
    data files); they may then be refused with a
    :class:`~silkroad.core.errors.RulesError` (a ``DataError``) there or at ``new_game``.
    Without the title's own (a game written elsewhere), the default
    options of one of the allowed player counts, in turn as ``seed`` grows; and None
    with ``edit`` (no data files are declared).
    """
    own = getattr(getattr(game, "optional", None), "sample_options", None)
    if own is not None:
        options: OptionsT | None = own(seed, edit)
        return options
    if edit is not None:
        return None
    counts = game.spec.allowed_players
    return game.default_options(counts[seed % len(counts)])


def varied_data(
    text: str, seed: int, numbers: Iterable[str], flags: Iterable[str] = (), share: float = 0.2
) -> str:
    """A data file's TOML ``text`` as a user might change it, drawn from ``seed``: about
    ``share`` of the lines ``name = N`` whose name is in ``numbers`` get a value one
    higher or one lower (never below 0, and never 0 from 1 or more), and as many of the
    lines ``name = true`` / ``false`` whose name is in ``flags`` are turned over; at
    least one line changes when any is eligible. Comments and every other line are kept.
    For a title's :func:`sample_options`: valid files that differ from the built-in one."""
    from silkroad.core.rng import Rng

    names = "|".join(re.escape(n) for n in (*numbers, *flags))
    if not names:
        return text
    line = re.compile(rf"^(\s*(?:{names}) = )(\d+|true|false)\s*$", re.M)
    spots = list(line.finditer(text))
    if not spots:
        return text
    rng = Rng.from_seed(seed)
    first, rng = rng.randrange(len(spots))
    out: list[str] = []
    at = 0
    for k, spot in enumerate(spots):
        roll, rng = rng.random()
        if k != first and roll >= share:
            continue
        value = spot.group(2)
        if value in ("true", "false"):
            new = "false" if value == "true" else "true"
        else:
            n = int(value)
            up, rng = rng.randrange(2)
            new = str(n + 1 if up or n <= 1 else n - 1)
        out += [text[at : spot.start(2)], new]
        at = spot.end(2)
    out.append(text[at:])
    return "".join(out)


def observation_data(observation: Any, options_type: type) -> dict[str, Any]:
    """Every field of an attrs ``observation`` but its options as JSON data (field name ->
    :func:`silkroad.core.serialize.to_data` of its value)."""
    fields = attrs.fields(attrs.resolve_types(type(observation)))
    return {
        f.name: to_data(getattr(observation, f.name), f.type)
        for f in fields
        if not isinstance(getattr(observation, f.name), options_type)
    }


def observation_words(game: Game[Any, Any, Any, ObsT], observation: ObsT) -> dict[str, Any]:
    """The fields of ``observation`` as JSON data, cards and tiles named as the table
    names them (:meth:`GameDefinition.observation_words`); for any other game, the
    fields' JSON data (the options left out)."""
    words = getattr(game, "observation_words", None)
    if words is not None:
        return words(observation)  # type: ignore[no-any-return]
    return observation_data(observation, game.options_type)


def known_facts(game: Game[Any, Any, Any, ObsT], observation: ObsT) -> tuple[Fact, ...]:
    """The facts ``observation`` holds of the hidden part of the game (the title's
    optional ``known_facts``; none for a game without it, a third party's included)."""
    lister = getattr(game, "known_facts", None)
    return () if lister is None else tuple(lister(observation))


def format_with_state(function: Callable[..., str]) -> Callable[..., str]:
    """A title's ``format_move`` as the contract calls it, ``(move, state=None)``:
    ``function`` itself when it takes a second argument, else a function that passes
    the move alone (a game whose notation needs no state, written before the state was
    passed: ``format_move=str``)."""
    try:
        params = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):  # a builtin such as str: the move alone
        params = []
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    if sum(p.kind in positional for p in params) >= 2 or any(
        p.kind is inspect.Parameter.VAR_POSITIONAL for p in params
    ):
        return function

    def format_move(move: Any, state: Any = None) -> str:
        del state
        return function(move)

    format_move.__doc__ = function.__doc__
    format_move.__name__ = getattr(function, "__name__", "format_move")
    return format_move


#: The module of a title package that is home to each part of the contract (docs/api.md,
#: "The shape of a title"): ``define_game(SPEC, package=__package__, ...)`` takes each
#: part from there, by its name.
PART_HOMES: dict[str, str] = {
    **dict.fromkeys(
        ("default_options", "num_players", "parse_move", "format_move", "max_game_length"),
        "game",
    ),
    **dict.fromkeys(
        ("new_game", "legal_moves", "apply", "current_player", "is_over", "scores"),
        "rules",
    ),
    "winners": "rules",
    "outcome": "rules",
    "validate": "check",
    **dict.fromkeys(("observe", "determinize", "known_facts"), "observe"),
    **dict.fromkeys(
        ("num_actions", "encode_move", "decode_move", "action_mask", "action_move"), "encoding"
    ),
    "render": "render",
    **dict.fromkeys(
        ("describe_move", "describe_events", "card_texts", "observation_words"), "describe"
    ),
    "evaluate": "evaluate",
    "holdings": "holdings",
    **dict.fromkeys(("observation_tensor", "observation_layout", "score_bounds"), "tensor"),
    **dict.fromkeys(("svg", "hides_move"), "svg"),
    **dict.fromkeys(("to_position", "from_position", "fill_position"), "position"),
    "redeal": "observe",
    "sample_options": "game",
    "component_provenance": "docgen",
    "explain": "explain",
}


def _parts_of_package(package: str) -> dict[str, Any]:
    """Each part of the contract found in its home module of ``package``
    (:data:`PART_HOMES`); a home module that does not exist gives no part."""
    found: dict[str, Any] = {}
    for name, home in PART_HOMES.items():
        try:
            module = importlib.import_module(f"{package}.{home}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{home}":
                raise
            continue
        if hasattr(module, name):
            found[name] = getattr(module, name)
    return found


#: The parts :func:`define_game` derives when a game does not give them.
DERIVED_PARTS: tuple[str, ...] = ("decode_move", "action_mask")
_DERIVED_WHEN = (
    " (decode_move and action_mask are derived for a state with an options field from "
    "legal_moves, encode_move and num_actions)"
)


def _derive_action_parts(spec: GameSpec, state_type: type, named: dict[str, Any]) -> None:
    """Add to ``named`` the :data:`DERIVED_PARTS` it lacks, derived from the game's
    ``legal_moves``, ``encode_move`` (its numbering of a legal move) and ``num_actions``
    when its states keep their options (``state.options``): the parts every title
    derives, written once (:class:`~silkroad.core.action_parts.ActionParts`)."""
    absent = [name for name in DERIVED_PARTS if name not in named]
    sources = ("legal_moves", "encode_move", "num_actions")
    if not absent or not all(callable(named.get(name)) for name in sources):
        return
    if not attrs.has(state_type) or "options" not in attrs.fields_dict(state_type):
        return  # reported as missing, with what deriving them needs

    def refuse(state: Any, move: Any) -> IllegalMoveError:
        return IllegalMoveError(f"{move!r} is not a legal move", state=state, move=move)

    parts = ActionParts(
        spec.name,
        named["legal_moves"],
        named["encode_move"],
        named["num_actions"],
        None,
        attrgetter("options"),
        refuse,
    )
    for name in absent:
        named[name] = getattr(parts, name)


def define_game(
    spec: GameSpec,
    *,
    options_type: type[OptionsT],
    state_type: type[StateT],
    move_types: tuple[type, ...],
    observation_type: type[ObsT],
    package: str | None = None,
    parts: Iterable[Callable[..., Any]] | Mapping[str, Callable[..., Any]] | None = None,
) -> GameDefinition[StateT, Any, OptionsT, ObsT]:
    """A title's ``GAME``, each part of the contract found by its own name, so that no
    function can stand under another part's name. A title package whose modules have the
    roles of docs/api.md passes its name, and every part is taken from its home module
    (:data:`PART_HOMES`: ``legal_moves`` from ``rules``, ``svg`` from ``svg``...)::

        GAME = define_game(SPEC, package=__package__, options_type=Options, ...)

    Any other game gives ``parts``: the functions themselves (named by ``__name__``), or
    a mapping from part names to functions (for lambdas and wrappers). Every name of
    :data:`REQUIRED_PARTS` must be found, but :data:`DERIVED_PARTS`: a game whose state
    has an ``options`` field and that gives ``legal_moves``, ``encode_move`` and
    ``num_actions`` gets ``decode_move`` and ``action_mask`` derived from them, as the
    titles do (:mod:`silkroad.core.actions`). Those of :data:`OPTIONAL_PARTS` may be
    found.

    :raises TypeError: naming each required part that is missing, each name that is no
        part of the contract, each part given twice and each one that is not callable;
        and for neither or both of ``package`` and ``parts``.
    """
    if (package is None) == (parts is None):
        raise TypeError("define_game takes a package or parts, not both and not neither")
    if package is not None:
        parts = _parts_of_package(package)
    assert parts is not None
    named: dict[str, Any] = {}
    problems: list[str] = []
    items = (
        parts.items()
        if isinstance(parts, Mapping)
        else ((getattr(f, "__name__", repr(f)), f) for f in parts)
    )
    for name, function in items:
        if name not in REQUIRED_PARTS and name not in OPTIONAL_PARTS:
            problems.append(f"{name} is no part of the contract")
        elif name in named:
            problems.append(f"{name} is given twice")
        elif not callable(function):
            problems.append(f"{name} is {type(function).__name__}, not a function")
        named[name] = function
    _derive_action_parts(spec, state_type, named)
    missing = [name for name in REQUIRED_PARTS if name not in named]
    if missing:
        derivable = "" if not set(missing) & set(DERIVED_PARTS) else _DERIVED_WHEN
        problems.insert(0, f"lacks {', '.join(missing)}{derivable}")
    if problems:
        raise TypeError(
            f"the definition of {spec.name!r}: {'; '.join(problems)} (the parts of the "
            "contract are named in docs/api.md)"
        )
    required: dict[str, Any] = {name: named[name] for name in REQUIRED_PARTS}
    given = {name: named[name] for name in OPTIONAL_PARTS if name in named}
    return GameDefinition(
        spec=spec,
        options_type=options_type,
        state_type=state_type,
        move_types=move_types,
        observation_type=observation_type,
        optional=OptionalParts(**given),
        **required,
    )
