"""A ``referee`` command that does little starts without the heavy libraries: the command line imports
what a command needs inside the command, and the application layer's public face (``referee.app``)
loads a module only when one of its names is first used. Checked by the modules a fresh interpreter
has loaded, never by a time."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest
from cli_helpers import Referee

import referee.app
from referee.config import PROJECT_ROOT

HEAVY = (
    "sqlalchemy",
    "sqlmodel",
    "alembic",
    "psycopg",
    "jinja2",
    "babel",
    "pymorphy3",
    "starlette",
    "uvicorn",
    "apscheduler",
    "aiosmtplib",
    "imapclient",
    "argon2",
    "confusable_homoglyphs",
    "referee.store",
    "referee.render",
    "referee.mail",
    "referee.web",
    "referee.service",
)
"""Libraries (and our modules over them) that ``--help`` and ``--version`` do without."""

STATUS_READ = {"referee.store", "referee.store.status"}
"""The store's status read in plain SQL (``referee.store.status``), which loads no library of its own."""

LOADED = """
import json, sys
from referee.cli import main
sys.argv = ["referee", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def _loaded_by(*args: str, cwd: Path = PROJECT_ROOT) -> tuple[str, set[str]]:
    """What ``referee *args`` prints in a fresh interpreter, and the modules it has loaded by its end."""
    result = subprocess.run(
        [sys.executable, "-c", LOADED, *args], cwd=cwd, capture_output=True, text=True, check=True
    )
    printed, _, modules = result.stdout.rstrip("\n").rpartition("\n")
    return printed, set(json.loads(modules))


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(f"{h}.") for h in HEAVY))


@pytest.mark.parametrize("args", [("--help",), ("game", "--help"), ("--version",), ("pause", "--help")])
def test_a_command_that_does_little_loads_no_database_template_mail_or_web_library(
    args: tuple[str, ...],
) -> None:
    printed, modules = _loaded_by(*args)

    assert printed.strip(), "the command printed nothing"
    assert _heavy(modules) == []


def test_the_help_still_lists_the_commands_made_from_the_registry_of_actions() -> None:
    printed, _ = _loaded_by("--help")

    for command in ("pause", "resume", "shift", "substitute", "resend", "retry", "status", "game"):
        assert f" {command} " in printed, command


def _initialised(folder: Path) -> Path:
    """``folder`` with a ``referee.toml`` on a SQLite file that ``referee init`` created."""
    (folder / "referee.toml").write_text('[database]\nurl = "sqlite:///referee.db"\n', encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "referee", "init"], cwd=folder, capture_output=True, check=True, text=True
    )
    return folder


def test_status_of_a_small_sqlite_database_reads_it_without_the_database_template_mail_or_web_library(
    tmp_path: Path,
) -> None:
    printed, modules = _loaded_by("status", cwd=_initialised(tmp_path))

    assert "outbox: 0 waiting, 0 refused for good" in printed
    assert "last mail received: none yet" in printed
    assert _heavy(modules - STATUS_READ) == []
    assert not {"sqlite3", "referee.store.status"} - modules  # the file was read, with sqlite3


def test_a_command_that_works_on_the_database_loads_it_when_it_runs(tmp_path: Path) -> None:
    """The laziness is the imports' alone: ``received`` (every mail received: none yet) reads the database
    through the referee."""
    _, modules = _loaded_by("received", cwd=_initialised(tmp_path))

    assert "sqlalchemy" in modules and "referee.store.models" in modules


def _face_imports() -> dict[str, tuple[str, str]]:
    """The names ``referee/app/__init__.py`` imports for the type checker: name -> (module, its name)."""
    tree = ast.parse((PROJECT_ROOT / "referee" / "app" / "__init__.py").read_text(encoding="utf-8"))
    (guarded,) = [node for node in tree.body if isinstance(node, ast.If)]
    return {
        alias.asname or alias.name: (node.module or "", alias.name)
        for node in guarded.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def test_every_public_name_of_the_application_layer_is_the_name_its_module_holds() -> None:
    imported = _face_imports()

    assert set(imported) == set(referee.app.__all__)
    for name, (module, attribute) in imported.items():
        assert getattr(referee.app, name) is getattr(import_module(module), attribute), name


def test_a_name_the_application_layer_does_not_offer_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Unheard'"):
        referee.app.Unheard  # noqa: B018
    assert "Referee" in dir(referee.app)


def test_the_database_refusing_is_said_in_one_line_once_a_command_has_loaded_it(tmp_path: Path) -> None:
    """The command line catches the database's errors without importing its library up front."""
    (tmp_path / "referee.toml").write_text('[database]\nurl = "sqlite:///never.db"\n', encoding="utf-8")

    result = Referee(tmp_path)("status", ok=False)

    assert result.stderr.startswith("error: the database refused: no such table: ")
    assert result.stderr.endswith(" (has `referee init` been run?)\n")
    assert result.stderr.count("\n") == 1
