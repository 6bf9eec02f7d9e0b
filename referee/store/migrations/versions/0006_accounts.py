"""Game-masters' accounts on the web dashboard.

A new table ``accounts``: a name, a unique address in lower case, an argon2 hash of the password
and whether the account sees every game (``admin``). Nothing already there changes.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

TEXT = sa.String()


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", TEXT, nullable=False),
        sa.Column("email", TEXT, nullable=False),
        sa.Column("password_hash", TEXT, nullable=False),
        sa.Column("admin", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("email"),
    )


def downgrade() -> None:
    op.drop_table("accounts")
