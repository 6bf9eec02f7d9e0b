"""Words typed without the spaces between them ("gotothekitchen", «идунакухню»).

A long run of letters that is no word of its own is cut into the fewest pieces that are each a word the
orders are written with — an order verb in any form, a room or a card in any case, a small word of an
order (to, the, and, в, на, и) — or left as it is when no such cut exists. The reader reads the cut
line as any other: what it does not take as an order is asked, never said aloud.
"""

from __future__ import annotations

import re
from functools import cache

from referee.core.russian import morph
from referee.games.ten_sailors.lexicon import card_forms
from referee.games.ten_sailors.words import CONNECTORS, FILLERS, PRONOUNS, VERBS, lemmas

_LONGEST_RUN = 40
"""Runs longer than this are left as they are (the cut is quadratic in the run's length)."""
_SHORTEST_RUN = 8
_RUN = re.compile(rf"(?<![\w'’-])[^\W\d_]{{{_SHORTEST_RUN},{_LONGEST_RUN}}}(?![\w'’-])")
_ONE_LETTER = frozenset({"a", "i", "в", "к", "с", "и", "у", "о"})
_MORE_SMALL = frozenset(
    {"for", "then", "search", "look", "find", "check", "trap", "set", "on", "at", "me", "go", "move", "stay",
     "иду", "ищу", "ставлю", "ловушка", "ловушку", "потом", "затем", "на", "под", "за", "по"}
)  # fmt: skip


@cache
def _small() -> frozenset[str]:
    return frozenset(w for w in FILLERS | CONNECTORS | PRONOUNS | _MORE_SMALL if " " not in w)


def _a_word(piece: str) -> bool:
    """Whether ``piece`` is a word orders are written with."""
    if len(piece) == 1:
        return piece in _ONE_LETTER
    if piece in _small() or piece in card_forms():
        return True
    if piece.isascii():
        return any(form in VERBS for form in lemmas(piece))
    return any(form in VERBS for form in lemmas(piece)) and morph().word_is_known(piece)


def _is_word(run: str) -> bool:
    if run.isascii():
        return False  # an English run this long is a word only if the orders know it
    return bool(morph().word_is_known(run))


def cut(run: str) -> list[str] | None:
    """``run`` (folded) cut into the fewest words orders are written with, or None."""
    best: list[list[str] | None] = [[]] + [None] * len(run)
    for end in range(1, len(run) + 1):
        for start in range(max(0, end - 20), end):
            before = best[start]
            if before is None:
                continue
            piece = run[start:end]
            if _a_word(piece) and (best[end] is None or len(before) + 1 < len(best[end] or [])):
                best[end] = [*before, piece]
    return best[len(run)]


_HYPHENED = re.compile(r"(?<![\w-])([^\W\d_]{3,})-([^\W\d_]{3,})(?![\w-])")
"""Two words joined by a hyphen («ПЕРЕХОД-СПАЛЬНЯ», "search-knife")."""


def _unhyphened(found: re.Match[str]) -> str:
    """An order word and what it names joined by a hyphen, parted («переход - спальня»); any other
    hyphened word («кто-нибудь», "bed-side") as it is."""
    first, second = (part.lower().replace("ё", "е") for part in found.groups())
    ordered = any(form in VERBS for form in lemmas(first))
    named = second in card_forms() or any(lemmas(second) & set(card_forms()))
    return f"{found.group(1)} - {found.group(2)}" if ordered and named else found.group()


def unglued(line: str) -> str:
    """``line`` with each long run of letters that is no word cut into the words it was typed from, and
    an order word hyphened to the name after it parted from it."""
    line = _HYPHENED.sub(_unhyphened, line)

    def spaced(found: re.Match[str]) -> str:
        run = found.group()
        folded = run.lower().replace("ё", "е")
        if folded in card_forms() or _a_word(folded) or _is_word(folded):
            return run
        pieces = cut(folded)
        return " ".join(pieces) if pieces is not None and len(pieces) > 1 else run

    return _RUN.sub(spaced, line)
