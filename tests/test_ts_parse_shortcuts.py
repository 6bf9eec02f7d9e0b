"""The quick looks of the Ten Sailors order parser read every text as the full reading does (TS-11, TS-23).

Most lines name no time and are no talk order, and the parser says so without the full patterns:
these tests check that each quick look passes over nothing the full reading would find.
"""

from __future__ import annotations

import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.seats import fold_name
from referee.games.ten_sailors import parse, talk, times
from referee.games.ten_sailors.words import is_setter, order_kind

_PIECES = [
    "2", "14", "00", "7", "٣", "１", ":", ".", ",", " ", "  ", "\t", "-", "—", "d", "D", "n", "N", "h", "H",
    "ч", "Ч", "д", "am", "pm", "AM", "p", "m", "note", "day", "дня", "день", "час", "hour", "night", "ночь",
    "next", "завтра", "tomorrow", "today", "сегодня", "утром", "morning", "вечером", "evening", "й", "-й",
    "в", "at", "SAY", "MOVE", "Study", "ı", "İ", "ſ", "K", "x",
]  # fmt: skip


def _full(text: str) -> list[tuple[int, int, times.When]]:
    """Every time the case-blind pattern finds in ``text``, without any quick look first."""
    return [(match.start(), match.end(), times._when(match)) for match in times._FIND.finditer(text)]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=10).map("".join))
def test_the_quick_look_for_a_time_misses_no_time_ts_11(text: str) -> None:
    """A line passed over for holding no word of a time and no number that may be one names no time."""
    full = _full(text)
    assert times.find_times(text) == full
    assert [times.time_at_start(text)] == (
        [(end, when) for start, end, when in full[:1] if start == 0] or [None]
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=8).map("".join))
def test_a_line_and_its_only_sentence_are_read_with_the_same_times_ts_11(text: str) -> None:
    """The times of a line are read once for the line and for the sentence that is the whole of it."""
    line = text.strip()
    if parse._sentences(line) == [line]:
        assert parse._tokens(line, times.find_times(line)) == parse._tokens(line, _full(line))


_SENTENCE_PIECES = [".", "!", "?", "…", " ", "  ", "\t", "\n", "a", "B", "муз.", "go", "1"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_SENTENCE_PIECES), max_size=12).map("".join))
def test_sentences_are_cut_where_the_plain_pattern_cuts_them_ts_23(text: str) -> None:
    """The end of a sentence is found where spaces follow ".", "!", "?" or "…" and text follows them."""
    assert parse._SENTENCE.split(text) == re.split(r"(?<=[.!?…])\s+(?=\S)", text)


def test_every_letter_a_talk_order_may_be_written_with_is_looked_for_ts_23() -> None:
    """Each talk phrase holds "k" or "ы", and the quick look knows every letter that folds to either."""
    assert all("k" in phrase or "ы" in phrase for phrase in talk.PHRASES)
    chars = (chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)
    assert {char for char in chars if "k" in fold_name(char) or "ы" in fold_name(char)} == talk._NEEDED


_TALK_PIECES = ["talk", "TALK", "Talk", "taLK", "now", "at once", "digest", "in reports", "разговоры"]
_TALK_PIECES += ["РАЗГОВОРЫ", "сразу", "в сводке", "сводкой", " ", "  ", ".", ":", "!", "«", "x", "\u212a"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_TALK_PIECES), max_size=5).map("".join))
def test_a_talk_order_is_read_as_the_phrases_read_it_ts_23(text: str) -> None:
    """The quick look for a letter of a talk phrase passes over no talk order."""
    choice = talk.PHRASES.get(fold_name(text.translate(talk._PUNCTUATION)))
    assert talk.read_choice(text) == (None if choice is None else {"delivery": choice})


def test_a_word_token_holds_what_the_reading_asks_of_the_word_ts_9() -> None:
    """The folded form, order word and trap-setting verb of a word are those the words module gives."""
    for word in ("MOVE", "иду", "Ставлю", "ловушку", "I'll", "then", "Study", "set", "ПОЙДУ"):
        token = parse._word_token(word, 0, len(word))
        assert (token.folded, token.kind, token.setter) == (
            fold_name(word),
            order_kind(word),
            is_setter(word),
        )
        assert token.leading == (fold_name(word) in parse._LEADING or is_setter(word))
