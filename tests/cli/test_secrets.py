"""The seed is the whole game: ``play`` and ``view`` never show it to a person who could
use it, and a seat's viewer page holds only what the seat saw, up to the step shown.

Each test cheats as a player would: it takes the numbers the output shows and tries to
rebuild the hidden cards from them (``new_game(options, n)``), or compares the output of
two games that differ only in what the seat cannot see."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import silkroad
from silkroad.cli import main
from silkroad.core.replay import Record
from silkroad.core.rng import Rng
from silkroad.view import viewer_data, viewer_page


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rebuilds_romes_pile(options: Any, real: Any, text: str) -> list[int]:
    """The numbers in ``text`` that, taken as the seed, give the real hidden cards: Rome's
    draw pile and the order of the Crossroads draw pile."""
    serica = silkroad.get_game("serica")
    found = []
    for n in {int(x) for x in re.findall(r"\d+", text)}:
        if n >= 2**64:
            continue
        dealt = serica.new_game(options, n)
        if dealt.players[1].draw == real.players[1].draw and dealt.cross_pile == real.cross_pile:
            found.append(n)
    return found


@pytest.mark.rule("SR-3")
def test_a_persons_game_shows_no_seed_before_its_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = run(capsys, monkeypatch, "", "play", "serica", "--human", "0")
    assert code == 0, err
    assert "Game stopped." in out
    saved = Record.load("serica-game.json")  # the default name tells no seed either
    assert saved.result is None
    assert not re.search(r"\bseed\b", out)
    assert str(saved.seed) not in out
    real = saved.initial_state()
    assert rebuilds_romes_pile(saved.options, real, out) == []
    # the save holds the seed (it must, to resume the game), and resumes
    code, out, err = run(
        capsys, monkeypatch, "", "play", "serica", "--resume", "serica-game.json", "--human", "0"
    )
    assert code == 0, err
    assert "Game stopped." in out
    assert str(saved.seed) not in out
    assert rebuilds_romes_pile(saved.options, real, out) == []


def test_each_persons_game_draws_its_own_seed(
    tiny: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = set()
    for k in range(3):
        path = f"g{k}.json"
        run(capsys, monkeypatch, "", "play", "tinydraw", "--human", "0", "--save", path)
        seeds.add(Record.load(path).seed)
    assert len(seeds) == 3


def test_a_finished_persons_game_tells_its_seed_at_the_end(
    tiny: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(
        capsys, monkeypatch, "1\n" * 40, "play", "tinydraw", "--human", "0", "--save", "g.json"
    )
    assert code == 0, err
    record = Record.load("g.json")
    assert record.result is not None
    end = out.index("Final scores")
    assert f"seed {record.seed}" not in out[:end]
    assert f"seed {record.seed} (the game is over" in out[end:]


def test_a_game_of_agents_only_keeps_seed_0_and_shows_it(
    tiny: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, "", "play", "tinydraw", "--quiet", "--save", "a.json")
    assert code == 0, err
    assert "seed 0" in out
    assert Record.load("a.json").seed == 0


def page_data(text: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="data">(.*?)</script>', text, re.S)
    assert match
    data: dict[str, Any] = json.loads(match.group(1))
    return data


@pytest.mark.rule("SR-3")
def test_the_viewer_of_a_stopped_game_shows_only_the_persons_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, monkeypatch, "", "play", "serica", "--human", "1", "--view", "p.html")
    text = Path("p.html").read_text(encoding="utf-8")
    data = page_data(text)
    assert data["views"] == ["1"]
    assert data["seed"] is None
    saved = Record.load("serica-game.json")
    assert rebuilds_romes_pile(saved.options, saved.initial_state(), data["result"]) == []
    both = ("--human", "0", "--human", "1")
    code, out, _ = run(capsys, monkeypatch, "", "play", "serica", *both, "--view", "q.html")
    assert code == 0
    assert "no viewer written" in out
    assert not Path("q.html").exists()


def hidden_twin(name: str, seed: int, steps: int, seat: int) -> tuple[Any, Any, Any]:
    """A state reached by random play, and one that differs from it only in what ``seat``
    cannot see (other hands, deck orders, the generator)."""
    game = silkroad.get_game(name)
    state = game.new_game(game.default_options(), seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        moves = game.legal_moves(state)
        i, rng = rng.randrange(len(moves))
        state = game.apply(state, moves[i])
    twin = game.determinize(game.observe(state, seat), seed + 1)
    assert twin != state
    assert game.observe(twin, seat) == game.observe(state, seat)
    return game, state, twin


def same_for_the_seat(game: Any, a: Any, b: Any, seat: int, limit: int) -> list[Any]:
    """Moves playable from both states while the seat sees the same in both."""
    rng = Rng.from_seed(3)
    moves = []
    for _ in range(limit):
        legal = game.legal_moves(a)
        if not legal or game.legal_moves(b) != legal:
            break
        i, rng = rng.randrange(len(legal))
        a2, b2 = game.apply(a, legal[i]), game.apply(b, legal[i])
        if game.observe(a2, seat) != game.observe(b2, seat):
            break
        moves.append(legal[i])
        a, b = a2, b2
    return moves


@pytest.mark.parametrize(("name", "steps"), [("kashgar", 9), ("serica", 25), ("dunhuang", 4)])
def test_a_seat_page_is_the_same_whatever_the_seat_could_not_see(name: str, steps: int) -> None:
    seat = 1
    game, state, twin = hidden_twin(name, 6, steps, seat)
    moves = same_for_the_seat(game, state, twin, seat, 30)
    options = state.options
    one = Record.from_moves(game, options, 7, moves, position=game.to_position(state))
    other = Record.from_moves(game, options, 8, moves, position=game.to_position(twin))
    page = viewer_page(one, seat, game)
    assert page == viewer_page(other, seat, game)
    assert page_data(page)["seed"] is None
    assert viewer_page(one, None, game) != viewer_page(other, None, game)  # the full pages differ


@pytest.mark.rule("SR-8.3")
def test_a_seat_page_tells_a_move_as_that_seat_saw_it() -> None:
    """Han's General puts back on top one of Rome's cards it looked at: Rome's page does
    not say which."""
    from serica.helpers import Builder, play
    from silkroad.serica import GAME, Take, Top, Use

    b = Builder()
    han = b.player(empire=["general"], fields=[["fort"], [], [], []])
    rome = b.player(draw=["city", "envoy", "smith", "trader"], fields=[["soldier"], [], [], []])
    start = play(b.state(han, rome), Use("general"), Take(2))
    record = Record.from_moves(GAME, start.options, 0, [Top(2)], position=GAME.to_position(start))
    everything = viewer_data(record, None, GAME).moves[0]["text"]
    rome_page = viewer_data(record, 1, GAME).moves[0]["text"]
    assert everything["all"] == "top 2 · puts back on top Smith"
    assert rome_page["1"] == "top 2 · puts back on top one of the viewed cards"
    assert viewer_data(record, 0, GAME).moves[0]["text"]["0"] == everything["all"]
