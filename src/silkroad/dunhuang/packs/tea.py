"""Tea Starting Pack: Field Tiles, the Tea Trade effect and its trade routes.

* ``field``: gain a Field Tile (Tier 1); Upgrade Resource turns it into Tier 2. Fields act
  in the starting phase (their ``start`` effects in ``data/tea.toml``).
* ``tea-trade``: pay one Tea Product (the ``trade_cost`` setting), choose a trade route
  (``Choose(route)``) and gain its rewards. Counted for achievements as ``trades:tea``;
  each route whose reward was gained at least once counts in ``routes:tea``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from silkroad.core.memo import LastValue
from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect, PackDef
from silkroad.dunhuang.packs import EffectHook, Pack, PackChoice, token_setting
from silkroad.dunhuang.state import Choice, ChoiceKind, Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

NAME = "tea"


#: The table whose Tea Trade cost was last read, and that cost (an identity memo).
_costs = LastValue["Table", str]("Dunhuang: the Tea cost of the last table", "")


def _cost(t: Table) -> str:
    """The token a Tea Trade pays (the ``trade_cost`` setting, Tea Product by default)."""
    last = _costs.pair
    if last[0] is t:
        return last[1]
    cost = t.packs[t.options.packs.index(NAME)].setting("trade_cost", "tea-product")
    _costs.pair = (t, cost)
    return cost


def _can_field(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return True


def _do_field(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-3.1.2] Gain a Tier 1 Field Tile."""
    return engine.set_player(s, fr.player, engine.add_tokens(s.players[fr.player], "tea-field1", 1))


def _trade_lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-3.E.9] A Tea Trade pays one token of its cost (Tea Product by default)."""
    cost = _cost(t)
    if s.players[fr.player].tokens.get(cost, 0) > 0:
        return None
    return "DH-3.E.9", f"a Tea Trade pays 1 {engine.token_name(t, cost)}; P{fr.player} has 0"


def _do_trade(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """Tea Trade: pay the cost, then choose a route."""
    s = engine.set_player(s, fr.player, engine.add_tokens(s.players[fr.player], _cost(t), -1))
    return engine.set_choice(s, ChoiceKind.PACK, fr.player, "tea-trade")


def _routes(t: Table, s: State, c: Choice) -> tuple[int, ...]:
    return tuple(sorted(t.routes[NAME]))


def _choose_route(t: Table, s: State, c: Choice, route: int) -> State:
    p = c.player
    s = engine.replace(s, choice=None)
    for effect in t.routes[NAME][route].effects:
        s = engine.gain(t, s, p, effect)
    pl = engine.add_counter(s.players[p], f"trades:{NAME}")
    key = f"route:{NAME}:{route}"
    if key not in pl.counters:
        pl = engine.add_counter(engine.add_counter(pl, key), f"routes:{NAME}")
    return engine.set_player(s, p, pl)


def _check(data: PackDef) -> Iterator[tuple[str, str]]:
    """A Tea Trade chooses a trade route: the pack has at least one; it pays its cost."""
    if not data.routes:
        yield "routes", "the Tea Trade chooses among trade routes: the pack needs at least one"
    if "trade_cost" not in dict(data.extra) and "tea-product" not in {t.key for t in data.tokens}:
        yield "trade_cost", "the Tea Trade pays a 'tea-product' unless trade_cost names a token"


def _trade_words(t: Table) -> str:
    """The Tea Trade in words, with the token it costs (the ``trade_cost`` setting)."""
    cost = _cost(t)
    name = t.tokens[cost].name if cost in t.tokens else cost
    return f"Tea Trade: pay 1 {name}, choose a trade route and gain its reward"


def _route_label(t: Table, s: State, c: Choice, route: int, words: Callable[[Effect], str]) -> str:
    r = t.routes[NAME][route]
    return f"trade route {r.name}: " + ", ".join(words(e) for e in r.effects)


PACK = Pack(
    NAME,
    effects={
        "field": EffectHook(_can_field, _do_field, frameless=True),
        "tea-trade": EffectHook.checked(_trade_lack, _do_trade, frameless=True),
    },
    choices={
        "tea-trade": PackChoice(
            _routes, _choose_route, label=_route_label, rule="DH-3.E.9", what="a trade route"
        )
    },
    settings={"trade_cost": token_setting},
    tokens=("tea-field1",),
    check=_check,
    words={
        "field": "gain a Tier 1 Field Tile",
        "tea-trade": _trade_words,
    },
)
