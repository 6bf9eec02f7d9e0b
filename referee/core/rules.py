"""The contract between the core and a game's rules.

A game is data plus pure functions: ``start`` deals a new game into events, ``submit``
turns a seat's order text into line verdicts and events (immediate answers included),
``resolve`` closes the current phase into events, and ``apply`` folds one event into the
state. No function here touches a clock, a database or a mailbox: times arrive inside
``Submission`` and randomness comes from ``SeededStream`` keyed by the game's seed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.phases import Phase

S = TypeVar("S")

Seen = Callable[[], list[Event]]
"""Reads, when called, the events a seat may see (the log is read only if it is needed)."""

ForBothReader = Callable[[str, dict[str, Any], datetime | None], dict[str, Any] | None]
"""A notice's template, data and when its reader last read the web -> the data to mail them, or None."""


class Rules(Protocol[S]):
    """What every game module provides to the core and the adapters."""

    kind: str
    early_close: bool
    """Whether a phase closes as soon as ``waiting`` is empty, before its deadline."""
    setup_keys: frozenset[str]
    """Keys a game file's [game] table may give for this game, passed to ``start`` as they are."""
    player_keys: frozenset[str]
    """Keys a game file's [[players]] entry may give besides name and email."""
    notice_templates: frozenset[str]
    """The template of every notice the game writes (``welcome``, ``relays``, ``notices``) and
    ``answer``: each needs a text in every language (``templates/<language>/<kind>/<name>.txt.j2``)."""
    refusal_reasons: frozenset[str]
    """Every reason code a refused ``LineVerdict`` of the game may carry: each needs a phrase in
    every language (the game's ``_reasons.txt.j2``)."""
    reader_zone: Callable[[S, str], str | None] | None
    """Optional: the time zone a seat chose to be told deadlines in besides the game's (a key of
    ``referee.core.zones``, None for none), given the state; None for a game whose players choose none."""
    for_both_reader: ForBothReader | None
    """Optional: what a reader who plays both on the web and by mail is mailed of a notice, given its
    template, its data and when they last read their pages on the web (None: never): the data to
    mail (a digest of what they have not read there), or None for a notice not mailed to them (read
    on the web as it came). None for a game whose "both" readers are mailed everything."""

    def start(self, setup: dict[str, Any]) -> list[Event]:
        """The events that open a game described by ``setup`` (raises ``ValueError`` if invalid)."""
        ...

    def apply(self, state: S | None, event: Event) -> S:
        """The state after ``event``; ``state`` is None only for the first event."""
        ...

    def phase(self, state: S) -> Phase:
        """The phase now open for orders."""
        ...

    def finished(self, state: S) -> bool:
        """Whether the game is over."""
        ...

    def waiting(self, state: S) -> tuple[str, ...]:
        """The seats the open phase still expects an order from (for reminders and early close)."""
        ...

    def submit(self, state: S, submission: Submission) -> tuple[list[LineVerdict], list[Event]]:
        """Verdicts on each line of ``submission`` and the events the accepted lines cause."""
        ...

    def resolve(self, state: S) -> list[Event]:
        """The events that close the current phase and open the next."""
        ...

    def notices(self, before: S, after: S, events: list[Event], phase_log: list[Event]) -> list[Notice]:
        """What the players must be told about the resolution ``events`` that turned ``before``
        into ``after`` (the state is given, never folded again).

        ``phase_log`` holds the events logged while the phase being closed was open.
        """
        ...

    def welcome(self, state: S) -> list[Notice]:
        """The first letters of a new game, one per seat (its character, its secrets, how to play)."""
        ...

    def answer(
        self, before: S, after: S, seat: str, verdicts: list[LineVerdict], seen: Seen
    ) -> dict[str, Any]:
        """The data of the answer to ``seat``'s submission that turned ``before`` into ``after``.

        ``seen()`` gives the events ``seat`` may see after it (for a status request).
        """
        ...

    def relays(self, state: S, seat: str, events: list[Event]) -> list[Notice]:
        """What other seats are told at once about the events of ``seat``'s submission (talk), in
        ``state``, the game after them (which may say who wants what at once)."""
        ...

    def master_view(self, state: S) -> dict[str, Any]:
        """Everything, for the game-master."""
        ...

    def player_view(self, state: S, seat: str, seen: list[Event]) -> dict[str, Any]:
        """Exactly what the seat ``seat`` knows, given the events it may see (``visible``)."""
        ...

    def bot(self, view: dict[str, Any], seed: int | str) -> str:
        """Order text a referee-played seat sends, given its ``player_view`` ("" for none)."""
        ...

    def describe(self, event: Event) -> str:
        """One line saying what ``event`` was, for the game-master's log."""
        ...

    def dump(self, state: S) -> dict[str, Any]:
        """The state as JSON-ready data (a snapshot)."""
        ...

    def load(self, raw: dict[str, Any]) -> S:
        """The state stored by ``dump``."""
        ...


@dataclass(frozen=True)
class GameRules(Generic[S]):
    """A game's rules put together from its pure functions; it fulfils ``Rules``.

    Each game package builds one from its modules (``RULES = GameRules(kind=…, start=…)``),
    so the contract is written once, here, and a game holds only its own functions.
    """

    kind: str
    early_close: bool
    setup_keys: frozenset[str]
    player_keys: frozenset[str]
    notice_templates: frozenset[str]
    refusal_reasons: frozenset[str]
    start: Callable[[dict[str, Any]], list[Event]]
    apply: Callable[[S | None, Event], S]
    phase: Callable[[S], Phase]
    finished: Callable[[S], bool]
    waiting: Callable[[S], tuple[str, ...]]
    submit: Callable[[S, Submission], tuple[list[LineVerdict], list[Event]]]
    resolve: Callable[[S], list[Event]]
    notices: Callable[[S, S, list[Event], list[Event]], list[Notice]]
    welcome: Callable[[S], list[Notice]]
    answer: Callable[[S, S, str, list[LineVerdict], Seen], dict[str, Any]]
    relays: Callable[[S, str, list[Event]], list[Notice]]
    master_view: Callable[[S], dict[str, Any]]
    player_view: Callable[[S, str, list[Event]], dict[str, Any]]
    bot: Callable[[dict[str, Any], int | str], str]
    describe: Callable[[Event], str]
    dump: Callable[[S], dict[str, Any]]
    load: Callable[[dict[str, Any]], S]
    reader_zone: Callable[[S, str], str | None] | None = None
    for_both_reader: ForBothReader | None = None
    closing: Callable[[S], tuple[list[Event], S]] | None = None
    """``resolve`` with the state its events fold to, for rules that reach it on the way: a
    boundary then folds nothing again (``resolve_folded``)."""
    notice_kinds: frozenset[str] | None = None
    """The kinds of the events logged during a phase that ``notices`` reads of its ``phase_log``; a
    boundary then reads no other (the orders, most of a phase's log). None: every kind."""
    answers_in_report: Callable[[S, str], bool] | None = None
    """Whether the answer to a seat's mail waits for its next report (``referee.core.answers``), given the
    state after the mail and before a phase it closes is resolved: the seat chose so, and the game folds
    this one (Ten Sailors always; Museum Suspects, Cosmic Express and Minuit only once the phase waits
    for nothing more from the seat, so that what they still have to play is answered at once). None
    for a game that keeps no such choice (every answer is then mailed at once). A game that keeps it
    judges the ``answers`` order and tells each seat the ``answer_folded`` events of the phase in the
    letter that closes it."""
    chronicle: Callable[[S, list[Event], bool], dict[str, Any]] | None = None
    """The whole story of a finished game, told to everyone once nothing is secret (who was where, what
    was said, every hidden move), given the state and the whole event log, and whether it is the short
    telling for the final mail (True) or the full one for the pages; {} for a game not over. None for
    a game that tells no such story."""
    notebook: Callable[[S, list[Event], str], dict[str, Any]] | None = None
    """What a seat's own information implies (a player's notebook), given the state, the whole log and
    the seat: built only from what the seat was told. None for a game that keeps no notebook."""
    openness: Callable[[S, list[Event]], dict[str, Any]] | None = None
    """How open the game is, for the game-master (how much the players' notebooks already fix), given
    the state and the whole log. None for a game that tells none."""
    heard: Callable[[Event], dict[str, Any] | None] | None = None
    """The line a seat's thread of a place shows for a logged event that is talk heard there (a dict
    with its ``location``, its ``day`` and a ``key`` naming the line among its thread's, as the player's
    view lists its messages), None for any other event; every seat of the event's audience heard it.
    None for a game whose talk has no place."""
    heard_kinds: frozenset[str] = frozenset()
    """The kinds of events ``heard`` may tell a line of (the others are never asked)."""
    heard_letters: frozenset[str] = frozenset()
    """The templates of the letters that only copy to a player by mail a line of talk their threads
    show (``heard``): a player's page lists them in the thread, not among the referee's letters."""
    seats_alive: Callable[[S], tuple[int, int]] | None = None
    """How many seats the game has and how many of them are alive, for a line of the campaigns page,
    worked out without the master's whole view. None: counted from ``master_view``'s characters."""
    prepare: Callable[[], None] | None = None
    """Loads once what ``submit`` needs and would otherwise load on its first call (a dictionary, an
    index), so that the first order a process judges is not slowed by it. None: nothing to load."""


def prepare(rules: Rules[Any]) -> None:
    """Loads what ``rules`` load on first use (``GameRules.prepare``), if anything."""
    hook = getattr(rules, "prepare", None)
    if hook is not None:
        hook()


def seats_alive(rules: Rules[S], state: S) -> tuple[int, int]:
    """The seats of a game and the living among them (``GameRules.seats_alive``, else the characters of
    the master's view: a game without characters has none)."""
    hook = getattr(rules, "seats_alive", None)
    if hook is not None:
        seats, alive = hook(state)
        return int(seats), int(alive)
    characters = rules.master_view(state).get("characters", [])
    return len(characters), sum(1 for c in characters if c.get("alive", True))


def answers_in_report(rules: Rules[S], state: S, seat: str) -> bool:
    """Whether ``seat`` reads the answers to its orders in its next report
    (``GameRules.answers_in_report``)."""
    hook = getattr(rules, "answers_in_report", None)
    return bool(hook(state, seat)) if hook is not None else False


def chronicle(rules: Rules[S], state: S, log: list[Event], *, brief: bool = False) -> dict[str, Any]:
    """The story of the finished game ``state`` as ``rules`` tell it (``GameRules.chronicle``); {} for a
    game not over or whose rules tell none."""
    hook = getattr(rules, "chronicle", None)
    if hook is None or not rules.finished(state):
        return {}
    told: dict[str, Any] = hook(state, log, brief)
    return told


def notebook(rules: Rules[S], state: S, log: list[Event], seat: str) -> dict[str, Any]:
    """The notebook of ``seat`` as ``rules`` keep it (``GameRules.notebook``); {} for a game keeping none."""
    hook = getattr(rules, "notebook", None)
    return dict(hook(state, log, seat)) if hook is not None else {}


def openness(rules: Rules[S], state: S, log: list[Event]) -> dict[str, Any]:
    """How open the game is, as ``rules`` tell it (``GameRules.openness``); {} for a game that tells none."""
    hook = getattr(rules, "openness", None)
    return dict(hook(state, log)) if hook is not None else {}


def heard(rules: Rules[Any], event: Event) -> dict[str, Any] | None:
    """The line the threads of those who heard ``event`` show for it, if it is talk heard in a place
    (``GameRules.heard``); None otherwise, and in a game whose talk has no place."""
    hook = getattr(rules, "heard", None)
    if hook is None or event.kind not in heard_kinds(rules):
        return None
    line: dict[str, Any] | None = hook(event)
    return line


def heard_kinds(rules: Rules[Any]) -> frozenset[str]:
    """The kinds of events ``heard`` may tell a line of (``GameRules.heard_kinds``)."""
    kinds: frozenset[str] = getattr(rules, "heard_kinds", frozenset())
    return kinds


def heard_letters(rules: Rules[Any]) -> frozenset[str]:
    """The templates of the letters copying a line of talk the threads show (``GameRules.heard_letters``)."""
    templates: frozenset[str] = getattr(rules, "heard_letters", frozenset())
    return templates


def notice_kinds(rules: Rules[Any]) -> frozenset[str] | None:
    """The kinds of logged events ``rules.notices`` reads (``GameRules.notice_kinds``); None: all."""
    return getattr(rules, "notice_kinds", None)


def apply_by_kind(
    state: S | None,
    event: Event,
    started: Callable[[dict[str, Any]], S],
    handlers: Mapping[str, Callable[[S, dict[str, Any]], S]],
) -> S:
    """The state after ``event``: ``game_started`` builds it with ``started``; any other kind goes
    to its handler in ``handlers``, and a kind with none (news for players only) changes nothing."""
    if event.kind == "game_started":
        return started(event.data)
    if state is None:
        raise ValueError(f"the first event must be game_started, not {event.kind}")
    handler = handlers.get(event.kind)
    return handler(state, event.data) if handler else state


def fold(rules: Rules[S], events: Iterable[Event], state: S | None = None) -> S:
    """The state reached by applying ``events`` in order, from ``state`` or from nothing."""
    current = state
    for event in events:
        current = rules.apply(current, event)
    if current is None:
        raise ValueError("a game needs at least one event")
    return current


def resolve_folded(rules: Rules[S], state: S) -> tuple[list[Event], S]:
    """The events that close the open phase of ``state`` and the state they fold to: the rules'
    ``closing`` where they have one, else ``resolve`` then ``fold``."""
    closing = getattr(rules, "closing", None)
    if closing is not None:
        found: tuple[list[Event], S] = closing(state)
        return found
    events = rules.resolve(state)
    return events, fold(rules, events, state)


def visible(events: Iterable[Event], seat: str) -> list[Event]:
    """The events of ``events`` that the seat ``seat`` may see."""
    return [event for event in events if event.visible_to(seat)]
