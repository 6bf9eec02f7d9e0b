"""Ten Sailors orders written in the ways a fifth held-out corpus showed, read by class (TS-11, TS-19,
TS-20, TS-22, TS-23 ruling): a cancel written after what it cancels, the writer kept where they are said
another way, a condition after an order, quarters of an hour and "2ч", and the last guard: a line naming
a room, a card or a character beside anything of an order is asked back, never said aloud.

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

from test_ts_order_corpus import NAMES, NOW, normalised, reading

from referee.games.ten_sailors.parse import parse_text


def read(line: str, own: str | None = None) -> str:
    language = "ru" if any("а" <= letter.lower() <= "я" for letter in line) else "en"
    return " ; ".join(reading(item) for item in parse_text(line, NAMES[language], NOW, own))


def misread(lines: dict[str, str], own: str | None = None) -> dict[str, str]:
    """The lines of ``lines`` read otherwise than expected, each with what was read."""
    return {
        line: read(line, own) for line, expected in lines.items() if read(line, own) != normalised(expected)
    }


def test_a_cancel_written_after_what_it_cancels_ts_20() -> None:
    """The cancel last («Старый переход отменяю», "… — cancel that"), a qualifier between it and what it
    cancels («отменяю вчерашний поиск»), or opened another way ("Forget my trap")."""
    assert misread({
        "Сегодняшнюю ловушку снимаю.": "C:trap@d1n",
        "Мой прежний переход — отбой.": "C:move",
        "Передумал обыскивать, отмена": "C:search",
        "отменяю вчерашний поиск": "C:search",
        "Forget my trap for tonight.": "C:trap@d1n",
        "I changed my mind about the search - cancel it": "C:search",
        "cancel my earlier move": "C:move",
        "Ищу нож и диван, переход отменяю": "S:Knife,Sofa ; C:move",
    }) == {}  # fmt: skip


def test_the_writer_kept_where_they_are_said_another_way_ts_16() -> None:
    """ "Keep me here", "don't move me", «не трогайте меня», "stay in this room": a stay; "this room" is
    never the room whose name ends in "Room"."""
    assert misread({
        "Please keep me where I am.": "STAY",
        "Don't move me this hour": "STAY",
        "Не трогайте меня, пожалуйста": "STAY",
        "Оставьте меня на месте": "STAY",
        "I'd like to stay in this room": "STAY",
        "Хочу остаться в этой же комнате": "STAY",
    }) == {}  # fmt: skip


def test_a_condition_or_reason_after_an_order_goes_with_it_ts_23() -> None:
    """ "…, if there's room", "…, just in case", «…, если вы не против», «…, будто за водой»: no talk."""
    assert misread({
        "Move me to the garage, if there is still room.": "M:Garage",
        "Search the sofa and the knife, just in case": "S:Knife,Sofa",
        "Иду в спальню, если вы не против": "M:Bedroom",
        "Перехожу в ванную, будто бы за водой": "M:Bathroom",
        "Ищу верёвку и бензин, на всякий случай": "S:Petrol,Rope",
    }) == {}  # fmt: skip


def test_quarters_of_an_hour_and_hours_written_short_ts_4() -> None:
    """A quarter past or to an hour, in both languages, and "2ч"/"3h" for the game's hours."""
    assert misread({
        "At a quarter past one, move to the study": "M:Study@d1h2",
        "quarter to five: garage": "M:Garage@d1h3",
        "В четверть третьего иду в гараж": "M:Garage@d1h2",
        "Без четверти шесть перехожу в кухню": "M:Kitchen@d1h3",
        "3ч — гараж": "M:Garage@d1h3",
        "4h study": "M:Study@d1h4",
    }) == {}  # fmt: skip


def test_a_plan_not_read_is_asked_back_never_said_aloud_ts_23() -> None:
    """What names a room or a card beside an order word or a time, and is not said to or of another, is
    asked back (X); the writer's own character as its doer is their own plan, whatever comes first."""
    assert misread({
        "Would it be possible for me to poke around the Sofa and the Rope this hour?": "S:Rope,Sofa",
        "Weary of the hall, Anna wanders off toward the kitchen.": "M:Kitchen",
    }, own="Anna") == {}  # fmt: skip
    assert misread({
        "Устав от болтовни, Анна ускользает в гараж.": "M:Garage",
    }, own="Анна") == {}  # fmt: skip


def test_talk_that_names_things_stays_talk_when_said_to_or_of_others_ts_23() -> None:
    """What was done ("I went to …"), what others are bidden ("Don't go to …", «Не ходите …»), a meeting
    of all («Увидимся в холле в 10»), another's doing, and a need told after an order stay talk."""
    assert misread({
        "I went to the garage earlier, nothing there": "TALK",
        "Don't go into the kitchen, trust me": "TALK",
        "Не заходите в кабинет, там ловушка": "TALK",
        "Встретимся в гостиной в 13:00": "TALK",
        "Иду в гараж, надо проверить машину.": "M:Garage ; TALK",
    }) == {}  # fmt: skip
    assert read("Boris is going to the study at two, he said so", own="Anna") in ("TALK", "X")


def test_questions_of_ones_own_state_and_of_how_to_play_ts_9() -> None:
    """ "Remind me …", "could you tell me where I am", «мой поиск засчитан?» ask for one's state; "what
    orders can I give?", "what am I supposed to write", «как тут что делать?» ask for the help."""
    assert misread({
        "Remind me what cards I have?": "STATUS",
        "Could you tell me where I am now?": "STATUS",
        "Мой поиск засчитан?": "STATUS",
        "What orders may I give?": "HELP",
        "What am I supposed to write to move?": "HELP",
        "Как тут что делать, подскажите?": "HELP",
    }) == {}  # fmt: skip


def test_chat_abbreviations_of_order_words_ts_11() -> None:
    """ "mv", "srch" and "+" as people type them in a hurry."""
    assert misread({"mv garage": "M:Garage", "srch sink + rope": "S:Rope,Sink"}) == {}


def test_a_whole_trap_written_freely_is_read_when_anything_says_it_is_one_ts_20() -> None:
    """A character and a room, a piece of furniture and a weapon, with the night, a word of a trap in any
    form, or the character aimed at: a trap. With none of these, or told as gossip, it is asked back."""
    assert misread({
        "Booby-trap Egor: Bathroom, Sink, Knife.": "T:Egor/Bathroom/Sink/Knife",
        "Against Ivan: Kitchen, Sofa, Rope.": "T:Ivan/Kitchen/Sofa/Rope",
        "Tonight Carl - Garage - Car - Petrol": "T:Carl/Garage/Car/Petrol",
        "Заминировать Глеба: кухня, раковина, нож.": "T:Глеб/Kitchen/Sink/Knife",
        "Верёвка, диван, гостиная — на Зою.": "T:Зоя/Living Room/Sofa/Rope",
        "Подстеречь Игоря в гараже у машины с бензином.": "T:Игорь/Garage/Car/Petrol",
        "Could I set a trap for Hanna tonight? Garage, car, petrol.": "T:Hanna/Garage/Car/Petrol",
        "Boris kitchen sofa knife": "X",
        "Boris did it in the kitchen with the knife by the sofa, I bet.": "X",
    }, own="Anna") == {}  # fmt: skip


def test_the_writers_own_character_narrated_with_scenery_around_ts_9_ts_11_ts_17() -> None:
    """The writer's own character as the doer, with scenery before, between or after: one room gone to is
    a move (the room left, and a card carried, are scenery), two cards a search, a stay a stay."""
    assert misread({
        "Shaking off the rain, Anna hurries to the garage with the rope in hand.": "M:Garage",
        "Bored of the kitchen, Anna wanders over to the study.": "M:Study",
        "Anna kneels by the sofa, then pokes at the rope under it.": "S:Rope,Sofa",
        "Anna isn't leaving anywhere this hour.": "STAY",
    }, own="Anna") == {}  # fmt: skip
    assert misread({
        "Оглянувшись на Игоря, Анна проскальзывает в кабинет.": "M:Study",
        "Анна с ножом в руке крадётся в гараж.": "M:Garage",
        "Анна шарит в комнате в поисках бензина и верёвки.": "S:Petrol,Rope",
        "Анна сегодня никуда не пойдёт.": "STAY",
    }, own="Анна") == {}  # fmt: skip


def test_narration_of_another_character_is_never_the_writers_order_ts_23() -> None:
    """The same scenes with another character as the doer are told of them: never the writer's order."""
    for line in (
        "Bored of the kitchen, Boris wanders over to the study.",
        "Boris kneels by the sofa, then pokes at the rope under it.",
    ):
        assert read(line, own="Anna") in ("TALK", "X"), line
    assert read("Оглянувшись на Анну, Игорь проскальзывает в кабинет.", own="Анна") in ("TALK", "X")


def test_talk_said_to_or_of_others_stays_talk_even_naming_a_plan_ts_23() -> None:
    """A line to another by name ("Gleb, …"), of someone else ("Someone should …", «Пусть кто-нибудь …»),
    or of what all might do («… разожжём?») is conversation; with the writer in it, it is asked back."""
    assert misread({
        "Hanna, search the sink tonight, the rope must be there.": "TALK",
        "Somebody ought to check the car, it smells of petrol.": "TALK",
        "Пусть кто-нибудь осмотрит люстру.": "TALK",
        "Может, в гостиной камин затопим?": "TALK",
        "Let's all go to the garage at noon.": "X",
        "Gleb looked really pale near the fireplace.": "TALK",
        "Кухня или гараж, ещё не решила.": "X",
        "Hanna, I'll search the sink tonight.": "X",
    }, own="Anna") == {}  # fmt: skip


def test_a_question_of_how_to_play_after_a_few_words_is_the_help_ts_9() -> None:
    """ "Sorry, new here - how am I supposed to …?", «Я тут новенькая, как написать …?»: the help."""
    assert misread({
        "Sorry, new here - how am I supposed to write a trap?": "HELP",
        "Я тут новенькая, как написать ловушку?": "HELP",
    }) == {}  # fmt: skip


def test_two_cards_with_a_verb_no_list_knows_are_asked_back_never_said_aloud_ts_23() -> None:
    """ "Rummage for the knife and the rope", whatever the verb: the shape of a search, never said aloud."""
    for line in ("Snoop around for the knife and the rope.", "Ferret out the sofa and the stone."):
        assert read(line, own="Anna") in ("S:Knife,Rope", "S:Sofa,Stone", "X"), line


def test_a_remark_beside_a_move_is_talk_never_a_second_order_ts_16_ts_23() -> None:
    """«Перехожу в гараж — надоело тут сидеть»: the move; "sitting here" in the remark is no stay of the
    same hour (two orders of one hour that undo each other)."""
    assert misread({
        "Перехожу в гараж — надоело тут сидеть": "M:Garage ; TALK",
        "Heading to the kitchen, tired of sitting here": "M:Kitchen ; TALK",
        "Ищу диван и нож, авось повезёт": "S:Knife,Sofa ; TALK",
    }, own="Anna") == {}  # fmt: skip


def test_the_writers_character_setting_a_trap_in_a_scene_is_the_trap_ts_20() -> None:
    """The writer's own character as the doer of a trap amid scenery: the other character is its target."""
    assert misread({
        "After dark, Anna rigs a trap for Gleb - kitchen, sink, knife.": "T:Gleb/Kitchen/Sink/Knife",
    }, own="Anna") == {}  # fmt: skip
    assert misread({
        "Под покровом ночи Анна готовит ловушку на Глеба: кухня, раковина, нож.": "T:Глеб/Kitchen/Sink/Knife",
    }, own="Анна") == {}  # fmt: skip


def test_questions_of_how_an_order_works_and_where_one_is_ts_9() -> None:
    """ "How does searching work?", «Как работает поиск?», "rules for traps": the help; "Which room am I
    in?", «В какой я комнате?»: one's state."""
    assert misread({
        "How do traps work?": "HELP",
        "What are the rules for searching?": "HELP",
        "Как работают ловушки?": "HELP",
        "Напомните правила поиска": "HELP",
        "Which room am I in?": "STATUS",
        "В какой я сейчас комнате?": "STATUS",
    }) == {}  # fmt: skip


def test_a_move_denied_after_a_change_of_mind_withdraws_it_ts_11() -> None:
    """ "Actually, don't move me to the garage", «Передумала, в гараж не пойду», "Never mind the kitchen":
    the move is withdrawn. A move denied with no change of mind may tell a plan: asked. Said to others,
    or under "if", it is no withdrawal."""
    assert misread({
        "Actually, don't move me to the kitchen.": "C:move",
        "I won't go to the study after all": "C:move",
        "Передумал, в кабинет не пойду.": "C:move",
        "Never mind the bedroom.": "C:move",
        "Remove my trap for tonight.": "C:trap",
        "I'm not going to the study.": "X",
        "Не ходите в кабинет, это ловушка": "TALK",
        "Если не сложно, переведите меня в кабинет.": "M:Study",
    }, own="Anna") == {}  # fmt: skip


def test_two_orders_each_with_its_time_after_it_ts_12() -> None:
    """ "Move to the garage at 1pm and to the study at 4pm": each move at its own time, the first one's
    time never lost to the second; a time after a comma still starts the next order."""
    assert misread({
        "Go to the bedroom at 1pm and to the garage at 4pm.": "M:Bedroom@d1h2 ; M:Garage@d1h3",
        "Search the sofa and the rope at 13:00, then the knife and the sink at 16:00.":
            "S:Rope,Sofa@d1h2 ; S:Knife,Sink@d1h3",
        "Иду в спальню в 13:00, потом в гараж в 16:00": "M:Bedroom@d1h2 ; M:Garage@d1h3",
        "в 13:00 иду в спальню, в 16:00 в гараж": "M:Bedroom@d1h2 ; M:Garage@d1h3",
    }, own="Anna") == {}  # fmt: skip


def test_clock_hours_in_words_ts_4() -> None:
    """«в два часа», «часа в четыре», "at four o'clock": the clock on a game day (16:00 is hour 3); a
    time said twice in one order («послезавтра во второй половине дня, часа в четыре») is one time."""
    assert misread({
        "Анна в два часа пойдёт на кухню.": "M:Kitchen@d1h2",
        "Часа в четыре иду в гараж": "M:Garage@d1h3",
        "At four o'clock, move me to the study": "M:Study@d1h3",
        "Завтра после обеда, часа в три, — поиск: нож и диван": "S:Knife,Sofa@d2h3",
    }, own="Анна") == {}  # fmt: skip


def test_places_each_with_its_time_after_it_ts_12() -> None:
    """ "Kitchen now, garage in hour 2", «Сейчас в гараж, в третий час — в кабинет»: each place the move for
    its time; a place and "now" told of someone is still talk."""
    assert misread({
        "Study now, then the garage in hour 3.": "M:Study ; M:Garage@d1h3",
        "bedroom at 1pm, kitchen at 4pm": "M:Bedroom@d1h2 ; M:Kitchen@d1h3",
        "Сейчас в кабинет, во 2-й час — в гараж.": "M:Study ; M:Garage@d1h2",
        "Boris is in the garage now": "TALK",
    }, own="Anna") == {}  # fmt: skip
