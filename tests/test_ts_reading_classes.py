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
        for suffix in ("", "_second", "_third")
        for line, _ in corpus(language, suffix)
    }
    source = inspect.getsource(sys.modules[__name__])
    assert not [line for line in written if f'"{line}":' in source]


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


def test_a_plan_left_open_is_asked_back_never_read_nor_said_aloud_ts_23() -> None:
    """TS-23 ruling (never a plan said aloud): a hedge before the order word, a choice between places or
    orders, "not sure", a place named by another, one's own move denied beside a place: the writer has not
    settled the plan, so it is asked back with the likeliest reading."""
    assert misread({
        "Perhaps I'll look in the sofa and the rope": "X",
        "Возможно, пойду в гостиную": "X",
        "Should I set a trap on Boris: garage, car, petrol?": "X",
        "Study or bathroom, I can't decide": "X",
        "Ванная или кухня — пока не знаю": "X",
        "Move me to the room beside the garage": "X",
        "Иду в комнату напротив кабинета": "X",
        "I won't go to the study": "X",
        "Не пойду в кухню сегодня": "X",
    }) == {}  # fmt: skip


def test_withdrawing_an_order_in_other_words_ts_11() -> None:
    """TS-11 ruling: "scratch", "call off", «отозвать», «убрать» withdraw an order like "cancel"."""
    assert misread({
        "Scratch my trap": "C:trap",
        "Please call off the search": "C:search",
        "Отзываю свой переход": "C:move",
        "Уберите мою ловушку": "C:trap",
    }) == {}  # fmt: skip


def test_help_and_status_asked_as_a_question_or_a_request_ts_9() -> None:
    """TS-9: asking for the help, or about one's own cards or place, in any words, is HELP or STATUS."""
    assert misread({
        "Could you remind me of the help?": "HELP",
        "Which cards do I have?": "STATUS",
        "Где я нахожусь?": "STATUS",
        "Напомните мои карты, пожалуйста": "STATUS",
        "Can anyone help me?": "TALK",
    }) == {}  # fmt: skip


def test_a_remark_after_an_order_is_talk_though_it_names_a_card_ts_23() -> None:
    """TS-23 ruling (talk beside orders): after an order, a remark that tells another's doing, a need or a
    belief is talk even when it names a card or a character; why the order is given («чтобы …») and how
    ("whistling") go with it."""
    assert misread({
        "Search the knife and the rope — Dora swears it's one of them": "S:Knife,Rope ; TALK",
        "Обыскиваю стол и верёвку, Вера точно что-то прячет": "S:Rope,Table ; TALK",
        "Иду в гараж, надо бы проверить машину": "M:Garage ; TALK",
        "Heading to the garage, whistling": "M:Garage",
        "Перехожу в кабинет, чтобы ночью быть рядом": "M:Study",
    }) == {}  # fmt: skip


def test_a_clock_time_with_its_part_of_the_day_ts_4_ts_11() -> None:
    """TS-4, TS-11 ruling: "this evening at 6", «в 4 часа дня» are 18:00 and 16:00; "for the night" is
    tonight; «к концу часа» is the hour now open."""
    assert misread({
        "This evening at 6 go to the hall": "M:Hall@d1h4",
        "в 4 часа дня обыскиваю шкаф и нож": "S:Knife,Wardrobe@d1h3",
        "For the night, set a trap on Carl: study, table, rope": "T:Carl/Study/Table/Rope@d1n",
        "К концу часа перейду в гараж": "M:Garage",
    }) == {}  # fmt: skip


def test_what_another_did_said_or_where_they_sit_is_talk_ts_23() -> None:
    """TS-23 ruling: another's doing told in the past ("told me he'd go …", «говорил, что обыщет …»), or
    where another sits, is conversation."""
    assert misread({
        "Boris told me he'd go to the garage": "TALK",
        "Дмитрий говорил, что обыщет шкаф": "TALK",
        "Carl stays in the study all morning": "TALK",
        "Зоя сидит в гараже с самого утра": "TALK",
    }) == {}  # fmt: skip


def test_a_meeting_proposed_at_a_place_is_asked_about_ts_23() -> None:
    """TS-23 ruling: "let's meet in …" takes the writer there too: a plan, asked about, not said aloud."""
    assert misread({
        "Let's meet in the garage tonight": "X",
        "Давайте соберёмся в столовой после ужина": "X",
        "Let's all head to the study together": "TALK",
    }) == {}  # fmt: skip


def test_spending_a_time_somewhere_is_the_move_that_takes_effect_by_then_ts_11_ts_22() -> None:
    """TS-11 ruling, TS-22: "spend the evening in …", «вечером хочу быть в …»: there by then."""
    assert misread({
        "I'll spend the evening in the music room": "M:Music Room@d1h3",
        "Вечером хочу быть в ванной": "M:Bathroom@d1h3",
    }) == {}  # fmt: skip


def test_a_word_several_places_share_is_asked_about_and_a_place_beside_two_cards_says_where_ts_12() -> None:
    """TS-12: «зал», "a room" could be several places: asked; "the bathroom sink", «кухонную раковину»
    in a search say where the card is; «ишу» is «ищу» by the letter that sounds alike."""
    assert misread({
        "Go to a room": "X",
        "Пойду в зал": "X",
        "Search the bathroom sink and the rope": "S:Rope,Sink",
        "Осматриваю кухонную раковину и нож": "S:Knife,Sink",
        "Ишу нож и стол": "S:Knife,Table",
    }) == {}  # fmt: skip


def test_the_morning_after_a_trap_on_the_same_line_is_ten_oclock_ts_22() -> None:
    """TS-22: after a trap (an order of the night) on the same line, even in another sentence, "the
    morning" is the 10:00 that ends the night: the move is the night's."""
    assert misread({
        "Tonight trap Egor: kitchen, sink, knife. In the morning go to the study.": (
            "T:Egor/Kitchen/Sink/Knife@d1n ; M:Study@d1n"
        ),
        "Ловушка на Зою: гараж, машина, бензин. Утром перехожу в столовую.": (
            "T:Зоя/Garage/Car/Petrol ; M:Dining Room@d1n"
        ),
    }) == {}  # fmt: skip


def test_forgetting_an_order_withdraws_it_and_instead_changes_nothing_ts_11() -> None:
    """TS-11 ruling: "forget the search", «забудьте про поиск» withdraw it; "instead" adds nothing."""
    assert misread({
        "Forget the search, go to the study instead": "C:search ; M:Study",
        "Забудьте про поиск, иду в кабинет": "C:search ; M:Study",
        "Forget my trap": "C:trap",
    }) == {}  # fmt: skip


def test_a_destination_beside_other_words_is_a_move_and_talk_to_a_character_is_talk_ts_11_ts_23() -> None:
    """TS-11, TS-23 ruling: one place named as where one goes (a preposition of motion, «в» with the
    accusative), among words that are no order nor conversation («Ну что, в гараж!»), is the move (issue
    37: read by the direction, not the verb); a line said to another character by name is talk."""
    assert misread({
        "Ну что, в гараж!": "M:Garage",
        "Well then, to the garage!": "M:Garage",
        "Boris, meet me in the garage at 3": "TALK",
        "Глеб, жду тебя в кухне": "TALK",
    }) == {}  # fmt: skip


def test_verbs_of_glancing_search_and_getting_somewhere_moves_ts_11_ts_19() -> None:
    """TS-11, TS-19: «гляну под …», "glance at …" search; "get to the …" moves."""
    assert misread({
        "Гляну под диван и в шкаф": "S:Sofa,Wardrobe",
        "Glancing at the table and the rope": "S:Rope,Table",
        "Need to get to the study asap": "M:Study",
    }) == {}  # fmt: skip


def test_a_wish_in_the_conditional_and_a_purpose_go_with_the_order_ts_11_ts_23() -> None:
    """TS-11, TS-23 ruling: «я бы сходил …» is a wish, the writer's order, not what was done; "to check
    things out" after a move says why; "Dear host" only wraps the order."""
    assert misread({
        "Я бы сходил в гараж": "M:Garage",
        "Я бы обыскала шкаф и нож": "S:Knife,Wardrobe",
        "Я ходил в гараж": "TALK",
        "Going to the kitchen to check things out": "M:Kitchen",
        "Dear host, please move Anna to the study": "M:Study",
    }) == {}  # fmt: skip


def test_a_trap_spread_over_short_sentences_and_a_place_with_pls_ts_20_ts_12() -> None:
    """TS-20: a trap word, then its target and cards one sentence each, is one trap; TS-12: "pls" after a
    place changes nothing."""
    assert misread({
        "Trap: Fedor. Study. Table. Rope.": "T:Fedor/Study/Table/Rope",
        "Ловушка на Глеба. Кухня. Диван. Нож.": "T:Глеб/Kitchen/Sofa/Knife",
        "kitchen pls": "M:Kitchen",
    }) == {}  # fmt: skip
