"""Museum Suspects: the rules MS-1 … MS-6 as pure functions, played by mail.

- ``content``: suspects, attribute values and clue criteria in both languages (MS-1)
- ``setup``: the players, the grid and the hidden clues (MS-2)
- ``state``: the state and how events change it
- ``parse``: the order language (INVESTIGATE, SUGGEST, HELP, STATUS, in English and Russian)
- ``turns``: the two steps of a turn, deadlines and defaults (MS-3 … MS-5)
- ``scoring``: the reveal, the thieves and the scores (MS-6)
- ``grid``: the board as text and as data for a picture
- ``views``, ``notices``: what each reader may know
- ``notebook``: which suspects may still be thieves, given the clues a player looked at
- ``web_words``: the sentences of the web pages' Museum Suspects parts in Russian
- ``bot``, ``snapshot``: a simple player; the state as JSON
"""

from __future__ import annotations

from operator import attrgetter

from referee.core.kind import GameKind, Schedules
from referee.core.rules import GameRules
from referee.games.museum_suspects import (
    bot,
    demo,
    notebook,
    notices,
    setup,
    snapshot,
    turns,
    views,
    web_words,
)
from referee.games.museum_suspects.setup import SetupError
from referee.games.museum_suspects.state import GameState, apply

__all__ = ["GAME", "RULES", "SetupError"]

NOTICES = frozenset({"welcome", "answer", "turn", "game_over"})
"""The templates of the notices these rules write, and of the answer to a player's orders."""

REASONS = frozenset(
    {
        "already_investigated",
        "already_suggested",
        "bad_clue",
        "bad_room",
        "bad_value",
        "clue_too_high",
        "extra_words",
        "game_over",
        "investigate_first",
        "missing_arguments",
        "missing_value",
        "no_such_token",
        "not_your_turn",
        "suspect_not_on_grid",
        "unknown_order",
        "unknown_target",
        "value_too_low",
    }
)
"""Every reason code a refused line of orders may carry (the parser's and the judges')."""

RULES: GameRules[GameState] = GameRules(
    kind="museum-suspects",
    early_close=True,
    setup_keys=frozenset({"grid", "clues"}),
    player_keys=frozenset(),
    notice_templates=NOTICES,
    refusal_reasons=REASONS,
    start=setup.start,
    apply=apply,
    phase=turns.phase,
    finished=attrgetter("finished"),
    waiting=turns.waiting,
    answers_in_report=turns.answers_in_report,
    submit=turns.submit,
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
    dump=snapshot.dump,
    load=snapshot.load,
)
"""The Museum Suspects rules behind the core's ``Rules`` protocol."""

GAME = GameKind(
    rules=RULES,
    names={"en": "Museum Suspects", "ru": "Подозреваемые в музее"},
    summary={
        "en": (
            "Two to four players study clues and put tokens on the museum's suspects; the clues, "
            "turned over at the end, name the thieves."
        ),
        "ru": (
            "От двух до четырёх игроков изучают улики и кладут жетоны на подозреваемых в музее; в "
            "конце улики открываются и называют воров."
        ),
    },
    schedules=Schedules(default="museum-suspects", demo="museum-suspects-fast"),
    demo=demo.DEMO,
    letters={"turn": {"en": "A turn played", "ru": "Сыгранный ход"}},
    web_words=web_words.WEB_WORDS,
)
"""Museum Suspects as the referee knows it: its rules, names and demo."""
