"""The layers of docs/design.md are enforced, not hoped for: import-linter's contracts in pyproject.toml
(the core imports nothing else of ours; games only the core; the application layer is the only way
from the doors to the store; production code never imports the dev tools) hold, and they would catch
a door that reached into the store. The contract that no game imports another names every registered
game (and the skeleton), so a new game is held to it the day it is registered.

The application layer has a composition root: ``Referee`` assembles its collaborators and none of them
imports it back; the doors see only the layer's public face (``referee.app``); neither the application
layer's modules nor the web's import each other in a circle, and no module takes another's private
name or hides an import inside a function to dodge a circle."""

from __future__ import annotations

import ast
import os
import pkgutil
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import referee.games
from referee.config import PROJECT_ROOT
from referee.games import contract_kinds, package_of

INDEPENDENCE = "No game imports another"


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    """Runs import-linter over the ``referee`` package found in ``root``, with ``root``'s contracts."""
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))"
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=False
    )


def _copy(root: Path) -> Path:
    """A copy of the ``referee`` package and of the contracts in ``root``; the package's folder."""
    shutil.copytree(PROJECT_ROOT / "referee", root / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(PROJECT_ROOT / "pyproject.toml", root / "pyproject.toml")
    return root / "referee"


def _plant(module: Path, line: str) -> None:
    """Adds the import ``line`` at the end of ``module``."""
    module.write_text(module.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", encoding="utf-8")


def _independent_modules() -> list[str]:
    """The packages the contract that no game imports another holds apart, as pyproject.toml lists them."""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = [c for c in config["tool"]["importlinter"]["contracts"] if c["name"] == INDEPENDENCE]
    assert contract["type"] == "independence"
    modules: list[str] = contract["modules"]
    return modules


def test_every_layer_contract_is_kept() -> None:
    result = _lint(PROJECT_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_door_that_reaches_into_the_store_breaks_the_contract(tmp_path: Path) -> None:
    _plant(_copy(tmp_path) / "mail" / "reading.py", "from referee.store import models")

    result = _lint(tmp_path)

    assert result.returncode != 0
    assert "referee.mail.reading -> referee.store.models" in result.stdout
    assert "BROKEN" in result.stdout


def test_the_games_held_apart_are_exactly_the_registered_games_and_the_skeleton() -> None:
    registered = {package_of(kind) for kind in contract_kinds()}
    listed = _independent_modules()

    assert len(listed) == len(set(listed)), listed
    assert set(listed) == registered


def test_every_package_in_the_games_folder_is_a_registered_game_or_the_skeleton() -> None:
    on_disk = {
        f"referee.games.{module.name}"
        for module in pkgutil.iter_modules(referee.games.__path__)
        if module.ispkg
    }

    assert on_disk == {package_of(kind) for kind in contract_kinds()}


def test_a_game_that_imports_another_breaks_the_contract_whichever_game_it_is(tmp_path: Path) -> None:
    games = [package_of(kind) for kind in contract_kinds()]
    package = _copy(tmp_path)
    planted: list[str] = []
    for game, other in zip(games, [*games[1:], games[0]], strict=True):
        module = min(
            path
            for path in (package / "games" / game.split(".")[-1]).glob("*.py")
            if path.name != "__init__.py"
        )
        _plant(module, f"import {other}.state")
        planted.append(f"{game}.{module.stem} -> {other}.state")

    result = _lint(tmp_path)

    assert result.returncode != 0
    assert f"{INDEPENDENCE} BROKEN" in " ".join(result.stdout.split())
    for chain in planted:
        assert chain in result.stdout, (chain, result.stdout)


def _broken(output: str, contract: str) -> bool:
    """Whether import-linter's ``output`` reports the contract called ``contract`` broken."""
    return f"{contract} BROKEN" in " ".join(output.split())


def _contract_named(start: str) -> str:
    """The name of the contract in pyproject.toml that begins with ``start``."""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (name,) = [c["name"] for c in config["tool"]["importlinter"]["contracts"] if c["name"].startswith(start)]
    return str(name)


def test_the_referee_imported_back_or_the_application_reached_around_its_face_breaks_the_contracts(
    tmp_path: Path,
) -> None:
    """A collaborator importing ``Referee`` (even for types), a door importing a module of the application
    layer (as ``own_words`` once took ``desk.KEYWORDS``), and a module of the application layer going
    through its own public face are each caught."""
    package = _copy(tmp_path)
    _plant(package / "app" / "views.py", "from referee.app.referee import Referee")
    _plant(package / "mail" / "own_words.py", "from referee.app.actions import ACTIONS")
    _plant(package / "app" / "forum.py", "from referee.app import Referee")

    result = _lint(tmp_path)

    assert result.returncode != 0
    assert _broken(result.stdout, _contract_named("The referee is a composition root"))
    assert "referee.app.views -> referee.app.referee" in result.stdout
    assert _broken(result.stdout, _contract_named("The doors import only"))
    assert "referee.mail.own_words -> referee.app.actions" in result.stdout
    assert _broken(result.stdout, _contract_named("The application layer's own modules"))
    assert "referee.app.forum -> referee.app (l." in result.stdout


def test_a_circle_among_the_application_modules_or_the_web_modules_breaks_the_contract(
    tmp_path: Path,
) -> None:
    package = _copy(tmp_path)
    _plant(package / "app" / "actions.py", "from referee.app.desk import Desk")  # the desk imports actions
    _plant(package / "web" / "pages.py", "from referee.web.site import build")  # the site imports pages

    result = _lint(tmp_path)

    assert result.returncode != 0
    assert _broken(result.stdout, _contract_named("No circles among the modules of the application layer"))
    assert "No cycles are allowed in referee.app." in result.stdout
    assert "No cycles are allowed in referee.web." in result.stdout


def _private_names_taken(tree: ast.Module) -> list[str]:
    """The private names (``_name``) that ``tree`` imports from another module of ours."""
    return [
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("referee")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]


def _imports_in_functions(tree: ast.Module) -> list[str]:
    """The functions of ``tree`` that import something in their body."""
    return [
        function.name
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]


def test_the_checks_of_imports_find_a_private_name_taken_and_an_import_inside_a_function() -> None:
    planted = ast.parse(
        "from referee.web.pages import _form, field\n"
        "def page() -> None:\n"
        "    from referee.web.site import Refused\n"
    )

    assert _private_names_taken(planted) == ["referee.web.pages._form"]
    assert _imports_in_functions(planted) == ["page"]


def test_no_module_takes_another_modules_private_name_and_the_web_imports_nothing_inside_a_function() -> None:
    taken: dict[str, list[str]] = {}
    hidden: dict[str, list[str]] = {}
    for path in sorted((PROJECT_ROOT / "referee").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(PROJECT_ROOT))
        if names := _private_names_taken(tree):
            taken[where] = names
        if path.parent.name == "web" and (functions := _imports_in_functions(tree)):
            hidden[where] = functions

    assert taken == {}
    assert hidden == {}
