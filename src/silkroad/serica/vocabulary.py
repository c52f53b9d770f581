"""[SR-5] [SR-8] Serica's words, one record per member of each kind its texts speak of.

Four kinds: the card abilities (:class:`~silkroad.serica.cards.Ability`, [SR-8]), the
pending decisions (:class:`~silkroad.serica.state.PendingKind`), the steps of a turn
(:class:`~silkroad.serica.state.Step`, [SR-5]) and the named options of a Guard, a
Settler or an Ambassador (:class:`~silkroad.serica.moves.Choice`). Every text of the
title reads its words here: the card texts and move words of ``describe``, the table of
``render``, the card faces and status line of ``svg``, the refusals of ``explain``, the
evaluation's worth of an ability (``evaluate``) and the position file's word for a
decision (``position``). A member added to one of these enums and not here stops the
title at import (:class:`~silkroad.core.vocabulary.Vocabulary`), naming the member.

The position word of a decision, a step and a choice is the member's value (what
``PendingKind("pay")`` reads back); the record does not repeat it.
"""

from __future__ import annotations

import attrs

from silkroad.core.vocabulary import Vocabulary
from silkroad.serica.cards import Ability
from silkroad.serica.moves import Choice
from silkroad.serica.state import PendingKind, Step

__all__ = [
    "ABILITIES",
    "ABILITY_VP",
    "CHOICES",
    "DECISIONS",
    "STEPS",
    "AbilityWords",
    "ChoiceWords",
    "DecisionWords",
    "StepWords",
]

#: The worth, in VP, of an owned card's ability before it is built (the evaluation's
#: flat value: 0.3 until the search was measured buying a third as often as greedy and
#: losing to it; docs/agents.md, "Serica").
ABILITY_VP = 0.2


@attrs.frozen
class AbilityWords:
    """[SR-8] What the texts say of one ability.

    :ivar text: what the ability does while its card is in the Empire, in full (the card
        text of ``describe``, the move list's ``use`` words, ``render``).
    :ivar short: the same in a few words, for a card face of the picture (``svg``): a
        card there is about 130 pixels wide, and most full texts would be cut to a word
        or two. It names the same effect and numbers as ``text``, shorter (a test holds
        both to the card face: the short one fits where the full one does not).
    :ivar worth: the VP the evaluation counts for the ability of a card owned and not yet
        built; None for an ability the evaluation has no value for (``evaluate`` refuses
        to count it rather than reading 0).
    """

    text: str
    short: str
    worth: float | None = ABILITY_VP


@attrs.frozen
class DecisionWords:
    """[SR-5] [SR-8] What the texts say of one kind of pending decision.

    :ivar section: the rulebook section of the rule that asks it (``explain``).
    :ivar asks: what the player is to do, after "P0 is to" (``explain``'s refusals).
    :ivar prompt: the decision as the table shows it (``render``, the terminal's prompt).
    :ivar pick: what a card picked in the Crossroads is picked for, after "picks the X"
        (``describe``); empty for a decision that picks no Crossroads card.
    :ivar done: what ``done`` does in it (``describe``).
    :ivar crossroads: whether the decision is about the Crossroads cards, so that the
        compact table shows them in full (``render.screen``).
    :ivar card: where the card it is about (``Pending.card``) lies, which is where a
        position's ``card`` names it and ``validate`` looks for it: ``"row"`` the
        Crossroads, ``"empire"``, ``"defeated"`` (an Enemy the player defeated),
        ``"fields"`` (a built card), ``""`` about no card.
    :ivar step: the step the decision belongs to when only one can hold it (a position
        naming the decision and no step is at this step), else None.
    :ivar holds: whether it holds cards of its own (``Pending.cards``: a General's).
    :ivar routes: whether it names caravans or fields (``Pending.routes``).
    """

    section: str
    asks: str
    prompt: str
    pick: str = ""
    done: str = "declines the bonus"
    crossroads: bool = False
    card: str = ""
    step: Step | None = None
    holds: bool = False
    routes: bool = False

    def __attrs_post_init__(self) -> None:
        if self.card not in _CARD_PLACES:
            raise TypeError(f"a decision's card lies in one of {_CARD_PLACES}, not {self.card!r}")


@attrs.frozen
class StepWords:
    """[SR-5] What the texts say of one step of a turn.

    :ivar name: the step in a few words (``describe``'s events, ``svg``'s status line).
    :ivar phase: the step as a phase, for refusals (``explain``: "P0 is in ...").
    :ivar doing: what the player does in it (``render``'s decision line); empty when over.
    :ivar done: what ``done`` does in it (``describe``).
    """

    name: str
    phase: str
    doing: str
    done: str


@attrs.frozen
class ChoiceWords:
    """What the texts say of one named option of a Guard, a Settler or an Ambassador.

    :ivar chosen: what the move does, after the player (``describe``).
    """

    chosen: str


#: Where the card a decision is about may lie ("" about no card).
_CARD_PLACES = ("row", "empire", "defeated", "fields", "")


#: [SR-8] Every ability's words.
ABILITIES: Vocabulary[Ability, AbilityWords] = Vocabulary(
    Ability,
    {
        # [SR-8.1] Citizen
        Ability.ARTISAN: AbilityWords("phase 1: gain 1 artisan", "+1 artisan"),
        Ability.LABORER: AbilityWords(
            "phase 1: 1 more production point, for producing goods", "+1 production point"
        ),
        Ability.SCHOLAR: AbilityWords("draw 1 card into your Empire", "draw 1 card to the Empire"),
        Ability.SETTLER: AbilityWords(
            "draw 2 cards into your Empire, or build a Crossroads card for its artisans "
            "without buying it",
            "draw 2, or build a Crossroads card",
        ),
        Ability.SMITH: AbilityWords(
            "for one buy, artisans may stand in for the goods of one type",
            "artisans stand in for 1 goods type",
        ),
        # [SR-8.2] Trade
        Ability.GUARD: AbilityWords(
            "gain 1 VP, or begin one more caravan in phase 3", "+1 VP or 1 more caravan"
        ),
        Ability.MARKETPLACE: AbilityWords(
            "gain 1 VP for each Warehouse built in your fields", "+1 VP per built Warehouse"
        ),
        Ability.MERCHANT: AbilityWords(
            "buy one card needing half its goods types (rounded down)",
            "a buy needs half the types",
        ),
        Ability.TRADER: AbilityWords(
            "your caravans move one more space this phase 3", "caravans move 1 more space"
        ),
        Ability.TRADING_POST: AbilityWords(
            "add 1 good of yours to a caravan, or swap 1 of its goods for 1 from your supply",
            "add or swap a caravan good",
        ),
        Ability.WAREHOUSE: AbilityWords(
            "a caravan begun this turn may carry 1 more good", "+1 good in a new caravan"
        ),
        # [SR-8.3] Military
        Ability.ENCAMPMENT: AbilityWords(
            "+2 defensive strength this round, until the card is built", "+2 defence this round"
        ),
        Ability.FORT: AbilityWords(
            "an Enemy attack takes 1 good less, of your choice (not a Chieftain)",
            "lose 1 good less to attacks",
        ),
        Ability.GENERAL: AbilityWords(
            "with more strength than the other player: look at the top 3 cards of their "
            "draw pile, take 1 to your discard pile, put the others back in any order",
            "if stronger: look at 3, take 1",
        ),
        Ability.GOVERNOR: AbilityWords(
            "move up to 2 of your built cards between two fields", "move up to 2 built cards"
        ),
        Ability.OUTPOST: AbilityWords(
            "every Enemy's strength -1 this round, until the card is built",
            "Enemies 1 weaker this round",
        ),
        Ability.SOLDIER: AbilityWords(
            "+1 defensive strength this round, until the card is built", "+1 defence this round"
        ),
        # [SR-8.4] Court
        Ability.AMBASSADOR: AbilityWords(
            "put the top card of either discard pile on top of your draw pile",
            "a discard top onto your deck",
        ),
        Ability.CAPITOL: AbilityWords(
            "discard 2 Crossroads cards (Enemies too) and replace them",
            "replace 2 Crossroads cards",
        ),
        Ability.CITY: AbilityWords(
            "swap a Crossroads card (an Enemy too) with a card of your Empire",
            "swap Crossroads and Empire card",
        ),
        Ability.DIPLOMAT: AbilityWords(
            "discard 1 Crossroads card (an Enemy too) and replace it", "replace 1 Crossroads card"
        ),
        Ability.ENVOY: AbilityWords(
            "use the ability of a card in the Crossroads (not an Enemy)",
            "copy a Crossroads ability",
        ),
        Ability.OASIS: AbilityWords(
            "buy one Court card needing one goods type less (free at none)",
            "a Court buy needs 1 type less",
        ),
        # [SR-8.5] Enemy: never in the Empire but as a card a City took, which has no
        # ability there and is never built
        Ability.BANDIT: AbilityWords(
            "in phase 3, takes 1 good of the most valuable type from a caravan; defeated: "
            "1 glassware or spices, to your supply or a caravan",
            "attack: takes the best good",
            worth=0.0,
        ),
        Ability.CHIEFTAIN: AbilityWords(
            "in phase 3, takes a whole caravan (its owner chooses which); defeated: build a "
            "Crossroads card for free",
            "attack: removes a caravan",
            worth=0.0,
        ),
        Ability.PIRATE: AbilityWords(
            "in phase 3, takes 2 goods of the least valuable type from a caravan; defeated: "
            "2 wine or porcelain, to your supply or a caravan",
            "attack: takes 2 cheapest goods",
            worth=0.0,
        ),
    },
    "ability",
)

_TO_DISCARD = " to discard"

#: [SR-5] [SR-8] Every pending decision's words.
DECISIONS: Vocabulary[PendingKind, DecisionWords] = Vocabulary(
    PendingKind,
    {
        PendingKind.PAY: DecisionWords(
            "SR-5.2",
            "pay for the card bought",
            "pay the goods of the card being bought, one type at a time",
            card="row",
            step=Step.BUY,
        ),
        PendingKind.LOAD: DecisionWords(
            "SR-5.3",
            "load the caravan begun",
            "load goods into the new caravan ('done' sends it)",
            done="sends the caravan with what is loaded",
            step=Step.TRADE,
            routes=True,
        ),
        PendingKind.LOSE: DecisionWords(
            "SR-8.5",
            "choose the caravan the attack hits",
            "choose the caravan the Enemy hits",
            card="row",
            step=Step.TRADE,
            routes=True,
        ),
        PendingKind.FORT: DecisionWords(
            "SR-8.3",
            "decide whether a Fort saves a good from the attack",
            "save a good with your Fort, or not",
            done="keeps the Fort for a later attack",
            card="row",
            step=Step.TRADE,
            routes=True,
        ),
        PendingKind.GUARD: DecisionWords(
            "SR-8.2",
            "choose the Guard's gift",
            "Guard: 1 VP or one more caravan",
            card="empire",
        ),
        PendingKind.SETTLER: DecisionWords(
            "SR-8.1",
            "choose what the Settler does",
            "Settler: draw 2 cards or build from the Crossroads",
        ),
        PendingKind.SETTLER_PICK: DecisionWords(
            "SR-8.1",
            "pick the Crossroads card the Settler builds",
            "Settler: choose the Crossroads card to build",
            pick=" to build",
            crossroads=True,
        ),
        PendingKind.PLACE: DecisionWords(
            "SR-5.2",
            "choose the field of the card built from the Crossroads",
            "choose the field for the card",
            card="row",
        ),
        PendingKind.TRADING_POST: DecisionWords(
            "SR-8.2",
            "add or swap a good with the Trading Post",
            "Trading Post: add a good to a caravan or swap one",
        ),
        PendingKind.GENERAL_TAKE: DecisionWords(
            "SR-8.3",
            "take one of the cards the General viewed",
            "General: take one of the viewed cards",
            holds=True,
        ),
        PendingKind.GENERAL_ORDER: DecisionWords(
            "SR-8.3",
            "put back on top one of the cards the General left",
            "General: which card goes back on top",
            holds=True,
        ),
        PendingKind.GOVERNOR: DecisionWords(
            "SR-8.3",
            "rearrange built cards with the Governor",
            "Governor: move your built cards",
            done="moves no more cards",
            card="fields",
            routes=True,
        ),
        PendingKind.AMBASSADOR: DecisionWords(
            "SR-8.4", "choose the discard pile of the Ambassador", "Ambassador: whose discard pile"
        ),
        PendingKind.CAPITOL: DecisionWords(
            "SR-8.4",
            "pick the Crossroads cards the Capitol discards",
            "Capitol: choose a Crossroads card to discard",
            pick=_TO_DISCARD,
            crossroads=True,
            card="row",
        ),
        PendingKind.DIPLOMAT: DecisionWords(
            "SR-8.4",
            "pick the Crossroads card the Diplomat discards",
            "Diplomat: choose a Crossroads card to discard",
            pick=_TO_DISCARD,
            crossroads=True,
            card="row",
        ),
        PendingKind.CITY_TAKE: DecisionWords(
            "SR-8.4",
            "pick the Crossroads card the City takes",
            "City: choose the Crossroads card to take",
            pick=" to take into the Empire",
            crossroads=True,
        ),
        PendingKind.CITY_GIVE: DecisionWords(
            "SR-8.4",
            "give an Empire card to the Crossroads for the City",
            "City: choose the Empire card to give",
            card="row",
        ),
        PendingKind.ENVOY: DecisionWords(
            "SR-8.4",
            "pick the Crossroads card whose ability the Envoy copies",
            "Envoy: choose the Crossroads card whose ability to copy",
            pick=" to copy its ability",
            crossroads=True,
            card="empire",
        ),
        PendingKind.BANDIT_BONUS: DecisionWords(
            "SR-8.5",
            "take the defeated Bandit's bonus",
            "the defeated Bandit's bonus",
            card="defeated",
            step=Step.DEFEND,
        ),
        PendingKind.PIRATE_BONUS: DecisionWords(
            "SR-8.5",
            "take the defeated Pirate's bonus",
            "the defeated Pirate's bonus",
            card="defeated",
            step=Step.DEFEND,
        ),
        PendingKind.CHIEFTAIN_BONUS: DecisionWords(
            "SR-8.5",
            "take the defeated Chieftain's bonus",
            "the defeated Chieftain's bonus: a free build",
            pick=" to build for free",
            card="defeated",
            step=Step.DEFEND,
        ),
    },
    "decision",
)

#: [SR-5] Every step's words.
STEPS: Vocabulary[Step, StepWords] = Vocabulary(
    Step,
    {
        Step.PRODUCE: StepWords(
            "phase 1, production",
            "phase 1 (production)",
            "phase 1: spend production points (goods of your own, artisans, shipped goods)",
            "ends production",
        ),
        Step.BUY: StepWords(
            "phase 2, buy",
            "phase 2 (buy)",
            "phase 2 A: buy Crossroads cards (then build, then defend)",
            "ends buying",
        ),
        Step.BUILD: StepWords(
            "phase 2, build",
            "phase 2 (build)",
            "phase 2 B: build Empire cards into your fields (then defend)",
            "ends building",
        ),
        Step.DEFEND: StepWords(
            "phase 2, defend",
            "phase 2 (defend)",
            "phase 2 C: defeat an Enemy in the Crossroads",
            "ends phase 2",
        ),
        Step.TRADE: StepWords(
            "phase 3, trade",
            "phase 3 (trade)",
            "phase 3: begin a caravan or move your caravans",
            "ends the turn (phase 4: a new Empire is dealt)",
        ),
        Step.OVER: StepWords("game over", "no phase (the game is over)", "", "done"),
    },
    "step",
)

#: [SR-8.1] [SR-8.2] [SR-8.4] Every named option's words.
CHOICES: Vocabulary[Choice, ChoiceWords] = Vocabulary(
    Choice,
    {
        Choice.VP: ChoiceWords("takes 1 VP"),
        Choice.CARAVAN: ChoiceWords("may begin one more caravan"),
        Choice.DRAW: ChoiceWords("draws 2 cards into the Empire"),
        Choice.BUILD: ChoiceWords("builds a Crossroads card without buying it"),
        Choice.OWN: ChoiceWords("takes the top card of their own discard pile"),
        Choice.OTHER: ChoiceWords("takes the top card of the other player's discard pile"),
    },
    "choice",
)
