"""The core's tools for orders that every game shares (``referee.core.orders``): table talk beside
orders keeps a game's own order class, and an accepted STATUS line asks for the whole view."""

from __future__ import annotations

import pytest

from referee.core.orders import LineVerdict, Order, Unreadable, asked_for_status, talk_beside_orders
from referee.games.ten_sailors.parse import Order as SailorsOrder


def test_talk_beside_orders_is_said_with_the_games_own_order_class() -> None:
    move = SailorsOrder("MOVE Hall", "move", {"room": "hall"})
    items: list[SailorsOrder | Unreadable] = [
        Unreadable("Good evening", "unknown_order", {}, is_order=False),
        move,
        Unreadable("See you", "unknown_order", {}, is_order=False),
    ]

    spoken, kept = talk_beside_orders(items, "text", " ", SailorsOrder)

    assert type(spoken) is SailorsOrder
    assert spoken == SailorsOrder(
        "Good evening See you", "say", {"text": "Good evening See you", "talk": ["Good evening", "See you"]}
    )
    assert kept is move


def test_a_text_without_talk_comes_back_as_it_was_in_a_new_list() -> None:
    items: list[Order | Unreadable] = [Order("DONE", "done"), Unreadable("OFER x", "unknown_order")]

    result = talk_beside_orders(items, "said", "\n", Order)

    assert result == items
    assert result is not items


@pytest.mark.parametrize(
    ("verdicts", "asked"),
    [
        ([LineVerdict("STATUS", True, understood={"kind": "status"})], True),
        (
            [
                LineVerdict("HELP", True, understood={"kind": "help"}),
                LineVerdict("статус", True, understood={"kind": "status"}),
            ],
            True,
        ),
        ([LineVerdict("STATUS now", False, reason="extra_words")], False),
        ([LineVerdict("STATUS", False, understood={"kind": "status"}, reason="game_over")], False),
        ([LineVerdict("HELP", True, understood={"kind": "help"})], False),
        ([], False),
    ],
)
def test_only_an_accepted_status_line_asks_for_the_whole_view(
    verdicts: list[LineVerdict], asked: bool
) -> None:
    assert asked_for_status(verdicts) is asked
