"""[Rulings] Decisions where the rulebook is silent or ambiguous (docs/serica.md)."""

from __future__ import annotations

import attrs
import pytest

from silkroad.serica import (
    GAME,
    Buy,
    Choice,
    Choose,
    Defend,
    Done,
    Give,
    Options,
    Pay,
    Pick,
    Place,
    Send,
    Take,
    Use,
    default_cards,
    is_over,
)
from silkroad.serica.cards import Ability, Good
from silkroad.serica.state import Step

from .helpers import Builder, goods, play, texts


@pytest.mark.rule("SR-8.3", "SR-5")
def test_outpost_is_offered_until_the_defence_and_fort_until_the_attacks() -> None:
    """A use that can change nothing is not listed: an Outpost only lowers the Enemy
    strength a defence compares, a Fort only acts in the attacks."""
    b = Builder()
    han = b.player(
        empire=["outpost", "fort"], fields=[["fort"], [], [], []], caravans=[(1, 0, {"silk": 1})]
    )
    state = b.state(han, crossroads=["bandit"], step=Step.BUY)
    assert {"use outpost", "use fort"} <= set(texts(state))
    state = play(state, Defend("bandit"), Done())
    assert [m for m in texts(state) if m.startswith("use")] == ["use fort"]
    state = play(state, Done())
    assert not any(m.startswith("use") for m in texts(state))


@pytest.mark.rule("SR-8.2", "SR-8.4")
def test_merchant_and_oasis_together_make_a_court_card_free() -> None:
    """Merchant halves first (2/3 -> 2/1), then the Oasis removes a type (2/0)."""
    b = Builder()
    han = b.player(empire=["merchant", "oasis"])
    state = b.state(han, crossroads=["envoy"], step=Step.BUY)
    state = play(state, Use("merchant"), Use("oasis"), Buy("envoy"))
    assert [b.t.card[c].key for c in state.players[0].discard] == ["envoy"]
    assert state.turn.count(Ability.MERCHANT) == 0
    assert state.turn.count(Ability.OASIS) == 0


@pytest.mark.rule("SR-8.4")
def test_a_readied_oasis_waits_for_a_court_card() -> None:
    b = Builder()
    han = b.player(empire=["oasis"], supply={"spices": 1, "porcelain": 1, "wine": 1})
    state = b.state(han, crossroads=["guard", "oasis"], step=Step.BUY)
    state = play(state, Use("oasis"), Buy("guard"), Pay(Good.WINE), Pay(Good.PORCELAIN))
    assert state.turn.count(Ability.OASIS) == 1
    state = play(state, Buy("oasis"), Pay(Good.SPICES))  # 1/2 -> 1/1
    assert state.turn.count(Ability.OASIS) == 0


@pytest.mark.rule("SR-8.1")
def test_a_readied_smith_is_spent_by_the_next_buy() -> None:
    b = Builder()
    han = b.player(empire=["smith"], supply={"spices": 1, "porcelain": 1}, artisans=4)
    state = b.state(han, crossroads=["laborer", "scholar"], step=Step.BUY)
    state = play(state, Use("smith"), Buy("laborer"), Pay(Good.SPICES), Pay(Good.PORCELAIN))
    assert state.turn.count(Ability.SMITH) == 0
    assert "buy scholar" not in texts(state)


@pytest.mark.rule("SR-8.5")
def test_a_pirate_takes_only_what_the_caravan_holds_of_the_cheapest_good() -> None:
    b = Builder()
    han = b.player(caravans=[(1, 1, {"spices": 1, "silk": 2})])
    state = play(b.state(han, crossroads=["pirate"], step=Step.DEFEND), Done())
    assert state.players[0].caravans[0].goods == goods({"silk": 2})


@pytest.mark.rule("SR-8.2")
def test_the_guard_cannot_exceed_three_caravans() -> None:
    b = Builder()
    han = b.player(empire=["guard"], caravans=[(r, 0, {"silk": 1}) for r in (1, 2, 3)])
    state = play(b.state(han), Use("guard"))
    assert texts(state) == ["choose vp"]


@pytest.mark.rule("SR-8.4")
def test_a_city_gives_away_a_used_copy_first() -> None:
    b = Builder()
    han = b.player(empire=["city", "guard", "guard"])
    state = b.state(han, crossroads=["fort"])
    state = play(state, Use("guard"), Choose(Choice.VP))
    used = state.turn.used[0]
    state = play(state, Use("city"), Pick("fort"), Give("guard"))
    assert used in state.crossroads
    assert "use guard" in texts(state)  # the unused Guard stayed


@pytest.mark.rule("SR-8.4")
def test_an_envoy_does_not_copy_an_envoy() -> None:
    cards = tuple(
        attrs.evolve(c, copies=c.copies + 1)
        if c.key == "envoy"
        else attrs.evolve(c, copies=c.copies - 1)
        if c.key == "oasis"
        else c
        for c in default_cards()
    )
    b = Builder(Options(first_player=0).with_cards(cards))
    han = b.player(empire=["envoy"], fields=[["warehouse"], [], [], []])
    state = b.state(han, crossroads=["envoy", "marketplace"])
    state = play(state, Use("envoy"))
    assert texts(state) == ["pick marketplace"]


@pytest.mark.rule("SR-5.1")
def test_goods_and_artisans_are_not_limited_by_the_cube_count() -> None:
    b = Builder()
    state = b.state(b.player(supply={"spices": 15}, artisans=15))
    assert {"produce spices", "hire"} <= set(texts(state))


@pytest.mark.rule("SR-5.2")
def test_a_crossroads_build_may_happen_in_any_phase_and_can_end_the_game() -> None:
    b = Builder()
    nine = [
        ["guard", "oasis", "city"],
        ["soldier", "fort", "general"],
        ["artisan", "scholar", "laborer"],
        [],
    ]
    han = b.player(empire=["settler"], fields=nine, artisans=2, vp=3)
    state = b.state(han, crossroads=["warehouse"], step=Step.TRADE)
    state = play(state, Use("settler"), Choose(Choice.BUILD), Pick("warehouse"))
    state = play(state, Place(4))
    assert is_over(state)


@pytest.mark.rule("SR-5.2")
def test_the_chieftain_bonus_build_may_be_declined() -> None:
    b = Builder()
    han = b.player(fields=[["general"], ["fort"], [], []])
    state = b.state(han, crossroads=["chieftain", "guard"], step=Step.BUILD)
    state = play(state, Defend("chieftain"), Done())
    assert state.pending is None
    assert sum(len(f) for f in state.players[0].fields) == 2
    assert state.players[0].vp == 4


@pytest.mark.rule("SR-8.2", "SR-8.3")
def test_trader_and_fort_need_a_caravan_already_on_the_map() -> None:
    b = Builder()
    han = b.player(empire=["trader", "fort"], supply={"silk": 2})
    state = b.state(han, crossroads=["bandit"])
    assert not any(m.startswith("use") for m in texts(state))
    b = Builder()
    han = b.player(empire=["trader", "fort"], caravans=[(1, 0, {"silk": 1})])
    state = b.state(han, crossroads=["bandit"])
    assert {"use trader", "use fort"} <= set(texts(state))
    state = play(state, Done(), Done())  # attacks: the Bandit takes the Silk
    assert "use trader" not in texts(state)


@pytest.mark.rule("SR-8.5")
def test_bonus_goods_may_exceed_a_caravans_loading_limit() -> None:
    b = Builder()
    han = b.player(fields=[["fort"], ["guard"], [], []], caravans=[(1, 0, {"silk": 4})])
    state = b.state(han, crossroads=["pirate"], step=Step.BUILD)
    state = play(state, Defend("pirate"), Send(1))
    assert state.players[0].caravans[0].goods == goods({"silk": 4, "porcelain": 2})


@pytest.mark.rule("SR-8.3")
def test_a_general_views_fewer_cards_when_the_pile_is_short() -> None:
    b = Builder()
    han = b.player(empire=["general"], fields=[["fort"], [], [], []])
    rome = b.player(draw=["city"], discard=["smith", "envoy"])
    state = play(b.state(han, rome), Use("general"))
    assert texts(state) == ["take 1"]
    state = play(state, Take(1))
    assert state.pending is None
    assert not state.players[1].draw
    assert [b.t.card[c].key for c in state.players[0].discard] == ["city"]


@pytest.mark.rule("SR-8.1", "SR-5.4")
def test_a_scholar_reshuffles_the_discard_pile_when_the_draw_pile_is_empty() -> None:
    b = Builder()
    han = b.player(empire=["scholar"], discard=["city", "fort"])
    state = play(b.state(han), Use("scholar"))
    han = state.players[0]
    assert len(han.empire) == 2
    assert not han.discard
    assert len(han.draw) == 1


@pytest.mark.rule("SR-8.4", "SR-5")
def test_an_envoy_may_copy_a_crossroads_card_used_earlier_in_the_round() -> None:
    """The copy is the Envoy's use: the Guard in the Crossroads, used by Han and given
    away by a City this round, has no ability of its own there to be used up."""
    b = Builder()
    han = b.player(empire=["guard", "city"])
    rome = b.player(empire=["envoy"])
    state = b.state(han, rome, crossroads=["fort"])
    state = play(state, Use("guard"), Choose(Choice.VP), Use("city"), Pick("fort"), Give("guard"))
    state = play(state, Done(), Done(), Done())
    assert (state.active, state.round) == (1, 1)
    assert b.ids("guard")[0] in state.turn.used
    state = play(state, Use("envoy"))
    assert texts(state) == ["pick guard"]
    state = play(state, Pick("guard"), Choose(Choice.VP))
    assert state.players[1].vp == 1


@pytest.mark.rule("SR-8.5")
def test_a_pirate_may_be_sent_to_a_caravan_holding_one_good_of_the_type() -> None:
    """[Rulings] 2: every caravan carrying the cheapest type is a target, one holding a
    single good of it too; the Pirate then takes the one good there is."""
    b = Builder()
    han = b.player(caravans=[(1, 1, {"spices": 1, "silk": 1}), (2, 1, {"spices": 2})])
    state = play(b.state(han, crossroads=["pirate"], step=Step.DEFEND), Done())
    assert texts(state) == ["caravan 1", "caravan 2"]
    state = play(state, GAME.parse_move(state, "caravan 1"))
    assert [c.goods for c in state.players[0].caravans] == [
        goods({"silk": 1}),
        goods({"spices": 2}),
    ]
