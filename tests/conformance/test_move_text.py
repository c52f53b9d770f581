"""Equal moves print alike, in every title: a move's text is its value's (``str``), or
the title's ``format_move(move, state)``, which depends on the move and the game's
options, never on how the move was made or on the position."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import attrs
import pytest

import silkroad
from silkroad.core.serialize import from_data, move_union, to_data

TITLES = ("kashgar", "serica", "dunhuang")


def _copies(game: Any, state: Any, move: Any) -> list[Any]:
    """Moves equal to ``move`` made in every way the library makes one: from its value,
    from its JSON data, from its action id, from its text in either form."""
    union = move_union(game)
    return [
        attrs.evolve(move),
        from_data(to_data(move, union), union),
        game.decode_move(state, game.encode_move(state, move)),
        game.parse_move(state, str(move)),
        game.parse_move(state, game.format_move(move, state)),
    ]


@pytest.mark.parametrize("name", TITLES)
def test_equal_moves_print_alike_over_random_games(name: str) -> None:
    game = silkroad.get_game(name)
    texts: dict[Any, set[str]] = defaultdict(set)
    values: dict[Any, set[str]] = defaultdict(set)
    seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(game.default_options(), seed)
        for _ in range(150):
            if game.is_over(state):
                break
            for move in game.legal_moves(state):
                for made in (move, *_copies(game, state, move)):
                    assert made == move
                    texts[move].add(game.format_move(made, state))
                    values[move].add(str(made))
                    values[move].add(game.format_move(made))
                    seen += 1
            state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert seen > 1000
    differ = {m: t for m, t in texts.items() if len(t) > 1}
    assert not differ, f"equal moves print differently in one game: {differ}"
    differ = {m: t for m, t in values.items() if len(t) > 1}
    assert not differ, f"equal moves print differently by value: {differ}"


def test_a_kashgar_card_is_named_in_its_game_and_by_id_alone() -> None:
    """[KG-4] Kashgar's notation in a game names the card (``keep pilgrim``); the value
    form is the id, for a table's move as for one made by hand."""
    from silkroad.kashgar import GAME, Keep, Options
    from silkroad.kashgar.position import names

    options = Options.create(2)
    state = GAME.new_game(options, 1)
    card = names(options).ids["pilgrim"][0]
    by_hand = Keep(card)
    assert GAME.format_move(by_hand, state) == "keep pilgrim"
    assert GAME.format_move(by_hand) == str(by_hand) == f"keep {card}"
    assert GAME.parse_move(state, "keep pilgrim") == by_hand
    assert GAME.parse_move(state, f"keep {card}") == by_hand
