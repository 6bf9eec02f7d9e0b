"""Parts of a page: a page asked for only some of its live parts (``?parts=talk-now,thread``) answers
with those elements alone, cut from the page rendered as it always is, for the same person, after the
same checks: a part can hold nothing the whole page would not."""

from __future__ import annotations

from html.parser import HTMLParser

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


class _Cutter(HTMLParser):
    """Finds the elements of some ids in a page: where each begins and ends (offsets in its text)."""

    def __init__(self, text: str, ids: tuple[str, ...]) -> None:
        super().__init__(convert_charrefs=False)
        self.text, self.ids = text, set(ids)
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.found: list[tuple[int, int]] = []
        self._open: tuple[str, int, int] | None = None  # the tag, where it began, how deep

    def _here(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._open is not None:
            name, began, depth = self._open
            if tag == name:
                self._open = (name, began, depth + 1)
        elif dict(attrs).get("id") in self.ids:
            self._open = (tag, self._here(), 1)

    def handle_endtag(self, tag: str) -> None:
        if self._open is None or tag != self._open[0]:
            return
        name, began, depth = self._open
        if depth > 1:
            self._open = (name, began, depth - 1)
            return
        end = self.text.index(">", self._here()) + 1
        self.found.append((began, end))
        self._open = None


def cut(html: str, ids: tuple[str, ...]) -> str:
    """The elements of ``html`` whose ids are ``ids`` (each whole, in the page's order), one a line."""
    cutter = _Cutter(html, ids)
    cutter.feed(html)
    cutter.close()
    return "\n".join(html[began:end] for began, end in cutter.found) + "\n"


def only_parts(page: HTMLResponse, parts: tuple[str, ...] | None) -> HTMLResponse:
    """``page`` with only its elements ``parts`` (the whole page for None), its headers kept."""
    if parts is None or page.status_code != 200:
        return page
    cut_out = HTMLResponse(cut(bytes(page.body).decode("utf-8"), parts), status_code=page.status_code)
    length = [(k, v) for k, v in cut_out.raw_headers if k == b"content-length"]
    cut_out.raw_headers = [(k, v) for k, v in page.raw_headers if k != b"content-length"] + length
    return cut_out
