"""What a player who plays both by mail and on the web has read there.

``play_modes`` gains ``read_at``, when the holder last opened their game page or a room thread on the
web (empty for every choice already there). Nothing else changes.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("play_modes") as batch:
        batch.add_column(sa.Column("read_at", MOMENT, nullable=True))


def downgrade() -> None:
    """Back to the choices alone: when each player last read the web is forgotten."""
    with op.batch_alter_table("play_modes") as batch:
        batch.drop_column("read_at")
