"""A referee site for service tests: a config file, schedules measured in seconds, games, player mail."""

from __future__ import annotations

import json
import mailbox
import os
import shutil
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from sqlmodel import Session, col, select

from referee.app import Referee
from referee.app.gamefile import read_game_file
from referee.config import PROJECT_ROOT, Config, load_config
from referee.schedule.timekeeper import ScheduleTimekeeper
from referee.service.runner import Service
from referee.store.database import open_engine, upgrade
from referee.store.models import EventRow, ResolutionRow, SeatRow
from referee.store.transactions import Database

TEST_SCHEDULE = """
[schedule]
name = "ten-sailors-seconds"
kind = "ten-sailors"
description = "Ten Sailors in seconds, for the service tests."
clock = "elapsed"
timezone = "Europe/Moscow"
reminders = ["20s", "10s"]

[[segments]]
name = "night"
duration = "60s"
traps_after = "50s"

[[segments]]
name = "hour1"
duration = "30s"

[[segments]]
name = "hour2"
duration = "30s"

[[segments]]
name = "hour3"
duration = "30s"

[[segments]]
name = "hour4"
duration = "30s"
"""

BLINK_SCHEDULE = (
    TEST_SCHEDULE.replace("ten-sailors-seconds", "ten-sailors-blink")
    .replace('"60s"', '"6s"')
    .replace('"50s"', '"5s"')
    .replace('"30s"', '"4s"')
    .replace('["20s", "10s"]', '["2s"]')
)
"""Night 6 s (traps after 5 s), hours 4 s: a game day in 22 seconds, for tests against real servers."""

PLAYERS = {
    "Anna": ("anna@example.org", ["Kitchen", "Sofa", "Knife"]),
    "Boris": ("boris@example.org", ["Garage", "Wardrobe", "Rope"]),
    "Vera": ("vera@example.org", ["Study", "Armchair", "Poison"]),
}
REFEREE = "referee@example.org"


@dataclass
class Site:
    """A folder holding a referee: ``referee.toml``, schedules, Maildirs and (by default) a SQLite file."""

    root: Path
    database_url: str
    incoming: str = ""
    outgoing: str = ""
    service: str = "tick_seconds = 0.2\nwait_seconds = 0.5\nretry_seconds = 1\nlease_seconds = 3\n"
    extra: str = ""
    templates: Path = PROJECT_ROOT / "templates"
    _numbers: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        schedules = self.root / "schedules"
        shutil.copytree(PROJECT_ROOT / "schedules", schedules, dirs_exist_ok=True)
        (schedules / "ten-sailors-seconds.toml").write_text(TEST_SCHEDULE, encoding="utf-8")
        (schedules / "ten-sailors-blink.toml").write_text(BLINK_SCHEDULE, encoding="utf-8")
        self.incoming = self.incoming or f"maildir:{self.root / 'incoming'}"
        self.outgoing = self.outgoing or f"maildir:{self.root / 'outgoing'}"
        self.write_config()

    def write_config(self) -> None:
        """Writes ``referee.toml`` from the site's settings."""
        (self.root / "referee.toml").write_text(
            f'[database]\nurl = "{self.database_url}"\n\n[paths]\nschedules = "schedules"\n'
            f'templates = "{self.templates}"\n\n'
            f'[mail]\naddress = "{REFEREE}"\nincoming = "{self.incoming}"\noutgoing = "{self.outgoing}"\n'
            f"{self.extra}\n[service]\n{self.service}",
            encoding="utf-8",
        )

    @property
    def config_path(self) -> Path:
        """The site's ``referee.toml``."""
        return self.root / "referee.toml"

    def config(self) -> Config:
        """The site's configuration, loaded."""
        return load_config(self.config_path)

    def store(self) -> Referee:
        """A store over the site's database, on the calendar of its schedules."""
        engine = open_engine(self.database_url)
        upgrade(engine)
        return Referee(Database(engine), ScheduleTimekeeper(self.root / "schedules"))

    def create_game(
        self, game_id: str, start: datetime, *, schedule: str = "ten-sailors-seconds", options: str = ""
    ) -> None:
        """Creates a Ten Sailors game for Anna, Boris and Vera (fixed hands) starting at ``start``."""
        lines = [
            "[game]",
            'kind = "ten-sailors"',
            f'id = "{game_id}"',
            f'schedule = "{schedule}"',
            "seed = 7",
            f"start = {start.isoformat()}",
            options,
        ]
        for name, (email, hand) in PLAYERS.items():
            cards = ", ".join(f'"{card}"' for card in hand)
            lines += ["", "[[players]]", f'name = "{name}"', f'email = "{email}"', f"hand = [{cards}]"]
        path = self.root / f"{game_id}.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        read_game_file(path, self.root / "schedules").create(self.store(), start)

    def mail_from(self, game_id: str, name: str, text: str, at: datetime) -> bytes:
        """A player's reply to their own address at the referee, written at ``at``."""
        seat = self._seat(game_id, name)
        number = self._numbers[name] = self._numbers.get(name, 0) + 1
        message = EmailMessage()
        message["From"] = seat.email
        message["To"] = f"referee+{seat.token}@example.org"
        message["Subject"] = "orders"
        message["Date"] = format_datetime(at)
        message["Message-ID"] = f"<{game_id}.{name}.{number}@players.example.org>"
        message.set_content(text)
        return message.as_bytes()

    def _seat(self, game_id: str, name: str) -> SeatRow:
        return self.store().seat(game_id, name)


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def drop(maildir: Path, raw: bytes, at: datetime) -> None:
    """Delivers ``raw`` into the Maildir ``maildir`` as received at ``at``: a few nanoseconds after the
    mails delivered before it, so that the referee reads mails dropped at one moment in the order they
    were dropped (their keys, its tie-break, do not sort in time: their microseconds are not padded)."""
    folder = mailbox.Maildir(maildir, create=True)
    key = folder.add(raw)
    path = maildir / "new" / key
    earlier = sum(1 for _ in (maildir / "new").iterdir()) - 1
    moment = (at - EPOCH) // timedelta(microseconds=1) * 1000 + min(earlier, 99)
    os.utime(path, ns=(moment, moment))


class Driven:
    """A service whose clock the test moves, stepping by hand (no loop, no threads)."""

    def __init__(self, site: Site, start: datetime) -> None:
        self.site = site
        self.moment = start
        self.start = start
        self.service = Service(site.config(), clock=lambda: self.moment)

    def step_at(self, moment: datetime) -> None:
        """Runs one step of the service as if it were ``moment``."""
        self.moment = moment
        self.service._step()


def resolutions(store: Referee) -> list[tuple[str, datetime]]:
    """Every resolution in ``store``: its phase and when it counts as resolved, in order."""
    with Session(store.database.engine) as session:
        rows = session.exec(select(ResolutionRow).order_by(col(ResolutionRow.id))).all()
        return [(row.phase, row.resolved_at.replace(tzinfo=UTC)) for row in rows]


def event_log(store: Referee) -> list[tuple[str, str, object, list[str]]]:
    """Every event in ``store`` as (phase, kind, data, audience), in order."""
    with Session(store.database.engine) as session:
        rows = session.exec(select(EventRow).order_by(col(EventRow.game_id), col(EventRow.seq))).all()
        return [(row.phase, row.kind, row.data, row.audience) for row in rows]


def written_bytes(referee: Referee, game_id: str) -> tuple[list[str], list[str]]:
    """The game's event log and its notices, as the bytes that are compared."""
    events = [
        json.dumps([row.seq, row.phase, row.kind, row.data, row.audience], sort_keys=True)
        for row in referee.events(game_id)
    ]
    notices = [
        json.dumps([row.phase, row.recipient, row.template, row.data], sort_keys=True)
        for row in referee.notices(game_id)
    ]
    return events, notices
