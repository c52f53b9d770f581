"""[DH-6.1] The 3-player mode."""

from __future__ import annotations

import pytest

from silkroad.dunhuang import Options, new_game
from silkroad.dunhuang.table import table

from .helpers import clear_board, give_hand, play, player, ready, set_row, texts, turn_of


@pytest.mark.rule("DH-6.1")
def test_three_players_no_public_fresco_no_four_player_tiles_dice_at_two() -> None:
    s = new_game(Options(3), 4)
    t = table(s.options)
    assert s.public is None
    assert not any(f.four_player_only for f in t.tiles.values())
    assert len(t.tile_ids) == 15  # exactly five for each of three players
    s = ready(3)
    for pl in s.players:
        assert pl.frescoes[2].die == 2
    # later frescoes start at 2 as well
    s = give_hand(player(turn_of(clear_board(s), 0), 0, pigment=4), 0, 403)
    s = play(s, "m1 b5")
    assert s.players[0].frescoes[2].tile == 403
    assert s.players[0].frescoes[2].die == 2


@pytest.mark.rule("DH-6.1")
def test_three_players_only_two_ultimate_actions_a_round() -> None:
    s = turn_of(clear_board(ready(3)), 0)
    s = player(s, 0, tokens={"silk-material": 1})
    s = play(s, "m1 u1", "e1", "e1")
    assert s.turn == 1
    s = play(s, "m1 u3")  # a Field (no Tea Product to trade)
    s = set_row(player(turn_of(s, 2), 2, tokens={"gold-product": 1}), (201, 401, 601, 403))
    assert not any(m.endswith(("u1", "u2", "u3")) for m in texts(s))
    # with four players the third ultimate action stays open
    four = turn_of(clear_board(ready(4)), 0)
    four = player(four, 0, tokens={"silk-material": 1})
    four = play(four, "m1 u1", "e1", "e1")
    four = play(four, "m1 u3")
    four = set_row(player(turn_of(four, 2), 2, tokens={"gold-product": 1}), (201, 401, 601, 403))
    assert "m1 u2" in texts(four)
