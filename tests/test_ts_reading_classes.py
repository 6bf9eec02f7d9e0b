"""Ten Sailors orders written in the ways a second corpus of forum lines showed, read by class (TS-11,
TS-12, TS-19, TS-20, TS-22, TS-23 ruling, TS-25 ruling).

Each test is one class of writing, with lines that stand in no corpus: a grammar that reads the class
reads them without new code. The notation is the corpora's (``tests/test_ts_order_corpus.py``): an
order, ``X`` for a line refused with a question or a reason, ``TALK`` for a line said aloud.
"""

from __future__ import annotations

from test_ts_order_corpus import NAMES, NOW, corpus, normalised, reading

from referee.games.ten_sailors.parse import parse_text


def read(line: str) -> str:
    language = "ru" if any("а" <= letter.lower() <= "я" for letter in line) else "en"
    return " ; ".join(reading(item) for item in parse_text(line, NAMES[language], NOW))


def misread(lines: dict[str, str]) -> dict[str, str]:
    """The lines of ``lines`` read otherwise than expected, each with what was read."""
    return {line: read(line) for line, expected in lines.items() if read(line) != normalised(expected)}


def test_verbs_of_motion_and_search_in_any_form_ts_11_ts_19() -> None:
    """Verbs of motion and search in any English form ("creeps", "tiptoeing", "scours") and any Russian
    one, with the writer's character named before them or an adverb beside them."""
    assert misread({
        "Boris creeps into the garage": "M:Garage",
        "Tiptoeing into the bedroom": "M:Bedroom",
        "Carl quickly heads to the hall": "M:Hall",
        "Шагаю в кабинет": "M:Study",
        "Вера пробирается в гараж": "M:Garage",
        "Глеб осторожно идёт в гараж": "M:Garage",
        "Carl scours the wardrobe and the sink": "S:Sink,Wardrobe",
        "Перерываю шкаф и камин": "S:Fireplace,Wardrobe",
    }) == {}  # fmt: skip


def test_phrases_that_are_one_order_word_ts_11_ts_19() -> None:
    """ "make one's way" is a move, "go through" a search; "looks like" is no search."""
    assert misread({
        "Dora makes her way to the kitchen": "M:Kitchen",
        "going through the table and the rope": "S:Rope,Table",
        "It looks like a long night": "TALK",
    }) == {}  # fmt: skip


def test_thanks_after_an_order_is_not_said_aloud_but_a_greeting_before_it_is_ts_23() -> None:
    """TS-23 ruling: thanks after an order go with it; a greeting to the room before it is talk."""
    assert misread({
        "Go to the garage. Thank you very much!": "M:Garage",
        "Обыскиваю диван и нож. Спасибо!": "S:Knife,Sofa",
        "Hello! Go to the garage.": "TALK ; M:Garage",
    }) == {}  # fmt: skip


def test_ones_own_move_denied_is_a_stay_or_a_withdrawal_and_a_warning_to_others_is_talk_ts_17() -> None:
    """TS-17 ruling (no move: one stays): "not going anywhere" stays; "anymore" withdraws the move given;
    "don't go anywhere!" tells others, and is talk."""
    assert misread({
        "I'm not going anywhere this hour": "STAY",
        "Сегодня никуда не двигаюсь": "STAY",
        "I don't want to go anymore": "C:move",
        "Больше никуда не пойду": "C:move",
        "Don't go anywhere!": "TALK",
        "Не уходите никуда": "TALK",
    }) == {}  # fmt: skip


def test_a_question_about_ones_own_move_is_asked_back_one_to_others_is_talk_ts_23() -> None:
    """TS-23 ruling: a question about the writer's own order is asked back, never said aloud; a question
    to others, or "you" doing something said of another, is conversation."""
    assert misread({
        "Do I go to the hall or the kitchen?": "X",
        "Мне идти в холл или в кухню?": "X",
        "Anyone heading to the study with me?": "TALK",
        "Кто со мной в гараж?": "TALK",
        "Boris, you go to the study a lot": "TALK",
        "Вера, ты всегда ходишь в гараж": "TALK",
    }) == {}  # fmt: skip


def test_polite_requests_to_the_host_are_orders_ts_11() -> None:
    """«Не могли бы вы …», "Master, you …": the host is asked to carry an order out."""
    assert misread({
        "Не могли бы вы перевести меня в спальню": "M:Bedroom",
        "Не могли бы вы обыскать шкаф и верёвку?": "S:Rope,Wardrobe",
        "Мастер, вы переместите меня в гараж": "M:Garage",
    }) == {}  # fmt: skip


def test_a_place_without_a_verb_is_a_move_and_a_remark_after_it_talk_ts_11_ts_23() -> None:
    """«Мастер, я на кухню», "To the garage, it's quiet there": the place gone to is the move, the remark
    talk; where one is ("I am in the bathroom", «я в гараже») is told, not ordered."""
    assert misread({
        "Мастер, я на кухню": "M:Kitchen",
        "Я в кабинет": "M:Study",
        "To the garage, it's quiet there": "M:Garage ; TALK",
        "В спальню — устал": "M:Bedroom ; TALK",
        "I am in the bathroom": "TALK",
        "Я сейчас в гараже": "TALK",
    }) == {}  # fmt: skip


def test_setting_off_in_the_past_tense_is_a_move_what_was_done_is_talk_ts_11() -> None:
    """«Пошёл в …», «побежал в …» set off now; «я заходил в …» tells what was done."""
    assert (
        misread({"Побежал в гараж": "M:Garage", "Пошёл в кабинет": "M:Study", "Я заходил в гараж": "TALK"})
        == {}
    )


def test_days_and_hours_in_words_and_night_said_of_an_order_ts_11_ts_20() -> None:
    """TS-11 ruling: a day and an hour written in words; "night trap", "tonite"; an hour past the fourth
    or a day past the game's end (TS-25 ruling) is refused."""
    assert misread({
        "day three, hour two: go to the study": "M:Study@d3h2",
        "четвёртый день, второй час: иду в гараж": "M:Garage@d4h2",
        "Night move: kitchen": "M:Kitchen@d1n",
        "tonite go to the study": "M:Study@d1n",
        "hour six: go to the hall": "X",
        "Day 11: go to the garage": "X",
        "День 14: иду в кухню": "X",
    }) == {}  # fmt: skip


def test_a_numbered_room_is_asked_about_ts_11() -> None:
    """No room has a number: "room 7" is no Music Room."""
    assert misread({"go to room 7": "X", "иду в комнату 3": "X"}) == {}


def test_a_look_in_verb_with_two_cards_is_a_search_with_a_place_a_move_ts_19() -> None:
    """«Заглядываю в шкаф и под кресло», "peek under the sofa and behind the table": a search."""
    assert misread({
        "Peek under the sofa and behind the table": "S:Sofa,Table",
        "Заглядываю в шкаф и под кресло": "S:Armchair,Wardrobe",
        "Загляну в гараж": "M:Garage",
    }) == {}  # fmt: skip


def test_being_before_an_order_word_is_no_move_ts_19() -> None:
    """ "will be searching", «буду обыскивать»: the search, not being somewhere."""
    assert misread({
        "I will be searching the sofa and the rope": "S:Rope,Sofa",
        "Буду обыскивать шкаф и камин": "S:Fireplace,Wardrobe",
        "I'll be in the study": "M:Study",
    }) == {}  # fmt: skip


def test_a_trap_that_goes_to_its_target_and_possessives_in_a_cancel_ts_20() -> None:
    """ "my trap goes to Boris: …" is a trap; «отменяю свои ловушки» withdraws the traps."""
    assert misread({
        "My trap goes to Boris: study, table, rope": "T:Boris/Study/Table/Rope",
        "Trap goes on Carl - kitchen, sofa, knife": "T:Carl/Kitchen/Sofa/Knife",
        "Отменяю свои ловушки": "C:trap",
        "Отмените мой переход": "C:move",
    }) == {}  # fmt: skip


def test_the_lines_of_these_classes_stand_in_no_corpus() -> None:
    """The lines above are new lines of each class, not lines the corpora score."""
    import inspect
    import sys

    written = {
        line
        for language in ("en", "ru")
        for suffix in ("", "_second")
        for line, _ in corpus(language, suffix)
    }
    source = inspect.getsource(sys.modules[__name__])
    assert not [line for line in written if f'"{line}"' in source]


def test_a_short_order_word_one_letter_off_is_read_as_it_ts_11_ts_19() -> None:
    """«ищю», «идю»: a short Russian word the dictionary does not know, one letter from a common order
    word, is that word (the answer says how it was read); "look" needs a preposition or a card after it
    ("Boris looks tired" is talk)."""
    assert misread({
        "Ищю шкаф и камин": "S:Fireplace,Wardrobe",
        "идю в гараж": "M:Garage",
        "Boris looks tired": "TALK",
        "Look: sofa, knife": "S:Knife,Sofa",
    }) == {}  # fmt: skip
