"""``redeal(state, seed)``: what no player has seen dealt anew (``silkroad simulate
--from``). Over states of seeded random games of every title, a redealt state is valid,
every player sees exactly what they saw before, the player to decide has the same
moves, the same seed deals the same state, and different seeds deal different ones."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import tinygame
from silkroad import get_game
from silkroad.core.game import redeal
from silkroad.core.rng import Rng


def _configs() -> list[tuple[str, Any]]:
    kashgar, dunhuang, serica = get_game("kashgar"), get_game("dunhuang"), get_game("serica")
    return [
        ("kashgar", kashgar.options_type.create(2)),
        ("kashgar", kashgar.options_type.create(4, expansion="all")),
        ("serica", serica.options_type()),
        ("dunhuang", dunhuang.options_type(players=1)),
        ("dunhuang", dunhuang.options_type(players=3, packs=("silk", "china", "tea"))),
    ]


CONFIGS = _configs()


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}-{o!r}"[:50] for n, o in CONFIGS])
def test_a_redeal_changes_only_what_no_player_has_seen(name: str, options: Any) -> None:
    game = get_game(name)
    assert game.optional.redeal is not None
    state = game.new_game(options, 3)
    rng = Rng.from_seed(3)
    checked = changed = 0
    step = 0
    while not game.is_over(state):
        if step % 5 == 0:
            seats = game.num_players(state)
            dealt = [game.redeal(state, seed) for seed in range(3)]
            for other in dealt:
                game.validate(other)
                for p in range(seats):
                    assert game.observe(other, p) == game.observe(state, p), (step, p)
                assert game.legal_moves(other) == game.legal_moves(state)
                assert game.current_player(other) == game.current_player(state)
            assert game.redeal(state, 1) == dealt[1]  # the seed decides the deal
            changed += len({*dealt, state}) > 2
            checked += 1
        moves = game.legal_moves(state)
        i, rng = rng.randrange(len(moves))
        state = game.apply(state, moves[i])
        step += 1
    assert checked >= 5
    assert changed >= checked // 2  # hidden piles of several cards come out differently


def test_kashgar_keeps_a_card_a_player_put_under_a_pile_where_it_is() -> None:
    game = get_game("kashgar")
    state = game.new_game(game.default_options(), 0)
    under = state.special[-1]
    known = state.knowledge.set(0, state.knowledge[0].add(under))
    state = attrs.evolve(state, knowledge=known)
    for seed in range(5):
        dealt = game.redeal(state, seed)
        assert dealt.special[-1] == under
        assert sorted(dealt.special) == sorted(state.special)
    assert len({tuple(game.redeal(state, s).special) for s in range(5)}) > 1


def test_serica_keeps_the_cards_a_player_knows_on_top_of_a_draw_pile() -> None:
    game = get_game("serica")
    state = game.new_game(game.default_options(), 3)
    rng = Rng.from_seed(3)
    while not any(max(p.known_top) for p in state.players):  # an Ambassador, a General
        moves = game.legal_moves(state)
        i, rng = rng.randrange(len(moves))
        state = game.apply(state, moves[i])
    for seed in range(4):
        dealt = game.redeal(state, seed)
        for before, after in zip(state.players, dealt.players, strict=True):
            kept = max(before.known_top)
            assert after.draw[:kept] == before.draw[:kept]
            assert sorted(after.draw) == sorted(before.draw)


def test_without_a_redeal_of_its_own_a_game_deals_what_the_player_to_decide_cannot_see() -> None:
    game: Any = tinygame.GAME
    assert game.optional.redeal is None
    state = game.new_game(game.default_options(), 2)
    player = game.current_player(state)
    assert game.redeal(state, 5) == game.determinize(game.observe(state, player), 5)
    assert redeal(game, state, 5) == game.redeal(state, 5)
    while not game.is_over(state):
        state = game.apply(state, game.legal_moves(state)[0])
    assert game.redeal(state, 5) is state  # nothing is left to deal
