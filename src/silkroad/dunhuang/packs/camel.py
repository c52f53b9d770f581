"""Camel Starting Pack.

Nothing of the Camel pack is public beyond its name, so it has no mechanism of its own:
everything is data (``data/camel.toml``) in the DH-3.E effects. Sending a caravan is a
Payment effect (DH-3.E.9): a Camel paid for a Product of any pack (DH-3.E.14). Zone 4
prints a Camel spot (board.toml, assumed): with Camel in play it stays uncovered.
"""

from __future__ import annotations

from silkroad.dunhuang.packs import Pack

PACK = Pack("camel")
