"""Why a move is refused: the :class:`Reason` a game gives for a move, legal or not.

A title's optional ``explain(state, move)`` (its ``explain.py``) says which rule refuses a
move that is not legal, with the section id and the numbers that decide it::

    [KG-5.2] the Great Wheat Field needs 3 mules; P1 has 2

:func:`explain` asks any game, with a move object, a notation text or an action id: it
parses the text (a text or id that names nothing is a :attr:`Verdict.UNKNOWN` reason
saying what it could not find), says so for a legal move, asks the title for an illegal
one, and falls back on a generic reason ("not offered here") for a game without
``explain``, so every tool explains every refusal. :func:`refusal` writes the message of
an :class:`~silkroad.core.errors.IllegalMoveError` that leads with the reason.

This module knows no title and no registry: a title's ``apply`` finds its own
``explain`` through :func:`silkroad.core.registry.illegal_move`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from silkroad.core.errors import IllegalMoveError, RulesError, shorten
from silkroad.core.protocol import Information

__all__ = [
    "RULE_ID",
    "SEAT_SAMPLES",
    "Reason",
    "Verdict",
    "explain",
    "explain_for_seat",
    "generic_reason",
    "illegal_move_error",
    "reason_of",
    "refusal",
]

#: The shape of a section id a reason cites (``KG-5.2``, ``DH-3.E.6``, ``SR-8``).
RULE_ID = re.compile(r"[A-Z]{2}-[0-9]+(\.[0-9A-Z]+)*")

#: How many legal moves a refusal's message lists before "and N more".
LISTED = 12


class Verdict(enum.Enum):
    """What kind of answer a :class:`Reason` is."""

    #: The move is legal in this state.
    LEGAL = "legal"
    #: A rule of the rulebook refuses it; the reason cites the section.
    RULE = "rule"
    #: The game gives no specific reason: the move is not among those offered here.
    NOT_OFFERED = "not offered"
    #: The notation or action id names nothing on the table (no such card, caravan...).
    UNKNOWN = "unknown"


@attrs.frozen
class Reason:
    """Why a move is, or is not, legal in a state.

    ``rule`` is the rulebook section id that refuses the move (``"KG-5.2"``) for a
    :attr:`Verdict.RULE` reason and None otherwise; ``text`` is a sentence in the table's
    words with the numbers that decide it. ``str(reason)`` is ``[KG-5.2] text``.
    """

    verdict: Verdict
    text: str
    rule: str | None = None

    def __attrs_post_init__(self) -> None:
        if (self.verdict is Verdict.RULE) != (self.rule is not None):
            raise ValueError("a reason cites a rule exactly when its verdict is RULE")
        if self.rule is not None and not RULE_ID.fullmatch(self.rule):
            raise ValueError(f"{self.rule!r} is not a section id (like KG-5.2)")

    @classmethod
    def by_rule(cls, rule: str, text: str) -> Reason:
        """A refusal by the rule of section ``rule`` (``"KG-5.2"``)."""
        return cls(Verdict.RULE, text, rule)

    @property
    def legal(self) -> bool:
        """Whether the move is legal."""
        return self.verdict is Verdict.LEGAL

    @property
    def specific(self) -> bool:
        """Whether a rule of the rulebook is named (not a generic "not offered")."""
        return self.verdict is Verdict.RULE

    def cites(self, section: str) -> bool:
        """Whether the reason cites ``section`` or a part of it: ``DH-3.E`` is cited by a
        reason of ``DH-3.E`` or ``DH-3.E.6`` (an item inside it), ``KG-5`` by one of
        ``KG-5.2``; a reason of ``DH-3.E`` does not cite ``DH-3.E.6`` (the more specific
        section), nor does ``KG-5`` cite ``KG-51``."""
        rule = self.rule
        return rule is not None and (rule == section or rule.startswith(section + "."))

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}" if self.rule is not None else self.text


def _text(game: Any, move: Any, state: Any) -> str:
    try:
        text = str(game.format_move(move, state))
    except Exception:  # a malformed move object: its repr says enough
        return shorten(move, 60)
    return text if len(text) <= 60 else shorten(text, 60)


def generic_reason(game: Any, state: Any, move: Any) -> Reason:
    """The reason of a game that gives none of its own: the move is not offered here.
    ``move`` may be a move or the text a person typed."""
    if game.is_over(state):
        return Reason(Verdict.NOT_OFFERED, "the game is over: no move is legal")
    who = game.current_player(state)
    if isinstance(move, str):
        words = " ".join(move.split())
        text = words if len(words) <= 60 else words[:57] + "..."
    else:
        text = _text(game, move, state)
    return Reason(Verdict.NOT_OFFERED, f"{text} is not among the moves offered to P{who} here")


def _find(legal: Sequence[Any], move: Any) -> bool:
    try:
        return move in legal
    except Exception:  # a move whose comparison fails is not among them
        return False


def explain(game: Any, state: Any, move: Any) -> Reason:
    """Why ``move`` is or is not legal in ``state``, for any game.

    ``move`` is a move object, its notation (``str``) or an action id (``int``: the move
    it stands for, the game's ``action_move``). Notation or an id that names no move
    gives a :attr:`Verdict.UNKNOWN` reason with the parser's words (a card not in the
    game, a caravan that does not exist); a legal move a :attr:`Verdict.LEGAL` one; an
    illegal move the title's ``explain`` (its rules' reason, with the section id), or
    :func:`generic_reason` for a game without one (an action id of its action space that
    it cannot map to a move included). Never raises for a move, whatever it is.
    """
    if isinstance(move, str):
        try:
            move = game.parse_move(state, move)
        except RulesError as exc:
            return Reason(Verdict.UNKNOWN, str(exc))
    elif isinstance(move, int) and not isinstance(move, bool):
        action, move = move, _action_move(game, state, move)
        if move is None:
            return _no_move(game, state, action)
    if not game.is_over(state) and _find(game.legal_moves(state), move):
        return Reason(
            Verdict.LEGAL, f"{_text(game, move, state)} is legal for P{game.current_player(state)}"
        )
    title: Callable[[Any, Any], Reason] | None
    optional = getattr(game, "optional", None)
    if optional is not None and hasattr(optional, "explain"):  # a GameDefinition
        title = optional.explain
    else:  # a game built otherwise may have a method of its own
        title = getattr(game, "explain", None)
    if title is None:
        return generic_reason(game, state, move)
    reason = title(state, move)
    if not isinstance(reason, Reason) or reason.legal:
        raise TypeError(
            f"{game!r}'s explain gave {reason!r:.80} for an illegal move (a Reason that "
            "is not LEGAL)"
        )
    return reason


def _no_move(game: Any, state: Any, action: int) -> Reason:
    """The reason of an action id that stands for no move here: an id outside the action
    space, or one the game's ``action_move`` maps to nothing, names nothing
    (:attr:`Verdict.UNKNOWN`); an id of the action space of a game without
    ``action_move`` (which cannot say what an illegal id stands for) is not offered."""
    unknown = Reason(Verdict.UNKNOWN, f"action {shorten(action)} stands for no move here")
    if _maps_actions(game):
        return unknown
    try:
        size = len(game.action_mask(state))
    except Exception:  # a game whose mask fails: nothing more can be said
        return unknown
    if not 0 <= action < size:
        return unknown
    return generic_reason(game, state, f"action {action}")


def _maps_actions(game: Any) -> bool:
    """Whether the game says what an illegal action id stands for (``action_move``)."""
    optional = getattr(game, "optional", None)
    if optional is not None and hasattr(optional, "action_move"):  # a GameDefinition
        return optional.action_move is not None
    return callable(getattr(game, "action_move", None))


def _action_move(game: Any, state: Any, action: int) -> Any:
    """The move an action id stands for (the game's ``action_move``, else its legal move
    of that id), or None."""
    stands = getattr(game, "action_move", None)
    if stands is not None:
        try:
            return stands(state, action)
        except RulesError:
            return None
    try:
        return game.decode_move(state, action)
    except RulesError:
        return None


def refusal(reason: Reason, move_text: str | None, player: int | None, legal: Sequence[str]) -> str:
    """The message of an :class:`IllegalMoveError`: the reason first, then the move
    (unless ``move_text`` is None: the caller names it) and the legal moves, the first
    :data:`LISTED` of them."""
    if not legal:
        offered = "none, the game is over"
    elif len(legal) <= LISTED:
        offered = ", ".join(legal)
    else:
        offered = f"{', '.join(legal[:LISTED])} and {len(legal) - LISTED} more"
    who = "" if player is None else f"player {player} to act; "
    refused = "" if move_text is None else f"{move_text} refused; "
    return f"{reason} ({refused}{who}legal: {offered})"


def illegal_move_error(game: Any, state: Any, move: Any) -> IllegalMoveError:
    """The :class:`IllegalMoveError` for ``move`` in ``state`` (a move ``apply`` refuses):
    its message leads with the reason (:func:`explain`), which it carries as ``.reason``.
    An ``explain`` that fails is reported as the generic reason, so a refusal is never lost
    behind a second error."""
    try:
        reason = explain(game, state, move)
        if reason.legal:  # the caller found no equal legal move: say so plainly
            reason = generic_reason(game, state, move)
    except Exception:
        reason = generic_reason(game, state, move)
    try:
        legal = [_text(game, m, state) for m in game.legal_moves(state)]
    except RulesError:
        legal = []
    return IllegalMoveError(
        refusal(reason, _text(game, move, state), game.current_player(state), legal),
        state=state,
        move=move,
        reason=reason,
    )


def reason_of(game: Any, state: Any, move: Any, error: BaseException | None = None) -> Reason:
    """The reason a refused ``move`` is refused in ``state``: the one ``error`` (an
    :class:`IllegalMoveError`) carries, else :func:`explain`'s, else (an ``explain`` that
    fails or calls the move legal) the generic one. For tools that report a refusal of a
    game whose ``apply`` may raise an error without a reason (a game written before
    reasons were)."""
    carried = getattr(error, "reason", None)
    if isinstance(carried, Reason) and not carried.legal:
        return carried
    try:
        reason = explain(game, state, move)
    except Exception:
        return generic_reason(game, state, move)
    return generic_reason(game, state, move) if reason.legal else reason


#: How many states dealt from a seat's observation :func:`explain_for_seat` asks.
SEAT_SAMPLES = 3


def explain_for_seat(
    game: Any, state: Any, move: Any, seat: int, *, samples: int = SEAT_SAMPLES
) -> Reason:
    """Why ``move`` is or is not legal, as ``seat`` may know it: a reason that never
    tells the seat what it cannot see, for every output meant for one seat (a person at
    the terminal or at the table server, a learning seat).

    A title's ``explain`` reads the whole state, and a reason could name what is hidden
    from the player ("the top card of the deck is ..."). So in a game of imperfect
    information the seat's reason is not taken from the state itself but from
    ``samples`` states dealt from the seat's observation (``determinize`` with seeds 0,
    1, ...): when they all give the same reason, it depends only on what the seat sees,
    and it is given; when they differ, the reason rests on something hidden from the
    seat, and the generic reason is given instead. What is told is thus a function of
    the seat's observation alone. The legal moves of the seat to act are the same in
    every such state (the conformance suite checks it), so a move is called legal
    exactly when it is. A seat that is not to act is told whose decision it is.
    """
    if game.is_over(state):
        return generic_reason(game, state, move)
    actor = game.current_player(state)
    if actor != seat:
        return Reason(Verdict.NOT_OFFERED, f"it is not P{seat}'s decision: P{actor} is deciding")
    real = _reason_or_generic(game, state, move)
    if real.legal or getattr(game.spec, "information", None) is not Information.IMPERFECT:
        return real
    try:
        observation = game.observe(state, seat)
        told = {
            _reason_or_generic(game, game.determinize(observation, k), move) for k in range(samples)
        }
    except Exception:  # a determinize that fails: say nothing specific
        told = set()
    if len(told) == 1:
        (reason,) = told
        if not reason.legal:
            return reason
    return generic_reason(game, state, move)


def _reason_or_generic(game: Any, state: Any, move: Any) -> Reason:
    """:func:`explain`, or the generic reason when the game's ``explain`` fails."""
    try:
        return explain(game, state, move)
    except Exception:
        return generic_reason(game, state, move)
