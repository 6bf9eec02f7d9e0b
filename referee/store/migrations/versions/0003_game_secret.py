"""Each game's secret: the key its Message-IDs are derived from, so that they reveal no count.

``games`` gains ``secret``, 32 random hex digits, never empty. Every game already there gets its
own random one here, row by row; the column is then made NOT NULL (on SQLite, batch mode copies
the table for that, as revision 0002 does to drop a column).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TEXT = sa.String()


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # plain ALTER TABLE ADD COLUMN, SQLite too
        batch.add_column(sa.Column("secret", TEXT, nullable=True))
    games = sa.table("games", sa.column("id", TEXT), sa.column("secret", TEXT))
    connection = op.get_bind()
    for (game_id,) in connection.execute(sa.select(games.c.id)).all():
        connection.execute(games.update().where(games.c.id == game_id).values(secret=secrets.token_hex(16)))
    with op.batch_alter_table("games") as batch:  # SQLite: copies the table with the column NOT NULL
        batch.alter_column("secret", existing_type=TEXT, nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:  # SQLite: copies the table without the column
        batch.drop_column("secret")
