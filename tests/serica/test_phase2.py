"""[SR-5.2] Phase 2: buy, build, defend, in that order; [SR-5.2.S] stacking."""

from __future__ import annotations

import pytest

from silkroad.core.errors import IllegalMoveError
from silkroad.serica import Build, Buy, Defend, Done, Pay, Supply, apply
from silkroad.serica.cards import Good
from silkroad.serica.state import PendingKind, Step

from .helpers import Builder, goods, play, texts


@pytest.mark.rule("SR-5.2", "SR-9")
def test_buying_pays_n_goods_of_each_of_m_listed_types() -> None:
    """Scholar costs 2/2 from glassware, wine, spices, porcelain."""
    b = Builder()
    han = b.player(supply={"spices": 2, "porcelain": 3, "silk": 5, "glassware": 1})
    state = b.state(han, crossroads=["scholar", "guard", "fort", "oasis"], step=Step.BUY)
    assert "buy scholar" in texts(state)
    state = play(state, Buy("scholar"))
    assert state.pending is not None
    assert state.pending.kind is PendingKind.PAY
    # silk is not listed on the Scholar; glassware is short (1 of 2)
    assert texts(state) == ["pay spices", "pay porcelain"]
    state = play(state, Pay(Good.PORCELAIN))
    assert texts(state) == ["pay spices"]
    state = play(state, Pay(Good.SPICES))
    han = state.players[0]
    assert han.supply == goods({"porcelain": 1, "silk": 5, "glassware": 1})
    assert [b.t.card[c].key for c in han.discard] == ["scholar"]
    assert state.pending is None


@pytest.mark.rule("SR-5.2")
def test_a_bought_card_is_replaced_from_the_crossroads_draw_pile() -> None:
    b = Builder()
    han = b.player(supply={"spices": 1, "porcelain": 1})
    state = b.state(
        han, crossroads=["oasis", "guard", "fort", "city"], cross_top=["settler"], step=Step.BUY
    )
    before = len(state.cross_pile)
    state = play(state, Buy("oasis"), Pay(Good.SPICES), Pay(Good.PORCELAIN))
    assert [b.t.card[c].key for c in state.crossroads] == ["settler", "guard", "fort", "city"]
    assert len(state.cross_pile) == before - 1


@pytest.mark.rule("SR-5.2")
def test_with_an_empty_draw_pile_a_bought_card_is_not_replaced() -> None:
    b = Builder()
    han = b.player(supply={"spices": 1, "porcelain": 1})
    state = b.state(han, crossroads=["oasis", "guard"], empty_pile=True, step=Step.BUY)
    state = play(state, Buy("oasis"), Pay(Good.SPICES), Pay(Good.PORCELAIN))
    assert [b.t.card[c].key for c in state.crossroads] == ["guard"]


@pytest.mark.rule("SR-5.2")
def test_a_card_that_cannot_be_paid_is_not_offered() -> None:
    b = Builder()
    han = b.player(supply={"spices": 5, "silk": 5})
    state = b.state(han, crossroads=["fort", "scholar", "oasis"], step=Step.BUY)
    # Fort wants Roman goods, Scholar two of its four types (only spices held)
    assert [m for m in texts(state) if m.startswith("buy")] == ["buy oasis"]
    with pytest.raises(IllegalMoveError):
        apply(state, Buy("fort"))


@pytest.mark.rule("SR-5.2")
def test_building_pays_artisans_scores_vp_and_fills_fields_outward() -> None:
    b = Builder()
    han = b.player(empire=["guard", "oasis", "warehouse"], artisans=9)
    state = b.state(han, step=Step.BUY)
    # four empty fields are alike: one place to build (docs, "Identical components")
    assert [m for m in texts(state) if m.startswith("build guard")] == ["build guard in 1"]
    state = play(state, Build("guard", 1))
    han = state.players[0]
    assert state.step is Step.BUILD
    assert [b.t.card[c].key for c in han.fields[0]] == ["guard"]
    assert han.artisans == 7
    assert han.vp == 1
    assert "buy" not in " ".join(texts(state))  # buying is over once building starts
    state = play(state, Build("oasis", 1), Build("warehouse", 1))
    assert len(state.players[0].fields[0]) == 3
    assert not any(m.endswith("in 1") for m in texts(state))


@pytest.mark.rule("SR-5.2")
def test_no_field_holds_more_than_three_cards() -> None:
    b = Builder()
    han = b.player(
        empire=["guard"], artisans=9, fields=[["oasis", "city", "envoy"], ["soldier"], [], []]
    )
    state = b.state(han, step=Step.BUILD)
    assert [m for m in texts(state) if m.startswith("build")] == [
        "build guard in 2",
        "build guard in 3",  # field 4 is empty like field 3: the same place
    ]
    with pytest.raises(IllegalMoveError):
        apply(state, Build("guard", 1))


@pytest.mark.rule("SR-5.2")
def test_building_needs_enough_artisans() -> None:
    b = Builder()
    state = b.state(b.player(empire=["settler", "artisan"], artisans=1), step=Step.BUILD)
    assert [m for m in texts(state) if m.startswith("build")] == ["build artisan in 1"]


@pytest.mark.rule("SR-5.2.S")
def test_stacking_needs_same_type_and_a_higher_level_than_the_card_inside() -> None:
    b = Builder()
    rome = b.player(
        empire=["fort", "trader", "general"],
        artisans=20,
        fields=[["soldier"], ["guard"], ["fort"], []],
    )
    state = b.state(rome=rome, active=1, step=Step.BUILD)
    vp = state.players[1].vp
    state = play(state, Build("trader", 1))  # trade card on a military card: no bonus
    assert state.players[1].vp == vp + 2
    state = play(state, Build("fort", 3))  # level 2 on level 2: not increasing
    assert state.players[1].vp == vp + 2 + 2
    state = play(state, Build("general", 3))  # level 3 on level 2 military: +2
    assert state.players[1].vp == vp + 2 + 2 + 4 + 2


@pytest.mark.rule("SR-5.2", "SR-4")
def test_defending_needs_field_strength_at_least_the_enemy_strength() -> None:
    b = Builder()
    weak = b.player(fields=[["guard"], [], [], []])  # strength 1
    state = b.state(weak, crossroads=["bandit", "pirate"], step=Step.BUY)
    assert not any(m.startswith("defend") for m in texts(state))
    b = Builder()
    strong = b.player(fields=[["encampment"], [], [], []])  # strength 2
    state = b.state(strong, crossroads=["bandit", "pirate"], step=Step.BUY)
    assert [m for m in texts(state) if m.startswith("defend")] == ["defend bandit"]


@pytest.mark.rule("SR-5.2")
def test_a_defeated_enemy_leaves_the_game_scores_and_is_replaced() -> None:
    b = Builder()
    han = b.player(fields=[["fort"], ["fort"], [], []], vp=3)
    state = b.state(
        han, crossroads=["pirate", "bandit", "guard"], cross_top=["city"], step=Step.BUILD
    )
    state = play(state, Defend("pirate"))
    han = state.players[0]
    assert [b.t.card[c].key for c in han.defeated] == ["pirate"]
    assert han.vp == 3 + 3
    assert [b.t.card[c].key for c in state.crossroads] == ["city", "bandit", "guard"]
    assert state.step is Step.DEFEND
    assert state.turn.defended
    state = play(state, Supply(Good.WINE))
    # only one Enemy per turn, and nothing of the earlier steps after defending
    assert texts(state) == ["done"]
    state = play(state, Done())
    assert state.step is Step.TRADE


@pytest.mark.rule("SR-5.2")
def test_actions_are_taken_in_order_buy_build_defend() -> None:
    b = Builder()
    han = b.player(
        empire=["guard"],
        artisans=5,
        supply={"spices": 1, "porcelain": 1},
        fields=[["fort"], [], [], []],
    )
    state = b.state(han, crossroads=["oasis", "bandit"], step=Step.BUY)
    assert {"buy oasis", "build guard in 1", "defend bandit"} <= set(texts(state))
    after_defend = play(state, Defend("bandit"), Supply(Good.SPICES))
    assert not any(m.startswith(("buy", "build")) for m in texts(after_defend))
    after_build = play(state, Build("guard", 2))
    assert not any(m.startswith("buy") for m in texts(after_build))
    assert "defend bandit" in texts(after_build)
