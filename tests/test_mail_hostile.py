"""Hostile and broken mail: the limits are checked fast before parsing, and reading never raises.

The adversarial mails are made here in code (some are megabytes; none is kept as a file). Timings
are asserted with generous bounds so that a slow machine does not fail them: each case took well
under a tenth of a second when written, against half a minute in the email package for the worst.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.config import Limits
from referee.mail.limits import MAX_PARAMETERS, over_limit
from referee.mail.reading import IncomingMail, read_mail

LIMITS = Limits()
SLOW = 2.0  # seconds of the thread's own CPU; far above what any case takes (a loaded machine does not count)
UNWANTED = {chr(code) for code in (*range(0x20), *range(0x7F, 0xA0), 0xAD, 0x202E, 0x200B, 0xFEFF)}


def timed(function: Callable[[], object]) -> tuple[object, float]:
    """What ``function`` gives, and the CPU seconds this thread spent on it: a parse that blows up shows
    there, while the other work of a busy machine does not."""
    start = time.thread_time()
    result = function()
    return result, time.thread_time() - start


def rfc2231_parameters(count: int) -> str:
    return "".join(f";\r\n charset*{index}*=utf-8''%41" for index in range(count))


def multipart(body: str, boundary: str = "x") -> bytes:
    return f"From: a@example.org\r\nContent-Type: multipart/mixed; boundary={boundary}\r\n\r\n{body}".encode()


def many_parts(count: int) -> bytes:
    return multipart("".join("--x\r\nContent-Type: text/plain\r\n\r\nMOVE Kitchen\r\n" for _ in range(count)))


def nested(depth: int) -> bytes:
    levels = "".join(
        f'--b{level}\r\nContent-Type: multipart/mixed; boundary="b{level + 1}"\r\n\r\n'
        for level in range(depth)
    )
    return multipart(levels, "b0")


ADVERSARIAL: dict[str, tuple[bytes, str]] = {
    "10,000 RFC 2231 parameters in the Content-Type": (
        f"From: a@example.org\r\nContent-Type: text/plain{rfc2231_parameters(10_000)}\r\n\r\nhi\r\n".encode(),
        "header-bytes",
    ),
    "10,000 RFC 2231 parameters in a part's Content-Type": (
        multipart(f"--x\r\nContent-Type: text/plain{rfc2231_parameters(10_000)}\r\n\r\nhi\r\n--x--\r\n"),
        "header-bytes",
    ),
    "20,000 MIME parts": (many_parts(20_000), "mime-parts"),
    "5,000 levels of multipart nesting": (nested(5_000), "mime-depth"),
    "a 30 MB body": (b"From: a@example.org\r\n\r\n" + b"MOVE Kitchen\r\n" * 2_200_000, "mail-bytes"),
}


# --- over_limit ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(ADVERSARIAL))
def test_adversarial_mail_is_refused_fast_with_the_limit_it_exceeds(case: str) -> None:
    raw, code = ADVERSARIAL[case]
    result, seconds = timed(lambda: over_limit(raw, LIMITS))
    assert result == code
    assert seconds < SLOW


@pytest.mark.parametrize("case", sorted(ADVERSARIAL))
def test_adversarial_mail_is_scanned_to_the_end_in_linear_time_when_the_limits_allow_it(case: str) -> None:
    raw, _ = ADVERSARIAL[case]
    unlimited = Limits(mail_bytes=10**9, header_bytes=10**9, headers=10**9, mime_parts=10**9, mime_depth=30)
    _, seconds = timed(lambda: over_limit(raw, unlimited))
    assert seconds < SLOW


def test_too_many_parameters_in_one_content_field_are_refused() -> None:
    many = "".join(f"; p{index}=v" for index in range(MAX_PARAMETERS + 1))
    assert over_limit(f"From: a@b.c\r\nContent-Type: text/plain{many}\r\n\r\nhi".encode(), LIMITS) == (
        "header-parameters"
    )
    part = multipart(f"--x\r\nContent-Disposition: attachment{many}\r\n\r\nhi\r\n--x--\r\n")
    assert over_limit(part, LIMITS) == "header-parameters"


def test_many_semicolons_outside_content_fields_are_fine() -> None:
    report = "CIP:255.255.255.255;" + "X:1;" * 40
    raw = f"From: a@b.c\r\nX-Forefront-Antispam-Report: {report}\r\nContent-Type: text/plain\r\n\r\nhi"
    assert over_limit(raw.encode(), LIMITS) is None


def test_an_ordinary_mail_is_within_the_limits() -> None:
    raw = (
        b"From: Anna <anna@example.org>\r\nTo: referee@example.net\r\nSubject: Re: Day 2\r\n"
        b'Content-Type: multipart/alternative;\r\n boundary="=_Part_1"\r\n\r\n'
        b"--=_Part_1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMOVE Kitchen\r\n"
        b"--=_Part_1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>MOVE Kitchen</p>\r\n--=_Part_1--\r\n"
    )
    assert over_limit(raw, LIMITS) is None


def test_the_mails_size_is_the_first_limit() -> None:
    assert over_limit(b"x" * (LIMITS.mail_bytes + 1), LIMITS) == "mail-bytes"
    assert over_limit(b"From: a@b.c\r\n\r\n" + b"x" * 100, Limits(mail_bytes=50)) == "mail-bytes"


def test_the_header_blocks_size_is_limited() -> None:
    raw = b"From: a@b.c\r\nX-Long: " + b"y" * 200 + b"\r\n\r\nhi"
    assert over_limit(raw, Limits(header_bytes=100)) == "header-bytes"
    assert over_limit(raw, Limits(header_bytes=300)) is None


def test_header_fields_are_counted_without_their_continuation_lines() -> None:
    folded = "".join(f"X-H{index}: a\r\n b\r\n\tc\r\n" for index in range(10))
    raw = f"From: a@b.c\r\n{folded}\r\nhi".encode()
    assert over_limit(raw, Limits(headers=11)) is None
    assert over_limit(raw, Limits(headers=10)) == "headers"


def test_parts_are_counted_the_mail_itself_included() -> None:
    assert over_limit(many_parts(4) + b"--x--\r\n", Limits(mime_parts=5)) is None
    assert over_limit(many_parts(5) + b"--x--\r\n", Limits(mime_parts=5)) == "mime-parts"


@pytest.mark.parametrize(
    "declaration",
    ['boundary="x"', "BOUNDARY=x", 'boundary = "X"', "boundary='x'", "boundary*=x", "boundary*0=x"],
)
def test_boundaries_are_found_whatever_their_quoting_and_case(declaration: str) -> None:
    parts = "".join("--x\r\nContent-Type: text/plain\r\n\r\nhi\r\n" for _ in range(3))
    raw = f"From: a@b.c\r\nContent-Type: multipart/mixed; {declaration}\r\n\r\n{parts}--x--\r\n".encode()
    assert over_limit(raw, Limits(mime_parts=3)) == "mime-parts"
    assert over_limit(raw, Limits(mime_parts=4)) is None


def test_sibling_multiparts_are_not_nesting() -> None:
    inner = "".join(
        f'--x\r\nContent-Type: multipart/alternative; boundary="y{index}"\r\n\r\n'
        f"--y{index}\r\nContent-Type: text/plain\r\n\r\nhi\r\n--y{index}--\r\n"
        for index in range(10)
    )
    assert over_limit(multipart(inner + "--x--\r\n"), Limits(mime_depth=2)) is None
    assert over_limit(multipart(inner + "--x--\r\n"), Limits(mime_depth=1)) == "mime-depth"


def test_nesting_is_counted() -> None:
    assert over_limit(nested(3), Limits(mime_depth=4)) is None
    assert over_limit(nested(4), Limits(mime_depth=4)) == "mime-depth"


def test_forwarded_mails_inside_mails_count_as_nesting_and_parts() -> None:
    raw = b"From: a@b.c\r\n"
    for _ in range(20):
        raw += b"Content-Type: message/rfc822\r\n\r\nFrom: b@c.d\r\n"
    raw += b"\r\nhi\r\n"
    assert over_limit(raw, LIMITS) in ("mime-depth", "mime-parts")


# --- read_mail on hostile mail within the limits ---------------------------------------------------------


def test_control_characters_are_removed_from_header_values() -> None:
    raw = (
        b"From: =?utf-8?q?Ann=00a?= <anna@example.org>\r\nTo: referee@example.net\r\n"
        b"Subject: =?utf-8?q?Day=00_2=1B[31m?=\r\nMessage-ID: <a1@example.org>\r\n\r\nMOVE Kitchen\r\n"
    )
    result = read_mail(raw)
    assert (result.sender, result.sender_name, result.message_id) == (
        "anna@example.org",
        "Anna",
        "<a1@example.org>",
    )
    assert "\x00" not in result.subject and "\x1b" not in result.subject
    assert result.subject.startswith("Day 2")


def test_an_address_holding_a_control_character_is_not_taken_for_another() -> None:
    raw = (
        b"From: =?utf-8?q?x?= <anna@exam=?utf-8?q?=00?=ple.org>\r\nTo: ref\x00eree@example.net\r\n\r\nhi\r\n"
    )
    result = read_mail(raw)
    assert result.sender != "anna@example.org"
    assert "referee@example.net" not in result.recipients
    assert all("\x00" not in address for address in (result.sender, *result.recipients))


@pytest.mark.parametrize(
    "message_id",
    ["<caf\u00e9@example.org>", "<a\x00b@example.org>", "<" + "x" * 300 + "@example.org>", "<a\u202e@b>"],
)
def test_an_unprintable_or_overlong_message_id_becomes_a_stable_stand_in(message_id: str) -> None:
    raw = f"From: a@example.org\r\nMessage-ID: {message_id}\r\n\r\nhi\r\n".encode()
    first, second = read_mail(raw), read_mail(raw)
    assert first.message_id == second.message_id
    assert first.message_id.endswith("@invalid.referee>")
    assert first.message_id.isascii() and first.message_id.isprintable() and len(first.message_id) <= 250
    other = read_mail(raw.replace(b"Message-ID: <", b"Message-ID: <z"))
    assert other.message_id != first.message_id


def test_the_new_text_is_cleaned_of_invisible_characters() -> None:
    head = "From: a@example.org\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
    raw = head + "MOVE Stu\u00addy\r\nSAY \u202eolleh\u202c\x00\r\nИДТИ\u200b Кухня\r\n"
    assert read_mail(raw.encode()).text == "MOVE Study\nSAY olleh\nИДТИ Кухня"


def test_the_referees_words_in_a_top_posted_reply_are_not_read() -> None:
    raw = (
        b"From: a@example.org\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMOVE Kitchen\r\n\r\n"
        b"Referee <referee+k3y@example.net>, Monday:\r\nDay 2. Send orders such as MOVE Library.\r\n"
    )
    assert read_mail(raw, ["referee@example.net"]).text == "MOVE Kitchen"
    assert "MOVE Library" in read_mail(raw).text  # without the address it reads as a player's line


@pytest.mark.parametrize("case", ["20,000 MIME parts", "5,000 levels of multipart nesting"])
def test_read_mail_never_raises_on_the_adversarial_mail(case: str) -> None:
    raw, _ = ADVERSARIAL[case]
    result, seconds = timed(lambda: read_mail(raw[:200_000]))
    assert isinstance(result, IncomingMail)
    assert seconds < 10 * SLOW  # the email package itself; the door never gives it such mail


# --- fuzzing ---------------------------------------------------------------------------------------------

HEADER_NAMES = st.sampled_from(
    [
        "From",
        "To",
        "Cc",
        "Subject",
        "Message-ID",
        "References",
        "Content-Type",
        "Content-Disposition",
        "X-\x00",
    ]
)
HEADER_VALUES = st.one_of(
    st.text(max_size=80),
    st.sampled_from(
        [
            "multipart/mixed; boundary=x",
            'multipart/alternative; boundary="x"',
            "message/rfc822",
            "text/plain; charset=\x00",
            "=?utf-8?b?AAAA?=",
            "<\x00@\x01>",
            "a@b.c, (((",
        ]
    ),
    st.integers(0, 400).map(rfc2231_parameters),
)
BODY_PIECES = st.sampled_from(
    [
        "--x\r\n",
        "--x--\r\n",
        "\r\n",
        "MOVE Kitchen\r\n",
        "> MOVE Library\r\n",
        "Content-Type: multipart/mixed; boundary=x\r\n",
        "\x00\r",
    ]
)


@st.composite
def hostile_mails(draw: st.DrawFn) -> bytes:
    headers = draw(st.lists(st.tuples(HEADER_NAMES, HEADER_VALUES), max_size=12))
    body = draw(st.lists(BODY_PIECES | st.text(max_size=20), max_size=60))
    head = "".join(f"{name}: {value}\r\n" for name, value in headers)
    return (head + "\r\n" + "".join(body)).encode("utf-8", "surrogatepass")


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=3000))
def test_over_limit_never_raises_on_any_bytes(raw: bytes) -> None:
    result, seconds = timed(lambda: over_limit(raw, LIMITS))
    assert result is None or isinstance(result, str)
    assert seconds < SLOW


@settings(max_examples=150, deadline=None)
@given(hostile_mails())
def test_over_limit_and_read_mail_never_raise_on_hostile_mail(raw: bytes) -> None:
    code, seconds = timed(lambda: over_limit(raw, LIMITS))
    assert code in (
        None,
        "mail-bytes",
        "header-bytes",
        "headers",
        "header-parameters",
        "mime-parts",
        "mime-depth",
    )
    assert seconds < SLOW
    if code is None:
        result, seconds = timed(lambda: read_mail(raw, ["referee@example.net"]))
        assert isinstance(result, IncomingMail)
        assert seconds < SLOW
        for value in (
            result.sender,
            result.sender_name,
            result.subject,
            result.message_id,
            *result.recipients,
        ):
            assert not UNWANTED.intersection(value), value


def test_lines_that_nearly_repeat_the_referees_own_text_are_weighed_in_linear_time() -> None:
    """Every line of this body starts, or ends, like one of the referee's (each has to be looked at
    closely) and none repeats one: reading it costs about what any body of its size costs."""
    line = "here is what became of your orders, or not " * 3 + "(rule ts-25)."
    body = "\n".join([line] * 6_000)  # about LIMITS.mail_bytes
    raw = f"From: a@example.org\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}".encode()
    plain = raw.replace(b"became of your orders", b"walked to the harbour")  # no referee line
    assert len(raw) <= LIMITS.mail_bytes and len(plain) == len(raw)
    _, baseline = timed(lambda: read_mail(plain, ("referee@example.org",)))
    read, seconds = timed(lambda: read_mail(raw, ("referee@example.org",)))
    assert isinstance(read, IncomingMail) and read.text.count("\n") == 5_999
    assert seconds < 4 * baseline + 0.2  # measured beside the same work without near-repeats
