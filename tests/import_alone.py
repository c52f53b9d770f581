"""Import each module named on the command line in a fresh interpreter of its own, and
print the ones that fail, with the end of their error (tests/test_layout.py).

A fresh interpreter per module finds an import cycle whichever module starts it. The
modules outside the project that the project imports are loaded once, in the parent,
before it forks a child per module: the child then imports only the project's modules,
from nothing, as a fresh interpreter would (a third of the time of one interpreter each).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import traceback


def _outside_modules(names: list[str]) -> list[str]:
    """The modules a fresh interpreter holds once it imported all of ``names``, but
    the project's own."""
    code = (
        "import importlib, json, sys\n"
        f"for n in {names!r}: importlib.import_module(n)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] != 'silkroad')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return []  # one of them fails: the children say which
    loaded: list[str] = json.loads(out.stdout)
    return loaded


def main(names: list[str]) -> int:
    for name in _outside_modules(names):
        try:
            importlib.import_module(name)
        except Exception:  # an optional module's own failure is not ours
            continue
    assert not any(m.split(".")[0] == "silkroad" for m in sys.modules), "loaded the project"
    failures = {}
    for name in names:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            code = 0
            try:
                importlib.import_module(name)
            except BaseException:  # reported to the parent
                os.write(write, traceback.format_exc()[-600:].encode())
                code = 1
            os._exit(code)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            error = pipe.read().decode()
        _, status = os.waitpid(pid, 0)
        if status != 0:
            failures[name] = error or f"exit status {status}"
    print(json.dumps(failures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
