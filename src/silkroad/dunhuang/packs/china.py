"""China Starting Pack: China Product -> Whiteware Tile -> Faience Tile, scored at the end.

Everything of China is data (``data/china.toml``): the upgrade chain and the end-game VP
of the tiles.
"""

from __future__ import annotations

from silkroad.dunhuang.packs import Pack

PACK = Pack("china")
