"""[DH-3.2] The frames of effects and the queued decisions a state can hold: bounds from
the components, which ``validate`` enforces and the tensor has room for."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from silkroad.core.errors import StateError
from silkroad.dunhuang import (
    Options,
    State,
    apply,
    current_player,
    describe_move,
    is_over,
    legal_moves,
    new_game,
    observation_layout,
    observation_tensor,
    observe,
    render,
    svg,
    validate,
)
from silkroad.dunhuang.check import MAX_FRAMES, frame_bound, frame_limit, queue_limit
from silkroad.dunhuang.state import DICE, SOLO_PACKS, Choice, ChoiceKind
from silkroad.dunhuang.table import table

from .helpers import give_character, play, player, ready, turn_of

#: The games of the report: 4 players, Jade, Iron and Exotic Beauty.
JIE = Options(players=4, packs=("jade", "iron", "exotic-beauty"))


def _outputs(s: State) -> None:
    """Every output a seat reads, for the player to move (or seat 0)."""
    p = current_player(s)
    seat = 0 if p is None else p
    obs = observe(s, seat)
    tensor = observation_tensor(obs)
    assert tensor.shape == (observation_layout(s.options).size,)
    assert render(s)
    assert svg(s, seat).startswith("<svg")
    if p is not None:
        assert describe_move(s, legal_moves(s)[0])


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize("seed", [912271, 214344])
def test_the_reported_games_play_to_the_end_with_every_output(seed: int) -> None:
    """Random legal moves once reached five frames here and the tensor, which showed four,
    raised; now every deep state is read by every output."""
    s = new_game(JIE, seed)
    rng = random.Random(seed)
    deepest = 0
    while not is_over(s):
        s = apply(s, rng.choice(legal_moves(s)))
        deepest = max(deepest, len(s.frames))
        if len(s.frames) >= 2:
            _outputs(s)
    assert deepest <= frame_limit(table(JIE))


def _deepest_game(options: Options, seed: int) -> int:
    """A game whose every move is one that leaves the most frames (ties at random): a
    targeted search for the deepest chain of effects."""
    s = new_game(options, seed)
    rng = random.Random(seed)
    deepest = 0
    while not is_over(s):
        after = [apply(s, m) for m in legal_moves(s)]
        most = max(len(x.frames) for x in after)
        s = rng.choice([x for x in after if len(x.frames) == most])
        deepest = max(deepest, len(s.frames))
        assert len(s.queue) <= queue_limit(options.players)
    return deepest


#: Options whose packs cover all twelve, promos, and solitaire (its quests stack frames).
_SEARCHED = [
    Options(players=4, packs=("bronze", "camel", "china"), promos=True),
    Options(players=3, packs=("gold", "iron", "jade")),
    Options(players=3, packs=("silk", "silver", "sutra")),
    Options(players=4, packs=("tea", "wine", "bronze")),
    Options(players=1, packs=("china", "gold")),
    Options(players=1, packs=("silk", "tea")),
]


@pytest.mark.rule("DH-3.2", "DH-3.E.9", "DH-3.E.11")
@pytest.mark.parametrize("options", _SEARCHED, ids=lambda o: f"{o.players}p-{'-'.join(o.packs)}")
def test_a_search_for_the_deepest_chain_stays_within_the_bound(options: Options) -> None:
    bound = frame_bound(table(options))
    assert bound is not None
    assert bound < MAX_FRAMES
    deepest = max(_deepest_game(options, seed) for seed in (1, 2))
    assert 1 <= deepest <= bound


@pytest.mark.rule("DH-3.2")
def test_encore_chains_have_no_bound_in_the_data_and_the_tensor_room_for_every_frame() -> None:
    """Every Wine cube buys one more Encore, so only the tokens bound the chain: the
    layout has room for every frame ``validate`` accepts (:data:`MAX_FRAMES`)."""
    t = table(JIE)
    assert frame_bound(t) is None
    assert frame_limit(t) == MAX_FRAMES
    assert _deepest_game(JIE, 3) <= MAX_FRAMES
    layout = observation_layout(JIE)
    assert layout.segment("frame_head").shape[0] == MAX_FRAMES


def _in_a_frame(options: Options) -> State:
    """A state of ``options`` during an action, with a frame of effects open."""
    s = new_game(options, 5)
    rng = random.Random(5)
    while not s.frames:
        s = apply(s, rng.choice(legal_moves(s)))
    return s


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize("options", [JIE, Options(players=3)], ids=["encore", "default"])
def test_validate_refuses_one_frame_more_than_the_limit_and_the_tensor_reads_the_limit(
    options: Options,
) -> None:
    s = _in_a_frame(options)
    most = frame_limit(table(options))
    full = attrs.evolve(s, frames=(s.frames[0],) * most)
    validate(full)
    for seat in range(options.players):
        assert observation_tensor(observe(full, seat)).shape == (observation_layout(options).size,)
    with pytest.raises(StateError, match=f"the components allow {most}"):
        validate(attrs.evolve(s, frames=(s.frames[0],) * (most + 1)))


@pytest.mark.rule("DH-3.2")
def test_an_encore_that_ends_its_frame_replaces_it() -> None:
    """The Sogdian Dancer (2 VP, then Encore): the frame holding the Encore has nothing
    left, so the ability used again takes its place instead of nesting above it."""
    s = turn_of(ready(4, ("exotic-beauty", "gold", "tea")), 0)
    s = give_character(s, 0, 0, 701, 2)
    s = player(s, 0, tokens={"wine-material": 5}, vp=0)
    s = play(s, "m1 b1", "ability")
    depth = len(s.frames)
    for _ in range(4):
        assert s.choice is not None
        assert s.choice.kind is ChoiceKind.PACK
        s = play(s, "choose 1")
        assert len(s.frames) <= depth
    assert s.players[0].vp == 10


@pytest.mark.rule("DH-3.1.1", "DH-3.3")
def test_the_queue_limit_is_a_decision_per_die_and_the_tensor_shows_it() -> None:
    s = _in_a_frame(Options(players=4))
    assert queue_limit(4) == DICE * 4
    layout = observation_layout(Options(players=4))
    assert layout.segment("queue_kind").shape[0] == queue_limit(4)
    rewards = (Choice(ChoiceKind.GAIN, 0, "left"),) * (queue_limit(4) + 1)
    with pytest.raises(StateError, match=f"decisions queued \\(at most {queue_limit(4)}\\)"):
        validate(attrs.evolve(s, queue=rewards))


@pytest.mark.rule("DH-3.2")
def test_the_adapters_page_gives_the_bounds_the_code_computes() -> None:
    from pathlib import Path

    from silkroad import kashgar, serica
    from silkroad.dunhuang import default_options
    from silkroad.dunhuang.table import MAX_EFFECTS
    from silkroad.kashgar.check import stack_bound
    from silkroad.kashgar.table import table as kashgar_table
    from silkroad.kashgar.tensor import WAITING
    from silkroad.serica.state import CROSSROADS
    from silkroad.serica.tensor import GENERAL_CARDS

    page = (Path(__file__).parents[2] / "docs/adapters.md").read_text(encoding="utf-8")
    solo = max(
        frame_limit(table(Options(players=1, packs=pair)))
        for pair in itertools.combinations(SOLO_PACKS, 2)
    )
    two = kashgar.Options.create(2)
    expected = [
        f"{frame_limit(table(default_options()))} with the default packs, {solo} in solitaire",
        f"room for the {MAX_FRAMES} frames `validate` accepts",
        f"{MAX_EFFECTS} (`table.MAX_EFFECTS`)",
        f"3 a player: {queue_limit(4)} at 4 players",
        f"{stack_bound(kashgar_table(two))} with the built-in cards",
        f"the {WAITING} that go on next have rows",
        f"(`crossroads`, `attacks`): {CROSSROADS}, and a General's cards (`pending_shown`): "
        f"{GENERAL_CARDS}",
    ]
    assert DICE == 3
    for text in expected:
        assert text in page, text
    size = kashgar.observation_layout(two).size
    assert f"shape ({size},)" in page
    assert serica.observation_layout(serica.default_options()).size > 0
