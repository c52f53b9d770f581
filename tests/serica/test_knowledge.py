"""[SR-3] [SR-8.3] [SR-8.4] What a player learned stays learned: ``determinize`` deals only
tables the observer holds possible, and ``known_facts`` lists what they know.

Each test plays a player who remembers what they saw, then checks that the states dealt
from their observation never contradict it (the old ``determinize`` shuffled every draw
pile and dealt every unseen card anywhere)."""

from __future__ import annotations

import random

import attrs
import pytest

from silkroad.serica import (
    GAME,
    Choice,
    Choose,
    Done,
    Options,
    Pick,
    Take,
    Top,
    Use,
    apply,
    determinize,
    known_facts,
    legal_moves,
    new_game,
    observe,
    validate,
)
from silkroad.serica.table import table
from silkroad.testing import ConformanceError, check_game

from .helpers import Builder, play

HAN, ROME = 0, 1
SAMPLES = range(12)


@pytest.mark.rule("SR-3")
@pytest.mark.parametrize("seed", range(10))
def test_han_deals_rome_every_card_of_romes_that_han_cannot_see(seed: int) -> None:
    """The starting cards are printed: those not in Rome's Empire are in Rome's draw pile,
    and only the two cards Rome drew at random are unknown to Han."""
    state = new_game(Options(), seed)
    rome = state.players[ROME]
    known = set(rome.draw) - set(rome.secret)
    enemy = table(state.options).enemy
    obs = observe(state, HAN)
    for k in SAMPLES:
        world = determinize(obs, k)
        validate(world)
        assert known <= set(world.players[ROME].draw), f"sample {k}"
        assert not known & set(world.cross_pile), f"sample {k}"
        drawn = set(world.players[ROME].draw) - known
        assert len(drawn) == len(rome.secret)
        assert not any(enemy[c] for c in drawn)
        assert set(world.players[ROME].secret) == drawn
        for fact in known_facts(obs):
            assert fact.holds(state), fact.text
            assert fact.holds(world), fact.text


@pytest.mark.rule("SR-3")
def test_romes_secret_cards_stay_unknown_to_han_only() -> None:
    state = new_game(Options(), 1)
    rome = state.players[ROME]
    assert len(rome.secret) == 1
    (secret,) = rome.secret
    assert secret not in observe(state, HAN).players[ROME].draw_cards
    assert secret in observe(state, ROME).players[ROME].draw_cards
    assert observe(state, ROME).players[ROME].secret == (secret,)
    # Han cannot tell which unseen card it is: the samples differ
    dealt = {determinize(observe(state, HAN), k).players[ROME].secret for k in range(20)}
    assert len(dealt) > 3


def ambassador_state(options: Options | None = None) -> tuple[Builder, object, int]:
    """Han's Ambassador has put Rome's top discard (an Envoy) on top of Han's draw pile."""
    b = Builder(options)
    han = b.player(
        empire=["ambassador", "scholar"], draw=["city", "guard", "smith", "oasis", "laborer"]
    )
    rome = b.player(discard=["fort", "envoy"])
    state = play(b.state(han, rome), Use("ambassador"), Choose(Choice.OTHER))
    envoy = state.players[HAN].draw[0]
    assert b.t.card[envoy].key == "envoy"
    return b, state, envoy


@pytest.mark.rule("SR-8.4")
@pytest.mark.parametrize("player", [HAN, ROME])
def test_both_players_know_the_card_an_ambassador_put_on_top(player: int) -> None:
    _, state, envoy = ambassador_state()
    obs = observe(state, player)
    assert obs.players[HAN].top == (envoy,)
    assert obs.players[HAN].known_top == (1, 1)
    assert any("has Envoy on top" in f.text for f in known_facts(obs))
    for k in SAMPLES:
        world = determinize(obs, k)
        assert world.players[HAN].draw[0] == envoy, f"sample {k}"
        assert observe(world, player) == obs


@pytest.mark.rule("SR-8.1")
def test_drawing_the_known_card_ends_what_is_known_of_the_top() -> None:
    _, state, envoy = ambassador_state()
    state = play(state, Use("scholar"))
    assert envoy in state.players[HAN].empire
    assert state.players[HAN].known_top == (0, 0)
    assert observe(state, ROME).players[HAN].top == ()


def general_state(**rome_changes: object) -> tuple[Builder, object]:
    b = Builder()
    han = b.player(empire=["general"], fields=[["fort"], [], [], []])
    rome = b.player(draw=["city", "envoy", "smith", "trader"], fields=[["soldier"], [], [], []])
    rome = attrs.evolve(rome, **rome_changes)  # type: ignore[arg-type]
    return b, b.state(han, rome)


@pytest.mark.rule("SR-8.3")
def test_the_general_player_knows_the_order_of_the_cards_put_back() -> None:
    b, state = general_state()
    state = play(state, Use("general"), Take(2), Top(2))
    city, smith, trader = (b.ids(k)[0] for k in ("city", "smith", "trader"))
    assert list(state.players[ROME].draw) == [smith, city, trader]
    assert state.players[ROME].known_top == (2, 0)
    han = observe(state, HAN)
    assert han.players[ROME].top == (smith, city)
    for k in SAMPLES:
        assert list(determinize(han, k).players[ROME].draw[:2]) == [smith, city], f"sample {k}"
    # Rome knows its cards, not their order: its samples keep the cards only
    rome = observe(state, ROME)
    assert rome.players[ROME].top == ()
    orders = {tuple(determinize(rome, k).players[ROME].draw) for k in SAMPLES}
    assert {frozenset(o) for o in orders} == {frozenset({smith, city, trader})}
    assert len(orders) > 1


@pytest.mark.rule("SR-8.3")
def test_a_secret_card_a_general_looks_at_is_known_from_then_on() -> None:
    b = Builder()
    city, trader = b.ids("city")[0], b.ids("trader")[0]
    b, state = general_state(secret=(city, trader))  # Rome drew both at setup
    assert city not in observe(state, HAN).players[ROME].draw_cards
    state = play(state, Use("general"), Take(2), Top(1))
    assert state.players[ROME].secret == (trader,)  # the fourth card: never seen
    han = observe(state, HAN)
    assert city in han.players[ROME].draw_cards
    assert trader not in han.players[ROME].draw_cards
    for k in SAMPLES:
        assert city in determinize(han, k).players[ROME].draw


@pytest.mark.rule("SR-5.4")
def test_crossroads_cards_shuffled_back_are_never_dealt_as_a_secret_card() -> None:
    """Every Crossroads card was discarded in sight and shuffled back (the Diplomat's
    replacement emptied the pile): Rome's one unseen card is the card it drew at setup."""
    b = Builder()
    city = b.ids("city")[0]
    han = b.player(empire=["diplomat"])
    rome = attrs.evolve(b.player(draw=["city"]), secret=(city,))
    state = b.state(han, rome, crossroads=["guard", "bandit"], cross_top=["fort"], empty_pile=True)
    state = play(state, Use("diplomat"), Pick("guard"), Done(), Done(), Done())
    assert not state.cross_discard
    obs = observe(state, HAN)
    assert obs.cross_known == tuple(sorted(state.cross_pile))
    assert any(f.text.startswith("the Crossroads draw pile holds") for f in known_facts(obs))
    for k in SAMPLES:
        world = determinize(obs, k)
        validate(world)
        assert list(world.players[ROME].draw) == [city], f"sample {k}"
        assert observe(world, HAN) == obs


def forgetful(obs: object, seed: int) -> object:
    """The old deal: every unseen card anywhere, every draw pile shuffled."""
    players = tuple(attrs.evolve(v, top=(), draw_cards=()) for v in obs.players)  # type: ignore[attr-defined]
    own = obs.players[obs.player]  # type: ignore[attr-defined]
    players = tuple(
        attrs.evolve(v, draw_cards=own.draw_cards) if p == obs.player else v  # type: ignore[attr-defined]
        for p, v in enumerate(players)
    )
    return determinize(attrs.evolve(obs, players=players), seed)  # type: ignore[arg-type]


@pytest.mark.rule("SR-8.4")
def test_the_conformance_check_catches_a_deal_that_forgets_what_was_seen() -> None:
    options = Options(first_player=0, round_limit=2)  # a short game from this table
    _, start, _ = ambassador_state(options)
    game = attrs.evolve(GAME, new_game=lambda o, s: start)
    assert check_game(game, options, seeds=range(1), every_move=False).decisions > 10
    broken = attrs.evolve(game, determinize=forgetful)
    with pytest.raises(ConformanceError, match="knows to be impossible.*has Envoy on top"):
        check_game(broken, options, seeds=range(1), every_move=False)


@pytest.mark.rule("SR-5.4")
def test_a_known_crossroads_card_is_dealt_anywhere_in_the_pile_alike() -> None:
    """The cards known to be back in the Crossroads draw pile are placed among the unseen
    ones at uniform places: over 3,000 deals, where one of them lands in the pile passes
    a chi-square test of uniformity (scipy), and its average place is the middle."""
    from scipy.stats import chisquare

    rng = random.Random(5)
    state = new_game(Options(), 5)
    while not (observe(state, HAN).cross_known and len(state.cross_pile) >= 8):
        state = apply(state, rng.choice(legal_moves(state)))
    obs = observe(state, HAN)
    card, size = obs.cross_known[0], len(state.cross_pile)
    places = [list(determinize(obs, k).cross_pile).index(card) for k in range(3000)]
    counts = [places.count(i) for i in range(size)]
    assert chisquare(counts).pvalue > 1e-4
    assert abs(sum(places) / len(places) - (size - 1) / 2) < 0.1 * size
