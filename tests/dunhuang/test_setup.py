"""[DH-1] [DH-2] Components and setup."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import RulesError, StateError
from silkroad.dunhuang import (
    DEFAULT_PACKS,
    Keep,
    Options,
    Paint,
    apply,
    default_options,
    legal_moves,
    new_game,
    observe,
    validate,
)
from silkroad.dunhuang.state import ChoiceKind, Phase
from silkroad.dunhuang.table import table

from .helpers import ready


@pytest.mark.rule("DH-1")
def test_each_player_has_three_meeples_and_three_dice_and_validate_counts_them() -> None:
    s = ready()
    validate(s)
    for pl in s.players:
        assert sum(pl.home) == 3
        assert pl.income + sum(1 for f in pl.frescoes if f.die is not None) == 3
    broken = attrs.evolve(s, players=(attrs.evolve(s.players[0], income=3), *s.players[1:]))
    with pytest.raises(StateError, match="overseer dice"):
        validate(broken)
    twice = attrs.evolve(s, deck=(*s.deck, s.deck[0]))
    with pytest.raises(StateError, match="character cards"):
        validate(twice)


@pytest.mark.rule("DH-2.0")
def test_main_board_areas_have_the_printed_spot_counts() -> None:
    t = table(Options(4))
    kinds = [d.kind for d in t.spots]
    assert kinds.count("basic") == 12
    assert kinds.count("ultimate") == 3
    # 12 fresco action spots of the players plus the public fresco: 13 in all
    assert kinds.count("fresco") == 12
    assert new_game(Options(4), 1).public is not None
    assert [d.label for d in t.spots[:3]] == ["b1", "b2", "b3"]


@pytest.mark.rule("DH-2.S")
def test_the_standard_setup_is_the_four_player_game() -> None:
    assert default_options() == Options(4, DEFAULT_PACKS)
    s = new_game(default_options(), 3)
    assert len(s.players) == 4


@pytest.mark.rule("DH-2.1")
def test_main_board_setup() -> None:
    s = new_game(Options(4), 5)
    t = table(s.options)
    assert s.round == 1
    assert DEFAULT_PACKS == ("silk", "gold", "tea")
    # character deck of the three packs, four face up
    assert len(s.row) == 4
    assert None not in s.row
    assert sorted((*s.row, *s.deck)) == sorted(t.char_ids)
    assert {t.characters[c].pack for c in t.char_ids} == {"silk", "gold", "tea"}
    # resource tiles on zone 4; ultimate tiles of the three packs
    assert [e.text for d in t.spots[9:12] for e in d.effects] == [
        "material tea",
        "material silk",
        "material gold",
    ]
    assert [d.source for d in t.spots[12:15]] == [
        "Silk Market",
        "Gold Ultimate Action",
        "Tea Plantation",
    ]


@pytest.mark.rule("DH-2.1.6")
def test_tea_resource_tile_covers_the_jade_spot_when_jade_is_absent() -> None:
    t = table(Options(4, ("silk", "gold", "tea")))
    assert t.spots[9].source == "tea resource tile"  # zone 4 prints jade first
    t2 = table(Options(4, ("silk", "gold", "china")))
    assert t2.spots[10].source == "china resource tile"  # china covers the silver spot


@pytest.mark.rule("DH-2.1")
def test_options_are_checked() -> None:
    with pytest.raises(RulesError, match="3 or 4"):
        Options(2)
    with pytest.raises(RulesError, match="three different"):
        Options(4, ("silk", "silk", "tea"))
    with pytest.raises(RulesError, match="unknown Starting Pack"):
        Options(4, ("silk", "gold", "spice"))


@pytest.mark.rule("DH-2.2")
def test_player_boards_seat_resources_and_materials() -> None:
    s = new_game(Options(4), 9)
    n = 4
    expected = [(1, 0), (0, 2), (1, 1), (1, 2)]  # (coins, pigment) from the first player on
    for seat in range(n):
        pl = s.players[(s.first + seat) % n]
        assert (pl.coins, pl.pigment) == expected[seat]
        assert dict(pl.tokens) == {"silk-material": 1, "gold-material": 1, "tea-material": 1}
        assert pl.home == (True, True, True)
        assert pl.income == 3  # dice on the income area until the first fresco


@pytest.mark.rule("DH-2.3")
def test_fresco_draft_keep_one_pass_left_hidden() -> None:
    s = new_game(Options(4), 2)
    assert s.phase is Phase.DRAFT
    assert all(len(d) == 5 for d in s.draft)
    first = s.first
    pack = s.draft[first]
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.DRAFT
    assert legal_moves(s) == tuple(Keep(x) for x in sorted(pack))
    # others see neither the pack nor the kept tile
    other = (first + 1) % 4
    assert observe(s, other).draft != pack
    s = apply(s, Keep(min(pack)))
    assert s.players[first].hand == (min(pack),)
    assert observe(s, other).players[first].hand == ()
    for _ in range(3):
        s = apply(s, legal_moves(s)[0])
    # everyone kept one: the rest of first's pack went to the player on the left
    left = (first + 1) % 4
    assert set(s.draft[left]) == set(pack) - {min(pack)}
    while s.phase is Phase.DRAFT:
        s = apply(s, legal_moves(s)[0])
    assert all(len(pl.hand) == 5 for pl in s.players)


@pytest.mark.rule("DH-2.3")
def test_first_placement_excludes_no_icon_tiles_and_sets_dice() -> None:
    s = new_game(Options(4), 4)
    t = table(s.options)
    while s.phase is Phase.DRAFT:
        s = apply(s, legal_moves(s)[0])
    p = s.choice.player if s.choice else -1
    moves = legal_moves(s)
    assert all(isinstance(m, Paint) and not t.tiles[m.tile].no_start for m in moves)
    assert {m.tile for m in moves if isinstance(m, Paint)} == {
        x for x in s.players[p].hand if not t.tiles[x].no_start
    }
    # the placed tile is face down for the others until everyone placed
    s = apply(s, moves[0])
    assert observe(s, (p + 1) % 4).players[p].frescoes[2].tile is None
    while s.phase is Phase.PLACE:
        s = apply(s, legal_moves(s)[0])
    assert s.revealed
    for pl in s.players:
        spot = pl.frescoes[2]
        assert spot.tile is not None
        assert spot.die == t.tiles[spot.tile].value
        assert pl.income == 2
    assert observe(s, 0).public == s.public  # the public fresco is flipped too


@pytest.mark.rule("DH-2.2")
def test_the_first_player_is_chosen_at_random() -> None:
    firsts = {new_game(Options(4), seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.rule("DH-6.2.1")
def test_the_ultimate_spots_are_labelled_u1_to_u3_even_when_blocked() -> None:
    # solitaire plays two packs: the third ultimate spot is blocked, still named u3
    t = table(Options(1, ("silk", "tea")))
    ultimates = [d for d in t.spots if d.kind == "ultimate"]
    assert [d.label for d in ultimates] == ["u1", "u2", "u3"]
    assert [d.blocked for d in ultimates] == [False, False, True]
