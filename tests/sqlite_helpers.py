"""An empty SQLite database at the newest revision, made once in a test process, for tests to copy."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path

from sqlalchemy import create_engine


@cache
def migrated_template() -> Path:
    """An empty SQLite database brought to the newest revision once per process (``upgrade``), closed,
    for each test to copy: the migrations themselves are tested on their own (``test_migrations``)."""
    from referee.store.database import upgrade

    folder = Path(tempfile.mkdtemp(prefix="referee-migrated-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "referee.db"
    engine = create_engine(f"sqlite:///{path}")
    upgrade(engine)
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return path
