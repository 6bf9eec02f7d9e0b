"""The referee: the composition root of the application layer, the one object a door is given.

``Referee`` assembles the collaborators of one database, each given only what it uses: the game
operations (``GameOperations``: create, load, submit, resolve, stop …), the game-master's desk, the
mailroom, the views, the web's forum and dashboard, the outbox, the mailbox positions, the accounts and
the calendar. None of them knows ``Referee``; they know each other only as their constructors are given.
The doors call ``referee.desk…``, ``referee.submit(…)`` and the like; the game operations' methods are
offered here under their own names.
"""

from __future__ import annotations

from referee.app.accounts import Accounts
from referee.app.calendar import Calendar
from referee.app.changes import Changes
from referee.app.dashboard import Dashboard
from referee.app.desk import Desk
from referee.app.forum import Forum
from referee.app.letters import Letters
from referee.app.mailroom import Mailroom
from referee.app.operations import GameOperations
from referee.app.signup import Signups
from referee.app.timing import Timekeeper
from referee.app.views import Views
from referee.store.mailboxes import StoredPositions
from referee.store.transactions import Database


class Referee:
    """Games, seats, orders, resolutions and the calendar of one database, and every door's way in.

    Without a ``timekeeper`` no game has a deadline (rules tests, benchmarks).
    """

    def __init__(self, database: Database, timekeeper: Timekeeper | None = None) -> None:
        self.database = database
        self.timekeeper = timekeeper
        self.operations = GameOperations(database, timekeeper)
        """Games created, loaded and read; orders judged; phases resolved; failures kept to one game."""
        self.play = self.operations.play
        self.audit = self.operations.audit
        self.desk = Desk(self.operations)
        """The game-master's actions (pause, resume, shift, resolve, substitute, resend, announce, retry)."""
        self.views = Views(self.operations)
        """What a seat, a game-master or the status page is shown."""
        self.forum = Forum(self.operations, self.views)
        """What a player signed in on the web sees and does (the same view and path as by mail)."""
        self.signups = Signups(self.operations, getattr(timekeeper, "folders", None))
        """Campaigns announced for sign-up: joining and leaving by mail and on the web, the start."""
        self.mailroom = Mailroom(self.operations, self.desk, self.signups)
        """Mail taken in: kept once, identified, judged and answered in one transaction."""
        self.dashboard = Dashboard(database, timekeeper, self.views, self.audit)
        """What the web dashboard shows a game-master."""
        self.letters = Letters(database)
        """The outbox, for the door that sends mail."""
        self.positions = StoredPositions(database)
        """How far the referee has read each IMAP mailbox."""
        self.accounts = Accounts(database)
        """The game-masters' accounts of the web dashboard."""
        self.changes = Changes(database)
        """What changed in the games since a point, and whom it concerns (what live pages are told)."""
        operations = self.operations
        self.prepare = operations.prepare
        self.create_game = operations.create_game
        self.load = operations.load
        self.games = operations.games
        self.seats = operations.seats
        self.seat = operations.seat
        self.master = operations.master
        self.submit = operations.submit
        self.submit_many = operations.submit_many
        self.resolve = operations.resolve
        self.resolve_within = operations.resolve_within
        self.resolve_in = operations.resolve_in
        self.preview = operations.preview
        self.running = operations.running
        self.contained = operations.contained
        self.stop = operations.stop
        self.events = operations.events
        self.log = operations.log
        self.seen_by = operations.seen_by
        self.replay = operations.replay
        self.notices = operations.notices
        self.inbound = operations.inbound
        self.resolution_count = operations.resolution_count
        self.actions = operations.actions

    @property
    def calendar(self) -> Calendar:
        """The calendar (due boundaries, reminders, pause, resume, shift); needs a timekeeper."""
        return self.operations.calendar


__all__ = ["Referee"]
