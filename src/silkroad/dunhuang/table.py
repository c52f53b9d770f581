"""[DH-2.1] The component table of a game: everything the options put on the table.

Built once per :class:`Options` and cached: the packs in play, their cards, tiles and
tokens, the action spots with their effects, the achievement spots, the move items.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable

import attrs

from silkroad.core.errors import DataError, RulesError
from silkroad.dunhuang.cards import (
    NOTATION_EFFECTS,
    AchievementDef,
    BoardDef,
    CharacterDef,
    Effect,
    FrescoDef,
    PackDef,
    QuestDef,
    ResourceTileDef,
    RouteDef,
    TokenDef,
    load_board,
    ranking_rule,
)
from silkroad.dunhuang.engine import needs_nothing
from silkroad.dunhuang.moves import Place
from silkroad.dunhuang.packs import EffectHook, Pack, PackChoice, effect_problem, get
from silkroad.dunhuang.promos import PROMO_PACK, promos_of
from silkroad.dunhuang.state import (
    FRESCO,
    PUBLIC,
    PUBLICS,
    SOLO_DRAW,
    SOLO_PACKS,
    SPOT_COUNT,
    ULTIMATE,
    Options,
    tile_count_problem,
)

__all__ = [
    "MAX_CHOOSE",
    "MAX_EFFECTS",
    "Space",
    "SpotDef",
    "Table",
    "space",
    "table",
]

#: Most effects one action, ability or tile may list (the ``Resolve`` action ids).
MAX_EFFECTS = 8
#: Most options of a pack's own choice (the ``Choose`` action ids): a tile on any of the
#: twelve fresco spots of the board (the Bronze Caster), or a pack's trade routes.
MAX_CHOOSE = 12


@attrs.frozen
class SpotDef:
    """[DH-3.A] [DH-3.B] [DH-3.C] An action spot: its label and (for basic and ultimate) effects."""

    id: int
    label: str
    kind: str
    effects: tuple[Effect, ...] = ()
    blocked: bool = False
    owner: int = -1
    slot: int = -1
    source: str = ""


def _zone4(board: BoardDef, packs: tuple[PackDef, ...]) -> list[tuple[tuple[Effect, ...], str]]:
    """[DH-2.1.3] [DH-2.1.6] The effects on the three zone-4 spots, and what covers each."""
    names = {p.name for p in packs}
    printed = list(board.zone4_printed)
    covered: list[ResourceTileDef | None] = [None] * len(printed)
    rest: list[ResourceTileDef] = []
    for pack in packs:
        for tile in pack.resource_tiles:
            target = tile.covers
            if target is not None and target not in names and target in printed:
                i = printed.index(target)
                if covered[i] is None:
                    covered[i] = tile
                    continue
            rest.append(tile)
    for extra in rest:
        for i, p in enumerate(printed):
            if covered[i] is None and p not in names:
                covered[i] = extra
                break
    out: list[tuple[tuple[Effect, ...], str]] = []
    own = {p.name: p.printed_spot for p in packs}
    for i, cover in enumerate(covered):
        if cover is None and own.get(printed[i]):
            out.append((own[printed[i]], f"printed {printed[i]} spot"))
        elif cover is None:
            out.append(((), f"printed {printed[i]} (not in play)"))
        else:
            out.append((cover.effects, f"{cover.pack} resource tile"))
    return out


#: Statistics every pack has, one per pack (``painted:silk``...).
_PACK_STATS = ("painted", "left", "recruited")


def _module_stats(name: str) -> set[str]:
    """The statistic names a pack's module declares (``NAME:pack`` string constants)."""
    module_name = (
        "silkroad.dunhuang.promos"
        if name == "promos"
        else f"silkroad.dunhuang.packs.{name.replace('-', '_')}"
    )
    try:
        module = importlib.import_module(module_name)
    except ImportError:  # pragma: no cover - a pack without a module of its own
        return set()
    return {
        v
        for k, v in vars(module).items()
        if k.isupper() and isinstance(v, str) and ":" in v and " " not in v
    }


class Table:
    """[DH-2.1] Everything fixed for a game with these options (read-only)."""

    def __init__(self, options: Options) -> None:
        if not options.packs:
            raise RulesError(
                "the solitaire packs are drawn at setup: use the options of a state "
                "(new_game names them) or name two packs"
            )
        self.options = options
        #: render's lines of a text drawn from what the table holds (a character's, a
        #: tile's, an action spot's words with who stands there), by (text, indent, more):
        #: the same in every state of a game, and wrapping them again was most of render
        self.notes: dict[tuple[str, str, str | None], tuple[str, ...]] = {}
        #: [DH-6.2] A solitaire game.
        self.solo = options.players == 1
        self.board: BoardDef = load_board()
        self.modules: tuple[Pack, ...] = tuple(get(name) for name in options.packs)
        replaced = options.replaced_packs()
        self.packs: tuple[PackDef, ...] = tuple(replaced.get(m.name, m.data) for m in self.modules)
        #: Where each pack's data comes from, for messages.
        self.sources: dict[str, str] = {
            p.name: f"data of {p.name}"
            if p.name in replaced
            else f"silkroad/dunhuang/data/{p.name}.toml"
            for p in self.packs
        }
        # [DH-6.2.5] solitaire plays as the 4-player game: every tile is in the stack
        four = options.players in (1, 4)
        self._components(four)
        self._pack_rules()
        #: [DH-8] [DH-9] The promo tiles in play (none without promos).
        self.promo_tiles: tuple[int, ...] = ()
        #: [DH-9.1] The lower effect of each promo tile in play.
        self.promo_lower: dict[int, Effect] = {}
        if options.promos:
            self._add_promos(four)
        self._check()
        self._derived()

    def _components(self, four: bool) -> None:
        """[DH-2.1] The characters, tiles, tokens, routes, achievements and quests of the
        packs in play (``four``: the 4-player tiles are in the game)."""
        self.characters: dict[int, CharacterDef] = {
            c.id: c for p in self.packs for c in p.characters
        }
        self.char_ids: tuple[int, ...] = tuple(sorted(self.characters))
        self.tiles: dict[int, FrescoDef] = {
            f.id: f for p in self.packs for f in p.frescoes if four or not f.four_player_only
        }
        self.tile_ids: tuple[int, ...] = tuple(sorted(self.tiles))
        # a token two packs share (Wine cubes: Wine and Exotic Beauty) is the one of the
        # pack its key names, whatever the order of the packs
        self.tokens: dict[str, TokenDef] = {}
        for p in self.packs:
            for tk in p.tokens:
                if tk.key not in self.tokens or tk.key.startswith(f"{p.name}-"):
                    self.tokens[tk.key] = tk
        self.token_keys: tuple[str, ...] = tuple(self.tokens)
        self.routes: dict[str, dict[int, RouteDef]] = {
            p.name: {r.id: r for r in p.routes} for p in self.packs
        }
        # [DH-6.2.2] solitaire turns the achievement boards to their quest side
        self.achievements: tuple[AchievementDef, ...] = tuple(
            a
            for p in self.packs
            if not self.solo
            for a in sorted(p.achievements, key=lambda a: -a.vp)
        )
        #: [DH-7] The quests of both boards (solitaire only), by stage then board.
        self.quests: tuple[QuestDef, ...] = tuple(
            sorted(
                (q for p in self.packs if self.solo for q in p.quests),
                key=lambda q: q.stage,
            )
        )
        #: [DH-5] For each achievement spot, the other spots with the same requirement.
        self.same_need: dict[str, tuple[str, ...]] = {
            a.key: tuple(
                b.key
                for b in self.achievements
                if b.key != a.key and (b.pack, b.need) == (a.pack, a.need)
            )
            for a in self.achievements
        }

    def _pack_rules(self) -> None:
        """The packs' own effects, recruitment modes and decisions."""
        self.effects: dict[str, EffectHook] = {}
        self.recruit_modes: dict[str, Callable[[CharacterDef], bool]] = {}
        #: [DH-3.E.7] For each pack's recruitment mode, its section and what it takes.
        self.recruit_rules: dict[str, tuple[str, str]] = {}
        self.pack_choices: dict[str, PackChoice] = {}
        for module in self.modules:
            self.effects.update(module.effects)
            self.recruit_modes.update(module.recruit_modes)
            self.recruit_rules.update(module.recruit_rules)
            self.pack_choices.update(module.choices)

    def _derived(self) -> None:
        """What the rules read of the components again and again, computed once: the
        action spots, the moves of meeples, the token kinds by role, the free spots."""
        self.spots: tuple[SpotDef, ...] = self._spots()
        self.open_spots: tuple[SpotDef, ...] = tuple(d for d in self.spots if not d.blocked)
        #: The ``Place`` move of each meeple and spot, built once.
        self.place_moves: tuple[tuple[Place, ...], ...] = tuple(
            tuple(Place(m, i) for i in range(SPOT_COUNT)) for m in range(3)
        )
        self.start_tokens: tuple[TokenDef, ...] = tuple(t for t in self.tokens.values() if t.start)
        self.scored: tuple[str, ...] = tuple(
            t.key for t in self.tokens.values() if t.category in ("material", "product")
        )
        self.materials: tuple[str, ...] = tuple(f"{p.name}-material" for p in self.packs)
        self.products: tuple[str, ...] = tuple(
            k for p in self.packs if (k := f"{p.name}-product") in self.tokens
        )
        #: [DH-3.2] The open basic and ultimate spots, and the fresco tiles, with an
        #: effect that can be resolved in any state (``engine.needs_nothing``): any meeple
        #: may use them whenever they are free.
        self.free_spots: frozenset[int] = frozenset(
            d.id
            for d in self.open_spots
            if d.kind in ("basic", "ultimate")
            and any(needs_nothing(self.tokens, e) for e in d.effects)
        )
        self.free_tiles: frozenset[int] = frozenset(
            i
            for i, f in self.tiles.items()
            if any(needs_nothing(self.tokens, e) for e in f.effects)
        )
        #: Items a ``Take`` move may name, in a fixed order (for the action space).
        self.take_items: tuple[str, ...] = tuple(
            dict.fromkeys(
                [e.text for e in self.board.income]
                + [e.text for e in self.board.reward_left]
                + list(self.token_keys)
            )
        )

    def _add_promos(self, four: bool) -> None:
        """[DH-8] [DH-9] The promos of the packs in play: their characters join the deck;
        with four players their tiles join the stack (DH-8: promo tiles are used only in
        the 4-player game). A promo of a pack not in play is not used. The promo data is
        the built-in file or the options' replacement (``data`` named ``"promos"``)."""
        promos, _ = promos_of(self.options)  # fits the packs: promos.check_fit
        packs = set(self.options.packs)
        for c in promos.characters:
            if c.pack in packs:
                self.characters[c.id] = c
        self.char_ids = tuple(sorted(self.characters))
        if four:
            joined = tuple(x.id for x in promos.tiles if x.fresco.pack in packs)
            for tile in promos.tiles:
                if tile.id in joined:
                    self.tiles[tile.id] = tile.fresco
            self.tile_ids = tuple(sorted(self.tiles))
            self.promo_tiles = joined
            self.promo_lower = {x.id: x.lower for x in promos.tiles if x.id in joined}
        self.modules = (*self.modules, PROMO_PACK)
        self.effects.update(PROMO_PACK.effects)

    def _check(self) -> None:
        """Data that the rules cannot use: unknown effects, an effect without its number or
        with one it takes none, a Payment of an unknown token, absurd amounts, two
        components with one id, too few tiles or characters."""
        known = NOTATION_EFFECTS | set(self.effects)
        counted = {k for m in self.modules for k in m.counted}
        characters: dict[int, str] = {}
        tiles: dict[int, str] = {}
        for pack in self.packs:
            for ids, components, kind in (
                (characters, pack.characters, "character"),
                (tiles, pack.frescoes, "fresco"),
            ):
                for c in components:
                    if c.id in ids:
                        raise DataError(
                            f"{kind} id {c.id} is also one of the {ids[c.id]} pack",
                            source=self.sources[pack.name],
                            entry=f"{kind} {c.id}",
                            field="id",
                        )
                    ids[c.id] = pack.name
            entries: list[tuple[str, str, tuple[Effect, ...]]] = [
                ("ultimate", "effects", pack.ultimate.effects),
                ("pack", "printed_spot", pack.printed_spot),
            ]
            entries += [(f"character {c.id}", "ability", c.ability) for c in pack.characters]
            entries += [(f"fresco {f.id}", "effects", f.effects) for f in pack.frescoes]
            entries += [
                (f"resource tile {i + 1}", "effects", r.effects)
                for i, r in enumerate(pack.resource_tiles)
            ]
            for entry, field, effects in entries:
                if len(effects) > MAX_EFFECTS:
                    raise DataError(
                        f"at most {MAX_EFFECTS} effects",
                        source=self.sources[pack.name],
                        entry=entry,
                        field=field,
                    )
            entries += [(f"character {c.id}", "leaving", c.leaving) for c in pack.characters]
            entries += [(tk.key, "start", tk.start) for tk in pack.tokens]
            entries += [(f"route {r.id}", "effects", r.effects) for r in pack.routes]
            entries += [(q.key, "reward", q.reward) for q in pack.quests]
            for entry, field, effects in entries:
                for e in effects:
                    problem = effect_problem(e, known, counted, self.tokens)
                    if problem is not None:
                        raise DataError(
                            problem, source=self.sources[pack.name], entry=entry, field=field
                        )
        for pack in self.packs:
            if len(pack.routes) > MAX_CHOOSE:
                raise DataError(
                    f"at most {MAX_CHOOSE} trade routes",
                    source=self.sources[pack.name],
                    field="routes",
                )
            if pack.setting("ranking"):
                try:
                    ranking_rule(pack.setting("ranking"))
                except ValueError as exc:
                    raise DataError(
                        str(exc), source=self.sources[pack.name], entry="pack", field="ranking"
                    ) from None
        n = self.options.players
        need = 2 * SOLO_DRAW if n == 1 else 5 * n + (1 if n == 4 else 0)
        # [DH-8] for each promo tile one pack tile leaves: the stack holds the packs' number
        have = len(self.tile_ids) - len(self.promo_tiles)
        if have < need or (n > 1 and have > need):
            raise DataError(
                tile_count_problem(n, need, have),
                source=", ".join(self.options.packs),
                field="frescoes",
            )
        if self.solo and {q.stage for q in self.quests} != {1, 2, 3}:
            raise DataError(
                "a solitaire game needs a first set, a second set and a final quest",
                source=", ".join(self.options.packs),
                field="quests",
            )
        if len(self.char_ids) < 4:
            raise DataError(
                "the recruiting row needs four characters",
                source=", ".join(self.options.packs),
                field="characters",
            )

    def _spots(self) -> tuple[SpotDef, ...]:
        board = self.board
        spots: list[SpotDef] = []
        for z, zone in enumerate(board.zones):
            for k, effects in enumerate(zone):
                spots.append(
                    SpotDef(
                        3 * z + k, f"b{3 * z + k + 1}", "basic", effects, source=f"zone {z + 1}"
                    )
                )
        for k, (effects, source) in enumerate(_zone4(board, self.packs)):
            i = 9 + k
            spots.append(
                SpotDef(i, f"b{i + 1}", "basic", effects, blocked=not effects, source=source)
            )
        for k in range(3):
            if k < len(self.packs):
                u = self.packs[k].ultimate
                spots.append(
                    SpotDef(ULTIMATE + k, f"u{k + 1}", "ultimate", u.effects, source=u.name)
                )
            else:
                spots.append(SpotDef(ULTIMATE + k, f"u{k + 1}", "ultimate", blocked=True))
        for p in range(4):
            for s in range(3):
                spots.append(
                    SpotDef(
                        FRESCO + 3 * p + s,
                        f"f{p + 1}.{s + 1}",
                        "fresco",
                        blocked=p >= self.options.players,
                        owner=p,
                        slot=s,
                    )
                )
        for k in range(PUBLICS):
            spots.append(SpotDef(PUBLIC + k, f"p{k + 1}", "public", blocked=not self.solo, slot=k))
        return tuple(spots)

    @functools.cached_property
    def spot_texts(self) -> tuple[tuple[str, ...], ...]:
        """[DH-3.A] [DH-3.B] The effects of each action spot as text, by spot id (a
        fresco spot's: none, its tile's are in :attr:`tile_texts`)."""
        return tuple(tuple(e.text for e in d.effects) for d in self.spots)

    @functools.cached_property
    def tile_texts(self) -> dict[int, tuple[str, ...]]:
        """[DH-3.C] The effects of each fresco tile as text, by tile id."""
        return {k: tuple(e.text for e in f.effects) for k, f in self.tiles.items()}

    @functools.cached_property
    def statistics(self) -> frozenset[str]:
        """[DH-4] The names a player's statistics may have in this game: fresco tiles
        completed, per pack painted, left and recruited, what the packs' modules count,
        trade routes, and what achievements and quests read."""
        packs = (
            {p.name for p in self.packs}
            | {c.pack for c in self.characters.values()}
            | {f.pack for f in self.tiles.values()}
        )
        stats = {"completed"} | {f"{stat}:{p}" for p in packs for stat in _PACK_STATS}
        for module in self.modules:
            stats |= _module_stats(module.name)
        for pack, routes in self.routes.items():
            if routes:
                stats |= {f"route:{pack}:{r}" for r in routes}
                stats |= {f"routes:{pack}", f"trades:{pack}"}
        for need in (*(a.need for a in self.achievements), *(q.need for q in self.quests)):
            stats |= {k for item, _ in need for k in item.split("+")}
        stats |= {q.per for q in self.quests if q.per}
        return frozenset(stats - set(self.token_keys))

    def pack_of_token(self, key: str) -> str:
        """The pack a token kind belongs to."""
        return self.tokens[key].pack


@functools.lru_cache(maxsize=64)
def table(options: Options) -> Table:
    """The (cached) table of these options."""
    return Table(options)


@attrs.frozen
class Space:
    """[DH-6.2.1] The items the action space is built on: fixed for the options, and in
    solitaire the same whichever two packs are drawn (all four solitaire packs)."""

    tile_ids: tuple[int, ...]
    char_ids: tuple[int, ...]
    token_keys: tuple[str, ...]
    take_items: tuple[str, ...]


@functools.lru_cache(maxsize=64)
def space(options: Options) -> Space:
    """[DH-6.2.1] The action-space items of these options."""
    if options.players != 1:
        t = table(options)
        return Space(t.tile_ids, t.char_ids, t.token_keys, t.take_items)
    replaced = options.replaced_packs()
    packs = [replaced.get(name, get(name).data) for name in SOLO_PACKS]
    board = load_board()
    tokens = [k.key for p in packs for k in p.tokens]
    items = [e.text for e in board.income] + [e.text for e in board.reward_left] + tokens
    return Space(
        tuple(sorted(f.id for p in packs for f in p.frescoes)),
        tuple(sorted(c.id for p in packs for c in p.characters)),
        tuple(tokens),
        tuple(dict.fromkeys(items)),
    )
