"""[DH-3.2] Why a move is refused: the rule of the rulebook, with the numbers that decide it.

:func:`explain` answers for a move that ``legal_moves`` does not list (the core asks the
title only for those): the section id of the rule that refuses it and a sentence in the
table's words, such as ``[DH-3.E.11] m1 b5: Begin Painting pays 4 pigment; P0 has 2``.

The reasons are the rules' own conditions, not a second copy of them: a meeple's spot is
refused by ``rules.spot_refusal`` (``spot_open`` is its finding nothing), an effect by
``engine.lack`` (Begin Painting's ``engine.paint_lack`` is ``can_paint``'s condition; a
pack effect's ``lack`` is its hook's ``can``), a card by ``engine.recruit_refusal``
(``recruit_allowed``'s), and each pending decision's options come from the same
functions ``legal_moves`` builds them from (``rules.first_tiles``, ``gain_items``,
``recruit_slots``...). :func:`refusal` is None exactly for the legal moves: a test asks it
about every action id of sampled states, so the reasons cannot drift from the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import cast

from silkroad.core.errors import shorten
from silkroad.core.explain import Reason, Verdict
from silkroad.core.words import count
from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.moves import (
    Ability,
    Bottom,
    Choose,
    Continue,
    Done,
    Keep,
    Move,
    Paint,
    Pass,
    Place,
    Recruit,
    Resolve,
    Take,
    Upgrade,
    UseDie,
)
from silkroad.dunhuang.rules import (
    first_tiles,
    gain_items,
    income_rewards,
    legal_moves,
    meeple_refusal,
    paint_tiles,
    recruit_slots,
    solitaire_result,
    spot_refusal,
    upgrade_tokens,
)
from silkroad.dunhuang.state import (
    MEEPLES,
    ROUNDS,
    SLOTS,
    SPOT_COUNT,
    Choice,
    ChoiceKind,
    Frame,
    Phase,
    State,
)
from silkroad.dunhuang.table import Table, space, table
from silkroad.dunhuang.vocabulary import DECISIONS

__all__ = ["PENDING", "explain", "refusal"]

#: Every kind of Dunhuang move, with the type of each field.
_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {
    Keep: (("tile", int),),
    Paint: (("tile", int),),
    Place: (("meeple", int), ("spot", int)),
    Pass: (),
    Resolve: (("index", int),),
    Done: (),
    Ability: (("use", bool),),
    Upgrade: (("token", str),),
    Take: (("item", str),),
    Recruit: (("card", int), ("slot", int)),
    UseDie: (("side", str),),
    Continue: (("slot", int),),
    Choose: (("option", int),),
    Bottom: (("tile", int),),
}

#: [DH-3.2] For each kind of pending decision: the moves that answer it, the section of
#: its rule, and what it asks, in words (read from the decision's record,
#: :data:`silkroad.dunhuang.vocabulary.DECISIONS`).
PENDING: dict[ChoiceKind, tuple[tuple[type, ...], str, str]] = {
    k: (w.answers, w.section, w.ask) for k, w in DECISIONS.items()
}

#: How many legal moves a reason shows before "and N more".
_SHOWN = 6


def explain(state: State, move: Move) -> Reason:
    """[DH-3.2] Why ``move`` is refused in ``state``: the rule (its section id) and the
    numbers that decide it; a move of no kind of Dunhuang, or naming a card or tile that
    is in no pack of the game, is :attr:`Verdict.UNKNOWN`. Never raises for any move.

    Called for moves that ``legal_moves(state)`` does not list (``game.explain`` checks
    legality first); for a legal one it says that it finds nothing against it.
    """
    found = refusal(state, move)
    if found is not None:
        return found
    # the rules find nothing against it: legal (the drift test keeps this exact)
    who = "nobody" if state.phase is Phase.OVER else f"P{_decider(state)}"
    return Reason(Verdict.NOT_OFFERED, f"{_text(move)} is not among the moves offered to {who}")


def refusal(state: State, move: object) -> Reason | None:
    """[DH-3.2] The reason the rules refuse ``move`` in ``state``, or None when they find
    nothing against it: None exactly for the moves of ``legal_moves(state)``."""
    bad = _malformed(move)
    if bad is not None:
        return bad
    assert isinstance(move, tuple(_FIELDS))
    known = cast(Move, move)  # a move of a Dunhuang kind with fields of the right types
    if state.phase is Phase.OVER:
        return _over(state)
    t = table(state.options)
    unknown = _unknown_id(t, state, known)
    if unknown is not None:  # a tile, card or token of no pack here, whatever is pending
        return unknown
    c = state.choice
    if c is not None:
        return _choice(t, state, c, known)
    if state.frames:
        return _frame(t, state, state.frames[-1], known)
    return _turn(t, state, known)


# -- the move itself ----------------------------------------------------------------------


def _malformed(move: object) -> Reason | None:
    """A move object of no Dunhuang kind, or with a field of the wrong type or beyond the
    components (a fourth meeple, a spot off the board)."""
    fields = _FIELDS.get(type(move))
    if fields is None:
        return Reason(
            Verdict.UNKNOWN, f"{shorten(move, 60)} is not a Dunhuang move (see docs/dunhuang.md)"
        )
    for name, kind in fields:
        value = getattr(move, name, None)
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            return Reason(Verdict.UNKNOWN, f"{type(move).__name__}.{name} is a whole number, "
                          f"got {shorten(value, 40)}")  # fmt: skip
        if kind is not int and not isinstance(value, kind):
            return Reason(Verdict.UNKNOWN, f"{type(move).__name__}.{name} is a {kind.__name__}, "
                          f"got {shorten(value, 40)}")  # fmt: skip
    if isinstance(move, Place):
        if not 0 <= move.meeple < MEEPLES:
            return Reason.by_rule(
                "DH-2.2.1", f"a player has {MEEPLES} meeples, m1 to m{MEEPLES}: there is no "
                f"m{shorten(move.meeple + 1, 20)}",
            )  # fmt: skip
        if not 0 <= move.spot < SPOT_COUNT:
            return Reason.by_rule(
                "DH-2.0", "the action spots are b1-b12, u1-u3, f1.1-f4.3 and solitaire's public "
                f"line p1-p14: spot id {shorten(move.spot, 20)} is none of them",
            )  # fmt: skip
    if isinstance(move, Recruit) and not 0 <= move.slot < SLOTS:
        return Reason.by_rule(
            "DH-2.2.1", f"a player board has {SLOTS} character spots, s1 to s{SLOTS}: there is "
            f"no s{shorten(move.slot + 1, 20)}",
        )  # fmt: skip
    if isinstance(move, Continue) and not 0 <= move.slot < 3:
        return Reason.by_rule(
            "DH-3.C",
            f"a player has 3 fresco spots, 1 to 3: there is no {shorten(move.slot + 1, 20)}",
        )
    if isinstance(move, UseDie) and move.side not in ("left", "right"):
        return Reason.by_rule(
            "DH-3.3.4", f"the reward area has a left and a right spot, not {shorten(move.side, 20)}"
        )
    if isinstance(move, Resolve) and move.index < 0:
        number = shorten(move.index + 1, 20)
        return Reason.by_rule("DH-3.2", f"effects count from e1, not e{number}")
    return None


def _text(move: object) -> str:
    """A move in notation (shortened past 60 characters)."""
    try:
        text = str(move)
    except ValueError:  # a number too long to write out
        return shorten(move, 60)
    return text if len(text) <= 60 else shorten(text, 60)


def _decider(s: State) -> int:
    c = s.choice
    if c is not None:
        return c.player
    return s.frames[-1].player if s.frames else s.turn


def _listed(moves: Sequence[object]) -> str:
    """The first legal moves in notation, ``and N more`` for the rest."""
    shown = ", ".join(str(m) for m in moves[:_SHOWN])
    more = len(moves) - _SHOWN
    return f"{shown} and {more} more" if more > 0 else shown or "none"


def _tiles(tiles: Sequence[int]) -> str:
    return ", ".join(f"t{x}" for x in tiles) or "none"


def _over(s: State) -> Reason:
    """[DH-4] [DH-6.2.6] The game has ended: no move is legal."""
    result = solitaire_result(s)
    if result is not None and not result[0]:
        return Reason.by_rule("DH-6.2.6", f"the game is over: {result[2]}")
    return Reason.by_rule(
        "DH-4", f"the game is over: it ended after the cleanup phase of round {ROUNDS}"
    )


def _unknown_id(t: Table, s: State, move: Move) -> Reason | None:
    """A move naming a fresco tile, a character or a token kind that no pack of this game
    has: :attr:`Verdict.UNKNOWN`, or in solitaire, for an id of a pack not drawn,
    [DH-6.2.1] (None: the move names nothing unknown)."""
    value: object
    known: Collection[object]
    solo_ids: Collection[object]
    if isinstance(move, (Keep, Paint, Bottom)):
        value, known, prefix, what, kind = move.tile, t.tiles, "t", "tile", "fresco tile"
        solo_ids = space(s.options).tile_ids if t.solo else ()
    elif isinstance(move, Upgrade):
        value, known, prefix, what, kind = move.token, t.tokens, "", "token", "token kind"
        solo_ids = space(s.options).token_keys if t.solo else ()
    elif isinstance(move, Recruit):
        value, known, prefix, what, kind = move.card, t.characters, "c", "character", "character"
        solo_ids = space(s.options).char_ids if t.solo else ()
    else:
        return None
    if value in known:
        return None
    packs = ", ".join(s.options.packs)
    if value in solo_ids:
        return Reason.by_rule(
            "DH-6.2.1", f"{prefix}{value} is not a {what} of the two packs this solitaire game "
            f"plays ({packs})",
        )  # fmt: skip
    shown = shorten(value, 20 if prefix else 40)
    return Reason(
        Verdict.UNKNOWN, f"there is no {kind} {prefix}{shown} in this game (packs {packs})"
    )


# -- the decision pending ------------------------------------------------------------------


def _choice_rule(t: Table, c: Choice) -> str:
    """The section of the pending decision's rule (its record's, refined by the table and
    the decision's arg)."""
    words = DECISIONS[c.kind]
    refined = None if words.refined is None else words.refined(t, c)
    return words.section if refined is None else refined


def _pending(s: State, rule: str, what: str, move: Move) -> Reason:
    """[DH-3.2] A move of another kind than the decision pending asks for."""
    return Reason.by_rule(
        rule, f"P{_decider(s)} must first {what} ({_listed(legal_moves(s))}); "
        f"{_text(move)} does not answer that",
    )  # fmt: skip


def _choice(t: Table, s: State, c: Choice, move: Move) -> Reason | None:
    """[DH-3.2] A move while decision ``c`` is pending: of its kind and among its options.

    A kind of decision without a check of its own here is answered from its record and
    the legal moves: a move of another kind is refused with the words of the record, one
    of its kind that is not offered with the moves that are."""
    words = DECISIONS[c.kind]
    rule = _choice_rule(t, c)
    what = words.ask
    if c.kind is ChoiceKind.PACK and c.arg in t.pack_choices:
        what = f"choose {t.pack_choices[c.arg].what}"
    if not isinstance(move, words.answers):
        return _pending(s, rule, what, move)
    check = _CHECKS.get(c.kind)
    if check is not None:
        return check(t, s, c, rule, move)
    if move in legal_moves(s):
        return None
    return Reason.by_rule(rule, f"P{c.player} must {what}: {_listed(legal_moves(s))}")


def _draft(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    """[DH-2.3.5] A tile of the pack the player keeps from."""
    assert isinstance(move, Keep)
    p = c.player
    pack = sorted(s.draft[p])
    if move.tile in pack:
        return None
    return Reason.by_rule(rule, f"t{move.tile} is not in the pack P{p} keeps from ({_tiles(pack)})")


def _place(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    """[DH-2.3.6] A first tile that may be placed first; passing only without one."""
    p = c.player
    ok = first_tiles(t, s, c)
    if isinstance(move, Pass):
        if not ok:
            return None
        return Reason.by_rule(
            rule, f"P{p} has a first tile to place ({_tiles(ok)}): passing is only for "
            "a player without one",
        )  # fmt: skip
    assert isinstance(move, Paint)
    if move.tile in ok:
        return None
    pool = sorted(s.drawn if t.solo else s.players[p].hand)
    if move.tile not in pool:
        where = "the tiles drawn" if t.solo else f"P{p}'s tiles in hand"
        return Reason.by_rule(rule, f"t{move.tile} is not among {where} ({_tiles(pool)})")
    return Reason.by_rule(
        "DH-2.3.6", f"t{move.tile} shows the 'no' icon: it cannot be the first tile placed"
    )


def _income(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    """[DH-3.1.1] An uncovered income reward."""
    assert isinstance(move, Take)
    p = c.player
    open_ = [e.text for e in income_rewards(t, s.players[p])]
    if move.item in open_:
        return None
    if move.item in [e.text for e in t.board.income]:
        return Reason.by_rule(
            rule, f"the income reward {move.item} is covered by a die of P{p} "
            f"(uncovered: {', '.join(open_) or 'none'})",
        )  # fmt: skip
    return Reason.by_rule(
        rule, f"{shorten(move.item, 40)} is not an income reward (uncovered: "
        f"{', '.join(open_) or 'none'})",
    )  # fmt: skip


def _open(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    """[DH-3.2] [DH-3.E.11] A decision whose every answer of its kind is open."""
    return None


def _upgrade(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    """[DH-3.E.2] A token the player holds that has one above it."""
    assert isinstance(move, Upgrade)
    p = c.player
    if move.token in upgrade_tokens(t, s.players[p]):
        return None
    name = engine.token_name(t, move.token)
    if move.token not in engine.upgradable(t) or not t.tokens[move.token].upgrade:
        return Reason.by_rule(rule, f"{name} cannot be upgraded: no token is above it")
    return Reason.by_rule(rule, f"P{p} holds no {name} to upgrade")


def _gain(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    """[DH-3.3.4] [DH-3.E.14] One of the rewards the gain offers."""
    assert isinstance(move, Take)
    items = gain_items(t, c)
    if move.item in items:
        return None
    if c.arg == "product":
        what = "a Product of a pack in play"
    elif c.arg in ("left", "paint-left"):
        what = "a reward of the left spot of the reward area"
    else:
        what = "a Material of a pack in play (the right spot of the reward area)"
    return Reason.by_rule(
        rule, f"P{c.player} takes {what}: {', '.join(items)}; not {shorten(move.item, 40)}"
    )


def _recruiting(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    assert isinstance(move, Recruit)
    return _recruit(t, s, c, rule, move)


def _tile_choice(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    """[DH-3.E.11] [DH-6.2.4] [DH-6.3.3] A tile the painting, or the solitaire draw, offers."""
    assert isinstance(move, (Paint, Bottom))
    p = c.player
    tiles = paint_tiles(t, s, c) if c.kind is ChoiceKind.PAINT else tuple(sorted(s.drawn))
    if move.tile in tiles:
        return None
    if t.solo:
        where = "the tiles drawn from the stack"
    else:
        where = f"P{p}'s tiles in hand or the public fresco"
    return Reason.by_rule(rule, f"t{move.tile} is not among {where} ({_tiles(tiles)})")


def _continuing(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    assert isinstance(move, Continue)
    return _continue(s, c.player, rule, move.slot)


def _pack(t: Table, s: State, c: Choice, rule: str, move: Move) -> Reason | None:
    """[DH-3.E] One of the options of a pack's own choice."""
    assert isinstance(move, Choose)
    made = t.pack_choices[c.arg]
    options = made.options(t, s, c)
    if move.option in options:
        return None
    return Reason.by_rule(
        rule, f"P{c.player} chooses {made.what}, one of {', '.join(map(str, options)) or 'none'}: "
        f"not {shorten(move.option, 20)}",
    )  # fmt: skip


#: The kinds of decision whose refusals say more than the moves offered: the rule's own
#: options, in its words.
_CHECKS: dict[ChoiceKind, Callable[[Table, State, Choice, str, Move], Reason | None]] = {
    ChoiceKind.DRAFT: _draft,
    ChoiceKind.PLACE: _place,
    ChoiceKind.INCOME: _income,
    ChoiceKind.ABILITY: _open,
    ChoiceKind.DIE: _open,
    ChoiceKind.UPGRADE: _upgrade,
    ChoiceKind.GAIN: _gain,
    ChoiceKind.RECRUIT: _recruiting,
    ChoiceKind.PAINT: _tile_choice,
    ChoiceKind.PUBLIC: _tile_choice,
    ChoiceKind.BOTTOM: _tile_choice,
    ChoiceKind.CONTINUE: _continuing,
    ChoiceKind.PACK: _pack,
}


def _recruit(t: Table, s: State, c: Choice, rule: str, move: Recruit) -> Reason | None:
    """[DH-3.E.7] [DH-3.E.8] A card of the row the recruitment may take, to a spot it may
    use."""
    p = c.player
    if move.card not in s.row:
        row = ", ".join(f"c{x}" for x in s.row if x is not None) or "empty"
        return Reason.by_rule(rule, f"c{move.card} is not in the recruiting row ({row})")
    why = engine.recruit_refusal(t, s, c.arg, p, move.card)
    if why is not None:
        return Reason.by_rule(*why)
    slots = recruit_slots(s, c)
    if move.slot in slots:
        return None
    if c.slot is not None:
        return Reason.by_rule(
            rule, f"the character recruited goes to s{c.slot + 1}, the spot of the Gold "
            "character recruiting it",
        )  # fmt: skip
    twin = max(x for x in slots if x < move.slot)
    return Reason.by_rule(
        "DH-2.2.1", f"character spots s{move.slot + 1} and s{twin + 1} of P{p} are alike (no "
        f"character, the same grain, their meeples alike): the move is offered as "
        f"recruit c{move.card} s{twin + 1}",
    )  # fmt: skip


def _continue(s: State, p: int, rule: str, slot: int) -> Reason | None:
    """[DH-3.E.10] An own fresco in progress, not the one a Begin Painting performs."""
    if slot in engine.continue_slots(s, p):
        return None
    spot = s.players[p].frescoes[slot]
    if spot.tile is None:
        return Reason.by_rule(rule, f"P{p}'s fresco spot {slot + 1} holds no tile")
    if spot.die is None:
        return Reason.by_rule(
            "DH-3.D", f"the fresco t{spot.tile} on P{p}'s spot {slot + 1} is complete"
        )
    return Reason.by_rule(
        "DH-3.E.11", f"t{spot.tile} on P{p}'s spot {slot + 1} is being performed by Begin "
        "Painting: its die does not change meanwhile",
    )  # fmt: skip


# -- an action's effects ------------------------------------------------------------------


def _frame(t: Table, s: State, fr: Frame, move: Move) -> Reason | None:
    """[DH-3.2] The effects of an action: resolve one that can be resolved, or end the
    action once one was (never before a pending Emperor's Quest)."""
    if not isinstance(move, (Resolve, Done)):
        return _pending(s, "DH-3.2", "resolve the effects of the action", move)
    ok = engine.resolvable(t, s, fr)
    left = ", ".join(f"e{i + 1} {text}" for i, text in enumerate(fr.effects))
    if isinstance(move, Resolve):
        i = move.index
        if i >= len(fr.effects):
            return Reason.by_rule(
                "DH-3.2",
                f"the action has {count(len(fr.effects), 'effect')} left ({left}): "
                f"there is no e{shorten(i + 1, 20)}",
            )  # fmt: skip
        if i in ok:
            return None
        why = engine.lack(t, s, fr, parse_effect(fr.effects[i]))
        if why is None:  # it could be resolved: the promo tile's upper effects come first
            first = ", ".join(f"e{j + 1}" for j in ok)
            return Reason.by_rule(
                "DH-9.1", f"the upper effects of the promo tile come first ({first}), then "
                f"its lower effect e{i + 1}",
            )  # fmt: skip
        return Reason.by_rule(why[0], f"e{i + 1} {fr.effects[i]}: {why[1]}")
    if not fr.done:
        return Reason.by_rule(
            "DH-3.2", f"no effect of the action is resolved yet ({left}): at least one must "
            "be before the rest is skipped (note 2)",
        )  # fmt: skip
    quest = [i for i in ok if parse_effect(fr.effects[i]).kind == "quest"]
    if quest:
        grain = 0 if fr.slot is None else s.players[fr.player].grain[fr.slot]
        meeple = "the meeple's" if fr.slot is None else f"m{fr.slot + 1}'s"
        return Reason.by_rule(
            "DH-3.E.6", f"the Emperor's Quest e{quest[0] + 1} must be completed with "
            f"{meeple} character ({grain} grain)",
        )  # fmt: skip
    return None


# -- a meeple turn --------------------------------------------------------------------------


def _turn(t: Table, s: State, move: Move) -> Reason | None:
    """[DH-3.2] The player to act places a meeple at home on a spot it may use; passes
    only without one."""
    p = s.turn
    legal = legal_moves(s)
    if isinstance(move, Pass):
        if isinstance(legal[0], Pass):
            return None
        return Reason.by_rule(
            "DH-3.2", f"P{p} can place a meeple ({_listed(legal)}): a turn passes only "
            "without a usable spot",
        )  # fmt: skip
    if not isinstance(move, Place):
        return _pending(s, "DH-3.2", "place a meeple on an action spot", move)
    if not s.players[p].home[move.meeple]:
        lack = meeple_refusal(s, p, move.meeple)
        assert lack is not None
        return Reason.by_rule(*lack)
    lack = spot_refusal(t, s, p, move.meeple, move.spot)
    if lack is not None:
        return Reason.by_rule(*lack)
    lack = meeple_refusal(s, p, move.meeple)
    return None if lack is None else Reason.by_rule(*lack)
