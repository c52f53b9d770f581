"""The table in words (docs/cli.md): cards with their costs, VP and abilities from the
data, production points left, abilities used this round, within 100 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.core.rng import Rng
from silkroad.serica import GAME, Options, Produce, Use, new_game
from silkroad.serica.cards import Good
from silkroad.serica.describe import card_texts, describe_move

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
