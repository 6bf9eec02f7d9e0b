"""Seat and game-master passwords are kept as argon2 hashes, never in clear.

``seats`` and ``masters`` each get ``password_hash`` (argon2) and ``password_key`` (eight hex digits of
the SHA-256 of the password, indexed, not unique: what a mail's password is looked up by); every
password already there is hashed into them and the ``password`` column, which held it in clear, is
dropped. Players keep their passwords: the same one verifies against its hash.

Going down cannot bring a password back: each seat and game-master is given a new random one (in
clear, as the older referee kept them), which its holder never learns until it is mailed again.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

from referee.store.hashes import secrets_of

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

TABLES = {"seats": "id", "masters": "game_id"}
"""The tables that hold passwords, with the key of each row."""


def upgrade() -> None:
    for table, key in TABLES.items():
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("password_hash", sa.String(), nullable=False, server_default=""))
            batch.add_column(sa.Column("password_key", sa.String(), nullable=False, server_default=""))
        connection = op.get_bind()
        rows = connection.execute(sa.text(f"SELECT {key}, password FROM {table}")).all()
        for row_key, password in rows:
            hashed, lookup = secrets_of(password) if password else ("", "")
            update = f"UPDATE {table} SET password_hash = :hashed, password_key = :lookup WHERE {key} = :key"
            connection.execute(sa.text(update), {"hashed": hashed, "lookup": lookup, "key": row_key})
        with op.batch_alter_table(table) as batch:
            batch.drop_column("password")
        op.create_index(f"ix_{table}_password_key", table, ["password_key"])


def downgrade() -> None:
    for table, key in TABLES.items():
        op.drop_index(f"ix_{table}_password_key", table_name=table)
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("password", sa.String(), nullable=False, server_default=""))
        connection = op.get_bind()
        for (row_key,) in connection.execute(sa.text(f"SELECT {key} FROM {table}")).all():
            connection.execute(
                sa.text(f"UPDATE {table} SET password = :password WHERE {key} = :key"),
                {"password": secrets.token_hex(8), "key": row_key},
            )
        with op.batch_alter_table(table) as batch:
            batch.drop_column("password_key")
            batch.drop_column("password_hash")
            batch.create_unique_constraint(f"uq_{table}_password", ["password"])
