"""Building explicit Dunhuang states for rule and scenario tests."""

from __future__ import annotations

from typing import Any

import attrs
from immutables import Map

from silkroad.dunhuang import Options, State, apply, legal_moves, new_game, parse_move, validate
from silkroad.dunhuang.state import Choice, FrescoSpot, Phase, Player

SGT = ("silk", "gold", "tea")


def ready(players: int = 4, packs: tuple[str, ...] = SGT, seed: int = 1) -> State:
    """A game set up and drafted (first legal choices), at the action phase of round 1."""
    s = new_game(Options(players, packs), seed)
    while s.phase is not Phase.ACTION:
        s = apply(s, legal_moves(s)[0])
    return s


def player(s: State, p: int, **changes: Any) -> State:
    """``s`` with fields of player ``p`` replaced (``tokens`` and ``counters`` as dicts)."""
    for key in ("tokens", "counters"):
        if key in changes and isinstance(changes[key], dict):
            changes[key] = Map({k: v for k, v in changes[key].items() if v})
    players = list(s.players)
    players[p] = attrs.evolve(s.players[p], **changes)
    return attrs.evolve(s, players=tuple(players))


def clear_board(s: State) -> State:
    """Every player without characters, frescoes or hand: a clean table to build on.

    Removed characters go to the discard pile and removed tiles out of the game, so the
    state stays valid; dice return to the income area."""
    discard = list(s.discard)
    gone = list(s.gone)
    players = []
    for pl in s.players:
        discard.extend(c for c in pl.characters if c is not None)
        gone.extend(f.tile for f in pl.frescoes if f.tile is not None)
        gone.extend(pl.hand)
        players.append(
            attrs.evolve(
                pl,
                characters=(None, None, None),
                grain=(0, 0, 0),
                frescoes=(FrescoSpot(), FrescoSpot(), FrescoSpot()),
                hand=(),
                counters=Map(),
                income=3,
                left=0,
                right=0,
            )
        )
    if s.public is not None:
        gone.append(s.public)
    return attrs.evolve(
        s, players=tuple(players), discard=tuple(discard), gone=tuple(gone), public=None
    )


def take_card(s: State, card: int) -> State:
    """``s`` with ``card`` moved out of the deck / discard / row (for placing it elsewhere)."""
    row = tuple(None if c == card else c for c in s.row)
    return attrs.evolve(
        s,
        deck=tuple(c for c in s.deck if c != card),
        discard=tuple(c for c in s.discard if c != card),
        row=row,
    )


def give_character(s: State, p: int, slot: int, card: int, grain: int) -> State:
    """Put ``card`` on player ``p``'s character spot ``slot`` with ``grain`` grain."""
    s = take_card(s, card)
    if None in s.row:  # keep the row full: refill from the deck
        row = list(s.row)
        deck = list(s.deck)
        for i, c in enumerate(row):
            if c is None and deck:
                row[i] = deck.pop(0)
        s = attrs.evolve(s, row=tuple(row), deck=tuple(deck))
    pl = s.players[p]
    chars = list(pl.characters)
    grains = list(pl.grain)
    old = chars[slot]
    chars[slot], grains[slot] = card, grain
    if old is not None:
        s = attrs.evolve(s, discard=(*s.discard, old))
    return player(s, p, characters=tuple(chars), grain=tuple(grains))


def set_row(s: State, cards: tuple[int | None, ...]) -> State:
    """The recruiting row set to ``cards`` (the previous row cards go to the deck top)."""
    for c in cards:
        if c is not None:
            s = take_card(s, c)
    old = tuple(c for c in s.row if c is not None and c not in cards)
    return attrs.evolve(s, row=cards, deck=(*old, *s.deck))


def give_tile(s: State, p: int, slot: int, tile: int, die: int | None) -> State:
    """Put fresco ``tile`` on player ``p``'s spot ``slot`` with a die of value ``die``."""
    s = attrs.evolve(s, gone=tuple(t for t in s.gone if t != tile))
    pl = s.players[p]
    spots = list(pl.frescoes)
    spots[slot] = FrescoSpot(tile, die)
    income = pl.income - (1 if die is not None else 0)
    return player(s, p, frescoes=tuple(spots), income=income)


def give_hand(s: State, p: int, *tiles: int) -> State:
    """Fresco ``tiles`` into player ``p``'s hand (taken from the removed tiles)."""
    s = attrs.evolve(s, gone=tuple(t for t in s.gone if t not in tiles))
    return player(s, p, hand=(*s.players[p].hand, *tiles))


def turn_of(s: State, p: int) -> State:
    """The action phase with player ``p`` to place a meeple."""
    return attrs.evolve(s, turn=p, phase=Phase.ACTION, choice=None, frames=(), action=None)


def play(s: State, *texts: str) -> State:
    """Apply the moves written in notation, checking the state after each."""
    for text in texts:
        s = apply(s, parse_move(s, text))
        validate(s)
    return s


def texts(s: State) -> list[str]:
    """The legal moves in notation."""
    return [str(m) for m in legal_moves(s)]


__all__ = [
    "SGT",
    "Choice",
    "Player",
    "clear_board",
    "give_character",
    "give_hand",
    "give_tile",
    "play",
    "player",
    "ready",
    "set_row",
    "take_card",
    "texts",
    "turn_of",
]
