"""A skeleton game to copy: "Word by Word", the smallest game that keeps the whole contract.

Each round every seat sends one word (``WORD lantern`` / ``СЛОВО фонарь``); the word is
secret until the round closes — at its deadline, or as soon as every seat has written —
and then every word is revealed to everyone. After the last round the game is over.

This package is never offered to players: it is left out of ``referee.games.KINDS``
(its kind is ``referee.games.TEMPLATE_KIND``), and the contract test
(``tests/test_game_contract.py``) plays it like every real game.

How to start a new game from it:

1. Copy this folder to ``referee/games/<your_game>/`` and the templates in
   ``templates/en/_template/`` and ``templates/ru/_template/`` to
   ``templates/<language>/<your-kind>/``.
2. Put the game's data (names, lists, numbers) in ``content.toml`` and name every key
   you read, with its type, in ``content.py``'s ``SCHEMA``: ``referee.core.content``
   checks the file when the package is imported and names the file and key at fault.
3. Write the rules in ``state.py`` (the state, ``apply``, ``dump``/``load``) and
   ``rules.py`` (everything else; split it into modules as it grows). Rules import only
   ``referee.core``: no clock (times come in the ``Submission``), no unseeded
   randomness (``SeededStream``), no database, mail or templates. Every event says who
   may see it (its audience), and ``player_view`` shows a seat only what it may know.
4. Declare in ``RULES`` below every notice template your functions write
   (``notice_templates``, with "answer") and every reason code a refused line may carry
   (``refusal_reasons``). Each notice needs ``<name>.txt.j2`` in every language, each
   reason a phrase in ``_reasons.txt.j2``; add ``subject.txt.j2`` and ``master.txt.j2``.
   Reminders, the game-master's letters and the "held" answer are shared: you need not
   write them (``referee.render.SHARED_TEMPLATES``).
5. Describe the game in ``GAME`` below (``referee.core.kind.GameKind``): its names, its summary,
   its schedules, how ``referee demo`` plays it (``demo.py``: seats, news of a phase, the end) and,
   if it has them, the names of its letters and the sentences of its web fragments
   (``templates/web/<your-kind>/``) in each language. The command line, the web pages and the
   demo ask it; none of them names a game.
6. Put your filters and globals in ``presentation.py`` (``FILTERS``, ``GLOBALS``); give a
   ``phase_name`` filter if your phase keys should read differently in reminders.
7. Write ``schedules/<kind>.toml`` and the demo's ``schedules/<kind>-fast.toml`` (the names
   ``GAME.schedules`` gives).
8. Register the kind in ``referee.games.PACKAGES``; the contract test then checks it
   (templates in every language, phrases for every reason, snapshots that round-trip,
   views that keep secrets) by playing whole games with your ``bot``, and the contract that
   no game imports another holds it apart from the others (``tests/test_game_kinds.py``
   checks pyproject.toml's list against the registry and fails until it is listed there).
"""

from __future__ import annotations

from referee.core.kind import GameKind, Schedules
from referee.core.rules import GameRules
from referee.games._template import demo, rules
from referee.games._template.content import CONTENT
from referee.games._template.rules import SetupError
from referee.games._template.state import GameState, apply, dump, load

__all__ = ["GAME", "RULES", "SetupError"]

NOTICES = frozenset({"welcome", "answer", "revealed", "game_over"})
"""The templates of the notices these rules write, and of the answer to a player's orders."""

REASONS = frozenset({"unknown_order", "game_over", "missing_arguments", "one_word", "too_long"})
"""Every reason code a refused line of orders may carry."""

RULES: GameRules[GameState] = GameRules(
    kind="_template",
    early_close=True,
    setup_keys=frozenset(),
    player_keys=frozenset(),
    notice_templates=NOTICES,
    refusal_reasons=REASONS,
    start=rules.start,
    apply=apply,
    phase=rules.phase,
    finished=rules.finished,
    waiting=rules.waiting,
    submit=rules.submit,
    resolve=rules.resolve,
    notices=rules.notices,
    welcome=rules.welcome,
    answer=rules.answer,
    relays=rules.relays,
    master_view=rules.master_view,
    player_view=rules.player_view,
    bot=rules.bot,
    describe=rules.describe,
    dump=dump,
    load=load,
)
"""The skeleton's rules behind the core's ``Rules`` protocol."""

GAME = GameKind(
    rules=RULES,
    names=dict(CONTENT["names"]),
    summary={
        "en": "Each round every player writes one secret word; the words are revealed when the round closes.",
        "ru": "В каждом раунде каждый игрок пишет одно тайное слово; слова открываются, когда раунд закрыт.",
    },
    schedules=Schedules(default="word-by-word", demo="word-by-word-fast"),
    demo=demo.DEMO,
)
"""The skeleton as the referee knows a game: its rules, its names in each language (as the letters
name it), what it is, its schedules (``schedules/<name>.toml``), how the demo plays it, and — for a game
that has them — the names of its letters and the sentences of its web fragments in each language."""
