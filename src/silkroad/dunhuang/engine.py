"""[DH-3.E] The effect interpreter and the helpers rules and packs share.

Effects are resolved inside frames (:class:`Frame`): an action's frame lets the player
choose the order and skip effects; reward and ability frames resolve in order. An effect
that needs a decision sets ``state.choice``; :func:`settle` then waits for the move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from silkroad.core.evolve import replace as _replace
from silkroad.core.memo import LastValue
from silkroad.core.words import count
from silkroad.dunhuang.cards import Effect, parse_effect
from silkroad.dunhuang.state import (
    SOLO_DRAW,
    Action,
    Choice,
    ChoiceKind,
    Frame,
    FrescoSpot,
    Player,
    Solo,
    State,
)

if TYPE_CHECKING:
    from silkroad.core.rng import Rng
    from silkroad.dunhuang.table import Table

_T = TypeVar("_T")

__all__ = [
    "Lack",
    "add_counter",
    "add_tokens",
    "amount_text",
    "can",
    "choose_recruit",
    "complete_fresco",
    "do",
    "gain",
    "gained",
    "lack",
    "leave",
    "meets",
    "needs_nothing",
    "paint_lack",
    "player_of",
    "push_frame",
    "recruit",
    "recruit_allowed",
    "recruit_refusal",
    "resolvable",
    "set_choice",
    "set_player",
    "set_solo",
    "token_name",
    "unpaid",
    "upgradable",
    "with_field",
]

#: [DH-3.2] Why something cannot be done now: the section id of the rule that stops it
#: and what is missing, in the table's words with the numbers that decide it
#: (``("DH-3.E.11", "Begin Painting pays 4 pigment; P0 has 2")``).
Lack = tuple[str, str]

# The choice kinds read here, as module globals (a read through the enum class passes
# EnumType.__getattr__ on Python 3.11, see the same block of rules.py).
_KIND_GAIN = ChoiceKind.GAIN
_KIND_RECRUIT = ChoiceKind.RECRUIT
_KIND_UPGRADE = ChoiceKind.UPGRADE
_KIND_CONTINUE = ChoiceKind.CONTINUE
_KIND_PAINT = ChoiceKind.PAINT


# -- small state helpers -----------------------------------------------------------------

_new = object.__new__
_set = object.__setattr__


def _field_names(cls: type) -> frozenset[str]:
    return frozenset(a.name for a in attrs.fields(cls))


#: The classes kept in an instance dict (not slots) so that a copy is one dict copy,
#: with their field names.
_DICT_CLASSES: dict[type, frozenset[str]] = {
    cls: _field_names(cls) for cls in (State, Player, Frame, Solo, Choice, Action)
}


def replace(inst: _T, **changes: Any) -> _T:
    """``attrs.evolve`` without re-running ``__init__`` (the state classes have no
    validators or converters), on the hot path of every move: a :class:`State`,
    :class:`Player`, :class:`Frame`, :class:`Solo`, :class:`Choice` or :class:`Action`
    copies its instance dict and replaces the fields in ``changes``, any other class
    goes through ``silkroad.core.evolve.replace``.

    :raises AttributeError: for a name that is not one of the class's fields.
    """
    cls = type(inst)
    names = _DICT_CLASSES.get(cls)
    if names is None:
        return _replace(inst, **changes)
    values = inst.__dict__.copy()  # exactly the fields (no class here caches its hash)
    values.update(changes)
    if len(values) != len(names):  # a name that is not a field added a key
        unknown = ", ".join(sorted(set(changes) - names))
        raise AttributeError(f"{cls.__name__} has no field {unknown}")
    new = _new(cls)
    _set(new, "__dict__", values)  # a new, not yet shared instance of a frozen class
    return new


def with_field(inst: _T, name: str, value: object) -> _T:
    """``replace(inst, name=value)`` for an instance of a class copied as one dict (see
    :func:`replace`) and a ``name`` known to be one of its fields: the copy without the
    keyword dict and the check of the names (the commonest copies of a player; with
    :func:`set_player`, 4.9k instructions per decision fewer)."""
    values = inst.__dict__.copy()
    values[name] = value
    new = _new(type(inst))
    _set(new, "__dict__", values)  # a new, not yet shared instance of a frozen class
    return new


def with_fields(inst: _T, changes: dict[str, Any]) -> _T:
    """``replace(inst, **changes)`` for an instance of a class copied as one dict (see
    :func:`replace`) and ``changes`` known to name only its fields: a plain call with one
    dict instead of keywords, without the check of the names (the copies of every move:
    4.4k instructions per decision fewer, 3 players)."""
    values = inst.__dict__.copy()
    values.update(changes)
    new = _new(type(inst))
    _set(new, "__dict__", values)  # a new, not yet shared instance of a frozen class
    return new


def player_of(s: State, p: int) -> Player:
    """Player ``p``'s board."""
    return s.players[p]


def set_player(s: State, p: int, player: Player) -> State:
    """``s`` with player ``p``'s board replaced (:func:`replace` written out for its one
    field, a name known to be a field: the commonest copy of the state; with
    :func:`with_field`, 4.9k instructions per decision fewer). The players are spliced
    in a list made a tuple, not as two slices unpacked into a new tuple (here and in
    ``resolve_index``, ``pop_frame`` and the rules' ``_keep`` and ``_place``: 171.2k ->
    168.8k instructions per decision, 3 players)."""
    values = s.__dict__.copy()
    players = [*s.players]
    players[p] = player
    values["players"] = tuple(players)
    new = _new(type(s))
    _set(new, "__dict__", values)  # a new, not yet shared instance of a frozen class
    return new


def add_tokens(pl: Player, key: str, n: int) -> Player:
    """``pl`` with ``n`` more (or fewer) tokens of kind ``key``."""
    tokens = pl.tokens
    value = tokens.get(key, 0) + n
    if value:
        tokens = tokens.set(key, value)
    elif key in tokens:  # no zero entries
        tokens = tokens.delete(key)
    return with_field(pl, "tokens", tokens)


def add_counter(pl: Player, key: str, n: int = 1) -> Player:
    """``pl`` with statistic ``key`` raised by ``n``."""
    return with_field(pl, "counters", pl.counters.set(key, pl.counters.get(key, 0) + n))


def set_choice(
    s: State, kind: ChoiceKind, player: int, arg: str = "", n: int = 0, slot: int | None = None
) -> State:
    """``s`` waiting for ``player``'s decision (the choice made as one dict, as
    :func:`replace` copies: attrs' ``__init__`` sets each field of a frozen class through
    ``object.__setattr__``; with the draft's choices made once, 0.5k instructions per
    decision fewer, 3 players)."""
    choice = _new(Choice)
    _set(choice, "__dict__", {"kind": kind, "player": player, "arg": arg, "n": n, "slot": slot})
    return with_field(s, "choice", choice)


def set_solo(s: State, **changes: Any) -> State:
    """[DH-6.2] ``s`` with fields of its solitaire part replaced."""
    assert s.solo is not None
    return replace(s, solo=replace(s.solo, **changes))


def push_frame(s: State, frame: Frame) -> State:
    """``s`` with ``frame`` to resolve before the rest."""
    return with_field(s, "frames", (*s.frames, frame))


def token_name(t: Table, key: str) -> str:
    """A token kind by its printed name (``Silk Material``), else its key."""
    tk = t.tokens.get(key)
    return tk.name if tk is not None else key


def amount_text(t: Table, item: str, n: int) -> str:
    """``n`` of a cost item in words: ``2 coins``, ``3 pigment``, ``1 Silk Product``."""
    if item == "coin":
        return count(n, "coin")
    if item in ("pigment", "vp", "grain"):
        return f"{n} {'VP' if item == 'vp' else item}"
    return f"{n} {token_name(t, item)}"


def meets(pl: Player, need: tuple[tuple[str, int], ...]) -> bool:
    """[DH-3.E.12] [DH-5] Whether the player meets every (statistic, at least) pair."""
    return all(pl.count(stat) >= n for stat, n in need)


# -- simple gains --------------------------------------------------------------------------


def gain(t: Table, s: State, p: int, e: Effect) -> State:
    """[DH-3.E.1] [DH-3.E.3-5] [DH-3.E.14] Resolve a decision-free gain for player ``p``."""
    if e.kind == "product" and e.arg == "any":
        return set_choice(s, _KIND_GAIN, p, "product")
    pl = gained(t, s.players[p], e)
    return s if pl is None else set_player(s, p, pl)


def gained(t: Table, pl: Player, e: Effect) -> Player | None:
    """[DH-3.E.1] [DH-3.E.3-5] Player ``pl`` after a gain that needs no decision (None:
    nothing gained, a Material or Product of a pack not in play)."""
    kind = e.kind
    if kind == "coin":
        return with_field(pl, "coins", pl.coins + e.amount)
    if kind == "pigment":
        return with_field(pl, "pigment", pl.pigment + e.amount)
    if kind == "vp":
        return with_field(pl, "vp", pl.vp + e.amount)
    if kind == "material":
        key = f"{e.arg}-material"
    elif kind == "product":
        key = f"{e.arg}-product"
    else:
        raise AssertionError(f"not a simple effect: {e.text}")
    return add_tokens(pl, key, 1) if key in t.tokens else None


# -- characters ----------------------------------------------------------------------------


def leave(t: Table, s: State, p: int, slot: int) -> State:
    """[DH-3.1] [DH-3.E.13] The character on ``slot`` leaves play: grain back, card to the
    discard pile, its Leaving Effect resolved."""
    pl = s.players[p]
    card = pl.characters[slot]
    if card is None:
        return s
    chars = list(pl.characters)
    grain = list(pl.grain)
    chars[slot], grain[slot] = None, 0
    pl = with_fields(pl, {"characters": tuple(chars), "grain": tuple(grain)})
    c = t.characters[card]
    pl = add_counter(pl, f"left:{c.pack}")
    if t.solo:
        # [DH-6.3.4] kept aside near the player board, never shuffled back
        s = set_solo(set_player(s, p, pl), aside=(*s.aside, card))
    else:
        s = with_field(set_player(s, p, pl), "discard", (*s.discard, card))
    for e in c.leaving:
        s = gain(t, s, p, e)
    return s


def pay_grain(t: Table, s: State, p: int, slot: int, n: int) -> State:
    """[DH-3.1] Pay ``n`` grain of the character on ``slot``; it leaves on its last grain."""
    pl = s.players[p]
    grain = list(pl.grain)
    grain[slot] -= n
    s = set_player(s, p, with_field(pl, "grain", tuple(grain)))
    if grain[slot] <= 0:
        s = leave(t, s, p, slot)
    return s


def refill_row(s: State, index: int) -> State:
    """[DH-3.E.7] Fill row position ``index`` from the deck, reshuffling the discard pile
    into a new deck when the deck is empty; it stays empty if both are (Rulings).
    [DH-6.3.4] In solitaire the characters that left play are kept aside, never in the
    discard pile, so they never come back; the row's discards do."""
    row = list(s.row)
    row[index], deck, discard, rng = draw_character(s.deck, s.discard, s.rng)
    return with_fields(s, {"row": tuple(row), "deck": deck, "discard": discard, "rng": rng})


def draw_character(
    deck: tuple[int, ...], discard: tuple[int, ...], rng: Rng
) -> tuple[int | None, tuple[int, ...], tuple[int, ...], Rng]:
    """[DH-3.E.7] The draw of :func:`refill_row` on the parts of the state it reads:
    (the card drawn or None, the deck, the discard pile, the generator), for the callers
    that copy the state once for several changes (recruit, the cleanup)."""
    if not deck and discard:
        order, rng = rng.shuffle(discard)
        deck, discard = order, ()
    if deck:
        return deck[0], deck[1:], discard, rng
    return None, deck, discard, rng


def recruit_allowed(t: Table, s: State, choice_arg: str, p: int, card: int) -> bool:
    """[DH-3.E.7] [DH-3.E.8] Whether this recruitment mode may take ``card``:
    :func:`recruit_refusal` finds nothing against it."""
    return recruit_refusal(t, s, choice_arg, p, card) is None


def recruit_refusal(t: Table, s: State, mode: str, p: int, card: int) -> Lack | None:
    """[DH-3.E.7] [DH-3.E.8] Why recruitment ``mode`` may not take ``card`` for ``p``
    (None: it may): a paid Recruitment takes a card with a coin cost the player can pay
    (note 2), a Free Recruitment any card, a pack's mode the cards its test accepts."""
    c = t.characters[card]
    if mode == "paid":
        if c.cost is None:
            return "DH-3.E.7", f"c{card} {c.name} shows no coin cost: Recruitment cannot take it"
        coins = s.players[p].coins
        if c.cost > coins:
            return "DH-3.E.7", f"c{card} {c.name} costs {count(c.cost, 'coin')}; P{p} has {coins}"
        return None
    if mode == "free":
        return None
    test = t.recruit_modes.get(mode)
    if test is not None and test(c):
        return None
    rule, what = t.recruit_rules.get(mode, ("DH-3.E.7", f"the characters of a {mode} recruitment"))
    return rule, f"this recruitment takes {what}; c{card} {c.name} is a {c.pack} character"


def choose_recruit(t: Table, s: State, p: int, mode: str, slot: int | None = None) -> State:
    """[DH-3.E.7] [DH-3.E.8] Wait for ``p`` to pick a character (recruitment ``mode``),
    if any can be taken."""
    if any(c is not None and recruit_allowed(t, s, mode, p, c) for c in s.row):
        return set_choice(s, _KIND_RECRUIT, p, mode, slot=slot)
    return s


def recruit(t: Table, s: State, p: int, card: int, slot: int, mode: str) -> State:
    """[DH-3.E.7] Take ``card`` from the row to ``slot`` (paying its coins when ``mode`` is
    "paid"), replacing any character there, gain its grain, refill the row."""
    c = t.characters[card]
    index = s.row.index(card)
    pl = s.players[p]
    if mode == "paid":
        pl = with_field(pl, "coins", pl.coins - (c.cost or 0))
    row = list(s.row)
    row[index] = None
    if pl.characters[slot] is not None:
        # the character there leaves first (its grain, the discard pile, its effect)
        s = leave(t, with_fields(s, {"row": tuple(row), "players": _spliced(s, p, pl)}), p, slot)
        pl = s.players[p]
        row = list(s.row)
    chars = list(pl.characters)
    grain = list(pl.grain)
    chars[slot], grain[slot] = card, c.grain
    counters = pl.counters
    key = f"recruited:{c.pack}"
    pl = with_fields(
        pl,
        {
            "characters": tuple(chars),
            "grain": tuple(grain),
            "counters": counters.set(key, counters.get(key, 0) + 1),
        },
    )
    # refill_row's draw made on the same copy of the state (the row, the player board,
    # the deck in one copy instead of four: 169.3k -> 168.4k instructions per decision,
    # 3 players)
    row[index], deck, discard, rng = draw_character(s.deck, s.discard, s.rng)
    return with_fields(
        s,
        {
            "players": _spliced(s, p, pl),
            "row": tuple(row),
            "deck": deck,
            "discard": discard,
            "rng": rng,
        },
    )


def _spliced(s: State, p: int, pl: Player) -> tuple[Player, ...]:
    """The players of ``s`` with player ``p``'s board replaced by ``pl``."""
    players = [*s.players]
    players[p] = pl
    return tuple(players)


# -- frescoes -------------------------------------------------------------------------------


def complete_fresco(t: Table, s: State, owner: int, slot: int) -> State:
    """[DH-3.D] The die of ``owner``'s fresco on ``slot`` reached 0: it moves to the left
    spot of the reward area and the owner scores the round track."""
    pl = s.players[owner]
    spots = list(pl.frescoes)
    spots[slot] = FrescoSpot(spots[slot].tile, None)
    pl = with_fields(
        pl,
        {
            "frescoes": tuple(spots),
            "left": pl.left + 1,
            "vp": pl.vp + t.board.round_track[s.round - 1],
        },
    )
    return set_player(s, owner, add_counter(pl, "completed"))


def lower_die(t: Table, s: State, owner: int, slot: int) -> State:
    """[DH-3.C] [DH-3.E.10] Lower the die of a fresco by 1, completing it at 0."""
    pl = s.players[owner]
    spot = pl.frescoes[slot]
    if spot.die is None:
        return s
    if spot.die <= 1:
        return complete_fresco(t, s, owner, slot)
    spots = list(pl.frescoes)
    spots[slot] = FrescoSpot(spot.tile, spot.die - 1)
    return set_player(s, owner, with_field(pl, "frescoes", tuple(spots)))


def die_value(t: Table, tile: int) -> int:
    """[DH-2.3.6] [DH-6.1.1] [DH-6.2.3] The starting die value of a tile in this game."""
    if t.options.players == 3:
        return t.board.three_player_die
    if t.solo:
        return t.board.solo_die
    return t.tiles[tile].value


def vacant_slot(pl: Player) -> int | None:
    """[DH-3.E.11] The rightmost fresco spot without a tile, or None."""
    for slot in (2, 1, 0):
        if pl.frescoes[slot].tile is None:
            return slot
    return None


def place_tile(t: Table, s: State, p: int, tile: int) -> State:
    """[DH-3.E.11] Put ``tile`` with its die on the rightmost vacant spot and perform its
    action at once (no meeple, no Emperor's Quest, its die unchanged but by a promo tile's
    lower effect, DH-9.3; 5 VP after it on the leftmost spot)."""
    pl = s.players[p]
    slot = vacant_slot(pl)
    assert slot is not None
    spots = list(pl.frescoes)
    spots[slot] = FrescoSpot(tile, die_value(t, tile))
    pl = with_field(pl, "frescoes", tuple(spots))
    pl = add_counter(pl, f"painted:{t.tiles[tile].pack}")
    s = set_player(s, p, pl)
    bonus = t.board.leftmost_bonus if slot == 0 else 0
    effects = t.tile_texts[tile]
    return push_frame(
        s, Frame(p, effects, manual=True, quest=False, slot=None, bonus=bonus, still=tile)
    )


def still_tiles(s: State) -> frozenset[int]:
    """[DH-3.E.11] The tiles whose extra action of Begin Painting is being performed: their
    dice do not change meanwhile (Continue Painting cannot advance them), except by a
    promo tile's own lower effect (DH-9.3)."""
    return frozenset(fr.still for fr in s.frames if fr.still is not None)


def continue_slots(s: State, p: int) -> tuple[int, ...]:
    """[DH-3.E.10] The fresco spots of ``p`` that Continue Painting may advance: a die on
    it, and not the tile being performed by a Begin Painting extra action (DH-3.E.11)."""
    still = still_tiles(s)
    return tuple(
        i
        for i, spot in enumerate(s.players[p].frescoes)
        if spot.die is not None and spot.tile not in still
    )


# -- the interpreter -------------------------------------------------------------------------


def unpaid(
    t: Table, s: State, fr: Frame, cost: tuple[tuple[str, int], ...]
) -> tuple[str, int, int] | None:
    """[DH-3.E.9] The first item of ``cost`` the frame's player cannot pay, as (item,
    needed, held; grain is the meeple's character's), or None when all can be paid."""
    pl = s.players[fr.player]
    for item, n in cost:
        if item == "coin":
            have = pl.coins
        elif item == "pigment":
            have = pl.pigment
        elif item == "vp":
            have = pl.vp
        elif item == "grain":
            have = 0 if fr.slot is None else pl.grain[fr.slot]
        else:
            have = pl.tokens.get(item, 0)
        if have < n:
            return item, n, have
    return None


def _pay(t: Table, s: State, fr: Frame, cost: tuple[tuple[str, int], ...]) -> State:
    p = fr.player
    for item, n in cost:
        pl = s.players[p]
        if item == "coin":
            s = set_player(s, p, with_field(pl, "coins", pl.coins - n))
        elif item == "pigment":
            s = set_player(s, p, with_field(pl, "pigment", pl.pigment - n))
        elif item == "vp":
            s = set_player(s, p, replace(pl, vp=pl.vp - n))
        elif item == "grain":
            assert fr.slot is not None
            s = pay_grain(t, s, p, fr.slot, n)
        else:
            s = set_player(s, p, add_tokens(pl, item, -n))
    return s


def can_paint(t: Table, s: State, p: int, cost: int | None = None) -> bool:
    """[DH-3.E.11] [DH-6.3.2] [DH-6.3.3] Whether player ``p`` can Begin Painting now:
    :func:`paint_lack` finds nothing missing."""
    return paint_lack(t, s, p, cost) is None


def paint_lack(t: Table, s: State, p: int, cost: int | None = None) -> Lack | None:
    """[DH-3.E.11] [DH-6.3.2] [DH-6.3.3] What stops player ``p`` from Begin Painting now
    (None: nothing): the pigment (``cost``, the board's unless given), a vacant fresco
    spot (note 2), a tile to place (the hand or the public fresco; in solitaire a tile
    drawn from the stack, and with the three spots covered it becomes a public fresco),
    a die for it (the board's or, note 3, one of the reward area)."""
    pl = s.players[p]
    need = t.board.paint_cost if cost is None else cost
    if pl.pigment < need:
        return "DH-3.E.11", f"Begin Painting pays {need} pigment; P{p} has {pl.pigment}"
    if t.solo:
        if not s.stack:
            return "DH-6.3.3", "the fresco tile stack is empty: no tile to draw and place"
        if vacant_slot(pl) is None:
            return None  # [DH-6.3.2] a public fresco: no die needed, its action at once
    elif vacant_slot(pl) is None:
        return "DH-3.E.11", f"all three fresco spots of P{p} hold a tile (note 2)"
    elif not pl.hand and s.public is None:
        return "DH-3.E.11", f"P{p} has no fresco tile in hand and there is no public fresco"
    if pl.income + pl.left + pl.right == 0:
        return "DH-3.E.11", (
            f"P{p} has no overseer die on the player board or in the reward area (note 3)"
        )
    return None


def needs_nothing(tokens: Mapping[str, object], e: Effect) -> bool:
    """[DH-3.E.1] [DH-3.E.3-5] [DH-3.E.14] Whether ``e`` is a gain that can be resolved
    whatever the state (coins, pigment, VP, a Material or Product of a pack in play,
    ``tokens`` being the table's token kinds): :func:`can` is true for it in every frame."""
    kind = e.kind
    if kind in ("coin", "pigment", "vp"):
        return True
    if kind == "material":
        return f"{e.arg}-material" in tokens
    if kind == "product":
        return e.arg == "any" or f"{e.arg}-product" in tokens
    return False


#: The table whose upgradable token kinds were last listed, and those kinds.
_upgrades = LastValue["Table", tuple[str, ...]]("Dunhuang: upgradable tokens of a table", ())


def upgradable(t: Table) -> tuple[str, ...]:
    """[DH-3.E.2] The token kinds of ``t`` that Upgrade Resource can turn into another, in
    the table's order of token kinds."""
    last = _upgrades.pair
    if last[0] is t:
        return last[1]
    kinds = tuple(k for k in t.token_keys if t.tokens[k].upgrade is not None)
    _upgrades.pair = (t, kinds)
    return kinds


def can(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    """[DH-3.2] Whether effect ``e`` can be resolved now in frame ``fr``."""
    kind = e.kind
    if kind not in _CORE:
        hook = t.effects.get(kind)
        return hook is not None and hook.can(t, s, fr, e)
    if kind in _GAINS:
        return needs_nothing(t.tokens, e)
    # the kinds most often tested first: 1.1k instructions per decision fewer (3 players)
    if kind == "recruit":
        return can_recruit(t, s, fr, e)
    if kind == "pay":
        return can_pay(t, s, fr, e)
    if kind == "paint":
        return paint_lack(t, s, fr.player) is None
    if kind == "upgrade":
        return can_upgrade(t, s, fr, e)
    if kind == "quest":
        return can_quest(t, s, fr, e)
    if kind == "free-recruit":
        return any(c is not None for c in s.row)
    if kind == "if":
        return meets(s.players[fr.player], e.cost) and any(can(t, s, fr, r) for r in e.then)
    if kind == "continue":
        return bool(continue_slots(s, fr.player))
    return can_paint(t, s, fr.player, e.amount)  # paint-for, the last kind of _CORE


# The tests of :func:`can` for the kinds the placements test most, each a function of
# its own with the signature of ``can``: the placements call them directly (``tester``),
# without ``can``'s dispatch on the kind.


def can_recruit(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    """[DH-3.E.7] :func:`can` of a Recruitment: a character of the row whose coin cost
    the frame's player can pay (``recruit_allowed(t, s, "paid", ...)`` written out): the
    cheapest coin cost of the row, kept for the last row (:func:`cheapest`)."""
    row = s.row
    last = _cheapest.pair
    least = last[1][1] if last[0] is row and last[1][0] is t else cheapest(t, row)
    return least is not None and least <= s.players[fr.player].coins


def cheapest(t: Table, row: tuple[int | None, ...]) -> int | None:
    """[DH-3.E.7] The least coin cost of a character of ``row`` (None: no character of
    the row has one), remembered for the row in :data:`_cheapest`."""
    cards = t.characters
    costs = [cost for c in row if c is not None and (cost := cards[c].cost) is not None]
    least = min(costs) if costs else None
    _cheapest.pair = (row, (t, least))
    return least


#: The row whose cheapest coin cost was last found, with its table and that cost (an
#: identity memo over an immutable tuple: the row changes only when a character leaves
#: or the row is refilled).
_cheapest = LastValue[tuple[int | None, ...], "tuple[Table | None, int | None]"](
    "Dunhuang: the cheapest character of the last recruiting row", (None, None)
)


def can_pay(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    """[DH-3.E.9] :func:`can` of a Payment: its cost paid, a reward can be resolved."""
    if unpaid(t, s, fr, e.cost) is not None:
        return False
    kinds = t.tokens
    for r in e.then:  # (loops: a generator in any() costs more)
        if needs_nothing(kinds, r):
            return True  # a reward that can be resolved whatever the payment left
    after = _pay(t, s, fr, e.cost)
    return any(can(t, after, fr, r) for r in e.then)


def can_begin_painting(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    """[DH-3.E.11] :func:`can` of Begin Painting (:func:`paint_lack` finds nothing)."""
    return paint_lack(t, s, fr.player) is None


def can_upgrade(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    """[DH-3.E.2] :func:`can` of Upgrade Resource: the player holds a kind that upgrades."""
    tokens = s.players[fr.player].tokens  # no zero entries: a kind held is in the map
    for k in upgradable(t):  # noqa: SIM110 (a loop: a generator costs 4 times as much)
        if k in tokens:
            return True
    return False


def can_quest(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    """[DH-3.E.6] :func:`can` of an Emperor's Quest: the character on the meeple's spot
    now (grain > 0 means a character is there), outside Begin Painting's extra action."""
    return fr.quest and fr.slot is not None and s.players[fr.player].grain[fr.slot] > 0


#: The kinds with a test of their own (see :func:`tester`).
_TESTERS = {
    "recruit": can_recruit,
    "pay": can_pay,
    "paint": can_begin_painting,
    "upgrade": can_upgrade,
    "quest": can_quest,
}


def tester(t: Table, kind: str) -> Callable[[Table, State, Frame, Effect], bool]:
    """The function that answers :func:`can` for an effect of ``kind`` on table ``t``:
    a pack effect's hook's ``can``, a kind's own test above, else ``can`` itself (the
    placements call it once per effect and table, not ``can``'s dispatch on every test:
    measured in ``rules._placements``)."""
    if kind not in _CORE:
        hook = t.effects.get(kind)
        return _never if hook is None else hook.can
    return _TESTERS.get(kind, can)


def _never(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    """:func:`can` of an effect of no pack in play: never."""
    return False


def lack(t: Table, s: State, fr: Frame, e: Effect) -> Lack | None:
    """[DH-3.2] Why effect ``e`` cannot be resolved now in frame ``fr``: the section of
    the rule that stops it and what is missing, with the numbers (None when it can be:
    exactly when :func:`can` is true, which tests check on sampled games).

    The shared conditions are one piece of code: Begin Painting's is
    :func:`paint_lack` (``can_paint`` is its being None), a Payment's :func:`unpaid`,
    Continue Painting's :func:`continue_slots`, a pack effect's its hook's ``lack``."""
    kind = e.kind
    p = fr.player
    if kind not in _CORE:
        hook = t.effects.get(kind)
        if hook is None:
            return "DH-3.E", f"{e.text!r} is an effect of no pack in play"
        if hook.lack is not None:
            return hook.lack(t, s, fr, e)
        return None if hook.can(t, s, fr, e) else ("DH-3.E", f"{e.text} cannot be resolved now")
    if kind in _GAINS:
        if needs_nothing(t.tokens, e):
            return None
        rule = "DH-3.E.1" if kind == "material" else "DH-3.E.14"
        return rule, f"the {e.arg} pack is not in play: there is no {e.arg} {kind} to gain"
    pl = s.players[p]
    if kind == "upgrade":
        if any(k in pl.tokens for k in upgradable(t)):
            return None
        return "DH-3.E.2", (
            f"P{p} holds no resource token that Upgrade Resource can turn into another"
        )
    if kind == "quest":
        if not fr.quest:
            return "DH-3.E.11", (
                "the Emperor's Quest is ignored in the extra action of Begin Painting"
            )
        if fr.slot is None:
            return "DH-3.E.6", "no meeple is used: the Emperor's Quest is ignored"
        if pl.grain[fr.slot] <= 0:
            return "DH-3.E.6", (
                f"m{fr.slot + 1}'s character spot holds no character: the Emperor's Quest "
                "is ignored"
            )
        return None
    if kind == "recruit":
        cards = [c for c in s.row if c is not None]
        if not cards:
            return "DH-3.E.7", "the recruiting row is empty"
        costs = [t.characters[c].cost for c in cards]
        if any(cost is not None and cost <= pl.coins for cost in costs):
            return None
        shown = ", ".join(
            f"c{c} {'no coin cost' if cost is None else cost}"
            for c, cost in zip(cards, costs, strict=True)
        )
        return "DH-3.E.7", (
            f"no character of the row costs {count(pl.coins, 'coin')} or less, "
            f"P{p}'s coins (row: {shown})"
        )
    if kind == "free-recruit":
        if any(c is not None for c in s.row):
            return None
        return "DH-3.E.8", "the recruiting row is empty"
    if kind == "pay":
        return _payment_lack(t, s, fr, e)
    if kind == "if":
        return _triggered_lack(t, s, fr, e, pl)
    if kind == "continue":
        if continue_slots(s, p):
            return None
        if any(spot.die is not None for spot in pl.frescoes):
            return "DH-3.E.11", (
                f"P{p}'s only fresco in progress is the one being performed by Begin "
                "Painting: its die does not change"
            )
        return "DH-3.E.10", f"P{p} has no fresco in progress (no die on a fresco spot)"
    if kind == "paint":
        return paint_lack(t, s, p)
    return paint_lack(t, s, p, e.amount)  # paint-for, the last kind of _CORE


def _payment_lack(t: Table, s: State, fr: Frame, e: Effect) -> Lack | None:
    """[DH-3.E.9] :func:`lack` of a Payment: what it cannot pay, or that no reward could
    be resolved after it (None: it can be resolved)."""
    p = fr.player
    missing = unpaid(t, s, fr, e.cost)
    if missing is not None:
        item, n, have = missing
        if item == "grain":
            held = (
                "no meeple is used"
                if fr.slot is None
                else f"the character of m{fr.slot + 1} has {have}"
            )
            return "DH-3.E.9", f"the Payment {e.text!r} pays {n} grain; {held}"
        return "DH-3.E.9", (
            f"the Payment {e.text!r} pays {amount_text(t, item, n)}; P{p} has {have}"
        )
    if any(needs_nothing(t.tokens, r) for r in e.then):
        return None
    after = _pay(t, s, fr, e.cost)
    found = [lack(t, after, fr, r) for r in e.then]
    if any(x is None for x in found):
        return None
    why = "; ".join(x[1] for x in found if x is not None)
    return "DH-3.E.9", f"after the Payment {e.text!r} no reward could be resolved: {why}"


def _triggered_lack(t: Table, s: State, fr: Frame, e: Effect, pl: Player) -> Lack | None:
    """[DH-3.E.12] :func:`lack` of a Triggered effect of player ``pl``: the requirement it
    does not meet, or that none of its rewards can be resolved (None: it can be)."""
    p = fr.player
    for item, n in e.cost:
        have = pl.count(item)
        if have < n:
            return "DH-3.E.12", (
                f"the Triggered effect {e.text!r} needs {amount_text(t, item, n)}; P{p} has {have}"
            )
    found = [lack(t, s, fr, r) for r in e.then]
    if any(x is None for x in found):
        return None
    why = "; ".join(x[1] for x in found if x is not None)
    return "DH-3.E.12", f"no reward of the Triggered effect {e.text!r} can be resolved: {why}"


#: The effect kinds :func:`can` tests itself (the others are the packs' hooks).
_CORE = frozenset(
    (
        "coin",
        "pigment",
        "vp",
        "material",
        "product",
        "upgrade",
        "quest",
        "recruit",
        "free-recruit",
        "pay",
        "if",
        "continue",
        "paint",
        "paint-for",
    )
)


def do(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-3.E] Resolve effect ``e`` (known to be resolvable) in frame ``fr``."""
    kind = e.kind
    p = fr.player
    if kind in ("coin", "pigment", "vp", "material", "product"):
        return gain(t, s, p, e)
    if kind == "upgrade":
        return set_choice(s, _KIND_UPGRADE, p)
    if kind == "quest":
        assert fr.slot is not None
        paid = min(e.amount, s.players[p].grain[fr.slot])
        pl = s.players[p]
        s = set_player(s, p, with_field(pl, "vp", pl.vp + 3 * paid))
        return pay_grain(t, s, p, fr.slot, paid)
    if kind == "recruit":
        return choose_recruit(t, s, p, "paid")
    if kind == "free-recruit":
        return choose_recruit(t, s, p, "free")
    if kind == "pay":
        s = _pay(t, s, fr, e.cost)
        then = tuple(r.text for r in e.then)
        return push_frame(s, Frame(p, then, manual=False, quest=fr.quest, slot=fr.slot))
    if kind == "if":
        then = tuple(r.text for r in e.then)
        return push_frame(s, Frame(p, then, manual=False, quest=fr.quest, slot=fr.slot))
    if kind == "continue":
        return set_choice(s, _KIND_CONTINUE, p)
    if kind in ("paint", "paint-for"):
        cost = t.board.paint_cost if kind == "paint" else e.amount
        pl = s.players[p]
        s = set_player(s, p, with_field(pl, "pigment", pl.pigment - cost))
        if t.solo:
            return draw_tiles(s, p, _KIND_PAINT)
        return set_choice(s, _KIND_PAINT, p)
    return t.effects[kind].do(t, s, fr, e)


def draw_tiles(s: State, p: int, kind: ChoiceKind, arg: str = "") -> State:
    """[DH-6.2.3] [DH-6.3.3] Draw up to four tiles from the top of the stack; the player
    then chooses (``kind``) among them."""
    k = min(SOLO_DRAW, len(s.stack))
    unknown = len(s.stack) - s.known
    known = s.known - max(0, k - unknown)
    s = set_solo(s, drawn=(*s.drawn, *s.stack[:k]), stack=s.stack[k:], known=known)
    return set_choice(s, kind, p, arg)


def to_bottom(s: State, tile: int, **changes: Any) -> State:
    """[DH-6.3.3] Put a drawn tile at the bottom of the stack (the player knows it is there);
    ``changes``: other fields of the state replaced in the same copy."""
    solo = s.solo
    assert solo is not None
    solo = replace(
        solo,
        drawn=tuple(x for x in solo.drawn if x != tile),
        stack=(*solo.stack, tile),
        known=solo.known + 1,
    )
    return replace(s, solo=solo, **changes)


def resolvable(t: Table, s: State, fr: Frame) -> tuple[int, ...]:
    """[DH-3.2] Indices of the frame's remaining effects that can be resolved now."""
    effects = fr.effects
    found = []  # (a loop, not a comprehension: a comprehension is a call of its own)
    for i, text in enumerate(effects):
        if can(t, s, fr, parse_effect(text)):
            found.append(i)
    ok = tuple(found)
    if len(ok) > 1:
        for i in ok:  # a plain loop, no generator for the usual answer (0.3k fewer)
            if effects[i].startswith("promo-lower"):
                # [DH-9.1] a promo tile's upper effects come before its lower effect
                upper = tuple(i for i in ok if not effects[i].startswith("promo-lower"))
                if upper:
                    return upper
                break
    return ok


def resolve_index(t: Table, s: State, i: int, owned: bool = False) -> State:
    """[DH-3.2] Resolve the ``i``-th remaining effect of the top frame (a frame that a
    gain leaves with no effect and no bonus ends at once, as settling would end it).
    ``owned``: ``s`` is a state the move being applied made and nothing else holds (the
    rules' settling knows it), so the frame and the player are written into it instead
    of a copy (the automatic steps resolve an effect about 0.4 times a decision, a copy
    of the state is about 4.7k instructions; with the rules' ``_settle`` playing a single
    move into a state it owns: 157.0k -> 155.5k instructions per decision, 3 players)."""
    fr = s.frames[-1]
    text = fr.effects[i]
    rest = fr.effects[:i] + fr.effects[i + 1 :]
    e = parse_effect(text)
    if e.kind in _GAINS and not (e.kind == "product" and e.arg == "any"):
        # a gain without a decision: the frame and the player in one copy of the state;
        # a frame left without effects or bonus ends here (what settling does next)
        if rest or fr.bonus:
            frames = (*s.frames[:-1], with_fields(fr, {"effects": rest, "done": True}))
        else:
            frames = s.frames[:-1]
        p = fr.player
        pl = gained(t, s.players[p], e)
        if pl is None:
            changes: dict[str, object] = {"frames": frames}
        else:
            players = [*s.players]
            players[p] = pl
            changes = {"frames": frames, "players": tuple(players)}
        if owned:
            s.__dict__.update(changes)  # a state no one else holds yet (no frozen copy)
            return s
        return with_fields(s, changes)
    frames = (*s.frames[:-1], with_fields(fr, {"effects": rest, "done": True}))
    if owned:
        s.__dict__["frames"] = frames  # (see the docstring)
        return do(t, s, fr, e)
    return do(t, with_field(s, "frames", frames), fr, e)


_GAINS = frozenset(("coin", "pigment", "vp", "material", "product"))


def pop_frame(t: Table, s: State) -> State:
    """[DH-3.E.11] End the top frame, paying its bonus VP (the leftmost-spot 5 VP).
    [DH-9.3] The frame of a promo tile's lower effect lowers that tile's die as it ends."""
    fr = s.frames[-1]
    if fr.lower is not None:
        return lower_promo_die(t, replace(s, frames=s.frames[:-1]), fr.lower)
    if fr.bonus:
        p = fr.player
        pl = s.players[p]
        players = [*s.players]
        players[p] = with_field(pl, "vp", pl.vp + fr.bonus)
        return with_fields(s, {"frames": s.frames[:-1], "players": tuple(players)})
    return with_field(s, "frames", s.frames[:-1])


def lower_promo_die(t: Table, s: State, tile: int) -> State:
    """[DH-9.3] Lower the die of promo tile ``tile`` by 1, whoever painted it (completing
    the fresco at 0); nothing when the tile has no die."""
    for owner, pl in enumerate(s.players):
        for slot, spot in enumerate(pl.frescoes):
            if spot.tile == tile and spot.die is not None:
                return lower_die(t, s, owner, slot)
    return s
