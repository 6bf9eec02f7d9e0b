"""The demo of a game played phase by phase (every game not on a calendar), by bots by mail.

Each bot asks the rules' ``bot`` for orders from its own player view, just before it writes
its mail, so that it always answers the game as it stands. The referee takes each mail in
at once; these games close a phase as soon as nobody is awaited (``early_close``). Now and
then a bot forgets a phase altogether (one time in ``ABSENT``, drawn from the seed); a phase
still open after a pass in which no bot had anything to send is resolved as if its
deadline had passed unanswered, so the demo shows the deadline defaults too. What a closed phase
is told with comes from the game (``GameKind.demo.news``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.app import Loaded, Referee
from referee.core.kind import Telling
from referee.core.rng import SeededStream
from referee.core.russian import guess_gender
from referee.demo.files import START, start_demo_game
from referee.demo.post import PostOffice
from referee.demo.words import count, names_in, say
from referee.games import game_of, phase_words
from referee.render import Renderer, and_list

PASSES = 12
"""The most passes over the bots in one phase before it is closed as at its deadline."""

ABSENT = 16
"""A bot misses a phase one time in this many."""


@dataclass(frozen=True)
class Played:
    """A short game played to its end: the game, where its files are, and how much mail it took."""

    loaded: Loaded
    post: PostOffice


def run_short(
    directory: Path,
    kind: str,
    seed: int,
    players: int,
    language: str,
    echo: Callable[[str], None],
    *,
    watch: Callable[[PostOffice], None] | None = None,
    answers_in_report: bool = True,
) -> Played:
    """Plays a whole game of ``kind`` by mail in ``directory``, a line through ``echo`` per closed phase.

    ``watch`` is called after every delivery of the referee's mail (see ``PostOffice.watch``). With
    ``answers_in_report`` each bot's first mail chooses ANSWERS IN REPORT («ОТВЕТЫ В СВОДКЕ»), where the
    game keeps that setting (``referee.core.answers``).
    """
    config, store, loaded = start_demo_game(directory, seed, players, language, kind)
    post = PostOffice(store, config, START)
    post.watch = watch
    post.send()
    game_id = loaded.row.id
    names = [seat.name for seat in store.seats(game_id)]
    line = CHOICE["ru" if language == "ru" else "en"]
    demo = game_of(kind).demo
    choosing = _Choosing(line, set() if answers_in_report else set(names), language, demo.in_language)
    while not loaded.rules.finished(loaded.state):
        label, key = loaded.rules.phase(loaded.state).label, loaded.rules.phase(loaded.state).key
        first_seq, mails = loaded.seq, post.mails_in
        loaded, early = _play_phase(store, post, loaded, names, seed, choosing)
        if not early:  # nobody answered before the deadline
            clock = store.calendar.clock(game_id)
            loaded = store.resolve(game_id, post.until(clock.due_at if clock else None)).loaded
            post.send()
        events = [row for row in store.events(game_id) if row.seq > first_seq]
        logged = [(row.kind, row.data) for row in events]
        news = game_of(kind).demo.news(logged, telling(language, loaded.state, post.renderer, kind))
        how = say(language, "at_once" if early else "at_deadline")
        mailed = count(language, post.mails_in - mails, "mail")
        label_shown = phase_words(label, key, kind, language)
        echo(say(language, "phase", label=label_shown, news=news, mails=mailed, how=how))
    return Played(loaded, post)


@dataclass(frozen=True)
class _Choosing:
    """How bots write: the line a bot's first mail opens with (the answers setting), the bots that have
    written, and their orders as a player of the demo's language writes them (``Demo.in_language``)."""

    line: str
    wrote: set[str]
    language: str = "en"
    in_language: Callable[[str, str, str], str] | None = None


CHOICE = {"en": "ANSWERS IN REPORT", "ru": "ОТВЕТЫ В СВОДКЕ"}
"""What a demo bot writes first where the game keeps the answers setting."""


def _play_phase(
    store: Referee, post: PostOffice, loaded: Loaded, names: list[str], seed: int, choosing: _Choosing
) -> tuple[Loaded, bool]:
    """Bots mail their orders until the open phase closes early (True) or none has more to say (False).

    The bots the phase does not wait for speak first in each pass, so that the awaited ones
    (the Detective about to arrest) have heard them.
    """
    game_id, rules = loaded.row.id, loaded.rules
    key = rules.phase(loaded.state).key
    awaited = set(rules.waiting(loaded.state))
    present = [n for n in names if SeededStream(seed, f"absent:{key}:{n}").choice(range(ABSENT))]
    speakers = [n for n in present if n not in awaited] + [n for n in present if n in awaited]
    for _ in range(PASSES):
        wrote = False
        for name in speakers:
            view = rules.player_view(loaded.state, name, store.seen_by(game_id, name))
            orders = rules.bot(view, seed)
            if not orders:
                continue
            if name not in choosing.wrote and getattr(rules, "answers_in_report", None) is not None:
                orders = f"{choosing.line}\n{orders}"  # as a player who wants less mail would
            choosing.wrote.add(name)
            if choosing.in_language is not None and choosing.language != "en":
                orders = choosing.in_language(orders, choosing.language, guess_gender(name))
            post.write(name, orders)
            post.take_in()
            post.send()
            wrote = True
            loaded = store.load(game_id)
            if rules.finished(loaded.state) or rules.phase(loaded.state).key != key:
                return loaded, True
        if not wrote:
            break
    return loaded, False


def telling(language: str, state: Any, renderer: Renderer, kind: str) -> Telling:
    """What a game's demo tells with: the demo's language, the game as it stands, the names the game's
    templates give things in that language (so the demo names them as the players' mail does) and a
    list written as the language writes one."""
    lang = "ru" if language == "ru" else "en"
    return Telling(
        language=language,
        state=state,
        names=lambda partial, name: names_in(renderer, lang, kind, partial, name),
        listed=lambda items: and_list(items, language),
    )
