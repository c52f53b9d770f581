"""[DH-2.3] What a player saw of the fresco draft stays known: ``determinize`` deals only
tables the viewer holds possible, and ``known_facts`` lists what they know.

The packs pass around the table, one tile kept from each at every turn, so a player who
passed a pack knows what the next player drafts from, and a pack they saw twice tells
them which tiles the players between took. The old ``determinize`` dealt every unseen
tile anywhere."""

from __future__ import annotations

import pytest

from silkroad.core.rng import Rng
from silkroad.dunhuang import (
    GAME,
    Options,
    apply,
    determinize,
    known_facts,
    legal_moves,
    new_game,
    observe,
    validate,
)
from silkroad.dunhuang.observe import pack_at, packs_seen
from silkroad.dunhuang.state import Phase, State
from silkroad.testing import check_game

SAMPLES = range(12)


def drafted(players: int, seed: int, keeps: int) -> State:
    """A game after ``keeps`` decisions of the draft (random choices; the last round,
    one tile a pack, keeps by itself, so ``4 * players`` ends the draft)."""
    s = new_game(Options(players), seed)
    rng = Rng.from_seed(seed)
    for _ in range(keeps):
        moves = legal_moves(s)
        i, rng = rng.randrange(len(moves))
        s = apply(s, moves[i])
    return s


@pytest.mark.rule("DH-2.3")
@pytest.mark.parametrize("players", [3, 4])
def test_the_pack_a_player_passed_is_what_the_next_player_drafts_from(players: int) -> None:
    s = drafted(players, 5, players)  # everyone kept one tile: the packs passed on
    assert s.phase is Phase.DRAFT
    for v in range(players):
        nxt = (v + 1) % players
        passed = sorted(s.draft[nxt])
        obs = observe(s, v)
        assert sorted(obs.packs[0]) == sorted((*passed, s.players[v].hand[0]))
        for k in SAMPLES:
            world = determinize(obs, k)
            assert sorted(world.draft[nxt]) == passed, f"viewer {v} sample {k}"


@pytest.mark.rule("DH-2.3")
def test_the_last_tile_of_a_pack_seen_goes_to_the_player_it_reached() -> None:
    """Three players: the pack the viewer held in round 4 (two tiles) gives its last tile
    to the next player in round 5. After the draft the viewer knows where it is."""
    s = drafted(3, 8, 12)
    assert s.phase is Phase.PLACE
    for v in range(3):
        nxt = (v + 1) % 3
        fourth = set(packs_seen(s, v)[3])
        (last,) = fourth - {s.players[v].drafted[3]}
        assert last in s.players[nxt].hand
        obs = observe(s, v)
        for k in SAMPLES:
            world = determinize(obs, k)
            assert last in world.players[nxt].hand, f"viewer {v} sample {k}"


@pytest.mark.rule("DH-2.3")
@pytest.mark.parametrize("players", [3, 4])
def test_every_pack_seen_held_in_every_sample_what_it_held(players: int) -> None:
    s = drafted(players, 2, 4 * players)  # the draft over
    for v in range(players):
        obs = observe(s, v)
        assert len(obs.packs) == 5
        facts = known_facts(obs)
        assert sum("was handed in draft round" in f.text for f in facts) == 5
        for k in range(6):
            world = determinize(obs, k)
            validate(world)
            assert observe(world, v) == obs
            for j, pack in enumerate(obs.packs, start=1):
                assert pack_at(world, v, j) == pack
            for fact in facts:
                assert fact.holds(s), fact.text
                assert fact.holds(world), fact.text


@pytest.mark.rule("DH-2.3")
def test_tiles_put_on_the_board_are_known_kept_by_their_player() -> None:
    s = drafted(3, 4, 12)
    s = apply(s, legal_moves(s)[0])  # the first player places a first tile, face down
    placer = next(q for q in range(3) if s.players[q].frescoes[2].tile is not None)
    viewer = (placer + 1) % 3
    obs = observe(s, viewer)
    assert obs.face_down[placer]
    assert obs.played[placer] == ()  # face down: not shown
    for k in SAMPLES:
        world = determinize(obs, k)
        down = world.players[placer].frescoes[2].tile
        assert down in world.players[placer].drafted
    while s.phase is Phase.PLACE:
        s = apply(s, legal_moves(s)[0])
    obs = observe(s, viewer)
    tile = s.players[placer].frescoes[2].tile
    assert obs.played[placer] == (tile,)
    assert any(f"P{placer} kept t{tile}" in f.text for f in known_facts(obs))
    for k in SAMPLES:
        assert tile in determinize(obs, k).players[placer].drafted


@pytest.mark.rule("DH-2.3")
def test_the_other_players_records_of_the_draft_stay_hidden() -> None:
    s = drafted(4, 3, 11)
    obs = observe(s, 0)
    assert obs.players[0].drafted == s.players[0].drafted
    assert all(obs.players[q].drafted == () for q in (1, 2, 3))
    assert all(obs.players[q].hand == () for q in (1, 2, 3))


@pytest.mark.rule("DH-2.3")
def test_the_conformance_check_holds_the_facts_of_the_draft() -> None:
    report = check_game(GAME, Options(3), seeds=range(1), every_move=False, check_every=3)
    assert report.determinizations > 0
