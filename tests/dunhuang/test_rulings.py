"""Rulings where the rulebook is silent (docs/dunhuang.md, "Rulings"), each tested."""

from __future__ import annotations

import attrs
import pytest

from silkroad.dunhuang import current_player
from silkroad.dunhuang.rules import _cleanup, _settle, paint_tiles
from silkroad.dunhuang.state import Choice, ChoiceKind, Phase, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, give_tile, play, player, ready, set_row, texts, turn_of


@pytest.mark.rule("DH-1")
def test_supply_is_unlimited() -> None:
    s = turn_of(clear_board(ready()), 0)
    s = player(s, 0, coins=40, pigment=40, tokens={"gold-material": 50})
    s = play(s, "m1 b1")
    assert s.players[0].coins == 41  # beyond the 24 coins of value in the box
    s = play(turn_of(s, 0), "m2 b12")
    assert s.players[0].tokens["gold-material"] == 51


@pytest.mark.rule("DH-3.E.7")
def test_an_unrefillable_row_position_stays_empty() -> None:
    from silkroad.dunhuang.engine import refill_row

    s = attrs.evolve(ready(), deck=(), discard=())
    s = refill_row(attrs.evolve(s, row=(None, *s.row[1:])), 0)
    assert s.row[0] is None
    # with only the discard pile left, it is shuffled into a new deck first
    s = attrs.evolve(s, discard=(999,))
    s = refill_row(s, 0)
    assert s.row[0] == 999
    assert s.deck == ()
    assert s.discard == ()


@pytest.mark.rule("DH-3.3")
def test_the_owner_of_a_reward_area_die_decides_its_reward() -> None:
    s = clear_board(ready())
    s = give_tile(s, 2, 2, 402, 2)
    s = player(s, 2, income=1, left=1)
    t = table(s.options)
    s = _settle(t, _cleanup(t, attrs.evolve(s, first=0)))
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.GAIN
    assert current_player(s) == 2


@pytest.mark.rule("DH-3.2")
def test_a_player_without_a_usable_spot_skips_the_turn_and_keeps_the_meeples() -> None:
    """[DH-3.2] The phase ends only when every meeple is placed or nobody can place one:
    a player who cannot place skips the turn, and places again once a spot opens."""
    s = turn_of(clear_board(ready()), 0)
    # every basic and ultimate spot but b5 (Begin Painting) taken by stand-in meeples;
    # players 3 and 4 have placed all their meeples
    s = attrs.evolve(s, spots=s.spots.update(dict.fromkeys((*range(4), *range(5, 15)), 9)))
    for p in (2, 3):
        s = player(s, p, home=(False, False, False))
    s = player(s, 0, pigment=0)  # cannot Begin Painting: no usable spot
    s = player(s, 1, pigment=4, hand=(402,))  # t402: coin; pigment
    t = table(s.options)
    s = _settle(t, s)
    assert s.turn == 1  # player 1 skipped the turn
    assert s.players[0].home == (True, True, True)  # and kept the meeples
    s = play_moves(s, "m1 b5", "e1", "e1")  # player 2 paints t402; its action follows
    # player 2's new fresco is a usable spot for player 1, who places again
    assert s.turn == 0
    assert s.players[0].home == (True, True, True)
    assert texts(s) == ["m1 f2.3"]  # three meeples without characters: one move
    s = play_moves(s, "m1 f2.3", "e1", "e1")
    # now nobody can place a meeple: the action phase ends, meeples still at home
    assert s.round == 2


def play_moves(s: State, *moves: str) -> State:
    """``play`` without the state check (the stand-in meeples break conservation)."""
    from silkroad.dunhuang import apply, parse_move

    for text in moves:
        s = apply(s, parse_move(s, text))
    return s


@pytest.mark.rule("DH-5")
def test_every_achievement_met_is_claimed_at_once() -> None:
    s = turn_of(clear_board(ready()), 0)
    s = player(s, 0, tokens={"silk-clothes": 4, "gold-product": 2})
    s = play(s, "m1 b1")
    assert {k for k, p in s.achievements.items() if p == 0} == {"silk-1", "silk-5", "gold-5"}


@pytest.mark.rule("DH-2.3")
def test_a_hand_of_no_icon_tiles_places_no_first_fresco() -> None:
    from silkroad.dunhuang import Options, apply, legal_moves, new_game, validate

    s = new_game(Options(4), 1)
    while s.phase is Phase.DRAFT:
        s = apply(s, legal_moves(s)[0])
    assert s.choice is not None
    p = s.choice.player
    t = table(s.options)
    no_icon = [x for x in t.tile_ids if t.tiles[x].no_start]
    # the player's hand becomes the no-icon tiles (swapped with their holders); the
    # player's spare tile leaves the game
    hands = [list(pl.hand) for pl in s.players]
    mine = [x for x in hands[p] if x not in no_icon]
    for tile in no_icon:
        holders = [q for q, h in enumerate(hands) if tile in h and q != p]
        if tile in hands[p] or not holders:
            continue  # already held, or it is the public fresco
        q = holders[0]
        give = mine.pop()
        hands[q][hands[q].index(tile)] = give
        hands[p][hands[p].index(give)] = tile
    gone = [x for x in hands[p] if x not in no_icon]
    hands[p] = [x for x in hands[p] if x in no_icon]
    players = tuple(attrs.evolve(pl, hand=tuple(h)) for pl, h in zip(s.players, hands, strict=True))
    s = attrs.evolve(s, players=players, gone=(*s.gone, *gone))
    validate(s)
    assert [str(m) for m in legal_moves(s)] == ["pass"]
    s = apply(s, legal_moves(s)[0])
    assert s.players[p].frescoes[2].tile is None


@pytest.mark.rule("DH-3.E.7")
def test_leaving_effect_also_when_replaced() -> None:
    from .helpers import give_character

    s = give_character(turn_of(clear_board(ready()), 0), 0, 0, 406, 3)  # leaving: vp 2
    s = set_row(player(s, 0, coins=3), (401, 402, 403, 404))
    s = play(s, "m2 b8", "recruit c401 s1")
    assert s.players[0].vp == 2
    assert s.players[0].characters[0] == 401


@pytest.mark.rule("DH-2.3.5")
@pytest.mark.rule("DH-3.C")
@pytest.mark.rule("DH-3.3")
def test_r12_the_public_fresco_is_a_tile_to_paint_not_an_action_spot() -> None:
    """[Rulings] 12: the 4-player Public Fresco is flipped at setup but no meeple may
    perform it, cleanup leaves it, and Begin Painting may take it."""
    s = ready()
    t = table(s.options)
    public = s.public
    assert public is not None
    assert s.revealed
    # the public spots of the board are solitaire's line: closed in this game
    assert all(d.blocked for d in t.spots if d.kind == "public")
    assert all(public not in (f.tile for f in pl.frescoes) for pl in s.players)
    after = _cleanup(t, s)  # cleanup step 2 removes tiles without a die: not this one
    assert after.public == public
    assert public not in after.gone
    # Begin Painting offers it besides the painter's hand
    assert paint_tiles(t, s, Choice(ChoiceKind.PAINT, 0))[-1] == public
