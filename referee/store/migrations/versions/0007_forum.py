"""The players' forum: sign-in links used once, and how each player plays (mail, web or both).

Two new tables, ``used_links`` (a link is the mail that carried it: game and notice, unique) and
``play_modes`` (one choice per game, seat and holder's address). Nothing already there changes.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

TEXT = sa.String()


def upgrade() -> None:
    op.create_table(
        "used_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("notice_id", sa.Integer(), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "notice_id"),
    )
    op.create_table(
        "play_modes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("seat", TEXT, nullable=False),
        sa.Column("email", TEXT, nullable=False),
        sa.Column("mode", TEXT, nullable=False),
        sa.Column("chosen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seat", "email"),
    )
    op.create_index("ix_play_modes_game_id", "play_modes", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_play_modes_game_id", table_name="play_modes")
    op.drop_table("play_modes")
    op.drop_table("used_links")
