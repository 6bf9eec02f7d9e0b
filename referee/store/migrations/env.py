"""Alembic's entry point for the referee's migrations, run on a connection the caller passes.

``referee.store.database.upgrade`` builds the Config in code and puts its open connection in
``config.attributes["connection"]``; the migrations then run inside that connection's transaction.
Without one (the ``alembic`` command line with an ini file), the ``sqlalchemy.url`` option is opened.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

from referee.store import models  # noqa: F401  (registers the tables)

config = context.config
target_metadata = SQLModel.metadata


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite alters most tables by copying them; batch mode does that
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise RuntimeError("the referee's migrations run on a live connection only")

given = config.attributes.get("connection")
if given is not None:
    run(given)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as connection:
        run(connection)
    engine.dispose()
