"""[DH-2.3] The observation as numbers for learning code: ``observation_tensor`` and its layout.

``observation_tensor(observation)`` is a flat ``float32`` vector, every value in [0, 1],
whose size depends only on the options (player count, packs, promos, data);
``observation_layout(options)`` names its segments and what each entry means. Players are
seen from the viewer: ``you`` first, then the others in turn order. Every character card
and every fresco tile has a row giving its zone (the recruiting row, a character spot, a
fresco spot, a hand, the draft, the public fresco, ...) and its place in it; hidden
things are sizes (other hands and draft packs, the deck, the solitaire stack above the
known bottom). Counts without a printed maximum (coins, pigment, points, tokens,
statistics) are squashed as ``n / (n + k)``: every count keeps its own value, and ``k`` is
where the value reaches one half.

The names the state keeps as text have fixed vocabularies per options, read from the
components in play: the effects waiting in a frame (every effect the data can name), the
statistics of the players (``painted:silk``...), the achievement spots, the arguments of
decisions. In solitaire the layout covers the four packs a game can draw, so every
solitaire game has the same shape.

``python -m silkroad.core.layoutdoc`` rewrites the layout table of ``docs/dunhuang.md``;
a test checks that the page matches the code.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from silkroad.core.tensor import Layout, Segment, one_hot, players_from, relative_labels
from silkroad.dunhuang.cards import Effect
from silkroad.dunhuang.check import held_tile
from silkroad.dunhuang.observe import Observation
from silkroad.dunhuang.state import (
    DICE,
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
}

#: Frames of effects being resolved the tensor shows, innermost first.
FRAMES = 4
#: Decisions waiting after the current one the tensor shows.
QUEUE = 4
_PHASES = tuple(Phase)
_CHOICES = tuple(ChoiceKind)
#: Arguments of decisions the rules themselves give (packs add their own).
_CORE_ARGS = (
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


def _effect_texts(root: Any) -> set[str]:
    """Every effect text reachable from ``root`` (the components' data)."""
    found: set[str] = set()
    seen: set[int] = set()
    pending = [root]
    while pending:
        obj = pending.pop()
        if id(obj) in seen or isinstance(obj, str | int | float | bool) or obj is None:
            continue
        seen.add(id(obj))
        if isinstance(obj, Effect):
            found.add(obj.text)
            pending.extend(obj.then)
        elif attrs.has(type(obj)):
            pending.extend(getattr(obj, f.name) for f in attrs.fields(type(obj)))
        elif isinstance(obj, dict):
            pending.extend(obj.values())
        elif isinstance(obj, tuple | list | frozenset | set):
            pending.extend(obj)
    return found


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
        args: list[str] = list(_CORE_ARGS)
        names: dict[int, str] = {}
        tile_names: dict[int, str] = {}
        for t in tables:
            tokens += [k for k in t.token_keys if k not in tokens]
            effects |= _effect_texts(
                (
                    t.packs,
                    t.board,
                    tuple(t.characters.values()),
                    tuple(t.tiles.values()),
                    t.spots,
                    t.achievements,
                    t.quests,
                    tuple(t.tokens.values()),
                )
            )
            effects |= {f"promo-lower {x}" for x in t.promo_tiles}
            stats |= t.statistics
            achievements += [
                key
                for key in (*(a.key for a in t.achievements), *(q.key for q in t.quests))
                if key not in achievements
            ]
            args += [a for a in (*t.recruit_modes, *t.pack_choices) if a not in args]
            names.update({c: d.name for c, d in t.characters.items()})
            tile_names.update({x: f"{d.pack} {d.value}" for x, d in t.tiles.items()})
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


def score_bounds(options: Options) -> tuple[int, int] | None:
    """No bounds: Dunhuang's packs pay points per token held (Wine's vats per cube,
    Silver per Drawing, Sutra per deposit), so the data give no useful maximum."""
    del options
    return None


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
                tuple(f"frame {k + 1}" for k in range(FRAMES)),
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
                tuple(f"frame {k + 1}" for k in range(FRAMES)),
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
            tuple(f"queued {k + 1}" for k in range(QUEUE)),
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
        raise ValueError(
            f"the Dunhuang tensor has no entry for the decision argument {choice.arg!r}"
        )
    head = one_hot(rel[choice.player], s.players)
    head.append(_squash(choice.n, 10))
    head += one_hot(choice.slot, SLOTS)
    return one_hot(_CHOICES.index(choice.kind), len(_CHOICES) + 1), head, one_hot(arg, len(s.args))


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
    parts.update(
        boards=boards,
        player_tokens=tokens,
        player_counters=counters,
        frescoes=frescoes,
        hidden=hidden,
    )
    parts.update(_characters(s, obs, order, layout))
    parts.update(_tiles(s, obs, order, layout))
    spots = layout.zeros("spots")
    free = p * MEEPLES
    for k in range(SPOT_COUNT):
        spots[k * (free + 1) + free] = 1.0
    for place, occupant in obs.spots.items():
        q, m = divmod(occupant, MEEPLES)
        spots[place * (free + 1) + free] = 0.0
        spots[place * (free + 1) + rel[q] * MEEPLES + m] = 1.0
    parts["spots"] = spots
    claimed = layout.zeros("achievements")
    for k in range(len(s.achievements)):
        claimed[k * (p + 1) + p] = 1.0
    achieved = {key: i for i, key in enumerate(s.achievements)}
    for key, q in obs.achievements.items():
        k = _lookup(achieved, key, "achievement")
        claimed[k * (p + 1) + p] = 0.0
        claimed[k * (p + 1) + rel[q]] = 1.0
    parts["achievements"] = claimed
    if obs.final is None:
        parts["final"] = [0.0] * (p + 1)
    else:
        parts["final"] = [*(_squash(obs.final[q], 50) for q in order), 1.0]
    parts.update(_frames(s, obs, rel, layout))
    kind, head, arg = _choice_values(s, obs.choice, rel)
    parts.update(choice_kind=kind, choice_head=head, choice_arg=arg)
    action = layout.zeros("action")
    if obs.action is not None:
        a = obs.action
        action[0] = 1.0
        action[1 + rel[a.player]] = 1.0
        if a.meeple is not None:
            action[1 + p + a.meeple] = 1.0
        action[-1] = float(a.ability)
    parts["action"] = action
    if len(obs.queue) > QUEUE:
        raise ValueError(f"the Dunhuang tensor shows {QUEUE} waiting decisions")
    queued = [_choice_values(s, c, rel) for c in obs.queue]
    queued += [_choice_values(s, None, rel)] * (QUEUE - len(queued))
    parts["queue_kind"] = [x for values in queued for x in values[0]]
    parts["queue_head"] = [x for values in queued for x in values[1]]
    parts["queue_arg"] = [x for values in queued for x in values[2]]
    return layout.pack(parts)


def _lookup(table_: dict[str, int], key: str, what: str) -> int:
    at = table_.get(key)
    if at is None:
        raise ValueError(f"the Dunhuang tensor has no entry for the {what} {key!r}")
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
        raise ValueError(f"the Dunhuang tensor shows {PUBLICS} public line positions")
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
    if len(obs.frames) > FRAMES:
        raise ValueError(f"the Dunhuang tensor shows {FRAMES} frames of effects")
    head = layout.zeros("frame_head")
    effects = layout.zeros("frame_effects")
    width = len(head) // FRAMES
    n = len(s.effects)
    for k, frame in enumerate(reversed(obs.frames)):
        values = [1.0, *one_hot(rel[frame.player], s.players)]
        values += [float(frame.manual), float(frame.done), float(frame.quest)]
        values += one_hot(frame.slot, SLOTS)
        values.append(_squash(frame.bonus, 3))
        head[k * width : (k + 1) * width] = values
        if len(frame.effects) > MAX_EFFECTS:
            raise ValueError(f"the Dunhuang tensor shows {MAX_EFFECTS} effects per frame")
        for i, text in enumerate(frame.effects):
            effects[(k * MAX_EFFECTS + i) * n + _lookup(s.effect_at, text, "effect")] = 1.0
    return {"frame_head": head, "frame_effects": effects}
