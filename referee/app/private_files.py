"""Files that hold secrets (a game file with its passwords, a SQLite database): made readable by
their owner alone from the first byte, and never written through a link someone planted.

A file is created with ``O_CREAT | O_EXCL | O_NOFOLLOW`` and mode 0600: an existing file or a
symbolic link at the path is refused, never written over or followed, and no moment passes in which
others may read it (as with writing first and narrowing its mode after).
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from referee.app.errors import RefereeError

PRIVATE = 0o600
"""Read and written by its owner, by nobody else."""


class PrivateFileError(RefereeError):
    """A file with secrets that cannot be made: one already there, a link, or no such folder."""


def write_private(path: Path, text: str) -> None:
    """Writes ``text`` to a new file at ``path`` that only its owner can read (see the module)."""
    descriptor = _create(path)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)


def _create(path: Path) -> int:
    """A new file at ``path`` opened for writing, mode 0600, or why not."""
    try:
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, PRIVATE)
    except FileExistsError as error:
        kind = "a symbolic link" if path.is_symlink() else "a file"
        raise PrivateFileError(
            f"{path} is {kind} already; it is not written over: name a new file or remove it first"
        ) from error
    except OSError as error:
        raise PrivateFileError(f"cannot create {path}: {error.strerror}") from error


def private_database(url: str, *, copy_target: bool = False) -> None:
    """Makes the SQLite file of ``url`` private before the database is first opened: a missing file
    is created empty with mode 0600 (SQLite gives its journal the same mode), so that the players'
    passwords never sit in a file others may read. An existing file is the game-master's to keep as
    they chose, except for the ``copy_target`` of ``referee move-to``: there a symbolic link is
    refused, and a file others may read is narrowed to 0600 before anything is copied into it. Any
    other database (e.g. PostgreSQL) is left alone."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return  # opening the database names the problem
    name = parsed.database
    if (
        not parsed.drivername.startswith("sqlite")
        or not name
        or name == ":memory:"
        or name.startswith("file:")
    ):
        return
    path = Path(name)
    if not path.exists() and not path.is_symlink():
        os.close(_create(path))
    elif copy_target:
        _narrow(path)


def _narrow(path: Path) -> None:
    """Narrows the file at ``path`` to mode 0600; a symbolic link is refused."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as error:
        why = "it is a symbolic link" if path.is_symlink() else error.strerror
        raise PrivateFileError(f"cannot use {path}: {why}; name a new file") from error
    try:
        if os.fstat(descriptor).st_mode & 0o077:
            os.fchmod(descriptor, PRIVATE)
    finally:
        os.close(descriptor)
