"""Cards, moves and events of Serica in words.

A card's text is built from its data (type, level, VP, stacked VP, strength, artisan and
goods costs, and the ability its ``ability`` field names), so a user's own card file
reads as well as the built-in one; the 26 abilities of [SR-8] are said here in the
project's own words. :func:`describe_move` says what a move does,
:func:`describe_events` what followed it without a decision (an Enemy taking goods, a
caravan arriving, a card drawn, the game ending), read from the viewer's observations
so that it tells nothing they may not see (the cards a General views stay hidden from
the other player).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from silkroad.core.position import CardNames
from silkroad.core.serialize import to_data
from silkroad.core.words import count
from silkroad.serica.cards import GOOD_VALUE, GOODS, Ability, CardDef, CardType
from silkroad.serica.moves import (
    Advance,
    Begin,
    Build,
    Buy,
    Choose,
    Defend,
    Done,
    Give,
    Hire,
    Import,
    Load,
    Move,
    Pay,
    Pick,
    Place,
    Produce,
    Rearrange,
    Save,
    Send,
    Supply,
    Swap,
    Take,
    Top,
    Use,
)
from silkroad.serica.observe import HIDDEN, Observation, PlayerView, observe
from silkroad.serica.rules import apply, current_player
from silkroad.serica.state import Options, Pending, PendingKind, State, Step
from silkroad.serica.table import Table, table
from silkroad.serica.vocabulary import ABILITIES, CHOICES, DECISIONS, STEPS

__all__ = [
    "ABILITY_WORDS",
    "EMPIRES",
    "card_text",
    "card_texts",
    "describe_events",
    "describe_move",
    "goods_text",
    "observation_words",
]

#: The seats: player 0 plays the Han Dynasty, player 1 the Roman Empire.
EMPIRES = ("Han Dynasty", "Roman Empire")

#: [SR-8] What each ability does while its card is in the Empire (each card once per
#: round): the full words of :data:`silkroad.serica.vocabulary.ABILITIES`.
ABILITY_WORDS: dict[Ability, str] = {a: w.text for a, w in ABILITIES.items()}


def goods_text(counts: Sequence[int]) -> str:
    """``2 silk, 1 spices`` (``none`` if empty)."""
    return ", ".join(f"{n} {g.label}" for g, n in zip(GOODS, counts, strict=True) if n) or "none"


def _cost(d: CardDef) -> str:
    kinds = "/".join(g.label for g in d.goods)
    each = f"{d.cost_n} each of {d.cost_m} different type{'s' * (d.cost_m != 1)}"
    return f"buy {d.cost} ({each} of {kinds})"


def card_text(d: CardDef) -> str:
    """[SR-4] A card in full: type, level, VP (and stacked VP), strength, build cost in
    artisans, buy cost in goods, and the ability (an Enemy: strength, VP, attack)."""
    if d.type is CardType.ENEMY:
        return (
            f"{d.name} (Enemy, strength {d.enemy_strength}, {d.enemy_vp} VP when defeated): "
            f"{ABILITY_WORDS[d.ability]}"
        )
    parts = [f"{d.type.value} {d.colour.value} level {d.level}", f"{d.vp} VP"]
    if d.stacked_vp:
        parts[-1] += f" (+{d.stacked_vp} stacked)"
    if d.strength:
        parts.append(f"strength {d.strength}")
    parts.append(f"build {d.artisans} artisan{'s' * (d.artisans != 1)}")
    parts.append(_cost(d))
    return f"{d.name} ({', '.join(parts)}): {ABILITY_WORDS[d.ability]}"


# --------------------------------------------------------------------------- moves


def describe_move(state: State, move: Move, viewer: int | None = None) -> str:
    """What ``move`` does in ``state``, in words, as ``viewer`` may know it (None:
    everything): the ability a card is used for, a card's costs and VP, the goods paid
    or loaded; the card a General puts back is named only to the General's player."""
    t = table(state.options)
    p = state.active
    me = state.players[p]
    pending = state.pending

    def kind(key: str) -> CardDef | None:
        i = t.index.get(key)
        return None if i is None else t.kinds[i]

    match move:
        case Produce(good):
            points = GOOD_VALUE[good]
            return f"produces 1 {good.label} ({points} production point{'s' * (points != 1)})"
        case Hire():
            return "hires 1 artisan (1 production point)"
        case Import(good):
            return f"buys 1 {good.label} shipped here (1 production point)"
        case Use(key):
            d = kind(key)
            return f"uses {d.name}: {ABILITY_WORDS[d.ability]}" if d else str(move)
        case Buy(key):
            d = kind(key)
            return f"buys {card_text(d)}" if d else str(move)
        case Pay(good, artisans):
            if pending is None:
                return str(move)
            n = pending.n - artisans
            paid = f"{n} {good.label}" if n else ""
            stand = (
                f"{artisans} artisan{'s' * (artisans != 1)} for {good.label}" if artisans else ""
            )
            return "pays " + " and ".join(x for x in (paid, stand) if x)
        case Build(key, field):
            d = kind(key)
            if d is None:
                return str(move)
            bonus = _bonus(t, me.fields[field - 1], d)
            cost = f"{d.artisans} artisan{'s' * (d.artisans != 1)}"
            # [SR-5.2] building is the step after buying: a build in the buy step ends it
            ends = "; ends buying" if state.step is Step.BUY and pending is None else ""
            return f"builds {d.name} in field {field} ({cost}, {d.vp} VP{bonus}{ends})"
        case Defend(key):
            d = kind(key)
            return f"defeats {d.name} ({d.enemy_vp} VP and its bonus)" if d else str(move)
        case Begin():
            return "begins a new caravan"
        case Load(good):
            return f"loads 1 {good.label} into the caravan"
        case Advance():
            return "moves every caravan forward"
        case Done():
            return _done(state)
        case Choose(choice):
            return CHOICES[choice].chosen
        case Pick(key):
            d = kind(key)
            return f"picks {d.name} in the Crossroads" + _pick(pending) if d else str(move)
        case Give(key):
            d = kind(key)
            return f"gives {d.name} to the Crossroads" if d else str(move)
        case Place(field):
            return f"places the card in field {field}"
        case Send(route):
            if pending is not None and pending.kind is PendingKind.LOSE:
                return f"caravan {route} is hit"
            return f"the bonus goes to caravan {route}"
        case Save(good):
            return f"the Fort saves 1 {good.label}"
        case Supply(good):
            return f"takes 1 {good.label} into the supply"
        case Swap(route, good, out):
            if out is None:
                return f"adds 1 {good.label} to caravan {route}"
            return f"swaps 1 {out.label} in caravan {route} for 1 {good.label}"
        case Take(index) | Top(index):
            verb = "takes" if isinstance(move, Take) else "puts back on top"
            cards = pending.cards if pending is not None else ()
            card = cards[index - 1] if 0 < index <= len(cards) else HIDDEN
            # a card taken goes to an open discard pile; one put back stays hidden
            hidden = isinstance(move, Top) and viewer is not None and viewer != p
            if hidden or card == HIDDEN:
                return f"{verb} one of the viewed cards"
            return f"{verb} {t.card[card].name}"
        case Rearrange(fa, pa, fb, pb):
            return _rearrange(t, me.fields, (fa, pa), (fb, pb))
    return str(move)  # type: ignore[unreachable]  # a malformed move object


def _rearrange(
    t: Table, fields: Sequence[tuple[int, ...]], a: tuple[int, int], b: tuple[int, int]
) -> str:
    """[SR-8.3] The Governor's move with the cards named: a swap, or a card moved."""

    def at(spot: tuple[int, int]) -> str | None:
        f, pos = spot
        if not (1 <= f <= len(fields)) or not (1 <= pos <= len(fields[f - 1])):
            return None
        return t.card[fields[f - 1][pos - 1]].name

    def where(spot: tuple[int, int]) -> str:
        return f"field {spot[0]} position {spot[1]}"

    first, second = at(a), at(b)
    if first is not None and second is not None:
        return f"swaps {first} ({where(a)}) with {second} ({where(b)})"
    card, src, dst = (first, a, b) if first is not None else (second, b, a)
    if card is None:
        return f"rearranges {where(a)} with {where(b)}"
    return f"moves {card} from {where(src)} to the free {where(dst)}"


def _bonus(t: Table, field: tuple[int, ...], d: CardDef) -> str:
    if field:
        inner = t.card[field[-1]]
        if inner.type is d.type and inner.colour is d.colour and inner.level < d.level:
            return f" + {d.stacked_vp} stacked"
    return ""


def _pick(pending: Pending | None) -> str:
    return "" if pending is None else DECISIONS[pending.kind].pick


def _done(state: State) -> str:
    pending = state.pending
    if pending is not None:
        return DECISIONS[pending.kind].done
    return STEPS[state.step].done


# --------------------------------------------------------------------------- events


def _dealt(t: Table, who: str, a: PlayerView, b: PlayerView) -> list[str]:
    """[SR-5.4] The Empire discarded and a new one dealt (a card may come back)."""
    names = ", ".join(t.card[c].name for c in b.empire) or "no card"
    out = [f"{who}'s Empire is discarded; the new Empire: {names}"]
    if len(b.discard) < len(a.discard) + len(a.empire):
        out.append(f"{who}'s discard pile is shuffled into a new draw pile")
    cards = f"{b.draw_size} card{'s' * (b.draw_size != 1)}"
    out.append(f"{who}'s draw pile: {cards}, discard pile: {len(b.discard)}")
    return out


def _side(t: Table, p: int, a: PlayerView, b: PlayerView, shipped: bool, dealt: bool) -> list[str]:
    who = f"P{p}"
    out: list[str] = []
    changes = []
    if a.vp != b.vp:
        changes.append(f"VP {a.vp} -> {b.vp}")
    if a.artisans != b.artisans:
        changes.append(f"artisans {a.artisans} -> {b.artisans}")
    for g in GOODS:
        if a.supply[g] != b.supply[g]:
            changes.append(f"{g.label} {a.supply[g]} -> {b.supply[g]}")
    if changes:
        out.append(f"{who}: " + ", ".join(changes))
    if a.shipment != b.shipment:
        out.append(f"{who}'s shipment area: {goods_text(b.shipment)}")
    new = [] if dealt else [c for c in b.empire if c not in a.empire]
    if new:
        out.append(f"{who}'s Empire gets " + ", ".join(t.card[c].name for c in new))
    gone = [] if dealt else [c for c in a.empire if c not in b.empire]
    if gone and not new and len(b.empire) < len(a.empire):
        out.append(f"{who}'s Empire loses " + ", ".join(t.card[c].name for c in gone))
    for i, (fa, fb) in enumerate(zip(a.fields, b.fields, strict=True)):
        if fa != fb:
            names = ", ".join(t.card[c].name for c in fb) or "empty"
            out.append(f"{who}'s field {i + 1}: {names}")
    old = {c.route: c for c in a.caravans}
    new_caravans = {c.route: c for c in b.caravans}
    for route, c in new_caravans.items():
        before = old.get(route)
        if before is None:
            if any(c.goods):
                out.append(f"{who}'s caravan {route} sets out with {goods_text(c.goods)}")
            else:
                out.append(f"{who}'s caravan {route} is begun (goods are loaded next)")
        elif before != c:
            if before.position != c.position:
                out.append(f"{who}'s caravan {route} moves to space {c.position + 1} of 4")
            if before.goods != c.goods:
                out.append(f"{who}'s caravan {route} now carries {goods_text(c.goods)}")
    for route, c in old.items():
        if route not in new_caravans:
            if shipped:
                out.append(
                    f"{who}'s caravan {route} arrives: {goods_text(c.goods)} shipped to "
                    f"P{1 - p}, and VP for the trade"
                )
            else:
                out.append(f"{who}'s caravan {route} is lost ({goods_text(c.goods)})")
    if dealt:
        return out + _dealt(t, who, a, b)
    added = [c for c in b.discard if c not in a.discard]
    if added and len(b.discard) > len(a.discard):
        out.append(f"{who}'s discard pile gets " + ", ".join(t.card[c].name for c in added))
    if a.draw_size != b.draw_size and not new:
        out.append(f"{who}'s draw pile: {count(b.draw_size, 'card')}")
    return out


def _observed_events(t: Table, a: Observation, b: Observation) -> list[str]:
    lines: list[str] = []
    if b.step is Step.TRADE and a.step is not Step.TRADE:
        enemies = [t.card[c].name for c in a.crossroads if t.enemy[c]]
        if enemies:
            lines.append("phase 3: the Enemies in the Crossroads strike: " + ", ".join(enemies))
    for p in (0, 1):
        other = 1 - p
        shipped = sum(b.players[other].shipment) > sum(a.players[other].shipment)
        dealt = a.active == p and (b.active != p or b.round != a.round)
        lines += _side(t, p, a.players[p], b.players[p], shipped, dealt)
    if a.crossroads != b.crossroads:
        new = [c for c in b.crossroads if c not in a.crossroads]
        if new:
            lines.append("the Crossroads gets " + ", ".join(t.card[c].name for c in new))
    if b.attacks and b.attacks != a.attacks:
        lines.append("attacking: " + ", ".join(t.card[c].name for c in b.attacks))
    if a.step is not b.step or a.active != b.active:
        if b.step is Step.OVER:
            lines.append("the game is over")
        elif a.active != b.active:
            lines.append(f"round {b.round}: P{b.active} ({EMPIRES[b.active]}) to play")
        elif not (b.step is Step.TRADE and any(t.enemy[c] for c in a.crossroads)):
            lines.append(STEPS[b.step].name)
    if b.coop_won and not a.coop_won:
        lines.append("both co-op goals are met")
    return lines


def describe_events(state: State, move: Move, viewer: int | None = None) -> tuple[str, ...]:
    """What follows ``move`` without a decision, read from what ``viewer`` observes
    before and after it (None: as the player to act observes it): goods, artisans and
    VP, cards drawn into an Empire and built, caravans setting out, moving, hit by an
    Enemy and arriving, the Crossroads refilled, the next phase or turn, the end."""
    who = viewer if viewer is not None else (current_player(state) or 0)
    after = apply(state, move)
    t = table(state.options)
    return tuple(_observed_events(t, observe(state, who), observe(after, who)))


# --------------------------------------------------------------------------- cards


def card_texts(state: State, player: int) -> dict[str, str]:
    """The full text of every card kind ``player`` can see (Crossroads, Empires, fields,
    discard piles, defeated Enemies, their own draw pile, cards a General shows them),
    by key, by name and by id, in lower case."""
    t = table(state.options)
    obs = observe(state, player)
    seen = [*obs.crossroads, *obs.cross_discard]
    for v in obs.players:
        seen += [*v.empire, *v.discard, *v.defeated, *v.draw_cards]
        seen += [c for f in v.fields for c in f]
    if obs.pending is not None:
        seen += [c for c in obs.pending.cards if c != HIDDEN]
    out: dict[str, str] = {}
    for c in seen:
        d = t.card[c]
        text = card_text(d)
        out[str(c)] = text
        out.setdefault(d.key, text)
        out.setdefault(d.name.lower(), text)
    return out


# --------------------------------------------------------------------------- observations


@functools.lru_cache(maxsize=16)
def _names(options: Options) -> CardNames:
    t = table(options)
    return CardNames([d.key for d in t.card], [d.name for d in t.card])


#: The fields of a side of the table that hold cards.
_SIDE_CARDS = ("draw_cards", "discard", "empire", "defeated", "top", "secret")


def observation_words(observation: Observation) -> dict[str, Any]:
    """[SR-3] The observation's fields as JSON data (the options left out), with every
    card named as positions name it: its data key, ``key#n`` for one of several copies;
    a card the observer may not see (one a General shows the other player) is ``null``
    (the OpenSpiel strings are these)."""
    n = _names(observation.options).name
    out = {k: v for k, v in to_data(observation, Observation).items() if k != "options"}

    def cards(ids: Iterable[int]) -> list[str | None]:
        return [None if c == HIDDEN else n[c] for c in ids]

    for view, data in zip(observation.players, out["players"], strict=True):
        for key in _SIDE_CARDS:
            data[key] = cards(getattr(view, key))
        data["fields"] = [cards(f) for f in view.fields]
    for key in ("crossroads", "cross_discard", "attacks", "cross_known"):
        out[key] = cards(getattr(observation, key))
    turn = out["turn"]
    turn["used"] = cards(observation.turn.used)
    turn["readied"] = [[n[c], a.value] for c, a in observation.turn.readied]
    pending = observation.pending
    if pending is not None:
        out["pending"]["card"] = None if pending.card < 0 else n[pending.card]
        out["pending"]["cards"] = cards(pending.cards)
    return out
