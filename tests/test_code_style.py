"""The code stays as the guide asks: ruff's checks and formatting pass on the whole repository."""

from __future__ import annotations

import subprocess
import sys

from referee.config import PROJECT_ROOT


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, str(PROJECT_ROOT)], capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing_to_fix() -> None:
    result = _ruff("check")
    assert result.returncode == 0, result.stdout


def test_ruff_format_would_change_nothing() -> None:
    result = _ruff("format", "--check")
    assert result.returncode == 0, result.stdout
