"""Iron Starting Pack: the Iron board's own ranking and the toolset scoring.

* [DH-5] The Iron achievement board pays its own place rewards (the data's
  ``ranking = "rewards 15 7"``, assumed: DH-5 leaves them to the pack's explanation),
  read by the end scoring like Silk's.
* Forging tools is a Payment effect (DH-3.E.9) with Upgrade Resource rewards
  (``pay coin 1 -> upgrade & upgrade``, data): no effect of its own.
* End of game (DH-4.5): 1 VP for every ``toolset`` Iron Tools (data setting).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from silkroad.dunhuang.packs import Pack, count_setting
from silkroad.dunhuang.state import State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

NAME = "iron"
TOOLS = "iron-product"


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] 1 VP for every ``toolset`` Iron Tools."""
    size = int(t.packs[t.options.packs.index(NAME)].setting("toolset", "2"))
    return s.players[p].tokens.get(TOOLS, 0) // size


PACK = Pack(NAME, end_vp=_end_vp, settings={"toolset": count_setting(1)}, tokens=(TOOLS,))
