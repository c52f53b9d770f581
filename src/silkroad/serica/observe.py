"""[SR-3] [SR-4] What a player may see, and states consistent with it.

Open: both Empires, fields, supplies, artisans, shipment areas, caravans, VP, discard
piles, defeated Enemies, the Crossroads row and its discards, the turn's readied
effects, whether the safeguard truncated the game, and the sizes of every pile. A
player also knows which cards make up their own draw pile (they shuffled it), but not
its order. Hidden: the order of both draw piles,
the contents of the other player's draw pile and of the Crossroads draw pile, the cards
a General shows to the other player, and the RNG.

While a General looks at the top of a player's draw pile, that player still counts the
cards looked at among the cards of their pile (``draw_cards``): which of them are on
top is what they may not learn.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PVector

from silkroad.core.game import check_player
from silkroad.core.memo import LastValue
from silkroad.core.registry import jupyter_svg
from silkroad.core.rng import Rng
from silkroad.serica.cards import HAN
from silkroad.serica.state import (
    Caravan,
    Options,
    Pending,
    PendingKind,
    PlayerState,
    State,
    Step,
    Turn,
)
from silkroad.serica.table import table

__all__ = ["HIDDEN", "Observation", "PlayerView", "determinize", "observe"]

#: A card the observer cannot see.
HIDDEN = -1
_GENERAL = (PendingKind.GENERAL_TAKE, PendingKind.GENERAL_ORDER)


@attrs.frozen
class PlayerView:
    """One player's side of the table as the observer sees it.

    :ivar draw_size: cards in the draw pile.
    :ivar draw_cards: the draw pile's cards in id order (the observer's own pile only;
        empty for the other player's).
    """

    draw_size: int
    draw_cards: tuple[int, ...]
    discard: PVector[int]
    empire: PVector[int]
    fields: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    artisans: int
    shipment: tuple[int, ...]
    caravans: tuple[Caravan, ...]
    vp: int
    defeated: tuple[int, ...]


@attrs.frozen
class Observation:
    """[SR-3] The table as ``player`` sees it (see the module docstring)."""

    options: Options
    player: int
    players: tuple[PlayerView, PlayerView]
    crossroads: PVector[int]
    cross_pile_size: int
    cross_discard: PVector[int]
    active: int
    first: int
    round: int
    step: Step
    turn: Turn
    pending: Pending | None
    attacks: tuple[int, ...]
    coop_won: bool
    truncated: bool = False

    def _repr_svg_(self) -> str | None:
        """The picture of what its player sees, for Jupyter (the title's ``svg``, found through
        its game definition)."""
        return jupyter_svg("serica", self)


def _view(player: PlayerState, own: bool, looked_at: tuple[int, ...] = ()) -> PlayerView:
    return PlayerView(
        draw_size=len(player.draw),
        draw_cards=tuple(sorted((*player.draw, *looked_at))) if own else (),
        discard=player.discard,
        empire=player.empire,
        fields=player.fields,
        supply=player.supply,
        artisans=player.artisans,
        shipment=player.shipment,
        caravans=player.caravans,
        vp=player.vp,
        defeated=player.defeated,
    )


def observe(state: State, player: int) -> Observation:
    """[SR-3] What ``player`` (0 Han, 1 Rome) may see of ``state``.

    :raises RulesError: for a player who is not in the game.
    """
    check_player(player, 2)
    pending = state.pending
    looked_at: tuple[int, ...] = ()
    if pending is not None and pending.kind in _GENERAL and player != state.active:
        # [SR-8.3] the cards come from this player's own pile: still among its cards
        looked_at = pending.cards
        pending = attrs.evolve(pending, cards=(HIDDEN,) * len(pending.cards))
    views = tuple(
        _view(state.players[p], player == p, looked_at if player == p else ()) for p in (0, 1)
    )
    return Observation(
        options=state.options,
        player=player,
        players=(views[0], views[1]),
        crossroads=state.crossroads,
        cross_pile_size=len(state.cross_pile),
        cross_discard=state.cross_discard,
        active=state.active,
        first=state.first,
        round=state.round,
        step=state.step,
        turn=state.turn,
        pending=pending,
        attacks=state.attacks,
        coop_won=state.coop_won,
        truncated=state.truncated,
    )


def _seen(obs: Observation) -> set[int]:
    seen: set[int] = set(obs.crossroads) | set(obs.cross_discard)
    for view in obs.players:
        seen.update(view.discard, view.empire, view.defeated, view.draw_cards)
        for field in view.fields:
            seen.update(field)
    if obs.pending is not None:
        seen.update(c for c in obs.pending.cards if c != HIDDEN)
    return seen


#: The last observation whose unseen cards were listed, and the list: a search
#: determinizes one observation hundreds of times. Keyed by identity while it holds the
#: observation (which is immutable), so it never answers for another one.
_LAST_UNSEEN = LastValue[Observation, tuple[int, ...]](
    "Serica: the unseen cards of the last observation", ()
)


def _unseen(obs: Observation) -> tuple[int, ...]:
    """The cards ``obs`` does not show, in card order (memoized for the last one)."""
    last, unseen = _LAST_UNSEEN.pair
    if last is not obs:
        seen = _seen(obs)
        unseen = tuple(c for c in range(table(obs.options).n_cards) if c not in seen)
        _LAST_UNSEEN.pair = (obs, unseen)
    return unseen


def _deal_no_enemy(
    deal: list[int], n: int, enemy: Sequence[bool]
) -> tuple[tuple[int, ...], list[int]]:
    """The first ``n`` cards of ``deal`` that are no Enemy, and the rest in order; when
    fewer than ``n`` are no Enemy, the first Enemies make up the number (only a City
    puts an Enemy in a player's cards, [SR-8.4])."""
    take: list[int] = []
    rest: list[int] = []
    for c in deal:
        if len(take) < n and not enemy[c]:
            take.append(c)
        else:
            rest.append(c)
    if len(take) < n:
        short = n - len(take)
        enemies = [c for c in rest if enemy[c]][:short]
        take.extend(enemies)
        rest = [c for c in rest if c not in enemies]
    return tuple(take), rest


def determinize(obs: Observation, seed: int) -> State:
    """A full state consistent with ``obs``: the observer's draw pile is shuffled, and
    every unseen card is dealt at random to the other draw pile (an Enemy only when the
    Crossroads draw pile cannot hold them all: only a City takes one into a player's
    cards, [SR-8.4]), the Crossroads draw pile and any hidden General cards; the RNG
    comes from ``seed``."""
    rng = Rng.from_seed(seed)
    enemy = table(obs.options).enemy
    order, rng = rng.shuffle(_unseen(obs))
    deal = list(order)
    pending = obs.pending
    own, rng = rng.shuffle(obs.players[obs.player].draw_cards)
    if pending is not None and HIDDEN in pending.cards:
        # a General looks at the observer's pile: the cards it holds are some of theirs
        hidden = sum(1 for c in pending.cards if c == HIDDEN)
        held, own = list(own[:hidden]), own[hidden:]
        cards = tuple(held.pop() if c == HIDDEN else c for c in pending.cards)
        pending = attrs.evolve(pending, cards=cards)
    players: list[PlayerState] = []
    for p, view in enumerate(obs.players):
        if p == obs.player:
            draw = own
        elif any(enemy[c] for c in deal[: view.draw_size]):
            # Enemies stay with the Crossroads unless a City took one [SR-8.4]: the
            # other pile takes the first cards of the deal that are no Enemy
            draw, deal = _deal_no_enemy(deal, view.draw_size, enemy)
        else:
            draw, deal = tuple(deal[: view.draw_size]), deal[view.draw_size :]
        players.append(
            PlayerState(
                draw=pvector(draw),
                discard=view.discard,
                empire=view.empire,
                fields=view.fields,
                supply=view.supply,
                artisans=view.artisans,
                shipment=view.shipment,
                caravans=view.caravans,
                vp=view.vp,
                defeated=view.defeated,
            )
        )
    cross_pile = pvector(deal)
    rng, _ = rng.split()
    return State(
        options=obs.options,
        rng=rng,
        players=(players[HAN], players[1 - HAN]),
        crossroads=obs.crossroads,
        cross_pile=cross_pile,
        cross_discard=obs.cross_discard,
        active=obs.active,
        first=obs.first,
        round=obs.round,
        step=obs.step,
        turn=obs.turn,
        pending=pending,
        attacks=obs.attacks,
        coop_won=obs.coop_won,
        truncated=obs.truncated,
    )
