"""A parsed mail whose headers are looked up by name in an index instead of one by one.

The email package answers every question about a header (``get``, ``msg["Subject"]``, and every
``get_content_type``, ``get_param`` or ``get_body`` underneath) by walking the whole list of headers and
lowering each name: reading one reply asks some thirty such questions of some twenty headers.
``IndexedMessage`` answers them from a dictionary of the headers by lowercased name, made at the first
question and made again whenever the list of headers has changed since (another list, another length,
or a header replaced in place). What it answers is what ``EmailMessage`` answers: the same header
parsed by the same policy, the first of its name for ``get``, all of them in order for ``get_all``.
"""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any

_Index = dict[str, list[tuple[str, Any]]]


class IndexedMessage(EmailMessage):
    """``EmailMessage``, but its header lookups go through an index by lowercased name."""

    _indexed: tuple[list[tuple[str, Any]], int, _Index] | None = None

    def named(self, name: str) -> list[tuple[str, Any]]:
        """The (name, raw value) pairs of every header called ``name`` (any case), in order."""
        return self._index().get(name.lower(), [])

    def get(self, name: str, failobj: Any = None) -> Any:
        found = self._index().get(name.lower())
        if not found:
            return failobj
        key, value = found[0]
        return self.policy.header_fetch_parse(key, value)

    def get_all(self, name: str, failobj: Any = None) -> Any:
        found = self._index().get(name.lower())
        if not found:
            return failobj
        return [self.policy.header_fetch_parse(key, value) for key, value in found]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._index()

    def replace_header(self, _name: str, _value: Any) -> None:
        self._indexed = None  # the one change made in place, keeping the list and its length
        super().replace_header(_name, _value)

    def _index(self) -> _Index:
        headers = self._headers  # type: ignore[attr-defined]
        indexed = self._indexed
        if indexed is None or indexed[0] is not headers or indexed[1] != len(headers):
            index: _Index = {}
            for key, value in headers:
                index.setdefault(key.lower(), []).append((key, value))
            indexed = self._indexed = (headers, len(headers), index)
        return indexed[2]
