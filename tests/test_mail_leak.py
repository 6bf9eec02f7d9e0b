"""TS-3 / TS-23 by mail: a line of table talk reaches exactly those present when it is said.

Whole games are played by bots through the real mail path (replies written as mail
clients write them, the intake, the outbox, composed mail in a Maildir). Every line of
talk carries a unique marker; afterwards each character's mailbox must hold exactly the
markers of the talk they were present for (their own included), whatever the mail:
answers, relayed talk, reports or news.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import pytest

from referee.demo import NAMES, run_demo

MARKER = re.compile(r"mk-\d+-\d+-\d+")


def _mailboxes(folder: Path) -> dict[str, str]:
    """Every mail's text (plain and HTML parts) in ``folder``, joined per recipient address."""
    texts: dict[str, list[str]] = defaultdict(list)
    for path in (folder / "new").iterdir():
        message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        parts = [part for part in message.walk() if part.get_content_maintype() == "text"]
        texts[str(message["To"]).lower()] += [
            part.get_content() for part in parts if isinstance(part, EmailMessage)
        ]
    return {address: "\n".join(chunks) for address, chunks in texts.items()}


class Talker:
    """A bot policy that adds marked talk and records who was present when it was said."""

    def __init__(self, seed: int, players: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.count = 0
        self.expected: dict[str, set[str]] = defaultdict(set)
        self.said = 0

    def __call__(self, view: dict[str, Any]) -> str:
        from referee.games.ten_sailors.bot import bot_orders

        orders = bot_orders(view, self.seed)
        if self.rng.random() < 0.5:
            return orders
        self.count += 1
        marker = f"mk-{self.seed}-{self.count}-{self.rng.randrange(10**6)}"
        hearers = {view["name"], *view["present"]}  # TS-23 ruling (revised): no extra audience
        for name in hearers:
            self.expected[name].add(marker)
        self.said += 1
        if self.rng.random() < 0.3:
            return f"{marker} is what I have to say, friends"  # no order lines: all of it is talk
        return f"{orders}\nSAY {marker} here"


@pytest.mark.parametrize(("seed", "players"), [(11, 9), (12, 6), (13, 4), (14, 9), (15, 3), (16, 7)])
def test_ts3_marked_talk_reaches_exactly_those_present(tmp_path: Path, seed: int, players: int) -> None:
    talker = Talker(seed, players)
    result = run_demo(tmp_path, seed, players, "en", lambda _: None, policy=talker, segments=16)
    boxes = _mailboxes(result.outgoing)
    assert talker.said > 5  # the games did talk
    for name in NAMES[:players]:
        received = set(MARKER.findall(boxes.get(f"{name.lower()}@example.org", "")))
        assert received == talker.expected[name], name
