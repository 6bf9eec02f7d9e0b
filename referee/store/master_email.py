"""A game's game-master as the database reads it: the address ``master_email`` of the game's settings,
trimmed and in lower case, as ``Account.may_see`` compares it. The same expression is indexed
(``ix_games_master``), so that a game-master's games are found without reading every game."""

from __future__ import annotations

from typing import Any

from sqlalchemy import String
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ColumnElement
from sqlalchemy.sql.visitors import InternalTraversal


class MasterEmail(ColumnElement[str]):
    """``lower(trim(<settings>.master_email))`` in the database's own JSON syntax."""

    type = String()
    inherit_cache = True
    _traverse_internals = [("settings", InternalTraversal.dp_clauseelement)]  # noqa: RUF012 (as its base)

    def __init__(self, settings: ColumnElement[Any]) -> None:
        self.settings = settings

    @property
    def _from_objects(self) -> list[Any]:
        """The tables it reads: those of ``settings`` (so that a query of it alone reads the games)."""
        return self.settings._from_objects


@compiles(MasterEmail)
def _json_extract(element: MasterEmail, compiler: SQLCompiler, **kw: Any) -> str:
    """SQLite's form (and that of the other databases with ``json_extract``)."""
    return f"lower(trim(json_extract({compiler.process(element.settings, **kw)}, '$.master_email')))"


@compiles(MasterEmail, "postgresql")
def _arrow(element: MasterEmail, compiler: SQLCompiler, **kw: Any) -> str:
    """PostgreSQL's form, written as PostgreSQL gives the index back (so that comparing the models with
    a migrated database finds them equal)."""
    return f"lower(TRIM(BOTH FROM {compiler.process(element.settings, **kw)} ->> 'master_email'))"


def master_email(settings: Any) -> MasterEmail:
    """The game-master's address in the settings column ``settings``."""
    return MasterEmail(settings)
