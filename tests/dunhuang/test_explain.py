"""``explain``: the rule that refuses a Dunhuang move, with the numbers that decide it.

States are the seeded setup (``helpers.ready``) changed by hand, or a seeded random game
played until a decision is pending; the numbers a reason gives are read from the state.
"""

from __future__ import annotations

import doctest
import inspect
import random
import re
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from immutables import Map

from silkroad import dunhuang
from silkroad.core.errors import IllegalMoveError
from silkroad.core.explain import Reason, Verdict
from silkroad.dunhuang import GAME, Options, apply, encode_move, legal_moves, new_game
from silkroad.dunhuang.encoding import action_move, num_actions
from silkroad.dunhuang.engine import can_paint, paint_lack, token_name, upgradable
from silkroad.dunhuang.explain import refusal
from silkroad.dunhuang.moves import (
    Bottom,
    Continue,
    Done,
    Keep,
    Move,
    Paint,
    Pass,
    Place,
    Recruit,
    Resolve,
    Take,
    Upgrade,
    UseDie,
)
from silkroad.dunhuang.rules import first_tiles, income_rewards
from silkroad.dunhuang.state import ChoiceKind, Phase, State
from silkroad.dunhuang.table import table
from silkroad.testing.reasons import configurations, reason_coverage

from .helpers import SGT, give_tile, play, player, ready, turn_of

DOCS = Path(__file__).resolve().parents[2] / "docs" / "dunhuang.md"


def refused(state: State, move: Move | str | int) -> Reason:
    reason = GAME.explain(state, move)
    assert reason.verdict is Verdict.RULE, reason
    return reason


def reach(options: Options, seed: int, wanted: Callable[[State], bool], limit: int = 3000) -> State:
    """The first state of a seeded random game (random legal moves) where ``wanted`` holds."""
    rng = random.Random(seed)
    state = new_game(options, seed)
    for _ in range(limit):
        if wanted(state):
            return state
        assert state.phase is not Phase.OVER, "the game ended first"
        state = apply(state, rng.choice(legal_moves(state)))
    raise AssertionError("not reached")


def pending(kind: ChoiceKind) -> Callable[[State], bool]:
    return lambda s: s.choice is not None and s.choice.kind is kind


def finished(options: Options, seed: int) -> State:
    rng = random.Random(seed)
    state = new_game(options, seed)
    while state.phase is not Phase.OVER:
        state = apply(state, rng.choice(legal_moves(state)))
    return state


# --------------------------------------------------------------------------- the game


@pytest.mark.rule("DH-4")
@pytest.mark.rule("DH-6.2")
def test_no_move_once_the_game_is_over() -> None:
    over = finished(Options(4, SGT), 3)
    for move in ("pass", "m1 b1", "e1", Keep(0)):
        assert str(refused(over, move)) == (
            "[DH-4] the game is over: it ended after the cleanup phase of round 8"
        )
    lost = finished(Options(1, ("silk", "tea")), 3)
    reason = refused(lost, "m1 b1")
    assert reason.rule == "DH-6.2.6"
    assert reason.text.startswith("the game is over: lost: ")


# --------------------------------------------------------------------------- a meeple turn


@pytest.mark.rule("DH-3.2")
def test_a_move_of_another_kind_on_a_meeple_turn_and_a_pass_with_a_spot_open() -> None:
    s = ready()
    assert s.turn == 2
    for move in ("keep t201", "e1", "done", "take coin", "recruit c401 s1"):
        reason = refused(s, move)
        assert reason.rule == "DH-3.2"
        assert reason.text.startswith("P2 must first place a meeple on an action spot (m1 b1, ")
        assert reason.text.endswith(f"{move} does not answer that")
    assert str(refused(s, "pass")).startswith("[DH-3.2] P2 can place a meeple (m1 b1, m1 b2")


@pytest.mark.rule("DH-3.2")
def test_a_spot_taken_this_round_and_a_zone_without_a_free_spot() -> None:
    s = play(ready(), "m1 b1")
    assert str(refused(s, "m1 b1")) == "[DH-3.2] b1 is taken this round (P2's m1)"
    s = play(s, "m1 b2", "m1 b3")
    assert str(refused(turn_of(s, 1), "m1 b2")) == (
        "[DH-3.2] b2 is taken this round (P3's m1): zone 1 has no free spot this round"
    )
    assert str(refused(turn_of(s, 2), "m1 b4")) == "[DH-3.2] P2's m1 is already on b1 this round"


@pytest.mark.rule("DH-2.2.1")
def test_meeples_alike_are_one_move() -> None:
    s = ready()
    assert str(refused(s, "m2 b1")) == (
        "[DH-2.2.1] m2 and m1 of P2 are alike (no character, the same grain, both at home): "
        "the move is offered as m1"
    )


@pytest.mark.rule("DH-6.1")
def test_the_third_ultimate_action_is_closed_with_three_players() -> None:
    s = ready(players=3)
    p = s.turn
    s = attrs.evolve(s, spots=Map({12: 3 * ((p + 1) % 3), 14: 3 * ((p + 2) % 3)}))
    assert str(refused(s, "m1 u2")) == (
        "[DH-6.1] two ultimate actions are taken (u1 and u3): the third, u2, is closed with "
        "3 players"
    )
    assert str(refused(s, "m1 f4.1")) == (
        "[DH-6.1] f4.1 is not on the table: a 3-player game has no P3"
    )


@pytest.mark.rule("DH-3.C")
@pytest.mark.rule("DH-6.2")
@pytest.mark.rule("DH-6.2.1")
@pytest.mark.rule("DH-6.2.4")
def test_spots_that_are_not_on_this_table_or_hold_no_fresco() -> None:
    s = ready()
    assert str(refused(s, "m1 f2.1")) == ("[DH-3.C] f2.1 holds no fresco tile (P1's fresco spot 1)")
    assert str(refused(s, "m1 p1")) == (
        "[DH-6.2.4] p1 is on the public fresco line of solitaire, not of this game"
    )
    solo = ready(players=1, packs=("silk", "tea"))
    assert str(refused(solo, "m1 f2.1")) == (
        "[DH-6.2] f2.1 is not on the table: solitaire has one player, P0"
    )
    assert str(refused(solo, "m1 u3")) == (
        "[DH-6.2.1] u3 has no Ultimate Action tile: solitaire plays two packs"
    )
    assert str(refused(solo, "m1 p3")) == "[DH-6.2.4] p3 holds no public fresco"


@pytest.mark.rule("DH-3.E.11")
@pytest.mark.rule("DH-3.B")
@pytest.mark.rule("DH-3.E.7")
def test_a_spot_whose_effects_cannot_be_paid_names_the_cost_and_the_holding() -> None:
    s = player(ready(), 2, pigment=3)
    assert str(refused(s, "m1 b5")) == "[DH-3.E.11] b5: Begin Painting pays 4 pigment; P2 has 3"
    assert str(refused(s, "m1 u2")) == (
        "[DH-3.B] u2: the Gold ultimate action pays 1 Gold Product; P2 has 0"
    )
    broke = player(s, 2, coins=0)
    reason = refused(broke, "m1 b8")
    assert reason.rule == "DH-3.E.7"
    costs = [table(s.options).characters[c].cost for c in s.row if c is not None]
    assert reason.text.startswith("b8: no character of the row costs 0 coins or less, P2's coins")
    for c, cost in zip([c for c in s.row if c is not None], costs, strict=True):
        assert f"c{c} {'no coin cost' if cost is None else cost}" in reason.text


@pytest.mark.rule("DH-3.E.6")
@pytest.mark.rule("DH-3.2")
def test_a_spot_with_several_effects_none_of_which_can_be_resolved() -> None:
    s = player(ready(), 2, coins=0)
    assert str(refused(s, "m1 b7")) == (
        "[DH-3.E.6] b7: no meeple is used: the Emperor's Quest is ignored"
    )
    reason = refused(s, "m1 b9")
    assert reason.rule == "DH-3.2"
    assert reason.text.startswith("no effect of b9 can be resolved (note 2): no character of ")
    assert reason.text.endswith("no meeple is used: the Emperor's Quest is ignored")


# --------------------------------------------------------------------------- an action's effects


@pytest.mark.rule("DH-3.2")
@pytest.mark.rule("DH-3.E.11")
def test_the_effects_of_an_action() -> None:
    s = play(player(ready(), 2, pigment=4), "m1 b6")  # Begin Painting and a coin
    assert [str(m) for m in legal_moves(s)] == ["e1", "e2"]
    assert str(refused(s, "e3")) == (
        "[DH-3.2] the action has 2 effects left (e1 paint, e2 coin): there is no e3"
    )
    assert str(refused(s, Done())) == (
        "[DH-3.2] no effect of the action is resolved yet (e1 paint, e2 coin): at least one "
        "must be before the rest is skipped (note 2)"
    )
    assert refused(s, "m2 b1").text == (
        "P2 must first resolve the effects of the action (e1, e2); m2 b1 does not answer that"
    )
    s = player(play(s, "e2"), 2, pigment=3)
    assert [str(m) for m in legal_moves(s)] == ["done"]
    assert str(refused(s, "e1")) == (
        "[DH-3.E.11] e1 paint: Begin Painting pays 4 pigment; P2 has 3"
    )


# --------------------------------------------------------------------------- decisions


@pytest.mark.rule("DH-2.3.5")
def test_a_tile_not_in_the_pack_being_drafted() -> None:
    s = new_game(Options(4, SGT), 1)
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.DRAFT
    p = s.choice.player
    pack = sorted(s.draft[p])
    other = next(x for x in table(s.options).tiles if x not in pack)
    assert str(refused(s, Keep(other))) == (
        f"[DH-2.3.5] t{other} is not in the pack P{p} keeps from "
        f"({', '.join(f't{x}' for x in pack)})"
    )
    wrong = refused(s, "m1 b1")
    assert wrong.rule == "DH-2.3.5"
    assert wrong.text.startswith(f"P{p} must first keep a fresco tile of the pack being drafted")


@pytest.mark.rule("DH-2.3.6")
def test_the_first_tile_is_one_of_the_hand_and_a_pass_is_only_without_one() -> None:
    s = reach(Options(4, SGT), 1, pending(ChoiceKind.PLACE))
    assert s.choice is not None
    p = s.choice.player
    ok = first_tiles(table(s.options), s, s.choice)
    assert ok
    assert str(refused(s, Pass())) == (
        f"[DH-2.3.6] P{p} has a first tile to place ({', '.join(f't{x}' for x in ok)}): "
        "passing is only for a player without one"
    )
    hand = sorted(s.players[p].hand)
    other = next(x for x in table(s.options).tiles if x not in hand)
    listed = ", ".join(f"t{x}" for x in hand)
    assert str(refused(s, Paint(other))) == (
        f"[DH-2.3.6] t{other} is not among P{p}'s tiles in hand ({listed})"
    )


@pytest.mark.rule("DH-3.1.1")
def test_an_income_reward_covered_by_a_die() -> None:
    s = reach(Options(4, SGT), 0, pending(ChoiceKind.INCOME))
    assert s.choice is not None
    p = s.choice.player
    t = table(s.options)
    uncovered = [e.text for e in income_rewards(t, s.players[p])]
    covered = [e.text for e in t.board.income if e.text not in uncovered]
    assert covered, "some income rewards are covered"
    assert str(refused(s, Take(covered[0]))) == (
        f"[DH-3.1.1] the income reward {covered[0]} is covered by a die of P{p} "
        f"(uncovered: {', '.join(uncovered)})"
    )
    assert refused(s, Take("unicorn")).text.startswith("'unicorn' is not an income reward")


@pytest.mark.rule("DH-3.E.2")
def test_an_upgrade_of_a_token_not_held_or_with_nothing_above_it() -> None:
    s = reach(Options(4, SGT), 0, pending(ChoiceKind.UPGRADE))
    assert s.choice is not None
    p = s.choice.player
    t = table(s.options)
    held = s.players[p].tokens
    missing = next(k for k in upgradable(t) if k not in held)
    name = token_name(t, missing)
    assert name.endswith(("Material", "Product", ")"))
    assert str(refused(s, Upgrade(missing))) == f"[DH-3.E.2] P{p} holds no {name} to upgrade"
    assert str(refused(s, Upgrade("gold-product"))) == (
        "[DH-3.E.2] Gold Product cannot be upgraded: no token is above it"
    )
    unknown = GAME.explain(s, Upgrade("unicorn"))
    assert unknown.verdict is Verdict.UNKNOWN
    assert unknown.text.startswith("there is no token kind 'unicorn' in this game (packs ")


@pytest.mark.rule("DH-3.3.4")
def test_a_reward_that_is_not_one_of_the_reward_area() -> None:
    s = reach(Options(3, SGT), 0, lambda s: pending(ChoiceKind.GAIN)(s) and s.choice.arg == "left")  # type: ignore[union-attr]
    assert s.choice is not None
    p = s.choice.player
    reason = refused(s, Take("vp 5"))
    assert reason.rule == "DH-3.3.4"
    assert reason.text.startswith(f"P{p} takes a reward of the left spot of the reward area: ")
    assert reason.text.endswith("; not 'vp 5'")


@pytest.mark.rule("DH-3.E.7")
def test_a_character_that_costs_more_coins_than_held_or_is_not_in_the_row() -> None:
    s = reach(Options(4, SGT), 0, pending(ChoiceKind.RECRUIT))
    assert s.choice is not None
    p = s.choice.player
    t = table(s.options)
    cards = [c for c in s.row if c is not None]
    dear = max(cards, key=lambda c: t.characters[c].cost or 0)
    cost = t.characters[dear].cost
    assert cost is not None
    s = player(s, p, coins=cost - 1)
    name = t.characters[dear].name
    assert str(refused(s, Recruit(dear, 0))) == (
        f"[DH-3.E.7] c{dear} {name} costs {cost} coins; P{p} has {cost - 1}"
    )
    outside = next(c for c in t.characters if c not in s.row)
    assert refused(s, Recruit(outside, 0)).text.startswith(
        f"c{outside} is not in the recruiting row ("
    )
    unknown = GAME.explain(s, Recruit(99999, 0))
    assert unknown.verdict is Verdict.UNKNOWN
    assert "there is no character c99999 in this game" in unknown.text


@pytest.mark.rule("DH-3.E.10")
@pytest.mark.rule("DH-3.D")
def test_continue_painting_an_empty_or_complete_fresco_spot() -> None:
    s = reach(Options(4, SGT), 0, pending(ChoiceKind.CONTINUE))
    assert s.choice is not None
    p = s.choice.player
    spots = s.players[p].frescoes
    empty = next((i for i, f in enumerate(spots) if f.tile is None), None)
    if empty is not None:
        assert str(refused(s, Continue(empty))) == (
            f"[DH-3.E.10] P{p}'s fresco spot {empty + 1} holds no tile"
        )
    tile = next(x for x in table(s.options).tiles if x not in s.players[p].hand)
    done = give_tile(s, p, 0, tile, None)
    assert str(refused(done, Continue(0))) == (
        f"[DH-3.D] the fresco t{tile} on P{p}'s spot 1 is complete"
    )


@pytest.mark.rule("DH-6.3.3")
@pytest.mark.rule("DH-6.2.1")
def test_solitaire_tiles_drawn_and_tiles_of_packs_not_played() -> None:
    solo = Options(1, ("silk", "tea"))
    s = reach(solo, 0, pending(ChoiceKind.BOTTOM))
    drawn = sorted(s.drawn)
    other = next(x for x in table(s.options).tiles if x not in drawn)
    assert str(refused(s, Bottom(other))) == (
        f"[DH-6.3.3] t{other} is not among the tiles drawn from the stack "
        f"({', '.join(f't{x}' for x in drawn)})"
    )
    assert str(refused(s, Bottom(501))) == (
        "[DH-6.2.1] t501 is not a tile of the two packs this solitaire game plays (silk, tea)"
    )


# --------------------------------------------------------------------------- unknown things


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("m1 b13", "'b13' is not a spot"),
        ("m1 f9.1", "'f9.1' is not a spot"),
        ("fly away", "not a Dunhuang move"),
    ],
)
def test_notation_that_names_nothing_says_what_it_could_not_find(text: str, found: str) -> None:
    reason = GAME.explain(ready(), text)
    assert reason.verdict is Verdict.UNKNOWN
    assert found in reason.text


@pytest.mark.rule("DH-2.3.5")
def test_a_tile_in_no_pack_of_the_game_is_unknown() -> None:
    s = new_game(Options(4, SGT), 1)
    reason = GAME.explain(s, Keep(99999))
    assert reason.verdict is Verdict.UNKNOWN
    assert reason.text == "there is no fresco tile t99999 in this game (packs silk, gold, tea)"


@pytest.mark.rule("DH-2.2.1")
@pytest.mark.rule("DH-2.0")
def test_a_malformed_move_object_gets_a_reason_never_a_crash() -> None:
    s = ready()
    assert str(refused(s, Place(3, 0))) == (
        "[DH-2.2.1] a player has 3 meeples, m1 to m3: there is no m4"
    )
    assert refused(s, Place(0, 99)).rule == "DH-2.0"
    assert refused(s, Recruit(401, 7)).rule == "DH-2.2.1"
    assert refused(s, Continue(5)).rule == "DH-3.C"
    assert refused(s, UseDie("middle")).rule == "DH-3.3.4"
    assert refused(s, Resolve(-1)).rule == "DH-3.2"
    for move in (
        Place("a", 0),  # type: ignore[arg-type]
        Keep(None),  # type: ignore[arg-type]
        Paint(True),
        Take(3),  # type: ignore[arg-type]
        None,
        (1, 2),
    ):
        reason = GAME.explain(s, move)  # type: ignore[arg-type]
        assert reason.verdict is Verdict.UNKNOWN, move
        assert len(reason.text) < 100
    assert len(str(GAME.explain(s, Keep(10**5000)))) < 300


# --------------------------------------------------------------------------- the error


@pytest.mark.rule("DH-3.E.11")
def test_the_refusal_of_apply_and_encode_move_leads_with_the_reason() -> None:
    s = ready()
    for refuse in (apply, encode_move):
        with pytest.raises(IllegalMoveError) as info:
            refuse(s, Place(0, 4))
        reason = GAME.explain(s, Place(0, 4))
        assert reason.rule == "DH-3.E.11"
        assert info.value.reason == reason
        assert str(info.value).startswith(f"{reason} (")
        assert "player 2 to act; legal: m1 b1" in str(info.value)
        assert info.value.state is s


@pytest.mark.rule("DH-3.2")
def test_an_action_id_explains_the_move_it_stands_for() -> None:
    s = play(ready(), "m1 b6")
    size = num_actions(s.options)
    stood = 0
    for action in range(size):
        move = action_move(s, action)
        if move is None:
            assert GAME.explain(s, action).verdict is Verdict.UNKNOWN
        else:
            stood += 1
            assert GAME.explain(s, action) == GAME.explain(s, move)
    assert stood > 100
    assert action_move(s, size) is None
    assert action_move(s, -1) is None
    assert action_move(s, True) is None  # a bool is no action id
    assert action_move(s, 1.0) is None  # type: ignore[arg-type]
    assert GAME.explain(s, True).verdict is Verdict.UNKNOWN


# --------------------------------------------------------------------------- the measure


def _sample(games: int, seed: int) -> list[State]:
    """Every fifth state of random games under every configuration."""
    rng = random.Random(seed)
    states = []
    for options in configurations(GAME):
        for g in range(games):
            state = new_game(options, seed + g)
            step = 0
            while state.phase is not Phase.OVER:
                if step % 5 == 0:
                    states.append(state)
                state = apply(state, rng.choice(legal_moves(state)))
                step += 1
            states.append(state)
    return states


@pytest.mark.rule("DH-3.2")
def test_the_rules_refuse_exactly_the_moves_they_do_not_list() -> None:
    """The drift guard: for every action id of sampled states, ``refusal`` finds no
    refusing condition exactly for the legal moves."""
    kinds = set()
    for state in _sample(games=2, seed=50):
        legal = set(legal_moves(state)) if state.phase is not Phase.OVER else set()
        kinds.add("frame" if state.frames else state.choice and state.choice.kind)
        for action in range(num_actions(state.options)):
            move = action_move(state, action)
            if move is not None:
                assert (refusal(state, move) is None) == (move in legal), (state, move)
    assert len(kinds) >= 8  # the turn, the effects and several kinds of decision


def _reasons_table() -> dict[str, int]:
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("<!-- reasons:start")[1].split("<!-- reasons:end -->")[0]
    rows = re.findall(r"^\| (DH-[\w.]+) \| ([\d,]+) \|$", block, re.M)
    return {rule: int(count.replace(",", "")) for rule, count in rows}


def test_every_sampled_refusal_is_explained_by_a_rule_as_documented() -> None:
    """The measure of docs/dunhuang.md, computed again: ``silkroad rules --reasons
    dunhuang`` (4 games per configuration, seed 0)."""
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
    which is the code of ``engine.paint_lack`` as it is (``can_paint`` is its being None)."""
    text = DOCS.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    example = [b for b in blocks if ">>> " in b and "GAME.explain" in b]
    assert len(example) == 1
    test = doctest.DocTestParser().get_doctest(example[0], {"dunhuang": dunhuang}, "docs", None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, 3)
    shown = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "paint_cost" in b]
    assert len(shown) == 1
    assert shown[0] in inspect.getsource(paint_lack)
    assert "return paint_lack(t, s, p, cost) is None" in inspect.getsource(can_paint)


@pytest.mark.rule("DH-3.2")
def test_a_move_naming_nothing_is_unknown_whatever_decision_waits() -> None:
    """An id of no pack is reported as such before the decision pending: the move names
    nothing in this game, so the pending decision is not its reason."""
    s = GAME.new_game(Options(3, SGT), 1)
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.DRAFT
    for move in (Upgrade("unicorn"), Recruit(99999, 0), Paint(99999)):
        reason = GAME.explain(s, move)
        assert reason.verdict is Verdict.UNKNOWN, move
        assert "in this game (packs silk, gold, tea)" in reason.text
    # a move of a known kind and ids still gets the pending decision's rule
    assert GAME.explain(s, Upgrade(next(iter(table(s.options).tokens)))).rule == "DH-2.3.5"


@pytest.mark.rule("DH-3.2")
def test_a_reason_tells_nothing_the_player_to_act_cannot_see() -> None:
    """Reasons depend only on what the player to act sees: the same in a state dealt
    anew from their observation (other hands, packs, character deck and first tiles)."""
    compared = 0
    for state in _sample(games=1, seed=70)[::4]:
        who = GAME.current_player(state)
        if who is None:
            continue
        dealt = GAME.determinize(GAME.observe(state, who), 11)
        legal = set(legal_moves(state))
        for action in range(num_actions(state.options)):
            move = action_move(state, action)
            if move is not None and move not in legal:
                assert GAME.explain(dealt, move) == GAME.explain(state, move), move
                compared += 1
    assert compared > 1000
