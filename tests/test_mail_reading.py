"""Reading incoming mail: headers, the reasons never to answer, and only the new text a player wrote.

A hand-made corpus of raw mails in ``tests/mail/reading/`` (laid out as real clients lay out replies)
is checked against ``expected.toml`` there; the real-client reply fixtures in the shared corpus are
checked where it is present.
"""

from __future__ import annotations

import hashlib
import textwrap
import tomllib
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.text import clean_text
from referee.mail.html_text import html_to_text
from referee.mail.own_words import OwnLines, referee_lines
from referee.mail.plain_headers import PLAIN_ADDRESSES, plain_addresses, plain_pairs
from referee.mail.quotes import new_text
from referee.mail.reading import IncomingMail, clean_subject, read_mail
from referee.render import Renderer, templates_dir

CORPUS = Path(__file__).parent / "mail" / "reading"
EXPECTED: dict[str, dict[str, object]] = tomllib.loads((CORPUS / "expected.toml").read_text("utf-8"))
# The shared folder lies beside the repository (on a developer's machine and in CI alike).
SHARED = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "replies"


def corpus_mail(name: str) -> IncomingMail:
    return read_mail((CORPUS / name).read_bytes())


def mail(headers: str, body: str = "MOVE Kitchen\n") -> IncomingMail:
    """A small raw mail from header lines ("Name: value" each) and a plain-text body."""
    return read_mail(f"{headers.strip()}\nContent-Type: text/plain; charset=utf-8\n\n{body}".encode())


# --- the hand-made corpus ----------------------------------------------------------------------------


def test_every_corpus_mail_has_expectations_and_every_expectation_a_mail() -> None:
    assert {path.name for path in CORPUS.glob("*.eml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_mail_reads_as_expected(name: str) -> None:
    expected = dict(EXPECTED[name])
    result = corpus_mail(name)
    lines = result.text.split("\n")
    for line in expected.pop("present"):
        assert line in lines, f"{line!r} missing from {result.text!r}"
    for fragment in expected.pop("absent"):
        assert fragment not in result.text, f"{fragment!r} left in {result.text!r}"
    expected = {"automatic": "", "problem": ""} | expected
    for field, value in expected.items():
        assert getattr(result, field) == (tuple(value) if isinstance(value, list) else value), field


def test_koi8r_quoted_printable_body_is_decoded() -> None:
    assert "ИДТИ Кухня\nИСКАТЬ Нож" in corpus_mail("thebat_koi8r_qp.eml").text


def test_windows_1251_base64_body_is_decoded() -> None:
    assert corpus_mail("outlook_ru_cp1251_base64.eml").text == "ИДТИ Кухня\nИСКАТЬ Нож, Диван"


def test_iso_8859_1_body_and_encoded_name_are_decoded() -> None:
    result = corpus_mail("latin1_qp_french.eml")
    assert result.text.startswith("SAY Très bien, je vais à la cuisine.")
    assert result.sender_name == "Amélie Dupré"


def test_unknown_charset_is_read_as_the_russian_codepage_it_really_is() -> None:
    assert corpus_mail("unknown_charset_cp1251.eml").text.startswith("ИДТИ Кухня")


def test_wrongly_declared_utf8_koi8r_body_is_still_read_as_russian() -> None:
    assert corpus_mail("wrong_charset_koi8r.eml").text.startswith("ИДТИ Кухня\nИСКАТЬ Нож")


def test_valid_utf8_wins_over_a_declared_latin1() -> None:
    assert corpus_mail("mislabelled_utf8_as_latin1.eml").text == "ИДТИ Кухня\nSAY Ça va très bien"


def test_rfc2047_subject_and_sender_name_are_decoded() -> None:
    result = corpus_mail("gmail_ru.eml")
    assert (result.subject, result.sender_name) == ("Re: [Десять моряков] День 2, час 3", "Анна Смирнова")


def test_empty_plain_part_gives_way_to_the_html_part() -> None:
    assert corpus_mail("alternative_empty_plain.eml").text == "TRAP Anna Kitchen Sofa Knife"


def test_html_part_gives_the_same_new_text_as_the_plain_part() -> None:
    for name in ("gmail_en.eml", "gmail_ru.eml", "yandex_ru_utf8_base64.eml", "outlook_from_sent_block.eml"):
        raw = (CORPUS / name).read_bytes()
        html = BytesParser(policy=policy.default).parsebytes(raw).get_body(preferencelist=("html",))
        assert new_text(html_to_text(html.get_content())) == read_mail(raw).text, name


def test_mail_with_only_attachments_has_no_text() -> None:
    result = corpus_mail("attachment_only.eml")
    assert (result.text, result.problem) == ("", "no-text")


def test_truncated_multipart_still_gives_its_text() -> None:
    result = corpus_mail("truncated_multipart.eml")
    assert (result.text, result.problem) == ("MOVE Kitchen\nSEARCH Knife, Sofa", "")


# --- headers -----------------------------------------------------------------------------------------


def test_missing_message_id_is_made_from_the_hash_of_the_raw_mail() -> None:
    raw = (CORPUS / "signature_dash_space.eml").read_bytes()
    assert read_mail(raw).message_id == f"<{hashlib.sha256(raw).hexdigest()}@referee.invalid>"


def test_recipients_come_from_every_address_header_in_order_lowercased_without_repeats() -> None:
    result = mail(
        "From: anna@example.org\nTo: Referee <Referee@Example.net>, b@example.com\nCc: c@example.com\n"
        "Delivered-To: referee@example.net\nX-Original-To: table3@example.net\nEnvelope-To: e@example.net"
    )
    assert result.recipients == (
        "referee@example.net",
        "b@example.com",
        "c@example.com",
        "table3@example.net",
        "e@example.net",
    )


ADDRESS_HEADERS = ("From", "To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(ADDRESS_HEADERS),
    st.from_regex(PLAIN_ADDRESSES, fullmatch=True).filter(lambda value: "=?" not in value),
)
def test_a_plain_address_header_reads_as_written_as_the_email_package_reads_it(name: str, value: str) -> None:
    """The door reads plain address lists as written, without the email package's header objects:
    what it finds must be what those objects would have given."""
    rendered = str(policy.default.header_fetch_parse(name, value))
    assert _as_read(value) == _as_read(rendered)


@settings(max_examples=30, deadline=None)
@given(st.from_regex(PLAIN_ADDRESSES, fullmatch=True).filter(lambda value: "=?" not in value))
def test_a_plain_address_list_is_split_as_getaddresses_splits_it(value: str) -> None:
    """The door splits a plain address list into names and addresses itself, without the standard
    library's address parser: every pair must be the one that parser gives."""
    assert plain_pairs(value) == getaddresses([value])


@pytest.mark.parametrize("value", ["", " ", "a@b.c,", ",a@b.c", "a@b.c,,d@e.f", "=?utf-8?q?A?= <a@b.c>"])
def test_what_is_not_a_plain_address_list_is_left_to_the_standard_parser(value: str) -> None:
    assert not plain_addresses(value)
    assert plain_pairs(value) is None


ODD_PIECES = ['"', "<", ">", ",", "@", "a", "b.c", " ", "\t", "x-y", "'", "!"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(ODD_PIECES)).map("".join))
def test_an_address_header_of_odd_plain_pieces_reads_as_the_email_package_reads_it(value: str) -> None:
    assert (plain_pairs(value) is not None) == plain_addresses(value)
    if PLAIN_ADDRESSES.fullmatch(value):
        rendered = str(policy.default.header_fetch_parse("To", value))
        assert _as_read(value) == _as_read(rendered)
        assert plain_pairs(value) == getaddresses([value])


def _as_read(value: str) -> list[tuple[str, str]]:
    """The (name, address) pairs of an address header's value as the door keeps them: names with
    their whitespace collapsed."""
    return [(" ".join(name.split()), address) for name, address in getaddresses([value])]


def test_names_in_encoded_words_are_decoded_even_in_a_plain_address_list() -> None:
    result = mail("From: =?utf-8?b?0JDQvdC90LA=?= <anna@example.org>")
    assert (result.sender_name, result.sender) == ("Анна", "anna@example.org")


def test_sender_without_a_from_header_is_empty() -> None:
    result = mail("To: referee@example.net")
    assert (result.sender, result.sender_name) == ("", "")


def test_in_reply_to_and_references_are_message_ids() -> None:
    result = mail(
        "From: a@example.org\nIn-Reply-To: <x1@h> (Boris's message of Monday)\nReferences: <x0@h>\n <x1@h>"
    )
    assert (result.in_reply_to, result.references) == ("<x1@h>", ("<x0@h>", "<x1@h>"))


def test_subject_whitespace_is_collapsed_and_prefixes_are_kept() -> None:
    assert mail("From: a@example.org\nSubject: Re:  Day 2\n\torders").subject == "Re: Day 2 orders"


@pytest.mark.parametrize(
    ("subject", "cleaned"),
    [
        ("Re: Day 2 orders", "Day 2 orders"),
        ("RE: Fwd: AW: Day 2 orders", "Day 2 orders"),
        ("[Ten Sailors] Re: Day 2 orders", "Day 2 orders"),
        ("Re: [Ten Sailors] Re[2]: Day 2 orders", "Day 2 orders"),
        ("Отв: Ответ: Пересл: Ходы", "Ходы"),
        ("FW: WG: SV: orders", "orders"),
        ("Day 2 orders", "Day 2 orders"),
        ("Regarding: orders", "Regarding: orders"),
    ],
)
def test_clean_subject_strips_reply_prefixes_and_tags(subject: str, cleaned: str) -> None:
    assert clean_subject(subject) == cleaned


# --- automatic mail ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "reason"),
    [
        ("From: MAILER-DAEMON@mx.example.net", "mailer-daemon"),
        ("From: Postmaster <postmaster@example.org>", "mailer-daemon"),
        ("From: a@example.org\nReturn-Path: <>", "bounce"),
        ("From: a@example.org\nAuto-Submitted: auto-generated", "auto-submitted"),
        ("From: a@example.org\nAuto-Submitted: auto-replied; owner-email=a@example.org", "auto-submitted"),
        ("From: a@example.org\nAuto-Submitted: no", ""),
        ("From: a@example.org\nX-Autoreply: yes", "autoreply"),
        ("From: a@example.org\nX-Autorespond: on", "autoreply"),
        ("From: a@example.org\nX-Auto-Response-Suppress: DR, OOF", "autoreply"),
        ("From: a@example.org\nX-Auto-Response-Suppress: DR, RN", ""),
        ("From: a@example.org\nSubject: Auto: away", "autoreply"),
        ("From: a@example.org\nSubject: Automatic reply: Day 2", "autoreply"),
        ("From: a@example.org\nSubject: =?utf-8?b?0JDQstGC0L7QvtGC0LLQtdGCOiDRhdC+0LTRiw==?=", "autoreply"),
        ("From: a@example.org\nSubject: Re: Auto: away", ""),
        ("From: a@example.org\nPrecedence: junk", "precedence"),
        ("From: a@example.org\nPrecedence: auto_reply", "precedence"),
        ("From: a@example.org\nPrecedence: first-class", ""),
        ("From: a@example.org\nList-Post: <mailto:list@example.org>", "mailing-list"),
        ("From: a@example.org\nList-Unsubscribe: <mailto:leave@example.org>", "mailing-list"),
        ("From: a@example.org\nSubject: Re: orders", ""),
    ],
)
def test_automatic_mail_is_recognised(headers: str, reason: str) -> None:
    assert mail(headers).automatic == reason


def test_first_reason_wins_in_the_documented_order() -> None:
    reasons = [
        ("From: mailer-daemon@mx.example.net", "mailer-daemon"),
        ("Return-Path: <>", "bounce"),
        ("Auto-Submitted: auto-replied", "auto-submitted"),
        ("X-Autoreply: yes", "autoreply"),
        ("Precedence: bulk", "precedence"),
        ("List-Id: <players.example.org>", "mailing-list"),
    ]
    for first in range(len(reasons)):
        headers = "\n".join(header for header, _ in reasons[first:])
        assert mail(f"{headers}\nFrom: a@example.org").automatic == reasons[first][1]


def test_multipart_report_is_a_bounce() -> None:
    assert corpus_mail("bounce_report.eml").automatic == "bounce"


# --- input that is not a mail -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw", [b"", b"\x00\x01\x02" * 100, b"Content-Type: multipart/mixed\n\n--x\n", b"From: <<<\n\n"]
)
def test_unreadable_input_is_reported_not_raised(raw: bytes) -> None:
    result = read_mail(raw)
    assert result.text == ""
    assert result.problem in ("no-text", "undecodable")


def test_garbage_is_undecodable() -> None:
    assert corpus_mail("garbage.eml").problem == "undecodable"


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_read_mail_never_raises_on_any_bytes(raw: bytes) -> None:
    assert isinstance(read_mail(raw), IncomingMail)


MAIL_PIECES = st.sampled_from(
    [
        b"From: a@b.c\r\n",
        b"Content-Type: multipart/mixed; boundary=x\r\n",
        b"Content-Type: text/plain; charset=base64\r\n",
        b'Content-Type: text/html; charset="x-unknown"\r\n',
        b"Content-Transfer-Encoding: base64\r\n",
        b"Content-Transfer-Encoding: quoted-printable\r\n",
        b"To: =?utf-8?q?=ff?= <x@y>, (((\r\n",
        b"References: <a@b> <c@d\r\n",
        b"\r\n",
        b"--x\r\n",
        b"--x--\r\n",
        b"MOVE Kitchen\r\n",
        b"> MOVE Library\r\n",
        b"<blockquote><![foo[",
        b"\xff\xfe\x00",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(MAIL_PIECES | st.binary(max_size=8)).map(b"".join))
def test_read_mail_never_raises_on_broken_mime(raw: bytes) -> None:
    assert isinstance(read_mail(raw).text, str)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_new_text_and_html_to_text_never_raise(text: str) -> None:
    assert isinstance(new_text(text), str)
    assert isinstance(html_to_text(text), str)


# --- new_text ----------------------------------------------------------------------------------------------


def test_quoted_lines_are_dropped_including_nested_ones() -> None:
    assert new_text("MOVE Kitchen\n> MOVE Library\n> > SEARCH Rope\n >> SAY old") == "MOVE Kitchen"


def test_english_attribution_wrapped_over_two_lines_is_dropped_with_the_quote() -> None:
    body = (
        "MOVE Kitchen\n\nOn Mon, 12 Feb 2024 at 10:15, Boris Petrov <boris@example.com>\nwrote:\n\n> MOVE Lib"
    )
    assert new_text(body) == "MOVE Kitchen"


def test_text_after_an_attribution_with_no_quote_marks_is_dropped() -> None:
    body = "MOVE Kitchen\n\nOn Mon, 12 Feb 2024, Boris Petrov <boris@example.com> wrote:\n\nMOVE Library"
    assert new_text(body) == "MOVE Kitchen"


@pytest.mark.parametrize(
    "attribution",
    [
        "12 февр. 2024 г., в 10:15, Борис Петров <boris@example.org> написал(а):",
        "12.02.2024 10:15, Борис Петров пишет:",
        "понедельник, 12 февраля 2024 г. пользователь Борис Петров написал:",
        "пн, 12 февр. 2024 г. в 10:15, Борис Петров <boris@example.org>:",
        '12.02.2024, 10:15, "Борис Петров" <boris@yandex.ru>:',
        "Понедельник, 12 февраля 2024, 10:15 +03:00 от Борис Петров <boris@mail.ru>:",
        "Am Mo., 12. Feb. 2024 um 10:15 Uhr schrieb Boris Petrov <boris@example.com>:",
        "Le lun. 12 févr. 2024 à 10:15, Boris Petrov <boris@example.com> a écrit :",
        "---- On Mon, 12 Feb 2024 10:15:00 +0300 boris@example.com wrote ----",
    ],
)
def test_russian_german_and_french_attributions_end_the_new_text(attribution: str) -> None:
    assert new_text(f"ИДТИ Кухня\n\n{attribution}\n\nИДТИ Библиотека\n") == "ИДТИ Кухня"


def test_line_right_before_an_attribution_is_kept() -> None:
    body = "SAY I will go there\nOn Mon, 12 Feb 2024 at 10:15, Boris Petrov <boris@example.com> wrote:\n> x\n"
    assert new_text(body) == "SAY I will go there"


def test_outlook_original_message_block_is_dropped() -> None:
    body = (
        "TRAP Anna Kitchen Sofa Knife\n\n-----Original Message-----\nFrom: Boris Petrov\n"
        "Sent: Monday, February 12, 2024 10:15 AM\nTo: Anna\nSubject: orders\n\nMOVE Library\n"
    )
    assert new_text(body) == "TRAP Anna Kitchen Sofa Knife"


@pytest.mark.parametrize(
    "block",
    [
        "From: Boris Petrov <boris@example.com>\nSent: Monday, 12 February 2024\nTo: Anna\nSubject: orders",
        "*From:* Boris Petrov [mailto:boris@example.com]\n*Sent:* Monday, February 12, 2024\n*To:* Anna",
        "От: Борис Петров [mailto:boris@example.com]\nОтправлено: 12 февраля 2024 г.\nКому: Анна\nТема: ходы",
        "От кого: Борис Петров <boris@mail.ru>\nКому: anna@mail.ru\nДата: 12 февраля 2024\nТема: ходы",
        "Von: Boris Petrov <boris@example.com>\nGesendet: Montag, 12. Februar 2024 10:15\nAn: Anna",
    ],
)
def test_outlook_header_block_drops_everything_after_it(block: str) -> None:
    assert new_text(f"SEARCH Knife, Sofa\n\n{block}\n\nSEARCH Rope, Lamp\n") == "SEARCH Knife, Sofa"


def test_a_single_header_like_line_is_kept() -> None:
    assert new_text("To: the kitchen!\nMOVE Kitchen") == "To: the kitchen!\nMOVE Kitchen"


@pytest.mark.parametrize(
    "marker",
    [
        "---------- Forwarded message ---------",
        "-------- Forwarded Message --------",
        "-------- Пересылаемое сообщение --------",
        "-----Исходное сообщение-----",
        "Begin forwarded message:",
        "Начало переадресованного сообщения:",
        "________________________________",
    ],
)
def test_forwarded_original_and_separator_lines_drop_everything_after_them(marker: str) -> None:
    assert new_text(f"MOVE Kitchen\n\n{marker}\nMOVE Library\n") == "MOVE Kitchen"


@pytest.mark.parametrize("delimiter", ["-- ", "--"])
def test_signature_after_the_delimiter_is_dropped(delimiter: str) -> None:
    assert new_text(f"MOVE Kitchen\nSAY hello\n{delimiter}\nBoris Petrov\n+7 900 000-00-00") == (
        "MOVE Kitchen\nSAY hello"
    )


def test_dashes_inside_a_line_are_not_a_signature() -> None:
    assert (
        new_text("SAY the knife -- or the rope\nMOVE Kitchen") == "SAY the knife -- or the rope\nMOVE Kitchen"
    )


@pytest.mark.parametrize(
    "line",
    [
        "Sent from my iPhone",
        "Sent from my Verizon Wireless BlackBerry",
        "Sent from Mail for Windows",
        "Get Outlook for iOS<https://aka.ms/o0ukef>",
        "Отправлено с iPhone",
        "Отправлено из мобильной Почты Mail.ru",
        "Von meinem iPhone gesendet",
        "Envoyé de mon iPhone",
    ],
)
def test_mobile_signature_lines_are_dropped(line: str) -> None:
    assert new_text(f"MOVE Kitchen\n\n{line}\n") == "MOVE Kitchen"


def test_a_sentence_starting_like_a_mobile_signature_is_kept() -> None:
    body = "MOVE Kitchen\nSent from my desk, it is easier than the phone."
    assert new_text(body) == body


@pytest.mark.parametrize(
    "closing",
    [
        "Thanks,\nBoris",
        "Best regards,\nBoris Petrov",
        "С уважением,\nБорис Петров",
        "С уважением\nБорис",
        "Cheers!",
    ],
)
def test_closing_and_name_at_the_end_are_dropped(closing: str) -> None:
    assert new_text(f"MOVE Kitchen\n\n{closing}\n") == "MOVE Kitchen"


@pytest.mark.parametrize(
    "body",
    [
        "Thanks!\nMove Kitchen",
        "Спасибо!\nИдти Кухня",
        "SEARCH\n- Knife\n- Sofa",
        "SEARCH\n\n-Sofa",
        "Thanks, this helps a lot.",
    ],
)
def test_orders_and_sentences_that_look_like_a_closing_are_kept(body: str) -> None:
    assert new_text(body) == body


def test_interleaved_reply_keeps_the_new_lines_between_quotes() -> None:
    body = (
        "On Mon, 12 Feb 2024 at 10:15, Boris Petrov <boris@example.com> wrote:\n> Where to?\n"
        "> MOVE Library\n\nMOVE Kitchen\n\n> And the search?\n> SEARCH Rope\n\n"
        "SEARCH Knife, Sofa\n\n> --\n> Boris\n"
    )
    assert new_text(body) == "MOVE Kitchen\n\nSEARCH Knife, Sofa"


def test_line_ends_are_normalised_and_blank_runs_collapsed() -> None:
    assert new_text("\r\n\r\nMOVE Kitchen  \r\n\r\n\r\n\r\nSAY hi\u00a0there\u200b\r\n\r\n") == (
        "MOVE Kitchen\n\nSAY hi there"
    )


# --- html_to_text -----------------------------------------------------------------------------------------


def test_html_blockquote_and_gmail_quote_are_left_out() -> None:
    html = (
        '<div dir="ltr">MOVE Kitchen</div><div class="gmail_quote"><div class="gmail_attr">On Mon, Boris '
        'wrote:</div><blockquote class="gmail_quote">MOVE Library<blockquote>SEARCH Rope</blockquote>'
        "SAY old</blockquote></div><div>SAY new</div>"
    )
    assert html_to_text(html) == "MOVE Kitchen\nSAY new"


def test_html_outlook_divider_drops_everything_after_it() -> None:
    html = (
        "<p>MOVE Kitchen</p><div style='border:none;border-top:solid #B5C4DF 1.0pt;padding:3.0pt 0cm'>"
        "<p><b>From:</b> Boris</p></div><p>MOVE Library</p>"
    )
    assert html_to_text(html) == "MOVE Kitchen"


def test_html_is_turned_into_plain_text_without_markdown_escapes() -> None:
    html = "<div>1. MOVE Kitchen</div><div>- SEARCH Knife</div><p>SAY a&nbsp;&amp;&nbsp;b<br>(*really*)</p>"
    assert html_to_text(html) == "1. MOVE Kitchen\n- SEARCH Knife\n\nSAY a & b\n(*really*)"


def test_html_table_cells_are_kept_apart() -> None:
    html = "<table><tr><td>MOVE</td><td>Kitchen</td></tr><tr><td>SAY</td><td>hi</td></tr></table>"
    assert html_to_text(html) == "MOVE Kitchen\nSAY hi"


def test_html_style_script_and_signature_are_left_out() -> None:
    html = (
        "<html><head><style>p {color: red}</style><script>var x = 1;</script></head><body><p>MOVE Kitchen</p>"
        '<div id="Signature">Anna Smirnova</div><div class="moz-signature">-- <br>Anna</div></body></html>'
    )
    assert html_to_text(html) == "MOVE Kitchen"


def test_html_with_an_unknown_marked_section_is_still_read() -> None:
    assert html_to_text("<p>MOVE Kitchen</p><![foo[ x ]]><p>SAY hi</p>").startswith("MOVE Kitchen")


# --- the shared corpus of real-client reply fixtures -------------------------------------------------------

# For each fixture: text of the new part that must be kept, and text of the quote (usually the line right
# after the attribution or header block) or of the signature that must be gone.
SHARED_EXPECTED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "alfonsrv__mail-parser-reply/test/emails/begins_with_signature.txt": (
        ("hope you can join.",),
        ("10.30 AM pacific is good for me",),
    ),
    "alfonsrv__mail-parser-reply/test/emails/caution.txt": (("job at our end.",), ("HAHA LOLO", "Thanks,")),
    "alfonsrv__mail-parser-reply/test/emails/email_3_1.txt": (("First reply.",), ("my second test reply",)),
    "alfonsrv__mail-parser-reply/test/emails/email_danish_1.txt": (
        ("Tak for din mail. Det lyder godt.",),
        ("Hvordan går det med projektet?", "Anders Andersen"),
    ),
    "alfonsrv__mail-parser-reply/test/emails/email_danish_2.txt": (
        ("Jeg har modtaget filerne.",),
        ("Her er filerne du bad om.",),
    ),
    "alfonsrv__mail-parser-reply/test/emails/email_danish_3.txt": (("Svar.",), ("Oprindelig besked.",)),
    "alfonsrv__mail-parser-reply/test/emails/email_danish_4.txt": (("Svar.",), ("Oprindelig meddelelse",)),
    "alfonsrv__mail-parser-reply/test/emails/email_ja_1_2.txt": (
        ("それでは 11:00 にお待ちしております。",),
        ("かしこまりました。",),
    ),
    "alfonsrv__mail-parser-reply/test/emails/email_nl_1_2.txt": (
        ("Outlook met een antwoord",),
        ("Beste Google Apps Sync-gebruiker",),
    ),
    "alfonsrv__mail-parser-reply/test/emails/email_pl_1_2.txt": (
        ("Jak się masz?",),
        ("Wszystko w porządku",),
    ),
    "alfonsrv__mail-parser-reply/test/emails/email_sv_anon_1.txt": (
        ("flexibel fram till kl 15 idag.",),
        ("Ursäkta mitt sena svar!",),
    ),
    "alfonsrv__mail-parser-reply/test/emails/email_swedish_1.txt": (
        ("Kan inte se att det står något om vilket företag det gäller?",),
        ("Jag har försökt", "Person B"),
    ),
    "alfonsrv__mail-parser-reply/test/emails/email_swedish_2.txt": (
        ("will update you once I am available",),
        ("I hope you are well!", "/John"),
    ),
    "alfonsrv__mail-parser-reply/test/emails/outlook.txt": (
        ("My number is: +00 0000 000 000",),
        ("Get Outlook",),
    ),
    "crisp-oss__email-reply-parser/test/fixtures/email_german_outlook.txt": (
        ("Fusce bibendum",),
        ("This is the original message content.",),
    ),
    "crisp-oss__email-reply-parser/test/fixtures/email_ios_outlook.txt": (
        ("Fusce bibendum",),
        ("Chauffeur - Berlin, CT", "Get Outlook"),
    ),
    "crisp-oss__email-reply-parser/test/fixtures/email_ios_outlook_fr.txt": (
        ("Fusce bibendum",),
        ("Etiam non sagittis orci", "Envoyé"),
    ),
    "crisp-oss__email-reply-parser/test/fixtures/email_msn.txt": (
        ("Fusce bibendum",),
        ("Local CDL A Driver",),
    ),
    "crisp-oss__email-reply-parser/test/fixtures/email_russian.txt": (("Fusce bibendum",), ("привет",)),
    "crisp-oss__email-reply-parser/test/fixtures/email_zoho.txt": (("running a test?",), ("Java sucks",)),
    "discourse__email_reply_trimmer/test/emails/embedded_email_french_1.txt": (
        ("C'est super !",),
        ("Discourse c'est top !", "Neil Lalonde"),
    ),
    "discourse__email_reply_trimmer/test/emails/embedded_email_french_2.txt": (
        ("Thanks for your answer.",),
        ("Hello French guy,",),
    ),
    "discourse__email_reply_trimmer/test/emails/embedded_email_german_1.txt": (
        ("alright, no big deal",),
        ("So turns out this is sort of a complex change", "K-9 Mail"),
    ),
    "discourse__email_reply_trimmer/test/emails/embedded_email_german_2.txt": (("Hey:)",), ("Lorem ipsum",)),
    "discourse__email_reply_trimmer/test/emails/embedded_email_russian_1.txt": (
        ("Why don't you override particular strings with JS?",),
        ("Do you have any plan to make this plugin?", "написал"),
    ),
    "discourse__email_reply_trimmer/test/emails/embedded_email_russian_2.txt": (
        ("Yes.",),
        ("Are you using our official docker install?", "пользователь"),
    ),
    "discourse__email_reply_trimmer/test/emails/embedded_email_ukrainian.txt": (
        ("Спасибо еще раз.",),
        ("Когда будет точное название", "пише"),
    ),
    "mailgun__talon/tests/fixtures/reply-quotations-share-block.eml": (
        ("Sounds great.",),
        ("New Booking Inquiry",),
    ),
    "mailgun__talon/tests/fixtures/standard_replies/outlook.eml": (("Hello",), ("The manager's comment",)),
    "mailgun__talon/tests/fixtures/standard_replies/sparrow.eml": (("Hello",), ("Sparrow", "Hi")),
    "zapier__email-reply-parser/test/emails/correct_sig.txt": (
        ("this is an email with a correct -- signature.",),
        ("rick",),
    ),
    "zapier__email-reply-parser/test/emails/email_1_1.txt": (
        ("I am currently using the Java HTTP API.",),
        ("riak-users mailing list",),
    ),
    "zapier__email-reply-parser/test/emails/email_1_2.txt": (
        ("Hi,", "would do it.", "you’ll need to delete them all individually."),
        ("What is the best way to clear a Riak bucket", "riak-users mailing list"),
    ),
    "zapier__email-reply-parser/test/emails/email_1_3.txt": (
        ("Having the function would be great.",),
        ("You can list the keys for the bucket", "-Abhishek Kona\n\nOn"),
    ),
    "zapier__email-reply-parser/test/emails/email_1_4.txt": (
        ("Awesome! I haven't had another problem with it.",),
        ("Loader seems to be working well.",),
    ),
    "zapier__email-reply-parser/test/emails/email_1_6.txt": (
        ("I get proper rendering as well.",),
        ("Was this caching related",),
    ),
    "zapier__email-reply-parser/test/emails/email_1_7.txt": (
        (":+1:",),
        ("Steps 0-2 are in prod.", "Wanstrath"),
    ),
    "zapier__email-reply-parser/test/emails/email_1_8.txt": (
        ("I will reply under this one", "and under this."),
        ("here's some stuff I can write", "Hey there, this is my signature", "Example Dev"),
    ),
    "zapier__email-reply-parser/test/emails/email_2_1.txt": (
        ("Outlook with a reply",),
        ("Dear Google Apps Sync user",),
    ),
    "zapier__email-reply-parser/test/emails/email_2_2.txt": (
        ("Outlook with a reply directly above line",),
        ("I am replying to a comment.",),
    ),
    "zapier__email-reply-parser/test/emails/email_2_3.txt": (
        ("Outlook with a reply above headers using unusual format",),
        ("Respond to Kim",),
    ),
    "zapier__email-reply-parser/test/emails/email_BlackBerry.txt": (
        ("Here is another email",),
        ("Sent from my BlackBerry",),
    ),
    "zapier__email-reply-parser/test/emails/email_bullets.txt": (
        ("- how about bullets", "- and another"),
        ("Give us an example", "Joe Smith"),
    ),
    "zapier__email-reply-parser/test/emails/email_gmail.txt": (
        ("This is a test for inbox replying to a github message.",),
        ("That way people can tell how outdated", "Steven Scott"),
    ),
    "zapier__email-reply-parser/test/emails/email_headers_no_delimiter.txt": (
        ("And another reply!",),
        ("This is a message.", "Sent from my iPhone", "Dan Watson"),
    ),
    "zapier__email-reply-parser/test/emails/email_iPhone.txt": (
        ("Here is another email",),
        ("Sent from my",),
    ),
    "zapier__email-reply-parser/test/emails/email_multi_word_sent_from_my_mobile_device.txt": (
        ("Here is another email",),
        ("Sent from my",),
    ),
    "zapier__email-reply-parser/test/emails/email_one_is_not_on.txt": (
        ("Locally (on development), when I run...",),
        ("The good news is that I've found a much better query", "Dave Tapley"),
    ),
    "zapier__email-reply-parser/test/emails/email_partial_quote_header.txt": (
        ("On your remote host you can run:", "fails, the tunnel is not working."),
        ("I am having an odd issue", "George Plymale"),
    ),
    "zapier__email-reply-parser/test/emails/email_sent_from_my_not_signature.txt": (
        ("Sent from my desk, is much easier then my mobile phone.",),
        (),
    ),
    "zapier__email-reply-parser/test/emails/email_sig_delimiter_in_middle_of_line.txt": (
        ("And here is a fix -- this is not a signature.", "kthxbai"),
        (),
    ),
    "zapier__email-reply-parser/test/emails/greedy_on.txt": (
        ("On your remote host you can run:", "fails, the tunnel is not working."),
        ("I am having an odd issue", "Reply to this email directly"),
    ),
    "zapier__email-reply-parser/test/emails/pathological.txt": (
        ("get back to a computer.",),
        ("John Sullivan", "I think your code is shortening"),
    ),
}
# talon's fixtures all say "Hi. I am fine. Thanks, Alex" (HTML) or "Hello" (mail) to a quoted greeting.
_TALON = "mailgun__talon/tests/fixtures"
_TALON_HTML = (
    "gmail",
    "hotmail",
    "mail_ru",
    "ms_outlook_2003",
    "ms_outlook_2007",
    "ms_outlook_2010",
    "thunderbird",
    "windows_mail",
    "yandex_ru",
)
_TALON_MAIL = (
    "android",
    "aol",
    "apple_mail",
    "apple_mail_2",
    "comcast",
    "gmail",
    "hotmail",
    "iphone",
    "thunderbird",
    "yahoo",
)
SHARED_EXPECTED |= {
    f"{_TALON}/html_replies/{name}.html": (("Hi. I am fine.",), ("How are you?", "Alex"))
    for name in _TALON_HTML
}
SHARED_EXPECTED |= {
    f"{_TALON}/standard_replies/{name}.eml": (("Hello",), ("Hi", "wrote", "Original")) for name in _TALON_MAIL
}


def shared_fixtures() -> list[str]:
    if not SHARED.is_dir():
        return []
    return sorted(
        str(path.relative_to(SHARED))
        for path in SHARED.rglob("*")
        if path.suffix in (".eml", ".txt", ".html")
    )


def shared_new_text(path: Path) -> str:
    if path.suffix == ".eml":
        return read_mail(path.read_bytes()).text
    body = path.read_text("utf-8")
    return new_text(html_to_text(body) if path.suffix == ".html" else body)


needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason=f"no shared reply corpus at {SHARED}")


@needs_shared
def test_shared_expectations_name_existing_fixtures() -> None:
    assert set(SHARED_EXPECTED) <= set(shared_fixtures())


@needs_shared
@pytest.mark.parametrize("fixture", shared_fixtures())
def test_shared_fixture_keeps_the_new_text_and_drops_the_quote(fixture: str) -> None:
    text = shared_new_text(SHARED / fixture)
    assert text.strip(), "every fixture has a new text"
    assert not [line for line in text.split("\n") if line.lstrip().startswith(">")]
    present, absent = SHARED_EXPECTED.get(fixture, ((), ()))
    for fragment in present:
        assert fragment in text
    for fragment in absent:
        assert fragment not in text


def shared_fixture_reads_right(fixture: str) -> bool:
    """Whether a fixture's new text is all kept and its quote and signature are all gone."""
    text = shared_new_text(SHARED / fixture)
    present, absent = SHARED_EXPECTED[fixture]
    return (
        bool(text.strip())
        and not any(line.lstrip().startswith(">") for line in text.split("\n"))
        and all(fragment in text for fragment in present)
        and not any(fragment in text for fragment in absent)
    )


@needs_shared
def test_nearly_every_shared_fixture_with_known_parts_reads_right() -> None:
    known = [fixture for fixture, (present, absent) in SHARED_EXPECTED.items() if present and absent]
    wrong = [fixture for fixture in known if not shared_fixture_reads_right(fixture)]
    assert len(known) - len(wrong) >= len(known) - 2, wrong


@needs_shared
@pytest.mark.parametrize("fixture", shared_fixtures())
def test_shared_fixture_reads_the_same_when_the_referee_is_one_of_the_writers(fixture: str) -> None:
    """Telling new_text the referee's address changes nothing in mail the referee did not write."""
    path = SHARED / fixture
    if path.suffix == ".eml":
        assert read_mail(path.read_bytes(), ["referee@example.net"]).text == shared_new_text(path)
    else:
        body = path.read_text("utf-8")
        body = html_to_text(body) if path.suffix == ".html" else body
        assert new_text(body, own=["referee@example.net"]) == new_text(body)


# --- clean_text ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("MOVE Stu\u00addy", "MOVE Study"),
        ("SAY \u202eevil\u202c and \u2066isolated\u2069", "SAY evil and isolated"),
        ("MOVE\x00 Kitchen\x07\x1b[31m", "MOVE Kitchen[31m"),
        ("MOVE Kit\u200bchen\ufeff\u2060\u2063", "MOVE Kitchen"),
        ("MOVE Kitchen\r\nSAY hi\tthere\r", "MOVE Kitchen\nSAY hi\tthere\n"),
        ("ＭＯＶＥ Kitchen ①", "MOVE Kitchen 1"),
        ("ИДТИ Кухня, ИСКАТЬ Нож", "ИДТИ Кухня, ИСКАТЬ Нож"),
        ("Ёлка й", "Ёлка й"),
    ],
)
def test_clean_text_removes_what_hides_or_reorders_letters(text: str, cleaned: str) -> None:
    assert clean_text(text) == cleaned


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_clean_text_is_idempotent(text: str) -> None:
    assert clean_text(clean_text(text)) == clean_text(text)


_NORMALISING = st.sampled_from(
    ["\n", "\r\n", "\r", "…", "ﬁ", "Ｍ", "①", "e\u0301", "\u0301", "й", "\u00ad", "a"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_NORMALISING, st.text(max_size=6)), max_size=30).map("".join))
def test_clean_text_normalises_line_by_line_as_the_whole_text_would_be(text: str) -> None:
    """Normalising only the lines that need it gives what NFKC of the whole text gives."""
    from referee.core.text import _REMOVED_PATTERN, nfkc

    whole = _REMOVED_PATTERN.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    assert clean_text(text) == _REMOVED_PATTERN.sub("", nfkc(whole))


# --- the referee's own words and more reply layouts ------------------------------------------------------

OWN = ("referee@example.net",)


@pytest.mark.parametrize(
    "quote",
    [
        "Quoting Referee <referee@example.net>:\n\nDay 2. MOVE Library",
        "Quoting Boris:\n\nMOVE Library",
        "-----Original-----\nMOVE Library",
        "-----Original Message-----\nMOVE Library",
        "From: Referee\nSent: Monday, 12 February 2024 10:15\nTo: Anna\nSubject: Day 2\n\nMOVE Library",
        "Sent: Monday, 12 February 2024 10:15\nTo: Anna\nSubject: Day 2\n\nMOVE Library",
        "От: Судья\nОтправлено: 12 февраля 2024 г. 10:15\nКому: Анна\nТема: День 2\n\nMOVE Library",
        "Дата: 12 февраля 2024\nТема: День 2\n\nMOVE Library",
        "Referee <referee@example.net> said on Monday\nMOVE Library",
        "The table: Referee+a1b2c3@EXAMPLE.net\nMOVE Library",
    ],
)
def test_attributions_in_more_layouts_end_the_new_text(quote: str) -> None:
    assert new_text(f"MOVE Kitchen\n\n{quote}\n", own=OWN) == "MOVE Kitchen"


def test_a_bottom_posted_reply_to_the_referee_keeps_the_orders_below_the_quote() -> None:
    body = "On Mon, Referee <referee+a1@example.net> wrote:\n> Day 2. MOVE Library\n\nMOVE Kitchen\n"
    assert new_text(body, own=OWN) == "MOVE Kitchen"


@pytest.mark.parametrize(
    "body",
    [
        "From the kitchen I go to the hall.\nMOVE Hall",
        "From: the kitchen\nMOVE Hall",
        "Subject: the knife\nMOVE Hall",
        "SAY write to boris@example.net, not the referee\nMOVE Hall",
        "SAY my address is referee@example.network\nMOVE Hall",
        "SAY otherreferee@example.net\nMOVE Hall",
    ],
)
def test_talk_and_orders_that_look_like_a_header_or_an_address_are_kept(body: str) -> None:
    assert new_text(body, own=OWN) == body


@pytest.mark.parametrize(
    "line",
    [
        "Get Outlook for Android",
        "Get Outlook for iOS\nhttps://aka.ms/o0ukef",
        "Sent from my Galaxy",
        "Sent from my iPhone\n<https://example.com/x>",
        "Envoyé de mon iPad",
        "Gesendet von meinem iPhone",
        "Отправлено с моего iPhone",
        "Enviado desde mi iPhone",
        "Skickat från min iPhone",
        "Sendt fra min iPhone",
    ],
)
def test_more_mobile_sign_offs_are_not_talk(line: str) -> None:
    assert new_text(f"MOVE Kitchen\n\n{line}\n", own=OWN) == "MOVE Kitchen"


@pytest.mark.parametrize("closing", ["Mvh", "Med venlig hilsen", "Med vänlig hälsning", "Vennlig hilsen"])
def test_scandinavian_sign_off_blocks_end_the_new_text(closing: str) -> None:
    body = f"MOVE Kitchen\n\n{closing}\nPerson B\nFöretaget AB\n+46 70 000 00 00\n\nMOVE Library\n"
    assert new_text(body, own=OWN) == "MOVE Kitchen"


# --- the referee's own text pasted without quote marks ----------------------------------------------------


def welcome_letter(language: str) -> str:
    """The Ten Sailors welcome letter as the referee mails it, help text included."""
    return Renderer(templates_dir()).render(
        language,
        "welcome.txt.j2",
        kind="ten-sailors",
        character="Anna",
        hand=["kitchen", "sofa", "knife"],
        game_id="g-7",
        others=["Boris", "Vera"],
        host=False,
        password="k7pq-2mx9-wh4t",
        referee_address="referee@example.net",
    )


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_welcome_letter_pasted_without_quote_marks_or_attribution_is_not_read(language: str) -> None:
    """The referee's own words end the new text whatever the quote layout (issue 12): the help's
    examples ("DAY 2 HOUR 3: SEARCH Rope, Sink", "SAY I found nothing here") are never orders."""
    letter = welcome_letter(language)
    assert "SEARCH" in letter or "ИСКАТЬ" in letter
    body = f"MOVE Library\nSAY Who has the rope?\n\n{letter}"

    assert new_text(body) == "MOVE Library\nSAY Who has the rope?"
    raw = f"From: anna@example.org\nSubject: Re: welcome\nContent-Type: text/plain; charset=utf-8\n\n{body}"
    assert read_mail(raw.encode(), OWN).text == "MOVE Library\nSAY Who has the rope?"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_referees_text_wrapped_by_a_mail_client_is_still_its_own(language: str) -> None:
    wrapped = "\n".join(textwrap.fill(line, 72) for line in welcome_letter(language).split("\n"))
    assert new_text(f"ИДТИ Библиотека\n\n{wrapped}") == "ИДТИ Библиотека"


def test_the_help_text_pasted_from_its_middle_is_not_read() -> None:
    help_text = Renderer(templates_dir()).render("en", "help.txt.j2", kind="ten-sailors")
    middle = help_text[help_text.lower().index("orders in advance") :]
    assert new_text(f"SEARCH Knife, Sofa\n{middle}") == "SEARCH Knife, Sofa"


@pytest.mark.parametrize(
    "body",
    [
        "DAY 2 HOUR 3: SEARCH Rope, Sink\nNIGHT 2: TRAP Anna Kitchen Sofa Knife",
        "DAY 3 HOUR 1:\nMOVE Study\nSEARCH Rope, Sink",
        "ИДТИ Столовая\nДЕНЬ 2 ЧАС 3: ИСКАТЬ Верёвка, Раковина\nСКАЗАТЬ Здесь ничего нет",
        "MOVE Dining Room\nCANCEL MOVE\nHELP\nSTATUS",
        "PAUSE\nSHIFT +30m\nANNOUNCE Dinner is served\nRESEND Anna",
        "Boris is already arrested.\nI think Vera has the knife.",
        "SAY Welcome to the castle, everyone!\nMOVE Hall",
        "The other guests are all liars.\nMOVE Hall",
    ],
)
def test_orders_from_the_help_and_ordinary_talk_are_never_taken_for_the_referees_words(body: str) -> None:
    assert new_text(body, own=OWN) == body


def test_the_help_examples_are_not_among_the_referees_own_lines() -> None:
    """The order examples of every help text are orders a player may write: they weigh nothing."""
    lines = referee_lines()
    for line in (
        "DAY 2 HOUR 3: SEARCH Rope, Sink",
        "  MOVE Dining Room               go to a room (or to the Hall) when the hour ends",
        "  ИДТИ Столовая                  перейти в комнату (или в Холл), когда закончится час",
        "SUBSTITUTE Anna new@mail.org   a new player takes over Anna",
        "MOVE Study",
    ):
        assert lines.weight(line) == 0, line
    assert lines.weight("HOW TO GIVE ORDERS") > 0
    assert lines.weight("Welcome to the castle, Vera! (game g-12)") > 0
    assert lines.weight("Добро пожаловать в замок, Вера! (игра g-12)") > 0


def test_a_short_line_of_the_referees_ends_the_new_text_only_with_another_after_it() -> None:
    """A heading alone may be a player's line; a short line followed by another of the referee's is not."""
    template = (
        "HOW TO GIVE ORDERS\n"
        "Write one order per line, in English or in Russian.\n"
        "{{ name }} is already arrested.\n"
    )
    words = OwnLines.from_templates([template], order_words=["move"])
    assert new_text("MOVE Kitchen\nHOW TO GIVE ORDERS\nMOVE Hall", words=words) == (
        "MOVE Kitchen\nHOW TO GIVE ORDERS\nMOVE Hall"
    )
    assert (
        new_text(
            "MOVE Kitchen\nBoris is already arrested.\n\nWrite one order per line, in English", words=words
        )
        == "MOVE Kitchen"
    )
    assert new_text("MOVE Kitchen\n- write one order per LINE, in english or in russian.", words=words) == (
        "MOVE Kitchen"
    )


def test_a_sentence_that_only_starts_like_a_line_of_the_help_is_a_players() -> None:
    body = "Nobody may stay in the same room\nfor long, they say.\nMOVE Hall"
    assert new_text(body) == body


_QUOTE_PIECES = st.sampled_from(
    ["\n", ">", " ", "\t", "\u3000", "\x85", "\u2028", "a", "> b", "\n>", "\n\n", ":", "-"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_QUOTE_PIECES, max_size=40).map("".join))
def test_a_run_of_quoted_lines_ends_where_the_first_line_not_quoted_starts(text: str) -> None:
    """``new_text`` skips a run of quoted lines by a pattern; it must stop at the first line whose
    text but leading spaces does not start with ">", as reading line by line does."""
    from referee.mail.quotes import _NOT_QUOTED

    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    for index, line in enumerate(lines):
        if not line.strip().startswith(">"):
            continue
        after = next(
            (later for later in range(index + 1, len(lines)) if not lines[later].strip().startswith(">")),
            None,
        )
        found = _NOT_QUOTED.search(text, starts[index])
        assert (found and found.end()) == (None if after is None else starts[after])


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["wrote", "писал(а)", "Quoting", "On 12", "a@b.org", ">", " ", ":", "-", "x", "12:30", " от "]
        ),
        max_size=12,
    ).map("".join)
)
def test_no_attribution_pattern_matches_a_line_that_ends_in_neither_a_colon_nor_a_dash(text: str) -> None:
    """Attributions are only looked for in lines ending in ":" or "-": the patterns agree."""
    from referee.mail.quotes import _ADDRESS_ATTRIBUTION, _QUOTING_ATTRIBUTION, _VERB_ATTRIBUTION

    text = text.strip()
    if text.endswith((":", "-")):
        return
    assert not (
        _ADDRESS_ATTRIBUTION.match(text) or _QUOTING_ATTRIBUTION.match(text) or _VERB_ATTRIBUTION.search(text)
    )


_PARSE_PIECES = st.sampled_from(
    [
        b"From: a@b.c\r\n", b"From: a@b.c\n", b"From a@b.c Mon Jan 1\n", b"Subject: hi\n", b" folded\n",
        b"Content-Type: multipart/mixed; boundary=x\n", b"Content-Type: message/rfc822\n",
        b"Content-Type: message/delivery-status\n", b"Content-Type: text/plain\r\n", b"Content-Type: ;;\n",
        b"\r\n", b"\n", b"\r", b"\n\n", b"\r\n\r\n", b"--x\n", b"--x--\n", b"MOVE Kitchen\n", b"no colon\n",
        b": empty name\n", b"\xff\xfe\n", b"X: \xd0\xb0\n",
    ]
)  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(st.lists(_PARSE_PIECES | st.binary(max_size=6), max_size=16).map(b"".join))
def test_a_mail_parsed_by_its_headers_first_is_the_mail_the_email_package_parses(raw: bytes) -> None:
    """``parsed`` reads the headers alone and takes the rest as the body when that is what the email
    package would do: whatever it does, the mail is the one the package gives."""
    from referee.mail.reading import _POLICY, parsed

    quick, whole = parsed(raw), BytesParser(policy=_POLICY.clone(parsed={})).parsebytes(raw)
    assert list(quick.raw_items()) == list(whole.raw_items())
    assert quick.get_unixfrom() == whole.get_unixfrom()
    assert [type(defect) for defect in quick.defects] == [type(defect) for defect in whole.defects]
    assert (quick.preamble, quick.epilogue) == (whole.preamble, whole.epilogue)
    assert _flat(quick) == _flat(whole)


def _flat(message: EmailMessage) -> bytes | type:
    """The mail written back, or the kind of error writing it back raises."""
    try:
        return message.as_bytes()
    except Exception as error:  # the generator fails on some broken mail, the same for both
        return type(error)
