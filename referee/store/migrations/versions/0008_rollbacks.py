"""Rolling back a resolution: the withdrawn one is kept, marked, and its phase may be resolved again.

``resolutions`` gains ``attempt`` (0 for every resolution already there) and ``withdrawn_at``; its
unique key becomes game, phase and attempt. ``notices`` gains ``withdrawn_at``. A new table,
``rollbacks``, names each withdrawn resolution and the span of events it withdrew. On SQLite, batch
mode copies ``resolutions`` to change its key (its old key has no name there: the naming convention
gives it one to drop).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

TEXT = sa.String()
MOMENT = sa.DateTime(timezone=True)
NAMES = {"uq": "uq_%(table_name)s_%(column_0_N_name)s"}
OLD_KEY, NEW_KEY = ("game_id", "phase"), ("game_id", "phase", "attempt")


def _key_name(columns: tuple[str, ...]) -> str:
    """The key's name: SQLite's unnamed one as ``NAMES`` calls it, PostgreSQL's as it named it."""
    if op.get_bind().dialect.name == "sqlite":
        return "uq_resolutions_" + "_".join(columns)
    return "resolutions_" + "_".join(columns) + "_key"


def upgrade() -> None:
    old = _key_name(OLD_KEY)
    with op.batch_alter_table("resolutions", naming_convention=NAMES) as batch:
        batch.add_column(sa.Column("attempt", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("withdrawn_at", MOMENT, nullable=True))
        batch.drop_constraint(old, type_="unique")
        batch.create_unique_constraint(_key_name(NEW_KEY), list(NEW_KEY))
    with op.batch_alter_table("resolutions") as batch:
        batch.alter_column("attempt", existing_type=sa.Integer(), server_default=None)
    with op.batch_alter_table("notices") as batch:
        batch.add_column(sa.Column("withdrawn_at", MOMENT, nullable=True))
    op.create_table(
        "rollbacks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", TEXT, nullable=False),
        sa.Column("resolution_id", sa.Integer(), nullable=False),
        sa.Column("phase", TEXT, nullable=False),
        sa.Column("first_seq", sa.Integer(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["resolution_id"], ["resolutions.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_rollbacks_game_id", "rollbacks", ["game_id"])


def downgrade() -> None:
    """Back to one resolution per phase: the withdrawn resolutions go (their events stay in the log)."""
    op.drop_index("ix_rollbacks_game_id", table_name="rollbacks")
    op.drop_table("rollbacks")
    with op.batch_alter_table("notices") as batch:
        batch.drop_column("withdrawn_at")
    op.execute("DELETE FROM resolutions WHERE withdrawn_at IS NOT NULL")
    with op.batch_alter_table("resolutions", naming_convention=NAMES) as batch:
        batch.drop_constraint(_key_name(NEW_KEY), type_="unique")
        batch.create_unique_constraint(_key_name(OLD_KEY), list(OLD_KEY))
        batch.drop_column("withdrawn_at")
        batch.drop_column("attempt")
