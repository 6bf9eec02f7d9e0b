"""``referee demo``: a whole game played by bots through the referee's mail.

Every bot reads the mail the referee sent it (Maildir), replies with its orders as a
mail client would, and the referee takes the replies in through the same intake as
real mail. The game keeps its calendar, and demo time jumps to each deadline, where the phase
is resolved.
A game played on its calendar (``GameKind.demo.calendar``) is played here; the others phase by phase
in ``short``; the files in ``files``. What the demo tells of a game comes from the game
(``GameKind.demo``).
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from statistics import median
from typing import Any

from referee.app import open_referee
from referee.config import load_config
from referee.core.events import Event
from referee.core.rules import visible
from referee.core.russian import guess_gender, read_gender
from referee.demo.files import DEFAULT_KIND, NAMES, START, demo_names, players_of, start_demo_game
from referee.demo.post import PostOffice
from referee.demo.short import run_short, telling
from referee.demo.words import count as count_of
from referee.demo.words import say, title
from referee.games import game_of, kinds

__all__ = ["NAMES", "START", "DemoError", "DemoResult", "play", "run_demo", "start_demo_game"]


class DemoError(ValueError):
    """A demo that cannot be played as asked; the message says why."""


@dataclass(frozen=True)
class DemoResult:
    """How the demo ended and where its files are."""

    game_id: str
    winners: list[str]
    frags: dict[str, str]
    outgoing: Path
    incoming: Path
    mails_in: int
    mails_out: int
    kind: str = DEFAULT_KIND
    scores: dict[str, int] = field(default_factory=dict)
    """Museum Suspects: each player's total (MS-6)."""
    roles: dict[str, str] = field(default_factory=dict)
    """Cosmic Express: each player's role and items as turned over at the end (CE-6)."""
    config: Path | None = None
    """The demo's configuration file, for ``referee state <id> --config …``."""
    details: list[str] = field(default_factory=list)
    """More lines about the end (the thieves; the weapon and the arrest)."""
    language: str = "en"
    """The demo's language: the language of the game and of every line the demo prints."""


def play(
    directory: Path,
    game: str,
    seed: int,
    players: int | None,
    language: str,
    echo: Callable[[str], None],
    *,
    command: str = "referee",
) -> DemoResult:
    """Plays a whole game of kind ``game`` by mail in ``directory`` and tells how it went through ``echo``.

    ``players`` defaults to the game's usual count (``GameKind.demo.seats``); raises ``DemoError`` for
    an unknown game, a count outside the game's range or a language other than en and ru. ``command``
    is how the person runs referee, for the command the last line suggests.
    """
    if game not in kinds():
        raise DemoError(f"there is no game called {game!r}; choose one of {', '.join(kinds())}")
    seats = players_of(game)
    count = seats.default if players is None else players
    if not seats.least <= count <= seats.most:
        raise DemoError(f"{game} takes {seats.least} to {seats.most} players, not {count}")
    if language not in ("en", "ru"):
        raise DemoError(f"the demo speaks en or ru, not {language!r}")
    names = ", ".join(demo_names(game, language)[:count])
    bots = count_of(language, count, "bot")
    echo(
        say(
            language,
            "playing",
            game=title(game, language),
            bots=bots,
            names=names,
            seed=seed,
            directory=directory,
        )
    )
    if game_of(game).demo.calendar:
        result = run_demo(directory, seed, count, language, echo, kind=game)
    else:
        result = _short(directory, game, seed, count, language, echo)
    result = replace(result, language=language)
    echo(say(language, "per_day", **mail_per_day(directory, result.game_id, language)))
    _summary(result, echo, command, language)  # last: it ends with what to do next
    return result


def mail_per_day(directory: Path, game_id: str, language: str) -> dict[str, str]:
    """How many mails the referee wrote to one player in one game day, over every player and day of
    the demo game in ``directory``: the median and the most, written for ``language``.

    A notice's day is the number its phase key starts with: the game day in Ten Sailors (``d3h1``,
    ``d3n-dawn``), the round in the games played in turns (``r2-3``, ``r2s1``), in which each player
    plays once a day by mail; a phase without one (Minuit's hypotheses) belongs to the day before it.
    """
    store = open_referee(load_config(directory / "referee.toml").database_url, create=False)
    counts: Counter[tuple[str, int]] = Counter()
    day = 0
    for notice in store.notices(game_id):
        number = re.match(r"[a-z]+(\d+)", notice.phase)
        day = int(number.group(1)) if number else day
        counts[(notice.recipient, day)] += 1
    found = sorted(counts.values()) or [0]
    middle = median(found)
    shown = f"{middle:g}" if language == "en" else f"{middle:g}".replace(".", ",")
    return {"median": shown, "most": str(max(found))}


def _short(
    directory: Path, kind: str, seed: int, players: int, language: str, echo: Callable[[str], None]
) -> DemoResult:
    """A game played phase by phase to its end, as a ``DemoResult``."""
    played = run_short(directory, kind, seed, players, language, echo)
    post = played.post
    view = played.loaded.rules.master_view(played.loaded.state)
    end = game_of(kind).demo.ending(view, telling(language, played.loaded.state, post.renderer, kind))
    return DemoResult(
        played.loaded.row.id, end.winners, end.frags, post.outgoing, post.incoming, post.mails_in,
        post.mails_out(), kind, end.scores, end.roles, post.config.path, end.details,
    )  # fmt: skip


def _summary(result: DemoResult, echo: Callable[[str], None], command: str, language: str) -> None:
    """The end of the demo, in its language: the winners, the scores or roles, the mail counted, where
    to look, and the command that shows the game, written the way the demo was run."""
    winners = ", ".join(result.winners)
    echo(
        say(
            language,
            "no_winner" if not winners else "winner" if len(result.winners) == 1 else "winners",
            winners=winners,
        )
    )
    if result.frags:
        echo(
            say(language, "frags", list=", ".join(f"{name} {frags}" for name, frags in result.frags.items()))
        )
    if result.scores:
        echo(
            say(
                language, "scores", list=", ".join(f"{name} {total}" for name, total in result.scores.items())
            )
        )
    if result.roles:
        echo(say(language, "roles", list="; ".join(result.roles.values())))
    for line in result.details:
        echo(line)
    echo(say(language, "mail", players=result.mails_in, referee=result.mails_out))
    echo(say(language, "outgoing", path=result.outgoing))
    echo(say(language, "incoming", path=result.incoming))
    if result.config is not None:
        shown = f"{command} state {result.game_id} --config {shlex.quote(str(result.config))}"
        echo(say(language, "see", command=shown))


Policy = Callable[[dict[str, Any]], str]
"""What a bot mails, given its character's view (``player_view``)."""


def run_demo(
    directory: Path,
    seed: int,
    players: int,
    language: str,
    echo: Callable[[str], None],
    *,
    policy: Policy | None = None,
    segments: int | None = None,
    kind: str = DEFAULT_KIND,
) -> DemoResult:
    """Plays a campaign of a calendar game (``GameKind.demo.calendar``) by mail in ``directory``,
    telling its progress through ``echo``: a line at each new day, every seat still playing mailing
    each phase, demo time jumping to each deadline.

    Bots mail what ``policy`` says (default: the game's demo orders, else the rules' bot), written as
    a player of the game's language writes them. ``segments`` stops after that many resolutions
    instead of at the end of the game.
    """
    demo = game_of(kind).demo
    config, store, loaded = start_demo_game(directory, seed, players, language, kind)
    game_id = loaded.row.id
    post = PostOffice(store, config, START)
    post.send()
    names = [seat.name for seat in store.seats(game_id)]
    genders = loaded.row.settings.get("genders", {})
    day = -1
    resolved = 0
    sent: dict[str, tuple[int, str]] = {}  # each bot's last orders, with the phase index they were sent in
    log: list[Event] = []
    logged = 0  # the number of the last event in ``log``
    while not loaded.rules.finished(loaded.state) and resolved != segments:
        playing = demo.playing(loaded.state) if demo.playing else tuple(names)
        if demo.day is not None and demo.day(loaded.state) != day:
            day = demo.day(loaded.state)
            mails = count_of(language, post.mails_in, "mail")
            echo(say(language, "day", day=day, alive=len(playing), names=", ".join(playing), mails=mails))
        log += store.log(game_id, after=logged)  # what was logged since the last look
        logged = loaded.seq
        index = loaded.rules.phase(loaded.state).index  # a night's two phases share their segment's
        for number, name in enumerate(names):
            if name not in playing:
                continue
            view = loaded.rules.player_view(loaded.state, name, visible(log, name))
            if policy:
                orders = policy(view)
            else:
                orders = demo.orders(view, seed, day) if demo.orders else loaded.rules.bot(view, seed)
            if demo.in_language is not None and language != "en":
                gender = read_gender(genders.get(name, "")) or guess_gender(name)
                orders = demo.in_language(orders, language, gender)
            before_index, before = sent.get(name, (-1, ""))
            if before_index == index and set(orders.splitlines()) <= set(before.splitlines()):
                continue  # after the traps fired, a player whose orders stand writes nothing more
            sent[name] = (index, orders)
            post.write(name, orders, style=number + post.mails_in)
        post.take_in()
        post.send()
        clock = store.calendar.clock(game_id)
        loaded = store.resolve(game_id, post.until(clock.due_at if clock else None)).loaded
        resolved += 1
        post.send()
    view = loaded.rules.master_view(loaded.state)
    end = demo.ending(view, telling(language, loaded.state, post.renderer, kind))
    return DemoResult(
        game_id, end.winners, end.frags, post.outgoing, post.incoming, post.mails_in, post.mails_out(), kind,
        end.scores, end.roles, config.path, end.details,
    )  # fmt: skip
