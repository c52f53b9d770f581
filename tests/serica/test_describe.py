"""The table in words (docs/cli.md): cards with their costs, VP and abilities from the
data, production points left, abilities used this round, within 100 columns."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from silkroad.core.rng import Rng
from silkroad.serica import GAME, Build, Done, Options, Produce, Rearrange, Use, new_game
from silkroad.serica.cards import Good
from silkroad.serica.describe import card_texts, describe_events, describe_move
from silkroad.serica.state import Step

from .helpers import Builder, play

CARDS = Path(__file__).parents[2] / "src/silkroad/serica/data/cards.toml"


@pytest.mark.rule("SR-5.1")
def test_production_points_left_and_abilities_used_are_shown() -> None:
    b = Builder()
    han = b.player(empire=["scholar", "artisan"], draw=["guard", "oasis"])
    state = b.state(han)
    assert "production points left: 8" in GAME.render(state)
    state = play(state, Produce(Good.PORCELAIN), Use("scholar"))
    text = GAME.render(state)
    assert "production points left: 6" in text
    assert "* Scholar (citizen red level" in text  # used this round
    assert "  Artisan (citizen red level 1" in text  # not used yet
    assert describe_move(state, Use("artisan")) == "uses Artisan: phase 1: gain 1 artisan"


@pytest.mark.rule("SR-4")
def test_a_users_card_file_is_said_from_its_data(tmp_path: Path) -> None:
    path = tmp_path / "printed.toml"
    path.write_text(
        CARDS.read_text("utf-8").replace(
            'key = "scholar"\nname = "Scholar"', 'key = "scholar"\nname = "Sage"'
        ),
        "utf-8",
    )
    options = Options().with_card_file(path)
    b = Builder(options)
    han = b.player(empire=["scholar"])
    state = b.state(han, crossroads=["merchant"])
    assert card_texts(state, 1)["sage"].startswith("Sage (citizen red level")
    text = " ".join(GAME.render(state).split())
    assert "Sage (citizen red level" in text
    assert "Merchant (trade gold level" in text
    assert "buy 2/3 (2 each of 3 different types of" in text  # a Crossroads card's cost


@pytest.mark.rule("SR-5.4")
def test_the_new_empire_is_told_in_full_with_the_reshuffle() -> None:
    b = Builder()
    han = b.player(empire=["artisan", "guard", "oasis"], draw=["city"], discard=["scholar"])
    state = b.state(han, step=Step.TRADE)
    for viewer in (0, 1):  # an Empire is open: both players read the same
        events = describe_events(state, Done(), viewer)
        dealt = next(e for e in events if e.startswith("P0's Empire is discarded"))
        assert dealt.startswith("P0's Empire is discarded; the new Empire: City, ")
        assert len(dealt.split(": ")[1].split(", ")) == 4  # 1 drawn + 3 after the reshuffle
        assert "P0's discard pile is shuffled into a new draw pile" in events
        assert "P0's draw pile: 1 card, discard pile: 0" in events


@pytest.mark.rule("SR-5.2")
def test_a_build_offered_while_buying_says_it_ends_the_buying() -> None:
    b = Builder()
    han = b.player(empire=["artisan"], artisans=1)
    buying = b.state(han, step=Step.BUY)
    assert describe_move(buying, Build("artisan", 1)) == (
        "builds Artisan in field 1 (1 artisan, 1 VP; ends buying)"
    )
    building = attrs.evolve(buying, step=Step.BUILD)
    assert describe_move(building, Build("artisan", 1)) == (
        "builds Artisan in field 1 (1 artisan, 1 VP)"
    )


@pytest.mark.rule("SR-7")
def test_the_co_op_table_shows_the_goal_and_how_far_each_side_is() -> None:
    b = Builder(Options(coop=True, first_player=0))
    han = b.player(fields=[["soldier", "fort"], ["guard"]])  # 2 Military, 1 Trade
    rome = b.player(fields=[["oasis"]])  # 1 Court
    text = " ".join(GAME.render(b.state(han, rome)).split())
    assert "Han builds 5 Military cards (2 so far), Rome 5 Court cards (1 so far)" in text
    assert "Co-op goal" not in GAME.render(Builder().state())


@pytest.mark.rule("SR-8.3")
def test_a_governor_move_names_the_cards_it_moves() -> None:
    b = Builder()
    han = b.player(empire=["governor"], fields=[["guard", "trader"], [], ["oasis"], []])
    state = play(b.state(han), Use("governor"))
    assert describe_move(state, Rearrange(1, 2, 3, 1)) == (
        "swaps Trader (field 1 position 2) with Oasis (field 3 position 1)"
    )
    assert describe_move(state, Rearrange(1, 2, 2, 1)) == (
        "moves Trader from field 1 position 2 to the free field 2 position 1"
    )


def test_every_line_fits_in_100_columns() -> None:
    for coop in (False, True):
        state = new_game(Options(coop=coop), 3)
        rng = Rng.from_seed(4)
        for _ in range(400):
            moves = GAME.legal_moves(state)
            if not moves:
                break
            text = GAME.render(state)
            assert all(len(line) <= 100 for line in text.splitlines()), text
            i, rng = rng.randrange(len(moves))
            assert describe_move(state, moves[i], 1 - state.active)
            state = GAME.apply(state, moves[i])
