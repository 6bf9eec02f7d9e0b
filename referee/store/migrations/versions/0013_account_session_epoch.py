"""A game-master's sessions can be ended: each account keeps a session epoch.

A new column ``accounts.session_epoch`` (0 for every account already there). A web session carries
the epoch its account had when it was signed in; signing out, changing the password or removing the
account raises the epoch, and every session signed with an older one is refused from then on, even a
cookie copied before the sign-out.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("session_epoch", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("session_epoch")
