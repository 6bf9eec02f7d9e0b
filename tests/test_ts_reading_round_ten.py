"""Ten Sailors lines written in the ways the eighteenth held-out set showed, read by class (TS-4, TS-11,
TS-19, TS-23 ruling): phrases of moving and staying ("make for", "put me in", "hold position"); the room
left before the move of the same sentence; a search asked as an indirect question ("check whether there
is …", «проверьте, нет ли …»); an order named first and taken back after it ("The search, forget it");
corrections after "hmm", «тьфу», "on second thought" and "earlier I said …, but"; courtesy wrapped around
the writer's own name; what is the other's («кресло твоё») and a verb after «где» are told, not ordered;
talk in two sentences is one line of talk.

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

from test_ts_order_corpus import NAMES, NOW, reading
from test_ts_reading_round_six import _misread_by_own

from referee.games.ten_sailors.parse import parse_text


def test_phrases_of_moving_and_staying_are_moves_and_stays_ts_11() -> None:
    """ "make for", "put me down for", "put me in" go somewhere; "hold position" stays; being "near the
    others" names no room and hedges nothing."""
    assert _misread_by_own({
        "Anna makes for the Kitchen without a word.": "M:Kitchen",
        "I make for the Study.": "M:Study",
        "Please put me down for the Bathroom.": "M:Bathroom",
        "Put me in the Dining Room, thanks.": "M:Dining Room",
        "Holding position this hour.": "STAY",
        "Hold my position.": "STAY",
        "I want company, near the others, so put me in the Kitchen.": "M:Kitchen",
        "I'll go to the room next to the kitchen.": "X",
    }) == {}  # fmt: skip


def test_the_room_left_before_a_move_of_the_same_sentence_is_no_move_ts_11() -> None:
    """«выскальзываю из холла и сворачиваю к гаражу», "slip out of the hall and make for the garage": the
    move is to the room after; a room left with no move after it is still asked where to."""
    assert _misread_by_own({
        "I slip out of the Kitchen and make for the Study.": "M:Study",
        "Анна выходит из кухни и сворачивает к кабинету.": "M:Study",
        "Она выскальзывает из спальни и направляется к ванной.": "M:Bathroom",
        "Я выскальзываю из холла.": "X",
    }) == {}  # fmt: skip


def test_a_search_asked_as_an_indirect_question_is_the_search_ts_19() -> None:
    """ "Could you check whether there is a rope or a knife here?", «Не могли бы вы проверить, нет ли тут
    дивана или шкафа?»: the two cards after the words of asking are searched."""
    assert _misread_by_own({
        "Could you check whether there is a rope or a stone here?": "S:Rope,Stone",
        "Can you check if there's any poison or a knife?": "S:Knife,Poison",
        "Не могли бы вы проверить, нет ли тут верёвки или камня?": "S:Rope,Stone",
        "Можете посмотреть, нет ли здесь ножа и яда?": "S:Knife,Poison",
    }) == {}  # fmt: skip


def test_an_order_named_first_and_taken_back_after_it_is_the_cancel_ts_11() -> None:
    """ "The search, forget it", «Переход, о котором я писала, — забудьте»: what is named first is taken
    back, with or without a clause telling of it."""
    assert _misread_by_own({
        "The search, forget it.": "C:search",
        "The move that I sent this morning, scrap that.": "C:move",
        "Поиск, который я просила, — забудьте.": "C:search",
        "Переход, который я заказывала, отменяю.": "C:move",
        "Wipe every order I have pending.": "C:all",
        "Удалите все мои приказы.": "C:all",
    }) == {}  # fmt: skip


def test_corrections_after_a_pause_or_second_thoughts_keep_the_new_order_ts_11() -> None:
    """ "Kitchen. Hmm, on second thought, Study.", «Ищу нож и диван, тьфу, нож и шкаф», "Earlier I said
    the Garage, but …": the order after the taking back, alone."""
    assert _misread_by_own({
        "Kitchen. Hmm, on second thought, Study.": "M:Study",
        "Garage. On second thoughts, Bathroom.": "M:Bathroom",
        "Ищу нож и диван, тьфу, нож и шкаф.": "S:Knife,Wardrobe",
        "Кухня. Хм, подумав, — всё-таки кабинет.": "M:Study",
        "Гараж. Нет, всё-таки спальня.": "M:Bedroom",
        "Earlier I said the Garage, but I'd rather go to the Kitchen.": "M:Kitchen",
        "Раньше я написала гараж, но лучше пойду на кухню.": "M:Kitchen",
    }) == {}  # fmt: skip


def test_courtesy_around_the_writers_own_name_is_the_writers_order_ts_11() -> None:
    """«Если вас не затруднит, переведите Анну в …», "Would it be all right if Anna went to …": the
    writer's own move, her name no part of it."""
    assert _misread_by_own({
        "Если вас не затруднит, переведите Анну в гараж.": "M:Garage",
        "Если не сложно, отправьте Анну на кухню.": "M:Kitchen",
        "Would it be all right if Anna went to the Study this hour?": "M:Study",
        "Is it okay if Anna searches the sofa and the rope?": "S:Rope,Sofa",
    }) == {}  # fmt: skip


def test_what_is_the_others_and_a_verb_after_where_are_told_not_ordered_ts_23() -> None:
    """«Глеб, диван твой», «Анна остаётся, где сидела, и молчит»: said to another, told of a place; the
    stay before them is still the stay."""
    assert _misread_by_own({
        "Остаюсь. Глеб, диван твой.": "STAY ; TALK",
        "Stay here. Boris, the sofa is yours.": "STAY ; TALK",
        "Анна остаётся, где сидела, и молчит.": "STAY",
        "Глеб, ваш диван.": "TALK",
    }) == {}  # fmt: skip


def test_talk_in_two_sentences_is_one_line_of_talk_ts_23() -> None:
    """A question and a remark after it are one line said aloud, as the writer wrote it."""
    for line, language in (
        ("Кто-нибудь был на кухне? Говорят, там нож лежит, представляете.", "ru"),
        ("Anyone been to the kitchen? They say the knife is there.", "en"),
    ):
        items = parse_text(line, NAMES[language], NOW, "Анна" if language == "ru" else "Anna")
        assert [reading(item) for item in items] == ["TALK"], line


def test_an_order_for_a_time_already_over_is_refused_in_the_corpora_notation_ts_4() -> None:
    """«Перейти в кабинет сегодня в 8 утра», read at 10:00: the time has passed (``segment_over``)."""
    assert _misread_by_own({
        "Перейти в кабинет сегодня в 8 утра.": "X",
        "Move to the Study today at 9am.": "X",
        "Move to the Study today at 2pm.": "M:Study@d1h2",
    }) == {}  # fmt: skip


def test_an_order_by_its_letter_or_short_word_and_a_long_short_name_ts_11_ts_20() -> None:
    """ "m study", "mv conserv h3", «Л Игорь/кухня/раковина/нож»: the order its letter or short word stands
    for; a long beginning of an English name is that name ("chandel"), a short one or a word of its own is
    not ("switch" is no switchblade)."""
    assert _misread_by_own({
        "m study": "M:Study",
        "mv bathr h2": "M:Bathroom@d1h2",
        "srch chandel and wardrobe": "S:Chandelier,Wardrobe",
        "Л Игорь/кухня/раковина/нож": "T:Игорь/Kitchen/Sink/Knife",
        "Л: Зоя, гараж, машина, камень": "T:Зоя/Garage/Car/Stone",
        "I want to switch to the Study tonight so I'm there by 10.": "M:Study@d1n",
    }) == {}  # fmt: skip


def test_a_trap_told_one_name_a_sentence_is_the_trap_ts_20() -> None:
    """ "Gleb. Kitchen. Sink. Knife. That's my trap.": the four names are tonight's trap, never a move and a
    search beside a name."""
    assert _misread_by_own({
        "Carl. Kitchen. Sink. Knife. That's my trap.": "T:Carl/Kitchen/Sink/Knife",
        "Ivan. Study. Armchair. Pistol.": "T:Ivan/Study/Armchair/Pistol",
        "Жанна. Гараж. Машина. Бензин. Это моя ловушка.": "T:Жанна/Garage/Car/Petrol",
    }) == {}  # fmt: skip


def test_a_card_beside_the_writer_and_a_clause_of_what_others_do_go_with_the_order_ts_11_ts_19() -> None:
    """ "kneels by the fireplace, hunting for a stone or a rope": the fireplace is where she is, the search
    is the two after; "…, while nobody's looking" is when the order is carried out, no remark to relay."""
    assert _misread_by_own({
        "Anna crouches by the sofa, hunting for a knife or a length of rope.": "S:Knife,Rope",
        "*Анна присаживается у раковины и шарит по полкам — ищет нож или яд*": "S:Knife,Poison",
        "Slipping into the Study while everyone's asleep": "M:Study",
        "Going to the Kitchen while Boris naps": "M:Kitchen",
    }) == {}  # fmt: skip


def test_an_indirect_question_is_never_a_taken_back_order_ts_11_ts_19() -> None:
    """«…, нет ли …» asks what is there; it takes nothing back ("no, …" does): the move before it stays."""
    assert _misread_by_own({
        "Иду в кабинет, а пока я здесь — посмотрю, нет ли ножа и верёвки.": "M:Study ; S:Knife,Rope",
        "Выясняю, нет ли тут яда и камня.": "S:Poison,Stone",
        "Иду в кабинет — нет, в гараж.": "M:Garage",
    }) == {}  # fmt: skip


def test_advice_in_anothers_place_and_which_cards_go_together_are_talk_ts_23() -> None:
    """ "If I were Carl I'd keep out of the Study", "the rope goes with the Garage", «На месте Зои я бы не
    ходила на кухню»: said to the room, whatever they name."""
    assert _misread_by_own({
        "If I were Carl I'd keep well away from the Study.": "TALK",
        "My guess: the rope goes with the Garage.": "TALK",
        "На месте Зои я бы не ходила на кухню.": "TALK",
        "Мне кажется, нож относится к кухне.": "TALK",
    }) == {}  # fmt: skip


def test_an_order_naming_what_the_sentence_before_named_by_a_pronoun_ts_19_ts_20() -> None:
    """«Мне кажется, … а вот нож и яд — очень даже. Их и поищу.», «… Вот на это ловушку и ставлю.», "I'll trap
    him in …" in a long post: the pronoun stands for what the sentence before named (the last two cards of
    a search; a character and three cards of a trap; for «туда», the one room named before), never a plan
    said aloud; what else is said stays talk."""
    assert _misread_by_own({
        "Зоя весь вечер молчит. Мне кажется, диван тут ни при чём, а вот нож и яд — очень даже. Их и поищу.":
            "S:Knife,Poison ; TALK",
        "Готова спорить, Игорь это сделал на кухне, ножом, у раковины? Вот на это ловушку и ставлю.":
            "T:Игорь/Kitchen/Sink/Knife",
        "I keep thinking about the rope and the wardrobe. I'll search them.": "TALK ; S:Rope,Wardrobe",
        "Вера говорит, что в гараже кто-то скрипел дверью. Странно. Вечером схожу туда.":
            "TALK ; M:Garage@d1h4",
        "Carl talks about his car all day long, as if we would not notice. A man who hates petrol is hiding "
        "something. I'll trap him in the Garage with the car and the petrol tonight, you'll see.":
            "T:Carl/Garage/Car/Petrol",
    }) == {}  # fmt: skip
