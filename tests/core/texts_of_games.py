"""Print every text a seat, a record or a page gets along short seeded games of each
title (run as a script: ``python tests/core/texts_of_games.py``); ``test_hash_seeds``
runs it under two ``PYTHONHASHSEED`` values and compares."""

from __future__ import annotations

import json
import random
import sys

import attrs

import silkroad
from silkroad.core.serialize import dumps

#: (title, options, moves to play): options chosen so that many kinds of move and event
#: come up (Dunhuang packs with goods of several kinds, the Kashgar expansion).
GAMES = (
    ("dunhuang", {"players": 4, "packs": ("jade", "iron", "exotic-beauty")}, 400),
    ("dunhuang", {"players": 4, "packs": ("bronze", "camel", "china"), "promos": True}, 60),
    ("dunhuang", {"players": 1, "packs": ()}, 30),
    ("kashgar", {"players": 3, "expansion": "all"}, 40),
    ("serica", {}, 40),
    ("serica", {"coop": True}, 30),
)


def _options(game: object, changes: dict[str, object]) -> object:
    base = game.default_options()  # type: ignore[attr-defined]
    if "expansion" in changes:
        return type(base).create(changes["players"], expansion=changes["expansion"])
    return attrs.evolve(base, **changes)


def texts(name: str, changes: dict[str, object], count: int, seed: int = 11) -> list[str]:
    game = silkroad.GAMES[name]
    state = game.new_game(_options(game, changes), seed)
    rng = random.Random(seed)
    out: list[str] = []
    for number in range(count):
        if game.is_over(state):
            break
        moves = game.legal_moves(state)
        move = rng.choice(moves)
        player = game.current_player(state)
        if number % 20 == 0:  # the pictures and the positions of every 20th state
            out.append(game.render(state))
            out.append(game.svg(state, player) or "")
            out.append(game.to_position(state))
        out.append(json.dumps(game.observation_words(game.observe(state, player)), sort_keys=False))
        out.extend(game.describe_move(state, m, player) for m in moves[:6])
        out.extend(game.describe_events(state, move))
        out.append(str(game.explain(state, "no such move")))
        state = game.apply(state, move)
    out.append(dumps(state))
    return out


def main() -> None:
    for name, changes, count in GAMES:
        for line in texts(name, changes, count):
            sys.stdout.write(line + "\n")


if __name__ == "__main__":
    main()
