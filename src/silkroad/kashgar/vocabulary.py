"""[KG-7] [KG-8] The words of Kashgar's kinds: one record per effect and per decision.

Every text of the title that speaks of an effect (``describe``'s card texts, the rules
page of ``docgen``, the evaluation's worth of a card) or of a pending decision (the
question ``render`` asks at the terminal, the picture's caption, the position file's
comment, ``explain``'s refusals, ``validate``'s check of which effect asked it) reads
the record of that kind here, instead of keeping a table of its own.

:data:`EFFECTS` holds one :class:`EffectWords` per :class:`~silkroad.kashgar.cards.Op`,
:data:`DECISIONS` one :class:`DecisionWords` per
:class:`~silkroad.kashgar.state.Decision`; :class:`~silkroad.core.vocabulary.Vocabulary`
refuses at import a member without its record. Adding an effect touches the data
(``cards.Op``), its rule (``rules._execute``) and its record here; an effect that asks a
choice adds a ``Decision`` member, the rule that asks and answers it (``rules._decide``)
and the decision's record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from silkroad.core.vocabulary import Vocabulary
from silkroad.kashgar.cards import (
    RESOURCES,
    SPICES,
    Amounts,
    Condition,
    DeckKind,
    Effect,
    Op,
    Target,
    amount_text,
)
from silkroad.kashgar.moves import Fulfill, Gain, Keep, Move, Place, Remove, Take
from silkroad.kashgar.state import Decision, Pending

__all__ = [
    "CARAVAN_DECISIONS",
    "DECISIONS",
    "DECK_NAMES",
    "EFFECTS",
    "DecisionWords",
    "EffectWords",
    "amounts_text",
]


# --------------------------------------------------------------------------- words


def amounts_text(amounts: Sequence[int]) -> str:
    """``2 pepper, 1 mule``: the non-zero amounts in track order (``nothing`` if none)."""
    parts = [amount_text(r, n) for r, n in zip(RESOURCES, amounts, strict=True) if n > 0]
    return ", ".join(parts) or "nothing"


#: The names of the decks a Draw takes from, as the cards print them.
DECK_NAMES = {DeckKind.STANDARD: "Standard", DeckKind.SPECIAL: "Special"}


def _choices(choices: Sequence[Amounts]) -> str:
    """The alternatives of an Increase: ``1 mule or 1 gold``; five alternatives that
    differ only by one spice each read ``2 of any one spice`` (the [KG-1.1] symbol)."""
    if len(choices) == 1:
        return amounts_text(choices[0])
    common = tuple(min(c[i] for c in choices) for i in range(len(RESOURCES)))
    extra = [tuple(c[i] - common[i] for i in range(len(RESOURCES))) for c in choices]
    if len(choices) == len(SPICES):
        amounts = {max(e) for e in extra}
        if len(amounts) == 1 and all(
            e[i] == max(e) and sum(e) == max(e) for i, e in enumerate(extra)
        ):
            n = amounts.pop()
            base = amounts_text(common) + " and " if any(common) else ""
            return f"{base}{n} of any one spice"
    return " or ".join(amounts_text(c) for c in choices)


def _bound(c: Condition) -> str:
    """``5 or more mules``, ``no gold``."""
    noun = amount_text(c.resource, 2).split(" ", 1)[1]  # the plural: "mules", "gold"
    if c.at_most == 0 and not c.at_least:
        return f"no {noun}"
    if c.at_least is not None and c.at_most is not None:
        return f"{c.at_least} to {c.at_most} {noun}"
    if c.at_least is not None:
        return f"{c.at_least} or more {noun}"
    return f"{c.at_most} or less {noun}"


def _track_text(e: Effect, what: str, mine: str, theirs: str) -> str:
    """[KG-7] An Increase, Decrease or Set in words, with its target and condition."""
    cond = e.condition
    if e.target is Target.OTHERS:
        who = "every other player"
        if cond is not None and not cond.any_other:
            who += f" with {_bound(cond)}"
        text = f"{who} {theirs} {what}"
    else:
        text = f"{mine} {what}"
        if cond is not None and not cond.any_other:
            text += f" if you have {_bound(cond)}"
    if cond is not None and cond.any_other:
        text += f" if another player has {_bound(cond)}"
    return text


def _increase_text(e: Effect) -> str:
    return _track_text(e, _choices(e.choices), "gain", "gains")


def _decrease_text(e: Effect) -> str:
    return _track_text(e, amounts_text(e.choices[0]), "lose", "loses")


def _set_text(e: Effect) -> str:
    what = ", ".join(
        f"{r.value} to {n}" for r, n in zip(RESOURCES, e.choices[0], strict=True) if n >= 0
    )
    return _track_text(e, what, "set your", "sets their")


def _draw_text(e: Effect) -> str:
    assert e.deck is not None
    cards = f"{e.count} {DECK_NAMES.get(e.deck, e.deck.value)} card{'s' * (e.count != 1)}"
    keep = "keep it" if e.count == 1 else "keep them" if e.keep == e.count else f"keep {e.keep}"
    return f"draw {cards}, {keep}"


def _fulfill_text(e: Effect) -> str:
    kinds = " or ".join(k.value for k in e.kinds)
    words = ["fulfil 1", *([kinds] if kinds else []), *(["grain-field"] if e.grain else [])]
    text = " ".join(words) + " order"
    if e.from_deck:
        text += f" from the top {e.count} of the order deck"
    return text + (" for free" if e.free else "")


def _fixed(text: str) -> Callable[[Effect], str]:
    """The text of an effect that has no parameters."""
    return lambda _e: text


# --------------------------------------------------------------------------- worth

#: The evaluation's worth of one unit of a track the acting player gains.
INCREASE_UNIT = 0.15


def _increase_worth(e: Effect) -> float:
    """Gaining for oneself: the largest alternative's units; others' gains count 0."""
    if e.choices and e.target is Target.SELF:
        return INCREASE_UNIT * max(sum(c) for c in e.choices)
    return 0.0


def _worth(value: float) -> Callable[[Effect], float]:
    """The worth of an effect whose parameters do not change it."""
    return lambda _e: value


# --------------------------------------------------------------------------- records


@attrs.frozen
class EffectWords:
    """What the title's texts say of one kind of effect ([KG-7] [KG-8]).

    :ivar text: the effect in words, on the cards' texts and the docs page (``describe.
        effect_text``): ``gain 1 mule or 1 gold``, ``draw 2 Standard cards, keep 1``.
    :ivar worth: what the effect adds to the worth of a card's action in the evaluation
        (``evaluate``): a number for every effect, 0 for one the evaluation ignores.
    :ivar asks: the decision the effect may leave pending (None if it never asks one).
    """

    text: Callable[[Effect], str]
    worth: Callable[[Effect], float]
    asks: Decision | None = None


@attrs.frozen
class DecisionWords:
    """What the title's texts say of one kind of pending decision.

    :ivar effect: the effect that asks it (``validate`` holds a pending decision to it).
    :ivar answer: the move that answers it (``explain`` refuses any other).
    :ivar rule: the section of the rule that asks it, cited by ``explain``.
    :ivar prompt: the question at the terminal (``render``): ``choose a card to keep``.
    :ivar caption: the picture's words for the decider (``svg``): ``P1 chooses ...``.
    :ivar position: the position file's comment on the decision (``to_position``), from
        the pending decision and its held cards' names.
    :ivar caravans: its options are caravans (numbered from 1 in texts), not cards.
    :ivar other_caravans: the decider needs to see the other players' caravans.
    :ivar shows_discard: the decider chooses in the discard pile, shown card by card.
    :ivar private_cards: the decider holds cards looked at from a deck (``pending.
        cards``), which the other players' observations hide, giving only their number.
    """

    effect: Op
    answer: type[Move]
    rule: str
    prompt: str
    caption: str
    position: Callable[[Pending, str], str]
    caravans: bool = False
    other_caravans: bool = False
    shows_discard: bool = False
    private_cards: bool = False


def _said(text: str) -> Callable[[Pending, str], str]:
    """A position comment that names nothing of the decision."""
    return lambda _p, _cards: text


EFFECTS: Vocabulary[Op, EffectWords] = Vocabulary(
    Op,
    {
        Op.INCREASE: EffectWords(_increase_text, _increase_worth, Decision.GAIN),
        Op.DECREASE: EffectWords(_decrease_text, _worth(0.0)),
        Op.SET: EffectWords(_set_text, _worth(0.3)),
        Op.DRAW: EffectWords(_draw_text, _worth(0.5), Decision.KEEP),
        Op.TAKE_DISCARD: EffectWords(
            _fixed("take a card from the discard pile"), _worth(0.4), Decision.TAKE
        ),
        Op.TURN: EffectWords(_fixed("turn this card over"), _worth(0.0)),
        Op.REMOVE: EffectWords(
            _fixed("you may remove another card of this caravan from the game"),
            _worth(0.0),
            Decision.REMOVE,
        ),
        Op.FULFILL: EffectWords(_fulfill_text, _worth(1.2), Decision.FULFILL),
        Op.TAKE_PATRIARCH: EffectWords(
            _fixed(
                "bring the set-aside Patriarch into play (a new caravan, or the back of this one)"
            ),
            _worth(0.4),
            Decision.PLACE_PATRIARCH,
        ),
        Op.MOVE_TO_LEFT: EffectWords(
            _fixed("put this card at the back of a caravan of the player on your left"),
            _worth(0.0),
            Decision.PLACE_LEFT,
        ),
        Op.EXTRA_TURN: EffectWords(_fixed("take another turn"), _worth(0.6)),
        Op.HERD: EffectWords(
            _fixed(
                "every other player moves the front card of each caravan to the back of "
                "another of their caravans"
            ),
            _worth(0.3),
            Decision.HERD,
        ),
        Op.SEARCH: EffectWords(
            _fixed("search the Special cards (and any on the discard pile), keep 1"),
            _worth(0.6),
            Decision.SEARCH,
        ),
    },
    "effect",
)

DECISIONS: Vocabulary[Decision, DecisionWords] = Vocabulary(
    Decision,
    {
        Decision.GAIN: DecisionWords(
            Op.INCREASE,
            Gain,
            "KG-7",
            "choose what to gain",
            "chooses what to gain",
            _said("which alternative of the increase to take"),
        ),
        Decision.KEEP: DecisionWords(
            Op.DRAW,
            Keep,
            "KG-7",
            "choose a card to keep",
            "chooses which drawn card to keep",
            lambda p, cards: f"which {p.keep} of the drawn cards to keep ({cards})",
            private_cards=True,
        ),
        Decision.SEARCH: DecisionWords(
            Op.SEARCH,
            Keep,
            "KG-8",
            "choose a Special card to take",
            "chooses which Special card to keep",
            _said("which Special card to keep"),
        ),
        Decision.TAKE: DecisionWords(
            Op.TAKE_DISCARD,
            Take,
            "KG-7",
            "choose a card to take from the discard pile",
            "chooses a card from the discard pile",
            _said("which card of the discard pile to take"),
            shows_discard=True,
        ),
        Decision.FULFILL: DecisionWords(
            Op.FULFILL,
            Fulfill,
            "KG-5.2",
            "choose an order to fulfil",
            "chooses which order to fulfil",
            lambda p, _cards: "which order to fulfill" + (" (free)" if p.keep else ""),
            private_cards=True,
        ),
        Decision.REMOVE: DecisionWords(
            Op.REMOVE,
            Remove,
            "KG-7",
            "choose a card to remove from the game, or none",
            "may remove a card of the caravan",
            _said("which card of the caravan to remove, if any"),
        ),
        Decision.PLACE_PATRIARCH: DecisionWords(
            Op.TAKE_PATRIARCH,
            Place,
            "KG-1",
            "choose where the set-aside Patriarch goes",
            "places the set-aside Patriarch",
            _said("where the set-aside Patriarch goes"),
            caravans=True,
        ),
        Decision.PLACE_LEFT: DecisionWords(
            Op.MOVE_TO_LEFT,
            Place,
            "KG-8",
            "choose a caravan of the player on the left for the card",
            "chooses a caravan of the left player",
            _said("which caravan of the left player receives the card"),
            caravans=True,
            other_caravans=True,
        ),
        Decision.HERD: DecisionWords(
            Op.HERD,
            Place,
            "KG-8",
            "choose the caravan the lifted front card goes to",
            "moves a front card to another caravan",
            lambda _p, cards: f"which caravan receives the lifted front card ({cards})",
            caravans=True,
            other_caravans=True,
        ),
    },
    "decision",
)


#: The decisions whose options are caravans (numbered from 1 in texts), not cards.
CARAVAN_DECISIONS: tuple[Decision, ...] = tuple(k for k, r in DECISIONS.items() if r.caravans)


def _check_links() -> None:
    """The decision an effect asks names that effect back, and every decision is asked by
    the effect its record names: a gap is a bug of this module."""
    for op, words in EFFECTS.items():
        if words.asks is not None and DECISIONS[words.asks].effect is not op:
            raise TypeError(f"{op.name} asks {words.asks.name}, whose record names another")
    for kind, record in DECISIONS.items():
        if EFFECTS[record.effect].asks is not kind:
            raise TypeError(f"{kind.name} is asked by {record.effect.name}, which asks another")


_check_links()
