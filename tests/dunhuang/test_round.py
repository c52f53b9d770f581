"""[DH-3] Rounds: starting phase, action phase, the action areas, completion, cleanup."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import IllegalMoveError
from silkroad.core.rng import Rng
from silkroad.dunhuang import Options, apply, is_over, legal_moves, new_game
from silkroad.dunhuang.state import Phase, State

from .helpers import (
    clear_board,
    give_tile,
    play,
    player,
    ready,
    texts,
    turn_of,
)


def board() -> State:
    return turn_of(clear_board(ready()), 0)


@pytest.mark.rule("DH-3")
def test_a_game_has_eight_rounds_of_three_phases() -> None:
    s = new_game(Options(4), 11)
    rng = Rng.from_seed(3)
    seen = set()
    while not is_over(s):
        seen.add((s.round, s.phase))
        moves = legal_moves(s)
        i, rng = rng.randrange(len(moves))
        s = apply(s, moves[i])
    rounds = {r for r, _ in seen}
    assert rounds == set(range(1, 9))
    assert (8, Phase.ACTION) in seen
    assert s.phase is Phase.OVER
    assert s.final is not None


@pytest.mark.rule("DH-3.1")
def test_starting_phase_pack_effects_and_achievements_in_seat_order() -> None:
    s = clear_board(ready())
    s = player(s, 0, tokens={"silk-clothes": 2, "tea-field1": 1, "tea-field2": 1})
    s = player(s, 1, tokens={"silk-clothes": 2})
    s = attrs.evolve(s, phase=Phase.START, queue=(), choice=None, round=2)
    from silkroad.dunhuang.rules import _settle
    from silkroad.dunhuang.table import table

    s = _settle(table(s.options), s)
    p0, p1 = s.players[0], s.players[1]
    assert p0.tokens["tea-material"] == 1
    assert p0.tokens["tea-product"] == 1
    # Clothes give 1 VP each; both players reach "2 Clothes": the earlier seat gets the
    # richer spot
    first_seat = 0 if (0 - s.first) % 4 < (1 - s.first) % 4 else 1
    assert s.achievements["silk-1"] == first_seat
    assert s.achievements["silk-2"] == 1 - first_seat
    tea3 = 4  # player 0 also owns a Tier 2 Field: the tea-3 achievement
    assert p0.vp == 2 + (5 if first_seat == 0 else 3) + tea3
    assert p1.vp == 2 + (5 if first_seat == 1 else 3)
    assert s.phase is Phase.ACTION
    assert s.turn == s.first


@pytest.mark.rule("DH-3.2")
def test_one_meeple_per_spot_and_turns_go_clockwise() -> None:
    s = board()
    s = play(s, "m1 b1")
    assert s.turn == 1
    assert not any(m.endswith(" b1") for m in texts(s))
    with pytest.raises(IllegalMoveError):
        play(s, "m1 b1")


@pytest.mark.rule("DH-3.2")
def test_effects_in_any_order_some_may_be_skipped_but_not_all() -> None:
    s = give_tile(board(), 1, 2, 402, 2)  # coin, pigment
    s = play(s, "m1 f2.3")
    assert texts(s) == ["e1", "e2"]  # no "done" before anything is resolved
    s = play(s, "e2")  # pigment first
    assert texts(s) == ["e1", "done"]
    coins = s.players[0].coins
    s = play(s, "done")
    assert s.turn == 1
    assert s.players[0].coins == coins


@pytest.mark.rule("DH-3.A")
def test_basic_action_zones() -> None:
    s = board()
    from silkroad.dunhuang.table import table

    t = table(s.options)
    assert [[e.text for e in t.spots[i].effects] for i in range(9)] == [
        ["coin"],
        ["pigment"],
        ["vp 3"],
        ["upgrade"],
        ["paint"],
        ["paint", "coin"],
        ["quest 2"],
        ["recruit"],
        ["recruit", "quest 2"],
    ]


@pytest.mark.rule("DH-3.A")
def test_first_zone_user_becomes_next_first_player() -> None:
    s = board()
    first = s.first
    s = attrs.evolve(s, turn=(first + 1) % 4)
    s = play(s, "m1 b10")  # zone 4: no change
    assert s.next_first is None
    s = play(s, "m1 b3")  # zone 1
    taker = (first + 2) % 4
    assert s.next_first == taker
    s = play(s, "m1 b2")  # a later zone-1 user does not take it
    assert s.next_first == taker
    while s.round == 1:
        s = apply(s, legal_moves(s)[0])
    assert s.first == taker


@pytest.mark.rule("DH-3.A")
def test_first_player_stays_when_nobody_uses_zone_one() -> None:
    s = attrs.evolve(board(), next_first=None)
    first = s.first
    from silkroad.dunhuang.rules import _cleanup_finish
    from silkroad.dunhuang.table import table

    s2 = _cleanup_finish(table(s.options), attrs.evolve(s, phase=Phase.CLEANUP))
    assert s2.first == first


@pytest.mark.rule("DH-3.B")
def test_ultimate_actions_come_from_the_packs() -> None:
    s = player(board(), 0, tokens={"silk-material": 1})
    s = play(s, "m1 u1")  # Silk Market: material silk, upgrade
    assert texts(s) == ["e1", "e2"]
    s = play(s, "e1", "e1")  # the only possible upgrade is taken at once
    assert dict(s.players[0].tokens) == {"silk-material": 1, "silk-product": 1}


@pytest.mark.rule("DH-3.D")
def test_completion_moves_the_die_scores_the_round_and_tile_stays_usable() -> None:
    s = give_tile(board(), 0, 2, 402, 1)
    s = attrs.evolve(s, round=3, turn=1)
    s = play(s, "m1 f1.3", "e1", "done")
    p0 = s.players[0]
    assert p0.frescoes[2] == attrs.evolve(p0.frescoes[2], tile=402, die=None)
    assert p0.left == 1
    assert p0.vp == 16
    # still usable this round by another meeple? the spot is taken; but Continue Painting
    # completing a fresco leaves its spot free
    s2 = give_tile(board(), 0, 2, 402, 1)
    s2 = give_tile(s2, 1, 2, 405, 2)
    s2 = attrs.evolve(give_tile(s2, 0, 1, 401, 2), turn=0)
    s2 = play(s2, "m1 f2.3", "e2", "continue 3")
    assert s2.players[0].frescoes[2].die is None
    s2 = attrs.evolve(s2, turn=1, frames=(), choice=None, action=None)
    assert "m1 f1.3" in texts(s2)  # note 2: the completed tile acts until cleanup
    assert s2.players[0].frescoes[2].tile is not None
    s3 = play(s2, "m1 f1.3", "e1", "done")
    assert s3.players[0].frescoes[2].die is None


@pytest.mark.rule("DH-3.3")
def test_cleanup_steps() -> None:
    s = give_tile(board(), 0, 2, 402, None)  # a completed tile
    s = player(s, 0, left=1, income=1)
    s = give_tile(s, 0, 1, 401, 2)
    s = player(s, 0, income=1)
    row = s.row
    s = play(s, "m1 b1")
    from silkroad.dunhuang.rules import _cleanup
    from silkroad.dunhuang.table import table

    s = _cleanup(table(s.options), attrs.evolve(s, action=None, frames=()))
    p0 = s.players[0]
    assert p0.home == (True, True, True)
    assert not s.spots
    assert p0.frescoes[2].tile is None
    assert 402 in s.gone
    assert s.row[:3] == row[1:]
    assert row[0] in s.discard
    assert [(c.player, c.arg) for c in s.queue] == [(0, "left")]  # step 4 choices


@pytest.mark.rule("DH-3.3")
def test_cleanup_rewards_and_dice_movement() -> None:
    s = clear_board(ready())
    s = give_tile(s, 0, 2, 402, 2)
    s = player(s, 0, income=0, left=1, right=0)
    s = give_tile(s, 0, 1, 401, 2)
    s = player(s, 0, income=0)
    from silkroad.dunhuang.rules import _cleanup, _settle
    from silkroad.dunhuang.table import table

    t = table(s.options)
    s = attrs.evolve(s, frames=(), action=None)
    s = _settle(t, _cleanup(t, s))
    assert s.choice is not None
    assert s.choice.player == 0
    assert texts(s) == ["take pigment", "take coin"]
    s = play(s, "take coin")
    assert s.players[0].right == 1
    assert s.players[0].left == 0
    assert s.round == 2
