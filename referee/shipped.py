"""Where the files the referee ships beside its code are: ``templates/``, ``schedules/`` and
``config.example.toml``.

In a checkout they stand at the top of the repository, beside ``referee/``. A wheel (or an sdist built
into one) carries them inside the package, under ``referee/_shipped/``, copied there by ``setup.py``'s
build step; they are read with ``importlib.resources``, so an installed referee finds them wherever it
was installed and from whatever folder it is run.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

SHIPPED = ("templates", "schedules", "config.example.toml")
"""The names of what is shipped, as they stand at the top of the repository."""

INSIDE = "_shipped"
"""The folder inside the installed package that holds them."""


def shipped(name: str) -> Path:
    """The shipped folder or file ``name`` (one of ``SHIPPED``): inside the installed package when it
    was installed from a wheel, else the checkout's own."""
    if name not in SHIPPED:
        raise ValueError(f"nothing named {name!r} is shipped; shipped: {', '.join(SHIPPED)}")
    inside = Path(str(files("referee").joinpath(INSIDE, name)))
    if inside.exists():
        return inside
    return Path(__file__).resolve().parents[1] / name
