"""The silkroad command, driven on the registered test game (so any title works the same)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tinygame
from extras import needs_analysis
from silkroad.cli import main
from silkroad.core.replay import Record, replay

TESTS = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_the_registered_games(tiny: object, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "tinydraw" in out
    assert "Tiny Draw" in out


def test_play_log_prints_a_turn_log_and_scores(
    tiny: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "tinydraw", "--seed", "3", "--log", "--save", str(path))
    assert code == 0, err
    assert "Tiny Draw (tinydraw) · 2 players · seed 3" in out
    assert "    1. P0  " in out
    assert "Final scores" in out
    assert "won" in out
    assert "lost" in out
    record = Record.load(path)
    assert record.seed == 3
    assert record.result is not None
    # the printed log is the recorded game
    for number, move in enumerate(record.moves, start=1):
        assert f"{number:5d}. P" in out
        assert str(move) in out


def test_play_without_people_prints_a_screenful_by_default(
    tiny: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """No turn log by default: the table at the end, the scores, and how to get the log."""
    path = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "tinydraw", "--seed", "3", "--save", str(path))
    assert code == 0, err
    assert "agents greedy, greedy" in out  # the default agents
    assert "    1. P" not in out
    assert tiny.render(replay(Record.load(path))).rstrip() in out  # type: ignore[attr-defined]
    assert "Final scores" in out
    assert "the same command with --log" in out
    with pytest.raises(SystemExit) as info:
        run(capsys, "play", "tinydraw", "--log", "--quiet")
    assert info.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_play_is_reproducible(tiny: object, capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "tinydraw", "--seed", "11", "--players", "3")
    second = run(capsys, "play", "tinydraw", "--seed", "11", "--players", "3")
    assert first == second
    assert "3 players" in first[1]


def test_play_accepts_options(
    tiny: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, err = run(
        capsys, "play", "tinydraw", "--option", "hand_size=3", "--quiet", "--save", str(path)
    )
    assert code == 0, err
    assert "    1. P0" not in out  # --quiet: no log
    assert "Final scores" in out
    assert Record.load(path).options.hand_size == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "tinydraw", "--players", "7"], "for 2 to 3 players, not 7"),
        (["play", "dunhuang", "--players", "2"], "for 1, 3 or 4 players, not 2"),
        (["play", "tinydraw", "--option", "colour=red"], "--option takes KEY=VALUE"),
        (["play", "tinydraw", "--option", "hand_size=big"], "bad --option"),
        (["play", "tinydraw", "--agents", "random,random,random"], "3 agents for 2 seats"),
        (["play", "tinydraw", "--agents", "genius"], "unknown agent 'genius'"),
        (["simulate", "tinydraw", "--games", "0"], "--games must be at least 1"),
        (["rules", "--coverage", "--tests", "/no/such/dir"], "does not exist"),
        (["rules", "--game", "chess"], "the rulebooks are kashgar (KG)"),
        (["rules", "--reasons", "chess"], "unknown game 'chess'"),
        (["rules", "--reasons", "tinydraw", "--games", "0"], "--games 0: between 1 and 10000"),
        (["rules", "--reasons", "tinydraw", "--games", "10001"], "between 1 and 10000 games"),
        (["rules", "--reasons", "tinydraw", "--seed", "-1"], "a seed is an integer from 0"),
        (
            ["rules", "--reasons", "tinydraw", "--seed", str(2**64 - 2), "--games", "3"],
            f"the games' seeds run to {2**64}, past 2**64 - 1",
        ),
        (["rules", "--reasons", "tinydraw", "--coverage"], "--reasons GAME does not go with --cov"),
        (["rules", "--reasons", "tinydraw", "--game", "KG"], "does not go with --game"),
        (["rules", "--reasons", "tinydraw", "--all"], "does not go with --all"),
        (["rules", "--reasons", "tinydraw", "--tests", "t"], "does not go with --tests"),
        (["rules", "--games", "3"], "--games goes with --reasons GAME"),
        (["rules", "--coverage", "--seed", "3"], "--seed goes with --reasons GAME"),
        (["rules", "--tests", "tests"], "--tests goes with --coverage"),
        (["play", "tinydraw", "--seed", "-1"], "a seed is an integer from 0 to 2**64 - 1"),
        (["play", "tinydraw", "--seed", str(2**64)], "a seed is an integer from 0 to 2**64 - 1"),
        (["play", "tinydraw", "--save", "/no/such/dir/g.json"], "directory '/no/such/dir' does"),
        (["simulate", "tinydraw", "--workers", "0"], "--workers must be at least 1, got 0"),
        (["simulate", "tinydraw", "--workers", "-1"], "--workers must be at least 1, got -1"),
        (
            ["play", "tinydraw", "--agents", "ismcts:iteratons=9"],
            "no parameter 'iteratons' (its parameters: iterations, exploration, rollout_depth,",
        ),
        (["play", "kashgar", "--option", "expansion=some"], "unknown expansion card 'some'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tiny: object, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith("silkroad: error: ")
    assert message in err


def test_an_unwritable_save_path_is_refused_before_the_game_is_played(
    tiny: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "play", "tinydraw", "--save", str(tmp_path))
    assert code == 2
    assert "it is a directory" in err
    assert "Final scores" not in out  # nothing was played, so nothing was lost


def test_the_kashgar_expansion_is_named_by_a_word_in_options_and_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--option expansion=all`` (once read letter by letter) and ``"expansion": "all"``
    in a hand-written record."""
    path = tmp_path / "game.json"
    argv = ["play", "kashgar", "--option", "expansion=all", "--quiet", "--save", str(path)]
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    record = Record.load(path)
    assert len(record.options.expansion) == 12
    document = json.loads(path.read_text())
    document["data"]["options"]["expansion"] = "all"
    path.write_text(json.dumps(document))
    assert Record.load(path).options == record.options
    code, _, err = run(capsys, "replay", str(path))
    assert code == 0, err


def test_an_unreachable_ray_cluster_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="needs ray: pip install -e '.[ray]'")
    argv = ["simulate", "kashgar", "--games", "1", "--backend", "ray", "--quiet"]
    code, _, err = run(capsys, *argv, "--ray-address", "127.0.0.1:1")
    assert code == 2
    assert "silkroad: error: cannot reach the Ray cluster at '127.0.0.1:1'" in err


def test_a_ray_cluster_that_never_answers_fails_within_the_timeout() -> None:
    """Ray waits for minutes on a cluster that accepts the connection but never answers;
    the tournament gives up after its timeout, with a clear message."""
    import threading

    from silkroad.arena.tournament import _connect_ray

    released = threading.Event()

    class Silent:
        def init(self, **settings: object) -> None:
            released.wait(60)

    try:
        with pytest.raises(ConnectionError, match="did not answer within 0.2 s"):
            _connect_ray(Silent(), "cluster.invalid", {}, 0.2)
    finally:
        released.set()

    class Refusing:
        def init(self, **settings: object) -> None:
            raise RuntimeError("no such cluster")

    with pytest.raises(ConnectionError, match="cannot connect .*no such cluster"):
        _connect_ray(Refusing(), "cluster.invalid", {}, 5)


@pytest.mark.parametrize("argv", [["bench", "--seconds", "-1"], ["bench", "--seconds", "0"]])
def test_argparse_refuses_bad_numbers(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "must be a number above 0" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("silkroad 0.")


def test_argparse_errors_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "error:" in err


@needs_analysis
@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_prints_statistics(
    tiny: object, capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    code, out, err = run(
        capsys,
        "simulate",
        "tinydraw",
        "--games",
        "12",
        "--workers",
        workers,
        "--players",
        "3",
        "--quiet",
    )
    assert code == 0, err
    assert "Tiny Draw: 12 games, 3 players, seeds 0..11, seats rotated" in out
    for entrant in ("A0", "A1", "A2"):
        assert entrant in out
    for column in ("win rate [95%]", "mean score", "spread", "ms/decision", "first player"):
        assert column in out
    assert "errors: 0" in out


def test_simulate_results_do_not_depend_on_workers(tiny: object) -> None:
    import tinygame
    from silkroad.arena.tournament import lineup, run_tournament, summarize

    seeds = list(range(20))
    agents = ["random", "random"]
    one = run_tournament(tinygame.GAME, tinygame.Options(), seeds, agents, workers=1)
    two = run_tournament(tinygame.GAME, tinygame.Options(), seeds, agents, workers=2)
    assert one == two
    assert [r.seed for r in one] == seeds
    assert [r.entrants for r in one[:3]] == [(0, 1), (1, 0), (0, 1)]  # seats rotate
    assert lineup(3, 1) == (1, 2, 0)
    stats = summarize(one, agents)
    assert [s.games for s in stats] == [20, 20]
    assert sum(s.wins for s in stats) >= 20
    assert all(s.seconds_per_decision > 0 for s in stats)


def test_simulate_counts_errors(
    tiny: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tinygame

    def exploding(options: tinygame.Options, seed: int) -> tinygame.State:
        if seed == 2:
            raise RuntimeError("boom")
        return tinygame.new_game(options, seed)

    import silkroad

    silkroad.register(tinygame.make_game(new_game=exploding), replace=True)
    code, out, _ = run(capsys, "simulate", "tinydraw", "--games", "4", "--workers", "1", "--quiet")
    assert code == 1
    assert "errors: 1" in out
    assert "seed 2: RuntimeError: boom" in out


def test_replay_verifies_a_saved_game(
    tiny: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    run(capsys, "play", "tinydraw", "--seed", "5", "--save", str(path), "--quiet")
    code, out, err = run(capsys, "replay", str(path), "--show")
    assert code == 0, err
    assert "OK: tinydraw" in out
    assert "match" in out
    assert "deck: 0 cards" in out


def test_replay_verifies_a_directory_of_records(
    tiny: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for seed in (1, 2):
        run(
            capsys,
            "play",
            "tinydraw",
            "--seed",
            str(seed),
            "--quiet",
            "--save",
            str(tmp_path / f"g{seed}.json"),
        )
    code, out, err = run(capsys, "replay", str(tmp_path))
    assert code == 0, err
    assert out.count("OK: tinydraw") == 2
    assert "g1.json: OK" in out
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(capsys, "replay", str(empty))
    assert code == 2
    assert "no *.json record" in err


def test_replay_of_a_directory_reports_every_bad_record(
    tiny: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for seed in (1, 2, 3):
        path = tmp_path / f"g{seed}.json"
        run(capsys, "play", "tinydraw", "--seed", str(seed), "--quiet", "--save", str(path))
    for seed in (1, 3):
        path = tmp_path / f"g{seed}.json"
        document = json.loads(path.read_text())
        document["data"]["result"]["scores"][0] += 1
        path.write_text(json.dumps(document))
    code, out, _ = run(capsys, "replay", str(tmp_path))
    assert code == 1
    assert out.count("BAD: file ") == 2
    assert f"file {tmp_path / 'g1.json'}: the recorded result" in out
    assert f"file {tmp_path / 'g3.json'}: the recorded result" in out
    assert "g2.json: OK" in out
    assert "2 of 3 records do not replay" in out


def test_replay_refuses_a_tampered_game(
    tiny: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    run(capsys, "play", "tinydraw", "--seed", "5", "--save", str(path), "--quiet")
    document = json.loads(path.read_text())
    document["data"]["result"]["scores"][0] += 1
    path.write_text(json.dumps(document))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "does not match the replay" in err
    document["data"]["moves"][1] = "play 42"
    path.write_text(json.dumps(document))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "move 2:" in err
    path.write_text("not json")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "not valid JSON" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2
    assert "cannot read the file" in err


@pytest.mark.parametrize("name", ["tinydraw", "tinyreasons"])
def test_replay_of_a_hand_edited_record_gives_the_first_refused_move_and_why(
    tiny: object,
    tiny_reasons: object,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
) -> None:
    path = tmp_path / "game.json"
    run(capsys, "play", name, "--seed", "5", "--save", str(path), "--quiet")
    document = json.loads(path.read_text())
    document["data"]["moves"][2] = "play 42"  # edited by hand: no such card
    document["data"]["moves"][4] = "play 43"  # a later bad move is not reached
    path.write_text(json.dumps(document))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"silkroad: error: file {path}: move 3: illegal move 'play 42': ")
    if name == "tinyreasons":
        assert "[TG-1] there is no card 42: the cards are 1 to 9 (player " in line
    else:
        assert "play 42 is not among the moves offered to P" in line
    assert "play 43" not in line
    assert "Traceback" not in err
    # in a directory of records, the bad one is reported with its reason and the rest go on
    other = tmp_path / "good.json"
    run(capsys, "play", name, "--seed", "6", "--save", str(other), "--quiet")
    code, out, _ = run(capsys, "replay", str(tmp_path))
    assert code == 1
    assert f"BAD: file {path}: move 3: illegal move 'play 42': " in out
    assert "good.json: OK" in out


def test_bench_reports_rates_and_the_chess_reference(
    tiny: object, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("chess", reason="needs python-chess: pip install -e '.[bench]'")
    code, out, err = run(capsys, "bench", "tinydraw", "--seconds", "0.05")
    assert code == 0, err
    assert "decisions/s" in out
    assert "python-chess" in out
    assert "x python-chess random-playout plies per second" in out
    assert "tinydraw (2 players)" in out
    assert "tinydraw (3 players)" in out


def test_bench_agents_reports_ismcts_iterations_per_second(
    tiny: object, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("chess", reason="needs python-chess: pip install -e '.[bench]'")
    code, out, err = run(capsys, "bench", "tinydraw", "--seconds", "0.05", "--agents")
    assert code == 0, err
    assert "tinydraw (2 players): ISMCTS" in out
    assert "tinydraw (3 players): ISMCTS" in out
    assert "iterations/s (rollouts of 4 decisions)" in out  # the title's depth, named


def test_bench_agents_names_the_titles_rollout_depth(capsys: pytest.CaptureFixture[str]) -> None:
    # Serica's searches roll out 8 decisions, the others 4: an iteration rate is read with it.
    pytest.importorskip("chess", reason="needs python-chess: pip install -e '.[bench]'")
    code, out, err = run(capsys, "bench", "serica", "--seconds", "0.05", "--agents")
    assert code == 0, err
    assert "serica (2 players): ISMCTS" in out
    assert "(rollouts of 8 decisions)" in out
    assert "8 decisions" in out.split("ISMCTS at its default settings")[1]


def test_bench_ismcts_counts_are_real(tiny: object) -> None:
    import tinygame
    from silkroad.agents.ismcts import DEFAULT_ITERATIONS
    from silkroad.arena.bench import bench_ismcts

    rate = bench_ismcts(tinygame.GAME, tinygame.Options(), seconds=0.0, min_searches=3)
    assert rate.searches == 3
    assert rate.iterations == 3 * DEFAULT_ITERATIONS
    assert rate.seconds > 0
    assert rate.iterations_per_second > 0


def test_bench_rate_counts_are_real(tiny: object) -> None:
    import tinygame
    from silkroad.arena.bench import bench_game

    rate = bench_game(tinygame.GAME, tinygame.Options(), seconds=0.0, min_games=3)
    assert rate.games == 3
    assert 3 * 4 <= rate.decisions <= 3 * 18  # each game of Tiny Draw has 5..18 decisions
    assert rate.decisions_per_second > 0


def test_rules_lists_sections_and_coverage(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "rules", "--game", "KG")
    assert code == 0
    assert "KG-4.B" in out
    assert "SR-1" not in out
    assert "KG-9" not in out  # the credits hold no rules
    assert run(capsys, "rules", "--game", "kashgar")[1] == out
    code, out, _ = run(capsys, "rules", "--game", "kashgar", "--all")
    assert "KG-9" in out
    assert "(no rules)" in out
    (tmp_path / "test_x.py").write_text(
        "import pytest\n@pytest.mark.rule('KG-6')\ndef test_end(): ...\n"
    )
    (tmp_path / "test_y.py").write_text(
        "import pytest\n@pytest.mark.rule('SR-6')\ndef test_end(): ...\n"
    )
    code, out, _ = run(capsys, "rules", "--coverage", "--tests", str(tmp_path), "--game", "KG")
    assert code == 0
    assert "KG: 1/" in out
    assert "none" in out
    assert "SR:" not in out
    assert "name no section" not in out  # another rulebook's ids are still known


def test_rules_reasons_of_a_game_without_explain_are_all_generic(
    tiny: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from silkroad.testing.reasons import reason_coverage

    code, out, err = run(capsys, "rules", "--reasons", "tinydraw")
    assert code == 0, err
    report = reason_coverage(tinygame.GAME)
    assert report.pairs > 100
    assert report.specific == 0
    lines = out.splitlines()
    assert lines[0] == (
        f"tinydraw: {report.pairs} illegal moves in {report.states} states of random games "
        f"(4 a configuration, seeds from 0); 0 explained by a rule (0.0%), {report.pairs} by a "
        "generic reason"
    )
    assert lines[1] == "tinydraw has no explain of its own: every refusal gets the generic reason"
    generic = lines[2:]
    assert len(generic) == 10  # examples
    assert all(
        re.fullmatch(
            r"  generic: (play \d|draw): \1 is not among the moves "
            r"offered to P\d here",
            line,
        )
        for line in generic
    ), generic
    assert "section" not in out  # no table of sections


def test_rules_reasons_of_a_game_with_explain_count_each_section(
    tiny_reasons: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from silkroad.testing.reasons import reason_coverage

    code, out, err = run(capsys, "rules", "--reasons", "tinyreasons", "--games", "2", "--seed", "5")
    assert code == 0, err
    report = reason_coverage(tinygame.EXPLAINED, games=2, seed=5)
    assert report.specific == report.pairs > 50
    assert set(report.by_rule) == {"TG-1", "TG-2"}
    for rule, count in report.by_rule.items():
        assert re.search(rf"│ {rule} +│ +{count} │", out), out
    assert (
        f"tinyreasons: {report.pairs} illegal moves in {report.states} states of random games "
        f"(2 a configuration, seeds from 5); {report.pairs} explained by a rule (100.0%), 0 by "
        "a generic reason"
    ) in out
    assert "generic:" not in out
    assert "no explain of its own" not in out


def test_rules_reasons_report_a_broken_explain_and_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import attrs

    import silkroad
    from silkroad.core.explain import Reason

    def explain(state: tinygame.State, move: object) -> Reason:
        if isinstance(move, tinygame.Play) and move.card % 2:
            raise RuntimeError("a bug in explain")
        return Reason.by_rule("TG-1", "   ")  # empty

    spec = attrs.evolve(tinygame.SPEC, name="tinybroken")
    silkroad.register(tinygame.make_explained_game(explain=explain, spec=spec), replace=True)
    try:
        code, out, _ = run(capsys, "rules", "--reasons", "tinybroken", "--games", "1")
    finally:
        silkroad.unregister("tinybroken")
    assert code == 1
    assert re.search(
        r"problem: Options\(.*\), action (\d) \(play \1\): explain raised "
        r"RuntimeError: a bug in explain",
        out,
    ), out
    assert re.search(r"problem: .*action (\d) \(play \1\): gave an empty reason", out), out


def test_the_installed_command_runs_without_tracebacks(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        SILKROAD_GAMES="tinygame:GAME",
        PYTHONPATH=os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    )
    ok = subprocess.run(
        [sys.executable, "-m", "silkroad.cli", "play", "tinydraw", "--quiet"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    assert "Final scores" in ok.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "silkroad.cli", "replay", str(tmp_path / "x")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
    assert bad.stderr.startswith("silkroad: error: ")


@pytest.mark.parametrize(
    "command", ["games", "demo", "play", "simulate", "balance", "replay", "bench", "rules"]
)
def test_every_command_has_complete_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert f"usage: silkroad {command}" in out
    assert "examples:" in out
    assert f"  silkroad {command}" in out


def test_rules_coverage_refuses_a_place_without_test_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("no tests here\n")
    for place in (tmp_path, tmp_path / "notes.txt"):
        code, out, err = run(capsys, "rules", "--coverage", "--tests", str(place))
        assert code == 2
        assert out == ""
        assert "holds no test file (*.py or *.scenario.toml) to count" in err
    (tmp_path / "test_x.py").write_text("def test_nothing(): ...\n")
    code, out, _ = run(capsys, "rules", "--coverage", "--tests", str(tmp_path))
    assert code == 0
    assert "KG: 0/16 sections have tests" in out  # test files without markers: no coverage


def test_a_record_with_a_seed_of_the_wrong_type_names_the_type(
    tiny: object, tmp_path: Path
) -> None:
    import tinygame
    from silkroad.core.errors import DataError

    path = tmp_path / "g.json"
    record = Record("tinydraw", tinygame.Options(), 0, (), None)
    record.save(path)
    document = json.loads(path.read_text())
    document["data"]["seed"] = "seven"
    path.write_text(json.dumps(document))
    with pytest.raises(DataError, match="field seed: must be an integer, got 'seven'"):
        Record.load(path)
