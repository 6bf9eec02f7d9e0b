"""Running ``referee`` commands as fresh processes, the way a game-master does, for the CLI tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


class Referee:
    """Runs ``referee`` commands in a directory holding a referee.toml."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def __call__(
        self, *args: str, ok: bool | None = True, stdin: str = ""
    ) -> subprocess.CompletedProcess[str]:
        """Runs ``referee *args``; ``ok`` True/False asserts it succeeded/failed, None checks nothing."""
        result = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            input=stdin,
            cwd=self.directory,
            capture_output=True,
            text=True,
            env={k: v for k, v in os.environ.items() if k != "REFEREE_CONFIG"},
            check=False,
        )
        if ok is True:
            assert result.returncode == 0, result.stderr + result.stdout
        if ok is False:
            assert result.returncode != 0, result.stdout
        return result

    def json(self, *args: str) -> Any:
        """The JSON that ``referee *args --json`` prints."""
        return json.loads(self(*args, "--json").stdout)


def initialised(directory: Path, database_url: str) -> Referee:
    """``referee init`` run in ``directory`` over ``database_url``: a referee ready for commands."""
    (directory / "referee.toml").write_text(f'[database]\nurl = "{database_url}"\n', encoding="utf-8")
    run = Referee(directory)
    run("init")
    return run
