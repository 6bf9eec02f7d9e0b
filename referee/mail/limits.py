"""Whether a raw mail is too big to read at all, judged before any parsing.

First version, only what intake needs now: the whole mail's size and its header block's size.
The full check (header fields, MIME parts and depth, header parameters) replaces this module.
"""

from __future__ import annotations

from referee.config import Limits


def over_limit(raw: bytes, limits: Limits) -> str | None:
    """The code of the first limit ``raw`` exceeds ("mail-bytes", "header-bytes"), or None."""
    if len(raw) > limits.mail_bytes:
        return "mail-bytes"
    end = min((i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0), default=len(raw))
    if end > limits.header_bytes:
        return "header-bytes"
    return None
