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
    State,
    Step,
)
from silkroad.serica.table import Table, table
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


#: The last card table read and its card worths (tables are immutable; keyed by
#: identity while the memo holds the table, so it never answers for another one).
_LAST_WORTHS = LastValue[Table, tuple[tuple[float, ...], tuple[float, ...]]](
    "Serica: the card worths of the last table", ((), ())
)


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


def _card_worths(t: Table) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per card id: its worth owned but not built (none for an Enemy a City took: it
    is never built and has no ability in the Empire), and built (its strength's worth)."""
    last, worths = _LAST_WORTHS.pair
    if last is not t:
        worths = (
            tuple(
                0.0
                if c.type is _CARD_TYPE_ENEMY
                else CARD_VP_SHARE * c.vp + ability_worth(c.ability)
                for c in t.card
            ),
            tuple(STRENGTH_VP * c.strength for c in t.card),
        )
        _LAST_WORTHS.pair = (t, worths)
    return worths


def _potential(state: State, t: Table, p: int) -> float:
    me = state.players[p]
    card = t.card
    value = float(me.vp)
    keep = 1.0
    if me.caravans:
        chiefs = sum(1 for c in state.crossroads if t.ability[c] is _ABILITY_CHIEFTAIN)
        keep = max(0.0, 1.0 - CHIEFTAIN_LOSS * chiefs / len(me.caravans))
    for caravan in me.caravans:
        arrival = ARRIVAL_VP + sum(n * GOOD_VALUE[g] for g, n in enumerate(caravan.goods))
        share = CARAVAN_START + CARAVAN_PER_SPACE * min(caravan.position, ROUTE_LENGTH)
        value += arrival * share * keep
    own = OWN_GOODS[p]
    supply = me.supply
    for g, n in enumerate(supply):
        if n:
            if g in own:
                value += OWN_GOOD_SHARE * GOOD_VALUE[g] * min(n, 2 * CARAVAN_SIZE)
            else:
                value += OTHER_GOOD_VP * n
    value += SHIPMENT_VP * sum(me.shipment)
    needed = sum(card[c].artisans for c in me.empire)
    value += ARTISAN_VP * min(me.artisans, needed)
    value += SPARE_ARTISAN_VP * max(0, me.artisans - needed)
    owned_worth, built_worth = _card_worths(t)
    owned = 0
    enemy = t.enemy
    for pile in (me.draw, me.discard, me.empire):
        owned += len(pile)
        for c in pile:
            value += owned_worth[c]
            if enemy[c]:  # an Enemy is no card to build
                owned -= 1
    built = 0
    for field in me.fields:
        built += len(field)
        for c in field:
            value += built_worth[c]
    value += BUILT_CARD_VP * built - MISSING_CARD_VP * max(0, BUILT_TO_END - built - owned)
    if p == state.active:
        if state.step is _STEP_PRODUCE:
            value += POINT_VP * (state.turn.pp + state.turn.count(_ABILITY_LABORER))
    elif not state.options.coop:
        value += POINT_VP * PRODUCTION_POINTS / 2
    return value


def _goal_progress(state: State, t: Table) -> int:
    card = t.card
    han = sum(
        1 for f in state.players[HAN].fields for c in f if card[c].type is _CARD_TYPE_MILITARY
    )
    rome = sum(1 for f in state.players[ROME].fields for c in f if card[c].type is _CARD_TYPE_COURT)
    return min(han, COOP_GOAL) + min(rome, COOP_GOAL)


def _coop_extra(state: State, t: Table) -> float:
    """[SR-7] Goal progress, goal cards without room, the pile once the goals are met,
    and the production points of the turns begun."""
    card = t.card
    value = GOAL_CARD_VP * _goal_progress(state, t)
    for p, kind in ((HAN, _CARD_TYPE_MILITARY), (ROME, _CARD_TYPE_COURT)):
        fields = state.players[p].fields
        have = sum(1 for f in fields for c in f if card[c].type is kind)
        room = sum(FIELD_DEPTH - len(f) for f in fields)
        value -= NO_ROOM_VP * max(0, COOP_GOAL - min(have, COOP_GOAL) - room)
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
        t = table(state.options)
        return _potential(state, t, 0) + _potential(state, t, 1) + _coop_extra(state, t)
    if over:
        return float(vp[player] - vp[1 - player])
    t = table(state.options)
    return _potential(state, t, player) - _potential(state, t, 1 - player)


def evaluate_all(state: State) -> tuple[float, ...]:
    """[SR-6] [SR-7] :func:`evaluate` for both players at once (each potential computed
    once)."""
    if state.options.coop or state.step is _STEP_OVER:
        value = evaluate(state, 0)
        return (value, value if state.options.coop else -value)
    t = table(state.options)
    han, rome = _potential(state, t, 0), _potential(state, t, 1)
    return (han - rome, rome - han)


with_every_player(evaluate, evaluate_all)
