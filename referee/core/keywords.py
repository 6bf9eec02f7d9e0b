"""Orders written one a line, each beginning with a keyword: the reader a game's parser plugs its
table of keywords and its reader of arguments into.

A game gives ``keywords`` (every keyword, folded, and the kind of order it starts) and
``arguments(kind, rest)``, which reads the text after the keyword as the order's arguments or
says why it cannot (a ``Problem``). A line whose first word is no keyword is refused as
``unknown_order`` naming the word and the closest keyword; such a line resembles an order
(``is_order``) only when some keyword is close to its first word. A leading bullet ("-", "*",
"•") is ignored, and may be left out of the line kept with the order.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from typing import Any

from referee.core.orders import Order, Problem, Unreadable
from referee.core.seats import fold_name

Arguments = Callable[[str, str], dict[str, Any] | Problem]
"""Reads the text after a keyword as the arguments of an order of the given kind: ``(kind, rest)``."""

_BULLET = re.compile(r"^\s*[-*•]+\s*")
_KEYWORD = re.compile(r"^\s*([^\W\d_]+)[\s:,.\-—]*(.*)$", re.S)


def order_lines(text: str, *, drop_bullets: bool = False) -> list[str]:
    """The non-blank lines of ``text``, stripped (and their leading bullets dropped if ``drop_bullets``)."""
    lines = (_BULLET.sub("", raw) if drop_bullets else raw for raw in text.splitlines())
    return [line.strip() for line in lines if line.strip()]


def read_order(line: str, keywords: Mapping[str, str], arguments: Arguments) -> Order | Unreadable:
    """The order written on ``line``: its keyword's kind with the arguments ``arguments`` reads from
    the rest of the line, or why it is not one."""
    match = _KEYWORD.match(_BULLET.sub("", line))
    word = fold_name(match.group(1)) if match else ""
    kind = keywords.get(word)
    if match is None or kind is None:
        shown = match.group(1) if match else line.split()[0]
        guess = difflib.get_close_matches(word, keywords, n=1, cutoff=0.75)
        params = {"word": shown, "suggestion": keywords[guess[0]].upper() if guess else ""}
        return Unreadable(line, "unknown_order", params, is_order=bool(guess))
    outcome = arguments(kind, match.group(2))
    if isinstance(outcome, tuple):
        return Unreadable(line, outcome[0], outcome[1])
    return Order(line, kind, outcome)


def read_orders(
    text: str, keywords: Mapping[str, str], arguments: Arguments, *, drop_bullets: bool = False
) -> list[Order | Unreadable]:
    """Every non-blank line of ``text`` read as an order (or why it cannot be one); see ``read_order``."""
    return [read_order(line, keywords, arguments) for line in order_lines(text, drop_bullets=drop_bullets)]
