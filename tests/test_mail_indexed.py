"""A mail whose headers are looked up in an index answers every question as the email package does."""

from __future__ import annotations

from collections.abc import Callable
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from functools import partial

import pytest
from hypothesis import example, given, reject, settings
from hypothesis import strategies as st

from referee.mail.indexed import IndexedMessage

NAMES = ["Subject", "subject", "To", "Cc", "Received", "X-Note", "content-type", "From"]
CONTENT_TYPES = [
    "text/plain; charset=utf-8",
    'text/plain; charset="KOI8-R"; format=flowed',
    "multipart/report; report-type=delivery-status; boundary=x",
    "text/plain; name*=utf-8''%D0%B0.txt",
    "TEXT/HTML;charset=windows-1251",
]
HEADER = st.tuples(
    st.sampled_from(NAMES),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=30),
) | st.tuples(st.just("Content-Type"), st.sampled_from(CONTENT_TYPES))


def _both(raw: bytes) -> tuple[EmailMessage, IndexedMessage]:
    """``raw`` parsed by the email package as it is and with the index; a mail the package cannot
    parse at all (it raises on some hostile headers) must fail alike both ways, and is not asked."""
    indexing = policy.default.clone(message_factory=IndexedMessage)
    try:
        plain = BytesParser(policy=policy.default).parsebytes(raw)
    except Exception as error:
        with pytest.raises(type(error)):
            BytesParser(policy=indexing).parsebytes(raw)
        reject()
    indexed = BytesParser(policy=indexing).parsebytes(raw)
    assert isinstance(indexed, IndexedMessage)
    return plain, indexed


def _said(question: Callable[[], object]) -> str:
    """What a question answered, as text, or the kind of error it raised (the email package raises
    on some hostile values; both mails must raise alike)."""
    try:
        answer = question()
    except Exception as error:
        return type(error).__name__
    return str([str(value) for value in answer]) if isinstance(answer, list) else str(answer)


def _differences(plain: EmailMessage, indexed: IndexedMessage) -> list[str]:
    """The questions about headers the two mails answer differently."""
    differ = []
    for name in [*NAMES, "X-Missing", "RECEIVED"]:
        if _said(partial(indexed.get, name)) != _said(partial(plain.get, name)):
            differ.append(f"get {name}")
        if _said(partial(indexed.get_all, name, [])) != _said(partial(plain.get_all, name, [])):
            differ.append(f"get_all {name}")
        if (name in indexed) != (name in plain):
            differ.append(f"in {name}")
        written = [value for key, value in plain.raw_items() if key.lower() == name.lower()]
        if [value for _, value in indexed.named(name)] != written:
            differ.append(f"named {name}")
    if _said(indexed.get_content_type) != _said(plain.get_content_type):
        differ.append("content type")
    for question in ("get_params", "get_content_charset", "get_content_maintype", "get_filename"):
        if _said(getattr(indexed, question)) != _said(getattr(plain, question)):
            differ.append(question)
    for param in ("charset", "report-type", "boundary", "CHARSET"):
        for unquote in (True, False):
            asked = partial(indexed.get_param, param, "-", unquote=unquote)
            if _said(asked) != _said(partial(plain.get_param, param, "-", unquote=unquote)):
                differ.append(f"get_param {param} {unquote}")
    of_to = [_said(partial(message.get_params, [], "to", False)) for message in (indexed, plain)]
    if of_to[0] != of_to[1]:
        differ.append("parameters of To")
    return differ


def _mail(headers: list[tuple[str, str]]) -> bytes:
    lines = [f"{name}: {value}" for name, value in headers]
    return ("\r\n".join([*lines, "", "Body text."]) + "\r\n").encode()


@settings(max_examples=200, deadline=None)
@given(st.lists(HEADER, max_size=12))
def test_an_indexed_mail_answers_each_header_question_as_the_email_package(
    headers: list[tuple[str, str]],
) -> None:
    plain, indexed = _both(_mail(headers))
    assert _differences(plain, indexed) == []
    assert _differences(plain, indexed) == []  # asked again: what was worked out once, read back


@settings(max_examples=100, deadline=None)
@example([("content-type", "0;0*")], "a", 0)  # a mail the email package itself cannot parse
@given(
    st.lists(HEADER, min_size=1, max_size=8),
    st.text("abcdefgh xyz@.", min_size=1, max_size=20),
    st.integers(0, 3),
)
def test_an_indexed_mail_answers_as_the_email_package_after_its_headers_change(
    headers: list[tuple[str, str]], value: str, change: int
) -> None:
    """Asked once, then changed (a header added, deleted, replaced in place or a parameter set),
    then asked again: the index must follow every change."""
    plain, indexed = _both(_mail(headers))
    assert _differences(plain, indexed) == []

    def change_it(message: EmailMessage) -> None:
        message.get_params([], "content-type", False).append(("x", "y"))  # a list of the caller's own
        if change == 0:
            message["X-Note"] = value
        elif change == 1:
            del message[headers[0][0]]
        elif change == 2:
            message.replace_header(headers[0][0], value)
        else:
            message.set_param("charset", "utf-8")

    assert _said(partial(change_it, plain)) == _said(partial(change_it, indexed))
    assert _differences(plain, indexed) == []


def test_a_multipart_mail_read_with_the_index_finds_the_same_body() -> None:
    raw = (
        b"From: a@example.org\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/alternative; boundary="b"\r\n\r\n'
        b"--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMOVE Study\r\n"
        b"--b\r\nContent-Type: text/html\r\n\r\n<p>MOVE Study</p>\r\n--b--\r\n"
    )
    plain, indexed = _both(raw)
    found, expected = indexed.get_body(("plain", "html")), plain.get_body(("plain", "html"))
    assert isinstance(found, IndexedMessage) and expected is not None
    assert found.get_content() == expected.get_content()
    assert found.get_content_charset() == expected.get_content_charset()


def test_a_part_without_a_content_type_follows_its_default_type_as_it_changes() -> None:
    plain, indexed = _both(b"From: a@example.org\r\n\r\nBody.\r\n")
    assert indexed.get_content_type() == plain.get_content_type() == "text/plain"
    for message in (plain, indexed):
        message.set_default_type("message/rfc822")  # as a part of a multipart/digest has
    assert indexed.get_content_type() == plain.get_content_type() == "message/rfc822"
