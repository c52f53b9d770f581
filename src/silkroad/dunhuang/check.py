"""[DH-1] State invariants: every meeple, die, card and tile in exactly one place, every
counter in range, and a game in progress (the decision awaited, the effects being
resolved, the action under way) that the rules could have left, so that ``legal_moves``
and ``apply`` work on any state accepted."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any, TypeGuard

import attrs
from immutables import Map

from silkroad.core.errors import StateError
from silkroad.core.rng import Rng
from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import NOTATION_EFFECTS, Effect, parse_effect
from silkroad.dunhuang.rules import final_breakdown, legal_moves
from silkroad.dunhuang.state import (
    DICE,
    DRAFT_PACK,
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
    Phase,
    Player,
    State,
)
from silkroad.dunhuang.table import MAX_EFFECTS, Table, table

__all__ = [
    "CHOICE_ARGS",
    "MAX_COUNT",
    "MAX_FRAMES",
    "component_effects",
    "final_scores",
    "frame_bound",
    "frame_limit",
    "held_tile",
    "income_dice",
    "queue_limit",
    "revealed_in",
    "statistics_shown",
    "validate",
]


#: [DH-1] Achievement tokens of each player.
ACHIEVEMENT_TOKENS = 14
#: The largest coins, pigment, VP, token count or statistic a state may hold: far beyond
#: any game, and small enough that no loop over a count runs long.
MAX_COUNT = 9_999
#: The most frames (effects being resolved) one after another a state may hold when the
#: components allow a chain that only the tokens a player holds bound (Exotic Beauty's
#: Encore: every Wine cube buys one more use, see :func:`frame_bound`).
MAX_FRAMES = 24
#: Arguments of decisions the rules themselves give (packs add their recruitment modes and
#: their decisions); a pending or queued decision's argument is one of these.
CHOICE_ARGS = (
    "",
    "product",
    "left",
    "right",
    "paint-left",
    "paint-right",
    "start",
    "paint",
    "public",
    "paid",
    "free",
    "solo",
)
#: The decisions that choose a tile held by the decision itself (out of every other zone).
_GAIN_ARGS = ("product", "left", "right", "paint-left", "paint-right")
_BOTTOM_ARGS = ("start", "public", "paint")
#: The kinds of decision that carry no argument.
_NO_ARG = frozenset(
    {
        ChoiceKind.DRAFT,
        ChoiceKind.INCOME,
        ChoiceKind.ABILITY,
        ChoiceKind.UPGRADE,
        ChoiceKind.PAINT,
        ChoiceKind.DIE,
        ChoiceKind.CONTINUE,
    }
)


def _fail(message: str) -> StateError:
    return StateError(f"invalid Dunhuang state: {message}")


def _int(value: object, low: int, high: int) -> TypeGuard[int]:
    """An int (not a bool) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


class _Unbounded(Exception):
    """A chain of frames that the components do not bound."""


#: [DH-3.2] Exotic Beauty's Encore: the ability again in a frame of its own, as many
#: times as the player has Wine cubes.
_UNBOUNDED = frozenset({"encore"})


def _effect_lists(root: Any) -> list[tuple[Effect, ...]]:
    """Every tuple of effects in the components' data under ``root``."""
    found: list[tuple[Effect, ...]] = []
    seen: set[int] = set()
    pending = [root]
    while pending:
        obj = pending.pop()
        if id(obj) in seen or isinstance(obj, str | int | float | bool) or obj is None:
            continue
        seen.add(id(obj))
        if isinstance(obj, Effect):
            pending.append(obj.then)
        elif attrs.has(type(obj)):
            pending.extend(getattr(obj, f.name) for f in attrs.fields(type(obj)))
        elif isinstance(obj, dict):
            pending.extend(obj.values())
        elif isinstance(obj, tuple | list | frozenset | set):
            if obj and isinstance(obj, tuple) and all(isinstance(x, Effect) for x in obj):
                found.append(obj)
            pending.extend(obj)
    return found


def _roots(t: Table) -> tuple[Any, ...]:
    return (
        t.packs,
        t.board,
        tuple(t.characters.values()),
        tuple(t.tiles.values()),
        t.spots,
        t.achievements,
        t.quests,
        tuple(t.tokens.values()),
        tuple(t.promo_lower.values()),
    )


@functools.lru_cache(maxsize=64)
def component_effects(t: Table) -> frozenset[str]:
    """[DH-3.E] Every effect text the components of ``t`` can put in a frame (a frame
    holds only these, and ``promo-lower <tile>`` for the promo tiles in play)."""
    texts = {e.text for lst in _effect_lists(_roots(t)) for e in lst}
    return frozenset(texts | {f"promo-lower {x}" for x in t.promo_tiles})


@functools.lru_cache(maxsize=64)
def frame_bound(t: Table) -> int | None:
    """[DH-3.2] The most frames of effects a game with the table ``t`` can hold at once,
    derived from the component data; None when only the tokens a player holds bound it.

    A frame is pushed for a list of effects: an action spot's, a character's ability, a
    fresco tile's action, a quest's later rewards, a Payment's or Triggered effect's
    rewards [DH-3.E.9] [DH-3.E.12]. So a list of effects needs one frame, plus the most
    any of its effects pushes above it: a Payment or Triggered effect its rewards' list,
    painting (and Bronze's Mimic and copy) a fresco tile's list, a promo tile's lower
    effect what that effect pushes. The frames of a game are one such chain, except that
    in solitaire the quests completed at once each stack a frame of their later rewards
    [DH-6.2.6], so the bound is the larger of the deepest list and the sum of the quests'
    lists. A chain that can come back to itself (a tile whose action paints, an Encore)
    has no bound in the data: None.
    """
    depths: dict[int, int] = {}
    visiting: set[int] = set()
    tiles = {x: d.effects for x, d in t.tiles.items()}
    # the tiles whose action an effect performs in a frame of its own: painting any
    # [DH-3.E.11], Mimic an own fresco but a promo tile's [DH-9], Bronze's copy a Bronze
    # tile's [DH-8.6]
    performs = {
        "paint": tuple(tiles),
        "paint-for": tuple(tiles),
        "mimic": tuple(x for x in tiles if x not in t.promo_tiles),
        "bronze-copy": tuple(x for x, d in t.tiles.items() if d.pack == "bronze"),
    }

    def depth(effects: tuple[Effect, ...]) -> int:
        key = id(effects)
        if key in depths:
            return depths[key]
        if key in visiting:
            raise _Unbounded
        visiting.add(key)
        got = 1 + max((extra(e) for e in effects), default=0)
        visiting.discard(key)
        depths[key] = got
        return got

    def extra(e: Effect) -> int:
        if e.kind in _UNBOUNDED:
            raise _Unbounded
        if e.kind in ("pay", "if"):
            return depth(e.then)
        if e.kind in performs:
            return max((depth(tiles[x]) for x in performs[e.kind]), default=0)
        if e.kind == "promo-lower":
            return max((extra(x) for x in t.promo_lower.values()), default=0)
        return 0

    try:
        deepest = max((depth(lst) for lst in _effect_lists(_roots(t))), default=1)
        quests = sum(depth(tuple(q.reward)) for q in t.quests)
    except _Unbounded:
        return None
    return max(deepest, quests)


def frame_limit(t: Table) -> int:
    """[DH-3.2] The most frames of effects a state of the table ``t`` may hold:
    :func:`frame_bound`, or :data:`MAX_FRAMES` when the data do not bound it."""
    bound = frame_bound(t)
    return MAX_FRAMES if bound is None else bound


def queue_limit(players: int) -> int:
    """[DH-3.1.1] [DH-3.3] The most decisions queued behind the one awaited: in the
    starting phase one income reward a player, in the clean-up one reward a die on a
    player's reward area, and a player has :data:`DICE` dice."""
    return DICE * players


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
    """[DH-1] [DH-3.2] [DH-6.3.4] Check a state: conservation of meeples, dice, cards and
    tiles (in solitaire the tile stack, the drawn tiles, the public line and the cards kept
    aside included); every count and id in range; the decision awaited, the queue of
    decisions, the effects being resolved and the action under way as the rules leave
    them; a game not over has a legal move.

    :raises StateError: naming the first broken invariant.
    """
    t = table(state.options)
    n = state.options.players
    _check_scalars(state, n)
    if len(state.players) != n:
        raise _fail(f"{len(state.players)} player boards for {n} players")
    for p, pl in enumerate(state.players):
        _check_player(t, p, pl)
    _check_places(state, t, n)
    _check_drafted(state, t)
    _check_progress(state, t, n)
    _check_derived(state, t)
    if state.phase is not Phase.OVER and not legal_moves(state):
        raise _fail("the game is not over but nobody has a legal move")


def statistics_shown(t: Table, pl: Player) -> Counter[str]:
    """[DH-4] [DH-5] The least value of each statistic that ``pl``'s board shows: a tile of
    a pack on a fresco spot was painted (``painted:PACK``), a fresco spot whose tile has
    no die left was completed (``completed``), a character on a spot was recruited
    (``recruited:PACK``). Only the statistics this game keeps. A statistic is at least
    this, not equal to it: a fresco completed and cleaned up, a character that left,
    still count."""
    shown: Counter[str] = Counter()
    for spot in pl.frescoes:
        if spot.tile is not None:
            shown[f"painted:{t.tiles[spot.tile].pack}"] += 1
            if spot.die is None:
                shown["completed"] += 1
    for c in pl.characters:
        if c is not None:
            shown[f"recruited:{t.characters[c].pack}"] += 1
    return Counter({k: v for k, v in shown.items() if k in t.statistics})


def income_dice(pl: Player) -> int:
    """[DH-3.3] The overseer dice at a player's income area: the :data:`DICE` dice less
    those on the reward area and on the frescoes (negative for a board that places more)."""
    return DICE - pl.left - pl.right - sum(1 for s in pl.frescoes if s.die is not None)


def final_scores(state: State) -> tuple[int, ...]:
    """[DH-4] The final scores the table gives (the VP track and the end scoring)."""
    return tuple(sum(row) for row in final_breakdown(state))


def revealed_in(phase: Phase) -> bool:
    """[DH-2.3.6] [DH-6.2.4] Whether the fresco tiles on the board (the first frescoes, the
    public fresco) are face up in ``phase``: once the first tiles are placed."""
    return phase not in (Phase.DRAFT, Phase.PLACE)


def _check_derived(state: State, t: Table) -> None:
    """[DH-2.3.6] The tiles are face up exactly once the first tiles are placed. [DH-4]
    The final scores of a game over are those its table gives (the VP track and the end
    scoring). (The statistics are read against the board by the position reader, which
    derives them: ``silkroad.dunhuang.position``.)"""
    flipped = revealed_in(state.phase)
    if state.revealed != flipped:
        raise _fail(
            f"revealed: {str(state.revealed).lower()} given, but {str(flipped).lower()} "
            f"derived (DH-2.3.6: the tiles are flipped once the first tiles are placed; "
            f"phase {state.phase.value})"
        )
    if state.final is not None:
        derived = final_scores(state)
        if tuple(state.final) != derived:
            raise _fail(
                f"final scores {list(state.final)} given, but {list(derived)} derived "
                "(DH-4: the VP track and the end scoring of the table)"
            )


def _check_scalars(state: State, n: int) -> None:
    if not isinstance(state.rng, Rng):
        raise _fail("the state has no random number generator")
    if not isinstance(state.phase, Phase):
        raise _fail(f"phase {state.phase!r:.40}")
    if not _int(state.round, 1, ROUNDS):
        raise _fail(f"round {state.round!r:.40} outside 1..{ROUNDS}")
    if not _int(state.first, 0, n - 1) or not _int(state.turn, 0, n - 1):
        raise _fail("first player or turn out of range")
    if state.next_first is not None and not _int(state.next_first, 0, n - 1):
        raise _fail(f"next first player {state.next_first!r:.40} out of range")
    if not isinstance(state.revealed, bool):
        raise _fail("revealed is true or false")
    for name in ("spots", "achievements"):
        if not isinstance(getattr(state, name), Map):
            raise _fail(f"{name}: not an immutables.Map ({type(getattr(state, name)).__name__})")
    if len(state.row) != ROW:
        raise _fail(f"the recruiting row has {len(state.row)} positions")
    if (state.phase is Phase.OVER) != (state.final is not None):
        raise _fail("final scores exist exactly when the game is over")
    if state.final is not None and (
        len(state.final) != n or not all(_int(v, -MAX_COUNT, 10 * MAX_COUNT) for v in state.final)
    ):
        raise _fail(f"final scores {state.final!r:.60}")


def _check_player(t: Table, p: int, pl: Player) -> None:
    who = f"player {p + 1}"
    if not isinstance(pl, Player):
        raise _fail(f"{who}: not a player board")
    for name in ("coins", "pigment", "vp"):
        if not _int(getattr(pl, name), 0, MAX_COUNT):
            raise _fail(f"{who} {name} {getattr(pl, name)!r:.40} outside 0..{MAX_COUNT}")
    for name in ("income", "left", "right"):
        if not _int(getattr(pl, name), 0, DICE):
            raise _fail(f"{who} {name} dice {getattr(pl, name)!r:.40} outside 0..{DICE}")
    for name in ("tokens", "counters"):
        if not isinstance(getattr(pl, name), Map):
            raise _fail(f"{who} {name}: not an immutables.Map ({type(getattr(pl, name)).__name__})")
    for key, value in pl.tokens.items():
        if key not in t.tokens:
            raise _fail(f"{who} holds an unknown token kind {key!r:.40}")
        if not _int(value, 1, MAX_COUNT):
            raise _fail(f"{who} holds {value!r:.40} {key} (1..{MAX_COUNT}, none left out)")
    for key, value in pl.counters.items():
        if key not in t.statistics:
            raise _fail(f"{who} has a statistic {key!r:.40} this game does not keep")
        if not isinstance(key, str) or not _int(value, 0, MAX_COUNT):
            raise _fail(f"{who} statistic {key!r:.40} = {value!r:.40} (0..{MAX_COUNT})")
    sizes = (len(pl.characters), len(pl.grain), len(pl.home), len(pl.frescoes))
    if sizes != (SLOTS, SLOTS, MEEPLES, SLOTS):
        raise _fail(f"{who}: three character spots, grain, meeples and fresco spots")
    for slot, card in enumerate(pl.characters):
        grain = pl.grain[slot]
        if card is not None and card not in t.characters:
            raise _fail(f"{who} character spot {slot + 1}: {card!r:.40} is not a character")
        limit = 0 if card is None else t.characters[card].grain
        if not _int(grain, 0, limit) or (card is None) != (grain == 0):
            raise _fail(f"{who} character spot {slot + 1}: card {card}, grain {grain!r:.40}")
    if not all(isinstance(h, bool) for h in pl.home):
        raise _fail(f"{who}: each meeple is home or not")
    for slot, spot in enumerate(pl.frescoes):
        if not isinstance(spot, FrescoSpot):
            raise _fail(f"{who} fresco spot {slot + 1}: not a spot")
        if spot.tile is not None and spot.tile not in t.tiles:
            raise _fail(f"{who} fresco spot {slot + 1}: {spot.tile!r:.40} is not a tile")
        if spot.die is not None and (spot.tile is None or not _int(spot.die, 1, 6)):
            raise _fail(f"{who} fresco spot {slot + 1} has die {spot.die!r:.40}")
    if pl.income != income_dice(pl):
        dice = DICE - income_dice(pl) + pl.income
        raise _fail(f"{who} has {dice} overseer dice, not {DICE}")


def _check_places(state: State, t: Table, n: int) -> None:
    """Every meeple, card and tile in exactly one place; spots and achievements."""
    placed: Counter[int] = Counter()
    for spot, v in state.spots.items():
        if not _int(spot, 0, len(t.spots) - 1) or t.spots[spot].blocked:
            raise _fail(f"a meeple on unusable spot {spot!r:.40}")
        if not _int(v, 0, 3 * n - 1):
            raise _fail(f"spot {spot} holds an unknown meeple {v!r:.40}")
        p, m = divmod(v, 3)
        if state.players[p].home[m] or placed[v]:
            raise _fail(f"meeple {m + 1} of player {p + 1} is in two places")
        placed[v] += 1
    for p, pl in enumerate(state.players):
        meeples = sum(pl.home) + sum(placed[3 * p + m] for m in range(MEEPLES))
        if meeples != MEEPLES:
            raise _fail(f"player {p + 1} has {meeples} meeples, not {MEEPLES}")
    solo = state.solo
    if (solo is not None) != t.solo:
        raise _fail("the solitaire part of the table exists exactly in solitaire")
    if solo is not None:
        if len(solo.publics) != PUBLICS:
            raise _fail(f"the public fresco line has {len(solo.publics)} positions")
        if not _int(solo.known, 0, len(solo.stack)):
            raise _fail(f"{solo.known!r:.40} known tiles at the bottom of the stack")
        if state.public is not None or state.draft or any(pl.hand for pl in state.players):
            raise _fail("solitaire has no public tile, draft or hand")
    tiles: list[object] = [*state.gone, *state.stack, *state.drawn]
    tiles.extend(x for x in state.publics if x is not None)
    chars: list[object] = [
        *state.deck,
        *state.discard,
        *state.aside,
        *(c for c in state.row if c is not None),
    ]
    if state.draft and len(state.draft) != n:
        raise _fail(f"{len(state.draft)} draft hands for {n} players")
    for d in state.draft:
        tiles.extend(d)
    if state.public is not None:
        tiles.append(state.public)
    held = held_tile(state.choice)
    if held is not None:
        tiles.append(held)
    for pl in state.players:
        tiles.extend(s.tile for s in pl.frescoes if s.tile is not None)
        tiles.extend(pl.hand)
        chars.extend(c for c in pl.characters if c is not None)
    if _ids(chars) != list(t.char_ids):
        raise _fail("the character cards are not each in exactly one place")
    if _ids(tiles) != list(t.tile_ids):
        raise _fail("the fresco tiles are not each in exactly one place")
    keys = {a.key for a in t.achievements} | {q.key for q in t.quests}
    for key, p in state.achievements.items():
        if key not in keys or not _int(p, 0, n - 1):
            raise _fail(f"achievement {key!r:.40} held by {p!r:.40}")
    tokens = Counter(state.achievements.values())
    if any(k > ACHIEVEMENT_TOKENS for k in tokens.values()):
        raise _fail(f"a player placed more than {ACHIEVEMENT_TOKENS} achievement tokens")


def draft_known(state: State) -> bool:
    """[DH-2.3.5] Whether the state's record of the fresco draft (every player's
    ``drafted``) fits the game, so that what each player saw of the packs can be told:
    never in solitaire; during the draft each hand is the tiles drafted so far (one a
    round; the players of a round not yet at their turn one behind) and each pack lacks
    one tile per keep; after it, each player drafted a pack's worth, and each tile they
    drafted is in their hand, on their board (a fresco spot, being painted) or removed
    from the game. A state built by hand may not fit (its tiles moved as a test needs):
    then nobody is told anything of the draft, which is never more than they saw."""
    players = state.players
    if state.solo is not None or len(players) < 2:
        return False
    if state.phase is Phase.DRAFT:
        sizes = [len(pl.drafted) for pl in players]
        return (
            all(pl.hand == pl.drafted for pl in players)
            and max(sizes) - min(sizes) <= 1
            and len(state.draft) == len(players)
            # a pack loses a tile at every keep: who kept k tiles holds what is left of it
            and all(len(d) == DRAFT_PACK - k for d, k in zip(state.draft, sizes, strict=True))
        )
    held = held_tile(state.choice)
    gone = state.gone
    for pl in players:
        if len(pl.drafted) != DRAFT_PACK or not all(x in pl.drafted for x in pl.hand):
            return False
        board = [f.tile for f in pl.frescoes]
        if not all(x in pl.hand or x in board or x in gone or x == held for x in pl.drafted):
            return False
    return True


def _check_drafted(state: State, t: Table) -> None:
    """[DH-2.3.5] The record of the draft, where a state keeps one: fresco tiles, each
    kept once, at most a pack's worth per player, none in solitaire."""
    if not any(pl.drafted for pl in state.players):
        return
    kept: list[object] = [x for pl in state.players for x in pl.drafted]
    if (
        _ids(kept) is None
        or len(set(kept)) != len(kept)
        or not set(kept) <= set(t.tile_ids)
        or any(len(pl.drafted) > DRAFT_PACK for pl in state.players)
        or state.solo is not None
    ):
        raise _fail(
            f"the tiles kept in the draft are fresco tiles, each kept once, at most "
            f"{DRAFT_PACK} per player, none in solitaire (DH-2.3.5)"
        )
    for p, pl in enumerate(state.players):
        drafting = state.phase is Phase.DRAFT and len(state.draft) == len(state.players)
        if drafting and len(pl.drafted) + len(state.draft[p]) > DRAFT_PACK:
            raise _fail(
                f"P{p} kept {len(pl.drafted)} tiles and holds a pack of "
                f"{len(state.draft[p])}: a pack of {DRAFT_PACK} loses a tile at every "
                "keep (DH-2.3.5)"
            )
        if not drafting:
            continue  # after the draft nothing is kept: a record that does not fit tells nothing
        for q, other in enumerate(state.players):
            if q == p:
                continue
            theirs = {*other.hand, *(f.tile for f in other.frescoes)}
            for x in pl.drafted:
                if x in theirs:
                    raise _fail(
                        f"P{p} kept t{x} in the draft, but P{q} holds it: a tile a player "
                        "kept stays theirs (DH-2.3.5)"
                    )


def _ids(items: list[object]) -> list[int] | None:
    """The ids in order, or None if one is not an int."""
    ids = [x for x in items if isinstance(x, int) and not isinstance(x, bool)]
    return sorted(ids) if len(ids) == len(items) else None


def _check_progress(state: State, t: Table, n: int) -> None:
    """[DH-3.2] The action, the effects being resolved, the decision and its queue."""
    if state.phase is Phase.OVER and (
        state.choice is not None or state.frames or state.action is not None or state.queue
    ):
        raise _fail("a game that is over waits for nothing")
    if state.phase is Phase.DRAFT:
        if state.choice is None or state.choice.kind is not ChoiceKind.DRAFT:
            raise _fail("the fresco draft waits for a tile to keep")
    elif state.draft:
        raise _fail("draft hands outside the fresco draft")
    if state.phase in (Phase.START, Phase.CLEANUP) and state.choice is None:
        # [DH-3.1] [DH-3.3] the rules go through these phases on their own between the
        # decisions they ask for: a state in one of them waits for a decision
        raise _fail(f"the {state.phase.value} phase waits for a decision")
    if state.phase is Phase.PLACE and (
        state.choice is None
        or state.choice.kind not in (ChoiceKind.PLACE, ChoiceKind.PUBLIC, ChoiceKind.BOTTOM)
    ):
        raise _fail("the first placement waits for a tile to place")
    a = state.action
    if a is not None:
        if not isinstance(a, Action) or not _int(a.player, 0, n - 1):
            raise _fail(f"the action in progress is {a!r:.60}")
        if not isinstance(a.ability, bool):
            raise _fail("the action's ability is used or not")
        if a.meeple is not None and not _int(a.meeple, 0, MEEPLES - 1):
            raise _fail(f"the action's meeple {a.meeple!r:.40} is not a meeple")
        if state.phase is not Phase.ACTION:
            raise _fail("an action is in progress outside the action phase")
    most = frame_limit(t)
    if len(state.frames) > most:
        raise _fail(f"{len(state.frames)} frames of effects (the components allow {most})")
    known = NOTATION_EFFECTS | set(t.effects)
    for fr in state.frames:
        _check_frame(state, t, n, fr, known)
    if state.choice is not None:
        problem = _choice_problem(state, t, n, state.choice)
        if problem is not None:
            raise _fail(f"the pending {state.choice.kind.value} decision: {problem}")
    if len(state.queue) > queue_limit(n):
        raise _fail(f"{len(state.queue)} decisions queued (at most {queue_limit(n)})")
    for c in state.queue:
        if not isinstance(c, Choice) or not _int(c.player, 0, n - 1):
            raise _fail(f"a queued decision {c!r:.60}")
        queued = (c.kind is ChoiceKind.INCOME and c.arg == "") or (
            c.kind is ChoiceKind.GAIN and c.arg in ("left", "right")
        )
        if not queued or c.n != 0 or c.slot is not None:
            raise _fail(f"a queued decision is an income or a reward-area reward, not {c!r:.60}")


def _check_frame(state: State, t: Table, n: int, fr: Frame, known: frozenset[str]) -> None:
    if not isinstance(fr, Frame) or not _int(fr.player, 0, n - 1):
        raise _fail(f"frame {fr!r:.60}: no such player")
    if fr.player != state.turn:  # [DH-3.2] only the player whose turn it is resolves effects
        raise _fail(
            f"frame {fr!r:.60}: effects of P{fr.player} resolved during P{state.turn}'s turn "
            "(a player resolves effects only on their own turn)"
        )
    if not all(isinstance(x, bool) for x in (fr.manual, fr.done, fr.quest)):
        raise _fail(f"frame {fr!r:.60}: manual, done and quest are true or false")
    if fr.slot is not None and not _int(fr.slot, 0, SLOTS - 1):
        raise _fail(f"frame {fr!r:.60}: character spot {fr.slot!r:.40}")
    if fr.bonus not in (0, t.board.leftmost_bonus) or isinstance(fr.bonus, bool):
        raise _fail(f"frame {fr!r:.60}: bonus {fr.bonus!r:.40}")
    if fr.still is not None and fr.still not in t.tiles:
        raise _fail(f"frame {fr!r:.60}: {fr.still!r:.40} is not a tile")
    if fr.lower is not None and (
        fr.lower not in t.promo_tiles or fr.effects or fr.manual or fr.bonus
    ):
        raise _fail(
            f"frame {fr!r:.60}: a frame that lowers a die at its end (DH-9.3) names a promo "
            "tile in play and holds no effect, no choice of order and no bonus"
        )
    if len(fr.effects) > MAX_EFFECTS:
        raise _fail(f"frame {fr!r:.60}: more than {MAX_EFFECTS} effects")
    for text in fr.effects:
        try:
            e = parse_effect(text)
        except (ValueError, TypeError, AttributeError) as exc:
            raise _fail(f"frame effect {text!r:.40}: {exc}") from None
        for kind in (e.kind, *(x.kind for x in e.then)):
            if kind not in known:
                raise _fail(f"frame effect {text!r:.40}: no pack in play knows it")
        if e.kind == "promo-lower" and e.amount not in t.promo_tiles:
            raise _fail(f"frame effect {text!r:.40}: not a promo tile in play")
        if text not in component_effects(t):
            raise _fail(f"frame effect {text!r:.40}: no component in play has that effect")


def _choice_problem(state: State, t: Table, n: int, c: Choice) -> str | None:
    """What is wrong with the pending decision ``c``; None when nothing is."""
    if not _int(c.player, 0, n - 1):
        return f"no player {c.player!r:.40}"
    if not isinstance(c.arg, str) or not _int(c.n, -(2**63), 2**63):
        return "its argument and number"
    if c.slot is not None and not _int(c.slot, 0, SLOTS - 1):
        return f"character spot {c.slot!r:.40}"
    pl = state.players[c.player]
    k = c.kind
    if k in _NO_ARG and c.arg != "":
        return f"a {k.value} decision is about nothing, not {c.arg!r:.40}"
    if c.arg not in CHOICE_ARGS and c.arg not in t.recruit_modes and c.arg not in t.pack_choices:
        return f"no decision of this game is about {c.arg!r:.40}"
    if state.phase is Phase.ACTION and c.player != state.turn:
        # [DH-3.2] the decisions of the action phase are those of the action and the
        # effects of the player whose turn it is
        return f"P{c.player} decides during P{state.turn}'s turn"
    if k is ChoiceKind.DRAFT:
        if state.phase is not Phase.DRAFT or len(state.draft) != n:
            return "a draft hand for each player"
        drafting = _draft_problem(state, n, c.player)
        if drafting is not None:
            return drafting
    elif k is ChoiceKind.PLACE:
        if state.phase is not Phase.PLACE or c.arg != ("solo" if t.solo else ""):
            return "made during the first placement"
        if not t.solo and pl.frescoes[2].tile is not None:
            return "the first tile is placed once"
        if not t.solo:
            placing = _place_problem(state, n, c.player)
            if placing is not None:
                return placing
    elif k in (ChoiceKind.PUBLIC, ChoiceKind.BOTTOM):
        if not t.solo:
            return "solitaire only"
        if k is ChoiceKind.PUBLIC and None not in state.publics:
            return "a free position on the public line"
        if k is ChoiceKind.BOTTOM:
            if c.arg not in _BOTTOM_ARGS:
                return f"after a start, public or paint draw, not {c.arg!r:.40}"
            if c.arg == "paint" and not _can_place(state, t, c.player):
                return "room for the tile painted"
            if c.arg != "paint" and c.n != 0:
                return "holds no tile"
    elif k is ChoiceKind.ABILITY:
        a = state.action
        if a is None or a.player != c.player or a.meeple is None or a.ability:
            return "the ability of the meeple just placed"
        if pl.characters[a.meeple] is None:
            return "a character on the meeple's spot"
    elif k is ChoiceKind.GAIN:
        if c.arg not in _GAIN_ARGS:
            return f"a product, a reward-area reward or a paint reward, not {c.arg!r:.40}"
        if c.arg.startswith("paint-"):
            if c.n not in t.tiles:
                return f"{c.n} is not a tile"
            if (pl.left if c.arg == "paint-left" else pl.right) < 1:
                return "a die on that side of the reward area"
            if not _can_place(state, t, c.player):
                return "room for the tile painted"
    elif k is ChoiceKind.DIE:
        if c.n not in t.tiles or pl.left < 1 or pl.right < 1:
            return "a tile to paint and a die on both sides of the reward area"
        if not _can_place(state, t, c.player):
            return "room for the tile painted"
    elif k is ChoiceKind.RECRUIT:
        if c.arg not in ("paid", "free") and c.arg not in t.recruit_modes:
            return f"recruitment mode {c.arg!r:.40}"
    elif k is ChoiceKind.PAINT:
        if t.solo and not _can_place(state, t, c.player):
            return "room for the tile painted"
        if not t.solo and (pl.income + pl.left + pl.right < 1 or engine.vacant_slot(pl) is None):
            return "a free fresco spot and a die"
    elif k is ChoiceKind.PACK:
        choice = t.pack_choices.get(c.arg)
        if choice is None:
            return f"{c.arg!r:.40} is no pack's decision"
        return choice.problem(t, state, c)
    return None


def _draft_problem(state: State, n: int, p: int) -> str | None:
    """[DH-2.3.5] Whose turn the draft is, from the first player and the draft hands: the
    players keep a tile each in seat order from the first player, then the hands pass, so
    the player to keep holds a tile, those before them in this pass hold one tile fewer
    and the others as many. Any other state runs into a player with nothing to keep."""
    held = len(state.draft[p])
    if held < 1:
        return f"P{p} has no tile left to keep"
    turn = (p - state.first) % n
    for q in range(n):
        want = held - 1 if (q - state.first) % n < turn else held
        if len(state.draft[q]) != want:
            return (
                f"P{p} keeps next after the first player P{state.first}, so P{q} holds "
                f"{want} draft tiles, not {len(state.draft[q])}"
            )
    return None


def _place_problem(state: State, n: int, p: int) -> str | None:
    """[DH-2.3.6] Whose turn the first placement is: the players place in seat order from
    the first player, so those before the player to place have placed a tile and the
    others have not. Any other state runs into a player placing twice."""
    turn = (p - state.first) % n
    for q in range(n):
        before = (q - state.first) % n < turn
        if (state.players[q].frescoes[2].tile is not None) != before:
            wrong = "has not placed a first tile yet" if before else "has placed one already"
            return f"P{p} places next after the first player P{state.first}, but P{q} {wrong}"
    return None


def _can_place(state: State, t: Table, p: int) -> bool:
    """[DH-3.E.11] [DH-6.3.2] A tile painted now has a place: a free own fresco spot, or
    in solitaire always (with the three covered it is a public fresco, used at once)."""
    return t.solo or engine.vacant_slot(state.players[p]) is not None
