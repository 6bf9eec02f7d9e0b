"""The demo's post office: bots read the referee's outgoing Maildir and write replies into its
incoming one, and the referee takes them in through ``ingest`` and sends what the outbox holds.

Nothing here knows a game: a bot's orders arrive as text, and the mail around them is
what a player's mail client would write (``bot_mail``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from referee.app import Referee
from referee.config import Config
from referee.demo.bot_mail import QUOTE_STYLES, MailReader, reply
from referee.demo.files import demo_address
from referee.mail.connect import open_outbox
from referee.mail.delivery import deliver
from referee.mail.intake import Intake, ingest
from referee.mail.transports import MaildirInbox, fetches, maildir_path
from referee.render import Renderer


class PostOffice:
    """The two Maildirs of a demo, the bots' side of them, and the referee's intake and delivery."""

    def __init__(self, store: Referee, config: Config, clock: datetime) -> None:
        self.store = store
        self.config = config
        self.clock = clock
        """Demo time: each bot mail is a few seconds later than the one before."""
        self.outgoing = maildir_path(config.mail.outgoing)
        self.incoming = maildir_path(config.mail.incoming)
        self.reader = MailReader(self.outgoing)
        self.inbox = MaildirInbox(self.incoming)
        self.outbox = open_outbox(config.mail)
        self.renderer = Renderer(config.templates)
        self.mails_in = 0
        """How many mails the bots have written to the referee."""
        self.watch: Callable[[PostOffice], None] | None = None
        """Called after every delivery (tests read the new mail with the game as it then stands)."""

    def send(self) -> None:
        """Sends the outbox's mail to the outgoing Maildir (raises ``OSError`` if any mail failed)."""
        done = deliver(self.store, self.outbox, self.renderer, self.config.mail)
        if done.failed:
            raise OSError("; ".join(done.failed))
        if self.watch is not None:
            self.watch(self)

    def write(self, name: str, orders: str, style: int | None = None) -> None:
        """``name``'s bot replies with ``orders`` to the newest mail it got, quoting it in a client's style.

        ``style`` picks the quoting layout (default: taken in turn with every mail written).
        """
        self.clock += timedelta(seconds=7)
        self.reader.refresh()
        address = demo_address(name)
        layout = QUOTE_STYLES[(self.mails_in if style is None else style) % len(QUOTE_STYLES)]
        raw = reply(address, name, self.reader.last(address), orders, layout, self.clock)
        self.inbox.folder.add(raw)
        self.mails_in += 1

    def take_in(self) -> list[Intake]:
        """The referee reads every unread mail of its incoming Maildir, oldest first."""
        taken = []
        for fetched in fetches(self.inbox):
            taken += [ingest(self.store, self.config.mail, raw, self.clock) for _, raw in fetched]
            self.inbox.done_many([key for key, _ in fetched])  # one look through the folder for them all
        return taken

    def later(self, minutes: int) -> datetime:
        """Moves demo time on by ``minutes`` and returns it (a deadline that passed unanswered)."""
        self.clock += timedelta(minutes=minutes)
        return self.clock

    def until(self, due: datetime | None) -> datetime:
        """Moves demo time on to the deadline ``due`` (two minutes on without one) and returns it."""
        if due is None:
            return self.later(2)
        self.clock = max(self.clock, due if due.tzinfo else due.replace(tzinfo=UTC))  # stored naive in UTC
        return self.clock

    def mails_out(self) -> int:
        """How many mails the referee has written so far."""
        return sum(1 for _ in (self.outgoing / "new").iterdir())

    @property
    def folders(self) -> tuple[Path, Path]:
        """The outgoing and the incoming Maildir."""
        return self.outgoing, self.incoming
