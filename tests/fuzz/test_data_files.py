"""Broken data files: a user's card or pack file with hostile edits is refused when it is
loaded, with a ``DataError`` naming the file, or it gives a game that plays; the file is
never changed."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from silkroad.core.errors import DataError
from silkroad.core.registry import get_game

from .support import FUZZ, SOURCE, TITLES, attempt, drive, guard


def _kashgar(path: Path) -> Any:
    from silkroad.kashgar import Options

    return Options.create(2, expansion="all").with_card_file(path)


def _serica(path: Path) -> Any:
    return get_game("serica").default_options().with_card_file(path)


def _dunhuang(path: Path) -> Any:
    from silkroad.dunhuang import Options

    name = path.stem
    if name == "promos":  # the promo data, with the packs that bring in most promos
        return Options(4, ("bronze", "sutra", "wine"), promos=True).with_pack_file(path)
    others = [p for p in ("silk", "gold", "tea", "china") if p != name]
    return Options(4, (name, *others[:2])).with_pack_file(path)


#: Each title's user data files (what ``--data`` reads) and how the options take one.
FILES: dict[str, tuple[Callable[[Path], Any], tuple[Path, ...]]] = {
    "kashgar": (_kashgar, tuple(sorted((SOURCE / "kashgar/data").glob("*.toml")))),
    "serica": (_serica, tuple(sorted((SOURCE / "serica/data").glob("*.toml")))),
    "dunhuang": (
        _dunhuang,
        tuple(p for p in sorted((SOURCE / "dunhuang/data").glob("*.toml")) if p.stem != "board"),
    ),
}

_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_STRING = re.compile(r'"[^"\n]*"')
_WORDS = [
    '""',
    '"teleport"',
    '"vp"',
    '"coin 5000"',
    '"product nope"',
    '"upgrade 3"',
    '"quest 9"',
    '"pay coin 1 ->"',
    '"silk"',
    '"all"',
    '"x" ',
    "true",
    "[]",
    "{}",
]
_NUMBERS = ["0", "-1", "1.5", "1000000000000", "99", "7", "2", "-0", "1e3", "9" * 400]


@st.composite
def broken(draw: st.DrawFn, text: str) -> str:
    """``text`` with one to three hostile edits: a number or a string replaced, a line
    deleted or repeated, the file cut short, a character inserted."""
    for _ in range(draw(st.integers(1, 3))):
        edit = draw(st.sampled_from(["number", "number", "string", "string", "line", "cut"]))
        if edit in ("number", "string"):
            found = list((_NUMBER if edit == "number" else _STRING).finditer(text))
            if found:
                m = found[draw(st.integers(0, len(found) - 1))]
                new = draw(st.sampled_from(_NUMBERS if edit == "number" else _WORDS))
                text = text[: m.start()] + new + text[m.end() :]
                continue
        lines = text.split("\n")
        if edit == "line" or edit in ("number", "string"):
            i = draw(st.integers(0, len(lines) - 1))
            if draw(st.booleans()):
                del lines[i]
            else:
                lines.insert(i, lines[i])
            text = "\n".join(lines)
        else:
            at = draw(st.integers(0, len(text)))
            text = text[:at] if draw(st.booleans()) else text[:at] + "\x00=[" + text[at:]
    return text


@pytest.mark.parametrize("title", sorted(set(FILES) & set(TITLES)))
@FUZZ
@given(data=st.data())
def test_a_broken_data_file_is_refused_at_load_or_plays(title: str, data: st.DataObject) -> None:
    load, files = FILES[title]
    original = files[data.draw(st.integers(0, len(files) - 1))]
    text = data.draw(broken(original.read_text(encoding="utf-8")))
    game = get_game(title)
    with guard(), tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / original.name
        path.write_text(text, encoding="utf-8")
        options, error = attempt(load, path)
        if error is not None:
            assert isinstance(error, DataError | type(error))
            if isinstance(error, DataError):
                assert error.source is not None, "a bad data file names where it is"
        else:
            state, refused = attempt(game.new_game, options, data.draw(st.integers(0, 9)))
            assert refused is None, f"data accepted at load fails at setup: {refused}"
            drive(game, state, 0, budget=15)
        assert path.read_text(encoding="utf-8") == text, "loading changed the file"
