"""Decoding a mail's text whatever charset it claims: Russian mail is often mislabelled."""

from __future__ import annotations

import codecs
import re
from contextlib import suppress

from referee.core.text import printable

_LATIN = frozenset({"iso8859-1", "iso8859-15", "cp1252"})
_RUSSIAN_BY_FREQUENCY = "оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё"
_RUSSIAN_WORD = re.compile(r"[а-яё]{3,}")


def decode_text(payload: bytes, charset: str | None) -> str:
    """Text of a body part whatever its declared charset says.

    Valid UTF-8 is taken as UTF-8 (it is never an accident, and mislabelled UTF-8 is common); then the
    declared charset; then windows-1251 or KOI8-R if either reads like Russian; then Latin-1.
    """
    with suppress(UnicodeDecodeError):
        return payload.decode("utf-8")
    codec = _codec(charset)
    if codec and codec not in _LATIN:
        with suppress(UnicodeError, LookupError):
            return payload.decode(codec)
    return _russian(payload) or payload.decode(codec if codec in _LATIN else "latin-1", errors="replace")


def _codec(charset: str | None) -> str | None:
    """The Python codec name for a MIME charset, or None when Python does not know it."""
    try:
        return codecs.lookup(charset).name if charset else None
    except LookupError:
        return None


def _russian(payload: bytes) -> str | None:
    """The payload read as windows-1251 or KOI8-R, whichever looks like Russian; None if neither does.

    Both put Cyrillic letters in the upper half, in different orders: the right one gives words made of
    frequent Russian letters (scored by frequency rank, 33 for "о" down to 1 for "ё"; random letters
    average 17, Russian text about 24).
    """
    best, best_score = None, 20.0
    for codec in ("cp1251", "koi8-r"):
        text = payload.decode(codec, errors="replace")
        letters = "".join(_RUSSIAN_WORD.findall(text.lower()))
        score = sum(33 - _RUSSIAN_BY_FREQUENCY.index(letter) for letter in letters) / max(len(letters), 1)
        if len(letters) >= 6 and score > best_score:
            best, best_score = text, score
    return best


_JUNK = re.compile("[\ufffd\x00-\x08\x0b\x0e-\x1f]")
"""What no person writes: the replacement character, and the control characters but the tab, the line
feed, the form feed and the carriage return."""


def is_garbage(text: str, *, printed: bool | None = None) -> bool:
    """Whether decoded text is binary junk rather than something a person wrote.

    Text without the replacement character whose characters are all printable (but line feeds and
    tabs: ``printable``) holds no junk at all, and most text is such: telling so is quicker than
    counting by the pattern. ``printed``: ``printable(text)`` if the caller has asked it already."""
    if "\ufffd" not in text and (printable(text) if printed is None else printed):
        return False
    junk = len(_JUNK.findall(text))
    return junk > max(3, len(text) // 20)
