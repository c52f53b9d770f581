"""The command in a real terminal: a pseudo-terminal of 160 x 50 (pexpect), read through
a terminal emulator (pyte) to see what a person sees, and Ctrl-C sent as the terminal
sends it."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parents[2]
COLUMNS, LINES = 160, 50
#: How long the command may take to show what a step waits for: generous, the suite
#: shares the machine's cores with the other workers (and with whatever else runs).
PATIENCE = 180


def as_a_shell_starts_it() -> None:
    """In the command's process, before it runs: Ctrl-C does what it does at a shell's
    prompt. A test run started in the background (``make test &`` in a script) ignores
    SIGINT and its children inherit that, so Python would install no KeyboardInterrupt
    handler and every Ctrl-C sent here would be lost; a shell gives the commands it runs
    in the foreground the default disposition."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def catches_ctrl_c(pid: int) -> bool:
    """Whether process ``pid`` has a handler of its own for SIGINT (Linux: the SigCgt
    mask of /proc/PID/status)."""
    status = Path(f"/proc/{pid}/status").read_text()
    mask = re.search(r"^SigCgt:\s*([0-9a-f]+)$", status, re.MULTILINE)
    assert mask is not None, status
    return bool(int(mask.group(1), 16) >> (signal.SIGINT - 1) & 1)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux: /proc/PID/task/*/children)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def environment(*, tiny: bool | str = False) -> dict[str, str]:
    """The command's environment; ``tiny`` registers Tiny Draw (``True``: ``GAME``, or
    the name of another game of ``tinygame``)."""
    paths = [str(ROOT / "src")] + ([str(ROOT / "tests")] if tiny else [])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    # the size of the pseudo-terminal, not whatever the test run's own environment says
    env["COLUMNS"], env["LINES"] = str(COLUMNS), str(LINES)
    if tiny:
        env["SILKROAD_GAMES"] = f"tinygame:{'GAME' if tiny is True else tiny}"
    return env


class Terminal:
    """The command in a pseudo-terminal, and the screen (with its scrollback) that a
    terminal shows of everything it wrote."""

    def __init__(self, *args: str, cwd: Path, tiny: bool | str = False) -> None:
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "silkroad.cli", *args],
            cwd=str(cwd),
            env=environment(tiny=tiny),
            dimensions=(LINES, COLUMNS),
            timeout=PATIENCE,
            preexec_fn=as_a_shell_starts_it,
        )
        self.screen = pyte.HistoryScreen(COLUMNS, LINES, history=10_000)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

    def expect(self, pattern: bytes | type[pexpect.EOF]) -> bytes:
        """Wait for ``pattern``; the bytes written up to it (also shown on the screen)."""
        self.child.expect(pattern)
        got = self.child.before + (self.child.after if isinstance(self.child.after, bytes) else b"")
        self.raw += got
        self.stream.feed(got)
        return got

    def lines(self) -> list[str]:
        """The lines on the screen now, without trailing blanks."""
        return [line.rstrip() for line in self.screen.display]

    def history(self) -> list[str]:
        """The lines scrolled off the top (what scrolling back shows)."""
        return [
            "".join(line[x].data for x in range(COLUMNS)).rstrip()
            for line in self.screen.history.top
        ]

    def end(self) -> int:
        """Wait for the command to end; its exit code."""
        self.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus is not None, self.child.signalstatus
        return int(self.child.exitstatus)


def test_play_fits_the_screen_takes_capitals_and_saves_on_ctrl_c(tmp_path: Path) -> None:
    term = Terminal(
        "play", "kashgar", "--human", "0", "--agents", "random", "--seed", "3", cwd=tmp_path
    )
    term.expect(b"P0 you> ")
    shown = term.lines()
    # the whole screen of the decision is on the terminal at once, the rule to the prompt
    rule = next(i for i, line in enumerate(shown) if "P0 you to decide" in line)
    prompt = max(i for i, line in enumerate(shown) if line)
    assert shown[prompt] == "P0 you>"
    assert "Your moves:" in shown[rule:prompt]
    assert prompt - rule < 40
    term.child.sendline("C1.1")
    term.expect(b"P0 you> ")
    assert any(line.startswith("    1. keep ") for line in term.lines())
    term.child.sendintr()  # Ctrl-C at the prompt
    term.expect(b"or 'no': ")
    term.child.sendline("g.json")
    assert term.end() == 0
    assert b"Saved to g.json; continue with: silkroad play kashgar --resume g.json" in term.raw
    assert b"Traceback" not in term.raw
    assert json.loads((tmp_path / "g.json").read_text())["type"] == "Record"


def test_ctrl_c_while_an_agent_thinks_offers_to_save(tmp_path: Path) -> None:
    term = Terminal(
        "play",
        "serica",
        "--human",
        "0",
        "--seed",
        "4",  # the Roman agent plays first
        "--agents",
        "ismcts:iterations=1000000",
        cwd=tmp_path,
    )
    term.expect(b"is thinking")
    term.child.sendintr()
    term.expect(b"or 'no': ")
    assert "Game stopped." in term.lines()
    term.child.sendline("no")
    term.expect(b"Not saved.")
    assert term.end() == 0
    assert b"Traceback" not in term.raw


def test_ctrl_c_stops_simulate_with_workers_and_prints_the_figures(tmp_path: Path) -> None:
    term = Terminal(
        "simulate", "tinydraw", "--games", "200000", "--workers", "2", "--resamples", "100",
        cwd=tmp_path, tiny=True,
    )  # fmt: skip
    term.expect(rb"[1-9]\d*/200000")  # the progress bar: games are being played
    term.child.sendintr()
    assert term.end() == 130
    text = term.raw.decode()
    assert re.search(r"interrupted: \d+ of 200000 games finished; the figures are of those", text)
    assert "win rate [95%]" in text
    assert "Traceback" not in text
    assert "KeyboardInterrupt" not in text


def test_ctrl_c_keeps_the_json_of_simulate_one_valid_document(tmp_path: Path) -> None:
    """Ctrl-C from a terminal reaches every process of the command (the worker processes
    too): sent here to the whole process group."""
    argv = ["simulate", "tinydraw", "--games", "200000", "--workers", "2", "--json"]
    process = subprocess.Popen(
        [sys.executable, "-m", "silkroad.cli", *argv, "--resamples", "100"],
        cwd=tmp_path,
        env=environment(tiny=True),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=as_a_shell_starts_it,
    )
    # --json shows no progress: wait until the command is playing, its two workers
    # started and its own Ctrl-C handler back (the pool is made with Ctrl-C ignored)
    deadline = time.monotonic() + PATIENCE
    while not (len(children(process.pid)) >= 2 and catches_ctrl_c(process.pid)):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the command never started its workers"
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 130, err
    document = json.loads(out)
    assert document["interrupted"] is True
    assert document["requested"] == 200000
    assert document["games"] == len(document["results"]) < 200000
    assert b"Traceback" not in err
    assert re.fullmatch(
        rb"interrupted: \d+ of 200000 games finished; the figures are of those\n", err
    )


def test_a_hot_seat_handoff_leaves_nothing_on_the_screen_or_in_the_scrollback(
    tmp_path: Path,
) -> None:
    term = Terminal(
        "play", "dunhuang", "--players", "3", "--human", "0", "--human", "1",
        "--agents", "random", "--seed", "3", cwd=tmp_path,
    )  # fmt: skip
    term.expect(b"P0> ")
    mine = "\n".join(term.history() + term.lines())
    pack = set(re.findall(r"\bt\d{3}\b", mine.rpartition("The pack you draft from")[2]))
    assert pack  # P0's draft pack, private to P0
    term.child.sendline("1")
    term.expect(b"press Enter when you are ready. ")
    seen = [line for line in term.history() + term.lines() if line]
    assert seen == ["Pass the terminal to P1.", "P1: press Enter when you are ready."]
    assert b"\x1b[3J" in term.raw
    term.child.sendline("")
    term.expect(b"P1> ")
    assert any("P1 to decide" in line for line in term.lines())
    assert not any(tile in line for line in term.history() for tile in pack)
    term.child.sendintr()
    term.expect(b"or 'no': ")
    term.child.sendline("no")
    assert term.end() == 0


def _after(term: Terminal, answer: str, prompt: bytes) -> list[str]:
    """Type ``answer``; the lines the screen shows from the answer's line to the prompt
    that follows (both left out)."""
    term.child.sendline(answer)
    term.expect(prompt)
    shown = term.lines()
    start = max(i for i, line in enumerate(shown) if line.endswith("> " + answer))
    end = max(i for i, line in enumerate(shown) if line)
    return shown[start + 1 : end]


def test_a_refused_move_at_the_terminal_shows_the_rule_and_a_hint_under_the_screen(
    tmp_path: Path,
) -> None:
    """A title-like game (Tiny Draw with reasons): the refusal is two lines, the reason
    first, under the decision's screen, which stays on the terminal; ``why`` explains
    without playing."""
    term = Terminal(
        "play", "tinyreasons", "--human", "0", "--agents", "random", "--seed", "3",
        cwd=tmp_path, tiny="EXPLAINED",
    )  # fmt: skip
    term.expect(b"P0 you> ")
    hand = re.search(r"P0: hand \[([\d, ]+)\]", "\n".join(term.lines()))
    assert hand is not None
    held = [int(c) for c in hand.group(1).split(", ")]
    card = next(c for c in range(1, 10) if c not in held)
    shown = _after(term, f"play {card}", b"P0 you> ")
    assert shown == [
        f"[TG-1] card {card} is not in P0's hand ({', '.join(map(str, sorted(held)))})",
        f"'play {card}' is not legal now: choose one of the listed moves ('board' shows them "
        "again).",
    ]
    assert any("P0 you to decide" in line for line in term.lines())  # the screen is still up
    assert _after(term, "why draw", b"P0 you> ") == ["draw is legal for P0"]
    term.child.sendline("quit")
    term.expect(b"or 'no': ")
    term.child.sendline("no")
    assert term.end() == 0
    assert b"Traceback" not in term.raw


def test_a_refused_move_of_a_title_keeps_the_decision_on_the_screen(tmp_path: Path) -> None:
    """Kashgar: a Patriarch's caravan cannot be passed; the refusal (the title's reason, or
    the generic one) and the hint take a few lines, the moves are not listed again."""
    term = Terminal(
        "play", "kashgar", "--human", "0", "--agents", "random", "--seed", "3", cwd=tmp_path
    )
    term.expect(b"P0 you> ")
    before = term.lines()
    shown = _after(term, "pass 1", b"P0 you> ")
    assert 2 <= len(shown) <= 4
    assert shown[-1] == (
        "'pass 1' is not legal now: choose one of the listed moves ('board' shows them again)."
    )
    assert not any(line.strip().startswith("1. c1.1") for line in shown)
    assert any("P0 you to decide" in line for line in term.lines())
    # every line of the decision's screen is still on the terminal, above the refusal
    rule = next(i for i, line in enumerate(before) if "P0 you to decide" in line)
    prompt = max(i for i, line in enumerate(before) if line)
    assert "\n".join(before[rule:prompt]) in "\n".join(term.lines())
    term.child.sendline("quit")
    term.expect(b"or 'no': ")
    term.child.sendline("no")
    assert term.end() == 0
    assert b"Traceback" not in term.raw
