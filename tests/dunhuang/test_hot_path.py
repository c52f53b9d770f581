"""The hot path of the rules (docs/dunhuang.md, "Speed") gives what the plain computation
gives: the state copies of ``engine.replace``, and the legal moves listed through the
memos (the last state settled, the occupied spots carried from a placement, the next
placer's moves) against the same moves listed from scratch."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.rng import Rng
from silkroad.dunhuang import Options, apply, legal_moves, new_game
from silkroad.dunhuang import rules as R
from silkroad.dunhuang.engine import meets, replace, resolve_index, set_player, with_field
from silkroad.dunhuang.moves import Keep, Place
from silkroad.dunhuang.state import Action, Choice, ChoiceKind, Frame, Phase, Solo
from silkroad.dunhuang.table import table

from .helpers import clear_board, player, ready, turn_of


def test_replace_builds_what_evolve_builds() -> None:
    s = ready()
    pl = s.players[1]
    for inst, changes in (
        (s, {"turn": (s.turn + 1) % 4}),
        (s, {"round": 5, "revealed": False}),
        (s, {}),
        (pl, {"vp": pl.vp + 3, "hand": ()}),
        (Frame(1, ("coin 1", "vp 2"), slot=2), {"effects": ("vp 2",), "done": True}),
        (Choice(ChoiceKind.GAIN, 2, "left"), {"player": 3}),
        (Action(0, 1), {"ability": True}),
        (Solo(stack=(3, 4, 5)), {"known": 1, "drawn": (6,)}),
    ):
        new = replace(inst, **changes)
        assert new == attrs.evolve(inst, **changes)
        assert type(new) is type(inst)
        assert new is not inst
        for name, value in changes.items():
            assert getattr(new, name) == value
    assert s == ready()  # the originals are unchanged
    assert replace(s).turn == s.turn
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        replace(s, turn=1).turn = 2  # type: ignore[misc]


def test_the_one_field_copies_build_what_evolve_builds() -> None:
    s = ready()
    pl = s.players[2]
    for inst, name, value in (
        (pl, "coins", pl.coins + 2),
        (pl, "home", (False, True, True)),
        (s, "turn", (s.turn + 1) % 4),
        (Frame(1, ("coin 1",)), "done", True),
    ):
        new = with_field(inst, name, value)
        assert new == attrs.evolve(inst, **{name: value})
        assert type(new) is type(inst)
        assert new is not inst
    moved = set_player(s, 2, with_field(pl, "vp", pl.vp + 1))
    assert moved == attrs.evolve(
        s, players=(*s.players[:2], attrs.evolve(pl, vp=pl.vp + 1), *s.players[3:])
    )
    assert s == ready()  # the originals are unchanged
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        with_field(s, "turn", 1).turn = 2  # type: ignore[misc]


@pytest.mark.rule("DH-5")
def test_an_achievement_test_starts_with_its_first_single_statistic() -> None:
    # the quick test of a spot: its first need when that is one statistic, else a need
    # every player meets (the whole requirement is read next)
    assert R._first_need((("silk-clothes", 4), ("painted:silk", 1))) == ("silk-clothes", 4)
    assert R._first_need((("silk-clothes+gold-product", 3),)) == ("", 0)
    assert R._first_need(()) == ("", 0)
    t = table(Options(4))
    tests = R._achievement_tests(t)
    assert [test[0] for test in tests] == [a.key for a in t.achievements]
    for (_, first, least, needs, _, _), a in zip(tests, t.achievements, strict=True):
        assert (first, least) == a.need[0]  # every built-in spot's first need is single
        assert needs[0] == ((first,), least)


def test_replace_refuses_an_unknown_field() -> None:
    s = ready()
    with pytest.raises(AttributeError, match="State has no field tunr"):
        replace(s, tunr=1)
    with pytest.raises(AttributeError, match="Player has no field gold"):
        replace(s.players[0], gold=1)
    with pytest.raises(AttributeError, match="Frame has no field efects"):
        replace(Frame(0, ()), efects=())
    # the other classes go through silkroad.core.evolve
    assert replace(s.players[0].frescoes[0], die=3).die == 3
    with pytest.raises(AttributeError, match="nope"):
        replace(s.players[0].frescoes[0], nope=3)


def _fresh(s: object) -> tuple[object, ...]:
    """The legal moves of ``s`` listed from scratch, without the memos."""
    R._last.clear()
    R._taken.clear()
    return R._moves(table(s.options), s)  # type: ignore[arg-type, attr-defined]


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize(
    "options",
    [
        Options(4),
        Options(3, ("china", "gold", "tea")),
        Options(4, ("jade", "wine", "sutra"), promos=True),
        Options(3, ("silver", "bronze", "camel")),
        Options(1, ("silk", "tea")),
    ],
)
def test_memoized_moves_are_the_moves_listed_from_scratch(options: Options) -> None:
    for seed in range(3):
        s = new_game(options, seed)
        rng = Rng.from_seed(seed)
        moves = legal_moves(s)
        while moves:
            occupied = R._occupied(s.spots)
            assert occupied == frozenset(s.spots)
            assert moves == _fresh(s)
            i, rng = rng.randrange(len(moves))
            s = apply(s, moves[i])
            moves = legal_moves(s)
        assert s.phase is Phase.OVER


@pytest.mark.rule("DH-3.2")
def test_the_next_placer_found_past_a_player_without_a_spot_keeps_its_moves() -> None:
    # player 0, to act, has meeples at home but no coins, pigment or tokens; player 1
    # is rich; every spot player 0 could use is taken, so the turn goes on to player 1
    s = turn_of(clear_board(ready()), 0)
    s = player(s, 0, coins=0, pigment=0, tokens={})
    s = player(s, 1, coins=20, pigment=20, tokens=dict.fromkeys(s.players[1].tokens, 3))
    t = table(s.options)
    poor = {m.spot for m in R._placements(t, s, 0) if isinstance(m, Place)}
    rich = {m.spot for m in R._placements(t, s, 1) if isinstance(m, Place)}
    assert rich - poor
    s = replace(s, spots=s.spots.update(dict.fromkeys(poor, 11)))  # player 3's meeples
    assert R._placements(t, s, 0) == ()
    nxt = R._next_placer(t, s)
    assert nxt is not None
    assert nxt.turn == 1
    assert nxt.players == s.players
    assert R._last.pair[0] is nxt
    assert legal_moves(nxt) is R._last.pair[1]
    assert {m.spot for m in legal_moves(nxt) if isinstance(m, Place)} == rich - poor
    assert legal_moves(nxt) == _fresh(nxt)


def test_apply_takes_an_equal_move_that_is_not_the_listed_one() -> None:
    s = new_game(Options(4), 1)
    move = legal_moves(s)[-1]
    assert isinstance(move, Keep)
    copy = Keep(move.tile)
    assert copy is not move
    assert apply(s, copy) == apply(s, move)


def test_a_placement_carries_the_occupied_spots_to_the_next_listing() -> None:
    s = turn_of(clear_board(ready()), 0)
    t = table(s.options)
    before = R._occupied(s.spots)
    move = next(m for m in legal_moves(s) if isinstance(m, Place))
    after = R._place(t, s, 0, move.meeple, move.spot)
    assert R._taken.pair[0] is after.spots
    assert R._occupied(after.spots) == before | {move.spot} == frozenset(after.spots)


@pytest.mark.rule("DH-3.2")
def test_placements_are_listed_by_meeple_then_spot() -> None:
    # the legal-move order is part of the contract (a seed and move indices replay a game)
    for options in (Options(4), Options(3, ("china", "gold", "tea")), Options(1, ("silk", "tea"))):
        s = new_game(options, 2)
        rng = Rng.from_seed(2)
        seen = 0
        moves = legal_moves(s)
        while moves:
            places = [(m.meeple, m.spot) for m in moves if isinstance(m, Place)]
            assert places == sorted(places)
            seen += len(places) > 1
            i, rng = rng.randrange(len(moves))
            s = apply(s, moves[i])
            moves = legal_moves(s)
        assert seen > 5


@pytest.mark.rule("DH-3.2")
def test_a_gain_that_empties_its_frame_ends_it_unless_a_bonus_is_due() -> None:
    """``engine.resolve_index`` ends a frame its gain leaves empty (what settling would
    do next); a frame with a bonus to pay is left for ``pop_frame``."""
    s = ready()
    p = s.turn
    coins = s.players[p].coins
    below = Frame(p, ("vp 1",), manual=False)
    for bonus in (0, 5):
        top = Frame(p, ("coin 2",), manual=False, bonus=bonus)
        after = resolve_index(table(s.options), attrs.evolve(s, frames=(below, top)), 0)
        assert after.players[p].coins == coins + 2
        if bonus:
            assert after.frames == (below, attrs.evolve(top, effects=(), done=True))
        else:
            assert after.frames == (below,)
    two = Frame(p, ("coin 2", "vp 1"), manual=False)
    after = resolve_index(table(s.options), attrs.evolve(s, frames=(two,)), 0)
    assert after.frames == (attrs.evolve(two, effects=("vp 1",), done=True),)


def _claims_from_scratch(t: object, s: object, p: int) -> object:
    """[DH-5] The claims after ``p``'s check, read from the table's spots one by one:
    every open spot whose whole requirement ``p`` meets, in the table's order, not one of
    two spots of the same requirement when ``p`` holds the other."""
    claimed = dict(s.achievements)  # type: ignore[attr-defined]
    pl = s.players[p]  # type: ignore[attr-defined]
    for a in t.achievements:  # type: ignore[attr-defined]
        if a.key in claimed or not meets(pl, a.need):
            continue
        if any(claimed.get(k) == p for k in t.same_need[a.key]):  # type: ignore[attr-defined]
            continue
        claimed[a.key] = p
    return claimed


@pytest.mark.rule("DH-5")
@pytest.mark.parametrize("options", [Options(3), Options(4, ("iron", "jade", "silver"))])
def test_achievements_claimed_through_the_quick_tests_are_those_of_every_need(
    options: Options,
) -> None:
    # claim_achievements rejects most spots on their first need before it reads the rest
    # (and skips a player whose statistics are those of a fruitless check); on the
    # action phase's states of played games (in the middle of actions too, their
    # achievements pending) it claims exactly what the requirements read one spot at a
    # time claim
    t = table(options)
    seen = 0
    for seed in range(2):
        s = new_game(options, seed)
        rng = Rng.from_seed(seed)
        moves = legal_moves(s)
        while moves:
            if s.phase is Phase.ACTION:
                for p in range(len(s.players)):
                    got = R.claim_achievements(t, s, p).achievements
                    assert dict(got) == _claims_from_scratch(t, s, p)
                    seen += got != s.achievements
            i, rng = rng.randrange(len(moves))
            s = apply(s, moves[i])
            moves = legal_moves(s)
    assert seen  # some checks claimed a spot


def test_the_frame_and_action_tables_hold_what_their_constructors_make() -> None:
    for p in range(4):
        assert R._TEST_FRAMES[p][0] == Frame(p, ())
        for m in range(3):
            assert R._TEST_FRAMES[p][m + 1] == Frame(p, (), slot=m)
            assert R._ACTIONS[p][m] == Action(p, m)
