"""How the person at the command line runs ``referee``, so that a command suggested to them works as
written: ``referee`` when that name on their PATH is this very program, else the path they typed
(``.venv/bin/referee`` after the README's install), or ``python3 -m referee`` when run as a module."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path


def invoked_as(argv0: str | None = None) -> str:
    """The words that ran this program (``sys.argv[0]`` unless ``argv0``), as a shell would take them."""
    typed = sys.argv[0] if argv0 is None else argv0
    if Path(typed).name == "__main__.py":  # python -m referee
        python = sys.executable
        found = shutil.which(Path(python).name)
        same = found is not None and os.path.abspath(found) == os.path.abspath(
            python
        )  # a venv's python is a link
        return f"{shlex.quote(Path(python).name if same else python)} -m referee"
    found = shutil.which(Path(typed).name)
    if found is not None and Path(typed).exists() and os.path.samefile(found, typed):
        return Path(typed).name
    return shlex.quote(typed)
