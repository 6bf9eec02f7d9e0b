"""Players' web sessions signed out, refused by every process of the site.

One new table, ``signed_out``: a digest of a signed-out session's form token and the moment the session
would have expired anyway. No existing table changes.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "signed_out",
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_index("ix_signed_out_until", "signed_out", ["until"])


def downgrade() -> None:
    """Back to the tables without the signed-out sessions."""
    op.drop_index("ix_signed_out_until", table_name="signed_out")
    op.drop_table("signed_out")
