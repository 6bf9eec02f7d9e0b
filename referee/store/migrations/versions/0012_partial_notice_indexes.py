"""The indexes of refused and claimed notices hold only the notices that are refused or claimed.

Every notice is written with no refusal (``failed_at``) and no claim (``claimed_until``), and almost
every one keeps none: a refusal for good is rare, and a claim lasts only while a sending process
sends it. The indexes on those two columns are read only for notices that have one (the refused
ones, shown to the game-master; the claims held, to take over a dead sender's), yet each held an
entry for every notice, written with it: two of the four index entries a notice cost. As partial
indexes (``WHERE … IS NOT NULL``, which SQLite and PostgreSQL both keep) they answer the same
questions (``tests/test_query_plans.py``) and writing a notice touches neither.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_PARTIAL = ("failed_at", "claimed_until")


def upgrade() -> None:
    for column in _PARTIAL:
        op.drop_index(f"ix_notices_{column}", table_name="notices")
        where = sa.text(f"{column} IS NOT NULL")
        op.create_index(
            f"ix_notices_{column}", "notices", [column], sqlite_where=where, postgresql_where=where
        )


def downgrade() -> None:
    """Back to indexes holding every notice."""
    for column in reversed(_PARTIAL):
        op.drop_index(f"ix_notices_{column}", table_name="notices")
        op.create_index(f"ix_notices_{column}", "notices", [column])
