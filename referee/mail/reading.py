"""Reading one incoming mail: who sent it, whether it may be answered, and only the new text in it.

The new text is what the player wrote this time. Quotations of earlier mail, reply attributions,
forwarded originals and signatures are removed, so that an old order quoted in a reply is never taken
again and a signature never becomes table talk. Players write in English and Russian; the common
German and French reply layouts are recognised too.
"""

from __future__ import annotations

import codecs
import hashlib
import re
from contextlib import suppress
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses

import html2text


@dataclass(frozen=True)
class IncomingMail:
    """One incoming mail, reduced to what the referee needs."""

    message_id: str
    """The Message-ID as given, or `<sha256-of-raw@referee.invalid>` when there is none."""
    sender: str = ""
    """The From address, lowercased; "" when there is none or it cannot be parsed."""
    sender_name: str = ""
    """The display name in From, "" when there is none."""
    recipients: tuple[str, ...] = ()
    """Lowercased addresses from To, Cc, Delivered-To, X-Original-To and Envelope-To, without repeats."""
    subject: str = ""
    """The decoded subject with whitespace collapsed; reply prefixes are left in (see `clean_subject`)."""
    in_reply_to: str = ""
    references: tuple[str, ...] = ()
    automatic: str = ""
    """Empty for mail a person wrote, otherwise a short code why it must never be answered (RFC 3834)."""
    text: str = ""
    """The new text only, with "\\n" line ends; empty when there is none."""
    problem: str = ""
    """Empty normally; "no-text" when the mail holds no readable text, "undecodable" when it is unreadable."""


def read_mail(raw: bytes) -> IncomingMail:
    """Read one raw RFC 5322 mail; never raises: a mail that cannot be read says so in `problem`."""
    fallback_id = f"<{hashlib.sha256(raw).hexdigest()}@referee.invalid>"
    try:
        message = BytesParser(policy=policy.default).parsebytes(raw)
        return _read(message, fallback_id)
    except Exception:  # the email package has known crashes on hostile input; none may escape
        return IncomingMail(message_id=fallback_id, problem="undecodable")


def new_text(body: str) -> str:
    """The text the writer added in a plain-text body, without quotations, attributions or signature."""
    lines = [line.rstrip() for line in _normalised(body).split("\n")]
    quote_ahead = _quote_ahead(lines)
    kept: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if _is_quoted(line):
            index += 1
            continue
        span, strong = _attribution(lines, index)
        if span and quote_ahead[index + span]:  # a marked quote follows: the reply may go on below it
            index += span
            continue
        if span and strong:
            break
        if _QUOTE_START.match(line) or _SIGNATURE.match(line) or _header_block_at(lines, index):
            break
        kept.append(lines[index])
        index += 1
    return _tidy(_without_sign_off(_trimmed(kept)))


def html_to_text(html: str) -> str:
    """Readable plain text of an HTML body, with quoted blocks and forwarded originals left out."""
    converter = _MailHtml()
    text = converter.handle(_UNKNOWN_MARKED_SECTION.sub("&lt;![", html))
    return _tidy([line.rstrip() for line in _normalised(text).split("\n")])


def clean_subject(subject: str) -> str:
    """The subject without any number of reply/forward prefixes (Re:, Fwd:, AW:, Отв:, ...) and [tags]."""
    previous = None
    while previous != subject:
        previous, subject = subject, _SUBJECT_PREFIX.sub("", subject, count=1)
    return subject.strip()


# --- headers -------------------------------------------------------------------------------------

_MESSAGE_ID = re.compile(r"<[^<>\s]+>")
_AUTO_SUBJECT = re.compile(r"(?:auto:|automatic reply|autoreply|автоответ|автоматический ответ)", re.I)
_SUBJECT_PREFIX = re.compile(
    r"^\s*(?:\[[^\]]*\]|(?:re|fwd?|aw|wg|sv|antw|tr|rv|отв|ответ|пересл)\s*(?:\[\d+\]|\(\d+\))?\s*[:：])\s*",
    re.I,
)
_RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")


def _read(message: EmailMessage, fallback_id: str) -> IncomingMail:
    senders = _addresses(message, "From")
    sender_name, sender = senders[0] if senders else ("", "")
    subject = _header(message, "Subject")
    recipients = [address for name in _RECIPIENT_HEADERS for _, address in _addresses(message, name)]
    text, problem = _text_of(message)
    return IncomingMail(
        message_id=_header(message, "Message-ID") or fallback_id,
        sender=sender,
        sender_name=sender_name,
        recipients=tuple(address for address in dict.fromkeys(recipients) if "@" in address),
        subject=subject,
        in_reply_to=_first_id(_header(message, "In-Reply-To")),
        references=tuple(_MESSAGE_ID.findall(_header(message, "References"))),
        automatic=_automatic(message, sender, subject),
        text=text,
        problem=problem,
    )


def _header(message: EmailMessage, name: str) -> str:
    """One header's decoded value with whitespace collapsed; "" when it is missing or unreadable."""
    try:
        value = message.get(name)
    except Exception:  # a malformed header must not cost the rest of the mail
        return ""
    return "" if value is None else " ".join(str(value).split())


def _addresses(message: EmailMessage, name: str) -> list[tuple[str, str]]:
    """(display name, lowercased address) pairs of every header called `name`."""
    try:
        values = message.get_all(name) or []
        pairs = getaddresses([str(value) for value in values])
    except Exception:  # as in _header
        return []
    return [(" ".join(display.split()), address.strip().lower()) for display, address in pairs if address]


def _first_id(value: str) -> str:
    found = _MESSAGE_ID.search(value)
    return found.group() if found else value


def _automatic(message: EmailMessage, sender: str, subject: str) -> str:
    """Why the mail must never be answered (RFC 3834 and practice), or ""."""
    if sender.partition("@")[0] in ("mailer-daemon", "postmaster"):
        return "mailer-daemon"
    report_type = str(message.get_param("report-type", "")).lower()
    return_path = _header(message, "Return-Path").replace(" ", "")
    if (
        message.get_content_type() == "multipart/report"
        or report_type == "delivery-status"
        or return_path == "<>"
    ):
        return "bounce"
    auto_submitted = _header(message, "Auto-Submitted").lower().partition(";")[0].strip()
    if auto_submitted and auto_submitted != "no":
        return "auto-submitted"
    suppressed = {word.strip().lower() for word in _header(message, "X-Auto-Response-Suppress").split(",")}
    if (
        _header(message, "X-Autoreply")
        or _header(message, "X-Autorespond")
        or suppressed & {"all", "oof"}
        or _AUTO_SUBJECT.match(subject)
    ):
        return "autoreply"
    if _header(message, "Precedence").lower() in ("bulk", "list", "junk", "auto_reply"):
        return "precedence"
    if any(_header(message, name) for name in ("List-Id", "List-Unsubscribe", "List-Post")):
        return "mailing-list"
    return ""


# --- body ----------------------------------------------------------------------------------------


def _text_of(message: EmailMessage) -> tuple[str, str]:
    """(new text, problem) of the mail's body."""
    try:
        part = message.get_body(preferencelist=("plain", "html"))
        body = _decoded(part) if part is not None else ""
        if part is not None and part.get_content_subtype() == "plain" and not body.strip():
            html = message.get_body(preferencelist=("html",))
            if html is not None:
                part, body = html, _decoded(html)
    except Exception:  # as in _header: a broken MIME structure
        return "", "undecodable"
    if part is None or not body.strip():
        return "", "no-text"
    if _is_garbage(body):
        return "", "undecodable"
    if part.get_content_subtype() == "html":
        body = html_to_text(body)
    return new_text(body), ""


def _decoded(part: EmailMessage) -> str:
    payload = part.get_payload(decode=True)
    return _decode(payload, part.get_content_charset()) if isinstance(payload, bytes) else ""


_LATIN = frozenset({"iso8859-1", "iso8859-15", "cp1252"})
_RUSSIAN_BY_FREQUENCY = "оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё"
_RUSSIAN_WORD = re.compile(r"[а-яё]{3,}")


def _decode(payload: bytes, charset: str | None) -> str:
    """Text of a body part whatever its declared charset says.

    Valid UTF-8 is taken as UTF-8 (it is never an accident, and mislabelled UTF-8 is common); then the
    declared charset; then windows-1251 or KOI8-R if either reads like Russian; then Latin-1.
    """
    with suppress(UnicodeDecodeError):
        return payload.decode("utf-8")
    codec = _codec(charset)
    if codec and codec not in _LATIN:
        with suppress(UnicodeError, LookupError):
            return payload.decode(codec)
    return _russian(payload) or payload.decode(codec if codec in _LATIN else "latin-1", errors="replace")


def _codec(charset: str | None) -> str | None:
    """The Python codec name for a MIME charset, or None when Python does not know it."""
    try:
        return codecs.lookup(charset).name if charset else None
    except LookupError:
        return None


def _russian(payload: bytes) -> str | None:
    """The payload read as windows-1251 or KOI8-R, whichever looks like Russian; None if neither does.

    Both put Cyrillic letters in the upper half, in different orders: the right one gives words made of
    frequent Russian letters (scored by frequency rank, 33 for "о" down to 1 for "ё"; random letters
    average 17, Russian text about 24).
    """
    best, best_score = None, 20.0
    for codec in ("cp1251", "koi8-r"):
        text = payload.decode(codec, errors="replace")
        letters = "".join(_RUSSIAN_WORD.findall(text.lower()))
        score = sum(33 - _RUSSIAN_BY_FREQUENCY.index(letter) for letter in letters) / max(len(letters), 1)
        if len(letters) >= 6 and score > best_score:
            best, best_score = text, score
    return best


def _is_garbage(text: str) -> bool:
    """Whether decoded text is binary junk rather than something a person wrote."""
    junk = sum(1 for char in text if char == "\ufffd" or (char < " " and char not in "\t\n\r\f"))
    return junk > max(3, len(text) // 20)


# --- HTML ----------------------------------------------------------------------------------------

_QUOTE_CLASSES = (
    "gmail_quote",
    "gmail_attr",
    "gmail_signature",
    "moz-cite-prefix",
    "moz-signature",
    "moz-forward-container",
    "yahoo_quoted",
    "outlookmessageheader",
    "protonmail_quote",
    "protonmail_signature_block",
)
_SEPARATOR_IDS = frozenset({"divrplyfwdmsg", "appendonsend", "stopspelling", "zwchr", "olk_src_body_section"})
_SEPARATOR_STYLES = (
    "border-top:solid#b5c4df",
    "border-top:solid#e1e1e1",
    "border-top-color:rgb(229,229,229)",
)
# Elements a browser starts on a line of their own, where html2text would make a paragraph or nothing.
_LINE_TAGS = frozenset({"div", "table"})
# html.parser raises on a "<![" that is not one of these; such a stray one is only text.
_UNKNOWN_MARKED_SECTION = re.compile(
    r"<!\[(?!(?:cdata|if|else|endif|temp|ignore|include|rcdata)(?![-_.a-z0-9]))", re.I
)


def _is_quote(tag: str, attrs: dict[str, str]) -> bool:
    """Whether an element holds quoted mail or a signature (and so is left out with all it holds)."""
    classes = attrs.get("class", "").lower()
    return (
        tag == "blockquote"
        or any(name in classes for name in _QUOTE_CLASSES)
        or attrs.get("id", "").lower() == "signature"
        or attrs.get("data-signatureblock", "").lower() == "true"
    )


def _is_separator(attrs: dict[str, str]) -> bool:
    """Whether an element starts a quoted original (Outlook, Hotmail, Zimbra): it and all after it go."""
    style = attrs.get("style", "").lower().replace(" ", "")
    return attrs.get("id", "").lower().removeprefix("x_") in _SEPARATOR_IDS or any(
        mark in style for mark in _SEPARATOR_STYLES
    )


class _MailHtml(html2text.HTML2Text):
    """html2text set up for plain text, skipping quoted elements and stopping at a reply separator."""

    def __init__(self) -> None:
        super().__init__(bodywidth=0)
        self.ignore_links = True
        self.ignore_images = True
        self.ignore_emphasis = True
        self.ignore_tables = True
        self.unicode_snob = True
        self.ul_item_mark = "-"
        self._skipped_tag = ""  # the tag of the quoted element being left out
        self._depth = 0
        self._stopped = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._stopped:
            return
        if self._skipped_tag:
            self._depth += tag == self._skipped_tag
            return
        attributes = {name: value or "" for name, value in attrs}
        if _is_separator(attributes):
            self._stopped = True
        elif _is_quote(tag, attributes):
            self._skipped_tag, self._depth = tag, 1
        elif tag in _LINE_TAGS:
            self.pbr()
        else:
            if tag in ("td", "th"):  # ignore_tables would run the cells of a row together
                super().handle_data(" ", entity_char=True)
            super().handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self._stopped:
            return
        if self._skipped_tag:
            self._depth -= tag == self._skipped_tag
            if not self._depth:
                self._skipped_tag = ""
        elif tag in _LINE_TAGS:
            self.pbr()
        else:
            super().handle_endtag(tag)

    def handle_data(self, data: str, entity_char: bool = False) -> None:
        if not (self._stopped or self._skipped_tag):
            super().handle_data(data, entity_char=True)  # entity_char: plain text, no Markdown escapes


# --- plain text ----------------------------------------------------------------------------------

_INVISIBLE = {ord(char): None for char in "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"} | {0xA0: " "}

_VERB = (
    r"(?:wrote|writes|schrieb|a\s+écrit|escribió|escreveu|ha\s+scritto|schreef|skrev|napisał\(a\)|"
    r"написал(?:\(а\)|а)?|пишет|пише|писали|писал\(а\))"
)
_VERB_ATTRIBUTION = re.compile(rf"(?<!\w){_VERB}(?:\s.{{0,200}}?)?\s*(?::|-{{2,}})$", re.I)
# How an attribution begins: "On ...", "Am ...", "12.02.2024 ...", "пн, 12 февр. ..." and the like.
_ATTRIBUTION_START = re.compile(
    r"^(?:-+\s*)?(?:(?:on|am|le|el|em|il|op|den|dnia|w\s+dniu)\s|\d|\w{2,12}\.?,?\s+\d)", re.I
)
# Gmail in Russian, Yandex, Mail.ru: "<date>, Name <addr>:"; Mail.ru also "<date> от Name:".
_ADDRESS_ATTRIBUTION = re.compile(
    r"^(?=.*\d).{0,200}?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?\s*:$|^(?=.*\d{1,2}:\d{2}).{0,200}\sот\s.{1,120}:$"
)
_QUOTE_START = re.compile(
    r"^(?:-{2,}\s*(?:original message|forwarded message|forwarded|message d'origine|message transféré|"
    r"message original|mensaje original|mensaje reenviado|ursprüngliche nachricht|weitergeleitete nachricht|"
    r"oprindelig meddelelse|ursprungligt meddelande|oorspronkelijk bericht|doorgestuurd bericht|"
    r"пересылаемое сообщение|пересланное сообщение|исходное сообщение|исходное письмо)\s*-{2,}"
    r"|(?:begin forwarded message|anfang der weitergeleiteten (?:nachricht|e-mail)|"
    r"début du message réexpédié|начало пересылаемого сообщения|начало переадресованного сообщения)\s*:"
    r"|_{10,})$",
    re.I,
)
_SIGNATURE = re.compile(
    r"^(?:--"
    r"|(?:sent|envoyé|enviado|inviato|gesendet|отправлено|послано)\s+"
    r"(?:from|with|via|using|de|depuis|à\s+partir\s+de|desde|da|von|mit|с|со|из|через)\s[^,;:!?<(]{1,60}"
    r"|get outlook for\s[^,;:!?<(]{1,40}"
    r"|(?:diese nachricht wurde )?von meinem\s.{1,60}\sgesendet\.?"
    r")(?:\s*[<(]\S+[>)])?$",
    re.I,
)
_HEADER_LINE = re.compile(r"^\*{0,2}([^\W\d_][^:*]{0,24}?)\s*\*{0,2}\s*:(?:\*{0,2})(?:\s|$)")
_FROM_KEYS = frozenset({"from", "от", "от кого", "von", "de", "fra", "från", "van", "da"})
_OTHER_KEYS = frozenset(
    {
        "sent", "date", "to", "cc", "bcc", "subject", "reply-to",
        "отправлено", "дата", "кому", "копия", "тема",
        "gesendet", "datum", "an", "betreff", "envoyé", "envoyé le", "à", "objet",
        "sendt", "til", "emne", "skickat", "till", "ämne", "verzonden", "aan", "onderwerp",
        "inviato", "a", "oggetto", "enviado", "para", "asunto",
    }
)  # fmt: skip
_SIGN_OFF = re.compile(
    r"^(?P<phrase>best regards|kind regards|warm regards|regards|best wishes|all the best|best|cheers|thanks|"
    r"thank you|many thanks|sincerely|yours(?: sincerely| truly)?|"
    r"с уважением|с наилучшими пожеланиями|всего доброго|всего хорошего|спасибо|заранее спасибо|"
    r"с приветом|удачи|пока|до связи|"
    r"mit freundlichen grüßen|viele grüße|liebe grüße|beste grüße|grüße|gruß|cordialement|bien à vous|"
    r"mvh|(?:med )?venlig hilsen|hilsen|(?:med )?vänliga hälsningar|met vriendelijke groet(?:en)?|pozdrawiam|"
    r"z poważaniem|z powazaniem)"
    r"\s*(?P<mark>[,.!]*)(?:\s+(?P<name>.+))?$",
    re.I,
)
# Closings that are followed by a name even without a comma ("С уважением\nАнна").
_FORMAL_SIGN_OFF = re.compile(
    r"regards|уважением|пожеланиями|grüßen|grüße|cordialement|hilsen|hälsningar|groet"
)
_NAME_WORD = r"(?:[A-ZÀ-ÖØ-ÞА-ЯЁ](?:[a-zß-öø-ÿа-яё'’-]+\.?|\.)?|de|van|von|der|da|di|du|la|le)"
_NAME = re.compile(rf"^{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}}$")
# "—Anna", "/John"; not "-Anna": "-" marks a list item, which may be an order.
_DASHED_NAME = re.compile(rf"^[–—~/]{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}}$")
_SEPARATOR_LINE = re.compile(r"^[-_=*~—–.\s]+$")


def _normalised(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE)


def _is_quoted(line: str) -> bool:
    return line.startswith(">")


def _quote_ahead(lines: list[str]) -> list[bool]:
    """For each index, and the one past the end: whether the next non-blank line from there is quoted."""
    ahead = [False] * (len(lines) + 1)
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index].strip()
        ahead[index] = _is_quoted(line) if line else ahead[index + 1]
    return ahead


def _attribution_kind(text: str) -> str:
    """How sure it is that `text` is a reply attribution: "strong", "weak" (only before a quote) or ""."""
    if _ADDRESS_ATTRIBUTION.match(text):
        return "strong"
    if _VERB_ATTRIBUTION.search(text):
        return "strong" if _ATTRIBUTION_START.match(text) or re.search(r"[\d@]", text) else "weak"
    return ""


def _attribution(lines: list[str], index: int) -> tuple[int, bool]:
    """(lines, strong) of a reply attribution starting at `index`, wrapped over up to 3 lines; (0, False)."""
    for size in (1, 2, 3):
        chunk = [line.strip() for line in lines[index : index + size]]
        if len(chunk) < size or not all(chunk) or any(_is_quoted(line) for line in chunk):
            break
        if sum(map(len, chunk)) > 400:  # no attribution is that long; spares the patterns long lines
            break
        kind = _attribution_kind(" ".join(chunk))
        if kind and size > 1 and not _wraps_attribution(chunk):
            break
        if kind:
            return size, kind == "strong"
    return 0, False


def _wraps_attribution(chunk: list[str]) -> bool:
    """Whether several lines are one attribution wrapped, not a line of text before an attribution."""
    tail_is_one = _ATTRIBUTION_START.match(chunk[1]) and _attribution_kind(" ".join(chunk[1:]))
    return bool(_ATTRIBUTION_START.match(chunk[0])) and not tail_is_one


def _header_key(line: str) -> str:
    found = _HEADER_LINE.match(line.strip())
    key = found.group(1).strip().lower() if found else ""
    return key if key in _FROM_KEYS or key in _OTHER_KEYS else ""


def _header_block_at(lines: list[str], index: int) -> bool:
    """Whether a quoted mail's header block (From:/Sent:/To:/Subject:, От:/Отправлено:/...) starts here."""
    keys: list[str] = []
    for line in lines[index : index + 10]:
        if not line.strip():
            break
        key = _header_key(line)
        if key:
            keys.append(key)
        elif not keys:
            return False
    return len(set(keys)) >= 2 and any(key in _FROM_KEYS for key in keys)


def _without_sign_off(lines: list[str]) -> list[str]:
    """The lines without a closing "Thanks,\\nBoris" or "—Boris" (a signature without a delimiter).

    Only a closing phrase on its own, or one ending in a comma followed by a name, counts: "Thanks!"
    followed by "Move Kitchen" is an order after a thank-you.
    """
    filled = [index for index, line in enumerate(lines) if line.strip()]
    if not filled:
        return lines
    last = filled[-1]
    closing = _SIGN_OFF.match(lines[last].strip())
    if closing and (not closing["name"] or _NAME.match(closing["name"])):
        return lines[:last]
    if _NAME.match(lines[last].strip()) and len(filled) > 1:
        closing = _SIGN_OFF.match(lines[filled[-2]].strip())
        if (
            closing
            and not closing["name"]
            and ("," in closing["mark"] or _FORMAL_SIGN_OFF.search(closing["phrase"].lower()))
        ):
            return lines[: filled[-2]]
    if _DASHED_NAME.match(lines[last].strip()) and (last == 0 or not lines[last - 1].strip()):
        return lines[:last]
    return lines


def _trimmed(lines: list[str]) -> list[str]:
    """The lines without blank or separator-only lines at the end."""
    end = len(lines)
    while end and (not lines[end - 1].strip() or _SEPARATOR_LINE.match(lines[end - 1])):
        end -= 1
    return lines[:end]


def _tidy(lines: list[str]) -> str:
    """Lines joined, without separator lines at the end and without runs of blank lines."""
    return re.sub(r"\n{3,}", "\n\n", "\n".join(_trimmed(lines))).strip("\n")
