"""[DH-2] Dunhuang positions: a state as TOML a person can read and write.

Characters are named by their printed name (``"Weaver"``) or their data id as in the
notation (``"c401"``); a printed name that two characters in play share (Gold's and
Iron's ``"Miner"``) names neither, and a position writes such a character by its id. Fresco
tiles by their data id as in the notation (``"t401"``),
tokens by their data key (``silk-material = 2``), action spots by their notation label
(``b3``, ``u1``, ``f2.1``, ``p4``), players by seat from 0 (``[player.0]``); meeples,
character spots and fresco spots count from 1 as in the notation, and ``""`` is an empty
position. The pending decision is a word of :class:`~silkroad.dunhuang.state.ChoiceKind`
(``decision = "recruit"``).

A position may be partial: what it leaves out comes from the seeded setup of its options
(``seed``, default 0), and the cards and tiles it names are moved out of the places they
had there (:func:`silkroad.core.position.fill_zones`; ``docs/scenarios.md``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from immutables import Map

from silkroad.core.errors import StateError, UnknownCardError, shorten
from silkroad.core.position import (
    FORMAT_VERSION,
    REQUIRED,
    CardInfo,
    Fields,
    Filled,
    Moved,
    check_derived,
    dump,
    fill_zones,
    options_data,
    parse,
    read_options,
    read_rng,
    read_start,
    rng_data,
)
from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.check import (
    final_scores,
    held_tile,
    income_dice,
    revealed_in,
    statistics_shown,
    validate,
)
from silkroad.dunhuang.describe import character_text, tile_text
from silkroad.dunhuang.moves import spot_label, spot_of_label
from silkroad.dunhuang.rules import new_game
from silkroad.dunhuang.state import (
    DICE,
    MEEPLES,
    PUBLICS,
    ROUNDS,
    ROW,
    SLOTS,
    Action,
    Choice,
    ChoiceKind,
    Frame,
    FrescoSpot,
    Options,
    Phase,
    Player,
    Solo,
    State,
)
from silkroad.dunhuang.table import Table, table
from silkroad.dunhuang.vocabulary import DECISIONS

__all__ = ["SUPPLY", "bare_table", "fill_position", "from_position", "lookup", "to_position"]

_TILE = re.compile(r"t([0-9]+)")
_CHAR = re.compile(r"c([0-9]+)")
EMPTY = ""


def _defaults(players: int | None) -> Options:
    """The standard options (as ``GAME.default_options``)."""
    return Options() if players is None else Options(players=players)


def _tile(x: int | None) -> str:
    return EMPTY if x is None else f"t{x}"


def _optional(value: int | None, base: int = 0) -> int | str:
    return EMPTY if value is None else value + base


def lookup(query: str | int, options: Options | None = None) -> CardInfo:
    """[DH-2.1] A character or a fresco tile as positions, the notation and the engine
    show it, found by its printed name in any case (``"Weaver"``, a character's name
    only one character in play has), its notation ``c401`` or ``t401``, or its id
    (``401``, as the state's zones and the moves hold it: a character's id when one has
    it, else a tile's; ``c``/``t`` says which where both have it): the key (``c401``,
    ``t401``), the printed name (a tile has none: its key), the pack, how a position
    writes it and its id, and its text. ``options`` default to Silk, Gold and Tea with
    four players; which characters and tiles there are depends on the packs.

    :raises UnknownCardError: for a name or id of nothing in the game.
    """
    t = table(options if options is not None else _defaults(None))
    written = _written_names(t)
    if isinstance(query, int) and not isinstance(query, bool):
        if query in t.characters and query in t.tiles:
            raise UnknownCardError(
                f"{query} is the id of character c{query} and of tile t{query}: name one"
            )
        if query in t.characters:
            query = f"c{query}"
        elif query in t.tiles:
            query = f"t{query}"
    if isinstance(query, str):
        text = " ".join(query.split())
        m = _TILE.fullmatch(text)
        if m and int(m.group(1)) in t.tiles:
            tile = int(m.group(1))
            d = t.tiles[tile]
            key = f"t{tile}"
            return CardInfo(
                key, key, f"{d.pack} fresco tile", (key,), (tile,), tile_text(t, tile), tile
            )
        m = _CHAR.fullmatch(text)
        ids = [int(m.group(1))] if m and int(m.group(1)) in t.characters else None
        named = ids is not None
        if ids is None:
            ids = sorted(c for c, d in t.characters.items() if d.name.lower() == text.lower())
        if len(ids) > 1:
            raise UnknownCardError(
                f"{text!r} is the printed name of several characters in play "
                f"({', '.join(f'c{c}' for c in ids)}): name one by its id"
            )
        if ids:
            c = ids[0]
            card = t.characters[c]
            return CardInfo(
                f"c{c}",
                card.name,
                f"{card.pack} character",
                (written[c],),
                (c,),
                character_text(t, c),
                c if named else None,
            )
    raise UnknownCardError(
        f"{shorten(query)} is not a character or fresco tile of this game's packs (a "
        "printed name, c<id>, t<id> or an id)"
    )


# --------------------------------------------------------------------------- writing


def _words(state: State) -> str:
    choice = state.choice
    if state.phase is Phase.OVER:
        return "the game is over"
    if choice is None:
        return f"{state.phase.value} phase, P{state.turn} to place a meeple"
    what = DECISIONS[choice.kind].question(choice)
    return f"round {state.round}, {state.phase.value} phase: P{choice.player} to decide {what}"


def _choice_data(choice: Choice, t: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"decision": choice.kind.value, "player": choice.player}
    if choice.arg:
        out["about"] = choice.arg
    if held_tile(choice) is not None:
        out["tile"] = _tile(choice.n)
    elif choice.n:
        out["n"] = choice.n
    if choice.slot is not None:
        out["slot"] = choice.slot + 1
    return out


def _frame_data(frame: Frame) -> dict[str, Any]:
    out: dict[str, Any] = {"player": frame.player, "effects": list(frame.effects)}
    if not frame.manual:
        out["manual"] = False
    if frame.done:
        out["done"] = True
    if not frame.quest:
        out["quest"] = False
    if frame.slot is not None:
        out["slot"] = frame.slot + 1
    if frame.bonus:
        out["bonus"] = frame.bonus
    if frame.still is not None:
        out["still"] = _tile(frame.still)
    if frame.lower is not None:
        out["lower"] = _tile(frame.lower)
    return out


def _player_data(player: Player, draft: Sequence[int] | None, t: Table) -> dict[str, Any]:
    """``[player.N]``: every field of the player (:data:`_PLAYER_KEYS`), and the tiles the
    player drafts from while the draft is on."""
    out = {
        key: k.write(getattr(player, key), t) for key, k in _PLAYER_KEYS.items() if not k.omitted
    }
    if draft is not None:
        out["draft"] = [_tile(x) for x in draft]
    for key, k in _PLAYER_KEYS.items():
        value = getattr(player, key)
        if k.omitted and value:
            out[key] = k.write(value, t)
    return out


def _written_names(t: Table) -> dict[int, str]:
    """How a position writes each character: its printed name, or ``c<id>`` where two
    characters in play share that name."""
    counts = Counter(d.name.lower() for d in t.characters.values())
    return {c: d.name if counts[d.name.lower()] == 1 else f"c{c}" for c, d in t.characters.items()}


#: Where a position writes each field of :class:`~silkroad.dunhuang.state.State` (the
#: key of the document or of its tables), checked against the class at import: a field
#: added to the state and not to the position stops the module.
_STATE_KEYS: dict[str, str] = {
    "options": "options",
    "rng": "rng",
    "phase": "phase",
    "round": "round",
    "first": "first",
    "players": "player",
    "row": "board.row",
    "deck": "board.deck",
    "discard": "board.discard",
    "public": "board.public",
    "revealed": "revealed",
    "draft": "player.N.draft",
    "gone": "board.gone",
    "next_first": "next_first",
    "turn": "turn",
    "spots": "spots",
    "achievements": "achievements",
    "frames": "stack",
    "choice": "pending",
    "action": "action",
    "queue": "queue",
    "final": "final",
    "solo": "solitaire",
}
if set(_STATE_KEYS) != {a.name for a in attrs.fields(State)}:  # pragma: no cover
    raise TypeError(
        f"the Dunhuang position writes the state's {sorted(_STATE_KEYS)}, "
        f"not {sorted(a.name for a in attrs.fields(State))}"
    )


def to_position(state: State) -> str:
    """[DH-2] The whole of ``state`` as a position (``from_position`` reads it back equal)."""
    t = table(state.options)
    name = _written_names(t)
    document: dict[str, Any] = {
        "game": "dunhuang",
        "format": FORMAT_VERSION,
        "phase": state.phase.value,
        "round": state.round,
        "first": state.first,
        "turn": state.turn,
        "revealed": state.revealed,
        "drafting": bool(state.draft),
        "options": options_data(state.options, _defaults),
        "rng": rng_data(state.rng),
        "board": {
            "row": [EMPTY if c is None else name[c] for c in state.row],
            "deck": [name[c] for c in state.deck],
            "discard": [name[c] for c in state.discard],
            "public": _tile(state.public),
            "gone": [_tile(x) for x in state.gone],
        },
        "spots": {
            spot_label(spot): {"player": v // 3, "meeple": v % 3 + 1}
            for spot, v in sorted(state.spots.items())
        },
        "achievements": dict(sorted(state.achievements.items())),
        "player": {
            str(p): _player_data(pl, state.draft[p] if state.draft else None, t)
            for p, pl in enumerate(state.players)
        },
    }
    if state.next_first is not None:
        document["next_first"] = state.next_first
    if state.final is not None:
        document["final"] = list(state.final)
    if state.choice is not None:
        document["pending"] = _choice_data(state.choice, t)
    if state.queue:
        document["queue"] = [_choice_data(c, t) for c in state.queue]
    if state.action is not None:
        action: dict[str, Any] = {"player": state.action.player}
        if state.action.meeple is not None:
            action["meeple"] = state.action.meeple + 1
        if state.action.ability:
            action["ability"] = True
        document["action"] = action
    elif _action_implied(state.choice, state.phase.value):
        document["action"] = False  # the decision comes from effects outside an action
    if state.frames:
        document["stack"] = [_frame_data(f) for f in state.frames]
    if state.solo is not None:
        solo = state.solo
        document["solitaire"] = {
            "stack": [_tile(x) for x in solo.stack],
            "known": solo.known,
            "drawn": [_tile(x) for x in solo.drawn],
            "publics": [_tile(x) for x in solo.publics],
            "aside": [name[c] for c in solo.aside],
        }
    comments = [
        f"Dunhuang position: {_words(state)}",
        "Characters by name, tiles t<id> and spots as in the notation, seats from 0,",
        'meeples and spots from 1, "" an empty place; piles top first. See docs/scenarios.md.',
    ]
    return dump(document, comments)


# --------------------------------------------------------------------------- reading


class _Names:
    def __init__(self, t: Table) -> None:
        self.t = t
        self.by_name: dict[str, list[int]] = {}
        for c, d in t.characters.items():
            self.by_name.setdefault(d.name.lower(), []).append(c)

    def character(self, value: Any, path: str) -> int:
        if isinstance(value, str):
            m = _CHAR.fullmatch(value)
            if m and int(m.group(1)) in self.t.characters:
                return int(m.group(1))
            ids = self.by_name.get(value.lower(), [])
            if len(ids) == 1:
                return ids[0]
            if ids:
                raise StateError(
                    f"{path}: {value!r} is the printed name of several characters in play "
                    f"({', '.join(f'c{c}' for c in sorted(ids))}): name one by its id"
                )
        raise StateError(
            f"{path}: {value!r} is not a character of this game's packs (a name or c<id>)"
        )

    def tile(self, value: Any, path: str) -> int:
        if isinstance(value, str):
            m = _TILE.fullmatch(value)
            if m and int(m.group(1)) in self.t.tiles:
                return int(m.group(1))
        raise StateError(f"{path}: {value!r} is not a fresco tile of this game (t<id>)")


def bare_table(options: Options, seed: int) -> State:
    """[DH-2] The bare table a position may be filled from (``setup = "bare"``): the
    character deck and the tiles shuffled from ``seed`` as for a game, but nothing dealt.
    The recruiting row empty (every character in the deck), no draft, no hand, no public
    fresco (every tile out of the game, ``board.gone``; in solitaire every tile in the
    stack, nothing drawn); seat 0 first, each player with what the rules give a seat
    unconditionally (one Material of each pack, the coins and pigment of the seat,
    DH-2.2), three dice at the income area; round 1 of the action phase, no decision
    pending. A position names the rest it is about."""
    state = new_game(options, seed)
    t = table(state.options)
    n = state.options.players
    chars = [*(c for c in state.row if c is not None), *state.deck]
    players = []
    for p in range(n):
        resources = t.board.solo_resources if n == 1 else t.board.seat_resources[p]
        coins = sum(e.amount for e in resources if e.kind == "coin")
        pigment = sum(e.amount for e in resources if e.kind == "pigment")
        players.append(
            Player(coins=coins, pigment=pigment, tokens=Map(dict.fromkeys(t.materials, 1)))
        )
    solo = None
    gone: tuple[int, ...] = ()
    if state.solo is not None:
        held = [s.tile for s in state.players[0].frescoes if s.tile is not None]
        stack = [*state.solo.drawn, *held, *state.solo.stack]
        solo = Solo(stack=tuple(x for x in stack if x is not None))
    else:
        tiles = [*(x for d in state.draft for x in d), *state.gone]
        if state.public is not None:
            tiles.insert(0, state.public)
        gone = tuple(tiles)
    return attrs.evolve(
        state,
        phase=Phase.ACTION,
        round=1,
        first=0,
        turn=0,
        players=tuple(players),
        row=(None,) * ROW,
        deck=tuple(chars),
        public=None,
        revealed=True,  # [DH-2.3.6] flipped once the first tiles are placed
        draft=(),
        gone=gone,
        choice=None,
        queue=(),
        action=None,
        frames=(),
        solo=solo,
    )


def from_position(text: str, options: Options | None = None) -> State:
    """[DH-2] The state a position describes; what it leaves out comes from the seeded
    setup of its options, the cards and tiles it names moved out of their setup places.

    :raises DataError: for text that is not TOML, or a position of another game.
    :raises StateError: naming the field and the rule, for a position that cannot be a
        Dunhuang state.
    """
    return _read(text, options, None)


def fill_position(text: str, options: Options | None = None) -> Filled:
    """[DH-2] :func:`from_position`, with what the filling rule moved to make the state
    (each a :class:`~silkroad.core.position.Moved`; characters as ``c<id>``, tiles as
    ``t<id>``)."""
    moved: list[Moved] = []
    state = _read(text, options, moved)
    return Filled(state, tuple(moved))


def _read(text: str, options: Options | None, report: list[Moved] | None) -> State:
    """[DH-2] The state of a position, read one section at a time (:class:`_Reader`)."""
    return _Reader(text, options).read(report)


class _Reader:
    """One position being read: what its sections share (the document, the setup it is
    filled from, the table, the places of the cards and tiles named so far, the zones
    given), and one method per section."""

    def __init__(self, text: str, options: Options | None) -> None:
        doc = Fields(parse(text, "dunhuang"))
        doc.get("game", str, None)
        doc.get("format", int, None)
        # solitaire options without packs draw them at setup: any two packs agree with them
        drawn = options is not None and options.players == 1 and not options.packs
        opts: Options = read_options(doc, Options, _defaults, None if drawn else options)
        if drawn and opts.players != 1:
            raise StateError(f"options: the position is for {opts!r}, not a solitaire game")
        self.doc = doc
        self.base: State = read_start(doc, opts, new_game, bare_table)
        self.opts = self.base.options  # solitaire draws its packs at setup
        self.t = table(self.opts)
        self.nm = _Names(self.t)
        self.n = self.opts.players
        self.where: dict[tuple[str, int], str] = {}
        self.given: dict[str, list[Any]] = {}
        self.zones: dict[str, list[Any]] = {}
        self.player_fields: dict[int, Fields] = {}
        self.fresco_dice: dict[int, list[int | None]] = {}
        self.solo_fields: Fields | None = None
        self.pending_fields: Fields | None = None

    def read(self, report: list[Moved] | None) -> State:
        """The state: the zones named (board, seats, solitaire, pending tile), filled from
        the setup; then each section's values; then what is derived, checked."""
        doc = self.doc
        phase_word, drafting = self.draft_phase()
        self.board_zones()
        seats = doc.table("player", {})
        self.seat_zones(seats)
        self.solitaire_zones()
        self.pending_zone()
        self.fill(report)
        # [DH-2.3.6] while the first tiles are placed, a tile stands on its spot before its
        # die and its statistic: the statistics are derived from the first round on
        base = self.base
        counting = doc.data.get("phase", base.phase.value) not in (
            Phase.DRAFT.value,
            Phase.PLACE.value,
        )
        players = self.players(counting)
        seats.finish()
        choice, queue, action, frames = self.decision(phase_word)
        final = base.final
        given_final = self.given_final()
        if given_final is not None:
            final = given_final
        zones = self.zones
        n = self.n
        state = attrs.evolve(
            base,
            options=self.opts,
            rng=read_rng(doc) if "rng" in doc else base.rng,
            phase=Phase(doc.text("phase", phase_word, choices=[p.value for p in Phase])),
            round=doc.integer(
                "round", base.round, low=1, high=ROUNDS, rule=f"DH-3: {ROUNDS} rounds"
            ),
            first=self.seat(doc, "first", base.first),
            turn=self.seat(doc, "turn", self.turn(choice, action, frames, phase_word)),
            revealed=doc.flag("revealed", False),
            next_first=self.seat(doc, "next_first", None)
            if "next_first" in doc
            else base.next_first,
            players=tuple(players),
            row=tuple(zones["c:board.row"]),
            deck=tuple(_ints(zones["c:board.deck"])),
            discard=tuple(_ints(zones["c:board.discard"])),
            public=zones["t:board.public"][0] if zones["t:board.public"] else None,
            gone=tuple(_ints(zones["t:board.gone"])),
            draft=tuple(tuple(_ints(zones[f"t:player.{p}.draft"])) for p in range(n))
            if drafting
            else (),
            spots=Map(self.spots()),
            achievements=Map(self.achievements()),
            choice=choice,
            queue=queue,
            action=action,
            frames=frames,
            final=final,
            solo=self.solo(),
        )
        state = self.derived(state, given_final)
        doc.finish()
        validate(state)
        return state

    # -- cards and tiles named ---------------------------------------------------------

    def place(self, kind: str, values: Any, path: str, *, empty: bool = False) -> list[int | None]:
        """The cards or tiles of an array, each in one place only."""
        if not isinstance(values, list):
            raise StateError(f"{path}: must be an array, got {values!r}")
        return [self.one(kind, v, f"{path}[{i}]", empty=empty) for i, v in enumerate(values)]

    def one(self, kind: str, value: Any, spot: str, *, empty: bool = False) -> int | None:
        """[DH-1] A character or tile named at ``spot``, refused when named elsewhere too."""
        if empty and value == EMPTY:
            return None
        nm = self.nm
        item = nm.tile(value, spot) if kind == "tile" else nm.character(value, spot)
        if (kind, item) in self.where:
            raise StateError(
                f"{spot}: {value} is also at {self.where[kind, item]} "
                "(DH-1: every card and tile is in exactly one place)"
            )
        self.where[kind, item] = spot
        return item

    def seat(self, fields: Fields, key: str, default: Any) -> Any:
        n = self.n
        return fields.integer(key, default, high=n - 1, rule=f"a seat of the {n} players")

    # -- the zones -----------------------------------------------------------------------

    def draft_phase(self) -> tuple[str, bool]:
        """[DH-2.3.5] The phase (its word) and whether the draft is on: it is in the draft
        phase unless the position says otherwise."""
        doc, base = self.doc, self.base
        pending_data = doc.data.get("pending")
        pending_kind = pending_data.get("decision") if isinstance(pending_data, dict) else None
        phase_word = doc.data.get("phase", _PHASE_OF.get(str(pending_kind), base.phase.value))
        drafting = doc.flag("drafting", bool(base.draft) or phase_word == Phase.DRAFT.value)
        if drafting and base.solo is not None:
            raise doc.fail("drafting", "a solitaire game has no fresco draft (DH-6.2.3)")
        if not drafting:
            for p in range(self.n):
                self.given[f"t:player.{p}.draft"] = []
        return phase_word, drafting

    def board_zones(self) -> None:
        """``[board]``: the recruiting row, the deck, the discard pile, the tiles out of
        the game and the public fresco."""
        board = self.doc.table("board", {})
        for key, kind, empty in (
            ("row", "character", True),
            ("deck", "character", False),
            ("discard", "character", False),
            ("gone", "tile", False),
        ):
            if key in board:
                values = board.array(key)
                if key == "row" and len(values) != ROW:
                    raise board.fail(key, f"the recruiting row has {ROW} positions (DH-2.1.5)")
                self.given[f"{kind[0]}:board.{key}"] = self.place(
                    kind, values, board.name(key), empty=empty
                )
        if "public" in board:
            self.given["t:board.public"] = [
                self.one("tile", board.get("public", str), board.name("public"), empty=True)
            ]
        board.finish()

    def seat_zones(self, seats: Fields) -> None:
        """``[player.N]``'s zones: characters, hand, draft and frescoes (with their dice)."""
        n = self.n
        for key in list(seats.data):
            if not (key.isdigit() and int(key) < n):
                raise seats.fail(key, f"no such seat: a {n}-player game has seats 0 to {n - 1}")
        self.player_fields = {p: seats.table(str(p)) for p in range(n) if str(p) in seats}
        for p, pf in self.player_fields.items():
            if "characters" in pf:
                values = pf.array("characters")
                if len(values) != SLOTS:
                    raise pf.fail(
                        "characters", f"a player board has {SLOTS} character spots (DH-2.2)"
                    )
                self.given[f"c:player.{p}.characters"] = self.place(
                    "character", values, pf.name("characters"), empty=True
                )
            for key in ("hand", "draft"):
                if key in pf:
                    self.given[f"t:player.{p}.{key}"] = self.place(
                        "tile", pf.array(key), pf.name(key)
                    )
            if "frescoes" in pf:
                self.fresco_zone(p, pf)

    def fresco_zone(self, p: int, pf: Fields) -> None:
        """[DH-3.C] A player's fresco spots: a tile each, a die on a tile."""
        values = pf.array("frescoes")
        if len(values) != SLOTS:
            raise pf.fail("frescoes", f"a player board has {SLOTS} fresco spots (DH-2.2)")
        tiles: list[int | None] = []
        dice: list[int | None] = []
        for i, value in enumerate(values):
            spot = Fields(value, pf.name(f"frescoes[{i}]"))
            tile = spot.get("tile", str, EMPTY)
            tiles.append(self.one("tile", tile, spot.name("tile"), empty=True))
            die = (
                spot.integer("die", None, high=6, rule="DH-3.C: a die shows 1 to 6")
                if "die" in spot
                else None
            )
            if tiles[-1] is None and die is not None:
                raise spot.fail("die", "a die stands on a fresco tile (DH-3.C)")
            dice.append(die)
            spot.finish()
        self.given[f"t:player.{p}.frescoes"] = tiles
        self.fresco_dice[p] = dice

    def solitaire_zones(self) -> None:
        """[DH-6.2] ``[solitaire]``: the stack, the tiles drawn, the characters aside and
        the public fresco line."""
        doc = self.doc
        fields = doc.table("solitaire") if "solitaire" in doc else None
        self.solo_fields = fields
        if fields is None:
            return
        if self.base.solo is None:
            raise doc.fail("solitaire", "only a solitaire game (1 player) has these parts (DH-6.2)")
        for key, kind in (("stack", "tile"), ("drawn", "tile"), ("aside", "character")):
            if key in fields:
                self.given[f"{kind[0]}:solitaire.{key}"] = self.place(
                    kind, fields.array(key), fields.name(key)
                )
        if "publics" in fields:
            values = fields.array("publics")
            if len(values) != PUBLICS:
                raise fields.fail("publics", f"the public fresco line has {PUBLICS} positions")
            self.given["t:solitaire.publics"] = self.place(
                "tile", values, fields.name("publics"), empty=True
            )

    def pending_zone(self) -> None:
        """The tile a pending decision holds (``[pending] tile``)."""
        doc = self.doc
        fields = doc.table("pending") if "pending" in doc else None
        self.pending_fields = fields
        if fields is not None and "tile" in fields:
            self.given["t:pending.tile"] = [
                self.one("tile", fields.get("tile", str), fields.name("tile"))
            ]

    def fill(self, report: list[Moved] | None) -> None:
        """The zones: those given, the rest from the setup by the filling rule."""
        base = self.base
        setup = _setup_zones(base)
        fixed = {
            z
            for z in setup
            if z.endswith((".row", ".characters", ".frescoes", ".publics", ".public"))
        }

        def home(key: Any) -> str:
            if key[0] == "c":
                return "c:board.deck"
            return "t:solitaire.stack" if base.solo else "t:board.gone"

        # characters and tiles are separate name spaces: tag them for the filling rule
        def tagged(zones: dict[str, list[Any]]) -> dict[str, list[Any]]:
            return {z: [None if c is None else (z[0], c) for c in cs] for z, cs in zones.items()}

        _supply_first(setup, self.given, self.where)
        tagged_moves: list[Moved] = []
        filled = fill_zones(
            tagged(setup),
            tagged(self.given),
            home,
            label=lambda c: f"{c[0]}{c[1]}",
            fixed=fixed,
            report=tagged_moves if report is not None else None,
        )
        if report is not None:  # the zones as positions name them, without their tag
            report.extend(
                attrs.evolve(m, source=m.source[2:], target=m.target[2:]) for m in tagged_moves
            )
        self.zones = {z: [None if c is None else c[1] for c in cs] for z, cs in filled.items()}

    # -- the values ------------------------------------------------------------------------

    def players(self, counting: bool) -> list[Player]:
        """``[player.N]``'s values (:data:`_PLAYER_KEYS`), on the zones filled, with the
        values derived from the board."""
        t = self.t
        players = []
        for p, pl in enumerate(self.base.players):
            pf = self.player_fields.get(p)
            if pf is None:
                players.append(_derived(t, p, _with_zones(pl, self.zones, p, None), None, counting))
                continue
            changes = {
                key: k.read(self, pf, key)
                for key, k in _PLAYER_KEYS.items()
                if k.read is not None and key in pf
            }
            board_ = _with_zones(
                attrs.evolve(pl, **changes), self.zones, p, self.fresco_dice.get(p)
            )
            players.append(_derived(t, p, board_, pf, counting))
            pf.finish()
        return players

    def counts(self, pf: Fields, key: str) -> Map[str, int]:
        """``tokens`` (a token of the packs in play, at least 1) or ``counters``."""
        table_ = pf.table(key)
        counts: dict[str, int] = {}
        for k in list(table_.data):
            if key == "tokens" and k not in self.t.tokens:
                raise table_.fail(k, f"{k!r} is not a token of this game's packs")
            counts[k] = table_.integer(k, low=1 if key == "tokens" else 0, rule="DH-1: counts")
        table_.finish()
        return Map(counts)

    def spots(self) -> dict[int, int]:
        """``[spots]``: the meeple on each occupied action spot."""
        doc = self.doc
        spots_table = doc.table("spots", {})
        spots = dict(self.base.spots) if "spots" not in doc else {}
        for label in list(spots_table.data):
            try:
                spot_id = spot_of_label(label)
            except Exception:
                raise spots_table.fail(
                    label, "not an action spot (b1-b12, u1-u3, f1.1-f4.3, p1-p14)"
                ) from None
            occupant = spots_table.table(label)
            spots[spot_id] = (
                3 * self.seat(occupant, "player", REQUIRED)
                + occupant.integer("meeple", low=1, high=MEEPLES, rule=f"DH-2.2: {MEEPLES} meeples")
                - 1
            )
            occupant.finish()
        spots_table.finish()
        return spots

    def achievements(self) -> dict[str, int]:
        """``[achievements]``: who claimed each achievement spot or quest."""
        doc, t = self.doc, self.t
        ach_table = doc.table("achievements", {})
        achievements = dict(self.base.achievements) if "achievements" not in doc else {}
        known_ach = {a.key for a in t.achievements} | {q.key for q in t.quests}
        for key in list(ach_table.data):
            if key not in known_ach:
                raise ach_table.fail(key, "not an achievement spot or quest of this game")
            achievements[key] = self.seat(ach_table, key, REQUIRED)
        ach_table.finish()
        return achievements

    def decision(
        self, phase_word: str
    ) -> tuple[Choice | None, tuple[Choice, ...], Action | None, tuple[Frame, ...]]:
        """[DH-3.2] ``[pending]``, ``queue``, ``[action]`` and ``stack``. The decision goes
        with the phase: a position that gives the phase or a pending decision gives all of
        it (what it leaves out is absent); otherwise the setup's."""
        doc, base, n, nm = self.doc, self.base, self.n, self.nm
        decided = "phase" in doc or self.pending_fields is not None
        choice = None if decided else base.choice
        if self.pending_fields is not None:
            choice = _choice(self.pending_fields, self.zones["t:pending.tile"], n)
        queue = () if decided else base.queue
        if "queue" in doc:
            queue = tuple(
                _choice(Fields(c, doc.name(f"queue[{i}]")), [], n, tiles=nm)
                for i, c in enumerate(doc.array("queue"))
            )
        action = self.action(None if decided else base.action, choice, phase_word)
        frames = () if decided else base.frames
        if "stack" in doc:
            frames = tuple(
                _frame(Fields(f, doc.name(f"stack[{i}]")), n, nm)
                for i, f in enumerate(doc.array("stack"))
            )
        return choice, queue, action, frames

    def action(
        self, action: Action | None, choice: Choice | None, phase_word: str
    ) -> Action | None:
        """[DH-3.2] ``[action]``: the action in progress (``false``: none)."""
        doc = self.doc
        stated: Any = doc.get("action", (dict, bool), None)
        if stated is None and choice is not None and _action_implied(choice, phase_word):
            # [DH-3.2] such a decision is taken in an action of its player: no meeple named
            return Action(choice.player, None)
        if stated is False:  # effects outside an action asked the decision
            return None
        if stated is True:
            raise doc.fail("action", "is a table, or false for no action in progress")
        if stated is None:
            return action
        af = doc.table("action")
        meeple = af.integer("meeple", 0, low=1, high=MEEPLES) if "meeple" in af else None
        action = Action(
            self.seat(af, "player", REQUIRED),
            None if meeple is None else meeple - 1,
            af.flag("ability", False),
        )
        af.finish()
        return action

    def turn(
        self,
        choice: Choice | None,
        action: Action | None,
        frames: tuple[Frame, ...],
        phase_word: str,
    ) -> int:
        """[DH-3.2] The turn is that of the action, the effects or the decision given,
        unless the position says whose turn it is."""
        if action is not None:
            return action.player
        if frames:
            return frames[-1].player
        if choice is not None and phase_word == Phase.ACTION.value:
            return choice.player
        return self.base.turn

    def solo(self) -> Solo | None:
        """[DH-6.2] The solitaire parts, on the zones filled."""
        solo = self.base.solo
        if solo is None:
            return None
        zones = self.zones
        known = solo.known
        if self.solo_fields is not None:
            known = self.solo_fields.integer(
                "known", solo.known, high=len(zones["t:solitaire.stack"])
            )
            self.solo_fields.finish()
        return Solo(
            stack=tuple(_ints(zones["t:solitaire.stack"])),
            known=known,
            drawn=tuple(_ints(zones["t:solitaire.drawn"])),
            publics=tuple(zones["t:solitaire.publics"]),
            aside=tuple(_ints(zones["c:solitaire.aside"])),
        )

    def given_final(self) -> tuple[int, ...] | None:
        """``final``: the final scores given (checked against the table's by :meth:`derived`)."""
        doc = self.doc
        if "final" not in doc:
            return None
        return tuple(
            Fields({"v": v}, doc.name(f"final[{i}]")).integer("v", low=None)
            for i, v in enumerate(doc.array("final"))
        )

    def derived(self, state: State, given_final: tuple[int, ...] | None) -> State:
        """[DH-2.3.6] [DH-4] What the table decides: whether the tiles are flipped and the
        final scores of a game over; derived when left out, a given value that differs is
        refused naming both."""
        doc = self.doc
        flipped = revealed_in(state.phase)
        if "revealed" not in doc.data:
            state = attrs.evolve(state, revealed=flipped)
        elif state.revealed != flipped:
            raise doc.fail(
                "revealed",
                f"{str(state.revealed).lower()} given, but {str(flipped).lower()} derived "
                f"(DH-2.3.6: the tiles are flipped once the first tiles are placed; phase "
                f"{state.phase.value})",
            )
        if state.phase is Phase.OVER:
            derived = final_scores(attrs.evolve(state, final=None))
            if given_final is None:
                return attrs.evolve(state, final=derived)
            if given_final != derived:
                raise doc.fail(
                    "final",
                    f"{list(given_final)} given, but {list(derived)} derived (DH-4: the VP "
                    "track and the end scoring of the table)",
                )
        elif given_final is not None:
            raise doc.fail("final", "final scores are for a game that is over (phase = 'over')")
        return state


def _setup_zones(base: State) -> dict[str, list[Any]]:
    """The zones of characters (``c:``) and of tiles (``t:``) of the state a position is
    filled from."""
    setup: dict[str, list[Any]] = {
        "c:board.row": list(base.row),
        "c:board.deck": list(base.deck),
        "c:board.discard": list(base.discard),
        "t:board.public": [base.public],
        "t:board.gone": list(base.gone),
    }
    for p, pl in enumerate(base.players):
        setup[f"c:player.{p}.characters"] = list(pl.characters)
        setup[f"t:player.{p}.hand"] = list(pl.hand)
        setup[f"t:player.{p}.frescoes"] = [s.tile for s in pl.frescoes]
        if base.solo is None:  # a bare table has no draft yet: a position may give one
            setup[f"t:player.{p}.draft"] = list(base.draft[p]) if base.draft else []
    if base.solo is not None:
        setup["t:solitaire.stack"] = list(base.solo.stack)
        setup["t:solitaire.drawn"] = list(base.solo.drawn)
        setup["t:solitaire.publics"] = list(base.solo.publics)
        setup["c:solitaire.aside"] = list(base.solo.aside)
    setup["t:pending.tile"] = []
    return setup


def _number(high: int | None, rule: str) -> _Read:
    def read(r: _Reader, f: Fields, key: str) -> int:
        if high is None:
            return f.integer(key, rule=rule)
        return f.integer(key, high=high, rule=rule)

    return read


def _grain(r: _Reader, f: Fields, key: str) -> tuple[int, int, int]:
    return _triple(f, key, lambda g, k: g.integer(k, rule="DH-3.E.7: grain"))


def _home(r: _Reader, f: Fields, key: str) -> tuple[bool, bool, bool]:
    return _triple(f, key, lambda g, k: g.flag(k))


def _drafted(r: _Reader, f: Fields, key: str) -> tuple[int, ...]:
    return tuple(r.nm.tile(x, f.name(f"{key}[{i}]")) for i, x in enumerate(f.array(key)))


def _counts(r: _Reader, f: Fields, key: str) -> Map[str, int]:
    return r.counts(f, key)


def _as_is(value: Any, t: Table) -> Any:
    return value


def _sorted(value: Map[str, int], t: Table) -> dict[str, int]:
    return dict(sorted(value.items()))


def _listed(value: tuple[Any, ...], t: Table) -> list[Any]:
    return list(value)


def _tiles(value: tuple[int, ...], t: Table) -> list[str]:
    return [_tile(x) for x in value]


def _characters(value: tuple[int | None, ...], t: Table) -> list[str]:
    name = _written_names(t)
    return [EMPTY if c is None else name[c] for c in value]


def _spots(value: tuple[FrescoSpot, ...], t: Table) -> list[dict[str, Any]]:
    return [
        {}
        if s.tile is None
        else {"tile": _tile(s.tile), **({} if s.die is None else {"die": s.die})}
        for s in value
    ]


_Read = Callable[["_Reader", Fields, str], Any]


@attrs.frozen
class _Key:
    """How ``[player.N]`` writes one field of a player, and reads it.

    :ivar write: the value written, from the player's and the table.
    :ivar read: the value read (None: a zone, named by the filling rule, or a value
        derived from the board, ``income``).
    :ivar omitted: left out when empty (after the player's draft).
    """

    write: Callable[[Any, Table], Any]
    read: _Read | None = None
    omitted: bool = False


#: Every field of :class:`~silkroad.dunhuang.state.Player`, in the order a position
#: writes them (checked against the class at import: a field added to the player and
#: not here stops the module).
_PLAYER_KEYS: dict[str, _Key] = {
    "coins": _Key(_as_is, _number(None, "DH-1: counters are never negative")),
    "pigment": _Key(_as_is, _number(None, "DH-1: counters are never negative")),
    "vp": _Key(_as_is, _number(None, "DH-1: counters are never negative")),
    "income": _Key(_as_is),
    "left": _Key(_as_is, _number(DICE, f"DH-3.3: {DICE} overseer dice")),
    "right": _Key(_as_is, _number(DICE, f"DH-3.3: {DICE} overseer dice")),
    "tokens": _Key(_sorted, _counts),
    "characters": _Key(_characters),
    "grain": _Key(_listed, _grain),
    "home": _Key(_listed, _home),
    "frescoes": _Key(_spots),
    "hand": _Key(_tiles),
    "counters": _Key(_sorted, _counts, omitted=True),
    # [DH-2.3.5] the tiles kept in the draft, in order (knowledge)
    "drafted": _Key(_tiles, _drafted, omitted=True),
}
if set(_PLAYER_KEYS) != {a.name for a in attrs.fields(Player)}:  # pragma: no cover
    raise TypeError(
        "the Dunhuang position writes the player's "
        f"{sorted(_PLAYER_KEYS)}, not {sorted(a.name for a in attrs.fields(Player))}"
    )


#: The zones of the supply (docs/scenarios.md, "the filling rule"): the character deck,
#: the tiles out of the game and the solitaire tile stack. A character or tile a position
#: names is taken from one of these, or from a zone the position gives, never from a zone
#: it leaves as set up (another player's hand or draft, the recruiting row).
SUPPLY = ("board.deck", "board.gone", "solitaire.stack")


def _supply_first(
    setup: dict[str, list[Any]],
    given: dict[str, list[Any]],
    where: dict[tuple[str, int], str],
) -> None:
    """[the filling rule] Each character and tile the position names (``where``: by
    tag and id, the path it is named at) comes from the supply or from a zone the
    position gives; otherwise the position is refused, naming where the table has it."""
    zone_of = {(z[0], c): z for z, cards in setup.items() for c in cards if c is not None}
    for (kind, item), path in where.items():
        zone = zone_of.get((kind[0], item))
        if zone is None or zone[2:] in SUPPLY or zone in given:
            continue
        name = f"{kind[0]}{item}"
        raise StateError(
            f"{path}: {name} is at {zone[2:]} in the table the position is filled from, "
            f"a zone it does not give (a character or tile is taken from the supply "
            f"({', '.join(SUPPLY)}) or from a zone the position gives; give "
            f'{zone[2:]} too, or start from setup = "bare")'
        )


#: [DH-2.3] [DH-3.1] The phase a pending decision of these kinds is taken in, when a
#: position leaves ``phase`` out (the decisions' records).
_PHASE_OF = {k.value: w.phase.value for k, w in DECISIONS.items() if w.phase is not None}


def _action_implied(choice: Choice | None, phase_word: str) -> bool:
    """Whether a position that gives no ``action`` gets one for its decision."""
    return (
        choice is not None and choice.kind in _DURING_AN_ACTION and phase_word == Phase.ACTION.value
    )


#: [DH-3.2] The kinds of decision taken inside an action in the action phase: a position
#: that gives one and no ``[action]`` gets the action of the decision's player, with no
#: meeple named (give ``[action]`` for the meeple). From the decisions' records.
_DURING_AN_ACTION = frozenset(k for k, w in DECISIONS.items() if w.in_action)


def _ints(values: Sequence[int | None]) -> list[int]:
    return [v for v in values if v is not None]


def _derived(t: Table, p: int, pl: Player, fields: Fields | None, counting: bool) -> Player:
    """[DH-3.3] [DH-4] A player's values derived from their board: the overseer dice at the
    income area are the three dice less those on the reward area and on the frescoes; the
    statistics of what the board shows (``painted:PACK`` a tile of the pack on a fresco
    spot, ``completed`` a fresco spot whose tile has no die left, ``recruited:PACK`` a
    character on a spot) are at least what it shows. A statistic is a lower bound, not an
    equality: a fresco completed and cleaned up, a character that left, still count.
    Statistics are derived only when ``counting`` (from the first round on).

    :raises StateError: for a given ``income`` other than the derived one, or a given
        statistic below what the board shows, naming both numbers.
    """
    path = f"player.{p}"
    on_frescoes = sum(1 for s in pl.frescoes if s.die is not None)
    income = income_dice(pl)
    why = (
        f"DH-3.3: {DICE} overseer dice, {pl.left} on the left and {pl.right} on the right "
        f"of the reward area, {on_frescoes} on frescoes"
    )
    if income < 0:
        raise StateError(f"{path}: more than {DICE} overseer dice placed ({why})")
    if fields is not None:
        income = check_derived(fields, "income", income, why)
    if not counting:
        return attrs.evolve(pl, income=income)
    shown = statistics_shown(t, pl)
    given = fields is not None and "counters" in fields
    counters = dict(pl.counters)
    for key, least in sorted(shown.items()):
        have = counters.get(key)
        if have is None:
            counters[key] = least
        elif have < least:
            raise StateError(
                f"{path}.counters.{key}: {have} given, but at least {least} derived "
                "(DH-4: what the player's board shows counts)"
            )
        elif not given:
            counters[key] = max(have, least)
    return attrs.evolve(pl, income=income, counters=Map(counters))


def _triple(f: Fields, key: str, read: Any) -> tuple[Any, Any, Any]:
    values = f.array(key)
    if len(values) != 3:
        raise f.fail(key, f"has one entry per spot (3), got {len(values)}")
    sub = Fields({str(i + 1): v for i, v in enumerate(values)}, f.name(key))
    a, b, c = (read(sub, str(i + 1)) for i in range(3))
    return (a, b, c)


def _with_zones(
    pl: Player, zones: dict[str, list[Any]], p: int, dice: list[int | None] | None
) -> Player:
    tiles = zones[f"t:player.{p}.frescoes"]
    frescoes = []
    for i, tile in enumerate(tiles):
        if dice is not None:
            die = dice[i]
        else:
            old = pl.frescoes[i]
            die = old.die if old.tile == tile else None
        frescoes.append(FrescoSpot(tile, die))
    a, b, c = zones[f"c:player.{p}.characters"]
    f1, f2, f3 = frescoes
    return attrs.evolve(
        pl,
        characters=(a, b, c),
        hand=tuple(_ints(zones[f"t:player.{p}.hand"])),
        frescoes=(f1, f2, f3),
    )


def _choice(f: Fields, held: Sequence[int | None], n: int, tiles: _Names | None = None) -> Choice:
    kind = ChoiceKind(f.text("decision", choices=[k.value for k in ChoiceKind]))
    player = f.integer("player", high=n - 1, rule=f"a seat of the {n} players")
    arg = f.text("about", "")
    number = f.integer("n", 0, low=None)
    if held:
        number = held[0] or 0
    elif "tile" in f and tiles is not None:
        number = tiles.tile(f.get("tile", str), f.name("tile"))
    slot = f.integer("slot", 0, low=1, high=SLOTS) - 1 if "slot" in f else None
    f.finish()
    return Choice(kind, player, arg, number, slot)


def _frame(f: Fields, n: int, nm: _Names) -> Frame:
    effects = f.array("effects")
    if not all(isinstance(e, str) for e in effects):
        raise f.fail("effects", "effects are written in the data files' notation (strings)")
    for i, e in enumerate(effects):
        try:
            parse_effect(e)
        except Exception as exc:
            raise f.fail(f"effects[{i}]", f"not an effect: {exc}") from None
    still = f.get("still", str, None)
    lower = f.get("lower", str, None)
    frame = Frame(
        player=f.integer("player", high=n - 1, rule=f"a seat of the {n} players"),
        effects=tuple(effects),
        manual=f.flag("manual", True),
        done=f.flag("done", False),
        quest=f.flag("quest", True),
        slot=f.integer("slot", 0, low=1, high=SLOTS) - 1 if "slot" in f else None,
        bonus=f.integer("bonus", 0),
        still=None if still is None else nm.tile(still, f.name("still")),
        lower=None if lower is None else nm.tile(lower, f.name("lower")),
    )
    f.finish()
    return frame
