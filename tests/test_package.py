"""The referee is a real package: its sdist and the wheel built from it carry the templates, the
schedules and the example configuration, and an installed wheel (not editable) runs ``referee demo``
and ``referee game create`` from a folder that has nothing to do with the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from referee.config import PROJECT_ROOT

TRACKED_TOP = (
    "referee",
    "templates",
    "schedules",
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "config.example.toml",
    "README.md",
)


def _source_copy(target: Path) -> Path:
    """The parts of the checkout a build reads, copied (a build writes beside its sources)."""
    source = target / "source"
    source.mkdir()
    for name in TRACKED_TOP:
        path = PROJECT_ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copyfile(path, source / name)
    return source


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel built from it (``python -m build`` with the test environment's setuptools)."""
    base = tmp_path_factory.mktemp("package")
    source = _source_copy(base)
    out = base / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
        check=True,
        capture_output=True,
        text=True,
    )
    (sdist,) = out.glob("referee-*.tar.gz")
    (wheel,) = out.glob("referee-*.whl")
    return sdist, wheel


@pytest.fixture(scope="module")
def installed(built: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding the wheel (not editable); its dependencies are read from the
    test environment's site-packages, added after its own (so ``referee`` is the wheel's)."""
    environment = tmp_path_factory.mktemp("fresh") / "venv"
    venv.EnvBuilder(with_pip=False).create(environment)
    site = Path(
        subprocess.run(
            [
                str(environment / "bin" / "python"),
                "-c",
                "import sysconfig; print(sysconfig.get_paths()['purelib'])",
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    with zipfile.ZipFile(built[1]) as wheel:
        wheel.extractall(site)  # a wheel installs by unpacking: a pure-Python one needs nothing else
    (site / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    script = environment / "bin" / "referee"
    script.write_text(
        f"#!{environment / 'bin' / 'python'}\nimport sys\nfrom referee.cli import main\nsys.exit(main())\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    return environment


def _run(environment: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_CONFIG", "PYTHONPATH")}
    return subprocess.run(
        [str(environment / "bin" / "referee"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def test_the_sdist_and_the_wheel_carry_templates_schedules_and_the_example_configuration(
    built: tuple[Path, Path],
) -> None:
    sdist, wheel = built
    with tarfile.open(sdist) as archive:
        in_sdist = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = set(archive.namelist())
    for template in (PROJECT_ROOT / "templates").rglob("*.j2"):
        relative = template.relative_to(PROJECT_ROOT).as_posix()
        assert relative in in_sdist
        assert f"referee/_shipped/{relative}" in in_wheel
    for schedule in (PROJECT_ROOT / "schedules").glob("*.toml"):
        assert f"referee/_shipped/schedules/{schedule.name}" in in_wheel
    assert "referee/_shipped/config.example.toml" in in_wheel
    for data in (PROJECT_ROOT / "referee").rglob("*.toml"):  # the games' own data, cases included
        assert data.relative_to(PROJECT_ROOT).as_posix() in in_wheel


def test_an_installed_wheel_plays_the_demo_from_an_unrelated_folder(installed: Path, tmp_path: Path) -> None:
    version = _run(installed, tmp_path, "--version")
    assert version.returncode == 0 and version.stdout.startswith("referee "), version.stderr

    demo = _run(installed, tmp_path, "demo", "--keep", str(tmp_path / "demo"))

    assert demo.returncode == 0, demo.stderr[-2000:]
    assert "winner" in demo.stdout.lower()
    assert str(PROJECT_ROOT) not in (tmp_path / "demo" / "referee.toml").read_text(encoding="utf-8")


def test_an_installed_wheel_creates_a_game_from_an_unrelated_folder(installed: Path, tmp_path: Path) -> None:
    assert _run(installed, tmp_path, "init").returncode == 0
    (tmp_path / "game.toml").write_text(
        '[game]\nkind = "ten-sailors"\nid = "g1"\nschedule = "ten-sailors-daily"\nseed = 3\n'
        "start = 2030-01-07T09:00:00+03:00\n"
        + "".join(
            f'\n[[players]]\nname = "{n}"\nemail = "{n.lower()}@example.org"\n'
            for n in ("Anna", "Boris", "Vera")
        ),
        encoding="utf-8",
    )

    created = _run(installed, tmp_path, "game", "create", "game.toml")

    assert created.returncode == 0, created.stderr[-2000:]
    assert (tmp_path / "referee.toml").exists()
    state = _run(installed, tmp_path, "state", "g1")
    assert state.returncode == 0, state.stderr[-2000:]
