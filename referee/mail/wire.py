"""A two-part mail (plain text and HTML) written straight to bytes, as the email package would write it.

The standard library's ``EmailMessage`` parses every header it is given into an object and
folds it again when the mail is written: a fifth of the time of composing a mail, and as much
again to write it out. The referee's headers are few and simple, so here they are written
directly, folded by the email policy's rules (lines of at most 78 characters, broken at a space;
a subject as ``Subject.fold`` writes it), and each part is encoded as ``set_content`` chooses:
7bit or 8bit when no line is longer than 78 bytes, else the shorter of quoted-printable and
base64. Parsing the bytes back gives the same headers and the same parts as the ``EmailMessage``
path (tests compare the two).

Only plain ASCII header values are written here; ``mail_bytes`` returns None for any other, and
the caller builds that mail with ``EmailMessage``.
"""

from __future__ import annotations

import binascii
import re
import secrets
from collections.abc import Sequence

LINE = 78
"""The longest line the email policy writes (``max_line_length``)."""

NL = b"\n"


def fold(name: str, value: str) -> bytes:
    """The header ``name: value`` as the policy folds a plain ASCII value: broken at spaces into
    lines of at most 78 characters (a word longer than a line stays whole on its own line)."""
    line = f"{name}: {value}"
    if len(line) <= LINE:
        return line.encode("ascii") + NL
    lines, current, start = [], f"{name}:", f"{name}:"
    for word in value.split(" "):
        if len(current) + 1 + len(word) > LINE and current != start:
            lines.append(current)
            current = ""
        current += " " + word
    lines.append(current)
    return "\n".join(lines).encode("ascii") + NL


def plain(value: str) -> bool:
    """Whether ``value`` can be written as it is: printable ASCII only."""
    return value.isascii() and value.isprintable()


def part(subtype: str, text: str) -> bytes:
    """One text part in UTF-8, with the transfer encoding ``set_content`` would choose."""
    lines = text.encode("utf-8").splitlines()
    body = NL.join(lines) + NL
    if max((len(line) for line in lines), default=0) <= LINE:
        encoding = "7bit" if body.isascii() else "8bit"
    else:  # the shorter of the two, as ``set_content`` chooses (base64's length known without encoding)
        quoted = binascii.b2a_qp(body, istext=True)
        if len(quoted) <= _base64_length(len(body)):
            encoding, body = "quoted-printable", quoted
        else:
            encoding, body = "base64", _base64(body)
    head = f'Content-Type: text/{subtype}; charset="utf-8"\nContent-Transfer-Encoding: {encoding}\n\n'
    return head.encode("ascii") + body


_BASE64_LINE = 57
"""Bytes of data per line of base64 (76 characters)."""


def _base64_length(size: int) -> int:
    """The length of ``_base64`` of ``size`` bytes: 4 characters for every 3 bytes (the last ones padded),
    and a line break after each line."""
    lines, rest = divmod(size, _BASE64_LINE)
    return lines * 77 + ((rest + 2) // 3 * 4 + 1 if rest else 0)


def _base64(data: bytes) -> bytes:
    """``data`` in base64, in lines of 76 characters, as the email package writes it."""
    chunk = _BASE64_LINE
    return b"".join(binascii.b2a_base64(data[start : start + chunk]) for start in range(0, len(data), chunk))


def mail_bytes(
    headers: Sequence[tuple[str, str]], subject: bytes, text: str, html: str, language: str
) -> bytes | None:
    """A ``multipart/alternative`` mail of ``text`` and ``html`` under ``headers`` (each plain ASCII),
    the folded ``subject`` line put after the first header; None if a header value is not plain."""
    if not all(plain(value) for _, value in headers) or not plain(language):
        return None
    parts = [part("plain", text), part("html", html)]
    boundary = _boundary(parts)
    head = [fold(name, value) for name, value in headers]
    head.insert(1, subject)
    head += [
        b"MIME-Version: 1.0\n",
        f'Content-Type: multipart/alternative;\n boundary="{boundary}"\n'.encode("ascii"),
        fold("Content-Language", language),
    ]
    delimiter = f"--{boundary}\n".encode("ascii")
    body = delimiter + (NL + delimiter).join(parts) + f"\n--{boundary}--\n".encode("ascii")
    return b"".join(head) + NL + body


def header_value(raw: bytes, name: str) -> str | None:
    """The first ``name`` header of the mail ``raw``, unfolded (None if it has none)."""
    head = raw.replace(b"\r\n", NL).split(b"\n\n", 1)[0]
    unfolded = re.sub(rb"\n[ \t]+", b" ", head)
    prefix = name.lower().encode("ascii") + b":"
    for line in unfolded.split(NL):
        if line.lower().startswith(prefix):
            return line[len(prefix) :].strip().decode("utf-8", "replace")
    return None


def _boundary(parts: Sequence[bytes]) -> str:
    """A boundary found in none of ``parts``."""
    while True:
        boundary = f"==============={secrets.randbelow(10**19):019d}=="
        if not any(boundary.encode("ascii") in part for part in parts):
            return boundary
