"""What ``validate`` (and so a position, a loaded state) accepts works: each edit that
once passed and broke later is refused, with a message that says what is wrong."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from silkroad.core.errors import DataError, StateError
from silkroad.dunhuang import (
    Options,
    apply,
    legal_moves,
    new_game,
    observation_tensor,
    observe,
    validate,
)
from silkroad.dunhuang.position import from_position, to_position
from silkroad.dunhuang.state import ChoiceKind

from .helpers import give_character, play, player, ready, turn_of

DATA = Path(__file__).parents[2] / "src/silkroad/dunhuang/data"


@pytest.mark.rule("DH-2.3.5", "DH-3.2")
def test_a_decision_about_something_no_decision_is_about_is_refused() -> None:
    """A pending draft carrying ``about = "x"`` was accepted and the tensor, which has no
    entry for it, raised."""
    s = new_game(Options(players=3), 4)
    text = to_position(s)
    assert 'pending = {decision = "draft", player = 1}' in text
    edited = text.replace('decision = "draft",', 'decision = "draft", about = "x",')
    with pytest.raises(StateError, match="a draft decision is about nothing, not 'x'"):
        from_position(edited, s.options)
    for seat in range(3):
        observation_tensor(observe(s, seat))


@pytest.mark.rule("DH-2.3.5")
def test_a_kept_tile_listed_under_another_seats_drafted_is_refused() -> None:
    """Once accepted, such a state led the engine, eight keeps later, to a state validate
    refused (a player with six tiles kept)."""
    s = new_game(Options(players=3), 4)
    rng = random.Random(0)
    while sum(len(p.drafted) for p in s.players) < 3:
        s = apply(s, rng.choice(legal_moves(s)))
    tile = s.players[0].drafted[0]
    players = list(s.players)
    players[0] = attrs.evolve(players[0], drafted=())
    players[1] = attrs.evolve(players[1], drafted=(*players[1].drafted, tile))
    with pytest.raises(StateError, match="P1 kept 2 tiles and holds a pack of 4"):
        validate(attrs.evolve(s, players=tuple(players)))
    # the same number kept, but a tile P1 holds listed among P0's and the other way
    mine, theirs = s.players[0].drafted[0], s.players[1].drafted[0]
    players = list(s.players)
    players[0] = attrs.evolve(players[0], drafted=(theirs,))
    players[1] = attrs.evolve(players[1], drafted=(mine,))
    with pytest.raises(StateError, match=f"P0 kept t{theirs} in the draft, but P1 holds it"):
        validate(attrs.evolve(s, players=tuple(players)))


@pytest.mark.rule("DH-3.2")
def test_a_pending_decision_of_another_seat_during_a_turn_is_refused() -> None:
    """An Encore decision whose player is edited to another seat: every choice once made
    a state validate refused."""
    s = turn_of(ready(4, ("exotic-beauty", "gold", "tea")), 0)
    s = give_character(s, 0, 0, 701, 2)
    s = player(s, 0, tokens={"wine-material": 2}, vp=0)
    s = play(s, "m1 b1", "ability")
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.PACK
    validate(s)
    for other in (1, 2, 3):
        edited = attrs.evolve(s, choice=attrs.evolve(s.choice, player=other))
        with pytest.raises(StateError, match=f"P{other} decides during P0's turn"):
            validate(edited)
    for move in legal_moves(s):
        validate(apply(s, move))


@pytest.mark.rule("DH-2.3.5", "DH-2.1.2")
def test_a_pack_file_making_a_four_player_tile_an_every_count_tile_is_refused(
    tmp_path: Path,
) -> None:
    """With ``four_player_only = false`` the Wine pack has two tiles too many for three
    players: setup once left them nowhere (a state validate refused, a position that did
    not read back). Four players are not concerned only if the count still fits."""
    text = (DATA / "wine.toml").read_text(encoding="utf-8")
    path = tmp_path / "wine.toml"
    path.write_text(text.replace("four_player_only = true", "four_player_only = false"))
    three = Options(players=3, packs=("wine", "gold", "tea"))
    with pytest.raises(DataError, match=r"3 players draft exactly 15 fresco tiles.*have 17"):
        three.with_pack_file(path)
    four = Options(players=4, packs=("wine", "gold", "tea")).with_pack_file(path)
    s = new_game(four, 1)
    validate(s)
    assert from_position(to_position(s), four) == s
