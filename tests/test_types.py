"""The whole package is checked by mypy and is clean; the core, the games and the application layer
with its strict profile ([tool.mypy] in pyproject.toml): every function typed, no generic left bare,
no ``Any`` leaking out of a typed function. A ``# type: ignore`` anywhere names its error code and says
why on the same line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.config import PROJECT_ROOT

STRICT = ("referee/core", "referee/games", "referee/app")
"""The packages held to the strict profile."""

_IGNORE = re.compile(r"#\s*type:\s*ignore(?P<rest>.*)$")
_EXPLAINED = re.compile(r"^\[[a-z-]+(?:,\s*[a-z-]+)*\]\s*#\s*\S")


def _mypy(root: Path, cache: Path, *paths: str) -> subprocess.CompletedProcess[str]:
    """Runs mypy over ``paths`` in ``root`` with ``root``'s configuration, its cache kept in ``cache``."""
    command = [sys.executable, "-m", "mypy", "--cache-dir", str(cache), *paths]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, check=False, timeout=300)


def _copy(root: Path) -> Path:
    """A copy of the ``referee`` package and of the configuration in ``root``; the package's folder."""
    shutil.copytree(PROJECT_ROOT / "referee", root / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(PROJECT_ROOT / "pyproject.toml", root / "pyproject.toml")
    return root / "referee"


def test_the_package_is_clean_and_the_core_games_and_application_under_the_strict_profile(
    tmp_path: Path,
) -> None:
    result = _mypy(PROJECT_ROOT, tmp_path, "referee")

    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


PLANTED = (
    ("core/rng.py", "def loose(value):\n    return value\n", "no-untyped-def"),
    ("games/minuit/dice.py", "def counts() -> dict:\n    return {}\n", "type-arg"),
    ("app/standing.py", "LOOSE = 1  # type: ignore[assignment]\n", "unused-ignore"),
)
"""A mistake the strict profile forbids, planted in the core, a game and the application layer."""


def test_strict_mistakes_planted_in_the_core_a_game_or_the_application_fail_the_check(tmp_path: Path) -> None:
    """One copy of the package with the three mistakes, one run of mypy over the three modules alone
    (what they import taken as it is, unchecked: the whole package is checked above): each is reported, at
    its module, with its code, under the profile the configuration gives its package."""
    package = _copy(tmp_path)
    for module, code, _ in PLANTED:
        planted = package / module
        planted.write_text(planted.read_text(encoding="utf-8") + "\n\n" + code, encoding="utf-8")

    modules = [f"referee/{module}" for module, _, _ in PLANTED]
    result = _mypy(tmp_path, tmp_path / ".mypy_cache", "--follow-imports=skip", *modules)

    assert result.returncode != 0
    for module, _, error in PLANTED:
        assert re.search(rf"^referee/{re.escape(module)}:\d+: error: .*\[{error}\]$", result.stdout, re.M), (
            module,
            result.stdout,
        )


def test_every_ignored_type_error_names_its_code_and_a_reason() -> None:
    unexplained = [
        f"{path.relative_to(PROJECT_ROOT)}:{number}: {line.strip()}"
        for path in sorted((PROJECT_ROOT / "referee").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if (found := _IGNORE.search(line)) and not _EXPLAINED.match(found.group("rest").strip())
    ]

    assert unexplained == []


@pytest.mark.parametrize(
    ("comment", "explained"),
    [
        ("x = f()  # type: ignore", False),
        ("x = f()  # type: ignore[arg-type]", False),
        ("x = f()  # type: ignore  # the library has no stubs", False),
        ("x = f()  # type: ignore[arg-type]  # the library's stub says int; it returns str", True),
        ("x = f()  # type: ignore[arg-type, call-arg]  # pydantic's constructor", True),
    ],
)
def test_an_ignore_counts_as_explained_only_with_a_code_and_a_reason(comment: str, explained: bool) -> None:
    found = _IGNORE.search(comment)

    assert found is not None
    assert bool(_EXPLAINED.match(found.group("rest").strip())) is explained
