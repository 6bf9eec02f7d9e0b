"""The build step that puts ``templates/``, ``schedules/`` and ``config.example.toml`` inside the
package (``referee/_shipped/``), so a wheel runs as a checkout does; everything else is in
``pyproject.toml``."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ("templates", "schedules", "config.example.toml")


class BuildWithShippedFiles(build_py):
    """``build_py`` that also copies the shipped files into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads them from the checkout
            return
        here = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "referee" / "_shipped"
        for name in SHIPPED:
            source = here / name
            if source.is_dir():
                shutil.copytree(source, target / name, dirs_exist_ok=True)
            else:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target / name)


setup(cmdclass={"build_py": BuildWithShippedFiles})
