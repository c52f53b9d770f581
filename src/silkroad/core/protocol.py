"""The contract every title fulfils, as types: the :class:`Game` protocol, the
:class:`GameSpec` metadata and the values a game answers with (:class:`Outcome`,
:class:`Chance`, :class:`Information`), and which classes are a game's options.

This module knows no other part of the library but the errors: serialization, positions
and the feature hash build on it, and :mod:`silkroad.core.game` (which re-exports every
name here) assembles a title's definition from its functions on top of them all.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import attrs

from silkroad.core.errors import RulesError, shorten
from silkroad.core.tensor import Layout
from silkroad.core.vocabulary import Vocabulary

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "DEFAULT_ROLLOUT_DEPTH",
    "OMITTABLE",
    "AnyGame",
    "Chance",
    "Fact",
    "Game",
    "GameSpec",
    "Information",
    "MoveT",
    "ObsT",
    "OptionsT",
    "Outcome",
    "StateT",
    "check_player",
    "declare_options_type",
    "is_options_type",
    "score_margin",
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


def _check_rulebook(prefix: str, sections: tuple[tuple[str, str], ...]) -> None:
    """A rulebook prefix is capital letters; a declared section is (id, heading) with an
    id of that prefix (``TG-1``, ``TG-2.B``)."""
    if not isinstance(prefix, str) or (prefix and not (prefix.isascii() and prefix.isalpha())):
        raise ValueError(f"a rulebook prefix is letters, like 'KG', got {prefix!r:.40}")
    if prefix != prefix.upper():
        raise ValueError(f"a rulebook prefix is capital letters, like 'KG', got {prefix!r}")
    if not isinstance(sections, tuple):
        raise ValueError(f"sections must be a tuple of (id, heading), got {sections!r:.60}")
    if sections and not prefix:
        raise ValueError("sections need the rulebook prefix their ids start with")
    for section in sections:
        if (
            not isinstance(section, tuple)
            or len(section) != 2
            or not all(isinstance(part, str) for part in section)
            or not section[0].startswith(f"{prefix}-")
            or len(section[0]) == len(prefix) + 1
        ):
            raise ValueError(
                f"a section is (id, heading) with an id like '{prefix}-1', got {section!r:.60}"
            )


#: Random decisions a search's rollout plays in a title whose spec names no number.
DEFAULT_ROLLOUT_DEPTH = 4


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
    :ivar rollout_depth: the random decisions a search's rollout plays in this title
        when its agent is given no number (:class:`silkroad.agents.ISMCTSAgent`): a
        title whose turns take many small decisions needs more of them to see as far.
    :ivar rulebook: the prefix of the ids of the title's rulebook sections (``"KG"`` for
        ``KG-4.B``); tests claim sections with ``@pytest.mark.rule``, and ``silkroad
        rules`` lists and counts them by it. Empty for a game without a rulebook.
    :ivar sections: the title's rulebook sections with rules, ``(id, heading)`` in
        rulebook order, for a title whose sections are not in the library's own table
        (``silkroad/data/sections.tsv``, which holds the built-in titles'); each id
        starts with ``rulebook`` and a dash.
    :ivar configurations: the options a sweep over the title's rules runs under (the
        refusal measure of :mod:`silkroad.testing.reasons`), each as options data that
        overrides the default options of its ``players`` (``{"players": 3, "expansion":
        "all"}``); empty means the default options alone. Not part of the spec's
        equality (the data are not hashable).
    :ivar vocabularies: the title's records of words, one :class:`~silkroad.core.vocabulary.
        Vocabulary` per enum of kinds its texts speak of (effects, decisions): each has a
        record for every member, so a kind added without its words stops the title at
        import. Not part of the spec's equality.
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
    rollout_depth: int = DEFAULT_ROLLOUT_DEPTH
    rulebook: str = ""
    sections: tuple[tuple[str, str], ...] = ()
    configurations: tuple[Mapping[str, Any], ...] = attrs.field(default=(), eq=False)
    vocabularies: tuple[Vocabulary[Any, Any], ...] = attrs.field(default=(), eq=False)

    def __attrs_post_init__(self) -> None:
        _check_rulebook(self.rulebook, self.sections)
        if not isinstance(self.configurations, tuple) or not all(
            isinstance(c, Mapping) for c in self.configurations
        ):
            raise ValueError(
                f"configurations must be a tuple of mappings (options data), got "
                f"{self.configurations!r:.60}"
            )
        if not isinstance(self.vocabularies, tuple) or not all(
            isinstance(v, Vocabulary) for v in self.vocabularies
        ):
            raise ValueError(
                f"vocabularies must be a tuple of Vocabulary, got {self.vocabularies!r:.60}"
            )
        depth = self.rollout_depth
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise ValueError(f"rollout_depth must be an integer >= 0, got {depth!r}")
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

    def format_move(self, move: MoveT, state: StateT | None = None) -> str:
        """The notation of ``move``; ``parse_move(state, format_move(m, state)) == m``.

        It depends on the move's value alone, and given ``state`` (any state of the
        move's game) on that game's options too, never on the position: equal moves
        print alike. Without a state it is ``str(move)``; with one a title may name a
        component from the options' tables (Kashgar: ``keep planter`` for ``keep 57``).
        Records, positions and the tools write the form with the state."""
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


@attrs.frozen
class Fact:
    """Something an observer knows of the hidden part of a game, from what they saw: a
    card that lies on top of a pile, a pile that holds a card, a hand that holds one
    tile of a pack. A title lists the facts an observation holds (``known_facts``); every
    state ``determinize`` deals from the observation keeps them, and so does the real one.

    :ivar text: the fact in words, for messages (``"Rome's draw pile has Guard on top"``).
    :ivar holds: whether a full state agrees with the fact.
    """

    text: str
    holds: Callable[[Any], bool] = attrs.field(eq=False, repr=False)


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
