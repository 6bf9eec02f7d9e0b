"""Ten Sailors lines written in the ways the nineteenth held-out set showed, read by class (TS-4, TS-11,
TS-19, TS-20, TS-23 ruling): courtesy opening any sentence, softening hedges ("Could I possibly …") and
apologies before a request; cancels of another trap word ("the ambush") and said twice ("never mind the
search, scrap it"); a place turned upside down for things; a trap listed with a dash and told by "spring
it on him"; "the day after tomorrow" and "first thing tomorrow"; plans put to everyone and conditions of
others' moves as talk; the rules or commands asked for with "please"; talk relayed in the writer's own
words where a reader rewrote them.

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

from test_ts_order_corpus import NAMES, NOW
from test_ts_reading_round_six import _misread_by_own

from referee.core.orders import Unreadable
from referee.core.text import as_written
from referee.games.ten_sailors.parse import parse_text


def test_courtesy_opens_any_sentence_and_softens_without_doubt_ts_11() -> None:
    """ "Would you be so kind as to …" before any sentence of a line, "Could I possibly …", "Might I …",
    "Sorry to be a bother, but …", «Извините за беспокойство, но …», "If it's all the same to everyone":
    the request is the order; a hedge the writer means is still asked."""
    assert _misread_by_own({
        "Would you be so kind as to withdraw my move order? I've had second thoughts.": "C:move ; TALK",
        "Hi all. Would you be so kind as to move me to the study? Thanks.": "TALK ; M:Study",
        "Could I possibly move to the Dining Room, please?": "M:Dining Room",
        "Could you perhaps move me to the study?": "M:Study",
        "Might I search the sofa and the rope?": "S:Rope,Sofa",
        "Sorry to be a bother, but could you search the Table and the Rope?": "S:Rope,Table",
        "Извините за беспокойство, но переместите меня в кабинет": "M:Study",
        "If it's all the same to everyone, I'd like to look for the Candle and the Sink this hour.":
            "S:Candlestick,Sink",
        "Если никто не против, иду в гараж.": "M:Garage",
        "Maybe I'll go to the study": "X",
        "I might go to the study": "X",
        "I'd be grateful if you sent me to the bathroom.": "X",
    }) == {}  # fmt: skip


def test_a_cancel_names_any_word_of_a_trap_and_may_be_said_twice_ts_11() -> None:
    """ "Call off the ambush I set up", «Снимаю засаду», "cancels her move" in the writer's own story,
    and a cancel repeated on a pronoun ("never mind the search, scrap it", «Отменяю поиск, забудьте»):
    one cancel."""
    assert _misread_by_own({
        "Call off the ambush I set up.": "C:trap",
        "Cancel the snare": "C:trap",
        "Снимаю засаду": "C:trap",
        "Anna thinks better of it and cancels her move.": "C:move",
        "never mind the search, scrap it": "C:search",
        "forget the move, cancel it": "C:move",
        "Отменяю поиск, забудьте.": "C:search",
    }) == {}  # fmt: skip


def test_a_place_turned_upside_down_for_things_is_their_search_ts_19() -> None:
    """ "Turn the place upside down for the Wardrobe and the Car", «Переверну всё вверх дном в поисках
    ножа и верёвки»: a search of the two things named."""
    assert _misread_by_own({
        "Turn the place upside down for the Wardrobe and the Car.": "S:Car,Wardrobe",
        "turning the study inside out looking for the knife and the rope": "S:Knife,Rope",
        "Переверну всё вверх дном в поисках ножа и верёвки.": "S:Knife,Rope",
    }) == {}  # fmt: skip


def test_a_trap_listed_with_a_dash_or_colon_and_told_as_the_writers_is_the_trap_ts_20() -> None:
    """ "Ivan — Study, Fireplace, Halberd. Spring it on him.", «Игорь — кабинет, камин, алебарда. Ставлю
    на него.», "Ivan: Study, Fireplace, Halberd.": four names and the words making them a trap."""
    assert _misread_by_own({
        "Ivan — Study, Fireplace, Halberd. Spring it on him.": "T:Ivan/Study/Fireplace/Halberd",
        "Ivan: Study, Fireplace, Halberd.": "T:Ivan/Study/Fireplace/Halberd",
        "Игорь — кабинет, камин, алебарда. Ставлю на него.": "T:Игорь/Study/Fireplace/Halberd",
        "Trap Egor: piano room, the big ceiling light, arsenic.": "T:Egor/Music Room/Chandelier/Poison",
    }) == {}  # fmt: skip


def test_the_day_after_tomorrow_and_first_thing_tomorrow_are_their_mornings_ts_4() -> None:
    """ "The day after tomorrow, first thing in the morning: Kitchen." is day 3's first hour; "first thing
    tomorrow" day 2's; "wake me if someone dies" bids the others and moves nobody."""
    assert _misread_by_own({
        "The day after tomorrow, first thing in the morning: Kitchen.": "M:Kitchen@d3h1",
        "The day after tomorrow: Kitchen.": "M:Kitchen@d3h1",
        "first thing tomorrow I go to the kitchen": "M:Kitchen@d2h1",
        "I'm going to the bedroom, wake me if someone dies.": "M:Bedroom ; TALK",
        "Tomorrow I'd like to wake up in the bedroom.": "M:Bedroom@d1n",
    }) == {}  # fmt: skip


def test_plans_put_to_everyone_and_others_moves_in_a_condition_are_talk_ts_23() -> None:
    """ "Should we all avoid the Music Room …?", «Может, нам всем держаться подальше от гаража?", "if
    Hanna and Gleb both go to the Study …": said to the table; the writer's own hedged plan is asked."""
    assert _misread_by_own({
        "Should we all avoid the Music Room until Carl explains himself?": "TALK",
        "Maybe we should search the sofa and the rope": "TALK",
        "Может, нам всем держаться подальше от гаража?": "TALK",
        "Three per room max, so if Hanna and Gleb both go to the Study with Fedor it's full.": "TALK",
        "Maybe I should go to the study": "X",
        "Может, я пойду в гараж?": "X",
        "I want to find out who killed Ivan, search everything": "X",
    }) == {}  # fmt: skip


def test_the_rules_or_the_commands_asked_for_with_please_are_the_help_ts_11() -> None:
    """ "commands please", «Правила, пожалуйста» ask for the help; "Referee, remind me what I've got
    queued" for one's orders; a card with "please" is still asked about."""
    assert _misread_by_own({
        "commands please": "HELP",
        "rules please": "HELP",
        "Правила, пожалуйста": "HELP",
        "команды пжл": "HELP",
        "Referee, remind me what I've got queued for tomorrow.": "STATUS",
        "Knife please": "X",
    }) == {}  # fmt: skip


def test_talk_beside_an_order_is_relayed_in_the_writers_own_words_ts_23() -> None:
    """A reader that says "this room" as "here" to read an order relays the talk beside it as written:
    «This room reeks of petrol», not "Here reeks of petrol"."""
    line = "Searching the armchair and the stone. This room reeks of petrol, just saying."
    talk = [item.line for item in parse_text(line, NAMES["en"], NOW, "Anna") if isinstance(item, Unreadable)]
    assert talk == ["This room reeks of petrol, just saying."]
    said = "go to the kitchen. tomorrow is another day"
    assert as_written("tomorrow is another day", said, "go to the kitchen. tmrw is another day") == (
        "tmrw is another day"
    )
    assert as_written("not here at all", said, "anything") == "not here at all"


def test_a_trap_told_as_a_surprise_and_new_names_and_cuts_are_read_ts_20() -> None:
    """«Глеба ждёт сюрприз: спальня, люстра, алибарда», "A surprise for Gleb: …", «Оставлю Борису
    ловушку: …» are traps; «трапезная» is the Dining Room; «-> кух», «ищу подсв+бенз»: words cut short
    without their stop, where they are no words of their own; a surprise named alone is talk."""
    assert _misread_by_own({
        "Глеба ждёт сюрприз: спальня, люстра, алибарда.": "T:Глеб/Bedroom/Chandelier/Halberd",
        "A surprise for Gleb: bedroom, chandelier, halberd.": "T:Gleb/Bedroom/Chandelier/Halberd",
        "Оставлю Борису ловушку: кухня, раковина, нож": "T:Борис/Kitchen/Sink/Knife",
        "Ловушка на Игорька: трапезная, канделябр, умывальник": "T:Игорь/Dining Room/Sink/Candlestick",
        "иду в трапезную": "M:Dining Room",
        "-> кух": "M:Kitchen",
        "ищу подсв+бенз": "S:Candlestick,Petrol",
        "Будет сюрприз для всех": "TALK",
        "What a surprise to see you all": "TALK",
        "Anna leaves for the Living Room, glancing back at Boris.": "M:Living Room",
    }) == {}  # fmt: skip


def test_not_one_hour_but_another_moves_the_order_to_the_other_hour_ts_4() -> None:
    """«Переход в спальню — не во второй игровой час, а в третий!»: the hour after «а», its word «час»
    carried over; «не на Веру, а на Зою» as before."""
    assert _misread_by_own({
        "Переход в спальню — не во второй игровой час, а в третий!": "M:Bedroom@d1h3",
        "Иду в кухню не в третьем часу, а во втором": "M:Kitchen@d1h2",
        "ставлю ловушку не на Веру, а на Зою: кухня, раковина, нож": "T:Зоя/Kitchen/Sink/Knife",
    }) == {}  # fmt: skip


def test_words_of_correcting_and_turning_to_the_listener_are_no_orders_ts_11_ts_23() -> None:
    """«Точнее, …», "I mean, …", "Or rather, …" after a sentence correct it; «Имела в виду музыкальную
    комнату. Туда и иду.» goes there; «Ранее писала …» opens a correction; «Смотри, …», "Listen, …"
    turn to the listener; «…, а то я буду на работе» is no place of the game; «по этой версии», "just in
    case" tell why."""
    assert _misread_by_own({
        "Ищу камень и пистолет. Точнее, камень и бензин, пистолет вычеркните": "S:Petrol,Stone",
        "Search the stone and the pistol. I mean, the stone and the petrol.": "S:Petrol,Stone",
        "Go to the kitchen. Or rather, the study.": "M:Study",
        "Имела в виду музыкальную комнату. Туда и иду.": "M:Music Room",
        "Ранее писала «оранжерея» — ошиблась, имела в виду музыкальную комнату. Туда и иду.": "M:Music Room",
        "Мне нравится гостиная. Туда и пойду.": "TALK ; M:Living Room",
        "Глеб, ты же в кабинет собирался? Смотри, там уже трое будет": "TALK",
        "Слушайте, я иду в гараж.": "M:Garage",
        "Look, I will search the sofa and the rope.": "S:Rope,Sofa",
        "вечером отправьте меня в гостиную, а то я буду на работе и не успею": "M:Living Room@d1h4",
        "иду в гостиную, а вечером буду в кабинете": "M:Living Room ; M:Study@d1h3",
        "Думаю, Борис прирезал кого-то ножом на кухне у раковины. Капкан на него по этой версии.":
            "T:Борис/Kitchen/Sink/Knife",
        "search the sofa and the rope, just in case": "S:Rope,Sofa",
    }) == {}  # fmt: skip


def test_a_sentence_read_without_its_opening_is_shown_and_relayed_whole_ts_23() -> None:
    """A sentence read without its courtesy or its word to the listener is still shown, and relayed as
    talk, in all the words the writer wrote."""
    read = parse_text("Listen, everyone is lying.", NAMES["en"], NOW, "Anna")
    assert [item.line for item in read] == ["Listen, everyone is lying."]
    read = parse_text("Слушайте, я иду в гараж.", NAMES["ru"], NOW, "Анна")
    assert [item.line for item in read] == ["Слушайте, я иду в гараж."]


def test_an_order_taken_back_with_nothing_in_its_place_is_asked_never_carried_out_ts_11() -> None:
    """ "Go to the study. No, forget it.", «Иду в кабинет, нет, отбой», «… хотя нет, ничего пока не
    делайте»: asked about; "…, no, scrap that" after a search cancels the search, as before."""
    assert _misread_by_own({
        "Go to the study. No, forget it.": "X",
        "Search the sofa and the rope. Hold off.": "X",
        "Search the sofa and the rope — no wait, forget it, don't do anything yet.": "X",
        "Иду в кабинет, нет, отбой": "X",
        "Ищу диван и верёвку… хотя нет, ничего пока не делайте.": "X",
        "Search the sofa and the rope — no, scrap that": "C:search",
    }) == {}  # fmt: skip


def test_courtesy_set_between_commas_inside_a_request_is_no_part_of_it_ts_11_ts_23() -> None:
    """«Не могли бы вы, если вас не затруднит, обыскать …», "Could you, if possible, move me …": the
    request is the order, never talk said aloud for the "you" of its courtesy."""
    assert _misread_by_own({
        "Не могли бы вы, если вас не затруднит, обыскать для меня диван и верёвку?": "S:Rope,Sofa",
        "Не могли бы вы, если можно, обыскать диван и верёвку?": "S:Rope,Sofa",
        "Could you, if possible, move me to the study?": "M:Study",
        "Could you, please, search the sofa and the rope?": "S:Rope,Sofa",
        "Переместите меня в кабинет, если вам не трудно": "M:Study",
    }) == {}  # fmt: skip


def test_a_mails_signature_after_its_orders_is_no_talk_for_the_room_ts_23() -> None:
    """ "Best, Anna", «С уважением, Аня» end a mail: not said to the room; thanks to another is."""
    assert _misread_by_own({
        "Move me to the study. Best, Anna": "M:Study",
        "Move me to the study. Kind regards, Anna": "M:Study",
        "Уважаемый ведущий, прошу переместить меня в кабинет. С уважением, Анна.": "M:Study",
        "Иду в кабинет. С уважением, Аня": "M:Study",
        "Move me to the study. Thanks, Boris!": "M:Study ; TALK",
        "Move me to the study. Best, Boris is lying.": "M:Study ; TALK",
    }) == {}  # fmt: skip
