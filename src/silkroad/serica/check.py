"""[SR-1] State invariants: every card in exactly one place, nothing negative."""

from __future__ import annotations

from silkroad.core.errors import StateError
from silkroad.serica.state import FIELD_DEPTH, FIELDS, MAX_CARAVANS, ROUTE_LENGTH, State, Step
from silkroad.serica.table import table

__all__ = ["validate"]


def validate(state: State) -> None:
    """[SR-1] Check a state: the 53 cards each in exactly one place (piles, Empires,
    fields, defeated Enemies, the Crossroads, a General's viewed cards); goods, artisans,
    production points and VP never negative; fields, caravans and routes in range; every
    readied effect belongs to a card of the active player's Empire ([SR-4]).

    :raises StateError: naming the broken invariant.
    """
    t = table(state.options)
    places: list[int] = [*state.crossroads, *state.cross_pile, *state.cross_discard]
    if state.pending is not None:
        places.extend(state.pending.cards)
    for p, player in enumerate(state.players):
        places.extend(player.draw)
        places.extend(player.discard)
        places.extend(player.empire)
        places.extend(player.defeated)
        if len(player.fields) != FIELDS:
            raise StateError(f"player {p} has {len(player.fields)} fields, expected {FIELDS}")
        for field in player.fields:
            if len(field) > FIELD_DEPTH:
                raise StateError(f"player {p} has a field of {len(field)} cards")
            places.extend(field)
            if any(t.enemy[c] for c in field if 0 <= c < t.n_cards):
                raise StateError(f"player {p} has an Enemy card built")
        for name in ("supply", "shipment"):
            values = getattr(player, name)
            if len(values) != 6 or min(values) < 0:
                raise StateError(f"player {p} {name} {values} must be 6 counts >= 0")
        if player.artisans < 0 or player.vp < 0:
            raise StateError(f"player {p} has negative artisans or VP")
        if len(player.caravans) > MAX_CARAVANS:
            raise StateError(f"player {p} has {len(player.caravans)} caravans")
        routes = [c.route for c in player.caravans]
        if len(set(routes)) != len(routes) or any(not 1 <= r <= MAX_CARAVANS for r in routes):
            raise StateError(f"player {p} caravan routes {routes} are not distinct 1..3")
        for caravan in player.caravans:
            if not 0 <= caravan.position < ROUTE_LENGTH:
                raise StateError(f"player {p} caravan at position {caravan.position}")
            if len(caravan.goods) != 6 or min(caravan.goods) < 0:
                raise StateError(f"player {p} caravan goods {caravan.goods} are invalid")
    if sorted(places) != list(range(t.n_cards)):
        missing = sorted(set(range(t.n_cards)) - set(places))
        extra = sorted(c for c in set(places) if places.count(c) > 1 or not 0 <= c < t.n_cards)
        raise StateError(
            f"the {t.n_cards} cards must each be in exactly one place; "
            f"missing {missing}, doubled or unknown {extra}"
        )
    if state.turn.pp < 0:
        raise StateError(f"negative production points {state.turn.pp}")
    empire = state.players[state.active].empire
    for card, ability in state.turn.readied:
        if card not in empire:
            raise StateError(f"a readied {ability.value} belongs to card {card}, not in the Empire")
    if state.active not in (0, 1) or state.first not in (0, 1):
        raise StateError("active and first player must be 0 or 1")
    if state.step is Step.OVER and state.pending is not None:
        raise StateError("a finished game has a pending decision")
