"""[KG-7] Each player's points are visible at every moment: in the middle of a turn the
state, the observation, its tensor, the position and the pictures show the points the
cards and orders give then, not those of the last turn end."""

from __future__ import annotations

import re
import tomllib

import pytest

from silkroad.core.errors import StateError
from silkroad.kashgar import (
    GAME,
    CaravanAction,
    Keep,
    Options,
    PartingAction,
    Place,
    State,
    observation_layout,
    observation_tensor,
    observe,
    render,
    scores,
    svg,
)
from silkroad.kashgar.position import to_position
from silkroad.kashgar.tensor import score_bounds

from .helpers import Builder, play

ALL = Options.create(3, expansion="all")


def _shown(state: State) -> dict[str, tuple[int, ...]]:
    """The points of every player as each public view shows them."""
    n = state.options.players
    low, high = score_bounds(state.options)
    views: dict[str, tuple[int, ...]] = {"state": tuple(state.points), "scores": scores(state)}
    for viewer in range(n):
        obs = observe(state, viewer)
        # the tensor lists players from the observer on
        values = observation_layout(state.options).view(observation_tensor(obs), "points")
        relative = [round(float(v) * (high - low) + low) for v in values]
        views[f"observe {viewer}"] = obs.points
        views[f"tensor {viewer}"] = tuple(relative[(q - viewer) % n] for q in range(n))
    document = tomllib.loads(to_position(state))
    views["position"] = tuple(document["player"][str(q)]["vp"] for q in range(n))
    header = re.findall(r"P(\d) (-?\d+) VP", svg(state))
    views["svg"] = tuple(int(v) for _, v in header[:n])
    rows = re.findall(r"^[ >]P(\d) +(?:\d+ +){7}(-?\d+)", render(state), flags=re.M)
    views["render"] = tuple(int(v) for _, v in rows)
    return views


def _all_show(state: State, expected: tuple[int, ...]) -> None:
    for view, shown in _shown(state).items():
        assert shown == expected, f"{view} shows {shown}, the cards give {expected}"


@pytest.mark.rule("KG-7")
def test_a_parting_card_takes_its_points_away_at_once_mid_turn() -> None:
    """The Grey Eminence (1 VP) leaves the game by its parting action; while its player
    chooses which drawn card to keep, every view already shows the point gone."""
    b = Builder()
    eminence, noble = b.card("grey_eminence"), b.card("noble")
    top = [b.card("planter"), b.card("baker"), b.card("quack")]
    state = b.state([[[eminence, noble]], [[b.card("servant")]]], standard_top=top)
    _all_show(state, (4, 0))
    mid = play(state, PartingAction(0, 0))
    assert mid.pending is not None
    assert mid.stack
    _all_show(mid, (3, 0))
    _all_show(play(mid, Keep(top[0])), (3, 0))  # the Planter is worth nothing


@pytest.mark.rule("KG-7")
def test_points_a_card_brings_mid_turn_are_shown_before_the_turn_ends() -> None:
    """The Messenger (1 VP) keeps a Vizier (3 VP) from the Special cards; while its player
    chooses the left player's caravan for it, the Vizier's points are shown."""
    b = Builder(ALL)
    messenger = b.card("messenger")
    left = [[b.card("baker")], [b.card("servant")]]
    state = b.state([[[messenger]], left, [[b.card("planter")]]])
    _all_show(state, (1, 1, 0))  # the Baker is worth 1
    searching = play(state, CaravanAction(0, 0))
    vizier = next(c for c in searching.pending.options if b.t.defs[c].key == "vizier")  # type: ignore[union-attr]
    placing = play(searching, Keep(vizier))
    assert placing.pending is not None
    assert placing.pending.options == (0, 1)
    _all_show(placing, (4, 1, 0))
    _all_show(play(placing, Place(1)), (3, 2, 0))  # the Messenger went to the left


@pytest.mark.rule("KG-7")
def test_front_cards_a_herder_lifts_stay_their_owners_points_while_placed() -> None:
    b = Builder(ALL)
    herder = b.card("herder")
    mine = [[b.card("noble"), b.card("planter")], [b.card("grey_eminence")], []]
    state = b.state([[[herder]], mine, [[b.card("baker")], [b.card("quack")]]])
    _all_show(state, (2, 4, 0))  # the Baker 1, the Quack -1
    lifted = play(state, CaravanAction(0, 0))
    assert lifted.pending is not None
    assert lifted.pending.player == 1
    assert len(lifted.pending.cards) == 2  # the Noble and the Grey Eminence, in hand
    _all_show(lifted, (2, 4, 0))


@pytest.mark.rule("KG-7")
def test_a_mid_turn_position_must_state_the_points_the_cards_give() -> None:
    b = Builder()
    eminence, noble = b.card("grey_eminence"), b.card("noble")
    top = [b.card("planter"), b.card("baker"), b.card("quack")]
    state = b.state([[[eminence, noble]], [[b.card("servant")]]], standard_top=top, start_player=1)
    mid = play(state, PartingAction(0, 0))
    text = to_position(mid)
    assert GAME.from_position(text) == mid
    stale = re.sub(r"(\[player\.0\]\nvp = )3", r"\g<1>4", text)
    assert stale != text
    with pytest.raises(StateError, match=r"player.0.vp: 4 given, but 3 derived \(KG-7"):
        GAME.from_position(stale)
    between = to_position(state)
    with pytest.raises(StateError, match=r"player.0.vp: 3 given, but 4 derived \(KG-7"):
        GAME.from_position(re.sub(r"(\[player\.0\]\nvp = )4", r"\g<1>3", between))
