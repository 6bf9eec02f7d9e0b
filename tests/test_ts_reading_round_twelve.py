"""Ten Sailors lines written in the ways the twentieth held-out set showed, read by class (TS-4, TS-11,
TS-19, TS-20, TS-23 ruling): sentences typed all in lower case; a move to a place the castle lacks with a
remark after it; killing a character with a weapon; order words and names shortened or hyphened; a part
of the day as a heading; every order taken back by the word for orders; the excuse beside a correction,
"rather … than …" and "I don't want …, make it …"; what another does again and again or does to the
writer; a time that opens the next order after "and".

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

from test_ts_order_corpus import NAMES, NOW, reading
from test_ts_reading_round_six import _misread_by_own

from referee.games.ten_sailors.parse import parse_text


def test_a_line_typed_in_lower_case_is_cut_into_sentences_at_its_stops_ts_23() -> None:
    """ "в гостиную. кто со мной?", "to the garage. anyone else?": the move, then talk; a word cut short
    with a stop ("гост.", "cons.") ends no sentence."""
    assert _misread_by_own({
        "в гостиную. кто со мной?": "M:Living Room ; TALK",
        "иду на кухню. есть хочу ужасно": "M:Kitchen ; TALK",
        "to the garage. anyone else coming?": "M:Garage ; TALK",
        "search knife and rope. this house gives me chills": "S:Knife,Rope ; TALK",
        "иду в гост. и ищу нож и яд": "M:Living Room ; S:Knife,Poison",
    }) == {}  # fmt: skip


def test_a_move_to_a_place_the_castle_lacks_is_asked_even_with_a_remark_ts_11_ts_23() -> None:
    """ "иду на чердак, там тихо", "off to the cellar — it's cooler": a move the castle has no room for,
    asked, never said aloud; to a room of the castle, the move and the remark as talk."""
    assert _misread_by_own({
        "иду на чердак, там тихо": "X",
        "пойду в погреб — там прохладно": "X",
        "heading to the attic, it's quieter up there": "X",
        "going to the chapel, need to pray": "X",
        "иду в гараж, там тихо": "M:Garage ; TALK",
        "heading to the study, it's quieter there": "M:Study ; TALK",
    }) == {}  # fmt: skip


def test_killing_a_character_with_a_weapon_is_asked_never_said_aloud_ts_20() -> None:
    """ "stab Gleb with the knife", «зарежу Бориса ножом»: a trap's plan without its word, asked; a
    threat with no weapon ("I could kill Boris for that joke") stays talk."""
    assert _misread_by_own({
        "stab Gleb with the knife": "X",
        "shoot Dora with the pistol tonight": "X",
        "Зарежу Бориса ножом": "X",
        "I could kill Boris for that joke": "TALK",
    }) == {}  # fmt: skip


def test_names_and_order_words_shortened_or_hyphened_are_read_ts_7_ts_19() -> None:
    """ "srch pist+cand", «лов Глеб гар стол бенз», «отм все», «ПОИСК-НОЖ,ЯД», "move-garage": shortened
    to a start only one name or order has, or joined by a hyphen; a start that could be two names is
    asked; an English word that begins a name ("fire") is never that name."""
    assert _misread_by_own({
        "srch pist+cand": "S:Candlestick,Pistol",
        "search wardr and chand": "S:Chandelier,Wardrobe",
        "лов Глеб кух стол бенз": "T:Глеб/Kitchen/Table/Petrol",
        "отм все": "C:all",
        "ПОИСК-НОЖ,ЯД": "S:Knife,Poison",
        "переход-кухня": "M:Kitchen",
        "move-garage": "M:Garage",
        "ищу тум и кам": "X",
        "кто-нибудь видел нож?": "TALK",
    }) == {}  # fmt: skip


def test_a_part_of_the_day_as_a_heading_times_the_order_after_it_ts_4() -> None:
    """«вечер — кабинет», «ночь: ловушка …», "evening: garage": that part of the day; a greeting
    («Добрый вечер —») times nothing."""
    assert _misread_by_own({
        "вечер — кабинет": "M:Study@d1h4",
        "ночь: ловушка на Глеба, кухня, стол, нож": "T:Глеб/Kitchen/Table/Knife",
        "evening: garage": "M:Garage@d1h4",
    }) == {}  # fmt: skip
    said = parse_text("Добрый вечер — иду в кабинет", NAMES["ru"], NOW, "Анна")
    assert [reading(item, "Анна") for item in said if reading(item, "Анна") != "TALK"] == ["M:Study"]


def test_every_order_is_taken_back_by_the_word_for_orders_ts_11() -> None:
    """«все мои заявки отменяю», «все мои приказы — отбой», "all my orders — scrap them": every order
    taken back; what others take back («все отменяют свои заявки») is told."""
    assert _misread_by_own({
        "все мои заявки отменяю": "C:all",
        "все мои приказы — отбой": "C:all",
        "all my orders, scrap them": "C:all",
        "все отменяют свои заявки, а я нет": "TALK",
    }) == {}  # fmt: skip


def test_a_correction_reads_past_its_excuse_and_rather_than_ts_11() -> None:
    """ "…, sorry, fat fingers", «… Перепутала, простите»: the corrected order, the excuse not relayed;
    "I'd rather go to the study than the garage", "I don't want the Garage. Make it the Study.", «Не хочу
    в гараж. Пусть будет кабинет.»: the order chosen; "Actually no, I'll stay" still takes a move back."""
    assert _misread_by_own({
        "Correction: search the rope and the sofa, not the knife. Sorry, fat fingers.": "S:Rope,Sofa",
        "Исправляю: иду не в гараж, а в кабинет. Перепутала, простите.": "M:Study",
        "I'd rather go to the study than the garage": "M:Study",
        "I don't want the Garage. Make it the Study.": "M:Study",
        "Не хочу в гараж. Пусть будет кабинет.": "M:Study",
        "Move to the Kitchen. Actually no, scratch that, I'll stay.": "STAY",
    }) == {}  # fmt: skip


def test_what_another_does_again_or_to_the_writer_is_told_ts_23() -> None:
    """ "Gleb keeps checking the fireplace, odd", «Вера опять ищет верёвку», "he never goes into the
    garage", «Борис на меня смотрит», «Не ищите меня»: told of others, talk; the writer's own plan beside
    it is still the order."""
    assert _misread_by_own({
        "Gleb keeps checking the fireplace, odd": "TALK",
        "Вера опять ищет верёвку": "TALK",
        "he never goes into the garage": "TALK",
        "Борис на меня смотрит": "TALK",
        "Не ищите меня.": "TALK",
        "I'll check the rope and knife again": "S:Knife,Rope",
    }) == {}  # fmt: skip


def test_a_time_after_and_opens_the_next_order_ts_4() -> None:
    """ "I'll search the knife and rope this hour, and this evening I'll go to the study", «ищу нож и
    яд, а вечером пойду в кабинет»: each order at its own time."""
    assert _misread_by_own({
        "I'll search the knife and the rope this hour, and this evening I'll go to the study":
            "S:Knife,Rope ; M:Study@d1h4",
        "ищу нож и яд, а вечером пойду в кабинет": "S:Knife,Poison ; M:Study@d1h4",
        "ищу нож и яд, а завтра утром я пойду в спальню": "S:Knife,Poison ; M:Bedroom@d2h1",
    }) == {}  # fmt: skip


def test_a_polite_frame_with_have_me_or_wondering_whether_is_the_order_ts_11() -> None:
    """ "Could you have me search …", "Hmm, I was wondering whether I could maybe go …", "No rush":
    the request is the order; "no rush" withdraws no move; "Let me tell you …" is talk."""
    assert _misread_by_own({
        "Could you have me search the sofa and the knife?": "S:Knife,Sofa",
        "Hmm, I was wondering whether I could maybe go to the study?": "M:Study",
        "No rush on this, thanks.": "TALK",
        "Let me tell you what I saw last night.": "TALK",
    }) == {}  # fmt: skip


def test_both_names_the_two_cards_of_the_sentence_before_ts_19() -> None:
    """ "The sofa and the rope look odd. I'll search both.", «Кресло и камин… Проверю обе.»: the search of
    the two cards named just before."""
    assert _misread_by_own({
        "The sofa and the rope look odd to me. I'll search both.": "TALK ; S:Rope,Sofa",
        "Странная эта люстра, да и камин тоже. Проверю оба.": "S:Chandelier,Fireplace",
    }) == {}  # fmt: skip


def test_a_purpose_and_a_meal_time_name_nothing_ts_4_ts_23() -> None:
    """ "… so I'm there at 10": why, no second time; "back by dinner": a meal, never the
    Dining Room."""
    assert _misread_by_own({
        "tonight move to the Study so I'm there at 10": "M:Study@d1n",
        "If I'm not back by dinner, come and find me.": "TALK",
    }) == {}  # fmt: skip


def test_a_trap_left_to_him_is_for_the_one_character_named_before_ts_20() -> None:
    """«Глеб подозрительно тих. Ночью оставлю ему сюрприз: кухня, раковина, яд.»: the trap is for the one
    character the sentences before named."""
    assert _misread_by_own({
        "Глеб весь вечер подозрительно тих. Ночью оставлю ему сюрприз: кухня, раковина, яд.":
            "TALK ; T:Глеб/Kitchen/Sink/Poison",
    }) == {}  # fmt: skip


def test_a_line_read_as_a_correction_is_read_in_few_ways_whatever_its_length_ts_11(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Anyone can write to the referee, so reading is bounded: of a long post's readings as a correction
    (its starred words, its "not …" parts), only the likeliest few are read, each once, and never again
    inside another."""
    from referee.core import corrections
    from referee.games.ten_sailors import parse

    monkeypatch.setattr(corrections, "readings", lambda line: [f"{line} {n}" for n in range(100)])
    calls = []
    real = parse._read_text

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(kwargs.get("corrected", False))
        return real(*args, **kwargs)

    monkeypatch.setattr(parse, "_read_text", counted)
    parse_text("Иду в кабинет, а потом ищу нож и яд. Хотя нет.", NAMES["ru"], NOW, "Анна")
    assert 0 < calls.count(True) <= parse._MOST_READINGS
