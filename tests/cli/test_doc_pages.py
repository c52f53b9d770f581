"""What the pages say is what the code does: the transcripts of docs/cli.md are the
command's output, the tensor sizes of docs/adapters.md are the layouts', and the data
file examples of docs/kashgar.md load."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from silkroad import get_game
from silkroad.cli.transcripts import transcript, transcripts

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_the_transcripts_of_the_cli_page_are_what_the_command_prints() -> None:
    found = transcripts((DOCS / "cli.md").read_text(encoding="utf-8"))
    titles = {spec.split()[1] for spec, _ in found}
    assert titles >= {"kashgar", "serica", "dunhuang"}  # a screen of each title
    for spec, text in found:
        assert text == transcript(spec), (
            f"docs/cli.md: the transcript of {spec!r} is not what the command prints now "
            "(run: python -m silkroad.cli.transcripts)"
        )
        # each screen of a decision (after the banner) fits in 40 lines, the prompt included
        for screen in re.split(r"(?<=> )[^\n]*\n", text.partition("for the commands.\n")[2]):
            assert screen.count("\n") < 40, screen


def test_the_tensor_sizes_of_the_adapters_page_are_the_layouts() -> None:
    page = (DOCS / "adapters.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?observation_tensor.*?)```", page, re.S)
    assert block is not None
    code = block[1]
    printed = io.StringIO()
    namespace: dict[str, object] = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "docs/adapters.md", "exec"), namespace)
    # every "shape (...)" comment is the shape of the array made on its line
    checked = 0
    for line in code.splitlines():
        said = re.search(r"shape (\([\d, ]+\))", line)
        if said:
            name = line.split("=")[0].strip()
            assert str(namespace[name].shape) == said[1], line  # type: ignore[attr-defined]
            checked += 1
    assert checked == 2
    # the comment of the print is what it prints
    comment = next(line for line in code.splitlines() if line.startswith("print("))
    assert printed.getvalue().strip() == comment.partition("# ")[2].strip()
    # every tensor row of the learning table has the layout's size as its inputs
    # (a row measured with an older layout is starred, and the note gives today's size)
    rows = re.findall(r"^\| (\w+) \((\d+) players\) \| tensor \| (\d+)(\*?) \|", page, re.M)
    assert len(rows) >= 2
    assert any(not star for *_, star in rows)
    for title, players, size, star in rows:
        game = get_game(title.lower())
        layout = game.observation_layout(game.default_options(int(players)))
        if star:
            assert f"* {title}'s layout now has {layout.size} entries" in page
        else:
            assert int(size) == layout.size, f"{title} ({players} players)"


def test_the_data_file_examples_of_the_kashgar_page_load(tmp_path: Path) -> None:
    """Both examples (a card deck, an order deck) load as they are, with the ``note``
    and ``provenance`` every entry needs, and fail without the note."""
    from silkroad.core.errors import DataError

    game = get_game("kashgar")
    page = (DOCS / "kashgar.md").read_text(encoding="utf-8")
    examples = [b for b in re.findall(r"```toml\n(.*?)```", page, re.S) if "deck = " in b]
    assert {re.search(r'deck = "(\w+)"', b)[1] for b in examples} == {"standard", "orders"}  # type: ignore[index]
    for i, example in enumerate(examples):
        path = tmp_path / f"example{i}.toml"
        path.write_text(example, encoding="utf-8")
        game.default_options().with_card_file(path)
        path.write_text(re.sub(r"^note = .*\n", "", example, flags=re.M), encoding="utf-8")
        with pytest.raises(DataError, match="missing required field 'note'"):
            game.default_options().with_card_file(path)
