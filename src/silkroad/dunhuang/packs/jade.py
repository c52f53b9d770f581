"""Jade Starting Pack: the Jade Gamble.

* ``jade-gamble``: pay one Jade Material (``jade-material``), then a carved piece is drawn
  at random from the state's RNG, with the odds of the data's ``gamble`` setting
  (``"<token> <weight>, ..."``); the piece is a derivative token worth its end VP (data),
  from little to very many. Counted as ``gambles:jade``.
* Zone 4 prints a Jade spot (DH-2.1.6): with Jade in play it stays uncovered.
* End of game (DH-4.5): ``collection`` VP (data setting) for owning three different
  carved pieces, beyond each piece's own end VP.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING

from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect, PackDef
from silkroad.dunhuang.packs import EffectHook, Pack, count_setting
from silkroad.dunhuang.state import Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

NAME = "jade"
STONE = "jade-material"
GAMBLES = "gambles:jade"
#: Different carved pieces that make a collection.
COLLECTION_KINDS = 3


def _setting(t: Table, key: str, default: str) -> str:
    return t.packs[t.options.packs.index(NAME)].setting(key, default)


def read_odds(text: str, tokens: Collection[str]) -> tuple[tuple[str, int], ...]:
    """The Gamble's outcomes and their weights, written ``"<token> <weight>, ..."``: each
    a token of ``tokens``, each weight a whole number up to 9999, not all 0.

    :raises ValueError: naming the part that is not so.
    """
    out = []
    for part in text.split(","):
        words = part.split()
        if (
            len(words) != 2
            or not (words[1].isascii() and words[1].isdigit())
            or len(words[1]) > 4
            or words[0] not in tokens
        ):
            raise ValueError(
                f"'<token> <weight>, ...' of tokens of the pack, got {part.strip()[:40]!r}"
            )
        out.append((words[0], int(words[1])))
    if not sum(w for _, w in out):
        raise ValueError("the weights add up to 0")
    return tuple(out)


def odds(t: Table) -> tuple[tuple[str, int], ...]:
    """The Gamble's outcomes and their weights, from the data's ``gamble`` setting
    (checked when the data was loaded)."""
    return read_odds(_setting(t, "gamble", ""), t.tokens)


def _check(data: PackDef) -> Iterator[tuple[str, str]]:
    """The Gamble's odds table is read at load, never first at a gamble."""
    try:
        read_odds(data.setting("gamble"), {t.key for t in data.tokens})
    except ValueError as exc:
        yield "gamble", str(exc)


def _lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-3.E.9] The Gamble pays one Jade Material."""
    if s.players[fr.player].tokens.get(STONE, 0) > 0:
        return None
    return "DH-3.E.9", f"the Jade Gamble pays 1 Jade Material; P{fr.player} has 0"


def _do(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """Pay a Jade Material and draw a carved piece from the state's RNG."""
    table = odds(t)
    roll, rng = s.rng.randrange(sum(w for _, w in table))
    piece = table[-1][0]
    for key, weight in table:
        if roll < weight:
            piece = key
            break
        roll -= weight
    pl = engine.add_tokens(s.players[fr.player], STONE, -1)
    pl = engine.add_counter(engine.add_tokens(pl, piece, 1), GAMBLES)
    return engine.replace(engine.set_player(s, fr.player, pl), rng=rng)


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] ``collection`` VP for three different carved pieces."""
    tokens = s.players[p].tokens
    kinds = sum(1 for key, _ in odds(t) if tokens.get(key, 0) > 0)
    return int(_setting(t, "collection", "4")) if kinds >= COLLECTION_KINDS else 0


PACK = Pack(
    NAME,
    effects={"jade-gamble": EffectHook.checked(_lack, _do, frameless=True)},
    end_vp=_end_vp,
    settings={"gamble": str, "collection": count_setting(0)},
    tokens=(STONE,),
    check=_check,
    words={"jade-gamble": "Jade Gamble: pay 1 Jade Material, draw a carved piece at random"},
)
