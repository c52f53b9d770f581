"""[SR-1] [SR-3] The card table of a game: one id per physical card, built from the
options' card definitions.

Ids run over the kinds in data order, each kind repeated by its ``copies``. The table is
derived, never serialized: a state holds card ids and its options, and the table of the
options gives each id its definition, ability and whether it is an Enemy.
"""

from __future__ import annotations

import attrs

from silkroad.core.memo import LastValue
from silkroad.serica.cards import Ability, CardDef, CardType
from silkroad.serica.moves import Build, Buy, Defend, Give, Pick, Use
from silkroad.serica.state import FIELDS, Options

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
    #: card id -> defensive strength when built
    strength: tuple[int, ...]
    #: kind index -> the move naming that kind (one value per kind, shared by every
    #: listing of legal moves, so listing them builds no new move)
    use: tuple[Use, ...]
    buy: tuple[Buy, ...]
    defend: tuple[Defend, ...]
    pick: tuple[Pick, ...]
    give: tuple[Give, ...]
    #: kind index -> its Build move into field 1..4, by field index 0..3
    build: tuple[tuple[Build, ...], ...]
    #: render's lines of a card's words, by (card, mark, indent): a card's words never
    #: change, and the text table wrapped them again for every card of every state
    #: (most of what checking a game's outputs cost)
    notes: dict[tuple[int, str, str], list[str]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )


_TABLES: dict[tuple[CardDef, ...], Table] = {}


_BY_OPTIONS: dict[Options, Table] = {}


# The options of the last call and their table (held, so identity stays meaningful).
_LAST = LastValue[Options, "Table | None"]("Serica: the table of the last options", None)


def table(options: Options) -> Table:
    """The card table of ``options`` (cached: the options of the last call are
    recognised by identity, others looked up by the options, whose hash is cached, so
    the hot path never re-hashes the card definitions)."""
    last = _LAST.pair
    if last[0] is options:
        return last[1]  # type: ignore[return-value]
    table = _BY_OPTIONS.get(options)
    if table is not None:
        _LAST.pair = (options, table)
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
            strength=tuple(d.strength for d in defs),
            use=tuple(Use(k.key) for k in cards),
            buy=tuple(Buy(k.key) for k in cards),
            defend=tuple(Defend(k.key) for k in cards),
            pick=tuple(Pick(k.key) for k in cards),
            give=tuple(Give(k.key) for k in cards),
            build=tuple(tuple(Build(k.key, f + 1) for f in range(FIELDS)) for k in cards),
        )
        if len(_TABLES) > 64:
            _TABLES.clear()
        _TABLES[cards] = table
    if len(_BY_OPTIONS) > 256:
        _BY_OPTIONS.clear()
    _BY_OPTIONS[options] = table
    _LAST.pair = (options, table)
    return table
