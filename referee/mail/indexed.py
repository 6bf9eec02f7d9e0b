"""A parsed mail whose headers are looked up by name in an index instead of one by one.

The email package answers every question about a header (``get``, ``msg["Subject"]``, and every
``get_content_type``, ``get_param`` or ``get_body`` underneath) by walking the whole list of headers and
lowering each name: reading one reply asks some thirty such questions of some twenty headers.
``IndexedMessage`` answers them from a dictionary of the headers by lowercased name, made at the first
question and made again whenever the list of headers has changed since (another list, another length,
or a header replaced in place). What it answers is what ``EmailMessage`` answers: the same header
parsed by the same policy, the first of its name for ``get``, all of them in order for ``get_all``.

A header's parameters (``get_param``, ``get_params``, ``get_content_charset`` and the like, which parse
the whole Content-Type again at every question) and the content type are worked out once for each index
too, and forgotten with it.
"""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any

_Index = dict[str, list[tuple[str, Any]]]
_Params = list[tuple[str, str]]


class IndexedMessage(EmailMessage):
    """``EmailMessage``, but its header lookups go through an index by lowercased name."""

    _indexed: tuple[list[tuple[str, Any]], int, _Index, dict[str, Any]] | None = None
    """The list of headers indexed, its length then, the index, and what was worked out from it."""

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

    def get_content_type(self) -> str:
        known = self._known()
        found = known.get("")
        if found is None:
            if "content-type" not in self._index():  # the default type, which may be changed alone
                return super().get_content_type()  # type: ignore[no-any-return]  # the stubs type the email package's headers as Any
            found = known[""] = super().get_content_type()
        return found  # type: ignore[no-any-return]  # the stubs type the email package's headers as Any

    def _get_params_preserve(self, failobj: Any, header: str) -> Any:
        known = self._known()
        key = f"params {header.lower()}"
        params: _Params | None = known.get(key)
        if params is None:
            found = super()._get_params_preserve(None, header)  # type: ignore[misc]  # a private method of the email package, not in the stubs
            if found is None:  # no such header: nothing to remember
                return failobj
            params = known[key] = found
        return list(params)  # a list of its own: ``get_params`` hands it out as it is

    def _known(self) -> dict[str, Any]:
        """What was worked out from the headers as they are now (forgotten when they change)."""
        self._index()
        assert self._indexed is not None
        return self._indexed[3]

    def _index(self) -> _Index:
        headers = self._headers  # type: ignore[attr-defined]  # the email package's own private list of headers, not in the stubs
        indexed = self._indexed
        if indexed is None or indexed[0] is not headers or indexed[1] != len(headers):
            index: _Index = {}
            for key, value in headers:
                index.setdefault(key.lower(), []).append((key, value))
            indexed = self._indexed = (headers, len(headers), index, {})
        return indexed[2]
