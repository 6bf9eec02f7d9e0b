"""The quick ways of finding a reply's new text give what the plain ways give, for any input.

Each fast path (leading bullets and whitespace stripped by ``str`` methods, the referee's lines left
unasked when a text is too short for them, a quoted run's end found by a quicker search first,
only the lines ending in ":" or "-" asked whether they end an attribution, no address pattern
without "@", no carriage return replaced when there is none, no header pattern without ":") is
compared with the general way it stands for.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.mail import own_words, quotes
from referee.mail.own_words import OwnLines, key, referee_lines

# Characters that matter to the fast paths: whitespace of every kind, bullets, quote marks, the
# characters attributions end in, addresses' "@", letters casefolding changes, and anything else.
SPECIAL = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0 \u1680\u2000\u2028\u2029\u202f\u205f\u3000\u200b\ufeff"
    "-*•·–—>:@.ßﬁİ\u0130AaZz09"
)
CHARS = st.one_of(st.sampled_from(SPECIAL), st.characters())
TEXT = st.text(CHARS, max_size=60)
OWN_TEXT = sorted(referee_lines().exact)[:200] + sorted(referee_lines().starts)[:200]
LINE = st.one_of(
    TEXT,
    st.sampled_from(OWN_TEXT),
    st.sampled_from(
        [
            "> quoted",
            " > spaced",
            ">",
            "",
            "  ",
            "On Tue, Boris <b@x.org> wrote:",
            "Boris writes --",
            "From: a",
            "--",
        ]
    ),
)
LINES = st.lists(LINE, max_size=12)


def plain_key(line: str) -> str:
    """What ``key`` gives, the plain way: whitespace runs and leading bullets replaced by patterns."""
    return re.sub(r"^[\s\-*•·–—]+", "", re.sub(r"\s+", " ", line.casefold())).rstrip()


def plain_weight(words: OwnLines, line: str) -> int:
    """What ``OwnLines.weight`` gives, the plain way: every wildcard line of its anchors and every
    loose one tried, whatever the text's length."""
    if len(line) > own_words._LONGEST:
        return 0
    text = key(line)
    if not text:
        return 0
    if text in words.exact:
        return own_words._letters(text)
    candidates = (
        *words.by_start.get(text[: own_words._ANCHOR], ()),
        *words.by_end.get(text[-own_words._ANCHOR :], ()),
        *words.loose,
    )
    matched = [g.letters for g in candidates if g.probe in text and own_words._matches(g.pieces, text)]
    if matched:
        return max(matched)
    return 1 if words._starts_one(text) else 0


def plain_quote_end(text: str, offset: int) -> int | None:
    """What ``_quote_end`` gives, the plain way: one search for a line end before an unquoted line."""
    found = quotes._NOT_QUOTED.search(text, offset)
    return found.end() if found else None


def plain_attribution(lines: list[str], index: int) -> tuple[int, bool]:
    """What ``_attribution`` gives, the plain way: every chunk of 1, 2 and 3 lines asked in full."""
    for size in (1, 2, 3):
        chunk = [line.strip() for line in lines[index : index + size]]
        if len(chunk) < size or not all(chunk) or any(line.startswith(">") for line in chunk):
            break
        if sum(map(len, chunk)) > 400:
            break
        kind = quotes._attribution_kind(" ".join(chunk))
        if kind and size > 1 and not quotes._wraps_attribution(chunk):
            break
        if kind:
            return size, kind == "strong"
    return 0, False


def plain_header_key(line: str) -> str:
    """What ``_header_key`` gives, the plain way: the pattern asked of every line."""
    found = quotes._HEADER_LINE.match(line.strip())
    name = found.group(1).strip().lower() if found else ""
    return name if name in quotes._FROM_KEYS or name in quotes._OTHER_KEYS else ""


@settings(max_examples=800, deadline=None)
@given(TEXT)
@example("- \u3000•\x1c  Abc\x0b def \x85")
@example("—")
@example(" ß\u2028x ")
def test_key_is_the_patterns(line: str) -> None:
    assert key(line) == plain_key(line)


def test_a_pattern_and_str_split_take_the_same_characters_for_whitespace() -> None:
    """What ``key`` stands on: for every character, ``\\s`` of a pattern matches it exactly when
    ``str.split`` breaks at it (``str.isspace``)."""
    space = re.compile(r"\s")
    assert all(bool(space.match(chr(code))) == chr(code).isspace() for code in range(0x110000))


@settings(max_examples=500, deadline=None)
@given(st.one_of(TEXT, st.sampled_from(OWN_TEXT), st.sampled_from(OWN_TEXT).map(lambda line: line[:14])))
@example("hello world")
@example("")
def test_weight_is_the_plain_one(line: str) -> None:
    words = referee_lines()
    assert words.weight(line) == plain_weight(words, line)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.text(st.sampled_from("ab {}c"), max_size=30), max_size=6), TEXT)
def test_weight_of_any_templates_is_the_plain_one(templates: list[str], line: str) -> None:
    sources = [source.replace("{}", "{{ x }}") for source in templates]
    words = OwnLines.from_templates(sources, order_words=["move"])
    for text in (line, *(piece.replace("{}", "x") for piece in templates)):
        assert words.weight(text) == plain_weight(words, text)


@settings(max_examples=800, deadline=None)
@given(LINES, st.integers(0, 13))
@example(["> a", " > b", "\t> c", "d"], 0)
@example([">", ">"], 0)
def test_quote_end_is_the_plain_search(lines: list[str], index: int) -> None:
    text = "\n".join(lines)
    offset = len("\n".join(lines[:index])) + 1 if 0 < index <= len(lines) else 0
    assert quotes._quote_end(text, offset) == plain_quote_end(text, offset)


@settings(max_examples=800, deadline=None)
@given(LINES, st.integers(0, 13))
@example(["On Tue, 1 Dec 2026 at 10:00", "Boris <boris@example.com>", "wrote:"], 0)
@example(["Boris writes --", "> x"], 0)
@example(["On Tue, 1 Dec 2026", "Boris wrote --"], 0)
def test_attribution_is_the_plain_one(lines: list[str], index: int) -> None:
    assert quotes._attribution(lines, index) == plain_attribution(lines, index)


@settings(max_examples=500, deadline=None)
@given(LINE)
@example("From : x")
@example("Date:")
def test_header_key_is_the_pattern(line: str) -> None:
    assert quotes._header_key(line) == plain_header_key(line)


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from("\r\n a\xa0\u200b\ufeff—"), max_size=40))
def test_normalised_is_the_plain_one(text: str) -> None:
    plain = quotes._INVISIBLE_PATTERN.sub(quotes._invisible, text.replace("\r\n", "\n").replace("\r", "\n"))
    assert quotes.normalised(text) == plain


@settings(max_examples=500, deadline=None)
@given(LINES, st.sampled_from([(), ("referee@example.org",), ("x@y.org", "Referee@Example.ORG")]))
def test_own_address_needs_an_at_sign(lines: list[str], own: tuple[str, ...]) -> None:
    pattern = quotes._own_address_pattern(own)
    for line in lines:
        assert not (pattern and "@" not in line and pattern.search(line))
