"""Ten Sailors lines written in the ways the seventeenth held-out set showed, read by class (TS-11, TS-20,
TS-23 ruling): the writer's own character named in a story with nothing planned is talk; a trap set "on
him" («на него») after a sentence naming one character and the three cards is that character's trap; the
story of staying somewhere before the move of a post is no stay; what "will help" is no call for the help;
one's planned orders asked to be recalled are the status.

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

from test_ts_order_corpus import NAMES, NOW, reading
from test_ts_reading_round_six import _misread_by_own

from referee.games.ten_sailors.parse import parse_text


def test_the_writers_own_character_named_with_nothing_planned_is_talk_ts_23() -> None:
    """ "Anna rubs her tired eyes", «Анна поправляет шаль и вздыхает»: the writer's character, no room, no
    card, no order word: talk, never a question about a trap on herself; naming a room so is still asked."""
    assert _misread_by_own({
        "Anna rubs her tired eyes and sighs.": "TALK",
        "Anna is sick of all the whispering.": "TALK",
        "Анна поправляет шаль и вздыхает.": "TALK",
        "Анне надоели эти перешёптывания.": "TALK",
        "Anna heads off.": "X",
    }) == {}  # fmt: skip


def test_a_trap_on_him_after_one_character_and_the_cards_is_that_characters_trap_ts_20() -> None:
    """«Игорь явно орудовал ножом на кухне у раковины. Ловушка на него.»: the trap for the one character
    the sentences before named, with their cards; two characters named before leave it asked back."""
    assert _misread_by_own({
        "I'm sure Hanna did it with the rope by the bathroom sink. Trap on her tonight.":
            "T:Hanna/Bathroom/Sink/Rope",
        "Carl keeps hanging around the Study armchair with a pistol. Tonight a trap for him.":
            "T:Carl/Study/Armchair/Pistol",
        "Игорь явно орудовал ножом на кухне у раковины. Ловушка на него.": "T:Игорь/Kitchen/Sink/Knife",
        "Зоя что-то прятала в гараже за машиной, а в руке у неё был камень. Ставлю на неё ловушку.":
            "T:Зоя/Garage/Car/Stone",
        "Игорь и Зоя были на кухне с ножом у раковины. Ловушка на него.": "X",
    }) == {}  # fmt: skip


def test_a_trap_on_him_shows_the_words_as_written_ts_20() -> None:
    """The order is shown to its writer as they wrote it, never with the name put in its place."""
    line = "Игорь явно орудовал ножом на кухне у раковины. Ловушка на него."
    (order,) = parse_text(line, NAMES["ru"], NOW, "Анна")
    assert reading(order) == "T:Игорь/Kitchen/Sink/Knife@d1n" and order.line == line


def test_staying_told_before_the_move_of_a_post_is_no_stay_ts_11() -> None:
    """«Анна постояла на лестнице. Потом она спустилась в гараж.»: the move; the stay of its story is left
    out, and a stay alone is still a stay."""
    assert _misread_by_own({
        "Anna stays by the fire for a while. Then she heads for the Garage.": "M:Garage",
        "Анна ещё немного постояла на лестнице, прислушиваясь. Потом она спустилась в гараж.": "M:Garage",
        "I'm staying here this hour.": "STAY",
    }) == {}  # fmt: skip


def test_what_will_help_is_no_call_for_the_help_and_how_to_play_is_ts_11() -> None:
    """ "Perhaps a walk will help me", «Может, чай поможет»: told, talk; "can you help me?", «?? как тут
    обыскивать»: the help (a line of question marks before it says nothing of its own)."""
    assert _misread_by_own({
        "Perhaps a walk will help me calm down.": "TALK",
        "Может, чай мне поможет успокоиться.": "TALK",
        "Can you help me with the orders?": "HELP",
        "?? how to trap": "HELP",
        "?? как тут обыскивать": "HELP",
    }) == {}  # fmt: skip


def test_ones_planned_orders_asked_to_be_recalled_are_the_status_ts_11() -> None:
    """ "Remind me what's scheduled for me", «Напомните, что у меня запланировано»: the status."""
    assert _misread_by_own({
        "Remind me what's scheduled for me tonight": "STATUS",
        "Can you remind me what I have pending?": "STATUS",
        "Напомните, что у меня запланировано": "STATUS",
    }) == {}  # fmt: skip


def test_a_trap_on_the_writers_own_character_is_refused_in_the_corpora_notation_ts_20() -> None:
    """The corpora expect a trap on oneself refused: the rules refuse it as it arrives (``trap_self``)."""
    (order,) = parse_text("Trap Anna: Kitchen, Sofa, Knife", NAMES["en"], NOW, "Anna")
    assert reading(order, "Anna") == "X" and reading(order, "Boris") != "X"


def test_what_a_search_found_told_is_talk_and_the_noun_of_an_order_still_orders_ts_23() -> None:
    """ "My last search came back empty", «Мой вчерашний поиск ничего не дал»: told, talk; "My search:
    sofa and knife" is still the search."""
    assert _misread_by_own({
        "My last search came back empty.": "TALK",
        "Two searches of the wardrobe and nothing.": "TALK",
        "Мой вчерашний поиск ничего не дал": "TALK",
        "Обыск в кабинете показал, что стол пуст": "TALK",
        "My search: sofa and knife.": "S:Sofa,Knife",
        "Поиск: шкаф и верёвка": "S:Wardrobe,Rope",
    }) == {}  # fmt: skip


def test_corrections_that_name_the_old_order_and_put_the_new_in_its_place_ts_11() -> None:
    """ "Ignore my last move, make it the Study", "I typed Kitchen but meant Garage: …", «Отменяю
    предыдущий приказ: иду в гараж», «… передумала и вместо гаража пошла на кухню»: the new order alone;
    forgetting one kind of order beside another kind still withdraws it."""
    assert _misread_by_own({
        "Ignore my last move, make it the Study.": "M:Study",
        "I typed Kitchen but meant Garage: move to the Garage": "M:Garage",
        "Cancel my previous order, go to the Bathroom": "M:Bathroom",
        "Отменяю предыдущий приказ: иду в гараж": "M:Garage",
        "Написала Глеба, а имела в виду Зою: ловушка на Зою, кухня, раковина, нож":
            "T:Зоя/Kitchen/Sink/Knife",
        "Анна передумала и вместо гаража пошла на кухню": "M:Kitchen",
        "Forget the search, go to the study instead": "C:search ; M:Study",
    }) == {}  # fmt: skip


def test_an_everyday_form_of_the_writers_name_narrates_her_own_move_ts_11() -> None:
    """«Аннушка поднялась в кабинет»: the writer's character by an everyday form of her name, her move."""
    assert _misread_by_own({
        "Аннушка поднялась в кабинет.": "M:Study",
        "Анюта спустилась в гараж": "M:Garage",
    }) == {}  # fmt: skip


def test_numbered_orders_furniture_beside_and_letters_for_orders_ts_11_ts_20() -> None:
    """ "Trap #1: …", «Ловушка №2 — на Зою: …» (the number set aside); "right by the Sink" in a trap names
    its furniture, where "the room next to the Kitchen" leaves the move open; "M Garage S Knife Rope": a
    letter for each order."""
    assert _misread_by_own({
        "Trap #1: Boris, Kitchen, Sink, Knife": "T:Boris/Kitchen/Sink/Knife",
        "Ловушка №2 — на Зою: гараж, машина, бензин": "T:Зоя/Garage/Car/Petrol",
        "Trap for Dora — she did it in the Bathroom with the Rope, right by the Sink.":
            "T:Dora/Bathroom/Sink/Rope",
        "Move to the room next to the Kitchen": "X",
        "M Garage S Knife Rope": "M:Garage ; S:Knife,Rope",
        "M: Kitchen  S: sink, stone": "M:Kitchen ; S:Sink,Stone",
    }) == {}  # fmt: skip


def test_ones_own_search_denied_withdraws_it_and_a_search_bidden_of_others_does_not_ts_11() -> None:
    """ "I won't search anything this hour", «Искать сегодня не стану», «Без поиска», «отбой поиска»: the
    search given before withdrawn; «Не смотрите на меня так!», "Boris won't search": not the writer's."""
    assert _misread_by_own({
        "I won't search anything this hour": "C:search",
        "No search for me this time": "C:search",
        "Искать сегодня не стану": "C:search",
        "Обойдусь без поиска в этот час": "C:search",
        "Отбой поиска": "C:search",
        "Boris won't search": "TALK",
        "Ищу шкаф и верёвку. Не смотрите на меня так!": "S:Wardrobe,Rope ; TALK",
    }) == {}  # fmt: skip


def test_an_order_said_twice_in_a_post_is_one_order_and_others_doing_its_grounds_ts_11_ts_23() -> None:
    """«Глеб всё косится на шкаф. Поищу шкаф и верёвку — да, шкаф и верёвку.»: one search, and the remark
    on what another does talk beside it; a sentence of such grounds that would be asked back alone («…, как
    Зоя смотрит на шкаф. И на верёвку тоже. …») is left out instead."""
    assert _misread_by_own({
        "Глеб всё косится на шкаф. Поищу шкаф и верёвку — да, шкаф и верёвку.": "TALK ; S:Wardrobe,Rope",
        "Dora keeps eyeing the wardrobe. I'll search the wardrobe and the rope: wardrobe, rope.":
            "TALK ; S:Wardrobe,Rope",
        "Не нравится мне, как Зоя смотрит на шкаф. И на верёвку тоже. Поищу-ка я их — шкаф и верёвку.":
            "S:Wardrobe,Rope",
    }) == {}  # fmt: skip


def test_sweeping_out_toward_a_room_is_a_move_and_to_have_a_look_its_purpose_ts_11() -> None:
    """ "She sweeps out toward the Study": the move ("sweep" alone is still a search); "I go to the
    Kitchen to take a look at the sink and the knife": the move, then the search of its purpose."""
    assert _misread_by_own({
        "Anna sweeps out toward the Study without a word.": "M:Study",
        "Sweep the wardrobe and the rope": "S:Wardrobe,Rope",
        "I walk to the Garage to have a look at the car and the petrol.": "M:Garage ; S:Car,Petrol",
    }) == {}  # fmt: skip


def test_a_bare_afternoon_hour_after_at_or_v_is_the_clock_hour_ts_4() -> None:
    """ "At three I go to the Garage", «В 5 пойду на кухню»: the clock's hour of the game day (15:00 is
    hour 3, 17:00 hour 3, 18:00 hour 4), as «в три» already was; "I sit at 3 tables" names no time."""
    assert _misread_by_own({
        "At three I go to the Garage.": "M:Garage@d1h3",
        "at 6 I go to the Kitchen": "M:Kitchen@d1h4",
        "В 5 пойду на кухню": "M:Kitchen@d1h3",
        "в 2 иду в гараж": "M:Garage@d1h2",
    }) == {}  # fmt: skip
