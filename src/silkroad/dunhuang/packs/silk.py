"""Silk Starting Pack: Clothes Tiles made from Silk Products, acting in the starting phase.

Everything of Silk is data (``data/silk.toml``): the Clothes Tile's starting-phase VP,
and its achievement board's tie-break on Clothes Tiles (the pack's ``ranking`` setting).
"""

from __future__ import annotations

from silkroad.dunhuang.packs import Pack

PACK = Pack("silk")
