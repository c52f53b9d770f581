"""[DH-2] Options and the game state of Dunhuang.

The state is a frozen attrs value. Cards and tiles are their data ids (a character id
and a fresco tile id are separate name spaces); action spots are numbered by the table
built from the options (``table.py``). Effects being resolved are kept as their text
notation so a state stays small and readable.
"""

from __future__ import annotations

import enum
import tomllib
from collections.abc import Iterable
from pathlib import Path

import attrs
from immutables import Map

from silkroad.core.data import loads_toml, read_data_file
from silkroad.core.errors import DataError, RulesError
from silkroad.core.game import OMITTABLE
from silkroad.core.registry import jupyter_svg
from silkroad.core.rng import Rng
from silkroad.dunhuang.cards import PackDef, parse_pack_text
from silkroad.dunhuang.packs import PROMO_DATA, available, check_fit, check_pack, parse_promo_text
from silkroad.dunhuang.packs import get as get_pack

__all__ = [
    "BASIC",
    "DEFAULT_PACKS",
    "FRESCO",
    "PUBLIC",
    "SPOT_COUNT",
    "ULTIMATE",
    "Action",
    "Choice",
    "ChoiceKind",
    "Frame",
    "FrescoSpot",
    "Options",
    "Phase",
    "Player",
    "Solo",
    "State",
]

#: [DH-2.1.2] The packs recommended for a first game.
DEFAULT_PACKS: tuple[str, ...] = ("silk", "gold", "tea")
#: [DH-3] Rounds in a game.
ROUNDS = 8
#: [DH-2.2.1] Meeples, overseer dice and character spots of a player.
MEEPLES = DICE = SLOTS = 3
#: [DH-2.1.5] Positions of the character recruiting row.
ROW = 4
#: [DH-2.3.5] Fresco tiles in each pack of the draft, and so rounds of the draft.
DRAFT_PACK = 5
#: [DH-6.2.1] The packs a solitaire game draws its two packs from.
SOLO_PACKS: tuple[str, ...] = ("silk", "tea", "china", "gold")
#: [DH-6.2.4] Positions of the public fresco line in solitaire (a position holds a tile,
#: or the meeple that used it until cleanup). The setup's two public frescoes use the
#: first two; a fourth fresco (DH-6.3.2) is used at once and never waits on the line.
#: The line keeps 14 positions so that the spot and action ids of rules 1.2 to 1.5 stay.
PUBLICS = 14
#: [DH-6.2.6] The rounds by whose end the first set, the second set and the final quest
#: must be complete in solitaire, by default (``Options.deadlines``): the rulebook says
#: only "in designated time", and the one time it designates is the game's eight rounds
#: (DH-3, DH-6.2.5), so every set is due by the end of round 8.
SOLO_DEADLINES: tuple[int, ...] = (ROUNDS, ROUNDS, ROUNDS)
#: [DH-6.2.6] Staged deadlines (rounds 4, 6 and 8), the ruling of rules 1.0 to 1.5; an
#: option now (``Options(1, deadlines=STAGED_DEADLINES)``), never the default.
STAGED_DEADLINES: tuple[int, ...] = (4, 6, ROUNDS)
#: [DH-6.2.3] [DH-6.3.3] Fresco tiles drawn for each placement in solitaire.
SOLO_DRAW = 4

#: First spot id of each area: 12 basic, 3 ultimate, then 3 fresco spots per player,
#: then the public fresco line of solitaire (DH-6.2.4).
BASIC, ULTIMATE, FRESCO = 0, 12, 15
PUBLIC = FRESCO + 3 * 4
#: [DH-2.0] [DH-6.2.4] Every spot id any game can use.
SPOT_COUNT = PUBLIC + PUBLICS


def _promo_file(text: str) -> bool:
    """Whether a data file's text is promo data: TOML without a ``[pack]`` table and
    with promo characters or tiles (a Starting Pack file always has ``[pack]``)."""
    try:
        raw = loads_toml(text)
    except tomllib.TOMLDecodeError:
        return False  # the pack reader names the TOML error
    return "pack" not in raw and ("characters" in raw or "frescoes" in raw)


def _names(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):  # one word is one name, not a list of letters
        return (value,)
    return tuple(value)


def _default_packs(options: Options) -> tuple[str, ...]:
    return () if options.players == 1 else DEFAULT_PACKS


def _rounds(value: Iterable[int]) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise RulesError(f"deadlines are three round numbers, got {value!r}")
    return tuple(value)


def _pairs(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((str(a), str(b)) for a, b in value)


@attrs.frozen(cache_hash=True)
class Options:
    """[DH-2.1.2] [DH-6.1] [DH-6.2] How to set up a game.

    :ivar players: 3 or 4 (DH-6.1 is the 3-player mode), or 1 for solitaire (DH-6.2).
    :ivar packs: the three Starting Packs in play (default Silk, Gold, Tea); in
        solitaire two of Silk, Tea, China and Gold, or none (the default) to draw two
        at random from the game's RNG at setup (the state's options then name them).
    :ivar data: replacement data files, as (pack name, TOML text) pairs: a pack listed
        here uses this text instead of its built-in file (see :meth:`with_pack_file`);
        the name ``"promos"`` replaces the promo data (``data/promos.toml``, used with
        ``promos``). The options carry the text, so a record replays without the file.
    :ivar promos: [DH-8] [DH-9] use the promo characters of the packs in play (3 or 4
        players) and, with four players, their promo fresco tiles (default off; not in
        solitaire).
    :ivar deadlines: [DH-6.2.6] solitaire: the rounds by whose end the first set, the
        second set and the final quest must be complete, else the game is lost then;
        default ``SOLO_DEADLINES`` (every set by the end of round 8, the only time the
        rulebook designates); ``STAGED_DEADLINES`` (4, 6, 8) is the staged reading. Only
        solitaire has deadlines: other games keep the default.
    """

    players: int = 4
    packs: tuple[str, ...] = attrs.field(
        default=attrs.Factory(_default_packs, takes_self=True), converter=_names
    )
    data: tuple[tuple[str, str], ...] = attrs.field(default=(), repr=False, converter=_pairs)
    promos: bool = False
    deadlines: tuple[int, ...] = attrs.field(default=SOLO_DEADLINES, converter=_rounds)

    def __attrs_post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (1, 3, 4):
            raise RulesError(f"Dunhuang is played here by 1, 3 or 4 players, got {self.players!r}")
        if not isinstance(self.promos, bool):
            raise RulesError(f"promos is True or False, got {self.promos!r}")
        if self.promos and self.players == 1:
            raise RulesError(
                "the promo characters and tiles are not used in solitaire (DH-6.2.1 shuffles "
                "only the two packs' cards and tiles; DH-8: promo tiles are 4-player only)"
            )
        self._check_deadlines()
        if self.players == 1:
            if self.packs and (
                len(self.packs) != 2
                or len(set(self.packs)) != 2
                or not set(self.packs) <= set(SOLO_PACKS)
            ):
                raise RulesError(
                    "solitaire uses two different packs of "
                    f"{', '.join(SOLO_PACKS)} (or none, to draw them), got {self.packs!r}"
                )
        elif len(self.packs) != 3 or len(set(self.packs)) != 3:
            raise RulesError(f"choose three different Starting Packs, got {self.packs!r}")
        known = available()
        for name in self.packs:
            if name not in known:
                raise RulesError(
                    f"unknown Starting Pack {name!r} (known: {', '.join(sorted(known))})"
                )
        for name, text in self.data:
            if name == PROMO_DATA:
                parse_promo_text(text, f"data of {name}")
                continue
            if name not in known:
                raise RulesError(
                    f"data given for unknown Starting Pack {name!r} (or {PROMO_DATA!r}, "
                    "the promo data)"
                )
            parsed = parse_pack_text(text, f"data of {name}")
            if parsed.name != name:
                raise DataError(
                    f"the file describes pack {parsed.name!r}, not {name!r}",
                    source=f"data of {name}",
                    entry="pack",
                    field="name",
                )
            check_pack(parsed, f"data of {name}")
        if len({name for name, _ in self.data}) != len(self.data):
            raise RulesError("data is given twice for one Starting Pack (or for the promos)")
        if self.promos:
            check_fit(self)

    def _check_deadlines(self) -> None:
        """[DH-6.2.6] Three rounds of the game, one per set, none before the one before."""
        d = self.deadlines
        if (
            len(d) != 3
            or any(isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= ROUNDS for r in d)
            or list(d) != sorted(d)
        ):
            raise RulesError(
                "deadlines are the rounds (1 to 8) by whose end the first set, the second set "
                f"and the final quest are due, none before the one before, got {d!r}"
            )
        if self.players != 1 and d != SOLO_DEADLINES:
            raise RulesError(
                f"deadlines are for solitaire only (DH-6.2.6), not a {self.players}-player game"
            )

    def with_pack_file(self, path: str | Path) -> Options:
        """These options with a Starting Pack's data replaced by the file at ``path``
        (for instance the printed values); the file's ``[pack] name`` says which pack.

        :raises DataError: for a file that cannot be read or breaks the format, or that
            does not make a game with the other packs of these options.
        """
        text = read_data_file(path)  # a DataError naming the file (not UTF-8, missing)
        if _promo_file(text):
            return self.with_promo_file(path)
        name = parse_pack_text(text, str(path)).name
        data = (*((n, t) for n, t in self.data if n != name), (name, text))
        try:
            options = attrs.evolve(self, data=data)
        except DataError as exc:  # found with the other packs: named by its file
            if exc.source != f"data of {name}":
                raise
            raise DataError(
                exc.detail, source=str(path), entry=exc.entry, field=exc.field
            ) from None
        if name in options.packs:
            # [DH-2.1.2] checked with the packs it plays with now, not at setup: enough
            # fresco tiles for the players (promo tiles change nothing: [DH-8] one pack
            # tile leaves for each)
            have = options._pack_tiles()
            need = 2 * SOLO_DRAW if self.players == 1 else 5 * self.players + (self.players == 4)
            if have < need or (self.players > 1 and have > need):
                from silkroad.dunhuang.table import _tile_count_problem

                others = ", ".join(p for p in options.packs if p != name)
                raise DataError(
                    f"{_tile_count_problem(self.players, need, have)} (with {others})",
                    source=str(path),
                    field="frescoes",
                )
        return options

    def with_promo_file(self, path: str | Path) -> Options:
        """[DH-8] [DH-9] These options with the promo data replaced by the file at
        ``path`` (the format of ``data/promos.toml``, for instance with the printed names;
        used when ``promos`` is on). :meth:`with_pack_file` hands such a file here.

        :raises DataError: for a file that cannot be read or breaks the format.
        """
        text = read_data_file(path)  # a DataError naming the file (not UTF-8, missing)
        parse_promo_text(text, str(path))  # errors named by the file
        data = (*((n, t) for n, t in self.data if n != PROMO_DATA), (PROMO_DATA, text))
        return attrs.evolve(self, data=data)

    def replaced_packs(self) -> dict[str, PackDef]:
        """The packs whose data ``data`` replaces, by name (the promo data left out)."""
        return {n: parse_pack_text(t, f"data of {n}") for n, t in self.data if n != PROMO_DATA}

    def _pack_tiles(self) -> int:
        """[DH-2.1.2] How many fresco tiles the chosen packs hold for this player count
        (the 4-player-only tiles count in 4-player and solitaire games)."""
        given = self.replaced_packs()
        four = self.players in (1, 4)
        return len(
            {
                f.id
                for name in self.packs
                for f in (given[name] if name in given else get_pack(name).data).frescoes
                if four or not f.four_player_only
            }
        )


class Phase(enum.Enum):
    """[DH-2] [DH-3] Where the game is."""

    #: [DH-2.3.5] Fresco draft.
    DRAFT = "draft"
    #: [DH-2.3.6] Each player places a first fresco tile.
    PLACE = "place"
    #: [DH-3.1] Starting phase.
    START = "start"
    #: [DH-3.2] Action phase.
    ACTION = "action"
    #: [DH-3.3] Cleanup phase.
    CLEANUP = "cleanup"
    #: [DH-4] The game has ended.
    OVER = "over"


class ChoiceKind(enum.Enum):
    """[DH-3.2] The kinds of pending decision."""

    #: [DH-2.3.5] which fresco tile to keep from the pack in hand (``Keep``).
    DRAFT = "draft"
    #: [DH-2.3.6] which tile to place first (``Paint``).
    PLACE = "place"
    #: [DH-3.1.1] which uncovered income reward to take (``Take``).
    INCOME = "income"
    #: [DH-3.2] whether to activate the meeple's character (``Ability``).
    ABILITY = "ability"
    #: [DH-3.E.2] which token to upgrade (``Upgrade``).
    UPGRADE = "upgrade"
    #: [DH-3.E.14] [DH-3.3.4] which token or reward to gain (``Take``).
    GAIN = "gain"
    #: [DH-3.E.7] [DH-3.E.8] which character, to which spot (``Recruit``).
    RECRUIT = "recruit"
    #: [DH-3.E.11] which tile to paint (``Paint``).
    PAINT = "paint"
    #: [DH-3.E.11 note 3] which reward-area die to use (``UseDie``).
    DIE = "die"
    #: [DH-3.E.10] which own fresco advances (``Continue``).
    CONTINUE = "continue"
    #: a pack effect's own choice (``Choose``).
    PACK = "pack"
    #: [DH-6.2.4] which drawn tile becomes a public fresco (``Paint``).
    PUBLIC = "public"
    #: [DH-6.2.3] [DH-6.3.3] which drawn tile goes to the bottom of the stack next (``Bottom``).
    BOTTOM = "bottom"


@attrs.frozen(slots=False)  # copied as one dict by engine.replace
class Choice:
    """[DH-3.2] A pending decision of ``player``.

    :ivar arg: what the decision is about: the GAIN kind (``product``, ``left``,
        ``right``, ``paint-left``, ``paint-right``), the RECRUIT mode, the pack effect.
    :ivar n: a tile being painted (DIE, GAIN while painting).
    :ivar slot: the character spot a recruitment must use (Gold free recruitment).
    """

    kind: ChoiceKind
    player: int
    arg: str = ""
    n: int = 0
    slot: int | None = None


@attrs.frozen(slots=False)  # copied as one dict by engine.replace
class Frame:
    """[DH-3.2] Effects being resolved for ``player``.

    :ivar effects: the effects not yet resolved (their notation).
    :ivar manual: the player picks the order and may skip (an action); otherwise the
        effects resolve in order, each when it can (rewards, abilities).
    :ivar done: some effect of this frame was resolved.
    :ivar quest: Emperor's Quest applies (False for the Begin Painting extra action).
    :ivar slot: the character spot of the meeple used (None: no meeple, e.g. the
        Begin Painting extra action); its character is whoever is there when an effect
        resolves.
    :ivar bonus: VP gained when the frame ends (DH-3.E.11 note 1).
    :ivar still: [DH-3.E.11] the fresco tile of a Begin Painting extra action, whose die
        does not change while the frame (and any frame above it) is resolved, except by
        a promo tile's own lower effect (DH-9.3).
    :ivar lower: [DH-9.3] the promo tile whose lower effect is being resolved: the frame
        holds no effect of its own, lies under the effect's reward, and lowers that tile's
        die by 1 when it ends, once the reward is resolved (None for any other frame).
    """

    player: int
    effects: tuple[str, ...]
    manual: bool = True
    done: bool = False
    quest: bool = True
    slot: int | None = None
    bonus: int = 0
    still: int | None = None
    lower: int | None = None


@attrs.frozen(slots=False)  # copied as one dict by engine.replace
class Action:
    """[DH-3.2] The action in progress: who, which meeple (None: none used)."""

    player: int
    meeple: int | None
    ability: bool = False


@attrs.frozen
class FrescoSpot:
    """[DH-3.C] One of a player's three fresco action spots: tile and die value.

    ``die`` None with a tile: the fresco is complete and leaves at cleanup (DH-3.D).
    """

    tile: int | None = None
    die: int | None = None


_EMPTY_SPOTS = (FrescoSpot(), FrescoSpot(), FrescoSpot())


@attrs.frozen(slots=False)  # copied as one dict by engine.replace
class Player:
    """[DH-2.2] A player's board.

    :ivar tokens: Material, Product and derivative tiles by kind (no zero entries).
    :ivar characters: the card on each character spot (None: empty).
    :ivar grain: the grain under each character spot.
    :ivar home: which meeples are on the player board.
    :ivar income: dice on the income area (they cover its rightmost spots).
    :ivar left: dice on the left spot of the overseer reward area; ``right`` likewise.
    :ivar hand: fresco tiles in hand (hidden from others).
    :ivar counters: statistics that achievements and packs read (``painted:silk``...).
    :ivar drafted: [DH-2.3.5] the tiles this player kept in the fresco draft, in the order
        kept (one a round). Knowledge, not a rule: the packs passed around the table are
        rebuilt from it, so that each player's observation keeps what they saw of the
        packs (``silkroad.dunhuang.observe``). Empty in solitaire, and where unknown
        (a position that gives hands but no draft).
    """

    coins: int = 0
    pigment: int = 0
    vp: int = 0
    tokens: Map[str, int] = attrs.field(factory=Map)
    characters: tuple[int | None, int | None, int | None] = (None, None, None)
    grain: tuple[int, int, int] = (0, 0, 0)
    home: tuple[bool, bool, bool] = (True, True, True)
    income: int = DICE
    left: int = 0
    right: int = 0
    frescoes: tuple[FrescoSpot, FrescoSpot, FrescoSpot] = _EMPTY_SPOTS
    hand: tuple[int, ...] = ()
    counters: Map[str, int] = attrs.field(factory=Map)
    drafted: tuple[int, ...] = attrs.field(default=(), metadata={OMITTABLE: True})

    def count(self, key: str) -> int:
        """How many tokens of kind ``key`` (or statistic ``key``) the player has."""
        if "+" in key:
            return sum(self.count(k) for k in key.split("+"))
        value = self.tokens.get(key)
        if value is None:
            value = self.counters.get(key, 0)
        return value


@attrs.frozen(slots=False)  # copied as one dict by engine.replace
class Solo:
    """[DH-6.2] [DH-6.3] The solitaire parts of the table.

    :ivar stack: [DH-6.3.3] the fresco tile stack, top first.
    :ivar known: [DH-6.3.3] how many tiles at the bottom of the stack the player put
        there (their order is known to the player).
    :ivar drawn: [DH-6.3.3] tiles drawn from the stack and not yet placed or returned.
    :ivar publics: [DH-6.2.4] the public fresco line (None: free position).
    :ivar aside: [DH-6.3.4] character cards that left play, kept aside.
    """

    stack: tuple[int, ...] = ()
    known: int = 0
    drawn: tuple[int, ...] = ()
    publics: tuple[int | None, ...] = (None,) * PUBLICS
    aside: tuple[int, ...] = ()


@attrs.frozen(slots=False)  # copied as one dict by engine.replace
class State:
    """[DH-2] The whole game.

    :ivar first: the first player of this round; ``next_first`` who takes the tile.
    :ivar turn: whose meeple turn it is in the action phase.
    :ivar row: the character recruiting row, leftmost first (None: empty).
    :ivar deck: the character draw pile, top first; ``discard`` its discard pile.
    :ivar public: the public fresco tile (None: none); ``revealed`` once flipped.
    :ivar draft: the tiles each player holds to draft from.
    :ivar gone: fresco tiles removed from the game (completed and cleaned up).
    :ivar spots: occupied action spots: spot -> ``3 * player + meeple``.
    :ivar achievements: claimed achievement spots: key -> player.
    :ivar queue: decisions waiting after the current one (income, cleanup rewards).
    :ivar final: final scores once the game is over.
    :ivar solo: [DH-6.2] the solitaire parts of the table (None in other games); read
        through ``stack``, ``known``, ``drawn``, ``publics`` and ``aside``.
    """

    options: Options
    rng: Rng
    phase: Phase
    round: int
    first: int
    players: tuple[Player, ...]
    row: tuple[int | None, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...] = ()
    public: int | None = None
    revealed: bool = False
    draft: tuple[tuple[int, ...], ...] = ()
    gone: tuple[int, ...] = ()
    next_first: int | None = None
    turn: int = 0
    spots: Map[int, int] = attrs.field(factory=Map)
    achievements: Map[str, int] = attrs.field(factory=Map)
    frames: tuple[Frame, ...] = ()
    choice: Choice | None = None
    action: Action | None = None
    queue: tuple[Choice, ...] = ()
    final: tuple[int, ...] | None = None
    solo: Solo | None = None

    @property
    def stack(self) -> tuple[int, ...]:
        """[DH-6.3.3] The solitaire fresco tile stack, top first."""
        return () if self.solo is None else self.solo.stack

    @property
    def known(self) -> int:
        """[DH-6.3.3] Tiles at the bottom of the stack whose order the player knows."""
        return 0 if self.solo is None else self.solo.known

    @property
    def drawn(self) -> tuple[int, ...]:
        """[DH-6.3.3] Tiles drawn from the stack, not yet placed or returned."""
        return () if self.solo is None else self.solo.drawn

    @property
    def publics(self) -> tuple[int | None, ...]:
        """[DH-6.2.4] The public fresco line of solitaire (None: free position)."""
        return () if self.solo is None else self.solo.publics

    @property
    def aside(self) -> tuple[int, ...]:
        """[DH-6.3.4] Character cards that left play in solitaire, kept aside."""
        return () if self.solo is None else self.solo.aside

    def _repr_svg_(self) -> str | None:
        """The picture of the whole table, for Jupyter (the title's ``svg``, found through
        its game definition)."""
        return jupyter_svg("dunhuang", self)
