"""How big a mail from anyone may be before it is parsed at all: checked on the raw bytes, in linear time.

The ``email`` package is slow or worse on some hostile shapes (thousands of RFC 2231 parameters in
one Content-Type took half a minute of CPU; thousands of nested multiparts recurse deeply), so the
door calls `over_limit` first and never parses a mail it refuses. Nothing here uses ``email``: the
header blocks and the MIME structure are found by a single pass over the bytes, counting the parts
and nesting the parser would build. Where the shape is ambiguous the count errs upward: a delimiter
is matched without regard to case, and an RFC 2231 boundary (which this scan does not reassemble)
makes every line starting with "--" count as a delimiter.
"""

from __future__ import annotations

import re

from referee.config import Limits

MAX_PARAMETERS = 20
"""Parameters (";"-separated) in one Content-* header field; real mail has fewer than ten.

Only Content-* fields are capped: those are the ones whose parameters the ``email`` package takes
apart, while Received, DKIM-Signature and Microsoft's anti-spam fields rightly hold many ";".
"""

# One line and its line end ("\r\n", "\r" or "\n", as the email package reads them), or the last line.
_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n|\Z)")
# Header field and continuation lines as the email package's feedparser recognises them; then one field.
_HEADER_LINES = re.compile(rb"(?:(?:[\x21-\x39\x3b-\x7e]*:|[ \t]|From )[^\r\n]*(?:\r\n|\r|\n|\Z))*")
_FIELD = re.compile(rb"[^\r\n]*(?:(?:\r\n|\r|\n)[ \t][^\r\n]*)*(?:\r\n|\r|\n)?")
_LINE_END = re.compile(rb"\r\n|\r|\n")
# A line starting with "--" (a MIME delimiter candidate); the lookbehind also takes a lone "\r" as a line end.
_DASH_LINE = re.compile(rb"(?<![^\r\n])--([^\r\n]*)")
# An empty line: two line ends in a row, without reading "\r\n" as two.
_BLANK = re.compile(rb"\r\n(?:\r\n|\r|\n)|\n(?:\r\n|\r|\n)|\r(?:\r\n|\r)")
_FIELD_START = re.compile(rb"(?:\A|\n|\r(?!\n))[^ \t\r\n]")
# boundary=token, boundary="quoted", boundary='quoted' or boundary*0*=... (RFC 2231: group 1 is "*").
_BOUNDARY = re.compile(
    rb"""boundary\s*(\*)?[^=;]{0,8}=\s*(?:"((?:[^"\\]|\\.)*)"?|'([^']*)'?|([^\s;"']*))""", re.I
)
_WILDCARD = b"*"
"""A level whose boundary is unknown: any "--" line closes or opens its parts."""


def over_limit(raw: bytes, limits: Limits) -> str | None:
    """The code of the first limit `raw` exceeds, or None when it may be parsed.

    Codes: "mail-bytes", "header-bytes", "headers", "header-parameters", "mime-parts", "mime-depth".
    Runs in time linear in ``len(raw)`` (and stops at the first limit exceeded).
    """
    if len(raw) > limits.mail_bytes:
        return "mail-bytes"
    blank = _first_blank(raw, limits.header_bytes + 8)
    header_end = blank + 1 if blank >= 0 else len(raw)
    if raw[:1] in (b"\r", b"\n"):
        header_end = 0
    if header_end > limits.header_bytes:
        return "header-bytes"
    if _field_starts(raw, header_end) > limits.headers:
        return "headers"
    return _Scan(raw, limits).run()


def _first_blank(raw: bytes, end: int) -> int:
    """Where the first empty line of ``raw`` (``_BLANK``, ending before ``end``) starts; -1 if none.

    Before the first "\\n\\n" of a mail without a "\\r" up to there, no two line ends follow one
    another, so that is the first: found so without the pattern, which tries every byte."""
    found = raw.find(b"\n\n", 0, end)
    if found >= 0 and raw.find(b"\r", 0, found) < 0:
        return found
    blank = _BLANK.search(raw, 0, end)
    return blank.start() if blank else -1


def _field_starts(raw: bytes, end: int) -> int:
    """How many header fields start in ``raw[:end]``: lines whose first byte is not a space, a tab or
    a line end (``_FIELD_START``), counted by ``_field_lines`` when it can, else by the pattern."""
    counted = _field_lines(raw[:end])
    return len(_FIELD_START.findall(raw, 0, end)) if counted is None else counted


def _field_lines(block: bytes) -> int | None:
    """How many lines of ``block`` start with a byte but a space, a tab or a line end, when its lines
    end in "\\n" or "\\r\\n" (the last maybe in a lone "\\r", whose "\\n" is beyond it) and none
    is empty; None otherwise.

    Each line end but a last one is then followed by a line, which is counted unless it starts with
    a space or a tab: counted by the line ends, without a loop over the lines or a pattern."""
    text = block.replace(b"\r\n", b"\n")
    if text.endswith(b"\r"):
        text = text[:-1] + b"\n"
    if b"\r" in text or b"\n\n" in text or text.startswith(b"\n"):
        return None
    ends = text.count(b"\n") - text.endswith(b"\n")
    first = 1 if text and text[:1] not in (b" ", b"\t") else 0
    return first + ends - text.count(b"\n ") - text.count(b"\n\t")


class _Scan:
    """One pass over a mail's MIME structure: header blocks, boundaries declared, delimiter lines."""

    def __init__(self, raw: bytes, limits: Limits) -> None:
        self.raw = raw
        self.limits = limits
        self.stack: list[set[bytes]] = []  # the open multiparts (and message/* parts), innermost last
        self.parts = 1  # the mail itself
        self.patterns: dict[frozenset[bytes], re.Pattern[bytes]] = {}

    def _delimiter_line(self) -> re.Pattern[bytes]:
        """A pattern for the lines that may be delimiters of the open multiparts.

        Searching for the known boundaries only is ten times faster than looking at every "--" line
        (which the wildcard, or more than a few open boundaries, fall back to).
        """
        known = frozenset().union(*self.stack)
        if _WILDCARD in known or len(known) > 16:
            return _DASH_LINE
        if known not in self.patterns:
            choices = b"|".join(re.escape(boundary) for boundary in sorted(known, key=len, reverse=True))
            self.patterns[known] = re.compile(
                rb"(?<![^\r\n])--((?:" + choices + rb")(?:--)?)[ \t]*(?=[\r\n]|\Z)", re.I
            )
        return self.patterns[known]

    def run(self) -> str | None:
        position: int | None = 0
        while position is not None:
            position, problem, embedded = self._header_block(position)
            if problem:
                return problem
            if position is not None and not embedded:
                position, problem = self._next_part(position)
                if problem:
                    return problem
        return None

    def _header_block(self, start: int) -> tuple[int | None, str | None, bool]:
        """One header block from `start`: (where its body starts, problem, whether that body is a mail)."""
        raw, limits = self.raw, self.limits
        lines = _HEADER_LINES.match(raw, start, start + limits.header_bytes + 1)
        assert lines is not None  # it matches the empty string too
        end = lines.end()
        if end - start > limits.header_bytes:
            return None, "header-bytes", False
        problem, declared, message = self._fields(start, end)
        if problem:
            return None, problem, False
        blank = _LINE_END.match(raw, end)  # the empty line ending the block, if that is what ended it
        body = blank.end() if blank else end
        if declared or message:
            self.stack.append(declared)
            if len(self.stack) > limits.mime_depth:
                return None, "mime-depth", False
        if message and not declared:  # the body of a message/* part is a whole mail: headers first
            self.parts += 1
            if self.parts > limits.mime_parts:
                return None, "mime-parts", False
            return (body if body < len(raw) else None), None, True
        return body, None, False

    def _fields(self, start: int, end: int) -> tuple[str | None, set[bytes], bool]:
        """The fields of the header block ``raw[start:end]``: (the problem of the first limit they
        exceed, the boundaries they declare, whether they make the body a mail); counted at once when
        they are plain (``_plain_fields``), else looked at one by one."""
        raw, limits = self.raw, self.limits
        plain = _plain_fields(raw[start:end])
        if plain is not None:
            return ("headers" if plain > limits.headers else None), set(), False
        declared: set[bytes] = set()
        message = False
        position, fields = start, 0
        while position < end:
            field = _FIELD.match(raw, position, end)
            assert field is not None
            position = field.end()
            fields += 1
            if fields > limits.headers:
                return "headers", declared, message
            name, _, content = field.group().partition(b":")
            name = name.strip().lower()
            if name.startswith(b"content-"):
                if content.count(b";") > MAX_PARAMETERS:
                    return "header-parameters", declared, message
                message = message or (name == b"content-type" and b"message/" in content.lower())
            if b"oundary" in content or b"OUNDARY" in content:
                declared |= _boundaries(content)
        return None, declared, message

    def _next_part(self, start: int) -> tuple[int | None, str | None]:
        """Find the next delimiter line of an open multipart: (where that part's headers start, problem)."""
        while self.stack:
            dash = self._delimiter_line().search(self.raw, start)
            if dash is None:
                return None, None
            start = dash.end()
            key = dash.group(1).rstrip(b" \t").lower()
            if not key:
                continue
            for level in range(len(self.stack) - 1, -1, -1):
                boundaries = self.stack[level]
                opens = key in boundaries or (_WILDCARD in boundaries and not key.endswith(b"--"))
                closes = key.endswith(b"--") and (key[:-2] in boundaries or _WILDCARD in boundaries)
                if opens:
                    del self.stack[level + 1 :]
                    self.parts += 1
                    if self.parts > self.limits.mime_parts:
                        return None, "mime-parts"
                    line = _LINE.match(self.raw, start)
                    assert line is not None
                    return line.end(), None
                if closes:
                    del self.stack[level:]
                    break
        return None, None


def _plain_fields(block: bytes) -> int | None:
    """How many fields the header block ``block`` holds, when ``_Scan._fields`` would find nothing
    else in it: no "oundary" (so no boundary declared), no "message/" (so no enclosed mail), and no
    more ";" in all than one field may hold; None otherwise, or when ``_field_lines`` cannot count.

    Each field is a line and its continuation lines, and only the first line of a block may start
    a field with a space or a tab."""
    if (
        b"oundary" in block
        or b"OUNDARY" in block
        or block.count(b";") > MAX_PARAMETERS
        or b"message/" in block.lower()
    ):
        return None
    lines = _field_lines(block)
    if lines is None:
        return None
    return lines + (1 if block[:1] in (b" ", b"\t") else 0)


def _boundaries(content: bytes) -> set[bytes]:
    """The boundaries (lowercased) declared in one header line; the wildcard when one cannot be read."""
    found: set[bytes] = set()
    for match in _BOUNDARY.finditer(content):
        extended, quoted, single, token = match.groups()
        if quoted is not None:
            value = re.sub(rb"\\(.)", rb"\1", quoted)
        else:
            value = single if single is not None else token or b""
        value = value.strip().lower()
        found.add(_WILDCARD if extended or not value else value)
        if single is not None:  # quotes MIME does not know: the parser may keep them in the boundary
            found.add(b"'" + value + b"'")
    return found
