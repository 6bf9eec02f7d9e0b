"""Two indexes of the outbox: the notices still to send, and when a notice's claim ends.

Every round of sending claims the oldest notices not sent nor refused. The query found them through
the index on ``failed_at`` alone, in the order of their ids, and so stepped over every notice ever
sent before reaching the first unsent one: a round cost more the longer a referee ran (13 ms with
13,500 notices sent). The index on ``(sent_at, failed_at)`` gives the unsent ones alone, in order.

Every round also asks which processes hold a claim on a notice not sent yet, so that the claims of
a process that died are taken over at once. Without an index on ``claimed_until`` that question read
every unsent notice: after a boundary of 10,000 games, 90,000 rows for each round of fifty mails.
Only the notices being sent have a claim, so the index answers it from a few rows.

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
    op.create_index("ix_notices_unsent", "notices", ["sent_at", "failed_at"])
    op.create_index("ix_notices_claimed_until", "notices", ["claimed_until"])


def downgrade() -> None:
    """Back to the outbox's earlier indexes: each round reads past the notices sent again."""
    op.drop_index("ix_notices_claimed_until", table_name="notices")
    op.drop_index("ix_notices_unsent", table_name="notices")
