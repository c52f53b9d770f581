"""[KG-7] The observation as numbers for learning code: ``observation_tensor`` and its layout.

``observation_tensor(observation)`` is a flat ``float32`` vector, every value in [0, 1],
whose size depends only on the options (player count, expansion cards, card data);
``observation_layout(options)`` names its segments and what each entry means. Players
are seen from the observer: ``you`` first, then the others in turn order. The tensor
holds everything the observation shows and nothing else: each card's place (the open
zones, the piles by size, the cards the observer knows under a deck), the tracks, the
points, the pending decision, the actions being resolved and those waiting for the end
of an extra turn; a few segments repeat
visible facts in a form easier to learn from (the display's orders by their cost and
points, the observer's front cards by kind).

``python -m silkroad.core.layoutdoc`` rewrites the layout table of ``docs/kashgar.md``; a
test checks that the page matches the code.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from silkroad.core.errors import StateError
from silkroad.core.tensor import (
    Layout,
    Segment,
    one_hot,
    players_from,
    relative_labels,
)
from silkroad.kashgar.cards import RESOURCES, DeckKind, Op, OrderKind
from silkroad.kashgar.check import stack_bound
from silkroad.kashgar.observe import Observation
from silkroad.kashgar.rules import CAPS, DISPLAY_SIZE, MAX_ACTIONS, MAX_CARAVANS, turn_limit
from silkroad.kashgar.state import Decision, Frame, FrameKind, Options
from silkroad.kashgar.table import table
from silkroad.kashgar.vocabulary import CARAVAN_DECISIONS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["OBSERVATION_FIELDS", "observation_layout", "observation_tensor", "score_bounds"]

#: Where each field of the :class:`~silkroad.kashgar.observe.Observation` goes (a test
#: checks that every field is listed, so a new field cannot be forgotten).
OBSERVATION_FIELDS: dict[str, str] = {
    "options": "fixed for the game: they set the layout (player count, cards)",
    "player": "seat; every per-player segment starts with the observer",
    "tracks": "tracks",
    "caravans": "card_zone, card_index, caravan_sizes, own_fronts",
    "orders_won": "card_zone, card_index",
    "discard": "card_zone, card_index",
    "display": "card_zone, card_index, display",
    "reserve": "card_zone",
    "box": "card_zone, card_index",
    "turned": "card_turned",
    "standard_size": "piles",
    "special_size": "piles",
    "order_deck_size": "piles",
    "starting_size": "piles",
    "known": "card_zone, card_index (known under a deck)",
    "others_known": "others_known",
    "active": "active",
    "start_player": "start_player",
    "round": "turn",
    "turns": "turn",
    "points": "points",
    "history": "last_scored (the [KG-6] tie-break: who earned points most recently)",
    "pending": "pending_*, card_zone (held cards)",
    "stack": "frame_*",
    "extra_turns": "turn",
    "end_triggered": "turn",
    "over": "turn",
    "truncated": "turn",
    "suspended": "waiting_*",
}

#: Frames of actions waiting for the end of an extra turn the tensor shows one by one,
#: the next to go on first ([KG-8]: two Conjuresses, one played in the turn the other
#: gave); the rest are counted per card in ``waiting_rest`` (a chain of extra turns is
#: bounded only by the game's length, so no fixed number of rows has room for it).
WAITING = 2
#: Cards a pending decision can hold at once (a Herder lifts one per caravan).
_HELD_SOURCES = MAX_CARAVANS
_DECISIONS = tuple(Decision)
_DECKS = tuple(DeckKind)
_CARAVANS = tuple(f"caravan {k + 1}" for k in range(MAX_CARAVANS))


def _caps_label(i: int) -> str:
    return f"{RESOURCES[i].value} / {CAPS[i]}"


class _Spec:
    """Per-options constants of the layout (cached with it)."""

    def __init__(self, options: Options) -> None:
        t = table(options)
        self.t = t
        self.players = options.players
        self.n = t.n
        self.order_ids = t.ids[DeckKind.ORDERS]
        self.special_ids = t.ids[DeckKind.SPECIAL]
        self.standard_ids = t.ids[DeckKind.STANDARD] + t.ids[DeckKind.EXPANSION]
        self.starting_ids = t.ids[DeckKind.STARTING]
        self.kinds = tuple(dict.fromkeys(t.defs[c].key for c in range(t.persons)))
        self.kind_of = tuple(self.kinds.index(t.defs[c].key) for c in range(t.persons))
        effects = [
            e
            for face in (*t.front, *t.back)
            if face is not None
            for action in (*face.caravan, *face.parting)
            for e in action.effects
        ]
        payouts = [e for o in t.order if o is not None for e in o.payout]
        everything = effects + payouts
        self.choices = max((len(e.choices) for e in everything), default=1)
        self.draw = max([1, *(e.count for e in everything)])
        self.keep = max([1, *(e.keep for e in everything)])
        self.extra = max(1, sum(1 for e in everything if e.op is Op.EXTRA_TURN))
        self.steps = max(
            [
                1,
                *(
                    len(a.effects)
                    for face in (*t.front, *t.back)
                    if face is not None
                    for a in (*face.caravan, *face.parting)
                ),
                *(len(o.payout) for o in t.order if o is not None),
            ]
        )
        orders = [o for o in t.order if o is not None]
        self.order_vp = max([1, *(o.vp for o in orders)])
        self.mules = max([CAPS[-1], *(o.mules for o in orders)])
        self.cost = tuple(
            max([CAPS[i], *(o.cost[i] for o in orders)]) for i in range(len(RESOURCES))
        )
        self.amount = max([max(CAPS), *(x for e in everything for alt in e.choices for x in alt)])
        self.low, self.high = score_bounds(options)
        self.max_turns = turn_limit(options)
        #: [KG-4] [KG-5.1] Frames of actions being resolved the tensor shows: the most
        #: a state may hold (``check.stack_bound``).
        self.frames = stack_bound(t)
        p = self.players
        self.zones = (
            *(f"{who}: {car}" for who in relative_labels(p) for car in _CARAVANS),
            *(f"{who}: orders won" for who in relative_labels(p)),
            "discard",
            "display",
            "reserve (13th Patriarch)",
            "box (removed)",
            "held by the pending decision",
            "known to you under a deck",
            "unseen (a draw pile, or hidden in another player's hand)",
        )


@functools.lru_cache(maxsize=64)
def _spec(options: Options) -> _Spec:
    return _Spec(options)


@functools.lru_cache(maxsize=64)
def score_bounds(options: Options) -> tuple[int, int]:
    """[KG-6] The fewest and most points a player can have: nothing, or every order and
    every person card (its better face, with every grain-field order)."""
    t = table(options)
    grain = sum(t.order_grain)
    high = sum(max(0, v) for v in t.order_vp)
    low = 0
    for c in range(t.persons):
        faces = [f for f in (t.front[c], t.back[c]) if f is not None]
        values = [f.vp + f.vp_per_grain * g for f in faces for g in (0, grain)]
        high += max(0, *values)
        low += min(0, *values)
    return low, high


@functools.lru_cache(maxsize=64)
def observation_layout(options: Options) -> Layout:
    """[KG-7] The segments of the tensor for games with ``options``."""
    s = _spec(options)
    t = s.t
    p = s.players
    who = relative_labels(p)
    cards = tuple(f"#{c} {t.name[c]}" for c in range(s.n))
    frame_columns = (
        "present",
        *(f"player: {w}" for w in who),
        *(f"caravan {k + 1}" for k in range(MAX_CARAVANS)),
        *(f"kind: {k.value}" for k in FrameKind),
        *(f"action {a + 1}" for a in range(MAX_ACTIONS)),
        "reverse face",
        f"next effect / {s.steps}",
    )
    segments = [
        Segment("seat", (tuple(f"player {q}" for q in range(p)),), "1 for the observer's seat"),
        Segment(
            "turn",
            (
                (
                    f"round / {options.round_limit}",
                    f"turns taken / {s.max_turns}",
                    f"extra turns due / {s.extra}",
                    "end triggered (25 VP reached)",
                    "game over",
                    "truncated (stopped without a result)",
                ),
            ),
            "the value named",
        ),
        Segment("active", (who,), "1 for the player whose turn it is"),
        Segment("start_player", (who,), "1 for the start player"),
        Segment(
            "tracks",
            (who, tuple(_caps_label(i) for i in range(len(RESOURCES)))),
            "track value / its maximum",
        ),
        Segment("points", (who,), f"victory points / {s.high}"),
        Segment(
            "last_scored",
            (who, (*(f"rank {k + 1}" for k in range(p)), "never")),
            "1 at the player's rank by their latest point gain (rank 1 = most recent): "
            "the [KG-6] tie-break",
        ),
        Segment(
            "piles",
            (
                (
                    f"standard draw pile / {len(s.standard_ids)}",
                    f"special draw pile / {len(s.special_ids)}",
                    f"order draw pile / {len(s.order_ids)}",
                    f"unused starting cards / {len(s.starting_ids)}",
                ),
            ),
            "cards in the pile / all cards of its kind",
        ),
        Segment("card_zone", (cards, s.zones), "1 for the zone the card is in"),
        Segment(
            "card_index",
            (cards,),
            f"the card's place in its zone / {s.n} (caravan front, oldest discard, top "
            "of a deck = 0)",
        ),
        Segment("card_turned", (cards,), "1 if the card shows its reverse (Matriarch)"),
        Segment(
            "caravan_sizes",
            (who, _CARAVANS),
            f"cards in the caravan / {t.persons}",
        ),
        Segment(
            "own_fronts",
            (_CARAVANS, s.kinds),
            "1 for the kind of the front card of your caravan",
        ),
        Segment(
            "display",
            (
                tuple(f"order {k + 1}" for k in range(DISPLAY_SIZE)),
                (
                    "present",
                    f"VP / {s.order_vp}",
                    f"mules needed / {s.mules}",
                    *(f"cost: {r.value} / {s.cost[i]}" for i, r in enumerate(RESOURCES)),
                    *(f"{k.value} order" for k in OrderKind),
                    "grain field",
                ),
            ),
            "the face-up order's value named",
        ),
        Segment(
            "others_known",
            (
                who[1:] or ("(none)",),
                (
                    *(f"special deck position {i}" for i in range(len(s.special_ids))),
                    *(f"order deck position {i}" for i in range(len(s.order_ids))),
                ),
            ),
            "1 if that player knows the card there (0 = top)",
        ),
        Segment(
            "pending_kind",
            ((*(d.value for d in _DECISIONS), "none"),),
            "1 for the kind of decision waited for",
        ),
        Segment("pending_player", (who,), "1 for the player who decides"),
        Segment(
            "pending_values",
            (
                (
                    f"cards still to keep (1 for a free fulfilment) / {s.keep}",
                    f"cards held hidden from you / {s.draw}",
                ),
            ),
            "the value named",
        ),
        Segment(
            "pending_deck",
            ((*(d.value for d in _DECKS), "none"),),
            "1 for the deck the held cards came from",
        ),
        Segment(
            "pending_choices",
            (
                tuple(f"alternative {k + 1}" for k in range(s.choices)),
                (*(r.value for r in RESOURCES), "offered"),
            ),
            f"Increase alternative: amount / {s.amount}; 'offered' 1 if it exists",
        ),
        Segment("pending_cards", (cards,), "1 if the decider may choose this card"),
        Segment("pending_caravans", (_CARAVANS,), "1 if the decider may choose this caravan"),
        Segment("pending_queue", (who,), "1 for each Herder victim still to move"),
        Segment(
            "pending_sources",
            (tuple(f"held card {k + 1}" for k in range(_HELD_SOURCES)), _CARAVANS),
            "1 for the caravan the lifted card came from (Herder)",
        ),
        Segment(
            "frame_head",
            (tuple(f"frame {k + 1}" for k in range(s.frames)), frame_columns),
            "an action being resolved (frame 1 innermost): the value named",
        ),
        Segment(
            "frame_card",
            (tuple(f"frame {k + 1}" for k in range(s.frames)), cards),
            "1 for the card (or order) whose action it is",
        ),
        Segment(
            "waiting_head",
            (tuple(f"waiting {k + 1}" for k in range(WAITING)), frame_columns),
            "an action waiting for the end of the extra turn it gave (waiting 1 goes on "
            "first), at its next effect: the value named",
        ),
        Segment(
            "waiting_card",
            (tuple(f"waiting {k + 1}" for k in range(WAITING)), cards),
            "1 for the card (or order) whose action waits",
        ),
        Segment(
            "waiting_rest",
            (cards,),
            f"waiting actions after the first {WAITING}, of the card (or order): n / (n + 1)",
        ),
    ]
    return Layout(tuple(segments))


def _zone_of(s: _Spec, obs: Observation) -> tuple[list[int], list[int]]:
    """Each card's zone (index into ``s.zones``) and place in it."""
    p = s.players
    order = players_from(obs.player, p)
    unseen = len(s.zones) - 1
    zone = [unseen] * s.n
    place = [0] * s.n
    for r, q in enumerate(order):
        for k, caravan in enumerate(obs.caravans[q]):
            for i, c in enumerate(caravan):
                zone[c], place[c] = r * MAX_CARAVANS + k, i
        for i, c in enumerate(obs.orders_won[q]):
            zone[c], place[c] = MAX_CARAVANS * p + r, i
    base = 5 * p
    for offset, pile in enumerate((obs.discard, obs.display, obs.reserve, obs.box)):
        for i, c in enumerate(pile):
            zone[c], place[c] = base + offset, i
    if obs.pending is not None:
        for i, c in enumerate(obs.pending.cards):
            zone[c], place[c] = base + 4, i
    for known in obs.known:
        zone[known.card], place[known.card] = base + 5, known.index
    return zone, place


def observation_tensor(observation: Observation) -> npt.NDArray[np.float32]:
    """[KG-7] The observation as a ``float32`` vector in [0, 1] (see
    :func:`observation_layout`)."""
    obs = observation
    s = _spec(obs.options)
    layout = observation_layout(obs.options)
    t = s.t
    p = s.players
    order = players_from(obs.player, p)
    rel = {q: r for r, q in enumerate(order)}
    parts: dict[str, list[float]] = {}
    parts["seat"] = one_hot(obs.player, p)
    parts["turn"] = [
        obs.round / obs.options.round_limit,
        obs.turns / s.max_turns,
        obs.extra_turns / s.extra,
        float(obs.end_triggered),
        float(obs.over),
        float(obs.truncated),
    ]
    parts["active"] = one_hot(rel[obs.active], p)
    parts["start_player"] = one_hot(rel[obs.start_player], p)
    parts["tracks"] = [obs.tracks[q][i] / CAPS[i] for q in order for i in range(len(CAPS))]
    span = s.high - s.low
    parts["points"] = [(obs.points[q] - s.low) / span for q in order]
    last = {q: i for i, q in enumerate(obs.history)}
    ranked = sorted(last, key=lambda q: -last[q])
    scored = layout.zeros("last_scored")
    for r, q in enumerate(order):
        scored[r * (p + 1) + (ranked.index(q) if q in last else p)] = 1.0
    parts["last_scored"] = scored
    parts["piles"] = [
        obs.standard_size / max(1, len(s.standard_ids)),
        obs.special_size / max(1, len(s.special_ids)),
        obs.order_deck_size / max(1, len(s.order_ids)),
        obs.starting_size / max(1, len(s.starting_ids)),
    ]
    zone, place = _zone_of(s, obs)
    nz = len(s.zones)
    zones = layout.zeros("card_zone")
    for c in range(s.n):
        zones[c * nz + zone[c]] = 1.0
    parts["card_zone"] = zones
    parts["card_index"] = [x / s.n for x in place]
    parts["card_turned"] = [float(c in obs.turned) for c in range(s.n)]
    parts["caravan_sizes"] = [
        (len(obs.caravans[q][k]) if k < len(obs.caravans[q]) else 0) / t.persons
        for q in order
        for k in range(MAX_CARAVANS)
    ]
    fronts = layout.zeros("own_fronts")
    for k, caravan in enumerate(obs.caravans[obs.player]):
        if caravan:
            fronts[k * len(s.kinds) + s.kind_of[caravan[0]]] = 1.0
    parts["own_fronts"] = fronts
    parts["display"] = _display(s, obs)
    parts["others_known"] = _others_known(s, obs, rel, layout)
    parts.update(_pending(s, obs, rel, layout))
    head, card = _frames(s, obs.stack, rel, layout, "frame_head", "frame_card", s.frames)
    parts["frame_head"], parts["frame_card"] = head, card
    waiting = [f for frames in obs.suspended for f in frames]  # the next to go on last
    shown, rest = waiting[-WAITING:], waiting[:-WAITING]
    head, card = _frames(s, shown, rel, layout, "waiting_head", "waiting_card", WAITING)
    parts["waiting_head"], parts["waiting_card"] = head, card
    counts = [0] * s.n
    for frame in rest:
        counts[frame.card] += 1
    parts["waiting_rest"] = [n / (n + 1) for n in counts]
    return layout.pack(parts)


def _display(s: _Spec, obs: Observation) -> list[float]:
    out: list[float] = []
    kinds = tuple(OrderKind)
    for k in range(DISPLAY_SIZE):
        if k >= len(obs.display):
            out += [0.0] * (10 + len(kinds) + 1)
            continue
        o = s.t.order[obs.display[k]]
        assert o is not None
        out += [1.0, o.vp / s.order_vp, o.mules / s.mules]
        out += [o.cost[i] / s.cost[i] for i in range(len(RESOURCES))]
        out += one_hot(kinds.index(o.kind), len(kinds))
        out.append(float(o.grain))
    return out


def _others_known(s: _Spec, obs: Observation, rel: dict[int, int], layout: Layout) -> list[float]:
    out = layout.zeros("others_known")
    width = len(s.special_ids) + len(s.order_ids)
    for slot in obs.others_known:
        shift = 0 if slot.deck is DeckKind.SPECIAL else len(s.special_ids)
        out[(rel[slot.player] - 1) * width + shift + slot.index] = 1.0
    return out


def _pending(
    s: _Spec, obs: Observation, rel: dict[int, int], layout: Layout
) -> dict[str, list[float]]:
    pending = obs.pending
    if pending is None:
        return {
            "pending_kind": one_hot(len(_DECISIONS), len(_DECISIONS) + 1),
            "pending_player": layout.zeros("pending_player"),
            "pending_values": layout.zeros("pending_values"),
            "pending_deck": one_hot(len(_DECKS), len(_DECKS) + 1),
            "pending_choices": layout.zeros("pending_choices"),
            "pending_cards": layout.zeros("pending_cards"),
            "pending_caravans": layout.zeros("pending_caravans"),
            "pending_queue": layout.zeros("pending_queue"),
            "pending_sources": layout.zeros("pending_sources"),
        }
    cards = layout.zeros("pending_cards")
    caravans = layout.zeros("pending_caravans")
    for x in pending.options:
        if pending.kind in CARAVAN_DECISIONS:
            caravans[x] = 1.0
        else:
            cards[x] = 1.0
    choices = layout.zeros("pending_choices")
    width = len(RESOURCES) + 1
    for k, alternative in enumerate(pending.choices):
        for i, amount in enumerate(alternative):
            choices[k * width + i] = amount / s.amount
        choices[k * width + width - 1] = 1.0
    queue = layout.zeros("pending_queue")
    for q in pending.queue:
        queue[rel[q]] = 1.0
    sources = layout.zeros("pending_sources")
    for k, caravan in enumerate(pending.sources):
        sources[k * MAX_CARAVANS + caravan] = 1.0
    return {
        "pending_kind": one_hot(_DECISIONS.index(pending.kind), len(_DECISIONS) + 1),
        "pending_player": one_hot(rel[pending.player], s.players),
        "pending_values": [pending.keep / s.keep, pending.hidden / s.draw],
        "pending_deck": one_hot(
            len(_DECKS) if pending.deck is None else _DECKS.index(pending.deck), len(_DECKS) + 1
        ),
        "pending_choices": choices,
        "pending_cards": cards,
        "pending_caravans": caravans,
        "pending_queue": queue,
        "pending_sources": sources,
    }


def _frames(
    s: _Spec,
    frames: Sequence[Frame],
    rel: dict[int, int],
    layout: Layout,
    head_name: str,
    card_name: str,
    limit: int,
) -> tuple[list[float], list[float]]:
    """The rows of ``frames`` (outermost first: the last one is row 1) in the segments
    ``head_name`` and ``card_name``, of ``limit`` rows each."""
    if len(frames) > limit:
        raise StateError(
            f"the Kashgar tensor shows {limit} frames in {head_name}, the observation has "
            f"{len(frames)}"
        )
    head = layout.zeros(head_name)
    card = layout.zeros(card_name)
    width = len(head) // limit
    kinds = tuple(FrameKind)
    p = s.players
    for k, frame in enumerate(reversed(frames)):
        values = [1.0, *one_hot(rel[frame.player], p)]
        values += one_hot(frame.caravan, MAX_CARAVANS)
        values += one_hot(kinds.index(frame.kind), len(kinds))
        values += one_hot(frame.action, MAX_ACTIONS)
        values += [float(frame.turned), frame.step / s.steps]
        head[k * width : (k + 1) * width] = values
        card[k * s.n + frame.card] = 1.0
    return head, card
