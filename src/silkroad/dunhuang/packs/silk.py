"""Silk Starting Pack: Clothes Tiles made from Silk Products, acting in the starting phase.

Everything of Silk is data (``data/silk.toml``): the Clothes Tile's starting-phase VP,
and its achievement board's place rewards (the pack's ``ranking`` setting; ties are
shared by DH-5's general rule, a data file may add ``tiebreak silk-clothes``).
"""

from __future__ import annotations

from silkroad.dunhuang.packs import Pack

PACK = Pack("silk")
