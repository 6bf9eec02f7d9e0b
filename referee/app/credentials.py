"""Secrets a seat is given: the token of its reply address and its password; and a kept mail's
copy without the passwords it gave.

Passwords are kept as they are, not hashed: the welcome letter, which may be sent again, tells the
player theirs, and a mail from another address is matched to its seat by its password alone.
"""

from __future__ import annotations

import base64
import email
import quopri
import re
import secrets
from email.policy import compat32

PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
"""Letters and digits of seat passwords: none that read alike (l/1, o/0)."""


def new_token() -> str:
    """A fresh reply-address token: 128 random bits in lower-case hex (mail servers may fold case)."""
    return secrets.token_hex(16)


def new_password() -> str:
    """A fresh seat password such as "k7pq-2mx9-wh4t", easy to copy and to type."""
    return "-".join("".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(4)) for _ in range(3))


HIDDEN = b"****"
"""What a password becomes in the copy of a mail that is kept."""

_KEYWORDS = [b"password"] + [
    word.encode(charset)
    for word in ("пароль", "Пароль", "ПАРОЛЬ")
    for charset in ("utf-8", "cp1251", "koi8-r")
]
_GROUPS = rb"[a-z0-9]{4}[ \t-]?[a-z0-9]{4}[ \t-]?[a-z0-9]{4}(?![a-z0-9])"
_PASSWORD_LINE = re.compile(
    rb"(" + b"|".join(re.escape(word) for word in _KEYWORDS) + rb")([ \t]*[:=]?[ \t]*)" + _GROUPS,
    re.IGNORECASE,
)
"""A password line's keyword and password, in the bytes of a mail (ASCII, UTF-8, cp1251, KOI8-R)."""


def _hide_lines(data: bytes) -> bytes:
    """``data`` with every password line's password hidden: what ``_PASSWORD_LINE.sub`` gives, tried
    only where a keyword stands (a match starts with one), which is many times faster over a mail."""
    folded = data.lower()  # the pattern folds ASCII letters alone, as bytes.lower does
    starts: set[int] = set()
    for word in _ASCII_KEYWORDS if data.isascii() else _FOLDED_KEYWORDS:  # most mail is ASCII, encoded
        found = folded.find(word)
        while found >= 0:
            starts.add(found)
            found = folded.find(word, found + 1)
    if not starts:
        return data
    pieces, end = [], 0
    for start in sorted(starts):
        match = _PASSWORD_LINE.match(data, start) if start >= end else None
        if match is not None:
            pieces += [data[end:start], match[1], match[2], HIDDEN]  # as expand(rb"\1\2" + HIDDEN)
            end = match.end()
    return b"".join([*pieces, data[end:]])


_FOLDED_KEYWORDS = {word.lower() for word in _KEYWORDS}
_ASCII_KEYWORDS = {word for word in _FOLDED_KEYWORDS if word.isascii()}

_ENCODED = re.compile(
    rb"^content-transfer-encoding:[ \t]*(base64|quoted-printable)", re.IGNORECASE | re.MULTILINE
)


def hide_passwords(raw: bytes, password: str = "") -> bytes:
    """``raw`` with every password line's password, and ``password`` wherever it stands, replaced by
    ``HIDDEN``: a mail is kept without the password it gave, right or wrong.

    Parts in base64 or quoted-printable are decoded, cleaned and encoded again when a password is
    given (and only then: the mail is parsed for it); the rest of the mail stays as it came.
    """
    given = _given(password)
    cleaned = _hidden(raw, given)
    if given is None or not _ENCODED.search(cleaned):
        return cleaned
    message = email.message_from_bytes(cleaned, policy=compat32)
    changed = False
    for part in message.walk():
        encoding = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
        if part.is_multipart() or encoding not in ("base64", "quoted-printable"):
            continue
        body = part.get_payload(decode=True)
        if not isinstance(body, bytes) or (hidden := _hidden(body, given)) == body:
            continue
        text = base64.encodebytes(hidden) if encoding == "base64" else quopri.encodestring(hidden)
        part.set_payload(text.decode("ascii"))
        changed = True
    return message.as_bytes() if changed else cleaned


def _given(password: str) -> re.Pattern[bytes] | None:
    """The pattern of ``password`` as it may be written (any case, groups apart or joined), if any."""
    groups = re.fullmatch(r"([a-z0-9]{4})-([a-z0-9]{4})-([a-z0-9]{4})", password.lower())
    if groups is None:
        return None
    return re.compile(rb"[ \t-]?".join(group.encode() for group in groups.groups()), re.IGNORECASE)


def _hidden(data: bytes, given: re.Pattern[bytes] | None) -> bytes:
    data = _hide_lines(data)
    return given.sub(HIDDEN, data) if given is not None else data
