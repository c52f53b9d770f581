"""[SR-1] [SR-3] The card table of a game: one id per physical card, built from the
options' card definitions.

Ids run over the kinds in data order, each kind repeated by its ``copies``. The table is
derived, never serialized: a state holds card ids and its options, and the table of the
options gives each id its definition, ability and whether it is an Enemy.
"""

from __future__ import annotations

import attrs

from silkroad.serica.cards import Ability, CardDef, CardType
from silkroad.serica.state import Options

__all__ = ["Table", "table"]


@attrs.frozen
class Table:
    """Per-card lookups derived from the options' card definitions (not serialized)."""

    kinds: tuple[CardDef, ...]
    #: card id -> kind index
    kind_of: tuple[int, ...]
    #: card id -> definition
    card: tuple[CardDef, ...]
    #: key -> kind index
    index: dict[str, int]
    #: card id -> ability
    ability: tuple[Ability, ...]
    enemy: tuple[bool, ...]
    n_cards: int
    max_cost_n: int


_TABLES: dict[tuple[CardDef, ...], Table] = {}


_BY_OPTIONS: dict[Options, Table] = {}


def table(options: Options) -> Table:
    """The card table of ``options`` (cached; looked up by the options first, whose hash
    is cached, so the hot path never re-hashes the card definitions)."""
    table = _BY_OPTIONS.get(options)
    if table is not None:
        return table
    cards = options.card_defs
    table = _TABLES.get(cards)
    if table is None:
        kind_of: list[int] = []
        for i, kind in enumerate(cards):
            kind_of.extend([i] * kind.copies)
        defs = tuple(cards[k] for k in kind_of)
        table = Table(
            kinds=cards,
            kind_of=tuple(kind_of),
            card=defs,
            index={kind.key: i for i, kind in enumerate(cards)},
            ability=tuple(d.ability for d in defs),
            enemy=tuple(d.type is CardType.ENEMY for d in defs),
            n_cards=len(defs),
            max_cost_n=max((k.cost_n for k in cards), default=1),
        )
        if len(_TABLES) > 64:
            _TABLES.clear()
        _TABLES[cards] = table
    if len(_BY_OPTIONS) > 256:
        _BY_OPTIONS.clear()
    _BY_OPTIONS[options] = table
    return table
