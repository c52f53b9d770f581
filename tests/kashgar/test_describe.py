"""The table in words (docs/cli.md): cards, moves and events said from the card data,
as a player may know them, within 100 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.core.rng import Rng
from silkroad.kashgar import GAME, CaravanAction, Keep, Options, determinize, new_game, observe
from silkroad.kashgar.describe import card_texts, describe_events, describe_move
from silkroad.kashgar.moves import Place
from silkroad.kashgar.state import Decision

from .helpers import Builder, play, track, waiting_for


@pytest.mark.rule("KG-3")
def test_a_caravan_action_is_said_with_its_cost_and_effects() -> None:
    b = Builder()
    weaver = b.card("weaver")
    state = b.state([[[weaver]], [[b.card("baker")]]])
    assert describe_move(state, CaravanAction(0, 0)) == (
        "Weaver, caravan action 1 (to the back of caravan 1): pay 1 ginger, 1 cloves; gain 2 gold"
    )


@pytest.mark.rule("KG-1")
def test_a_users_own_cards_are_said_from_their_file(tmp_path: Path) -> None:
    path = tmp_path / "special.toml"
    lines = ['deck = "special"']
    for i in range(12):
        lines += [
            "[[card]]",
            f'key = "s{i}"',
            f'name = "Printed {i}"',
            "vp = 2",
            'provenance = "rulebook"',
            'note = "from my copy"',
            'caravan = [ { cost = { pepper = 2 }, effects = [ { op = "set", amounts = '
            '{ mules = 4 } }, { op = "draw", deck = "special", count = 3, keep = 2 } ] } ]',
        ]
    path.write_text("\n".join(lines))
    options = Options.create(2).with_card_file(path)
    state = new_game(options, 1)
    texts = card_texts(state, 0)
    assert "printed 3" not in texts  # in the deck: not in sight
    b = Builder(options)
    card = b.card("s0")
    state = b.state([[[card]], [[b.card("baker")]]])
    assert card_texts(state, 1)["printed 0"] == (
        "Printed 0 (2 VP): caravan action 1: pay 2 pepper; set your mules to 4; "
        "draw 3 Special cards, keep 2"
    )
    assert f"[{card}] Printed 0 (2 VP)" in GAME.render(state)


@pytest.mark.rule("KG-3")
def test_a_two_sided_card_shows_both_sides_and_answers_to_the_other_name() -> None:
    b = Builder()
    patriarch = b.card("patriarch")
    state = b.state([[[patriarch]], [[b.card("servant")]]])
    texts = card_texts(state, 0)
    full = texts[str(patriarch)]
    assert full.startswith("Patriarch ! (0 VP)")
    assert "\n  other side: Matriarch ! (0 VP): cannot be passed | caravan action 1: take" in full
    assert texts["matriarch"].startswith("Matriarch ! (0 VP)")
    assert texts["matriarch"].endswith("(the other side of Patriarch)")


@pytest.mark.rule("KG-7")
def test_cards_looked_at_are_named_to_their_player_only() -> None:
    b = Builder()
    patriarch = b.card("patriarch")
    top = [b.card("planter"), b.card("baker")]
    state = b.state([[[patriarch]], [[b.card("servant")]]], standard_top=top)
    move = CaravanAction(0, 0)
    mine = describe_events(state, move, 0)
    theirs = describe_events(state, move, 1)
    assert "Planter, Baker: the Standard deck -> P0's hand (looked at)" in mine
    assert "2 cards: the Standard deck -> P0's hand (looked at)" in theirs
    assert not any("Planter" in line for line in theirs)
    after = play(state, move)
    assert "In your hand (looked at):" in GAME.render(after)  # shown to P0, who acts
    kept = describe_events(after, Keep(top[0]), 1)
    assert "Baker: P0's hand (looked at) -> the discard pile" in kept  # unwanted: open


@pytest.mark.rule("KG-7")
def test_a_reshuffled_discard_pile_is_named_without_its_order_or_the_cards_drawn() -> None:
    """[KG-7] The discard pile shuffled into the empty Standard deck, then two cards drawn
    face down: the other player reads the pile's cards going into the deck (not in their
    new, secret order) and two cards drawn, not which; the same in every state they cannot
    tell from this one."""
    b = Builder()
    patriarch = b.card("patriarch")
    discard = [b.card(k) for k in ("planter", "baker", "quack", "weaver")]
    state = b.state([[[patriarch]], [[b.card("servant")]]], discard=discard, empty_standard=True)
    move = CaravanAction(0, 0)
    theirs = describe_events(state, move, 1)
    names = ", ".join(b.t.name[c] for c in sorted(discard))
    assert theirs == (
        f"{names}: the discard pile -> the Standard deck",
        "2 cards: the Standard deck -> P0's hand (looked at)",
    )
    held = play(state, move).pending.cards  # type: ignore[union-attr]
    mine = describe_events(state, move, 0)
    drawn = ", ".join(b.t.name[c] for c in held)
    assert f"{drawn}: the discard pile -> P0's hand (looked at)" in mine
    for seed in range(6):
        world = determinize(observe(state, 1), seed)
        assert describe_events(world, move, 1) == theirs


@pytest.mark.rule("KG-6")
def test_the_end_triggered_is_an_event() -> None:
    from silkroad.kashgar import Fulfill, PartingAction
    from silkroad.kashgar.rules import points

    b = Builder()
    grocer = b.card("grocer")
    target = b.order(name="Large Order")  # 4 VP, needs 3 mules, 6 cinnamon and 1 mule
    large = [b.order(kind="large") for _ in range(5)] + [b.order(kind="small")]
    state = b.state(
        [[[grocer]], [[b.card("baker")]]],
        orders_won=[large, []],
        display=[target],
        tracks=[track(cinnamon=9, mules=4), track()],
    )
    assert points(state, 0) + 4 - 1 >= 25 > points(state, 0)
    after = play(state, PartingAction(0, 0))
    move = Fulfill(target)
    if after.pending is None:  # the only eligible order was fulfilled at once
        lines = describe_events(state, PartingAction(0, 0), 1)
    else:
        lines = describe_events(after, move, 1)
    assert "25 VP reached: the end is triggered, this round is the last" in lines


def test_every_line_fits_in_100_columns() -> None:
    for players in (2, 4):
        options = Options.create(players, expansion="all")
        state = new_game(options, players)
        rng = Rng.from_seed(players)
        for _ in range(300):
            moves = GAME.legal_moves(state)
            if not moves:
                break
            text = GAME.render(state)
            assert all(len(line) <= 100 for line in text.splitlines()), text
            i, rng = rng.randrange(len(moves))
            assert describe_move(state, moves[i], 0)
            state = GAME.apply(state, moves[i])


@pytest.mark.rule("KG-7")
def test_a_decision_move_under_a_decision_with_no_words_of_its_own_says_the_choice() -> None:
    """A Keep or Place answering a decision whose words describe does not know (one added
    later, reusing the move) says what is chosen, not another decision's words."""
    state = waiting_for(Decision.REMOVE)
    assert state.pending is not None
    card = state.pending.options[0]
    said = describe_move(state, Keep(card))
    assert said.startswith("chooses ")
    assert "keeps" not in said
    assert describe_move(state, Place(0)) == "chooses caravan 1"
    keep = waiting_for(Decision.KEEP)
    assert keep.pending is not None
    assert describe_move(keep, Keep(keep.pending.options[0])).startswith("keeps ")
