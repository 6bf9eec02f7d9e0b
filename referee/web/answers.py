"""How a page reads a request and answers it, for the game-master's pages and the players' alike: the
site a request belongs to, a refusal, a posted form checked (its token, its size), one field of it, and
the answer a player would have had by mail to the same orders.
"""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request

from referee.web.sessions import Session
from referee.web.shared import Refused, Site

HIDDEN = "…"
"""What stands for a password (or a personal address) in a text shown on the web."""

MOST_FIELDS = 32
"""The most fields a form may post (the longest form of the site has fewer than ten)."""


def site_of(request: Request) -> Site:
    """The site ``request`` came to."""
    site: Site = request.app.state.site
    return site


def refused(status: int, why: str) -> Refused:
    """The refusal to raise: ``status`` and the reason ``why`` (a key of ``words.REASONS``)."""
    return Refused(status, why)


async def posted_form(request: Request, session: Session) -> FormData:
    """The posted form, if it carries the session's token (``Refused`` otherwise: 403). A form of more
    than ``MOST_FIELDS`` fields or holding a file is refused (400); the body's size is bounded before
    (``guard.BodyLimit``)."""
    site = site_of(request)
    try:
        form = await request.form(max_files=0, max_fields=MOST_FIELDS, max_part_size=site.config.web.max_body)
    except HTTPException as error:  # what Starlette raises for too many fields or a field too long
        raise refused(400, "bad_form") from error
    if not all(isinstance(value, str) for value in form.values()):
        raise refused(400, "bad_form")
    if not session.checks(form.get("csrf")):
        raise refused(403, "csrf")
    return form


def field(form: FormData, name: str, most: int, *, line: bool = False) -> str:
    """The field ``name`` of ``form`` ("" when absent); ``Refused`` (400) when longer than ``most``, or,
    for a ``line`` (an address), when it holds a control character."""
    value = str(form.get(name, ""))
    if len(value) > most or (line and not value.isprintable()):
        raise refused(400, "bad_form")
    return value


def player_answer(site: Site, row: Any, data: dict[str, Any]) -> str:
    """The answer the player would get by mail to the same orders, from the same template."""
    context = {
        **data,
        "game_id": row.id,
        "referee_address": site.config.mail.address,
        "start": row.settings.get("start", ""),
        "password": HIDDEN,
    }
    return site.renderer.render(row.language, "answer.txt.j2", kind=row.kind, **context)
