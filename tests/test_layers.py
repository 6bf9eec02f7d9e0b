"""The layers of docs/design.md are enforced, not hoped for: import-linter's contracts in pyproject.toml
(the core imports nothing else of ours; games only the core; the application layer is the only way
from the doors to the store; production code never imports the dev tools) hold, and they would catch
a door that reached into the store. The contract that no game imports another names every registered
game (and the skeleton), so a new game is held to it the day it is registered."""

from __future__ import annotations

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
