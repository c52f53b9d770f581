"""Solitaire: DH-6.2 (setup and goal), DH-6.3 (special rules) and the DH-7 quests."""

from __future__ import annotations

import itertools

import attrs
import pytest
from immutables import Map

from silkroad.core.errors import RulesError
from silkroad.core.rng import Rng
from silkroad.dunhuang import (
    GAME,
    SPEC,
    Bottom,
    Options,
    Paint,
    apply,
    decode_move,
    default_options,
    determinize,
    encode_move,
    is_over,
    legal_moves,
    new_game,
    num_actions,
    observe,
    parse_move,
    render,
    scores,
    solitaire_result,
    validate,
    winners,
)
from silkroad.dunhuang.state import (
    PUBLIC,
    PUBLICS,
    SOLO_DEADLINES,
    SOLO_PACKS,
    STAGED_DEADLINES,
    ChoiceKind,
    FrescoSpot,
    Phase,
    State,
)
from silkroad.dunhuang.table import table
from silkroad.testing import check_game

from .helpers import play, player, texts, turn_of


def setup(
    packs: tuple[str, ...] = ("silk", "gold"),
    seed: int = 1,
    deadlines: tuple[int, ...] = SOLO_DEADLINES,
) -> State:
    """A solitaire game past its setup (first legal choices), at round 1's action phase."""
    s = new_game(Options(1, packs, deadlines=deadlines), seed)
    while s.phase is not Phase.ACTION:
        s = apply(s, legal_moves(s)[0])
    return s


def placed(s: State, *meeples: int) -> State:
    """``s`` with these meeples of the player on basic spots b1, b2, b3 (meeple 1 on b1...)."""
    home = tuple(m not in meeples for m in range(3))
    spots = s.spots.update({m: m for m in meeples})
    return player(attrs.evolve(s, spots=spots), 0, home=home)


def arrange(
    s: State,
    frescoes: dict[int, tuple[int, int | None]] | None = None,
    publics: tuple[int, ...] = (),
    stack: tuple[int, ...] | None = None,
    known: int = 0,
) -> State:
    """``s`` with the player's fresco spots, the public line and the stack set; every other
    tile kept aside (``gone``), the overseer dice back on the income area but those used."""
    t = table(s.options)
    frescoes = frescoes or {}
    spots = [FrescoSpot(), FrescoSpot(), FrescoSpot()]
    for slot, (tile, die) in frescoes.items():
        spots[slot] = FrescoSpot(tile, die)
    used = {tile for tile, _ in frescoes.values()} | set(publics)
    if stack is None:
        stack = tuple(x for x in t.tile_ids if x not in used)
    used |= set(stack)
    line = (*publics, *([None] * (PUBLICS - len(publics))))
    dice = sum(1 for _, die in frescoes.values() if die is not None)
    assert s.solo is not None
    s = attrs.evolve(
        s,
        solo=attrs.evolve(s.solo, stack=stack, known=known, drawn=(), publics=line),
        gone=tuple(x for x in t.tile_ids if x not in used),
    )
    return player(s, 0, frescoes=tuple(spots), income=3 - dice, left=0, right=0)


# -- DH-6.2 setup -----------------------------------------------------------------------------


@pytest.mark.rule("DH-6.2")
def test_two_random_packs_of_the_four_from_the_seed() -> None:
    seen = set()
    for seed in range(30):
        s = new_game(Options(1), seed)
        assert len(s.options.packs) == 2
        assert set(s.options.packs) <= set(SOLO_PACKS)
        assert new_game(Options(1), seed).options.packs == s.options.packs  # deterministic
        seen.add(frozenset(s.options.packs))
    assert len(seen) == 6  # every pair of the four comes up
    assert new_game(Options(1, ("tea", "china")), 5).options.packs == ("tea", "china")


@pytest.mark.rule("DH-6.2")
@pytest.mark.parametrize(
    "packs", [("silk", "gold", "tea"), ("silk",), ("silk", "silk"), ("silk", "jade")]
)
def test_solitaire_packs_are_two_of_the_four(packs: tuple[str, ...]) -> None:
    with pytest.raises(RulesError):
        Options(1, packs)


@pytest.mark.rule("DH-6.2")
def test_players_one_three_or_four() -> None:
    with pytest.raises(RulesError):
        Options(2)
    assert "solitaire" in SPEC.variants
    assert default_options(1) == Options(1)
    assert Options(1).packs == ()
    assert Options(3).packs == ("silk", "gold", "tea")  # other player counts unchanged


@pytest.mark.rule("DH-6.2")
def test_solitaire_resources_and_quest_side() -> None:
    s = new_game(Options(1, ("china", "tea")), 3)
    pl = s.players[0]
    assert (pl.coins, pl.pigment) == (1, 2)
    assert dict(pl.tokens) == {"china-material": 1, "tea-material": 1}
    t = table(s.options)
    assert t.achievements == ()  # the boards show their solitaire side
    assert [q.key for q in t.quests if q.stage == 1] == ["china-q1", "china-q2", "tea-q1", "tea-q2"]
    # every tile of both packs is in the stack or drawn (4-player-only tiles included)
    assert sorted((*s.stack, *s.drawn)) == sorted(t.tile_ids)
    assert len(t.tile_ids) == 14


@pytest.mark.rule("DH-6.2")
def test_first_fresco_from_four_drawn_then_the_rest_to_the_bottom_in_order() -> None:
    s = new_game(Options(1, ("silk", "gold")), 4)
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.PLACE
    drawn = s.drawn
    assert len(drawn) == 4
    assert s.stack[:1] != drawn[:1]
    t = table(s.options)
    placeable = [x for x in drawn if not t.tiles[x].no_start]
    assert texts(s) == [f"paint t{x}" for x in sorted(placeable)]
    first = placeable[0]
    s = play(s, f"paint t{first}")
    assert s.players[0].frescoes[2] == FrescoSpot(first, 2)  # DH-6.2.3: every die at 2
    assert s.players[0].income == 2
    rest = sorted(x for x in drawn if x != first)
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.BOTTOM
    assert texts(s) == [f"bottom t{x}" for x in rest]
    order = [rest[2], rest[0], rest[1]]
    s = play(s, f"bottom t{order[0]}", f"bottom t{order[1]}")  # the last one goes by itself
    # then four more tiles are drawn for the public frescoes
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.PUBLIC
    assert s.stack[-3:] == tuple(order)
    assert s.known == 3
    assert len(s.drawn) == 4


@pytest.mark.rule("DH-6.2")
def test_two_public_frescoes_without_dice() -> None:
    s = new_game(Options(1, ("silk", "gold")), 4)
    while s.choice is not None and s.choice.kind is not ChoiceKind.PUBLIC:
        s = apply(s, legal_moves(s)[0])
    drawn = sorted(s.drawn)
    s = play(s, f"paint t{drawn[3]}", f"paint t{drawn[1]}")
    assert s.publics[:2] == (drawn[3], drawn[1])
    assert texts(s) == [f"bottom t{drawn[0]}", f"bottom t{drawn[2]}"]
    s = play(s, f"bottom t{drawn[2]}")
    assert s.phase is Phase.ACTION
    assert s.stack[-2:] == (drawn[2], drawn[0])
    # no overseer die went to the public frescoes
    pl = s.players[0]
    assert pl.income + sum(f.die is not None for f in pl.frescoes) == 3
    from silkroad.dunhuang.rules import spot_effects

    t = table(s.options)
    for k in (0, 1):
        tile = s.publics[k]
        assert tile is not None
        assert spot_effects(t, s, PUBLIC + k) == tuple(e.text for e in t.tiles[tile].effects)


@pytest.mark.rule("DH-6.2")
def test_a_public_fresco_leaves_play_after_one_use() -> None:
    s = arrange(setup(), {2: (401, 2)}, publics=(402,))  # t402: coin; pigment
    s = turn_of(s, 0)
    coins, pigment = s.players[0].coins, s.players[0].pigment
    s = play(s, "m1 p1")
    assert s.publics[0] is None
    assert 402 in s.gone
    s = play(s, "e1", "e1")
    assert (s.players[0].coins, s.players[0].pigment) == (coins + 1, pigment + 1)
    assert "m2 p1" not in texts(s)
    # it does not come back at cleanup, and the other public frescoes stay until used
    s = arrange(setup(), {2: (401, 2)}, publics=(402, 404))
    s = placed(attrs.evolve(turn_of(s, 0), phase=Phase.ACTION), 0, 1, 2)
    from silkroad.dunhuang.rules import _settle

    s = _settle(table(s.options), s)
    assert s.round == 2
    assert s.publics[:2] == (402, 404)


@pytest.mark.rule("DH-6.2")
def test_a_public_fresco_is_open_only_to_a_player_who_can_do_its_effect() -> None:
    """t404 pays a Silk product for 5 VP: with no Silk product its public spot is closed,
    with one it is open (and t402, a gain that needs nothing, is open either way)."""
    s = turn_of(arrange(setup(), {2: (401, 2)}, publics=(404, 402)), 0)
    assert s.players[0].tokens.get("silk-product", 0) == 0
    assert "m1 p1" not in texts(s)
    assert "m1 p2" in texts(s)
    s = player(s, 0, tokens=s.players[0].tokens.set("silk-product", 1))
    assert "m1 p1" in texts(s)


@pytest.mark.rule("DH-6.2")
def test_goal_and_result_report() -> None:
    s = new_game(Options(1, ("tea", "gold")), 2)
    rng = Rng.from_seed(2)
    while not is_over(s):
        moves = legal_moves(s)
        i, rng = rng.randrange(len(moves))
        s = apply(s, moves[i])
    result = solitaire_result(s)
    assert result is not None
    won, vp, account = result
    assert vp == scores(s)[0]
    assert winners(s) == ((0,) if won else ())
    assert account.startswith("won" if won else "lost")
    assert account in render(s)
    assert solitaire_result(new_game(Options(4), 1)) is None


# -- DH-6.3 special rules -----------------------------------------------------------------------


@pytest.mark.rule("DH-6.3")
def test_continue_painting_on_own_fresco_lowers_own_die() -> None:
    # t405: material silk; continue (a 4-player-only tile, in the solitaire stack)
    s = turn_of(arrange(setup(), {2: (405, 2), 1: (401, 3)}), 0)
    s = play(s, "m1 f1.3")
    assert s.players[0].frescoes[2] == FrescoSpot(405, 1)  # lowered on placing
    s = play(s, "e2", "continue 2")
    assert s.players[0].frescoes[1] == FrescoSpot(401, 2)
    # an own fresco without Continue Painting keeps its die
    s = turn_of(arrange(setup(), {2: (402, 2)}), 0)
    s = play(s, "m1 f1.3")
    assert s.players[0].frescoes[2] == FrescoSpot(402, 2)


@pytest.mark.rule("DH-6.3")
def test_own_continue_fresco_die_does_not_change_in_the_four_player_game() -> None:
    from .helpers import clear_board, give_tile, ready

    s = turn_of(give_tile(clear_board(ready()), 0, 2, 405, 3), 0)
    s = play(s, "m1 f1.3")
    assert s.players[0].frescoes[2] == FrescoSpot(405, 3)


@pytest.mark.rule("DH-6.3")
def test_begin_painting_draws_four_and_the_rest_goes_to_the_bottom() -> None:
    stack = (401, 402, 404, 406, 201, 202)
    s = arrange(setup(), {2: (203, 3)}, stack=stack)
    s = player(turn_of(s, 0), 0, pigment=4)
    s = play(s, "m1 b5")  # Begin Painting
    assert s.players[0].pigment == 0
    assert s.drawn == (401, 402, 404, 406)
    assert s.stack == (201, 202)
    assert texts(s) == ["paint t401", "paint t402", "paint t404", "paint t406"]
    s = play(s, "paint t402")
    assert texts(s) == ["bottom t401", "bottom t404", "bottom t406"]
    s = play(s, "bottom t406", "bottom t401")
    # the tile is placed with a die at 2 and its action performed at once
    assert s.stack == (201, 202, 406, 401, 404)
    assert s.known == 3
    assert s.players[0].frescoes[1] == FrescoSpot(402, 2)
    assert s.players[0].count("painted:silk") == 1


@pytest.mark.rule("DH-6.3.2", "DH-3.E.11")
def test_a_fourth_fresco_is_public_and_its_action_is_performed_at_once() -> None:
    """[DH-6.3.2] With the three spots covered Begin Painting is still resolved, the new
    tile a public fresco: its action is performed at once (no meeple, its Emperor's Quest
    ignored, DH-3.E.11), and that being its one use it leaves play (DH-6.2.4), kept aside
    (DH-6.3.4). No die and no leftmost-spot VP: it is on no fresco spot."""
    s = arrange(
        setup(), {0: (201, 2), 1: (202, 2), 2: (203, 2)}, publics=(401,), stack=(207, 402, 404)
    )
    s = player(turn_of(s, 0), 0, pigment=4, vp=0)
    coins = s.players[0].coins
    s = play(s, "m1 b5", "paint t402")  # coin and pigment
    while s.choice is not None and s.choice.kind is ChoiceKind.BOTTOM:
        s = apply(s, legal_moves(s)[0])
    assert texts(s) == ["e1", "e2"]  # the tile's action, now
    s = play(s, "e1", "e1")
    pl = s.players[0]
    assert (pl.coins, pl.pigment, pl.vp) == (coins + 1, 1, 0)
    assert [f.tile for f in pl.frescoes] == [201, 202, 203]
    assert pl.income == 0  # no die was used
    assert pl.count("painted:silk") == 1  # painted (Solitaire rulings)
    assert s.publics[:2] == (401, None)  # not waiting on the line: used once, gone
    assert 402 in s.gone
    assert s.frames == ()
    validate(s)
    # its Emperor's Quest is ignored, as in any Begin Painting extra action
    s = arrange(setup(), {0: (201, 2), 1: (202, 2), 2: (203, 2)}, stack=(207, 402, 404))
    from .helpers import give_character

    s = give_character(player(turn_of(s, 0), 0, pigment=4), 0, 0, 204, 3)
    s = play(s, "m1 b5", "paint t207")
    while s.choice is not None and s.choice.kind is ChoiceKind.BOTTOM:
        s = apply(s, legal_moves(s)[0])
    # the pigment only (taken at once, the one option): no quest with the Miner's grain
    assert s.frames == ()
    assert s.players[0].pigment == 1
    assert s.players[0].grain[0] == 3
    assert 207 in s.gone


@pytest.mark.rule("DH-6.3.2")
def test_fourth_frescoes_never_run_out_of_room() -> None:
    """[DH-6.3.2] No limit on public frescoes: every fourth fresco is used at once, so
    Begin Painting is refused only for want of pigment or tiles (more tiles than the
    line's positions included)."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "src/silkroad/dunhuang/data/silk.toml"
    text = path.read_text(encoding="utf-8")
    extra = "".join(
        f'\n[[frescoes]]\nid = {490 + k}\nvalue = 2\neffects = ["coin"]\n'
        f'provenance = "reconstructed"\nnote = "test"\n'
        for k in range(PUBLICS)
    )
    text = text.replace("\n[[achievements]]", extra + "\n[[achievements]]", 1)
    s = new_game(Options(1, ("silk", "gold"), data=(("silk", text),)), 1)
    while s.phase is not Phase.ACTION:
        s = apply(s, legal_moves(s)[0])
    t = table(s.options)
    assert len(t.tile_ids) > PUBLICS
    s = arrange(s, {0: (201, 2), 1: (202, 2), 2: (203, 2)})
    painted = 0
    while s.stack:
        s = attrs.evolve(player(turn_of(s, 0), 0, pigment=4, home=(True, True, True)), spots=Map())
        s = play(s, "m1 b5")
        s = play(s, texts(s)[0])  # the first tile drawn
        while s.choice is not None and s.choice.kind is ChoiceKind.BOTTOM:
            s = apply(s, legal_moves(s)[0])
        while s.frames:
            s = play(s, texts(s)[0])
        painted += 1
        assert all(x is None for x in s.publics)
    assert painted == len(t.tile_ids) - 3
    assert len(s.gone) == len(t.tile_ids) - 3
    validate(s)


@pytest.mark.rule("DH-6.3")
def test_leaving_characters_are_kept_aside_and_never_reshuffled() -> None:
    from .helpers import give_character

    s = arrange(setup(), {2: (201, 2)})
    s = give_character(turn_of(s, 0), 0, 0, 404, 1)  # Dyer: pigment, 1 grain
    s = play(s, "m1 b1", "ability")
    assert s.players[0].characters[0] is None
    assert s.aside == (404,)
    assert 404 not in s.discard
    assert s.players[0].count("left:silk") == 1
    validate(s)
    # an empty deck is refilled from the discard pile only, never from the kept cards
    from silkroad.dunhuang.engine import refill_row

    s = attrs.evolve(s, deck=(), discard=(), row=(None, *s.row[1:]))
    s = refill_row(s, 0)
    assert s.row[0] is None
    assert s.aside == (404,)


@pytest.mark.rule("DH-6.3.4", "DH-7.4")
def test_the_rows_cleanup_discard_does_not_leave_play() -> None:
    """[DH-3.3.3] The row's leftmost card is discarded, into the discard pile as in the
    4-player game (DH-6.2.5); DH-6.3.4 keeps aside only what leaves play, and a row card
    never was the player's: it is not kept aside and no quest counts it (the Gold final
    quest counts the player's characters that left play)."""
    from silkroad.dunhuang.rules import _settle

    s = arrange(setup(), {2: (401, 2)})
    leftmost = s.row[0]
    s = _settle(table(s.options), placed(turn_of(s, 0), 0, 1, 2))
    assert s.round == 2
    assert leftmost is not None
    assert s.discard == (leftmost,)
    assert leftmost not in s.aside
    pack = table(s.options).characters[leftmost].pack
    assert s.players[0].count(f"left:{pack}") == 0
    validate(s)
    # [DH-3.E.7] an empty deck takes the discard pile, shuffled; never the kept cards
    assert s.solo is not None
    kept = (*s.aside, *s.deck)
    s = attrs.evolve(s, deck=(), solo=attrs.evolve(s.solo, aside=kept))
    row = s.row
    s = _settle(table(s.options), placed(turn_of(s, 0), 0, 1, 2))
    assert s.round == 3
    # the pile of both discards shuffled into a deck: one refills the row, one is left
    assert s.row[:3] == row[1:]
    assert {s.row[3], *s.deck} == {leftmost, row[0]}
    assert s.discard == ()
    assert s.aside == kept
    validate(s)


@pytest.mark.rule("DH-6.3")
def test_observation_hides_the_stack_but_the_known_bottom() -> None:
    s = arrange(setup(), {2: (201, 2)}, stack=(401, 402, 404, 202, 203), known=2)
    o = observe(s, 0)
    assert o.stack_size == 5
    assert o.stack_bottom == (202, 203)
    for k in range(5):
        d = determinize(o, k)
        assert d.stack[-2:] == (202, 203)
        assert sorted(d.stack[:3]) == [401, 402, 404]
        assert observe(d, 0) == o
        validate(d)
    assert "401" not in render(s).split("Fresco stack")[1].split("\n")[0]


# -- DH-7 quests --------------------------------------------------------------------------------

PRINTED = {
    "silk": [
        (1, ["silk-clothes 2"], ["coin 2"]),
        (1, ["recruited:silk 2"], ["material silk"]),
        (2, ["silk-clothes 4"], ["paint-for 3"]),
        (2, ["painted:silk 2"], ["pigment 2"]),
        (3, ["silk-clothes 5"], ["8 per recruited:silk"]),
    ],
    "china": [
        (1, ["china-faience 1"], ["pigment 2"]),
        (1, ["painted:china 2"], ["upgrade", "upgrade"]),
        (2, ["china-whiteware+china-faience 3"], ["coin 2"]),
        (2, ["recruited:china 2"], ["material china"]),
        (3, ["china-whiteware+china-faience 5"], ["8 per recruited:china"]),
    ],
    "tea": [
        (1, ["trades:tea 4"], ["coin 2"]),
        (1, ["tea-field2 1"], ["material tea"]),
        (2, ["trades:tea 5"], ["pigment 2"]),
        (2, ["painted:tea 2"], ["product tea"]),
        (3, ["routes:tea 3"], ["8 per recruited:tea"]),
    ],
    "gold": [
        (1, ["recruited:gold 2"], ["pigment 2"]),
        (1, ["painted:gold 1"], ["material gold"]),
        (2, ["recruited:gold 2"], ["pigment 2"]),  # the first set's requirement again
        (2, ["painted:gold 2"], ["upgrade"]),
        (3, ["left:gold 6"], ["8 per left:gold"]),
    ],
}


def _quests(pack: str) -> list[tuple[int, list[str], list[str]]]:
    from silkroad.dunhuang.packs import get

    out = []
    for q in get(pack).data.quests:
        reward = [e.text for e in q.reward]
        if q.per is not None:
            reward.append(f"{q.vp_each} per {q.per}")
        out.append((q.stage, [f"{k} {n}" for k, n in q.need], reward))
    return out


@pytest.mark.rule("DH-7.1")
def test_silk_quests_as_printed() -> None:
    assert _quests("silk") == PRINTED["silk"]


@pytest.mark.rule("DH-7.2")
def test_china_quests_as_printed() -> None:
    assert _quests("china") == PRINTED["china"]


@pytest.mark.rule("DH-7.3")
def test_tea_quests_as_printed() -> None:
    assert _quests("tea") == PRINTED["tea"]


@pytest.mark.rule("DH-7.4")
def test_gold_quests_as_printed() -> None:
    assert _quests("gold") == PRINTED["gold"]


@pytest.mark.rule("DH-7")
def test_quest_statistics_exist_in_the_data() -> None:
    """The tiles, characters and statistics the quests name are in the packs' data."""
    from silkroad.dunhuang.packs import get

    assert len(get("gold").data.characters) >= 6
    assert len(get("tea").data.routes) >= 3
    for pack in SOLO_PACKS:
        data = get(pack).data
        keys = {k.key for k in data.tokens}
        for q in data.quests:
            for stat, _ in q.need:
                for part in stat.split("+"):
                    assert part in keys or part.split(":")[0] in {
                        "recruited",
                        "painted",
                        "left",
                        "trades",
                        "routes",
                    }


def claim(s: State) -> State:
    """Check the quests now (as after an action)."""
    from silkroad.dunhuang.rules import _settle, claim_achievements

    t = table(s.options)
    return _settle(t, claim_achievements(t, s, 0))


@pytest.mark.rule("DH-7")
def test_sets_in_order_with_rewards_at_once() -> None:
    s = turn_of(arrange(setup(("silk", "gold")), {2: (201, 2)}), 0)
    s = attrs.evolve(s, achievements=Map())
    coins = s.players[0].coins
    # second-set and final requirements met, first set not: nothing is completed
    s = player(s, 0, tokens={"silk-clothes": 5}, counters={"painted:silk": 2})
    s = claim(s)
    assert dict(s.achievements) == {"silk-q1": 0}  # only the first-set quest
    assert s.players[0].coins == coins + 2
    # the rest of the first set opens the second set at once, then the final quest
    s = player(
        s,
        0,
        pigment=3,
        tokens={"silk-clothes": 5},
        counters={"painted:silk": 2, "recruited:silk": 2, "recruited:gold": 2, "painted:gold": 2},
    )
    s = claim(s)
    second = {"silk-q3", "silk-q4", "gold-q3", "gold-q4"}
    assert {"silk-q2", "gold-q1", "gold-q2", *second, "silk-q5"} == set(s.achievements) - {
        "silk-q1"
    }
    assert "gold-q5" not in s.achievements  # 6 Gold characters have not left
    # the decision rewards follow in order: silk-q3's Begin Painting for 3 pigment first
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.PAINT
    assert s.players[0].pigment == 3 + 2 + 2 + 2 - 3  # gold-q1, silk-q4, gold-q3; paid 3


@pytest.mark.rule("DH-6.2")
def test_a_quest_completed_by_an_action_is_rewarded_at_once_and_cannot_be_skipped() -> None:
    """[DH-6.2] [DH-7.2] An action paints the second China fresco: China's Upgrade x2
    quest completes when the action is over, before the next placement. Its two upgrades
    follow at once and in order; the player picks only which token to upgrade (with two
    kinds to choose from), never whether. The second set opens in the same check, and
    Gold's quest already met there pays its 2 Pigment at once too."""
    s = arrange(setup(("china", "gold")), {2: (201, 2)}, stack=(505, 502, 503, 504, 202, 203))
    s = attrs.evolve(s, achievements=Map(dict.fromkeys(["china-q1", "gold-q1", "gold-q2"], 0)))
    s = player(
        turn_of(s, 0),
        0,
        pigment=4,
        tokens={"china-material": 1},
        counters={"painted:china": 1, "recruited:gold": 2, "painted:gold": 1},
    )
    s = play(s, "m1 b5", "paint t505", "bottom t502", "bottom t503")  # t504 last by itself
    # the painted tile's own action: Pigment and China Material, the player's choice
    assert texts(s) == ["e1", "e2"]
    s = play(s, "e1")
    assert "china-q2" not in s.achievements  # quests wait for the end of the action
    s = play(s, "e1")
    assert {"china-q2", "gold-q3"} <= set(s.achievements)
    assert s.players[0].pigment == 4 - 4 + 1 + 2
    # the first upgrade had one token to take (China Material, two of them) and is done
    assert s.players[0].tokens.get("china-product") == 1
    # the second has two kinds: a choice of what, and no way to leave it out
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.UPGRADE
    assert texts(s) == ["upgrade china-material", "upgrade china-product"]
    s = play(s, "upgrade china-product")
    assert dict(s.players[0].tokens) == {"china-material": 1, "china-whiteware": 1}
    assert s.frames == ()
    assert s.choice is None
    assert texts(s)[0].startswith("m2 ")  # the next placement


@pytest.mark.rule("DH-7.1")
def test_silk_second_set_paints_for_three_pigment_and_final_pays_per_character() -> None:
    s = turn_of(arrange(setup(("silk", "gold")), {2: (201, 2)}), 0)
    done = Map(dict.fromkeys(["silk-q1", "silk-q2", "gold-q1", "gold-q2", "silk-q4"], 0))
    s = attrs.evolve(s, achievements=done)
    s = player(s, 0, pigment=3, tokens={"silk-clothes": 4}, counters={"recruited:silk": 3})
    s = claim(s)
    assert "silk-q3" in s.achievements
    assert s.players[0].pigment == 0
    assert s.choice is not None
    assert s.choice.kind is ChoiceKind.PAINT
    assert len(s.drawn) == 4
    # the final quest: 8 VP per Silk character ever recruited
    s = turn_of(arrange(setup(("silk", "gold")), {2: (201, 2)}), 0)
    every = [q.key for q in table(s.options).quests if q.key != "silk-q5"]
    s = attrs.evolve(s, achievements=Map(dict.fromkeys(every, 0)))
    s = player(s, 0, vp=10, tokens={"silk-clothes": 5}, counters={"recruited:silk": 3})
    s = claim(s)
    assert "silk-q5" in s.achievements
    assert s.players[0].vp == 10 + 24


@pytest.mark.rule("DH-7.2")
def test_china_first_set_gives_two_upgrades() -> None:
    s = turn_of(arrange(setup(("china", "gold")), {2: (201, 2)}), 0)
    s = attrs.evolve(s, achievements=Map({"china-q1": 0, "gold-q1": 0, "gold-q2": 0}))
    s = player(s, 0, tokens={"china-material": 1}, counters={"painted:china": 2})
    s = claim(s)
    assert "china-q2" in s.achievements
    # two Upgrade Resource effects, the single candidate taken each time
    assert s.players[0].tokens.get("china-whiteware") == 1


@pytest.mark.rule("DH-7.3")
def test_tea_second_set_gives_a_tea_product() -> None:
    s = turn_of(arrange(setup(("tea", "gold")), {2: (201, 2)}), 0)
    first = Map(dict.fromkeys(["tea-q1", "tea-q2", "gold-q1", "gold-q2"], 0))
    s = attrs.evolve(s, achievements=first)
    s = player(s, 0, tokens={}, counters={"painted:tea": 2, "trades:tea": 4})
    s = claim(s)
    assert "tea-q4" in s.achievements
    assert "tea-q3" not in s.achievements
    assert s.players[0].tokens.get("tea-product") == 1


@pytest.mark.rule("DH-7.4")
def test_gold_final_quest_pays_per_character_that_left() -> None:
    s = turn_of(arrange(setup(("silk", "gold")), {2: (201, 2)}), 0)
    every = [q.key for q in table(s.options).quests if q.key != "gold-q5"]
    s = attrs.evolve(s, achievements=Map(dict.fromkeys(every, 0)))
    s = player(s, 0, vp=0, counters={"left:gold": 5})
    assert "gold-q5" not in claim(s).achievements
    s = claim(player(s, 0, vp=0, counters={"left:gold": 7}))
    assert "gold-q5" in s.achievements
    assert s.players[0].vp == 56


@pytest.mark.rule("DH-7.4")
def test_gold_second_set_repeats_the_first_and_completes_when_the_set_opens() -> None:
    """Solitaire ruling 2: the printed requirement, 2 Gold characters recruited, counted
    from the start of the game; met already, it completes as soon as the second set opens,
    in the same check as the last first-set quest."""
    from silkroad.dunhuang.packs import get

    q1, _, q3, *_ = get("gold").data.quests
    assert (q1.stage, q3.stage) == (1, 2)
    assert (q3.text, q3.need, q3.reward) == (q1.text, q1.need, q1.reward)
    s = turn_of(arrange(setup(("silk", "gold")), {2: (201, 2)}), 0)
    first = Map(dict.fromkeys(["silk-q1", "silk-q2", "gold-q1"], 0))
    s = attrs.evolve(s, achievements=first)
    pigment = s.players[0].pigment
    # gold-q2 still open: the second set is closed, gold-q3 waits though it is met
    s = claim(player(s, 0, counters={"recruited:gold": 2}))
    assert "gold-q3" not in s.achievements
    # the last first-set quest opens the second set, and gold-q3 completes with it
    s = claim(player(s, 0, counters={"recruited:gold": 2, "painted:gold": 1}))
    assert {"gold-q2", "gold-q3"} <= set(s.achievements)
    assert s.players[0].pigment == pigment + 2  # gold-q3's reward; gold-q2 gives a Material
    assert s.players[0].tokens.get("gold-material", 0) >= 1


# -- designated time (Rulings) and whole games ---------------------------------------------------


def _end_round(s: State) -> State:
    """Finish the round: every meeple sits out, then the cleanup runs."""
    from silkroad.dunhuang.rules import _settle

    s = placed(turn_of(s, 0), 0, 1, 2)
    return _settle(table(s.options), s)


@pytest.mark.rule("DH-6.2.6")
def test_by_default_every_set_is_due_by_the_end_of_round_eight() -> None:
    """[DH-6.2.6] The only time the rulebook designates is the game's eight rounds: by
    default no set is due before the end of round 8, and a set open then loses."""
    assert Options(1).deadlines == SOLO_DEADLINES == (8, 8, 8)
    s = attrs.evolve(arrange(setup(), {2: (201, 2)}), round=4)
    for round_ in (4, 5, 6, 7):
        s = _end_round(s)
        assert not is_over(s)  # no quest done, the game goes on
        assert s.round == round_ + 1
    s = _end_round(s)
    assert is_over(s)
    assert s.round == 8
    assert winners(s) == ()
    result = solitaire_result(s)
    assert result is not None
    assert not result[0]
    assert result[2].startswith("lost: the first set was not done by the end of round 8")
    validate(s)


@pytest.mark.rule("DH-6.2.6")
def test_deadlines_are_an_option_of_solitaire_only() -> None:
    assert Options(1, deadlines=[4, 6, 8]).deadlines == STAGED_DEADLINES == (4, 6, 8)
    assert Options(1, deadlines=(2, 2, 5)).deadlines == (2, 2, 5)
    assert Options(1, deadlines=(1, 1, 1)).deadlines == (1, 1, 1)  # round 1 can be one
    assert Options(4).deadlines == Options(3).deadlines == SOLO_DEADLINES
    for bad in ((4, 6), (4, 6, 8, 8), (0, 6, 8), (4, 6, 9), (6, 4, 8), (4, 6, True), "468", 8):
        with pytest.raises(RulesError, match="deadlines"):
            Options(1, deadlines=bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="solitaire only"):
        Options(4, deadlines=STAGED_DEADLINES)
    with pytest.raises(RulesError, match="solitaire only"):
        Options(3, deadlines=(7, 8, 8))


@pytest.mark.rule("DH-6.2.6")
def test_the_deadlines_travel_with_the_options() -> None:
    """Records, JSON, positions and the command line carry the option."""
    from silkroad.cli.common import build_options
    from silkroad.core.replay import Record, replay
    from silkroad.core.serialize import dumps, from_data, loads, to_data
    from silkroad.dunhuang.position import from_position, to_position

    staged = Options(1, deadlines=STAGED_DEADLINES)
    assert to_data(staged)["deadlines"] == [4, 6, 8]
    assert from_data(to_data(staged), Options) == staged
    assert loads(dumps(staged, GAME), Options, GAME) == staged
    assert build_options(GAME, 1, ["deadlines=[4,6,8]"]) == staged
    assert build_options(GAME, 1, []).deadlines == SOLO_DEADLINES
    s = new_game(staged, 3)
    assert s.options.deadlines == STAGED_DEADLINES  # the drawn packs keep it
    text = to_position(s)
    assert "deadlines = [4, 6, 8]" in text
    assert from_position(text).options == s.options
    assert "deadlines" not in to_position(new_game(Options(1), 3))  # the default is left out
    moves = []
    rng = Rng.from_seed(3)
    while not is_over(s):
        legal = legal_moves(s)
        i, rng = rng.randrange(len(legal))
        moves.append(legal[i])
        s = apply(s, legal[i])
    record = Record.from_moves(GAME, staged, 3, moves)
    assert record.options.deadlines == STAGED_DEADLINES
    again = Record.from_json(record.to_json(game=GAME), game=GAME)
    assert again.options == staged
    assert scores(replay(again, GAME)) == scores(s)


@pytest.mark.rule("DH-6.2.6")
def test_staged_deadlines_the_first_set_by_round_four() -> None:
    s = attrs.evolve(arrange(setup(deadlines=STAGED_DEADLINES), {2: (201, 2)}), round=3)
    s = _end_round(s)
    assert not is_over(s)
    assert s.round == 4
    s = _end_round(s)
    assert is_over(s)
    assert s.round == 4
    assert winners(s) == ()
    result = solitaire_result(s)
    assert result is not None
    assert not result[0]
    assert "first set" in result[2]
    validate(s)


@pytest.mark.rule("DH-6.2.6")
def test_quests_met_at_the_deadline_cleanup_count() -> None:
    s = attrs.evolve(arrange(setup(deadlines=STAGED_DEADLINES), {2: (201, 2)}), round=4)
    s = player(
        s,
        0,
        tokens={"silk-clothes": 2},
        counters={"recruited:silk": 2, "recruited:gold": 2, "painted:gold": 1},
    )
    s = _end_round(s)
    assert not is_over(s)
    assert {"silk-q1", "silk-q2", "gold-q1", "gold-q2"} <= set(s.achievements)


@pytest.mark.rule("DH-6.2.6")
def test_staged_deadlines_the_second_set_by_round_six() -> None:
    def at(round_: int) -> State:
        s = arrange(setup(deadlines=STAGED_DEADLINES), {2: (201, 2)})
        return attrs.evolve(s, round=round_, achievements=first)

    first = Map(dict.fromkeys(["silk-q1", "silk-q2", "gold-q1", "gold-q2"], 0))
    s = _end_round(at(6))
    assert is_over(s)
    assert "second set" in (solitaire_result(s) or (0, 0, ""))[2]
    assert not is_over(_end_round(at(5)))


@pytest.mark.rule("DH-6.2.6")
@pytest.mark.parametrize(("deadlines", "lost_after"), [((2, 3, 8), 2), ((3, 3, 3), 3)])
def test_any_deadlines_given(deadlines: tuple[int, ...], lost_after: int) -> None:
    s = arrange(setup(deadlines=deadlines), {2: (201, 2)})
    while not is_over(s):
        s = _end_round(s)
    assert s.round == lost_after
    assert f"by the end of round {lost_after}" in (solitaire_result(s) or (0, 0, ""))[2]


@pytest.mark.rule("DH-6.2")
def test_a_game_won() -> None:
    """Scenario: every quest but the Gold final one done in round 8; the last action
    completes it, and the game ends won."""
    s = arrange(setup(("silk", "gold"), 2), {2: (201, 2)})
    every = [q.key for q in table(s.options).quests if q.key != "gold-q5"]
    s = attrs.evolve(s, round=8, achievements=Map(dict.fromkeys(every, 0)))
    s = player(
        placed(turn_of(s, 0), 1, 2),
        0,
        vp=40,
        counters={"left:gold": 5, "recruited:gold": 6},
        grain=(0, 0, 0),
    )
    from .helpers import give_character

    s = give_character(s, 0, 0, 203, 1)  # Banker: coin 2, leaving vp 2, last grain
    s = play(s, "m1 b1", "ability")
    assert s.players[0].count("left:gold") == 6  # the Banker was the sixth
    assert is_over(s)
    result = solitaire_result(s)
    assert result is not None
    assert result[0]
    assert winners(s) == (0,)
    assert result[1] == scores(s)[0]
    assert result[1] >= 40 + 48
    assert "won" in render(s)


@pytest.mark.rule("DH-6.2")
def test_a_game_lost_in_play() -> None:
    s = new_game(Options(1), 11)
    rng = Rng.from_seed(11)
    while not is_over(s):
        moves = legal_moves(s)
        i, rng = rng.randrange(len(moves))
        s = apply(s, moves[i])
    assert winners(s) == ()
    assert solitaire_result(s) is not None


@pytest.mark.rule("DH-6.2")
def test_action_space_does_not_depend_on_the_packs_drawn() -> None:
    sizes = {num_actions(Options(1, pair)) for pair in itertools.combinations(SOLO_PACKS, 2)}
    assert sizes == {num_actions(Options(1))}
    s = new_game(Options(1, ("silk", "gold")), 4)
    s = apply(s, legal_moves(s)[0])
    for m in legal_moves(s):
        assert isinstance(m, Bottom)
        assert decode_move(s, encode_move(s, m)) == m
        assert parse_move(s, str(m)) == m
    assert parse_move(s, "m2 p3") == parse_move(s, "m2 p3")
    assert str(parse_move(s, "m2 p3")) == "m2 p3"
    assert isinstance(parse_move(s, "paint t401"), Paint)


@pytest.mark.rule("DH-6.2")
@pytest.mark.parametrize("pair", list(itertools.combinations(SOLO_PACKS, 2)))
def test_conformance_every_pair(pair: tuple[str, str]) -> None:
    check_game(
        GAME,
        Options(1, pair),
        seeds=range(2),
        determinize_samples=1,
        every_move=False,
        allow_no_winner=True,
        check_every=2,  # validate and the end at every decision (the drawn packs: all)
    )


@pytest.mark.rule("DH-6.3")
def test_conformance_drawn_packs() -> None:
    check_game(GAME, Options(1), seeds=range(3), determinize_samples=2, allow_no_winner=True)


@pytest.mark.rule("DH-6.3.3")
def test_a_short_stack_draws_what_is_left() -> None:
    s = arrange(setup(), {2: (201, 2)}, stack=(402,))
    s = player(turn_of(s, 0), 0, pigment=8)
    s = play(s, "m1 b5")  # one tile left: drawn and placed (its action follows)
    assert s.stack == ()
    assert s.players[0].frescoes[1].tile == 402
    while s.frames or s.choice is not None:
        s = play(s, texts(s)[0])
    s = turn_of(s, 0)
    from silkroad.dunhuang.engine import can_paint

    assert s.players[0].pigment >= 4
    assert not can_paint(table(s.options), s, 0)  # nothing left to draw
    assert not [m for m in texts(s) if m.endswith("b5")]
