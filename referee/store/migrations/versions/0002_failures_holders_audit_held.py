"""A game's failure, seat holders, the game-master's audit log, orders held, and pauses with an end.

``games`` gains ``failed_at`` and ``failure``, and ``clocks`` gains ``resume_at``, all NULL for
the rows already there. The new tables follow SQLModel's names as in revision 0001.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TEXT = sa.String()
MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # plain ALTER TABLE ADD COLUMN, SQLite too
        batch.add_column(sa.Column("failed_at", MOMENT, nullable=True))
        batch.add_column(sa.Column("failure", TEXT, nullable=True))
    with op.batch_alter_table("clocks") as batch:
        batch.add_column(sa.Column("resume_at", MOMENT, nullable=True))
    op.create_index("ix_clocks_resume_at", "clocks", ["resume_at"])

    op.create_table(
        "seat_holders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("seat", TEXT, nullable=False),
        sa.Column("email", TEXT, nullable=False),
        sa.Column("since", MOMENT, nullable=False),
        sa.Column("until", MOMENT, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_seat_holders_game_id", "seat_holders", ["game_id"])

    op.create_table(
        "audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.Column("game_id", TEXT, nullable=True),
        sa.Column("channel", TEXT, nullable=False),
        sa.Column("actor", TEXT, nullable=False),
        sa.Column("action", TEXT, nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.Column("result", TEXT, nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_audit_at", "audit", ["at"])
    op.create_index("ix_audit_game_id", "audit", ["game_id"])

    op.create_table(
        "held",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("seat", TEXT, nullable=False),
        sa.Column("received_at", MOMENT, nullable=False),
        sa.Column("source", TEXT, nullable=False),
        sa.Column("text", TEXT, nullable=False),
        sa.Column("address", TEXT, nullable=True),
        sa.Column("in_reply_to", TEXT, nullable=True),
        sa.Column("subject", TEXT, nullable=True),
        sa.Column("problem", TEXT, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_held_game_id", "held", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_clocks_resume_at", table_name="clocks")
    with op.batch_alter_table("clocks") as batch:
        batch.drop_column("resume_at")
    op.drop_table("held")
    op.drop_table("audit")
    op.drop_table("seat_holders")
    with op.batch_alter_table("games") as batch:  # SQLite: copies the table without the columns
        batch.drop_column("failure")
        batch.drop_column("failed_at")
