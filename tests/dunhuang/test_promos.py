"""[DH-8] [DH-9] The promo characters and promo fresco tiles, and the effects they name."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from silkroad.core.errors import DataError, RulesError
from silkroad.dunhuang import GAME, Options, legal_moves, new_game, validate
from silkroad.dunhuang.promos import (
    DEPOSIT,
    LOWER_TIMES,
    PROMO_PACK,
    STACK,
    load_promos,
)
from silkroad.dunhuang.rules import final_breakdown
from silkroad.dunhuang.state import ChoiceKind, Frame, Phase, State
from silkroad.dunhuang.table import table
from silkroad.testing import check_game

from .helpers import (
    SGT,
    clear_board,
    give_character,
    give_hand,
    give_tile,
    play,
    player,
    set_row,
    texts,
    turn_of,
)

PROMO_CHARS = (901, 902, 903, 904, 905, 906)
PROMO_TILES = (911, 912, 913, 914, 915, 916)


def promo_table(players: int = 4, seed: int = 1) -> State:
    """A promo game set up and drafted, board cleared, player 1 (index 0) to act."""
    s = new_game(Options(players, SGT, promos=True), seed)
    while s.phase is not Phase.ACTION:
        s = play(s, texts(s)[0])
    return turn_of(clear_board(s), 0)


def with_ability(s: State, card: int, grain: int, **changes: object) -> State:
    """Player 0 with ``card`` on spot 1, then the first meeple takes a coin (b1):
    the character's ability is offered next (if it can act)."""
    s = give_character(s, 0, 0, card, grain)
    if changes:
        s = player(s, 0, **changes)
    return play(s, "m1 b1")


# -- options and setup --------------------------------------------------------------------


@pytest.mark.rule("DH-8")
def test_promos_are_off_by_default_and_leave_games_unchanged() -> None:
    assert Options(4).promos is False
    plain = table(Options(4))
    assert not set(PROMO_CHARS) & set(plain.char_ids)
    assert not set(PROMO_TILES) & set(plain.tile_ids)
    assert "wine-material" not in plain.tokens
    # the same seed without promos: no tile set aside, the pack tiles all in play
    s = new_game(Options(4), 1)
    assert s.gone == ()


@pytest.mark.rule("DH-8")
def test_promo_characters_join_the_deck_for_three_and_four_players() -> None:
    for n in (3, 4):
        s = new_game(Options(n, SGT, promos=True), 2)
        cards = set(s.row) | set(s.deck)
        assert set(PROMO_CHARS) <= cards
        assert len(cards) == 24 + 6
        validate(s)


@pytest.mark.rule("DH-8", "DH-9")
def test_promo_tiles_make_a_21_tile_four_player_stack() -> None:
    t = table(Options(4, SGT, promos=True))
    assert set(PROMO_TILES) <= set(t.tile_ids)
    s = new_game(Options(4, SGT, promos=True), 3)
    # another 4-player-only tile left out for each promo tile: 21 tiles in the stack
    assert len(s.gone) == 6
    assert all(t.tiles[x].four_player_only and x not in PROMO_TILES for x in s.gone)
    dealt = [x for hand in s.draft for x in hand] + [s.public]
    assert len(dealt) == STACK
    assert set(dealt) | set(s.gone) == set(t.tile_ids)
    assert set(PROMO_TILES) <= set(dealt)


@pytest.mark.rule("DH-8")
def test_promo_tiles_only_in_the_four_player_game_and_no_promos_in_solitaire() -> None:
    t = table(Options(3, SGT, promos=True))
    assert not set(PROMO_TILES) & set(t.tile_ids)
    assert set(PROMO_CHARS) <= set(t.char_ids)
    with pytest.raises(RulesError, match="solitaire"):
        Options(1, promos=True)
    with pytest.raises(RulesError, match="promos"):
        Options(4, promos=1)  # type: ignore[arg-type]


@pytest.mark.rule("DH-8", "DH-9")
def test_promo_data_matches_the_printed_cards_and_tiles() -> None:
    promos = load_promos()
    printed = {901: (2, 3), 902: (1, 1), 903: (3, 2), 904: (1, 3), 905: (1, 3), 906: (4, 2)}
    assert {c.id: (c.cost, c.grain) for c in promos.characters} == printed
    abilities = {c.id: [e.text for e in c.ability] for c in promos.characters}
    assert abilities == {
        901: ["winery 2"],
        902: ["recruit"],
        903: ["deposit"],
        904: ["quest 2"],
        905: ["seminar"],
        906: ["bronze-copy"],
    }
    tiles = {x.id: ([e.text for e in x.upper], x.lower.text) for x in promos.tiles}
    assert tiles == {
        911: (["coin"], "pay vp 2 -> recruit"),
        912: (["seminar"], "pay vp 3 -> research"),
        913: (["continue"], "pay vp 1 -> brew"),
        914: (["quest 2"], "pay vp 2, wine-material 1 -> coin 2"),
        915: (["material bronze"], "pay vp 5 -> mimic"),
        916: (["upgrade", "quest 2"], "pay vp 2 -> coin"),
    }
    for x in promos.tiles:
        assert x.fresco.value == 6  # DH-9.3
        assert x.fresco.four_player_only
        assert [e.text for e in x.fresco.effects].count(f"promo-lower {x.id}") == LOWER_TIMES
    assert [x.fresco.pack for x in promos.tiles] == [
        "sutra", "silver", "wine", "exotic-beauty", "bronze", "bronze",
    ]  # fmt: skip
    for entry in (*promos.tokens, *promos.characters, *(x.fresco for x in promos.tiles)):
        assert entry.provenance in ("rulebook", "reconstructed")
        assert entry.note.strip()


# -- the promo tiles ------------------------------------------------------------------------


@pytest.mark.rule("DH-9.1", "DH-9.2", "DH-9.3")
def test_sutra_tile_upper_then_lower_twice_lowering_the_die_each_time() -> None:
    s = give_tile(promo_table(), 1, 2, 911, 6)
    s = set_row(s, (902, 904, 905, 401))
    s = player(s, 0, vp=10, coins=5)
    coins = s.players[0].coins
    s = play(s, "m1 f2.3")
    # helping lowers the die once at placement (DH-3.C); the upper coin came first
    assert s.players[1].frescoes[2].die == 5
    assert s.players[0].coins == coins + 1
    assert s.frames[-1].effects == ("promo-lower 911", "promo-lower 911")
    s = play(s, "e1")  # pay 2 VP for a Recruitment
    assert s.players[0].vp == 8
    assert s.players[1].frescoes[2].die == 4
    s = play(s, "recruit c902 s2")
    assert s.players[0].characters[1] == 902
    s = play(s, "e1", "recruit c904 s3")
    assert s.players[0].vp == 6
    assert s.players[1].frescoes[2].die == 3
    assert s.frames == ()  # at most twice: the action is over


@pytest.mark.rule("DH-9.1")
def test_the_upper_effect_comes_first_and_the_lower_is_optional() -> None:
    # own tile: no die change at placement; the Upgrade (upper) must come before the lower
    s = give_tile(promo_table(), 0, 2, 916, 6)
    s = player(s, 0, vp=10, tokens={"silk-material": 1, "tea-material": 1})
    s = play(s, "m1 f1.3")
    # the Upgrade (upper) was the only effect offered, so it resolved at once: the lower
    # effects were held back (otherwise three options would wait for the player)
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.UPGRADE
    s = play(s, "upgrade silk-material")
    assert texts(s) == ["e2", "e3", "done"]  # the lower effects (the quest needs a character)
    s = play(s, "done")  # the lower effect is optional
    assert s.players[0].frescoes[2].die == 6
    assert s.players[0].vp == 10


@pytest.mark.rule("DH-9", "DH-9.3")
def test_second_bronze_tile_upgrade_quest_then_coins_for_vp() -> None:
    s = give_tile(promo_table(), 0, 2, 916, 6)
    s = give_character(s, 0, 0, 401, 3)
    s = player(s, 0, vp=10, tokens={"silk-material": 1})
    coins = s.players[0].coins
    s = play(s, "m1 f1.3")
    assert texts(s) == ["e1", "e2"]  # Upgrade and Emperor's Quest, in either order
    s = play(s, "e2")  # the quest: 2 grain for 6 VP
    assert s.players[0].vp == 16
    s = play(s, "e1", "e1", "e1")  # upgrade, then the lower effect twice
    assert s.players[0].vp == 12
    assert s.players[0].coins == coins + 2
    assert s.players[0].frescoes[2].die == 4  # the owner's own die, lowered by each lower


@pytest.mark.rule("DH-9")
def test_silver_tile_seminar_then_researching() -> None:
    s = give_tile(promo_table(), 1, 2, 912, 6)
    s = player(s, 0, vp=10, tokens={"silver-material": 1})
    s = play(s, "m1 f2.3")
    # Seminar: one more Silver Drawing (2), then 1 VP per Silver Drawing
    assert s.players[0].tokens["silver-material"] == 2
    assert s.players[0].vp == 12
    s = play(s, "e1")  # pay 3 VP: Researching gains two Silver Drawings
    assert s.players[0].vp == 9
    assert s.players[0].tokens["silver-material"] == 4
    assert s.players[1].frescoes[2].die == 4


@pytest.mark.rule("DH-9")
def test_wine_tile_continue_painting_then_brewing() -> None:
    s = give_tile(promo_table(), 0, 2, 913, 6)
    s = give_tile(s, 0, 1, 401, 3)
    s = player(s, 0, vp=5)
    s = play(s, "m1 f1.3")
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.CONTINUE
    s = play(s, "continue 2")
    assert s.players[0].frescoes[1].die == 2
    s = play(s, "e1", "e1")  # Brewing twice, 1 VP each
    assert s.players[0].tokens["wine-material"] == 2
    assert s.players[0].vp == 3
    assert s.players[0].frescoes[2].die == 4


@pytest.mark.rule("DH-9")
def test_exotic_beauty_tile_quest_then_wine_for_coins() -> None:
    s = give_tile(promo_table(), 1, 2, 914, 6)
    s = give_character(s, 0, 0, 401, 1)
    s = player(s, 0, vp=10, tokens={"wine-material": 1})
    coins = s.players[0].coins
    s = play(s, "m1 f2.3")
    # the 6-VP quest with a single grain pays 3 VP (DH-3.E.6 note 2), first
    assert s.players[0].vp == 13
    assert s.players[0].characters[0] is None
    s = play(s, "e1")  # pay 2 VP and the Wine cube: 2 coins
    assert s.players[0].coins == coins + 2
    assert s.players[0].vp == 11
    assert "wine-material" not in s.players[0].tokens
    assert s.frames == ()  # no Wine cube left: the second lower cannot be paid
    assert s.players[1].frescoes[2].die == 4


@pytest.mark.rule("DH-9")
def test_bronze_tile_material_then_mimic() -> None:
    s = give_tile(promo_table(), 0, 2, 915, 6)
    s = give_tile(s, 0, 1, 402, 2)  # coin; pigment
    s = player(s, 0, vp=12)
    coins, pigment = s.players[0].coins, s.players[0].pigment
    s = play(s, "m1 f1.3")
    assert s.players[0].tokens["bronze-material"] == 1
    s = play(s, "e1")  # pay 5 VP: Mimic
    assert s.players[0].vp == 7
    # own non-promo frescoes only: t402 is the single choice, taken at once; its action
    # (coin; pigment) follows
    assert [e.split()[0] for e in s.frames[-1].effects] == ["coin", "pigment"]
    s = play(s, "e1", "e1")
    assert (s.players[0].coins, s.players[0].pigment) == (coins + 1, pigment + 1)
    assert s.players[0].frescoes[1].die == 2  # the mimicked fresco's die is unchanged
    assert s.players[0].frescoes[2].die == 5
    assert texts(s) == ["e1", "done"]  # the second lower: 5 VP still affordable


@pytest.mark.rule("DH-9.3")
def test_begin_painting_a_promo_tile_lowers_its_die_by_its_lower_effect() -> None:
    s = give_hand(promo_table(), 0, 911)
    s = player(s, 0, pigment=4, vp=5, coins=0)
    s = set_row(s, (902, 904, 905, 401))
    s = play(s, "m1 b5")  # Begin Painting; the tile's action follows at once
    slot = next(i for i, f in enumerate(s.players[0].frescoes) if f.tile == 911)
    assert s.players[0].frescoes[slot].die == 6
    s = play(s, "e1", "recruit c902 s1")
    assert s.players[0].frescoes[slot].die == 5  # who painted it does not matter


# -- the promo characters -------------------------------------------------------------------


@pytest.mark.rule("DH-8")
def test_vintner_two_vp_per_wine_cube() -> None:
    s = with_ability(promo_table(), 901, 3, tokens={"wine-material": 3})
    vp = s.players[0].vp
    s = play(s, "ability")
    assert s.players[0].vp == vp + 6
    assert s.players[0].grain[0] == 2
    # no Wine cube: the ability has nothing to resolve and is not offered
    s2 = with_ability(promo_table(), 901, 3)
    assert s2.choice is None or s2.choice.kind is not ChoiceKind.ABILITY


@pytest.mark.rule("DH-8")
def test_recruiter_resolves_a_recruitment() -> None:
    s = set_row(promo_table(), (904, 905, 401, 402))
    s = with_ability(s, 902, 1, coins=3)
    s = play(s, "ability")
    # its only grain paid: it leaves, and its spot may take the new character
    assert s.players[0].characters[0] is None
    s = play(s, "recruit c401 s1")
    assert s.players[0].characters[0] == 401
    assert s.players[0].coins == 3 + 1 - 2


@pytest.mark.rule("DH-8")
def test_almoner_deposits_a_coin_worth_two_vp_at_the_end() -> None:
    s = with_ability(promo_table(), 903, 2, coins=2)
    s = play(s, "ability")
    assert s.players[0].coins == 2
    assert s.players[0].counters[DEPOSIT] == 1
    assert PROMO_PACK.end_vp is not None
    assert PROMO_PACK.end_vp(table(s.options), s, 0) == 2
    s2 = attrs.evolve(s, final=(0, 0, 0, 0))
    assert final_breakdown(s2)[0][4] >= 2


@pytest.mark.rule("DH-8", "DH-3.E.6")
def test_envoy_resolves_an_emperors_quest_with_its_own_grain() -> None:
    s = with_ability(promo_table(), 904, 3)
    vp = s.players[0].vp
    s = play(s, "ability")  # 1 grain for the ability, then 2 grain: 6 VP
    assert s.players[0].vp == vp + 6
    assert s.players[0].characters[0] is None  # its last grain paid


@pytest.mark.rule("DH-8")
def test_scholar_resolves_a_seminar() -> None:
    s = with_ability(promo_table(), 905, 3, tokens={"silver-material": 2})
    vp = s.players[0].vp
    s = play(s, "ability")
    assert s.players[0].tokens["silver-material"] == 3
    assert s.players[0].vp == vp + 3


@pytest.mark.rule("DH-8")
def test_bronze_caster_resolves_a_bronze_tile_quest_not_ignored() -> None:
    s = give_tile(promo_table(), 1, 2, 916, 6)
    s = with_ability(s, 906, 2, vp=10, tokens={"silk-material": 1})
    vp = s.players[0].vp
    s = play(s, "ability")
    # the only Bronze tile on the board is chosen at once; its effects follow
    assert s.frames[-1].effects[:2] == ("upgrade", "quest 2")
    assert texts(s) == ["e1", "e2"]  # Upgrade and the quest, which cannot be skipped
    assert "done" not in texts(s)
    s = play(s, "e2")  # the caster's last grain: 3 VP
    assert s.players[0].vp == vp + 3
    s = play(s, "e1", "e1")  # upgrade, then one lower effect: 2 VP for a coin
    assert s.players[0].vp == vp + 1
    assert s.players[1].frescoes[2].die == 5  # the lower effect lowers that tile's die
    # no Bronze tile on the board: the ability is not offered
    s2 = with_ability(promo_table(), 906, 2)
    assert s2.choice is None or s2.choice.kind is not ChoiceKind.ABILITY


# -- the effects of other packs ----------------------------------------------------------


@pytest.mark.rule("DH-3.1")
def test_brewing_and_drawing_cards_effects() -> None:
    from silkroad.dunhuang import engine
    from silkroad.dunhuang.data import parse_effect

    s = promo_table()
    t = table(s.options)
    fr = Frame(0, ())
    for text, key, n in (("brew", "wine-material", 1), ("draw", "silver-material", 1),
                         ("research", "silver-material", 2)):  # fmt: skip
        e = parse_effect(text)
        assert engine.can(t, s, fr, e)
        after = engine.do(t, s, fr, e)
        assert after.players[0].tokens.get(key, 0) == s.players[0].tokens.get(key, 0) + n
    assert not engine.can(t, player(s, 0, coins=0), fr, parse_effect("deposit"))
    assert not engine.can(t, s, fr, parse_effect("mimic"))  # no own fresco


@pytest.mark.rule("DH-8", "DH-9", "DH-4")
def test_wine_bronze_and_silver_cubes_score_as_materials() -> None:
    s = player(promo_table(), 0, tokens={"wine-material": 2, "silver-material": 1})
    s = attrs.evolve(s, final=(0, 0, 0, 0))
    assert final_breakdown(s)[0][1] == 3


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.rule("DH-8", "DH-9")
@pytest.mark.parametrize("players", [3, 4])
def test_conformance_with_promos(players: int) -> None:
    options = Options(players, ("china", "gold", "tea"), promos=True)
    report = check_game(GAME, options, seeds=range(2), determinize_samples=1, every_move=False)
    assert report.games == 2
    assert legal_moves(new_game(options, 0))


# -- the 21-tile rule with replacement data, and the choices ----------------------------

SILK = Path(__file__).resolve().parents[2] / "src" / "silkroad" / "dunhuang" / "data" / "silk.toml"


def _silk(old: str, new: str) -> str:
    text = SILK.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.rule("DH-8")
def test_left_out_tiles_are_drawn_when_there_are_more_than_needed() -> None:
    # t401 also 4-player only: seven candidates for six places to free
    text = _silk("id = 401\nvalue = 3\n", "id = 401\nvalue = 3\nfour_player_only = true\n")
    options = Options(4, SGT, data=(("silk", text),), promos=True)
    left_out = set()
    for seed in range(6):
        s = new_game(options, seed)
        validate(s)
        assert len(s.gone) == 6
        assert set(s.gone) <= {401, 405, 406, 206, 207, 606, 607}
        left_out.add(tuple(s.gone))
    assert len(left_out) > 1  # the choice is random, from the game's RNG


@pytest.mark.rule("DH-8")
def test_too_few_four_player_tiles_to_leave_out_is_a_data_error() -> None:
    text = _silk(
        'effects = ["material silk", "continue"]\nfour_player_only = true\n',
        'effects = ["material silk", "continue"]\n',
    )
    options = Options(4, SGT, data=(("silk", text),), promos=True)
    with pytest.raises(DataError, match="4-player-only"):
        new_game(options, 1)
    new_game(Options(4, SGT, data=(("silk", text),)), 1)  # fine without promos


@pytest.mark.rule("DH-9")
def test_mimic_chooses_among_own_frescoes() -> None:
    s = give_tile(promo_table(), 0, 2, 915, 6)
    s = give_tile(s, 0, 1, 402, 2)  # coin; pigment
    s = give_tile(s, 0, 0, 602, 2)  # material tea; coin
    s = player(s, 0, vp=12)
    s = play(s, "m1 f1.3", "e1")
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.PACK
    assert texts(s) == ["choose 1", "choose 2"]
    tea = s.players[0].tokens.get("tea-material", 0)
    s = play(s, "choose 1", "e1")
    assert s.players[0].tokens["tea-material"] == tea + 1


@pytest.mark.rule("DH-8")
def test_bronze_caster_chooses_among_bronze_tiles() -> None:
    s = give_tile(promo_table(), 1, 2, 916, 6)
    s = give_tile(s, 2, 2, 915, 6)
    s = with_ability(s, 906, 2, vp=10, tokens={"silk-material": 1})
    s = play(s, "ability")
    assert texts(s) == ["choose 915", "choose 916"]
    s = play(s, "choose 915")  # Bronze Material, then up to two Mimics (no own fresco)
    assert s.players[0].tokens["bronze-material"] == 1
    assert s.players[2].frescoes[2].die == 6


@pytest.mark.rule("DH-9.3", "DH-3.D")
def test_lower_effect_still_works_on_a_tile_completed_by_the_helping_meeple() -> None:
    s = give_tile(promo_table(), 1, 2, 911, 1)
    s = set_row(s, (902, 904, 905, 401))
    s = player(s, 0, vp=10, coins=5)
    track = s.players[1].vp
    s = play(s, "m1 f2.3")  # the helping meeple takes the die to 0: complete
    assert s.players[1].frescoes[2].die is None
    assert s.players[1].vp > track
    s = play(s, "e1", "recruit c902 s2")  # the lower effect is still there to pay for
    assert s.players[0].vp == 8
    assert s.players[0].characters[1] == 902


@pytest.mark.rule("DH-8", "DH-3.E.6")
def test_envoy_with_its_last_grain_leaves_before_its_quest() -> None:
    s = with_ability(promo_table(), 904, 1)
    vp = s.players[0].vp
    s = play(s, "ability")
    assert s.players[0].characters[0] is None
    assert s.players[0].vp == vp  # no character left for the quest: ignored
