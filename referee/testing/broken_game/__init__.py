"""A game that breaks on purpose, for the tests that one game's failure stops nothing else.

It plays exactly like Ten Sailors, except that its rules raise an error when they resolve
day 1, hour 1, and when a seat sends the line ``BREAK``. ``install()`` makes it known
to this process (``kind = "broken-sailors"``; ``python -m referee.testing`` installs it);
it is never installed in production. Its texts are Ten Sailors': ``with_templates`` copies
a templates folder and gives the broken game its own copy of Ten Sailors' templates.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

from referee.core.orders import LineVerdict, Submission
from referee.games.ten_sailors import RULES as TEN_SAILORS

KIND = "broken-sailors"
BREAKS_AT = "d1h1"
"""The phase whose resolution raises."""


class DeliberateFault(RuntimeError):
    """The error this game raises on purpose."""


def _resolve(state: Any) -> list[Any]:
    if state.segment.key == BREAKS_AT:
        raise DeliberateFault(f"this game breaks on purpose when it resolves {BREAKS_AT}")
    return TEN_SAILORS.resolve(state)


def _submit(state: Any, submission: Submission) -> tuple[list[LineVerdict], list[Any]]:
    if any(line.strip().upper() == "BREAK" for line in submission.text.splitlines()):
        raise DeliberateFault("this game breaks on purpose when a seat writes BREAK")
    return TEN_SAILORS.submit(state, submission)


RULES = replace(TEN_SAILORS, kind=KIND, resolve=_resolve, submit=_submit, closing=None)
"""Ten Sailors' rules with two deliberate faults."""


def install() -> None:
    """Makes the broken game known to this process (not to game files: players never choose it)."""
    from referee import games

    games.register(KIND, __name__)


def with_templates(source: Path, target: Path) -> Path:
    """Copies the templates folder ``source`` to ``target`` with Ten Sailors' texts also under the
    broken game's kind, in every language; returns ``target``."""
    shutil.copytree(source, target, dirs_exist_ok=True)
    for language in (folder for folder in target.iterdir() if (folder / "ten-sailors").is_dir()):
        shutil.copytree(language / "ten-sailors", language / KIND, dirs_exist_ok=True)
    return target
