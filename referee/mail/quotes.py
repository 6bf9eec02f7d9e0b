"""The new text of a plain-text reply: quotations, attributions, forwards and signatures removed.

Players write in English and Russian; the common German and French reply layouts are
recognised too. An attribution followed by ">" lines drops only those lines, so an
interleaved reply keeps what was written below a quote; a header block, a forward marker
or an attribution without ">" lines drops everything after it. A line holding one of the
referee's own addresses is such an attribution too, and a line repeating the referee's own text
(``own_words``: a heading, a line of the help or welcome letter) ends the new text whatever the
quote's layout: the referee never reads its own words as a player's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from referee.mail.own_words import OwnLines, referee_lines


def new_text(body: str, own: Sequence[str] = (), words: OwnLines | None = None) -> str:
    """The text the writer added in a plain-text body, without quotations, attributions or signature.

    ``own``: the referee's addresses; a line holding one of them, or its ``local+anything@domain``
    form, is taken as the start of a quotation of the referee's mail. ``words``: the referee's own
    lines (those of the repository's templates by default); one repeated starts a quotation too.
    """
    text = normalised(body)
    lines = text.split("\n")
    own_line = _own_address_pattern(tuple(own))
    repeats = _Repeats(lines, referee_lines() if words is None else words)
    kept: list[str] = []
    index, offset, end = 0, 0, len(lines)  # offset: where line ``index`` starts in ``text``
    while index < end:
        line = lines[index].strip()
        if _is_quoted(line):  # the whole run of quoted lines is skipped, found by a pattern
            after = _quote_end(text, offset)
            if after is None:
                break
            index += text.count("\n", offset, after)
            offset = after
            continue
        if repeats.quote_starts(index):
            break
        if own_line and "@" in line and own_line.search(line):  # each address it finds holds "@"
            span, strong = 1, True
        else:
            span, strong = _attribution(lines, index)
        if span and _quote_follows(lines, index + span):  # the reply may go on below a marked quote
            offset += sum(len(skipped) + 1 for skipped in lines[index : index + span])
            index += span
            continue
        if span and strong:
            break
        if (
            _QUOTE_START.match(line)
            or _SIGNATURE.match(line)
            or _header_block_at(lines, index)
            or _sign_off_block_at(lines, index)
        ):
            break
        kept.append(lines[index].rstrip())
        offset += len(lines[index]) + 1
        index += 1
    return tidy(_without_sign_off(_trimmed(kept)))


_INVISIBLE = {ord(char): None for char in "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"} | {0xA0: " "}
_INVISIBLE_CHARS = "".join(chr(code) for code in _INVISIBLE)
_INVISIBLE_PATTERN = re.compile(f"[{_INVISIBLE_CHARS}]")

_VERB = (
    r"(?:wrote|writes|schrieb|a\s+écrit|escribió|escreveu|ha\s+scritto|schreef|skrev|napisał\(a\)|"
    r"написал(?:\(а\)|а)?|пишет|пише|писали|писал\(а\))"
)
_VERB_ATTRIBUTION = re.compile(rf"(?<!\w){_VERB}(?:\s.{{0,200}}?)?\s*(?::|-{{2,}})$", re.I)
# How an attribution begins: "On ...", "Am ...", "12.02.2024 ...", "пн, 12 февр. ..." and the like.
_ATTRIBUTION_START = re.compile(
    r"^(?:-+\s*)?(?:(?:on|am|le|el|em|il|op|den|dnia|w\s+dniu)\s|\d|\w{2,12}\.?,?\s+\d)", re.I
)
# Horde and IMP: "Quoting Boris Petrov <boris@example.com>:".
_QUOTING_ATTRIBUTION = re.compile(r"^(?:quoting|zitat von|citation de|цитирую)\s.{1,200}:$", re.I)
# Gmail in Russian, Yandex, Mail.ru: "<date>, Name <addr>:"; Mail.ru also "<date> от Name:".
_ADDRESS_ATTRIBUTION = re.compile(
    r"^(?=.*\d).{0,200}?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?\s*:$|^(?=.*\d{1,2}:\d{2}).{0,200}\sот\s.{1,120}:$"
)
_QUOTE_START = re.compile(
    r"^(?:-{2,}\s*(?:original message|original|forwarded message|forwarded|message d'origine|"
    r"message transféré|message original|mensaje original|mensaje reenviado|ursprüngliche nachricht|"
    r"weitergeleitete nachricht|"
    r"oprindelig meddelelse|ursprungligt meddelande|oorspronkelijk bericht|doorgestuurd bericht|"
    r"пересылаемое сообщение|пересланное сообщение|исходное сообщение|исходное письмо)\s*-{2,}"
    r"|(?:begin forwarded message|anfang der weitergeleiteten (?:nachricht|e-mail)|"
    r"début du message réexpédié|начало пересылаемого сообщения|начало переадресованного сообщения)\s*:"
    r"|_{10,})$",
    re.I,
)
_SIGNATURE = re.compile(
    r"^(?:--"
    r"|(?:sent|envoyé|enviado|inviato|gesendet|отправлено|послано|skickat|sendt|verzonden|lähetetty)\s+"
    r"(?:from|with|via|using|de|depuis|à\s+partir\s+de|desde|da|von|mit|с|со|из|через|från|fra|"
    r"med|met|vanaf|van|laitteesta)\s[^,;:!?<(]{1,60}"
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
# The keys that make a header block a mail's, beside From: when it was sent.
_WHEN_KEYS = frozenset(
    {"sent", "date", "отправлено", "дата", "gesendet", "datum", "envoyé", "envoyé le", "sendt", "skickat"}
)
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


_SURE_LETTERS = 24
"""A repeated line of the referee's with at least this many letters of its fixed text starts a quote
on its own; a shorter one ("HOW TO GIVE ORDERS", "Boris is already arrested.") only when another
repeated line follows within the next ``_CONFIRMING`` lines that are not blank."""
_CONFIRMING = 5
_LOOK_AHEAD = 30
"""At most this many lines, blank ones included, are looked at for a confirming line."""


class _Repeats:
    """Which lines of a body repeat the referee's own text, each weighed once, when it is asked for."""

    def __init__(self, lines: list[str], words: OwnLines) -> None:
        self.lines = lines
        self.words = words
        self.weights: dict[int, int] = {}

    def weight(self, index: int) -> int:
        if index not in self.weights:
            line = self.lines[index].strip()
            self.weights[index] = self.words.weight(line) if line and not _is_quoted(line) else 0
        return self.weights[index]

    def quote_starts(self, index: int) -> bool:
        """Whether the line at ``index`` starts a copy of the referee's text."""
        weight = self.weight(index)
        if weight >= _SURE_LETTERS or not weight:
            return bool(weight)
        seen = 0
        for after in range(index + 1, min(len(self.lines), index + 1 + _LOOK_AHEAD)):
            if not self.lines[after].strip():
                continue
            if self.weight(after):
                return True
            seen += 1
            if seen == _CONFIRMING:
                break
        return False


def normalised(text: str) -> str:
    """``text`` with "\n" line ends and without invisible characters (no-break spaces become spaces)."""
    if "\r" in text:  # most text has none: one search spares two
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not any(char in text for char in _INVISIBLE_CHARS):  # most text has none: a search each is quicker
        return text
    return _INVISIBLE_PATTERN.sub(_invisible, text)


def _invisible(match: re.Match[str]) -> str:
    """What ``normalised`` writes for an invisible character: a space for a no-break space, else nothing."""
    return _INVISIBLE[ord(match.group())] or ""


def _is_quoted(line: str) -> bool:
    return line.startswith(">")


_NOT_QUOTED = re.compile(r"\n(?![^\S\n]*>)")
"""The start of the next line that is not quoted (a line whose first character but spaces is not ">")."""
_UNMARKED = re.compile(r"\n(?!>)")
"""A line end not followed by ">": the next line is not quoted unless spaces come before its ">"."""


def _quote_end(text: str, offset: int) -> int | None:
    """Where the first line after ``offset`` that is not quoted starts (``_NOT_QUOTED.search``'s end).

    Every line end ``_NOT_QUOTED`` finds is one ``_UNMARKED`` finds, whose test is quicker: in a run
    of quoted lines most start with ">" itself. Its finds are taken in order and each is tried with
    ``_NOT_QUOTED`` in turn, so the first that passes is the first ``_NOT_QUOTED.search`` finds.
    """
    while (found := _UNMARKED.search(text, offset)) is not None:
        if _NOT_QUOTED.match(text, found.start()):
            return found.end()
        offset = found.end()
    return None


def _quote_follows(lines: list[str], index: int) -> bool:
    """Whether the first line from ``index`` on that is not blank is quoted (False when there is none)."""
    for after in range(index, len(lines)):
        line = lines[after].strip()
        if line:
            return _is_quoted(line)
    return False


@lru_cache(maxsize=64)
def _own_address_pattern(own: tuple[str, ...]) -> re.Pattern[str] | None:
    """A pattern finding any of the addresses `own`, or ``local+anything@domain`` of one, in a line."""
    forms = []
    for address in own:
        local, at, domain = address.strip().rpartition("@")
        if at and local and domain:
            forms.append(rf"{re.escape(local)}(?:\+[^\s@<>()\[\],;:\"]*)?@{re.escape(domain)}")
    if not forms:
        return None
    return re.compile(rf"(?<![\w.+-])(?:{'|'.join(forms)})(?![\w-]|\.\w)", re.I)


_ATTRIBUTION_ENDS = (":", "-")
"""How every attribution ends."""


def _attribution_kind(text: str) -> str:
    """How sure it is that `text` is a reply attribution: "strong", "weak" (only before a quote) or ""."""
    if not text.endswith(_ATTRIBUTION_ENDS):  # every attribution ends so: most lines need no pattern
        return ""
    if _ADDRESS_ATTRIBUTION.match(text) or _QUOTING_ATTRIBUTION.match(text):
        return "strong"
    if _VERB_ATTRIBUTION.search(text):
        return "strong" if _ATTRIBUTION_START.match(text) or re.search(r"[\d@]", text) else "weak"
    return ""


def _attribution(lines: list[str], index: int) -> tuple[int, bool]:
    """(lines, strong) of a reply attribution starting at `index`, wrapped over up to 3 lines; (0, False).

    The lines are taken one more at a time, up to a blank or quoted one or 400 characters (no
    attribution is that long; it spares the patterns long lines). The lines so far, joined, end as
    the last of them does, and every attribution ends in ":" or "-": so only a last line ending so
    is worth asking ``_attribution_kind`` about.
    """
    chunk: list[str] = []
    length = 0
    for line in lines[index : index + 3]:
        line = line.strip()
        length += len(line)
        if not line or _is_quoted(line) or length > 400:
            break
        chunk.append(line)
        if not line.endswith(_ATTRIBUTION_ENDS):
            continue
        kind = _attribution_kind(" ".join(chunk))
        if kind and len(chunk) > 1 and not _wraps_attribution(chunk):
            break
        if kind:
            return len(chunk), kind == "strong"
    return 0, False


def _wraps_attribution(chunk: list[str]) -> bool:
    """Whether several lines are one attribution wrapped, not a line of text before an attribution."""
    tail_is_one = _ATTRIBUTION_START.match(chunk[1]) and _attribution_kind(" ".join(chunk[1:]))
    return bool(_ATTRIBUTION_START.match(chunk[0])) and not tail_is_one


def _header_key(line: str) -> str:
    """The key of a header line ("from", "тема"), or "" when the line is no header line ("" without ":")."""
    if ":" not in line:  # a header line's key ends in ":": most lines need no pattern
        return ""
    found = _HEADER_LINE.match(line.strip())
    key = found.group(1).strip().lower() if found else ""
    return key if key in _FROM_KEYS or key in _OTHER_KEYS else ""


def _header_block_at(lines: list[str], index: int) -> bool:
    """Whether a quoted mail's header block (From:/Sent:/To:/Subject:, От:/Отправлено:/...) starts here.

    At least two different header lines in a row, one of them From or Sent/Date: "From the kitchen
    I go" is not one, nor is a lone "Subject: ..." a player wrote.
    """
    keys: list[str] = []
    for line in lines[index : index + 10]:
        if not line.strip():
            break
        key = _header_key(line)
        if key:
            keys.append(key)
        elif not keys:
            return False
    return len(set(keys)) >= 2 and any(key in _FROM_KEYS or key in _WHEN_KEYS for key in keys)


# Scandinavian closings, which start a signature block (name, title, company, telephone).
_BLOCK_SIGN_OFF = re.compile(
    r"^(?:mvh|(?:med )?(?:venlig|vennlig|vänlig|vänliga) (?:hilsen|hälsning|hälsningar)|"
    r"(?:med )?(?:vennlig|venlig) hilsen|hälsningar|bästa hälsningar|(?:de )?bedste hilsner)\s*[,.!]?$",
    re.I,
)
_NAME_BLOCK_LINES = 6
_NAME_BLOCK_WIDTH = 80


def _sign_off_block_at(lines: list[str], index: int) -> bool:
    """Whether a Scandinavian closing ("Mvh", "Med vänlig hälsning") and a short name block start here.

    The block is a few short lines up to a blank line or the end; the closing alone on its line.
    """
    if not _BLOCK_SIGN_OFF.match(lines[index].strip()):
        return False
    block = 0
    for line in lines[index + 1 : index + 2 + _NAME_BLOCK_LINES]:
        if not line.strip():
            break
        if len(line.rstrip()) > _NAME_BLOCK_WIDTH:
            return False
        block += 1
    return 0 < block <= _NAME_BLOCK_LINES


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


def tidy(lines: list[str]) -> str:
    """Lines joined, without separator lines at the end and without runs of blank lines."""
    return re.sub(r"\n{3,}", "\n\n", "\n".join(_trimmed(lines))).strip("\n")
