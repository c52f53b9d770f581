"""The transcripts of ``silkroad play`` on docs/cli.md, captured from the command.

A transcript on the page is a marker line naming the command's arguments and the
answers typed, then a ``text`` block, then an end marker::

    <!-- transcript: play kashgar --human 0 --seed 5 | c3.1 | quit | no -->
    ```text
    ...
    ```
    <!-- transcript:end -->

``python -m silkroad.cli.transcripts [PAGE]`` runs every transcript's command with its
answers (each typed answer is shown after its prompt, as a terminal shows it) on a page
of :data:`WIDTH` columns, and rewrites its block; the tests check that the page matches.
An answer ``...`` is not typed: what was printed before it is left out of the block
(shown as a line ``...``).
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from silkroad.cli import play
from silkroad.cli.screen import WIDTH

__all__ = ["CUT", "MARKER", "run", "transcript", "transcripts", "update"]

#: The answer that marks where a transcript's block starts.
CUT = "..."

#: A transcript's marker: the arguments, then the answers, separated by `` | ``.
MARKER = re.compile(
    r"<!-- transcript: (?P<spec>.*?) -->\n```text\n(?P<text>.*?)```\n<!-- transcript:end -->",
    re.S,
)


def run(argv: Sequence[str], answers: Sequence[str], width: int = WIDTH) -> str:
    """What the command prints for ``argv`` when a person types ``answers`` (the input
    ends after the last one), with each answer after its prompt."""
    from silkroad.cli import build_parser

    out = io.StringIO()
    console = Console(
        file=out,
        width=width,
        color_system=None,
        force_terminal=False,
        soft_wrap=True,
        markup=False,
    )
    typed = [a for a in answers if a != CUT]
    # the block starts after the answer before a cut
    cuts = {i - k for k, i in enumerate(i for i, a in enumerate(answers) if a == CUT)}
    cut = 0
    asked = 0

    def read(prompt: str) -> str:
        nonlocal cut, asked
        out.write(prompt)
        if asked >= len(typed):
            out.write("\n")
            raise EOFError
        answer = typed[asked]
        asked += 1
        out.write(answer + "\n")
        if asked in cuts:
            cut = out.tell()
        return answer

    args = build_parser().parse_args(list(argv))
    module = vars(play)  # the person's answers come from play's read_line
    saved = module["read_line"]
    module["read_line"] = read
    try:
        args.func(args, console)
    finally:
        module["read_line"] = saved
    text = out.getvalue()
    return text if not cut else "...\n" + text[cut:]


def transcript(spec: str) -> str:
    """The transcript of a marker's ``spec``: ``ARGS | ANSWER | ANSWER ...``."""
    argv, *answers = (part.strip() for part in spec.split(" | "))
    return run(argv.split(), answers)


def transcripts(page: str) -> list[tuple[str, str]]:
    """Every transcript of a page: its spec and the text the page shows."""
    return [(m["spec"], m["text"]) for m in MARKER.finditer(page)]


def update(path: str | Path) -> bool:
    """Rewrite every transcript of the page at ``path``; returns whether it changed."""
    page = Path(path)
    old = page.read_text(encoding="utf-8")

    def fresh(m: re.Match[str]) -> str:
        text = transcript(m["spec"])
        return f"<!-- transcript: {m['spec']} -->\n```text\n{text}```\n<!-- transcript:end -->"

    new = MARKER.sub(fresh, old)
    if new != old:
        page.write_text(new, encoding="utf-8")
    return new != old


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    path = Path(args[0]) if args else Path("docs") / "cli.md"
    changed = update(path)
    print(f"{path}: {'rewritten' if changed else 'up to date'}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
