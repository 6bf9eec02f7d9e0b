"""An index on ``notices.failed_at``: the status and every sending step count the failed notices,
which without it read the whole outbox.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_notices_failed_at", "notices", ["failed_at"])


def downgrade() -> None:
    op.drop_index("ix_notices_failed_at", table_name="notices")
