"""Wrong passwords counted per address and per seat, and each notice's mail recorded per recipient.

The new table ``password_failures`` holds one row per mail that gave a wrong password (when, from
what address, to which seat's personal address if any; never the guess). ``notices`` gains
``delivered``, the addresses the mail server took the notice's mail for, NULL for the rows
already there (none yet, or all of it when ``sent_at`` is set).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TEXT = sa.String()
MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "password_failures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("address", TEXT, nullable=False),
        sa.Column("game_id", TEXT, nullable=True),
        sa.Column("seat", TEXT, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_password_failures_at", "password_failures", ["at"])
    op.create_index("ix_password_failures_address", "password_failures", ["address"])
    with op.batch_alter_table("notices") as batch:  # plain ALTER TABLE ADD COLUMN, SQLite too
        batch.add_column(sa.Column("delivered", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("notices") as batch:  # SQLite: copies the table without the column
        batch.drop_column("delivered")
    op.drop_table("password_failures")
