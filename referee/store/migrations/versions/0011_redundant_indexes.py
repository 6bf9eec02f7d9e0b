"""Two indexes the database kept up to date for nothing: each repeats the first column of another.

A boundary writes nine notices and a resolution a game, and every index of their tables is written
with each row. The index on the notices' ``sent_at`` alone is the first column of the index on
``(sent_at, failed_at)``, which answers every question it answered; the index on the resolutions'
``game_id`` alone is the first column of their unique key ``(game_id, phase, attempt)``. Both are
dropped: nothing reads through them that the other does not serve (``tests/test_query_plans.py``).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_notices_sent_at", table_name="notices")
    op.drop_index("ix_resolutions_game_id", table_name="resolutions")


def downgrade() -> None:
    """Back to the two indexes, though they serve nothing the others do not."""
    op.create_index("ix_resolutions_game_id", "resolutions", ["game_id"])
    op.create_index("ix_notices_sent_at", "notices", ["sent_at"])
