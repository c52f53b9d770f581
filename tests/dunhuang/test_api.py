"""The contract surface: notation, action ids, observation, determinization, render."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import IllegalMoveError, InvalidMoveError
from silkroad.core.rng import Rng
from silkroad.dunhuang import (
    GAME,
    Ability,
    Choose,
    Continue,
    Done,
    Keep,
    Options,
    Paint,
    Pass,
    Place,
    Recruit,
    Resolve,
    Take,
    Upgrade,
    UseDie,
    action_mask,
    apply,
    decode_move,
    describe_move,
    determinize,
    encode_move,
    legal_moves,
    new_game,
    num_actions,
    observe,
    parse_move,
    render,
)
from silkroad.dunhuang.state import Phase

from .helpers import ready


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Keep(401), "keep t401"),
        (Paint(207), "paint t207"),
        (Place(0, 2), "m1 b3"),
        (Place(2, 13), "m3 u2"),
        (Place(1, 15 + 3 * 2 + 0), "m2 f3.1"),
        (Pass(), "pass"),
        (Resolve(1), "e2"),
        (Done(), "done"),
        (Ability(True), "ability"),
        (Ability(False), "no ability"),
        (Upgrade("silk-material"), "upgrade silk-material"),
        (Take("vp 5"), "take vp 5"),
        (Recruit(401, 0), "recruit c401 s1"),
        (UseDie("left"), "die left"),
        (Continue(2), "continue 3"),
        (Choose(2), "choose 2"),
    ],
)
def test_notation_round_trips(move: object, text: str) -> None:
    assert str(move) == text
    assert parse_move(ready(), text) == move


@pytest.mark.rule("DH-3.2")
def test_bad_notation_and_illegal_moves() -> None:
    s = ready()
    for text in ("", "m0 b1", "m4 b1", "m1 b13", "m1 f5.1", "e0", "continue 0", "fly away"):
        with pytest.raises(InvalidMoveError):
            parse_move(s, text)
    with pytest.raises(IllegalMoveError):
        apply(s, Keep(401))
    with pytest.raises(IllegalMoveError):
        apply(s, "m1 b1")  # type: ignore[arg-type]


@pytest.mark.rule("DH-3.2")
def test_action_ids_cover_every_legal_move() -> None:
    s = new_game(Options(4), 3)
    rng = Rng.from_seed(5)
    n = num_actions(s.options)
    for _ in range(120):
        moves = legal_moves(s)
        if not moves:
            break
        ids = [encode_move(s, m) for m in moves]
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < n for i in ids)
        assert [decode_move(s, i) for i in ids] == list(moves)
        mask = action_mask(s)
        assert {i for i, ok in enumerate(mask) if ok} == set(ids)
        i, rng = rng.randrange(len(moves))
        s = apply(s, moves[i])
    with pytest.raises(InvalidMoveError):
        decode_move(s, n)


@pytest.mark.rule("DH-2.3")
def test_observation_hides_hands_drafts_deck_and_rng() -> None:
    s = new_game(Options(4), 8)
    viewer = (s.first + 1) % 4
    o = observe(s, viewer)
    assert o.draft == s.draft[viewer]
    assert o.players[s.first].hand == ()
    assert o.deck_size == len(s.deck)
    assert o.public is None
    assert o.public_hidden
    assert not hasattr(o, "rng")
    # two states that differ only in another player's hidden tiles look the same
    world = determinize(o, 99)
    assert observe(world, viewer) == o
    assert world.draft[viewer] == s.draft[viewer]
    s2 = ready()
    assert s2.phase is Phase.ACTION
    o2 = observe(s2, 0)
    assert o2.players[1].hand == ()
    assert o2.hand_sizes[1] == len(s2.players[1].hand)
    w2 = determinize(o2, 5)
    assert observe(w2, 0) == o2
    assert sorted(w2.deck) == sorted(s2.deck)
    actor = s2.turn
    w3 = determinize(observe(s2, actor), 6)
    assert legal_moves(w3) == legal_moves(s2)


@pytest.mark.rule("DH-4")
def test_evaluate_is_a_margin_and_exact_at_the_end() -> None:
    from silkroad.dunhuang import evaluate, is_over, scores

    s = ready()
    values = [evaluate(s, p) for p in range(4)]
    assert max(values) >= 0 >= min(values)
    richer = attrs.evolve(s, players=(attrs.evolve(s.players[0], vp=50), *s.players[1:]))
    assert evaluate(richer, 0) > evaluate(s, 0)
    rng = Rng.from_seed(2)
    while not is_over(s):
        moves = legal_moves(s)
        i, rng = rng.randrange(len(moves))
        s = apply(s, moves[i])
    final = scores(s)
    assert evaluate(s, 0) == final[0] - max(final[1:])
    assert GAME.evaluate(s, 0) == evaluate(s, 0)


@pytest.mark.rule("DH-2.0")
def test_render_and_describe() -> None:
    s = ready()
    text = render(s)
    assert "round 1/8" in text
    assert "Recruiting row" in text
    assert "P0: " in text  # seats are numbered from 0, as everywhere in silkroad
    move = legal_moves(s)[0]
    assert describe_move(s, move)
    assert GAME.describe_move(s, move) == describe_move(s, move)


@pytest.mark.rule("DH-3.2")
def test_meeple_moves_agree_with_spot_open() -> None:
    from silkroad.dunhuang.rules import spot_open, twin_slots
    from silkroad.dunhuang.state import SPOT_COUNT
    from silkroad.dunhuang.table import table

    # every pack (their effects' tests, some declared independent of the frame) and solitaire
    setups = [
        Options(3 + seed % 2, (("silk", "gold", "tea"), ("china", "gold", "tea"))[seed % 2 == 0])
        for seed in range(6)
    ]
    setups += [
        Options(4, ("jade", "wine", "sutra")),
        Options(3, ("silver", "bronze", "camel")),
        Options(4, ("iron", "exotic-beauty", "china")),
        Options(1, ("silk", "tea")),
        Options(1, ("china", "gold")),
    ]
    for seed, options in enumerate(setups):
        s = new_game(options, seed)
        t = table(s.options)
        rng = Rng.from_seed(seed)
        checked = 0
        while legal_moves(s):
            moves = legal_moves(s)
            if s.phase is Phase.ACTION and s.choice is None and not s.frames:
                placed = {(m.meeple, m.spot) for m in moves if isinstance(m, Place)}
                pl = s.players[s.turn]
                twins = twin_slots(s, s.turn)  # a meeple like an earlier one is left out
                expected = {
                    (m, spot)
                    for m in range(3)
                    if pl.home[m] and twins[m] == m
                    for spot in range(SPOT_COUNT)
                    if spot_open(t, s, s.turn, m, spot)
                }
                assert placed == expected
                checked += 1
            i, rng = rng.randrange(len(moves))
            s = apply(s, moves[i])
        assert checked > (5 if options.players == 1 else 20)  # solitaire games lost early end soon
