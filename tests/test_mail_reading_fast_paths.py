"""The quick ways of reading a mail give what the plain ways give, for any input.

Each fast path (text told printable instead of searched, lines normalised by blocks, a simple header
block parsed without the email package's parser, header fields counted by their line ends, the first
empty line found by a plain search) is compared with the general way it stands for.
"""

from __future__ import annotations

import unicodedata
from email.parser import BytesParser

from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.core import text as core_text
from referee.core.text import clean_text, printable
from referee.mail import charsets, limits, reading
from referee.mail.charsets import is_garbage
from referee.mail.limits import _BLANK, _FIELD_START, _field_lines, _first_blank, _Scan
from referee.mail.reading import simple_headers

# Characters that matter to the fast paths: the removed and the junk ones, line ends and the like,
# characters NFKC changes, letters, and anything else.
SPECIAL = (
    "\x00\x01\x08\t\n\x0b\x0c\r\x1c\x1f\x7f\x80\x85\x9f\xa0\xad \u200b\u200d\u2028\u2029\u2060\u2066"
    "\u202e\ufeff\ufffd\u2026\ufb01\uff1e\u0301e\u00e9\u0435\u3000"
)
TEXT = st.text(st.one_of(st.sampled_from(SPECIAL), st.characters()), max_size=80)
LINES = st.lists(st.one_of(TEXT, st.text("ab \u2026\u2014", max_size=1200)), max_size=6).map("\n".join)


def plain_clean_text(text: str) -> str:
    """What ``clean_text`` gives, the plain way: every removed character searched for, and every
    line of a text not in NFKC asked by itself."""
    text = core_text._REMOVED_PATTERN.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    if unicodedata.is_normalized("NFKC", text):
        return text
    return "\n".join(
        line if unicodedata.is_normalized("NFKC", line) else core_text._renormalised(line)
        for line in text.split("\n")
    )


@settings(max_examples=500, deadline=None)
@given(st.one_of(TEXT, LINES))
@example("a\u2026b\n" * 400 + "\x01")
@example("x" * 1500 + "\n\u2026")
def test_clean_text_gives_what_the_plain_way_gives(text: str) -> None:
    assert clean_text(text) == plain_clean_text(text)
    if printable(text):
        assert clean_text(text, printed=True) == plain_clean_text(text)


def test_every_character_clean_text_removes_is_unprintable() -> None:
    assert not any(chr(code).isprintable() for code in core_text._REMOVED)
    junk = [chr(code) for code in range(0x20) if charsets._JUNK.match(chr(code))]
    assert junk and not any(char.isprintable() for char in junk)


@settings(max_examples=500, deadline=None)
@given(st.one_of(TEXT, LINES, st.text(st.sampled_from(SPECIAL), max_size=200)))
def test_is_garbage_gives_what_counting_gives(text: str) -> None:
    counted = len(charsets._JUNK.findall(text)) > max(3, len(text) // 20)
    assert is_garbage(text) == counted
    assert is_garbage(text, printed=printable(text)) == counted


NAME = st.text(st.sampled_from("!#9;~AZaz-From:"), min_size=0, max_size=8)
VALUE = st.binary(max_size=30).map(lambda value: value.replace(b"\n", b" ")) | st.text(
    st.sampled_from(" \tab:;\r\x0b\x0c\x1c="), max_size=12
).map(str.encode)
LINE_END = st.sampled_from([b"\n", b"\n", b"\n", b"\r\n", b"\r"])
FIELD = st.tuples(
    NAME.map(str.encode),
    VALUE,
    LINE_END,
    st.lists(st.tuples(st.sampled_from([b" ", b"\t", b""]), VALUE, LINE_END), max_size=2),
)


def _block(fields: list[tuple[bytes, bytes, bytes, list[tuple[bytes, bytes, bytes]]]]) -> bytes:
    return b"".join(
        name + b":" + value + end + b"".join(lead + more + after for lead, more, after in continued)
        for name, value, end, continued in fields
    )


@settings(max_examples=500, deadline=None)
@given(st.lists(FIELD, max_size=6), st.sampled_from([b"\n", b"\r\n", b""]), st.integers(0, 3))
@example([(b"From x", b"", b"\n", [])], b"\n", 0)
@example([(b"Subject", b"a" * 9000, b"\n", [(b" ", b"b", b"\n")])], b"\n", 0)
def test_a_simple_header_block_is_parsed_as_the_email_package_parses_it(
    fields: list[tuple[bytes, bytes, bytes, list[tuple[bytes, bytes, bytes]]]], blank: bytes, cut: int
) -> None:
    head = _block(fields) + blank
    head = head[cut:] if cut < 3 else head
    fast = simple_headers(head, reading._POLICY.clone(parsed={}))
    if fast is None:
        return
    slow = BytesParser(policy=reading._POLICY.clone(parsed={})).parsebytes(head)
    assert type(fast) is type(slow)
    for attribute in ("_headers", "_payload", "defects", "_unixfrom", "preamble", "epilogue", "_charset"):
        assert getattr(fast, attribute) == getattr(slow, attribute), attribute
    assert fast.get_default_type() == slow.get_default_type()


def test_common_header_blocks_take_the_simple_way() -> None:
    head = b"From: Anna <anna@example.org>\nSubject: Re: x\n\tmore\nContent-Type: text/plain\n\n"
    assert simple_headers(head, reading._POLICY.clone(parsed={})) is not None
    for odd in (b"From anna Tue\n" + head, head.replace(b"\n", b"\r\n"), b" x\n" + head, b":x\n" + head):
        assert simple_headers(odd, reading._POLICY.clone(parsed={})) is None


HEADER_BYTES = st.lists(
    st.sampled_from([b"a", b"A:", b" ", b"\t", b"\r", b"\n", b"\r\n", b";", b"x"]), max_size=40
).map(b"".join)


@settings(max_examples=1000, deadline=None)
@given(HEADER_BYTES)
def test_field_lines_count_what_the_pattern_finds(block: bytes) -> None:
    counted = _field_lines(block)
    assert counted is None or counted == len(_FIELD_START.findall(block))


@settings(max_examples=1000, deadline=None)
@given(HEADER_BYTES, st.integers(0, 45))
def test_the_first_blank_line_is_where_the_pattern_finds_it(raw: bytes, end: int) -> None:
    blank = _BLANK.search(raw, 0, end)
    assert _first_blank(raw, end) == (blank.start() if blank else -1)


class _LoopScan(_Scan):
    """The scan as it reads every header block's fields one by one, plain or not."""

    def _fields(self, start: int, end: int) -> tuple[str | None, set[bytes], bool]:
        saved = limits._plain_fields
        limits._plain_fields = lambda block: None
        try:
            return super()._fields(start, end)
        finally:
            limits._plain_fields = saved


PARTS = st.sampled_from(
    [
        b"Subject: x",
        b"Content-Type: text/plain",
        b"Content-Type: multipart/mixed; boundary=b",
        b"--b",
        b"--b--",
        b"Content-Type: message/rfc822",
        b" cont",
        b"\tcont",
        b"a;b;c;d;e;f;g;h;i;j;k",
        b"",
        b"X: y",
        b"body",
    ]
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.tuples(PARTS, LINE_END), max_size=25), st.integers(1, 6), st.integers(1, 4))
def test_plain_header_blocks_are_scanned_as_field_by_field(
    lines: list[tuple[bytes, bytes]], headers: int, parts: int
) -> None:
    raw = b"".join(line + end for line, end in lines)
    mail_limits = limits.Limits(headers=headers, mime_parts=parts, mime_depth=3)
    assert _Scan(raw, mail_limits).run() == _LoopScan(raw, mail_limits).run()
