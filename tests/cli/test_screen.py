"""The screen of a decision in ``silkroad play``: at most 40 lines in every title and
player count, keys that stay with their moves, the commands around it, Ctrl-C anywhere,
and the hot-seat handoff."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from extras import needs_analysis
from silkroad import get_game
from silkroad.agents import make_agent
from silkroad.cli import main
from silkroad.cli.interactive import CLEAR_SCROLLBACK, HumanGame
from silkroad.cli.screen import HEIGHT, Choice, Keys, choice_lines, fit_changes
from silkroad.core.errors import RulesError
from silkroad.core.game import AnyGame
from silkroad.core.replay import Record, states


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def console(*, terminal: bool = False) -> Console:
    return Console(
        file=io.StringIO(), width=160, color_system=None, force_terminal=terminal, soft_wrap=True
    )


def text_of(out: Console) -> str:
    return out.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def screens(
    game: AnyGame, players: int, seat: int, seed: int, *, decisions: int | None = None
) -> tuple[list[str], list[set[int]]]:
    """Play a game with a person at ``seat`` who picks a random key at each decision
    (random agents elsewhere); every decision's screen (from the end of the last answer
    to the prompt, the prompt included) and the keys offered at it."""
    out = console()
    rng = random.Random(seed)
    agents = {p: make_agent("random", seed + p) for p in range(players) if p != seat}
    marks: list[int] = []
    offered: list[set[int]] = []
    session: HumanGame

    def read(prompt: str) -> str:
        out.file.write(prompt)
        marks.append(len(text_of(out)))
        if decisions is not None and len(marks) > decisions:
            raise EOFError
        offered.append(set(session._offered))
        return str(rng.choice(sorted(session._offered)))

    session = HumanGame(
        game,
        game.default_options(players),
        seed,
        {seat},
        agents,
        read=read,
        out=out,
        save_path="saved.json",
    )
    session.play()
    text = text_of(out)
    shown, start = [], 0
    for mark in marks[: len(offered)]:
        chunk = text[start:mark]
        shown.append(chunk.partition("\n")[2] if start else chunk)  # after the answer's line
        start = mark
    return shown, offered


CASES = [
    (name, n)
    for name in ("kashgar", "serica", "dunhuang")
    for n in get_game(name).spec.allowed_players
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_decision_screen_fits_in_40_lines(name: str, players: int) -> None:
    """A whole game from the last seat (the first for two): every screen, the changes,
    the table, the moves and the prompt, in at most 40 lines of at most 100 columns,
    every key offered on it (or the page of them with the word that shows the rest)."""
    game = get_game(name)
    seat = players - 1
    shown, offered = screens(game, players, seat, seed=players)
    assert len(shown) > 10
    for screen, keys in zip(shown, offered, strict=True):
        lines = screen.split("\n")
        assert len(lines) <= HEIGHT, screen
        assert all(len(line) <= 100 for line in lines if "─" not in line), screen
        assert f"P{seat} you to decide" in screen
        assert lines[-1] == f"P{seat} you> "
        moves = screen.rpartition("Your moves:")[2]
        listed = {int(k) for k in re.findall(r"(?:^|\s)(\d+)\. ", moves)}
        assert listed == keys or ("more choices" in moves and listed < keys), screen


def test_long_lists_of_choices_are_cut_put_in_columns_or_paged() -> None:
    def choices(n: int, text: str = "meeple 1 to b1: gain 1 coin") -> list[Choice]:
        return [
            Choice(k, f"m{k % 3 + 1} b{k}", f"m{k} b{k}        {text}") for k in range(1, n + 1)
        ]

    # few: in full, wrapped
    lines, complete = choice_lines(choices(3, "x " * 80), 20, 100)
    assert complete
    assert len(lines) == 6
    assert all(len(line) <= 100 for line in lines)
    # as many as the lines: one a line, cut
    lines, complete = choice_lines(choices(12, "x " * 80), 12, 100)
    assert not complete
    assert len(lines) == 12
    assert all(len(line) <= 100 for line in lines)
    # many: in columns, every key there
    lines, complete = choice_lines(choices(43), 10, 100)
    assert len(lines) <= 10
    assert not complete
    assert sorted(int(k) for k in re.findall(r"(\d+)\. ", "\n".join(lines))) == list(range(1, 44))
    # too many for the columns: the first page, and how to see the rest
    lines, _ = choice_lines(choices(400), 10, 100)
    assert len(lines) == 10
    assert "more choices: 'moves'" in lines[-1]


def test_the_changes_keep_the_latest_moves_in_full() -> None:
    moves = [[f"{i:5d}.  P1  move {i}", f"{'':12}event of {i}"] for i in range(1, 31)]
    lines = fit_changes(moves, 8, 100)
    assert len(lines) == 8
    assert lines[0].startswith("  ... (")
    assert "'log 30'" in lines[0]
    assert lines[-2:] == ["   30.  P1  move 30", f"{'':12}event of 30"]  # the last one in full
    assert fit_changes(moves[:2], 8, 100) == [line for m in moves[:2] for line in m]


def test_keys_stay_with_their_moves_and_are_not_given_again() -> None:
    keys = Keys()
    assert keys.assign(0, ["a", "b", "c", "d"], fresh=True) == [1, 2, 3, 4]
    assert keys.assign(0, ["a", "c", "d", "e"], fresh=False) == [1, 3, 4, 5]  # b's 2 retired
    assert keys.retired(2)
    assert not keys.retired(3)
    assert keys.assign(0, ["e", "f"], fresh=False) == [5, 6]
    assert keys.assign(0, ["x", "y"], fresh=False) == [1, 2]  # a new kind of decision
    assert keys.assign(0, ["x", "y"], fresh=True) == [1, 2]  # another seat decided


def test_typing_a_key_twice_never_makes_two_different_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Serica's phase 1 offers several abilities; the key of one, used, is refused the
    second time instead of naming the move that now sits in its place, and every other
    move keeps its key."""
    seen: list[str] = []

    def read(prompt: str) -> str:
        seen.append(capsys.readouterr().out)
        if len(seen) == 1:
            first = seen[0].rpartition("Your moves:")[2]
            read.key = re.search(r"^ +(\d+)\. use ", first, re.M)[1]  # type: ignore[attr-defined,index]
        if len(seen) <= 2:
            return read.key  # type: ignore[attr-defined,no-any-return]
        return ["save g.json", "quit", "no"][len(seen) - 3]

    monkeypatch.setattr("silkroad.cli.play.read_line", read)
    main(["play", "serica", "--human", "0", "--agents", "greedy", "--seed", "4"])
    key = read.key  # type: ignore[attr-defined]
    assert f"Choice {key} is no longer offered" in seen[2]

    def listed(screen: str) -> dict[str, str]:
        moves = screen.rpartition("Your moves:")[2]
        return {m[2]: m[1] for m in re.finditer(r"^ +(\d+)\. (\S+(?: \S+)?)", moves, re.M)}

    before, after = listed(seen[0]), listed(seen[1])
    used = next(n for n, k in before.items() if k == key)
    assert used not in after
    assert all(after[n] == k for n, k in before.items() if n in after)  # the same keys
    record = Record.load("g.json")
    game = get_game("serica")
    mine = [
        game.format_move(move, state)
        for state, move in zip(states(record, game), record.moves, strict=False)
        if game.current_player(state) == 0
    ]
    assert mine == [used]  # one decision: the second key made no move


def test_commands_refuse_what_they_do_not_take_and_show_the_rest_of_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = "log abc\nundo undo\nboard now\nplayer 1\nplayer 9\ntable\nmoves\nmoves 7\nquit\nno\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main(["play", "kashgar", "--human", "0", "--agents", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "log takes a number of moves (log 5), not 'abc'." in out
    assert "'undo' takes nothing after it (got 'undo')" in out
    assert "'board' takes nothing after it (got 'now')" in out
    assert "Took back" not in out  # 'undo undo' is not an undo
    assert "P1: " in out
    assert "caravans, front card first:" in out
    assert "Say which player: player 0 to player 1." in out
    assert "Other cards on the table (not in your caravans):" in out  # table: the render
    assert "moves takes a page from 1 to 1, not '7'." in out


def test_moves_and_game_names_are_taken_in_any_case(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    kept: list[str] = []

    def read(prompt: str) -> str:
        seen.append(capsys.readouterr().out)
        if len(seen) == 1:
            return "C1.1"
        if len(seen) == 2:  # the first card to keep, typed in capitals and spaced out
            kept.append(re.findall(r"^ +\d+\. (keep \S+)", seen[-1], re.M)[0])
            return kept[0].upper().replace(" ", "   ")
        return ["save g.json", "quit", "no"][len(seen) - 3]

    monkeypatch.setattr("silkroad.cli.play.read_line", read)
    code = main(["play", "Kashgar", "--human", "0", "--agents", "Random", "--seed", "3"])
    assert code == 0, capsys.readouterr().err
    record = Record.load("g.json")
    game = get_game("kashgar")
    mine = [
        game.format_move(move, state)
        for state, move in zip(states(record, game), record.moves, strict=False)
        if game.current_player(state) == 0
    ]
    assert mine == ["c1.1", kept[0]]
    code = main(["position", "KASHGAR", "--seed", "3", "--moves", "C1.1"])
    assert code == 0
    assert 'game = "kashgar"' in capsys.readouterr().out


def test_a_bad_seed_is_refused_before_anything_is_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "kashgar", "--seed", "-5"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "silkroad: error: --seed -5: a seed is an integer from 0 to 2**64 - 1\n"


def test_hot_seat_seats_are_named_by_their_number(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n\nquit\nno\n"))
    main(["play", "kashgar", "--human", "0", "--human", "1", "--seed", "2"])
    out = capsys.readouterr().out
    assert "at the terminal: P0, P1 · agents: none" in out
    assert "P1 to decide" in out
    assert "player 2" not in out


# ------------------------------------------------------------------ Ctrl-C


class Interrupting:
    """An agent that is interrupted (Ctrl-C) while it thinks, at its ``n``-th decision."""

    name = "interrupting"

    def __init__(self, n: int) -> None:
        self.n = n

    def choose(self, game: AnyGame, observation: Any, legal: Sequence[Any]) -> Any:
        self.n -= 1
        if self.n <= 0:
            raise KeyboardInterrupt
        return legal[0]


def session(
    read: Callable[[str], str], *, interactive: bool, out: Console | None = None
) -> HumanGame:
    game = get_game("kashgar")
    return HumanGame(
        game,
        game.default_options(2),
        3,
        {0},
        {1: Interrupting(3)},
        read=read,
        out=out or console(),
        interactive=interactive,
    )


def test_ctrl_c_while_an_agent_thinks_saves_to_a_named_file_when_nobody_can_answer() -> None:
    s = session(lambda prompt: "1", interactive=False)
    record = s.play()
    text = text_of(s.out)
    assert "Game stopped." in text
    assert "The game so far goes to kashgar-seed3.json." in text
    assert "Saved to kashgar-seed3.json; continue with: silkroad play kashgar --resume" in text
    assert Record.load("kashgar-seed3.json").moves == record.moves
    assert len(record.moves) >= 3


def test_ctrl_c_while_an_agent_thinks_offers_to_save_at_a_terminal() -> None:
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "mine.json" if prompt.startswith("Save the game") else "1"

    s = session(read, interactive=True)
    s.play()
    assert prompts[-1].startswith("Save the game before you go? A file name, Enter for")
    assert Record.load("mine.json").result is None


def test_ctrl_c_in_a_game_between_agents_saves_the_game_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from silkroad.arena import match

    real = match.play_game

    def interrupted(*args: Any, on_move: Any = None, **kwargs: Any) -> Any:
        calls = 0

        def count(*a: Any) -> None:
            nonlocal calls
            calls += 1
            on_move(*a)
            if calls == 5:
                raise KeyboardInterrupt

        return real(*args, on_move=count, **kwargs)

    monkeypatch.setattr("silkroad.cli.play.play_game", interrupted)
    code = main(["play", "kashgar", "--seed", "3"])
    out, err = capsys.readouterr()
    assert code == 130
    assert "Game stopped after 5 decisions." in out
    assert "The game so far goes to kashgar-seed3.json." in out
    assert len(Record.load("kashgar-seed3.json").moves) == 5
    assert "Traceback" not in out + err


@needs_analysis
def test_ctrl_c_stops_a_tournament_with_the_figures_of_the_games_finished(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from silkroad.arena import tournament

    real = tournament._play
    played = 0

    def play(job: Any) -> Any:
        nonlocal played
        played += 1
        if played == 4:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(tournament, "_play", play)
    code = main(
        ["simulate", "tinydraw", "--games", "50", "--workers", "1", "--json", "--resamples", "100"]
    )
    out, err = capsys.readouterr()
    assert code == 130
    document = json.loads(out)  # one valid document
    assert (document["games"], document["requested"], document["interrupted"]) == (3, 50, True)
    assert [r["seed"] for r in document["results"]] == [0, 1, 2]
    assert err == "interrupted: 3 of 50 games finished; the figures are of those\n"
    played = 0
    argv = ["balance", "tinydraw", "--games", "50", "--workers", "1", "--resamples", "100"]
    assert main(argv) == 130
    out = capsys.readouterr().out
    assert "3 games (of 50: interrupted)" in out
    assert "interrupted: 3 of 50 games finished" in out


# ------------------------------------------------------------------ hot-seat


def test_a_hot_seat_handoff_clears_the_scrollback_and_waits_at_a_blank_screen() -> None:
    """Two people in a 3-player Dunhuang draft: at the handoff the bytes written clear
    the screen and the scrollback, and nothing of the first person's private view (the
    tiles of their pack) is written after that before the second person confirms."""
    game = get_game("dunhuang")
    out = console(terminal=True)
    written: list[tuple[str, int]] = []

    def read(prompt: str) -> str:
        written.append((prompt, len(text_of(out))))
        if prompt.startswith("P1: press Enter"):
            return ""
        if prompt == "P1> ":
            raise EOFError
        return "1"

    s = HumanGame(
        game,
        game.default_options(3),
        3,  # P0 drafts first, then P1
        {0, 1},
        {2: make_agent("random", 2)},
        read=read,
        out=out,
        names=["", "", "random"],
        save_path="saved.json",
    )
    s.play()
    text = text_of(out)
    first = next(i for i, (p, _) in enumerate(written) if p == "P0> ")
    handoff = next(i for i, (p, _) in enumerate(written) if p.startswith("P1: press Enter"))
    screen_of_p0 = text[: written[first][1]]
    pack = re.findall(r"\bt\d{3}\b", screen_of_p0.rpartition("The pack you draft from")[2])
    assert pack  # P0 saw the tiles of their pack
    at = written[handoff][1]
    clear = text.rindex("\x1b[2J", 0, at)
    assert text[clear - 3 : clear + 8] == "\x1b[H\x1b[2J" + CLEAR_SCROLLBACK
    blank = text[clear:at]
    assert "Pass the terminal to P1." in blank
    assert not any(tile in blank for tile in pack)
    assert "P1 to decide" not in blank  # the next view waits for the confirmation
    after = text[at:]
    assert after.index("\x1b[2J") < after.index("P1 to decide")  # cleared again, then shown


def test_wide_shows_the_whole_table_and_every_move_in_full(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "serica", "--human", "0", "--agents", "greedy", "--seed", "4"]
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nno\n"))
    main(argv)
    compact = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nno\n"))
    main([*argv, "--wide"])
    wide = capsys.readouterr().out
    assert "Empire (abilities usable once a round; * used this round):" in wide  # the render
    assert "Empire (abilities usable once a round" not in compact
    assert " 13.  P1  done " in wide  # every move of the log, none left out
    assert "earlier moves left out" in compact
    screen = compact.partition("for the commands.\n")[2].partition("P0 you> ")[0]
    assert screen.count("\n") < HEIGHT
    assert wide.partition("for the commands.\n")[2].partition("P0 you> ")[0].count("\n") > HEIGHT


def crowded(game: AnyGame, players: int, least: int) -> Any:
    """A state of a random game with at least ``least`` legal moves."""
    for seed in range(20):
        state = game.new_game(game.default_options(players), seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            legal = game.legal_moves(state)
            if len(legal) >= least:
                return state
            state = game.apply(state, rng.choice(legal))
    pytest.fail(f"no {game.spec.name} state with {least} moves in 20 random games")


@pytest.mark.parametrize(("name", "players"), [("dunhuang", 4), ("serica", 2)])
def test_a_decision_with_many_moves_fits_with_every_key(name: str, players: int) -> None:
    """Dozens of moves at once (a Dunhuang placement with three different meeples, a
    Serica choice of goods): the screen still fits in 40 lines and lists every key."""
    game = get_game(name)
    state = crowded(game, players, 35)
    legal = game.legal_moves(state)
    seat = game.current_player(state)
    out = console()
    prompts: list[int] = []

    def read(prompt: str) -> str:
        prompts.append(len(text_of(out)))
        raise EOFError

    s = HumanGame(game, state.options, 0, {seat}, {}, read=read, out=out, save_path="x.json")
    s.state = state
    s.play()
    screen = text_of(out)[: prompts[0]]
    assert screen.count("\n") < HEIGHT
    moves = screen.rpartition("Your moves:")[2]
    keys = {int(k) for k in re.findall(r"(?:^|\s)(\d+)\. ", moves)}
    # every key, or the first ones and a line naming how many more 'moves' lists
    assert keys == set(range(1, len(keys) + 1))
    if len(keys) < len(legal):
        assert f"({len(legal) - len(keys)} more choices: 'moves' lists every choice" in moves
        assert len(keys) >= 24


@pytest.mark.parametrize("name", ["kashgar", "serica", "dunhuang"])
def test_a_refused_move_is_its_reason_and_a_hint_not_the_list_of_moves(name: str) -> None:
    """A move offered at some moment of a game, typed when it is not legal: the reason
    the seat may know (the title's rule, or the generic one) and a one-line hint, in a
    few lines under the screen, never the moves again."""
    from silkroad.core.explain import explain_for_seat

    game = get_game(name)
    options = game.default_options()
    start = game.new_game(options, 2)
    seat = game.current_player(start)
    assert seat is not None
    state, offered = game.new_game(options, 1), []
    while not game.is_over(state) and len(offered) < 400:
        moves = game.legal_moves(state)
        offered += [game.format_move(m, state) for m in moves]
        state = game.apply(state, moves[len(offered) % len(moves)])
    legal = game.legal_moves(start)

    def refused(text: str) -> bool:
        try:
            return game.parse_move(start, text) not in legal
        except RulesError:
            return False

    text = next(t for t in offered if refused(t))
    out = console()
    answers = [text]

    def read(prompt: str) -> str:
        out.file.write(prompt)
        if not answers:
            raise EOFError  # the input ends: the game is saved and the command stops
        return answers.pop()

    agents = {p: make_agent("random", p) for p in range(game.num_players(start)) if p != seat}
    HumanGame(game, options, 2, {seat}, agents, read=read, out=out, save_path="s.json").play()
    after = text_of(out).split(f"P{seat} you> ")[1].split("\n")
    reason = str(explain_for_seat(game, start, game.parse_move(start, text), seat))
    hint = f"{text!r} is not legal now: choose one of the listed moves ('board' shows them again)."
    shown = after[: after.index(hint) + 1]
    assert " ".join(line.strip() for line in shown[:-1]) == reason
    assert len(shown) <= 4
