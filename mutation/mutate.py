"""``make mutate``: mutation testing of each title's rule modules with Cosmic Ray.

For each title this copies the work tree to ``.mutate/<title>/tree`` (so the run is not
disturbed by edits made while it goes on), runs the title's tests once under coverage
(they must pass; each line is recorded with the tests that run it), lists every mutant of
the title's rule modules (``operators.py`` says which changes), draws a seeded sample of
them, and runs against each mutant in turn the title's tests that run its line
(``pytest -x``: the first failing test kills it; all of the title's tests for code run at
import or cached, in ``cards.py`` and ``table.py``). It writes ``.mutate/report.md``: the
score per title, the new survivors with their diffs, and the survivors that
``equivalent.toml`` lists as equivalent.

A Cosmic Ray session per title (``.mutate/<title>/session.sqlite``) holds the results;
``--resume`` carries on with its pending mutants, and ``cr-report`` reads it.

    python mutation/mutate.py                       # every title, 60 mutants each
    python mutation/mutate.py --titles kashgar --sample 100 --seed 7
    python mutation/mutate.py --titles serica --all # every mutant (many hours)
    python mutation/mutate.py --titles kashgar --retest  # its survivors, after new tests
    python mutation/mutate.py --report              # the report of the sessions there
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import operators  # noqa: E402

#: The rule modules of each title (relative to src/silkroad) and the tests that judge them.
TITLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "kashgar": (
        ("kashgar/rules.py", "kashgar/cards.py", "kashgar/table.py"),
        ("tests/kashgar",),
    ),
    "serica": (
        ("serica/rules.py", "serica/cards.py", "serica/table.py"),
        ("tests/serica",),
    ),
    "dunhuang": (
        (
            "dunhuang/rules.py",
            "dunhuang/engine.py",
            "dunhuang/cards.py",
            "dunhuang/table.py",
            "dunhuang/promos.py",
            "dunhuang/packs/*.py",
        ),
        ("tests/dunhuang",),
    ),
}

#: Test files that take long: run last, so that most mutants die before them (``-x``).
SLOW_LAST = ("test_conformance.py", "test_pack_triples.py", "test_promos.py", "test_replays.py")

DEFAULT_SAMPLE = 60
DEFAULT_SEED = 21


@dataclass(frozen=True)
class Known:
    """A mutant known to be equivalent: the same behaviour as the original code."""

    file: str
    operator: str
    before: str
    after: str
    reason: str


@dataclass
class Outcome:
    title: str
    file: str
    line: int
    operator: str
    before: str
    after: str
    diff: str
    result: str  # killed, survived, timeout, no-test, incompetent
    known: Known | None = None


def load_known(path: Path = HERE / "equivalent.toml") -> list[Known]:
    """The list of known-equivalent mutants."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return [Known(**entry) for entry in data.get("mutant", [])]


def _change(diff: str) -> tuple[int, str, str, str]:
    """From the diff Cosmic Ray recorded for a mutant: the first changed line, the
    removed and added lines (stripped, joined) and the diff's hunks."""
    removed: list[str] = []
    added: list[str] = []
    hunks: list[str] = []
    line = first = 0
    for text in diff.splitlines():
        if text.startswith(("--- ", "+++ ")):
            continue
        if text.startswith("@@"):
            line = int(text.split()[1].split(",")[0][1:])
            hunks.append(text)
            continue
        if not hunks:
            continue
        hunks.append(text)
        if text.startswith("-"):
            removed.append(text[1:].strip())
            first = first or line
        elif text.startswith("+"):
            added.append(text[1:].strip())
            first = first or line
            continue
        line += 1
    return first, "\n".join(removed), "\n".join(added), "\n".join(hunks)


def _files() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return [f for f in out.split("\0") if f and (ROOT / f).is_file()]


def _copy_tree(dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    for rel in _files():
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, target)


def _modules(tree: Path, patterns: Iterable[str]) -> list[Path]:
    found: list[Path] = []
    for pattern in patterns:
        found.extend(sorted((tree / "src" / "silkroad").glob(pattern)))
    return [p.relative_to(tree) for p in found if p.name != "__init__.py" or "packs" in p.parts]


def _test_files(tree: Path, folders: Sequence[str]) -> list[str]:
    """The test files of ``folders``, in name order but the slow ones last."""
    files = sorted(str(p.relative_to(tree)) for d in folders for p in (tree / d).glob("test_*.py"))
    return sorted(files, key=lambda f: Path(f).name in SLOW_LAST)


def _test_command(tests: Sequence[str]) -> str:
    words = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    return " ".join(shlex.quote(w) for w in words)


def _baseline(tree: Path, files: Sequence[str], title: str, base: Path) -> float:
    """Run the tests on the unmutated copy under coverage, recording which test runs
    each line: they must pass, with this copy imported. Returns the time taken."""
    check = subprocess.run(
        [sys.executable, "-c", "import silkroad; print(silkroad.__file__)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(check).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the copy is not the code under test: silkroad comes from {check}")
    data = base / "coverage.sqlite"
    data.unlink(missing_ok=True)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        f"--cov=src/silkroad/{title}",
        "--cov-context=test",
        "--cov-report=",
        *files,
    ]
    start = time.monotonic()
    done = subprocess.run(
        command, capture_output=True, text=True, env={**os.environ, "COVERAGE_FILE": str(data)}
    )
    took = time.monotonic() - start
    if done.returncode != 0:
        sys.stdout.write(done.stdout[-4000:])
        raise SystemExit(f"the tests fail without any mutation: {' '.join(command)}")
    return took


def _line_tests(tree: Path, base: Path) -> dict[str, dict[int, set[str]]]:
    """Per rule module (relative to the copy) and line, the tests that ran it ("" for
    code run at import)."""
    import coverage

    data = coverage.CoverageData(basename=str(base / "coverage.sqlite"))
    data.read()
    out: dict[str, dict[int, set[str]]] = {}
    for measured in data.measured_files():
        rel = str(Path(measured).resolve().relative_to(tree.resolve()))
        lines = data.contexts_by_lineno(measured)
        out[rel] = {n: {c.rsplit("|", 1)[0] for c in ctx} for n, ctx in lines.items()}
    return out


#: Modules whose code runs once and is cached (loaders, tables): a line there is
#: recorded only for the first test that needed it, so every test of the title runs.
CACHED = ("cards.py", "table.py")


def _select(
    covered: dict[str, dict[int, set[str]]], files: Sequence[str], path: str, lines: range
) -> list[str] | None:
    """The tests that run the lines of a mutant, in the order of ``files``; None for
    every test of the title (cached or import-time code, or code no test records)."""
    if Path(path).name in CACHED:
        return None
    by_line = covered.get(path, {})
    tests: set[str] = set()
    for n in lines:
        tests |= by_line.get(n, set())
    if not tests:  # a line of a statement without code of its own: the statement's
        first = lines.start
        previous = [n for n in by_line if first - 10 <= n < first]
        tests = by_line[max(previous)] if previous else set()
    if not tests or "" in tests:
        return None
    order = {f: i for i, f in enumerate(files)}
    return sorted(tests, key=lambda t: (order.get(t.split("::")[0], len(order)), t))


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def _changed_modules(tree: Path, patterns: Iterable[str]) -> list[str]:
    """The rule modules that differ between the work tree and the session's copy."""
    here, there = _modules(ROOT, patterns), _modules(tree, patterns)
    if here != there:
        return sorted({str(m) for m in set(here) ^ set(there)})
    return [str(m) for m in here if (ROOT / m).read_bytes() != (tree / m).read_bytes()]


def run_title(
    title: str,
    *,
    sample: int | None,
    seed: int,
    resume: bool,
    out: Path,
    retest: bool = False,
) -> None:
    """Run (or, with ``resume``, carry on with) the mutation session of one title; with
    ``retest``, run the session's survivors again against the tests of the work tree
    (the rule modules must be those the session was drawn from)."""
    from cosmic_ray.commands.init import init
    from cosmic_ray.mutating import mutate_and_test
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

    patterns, tests = TITLES[title]
    base = out / title
    tree = base / "tree"
    session = base / "session.sqlite"
    base.mkdir(parents=True, exist_ok=True)
    if retest:
        if not (session.exists() and tree.exists()):
            raise SystemExit(f"[{title}] no session to retest: run the title first")
        changed = _changed_modules(tree, patterns)
        if changed:
            raise SystemExit(
                f"[{title}] the rule modules changed since the sample was drawn "
                f"({', '.join(changed)}): run the title afresh"
            )
        _copy_tree(tree)
        meta = json.loads((base / "meta.json").read_text())
        meta["retested"] = _git("rev-parse", "--short", "HEAD")
        meta["retested_local_changes"] = bool(_git("status", "--porcelain", "--untracked-files=no"))
        (base / "meta.json").write_text(json.dumps(meta) + "\n")
    elif not (resume and session.exists() and tree.exists()):
        _copy_tree(tree)
        if session.exists():
            session.unlink()
        meta = {
            "commit": _git("rev-parse", "--short", "HEAD"),
            "local_changes": bool(_git("status", "--porcelain", "--untracked-files=no")),
            "sample": sample,
            "seed": seed,
        }
        (base / "meta.json").write_text(json.dumps(meta) + "\n")
    os.chdir(tree)
    os.environ["PYTHONPATH"] = str(tree / "src")
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    for cache in tree.rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)
    files = _test_files(tree, tests)
    command = _test_command(files)
    took = _baseline(tree, files, title, base)
    covered = _line_tests(tree, base)
    timeout = max(120.0, 4 * took)
    print(
        f"[{title}] unmutated tests pass in {took:.0f} s (under coverage); timeout {timeout:.0f} s",
        flush=True,
    )

    with use_db(str(session), WorkDB.Mode.create) as db:
        if db.num_work_items == 0:
            init(_modules(tree, patterns), db, {})
            items = sorted(
                db.work_items,
                key=lambda w: (
                    str(w.mutations[0].module_path),
                    w.mutations[0].operator_name,
                    w.mutations[0].occurrence,
                ),
            )
            chosen = (
                items
                if sample is None
                else random.Random(f"{title}:{seed}").sample(items, min(sample, len(items)))
            )
            keep = {w.job_id for w in chosen}
            skipped = [w.job_id for w in items if w.job_id not in keep]
            if skipped:
                db.set_multiple_results(skipped, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
            print(f"[{title}] {len(items)} mutants; {len(chosen)} drawn (seed {seed})", flush=True)
            meta = json.loads((base / "meta.json").read_text())
            meta["mutants"] = len(items)
            (base / "meta.json").write_text(json.dumps(meta) + "\n")
        todo = (
            [
                item
                for item, result in db.completed_work_items
                if _word(result, TestOutcome, WorkerOutcome) == "survived"
            ]
            if retest
            else db.pending_work_items
        )
        pending = sorted(
            todo,
            key=lambda w: (str(w.mutations[0].module_path), w.mutations[0].start_pos),
        )
        total = len(pending)
        for n, item in enumerate(pending, 1):
            start = time.monotonic()
            m = item.mutations[0]
            chosen_tests = _select(
                covered, files, str(m.module_path), range(m.start_pos[0], m.end_pos[0] + 1)
            )
            run = command if chosen_tests is None else _test_command(chosen_tests)
            result = mutate_and_test(item.mutations, run, timeout)
            db.set_result(item.job_id, result)
            word = _word(result, TestOutcome, WorkerOutcome)
            which = "all" if chosen_tests is None else str(len(chosen_tests))
            print(
                f"[{title}] {n}/{total} {word:<8} {time.monotonic() - start:5.0f} s "
                f"{which:>4} tests {m.module_path}:{m.start_pos[0]} "
                f"{m.operator_name.split('/')[-1]}",
                flush=True,
            )
    os.chdir(ROOT)


def collect(title: str, out: Path, known: list[Known]) -> list[Outcome]:
    """The outcomes recorded in a title's session."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    outcomes = []
    with use_db(str(out / title / "session.sqlite"), WorkDB.Mode.open) as db:
        for item, result in db.completed_work_items:
            if result.worker_outcome == WorkerOutcome.SKIPPED:
                continue
            m = item.mutations[0]
            line, before, after, diff = _change(result.diff or "")
            oc = Outcome(
                title,
                str(Path(m.module_path).relative_to("src/silkroad")),
                line or m.start_pos[0],
                m.operator_name.split("/")[-1],
                before,
                after,
                diff,
                _word(result, TestOutcome, WorkerOutcome),
            )
            oc.known = next(
                (
                    k
                    for k in known
                    if (k.file, k.operator, k.before, k.after)
                    == (oc.file, oc.operator, oc.before, oc.after)
                ),
                None,
            )
            outcomes.append(oc)
    return sorted(outcomes, key=lambda o: (o.file, o.line, o.operator))


def _word(result: object, test_outcome: object, worker_outcome: object) -> str:
    w = result.worker_outcome  # type: ignore[attr-defined]
    if w == worker_outcome.NO_TEST:  # type: ignore[attr-defined]
        return "no-test"
    if w != worker_outcome.NORMAL:  # type: ignore[attr-defined]
        return "incompetent"
    if result.test_outcome == test_outcome.SURVIVED:  # type: ignore[attr-defined]
        return "survived"
    if result.output == "timeout":  # type: ignore[attr-defined]
        return "timeout"
    return "killed"


def _entry(o: Outcome) -> str:
    """The equivalent.toml entry of a survivor (its reason left to write)."""
    return "\n".join(
        [
            "[[mutant]]",
            f"file = {json.dumps(o.file)}",
            f"operator = {json.dumps(o.operator)}",
            f"before = {json.dumps(o.before)}",
            f"after = {json.dumps(o.after)}",
            'reason = ""',
        ]
    )


def score(outcomes: Sequence[Outcome]) -> tuple[int, int, int, int]:
    """(killed, non-equivalent mutants, known-equivalent survivors, new survivors)."""
    ran = [o for o in outcomes if o.result in {"killed", "timeout", "survived"}]
    killed = sum(o.result != "survived" for o in ran)
    equivalent = sum(o.result == "survived" and o.known is not None for o in ran)
    new = sum(o.result == "survived" and o.known is None for o in ran)
    return killed, len(ran) - equivalent, equivalent, new


def report(out: Path, known: list[Known]) -> str:
    """The report over every title with a session in ``out``."""
    results = {t: collect(t, out, known) for t in TITLES if (out / t / "session.sqlite").exists()}
    lines = [
        "# Mutation testing of the rule modules",
        "",
        "| title | commit | drawn | mutants run | killed | known equivalent | new survivors"
        " | score |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for title, outcomes in results.items():
        meta = json.loads((out / title / "meta.json").read_text())
        commit = meta["commit"] + (" + local changes" if meta["local_changes"] else "")
        if "retested" in meta:
            commit += f", survivors run again at {meta['retested']}" + (
                " + local changes" if meta["retested_local_changes"] else ""
            )
        drawn = (
            f"all of {meta.get('mutants', '?')}"
            if meta["sample"] is None
            else f"{meta['sample']} of {meta.get('mutants', '?')}, seed {meta['seed']}"
        )
        killed, real, eq, new = score(outcomes)
        pct = f"{100 * killed / real:.1f}%" if real else "-"
        lines.append(
            f"| {title} | {commit} | {drawn} | {real + eq} | {killed} | {eq} | {new} | {pct} |"
        )
    lines += ["", "Score: killed / (mutants run - known equivalent).", ""]
    for title, outcomes in results.items():
        new_survivors = [o for o in outcomes if o.result == "survived" and o.known is None]
        equivalents = [o for o in outcomes if o.result == "survived" and o.known is not None]
        stale = [o for o in outcomes if o.result != "survived" and o.known is not None]
        odd = [o for o in outcomes if o.result in {"no-test", "incompetent"}]
        lines += [f"## {title}", ""]
        if new_survivors:
            lines += ["### New survivors", ""]
            lines += [
                "Each needs a test that kills it, a fix of the rule, or (if it cannot change",
                "what the rules do) its entry in mutation/equivalent.toml with the reason.",
                "",
            ]
            for o in new_survivors:
                lines += [f"{o.file}:{o.line} {o.operator}", "", "```diff", o.diff, "```", ""]
                lines += ["```toml", _entry(o), "```", ""]
        else:
            lines += ["No new survivors.", ""]
        if equivalents:
            lines += ["### Known equivalent (mutation/equivalent.toml)", ""]
            lines += [f"- {o.file}:{o.line} {o.operator}: {o.known.reason}" for o in equivalents]  # type: ignore[union-attr]
            lines.append("")
        if stale:
            lines += ["### Listed as equivalent but killed (remove them from the list)", ""]
            lines += [f"- {o.file}:{o.line} {o.operator}" for o in stale]
            lines.append("")
        if odd:
            lines += ["### Not run (no change to make, or the run broke)", ""]
            lines += [f"- {o.file}:{o.line} {o.operator}: {o.result}" for o in odd]
            lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--titles", nargs="+", choices=sorted(TITLES), default=list(TITLES))
    parser.add_argument("--sample", type=int, default=DEFAULT_SAMPLE, help="mutants per title")
    parser.add_argument("--all", action="store_true", help="every mutant, no sample")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--resume", action="store_true", help="carry on with a session")
    parser.add_argument(
        "--retest",
        action="store_true",
        help="run a session's survivors again against the current tests (same rule modules)",
    )
    parser.add_argument("--out", type=Path, default=ROOT / ".mutate")
    parser.add_argument("--report", action="store_true", help="only write the report")
    args = parser.parse_args(argv)
    operators.install()
    known = load_known()
    out = args.out.resolve()
    sample = None if args.all else args.sample
    text = ""
    for title in [] if args.report else args.titles:
        run_title(
            title, sample=sample, seed=args.seed, resume=args.resume, out=out, retest=args.retest
        )
        text = report(out, known)
        (out / "report.md").write_text(text + "\n")
    text = report(out, known)
    (out / "report.md").write_text(text + "\n")
    print(text)
    print(f"\nreport: {out / 'report.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
