"""The revised "By mail" ruling and the MM-17 buoy ruling: a turn at 0 action points stays open for what
needs no point (a buoy, the suspect's move of MM-18, revelations of MM-20) until END, that move,
REVEAL or the deadline, and the answer says what is still possible and until when; several buoys
may go on the same roll.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from mm_helpers import CALM, Game

from referee.render import Renderer, templates_dir

SPEND_ALL = "SEARCH 19 THOROUGH\nSEARCH 20 QUICK"
"""Four points spent in the grand salon (zone 6): a thorough search and a quick one (one roll)."""

STAY = ["gala-dinner", "officer-asleep"]
"""A first round in which no suspect may be moved (its officer roll comes first among the dice)."""


def spent(dice: list[int], events: list[str] | None = None) -> Game:
    """A two-player game in which Anna has spent all four points of her first turn."""
    game = Game(events=events or CALM, dice=dice)
    game.ok("Anna", SPEND_ALL)
    assert game.state.ap == 0 and game.state.seat == "Anna" and not game.state.turn_over
    return game


def test_by_mail_revised_a_buoy_on_the_last_roll_sent_in_a_later_mail_at_0_ap_is_accepted() -> None:
    game = spent([9])
    game.ok("Anna", "BUOY ROLL")
    assert game.state.seat == "Anna" and not game.state.turn_over  # an 8: still a failure, still open
    game.ok("Anna", "BUOY ROLL")
    assert game.last("buoy_used").data["success"] and game.last("lead_read").data["lead"] == "place.20"
    assert not game.state.turn_over and game.state.buoys["Anna"] == 1


def test_by_mail_revised_a_buoy_for_one_more_point_at_0_ap_after_a_success_is_accepted_and_spent() -> None:
    game = spent([3])
    game.ok("Anna", "BUOY AP")
    assert game.state.ap == 1
    game.ok("Anna", "QUESTION KRISTINA ALIBI QUICK")  # the die list ran out: the seed's roll decides
    assert game.state.seat == "Anna" and game.state.ap == 0


def test_by_mail_revised_mm18_the_suspects_move_in_a_later_mail_at_0_ap_is_accepted_and_ends_the_turn() -> (
    None
):
    game = spent([3])
    game.ok("Anna", "MOVE KRISTINA 3")
    assert game.last("suspect_moved").data["to"] == 3
    assert game.last("turn_done").data["why"] == "escort" and game.state.seat == "Boris"


def test_by_mail_revised_mm20_reveal_in_a_later_mail_at_0_ap_is_accepted_and_ends_the_turn() -> None:
    game = spent([3])
    game.ok("Anna", "REVEAL")
    assert game.state.revealer == "Anna" and game.state.seat == "Boris"


def test_by_mail_revised_end_closes_the_turn_at_0_ap() -> None:
    game = spent([3])
    game.ok("Anna", "END")
    assert game.last("turn_done").data == {"seat": "Anna", "why": "end"} and game.state.seat == "Boris"


def test_by_mail_revised_the_deadline_closes_the_turn_at_0_ap() -> None:
    game = spent([9])
    game.close()
    assert game.last("turn_done").data == {"seat": "Anna", "why": "deadline"} and game.state.seat == "Boris"
    assert game.refused("Anna", "BUOY ROLL").reason == "not_your_turn"


def test_by_mail_revised_0_ap_ends_the_turn_once_nothing_is_left_to_do() -> None:
    """No buoy left, no suspect may move this round, and not in the grand salon: nothing is left."""
    game = Game(events=STAY, dice=[3, 3])
    game.ok("Anna", "BUOY AP\nBUOY AP\nBUOY AP\nMOVE 5")  # 7 points; zone 5
    game.ok("Anna", "SEARCH 17 THOROUGH\nSEARCH 18 QUICK\nMOVE 4\nMOVE 5")
    assert game.last("turn_done").data == {"seat": "Anna", "why": "no_ap"} and game.state.seat == "Boris"


def test_by_mail_revised_mm18_the_suspects_move_keeps_a_turn_open_without_buoys() -> None:
    game = Game(events=CALM, dice=[3, 3])
    game.ok("Anna", "BUOY AP\nBUOY AP\nBUOY AP\nMOVE 5")
    game.ok("Anna", "SEARCH 17 THOROUGH\nSEARCH 18 QUICK\nMOVE 4\nMOVE 5")
    assert game.state.ap == 0 and game.state.seat == "Anna" and not game.state.turn_over
    assert game.refused("Anna", "BUOY").reason == "no_buoy"
    assert game.refused("Anna", "REVEAL").reason == "reveal_not_here"
    game.ok("Anna", "MOVE TOMAS 8")
    assert game.state.seat == "Boris"


DUE = datetime(2026, 3, 1, 17, 0, tzinfo=UTC)
"""The deadline of the tests below: 20:00 in Moscow."""


def render_answer(game: Game, language: str) -> str:
    """The referee's last answer to Anna as her mail shows it, with the deadline in Moscow time."""
    context = {**game.answers[-1], "deadline_at": DUE.isoformat(), "time_zone": "Europe/Moscow"}
    return Renderer(templates_dir()).render(language, "answer.txt.j2", kind="minuit", **context)


@pytest.mark.parametrize(
    ("language", "until", "orders"),
    [
        ("en", "20:00 on Sunday 1 March", ("BUOY ROLL", "BUOY AP", "MOVE <suspect> <zone>", "REVEAL", "END")),
        (
            "ru",
            "20:00 в воскресенье, 1 марта",
            ("КРУГ БРОСОК", "КРУГ ОЧКО", "ПЕРЕМЕСТИТЬ", "РАЗОБЛАЧЕНИЕ", "КОНЕЦ"),
        ),
    ],
)
def test_by_mail_revised_the_answer_at_0_ap_says_what_is_still_possible_and_until_when(
    language: str, until: str, orders: tuple[str, ...]
) -> None:
    game = spent([9])
    text = render_answer(game, language)
    assert until in text, text
    for order in orders:
        assert f"- {order}" in text, (order, text)
    game.ok("Anna", "BUOY ROLL\nBUOY ROLL")  # the roll is a success now: no buoy on it is offered
    text = render_answer(game, language)
    assert until in text and f"- {orders[1]}" in text and f"- {orders[0]}" not in text, text


@pytest.mark.parametrize("language", ["en", "ru"])
def test_by_mail_revised_the_answer_at_0_ap_offers_no_reveal_outside_the_grand_salon(language: str) -> None:
    game = Game(events=CALM, dice=[3])
    game.ok("Anna", "MOVE 5\nSEARCH 17 THOROUGH")
    text = render_answer(game, language)
    reveal, move = ("REVEAL", "MOVE <suspect>") if language == "en" else ("РАЗОБЛАЧЕНИЕ", "ПЕРЕМЕСТИТЬ")
    assert f"- {move}" in text and f"- {reveal}" not in text, text
    assert "{{" not in text and "None" not in text


# --- several buoys on the same roll (MM-17 ruling) ---------------------------------------------------


def test_mm17_ruling_two_buoys_in_one_line_make_a_nine_a_seven() -> None:
    game = Game(events=CALM, dice=[9])
    game.ok("Anna", "SEARCH 19 DISCREET")
    (verdict,) = game.ok("Anna", "BUOY ROLL 2")
    assert verdict.understood["roll"] == 7 and verdict.understood["success"]
    assert verdict.understood["count"] == 2 and verdict.understood["left"] == 1
    assert [e.data["roll"] for e in game.log if e.kind == "buoy_used"] == [8, 7]
    assert game.last("lead_read").audience == ("Anna",)


def test_mm17_ruling_two_buoy_lines_in_one_mail_go_on_the_same_roll() -> None:
    game = Game(events=CALM, dice=[9])
    game.ok("Anna", "SEARCH 19 QUICK\nBUOY ROLL\nBUOY ROLL")
    assert game.last("buoy_used").data["success"] and game.state.buoys["Anna"] == 1
    assert game.last("lead_read").data["lead"] == "place.19"


def test_mm17_ruling_buoy_2_without_a_use_goes_on_the_roll_when_two_make_it_a_success() -> None:
    game = Game(events=CALM, dice=[9])
    game.ok("Anna", "SEARCH 19 QUICK")
    (verdict,) = game.ok("Anna", "БУЙ 2")
    assert verdict.understood["use"] == "roll" and verdict.understood["success"]


def test_mm17_ruling_buoys_on_a_roll_stop_once_it_succeeds() -> None:
    game = Game(events=CALM, dice=[8])
    game.ok("Anna", "SEARCH 19 QUICK")
    (verdict,) = game.ok("Anna", "BUOY ROLL 3")
    assert verdict.understood["count"] == 1 and game.state.buoys["Anna"] == 2


def test_mm17_ruling_more_buoys_than_held_are_refused() -> None:
    game = Game(events=CALM, dice=[10])
    game.ok("Anna", "SEARCH 19 QUICK\nBUOY AP\nBUOY AP")
    verdict = game.refused("Anna", "BUOY ROLL 2")
    assert verdict.reason == "no_buoy" and verdict.params == {"have": 1, "want": 2}
    assert game.refused("Anna", "BUOY ROLL 9").reason == "extra_words"


def test_mm17_ruling_several_points_from_buoys_in_one_line() -> None:
    game = Game(events=CALM)
    (verdict,) = game.ok("Anna", "BUOY AP 2")
    assert verdict.understood["count"] == 2 and game.state.ap == 4 + 2
