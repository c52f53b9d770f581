"""[SR-6] A heuristic evaluation of a Serica state, for agents.

``evaluate(state, player)`` is ``player``'s potential minus the other player's, in
victory points. A player's potential is their VP now plus what predicts VP to come:

* **caravans en route** [SR-5.3]: the 2 VP of an arrival plus the value of the goods
  carried, discounted by the spaces still to travel (an Enemy may still strike);
* **trade goods** [SR-5.1]: own goods in supply at half their shipping value (they fill
  the next caravan or pay for a card), goods bought from the other player less;
* **artisans** [SR-5.2]: the build cost of the cards to come;
* **cards owned but not built** (draw pile, discard pile, Empire): part of their VP,
  since each is a build to come, plus a little for their ability;
* **shipment** [SR-5.3]: goods waiting to be imported for 1 PP each.

Once the game is over the evaluation is the exact VP margin. In the co-op game [SR-7]
both players share one value: the combined potential plus progress towards the two
goals (Han's Military and Rome's Court cards), and a finished game is worth its result.
The function reads the whole state (agents call it on determinized states only).
"""

from __future__ import annotations

from silkroad.serica.cards import GOOD_VALUE, HAN, OWN_GOODS, ROME, CardType
from silkroad.serica.state import (
    CARAVAN_SIZE,
    COOP_GOAL,
    ROUTE_LENGTH,
    State,
    Step,
    Table,
    table_of,
)

__all__ = ["evaluate"]

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
#: VP per artisan.
ARTISAN_VP = 0.2
#: Share of an owned, unbuilt card's VP counted, and a flat worth for its ability.
CARD_VP_SHARE = 0.3
CARD_ABILITY_VP = 0.2
#: Co-op: VP counted per card built towards a goal.
GOAL_CARD_VP = 4.0


def _potential(state: State, t: Table, p: int) -> float:
    me = state.players[p]
    value = float(me.vp)
    for caravan in me.caravans:
        arrival = ARRIVAL_VP + sum(n * GOOD_VALUE[g] for g, n in enumerate(caravan.goods))
        share = CARAVAN_START + CARAVAN_PER_SPACE * min(caravan.position, ROUTE_LENGTH)
        value += arrival * share
    own = OWN_GOODS[p]
    supply = me.supply
    for g, n in enumerate(supply):
        if n:
            if g in own:
                value += OWN_GOOD_SHARE * GOOD_VALUE[g] * min(n, 2 * CARAVAN_SIZE)
            else:
                value += OTHER_GOOD_VP * n
    value += SHIPMENT_VP * sum(me.shipment)
    value += ARTISAN_VP * me.artisans
    card = t.card
    for pile in (me.draw, me.discard, me.empire):
        for c in pile:
            value += CARD_VP_SHARE * card[c].vp + CARD_ABILITY_VP
    return value


def _goal_progress(state: State, t: Table) -> int:
    card = t.card
    han = sum(1 for f in state.players[HAN].fields for c in f if card[c].type is CardType.MILITARY)
    rome = sum(1 for f in state.players[ROME].fields for c in f if card[c].type is CardType.COURT)
    return min(han, COOP_GOAL) + min(rome, COOP_GOAL)


def evaluate(state: State, player: int) -> float:
    """[SR-6] ``player``'s potential minus the other player's, in VP (the exact VP
    margin once the game is over); [SR-7] in the co-op game, the shared value."""
    vp = (state.players[0].vp, state.players[1].vp)
    over = state.step is Step.OVER
    if state.options.coop:
        if over:
            won = 2 * COOP_GOAL * GOAL_CARD_VP if state.coop_won else 0.0
            return vp[0] + vp[1] + won
        t = table_of(state.options)
        progress = GOAL_CARD_VP * _goal_progress(state, t)
        return _potential(state, t, 0) + _potential(state, t, 1) + progress
    if over:
        return float(vp[player] - vp[1 - player])
    t = table_of(state.options)
    return _potential(state, t, player) - _potential(state, t, 1 - player)
