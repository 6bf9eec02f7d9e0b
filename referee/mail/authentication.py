"""Sender checks beyond the token: what the receiving server found out about a mail (RFC 8601).

The referee's own mail server records in an ``Authentication-Results`` header whether
the sender's domain passed DMARC, DKIM and SPF. A mail whose ``From`` domain failed
one of them may be forged, so it is refused without an answer (the answer would go to
whoever the forger named) — a mail too big to read too: its verdict is found by a short
scan of its header and read before anything would answer it (``referee.mail.intake``).
Only the header added by the receiving server counts: the one naming the configured
``authserv-id``, or else the topmost one — headers further down were written by servers
the mail passed before and may be forged themselves.
"""

from __future__ import annotations

from collections.abc import Sequence

import authres

CHECKED = ("dmarc", "dkim", "spf")


def failed_checks(headers: Sequence[str], from_domain: str, trusted: str | None = None) -> list[str]:
    """The checks ("dmarc", "dkim", "spf") the receiving server says ``from_domain`` failed.

    ``headers`` are the mail's Authentication-Results values, topmost first; ``trusted``
    is the receiving server's authserv-id. A DKIM failure counts only when no DKIM
    signature of the domain passed; SPF's softfail and neutral are not failures. An
    unreadable header counts for nothing.
    """
    header = _receiving_servers(headers, trusted)
    if header is None:
        return []
    domain = from_domain.lower()
    failed: list[str] = []
    results = [r for r in header.results if str(r.method).lower() in CHECKED]
    for method in CHECKED:
        mine = [r for r in results if str(r.method).lower() == method and _about(r, method, domain)]
        verdicts = {str(r.result).lower() for r in mine}
        if "fail" in verdicts and not (method == "dkim" and "pass" in verdicts):
            failed.append(method)
    return failed


def _receiving_servers(
    headers: Sequence[str], trusted: str | None
) -> authres.AuthenticationResultsHeader | None:
    for value in headers:
        try:
            header = authres.AuthenticationResultsHeader.parse(f"Authentication-Results: {value}")
        except Exception:  # authres raises its own errors for malformed headers
            if trusted is None:
                return None
            continue
        if trusted is None or str(header.authserv_id).lower() == trusted.lower():
            return header
    return None


def _about(result: authres.AuthenticationResult, method: str, domain: str) -> bool:
    """Whether ``result`` concerns ``domain`` (a result naming no domain concerns the mail's own)."""
    wanted = {"dmarc": ("header", "from"), "dkim": ("header", "d"), "spf": ("smtp", "mailfrom")}[method]
    named = [str(p.value).lower() for p in result.properties if (str(p.type), str(p.name)) == wanted]
    if not named:
        return True
    return any(_same_domain(value.rpartition("@")[2], domain) for value in named)


def _same_domain(named: str, domain: str) -> bool:
    """Whether ``named`` is ``domain`` or one of its parent or child domains (relaxed alignment)."""
    return named == domain or named.endswith(f".{domain}") or domain.endswith(f".{named}")
