"""Running ``referee`` commands the way a game-master does, for the CLI tests.

A command runs in this process by default, through the same ``main`` a fresh ``python -m referee``
runs, with its own arguments, working directory, standard input and output, and without the
``REFEREE_CONFIG`` of the tests' environment: a fresh process costs a second or more of imports, and a
scripted campaign runs a hundred commands. ``Referee(directory, fresh=True)`` runs each command as a
fresh process instead, for the tests that are about what only a process shows.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

from click.testing import CliRunner

import referee.__main__ as entry
from referee.cli import main

COLLECT_EVERY = 10
"""How many commands run in this process between two collections of what they left: each leaves its
engine and its pooled connections in reference cycles (a process's exit would close them), and a
full collection after every command would cost a third of a scripted campaign's time."""
_CALLS = [0]

ENTRY = entry.__file__
"""What ``sys.argv[0]`` is in ``python -m referee``: the commands suggest themselves by it."""


class Referee:
    """Runs ``referee`` commands in a directory holding a referee.toml."""

    def __init__(self, directory: Path, *, fresh: bool = False) -> None:
        self.directory = directory
        self.fresh = fresh

    def __call__(
        self, *args: str, ok: bool | None = True, stdin: str = ""
    ) -> subprocess.CompletedProcess[str]:
        """Runs ``referee *args``; ``ok`` True/False asserts it succeeded/failed, None checks nothing."""
        result = run_referee(list(args), self.directory, stdin=stdin, fresh=self.fresh)
        if ok is True:
            assert result.returncode == 0, result.stderr + result.stdout
        if ok is False:
            assert result.returncode != 0, result.stdout
        return result

    def json(self, *args: str) -> Any:
        """The JSON that ``referee *args --json`` prints."""
        return json.loads(self(*args, "--json").stdout)


def run_referee(
    args: list[str], directory: Path, *, stdin: str = "", fresh: bool = False
) -> subprocess.CompletedProcess[str]:
    """``referee *args`` run in ``directory``: in this process, or as a fresh one (``fresh``)."""
    return (_fresh if fresh else _in_process)(args, stdin, directory)


def _fresh(args: list[str], stdin: str, directory: Path) -> subprocess.CompletedProcess[str]:
    """``python -m referee *args`` as its own process."""
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        input=stdin,
        cwd=directory,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "REFEREE_CONFIG"},
        check=False,
    )


def _in_process(args: list[str], stdin: str, directory: Path) -> subprocess.CompletedProcess[str]:
    """``main`` run here as ``python -m referee *args`` would run it: its exit status, and what it wrote
    to each stream (an exception nothing caught is written to the error stream, status 1, as Python
    would)."""
    saved_argv, saved_cwd = sys.argv, os.getcwd()
    status = 0
    with CliRunner().isolation(input=stdin, env={"REFEREE_CONFIG": None}) as streams:
        sys.argv = [ENTRY, *args]
        os.chdir(directory)
        try:
            main()
        except SystemExit as exit_:
            if isinstance(exit_.code, str):
                print(exit_.code, file=sys.stderr)
            status = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        except Exception:  # a crash is what the test reads, as from a process
            traceback.print_exc()
            status = 1
        finally:
            sys.argv = saved_argv
            os.chdir(saved_cwd)
        out, err = streams[0].getvalue(), streams[1].getvalue()
    _CALLS[0] += 1
    if _CALLS[0] % COLLECT_EVERY == 0:
        gc.collect()  # the commands' engines and pooled connections go, as at a process's exit
    return subprocess.CompletedProcess(args, status, out.decode(), err.decode())


def initialised(directory: Path, database_url: str, *, fresh: bool = False) -> Referee:
    """``referee init`` run in ``directory`` over ``database_url``: a referee ready for commands."""
    (directory / "referee.toml").write_text(f'[database]\nurl = "{database_url}"\n', encoding="utf-8")
    run = Referee(directory, fresh=fresh)
    run("init")
    return run
