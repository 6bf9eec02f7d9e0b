"""Ten Sailors orders written in the ways the seventh and ninth held-out sets showed, read by class (TS-4,
TS-9, TS-11, TS-20, TS-23 ruling): corrections of an earlier order (the rejected part set aside, the words
taken back replaced), lists on one line, questions to the host, reasons after an order, everyday names,
colloquial cards, words cut short or mistyped, Russian in Latin letters, posts of several sentences, and
the guards that keep a plan from being said aloud.

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

import re

from test_ts_order_corpus import NAMES, NOW
from test_ts_reading_round_three import misread, read

from referee.core.corrections import corrected, list_items
from referee.core.orders import Unreadable
from referee.games.ten_sailors.parse import Order, parse_text


def test_a_correction_reads_the_right_order_and_not_the_rejected_one_ts_9() -> None:
    assert misread({
        "Wait, not the Study — the Bathroom.": "M:Bathroom",
        "Fix: search the sofa and the rope, not the sofa and the stone.": "S:Sofa,Rope",
        "Update: table and sink rather than table and stone": "S:Table,Sink",
        "Instead of Boris, set the trap on Egor: Kitchen, Sofa, Knife.": "T:Egor/Kitchen/Sofa/Knife",
        "Scratch what I said about the garage, make it the kitchen.": "M:Kitchen",
        "Oops, typo in my trap on Dora: Garage, Car, Rope (not Axe)": "T:Dora/Garage/Car/Rope",
        "Стоп, не в кабинет — в ванную.": "M:Bathroom",
        "Уточнение: ищу диван и нож, а не диван и камень.": "S:Sofa,Knife",
        "Ловушка не на Бориса, а на Веру: кухня, стол, яд.": "T:Вера/Kitchen/Table/Poison",
        "Про гараж забудьте, пусть будет кухня.": "M:Kitchen",
        "Исправляюсь: раковина и верёвка вместо раковины и бензина.": "S:Sink,Rope",
        "Перепутала время: переход в гараж — в 13:30.": "M:Garage@d1h2",
    }) == {}  # fmt: skip


def test_a_line_that_corrects_nothing_is_relayed_as_it_was_written_ts_23() -> None:
    """A "not" or «не» beside no order leaves talk as it is: relayed word for word, nothing set aside."""
    for line in (
        "Boris, not me, has the rope.",
        "Вера, а не я, видела нож в гараже.",
        "Whoever was in the study, not the garage, is lying.",
        "Не я, а Глеб был в кабинете.",
    ):
        items = parse_text(line, NAMES["ru" if re.search("[а-я]", line) else "en"], NOW, None)
        assert [(type(item).__name__, item.line) for item in items] in ([("Unreadable", line)],), items
        assert not items[0].is_order or items[0].reason  # talk, or asked: never an order read from it
    assert corrected("Nice weather today") is None
    assert corrected("Ищу нож и диван") is None


def test_a_list_on_one_line_is_read_item_by_item_ts_11() -> None:
    assert list_items("1) Kitchen 2) sofa, knife") == ["Kitchen", "sofa, knife"]
    assert list_items("- Study - search: table, sink") == ["Study", "search: table, sink"]
    assert list_items("Kitchen - sofa and knife") == ["Kitchen - sofa and knife"]  # no list: one dash
    assert misread({
        "1) Garage 2) car, petrol": "M:Garage ; S:Car,Petrol",
        "1. stay 2. sofa,knife": "STAY ; S:Sofa,Knife",
        "1) гараж 2) машина, бензин": "M:Garage ; S:Car,Petrol",
        "- кухня - обыск: стол, нож": "M:Kitchen ; S:Table,Knife",
    }) == {}  # fmt: skip


def test_a_question_to_the_host_about_the_rules_or_ones_own_orders_is_never_said_aloud_ts_23() -> None:
    """Addressed to the host or not: how something works is the help, what one's own orders brought is
    one's state; neither is relayed to the room."""
    assert misread({
        "GM: how does the search work?": "HELP",
        "Moderator, could you please explain the rules for traps?": "HELP",
        "What can I look for in this room?": "HELP",
        "What did my latest search find?": "STATUS",
        "Мастер, как работает ловушка?": "HELP",
        "Поясните, пожалуйста, правила поиска.": "HELP",
        "Что тут можно проверить?": "HELP",
        "Что дал мой последний обыск?": "STATUS",
        "Какие у меня сейчас приказы?": "STATUS",
    }) == {}  # fmt: skip


def test_a_reason_or_condition_after_an_order_goes_with_it_ts_23() -> None:
    """ "…, because …", "…, in case …", "…, if that's ok?", «…, а то …», «…, ведь …», «…, на всякий случай»:
    part of the order, not a remark to the room; a remark that is no reason still is."""
    assert misread({
        "Search the sink and the rope, because Dora was washing her hands for ages.": "S:Rope,Sink",
        "Move me to the garage, in case Boris shows up there.": "M:Garage",
        "Going to the study, if that's ok?": "M:Study",
        "Обыщу шкаф и верёвку, ведь Вера от шкафа не отходила.": "S:Rope,Wardrobe",
        "Иду в гараж, а то там давно никого не было.": "M:Garage",
        "Проверю камин и нож, на всякий случай.": "S:Fireplace,Knife",
        "Going to the kitchen. See you all there!": "M:Kitchen ; TALK",
    }) == {}  # fmt: skip


def test_a_change_of_mind_or_a_bidding_to_keep_one_where_one_is_ts_16_ts_20() -> None:
    assert misread({
        "Don't bother with the trap tonight.": "C:trap@d1n",
        "Skip the search this hour.": "C:search",
        "Передумал идти в оранжерею.": "C:move",
        "Отмена по ловушке.": "C:trap@d1n",
        "Никуда меня сегодня не переводите.": "STAY",
        "Оставьте меня там, где я сейчас.": "STAY",
        "Стою.": "STAY",
    }) == {}  # fmt: skip


def test_everyday_names_colloquial_cards_and_mixed_letters_are_read_as_the_names_ts_9_ts_20() -> None:
    """«Дима» is Дмитрий in any case; a loo is the Bathroom, a noose the Rope, «пушка» the Pistol,
    «горючка» the Petrol; "rifle through" and «шмонать» search; «ловуха» and "snare" are traps; a word
    typed with letters of two scripts is read in one."""
    assert misread({
        "Ловушка на Митю: гараж, машина, бензин.": "T:Дмитрий/Garage/Car/Petrol",
        "Ставлю ловуху на Борьку — кухня, стол, яд": "T:Борис/Kitchen/Table/Poison",
        "Snare Egor: Study, Table, Pistol.": "T:Egor/Study/Table/Pistol",
        "Off to the loo.": "M:Bathroom",
        "Rifle through the armoire and look for a noose": "S:Rope,Wardrobe",
        "Прошмонаю кушетку и поищу пушку": "S:Pistol,Sofa",
        "Проверю камин и горючку": "S:Fireplace,Petrol",
        "Move to the Kitсhen": "M:Kitchen",
        "иду на кухнu": "M:Kitchen",
    }) == {}  # fmt: skip


def test_an_everyday_form_shared_by_two_characters_names_neither() -> None:
    from referee.core import diminutives

    assert "Женя" not in diminutives.of("Евгений", ("Евгений", "Евгения"))
    assert "Женя" in diminutives.of("Евгений", ("Евгений", "Борис"))
    assert diminutives.of("Дмитрий") and not diminutives.of("Anna")


def test_an_order_asked_for_as_a_favour_is_read_as_the_order_ts_11() -> None:
    """ "Could you take me to …", "Is it possible for Anna to …", "I'd be grateful if …", «Нельзя ли …»,
    «Буду благодарен, если …»: the order inside; "take Dora to …" said to another stays talk."""
    assert misread({
        "Could you bring me to the garage, please?": "M:Garage",
        "Would it be ok for Anna to check the sink and the rope?": "S:Rope,Sink",
        "I'd be grateful if you could move me to the study.": "M:Study",
        "Perhaps move me to the bathroom?": "M:Bathroom",
        "Нельзя ли мне перейти в гостиную?": "M:Living Room",
        "Буду очень благодарна, если вы проверите шкаф и яд.": "S:Poison,Wardrobe",
    }, own="Anna") == {}  # fmt: skip
    assert read("Boris, take Dora to the kitchen, she is lost.") == "TALK"


def test_what_another_said_then_ones_own_order_the_order_is_never_said_with_it_ts_23() -> None:
    """Another's words quoted, then the writer's order after a dash: the quote is talk, the order an
    order; an order with a remark in brackets or after an emoji likewise."""
    assert misread({
        'Egor wrote "the garage is empty" — good, I\'m moving to the garage': "M:Garage ; TALK",
        "Ivan: «who has the knife?» — me: search knife and sofa": "S:Knife,Sofa ; TALK",
        "Зоя пишет «в кабинете кто-то был» — ну, иду в кабинет": "M:Study ; TALK",
        "Study 📚 need some quiet": "M:Study ; TALK",
        "обыщу раковину и нож (Вера вчера долго мыла руки 🙄)": "S:Knife,Sink ; TALK",
    }) == {}  # fmt: skip
    assert read('Boris said "meet me in the garage" — he was lying') == "TALK"


def test_a_cancel_by_any_verb_of_cancelling_after_its_object_and_instead_between_ts_20() -> None:
    assert misread({
        "Ловушку аннулирую.": "C:trap@d1n",
        "Переход отзываю": "C:move",
        "Never mind about searching this hour.": "C:search",
        "Поиск отменяю, а вместо этого иду в гараж.": "C:search ; M:Garage",
        "Change my search to the rope and the sink.": "S:Rope,Sink",
    }) == {}  # fmt: skip


def test_a_line_marked_as_said_aloud_is_talk_whatever_it_names_ts_23() -> None:
    assert misread({
        "Aloud: I'm going to the garage, who's with me?": "TALK",
        "Говорю вслух: ставлю ловушку на Бориса, пусть знает.": "TALK",
    }) == {}  # fmt: skip


def test_clock_times_said_the_russian_way_ts_4() -> None:
    """«в 4 часа» and «в четыре часа» are the same 16:00; «в седьмом часу вечера» is 18:xx; «под вечер»
    is the evening; a game hour is «4-й час» or «в третьем часу» alone."""
    assert misread({
        "В 3 часа иду в гараж": "M:Garage@d1h3",
        "В три часа иду в гараж": "M:Garage@d1h3",
        "В восьмом часу вечера иду в кабинет": "M:Study@d1h4",
        "Полвосьмого вечера — столовая": "M:Dining Room@d1h4",
        "К вечеру перейду в спальню": "M:Bedroom@d1h4",
        "В 2-й час иду в гараж": "M:Garage@d1h2",
    }) == {}  # fmt: skip


def test_a_look_taken_is_a_search_and_overnight_is_the_night_ts_19_ts_4() -> None:
    assert misread({
        "Going to have a good look at the sofa and the halberd.": "S:Halberd,Sofa",
        "I'll take a quick look at the sink and the pistol while nobody watches": "S:Pistol,Sink",
        "Gonna check the fireplace and the rope.": "S:Fireplace,Rope",
        "Trap Carl: Garage, Car, Rope; overnight I go to the Study.": "T:Carl/Garage/Car/Rope ; M:Study@d1n",
        "Ищу нож и диван, пока все спорят.": "S:Knife,Sofa",
    }) == {}  # fmt: skip


def test_a_line_asked_back_is_asked_back_whole_when_its_other_sentences_name_the_game_ts_23() -> None:
    """No order read and one sentence asked about as a plan: the others, naming a room, a card or a
    character, are part of it and are not relayed; a sentence naming nothing still is."""
    items = parse_text(
        "Dora again. Study, sink, rope — that has to be it. The Study will have a gift for Dora tonight.",
        NAMES["en"],
        NOW,
        "Anna",
    )
    assert [type(item).__name__ for item in items] == ["Unreadable"] and items[0].is_order


def test_an_order_written_by_its_first_letter_ts_11() -> None:
    assert misread({
        "T Hanna Garage Car Petrol": "T:Hanna/Garage/Car/Petrol",
        "M: Study": "M:Study",
        "s: sink, pistol": "S:Pistol,Sink",
        "Гляну нож и диван, а в 13:00 двину в гараж.": "S:Knife,Sofa ; M:Garage@d1h2",
    }) == {}  # fmt: skip
    assert read("s he said so") == "TALK"


def test_a_trap_for_a_daytime_hour_is_refused_with_its_reason_ts_20() -> None:
    """Traps are set at night: a trap written for an hour of the day is asked back with the reason, not
    read as a trap for a daytime segment; a trap for a later night is read."""
    for line in ("Trap Ivan at 3pm: Study, Table, Rope", "В 16:30 ловушка на Глеба: кабинет, стол, верёвка"):
        (item,) = parse_text(line, NAMES["ru" if re.search("[а-я]", line) else "en"], NOW, None)
        assert not isinstance(item, Order) and item.reason == "trap_in_daytime", item
    assert misread({"Trap Ivan tomorrow night: Study, Table, Rope": "T:Ivan/Study/Table/Rope@d2n"}) == {}


def test_a_search_there_after_a_move_is_the_next_hours_ts_12_ts_19() -> None:
    """One is in the room only once the move is done: "move to … and there search …" searches the hour
    after; «…, а там посмотрим» is a remark, relayed as written."""
    assert misread({
        "Go to the kitchen and there check the sink and the knife": "M:Kitchen ; S:Knife,Sink@d1h2",
        "Иду в спальню и там обыщу шкаф и верёвку": "M:Bedroom ; S:Rope,Wardrobe@d1h2",
        "Иду в гараж, а там посмотрим": "M:Garage ; TALK",
    }) == {}  # fmt: skip


def test_the_same_again_later_a_question_whether_one_may_and_rooms_typed_as_one_word_ts_11() -> None:
    assert misread({
        "Check the sink and the stone, and next hour the same.": "S:Sink,Stone ; S:Sink,Stone@d1h2",
        "Обыщу камин и нож, а в следующий час то же самое.": "S:Fireplace,Knife ; S:Fireplace,Knife@d1h2",
        "May I set two traps on one night?": "HELP",
        "Можно ли ставить ловушку на того, кто уже мёртв?": "HELP",
        "May I search the sofa and the rope?": "S:Rope,Sofa",
        "musicroom asap": "M:Music Room",
        "Sniff around the wardrobe and the candlestick": "S:Candlestick,Wardrobe",
    }) == {}  # fmt: skip


def test_a_post_of_several_sentences_is_read_a_sentence_at_a_time_ts_9_ts_23() -> None:
    """The writer's character doing something in one sentence, words said or scenery in the others: the
    order, and the words said as talk; "she"/«она» after a sentence of the writer's character is hers."""
    assert misread({
        'Anna crouches by the fireplace and then looks under the sofa. "Not a word to Boris," she whispers.':
            "S:Fireplace,Sofa ; TALK",
        "Anna yawns. She checks the wardrobe and the rope before anyone wakes.": "S:Rope,Wardrobe",
    }, own="Anna") == {}  # fmt: skip
    assert misread({"Анна вздыхает. Потом она уходит в кабинет.": "M:Study"}, own="Анна") == {}


def test_russian_typed_in_latin_letters_is_read_as_russian_ts_9() -> None:
    for line, expected in (("idu v garazh", "move"), ("ishchu nozh i verevku", "search")):
        items = parse_text(line, NAMES["ru"], NOW, "Анна")
        assert [(type(item).__name__, item.line) for item in items] == [("Order", line)], items
        assert isinstance(items[0], Order) and items[0].kind == expected


def test_words_cut_short_the_same_room_and_a_terse_card_alone_ts_11_ts_23() -> None:
    """ "conserv. 18:30" and «гост. в 16:00» are the rooms they begin; "same rm", «там же» a stay; a card
    named with nothing but "only" is asked about, never said aloud; a word ended by a full stop is left as
    written."""
    assert misread({
        "bathr. 16:00": "M:Bathroom@d1h3",
        "гост. в 16:00": "M:Living Room@d1h3",
        "иду в муз. комнату": "M:Music Room",
        "the same rm": "STAY",
        "на том же месте": "STAY",
        "pistol only": "X",
        "только верёвка": "X",
        "Anna walks to the kitchen with a knife in hand.": "M:Kitchen",
    }, own="Anna") == {}  # fmt: skip


def test_a_correction_summed_up_or_told_as_a_change_of_plans_ts_9_ts_20() -> None:
    assert misread({
        "Rope was a slip, I meant Stone. So: Stone and Table.": "S:Stone,Table",
        "On second thought, skip the study, garage instead.": "M:Garage",
        "Хм, я имела в виду гостиную, а не столовую.": "M:Living Room",
        "Планы поменялись: поиск убираю, просто иду в гараж.": "C:search ; M:Garage",
        "Please ignore my trap order.": "C:trap@d1n",
        "Прошу не засчитывать мой поиск.": "C:search",
    }) == {}  # fmt: skip


def test_terse_and_sloppy_orders_and_questions_for_the_host_ts_11_ts_23() -> None:
    """A room "for me", «я в …», words typed glued or with two letters swapped, a purpose after an order,
    "(question for the referee)" and "how many …?" about the rules, a sum in brackets after a swap."""
    assert misread({
        "Bedroom for me — too noisy down here.": "M:Bedroom ; TALK",
        "Я на кухню — проголодалась.": "M:Kitchen ; TALK",
        "gotothe study": "M:Study",
        "sraech the sofa and the rope": "S:Rope,Sofa",
        "Check the sink and the stone, to be sure.": "S:Sink,Stone",
        "Can two of us search one room at once? (question for the referee)": "HELP",
        "Сколько ловушек можно ставить за ночь?": "HELP",
        "Swap the rope for the knife in my search (so Sofa, Knife).": "S:Knife,Sofa",
    }) == {}  # fmt: skip
    assert read("No move for me this hour") != "M:No"  # "for me" after no room is no move


def test_a_posts_story_around_its_order_is_scenery_and_only_words_in_quotes_are_said_ts_23() -> None:
    """Read a sentence at a time, a post's narration is not relayed (it may tell where the writer goes):
    only the words in quotes are said aloud."""
    line = 'Anna kneels by the fireplace and then checks behind the sofa. "Nobody touch anything," she says.'
    items = parse_text(line, NAMES["en"], NOW, "Anna")
    talk = [item.line for item in items if not isinstance(item, Order)]
    assert [item.kind for item in items if isinstance(item, Order)] == ["search"]
    assert talk == ["Nobody touch anything,"], talk


def test_several_orders_with_their_wrapping_and_times_between_them_ts_11() -> None:
    """What stands between two orders and says nothing of its own ("now; next hour I'd like to …") is no
    talk; ambush, scan and sweep are orders' words."""
    assert misread({
        "Off to the study now; next hour I'd like to check the table and the stone.":
            "M:Study ; S:Stone,Table@d1h2",
        "Search the sofa and the knife this hour, and ambush Egor tonight: Garage, Car, Rope.":
            "S:Knife,Sofa ; T:Egor/Garage/Car/Rope",
        "Sweep the wardrobe and the rope.": "S:Rope,Wardrobe",
    }) == {}  # fmt: skip


def test_a_set_believed_is_no_trap_and_a_trap_listed_in_shorthand_is_one_ts_20_ts_23() -> None:
    """ "Carl's set: …, I'm sure of it" tells a suspicion: never a trap set; four names alone parted by
    slashes or commas are the trap they list; "what happens if …?" is the help; Russian typed in Latin
    with «i» for «и» is read as Russian."""
    assert read("Carl's set: Study, Table, Rope — I'm sure of it.") in ("TALK", "X")
    assert misread({
        "Egor / study / table / rope": "T:Egor/Study/Table/Rope",
        "Глеб / кухня / стол / нож": "T:Глеб/Kitchen/Table/Knife",
        "What happens if two traps hit one person?": "HELP",
        "proveryu stol i nozh": "S:Knife,Table",
    }) == {}  # fmt: skip


def test_a_post_telling_of_the_writer_where_rooms_or_cards_are_named_is_never_said_aloud_whole_ts_23() -> (
    None
):
    """A post of several sentences about the writer's character that names a room or a card and is read as
    no order is asked about: the story may hold the plan."""
    line = (
        "The rain will not stop. Anna keeps to herself all morning. Later, when nobody looks, "
        "she means to go through the wardrobe upstairs and the old rope in the attic trunk."
    )
    items = parse_text(line, NAMES["en"], NOW, "Anna")
    assert not any(isinstance(item, Unreadable) and not item.is_order for item in items), items


def test_a_word_cut_short_is_the_order_it_begins_and_words_after_a_trap_in_quotes_are_talk_ts_20() -> None:
    assert misread({
        "пер. гараж": "M:Garage",
        "отм. поиск": "C:search",
        "stat pls": "STATUS",
        'Trap Egor tonight: Study, Table, Rope. "Pleasant dreams, Egor."': "T:Egor/Study/Table/Rope ; TALK",
    }) == {}  # fmt: skip


def test_a_cancel_before_rather_keeps_the_cancel_ts_11_ts_20() -> None:
    """«…, лучше …» after a cancel gives a second order, it takes nothing back: both are read (the move
    was silently left standing when «лучше» was read as a correction)."""
    assert misread({
        "отмените поиск, лучше пойду в гараж": "C:search ; M:Garage",
        "cancel my move, rather search the sofa and the rope": "C:move ; S:Rope,Sofa",
    }) == {}  # fmt: skip
