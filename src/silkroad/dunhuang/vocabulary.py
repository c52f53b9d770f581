"""[DH-3.E] [DH-3.2] What Dunhuang's texts say of each kind of effect and of decision.

One record per member of :class:`~silkroad.dunhuang.cards.EffectKind` (:data:`EFFECTS`),
of :class:`~silkroad.dunhuang.state.ChoiceKind` (:data:`DECISIONS`) and of
:class:`~silkroad.dunhuang.state.Phase` (:data:`PHASES`), read by every
text instead of a table of its own: the card and move words of ``describe``, the
effects table of ``docgen``, the refusals of ``explain``, the prompt of ``render`` (the
question at the terminal), the position file's comment line, and the worth the
evaluation gives an effect. Adding a kind of effect touches the data, its rule and its
record here; a kind of decision, its member in ``state``, the rule that asks it and its
record here. A member without a record stops the import (``core.vocabulary``).

A pack's own effects keep their words in their pack module (``Pack.words``). The phases
(:data:`PHASES`) have a title for the picture; the other texts say a phase by its value
(``action phase``).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from silkroad.core.errors import RulesError
from silkroad.core.vocabulary import Vocabulary
from silkroad.dunhuang.cards import Effect, EffectKind, parse_effect
from silkroad.dunhuang.engine import token_name
from silkroad.dunhuang.moves import (
    Ability,
    Bottom,
    Choose,
    Continue,
    Keep,
    Move,
    Paint,
    Pass,
    Recruit,
    Take,
    Upgrade,
    UseDie,
)
from silkroad.dunhuang.promos import LOWER
from silkroad.dunhuang.state import Choice, ChoiceKind, Phase
from silkroad.dunhuang.table import Table

__all__ = [
    "COIN_VP",
    "DECISIONS",
    "EFFECTS",
    "PHASES",
    "PIGMENT_VP",
    "DecisionWords",
    "EffectWords",
    "PhaseWords",
    "effect_text",
    "effect_worth",
    "item_text",
    "many",
    "plural",
]

#: [DH-4] What the evaluation counts a coin and a pigment as, in VP.
COIN_VP = 0.6
PIGMENT_VP = 0.5


def plural(n: int, word: str) -> str:
    """``1 coin``, ``2 coins``; ``2 VP``, ``2 pigment``."""
    return f"{n} {word}" if n == 1 or word in ("VP", "pigment") else f"{n} {word}s"


def many(name: str, n: int) -> str:
    """``2 Clothes Tiles``, ``2 Field Tiles (Tier 2)``, ``1 Gold Product``."""
    if n == 1:
        return f"1 {name}"
    head, sep, tail = name.partition(" (")
    if not head.endswith("s"):
        head += "s"
    return f"{n} {head}{sep}{tail}"


def item_text(t: Table, item: str, n: int) -> str:
    """An amount of a cost or reward item: ``2 coins``, ``1 grain``, ``1 Silk Product``."""
    if item in ("coin", "pigment", "vp", "grain"):
        word = {"coin": "coin", "pigment": "pigment", "vp": "VP", "grain": "grain"}[item]
        return f"{n} {word}" if word in ("VP", "pigment", "grain") else plural(n, word)
    return many(token_name(t, item), n)


# --------------------------------------------------------------------------- effects


@attrs.frozen
class EffectWords:
    """What the texts say of one kind of effect.

    :ivar section: the rulebook item of the effect (``DH-3.E.1``).
    :ivar name: what the effect is, for the effects table of the docs page.
    :ivar notation: how a data file writes it, for the same table.
    :ivar text: the effect in words at a table (token names, the paint cost...), for the
        card texts, the moves and the picture.
    :ivar worth: what the evaluation counts the effect as, in VP; None: the evaluation
        has no value for it (asking is an error, never a silent 0).
    """

    section: str
    name: str
    notation: str
    text: Callable[[Table, Effect], str]
    worth: Callable[[Effect], float] | None = None


def _gain(t: Table, e: Effect) -> str:
    return f"gain {item_text(t, e.kind, e.amount)}"


def _token_gain(t: Table, e: Effect) -> str:
    if e.kind == "product" and e.arg == "any":
        return "gain 1 Product of any pack"
    return f"gain 1 {token_name(t, f'{e.arg}-{e.kind}')}"


def _quest(t: Table, e: Effect) -> str:
    n = e.amount
    if n == 2:
        return (
            f"Emperor's Quest: the meeple's character pays {n} grain for {3 * n} VP "
            "(3 VP if it has only 1)"
        )
    return "Emperor's Quest: the meeple's character pays 1 grain for 3 VP"


def _paid(t: Table, e: Effect) -> str:
    left = ", ".join(item_text(t, item, amount) for item, amount in e.cost)
    right = ", ".join(effect_text(t, r) for r in e.then)
    return f"pay {left}: {right}" if e.kind == "pay" else f"if you have {left}: {right}"


def _paint(t: Table, e: Effect) -> str:
    return (
        f"Begin Painting: pay {t.board.paint_cost} pigment, place a tile from your hand "
        "(or the public fresco) on your rightmost free fresco spot and perform it"
    )


def _words(text: str) -> Callable[[Table, Effect], str]:
    def words(t: Table, e: Effect) -> str:
        return text

    return words


#: [DH-3.E] The words of every kind of effect of the notation.
EFFECTS: Vocabulary[EffectKind, EffectWords] = Vocabulary(
    EffectKind,
    {
        EffectKind.MATERIAL: EffectWords(
            "DH-3.E.1", "gain Material", "`material silk`", _token_gain, lambda e: 1.0
        ),
        EffectKind.UPGRADE: EffectWords(
            "DH-3.E.2",
            "upgrade a token",
            "`upgrade`",
            _words("upgrade one of your resource tokens"),
        ),
        EffectKind.PIGMENT: EffectWords(
            "DH-3.E.3",
            "gain pigment",
            "`pigment`, `pigment 2`",
            _gain,
            lambda e: PIGMENT_VP * e.amount,
        ),
        EffectKind.COIN: EffectWords(
            "DH-3.E.4", "gain coins", "`coin`, `coin 2`", _gain, lambda e: COIN_VP * e.amount
        ),
        EffectKind.VP: EffectWords("DH-3.E.5", "gain VP", "`vp 3`", _gain, lambda e: e.amount),
        EffectKind.QUEST: EffectWords(
            "DH-3.E.6", "Emperor's Quest (1 or 2 grain)", "`quest 2`", _quest
        ),
        EffectKind.RECRUIT: EffectWords(
            "DH-3.E.7",
            "Recruitment",
            "`recruit`",
            _words("recruit a character from the row, paying its coins"),
        ),
        EffectKind.FREE_RECRUIT: EffectWords(
            "DH-3.E.8",
            "Free Recruitment",
            "`free-recruit`",
            _words("recruit a character from the row for free"),
        ),
        EffectKind.PAY: EffectWords(
            "DH-3.E.9", "Payment", "`pay coin 1, silk-product 1 -> vp 4 & pigment`", _paid
        ),
        EffectKind.CONTINUE: EffectWords(
            "DH-3.E.10",
            "Continue Painting",
            "`continue`",
            _words("advance one of your frescoes (its die -1)"),
        ),
        EffectKind.PAINT: EffectWords("DH-3.E.11", "Begin Painting", "`paint`", _paint),
        EffectKind.IF: EffectWords("DH-3.E.12", "Triggered", "`if china-faience 1 -> vp 3`", _paid),
        EffectKind.PRODUCT: EffectWords(
            "DH-3.E.14",
            "gain Product",
            "`product tea`, `product any`",
            _token_gain,
            lambda e: 1.0,
        ),
        EffectKind.PAINT_FOR: EffectWords(
            "DH-7.1",
            "Begin Painting for N pigment (a quest reward)",
            "`paint-for 2`",
            lambda t, e: f"Begin Painting for {e.amount} pigment",
        ),
    },
    "effect",
)

_KINDS = {k.value: k for k in EffectKind}


def effect_text(t: Table, e: Effect | str) -> str:
    """[DH-3.E] One effect in words: ``gain 1 Silk Material``, ``Emperor's Quest: pay up
    to 2 grain of the meeple's character for 3 VP each``, ``pay 1 coin: gain 3 VP``; a
    pack's own effect in the words its pack module gives."""
    if isinstance(e, str):
        e = parse_effect(e)
    kind = _KINDS.get(e.kind)
    if kind is not None:
        return EFFECTS[kind].text(t, e)
    if e.kind == LOWER:
        lower = t.promo_lower.get(e.amount)
        if lower is not None:
            return f"{effect_text(t, lower)} (this tile's die -1; at most twice)"
    for module in t.modules:
        words = module.words.get(e.kind)
        if words is not None:
            return (words(t) if callable(words) else words).format(n=e.amount)
    return e.text


def effect_worth(e: Effect) -> float:
    """[DH-4] What the evaluation counts effect ``e`` as, in VP.

    :raises RulesError: for an effect it has no value for (a decision, a pack's own
        effect): never a silent 0.
    """
    kind = _KINDS.get(e.kind)
    worth = None if kind is None else EFFECTS[kind].worth
    if worth is None:
        raise RulesError(f"the evaluation has no value for the effect {e.text or e.kind!r}")
    return float(worth(e))


# --------------------------------------------------------------------------- decisions


@attrs.frozen
class DecisionWords:
    """What the texts say of one kind of pending decision.

    :ivar section: the rulebook section of the rule that asks it.
    :ivar answers: the kinds of move that answer it.
    :ivar ask: what the player must first do, for a refused move of another kind.
    :ivar prompt: the question at the table, for ``render`` (``P1 to act: ...``).
    :ivar question: what is decided, for the position file's heading line.
    :ivar phase: the phase the decision is taken in when a position leaves it out (None:
        the position gives it).
    :ivar in_action: taken inside an action of the action phase (a position that gives
        no ``[action]`` gets one).
    :ivar refined: the section for a decision at a table, where the solitaire rules, a
        pack or the decision's ``arg`` say which rule asks it (None, or its answer None:
        ``section``).
    """

    section: str
    answers: tuple[type[Move], ...]
    ask: str
    prompt: Callable[[Choice], str]
    question: Callable[[Choice], str]
    phase: Phase | None = None
    in_action: bool = False
    refined: Callable[[Table, Choice], str | None] | None = None


def _fixed(text: str) -> Callable[[Choice], str]:
    def words(c: Choice) -> str:
        return text

    return words


#: [DH-3.3] [DH-3.E] Why a gain is being chosen, by the choice's ``arg``.
_GAIN_WHY = {
    "product": ": a Product of your choice",
    "left": ": the reward of your die on the left reward spot",
    "right": ": a Material, the reward of your die on the right reward spot",
    "paint-left": ": the reward of the die your painting takes from the left reward spot",
    "paint-right": ": a Material, the reward of the die your painting takes from the right "
    "reward spot",
}


def _gain_rule(t: Table, c: Choice) -> str:
    if c.arg == "product":
        return "DH-3.E.14"
    return "DH-3.E.11" if c.arg.startswith("paint-") else "DH-3.3.4"


def _place_rule(t: Table, c: Choice) -> str | None:
    return "DH-6.2.3" if t.solo else None


def _paint_rule(t: Table, c: Choice) -> str | None:
    return "DH-6.3.3" if t.solo else None


def _recruit_rule(t: Table, c: Choice) -> str | None:
    return None if c.arg == "paid" else t.recruit_rules.get(c.arg, ("DH-3.E.8", ""))[0]


def _pack_rule(t: Table, c: Choice) -> str:
    pack = t.pack_choices.get(c.arg)
    return "DH-3.E" if pack is None else pack.rule


def _gain_prompt(c: Choice) -> str:
    return f"choose what to gain{_GAIN_WHY.get(c.arg, '')}"


#: [DH-3.2] The words of every kind of pending decision.
DECISIONS: Vocabulary[ChoiceKind, DecisionWords] = Vocabulary(
    ChoiceKind,
    {
        ChoiceKind.DRAFT: DecisionWords(
            "DH-2.3.5",
            (Keep,),
            "keep a fresco tile of the pack being drafted",
            _fixed("keep a fresco tile of the pack you draft from"),
            _fixed("which fresco tile to keep from the draft"),
            Phase.DRAFT,
        ),
        ChoiceKind.PLACE: DecisionWords(
            "DH-2.3.6",
            (Paint, Pass),
            "place a first fresco tile",
            _fixed("place a first fresco tile (face down until everyone has)"),
            _fixed("which tile to place first"),
            Phase.PLACE,
            refined=_place_rule,
        ),
        ChoiceKind.INCOME: DecisionWords(
            "DH-3.1.1",
            (Take,),
            "take an income reward",
            _fixed("take an uncovered income reward"),
            _fixed("which income reward to take"),
            Phase.START,
        ),
        ChoiceKind.ABILITY: DecisionWords(
            "DH-3.2",
            (Ability,),
            "decide whether to use the character's ability",
            _fixed("use the ability of the meeple's character, or not"),
            _fixed("whether to activate the meeple's character"),
        ),
        ChoiceKind.UPGRADE: DecisionWords(
            "DH-3.E.2",
            (Upgrade,),
            "choose a token to upgrade",
            _fixed("choose a token to upgrade"),
            _fixed("which token to upgrade"),
            in_action=True,
        ),
        ChoiceKind.GAIN: DecisionWords(
            "DH-3.3.4",
            (Take,),
            "take a reward",
            _gain_prompt,
            lambda c: f"which reward to gain ({c.arg})",
            refined=_gain_rule,
        ),
        ChoiceKind.RECRUIT: DecisionWords(
            "DH-3.E.7",
            (Recruit,),
            "recruit a character of the row",
            _fixed("choose a character and a character spot"),
            _fixed("which character to recruit, to which spot"),
            in_action=True,
            refined=_recruit_rule,
        ),
        ChoiceKind.PAINT: DecisionWords(
            "DH-3.E.11",
            (Paint,),
            "choose the fresco tile to paint",
            _fixed("choose the tile to paint"),
            _fixed("which tile to paint"),
            in_action=True,
            refined=_paint_rule,
        ),
        ChoiceKind.DIE: DecisionWords(
            "DH-3.E.11",
            (UseDie,),
            "choose a die of the reward area for the fresco",
            _fixed("choose the reward-area die to use"),
            _fixed("which reward-area die to use"),
            in_action=True,
        ),
        ChoiceKind.CONTINUE: DecisionWords(
            "DH-3.E.10",
            (Continue,),
            "choose an own fresco to advance",
            _fixed("choose the fresco to advance"),
            _fixed("which own fresco advances"),
            in_action=True,
        ),
        ChoiceKind.PACK: DecisionWords(
            "DH-3.E",
            (Choose,),
            "make a pack's choice",
            _fixed("make the pack's choice"),
            lambda c: f"the choice of {c.arg}",
            in_action=True,
            refined=_pack_rule,
        ),
        ChoiceKind.PUBLIC: DecisionWords(
            "DH-6.2.4",
            (Paint,),
            "choose a drawn tile to be a public fresco",
            _fixed("choose a drawn tile to become a public fresco"),
            _fixed("which drawn tile becomes a public fresco"),
            Phase.PLACE,
        ),
        ChoiceKind.BOTTOM: DecisionWords(
            "DH-6.3.3",
            (Bottom,),
            "put a drawn tile at the bottom of the stack",
            _fixed("choose the drawn tile to put at the bottom of the stack next"),
            _fixed("which drawn tile goes to the bottom of the stack next"),
        ),
    },
    "decision",
)


# --------------------------------------------------------------------------- phases


@attrs.frozen
class PhaseWords:
    """What the texts say of a phase.

    :ivar title: the phase in the status line of the picture (``svg``).
    """

    title: str


#: [DH-2] [DH-3] The words of every phase.
PHASES: Vocabulary[Phase, PhaseWords] = Vocabulary(
    Phase,
    {
        Phase.DRAFT: PhaseWords("fresco draft"),
        Phase.PLACE: PhaseWords("placing the first frescoes"),
        Phase.START: PhaseWords("starting phase"),
        Phase.ACTION: PhaseWords("action phase"),
        Phase.CLEANUP: PhaseWords("cleanup phase"),
        Phase.OVER: PhaseWords("game over"),
    },
    "phase",
)
