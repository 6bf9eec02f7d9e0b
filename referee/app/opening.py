"""Opening the referee over a database URL and a folder of schedules."""

from __future__ import annotations

from sqlalchemy import inspect

from referee.app.private_files import private_database
from referee.app.referee import Referee
from referee.schedule.files import ScheduleFolders
from referee.schedule.timekeeper import ScheduleTimekeeper
from referee.store.database import open_engine, upgrade
from referee.store.transactions import Database


def open_referee(
    database_url: str, schedules: ScheduleFolders | None = None, *, create: bool = True, pages: bool = False
) -> Referee:
    """The referee over ``database_url``, brought up to the current schema; with ``schedules``
    (folders of schedule files, the first holding a name wins) its games keep a calendar.

    Without ``create`` an empty database is left empty (the command then says to run
    ``referee init``); a database that has the referee's tables is always brought up to date. With
    ``pages`` it serves the site's pages (``open_engine``).
    """
    private_database(database_url)  # a new SQLite file is readable by its owner only
    engine = open_engine(database_url, pages=pages)
    if create or inspect(engine).has_table("games"):
        upgrade(engine)
    return Referee(Database(engine), ScheduleTimekeeper(schedules) if schedules is not None else None)
