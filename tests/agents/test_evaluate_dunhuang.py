"""[DH-6.2.6] [DH-7] The Dunhuang evaluation in solitaire: quests and the progress towards
them count for more than VP."""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.dunhuang import Options, apply, legal_moves, new_game
from silkroad.dunhuang.evaluate import PROGRESS_SHARE, QUEST_VP, evaluate
from silkroad.dunhuang.state import Phase, State

pytestmark = pytest.mark.rule("DH-6.2.6", "DH-7", "DH-7.1", "DH-7.4")


def _solo(seed: int = 1) -> State:
    """A Silk and Gold solitaire game at round 1's action phase."""
    s = new_game(Options(1, ("silk", "gold")), seed)
    while s.phase is not Phase.ACTION:
        s = apply(s, legal_moves(s)[0])
    return s


def _edit(s: State, **changes: object) -> State:
    pl = attrs.evolve(s.players[0], **changes)  # type: ignore[arg-type]
    return attrs.evolve(s, players=(pl,))


def _tokens(s: State, **add: int) -> State:
    tokens = s.players[0].tokens
    for key, n in add.items():
        tokens = tokens.set(key.replace("_", "-"), tokens.get(key.replace("_", "-"), 0) + n)
    return _edit(s, tokens=tokens)


def _counters(s: State, **add: int) -> State:
    counters = s.players[0].counters
    for key, n in add.items():
        stat = key.replace("_", ":")
        counters = counters.set(stat, counters.get(stat, 0) + n)
    return _edit(s, counters=counters)


def test_a_step_towards_a_quest_outweighs_victory_points() -> None:
    s = _solo()
    assert evaluate(_tokens(s, silk_clothes=1), 0) > evaluate(_edit(s, vp=5), 0)
    assert evaluate(_counters(s, recruited_silk=1), 0) > evaluate(_edit(s, vp=5), 0)


def test_a_statistic_the_quests_count_is_progress() -> None:
    """Recruiting a Silk character scores nothing by itself but is half of quest silk-q2
    (recruit 2): it is worth half of ``PROGRESS_SHARE`` of a quest."""
    s = _solo()
    gain = evaluate(_counters(s, recruited_silk=1), 0) - evaluate(s, 0)
    assert gain == pytest.approx(QUEST_VP * PROGRESS_SHARE / 2)
    both = evaluate(_counters(s, recruited_silk=2), 0) - evaluate(s, 0)
    assert both == pytest.approx(QUEST_VP * PROGRESS_SHARE)


def test_gold_characters_count_for_both_gold_recruit_quests() -> None:
    s = _solo()
    gold = evaluate(_counters(s, recruited_gold=1), 0) - evaluate(s, 0)
    silk = evaluate(_counters(s, recruited_silk=1), 0) - evaluate(s, 0)
    assert gold == pytest.approx(2 * silk)


def test_tokens_closer_to_the_asked_tile_are_more_progress() -> None:
    s = _solo()
    base = evaluate(s, 0)
    material = evaluate(_tokens(s, silk_material=1), 0) - base
    product = evaluate(_tokens(s, silk_product=1), 0) - base
    clothes = evaluate(_tokens(s, silk_clothes=1), 0) - base
    assert 0 < material < product < clothes
    # Silk Clothes count for three quests (2, 4 and 5 of them): 1/2 + 1/4 + 1/5 of each.
    assert clothes > QUEST_VP * PROGRESS_SHARE * (1 / 2 + 1 / 4 + 1 / 5)
    # Two Products are not more progress than the two Clothes Tiles the quest asks for.
    assert evaluate(_tokens(s, silk_product=2), 0) < evaluate(_tokens(s, silk_clothes=2), 0)


def test_progress_beyond_the_requirement_counts_no_further() -> None:
    """Silk quest 4 asks for two painted Silk frescoes: a third adds nothing."""
    s = _solo()
    assert s.players[0].count("painted:silk") == 0
    values = [evaluate(_counters(s, painted_silk=n), 0) for n in range(4)]
    assert values[0] < values[1] < values[2]
    assert values[3] == pytest.approx(values[2])


def test_completing_a_quest_is_worth_more_than_the_progress_to_it() -> None:
    s = _counters(_solo(), recruited_silk=2)
    done = attrs.evolve(s, achievements=Map(s.achievements).set("silk-q2", 0))
    assert evaluate(done, 0) - evaluate(s, 0) == pytest.approx(QUEST_VP * (1 - PROGRESS_SHARE))


def test_multiplayer_evaluation_ignores_the_quests() -> None:
    s = new_game(Options(3), 1)
    while s.phase is not Phase.ACTION:
        s = apply(s, legal_moves(s)[0])
    pl = s.players[0]
    recruited = attrs.evolve(pl, counters=pl.counters.set("recruited:silk", 2))
    edited = attrs.evolve(s, players=(recruited, *s.players[1:]))
    assert evaluate(edited, 0) == evaluate(s, 0)
