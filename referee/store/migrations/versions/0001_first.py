"""The first schema: the tables as the referee created them at commit e94c365.

A database made by that version (tables, no ``alembic_version``) is stamped with this revision.
Names follow SQLModel's metadata: indexes ``ix_<table>_<column>`` (and ``ix_events_game_phase``);
keys, foreign keys and unique constraints are left unnamed, so the database names them as it did
for ``create_all``.

Types are SQLAlchemy's own, equal in DDL to what SQLModel 0.0.50 maps fields to: ``str`` is a
VARCHAR without length (``AutoString``) and ``datetime`` a DateTime with time zone (``UTCDateTime``).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TEXT = sa.String()
MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", TEXT, nullable=False),
        sa.Column("kind", TEXT, nullable=False),
        sa.Column("schedule", TEXT, nullable=False),
        sa.Column("language", TEXT, nullable=False),
        sa.Column("seed", TEXT, nullable=False),
        sa.Column("created_at", MOMENT, nullable=False),
        sa.Column("phase", TEXT, nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_games_finished", "games", ["finished"])
    op.create_index("ix_games_phase", "games", ["phase"])

    op.create_table(
        "mailboxes",
        sa.Column("name", TEXT, nullable=False),
        sa.Column("uidvalidity", sa.Integer(), nullable=False),
        sa.Column("last_uid", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )

    op.create_table(
        "clocks",
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("phase", TEXT, nullable=False),
        sa.Column("phase_index", sa.Integer(), nullable=False),
        sa.Column("opened_at", MOMENT, nullable=False),
        sa.Column("due_at", MOMENT, nullable=True),
        sa.Column("remind_at", MOMENT, nullable=True),
        sa.Column("reminders_sent", sa.Integer(), nullable=False),
        sa.Column("paused_at", MOMENT, nullable=True),
        sa.Column("shifts", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_index("ix_clocks_due_at", "clocks", ["due_at"])
    op.create_index("ix_clocks_remind_at", "clocks", ["remind_at"])

    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("phase", TEXT, nullable=False),
        sa.Column("kind", TEXT, nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("audience", sa.JSON(), nullable=False),
        sa.Column("logged_at", MOMENT, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seq"),
    )
    op.create_index("ix_events_game_phase", "events", ["game_id", "phase"])

    op.create_table(
        "inbound",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", TEXT, nullable=False),
        sa.Column("received_at", MOMENT, nullable=False),
        sa.Column("sender", TEXT, nullable=False),
        sa.Column("game_id", TEXT, nullable=True),
        sa.Column("seat", TEXT, nullable=True),
        sa.Column("outcome", TEXT, nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_id"),
    )
    op.create_index("ix_inbound_game_id", "inbound", ["game_id"])

    op.create_table(
        "masters",
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("email", TEXT, nullable=False),
        sa.Column("token", TEXT, nullable=False),
        sa.Column("password", TEXT, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
        sa.UniqueConstraint("password"),
        sa.UniqueConstraint("token"),
    )

    op.create_table(
        "notices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=True),
        sa.Column("phase", TEXT, nullable=False),
        sa.Column("recipient", TEXT, nullable=False),
        sa.Column("template", TEXT, nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", MOMENT, nullable=False),
        sa.Column("address", TEXT, nullable=True),
        sa.Column("in_reply_to", TEXT, nullable=True),
        sa.Column("subject", TEXT, nullable=True),
        sa.Column("sent_at", MOMENT, nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", TEXT, nullable=True),
        sa.Column("next_attempt_at", MOMENT, nullable=True),
        sa.Column("failed_at", MOMENT, nullable=True),
        sa.Column("claimed_by", TEXT, nullable=True),
        sa.Column("claimed_until", MOMENT, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_notices_game_id", "notices", ["game_id"])
    op.create_index("ix_notices_sent_at", "notices", ["sent_at"])

    op.create_table(
        "resolutions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("phase", TEXT, nullable=False),
        sa.Column("resolved_at", MOMENT, nullable=False),
        sa.Column("first_seq", sa.Integer(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "phase"),
    )
    op.create_index("ix_resolutions_game_id", "resolutions", ["game_id"])

    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("name", TEXT, nullable=False),
        sa.Column("email", TEXT, nullable=False),
        sa.Column("host", sa.Boolean(), nullable=False),
        sa.Column("token", TEXT, nullable=False),
        sa.Column("password", TEXT, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "name"),
        sa.UniqueConstraint("password"),
        sa.UniqueConstraint("token"),
    )
    op.create_index("ix_seats_game_id", "seats", ["game_id"])

    op.create_table(
        "submissions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("seat", TEXT, nullable=False),
        sa.Column("received_at", MOMENT, nullable=False),
        sa.Column("source", TEXT, nullable=False),
        sa.Column("text", TEXT, nullable=False),
        sa.Column("verdicts", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_submissions_game_id", "submissions", ["game_id"])


def downgrade() -> None:
    for table in ("submissions", "seats", "resolutions", "notices", "masters", "inbound", "events", "clocks"):
        op.drop_table(table)
    op.drop_table("mailboxes")
    op.drop_table("games")
