"""Parts of a page: a page asked for only some of its live parts (``?parts=talk-now,thread``) answers
with those elements alone, cut from the page rendered as it always is, for the same person, after the
same checks: a part can hold nothing the whole page would not. (A page may leave out of such a rendering
what holds none of its parts — its forms, say — when the context says it is not ``whole``.)"""

from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import HTMLResponse

LONGEST_ASKED = 200
"""The longest list of parts a request names (longer: the whole page)."""


def asked_parts(request: Request, parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """The parts of ``parts`` the request asks for alone (``?parts=``), in the page's order; None when
    it asks for none of them (the whole page)."""
    said = request.query_params.get("parts", "")
    if not said or len(said) > LONGEST_ASKED:
        return None
    wanted = set(said.split(","))
    found = tuple(part for part in parts if part in wanted)
    return found or None


TAG = re.compile(r'<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?\sid="([^"]*)"[^>]*>')
"""An element's start tag that has an id (the pages are our templates': attribute values escaped, so
no ``>`` or ``<`` inside them)."""


def _end(html: str, tag: str, after: int) -> int:
    """Where the element ``tag`` whose start tag ends at ``after`` ends (its elements of the same name
    nested inside counted), or the end of the page."""
    depth = 1
    for found in re.compile(rf"<(/?){tag}\b[^>]*>", re.IGNORECASE).finditer(html, after):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return found.end()
    return len(html)


def cut(html: str, ids: tuple[str, ...]) -> str:
    """The elements of ``html`` whose ids are ``ids`` (each whole, in the page's order), one a line."""
    wanted, found, done = set(ids), [], 0
    for start in TAG.finditer(html):
        if start.start() < done or start.group(2) not in wanted:
            continue
        done = _end(html, start.group(1), start.end())
        found.append(html[start.start() : done])
    return "\n".join(found) + "\n"


def only_parts(page: HTMLResponse, parts: tuple[str, ...] | None) -> HTMLResponse:
    """``page`` with only its elements ``parts`` (the whole page for None), its headers kept."""
    if parts is None or page.status_code != 200:
        return page
    cut_out = HTMLResponse(cut(bytes(page.body).decode("utf-8"), parts), status_code=page.status_code)
    length = [(k, v) for k, v in cut_out.raw_headers if k == b"content-length"]
    cut_out.raw_headers = [(k, v) for k, v in page.raw_headers if k != b"content-length"] + length
    return cut_out
