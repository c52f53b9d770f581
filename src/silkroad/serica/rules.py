"""[SR-3] .. [SR-8] The rules of Serica: setup, the four phases, the abilities, the end.

Every public function is pure. ``apply`` checks the move against ``legal_moves`` and
then dispatches to a small handler; handlers assume the move is legal. A turn is a
sequence of steps (:class:`~silkroad.serica.state.Step`); a choice inside a step (a
payment, a caravan hit by an Enemy, an ability's options) is a
:class:`~silkroad.serica.state.Pending` decision, and ``legal_moves`` then lists only
its options.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pyrsistent import pvector
from pyrsistent.typing import PVector

from silkroad.core.errors import StateError
from silkroad.core.evolve import replace
from silkroad.core.game import Outcome
from silkroad.core.memo import LastValue
from silkroad.core.registry import illegal_move
from silkroad.core.rng import Rng
from silkroad.serica.cards import (
    GOOD_VALUE,
    GOODS,
    HAN,
    OWN_GOODS,
    ROME,
    Ability,
    CardDef,
    CardType,
    Good,
)
from silkroad.serica.moves import (
    Advance,
    Begin,
    Build,
    Buy,
    Choice,
    Choose,
    Defend,
    Done,
    Give,
    Hire,
    Import,
    Load,
    Move,
    Pay,
    Pick,
    Place,
    Produce,
    Rearrange,
    Save,
    Send,
    Supply,
    Swap,
    Take,
    Top,
    Use,
)
from silkroad.serica.state import (
    BUILT_TO_END,
    CARAVAN_SIZE,
    COOP_GOAL,
    EMPIRE_SIZE,
    FIELD_DEPTH,
    FIELDS,
    MAX_CARAVANS,
    ROUTE_LENGTH,
    Caravan,
    Options,
    Pending,
    PendingKind,
    PlayerState,
    State,
    Step,
    Turn,
)
from silkroad.serica.table import Table, table

__all__ = [
    "ENEMY_BONUS",
    "apply",
    "attack_loss",
    "attack_routes",
    "built_count",
    "can_activate",
    "can_pay",
    "can_settler_build",
    "current_player",
    "distinct_cards",
    "distinct_fields",
    "effective_cost",
    "enemy_strength",
    "envoy_kinds",
    "field_strength",
    "free_fields",
    "governor_can",
    "governor_options",
    "governor_twin",
    "is_over",
    "legal_moves",
    "my_strength",
    "new_game",
    "outcome",
    "pay_options",
    "produce_points",
    "row_kinds",
    "scores",
    "target_good",
    "winners",
]

# The enum members the rules read, as module globals. On Python 3.11 every read of a
# member through its class (``Step.OVER``) passes EnumType.__getattr__'s slot hook, which
# makes and calls a bound wrapper on every read; read from these globals instead,
# Serica's random playouts went from 138.2k to 113.1k instructions per decision
# (benchmarks/instructions.py). ``_STEP_OVER`` is ``Step.OVER``, and so on.
#
# A few hot paths use plain loops where a comprehension or a generator would read
# shorter ("a plain loop" in their comments; Turn.count too): on Python 3.11 each
# comprehension or generator makes a function object and a frame on every call. Those
# loops took the playouts from 112.7k to 108.7k instructions per decision.
_ABILITY_AMBASSADOR = Ability.AMBASSADOR
_ABILITY_ARTISAN = Ability.ARTISAN
_ABILITY_BANDIT = Ability.BANDIT
_ABILITY_CAPITOL = Ability.CAPITOL
_ABILITY_CHIEFTAIN = Ability.CHIEFTAIN
_ABILITY_CITY = Ability.CITY
_ABILITY_DIPLOMAT = Ability.DIPLOMAT
_ABILITY_ENCAMPMENT = Ability.ENCAMPMENT
_ABILITY_ENVOY = Ability.ENVOY
_ABILITY_FORT = Ability.FORT
_ABILITY_GENERAL = Ability.GENERAL
_ABILITY_GOVERNOR = Ability.GOVERNOR
_ABILITY_GUARD = Ability.GUARD
_ABILITY_LABORER = Ability.LABORER
_ABILITY_MARKETPLACE = Ability.MARKETPLACE
_ABILITY_MERCHANT = Ability.MERCHANT
_ABILITY_OASIS = Ability.OASIS
_ABILITY_OUTPOST = Ability.OUTPOST
_ABILITY_PIRATE = Ability.PIRATE
_ABILITY_SCHOLAR = Ability.SCHOLAR
_ABILITY_SETTLER = Ability.SETTLER
_ABILITY_SMITH = Ability.SMITH
_ABILITY_SOLDIER = Ability.SOLDIER
_ABILITY_TRADER = Ability.TRADER
_ABILITY_TRADING_POST = Ability.TRADING_POST
_ABILITY_WAREHOUSE = Ability.WAREHOUSE
_CARD_TYPE_COURT = CardType.COURT
_CARD_TYPE_ENEMY = CardType.ENEMY
_CARD_TYPE_MILITARY = CardType.MILITARY
_CHOICE_BUILD = Choice.BUILD
_CHOICE_CARAVAN = Choice.CARAVAN
_CHOICE_DRAW = Choice.DRAW
_CHOICE_OTHER = Choice.OTHER
_CHOICE_OWN = Choice.OWN
_CHOICE_VP = Choice.VP
_GOOD_GLASSWARE = Good.GLASSWARE
_GOOD_PORCELAIN = Good.PORCELAIN
_GOOD_SPICES = Good.SPICES
_GOOD_WINE = Good.WINE
_PENDING_KIND_AMBASSADOR = PendingKind.AMBASSADOR
_PENDING_KIND_BANDIT_BONUS = PendingKind.BANDIT_BONUS
_PENDING_KIND_CAPITOL = PendingKind.CAPITOL
_PENDING_KIND_CHIEFTAIN_BONUS = PendingKind.CHIEFTAIN_BONUS
_PENDING_KIND_CITY_GIVE = PendingKind.CITY_GIVE
_PENDING_KIND_CITY_TAKE = PendingKind.CITY_TAKE
_PENDING_KIND_DIPLOMAT = PendingKind.DIPLOMAT
_PENDING_KIND_ENVOY = PendingKind.ENVOY
_PENDING_KIND_FORT = PendingKind.FORT
_PENDING_KIND_GENERAL_ORDER = PendingKind.GENERAL_ORDER
_PENDING_KIND_GENERAL_TAKE = PendingKind.GENERAL_TAKE
_PENDING_KIND_GOVERNOR = PendingKind.GOVERNOR
_PENDING_KIND_GUARD = PendingKind.GUARD
_PENDING_KIND_LOAD = PendingKind.LOAD
_PENDING_KIND_LOSE = PendingKind.LOSE
_PENDING_KIND_PAY = PendingKind.PAY
_PENDING_KIND_PIRATE_BONUS = PendingKind.PIRATE_BONUS
_PENDING_KIND_PLACE = PendingKind.PLACE
_PENDING_KIND_SETTLER = PendingKind.SETTLER
_PENDING_KIND_SETTLER_PICK = PendingKind.SETTLER_PICK
_PENDING_KIND_TRADING_POST = PendingKind.TRADING_POST
_STEP_BUILD = Step.BUILD
_STEP_BUY = Step.BUY
_STEP_DEFEND = Step.DEFEND
_STEP_OVER = Step.OVER
_STEP_PRODUCE = Step.PRODUCE
_STEP_TRADE = Step.TRADE

_NO_GOODS = (0, 0, 0, 0, 0, 0)
_EMPTY: PVector[int] = pvector()
_PHASE_2 = (_STEP_BUY, _STEP_BUILD, _STEP_DEFEND)
_BEFORE_ATTACKS = (_STEP_PRODUCE, _STEP_BUY, _STEP_BUILD, _STEP_DEFEND)
_DONE = Done()
_HIRE = Hire()
_BEGIN = Begin()
_ADVANCE = Advance()
_NEW_TURN = Turn()
# The moves that name a good, a choice, a field or a route: one value each, shared by
# every listing of legal moves (moves are values, so a shared one is the same move).
_PRODUCE = tuple(Produce(g) for g in GOODS)
_IMPORT = tuple(Import(g) for g in GOODS)
_LOAD = tuple(Load(g) for g in GOODS)
_SUPPLY = tuple(Supply(g) for g in GOODS)
_CHOOSE = {c: Choose(c) for c in Choice}
_PLACE = tuple(Place(f + 1) for f in range(FIELDS))
_SEND = {r: Send(r) for r in range(1, MAX_CARAVANS + 1)}


# =========================================================================== helpers


def _tuple_add(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += delta
    return tuple(out)


def _set_player(
    players: tuple[PlayerState, PlayerState], p: int, player: PlayerState
) -> tuple[PlayerState, PlayerState]:
    return (player, players[1]) if p == 0 else (players[0], player)


def _with_player(state: State, p: int, player: PlayerState, **changes: object) -> State:
    return replace(state, players=_set_player(state.players, p, player), **changes)


def _draw(
    pile: PVector[int], discard: PVector[int], n: int, rng: Rng
) -> tuple[tuple[int, ...], PVector[int], PVector[int], Rng]:
    """[SR-5.4] Draw ``n`` cards from a draw pile, reshuffling the discard pile into a
    new draw pile when it runs out; fewer come back when both are empty. Returns the
    cards drawn, the draw pile and the discard pile left, and the RNG."""
    if n <= len(pile):
        return tuple(pile[:n]), pile[n:], discard, rng
    drawn = tuple(pile)
    if not discard:
        return drawn, _EMPTY, discard, rng
    order, rng = rng.shuffle(discard)
    need = n - len(drawn)
    return drawn + order[:need], pvector(order[need:]), _EMPTY, rng


def field_strength(state: State, p: int) -> int:
    """[SR-4] The defensive strength of the cards built in player ``p``'s fields."""
    strength = table(state.options).strength
    total = 0
    for field in state.players[p].fields:  # a loop, not sum() over a generator: cheaper
        for c in field:
            total += strength[c]
    return total


def built_count(player: PlayerState) -> int:
    """[SR-6] How many cards the player has built."""
    return sum(len(field) for field in player.fields)


def _built_of_type(state: State, p: int, kind: CardType) -> int:
    card = table(state.options).card
    return sum(1 for field in state.players[p].fields for c in field if card[c].type is kind)


def _built_with(state: State, p: int, ability: Ability) -> int:
    card = table(state.options).card
    return sum(1 for field in state.players[p].fields for c in field if card[c].ability is ability)


def _first_of_kind(cards: PVector[int] | tuple[int, ...], t: Table, kind: int) -> int:
    for c in cards:
        if t.kind_of[c] == kind:
            return c
    raise AssertionError("no card of that kind")  # pragma: no cover - moves are checked


def _row_kinds(state: State, t: Table, *, enemies: bool | None) -> list[int]:
    """Distinct kinds in the Crossroads, left to right (only Enemies / non-Enemies)."""
    out: list[int] = []
    for c in state.crossroads:
        k = t.kind_of[c]
        if k not in out and (enemies is None or t.enemy[c] == enemies):
            out.append(k)
    return out


def _take_from_row(state: State, card: int) -> tuple[PVector[int], PVector[int], bool]:
    """[SR-5.2] Remove ``card`` from the Crossroads and replace it from the draw pile.

    Returns the new row, the new pile, and whether this drew the pile's last card.
    """
    row, pile = state.crossroads, state.cross_pile
    index = row.index(card)
    if pile:
        return row.set(index, pile[0]), pile[1:], len(pile) == 1
    return row.delete(index), pile, False


def _game_over(state: State, **changes: object) -> State:
    return replace(state, step=_STEP_OVER, pending=None, attacks=(), **changes)


def _after_row_draw(state: State, exhausted: bool) -> State:
    """[SR-7] In the co-op game, drawing the last Crossroads card ends the game."""
    if exhausted and state.options.coop and state.step is not _STEP_OVER:
        return _game_over(state)
    return state


def coop_goals_met(state: State) -> bool:
    """[SR-7] Han has built 5 Military cards and Rome 5 Court cards."""
    return (
        _built_of_type(state, HAN, _CARD_TYPE_MILITARY) >= COOP_GOAL
        and _built_of_type(state, ROME, _CARD_TYPE_COURT) >= COOP_GOAL
    )


def _after_build(state: State, p: int) -> State:
    """[SR-6] The competitive game ends right after a tenth built card. [SR-7] In the
    co-op game a build may meet the goals; the game goes on until the last Crossroads
    card is drawn."""
    if state.options.coop:
        if not state.coop_won and coop_goals_met(state):
            return replace(state, coop_won=True)
        return state
    if built_count(state.players[p]) >= BUILT_TO_END:
        return _game_over(state)
    return state


def _stack_bonus(t: Table, field: tuple[int, ...], d: CardDef) -> int:
    """[SR-5.2.S] Stacked VP: the card directly inside it (towards the map) has the same
    type and colour and a lower level."""
    if not field:
        return 0
    inner = t.card[field[-1]]
    if inner.type is d.type and inner.colour is d.colour and inner.level < d.level:
        return d.stacked_vp
    return 0


def _place(state: State, p: int, card: int, field: int) -> State:
    """[SR-5.2] B. Put ``card`` at the outer end of field ``field`` (0-based) and score
    its VP and any stacking bonus."""
    t = table(state.options)
    me = state.players[p]
    d = t.card[card]
    cards = me.fields[field]
    gain = d.vp + _stack_bonus(t, cards, d)
    fields = list(me.fields)
    fields[field] = (*cards, card)
    me = replace(me, fields=tuple(fields), vp=me.vp + gain)
    return _after_build(_with_player(state, p, me), p)


def _free_fields(player: PlayerState) -> list[int]:
    """[SR-5.2] Fields with room for another card."""
    out = []
    for i, f in enumerate(player.fields):  # a plain loop: no comprehension's function and frame
        if len(f) < FIELD_DEPTH:
            out.append(i)
    return out


def _distinct_fields(t: Table, player: PlayerState, fields: list[int]) -> list[int]:
    """The fields worth a choice: a field holding the same kinds of card, in the same
    order, as an earlier one (two empty fields) is no other place to build, so it is
    left out (docs/serica.md, "Identical components")."""
    seen: set[tuple[int, ...]] = set()
    out: list[int] = []
    kind_of = t.kind_of
    for f in fields:
        kinds = tuple([kind_of[c] for c in player.fields[f]])
        if kinds not in seen:
            seen.add(kinds)
            out.append(f)
    return out


def _distinct_cards(t: Table, cards: tuple[int, ...]) -> list[int]:
    """The positions (0-based) of ``cards`` worth a choice: a copy of an earlier card is
    left out (docs/serica.md, "Identical components")."""
    seen: set[int] = set()
    out: list[int] = []
    kind_of = t.kind_of
    for i, c in enumerate(cards):
        if kind_of[c] not in seen:
            seen.add(kind_of[c])
            out.append(i)
    return out


# =========================================================================== setup


def new_game(options: Options, seed: int) -> State:
    """[SR-3] Setup: starting cards, two random non-Enemy cards each, personal decks,
    4-card Empires, the 4-card Crossroads and the first player."""
    t = table(options)
    rng = Rng.from_seed(seed)
    starting: list[list[int]] = [[], []]
    rest: list[int] = []
    card_id = 0
    for kind in t.kinds:
        ids = list(range(card_id, card_id + kind.copies))
        card_id += kind.copies
        starting[HAN].extend(ids[: kind.han_start])
        starting[ROME].extend(ids[kind.han_start : kind.han_start + kind.rome_start])
        rest.extend(ids[kind.han_start + kind.rome_start :])
    players: list[PlayerState] = []
    for p in (HAN, ROME):
        deck = starting[p]
        for _ in range(2):
            # An Enemy drawn is shuffled back and another card drawn: the same as
            # drawing uniformly among the non-Enemy cards left.
            candidates = [c for c in rest if not t.enemy[c]]
            index, rng = rng.randrange(len(candidates))
            deck.append(candidates[index])
            rest.remove(candidates[index])
        order, rng = rng.shuffle(deck)
        draw = order[EMPIRE_SIZE:]
        players.append(
            PlayerState(
                draw=pvector(draw),
                discard=_EMPTY,
                empire=pvector(order[:EMPIRE_SIZE]),
                fields=((),) * FIELDS,
                supply=_NO_GOODS,
                artisans=0,
                shipment=_NO_GOODS,
                caravans=(),
                vp=0,
                defeated=(),
                # the two random cards dealt to the draw pile: the other player never saw them
                secret=tuple(c for c in deck[-2:] if c in draw),
            )
        )
    pile, rng = rng.shuffle(rest)
    if options.first_player is None:
        first, rng = rng.randrange(2)
    else:
        first = options.first_player
    return State(
        options=options,
        rng=rng,
        players=(players[0], players[1]),
        crossroads=pvector(pile[:4]),
        cross_pile=pvector(pile[4:]),
        cross_discard=_EMPTY,
        active=first,
        first=first,
        round=1,
        step=_STEP_PRODUCE,
        turn=Turn(),
        pending=None,
        attacks=(),
    )


# =========================================================================== queries


def current_player(state: State) -> int | None:
    """[SR-5] Who decides now: the active player, or None once the game is over."""
    return None if state.step is _STEP_OVER else state.active


def is_over(state: State) -> bool:
    """[SR-6] [SR-7] Whether the game has ended."""
    return state.step is _STEP_OVER


def scores(state: State) -> tuple[int, ...]:
    """[SR-6] VP per player; [SR-7] in the co-op game both share the combined total."""
    vp0, vp1 = state.players[0].vp, state.players[1].vp
    if state.options.coop:
        return (vp0 + vp1, vp0 + vp1)
    return (vp0, vp1)


def outcome(state: State) -> Outcome:
    """Ongoing; finished by the rules ([SR-6] ten cards built, [SR-7] the last
    Crossroads card drawn in the co-op game); or truncated by the ``round_limit``
    safeguard, which is not a rule."""
    if state.step is not _STEP_OVER:
        return Outcome.ONGOING
    return Outcome.TRUNCATED if state.truncated else Outcome.FINISHED


def winners(state: State) -> tuple[int, ...]:
    """[SR-6] Most VP wins; [Rulings] tied players share the win. [SR-7] Co-op: both
    players win if the goals are met when the game ends, nobody otherwise. A game the
    safeguard truncated has no winners."""
    if state.step is not _STEP_OVER or state.truncated:
        return ()
    if state.options.coop:
        return (0, 1) if state.coop_won else ()
    vp0, vp1 = state.players[0].vp, state.players[1].vp
    if vp0 == vp1:
        return (0, 1)
    return (0,) if vp0 > vp1 else (1,)


# =========================================================================== legality


def _my_strength(state: State) -> int:
    """[SR-5.2] [SR-8.3] Field strength plus readied Soldiers and Encampments."""
    return field_strength(state, state.active) + state.turn.defense


def _deficits_ok(
    supply: tuple[int, ...], artisans: int, goods: Sequence[Good], n: int, m: int, smith: int
) -> bool:
    """[SR-5.2] [SR-8.1] Whether ``m`` different types among ``goods`` can each pay ``n``
    goods, artisans standing in for goods in at most ``smith`` of the types (m = 0: yes,
    by the checks below)."""
    if len(goods) < m:
        return False
    if not smith:  # no artisans stand in: m of the types must each hold n goods
        enough = 0
        for g in goods:
            if supply[g] >= n:
                enough += 1
        return enough >= m
    deficits = sorted(max(0, n - supply[g]) for g in goods)[:m]
    short = [d for d in deficits if d > 0]
    return len(short) <= smith and sum(short) <= artisans


def _effective_cost(d: CardDef, merchant: int, oasis: int) -> tuple[int, int]:
    """[SR-9] The cost N/M of ``d`` after readied discounts (``merchant`` and ``oasis``
    readied effects): [SR-8.2] Merchant halves M (rounded down), then [SR-8.4] Oasis
    removes one type from a Court card."""
    m = d.cost_m
    if merchant:
        m //= 2
    if oasis and d.type is _CARD_TYPE_COURT:
        m = max(0, m - 1)
    return d.cost_n, m


def _buyable(state: State, t: Table) -> list[int]:
    """[SR-5.2] The non-Enemy Crossroads kinds the active player can pay for now."""
    me = state.players[state.active]
    turn = state.turn
    supply, artisans = me.supply, me.artisans
    merchant = turn.count(_ABILITY_MERCHANT)
    oasis = turn.count(_ABILITY_OASIS)
    smith = turn.count(_ABILITY_SMITH)
    out: list[int] = []
    for k in _row_kinds(state, t, enemies=False):
        d = t.kinds[k]
        n, m = _effective_cost(d, merchant, oasis)
        if _deficits_ok(supply, artisans, d.goods, n, m, smith):
            out.append(k)
    return out


def _can_settler_build(state: State, t: Table) -> bool:
    """[SR-8.1] Whether a Settler could build a Crossroads card now."""
    me = state.players[state.active]
    if not _free_fields(me):
        return False
    return any(not t.enemy[c] and t.card[c].artisans <= me.artisans for c in state.crossroads)


_SPOTS = tuple((f, i) for f in range(FIELDS) for i in range(FIELD_DEPTH))
#: Every two spots, with the move that names them.
_SPOT_PAIRS = tuple(
    (a, b, Rearrange(a[0] + 1, a[1] + 1, b[0] + 1, b[1] + 1))
    for i, a in enumerate(_SPOTS)
    for b in _SPOTS[i + 1 :]
)
#: The move that names two spots.
_SPOT_PAIR_MOVE = {(a, b): move for a, b, move in _SPOT_PAIRS}


def _governor_moves(state: State, t: Table, pending: Pending) -> list[Rearrange]:
    """[SR-8.3] What a Governor can do with up to 2 cards in two fields: swap two built
    cards of different kinds (in one field or two), or move a field's outer card to
    the free spot of another field ([Rulings] a field never gets a hole). After a move
    of one card (``pending.card``, between the fields ``pending.routes``), one more
    card may move between the same two fields.

    Moves with the same result are one move, the first listed: fields are told apart
    only by their cards, and copies of a card are alike (docs/serica.md, "Identical
    components"), so moving a card to any of several empty fields is one choice."""
    fields = state.players[state.active].fields
    out: list[Rearrange] = []
    seen: set[object] = set()
    for a, b, move in _governor_pairs(t, fields, pending):
        key = _governor_key(t, *_governor_result(t, fields, pending, a, b))
        if key not in seen:
            seen.add(key)
            out.append(move)
    return out


def _governor_pairs(
    t: Table, fields: tuple[tuple[int, ...], ...], pending: Pending
) -> list[tuple[tuple[int, int], tuple[int, int], Rearrange]]:
    """[SR-8.3] Every two spots whose contents may change places now (with copies and
    alike fields not yet told apart), in the order of ``_SPOT_PAIRS``.

    The pairs ``_governor_can`` accepts, found without trying all 66: only the built
    cards and each field's free spot can take part (tests/serica/test_fast_paths.py
    checks the two agree). Measured by benchmarks/instructions.py: Serica's random
    playouts from 156.8k to 143.0k instructions per decision."""
    moved, touched = _governor_moved(pending)
    kind_of = t.kind_of
    spots: list[tuple[tuple[int, int], int, bool]] = []  # (spot, card or -1, outer card)
    for f, field in enumerate(fields):
        n = len(field)
        spots.extend([((f, i), c, i == n - 1) for i, c in enumerate(field)])
        if n < FIELD_DEPTH:
            spots.append(((f, n), -1, False))
    out = []
    for i, (a, ca, outer_a) in enumerate(spots):
        for b, cb, outer_b in spots[i + 1 :]:
            if ca >= 0 and cb >= 0:  # a swap: only as the whole rearrangement
                ok = moved < 0 and kind_of[ca] != kind_of[cb]
            else:  # the outer card of one field to the free spot of another
                ok = a[0] != b[0] and (outer_a or outer_b)
                if ok and moved >= 0:  # a second card: between the same two fields
                    ok = max(ca, cb) != moved and {a[0] + 1, b[0] + 1} == touched
            if ok:
                out.append((a, b, _SPOT_PAIR_MOVE[a, b]))
    return out


def _governor_moved(pending: Pending) -> tuple[int, frozenset[int]]:
    """[SR-8.3] The card a Governor moved first and the two fields it touched (-1 and
    none before a first move; a card id may be 0)."""
    if pending.card >= 0:
        return pending.card, frozenset(pending.routes)
    return -1, frozenset()


def _governor_result(
    t: Table,
    fields: tuple[tuple[int, ...], ...],
    pending: Pending,
    a: tuple[int, int],
    b: tuple[int, int],
) -> tuple[tuple[tuple[int, ...], ...], Pending | None]:
    """[SR-8.3] The fields after the contents of spots ``a`` and ``b`` change places,
    and the Governor's decision left: None after a swap, after a second card, or when
    no second card can move."""
    (fa, ia), (fb, ib) = a, b
    new = [list(f) for f in fields]
    if ia < len(new[fa]) and ib < len(new[fb]):  # two cards swap
        new[fa][ia], new[fb][ib] = new[fb][ib], new[fa][ia]
        return tuple(tuple(f) for f in new), None
    source, target = (fa, fb) if ia < len(new[fa]) else (fb, fa)
    moved = new[source].pop()
    new[target].append(moved)
    after_fields = tuple(tuple(f) for f in new)
    left = pending.count - 1
    if pending.card >= 0 or not left:
        return after_fields, None
    if not _governor_second(after_fields, moved, fa, fb):
        return after_fields, None
    return after_fields, Pending(
        _PENDING_KIND_GOVERNOR, card=moved, count=left, routes=(fa + 1, fb + 1)
    )


def _governor_second(fields: tuple[tuple[int, ...], ...], moved: int, fa: int, fb: int) -> bool:
    """[SR-8.3] Whether a second card can move between fields ``fa`` and ``fb`` after
    ``moved`` moved between them: an outer card other than ``moved`` to the other
    field's free spot (what ``_governor_pairs`` would list, without listing it)."""
    for source, target in ((fa, fb), (fb, fa)):
        if fields[source] and fields[source][-1] != moved and len(fields[target]) < FIELD_DEPTH:
            return True
    return False


def _governor_key(
    t: Table, fields: tuple[tuple[int, ...], ...], after: Pending | None
) -> tuple[object, ...]:
    """What tells two results of a Governor's move apart: the kinds in each field, in
    any order of the fields, and while a second card may move, which two fields the
    first move touched and which of them holds the card moved."""
    kind_of = t.kind_of
    marked = []
    for i, field in enumerate(fields):
        role = 0
        if after is not None and i + 1 in after.routes:
            role = 2 if field and field[-1] == after.card else 1
        marked.append((tuple([kind_of[c] for c in field]), role))
    return (after is None, tuple(sorted(marked)))


def _stacked_vp(t: Table, fields: tuple[tuple[int, ...], ...]) -> int:
    """[SR-5.2.S] The stacked VP of the fields as the cards lie in them."""
    total = 0
    for field in fields:
        for i, c in enumerate(field):  # the innermost card (i = 0) has none below it
            total += _stack_bonus(t, field[:i], t.card[c])
    return total


def _governor_any(t: Table, fields: tuple[tuple[int, ...], ...]) -> bool:
    """[SR-8.3] Whether a Governor that has moved nothing yet can do anything (whether
    :func:`_governor_moves` offers a move, without listing them): swap two built cards
    of different kinds, or move a field's outer card to another field with room."""
    kind_of = t.kind_of
    first = -1
    for field in fields:
        for c in field:
            if first < 0:
                first = kind_of[c]
            elif kind_of[c] != first:
                return True
    for fs, source in enumerate(fields):  # no card built: no source, False
        if source:
            for fd, target in enumerate(fields):
                if fd != fs and len(target) < FIELD_DEPTH:
                    return True
    return False


def _governor_can(
    t: Table,
    fields: tuple[tuple[int, ...], ...],
    a: tuple[int, int],
    b: tuple[int, int],
    moved: int,
    touched: frozenset[int],
) -> bool:
    """[SR-8.3] Whether the contents of spots ``a`` and ``b`` may change places."""
    (fa, ia), (fb, ib) = a, b
    full_a, full_b = ia < len(fields[fa]), ib < len(fields[fb])
    if full_a and full_b:  # a swap moves two cards: only as the whole rearrangement
        return moved < 0 and t.kind_of[fields[fa][ia]] != t.kind_of[fields[fb][ib]]
    if full_a == full_b or fa == fb:
        return False
    (fs, i_s), (fd, i_d) = (a, b) if full_a else (b, a)
    if i_s != len(fields[fs]) - 1 or i_d != len(fields[fd]):  # outer card, free spot
        return False
    if moved >= 0:  # the second card moves between the same two fields
        return fields[fs][i_s] != moved and {fs + 1, fd + 1} == touched
    return True


def _can_activate(state: State, t: Table, ability: Ability) -> bool:
    """[SR-8] Whether ``ability`` can still change something now ([Rulings]: an
    ability is offered only in the phases where it has an effect)."""
    if ability is _ABILITY_GUARD:
        return True
    if ability is _ABILITY_ENCAMPMENT or ability is _ABILITY_SOLDIER:
        return True  # [SR-5] strength for the round: a defence, or a General at any time
    step = state.step
    if ability is _ABILITY_ARTISAN or ability is _ABILITY_LABORER:
        return step is _STEP_PRODUCE
    if ability is _ABILITY_SMITH or ability is _ABILITY_MERCHANT or ability is _ABILITY_OASIS:
        return step is _STEP_PRODUCE or step is _STEP_BUY  # buying is phase 2 A
    turn = state.turn
    p = state.active
    me = state.players[p]
    if ability is _ABILITY_SCHOLAR:
        return bool(me.draw or me.discard)
    if ability is _ABILITY_SETTLER:
        return bool(me.draw or me.discard) or _can_settler_build(state, t)
    if ability is _ABILITY_MARKETPLACE:
        return _built_with(state, p, _ABILITY_WAREHOUSE) > 0
    if ability is _ABILITY_TRADER:  # caravans begun this turn cannot also move
        return bool(me.caravans) and not turn.traded
    if ability is _ABILITY_TRADING_POST:
        return bool(me.caravans) and any(me.supply[g] for g in OWN_GOODS[p])
    if ability is _ABILITY_WAREHOUSE:
        return len(me.caravans) < MAX_CARAVANS and (
            step is not _STEP_TRADE or not turn.traded or turn.count(_ABILITY_GUARD) > 0
        )
    if ability is _ABILITY_OUTPOST:  # only a defence in phase 2 compares Enemy strengths
        return step in _BEFORE_ATTACKS and not turn.defended
    if ability is _ABILITY_FORT:  # only caravans already on the map can be attacked
        return step in _BEFORE_ATTACKS and bool(me.caravans)
    if ability is _ABILITY_GENERAL:
        other = state.players[1 - p]
        return bool(other.draw) and _my_strength(state) > field_strength(state, 1 - p)
    if ability is _ABILITY_GOVERNOR:
        return _governor_any(t, me.fields)
    if ability is _ABILITY_AMBASSADOR:
        return bool(me.discard or state.players[1 - p].discard)
    if ability is _ABILITY_CAPITOL or ability is _ABILITY_DIPLOMAT:
        return bool(state.crossroads)
    if ability is _ABILITY_CITY:  # [SR-8.4] any Crossroads card, an Enemy too
        return bool(state.crossroads)
    if ability is _ABILITY_ENVOY:
        return bool(_envoy_kinds(state, t))
    return False  # [SR-4] an Enemy, even one a City took, has no ability to use


def _envoy_kinds(state: State, t: Table) -> list[int]:
    """[SR-8.4] Envoy: the non-Enemy Crossroads kinds whose ability it can copy now
    ([Rulings] an Envoy does not copy an Envoy)."""
    return [
        k
        for k in _row_kinds(state, t, enemies=False)
        if t.kinds[k].ability is not _ABILITY_ENVOY and _can_activate(state, t, t.kinds[k].ability)
    ]


def _step_moves(state: State, t: Table) -> list[Move]:
    """[SR-5] The moves of the current step when no decision is pending."""
    step = state.step
    turn = state.turn
    p = state.active
    me = state.players[p]
    out: list[Move] = []
    if step is _STEP_PRODUCE:
        pp = turn.pp
        labor = turn.count(_ABILITY_LABORER)  # [SR-8.1] for producing goods only
        for g in OWN_GOODS[p]:
            if GOOD_VALUE[g] <= pp + labor:
                out.append(_PRODUCE[g])
        if pp >= 1:
            out.append(_HIRE)
            for g in GOODS:
                if me.shipment[g]:
                    out.append(_IMPORT[g])
    elif step is not _STEP_TRADE:
        if step is _STEP_BUY:
            out.extend([t.buy[k] for k in _buyable(state, t)])
        if step is not _STEP_DEFEND:
            free = _distinct_fields(t, me, _free_fields(me))
            if free:
                seen: list[int] = []
                for c in me.empire:
                    k = t.kind_of[c]
                    if k in seen:
                        continue
                    seen.append(k)
                    d = t.kinds[k]
                    # [Rulings] an Enemy taken by a City has no build cost: never built
                    if d.artisans <= me.artisans and d.type is not _CARD_TYPE_ENEMY:
                        builds = t.build[k]
                        out.extend([builds[f] for f in free])
        enemies = () if turn.defended else _row_kinds(state, t, enemies=True)
        if enemies:
            strength = field_strength(state, p) + turn.defense
            outpost = turn.outpost
            for k in enemies:
                if max(0, t.kinds[k].enemy_strength - outpost) <= strength:
                    out.append(t.defend[k])
    else:
        can_begin = False
        if len(me.caravans) < MAX_CARAVANS:
            supply = me.supply
            for g in OWN_GOODS[p]:  # a plain loop: no comprehension's function and frame
                if supply[g]:
                    can_begin = True
                    break
        if can_begin and (not turn.traded or turn.count(_ABILITY_GUARD) > 0):
            out.append(_BEGIN)
        if not turn.traded and me.caravans:
            out.append(_ADVANCE)
    seen_use: list[int] = []
    used = turn.used
    kind_of, ability = t.kind_of, t.ability
    for c in me.empire:
        k = kind_of[c]
        if k in seen_use or c in used:
            continue
        seen_use.append(k)
        if _can_activate(state, t, ability[c]):
            out.append(t.use[k])
    out.append(_DONE)
    return out


def _pay_options(state: State, t: Table, pending: Pending) -> list[Move]:
    """[SR-5.2] [SR-9] The goods types that can pay the next part of a buy while
    leaving the rest payable."""
    me = state.players[state.active]
    d = t.card[pending.card]
    n = pending.n
    out: list[Move] = []
    open_goods = [g for g in d.goods if g not in pending.paid]
    for g in open_goods:
        have = me.supply[g]
        low = max(0, n - have)
        high = min(n, me.artisans) if pending.smith > 0 else 0
        # the rest excludes g, so what g pays leaves the supply the rest reads unchanged
        rest = [x for x in open_goods if x != g]
        for a in range(low, high + 1):
            smith = pending.smith - (1 if a else 0)
            if _deficits_ok(me.supply, me.artisans - a, rest, n, pending.count - 1, smith):
                out.append(Pay(g, a))
    return out


def _trading_post_options(state: State) -> list[Move]:
    """[SR-8.2] Trading Post: each own good in supply added to a caravan, or swapped for
    another own good it carries."""
    p = state.active
    me = state.players[p]
    out: list[Move] = []
    own = OWN_GOODS[p]
    for caravan in me.caravans:
        for g in own:
            if me.supply[g]:
                out.append(Swap(caravan.route, g))
        for g_out in own:
            if caravan.goods[g_out]:
                for g in own:
                    if g != g_out and me.supply[g]:
                        out.append(Swap(caravan.route, g, g_out))
    return out


def _city_give_options(state: State, t: Table) -> list[Move]:
    """[SR-8.4] City: each kind of card in the Empire, once."""
    me = state.players[state.active]
    out: list[Move] = []
    seen: list[int] = []
    for c in me.empire:
        k = t.kind_of[c]
        if k not in seen:
            seen.append(k)
            out.append(t.give[k])
    return out


def _pending_moves(state: State, t: Table, pending: Pending) -> list[Move]:
    """[SR-5] [SR-8] The options of the pending decision."""
    kind = pending.kind
    p = state.active
    me = state.players[p]
    if kind is _PENDING_KIND_PAY:
        return _pay_options(state, t, pending)
    if kind is _PENDING_KIND_LOAD:
        out: list[Move] = [_LOAD[g] for g in OWN_GOODS[p] if me.supply[g]]
        if pending.n:
            out.append(_DONE)
        return out
    if kind is _PENDING_KIND_LOSE:
        return [_SEND[r] for r in pending.routes]
    if kind is _PENDING_KIND_FORT:
        bandit = t.ability[pending.card] is _ABILITY_BANDIT
        return [Save(Good(_target_good(me.caravans, bandit))), _DONE]
    if kind is _PENDING_KIND_GUARD:
        out = [_CHOOSE[_CHOICE_VP]]
        if len(me.caravans) < MAX_CARAVANS:
            out.append(_CHOOSE[_CHOICE_CARAVAN])
        return out
    if kind is _PENDING_KIND_SETTLER:
        out = []
        if me.draw or me.discard:
            out.append(_CHOOSE[_CHOICE_DRAW])
        if _can_settler_build(state, t):
            out.append(_CHOOSE[_CHOICE_BUILD])
        return out
    if kind is _PENDING_KIND_SETTLER_PICK:
        return [
            t.pick[k]
            for k in _row_kinds(state, t, enemies=False)
            if t.kinds[k].artisans <= me.artisans
        ]
    if kind is _PENDING_KIND_PLACE:
        return [_PLACE[f] for f in _distinct_fields(t, me, _free_fields(me))]
    if kind is _PENDING_KIND_TRADING_POST:
        return _trading_post_options(state)
    if kind is _PENDING_KIND_GENERAL_TAKE:
        return [Take(i + 1) for i in _distinct_cards(t, pending.cards)]
    if kind is _PENDING_KIND_GENERAL_ORDER:
        return [Top(i + 1) for i in _distinct_cards(t, pending.cards)]
    if kind is _PENDING_KIND_GOVERNOR:
        out = list(_governor_moves(state, t, pending))
        if pending.card >= 0:
            out.append(_DONE)
        return out
    if kind is _PENDING_KIND_AMBASSADOR:
        out = []
        if me.discard:
            out.append(_CHOOSE[_CHOICE_OWN])
        if state.players[1 - p].discard:
            out.append(_CHOOSE[_CHOICE_OTHER])
        return out
    if kind is _PENDING_KIND_CAPITOL or kind is _PENDING_KIND_DIPLOMAT:
        kinds: list[int] = []
        for c in state.crossroads:  # [SR-8.4] the row as it stood: no replacement yet
            if c != pending.card and t.kind_of[c] not in kinds:
                kinds.append(t.kind_of[c])
        return [t.pick[k] for k in kinds]
    if kind is _PENDING_KIND_CITY_TAKE:  # [SR-8.4] any card of the row, an Enemy too
        return [t.pick[k] for k in _row_kinds(state, t, enemies=None)]
    if kind is _PENDING_KIND_CITY_GIVE:
        return _city_give_options(state, t)
    if kind is _PENDING_KIND_ENVOY:
        return [t.pick[k] for k in _envoy_kinds(state, t)]
    if kind is _PENDING_KIND_BANDIT_BONUS or kind is _PENDING_KIND_PIRATE_BONUS:
        pair = (
            (_GOOD_GLASSWARE, _GOOD_SPICES)
            if kind is _PENDING_KIND_BANDIT_BONUS
            else (_GOOD_WINE, _GOOD_PORCELAIN)
        )
        out = [_SUPPLY[pair[0]], _SUPPLY[pair[1]]]
        out.extend(_SEND[c.route] for c in me.caravans)
        out.append(_DONE)
        return out
    if kind is _PENDING_KIND_CHIEFTAIN_BONUS:
        out = []
        if _free_fields(me):
            out.extend(t.pick[k] for k in _row_kinds(state, t, enemies=False))
        out.append(_DONE)
        return out
    raise AssertionError(f"unknown pending decision {kind}")  # pragma: no cover


# --------------------------------------------------------------------------- conditions
# The conditions ``legal_moves`` reads, under public names for ``explain`` (which says
# why a move is refused from the very functions that refuse it). They are the same
# functions: ``legal_moves`` itself calls the private names, its hot path unchanged.


def effective_cost(state: State, kind: int) -> tuple[int, int]:
    """[SR-5.2] [SR-8.2] [SR-8.4] The cost N/M of a Crossroads card of kind ``kind`` for
    the active player now, after the readied Merchants and Oases."""
    turn = state.turn
    d = table(state.options).kinds[kind]
    return _effective_cost(d, turn.count(_ABILITY_MERCHANT), turn.count(_ABILITY_OASIS))


def can_pay(state: State, kind: int) -> bool:
    """[SR-5.2] [SR-8.1] Whether the active player can pay for a card of kind ``kind``
    now (the test that makes the ``buy`` moves)."""
    return kind in _buyable(state, table(state.options))


def row_kinds(state: State, *, enemies: bool | None) -> list[int]:
    """[SR-5.2] The distinct kinds in the Crossroads, left to right (only Enemies,
    only non-Enemies, or all with ``enemies`` None)."""
    return _row_kinds(state, table(state.options), enemies=enemies)


def free_fields(player: PlayerState) -> list[int]:
    """[SR-5.2] The fields (0-based) with room for another card."""
    return _free_fields(player)


def distinct_fields(state: State, fields: list[int]) -> list[int]:
    """The fields among ``fields`` worth a choice (alike fields are one place to build:
    docs/serica.md, "Identical components")."""
    return _distinct_fields(table(state.options), state.players[state.active], fields)


def distinct_cards(state: State, cards: tuple[int, ...]) -> list[int]:
    """The positions (0-based) of ``cards`` worth a choice (copies are one choice)."""
    return _distinct_cards(table(state.options), cards)


def can_activate(state: State, ability: Ability) -> bool:
    """[SR-8] Whether ``ability`` can change something now (it is offered only then)."""
    return _can_activate(state, table(state.options), ability)


def envoy_kinds(state: State) -> list[int]:
    """[SR-8.4] The Crossroads kinds whose ability an Envoy can copy now."""
    return _envoy_kinds(state, table(state.options))


def can_settler_build(state: State) -> bool:
    """[SR-8.1] Whether a Settler could build a Crossroads card now."""
    return _can_settler_build(state, table(state.options))


def my_strength(state: State) -> int:
    """[SR-5.2] [SR-8.3] The active player's strength: fields plus readied Soldiers and
    Encampments."""
    return _my_strength(state)


def governor_can(state: State, pending: Pending, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """[SR-8.3] Whether a Governor's decision lets the contents of spots ``a`` and ``b``
    ((field, position), 0-based) change places, before alike results are merged."""
    moved, touched = _governor_moved(pending)
    fields = state.players[state.active].fields
    return _governor_can(table(state.options), fields, a, b, moved, touched)


def governor_twin(
    state: State, pending: Pending, a: tuple[int, int], b: tuple[int, int]
) -> Rearrange | None:
    """[SR-8.3] The rearrangement offered with the same result as changing spots ``a``
    and ``b`` (docs/serica.md, "Identical components"), or None."""
    t = table(state.options)
    fields = state.players[state.active].fields
    key = _governor_key(t, *_governor_result(t, fields, pending, a, b))
    for move in _governor_moves(state, t, pending):
        spot_a = (move.field_a - 1, move.position_a - 1)
        spot_b = (move.field_b - 1, move.position_b - 1)
        if _governor_key(t, *_governor_result(t, fields, pending, spot_a, spot_b)) == key:
            return move
    return None


def produce_points(state: State) -> int:
    """[SR-5.1] [SR-8.1] The points that pay for producing a good now: production points
    left plus readied Laborers (which pay for nothing else)."""
    return state.turn.pp + state.turn.count(_ABILITY_LABORER)


def enemy_strength(state: State, kind: int) -> int:
    """[SR-5.2] [SR-8.3] The strength of an Enemy of kind ``kind`` now, less one per
    readied Outpost."""
    d = table(state.options).kinds[kind]
    return max(0, d.enemy_strength - state.turn.outpost)


def pay_options(state: State, pending: Pending) -> list[Move]:
    """[SR-5.2] The payments a pending buy offers (those that leave the rest payable)."""
    return _pay_options(state, table(state.options), pending)


def target_good(caravans: tuple[Caravan, ...], most: bool) -> int:
    """[SR-8.5] The most (Bandit) or least (Pirate) valuable good shipped."""
    return _target_good(caravans, most)


def governor_options(state: State, pending: Pending) -> list[Rearrange]:
    """[SR-8.3] The rearrangements a Governor's decision offers now."""
    return _governor_moves(state, table(state.options), pending)


# One-entry cache: apply() usually follows legal_moves() on the same state object.
_CACHE = LastValue[State, tuple[Move, ...]]("Serica: the legal moves of the last state", ())


def legal_moves(state: State) -> tuple[Move, ...]:
    """[SR-5] Every legal move of the player to act, in a fixed order; () when over."""
    cached = _CACHE.pair
    if cached[0] is state:
        return cached[1]
    if state.step is _STEP_OVER:
        moves: tuple[Move, ...] = ()
    else:
        t = table(state.options)
        pending = state.pending
        if pending is None:
            moves = tuple(_step_moves(state, t))
        else:
            moves = tuple(_pending_moves(state, t, pending))
        if not moves:
            raise _dead_end(state)
    _CACHE.pair = (state, moves)
    return moves


def _dead_end(state: State) -> StateError:
    """A state not over with no legal move (the rules never leave one; an edited state
    that ``validate`` let through): refused, never an empty move list."""
    waits = "" if state.pending is None else f", {state.pending.kind.value} decision"
    return StateError(
        f"a dead end: the Serica state of round {state.round}, {state.step.value} step, "
        f"player {current_player(state)} to act{waits}, is not over but has no legal move"
    )


# =========================================================================== apply


def apply(state: State, move: Move) -> State:
    """[SR-5] The state after ``move``.

    :raises IllegalMoveError: if ``move`` is not in ``legal_moves(state)``; ``state`` is
        unchanged (it always is: states are values).
    """
    moves = legal_moves(state)
    for listed in moves:  # most moves applied are one of the listed values themselves
        if listed is move:
            break
    else:
        try:
            legal = move in moves
        except TypeError:  # an object that cannot be compared is no move
            legal = False
        if not legal:  # the message leads with the rule that refuses it
            raise illegal_move("serica", state, move)
    t = table(state.options)
    pending = state.pending
    if pending is not None:
        return _resolve(state, t, pending, move)
    handler = _HANDLERS[type(move)]
    return handler(state, t, move)


# --------------------------------------------------------------------------- phase 1


def _produce(state: State, t: Table, move: Produce) -> State:
    """[SR-5.1] Produce a good of your own for 1, 2 or 3 production points; [SR-8.1]
    the readied Laborers' points pay first (they pay for nothing else)."""
    p = state.active
    me = state.players[p]
    me = replace(me, supply=_tuple_add(me.supply, move.good, 1))
    cost = GOOD_VALUE[move.good]
    labor = min(cost, state.turn.count(_ABILITY_LABORER))
    turn = replace(state.turn.spend(_ABILITY_LABORER, labor), pp=state.turn.pp - cost + labor)
    return _with_player(state, p, me, turn=turn)


def _hire(state: State, t: Table, move: Hire) -> State:
    """[SR-5.1] Hire an artisan for 1 production point."""
    p = state.active
    me = state.players[p]
    me = replace(me, artisans=me.artisans + 1)
    return _with_player(state, p, me, turn=replace(state.turn, pp=state.turn.pp - 1))


def _import(state: State, t: Table, move: Import) -> State:
    """[SR-5.1] Buy a good the other player shipped here for 1 production point."""
    p = state.active
    me = state.players[p]
    me = replace(
        me,
        supply=_tuple_add(me.supply, move.good, 1),
        shipment=_tuple_add(me.shipment, move.good, -1),
    )
    return _with_player(state, p, me, turn=replace(state.turn, pp=state.turn.pp - 1))


# --------------------------------------------------------------------------- phase 2


def _buy(state: State, t: Table, move: Buy) -> State:
    """[SR-5.2] A. Buy a Crossroads card: readied discounts apply, then the goods types
    are paid one decision at a time."""
    card = _first_of_kind(state.crossroads, t, t.index[move.card])
    d = t.card[card]
    n, m = _effective_cost(d, state.turn.count(_ABILITY_MERCHANT), state.turn.count(_ABILITY_OASIS))
    turn = state.turn.spend(_ABILITY_MERCHANT).spend_all(_ABILITY_SMITH)
    if d.type is _CARD_TYPE_COURT:
        turn = turn.spend(_ABILITY_OASIS)
    smith = state.turn.count(_ABILITY_SMITH)
    pending = Pending(_PENDING_KIND_PAY, card=card, count=m, n=n, smith=smith)
    state = replace(state, turn=turn, pending=pending)
    if m == 0:
        return _finish_buy(state, card)
    return state


def _finish_buy(state: State, card: int) -> State:
    """[SR-5.2] The bought card goes to the buyer's discard pile and is replaced."""
    p = state.active
    row, pile, exhausted = _take_from_row(state, card)
    me = state.players[p]
    me = replace(me, discard=me.discard.append(card))
    state = _with_player(state, p, me, crossroads=row, cross_pile=pile, pending=None)
    return _after_row_draw(state, exhausted)


def _pay(state: State, t: Table, pending: Pending, move: Pay) -> State:
    """[SR-5.2] [SR-8.1] Pay N goods of one type (artisans standing in with a Smith)."""
    p = state.active
    me = state.players[p]
    me = replace(
        me,
        supply=_tuple_add(me.supply, move.good, -(pending.n - move.artisans)),
        artisans=me.artisans - move.artisans,
    )
    pending = replace(
        pending,
        count=pending.count - 1,
        paid=(*pending.paid, int(move.good)),
        smith=pending.smith - (1 if move.artisans else 0),
    )
    state = _with_player(state, p, me, pending=pending)
    if pending.count == 0:
        return _finish_buy(state, pending.card)
    return state


def _build(state: State, t: Table, move: Build) -> State:
    """[SR-5.2] B. Build an Empire card: pay its artisans, place it, score it."""
    p = state.active
    me = state.players[p]
    card = _leaving_copy(state, t, t.index[move.card])
    d = t.card[card]
    me = replace(me, empire=me.empire.remove(card), artisans=me.artisans - d.artisans)
    state = _with_player(state, p, me, step=_STEP_BUILD, turn=state.turn.without(card))
    return _place(state, p, card, move.field - 1)


def _leaving_copy(state: State, t: Table, kind: int) -> int:
    """[SR-4] The Empire copy of ``kind`` that is built or given away: one whose ability
    has done its work first, then an unused one, then one whose effect still waits."""
    copies = [c for c in state.players[state.active].empire if t.kind_of[c] == kind]
    waiting = {c for c, _ in state.turn.readied}
    used = state.turn.used

    def rank(c: int) -> int:
        if c in waiting:
            return 2
        return 0 if c in used else 1

    return min(copies, key=rank)


#: [SR-8.5] The decision a defeated Enemy's bonus asks, by its ability.
ENEMY_BONUS: dict[Ability, PendingKind] = {
    _ABILITY_BANDIT: _PENDING_KIND_BANDIT_BONUS,
    _ABILITY_PIRATE: _PENDING_KIND_PIRATE_BONUS,
    _ABILITY_CHIEFTAIN: _PENDING_KIND_CHIEFTAIN_BONUS,
}


def _defend(state: State, t: Table, move: Defend) -> State:
    """[SR-5.2] C. Defeat one Enemy: it leaves the game, is replaced, scores its VP and
    offers its bonus ([SR-8.5])."""
    p = state.active
    card = _first_of_kind(state.crossroads, t, t.index[move.card])
    d = t.card[card]
    row, pile, exhausted = _take_from_row(state, card)
    me = state.players[p]
    me = replace(me, defeated=(*me.defeated, card), vp=me.vp + d.enemy_vp)
    bonus = ENEMY_BONUS[d.ability]
    state = _with_player(
        state,
        p,
        me,
        crossroads=row,
        cross_pile=pile,
        step=_STEP_DEFEND,
        turn=replace(state.turn, defended=True),
        pending=Pending(bonus, card=card),
    )
    return _after_row_draw(state, exhausted)


def _done(state: State, t: Table, move: Done) -> State:
    """[SR-5] End the current step: production, phase 2, or phase 3 (then phase 4)."""
    step = state.step
    if step is _STEP_PRODUCE:
        # [SR-5.1] unspent production points are lost, a Laborer's too
        turn = replace(state.turn.spend_all(_ABILITY_LABORER), pp=0)
        return replace(state, step=_STEP_BUY, turn=turn)
    if step in _PHASE_2:
        return _enter_trade(state)
    return _end_turn(state)


# --------------------------------------------------------------------------- phase 3


def _enter_trade(state: State) -> State:
    """[SR-5.3] Phase 3 opens with every Crossroads Enemy attacking, left to right."""
    t = table(state.options)
    enemy = t.enemy
    found = []
    for c in state.crossroads:  # a plain loop: no comprehension's function and frame
        if enemy[c]:
            found.append(c)
    attacks = tuple(found)
    state = replace(state, step=_STEP_TRADE, attacks=attacks)
    return _run_attacks(state, t)


def _target_good(caravans: tuple[Caravan, ...], most: bool) -> int:
    """[SR-5.3] The most (or least) valuable good shipped in any of the caravans."""
    present = [g for g in GOODS if any(c.goods[g] for c in caravans)]
    key = (lambda g: (GOOD_VALUE[g], g)) if most else (lambda g: (-GOOD_VALUE[g], -g))
    return max(present, key=key)


def _attack_targets(state: State, t: Table, enemy: int) -> tuple[int, ...]:
    """[SR-8.5] The caravans (routes) an Enemy's attack may hit; () if it does nothing.

    [Rulings] Enemies attack the caravans of the player whose phase 3 it is.
    """
    return attack_routes(state.players[state.active].caravans, t.ability[enemy])


def attack_routes(caravans: tuple[Caravan, ...], ability: Ability) -> tuple[int, ...]:
    """[SR-8.5] The routes of ``caravans`` an Enemy with ``ability`` may hit: a Chieftain
    any caravan, a Bandit (Pirate) those carrying the most (least) valuable good any of
    them carries; () without caravans."""
    if not caravans:
        return ()
    if ability is _ABILITY_CHIEFTAIN:
        return tuple(c.route for c in caravans)
    good = _target_good(caravans, ability is _ABILITY_BANDIT)
    return tuple(c.route for c in caravans if c.goods[good])


def attack_loss(caravans: tuple[Caravan, ...], ability: Ability, route: int) -> int:
    """[SR-8.5] The goods a Bandit (1) or Pirate (2) attack takes from the caravan on
    ``route``, at most what it carries of the good taken (before a Fort saves one,
    [SR-8.3]); a Chieftain takes the whole caravan, counted as 0 here."""
    if ability is _ABILITY_CHIEFTAIN:
        return 0
    bandit = ability is _ABILITY_BANDIT
    good = _target_good(caravans, bandit)
    held = next(c.goods[good] for c in caravans if c.route == route)
    return min(1 if bandit else 2, held)


def _strike(state: State, t: Table, enemy: int, route: int) -> State:
    """[SR-8.5] An Enemy attack strikes the caravan on ``route``; [SR-8.3] with a
    readied Fort the player first decides whether it saves one of the goods taken
    (a Fort does nothing against a Chieftain)."""
    if t.ability[enemy] is _ABILITY_CHIEFTAIN:
        return _hit(state, t, enemy, route, 0)
    loss = attack_loss(state.players[state.active].caravans, t.ability[enemy], route)
    if state.turn.count(_ABILITY_FORT):
        return replace(
            state, pending=Pending(_PENDING_KIND_FORT, card=enemy, count=loss, routes=(route,))
        )
    return _hit(state, t, enemy, route, loss)


def _hit(state: State, t: Table, enemy: int, route: int, loss: int) -> State:
    """[SR-8.5] Apply one Enemy attack to the caravan on ``route``.

    Bandit and Pirate: ``loss`` goods of the most (Bandit) or least (Pirate) valuable
    type shipped; Chieftain: the whole caravan. A caravan left empty is gone.
    """
    p = state.active
    me = state.players[p]
    ability = t.ability[enemy]
    good = _target_good(me.caravans, ability is _ABILITY_BANDIT)
    kept: list[Caravan] = []
    for caravan in me.caravans:
        if caravan.route != route:
            kept.append(caravan)
            continue
        if ability is _ABILITY_CHIEFTAIN:
            continue
        goods = _tuple_add(caravan.goods, good, -loss)
        if any(goods):
            kept.append(replace(caravan, goods=goods))
    return _with_player(state, p, replace(me, caravans=tuple(kept)))


def _run_attacks(state: State, t: Table) -> State:
    """Resolve queued attacks until one needs a decision (the caravan hit, a Fort)."""
    while state.attacks:
        enemy = state.attacks[0]
        targets = _attack_targets(state, t, enemy)
        if len(targets) > 1:
            return replace(state, pending=Pending(_PENDING_KIND_LOSE, card=enemy, routes=targets))
        if targets:
            state = _strike(state, t, enemy, targets[0])
            if state.pending is not None:
                return state
        state = replace(state, attacks=state.attacks[1:])
    if state.pending is None:
        return state  # the attacks are done: none left, no decision waiting
    return replace(state, attacks=(), pending=None)


def _begin(state: State, t: Table, move: Begin) -> State:
    """[SR-5.3] A. Begin a caravan on the lowest free route; goods are loaded next
    (4, plus 1 per readied Warehouse [SR-8.2])."""
    p = state.active
    me = state.players[p]
    turn = state.turn.spend_all(_ABILITY_WAREHOUSE)
    # the trade action first, then a Guard's extra caravan
    turn = turn.spend(_ABILITY_GUARD) if turn.traded else replace(turn, traded=True)
    used = {c.route for c in me.caravans}
    route = min(r for r in range(1, MAX_CARAVANS + 1) if r not in used)
    caravans = tuple(sorted((*me.caravans, Caravan(route, 0, _NO_GOODS)), key=lambda c: c.route))
    me = replace(me, caravans=caravans)
    room = CARAVAN_SIZE + state.turn.count(_ABILITY_WAREHOUSE)
    pending = Pending(_PENDING_KIND_LOAD, count=room, routes=(route,))
    return _with_player(state, p, me, turn=turn, pending=pending)


def _load(state: State, t: Table, pending: Pending, move: Load) -> State:
    """[SR-5.3] Load one good into the caravan being begun; full ends the loading."""
    p = state.active
    me = state.players[p]
    route = pending.routes[0]
    caravans = tuple(
        replace(c, goods=_tuple_add(c.goods, move.good, 1)) if c.route == route else c
        for c in me.caravans
    )
    me = replace(me, caravans=caravans, supply=_tuple_add(me.supply, move.good, -1))
    left = pending.count - 1
    after = None if left == 0 else replace(pending, count=left, n=pending.n + 1)
    return _with_player(state, p, me, pending=after)


def _advance(state: State, t: Table, move: Advance) -> State:
    """[SR-5.3] B. Move every caravan one space, plus one per readied Trader
    ([SR-8.2]); a caravan that has travelled 4 spaces arrives: 2 VP plus the value of
    its goods, which go to the other player's shipment area."""
    p = state.active
    me = state.players[p]
    other = state.players[1 - p]
    steps = 1 + state.turn.count(_ABILITY_TRADER)
    kept: list[Caravan] = []
    vp = me.vp
    shipment = other.shipment
    for caravan in me.caravans:
        position = caravan.position + steps
        if position >= ROUTE_LENGTH:
            vp += 2 + sum(n * GOOD_VALUE[g] for g, n in enumerate(caravan.goods))
            shipment = tuple(a + b for a, b in zip(shipment, caravan.goods, strict=True))
        else:
            kept.append(replace(caravan, position=position))
    me = replace(me, caravans=tuple(kept), vp=vp)
    other = replace(other, shipment=shipment)
    players = (me, other) if p == 0 else (other, me)
    turn = replace(state.turn.spend_all(_ABILITY_TRADER), traded=True)
    return replace(state, players=players, turn=turn)


# --------------------------------------------------------------------------- phase 4


def _end_turn(state: State) -> State:
    """[SR-5.4] Discard the Empire, deal 4 new cards (reshuffling), shuffle discarded
    Crossroads cards back into their draw pile; then the other player's turn, which
    keeps the cards used this round ([SR-5] [SR-8])."""
    p = state.active
    me = state.players[p]
    rng = state.rng
    drawn, draw, discard, rng = _draw(me.draw, me.discard.extend(me.empire), EMPIRE_SIZE, rng)
    me = replace(me, draw=draw, discard=discard, empire=pvector(drawn)).taken_off(len(drawn))
    pile = state.cross_pile
    returned = state.returned
    if state.cross_discard:
        # both players see the discards go back: they are known to be in the pile
        returned = (*(c for c in returned if c in pile), *state.cross_discard)
        order, rng = rng.shuffle((*pile, *state.cross_discard))
        pile = pvector(order)
    nxt = 1 - p
    new_round = nxt == state.first
    round_ = state.round + (1 if new_round else 0)
    # [SR-5] [SR-8] each card's ability once per round: the cards used in the first
    # player's turn stay used in the second player's (a City may pass one on)
    turn = _NEW_TURN if new_round or not state.turn.used else Turn(used=state.turn.used)
    state = _with_player(
        state,
        p,
        me,
        rng=rng,
        cross_pile=pile,
        cross_discard=_EMPTY,
        returned=returned,
        active=nxt,
        round=round_,
        step=_STEP_PRODUCE,
        turn=turn,
        pending=None,
        attacks=(),
    )
    if round_ > state.options.round_limit:
        # the safeguard, not a rule: the game stops without a result
        return _game_over(state, round=state.options.round_limit, truncated=True)
    return state


# --------------------------------------------------------------------------- abilities


def _use(state: State, t: Table, move: Use) -> State:
    """[SR-8] Use the ability of an unused Empire card (once per round)."""
    kind = t.index[move.card]
    me = state.players[state.active]
    used = state.turn.used
    kind_of = t.kind_of
    for card in me.empire:  # the first unused card of the kind, by a plain loop
        if kind_of[card] == kind and card not in used:
            break
    else:  # pragma: no cover - the move is legal
        raise AssertionError("no unused card of that kind")
    turn = replace(state.turn, used=(*used, card))
    return _activate(state, t, t.kinds[kind].ability, card, turn)


def _draw_to_empire(state: State, n: int, **changes: object) -> State:
    """[SR-8.1] Draw ``n`` cards to the Empire (reshuffling as in [SR-5.4]); ``changes``
    are other fields of the state to set at the same time."""
    p = state.active
    me = state.players[p]
    drawn, draw, discard, rng = _draw(me.draw, me.discard, n, state.rng)
    me = replace(me, draw=draw, discard=discard, empire=me.empire.extend(drawn))
    me = me.taken_off(len(drawn))
    return _with_player(state, p, me, rng=rng, **changes)


# The abilities whose effect is readied with its card: it waits for a later event, or
# (Soldier, Encampment, Outpost) lasts while the card stays in the Empire [SR-4].
# A tuple, not a set: membership by identity, without hashing the enum.
_WAITING = (
    _ABILITY_LABORER,
    _ABILITY_SMITH,
    _ABILITY_MERCHANT,
    _ABILITY_OASIS,
    _ABILITY_TRADER,
    _ABILITY_WAREHOUSE,
    _ABILITY_FORT,
    _ABILITY_SOLDIER,
    _ABILITY_ENCAMPMENT,
    _ABILITY_OUTPOST,
)


def _activate(state: State, t: Table, ability: Ability, card: int, turn: Turn) -> State:
    """[SR-8] The effect of an ability used from the Empire card ``card`` (an Envoy
    that copies it), going on with ``turn`` (the card marked used). An effect that waits
    for a later event, or lasts the round (Soldier, Encampment, Outpost), is readied
    with its card ([SR-4] it stops when the card leaves the Empire: built, or given
    away by a City)."""
    p = state.active
    me = state.players[p]
    if ability in _WAITING:
        return replace(state, turn=turn.ready(card, ability))
    if ability is _ABILITY_ARTISAN:  # [SR-8.1] +1 artisan
        return _with_player(state, p, replace(me, artisans=me.artisans + 1), turn=turn)
    if ability is _ABILITY_SCHOLAR:  # [SR-8.1] draw 1 card to the Empire
        return _draw_to_empire(state, 1, turn=turn)
    if ability is _ABILITY_SETTLER:
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_SETTLER))
    if ability is _ABILITY_GUARD:
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_GUARD, card=card))
    if ability is _ABILITY_MARKETPLACE:  # [SR-8.2] +1 VP per built Warehouse
        gain = _built_with(state, p, _ABILITY_WAREHOUSE)
        return _with_player(state, p, replace(me, vp=me.vp + gain), turn=turn)
    if ability is _ABILITY_TRADING_POST:
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_TRADING_POST))
    if ability is _ABILITY_GENERAL:  # [SR-8.3] view the top 3 of the other draw pile
        other = state.players[1 - p]
        shown = tuple(other.draw[:3])
        other = replace(other, draw=other.draw[len(shown) :]).taken_off(len(shown))
        pending = Pending(_PENDING_KIND_GENERAL_TAKE, cards=shown)
        return _with_player(state, 1 - p, other, turn=turn, pending=pending)
    if ability is _ABILITY_GOVERNOR:
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_GOVERNOR, count=2))
    if ability is _ABILITY_AMBASSADOR:
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_AMBASSADOR))
    if ability is _ABILITY_CAPITOL:
        count = min(2, len(state.crossroads))
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_CAPITOL, count=count))
    if ability is _ABILITY_DIPLOMAT:
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_DIPLOMAT, count=1))
    if ability is _ABILITY_CITY:
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_CITY_TAKE))
    if ability is _ABILITY_ENVOY:
        return replace(state, turn=turn, pending=Pending(_PENDING_KIND_ENVOY, card=card))
    raise AssertionError(f"{ability} is not a player ability")  # pragma: no cover


def _discard_from_row(state: State, cards: tuple[int, ...]) -> State:
    """[SR-8.4] Discard Crossroads cards (back to the draw pile in phase 4), then
    replace them in turn from the draw pile; [SR-7] drawing its last card ends a co-op
    game."""
    exhausted = False
    for card in cards:
        row, pile, last = _take_from_row(state, card)
        exhausted = exhausted or last
        state = replace(
            state, crossroads=row, cross_pile=pile, cross_discard=state.cross_discard.append(card)
        )
    return _after_row_draw(state, exhausted)


def _trading_post(state: State, move: Move) -> State:
    """[SR-8.2] Trading Post: one good of the player added to a caravan, or swapped for
    one of its goods."""
    p = state.active
    me = state.players[p]
    assert isinstance(move, Swap)
    caravans = []
    supply = _tuple_add(me.supply, move.good, -1)
    for c in me.caravans:
        if c.route == move.route:
            goods = _tuple_add(c.goods, move.good, 1)
            if move.out is not None:
                goods = _tuple_add(goods, move.out, -1)
                supply = _tuple_add(supply, move.out, 1)
            c = replace(c, goods=goods)
        caravans.append(c)
    me = replace(me, caravans=tuple(caravans), supply=supply)
    return _with_player(state, p, me, pending=None)


def _general_take(state: State, t: Table, pending: Pending, move: Move) -> State:
    """[SR-8.3] General: the card taken goes to the discard pile; the others go back on
    top of the other player's draw pile (the order asked when they differ)."""
    p = state.active
    me = state.players[p]
    assert isinstance(move, Take)
    taken = pending.cards[move.index - 1]
    rest = tuple(c for i, c in enumerate(pending.cards) if i != move.index - 1)
    me = replace(me, discard=me.discard.append(taken))
    state = _with_player(state, p, me, pending=None)
    if len(_distinct_cards(t, rest)) > 1:  # two copies: either order is the same
        return replace(state, pending=Pending(_PENDING_KIND_GENERAL_ORDER, cards=rest))
    other = state.players[1 - p]
    other = replace(other, draw=pvector(rest).extend(other.draw)).put_on(len(rest), (p,))
    return _with_player(state, 1 - p, other)


def _general_order(state: State, pending: Pending, move: Move) -> State:
    """[SR-8.3] General: the card put back on top, the other under it."""
    p = state.active
    assert isinstance(move, Top)
    top = pending.cards[move.index - 1]
    under = [c for c in pending.cards if c != top]
    other = state.players[1 - p]
    other = replace(other, draw=pvector([top, *under]).extend(other.draw))
    other = other.put_on(len(pending.cards), (p,))
    return _with_player(state, 1 - p, other, pending=None)


def _ambassador(state: State, move: Move) -> State:
    """[SR-8.4] Ambassador: the top card of the discard pile chosen goes on top of the
    player's draw pile, where both players know it."""
    p = state.active
    assert isinstance(move, Choose)
    source = p if move.choice is _CHOICE_OWN else 1 - p
    owner = state.players[source]
    card = owner.discard[-1]
    owner = replace(owner, discard=owner.discard.delete(len(owner.discard) - 1))
    players = _set_player(state.players, source, owner)
    me = players[p]
    me = replace(me, draw=pvector([card]).extend(me.draw)).put_on(1, (0, 1))
    return replace(state, players=_set_player(players, p, me), pending=None)


def _goods_bonus(state: State, kind: PendingKind, move: Move) -> State:
    """[SR-8.5] A defeated Bandit's (1) or Pirate's (2) goods, to the supply or a
    caravan, or declined."""
    p = state.active
    me = state.players[p]
    amount = 1 if kind is _PENDING_KIND_BANDIT_BONUS else 2
    if isinstance(move, Done):
        return replace(state, pending=None)
    if isinstance(move, Supply):
        me = replace(me, supply=_tuple_add(me.supply, move.good, amount))
        return _with_player(state, p, me, pending=None)
    assert isinstance(move, Send)
    good = OWN_GOODS[p][0 if amount == 1 else 1]
    joined = tuple(
        replace(c, goods=_tuple_add(c.goods, good, amount)) if c.route == move.route else c
        for c in me.caravans
    )
    return _with_player(state, p, replace(me, caravans=joined), pending=None)


def _discard_pick(state: State, t: Table, pending: Pending, move: Move) -> State:
    """[SR-8.4] Capitol, Diplomat: a Crossroads card picked to discard (a Capitol's
    first waits for the second, from the same row); then both are replaced."""
    assert isinstance(move, Pick)
    kind_index = t.index[move.card]
    card = next(c for c in state.crossroads if t.kind_of[c] == kind_index and c != pending.card)
    if pending.count > 1:  # the second card is picked from the same row
        return replace(state, pending=replace(pending, card=card, count=1))
    picked = (card,) if pending.card < 0 else (pending.card, card)
    return _discard_from_row(replace(state, pending=None), picked)


def _resolve(state: State, t: Table, pending: Pending, move: Move) -> State:
    """[SR-5] [SR-8] Answer the pending decision."""
    kind = pending.kind
    p = state.active
    me = state.players[p]
    if kind is _PENDING_KIND_PAY:
        assert isinstance(move, Pay)
        return _pay(state, t, pending, move)
    if kind is _PENDING_KIND_LOAD:
        if isinstance(move, Done):
            return replace(state, pending=None)
        assert isinstance(move, Load)
        return _load(state, t, pending, move)
    if kind is _PENDING_KIND_LOSE:
        assert isinstance(move, Send)
        state = _strike(replace(state, pending=None), t, pending.card, move.route)
        if state.pending is not None:
            return state
        return _run_attacks(replace(state, attacks=state.attacks[1:]), t)
    if kind is _PENDING_KIND_FORT:  # [SR-8.3]
        loss = pending.count
        if isinstance(move, Save):
            state = replace(state, turn=state.turn.spend(_ABILITY_FORT))
            loss -= 1
            if loss and state.turn.count(_ABILITY_FORT):
                return replace(state, pending=replace(pending, count=loss))
        state = _hit(replace(state, pending=None), t, pending.card, pending.routes[0], loss)
        return _run_attacks(replace(state, attacks=state.attacks[1:]), t)
    if kind is _PENDING_KIND_GUARD:  # [SR-8.2]
        assert isinstance(move, Choose)
        if move.choice is _CHOICE_VP:
            return _with_player(state, p, replace(me, vp=me.vp + 1), pending=None)
        turn = state.turn.ready(pending.card, _ABILITY_GUARD)
        return replace(state, turn=turn, pending=None)
    if kind is _PENDING_KIND_SETTLER:  # [SR-8.1]
        assert isinstance(move, Choose)
        if move.choice is _CHOICE_DRAW:
            return _draw_to_empire(state, 2, pending=None)
        return replace(state, pending=Pending(_PENDING_KIND_SETTLER_PICK))
    if kind is _PENDING_KIND_SETTLER_PICK or kind is _PENDING_KIND_CHIEFTAIN_BONUS:
        if isinstance(move, Done):
            return replace(state, pending=None)
        assert isinstance(move, Pick)
        card = _first_of_kind(state.crossroads, t, t.index[move.card])
        free = kind is _PENDING_KIND_CHIEFTAIN_BONUS
        return replace(state, pending=Pending(_PENDING_KIND_PLACE, card=card, free=free))
    if kind is _PENDING_KIND_PLACE:  # [SR-5.2] a card built straight from the Crossroads
        assert isinstance(move, Place)
        card = pending.card
        cost = 0 if pending.free else t.card[card].artisans
        row, pile, exhausted = _take_from_row(state, card)
        me = replace(me, artisans=me.artisans - cost)
        state = _with_player(state, p, me, crossroads=row, cross_pile=pile, pending=None)
        state = _place(state, p, card, move.field - 1)
        return _after_row_draw(state, exhausted)
    if kind is _PENDING_KIND_TRADING_POST:  # [SR-8.2]
        return _trading_post(state, move)
    if kind is _PENDING_KIND_GENERAL_TAKE:  # [SR-8.3]
        return _general_take(state, t, pending, move)
    if kind is _PENDING_KIND_GENERAL_ORDER:
        return _general_order(state, pending, move)
    if kind is _PENDING_KIND_GOVERNOR:  # [SR-8.3]
        if isinstance(move, Done):
            return replace(state, pending=None)
        assert isinstance(move, Rearrange)
        a = (move.field_a - 1, move.position_a - 1)
        b = (move.field_b - 1, move.position_b - 1)
        fields, after = _governor_result(t, me.fields, pending, a, b)
        # [SR-5.2.S] [Rulings] 22: the VP are those of the fields as the cards lie: stacking
        # bonuses the rearrangement makes are gained, those it breaks are lost
        # (never below 0: a hand-made position may give fewer VP than its fields hold)
        vp = max(0, me.vp + _stacked_vp(t, fields) - _stacked_vp(t, me.fields))
        return _with_player(state, p, replace(me, fields=fields, vp=vp), pending=after)
    if kind is _PENDING_KIND_AMBASSADOR:  # [SR-8.4]
        return _ambassador(state, move)
    if kind is _PENDING_KIND_CAPITOL or kind is _PENDING_KIND_DIPLOMAT:  # [SR-8.4]
        return _discard_pick(state, t, pending, move)
    if kind is _PENDING_KIND_CITY_TAKE:  # [SR-8.4]
        assert isinstance(move, Pick)
        card = _first_of_kind(state.crossroads, t, t.index[move.card])
        return replace(state, pending=Pending(_PENDING_KIND_CITY_GIVE, card=card))
    if kind is _PENDING_KIND_CITY_GIVE:
        assert isinstance(move, Give)
        # [Rulings] a copy whose ability is spent goes first
        given = _leaving_copy(state, t, t.index[move.card])
        taken = pending.card
        row = state.crossroads.set(state.crossroads.index(taken), given)
        me = replace(me, empire=me.empire.remove(given).append(taken))
        turn = state.turn.without(given)
        return _with_player(state, p, me, crossroads=row, pending=None, turn=turn)
    if kind is _PENDING_KIND_ENVOY:  # [SR-8.4]
        assert isinstance(move, Pick)
        ability = t.kinds[t.index[move.card]].ability
        return _activate(replace(state, pending=None), t, ability, pending.card, state.turn)
    if kind is _PENDING_KIND_BANDIT_BONUS or kind is _PENDING_KIND_PIRATE_BONUS:  # [SR-8.5]
        return _goods_bonus(state, kind, move)
    raise AssertionError(f"unhandled decision {kind}")  # pragma: no cover


_HANDLERS: dict[type, Callable[[State, Table, Any], State]] = {
    Produce: _produce,
    Hire: _hire,
    Import: _import,
    Use: _use,
    Buy: _buy,
    Build: _build,
    Defend: _defend,
    Done: _done,
    Begin: _begin,
    Advance: _advance,
}
