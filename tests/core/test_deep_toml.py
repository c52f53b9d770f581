"""TOML nested past the reader's stack (``tomllib`` recurses into arrays) is refused as
text that is not TOML, with a ``DataError`` naming the file, wherever a user's TOML is
read: a position (a table's, on the server), a card or pack data file."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import silkroad
from silkroad.core.data import loads_toml
from silkroad.core.errors import DataError
from silkroad.dunhuang import Options as DunhuangOptions
from silkroad.kashgar import Options as KashgarOptions

DEEP = "a = " + "[" * 5000


def test_loads_toml_refuses_deep_text_as_not_toml() -> None:
    with pytest.raises(tomllib.TOMLDecodeError, match="nested too deeply"):
        loads_toml(DEEP)
    assert loads_toml("a = [[1]]") == {"a": [[1]]}


@pytest.mark.parametrize("name", ["kashgar", "serica", "dunhuang"])
def test_a_deep_position_is_a_data_error(name: str) -> None:
    with pytest.raises(DataError, match="not valid TOML: arrays or tables nested too deeply"):
        silkroad.get_game(name).from_position(DEEP)


def test_a_deep_data_file_is_a_data_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(DEEP, encoding="utf-8")
    with pytest.raises(DataError, match="deep.toml: not valid TOML: .*nested too deeply"):
        KashgarOptions().with_card_file(path)
    with pytest.raises(DataError, match="deep.toml: not valid TOML: .*nested too deeply"):
        DunhuangOptions().with_pack_file(path)
