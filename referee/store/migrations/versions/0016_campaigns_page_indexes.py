"""Indexes for the campaigns page: its filters and pages are answered by the database.

The page lists games newest first, filtered by kind, state and game-master, fifty at a time. Five
indexes serve it: the games by creation (``created_at``) and by kind; a game-master's games, by the
address in the game's settings (the expression ``Account.may_see`` compares: trimmed, in lower case)
and their creation; and, holding only the few rows that have one, the games stopped on an error
(``failed_at``) and the paused clocks (``paused_at``). No table or column changes.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from referee.store.master_email import master_email

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

_PARTIAL = (("games", "failed_at"), ("clocks", "paused_at"))


def upgrade() -> None:
    op.create_index("ix_games_created_at", "games", ["created_at"])
    op.create_index("ix_games_kind", "games", ["kind"])
    op.create_index(
        "ix_games_master", "games", [master_email(sa.column("settings")), sa.column("created_at")]
    )
    for table, column in _PARTIAL:
        where = sa.text(f"{column} IS NOT NULL")
        op.create_index(f"ix_{table}_{column}", table, [column], sqlite_where=where, postgresql_where=where)


def downgrade() -> None:
    """Back to the tables without the campaigns page's indexes."""
    for table, column in reversed(_PARTIAL):
        op.drop_index(f"ix_{table}_{column}", table_name=table)
    op.drop_index("ix_games_master", table_name="games")
    op.drop_index("ix_games_kind", table_name="games")
    op.drop_index("ix_games_created_at", table_name="games")
