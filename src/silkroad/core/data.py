"""Reading component data files (TOML) with errors that name file, entry and field.

Every title keeps its cards and tiles in TOML files; this module holds what their
loaders share: reading the text, parsing TOML, and a :class:`DataReader` whose
accessors check a field's presence, type, range or enumerated value and, on failure,
raise :class:`~silkroad.core.errors.DataError` naming the file, the entry being read
(set ``reader.entry`` while reading one card) and the field.
"""

from __future__ import annotations

import enum
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from silkroad.core.errors import DataError

__all__ = ["REQUIRED", "DataReader", "loads_toml", "read_data_file"]

E = TypeVar("E", bound=enum.Enum)

#: The default of a field that must be present.
REQUIRED: Any = ...


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads``, whose reader recurses into arrays and inline tables: text
    nested too deeply for it is refused like any other text that is not TOML.

    :raises tomllib.TOMLDecodeError: for text that is not TOML or is nested too deeply.
    """
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError("arrays or tables nested too deeply") from None


def read_data_file(path: str | Path) -> str:
    """The text of a data file.

    :raises DataError: naming the file, if it cannot be read as UTF-8 text.
    """
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the file: {exc}", source=str(p)) from None


class DataReader:
    """Validating accessors over parsed TOML; every error names file, entry and field."""

    def __init__(self, source: str) -> None:
        self.source = source
        #: The entry (card, tile) being read, named in errors; None between entries.
        self.entry: str | None = None

    def fail(self, message: str, field: str | None = None) -> DataError:
        """A :class:`DataError` about ``field`` of the current entry (raise it)."""
        return DataError(message, source=self.source, entry=self.entry, field=field)

    def parse(self, text: str) -> dict[str, Any]:
        """The TOML document in ``text``."""
        try:
            return loads_toml(text)
        except tomllib.TOMLDecodeError as exc:
            raise self.fail(f"not valid TOML: {exc}") from None

    def get(self, table: Mapping[str, Any], field: str, kind: type, default: Any = REQUIRED) -> Any:
        """``table[field]``, checked to be a ``kind`` (bools are not ints); ``default``
        when absent, unless the field is required."""
        if field not in table:
            if default is REQUIRED:
                raise self.fail(f"missing required field {field!r}", field)
            return default
        value = table[field]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(f"expected an integer, got {value!r}", field)
        if not isinstance(value, kind):
            raise self.fail(f"expected a {kind.__name__}, got {value!r}", field)
        return value

    def integer(
        self,
        table: Mapping[str, Any],
        field: str,
        low: int | None = None,
        high: int | None = None,
        default: Any = REQUIRED,
    ) -> int:
        """An integer field within ``low..high`` (either bound may be None)."""
        if field not in table and default is not REQUIRED:
            return default  # type: ignore[no-any-return]
        value: int = self.get(table, field, int)
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                raise self.fail(f"must be >= {low}, got {value}", field)
            if low is None:
                raise self.fail(f"must be <= {high}, got {value}", field)
            raise self.fail(f"must be between {low} and {high}, got {value}", field)
        return value

    def member(self, cls: type[E], value: Any, field: str) -> E:
        """The member of enum ``cls`` whose value is ``value``."""
        try:
            return cls(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in cls)
            raise self.fail(f"unknown value {value!r} (expected one of {allowed})", field) from None
