"""A person at the terminal sees only what their seat may see: two games that differ only
in what the person cannot see give them the same screen, in every title."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from rich.console import Console

from silkroad.cli.interactive import HumanGame, move_line
from silkroad.core.game import AnyGame

Policy = Callable[[Sequence[Any]], Any]


class Scripted:
    """An agent that plays by a fixed rule on the list of legal moves (so two games
    that differ in hidden cards may see different moves)."""

    name = "scripted"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, game: AnyGame, observation: Any, legal: Sequence[Any]) -> Any:
        del game, observation
        return self.policy(legal)


def first(legal: Sequence[Any]) -> Any:
    return legal[0]


def screen(
    game: AnyGame,
    start: Any,
    human: int,
    policy: Policy,
    tmp_path: Path,
) -> str:
    """What the person at seat ``human`` sees from ``start`` to their first decision:
    the moves of the others, the table and their own moves (the input then ends)."""
    out = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
    seats = game.num_players(start)
    agents: dict[int, Any] = {p: Scripted(policy) for p in range(seats) if p != human}

    def read(prompt: str) -> str:
        raise EOFError

    session = HumanGame(
        game,
        game.default_options(seats),
        0,
        {human},
        agents,
        read=read,
        out=out,
        save_path=str(tmp_path / "saved.json"),
    )
    session.state = start  # play from this table
    session.play()
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "to decide" in text  # the person was asked
    return str(text)


@pytest.mark.rule("DH-2.3")
def test_dunhuang_drafted_and_face_down_tiles_of_others_stay_hidden(tmp_path: Path) -> None:
    from silkroad.dunhuang import GAME, Options, determinize, new_game, observe
    from silkroad.dunhuang.state import Phase

    human = 2
    real = new_game(Options(3), 3)  # P0 drafts first, then P1, then the person
    other = determinize(observe(real, human), 11)
    assert other.draft[human] == real.draft[human]
    assert other.draft[0] != real.draft[0]  # the others hold other tiles
    # the log of a leaky table would name the tiles: the two games would differ
    keep = GAME.legal_moves(real)[0]
    assert move_line(GAME, real, keep) != move_line(GAME, other, GAME.legal_moves(other)[0])
    seen = screen(GAME, real, human, first, tmp_path)
    assert seen == screen(GAME, other, human, first, tmp_path)
    assert "P0  keeps a tile" in seen
    assert "t" + str(keep.tile) not in seen.split("to decide")[0]
    # the first placement: the others place face down before the person
    state = real
    while not (state.phase is Phase.PLACE and GAME.current_player(state) == 0):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    other = determinize(observe(state, human), 5)
    assert other.players[0].hand != state.players[0].hand
    seen = screen(GAME, state, human, first, tmp_path)
    assert seen == screen(GAME, other, human, first, tmp_path)
    assert "places a first tile face down" in seen


@pytest.mark.rule("KG-7")
def test_kashgar_special_cards_put_under_the_deck_by_others_stay_hidden(tmp_path: Path) -> None:
    from kashgar.helpers import Builder, track
    from silkroad.kashgar import GAME, CaravanAction, Options

    def start(second: str) -> Any:
        b = Builder(Options.create(2))
        prophet = b.card("prophet")
        top = [b.card("vizier"), b.card(second)]
        return b.state(
            [[[prophet]], [[b.card("servant")], [b.card("widow")]]],
            special_top=top,
            tracks=[track(gold=5), track()],
        )

    one, two = start("goldsmith"), start("innkeeper")
    assert GAME.legal_moves(one)[0] == CaravanAction(0, 0)
    seen = screen(GAME, one, 1, first, tmp_path)
    assert seen == screen(GAME, two, 1, first, tmp_path)
    assert "Vizier" in seen  # the kept card is shown: it is in a caravan
    assert "Goldsmith" not in seen
    assert "1 card: P0's hand (looked at) -> the Special deck" in seen
    # the player who looked knows the card they put under the deck
    mine = screen(GAME, GAME.apply(one, CaravanAction(0, 0)), 0, first, tmp_path)
    assert "Goldsmith" in mine


@pytest.mark.rule("SR-8.3")
def test_serica_cards_a_general_puts_back_stay_hidden(tmp_path: Path) -> None:
    from serica.helpers import Builder
    from silkroad.serica import GAME

    def start(order: Sequence[str]) -> Any:
        b = Builder()
        han = b.player(empire=["general"], fields=[["fort"], [], [], []])
        rome = b.player(draw=list(order), fields=[["soldier"], [], [], []])
        return b.state(han, rome)

    def general(legal: Sequence[Any]) -> Any:
        texts = [str(m) for m in legal]
        for wanted in ("use general", "take 1", "top 1", "done"):
            if wanted in texts:
                return legal[texts.index(wanted)]
        return legal[0]

    one = start(["city", "envoy", "smith", "trader"])
    two = start(["city", "smith", "envoy", "trader"])  # another card goes back on top
    seen = screen(GAME, one, 1, general, tmp_path)
    assert seen == screen(GAME, two, 1, general, tmp_path)
    assert "takes City" in seen  # the taken card goes to a discard pile: open
    assert "puts back on top one of the viewed cards" in seen
    assert attrs.evolve(one, rng=two.rng) != two
