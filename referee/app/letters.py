"""The outbox as the mail door sees it: letters to send, each with its game and its reader, and
what became of each (sent, refused, to be retried).

A letter is plain data: the door never handles a row or a session.

A letter that carries a password (``PASSWORD_LETTERS``: a welcome, a new password) is given a fresh
one as it is claimed, which its reader's seat keeps the hash of (``passwords.issue``): the password is
in that letter alone, never in the outbox. One that was claimed before and whose mail its reader was
already sent (a copy for the game-master failed) is given none: its reader's mail is not sent again.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from referee.app.passwords import PASSWORD_LETTERS, issue
from referee.core.seats import MASTER
from referee.games import rules_for
from referee.store import games as rows
from referee.store.forum import play_modes
from referee.store.models import NoticeRow
from referee.store.notices import notice_rows
from referee.store.outbox import (
    LEASE,
    backlog,
    claim,
    claimants,
    mark_delivered,
    mark_failed,
    mark_sent,
    release,
)
from referee.store.seats import masters_of_games, seats_of_games
from referee.store.transactions import Database


@dataclass(frozen=True)
class Game:
    """What a letter needs of its game."""

    id: str
    kind: str
    language: str
    settings: dict[str, Any]
    secret: str
    """The key of the game's Message-IDs, which no player ever sees."""


@dataclass(frozen=True)
class Reader:
    """Who a letter is for: a seat, or the game-master as one (``name`` is then ``MASTER``)."""

    id: int | None
    game_id: str
    name: str
    email: str
    token: str
    password: str = ""
    """The password the letter tells, made as it was claimed ("" in any letter that tells none)."""
    plays: str = "mail"
    """How the reader chose to play ("mail", "web" or "both"): on the web alone, reports are not mailed;
    both, what the game's ``for_both_reader`` makes of each letter (``Letter.data``, ``Letter.mailed``)."""
    read_at: datetime | None = None
    """When the reader last opened their pages on the web (None: not known), in UTC."""


@dataclass(frozen=True)
class Letter:
    """One notice to send, with its game and reader (both None for a refusal to a stranger, and the
    reader None when the seat is gone)."""

    id: int
    game_id: str | None
    phase: str
    recipient: str
    template: str
    data: dict[str, Any]
    address: str | None
    in_reply_to: str | None
    subject: str | None
    attempts: int
    game: Game | None
    reader: Reader | None
    delivered: frozenset[str] = frozenset()
    """The addresses (lower case) its mail was already taken for: a resend leaves them out."""
    mailed: bool = True
    """False for a letter its reader reads on the web only (a "both" reader's talk): no mail is written."""


class Letters:
    """The outbox of ``database`` for the sending door."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def claim(
        self,
        owner: str,
        now: datetime,
        limit: int = 50,
        *,
        waiting: bool = False,
        lease: timedelta = LEASE,
        dead: Collection[str] = (),
    ) -> list[Letter]:
        """Claims up to ``limit`` letters due for sending for the process ``owner``, oldest first,
        taking over at once those claimed by the processes in ``dead``."""
        rows = claim(self.database, owner, now, limit, waiting=waiting, lease=lease, dead=dead)
        return self._letters(rows, issuing=True)

    def claimants(self, now: datetime) -> list[str]:
        """The processes holding a claim on a letter not sent yet."""
        return claimants(self.database, now)

    def unsent(self) -> list[Letter]:
        """Every letter not sent yet, without claiming any (to see what sending would do)."""
        with self.database.reading() as session:
            notices = notice_rows(session, None, unsent_only=True)
        return self._letters(notices)

    def _letters(self, notices: list[NoticeRow], *, issuing: bool = False) -> list[Letter]:
        """The letters of ``notices``: their games, seats and game-masters read with a query each;
        ``issuing``, those that carry a password each with a new one."""
        readers: dict[tuple[str, str], Reader] = {}
        with self.database.reading() as session:
            game_ids = {n.game_id for n in notices if n.game_id is not None}
            modes = play_modes(session, game_ids)
            heads = rows.game_heads(session, game_ids)
            games: dict[str, Game | None] = {game_id: None for game_id in game_ids}
            games.update((game_id, Game(game_id, *head)) for game_id, head in heads.items())
            for seat in seats_of_games(session, game_ids):
                game_id = seat.game_id
                plays, read_at = modes.get((game_id, seat.name, seat.email.lower()), ("mail", None))
                readers[(game_id, seat.name)] = Reader(
                    seat.id, game_id, seat.name, seat.email, seat.token, "", plays, read_at
                )
            for master in masters_of_games(session, game_ids):
                key = (master.game_id, MASTER)
                readers[key] = Reader(None, master.game_id, MASTER, master.email, master.token)
        given = self._issue(notices, readers) if issuing else {}
        return [_letter(n, games, readers, given.get(n.id)) for n in notices]

    def _issue(
        self, notices: list[NoticeRow], readers: dict[tuple[str, str], Reader]
    ) -> dict[int | None, str]:
        """A new password for each letter of ``notices`` that carries one, by the letter's number (the
        letters of one reader in one claim share it): in one transaction, the readers' hashes."""
        wanted: dict[tuple[str, str], list[int | None]] = {}
        for notice in notices:
            reader = readers.get((notice.game_id or "", notice.recipient))
            if notice.template not in PASSWORD_LETTERS or reader is None:
                continue
            if (notice.address or reader.email).lower() in (notice.delivered or ()):
                continue  # its reader's mail went already: it is not sent again
            wanted.setdefault((reader.game_id, reader.name), []).append(notice.id)
        if not wanted:
            return {}
        given: dict[int | None, str] = {}
        with self.database.transaction() as session:
            for (game_id, name), ids in wanted.items():
                password = issue(session, game_id, name)
                given.update(dict.fromkeys(ids, password))
        return given

    def sent(self, letter_ids: list[int], now: datetime) -> None:
        """Records that the letters were handed to the outgoing transport."""
        mark_sent(self.database, letter_ids, now)

    def delivered(self, letter_id: int, addresses: list[str]) -> None:
        """Records that the mail server took the letter's mail for ``addresses`` (the letter may
        have more mails to go: it is not sent yet)."""
        mark_delivered(self.database, letter_id, addresses)

    def failed(self, letter_id: int, error: str, retry_at: datetime | None, now: datetime) -> None:
        """Records a failed attempt: tried again from ``retry_at``, or never again when it is None."""
        mark_failed(self.database, letter_id, error, retry_at, now)

    def release(self, letter_ids: list[int]) -> None:
        """Gives back claims unsent, for any process to take at once."""
        release(self.database, letter_ids)

    def backlog(self) -> tuple[int, int]:
        """How many letters wait to be sent, and how many the mail server refused for good."""
        return backlog(self.database)


def _letter(
    notice: NoticeRow,
    games: dict[str, Game | None],
    readers: dict[tuple[str, str], Reader],
    password: str | None = None,
) -> Letter:
    game = games.get(notice.game_id) if notice.game_id is not None else None
    reader = readers.get((notice.game_id, notice.recipient)) if notice.game_id is not None else None
    if reader is not None and password:
        reader = replace(reader, password=password)
    data: dict[str, Any] | None = notice.data
    if game is not None and reader is not None and reader.plays == "both":
        data = _for_both_reader(game.kind, notice.template, notice.data, reader.read_at)
    return Letter(
        id=int(notice.id or 0),
        game_id=notice.game_id,
        phase=notice.phase,
        recipient=notice.recipient,
        template=notice.template,
        data=data if data is not None else notice.data,
        address=notice.address,
        in_reply_to=notice.in_reply_to,
        subject=notice.subject,
        attempts=notice.attempts,
        game=game,
        reader=reader,
        delivered=frozenset(notice.delivered or ()),
        mailed=data is not None,
    )


def _for_both_reader(
    kind: str, template: str, data: dict[str, Any], read_at: datetime | None
) -> dict[str, Any] | None:
    """What a reader who plays both on the web and by mail is mailed of a notice: as the game says
    (``Rules.for_both_reader``: a digest of what they have not read on the web, or None for nothing),
    or the notice as it is in a game that says nothing."""
    try:
        hook = rules_for(kind).for_both_reader
    except KeyError:  # a kind this process does not know: mailed as to any reader
        return data
    return hook(template, data, read_at) if hook is not None else data
