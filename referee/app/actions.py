"""The game-master's actions, each declared once: the one registry every door is made from.

An action (``GameMasterAction``) has a name, its command words in English and Russian for mail, its
arguments (each of a ``kind`` that has one reader for the text a mail line or a web form holds), who
may take it, whether the web asks for a confirmation, its work (run through the audit log, so the
action and its record are one transaction) and its outcome: data (``Outcome``) worded in English and
Russian by the action's own ``said`` table. The command line's commands, the mail command language
(``Desk.commands``) and the game page's forms are made from ``ACTIONS``; a door that cannot offer an
action says why in ``not_on``, and ``tests/test_action_doors.py`` holds every door to it.

To add an action: write its work (``Build``: the audit detail and a function of the session) and its
outcome (``Tell``: a key of its ``said`` and the fields), declare it in ``ACTIONS`` with its words,
arguments and sentences, and add its line to both ``master_welcome`` templates. The command line gets
``referee NAME GAME …``, mail its words, the game page its form; nothing else changes
(``test_an_action_added_to_the_registry_alone_is_offered_by_all_three_doors`` shows it).

The registry is read by every command line's start (its commands are made from it), so this module
imports the database, the templates and the rules' helpers only inside the works that use them: a
command that does little starts without them (``tests/test_cli_start.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from referee.app.errors import AlreadyResolved, RefereeError, RulesFailed
from referee.core.notices import Notice
from referee.core.orders import Submission

if TYPE_CHECKING:
    from referee.app.audit import Actor
    from referee.app.operations import GameOperations
    from referee.store.unit import Unit

DOORS: tuple[str, ...] = ("cli", "mail", "web")
"""The doors a game-master acts through."""

PERSONAL = frozenset({"answer", "talk", "reminder", "refusal", "welcome", "master_note", "held", "confirm"})
"""Notices that are not a report of a phase, so RESEND passes them over (with the letters about
passwords alone, ``PASSWORD_NOTICES``)."""

ADDRESS_CHARS = frozenset("\r\n<>,;\"'()[]\\ \t")
"""Characters no address given to SUBSTITUTE may hold."""


@dataclass(frozen=True)
class Words:
    """One text in English and in Russian."""

    en: str
    ru: str

    def of(self, language: str) -> str:
        """The text in ``language`` (English for any language but Russian)."""
        return self.ru if language == "ru" else self.en


# The kinds of argument, each read from text by ``read`` below.
SEAT = "seat"
"""A character of the game, by name (any case); in a mail line it may hold spaces."""
ADDRESS = "address"
"""A mail address a player can be reached at."""
DURATION = "duration"
"""A length of time such as "2h", "+30m", "-15m" (``parse_shift``)."""
FLAG = "flag"
"""Yes or no: on a mail line one of the argument's ``words``, on a form a ticked box."""
TEXT = "text"
"""The rest of the line (on a form, a text box)."""
LINES = "lines"
"""Text of several lines (a form's text box, the command line's argument)."""
PHASE = "phase"
"""A phase key the action expects to be the open one (nothing: whichever is open)."""

GREEDY = frozenset({SEAT, TEXT, LINES})
"""Kinds that take what the other arguments of a mail line leave."""


@dataclass(frozen=True)
class Argument:
    """One argument of an action: its ``name`` (the form's field and the key of its value), its ``kind``,
    the web's label and the command line's help (``label``), whether it is ``required``, how the command
    line takes it (``cli``: "" for a positional argument, else the option's name) and, for a flag, the
    words that set it on a mail line."""

    name: str
    kind: str
    label: Words
    required: bool = True
    cli: str = ""
    words: tuple[str, ...] = ()
    shown: Words | None = None
    """What a mail line's example calls it, e.g. <character> (its name if None)."""

    def placeholder(self, language: str) -> str:
        """The argument in an example of a mail line: a flag's word, else <what it is>."""
        if self.kind == FLAG:
            return self.words[-1 if language == "ru" else 0].upper()
        return f"<{self.shown.of(language) if self.shown else self.name}>"


MISREAD = {
    "missing": Words("{what} missing: write {example}", "не хватает: {what}; пишите так: {example}"),
    "extra": Words("{words!r} is more than {example} takes", "лишнее: «{words}»; пишите так: {example}"),
}
"""What a mail line or a form the reader cannot take is told, by the problem."""


class Misread(ValueError):
    """A mail line or a form an action cannot take: an argument ``missing``, or words left ``extra``."""

    def __init__(self, action: GameMasterAction, missing: tuple[Argument, ...] = (), extra: str = "") -> None:
        self.action, self.missing, self.extra = action, missing, extra
        super().__init__(self.said("en"))

    def said(self, language: str) -> str:
        """The problem in ``language``, with an example of the line."""
        example = self.action.example(language)
        if self.missing:
            what = " and " if language != "ru" else " и "
            names = what.join(a.placeholder(language).strip("<>") for a in self.missing)
            return MISREAD["missing"].of(language).format(what=names, example=example)
        return MISREAD["extra"].of(language).format(words=self.extra, example=example)


@dataclass(frozen=True)
class Call:
    """One request for an action: on which game, with which values, when and by whom."""

    game_id: str
    values: Mapping[str, Any]
    now: datetime
    actor: Actor
    roles: frozenset[str] = frozenset({"admin"})
    """What the actor is to the game: "master" (its game-master), "admin" (an administrator, or whoever
    runs the command line on the host)."""


@dataclass(frozen=True)
class Outcome:
    """What an action did, as data: the key of a sentence of the action's ``said`` and its fields (a
    field called ``phase`` holds a phase key, shown as the game names it)."""

    action: str
    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Acted:
    """An action carried out: the value its work returned and its outcome."""

    value: Any
    outcome: Outcome


class Context:
    """What an action's outcome may read inside its transaction: the game operations, the session and the
    call."""

    def __init__(self, games: GameOperations, session: Unit, call: Call) -> None:
        self.games, self.session, self.call = games, session, call

    def shown(self, when: datetime | None) -> str:
        """``when`` as the game's calendar shows it (its time zone named)."""
        from referee.app.play import lock

        return self.games.calendar.shown(lock(self.session, self.call.game_id), when)


Work = Callable[["Unit"], Any]
Build = Callable[["GameOperations", Call], tuple[dict[str, Any], Work]]
"""What an action does: its audit detail and its work, given the game operations and the request."""
Tell = Callable[[Context, Any], tuple[str, dict[str, Any]]]
"""The key and fields of an action's outcome, given what its work returned."""


@dataclass(frozen=True)
class GameMasterAction:
    """One game-master action, as every door offers it."""

    name: str
    title: Words
    """What the web's form and the command line's help call it."""
    help: Words
    """One line on what it does (the command line's help, the mail's list of commands)."""
    keywords: Mapping[str, tuple[str, ...]]
    """Its command words on a mail line, by language (the first of each is the one shown)."""
    arguments: tuple[Argument, ...]
    work: Build
    outcome: Tell
    said: Mapping[str, Words]
    """The outcome's sentences by key, in English and Russian, with ``{field}``s."""
    who: frozenset[str] = frozenset({"master", "admin"})
    """Who may take it: the game-master of the game ("master"), an administrator ("admin")."""
    confirm: bool = True
    """Whether the web asks for a tick in a "confirm" box first."""
    audited: bool = True
    """Whether it is written to the audit log (every action that changes something is)."""
    mails: bool = False
    """Whether it writes mail (the command line sends it before it ends)."""
    when_stopped: bool = False
    """Whether it may be taken on a game stopped on an error in its rules."""
    cli: str = ""
    """The command line's command, if not ``name``."""
    clash: str = ""
    """What to say when another process did the same at the same moment."""
    not_on: Mapping[str, str] = field(default_factory=dict)
    """The doors (of ``DOORS``) that do not offer it, each with why."""
    note: Words | None = None
    """A word more on the web's form, if it needs one."""
    preview: Words | None = None
    """The web's button to see what the action would do first (a page whose own button takes it)."""

    @property
    def command(self) -> str:
        """The command line's command."""
        return self.cli or self.name

    def read(self, text: str) -> dict[str, Any]:
        """The values of the rest of a mail line after the command word (``ValueError`` saying what is
        wrong): the arguments after the first greedy one (``GREEDY``) are taken from the line's end,
        the others from its start."""
        words = text.split()
        values: dict[str, Any] = {}
        greedy = next((i for i, a in enumerate(self.arguments) if a.kind in GREEDY), len(self.arguments))
        for argument in reversed(self.arguments[greedy + 1 :]):
            last = words[-1] if words else ""
            if argument.kind == FLAG:
                values[argument.name] = bool(last) and last.lower() in argument.words
                if values[argument.name]:
                    words.pop()
            elif last:
                values[argument.name] = read(argument, words.pop())
        for argument in self.arguments[:greedy]:
            if argument.kind == FLAG:
                values[argument.name] = bool(words) and words[0].lower() in argument.words
                if values[argument.name]:
                    words.pop(0)
            elif words:
                values[argument.name] = read(argument, words.pop(0))
        if greedy < len(self.arguments):
            rest = text.strip() if len(self.arguments) == 1 else " ".join(words)  # a text keeps its spaces
            if rest:
                values[self.arguments[greedy].name] = read(self.arguments[greedy], rest)
        elif words:
            raise Misread(self, extra=" ".join(words))
        return self.checked(values)

    def read_fields(self, fields: Mapping[str, str | bool | None]) -> dict[str, Any]:
        """The values of a web form's fields or the command line's arguments, by name: text read as
        its argument's kind says, a flag set by True or "yes" (a ticked box)."""
        values: dict[str, Any] = {}
        for argument in self.arguments:
            given = fields.get(argument.name)
            if argument.kind == FLAG:
                values[argument.name] = given is True or (isinstance(given, str) and given.strip() == "yes")
            elif isinstance(given, str) and given.strip():
                values[argument.name] = read(argument, given)
        return self.checked(values)

    def checked(self, values: dict[str, Any]) -> dict[str, Any]:
        """``values``, once every required argument is there (``ValueError`` with an example if not)."""
        missing = tuple(a for a in self.arguments if a.required and values.get(a.name) in (None, ""))
        if missing:
            raise Misread(self, missing=missing)
        return values

    def example(self, language: str) -> str:
        """The command as a mail line shows it, e.g. "SUBSTITUTE <character> <address>"."""
        word = (self.keywords.get(language) or self.keywords.get("en") or (self.name,))[0].upper()
        shown = [
            a.placeholder(language) if a.required else f"[{a.placeholder(language)}]" for a in self.arguments
        ]
        return " ".join([word, *shown])

    def on(self, door: str) -> bool:
        """Whether ``door`` offers the action."""
        return door not in self.not_on

    def sentence(self, outcome: Outcome, language: str, kind: str = "") -> str:
        """``outcome`` in ``language``; with the game's ``kind`` a phase is shown as the game names it
        (without, as its key: the audit log's way)."""
        from referee.render import phase_label

        fields = dict(outcome.fields)
        if kind and "phase" in fields:
            fields["phase"] = phase_label(str(fields["phase"]), kind, language)
        return self.said[outcome.key].of(language).format(**fields)


def read(argument: Argument, text: str) -> Any:
    """The value of ``argument`` written as ``text`` (``ValueError`` naming the problem)."""
    from referee.app.calendar import parse_shift

    text = text.strip()
    if argument.kind == DURATION:
        return parse_shift(text)
    if argument.kind == FLAG:
        return text.lower() in (*argument.words, "yes", "true")
    if argument.kind == ADDRESS and (not text or ADDRESS_CHARS & set(text) or text.count("@") != 1):
        raise ValueError(f"{text!r} is not an address a player can be reached at")
    return text


class Registry:
    """The game-master's actions by name, and their mail words."""

    def __init__(self, actions: Iterable[GameMasterAction]) -> None:
        self.actions = {action.name: action for action in actions}
        self.words: dict[str, str] = {}
        for action in self.actions.values():
            for word in (w for words in action.keywords.values() for w in words):
                if self.words.setdefault(word, action.name) != action.name:
                    raise ValueError(f"the word {word!r} is both {self.words[word]} and {action.name}")

    def __iter__(self) -> Iterator[GameMasterAction]:
        return iter(self.actions.values())

    def __getitem__(self, name: str) -> GameMasterAction:
        return self.actions[name]

    def named(self, word: str) -> GameMasterAction | None:
        """The action a mail line's first word names (any case, a colon after it allowed)."""
        name = self.words.get(word.lower().rstrip(":"))
        return self.actions[name] if name is not None else None

    def on(self, door: str) -> list[GameMasterAction]:
        """The actions ``door`` offers, in the registry's order."""
        return [action for action in self if action.on(door)]

    def with_action(self, action: GameMasterAction) -> Registry:
        """A copy of the registry with ``action`` added (or put in place of the one of its name)."""
        return Registry([*(a for a in self if a.name != action.name), action])


def perform(
    games: GameOperations, action: GameMasterAction, call: Call, session: Unit | None = None
) -> Acted:
    """Carries out ``action`` for ``call``, with its audit record in the same transaction (or, inside
    ``session``, a savepoint of it); a refused action is recorded with why and raises."""
    from sqlalchemy.exc import IntegrityError

    if not action.who & call.roles:
        raise RefereeError(f"{action.name} is not an action you may take on game {call.game_id!r}")
    detail, work = action.work(games, call)

    def done(inner: Unit) -> tuple[Acted, str]:
        try:
            value = work(inner)
        except RulesFailed as failed:
            if session is None or not action.when_stopped:
                raise
            raise RefereeError(f"the rules failed again ({failed}); the game stays stopped") from failed
        key, fields = action.outcome(Context(games, inner, call), value)
        outcome = Outcome(action.name, key, fields)
        return Acted(value, outcome), action.sentence(outcome, "en")

    if not action.audited:
        if session is not None:
            return done(session)[0]
        with games.database.transaction() as inner:
            return done(inner)[0]
    try:
        with games.contained(call.game_id, call.now, deferred=session is not None):
            acted: Acted = games.audit.act(
                call.actor, call.game_id, action.name, detail, call.now, done, session
            )
    except IntegrityError as error:
        if not action.clash:
            raise
        raise AlreadyResolved(action.clash.format(game=call.game_id)) from error
    except RulesFailed as failed:
        if session is not None:
            raise
        stopped = games.stop(call.game_id, failed.error, call.now)
        games.audit.refused(
            call.actor, call.game_id, action.name, detail, call.now, f"failed again: {stopped}"
        )
        raise stopped from failed.error
    return acted


# --- the actions ---------------------------------------------------------------------------------


def _value(work: Callable[[Unit], tuple[Any, str]]) -> Work:
    """A work of the calendar's or the rollback's (which also says what it did) as a work of a value."""
    return lambda session: work(session)[0]


def _pause(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    by: timedelta | None = call.values.get("until")
    until = call.now + by if by is not None else None
    detail = {"until": until.isoformat()} if until is not None else {}
    return detail, _value(games.calendar.pause_work(call.game_id, call.now, until))


def _paused(context: Context, clock: Any) -> tuple[str, dict[str, Any]]:
    if clock.resume_at is None:
        return "paused", {}
    return "paused_until", {"when": context.shown(clock.resume_at)}


def _resume(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    return {}, _value(games.calendar.resume_work(call.game_id, call.now))


def _resumed(context: Context, clock: Any) -> tuple[str, dict[str, Any]]:
    return "resumed", {"phase": clock.phase, "when": context.shown(clock.due_at)}


def _shift(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    by: timedelta = call.values["by"]
    if by == timedelta(0):
        raise ValueError("a shift of nothing changes nothing")
    only = bool(call.values.get("only"))
    detail = {"seconds": int(by.total_seconds()), "only": only}
    return detail, _value(games.calendar.shift_work(call.game_id, by, call.now, only))


def _shifted(context: Context, clock: Any) -> tuple[str, dict[str, Any]]:
    key = "shifted" if context.call.values.get("only") else "shifted_all"
    return key, {"phase": clock.phase, "when": context.shown(clock.due_at)}


def _resolve(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    expected = call.values.get("phase") or None
    return {}, lambda session: games.resolve_in(session, call.game_id, call.now, expected)


def _resolved(context: Context, resolved: Any) -> tuple[str, dict[str, Any]]:
    return "resolved", {"phase": resolved.phase, "count": len(resolved.notices)}


def _rollback(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    from referee.app.rollback import rollback_work

    return {}, _value(rollback_work(games, call.game_id, call.now))


def _rolled_back(context: Context, done: Any) -> tuple[str, dict[str, Any]]:
    fields = {"phase": done.phase, "count": len(done.told)}
    if done.paused:
        return "rolled_back_paused", fields
    if done.due_at is None or done.due_at <= context.call.now:
        return "rolled_back", fields
    return "rolled_back_at", {**fields, "when": context.shown(done.due_at)}


def _substitute(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    name, email = call.values["seat"], call.values["email"]
    read(SUBSTITUTE[1], email)  # the command line and the desk's callers give it unread

    def work(session: Unit) -> Any:
        from referee.app.credentials import new_token
        from referee.app.play import seat_named, tell
        from referee.store.seats import open_holding

        loaded = games.running(session, call.game_id)
        seat = seat_named(session, call.game_id, name)
        seat.email, seat.token = email, new_token()
        seat.password_hash = seat.password_key = ""  # the old one ends; the welcome gives a new one
        session.add(seat)
        open_holding(session, call.game_id, seat.name, email, call.now)
        welcome = [n for n in loaded.rules.welcome(loaded.state) if seat.name in n.audience]
        notices = [Notice(n.template, (seat.name,), n.data) for n in welcome]
        tell(session, call.game_id, loaded.row.phase, notices, call.now)
        return seat

    return {"seat": name, "email": email}, work


def _substituted(context: Context, seat: Any) -> tuple[str, dict[str, Any]]:
    return "substituted", {"name": seat.name, "email": seat.email}


def _replace(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    name, bot, reserve = call.values["seat"], bool(call.values.get("bot")), bool(call.values.get("reserve"))
    if bot == reserve:
        raise RefereeError(
            "say who takes the character over: the first reserve or the stand-in bot, not both"
        )
    by = "bot" if bot else "reserve"

    def work(session: Unit) -> Any:
        from referee.app.handover import hand_over
        from referee.app.play import save, seat_named

        loaded = games.running(session, call.game_id)
        after, email = hand_over(session, loaded, name, by, call.now)
        save(session, after)
        return seat_named(session, call.game_id, name).name, email

    return {"seat": name, "by": by}, work


def _replaced(context: Context, done: Any) -> tuple[str, dict[str, Any]]:
    name, email = done
    return ("to_reserve", {"name": name, "email": email}) if email else ("to_bot", {"name": name})


def _resend(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    name = call.values["seat"]

    def work(session: Unit) -> Any:
        from sqlmodel import col, select

        from referee.app.passwords import PASSWORD_NOTICES
        from referee.app.play import lock, seat_named, tell
        from referee.store.models import NoticeRow

        loaded = lock(session, call.game_id)
        seat = seat_named(session, call.game_id, name)
        query = select(NoticeRow).where(
            NoticeRow.game_id == call.game_id,
            NoticeRow.recipient == seat.name,
            col(NoticeRow.template).not_in(PERSONAL | PASSWORD_NOTICES),
        )
        last = session.exec(query.order_by(col(NoticeRow.id).desc()).limit(1)).first()
        if last is None:
            raise RefereeError(f"{seat.name} has had no report yet")
        again = [Notice(last.template, (seat.name,), last.data)]
        tell(session, call.game_id, loaded.row.phase, again, call.now)
        return last

    return {"seat": name}, work


def _resent(context: Context, last: Any) -> tuple[str, dict[str, Any]]:
    return "resent", {"name": last.recipient, "report_phase": last.phase}


def _announce(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    text = str(call.values.get("text", "")).strip()
    if not text:
        raise RefereeError("an announcement needs a text")

    def work(session: Unit) -> int:
        from referee.app.play import lock, tell
        from referee.store.seats import seat_rows

        loaded = lock(session, call.game_id)
        seats = tuple(seat.name for seat in seat_rows(session, call.game_id))
        note = Notice("master_note", seats, {"said": text})
        tell(session, call.game_id, loaded.row.phase, [note], call.now)
        return len(seats)

    return {"text": text[:200]}, work


def _announced(context: Context, count: int) -> tuple[str, dict[str, Any]]:
    return "announced", {"count": count}


def _orders(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    from referee.app.play import save, seat_named
    from referee.core.text import clean_text

    name, text = call.values["seat"], clean_text(str(call.values.get("text", "")))
    if not text.strip():
        raise RefereeError("there are no orders to enter")
    source = call.values.get("source") or call.actor.channel

    def work(session: Unit) -> Any:
        loaded = games.running(session, call.game_id)
        seat = seat_named(session, call.game_id, name)
        submitted = games.play.submit(session, loaded, Submission(seat.name, text, call.now, source), None)
        save(session, submitted.loaded)
        return submitted

    return {"seat": name, "lines": len(text.splitlines())}, work


def _entered(context: Context, submitted: Any) -> tuple[str, dict[str, Any]]:
    from referee.app.play import seat_named

    accepted = sum(1 for verdict in submitted.verdicts if verdict.accepted)
    name = seat_named(context.session, context.call.game_id, context.call.values["seat"]).name
    return "entered", {"accepted": accepted, "count": len(submitted.verdicts), "name": name}


def _retry(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    def work(session: Unit) -> int:
        from referee.app.play import AnswerTo, lock, save
        from referee.store.clocks import as_utc, clock_row
        from referee.store.records import held_rows, release_held

        loaded = lock(session, call.game_id)
        if loaded.row.failed_at is None:
            raise RefereeError(f"game {call.game_id!r} is running; there is nothing to retry")
        loaded.row.failed_at, loaded.row.failure = None, None
        session.add(loaded.row)
        held = held_rows(session, call.game_id)
        try:
            for item in held:
                answer_to = (
                    AnswerTo(item.address, item.in_reply_to or "", item.subject or "", item.problem)
                    if item.address
                    else None
                )
                submission = Submission(item.seat, item.text, as_utc(item.received_at), item.source)
                loaded = games.play.submit(session, loaded, submission, answer_to).loaded
            save(session, loaded)
            clock = clock_row(session, call.game_id)
            opened = as_utc(clock.opened_at) if clock is not None else call.now
            games.play.clock(session, loaded, opened)
        except (RefereeError, ValueError):
            raise
        except Exception as error:  # stopped again once this transaction is rolled back
            raise RulesFailed(call.game_id, error) from error
        release_held(session, held)
        return len(held)

    return {}, work


def _retried(context: Context, count: int) -> tuple[str, dict[str, Any]]:
    return "retried", {"game": context.call.game_id, "count": count}


def _status(games: GameOperations, call: Call) -> tuple[dict[str, Any], Work]:
    from referee.app.play import lock

    return {}, lambda session: lock(session, call.game_id)


def _standing(context: Context, loaded: Any) -> tuple[str, dict[str, Any]]:
    from referee.store.clocks import clock_row

    if loaded.row.failed_at is not None:
        return "stopped", {"failure": loaded.row.failure}
    waiting = ", ".join(loaded.rules.waiting(loaded.state))
    fields = {"phase": loaded.row.phase, "waiting": waiting}
    nobody = "" if waiting else "_nobody"
    clock = clock_row(context.session, context.call.game_id)
    if clock is None or context.games.timekeeper is None:
        return "open" + nobody, fields
    if clock.paused_at is not None:
        return "paused" + nobody, fields
    return "due" + nobody, {**fields, "when": context.shown(clock.due_at)}


_CHARACTER = Words("Character", "Персонаж")
_SEAT = Argument("seat", SEAT, _CHARACTER, shown=Words("character", "персонаж"))
SUBSTITUTE = (
    _SEAT,
    Argument("email", ADDRESS, Words("new address", "новый адрес"), shown=Words("address", "адрес")),
)

ACTIONS = Registry(
    [
        GameMasterAction(
            name="resolve",
            title=Words("Resolve now", "Разрешить сейчас"),
            help=Words("resolve the open phase now", "разрешить текущую фазу сейчас"),
            keywords={"en": ("resolve",), "ru": ("разрешить",)},
            arguments=(
                Argument(
                    "phase",
                    PHASE,
                    Words(
                        "resolve only if this phase (e.g. d2h3) is the open one",
                        "разрешить, только если открыта эта фаза (например, d2h3)",
                    ),
                    required=False,
                    cli="--segment",
                ),
            ),
            work=_resolve,
            outcome=_resolved,
            said={
                "resolved": Words(
                    "resolved {phase}; {count} letters written", "Разрешено: {phase}; написано писем: {count}"
                )
            },
            mails=True,
            cli="advance",
            preview=Words("Preview the resolution", "Предпросмотр разрешения"),
            clash="{game}: this phase was resolved by another process",
        ),
        GameMasterAction(
            name="pause",
            title=Words("Pause", "Пауза"),
            help=Words(
                "stop the clock; nothing is resolved until RESUME (orders are still taken)",
                "остановить часы; ничего не разрешается до ПРОДОЛЖИТЬ (приказы принимаются)",
            ),
            keywords={"en": ("pause",), "ru": ("пауза",)},
            arguments=(
                Argument(
                    "until",
                    DURATION,
                    Words(
                        "for how long (e.g. 2h, 1d; empty: until resumed)",
                        "на сколько (например, 2h, 1d; пусто — до возобновления)",
                    ),
                    required=False,
                    cli="--for",
                    shown=Words("how long", "на сколько"),
                ),
            ),
            work=_pause,
            outcome=_paused,
            said={
                "paused": Words(
                    "paused: nothing is resolved until the game is resumed (orders are still taken)",
                    "Партия на паузе: ничего не разрешается, пока её не продолжат (приказы принимаются)",
                ),
                "paused_until": Words(
                    "paused until {when} (orders are still taken)",
                    "Партия на паузе до {when} (приказы принимаются)",
                ),
            },
        ),
        GameMasterAction(
            name="resume",
            title=Words("Resume", "Продолжить"),
            help=Words(
                "start the clock again; the deadlines move by the time paused",
                "снова пустить часы; сроки сдвигаются на время паузы",
            ),
            keywords={"en": ("resume",), "ru": ("продолжить",)},
            arguments=(),
            work=_resume,
            outcome=_resumed,
            said={
                "resumed": Words(
                    "running again; {phase} ends at {when}",
                    "Партия снова идёт; фаза «{phase}» закончится {when}",
                )
            },
        ),
        GameMasterAction(
            name="shift",
            title=Words("Shift the boundary", "Сдвинуть рубеж"),
            help=Words(
                "move the end of the open phase and of every later one (with ONLY: that one alone)",
                "сдвинуть конец текущей фазы и всех следующих (с ТОЛЬКО — только текущей)",
            ),
            keywords={"en": ("shift",), "ru": ("сдвиг", "сдвинуть")},
            arguments=(
                Argument(
                    "by",
                    DURATION,
                    Words("by (e.g. +2h, -30m)", "на (например, +2h, -30m)"),
                    shown=Words("how far", "на сколько"),
                ),
                Argument(
                    "only",
                    FLAG,
                    Words("this boundary only", "только этот рубеж"),
                    required=False,
                    cli="--only",
                    words=("only", "только"),
                ),
            ),
            work=_shift,
            outcome=_shifted,
            said={
                "shifted": Words("{phase} now ends at {when}", "Новый срок фазы «{phase}»: {when}"),
                "shifted_all": Words(
                    "{phase} now ends at {when}; later boundaries move with it",
                    "Новый срок фазы «{phase}»: {when}; следующие рубежи сдвинуты вместе с ним",
                ),
            },
        ),
        GameMasterAction(
            name="rollback",
            title=Words("Roll back the last resolution", "Откатить последнее разрешение"),
            help=Words(
                "withdraw the last resolution; its phase is resolved again and the players are told",
                "отозвать последнее разрешение: фаза разрешится заново, игрокам сообщат",
            ),
            keywords={"en": ("rollback",), "ru": ("откатить", "откат")},
            arguments=(),
            work=_rollback,
            outcome=_rolled_back,
            note=Words(
                "Its report is withdrawn and its phase resolved again at its deadline (pause first to "
                "correct orders before that); the log keeps both, and the players "
                "who got the report are told.",
                "Его отчёт отзывается, а фаза разрешается заново в свой срок (чтобы сначала поправить "
                "приказы, поставьте игру на паузу); в журнале остаются оба разрешения, а получившим отчёт "
                "игрокам судья напишет.",
            ),
            said={
                "rolled_back": Words(
                    "{phase} is open again; {count} players were told its report is withdrawn; "
                    "it is resolved again at once",
                    "Снова открыто: {phase}; об отзыве отчёта сообщено игрокам: {count}; "
                    "фаза будет разрешена заново сразу же",
                ),
                "rolled_back_at": Words(
                    "{phase} is open again; {count} players were told its report is withdrawn; "
                    "it is resolved again at {when}",
                    "Снова открыто: {phase}; об отзыве отчёта сообщено игрокам: {count}; "
                    "фаза будет разрешена заново {when}",
                ),
                "rolled_back_paused": Words(
                    "{phase} is open again; {count} players were told its report is withdrawn; "
                    "it is resolved again once the game is resumed",
                    "Снова открыто: {phase}; об отзыве отчёта сообщено игрокам: {count}; "
                    "фаза будет разрешена заново, когда партию продолжат",
                ),
            },
            mails=True,
        ),
        GameMasterAction(
            name="substitute",
            title=Words("Substitute a player", "Заменить игрока"),
            help=Words(
                "a new player takes over the character (new password; the welcome letter goes to them)",
                "роль переходит к новому игроку (новый пароль; приветствие уходит ему)",
            ),
            keywords={"en": ("substitute",), "ru": ("замена", "заменить")},
            arguments=SUBSTITUTE,
            work=_substitute,
            outcome=_substituted,
            said={
                "substituted": Words(
                    "{name} is now played from {email}, with a new password; their welcome letter went there",
                    "Персонажем {name} теперь играют с адреса {email}, с новым паролем; "
                    "приветственное письмо ушло туда",
                )
            },
            mails=True,
        ),
        GameMasterAction(
            name="replace",
            title=Words("Hand a character over", "Передать персонажа"),
            help=Words(
                "the first reserve (with a catch-up letter) or the stand-in bot takes the character over",
                "персонажа принимает первый из резерва (ему уходит письмо с тем, что знает персонаж) "
                "или бот-заместитель",
            ),
            keywords={"en": ("replace",), "ru": ("передать",)},
            arguments=(
                _SEAT,
                Argument(
                    "reserve",
                    FLAG,
                    Words("to the first reserve", "первому из резерва"),
                    required=False,
                    cli="--reserve",
                    words=("reserve", "резерв", "резерву"),
                ),
                Argument(
                    "bot",
                    FLAG,
                    Words("to the stand-in bot", "боту-заместителю"),
                    required=False,
                    cli="--bot",
                    words=("bot", "бот", "боту"),
                ),
            ),
            work=_replace,
            outcome=_replaced,
            said={
                "to_reserve": Words(
                    "{name} is now played by the first reserve, {email}; the catch-up letter went there, "
                    "and the other players were told the character changed hands",
                    "Персонажем {name} теперь играет первый из резерва, {email}; ему ушло письмо с тем, что "
                    "знает персонаж, а остальным игрокам сообщено, что персонаж перешёл к другому",
                ),
                "to_bot": Words(
                    "{name} is now played by the stand-in bot; the other players were told the character "
                    "changed hands",
                    "Персонажем {name} теперь играет бот-заместитель; остальным игрокам сообщено, что "
                    "персонаж перешёл к другому",
                ),
            },
            mails=True,
        ),
        GameMasterAction(
            name="resend",
            title=Words("Resend the last report", "Отправить последний отчёт ещё раз"),
            help=Words(
                "send the character's last report again", "ещё раз отправить персонажу его последний отчёт"
            ),
            keywords={"en": ("resend",), "ru": ("повторить",)},
            arguments=(_SEAT,),
            work=_resend,
            outcome=_resent,
            said={
                "resent": Words(
                    "{name}'s last report is sent again", "Последний отчёт персонажа {name} отправлен ещё раз"
                )
            },
            mails=True,
        ),
        GameMasterAction(
            name="announce",
            title=Words("Announce", "Объявить"),
            help=Words("send the text to every player", "отправить текст всем игрокам"),
            keywords={"en": ("announce",), "ru": ("объявить",)},
            arguments=(
                Argument(
                    "text",
                    TEXT,
                    Words("text to every player", "текст для всех игроков"),
                    shown=Words("text", "текст"),
                ),
            ),
            work=_announce,
            outcome=_announced,
            said={
                "announced": Words("announced to {count} players", "Объявление разослано игрокам: {count}")
            },
            mails=True,
        ),
        GameMasterAction(
            name="orders",
            title=Words("Enter orders for a character", "Ввести приказы за персонажа"),
            help=Words(
                "orders for a character, judged as the player's mail would be",
                "приказы за персонажа; судья оценит их так же, как письмо игрока",
            ),
            keywords={},  # not a command of mail (``not_on``): its words would only shadow players' lines
            arguments=(
                _SEAT,
                Argument("text", LINES, Words("orders, one per line", "приказы, по одному в строке")),
            ),
            work=_orders,
            outcome=_entered,
            said={
                "entered": Words(
                    "{accepted} of {count} lines accepted for {name}",
                    "Для персонажа {name} принято строк: {accepted} из {count}",
                )
            },
            mails=True,
            cli="order",
            not_on={
                "mail": "a game-master's mail is one command a line, while a character's orders are a whole "
                "letter that replaces the last one: they are entered on the game's page or by `referee order`"
            },
        ),
        GameMasterAction(
            name="retry",
            title=Words("Start the stopped game again", "Снова запустить остановленную партию"),
            help=Words(
                "after a fix, start a game stopped on an error again; the mail held meanwhile is judged",
                "после исправления снова запустить партию, остановленную из-за ошибки; "
                "отложенные письма будут рассмотрены",
            ),
            keywords={"en": ("retry",), "ru": ("перезапуск", "перезапустить")},
            arguments=(),
            work=_retry,
            outcome=_retried,
            said={
                "retried": Words(
                    "{game} runs again; {count} held mail(s) judged",
                    "Партия {game} снова идёт; отложенных писем рассмотрено: {count}",
                )
            },
            mails=True,
            when_stopped=True,
        ),
        GameMasterAction(
            name="status",
            title=Words("Where the game stands", "Как идёт игра"),
            help=Words("where the game stands", "как идёт игра"),
            keywords={"en": ("status",), "ru": ("статус",)},
            arguments=(),
            work=_status,
            outcome=_standing,
            said={
                "stopped": Words(
                    "stopped after an error in the rules: {failure}",
                    "Партия остановлена из-за ошибки в правилах: {failure}",
                ),
                "open": Words(
                    "{phase}, no deadline; awaiting {waiting}", "{phase}, без срока; ждём: {waiting}"
                ),
                "open_nobody": Words(
                    "{phase}, no deadline; awaiting nobody", "{phase}, без срока; все приказы получены"
                ),
                "paused": Words("{phase}, paused; awaiting {waiting}", "{phase}, на паузе; ждём: {waiting}"),
                "paused_nobody": Words(
                    "{phase}, paused; awaiting nobody", "{phase}, на паузе; все приказы получены"
                ),
                "due": Words(
                    "{phase}, until {when}; awaiting {waiting}", "{phase}, до {when}; ждём: {waiting}"
                ),
                "due_nobody": Words(
                    "{phase}, until {when}; awaiting nobody", "{phase}, до {when}; все приказы получены"
                ),
            },
            confirm=False,
            audited=False,
            when_stopped=True,
            not_on={
                "cli": "`referee state GAME` and `referee status` show where a game stands, and more",
                "web": "the top of the game's page shows where the game stands, and keeps it up to date",
            },
        ),
    ]
)
"""Every game-master action, in the order the doors list them."""
