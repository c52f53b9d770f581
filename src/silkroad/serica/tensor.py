"""[SR-3] The observation as numbers for learning code: ``observation_tensor`` and its layout.

``observation_tensor(observation)`` is a flat ``float32`` vector, every value in [0, 1],
whose size depends only on the options (the card data); ``observation_layout(options)``
names its segments and what each entry means. The two sides are seen from the observer:
``you`` first, then the opponent; ``seat`` says which Empire the observer plays. Every card
has a row giving its zone (draw pile, discard pile, Empire, a field position, defeated,
the Crossroads, its discards, the cards a General shows, the Crossroads draw pile for
discards shuffled back, or unseen) and its place in it;
the face-up Crossroads cards are repeated by their printed values. Counts without a
printed maximum (goods, artisans, points, readied effects) are squashed as
``n / (n + k)``: every count keeps its own value, and the scale ``k`` is where the value
reaches one half. Nothing hidden from the observer is in it: the other player's secret
cards and the order of the draw piles are not, the Crossroads draw pile is a size, a
General's cards shown to the other player are a count. What the observer learned is:
the cards known to be in each draw pile (the other's: all but its secret ones), the
cards known on top of a pile and where, and which own cards the other never saw.

``python -m silkroad.core.layoutdoc`` rewrites the layout table of ``docs/serica.md``; a
test checks that the page matches the code.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from silkroad.core.errors import StateError
from silkroad.core.tensor import Layout, Segment, one_hot
from silkroad.serica.cards import GOOD_VALUE, GOODS, Ability, CardType
from silkroad.serica.observe import HIDDEN, Observation
from silkroad.serica.state import (
    CARAVAN_SIZE,
    CROSSROADS,
    FIELD_DEPTH,
    FIELDS,
    MAX_CARAVANS,
    PRODUCTION_POINTS,
    ROUTE_LENGTH,
    Options,
    PendingKind,
    Step,
)
from silkroad.serica.table import Table, table

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["OBSERVATION_FIELDS", "observation_layout", "observation_tensor", "score_bounds"]

#: Where each field of the :class:`~silkroad.serica.observe.Observation` goes (a test
#: checks that every field is listed, so a new field cannot be forgotten).
OBSERVATION_FIELDS: dict[str, str] = {
    "options": "fixed for the game: they set the layout (the cards); co-op in game",
    "player": "seat; every per-side segment starts with the observer",
    "players": "sides, caravans, card_zone, card_index",
    "crossroads": "card_zone, card_index, crossroads",
    "cross_pile_size": "game",
    "cross_discard": "card_zone, card_index",
    "active": "active",
    "first": "first",
    "round": "game",
    "step": "step",
    "turn": "turn, turn_used",
    "pending": "pending_*, card_zone (a General's cards)",
    "attacks": "attacks",
    "coop_won": "game",
    "truncated": "game",
    "cross_known": "card_zone (Crossroads draw pile, shuffled back)",
}
#: The same for each side's :class:`~silkroad.serica.observe.PlayerView`.
VIEW_COVERED: dict[str, str] = {
    "draw_size": "sides",
    "draw_cards": "card_zone (the cards known to be in a draw pile)",
    "top": "draw_knowledge (place from the top)",
    "known_top": "sides (cards known on top)",
    "secret": "draw_knowledge (never seen by the opponent)",
    "discard": "card_zone, card_index",
    "empire": "card_zone, card_index",
    "fields": "card_zone (field and position)",
    "supply": "sides",
    "artisans": "sides",
    "shipment": "sides",
    "caravans": "caravans",
    "vp": "sides",
    "defeated": "card_zone, card_index",
}

#: Cards a General shows at once ([SR-8.3]: the top three).
GENERAL_CARDS = 3
_SIDES = ("you", "opponent")
_PENDING = tuple(PendingKind)
_STEPS = tuple(Step)
_TYPES = tuple(CardType)
_ROUTES = tuple(f"route {r}" for r in range(1, MAX_CARAVANS + 1))
#: [SR-8] The readied effects counted in the turn segment: strength and the Outpost for
#: the round, then the effects that wait with their Empire card (a Guard: its caravan).
_READIED = (
    Ability.LABORER,
    Ability.SMITH,
    Ability.MERCHANT,
    Ability.OASIS,
    Ability.GUARD,
    Ability.TRADER,
    Ability.WAREHOUSE,
    Ability.FORT,
)
_TURN_COUNTS = ("defense", "outpost", *(a.value for a in _READIED))


def _squash(n: int, k: float) -> float:
    return n / (n + k)


@functools.lru_cache(maxsize=64)
def score_bounds(options: Options) -> tuple[int, int]:
    """[SR-5] [SR-6] [SR-7] The fewest and most points a score can reach.

    Points never fall, so the least is 0. The most adds what a player can hold once (every
    card built with its stacking bonus, every Enemy defeated) to what every turn of the
    ``round_limit`` rounds can bring at best: each Guard's point, each Marketplace paying
    for every Warehouse, and caravans: 2 points for each caravan begun (one, plus one per
    Guard) and 3 for each good loaded (a full caravan with every Warehouse, per begun
    caravan, plus every Trading Post and an Enemy bonus). An Envoy is counted as any of
    these. In the co-op game the score is both players' points together.
    """
    t = table(options)

    def count(ability: Ability) -> int:
        return sum(1 for a in t.ability if a is ability) + sum(
            1 for a in t.ability if a is Ability.ENVOY
        )

    held = sum(c.vp + c.stacked_vp + c.enemy_vp for c in t.card)
    guards, warehouses = count(Ability.GUARD), count(Ability.WAREHOUSE)
    posts, markets = count(Ability.TRADING_POST), count(Ability.MARKETPLACE)
    bonus = 2  # [SR-8.5] a Pirate's two goods (one Enemy defeated per turn)
    begun = 1 + guards
    goods = (CARAVAN_SIZE + warehouses) * begun + posts + bonus
    per_turn = guards + markets * warehouses + 2 * begun + max(GOOD_VALUE) * goods
    high = held + options.round_limit * per_turn
    return (0, 2 * high if options.coop else high)


class _Spec:
    """Per-options constants of the layout (cached with it)."""

    def __init__(self, options: Options) -> None:
        t = table(options)
        self.t = t
        self.n = t.n_cards
        self.zones = (
            *(
                f"{side}: {zone}"
                for side in _SIDES
                for zone in (
                    "draw pile (the cards known to be in it, not their order)",
                    "discard pile",
                    "Empire",
                    *(
                        f"field {f + 1} position {d + 1}"
                        for f in range(FIELDS)
                        for d in range(FIELD_DEPTH)
                    ),
                    "defeated",
                )
            ),
            "Crossroads",
            "Crossroads discards",
            "shown by a General",
            "Crossroads draw pile (discarded, shuffled back)",
            "unseen (a draw pile)",
        )
        self.per_side = 4 + FIELDS * FIELD_DEPTH
        cards = t.card
        self.level = max(1, *(c.level for c in cards))
        self.vp = max(1, *(c.vp for c in cards))
        self.stacked = max(1, *(c.stacked_vp for c in cards))
        self.strength = max(1, *(c.strength for c in cards))
        self.artisans = max(1, *(c.artisans for c in cards))
        self.cost_n = max(1, *(c.cost_n for c in cards))
        self.cost_m = max(1, *(c.cost_m for c in cards))
        self.enemy_strength = max(1, *(c.enemy_strength for c in cards))
        self.enemy_vp = max(1, *(c.enemy_vp for c in cards))


@functools.lru_cache(maxsize=64)
def _spec(options: Options) -> _Spec:
    return _Spec(options)


def _card_labels(t: Table) -> tuple[str, ...]:
    return tuple(f"#{c} {t.card[c].name}" for c in range(t.n_cards))


@functools.lru_cache(maxsize=64)
def observation_layout(options: Options) -> Layout:
    """[SR-3] The segments of the tensor for games with ``options``."""
    s = _spec(options)
    cards = _card_labels(s.t)
    goods = tuple(g.label for g in GOODS)
    segments = (
        Segment("seat", (("Han Dynasty", "Roman Empire"),), "1 for the Empire you play"),
        Segment(
            "game",
            (
                (
                    f"round / {options.round_limit}",
                    "co-op game",
                    "co-op goals met",
                    f"Crossroads draw pile / {s.n}",
                    "truncated by the safeguard",
                ),
            ),
            "the value named",
        ),
        Segment("step", (tuple(x.value for x in _STEPS),), "1 for the active player's phase"),
        Segment("active", (_SIDES,), "1 for the player whose turn it is"),
        Segment("first", (_SIDES,), "1 for the player who went first"),
        Segment(
            "sides",
            (
                _SIDES,
                (
                    "VP / (VP + 20)",
                    "artisans / (artisans + 4)",
                    f"draw pile / {s.n}",
                    f"cards known on top of the draw pile to you / {s.n}",
                    f"cards known on top of the draw pile to the opponent / {s.n}",
                    *(f"supply: {g} / (n + 4)" for g in goods),
                    *(f"shipment: {g} / (n + 4)" for g in goods),
                ),
            ),
            "the value named",
        ),
        Segment(
            "caravans",
            (
                _SIDES,
                _ROUTES,
                (
                    "present",
                    f"spaces travelled / {ROUTE_LENGTH - 1}",
                    *(f"{g} / (n + 2)" for g in goods),
                ),
            ),
            "the caravan on that trade route: the value named",
        ),
        Segment("card_zone", (cards, s.zones), "1 for the zone the card is in"),
        Segment(
            "draw_knowledge",
            (
                cards,
                (
                    f"(place from the top + 1) / {s.n}, for a card known on top of a draw pile",
                    "1 for a card of your draw pile the opponent never saw",
                ),
            ),
            "what you know of the card in a draw pile: the value named",
        ),
        Segment(
            "card_index",
            (cards,),
            f"the card's place in its pile or row / {s.n} (oldest discard, leftmost "
            "Crossroads card = 0)",
        ),
        Segment(
            "crossroads",
            (
                tuple(f"position {k + 1}" for k in range(CROSSROADS)),
                (
                    "present",
                    *(f"type: {x.value}" for x in _TYPES),
                    f"level / {s.level}",
                    f"VP / {s.vp}",
                    f"stacked VP / {s.stacked}",
                    f"strength / {s.strength}",
                    f"artisans to build / {s.artisans}",
                    f"goods per type to buy / {s.cost_n}",
                    f"goods types to buy / {s.cost_m}",
                    *(f"payable in {g}" for g in goods),
                    f"Enemy strength / {s.enemy_strength}",
                    f"Enemy VP / {s.enemy_vp}",
                ),
            ),
            "the face-up card's printed value named",
        ),
        Segment(
            "turn",
            (
                (
                    f"production points left: pp / (pp + {PRODUCTION_POINTS})",
                    *(f"readied {name}: n / (n + 2)" for name in _TURN_COUNTS),
                    "trade action taken",
                    "an Enemy defeated",
                ),
            ),
            "the active player's turn so far: the value named",
        ),
        Segment("turn_used", (cards,), "1 if the card's ability was used this round"),
        Segment(
            "pending_kind",
            ((*(k.value for k in _PENDING), "none"),),
            "1 for the kind of decision waited for",
        ),
        Segment(
            "pending_card",
            ((*cards, "none"),),
            "1 for the card the decision concerns",
        ),
        Segment(
            "pending_values",
            (
                (
                    "count (types to pay, room, cards left, goods an attack takes, cards "
                    "a Governor may move) / (n + 4)",
                    "n (goods per type, goods loaded) / (n + 4)",
                    "smith stand-ins left / (n + 2)",
                    "built for free",
                    f"General cards hidden from you / {GENERAL_CARDS}",
                ),
            ),
            "the value named",
        ),
        Segment("pending_paid", (goods,), "1 for each goods type already paid"),
        Segment("pending_routes", (_ROUTES,), "1 for each route the decision concerns"),
        Segment(
            "pending_fields",
            (tuple(f"field {f + 1}" for f in range(FIELDS)),),
            "1 for each field a Governor's first move touched",
        ),
        Segment(
            "pending_shown",
            (tuple(f"shown card {k + 1}" for k in range(GENERAL_CARDS)), cards),
            "1 for the card a General shows you, in order",
        ),
        Segment(
            "attacks",
            (tuple(f"attack {k + 1}" for k in range(CROSSROADS)), cards),
            "1 for the Enemy still to attack this phase 3, in order",
        ),
    )
    return Layout(segments)


def _zones(s: _Spec, obs: Observation) -> tuple[list[int], list[int]]:
    zone = [len(s.zones) - 1] * s.n
    place = [0] * s.n
    for r, q in enumerate((obs.player, 1 - obs.player)):
        view = obs.players[q]
        base = r * s.per_side
        for c in view.draw_cards:
            zone[c] = base
        for i, c in enumerate(view.discard):
            zone[c], place[c] = base + 1, i
        for i, c in enumerate(view.empire):
            zone[c], place[c] = base + 2, i
        for f, field in enumerate(view.fields):
            for d, c in enumerate(field):
                zone[c] = base + 3 + f * FIELD_DEPTH + d
        for i, c in enumerate(view.defeated):
            zone[c], place[c] = base + 3 + FIELDS * FIELD_DEPTH, i
    shared = 2 * s.per_side
    for i, c in enumerate(obs.crossroads):
        zone[c], place[c] = shared, i
    for i, c in enumerate(obs.cross_discard):
        zone[c], place[c] = shared + 1, i
    if obs.pending is not None:
        for i, c in enumerate(obs.pending.cards):
            if c != HIDDEN:
                zone[c], place[c] = shared + 2, i
    for c in obs.cross_known:
        zone[c] = shared + 3
    return zone, place


def observation_tensor(observation: Observation) -> npt.NDArray[np.float32]:
    """[SR-3] The observation as a ``float32`` vector in [0, 1] (see
    :func:`observation_layout`)."""
    obs = observation
    options = obs.options
    s = _spec(options)
    layout = observation_layout(options)
    me, other = obs.player, 1 - obs.player
    rel = {me: 0, other: 1}
    parts: dict[str, list[float]] = {
        "seat": one_hot(me, 2),
        "game": [
            obs.round / options.round_limit,
            float(options.coop),
            float(obs.coop_won),
            obs.cross_pile_size / s.n,
            float(obs.truncated),
        ],
        "step": one_hot(_STEPS.index(obs.step), len(_STEPS)),
        "active": one_hot(rel[obs.active], 2),
        "first": one_hot(rel[obs.first], 2),
    }
    sides: list[float] = []
    caravans: list[float] = []
    for q in (me, other):
        view = obs.players[q]
        sides += [_squash(view.vp, 20), _squash(view.artisans, 4), view.draw_size / s.n]
        sides += [view.known_top[me] / s.n, view.known_top[other] / s.n]
        sides += [_squash(x, 4) for x in view.supply]
        sides += [_squash(x, 4) for x in view.shipment]
        by_route = {c.route: c for c in view.caravans}
        for route in range(1, MAX_CARAVANS + 1):
            caravan = by_route.get(route)
            if caravan is None:
                caravans += [0.0] * (2 + len(GOODS))
            else:
                caravans += [1.0, caravan.position / (ROUTE_LENGTH - 1)]
                caravans += [_squash(x, 2) for x in caravan.goods]
    parts["sides"] = sides
    parts["caravans"] = caravans
    zone, place = _zones(s, obs)
    card_zone = layout.zeros("card_zone")
    width = len(s.zones)
    for c in range(s.n):
        card_zone[c * width + zone[c]] = 1.0
    parts["card_zone"] = card_zone
    parts["card_index"] = [x / s.n for x in place]
    knowledge = layout.zeros("draw_knowledge")
    for view in obs.players:
        for i, c in enumerate(view.top):
            knowledge[2 * c] = (i + 1) / s.n
        for c in view.secret:
            knowledge[2 * c + 1] = 1.0
    parts["draw_knowledge"] = knowledge
    if len(obs.crossroads) > CROSSROADS:
        raise StateError(f"the Serica tensor shows {CROSSROADS} Crossroads cards")
    row: list[float] = []
    for k in range(CROSSROADS):
        row += _crossroads_card(s, obs.crossroads[k] if k < len(obs.crossroads) else None)
    parts["crossroads"] = row
    turn = obs.turn
    parts["turn"] = [
        _squash(turn.pp, PRODUCTION_POINTS),
        _squash(turn.defense, 2),
        _squash(turn.outpost, 2),
        *(_squash(turn.count(a), 2) for a in _READIED),
        float(turn.traded),
        float(turn.defended),
    ]
    used = layout.zeros("turn_used")
    for c in turn.used:
        used[c] = 1.0
    parts["turn_used"] = used
    parts.update(_pending(s, obs, layout))
    if len(obs.attacks) > CROSSROADS:
        raise StateError(f"the Serica tensor shows {CROSSROADS} attacks")
    attacks = layout.zeros("attacks")
    for k, c in enumerate(obs.attacks):
        attacks[k * s.n + c] = 1.0
    parts["attacks"] = attacks
    return layout.pack(parts)


#: Entries per Crossroads position (see the ``crossroads`` segment).
_CARD_VALUES = 1 + len(_TYPES) + 7 + len(GOODS) + 2


def _crossroads_card(s: _Spec, card: int | None) -> list[float]:
    if card is None:
        return [0.0] * _CARD_VALUES
    d = s.t.card[card]
    return [
        1.0,
        *one_hot(_TYPES.index(d.type), len(_TYPES)),
        d.level / s.level,
        d.vp / s.vp,
        d.stacked_vp / s.stacked,
        d.strength / s.strength,
        d.artisans / s.artisans,
        d.cost_n / s.cost_n,
        d.cost_m / s.cost_m,
        *(float(g in d.goods) for g in GOODS),
        d.enemy_strength / s.enemy_strength,
        d.enemy_vp / s.enemy_vp,
    ]


def _pending(s: _Spec, obs: Observation, layout: Layout) -> dict[str, list[float]]:
    pending = obs.pending
    if pending is None:
        return {
            "pending_kind": one_hot(len(_PENDING), len(_PENDING) + 1),
            "pending_card": one_hot(s.n, s.n + 1),
            "pending_values": layout.zeros("pending_values"),
            "pending_paid": layout.zeros("pending_paid"),
            "pending_routes": layout.zeros("pending_routes"),
            "pending_fields": layout.zeros("pending_fields"),
            "pending_shown": layout.zeros("pending_shown"),
        }
    if len(pending.cards) > GENERAL_CARDS:
        raise StateError(f"the Serica tensor shows {GENERAL_CARDS} cards of a General")
    paid = layout.zeros("pending_paid")
    for g in pending.paid:
        paid[g] = 1.0
    routes = layout.zeros("pending_routes")
    fields = layout.zeros("pending_fields")
    for route in pending.routes:  # a Governor's are fields
        (fields if pending.kind is PendingKind.GOVERNOR else routes)[route - 1] = 1.0
    shown = layout.zeros("pending_shown")
    for k, c in enumerate(pending.cards):
        if c != HIDDEN:
            shown[k * s.n + c] = 1.0
    hidden = sum(1 for c in pending.cards if c == HIDDEN)
    return {
        "pending_kind": one_hot(_PENDING.index(pending.kind), len(_PENDING) + 1),
        "pending_card": one_hot(s.n if pending.card < 0 else pending.card, s.n + 1),
        "pending_values": [
            _squash(pending.count, 4),
            _squash(pending.n, 4),
            _squash(pending.smith, 2),
            float(pending.free),
            hidden / GENERAL_CARDS,
        ],
        "pending_paid": paid,
        "pending_routes": routes,
        "pending_fields": fields,
        "pending_shown": shown,
    }
