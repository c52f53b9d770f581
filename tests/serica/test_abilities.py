"""[SR-8] The 26 card abilities; [SR-5] each once per round, from the Empire only."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import IllegalMoveError, StateError
from silkroad.serica import (
    Begin,
    Build,
    Buy,
    Choice,
    Choose,
    Defend,
    Done,
    Give,
    Hire,
    Load,
    Options,
    Pay,
    Pick,
    Place,
    Produce,
    Rearrange,
    Save,
    Send,
    Supply,
    Swap,
    Take,
    Top,
    Use,
    action_mask,
    apply,
    decode_move,
    determinize,
    encode_move,
    legal_moves,
    observe,
    parse_move,
    validate,
)
from silkroad.serica.cards import Ability, Good, default_cards
from silkroad.serica.observe import HIDDEN
from silkroad.serica.rules import (
    can_settler_build,
    distinct_cards,
    enemy_strength,
    pay_options,
)
from silkroad.serica.state import Pending, PendingKind, State, Step

from .helpers import Builder, goods, play, texts


def keys(b: Builder, cards) -> list[str]:  # type: ignore[no-untyped-def]
    return [b.t.card[c].key for c in cards]


# ------------------------------------------------------------------ [SR-5] general


@pytest.mark.rule("SR-5", "SR-8")
def test_each_ability_is_used_once_per_round_and_abilities_are_cumulative() -> None:
    b = Builder()
    han = b.player(empire=["artisan", "artisan", "laborer"])
    state = b.state(han)
    state = play(state, Use("artisan"))
    assert "use artisan" in texts(state)  # the second copy
    state = play(state, Use("artisan"), Use("laborer"))
    assert state.players[0].artisans == 2
    assert state.turn.count(Ability.LABORER) == 1
    assert not any(m.startswith("use") for m in texts(state))
    with pytest.raises(IllegalMoveError):
        apply(state, Use("artisan"))
    # the limit is the round's: the other player's turn keeps them; a new round frees them
    used = state.turn.used
    state = play(state, Done(), Done(), Done())
    assert (state.active, state.round, state.turn.used) == (1, 1, used)
    state = play(state, Done(), Done(), Done())
    assert (state.active, state.round, state.turn.used) == (0, 2, ())


@pytest.mark.rule("SR-8", "SR-4")
def test_built_cards_lose_their_abilities() -> None:
    b = Builder()
    han = b.player(empire=["guard"], fields=[["scholar"], [], [], []], artisans=3, draw=["city"])
    state = b.state(han, step=Step.BUILD)
    assert "use scholar" not in texts(state)
    assert "use guard" in texts(state)
    state = play(state, Build("guard", 2))
    assert not any(m.startswith("use") for m in texts(state))


# ------------------------------------------------------------------ [SR-8.1] Citizen


@pytest.mark.rule("SR-8.1")
def test_artisan_adds_an_artisan_in_phase_1_only() -> None:
    b = Builder()
    state = b.state(b.player(empire=["artisan"]))
    assert play(state, Use("artisan")).players[0].artisans == 1
    assert "use artisan" not in texts(play(state, Done()))


@pytest.mark.rule("SR-8.1")
def test_laborer_adds_a_production_point_for_goods() -> None:
    b = Builder()
    state = b.state(b.player(empire=["laborer"]))
    state = play(state, Use("laborer"), Produce(Good.SILK), Produce(Good.SILK), Produce(Good.SILK))
    assert state.turn.pp == 0
    assert state.players[0].supply == goods({"silk": 3})


@pytest.mark.rule("SR-8.1")
def test_the_laborers_point_cannot_hire_an_artisan_or_buy_shipped_goods() -> None:
    b = Builder()
    state = b.state(b.player(empire=["laborer"], shipment={"gold": 2}))
    state = play(state, Use("laborer"), *[Hire()] * 8)
    assert state.players[0].artisans == 8
    moves = texts(state)
    assert "hire" not in moves
    assert "import gold" not in moves
    assert "produce spices" in moves  # the point is still there, for goods
    state = play(state, Produce(Good.SPICES))
    assert not any(m.startswith("produce") for m in texts(state))


@pytest.mark.rule("SR-8.1")
def test_scholar_draws_a_card_to_the_empire() -> None:
    b = Builder()
    state = b.state(b.player(empire=["scholar"], draw=["guard", "fort"]), step=Step.TRADE)
    state = play(state, Use("scholar"))
    assert keys(b, state.players[0].empire) == ["scholar", "guard"]
    assert "use guard" in texts(state)  # the drawn card's ability is usable this round
    empty = Builder()
    assert "use scholar" not in texts(empty.state(empty.player(empire=["scholar"])))


@pytest.mark.rule("SR-8.1")
def test_settler_draws_two_cards() -> None:
    b = Builder()
    state = b.state(b.player(empire=["settler"], draw=["city", "fort", "envoy"]))
    state = play(state, Use("settler"))
    assert texts(state) == ["choose draw"]  # no artisans to build from the Crossroads
    state = play(state, Choose(Choice.DRAW))
    assert keys(b, state.players[0].empire) == ["settler", "city", "fort"]


#: Twelve built cards end the competitive game (SR-6: at the tenth), not the co-op one
#: (SR-7): a player with four full fields is a co-op player.
FULL_FIELDS = Options(coop=True)


@pytest.mark.rule("SR-8.1")
def test_a_settler_builds_from_the_crossroads_with_a_free_field_and_the_artisans() -> None:
    """``can_settler_build`` and the choice offered agree: a non-Enemy Crossroads card
    whose artisans the player has, and a free field."""
    full = [
        ["artisan", "laborer", "scholar"],
        ["smith", "warehouse", "trader"],
        ["soldier", "encampment", "outpost"],
        ["oasis", "ambassador", "diplomat"],
    ]
    cases = (
        (2, [], ["guard", "fort"], True),  # a Guard needs 2 artisans, a Fort 3
        (1, [], ["guard", "fort"], False),
        (0, [], ["bandit"], False),  # an Enemy is never built
        (2, full, ["guard", "fort"], False),  # no free field
    )
    for artisans, fields, crossroads, builds in cases:
        b = Builder(FULL_FIELDS)
        han = b.player(empire=["settler"], draw=["city"], artisans=artisans, fields=fields)
        state = play(b.state(han, crossroads=crossroads), Use("settler"))
        assert can_settler_build(state) is builds
        assert ("choose build" in texts(state)) is builds


@pytest.mark.rule("SR-8.1")
def test_smith_lets_artisans_stand_in_for_one_goods_type() -> None:
    b = Builder()
    han = b.player(empire=["smith"], supply={"spices": 2}, artisans=3)
    state = b.state(han, crossroads=["scholar"], step=Step.BUY)
    assert "buy scholar" not in texts(state)  # 2/2 but only spices held
    state = play(state, Use("smith"), Buy("scholar"))
    assert texts(state) == [
        "pay glassware with 2 artisans",
        "pay wine with 2 artisans",
        "pay spices",
        "pay porcelain with 2 artisans",
    ]
    assert state.pending is not None
    assert pay_options(state, state.pending) == list(legal_moves(state))
    state = play(state, Pay(Good.SPICES))
    assert "pay wine with 2 artisans" in texts(state)
    state = play(state, Pay(Good.WINE, 2))
    han = state.players[0]
    assert han.supply == goods()
    assert han.artisans == 1
    assert keys(b, han.discard) == ["scholar"]


@pytest.mark.rule("SR-8.1")
def test_smith_covers_only_one_type() -> None:
    b = Builder()
    han = b.player(empire=["smith"], artisans=9)
    state = b.state(han, crossroads=["scholar"], step=Step.BUY)
    state = play(state, Use("smith"))
    assert "buy scholar" not in texts(state)  # two types would need artisans


@pytest.mark.rule("SR-8.1")
def test_smith_artisans_spent_on_one_type_leave_the_other_types_to_goods() -> None:
    """Artisans paid for one type use up the Smith: the second type of a 2/2 is offered
    only in goods, although 7 artisans would cover it too."""
    b = Builder()
    han = b.player(empire=["smith"], supply={"spices": 2}, artisans=9)
    state = b.state(han, crossroads=["scholar"], step=Step.BUY)
    state = play(state, Use("smith"), Buy("scholar"), Pay(Good.WINE, 2))
    assert state.players[0].artisans == 7
    assert texts(state) == ["pay spices"]


@pytest.mark.rule("SR-5.2", "SR-8.1")
def test_a_payment_that_no_order_of_goods_can_finish_is_a_refused_state() -> None:
    """A Smith's artisans stand in for one type: a Smith card (1/3) with one spices held
    leaves two types short after any first payment, so nothing can be paid and the state
    is refused; with one wine more, spices and wine pay and the Smith covers the third."""

    def paying(supply: dict[str, int]) -> State:
        b = Builder()
        han = b.player(supply=supply, artisans=5)
        pending = Pending(PendingKind.PAY, card=b.ids("smith")[0], count=3, n=1, smith=1)
        return b.state(han, crossroads=["smith"], step=Step.BUY, pending=pending)

    with pytest.raises(StateError, match="no legal move"):
        paying({"spices": 1})
    state = paying({"spices": 1, "wine": 1})
    assert texts(state) == [
        "pay glassware with 1 artisan",
        "pay wine",
        "pay spices",
        "pay porcelain with 1 artisan",
    ]


# ------------------------------------------------------------------ [SR-8.2] Trade


@pytest.mark.rule("SR-8.2")
def test_guard_adds_one_vp() -> None:
    b = Builder()
    state = b.state(b.player(empire=["guard"], vp=2))
    state = play(state, Use("guard"), Choose(Choice.VP))
    assert state.players[0].vp == 3


@pytest.mark.rule("SR-8.2")
def test_marketplace_scores_one_vp_per_built_warehouse() -> None:
    b = Builder()
    han = b.player(empire=["marketplace"], fields=[["warehouse"], ["warehouse"], [], []], vp=2)
    state = play(b.state(han), Use("marketplace"))
    assert state.players[0].vp == 4
    b = Builder()
    assert "use marketplace" not in texts(b.state(b.player(empire=["marketplace"])))


@pytest.mark.rule("SR-8.2")
def test_merchant_halves_the_number_of_types_rounded_down() -> None:
    b = Builder()
    han = b.player(empire=["merchant"], supply={"silk": 2})
    state = b.state(han, crossroads=["settler", "merchant"], step=Step.BUY)
    assert not any(m.startswith("buy") for m in texts(state))
    state = play(state, Use("merchant"))
    # Merchant 2/3 from wine, gold, porcelain, silk -> 2/1
    assert texts(state)[:1] == ["buy merchant"]
    state = play(state, Buy("merchant"))
    assert texts(state) == ["pay silk"]
    state = play(state, Pay(Good.SILK))
    assert state.players[0].supply == goods()
    assert state.turn.count(Ability.MERCHANT) == 0


@pytest.mark.rule("SR-8.2")
def test_trading_post_swaps_a_good_with_the_supply() -> None:
    b = Builder()
    han = b.player(empire=["trading-post"], supply={"silk": 1}, caravans=[(1, 1, {"spices": 2})])
    state = play(b.state(han), Use("trading-post"), Swap(1, Good.SILK, Good.SPICES))
    han = state.players[0]
    assert han.caravans[0].goods == goods({"spices": 1, "silk": 1})
    assert han.supply == goods({"spices": 1})
    b = Builder()
    assert "use trading-post" not in texts(
        b.state(b.player(empire=["trading-post"], supply={"silk": 1}))
    )


@pytest.mark.rule("SR-8.2")
def test_warehouse_adds_one_good_to_a_new_caravan() -> None:
    b = Builder()
    han = b.player(empire=["warehouse", "warehouse"], supply={"silk": 8})
    state = b.state(han, step=Step.TRADE)
    state = play(state, Use("warehouse"), Use("warehouse"), Begin(), *[Load(Good.SILK)] * 6)
    assert state.pending is None
    assert state.players[0].caravans[0].goods == goods({"silk": 6})


# ------------------------------------------------------------------ [SR-8.3] Military


@pytest.mark.rule("SR-8.3")
def test_encampment_and_soldier_add_defense_strength_for_the_round() -> None:
    b = Builder()
    han = b.player(empire=["encampment", "soldier"], fields=[["guard"], [], [], []])
    state = b.state(han, crossroads=["chieftain", "pirate", "bandit"], step=Step.BUY)
    assert [m for m in texts(state) if m.startswith("defend")] == []
    state = play(state, Use("soldier"))
    assert [m for m in texts(state) if m.startswith("defend")] == ["defend bandit"]
    state = play(state, Use("encampment"))  # 1 + 1 + 2 = 4
    assert [m for m in texts(state) if m.startswith("defend")] == ["defend pirate", "defend bandit"]


def _defends(state: State) -> list[str]:
    return [m for m in texts(state) if m.startswith("defend")]


@pytest.mark.rule("SR-8.3")
@pytest.mark.rule("SR-5.2")
def test_each_strength_ability_is_pinned_at_the_enemy_it_just_reaches() -> None:
    """Field strength 1 (a built Guard) against a Bandit (2), a Pirate (3) and a
    Chieftain (5): a Soldier (+1) reaches the Bandit and not the Pirate, an Encampment
    (+2) reaches the Pirate exactly, both (+3) still not the Chieftain; an Outpost (-1
    to each Enemy) brings the Pirate to 2, reached by 1 + Soldier and no less."""
    b = Builder()
    han = b.player(empire=["soldier", "encampment", "outpost"], fields=[["guard"], [], [], []])
    state = b.state(han, crossroads=["chieftain", "pirate", "bandit"], step=Step.BUY)
    assert _defends(state) == []  # 1 < 2
    assert _defends(play(state, Use("soldier"))) == ["defend bandit"]  # 2
    assert _defends(play(state, Use("encampment"))) == ["defend pirate", "defend bandit"]  # 3
    both = play(state, Use("encampment"), Use("soldier"))  # 4 < 5
    assert _defends(both) == ["defend pirate", "defend bandit"]
    # Outpost: Bandit 1, Pirate 2, Chieftain 4
    outpost = play(state, Use("outpost"))
    assert _defends(outpost) == ["defend bandit"]  # 1 >= 1, 1 < 2
    assert _defends(play(outpost, Use("soldier"))) == ["defend pirate", "defend bandit"]
    assert _defends(play(outpost, Use("encampment"), Use("soldier"))) == [
        "defend chieftain",
        "defend pirate",
        "defend bandit",
    ]  # 4 >= 4


@pytest.mark.rule("SR-8.3")
def test_outpost_reduces_every_enemy_strength_by_one() -> None:
    b = Builder()
    han = b.player(empire=["outpost"], fields=[["fort"], [], [], []])
    state = b.state(han, crossroads=["pirate"], step=Step.BUY)
    assert "defend pirate" not in texts(state)
    assert "defend pirate" in texts(play(state, Use("outpost")))


def _fort_state(forts: int = 1, row: tuple[str, ...] = ("bandit", "pirate")):  # type: ignore[no-untyped-def]
    b = Builder()
    han = b.player(
        empire=["fort"] * forts, caravans=[(1, 1, {"silk": 2, "spices": 3}), (2, 0, {"spices": 1})]
    )
    state = b.state(han, crossroads=list(row), step=Step.DEFEND)
    for _ in range(forts):
        state = play(state, Use("fort"))
    return b, play(state, Done())


@pytest.mark.rule("SR-8.3")
def test_fort_saves_one_good_over_all_the_attacks_together() -> None:
    """One Fort, a Bandit then a Pirate: one good less is lost in all, not one per attack."""
    _, state = _fort_state()
    assert state.pending is not None
    assert state.pending.kind is PendingKind.FORT
    assert texts(state) == ["save silk", "done"]  # the Bandit strikes first
    state = play(state, Save(Good.SILK))
    assert texts(state) == ["caravan 1", "caravan 2"]  # the Pirate: no Fort left to save
    state = play(state, Send(1))
    assert state.pending is None
    assert state.players[0].caravans[0].goods == goods({"silk": 2, "spices": 1})
    lost = 2 + 3 + 1 - sum(sum(c.goods) for c in state.players[0].caravans)
    assert lost == 2


@pytest.mark.rule("SR-8.3")
def test_the_player_chooses_which_good_the_fort_saves() -> None:
    """Declined against the Bandit, the Fort saves one of the Pirate's two goods."""
    _, state = _fort_state()
    state = play(state, Done())  # the Bandit takes a silk
    assert state.players[0].caravans[0].goods == goods({"silk": 1, "spices": 3})
    state = play(state, Send(1))  # the Pirate hits caravan 1 ...
    assert texts(state) == ["save spices", "done"]  # ... and the Fort may still save
    state = play(state, Save(Good.SPICES))
    assert state.pending is None
    assert state.players[0].caravans[0].goods == goods({"silk": 1, "spices": 2})


@pytest.mark.rule("SR-8.3")
def test_two_forts_save_two_goods_and_none_against_the_chieftain() -> None:
    _, state = _fort_state(forts=2, row=("chieftain", "pirate"))
    assert state.pending is not None
    assert state.pending.kind is PendingKind.LOSE  # the Chieftain: no Fort decision
    state = play(state, Send(2))
    assert [c.route for c in state.players[0].caravans] == [1]
    state = play(state, Save(Good.SPICES), Save(Good.SPICES))
    assert state.pending is None
    assert state.players[0].caravans[0].goods == goods({"silk": 2, "spices": 3})


@pytest.mark.rule("SR-8.3")
@pytest.mark.rule("SR-8.5")
@pytest.mark.parametrize("route", [1, 2])
def test_forts_cancel_an_attack_completely_with_two_caravans_holding_the_good(route: int) -> None:
    """Two caravans ship Spices, the least valuable good: the Pirate's target. The player
    chooses the caravan hit; two Forts then save both goods taken (or the one good of the
    smaller caravan, with one Fort left over): nothing is lost, no caravan is gone, and
    no further decision follows."""
    b = Builder()
    ships = [(1, 1, {"spices": 2, "silk": 1}), (2, 0, {"spices": 1, "porcelain": 1})]
    han = b.player(empire=["fort", "fort"], caravans=ships)
    state = b.state(han, crossroads=["pirate"], step=Step.DEFEND)
    state = play(state, Use("fort"), Use("fort"), Done())
    assert texts(state) == ["caravan 1", "caravan 2"]  # both hold Spices
    state = play(state, Send(route))
    assert texts(state) == ["save spices", "done"]
    state = play(state, Save(Good.SPICES))
    if route == 1:  # two Spices taken: the second Fort saves the second
        assert texts(state) == ["save spices", "done"]
        state = play(state, Save(Good.SPICES))
    assert state.pending is None
    assert state.players[0].caravans == b.player(caravans=ships).caravans
    assert state.turn.count(Ability.FORT) == (0 if route == 1 else 1)


@pytest.mark.rule("SR-8.3")
@pytest.mark.rule("SR-8.5")
def test_a_fort_cancels_a_bandit_on_a_one_good_caravan_which_stays() -> None:
    """The Bandit takes one Silk; with two caravans of Silk the player chooses which,
    and a Fort saves it: the caravan of that single Silk is not emptied (not gone)."""
    b = Builder()
    ships = [(1, 1, {"silk": 1, "spices": 1}), (2, 0, {"silk": 1})]
    han = b.player(empire=["fort"], caravans=ships)
    state = b.state(han, crossroads=["bandit"], step=Step.DEFEND)
    state = play(state, Use("fort"), Done())
    assert texts(state) == ["caravan 1", "caravan 2"]
    state = play(state, Send(2), Save(Good.SILK))
    assert state.pending is None
    assert state.players[0].caravans == b.player(caravans=ships).caravans
    # without the Fort's save the lone Silk goes, and its caravan with it
    b = Builder()
    han = b.player(empire=["fort"], caravans=ships)
    state = b.state(han, crossroads=["bandit"], step=Step.DEFEND)
    state = play(state, Use("fort"), Done(), Send(2), Done())
    assert [c.route for c in state.players[0].caravans] == [1]


@pytest.mark.rule("SR-8.3")
def test_general_takes_one_of_the_top_three_opponent_cards_and_orders_the_rest() -> None:
    b = Builder()
    han = b.player(empire=["general"], fields=[["fort"], [], [], []])
    rome = b.player(draw=["city", "envoy", "smith", "trader"], fields=[["soldier"], [], [], []])
    state = b.state(han, rome)
    state = play(state, Use("general"))
    assert texts(state) == ["take 1", "take 2", "take 3"]
    state = play(state, Take(2))
    assert keys(b, state.players[0].discard) == ["envoy"]
    assert texts(state) == ["top 1", "top 2"]
    state = play(state, Top(2))
    assert keys(b, state.players[1].draw) == ["smith", "city", "trader"]


@pytest.mark.rule("SR-8.3")
def test_general_needs_more_strength_than_the_opponent() -> None:
    b = Builder()
    han = b.player(empire=["general", "soldier"], fields=[["guard"], [], [], []])
    rome = b.player(draw=["city"], fields=[["soldier"], [], [], []])
    state = b.state(han, rome)
    assert "use general" not in texts(state)
    state = play(state, Use("soldier"))
    assert "use general" in texts(state)


@pytest.mark.rule("SR-8.3", "SR-5.2.S")
def test_governor_swaps_two_built_cards() -> None:
    b = Builder()
    han = b.player(empire=["governor"], fields=[["guard", "trader"], [], ["oasis"], []], vp=5)
    state = b.state(han)
    state = play(state, Use("governor"))
    assert "rearrange 1.2 3.1" in texts(state)
    state = play(state, Rearrange(1, 2, 3, 1))
    han = state.players[0]
    assert keys(b, han.fields[0]) == ["guard", "oasis"]
    assert keys(b, han.fields[2]) == ["trader"]
    assert han.vp == 4  # the Trader no longer sits on the Guard: its stacked VP go
    assert state.pending is None  # two cards moved: the Governor is spent
    b = Builder()  # a hand-made position that gave no VP for the stack loses none
    han = b.player(empire=["governor"], fields=[["guard", "trader"], [], ["oasis"], []])
    state = play(b.state(han), Use("governor"), Rearrange(1, 2, 3, 1))
    assert state.players[0].vp == 0


@pytest.mark.rule("SR-8.3")
def test_governor_moves_a_single_card_to_an_empty_spot_of_another_field() -> None:
    b = Builder()
    han = b.player(empire=["governor"], fields=[["guard"], [], [], []])
    state = b.state(han)
    assert "use governor" in texts(state)  # one built card is enough
    state = play(state, Use("governor"))
    assert texts(state) == ["rearrange 1.1 2.1"]  # the three empty fields are one place
    state = play(state, Rearrange(1, 1, 2, 1))
    assert [keys(b, f) for f in state.players[0].fields] == [[], ["guard"], [], []]
    assert state.pending is None  # no other card to move


@pytest.mark.rule("SR-8.3")
def test_governor_may_move_a_second_card_between_the_same_two_fields() -> None:
    b = Builder()
    han = b.player(empire=["governor"], fields=[["guard", "trader"], ["soldier"], [], []])
    state = play(b.state(han), Use("governor"))
    moves = texts(state)
    assert "rearrange 1.2 3.1" in moves  # the outer card moves to an empty field
    assert "rearrange 1.1 3.1" not in moves  # never leaving a hole in a field
    assert "rearrange 1.2 2.2" in moves
    state = play(state, Rearrange(1, 2, 2, 2))  # the Trader goes out beside the Soldier
    assert texts(state) == ["rearrange 1.1 2.3", "done"]
    state = play(state, Rearrange(1, 1, 2, 3))
    assert [keys(b, f) for f in state.players[0].fields] == [
        [],
        ["soldier", "trader", "guard"],
        [],
        [],
    ]
    assert state.pending is None


@pytest.mark.rule("SR-8.3")
def test_governor_is_offered_only_with_something_to_rearrange() -> None:
    b = Builder()
    assert "use governor" not in texts(b.state(b.player(empire=["governor"])))
    full = [
        ["artisan", "laborer", "scholar"],
        ["smith", "settler", "guard"],
        ["warehouse", "trader", "merchant"],
        ["soldier", "fort", "oasis"],
    ]
    b = Builder(FULL_FIELDS)
    state = b.state(b.player(empire=["governor"], fields=full))
    assert "use governor" in texts(state)  # no free spot, but cards to swap
    moves = texts(play(state, Use("governor")))
    assert len(moves) == 66  # any two of the twelve built cards, all of different kinds
    alike = [["guard", "guard"], ["guard"], [], []]
    b = Builder()
    state = b.state(b.player(empire=["governor"], fields=alike))
    assert "use governor" in texts(state)  # nothing to swap, but an outer card can move
    assert texts(play(state, Use("governor"))) == [
        "rearrange 1.2 2.2",
        "rearrange 1.2 3.1",
        "rearrange 1.3 2.1",
        "rearrange 2.1 3.1",
    ]


@pytest.mark.rule("SR-8.3", "SR-5.2.S")
def test_a_governor_that_makes_a_stack_gains_its_stacked_vp() -> None:
    """VP are those of the fields as the cards lie (the total of the SR-5.2.S diagram):
    a Trader moved out onto a Guard gains its stacked VP."""
    b = Builder()
    han = b.player(empire=["governor"], fields=[["guard"], ["oasis", "trader"], [], []], vp=4)
    state = play(b.state(han), Use("governor"), Rearrange(1, 1, 2, 1))
    assert [keys(b, f) for f in state.players[0].fields][:2] == [["oasis"], ["guard", "trader"]]
    assert state.players[0].vp == 5


@pytest.mark.rule("SR-8.3")
def test_governor_moves_with_the_same_result_are_one_move() -> None:
    """Fields are told apart only by their cards: a Guard moved to any of three empty
    fields is one move, and so is an Oasis swapped with either of two lone Guards."""
    b = Builder()
    state = play(b.state(b.player(empire=["governor"], fields=[["guard"]])), Use("governor"))
    assert texts(state) == ["rearrange 1.1 2.1"]
    with pytest.raises(IllegalMoveError):
        apply(state, Rearrange(1, 1, 3, 1))
    b = Builder()
    fields = [["guard"], ["guard"], ["oasis"], []]
    state = play(b.state(b.player(empire=["governor"], fields=fields)), Use("governor"))
    moves = texts(state)
    assert "rearrange 1.1 3.1" in moves
    assert "rearrange 2.1 3.1" not in moves  # the same two fields as lie after 1.1 3.1
    assert len(moves) == len(set(moves))
    for move in legal_moves(state):  # ids and notation still name exactly these
        assert decode_move(state, encode_move(state, move)) == move
        assert parse_move(state, str(move)) == move
    assert sum(action_mask(state)) == len(legal_moves(state))


def _guards(copies: int) -> Options:
    """The built-in cards with ``copies`` Guards (the 53-card deck kept: cards outside the
    starting decks give up copies)."""
    extra = copies - 3
    out = []
    for card in default_cards():
        if card.key == "guard":
            card = attrs.evolve(card, copies=copies)
        elif extra and card.copies > 1 and not (card.han_start or card.rome_start):
            cut = min(extra, card.copies - 1)
            extra -= cut
            card = attrs.evolve(card, copies=card.copies - cut)
        out.append(card)
    return Options(first_player=0).with_cards(tuple(out))


@pytest.mark.rule("SR-8.3")
def test_governor_with_every_built_card_of_one_kind_in_a_full_field() -> None:
    """[SR-8.3] All built cards alike: nothing to swap, so only an outer card moving to
    another field's free spot (moves to fields alike are one move); with every field
    full of them the Governor changes nothing and is not offered; with a card in every
    field (none empty) it is."""
    b = Builder()
    state = b.state(b.player(empire=["governor"], fields=[["guard"] * 3, [], [], []]))
    assert texts(play(state, Use("governor"))) == ["rearrange 1.3 2.1"]
    b = Builder(attrs.evolve(_guards(12), coop=True))  # twelve built: see FULL_FIELDS
    full = b.state(b.player(empire=["governor"], fields=[["guard"] * 3] * 4))
    assert "use governor" not in texts(full)
    b = Builder(_guards(4))
    spread = b.state(b.player(empire=["governor"], fields=[["guard"]] * 4))
    assert "use governor" in texts(spread)
    moves = texts(play(spread, Use("governor")))
    # any card onto any other field's free spot leaves the same fields: one move, and
    # two alike cards are never swapped
    assert moves == ["rearrange 1.1 2.2"]


@pytest.mark.rule("SR-8.3")
def test_governor_first_moves_that_leave_alike_fields_are_two_choices() -> None:
    """Moving the Guard of field 4 onto field 1, or the Artisan of field 3 onto field 2,
    leaves fields of the same cards, but a second card then moves between other fields
    (and not the card moved): two choices, both offered."""
    b = Builder()
    fields = [["soldier"], ["guard"], ["guard", "artisan"], ["soldier", "guard"]]
    han = b.player(empire=["governor"], fields=fields)
    state = play(b.state(han), Use("governor"))
    moves = texts(state)
    assert "rearrange 1.2 4.2" in moves
    assert "rearrange 2.2 3.2" in moves
    one = play(state, Rearrange(1, 2, 4, 2))
    other = play(state, Rearrange(2, 2, 3, 2))
    assert texts(one) != texts(other)


@pytest.mark.rule("SR-8.3")
def test_governor_after_moving_the_card_of_id_zero_offers_no_swap() -> None:
    """The card moved first may have id 0 (the first Artisan): a swap is still only the
    whole rearrangement, so none is offered after it."""
    b = Builder()
    han = b.player(empire=["governor"], fields=[["guard", "artisan"], ["soldier"], [], []])
    assert han.fields[0][1] == 0
    state = play(play(b.state(han), Use("governor")), Rearrange(1, 2, 2, 2))
    assert state.pending is not None
    assert state.pending.card == 0
    assert texts(state) == ["rearrange 1.1 2.3", "done"]


# ------------------------------------------------------------------ [SR-8.4] Court


@pytest.mark.rule("SR-8.4")
def test_ambassador_puts_a_top_discard_on_your_draw_pile() -> None:
    b = Builder()
    han = b.player(empire=["ambassador"], draw=["city"], discard=["guard"])
    rome = b.player(discard=["fort", "envoy"])
    state = b.state(han, rome)
    state = play(state, Use("ambassador"))
    assert texts(state) == ["choose own", "choose other"]
    state = play(state, Choose(Choice.OTHER))
    assert keys(b, state.players[0].draw) == ["envoy", "city"]
    assert keys(b, state.players[1].discard) == ["fort"]


@pytest.mark.rule("SR-8.4")
@pytest.mark.parametrize("active", [0, 1])
def test_ambassador_needs_a_card_on_either_discard_pile(active: int) -> None:
    """Either player's Ambassador: usable with only the other player's discard pile
    holding a card (then only that pile is offered), or only one's own; not with both
    piles empty."""
    for own, other, offered in (
        ([], ["fort"], ["choose other"]),
        (["fort"], [], ["choose own"]),
        ([], [], None),
    ):
        b = Builder()
        mine = b.player(empire=["ambassador"], draw=["city"], discard=own)
        theirs = b.player(discard=other)
        state = b.state(*((mine, theirs) if active == 0 else (theirs, mine)), active=active)
        if offered is None:
            assert "use ambassador" not in texts(state)
            continue
        state = play(state, Use("ambassador"))
        assert texts(state) == offered


@pytest.mark.rule("SR-8.4")
def test_capitol_discards_two_cards_of_the_row_as_it_stood_then_replaces_them() -> None:
    b = Builder()
    state = b.state(
        b.player(empire=["capitol"]),
        crossroads=["bandit", "guard", "city"],
        cross_top=["fort", "smith"],
    )
    state = play(state, Use("capitol"), Pick("bandit"))
    assert keys(b, state.crossroads) == ["bandit", "guard", "city"]  # not replaced yet
    assert texts(state) == ["pick guard", "pick city"]  # never a replacement
    state = play(state, Pick("city"))
    assert keys(b, state.crossroads) == ["fort", "guard", "smith"]
    assert keys(b, state.cross_discard) == ["bandit", "city"]
    assert state.pending is None


@pytest.mark.rule("SR-8.4")
def test_capitol_may_discard_two_copies_of_one_kind() -> None:
    b = Builder()
    state = b.state(
        b.player(empire=["capitol"]), crossroads=["bandit", "bandit"], cross_top=["fort", "smith"]
    )
    state = play(state, Use("capitol"), Pick("bandit"))
    assert texts(state) == ["pick bandit"]
    state = play(state, Pick("bandit"))
    assert keys(b, state.crossroads) == ["fort", "smith"]


@pytest.mark.rule("SR-8.4")
def test_diplomat_discards_one_crossroads_card() -> None:
    b = Builder()
    state = b.state(
        b.player(empire=["diplomat"]), crossroads=["pirate", "guard"], cross_top=["fort"]
    )
    state = play(state, Use("diplomat"))
    assert texts(state) == ["pick pirate", "pick guard"]
    state = play(state, Pick("pirate"))
    assert keys(b, state.crossroads) == ["fort", "guard"]
    assert state.pending is None


@pytest.mark.rule("SR-8.4")
def test_city_swaps_a_crossroads_card_with_an_empire_card() -> None:
    b = Builder()
    state = b.state(b.player(empire=["city", "oasis"]), crossroads=["bandit", "envoy"])
    state = play(state, Use("city"))
    assert texts(state) == ["pick bandit", "pick envoy"]  # any card of the row
    state = play(state, Pick("envoy"), Give("oasis"))
    assert keys(b, state.players[0].empire) == ["city", "envoy"]
    assert keys(b, state.crossroads) == ["bandit", "oasis"]


@pytest.mark.rule("SR-8.4", "SR-4")
def test_city_may_take_an_enemy_which_then_does_nothing_and_is_never_built() -> None:
    """The City swaps any Crossroads card (the Envoy's card is the one that says
    non-Enemy): an Enemy taken no longer attacks in phase 3 (its ability acts only from
    the Crossroads, SR-4), cannot be used, built or defeated, and is discarded with the
    Empire in phase 4."""
    b = Builder()
    han = b.player(empire=["city", "oasis"], artisans=9, caravans=[(1, 0, {"silk": 2})])
    state = b.state(han, crossroads=["bandit"], step=Step.BUY)
    assert "use city" in texts(state)  # an Enemy alone in the row is enough
    state = play(state, Use("city"))
    assert texts(state) == ["pick bandit"]
    state = play(state, Pick("bandit"), Give("oasis"))
    assert keys(b, state.players[0].empire) == ["city", "bandit"]
    assert keys(b, state.crossroads) == ["oasis"]
    moves = texts(state)
    assert not [m for m in moves if "bandit" in m]
    state = play(state, Done())  # phase 3: no Enemy in the Crossroads, nothing attacks
    assert state.players[0].caravans[0].goods == goods({"silk": 2})
    state = play(state, Done())
    assert "bandit" in keys(b, state.players[0].discard) + keys(b, state.players[0].empire)


@pytest.mark.rule("SR-8.4", "SR-5.3")
def test_an_enemy_given_back_by_a_city_attacks_again() -> None:
    b = Builder()
    han = b.player(empire=["city", "bandit"], caravans=[(1, 0, {"silk": 2})])
    state = b.state(han, crossroads=["oasis"], step=Step.BUY)
    state = play(state, Use("city"), Pick("oasis"), Give("bandit"), Done())
    assert state.players[0].caravans[0].goods == goods({"silk": 1})


@pytest.mark.rule("SR-8.4")
def test_determinize_can_deal_an_enemy_a_city_took_to_the_other_draw_pile() -> None:
    """An Enemy in the other player's draw pile (a City took it) with no Crossroads
    draw pile to hide it in: the determinized state still matches the observation."""
    b = Builder()
    han = b.player(empire=["guard"])
    rome = b.player(draw=["bandit", "fort"])
    state = b.state(han, rome, crossroads=["oasis"], empty_pile=True)
    assert not state.cross_pile
    obs = observe(state, 0)
    for seed in range(10):
        world = determinize(obs, seed)
        validate(world)
        assert observe(world, 0) == obs
        assert sorted(keys(b, world.players[1].draw)) == ["bandit", "fort"]


@pytest.mark.rule("SR-8.4")
def test_envoy_copies_a_crossroads_ability() -> None:
    b = Builder()
    han = b.player(empire=["envoy"], fields=[["warehouse"], ["warehouse"], [], []], vp=1)
    state = b.state(han, crossroads=["marketplace", "bandit", "laborer"], step=Step.BUY)
    state = play(state, Use("envoy"))
    # the Laborer only works in phase 1; an Enemy has no ability to copy
    assert texts(state) == ["pick marketplace"]
    state = play(state, Pick("marketplace"))
    assert state.players[0].vp == 3
    assert not any(m.startswith("use") for m in texts(state))


@pytest.mark.rule("SR-8.4")
def test_oasis_removes_one_type_from_a_court_card() -> None:
    b = Builder()
    han = b.player(empire=["oasis"], supply={"silk": 2})
    state = b.state(han, crossroads=["ambassador", "guard"], step=Step.BUY)
    state = play(state, Use("oasis"))
    # Ambassador 2/1 -> 2/0: free; the Guard (a Trade card) is not cheaper
    assert [m for m in texts(state) if m.startswith("buy")] == ["buy ambassador"]
    state = play(state, Buy("ambassador"))
    han = state.players[0]
    assert keys(b, han.discard) == ["ambassador"]
    assert han.supply == goods({"silk": 2})


# ------------------------------------------------------------------ [SR-8.5] Enemy


@pytest.mark.rule("SR-8.5")
def test_bandit_takes_one_of_the_most_valuable_good_and_its_bonus() -> None:
    b = Builder()
    han = b.player(caravans=[(1, 1, {"porcelain": 1, "spices": 1})])
    state = play(b.state(han, crossroads=["bandit"], step=Step.DEFEND), Done())
    assert state.players[0].caravans[0].goods == goods({"spices": 1})
    b = Builder()
    han = b.player(fields=[["fort"], [], [], []], caravans=[(2, 1, {"silk": 1})])
    state = play(b.state(han, crossroads=["bandit"], step=Step.BUILD), Defend("bandit"))
    assert texts(state) == ["supply glassware", "supply spices", "caravan 2", "done"]
    assert play(state, Supply(Good.GLASSWARE)).players[0].supply == goods({"glassware": 1})
    assert play(state, Send(2)).players[0].caravans[0].goods == goods({"silk": 1, "spices": 1})


@pytest.mark.rule("SR-8.5")
def test_pirate_takes_two_of_the_least_valuable_good_and_its_bonus() -> None:
    b = Builder()
    rome = b.player(caravans=[(1, 1, {"glassware": 3, "gold": 1})])
    state = play(b.state(rome=rome, active=1, crossroads=["pirate"], step=Step.DEFEND), Done())
    assert state.players[1].caravans[0].goods == goods({"glassware": 1, "gold": 1})
    b = Builder()
    rome = b.player(fields=[["fort"], ["guard"], [], []], caravans=[(1, 0, {"gold": 1})])
    state = play(
        b.state(rome=rome, active=1, crossroads=["pirate"], step=Step.BUILD), Defend("pirate")
    )
    assert texts(state) == ["supply wine", "supply porcelain", "caravan 1", "done"]
    assert play(state, Supply(Good.PORCELAIN)).players[1].supply == goods({"porcelain": 2})
    assert play(state, Send(1)).players[1].caravans[0].goods == goods({"gold": 1, "wine": 2})


@pytest.mark.rule("SR-8.5")
def test_chieftain_bonus_builds_a_crossroads_card_for_free() -> None:
    b = Builder()
    han = b.player(fields=[["general"], ["fort"], [], []], vp=0)
    state = b.state(
        han, crossroads=["chieftain", "marketplace"], cross_top=["city", "guard"], step=Step.BUILD
    )
    state = play(state, Defend("chieftain"))
    assert state.players[0].vp == 4
    assert texts(state) == ["pick city", "pick marketplace", "done"]
    state = play(state, Pick("marketplace"), Place(3))
    han = state.players[0]
    assert keys(b, han.fields[2]) == ["marketplace"]
    assert han.artisans == 0
    assert han.vp == 4 + 4
    assert keys(b, state.crossroads) == ["city", "guard"]


@pytest.mark.rule("SR-8.4", "SR-8.5")
@pytest.mark.rule("SR-4")
def test_an_enemy_in_a_players_cards_is_possible_but_never_built() -> None:
    """A City may take an Enemy into the Empire, from where it goes round the player's
    deck: validate accepts an Enemy in a draw pile, discard pile or Empire, and refuses
    one built in a field."""
    for place in ("draw", "discard", "empire"):
        b = Builder()
        b.state(b.player(**{place: ["bandit", "guard"]}))
    b = Builder()
    with pytest.raises(StateError, match="player 0 has an Enemy card built"):
        b.state(b.player(fields=[["bandit"], [], [], []]))


@pytest.mark.rule("SR-8.5")
def test_chieftain_attack_removes_a_whole_caravan() -> None:
    b = Builder()
    han = b.player(caravans=[(2, 3, {"silk": 4})])
    state = play(b.state(han, crossroads=["chieftain"], step=Step.DEFEND), Done())
    assert state.players[0].caravans == ()


@pytest.mark.rule("SR-8.3")
@pytest.mark.rule("SR-5.2")
def test_two_outposts_bring_a_bandit_to_zero_defeated_without_any_strength() -> None:
    """No strength at all (nothing built, nothing readied): a Bandit (2) lowered by two
    Outposts has strength 0, which 0 is equal to; one Outpost leaves it at 1."""
    b = Builder()
    state = b.state(b.player(empire=["outpost", "outpost"]), crossroads=["bandit"], step=Step.BUY)
    assert _defends(state) == []
    state = play(state, Use("outpost"))
    assert _defends(state) == []  # 1 > 0
    assert _defends(play(state, Use("outpost"))) == ["defend bandit"]  # 0 >= 0


@pytest.mark.rule("SR-8.3")
def test_governor_with_only_cards_of_the_first_kind_built() -> None:
    """Every built card an Artisan (the card kind listed first, kind 0): nothing to swap,
    but the outer card can move to another field, so the Governor is offered."""
    b = Builder()
    state = b.state(b.player(empire=["governor"], fields=[["artisan"], [], [], []]))
    assert b.t.kind_of[state.players[0].fields[0][0]] == 0
    assert "use governor" in texts(state)
    assert texts(play(state, Use("governor"))) == ["rearrange 1.1 2.1"]


@pytest.mark.rule("SR-8.3")
def test_governor_counts_the_cards_left_to_move() -> None:
    """Up to two cards: the decision starts with two to move and, after one card has
    moved alone, says one is left."""
    b = Builder()
    han = b.player(empire=["governor"], fields=[["guard", "trader"], ["soldier"], [], []])
    state = play(b.state(han), Use("governor"))
    assert state.pending is not None
    assert state.pending.count == 2
    state = play(state, Rearrange(1, 2, 2, 2))
    assert state.pending is not None
    assert state.pending.kind is PendingKind.GOVERNOR
    assert state.pending.count == 1


@pytest.mark.rule("SR-8.3")
def test_cards_the_observer_cannot_see_are_each_their_own_choice() -> None:
    """``distinct_cards`` on a General's cards as an observation shows them: a hidden card
    (``HIDDEN``) is never taken for a copy of a card seen, whatever its position."""
    b = Builder()
    state = b.state(b.player())
    t = b.t
    first_of = {k: t.kind_of.index(k) for k in (0, 1)}
    for position in range(3):
        for kind in (0, 1):
            cards = [first_of[kind]] * 3
            cards[position] = HIDDEN
            seen = [i for i in range(3) if i != position]
            # the hidden card and the first of the two copies seen
            assert distinct_cards(state, tuple(cards)) == sorted([position, seen[0]])


@pytest.mark.rule("SR-8.3")
def test_two_outposts_bring_a_bandit_to_no_strength() -> None:
    """Each readied Outpost takes 1 from every Enemy's strength, down to 0 and no
    further: with both Outposts a Bandit (2) has none, and a player with no built
    strength defeats it; ``enemy_strength`` says the same."""
    b = Builder()
    han = b.player(empire=["outpost", "outpost"])
    state = b.state(han, crossroads=["pirate", "bandit"], step=Step.BUY)
    bandit, pirate = (b.t.kind_of[b.card(k)] for k in ("bandit", "pirate"))
    assert "defend bandit" not in texts(state)
    one = play(state, Use("outpost"))
    assert enemy_strength(one, bandit) == 1
    both = play(one, Use("outpost"))
    assert enemy_strength(both, bandit) == 0
    assert enemy_strength(both, pirate) == 1
    assert "defend bandit" in texts(both)
    assert "defend pirate" not in texts(both)


@pytest.mark.rule("SR-8", "SR-4")
def test_the_copy_built_is_the_one_whose_ability_was_used() -> None:
    """Two Scholars in the Empire, the second's ability used this round: building a
    Scholar builds that copy, so the other's ability is still there to use."""
    b = Builder()
    han = b.player(empire=["scholar", "scholar"], artisans=9, draw=["city", "guard"])
    state = b.state(han, step=Step.BUILD)
    first, second = state.players[0].empire
    state = attrs.evolve(state, turn=attrs.evolve(state.turn, used=(second,)))
    validate(state)
    assert "use scholar" in texts(state)
    state = play(state, Build("scholar", 1))
    assert state.players[0].fields[0] == (second,)
    assert list(state.players[0].empire) == [first]
    assert "use scholar" in texts(state)


def test_a_state_with_no_legal_move_is_a_dead_end_not_an_empty_list() -> None:
    """An edited state the rules never reach, with a decision that offers nothing (a
    General's look at no cards): ``legal_moves`` refuses it with a StateError naming
    the decision, never returns ``()`` for a game that is not over."""
    b = Builder()
    state = b.state(b.player(), step=Step.BUY)
    stuck = attrs.evolve(state, pending=Pending(PendingKind.GENERAL_TAKE, cards=()))
    with pytest.raises(StateError, match="a dead end: .* general_take decision, is not over"):
        legal_moves(stuck)
