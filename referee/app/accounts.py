"""Game-masters' accounts for the web dashboard: who they are, their password (an argon2 hash), and
which games they may see and steer.

A game-master sees the games whose ``master_email`` is their address; an admin sees every game.
No password is ever kept or returned: only its argon2 hash, which never leaves this module.

An account's session epoch ends its sessions: signing out, a new password and removal raise it (or
remove the row), and the web refuses a session that carries another epoch than the account's.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.exc import IntegrityError

from referee.app.errors import RefereeError
from referee.store.accounts import (
    account_by_email,
    account_by_id,
    account_rows,
    add_account,
    new_epoch,
    remove_account,
)
from referee.store.models import AccountRow, GameRow
from referee.store.transactions import Database

MIN_PASSWORD = 10
"""The shortest password an account may have."""

MAX_PASSWORD = 1024
"""The longest password an account may have (and the longest the sign-in form reads)."""

_HASHER = PasswordHasher()


@cache
def _dummy_hash() -> str:
    """Checked against when no account has the address given, so that a wrong address takes as long as
    a wrong password and the time taken does not tell which addresses have accounts. Made once, when
    the web door starts (``Accounts.prepare``), not when this module is imported: an argon2 hash takes
    a sixth of a second and 64 MB, which every command, mail reader process and test would pay."""
    return _HASHER.hash("a password nobody has")


@dataclass(frozen=True)
class Account:
    """A game-master's account as the doors see it: never the password or its hash."""

    id: int
    name: str
    email: str
    admin: bool
    epoch: int = 0
    """The account's session epoch: a session carrying another one is over."""

    def may_see(self, game: GameRow) -> bool:
        """Whether this game-master may see and steer ``game``: its master, or an admin."""
        master = str(game.settings.get("master_email") or "").strip().lower()
        return self.admin or (bool(master) and master == self.email)


def _account(row: AccountRow) -> Account:
    assert row.id is not None
    return Account(row.id, row.name, row.email, row.admin, row.session_epoch or 0)


def _password_problem(password: str) -> str:
    """What is wrong with ``password`` as an account's password ("" if nothing)."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return f"a password needs {MIN_PASSWORD} to {MAX_PASSWORD} characters"
    return ""


class Accounts:
    """The game-masters' accounts of ``database``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def add(self, name: str, email: str, password: str, now: datetime, *, admin: bool = False) -> Account:
        """Creates an account (raises ``RefereeError`` for a bad name, address or password, or an
        address that has an account already)."""
        name, email = name.strip(), email.strip().lower()
        if not name or len(name) > 80 or not name.isprintable():
            raise RefereeError("an account needs a name of 1 to 80 printable characters")
        if email.count("@") != 1 or not all(email.split("@")) or not email.isprintable() or " " in email:
            raise RefereeError(f"{email!r} is not an address")
        if problem := _password_problem(password):
            raise RefereeError(problem)
        row = AccountRow(
            name=name,
            email=email,
            password_hash=_HASHER.hash(password),
            admin=admin,
            created_at=now,
            session_epoch=secrets.randbelow(2**30),  # an account made again is not the sessions' old one
        )
        try:
            with self.database.transaction() as session:
                add_account(session, row)
        except IntegrityError as error:
            raise RefereeError(f"{email} has an account already") from error
        return _account(row)

    def prepare(self) -> None:
        """Makes now what checking a password against no account needs, so that the first such check
        takes no longer than any other."""
        _dummy_hash()

    def set_password(self, email: str, password: str) -> Account:
        """Gives the account of ``email`` a new password and ends every session of it (raises
        ``RefereeError`` for a bad password or an address without an account)."""
        if problem := _password_problem(password):
            raise RefereeError(problem)
        hashed = _HASHER.hash(password)
        with self.database.transaction() as session:
            row = self._row(session, email)
            row.password_hash = hashed
            new_epoch(session, row)
            return _account(row)

    def sign_out(self, account_id: int) -> None:
        """Ends every session of the account numbered ``account_id`` (nothing if it is gone)."""
        with self.database.transaction() as session:
            row = account_by_id(session, account_id)
            if row is not None:
                new_epoch(session, row)

    def remove(self, email: str) -> Account:
        """Removes the account of ``email``; its sessions end with it (``RefereeError`` if it has none)."""
        with self.database.transaction() as session:
            row = self._row(session, email)
            account = _account(row)
            remove_account(session, row)
            return account

    @staticmethod
    def _row(session: Any, email: str) -> AccountRow:
        row = account_by_email(session, email.strip())
        if row is None:
            raise RefereeError(f"{email.strip().lower()} has no account")
        return row

    def check(self, email: str, password: str) -> Account | None:
        """The account if ``password`` is its password, else None (the same time either way)."""
        too_long = len(password) > MAX_PASSWORD  # no account has one: checked against the dummy, refused
        with self.database.reading() as session:
            row = account_by_email(session, email.strip()) if len(email) <= 320 else None
        try:
            _HASHER.verify(
                row.password_hash if row and not too_long else _dummy_hash(), password[:MAX_PASSWORD]
            )
        except (VerificationError, InvalidHashError):
            return None
        return _account(row) if row is not None and not too_long else None

    def get(self, account_id: int) -> Account | None:
        """The account numbered ``account_id``, if it still exists."""
        with self.database.reading() as session:
            row = account_by_id(session, account_id)
        return _account(row) if row is not None else None

    def all(self) -> list[Account]:
        """Every account, oldest first."""
        with self.database.reading() as session:
            return [_account(row) for row in account_rows(session)]
