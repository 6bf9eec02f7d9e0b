"""Text as it is read for orders: one Unicode form, without characters that hide or reorder letters.

A soft hyphen inside "Stu\u00addy", a zero-width space inside a name or a right-to-left override
all look like nothing on screen, yet would make an order not match, or make talk say something
other than it shows. `clean_text` removes them; it maps no letters to others (Cyrillic stays
Cyrillic).
"""

from __future__ import annotations

import unicodedata

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


def clean_text(text: str) -> str:
    """`text` in Unicode NFKC, without control characters (but newlines and tabs) or invisible ones.

    Line ends become "\\n". Removed: the other C0 and C1 controls, soft hyphens,
    zero-width characters, invisible separators and operators, the byte order mark, and bidi
    embeddings, overrides and isolates.
    """
    # Removed before NFKC, so that letters around a removed character compose; and after, in case a
    # compatibility form decomposes into one of them (none does today; the second pass costs little).
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFKC", text.translate(_REMOVED)).translate(_REMOVED)
