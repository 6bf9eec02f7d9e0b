"""A game as one object: its rules and everything the doors and the demo say of it.

Each game package builds one ``GameKind`` (``GAME = GameKind(rules=RULES, …)``). The command line,
the web pages and the demo ask it — for the game's name in each language, its summary, the words its
own web fragments use, its schedules and how the demo plays it — and never branch on a kind's name,
so that a new game is its package and its templates. Everything here is data or a pure function.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.core.rules import GameRules

Texts = Mapping[str, str]
"""One text in each language, by language ("en", "ru")."""

NameLookup = Callable[[str, str], Mapping[str, str]]
"""``names(partial, name)``: the dictionary ``name`` set at the top of the game's template ``partial`` in
the demo's language (its cards, roles or methods as the players' mail names them)."""


@dataclass(frozen=True)
class Seats:
    """How many players a game takes in a demo: the fewest, the most, and the default."""

    least: int
    most: int
    default: int


@dataclass(frozen=True)
class Telling:
    """What a game's demo tells a phase or an end with: the demo's language, the game as it stands,
    the names its templates give things, and a list written as the language writes one."""

    language: str
    state: Any
    names: NameLookup
    listed: Callable[[Sequence[str]], str]


Logged = tuple[str, dict[str, Any]]
"""An event of the log as (kind, data)."""


@dataclass(frozen=True)
class Ending:
    """How a demo game ended, as the demo prints it: the winners, each player's score or frags, each
    player's role, and more lines about the end (the thieves; the weapon and the arrest)."""

    winners: list[str]
    frags: dict[str, str] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)
    details: list[str] = field(default_factory=list)


def say(lines: Mapping[str, Texts], language: str, key: str, **fields: Any) -> str:
    """The line ``key`` of ``lines`` (by language, then key) in ``language`` with ``fields`` filled in;
    English for a language other than Russian."""
    return lines["ru" if language == "ru" else "en"][key].format(**fields)


def _no_extra(seat: int, seats: int) -> Mapping[str, Any]:
    return {}


def _plain_winners(view: dict[str, Any], telling: Telling) -> Ending:
    return Ending(winners=list(view.get("winners", [])))


def _no_news(events: list[Logged], telling: Telling) -> str:
    return ""


RUSSIAN_DEMO_NAMES = ("Анна", "Борис", "Клара", "Дмитрий", "Ева", "Фёдор", "Галина", "Глеб", "Игорь")
"""The players of a Russian demo, seat for seat with the English ones: Russian names, which the Russian
mail declines («ход Бориса»), never Latin ones."""


def _russian_names() -> Mapping[str, tuple[str, ...]]:
    return {"ru": RUSSIAN_DEMO_NAMES}


@dataclass(frozen=True)
class Demo:
    """How ``referee demo`` plays a game with bots.

    ``calendar``: played on its schedule's calendar, demo time jumping from deadline to deadline and
    every playing seat mailing each phase (``day`` and ``playing`` say which chapter the game is in and
    who still plays); otherwise phase by phase, a phase closing once nobody is awaited.
    """

    seats: Seats
    game_id: str
    """The start of a demo game's id; the seed follows (``demo-museum-7``)."""
    names: Mapping[str, tuple[str, ...]] = field(default_factory=_russian_names)
    """The characters by language, seat for seat with the demo's own English ones (default: those, and
    ``RUSSIAN_DEMO_NAMES`` in Russian)."""
    player: Callable[[int, int], Mapping[str, Any]] = _no_extra
    """The keys besides name and email of the game file's entry of seat ``i`` of ``n`` (a host)."""
    calendar: bool = False
    orders: Callable[[dict[str, Any], int | str, int], str] | None = None
    """What a bot of a calendar game mails given its view, the seed and the chapter (``day``); None:
    the rules' ``bot``."""
    in_language: Callable[[str, str, str], str] | None = None
    """A bot's orders as a player writes them in a language (orders, language, gender "m"/"f"); None:
    as the bot wrote them."""
    day: Callable[[Any], int] | None = None
    """A calendar game's chapter (its day), to print a line when one begins."""
    playing: Callable[[Any], tuple[str, ...]] | None = None
    """The seats of a calendar game that still play (None: every seat)."""
    news: Callable[[list[Logged], Telling], str] = _no_news
    """What everyone may know of a closed phase, in a few words (public events only)."""
    phase_name: Callable[[str, str, str], str] | None = None
    """The open phase as the demo names it in a language the rules' label is not written in, given the
    label, the phase's key and the language (None: the label)."""
    ending: Callable[[dict[str, Any], Telling], Ending] = _plain_winners
    """The end told from the game-master's view."""
    lines: Mapping[str, Texts] = field(default_factory=dict)
    """Every line this game's demo prints, by language then key (checked in both languages)."""


@dataclass(frozen=True)
class Schedules:
    """The schedules a game plays on: ``default`` when a game file names none, ``demo`` in a demo."""

    default: str
    demo: str


@dataclass(frozen=True)
class Seating:
    """How an announced campaign of a game seats its players: the fewest and the most it takes, and
    what the game file's entry of seat ``i`` of ``n`` holds besides the name and the address (a role
    such as the host's), given to the players in the order the campaign deals them."""

    least: int
    most: int
    player: Callable[[int, int], Mapping[str, Any]] = _no_extra


@dataclass(frozen=True)
class GameKind:
    """A game: its rules and all the referee says of it outside them."""

    rules: GameRules[Any]
    names: Texts
    """The game's name in each language ("Ten Sailors", «10 морячков»)."""
    summary: Texts
    """One sentence saying what the game is, in each language."""
    schedules: Schedules
    demo: Demo
    letters: Mapping[str, Texts] = field(default_factory=dict)
    """What a player's page calls each of the game's letters (a notice template), in each language."""
    web_words: Mapping[str, Texts] = field(default_factory=dict)
    """The sentences of the game's own web fragments (``templates/web/<kind>/``): by language, each
    English sentence and what it is in that language."""
    signup: Seating | None = None
    """How a campaign announced for sign-up seats its players (None: as the demo seats its bots, its
    ``Seats`` and its ``player``, which every game declares)."""

    @property
    def seating(self) -> Seating:
        """How a campaign of this game seats its players (``signup``, else the demo's seats)."""
        if self.signup is not None:
            return self.signup
        return Seating(self.demo.seats.least, self.demo.seats.most, self.demo.player)

    @property
    def kind(self) -> str:
        """The kind game files and the store name the game by."""
        return self.rules.kind

    def name(self, language: str) -> str:
        """The game's name in ``language`` (English for a language it has no name in)."""
        return self.names.get(language, self.names["en"])
