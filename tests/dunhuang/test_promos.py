"""[DH-8] [DH-9] The promo characters and promo fresco tiles: each belongs to a Starting
Pack and joins only with that pack in play."""

from __future__ import annotations

import itertools
from pathlib import Path

import attrs
import pytest

from silkroad.core.errors import DataError, RulesError, StateError
from silkroad.dunhuang import GAME, Options, legal_moves, new_game, validate
from silkroad.dunhuang.packs import _promos, available
from silkroad.dunhuang.promos import LOWER_TIMES, load_promos, removable
from silkroad.dunhuang.rules import final_breakdown
from silkroad.dunhuang.state import ChoiceKind, Phase, State
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
#: [DH-8] The pack of each promo character (promos.toml, the "Promos" rulings).
PACKS = {
    901: "wine",
    902: "bronze",
    903: "sutra",
    904: "exotic-beauty",
    905: "silver",
    906: "bronze",
}
#: Packs that bring in promos 901, 902, 903, 906 and tiles 911, 913, 915, 916.
BSW = ("bronze", "sutra", "wine")
#: Packs that bring in promos 904, 905 and tiles 912, 914.
SES = ("silver", "exotic-beauty", "silk")
#: [DH-8] Tiles in the 4-player fresco stack.
STACK = 21


def promo_table(packs: tuple[str, ...] = BSW, players: int = 4, seed: int = 1) -> State:
    """A promo game set up and drafted, board cleared, player 1 (index 0) to act."""
    s = new_game(Options(players, packs, promos=True), seed)
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


def offered(s: State) -> bool:
    """Whether the ability of the meeple's character is offered."""
    return s.choice is not None and s.choice.kind is ChoiceKind.ABILITY


# -- which promos join ------------------------------------------------------------------------


@pytest.mark.rule("DH-8")
def test_promos_are_off_by_default_and_leave_games_unchanged() -> None:
    assert Options(4).promos is False
    plain = table(Options(4, BSW))
    assert not set(PROMO_CHARS) & set(plain.char_ids)
    assert not set(PROMO_TILES) & set(plain.tile_ids)
    s = new_game(Options(4, BSW), 1)
    assert s.gone == ()  # no tile left out


@pytest.mark.rule("DH-8", "DH-9")
def test_only_the_promos_of_the_packs_in_play_join() -> None:
    t = table(Options(4, BSW, promos=True))
    assert set(PROMO_CHARS) & set(t.char_ids) == {901, 902, 903, 906}
    assert t.promo_tiles == (911, 913, 915, 916)
    t = table(Options(4, SES, promos=True))
    assert set(PROMO_CHARS) & set(t.char_ids) == {904, 905}
    assert t.promo_tiles == (912, 914)
    # a promo whose pack is absent does not appear: none with Silk, Gold and Tea
    t = table(Options(4, SGT, promos=True))
    assert not set(PROMO_CHARS) & set(t.char_ids)
    assert not set(PROMO_TILES) & set(t.tile_ids)
    assert new_game(Options(4, SGT, promos=True), 1).gone == ()
    # every promo joins with its own pack, whichever the other two are
    for triple in itertools.combinations(sorted(available()), 3):
        t = table(Options(4, triple, promos=True))
        chars = {c for c in PROMO_CHARS if c in t.characters}
        assert chars == {c for c, pack in PACKS.items() if pack in triple}
        assert all(t.tiles[x].pack in triple for x in t.promo_tiles)


@pytest.mark.rule("DH-8")
def test_no_stand_in_effect_for_a_pack_not_in_play() -> None:
    # Silver alone brings its promos (Seminar, Researching): no Wine cube, Brewing,
    # Deposit or Mimic of packs not in play
    t = table(Options(4, ("silver", "gold", "tea"), promos=True))
    assert set(PROMO_CHARS) & set(t.char_ids) == {905}
    assert t.promo_tiles == (912,)
    for kind in ("brew", "winery", "deposit", "mimic", "bronze-copy"):
        assert kind not in t.effects
    assert "wine-material" not in t.tokens
    assert "bronze-material" not in t.tokens
    # a promo naming an effect that is not its pack's is rejected
    raw = {
        "provenance": "rulebook",
        "note": "n",
        "characters": [
            {
                "id": 909, "name": "X", "pack": "gold", "cost": 1, "grain": 1,
                "ability": ["deposit"], "provenance": "reconstructed", "note": "n",
            }
        ],
    }  # fmt: skip
    with pytest.raises(DataError, match="deposit"):
        _promos("test", raw)
    raw["characters"][0].update(pack="lacquer", ability=["coin"])  # type: ignore[index]
    with pytest.raises(DataError, match="pack"):
        _promos("test", raw)


@pytest.mark.rule("DH-8", "DH-9")
def test_one_four_player_tile_leaves_for_each_promo_tile_so_the_stack_holds_21() -> None:
    for triple in itertools.combinations(sorted(available()), 3):
        t = table(Options(4, triple, promos=True))
        assert len(t.tile_ids) - len(t.promo_tiles) == STACK
    s = new_game(Options(4, BSW, promos=True), 3)
    t = table(s.options)
    assert len(s.gone) == 4  # four promo tiles in play
    assert all(t.tiles[x].four_player_only and x not in PROMO_TILES for x in s.gone)
    dealt = [x for hand in s.draft for x in hand] + [s.public]
    assert len(dealt) == STACK
    assert set(dealt) | set(s.gone) == set(t.tile_ids)
    assert set(t.promo_tiles) <= set(dealt)


@pytest.mark.rule("DH-8")
def test_the_tiles_left_out_are_drawn_at_random() -> None:
    options = Options(4, BSW, promos=True)
    candidates = set(removable(table(options)))
    assert candidates == {956, 957, 1006, 1007, 1106, 1107}
    left_out = set()
    for seed in range(8):
        s = new_game(options, seed)
        validate(s)
        assert len(s.gone) == 4
        assert set(s.gone) <= candidates
        left_out.add(tuple(s.gone))
    assert len(left_out) > 1  # the choice is random, from the game's RNG


SUTRA = Path(__file__).resolve().parents[2] / "src" / "silkroad" / "dunhuang" / "data"


def _not_four_only(name: str, *ids: int) -> str:
    text = (SUTRA / f"{name}.toml").read_text(encoding="utf-8")
    for i in ids:
        start = text.index(f"id = {i}\n")
        end = text.index("four_player_only = true\n", start)
        text = text[:end] + text[end + len("four_player_only = true\n") :]
    return text


@pytest.mark.rule("DH-8")
def test_too_few_four_player_tiles_to_leave_out_is_a_data_error() -> None:
    data = (("sutra", _not_four_only("sutra", 1006, 1007)), ("wine", _not_four_only("wine", 1106)))
    with pytest.raises(DataError, match="4-player-only"):  # when the options are made
        Options(4, BSW, data=data, promos=True)
    new_game(Options(4, BSW, data=data), 1)  # fine without promos
    # with three players those tiles are three too many for the draft (no promo tiles)
    with pytest.raises(DataError, match="3 players draft exactly 15 fresco tiles"):
        new_game(Options(3, BSW, data=data, promos=True), 1)


@pytest.mark.rule("DH-8")
def test_promo_tiles_only_in_the_four_player_game_and_no_promos_in_solitaire() -> None:
    t = table(Options(3, BSW, promos=True))
    assert not set(PROMO_TILES) & set(t.tile_ids)
    assert set(PROMO_CHARS) & set(t.char_ids) == {901, 902, 903, 906}
    s = new_game(Options(3, BSW, promos=True), 2)
    assert s.gone == ()
    validate(s)
    with pytest.raises(RulesError, match="solitaire"):
        Options(1, promos=True)
    with pytest.raises(RulesError, match="promos"):
        Options(4, promos=1)  # type: ignore[arg-type]


@pytest.mark.rule("DH-8", "DH-9")
def test_promo_data_matches_the_printed_cards_and_tiles() -> None:
    promos = load_promos()
    printed = {901: (2, 3), 902: (1, 1), 903: (3, 2), 904: (1, 3), 905: (1, 3), 906: (4, 2)}
    assert {c.id: (c.cost, c.grain) for c in promos.characters} == printed
    assert {c.id: c.pack for c in promos.characters} == PACKS
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
    for entry in (*promos.characters, *(x.fresco for x in promos.tiles)):
        assert entry.provenance in ("rulebook", "reconstructed")
        assert entry.note.strip()


# -- the promo tiles ------------------------------------------------------------------------


@pytest.mark.rule("DH-9.1", "DH-9.2", "DH-9.3")
def test_sutra_tile_upper_then_lower_twice_lowering_the_die_each_time() -> None:
    s = give_tile(promo_table(), 1, 2, 911, 6)
    s = set_row(s, (902, 901, 1008, 1004))
    s = player(s, 0, vp=10, coins=5)
    coins = s.players[0].coins
    s = play(s, "m1 f2.3")
    # helping lowers the die once at placement (DH-3.C); the upper coin came first
    assert s.players[1].frescoes[2].die == 5
    assert s.players[0].coins == coins + 1
    assert s.frames[-1].effects == ("promo-lower 911", "promo-lower 911")
    s = play(s, "e1")  # pay 2 VP for a Recruitment
    assert s.players[0].vp == 8
    # [DH-9.3] the printed example: the lower effect first, "finally" the die goes down
    assert s.players[1].frescoes[2].die == 5  # the Recruitment is still to be made
    s = play(s, "recruit c902 s2")
    assert s.players[0].characters[1] == 902
    assert s.players[1].frescoes[2].die == 4
    s = play(s, "e1", "recruit c1008 s3")
    assert s.players[0].vp == 6
    assert s.players[1].frescoes[2].die == 3
    assert s.frames == ()  # at most twice: the action is over


@pytest.mark.rule("DH-9.1")
def test_the_upper_effect_comes_first_and_the_lower_is_optional() -> None:
    # own tile: no die change at placement; the Upgrade (upper) must come before the lower
    s = give_tile(promo_table(), 0, 2, 916, 6)
    s = player(s, 0, vp=10, tokens={"bronze-material": 1, "sutra-material": 1})
    s = play(s, "m1 f1.3")
    # the Upgrade (upper) was the only effect offered, so it resolved at once: the lower
    # effects were held back (otherwise three options would wait for the player)
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.UPGRADE
    s = play(s, "upgrade bronze-material")
    assert texts(s) == ["e2", "e3", "done"]  # the lower effects (the quest needs a character)
    s = play(s, "done")  # the lower effect is optional
    assert s.players[0].frescoes[2].die == 6
    assert s.players[0].vp == 10


@pytest.mark.rule("DH-9", "DH-9.3")
def test_second_bronze_tile_upgrade_quest_then_coins_for_vp() -> None:
    s = give_tile(promo_table(), 0, 2, 916, 6)
    s = give_character(s, 0, 0, 941, 3)
    s = player(s, 0, vp=10, tokens={"bronze-material": 1})
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
    s = give_tile(promo_table(SES), 1, 2, 912, 6)
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
    s = give_tile(s, 0, 1, 1102, 3)
    s = player(s, 0, vp=5, tokens={})
    s = play(s, "m1 f1.3")
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.CONTINUE
    s = play(s, "continue 2")
    assert s.players[0].frescoes[1].die == 2
    s = play(s, "e1", "e1")  # Brewing twice (the Wine pack's), 1 VP each
    assert s.players[0].tokens["wine-material"] == 2
    assert s.players[0].counters["brewed:wine"] == 2
    assert s.players[0].vp == 3
    assert s.players[0].frescoes[2].die == 4


@pytest.mark.rule("DH-9")
def test_exotic_beauty_tile_quest_then_wine_for_coins() -> None:
    s = give_tile(promo_table(SES), 1, 2, 914, 6)
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
    s = give_tile(s, 0, 1, 1002, 2)  # material sutra; coin
    s = player(s, 0, vp=12)
    coins, sutra = s.players[0].coins, s.players[0].tokens.get("sutra-material", 0)
    s = play(s, "m1 f1.3")
    assert s.players[0].tokens["bronze-material"] == 2
    s = play(s, "e1")  # pay 5 VP: Mimic
    assert s.players[0].vp == 7
    assert s.players[0].counters["mimics:bronze"] == 1  # the Bronze pack's Mimic
    # own non-promo frescoes only: t1002 is the single choice, taken at once; its action
    # (material sutra; coin) follows
    assert [e.split()[0] for e in s.frames[-1].effects] == ["material", "coin"]
    s = play(s, "e1", "e1")
    assert s.players[0].coins == coins + 1
    assert s.players[0].tokens["sutra-material"] == sutra + 1
    assert s.players[0].frescoes[1].die == 2  # the mimicked fresco's die is unchanged
    assert s.players[0].frescoes[2].die == 5
    assert texts(s) == ["e1", "done"]  # the second lower: 5 VP still affordable


@pytest.mark.rule("DH-9")
def test_mimic_chooses_among_own_frescoes() -> None:
    s = give_tile(promo_table(), 0, 2, 915, 6)
    s = give_tile(s, 0, 1, 1002, 2)  # material sutra; coin
    s = give_tile(s, 0, 0, 1102, 2)  # material wine; coin
    s = player(s, 0, vp=12)
    s = play(s, "m1 f1.3", "e1")
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.PACK
    assert texts(s) == ["choose 1", "choose 2"]
    wine = s.players[0].tokens.get("wine-material", 0)
    s = play(s, "choose 1", "e1")
    assert s.players[0].tokens["wine-material"] == wine + 1


@pytest.mark.rule("DH-9.3", "DH-3.D")
def test_lower_effect_still_works_on_a_tile_completed_by_the_helping_meeple() -> None:
    s = give_tile(promo_table(), 1, 2, 911, 1)
    s = set_row(s, (902, 901, 1008, 1004))
    s = player(s, 0, vp=10, coins=5)
    track = s.players[1].vp
    s = play(s, "m1 f2.3")  # the helping meeple takes the die to 0: complete
    assert s.players[1].frescoes[2].die is None
    assert s.players[1].vp > track
    s = play(s, "e1", "recruit c902 s2")  # the lower effect is still there to pay for
    assert s.players[0].vp == 8
    assert s.players[0].characters[1] == 902


# -- the extra action of Begin Painting (DH-9.3 over DH-3.E.11) -------------------------------


@pytest.mark.rule("DH-9.3", "DH-3.E.11")
def test_begin_painting_a_promo_tile_lowers_its_die_for_each_lower_effect() -> None:
    """[DH-9.3] Whenever the lower effect is resolved the die goes down, in the extra
    action of Begin Painting the tile too (DH-3.E.11 leaves the die unchanged otherwise)."""
    s = give_hand(promo_table(), 0, 911)
    s = player(s, 0, pigment=4, vp=5, coins=4)
    s = set_row(s, (902, 901, 1008, 1004))
    s = play(s, "m1 b5")  # Begin Painting; the tile's action follows at once
    slot = next(i for i, f in enumerate(s.players[0].frescoes) if f.tile == 911)
    assert s.players[0].frescoes[slot].die == 6  # the upper effect (a coin) changes no die
    s = play(s, "e1", "recruit c1008 s2")  # the lower effect: 2 VP for a Recruitment
    assert s.players[0].vp == 3
    assert s.players[0].characters[1] == 1008
    assert s.players[0].frescoes[slot].die == 5  # lowered by the lower effect
    s = play(s, "e1", "recruit c902 s3")  # the second one lowers it again
    assert s.players[0].vp == 1
    assert s.players[0].frescoes[slot].die == 4
    # later, a meeple on the same tile: the lower effect lowers its die as usual
    s = player(turn_of(s, 0), 0, vp=5, coins=0)
    s = play(s, f"m2 f1.{slot + 1}", "e1")
    assert s.players[0].frescoes[slot].die == 4  # the recruitment comes first [DH-9.3]
    s = play(s, texts(s)[0])
    assert s.players[0].frescoes[slot].die == 3


@pytest.mark.rule("DH-9.3", "DH-3.E.11")
def test_begin_painting_a_promo_tile_without_its_lower_effect_leaves_the_die() -> None:
    s = give_hand(promo_table(), 0, 911)
    s = player(s, 0, pigment=4, vp=0, coins=0)  # no VP: the lower effect cannot be paid
    s = play(s, "m1 b5")
    slot = next(i for i, f in enumerate(s.players[0].frescoes) if f.tile == 911)
    assert s.frames == ()  # the coin only; the action is over
    assert s.players[0].frescoes[slot].die == 6


@pytest.mark.rule("DH-3.E.11")
def test_continue_painting_in_the_extra_action_cannot_advance_the_new_tile() -> None:
    # t957: material bronze; continue. With no other fresco, the Continue Painting of its
    # extra action has nothing to advance: the new tile's die stays.
    s = give_hand(promo_table(), 0, 957)
    s = player(s, 0, pigment=4)
    s = play(s, "m1 b5")
    slot = next(i for i, f in enumerate(s.players[0].frescoes) if f.tile == 957)
    assert s.players[0].frescoes[slot].die == 4
    assert s.frames == ()  # the Bronze Material only; the action is over
    # with another own fresco, that one is advanced, never the new tile
    s = give_hand(give_tile(promo_table(), 0, 0, 1102, 2), 0, 957)
    s = player(s, 0, pigment=4)
    s = play(s, "m1 b5")
    assert texts(s) == ["e1", "e2"]
    s = play(s, "e2")  # Continue Painting: fresco 1 is its only choice, taken at once
    assert s.players[0].frescoes[0].die == 1
    assert s.players[0].frescoes[2].die == 4


# -- the promo characters -------------------------------------------------------------------


@pytest.mark.rule("DH-8")
def test_vintner_two_vp_per_wine_cube() -> None:
    s = with_ability(promo_table(), 901, 3, tokens={"wine-material": 3})
    vp = s.players[0].vp
    s = play(s, "ability")
    assert s.players[0].vp == vp + 6
    assert s.players[0].grain[0] == 2
    # no Wine cube: the ability has nothing to resolve and is not offered
    assert not offered(with_ability(promo_table(), 901, 3, tokens={}))


@pytest.mark.rule("DH-8")
def test_recruiter_resolves_a_recruitment() -> None:
    s = set_row(promo_table(), (901, 903, 1008, 1004))
    s = with_ability(s, 902, 1, coins=3)
    s = play(s, "ability")
    # its only grain paid: it leaves, and its spot may take the new character
    assert s.players[0].characters[0] is None
    s = play(s, "recruit c1008 s1")
    assert s.players[0].characters[0] == 1008
    assert s.players[0].coins == 3 + 1 - 1


@pytest.mark.rule("DH-8")
def test_almoner_deposits_a_coin_scored_by_the_sutra_pack() -> None:
    s = with_ability(promo_table(), 903, 2, coins=2)
    s = play(s, "ability")
    assert s.players[0].coins == 2
    assert s.players[0].counters["deposit:sutra"] == 1
    s2 = attrs.evolve(s, final=(0, 0, 0, 0))
    assert final_breakdown(s2)[0][4] == 2  # the Sutra pack's 2 VP, counted once


@pytest.mark.rule("DH-8", "DH-3.E.6")
def test_envoy_resolves_an_emperors_quest_with_its_own_grain() -> None:
    s = with_ability(promo_table(SES), 904, 3)
    vp = s.players[0].vp
    s = play(s, "ability")  # 1 grain for the ability, then 2 grain: 6 VP
    assert s.players[0].vp == vp + 6
    assert s.players[0].characters[0] is None  # its last grain paid
    s = with_ability(promo_table(SES), 904, 2)
    vp = s.players[0].vp
    s = play(s, "ability")  # 1 grain for the ability, its last for 3 VP
    assert s.players[0].vp == vp + 3


@pytest.mark.rule("DH-8.4", "DH-3.E.6")
def test_envoy_with_its_last_grain_is_not_offered() -> None:
    """[DH-8.4] Paying the Envoy's last grain makes it leave at once (DH-3), and an
    Emperor's Quest without a character is ignored (DH-3.E.6): the grain would buy
    nothing, so the ability cannot be activated."""
    s = with_ability(promo_table(SES), 904, 1)
    assert not offered(s)
    assert s.players[0].characters[0] == 904  # it stays, with its grain
    assert s.players[0].grain[0] == 1
    # an ability that needs no character still acts on its last grain (the Recruiter)
    s = set_row(promo_table(), (901, 903, 1008, 1004))
    assert offered(with_ability(s, 902, 1, coins=3))


@pytest.mark.rule("DH-8")
def test_scholar_resolves_a_seminar() -> None:
    s = with_ability(promo_table(SES), 905, 3, tokens={"silver-material": 2})
    vp = s.players[0].vp
    s = play(s, "ability")
    assert s.players[0].tokens["silver-material"] == 3
    assert s.players[0].vp == vp + 3


@pytest.mark.rule("DH-8")
def test_bronze_caster_resolves_a_bronze_tile_quest_not_ignored() -> None:
    s = give_tile(promo_table(), 1, 2, 916, 6)
    s = with_ability(s, 906, 2, vp=10, tokens={"bronze-material": 1})
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
    assert not offered(with_ability(promo_table(), 906, 2))


@pytest.mark.rule("DH-8")
def test_bronze_caster_chooses_among_bronze_tiles() -> None:
    s = give_tile(promo_table(), 1, 2, 916, 6)
    s = give_tile(s, 2, 2, 915, 6)
    s = give_tile(s, 3, 2, 955, 2)  # a Bronze pack tile: material bronze; vp 2
    s = with_ability(s, 906, 2, vp=10, tokens={"bronze-material": 1})
    s = play(s, "ability")
    assert texts(s) == ["choose 915", "choose 916", "choose 955"]
    s = play(s, "choose 915")  # Bronze Material, then up to two Mimics (no own fresco)
    assert s.players[0].tokens["bronze-material"] == 2
    assert s.players[2].frescoes[2].die == 6


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.rule("DH-8", "DH-9")
@pytest.mark.parametrize(("players", "packs"), [(3, BSW), (4, BSW), (4, SES)])
def test_conformance_with_promos(players: int, packs: tuple[str, ...]) -> None:
    options = Options(players, packs, promos=True)
    report = check_game(
        GAME, options, seeds=range(2), determinize_samples=1, every_move=False, check_every=6
    )
    assert report.games == 2
    assert legal_moves(new_game(options, 0))


@pytest.mark.rule("DH-8")
def test_bronze_caster_among_nine_bronze_tiles_has_an_action_id_for_each() -> None:
    from silkroad.dunhuang import Choose, decode_move, encode_move
    from silkroad.dunhuang.encoding import _CHOOSE, _KEEP

    s = promo_table()
    bronze = (951, 952, 953, 954, 955, 956, 957, 915, 916)
    for k, tile in enumerate(bronze):
        s = give_tile(s, 1 + k // 3, k % 3, tile, 6 if tile in (915, 916) else 2)
    s = with_ability(s, 906, 2, vp=10)
    s = play(s, "ability")
    chosen = [m for m in legal_moves(s) if isinstance(m, Choose)]
    assert len(chosen) == 9
    ids = [encode_move(s, m) for m in chosen]
    assert len(set(ids)) == 9
    assert all(_CHOOSE <= i < _KEEP for i in ids)
    assert [decode_move(s, i) for i in ids] == chosen


@pytest.mark.rule("DH-9")
def test_promo_data_errors_name_the_file_the_entry_and_the_field() -> None:
    """A wrong head of the promo file names the file itself (no entry); a promo tile's
    lower effect that cannot be read names that tile and its ``lower`` field."""
    with pytest.raises(DataError) as info:
        _promos("promos of a test", {"provenance": "guessed", "note": "n"})
    assert (info.value.source, info.value.entry, info.value.field) == (
        "promos of a test",
        None,
        "provenance",
    )
    tile = {
        "id": 911, "name": "Sutra Promo Fresco Tile", "value": 6, "upper": ["coin"],
        "lower": "pay vp 2 ->", "provenance": "rulebook", "note": "n",
    }  # fmt: skip
    with pytest.raises(DataError) as info:
        _promos("promos of a test", {"provenance": "rulebook", "note": "n", "frescoes": [tile]})
    assert (info.value.source, info.value.entry, info.value.field) == (
        "promos of a test",
        "fresco 911",
        "lower",
    )


# -- replacement promo data -------------------------------------------------------------------

PROMO_FILE = Path(__file__).parents[2] / "src/silkroad/dunhuang/data/promos.toml"


def _promo_file(tmp_path: Path, old: str, new: str) -> Path:
    text = PROMO_FILE.read_text()
    assert old in text
    path = tmp_path / "my-promos.toml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.rule("DH-8", "DH-9")
def test_a_promo_file_replaces_the_built_in_promos(tmp_path: Path) -> None:
    """A user's promo file (here the Vintner renamed and dearer, the Sutra tile's lower
    effect dearer) is read by ``with_pack_file`` as by ``with_promo_file``, carried in the
    options so records replay without it, and used by the table, the game and the move
    descriptions; the built-in data is untouched."""
    from silkroad.core.serialize import dumps, loads
    from silkroad.dunhuang import describe_move, load_promo_file

    vintner = 'name = "Vintner"\npack = "wine"\ncost = 2'
    path = _promo_file(tmp_path, vintner, vintner.replace("2", "3").replace("Vintner", "Cellarer"))
    path.write_text(path.read_text().replace('"pay vp 2 -> recruit"', '"pay vp 3 -> recruit"'))
    assert load_promo_file(path).characters[0].name == "Cellarer"
    base = Options(4, BSW, promos=True)
    options = base.with_pack_file(path)
    assert options == base.with_promo_file(path)
    assert [name for name, _ in options.data] == ["promos"]
    t = table(options)
    assert (t.characters[901].name, t.characters[901].cost) == ("Cellarer", 3)
    assert t.promo_lower[911].text == "pay vp 3 -> recruit"
    assert table(base).characters[901].cost == 2  # the built-in promos are untouched
    assert table(base).promo_lower[911].text == "pay vp 2 -> recruit"
    assert loads(dumps(options, GAME), Options, GAME) == options  # records carry the text
    report = check_game(
        GAME, options, seeds=range(1), determinize_samples=1, every_move=False, check_every=3
    )
    assert report.games == 1
    # the Sutra tile's lower effect now costs 3 VP, in the game and in the move texts
    s = new_game(options, 1)
    while s.phase is not Phase.ACTION:
        s = play(s, texts(s)[0])
    s = give_tile(turn_of(clear_board(s), 0), 1, 2, 911, 6)
    s = player(s, 0, vp=10, coins=5)
    s = play(s, "m1 f2.3")
    lower = next(m for m in legal_moves(s) if str(m) == "e1")
    assert "pay 3 VP" in describe_move(s, lower)
    assert play(s, "e1").players[0].vp == 7


@pytest.mark.rule("DH-8", "DH-9")
def test_a_broken_promo_file_is_refused_naming_file_entry_and_field(tmp_path: Path) -> None:
    vintner = 'cost = 2\ngrain = 3\nability = ["winery 2"]'
    head = 'provenance = "rulebook"\nnote = "DH-8 and'
    cases = [
        (vintner, vintner.replace("grain", "grains"), "character 901", "grains"),
        (vintner, vintner.replace("cost = 2", "cost = 100"), "character 901", "cost"),
        (vintner, vintner.replace("winery 2", "winery 0"), "character 901", "ability"),
        ("id = 902", "id = 901", "character 901", "id"),
        ("id = 912", "id = 911", "fresco 911", "id"),
        ('upper = ["coin"]', 'upper = ["paint"]', "fresco 911", "upper"),
        ('name = "Sutra Promo', 'name = "Lacquer Promo', "fresco 911", "name"),
        (head, f'colour = "red"\n{head}', None, "colour"),
    ]
    for old, new, entry, field in cases:
        path = _promo_file(tmp_path, old, new)
        for read in (Options(4, BSW, promos=True).with_pack_file, Options(4).with_promo_file):
            with pytest.raises(DataError) as info:
                read(path)
            assert (info.value.source, info.value.entry, info.value.field) == (
                str(path),
                entry,
                field,
            ), new
    pack = tmp_path / "silk.toml"
    pack.write_text((PROMO_FILE.parent / "silk.toml").read_text())
    with pytest.raises(
        DataError, match=r"a Starting Pack file \(it has a \[pack\] table\)"
    ) as info:
        Options(4).with_promo_file(pack)
    assert info.value.field == "pack"
    text = pack.read_text()
    headless = text[: text.index("[pack]")] + text[text.index("[[", text.index("[pack]")) :]
    pack.write_text(headless)  # a pack file that lost its [pack] table
    with pytest.raises(DataError, match=r"needs a \[pack\] table") as info:
        Options(4).with_pack_file(pack)
    assert info.value.field == "tokens"
    with pytest.raises(RulesError, match="'promos', the promo data"):
        Options(4, data=(("lacquer", "x = 1"),))
    with pytest.raises(RulesError, match="twice"):
        Options(4, data=(("promos", PROMO_FILE.read_text()),) * 2)


@pytest.mark.rule("DH-8")
def test_promo_ids_that_clash_with_the_packs_in_play_are_refused_with_the_options() -> None:
    """A promo with the id of a character or tile of a pack in play is refused when the
    options are made (so that options accepted always set up), not when the pack is out
    of play or the promos are off."""
    text = PROMO_FILE.read_text()
    clash = text.replace("id = 901", "id = 1101", 1)  # a Wine character's id
    with pytest.raises(DataError) as info:
        Options(4, BSW, data=(("promos", clash),), promos=True)
    assert (info.value.source, info.value.entry, info.value.field) == (
        "data of promos", "character 1101", "id"
    )  # fmt: skip
    assert "wine pack" in str(info.value)
    Options(4, BSW, data=(("promos", clash),))  # promos off: not used
    Options(4, ("silk", "gold", "tea"), data=(("promos", clash),), promos=True)  # no Wine
    tile = text.replace("id = 911", "id = 1001", 1)  # a Sutra tile's id
    with pytest.raises(DataError, match="fresco id 1001 is also one of the sutra pack"):
        Options(4, BSW, data=(("promos", tile),), promos=True)
    Options(3, BSW, data=(("promos", tile),), promos=True)  # three players: no promo tiles


@pytest.mark.rule("DH-9.3")
def test_the_die_waits_for_the_reward_in_positions_and_validate_too() -> None:
    """While a lower effect's reward asks its decision, the frame that lowers the die
    afterwards (``Frame.lower``) is part of the state: a position writes and reads it,
    and ``validate`` refuses one that names no promo tile in play or holds effects."""
    s = give_tile(promo_table(), 1, 2, 911, 6)
    s = set_row(s, (902, 901, 1008, 1004))
    s = player(s, 0, vp=10, coins=5)
    s = play(s, "m1 f2.3", "e1")  # pay 2 VP for a Recruitment: the recruitment waits
    assert [f.lower for f in s.frames if f.lower is not None] == [911]
    back = GAME.from_position(GAME.to_position(s))  # (its statistics derived: give_tile)
    assert back.frames == s.frames
    assert back.players[1].frescoes == s.players[1].frescoes
    marker = next(f for f in s.frames if f.lower is not None)
    for bad in (attrs.evolve(marker, lower=401), attrs.evolve(marker, effects=("coin",))):
        frames = tuple(bad if f is marker else f for f in s.frames)
        with pytest.raises(StateError, match=r"lowers a die at its end"):
            validate(attrs.evolve(s, frames=frames))


@pytest.mark.rule("DH-9.3")
def test_a_record_of_rules_1_6_is_still_read_and_replays_under_the_current_rules() -> None:
    """Rules 1.7 changed when a promo die goes down; records of 1.6 are read (the version
    history) and replay under the current rules when their moves still play."""
    from silkroad.core.replay import Record, replay

    name = "4p-promos-bronze-sutra-wine-seed6.json"
    text = (Path(__file__).parents[1] / "scenarios" / "dunhuang" / name).read_text("utf-8")
    data = text.replace('"rules_version": "1.7"', '"rules_version": "1.6"')
    assert '"1.6"' in data
    record = Record.from_json(data, game=GAME)
    assert record.rules_version == "1.6"
    assert GAME.is_over(replay(record, GAME))
    with pytest.raises(DataError, match=r"version 1\.7 and reads records of versions"):
        Record.from_json(data.replace('"1.6"', '"0.9"'), game=GAME)
