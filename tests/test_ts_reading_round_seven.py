"""Ten Sailors orders written in the ways the fifteenth held-out set showed, read by class (TS-4, TS-11,
TS-23 ruling): a time as minutes to or past an hour, a diminutive of a part of the day, tomorrow's morning
named by its adjective; what a cancel takes back written before its verb, and more verbs of clearing
orders; a condition of courtesy before a polite question; a sentence after a question or an exclamation
that starts in lower case; a clipped word for help.

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

from test_ts_reading_round_six import _misread_by_own


def test_minutes_to_or_past_an_hour_and_diminutive_parts_of_the_day_are_times_ts_4_ts_11() -> None:
    """ "Ten to six" is 17:50, the start of hour 4; «без пяти три» 14:55, hour 2; «вечерком» the evening
    hour; «на завтрашнее утро» tomorrow's first hour."""
    assert _misread_by_own({
        "at ten to six I'm off to the kitchen": "M:Kitchen@d1h4",
        "twenty past three: search the rope and the sofa": "S:Rope,Sofa@d1h3",
        "go to the garage at 5 to 6": "M:Garage@d1h4",
        "без пяти три иду в кабинет": "M:Study@d1h2",
        "без десяти шесть перейду в гостиную": "M:Living Room@d1h4",
        "вечерком загляну в ванную": "M:Bathroom@d1h4",
        "Утречком завтра иду в гараж": "M:Garage@d2h1",
        "Поиск на завтрашнее утро отмените": "C:search@d2h1",
        "Переход на завтрашнее утро: спальня": "M:Bedroom@d2h1",
    }) == {}  # fmt: skip


def test_what_a_cancel_takes_back_may_come_before_its_verb_ts_11() -> None:
    """«Всё отменить», «поиск отменяю»: the thing taken back first, then the verb; "clear", "reset" and
    «сбросить» clear orders as "cancel" does; everyone bidden to go stays talk."""
    assert _misread_by_own({
        "Всё отменить!!!": "C:all",
        "всё отменяю": "C:all",
        "Поиск отменяю": "C:search",
        "Переход отменяю, остаюсь": "C:move ; STAY",
        "Clear all my pending orders, I'm starting over": "C:all",
        "Reset everything": "C:all",
        "Мастер, сбросьте все мои заявки, начну заново": "C:all",
        "Все идите в кухню": "TALK",
    }) == {}  # fmt: skip


def test_courtesy_before_a_polite_question_and_thanks_after_it_leave_the_order_ts_23() -> None:
    """A condition of courtesy before a question asking for an order ("it would be lovely if I could",
    «было бы здорово»), and thanks in lower case after its question mark, are no part of it; what it
    would be lovely for others to do is talk; a cry for help in the story is talk, "хелп" is HELP."""
    assert _misread_by_own({
        "If it's not too much trouble, could Anna go to the Music Room?": "M:Music Room",
        "Good morning GM! If you don't mind, could I search the rope and the sofa?": "S:Rope,Sofa",
        "Если не трудно, можно мне в кухню?": "M:Kitchen",
        "Could I search for poison and the sink? thank you": "S:Poison,Sink",
        "Would it be possible for me to search the knife and the sink? ty": "S:Knife,Sink",
        "Мастер, можно мне в кухню? спасибо": "M:Kitchen",
        "Было бы здорово остаться тут ещё на часик, можно?": "STAY",
        "It would be lovely if I could go to the Study": "M:Study",
        "Было бы здорово, если бы все пошли в кухню": "TALK",
        "Поразнюхаю насчёт алебарды и кресла": "S:Armchair,Halberd",
        "хелп": "HELP",
        "помогите, меня убивают!": "TALK",
    }) == {}  # fmt: skip


def test_a_line_marked_say_is_said_whole_and_a_trap_keeps_to_the_night_ts_20_ts_23() -> None:
    """ "SAY:" / «СКАЗАТЬ:» at a line's start makes every sentence after it one line of talk, whatever it
    names; a daytime stated for the move before a trap is not the trap's (traps are set at night), and
    the orders after the trap keep it; a time after a move's room with nothing more of it adds no talk."""
    assert _misread_by_own({
        "SAY: search the sofa and the knife? No thank you, I'd rather search my conscience.": "TALK",
        "СКАЗАТЬ: всем привет. Кто идёт в кухню?": "TALK",
        "Go to the Dining Room this evening, and set a trap for Gleb: Dining Room, Table, Knife":
            "M:Dining Room@d1h4 ; T:Gleb/Dining Room/Table/Knife",
        "at 2pm go to the study, trap Gleb with Dining Room, Table, Knife and search the rope and the sofa":
            "M:Study@d1h2 ; T:Gleb/Dining Room/Table/Knife ; S:Rope,Sofa@d1h2",
        "Вечером иду в кабинет и ставлю ловушку на Глеба: столовая, стол, нож":
            "M:Study@d1h4 ; T:Глеб/Dining Room/Table/Knife",
        "trap Gleb at 2pm: Dining Room, Table, Knife": "X",
    }) == {}  # fmt: skip
