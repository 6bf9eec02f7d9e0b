"""The layers of docs/design.md are enforced, not hoped for: import-linter's contracts in pyproject.toml
(the core imports nothing else of ours; games only the core; the application layer is the only way
from the doors to the store; production code never imports the dev tools) hold, and they would catch
a door that reached into the store."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from referee.config import PROJECT_ROOT


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    """Runs import-linter over the ``referee`` package found in ``root``, with ``root``'s contracts."""
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))"
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=False
    )


def test_every_layer_contract_is_kept() -> None:
    result = _lint(PROJECT_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_door_that_reaches_into_the_store_breaks_the_contract(tmp_path: Path) -> None:
    shutil.copytree(
        PROJECT_ROOT / "referee", tmp_path / "referee", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(PROJECT_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    door = tmp_path / "referee" / "mail" / "reading.py"
    door.write_text(door.read_text(encoding="utf-8") + "\nfrom referee.store import models  # noqa\n")

    result = _lint(tmp_path)

    assert result.returncode != 0
    assert "referee.mail.reading -> referee.store.models" in result.stdout
    assert "BROKEN" in result.stdout
