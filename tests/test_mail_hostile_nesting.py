"""A player's own mail with thousands of nested parts is answered, once, with the limit it broke.

On e94c365 such a mail from a registered player to their personal address came out as
``ignored:no-sender`` and got no answer: the parser gave up before it found the sender.
"""

from __future__ import annotations

from collections.abc import Callable

from service_helpers import Site, drop
from test_mail_hostile_intake import GAME, Driven, at, make_site  # noqa: F401  (fixture)


def deeply_nested(sender: str, to: str, depth: int) -> bytes:
    head = (
        f"From: {sender}\r\nTo: {to}\r\nSubject: orders\r\nDate: Tue, 01 Dec 2026 17:00:05 +0000\r\n"
        "Message-ID: <deep@players.example.org>\r\nMIME-Version: 1.0\r\n"
    ).encode()
    opening = b"".join(
        f'Content-Type: multipart/mixed; boundary="b{level}"\r\n\r\n--b{level}\r\n'.encode()
        for level in range(depth)
    )
    closing = b"".join(f"\r\n--b{level}--\r\n".encode() for level in reversed(range(depth)))
    return head + opening + b"Content-Type: text/plain\r\n\r\nMOVE Garage\r\n" + closing


def test_a_players_mail_nested_5000_deep_gets_one_answer_naming_the_nesting_limit(
    make_site: Callable[..., Site],  # noqa: F811
) -> None:
    site = make_site("deep")
    seat = site.store().seat(GAME, "Anna")
    drop(site.root / "incoming", deeply_nested(seat.email, f"referee+{seat.token}@example.org", 5_000), at(1))
    driven = Driven(site)

    driven.step_at(5)

    assert [row.outcome for row in driven.inbound()] == ["refused:over-limit:mime-depth"]
    answers = [n for n in driven.notices() if n.template == "too_big"]
    assert [(n.address, n.data["limit"]) for n in answers] == [(seat.email, "mime-depth")]
    assert driven.accepted() == []  # nothing inside it was read
