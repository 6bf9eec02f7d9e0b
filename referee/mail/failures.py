"""The two ways handing a mail over can fail: worth trying again later, or not.

Both are ``TransportError`` (an ``OSError``), so code that only cares that sending failed
can keep catching ``OSError``; code that retries looks at which of the two it got.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.mail.transports import TransportError


class DeliveryFailure(TransportError):
    """A mail not handed over to every recipient; ``accepted`` lists those who did get it, if any.

    When ``accepted`` is not empty the server took the mail for them, so sending it again
    would reach them twice (with the same Message-ID, which mail clients show once).
    """

    def __init__(self, message: str, *, accepted: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.accepted: tuple[str, ...] = tuple(accepted)


class TemporaryFailure(DeliveryFailure):
    """The mail was not accepted this time but may be later (a 4xx answer, a server that is away)."""


class PermanentFailure(DeliveryFailure):
    """The mail will never be accepted as it is (a 5xx answer, every recipient refused for good)."""
