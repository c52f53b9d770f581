"""[SR-4] [SR-8] An ability works only while its card is in the Empire; [SR-5] it
may be used at any time during phases 1 to 3, and each card's ability once a round.

Card by card (docs/serica.md, "Abilities and the Empire"): an effect that waits for a
later event (Laborer, Smith, Merchant, Oasis, Guard's caravan, Trader, Warehouse, Fort)
or lasts the round (Soldier, Encampment, Outpost) stops when its card is built or given
away; what was done at once (an artisan, a VP, a card drawn) stays done.
"""

from __future__ import annotations

import pytest

from silkroad.core.errors import IllegalMoveError
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
    apply,
)
from silkroad.serica.cards import Ability, Good
from silkroad.serica.state import State, Step

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
@pytest.mark.parametrize(
    ("card", "bonus", "built"), [("soldier", 1, [["guard"]]), ("encampment", 2, [])]
)
def test_a_used_strength_card_gives_no_strength_once_built(
    card: str, bonus: int, built: list[list[str]]
) -> None:
    """Once built, a card's ability is gone: a used Soldier's +1 or Encampment's +2 no
    longer counts, only the built card's own field strength does (a Pirate's 3 is out of
    reach both before and after the build; counting the used bonus as well would reach
    it with strength the player no longer has)."""
    b = Builder()
    han = b.player(empire=[card], fields=built, artisans=2)
    state = b.state(han, crossroads=["pirate"], step=Step.BUY)
    state = play(state, Use(card))
    assert state.turn.defense == bonus
    assert "defend pirate" not in texts(state)
    state = play(state, Build(card, 1))
    assert state.turn.defense == 0
    assert "defend pirate" not in texts(state)
    with pytest.raises(IllegalMoveError):
        apply(state, Defend("pirate"))


@pytest.mark.rule("SR-4", "SR-8.3")
def test_a_built_outpost_no_longer_lowers_enemy_strengths() -> None:
    b = Builder()
    han = b.player(empire=["outpost", "soldier"], fields=[["fort"], [], [], []], artisans=3)
    state = b.state(han, crossroads=["chieftain"], step=Step.BUY)
    state = play(state, Use("outpost"), Build("outpost", 2))
    assert state.turn.outpost == 0
    assert "defend chieftain" not in texts(state)  # 5 against the built 2 + 2
    state = play(state, Use("soldier"))
    assert "defend chieftain" in texts(state)  # 5 against 2 + 2 + 1


@pytest.mark.rule("SR-4", "SR-8.3", "SR-8.4")
def test_a_soldier_given_away_by_a_city_takes_its_strength_along() -> None:
    b = Builder()
    han = b.player(empire=["soldier", "city"], fields=[["fort"], [], [], []])
    state = b.state(han, crossroads=["pirate", "oasis"], step=Step.BUY)
    state = play(state, Use("soldier"))
    assert "defend pirate" in texts(state)  # 2 built + 1
    state = play(state, Use("city"), Pick("oasis"), Give("soldier"))
    assert state.turn.defense == 0
    assert "defend pirate" not in texts(state)


@pytest.mark.rule("SR-4", "SR-8.3", "SR-8.4")
def test_an_envoys_soldier_strength_goes_when_the_envoy_is_built() -> None:
    b = Builder()
    han = b.player(empire=["envoy"], fields=[["fort"], [], [], []], artisans=4)
    state = b.state(han, crossroads=["soldier", "pirate"], step=Step.BUY)
    state = play(state, Use("envoy"), Pick("soldier"))
    assert state.turn.defense == 1
    state = play(state, Build("envoy", 2))
    assert state.turn.defense == 0
    assert "defend pirate" not in texts(state)  # 2 built (the Envoy adds none)


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


# ------------------------------------------------------------- [SR-5] [SR-8] once a round


def _guard_passed_on_by_a_city(active: int) -> tuple[Builder, State]:
    """Player ``active`` (player 0 goes first) uses a Guard and gives it to the
    Crossroads with a City; the other player, with a City of their own, is then to
    play."""
    b = Builder()
    mover = b.player(empire=["guard", "city"])
    other = b.player(empire=["city", "oasis"])
    players = (mover, other) if active == 0 else (other, mover)
    state = b.state(*players, crossroads=["fort"], active=active, first=0)
    state = play(state, Use("guard"), Choose(Choice.VP), Use("city"), Pick("fort"), Give("guard"))
    assert [b.t.card[c].key for c in state.crossroads] == ["guard"]
    return b, play(state, Done(), Done(), Done())


@pytest.mark.rule("SR-5", "SR-8", "SR-8.4")
def test_a_card_used_this_round_cannot_be_used_again_by_the_other_player() -> None:
    """The once-a-round limit is the card's: a Guard used by the first player and passed
    on by a City is still used when the second player takes it in the same round."""
    b, state = _guard_passed_on_by_a_city(0)
    assert (state.active, state.round) == (1, 1)
    state = play(state, Use("city"), Pick("guard"), Give("oasis"))
    assert "guard" in [b.t.card[c].key for c in state.players[1].empire]
    assert "use guard" not in texts(state)
    with pytest.raises(IllegalMoveError):
        apply(state, Use("guard"))


@pytest.mark.rule("SR-5", "SR-8", "SR-8.4")
def test_a_card_used_in_the_last_turn_of_a_round_is_free_in_the_next() -> None:
    """The second player's turn ends the round: the first player, taking the card in the
    next round, may use it."""
    _, state = _guard_passed_on_by_a_city(1)
    assert (state.active, state.round) == (0, 2)
    assert state.turn.used == ()
    state = play(state, Use("city"), Pick("guard"), Give("oasis"))
    assert "use guard" in texts(state)
