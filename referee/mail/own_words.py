"""The referee's own lines: the fixed text of its templates, recognised when a reply repeats it.

A player's mail client may paste the referee's letter below the reply with no ">" marks and no
attribution (or the player copies it in by hand). Any line of that paste which repeats a line the
referee writes (a heading, a line of the help or welcome text, a greeting) ends the new text, so
that the help's examples are never taken as the player's orders (``quotes.new_text``).

The lines come from the text templates (``templates/<language>/**/*.txt.j2``): Jinja comments
and statements are removed, each ``{{ … }}`` becomes a wildcard, and a line is kept only if its
fixed text holds at least ``MIN_LETTERS`` letters in at least ``MIN_WORDS`` words. A line that is
itself an order a player could write ("MOVE Study", "DAY 2 HOUR 3: SEARCH Rope, Sink",
"ИДТИ Столовая", a game-master's "PAUSE") is never kept: it starts with an order word, maybe
after a time such as "DAY 2 HOUR 3:".

Lines are compared casefolded, with whitespace collapsed and leading bullets removed. A line
repeats a kept line when it matches it whole (each wildcard standing for any text), or when it is
the first part, at least ``MIN_WRAPPED_LETTERS`` letters in ``MIN_WRAPPED_WORDS`` words, of a kept
line's fixed start (a long line a mail client wrapped). ``OwnLines.weight`` says how many letters
of fixed text a line repeats (1 for a start only), so that the reader can trust a long sentence
more than a short heading or the start of a line. The check costs time linear in the line's
length: exact lines are a set, wildcard lines are found by their first or last ``_ANCHOR``
characters, and the starts of lines are searched in a sorted list.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from referee.app import ACTIONS
from referee.games import order_words
from referee.render import templates_dir

MIN_LETTERS = 12
MIN_WORDS = 2
MIN_WRAPPED_LETTERS = 20
MIN_WRAPPED_WORDS = 4
_ANCHOR = 8
_LONGEST = 4000
"""No line of the referee's is longer; a longer one is not compared at all."""

_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_STATEMENT = re.compile(r"\{%.*?%\}", re.S)
_EXPRESSION = re.compile(r"\{\{.*?\}\}", re.S)
_WILD = "\x00"
_TAG = "\x01"
_BULLETS = " -*•·–—"
"""What a line's leading bullets are made of, beside whitespace."""
_TIME = re.compile(r"^(?:[^\W\d_]+\s*\d+[\s,]*){1,2}[:.\-—]?\s*")
_FIRST_WORD = re.compile(r"[^\W\d_]+")


def key(line: str) -> str:
    """``line`` as it is compared: casefolded, whitespace collapsed, without leading bullets.

    ``str.split`` breaks at the characters the ``\\s`` of a pattern stands for, so the words joined by
    single spaces are the text with each run of whitespace one space and none at either end: what
    is left to strip at the start is bullets and single spaces, and nothing is left at the end.
    """
    return " ".join(line.casefold().split()).lstrip(_BULLETS)


@dataclass(frozen=True)
class _Glob:
    """A line of the referee's with wildcards: its fixed ``pieces`` (the first or the last may be
    ""), the longest of them (``probe``, looked for first) and how many letters they hold."""

    pieces: tuple[str, ...]
    probe: str
    letters: int


@dataclass(frozen=True)
class OwnLines:
    """The lines the referee writes, ready to be recognised in a reply."""

    exact: frozenset[str]
    """Kept lines without a wildcard, as ``key`` gives them."""
    by_start: dict[str, tuple[_Glob, ...]]
    """Wildcard lines (their fixed pieces) by the first ``_ANCHOR`` characters of the first piece."""
    by_end: dict[str, tuple[_Glob, ...]]
    """The other wildcard lines by the last ``_ANCHOR`` characters of the last piece."""
    loose: tuple[_Glob, ...]
    """Wildcard lines whose first and last pieces are both too short to be found by."""
    starts: tuple[str, ...]
    """The fixed start of every kept line, sorted."""

    @classmethod
    def from_templates(cls, texts: Iterable[str], order_words: Collection[str]) -> OwnLines:
        """The kept lines of the template sources ``texts``; ``order_words`` (folded) begin orders."""
        words = {word.casefold() for word in order_words}
        exact: set[str] = set()
        by_start: dict[str, list[_Glob]] = {}
        by_end: dict[str, list[_Glob]] = {}
        loose: list[_Glob] = []
        starts: set[str] = set()
        for pieces in {pieces for text in texts for pieces in _template_lines(text)}:
            if not _kept(pieces, words):
                continue
            starts.add(pieces[0].rstrip())
            glob = _Glob(pieces, max(pieces, key=len), _letters("".join(pieces)))
            if len(pieces) == 1:
                exact.add(pieces[0])
            elif len(pieces[0]) >= _ANCHOR:
                by_start.setdefault(pieces[0][:_ANCHOR], []).append(glob)
            elif len(pieces[-1]) >= _ANCHOR:
                by_end.setdefault(pieces[-1][-_ANCHOR:], []).append(glob)
            else:
                loose.append(glob)
        return cls(
            exact=frozenset(exact),
            by_start={anchor: tuple(found) for anchor, found in by_start.items()},
            by_end={anchor: tuple(found) for anchor, found in by_end.items()},
            loose=tuple(loose),
            starts=tuple(sorted(start for start in starts if start)),
        )

    def weight(self, line: str) -> int:
        """How many letters of the referee's fixed text ``line`` repeats whole; 1 when it only starts
        one of its lines (a line a mail client wrapped), 0 when it repeats none."""
        if len(line) > _LONGEST:
            return 0
        text = key(line)
        if len(text) < self._shortest:  # an empty text too
            return 0
        if text in self.exact:
            return _letters(text)
        candidates = (*self.by_start.get(text[:_ANCHOR], ()), *self.by_end.get(text[-_ANCHOR:], ()))
        sizes, loose = self._loose_by_size
        candidates += loose[: bisect.bisect_right(sizes, len(text))]
        matched = [glob.letters for glob in candidates if glob.probe in text and _matches(glob.pieces, text)]
        if matched:
            return max(matched)
        return 1 if self._starts_one(text) else 0  # a start may be a player's: another line must follow

    @cached_property
    def _shortest(self) -> int:
        """How long a text at least is for ``weight`` to find anything in it (never less than 1): a kept
        line without wildcards is as long as itself, one with them as its fixed pieces together, and a
        start of a line needs ``MIN_WRAPPED_LETTERS`` letters."""
        globs = (
            *self.loose,
            *(glob for found in (*self.by_start.values(), *self.by_end.values()) for glob in found),
        )
        return max(1, min((*map(len, self.exact), *map(_size, globs), MIN_WRAPPED_LETTERS)))

    @cached_property
    def _loose_by_size(self) -> tuple[tuple[int, ...], tuple[_Glob, ...]]:
        """(sizes, lines): the ``loose`` lines by the length of their fixed pieces together, shortest
        first. A text shorter than a line's pieces together cannot hold them all one after another,
        so ``_matches`` is false for every line beyond the sizes no longer than the text."""
        ordered = sorted(self.loose, key=_size)
        return tuple(map(_size, ordered)), tuple(ordered)

    def _starts_one(self, text: str) -> bool:
        """Whether ``text`` is, up to a word's end, the fixed start of a kept line (and long enough)."""
        starts = self.starts
        for index in range(bisect.bisect_left(starts, text), len(starts)):  # no copy of the rest
            start = starts[index]
            if not start.startswith(text):
                return False
            if len(start) == len(text) or start[len(text)] == " ":
                return _letters(text) >= MIN_WRAPPED_LETTERS and len(text.split()) >= MIN_WRAPPED_WORDS
        return False


@cache
def referee_lines(templates: Path | None = None) -> OwnLines:
    """The lines of every text template in ``templates`` (the repository's by default), read once."""
    folder = templates or templates_dir()
    texts = (path.read_text("utf-8") for path in sorted(folder.rglob("*.txt.j2")))
    return OwnLines.from_templates(texts, order_words() | set(ACTIONS.words))


def _template_lines(source: str) -> list[tuple[str, ...]]:
    """Each line of a template's ``source`` that holds fixed text, as its fixed pieces (``key``)
    between wildcards; a line with a statement inside it (an inline ``{% if %}``) is left out."""
    text = _EXPRESSION.sub(_WILD, _STATEMENT.sub(_TAG, _COMMENT.sub("", source)))
    lines = []
    for line in text.split("\n"):
        if _TAG in line:
            if line.replace(_TAG, "").strip():
                continue  # text around a statement: what it renders to is not this line
            line = ""
        normal = key(line)
        if normal.strip(_WILD + " "):
            lines.append(tuple(normal.split(_WILD)))
    return lines


def _kept(pieces: tuple[str, ...], order_words: Collection[str]) -> bool:
    """Whether a template line has fixed text enough and is no order a player could write."""
    fixed = " ".join(pieces)
    if _letters(fixed) < MIN_LETTERS or sum(1 for word in fixed.split() if _letters(word)) < MIN_WORDS:
        return False
    first = _FIRST_WORD.match(_TIME.sub("", pieces[0]))
    return not (first and first.group() in order_words)


def _size(glob: _Glob) -> int:
    """How many characters a text matching ``glob`` holds at least: those of its fixed pieces."""
    return sum(map(len, glob.pieces))


def _letters(text: str) -> int:
    return sum(map(str.isalpha, text))


def _matches(pieces: tuple[str, ...], text: str) -> bool:
    """Whether ``text`` is the fixed ``pieces`` with any text (maybe none) between them."""
    first, *middle, last = pieces
    if len(text) < len(first) + len(last) or not text.startswith(first) or not text.endswith(last):
        return False
    position, end = len(first), len(text) - len(last)
    for piece in middle:
        found = text.find(piece, position, end)
        if found < 0:
            return False
        position = found + len(piece)
    return True
