"""Announced campaigns and their sign-ups.

Three new tables: ``campaigns`` (a game file's game announced and waiting for its players),
``signups`` (one address's sign-up for a campaign: unconfirmed, in line, refused, left, or given a
seat or a reserve place at the start) and ``signup_events`` (every step of a campaign's sign-up,
appended in order). No existing table changes.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

TEXT = sa.String()
MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", TEXT, nullable=False),
        sa.Column("kind", TEXT, nullable=False),
        sa.Column("language", TEXT, nullable=False),
        sa.Column("schedule", TEXT, nullable=False),
        sa.Column("zone", TEXT, nullable=False),
        sa.Column("state", TEXT, nullable=False),
        sa.Column("opens_at", MOMENT, nullable=False),
        sa.Column("closes_at", MOMENT, nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("minimum", sa.Integer(), nullable=False),
        sa.Column("deal", TEXT, nullable=False),
        sa.Column("approval", TEXT, nullable=False),
        sa.Column("file", sa.JSON(), nullable=False),
        sa.Column("master_email", TEXT, nullable=True),
        sa.Column("created_at", MOMENT, nullable=False),
        sa.Column("closed_at", MOMENT, nullable=True),
        sa.Column("started_at", MOMENT, nullable=True),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_campaigns_state", "campaigns", ["state"])
    op.create_index("ix_campaigns_closes_at", "campaigns", ["closes_at"])
    op.create_table(
        "signups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", TEXT, nullable=False),
        sa.Column("email", TEXT, nullable=False),
        sa.Column("name", TEXT, nullable=False),
        sa.Column("language", TEXT, nullable=False),
        sa.Column("zone", TEXT, nullable=False),
        sa.Column("state", TEXT, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("token", TEXT, nullable=False),
        sa.Column("asked_at", MOMENT, nullable=False),
        sa.Column("leave_asked_at", MOMENT, nullable=True),
        sa.Column("confirmed_at", MOMENT, nullable=True),
        sa.Column("ended_at", MOMENT, nullable=True),
        sa.Column("seat", TEXT, nullable=True),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaigns.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token"),
    )
    op.create_index("ix_signups_campaign_id", "signups", ["campaign_id"])
    op.create_index("ix_signups_email", "signups", ["email"])
    op.create_table(
        "signup_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", TEXT, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", TEXT, nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaigns.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("signup_events")
    op.drop_index("ix_signups_email", table_name="signups")
    op.drop_index("ix_signups_campaign_id", table_name="signups")
    op.drop_table("signups")
    op.drop_index("ix_campaigns_closes_at", table_name="campaigns")
    op.drop_index("ix_campaigns_state", table_name="campaigns")
    op.drop_table("campaigns")
