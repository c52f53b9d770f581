"""``explain``: the rule that refuses a Serica move, with the numbers that decide it.

Positions are written as TOML (docs/scenarios.md, "Serica"); moves as notation or
objects.
"""

from __future__ import annotations

import inspect
import random
import re
from pathlib import Path

import pytest

from silkroad.core.errors import IllegalMoveError
from silkroad.core.explain import Reason, Verdict
from silkroad.serica import (
    GAME,
    Options,
    apply,
    determinize,
    encode_move,
    legal_moves,
    observe,
)
from silkroad.serica import explain as serica_explain
from silkroad.serica.cards import Good
from silkroad.serica.encoding import action_move, all_moves, num_actions
from silkroad.serica.explain import why_not
from silkroad.serica.moves import (
    Build,
    Choice,
    Choose,
    Move,
    Pay,
    Produce,
    Save,
    Send,
    Supply,
    Take,
    Use,
)
from silkroad.serica.state import PendingKind, State, Step
from silkroad.serica.table import table
from silkroad.testing.reasons import reason_coverage


def position(text: str) -> State:
    state: State = GAME.from_position(text)
    return state


def refused(state: State, move: Move | str | int) -> Reason:
    reason = GAME.explain(state, move)
    assert reason.verdict is Verdict.RULE, reason
    return reason


#: P1 (Rome) in the buy step: 1 artisan, 2 glassware and 2 wine, Artisan built in field 1.
BUY_STEP = """
active = 1
step = "buy"
[crossroads]
row = ["trading-post#1", "bandit#1", "laborer#1", "warehouse#2"]
[player.1]
artisans = 1
supply = {glassware = 2, wine = 2}
empire = ["artisan#2", "guard#2", "soldier#1", "city#2"]
fields = [["artisan#1"], [], [], []]
"""


def produce_step(pp: int, extra: str = "") -> State:
    return position(
        f"""
active = 0
step = "produce"
[turn]
pp = {pp}
{extra}
[player.0]
empire = ["scholar#1", "guard#1", "artisan#1", "marketplace#1"]
"""
    )


# --------------------------------------------------------------------------- phase 1


@pytest.mark.rule("SR-5.1")
def test_production_costs_and_own_goods() -> None:
    state = produce_step(2)
    assert str(refused(state, "produce silk")) == (
        "[SR-5.1] silk costs 3 production points; P0 has 2 left"
    )
    assert str(refused(state, "produce wine")) == (
        "[SR-5.1] P0 (Han) produces spices, porcelain or silk, not wine"
    )
    assert str(refused(state, "import wine")).startswith(
        "[SR-5.1] P0's shipment area holds no wine"
    )
    spent = produce_step(0)
    assert str(refused(spent, "hire")) == (
        "[SR-5.1] hiring an artisan costs 1 production point; P0 has 0 left"
    )
    assert GAME.explain(state, "hire").legal


# --------------------------------------------------------------------------- phase 2


@pytest.mark.rule("SR-5.2")
def test_the_steps_of_phase_2_come_in_order() -> None:
    assert str(refused(produce_step(2), "buy guard")) == (
        "[SR-5.2] buying is phase 2, before building or defending; P0 is in phase 1 (production)"
    )
    built = apply(position(BUY_STEP), Build("artisan", 1))
    assert built.step is Step.BUILD
    assert str(refused(built, "buy laborer")) == (
        "[SR-5.2] no buying after a build this turn: P1 has built"
    )
    defended = position(BUY_STEP.replace('step = "buy"', 'step = "defend"'))
    assert str(refused(defended, "build artisan in 2")) == (
        "[SR-5.2] no building after defeating an Enemy this turn: P1 has defended"
    )


@pytest.mark.rule("SR-5.2")
def test_a_buy_names_the_cost_and_the_goods_held() -> None:
    state = position(BUY_STEP)
    assert str(refused(state, "buy trading-post")) == (
        "[SR-5.2] the Trading Post costs 1 good each of 3 types among wine, gold, porcelain, "
        "silk; P1 has 2 wine, 0 gold, 0 porcelain, 0 silk"
    )
    assert str(refused(state, "buy bandit")) == (
        "[SR-5.2] the Bandit is an Enemy: it is defeated, not bought"
    )
    assert str(refused(state, "buy general")) == (
        "[SR-5.2] there is no General in the Crossroads (the row: Trading Post, Bandit, "
        "Laborer, Warehouse)"
    )


@pytest.mark.rule("SR-5.2")
def test_a_build_names_the_artisans_and_the_fields() -> None:
    state = position(BUY_STEP)
    assert str(refused(state, "build guard in 2")) == (
        "[SR-5.2] the Guard needs 2 artisans to build; P1 has 1"
    )
    assert str(refused(state, "build scholar in 2")).startswith(
        "[SR-5.2] P1 has no Scholar in the Empire (the Empire: Artisan, Guard, Soldier, City)"
    )
    assert str(refused(state, "build artisan in 3")) == (
        "[SR-5.2] fields 2 and 3 of P1 both hold nothing: alike fields are one place to "
        "build, offered as build artisan in 2"
    )
    full = position(
        BUY_STEP.replace(
            '[["artisan#1"], [], [], []]', '[["artisan#1", "artisan#3", "scholar#1"], [], [], []]'
        )
    )
    assert str(refused(full, "build artisan in 1")) == (
        "[SR-5.2] P1's field 1 is full: it holds 3 cards"
    )


@pytest.mark.rule("SR-5.2")
def test_a_defence_names_the_strengths_and_one_enemy_a_turn() -> None:
    state = position(BUY_STEP)
    assert str(refused(state, "defend bandit")) == (
        "[SR-5.2] the Bandit has strength 2; P1 has 0 (0 in the fields, 0 readied)"
    )
    assert str(refused(state, "defend laborer")) == (
        "[SR-5.2] the Laborer is no Enemy: it is bought, not defeated"
    )
    once = position(BUY_STEP.replace('step = "buy"', 'step = "defend"\n[turn]\ndefended = true'))
    assert str(refused(once, "defend bandit")) == (
        "[SR-5.2] one Enemy per turn: P1 has defeated one this turn"
    )


# --------------------------------------------------------------------------- phase 3


TRADE = """
active = 0
step = "trade"
[turn]
traded = {traded}
[player.0]
supply = {{spices = {spices}}}
empire = ["scholar#1", "guard#1", "artisan#1", "marketplace#1"]
{caravans}
"""

CARAVAN = """
[[player.0.caravans]]
route = {route}
position = 0
goods = {{spices = 1}}
"""


@pytest.mark.rule("SR-5.3")
def test_one_trade_action_a_turn_at_most_three_caravans() -> None:
    one = CARAVAN.format(route=1)
    traded = position(TRADE.format(traded="true", spices=1, caravans=one))
    assert str(refused(traded, "advance")) == (
        "[SR-5.3] one trade action per turn: P0 has begun or moved caravans"
    )
    assert refused(traded, "begin").text.startswith("one trade action per turn")
    three = "".join(CARAVAN.format(route=r) for r in (1, 2, 3))
    full = position(TRADE.format(traded="false", spices=1, caravans=three))
    assert str(refused(full, "begin")) == ("[SR-5.3] P0 has 3 caravans, the most a player may have")
    empty = position(TRADE.format(traded="false", spices=0, caravans=""))
    assert str(refused(empty, "begin")) == (
        "[SR-5.3] P0 has none of their goods (spices, porcelain or silk) to load"
    )
    assert str(refused(empty, "advance")) == "[SR-5.3] P0 has no caravan on the map to move"
    assert str(refused(produce_step(2), "begin")) == (
        "[SR-5.3] trading is phase 3; P0 is in phase 1 (production)"
    )


# --------------------------------------------------------------------------- abilities


@pytest.mark.rule("SR-8")
@pytest.mark.rule("SR-8.1")
@pytest.mark.rule("SR-8.2")
def test_an_ability_once_a_round_from_the_empire_where_it_has_an_effect() -> None:
    state = produce_step(2, 'used = ["scholar#1"]')
    assert str(refused(state, "use scholar")) == (
        "[SR-8] each card's ability once per round: P0's Scholar is used this round"
    )
    assert str(refused(state, "use general")) == (
        "[SR-8] P0 has no General in the Empire (the Empire: Scholar, Guard, Artisan, Marketplace)"
    )
    assert str(refused(state, "use marketplace")) == (
        "[SR-8.2] the Marketplace has no effect now: P0 has built no Warehouse (1 VP each)"
    )
    trade = position(TRADE.format(traded="false", spices=1, caravans=""))
    assert str(refused(trade, "use artisan")) == (
        "[SR-8.1] the Artisan has no effect now: it works in phase 1 only; P0 is in phase 3 (trade)"
    )


# --------------------------------------------------------------------------- decisions


def paying() -> State:
    state = apply(position(BUY_STEP), GAME.parse_move(position(BUY_STEP), "buy laborer"))
    assert state.pending is not None
    assert state.pending.kind is PendingKind.PAY
    return state


@pytest.mark.rule("SR-5.2")
@pytest.mark.rule("SR-8.1")
def test_a_pending_payment_and_its_options() -> None:
    state = paying()
    assert str(refused(state, "use guard")) == (
        "[SR-5.2] P1 is to pay for the card bought before any other move: pay glassware or pay wine"
    )
    assert str(refused(state, "pay silk")) == (
        "[SR-5.2] the Laborer is paid in glassware, wine, spices or porcelain, not silk"
    )
    assert str(refused(state, "pay spices")) == "[SR-5.2] the Laborer takes 1 spices; P1 has 0"
    assert str(refused(state, Pay(Good.WINE, 1))) == (
        "[SR-8.1] artisans stand in for goods only with a readied Smith, one type each"
    )
    paid = apply(state, Pay(Good.WINE))
    assert str(refused(paid, "pay wine")) == "[SR-5.2] wine is paid already: each type once"


@pytest.mark.rule("SR-5.2")
@pytest.mark.rule("SR-8.3")
@pytest.mark.rule("SR-8.5")
def test_a_decision_move_with_no_decision_pending() -> None:
    state = position(BUY_STEP)
    assert str(refused(state, "pay wine")) == (
        "[SR-5.2] no buy waits for payment: pay wine answers no decision"
    )
    assert refused(state, Take(1)).rule == "SR-8.3"
    assert refused(state, Send(1)).rule == "SR-8.5"
    assert refused(state, Choose(Choice.VP)).rule == "SR-8"


@pytest.mark.rule("SR-8.3")
def test_a_governor_swap_with_a_field_alike_to_another_is_offered_once() -> None:
    """Fields 2 and 3 each hold one Soldier: swapping the Guard with either leaves the
    same fields, so one swap is offered and the other named as its twin."""
    state = position(
        """
active = 0
step = "buy"
[player.0]
empire = ["governor"]
fields = [["guard#1"], ["soldier#1"], ["soldier#2"], []]
"""
    )
    state = apply(state, Use("governor"))
    assert "rearrange 1.1 2.1" in [GAME.format_move(m) for m in legal_moves(state)]
    assert str(refused(state, "rearrange 1.1 3.1")) == (
        "[SR-8.3] rearrange 1.1 3.1 leaves P0's fields as rearrange 1.1 2.1 does (alike "
        "cards and fields are one choice), offered as rearrange 1.1 2.1"
    )


@pytest.mark.rule("SR-8.3")
def test_a_governor_swaps_two_kinds_or_moves_an_outer_card_to_a_free_spot() -> None:
    state = position(
        """
active = 0
step = "buy"
[player.0]
empire = ["governor", "guard#1", "artisan#1", "marketplace#1"]
fields = [["artisan#2", "scholar#1"], ["artisan#3"], [], []]
"""
    )
    state = apply(state, Use("governor"))
    expected = {
        "rearrange 1.1 3.1": "only the outer card of field 1 (spot 1.2) can move",
        "rearrange 1.1 2.1": "spots 1.1 and 2.1 hold copies of the Artisan: swapping them "
        "changes nothing",
        "rearrange 3.1 4.1": "spots 3.1 and 4.1 of P0 are both empty",
        "rearrange 1.2 3.2": "a card moves to the next free spot of field 3, 3.1: a field "
        "has no gap",
        "rearrange 1.2 1.3": "a card moves to another field, not within field 1",
        "rearrange 1.2 4.1": "rearrange 1.2 4.1 leaves P0's fields as rearrange 1.2 3.1 does "
        "(alike cards and fields are one choice), offered as rearrange 1.2 3.1",
        "done": "the Governor rearranges at least one card before done",
    }
    for move, text in expected.items():
        assert str(refused(state, move)) == f"[SR-8.3] {text}"
    assert refused(state, "use guard").text.startswith(
        "P0 is to rearrange built cards with the Governor before any other move: "
        "rearrange 1.1 1.2, "
    )
    moved = apply(state, GAME.parse_move(state, "rearrange 1.2 3.1"))
    assert str(refused(moved, "rearrange 1.1 2.1")) == (
        "[SR-8.3] after a card moved, the Governor moves one more card, not a swap"
    )
    assert str(refused(moved, "rearrange 3.1 4.1")) == (
        "[SR-8.3] the Scholar has moved already: another card moves"
    )
    assert str(refused(moved, "rearrange 2.1 4.1")) == (
        "[SR-8.3] the second card moves between fields 1 and 3, as the first did"
    )


#: P0 (Han) in phase 3 with the trade action taken and three caravans on the map.
THREE_CARAVANS = """
active = 0
step = "trade"
[turn]
traded = true
[player.0]
supply = {spices = 2}
empire = ["guard#1", "settler#1", "ambassador#1", "trading-post#1"]
[[player.0.caravans]]
route = 1
position = 0
goods = {spices = 1}
[[player.0.caravans]]
route = 2
position = 0
goods = {spices = 1}
[[player.0.caravans]]
route = 3
position = 0
goods = {spices = 1, porcelain = 1}
"""


@pytest.mark.rule("SR-8.2")
@pytest.mark.rule("SR-8.4")
def test_the_options_of_a_guard_and_a_trading_post() -> None:
    state = position(THREE_CARAVANS)
    assert str(refused(state, "use ambassador")) == (
        "[SR-8.4] the Ambassador has no effect now: both discard piles are empty"
    )
    guard = apply(state, Use("guard"))
    assert str(refused(guard, "choose caravan")) == (
        "[SR-8.2] P0 has 3 caravans, the most: no extra caravan"
    )
    assert refused(guard, "choose draw").rule == "SR-8.2"
    post = apply(state, Use("trading-post"))
    expected = {
        "add silk to 1": "P0 has no silk in supply",
        "add wine to 1": "P0 (Han) trades spices, porcelain or silk, not wine",
        "swap silk for spices in 1": "caravan 1 carries no silk",
        "swap spices for spices in 1": "swapping spices for itself changes nothing",
    }
    for move, text in expected.items():
        assert str(refused(post, move)) == f"[SR-8.2] {text}"


@pytest.mark.rule("SR-5.3")
def test_loading_a_caravan_begun() -> None:
    state = position(
        """
active = 0
step = "trade"
[player.0]
supply = {spices = 1}
empire = ["guard#1", "settler#1", "ambassador#1", "trading-post#1"]
"""
    )
    loading = apply(state, GAME.parse_move(state, "begin"))
    assert str(refused(loading, "load silk")) == "[SR-5.3] P0 has no silk in supply"
    assert str(refused(loading, "load wine")) == (
        "[SR-5.3] P0 (Han) ships spices, porcelain or silk, not wine"
    )
    assert str(refused(loading, "done")) == "[SR-5.3] a caravan begun carries at least one good"


def reach(kind: PendingKind, seeds: range = range(8)) -> State:
    """The first state of a seeded random game in which a ``kind`` decision waits."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(Options(), seed)
        while not GAME.is_over(state):
            if state.pending is not None and state.pending.kind is kind:
                return state
            state = apply(state, rng.choice(legal_moves(state)))
    raise AssertionError(f"no {kind} decision in the games sampled")


@pytest.mark.rule("SR-8.3")
@pytest.mark.rule("SR-8.5")
@pytest.mark.parametrize(
    ("kind", "rule", "what"),
    [
        (PendingKind.LOSE, "SR-8.5", "choose the caravan the attack hits"),
        (PendingKind.FORT, "SR-8.3", "decide whether a Fort saves a good from the attack"),
        (PendingKind.BANDIT_BONUS, "SR-8.5", "take the defeated Bandit's bonus"),
        (PendingKind.PIRATE_BONUS, "SR-8.5", "take the defeated Pirate's bonus"),
        (PendingKind.CITY_GIVE, "SR-8.4", "give an Empire card to the Crossroads for the City"),
        (PendingKind.ENVOY, "SR-8.4", "pick the Crossroads card whose ability the Envoy copies"),
    ],
)
def test_a_decision_waits_before_any_other_move(kind: PendingKind, rule: str, what: str) -> None:
    state = reach(kind)
    reason = refused(state, "hire")
    assert reason.rule == rule
    assert reason.text.startswith(f"P{state.active} is to {what} before any other move: ")
    assert str(legal_moves(state)[0]) in reason.text


@pytest.mark.rule("SR-8.3")
@pytest.mark.rule("SR-8.5")
def test_the_goods_of_an_attack_and_of_a_bonus() -> None:
    fort = reach(PendingKind.FORT)
    (saved,) = [m for m in legal_moves(fort) if isinstance(m, Save)]
    other = next(g for g in Good if g is not saved.good)
    reason = refused(fort, Save(other))
    assert reason.rule == "SR-8.3"
    assert reason.text.endswith(f"takes {saved.good.label}: a Fort saves {saved.good.label}")
    bandit = reach(PendingKind.BANDIT_BONUS)
    assert str(refused(bandit, Supply(Good.WINE))) == (
        "[SR-8.5] a defeated Bandit gives glassware or spices, not wine"
    )
    lose = reach(PendingKind.LOSE)  # seed 0: a Pirate, P0's caravans 1, 2 and 3
    assert [c.route for c in lose.players[lose.active].caravans] == [1, 2, 3]
    assert str(refused(lose, Send(3))) == (
        "[SR-8.5] the Pirate hits a caravan carrying the good it takes: caravan 1 or 2"
    )


@pytest.mark.rule("SR-8.1")
@pytest.mark.rule("SR-8.4")
def test_a_settler_and_a_capitol_name_the_cards_and_the_artisans() -> None:
    settler = reach(PendingKind.SETTLER)  # seed 0: P1's piles are empty
    p = settler.active
    assert not settler.players[p].draw
    assert not settler.players[p].discard
    assert str(refused(settler, Choose(Choice.DRAW))) == (
        f"[SR-8.1] P{p}'s draw and discard piles are empty"
    )
    pick = reach(PendingKind.SETTLER_PICK)  # seed 0: P1 has 3 artisans, a Marketplace needs 5
    assert pick.players[pick.active].artisans == 3
    assert str(refused(pick, "pick marketplace")) == (
        f"[SR-8.1] the Marketplace needs 5 artisans to build; P{pick.active} has 3"
    )
    capitol = reach(PendingKind.CAPITOL)
    row = ", ".join(table(capitol.options).card[c].name for c in capitol.crossroads)
    assert "Artisan" not in row
    assert str(refused(capitol, "pick artisan")) == (
        f"[SR-8.4] there is no Artisan in the Crossroads (the row: {row})"
    )


@pytest.mark.rule("SR-6")
@pytest.mark.rule("SR-7")
@pytest.mark.parametrize("coop", [False, True])
def test_no_move_once_the_game_is_over(coop: bool) -> None:
    state = GAME.new_game(Options(coop=coop), 3)
    rng = random.Random(3)
    while not GAME.is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))
    reason = refused(state, "done")
    assert reason.rule == ("SR-7" if coop else "SR-6")
    assert reason.text.startswith("the game is over")
    assert f"{max(GAME.scores(state))} VP" in reason.text


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("buy dragon", "no card with key 'dragon'"),
        ("caravan 4", "expected a number from 1 to 3"),
        ("build guard in 9", "expected a number from 1 to 4"),
        ("produce tea", "unknown good 'tea'"),
    ],
)
def test_notation_that_names_nothing_says_what_it_could_not_find(text: str, found: str) -> None:
    reason = GAME.explain(position(BUY_STEP), text)
    assert reason.verdict is Verdict.UNKNOWN
    assert found in reason.text


def test_a_malformed_move_object_gets_a_reason_never_a_crash() -> None:
    state = position(BUY_STEP)
    cases = {
        Produce(99): "99 is not a good",  # type: ignore[arg-type]
        Use("dragon"): "there is no card 'dragon' in this game",
        Build("guard", 7): "there is no field 7: a player has fields 1 to 4",
        Send(0): "there is no caravan 0",
        Take(5): "there is no viewed card 5",
        "not a move object": None,
    }
    for move, text in cases.items():
        reason = why_not(state, move)  # type: ignore[arg-type]
        assert reason is not None, move
        assert reason.verdict is Verdict.UNKNOWN, move
        if text is not None:
            assert text in reason.text
    assert GAME.explain(state, 3.5).verdict is not Verdict.LEGAL  # type: ignore[arg-type]


@pytest.mark.rule("SR-5.2")
def test_the_refusal_of_apply_and_encode_move_leads_with_the_reason() -> None:
    state = position(BUY_STEP)
    move = GAME.parse_move(state, "buy bandit")
    for refuse in (apply, encode_move):
        with pytest.raises(IllegalMoveError) as info:
            refuse(state, move)
        assert str(info.value).startswith(
            "[SR-5.2] the Bandit is an Enemy: it is defeated, not bought (buy bandit refused; "
            "player 1 to act; legal: buy laborer"
        )
        assert info.value.reason == GAME.explain(state, move)


def test_an_action_id_explains_the_move_it_stands_for() -> None:
    state = position(BUY_STEP)
    move = GAME.parse_move(state, "buy bandit")
    action = all_moves(state.options).index(move)
    assert action_move(state, action) == move
    assert GAME.explain(state, action) == GAME.explain(state, move)
    for outside in (-1, num_actions(state.options), True, 1.5):
        assert action_move(state, outside) is None  # type: ignore[arg-type]
    assert GAME.explain(state, -1).verdict is Verdict.UNKNOWN


# --------------------------------------------------------------------------- the measure


def _sample(games: int, seed: int) -> list[State]:
    states: list[State] = []
    rng = random.Random(seed)
    for options in (Options(), Options(coop=True)):
        for g in range(games):
            state = GAME.new_game(options, seed + g)
            step = 0
            while not GAME.is_over(state):
                if step % 5 == 0:
                    states.append(state)
                state = apply(state, rng.choice(legal_moves(state)))
                step += 1
            states.append(state)
    return states


@pytest.mark.rule("SR-5")
def test_the_rules_refuse_exactly_the_moves_they_do_not_list() -> None:
    """The drift guard: for every action id of sampled states, ``why_not`` finds no
    refusing condition exactly for the legal moves."""
    kinds = set()
    steps = set()
    for state in _sample(games=2, seed=50):
        legal = set(legal_moves(state))
        kinds.add(None if state.pending is None else state.pending.kind)
        steps.add(state.step)
        for action in range(num_actions(state.options)):
            move = action_move(state, action)
            assert move is not None
            assert (why_not(state, move) is None) == (move in legal), (state, move)
    assert len(kinds) >= 6  # the turn and several kinds of decision were sampled
    assert len(steps) >= 5


def test_every_sampled_refusal_is_explained_by_a_rule() -> None:
    """``silkroad rules --reasons serica`` on a small sample: no problem, no generic
    reason."""
    coverage = reason_coverage(GAME, games=1, seed=0, states_per_game=6)
    assert coverage.problems == ()
    assert coverage.generic == ()
    assert coverage.share == 1.0
    assert coverage.pairs > 1000


DOCS = Path(__file__).resolve().parents[2] / "docs" / "serica.md"


def _reasons_table() -> dict[str, int]:
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("<!-- reasons:start")[1].split("<!-- reasons:end -->")[0]
    rows = re.findall(r"^\| (SR-[\w.]+) \| ([\d,]+) \|$", block, re.M)
    return {rule: int(count.replace(",", "")) for rule, count in rows}


def test_every_refusal_of_the_measure_is_explained_by_a_rule_as_documented() -> None:
    """The measure of docs/serica.md, computed again: ``silkroad rules --reasons serica``
    (4 games per configuration, seed 0)."""
    coverage = reason_coverage(GAME)
    assert coverage.problems == ()
    assert coverage.generic == ()
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert (
        f"a rule explains {coverage.share:.1%} of {coverage.pairs:,} (state, illegal move) "
        f"pairs in {coverage.states:,} states"
    ) in text
    assert _reasons_table() == coverage.by_rule


def test_the_examples_of_the_docs_hold() -> None:
    """The example of the docs, and the code shown as one rule's condition and reason,
    which is the code of ``explain.py`` as it is."""
    text = DOCS.read_text(encoding="utf-8")
    example = re.search(
        r'>>> print\(serica\.GAME\.explain\(state, "produce silk"\)\)\n(.*)\n', text
    )
    assert example is not None
    state = GAME.new_game(Options(), 0)
    assert str(GAME.explain(state, "produce silk")) == example.group(1)
    shown = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "can_pay" in b]
    assert len(shown) == 1
    assert shown[0] in inspect.getsource(serica_explain)


def test_a_reason_tells_nothing_the_player_to_act_cannot_see() -> None:
    """Reasons depend only on what the player to act sees: the same in a state dealt
    anew from their observation (other draw piles, another Crossroads pile)."""
    checked = 0
    for state in _sample(games=1, seed=70)[::4]:
        if GAME.is_over(state):
            continue
        dealt = determinize(observe(state, state.active), 11)
        for action in range(num_actions(state.options)):
            move = action_move(state, action)
            if move is not None and move not in legal_moves(state):
                assert GAME.explain(dealt, move) == GAME.explain(state, move), move
                checked += 1
    assert checked > 1000
