"""[SR-6] A heuristic evaluation of a Serica state, for agents.

``evaluate(state, player)`` is ``player``'s potential minus the other player's, in
victory points. A player's potential is their VP now plus what predicts VP to come:

* **caravans en route** [SR-5.3]: the 2 VP of an arrival plus the value of the goods
  carried, discounted by the spaces still to travel, and further when a Crossroads
  Chieftain will take a caravan in the next phase 3 [SR-8.5];
* **trade goods** [SR-5.1]: own goods in supply at half their shipping value (they fill
  the next caravan or pay for a card), goods bought from the other player less;
* **artisans** [SR-5.2]: more while they are needed to build the Empire's cards;
* **cards owned but not built** (draw pile, discard pile, Empire): most of their VP,
  since each is a build to come, plus a little for their ability (nothing for an Enemy
  a City took, which is never built): a search sees the payment that follows a buy, and
  with less than that it stops buying (docs/agents.md, "Serica");
* **progress to the end** [SR-6]: each built card counts extra and each card missing to
  own ten counts against, so that building and buying are worth their goods;
* **defensive strength** [SR-5.2]: built strength defeats Enemies;
* **production points** [SR-5.1]: points still to spend in the player's phase 1, so that
  an artisan and a good are compared per point;
* **shipment** [SR-5.3]: goods waiting to be imported for 1 PP each.

Once the game is over the evaluation is the exact VP margin. In the co-op game [SR-7]
both players share one value: the combined potential plus progress towards the two
goals (Han's Military and Rome's Court cards), less for goal cards that no longer fit
in the fields; once both goals are met, every card left in the Crossroads pile counts
against (the game is won when it runs out); a won game is worth its result. The
function reads the whole state (agents call it on determinized states only).
"""

from __future__ import annotations

from operator import mul

import attrs

from silkroad.core.errors import RulesError
from silkroad.core.game import with_every_player
from silkroad.core.memo import LastValue
from silkroad.serica.cards import GOOD_VALUE, HAN, OWN_GOODS, ROME, Ability, CardType
from silkroad.serica.state import (
    BUILT_TO_END,
    CARAVAN_SIZE,
    COOP_GOAL,
    FIELD_DEPTH,
    PRODUCTION_POINTS,
    ROUTE_LENGTH,
    Options,
    State,
    Step,
)
from silkroad.serica.table import table
from silkroad.serica.vocabulary import ABILITIES, ABILITY_VP

__all__ = ["ability_worth", "evaluate", "evaluate_all"]

# The enum members read here, as module globals: on Python 3.11 a read through the
# class passes EnumType.__getattr__'s slot hook (silkroad.serica.rules says what that
# costs). ``_STEP_OVER`` is ``Step.OVER``, and so on.
_ABILITY_CHIEFTAIN = Ability.CHIEFTAIN
_ABILITY_LABORER = Ability.LABORER
_CARD_TYPE_COURT = CardType.COURT
_CARD_TYPE_ENEMY = CardType.ENEMY
_CARD_TYPE_MILITARY = CardType.MILITARY
_STEP_OVER = Step.OVER
_STEP_PRODUCE = Step.PRODUCE

#: VP per caravan on arrival besides its goods [SR-5.3].
ARRIVAL_VP = 2
#: Share of a caravan's arrival VP counted at the start of its route, and per space.
CARAVAN_START = 0.55
CARAVAN_PER_SPACE = 0.1
#: Share of an own good's shipping value counted while it is in the supply.
OWN_GOOD_SHARE = 0.5
#: VP per good of the other player's kind in the supply, and per good in the shipment.
OTHER_GOOD_VP = 0.4
SHIPMENT_VP = 0.15
#: Share of the caravans' value a Crossroads Chieftain takes (per Chieftain and caravan).
CHIEFTAIN_LOSS = 0.7
#: VP per artisan while the Empire's cards need them, and per artisan beyond.
ARTISAN_VP = 0.6
SPARE_ARTISAN_VP = 0.1
#: Share of an owned, unbuilt card's VP counted; its ability's worth is the ability's
#: record's (:data:`silkroad.serica.vocabulary.ABILITIES`, ``worth``).
CARD_VP_SHARE = 0.8
#: The flat worth most abilities have (kept under this name; the records hold it).
CARD_ABILITY_VP = ABILITY_VP
#: VP counted per built card (progress to the ten-card end) and per card missing to own
#: ten, built or not.
BUILT_CARD_VP = 1.0
MISSING_CARD_VP = 1.5
#: VP per point of built defensive strength.
STRENGTH_VP = 0.3
#: VP per production point left in the active player's phase 1. In the competitive game
#: the other player counts half a turn's points, so that ending a turn gains nothing
#: by itself; in the co-op game each turn begun costs a turn's points instead.
POINT_VP = 0.4
#: Co-op: VP counted per card built towards a goal, against per goal card that no longer
#: fits in its player's fields, and against per card left in the Crossroads pile once
#: both goals are met.
GOAL_CARD_VP = 4.0
NO_ROOM_VP = 6.0
PILE_CARD_VP = 1.0


def ability_worth(ability: Ability) -> float:
    """[SR-8] The VP counted for ``ability`` on a card owned and not built, from its
    record (:data:`silkroad.serica.vocabulary.ABILITIES`).

    :raises RulesError: for an ability whose record gives the evaluation no value: it is
        not counted as 0.
    """
    worth = ABILITIES[ability].worth
    if worth is None:
        raise RulesError(
            f"Serica's evaluation has no worth for the {ability.value} ability: give its "
            "record in silkroad.serica.vocabulary a worth"
        )
    return worth


@attrs.frozen
class _Weights:
    """What every evaluation under one card table reads per card id, worked out once:
    its worth owned but not built (none for an Enemy a City took: it is never built
    and has no ability in the Empire), its worth built (its strength's), the artisans
    it needs, whether it is an Enemy, a Crossroads Chieftain, a Military card or a
    Court card. With them, :data:`_SHARES` and :data:`_OWN_RATES`, and comparisons
    instead of ``min``/``max`` calls, the same sums (in the same order, so the very
    same floats) cost 75.5k instructions an ``evaluate_all`` instead of 121.9k over the
    states the benchmark's searches evaluate (173.4k to 99.8k in the co-op game), and
    an ISMCTS iteration of those searches (``benchmarks/instructions.py serica
    --ismcts``) 1217.1k instead of 1260.6k (co-op: 1335.1k instead of 1404.7k)."""

    owned: tuple[float, ...]
    built: tuple[float, ...]
    artisans: tuple[int, ...]
    enemy: tuple[bool, ...]
    chieftain: tuple[bool, ...]
    military: tuple[bool, ...]
    court: tuple[bool, ...]


#: The last options evaluated and the weights of their table (options are immutable;
#: keyed by identity while the memo holds them, so it never answers for other ones).
_LAST_WORTHS = LastValue[Options, "_Weights | None"](
    "Serica: the evaluation's card weights of the last options", None
)


def _weights(options: Options) -> _Weights:
    last, weights = _LAST_WORTHS.pair
    if last is options and weights is not None:
        return weights
    card = table(options).card
    weights = _Weights(
        owned=tuple(
            0.0 if c.type is _CARD_TYPE_ENEMY else CARD_VP_SHARE * c.vp + ability_worth(c.ability)
            for c in card
        ),
        built=tuple(STRENGTH_VP * c.strength for c in card),
        artisans=tuple(c.artisans for c in card),
        enemy=tuple(c.type is _CARD_TYPE_ENEMY for c in card),
        chieftain=tuple(c.ability is _ABILITY_CHIEFTAIN for c in card),
        military=tuple(c.type is _CARD_TYPE_MILITARY for c in card),
        court=tuple(c.type is _CARD_TYPE_COURT for c in card),
    )
    _LAST_WORTHS.pair = (options, weights)
    return weights


#: Per position on a route, the share of a caravan's arrival VP counted.
_SHARES = tuple(CARAVAN_START + CARAVAN_PER_SPACE * k for k in range(ROUTE_LENGTH + 1))
#: Per seat and good, the VP per own good in the supply (its share of the shipping
#: value), 0.0 for a good of the other player's kind (:data:`OTHER_GOOD_VP` each).
_OWN_RATES = tuple(
    tuple(
        OWN_GOOD_SHARE * value if g in OWN_GOODS[p] else 0.0 for g, value in enumerate(GOOD_VALUE)
    )
    for p in (HAN, ROME)
)
#: The most own goods of one kind counted: two caravans' worth.
_MOST_GOODS = 2 * CARAVAN_SIZE


def _potential(state: State, w: _Weights, p: int, chiefs: int) -> float:
    """``p``'s VP now plus what predicts VP to come; ``chiefs`` is the number of
    Crossroads Chieftains in the row."""
    me = state.players[p]
    value = float(me.vp)
    caravans = me.caravans
    if caravans:
        keep = 1.0 - CHIEFTAIN_LOSS * chiefs / len(caravans)
        if not keep > 0.0:
            keep = 0.0
        for caravan in caravans:
            arrival = ARRIVAL_VP + sum(map(mul, caravan.goods, GOOD_VALUE))
            at = caravan.position
            value += arrival * _SHARES[at if at < ROUTE_LENGTH else ROUTE_LENGTH] * keep
    for rate, n in zip(_OWN_RATES[p], me.supply, strict=True):
        if n:
            if rate:
                value += rate * (n if n < _MOST_GOODS else _MOST_GOODS)
            else:
                value += OTHER_GOOD_VP * n
    value += SHIPMENT_VP * sum(me.shipment)
    needed = 0
    artisans = w.artisans
    for c in me.empire:
        needed += artisans[c]
    have = me.artisans
    value += ARTISAN_VP * (have if have < needed else needed)
    value += SPARE_ARTISAN_VP * (have - needed if have > needed else 0)
    worth = w.owned
    enemy = w.enemy
    owned = 0
    for pile in (me.draw, me.discard, me.empire):
        owned += len(pile)
        for c in pile:
            value += worth[c]
            if enemy[c]:  # an Enemy is no card to build
                owned -= 1
    worth = w.built
    built = 0
    for field in me.fields:
        built += len(field)
        for c in field:
            value += worth[c]
    missing = BUILT_TO_END - built - owned
    value += BUILT_CARD_VP * built - MISSING_CARD_VP * (missing if missing > 0 else 0)
    if p == state.active:
        if state.step is _STEP_PRODUCE:
            value += POINT_VP * (state.turn.pp + state.turn.count(_ABILITY_LABORER))
    elif not state.options.coop:
        value += POINT_VP * PRODUCTION_POINTS / 2
    return value


def _chieftains(state: State, w: _Weights) -> int:
    """[SR-8.5] The Crossroads Chieftains in the row."""
    chieftain = w.chieftain
    chiefs = 0
    for c in state.crossroads:
        if chieftain[c]:
            chiefs += 1
    return chiefs


def _coop_extra(state: State, w: _Weights) -> float:
    """[SR-7] Goal progress, goal cards without room, the pile once the goals are met,
    and the production points of the turns begun."""
    goals = ((HAN, w.military), (ROME, w.court))
    have = [0, 0]
    room = [0, 0]
    for p, goal in goals:
        for field in state.players[p].fields:
            room[p] += FIELD_DEPTH - len(field)
            for c in field:
                if goal[c]:
                    have[p] += 1
    met = [n if n < COOP_GOAL else COOP_GOAL for n in have]
    value = GOAL_CARD_VP * (met[HAN] + met[ROME])
    for p, _ in goals:
        short = COOP_GOAL - met[p] - room[p]
        value -= NO_ROOM_VP * (short if short > 0 else 0)
    if state.coop_won:
        value -= PILE_CARD_VP * len(state.cross_pile)
    turns = 2 * state.round + (state.active != state.first)
    return value - POINT_VP * PRODUCTION_POINTS * turns


def evaluate(state: State, player: int) -> float:
    """[SR-6] ``player``'s potential minus the other player's, in VP (the exact VP
    margin once the game is over); [SR-7] in the co-op game, the shared value."""
    vp = (state.players[0].vp, state.players[1].vp)
    over = state.step is _STEP_OVER
    if state.options.coop:
        if over:
            won = state.coop_won and not state.truncated
            return vp[0] + vp[1] + (2 * COOP_GOAL * GOAL_CARD_VP if won else 0.0)
        w = _weights(state.options)
        chiefs = _chieftains(state, w)
        return (
            _potential(state, w, 0, chiefs)
            + _potential(state, w, 1, chiefs)
            + _coop_extra(state, w)
        )
    if over:
        return float(vp[player] - vp[1 - player])
    w = _weights(state.options)
    chiefs = _chieftains(state, w)
    return _potential(state, w, player, chiefs) - _potential(state, w, 1 - player, chiefs)


def evaluate_all(state: State) -> tuple[float, ...]:
    """[SR-6] [SR-7] :func:`evaluate` for both players at once (each potential computed
    once)."""
    if state.options.coop or state.step is _STEP_OVER:
        value = evaluate(state, 0)
        return (value, value if state.options.coop else -value)
    w = _weights(state.options)
    chiefs = _chieftains(state, w)
    han, rome = _potential(state, w, 0, chiefs), _potential(state, w, 1, chiefs)
    return (han - rome, rome - han)


with_every_player(evaluate, evaluate_all)
