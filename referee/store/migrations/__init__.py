"""The Alembic migrations of the referee's database; run them with ``referee.store.database.upgrade``."""
