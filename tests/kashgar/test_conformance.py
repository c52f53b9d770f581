"""The shared conformance suite of the game contract, for every player count, with and
without the expansion."""

from __future__ import annotations

import pytest

from silkroad.core.rng import Rng
from silkroad.kashgar import GAME, Fulfill, Options, apply, legal_moves, new_game
from silkroad.testing import check_game


@pytest.mark.rule("KG-2")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("expansion", ["none", "all"])
def test_check_game(players: int, expansion: str) -> None:
    # Short games (a low round limit: the safeguard truncates them) let many seeds run in
    # little time; the full-length game below ends by the rules. Every state is validated
    # and every game recorded and replayed; the other checks at every second decision.
    options = Options.create(players, expansion=expansion, round_limit=8)
    report = check_game(GAME, options, seeds=range(6), determinize_samples=1, check_every=2)
    assert report.games == 6


@pytest.mark.rule("KG-6")
def test_check_game_full_length() -> None:
    report = check_game(
        GAME,
        Options.create(3, expansion="all"),
        seeds=range(1),
        determinize_samples=1,
        every_move=False,
        check_every=2,  # validate, the end and the record at every decision
        outputs_every=8,  # every output a user reads at every 16th decision
    )
    assert report.games == 1


@pytest.mark.rule("KG-8")
@pytest.mark.rule("KG-5.X")
def test_check_game_through_conjuress_turns_and_declined_orders() -> None:
    """Full games with the Conjuresses, whose seeds reach states where a Conjuress waits
    for the end of the other turn it gave and decisions where an order may be declined
    (the harness chooses its moves with this generator)."""
    options = Options.create(2, expansion=["conjuress"])
    waiting = declined = 0
    for seed in range(3):
        state = new_game(options, seed)
        chooser = Rng.from_seed(seed ^ 0x5EED)
        while moves := legal_moves(state):
            waiting += bool(state.suspended)
            declined += Fulfill(None) in moves
            index, chooser = chooser.randrange(len(moves))
            state = apply(state, moves[index])
    assert waiting >= 3
    assert declined >= 3
    report = check_game(GAME, options, seeds=range(3), determinize_samples=1, check_every=2)
    assert report.games == 3


@pytest.mark.rule("KG-7")
def test_check_game_through_a_reshuffle_of_the_discard_pile() -> None:
    """[KG-7] A full 2-player game whose discard pile is shuffled into the Standard deck
    (at step 233): the harness's event-text check finds nothing hidden in the texts."""
    report = check_game(GAME, Options.create(2), seeds=[0], determinize_samples=1, every_move=False)
    assert report.games == 1
    assert report.decisions > 233
