"""[DH-2] [DH-3] [DH-4] [DH-5] [DH-6.1] [DH-6.2] [DH-6.3] [DH-7] Setup, the round structure,
moves and scoring; solitaire setup, its special rules and quests.

``apply`` plays one decision and then :func:`_settle` advances the game through
everything automatic (effects in order, cleanup steps, the next round) to the next
decision. A decision with a single option (other than placing a meeple or using an
ability) is taken automatically.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import NoReturn

import attrs
from immutables import Map

from silkroad.core import scoring
from silkroad.core.errors import StateError
from silkroad.core.game import Outcome
from silkroad.core.memo import LastValue
from silkroad.core.registry import illegal_move
from silkroad.core.rng import Rng
from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect, QuestDef, parse_effect, ranking_rule
from silkroad.dunhuang.engine import Lack, replace
from silkroad.dunhuang.moves import (
    Ability,
    Bottom,
    Choose,
    Continue,
    Done,
    Keep,
    Move,
    Paint,
    Pass,
    Place,
    Recruit,
    Resolve,
    Take,
    Upgrade,
    UseDie,
    spot_label,
)
from silkroad.dunhuang.promos import removable
from silkroad.dunhuang.state import (
    FRESCO,
    MEEPLES,
    ROUNDS,
    ROW,
    SOLO_PACKS,
    ULTIMATE,
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
from silkroad.dunhuang.table import SpotDef, Table, table

__all__ = [
    "apply",
    "current_player",
    "final_breakdown",
    "first_tiles",
    "gain_items",
    "income_rewards",
    "is_over",
    "legal_moves",
    "meeple_refusal",
    "new_game",
    "outcome",
    "paint_tiles",
    "recruit_slots",
    "scores",
    "solitaire_result",
    "spot_refusal",
    "twin_slots",
    "upgrade_tokens",
    "winners",
]

#: [DH-3.A] The first zone of basic actions (b1-b3): its first user this round becomes
#: the first player of the next round.
FIRST_ZONE = range(3)

# The enum members the rules read, as module globals. On Python 3.11 every read of a
# member through its class (``Phase.OVER``) passes EnumType.__getattr__'s slot hook, which
# makes and calls a bound wrapper on every read; read from these globals instead,
# Dunhuang's random playouts went from 210.8k to 198.9k instructions per decision at 3
# players (benchmarks/instructions.py). ``_PHASE_OVER`` is ``Phase.OVER``, ``_KIND_GAIN``
# is ``ChoiceKind.GAIN``, and so on.
_PHASE_DRAFT = Phase.DRAFT
_PHASE_PLACE = Phase.PLACE
_PHASE_START = Phase.START
_PHASE_ACTION = Phase.ACTION
_PHASE_CLEANUP = Phase.CLEANUP
_PHASE_OVER = Phase.OVER
_KIND_DRAFT = ChoiceKind.DRAFT
_KIND_PLACE = ChoiceKind.PLACE
_KIND_INCOME = ChoiceKind.INCOME
_KIND_ABILITY = ChoiceKind.ABILITY
_KIND_UPGRADE = ChoiceKind.UPGRADE
_KIND_GAIN = ChoiceKind.GAIN
_KIND_RECRUIT = ChoiceKind.RECRUIT
_KIND_PAINT = ChoiceKind.PAINT
_KIND_DIE = ChoiceKind.DIE
_KIND_CONTINUE = ChoiceKind.CONTINUE
_KIND_PUBLIC = ChoiceKind.PUBLIC
_KIND_BOTTOM = ChoiceKind.BOTTOM


# -- setup ------------------------------------------------------------------------------------


def new_game(options: Options, seed: int) -> State:
    """[DH-2] Set up a game: board, characters, players, the fresco draft."""
    rng = Rng.from_seed(seed)
    if options.players == 1:
        return _new_solo(options, rng)
    t = table(options)
    # the table's own (equal) options: every later table lookup finds them by identity
    options = t.options
    n = options.players
    first, rng = rng.randrange(n)
    chars, rng = rng.shuffle(t.char_ids)
    row, deck = tuple(chars[:ROW]), tuple(chars[ROW:])
    stack, gone, rng = _promo_stack(t, rng)
    tiles, rng = rng.shuffle(stack)
    public: int | None = None
    if n == 4:
        public, tiles = tiles[0], tiles[1:]
    draft = tuple(tuple(tiles[5 * p : 5 * p + 5]) for p in range(n))
    players = []
    for p in range(n):
        pl = Player(tokens=Map(dict.fromkeys(t.materials, 1)))
        seat = (p - first) % n
        for e in t.board.seat_resources[seat]:
            if e.kind == "coin":
                pl = engine.with_field(pl, "coins", pl.coins + e.amount)
            elif e.kind == "pigment":
                pl = engine.with_field(pl, "pigment", pl.pigment + e.amount)
        players.append(pl)
    s = State(
        options=options,
        rng=rng,
        phase=_PHASE_DRAFT,
        round=1,
        first=first,
        players=tuple(players),
        row=row,
        deck=deck,
        public=public,
        draft=draft,
        turn=first,
        gone=gone,
    )
    s = engine.with_field(s, "choice", Choice(_KIND_DRAFT, first))
    return _settle(t, s)


def _promo_stack(t: Table, rng: Rng) -> tuple[tuple[int, ...], tuple[int, ...], Rng]:
    """[DH-8] For each promo tile in play, one 4-player-only pack tile is left out (set
    aside face up), drawn at random from those of the packs in play. Without promo tiles:
    every tile, no draw."""
    k = len(t.promo_tiles)
    if not k:
        return t.tile_ids, (), rng
    out = removable(t)
    if len(out) > k:
        order, rng = rng.shuffle(out)
        out = tuple(sorted(order[:k]))
    return tuple(x for x in t.tile_ids if x not in out), out, rng


def _new_solo(options: Options, rng: Rng) -> State:
    """[DH-6.2.1] [DH-6.2.2] Solitaire setup: two packs (drawn when the options name none),
    the character deck and the fresco tile stack shuffled, the solitaire resources, then
    the first draw of four tiles (DH-6.2.3)."""
    if not options.packs:
        order, rng = rng.shuffle(SOLO_PACKS)
        chosen = set(order[:2])
        t = _solo_table(options, tuple(x for x in SOLO_PACKS if x in chosen))
    else:
        t = table(options)
    # the table's own (equal) options: every later table lookup finds them by identity
    options = t.options
    chars, rng = rng.shuffle(t.char_ids)
    tiles, rng = rng.shuffle(t.tile_ids)
    pl = Player(tokens=Map(dict.fromkeys(t.materials, 1)))
    for e in t.board.solo_resources:
        if e.kind == "coin":
            pl = replace(pl, coins=pl.coins + e.amount)
        elif e.kind == "pigment":
            pl = replace(pl, pigment=pl.pigment + e.amount)
    s = State(
        options=options,
        rng=rng,
        phase=_PHASE_PLACE,
        round=1,
        first=0,
        players=(pl,),
        row=tuple(chars[:ROW]),
        deck=tuple(chars[ROW:]),
        solo=Solo(stack=tuple(tiles)),
    )
    s = engine.draw_tiles(s, 0, _KIND_PLACE, "solo")
    return _settle(t, s)


@functools.lru_cache(maxsize=64)
def _solo_table(options: Options, packs: tuple[str, ...]) -> Table:
    """[DH-6.2.1] The table of solitaire ``options`` (naming no packs) with ``packs`` drawn."""
    return table(attrs.evolve(options, packs=packs))


def _solo_first(t: Table, s: State, tile: int | None) -> State:
    """[DH-6.2.3] The initial fresco: one of the four drawn tiles, with a die at 2."""
    if tile is not None:
        pl = s.players[0]
        spots = (pl.frescoes[0], pl.frescoes[1], FrescoSpot(tile, engine.die_value(t, tile)))
        pl = replace(pl, frescoes=spots, income=pl.income - 1)
        pl = engine.add_counter(pl, f"painted:{t.tiles[tile].pack}")
        s = engine.set_solo(
            engine.set_player(s, 0, pl), drawn=tuple(x for x in s.drawn if x != tile)
        )
    return _bottom_or(t, s, "start")


def _solo_public(t: Table, s: State, tile: int) -> State:
    """[DH-6.2.4] Two of four drawn tiles become public frescoes (no die)."""
    publics = list(s.publics)
    publics[publics.index(None)] = tile
    s = engine.set_solo(s, publics=tuple(publics), drawn=tuple(x for x in s.drawn if x != tile))
    if sum(x is not None for x in publics) < 2 and s.drawn:
        return replace(s, choice=Choice(_KIND_PUBLIC, 0))
    return _bottom_or(t, s, "public")


def _bottom_or(t: Table, s: State, arg: str, tile: int = 0) -> State:
    """[DH-6.3.3] The tiles left of a draw go to the bottom, one decision each; then the
    placement goes on (``arg``: the initial fresco, the public ones, a Begin Painting)."""
    if s.drawn:
        return replace(s, choice=Choice(_KIND_BOTTOM, 0, arg, tile))
    if arg == "start":
        return engine.draw_tiles(s, 0, _KIND_PUBLIC)
    if arg == "public":
        return _begin_round(t, replace(s, revealed=True))
    return _solo_paint(t, s, 0, tile)


def _solo_paint(t: Table, s: State, p: int, tile: int) -> State:
    """[DH-6.3.2] [DH-3.E.11] Place the chosen tile: on the rightmost vacant own spot as
    usual, or, with all three covered, as a public fresco (no die, no leftmost VP) whose
    action Begin Painting performs at once (no meeple, no Emperor's Quest): that is its
    one use, so it leaves play as that action begins (DH-6.2.4; kept aside, DH-6.3.4),
    as a public fresco does when a meeple is placed on it."""
    pl = s.players[p]
    if engine.vacant_slot(pl) is not None:
        return _paint(t, s, p, tile)
    pl = engine.add_counter(pl, f"painted:{t.tiles[tile].pack}")
    s = replace(engine.set_player(s, p, pl), gone=(*s.gone, tile))
    frame = Frame(p, t.tile_texts[tile], manual=True, quest=False, slot=None, still=tile)
    return engine.push_frame(s, frame)


def claim_quests(t: Table, s: State, p: int) -> State:
    """[DH-6.2.6] [DH-6.2.7] [DH-7] Complete every quest of the current set whose
    requirement is met, gaining its reward at once; a set opens only when every quest of
    the sets before it (on both boards) is complete."""
    claimed = s.achievements
    pl = s.players[p]
    # the same (immutable) statistics and claims as at the last fruitless check:
    # nothing new can be completed
    if _unchanged(pl, claimed, t):
        return s
    for needs in _open_quests(t, claimed):
        if _met(pl, needs):
            break
    else:
        _no_quest.pair = (claimed, (pl.tokens, pl.counters, t))
        return s  # nothing to complete (the usual case), found without the loop below
    completed = set(claimed.keys())
    frames: list[Frame] = []
    while True:
        # the open quests of the first set with one open
        open_ = None
        for group in _quest_sets(t):
            open_ = [q for q in group if q.key not in completed]
            if open_:
                break
        if not open_:
            break
        stats = _stats(s.players[p])
        done = [q for q in open_ if _meets(stats, q.need)]
        if not done:
            break
        completed.update(q.key for q in done)
        for q in done:
            claimed = claimed.set(q.key, p)
            pl = s.players[p]
            if q.per is not None:
                pl = replace(pl, vp=pl.vp + q.vp_each * pl.count(q.per))
                s = engine.set_player(s, p, pl)
            later: list[str] = []
            for e in q.reward:
                if e.kind in ("upgrade", "paint-for") or later:
                    later.append(e.text)
                else:
                    s = engine.gain(t, s, p, e)
            if later:
                frames.append(Frame(p, tuple(later), manual=False, quest=False))
    if claimed is s.achievements:
        _no_quest.pair = (claimed, (pl.tokens, pl.counters, t))
        return s
    s = replace(s, achievements=claimed)
    for fr in reversed(frames):
        s = engine.push_frame(s, fr)
    return s


#: The claims of the last quest check that completed nothing, the player's statistics
#: and the table (an identity memo over immutable values; it keeps them alive, so identity
#: is sound; solitaire has one player).
_no_quest = LastValue[Map[str, int], tuple[object, object, Table | None]](
    "Dunhuang: the claims, statistics and table of the last quest check that completed nothing",
    (None, None, None),
)

#: The table whose quests were last grouped by set, and those groups.
_sets = LastValue[Table, tuple[tuple[QuestDef, ...], ...]](
    "Dunhuang: the quests of the last table by set", ()
)


def _quest_sets(t: Table) -> tuple[tuple[QuestDef, ...], ...]:
    """[DH-6.2.6] The quests of ``t`` by set (stage), first set first, each in table order."""
    last = _sets.pair
    if last[0] is t:
        return last[1]
    stages = sorted({q.stage for q in t.quests})
    groups = tuple(tuple(q for q in t.quests if q.stage == k) for k in stages)
    _sets.pair = (t, groups)
    return groups


_Need = tuple[tuple[tuple[str, ...], int], ...]
#: The claims whose open quests were last listed, their table, and those quests'
#: requirements (split as by :func:`_split`).
_first = LastValue[Map[str, int], tuple[Table | None, tuple[_Need, ...]]](
    "Dunhuang: the open quests of the last claims", (None, ())
)


def _open_quests(t: Table, claimed: Map[str, int]) -> tuple[_Need, ...]:
    """[DH-6.2.6] The requirements (:func:`_split`) of the quests not completed in
    ``claimed`` of the first set of ``t`` that has one (none: every quest is complete)."""
    key, (last_table, last_found) = _first.pair
    if key is claimed and last_table is t:
        return last_found
    found: tuple[_Need, ...] = ()
    for group in _quest_sets(t):
        found = tuple(_split(q.need) for q in group if q.key not in claimed)
        if found:
            break
    _first.pair = (claimed, (t, found))
    return found


def _split(need: tuple[tuple[str, int], ...]) -> _Need:
    """[DH-5] [DH-7] A requirement with each statistic split into the kinds it sums."""
    return tuple((tuple(stat.split("+")), n) for stat, n in need)


def _met(pl: Player, needs: _Need) -> bool:
    """[DH-5] [DH-7] Whether ``pl`` meets a split requirement (:meth:`Player.count`
    written out: a kind held is in the tokens, which have no zero entries)."""
    tokens, counters = pl.tokens, pl.counters
    for keys, n in needs:
        if len(keys) == 1:
            key = keys[0]
            value = tokens.get(key) or counters.get(key) or 0
        else:
            value = sum([tokens.get(k) or counters.get(k) or 0 for k in keys])
        if value < n:
            return False
    return True


def _stats(pl: Player) -> dict[str, int]:
    """The statistics :meth:`Player.count` reads, as one dict (tokens before counters)."""
    stats = dict(pl.counters.items())
    stats.update(pl.tokens.items())
    return stats


def _unchanged(pl: Player, claimed: Map[str, int], t: Table) -> bool:
    """Whether the claims, ``pl``'s statistics and the table are the very (immutable)
    objects of the last quest check, which completed nothing: nothing new can be met."""
    key, last = _no_quest.pair
    return (
        key is claimed  # the very objects, not equal ones
        and last[0] is pl.tokens
        and last[1] is pl.counters
        and last[2] is t
    )


def _meets(stats: dict[str, int], need: tuple[tuple[str, int], ...]) -> bool:
    """[DH-5] [DH-7] ``engine.meets`` over the statistics of :func:`_stats`."""
    return all(_stat(stats, key) >= n for key, n in need)


def _stat(stats: dict[str, int], key: str) -> int:
    if "+" in key:
        return sum(stats.get(k, 0) for k in key.split("+"))
    return stats.get(key, 0)


def solitaire_result(state: State) -> tuple[bool, int, str] | None:
    """[DH-6.2.6] The result of a finished solitaire game: (won, VP, account), where
    won means every quest of both boards was completed in time; None for a game not
    over or not solitaire."""
    if state.options.players != 1 or state.final is None:
        return None
    t = table(state.options)
    vp = state.final[0]
    open_ = [q for q in t.quests if q.key not in state.achievements]
    if not open_:
        return True, vp, f"won with {vp} VP"
    stage = min(q.stage for q in open_)
    names = ("first set", "second set", "final quest")[stage - 1]
    return False, vp, f"lost: the {names} was not done by the end of round {state.round} ({vp} VP)"


def _solo_failed(t: Table, s: State, ended: int) -> bool:
    """[DH-6.2.6] Whether a set whose time ran out at the end of round ``ended`` is
    incomplete (the deadlines of the options, ``Options.deadlines``)."""
    deadlines = s.options.deadlines
    return any(deadlines[q.stage - 1] <= ended and q.key not in s.achievements for q in t.quests)


def _seats(s: State) -> tuple[int, ...]:
    n = len(s.players)
    return tuple((s.first + k) % n for k in range(n))


def _keep(t: Table, s: State, p: int, tile: int) -> State:
    """[DH-2.3.5] Keep a tile; after everyone kept one, packs pass left."""
    pl = s.players[p]
    draft = list(s.draft)
    draft[p] = tuple(x for x in draft[p] if x != tile)
    pl = engine.with_fields(pl, {"hand": (*pl.hand, tile), "drafted": (*pl.drafted, tile)})
    boards = [*s.players]
    boards[p] = pl
    players = tuple(boards)
    # one copy of the state, whichever decision comes next
    n = len(players)
    nxt = (p + 1) % n
    if nxt != s.first:
        return engine.with_fields(
            s, {"players": players, "draft": tuple(draft), "choice": _DRAFT_CHOICES[nxt]}
        )
    if not any(draft):
        return engine.with_fields(
            s,
            {
                "players": players,
                "phase": _PHASE_PLACE,
                "draft": (),
                "choice": Choice(_KIND_PLACE, s.first),
            },
        )
    passed = tuple(draft[(q - 1) % n] for q in range(n))
    return engine.with_fields(
        s, {"players": players, "draft": passed, "choice": _DRAFT_CHOICES[s.first]}
    )


def _first_place(t: Table, s: State, p: int, tile: int | None) -> State:
    """[DH-2.3.6] Place a first tile face down; once all did, flip them and set the dice."""
    if tile is not None:
        pl = s.players[p]
        spots = (pl.frescoes[0], pl.frescoes[1], FrescoSpot(tile, None))
        hand = tuple(x for x in pl.hand if x != tile)
        s = engine.set_player(s, p, engine.with_fields(pl, {"frescoes": spots, "hand": hand}))
    n = len(s.players)
    nxt = (p + 1) % n
    if nxt != s.first:
        return engine.with_field(s, "choice", Choice(_KIND_PLACE, nxt))
    players = []
    for pl in s.players:
        tile2 = pl.frescoes[2].tile
        if tile2 is not None:
            pl = engine.with_fields(
                pl,
                {
                    "frescoes": (
                        pl.frescoes[0],
                        pl.frescoes[1],
                        FrescoSpot(tile2, engine.die_value(t, tile2)),
                    ),
                    "income": pl.income - 1,
                },
            )
            pl = engine.add_counter(pl, f"painted:{t.tiles[tile2].pack}")
        players.append(pl)
    s = engine.with_fields(s, {"players": tuple(players), "revealed": True, "choice": None})
    return _begin_round(t, s)


# -- rounds -------------------------------------------------------------------------------------


def _begin_round(t: Table, s: State) -> State:
    """[DH-3.1.1] Starting phase: each player picks an uncovered income reward (not in round 1)."""
    queue: list[Choice] = []
    if s.round > 1:
        for p in _seats(s):
            if s.players[p].income < 3:
                queue.append(_INCOME_CHOICES[p])
    return engine.with_fields(s, {"phase": _PHASE_START, "queue": tuple(queue)})


def _start_rest(t: Table, s: State) -> State:
    """[DH-3.1.2] [DH-3.1.3] Pack effects of the starting phase, then achievements in seat order."""
    for p in _seats(s):
        if t.start_tokens:
            s = _token_starts(t, s, p)
        for module in t.modules:
            if module.start is not None:
                s = module.start(t, s, p)
    for p in _seats(s):
        s = claim_achievements(t, s, p)
    return engine.with_fields(s, {"phase": _PHASE_ACTION, "turn": s.first})


def _token_starts(t: Table, s: State, p: int) -> State:
    """[DH-3.1.2] The starting-phase effects of ``p``'s tokens, one per token held (each
    token kind counted after the effects of the kinds before it): the gains made on the
    player board and the state copied once, not once per gain (a gain with a decision,
    any Product, goes through the state): 0.3k instructions per decision fewer, 3 players."""
    pl = start = s.players[p]
    for token in t.start_tokens:
        for _ in range(pl.tokens.get(token.key, 0)):
            for e in token.start:
                if e.kind == "product" and e.arg == "any":
                    s = engine.gain(t, engine.set_player(s, p, pl), p, e)
                    pl = start = s.players[p]
                    continue
                gained = engine.gained(t, pl, e)
                if gained is not None:
                    pl = gained
    return s if pl is start else engine.set_player(s, p, pl)


def claim_achievements(t: Table, s: State, p: int) -> State:
    """[DH-5] Place a token on every open spot whose requirement ``p`` meets; of two spots
    with the same requirement the player takes the richer free one and never both.
    In solitaire the boards show quests instead (:func:`claim_quests`)."""
    if t.solo:
        return claim_quests(t, s, p)
    pl = s.players[p]
    claimed = s.achievements
    if len(claimed) == len(t.achievements):
        return s
    # the seat's last check claimed nothing, and nothing it read has changed since
    tokens, counters = pl.tokens, pl.counters
    memo = _fruitless[p]
    seen, last = memo.pair
    if seen is tokens and last[0] is counters and last[1] is claimed and last[2] is t:
        return s
    tests, by_token, by_counter, always = _achievement_index(t)
    claims = _claims(claimed)
    # the spots whose first need the player meets, found from the statistics of the
    # first needs (a first need is never of a statistic not held), read as
    # Player.count reads them (the tokens, then the counters), not from a dict of every
    # statistic held (iterating two immutable maps is slow); those of the counters,
    # which change less often, kept for the seat's counters (_counted): 21.1k -> 14.4k
    # instructions a call (callgrind, the 1152 checks of the 12 seeded games at 3
    # players replayed)
    picked = [*always]
    for stat, firsts in by_token:
        value = tokens.get(stat) or counters.get(stat)
        if value:
            for least, i in firsts:  # (a loop: a comprehension is a call)
                if least <= value:
                    picked.append(i)
    known = _counted[p].pair
    if known[0] is counters and known[1][0] is t:
        picked += known[1][1]
    else:
        picked += _counter_picks(t, counters, by_counter, p)
    if not picked:
        memo.pair = (tokens, (counters, claimed, t))
        return s
    picked.sort()  # the table's order, which decides between spots of the same need
    owners: dict[str, int] | None = None
    gained = 0
    for i in picked:
        key, _, _, needs, vp, same = tests[i]
        if key in claims:
            continue
        if not _met(pl, needs):
            continue
        if owners is None:
            owners = dict(claims)
        if any(owners.get(k) == p for k in same):
            continue
        owners[key] = p
        claimed = claimed.set(key, p)
        gained += vp
    if gained or claimed is not s.achievements:
        s = engine.with_field(s, "achievements", claimed)
        return engine.set_player(s, p, engine.with_field(pl, "vp", pl.vp + gained))
    memo.pair = (tokens, (counters, claimed, t))
    return s


#: For each seat, the statistics (tokens, then counters), the claims and the table of
#: its last achievement check that claimed nothing (identity memos over immutable
#: values, one per seat: the players' checks alternate). A check of the very same
#: objects claims nothing again: 1.3k instructions per decision fewer (3 players).
_fruitless = tuple(
    LastValue[Map[str, int], tuple[object, object, object]](
        f"Dunhuang: the last achievement check of seat {p} that claimed nothing",
        (None, None, None),
    )
    for p in range(4)
)


#: For each seat, the counters of its last achievement check, with the table, and the
#: spots whose first need those counters meet (identity memos over immutable maps, one
#: per seat: the players' checks alternate).
_counted = tuple(
    LastValue[Map[str, int], "tuple[Table | None, tuple[int, ...]]"](
        f"Dunhuang: the achievements the counters of seat {p} reach first", (None, ())
    )
    for p in range(4)
)


def _counter_picks(
    t: Table, counters: Map[str, int], by_counter: _Firsts, p: int
) -> tuple[int, ...]:
    """[DH-5] The positions of the achievement spots of ``t`` whose first need is a
    statistic that is no token kind and that ``counters`` meet (a player holds only the
    table's token kinds, so ``Player.count`` reads such a statistic from the counters),
    remembered for seat ``p`` in :data:`_counted`."""
    picked = []
    for stat, firsts in by_counter:
        value = counters.get(stat)
        if value:
            for least, i in firsts:
                if least <= value:
                    picked.append(i)
    found = tuple(picked)
    _counted[p].pair = (counters, (t, found))
    return found


_Test = tuple[str, str, int, _Need, int, tuple[str, ...]]
#: The table whose achievement tests were last prepared, and those tests.
_tests = LastValue[Table, tuple[_Test, ...]]("Dunhuang: achievement tests of a table", ())


#: The claims last read as a dict, and that dict (an identity memo over an immutable map).
_open = LastValue[Map[str, int], dict[str, int]]("Dunhuang: the last claims as a dict", {})


def _claims(claimed: Map[str, int]) -> dict[str, int]:
    """[DH-5] ``claimed`` as a dict (not to be changed: it is shared)."""
    key, claims = _open.pair
    if key is claimed:
        return claims
    claims = dict(claimed.items())
    _open.pair = (claimed, claims)
    return claims


#: Statistics with the (least value, position) of each achievement spot whose first
#: need is that statistic.
_Firsts = tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
_Index = tuple[tuple[_Test, ...], _Firsts, _Firsts, tuple[int, ...]]
#: The table whose achievement spots were last indexed, and that index.
_index = LastValue[Table, _Index](
    "Dunhuang: the achievement spots of a table by first need", ((), (), (), ())
)


def _achievement_index(t: Table) -> _Index:
    """[DH-5] The tests of :func:`_achievement_tests`, the positions of those whose first
    need is one statistic with a least value above 0 by that statistic (with the least
    value), the statistics that are token kinds of ``t`` apart from the others (read
    from the counters alone, :func:`_counter_picks`), and the positions of the others
    (always tested): a spot's first need is met only by a statistic the player holds,
    so the spots worth testing are found from those statistics: 1.4k instructions per
    decision fewer (3 players, ``benchmarks/instructions.py``)."""
    last = _index.pair
    if last[0] is t:
        return last[1]
    tests = _achievement_tests(t)
    by_stat: dict[str, list[tuple[int, int]]] = {}
    always = []
    for i, (_, first, least, *_rest) in enumerate(tests):
        if first and least > 0:
            by_stat.setdefault(first, []).append((least, i))
        else:
            always.append(i)
    by_token = tuple((k, tuple(v)) for k, v in by_stat.items() if k in t.tokens)
    by_counter = tuple((k, tuple(v)) for k, v in by_stat.items() if k not in t.tokens)
    index = (tests, by_token, by_counter, tuple(always))
    _index.pair = (t, index)
    return index


def _achievement_tests(t: Table) -> tuple[_Test, ...]:
    """[DH-5] Each achievement spot of ``t`` in its order, as (key, first statistic, its
    least value, requirement, VP, spots of the same requirement), a requirement's
    statistic split into the kinds it sums. The first need's statistic and value, when it
    is one statistic (else ``""`` and 0, always met), index the spots
    (:func:`_achievement_index`) so that most are rejected before their requirement is
    read (as a quick test before the whole requirement, 3.9k instructions per decision
    fewer; as an index, 1.4k fewer again; 3 players, ``benchmarks/instructions.py``)."""
    last = _tests.pair
    if last[0] is t:
        return last[1]
    tests = tuple(
        (a.key, *_first_need(a.need), _split(a.need), a.vp, t.same_need[a.key])
        for a in t.achievements
    )
    _tests.pair = (t, tests)
    return tests


def _first_need(need: tuple[tuple[str, int], ...]) -> tuple[str, int]:
    """[DH-5] The first need of a requirement when it is one statistic, as (statistic,
    least value); ``("", 0)``, a need every player meets, otherwise."""
    if need and "+" not in need[0][0]:
        return need[0]
    return "", 0


def _cleanup(t: Table, s: State) -> State:
    """[DH-3.3] Steps 1 to 3, then the reward-area choices of step 4."""
    players = []
    gone = list(s.gone)
    for pl in s.players:
        spots = []
        for spot in pl.frescoes:
            if spot.tile is not None and spot.die is None:
                gone.append(spot.tile)
                spot = FrescoSpot()
            spots.append(spot)
        frescoes = (spots[0], spots[1], spots[2])
        players.append(engine.with_fields(pl, {"home": (True, True, True), "frescoes": frescoes}))
    # step 3: discard the leftmost character, slide the row, refill the rightmost
    # (engine.refill_row's draws made here, the state copied once for the whole cleanup
    # instead of once per step and per draw: 168.4k -> 167.7k instructions per decision,
    # 3 players)
    old = s.row
    row = [*[c for c in old[1:] if c is not None], None, None, None, None][:ROW]
    deck, discard, rng = s.deck, s.discard, s.rng
    if old[0] is not None:
        # [DH-6.3.4] in solitaire too: a discarded row card never was the player's, so it
        # does not leave play (kept aside are the player's characters and the tiles)
        discard = (*discard, old[0])
    for i in range(ROW):
        if row[i] is None:
            row[i], deck, discard, rng = engine.draw_character(deck, discard, rng)
    queue: list[Choice] = []
    for p in _seats(s):
        pl = players[p]
        if pl.left:
            queue += [_LEFT_CHOICES[p]] * pl.left
        if pl.right:
            queue += [_RIGHT_CHOICES[p]] * pl.right
    return engine.with_fields(
        s,
        {
            "players": tuple(players),
            "spots": Map(),
            "gone": tuple(gone),
            "row": tuple(row),
            "deck": deck,
            "discard": discard,
            "rng": rng,
            "phase": _PHASE_CLEANUP,
            "queue": tuple(queue),
        },
    )


def _cleanup_finish(t: Table, s: State) -> State:
    """[DH-3.3.4] [DH-3.3.5] Move the reward-area dice, advance the round marker.
    [DH-6.2.6] Solitaire: quests met by the cleanup rewards are completed (their rewards
    first), then a set whose time ran out loses the game."""
    if t.solo:
        claimed = claim_quests(t, s, 0)
        if claimed.frames:
            return claimed  # the rewards' decisions; the cleanup finishes afterwards
        s = claimed
    players = tuple(
        engine.with_fields(pl, {"income": pl.income + pl.right, "right": pl.left, "left": 0})
        for pl in s.players
    )
    first = s.first if s.next_first is None else s.next_first
    if t.solo and _solo_failed(t, s, s.round):
        # [DH-6.2.6] a set not done in time: the game is lost and ends here
        s = replace(s, players=players, first=first, next_first=None)
        final = _breakdown(t, s)
        return replace(s, phase=_PHASE_OVER, final=tuple(sum(row) for row in final))
    s = engine.with_fields(
        s, {"players": players, "first": first, "next_first": None, "round": s.round + 1}
    )
    if s.round > ROUNDS:
        final = _breakdown(t, s)
        return engine.with_fields(
            s, {"phase": _PHASE_OVER, "final": tuple(sum(row) for row in final), "round": ROUNDS}
        )
    return _begin_round(t, s)


def _next_turn(s: State) -> State:
    """[DH-3.2] The turn passes clockwise to the next player with a meeple at home."""
    p = _next_turn_player(s)
    return s if p == s.turn else replace(s, turn=p)


def _next_turn_player(s: State) -> int:
    """[DH-3.2] The next player clockwise with a meeple at home (``s.turn`` if none)."""
    n = len(s.players)
    for k in range(1, n + 1):
        p = (s.turn + k) % n
        if True in s.players[p].home:  # (not any(): no call)
            return p
    return s.turn


def _next_placer(t: Table, s: State) -> State | None:
    """[DH-3.2] The action phase at the next turn that can be played: the player to act
    if a meeple of theirs has a usable spot, otherwise the next player clockwise who has
    one (a player without a usable spot skips the turn and keeps the meeples). None when
    no player can place a meeple: the action phase is over."""
    n = len(s.players)
    for k in range(n):
        p = (s.turn + k) % n
        if True not in s.players[p].home:
            continue
        if k == 0:
            last = _last.pair
            if last[0] is s:  # listed already (Pass: nothing to place)
                if last[1] is not _PASS:  # (identity: no __eq__ of moves)
                    return s
                continue
        # _turn_moves written out (the state is the action phase's, at a placement), with
        # the listed moves read from _last above: 1.3k instructions per decision fewer
        moves = _placements(t, s, p)
        if moves:
            if k:
                s = engine.with_field(s, "turn", p)
            _last.pair = (s, moves)  # its legal moves (placements read no turn), not listed again
            return s
    return None


def _after_action(t: Table, s: State, owned: bool) -> tuple[State, bool]:
    """[DH-3.2] After the effects: the ability step, then achievements and the next turn.
    ``owned``: ``s`` was made by this move's play and nothing else holds it (see
    :func:`_settle_once`), so the action's end is written into it, not into a copy."""
    a = s.action
    assert a is not None
    if a.meeple is not None and not a.ability:
        pl = s.players[a.player]
        card = pl.characters[a.meeple]
        if card is not None and pl.grain[a.meeple] > 0:
            # [DH-8.4] [DH-3.E.6] what the ability could resolve once its grain is paid:
            # an Emperor's Quest needs the character still there after its last grain
            ability = t.characters[card].ability
            if any(engine.needs_nothing(t.tokens, e) for e in ability):
                usable = True  # a gain the payment cannot hinder
            else:
                paid = engine.pay_grain(t, s, a.player, a.meeple, 1)
                fr = Frame(a.player, (), manual=False, quest=True, slot=a.meeple)
                usable = any(engine.can(t, paid, fr, e) for e in ability)
            if usable:
                return engine.with_field(s, "choice", _ABILITY_CHOICES[a.player]), True
    s = claim_achievements(t, s, a.player)  # s itself or a new state: owned as s is
    changes = {"action": None, "turn": _next_turn_player(s)}
    if owned:
        s.__dict__.update(changes)  # a state no one else holds yet (no frozen copy)
        return s, False
    return engine.with_fields(s, changes), False


#: The decisions of a player the rules make again and again, by player (made once: they
#: are immutable): [DH-2.3.5] keep a tile, [DH-3.1.1] an income reward, [DH-8.4] use an
#: ability, [DH-3.3.4] a reward of the left or right spot of the reward area (the cleanup
#: made two choices per player each round, even for no reward): 2.3k instructions per
#: decision fewer, 3 players.
_DRAFT_CHOICES = tuple(Choice(_KIND_DRAFT, p) for p in range(4))
_INCOME_CHOICES = tuple(Choice(_KIND_INCOME, p) for p in range(4))
_ABILITY_CHOICES = tuple(Choice(_KIND_ABILITY, p) for p in range(4))
_LEFT_CHOICES = tuple(Choice(_KIND_GAIN, p, "left") for p in range(4))
_RIGHT_CHOICES = tuple(Choice(_KIND_GAIN, p, "right") for p in range(4))


def _settle(t: Table, s: State, owned: bool = False) -> State:
    """Advance through everything automatic to the next decision (or the end): the only
    legal move of a decision not the player's to skip is played, and :func:`_play`
    settles the state it makes (not settled a second time here: the action phase's
    next placer was found twice after each automatic move: 5.0k instructions per decision
    fewer, 3 players). ``owned``: as in :func:`_settle_once`."""
    start = s
    s = _settle_once(t, s, owned)
    if s.phase is _PHASE_OVER:
        return s
    c = s.choice
    if c is None and not s.frames:
        return s  # a meeple placement
    if c is not None and c.kind is _KIND_ABILITY:
        return s
    moves = _cached_moves(t, s)
    if len(moves) != 1:
        return s
    if owned or s is not start:
        # a state this move's play made (settling copies, never returns another state
        # it was not given): the one move written into it, its listed moves forgotten
        _last.clear()
        return _play(t, s, moves[0], True)
    return _play(t, s, moves[0])


def _settle_once(t: Table, s: State, owned: bool) -> State:
    """The automatic steps from ``s`` to the next decision (or the end). ``owned``: ``s``
    is a state this move's play made that nothing else holds (no memo, no caller); a
    state that the loop makes by a copy of its own is owned too. The end of an action
    and a queued decision taken are then written into the owned state instead of a new
    frozen copy (166.8k -> 164.9k instructions per decision, 3 players,
    ``benchmarks/instructions.py``), and so is a popped frame without a bonus or a promo
    die (164.3k); a state that may be the move's starting state, or that went into the
    moves memo, is never written."""
    while True:
        if s.choice is not None:
            return s
        if s.frames:
            fr = s.frames[-1]
            ok = engine.resolvable(t, s, fr)
            if not ok:
                if owned and fr.lower is None and not fr.bonus:
                    # engine.pop_frame's usual case, written into the owned state
                    s.__dict__["frames"] = s.frames[:-1]
                    continue
                s = engine.pop_frame(t, s)  # a new state
                owned = True
                continue
            if fr.manual:
                _last.pair = (s, _frame_moves(fr, ok))  # what _settle asks next
                return s
            s = engine.resolve_index(t, s, ok[0], owned)  # a new state, or s written
            owned = True
            continue
        if s.action is not None:
            s, wait = _after_action(t, s, owned)
            if wait:
                return s
            owned = True  # s or a new state
            continue
        if s.queue:
            changes = {"choice": s.queue[0], "queue": s.queue[1:]}
            if owned:
                s.__dict__.update(changes)  # (see the docstring)
            else:
                s = engine.with_fields(s, changes)
                owned = True
            continue
        if s.phase is _PHASE_START:
            s = _start_rest(t, s)
            continue
        if s.phase is _PHASE_ACTION:
            # [DH-3.2] the phase ends once every meeple is placed or nobody can place one
            nxt = None
            for pl in s.players:
                if True in pl.home:
                    nxt = _next_placer(t, s)
                    break
            if nxt is not None:
                return nxt
            s = _cleanup(t, s)
            continue
        if s.phase is _PHASE_CLEANUP:
            s = _cleanup_finish(t, s)
            continue
        return s


# -- legal moves -----------------------------------------------------------------------------


def spot_effects(t: Table, s: State, spot: int) -> tuple[str, ...]:
    """[DH-3.A] [DH-3.B] [DH-3.C] The effects of an action spot (a fresco spot: its tile's)."""
    d = t.spots[spot]
    if d.kind == "fresco":
        tile = s.players[d.owner].frescoes[d.slot].tile
        return () if tile is None else t.tile_texts[tile]
    if d.kind == "public":
        tile = s.publics[d.slot] if s.publics else None
        return () if tile is None else t.tile_texts[tile]
    return t.spot_texts[spot]


def spot_open(t: Table, s: State, p: int, meeple: int, spot: int) -> bool:
    """[DH-3.2] [DH-6.1.2] Whether ``p`` may put ``meeple`` on ``spot`` now:
    :func:`spot_refusal` finds nothing against it."""
    return spot_refusal(t, s, p, meeple, spot) is None


def spot_refusal(t: Table, s: State, p: int, meeple: int, spot: int) -> Lack | None:
    """[DH-3.2] [DH-6.1.2] Why ``p`` may not put ``meeple`` on ``spot`` now (the section
    and the reason), or None when it may: a spot that is not on this table, one meeple
    per spot, the third ultimate action closed with 3 players, a fresco spot without a
    tile, and at least one effect that can be resolved (note 2). The meeple's own
    conditions (at home, not the twin of another) are :func:`meeple_refusal`'s."""
    d = t.spots[spot]
    if d.blocked:
        return _blocked(t, d)
    holder = s.spots.get(spot)
    if holder is not None:
        text = f"{d.label} is taken this round (P{holder // 3}'s m{holder % 3 + 1})"
        if d.kind == "basic":
            z = d.id // 3  # [DH-3.A] the zones of three basic spots
            if all(x.blocked or x.id in s.spots for x in t.spots[3 * z : 3 * z + 3]):
                text += f": zone {z + 1} has no free spot this round"
        return "DH-3.2", text
    if d.kind == "ultimate" and s.options.players == 3:
        used = [k for k in range(ULTIMATE, FRESCO) if k in s.spots]
        if len(used) >= 2:
            labels = " and ".join(t.spots[k].label for k in used)
            return "DH-6.1", (
                f"two ultimate actions are taken ({labels}): the third, {d.label}, is closed "
                "with 3 players"
            )
    effects = spot_effects(t, s, spot)
    if not effects:
        if d.kind == "public":
            return "DH-6.2.4", f"{d.label} holds no public fresco"
        return "DH-3.C", f"{d.label} holds no fresco tile (P{d.owner}'s fresco spot {d.slot + 1})"
    fr = Frame(p, effects, slot=meeple if s.players[p].characters[meeple] is not None else None)
    found = []
    for e in effects:
        why = engine.lack(t, s, fr, parse_effect(e))
        if why is None:
            return None
        found.append(why)
    if len(found) == 1:
        return found[0][0], f"{d.label}: {found[0][1]}"
    texts = "; ".join(text for _, text in found)
    return "DH-3.2", f"no effect of {d.label} can be resolved (note 2): {texts}"


def _blocked(t: Table, d: SpotDef) -> Lack:
    """[DH-2.1.6] [DH-6.1] [DH-6.2] Why a spot of the board is not on this game's table."""
    n = t.options.players
    if d.kind == "basic":
        return "DH-2.1.6", f"{d.label} is covered: its printed spot is of a pack not in play"
    if d.kind == "ultimate":
        return "DH-6.2.1", f"{d.label} has no Ultimate Action tile: solitaire plays two packs"
    if d.kind == "fresco":
        if n == 1:
            return "DH-6.2", f"{d.label} is not on the table: solitaire has one player, P0"
        return "DH-6.1", f"{d.label} is not on the table: a 3-player game has no P3"
    return "DH-6.2.4", f"{d.label} is on the public fresco line of solitaire, not of this game"


def meeple_refusal(s: State, p: int, meeple: int) -> Lack | None:
    """[DH-3.2] [DH-2.2.1] Why ``p`` may not send ``meeple`` now (None: may): it is on an
    action spot already this round, or it is the twin of an earlier meeple
    (:func:`twin_slots`: offered as that one)."""
    if not s.players[p].home[meeple]:
        where = next((k for k, v in s.spots.items() if v == 3 * p + meeple), None)
        on = "" if where is None else f" on {spot_label(where)}"
        return "DH-3.2", f"P{p}'s m{meeple + 1} is already{on} this round"
    twin = twin_slots(s, p)[meeple]
    if twin != meeple:
        return "DH-2.2.1", (
            f"m{meeple + 1} and m{twin + 1} of P{p} are alike (no character, the same "
            f"grain, both at home): the move is offered as m{twin + 1}"
        )
    return None


def _turn_moves(t: Table, s: State) -> tuple[Move, ...]:
    """[DH-3.2] Every (meeple, spot) the player to act may use, or ``Pass`` when there is
    none (only in a state built by hand: play skips such a turn by itself)."""
    return _placements(t, s, s.turn) or _PASS


def _placements(t: Table, s: State, p: int) -> tuple[Move, ...]:
    """[DH-3.2] Every (meeple, spot) player ``p`` may use now; the same test as
    :func:`spot_open`, computed once per spot (a meeple matters only through its character):
    each effect is first tested without a character spot, and only the effects whose test
    reads the frame's character spot are tested again for each meeple with a character.
    The spots open to every meeple at home are found by a set difference and kept apart
    from those open to some meeples only, so that the usual listing, the same spots for
    each meeple, is one ``map`` per meeple: 2.0k instructions per decision fewer (3
    players, ``benchmarks/instructions.py``); a spot open to some meeples only is merged
    into the list of each meeple it is open to (1.5k fewer). The tests of the effects
    whose answer without a character spot the table decides (:func:`_spot_plan`) are not
    made, and each spot's effects that read the character spot are listed once per table
    (4.6k fewer). Each effect is tested by the function that answers ``engine.can`` for
    its kind (the plan's, ``engine.tester``), without ``can``'s dispatch on the kind, and
    a Recruitment reads the row's cheapest cost, kept for the row (``engine.cheapest``):
    162.6k -> 157.0k instructions per decision, 3 players (``benchmarks/instructions.py``)."""
    pl = s.players[p]
    home = _offered(s, p, pl)
    if not home:
        return ()
    frames = _TEST_FRAMES[p]
    plain = frames[0]
    chars = pl.characters
    with_char = [(m, frames[m + 1]) for m in home if chars[m] is not None]
    occupied = _occupied(s.spots)
    plan = _spot_plan(t)
    free_boards, boards, capped, frescoes, publics, known, tile_tests, checks = plan
    tested = known.copy()  # effect text -> engine.can in the plain frame
    # the spots open to every meeple home (in any order: sorted at the end), then the
    # spots whose effects need a test (in any order: each answer is the same)
    free = free_boards - occupied
    full = capped and len(occupied & _ULTIMATES) >= 2
    if full:
        free -= _ULTIMATES
    todo = []  # (a loop: a comprehension is a call of its own)
    for entry in boards.values():
        spot = entry[0]
        if spot not in occupied and not (full and spot in _ULTIMATES):
            todo.append(entry)
    marks = [*free]
    partial: list[tuple[int, list[int]]] = []  # the spots open to some meeples only
    if frescoes:
        # the fresco spots are numbered by player, then slot (_spot_plan checks it): read
        # along the players' boards, not looked up by owner and slot for each spot
        spot = FRESCO
        for q in s.players:
            for f in q.frescoes:
                tile = f.tile
                if tile is not None and spot not in occupied:
                    tests = tile_tests[tile]
                    if tests is None:
                        marks.append(spot)
                    else:
                        todo.append(tests[spot])
                spot += 1
    if publics:
        # [DH-6.2.4] the positions of the public line holding a tile (few of them)
        line = zip(publics, s.publics, strict=True)
        for spot, ptile in [(spot, x) for spot, x in line if x is not None]:
            if spot in occupied:
                continue
            tests = tile_tests[ptile]
            if tests is None:
                marks.append(spot)
            else:
                todo.append(tests[spot])
    for spot, effects, slotted in todo:
        for e in effects:
            text = e.text
            ok = tested.get(text)
            if ok is None:
                ok = tested[text] = checks[text](t, s, plain, e)  # engine.can's answer
            if ok:
                marks.append(spot)  # resolvable without a character spot
                break
        else:
            if not with_char or not slotted:
                continue
            # only the effects whose test reads the character spot, for each character
            who = []
            for m, fr in with_char:
                for e in slotted:  # (loops: any() over a generator costs more)
                    if checks[e.text](t, s, fr, e):  # engine.can's answer
                        who.append(m)
                        break
            if who:
                partial.append((spot, who))
    marks.sort()  # spot order, as the table lists the spots
    places = t.place_moves
    out: list[Move] = []
    if not partial:  # the usual case: every meeple home may use the same spots
        for m in home:
            out += map(places[m].__getitem__, marks)
        return tuple(out)
    for m in home:
        extra = [spot for spot, who in partial if m in who]
        out += map(places[m].__getitem__, sorted([*marks, *extra]) if extra else marks)
    return tuple(out)


def _offered(s: State, p: int, pl: Player) -> tuple[int, ...] | list[int]:
    """[DH-2.2.1] [DH-3.2] The meeples of player ``p`` (board ``pl``) a placement offers:
    those at home, but a twin of an earlier one (:func:`twin_slots`). On a placement no
    spot is busy (no frame, action, choice or queue), and the twins are worked out here
    without twin_slots, its set and a comprehension over its answer: 175.4k -> 171.8k
    instructions per decision, 3 players (``benchmarks/instructions.py``)."""
    at = pl.home
    chars = pl.characters
    if at[0] + at[1] + at[2] < 2 or (
        (chars[0] is None) + (chars[1] is None) + (chars[2] is None) < 2
    ):
        # a meeple alone at home, or at most one spot without a character: no twins
        return _AT_HOME[at]  # (twin_slots skipped: 1.2k fewer)
    if s.frames or s.action is not None or s.choice is not None or s.queue:
        twins = twin_slots(s, p)
        return [m for m in range(MEEPLES) if at[m] and twins[m] == m]
    # a meeple at home without a character is left out when an earlier one kept is alike
    grain = pl.grain
    home: list[int] = []
    for m in _AT_HOME[at]:
        if chars[m] is None:
            g = grain[m]
            for j in home:
                if chars[j] is None and grain[j] == g:
                    break
            else:
                home.append(m)
        else:
            home.append(m)
    return home


#: The meeples at home of each ``home`` field of a player board (a table instead of a
#: comprehension, with the loop that lists the spots to test in ``_placements``: 0.7k
#: instructions per decision fewer, 3 players, ``benchmarks/instructions.py``).
_AT_HOME = {
    home: tuple(m for m in range(MEEPLES) if home[m])
    for home in itertools.product((False, True), repeat=MEEPLES)
}


#: The spots map whose occupied spots were last listed, and those spots (an identity
#: memo over an immutable map, which it keeps alive).
_taken = LastValue[Map[int, int], frozenset[int]](
    "Dunhuang: the occupied spots of the last spots map", frozenset()
)


def _occupied(spots: Map[int, int]) -> frozenset[int]:
    """The occupied action spots of ``spots`` (the state's map), as a set."""
    last = _taken.pair
    if last[0] is spots:
        return last[1]
    found = frozenset(spots)
    _taken.pair = (spots, found)
    return found


#: The frames effects of a spot are tested in, ``_TEST_FRAMES[p][0]`` for player ``p``
#: without a meeple and ``_TEST_FRAMES[p][m + 1]`` with meeple ``m`` (frames are
#: immutable, so one serves every test; a table instead of calls of an lru cache, with
#: :data:`_ACTIONS`: 0.6k instructions per decision fewer, 3 players).
_TEST_FRAMES = tuple(
    tuple(Frame(p, (), slot=slot) for slot in (None, *range(MEEPLES))) for p in range(4)
)


_ULTIMATES = frozenset(range(ULTIMATE, FRESCO))

#: The gains ``engine.can`` answers by ``engine.needs_nothing`` (from the table alone).
_GAIN_KINDS = frozenset(("coin", "pigment", "vp", "material", "product"))

#: A spot's effects to test: (spot, effects, those whose test reads the frame's character
#: spot or Emperor's Quest flag).
_Tested = tuple[int, tuple[Effect, ...], tuple[Effect, ...]]
_Plan = tuple[
    frozenset[int],
    dict[int, _Tested],
    bool,
    bool,
    tuple[int, ...],
    dict[str, bool],
    dict[int, "dict[int, _Tested] | None"],
    dict[str, Callable[[Table, State, Frame, Effect], bool]],
]
#: The table whose open spots were last planned, and the plan.
_plans = LastValue[Table, _Plan](
    "Dunhuang: the open spots of the last table by kind",
    (frozenset(), {}, False, False, (), {}, {}, {}),
)


def _spot_plan(t: Table) -> _Plan:
    """What :func:`_placements` needs of ``t`` alone: basic and ultimate spots usable by
    every meeple whenever free as a set (a set difference with the occupied spots finds
    the free ones), the other basic and ultimate spots as :data:`_Tested` by spot,
    whether a third ultimate spot is closed once two are taken (3 players), whether the
    table has fresco spots, the public fresco spots by position (in spot order); the
    answers of ``engine.can`` without a character spot that the table
    decides, by effect text (a gain: :func:`engine.needs_nothing`; an Emperor's Quest:
    never without a meeple's character spot), and for each fresco tile None when any
    meeple may use it (``t.free_tiles``), else its effects to test as :data:`_Tested` by
    fresco or public spot; and each effect's test by its text (``engine.tester``: the
    function that answers ``engine.can`` for its kind, called without ``can``'s dispatch).
    The slot-reading effects are those whose kind is not in :data:`_SLOTLESS` nor a pack
    effect declared ``frameless``."""
    last = _plans.pair
    if last[0] is t:
        return last[1]
    slotless = _SLOTLESS | {k for k, hook in t.effects.items() if hook.frameless}

    def slotted(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
        return tuple(e for e in effects if e.kind not in slotless)

    boards = [d for d in t.open_spots if d.kind not in ("fresco", "public")]
    free = frozenset(d.id for d in boards if d.id in t.free_spots)
    tested = {d.id: (d.id, d.effects, slotted(d.effects)) for d in boards if d.id not in free}
    frescoes = [d.id for d in t.open_spots if d.kind == "fresco"]
    # by player, then slot, from the first (read so along the boards by _placements)
    assert frescoes == [FRESCO + k for k in range(len(frescoes))]
    assert [(t.spots[x].owner, t.spots[x].slot) for x in frescoes] == [
        (k // 3, k % 3) for k in range(len(frescoes))
    ]
    assert len(frescoes) in (0, 3 * t.options.players)
    publics = tuple(d.id for d in t.open_spots if d.kind == "public")
    # the public line's spots by position (every position, or none outside solitaire)
    assert [t.spots[x].slot for x in publics] == list(range(len(publics)))
    tiles: dict[int, dict[int, _Tested] | None] = {}
    for i, tile in t.tiles.items():  # (a plan is made once per game in solitaire)
        if i in t.free_tiles:
            tiles[i] = None
        else:
            effects, tested_ = tile.effects, slotted(tile.effects)
            tiles[i] = {x: (x, effects, tested_) for x in (*frescoes, *publics)}
    known: dict[str, bool] = {}
    checks = {}
    for effects in [d.effects for d in boards] + [tile.effects for tile in t.tiles.values()]:
        for e in effects:
            checks[e.text] = engine.tester(t, e.kind)
            if e.kind in _GAIN_KINDS:
                known[e.text] = engine.needs_nothing(t.tokens, e)
            elif e.kind == "quest":
                known[e.text] = False  # the Emperor's Quest needs the meeple's character
    capped = t.options.players == 3
    plan = (free, tested, capped, bool(frescoes), publics, known, tiles, checks)
    _plans.pair = (t, plan)
    return plan


#: [DH-3.2] Effect kinds whose ``engine.can`` reads neither the frame's character spot
#: nor its Emperor's Quest flag: the same answer in a meeple's frame as without one.
_SLOTLESS = frozenset(
    (
        "coin",
        "pigment",
        "vp",
        "material",
        "product",
        "upgrade",
        "recruit",
        "free-recruit",
        "continue",
        "paint",
        "paint-for",
    )
)


#: Every character spot its own: the twins when no two spots are alike.
_OWN_SLOTS = tuple(range(MEEPLES))


def twin_slots(s: State, p: int) -> tuple[int, ...]:
    """For each character spot of ``p`` (and the meeple associated with it, DH-2.2.1),
    the first spot interchangeable with it: both without a character, with the same
    grain, both meeples at home or both placed, and neither the spot of the action being
    resolved. A meeple matters only through its character spot, and a placed meeple only
    occupies its action spot until cleanup, so sending either of two such meeples, or
    recruiting to either of two such spots, is the same decision: it is offered once
    (docs/dunhuang.md, "Identical components")."""
    pl = s.players[p]
    chars = pl.characters
    if (chars[0] is None) + (chars[1] is None) + (chars[2] is None) < 2:
        return _OWN_SLOTS  # at most one spot without a character: no two alike
    busy: set[int | None] = {fr.slot for fr in s.frames if fr.player == p} if s.frames else set()
    a = s.action
    if a is not None and a.player == p:
        busy.add(a.meeple)
    c = s.choice
    if c is not None and c.player == p:
        busy.add(c.slot)
    for c in s.queue:
        if c.player == p:
            busy.add(c.slot)
    grain, home = pl.grain, pl.home
    out = [0, 1, 2]  # the first spot is always its own
    for i in (1, 2):
        if chars[i] is None and i not in busy:
            for j in range(i):
                if (
                    chars[j] is None
                    and j not in busy
                    and grain[j] == grain[i]
                    and home[j] == home[i]
                ):
                    out[i] = j
                    break
    return tuple(out)


#: The moves the legal-move lists are built of, each made once (moves are immutable).
_KEEP = functools.lru_cache(4096)(Keep)
_PAINT = functools.lru_cache(4096)(Paint)
_TAKE = functools.lru_cache(4096)(Take)
_ABILITY = functools.lru_cache(4096)(Ability)
_UPGRADE = functools.lru_cache(4096)(Upgrade)
_RECRUIT = functools.lru_cache(4096)(Recruit)
_BOTTOM = functools.lru_cache(4096)(Bottom)
_USEDIE = functools.lru_cache(4096)(UseDie)
_CONTINUE = functools.lru_cache(4096)(Continue)
_CHOOSE = functools.lru_cache(4096)(Choose)
_RESOLVE = functools.lru_cache(4096)(Resolve)
_PASS: tuple[Move, ...] = (Pass(),)
_DONE = Done()


@functools.lru_cache(maxsize=4096)
def _paints(tiles: tuple[int, ...]) -> tuple[Move, ...]:
    """[DH-6.2.4] [DH-6.3.2] Painting one of these tiles, in tile order (made once per set)."""
    return tuple(_PAINT(x) for x in sorted(tiles))


@functools.lru_cache(maxsize=4096)
def _bottoms(tiles: tuple[int, ...]) -> tuple[Move, ...]:
    """[DH-6.3.3] Sending one of these drawn tiles to the stack bottom, in tile order."""
    return tuple(_BOTTOM(x) for x in sorted(tiles))


def first_tiles(t: Table, s: State, c: Choice) -> tuple[int, ...]:
    """[DH-2.3.6] [DH-6.2.3] The tiles ``c.player`` may place first: of the hand (in
    solitaire of the tiles drawn), those without the "no" icon, in tile order."""
    pool = s.drawn if t.solo else s.players[c.player].hand
    return tuple(x for x in sorted(pool) if not t.tiles[x].no_start)


def income_rewards(t: Table, pl: Player) -> tuple[Effect, ...]:
    """[DH-3.1.1] The income rewards no die of ``pl`` covers (the dice cover the
    rightmost)."""
    return t.board.income[: 3 - pl.income]


def upgrade_tokens(t: Table, pl: Player) -> tuple[str, ...]:
    """[DH-3.E.2] The token kinds ``pl`` holds that Upgrade Resource turns into another."""
    return tuple(
        key for key in engine.upgradable(t) if pl.tokens.get(key, 0) > 0 and t.tokens[key].upgrade
    )


def gain_items(t: Table, c: Choice) -> tuple[str, ...]:
    """[DH-3.E.14] [DH-3.3.4] What a GAIN choice may take: a Product of a pack in play,
    a reward of the left spot of the reward area, or a Material of a pack in play (the
    right spot)."""
    if c.arg == "product":
        return t.products
    if c.arg in ("left", "paint-left"):
        return tuple(e.text for e in t.board.reward_left)
    return t.materials


def recruit_slots(s: State, c: Choice) -> tuple[int, ...]:
    """[DH-3.E.7] [DH-3.E.8] The character spots a recruitment may use: the one it must
    use (a Gold character's own), else every spot that is not the twin of an earlier one
    (:func:`twin_slots`)."""
    if c.slot is not None:
        return (c.slot,)
    twins = twin_slots(s, c.player)
    return tuple(i for i in range(3) if twins[i] == i)


def paint_tiles(t: Table, s: State, c: Choice) -> tuple[int, ...]:
    """[DH-3.E.11] [DH-6.3.3] The tiles a Begin Painting may place: the hand in tile
    order, then the public fresco (in solitaire the tiles drawn)."""
    if t.solo:
        return tuple(sorted(s.drawn))
    tiles = sorted(s.players[c.player].hand)
    return tuple(tiles if s.public is None else [*tiles, s.public])


def _choice_moves(t: Table, s: State, c: Choice) -> tuple[Move, ...]:
    pl = s.players[c.player]
    k = c.kind
    if k is _KIND_DRAFT:
        return tuple(_KEEP(x) for x in sorted(s.draft[c.player]))
    if k is _KIND_PLACE:
        ok = tuple(_PAINT(x) for x in first_tiles(t, s, c))
        return ok if ok else _PASS
    if k is _KIND_INCOME:
        return tuple(_TAKE(e.text) for e in income_rewards(t, pl))
    if k is _KIND_ABILITY:
        return (_ABILITY(True), _ABILITY(False))
    if k is _KIND_UPGRADE:
        return tuple(_UPGRADE(key) for key in upgrade_tokens(t, pl))
    if k is _KIND_GAIN:
        return tuple(_TAKE(key) for key in gain_items(t, c))
    if k is _KIND_RECRUIT:
        slots = recruit_slots(s, c)
        if c.arg == "paid":
            # recruit_allowed(t, s, "paid", ...) written out, as in engine.can: no reason
            # is written for a card refused (0.6k instructions per decision fewer, 3
            # players; 1.7k at 1 player)
            coins, cards = pl.coins, t.characters
            return tuple(
                _RECRUIT(card, slot)
                for card in s.row
                if card is not None and (cost := cards[card].cost) is not None and cost <= coins
                for slot in slots
            )
        return tuple(
            _RECRUIT(card, slot)
            for card in s.row
            if card is not None and engine.recruit_allowed(t, s, c.arg, c.player, card)
            for slot in slots
        )
    if k is _KIND_PAINT:
        if t.solo:
            return _paints(s.drawn)
        return tuple(_PAINT(x) for x in paint_tiles(t, s, c))
    if k is _KIND_PUBLIC:
        return _paints(s.drawn)
    if k is _KIND_BOTTOM:
        return _bottoms(s.drawn)
    if k is _KIND_DIE:
        return (_USEDIE("left"), _USEDIE("right"))
    if k is _KIND_CONTINUE:
        return tuple(_CONTINUE(i) for i in engine.continue_slots(s, c.player))
    return tuple(_CHOOSE(n) for n in t.pack_choices[c.arg].options(t, s, c))


def _moves(t: Table, s: State) -> tuple[Move, ...]:
    if s.phase is _PHASE_OVER:
        return ()
    if s.choice is not None:
        return _choice_moves(t, s, s.choice)
    if s.frames:
        fr = s.frames[-1]
        return _frame_moves(fr, engine.resolvable(t, s, fr))
    return _turn_moves(t, s)


def _frame_moves(fr: Frame, ok: tuple[int, ...]) -> tuple[Move, ...]:
    """[DH-3.2] The moves of a frame whose resolvable effects are ``ok``: resolve one of
    them, or end the action once an effect was resolved (not with an Emperor's Quest
    open)."""
    return _resolve_moves(fr.effects, ok, fr.done)


@functools.lru_cache(maxsize=4096)
def _resolve_moves(effects: tuple[str, ...], ok: tuple[int, ...], done: bool) -> tuple[Move, ...]:
    """:func:`_frame_moves` of a frame's effects, made once per case (moves are immutable)."""
    moves: list[Move] = [_RESOLVE(i) for i in ok]
    quest = any(parse_effect(effects[i]).kind == "quest" for i in ok)
    if done and not quest:
        moves.append(_DONE)
    return tuple(moves)


#: The last state whose legal moves were listed, and those moves: an identity memo
#: (``apply`` settles on a state and lists its moves; callers then ask for them again).
#: One tuple, read and replaced whole, so concurrent threads never mix two entries.
_last = LastValue[State, tuple[Move, ...]]("Dunhuang: the legal moves of the last state", ())


def _cached_moves(t: Table, s: State) -> tuple[Move, ...]:
    last = _last.pair
    if last[0] is s:
        return last[1]
    moves = _moves(t, s)
    _last.pair = (s, moves)
    return moves


#: The options whose table was last looked up, and that table (an identity memo).
_tables = LastValue[Options, Table | None]("Dunhuang: the table of the last options", None)


def _table(options: Options) -> Table:
    """``table(options)``, the last one found by identity."""
    last = _tables.pair
    if last[0] is options:
        t = last[1]
        assert t is not None
        return t
    t = table(options)
    _tables.pair = (options, t)
    return t


def legal_moves(state: State) -> tuple[Move, ...]:
    """[DH-3.2] Every legal move of the player to decide, in a fixed order (empty only
    once the game is over).

    :raises StateError: for a state not over with no legal move (the rules never leave
        one; an edited state that ``validate`` let through).
    """
    last = _last.pair  # _cached_moves written out: apply listed these moves
    moves = last[1] if last[0] is state else _cached_moves(_table(state.options), state)
    if not moves and state.phase is not _PHASE_OVER:
        c = state.choice
        waits = "" if c is None else f", {c.kind.value} decision of P{c.player}"
        raise StateError(
            f"a dead end: the Dunhuang state of round {state.round}, {state.phase.value} "
            f"phase, P{state.turn}'s turn{waits}, is not over but has no legal move"
        )
    return moves


def current_player(state: State) -> int | None:
    """[DH-3.2] Who decides now (None once the game is over)."""
    if state.phase is _PHASE_OVER:
        return None
    if state.choice is not None:
        return state.choice.player
    if state.frames:
        return state.frames[-1].player
    return state.turn


# -- playing a move -----------------------------------------------------------------------


def _place(t: Table, s: State, p: int, m: int, spot: int) -> State:
    """[DH-3.2] [DH-3.A] [DH-3.C] [DH-6.2.4] [DH-6.3.1] Put a meeple on a spot and start
    its action. :func:`spot_effects` written out for a basic or ultimate spot, and the
    occupied spots remembered for the next placements (:func:`_occupied`: ``before``
    with ``spot`` taken, when those of ``before`` are the ones remembered), no call of
    either (with :func:`engine.resolvable`'s loop and an income reward written into an
    owned state, :func:`_take`: 155.5k -> 153.1k instructions per decision, 3 players)."""
    d = t.spots[spot]
    kind = d.kind
    if kind == "basic" or kind == "ultimate":
        effects = t.spot_texts[spot]
    else:
        effects = spot_effects(t, s, spot)
    pl = s.players[p]
    home = list(pl.home)
    home[m] = False
    players = [*s.players]
    players[p] = engine.with_field(pl, "home", tuple(home))
    before = s.spots
    spots = before.set(spot, 3 * p + m)
    taken = _taken.pair
    if taken[0] is before:
        _taken.pair = (spots, taken[1] | {spot})
    s = engine.with_fields(
        s,
        {
            "players": tuple(players),
            "spots": spots,
            "action": _ACTIONS[p][m],
            "next_first": p if spot in FIRST_ZONE and s.next_first is None else s.next_first,
            "frames": (*s.frames, _action_frame(p, effects, m)),
        },
    )
    if kind == "fresco" and d.owner != p:
        s = engine.lower_die(t, s, d.owner, d.slot)
    elif kind == "fresco" and t.solo and any(e.startswith("continue") for e in effects):
        # [DH-6.3.1] the own fresco with Continue Painting advances too
        s = engine.lower_die(t, s, p, d.slot)
    elif kind == "public":
        # [DH-6.2.4] a public fresco leaves play after one use (kept aside, DH-6.3.4)
        tile = s.publics[d.slot]
        assert tile is not None
        publics = (*s.publics[: d.slot], None, *s.publics[d.slot + 1 :])
        s = engine.set_solo(replace(s, gone=(*s.gone, tile)), publics=publics)
    return s


#: [DH-3.2] The action of player ``p``'s meeple ``m``, ``_ACTIONS[p][m]`` (made once:
#: it is immutable).
_ACTIONS = tuple(tuple(Action(p, m) for m in range(MEEPLES)) for p in range(4))


@functools.lru_cache(maxsize=4096)
def _action_frame(p: int, effects: tuple[str, ...], m: int) -> Frame:
    """[DH-3.2] The frame of an action spot's effects for player ``p``'s meeple ``m``: the
    player chooses the order, Emperor's Quest applies (made once: it is immutable)."""
    return Frame(p, effects, manual=True, quest=True, slot=m)


def _play(t: Table, s: State, move: Move, owned: bool = False) -> State:
    """Apply a move known to be legal, then settle. ``owned``: as in :func:`_settle_once`
    (an effect resolved is written into ``s``, not into a copy)."""
    c = s.choice
    if c is None:
        # the states these make are new, held by no one else: owned (see _settle_once)
        if isinstance(move, Resolve):
            return _settle(t, engine.resolve_index(t, s, move.index, owned), True)
        if isinstance(move, Done):
            return _settle(t, engine.pop_frame(t, s), True)
        if isinstance(move, Place):
            return _settle(t, _place(t, s, s.turn, move.meeple, move.spot), True)
        # Pass: no usable spot now; the turn is skipped, the meeples stay home [DH-3.2]
        return _settle(t, _next_turn(s))
    p = c.player
    k = c.kind
    if k is _KIND_BOTTOM:
        # [DH-6.3.3] the tile to the bottom and the next decision in one copy of the state
        assert isinstance(move, Bottom)
        if len(s.drawn) > 1:
            nxt = Choice(_KIND_BOTTOM, 0, c.arg, c.n)
            return _settle(t, engine.to_bottom(s, move.tile, choice=nxt))
        s = engine.to_bottom(s, move.tile, choice=None)
        return _settle(t, _bottom_or(t, s, c.arg, c.n))
    if k is _KIND_DRAFT:
        assert isinstance(move, Keep)
        return _settle(t, _keep(t, s, p, move.tile))  # it sets the next choice itself
    if k is _KIND_INCOME or k is _KIND_UPGRADE or (k is _KIND_GAIN and c.arg in _TAKEN):
        # the choice cleared in the same copy; a new state: owned (see _settle_once)
        return _settle(t, _take(t, s, c, move, owned), True)
    if k is _KIND_ABILITY:
        assert isinstance(move, Ability)
        return _settle(t, _use_ability(t, s, p, move.use), True)  # a new state
    s = engine.with_field(s, "choice", None)
    if k is _KIND_PLACE:
        tile = move.tile if isinstance(move, Paint) else None
        if t.solo:
            return _settle(t, _solo_first(t, s, tile))
        return _settle(t, _first_place(t, s, p, tile))
    if k is _KIND_PUBLIC:
        assert isinstance(move, Paint)
        return _settle(t, _solo_public(t, s, move.tile))
    if k is _KIND_GAIN:
        assert isinstance(move, Take)
        if c.arg == "paint-left":
            s = engine.gain(t, s, p, parse_effect(move.item))
        else:
            s = engine.set_player(s, p, engine.add_tokens(s.players[p], move.item, 1))
        if c.arg.startswith("paint-"):
            pl = s.players[p]
            if c.arg == "paint-left":
                pl = replace(pl, left=pl.left - 1)
            else:
                pl = replace(pl, right=pl.right - 1)
            s = engine.place_tile(t, engine.set_player(s, p, pl), p, c.n)
        return _settle(t, s)
    if k is _KIND_RECRUIT:
        assert isinstance(move, Recruit)
        return _settle(t, engine.recruit(t, s, p, move.card, move.slot, c.arg), True)
    if k is _KIND_PAINT:
        assert isinstance(move, Paint)
        if t.solo:
            s = engine.set_solo(s, drawn=tuple(x for x in s.drawn if x != move.tile))
            return _settle(t, _bottom_or(t, s, "paint", move.tile))
        return _settle(t, _paint(t, s, p, move.tile))
    if k is _KIND_DIE:
        assert isinstance(move, UseDie)
        return _settle(t, replace(s, choice=Choice(_KIND_GAIN, p, f"paint-{move.side}", c.n)))
    if k is _KIND_CONTINUE:
        assert isinstance(move, Continue)
        return _settle(t, engine.lower_die(t, s, p, move.slot))
    assert isinstance(move, Choose)
    return _settle(t, t.pack_choices[c.arg].choose(t, s, c, move.option))


#: The reward-area choices :func:`_take` makes (those of Begin Painting go on to paint).
_TAKEN = frozenset(("left", "right"))


def _take(t: Table, s: State, c: Choice, move: Move, owned: bool = False) -> State:
    """[DH-3.1.1] [DH-3.E.2] [DH-3.3.4] The answer to an income reward, an Upgrade
    Resource or a reward of the reward area's left or right spot, with the choice cleared
    in the copy of the state that changes the player board, not in a copy of its own
    (with :func:`_use_ability`: 170.3k -> 169.3k instructions per decision, 3 players,
    ``benchmarks/instructions.py``; a copy of the state is about 4.7k instructions).
    ``owned``: as in :func:`_settle_once` (an income reward taken automatically, the only
    one offered, is written into the state settling made)."""
    p = c.player
    pl = s.players[p]
    if c.kind is _KIND_UPGRADE:
        assert isinstance(move, Upgrade)
        target = t.tokens[move.token].upgrade
        assert target is not None
        pl = engine.add_tokens(engine.add_tokens(pl, move.token, -1), target, 1)
    else:
        assert isinstance(move, Take)
        if c.kind is _KIND_GAIN and c.arg == "right":
            pl = engine.add_tokens(pl, move.item, 1)
        else:
            e = parse_effect(move.item)
            if e.kind == "product" and e.arg == "any":
                return engine.set_choice(s, _KIND_GAIN, p, "product")  # the next choice
            gained = engine.gained(t, pl, e)
            if gained is None:
                return engine.with_field(s, "choice", None)
            pl = gained
    players = [*s.players]
    players[p] = pl
    if s.queue and not s.frames and s.action is None:
        # the next queued decision taken in the same copy, as settling takes it next (the
        # income rewards of the starting phase, the rewards of the cleanup)
        queue = s.queue
        changes: dict[str, object] = {
            "choice": queue[0],
            "queue": queue[1:],
            "players": tuple(players),
        }
    else:
        changes = {"choice": None, "players": tuple(players)}
    if owned:
        s.__dict__.update(changes)  # a state no one else holds yet (no frozen copy)
        return s
    return engine.with_fields(s, changes)


def _use_ability(t: Table, s: State, p: int, use: bool) -> State:
    """[DH-8.4] The answer to the use of a character's ability, with the choice cleared
    in the copy of the state that marks the action's ability step done (see
    :func:`_take`)."""
    a = s.action
    assert a is not None
    s = engine.with_fields(s, {"choice": None, "action": engine.with_field(a, "ability", True)})
    if use:
        assert a.meeple is not None
        card = s.players[p].characters[a.meeple]
        assert card is not None
        s = engine.pay_grain(t, s, p, a.meeple, 1)
        effects = tuple(e.text for e in t.characters[card].ability)
        # [DH-8.4] an ability may resolve an Emperor's Quest with its own character
        s = engine.push_frame(s, Frame(p, effects, manual=False, quest=True, slot=a.meeple))
    return s


def _paint(t: Table, s: State, p: int, tile: int) -> State:
    """[DH-3.E.11] Take the tile, then the leftmost die of the board (or, with none there,
    a die of the reward area with its reward: note 3), place and perform it."""
    pl = s.players[p]
    if tile == s.public:
        s = replace(s, public=None)
    else:
        pl = engine.with_field(pl, "hand", tuple(x for x in pl.hand if x != tile))
    if pl.income > 0:
        s = engine.set_player(s, p, engine.with_field(pl, "income", pl.income - 1))
        return engine.place_tile(t, s, p, tile)
    s = engine.set_player(s, p, pl)
    if pl.left and pl.right:
        return replace(s, choice=Choice(_KIND_DIE, p, n=tile))
    side = "paint-left" if pl.left else "paint-right"
    return replace(s, choice=Choice(_KIND_GAIN, p, side, tile))


def apply(state: State, move: Move) -> State:
    """[DH-3.2] The state after ``move``; ``state`` is unchanged.

    :raises IllegalMoveError: if ``move`` is not in ``legal_moves(state)``.
    """
    # _table and _cached_moves written out: the options and the moves are those of the
    # last call (with legal_moves' the same, 2.8k instructions per decision fewer)
    options, known, last = state.options, _tables.pair, _last.pair
    t = known[1] if known[0] is options else None
    if t is None:
        t = _table(options)
    legal = last[1] if last[0] is state else _cached_moves(t, state)
    for m in legal:
        if m is move:  # the listed move itself (the usual case): no comparisons
            break
    else:
        try:
            ok = move in legal
        except TypeError:
            ok = False
        if not ok:
            _refuse(state, move, legal)
    return _play(t, state, move)


def _refuse(state: State, move: Move, legal: tuple[Move, ...]) -> NoReturn:
    """:raises IllegalMoveError: ``move`` is not one of ``legal``, the moves of ``state``;
    the message leads with the rule that refuses it (the title's ``explain``, found
    through the registered definition: these rules do not import their explanations)."""
    raise illegal_move("dunhuang", state, move)


# -- end ---------------------------------------------------------------------------------------


def rank_board(
    tokens: list[int], rewards: tuple[int, ...], tiebreak: list[int] | None = None
) -> tuple[int, ...]:
    """[DH-5] Ranking VP of one achievement board: most tokens first; tied players share
    the places' VP rounded down; players without a token get nothing. ``tiebreak`` (a
    pack's special ranking) orders players tied on tokens before sharing."""
    if tiebreak is None:
        tiebreak = [0] * len(tokens)
    values = [(k, b) for k, b in zip(tokens, tiebreak, strict=True)]
    return scoring.share_rewards(values, rewards, eligible=lambda v: v[0] > 0)


def final_breakdown(state: State) -> tuple[tuple[int, int, int, int, int], ...]:
    """[DH-4] Per player: VP track (step 1), tokens (step 2), dice on frescoes (step 3),
    achievement ranking (step 4) and pack VP (step 5), as the end scoring counts them."""
    return _breakdown(table(state.options), state)


def _breakdown(t: Table, s: State) -> tuple[tuple[int, int, int, int, int], ...]:
    n = len(s.players)
    ranking = [0] * n
    for pack in t.packs:
        keys = {a.key for a in pack.achievements}
        counts = [
            sum(1 for k, q in s.achievements.items() if q == p and k in keys) for p in range(n)
        ]
        # [DH-5] a board with its own place rewards or tie-break (Silk, Iron)
        setting = pack.setting("ranking")
        own, stat = ranking_rule(setting) if setting else (None, None)
        rewards = t.board.ranking if own is None else own
        tiebreak = [0] * n if stat is None else [s.players[p].count(stat) for p in range(n)]
        shares = rank_board(counts, rewards, tiebreak)
        for p in range(n):
            ranking[p] += shares[p]
    out = []
    for p, pl in enumerate(s.players):
        tokens = sum(pl.tokens.get(k, 0) for k in t.scored)
        dice = sum(1 for spot in pl.frescoes if spot.die is not None) * t.board.die_on_fresco_vp
        extra = sum(n_ * t.tokens[k].end_vp for k, n_ in pl.tokens.items())
        extra += sum(m.end_vp(t, s, p) for m in t.modules if m.end_vp is not None)
        out.append((pl.vp, tokens, dice, ranking[p], extra))
    return tuple(out)


def is_over(state: State) -> bool:
    """[DH-4] True after the cleanup of the eighth round."""
    return state.phase is _PHASE_OVER


def outcome(state: State) -> Outcome:
    """[DH-4] [DH-6.2.6] Finished once the game has ended by its rules (after round 8, or a
    solitaire game lost at a deadline), else ongoing. Dunhuang has no game-length
    safeguard (every round ends by the rules and there are eight), so it never truncates."""
    return Outcome.FINISHED if state.phase is _PHASE_OVER else Outcome.ONGOING


def scores(state: State) -> tuple[int, ...]:
    """[DH-4] Final VP once over; the VP track before."""
    if state.final is not None:
        return state.final
    return tuple(pl.vp for pl in state.players)


def winners(state: State) -> tuple[int, ...]:
    """[DH-4] Most VP; ties broken by achievement tokens placed; then shared.
    [DH-6.2.6] Solitaire: the player wins by completing every quest, else nobody wins."""
    if state.final is None:
        return ()
    if state.options.players == 1:
        result = solitaire_result(state)
        return (0,) if result is not None and result[0] else ()
    tokens = [
        sum(1 for q in state.achievements.values() if q == p) for p in range(len(state.players))
    ]
    return scoring.winners(state.final, tokens)
