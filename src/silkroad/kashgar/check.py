"""Invariants of a Kashgar state: every card in exactly one place, tracks in range."""

from __future__ import annotations

from collections import Counter

from silkroad.core.errors import StateError
from silkroad.kashgar.cards import DeckKind
from silkroad.kashgar.rules import CAPS, MAX_CARAVANS
from silkroad.kashgar.state import State
from silkroad.kashgar.table import table

__all__ = ["validate"]


def validate(state: State) -> None:
    """[KG-1] [KG-7] Check a state: each card id in exactly one zone (draw piles,
    discard pile, caravans, display, fulfilled orders, set-aside Patriarch, removed
    cards, a pending decision), each pile holding only its kind of card, tracks within
    0..9 (mules 0..6), and players, caravans and counters in range.

    :raises StateError: naming the first broken invariant.
    """
    t = table(state.options)
    n = state.options.players
    per_player = (state.tracks, state.caravans, state.orders_won, state.knowledge)
    if any(len(x) != n for x in per_player) or len(state.points) != n:
        raise StateError(f"per-player fields must have {n} entries")
    if not (0 <= state.active < n and 0 <= state.start_player < n):
        raise StateError(f"active player {state.active} out of range")
    if state.truncated and not state.over:
        raise StateError("a truncated game must be over")
    seen: Counter[int] = Counter()
    standard_kinds = (DeckKind.STANDARD, DeckKind.EXPANSION)
    zones: list[tuple[str, object, tuple[DeckKind, ...] | None]] = [
        ("standard pile", state.standard, standard_kinds),
        ("discard pile", state.discard, (*standard_kinds, DeckKind.SPECIAL)),
        ("special pile", state.special, (DeckKind.SPECIAL,)),
        ("order pile", state.order_deck, (DeckKind.ORDERS,)),
        ("order display", state.display, (DeckKind.ORDERS,)),
        ("starting pile", state.starting, (DeckKind.STARTING,)),
        ("set-aside Patriarch", state.reserve, (DeckKind.PATRIARCH,)),
        ("removed cards", state.box, tuple(k for k in DeckKind if k is not DeckKind.ORDERS)),
    ]
    for p in range(n):
        zones.append((f"orders of player {p}", state.orders_won[p], (DeckKind.ORDERS,)))
        if len(state.caravans[p]) > MAX_CARAVANS:
            raise StateError(f"player {p} has {len(state.caravans[p])} caravans")
        persons: tuple[DeckKind, ...] = tuple(k for k in DeckKind if k is not DeckKind.ORDERS)
        for i, caravan in enumerate(state.caravans[p]):
            zones.append((f"caravan {i + 1} of player {p}", caravan, persons))
        track = state.tracks[p]
        if len(track) != len(CAPS) or any(
            not 0 <= v <= cap for v, cap in zip(track, CAPS, strict=True)
        ):
            raise StateError(f"player {p} tracks {track} out of range (0..9, mules 0..6)")
    if state.pending is not None:
        zones.append(("pending decision", state.pending.cards, None))
    if len(state.display) > 4:
        raise StateError(f"{len(state.display)} orders on display (at most 4)")
    for name, cards, kinds in zones:
        for card in cards:  # type: ignore[attr-defined]
            if not isinstance(card, int) or not 0 <= card < t.n:
                raise StateError(f"{name}: {card!r} is not a card id (0..{t.n - 1})")
            if kinds is not None and t.deck_of[card] not in kinds:
                raise StateError(f"{name}: card {card} ({t.name[card]}) does not belong there")
            seen[card] += 1
    for card in range(t.n):
        if seen[card] != 1:
            where = "nowhere" if not seen[card] else f"{seen[card]} places"
            raise StateError(f"card {card} ({t.name[card]}) is in {where}")
    for card in state.turned:
        if not isinstance(card, int) or not 0 <= card < t.persons:
            raise StateError(f"turned cards: {card!r} is not a person card id")
