"""Passwords written into text anyone else may read: found in any spelling, and hidden.

A password is twelve letters and digits of ``PASSWORD_ALPHABET``. Written into a text it may be in
any case, its groups joined or apart (spaces, dashes of any kind, dots, a line break between them, or
between any two of its letters), with or without a keyword before it and punctuation after it, in
full-width or look-alike Cyrillic and Greek letters. ``spoken`` gives every stretch of a text that
reads as twelve such letters in a row: which of them is a seat's password only the seats' hashes can
tell (``referee.app.passwords``); ``hidden`` writes ``HIDDEN_TEXT`` over those that are.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from referee.app.credentials import PASSWORD_ALPHABET
from referee.store.hashes import PASSWORD_LENGTH

HIDDEN_TEXT = "****"
"""What a password said aloud becomes in the text that is kept and relayed."""

GAP_MOST = 6
"""The most characters (spaces, dashes, dots, line breaks, quote marks) between two letters of one
password as written: more, and the letters on either side belong to different words."""

_LOOK_ALIKES = str.maketrans(
    {
        **dict(zip("аеіјкмнорсухԛѕԝһвтз", "aeijkmhopcyxqswhbt3", strict=True)),
        **dict(zip("αβεικνορτυχ", "abeikvoptux", strict=True)),
    }
)
"""Cyrillic and Greek letters (lower case) that read as a Latin letter or a digit of a password."""

_ALPHABET = frozenset(PASSWORD_ALPHABET)


@dataclass(frozen=True)
class Spoken:
    """Twelve password letters in a row in a text: where they stand (``text[start:end]``) and which."""

    start: int
    end: int
    letters: str


def _letter(character: str) -> str:
    """The letter or digit of a password ``character`` reads as (lower case); "" for none, "?" for a
    letter or digit that is no password's (a word of its own)."""
    if character.isascii():
        if character.isalnum():
            return character.lower()
        return ""
    folded = unicodedata.normalize("NFKC", character).lower().translate(_LOOK_ALIKES)
    if len(folded) == 1 and folded.isascii() and folded.isalnum():
        return folded
    return "?" if character.isalnum() else ""


def spoken(text: str) -> list[Spoken]:
    """Every stretch of ``text`` that reads as a password: twelve letters and digits of passwords in a
    row, with at most ``GAP_MOST`` other characters between any two and no letter of another kind,
    that begins where a word begins and ends where a word ends (a word: letters and digits written
    together)."""
    found: list[Spoken] = []
    for chain in _chains(text):
        starts = {0} | {n for n in range(1, len(chain)) if chain[n][0] - chain[n - 1][0] > 1}
        ends = {n - 1 for n in starts if n} | {len(chain) - 1}
        for first in sorted(starts):
            if first + PASSWORD_LENGTH - 1 not in ends:
                continue
            window = chain[first : first + PASSWORD_LENGTH]
            letters = "".join(letter for _, letter in window)
            if _ALPHABET.issuperset(letters):
                found.append(Spoken(window[0][0], window[-1][0] + 1, letters))
    return found


def _chains(text: str) -> Iterable[list[tuple[int, str]]]:
    """The runs of letters and digits of ``text`` that may hold a password, each letter with its place."""
    chain: list[tuple[int, str]] = []
    for place, character in enumerate(text):
        letter = _letter(character)
        if not letter:
            continue  # a space, a dash, a dot between letters
        if letter != "?" and (not chain or place - chain[-1][0] - 1 <= GAP_MOST):
            chain.append((place, letter))
            continue
        if len(chain) >= PASSWORD_LENGTH:
            yield chain
        chain = [(place, letter)] if letter != "?" else []
    if len(chain) >= PASSWORD_LENGTH:
        yield chain


def hidden(text: str, spans: Iterable[Spoken]) -> str:
    """``text`` with ``HIDDEN_TEXT`` written over each of ``spans`` (overlapping ones as one)."""
    merged: list[list[int]] = []
    for span in sorted(spans, key=lambda s: s.start):
        if merged and span.start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], span.end)
        else:
            merged.append([span.start, span.end])
    pieces, end = [], 0
    for start, stop in merged:
        pieces += [text[end:start], HIDDEN_TEXT]
        end = stop
    return "".join([*pieces, text[end:]])
