"""Ten Sailors lines read by general signals, class by class (TS-11, TS-12, TS-17, TS-20, TS-22, TS-23
ruling); the lines stand in no corpus and were written for these tests.

A class is read by what its lines name and how (a place after a preposition of motion or in the
accusative, a trap word in any form beside a character and three cards, a verb of staying, a time
before what it names), not by their verbs: each test holds lines whose verbs the reader knows nothing of.
"""

from __future__ import annotations

from test_ts_reading_classes import misread


def test_narrated_motion_of_any_verb_towards_one_place_is_a_move_ts_11() -> None:
    """A line naming one place as where one goes (an English preposition of motion, «в»/«на» with the
    accusative), with any verb of motion, is a move; where one is, with a search, is not."""
    assert misread({
        "Hanna glides into the study.": "M:Study",
        "Carl staggers up to the bedroom": "M:Bedroom",
        "Anna makes a dash for the bathroom": "M:Bathroom",
        "Anna opens the door to the bedroom and goes in.": "M:Bedroom",
        "Анна шмыгает в гараж": "M:Garage",
        "Анна, допив чай, выходит в оранжерею": "M:Conservatory",
        "«Пойду проветрюсь», — говорит Анна и выходит в оранжерею": "M:Conservatory",
        "Зоя юркает на кухню": "M:Kitchen",
        "Anna searches the sofa in the kitchen": "X",
    }) == {}  # fmt: skip


def test_narrated_searches_of_two_cards_are_searches_ts_12() -> None:
    """Two cards that are no places, with any verb of looking or none, and nobody else named: a search."""
    assert misread({
        "Anna peers behind the wardrobe and under the table.": "S:Table,Wardrobe",
        "Anna rummages through the wardrobe and the sink": "S:Sink,Wardrobe",
        "Анна шарит в шкафу и за камином": "S:Fireplace,Wardrobe",
        "Проверяю диван, потом нож": "S:Knife,Sofa",
    }) == {}  # fmt: skip


def test_a_trap_with_all_its_parts_and_a_trap_word_in_any_form_is_that_trap_ts_20() -> None:
    """A character, a room, a piece of furniture and a weapon, in any order, with labels or prepositions,
    beside any trap word ("trp", "trapp", "rig", "lay … for", «лавушка», «ловлю», «ставлю на»)."""
    assert misread({
        "target Hanna, room Bedroom, furniture Table, weapon Knife — trap": "T:Hanna/Bedroom/Table/Knife",
        "rig the table in the bedroom with the knife for Hanna": "T:Hanna/Bedroom/Table/Knife",
        "Gleb - study - table - rope - trapp": "T:Gleb/Study/Table/Rope",
        "Ловлю Глеба в кабинете: стол, верёвка": "T:Глеб/Study/Table/Rope",
        "ставлю на Веру: кухня, диван, нож": "T:Вера/Kitchen/Sofa/Knife",
    }) == {}  # fmt: skip


def test_hour_numbers_and_clock_forms_before_what_they_name_ts_11() -> None:
    """TS-4, TS-11 ruling: "Hour 4: Garage.", several hours on one line, an ordinal alone after an hour,
    "half past three", «в полчетвёртого», «в 18 ч.», «в 16-00»; a time after a semicolon starts an order."""
    assert misread({
        "Hour 4: Garage.": "M:Garage@d1h4",
        "day 3 hour 1: dining room": "M:Dining Room@d3h1",
        "tomorrow hour 2 -> living room": "M:Living Room@d2h2",
        "hour 2 study, hour 3 bathroom, hour 4 garage": "M:Study@d1h2 ; M:Bathroom@d1h3 ; M:Garage@d1h4",
        "2-й час кабинет, 3-й гостиная": "M:Study@d1h2 ; M:Living Room@d1h3",
        "half past three: garage": "M:Garage@d1h3",
        "в полчетвёртого иду в гараж": "M:Garage@d1h3",
        "в 18 ч. иду в гараж": "M:Garage@d1h4",
        "в 16-00 кухня": "M:Kitchen@d1h3",
        "hour 2: study; hour 3: search sofa and knife": "M:Study@d1h2 ; S:Knife,Sofa@d1h3",
        "в 2-й час в кабинет, в 3-й — обыскать диван и нож": "M:Study@d1h2 ; S:Knife,Sofa@d1h3",
        "13:00 study, 15:30 sofa+knife": "M:Study@d1h2 ; S:Knife,Sofa@d1h3",
    }) == {}  # fmt: skip


def test_questions_about_the_orders_ask_for_the_help_or_ones_own_orders() -> None:
    """A question about the orders themselves is the help; about one's own or the current ones, status."""
    assert misread({
        "How do I write orders again?": "HELP",
        "what commands are there": "HELP",
        "Remind me how orders work?": "HELP",
        "Напомните, как писать приказы?": "HELP",
        "а какие вообще команды есть??": "HELP",
        "What are my current orders?": "STATUS",
        "which orders do I have right now?": "STATUS",
        "Какие у меня сейчас приказы?": "STATUS",
    }) == {}  # fmt: skip


def test_moves_wished_proposed_or_labelled_and_the_start_of_a_day_ts_11_ts_22() -> None:
    """ "Let's go to …", "Would it be ok if I went to …?", «Пустите в …», "Next stop: …", "… pls"; where
    one starts a day is the night's move (TS-22). A proposal to all, a question weighing a choice or
    asked of others, and what another did stay what they are."""
    assert misread({
        "Let's head to the conservatory": "M:Conservatory",
        "Would it be ok if I went to the bedroom?": "M:Bedroom",
        "Можно в гараж?": "M:Garage",
        "Пустите в столовую": "M:Dining Room",
        "бегом в ванную!": "M:Bathroom",
        "Next stop: garage": "M:Garage",
        "Next stop — the garage": "M:Garage",
        "Утром завтра хочу оказаться в кабинете": "M:Study@d1n",
        "kitchen pls": "M:Kitchen",
        "Tomorrow I want to start the day in the study": "M:Study@d1n",
        "Завтрашний день начинаю в кабинете": "M:Study@d1n",
        "Should I go to the garage?": "X",
        "Let's all meet in the kitchen": "X",
        "Anyone want to go to the kitchen?": "TALK",
        "Boris went into the garage.": "TALK",
        "Don't go into the study!": "TALK",
    }) == {}  # fmt: skip


def test_staying_narrated_is_a_stay_ts_17() -> None:
    """TS-17 ruling: a verb of staying or lingering, naming no card, keeps the character where they are."""
    assert misread({
        "Anna lingers in the room.": "STAY",
        "Anna decides to stay where she is": "STAY",
        "Anna waits in the room": "STAY",
        "Анна остаётся в комнате": "STAY",
        "Анна решает задержаться в комнате": "STAY",
        "Анна никуда не уходит": "STAY",
        "Поднимаюсь в спальню. Борис, не ходи за мной!": "M:Bedroom ; TALK",
    }) == {}  # fmt: skip


def test_several_orders_with_their_times_and_a_remark_after_an_order_ts_11_ts_23() -> None:
    """TS-23 ruling: each order at its own time; a remark after an order is talk, a purpose goes with it."""
    assert misread({
        "at 13:00 go to the study, at 15:30 search the sofa, knife": "M:Study@d1h2 ; S:Knife,Sofa@d1h3",
        "в 14:00 иду в гараж, в 16:00 обыскиваю диван и нож": "M:Garage@d1h2 ; S:Knife,Sofa@d1h3",
        "иду на кухню, проголодалась": "M:Kitchen ; TALK",
        "Anna slips into the music room to think": "M:Music Room",
        "search the sofa and the knife, hoping for the best": "S:Knife,Sofa",
        "Анна крадётся в оранжерею, оглядываясь по сторонам": "M:Conservatory",
    }) == {}  # fmt: skip


def test_how_things_are_and_what_another_does_are_no_orders_by_signals_ts_23() -> None:
    """TS-23 ruling: a line telling how things are ("The knife is on the sofa", «Нож лежит на диване»), a
    character beside two cards with no verb, or a place named as a thing's, is no search nor move."""
    assert misread({
        "The knife and the rope are missing": "TALK",
        "Нож лежит на диване": "TALK",
        "I love the sofa and the fireplace here": "TALK",
        "Борис с ножом и верёвкой": "X",
        "The path to the garage is dark": "X",
        "Who took the rope and the knife?": "TALK",
    }) == {}  # fmt: skip


def test_a_character_other_than_the_writers_told_of_is_not_read_as_the_writers_move_ts_23() -> None:
    """With the writer's character known, another character heading somewhere is told, not ordered."""
    from test_ts_order_corpus import NAMES, NOW

    from referee.games.ten_sailors.parse import Order, parse_text

    told = parse_text("Boris drifts toward the conservatory", NAMES["en"], NOW, own="Anna")
    own = parse_text("Anna drifts toward the conservatory", NAMES["en"], NOW, own="Anna")
    assert not any(isinstance(item, Order) for item in told)
    assert [(item.kind, item.args) for item in own if isinstance(item, Order)] == [
        ("move", {"room": "Conservatory"})
    ]


def test_a_clause_of_when_after_a_narrated_move_goes_with_it_and_a_greeting_stays_talk_ts_23() -> None:
    """TS-23 ruling: «…, пока никто не видит» tells when the move is made and goes with it; a remark
    after it is talk; a line said to everyone is no order of the writer's."""
    assert misread({
        "Анна спешит на кухню, пока никто не видит": "M:Kitchen",
        "Anna retreats to the study, candle in hand": "M:Study ; TALK",
        "Welcome to the kitchen, everyone": "TALK",
        "What have I ordered so far?": "STATUS",
        "Что я уже приказала?": "STATUS",
        "в 3-м часу иду в гараж": "M:Garage@d1h3",
        "Я пока побуду здесь": "STAY",
    }) == {}  # fmt: skip


def test_the_writers_character_doing_something_in_one_place_not_towards_it_is_asked_ts_23() -> None:
    """TS-23 ruling (a plan is never said aloud): the character named first, a verb, and one place where
    they are, not where they go («Анна бродит по кухне»), is asked about; said to a character, it is talk."""
    assert misread({
        "Анна бродит по кухне": "X",
        "Anna dawdles about the study": "X",
        "Глеб, жду тебя в кухне": "TALK",
        "Anna is in the kitchen now": "TALK",
    }) == {}  # fmt: skip
