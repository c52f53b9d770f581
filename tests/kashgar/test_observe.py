"""[KG-7] Observations hide deck order, the RNG and private looks; determinize."""

from __future__ import annotations

import importlib
import itertools
import math
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from pyrsistent import pset, pvector

from silkroad.core.errors import RulesError, StateError
from silkroad.core.rng import Rng
from silkroad.kashgar import (
    CaravanAction,
    Keep,
    Options,
    Pass,
    apply,
    determinize,
    known_facts,
    legal_moves,
    new_game,
    observe,
    validate,
)
from silkroad.kashgar.cards import DeckKind
from silkroad.kashgar.rules import current_player, turned_frozenset
from silkroad.kashgar.state import Decision, State
from silkroad.kashgar.table import table

from .helpers import Builder, play, waiting_for

observe_module = importlib.import_module("silkroad.kashgar.observe")


@pytest.mark.rule("KG-7")
def test_observation_hides_deck_order_and_rng() -> None:
    state = new_game(Options.create(3), 4)
    shuffled = attrs.evolve(
        state,
        standard=state.standard[::-1],
        rng=Rng.from_seed(99),
        order_deck=state.order_deck[::-1],
        special=state.special[::-1],
    )
    for p in range(3):
        obs = observe(state, p)
        assert obs == observe(shuffled, p)
        assert not any(isinstance(getattr(obs, f.name), Rng) for f in attrs.fields(type(obs)))
        assert obs.standard_size == len(state.standard)


@pytest.mark.rule("KG-7")
def test_knowledge_of_cards_put_under_a_deck_is_private_and_survives_determinize() -> None:
    b = Builder()
    prophet = b.card("prophet")
    s1, s2 = b.card("vizier"), b.card("goldsmith")
    state = b.state([[[prophet]], [[b.card("baker")]]], special_top=[s1, s2])
    state = play(state, CaravanAction(0, 0), Keep(s1))
    mine = observe(state, 0)
    theirs = observe(state, 1)
    assert [k.card for k in mine.known] == [s2]
    assert theirs.known == ()
    assert len(theirs.others_known) == 1
    for seed in range(5):
        world = determinize(mine, seed)
        validate(world)
        assert world.special[-1] == s2  # the known card stays where the player put it
        assert observe(world, 0) == mine
        other_world = determinize(theirs, seed)
        validate(other_world)
        assert observe(other_world, 1) == theirs


@pytest.mark.rule("KG-7")
def test_known_facts_name_the_card_put_under_a_deck_and_the_cards_looked_at() -> None:
    b = Builder()
    prophet = b.card("prophet")
    s1, s2 = b.card("vizier"), b.card("goldsmith")
    state = b.state([[[prophet]], [[b.card("baker")]]], special_top=[s1, s2])
    looking = play(state, CaravanAction(0, 0))
    # the other player knows how many Special cards player 0 looks at, not which
    facts = known_facts(observe(looking, 1))
    assert [f.text for f in facts] == ["P0 looks at 2 cards of the special deck"]
    state = play(looking, Keep(s1))
    (fact,) = known_facts(observe(state, 0))
    assert "lies at place" in fact.text
    assert "special pile" in fact.text
    assert fact.holds(state)
    for seed in range(5):
        assert fact.holds(determinize(observe(state, 0), seed))
    moved = attrs.evolve(state, special=pvector([s2, *(c for c in state.special if c != s2)]))
    assert not fact.holds(moved)
    assert known_facts(observe(state, 1)) == ()


@pytest.mark.rule("KG-7")
def test_determinize_redeals_hidden_cards_only() -> None:
    state = new_game(Options.create(4, expansion="all"), 2)
    rng = Rng.from_seed(5)
    for _ in range(40):
        moves = legal_moves(state)
        i, rng = rng.randrange(len(moves))
        state = apply(state, moves[i])
    for p in range(4):
        obs = observe(state, p)
        worlds = [determinize(obs, k) for k in range(3)]
        for w in worlds:
            validate(w)
            assert observe(w, p) == obs
            assert w.caravans == state.caravans
            assert w.discard == state.discard
        assert any(w.standard != state.standard for w in worlds)


def _uniform_enough(counts: Counter[Any], cells: int) -> bool:
    """Chi-square of ``counts`` against ``cells`` equally likely outcomes, every one of
    them seen, below the mean plus six standard deviations (the seeds are fixed, so the
    test gives the same answer every time; a biased deal of a few percent fails it)."""
    draws = sum(counts.values())
    expected = draws / cells
    statistic = sum((n - expected) ** 2 / expected for n in counts.values())
    dof = cells - 1
    return len(counts) == cells and statistic < dof + 6 * math.sqrt(2 * dof)


@pytest.mark.rule("KG-7")
def test_deal_orders_each_pool_uniformly_and_independently() -> None:
    # two pools of 4 and 3 cards: 24 x 6 joint orders, each as likely (and the draws of
    # a deal of several pools packed in one integer line up with the pools)
    pools = ((10, 11, 12, 13), (20, 21, 22))
    lanes = observe_module._lanes((4, 3))
    counts: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for seed in range(14_400):
        dealt, _, _ = observe_module._deal(seed, pools, lanes)
        counts[tuple(map(tuple, dealt))] += 1
    for arrangement in counts:
        assert [sorted(a) for a in arrangement] == [list(p) for p in pools]
    assert _uniform_enough(counts, 24 * 6)
    first: Counter[object] = Counter(k[0] for k in counts.elements())
    assert _uniform_enough(first, 24)


@pytest.mark.rule("KG-7")
def test_deal_draws_are_lemires_and_rejected_ones_drawn_again() -> None:
    bounds_of = (9, 7, 3)
    lanes = observe_module._lanes(bounds_of)
    assert lanes.bounds == (9, 8, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2, 3, 2)
    bits = 2**24
    rng = Rng.from_seed(3)
    for _ in range(50):  # every lane: the top of v * m, as Lemire's method draws it
        values = []
        for _m in lanes.bounds:
            v, rng = rng.randrange(bits)
            values.append(v)
        packed = sum(v << (32 * k) for k, v in enumerate(values))
        draws, spare = observe_module._deal_draws(packed, lanes, 0)
        expect = [v * m >> 24 for v, m in zip(values, lanes.bounds, strict=True)]
        assert list(draws) == expect
        assert spare is None
    # v = 0 in every lane: a low part of 0 is rejected where 2**24 mod m > 0 (m not a
    # power of two), and those lanes are drawn from the spare generator, in lane order
    draws, spare = observe_module._deal_draws(0, lanes, 77)
    gen = Rng.from_seed(77)
    for draw, m in zip(draws, lanes.bounds, strict=True):
        if bits % m:
            want, gen = gen.randrange(m)
            assert draw == want
        else:
            assert draw == 0  # accepted: 0 * m >> 24
    assert spare == gen


@pytest.mark.rule("KG-7")
def test_deal_of_piles_too_big_for_the_lanes_shuffles_with_the_generator() -> None:
    big = tuple(range(300))
    dealt, rng, spare = observe_module._deal(5, (big, (1, 2)), None)
    order, gen = Rng.from_seed(5).shuffle(big)
    assert dealt[0] == list(order)
    second, gen = gen.shuffle((1, 2))
    assert dealt[1] == list(second)
    assert (rng, spare) == gen.split()


@pytest.mark.rule("KG-7")
def test_determinize_deals_every_arrangement_of_hidden_piles_equally_often() -> None:
    # 3 unseen Special cards and 2 unseen Starting cards, every other pile empty: the
    # 3! x 2! arrangements consistent with the observation
    b = Builder()
    t = b.t
    special = list(t.ids[DeckKind.SPECIAL])
    starting = list(t.ids[DeckKind.STARTING])
    b.used.update(special + starting)
    state = b.state(
        [[starting[0:4], starting[4:7]], [starting[7:10]]],
        discard=special[3:],
        empty_standard=True,
        empty_orders=True,
    )
    assert (len(state.special), len(state.starting)) == (3, 2)
    obs = observe(state, 1)
    counts: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter()
    for seed in range(6_000):
        world = determinize(obs, seed)
        assert observe(world, 1) == obs
        counts[(tuple(world.special), tuple(world.starting))] += 1
    assert {s for s, _ in counts} == set(itertools.permutations(special[:3]))
    assert {s for _, s in counts} == set(itertools.permutations(starting[10:]))
    assert _uniform_enough(counts, 12)


@pytest.mark.rule("KG-7")
def test_determinize_keeps_known_positions_and_deals_the_rest_uniformly() -> None:
    b = Builder()
    prophet = b.card("prophet")
    s1, s2 = b.card("vizier"), b.card("goldsmith")
    state = b.state([[[prophet]], [[b.card("baker")]]], special_top=[s1, s2])
    state = play(state, CaravanAction(0, 0), Keep(s1))
    mine = observe(state, 0)
    unseen = [c for c in state.special if c != s2]
    tops: Counter[object] = Counter()
    for seed in range(2_000):
        world = determinize(mine, seed)
        assert world.special[-1] == s2
        tops[world.special[0]] += 1
    assert set(tops) == set(unseen)
    assert _uniform_enough(tops, len(unseen))


def _every(players: int, seed: int, steps: int, every: int) -> Iterator[State]:
    """The states of a seeded random game at each ``every``-th of its first ``steps``
    decisions."""
    state = new_game(Options.create(players), seed)
    rng = Rng.from_seed(seed)
    for step in range(steps):
        moves = legal_moves(state)
        if not moves:
            return
        if step % every == 0:
            yield state
        i, rng = rng.randrange(len(moves))
        state = apply(state, moves[i])


@pytest.mark.rule("KG-7")
def test_apply_from_a_determinized_state_counts_the_points_it_would_count() -> None:
    # determinize hands every player's points to the first apply between turns: the
    # same states as from a copy that apply counts from the cards
    checked = 0
    for k, state in enumerate(_every(3, 8, 120, 4)):
        p = current_player(state)
        assert p is not None
        world = determinize(observe(state, p), k)
        for move in legal_moves(world)[:3]:
            assert apply(world, move) == apply(attrs.evolve(world), move)
            checked += 1
    assert checked > 30


@pytest.mark.rule("KG-7")
def test_a_dealt_state_looks_cards_up_in_its_own_turned_cards() -> None:
    # determinize hands the rules the frozenset of turned cards its plan made: whatever
    # set was asked last, the look-ups of the dealt state are in the state's own cards
    checked = 0
    for state in _every(3, 4, 240, 5):
        p = current_player(state)
        assert p is not None
        observation = observe(state, p)
        for seed in range(2 if state.turned else 0):
            assert turned_frozenset(pset([999])) == {999}  # another set asked last
            world = determinize(observation, seed)
            assert turned_frozenset(world.turned) == frozenset(state.turned)
            assert world.turned == state.turned
            checked += 1
    assert checked > 10


@pytest.mark.rule("KG-7")
def test_dealt_states_hand_on_the_legal_moves_of_the_observer_to_act() -> None:
    # the moves determinize hands on are those each dealt state has, listed afresh from
    # a copy, and the real state's; an observer not to act gets none handed on
    handed = 0
    for state in _every(3, 9, 200, 3):
        moves = legal_moves(state)
        actor = current_player(state)
        for p in range(3):
            observation = observe(state, p)
            for seed in range(3):
                world = determinize(observation, seed)
                listed = legal_moves(world)
                afresh = legal_moves(attrs.evolve(world))
                if p == actor:
                    assert listed == afresh == moves
                    handed += seed > 0
                else:
                    assert listed == afresh
    assert handed > 100


@pytest.mark.rule("KG-7")
def test_determinize_refuses_a_known_place_outside_its_pile() -> None:
    b = Builder()
    prophet = b.card("prophet")
    s1, s2 = b.card("vizier"), b.card("goldsmith")
    state = b.state([[[prophet]], [[b.card("baker")]]], special_top=[s1, s2])
    mine = observe(play(state, CaravanAction(0, 0), Keep(s1)), 0)
    (known,) = mine.known
    beyond = attrs.evolve(known, index=mine.special_size)
    with pytest.raises(StateError, match="known place of the special pile"):
        determinize(attrs.evolve(mine, known=(beyond,)), 0)


@pytest.mark.rule("KG-7")
def test_knowledge_of_other_players_slots_is_the_set_adding_card_by_card_gives() -> None:
    # built in one call, the set is the very one (printed in the same order) that adding
    # the cards one by one gives, cards sharing a bucket of the set's table included
    base = pset([161, 170])
    for cards in ([9, 1, 17], [3], [8 * i for i in range(1, 13)], list(range(0, 60, 4))):
        for start in (pset(), base):
            added = start
            for card in cards:
                added = added.add(card)
            made = observe_module._knowing(start, cards[::-1])
            assert made == added
            assert repr(made) == repr(added)
            singles = [pset([card]) for card in range(200)]
            from_singles = observe_module._knowing(start, cards[::-1], singles)
            assert from_singles == added
            assert repr(from_singles) == repr(added)
    # one card, no set before: the set of that card alone, as the table gives it
    options = Options.create(2)
    sets = observe_module._singles(options, table(options))
    assert observe_module._knowing(pset(), [7], sets) is sets[7]
    assert sets[7] == pset([7])


def test_determinize_refuses_a_seed_out_of_range() -> None:
    obs = observe(new_game(Options.create(2), 1), 0)
    with pytest.raises(RulesError, match="seed"):
        determinize(obs, 2**64)
    with pytest.raises(RulesError, match="seed"):
        determinize(obs, -1)


@pytest.mark.rule("KG-8", "KG-7")
def test_determinize_during_a_search_of_the_special_deck_offers_the_same_search() -> None:
    """[KG-8] A search offers the first copy of each Special card in the pile: every
    determinized state offers the cards the observation shows, and validate accepts it
    (it refused one when a dealt copy other than the offered one came first)."""
    b = Builder(Options.create(2, expansion="all"))
    state = b.state([[[b.card("messenger")]], [[b.card("baker")]]])
    state = play(state, CaravanAction(0, 0))
    assert state.pending is not None
    assert state.pending.kind.value == "search"
    assert len(state.pending.options) > 1
    for p in (0, 1):
        obs = observe(state, p)
        worlds = [determinize(obs, seed) for seed in range(12)]
        for world in worlds:
            validate(world)
            assert observe(world, p) == obs
            assert legal_moves(world) == legal_moves(state)
        assert any(w.special != state.special for w in worlds)


@pytest.mark.rule("KG-8", "KG-7")
def test_determinize_during_a_search_keeps_the_known_bottom_of_the_special_deck() -> None:
    """[KG-8] [KG-7] The same with a card the searcher put under the Special deck
    earlier: it stays where they know it, and the other player's view still matches
    (the position the searcher knows, with the card dealt there, in the other's deal)."""
    b = Builder(Options.create(2, expansion="all"))
    prophet, messenger = b.card("prophet"), b.card("messenger")
    s1, s2 = b.card("vizier"), b.card("goldsmith")
    state = b.state([[[prophet], [messenger]], [[b.card("baker")]]], special_top=[s1, s2])
    state = play(state, CaravanAction(0, 0), Keep(s1), Pass(0), CaravanAction(1, 0))
    assert state.pending is not None
    assert state.pending.kind.value == "search"
    assert observe(state, 0).known
    for p in (0, 1):
        obs = observe(state, p)
        for seed in range(12):
            world = determinize(obs, seed)
            validate(world)
            assert observe(world, p) == obs
            if p == 0:  # the searcher knows the bottom card; the other player does not
                assert world.special[-1] == state.special[-1]


# ------------------------------------------------------------ fields listed once


def _shared_fields() -> list[str]:
    state_fields = attrs.fields_dict(observe_module.State)
    return [a.name for a in attrs.fields(observe_module.Observation) if a.name in state_fields]


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize("kind", [Decision.KEEP, Decision.SEARCH, Decision.HERD])
def test_observe_and_determinize_carry_every_field_state_and_observation_share(
    kind: Decision,
) -> None:
    """The copies are made from the classes' own fields: every shared field arrives, in
    both directions (the pending decision aside, which hides a hand)."""
    state = waiting_for(kind)
    shared = [f for f in _shared_fields() if f != "pending"]
    assert len(shared) >= 20
    for player in range(state.options.players):
        obs = observe(state, player)
        dealt = determinize(obs, 7)
        for name in shared:
            assert getattr(obs, name) == getattr(state, name), name
            assert getattr(dealt, name) == getattr(state, name), name
        validate(dealt)


def test_a_field_no_copy_gives_stops_the_builder() -> None:
    """A field added to the observation and neither shared with the state nor given is
    refused when the module builds its copy, naming the field."""

    @attrs.frozen
    class Wider:
        player: int
        secret: int

    with pytest.raises(TypeError, match="secret"):
        observe_module._builder(Wider, observe_module.State, ("player",))


@pytest.mark.rule("KG-7")
def test_observations_and_dealt_states_are_plain_frozen_records() -> None:
    # built through a mutable record of the same layout, they end as the classes
    # themselves: frozen, equal to and hashed as the same values built by their classes
    state = new_game(Options.create(3), 4)
    obs = observe(state, 1)
    dealt = determinize(obs, 9)
    assert type(obs) is observe_module.Observation
    assert type(dealt) is type(state)
    for value in (obs, dealt):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            value.round = 5  # type: ignore[misc]
        again = type(value)(**attrs.asdict(value, recurse=False))
        assert again == value
        assert hash(again) == hash(value)
