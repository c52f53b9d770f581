"""[DH-3.E] The fourteen effects, each through a real action."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import IllegalMoveError
from silkroad.dunhuang import Options, Place, legal_moves
from silkroad.dunhuang.rules import spot_open
from silkroad.dunhuang.state import Action, ChoiceKind, Frame, State

from .helpers import (
    clear_board,
    give_character,
    give_hand,
    give_tile,
    play,
    player,
    ready,
    set_row,
    texts,
    turn_of,
)


def table_for(packs: tuple[str, ...] = ("silk", "gold", "tea"), players: int = 4) -> State:
    """A cleared board, round 1, player 0 to act."""
    return turn_of(clear_board(ready(players, packs)), 0)


@pytest.mark.rule("DH-3.E.1", "DH-3.E.3", "DH-3.E.4", "DH-3.E.5")
def test_simple_gains() -> None:
    s = table_for()
    before = s.players[0]
    assert (
        play(s, "m1 b12").players[0].tokens["gold-material"] == before.tokens["gold-material"] + 1
    )
    assert play(s, "m1 b2").players[0].pigment == before.pigment + 1
    assert play(s, "m1 b1").players[0].coins == before.coins + 1
    assert play(s, "m1 b3").players[0].vp == before.vp + 3


@pytest.mark.rule("DH-3.E.2")
def test_upgrade_resource_follows_the_pack_chain() -> None:
    s = player(table_for(), 0, tokens={"silk-material": 1, "tea-material": 1})
    s = play(s, "m1 b4")
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.UPGRADE
    assert texts(s) == ["upgrade silk-material", "upgrade tea-material"]
    s = play(s, "upgrade silk-material")
    assert dict(s.players[0].tokens) == {"silk-product": 1, "tea-material": 1}
    # nothing to upgrade: the spot cannot be used
    s2 = player(table_for(), 0, tokens={"gold-product": 1})
    assert not spot_open_for(s2, 3)


def spot_open_for(s: State, spot: int) -> bool:
    from silkroad.dunhuang.table import table

    return spot_open(table(s.options), s, 0, 0, spot)


@pytest.mark.rule("DH-3.E.6")
def test_emperors_quest_two_grain_for_six_vp() -> None:
    s = give_character(table_for(), 0, 0, 401, 3)
    s = play(s, "m1 b7")
    pl = s.players[0]
    assert pl.vp == 6
    assert pl.grain[0] == 1
    # the character may act after the quest: the Weaver's ability is offered
    assert texts(s) == ["ability", "no ability"]


@pytest.mark.rule("DH-3.E.6")
@pytest.mark.parametrize(("grain", "vp", "left"), [(1, 3, 0), (2, 6, 0), (3, 6, 1)])
def test_emperors_quest_pays_what_grain_there_is(grain: int, vp: int, left: int) -> None:
    """The 6-VP quest (2 grain): with one grain only, that grain is paid for 3 VP; with
    two, 6 VP; either way a character whose last grain is paid leaves play."""
    s = give_character(table_for(), 0, 0, 401, grain)
    s = play(s, "m1 b7")
    pl = s.players[0]
    assert (pl.vp, pl.grain[0]) == (vp, left)
    assert pl.characters[0] == (401 if left else None)


@pytest.mark.rule("DH-3.E.11")
@pytest.mark.parametrize(("pigment", "paints"), [(3, False), (4, True)])
def test_begin_painting_costs_four_pigment(pigment: int, paints: bool) -> None:
    s = give_hand(player(table_for(), 0, pigment=pigment), 0, 201)
    assert ("m1 b5" in texts(s)) is paints
    if paints:
        assert play(s, "m1 b5").players[0].pigment == 0


@pytest.mark.rule("DH-3.E.6")
def test_emperors_quest_ignored_without_a_character() -> None:
    s = table_for()
    assert not spot_open_for(s, 6)  # b7 holds only the quest
    with pytest.raises(IllegalMoveError):
        play(s, "m1 b7")


@pytest.mark.rule("DH-3.E.6")
def test_emperors_quest_cannot_be_skipped() -> None:
    s = give_character(table_for(), 0, 0, 401, 3)
    # an action already under way: a coin resolved, a quest and a pigment left
    frame = Frame(0, ("quest 2", "pigment"), done=True, slot=0)
    s = attrs.evolve(s, frames=(frame,), action=Action(0, 0))
    assert texts(s) == ["e1", "e2"]  # no "done" while the quest can be resolved
    s = play(s, "e2")  # the pigment first; the quest is then forced
    assert s.players[0].vp == 6
    # without grain the quest cannot be resolved and the action may end
    s2 = player(
        give_character(table_for(), 0, 0, 401, 3), 0, grain=(0, 0, 0), characters=(None, None, None)
    )
    s2 = attrs.evolve(
        s2,
        frames=(attrs.evolve(frame, effects=("quest 2", "pigment", "coin")),),
        action=Action(0, 0),
        discard=(*s2.discard, 401),
    )
    assert texts(s2) == ["e2", "e3", "done"]


@pytest.mark.rule("DH-3.E.6")
def test_emperors_quest_uses_a_character_recruited_earlier_in_the_action() -> None:
    s = set_row(player(table_for(), 0, coins=2), (401, 402, 403, 404))
    s = play(s, "m1 b9", "recruit c401 s1")  # recruit to the meeple's own spot first
    assert s.players[0].vp == 6  # the quest now has a character: 2 grain for 6 VP
    assert s.players[0].grain[0] == 1
    assert texts(s) == ["ability", "no ability"]


@pytest.mark.rule("DH-3.E.7")
def test_recruitment_pays_coins_gains_grain_refills_and_skips_gold() -> None:
    s = set_row(player(table_for(), 0, coins=3), (201, 401, 601, 403))
    top = s.deck[0]
    s = play(s, "m1 b8")
    assert "recruit c201 s1" not in texts(s)  # Gold: no coin cost
    assert "recruit c403 s1" in texts(s)
    s = play(s, "recruit c401 s2")
    pl = s.players[0]
    assert pl.coins == 1
    assert pl.characters[1] == 401
    assert pl.grain[1] == 3
    assert s.row == (201, top, 601, 403)


@pytest.mark.rule("DH-3.E.7")
def test_recruitment_replaces_a_character_and_reshuffles_the_discard_pile() -> None:
    s = give_character(table_for(), 0, 1, 402, 2)
    s = set_row(player(s, 0, coins=3), (401, 403, 404, 405))
    rest = s.deck
    s = attrs.evolve(s, deck=(), discard=(*s.discard, *rest))
    s = play(s, "m1 b8", "recruit c401 s2")
    pl = s.players[0]
    assert pl.characters[1] == 401
    assert pl.grain[1] == 3
    assert s.row[0] is not None  # refilled from the reshuffled discard pile
    assert s.discard == ()
    assert 402 in s.deck or s.row[0] == 402


@pytest.mark.rule("DH-3.E.8")
def test_free_recruitment_takes_any_character_without_paying() -> None:
    s = set_row(player(table_for(), 0, coins=0), (201, 401, 601, 403))
    s = attrs.evolve(s, frames=(Frame(0, ("free-recruit", "vp 1")),), action=Action(0, None))
    s = play(s, "e1")
    assert "recruit c201 s1" in texts(s)  # even a Gold character
    # no meeple was used: the three empty spots are alike, and offered once
    assert "recruit c403 s2" not in texts(s)
    s = play(s, "recruit c403 s1")
    assert s.players[0].characters[0] == 403
    assert s.players[0].coins == 0


@pytest.mark.rule("DH-3.E.9")
def test_payment_effect_pays_then_gains() -> None:
    s = give_tile(table_for(), 1, 2, 404, 3)  # pay silk-product 1 -> vp 5
    assert not spot_open_for(s, 15 + 3 + 2)
    s = player(s, 0, tokens={"silk-product": 1})
    s = play(s, "m1 f2.3")
    assert s.players[0].vp == 5
    assert "silk-product" not in s.players[0].tokens


@pytest.mark.rule("DH-3.E.10")
def test_continue_painting_lowers_an_own_die() -> None:
    s = give_tile(table_for(), 0, 2, 402, 3)
    s = give_tile(s, 0, 1, 401, 2)
    s = give_tile(s, 1, 2, 405, 3)  # material silk + continue
    s = play(s, "m1 f2.3", "e2")
    assert texts(s) == ["continue 2", "continue 3"]
    s = play(s, "continue 3")
    assert s.players[0].frescoes[2].die == 2
    assert s.players[1].frescoes[2].die == 2  # the helped fresco lost one too (DH-3.C)


@pytest.mark.rule("DH-3.E.11")
def test_begin_painting_places_on_the_rightmost_vacant_spot_and_acts() -> None:
    s = give_character(table_for(), 0, 0, 401, 3)
    s = give_hand(player(s, 0, pigment=5), 0, 201, 402)
    s = give_tile(s, 0, 2, 406, 2)
    s = play(s, "m1 b5")
    assert s.players[0].pigment == 1
    assert texts(s) == ["paint t201", "paint t402"]
    s = play(s, "paint t201")
    pl = s.players[0]
    assert pl.frescoes[1].tile == 201
    assert pl.frescoes[1].die == 2
    assert pl.income == 1
    assert pl.tokens["gold-material"] == 2  # the tile's action, quest ignored
    assert pl.vp == 0
    assert pl.grain[0] == 3
    assert pl.counters["painted:gold"] == 1


@pytest.mark.rule("DH-3.E.11")
def test_begin_painting_leftmost_spot_gives_five_vp_and_full_row_cannot_paint() -> None:
    s = give_hand(player(table_for(), 0, pigment=8), 0, 402, 405)
    s = give_tile(give_tile(s, 0, 2, 406, 2), 0, 1, 401, 3)
    s = play(s, "m1 b5", "paint t402")
    assert s.players[0].vp == 0  # the tile's action first
    s = play(s, "e1", "e1")
    pl = s.players[0]
    assert pl.frescoes[0].tile == 402
    assert pl.vp == 5  # note 1: as soon as the effect is resolved
    s = turn_of(s, 0)
    assert "m2 b5" not in texts(s)  # note 2: all three spots are taken


@pytest.mark.rule("DH-3.E.11")
def test_begin_painting_without_a_die_takes_one_from_the_reward_area() -> None:
    s = give_tile(give_tile(table_for(), 0, 2, 406, 2), 0, 1, 401, 3)
    s = player(s, 0, income=0, left=1, right=0, pigment=4, frescoes=s.players[0].frescoes)
    s = give_hand(s, 0, 402)
    s = play(s, "m1 b5")
    assert texts(s) == ["take pigment", "take coin"]  # note 3: the left spot's reward
    s = play(s, "take coin")
    pl = s.players[0]
    assert pl.left == 0
    assert pl.frescoes[0].die is not None
    assert pl.coins >= 1
    # with dice on both spots the player picks the spot first
    s2 = give_tile(table_for(), 0, 2, 406, 2)
    s2 = give_hand(player(s2, 0, income=0, left=1, right=1, pigment=4), 0, 402)
    s2 = play(s2, "m1 b5")
    assert texts(s2) == ["die left", "die right"]
    s2 = play(s2, "die right")
    assert texts(s2) == ["take silk-material", "take gold-material", "take tea-material"]


@pytest.mark.rule("DH-3.E.12", "DH-3.E.13")
def test_triggered_and_leaving_effects() -> None:
    s = table_for(("china", "silk", "tea"))
    s = give_character(s, 0, 0, 508, 2)  # if china-faience 1 -> vp 3
    s = player(s, 0, tokens={"china-material": 1})
    assert "ability" not in texts(play(s, "m1 b2"))  # requirement not met: no ability
    s = player(s, 0, tokens={"china-faience": 1})
    s = play(s, "m1 b2", "ability")
    assert s.players[0].vp == 3 + 5  # the ability, then the china-1 achievement (DH-5)
    assert s.achievements["china-1"] == 0
    # leaving: the Silkworm Farmer gives 2 VP when its last grain is paid
    s = give_character(table_for(), 0, 0, 406, 1)
    s = play(s, "m1 b2", "ability")
    pl = s.players[0]
    assert pl.characters[0] is None
    assert pl.vp == 2
    assert s.discard[-1] == 406


@pytest.mark.rule("DH-3.E.14")
def test_gain_product_of_any_pack() -> None:
    s = table_for(("china", "silk", "tea"))
    s = give_tile(s, 1, 2, 507, 4)  # product any + quest 1
    s = play(s, "m1 f2.3")
    assert texts(s) == ["take china-product", "take silk-product", "take tea-product"]
    s = play(s, "take tea-product")
    assert s.players[0].tokens["tea-product"] == 1


@pytest.mark.rule("DH-3.E")
def test_every_effect_in_the_data_is_known() -> None:
    from silkroad.dunhuang.cards import CORE_EFFECTS
    from silkroad.dunhuang.table import table

    t = table(Options(4, ("silk", "gold", "tea")))
    t2 = table(Options(4, ("china", "gold", "tea")))
    kinds = set(CORE_EFFECTS) | set(t.effects) | set(t2.effects)
    for tt in (t, t2):
        for c in tt.characters.values():
            assert all(e.kind in kinds for e in c.ability)
        for f in tt.tiles.values():
            assert all(e.kind in kinds for e in f.effects)
    assert len(CORE_EFFECTS) == 13  # items 1-12 and 14; item 13 is a character's "leaving"
    # each kind numbered by its own DH-3.E item, as the interpreter's helpers cite them
    from silkroad.dunhuang import engine

    assert sorted(CORE_EFFECTS.values()) == [*range(1, 13), 14]
    for kind, helper in (
        ("upgrade", engine.upgradable),
        ("recruit", engine.choose_recruit),
        ("free-recruit", engine.choose_recruit),
        ("continue", engine.continue_slots),
        ("paint", engine.place_tile),
    ):
        assert f"[DH-3.E.{CORE_EFFECTS[kind]}]" in (helper.__doc__ or ""), kind
    assert legal_moves(table_for())  # a playable state
    assert Place(0, 0) in legal_moves(table_for())
