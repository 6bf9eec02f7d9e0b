"""Ten Sailors lines written in the ways the sixteenth held-out set showed, read by class (TS-11, TS-23
ruling): a question to the host about how an order is written or works, or for the rules again, is the
help; a question or a request for one's own orders, named by their kind or as one's situation, is the
status. Neither is ever said aloud; a question about what one should do stays talk.

The lines stand in no corpus. The notation is the corpora's (``tests/test_ts_order_corpus.py``).
"""

from __future__ import annotations

from test_ts_reading_round_six import _misread_by_own


def test_how_an_order_is_written_or_works_and_the_rules_again_are_the_help_ts_11() -> None:
    """ "How do I write a trap?", «как оформить поиск?», "how do traps work", «правила можно ещё раз?»: the
    help, whichever order kind it names; a question naming a character is not (talk, or asked back when it
    names a plan)."""
    assert _misread_by_own({
        "how do I write a trap again?": "HELP",
        "What's the right way to format a search?": "HELP",
        "how does moving work at night??": "HELP",
        "Подскажите, как оформить поиск?": "HELP",
        "Как правильно писать переход?": "HELP",
        "как вообще работают ловушки": "HELP",
        "Can I see the rules again?": "HELP",
        "Правила ещё раз пришлите, пожалуйста": "HELP",
        "Можно памятку по правилам?": "HELP",
        "How does Boris always know where I am?": "TALK",
        "The rules say a trap needs three cards, so Gleb is bluffing.": "X",
    }) == {}  # fmt: skip


def test_ones_own_orders_asked_for_by_their_kind_or_as_ones_situation_are_the_status_ts_11() -> None:
    """«Покажите мои заявки», "what's my move set to right now?", «что у меня сейчас на поиск?», "what's my
    situation?": the status; what one should search is talk, another's search is asked back."""
    assert _misread_by_own({
        "Покажите мои заявки, пожалуйста": "STATUS",
        "Show me my orders": "STATUS",
        "List my current orders please": "STATUS",
        "What's my move set to right now?": "STATUS",
        "Что у меня сейчас записано на поиск?": "STATUS",
        "Что у меня сейчас стоит на ловушку?": "STATUS",
        "What's my situation?": "STATUS",
        "Какое у меня сейчас положение?": "STATUS",
        "What should Boris search next?": "X",
        "Что мне сейчас искать, как думаете?": "TALK",
    }) == {}  # fmt: skip


def test_a_wish_with_its_subject_names_the_order_and_corrections_need_no_word_ts_11_ts_23() -> None:
    """ "I want the Music Room", «я хочу кухню»: the wish is a wrapper with its "I" as without it; a star
    before the right words ("kitchen *study"), an ellipsis after a word broken off when the line ends by
    saying it corrected itself («в гостин... в кабинет, то есть»), and an hour taken back by its ordinal
    («во второй час — нет, в третий») leave the corrected order alone; an ellipsis before a remark does
    not."""
    assert _misread_by_own({
        "I want the Dining Room": "M:Dining Room",
        "Correction: I want the Living Room, not the Study.": "M:Living Room",
        "I want the knife and the rope": "S:Knife,Rope",
        "Я хочу кухню": "M:Kitchen",
        "Я хочу нож и верёвку": "S:Knife,Rope",
        "go to the kitchen *study": "M:Study",
        "search the sofa and the rope *knife": "S:Knife,Sofa",
        "иду в гараж *в спальню": "M:Bedroom",
        "перехожу в кухню *в ванную, опечатка": "M:Bathroom",
        "go to the gar... the study, I mean": "M:Study",
        "Иду в гостин... в кабинет, то есть.": "M:Study",
        "В третий час в гараж — нет, в четвёртый.": "M:Garage@d1h4",
        "Иду в кухню... там посмотрим": "M:Kitchen ; TALK",
    }) == {}  # fmt: skip


def test_being_somewhere_this_hour_is_its_move_and_a_remark_after_its_time_is_talk_ts_4_ts_23() -> None:
    """ "I'll be in the study this hour": no move before this hour is left to make, so it is this hour's
    (in the morning, it stays tonight's move for 10:00); "be" with no place after it is no move ("and be
    left in peace"), and words after a move's time that name nothing are a remark, not the move again."""
    assert _misread_by_own({
        "I'll be in the study this hour": "M:Study",
        "В этот час буду в кабинете": "M:Study",
        "in the morning I'll be in the study": "M:Study@d1n",
        "I'll be in the garage in hour 3": "M:Garage@d1h2",
        "Anna would like to move to the Bathroom this hour and be left in peace.": "M:Bathroom ; TALK",
        "I'd like to go to the Kitchen right now and be done with it": "M:Kitchen ; TALK",
        "go to the Garage at 1pm and to the Study at 4pm": "M:Garage@d1h2 ; M:Study@d1h3",
    }) == {}  # fmt: skip


def test_long_posts_a_past_time_a_denied_stay_and_a_noun_of_setting_are_no_orders_ts_4_ts_23() -> None:
    """In a long post: a time put in the past ("last night", «вчера вечером») is no time of an order; a
    stay denied («сидеть сложа руки не могу») or under "if" is no stay; where one is, told to the others
    («вы знаете, где я»), is no status; "that place" sets no trap; and a post whose sentences would each be
    talk together is asked about when one of them holds a plan, whatever another says to the others
    (here read whole as the search it holds)."""
    assert _misread_by_own({
        "After last night's scream nobody wants to be alone, but Anna is stubborn: she will go to the Garage"
        " by herself, because something about that place has been bothering her since she arrived.":
            "M:Garage",
        "Вчера вечером там было шумно, так что иду в гараж": "M:Garage",
        "Last night was awful, so I'm going to the garage": "M:Garage",
        "Я, конечно, не сыщик, но сидеть сложа руки не могу.": "TALK",
        "I'm staying here, no need to move": "STAY",
        "Go to the garage... Search the sofa and the knife. Sorry!": "M:Garage ; S:Knife,Sofa ; TALK",
        "I can't just sit here.": "TALK",
        "Если не вернусь к обеду — вы знаете, где я.": "TALK",
        "Где я?": "STATUS",
        "Could you tell me where I am now?": "STATUS",
        "Я не сыщик, но сидеть без дела не могу. Кто-то из нас врёт. Пока все болтают, я осмотрю шкаф и"
        " тумбочку — в старых домах вечно что-то прячут. Потом расскажу.": "X",
        "Кто-то из нас врёт. Пока все болтают, я осмотрю шкаф и тумбочку — тут вечно что-то прячут.":
            "S:Nightstand,Wardrobe",
    }) == {}  # fmt: skip


def test_a_move_from_a_room_a_search_over_two_verbs_and_hearsay_ts_11_ts_13() -> None:
    """A move names where it starts ("from the kitchen to the garage", «из кухни в оранжерею»): the room
    left is no second room, and never the room gone to («ухожу из кухни» is asked where to; "leaving the
    kitchen for the garage" is asked, never said aloud); a search for one card by each of two verbs is one
    search even with a remark after a dash («пороюсь у дивана и поищу биту — её, говорят, видели»), and
    what others say («говорят», "they say") is no line of the writer's talk; a Finnish knife («финка») is
    the knife."""
    assert _misread_by_own({
        "move from the kitchen to the garage": "M:Garage",
        "going from the Dining Room to the Study this evening": "M:Study@d1h4",
        "Перебираюсь из кухни в оранжерею.": "M:Conservatory",
        "иду в кухню из гаража": "M:Kitchen",
        "ухожу из кухни": "X",
        "leaving the kitchen for the garage": "X",
        "Boris is leaving the kitchen": "TALK",
        "Я пока пороюсь у дивана и поищу биту — её, говорят, видели в этом доме.": "S:Baseball Bat,Sofa",
        "I'll poke around the sofa and look for the bat - they say it was seen here.": "S:Baseball Bat,Sofa",
        "обыщите нож, пожалуйста": "X",
        "Ищу финку и гардероб.": "S:Knife,Wardrobe",
        "search the switchblade and the sofa": "S:Knife,Sofa",
    }) == {}  # fmt: skip


def test_a_stay_before_a_move_and_what_a_later_order_makes_needless_ts_11() -> None:
    """ "Stay here this hour and go to the garage in hour 3" is a stay, then a move; the help asked twice
    on a line is one help, and a cancel of a search that a new search for the same time replaces is left
    out (a trap's cancel is not: several traps may be set); words that only look like order words are
    none ("Seeing the sofa …", "Like in the movies")."""
    assert _misread_by_own({
        "heading to the kitchen, checking for rope & knife": "M:Kitchen ; S:Knife,Rope",
        "Seeing the sofa and the knife there, I'm worried": "TALK",
        "Like in the movies: the garage at midnight": "TALK",
        "Stay here this hour and go to the Study in hour 3.": "STAY ; M:Study@d1h3",
        "HELP!! how do I even write orders": "HELP",
        "Forget my earlier search, look for the sink and the poison instead.": "S:Poison,Sink",
        "cancel my move. move to the garage in hour 2": "C:move ; M:Garage@d1h2",
    }) == {}  # fmt: skip


def test_a_posts_grounds_for_its_orders_and_others_reasons_are_no_question_ts_23() -> None:
    """In a long post with an order: a sentence asked back that names only what the post's orders name
    is their story, left out (neither asked nor relayed); a reason told by what others do ("since everyone
    else is crowding the Kitchen") is scenery beside the writer's own order; a sentence asked back among
    the others is read again as a line of its own (what is told beside it is talk, as TS-23 rules)."""
    assert _misread_by_own({
        "Gleb keeps staring at the rope. So I'll search for the rope and the sofa, just in case.":
            "TALK ; S:Rope,Sofa",
        "Dora never goes near the Study and hides her hands near the table. Tonight my trap is for Dora,"
        " Study, Table, Knife.": "T:Dora/Study/Table/Knife",
        "Anna will head for the Garage, since everyone else seems to be crowding the Kitchen.": "M:Garage",
        "Иду в спальню, потому что все толпятся на кухне": "M:Bedroom",
        "Another grey morning. First, Anna will head for the Garage, since they all sit in the Kitchen."
        " Then she'll look for the rope and the sofa.": "TALK ; M:Garage ; S:Rope,Sofa",
    }) == {}  # fmt: skip


def test_more_questions_of_ones_own_standing_and_of_how_to_play_ts_11() -> None:
    """How many traps one has left, where one is going, what one ordered, what one's orders are now
    (in any case of «мой»): the status; what one may do, how to do an order («как обыскивать»): the
    help; the same of another or of the table is talk."""
    assert _misread_by_own({
        "Сколько у меня ещё ловушек?": "STATUS",
        "How many traps do I have left?": "STATUS",
        "Куда я сейчас иду?": "STATUS",
        "Where am I going?": "STATUS",
        "Что я уже заказала на этот час?": "STATUS",
        "Мастер, а что с моими приказами?": "STATUS",
        "Что мне сейчас можно делать?": "HELP",
        "Не понимаю, как обыскивать": "HELP",
        "Сколько у Бориса карт?": "TALK",
        "Where should we go?": "TALK",
    }) == {}  # fmt: skip
