"""An index on when a notice's claim ends.

Every round of sending asks which processes hold a claim on a notice not sent yet, so that the
claims of a process that died are taken over at once. Without an index on ``claimed_until`` that
question read every unsent notice: after a boundary of 10,000 games, 90,000 rows for each round of
fifty mails. Only the notices being sent have a claim, so the index answers it from a few rows.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_notices_claimed_until", "notices", ["claimed_until"])


def downgrade() -> None:
    """Back to no index on claims: the question reads every unsent notice again."""
    op.drop_index("ix_notices_claimed_until", table_name="notices")
