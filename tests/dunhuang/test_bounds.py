"""[DH-4] The score bounds: no final score of a real game falls outside them, and the
sources they add up are reached by constructed positions."""

from __future__ import annotations

import itertools
import random
from importlib.resources import files

import attrs
import pytest

from silkroad.dunhuang import (
    Options,
    apply,
    final_breakdown,
    is_over,
    legal_moves,
    new_game,
    score_bounds,
    scores,
)
from silkroad.dunhuang.packs import available
from silkroad.dunhuang.rules import _cleanup_finish, claim_achievements
from silkroad.dunhuang.state import SOLO_PACKS, Phase
from silkroad.dunhuang.table import table
from silkroad.dunhuang.tensor import _VpBound

from .helpers import clear_board, give_hand, give_tile, play, player, ready, turn_of

PACKS = sorted(available())


def _random_options(rng: random.Random, k: int) -> Options:
    players = (1, 3, 4)[k % 3]
    if players == 1:
        pair = tuple(rng.sample(SOLO_PACKS, 2)) if k % 2 else ()
        return Options(1, pair)
    return Options(players, tuple(rng.sample(PACKS, 3)), promos=bool(k % 2))


def _random_final(options: Options, seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    s = new_game(options, seed)
    while not is_over(s):
        s = apply(s, rng.choice(legal_moves(s)))
    return scores(s)


@pytest.mark.rule("DH-4")
@pytest.mark.parametrize("chunk", range(4))
def test_no_random_game_scores_outside_the_bounds(chunk: int) -> None:
    """Forty seeded random games: every pack, 3 and 4 players with and without promos,
    solitaire with named and drawn packs."""
    for k in range(10 * chunk, 10 * chunk + 10):
        options = _random_options(random.Random(k), k)
        bounds = score_bounds(options)
        assert bounds is not None
        low, high = bounds
        final = _random_final(options, k)
        assert all(low <= v <= high for v in final), (options, final, bounds)


@pytest.mark.rule("DH-4")
def test_every_game_has_bounds_from_zero() -> None:
    """Fifteen pack triples (seeded), solitaire with each pair and with the pair drawn."""
    rng = random.Random(16)
    triples = rng.sample(list(itertools.combinations(PACKS, 3)), 15)
    for k, packs in enumerate(triples):
        bounds = score_bounds(Options(3 + k % 2, packs, promos=k % 3 == 0))
        assert bounds is not None
        assert bounds[0] == 0 < bounds[1]
    drawn = score_bounds(Options(1))
    assert drawn is not None
    pairs = [score_bounds(Options(1, pair)) for pair in itertools.combinations(SOLO_PACKS, 2)]
    assert drawn[1] == max(b[1] for b in pairs if b is not None)


def _data(pack: str) -> str:
    return (files("silkroad.dunhuang") / "data" / f"{pack}.toml").read_text(encoding="utf-8")


@pytest.mark.rule("DH-4")
def test_the_bound_follows_the_data() -> None:
    """A replaced data file moves the bound: a Silk tile paying 50 VP (instead of a coin
    and a pigment) may be used every round and performed by every painting."""
    base = score_bounds(Options())
    text = _data("silk").replace('effects = ["coin", "pigment"]', 'effects = ["vp 50"]', 1)
    richer = score_bounds(Options(data=(("silk", text),)))
    assert base is not None
    assert richer is not None
    placed = _VpBound(table(Options())).placed
    assert richer[1] - base[1] >= (8 + placed) * (50 - 12)


@pytest.mark.rule("DH-9")
def test_a_chain_without_end_has_no_bound() -> None:
    """A fresco tile that performs the Mimic could perform itself again: no count bounds
    it, so the title gives no bound (the adapters then use their default)."""
    text = _data("bronze")
    first = text.index("[[frescoes]]")
    at = text.index("effects = [", first)
    looped = text[:at] + 'effects = ["mimic"]\n' + text[text.index("\n", at) + 1 :]
    options = Options(4, ("bronze", "gold", "tea"), data=(("bronze", looped),))
    assert score_bounds(options) is None


@pytest.mark.rule("DH-5")
def test_the_achievement_source_is_reached_exactly() -> None:
    """A player meeting every requirement takes the richer spot of every pair and the
    first place of every board: exactly the bound's achievement part."""
    s = clear_board(ready())
    t = table(s.options)
    needs = {k for a in t.achievements for item, _ in a.need for k in item.split("+")}
    counters = {k: 50 for k in needs if k not in t.tokens}
    tokens = {k: 50 for k in needs if k in t.tokens}
    s = player(s, 0, vp=0, counters=counters, tokens=tokens)
    s = claim_achievements(t, s, 0)
    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), next_first=None)
    row = final_breakdown(_cleanup_finish(t, s))[0]
    bound = _VpBound(t)
    bound.high()
    assert row[0] + row[3] == bound.parts["achievements"]


@pytest.mark.rule("DH-3.D")
def test_a_painting_reaches_its_share_of_the_bound() -> None:
    """Begin Painting on the leftmost spot in round 1, then the die completed by another
    player at once: the 5 VP and the round track's 20 VP the bound counts for each
    placement."""
    s = clear_board(ready())
    s = give_hand(player(s, 0, pigment=4, vp=0), 0, 402)
    s = give_tile(give_tile(s, 0, 2, 406, 2), 0, 1, 401, 3)
    s = play(turn_of(s, 0), "m1 b5", "e1", "e1")
    board = table(s.options).board
    assert s.players[0].frescoes[0].tile == 402
    assert s.players[0].vp == board.leftmost_bonus == 5
    spots = s.players[0].frescoes
    s = player(s, 0, frescoes=(attrs.evolve(spots[0], die=1), *spots[1:]))
    s = play(turn_of(s, 1), "m1 f1.1")
    assert s.players[0].vp == 5 + max(board.round_track) == 5 + 20
    bound = _VpBound(table(s.options))
    bound.high()
    assert bound.parts["paintings"] >= bound.placed * (5 + 20)
