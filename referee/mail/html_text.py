"""HTML mail as plain text, with quoted blocks, signatures and forwarded originals left out."""

from __future__ import annotations

import re

import html2text

from referee.mail.quotes import normalised, tidy


def html_to_text(html: str) -> str:
    """Readable plain text of an HTML body, with quoted blocks and forwarded originals left out."""
    converter = _MailHtml()
    text = converter.handle(_UNKNOWN_MARKED_SECTION.sub("&lt;![", html))
    return tidy([line.rstrip() for line in normalised(text).split("\n")])


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
