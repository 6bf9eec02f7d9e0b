"""Header values read as written (``referee.mail.plain_headers``): wherever the shortcut takes a value,
the email package's own header object reads it the same, and the object is still there when asked."""

from __future__ import annotations

import string
from email import policy

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.mail.plain_headers import _PLAIN_STRUCTURED, Plain, plain_header

NAMES = (
    "Subject",
    "Content-Type",
    "Content-Transfer-Encoding",
    "Content-Disposition",
    "Message-ID",
    "In-Reply-To",
    "References",
    "Date",
    "MIME-Version",
    "Return-Path",
    "Auto-Submitted",
    "Precedence",
    "List-Id",
    "Authentication-Results",
    "X-Autoreply",
)
PRINTABLE = string.printable[:95] + "\t"


def shortcut(name: str, value: str) -> Plain | None:
    kind = policy.default.header_factory[name]
    return plain_header(name, value, kind, lambda: policy.default.header_fetch_parse(name, value))


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(NAMES), st.text(alphabet=PRINTABLE + "é=?", max_size=80))
def test_a_header_read_as_written_reads_as_its_header_object(name: str, value: str) -> None:
    plain = shortcut(name, value)
    if plain is not None:
        assert str(plain) == str(policy.default.header_fetch_parse(name, value))


@settings(max_examples=250, deadline=None)
@given(st.sampled_from(sorted(_PLAIN_STRUCTURED)).flatmap(lambda name: st.tuples(
    st.just(name), st.from_regex(_PLAIN_STRUCTURED[name], fullmatch=True)
)))  # fmt: skip
def test_every_plain_structured_header_reads_as_its_header_object(named: tuple[str, str]) -> None:
    name, value = named
    plain = shortcut(name, value)
    if plain is not None:
        assert str(plain) == str(policy.default.header_fetch_parse(name, value))


def test_the_headers_mail_clients_write_most_are_read_as_written() -> None:
    for name, value in (
        ("Content-Type", 'text/plain; charset="UTF-8"; format=flowed'),
        ("Content-Type", "multipart/alternative; boundary=000000000000a1b2c3"),
        ("Content-Transfer-Encoding", "quoted-printable"),
        ("Message-ID", "<CAF3x+1=abc@mail.gmail.com>"),
        ("Subject", "Re: Hour 3 of day 1"),
        ("References", "<a@example.org> <b@example.org>"),
    ):
        assert isinstance(shortcut(name, value), Plain), (name, value)


def test_a_plain_content_type_still_answers_as_its_header_object() -> None:
    value = 'multipart/alternative; boundary="b1"; charset=utf-8'
    plain = shortcut("Content-Type", value)
    real = policy.default.header_fetch_parse("Content-Type", value)
    assert isinstance(plain, Plain)
    assert (plain.content_type, dict(plain.params), plain.maintype) == (
        real.content_type,
        dict(real.params),
        real.maintype,
    )


def test_encoded_words_non_ascii_and_malformed_values_are_left_to_the_header_object() -> None:
    assert shortcut("Subject", "=?utf-8?b?0JDQvdC90LA=?=") is None
    assert shortcut("Subject", "Привет") is None
    assert shortcut("Content-Type", 'text/plain; charset="utf-8') is None
    assert shortcut("Content-Disposition", "attachment") is None
    assert shortcut("Message-ID", "<a@b> (comment)") is None
