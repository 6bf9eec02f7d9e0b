"""Ten Sailors orders written in the ways the thirteenth held-out set showed, read by class (TS-11, TS-19,
TS-20, TS-23 ruling): an order joined to the story around it by a comma or a relative clause, read clause
by clause; the story of a long in-character post left out where it names nothing; a question to the host
of one's own place or results, or of what the rules limit, followed or not by an order.

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

import pytest
from test_ts_order_corpus import normalised
from test_ts_reading_round_three import misread, read

from referee.core.orders import Order
from referee.games.ten_sailors.clauses import by_clauses


def _own(line: str) -> str:
    """The writer's character: Anna, or Анна for a line in Russian."""
    return "Anna" if not any("а" <= letter.lower() <= "я" for letter in line) else "Анна"


def _misread_by_own(lines: dict[str, str]) -> dict[str, str]:
    """The lines read otherwise than expected, each written by the player of its language's Anna."""
    return {
        line: read(line, _own(line))
        for line, want in lines.items()
        if read(line, _own(line)) != normalised(want)
    }


def test_an_order_beside_its_story_is_read_clause_by_clause_ts_11_ts_19() -> None:
    """A room then an order, an order then a relative clause of scenery, a purpose that runs on: each
    clause read as a line of its own, the scenery (which names nothing) left out."""
    assert _misread_by_own({
        "Study, look for the Pistol and the Table": "M:Study ; S:Pistol,Table",
        "Гостиная; диван, камень": "M:Living Room ; S:Sofa,Stone",
        "She slips out and makes her way to the Garage, where it is cold and quiet": "M:Garage",
        "Анна выскальзывает из холла и идёт в столовую, где давно никто не обедал": "M:Dining Room",
        "So I intend to return to the Bedroom and search for the Rope and the Nightstand":
            "M:Bedroom ; S:Rope,Nightstand",
        "Anna closes the shutters, hunting for the Stone and the Table": "S:Stone,Table",
    }) == {}  # fmt: skip


@pytest.mark.parametrize(
    "line",
    [
        "trap for Anna: kitchen, sofa, knife, garage",  # a trap's list run on past its three cards
        "Go to the Kitchen and to the Study",  # two moves for one hour
        "Может, схожу в гараж, посмотрим",  # a hedge is no scenery
        "set a trap on Boris at 2pm: Garage, Car, Petrol",  # a trap by day, its cards no orders of their own
        "В 26:00 иду в столовую",  # no such hour: the number is no scenery
    ],
)
def test_a_line_cut_into_clauses_never_becomes_orders_it_does_not_hold_ts_23(line: str) -> None:
    """TS-23 ruling: what the whole line leaves in doubt stays a question; no cut makes it orders."""
    assert read(line, _own(line)) == "X"


@pytest.mark.parametrize(
    "line",
    [
        "If I were you, Boris, I'd go to the garage.",
        "Nobody go to the Study, Carl has been lurking there!",
        "Глеб, на твоём месте я бы поискала стол и верёвку.",
        "Dora's set: Garage, Car, Petrol — I'm sure of it.",
    ],
)
def test_advice_and_suspicions_cut_into_clauses_are_never_the_writers_orders_ts_23(line: str) -> None:
    """Advice to another, a warning, a suspicion: their clauses name another character, a hedge or a
    denial, so none of it is read as an order of the writer's."""
    assert not any(part.startswith(("M:", "S:", "T:")) for part in read(line, _own(line)).split(" ; "))


def test_clauses_are_cut_where_the_fewest_cuts_read_the_whole_sentence() -> None:
    """The cut itself: fewest clauses, every clause orders or scenery; none where a clause names a thing
    outside any order."""
    orders = {"go to the garage": ("move",), "search the sofa and the pistol": ("search",)}

    def read_clause(text: str) -> list[Order]:
        return [Order(text, kind) for kind in orders.get(text, ())]

    def scenery(text: str) -> bool:
        return not any(word in text for word in ("go", "search", "knife"))  # no order word, no card

    found = by_clauses(
        "go to the garage, where it is cold, then search the sofa and the pistol",
        read_clause,
        scenery,
        lambda text: False,
        None,
    )
    assert found is not None
    assert [order.kind for order in found[0]] == ["move", "search"]
    assert found[1] == ["where it is cold"]
    assert by_clauses("go to the garage, with the knife", read_clause, scenery, lambda t: False, None) is None


def test_the_story_of_a_long_post_is_left_out_where_it_names_nothing_ts_23() -> None:
    """A long in-character post: sentences of the character's doings that name no room, card or other
    character are its story, neither asked about nor said aloud; its orders are read."""
    post = (
        "Anna pulls her scarf tighter and glances at the grey sea beyond the windows. She hums a little "
        "tune to herself, thinking of home. Then she slips out and makes her way to the Bathroom, where "
        "the taps drip and the mirror is cracked. There she means to look for the Sink and the Poison."
    )
    assert _misread_by_own({post: "M:Bathroom ; S:Sink,Poison"}) == {}


def test_questions_of_ones_own_place_or_results_are_status_and_of_limits_help_ts_23() -> None:
    assert misread({
        "Any news for me yet?": "STATUS",
        "am I still at the Study?": "STATUS",
        "Я всё ещё в кабинете?": "STATUS",
        "А есть результаты для меня?": "STATUS",
        "Is there a maximum for the Bathroom?": "HELP",
        "Как правильно оформить поиск?": "HELP",
        "А сколько человек помещается в кухне?": "HELP",
        "Am I still in the Hall? Go to the Kitchen.": "STATUS ; M:Kitchen",
        "Я ещё в холле? Иду на кухню.": "STATUS ; M:Kitchen",
    }) == {}  # fmt: skip
    assert read("Я сейчас в гостиной, тут кто-нибудь есть?") == "TALK"  # said where one is, to the room


def test_an_adjective_of_time_said_of_an_order_names_its_time_ts_11() -> None:
    """«Вечерний переход», «завтрашний утренний поиск»: the time of the order they are said of; said of
    anything else («вечерний чай») they name none."""
    assert misread({
        "Вечерний переход отменяю": "C:move@d1h4",
        "Отмените завтрашний утренний поиск": "C:search@d2h1",
        "Сегодняшнюю ловушку снимаю": "C:trap@d1n",
    }) == {}  # fmt: skip
    assert read("вечерний чай был ужасен") == "TALK"


def test_corrections_said_the_ways_the_fresh_set_said_them_ts_11() -> None:
    """A take-back mid-line («… хотя нет, лучше …»), "scratch that, make it …", «правильно так:» after
    setting the last mail aside, a swap after «Тьфу,» or "Whoops,": the corrected order alone."""
    assert misread({
        "Иду в кухню... хотя нет, лучше в гостиную.": "M:Living Room",
        "Scratch that, make it the Bedroom.": "M:Bedroom",
        "Прошлое письмо не считать, правильно так: ищу нож и верёвку.": "S:Knife,Rope",
        "Ищу диван и яд. Тьфу, не яд — верёвку.": "S:Sofa,Rope",
        "Search the table and the rope. Whoops, not the rope — the knife.": "S:Table,Knife",
    }) == {}  # fmt: skip


def test_a_move_said_without_its_verb_after_another_order_ts_11_ts_12() -> None:
    """«…, потом в гостиную», "…, then to the garage": a move to a room, never lost beside the search;
    «потом в тумбочке» is where the search goes on, and a question to another is no order."""
    assert misread({
        "Ищу нож и камень, потом в кабинет": "S:Knife,Stone ; M:Study",
        "search the sofa and the rope, then to the bathroom": "S:Sofa,Rope ; M:Bathroom",
        "Пороюсь в шкафу, потом в камине": "S:Wardrobe,Fireplace",
    }) == {}  # fmt: skip
    assert read("Глеб, пойдёшь со мной потом в гараж?", "Анна") == "TALK"


def test_names_players_use_for_the_rooms_and_cards_ts_8() -> None:
    assert misread({
        "trap Boris: orangery, sofa, candle holder": "T:Boris/Conservatory/Sofa/Candlestick",
        "Ловушка на Глеба: опочивальня, шкаф, нож": "T:Глеб/Bedroom/Wardrobe/Knife",
    }) == {}  # fmt: skip


def test_an_order_word_with_two_letters_swapped_is_asked_about_never_said_aloud_ts_23() -> None:
    assert read("mvoe teh thng") == "X"
    assert read("saerch the sofa and the rope") == "S:Rope,Sofa"
    assert read("Love it!") == "TALK"  # a word one letter from an order word is no slip


def test_what_is_said_of_another_character_named_first_is_talk_ts_23() -> None:
    """A statement of another character, named first, with no order word: the writer's view, said to the
    room; the writer's own character named first, or another named as the object, is not such talk."""
    assert read("Carl keeps staring at the Chandelier.", "Anna") == "TALK"
    assert read("Глеб какой-то бледный сегодня, и всё косится на камин.", "Анна") == "TALK"
    assert read("Anna searches the Sofa and the Rope.", "Anna") == "S:Rope,Sofa"


def test_a_long_post_tells_its_story_with_names_in_it_and_keeps_only_its_orders_ts_23() -> None:
    """A sentence of the story that names the game's things but holds no order word, no trap and no time
    ("… the way Boris stared at the Garage door …") is left out, neither asked about nor said aloud."""
    post = (
        "The wind howls over the island all evening. Anna lies awake, thinking of the way Boris stared "
        "at the Garage door and the smell of petrol on his gloves. She rises quietly and sets her trap for "
        "Boris: Garage, Car, Petrol. Then she pretends to sleep."
    )
    assert _misread_by_own({post: "T:Boris/Garage/Car/Petrol"}) == {}


def test_a_move_asked_again_as_there_is_the_same_move_ts_11_ts_23() -> None:
    """ "…, if you don't mind moving me there", «…, переведите меня туда»: the move asked again, politely;
    never talk, never a second place unknown."""
    assert misread({
        "I'd like the study, if you don't mind putting me there": "M:Study",
        "go to the bathroom, please move me there": "M:Bathroom",
    }, "Anna") == {}  # fmt: skip
    assert read("move me there") == "X"  # "there" with no room before it is asked about


def test_first_thing_in_the_morning_is_the_morning_ts_4() -> None:
    assert misread({
        "Tomorrow, first thing in the morning, the Garage please": "M:Garage@d2h1",
        "day after tomorrow first thing in the morning search the sofa and the knife": "S:Sofa,Knife@d3h1",
    }) == {}  # fmt: skip


def test_an_opening_that_leaves_the_time_to_the_host_is_courtesy_ts_11() -> None:
    assert misread({
        "Whenever you have a minute, could you move me to the garage?": "M:Garage",
        "At your convenience, search the rope and the sink for me": "S:Rope,Sink",
        "Как будет время, переведите меня в гостиную": "M:Living Room",
    }) == {}  # fmt: skip


def test_a_room_then_two_cards_joined_by_a_plus_is_the_move_and_its_search_ts_11() -> None:
    """«гараж, шкаф+нож»: the "+" pairs the two cards of one search, whatever their kinds; a room, a piece
    of furniture and a weapon listed by commas alone are a trap's, and asked about."""
    assert misread({
        "гараж, шкаф+нож": "M:Garage ; S:Wardrobe,Knife",
        "Study, table+rope": "M:Study ; S:Table,Rope",
    }) == {}  # fmt: skip
    assert read("Study, table, rope") == "X"


def test_more_names_players_use_and_conditions_of_courtesy_ts_8_ts_11() -> None:
    assert misread({
        "Trap for Carl: piano room, sofa, cyanide": "T:Carl/Music Room/Sofa/Poison",
        "Обыщу камин и стол, если это возможно": "S:Fireplace,Table",
        "Move me to the garage, if that's possible": "M:Garage",
    }) == {}  # fmt: skip


def test_a_clock_time_of_the_small_hours_written_without_am_is_the_afternoon_ts_4() -> None:
    """ "At 3:30", «в 4:15»: on a game day (10:00–20:00) the afternoon, as «в 3 часа» is; "3:30 am" is
    still the night."""
    assert misread({
        "go to the bathroom at 3:30": "M:Bathroom@d1h3",
        "иду в кабинет в 4:15": "M:Study@d1h3",
        "go to the bathroom at 3:30pm": "M:Bathroom@d1h3",
    }) == {}  # fmt: skip


def test_a_plan_read_as_talk_is_read_again_as_clauses_never_said_aloud_ts_23() -> None:
    """A line read as talk alone that holds an order word and names a room ("Our hero, tired of the
    quarrels, retreats to the study"): read again clause by clause; what another did stays talk."""
    assert misread({
        "Our heroine, sick of all the quarrelling, retreats to the study.": "M:Study",
    }, "Anna") == {}  # fmt: skip
    assert read("Gleb, pale as a sheet, searched the sofa.", "Anna") == "TALK"


def test_russian_slang_shorthand_and_status_questions_of_ones_orders_ts_11_ts_23() -> None:
    """Slang verbs of going and searching, «на месте» alone, «лов» for a trap, a question of what one has
    ordered or a request to confirm it, «не X а Y» without its comma, a change of mind about a target,
    «вместо X» first, words starred one by one for emphasis."""
    assert misread({
        "Сваливаю в гараж": "M:Garage",
        "Порыскаю-ка насчёт ножа и верёвки": "S:Knife,Rope",
        "на месте": "STAY",
        "лов Вера: кухня, стол, нож": "T:Вера/Kitchen/Table/Knife",
        "Что у меня запланировано на этот час?": "STATUS",
        "Подтвердите, что мои заявки записаны": "STATUS",
        "Иду не в кабинет а в гостиную": "M:Living Room",
        "Передумала насчёт Глеба: ловушка на Веру — кухня, стол, нож": "T:Вера/Kitchen/Table/Knife",
        "Вместо гаража иду в кабинет": "M:Study",
        "* Ловушка * на * Веру * : кухня, стол, нож": "T:Вера/Kitchen/Table/Knife",
    }, "Анна") == {}  # fmt: skip


def test_a_question_of_searching_the_hall_is_help_and_a_double_dash_parts_a_remark_ts_19_ts_23() -> None:
    """Nobody searches the Hall: asking whether one may is a question of the rules. "--" parts an order
    from a remark as a dash does; «на вечер» is the evening."""
    assert misread({
        "May I search in the Hall?": "HELP",
        "А в холле обыскивать можно?": "HELP",
        "Обыск на вечер отменяю": "C:search@d1h4",
    }) == {}  # fmt: skip
    assert read("search the sofa and the rope -- Boris, you're next", "Anna").startswith("S:Rope,Sofa")


def test_one_order_withdrawn_is_never_every_order_ts_11() -> None:
    """«Снимаю заявку …» names one order: never CANCEL ALL, which needs "all", "everything", «всё», «все»
    or "orders"."""
    assert "C:all" not in read("Снимаю заявку на поиск, перейду-ка я в кабинет.", "Анна")
    assert read("Отменяю все свои заявки", "Анна") == "C:all"


def test_the_word_card_is_never_the_car_ts_8_ts_19() -> None:
    """ "The Bedroom card" names a card of a room (which nobody searches), never the Car misspelt."""
    assert read("Search for the Garage card and the Rope.", "Anna") == "X"
    assert read("Ищу карту кухни и нож", "Анна") != "S:Car,Knife"


def test_a_hidden_password_in_talk_keeps_its_stars() -> None:
    """Stars for emphasis are single stars around words; "****" (a password hidden from the room) is
    never taken away from the talk it stands in."""
    from test_ts_order_corpus import NAMES, NOW

    from referee.games.ten_sailors.parse import parse_text

    (talk,) = parse_text("try **** then, everyone", NAMES["en"], NOW, "Anna")
    assert "****" in talk.line
