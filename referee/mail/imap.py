"""An inbox on an IMAP server: read each mail once, in order, and never lose one.

Mail is named by UID, as ``"<uidvalidity>:<uid>"``, and read with ``BODY.PEEK[]``, which
leaves it unread on the server. Only ``done`` marks it processed (the \\Seen flag, or a
move to another folder, as the URL says) and only ``failed`` moves it to the failed
folder, where a person can look at it: no mail is ever deleted or skipped.

Two things decide what is unread. On the server, the flag or the move. Beside it, a
``UidMemory`` (the lead keeps it in the database) holds, per mailbox, the UIDVALIDITY
and the highest UID up to which every mail has been done or failed. ``done`` writes the
memory before it flags or moves the mail, so a connection lost in between does not
make the mail come back: at the next connection, mail at or below that UID that still
looks unprocessed is flagged or moved without being read again. The memory only moves
past a UID once every older mail handed out by ``fetch`` is finished, so it can never
jump over mail. A new UIDVALIDITY (the mailbox was rebuilt) makes the memory void, and
reading starts over from whatever is not flagged or moved; the store ignores a mail
whose Message-ID it already has, so even that costs nothing but time.

With ``processed=flag``, mail that a person marks as read in that mailbox before the
referee gets to it is not read; a mailbox kept for the referee alone, or
``processed=move:FOLDER``, avoids that.
"""

from __future__ import annotations

import contextlib
import ssl
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientAbortError, IMAPClientError, LoginError

from referee.mail.transports import FETCH_BYTES, FETCH_MAILS, TransportError
from referee.mail.urls import ImapSettings

SEEN = b"\\Seen"
DELETED = b"\\Deleted"
FETCH_BATCH = 100
"""How many mails one FETCH command asks for."""
IDLE_RENEW = 25 * 60.0
"""Seconds after which IDLE is ended and begun again (servers may drop an IDLE of 30 minutes)."""

T = TypeVar("T")
_DROPPED = (IMAPClientAbortError, OSError)
"""What a lost connection raises: imaplib's abort, or a socket error, reset or timeout."""


class UidMemory(Protocol):
    """Where an inbox keeps how far it has got in each mailbox, across restarts."""

    def position(self, mailbox: str) -> tuple[int, int] | None:
        """The (UIDVALIDITY, highest UID finished) remembered for ``mailbox``, None if nothing is."""
        ...

    def remember(self, mailbox: str, uidvalidity: int, uid: int) -> None:
        """Records that every mail of ``mailbox`` up to ``uid`` under ``uidvalidity`` is finished."""
        ...


class ImapInbox:
    """The mailbox of an IMAP server as an ``Inbox``: ``fetch`` the unread mail, then ``done`` or ``failed``.

    One connection is kept open and opened again when it was lost: any method that finds
    it gone reconnects once, and raises ``TransportError`` if that fails too (the caller
    waits ``backoff(attempt)`` and tries again). ``password`` is kept only in this object,
    never shown. ``batch`` caps how many mails one ``fetch`` returns.
    """

    def __init__(
        self,
        settings: ImapSettings,
        password: str,
        memory: UidMemory,
        *,
        timeout: float = 30.0,
        batch: int = FETCH_MAILS,
    ) -> None:
        self.settings = settings
        self.memory = memory
        self.timeout = timeout
        self.batch = batch
        self.more = False
        """Whether the last fetch left unprocessed mail for the next one."""
        self.memory_key = f"{settings.user}@{settings.host}/{settings.mailbox}"
        """The name under which the memory keeps this mailbox's position (user, host and mailbox)."""
        self._password = password
        self._client: IMAPClient | None = None
        self._capabilities: frozenset[bytes] = frozenset()
        self._folders: set[str] = set()
        self._uidvalidity: int | None = None
        self._position = 0
        self._newest = 0
        self._pending: set[int] = set()
        self._finished: set[int] = set()
        self._arrived: dict[str, datetime] = {}

    def __enter__(self) -> ImapInbox:
        """The inbox itself, closed when the ``with`` block ends."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Closes the connection."""
        self.close()

    # --- the Inbox interface -----------------------------------------------------------------------

    def fetch(self) -> list[tuple[str, bytes]]:
        """The mail not yet done or failed, as (key, raw bytes), oldest first; nothing is marked read."""

        def read(client: IMAPClient) -> list[tuple[str, bytes]]:
            client.noop()  # the server shows a session new mail only after a command: this one
            unread = self._unprocessed(client, self._position)
            uids = unread[: self.batch]
            mails: list[tuple[str, bytes]] = []
            size = 0
            for start in range(0, len(uids), FETCH_BATCH):
                if size > FETCH_BYTES:  # the rest at the next fetch
                    uids = uids[:start]
                    break
                chunk = uids[start : start + FETCH_BATCH]
                found = client.fetch(chunk, ["BODY.PEEK[]", "INTERNALDATE"])
                for uid in chunk:
                    body = found.get(uid, {}).get(b"BODY[]")
                    if body is not None:  # a mail removed since the search is not ours to read
                        key = f"{self._uidvalidity}:{uid}"
                        mails.append((key, bytes(body)))
                        size += len(body)
                        arrived = found[uid].get(b"INTERNALDATE")
                        if isinstance(arrived, datetime):
                            self._arrived[key] = _aware(arrived)
            self.more = len(uids) < len(unread)
            return mails

        self._arrived = {}
        mails = self._run(read)
        uids = {self._uid(key) for key, _ in mails}
        self._pending = uids
        self._newest = max(self._newest, *uids) if uids else self._newest
        return mails

    def received_at(self, key: str) -> datetime | None:
        """When the server received the mail ``key`` (its INTERNALDATE), as read by the last ``fetch``."""
        return self._arrived.get(key)

    def done(self, key: str) -> None:
        """Marks the mail ``key`` processed: the \\Seen flag, or a move to the processed folder."""
        self.done_many([key])

    def done_many(self, keys: Sequence[str]) -> None:
        """Marks the mails ``keys`` processed with one command to the server (one STORE, or one MOVE)
        and one write of the memory, made first: if flagging fails, the next connection finishes it."""
        if not keys:
            return
        uids = [self._uid(key) for key in keys]
        if self._client is None:
            self.open()  # to learn the mailbox's UIDVALIDITY
        for key in keys:
            self._check_same_mailbox(key)
        self._finish(*uids)

        def mark(client: IMAPClient) -> None:
            for key in keys:
                self._check_same_mailbox(key)
            self._mark_processed(client, uids)

        self._run(mark)

    def failed(self, key: str) -> None:
        """Moves the mail ``key``, which could not be processed, to the failed folder (made if missing)."""
        uid = self._uid(key)

        def move(client: IMAPClient) -> None:
            self._check_same_mailbox(key)
            self._move(client, [uid], self.settings.failed_folder)

        self._run(move)
        self._finish(uid)

    def wait(self, timeout: float) -> bool:
        """Waits up to ``timeout`` seconds for new mail; True as soon as some is there to fetch.

        Uses IDLE when the server offers it. Without IDLE it checks once, then sleeps the
        whole time and returns False, so the caller simply fetches again.
        """
        deadline = time.monotonic() + timeout
        return self._run(lambda client: self._wait(client, deadline))

    def open(self) -> None:
        """Connects now, if not connected (else the first call that needs the server does)."""
        if self._client is None:
            self._run(lambda client: None)

    def close(self) -> None:
        """Logs out and closes the connection (the next call opens a new one)."""
        client, self._client = self._client, None
        if client is None:
            return
        try:
            client.logout()
        except (IMAPClientError, OSError):
            _shut(client)

    # --- connection -----------------------------------------------------------------------------------

    def _run(self, operation: Callable[[IMAPClient], T]) -> T:
        """Runs ``operation`` on the connection, opening it again once if it turns out to be lost."""
        fresh = self._client is None
        client = self._client if self._client is not None else self._connect()
        try:
            return operation(client)
        except TransportError:
            raise
        except _DROPPED as error:
            self._drop()
            if fresh:
                raise TransportError(f"lost the new connection to {self._where()}: {error}") from error
        except IMAPClientError as error:
            raise TransportError(f"{self._where()} refused a command: {error}") from error
        client = self._connect()
        try:
            return operation(client)
        except TransportError:
            raise
        except _DROPPED as error:
            self._drop()
            raise TransportError(f"lost the connection to {self._where()} again: {error}") from error
        except IMAPClientError as error:
            raise TransportError(f"{self._where()} refused a command: {error}") from error

    def _connect(self) -> IMAPClient:
        """A new connection, logged in, with the mailbox selected (raises ``TransportError``)."""
        settings = self.settings
        try:
            client = IMAPClient(
                settings.host,
                settings.port,
                ssl=settings.tls == "tls",
                ssl_context=ssl.create_default_context() if settings.tls == "tls" else None,
                timeout=self.timeout,
            )
        except _DROPPED as error:
            raise TransportError(f"cannot reach {self._where()}: {error}") from error
        try:
            if settings.tls == "starttls":
                client.starttls(ssl.create_default_context())
            client.login(settings.user, self._password)
            selected = client.select_folder(settings.mailbox)
            self._capabilities = frozenset(bytes(item).upper() for item in client.capabilities())
            self._folders = set()
            self._opened(client, int(selected[b"UIDVALIDITY"]))
        except LoginError as error:
            _shut(client)
            raise TransportError(
                f"{self._where()} refused the login of {settings.user!r}: {error}"
            ) from error
        except (IMAPClientError, OSError) as error:
            _shut(client)
            raise TransportError(f"cannot open {settings.mailbox!r} on {self._where()}: {error}") from error
        self._client = client
        return client

    def _opened(self, client: IMAPClient, uidvalidity: int) -> None:
        """Takes up the position for ``uidvalidity`` and finishes what a lost connection left undone."""
        if uidvalidity != self._uidvalidity:
            self._pending, self._finished, self._newest = set(), set(), 0
        self._uidvalidity = uidvalidity
        stored = self.memory.position(self.memory_key)
        self._position = stored[1] if stored is not None and stored[0] == uidvalidity else 0
        self._newest = max(self._newest, self._position)
        if self._position:
            leftovers = self._unprocessed(client, 0, upto=self._position)
            if leftovers:
                self._mark_processed(client, leftovers)

    def _drop(self) -> None:
        """Forgets a connection that is no longer usable."""
        client, self._client = self._client, None
        if client is not None:
            _shut(client)

    def _where(self) -> str:
        """The server, for messages."""
        return f"the IMAP server {self.settings.host}:{self.settings.port}"

    # --- mail --------------------------------------------------------------------------------------

    def _unprocessed(self, client: IMAPClient, above: int, upto: int | None = None) -> list[int]:
        """UIDs of the mail neither flagged nor moved, above ``above`` (and up to ``upto``), ascending."""
        criteria: list[Any] = ["NOT", "DELETED"]
        if self.settings.move_to is None:
            criteria.append("UNSEEN")
        if above or upto is not None:
            criteria += ["UID", f"{above + 1}:{'*' if upto is None else upto}"]
        # "n:*" also matches the newest mail when n is past it, hence the filter.
        return sorted(uid for uid in client.search(criteria) if uid > above and (upto is None or uid <= upto))

    def _mark_processed(self, client: IMAPClient, uids: Sequence[int]) -> None:
        """Flags or moves the processed mail ``uids``, as the settings say."""
        if self.settings.move_to is None:
            client.add_flags(uids, [SEEN], silent=True)  # the server sends no mail's flags back
        else:
            self._move(client, uids, self.settings.move_to)

    def _move(self, client: IMAPClient, uids: Sequence[int], folder: str) -> None:
        """Moves ``uids`` to ``folder``: MOVE where offered, else COPY, \\Deleted and UID EXPUNGE.

        Without UIDPLUS the copied mail is only marked \\Deleted (an EXPUNGE would also
        remove what others marked); it is no longer fetched either way.
        """
        self._ensure_folder(client, folder)
        if b"MOVE" in self._capabilities:
            client.move(uids, folder)
            return
        client.copy(uids, folder)
        client.add_flags(uids, [DELETED], silent=True)
        if b"UIDPLUS" in self._capabilities:
            client.uid_expunge(uids)

    def _ensure_folder(self, client: IMAPClient, folder: str) -> None:
        """Creates ``folder`` unless it exists (checked once per connection)."""
        if folder in self._folders:
            return
        if not client.folder_exists(folder):
            try:
                client.create_folder(folder)
            except IMAPClientError:
                if not client.folder_exists(folder):  # not made by someone else meanwhile either
                    raise
        self._folders.add(folder)

    def _finish(self, *uids: int) -> None:
        """Counts ``uids`` as finished and moves the memory up as far as no older mail is pending."""
        self._pending.difference_update(uids)
        self._finished.update(uids)
        oldest_pending = min(self._pending, default=None)
        ready = [done for done in self._finished if oldest_pending is None or done < oldest_pending]
        if not ready or self._uidvalidity is None:
            return
        upto = max(ready)
        self._finished -= set(ready)
        if upto > self._position:
            self.memory.remember(self.memory_key, self._uidvalidity, upto)
            self._position = upto

    def _uid(self, key: str) -> int:
        """The UID in ``key`` (raises ``TransportError`` for a key this inbox never hands out)."""
        validity, colon, uid = key.partition(":")
        if not (colon and validity.isdigit() and uid.isdigit()):
            raise TransportError(f"{key!r} is not a key of an IMAP inbox (uidvalidity:uid)")
        return int(uid)

    def _check_same_mailbox(self, key: str) -> None:
        """Refuses a key from before the mailbox was rebuilt: its UID may now name another mail."""
        if key.partition(":")[0] != str(self._uidvalidity):
            raise TransportError(
                f"mail {key} was read before {self.settings.mailbox!r} got a new UIDVALIDITY "
                f"({self._uidvalidity}); fetch again"
            )

    def _wait(self, client: IMAPClient, deadline: float) -> bool:
        """True when mail newer than the last fetch is there or arrives before ``deadline``."""
        client.noop()
        if self._unprocessed(client, self._newest):
            return True
        if b"IDLE" not in self._capabilities:
            time.sleep(max(0.0, deadline - time.monotonic()))
            return False
        while (left := deadline - time.monotonic()) > 0:
            if self._idle(client, min(left, IDLE_RENEW)):
                return True
        return False

    def _idle(self, client: IMAPClient, seconds: float) -> bool:
        """One IDLE of at most ``seconds``: True as soon as the server announces new mail."""
        client.idle()
        end = time.monotonic() + seconds
        announced = False
        while not announced and (left := end - time.monotonic()) > 0:
            responses = client.idle_check(timeout=left)
            announced = _announces_mail(responses)
            if not responses and end - time.monotonic() > 0.05:
                break  # the connection ended early; idle_done raises and the caller reconnects
        _, tail = client.idle_done()
        return announced or _announces_mail(tail)


def _announces_mail(responses: Iterable[Any]) -> bool:
    """Whether untagged responses include an EXISTS, which is what new mail brings."""
    return any(isinstance(item, tuple) and len(item) > 1 and item[1] == b"EXISTS" for item in responses)


def _aware(moment: datetime) -> datetime:
    """An INTERNALDATE as an aware UTC time (IMAPClient gives local naive times unless told otherwise)."""
    return moment.astimezone(UTC) if moment.tzinfo is not None else moment.astimezone().astimezone(UTC)


def _shut(client: IMAPClient) -> None:
    """Closes the socket of ``client`` without a word to the server, ignoring errors."""
    with contextlib.suppress(IMAPClientError, OSError):
        client.shutdown()
