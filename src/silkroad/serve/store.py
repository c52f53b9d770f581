"""The folder of a server: every table's record, and the seats' secret links.

Each table is saved as ``<table>.json``, a :class:`~silkroad.core.replay.Record`
(``silkroad replay`` and ``silkroad view`` open it; a finished table's has its result),
written again after every decision. The seats of every table, with the token of each
person's link, are in one other file, ``seats.toml``, readable only by its owner: a
restarted server reads both and resumes every table with the same links.

Files are replaced atomically (written aside, then renamed), so a stop at any moment
leaves the last complete version.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import tomlkit

from silkroad.core.data import loads_toml
from silkroad.core.errors import RulesError
from silkroad.core.registry import get_game
from silkroad.core.replay import Record
from silkroad.serve.tables import HUMAN, TABLE_ID, Seat, Table, check_hints

__all__ = ["SEATS_FILE", "SeatsFileError", "Store"]

#: The file of the seats and their tokens, in the folder.
SEATS_FILE = "seats.toml"

_HEADER = (
    "The seats of the tables of this folder (silkroad serve). A person's token is the\n"
    "secret of their link: whoever has it sees that seat's hand and plays for it.\n"
    "Keep this file private."
)


class SeatsFileError(OSError):
    """The folder's ``seats.toml`` cannot be read: no table can be served."""


def one_line(problem: object) -> str:
    """``problem``'s text on one line (a parser's message may take several)."""
    return " ".join(str(problem).split()) or type(problem).__name__


def write_atomically(path: Path, text: str, *, private: bool = False) -> None:
    """Replace ``path`` by ``text`` in one step (a file written aside, then renamed)."""
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
        if private:
            os.chmod(name, 0o600)
        else:
            os.chmod(name, 0o644)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


class Store:
    """The records and seats of the tables in ``folder`` (made if missing)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        if not self.folder.exists():
            self.folder.mkdir(parents=True, mode=0o700)
        if not self.folder.is_dir():
            raise OSError(f"{self.folder} is not a folder")
        self._seats: dict[str, dict[str, Any]] = {}

    @property
    def seats_path(self) -> Path:
        return self.folder / SEATS_FILE

    def record_path(self, table_id: str) -> Path:
        return self.folder / f"{table_id}.json"

    def save_record(self, table_id: str, text: str) -> None:
        """Write a table's record (its JSON text; after each decision)."""
        write_atomically(self.record_path(table_id), text + "\n")

    def add_table(self, table: Table) -> None:
        """Write a new table's record and its seats."""
        self.save_record(table.id, table.record_json())
        self._seats[table.id] = {
            "record": self.record_path(table.id).name,
            "names": [s.name for s in table.seats],
            "tokens": [s.token or "" for s in table.seats],
        }
        if table.hints:
            self._seats[table.id]["hints"] = table.hints
        self._write_seats()

    def _write_seats(self) -> None:
        document = tomlkit.document()
        for line in _HEADER.split("\n"):
            document.add(tomlkit.comment(line))
        for table_id, entry in self._seats.items():
            document[table_id] = entry
        write_atomically(self.seats_path, tomlkit.dumps(document), private=True)

    def read_seats(self) -> dict[str, Any]:
        """The tables of ``seats.toml`` (none when there is no such file yet).

        :raises SeatsFileError: for a file that cannot be read or is not TOML, in one
            line naming it and what to do. No table is served then: a server that went
            on would write the file again and lose every link in it.
        """
        if not self.seats_path.exists():
            return {}
        try:
            return loads_toml(self.seats_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise SeatsFileError(
                f"{self.seats_path}: cannot read it ({one_line(exc)}); it holds the links "
                "of every table in this folder: mend it (or restore a copy), or move it "
                "aside to start with no tables"
            ) from None

    def load(self) -> tuple[list[Table], list[str]]:
        """Every table of the folder, rebuilt from its record and seats, and a line per
        table that could not be (a missing or broken record, a broken entry): it is left
        alone, its record as it is and its seats kept in the file, to be resumed once
        mended.

        :raises SeatsFileError: when ``seats.toml`` itself cannot be read.
        """
        data = self.read_seats()
        tables: list[Table] = []
        problems: list[str] = []
        for table_id, entry in data.items():
            self._seats[table_id] = entry  # kept, resumed or not: its links stay on file
            try:
                tables.append(self._table(table_id, entry))
            except (RulesError, OSError, ValueError, TypeError, RecursionError) as exc:
                problems.append(
                    f"table {table_id}: not resumed ({one_line(exc)}); mend its record or its "
                    f"entry in {self.seats_path}, then restart to resume it"
                )
        return tables, problems

    def _table(self, table_id: str, entry: Any) -> Table:
        if not TABLE_ID.fullmatch(table_id) or not isinstance(entry, dict):
            raise ValueError("not a table of this server")
        file = entry.get("record")
        if not isinstance(file, str) or Path(file).name != file or not file.endswith(".json"):
            raise ValueError(f"its record is a .json file of the folder, got {file!r:.60}")
        record = Record.load(self.folder / file)
        names, tokens = entry.get("names"), entry.get("tokens")
        if not isinstance(names, list) or not isinstance(tokens, list):
            raise ValueError("its entry lists no 'names' and 'tokens' of its seats")
        if not (len(names) == len(tokens) == len(record.agents)):
            raise ValueError("its seats do not match its record")
        seats: list[Seat] = []
        for name, token, spec in zip(names, tokens, record.agents, strict=True):
            if bool(token) != (spec == HUMAN):
                raise ValueError(f"seat {len(seats)}: its token and its record disagree")
            seats.append(
                Seat(str(name), token=str(token)) if token else Seat(str(name), agent=spec)
            )
        game = get_game(record.game)
        return Table(
            table_id,
            game,
            record.options,
            record.seed,
            seats,
            record.moves,
            position=record.position,
            hints=check_hints(entry.get("hints", 0)),
        )
