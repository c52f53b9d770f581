"""Every number of the Dunhuang rulebook, pinned on both sides.

Each test here puts a rule at its number and one past it (or one below it), so that the
number off by one in the engine or in the data fails the test. docs/dunhuang.md
("Numbers on both sides") lists every number with the tests that pin it, here and in the
other test files; these are the sides no other test held.
"""

from __future__ import annotations

import attrs
import pytest
from immutables import Map

from silkroad.core.errors import StateError
from silkroad.dunhuang import Options, is_over, solitaire_result, validate
from silkroad.dunhuang.rules import _begin_round, _cleanup_finish, _settle, claim_achievements
from silkroad.dunhuang.state import Action, ChoiceKind, Frame, Phase, State
from silkroad.dunhuang.table import Table, table

from . import test_solitaire as solo
from .helpers import (
    clear_board,
    give_character,
    give_tile,
    play,
    player,
    ready,
    set_row,
    texts,
    turn_of,
)

#: One triple of packs for each of the twelve Starting Packs (every board once).
TRIPLES = (
    ("silk", "gold", "tea"),
    ("china", "wine", "silver"),
    ("bronze", "sutra", "jade"),
    ("iron", "camel", "exotic-beauty"),
)


def board(players: int = 4, packs: tuple[str, ...] = ("silk", "gold", "tea")) -> State:
    """A cleared board, round 1, player 0 to act."""
    return turn_of(clear_board(ready(players, packs)), 0)


def ended(s: State) -> tuple[int, ...]:
    """The ranking VP (DH-4 step 4) of each player once the eighth round's cleanup ends."""
    from silkroad.dunhuang import final_breakdown

    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), next_first=None)
    end = _cleanup_finish(table(s.options), s)
    assert end.phase is Phase.OVER
    return tuple(row[3] for row in final_breakdown(end))


# -- DH-1: 14 achievement tokens a player ---------------------------------------------------


@pytest.mark.rule("DH-1")
def test_fourteen_achievement_tokens_of_a_colour_and_not_fifteen() -> None:
    """A position may hold 14 tokens of one colour, not 15 (the three boards have 15
    spots); in play nobody comes near, since the spots of a pair exclude each other."""
    s = board()
    keys = [a.key for a in table(s.options).achievements]
    assert len(keys) == 15
    validate(attrs.evolve(s, achievements=Map(dict.fromkeys(keys[:14], 0))))
    with pytest.raises(StateError, match="more than 14 achievement tokens"):
        validate(attrs.evolve(s, achievements=Map(dict.fromkeys(keys, 0))))


@pytest.mark.rule("DH-1", "DH-5")
@pytest.mark.parametrize("packs", TRIPLES)
def test_one_player_takes_at_most_four_spots_of_a_board(packs: tuple[str, ...]) -> None:
    """Rulings 1: 14 tokens always suffice, because a player can hold at most 4 spots of
    each board (of a pair with the same requirement, only one)."""
    t = table(Options(4, packs))
    for pack in t.packs:
        keys = [a.key for a in pack.achievements]
        pairs = {frozenset((k, *t.same_need[k])) for k in keys}
        assert len(pairs) == 4, pack.name


# -- DH-3.1: income from round 2, every uncovered spot --------------------------------------


@pytest.mark.rule("DH-3.1")
@pytest.mark.parametrize(("round_", "asked"), [(1, False), (2, True)])
def test_income_is_skipped_in_round_one_only(round_: int, asked: bool) -> None:
    s = give_tile(clear_board(ready()), 0, 2, 402, 2)  # one die off: two rewards uncovered
    t = table(s.options)
    s = _begin_round(t, attrs.evolve(s, round=round_, first=0))
    assert [c.player for c in s.queue if c.kind is ChoiceKind.INCOME] == ([0] if asked else [])


@pytest.mark.rule("DH-3.1")
@pytest.mark.parametrize(("dice_off", "rewards"), [(2, 2), (3, 3)])
def test_income_offers_each_uncovered_reward_the_third_is_5_vp(dice_off: int, rewards: int) -> None:
    """Two dice off the income area uncover Pigment and Coin; the third uncovers 5 VP."""
    s = clear_board(ready())
    for slot in range(dice_off):
        s = give_tile(s, 0, 2 - slot, (402, 401, 403)[slot], 2)
    t = table(s.options)
    s = _settle(t, _begin_round(t, attrs.evolve(s, round=2, first=0)))
    offered = ["take pigment", "take coin", "take vp 5"][:rewards]
    assert texts(s) == offered
    if rewards == 3:
        vp = s.players[0].vp
        assert play(s, "take vp 5").players[0].vp == vp + 5


# -- DH-3.A: the first zone is the first three spots ----------------------------------------


@pytest.mark.rule("DH-3.A")
@pytest.mark.parametrize(("spot", "takes"), [("b3", True), ("b4", False)])
def test_the_first_zone_ends_at_its_third_spot(spot: str, takes: bool) -> None:
    s = attrs.evolve(player(board(), 0, tokens={"silk-material": 1}), next_first=None)
    s = play(s, f"m1 {spot}")
    assert s.next_first == (0 if takes else None)


# -- DH-3.D: a die reaching 0, and the round track ------------------------------------------


@pytest.mark.rule("DH-3.D")
@pytest.mark.parametrize(("die", "complete"), [(2, False), (1, True)])
def test_a_fresco_completes_when_its_die_reaches_zero(die: int, complete: bool) -> None:
    s = attrs.evolve(give_tile(board(), 0, 2, 402, die), turn=1)
    s = play(s, "m1 f1.3", "e1", "done")
    p0 = s.players[0]
    assert p0.frescoes[2].die == (None if complete else die - 1)
    assert p0.left == (1 if complete else 0)
    assert p0.vp == (20 if complete else 0)


#: [DH-3.D] The round track: round 2's 18 VP is printed (the DH-3.D example), the other
#: seven are reconstructed (board.toml), 2 VP apart.
ROUND_TRACK = {1: 20, 2: 18, 3: 16, 4: 14, 5: 12, 6: 10, 7: 8, 8: 6}


@pytest.mark.rule("DH-3.D")
@pytest.mark.parametrize(("round_", "vp"), sorted(ROUND_TRACK.items()))
def test_completion_scores_the_round_track_of_its_round(round_: int, vp: int) -> None:
    s = attrs.evolve(give_tile(board(), 0, 2, 402, 1), turn=1, round=round_)
    s = play(s, "m1 f1.3", "e1", "done")
    assert s.players[0].vp == vp


# -- DH-3.E.6: the 3-VP Emperor's Quest takes one grain -------------------------------------


def _quest(grain: int, effect: str) -> State:
    """Player 0's meeple 1 (the Weaver, ``grain`` grain) performing ``effect`` alone."""
    s = give_character(board(), 0, 0, 401, grain)
    s = player(s, 0, home=(False, True, True))
    s = attrs.evolve(s, spots=s.spots.set(0, 0), action=Action(0, 0))
    return attrs.evolve(s, frames=(Frame(0, (effect, "coin"), manual=True, slot=0),))


@pytest.mark.rule("DH-3.E.6")
@pytest.mark.parametrize(("effect", "grain", "vp", "left"), [
    ("quest 1", 1, 3, 0),
    ("quest 1", 2, 3, 1),
    ("quest 2", 2, 6, 0),
    ("quest 2", 3, 6, 1),
])  # fmt: skip
def test_each_quest_icon_takes_its_grain_for_three_vp_each(
    effect: str, grain: int, vp: int, left: int
) -> None:
    s = play(_quest(grain, effect), "e1")
    assert (s.players[0].vp, s.players[0].grain[0]) == (vp, left)


# -- DH-3.E.7: Recruitment pays the printed coins -------------------------------------------


@pytest.mark.rule("DH-3.E.7")
@pytest.mark.parametrize(("coins", "recruits"), [(1, False), (2, True)])
def test_recruitment_needs_the_cards_full_cost(coins: int, recruits: bool) -> None:
    """The Weaver costs 2 coins; the other cards of the row are Gold (no coin cost)."""
    s = set_row(player(board(), 0, coins=coins), (401, 201, 202, 203))
    assert table(s.options).characters[401].cost == 2
    assert ("m1 b8" in texts(s)) is recruits
    if recruits:
        s = play(s, "m1 b8", "recruit c401 s1")
        assert (s.players[0].coins, s.players[0].grain[0]) == (0, 3)


# -- DH-3.E.9: a Payment effect is paid in full --------------------------------------------


@pytest.mark.rule("DH-3.E.9")
@pytest.mark.parametrize("item", ["coin", "pigment", "vp", "grain", "silk-material"])
@pytest.mark.parametrize(("have", "pays"), [(1, False), (2, True)])
def test_a_payment_needs_all_of_its_price(item: str, have: int, pays: bool) -> None:
    """``pay <item> 2 -> vp 5`` with one of the item cannot be resolved; with two it is,
    leaving none (grain: the meeple's character, the Weaver, which then leaves play)."""
    s = _quest(have if item == "grain" else 1, f"pay {item} 2 -> vp 5")
    if item == "coin":
        s = player(s, 0, coins=have)
    elif item == "pigment":
        s = player(s, 0, pigment=have)
    elif item == "vp":
        s = player(s, 0, vp=have)
    elif item == "silk-material":
        s = player(s, 0, tokens={"silk-material": have})
    assert ("e1" in texts(s)) is pays
    if pays:
        pl = play(s, "e1").players[0]
        left = {"coin": pl.coins, "pigment": pl.pigment, "vp": pl.vp - 5, "grain": pl.grain[0]}
        assert left.get(item, pl.count(item)) == 0
        assert pl.vp == (5 if item == "vp" else s.players[0].vp + 5)


# -- DH-5: achievement spots at their requirement, the ranking rewards ----------------------


def _spots(packs: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
    return [(packs, a.key) for a in table(Options(4, packs)).achievements]


def _with_stat(t: Table, s: State, p: int, stats: dict[str, int]) -> State:
    """Player ``p`` with these statistics: token kinds as tokens, the rest as counters (a
    sum ``a+b`` given all to ``a``)."""
    tokens: dict[str, int] = {}
    counters: dict[str, int] = {}
    for key, n in stats.items():
        key = key.split("+")[0]
        (tokens if key in t.tokens else counters)[key] = n
    return player(s, p, tokens=tokens, counters=counters)


@pytest.mark.rule("DH-5")
@pytest.mark.parametrize(
    ("packs", "key"), [x for packs in TRIPLES for x in _spots(packs)], ids=lambda v: str(v)
)
def test_every_achievement_spot_is_taken_at_its_requirement_not_one_below(
    packs: tuple[str, ...], key: str
) -> None:
    """One below the spot's number (on any one of its requirements) takes nothing; at the
    number the spot is taken with its VP. Every other spot is already held by another player."""
    s = board(4, packs)
    t = table(s.options)
    spot = next(a for a in t.achievements if a.key == key)
    others = Map({a.key: 1 for a in t.achievements if a.key != key})
    s = attrs.evolve(s, achievements=others)
    need = dict(spot.need)
    for short in need:
        below = _with_stat(t, s, 0, {**need, short: need[short] - 1})
        assert key not in claim_achievements(t, below, 0).achievements
    at = claim_achievements(t, _with_stat(t, s, 0, need), 0)
    assert at.achievements.get(key) == 0
    assert at.players[0].vp == s.players[0].vp + spot.vp


@pytest.mark.rule("DH-5")
def test_the_three_places_pay_12_6_and_3() -> None:
    """Gold board 2, 1, 0, 0 tokens: 12 and 6, no third place without a token; Tea board
    2, 2, 1, 0: the first two share 12 + 6, the third gets 3."""
    s = clear_board(ready())
    gold = {"gold-1": 0, "gold-4": 0, "gold-3": 1}
    tea = {"tea-1": 0, "tea-3": 0, "tea-4": 1, "tea-5": 1, "tea-2": 2}
    assert ended(attrs.evolve(s, achievements=Map(gold))) == (12, 6, 0, 0)
    assert ended(attrs.evolve(s, achievements=Map(tea))) == (9, 9, 3, 0)


@pytest.mark.rule("DH-5")
@pytest.mark.parametrize("clothes", [(3, 1), (2, 2), (0, 5)])
def test_the_silk_board_pays_12_6_and_3_and_ties_share_whatever_the_clothes(
    clothes: tuple[int, int],
) -> None:
    """The Silk board pays 12, 6, 3 (its `ranking` setting) and players tied on tokens
    share the places' VP rounded down, DH-5's general rule: Clothes Tiles decide nothing
    (the pack's own rule is not public, and no tie-break is printed)."""
    s = clear_board(ready())
    s = player(
        player(s, 1, tokens={"silk-clothes": clothes[0]}), 2, tokens={"silk-clothes": clothes[1]}
    )
    silk = {"silk-1": 0, "silk-3": 0, "silk-4": 1, "silk-2": 2}
    assert ended(attrs.evolve(s, achievements=Map(silk))) == (12, 4, 4, 0)
    # one token each for two players: 12 + 6 shared, 9 and 9
    assert ended(attrs.evolve(s, achievements=Map({"silk-4": 1, "silk-2": 2}))) == (0, 9, 9, 0)


@pytest.mark.rule("DH-5")
def test_a_silk_tiebreak_is_only_a_data_files_choice() -> None:
    """The invented tie-break by Clothes Tiles is off by default; a Silk data file may
    still ask for it (``ranking = "rewards 12 6 3 tiebreak silk-clothes"``)."""
    from pathlib import Path

    from silkroad.dunhuang import apply, legal_moves, new_game

    silk = Path(__file__).parents[2] / "src/silkroad/dunhuang/data/silk.toml"
    text = silk.read_text("utf-8").replace(
        'ranking = "rewards 12 6 3"', 'ranking = "rewards 12 6 3 tiebreak silk-clothes"'
    )
    assert "tiebreak" in text
    s = new_game(Options(4, data=(("silk", text),)), 1)
    while s.phase is not Phase.ACTION:
        s = apply(s, legal_moves(s)[0])
    s = clear_board(s)
    s = player(player(s, 1, tokens={"silk-clothes": 3}), 2, tokens={"silk-clothes": 1})
    assert ended(attrs.evolve(s, achievements=Map({"silk-4": 1, "silk-2": 2}))) == (0, 12, 6, 0)


@pytest.mark.rule("DH-5")
def test_the_iron_board_pays_15_and_7() -> None:
    """The Iron board's own places (its `ranking` setting): 15 and 7, and no third."""
    s = clear_board(ready(4, ("iron", "gold", "tea")))
    two = {"iron-1": 0, "iron-3": 0, "iron-4": 1}
    assert ended(attrs.evolve(s, achievements=Map(two))) == (15, 7, 0, 0)
    three = {"iron-1": 0, "iron-3": 0, "iron-4": 1, "iron-2": 2}
    assert ended(attrs.evolve(s, achievements=Map(three))) == (15, 3, 3, 0)


# -- DH-6.2: the final quest's deadline -----------------------------------------------------


@pytest.mark.rule("DH-6.2")
@pytest.mark.parametrize(("round_", "over"), [(7, False), (8, True)])
def test_the_final_quests_are_due_at_the_end_of_round_eight(round_: int, over: bool) -> None:
    """Both sets done, the final quests not: the game goes on past round 7 and ends lost
    after round 8 (the deadlines of the solitaire rulings)."""
    s = solo.arrange(solo.setup(), {2: (201, 2)})
    sets = [q.key for q in table(s.options).quests if q.stage < 3]
    s = attrs.evolve(s, round=round_, achievements=Map(dict.fromkeys(sets, 0)))
    s = solo._end_round(s)
    assert is_over(s) is over
    if over:
        result = solitaire_result(s)
        assert result is not None
        assert not result[0]
        assert "final quest" in result[2]


# -- DH-6.1: two of the three Ultimate Actions with three players -------------------------


@pytest.mark.rule("DH-6.1")
@pytest.mark.parametrize(("players", "used", "open_"), [(3, 1, True), (3, 2, False), (4, 2, True)])
def test_three_players_use_two_ultimate_actions_and_not_the_third(
    players: int, used: int, open_: bool
) -> None:
    """With ``used`` Ultimate Actions taken by player 1's meeples, the last one (u3, a Tea
    Field open to anyone) is open or not, in the legal moves and in ``spot_open``."""
    from silkroad.dunhuang.rules import spot_open
    from silkroad.dunhuang.state import ULTIMATE

    s = board(players)
    taken = {ULTIMATE + k: 3 + k for k in range(used)}
    s = attrs.evolve(s, spots=Map(taken))
    s = player(s, 1, home=tuple(m >= used for m in range(3)))
    validate(s)
    assert ("m1 u3" in texts(s)) is open_
    assert spot_open(table(s.options), s, 0, 0, ULTIMATE + 2) is open_


# -- DH-7: each quest at its printed number -------------------------------------------------

#: [DH-7] Each quest: its requirement as printed (statistic, number) and the statistics
#: that make it one below (the number less one, on the first part of a sum).
QUESTS = {
    "silk-q1": ("silk-clothes", 2),
    "silk-q2": ("recruited:silk", 2),
    "silk-q3": ("silk-clothes", 4),
    "silk-q4": ("painted:silk", 2),
    "silk-q5": ("silk-clothes", 5),
    "china-q1": ("china-faience", 1),
    "china-q2": ("painted:china", 2),
    "china-q3": ("china-whiteware+china-faience", 3),
    "china-q4": ("recruited:china", 2),
    "china-q5": ("china-whiteware+china-faience", 5),
    "tea-q1": ("trades:tea", 4),
    "tea-q2": ("tea-field2", 1),
    "tea-q3": ("trades:tea", 5),
    "tea-q4": ("painted:tea", 2),
    "tea-q5": ("routes:tea", 3),
    "gold-q1": ("recruited:gold", 2),
    "gold-q2": ("painted:gold", 1),
    "gold-q3": ("recruited:gold", 2),
    "gold-q4": ("painted:gold", 2),
    "gold-q5": ("left:gold", 6),
}


def _quest_table(key: str) -> State:
    """A solitaire game of the quest's pack (with Gold, or Silk for Gold), round 2, every
    other quest of both boards complete, and one Material of each pack to upgrade."""
    pack = key.split("-")[0]
    packs = (pack, "gold") if pack != "gold" else ("silk", "gold")
    s = solo.arrange(solo.setup(packs), {2: (201, 2)})
    t = table(s.options)
    done = {q.key: 0 for q in t.quests if q.key != key}
    return turn_of(attrs.evolve(s, round=2, achievements=Map(done)), 0)


def _quest_stats(stat: str, n: int) -> tuple[dict[str, int], dict[str, int]]:
    """Tokens and counters giving statistic ``stat`` the value ``n`` (a sum: 1 of the
    first part and the rest of the second)."""
    parts = stat.split("+")
    values = dict.fromkeys(parts, 0)
    if len(parts) == 2:
        values[parts[0]], values[parts[1]] = min(1, n), max(0, n - 1)
    else:
        values[stat] = n
    tokens = {k: v for k, v in values.items() if ":" not in k}
    counters = {k: v for k, v in values.items() if ":" in k}
    return tokens, counters


@pytest.mark.rule("DH-7", "DH-7.1", "DH-7.2", "DH-7.3", "DH-7.4")
@pytest.mark.parametrize("key", sorted(QUESTS))
def test_every_quest_completes_at_its_printed_number_not_one_below(key: str) -> None:
    stat, n = QUESTS[key]
    s = _quest_table(key)
    t = table(s.options)
    quest = next(q for q in t.quests if q.key == key)
    assert quest.need == ((stat, n),)  # as printed
    pack = key.split("-")[0]
    materials = {f"{pack}-material": 1}  # the one token an Upgrade Resource may take
    for value, completes in ((n - 1, False), (n, True)):
        tokens, counters = _quest_stats(stat, value)
        if quest.per is not None and quest.per != stat:
            counters[quest.per] = 3  # three characters to pay for
        st = player(s, 0, tokens={**materials, **tokens}, counters=counters, pigment=3)
        after = solo.claim(st)
        assert (key in after.achievements) is completes, value
    # at the number, the printed reward
    before = st.players[0]
    got = after.players[0]
    reward = [e.text for e in quest.reward]
    if quest.per is not None:
        assert quest.vp_each == 8
        assert got.vp == before.vp + 8 * before.count(quest.per)
    elif reward == ["coin 2"]:
        assert got.coins == before.coins + 2
    elif reward == ["pigment 2"]:
        assert got.pigment == before.pigment + 2
    elif reward == [f"material {pack}"]:
        assert got.count(f"{pack}-material") == before.count(f"{pack}-material") + 1
    elif reward == [f"product {pack}"]:
        assert got.count(f"{pack}-product") == before.count(f"{pack}-product") + 1
    elif reward == ["paint-for 3"]:
        assert got.pigment == before.pigment - 3
        assert after.choice is not None
        assert after.choice.kind is ChoiceKind.PAINT
    else:
        # one Upgrade Resource (Gold) or two (China), the pack's Material the one candidate
        upgraded = {"gold-q4": {"gold-product": 1}, "china-q2": {"china-whiteware": 1}}
        assert dict(got.tokens) == upgraded[key]
        assert len(reward) == {"gold-q4": 1, "china-q2": 2}[key]


@pytest.mark.rule("DH-7.3")
@pytest.mark.parametrize(("routes", "different"), [((3, 3), 1), ((3, 2), 2)])
def test_trade_routes_count_once_each(routes: tuple[int, int], different: int) -> None:
    """The Tea final quest counts different routes: a route traded twice counts once."""
    s = _quest(1, "tea-trade")
    s = attrs.evolve(s, frames=(Frame(0, ("tea-trade", "tea-trade"), manual=True, slot=0),))
    s = player(s, 0, tokens={"tea-product": 2})
    for route in routes:
        s = play(s, "e1", f"choose {route}")
    pl = s.players[0]
    assert (pl.counters["trades:tea"], pl.counters["routes:tea"]) == (2, different)


@pytest.mark.rule("DH-7.1")
@pytest.mark.parametrize(("pigment", "paints"), [(2, False), (3, True)])
def test_silks_begin_painting_reward_costs_three_pigment(pigment: int, paints: bool) -> None:
    """The second-set reward is a Begin Painting for 3 pigment: with 2 it cannot be
    resolved and is lost (solitaire ruling 3)."""
    s = _quest_table("silk-q3")
    s = player(s, 0, pigment=pigment, tokens={"silk-clothes": 4})
    s = solo.claim(s)
    assert "silk-q3" in s.achievements
    painting = s.choice is not None and s.choice.kind is ChoiceKind.PAINT
    assert painting is paints
    assert s.players[0].pigment == (0 if paints else pigment)


# -- DH-9: a lower effect paid with exactly its VP ------------------------------------------


@pytest.mark.rule("DH-9", "DH-9.2")
@pytest.mark.parametrize(("vp", "lowers"), [(1, 0), (2, 1), (6, 2)])
def test_a_lower_effect_is_paid_with_its_vp_and_not_with_one_less(vp: int, lowers: int) -> None:
    """The Sutra promo tile's lower effect costs 2 VP: 1 VP buys none, 2 VP one, and 6 VP
    only the two it allows; each lowers the tile's die by one."""
    from .test_promos import promo_table

    s = give_tile(promo_table(), 1, 2, 911, 6)
    s = set_row(player(s, 0, vp=vp, coins=9), (902, 901, 1008, 1004))
    s = play(s, "m1 f2.3")  # the upper coin; the die lowered by the helping meeple
    done = 0
    while s.frames:
        if "e1" not in texts(s):
            break
        s = play(s, "e1")
        s = play(s, texts(s)[0])  # the recruitment it buys
        done += 1
    assert done == lowers
    assert s.players[0].vp == vp - 2 * lowers
    assert s.players[1].frescoes[2].die == 5 - lowers
