"""[KG-4] [KG-5.2] [KG-7] [KG-8] Why a move is refused: the rule, in the table's words.

:func:`explain` answers for a move that ``legal_moves`` does not list (``game.explain``
and every ``IllegalMoveError`` of the title ask it): the section of the rule that
refuses it and a sentence with the cards, caravans, players and numbers that decide it::

    [KG-5.2] the Great Wheat Field needs 3 mules; P1 has 2
    [KG-4.A] the Spice Trader's caravan action needs 2 pepper; P1 has 1
    [KG-4.C] the Patriarch is a "!" card: it cannot be passed while an action can be paid ...

The reasons come from the conditions that make the legal moves, not from a copy of
them: a front card's moves from its plan in ``Table.plans`` (the costs and the "!" that
``legal_moves`` reads) tested by :func:`~silkroad.kashgar.rules.unpaid`; an order from
:func:`~silkroad.kashgar.rules.order_refusal`, the one test that also makes the orders a
Fulfill offers; a decision from its options, as the rules made them. :func:`why_not`
says None exactly for the legal moves (a test holds it to that on sampled states).

Nothing hidden is told: a card's place is named only when it is on the table for all to
see (a caravan, the discard pile, the display, the orders won, out of the game).
"""

from __future__ import annotations

from collections.abc import Sequence

from silkroad.core.errors import shorten
from silkroad.core.explain import Reason, Verdict
from silkroad.kashgar.cards import DeckKind, Effect
from silkroad.kashgar.describe import amounts_text
from silkroad.kashgar.game import format_move
from silkroad.kashgar.moves import (
    CaravanAction,
    Fulfill,
    Gain,
    Keep,
    Move,
    PartingAction,
    Pass,
    Place,
    Remove,
    Take,
)
from silkroad.kashgar.rules import (
    MAX_ACTIONS,
    MAX_CARAVANS,
    frame_effects,
    left_of,
    legal_moves,
    order_refusal,
    scores,
    shortfall_text,
    twin_key,
    unpaid,
    winners,
)
from silkroad.kashgar.state import Decision, FrameKind, Pending, State
from silkroad.kashgar.table import Table, table
from silkroad.kashgar.vocabulary import DECISIONS

__all__ = ["explain", "why_not"]

_MOVE_TYPES = (CaravanAction, PartingAction, Pass, Gain, Keep, Take, Fulfill, Remove, Place)

#: [KG-4] What a decision move needs that the start of a turn does not have.
_NOT_AT_TURN_START: dict[type, str] = {
    Gain: "no increase with a choice is under way",
    Keep: "no cards were drawn or searched to keep",
    Take: "no action takes a card of the discard pile now",
    Fulfill: "orders are fulfilled only by a caravan or parting action, and none is under way",
    Remove: "no action removes a card now",
    Place: "no card waits to be placed",
}


def explain(state: State, move: Move) -> Reason:
    """[KG-4] Why ``move`` is not legal in ``state``: the rule that refuses it
    (:func:`why_not`); a move the rules' conditions do not refuse (never one the rules
    make) gets the generic "not offered here"."""
    reason = why_not(state, move)
    if reason is None:
        who = state.active if state.pending is None else state.pending.player
        shown = _move_text(state, move)
        return Reason(Verdict.NOT_OFFERED, f"{shown} is not offered to P{who} here")
    return reason


def why_not(state: State, move: Move) -> Reason | None:
    """[KG-4] The reason the rules refuse ``move`` in ``state``, or None when no condition
    refuses it, which is exactly when it is legal.

    A move object that names nothing (a caravan beyond the fourth, a card id not in the
    game, fields of the wrong type) is a :attr:`~silkroad.core.explain.Verdict.UNKNOWN`
    reason saying what it could not find.
    """
    if state.over:
        return _over(state)
    t = table(state.options)
    unknown = _malformed(t, move)
    if unknown is not None:
        return Reason(Verdict.UNKNOWN, unknown)
    if state.pending is None:
        return _turn_start(state, t, move)
    return _decision(state, t, state.pending, move)


# --------------------------------------------------------------------------- the end


def _over(state: State) -> Reason:
    """[KG-6] No move once the game is over."""
    if state.truncated:
        return Reason.by_rule(
            "KG-6",
            f"the game is over: stopped without a result in round {state.round + 1} "
            "(no rule ended it: the game-length safeguard, or nobody had a card)",
        )
    points = scores(state)
    best = ", ".join(f"P{p}" for p in winners(state))
    return Reason.by_rule(
        "KG-6",
        f"the game is over: the round in which a player reached 25 VP is complete; "
        f"{best} won with {max(points)} VP",
    )


# --------------------------------------------------------------------------- names


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _malformed(t: Table, move: object) -> str | None:
    """What a move object names that is on no table: None if its fields are in range."""
    if type(move) not in _MOVE_TYPES:
        return f"{shorten(move, 60)} is not a Kashgar move"
    if isinstance(move, CaravanAction | PartingAction | Pass | Place):
        caravan = move.caravan
        if not _int(caravan) or caravan < 0 or caravan >= MAX_CARAVANS:
            return (
                f"there is no caravan {shorten(_plus_one(caravan), 20)}: a player has at most "
                f"{MAX_CARAVANS} caravans"
            )
    if isinstance(move, CaravanAction | PartingAction):
        action = move.action
        if not _int(action) or action < 0:
            return f"there is no action {shorten(_plus_one(action), 20)}: actions count from 1"
    if isinstance(move, Gain):
        amounts = move.amounts
        if (
            not isinstance(amounts, tuple)
            or len(amounts) != 7
            or not all(_int(n) and n >= 0 for n in amounts)
        ):
            return f"{shorten(amounts, 40)} are not amounts of the 7 tracks"
    card: object = None
    if isinstance(move, Keep | Take | Remove):
        card = move.card
    elif isinstance(move, Fulfill):
        card = move.order
    if (card is not None or isinstance(move, Keep | Take)) and (
        not _int(card) or card < 0 or card >= t.n  # type: ignore[operator]
    ):
        return f"there is no card {shorten(card, 20)} in this game (card ids 0 to {t.n - 1})"
    return None


def _plus_one(number: object) -> object:
    """A field counted from 0 as the notation counts it, from 1."""
    return number + 1 if _int(number) else number  # type: ignore[operator]


def _move_text(state: State, move: object) -> str:
    """The move in the game's notation (cards by name), shortened."""
    try:
        text = format_move(move, state)  # type: ignore[arg-type]
    except Exception:  # a malformed move object: its repr says enough
        return shorten(move, 60)
    return text if len(text) <= 60 else shorten(text, 60)


def _name(state: State, t: Table, card: int) -> str:
    """A card by the name it shows: a person's side, an order's name."""
    od = t.order[card]
    if od is not None:
        return od.name
    return t.face(card, card in state.turned).name


def _or(words: Sequence[str]) -> str:
    """``Planter, Baker or Quack``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _names(state: State, t: Table, cards: Sequence[int]) -> str:
    """The names of ``cards``: ``Planter, Baker or Quack``."""
    return _or([_name(state, t, c) for c in cards])


def _caravans(numbers: Sequence[int]) -> str:
    """``caravan 2``, ``caravan 2 or 3``."""
    return "caravan " + _or([str(c + 1) for c in numbers])


def _where(state: State, t: Table, card: int) -> str:
    """Where ``card`` lies, if everyone can see it: ``"; it is in P1's caravan 2"``;
    nothing for a card in a pile or in someone's hand (that is hidden)."""
    for p, caravans in enumerate(state.caravans):
        for i, caravan in enumerate(caravans):
            if card in caravan:
                return f"; it is in P{p}'s caravan {i + 1}"
    for p, won in enumerate(state.orders_won):
        if card in won:
            return f"; P{p} fulfilled it"
    if card in state.discard:
        return "; it is on the discard pile"
    if card in state.display:
        return "; it is on display"
    if card in state.reserve:
        return "; it is the set-aside Patriarch"
    if card in state.box:
        return "; it is out of the game"
    return ""


def _copy_of(state: State, t: Table, card: int, offered: Sequence[int]) -> Reason | None:
    """[KG-1] Copies of one card are identical components: where choosing either leaves
    the same game, the rules offer one of them (docs, "Identical components"); None if
    no copy of ``card`` is offered."""
    key = twin_key(t, state.turned, card)
    for other in offered:
        if other != card and twin_key(t, state.turned, other) == key:
            return Reason.by_rule(
                "KG-1",
                f"this {_name(state, t, card)} and the one offered are copies of one card, "
                "identical components: choosing either is one move, the one offered",
            )
    return None


# --------------------------------------------------------------------------- the turn


def _turn_start(state: State, t: Table, move: Move) -> Reason | None:
    """[KG-4] The start of a turn: the player selects the front card of a caravan for its
    caravan action, a parting action or a pass."""
    p = state.active
    if not isinstance(move, CaravanAction | PartingAction | Pass):
        return Reason.by_rule(
            "KG-5" if isinstance(move, Fulfill) else "KG-4",
            f"P{p} begins a turn by selecting the front card of a caravan: "
            f"{_NOT_AT_TURN_START[type(move)]}",
        )
    caravans = state.caravans[p]
    c = move.caravan
    if c >= len(caravans):
        return Reason.by_rule(
            "KG-2",
            f"P{p} has {len(caravans)} caravans: there is no caravan {c + 1} (only the "
            "set-aside Patriarch starts a new one)",
        )
    if not caravans[c]:
        return Reason.by_rule(
            "KG-4", f"caravan {c + 1} of P{p} is empty: there is no front card to select"
        )
    card = caravans[c][0]
    turned = card in state.turned
    name = t.face(card, turned).name
    caravan_actions, parting_actions, must_act = t.plans[card + card + turned]
    track = state.tracks[p]
    if isinstance(move, Pass):
        payable = [
            f"{kind} action {a + 1}"
            for kind, actions in (("caravan", caravan_actions), ("parting", parting_actions))
            for a, cost in actions
            if not unpaid(track, cost)
        ]
        if must_act and payable:
            return Reason.by_rule(
                "KG-4.C",
                f'the {name} is a "!" card: it cannot be passed while P{p} can pay one of '
                f"its actions ({', '.join(payable)})",
            )
        return None
    parting = isinstance(move, PartingAction)
    rule, kind = ("KG-4.B", "parting") if parting else ("KG-4.A", "caravan")
    actions = parting_actions if parting else caravan_actions
    a = move.action
    if a >= len(actions):
        has = (
            f"no {kind} action"
            if not actions
            else f"{len(actions)} {kind} action{'s' * (len(actions) > 1)}"
        )
        return Reason.by_rule(
            rule,
            f"the {name} has {has}: no {kind} action {shorten(a + 1, 20)}"
            + (f" (a card has at most {MAX_ACTIONS})" if a >= MAX_ACTIONS else ""),
        )
    cost = actions[a][1]
    if unpaid(track, cost):
        which = f"{kind} action" if len(actions) == 1 else f"{kind} action {a + 1}"
        return Reason.by_rule(
            rule, f"the {name}'s {which} needs {shortfall_text(track, cost, f'P{p}')}"
        )
    return None


# --------------------------------------------------------------------------- decisions


def _source(state: State, t: Table) -> str:
    """The action a decision belongs to: ``the Grocer's parting action``."""
    if not state.stack:
        return "the action"
    frame = state.stack[-1]
    if frame.kind is FrameKind.PAYOUT:
        return f"the {_name(state, t, frame.card)}'s payout"
    face = t.face(frame.card, frame.turned)
    return f"the {face.name}'s {frame.kind.value} action"


def _effect_text(state: State, t: Table) -> tuple[str, Effect | None]:
    """The source's words and the effect the decision comes from (None if unknown)."""
    if not state.stack:
        return _source(state, t), None
    frame = state.stack[-1]
    effects = frame_effects(t, frame)
    effect = effects[frame.step - 1] if 0 < frame.step <= len(effects) else None
    return _source(state, t), effect


#: The decisions whose question names their source and options in words of their own
#: (:func:`_pending_words`); any other asks its record's ``prompt``.
_OWN_QUESTIONS = (
    Decision.GAIN,
    Decision.KEEP,
    Decision.SEARCH,
    Decision.TAKE,
    Decision.FULFILL,
    Decision.REMOVE,
    Decision.PLACE_PATRIARCH,
    Decision.PLACE_LEFT,
    Decision.HERD,
)


def _pending_words(state: State, t: Table, pending: Pending) -> tuple[str, str]:
    """What the pending decision asks, and its options: ``("P0 is to choose the order
    the Grocer's parting action fulfils", "Large Order, Wheat Field or none")``."""
    q = pending.player
    source = _source(state, t)
    kind = pending.kind
    options = [_name(state, t, c) for c in pending.options]
    if kind not in _OWN_QUESTIONS:  # any other decision: its record's question
        words = DECISIONS[kind]
        shown = _caravans(pending.options) if words.caravans else _or(options)
        return f"P{q} is to {words.prompt}", shown
    if kind is Decision.GAIN:  # [KG-7] the "/" between the alternatives
        return f"P{q} is to choose what {source} increases", " / ".join(
            amounts_text(c) for c in pending.choices
        )
    if kind is Decision.KEEP:
        return f"P{q} is to choose {pending.keep} of the cards {source} drew to keep", _or(options)
    if kind is Decision.SEARCH:
        return f"P{q} is to choose the Special card {source} keeps", _or(options)
    if kind is Decision.TAKE:
        return f"P{q} is to choose the card of the discard pile {source} takes", _or(options)
    if kind is Decision.FULFILL:
        return f"P{q} is to choose the order {source} fulfils", _or([*options, "none"])
    if kind is Decision.REMOVE:
        caravan = state.stack[-1].caravan + 1 if state.stack else "?"
        return (
            f"P{q} is to choose the card of caravan {caravan} {source} removes",
            _or([*options, "none"]),
        )
    if kind is Decision.PLACE_PATRIARCH:
        here, *new = pending.options
        start = [f"start caravan {new[0] + 1}"] if new else []
        return f"P{q} is to choose where the set-aside Patriarch goes", _or(
            [f"the back of caravan {here + 1}", *start]
        )
    if kind is Decision.PLACE_LEFT:
        left = left_of(state.options.players, q)
        return (
            f"P{q} is to choose the caravan of P{left}, on the left, that {source} goes to",
            _caravans(pending.options),
        )
    lifted = _name(state, t, pending.cards[0]) if pending.cards else "card"
    source_caravan = pending.sources[0] if pending.sources else -1
    herder = _name(state, t, state.stack[-1].card) if state.stack else "Herder"
    return (
        f"P{q} is to move the {lifted} that P{state.active}'s {herder} lifted from caravan "
        f"{source_caravan + 1} to another of their caravans",
        _caravans([c for c in pending.options if c != source_caravan]),
    )


def _decision(state: State, t: Table, pending: Pending, move: Move) -> Reason | None:
    """A decision of an action under way: only its move, and one of its options."""
    words = DECISIONS[pending.kind]
    answer, rule = words.answer, words.rule
    if type(move) is not answer:
        question, options = _pending_words(state, t, pending)
        return Reason.by_rule(rule, f"{question} before any other move: {options}")
    q = pending.player
    kind = pending.kind
    if kind is Decision.GAIN and isinstance(move, Gain):
        if move.amounts in pending.choices:
            return None
        question, options = _pending_words(state, t, pending)
        return Reason.by_rule(
            rule, f"{question}: {options}; {amounts_text(move.amounts)} is not one of them"
        )
    if words.caravans and isinstance(move, Place):
        return _place(state, t, pending, move.caravan, rule)
    if (kind is Decision.KEEP or kind is Decision.SEARCH) and isinstance(move, Keep):
        return _keep(state, t, pending, move.card, rule)
    if kind is Decision.TAKE and isinstance(move, Take):
        card = move.card
        if card in pending.options:
            return None
        if card in state.discard:
            return _copy_of(state, t, card, pending.options)
        return Reason.by_rule(
            rule,
            f"the {_name(state, t, card)} is not on the discard pile{_where(state, t, card)}",
        )
    if kind is Decision.REMOVE and isinstance(move, Remove):
        return _remove(state, t, pending, move.card, rule)
    if kind is Decision.FULFILL and isinstance(move, Fulfill):
        return _fulfill(state, t, pending, move.order, q)
    # a decision with no refusal of its own: its options, in its record's words
    if move in legal_moves(state):
        return None
    question, options = _pending_words(state, t, pending)
    return Reason.by_rule(rule, f"{question}: {options}")


def _keep(state: State, t: Table, pending: Pending, card: int, rule: str) -> Reason | None:
    """[KG-7] Keep one of the cards looked at; [KG-8] a Messenger's search keeps a
    Special card of the deck or the discard pile."""
    if card in pending.options:
        return None
    name = _name(state, t, card)
    if pending.kind is Decision.SEARCH:
        if t.deck_of[card] is not DeckKind.SPECIAL:
            return Reason.by_rule(
                rule,
                f"{_source(state, t)} searches the Special cards; the {name} is not one of them",
            )
        if card in state.special or card in state.discard:
            return _copy_of(state, t, card, pending.options)
        return Reason.by_rule(
            rule,
            f"the {name} is neither in the Special deck nor on the discard pile"
            f"{_where(state, t, card)}",
        )
    if card in pending.cards:
        return _copy_of(state, t, card, pending.options)
    return Reason.by_rule(
        rule,
        f"the {name} is not among the cards {_source(state, t)} drew "
        f"({_names(state, t, pending.cards)}){_where(state, t, card)}",
    )


def _remove(state: State, t: Table, pending: Pending, card: int | None, rule: str) -> Reason | None:
    """[KG-7] Remove another card of the caravan whose card acts, or none."""
    if card is None or card in pending.options:
        return None
    frame = state.stack[-1]
    row = state.caravans[frame.player][frame.caravan]
    name = _name(state, t, card)
    if card == frame.card:
        return Reason.by_rule(
            rule, f"{_source(state, t)} removes another card of its caravan, not the {name}"
        )
    if card in row:
        return _copy_of(state, t, card, pending.options)
    return Reason.by_rule(
        rule,
        f"{_source(state, t)} removes a card of caravan {frame.caravan + 1} of "
        f"P{frame.player}; the {name} is not in it{_where(state, t, card)}",
    )


def _fulfill(state: State, t: Table, pending: Pending, order: int | None, q: int) -> Reason | None:
    """[KG-5] [KG-5.2] Fulfill one of the orders the action may fulfil, or none."""
    if order is None or order in pending.options:
        return None
    name = _name(state, t, order)
    source, effect = _effect_text(state, t)
    if t.order[order] is None:
        return Reason.by_rule("KG-5", f"the {name} is a person card, not an order")
    looked_at = pending.deck is not None  # the orders come from the top of the order deck
    if looked_at and order not in pending.cards:
        return Reason.by_rule(
            "KG-5",
            f"{source} fulfils one of the orders it looked at on the order deck "
            f"({_names(state, t, pending.cards)}); the {name} is not one of them"
            f"{_where(state, t, order)}",
        )
    if not looked_at and order not in state.display:
        return Reason.by_rule(
            "KG-5.2",
            f"the {name} is not on display (the face-up orders: "
            f"{_names(state, t, state.display)}){_where(state, t, order)}",
        )
    if effect is not None:
        refused = order_refusal(t, state.tracks[q], effect, order, who=f"P{q}")
        if refused is not None:
            return Reason.by_rule(*refused)
    return _copy_of(state, t, order, pending.options)


def _place(state: State, t: Table, pending: Pending, caravan: int, rule: str) -> Reason | None:
    """Where a card goes: the set-aside Patriarch ([KG-1], [Rulings] 10), a Conjuress or
    Messenger to the left player ([KG-8]), a front card a Herder lifted ([KG-8])."""
    if caravan in pending.options and not (
        pending.kind is Decision.HERD and pending.sources and caravan == pending.sources[0]
    ):
        return None
    q = pending.player
    kind = pending.kind
    if kind is Decision.PLACE_LEFT:
        left = left_of(state.options.players, q)
        count = len(state.caravans[left])
        return Reason.by_rule(
            rule, f"P{left}, on the left, has {count} caravans: there is no caravan {caravan + 1}"
        )
    if kind is Decision.HERD and caravan < len(state.caravans[q]):
        return Reason.by_rule(
            rule,
            f"the Herder makes P{q} move each front card to another of their caravans: the "
            f"{_name(state, t, pending.cards[0])} came from caravan {caravan + 1}",
        )
    if kind in (Decision.HERD,):  # (a tuple: later decisions reach the record below)
        return Reason.by_rule(
            rule,
            f"P{q} has {len(state.caravans[q])} caravans: there is no caravan {caravan + 1}",
        )
    question, options = _pending_words(state, t, pending)
    return Reason.by_rule(rule, f"{question}: {options}")
