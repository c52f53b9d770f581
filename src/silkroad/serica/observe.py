"""[SR-3] [SR-4] What a player may see, and states consistent with it.

Open: both Empires, fields, supplies, artisans, shipment areas, caravans, VP, discard
piles, defeated Enemies, the Crossroads row and its discards, the turn's readied
effects, whether the safeguard truncated the game, and the sizes of every pile. A
player also knows which cards make up their own draw pile (they shuffled it), but not
its order. Hidden: the order of both draw piles, the other player's secret cards (the
two drawn at random at setup, [SR-3], while they stay unseen in that player's draw
pile), hence which unseen cards are in the Crossroads draw pile, the cards a General
shows to the other player, and the RNG.

What a player learned stays in the observation, so that :func:`determinize` deals only
tables the player holds possible (:func:`known_facts` lists them):

* every card of the other player's draw pile but the secret ones ([SR-3]: the starting
  cards are printed, and every card a player gains is bought, taken or put back in the
  open), in ``draw_cards``;
* the cards on top of a draw pile the player knows, in order (``top``): the card an
  Ambassador put there ([SR-8.4]), the cards the player's General put back ([SR-8.3]);
* how many cards on top of each pile each player knows (``known_top``), and which cards
  of the own pile the other player never saw (``secret``);
* the Crossroads cards discarded and shuffled back into its draw pile ([SR-5.4]) that
  are still in it (``cross_known``): none of them is a secret card of the other player.

While a General looks at the top of a player's draw pile, that player still counts the
cards looked at among the cards of their pile (``draw_cards``): which of them are on
top is what they may not learn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PVector

from silkroad.core.errors import StateError
from silkroad.core.game import Fact, check_player
from silkroad.core.memo import LastValue
from silkroad.core.registry import jupyter_svg
from silkroad.core.rng import (
    GOLDEN_GAMMA,
    Lanes,
    Rng,
    check_seed,
    draw_lanes,
    draws_one_by_one,
    packed_draws,
)
from silkroad.serica.cards import HAN
from silkroad.serica.state import (
    Caravan,
    Options,
    Pending,
    PlayerState,
    State,
    Step,
    Turn,
)
from silkroad.serica.table import table
from silkroad.serica.vocabulary import DECISIONS

__all__ = [
    "HIDDEN",
    "Observation",
    "PlayerView",
    "determinize",
    "known_facts",
    "observe",
    "redeal",
]

#: A card the observer cannot see.
HIDDEN = -1
#: The draw pile of a determinized player who has no cards in it (one empty vector).
_EMPTY: PVector[int] = pvector()
#: The decisions holding cards of their own (a General's, out of a draw pile), from
#: their records: hidden from the other player.
_GENERAL = tuple(k for k, w in DECISIONS.items() if w.holds)


@attrs.frozen
class PlayerView:
    """One player's side of the table as the observer sees it.

    :ivar draw_size: cards in the draw pile.
    :ivar draw_cards: the cards the observer knows are in the draw pile, in id order: all
        of them for the own pile; for the other player's, all but its secret cards
        (``draw_size - len(draw_cards)`` of them, never an Enemy).
    :ivar top: the cards on top of the draw pile the observer knows, from the top.
    :ivar known_top: how many cards on top of the draw pile each seat knows.
    :ivar secret: the observer's own pile only: its cards the other player never saw.
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
    top: tuple[int, ...] = ()
    known_top: tuple[int, int] = (0, 0)
    secret: tuple[int, ...] = ()


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
    cross_known: tuple[int, ...] = ()

    def _repr_svg_(self) -> str | None:
        """The picture of what its player sees, for Jupyter (the title's ``svg``, found through
        its game definition)."""
        return jupyter_svg("serica", self)


def _builder(source: type, target: type, given: tuple[str, ...]) -> Callable[..., Any]:
    """A function ``build(src, **given)`` making a ``target`` whose fields that ``source``
    also has are read from ``src`` under the same name, and whose other fields are the
    ``given`` keywords. Generated once from both classes' ``attrs.fields``, writing the
    fields as :func:`silkroad.core.evolve.replace` does (the instance dict at once, or
    each slot through its descriptor), so that it costs less than the constructor; only
    for frozen attrs classes that check nothing on construction. A field of ``target``
    that is neither shared nor given stops the module at import, naming it."""
    have = {a.name for a in attrs.fields(cast(Any, source))}
    fields = attrs.fields(cast(Any, target))
    names = [a.name for a in fields]
    unknown = [n for n in given if n not in names]
    missing = [n for n in names if n not in have and n not in given]
    checked = [a.name for a in fields if a.validator is not None or a.converter is not None]
    if unknown or missing or checked or hasattr(target, "__attrs_post_init__"):
        raise TypeError(
            f"{target.__name__} from {source.__name__}: not given {missing}, given but no "
            f"field {unknown}, checked on construction {checked}"
        )
    value = {n: n if n in given else f"src.{n}" for n in names}
    scope: dict[str, Any] = {"new_": object.__new__, "target": target}
    lines = [f"def build(src, *, {', '.join(given)}):", "    new = new_(target)"]
    if "__slots__" in target.__dict__:
        for i, n in enumerate(names):
            slot = next(k.__dict__[n] for k in target.__mro__ if n in k.__dict__)
            scope[f"set{i}"] = slot.__set__
            lines.append(f"    set{i}(new, {value[n]})")
    else:
        scope["set_"] = object.__setattr__
        items = ", ".join(f"{n!r}: {value[n]}" for n in names)
        lines.append(f"    set_(new, '__dict__', {{{items}}})")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # generated from the classes' own fields
    build: Callable[..., Any] = scope["build"]
    return build


#: [SR-3] A side of the table as an observer sees it: the open fields of
#: :class:`PlayerState` as they are, the draw pile and its secret cards as ``_view`` says.
_VIEW = _builder(PlayerState, PlayerView, ("draw_size", "draw_cards", "top", "secret"))
#: [SR-3] The table as an observer sees it: the open fields of :class:`State` as they
#: are; no RNG, no pile order; the sides, the pile's size and a pending General's cards
#: as ``observe`` says.
_OBSERVATION = _builder(
    State, Observation, ("player", "players", "cross_pile_size", "pending", "cross_known")
)
#: A side of a determinized table: the open fields of the view, the draw pile dealt.
_PLAYER = _builder(PlayerView, PlayerState, ("draw", "secret"))
#: A determinized table: the open fields of the observation, the hidden ones dealt.
_STATE = _builder(Observation, State, ("rng", "players", "cross_pile", "pending", "returned"))


def _view(
    player: PlayerState, observer: int, own: bool, looked_at: tuple[int, ...] = ()
) -> PlayerView:
    draw = player.draw
    if own:
        cards = tuple(sorted((*draw, *looked_at)))
    else:
        secret = player.secret
        cards = tuple(sorted(c for c in draw if c not in secret) if secret else sorted(draw))
    view: PlayerView = _VIEW(
        player,
        draw_size=len(draw),
        draw_cards=cards,
        top=tuple(draw[: player.known_top[observer]]),
        secret=player.secret if own else (),
    )
    return view


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
        _view(state.players[p], player, player == p, looked_at if player == p else ())
        for p in (0, 1)
    )
    obs: Observation = _OBSERVATION(
        state,
        player=player,
        players=(views[0], views[1]),
        cross_pile_size=len(state.cross_pile),
        pending=pending,
        cross_known=_cross_known(state),
    )
    return obs


def _cross_known(state: State) -> tuple[int, ...]:
    """[SR-5.4] The cards of the Crossroads draw pile both players saw go there, in id
    order."""
    returned = state.returned
    if not returned:
        return ()
    pile = state.cross_pile
    return tuple(sorted(c for c in returned if c in pile))


def _seen(obs: Observation) -> set[int]:
    seen: set[int] = set(obs.crossroads) | set(obs.cross_discard) | set(obs.cross_known)
    for view in obs.players:
        seen.update(view.discard, view.empire, view.defeated, view.draw_cards)
        for field in view.fields:
            seen.update(field)
    if obs.pending is not None:
        seen.update(c for c in obs.pending.cards if c != HIDDEN)
    return seen


@attrs.frozen(eq=False)
class _Deal:
    """What every determinization of one observation deals, worked out once: the unseen
    cards (``unseen``, in card order), the observer's cards below the top they know
    (``own``), the other player's known cards below the top the observer knows
    (``rest``), how many secret cards that pile gets (``secret``), the unseen Enemies
    (``enemies``), and every draw of a deal in order (``schedule``: the shuffle of the
    unseen cards, of ``own``, of ``rest`` with the secret cards, then a place in the
    Crossroads pile per card known to be back in it; each as :func:`draw_lanes` takes it)
    and their lanes (``lanes``).

    The sizes of every shuffle follow from the observation, so every bound is known before
    a deal, and ``packed_draws`` draws them all at once instead of shuffling three piles
    and placing the known Crossroads cards one draw at a time: 185.8k -> 166.0k
    instructions a ``determinize`` over the observations the benchmark's searches deal
    from (co-op 179.7k -> 152.1k), 1127.2k -> 1108.7k instructions per ISMCTS iteration
    (``benchmarks/instructions.py serica --ismcts``; co-op 1248.6k -> 1225.5k).

    A side with no card to deal (the observer's with at most one card below the top
    they know and no General holding some; the other's with no secret card and at most
    one known card below its known top) is the same in every world: ``fixed`` holds it
    by seat, made once (else None): determinize 166.0k -> 155.6k instructions a call,
    ISMCTS 1108.7k -> 1100.1k instructions per iteration (co-op 1225.5k -> 1213.5k)."""

    unseen: tuple[int, ...]
    own: tuple[int, ...]
    rest: tuple[int, ...]
    secret: int
    enemies: frozenset[int]
    schedule: tuple[tuple[int, int], ...]
    lanes: Lanes | None
    fixed: tuple[PlayerState | None, PlayerState | None]


#: The last observation dealt from and its deal: a search determinizes one observation
#: hundreds of times. Keyed by identity while it holds the observation (which is
#: immutable), so it never answers for another one.
_LAST_DEAL = LastValue[Observation, "_Deal | None"](
    "Serica: the deal of the last observation determinized", None
)


def _side(view: PlayerView, draw: tuple[int, ...], secret: tuple[int, ...]) -> PlayerState:
    """A side of a determinized table: ``view``'s open fields, ``draw`` its draw pile."""
    player: PlayerState = _PLAYER(view, draw=pvector(draw) if draw else _EMPTY, secret=secret)
    return player


def _deal(obs: Observation) -> _Deal:
    """The deal of ``obs`` (memoized for the last one).

    :raises StateError: if the observation knows more cards of the other player's draw
        pile than it holds.
    """
    last, deal = _LAST_DEAL.pair
    if last is obs and deal is not None:
        return deal
    t = table(obs.options)
    seen = _seen(obs)
    unseen = tuple(c for c in range(t.n_cards) if c not in seen)
    mine, other = obs.players[obs.player], obs.players[1 - obs.player]
    unknown = other.draw_size - len(other.draw_cards)
    if unknown < 0:
        raise StateError(
            f"observation: {len(other.draw_cards)} cards known in the other player's draw "
            f"pile, which holds {other.draw_size}"
        )
    own, rest = _below(mine.draw_cards, mine.top), _below(other.draw_cards, other.top)
    secret = min(unknown, len(unseen))
    sizes = (len(unseen), len(own), len(rest) + secret)
    schedule = [(0, k) for size in sizes for k in range(size, 1, -1)]
    left = len(unseen) - secret  # the Crossroads pile before the known cards go back
    schedule.extend((0, left + 1 + k) for k in range(len(obs.cross_known)))
    fixed: list[PlayerState | None] = [None, None]
    pending = obs.pending
    if len(own) <= 1 and not (pending is not None and HIDDEN in pending.cards):
        fixed[obs.player] = _side(mine, (*mine.top, *own), mine.secret)
    if not secret and len(rest) <= 1:
        fixed[1 - obs.player] = _side(other, (*other.top, *rest), ())
    deal = _Deal(
        unseen=unseen,
        own=own,
        rest=rest,
        secret=secret,
        enemies=frozenset(c for c in unseen if t.enemy[c]),
        schedule=tuple(schedule),
        lanes=draw_lanes(schedule, 0),
        fixed=(fixed[0], fixed[1]),
    )
    _LAST_DEAL.pair = (obs, deal)
    return deal


def _below(cards: tuple[int, ...], top: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` but those of ``top`` (the known cards on top of their pile)."""
    return tuple(c for c in cards if c not in top) if top else cards


def _shuffled(items: Sequence[int], draws: Iterator[int]) -> list[int]:
    """``items`` shuffled as :meth:`Rng.shuffle` does (Fisher-Yates from the end), the
    draws taken from ``draws`` (one fewer than the items; the iterator keeps the draws
    after them for the next pile)."""
    order = list(items)
    for k, j in zip(range(len(order) - 1, 0, -1), draws, strict=False):
        order[k], order[j] = order[j], order[k]
    return order


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
    """A full state consistent with ``obs``: every card the observer knows stays where
    they know it (the known cards on top of a pile in their order, the other cards of
    the own pile and the known cards of the other's pile in their pile, in a random
    order), the other player's secret cards are dealt at random from the unseen cards
    (an Enemy only when the Crossroads draw pile cannot hold every unseen one: only a
    City takes one into a player's cards, [SR-8.4]), the rest of the unseen
    cards and the cards known to be back in it make the Crossroads draw pile, and hidden
    General cards are some of the observer's own; the RNG comes from ``seed``.

    The draws are those of an :class:`Rng` from ``seed`` shuffling the unseen cards, the
    observer's pile and the other pile in turn, then placing each card known to be back
    in the Crossroads pile at a uniform place of it (the pile stays uniformly shuffled);
    :class:`_Deal` draws them at once.

    :raises RulesError: for a seed that is not an integer from 0 to 2**64 - 1.
    :raises StateError: for an observation whose piles do not add up (:func:`_deal`).
    """
    check_seed(seed)
    plan = _deal(obs)
    packed = None if plan.lanes is None else packed_draws(plan.lanes, seed, GOLDEN_GAMMA)
    if packed is None:  # a draw may need Lemire's rejection step: the same draws
        packed = draws_one_by_one(plan.schedule, 0, seed, GOLDEN_GAMMA)
    draws, seed = packed
    draw = iter(draws)
    deal = _shuffled(plan.unseen, draw)
    own = _shuffled(plan.own, draw)
    pending = obs.pending
    mine = obs.players[obs.player]
    if pending is not None and HIDDEN in pending.cards:
        # a General looks at the observer's pile: the cards it holds are some of theirs
        hidden = sum(1 for c in pending.cards if c == HIDDEN)
        held, own = own[:hidden], own[hidden:]
        cards = tuple(held.pop() if c == HIDDEN else c for c in pending.cards)
        pending = attrs.evolve(pending, cards=cards)
    players: list[PlayerState] = []
    for p, view in enumerate(obs.players):
        player = plan.fixed[p]
        if player is not None:  # no card of this side dealt
            players.append(player)
            continue
        secret: tuple[int, ...] = view.secret
        if p == obs.player:
            draw_pile = (*mine.top, *own)
        else:
            unknown = plan.secret
            if not unknown:
                secret = ()
            elif plan.enemies and not plan.enemies.isdisjoint(deal[:unknown]):
                # Enemies stay with the Crossroads unless a City took one [SR-8.4]: the
                # other pile takes the first cards of the deal that are no Enemy
                secret, deal = _deal_no_enemy(deal, unknown, table(obs.options).enemy)
            else:
                secret, deal = tuple(deal[:unknown]), deal[unknown:]
            draw_pile = (*view.top, *_shuffled((*plan.rest, *secret), draw))
        players.append(_side(view, draw_pile, secret))
    for card in obs.cross_known:
        deal.insert(next(draw), card)
    rng, _ = Rng.from_seed(seed).split()
    state: State = _STATE(
        obs,
        rng=rng,
        players=(players[HAN], players[1 - HAN]),
        cross_pile=pvector(deal),
        pending=pending,
        returned=obs.cross_known,
    )
    return state


def redeal(state: State, seed: int) -> State:
    """[SR-3] [SR-5.4] ``state`` with what no player has seen dealt anew from ``seed``:
    each player's draw pile below the cards on top that a player knows (``known_top``)
    and the Crossroads draw pile in a new random order, and a new generator. Which cards
    each pile holds stays (its owner knows them), and so does everything open and the
    cards a General shows (``silkroad simulate --from``)."""
    rng = Rng.from_seed(check_seed(seed))
    players = []
    for player in state.players:
        kept = max(player.known_top)
        rest, rng = rng.shuffle(player.draw[kept:])
        players.append(attrs.evolve(player, draw=pvector((*player.draw[:kept], *rest))))
    pile, rng = rng.shuffle(state.cross_pile)
    child, _ = rng.split()
    return attrs.evolve(
        state, rng=child, players=(players[0], players[1]), cross_pile=pvector(pile)
    )


_EMPIRE_NAMES = ("the Han Dynasty", "the Roman Empire")


def known_facts(obs: Observation) -> tuple[Fact, ...]:
    """[SR-3] [SR-5.4] [SR-8.3] [SR-8.4] What the observer of ``obs`` knows of the hidden
    cards, as facts a full state keeps: which cards each draw pile holds (all of the own
    pile; of the other's, every card but its secret ones, which are no Enemy), the cards
    on top of a pile the observer knows, in order, and the Crossroads cards known to be
    back in its draw pile."""
    t = table(obs.options)
    facts: list[Fact] = []
    for q, view in enumerate(obs.players):
        whose = _EMPIRE_NAMES[q]
        known = frozenset(view.draw_cards)
        if known:
            held = q == obs.player and obs.pending is not None and HIDDEN in obs.pending.cards

            def holds(
                state: State, q: int = q, known: frozenset[int] = known, held: bool = held
            ) -> bool:
                there = set(state.players[q].draw)
                if held and state.pending is not None:
                    there.update(state.pending.cards)  # a General looks at some of them
                return known <= there

            names = ", ".join(t.card[c].name for c in sorted(known))
            facts.append(Fact(f"the draw pile of {whose} holds {names}", holds))
        if view.top:

            def on_top(state: State, q: int = q, top: tuple[int, ...] = view.top) -> bool:
                return tuple(state.players[q].draw[: len(top)]) == top

            names = ", ".join(t.card[c].name for c in view.top)
            facts.append(Fact(f"the draw pile of {whose} has {names} on top", on_top))
        if q != obs.player and view.draw_size > len(view.draw_cards):

            def no_enemy(state: State, q: int = q, known: frozenset[int] = known) -> bool:
                return not any(t.enemy[c] for c in state.players[q].draw if c not in known)

            facts.append(Fact(f"the cards {whose} drew at setup are no Enemy", no_enemy))
    if obs.cross_known:
        back = frozenset(obs.cross_known)

        def returned(state: State) -> bool:
            return back <= set(state.cross_pile)

        names = ", ".join(t.card[c].name for c in obs.cross_known)
        facts.append(Fact(f"the Crossroads draw pile holds {names}", returned))
    return tuple(facts)
