"""The Ten Sailors order language (TS-9 ruling, TS-11, TS-20, TS-23).

English and Russian keywords and card names, ё = е, multi-word names, optional commas,
any letter case; typos are rejected with a reason and a suggestion, and a rejected line
never changes what was accepted before it or stops the valid lines around it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ts_helpers import Game

RU_HANDS = {
    "Алёна": ("Kitchen", "Sofa", "Knife"),
    "Борис": ("Dining Room", "Fireplace", "Pistol"),
    "Вера": ("Bedroom", "Table", "Poison"),
}


def in_study() -> Game:
    """A game at day 1 hour 1 with Anna in the Study (so she may search)."""
    game = Game()
    game.put({"Anna": "Study"})
    return game


# --- moves -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "room"),
    [
        ("MOVE Dining Room", "Dining Room"),
        ("move dining room", "Dining Room"),
        ("MoVe DiNiNg RoOm", "Dining Room"),
        ("GO Living Room", "Living Room"),
        ("go to the Music Room", "Music Room"),
        ("MOVE: Study", "Study"),
        ("- MOVE Garage", "Garage"),
        ("MOVE   Dining    Room", "Dining Room"),
        ("MOVE Hall", "Hall"),
        ("ИДТИ Столовая", "Dining Room"),
        ("идти в Столовую", "Dining Room"),
        ("Идти Музыкальная комната", "Music Room"),
        ("ИДТИ МУЗЫКАЛЬНАЯ КОМНАТА", "Music Room"),
        ("иду в музыкальную комнату", "Music Room"),
        ("ИДТИ Холл", "Hall"),
        ("ИДТИ Ванная", "Bathroom"),
    ],
)
def test_ts9_move_in_english_and_russian(text: str, room: str) -> None:
    """TS-9 ruling / TS-11: move orders in either language, any case, multi-word room names."""
    game = Game()
    game.advance_to("d1h1")
    verdict = game.order("Anna", text)
    assert verdict.understood["kind"] == "move" and verdict.understood["room"] == room
    assert game.state.moves[("d1h1", "Anna")].order.room == room


def test_ts9_a_near_miss_of_a_room_is_read_as_it_and_the_answer_says_so() -> None:
    """TS-9: ``MOVE Kitchn`` is one letter from one room only: read as the Kitchen, and said so."""
    game = Game()
    verdict = game.order("Ivan", "MOVE Kitchn")
    assert verdict.understood["room"] == "Kitchen"
    assert verdict.understood["read_as"] == [["Kitchn", "Kitchen"]]
    assert game.state.moves[("d0n", "Ivan")].order.room == "Kitchen"


def test_ts9_a_far_miss_of_a_room_is_refused_with_a_suggestion() -> None:
    """TS-9: a word too far from any room to be sure of is refused, suggesting the nearest."""
    game = Game()
    (verdict,) = game.submit("Ivan", "MOVE Ktchnn")
    assert not verdict.accepted and verdict.reason == "unknown_location"
    assert verdict.params == {"text": "Ktchnn", "suggestion": "Kitchen"}
    assert game.state.moves == {} and game.log[-1].kind == "game_started"


def test_ts9_a_word_as_near_two_cards_is_asked_about_not_guessed() -> None:
    """TS-9: ``piston`` is as near Pistol as Poison: refused, naming both."""
    game = in_study()
    (verdict,) = game.submit("Anna", "SEARCH piston, Sink")
    assert not verdict.accepted and verdict.reason == "ambiguous"
    assert verdict.params == {"text": "piston", "candidates": ["Pistol", "Poison"]}
    assert game.state.searches == {}


def test_ts9_russian_near_miss_reads_the_canonical_card() -> None:
    """TS-9: a misspelt Russian room is read as the room it is nearest."""
    game = Game()
    verdict = game.order("Anna", "ИДТИ Гаражж")
    assert verdict.understood["room"] == "Garage" and verdict.understood["read_as"] == [["Гаражж", "Garage"]]


def test_ts9_moving_to_a_place_that_is_not_one_or_to_two_places_is_refused() -> None:
    """TS-2/TS-11: one location per move order."""
    game = Game()
    for text, reason in (
        ("MOVE Knife", "not_a_location"),
        ("MOVE Study Garage", "move_one_place"),
        ("MOVE", "missing_arguments"),
        ("MOVE Attic", "unknown_location"),
    ):
        (verdict,) = game.submit("Anna", text)
        assert not verdict.accepted and verdict.reason == reason, text
    assert game.state.moves == {}


# --- searches ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("SEARCH Rope, Sink", ["Rope", "Sink"]),
        ("SEARCH Rope Sink", ["Rope", "Sink"]),
        ("search rope sink", ["Rope", "Sink"]),
        ("SEARCH Baseball Bat, Sink", ["Baseball Bat", "Sink"]),
        ("SEARCH Baseball Bat Sink", ["Baseball Bat", "Sink"]),
        ("SEARCH BASEBALL BAT baseball bat", None),
        ("SEARCH Car Candlestick", ["Car", "Candlestick"]),
        ("SEARCH Rope and Sink", ["Rope", "Sink"]),
        ("ИСКАТЬ Нож, Диван", ["Knife", "Sofa"]),
        ("искать нож диван", ["Knife", "Sofa"]),
        ("ИСКАТЬ Верёвка, Раковина", ["Rope", "Sink"]),
        ("ИСКАТЬ Веревка, Раковина", ["Rope", "Sink"]),
        ("ИСКАТЬ ВЕРЁВКА РАКОВИНА", ["Rope", "Sink"]),
        ("ищу бейсбольную биту и люстру", ["Baseball Bat", "Chandelier"]),
        ("ИСКАТЬ Бейсбольная бита Шкаф", ["Baseball Bat", "Wardrobe"]),
        ("SEARCH Нож, Sofa", ["Knife", "Sofa"]),
    ],
)
def test_ts9_search_in_english_and_russian(text: str, cards: list[str] | None) -> None:
    """TS-9 ruling / TS-19: ё = е, commas optional, multi-word cards, any case, mixed languages."""
    game = in_study()
    (verdict,) = game.submit("Anna", text)
    if cards is None:
        assert not verdict.accepted and verdict.reason == "search_same_card"
        assert game.state.searches == {}
        return
    assert verdict.accepted, verdict
    assert verdict.understood["cards"] == cards
    assert game.state.searches[("d1h1", "Anna")].order.cards == tuple(cards)


@pytest.mark.parametrize(
    ("text", "cards", "read_as"),
    [
        ("SEARCH Rope, Sinkk", ["Rope", "Sink"], [["Sinkk", "Sink"]]),
        ("SEARCH Ropee Chandelier", ["Rope", "Chandelier"], [["Ropee", "Rope"]]),
        ("SEARCH Rope, Baseballl Bat", ["Rope", "Baseball Bat"], [["Baseballl Bat", "Baseball Bat"]]),
        ("ИСКАТЬ Нож Дивн", ["Knife", "Sofa"], [["Дивн", "Sofa"]]),
        ("MOVE Dinng Room", None, None),
    ],
)
def test_ts9_a_misspelt_card_is_read_as_the_card_meant_never_its_neighbour(
    text: str, cards: list[str] | None, read_as: list[list[str]] | None
) -> None:
    """TS-9: a near miss reads as the one card it nearly is (a two-word one whole), and the answer says so."""
    game = in_study()
    verdict = game.order("Anna", text)
    if cards is None:
        assert verdict.understood["room"] == "Dining Room"
        return
    assert verdict.understood["cards"] == cards and verdict.understood["read_as"] == read_as
    assert game.state.searches[("d1h1", "Anna")].order.cards == tuple(cards)


# --- traps -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "TRAP Carl Bedroom Table Poison",
        "TRAP Carl Bedroom, Table, Poison",
        "trap carl poison table bedroom",
        "TRAP Bedroom Carl Table Poison",
        "ЛОВУШКА Carl Спальня Стол Яд",
    ],
)
def test_ts20_trap_in_either_language_and_any_order_of_cards(text: str) -> None:
    """TS-20/TS-9: a trap names a character and one room, one furniture, one weapon."""
    game = Game()
    game.advance_to("d1n")
    verdict = game.order("Anna", text)
    assert {k: verdict.understood[k] for k in ("target", "room", "furniture", "weapon")} == {
        "target": "Carl",
        "room": "Bedroom",
        "furniture": "Table",
        "weapon": "Poison",
    }
    game.resolve()
    assert not game.char("Carl").alive


def test_ts20_russian_trap_with_multi_word_cards_and_yo_in_the_target_name() -> None:
    """TS-9 ruling: ё = е in names too; multi-word Russian cards."""
    hands = {**RU_HANDS, "Вера": ("Music Room", "Table", "Baseball Bat")}
    game = Game(tuple(hands), hands=hands, host="Борис", language="ru")
    game.advance_to("d1n")
    verdict = game.order("Алёна", "ЛОВУШКА вера музыкальная комната стол бейсбольная бита")
    assert verdict.understood["target"] == "Вера"
    verdict = game.order("Вера", "ЛОВУШКА Алена Кухня, Диван, Нож")
    assert verdict.understood["target"] == "Алёна"
    game.resolve()
    assert not game.char("Алёна").alive and not game.char("Вера").alive


def test_ts20_trap_with_an_unknown_word_is_refused() -> None:
    """TS-20: a name or card far from any known one is refused as unknown_word."""
    game = Game()
    game.advance_to("d1n")
    (verdict,) = game.submit("Anna", "TRAP Krl Bedroom Table Poison")
    assert not verdict.accepted and verdict.reason == "unknown_word"
    assert verdict.params["text"] == "Krl"
    assert game.state.traps == {}


def test_ts20_a_misspelt_target_is_read_as_the_character_and_said_so() -> None:
    """TS-20: ``Carll`` is one letter from Carl only: the trap is his, and the answer says how it was read."""
    game = Game()
    game.advance_to("d1n")
    verdict = game.order("Anna", "TRAP Carll Bedroom Table Poison")
    assert verdict.understood["target"] == "Carl" and verdict.understood["read_as"] == [["Carll", "Carl"]]


# --- prefixes, other orders ----------------------------------------------------------------------


def test_ts11_russian_advance_prefixes() -> None:
    """TS-11 ruling: ``ДЕНЬ 2 ЧАС 3:`` and ``НОЧЬ 2:`` queue orders like their English forms."""
    game = Game()
    verdicts = game.submit(
        "Anna",
        "ДЕНЬ 2 ЧАС 3: ИСКАТЬ Нож, Диван\nНОЧЬ 2: ЛОВУШКА Carl Спальня Стол Яд\nday 2 hour 1: go Study",
    )
    assert [v.understood["segment"] for v in verdicts] == ["d2h3", "d2n", "d2h1"]
    assert set(game.state.searches) == {("d2h3", "Anna")}
    assert set(game.state.traps) == {("d2n", "Anna")}
    assert set(game.state.moves) == {("d2h1", "Anna")}


def test_ts11_bad_hour_in_a_prefix_is_refused() -> None:
    """TS-4: hours are numbered 1–4."""
    game = Game()
    (verdict,) = game.submit("Anna", "DAY 1 HOUR 5: MOVE Study")
    assert not verdict.accepted and verdict.reason == "bad_hour"
    assert game.state.moves == {}


def test_ts11_cancel_in_english_and_russian() -> None:
    """TS-11: CANCEL MOVE / ОТМЕНИТЬ ИСКАТЬ withdraw the order in force; nothing to cancel is refused."""
    game = in_study()
    game.order("Anna", "MOVE Garage")
    game.order("Anna", "SEARCH Rope, Sink")
    game.order("Anna", "cancel move")
    game.order("Anna", "ОТМЕНИТЬ ИСКАТЬ")
    assert game.state.moves == {} and game.state.searches == {}
    (verdict,) = game.submit("Anna", "CANCEL MOVE")
    assert not verdict.accepted and verdict.reason == "nothing_to_cancel"
    (verdict,) = game.submit("Anna", "CANCEL it")
    assert not verdict.accepted and verdict.reason == "cancel_what"
    events = game.resolve()
    assert game.where("Anna") == "Study"
    assert game.searched("Anna", events).data["random"] is True


def test_ts23_say_in_english_and_russian() -> None:
    """TS-23: SAY / СКАЗАТЬ post the rest of the line; an empty or queued message is refused."""
    game = Game()
    game.order("Anna", "SAY Hello, everyone: nice castle")
    game.order("Carl", "СКАЗАТЬ Привет всем")
    texts = [e.data["text"] for e in game.events("message_posted")]
    assert texts == ["Hello, everyone: nice castle", "Привет всем"]
    for text, reason in (("SAY", "say_empty"), ("DAY 1 HOUR 1: SAY later", "say_in_advance")):
        (verdict,) = game.submit("Anna", text)
        assert not verdict.accepted and verdict.reason == reason
    assert len(game.events("message_posted")) == 2


@pytest.mark.parametrize("line", [":-)", "...", "?", "!", '"', "«»", "—", "'", ")"])
def test_ts23_a_line_of_punctuation_alone_is_talk_beside_the_orders(line: str) -> None:
    """TS-23 ruling: a line that is no order is talk, one of punctuation alone too (a smiley, an
    ellipsis, a stray quote): the orders around it are taken, and nothing about it fails."""
    game = Game()
    verdicts = game.submit("Anna", f"MOVE Study\n{line}")
    assert [v.accepted for v in verdicts] == [True, True]
    assert verdicts[0].understood["kind"] == "move" and verdicts[1].understood["kind"] == "say"
    assert [e.data["text"] for e in game.events("message_posted")] == [line]
    (alone,) = game.submit("Boris", line)
    assert alone.accepted and alone.understood["kind"] == "say"


_FRAGMENTS = [
    *" \t.,:;!?\"'«»()—-–…*•>0123456789ч",
    "MOVE ", "SAY ", "SEARCH ", "TRAP ", "CANCEL ", "at ", "day 2 ", "hour 3 ", "ночью ", "завтра ", "10:00",
    "Study", "Anna", "rope", "иду ", "в ", "Кухню", ":-)",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=12).map("".join))
def test_ts23_every_text_is_read_as_orders_and_talk_and_none_makes_the_rules_fail(text: str) -> None:
    """Whatever a player writes, each of its lines comes back with a verdict: no text, however odd its
    punctuation, is an error of the rules (which would stop the whole game)."""
    verdicts = Game().submit("Anna", text)
    assert all(verdict.line.strip() for verdict in verdicts)


def test_ts11_help_and_status_are_answered_without_changing_anything() -> None:
    """HELP / ПОМОЩЬ / STATUS / СТАТУС are accepted and cause no event."""
    game = Game()
    verdicts = game.submit("Anna", "HELP\nпомощь\nStatus\nСТАТУС")
    assert [v.accepted for v in verdicts] == [True] * 4
    assert [v.understood["kind"] for v in verdicts] == ["help", "help", "status", "status"]
    assert len(game.log) == 1


def test_ts11_misspelt_keyword_near_one_order_word_is_read_and_the_answer_says_how() -> None:
    """TS-11: a keyword misspelt but near one order word ("MOVEE", "serach", "лавушку") is read as that
    order, and the verdict says which word was read as which order, for the answer to show it."""
    game = Game()
    (verdict,) = game.submit("Anna", "MOVEE Study")
    assert verdict.accepted and verdict.understood["room"] == "Study"
    assert verdict.understood["word_as"] == ["MOVEE", "MOVE"]


def test_ts11_a_word_near_no_order_word_is_still_refused_with_a_suggestion() -> None:
    """A first word as far from every order word as "MOOVEE" is no order: refused, suggesting the keyword."""
    game = Game()
    (verdict,) = game.submit("Anna", "MOOVEE Study")
    assert not verdict.accepted and verdict.reason == "unknown_order"
    assert verdict.params["suggestion"] == "MOVE"
    assert game.state.moves == {}


# --- rejected lines and their neighbours -------------------------------------------------------------


def test_ts11_rejected_line_never_changes_orders_already_accepted() -> None:
    """TS-11 ruling: only an accepted order replaces the one in force."""
    game = in_study()
    game.order("Anna", "MOVE Garage")
    game.order("Anna", "SEARCH Rope, Sink")
    before = (dict(game.state.moves), dict(game.state.searches))
    verdicts = game.submit(
        "Anna",
        "MOVE Ktchnn\nSEARCH Rope, Snik\nSEARCH Study Rope\nMOVE Garage Study\nDAY 1 HOUR 9: MOVE Study",
    )
    assert [v.accepted for v in verdicts] == [False] * 5
    assert (game.state.moves, game.state.searches) == before
    events = game.resolve()
    assert game.where("Anna") == "Garage"
    assert game.searched("Anna", events).data["cards"] == ["Rope", "Sink"]


def test_ts11_valid_lines_in_the_same_text_are_still_accepted() -> None:
    """TS-11: each line is judged on its own; blank lines are skipped; talk beside them is said (TS-23)."""
    game = in_study()
    text = (
        "MOVE Ktchnn\n\nMOVE Garage\nSEARCH Rope, Snik\n"
        "Hello everybody\nSAY found nothing\nSEARCH Rope Sink\n"
    )
    verdicts = game.submit("Anna", text)
    assert [(v.line, v.accepted) for v in verdicts] == [
        ("MOVE Ktchnn", False),
        ("MOVE Garage", True),
        ("SEARCH Rope, Snik", False),
        ("Hello everybody", True),
        ("SAY found nothing", True),
        ("SEARCH Rope Sink", True),
    ]
    assert verdicts[0].params["suggestion"] == "Kitchen"
    assert game.state.moves[("d1h1", "Anna")].order.room == "Garage"
    assert game.state.searches[("d1h1", "Anna")].order.cards == ("Rope", "Sink")
    assert [e.data["text"] for e in game.events("message_posted")] == ["Hello everybody", "found nothing"]


def test_ts11_a_later_line_replaces_an_earlier_one_in_the_same_text() -> None:
    """TS-11 ruling: the last order of a type wins, also within one mail."""
    game = in_study()
    verdicts = game.submit("Anna", "MOVE Garage\nMOVE Bedroom\nSEARCH Rope Sink\nSEARCH Knife Sofa")
    assert [v.accepted for v in verdicts] == [True] * 4
    assert "replaces" in verdicts[1].understood["notes"] and "replaces" in verdicts[3].understood["notes"]
    assert game.state.moves[("d1h1", "Anna")].order.room == "Bedroom"
    assert game.state.searches[("d1h1", "Anna")].order.cards == ("Knife", "Sofa")


def test_ts23_text_without_any_order_line_is_table_talk() -> None:
    """TS-23: a mail body in which no line looks like an order is said aloud, as one message."""
    game = Game()
    (verdict,) = game.submit("Anna", "Anyone seen a knife?\nI am in the hall.")
    assert verdict.accepted and verdict.understood["kind"] == "say"
    said = [e.data["text"] for e in game.events("message_posted")]
    assert said == ["Anyone seen a knife? I am in the hall."]


def test_ts23_a_mistyped_order_is_refused_not_said_aloud() -> None:
    """TS-23: a line that nearly starts with an order keyword is refused, so a typo never becomes talk."""
    game = Game()
    (verdict,) = game.submit("Anna", "Serc Rope, Knife")
    assert not verdict.accepted and verdict.reason == "unknown_order"
    assert verdict.params["suggestion"] == "SEARCH"
    assert game.events("message_posted") == []


def test_a_line_that_is_not_an_order_beside_orders_is_said_aloud_ts_23() -> None:
    """TS-23 ruling (talk beside orders): the order is an order, the chatty line is said where Anna is."""
    game = Game()
    verdicts = game.submit("Anna", "MOVE Study\nsee you all there")
    assert [v.accepted for v in verdicts] == [True, True]
    assert verdicts[1].understood["kind"] == "say" and verdicts[1].understood["talk"] == ["see you all there"]
    (said,) = game.events("message_posted")
    assert said.data["text"] == "see you all there" and said.data["location"] == "Hall"
    assert game.state.moves[("d0n", "Anna")].order.room == "Study"


def test_ts11_cancel_everything_withdraws_every_order_still_waiting() -> None:
    """TS-11 ruling: "cancel everything" / «отменить всё» withdraws the writer's moves, searches and traps
    not yet carried out, of this hour and of later ones, and nobody else's; with none left, there is
    nothing to cancel."""
    game = in_study()
    game.order("Anna", "MOVE Garage")
    game.order("Anna", "SEARCH Rope, Sink")
    game.order("Anna", "DAY 2 HOUR 1: MOVE Kitchen")
    game.order("Anna", "NIGHT 1: TRAP Boris Kitchen Sofa Knife")
    game.order("Boris", "MOVE Garage")
    verdict = game.order("Anna", "Withdraw all my orders, I'm starting over")
    assert verdict.understood["what"] == "all"
    assert {(c["what"], c["segment"]) for c in verdict.understood["cancelled"]} == {
        ("move", "d1h1"),
        ("search", "d1h1"),
        ("move", "d2h1"),
        ("trap", "d1n"),
    }
    tables = (game.state.moves, game.state.searches, game.state.traps)
    assert not any(seat == "Anna" for table in tables for _, seat in table)
    assert ("d1h1", "Boris") in game.state.moves
    (again,) = game.submit("Anna", "Отменить всё!")
    assert not again.accepted and again.reason == "nothing_to_cancel"
