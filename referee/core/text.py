"""Text as it is read for orders: one Unicode form, without characters that hide or reorder letters.

A soft hyphen inside "Stu\u00addy", a zero-width space inside a name or a right-to-left override
all look like nothing on screen, yet would make an order not match, or make talk say something
other than it shows. `clean_text` removes them; it maps no letters to others (Cyrillic stays
Cyrillic).

A word may also mix scripts: "Dining Rооm" typed with two Cyrillic "о", "Кухнa" with a Latin "a".
`unmix_scripts` writes such a word wholly in the one script it can be written in, using the
look-alike letters of the Unicode confusables list (from the `confusable-homoglyphs` library); a
word wholly in one script is never changed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from difflib import SequenceMatcher
from functools import cache

from confusable_homoglyphs import categories, confusables

_INVISIBLE = (
    "\u00ad"  # soft hyphen
    "\u200b\u200c\u200d\u200e\u200f"  # zero-width space, non-joiner, joiner; LTR and RTL marks
    "\u2060\u2061\u2062\u2063\u2064"  # word joiner, invisible function application, times, separator, plus
    "\ufeff"  # zero-width no-break space (byte order mark)
    "\u202a\u202b\u202c\u202d\u202e"  # bidi embeddings and overrides, pop directional formatting
    "\u2066\u2067\u2068\u2069"  # bidi isolates
)
_KEPT_CONTROLS = "\n\t"
_REMOVED = {ord(char): None for char in _INVISIBLE} | {
    code: None for code in (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)) if chr(code) not in _KEPT_CONTROLS
}

_REMOVED_PATTERN = re.compile("[" + "".join(re.escape(chr(code)) for code in _REMOVED) + "]")
"""The characters of ``_REMOVED``, found by a pattern: a dozen times faster than ``str.translate``."""


def clean_text(text: str, *, printed: bool = False) -> str:
    """`text` in Unicode NFKC, without control characters (but newlines and tabs) or invisible ones.

    Line ends become "\\n". Removed: the other C0 and C1 controls, soft hyphens,
    zero-width characters, invisible separators and operators, the byte order mark, and bidi
    embeddings, overrides and isolates. ``printed``: the caller has found ``printable(text)`` true,
    so it is not asked again (such text has none of the characters removed, nor a "\\r").
    """
    # Removed before NFKC, so that letters around a removed character compose; and after, in case a
    # compatibility form decomposes into one of them (none does today; the second pass costs little).
    if "\r" in text:  # most text has none: one quick search spares a slow one for "\r\n"
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not (printed or printable(text)):  # most text is: asking costs a third of looking for what to remove
        text = _REMOVED_PATTERN.sub("", text)
    if unicodedata.is_normalized("NFKC", text):  # most text is: asking costs a tenth of normalising
        return text
    # Only the lines that need it are normalised: nothing composes with a line feed, so line by line
    # gives what the whole text would (a quoted letter is long, and one "…" in it is enough).
    return "\n".join(_normalised_block(block) for block in _blocks(text))


def printable(text: str) -> bool:
    """Whether every character of ``text`` but its line feeds and tabs is printable.

    Such text holds none of the characters ``clean_text`` removes (each of them is a control or a
    format character, which Python never calls printable), nor any that ``is_garbage`` counts but
    the replacement character. Asking is a few times quicker than searching for them by a pattern.
    """
    return text.replace("\n", " ").replace("\t", " ").isprintable()


_BLOCK = 1000
"""About how many characters of a text are asked at once whether they are in NFKC (``_blocks``)."""


def _blocks(text: str) -> Iterator[str]:
    """``text`` cut at line feeds (which are left out) into blocks of whole lines, each about
    ``_BLOCK`` characters long or more: asking a block costs as much as asking its lines one by one,
    but for the cost of splitting it into lines, which only a block holding a line to normalise needs."""
    start = 0
    while True:
        end = text.find("\n", start + _BLOCK)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def _normalised_block(block: str) -> str:
    """A block of lines (without removed characters) in NFKC, line by line: a block in NFKC has each
    of its lines in NFKC, so it stays as it is."""
    if unicodedata.is_normalized("NFKC", block):
        return block
    return "\n".join(
        line if unicodedata.is_normalized("NFKC", line) else _renormalised(line) for line in block.split("\n")
    )


def _renormalised(line: str) -> str:
    """A line (without removed characters) in NFKC, and without any the normalising made."""
    return _REMOVED_PATTERN.sub("", nfkc(line))


def nfkc(text: str) -> str:
    """``text`` in Unicode NFKC."""
    return unicodedata.normalize("NFKC", text)


SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
"""The scripts whose look-alike letters `unmix_scripts` maps to one another."""

# Where the letters of SCRIPTS lie (after NFKC): Latin with its extensions and small capitals,
# Greek and Coptic with Greek Extended, Cyrillic with its supplement and extensions.
_BLOCKS = (
    (0x41, 0x24F), (0x250, 0x2AF), (0x370, 0x52F), (0x1D00, 0x1DBF), (0x1E00, 0x1FFF),
    (0x2C60, 0x2C7F), (0x2DE0, 0x2DFF), (0xA640, 0xA69F), (0xA720, 0xA7FF), (0xAB30, 0xAB6F),
)  # fmt: skip
_CODE = {"LATIN": "\x01", "CYRILLIC": "\x02", "GREEK": "\x03"}
"""A control character standing for each script once a text's letters are replaced by their
script's (no letter is a control character, and the text has none left)."""
# The letters a word may be given in each script: its ordinary ones, never a rare look-alike such
# as the Latin small capital "ʜ" for the Cyrillic "н".
_ORDINARY = {
    "LATIN": lambda char: char.isascii(),
    "CYRILLIC": lambda char: "\u0400" <= char <= "\u045f",
    "GREEK": lambda char: "\u0370" <= char <= "\u03ff",
}
_WORD = re.compile(r"[^\W\d_]+")


@cache
def _scripts() -> dict[int, str]:
    """A translation table putting each letter of `SCRIPTS` into its script's `_CODE`."""
    table: dict[int, str] = {}
    for first, last in _BLOCKS:
        for code in range(first, last + 1):
            script = categories.alias(chr(code))
            if script in _CODE and chr(code).isalpha():
                table[code] = _CODE[script]
    return table


@cache
def _lookalikes() -> dict[str, dict[int, str]]:
    """For each of `SCRIPTS`, a translation table from the letters of the other two that look like
    one of its ordinary letters to that letter; built once from the confusables list."""
    scripts = _scripts()
    script_of = {code: name for name, code in _CODE.items()}
    tables: dict[str, dict[int, str]] = {script: {} for script in SCRIPTS}
    for char, found in confusables.confusables_data.items():
        if len(char) != 1 or ord(char) not in scripts:
            continue
        for glyph in (entry["c"] for entry in found):
            if len(glyph) != 1 or ord(glyph) not in scripts:
                continue
            script = script_of[scripts[ord(glyph)]]
            if scripts[ord(glyph)] != scripts[ord(char)] and _ORDINARY[script](glyph):
                tables[script].setdefault(ord(char), glyph)
    return tables


def unmix_scripts(text: str) -> str:
    """``text`` with each word that mixes Latin, Cyrillic or Greek letters written in one script.

    A mixed word is written in a script it holds whose look-alikes can replace all its other
    letters ("Rооm" with Cyrillic "о" has no Cyrillic "R" and "m", so it becomes Latin "Room");
    if it could be written in several, in the one most of its letters are in, then the one most
    letters of its line are in; if that still leaves a tie, or no script can hold the whole word,
    the word is left as it is. Words wholly in one script, and ASCII text, are never changed.
    """
    if text.isascii():
        return text
    return "\n".join(_unmixed_line(line) for line in text.split("\n"))


def _counts(text: str) -> dict[str, int]:
    """How many letters of ``text`` are in each of `SCRIPTS`."""
    coded = text.translate(_scripts())
    return {script: coded.count(code) for script, code in _CODE.items()}


def _unmixed_line(line: str) -> str:
    if line.isascii():
        return line
    in_line = _counts(line)
    if sum(1 for count in in_line.values() if count) < 2:
        return line
    return _WORD.sub(lambda match: _unmixed_word(match.group(), in_line), line)


def _unmixed_word(word: str, in_line: dict[str, int]) -> str:
    if word.isascii():
        return word
    counts = _counts(word)
    present = [script for script in SCRIPTS if counts[script]]
    if len(present) < 2:
        return word
    written = {script: word.translate(_lookalikes()[script]) for script in present}
    fits = [script for script in present if _counts(written[script])[script] == sum(counts.values())]
    ranked = sorted(fits, key=lambda script: (counts[script], in_line[script]), reverse=True)
    rank = [(counts[script], in_line[script]) for script in ranked]
    if not ranked or (len(ranked) > 1 and rank[0] == rank[1]):
        return word
    return written[ranked[0]]


def as_written(part: str, said: str, written: str) -> str:
    """The words of ``written`` that ``part`` of ``said`` — ``written`` as a reader rewrote it ("this room"
    said "here", a chat word said whole) — stands for: talk is relayed in the writer's own words. ``part``
    itself where it is already written so, or is no part of ``said``."""
    core = part.strip()
    start = said.find(core)
    if not core or core in written or start < 0:
        return part
    blocks = SequenceMatcher(None, said, written, autojunk=False).get_opcodes()
    first = next(j1 + (start - i1 if tag == "equal" else 0) for tag, i1, i2, j1, _ in blocks if start < i2)
    end = start + len(core)
    last = next(j1 + (end - i1 if tag == "equal" else j2 - j1) for tag, i1, i2, j1, j2 in blocks if end <= i2)
    return written[first:last].strip() or part


def in_order(short: str, long: str) -> bool:
    """Whether the letters of ``short`` stand in ``long`` in the same order ("thr" in "thorough")."""
    letters = iter(long)
    return all(letter in letters for letter in short)
