"""benchmarks/instructions.py's per-function breakdown (``--annotate``): callgrind_annotate's
lines read, and each function's short-run count taken from its long-run count per decision
(valgrind itself is not run by the tests)."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "instructions.py"

#: What callgrind_annotate --inclusive=no prints for a long run and a short one (abridged).
ANNOTATED = {
    "many.out": """\
--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
5,000,000 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                  file:function
--------------------------------------------------------------------------------
3,000,000 (60.00%)  /tmp/build/Python/ceval.c:_PyEval_EvalFrameDefault [/lib/libpython3.11.so]
  900,000 (18.00%)  /tmp/build/Objects/obmalloc.c:_PyObject_Free [/lib/libpython3.11.so]
  600,000 (12.00%)  ???:0x000000000004a2b0 [/lib/libc.so.6]
  500,000 (10.00%)  /tmp/build/Python/import.c:import_find_and_load [/lib/libpython3.11.so]
""",
    "base.out": """\
1,400,000 (100.0%)  PROGRAM TOTALS
  600,000 (42.86%)  /tmp/build/Python/ceval.c:_PyEval_EvalFrameDefault [/lib/libpython3.11.so]
  500,000 (35.71%)  /tmp/build/Python/import.c:import_find_and_load [/lib/libpython3.11.so]
  300,000 (21.43%)  /tmp/build/Objects/obmalloc.c:_PyObject_Free [/lib/libpython3.11.so]
""",
}


@pytest.fixture
def instructions(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("instructions", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def annotate(argv: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        assert argv[:3] == ["callgrind_annotate", "--inclusive=no", "--threshold=100"]
        return subprocess.CompletedProcess(argv, 0, ANNOTATED[Path(argv[-1]).name], "")

    monkeypatch.setattr(subprocess, "run", annotate)
    return module


def test_each_function_is_read_with_a_short_name(instructions: ModuleType) -> None:
    assert instructions.functions(Path("many.out")) == {
        "ceval.c:_PyEval_EvalFrameDefault": 3_000_000,
        "obmalloc.c:_PyObject_Free": 900_000,
        "???:0x000000000004a2b0": 600_000,
        "import.c:import_find_and_load": 500_000,
    }


def test_the_short_run_is_taken_from_the_long_one_per_decision(instructions: ModuleType) -> None:
    # 100 decisions between the runs: the imports (the same in both) cancel
    shown = instructions.costliest(Path("many.out"), Path("base.out"), 100, 3)
    assert [line.split() for line in shown] == [
        ["24.00k", "ceval.c:_PyEval_EvalFrameDefault"],
        ["6.00k", "obmalloc.c:_PyObject_Free"],
        ["6.00k", "???:0x000000000004a2b0"],
    ]
