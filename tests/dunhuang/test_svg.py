"""[DH-2.3] The Dunhuang picture: the user's own packs, and no tile hidden from a seat."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from silkroad import dunhuang
from silkroad.arena.match import play_game
from silkroad.core.replay import states
from silkroad.dunhuang import Keep, Options, Paint, svg
from silkroad.dunhuang.state import Phase


def tiles(text: str) -> set[int]:
    return {int(t) for t in re.findall(r'data-tile="(\d+)"', text)}


def test_characters_and_effects_come_from_the_pack_data_in_the_options() -> None:
    silk = (resources.files("silkroad.dunhuang") / "data" / "silk.toml").read_text("utf-8")
    text = silk.replace('name = "Weaver"', 'name = "Loom Master"')
    options = Options(4, data=(("silk", text),))
    played = play_game(dunhuang.GAME, options, 1, ["random"] * 4)
    drawn = "".join(svg(s) for s in states(played.record))
    assert "Loom Master" in drawn
    assert "Weaver" not in drawn


@pytest.mark.rule("DH-2.3")
def test_other_hands_drafts_and_face_down_tiles_are_not_drawn() -> None:
    played = play_game(dunhuang.GAME, Options(4), 2, ["random"] * 4)
    checked = 0
    for state in states(played.record):
        if state.phase not in (Phase.DRAFT, Phase.PLACE, Phase.ACTION):
            continue
        checked += 1
        everything = tiles(svg(state))
        for seat in range(4):
            mine = tiles(svg(state, seat))
            hidden = set()
            for q, pl in enumerate(state.players):
                if q != seat:
                    hidden |= set(pl.hand) | set(state.draft[q] if state.draft else ())
                    if not state.revealed and pl.frescoes[2].tile is not None:
                        hidden.add(pl.frescoes[2].tile)
            assert not mine & hidden
            assert set(state.players[seat].hand) <= mine
            assert hidden <= everything
    assert checked


@pytest.mark.rule("DH-2.3")
def test_drafting_and_the_face_down_first_tile_are_hidden_moves() -> None:
    state = dunhuang.new_game(Options(4), seed=3)
    keep = dunhuang.legal_moves(state)[0]
    assert isinstance(keep, Keep)
    me = dunhuang.current_player(state)
    assert not dunhuang.GAME.hides_move(state, keep, me)
    assert dunhuang.GAME.hides_move(state, keep, (me + 1) % 4)
    while state.phase is Phase.DRAFT:
        state = dunhuang.apply(state, dunhuang.legal_moves(state)[0])
    paint = dunhuang.legal_moves(state)[0]
    assert isinstance(paint, Paint)
    assert state.phase is Phase.PLACE
    who = dunhuang.current_player(state)
    assert dunhuang.GAME.hides_move(state, paint, (who + 1) % 4)
    assert not dunhuang.GAME.hides_move(state, paint, who)
