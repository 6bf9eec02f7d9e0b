"""Header values read as written when the email package's header objects would read them the same.

The header objects of ``email.policy.default`` parse every value with a full RFC 5322 parser: most
of the time it takes to read a mail, though most values are plain ASCII that the parser hands back
unchanged. ``plain_header`` recognises such values (each kind by a strict pattern: unstructured text
with no encoded word, a plain Content-Type, Content-Transfer-Encoding or Message-ID) and returns them
as a ``Plain`` string: equal to the header object's text, and building that object only when an
attribute of it is asked for (``content_type``, ``params``, ``defects``...). Anything else is left to
the header object. ``plain_addresses`` says the same of an address list, which the door reads with
``getaddresses`` as written. That both read the same is checked by property tests over the patterns
and over arbitrary values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from email.headerregistry import UnstructuredHeader
from typing import Any

_TEXT = re.compile(r"[ -~\t]*")
"""Printable ASCII, spaces and tabs."""

_TOKEN = r"[!#$%&'*+\-.0-9A-Z^_`a-z{|}~]+"
_QUOTED = r'"[ !#-\[\]-~]+"'
_NAME = r"[A-Za-z0-9][A-Za-z0-9._-]*"
_VALUE = r"[A-Za-z0-9._+-]+"
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_ATOMS = rf"{_ATOM}(?:\.{_ATOM})*"
_ADDR_SPEC = rf"{_ATOMS}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"
_DISPLAY = rf"(?:{_ATOM}(?:[ \t]+{_ATOM})*|\"[ !#-\[\]-~]*\")"
_MAILBOX = rf"[ \t]*(?:{_ADDR_SPEC}|(?:{_DISPLAY}[ \t]*)?<{_ADDR_SPEC}>)[ \t]*"
PLAIN_ADDRESSES = re.compile(rf"{_MAILBOX}(?:,{_MAILBOX})*")
"""An address header as most mail is written: plain ASCII mailboxes, a comma between two, each a bare
address or one in angle brackets after a name of plain words or in quotes (no comments, no groups;
encoded words are ruled out apart: ``plain_addresses``). ``getaddresses`` reads such a value as
written as it reads the email package's rendering of it, but for spaces inside a name (tested)."""
_MAILBOX_PARTS = re.compile(rf"[ \t]*(?:({_ADDR_SPEC})|(?:({_DISPLAY})[ \t]*)?<({_ADDR_SPEC})>)[ \t]*(,|\Z)")
"""One mailbox of a plain address list (``_MAILBOX``), and the comma after it unless it is the last:
the bare address, or the name and the address in angle brackets."""
_PLAIN_STRUCTURED: dict[str, re.Pattern[str]] = {
    "content-type": re.compile(
        rf"[ \t]*{_TOKEN}/{_TOKEN}(?:[ \t]*;[ \t]*{_NAME}=(?:{_VALUE}|{_QUOTED}))*[ \t]*"
    ),
    "content-transfer-encoding": re.compile(rf"[ \t]*{_TOKEN}[ \t]*"),
    "message-id": re.compile(rf"[ \t]*<{_ATOMS}@{_ATOMS}>[ \t]*"),
}
"""The plain form of each structured header read as written."""


class Plain(str):
    """A header value as written, standing for the header object ``make()`` builds, which it builds
    the first time one of that object's own attributes is asked for."""

    _make: Callable[[], Any]

    def __new__(cls, value: str, make: Callable[[], Any]) -> Plain:
        plain = super().__new__(cls, value)
        plain._make = make
        return plain

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__") or attribute in ("_make", "_made"):
            raise AttributeError(attribute)
        made = self.__dict__.get("_made")
        if made is None:
            made = self.__dict__["_made"] = self._make()
        return getattr(made, attribute)


def plain_addresses(unfolded: str) -> bool:
    """Whether the address header ``unfolded`` is a plain list of addresses (``PLAIN_ADDRESSES``)."""
    return "=?" not in unfolded and PLAIN_ADDRESSES.fullmatch(unfolded) is not None


def plain_pairs(unfolded: str) -> list[tuple[str, str]] | None:
    """The (name, address) pairs of the address header ``unfolded`` when it is a plain list of
    addresses (exactly when ``plain_addresses`` says so; None otherwise), as ``getaddresses`` gives
    them: a quoted name without its quotes, the words of any other name one space apart, "" for a bare
    address. One pass over the value both tells and splits it."""
    if "=?" in unfolded:
        return None
    pairs: list[tuple[str, str]] = []
    position = 0
    while True:
        found = _MAILBOX_PARTS.match(unfolded, position)
        if found is None:
            return None
        bare, name, address, comma = found.groups()
        if bare is not None:
            pairs.append(("", bare))
        elif name is not None and name.startswith('"'):
            pairs.append((name[1:-1], address))
        else:
            pairs.append((" ".join((name or "").split()), address))
        position = found.end()
        if not comma:
            return pairs


def plain_header(name: str, unfolded: str, kind: type, make: Callable[[], Any]) -> Plain | None:
    """``unfolded``, the value of header ``name`` (whose header class is ``kind``), as a ``Plain`` when
    the header object ``make()`` would read it as written; else None."""
    if "=?" in unfolded or not _TEXT.fullmatch(unfolded):
        return None
    if issubclass(kind, UnstructuredHeader):
        return Plain(unfolded, make)
    key = name.lower()
    pattern = _PLAIN_STRUCTURED.get(key)
    if pattern is None or not pattern.fullmatch(unfolded):
        return None
    if key == "content-type":  # its header object writes each parameter after "; ", its value quoted
        kind_part, _, rest = unfolded.partition(";")
        params = _PARAMETER.findall(rest)
        if len({name.lower() for name, _ in params}) < len(params):
            return None  # a parameter given twice: the header object keeps one
        written = "".join(f'; {name}="{value.strip(chr(34))}"' for name, value in params)
        return Plain(kind_part + written, make)
    return Plain(unfolded, make)


_PARAMETER = re.compile(rf"({_NAME})=({_VALUE}|{_QUOTED})")
"""A parameter of a plain Content-Type: its name and its value as written."""
