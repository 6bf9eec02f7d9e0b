"""Minuit, Meurtre en Mer: the rules MM-1 … MM-21 as pure functions, played by mail.

- ``ship.toml``, ``events.toml``, ``content``: the board, the numbers and the event deck (MM-1 … MM-4)
- ``investigation``: the investigation format, its loader and checker (MM-5, MM-6);
  the shipped investigations are in ``investigations/``
- ``solver``: which (culprit, means, motive) an investigation's truthful leads allow (MM-6)
- ``setup``: players, suspects, deck, dice (MM-7 … MM-10)
- ``state``, ``snapshot``: the state, how events change it, and its JSON
- ``parse``: the order language, English and Russian
- ``actions``: moves, questions, searches, buoys, a suspect's move, revelations, hypotheses (MM-13 … MM-18)
- ``turns``: rounds, the First Player's phase, the end (MM-11, MM-19, MM-20)
- ``scoring``: the points (MM-21)
- ``board``, ``dice``, ``shipmap``: ways across the ship, the d10, the map in letters
- ``views``, ``notices``, ``bot``: what each reader may know; a simple detective
- ``notebook``: the solutions the leads a player has read still allow, and how open the game is
"""

from __future__ import annotations

from operator import attrgetter

from referee.core.kind import GameKind, Schedules
from referee.core.rules import GameRules
from referee.games.minuit import actions, bot, demo, notebook, notices, setup, snapshot, turns, views
from referee.games.minuit.setup import SetupError
from referee.games.minuit.state import GameState, apply

__all__ = ["GAME", "RULES", "SetupError"]

NOTICES = frozenset({"welcome", "answer", "news", "turn", "hypotheses", "game_over"})
"""The templates of the notices these rules write, and of the answer to a player's orders."""

REASONS = frozenset(
    {
        "already_moved",
        "already_revealed",
        "already_revealing",
        "already_there",
        "bad_buoy",
        "bad_element",
        "bad_location",
        "bad_method",
        "bad_topic",
        "bad_zone",
        "cabin_occupied",
        "extra_words",
        "game_over",
        "location_elsewhere",
        "missing_arguments",
        "missing_method",
        "missing_topic",
        "missing_zone",
        "moved_last",
        "no_buoy",
        "no_way",
        "not_enough_ap",
        "not_into_suite",
        "not_your_turn",
        "nothing_to_boost",
        "nothing_to_retry",
        "officer_here",
        "reveal_not_here",
        "same_twice",
        "suite_taken",
        "suspect_elsewhere",
        "suspects_stay",
        "too_early",
        "too_far",
        "turn_over",
        "turns_over",
        "two_hypotheses",
        "unknown_candidate",
        "unknown_order",
        "unknown_suspect",
        "wait_for_revealer",
    }
)
"""Every reason code a refused line of orders may carry (the parser's and the judges')."""

RULES: GameRules[GameState] = GameRules(
    kind="minuit",
    early_close=True,
    setup_keys=setup.SETUP_KEYS,
    player_keys=frozenset(),
    notice_templates=NOTICES,
    refusal_reasons=REASONS,
    start=setup.start,
    apply=apply,
    phase=turns.phase,
    finished=attrgetter("finished"),
    waiting=turns.waiting,
    answers_in_report=turns.answers_in_report,
    submit=actions.submit,
    resolve=turns.resolve,
    notices=notices.notices,
    welcome=notices.welcome,
    answer=notices.answer,
    relays=notices.relays,
    master_view=views.master_view,
    player_view=views.player_view,
    bot=bot.bot_orders,
    describe=views.describe,
    notebook=notebook.for_seat,
    openness=notebook.openness,
    dump=snapshot.dump,
    load=snapshot.load,
)
"""The Minuit rules behind the core's ``Rules`` protocol."""

GAME = GameKind(
    rules=RULES,
    names={"en": "Minuit, Murder at Sea", "ru": "Полночь: убийство в море"},
    summary={
        "en": "Two to six detectives search a liner at sea for "
        "the culprit, the means and the motive of a murder.",
        "ru": "От двух до шести сыщиков обыскивают лайнер в "
        "открытом море, чтобы найти убийцу, орудие и мотив.",
    },
    schedules=Schedules(default="minuit", demo="minuit-fast"),
    demo=demo.DEMO,
    letters={
        "turn": {"en": "A turn played", "ru": "Сыгранный ход"},
        "news": {"en": "News", "ru": "Новости"},
        "hypotheses": {"en": "Hypotheses", "ru": "Гипотезы"},
    },
)
"""Minuit, Murder at Sea as the referee knows it: its rules, names and demo."""
