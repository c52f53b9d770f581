"""[SR-5] [SR-8] Why a move is refused: the rule, in the table's words.

:func:`explain` answers for a move that ``legal_moves`` does not list (``game.explain``
and every ``IllegalMoveError`` of the title ask it): the section of the rule that
refuses it and a sentence with the cards, goods, fields, caravans and numbers that
decide it::

    [SR-5.2] no buying after a build this turn: P1 has built
    [SR-5.1] silk costs 3 production points; P0 has 2 left
    [SR-5.2] the Bandit has strength 2; P1 has 0 (0 in the fields, 0 readied)

The reasons come from the conditions that make the legal moves, not from a copy of
them: a buy's cost from :func:`~silkroad.serica.rules.effective_cost` and
:func:`~silkroad.serica.rules.can_pay`, an ability from
:func:`~silkroad.serica.rules.can_activate`, a field from
:func:`~silkroad.serica.rules.free_fields`, a pending decision from its options as the
rules made them (``legal_moves``). :func:`why_not` says None exactly for the legal
moves (a test holds it to that on sampled states).
"""

from __future__ import annotations

from collections.abc import Sequence

from silkroad.core.errors import shorten
from silkroad.core.explain import Reason, Verdict
from silkroad.core.words import count
from silkroad.serica.cards import GOOD_VALUE, OWN_GOODS, Ability, CardDef, CardType, Good
from silkroad.serica.moves import (
    MOVE_TYPES,
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
from silkroad.serica.rules import (
    can_activate,
    can_pay,
    distinct_cards,
    distinct_fields,
    effective_cost,
    enemy_strength,
    envoy_kinds,
    field_strength,
    free_fields,
    governor_can,
    governor_twin,
    legal_moves,
    my_strength,
    produce_points,
    row_kinds,
    scores,
    target_good,
    winners,
)
from silkroad.serica.state import (
    FIELD_DEPTH,
    FIELDS,
    MAX_CARAVANS,
    Pending,
    PendingKind,
    State,
    Step,
)
from silkroad.serica.table import Table, table
from silkroad.serica.vocabulary import DECISIONS, STEPS

__all__ = ["explain", "why_not"]

#: [SR-8] The section of each type of card's abilities.
ABILITY_SECTION = {
    CardType.CITIZEN: "SR-8.1",
    CardType.TRADE: "SR-8.2",
    CardType.MILITARY: "SR-8.3",
    CardType.COURT: "SR-8.4",
    CardType.ENEMY: "SR-8.5",
}

#: The moves that answer a decision, and the section of their rule, when none is pending.
_DECISION_MOVES: dict[type, tuple[str, str]] = {
    Pay: ("SR-5.2", "no buy waits for payment"),
    Load: ("SR-5.3", "no caravan is being loaded"),
    Choose: ("SR-8", "no Guard, Settler or Ambassador waits for a choice"),
    Pick: ("SR-8", "no ability or bonus waits for a Crossroads card to be picked"),
    Give: ("SR-8.4", "no City waits for a card to give"),
    Place: ("SR-5.2", "no card built from the Crossroads waits for a field"),
    Send: ("SR-8.5", "no attack or bonus waits for a caravan to be chosen"),
    Supply: ("SR-8.5", "no defeated Enemy's bonus waits to be taken"),
    Swap: ("SR-8.2", "no Trading Post is in use"),
    Take: ("SR-8.3", "no General viewed cards to take"),
    Top: ("SR-8.3", "no General waits to put cards back"),
    Rearrange: ("SR-8.3", "no Governor is in use"),
    Save: ("SR-8.3", "no attack waits for a Fort"),
}

#: How many options a reason lists before "and N more".
_LISTED = 8


def explain(state: State, move: Move) -> Reason:
    """[SR-5] Why ``move`` is not legal in ``state``: the rule that refuses it
    (:func:`why_not`); a move no condition refuses gets the generic "not offered"."""
    reason = why_not(state, move)
    if reason is None:
        return Reason(
            Verdict.NOT_OFFERED, f"{_move_text(move)} is not offered to P{state.active} here"
        )
    return reason


def why_not(state: State, move: Move) -> Reason | None:
    """[SR-5] The reason the rules refuse ``move`` in ``state``, or None when it is legal.

    A move object that names nothing (a card key not in the game, a field beyond the
    fourth, a value that is no good) is an :attr:`~silkroad.core.explain.Verdict.UNKNOWN`
    reason saying what it could not find.
    """
    if state.step is Step.OVER:
        return _over(state)
    t = table(state.options)
    unknown = _malformed(t, move)
    if unknown is not None:
        return Reason(Verdict.UNKNOWN, unknown)
    if state.pending is not None:
        return _decision(state, t, state.pending, move)
    return _step(state, t, move)


# --------------------------------------------------------------------------- the end


def _over(state: State) -> Reason:
    """[SR-6] [SR-7] No move once the game is over."""
    if state.truncated:
        return Reason.by_rule(
            "SR-6",
            f"the game is over: stopped without a result in round {state.round} (no rule "
            "ended it: the game-length safeguard)",
        )
    points = scores(state)
    if state.options.coop:
        won = "both players won" if winners(state) else "the goals were not met"
        return Reason.by_rule(
            "SR-7",
            f"the game is over: the last Crossroads card was drawn; {won} with {points[0]} VP",
        )
    best = " and ".join(f"P{p}" for p in winners(state))
    return Reason.by_rule(
        "SR-6",
        f"the game is over: a player built a tenth card; {best} won with {max(points)} VP",
    )


# --------------------------------------------------------------------------- names


def _int_in(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _malformed(t: Table, move: object) -> str | None:
    """What a move object names that is on no table: None if its fields are in range."""
    if type(move) not in MOVE_TYPES:
        return f"{shorten(move, 60)} is not a Serica move"
    for name in ("good", "out"):
        if not hasattr(move, name):
            continue
        good = getattr(move, name)
        if (good is not None or name == "good") and not isinstance(good, Good):
            return f"{shorten(good, 20)} is not a good ({', '.join(g.label for g in Good)})"
    key = getattr(move, "card", None)
    if key is not None and (not isinstance(key, str) or key not in t.index):
        return f"there is no card {shorten(key, 30)} in this game"
    if isinstance(move, Build | Place) and not _int_in(move.field, 1, FIELDS):
        return f"there is no field {shorten(move.field, 20)}: a player has fields 1 to {FIELDS}"
    if isinstance(move, Send | Swap) and not _int_in(move.route, 1, MAX_CARAVANS):
        return (
            f"there is no caravan {shorten(move.route, 20)}: caravans travel on routes 1 to "
            f"{MAX_CARAVANS}"
        )
    if isinstance(move, Pay) and not _int_in(move.artisans, 0, 99):
        return f"{shorten(move.artisans, 20)} is not a number of artisans"
    choice: object = getattr(move, "choice", Choice.VP)
    if not isinstance(choice, Choice):
        return f"{shorten(choice, 20)} is not a choice ({', '.join(c.value for c in Choice)})"
    if isinstance(move, Take) and not _int_in(move.index, 1, 3):
        return f"there is no viewed card {shorten(move.index, 20)}: a General views 3 cards"
    if isinstance(move, Top) and not _int_in(move.index, 1, 2):
        return f"there is no card {shorten(move.index, 20)} left: a General puts back 2"
    if isinstance(move, Rearrange):
        for field, spot in ((move.field_a, move.position_a), (move.field_b, move.position_b)):
            if not _int_in(field, 1, FIELDS) or not _int_in(spot, 1, FIELD_DEPTH):
                return (
                    f"there is no spot {shorten(field, 10)}.{shorten(spot, 10)}: fields 1 to "
                    f"{FIELDS}, positions 1 to {FIELD_DEPTH}"
                )
    return None


def _move_text(move: object) -> str:
    try:
        text = str(move)
    except Exception:  # a malformed move object: its repr says enough
        return shorten(move, 60)
    return text if len(text) <= 60 else shorten(text, 60)


def _or(words: Sequence[str]) -> str:
    """``wine, gold or silk``."""
    if not words:
        return "none"
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _goods(goods: Sequence[int]) -> str:
    return _or([Good(g).label for g in goods])


def _who(p: int) -> str:
    return f"P{p} ({'Han' if p == 0 else 'Rome'})"


def _kind(t: Table, key: str) -> tuple[int, CardDef]:
    k = t.index[key]
    return k, t.kinds[k]


def _row(state: State, t: Table) -> str:
    names = [t.card[c].name for c in state.crossroads]
    return ", ".join(names) if names else "empty"


def _empire_has(state: State, t: Table, k: int) -> list[int]:
    return [c for c in state.players[state.active].empire if t.kind_of[c] == k]


def _not_in_empire(state: State, t: Table, d: CardDef, rule: str) -> Reason:
    p = state.active
    names = ", ".join(t.card[c].name for c in state.players[p].empire) or "no card"
    return Reason.by_rule(rule, f"P{p} has no {d.name} in the Empire (the Empire: {names})")


def _not_in_row(state: State, t: Table, d: CardDef, rule: str) -> Reason:
    return Reason.by_rule(
        rule, f"there is no {d.name} in the Crossroads (the row: {_row(state, t)})"
    )


# --------------------------------------------------------------------------- the turn


def _wrong_phase(state: State, rule: str, what: str, when: str) -> Reason:
    phase = STEPS[state.step].phase
    return Reason.by_rule(rule, f"{what} is {when}; P{state.active} is in {phase}")


def _step(state: State, t: Table, move: Move) -> Reason | None:
    """[SR-5] No decision pending: the moves of the step."""
    p = state.active
    me = state.players[p]
    turn = state.turn
    step = state.step
    if type(move) in _DECISION_MOVES:
        rule, text = _DECISION_MOVES[type(move)]
        return Reason.by_rule(rule, f"{text}: {_move_text(move)} answers no decision")
    if isinstance(move, Produce | Hire | Import):
        if step is not Step.PRODUCE:
            return _wrong_phase(state, "SR-5.1", "spending production points", "phase 1")
        if isinstance(move, Produce):
            if move.good not in OWN_GOODS[p]:
                return Reason.by_rule(
                    "SR-5.1", f"{_who(p)} produces {_goods(OWN_GOODS[p])}, not {move.good.label}"
                )
            labor = turn.count(Ability.LABORER)
            if GOOD_VALUE[move.good] <= produce_points(state):
                return None
            extra = f" and {labor} Laborer points" if labor else ""
            return Reason.by_rule(
                "SR-5.1",
                f"{move.good.label} costs {GOOD_VALUE[move.good]} production points; "
                f"P{p} has {turn.pp} left{extra}",
            )
        if turn.pp < 1:
            what = "hiring an artisan" if isinstance(move, Hire) else "importing a good"
            return Reason.by_rule("SR-5.1", f"{what} costs 1 production point; P{p} has 0 left")
        if isinstance(move, Import) and not state.players[p].shipment[move.good]:
            return Reason.by_rule(
                "SR-5.1",
                f"P{p}'s shipment area holds no {move.good.label} (the other player ships "
                "goods there when a caravan arrives)",
            )
        return None
    if isinstance(move, Buy):
        return _buy(state, t, move)
    if isinstance(move, Build):
        return _build(state, t, move)
    if isinstance(move, Defend):
        return _defend(state, t, move)
    if isinstance(move, Begin | Advance):
        if step is not Step.TRADE:
            return _wrong_phase(state, "SR-5.3", "trading", "phase 3")
        if isinstance(move, Advance):
            if turn.traded:
                return Reason.by_rule(
                    "SR-5.3", f"one trade action per turn: P{p} has begun or moved caravans"
                )
            if not me.caravans:
                return Reason.by_rule("SR-5.3", f"P{p} has no caravan on the map to move")
            return None
        if len(me.caravans) >= MAX_CARAVANS:
            return Reason.by_rule(
                "SR-5.3", f"P{p} has {len(me.caravans)} caravans, the most a player may have"
            )
        if not any(me.supply[g] for g in OWN_GOODS[p]):
            return Reason.by_rule(
                "SR-5.3", f"P{p} has none of their goods ({_goods(OWN_GOODS[p])}) to load"
            )
        if turn.traded and not turn.count(Ability.GUARD):
            return Reason.by_rule(
                "SR-5.3",
                f"one trade action per turn: P{p} has begun or moved caravans (a readied "
                "Guard would allow another caravan)",
            )
        return None
    if isinstance(move, Use):
        return _use(state, t, move)
    return None  # Done: always legal with no decision pending


def _buy(state: State, t: Table, move: Buy) -> Reason | None:
    """[SR-5.2] A. Buy a non-Enemy Crossroads card, first in phase 2, paying its cost."""
    p = state.active
    step = state.step
    if step is Step.BUILD:
        return Reason.by_rule("SR-5.2", f"no buying after a build this turn: P{p} has built")
    if step is Step.DEFEND:
        return Reason.by_rule(
            "SR-5.2", f"no buying after defeating an Enemy this turn: P{p} has defended"
        )
    if step is not Step.BUY:
        return _wrong_phase(state, "SR-5.2", "buying", "phase 2, before building or defending")
    k, d = _kind(t, move.card)
    if k not in row_kinds(state, enemies=None):
        return _not_in_row(state, t, d, "SR-5.2")
    if d.type is CardType.ENEMY:
        return Reason.by_rule("SR-5.2", f"the {d.name} is an Enemy: it is defeated, not bought")
    if can_pay(state, k):
        return None
    me = state.players[p]
    n, m = effective_cost(state, k)
    held = ", ".join(f"{me.supply[g]} {g.label}" for g in d.goods)
    smith = state.turn.count(Ability.SMITH)
    artisans = f" and {count(me.artisans, 'artisan')} for {smith} Smiths" if smith else ""
    return Reason.by_rule(
        "SR-5.2",
        f"the {d.name} costs {n} {'good' if n == 1 else 'goods'} each of {m} types among "
        f"{', '.join(g.label for g in d.goods)}; P{p} has "
        f"{held}{artisans}",
    )


def _build(state: State, t: Table, move: Build) -> Reason | None:
    """[SR-5.2] B. Build an Empire card into a field, paying its artisans."""
    p = state.active
    me = state.players[p]
    step = state.step
    if step is Step.DEFEND:
        return Reason.by_rule(
            "SR-5.2", f"no building after defeating an Enemy this turn: P{p} has defended"
        )
    if step is not Step.BUY and step is not Step.BUILD:
        return _wrong_phase(state, "SR-5.2", "building", "phase 2, before defending")
    k, d = _kind(t, move.card)
    if not _empire_has(state, t, k):
        return _not_in_empire(state, t, d, "SR-5.2")
    if d.type is CardType.ENEMY:
        return Reason.by_rule("SR-4", f"the {d.name} is an Enemy: it has no cost to build")
    if d.artisans > me.artisans:
        return Reason.by_rule(
            "SR-5.2",
            f"the {d.name} needs {count(d.artisans, 'artisan')} to build; P{p} has {me.artisans}",
        )
    return _field(state, t, move.field, f"build {move.card} in")


def _field(state: State, t: Table, field: int, move: str) -> Reason | None:
    """[SR-5.2] A field with room, and one that is not alike an earlier one."""
    p = state.active
    me = state.players[p]
    free = free_fields(me)
    if field - 1 not in free:
        if not free:
            return Reason.by_rule(
                "SR-5.2", f"all P{p}'s fields are full ({FIELD_DEPTH} cards each)"
            )
        return Reason.by_rule(
            "SR-5.2", f"P{p}'s field {field} is full: it holds {FIELD_DEPTH} cards"
        )
    offered = distinct_fields(state, free)
    if field - 1 in offered:
        return None
    twin = next(f for f in offered if _alike(t, me.fields[f], me.fields[field - 1]))
    held = ", ".join(t.card[c].name for c in me.fields[field - 1]) or "nothing"
    return Reason.by_rule(
        "SR-5.2",
        f"fields {twin + 1} and {field} of P{p} both hold {held}: alike fields are one place "
        f"to build, offered as {move} {twin + 1}",
    )


def _alike(t: Table, a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return [t.kind_of[c] for c in a] == [t.kind_of[c] for c in b]


def _defend(state: State, t: Table, move: Defend) -> Reason | None:
    """[SR-5.2] C. Defeat one Crossroads Enemy a turn, strong enough."""
    p = state.active
    turn = state.turn
    if state.step is Step.PRODUCE or state.step is Step.TRADE:
        return _wrong_phase(state, "SR-5.2", "defending", "phase 2")
    if turn.defended:
        return Reason.by_rule("SR-5.2", f"one Enemy per turn: P{p} has defeated one this turn")
    k, d = _kind(t, move.card)
    if k not in row_kinds(state, enemies=None):
        return _not_in_row(state, t, d, "SR-5.2")
    if d.type is not CardType.ENEMY:
        return Reason.by_rule("SR-5.2", f"the {d.name} is no Enemy: it is bought, not defeated")
    need = enemy_strength(state, k)
    if need <= my_strength(state):
        return None
    outpost = f" ({d.enemy_strength} less {turn.outpost} for Outposts)" if turn.outpost else ""
    fields = field_strength(state, p)
    return Reason.by_rule(
        "SR-5.2",
        f"the {d.name} has strength {need}{outpost}; P{p} has {my_strength(state)} "
        f"({fields} in the fields, {turn.defense} readied)",
    )


# --------------------------------------------------------------------------- abilities


def _use(state: State, t: Table, move: Use) -> Reason | None:
    """[SR-8] Use an unused Empire card's ability, once per round, where it has effect."""
    p = state.active
    k, d = _kind(t, move.card)
    copies = _empire_has(state, t, k)
    if not copies:
        return _not_in_empire(state, t, d, "SR-8")
    if d.type is CardType.ENEMY:
        return Reason.by_rule("SR-4", f"the {d.name} is an Enemy: it has no ability to use")
    if all(c in state.turn.used for c in copies):
        return Reason.by_rule(
            "SR-8", f"each card's ability once per round: P{p}'s {d.name} is used this round"
        )
    ability = d.ability
    rule = ABILITY_SECTION[d.type]
    if can_activate(state, ability):
        return None
    return Reason.by_rule(rule, f"the {d.name} has no effect now: {_no_effect(state, t, ability)}")


def _no_effect(state: State, t: Table, ability: Ability) -> str:
    """[SR-8] Why ``ability`` would change nothing now (``can_activate`` is false)."""
    p = state.active
    me = state.players[p]
    other = state.players[1 - p]
    turn = state.turn
    phase = STEPS[state.step].phase
    if ability is Ability.ARTISAN or ability is Ability.LABORER:
        return f"it works in phase 1 only; P{p} is in {phase}"
    if ability in (Ability.SMITH, Ability.MERCHANT, Ability.OASIS):
        return f"it helps pay for a buy, in phase 1 or 2 before any build; P{p} is in {phase}"
    if ability is Ability.SCHOLAR:
        return f"P{p}'s draw and discard piles are empty"
    if ability is Ability.SETTLER:
        return f"P{p}'s draw and discard piles are empty and no Crossroads card can be built"
    if ability is Ability.MARKETPLACE:
        return f"P{p} has built no Warehouse (1 VP each)"
    if ability is Ability.TRADER:
        if not me.caravans:
            return f"P{p} has no caravan on the map"
        return f"P{p}'s caravans began or moved this turn"
    if ability is Ability.TRADING_POST:
        if not me.caravans:
            return f"P{p} has no caravan on the map"
        return f"P{p} has none of their goods ({_goods(OWN_GOODS[p])}) in supply"
    if ability is Ability.WAREHOUSE:
        if len(me.caravans) >= MAX_CARAVANS:
            return f"P{p} has {len(me.caravans)} caravans, the most: none can be begun"
        return f"P{p} has taken the trade action and no Guard allows another caravan"
    if ability is Ability.OUTPOST:
        if turn.defended:
            return f"P{p} has defeated an Enemy this turn"
        return f"Enemy strength matters only for a defence in phase 2; P{p} is in {phase}"
    if ability is Ability.FORT:
        if not me.caravans:
            return f"P{p} has no caravan on the map to protect"
        return f"the attacks come at the start of phase 3; P{p} is in {phase}"
    if ability is Ability.GENERAL:
        if not other.draw:
            return f"P{1 - p}'s draw pile is empty"
        return (
            f"it needs more strength than P{1 - p}'s {field_strength(state, 1 - p)}; P{p} has "
            f"{my_strength(state)}"
        )
    if ability is Ability.GOVERNOR:
        return f"P{p}'s built cards cannot be rearranged (no two of different kinds, no move)"
    if ability is Ability.AMBASSADOR:
        return "both discard piles are empty"
    if ability in (Ability.CAPITOL, Ability.DIPLOMAT, Ability.CITY):
        return "the Crossroads is empty"
    if ability is Ability.ENVOY:
        return "no Crossroads card has an ability it could copy now"
    return "it has no ability to use"  # pragma: no cover - Enemies are caught before


# --------------------------------------------------------------------------- decisions


def _options(state: State) -> str:
    moves = [str(m) for m in legal_moves(state)]
    if len(moves) > _LISTED:
        return f"{', '.join(moves[:_LISTED])} and {len(moves) - _LISTED} more"
    return _or(moves)


def _decision(state: State, t: Table, pending: Pending, move: Move) -> Reason | None:
    """A pending decision: only its moves, and one of its options."""
    words = DECISIONS[pending.kind]
    rule, what = words.section, words.asks
    p = state.active
    offered = legal_moves(state)  # the decision's options, as the rules made them
    if move in offered:
        return None
    if isinstance(move, Done) and pending.kind is PendingKind.LOAD:
        return Reason.by_rule("SR-5.3", "a caravan begun carries at least one good")
    if isinstance(move, Done) and pending.kind is PendingKind.GOVERNOR and pending.card < 0:
        return Reason.by_rule("SR-8.3", "the Governor rearranges at least one card before done")
    if not any(type(m) is type(move) for m in offered):
        return Reason.by_rule(rule, f"P{p} is to {what} before any other move: {_options(state)}")
    specific = _option(state, t, pending, move)
    if specific is not None:
        return specific
    return Reason.by_rule(
        rule, f"P{p} is to {what}: {_options(state)}; {_move_text(move)} is not one of them"
    )


def _option(state: State, t: Table, pending: Pending, move: Move) -> Reason | None:
    """A specific reason for an answer of the right kind that is not an option."""
    p = state.active
    me = state.players[p]
    kind = pending.kind
    if isinstance(move, Pay):
        return _pay(state, t, pending, move)
    if isinstance(move, Load):
        if move.good not in OWN_GOODS[p]:
            return Reason.by_rule(
                "SR-5.3", f"{_who(p)} ships {_goods(OWN_GOODS[p])}, not {move.good.label}"
            )
        return Reason.by_rule("SR-5.3", f"P{p} has no {move.good.label} in supply")
    if isinstance(move, Send):
        routes = [c.route for c in me.caravans]
        if move.route not in routes:
            return Reason.by_rule(
                "SR-5.3",
                f"P{p} has no caravan {move.route} (caravans: {_or([str(r) for r in routes])})",
            )
        if kind is PendingKind.LOSE:
            enemy = t.card[pending.card]
            return Reason.by_rule(
                "SR-8.5",
                f"the {enemy.name} hits a caravan carrying the good it takes: caravan "
                f"{_or([str(r) for r in pending.routes])}",
            )
    if isinstance(move, Save):
        enemy = t.card[pending.card]
        good = Good(target_good(me.caravans, enemy.ability is Ability.BANDIT))
        return Reason.by_rule(
            "SR-8.3", f"the {enemy.name} takes {good.label}: a Fort saves {good.label}"
        )
    if isinstance(move, Choose):
        return _choose(state, pending, move)
    if isinstance(move, Pick | Give):
        return _pick(state, t, pending, move)
    if isinstance(move, Place):
        return _field(state, t, move.field, "place")
    if isinstance(move, Rearrange):
        return _rearrange(state, t, pending, move)
    if isinstance(move, Supply):
        pair = (
            (Good.GLASSWARE, Good.SPICES)
            if kind is PendingKind.BANDIT_BONUS
            else (Good.WINE, Good.PORCELAIN)
        )
        defeated = "Bandit" if kind is PendingKind.BANDIT_BONUS else "Pirate"
        return Reason.by_rule(
            "SR-8.5", f"a defeated {defeated} gives {_goods(pair)}, not {move.good.label}"
        )
    if isinstance(move, Swap):
        return _swap(state, move)
    if isinstance(move, Take | Top):
        cards = pending.cards
        if move.index > len(cards):
            return Reason.by_rule("SR-8.3", f"there are {len(cards)} cards, no card {move.index}")
        first = distinct_cards(state, cards)
        twin = next(i for i in first if t.kind_of[cards[i]] == t.kind_of[cards[move.index - 1]])
        verb = "take" if isinstance(move, Take) else "top"
        return Reason.by_rule(
            "SR-8.3",
            f"cards {twin + 1} and {move.index} are copies of the {t.card[cards[twin]].name}: "
            f"one choice, offered as {verb} {twin + 1}",
        )
    return None


def _pay(state: State, t: Table, pending: Pending, move: Pay) -> Reason | None:
    """[SR-5.2] [SR-8.1] One goods type of a buy, N goods (artisans with a Smith)."""
    p = state.active
    me = state.players[p]
    d = t.card[pending.card]
    n = pending.n
    good = move.good
    if good not in d.goods:
        return Reason.by_rule(
            "SR-5.2", f"the {d.name} is paid in {_goods(d.goods)}, not {good.label}"
        )
    if good in pending.paid:
        return Reason.by_rule("SR-5.2", f"{good.label} is paid already: each type once")
    if move.artisans and pending.smith <= 0:
        return Reason.by_rule(
            "SR-8.1", "artisans stand in for goods only with a readied Smith, one type each"
        )
    if move.artisans > me.artisans:
        return Reason.by_rule(
            "SR-8.1", f"P{p} has {count(me.artisans, 'artisan')}, not {move.artisans}"
        )
    if move.artisans > n:
        return Reason.by_rule(
            "SR-8.1",
            f"the {d.name} takes {n} {good.label}: {count(move.artisans, 'artisan')} "
            f"{'is' if move.artisans == 1 else 'are'} too many",
        )
    goods = n - move.artisans
    if goods > me.supply[good]:
        with_artisans = f" ({count(move.artisans, 'artisan')} stand in)" if move.artisans else ""
        return Reason.by_rule(
            "SR-5.2",
            f"the {d.name} takes {goods} {good.label}{with_artisans}; P{p} has {me.supply[good]}",
        )
    return Reason.by_rule(
        "SR-5.2",
        f"paying so leaves the other {pending.count - 1} types of the {d.name} unpayable "
        f"(payable: {_options(state)})",
    )


def _choose(state: State, pending: Pending, move: Choose) -> Reason | None:
    """[SR-8.1] Settler, [SR-8.2] Guard, [SR-8.4] Ambassador: the named options."""
    p = state.active
    me = state.players[p]
    kind = pending.kind
    choice = move.choice
    if kind is PendingKind.GUARD:
        if choice is Choice.CARAVAN:
            return Reason.by_rule(
                "SR-8.2", f"P{p} has {len(me.caravans)} caravans, the most: no extra caravan"
            )
        return Reason.by_rule("SR-8.2", "a Guard gives 1 VP (vp) or an extra caravan (caravan)")
    if kind is PendingKind.SETTLER:
        if choice is Choice.DRAW:
            return Reason.by_rule("SR-8.1", f"P{p}'s draw and discard piles are empty")
        if choice is Choice.BUILD:
            if not free_fields(me):
                return Reason.by_rule("SR-8.1", f"all P{p}'s fields are full")
            return Reason.by_rule(
                "SR-8.1",
                f"no Crossroads card can be built with P{p}'s {count(me.artisans, 'artisan')}",
            )
        return Reason.by_rule("SR-8.1", "a Settler draws 2 cards (draw) or builds (build)")
    if kind is PendingKind.AMBASSADOR:
        if choice is Choice.OWN:
            return Reason.by_rule("SR-8.4", f"P{p}'s discard pile is empty")
        if choice is Choice.OTHER:
            return Reason.by_rule("SR-8.4", f"P{1 - p}'s discard pile is empty")
        return Reason.by_rule(
            "SR-8.4",
            "an Ambassador takes the top card of the player's own discard pile (own) or "
            "the other's (other)",
        )
    return None


def _pick(state: State, t: Table, pending: Pending, move: Pick | Give) -> Reason | None:
    """[SR-8] A card picked in the Crossroads, or given from the Empire."""
    p = state.active
    me = state.players[p]
    k, d = _kind(t, move.card)
    kind = pending.kind
    rule = DECISIONS[kind].section
    if isinstance(move, Give):
        return _not_in_empire(state, t, d, "SR-8.4")
    row = [c for c in state.crossroads if c != pending.card]
    if not any(t.kind_of[c] == k for c in row):
        if any(t.kind_of[c] == k for c in state.crossroads):
            return Reason.by_rule(rule, f"the {d.name} is picked already")
        return _not_in_row(state, t, d, rule)
    if kind is PendingKind.CHIEFTAIN_BONUS and not free_fields(me):
        return Reason.by_rule("SR-8.5", f"all P{p}'s fields are full: nothing can be built")
    picks_to_use = (PendingKind.SETTLER_PICK, PendingKind.CHIEFTAIN_BONUS, PendingKind.ENVOY)
    if kind in picks_to_use and d.type is CardType.ENEMY:
        return Reason.by_rule(rule, f"the {d.name} is an Enemy: it cannot be picked here")
    if kind is PendingKind.SETTLER_PICK and d.artisans > me.artisans:
        return Reason.by_rule(
            "SR-8.1",
            f"the {d.name} needs {count(d.artisans, 'artisan')} to build; P{p} has {me.artisans}",
        )
    if kind is PendingKind.ENVOY:
        if d.ability is Ability.ENVOY:
            return Reason.by_rule("SR-8.4", "an Envoy does not copy an Envoy")
        if k not in envoy_kinds(state):
            return Reason.by_rule(
                "SR-8.4",
                f"the {d.name}'s ability has no effect now: {_no_effect(state, t, d.ability)}",
            )
    return None


def _swap(state: State, move: Swap) -> Reason | None:
    """[SR-8.2] Trading Post: add one of your goods to a caravan, or swap one."""
    p = state.active
    me = state.players[p]
    own = OWN_GOODS[p]
    routes = [c.route for c in me.caravans]
    if move.route not in routes:
        return Reason.by_rule("SR-8.2", f"P{p} has no caravan {move.route}")
    for good in (move.good, move.out):
        if good is not None and good not in own:
            return Reason.by_rule("SR-8.2", f"{_who(p)} trades {_goods(own)}, not {good.label}")
    if move.out is not None and move.out == move.good:
        return Reason.by_rule("SR-8.2", f"swapping {move.good.label} for itself changes nothing")
    if not me.supply[move.good]:
        return Reason.by_rule("SR-8.2", f"P{p} has no {move.good.label} in supply")
    if move.out is not None:
        caravan = next(c for c in me.caravans if c.route == move.route)
        if not caravan.goods[move.out]:
            return Reason.by_rule("SR-8.2", f"caravan {move.route} carries no {move.out.label}")
    return None


def _rearrange(state: State, t: Table, pending: Pending, move: Rearrange) -> Reason | None:
    """[SR-8.3] Governor: two built cards of different kinds swap, or a field's outer card
    moves to the next free spot of another field; after a move, one more card may move
    between the same two fields."""
    p = state.active
    fields = state.players[p].fields
    a = (move.field_a - 1, move.position_a - 1)
    b = (move.field_b - 1, move.position_b - 1)
    if governor_can(state, pending, a, b):
        twin = governor_twin(state, pending, a, b)
        if twin is None or twin == move:  # pragma: no cover - then the move is offered
            return None
        return Reason.by_rule(
            "SR-8.3",
            f"{_move_text(move)} leaves P{p}'s fields as {twin} does (alike cards and fields "
            f"are one choice), offered as {twin}",
        )
    spot_a, spot_b = f"{move.field_a}.{move.position_a}", f"{move.field_b}.{move.position_b}"
    full_a, full_b = a[1] < len(fields[a[0]]), b[1] < len(fields[b[0]])
    if full_a and full_b:
        if pending.card >= 0:
            return Reason.by_rule(
                "SR-8.3", "after a card moved, the Governor moves one more card, not a swap"
            )
        name = t.card[fields[a[0]][a[1]]].name
        return Reason.by_rule(
            "SR-8.3",
            f"spots {spot_a} and {spot_b} hold copies of the {name}: swapping them changes nothing",
        )
    if not full_a and not full_b:
        return Reason.by_rule("SR-8.3", f"spots {spot_a} and {spot_b} of P{p} are both empty")
    (fs, i_s), (fd, i_d) = (a, b) if full_a else (b, a)
    if fs == fd:
        return Reason.by_rule("SR-8.3", f"a card moves to another field, not within field {fs + 1}")
    if i_s != len(fields[fs]) - 1:
        return Reason.by_rule(
            "SR-8.3",
            f"only the outer card of field {fs + 1} (spot {fs + 1}.{len(fields[fs])}) can move",
        )
    if i_d != len(fields[fd]):
        if len(fields[fd]) >= FIELD_DEPTH:
            return Reason.by_rule("SR-8.3", f"field {fd + 1} is full: no card can move into it")
        return Reason.by_rule(
            "SR-8.3",
            f"a card moves to the next free spot of field {fd + 1}, "
            f"{fd + 1}.{len(fields[fd]) + 1}: a field has no gap",
        )
    if fields[fs][i_s] == pending.card:
        return Reason.by_rule(
            "SR-8.3", f"the {t.card[pending.card].name} has moved already: another card moves"
        )
    first, second = sorted(pending.routes)
    return Reason.by_rule(
        "SR-8.3", f"the second card moves between fields {first} and {second}, as the first did"
    )
