"""Secrets a seat is given: the token of its reply address and its password; the password a mail
gives on a password line; and a kept mail's copy without the passwords it gave.

A password is never kept: a seat (or a game-master by mail) keeps its argon2 hash and a short lookup
key (``password_key``: eight hex digits of the SHA-256 of the password, written without dashes). A
mail that gives a password is matched to the few seats whose key is the password's, and then to the
one whose hash it verifies. The key is too short to find a password from (some 2^28 passwords share
each key, each to be tried against argon2), long enough that a password is verified against one
hash at most, nearly always (``referee.store.hashes``). The player learns a password only from the
mail that carries it (``referee.app.passwords``).
"""

from __future__ import annotations

import base64
import email
import quopri
import re
import secrets
from email.policy import compat32

from referee.store.hashes import PASSWORD_LENGTH, bare

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
_APART = rb"(?:[ \t.\-_]|\xe2\x80[\x90-\x95]|\xe2\x88\x92|[\x96\x97]){0,3}"
"""What may stand between a password's groups in the bytes of a mail: spaces, dots, dashes (of any
kind, in UTF-8 and cp1251, and the minus sign)."""
_GROUPS = rb"[a-z0-9]{4}" + _APART + rb"[a-z0-9]{4}" + _APART + rb"[a-z0-9]{4}(?![a-z0-9])"
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


def hide_passwords(raw: bytes, *passwords: str) -> bytes:
    """``raw`` with every password line's password, and each of ``passwords`` wherever it stands (in
    any spelling), replaced by ``HIDDEN``: a mail is kept without the password it gave, right or
    wrong, nor any it said aloud.

    Parts in base64 or quoted-printable are decoded, cleaned and encoded again when a password is
    given (and only then: the mail is parsed for it); the rest of the mail stays as it came.
    """
    given = _given(passwords)
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


_BETWEEN = rb"[^a-z0-9]{0,8}"
"""What may stand between two letters of a given password in the bytes of a mail: anything but letters
and digits, a few bytes of it (spaces, dashes of any kind in any charset, dots, a line break and the
quote marks of the next line, the zero bytes of UTF-16)."""


def _given(passwords: tuple[str, ...]) -> re.Pattern[bytes] | None:
    """The pattern of ``passwords`` as they may be written (any case, anything but letters and digits
    between their letters: spaces, dashes, dots, line breaks), if any."""
    each = sorted({letters for password in passwords if len(letters := bare(password)) == PASSWORD_LENGTH})
    if not each:
        return None
    written = (_BETWEEN.join(re.escape(c.encode()) for c in letters) for letters in each)
    return re.compile(b"|".join(written), re.IGNORECASE)


def _hidden(data: bytes, given: re.Pattern[bytes] | None) -> bytes:
    data = _hide_lines(data)
    return given.sub(HIDDEN, data) if given is not None else data


_TEXT_APART = r"[\s.\-_\u2010-\u2015\u2212]{0,3}"
"""What may stand between a password's groups on a password line: spaces, dots, dashes of any kind."""
_TEXT_PASSWORD_LINE = re.compile(
    r"^\s*(?:password|пароль)\s*[:=]?\s*"
    rf"([a-z0-9]{{4}}){_TEXT_APART}([a-z0-9]{{4}}){_TEXT_APART}([a-z0-9]{{4}})\s*[.!,;]*\s*$",
    re.IGNORECASE,
)
"""A password line of a mail's text as read: the keyword and a password of three groups of four
("k7pq-2mx9-wh4t", "PASSWORD K7PQ 2MX9 WH4T.", "пароль: k7pq–2mx9–wh4t"); any other spelling is a
password said aloud."""


def password_lines(text: str) -> tuple[str, str]:
    """``text`` without its password lines, and the first password given ("" if none)."""
    kept, passwords = [], []
    for line in text.splitlines():
        match = _TEXT_PASSWORD_LINE.match(line)
        if match:
            passwords.append("-".join(match.groups()).lower())
        else:
            kept.append(line)
    return "\n".join(kept), passwords[0] if passwords else ""
