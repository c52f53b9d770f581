"""Adapters that make every silkroad title a game of other frameworks.

* :mod:`silkroad.adapters.openspiel` (extra ``openspiel``): pyspiel Python games.
* :mod:`silkroad.adapters.pettingzoo` (extra ``pettingzoo``): AEC environments.
* :mod:`silkroad.adapters.gymnasium` (extra ``gymnasium``): single-agent environments.

They read a title only through the ``Game`` protocol, so a title registered later (or a
third party's) is adapted without changes here. They share the title's
``observation_tensor`` (the feature hash of :mod:`silkroad.core.features` for a title
that defines none) and the reward mapping below.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["UTILITIES", "returns_from_scores"]

#: How final scores become rewards: ``"vp"`` gives each player their final victory
#: points (general-sum); ``"win"`` gives 1 to each winner (ties share the win: every
#: tied winner gets 1) and 0 to the others, which suits search algorithms that expect
#: returns in [0, 1].
UTILITIES = ("vp", "win")


def returns_from_scores(
    scores: Sequence[int], winners: Sequence[int], utility: str = "vp"
) -> list[float]:
    """The reward of each player at the end of a game, for ``utility`` in UTILITIES."""
    if utility == "vp":
        return [float(s) for s in scores]
    if utility == "win":
        return [1.0 if p in winners else 0.0 for p in range(len(scores))]
    raise ValueError(f"utility must be one of {UTILITIES}, got {utility!r}")
