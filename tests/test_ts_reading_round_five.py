"""Ten Sailors orders written in the ways the tenth held-out set showed, read by class (TS-4, TS-9, TS-11,
TS-20, TS-23 ruling): words typed without spaces, courtesy asking leave ("do you mind if I …"), questions
to the host of how a part of the game works or of the game's time, names listed with nothing else, the
marks of a list's items, clock times with the part of the day after them, and corrections written as
forums and chats write them (words struck out, a starred spelling, a swap said in the next sentence).

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

from test_ts_reading_round_three import misread, read

from referee.core.corrections import readings, swapped_later
from referee.games.ten_sailors.glued import unglued


def test_words_typed_without_spaces_are_read_as_the_words_they_were_ts_11() -> None:
    assert misread({
        "gotothegarage": "M:Garage",
        "searchsofaandpistol": "S:Sofa,Pistol",
        "идувгараж": "M:Garage",
        "ищудиванипистолет": "S:Sofa,Pistol",
    }) == {}  # fmt: skip


def test_a_long_word_of_its_own_is_never_cut() -> None:
    for word in ("Unbelievable", "conservatory", "подозрительно", "переживаю", "gentlemen", "Somewhere"):
        assert unglued(word) == word


def test_courtesy_asking_leave_wraps_the_order_it_asks_ts_11() -> None:
    assert misread({
        "Would you mind if I go to the garage?": "M:Garage",
        "Do you mind if I search the sofa and the pistol?": "S:Sofa,Pistol",
        "Is it alright if I move to the bedroom?": "M:Bedroom",
        "Ничего, если я пойду в гараж?": "M:Garage",
        "Вы не против, если я поищу диван и пистолет?": "S:Sofa,Pistol",
    }) == {}  # fmt: skip


def test_questions_to_the_host_of_how_the_game_works_or_of_its_time_are_help_and_status_ts_23() -> None:
    assert misread({
        "Could you remind me how traps work?": "HELP",
        "Tell me again how the search goes?": "HELP",
        "Help, what do I write to move?": "HELP",
        "Host, what game day is it?": "STATUS",
        "Ведущий, какой сейчас час?": "STATUS",
        "Помогите, как тут ставить ловушку?": "HELP",
        "Напомните, как работает обыск?": "HELP",
    }) == {}  # fmt: skip
    assert read("What time is it, Dora?") == "TALK"  # asked of a character: said to the room
    assert read("Дора, который час?") == "TALK"


def test_names_listed_with_nothing_else_are_asked_never_said_aloud_ts_23() -> None:
    for line in (
        "Garage, plus sofa and pistol.",
        "Гараж плюс диван с пистолетом.",
        "Sofa, pistol, then rope.",
    ):
        assert read(line) == "X", line


def test_the_marks_of_a_lists_items_on_one_line_are_set_aside_ts_11() -> None:
    assert misread({
        "a) go to the garage; b) search the sofa and the pistol": "M:Garage ; S:Sofa,Pistol",
        "а) иду в гараж; б) ищу диван и пистолет": "M:Garage ; S:Sofa,Pistol",
        "1) trap Boris: garage, car, petrol; 2) stay": "T:Boris/Garage/Car/Petrol ; STAY",
    }) == {}  # fmt: skip


def test_a_clock_time_with_the_part_of_the_day_after_it_is_one_time_ts_4() -> None:
    """TS-4: hour 3 is 15:00–17:50, hour 4 17:50–20:00."""
    assert misread({
        "At a quarter past four in the afternoon, go to the garage.": "M:Garage@d1h3",
        "Half past six in the evening: the bedroom.": "M:Bedroom@d1h4",
        "В половине пятого дня — в гараж.": "M:Garage@d1h3",
        "Без четверти семь вечера ищу диван и пистолет.": "S:Sofa,Pistol@d1h4",
    }) == {}  # fmt: skip


def test_corrections_written_as_forums_and_chats_write_them_read_the_right_order_ts_9() -> None:
    assert misread({
        "[s]Garage[/s] Study": "M:Study",
        "<del>Kitchen</del> Bedroom": "M:Bedroom",
        "~~Гараж~~ Спальня": "M:Bedroom",
        "Search: rope, pistl. *pistol": "S:Rope,Pistol",
        "Ищу: верёвку, пистлет. *пистолет": "S:Rope,Pistol",
        "Trap on Dora: garage, car, rope. Oops — petrol, not rope.": "T:Dora/Garage/Car/Petrol",
        "Ловушка на Зою: гараж, машина, верёвка. Ой, не верёвка — бензин.": "T:Зоя/Garage/Car/Petrol",
        "Not Carl — Boris. Trap: Boris, garage, car, petrol.": "T:Boris/Garage/Car/Petrol",
    }) == {}  # fmt: skip


def test_a_swap_naming_nothing_the_line_holds_changes_nothing() -> None:
    assert swapped_later("Move to the study. Sorry, not the kitchen — the garage.") is None
    assert swapped_later("Not Carl — Boris. I trust Dora.") is None
    assert (
        readings("Search the sofa and the rope. Oops — pistol, not rope.")[0]
        == "Search the sofa and the pistol."
    )


def test_thanks_staying_own_results_and_a_word_of_assent_before_an_order_are_read_ts_20_ts_23() -> None:
    assert misread({
        "Move to the garage. Much obliged.": "M:Garage",
        "Sitting tight this hour.": "STAY",
        "Has my trap caught anyone?": "STATUS",
        "Did my last search find anything?": "STATUS",
        "Ведущий, пришлите мои результаты, пожалуйста": "STATUS",
        "Напомните, куда я записалась на вечер?": "STATUS",
        "не, переход отменяю": "C:move",
        "ok, garage": "M:Garage",
    }) == {}  # fmt: skip
    assert read("No, I don't trust Boris.") == "TALK"


def test_russian_clock_words_and_tomorrows_night_name_their_time_ts_4() -> None:
    assert misread({
        "В два иду в гараж.": "M:Garage@d1h2",
        "в пять поищу диван и пистолет": "S:Sofa,Pistol@d1h3",
        "Ловушка на Бориса на завтрашнюю ночь: гараж, автомобиль, бензин": "T:Борис/Garage/Car/Petrol@d2n",
        "Trap Boris tomorrow's night: garage, car, petrol": "T:Boris/Garage/Car/Petrol@d2n",
    }) == {}  # fmt: skip
    assert read("Их в два раза больше, чем нас.") == "TALK"


def test_russian_in_latin_letters_with_a_soft_sign_is_read_ts_11() -> None:
    assert misread({"poisk: verevka, kamen'": "S:Rope,Stone", "idu v spal'nyu": "M:Bedroom"}) == {}


def test_corrections_opened_by_an_apology_or_by_setting_a_message_aside_read_the_right_order_ts_9() -> None:
    assert misread({
        "Пардон, перепутала: в гараж, а не в спальню.": "M:Garage",
        "Стоп, ошиблась. Ищу не диван, а пистолет и верёвку.": "S:Pistol,Rope",
        "My bad — go to the garage, not the study.": "M:Garage",
        "Ignore my previous message. Go to the bedroom.": "M:Bedroom",
        "Прошлое сообщение не считается. Иду в гараж.": "M:Garage",
        "Not the sofa — the pistol. So search for the rope and the pistol.": "S:Rope,Pistol",
        "I was wondering if I might go to the garage in hour 2?": "M:Garage@d1h2",
    }) == {}  # fmt: skip


def test_a_room_then_two_weapons_or_two_pieces_of_furniture_are_the_hours_move_and_search_ts_11() -> None:
    """TS-11: each hour a move and a search; a room, a piece of furniture and a weapon are a trap's three
    cards, so such a line is asked, never read as a move and a search."""
    assert misread({
        "Garage, plus pistol and rope.": "M:Garage ; S:Pistol,Rope",
        "спальня; нож+яд": "M:Bedroom ; S:Knife,Poison",
        "Study — sofa and wardrobe": "M:Study ; S:Sofa,Wardrobe",
    }) == {}  # fmt: skip
    assert read("Garage, sofa, pistol") == "X"


def test_several_orders_each_with_its_time_or_the_hours_own_read_apart_ts_11() -> None:
    """A first part with no time (the hour's own), then a part opened by its own time; an hour named by
    its number alone after one named in full; a plan's heading before the list."""
    assert misread({
        "I'll go to the garage now and in hour 3 to the study.": "M:Garage ; M:Study@d1h3",
        "Сейчас ищу диван и пистолет, а завтра с утра — шкаф и нож.": "S:Sofa,Pistol ; S:Wardrobe,Knife@d2h1",
        "Во второй час в гараж, в третий — в кабинет.": "M:Garage@d1h2 ; M:Study@d1h3",
        "Plan for today: Garage at 1pm, Study at 4pm.": "M:Garage@d1h2 ; M:Study@d1h3",
        "План на сегодня: в 13:00 гараж, в 16:00 кабинет.": "M:Garage@d1h2 ; M:Study@d1h3",
    }) == {}  # fmt: skip
    assert read("Search the pistol and the rope at 14:00.") == "S:Pistol,Rope@d1h2"


def test_a_long_in_character_post_keeps_its_orders_and_its_quoted_words_alone_ts_23() -> None:
    """A long post of several sentences: the story around its orders is scenery, never said aloud; only
    the words it quotes are said."""
    post = (
        "What a dreadful night it has been in this old house. The wind howled and nobody slept a wink. "
        "I shall go to the garage now, since nobody else seems to bother with it. "
        '"Good morning, everyone," I say as I pass the others.'
    )
    assert read(post, "Anna") == "M:Garage ; TALK"
    quiet = post.partition(' "')[0]  # the same post without the words in quotes
    assert read(quiet, "Anna") == "M:Garage"
    assert read("I shall search the sofa and the rope.") == "S:Rope,Sofa"  # never "Hall", never unsure
    assert read("Shall I search the sofa and the rope?") == "X"  # a choice weighed: asked


def test_cards_typed_without_vowels_or_cut_in_russian_are_read_and_words_of_their_own_never_ts_9() -> None:
    assert misread({
        "srch cndlstk, chndlr": "S:Candlestick,Chandelier",
        "ищу пстлт и врвк": "S:Pistol,Rope",
        "ищу подсв и алеб": "S:Candlestick,Halberd",
        "Произношу вслух: «Завтра иду в гараж»": "TALK",
        "Можно я схожу в гараж? Очень прошу": "M:Garage",
    }) == {}  # fmt: skip
    for talk in ("I heard footsteps last night near my door...", "I'm in a great mood today"):
        assert read(talk) == "TALK", talk


def test_a_long_post_with_a_doubtful_sentence_asks_it_and_says_none_of_its_story_ts_23() -> None:
    post = (
        "The rain will not stop and everyone is on edge tonight. The Study smells of old paper and the sofa "
        "creaks when you sit. I shall go to the garage now. Boris keeps staring at me over dinner."
    )
    read_as = read(post, "Anna").split(" ; ")
    assert "M:Garage" in read_as and "TALK" not in read_as


def test_a_greeting_to_the_host_staying_put_and_questions_of_ones_own_traps_are_read_ts_20_ts_23() -> None:
    assert misread({
        "Hi GM! Send me to the garage, please.": "M:Garage",
        "Привет, мастер! Иду в гараж.": "M:Garage",
        "I'll stay put this time.": "STAY",
        "Any results from my last search yet?": "STATUS",
        "Какие у меня ловушки на эту ночь?": "STATUS",
        "Что вообще можно делать ночью?": "HELP",
    }) == {}  # fmt: skip
    assert read("Hi all! I'm going to the garage.").startswith("TALK")  # a greeting to the room is said
