"""[SR-4] [SR-8] An ability works only while its card is in the Empire; [SR-5] and it
may be used at any time during phases 1 to 3.

Card by card (docs/serica.md, "Abilities and the Empire"): an effect that waits for a
later event (Laborer, Smith, Merchant, Oasis, Guard's caravan, Trader, Warehouse, Fort)
stops when its card is built or given away first; an effect "for the round" (Soldier,
Encampment, Outpost) lasts the round once used.
"""

from __future__ import annotations

import pytest

from silkroad.serica import (
    Advance,
    Begin,
    Build,
    Choice,
    Choose,
    Defend,
    Done,
    Give,
    Hire,
    Load,
    Pick,
    Use,
)
from silkroad.serica.cards import Ability, Good
from silkroad.serica.state import Step

from .helpers import Builder, goods, play, texts


@pytest.mark.rule("SR-4", "SR-8.2")
def test_a_built_warehouse_adds_no_good_to_a_caravan_begun_later() -> None:
    b = Builder()
    han = b.player(empire=["warehouse"], supply={"silk": 6}, artisans=2)
    state = b.state(han, step=Step.BUY)
    state = play(state, Use("warehouse"), Build("warehouse", 1), Done(), Begin())
    state = play(state, *[Load(Good.SILK)] * 4)
    assert state.pending is None  # four goods: the Warehouse gave nothing
    assert state.players[0].caravans[0].goods == goods({"silk": 4})


@pytest.mark.rule("SR-4", "SR-8.2")
def test_a_warehouse_kept_in_the_empire_still_adds_its_good() -> None:
    b = Builder()
    han = b.player(empire=["warehouse", "guard"], supply={"silk": 6}, artisans=2)
    state = b.state(han, step=Step.BUY)
    state = play(state, Use("warehouse"), Build("guard", 1), Done(), Begin())
    state = play(state, *[Load(Good.SILK)] * 5)
    assert state.players[0].caravans[0].goods == goods({"silk": 5})


@pytest.mark.rule("SR-4", "SR-8.2")
def test_a_built_trader_adds_no_move() -> None:
    b = Builder()
    han = b.player(empire=["trader"], artisans=3, caravans=[(1, 0, {"silk": 1})])
    state = b.state(han, step=Step.BUY)
    state = play(state, Use("trader"), Build("trader", 1), Done(), Advance())
    assert [(c.route, c.position) for c in state.players[0].caravans] == [(1, 1)]


@pytest.mark.rule("SR-4", "SR-8.3")
def test_a_built_fort_no_longer_protects() -> None:
    b = Builder()
    han = b.player(empire=["fort"], artisans=3, caravans=[(1, 0, {"silk": 2})])
    state = b.state(han, crossroads=["bandit"], step=Step.BUY)
    state = play(state, Use("fort"), Build("fort", 1), Done())
    assert state.pending is None  # no Fort decision: the Bandit takes its good
    assert state.players[0].caravans[0].goods == goods({"silk": 1})


@pytest.mark.rule("SR-4", "SR-8.2")
def test_a_built_guard_gives_no_extra_caravan() -> None:
    b = Builder()
    han = b.player(empire=["guard"], artisans=2, supply={"silk": 2}, caravans=[(1, 0, {"silk": 1})])
    state = b.state(han, step=Step.BUY)
    state = play(state, Use("guard"), Choose(Choice.CARAVAN), Build("guard", 1), Done())
    state = play(state, Advance())
    assert "begin" not in texts(state)


@pytest.mark.rule("SR-4", "SR-8.2", "SR-8.4")
def test_a_merchant_given_away_by_a_city_no_longer_discounts() -> None:
    b = Builder()
    han = b.player(empire=["merchant", "city"], supply={"silk": 2})
    state = b.state(han, crossroads=["merchant", "fort"], step=Step.BUY)
    state = play(state, Use("merchant"))
    assert "buy merchant" in texts(state)  # 2/3 halved to 2/1
    state = play(state, Use("city"), Pick("fort"), Give("merchant"))
    assert state.turn.count(Ability.MERCHANT) == 0
    assert not any(m.startswith("buy") for m in texts(state))


@pytest.mark.rule("SR-4", "SR-8.1", "SR-8.4")
def test_a_laborer_given_away_takes_its_point_along() -> None:
    b = Builder()
    han = b.player(empire=["laborer", "city"])
    state = b.state(han, crossroads=["fort"])
    state = play(state, Use("laborer"), *[Hire()] * 8)
    assert "produce spices" in texts(state)
    state = play(state, Use("city"), Pick("fort"), Give("laborer"))
    assert not any(m.startswith("produce") for m in texts(state))


@pytest.mark.rule("SR-4", "SR-8.4", "SR-8.2")
def test_an_envoys_copy_stops_when_the_envoy_is_built() -> None:
    b = Builder()
    han = b.player(empire=["envoy"], supply={"silk": 6}, artisans=4)
    state = b.state(han, crossroads=["warehouse"], step=Step.BUY)
    state = play(state, Use("envoy"), Pick("warehouse"), Build("envoy", 1), Done(), Begin())
    state = play(state, *[Load(Good.SILK)] * 4)
    assert state.pending is None


@pytest.mark.rule("SR-4", "SR-8.3")
def test_strength_for_the_round_lasts_after_the_card_is_built() -> None:
    """Soldier and Encampment say "for the round": once used, building the card does not
    take the strength back (the built card adds its own field strength)."""
    b = Builder()
    han = b.player(empire=["encampment"], artisans=2)
    state = b.state(han, crossroads=["pirate"], step=Step.BUY)
    state = play(state, Use("encampment"), Build("encampment", 1))
    assert state.turn.defense == 2
    assert "defend pirate" in texts(state)  # 2 readied + 2 built >= 3


@pytest.mark.rule("SR-4", "SR-8.2")
def test_of_two_copies_the_one_whose_effect_waits_stays_in_the_empire() -> None:
    b = Builder()
    han = b.player(empire=["warehouse", "warehouse"], supply={"silk": 6}, artisans=2)
    state = b.state(han, step=Step.BUY)
    state = play(state, Use("warehouse"), Build("warehouse", 1))
    assert state.turn.count(Ability.WAREHOUSE) == 1  # the unused copy was built
    state = play(state, Done(), Begin(), *[Load(Good.SILK)] * 5)
    assert state.players[0].caravans[0].goods == goods({"silk": 5})


# ------------------------------------------------------------------ [SR-5] any time


@pytest.mark.rule("SR-5", "SR-8.3")
def test_a_soldier_can_raise_strength_in_phase_3_to_let_a_general_act() -> None:
    b = Builder()
    han = b.player(empire=["general", "soldier"], fields=[["guard"], [], [], []])
    rome = b.player(draw=["city"], fields=[["soldier"], [], [], []])
    state = b.state(han, rome, step=Step.TRADE)
    assert "use general" not in texts(state)
    assert "use soldier" in texts(state)
    state = play(state, Use("soldier"))
    assert "use general" in texts(state)


@pytest.mark.rule("SR-5", "SR-8.3")
def test_strength_abilities_stay_usable_after_a_defence() -> None:
    b = Builder()
    han = b.player(empire=["soldier", "encampment"], fields=[["fort"], [], [], []])
    state = b.state(han, crossroads=["bandit"], step=Step.BUY)
    state = play(state, Defend("bandit"), Done())
    assert {"use soldier", "use encampment"} <= set(texts(state))
