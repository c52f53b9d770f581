"""[DH-2.3] What a player may see, and full states consistent with it.

Hidden from a player: the fresco tiles other players hold (drafted tiles in hand, the
packs they draft from, a first tile placed face down before the flip, DH-2.3.5-6), the
public fresco before the flip, the order of the character deck, and the RNG. In
solitaire (DH-6.3.3): the order of the fresco tile stack, except the tiles the player
put at its bottom, whose order the player knows.
"""

from __future__ import annotations

import attrs
from immutables import Map

from silkroad.core.game import Fact, check_player
from silkroad.core.rng import Rng
from silkroad.dunhuang.check import held_tile
from silkroad.dunhuang.engine import replace
from silkroad.dunhuang.state import (
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

__all__ = ["Observation", "determinize", "observe"]


@attrs.frozen
class Observation:
    """[DH-2.3] The game as ``viewer`` sees it.

    ``players`` are the real boards except that other players' hands are empty (their
    sizes are ``hand_sizes``) and, before the flip, other players' face-down first tile
    is left out (``face_down`` says who has one). ``draft`` holds only the viewer's own
    pack (the others' sizes are ``draft_sizes``); ``deck_size`` replaces the deck.
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

    def _repr_svg_(self) -> str:
        """The picture of what its player sees (``silkroad.dunhuang.svg``), for Jupyter."""
        from silkroad.dunhuang.svg import svg

        return svg(self)


def observe(state: State, player: int) -> Observation:
    """[DH-2.3] What ``player`` sees of ``state``.

    :raises RulesError: for a player who is not in the game.
    """
    n = len(state.players)
    check_player(player, n)
    players = []
    face_down = []
    for q, pl in enumerate(state.players):
        hidden = q != player and not state.revealed and pl.frescoes[2].tile is not None
        face_down.append(hidden)
        if q != player:
            pl = attrs.evolve(pl, hand=())
            if hidden:
                pl = attrs.evolve(pl, frescoes=(pl.frescoes[0], pl.frescoes[1], FrescoSpot()))
        players.append(pl)
    draft_own = state.draft[player] if state.draft else ()
    return Observation(
        viewer=player,
        options=state.options,
        phase=state.phase,
        round=state.round,
        first=state.first,
        players=tuple(players),
        hand_sizes=tuple(len(pl.hand) for pl in state.players),
        face_down=tuple(face_down),
        draft=draft_own,
        draft_sizes=tuple(len(d) for d in state.draft) if state.draft else (0,) * n,
        row=state.row,
        deck_size=len(state.deck),
        discard=state.discard,
        public=state.public if state.revealed else None,
        public_hidden=state.public is not None and not state.revealed,
        revealed=state.revealed,
        gone=state.gone,
        next_first=state.next_first,
        turn=state.turn,
        spots=state.spots,
        achievements=state.achievements,
        frames=state.frames,
        choice=state.choice,
        action=state.action,
        queue=state.queue,
        final=state.final,
        stack_size=len(state.stack),
        stack_bottom=state.stack[len(state.stack) - state.known :],
        drawn=state.drawn,
        publics=state.publics,
        aside=state.aside,
    )


#: The last observation whose unseen tiles and characters were listed, and the lists: a
#: search determinizes one observation hundreds of times. Keyed by identity while it
#: holds the observation (which is immutable), so it never answers for another one.
_LAST_UNSEEN: tuple[object, tuple[tuple[int, ...], tuple[int, ...]]] = (None, ((), ()))


def _unseen(o: Observation) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The fresco tiles and the characters ``o`` does not show, in table order
    (memoized for the last observation)."""
    global _LAST_UNSEEN
    last, unseen = _LAST_UNSEEN
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
    _LAST_UNSEEN = (o, unseen)
    return unseen


def determinize(observation: Observation, seed: int) -> State:
    """[DH-2.3] A full state the viewer cannot tell from the real one: the hidden fresco
    tiles and the character deck order dealt anew from ``seed``."""
    o = observation
    t = table(o.options)
    rng = Rng.from_seed(seed)
    n = len(o.players)
    v = o.viewer
    unseen_tiles, unseen_characters = _unseen(o)
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
    return State(
        options=o.options,
        rng=rng,
        phase=o.phase,
        round=o.round,
        first=o.first,
        players=tuple(players),
        row=o.row,
        deck=deck,
        discard=o.discard,
        public=public,
        revealed=o.revealed,
        draft=tuple(draft) if o.phase is Phase.DRAFT else (),
        gone=o.gone,
        next_first=o.next_first,
        turn=o.turn,
        spots=o.spots,
        achievements=o.achievements,
        frames=o.frames,
        choice=o.choice,
        action=o.action,
        queue=o.queue,
        final=o.final,
        solo=None
        if o.options.players != 1
        else Solo(
            stack=stack, known=len(o.stack_bottom), drawn=o.drawn, publics=o.publics, aside=o.aside
        ),
    )


def known_facts(observation: Observation) -> tuple[Fact, ...]:
    """Placeholder."""
    return ()
