"""Ten Sailors ("10 морячков"): the rules TS-1 … TS-25 as pure functions.

- ``cards``: the cards and their names (TS-6 … TS-9)
- ``state``: segments, characters, orders in force (TS-4, TS-14, TS-16, TS-20)
- ``parse``: the order language as players write it (TS-9, TS-11, TS-23), with ``words`` (order
  words, dictionary forms), ``lexicon`` (cards and names in any case, near misses), ``times``, and
  ``intent`` and ``signals`` (a line read by what it names and how, whatever its verb)
- ``orders``: accepting orders and table talk (TS-11, TS-12, TS-20, TS-22, TS-23)
- ``talk``, ``zone``: how talk reaches a character, and the time zone they read deadlines in
- ``resolve``: searches, moves, traps, the end (TS-11 … TS-25)
- ``apply``: how events change the state
- ``views``, ``notices``: what each reader may know (TS-3, TS-21), and what a reader of the web is mailed
- ``notebook``: what a character's own information implies about everyone's sets, and how open the game is
- ``epilogues``, ``chronicle``: how the game ended told as a scene, and its whole story told to all at the end
- ``demo``: how ``referee demo`` plays a campaign with bots (a host, cautious traps, Russian orders)

``GAME`` is the game as one object: these rules and what the referee says of the game outside them.
"""

from __future__ import annotations

from referee.core.kind import GameKind, Schedules
from referee.core.rules import GameRules
from referee.games.ten_sailors import (
    answering,
    apply,
    bot,
    chronicle,
    demo,
    lexicon,
    notebook,
    notices,
    orders,
    resolve,
    setup,
    snapshot,
    views,
    zone,
)
from referee.games.ten_sailors.state import GameState

NOTICES = frozenset({"welcome", "answer", "talk", "report", "morning"})
"""The templates of the notices these rules write, and of the answer to a player's orders."""

REASONS = frozenset(
    {"did_you_mean"}
    | {
        "after_the_end",
        "ambiguous",
        "bad_hour",
        "bare_names",
        "cancel_what",
        "dead",
        "game_over",
        "missing_arguments",
        "move_one_place",
        "no_traps_night_zero",
        "not_a_location",
        "nothing_to_cancel",
        "say_empty",
        "say_in_advance",
        "search_at_night",
        "search_in_hall",
        "search_room_card",
        "search_same_card",
        "search_two_cards",
        "segment_over",
        "time_alone",
        "trap_duplicate",
        "trap_in_daytime",
        "trap_limit",
        "trap_one_target",
        "trap_self",
        "trap_target_dead",
        "traps_fired",
        "trap_three_cards",
        "unknown_card",
        "unknown_location",
        "unknown_order",
        "unknown_word",
        "unknown_zone",
    }
)
"""Every reason code a refused line of orders may carry (the parser's and the judges')."""

RULES: GameRules[GameState] = GameRules(
    kind="ten-sailors",
    early_close=False,  # TS-4: hours end on the calendar, whoever has moved
    setup_keys=frozenset(),
    player_keys=frozenset({"host", "hand"}),
    notice_templates=NOTICES,
    refusal_reasons=REASONS,
    start=setup.start,
    apply=apply.apply,
    phase=views.phase,
    finished=views.finished,
    waiting=views.without_move,
    submit=orders.submit,
    resolve=resolve.resolve,
    notices=notices.notices,
    welcome=notices.welcome,
    answer=notices.answer,
    relays=notices.relays,
    master_view=views.master_view,
    seats_alive=views.seats_alive,
    player_view=views.player_view,
    bot=bot.bot_orders,
    describe=views.describe,
    dump=snapshot.dump,
    load=snapshot.load,
    reader_zone=zone.reader_zone,
    answers_in_report=answering.answers_in_report,
    for_both_reader=notices.for_both_reader,
    closing=resolve.closing,
    notice_kinds=notices.NOTICE_KINDS,
    prepare=lexicon.prepare,
    chronicle=lambda state, log, brief: chronicle.chronicle(state, log, brief=brief),
    notebook=notebook.for_seat,
    openness=notebook.openness,
    heard=views.heard,
    heard_kinds=frozenset({"message_posted"}),
    heard_letters=frozenset({"talk"}),
)
"""The Ten Sailors rules behind the core's ``Rules`` protocol."""

GAME = GameKind(
    rules=RULES,
    names={"en": "Ten Sailors", "ru": "10 морячков"},
    summary={
        "en": (
            "Three to nine characters in a castle on an island search its rooms for cards and set "
            "deadly traps for one another, hour by hour, day after day."
        ),
        "ru": (
            "От трёх до девяти персонажей в замке на острове обыскивают комнаты и ставят друг на "
            "друга смертельные ловушки — час за часом, день за днём."
        ),
    },
    schedules=Schedules(default="ten-sailors-daily", demo="ten-sailors-daily"),
    demo=demo.DEMO,
    letters={
        "report": {"en": "Report", "ru": "Отчёт"},
        "morning": {"en": "Morning news", "ru": "Утренние новости"},
        "talk": {"en": "Talk", "ru": "Разговор"},
        "death_announcement": {"en": "News of a death", "ru": "Весть о смерти"},
        "search_result": {"en": "Search result", "ru": "Итог обыска"},
        "trap_feedback": {"en": "Trap", "ru": "Ловушка"},
    },
    web_words={
        "ru": {
            "move {where}": "переход {where}",
            "search for {cards}": "обыск: {cards}",
            "trap for {target}: {room}, {furniture}, {weapon}": (
                "ловушка на {target}: {room}, {furniture}, {weapon}"
            ),
            "Talk heard": "Услышанные разговоры",
            "Searches": "Обыски",
            "Traps": "Ловушки",
            "Other characters": "Остальные персонажи",
            "alive": "жив(а)",
            "none": "нет",
            "The whole story": "Вся история",
            "The game is over and nothing is secret now: here is what happened, day by day.": (
                "Игра окончена, секретов больше нет — вот что происходило день за днём."
            ),
            "Arrival evening": "Вечер прибытия",
            "Day {day}": "День {day}",
            "Where everyone was, hours 1–4": "Кто где был (часы 1–4)",
            "What was said": "Что говорили",
            "At night": "Ночью",
            "Hour {hour}": "Час {hour}",
            "found": "найдено",
            "nothing found": "ничего не найдено",
            "a random search": "случайный обыск",
            "Traps of night {day}": "Ловушки ночи {day}",
            "{setter}'s trap for {target}": "Ловушка {setter} на {target}",
            "void: one of the two was dead already": "не в счёт: одного из двоих уже не было в живых",
            "it fired": "сработала",
            "not one card right": "ни одной верной карты",
            "one card of the three right": "верна одна карта из трёх",
            "two cards of the three right": "верны две карты из трёх",
            "Killed on the morning of day {day}": "Погибшие утром {day} дня",
            "Notebook": "Блокнот",
            "Only what you were told yourself: your searches, your traps, whom you saw where, the deaths.": (
                "Только то, что вы узнали сами: ваши обыски, ваши ловушки, кого и где вы видели, гибели."
            ),
            "Sets still possible": "Возможные наборы",
            "Never seen in": "Где вы ни разу не видели",
            "known": "известен",
            "not seen in any room yet": "пока нигде",
            "Cards": "Карты",
            "held by {name}": "у персонажа {name}",
            "not in the sets of {names}": "не в наборах: {names}",
            "Sets fully determined by their enemies: {count} of {total}": (
                "Наборов, которые противники уже знают точно: {count} из {total}"
            ),
        }
    },
)
"""Ten Sailors as the referee knows it: its rules, names, demo and the words of its web pages."""
