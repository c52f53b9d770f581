"""[DH-1] State invariants: every meeple, die, card and tile in exactly one place."""

from __future__ import annotations

from collections import Counter

from silkroad.core.errors import StateError
from silkroad.dunhuang.state import (
    DICE,
    MEEPLES,
    PUBLICS,
    ROUNDS,
    ROW,
    Choice,
    ChoiceKind,
    Phase,
    State,
)
from silkroad.dunhuang.table import table

__all__ = ["validate"]


#: [DH-1] Achievement tokens of each player.
ACHIEVEMENT_TOKENS = 14


def _fail(message: str) -> StateError:
    return StateError(f"invalid Dunhuang state: {message}")


def held_tile(choice: Choice | None) -> int | None:
    """[DH-3.E.11] [DH-6.3.3] The tile being painted while its die is chosen, or (in
    solitaire) while the rest of its draw goes to the bottom (in no other place)."""
    if choice is None:
        return None
    if choice.kind is ChoiceKind.DIE or choice.arg.startswith("paint-"):
        return choice.n
    if choice.kind is ChoiceKind.BOTTOM and choice.arg == "paint":
        return choice.n
    return None


def validate(state: State) -> None:
    """[DH-1] [DH-6.3.4] Check conservation and ranges (in solitaire the tile stack, the
    drawn tiles, the public line and the cards kept aside included).

    :raises StateError: naming the first broken invariant.
    """
    t = table(state.options)
    n = state.options.players
    if len(state.players) != n:
        raise _fail(f"{len(state.players)} player boards for {n} players")
    if not 1 <= state.round <= ROUNDS:
        raise _fail(f"round {state.round} outside 1..{ROUNDS}")
    if len(state.row) != ROW:
        raise _fail(f"the recruiting row has {len(state.row)} positions")
    placed = Counter(v // 3 for v in state.spots.values())
    for spot, v in state.spots.items():
        if not 0 <= spot < len(t.spots) or t.spots[spot].blocked:
            raise _fail(f"a meeple on unusable spot {spot}")
        if not 0 <= v < 3 * n:
            raise _fail(f"spot {spot} holds an unknown meeple {v}")
    tiles: list[int] = [*state.gone, *state.stack, *state.drawn]
    tiles.extend(x for x in state.publics if x is not None)
    chars: list[int] = [
        *state.deck,
        *state.discard,
        *state.aside,
        *(c for c in state.row if c is not None),
    ]
    if t.solo and state.discard:
        raise _fail("solitaire has no character discard pile (DH-6.3.4)")
    if t.solo and len(state.publics) != PUBLICS:
        raise _fail(f"the public fresco line has {len(state.publics)} positions")
    if not 0 <= state.known <= len(state.stack):
        raise _fail(f"{state.known} known tiles at the bottom of a stack of {len(state.stack)}")
    if (state.solo is not None) != t.solo:
        raise _fail("the solitaire part of the table exists exactly in solitaire")
    for d in state.draft:
        tiles.extend(d)
    if state.public is not None:
        tiles.append(state.public)
    held = held_tile(state.choice)
    if held is not None:
        tiles.append(held)
    for p, pl in enumerate(state.players):
        meeples = sum(pl.home) + placed[p]
        if meeples != MEEPLES:
            raise _fail(f"player {p + 1} has {meeples} meeples, not {MEEPLES}")
        dice = pl.income + pl.left + pl.right + sum(1 for s in pl.frescoes if s.die is not None)
        if dice != DICE or min(pl.income, pl.left, pl.right) < 0:
            raise _fail(f"player {p + 1} has {dice} overseer dice, not {DICE}")
        for slot, fs in enumerate(pl.frescoes):
            if fs.die is not None and (fs.tile is None or not 1 <= fs.die <= 6):
                raise _fail(f"player {p + 1} fresco spot {slot + 1} has die {fs.die}")
            if fs.tile is not None:
                tiles.append(fs.tile)
        tiles.extend(pl.hand)
        for slot, card in enumerate(pl.characters):
            if (card is None) != (pl.grain[slot] == 0) or pl.grain[slot] < 0:
                raise _fail(
                    f"player {p + 1} character spot {slot + 1}: card {card}, grain {pl.grain[slot]}"
                )
            if card is not None:
                chars.append(card)
        if min(pl.coins, pl.pigment) < 0 or any(v <= 0 for v in pl.tokens.values()):
            raise _fail(f"player {p + 1} holds a negative amount")
        if any(k not in t.tokens for k in pl.tokens):
            raise _fail(f"player {p + 1} holds an unknown token kind")
    if sorted(chars) != list(t.char_ids):
        raise _fail("the character cards are not each in exactly one place")
    if sorted(tiles) != list(t.tile_ids):
        raise _fail("the fresco tiles are not each in exactly one place")
    keys = {a.key for a in t.achievements} | {q.key for q in t.quests}
    for key, p in state.achievements.items():
        if key not in keys or not 0 <= p < n:
            raise _fail(f"achievement {key!r} held by {p}")
    tokens = Counter(state.achievements.values())
    if any(k > ACHIEVEMENT_TOKENS for k in tokens.values()):
        raise _fail(f"a player placed more than {ACHIEVEMENT_TOKENS} achievement tokens")
    if (state.phase is Phase.OVER) != (state.final is not None):
        raise _fail("final scores exist exactly when the game is over")
    if not 0 <= state.first < n or not 0 <= state.turn < n:
        raise _fail("first player or turn out of range")
