"""[DH-2.3] The observation as numbers for learning code: ``observation_tensor`` and its layout.

``observation_tensor(observation)`` is a flat ``float32`` vector, every value in [0, 1],
whose size depends only on the options (player count, packs, promos, data);
``observation_layout(options)`` names its segments and what each entry means. Players are
seen from the viewer: ``you`` first, then the others in turn order. Every character card
and every fresco tile has a row giving its zone (the recruiting row, a character spot, a
fresco spot, a hand, the draft, the public fresco, ...) and its place in it; hidden
things are sizes (other hands and draft packs, the deck, the solitaire stack above the
known bottom). What the viewer saw of the draft is in it too: the tiles of every pack
they were handed, round by round, and the tiles each player is known to have kept (the
viewer's own with the round, another's once put on the board). Counts without a printed
maximum (coins, pigment, points, tokens, statistics) are squashed as ``n / (n + k)``:
every count keeps its own value, and ``k`` is where the value reaches one half.

The names the state keeps as text have fixed vocabularies per options, read from the
components in play: the effects waiting in a frame (every effect the data can name), the
statistics of the players (``painted:silk``...), the achievement spots, the arguments of
decisions. In solitaire the layout covers the four packs a game can draw, so every
solitaire game has the same shape.

``python -m silkroad.core.layoutdoc`` rewrites the layout table of ``docs/dunhuang.md``;
a test checks that the page matches the code.

``score_bounds(options)`` is the range of final scores, from the components in play (the
adapters' utility bounds).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from silkroad.core.errors import StateError
from silkroad.core.tensor import Layout, Segment, one_hot, players_from, relative_labels
from silkroad.dunhuang.cards import Effect, parse_effect, ranking_rule
from silkroad.dunhuang.check import (
    CHOICE_ARGS,
    component_effects,
    frame_limit,
    held_tile,
    queue_limit,
)
from silkroad.dunhuang.observe import Observation
from silkroad.dunhuang.packs import bronze, iron, jade, silver, sutra, wine
from silkroad.dunhuang.state import (
    DICE,
    DRAFT_PACK,
    MEEPLES,
    PUBLICS,
    ROUNDS,
    ROW,
    SLOTS,
    SOLO_PACKS,
    SPOT_COUNT,
    Choice,
    ChoiceKind,
    Options,
    Phase,
)
from silkroad.dunhuang.table import MAX_EFFECTS, Table, space, table

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "OBSERVATION_FIELDS",
    "PLAYER_FIELDS",
    "observation_layout",
    "observation_tensor",
    "score_bounds",
]

#: Where each field of the :class:`~silkroad.dunhuang.observe.Observation` goes (a test
#: checks that every field is listed, so a new field cannot be forgotten).
OBSERVATION_FIELDS: dict[str, str] = {
    "viewer": "seat; every per-player segment starts with the viewer",
    "options": "fixed for the game: they set the layout",
    "phase": "phase",
    "round": "game",
    "first": "first",
    "players": "boards, player_tokens, player_counters, frescoes, character_zone, tile_zone",
    "hand_sizes": "hidden",
    "face_down": "hidden",
    "draft": "tile_zone (your draft pack)",
    "draft_sizes": "hidden",
    "row": "character_zone",
    "deck_size": "game",
    "discard": "character_zone, character_index",
    "public": "tile_zone",
    "public_hidden": "game",
    "revealed": "game",
    "gone": "tile_zone, tile_index",
    "next_first": "next_first",
    "turn": "turn",
    "spots": "spots",
    "achievements": "achievements",
    "frames": "frame_head, frame_effects",
    "choice": "choice_*, tile_zone (a tile being painted)",
    "action": "action",
    "queue": "queue_*",
    "final": "final",
    "stack_size": "game",
    "stack_bottom": "tile_zone, tile_index (known at the bottom of the stack)",
    "drawn": "tile_zone, tile_index",
    "publics": "tile_zone (public line position)",
    "aside": "character_zone, character_index",
    "packs": "draft_knowledge (the packs you were handed)",
    "played": "draft_knowledge (the tiles the others kept and put on the board)",
}
#: The same for each :class:`~silkroad.dunhuang.state.Player` board.
PLAYER_FIELDS: dict[str, str] = {
    "coins": "boards",
    "pigment": "boards",
    "vp": "boards",
    "tokens": "player_tokens",
    "characters": "character_zone (the player's spots)",
    "grain": "boards",
    "home": "boards",
    "income": "boards",
    "left": "boards",
    "right": "boards",
    "frescoes": "tile_zone (the player's fresco spots), frescoes (their dice)",
    "hand": "tile_zone (your hand; others' hand sizes in hidden)",
    "counters": "player_counters",
    "drafted": "draft_knowledge (your tiles kept, with the round)",
}

_PHASES = tuple(Phase)
_CHOICES = tuple(ChoiceKind)
#: Statistics the rules keep for every pack.


def _squash(n: int, k: float) -> float:
    return n / (n + k)


def _tables(options: Options) -> tuple[Table, ...]:
    """The tables a game with ``options`` can have: one, or in solitaire one per pair of
    the packs a game may draw."""
    if options.players != 1:
        return (table(options),)
    if options.packs:
        return (table(options),)
    return tuple(
        table(attrs.evolve(options, packs=pair)) for pair in itertools.combinations(SOLO_PACKS, 2)
    )


class _Spec:
    """Per-options vocabularies and constants of the layout (cached with it)."""

    def __init__(self, options: Options) -> None:
        tables = _tables(options)
        items = space(options)
        self.players = options.players
        self.tiles = items.tile_ids
        self.chars = items.char_ids
        self.tile_at = {x: i for i, x in enumerate(self.tiles)}
        self.char_at = {x: i for i, x in enumerate(self.chars)}
        tokens: list[str] = list(items.token_keys)
        effects: set[str] = set()
        stats: set[str] = {"completed"}
        achievements: list[str] = []
        args: list[str] = list(CHOICE_ARGS)
        names: dict[int, str] = {}
        tile_names: dict[int, str] = {}
        for t in tables:
            tokens += [k for k in t.token_keys if k not in tokens]
            effects |= component_effects(t)
            stats |= t.statistics
            achievements += [
                key
                for key in (*(a.key for a in t.achievements), *(q.key for q in t.quests))
                if key not in achievements
            ]
            args += [a for a in (*t.recruit_modes, *t.pack_choices) if a not in args]
            names.update({c: d.name for c, d in t.characters.items()})
            tile_names.update({x: f"{d.pack} {d.value}" for x, d in t.tiles.items()})
        #: [DH-3.2] Frames of effects and queued decisions the tensor shows: the most a
        #: state of these options may hold (``check.frame_limit``, ``check.queue_limit``).
        self.frames = max(frame_limit(t) for t in tables)
        self.queue = queue_limit(options.players)
        self.tokens = tuple(tokens)
        self.token_at = {k: i for i, k in enumerate(self.tokens)}
        self.stats = tuple(sorted(stats - set(self.tokens)))
        self.stat_at = {k: i for i, k in enumerate(self.stats)}
        self.effects = tuple(sorted(effects))
        self.effect_at = {e: i for i, e in enumerate(self.effects)}
        self.achievements = tuple(achievements)
        self.args = tuple(args)
        self.arg_at = {a: i for i, a in enumerate(self.args)}
        self.char_labels = tuple(f"#{c} {names.get(c, '?')}" for c in self.chars)
        self.tile_labels = tuple(f"#{x} {tile_names.get(x, '?')}" for x in self.tiles)
        who = relative_labels(self.players)
        self.char_zones = (
            *(f"recruiting row {k + 1}" for k in range(ROW)),
            *(f"{w}: character spot {s + 1}" for w in who for s in range(SLOTS)),
            "discard pile",
            "kept aside (solitaire)",
            "unseen (the deck)",
        )
        self.tile_zones = (
            "your hand",
            "your draft pack",
            *(f"{w}: fresco spot {s + 1}" for w in who for s in range(3)),
            "public fresco",
            *(f"public line {k + 1}" for k in range(PUBLICS)),
            "gone (completed)",
            "known at the bottom of the stack",
            "drawn from the stack",
            "being painted (held by the decision)",
            "unseen (another hand or pack, face down, the stack, or out of the game)",
        )


@functools.lru_cache(maxsize=64)
def _spec(options: Options) -> _Spec:
    return _Spec(options)


def _key(options: Options) -> Options:
    """The options that fix the layout: in solitaire the drawn packs do not count."""
    if options.players == 1 and options.packs:
        return attrs.evolve(options, packs=())
    return options


@functools.lru_cache(maxsize=256)
def score_bounds(options: Options) -> tuple[int, int] | None:
    """[DH-4] The fewest and most points a player can end with, computed from the
    components in play (a replaced data file moves them); None when the data allow a
    chain of effects that nothing counts (a fresco tile whose action performs a fresco
    again, an Encore that pays for the next, an effect or pack rule the bound does not
    know).

    The least is 0: points are paid only by a player who has them ([DH-9] the promo
    tiles' lower effects, any ``pay vp``, [DH-3.E.9]) and the end scoring only adds
    [DH-4].

    The most is a potential argument over one player's game. Every token kind ``k`` has
    a value per round ``a`` (0: setup): what one token of ``k`` obtained in round ``a``
    can still bring, namely its end worth [DH-4.2] [DH-4.5] (1 VP for a Material or
    Product, its end VP, a Silverware's showcase, a share of an Iron Tools set), what it
    produces in the starting phases of the later rounds [DH-3.1.2] (a Clothes Tile's VP,
    a Field's Material, a Vat's Brewing, a Studio's Drawing, valued in their round),
    1 VP for every Seminar (a Drawing) or the amount of every Winery (a Wine cube) the
    rest of the game can resolve [DH-8.1] [DH-8.5], and for a Wine cube at least one
    Encore [DH-3.E]. The points on the VP track plus the value of what the player holds
    grow, at each event, by no more than the event's value: a gain by its token's value,
    an upgrade by the largest gain in value of any upgrade [DH-3.E.2], a payment loses at
    least what the paid token keeps to the end of the round; the starting phases and
    the Encores only turn value into points. So the final score is at most the value of
    the starting Materials [DH-2.2.2] plus the value of every event, each counted as
    often as the rules allow one player:

    * Actions [DH-3.2]: three meeples a round on three different spots, eight rounds
      [DH-3]: per round the three most valuable spots (basic, ultimate, every fresco
      tile). Each effect of an action resolves at most once and may be left out, a
      Payment's or Triggered effect's rewards once [DH-3.E.9] [DH-3.E.12], an Emperor's
      Quest 3 VP a grain [DH-3.E.6], Mimic and the Bronze copy one tile's action
      [DH-8.6] [DH-9], a promo tile's lower effect twice [DH-9.2]; a recruitment
      [DH-3.E.7] counts the richest Leaving Effect [DH-3.E.13] (only recruited characters
      leave, each once).
    * Abilities [DH-3.2]: one per meeple action, the most valuable ability; the Encores
      are in the Wine cubes' value.
    * Income [DH-3.1]: rounds 2 to 8, the richest reward.
    * Begin Painting [DH-3.E.11]: a player places at most the tiles that can reach them,
      the five drafted and the public one with 4 players, the five drafted with 3
      [DH-2.3] [DH-6.1], in solitaire every tile but the first two public frescoes
      [DH-6.2.4]. Each placement performs the most valuable tile action (Emperor's
      Quests ignored) and may pay the leftmost spot's 5 VP; each placed tile completes at
      most once, for the round track's largest value [DH-3.D], and its die earns one
      reward of each reward spot [DH-3.3].
    * Achievements [DH-5]: every spot once (of two spots with one requirement the
      richer) and the first place of every board; in solitaire each quest's reward once
      and each final quest's VP for every character of its pack, since in solitaire a
      character recruited or gone never returns [DH-6.3.4] [DH-7].
    * The end [DH-4]: 6 VP for each of the three dice, and the pack scorings not already
      in the values (Bronze tiles painted, one Jade collection); Deposits, Brewings and
      Encores add their share at the event.

    Upgrade chains are weighed several ways, with no step and with steps of a part of
    the largest upgrade's value (a token then keeps at least its upgrade's value less
    the step, and an upgrade is worth at most the step), and the least bound is kept.
    Packs whose points grow with holdings (Silver's Seminar, Wine's Vats and Winery,
    Exotic Beauty's Encores with upgrades, the Bronze promos copying them) get bounds far
    above any real game: each round's actions are counted both as gains and as payouts.
    In solitaire with the packs left to draw, the largest bound of the six pairs.
    """
    if options.players == 1 and not options.packs:
        pairs = [
            _vp_bound(table(attrs.evolve(options, packs=pair)))
            for pair in itertools.combinations(SOLO_PACKS, 2)
        ]
        if any(high is None for high in pairs):
            return None
        return (0, max(high for high in pairs if high is not None))
    high = _vp_bound(table(options))
    return None if high is None else (0, high)


@attrs.frozen
class _Count:
    """How many Seminars, Winery amounts, recruitments and Wine cubes resolving some
    effects can bring at most (counts, not points: see :func:`score_bounds`)."""

    seminar: int = 0
    winery: int = 0
    recruits: int = 0
    wine: int = 0

    def __add__(self, other: _Count) -> _Count:
        pairs = zip(attrs.astuple(self), attrs.astuple(other), strict=True)
        return _Count(*(a + b for a, b in pairs))

    def __mul__(self, k: int) -> _Count:
        return _Count(*(a * k for a in attrs.astuple(self)))

    @staticmethod
    def most(counts: Iterable[_Count], top: int = 1) -> _Count:
        """Per count, the sum of its ``top`` largest values."""
        columns = list(zip(*(attrs.astuple(x) for x in counts), strict=True))
        return _Count(*(sum(sorted(c, reverse=True)[:top]) for c in columns))


class _Unbounded(Exception):
    """The data allow an effect chain that no count bounds."""


#: The pack effects, starting phases and end scorings the bound knows.
_HOOK_EFFECTS = frozenset(
    {
        "field", "tea-trade", "draw", "seminar", "research", "brew", "winery", "deposit",
        "jade-gamble", "mimic", "bronze-copy", "encore", "gold-recruit",
        "gold-free-recruit", "promo-lower",
    }
)  # fmt: skip
_HOOK_STARTS = frozenset({"silver", "wine"})
_HOOK_ENDS = frozenset({"bronze", "exotic-beauty", "iron", "jade", "silver", "sutra", "wine"})
#: Effects that bring nothing a bound counts (coins and pigment are worth no points by
#: themselves; paintings, completions and Encores are counted per player).
_NOTHING = frozenset({"coin", "pigment", "continue", "paint", "paint-for", "encore"})
_RECRUITS = frozenset({"recruit", "free-recruit", "gold-recruit", "gold-free-recruit"})
_CUBE, _DRAWING = wine.CUBE, silver.DRAWING


class _VpBound:
    """The computation of :func:`score_bounds` for one table: a potential argument.

    ``value[a][k]`` bounds what one token of kind ``k`` obtained in round ``a`` (0: at
    setup) can still bring: its end worth, what it produces in the starting phases after
    ``a``, the points of every Seminar (per Drawing) or Winery (per cube) the rounds from
    ``a`` on can hold, and for a Wine cube one Encore; ``low[a][k]`` is what such a token
    keeps at least until the end of round ``a`` (its worth and later production). The
    points of a player plus the value of what they hold never grow by more than the
    value of the event that changed them (a gain adds its token's value, an upgrade at
    most the difference, a payment takes at least ``low``), and the starting phase and the
    Encores only turn value into points. So the final score is at most the value of the
    starting Materials plus the values of every event.

    With a ``step``, a token that upgrades into another keeps at least that one's value
    less the step, so an upgrade is worth at most the step; any step gives a bound.

    Every value is a whole number of ``1/scale`` VP (:func:`_scale`: the fractions of a
    Toolset, a vintage, an applause and the steps are whole there), exact as
    ``fractions.Fraction`` would be and 2.5 times faster: a bound is made for each new
    table (an OpenSpiel game of new options, the 220 triples of the tests)."""

    def __init__(self, t: Table, step: int | None = None, scale: int = 1) -> None:
        self.t = t
        self.step = step
        self.scale = scale
        self.extra = dict.fromkeys(t.tokens, 0)
        self.names = {m.name for m in t.modules}
        for m in t.modules:
            if (m.start is not None and m.name not in _HOOK_STARTS) or (
                m.end_vp is not None and m.name not in _HOOK_ENDS
            ):
                raise _Unbounded
        self.lower = dict(t.promo_lower)
        # [DH-3.1.2] what each producer makes in a starting phase
        self.makes: dict[str, tuple[str, ...]] = {tk.key: () for tk in t.start_tokens}
        if "wine" in self.names:
            self.makes[wine.VAT] = ("brew",)
        if "silver" in self.names:
            self.makes[silver.STUDIO] = ("draw",)
        made = {f"{e.arg}-{e.kind}" for tk in t.start_tokens for e in tk.start}
        made |= {_CUBE, _DRAWING} if len(self.makes) > len(t.start_tokens) else set()
        if made & set(self.makes) or any(
            e.kind == "product" and e.arg == "any" for tk in t.start_tokens for e in tk.start
        ):
            raise _Unbounded  # a producer made in a starting phase could produce in it
        # [DH-2.3] [DH-6.1] [DH-6.2.4] the tiles one player can place (each completes once)
        n = t.options.players
        self.placed = len(t.tiles) - 2 if t.solo else 5 + (1 if n == 4 else 0)
        self.plain = [
            (c, tuple(e for e in c.ability if e.kind != "encore")) for c in t.characters.values()
        ]
        self.again = [
            a
            for c, a in self.plain
            if "encore" in t.effects and any(e.kind == "encore" for e in c.ability)
        ]
        self.spot_effects = [
            d.effects for d in t.open_spots if d.kind in ("basic", "ultimate") and d.effects
        ]
        self.open: set[int] = set()
        self.counted: dict[tuple[str, bool], _Count] = {}
        self._counts()
        self.values: dict[tuple[str, int, bool], int] = {}
        self.frames: dict[tuple[tuple[Effect, ...], int, bool], int] = {}
        self.value: list[dict[str, int]] = [{} for _ in range(ROUNDS + 2)]
        self.low: list[dict[str, int]] = [{} for _ in range(ROUNDS + 2)]
        self.delta: list[int] = [0] * (ROUNDS + 2)
        self.encore: list[int] = [0] * (ROUNDS + 2)
        for a in range(ROUNDS, -1, -1):
            self._values(a)

    # -- counts ------------------------------------------------------------------------

    def _counts(self) -> None:
        t = self.t
        spots = [self.frame_count(x, True) for x in self.spot_effects]
        spots += [self.tile_count(x, True) for x in t.tiles]
        ability = _Count.most(self.frame_count(a, True) for _, a in self.plain)
        encore = _Count.most(self.frame_count(a, True) for a in self.again)
        if self.again and (
            encore != _Count() or (_CUBE in {tk.upgrade for tk in t.tokens.values()})
        ):
            raise _Unbounded  # an Encore could pay for the next, or count without end
        #: [DH-3.2] per round: three actions on different spots, three abilities
        self.per_round = _Count.most(spots, top=MEEPLES) + ability * MEEPLES
        #: what happens at most once a game: tile actions, quest rewards
        self.per_game = _Count.most(self.tile_count(x, False) for x in t.tiles) * self.placed
        for q in t.quests:
            self.per_game += self.frame_count(q.reward, False)

    def frame_count(self, effects: Iterable[Effect], quest: bool) -> _Count:
        return sum((self.count(e, quest) for e in effects), _Count())

    def tile_count(self, tile: int, quest: bool) -> _Count:
        if tile in self.open:
            raise _Unbounded  # a tile whose action performs itself again
        self.open.add(tile)
        try:
            return self.frame_count(self.t.tiles[tile].effects, quest)
        finally:
            self.open.discard(tile)

    def count(self, e: Effect, quest: bool) -> _Count:
        key = (e.text, quest)
        if key not in self.counted:
            self.counted[key] = self._count(e, quest)
        return self.counted[key]

    def _count(self, e: Effect, quest: bool) -> _Count:
        t, kind = self.t, e.kind
        if kind in ("material", "product"):
            keys = t.products if e.arg == "any" else (f"{e.arg}-{kind}",)
            return _Count(wine=int(_CUBE in keys))
        if kind in _RECRUITS:
            leave = _Count.most(self.frame_count(c.leaving, False) for c in t.characters.values())
            return _Count(recruits=1) + leave
        if kind in ("pay", "if"):
            return self.frame_count(e.then, quest)
        if kind in _NOTHING or kind in ("vp", "upgrade", "quest"):
            return _Count()
        if kind not in _HOOK_EFFECTS or kind not in t.effects:
            raise _Unbounded
        if kind == "tea-trade":
            return _Count.most(self.frame_count(r.effects, quest) for r in t.routes["tea"].values())
        if kind == "seminar":
            return _Count(seminar=1)
        if kind == "winery":
            return _Count(winery=e.amount)
        if kind == "brew":
            return _Count(wine=1)
        if kind == "jade-gamble":
            return _Count(wine=int(_CUBE in {k for k, _ in jade.odds(t)}))
        if kind == "mimic":
            own = [x for x in t.tiles if x not in t.promo_tiles]
            return _Count.most(self.tile_count(x, quest) for x in own)
        if kind == "bronze-copy":
            return _Count.most(
                self.tile_count(x, True) for x, f in t.tiles.items() if f.pack == "bronze"
            )
        if kind == "promo-lower":
            return self.count(self.lower[e.amount], quest)
        return _Count()  # field, draw, research, deposit

    # -- values ------------------------------------------------------------------------

    def setting(self, pack: str, key: str, default: int) -> int:
        return int(self.t.packs[self.t.options.packs.index(pack)].setting(key, str(default)))

    def share(self, vp: int, parts: int) -> int:
        """``vp / parts`` VP, in ``1/scale`` VP (whole: :func:`_scale`)."""
        whole, rest = divmod(vp * self.scale, parts)
        assert rest == 0, "the scale has every denominator"
        return whole

    def worth(self, key: str) -> int:
        """[DH-4.2] [DH-4.5] The most one token of kind ``key`` held at the end scores."""
        t = self.t
        w = (int(key in t.scored) + t.tokens[key].end_vp) * self.scale
        if key == silver.WARE and "silver" in self.names:
            w += self.setting("silver", "showcase", silver.SHOWCASE) * self.scale
        if key == iron.TOOLS and "iron" in self.names:
            w += self.share(1, self.setting("iron", "toolset", 2))
        return w

    def hold(self, key: str, first: int, once: bool) -> int:
        """Points a Drawing or a cube held can earn in rounds ``first`` to 8 (and, with
        ``once``, in the actions that happen once a game)."""
        rounds = max(0, ROUNDS + 1 - first)
        if key == _DRAWING and "seminar" in self.t.effects:
            vp = rounds * self.per_round.seminar + (self.per_game.seminar if once else 0)
            return vp * self.scale
        if key == _CUBE and "winery" in self.t.effects:
            vp = rounds * self.per_round.winery + (self.per_game.winery if once else 0)
            return vp * self.scale
        return 0

    def _values(self, a: int) -> None:
        """The values of round ``a``, from those of the later rounds. With a ``step``,
        a token that upgrades into a worthier one is valued at least that one's value
        less ``step`` (and never less than a round later), so that an upgrade is worth
        at most ``step``."""
        t = self.t
        made: dict[str, int] = {}
        for key in t.tokens:
            later = 0
            for r in range(a + 1, ROUNDS + 1):
                later += self.produce(key, r)
            made[key] = self.worth(key) + later
        extra = dict(self.extra)
        first = max(a, 1)
        if self.step is not None:
            for _ in range(len(t.tokens) + 1):
                changed = False
                for k, tk in t.tokens.items():
                    up = tk.upgrade
                    if not up or up not in t.tokens:
                        continue
                    pin = made[up] + extra[up] + self.hold(up, first, True) - self.step
                    if pin - made[k] > extra[k]:
                        extra[k], changed = pin - made[k], True
                if not changed:
                    break
            else:
                raise _Unbounded  # upgrades in a circle
        self.extra = extra
        self.low[a] = {k: v + extra[k] + self.hold(k, a + 1, False) for k, v in made.items()}
        value = {k: v + extra[k] + self.hold(k, first, True) for k, v in made.items()}
        self.value[a] = value
        gains = [
            value[tk.upgrade] - self.low[a][k]
            for k, tk in t.tokens.items()
            if tk.upgrade and tk.upgrade in t.tokens
        ]
        self.delta[a] = max([0, *gains])
        if self.again and a >= 1:
            applause = self.share(1, self.setting("exotic-beauty", "applause", 2))
            self.encore[a] = max(
                [self.encore[a + 1], *(self.frame(x, a, True) + applause for x in self.again)]
            )
        if _CUBE in value:
            value[_CUBE] = max(value[_CUBE], self.encore[first])

    def produce(self, key: str, r: int) -> int:
        """[DH-3.1.2] The value one token of kind ``key`` makes in round ``r``'s
        starting phase (what it makes counts as obtained in round ``r``)."""
        tk = self.t.tokens[key]
        out = sum(self.effect(e, r, False) for e in tk.start)
        for kind in self.makes.get(key, ()):
            out += self.effect(parse_effect(kind), r, False)
        return out

    def frame(self, effects: tuple[Effect, ...], a: int, quest: bool) -> int:
        """[DH-3.2] Each effect resolves at most once and may be left out."""
        key = (effects, a, quest)
        if key not in self.frames:
            self.frames[key] = sum(max(0, self.effect(e, a, quest)) for e in effects)
        return self.frames[key]

    def tile(self, tile: int, a: int, quest: bool) -> int:
        if tile in self.open:
            raise _Unbounded
        self.open.add(tile)
        try:
            return self.frame(self.t.tiles[tile].effects, a, quest)
        finally:
            self.open.discard(tile)

    def effect(self, e: Effect, a: int, quest: bool) -> int:
        key = (e.text, a, quest)
        if key not in self.values:
            self.values[key] = self._effect(e, a, quest)
        return self.values[key]

    def _effect(self, e: Effect, a: int, quest: bool) -> int:
        t, kind, value = self.t, e.kind, self.value[a]
        if kind in _NOTHING or kind == "winery":
            return 0  # a Winery's points are counted with the cubes held
        if kind == "vp":
            return e.amount * self.scale
        if kind in ("material", "product"):
            keys = t.products if e.arg == "any" else (f"{e.arg}-{kind}",)
            return max([0, *(value[k] for k in keys if k in value)])
        if kind == "upgrade":
            return self.delta[a]
        if kind == "quest":
            return 3 * e.amount * self.scale if quest else 0  # [DH-3.E.6] 3 VP a grain
        if kind in _RECRUITS:
            # [DH-3.E.13] the Leaving Effect of the character this one may replace
            return max(self.frame(c.leaving, a, False) for c in t.characters.values())
        if kind == "pay":
            paid = 0
            for item, n in e.cost:
                if item == "vp":
                    paid += n * self.scale
                elif item in self.low[a]:
                    paid += n * self.low[a][item]
            return self.frame(e.then, a, quest) - paid
        if kind == "if":
            return self.frame(e.then, a, quest)
        if kind == "field":
            return value["tea-field1"]
        if kind == "tea-trade":
            cost = t.packs[t.options.packs.index("tea")].setting("trade_cost", "tea-product")
            best = max(self.frame(r.effects, a, quest) for r in t.routes["tea"].values())
            return best - self.low[a].get(cost, 0)
        if kind in ("draw", "seminar"):  # a Seminar's points are counted per Drawing
            return value[_DRAWING]
        if kind == "research":
            return 2 * value[_DRAWING]
        if kind == "brew":
            return value[_CUBE] + self.share(1, self.setting("wine", "vintage", wine.VINTAGE))
        if kind == "deposit":
            return self.setting("sutra", "deposit_vp", sutra.DEPOSIT_VP) * self.scale
        if kind == "jade-gamble":
            best = max(value[k] for k, _ in jade.odds(t))
            return best - self.low[a][jade.STONE]
        if kind == "mimic":
            own = [x for x in t.tiles if x not in t.promo_tiles]
            return max([0, *(self.tile(x, a, quest) for x in own)])
        if kind == "bronze-copy":
            tiles = [x for x, f in t.tiles.items() if f.pack == "bronze"]
            return max([0, *(self.tile(x, a, True) for x in tiles)])
        assert kind == "promo-lower"
        return self.effect(self.lower[e.amount], a, quest)

    # -- the sum -------------------------------------------------------------------------

    def high(self) -> int:
        t, board, scale = self.t, self.t.board, self.scale
        parts: dict[str, int] = {}
        parts["setup"] = sum(self.value[0][k] for k in t.materials if k in t.tokens)
        rounds = 0
        for a in range(1, ROUNDS + 1):
            spots = [self.frame(x, a, True) for x in self.spot_effects]
            spots += [self.tile(x, a, True) for x in t.tiles]
            rounds += sum(sorted(spots, reverse=True)[:MEEPLES])
            rounds += MEEPLES * max(self.frame(x, a, True) for _, x in self.plain)
            if a > 1:
                rounds += max(self.effect(e, a, False) for e in board.income)
        parts["rounds"] = rounds
        # what happens once a game, at its best round (an upgrade or a payment can be
        # worth more late than early)
        every = range(1, ROUNDS + 1)
        right = max([0, *(self.value[1][k] for k in t.materials if k in t.tokens)])
        left = max(self.effect(e, 1, False) for e in board.reward_left)
        tile = max(self.tile(x, a, False) for x in t.tiles for a in every)
        board_vp = (board.leftmost_bonus + max(board.round_track)) * scale
        parts["paintings"] = self.placed * (tile + board_vp + max(left, right, left + right))
        parts["quest rewards"] = sum(
            max(self.frame(q.reward, a, False) for a in every) for q in t.quests
        )
        parts["dice"] = SLOTS * board.die_on_fresco_vp * scale
        parts["achievements"] = self.achievements() * scale
        parts["packs"] = self.pack_ends() * scale
        self.parts = {k: self.whole(v) for k, v in parts.items()}
        return self.whole(sum(parts.values()))

    def whole(self, value: int) -> int:
        """``value`` (in ``1/scale`` VP) in whole VP, cut toward 0 (as ``int`` cuts)."""
        return value // self.scale if value >= 0 else -(-value // self.scale)

    def achievements(self) -> int:
        """[DH-5] [DH-7] Achievement spots, board places, solitaire quests."""
        t = self.t
        vp = 0
        if not t.solo:
            richest: dict[tuple[str, tuple[tuple[str, int], ...]], int] = {}
            for a in t.achievements:
                key = (a.pack, a.need)
                richest[key] = max(richest.get(key, 0), a.vp)
            vp += sum(richest.values())
        quest_keys = {q.key for q in t.quests}
        for pack in t.packs:
            if t.solo and not quest_keys & {a.key for a in pack.achievements}:
                continue  # the solitaire side has no places to rank
            setting = pack.setting("ranking")
            own = ranking_rule(setting)[0] if setting else None
            vp += max(t.board.ranking if own is None else own, default=0)
        for q in t.quests:
            if q.per is None:
                continue
            stat, _, of = q.per.partition(":")
            if stat not in ("recruited", "left"):
                raise _Unbounded
            # [DH-6.3.4] in solitaire a character recruited or gone never comes back
            vp += q.vp_each * sum(1 for c in t.characters.values() if c.pack == of)
        return vp

    def pack_ends(self) -> int:
        """[DH-4.5] What the packs score at the end beyond the events' values."""
        vp = 0
        if "bronze" in self.names:
            painted = len(self.t.tiles) if self.t.solo else self.placed
            vp += self.setting("bronze", "inscription", bronze.INSCRIPTION) * painted
        if "jade" in self.names:
            vp += self.setting("jade", "collection", 4)
        return vp


def _vp_bound(t: Table) -> int | None:
    """The least of the bounds with no step and with steps of a part of the largest
    upgrade's value (see :class:`_VpBound`): each is an upper bound."""
    try:
        scale = _scale(t)
        plain = _VpBound(t, scale=scale)
        best = plain.high()
        largest = plain.delta[1]
        for part in _STEP_PARTS:
            try:
                step, rest = divmod(largest, part)
                assert rest == 0, "a value's parts are whole in the scale"
                best = min(best, _VpBound(t, step, scale).high())
            except _Unbounded:
                continue
        return best
    except _Unbounded:
        return None


#: The steps of :func:`_vp_bound`: these parts of the largest upgrade's value.
_STEP_PARTS = (2, 3, 4, 6, 10)


def _scale(t: Table) -> int:
    """The unit of :class:`_VpBound`'s values, ``1/scale`` VP: every fraction of a VP a
    value is made of (a Toolset's share, a vintage, an applause) is a multiple of it, and
    so is each step's part of any value (the scale is a multiple of those fractions'
    common denominator times 60, a multiple of every part)."""
    settings = (
        ("iron", "toolset", 2),
        ("wine", "vintage", wine.VINTAGE),
        ("exotic-beauty", "applause", 2),
    )
    names = t.options.packs
    shares = [
        int(t.packs[names.index(pack)].setting(key, str(default)))
        for pack, key, default in settings
        if pack in names
    ]
    return math.lcm(*_STEP_PARTS) * math.lcm(*shares)


@functools.lru_cache(maxsize=64)
def observation_layout(options: Options) -> Layout:
    """[DH-2.3] The segments of the tensor for games with ``options``."""
    options = _key(options)
    s = _spec(options)
    p = s.players
    who = relative_labels(p)
    meeples = tuple(f"meeple {m + 1}" for m in range(MEEPLES))
    slots = tuple(f"spot {k + 1}" for k in range(SLOTS))
    segments = (
        Segment("seat", (tuple(f"player {q}" for q in range(p)),), "1 for the viewer's seat"),
        Segment(
            "game",
            (
                (
                    f"round / {ROUNDS}",
                    "public fresco flipped",
                    "public fresco face down",
                    f"character deck / {len(s.chars)}",
                    f"solitaire tile stack / {len(s.tiles)}",
                ),
            ),
            "the value named",
        ),
        Segment("phase", (tuple(x.value for x in _PHASES),), "1 for the phase"),
        Segment("first", (who,), "1 for the first player of the round"),
        Segment("next_first", ((*who, "nobody yet"),), "1 for who takes the first player tile"),
        Segment("turn", (who,), "1 for whose meeple turn it is"),
        Segment(
            "boards",
            (
                who,
                (
                    "coins / (coins + 4)",
                    "pigment / (pigment + 4)",
                    "VP / (VP + 50)",
                    *(f"grain under spot {k + 1} / (n + 2)" for k in range(SLOTS)),
                    *(f"meeple {m + 1} at home" for m in range(MEEPLES)),
                    f"dice on the income area / {DICE}",
                    f"dice on the left reward spot / {DICE}",
                    f"dice on the right reward spot / {DICE}",
                ),
            ),
            "the value named",
        ),
        Segment("player_tokens", (who, s.tokens), "tokens of the kind / (n + 2)"),
        Segment("player_counters", (who, s.stats or ("(none)",)), "statistic / (n + 3)"),
        Segment(
            "frescoes",
            (who, tuple(f"fresco spot {k + 1}" for k in range(3)), ("die", "die value / (v + 3)")),
            "the overseer die on the spot: 1 if there, its value",
        ),
        Segment(
            "hidden",
            (
                who,
                (
                    "tiles in hand / (n + 5)",
                    "tiles in the draft pack / (n + 5)",
                    "a first tile face down",
                ),
            ),
            "the value named",
        ),
        Segment("character_zone", (s.char_labels, s.char_zones), "1 for the card's place"),
        Segment(
            "character_index",
            (s.char_labels,),
            f"the card's place in the discard pile or aside / {len(s.chars)}",
        ),
        Segment("tile_zone", (s.tile_labels, s.tile_zones), "1 for the tile's place"),
        Segment(
            "tile_index",
            (s.tile_labels,),
            f"the tile's place among the gone, drawn or known bottom tiles / {len(s.tiles)}",
        ),
        Segment(
            "draft_knowledge",
            (
                s.tile_labels,
                (
                    *(f"in the pack you were handed in draft round {j}" for j in _ROUNDS),
                    *(f"{w}: kept in the draft" for w in who),
                ),
            ),
            f"1 for what you know of the tile (your own tiles kept: the round / {DRAFT_PACK})",
        ),
        Segment(
            "spots",
            (
                tuple(f"action spot {k}" for k in range(SPOT_COUNT)),
                (*(f"{w} {m}" for w in who for m in meeples), "free"),
            ),
            "1 for the meeple on the action spot",
        ),
        Segment(
            "achievements",
            (s.achievements or ("(none)",), (*who, "unclaimed")),
            "1 for who claimed the achievement spot (or the quest)",
        ),
        Segment("final", ((*(f"{w}: score / (n + 50)" for w in who), "game scored"),), "the value"),
        Segment(
            "frame_head",
            (
                tuple(f"frame {k + 1}" for k in range(s.frames)),
                (
                    "present",
                    *(f"player: {w}" for w in who),
                    "player picks the order",
                    "an effect resolved",
                    "Emperor's Quest applies",
                    *(f"meeple of {x}" for x in slots),
                    "bonus VP / (n + 3)",
                ),
            ),
            "effects being resolved (frame 1 innermost): the value named",
        ),
        Segment(
            "frame_effects",
            (
                tuple(f"frame {k + 1}" for k in range(s.frames)),
                tuple(f"effect {i + 1}" for i in range(MAX_EFFECTS)),
                s.effects,
            ),
            "1 for the effect waiting there, in order",
        ),
        *_choice_segments("choice", "the decision waited for", s, who, slots),
        Segment(
            "action",
            (("present", *(f"player: {w}" for w in who), *meeples, "character ability"),),
            "the action in progress: the value named",
        ),
        *_choice_segments(
            "queue",
            "the decisions waiting after it, in order",
            s,
            who,
            slots,
            tuple(f"queued {k + 1}" for k in range(s.queue)),
        ),
    )
    return Layout(segments)


def _choice_segments(
    prefix: str,
    what: str,
    s: _Spec,
    who: tuple[str, ...],
    slots: tuple[str, ...],
    rows: tuple[str, ...] | None = None,
) -> tuple[Segment, ...]:
    lead = (rows,) if rows else ()
    return (
        Segment(
            f"{prefix}_kind",
            (*lead, (*(c.value for c in _CHOICES), "none")),
            f"{what}: 1 for its kind",
        ),
        Segment(
            f"{prefix}_head",
            (
                *lead,
                (
                    *(f"player: {w}" for w in who),
                    "n (a tile, a count) / (n + 10)",
                    *(f"must use character {x}" for x in slots),
                ),
            ),
            f"{what}: the value named",
        ),
        Segment(f"{prefix}_arg", (*lead, s.args), f"{what}: 1 for what it is about"),
    )


def _choice_values(s: _Spec, choice: Choice | None, rel: dict[int, int]) -> tuple[list[float], ...]:
    if choice is None:
        kind = one_hot(len(_CHOICES), len(_CHOICES) + 1)
        return kind, [0.0] * (s.players + 1 + SLOTS), [0.0] * len(s.args)
    arg = s.arg_at.get(choice.arg)
    if arg is None:
        raise StateError(
            f"the Dunhuang tensor has no entry for the decision argument {choice.arg!r}"
        )
    head = one_hot(rel[choice.player], s.players)
    head.append(_squash(choice.n, 10))
    head += one_hot(choice.slot, SLOTS)
    return one_hot(_CHOICES.index(choice.kind), len(_CHOICES) + 1), head, one_hot(arg, len(s.args))


def _boards(
    s: _Spec, obs: Observation, order: tuple[int, ...], layout: Layout
) -> dict[str, list[float]]:
    """[DH-2.2] Each player's board, the viewer first: counters, grain, meeples, dice,
    tokens, statistics, the dice on the frescoes and the sizes of the hidden hands."""
    boards: list[float] = []
    tokens = layout.zeros("player_tokens")
    counters = layout.zeros("player_counters")
    frescoes: list[float] = []
    hidden: list[float] = []
    width = len(s.stats) or 1
    for r, q in enumerate(order):
        pl = obs.players[q]
        boards += [_squash(pl.coins, 4), _squash(pl.pigment, 4), _squash(pl.vp, 50)]
        boards += [_squash(g, 2) for g in pl.grain]
        boards += [float(h) for h in pl.home]
        boards += [pl.income / DICE, pl.left / DICE, pl.right / DICE]
        for key, n in pl.tokens.items():
            tokens[r * len(s.tokens) + _lookup(s.token_at, key, "token")] = _squash(n, 2)
        for key, n in pl.counters.items():
            counters[r * width + _lookup(s.stat_at, key, "statistic")] = _squash(n, 3)
        for spot in pl.frescoes:
            if spot.die is None:
                frescoes += [0.0, 0.0]
            else:
                frescoes += [1.0, _squash(spot.die, 3)]
        hidden += [
            _squash(obs.hand_sizes[q], 5),
            _squash(obs.draft_sizes[q], 5),
            float(obs.face_down[q]),
        ]
    return {
        "boards": boards,
        "player_tokens": tokens,
        "player_counters": counters,
        "frescoes": frescoes,
        "hidden": hidden,
    }


def _places(
    s: _Spec, obs: Observation, rel: dict[int, int], layout: Layout
) -> dict[str, list[float]]:
    """[DH-3.2] [DH-5] The meeple on each action spot and who claimed each achievement."""
    p = s.players
    spots = layout.zeros("spots")
    free = p * MEEPLES
    for k in range(SPOT_COUNT):
        spots[k * (free + 1) + free] = 1.0
    for place, occupant in obs.spots.items():
        q, m = divmod(occupant, MEEPLES)
        spots[place * (free + 1) + free] = 0.0
        spots[place * (free + 1) + rel[q] * MEEPLES + m] = 1.0
    claimed = layout.zeros("achievements")
    for k in range(len(s.achievements)):
        claimed[k * (p + 1) + p] = 1.0
    achieved = {key: i for i, key in enumerate(s.achievements)}
    for key, q in obs.achievements.items():
        k = _lookup(achieved, key, "achievement")
        claimed[k * (p + 1) + p] = 0.0
        claimed[k * (p + 1) + rel[q]] = 1.0
    return {"spots": spots, "achievements": claimed}


def _decisions(
    s: _Spec, obs: Observation, rel: dict[int, int], layout: Layout
) -> dict[str, list[float]]:
    """[DH-3.2] The action in progress and the decisions waiting behind the pending one."""
    p = s.players
    action = layout.zeros("action")
    if obs.action is not None:
        a = obs.action
        action[0] = 1.0
        action[1 + rel[a.player]] = 1.0
        if a.meeple is not None:
            action[1 + p + a.meeple] = 1.0
        action[-1] = float(a.ability)
    parts: dict[str, list[float]] = {"action": action}
    if len(obs.queue) > s.queue:
        raise StateError(f"the Dunhuang tensor shows {s.queue} waiting decisions")
    queued = [_choice_values(s, c, rel) for c in obs.queue]
    queued += [_choice_values(s, None, rel)] * (s.queue - len(queued))
    parts["queue_kind"] = [x for values in queued for x in values[0]]
    parts["queue_head"] = [x for values in queued for x in values[1]]
    parts["queue_arg"] = [x for values in queued for x in values[2]]
    return parts


def observation_tensor(observation: Observation) -> npt.NDArray[np.float32]:
    """[DH-2.3] The observation as a ``float32`` vector in [0, 1] (see
    :func:`observation_layout`)."""
    obs = observation
    options = _key(obs.options)
    s = _spec(options)
    layout = observation_layout(options)
    p = s.players
    order = players_from(obs.viewer, p)
    rel = {q: r for r, q in enumerate(order)}
    parts: dict[str, list[float]] = {
        "seat": one_hot(obs.viewer, p),
        "game": [
            obs.round / ROUNDS,
            float(obs.revealed),
            float(obs.public_hidden),
            obs.deck_size / len(s.chars),
            obs.stack_size / len(s.tiles),
        ],
        "phase": one_hot(_PHASES.index(obs.phase), len(_PHASES)),
        "first": one_hot(rel[obs.first], p),
        "next_first": one_hot(p if obs.next_first is None else rel[obs.next_first], p + 1),
        "turn": one_hot(rel[obs.turn], p),
    }
    parts.update(_boards(s, obs, order, layout))
    parts.update(_characters(s, obs, order, layout))
    parts.update(_tiles(s, obs, order, layout))
    parts["draft_knowledge"] = _draft_knowledge(s, obs, order, layout)
    parts.update(_places(s, obs, rel, layout))
    if obs.final is None:
        parts["final"] = [0.0] * (p + 1)
    else:
        parts["final"] = [*(_squash(obs.final[q], 50) for q in order), 1.0]
    parts.update(_frames(s, obs, rel, layout))
    kind, head, arg = _choice_values(s, obs.choice, rel)
    parts.update(choice_kind=kind, choice_head=head, choice_arg=arg)
    parts.update(_decisions(s, obs, rel, layout))
    return layout.pack(parts)


#: [DH-2.3.5] The rounds of the draft.
_ROUNDS = tuple(range(1, DRAFT_PACK + 1))


def _draft_knowledge(
    s: _Spec, obs: Observation, order: tuple[int, ...], layout: Layout
) -> list[float]:
    """[DH-2.3.5] Per tile: in which packs handed to the viewer it was, and who is known
    to have kept it (the viewer's own tiles with the round they were kept)."""
    out = layout.zeros("draft_knowledge")
    width = DRAFT_PACK + s.players
    if len(obs.packs) > DRAFT_PACK:
        raise StateError(f"the Dunhuang tensor shows {DRAFT_PACK} rounds of the draft")
    for j, pack in enumerate(obs.packs):
        for tile in pack:
            out[s.tile_at[tile] * width + j] = 1.0
    for k, tile in enumerate(obs.players[obs.viewer].drafted):
        out[s.tile_at[tile] * width + DRAFT_PACK] = (k + 1) / DRAFT_PACK
    for r, q in enumerate(order):
        for tile in obs.played[q] if obs.played else ():
            out[s.tile_at[tile] * width + DRAFT_PACK + r] = 1.0
    return out


def _lookup(table_: dict[str, int], key: str, what: str) -> int:
    at = table_.get(key)
    if at is None:
        raise StateError(f"the Dunhuang tensor has no entry for the {what} {key!r}")
    return at


def _characters(
    s: _Spec, obs: Observation, order: Iterable[int], layout: Layout
) -> dict[str, list[float]]:
    zones = len(s.char_zones)
    zone = [zones - 1] * len(s.chars)
    index = [0] * len(s.chars)
    for k, c in enumerate(obs.row):
        if c is not None:
            zone[s.char_at[c]] = k
    for r, q in enumerate(order):
        for k, c in enumerate(obs.players[q].characters):
            if c is not None:
                zone[s.char_at[c]] = ROW + r * SLOTS + k
    base = ROW + s.players * SLOTS
    for i, c in enumerate(obs.discard):
        zone[s.char_at[c]], index[s.char_at[c]] = base, i
    for i, c in enumerate(obs.aside):
        zone[s.char_at[c]], index[s.char_at[c]] = base + 1, i
    at = layout.zeros("character_zone")
    for c in range(len(s.chars)):
        at[c * zones + zone[c]] = 1.0
    return {"character_zone": at, "character_index": [i / len(s.chars) for i in index]}


def _tiles(
    s: _Spec, obs: Observation, order: tuple[int, ...], layout: Layout
) -> dict[str, list[float]]:
    zones = len(s.tile_zones)
    zone = [zones - 1] * len(s.tiles)
    index = [0] * len(s.tiles)

    def put(tile: int, where: int, i: int = 0) -> None:
        at = s.tile_at[tile]
        zone[at], index[at] = where, i

    for tile in obs.players[obs.viewer].hand:
        put(tile, 0)
    for tile in obs.draft:
        put(tile, 1)
    for r, q in enumerate(order):
        for k, spot in enumerate(obs.players[q].frescoes):
            if spot.tile is not None:
                put(spot.tile, 2 + r * 3 + k)
    base = 2 + s.players * 3
    if obs.public is not None:
        put(obs.public, base)
    if len(obs.publics) > PUBLICS:
        raise StateError(f"the Dunhuang tensor shows {PUBLICS} public line positions")
    for k, line in enumerate(obs.publics):
        if line is not None:
            put(line, base + 1 + k)
    base += 1 + PUBLICS
    for i, tile in enumerate(obs.gone):
        put(tile, base, i)
    for i, tile in enumerate(obs.stack_bottom):
        put(tile, base + 1, i)
    for i, tile in enumerate(obs.drawn):
        put(tile, base + 2, i)
    held = held_tile(obs.choice)
    if held is not None and zone[s.tile_at[held]] == zones - 1:
        put(held, base + 3)
    at = layout.zeros("tile_zone")
    for x in range(len(s.tiles)):
        at[x * zones + zone[x]] = 1.0
    return {"tile_zone": at, "tile_index": [i / len(s.tiles) for i in index]}


def _frames(
    s: _Spec, obs: Observation, rel: dict[int, int], layout: Layout
) -> dict[str, list[float]]:
    if len(obs.frames) > s.frames:
        raise StateError(f"the Dunhuang tensor shows {s.frames} frames of effects")
    head = layout.zeros("frame_head")
    effects = layout.zeros("frame_effects")
    width = len(head) // s.frames
    n = len(s.effects)
    for k, frame in enumerate(reversed(obs.frames)):
        values = [1.0, *one_hot(rel[frame.player], s.players)]
        values += [float(frame.manual), float(frame.done), float(frame.quest)]
        values += one_hot(frame.slot, SLOTS)
        values.append(_squash(frame.bonus, 3))
        head[k * width : (k + 1) * width] = values
        if len(frame.effects) > MAX_EFFECTS:
            raise StateError(f"the Dunhuang tensor shows {MAX_EFFECTS} effects per frame")
        for i, text in enumerate(frame.effects):
            effects[(k * MAX_EFFECTS + i) * n + _lookup(s.effect_at, text, "effect")] = 1.0
    return {"frame_head": head, "frame_effects": effects}
