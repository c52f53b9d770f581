"""The table in words (docs/cli.md): tiles, characters and spots said from the data, the
player's own hand shown to them, others' hidden tiles never, within 100 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.core.rng import Rng
from silkroad.dunhuang import GAME, Options, Place, Recruit, new_game, observe
from silkroad.dunhuang.describe import card_texts, describe_events, describe_move

DATA = Path(__file__).parents[2] / "src/silkroad/dunhuang/data"
SILK = DATA / "silk.toml"


@pytest.mark.rule("DH-2.3")
def test_the_drafting_player_sees_their_pack_and_others_see_a_hidden_keep() -> None:
    state = new_game(Options(3), 3)
    p = GAME.current_player(state)
    assert p is not None
    keep = GAME.legal_moves(state)[0]
    text = GAME.render(state)
    assert "The pack you draft from:" in text
    assert f"t{keep.tile} (" in text
    other = (p + 1) % 3
    assert describe_move(state, keep, other) == "keeps a tile"
    assert describe_move(state, keep, p).startswith(f"keeps t{keep.tile} (")
    assert GAME.hides_move(state, keep, other)
    events = describe_events(state, keep, other)
    assert not any(f"t{keep.tile}" in line for line in events)
    assert f"t{keep.tile}" not in " ".join(card_texts(state, other))
    assert f"t{keep.tile}" in card_texts(state, p)


@pytest.mark.rule("DH-3.E")
def test_a_users_pack_file_is_said_from_its_data(tmp_path: Path) -> None:
    text = SILK.read_text().replace(
        'name = "Weaver"\ncost = 2\ngrain = 3\nability = ["material silk"]',
        'name = "Master Weaver"\ncost = 1\ngrain = 3\nability = ["pay coin 2 -> vp 4 & pigment"]',
    )
    path = tmp_path / "my-silk.toml"
    path.write_text(text)
    options = Options(4).with_pack_file(path)
    state = new_game(options, 1)
    texts = card_texts(state, 0)
    shown = [v for k, v in texts.items() if k == "c401"]
    if shown:  # the Master Weaver is in the recruiting row
        assert shown[0] == (
            "c401 Master Weaver (Silk; 1 coin, 3 grain): ability (pay 1 grain): "
            "pay 2 coins: gain 4 VP, gain 1 pigment"
        )
    from silkroad.dunhuang.describe import character_text
    from silkroad.dunhuang.table import table

    assert character_text(table(options), 401).startswith("c401 Master Weaver (Silk; 1 coin")


@pytest.mark.rule("DH-3.2")
def test_spots_say_what_they_do_and_every_line_fits() -> None:
    for players in (1, 3, 4):
        state = new_game(Options(players), players)
        rng = Rng.from_seed(players)
        for _ in range(150):
            moves = GAME.legal_moves(state)
            if not moves:
                break
            text = GAME.render(state)
            assert all(len(line) <= 100 for line in text.splitlines()), text
            viewer = GAME.current_player(state)
            obs = observe(state, viewer if viewer is not None else 0)
            for pl, mine in zip(obs.players, range(len(obs.players)), strict=True):
                if mine != viewer:
                    assert not pl.hand  # nothing hidden leaks into what render reads
            i, rng = rng.randrange(len(moves))
            assert describe_move(state, moves[i], 0)
            state = GAME.apply(state, moves[i])
    text = GAME.render(new_game(Options(3), 3))
    assert "b1  gain 1 coin" in text
    assert "b7  Emperor's Quest: the meeple's character pays 2 grain for 6 VP" in text
    assert "Recruiting row" in text
    assert "silk-1: 5 VP for 2 Clothes Tiles" in text


@pytest.mark.rule("DH-3.2")
def test_a_recruit_names_the_spot_first_and_the_meeple_spots_say_when_they_are_open() -> None:
    state = new_game(Options(3), 3)
    rng = Rng.from_seed(5)
    seen_place = seen_recruit = False
    for _ in range(400):
        moves = GAME.legal_moves(state)
        if not moves or (seen_place and seen_recruit):
            break
        if any(isinstance(m, Place) for m in moves):
            seen_place = True
            assert "(a spot is yours to use when you can do at least one of its effects)" in (
                GAME.render(state)
            )
        for m in moves:
            if isinstance(m, Recruit):
                seen_recruit = True
                said = describe_move(state, m)
                assert said.startswith(f"recruits to character spot {m.slot + 1}")
                assert f": c{m.card} " in said
        i, rng = rng.randrange(len(moves))
        state = GAME.apply(state, moves[i])
    assert seen_place
    assert seen_recruit


@pytest.mark.rule("DH-3.E")
def test_the_tea_trade_is_said_with_the_token_a_pack_file_makes_it_cost(tmp_path: Path) -> None:
    text = (
        (DATA / "tea.toml")
        .read_text()
        .replace('trade_cost = "tea-product"', 'trade_cost = "tea-material"')
    )
    path = tmp_path / "my-tea.toml"
    path.write_text(text)
    from silkroad.dunhuang.cards import parse_effect
    from silkroad.dunhuang.describe import effect_text
    from silkroad.dunhuang.table import table

    mine = table(Options(3, packs=("silk", "gold", "tea")).with_pack_file(path))
    printed = table(Options(3, packs=("silk", "gold", "tea")))
    trade = parse_effect("tea-trade")
    assert effect_text(mine, trade).startswith("Tea Trade: pay 1 Tea Material, choose")
    assert effect_text(printed, trade).startswith("Tea Trade: pay 1 Tea Product, choose")


@pytest.mark.rule("DH-3.3")
def test_a_reward_to_choose_says_which_die_earns_it() -> None:
    from silkroad.dunhuang.state import ChoiceKind

    why = {
        "left": "the reward of your die on the left reward spot",
        "right": "a Material, the reward of your die on the right reward spot",
    }
    seen: set[str] = set()
    for seed in range(1, 6):
        state = new_game(Options(3), seed)
        rng = Rng.from_seed(seed)
        while not GAME.is_over(state) and seen != set(why):
            c = state.choice
            if c is not None and c.kind is ChoiceKind.GAIN and c.arg in why:
                seen.add(c.arg)
                assert why[c.arg] in " ".join(GAME.render(state).split())
            moves = GAME.legal_moves(state)
            i, rng = rng.randrange(len(moves))
            state = GAME.apply(state, moves[i])
    assert seen == set(why)


@pytest.mark.rule("DH-2.2")
def test_a_player_board_lists_what_is_on_it_and_the_empty_spots_together() -> None:
    from .helpers import clear_board, give_character, give_tile, play, ready, turn_of

    s = turn_of(clear_board(ready(3)), 0)
    board = GAME.render(s).split("\n\n")[1]  # P0's board
    assert "  meeples at home: 1, 2, 3" in board
    assert "  character spots 1, 2, 3: no character" in board
    assert "  frescoes f1.1, f1.2, f1.3: empty" in board
    s = give_tile(give_character(s, 0, 1, 401, 2), 0, 2, 402, 2)
    s = play(s, "m2 b1")
    board = GAME.render(s).split("\n\n")[1]
    lines = board.splitlines()
    assert "  meeples at home: 1, 3 (2 placed)" in lines
    assert any(x.startswith("  character spot 2: Weaver (2 grain left): ") for x in lines)
    assert "  character spots 1, 3: no character" in lines
    assert any(x.startswith("  fresco f1.3: t402 (die 2): ") for x in lines)
    assert "  frescoes f1.1, f1.2: empty" in lines
    assert not any("character spot 1:" in x or "fresco f1.1:" in x for x in lines)
