"""[DH-2.3] What a player may see, and full states consistent with it.

Hidden from a player: the fresco tiles other players hold (drafted tiles in hand, the
packs they draft from, a first tile placed face down before the flip, DH-2.3.5-6), the
public fresco before the flip, the order of the character deck, and the RNG. In
solitaire (DH-6.3.3): the order of the fresco tile stack, except the tiles the player
put at its bottom, whose order the player knows.

What a player saw of the draft stays in the observation ([DH-2.3.5]: the packs pass
around the table, one tile kept from each at every turn): ``packs`` holds every pack the
player was handed, as it was then, and ``played`` the tiles each other player kept and
has since put on the board. So :func:`determinize` deals only tables the player holds
possible: the tiles of a pack the player saw went, one each, to the players it reached
afterwards, in the pack's order of passing, and a tile another player put on the board
is one they kept (:func:`known_facts` lists these facts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs
from immutables import Map

from silkroad.core.errors import StateError
from silkroad.core.game import Fact, check_player
from silkroad.core.memo import LastValue
from silkroad.core.registry import jupyter_svg
from silkroad.core.rng import (
    GOLDEN_GAMMA,
    Lanes,
    Rng,
    bounded,
    check_seed,
    draw_lanes,
    draws_one_by_one,
    packed_draws,
)
from silkroad.dunhuang.check import draft_known, held_tile
from silkroad.dunhuang.engine import replace, with_fields
from silkroad.dunhuang.state import (
    DRAFT_PACK,
    Action,
    Choice,
    Frame,
    FrescoSpot,
    Options,
    Phase,
    Player,
    Solo,
    State,
)
from silkroad.dunhuang.table import table

_T = TypeVar("_T")

__all__ = ["Observation", "determinize", "known_facts", "observe", "packs_seen", "redeal"]


@attrs.frozen
class Observation:
    """[DH-2.3] The game as ``viewer`` sees it.

    ``players`` are the real boards except that other players' hands and the tiles they
    drafted are empty (the hands' sizes are ``hand_sizes``) and, before the flip, other
    players' face-down first tile is left out (``face_down`` says who has one). ``draft``
    holds only the viewer's own pack (the others' sizes are ``draft_sizes``);
    ``deck_size`` replaces the deck.

    ``packs``: [DH-2.3.5] each pack the viewer was handed in the draft, round by round,
    as it was when it came (its tiles in tile order; the viewer's own pick of each round
    is in their ``drafted``); empty in solitaire or where the draft is not known.
    ``played``: per player, the tiles another player kept in the draft and has put on
    the board since (the viewer saw them go; in tile order, empty for the viewer).
    """

    viewer: int
    options: Options
    phase: Phase
    round: int
    first: int
    players: tuple[Player, ...]
    hand_sizes: tuple[int, ...]
    face_down: tuple[bool, ...]
    draft: tuple[int, ...]
    draft_sizes: tuple[int, ...]
    row: tuple[int | None, ...]
    deck_size: int
    discard: tuple[int, ...]
    public: int | None
    public_hidden: bool
    revealed: bool
    gone: tuple[int, ...]
    next_first: int | None
    turn: int
    spots: Map[int, int]
    achievements: Map[str, int]
    frames: tuple[Frame, ...]
    choice: Choice | None
    action: Action | None
    queue: tuple[Choice, ...]
    final: tuple[int, ...] | None
    stack_size: int = 0
    stack_bottom: tuple[int, ...] = ()
    drawn: tuple[int, ...] = ()
    publics: tuple[int | None, ...] = ()
    aside: tuple[int, ...] = ()
    packs: tuple[tuple[int, ...], ...] = ()
    played: tuple[tuple[int, ...], ...] = ()

    def _repr_svg_(self) -> str | None:
        """The picture of what its player sees, for Jupyter (the title's ``svg``, found through
        its game definition)."""
        return jupyter_svg("dunhuang", self)


#: What an observation computes rather than copies: the state's fields it hides part of
#: (``players``, ``public``, ``draft``) and those it replaces by what may be seen of them.
_OWN = frozenset({"viewer", "players", "public", "draft"})
#: The fields of the state an observation shows as they are, and ``determinize`` copies
#: back: every field both classes have (by name) but those it computes.
_SHARED = tuple(
    a.name
    for a in attrs.fields(State)
    if a.name in attrs.fields_dict(Observation) and a.name not in _OWN
)
#: The solitaire parts shown as they are (``Solo``'s fields the observation has too).
_SOLO = tuple(
    a.name
    for a in attrs.fields(Solo)
    if a.name in attrs.fields_dict(Observation) and a.name not in _OWN
)


def _maker(cls: type[_T], shared: tuple[str, ...], given: tuple[str, ...]) -> Callable[..., _T]:
    """``make(source, *given)``: an instance of ``cls`` whose fields ``shared`` are those of
    ``source`` of the same names, and ``given`` the arguments (generated once from the
    field lists, as ``core.evolve`` does: the call is the one a hand would write)."""
    missing = {a.name for a in attrs.fields(cast(Any, cls))} - set(shared) - set(given)
    if missing:
        raise TypeError(f"{cls.__name__}: no value for {', '.join(sorted(missing))}")
    values = [f"{name}=source.{name}" for name in shared] + [f"{name}={name}" for name in given]
    scope: dict[str, Any] = {"cls": cls}
    code = f"def make(source, {', '.join(given)}):\n    return cls({', '.join(values)})"
    exec(code, scope)  # generated from the classes' own fields
    make: Callable[..., _T] = scope["make"]
    return make


#: What an observation has besides the state's fields it shows as they are, in the order
#: :func:`observe` gives them.
_SEEN = (
    "viewer",
    "players",
    "hand_sizes",
    "face_down",
    "draft",
    "draft_sizes",
    "deck_size",
    "public",
    "public_hidden",
    "stack_size",
    "stack_bottom",
    "packs",
    "played",
)
#: An observation of a state (its ``drawn``, ``publics`` and ``aside`` are the state's
#: properties reading ``solo``).
_observation = _maker(Observation, _SHARED + _SOLO, _SEEN)
#: A state of an observation, with the hidden parts given.
_full_state = _maker(State, _SHARED, ("rng", "players", "deck", "public", "draft", "solo"))
#: The solitaire parts of a state of an observation.
_solo_parts = _maker(Solo, _SOLO, ("stack", "known"))


def observe(state: State, player: int) -> Observation:
    """[DH-2.3] What ``player`` sees of ``state``.

    :raises RulesError: for a player who is not in the game.
    """
    n = len(state.players)
    check_player(player, n)
    players = []
    face_down = []
    known = draft_known(state)
    played: list[tuple[int, ...]] = []
    for q, pl in enumerate(state.players):
        hidden = q != player and not state.revealed and pl.frescoes[2].tile is not None
        face_down.append(hidden)
        gone: tuple[int, ...] = ()
        if q != player:
            if known:
                down = pl.frescoes[2].tile if hidden else None
                gone = tuple(sorted(x for x in pl.drafted if x not in pl.hand and x != down))
            pl = replace(pl, hand=(), drafted=())
            if hidden:
                pl = replace(pl, frescoes=(pl.frescoes[0], pl.frescoes[1], FrescoSpot()))
        players.append(pl)
        played.append(gone)
    draft_own = state.draft[player] if state.draft else ()
    return _observation(
        state,
        player,
        tuple(players),
        tuple(len(pl.hand) for pl in state.players),
        tuple(face_down),
        draft_own,
        tuple(len(d) for d in state.draft) if state.draft else (0,) * n,
        len(state.deck),
        state.public if state.revealed else None,
        state.public is not None and not state.revealed,
        len(state.stack),
        state.stack[len(state.stack) - state.known :],
        packs_seen(state, player) if known else (),
        tuple(played) if known else (),
    )


def _draft_round(state: State) -> int:
    """How many packs each player has been handed: the round of the draft going on, or
    every round once it is over."""
    if state.phase is Phase.DRAFT:
        return min(len(pl.drafted) for pl in state.players) + 1
    return DRAFT_PACK


def pack_at(state: State, viewer: int, round_: int) -> tuple[int, ...]:
    """[DH-2.3.5] The tiles of the pack ``viewer`` was handed in draft round ``round_``
    (1 = the first), as it was then, in tile order: the tile each player it reached kept
    from it that round and later (a pack passes to the next seat at every round), and
    the tiles still in it if the draft goes on. For a state whose draft is known."""
    players = state.players
    n = len(players)
    origin = (viewer - round_ + 1) % n
    tiles: list[int] = []
    for k in range(round_, DRAFT_PACK + 1):
        drafted = players[(origin + k - 1) % n].drafted
        if len(drafted) < k:
            break
        tiles.append(drafted[k - 1])
    if state.phase is Phase.DRAFT and state.draft:
        tiles.extend(state.draft[(origin + _draft_round(state) - 1) % n])
    return tuple(sorted(tiles))


def packs_seen(state: State, viewer: int) -> tuple[tuple[int, ...], ...]:
    """[DH-2.3.5] Every pack ``viewer`` was handed in the draft so far, as it was then
    (:func:`pack_at`), first round first; empty where the state does not know the draft."""
    if not draft_known(state):
        return ()
    return tuple(pack_at(state, viewer, j) for j in range(1, _draft_round(state) + 1))


#: The last observation whose unseen tiles and characters were listed, and the lists: a
#: search determinizes one observation hundreds of times. Keyed by identity while it
#: holds the observation (which is immutable), so it never answers for another one.
_LAST_UNSEEN = LastValue[Observation, tuple[tuple[int, ...], tuple[int, ...]]](
    "Dunhuang: the unseen characters and tiles of the last observation", ((), ())
)


def _unseen(o: Observation) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The fresco tiles and the characters ``o`` does not show, in table order
    (memoized for the last observation)."""
    last, unseen = _LAST_UNSEEN.pair
    if last is o:
        return unseen
    t = table(o.options)
    known: set[int] = set(o.players[o.viewer].hand) | set(o.draft) | set(o.gone)
    for pl in o.players:
        known.update(spot.tile for spot in pl.frescoes if spot.tile is not None)
    if o.public is not None:
        known.add(o.public)
    known.update(o.stack_bottom)
    known.update(o.drawn)
    known.update(x for x in o.publics if x is not None)
    held = held_tile(o.choice)
    if held is not None:
        known.add(held)
    seen: set[int] = {c for c in o.row if c is not None} | set(o.discard) | set(o.aside)
    for pl in o.players:
        seen.update(c for c in pl.characters if c is not None)
    unseen = (
        tuple(x for x in t.tile_ids if x not in known),
        tuple(c for c in t.char_ids if c not in seen),
    )
    _LAST_UNSEEN.pair = (o, unseen)
    return unseen


#: Deals of the draft tried before a face-down first tile is allowed to be any tile its
#: player kept (the deals that fail have no tile a fresco may start with for it).
_REDEALS = 50

#: A place of a tile in the draft: (the pack's first holder, the round), or the public
#: fresco, or out of the game.
_Place = tuple[int, int]
_PUBLIC: _Place = (-1, 0)
_OUT: _Place = (-2, 0)


#: A group of places and the tiles dealt to them (see :class:`_DraftPlan`): the tiles
#: another player put on the board with the places of that player they may go to, the
#: other tiles, every place of the group.
_Group = tuple[tuple[tuple[int, tuple[_Place, ...]], ...], tuple[int, ...], tuple[_Place, ...]]
#: A group as a deal draws it (see :class:`_DraftPlan`), its places numbered.
_Deal = tuple[int, tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...], tuple[int, ...]]


@attrs.frozen(eq=False)
class _DraftPlan:
    """What :func:`_deal_draft` needs of an observation before any draw, with the places
    numbered (``size`` of them, in group order).

    ``template``: the tile of each place that every deal gives it (from the groups whose
    deal is fixed: each tile another player put on the board has one place of theirs,
    and at most one other tile is left), None where a deal draws. ``deals``: the other
    groups in order, each ``(skip, forced, rest, places)``: how many one-way draws (a
    choice among one place, which only steps the generator) come before it, the tiles
    with the places they may go to, the other tiles, and the places. ``tail``: the
    one-way draws after the last of them. ``kept``: per player, the places of the tiles
    they kept, in round order (none for the viewer); ``left``: those of the pack they
    hold now that are still in it; ``public``: the place of the hidden public fresco.
    ``schedule``: each draw of a deal in order, as (the steps of the generator before
    it, its bound); a tile another player put on the board draws among that player's
    places not yet taken, so every bound is known before the deal. ``lanes``: the draws
    of a deal and of the character deck's shuffle at once (``core.rng.packed_draws``:
    determinize 183.1k -> 158.6k instructions a call, 3 players), where no
    draw depends on another's outcome (no face-down tile).

    The numbering and the fixed groups taken out of the deal are what make a deal cheap:
    a search deals hundreds of times from one plan (``benchmarks/instructions.py
    dunhuang --ismcts``, with the draws on the generator's integers: 1517.7k -> 1434.5k
    instructions per ISMCTS iteration at 3 players)."""

    size: int
    template: tuple[int | None, ...]
    deals: tuple[
        tuple[int, tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...], tuple[int, ...]], ...
    ]
    tail: int
    kept: tuple[tuple[int, ...], ...]
    left: tuple[tuple[int, ...], ...]
    public: int | None
    schedule: tuple[tuple[int, int], ...] = ()
    lanes: Lanes | None = None


#: The last observation whose draft was planned, and the plan (a search deals from one
#: observation hundreds of times; keyed by identity while it holds the observation).
_LAST_DRAFT = LastValue[Observation, "_DraftPlan | None"](
    "Dunhuang: the draft plan of the last observation", None
)


def _draft_plan(o: Observation, unseen: tuple[int, ...]) -> _DraftPlan:
    """The draw-independent part of :func:`_deal_draft`, memoized for the last
    observation.

    :raises StateError: if the observation is inconsistent (a tile played by a player
        who kept no tile where the viewer saw it).
    """
    last, plan = _LAST_DRAFT.pair
    if last is o and plan is not None:
        return plan
    n, v = len(o.players), o.viewer
    rounds = len(o.packs)
    drafting = o.phase is Phase.DRAFT
    mine = o.players[v].drafted
    picks = [len(mine) if q == v else o.hand_sizes[q] if drafting else DRAFT_PACK for q in range(n)]
    owner = {x: q for q in range(n) for x in o.played[q]}

    def keeper(place: _Place) -> int | None:
        origin, k = place
        if origin < 0:
            return None
        h = (origin + k - 1) % n
        return h if picks[h] >= k else None

    seen = set(mine).union(*o.packs)
    raw: list[tuple[list[int], list[_Place]]] = []
    pool: list[_Place] = [_PUBLIC] if o.public_hidden else []
    for origin in range(n):
        sights = [j for j in range(1, rounds + 1) if (v - j + 1) % n == origin]
        pool.extend((origin, k) for k in range(1, (sights or [DRAFT_PACK + 1])[0]))
        for i, j in enumerate(sights):
            end = sights[i + 1] if i + 1 < len(sights) else DRAFT_PACK + 1
            later = set(o.packs[end - 1]) if end <= rounds else set()
            taken = set(o.packs[j - 1]) - later
            places = []
            for k in range(j, end):
                if keeper((origin, k)) == v:
                    taken.discard(mine[k - 1])
                else:
                    places.append((origin, k))
            raw.append((sorted(taken), places))
    hidden = [x for x in unseen if x not in seen]
    shown = sorted(x for x in owner if x not in seen and x not in unseen)
    raw.append((hidden + shown, pool))
    groups: list[_Group] = []
    for tiles, places in raw:
        forced = []
        for x in tiles:
            q = owner.get(x)
            if q is not None:
                theirs = tuple(place for place in places if keeper(place) == q)
                if not theirs:
                    raise StateError(f"observation: tile t{x} played by P{q} fits no draft turn")
                forced.append((x, theirs))
        rest = tuple(x for x in tiles if x not in owner)
        if len(rest) + len(forced) < len(places):
            raise StateError("observation: the draft holds more tiles than it shows")
        groups.append((tuple(forced), rest, tuple(places)))
    kept = tuple(
        () if q == v else tuple(((q - k + 1) % n, k) for k in range(1, picks[q] + 1))
        for q in range(n)
    )
    left = tuple(
        tuple(
            place
            for k in range(1, DRAFT_PACK + 1)
            if keeper(place := ((q - rounds + 1) % n, k)) is None
        )
        if drafting and q != v
        else ()
        for q in range(n)
    )
    plan = _numbered(groups, kept, left)
    if True not in o.face_down:
        count = len(_unseen(o)[1])
        deck = tuple((plan.tail if k == count else 0, k) for k in range(count, 1, -1))
        tail = plan.tail if count < 2 else 0
        plan = attrs.evolve(plan, lanes=draw_lanes(plan.schedule + deck, tail))
    _LAST_DRAFT.pair = (o, plan)
    return plan


def _numbered(
    groups: list[_Group],
    kept: tuple[tuple[_Place, ...], ...],
    left: tuple[tuple[_Place, ...], ...],
) -> _DraftPlan:
    """The plan of ``groups`` with its places numbered and the fixed deals done (the
    groups' places are disjoint: a place is one round of one pack)."""
    index: dict[_Place, int] = {}
    for _, _, places in groups:
        for place in places:
            index.setdefault(place, len(index))
    template: list[int | None] = [None] * len(index)
    deals: list[_Deal] = []
    skip = 0
    for forced, rest, places in groups:
        numbers = tuple(index[place] for place in places)
        alone = {index[theirs[0]]: x for x, theirs in forced if len(theirs) == 1}
        if len(alone) == len(forced):  # each such tile has one place, its own
            skip += len(forced)
            for i, x in alone.items():
                template[i] = x
            numbers = tuple(i for i in numbers if i not in alone)
            if len(rest) <= 1:
                for i, x in zip(numbers, rest, strict=False):
                    template[i] = x
                continue
            deals.append((skip, (), rest, numbers))
        else:
            choices = tuple((x, tuple(index[place] for place in theirs)) for x, theirs in forced)
            deals.append((skip, choices, rest, numbers))
        skip = 0
    schedule: list[tuple[int, int]] = []
    gap = 0  # steps not yet before a draw
    for steps, choosing, shuffled, _ in deals:
        gap += steps
        earlier: dict[tuple[int, ...], int] = {}
        for _, mine in choosing:
            earlier[mine] = earlier.get(mine, 0) + 1
            schedule.append((gap, max(0, len(mine) + 1 - earlier[mine])))
            gap = 0
        for k in range(len(shuffled), 1, -1):
            schedule.append((gap, k))
            gap = 0
    return _DraftPlan(
        schedule=tuple(schedule),
        size=len(index),
        template=tuple(template),
        deals=tuple(deals),
        tail=skip + gap,
        kept=tuple(tuple(index[place] for place in places) for places in kept),
        left=tuple(tuple(index[place] for place in places) for places in left),
        public=index.get(_PUBLIC),
    )


def _deal(plan: _DraftPlan, draw: Callable[[], int]) -> list[int]:
    """One deal of ``plan``'s tiles to its places: the tile of each place, ``draw()``
    giving each draw of the plan's ``schedule`` in turn.

    :raises StateError: if tiles another player put on the board outnumber their places.
    """
    at = list(plan.template)
    for _, forced, rest, places in plan.deals:
        if forced:
            taken: list[int] = []
            for x, theirs in forced:
                free = [i for i in theirs if i not in taken]
                if not free:
                    raise StateError(f"observation: tile t{x} finds no draft turn left")
                i = free[draw()]
                at[i] = x
                taken.append(i)
            places = tuple(i for i in places if i not in taken)
        for i, x in zip(places, _shuffled(rest, draw), strict=False):
            at[i] = x
    return cast(list[int], at)  # every place dealt: the plan has a tile for each


def _shuffled(items: tuple[int, ...], draw: Callable[[], int]) -> tuple[int, ...]:
    """``items`` shuffled as :meth:`Rng.shuffle` does (Fisher-Yates from the end), the
    draws given by ``draw()``."""
    order = list(items)
    for k in range(len(order) - 1, 0, -1):
        j = draw()
        order[k], order[j] = order[j], order[k]
    return tuple(order)


def _deal_draft(
    o: Observation, unseen: tuple[int, ...], seed: int, gamma: int
) -> tuple[list[Player], list[tuple[int, ...]], int | None, int, tuple[int, ...] | None]:
    """[DH-2.3.5] [DH-2.3.6] The other players' hands, the packs they hold and the hidden
    public fresco, dealt so that every pack the viewer saw held what it held then (from
    the generator state ``(seed, gamma)``; the last item is the seed after the draws).

    Each pack is a row of places, one per round, the tile kept that round by the player
    it reached (a pack passes one seat on each round), or still in the pack. Between two
    times the viewer held a pack, its places hold the tiles that left it meanwhile; after
    the last time, the tiles it still had; before the first time, unseen tiles. Within
    each group the tiles are dealt at random, except that a tile another player put on
    the board goes to one of that player's places. A face-down first tile is one of its
    player's tiles that a fresco may start with (DH-2.3.6): deals without one are redone.
    The last item is the character deck, shuffled with the deal's draws where the plan
    draws them at once (else None).
    """
    plan = _draft_plan(o, unseen)
    n, v = len(o.players), o.viewer
    packed = None if plan.lanes is None else packed_draws(plan.lanes, seed, gamma)
    deck = None
    for attempt in range(_REDEALS + 1):
        if packed is not None:
            draws, seed = packed
            draw = iter(draws).__next__
            at = _deal(plan, draw)
            deck = _shuffled(_unseen(o)[1], draw)
        else:
            draws, seed = draws_one_by_one(plan.schedule, plan.tail, seed, gamma)
            at = _deal(plan, iter(draws).__next__)
        get = at.__getitem__
        drafted = [tuple(map(get, plan.kept[q])) for q in range(n)]
        down: dict[int, int] = {}
        if True not in o.face_down:
            break
        t = table(o.options)
        for q in range(n):
            if o.face_down[q]:
                kept = [x for x in drafted[q] if x not in o.played[q]]
                able = [x for x in kept if not t.tiles[x].no_start]
                if not able and attempt < _REDEALS:
                    break
                i, seed = bounded(seed, gamma, len(able or kept))
                down[q] = (able or kept)[i]
        else:
            break
    players = list(o.players)
    draft: list[tuple[int, ...]] = []
    drafting = o.phase is Phase.DRAFT
    for q in range(n):
        if q == v:
            draft.append(o.draft)
            continue
        draft.append(tuple(map(get, plan.left[q])) if drafting else ())
        played = o.played[q]
        hand = tuple(x for x in drafted[q] if x not in played and x != down.get(q))
        if len(hand) != o.hand_sizes[q]:
            raise StateError(f"observation: P{q} holds {o.hand_sizes[q]} tiles, not {len(hand)}")
        pl = with_fields(players[q], {"hand": hand, "drafted": drafted[q]})
        if q in down:
            pl = replace(pl, frescoes=(pl.frescoes[0], pl.frescoes[1], FrescoSpot(down[q], None)))
        players[q] = pl
    shown = o.public
    if o.public_hidden:
        shown = None if plan.public is None else at[plan.public]
    return players, draft, shown, seed, deck


def determinize(observation: Observation, seed: int) -> State:
    """[DH-2.3] A full state the viewer cannot tell from the real one: the hidden fresco
    tiles and the character deck order dealt anew from ``seed``, every pack the viewer
    saw in the draft holding what it held then (:func:`_deal_draft`)."""
    o = observation
    unseen_tiles, unseen_characters = _unseen(o)
    if o.packs:
        dealt, packs, shown, after, deck = _deal_draft(
            o, unseen_tiles, check_seed(seed), GOLDEN_GAMMA
        )
        if deck is None:
            deck, rng = Rng(after, GOLDEN_GAMMA).shuffle(unseen_characters)
        else:
            rng = Rng(after, GOLDEN_GAMMA)
        return _state(o, rng, dealt, deck, shown, packs, ())
    t = table(o.options)
    rng = Rng.from_seed(seed)
    n = len(o.players)
    v = o.viewer
    pool, rng = rng.shuffle(unseen_tiles)
    rest = list(pool)
    players = list(o.players)
    for q in range(n):
        if o.face_down[q]:
            tile = next(x for x in rest if not t.tiles[x].no_start)
            rest.remove(tile)
            pl = players[q]
            players[q] = replace(
                pl, frescoes=(pl.frescoes[0], pl.frescoes[1], FrescoSpot(tile, None))
            )
    public = o.public
    if o.public_hidden:
        public = rest.pop()
    draft: list[tuple[int, ...]] = []
    for q in range(n):
        if q == v:
            draft.append(o.draft)
        else:
            k = o.draft_sizes[q]
            draft.append(tuple(rest[:k]))
            rest = rest[k:]
        if q != v:
            k = o.hand_sizes[q]
            players[q] = replace(players[q], hand=tuple(rest[:k]))
            rest = rest[k:]
    # [DH-6.3.3] solitaire: the unseen tiles are the stack above the known bottom
    stack = (*rest, *o.stack_bottom)
    deck, rng = rng.shuffle(unseen_characters)
    return _state(o, rng, players, deck, public, draft, stack)


def redeal(state: State, seed: int) -> State:
    """[DH-2.3] [DH-6.3.3] ``state`` with what no player has seen dealt anew from
    ``seed``: the character deck in a new random order, in solitaire the fresco tile
    stack above the tiles the player put at its bottom, and a new generator. The tiles
    in hands and packs stay (their holder saw them), and so does everything open
    (``silkroad simulate --from``)."""
    rng = Rng.from_seed(check_seed(seed))
    deck, rng = rng.shuffle(state.deck)
    solo = state.solo
    if solo is not None:
        top = len(solo.stack) - solo.known
        stack, rng = rng.shuffle(solo.stack[:top])
        solo = replace(solo, stack=(*stack, *solo.stack[top:]))
    child, _ = rng.split()
    return replace(state, rng=child, deck=deck, solo=solo)


#: The last observation whose state was laid out, and that state with the hidden parts
#: empty: each deal copies it with the hidden parts filled in.
_LAST_BLANK = LastValue[Observation, "State | None"](
    "Dunhuang: the state of the last observation, its hidden parts empty", None
)


def _state(
    o: Observation,
    rng: Rng,
    players: list[Player],
    deck: tuple[int, ...],
    public: int | None,
    draft: list[tuple[int, ...]],
    stack: tuple[int, ...],
) -> State:
    """The full state of ``o`` with the hidden parts dealt.

    A copy of the observation's state laid out once (memoized for the last observation)
    with the dealt parts replaced, instead of a new state field by field: 200.5k ->
    183.1k instructions a determinize call and 1396.7k -> 1381.0k instructions per ISMCTS
    iteration (``benchmarks/instructions.py dunhuang --ismcts``, 3 players)."""
    last, blank = _LAST_BLANK.pair
    if last is not o or blank is None:
        blank = _full_state(o, rng, o.players, (), o.public, (), None)
        _LAST_BLANK.pair = (o, blank)
    solo = None if o.options.players != 1 else _solo_parts(o, stack, len(o.stack_bottom))
    draft_now = tuple(draft) if o.phase is Phase.DRAFT else ()
    dealt = {
        "rng": rng,
        "players": tuple(players),
        "deck": deck,
        "public": public,
        "draft": draft_now,
        "solo": solo,
    }
    return with_fields(blank, dealt)


def known_facts(observation: Observation) -> tuple[Fact, ...]:
    """[DH-2.3.5] [DH-2.3.6] What the viewer knows of the hidden tiles, as facts a full
    state keeps: each pack they were handed in the draft held what it held then; each
    tile another player put on the board is one that player kept; a face-down first tile
    is one its player kept, which a fresco may start with."""
    o = observation
    t = table(o.options)
    v = o.viewer
    facts: list[Fact] = []
    for j, pack in enumerate(o.packs, start=1):

        def held(state: State, j: int = j, pack: tuple[int, ...] = pack) -> bool:
            return draft_known(state) and pack_at(state, v, j) == pack

        tiles = ", ".join(f"t{x}" for x in pack)
        facts.append(Fact(f"the pack P{v} was handed in draft round {j} held {tiles}", held))
    for q, played in enumerate(o.played):
        if played:

            def kept(state: State, q: int = q, played: tuple[int, ...] = played) -> bool:
                return set(played) <= set(state.players[q].drafted)

            tiles = ", ".join(f"t{x}" for x in played)
            facts.append(Fact(f"P{q} kept {tiles} in the draft", kept))
    for q, down in enumerate(o.face_down):
        if down:

            def first(state: State, q: int = q) -> bool:
                pl = state.players[q]
                tile = pl.frescoes[2].tile
                ok = tile is not None and not t.tiles[tile].no_start
                return ok and (not o.packs or tile in pl.drafted)

            facts.append(Fact(f"P{q}'s face-down tile is one they kept, fit to start", first))
    return tuple(facts)
