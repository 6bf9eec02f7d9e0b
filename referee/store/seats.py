"""Seats, game-masters by mail and who held each seat when: rows only, inside the caller's session."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from functools import cache, partial
from typing import Any

from sqlalchemy import BindParameter, CompoundSelect, String, bindparam, func, literal, null, union_all
from sqlalchemy import select as core_select
from sqlalchemy.engine import Dialect
from sqlmodel import Session, col, select

from referee.store.bulk import Prepared, driver_cursor, prepare
from referee.store.hashes import lookup_key, secrets_of, verified
from referee.store.memo import remember
from referee.store.models import MASTER, GameRow, HolderRow, MasterRow, SeatRow
from referee.store.unit import Unit


def seat_rows(session: Session, game_id: str) -> list[SeatRow]:
    """The seats of ``game_id`` in the order they were created."""
    query = select(SeatRow).where(SeatRow.game_id == game_id).order_by(col(SeatRow.id))
    return list(session.exec(query).all())


def seat_email(session: Session, game_id: str, name: str) -> str | None:
    """The address of the seat of ``game_id`` called exactly ``name`` (None if there is none): one column
    of one row, read on every page a player opens."""
    query = select(SeatRow.email).where(SeatRow.game_id == game_id, SeatRow.name == name)
    return session.exec(query).first()


def seats_of_games(session: Session, game_ids: Collection[str]) -> list[SeatRow]:
    """The seats of every game of ``game_ids``, in the order they were created."""
    query = select(SeatRow).where(col(SeatRow.game_id).in_(sorted(game_ids))).order_by(col(SeatRow.id))
    return list(session.exec(query).all())


def masters_of_games(session: Session, game_ids: Collection[str]) -> list[MasterRow]:
    """The game-masters by mail of the games of ``game_ids`` that have one."""
    return list(session.exec(select(MasterRow).where(col(MasterRow.game_id).in_(sorted(game_ids)))).all())


def master_row(session: Session, game_id: str) -> MasterRow | None:
    """The game-master by mail of ``game_id``, if the game has one."""
    return session.get(MasterRow, game_id)


@dataclass(frozen=True)
class Credential:
    """A seat or game-master whose token or password key matched: which, of what game, and what it
    keeps of its secrets (the token; the password's hash and lookup key)."""

    is_master: bool
    game_id: str
    seat_id: int | None
    name: str
    email: str
    token: str
    password_hash: str
    password_key: str

    def opened_by(self, password: str) -> bool:
        """Whether ``password`` (in any spelling) is this one's: its key matches and its hash verifies."""
        return (
            bool(self.password_key)
            and lookup_key(password) == self.password_key
            and verified(self.password_hash, password)
        )

    @classmethod
    def of_seat(cls, seat: SeatRow) -> Credential:
        """The credential of ``seat``, as the query would find it."""
        return cls(False, seat.game_id, seat.id, seat.name, seat.email, seat.token, *_kept(seat))


def _kept(row: SeatRow | MasterRow) -> tuple[str, str]:
    return row.password_hash, row.password_key


def credentials(session: Unit, token: str, password: str) -> list[Credential]:
    """Every seat and game-master whose reply token is ``token`` or whose password key is that of
    ``password`` (whether the password is theirs is for ``Credential.opened_by`` to say).

    One query over both tables (tokens are unique, keys nearly so: a few rows); inside a batch,
    asked again, the answer it gave while neither table was written since.
    """
    token, key = token.lower(), lookup_key(password) or None  # None: no key (= NULL matches no row)
    memo = ("credentials", token, key)
    found = remember(session, memo, _CREDENTIAL_TABLES, lambda: _credentials(session, token, key))
    return list(found)


def expect_credentials(session: Unit, tokens: Collection[str]) -> list[Credential]:
    """The seats and game-masters whose reply token is one of ``tokens``, read in one query per table
    and remembered inside a batch of mail as ``credentials`` would find each token without a password
    (an unknown token as finding none): the mails of the batch then ask nothing of the database."""
    wanted = sorted({token.lower() for token in tokens if token})
    if not wanted or session.memo is None:
        return []
    found: dict[str, list[Credential]] = {token: [] for token in wanted}
    for seat in session.exec(select(SeatRow).where(col(SeatRow.token).in_(wanted))).all():
        found[seat.token].append(Credential.of_seat(seat))
    for master in session.exec(select(MasterRow).where(col(MasterRow.token).in_(wanted))).all():
        found[master.token].append(
            Credential(True, master.game_id, None, "", master.email, master.token, *_kept(master))
        )
    for token, items in found.items():
        remember(session, ("credentials", token, None), _CREDENTIAL_TABLES, partial(tuple, items))
    return [item for items in found.values() for item in items]


def keyed(session: Unit, keys: Collection[str]) -> list[Credential]:
    """Every seat and game-master whose password key is one of ``keys``; inside a batch, asked again,
    the answer it gave while neither table was written since (a mail's text is looked through twice:
    as it comes in, and as it is judged)."""
    if not keys:
        return []
    memo = ("keyed", frozenset(keys))
    return list(remember(session, memo, _CREDENTIAL_TABLES, lambda: tuple(_keyed(session, keys))))


def _keyed(session: Session, keys: Collection[str]) -> list[Credential]:
    found: list[Credential] = []
    for seat in session.exec(select(SeatRow).where(col(SeatRow.password_key).in_(sorted(keys)))).all():
        found.append(Credential.of_seat(seat))
    for master in session.exec(select(MasterRow).where(col(MasterRow.password_key).in_(sorted(keys)))).all():
        found.append(Credential(True, master.game_id, None, "", master.email, master.token, *_kept(master)))
    return found


def set_password(session: Session, game_id: str, name: str, password: str) -> bool:
    """Keeps ``password`` (its hash and key alone) for the seat ``name`` of ``game_id``, or for its
    game-master when ``name`` is ``MASTER``; "" leaves it with no password at all. Whether it exists."""
    row: SeatRow | MasterRow | None
    if name == MASTER:
        row = session.get(MasterRow, game_id)
    else:
        query = select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.name == name)
        row = session.exec(query).first()
    if row is None:
        return False
    row.password_hash, row.password_key = secrets_of(password) if password else ("", "")
    session.add(row)
    session.flush()  # the next mail of a batch looks passwords up with a query of its own
    return True


_CREDENTIAL_TABLES = frozenset({SeatRow.__tablename__, MasterRow.__tablename__})


def _credentials(session: Unit, token: str, key: str | None) -> tuple[Credential, ...]:
    connection = session.reading_connection()
    query = _credentials_prepared(connection.dialect)
    with driver_cursor(connection, query.text) as cursor:  # a plain read, on the driver's own cursor
        cursor.execute(query.text, query.params(token=token, key=key))
        rows = cursor.fetchall()
    return tuple(Credential(bool(row[0]), *row[1:]) for row in rows)


@cache
def _credentials_prepared(dialect: Dialect) -> Prepared:
    """The credentials query compiled once for ``dialect``: every mail asks it, and compiling it cost
    more than the database's answer."""
    return prepare(_credentials_query(), dialect, ("token", "key"))


def _credentials_query() -> CompoundSelect[Any]:
    """Seats and game-masters by token or password key."""
    token: BindParameter[str] = bindparam("token", type_=String)
    key: BindParameter[str] = bindparam("key", type_=String)
    seats = core_select(
        literal(False).label("is_master"),
        col(SeatRow.game_id),
        col(SeatRow.id),
        col(SeatRow.name),
        col(SeatRow.email),
        col(SeatRow.token),
        col(SeatRow.password_hash),
        col(SeatRow.password_key),
    ).where((col(SeatRow.token) == token) | (col(SeatRow.password_key) == key))
    masters = core_select(
        literal(True).label("is_master"),
        col(MasterRow.game_id),
        null(),
        literal(""),
        col(MasterRow.email),
        col(MasterRow.token),
        col(MasterRow.password_hash),
        col(MasterRow.password_key),
    ).where((col(MasterRow.token) == token) | (col(MasterRow.password_key) == key))
    return union_all(seats, masters)


def registered_seats(session: Session, email: str) -> list[SeatRow]:
    """The seats registered to ``email`` (any case) in games not over yet."""
    query = (
        select(SeatRow)
        .join(GameRow, col(GameRow.id) == col(SeatRow.game_id))
        .where(func.lower(SeatRow.email) == email.lower(), col(GameRow.finished).is_(False))
    )
    return list(session.exec(query.order_by(col(SeatRow.id))).all())


def open_holding(session: Session, game_id: str, seat: str, email: str, since: datetime) -> None:
    """Records that ``email`` holds ``seat`` from ``since``, closing the holding before it."""
    query = select(HolderRow).where(
        HolderRow.game_id == game_id, HolderRow.seat == seat, col(HolderRow.until).is_(None)
    )
    for current in session.exec(query).all():
        current.until = since
        session.add(current)
    session.add(HolderRow(game_id=game_id, seat=seat, email=email, since=since))


def holders(session: Session, game_id: str) -> list[HolderRow]:
    """Who held each seat of ``game_id`` and when, oldest first."""
    query = select(HolderRow).where(HolderRow.game_id == game_id).order_by(col(HolderRow.id))
    return list(session.exec(query).all())
