"""The database tables. Events are the truth; a game's ``state`` column is a snapshot of their fold."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, LargeBinary, Table, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from referee.store.master_email import master_email


def _where_set(table: str, column: str) -> Index:
    """The index ``ix_<table>_<column>`` of the rows whose ``column`` is set (a partial index, on SQLite
    and PostgreSQL alike)."""
    where = text(f"{column} IS NOT NULL")
    return Index(f"ix_{table}_{column}", column, sqlite_where=where, postgresql_where=where)


class GameRow(SQLModel, table=True):
    """One game: its kind, settings, and the snapshot of its state after event ``last_seq``."""

    __tablename__ = "games"
    # The campaigns page filters games by kind, by state (few games stand stopped on an error: the
    # index holds those alone) and by game-master (``ix_games_master``, below), newest first.
    __table_args__ = (_where_set("games", "failed_at"),)

    id: str = Field(primary_key=True)
    kind: str = Field(index=True)
    schedule: str
    language: str
    seed: str
    created_at: datetime = Field(index=True)
    phase: str = Field(index=True)
    finished: bool = Field(default=False, index=True)
    last_seq: int = 0
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    failed_at: datetime | None = None  # indexed where set (ix_games_failed_at)
    """Set when the game's rules raised an error: the game stands still until ``referee retry``."""
    failure: str | None = None
    """The error that stopped the game, for the game-master (never shown to players)."""
    secret: str = Field(default_factory=lambda: secrets.token_hex(16))
    """The key of the game's Message-IDs (32 hex digits, random): never shown to anyone."""


class SeatRow(SQLModel, table=True):
    """A player's seat: the character they play and how to reach them.

    ``token`` goes into the personal reply address of every mail the seat is sent; a password lets
    the player write from another address. The token is a secret shown only to the seat's own address
    and never logged; the password is not kept at all, only its argon2 hash (``password_hash``, ""
    while the seat has none) and its short lookup key (``password_key``, ``credentials.lookup_key``).
    """

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    name: str
    email: str
    host: bool = False
    token: str = Field(unique=True)
    password_hash: str = ""
    password_key: str = Field(default="", index=True)


class EventRow(SQLModel, table=True):
    """One event of a game's append-only log, numbered ``seq`` within the game."""

    __tablename__ = "events"
    # (game_id, seq) serves the whole log of a game; (game_id, phase) one phase of it. An index on
    # the phase alone would match that phase in every game and slow down as games are added.
    __table_args__ = (UniqueConstraint("game_id", "seq"), Index("ix_events_game_phase", "game_id", "phase"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id")
    seq: int
    phase: str
    kind: str
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    audience: list[str] = Field(sa_column=Column(JSON, nullable=False))
    logged_at: datetime


class ResolutionRow(SQLModel, table=True):
    """The record that a phase of a game was resolved: its unique key makes a second time impossible.

    A resolution the game-master rolled back stays, marked ``withdrawn_at``; the phase may then be
    resolved once more, as the next ``attempt`` (the key is game, phase and attempt).
    """

    __tablename__ = "resolutions"
    __table_args__ = (UniqueConstraint("game_id", "phase", "attempt"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id")  # indexed as the first column of the unique key
    phase: str
    resolved_at: datetime
    first_seq: int
    last_seq: int
    attempt: int = 0
    withdrawn_at: datetime | None = None


class RollbackRow(SQLModel, table=True):
    """A resolution withdrawn by the game-master: the events ``first_seq``..``last_seq`` (the
    resolution's and every one logged after it) stay in the log but no longer count."""

    __tablename__ = "rollbacks"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    resolution_id: int = Field(foreign_key="resolutions.id")
    phase: str
    first_seq: int
    last_seq: int
    at: datetime


class SubmissionRow(SQLModel, table=True):
    """A batch of order text as received, kept whole with the verdict on each line."""

    __tablename__ = "submissions"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    seat: str
    received_at: datetime
    source: str
    text: str
    verdicts: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))


REPLIES = frozenset({"answer", "refusal", "master_answer"})
"""Notices that answer a mail a person sent: they keep the address and the mail they answer,
and go out marked ``Auto-Submitted: auto-replied`` (RFC 3834)."""


class NoticeRow(SQLModel, table=True):
    """A message owed to one reader (the outbox): written with the change that causes it, sent later.

    ``recipient`` is a seat of ``game_id``. Answers to mail also keep the address to answer
    (``address``, which may differ from the seat's) and the mail answered (``in_reply_to``,
    ``subject``); a refusal to a stranger has no game and no seat, only an address.
    """

    __tablename__ = "notices"
    # The outbox is read for what is still to send: the mails not sent nor refused, oldest first. With
    # both columns equal to nothing the index gives those rows alone, in the order of their ids, however
    # many notices were sent before. A refusal for good and a sending process's claim are rare: their
    # indexes hold only the notices that have one (``IS NOT NULL``), so that writing a notice, which
    # has neither, costs no entry in them.
    __table_args__ = (
        Index("ix_notices_unsent", "sent_at", "failed_at"),
        _where_set("notices", "failed_at"),
        _where_set("notices", "claimed_until"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: str | None = Field(default=None, foreign_key="games.id", index=True)
    phase: str
    recipient: str
    template: str
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime
    address: str | None = None
    in_reply_to: str | None = None
    subject: str | None = None
    sent_at: datetime | None = Field(default=None)  # indexed first in ix_notices_unsent
    attempts: int = 0
    last_error: str | None = None
    next_attempt_at: datetime | None = None
    failed_at: datetime | None = Field(default=None)  # indexed where set (ix_notices_failed_at)
    """Set when the mail server refused the mail for good; the game-master sees it, nothing retries it."""
    claimed_by: str | None = None
    """The sending process holding the claim: "host:pid:start", so that a dead one can be told apart."""
    claimed_until: datetime | None = Field(default=None)  # indexed where set
    """A sending process's lease: until then no other process sends this notice (unless it is dead)."""
    delivered: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    """The addresses the mail server took this notice's mail for so far (None: none yet); a notice
    sent again after a failure goes only to the others."""
    withdrawn_at: datetime | None = None
    """Set when the resolution that wrote it was rolled back: not sent if not sent yet, not shown."""


class InboundRow(SQLModel, table=True):
    """One mail received, kept whole: its unique ``message_id`` makes a second delivery a no-op.

    ``outcome`` says what became of it: "accepted", "refused:<why>", "ignored:<why>".
    """

    __tablename__ = "inbound"

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(unique=True)
    received_at: datetime
    sender: str
    game_id: str | None = Field(default=None, foreign_key="games.id", index=True)
    seat: str | None = None
    outcome: str
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class ClockRow(SQLModel, table=True):
    """A game's place on its calendar: when the open phase closes and which reminders are owed.

    ``due_at`` is None for a game that has no calendar (no start), is paused or is over.
    ``shifts`` are the game-master's shifts of boundaries (TS-5), as JSON
    ``{"index": phase index, "seconds": n, "only": true|false}``.
    """

    __tablename__ = "clocks"
    __table_args__ = (_where_set("clocks", "paused_at"),)  # the paused games, few, for the campaigns page

    game_id: str = Field(foreign_key="games.id", primary_key=True)
    phase: str
    phase_index: int
    opened_at: datetime
    due_at: datetime | None = Field(default=None, index=True)
    remind_at: datetime | None = Field(default=None, index=True)
    reminders_sent: int = 0
    paused_at: datetime | None = None  # indexed where set (ix_clocks_paused_at)
    resume_at: datetime | None = Field(default=None, index=True)
    """When a pause with an end resumes by itself (None: a pause until someone resumes it)."""
    shifts: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))


class MailboxRow(SQLModel, table=True):
    """How far the referee has read an IMAP mailbox: its UIDVALIDITY and the highest UID done."""

    __tablename__ = "mailboxes"

    name: str = Field(primary_key=True)
    uidvalidity: int
    last_uid: int


MASTER = "#master"
"""The recipient name of notices for a game's game-master (no character can be called this)."""


class MasterRow(SQLModel, table=True):
    """A game's game-master by mail: their address and, like a seat, a token and a password (kept as
    its hash and lookup key alone)."""

    __tablename__ = "masters"

    game_id: str = Field(foreign_key="games.id", primary_key=True)
    email: str
    token: str = Field(unique=True)
    password_hash: str = ""
    password_key: str = Field(default="", index=True)


class HolderRow(SQLModel, table=True):
    """Who played a seat and when: a substitution closes one holder and opens the next."""

    __tablename__ = "seat_holders"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    seat: str
    email: str
    since: datetime
    until: datetime | None = None


class AuditRow(SQLModel, table=True):
    """One game-master action: who, through which channel, when, what, and what came of it."""

    __tablename__ = "audit"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(index=True)
    game_id: str | None = Field(default=None, index=True)
    channel: str
    actor: str
    action: str
    detail: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    ok: bool
    result: str


class FailureRow(SQLModel, table=True):
    """One mail that gave a wrong password: when, from what address, and the seat it was sent to
    (by its personal address), if any. The guess itself is never kept."""

    __tablename__ = "password_failures"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(index=True)
    address: str = Field(index=True)
    game_id: str | None = Field(default=None, foreign_key="games.id")
    seat: str | None = None


class HeldRow(SQLModel, table=True):
    """Orders received for a game that had stopped on an error, kept to be judged by ``referee retry``."""

    __tablename__ = "held"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    seat: str
    received_at: datetime
    source: str
    text: str
    address: str | None = None
    in_reply_to: str | None = None
    subject: str | None = None
    problem: str = ""


class AccountRow(SQLModel, table=True):
    """A game-master's account on the web dashboard: a name, an address (kept in lower case, the key
    matched against a game's ``master_email``), an argon2 hash of the password, and whether it sees
    every game (``admin``)."""

    __tablename__ = "accounts"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    email: str = Field(unique=True)
    password_hash: str
    admin: bool = False
    created_at: datetime
    session_epoch: int = 0
    """Raised by signing out, a new password or removal: sessions signed with an older one are refused."""


class UsedLinkRow(SQLModel, table=True):
    """A players' sign-in link that was used: each link (the mail that carried it, ``notice_id``) signs
    in once, so a link seen by anyone later is worthless."""

    __tablename__ = "used_links"
    __table_args__ = (UniqueConstraint("game_id", "notice_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id")
    notice_id: int
    used_at: datetime


class SignedOutRow(SQLModel, table=True):
    """A player's web session that was signed out, by a digest of its form token (``key``), refused by
    every process of the site until ``until``, when the session would have expired anyway."""

    __tablename__ = "signed_out"

    key: str = Field(primary_key=True)
    until: datetime = Field(index=True)


class PlayModeRow(SQLModel, table=True):
    """How the holder ``email`` of a seat plays: by "mail", on the "web" or "both" (the web pages, and
    by mail the reports with the talk not read there). It holds for that address only: a substitute
    starts again by mail."""

    __tablename__ = "play_modes"
    __table_args__ = (UniqueConstraint("game_id", "seat", "email"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True)
    seat: str
    email: str
    mode: str
    chosen_at: datetime
    read_at: datetime | None = None
    """When the holder last opened their game page or a room thread on the web (None: not since this
    column came): talk said until then is theirs already, so a "both" reader's reports leave it out."""


class CampaignRow(SQLModel, table=True):
    """An announced campaign: a game file's game waiting for its players, before it exists as a game.

    ``state`` is "signup" (sign-ups taken), "started" (the game ``id`` was created from it) or
    "cancelled". ``file`` is the game file's [game] table as checked, from which the game is made at the
    start; ``closes_at`` is when sign-up ends (and the game starts by itself if ``minimum`` players are
    in line), ``closed_at`` when the referee last looked at it at that moment.
    """

    __tablename__ = "campaigns"

    id: str = Field(primary_key=True)
    kind: str
    language: str
    schedule: str
    zone: str
    state: str = Field(index=True)
    opens_at: datetime
    closes_at: datetime = Field(index=True)
    seats: int
    minimum: int
    deal: str
    approval: str
    file: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    master_email: str | None = None
    created_at: datetime
    closed_at: datetime | None = None
    started_at: datetime | None = None
    last_seq: int = 0


class SignupRow(SQLModel, table=True):
    """One address's sign-up for a campaign.

    ``state``: "pending" (its address not confirmed yet), "waiting" (confirmed, for the game-master to
    accept), "in" (in line: a seat or the reserve, by ``position``), "refused" (by the game-master),
    "left" (before the start), "seated" (given a seat at the start: ``seat``), "reserve" (still in line
    when the game started); never counted: "disowned" (its address said NO), "lapsed" (not confirmed or
    accepted before the close or the start), "cancelled" (the campaign was called off).

    ``token`` keys the reply address and the web link that confirm it; it is mailed to ``email`` alone.
    ``position`` orders the line; a reserve keeps its place after the start, for the stand-ins to come.
    """

    __tablename__ = "signups"
    __table_args__ = (Index("ix_signups_email", "email"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(foreign_key="campaigns.id", index=True)
    email: str
    name: str
    language: str
    zone: str = ""
    state: str
    position: int = 0
    token: str = Field(unique=True)
    asked_at: datetime
    leave_asked_at: datetime | None = None
    """When its address was last asked to confirm a LEAVE (one question an hour at most)."""
    confirmed_at: datetime | None = None
    ended_at: datetime | None = None
    seat: str | None = None


class SignupEventRow(SQLModel, table=True):
    """One step of a campaign's sign-up, appended in order (``seq`` within the campaign)."""

    __tablename__ = "signup_events"
    __table_args__ = (UniqueConstraint("campaign_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: str = Field(foreign_key="campaigns.id")
    seq: int
    kind: str
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    at: datetime


def table_of(model: type[SQLModel]) -> Table:
    """The table of the row class ``model``, typed as one (``model.__table__`` is not, to mypy)."""
    return SQLModel.metadata.tables[str(model.__tablename__)]


_GAMES = table_of(GameRow)
Index("ix_games_master", master_email(_GAMES.c.settings), _GAMES.c.created_at)
"""A game-master's games, newest first: what every page of the campaigns page of a game-master reads."""
