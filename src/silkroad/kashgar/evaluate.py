"""[KG-6] A heuristic evaluation of a Kashgar state, for agents.

``evaluate(state, player)`` is ``player``'s potential minus the best potential among the
other players, in victory points. A player's potential is their VP now plus what
predicts VP to come:

* **orders within reach**: for the two face-up orders the player is closest to, their
  VP times how much of the cost and of the mule requirement the tracks already cover
  (squared, so an order nearly paid for counts far more than a half-paid one), weighted
  by whether the caravans hold a card that can fulfil orders at all;
* **resources**: every spice and gold unit, and mules up to 5 (the most any order needs
  besides the 6-mule cap), for orders still to come;
* **caravan quality**: a fixed worth per person card in the caravans, from its actions
  (fulfilling orders above all, then drawing cards and raising tracks), computed once
  per card table.

Once the game is over the evaluation is the exact score margin. The function reads the
whole state (agents call it on determinized states only) and costs a few microseconds.
"""

from __future__ import annotations

import functools

import attrs
from pyrsistent.typing import PVector

from silkroad.core.errors import DataError
from silkroad.core.game import with_every_player
from silkroad.core.memo import LastValue
from silkroad.kashgar.cards import Action, Amounts, Face, Op
from silkroad.kashgar.rules import points, turned_frozenset
from silkroad.kashgar.state import PLAYER_COUNTS, Options, State
from silkroad.kashgar.table import Table, table
from silkroad.kashgar.vocabulary import EFFECTS

__all__ = ["evaluate", "evaluate_all"]

#: VP per spice or gold unit on a track.
RESOURCE_VP = 0.12
#: VP per mule, up to ``USEFUL_MULES``.
MULE_VP = 0.2
USEFUL_MULES = 5
#: Share of a reachable order's VP counted for the closest and the next order.
BEST_ORDER = 0.45
NEXT_ORDER = 0.15
#: Share of the order term kept when no card in the caravans can fulfil orders.
NO_FULFILLER = 0.4
#: Share of a card's action worth counted as VP.
CARD_WORTH = 0.45
_PARTING_SHARE = 0.5
_MULES = 6


def _action_worth(action: Action) -> float:
    """What an action's effects are worth, each by its record's ``worth``
    (:data:`~silkroad.kashgar.vocabulary.EFFECTS`): every effect has one."""
    worth = 0.0
    for eff in action.effects:
        try:
            words = EFFECTS[eff.op]
        except KeyError:
            raise DataError(
                f"the evaluation has no worth for an effect of kind {eff.op!r:.60}",
                field="op",
            ) from None
        worth += words.worth(eff)
    return worth


def _face_worth(face: Face) -> tuple[float, bool]:
    caravan = max((_action_worth(a) for a in face.caravan), default=0.0)
    parting = max((_action_worth(a) for a in face.parting), default=0.0)
    fulfils = any(e.op is Op.FULFILL for a in face.caravan for e in a.effects) or any(
        e.op is Op.FULFILL for a in face.parting for e in a.effects
    )
    return CARD_WORTH * (caravan + _PARTING_SHARE * parting), fulfils


@functools.lru_cache(maxsize=16)
def _card_worth(
    options: Options,
) -> tuple[tuple[float, ...], tuple[bool, ...], tuple[float, ...], tuple[bool, ...]]:
    """Per card id: (front worth, front fulfils, back worth, back fulfils)."""
    t = table(options)
    fw: list[float] = []
    ff: list[bool] = []
    bw: list[float] = []
    bf: list[bool] = []
    for card in range(t.n):
        front = t.front[card]
        if front is None:  # an order
            fw.append(0.0)
            ff.append(False)
            bw.append(0.0)
            bf.append(False)
            continue
        w, f = _face_worth(front)
        fw.append(w)
        ff.append(f)
        back = t.back[card]
        if back is None:
            bw.append(w)
            bf.append(f)
        else:
            w2, f2 = _face_worth(back)
            bw.append(w2)
            bf.append(f2)
    return tuple(fw), tuple(ff), tuple(bw), tuple(bf)


#: An order card's terms for the evaluation: VP, mules, total cost, and the
#: (track, amount) pairs of its cost.
_OrderTerms = tuple[int, int, int, tuple[tuple[int, int], ...]]


#: A person card's side for the evaluation: its VP, its worth, whether it can fulfil
#: orders (all zero for an order card).
_Side = tuple[int, float, bool]


@attrs.frozen(eq=False)
class _Kit:
    """What every evaluation of one card table reads: the table; per card id the
    :data:`_Side` of its front and of the side it shows turned over, and the VP per
    grain-field order of both sides (at index ``False`` and ``True``: whether it is
    turned); and the order terms (per card id; None for a person card)."""

    table: Table
    front: tuple[_Side, ...]
    back: tuple[_Side, ...]
    grain_vp: tuple[tuple[int, int], ...]
    orders: tuple[_OrderTerms | None, ...]


#: The options of the last evaluation and their kit (options are immutable; keyed by
#: identity while the memo holds them, so it never answers for other options).
_LAST_KIT = LastValue[Options, "_Kit | None"](
    "Kashgar: the evaluation kit of the last options", None
)


def _kit(options: Options) -> _Kit:
    last, kit = _LAST_KIT.pair
    if last is options and kit is not None:
        return kit
    t = table(options)
    orders: list[_OrderTerms | None] = []
    for od in t.order:
        if od is None:
            orders.append(None)
            continue
        cost = tuple((i, c) for i, c in enumerate(od.cost) if c)
        orders.append((od.vp, od.mules, sum(c for _, c in cost), cost))
    front_worth, front_fulfils, back_worth, back_fulfils = _card_worth(options)
    front: list[_Side] = []
    back: list[_Side] = []
    grain_vp: list[tuple[int, int]] = []
    for card in range(t.n):
        person = card < t.persons
        fore, other = (t.face(card, False), t.face(card, True)) if person else (None, None)
        grain_vp.append(
            (0 if fore is None else fore.vp_per_grain, 0 if other is None else other.vp_per_grain)
        )
        front.append((0 if fore is None else fore.vp, front_worth[card], front_fulfils[card]))
        back.append((0 if other is None else other.vp, back_worth[card], back_fulfils[card]))
    kit = _Kit(t, tuple(front), tuple(back), tuple(grain_vp), tuple(orders))
    _LAST_KIT.pair = (options, kit)
    return kit


def _order_term(shown: tuple[_OrderTerms, ...], track: Amounts, mules: int) -> float:
    """[KG-6] What the two orders on show closest to being paid for promise a player with
    ``track`` (``mules`` its mules), before the share kept without a fulfiller."""
    best = second = 0.0
    for vp, need_mules, need, cost in shown:
        if vp <= second:  # this order and the rest are worth at most their VP: no change
            break
        covered = 0
        for i, amount in cost:
            have = track[i]
            covered += have if have < amount else amount
        reach = (covered / need if need else 1.0) * (
            1.0 if mules >= need_mules else mules / need_mules
        )
        v = vp * reach * reach
        if v > best:
            best, second = v, best
        elif v > second:
            second = v
    return BEST_ORDER * best + NEXT_ORDER * second


#: Per seat, the orders on show (:func:`_shown`'s tuple) a track was last valued
#: against, that track and its order term: in a search most players' tracks and the
#: display are the same from one valued state to the next. With :func:`_shown` made
#: once per display, ``evaluate_all`` went from 107.0k to 98.9k instructions a call on
#: the states 3-player searches value, a search iteration from 699.8k to 692.1k
#: (callgrind; 2 players 665.2k to 664.4k, where the tracks change more often).
_SEAT_ORDERS = tuple(
    LastValue[tuple[_OrderTerms, ...], "tuple[Amounts | None, float]"](
        f"Kashgar: seat {seat}'s last order term", (None, 0.0)
    )
    for seat in range(PLAYER_COUNTS[-1])
)


def _potentials(
    state: State, kit: _Kit, turned: frozenset[int], shown: tuple[_OrderTerms, ...]
) -> list[float]:
    """Every player's VP now plus what predicts VP to come, in player order; ``turned`` is
    the state's turned cards.

    All players in one call, the tables read once, a card's side read as one tuple from
    the table of fronts or of backs and the six spice and gold tracks summed as the whole
    track less its mules: the same numbers, ``evaluate_all`` from
    94.9k to 90.6k instructions a call on the states 3-player searches value
    (callgrind); the orders' VP and grain fields summed in one loop, not a generator:
    from 120.1k to 108.9k on the states of the searches now; each side one tuple (not
    three tables read at an index worked out per card): 98.9k to 97.9k, a search
    iteration 692.1k to 689.2k (2 players: 664.4k to 659.0k)."""
    front, back = kit.front, kit.back
    order_vp, order_grain = kit.table.order_vp, kit.table.order_grain
    pots = []
    parts = zip(state.orders_won, state.tracks, state.caravans, strict=True)
    for seat, (won, track, caravans) in enumerate(parts):
        points = 0
        worth = 0.0
        fulfillers = False
        for caravan in caravans:
            for card in caravan:
                vp, card_worth, fulfils = (back if card in turned else front)[card]
                points += vp
                worth += card_worth
                if fulfils:
                    fulfillers = True
        if won:
            grain = 0
            for order in won:
                points += order_vp[order]
                grain += order_grain[order]
            if grain:  # [KG-6] Farmers count each grain-field order
                grain_vp = kit.grain_vp
                for caravan in caravans:
                    for card in caravan:
                        points += grain * grain_vp[card][card in turned]
        mules = track[_MULES]
        value = (
            points
            + RESOURCE_VP * (sum(track) - mules)
            + MULE_VP * (mules if mules < USEFUL_MULES else USEFUL_MULES)
            + worth
        )
        memo = _SEAT_ORDERS[seat]
        key, (known, orders) = memo.pair
        if key is not shown or known != track:
            orders = _order_term(shown, track, mules)
            memo.pair = (shown, (track, orders))
        pots.append(value + (orders if fulfillers else NO_FULFILLER * orders))
    return pots


#: The last display looked at and, with the kit they were made from, its orders' terms:
#: the display is passed on unchanged from state to state until an order is taken.
_LAST_SHOWN = LastValue[PVector[int], "tuple[_Kit | None, tuple[_OrderTerms, ...]]"](
    "Kashgar: the terms of the last display's orders", (None, ())
)


def _shown(kit: _Kit, state: State) -> tuple[_OrderTerms, ...]:
    """The terms of the face-up orders, most VP first: an order is worth at most its VP
    (its reach is at most 1), so :func:`_potentials` stops at the first order that could
    not change the two best, and the two best do not depend on the orders' places.
    ``evaluate_all`` went from 110.9k to 105.7k instructions a call over determinized
    states of seeded 3-player games (callgrind). Made once per display (the same
    object while the display holds the same orders; the per-seat order terms of
    :func:`_potentials` are keyed by it)."""
    display = state.display
    key, (made_for, known) = _LAST_SHOWN.pair
    if key is display and made_for is kit:
        return known
    terms = kit.orders
    shown = []
    for order in display:
        od = terms[order]
        assert od is not None
        shown.append(od)
    shown.sort(reverse=True)
    made = tuple(shown)
    _LAST_SHOWN.pair = (display, (kit, made))
    return made


def _margins(pots: list[float]) -> tuple[float, ...]:
    """Each player's potential minus the best of the others': the best of all for
    everyone but its holders, the second best for them (0 for each of tied holders).

    A plain loop, not a list made by slices: ``evaluate_all`` from 108.9k to 107.0k
    instructions a call on the states 3-player searches value (callgrind); two players'
    margins are their difference, each way (the same numbers, without a sort)."""
    if len(pots) == 2:
        first, second = pots
        return (first - second, second - first)
    ranked = sorted(pots)
    top = ranked[-1]
    lead = top - ranked[-2]
    out = []
    for v in pots:
        out.append(lead if v == top else v - top)
    return tuple(out)


def evaluate(state: State, player: int) -> float:
    """[KG-6] ``player``'s potential minus the best other potential, in VP (the exact
    score margin once the game is over)."""
    n = state.options.players
    if state.over:
        s = [points(state, p) for p in range(n)]
        return float(s[player] - max(v for p, v in enumerate(s) if p != player))
    kit, turned = _kit(state.options), turned_frozenset(state.turned)
    shown = _shown(kit, state)
    pots = _potentials(state, kit, turned, shown)
    return pots[player] - max(v for p, v in enumerate(pots) if p != player)


def evaluate_all(state: State) -> tuple[float, ...]:
    """[KG-6] :func:`evaluate` for every player at once (each potential computed once)."""
    if state.over:
        n = state.options.players
        s = [points(state, p) for p in range(n)]
        return tuple(float(s[q] - max(v for p, v in enumerate(s) if p != q)) for q in range(n))
    options = state.options
    last, kit = _LAST_KIT.pair  # _kit's memo, inline
    if last is not options or kit is None:
        kit = _kit(options)
    turned = turned_frozenset(state.turned)
    return _margins(_potentials(state, kit, turned, _shown(kit, state)))


with_every_player(evaluate, evaluate_all)
