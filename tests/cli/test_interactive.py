"""A person at the terminal: silkroad play --human, --resume, and replay --step."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import tinygame
from silkroad.cli import main
from silkroad.core.replay import Record


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game stopped by the end of input is saved to a file in the current folder."""
    monkeypatch.chdir(tmp_path)


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_person_plays_a_whole_game_by_numbers(
    tiny: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    code, out, err = run(
        capsys,
        monkeypatch,
        "1\n" * 40,
        "play",
        "tinydraw",
        "--human",
        "0",
        "--agents",
        "random",
        "--seed",
        "4",
        "--save",
        str(path),
    )
    assert code == 0, err
    assert "at the terminal: P0 you" in out
    assert "P0 you to decide" in out
    assert "Your moves:" in out
    assert "    1. " in out
    assert "Final scores" in out
    assert "│ P0   │ you " in out
    record = Record.load(path)
    assert record.result is not None
    assert record.agents == ("human", "random")
    # every decision of seat 0 took the first listed move
    state = tinygame.new_game(record.options, record.seed)
    for move in record.moves:
        if state.turn == 0:
            assert move == tinygame.legal_moves(state)[0]
        state = tinygame.apply(state, move)


def test_wrong_answers_are_asked_again_with_the_reason(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = "\n99\nfly away\nplay 42\nhelp\nquit\n"
    code, out, _ = run(capsys, monkeypatch, answers, "play", "tinydraw", "--human", "0")
    assert code == 0
    assert "There is no choice 99: the keys are 1 to " in out
    assert "Not a move: expected 'draw' or 'play N'" in out
    assert "'play 42' is not legal now" in out
    assert "undo        take back your last decision" in out
    assert "Game stopped." in out
    assert "Traceback" not in out


def test_notation_answers_are_accepted(
    tiny: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    state = tinygame.new_game(tinygame.Options(), 0)
    first = str(tinygame.legal_moves(state)[-1])
    path = tmp_path / "g.json"
    answers = f"{first}\nsave {path}\nquit\n"
    run(capsys, monkeypatch, answers, "play", "tinydraw", "--human", "0", "--seed", "0")
    assert [str(m) for m in Record.load(path).moves][:1] == [first]


def test_undo_takes_back_the_persons_last_decision(
    tiny: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.json"
    answers = f"undo\n1\nundo\nsave {path}\nquit\n"
    code, out, _ = run(capsys, monkeypatch, answers, "play", "tinydraw", "--human", "0")
    assert code == 0
    assert "Nothing to undo" in out
    assert "Took back 2 decisions." in out  # the person's move and the agent's reply
    assert Record.load(path).moves == ()


def test_save_and_resume_continue_the_same_game(
    tiny: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    saved = tmp_path / "saved.json"
    run(
        capsys,
        monkeypatch,
        f"1\n1\nsave {saved}\nquit\n",
        "play",
        "tinydraw",
        "--human",
        "0",
        "--seed",
        "9",
    )
    partial = Record.load(saved)
    assert partial.result is None
    assert len(partial.moves) >= 2
    final = tmp_path / "final.json"
    code, out, err = run(
        capsys,
        monkeypatch,
        "1\n" * 40,
        "play",
        "tinydraw",
        "--resume",
        str(saved),
        "--human",
        "0",
        "--save",
        str(final),
    )
    assert code == 0, err
    assert f"resuming after {len(partial.moves)} decisions" in out
    finished = Record.load(final)
    assert finished.moves[: len(partial.moves)] == partial.moves
    assert finished.seed == 9
    assert finished.result is not None


def test_the_end_of_input_stops_the_game(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, "", "play", "tinydraw", "--human", "1")
    assert code == 0
    assert "Game stopped." in out
    assert "The input ended." in out
    assert "Saved to tinydraw-game.json" in out
    assert "continue with: silkroad play tinydraw --resume tinydraw-game.json --human 1" in out
    assert Record.load("tinydraw-game.json").result is None
    assert "Traceback" not in out
    # a second time, the file is not overwritten
    code, out, _ = run(capsys, monkeypatch, "", "play", "tinydraw", "--human", "1")
    assert "Saved to tinydraw-game-2.json" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--human", "5"], "seats are 0 to 1"),
        (["--resume", "missing.json"], "cannot read the file"),
    ],
)
def test_bad_human_arguments(
    tiny: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    code, _, err = run(capsys, monkeypatch, "", "play", "tinydraw", *argv)
    assert code == 2
    assert message in err


def test_resume_refuses_finished_games_and_extra_options(
    tiny: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    done = tmp_path / "done.json"
    run(capsys, monkeypatch, "", "play", "tinydraw", "--quiet", "--save", str(done))
    code, _, err = run(capsys, monkeypatch, "", "play", "tinydraw", "--resume", str(done))
    assert code == 2
    assert "finished game" in err
    code, _, err = run(
        capsys, monkeypatch, "", "play", "tinydraw", "--resume", str(done), "--players", "3"
    )
    assert code == 2
    assert "record's own options" in err


def test_replay_step_walks_through_the_game(
    tiny: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    run(capsys, monkeypatch, "", "play", "tinydraw", "--quiet", "--save", str(path))
    total = len(Record.load(path).moves)
    code, out, _ = run(capsys, monkeypatch, "\n\nq\n", "replay", str(path), "--step")
    assert code == 0
    assert "setup" in out
    assert f"move 2/{total}: P" in out
    assert f"move 3/{total}" not in out  # stopped by q
    code, out, _ = run(capsys, monkeypatch, "", "replay", str(path), "--step")
    assert f"move {total}/{total}" in out  # input ended: the rest without pausing


def test_simulate_rotates_seats_saves_records_and_prints_json(
    tiny: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    code, out, err = run(
        capsys,
        monkeypatch,
        "",
        "simulate",
        "tinydraw",
        "--games",
        "6",
        "--players",
        "3",
        "--workers",
        "1",
        "--json",
        "--save",
        str(tmp_path / "records"),
    )
    assert code == 0, err
    document = json.loads(out)
    assert document["games"] == 6
    assert document["rotated"] is True
    assert [a["agent"] for a in document["agents"]] == ["random"] * 3
    assert all(a["games"] == 6 for a in document["agents"])
    assert sum(a["wins"] for a in document["agents"]) >= 6
    saved = sorted((tmp_path / "records").glob("*.json"))
    assert len(saved) == 6
    assert Record.load(saved[0]).seed == 0
    code, out, _ = run(capsys, monkeypatch, "", "replay", str(tmp_path / "records"))
    assert out.count("OK: tinydraw") == 6


def test_replay_step_goes_back_jumps_and_prints_the_position(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    run(capsys, monkeypatch, "", "play", "kashgar", "--quiet", "--seed", "3", "--save", str(path))
    record = Record.load(path)
    total = len(record.moves)
    code, out, _ = run(capsys, monkeypatch, "\n\nb\n7\np\nx\nq\n", "replay", str(path), "--step")
    assert code == 0
    assert out.count("move 1/") == 2  # shown, then shown again after b
    assert f"move 7/{total}" in out
    # x is answered with one line naming what the prompt takes, not the help text
    (unknown,) = [line for line in out.splitlines() if "'x'" in line]
    assert "neither a command nor a move" in unknown
    for accepted in ("n (next)", "b (back)", "(jump)", "p (position)", "why MOVE", "q (quit)"):
        assert accepted in unknown
    assert "jump to the state after" not in out  # the help text is h's answer
    # p printed the position after 7 decisions
    from silkroad import get_game
    from silkroad.core.replay import step_to

    assert get_game("kashgar").to_position(step_to(record, 7)) in out


def test_replay_step_help_lists_the_commands(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    run(capsys, monkeypatch, "", "play", "kashgar", "--quiet", "--seed", "3", "--save", str(path))
    code, out, _ = run(capsys, monkeypatch, "h\nq\n", "replay", str(path), "--step")
    assert code == 0
    assert "jump to the state after decision N" in out
    assert "neither a command nor a move" not in out


def test_position_command_prints_an_editable_position(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from silkroad import get_game

    game = get_game("kashgar")
    code, out, _ = run(capsys, monkeypatch, "", "position", "kashgar", "--seed", "4")
    assert code == 0
    assert game.from_position(out) == game.new_game(game.default_options(), 4)
    code, out, _ = run(capsys, monkeypatch, "", "position", "kashgar", "--moves", "c1.1")
    state = game.apply(game.new_game(game.default_options(), 0), game.parse_move(None, "c1.1"))
    assert game.from_position(out) == state
    start = tmp_path / "start.toml"
    start.write_text(out, encoding="utf-8")
    keep = game.format_move(game.legal_moves(state)[0])
    code, again, _ = run(
        capsys, monkeypatch, "", "position", "kashgar", "--from", str(start), "--moves", keep
    )
    assert game.from_position(again) == game.apply(state, game.legal_moves(state)[0])
    code, _, err = run(capsys, monkeypatch, "", "position", "kashgar", "--moves", "c9.1")
    assert code == 2
    assert "move 1: there is no caravan 9: a player has at most 4 caravans ('c9.1' refused" in err
    code, _, err = run(capsys, monkeypatch, "", "position", "kashgar", "--moves", "c3.1", "c3.1")
    assert code == 2  # the second action of the turn: the reason, with its section, leads
    assert re.search(r"move 2: \[KG-[0-9.A-Z]+\] .*\('c3.1' refused; legal: ", err), err
    record = tmp_path / "game.json"
    Record.from_moves(game, game.default_options(), 0, [game.parse_move(None, "c1.1")]).save(record)
    code, from_record, _ = run(
        capsys, monkeypatch, "", "position", "kashgar", "--from", str(record)
    )
    assert game.from_position(from_record) == state


def test_replay_verifies_a_record_that_starts_from_a_position(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from silkroad import get_game

    game = get_game("serica")
    position = 'active = 0\nstep = "produce"\n[player.0]\nempire = []\n'
    moves = [game.parse_move(None, "produce silk"), game.parse_move(None, "hire")]
    record = Record.from_moves(game, game.default_options(), 0, moves, position=position)
    path = tmp_path / "from-position.json"
    record.save(path)
    code, out, _ = run(capsys, monkeypatch, "p\nq\n", "replay", str(path), "--step")
    assert code == 0
    assert "OK: serica, 2 moves replayed" in out
    assert "the starting position" in out
    data = json.loads(path.read_text(encoding="utf-8"))
    data["data"]["moves"] = ["hire"] * 9
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, "", "replay", str(path))
    assert code == 2
    assert "move 9" in err


# ------------------------------------------------------------------ the table commands


def test_card_board_and_log_commands(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from silkroad.kashgar import GAME
    from silkroad.kashgar.describe import card_text
    from silkroad.kashgar.table import table

    state = GAME.new_game(GAME.default_options(), 0)
    t = table(state.options)
    behind = state.caravans[0][0][1]  # the Starting card behind P0's first Patriarch
    name = t.face(behind, False).name
    answers = (
        f"card {name.lower()}\ncard {behind}\ncard zzz\ncard 999\nboard\n1\nlog 1\nlog\nquit\nno\n"
    )
    code, out, _ = run(
        capsys,
        monkeypatch,
        answers,
        *("play", "kashgar", "--human", "0", "--agents", "random", "--seed", "0"),
    )
    assert code == 0
    before, _, after = out.partition("P0 you> ")
    # card NAME and card NUMBER: the full text of a card in sight, from the data
    assert after.count(card_text(t, behind, False)) >= 2
    assert f"{name}[{behind}]" in before  # the screen names the card
    assert "No card 'zzz' that you can see." in after
    assert "No card '999' that you can see." in after
    # board: the screen again (once before the first move, once asked, then after it)
    assert out.count("Your caravans (P0), front card first") >= 3
    # log N: the last moves again, with what followed them
    assert after.count("you  c1.1") >= 2
    assert "the Standard deck -> P0's hand (looked at)" in after
    assert "Not saved." in out
    assert "Traceback" not in out
    assert "\x1b[" not in out  # output that is not a terminal has no colour codes


def test_card_shows_both_sides_of_a_two_sided_card_each_on_its_own_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from silkroad.kashgar import GAME

    state = GAME.new_game(GAME.default_options(), 0)
    patriarch = state.caravans[0][0][0]
    answers = f"card {patriarch}\ncard matriarch\nquit\nno\n"
    code, out, _ = run(
        capsys,
        monkeypatch,
        answers,
        *("play", "kashgar", "--human", "0", "--agents", "random", "--seed", "0"),
    )
    assert code == 0
    after = out.partition("P0 you> ")[2].splitlines()
    assert after[0].startswith("Patriarch ! (0 VP): cannot be passed")
    sides = [line for line in after if line.startswith("  other side: Matriarch ! (0 VP)")]
    assert len(sides) == 1  # the other side starts a line of its own
    assert any(line.startswith("P0 you> Matriarch ! (0 VP)") for line in after)


def test_quit_offers_to_save_to_a_named_file(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys, monkeypatch, "1\nquit\nmine.json\n", "play", "tinydraw", "--human", "0"
    )
    assert code == 0
    assert "Save the game before you go? A file name, Enter for tinydraw-game.json" in out
    assert "Saved to mine.json; continue with: silkroad play tinydraw --resume mine.json" in out
    assert len(Record.load("mine.json").moves) >= 1
    # Enter takes the offered name
    code, out, _ = run(capsys, monkeypatch, "quit\n\n", "play", "tinydraw", "--human", "0")
    assert "Saved to tinydraw-game.json" in out


def test_ctrl_c_at_the_prompt_ends_cleanly_and_offers_to_save(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["1"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None  # at the prompt, then at the question

    monkeypatch.setattr("silkroad.cli.play.read_line", read)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)  # a person can answer
    code = main(["play", "tinydraw", "--human", "0"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Game stopped." in out
    assert prompts[-1].startswith("Save the game before you go?")
    assert "Not saved." in out
    assert "Traceback" not in out


def test_hot_seat_names_the_seats_and_hands_the_terminal_over(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = "1\n\n1\n\n1\n\n1\n\n" * 10
    code, out, err = run(
        capsys,
        monkeypatch,
        answers,
        "play",
        "tinydraw",
        "--human",
        "0",
        "--human",
        "1",
        "--name",
        "Ann",
        "--name",
        "Bo",
    )
    assert code == 0, err
    assert "\nat the terminal: P0 Ann, P1 Bo · agents: none\n" in out  # a line of its own
    assert "P0 Ann to decide" in out
    assert "P1 Bo to decide" in out
    assert "Pass the terminal to P1 Bo.\nP1 Bo: press Enter when you are ready." in out
    assert "P1 Bo> " in out
    assert "│ P1   │ Bo " in out
    code, _, err = run(capsys, monkeypatch, "", "play", "tinydraw", "--name", "Ann")
    assert code == 2
    assert "--name names the person at a --human seat" in err


def first_choice(capsys: pytest.CaptureFixture[str], seen: list[str]) -> Callable[[str], str]:
    """A person who always takes the first choice shown (the smallest key on the last
    screen); what was printed is kept in ``seen``."""

    def read(prompt: str) -> str:
        seen.append(capsys.readouterr().out + prompt)
        shown = "".join(seen).rpartition("Your moves:")[2]
        return min(re.findall(r"^ +(\d+)\. ", shown, re.M), key=int)

    return read


def test_a_solitaire_game_is_won_or_lost(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    monkeypatch.setattr("silkroad.cli.play.read_line", first_choice(capsys, seen))
    code = main(["play", "dunhuang", "--players", "1", "--human", "0"])
    out = "".join(seen) + capsys.readouterr().out
    assert code == 0
    final = out[out.rindex("Final scores") :]
    assert ("│ won " in final and "You won." in final) or (
        "│ lost " in final and "You lost." in final
    )
    assert "Solitaire: " in out


def test_a_co_op_game_is_won_or_lost_by_both(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(
        capsys,
        monkeypatch,
        "",
        "play",
        "serica",
        "--option",
        "coop=true",
        "--agents",
        "greedy",
        "--seed",
        "2",
        "--quiet",
    )
    assert code == 0, err
    final = out[out.rindex("Final scores") :]
    results = [line.split("│")[4].strip() for line in final.splitlines() if "│ P" in line]
    assert results in (["won", "won"], ["lost", "lost"])


def _between_prompts(out: str, prompt: str = "P0 you> ") -> list[list[str]]:
    """What the command printed after each answer, up to the next prompt, line by line."""
    return [chunk.rstrip("\n").split("\n") for chunk in out.split(prompt)[1:]]


def test_a_refused_move_shows_the_rule_first_then_a_short_hint(
    tiny_reasons: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    hand = sorted(tinygame.new_game(tinygame.Options(), 3).hands[0])
    card = next(c for c in tinygame.CARDS if c not in hand)
    held = ", ".join(map(str, hand))
    path = tmp_path / "g.json"
    answers = f"PLAY  {card}\nplay 42\nsave {path}\nquit\nno\n"
    code, out, err = run(
        capsys, monkeypatch, answers, "play", "tinyreasons", "--human", "0", "--seed", "3",
        "--agents", "random",
    )  # fmt: skip
    assert code == 0, err
    after = _between_prompts(out)
    assert after[0] == [
        f"[TG-1] card {card} is not in P0's hand ({held})",
        f"'PLAY {card}' is not legal now: choose one of the listed moves ('board' shows them "
        "again).",
    ]
    assert after[1][0] == "[TG-1] there is no card 42: the cards are 1 to 9"
    assert len(after[1]) == 2  # the reason and the hint: not the list of legal moves
    assert Record.load(path).moves == ()
    assert "Traceback" not in out + err


def test_a_refused_move_of_a_game_without_explain_gets_the_generic_reason(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys, monkeypatch, "play 42\nquit\nno\n", "play", "tinydraw", "--human", "0"
    )
    assert code == 0
    assert _between_prompts(out)[0] == [
        "play 42 is not among the moves offered to P0 here",
        "'play 42' is not legal now: choose one of the listed moves ('board' shows them again).",
    ]


def test_why_explains_a_move_without_playing_it(
    tiny_reasons: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    state = tinygame.new_game(tinygame.Options(), 3)
    hand = sorted(state.hands[0])
    card = next(c for c in tinygame.CARDS if c not in hand)
    first = str(tinygame.legal_moves(state)[0])
    path = tmp_path / "g.json"
    answers = f"why play {card}\nwhy 1\nwhy {first.upper()}\nwhy\nwhy fly\nwhy 9\nhelp\n"
    answers += f"save {path}\nquit\nno\n"
    code, out, _ = run(
        capsys, monkeypatch, answers, "play", "tinyreasons", "--human", "0", "--seed", "3",
        "--agents", "random",
    )  # fmt: skip
    assert code == 0
    after = _between_prompts(out)
    held = ", ".join(map(str, hand))
    assert after[0] == [f"[TG-1] card {card} is not in P0's hand ({held})"]
    assert after[1] == [f"{first} is legal for P0"]  # key 1
    assert after[2] == [f"{first} is legal for P0"]
    assert after[3] == ["Say which move: why MOVE (its notation or key), e.g. 'why 3'."]
    assert after[4] == ["Not a move: expected 'draw' or 'play N', got 'fly'"]
    assert after[5] == ["Not a move: expected 'draw' or 'play N', got '9'"]  # no key 9
    assert "  why MOVE    why a move is refused now" in "\n".join(after[6])
    assert Record.load(path).moves == ()  # nothing was played


def test_why_of_a_game_without_explain_gives_the_generic_reason(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys, monkeypatch, "why play 42\nwhy draw\nquit\nno\n", "play", "tinydraw",
        "--human", "0", "--seed", "3",
    )  # fmt: skip
    assert code == 0
    after = _between_prompts(out)
    assert after[0] == ["play 42 is not among the moves offered to P0 here"]
    assert after[1] == ["draw is legal for P0"]


def test_replay_step_explains_a_move_at_the_current_step(
    tiny_reasons: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    run(
        capsys,
        monkeypatch,
        "",
        "play",
        "tinyreasons",
        "--quiet",
        "--seed",
        "3",
        "--save",
        str(path),
    )
    record = Record.load(path)
    state = tinygame.new_game(record.options, record.seed)
    after_one = tinygame.apply(state, record.moves[0])
    player = after_one.turn
    assert player is not None
    hand = sorted(after_one.hands[player])
    card = next(c for c in tinygame.CARDS if c not in hand)
    answers = f"\nwhy play {card}\nPLAY {card}\nwhy\nwhy zzz\nzzz\nq\n"
    code, out, _ = run(capsys, monkeypatch, answers, "replay", str(path), "--step")
    assert code == 0
    prompt = "[enter] next, b back, N jump, p position, q quit> "
    after = [chunk.rstrip("\n").split("\n") for chunk in out.split(prompt)[1:]]
    reason = f"[TG-1] card {card} is not in P{player}'s hand ({', '.join(map(str, hand))})"
    assert after[1] == [reason]  # at the state after move 1
    assert after[2] == [reason]  # a move alone
    assert after[3] == ["Say which move: why MOVE (its notation)."]
    assert after[4] == ["Not a move: expected 'draw' or 'play N', got 'zzz'"]
    (unknown,) = after[5]  # one line naming what the prompt takes
    assert unknown.startswith("'zzz' is neither a command nor a move here:")
    assert "why MOVE" in unknown


def test_a_legal_move_in_another_notation_is_played_not_refused() -> None:
    """A title's parser may read a move in more than one way (a card by name or by
    number): the move it reads is played when it is legal."""
    from rich.console import Console

    from silkroad.agents import make_agent
    from silkroad.cli.interactive import HumanGame

    def parse(state: tinygame.State, text: str) -> object:
        words = text.split()
        if len(words) == 2 and words[0] == "p" and words[1].isdigit():
            return tinygame.Play(int(words[1]))
        return tinygame.parse_move(state, text)

    game = tinygame.make_explained_game(parse_move=parse)
    state = game.new_game(tinygame.Options(), 3)
    card = min(state.hands[0])
    answers = [f"p {card}"]

    def read(prompt: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop()

    out = Console(file=io.StringIO(), width=100, color_system=None)
    session = HumanGame(
        game, tinygame.Options(), 3, {0}, {1: make_agent("random", 1)}, read=read, out=out,
        save_path="s.json",
    )  # fmt: skip
    record = session.play()
    assert record.moves[0] == tinygame.Play(card)
    assert "not legal now" not in out.file.getvalue()  # type: ignore[attr-defined]


def test_resuming_a_record_edited_by_hand_names_the_refused_move_and_why(
    tiny_reasons: object,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.json"
    answers = "1\n1\n1\nsave " + str(path) + "\nquit\nno\n"
    run(capsys, monkeypatch, answers, "play", "tinyreasons", "--human", "0", "--seed", "3",
        "--agents", "random")  # fmt: skip
    document = json.loads(path.read_text())
    assert len(document["data"]["moves"]) >= 2
    document["data"]["moves"][1] = "play 42"
    path.write_text(json.dumps(document))
    code, _, err = run(capsys, monkeypatch, "", "play", "tinyreasons", "--resume", str(path))
    assert code == 2
    assert err.startswith(f"silkroad: error: file {path}: move 2: illegal move 'play 42': ")
    assert "[TG-1] there is no card 42: the cards are 1 to 9 (player 1 to act; legal: " in err
