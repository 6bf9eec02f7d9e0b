"""Memory per mail is bounded: the limits are checked without copying the mail, and a mail
within the limits is read in a small multiple of the largest mail allowed (issue: hostile mail).

Measured with ``tracemalloc`` (Python's own allocations, what parsing costs), not the process size.
"""

from __future__ import annotations

import base64
import tracemalloc
from collections.abc import Callable

import pytest
from test_mail_hostile import ADVERSARIAL, LIMITS

from referee.mail.limits import over_limit
from referee.mail.reading import read_mail

MIB = 1 << 20


def peak(function: Callable[[], object]) -> int:
    """The most memory ``function`` held at once while it ran, in bytes."""
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("case", sorted(ADVERSARIAL))
def test_the_limits_are_checked_without_copying_the_mail(case: str) -> None:
    raw, _ = ADVERSARIAL[case]
    assert peak(lambda: over_limit(raw, LIMITS)) <= 3 * min(len(raw), LIMITS.header_bytes) + MIB


def _largest(kind: str) -> bytes:
    """A mail of ``kind`` just under the size limit."""
    head = "From: a@example.org\r\nTo: referee@example.org\r\nSubject: orders\r\n"
    room = LIMITS.mail_bytes - 2_000
    if kind == "plain":
        body = ("MOVE Kitchen, and a word to Anna about the knife\n" * (room // 49))[:room]
        return (head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body).encode()
    if kind == "base64 html":
        html = ("<p>MOVE Kitchen <b>now</b></p>\n" * (room // 40))[: room * 2 // 3]
        encoded = base64.encodebytes(html.encode()).decode()
        return (
            head
            + "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            + encoded
        ).encode()
    parts = LIMITS.mime_parts - 2
    each = room // parts - 60
    body = (
        "".join(f"--x\r\nContent-Type: text/plain\r\n\r\n{'y' * each}\r\n" for _ in range(parts))
        + "--x--\r\n"
    )
    return (head + "Content-Type: multipart/mixed; boundary=x\r\n\r\n" + body).encode()


@pytest.mark.parametrize("kind", ["plain", "base64 html", "many parts"])
def test_a_mail_of_the_largest_size_allowed_is_read_in_bounded_memory(kind: str) -> None:
    raw = _largest(kind)
    assert len(raw) <= LIMITS.mail_bytes and over_limit(raw, LIMITS) is None
    assert peak(lambda: read_mail(raw, ("referee@example.org",))) <= 16 * LIMITS.mail_bytes  # ~10x now


def test_the_word_lookups_of_orders_remember_a_bounded_number_of_words() -> None:
    """Mail from anyone may hold any words: what the order reader remembers of them is bounded."""
    from referee.core import russian
    from referee.games.ten_sailors import words

    for lookup in (words.lemmas, words.order_kind):
        lookup.cache_clear()
        for number in range(words.WORDS_KEPT + 500):
            lookup(f"zq{number}")
        assert lookup.cache_info().currsize == words.WORDS_KEPT, lookup
        lookup.cache_clear()
    assert russian.normal_form.cache_info().maxsize == russian.WORDS_KEPT
