"""The shared conformance suite and conservation over seeded random games."""

from __future__ import annotations

import pytest

from silkroad.core.rng import Rng
from silkroad.serica import GAME, Options, apply, legal_moves, new_game, validate
from silkroad.serica.table import table
from silkroad.testing import check_game


@pytest.mark.rule("SR-5", "SR-6")
@pytest.mark.parametrize("seed", range(2))
def test_check_game_competitive(seed: int) -> None:
    # full games of some 700 decisions, checked in full at every second decision (one
    # determinized world per seat; validate, the end and the record at every decision)
    # and every output a user reads at every 16th: the truncated games below are
    # checked at every decision, three worlds each, their outputs at every 4th
    report = check_game(
        GAME, Options(), seeds=[seed], determinize_samples=1, check_every=2, outputs_every=8
    )
    assert report.games == 1
    assert report.illegal_moves_rejected > 0


@pytest.mark.rule("SR-5", "SR-6")
def test_check_game_competitive_truncated() -> None:
    # Six rounds: the safeguard truncates these games, which then have no winner.
    short = check_game(GAME, Options(round_limit=6), seeds=range(10, 13), allow_no_winner=True)
    assert short.games == 3
    assert short.hidden_differences > 0


@pytest.mark.rule("SR-7")
def test_check_game_coop() -> None:
    # A lost co-op game has no winner ([SR-7]: the bandits win).
    report = check_game(  # in full at every second decision, as the competitive games
        GAME,
        Options(coop=True),
        seeds=range(1),
        allow_no_winner=True,
        determinize_samples=1,
        check_every=2,
        outputs_every=8,
    )
    assert report.games == 1


@pytest.mark.rule("SR-7")
def test_check_game_coop_truncated() -> None:
    short = check_game(
        GAME, Options(coop=True, round_limit=6), seeds=range(20, 22), allow_no_winner=True
    )
    assert short.games == 2


@pytest.mark.rule("SR-1", "SR-6")
@pytest.mark.parametrize("coop", [False, True])
def test_random_games_end_and_conserve_every_card(coop: bool) -> None:
    """53 cards each in one place, nothing negative (validate), every game ends."""
    options = Options(coop=coop)
    n_cards = table(options).n_cards
    for seed in range(6):
        state = new_game(options, seed)
        rng = Rng.from_seed(seed + 100)
        steps = 0
        while legal_moves(state):
            moves = legal_moves(state)
            index, rng = rng.randrange(len(moves))
            state = apply(state, moves[index])
            validate(state)
            steps += 1
            assert steps < GAME.max_game_length(options)
        assert n_cards == 53
        assert state.round <= options.round_limit
