"""Game-masters' accounts for the web dashboard: who they are, their password (an argon2 hash), and
which games they may see and steer.

A game-master sees the games whose ``master_email`` is their address; an admin sees every game.
No password is ever kept or returned: only its argon2 hash, which never leaves this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.exc import IntegrityError

from referee.app.errors import RefereeError
from referee.store.accounts import account_by_email, account_by_id, account_rows, add_account
from referee.store.models import AccountRow, GameRow
from referee.store.transactions import Database

MIN_PASSWORD = 10
"""The shortest password an account may have."""

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

    def may_see(self, game: GameRow) -> bool:
        """Whether this game-master may see and steer ``game``: its master, or an admin."""
        master = str(game.settings.get("master_email") or "").strip().lower()
        return self.admin or (bool(master) and master == self.email)


def _account(row: AccountRow) -> Account:
    assert row.id is not None
    return Account(row.id, row.name, row.email, row.admin)


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
        if len(password) < MIN_PASSWORD:
            raise RefereeError(f"a password needs at least {MIN_PASSWORD} characters")
        row = AccountRow(
            name=name, email=email, password_hash=_HASHER.hash(password), admin=admin, created_at=now
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

    def check(self, email: str, password: str) -> Account | None:
        """The account if ``password`` is its password, else None (the same time either way)."""
        with self.database.reading() as session:
            row = account_by_email(session, email.strip())
        try:
            _HASHER.verify(row.password_hash if row else _dummy_hash(), password)
        except (VerificationError, InvalidHashError):
            return None
        return _account(row) if row is not None else None

    def get(self, account_id: int) -> Account | None:
        """The account numbered ``account_id``, if it still exists."""
        with self.database.reading() as session:
            row = account_by_id(session, account_id)
        return _account(row) if row is not None else None

    def all(self) -> list[Account]:
        """Every account, oldest first."""
        with self.database.reading() as session:
            return [_account(row) for row in account_rows(session)]
