"""The work the rules do once instead of again (docs/dunhuang.md, "Speed") gives what
the plain computation gives: the per-table plan of the placements (the answers the
table decides, each effect's own test), a state settled once (settling it again
changes nothing), the per-seat memos of fruitless achievement checks and of the
achievements the counters reach, and the choices made once or as one dict."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from silkroad.core.rng import Rng
from silkroad.dunhuang import Options, apply, engine, legal_moves, new_game
from silkroad.dunhuang import rules as R
from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.state import Choice, ChoiceKind, Frame, Phase, State
from silkroad.dunhuang.table import table

#: Every pack at least once, the promos, solitaire, each player count.
SETUPS = [
    Options(3),
    Options(4, ("iron", "exotic-beauty", "tea")),
    Options(3, ("wine", "silver", "bronze"), promos=True),
    Options(4, ("jade", "sutra", "china"), promos=True),
    Options(3, ("camel", "gold", "silk")),
    Options(1, ("silk", "tea")),
]


def _states(options: Options, seed: int) -> Iterator[State]:
    """The states of a seeded random game, each as ``apply`` returns it."""
    s = new_game(options, seed)
    rng = Rng.from_seed(seed)
    moves = legal_moves(s)
    while moves:
        yield s
        i, rng = rng.randrange(len(moves))
        s = apply(s, moves[i])
        moves = legal_moves(s)
    yield s


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize("options", SETUPS, ids=lambda o: f"{o.players}-{'-'.join(o.packs)}")
def test_the_answers_the_plan_takes_from_the_table_are_those_of_engine_can(
    options: Options,
) -> None:
    # the placements do not test a gain or an Emperor's Quest without a character spot:
    # the plan's answer is engine.can's in every placement state, for every player
    t = table(options)
    _, tested, _, _, _, known, tiles, checks = R._spot_plan(t)
    assert known  # some effects are decided by the table
    slotless = R._SLOTLESS | {k for k, hook in t.effects.items() if hook.frameless}
    for spot, (same, effects, slotted) in tested.items():
        assert same == spot
        assert slotted == tuple(e for e in effects if e.kind not in slotless)
    for tile, entry in tiles.items():
        assert (entry is None) == (tile in t.free_tiles)
        for spot, (same, effects, slotted) in (entry or {}).items():
            assert same == spot
            assert t.spots[spot].kind in ("fresco", "public")
            assert effects == t.tiles[tile].effects
            assert slotted == tuple(e for e in effects if e.kind not in slotless)
    checked = 0
    answers: dict[str, set[bool]] = {text: set() for text in checks}
    for s in _states(options, 1):
        if s.phase is not Phase.ACTION or s.choice is not None or s.frames:
            continue
        for p in range(len(s.players)):
            plain = Frame(p, ())
            for text, answer in known.items():
                assert engine.can(t, s, plain, parse_effect(text)) is answer, text
                checked += 1
            # each effect's own test (engine.tester) answers as engine.can does, with and
            # without a meeple's character spot
            for fr in (plain, *(Frame(p, (), slot=m) for m in range(3))):
                for text, test in checks.items():
                    e = parse_effect(text)
                    answer = test(t, s, fr, e)
                    assert answer is engine.can(t, s, fr, e), text
                    # and as engine.lack, written apart from them (the row's cheapest
                    # cost of a Recruitment kept for the row: engine.cheapest)
                    assert answer is (engine.lack(t, s, fr, e) is None), text
                    answers[text].add(answer)
    assert checked > 50
    # the tests were compared on answers of both kinds, for most of the effects
    both = [text for text in checks if answers[text] == {True, False}]
    assert len(both) * 2 >= len([text for text in checks if text not in known])


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize("options", SETUPS[:3], ids=lambda o: f"{o.players}-{'-'.join(o.packs)}")
def test_a_state_apply_returns_is_settled_once_for_all(options: Options) -> None:
    # _settle returns what _play made of the one automatic move without settling it again:
    # settling any state apply returns changes nothing (not even the object)
    t = table(options)
    count = 0
    for s in _states(options, 2):
        assert R._settle(t, s) is s
        count += 1
    assert count > 100


def test_the_choice_tables_and_set_choice_build_what_choice_builds() -> None:
    s = new_game(Options(3), 0)
    for p in range(4):
        assert R._DRAFT_CHOICES[p] == Choice(ChoiceKind.DRAFT, p)
        assert R._INCOME_CHOICES[p] == Choice(ChoiceKind.INCOME, p)
        assert R._ABILITY_CHOICES[p] == Choice(ChoiceKind.ABILITY, p)
        assert R._LEFT_CHOICES[p] == Choice(ChoiceKind.GAIN, p, "left")
        assert R._RIGHT_CHOICES[p] == Choice(ChoiceKind.GAIN, p, "right")
    for kind, player, arg, n, slot in [
        (ChoiceKind.UPGRADE, 0, "", 0, None),
        (ChoiceKind.RECRUIT, 2, "paid", 0, 1),
        (ChoiceKind.PACK, 1, "mimic", 1, 2),
    ]:
        got = engine.set_choice(s, kind, player, arg, n, slot).choice
        made = Choice(kind, player, arg, n, slot)
        assert got == made
        assert hash(got) == hash(made)
        assert got.__dict__ == made.__dict__
        assert list(got.__dict__) == [a.name for a in attrs.fields(Choice)]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            got.arg = "x"  # type: ignore[misc]


@pytest.mark.rule("DH-5")
def test_a_fruitless_achievement_check_is_remembered_for_its_very_objects_only() -> None:
    options = Options(3)
    t = table(options)
    states = [s for s in _states(options, 3) if s.phase is Phase.ACTION]
    fruitless = 0
    for s in states[::7]:
        for p in range(3):
            R._fruitless[p].clear()
            fresh = R.claim_achievements(t, s, p)
            again = R.claim_achievements(t, s, p)  # through the memo when fresh was fruitless
            assert again.achievements == fresh.achievements
            if fresh is s:
                fruitless += 1
                key, (counters, claimed, table_) = R._fruitless[p].pair
                assert key is s.players[p].tokens
                assert (counters, claimed, table_) == (s.players[p].counters, s.achievements, t)
                assert again is s
    assert fruitless > 10
    # the memo of one seat is no answer for another seat, nor for other claims: a
    # state whose claims were cleared claims again what the requirements give
    late = next(s for s in reversed(states) if s.achievements)
    owner = next(iter(late.achievements.values()))
    R.claim_achievements(t, late, owner)
    cleared = engine.with_field(late, "achievements", type(late.achievements)())
    assert R.claim_achievements(t, cleared, owner).achievements


@pytest.mark.rule("DH-5")
@pytest.mark.parametrize("options", SETUPS[:5], ids=lambda o: f"{o.players}-{'-'.join(o.packs)}")
def test_the_achievements_the_counters_reach_are_kept_for_the_counters_only(
    options: Options,
) -> None:
    # _counter_picks keeps, per seat, the spots whose first need the counters meet; an
    # answer read back from the memo is the answer of the counters asked, found afresh,
    # and the first needs split by kind are every indexed first need
    t = table(options)
    tests, by_token, by_counter, always = R._achievement_index(t)
    assert {stat for stat, _ in by_token} <= set(t.tokens)
    assert not {stat for stat, _ in by_counter} & set(t.tokens)
    firsts = sorted(i for _, spots in (*by_token, *by_counter) for _, i in spots)
    assert sorted([*firsts, *always]) == list(range(len(tests)))
    reached = 0
    for s in _states(options, 4):
        for p, pl in enumerate(s.players):
            got = R._counted[p].pair
            if got[0] is pl.counters and got[1][0] is t:
                memo = got[1][1]
            else:
                memo = R._counter_picks(t, pl.counters, by_counter, p)
            R._counted[p].clear()
            fresh = R._counter_picks(t, pl.counters, by_counter, p)
            assert memo == fresh
            assert fresh == tuple(
                i for stat, spots in by_counter for least, i in spots if pl.count(stat) >= least
            )
            reached += bool(fresh)
    assert reached


@pytest.mark.rule("DH-3.1.2")
@pytest.mark.parametrize("options", SETUPS, ids=lambda o: f"{o.players}-{'-'.join(o.packs)}")
def test_the_tokens_starting_effects_made_on_the_board_are_those_made_one_by_one(
    options: Options,
) -> None:
    # _token_starts copies the state once per player, not once per gain: the state it
    # makes is the one the gains made one by one make, on every state of a game
    t = table(options)
    gained = 0
    for s in list(_states(options, 4))[::3]:
        for p in range(len(s.players)):
            one_by_one = s
            for token in t.start_tokens:
                for _ in range(one_by_one.players[p].tokens.get(token.key, 0)):
                    for e in token.start:
                        one_by_one = engine.gain(t, one_by_one, p, e)
            got = R._token_starts(t, s, p)
            assert got == one_by_one
            gained += got is not s
    assert gained or not t.start_tokens


@pytest.mark.rule("DH-3.E.7")
@pytest.mark.parametrize("options", SETUPS, ids=lambda o: f"{o.players}-{'-'.join(o.packs)}")
def test_the_recruitments_listed_are_those_recruit_allowed_allows(options: Options) -> None:
    # a paid Recruitment's moves test the cost without writing a reason for a refused card
    t = table(options)
    paid = 0
    for seed in range(3):
        for s in _states(options, seed):
            c = s.choice
            if c is None or c.kind is not ChoiceKind.RECRUIT:
                continue
            expected = {
                (card, slot)
                for card in s.row
                if card is not None and engine.recruit_allowed(t, s, c.arg, c.player, card)
                for slot in R.recruit_slots(s, c)
            }
            listed = [(m.card, m.slot) for m in legal_moves(s)]
            assert len(listed) == len(set(listed))
            assert set(listed) == expected
            paid += c.arg == "paid"
    assert paid


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize("options", SETUPS, ids=lambda o: f"{o.players}-{'-'.join(o.packs)}")
def test_apply_writes_into_no_state_it_was_given_or_returned(options: Options) -> None:
    # the settling writes the end of an action, a queued decision and a popped frame into
    # a state the move's play made itself, never into the state given to apply nor one
    # returned before (nor the one the moves memo holds): every state keeps what it held
    # when apply returned it, and its listed moves are those listed from scratch
    t = table(options)
    seen: list[tuple[State, str]] = []
    for s in _states(options, 3):
        seen.append((s, repr(s)))
        assert legal_moves(s) == R._moves(t, s)
    assert len(seen) > 40
    for s, text in seen:
        assert repr(s) == text


@pytest.mark.rule("DH-3.2")
def test_settling_a_state_it_did_not_make_copies_it() -> None:
    # a state settling did not make (here one built from a played one, the action's
    # frame ended or left with nothing to resolve) is copied, never written: the written
    # end of an action and popped frame are for the states the move's play made
    options = SETUPS[0]
    t = table(options)
    mid = next(s for s in _states(options, 4) if s.action is not None and s.choice is None)
    assert mid.action is not None
    p = mid.action.player
    for frames in ((), (Frame(p, ()),)):
        s = attrs.evolve(mid, frames=frames)
        text = repr(s)
        settled = R._settle(t, s)
        assert repr(s) == text
        assert settled is not s
        assert settled.action is None or settled.choice is not None
