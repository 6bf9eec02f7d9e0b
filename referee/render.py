"""Rendering the referee's messages to players from the Jinja2 templates in ``templates/<language>/``.

Every message exists in English (``en``) and Russian (``ru``). Each game owns its texts in
``templates/<language>/<kind>/`` (``kind`` as in ``referee.games.KINDS``); only the texts
every game sends alike sit at the top of ``templates/<language>/`` (``SHARED_TEMPLATES``).
Rendering with a game's ``kind`` finds ``<language>/<kind>/<name>`` first; it falls back
to ``<language>/<name>`` only for a shared name, and a game's template that does not
exist raises ``MissingTemplate`` naming the game, the language and the template.

Inside a template, ``{% include "help.txt.j2" %}`` and ``{% import "_reasons.txt.j2" as
reasons %}`` find the file in the including template's own directory.

Each game kind gets its own Jinja environment: the shared filters below plus the filters
and globals of the game's ``presentation`` module (``referee.games.presentation_for``).
A filter with a keyword-only ``language`` parameter is given the template's language
(a template may still pass ``language="ru"`` itself). Shared filters:

- ``and_list``: a list of words as "A, B and C" ("A, B и C");
- ``phase_name``: a phase key as players read it, for the shared reminder; a game whose
  phase keys mean something to players (Ten Sailors' segments) gives its own, and
  otherwise the key comes back unchanged and the reminder uses the phase's label;
- ``moment``: an ISO date and time in the game's time zone (``time_zone``, an IANA name in
  the context; without one, at the moment's own offset), as ``referee.core.moments.moment_text``
  writes it in the template's language: ``when | moment`` "12:30 on Tuesday 1 December (Moscow time)",
  ``moment("time")`` "12:30", ``moment("day")``, ``moment("on_day")``;
- ``zone_name``: a reader's time zone key (``referee.core.zones``) as the reader calls it,
  ``"Europe/Berlin" | zone_name`` "Berlin" («Берлин»);
- ``case``: a person's name in a Russian case, ``name | case("gent")`` «Анны» (unchanged in
  English); ``by_gender``: ``name | by_gender("погиб", "погибла")`` the form that agrees with
  the person; ``gender``: "m" or "f". A person's gender is the game's (``genders`` in the
  context, from the game file) or guessed from the name (``referee.core.russian``).

Every template also sees ``deadline``: until when the open phase takes orders, as
"12:30 on Tuesday 1 December (Moscow time)" («12:30 во вторник, 1 декабря (МСК)»), made from
``deadline_at`` (ISO) in the context, or "" when the game has no deadline. When the context
holds ``reader_zone`` (the reader's own zone, for a player who set one), the deadline is told
in it too: "… (Moscow time) — 10:30 your time (Berlin)" («… (МСК), у вас 10:30 (Берлин)»).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, MutableMapping
from pathlib import Path
from typing import Any

from jinja2 import (
    Environment,
    FileSystemLoader,
    StrictUndefined,
    Template,
    TemplateNotFound,
    pass_context,
    select_autoescape,
)
from jinja2.bccache import Bucket, BytecodeCache
from jinja2.runtime import Context

from referee.core.moments import moment_text, zone_named
from referee.core.russian import Gender, by_gender, decline, guess_gender, plural, read_gender
from referee.core.zones import reader_text, zone_name
from referee.games import phase_words, presentation_for
from referee.shipped import shipped

LANGUAGES: tuple[str, ...] = ("en", "ru")
"""The languages every template exists in."""

SHARED_NOTICES: frozenset[str] = frozenset(
    {
        "reminder",
        "held",
        "confirm",
        "disowned",
        "master_welcome",
        "master_answer",
        "master_note",
        "guessing",
        "sign_in_link",
        "withdrawn",
        "new_password",
        "password_later",
        "nudge",
        "silent_seat",
        "seat_changed_hands",
        "resign",
    }
)
"""Notices every game sends alike, from the shared templates; their subject is the shared
``subject.txt.j2`` (rendered without a kind: a game's subject does not know them)."""

SHARED_TEMPLATES: frozenset[str] = frozenset(
    {
        "refusal.txt.j2",  # the answer to a stranger: it names no game
        "too_big.txt.j2",  # the answer to a mail too big to read: it names no game either
        "password_wait.txt.j2",  # the answer to password mail after too many wrong ones: no game
        "signup_games.txt.j2",  # the sign-up's letters, written before any game exists
        "signup_ask.txt.j2",
        "signup_news.txt.j2",
        "signup_master.txt.j2",
        "mail.html.j2",  # the HTML part around any text (a game may have its own)
        "subject.txt.j2",  # the subjects of the shared notices (a game has its own for the rest)
        *(f"{notice}.txt.j2" for notice in SHARED_NOTICES),
    }
)
"""The only names a game may lack: rendering them for a game without its own copy uses
``templates/<language>/<name>``. Every other name must exist in the game's directory."""

_BLANK_RUNS = re.compile(r"\n{3,}")


class MissingTemplate(TemplateNotFound):
    """A game (or the shared set) lacks a template it was asked for."""


def templates_dir() -> Path:
    """The shipped ``templates/`` directory (the checkout's, or the installed package's)."""
    return shipped("templates")


def and_list(items: Iterable[Any], language: str) -> str:
    """``items`` joined as "A, B and C" (Russian: "A, B и C")."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    conjunction = " и " if language == "ru" else " and "
    return ", ".join(words[:-1]) + conjunction + words[-1]


def _and_list_filter(items: Iterable[Any], *, language: str) -> str:
    return and_list(items, language)


def _phase_name(key: Any, *, language: str) -> str:
    """A phase key as it is: the shared default of ``phase_name`` (a game may give its own)."""
    return str(key)


def _gender_of(context: Context, name: Any) -> Gender:
    """The gender of the person called ``name``: the game's, else guessed from the name."""
    genders = context.get("genders") or {}
    return read_gender(genders.get(str(name), "")) or guess_gender(str(name))


@pass_context
def _case(context: Context, name: Any, case: str, language: str | None = None) -> str:
    if _language(context, language) != "ru":
        return str(name)
    return decline(str(name), case, _gender_of(context, name))


@pass_context
def _by_gender(context: Context, name: Any, masculine: str, feminine: str) -> str:
    return by_gender(_gender_of(context, name), masculine, feminine)


@pass_context
def _gender(context: Context, name: Any) -> str:
    return _gender_of(context, name)


@pass_context
def _moment(context: Context, value: Any, style: str = "full", language: str | None = None) -> str:
    zone = zone_named(str(context["time_zone"])) if context.get("time_zone") else None
    return moment_text(value, zone, _language(context, language), style)


@pass_context
def _zone_name(context: Context, key: Any, language: str | None = None) -> str:
    return zone_name(str(key), _language(context, language))


def _kind_phase_name(key: Any, kind: Any, otherwise: Any = None, *, language: str) -> str:
    """A phase key of a game of ``kind`` as its game-master reads it, on a page that shows games of
    every kind: the game's ``phase_label`` filter if it has one, else ``otherwise`` if given (the
    rules' own label, in English) said in ``language`` as the demo says it (``phase_words``), else the
    key as it is."""
    filters = presentation_for(str(kind)).filters if str(kind) else {}
    name = filters.get("phase_label")
    if name is not None:
        return str(name(key, language=language))
    if otherwise is None:
        return str(key)
    return phase_words(str(otherwise), str(key), str(kind), language) if str(kind) else str(otherwise)


def phase_label(key: str, kind: str, language: str, otherwise: str | None = None) -> str:
    """A phase key of a game of ``kind`` as its game-master reads it in ``language`` (for a game that
    has no ``phase_label``, ``otherwise`` if given, the rules' own label, else the key itself)."""
    return _kind_phase_name(key, kind, otherwise, language=language)


def _counted(count: Any, *forms: str, language: str) -> str:
    """``count`` and the noun that agrees with it: ``{{ 2 | counted("очко", "очка", "очков") }}`` «2 очка»,
    ``{{ 1 | counted("point", "points") }}`` "1 point" (Russian takes three forms, English two)."""
    number = int(count)
    if language == "ru" and len(forms) == 3:
        return f"{number} {plural(number, *forms)}"
    return f"{number} {forms[0] if number == 1 else forms[-1]}"


SHARED_FILTERS: dict[str, Callable[..., Any]] = {
    "counted": _counted,
    "and_list": _and_list_filter,
    "phase_name": _phase_name,
    "kind_phase_name": _kind_phase_name,
}
"""The filters every game's templates have; a game's presentation may replace ``phase_name``."""

PEOPLE_AND_TIME_FILTERS: dict[str, Callable[..., Any]] = {
    "case": _case,
    "by_gender": _by_gender,
    "gender": _gender,
    "moment": _moment,
    "zone_name": _zone_name,
}
"""The filters of names and moments every game's templates have (they read the context themselves)."""


def deadline_text(context: dict[str, Any], language: str) -> str:
    """Until when the open phase takes orders, from ``deadline_at`` and ``time_zone`` in ``context``,
    and in the reader's own zone too when ``reader_zone`` names one whose clock shows another time."""
    due = context.get("deadline_at")
    if not due:
        return ""
    zone = zone_named(str(context.get("time_zone") or ""))
    game = moment_text(due, zone, language)
    own = reader_text(due, zone, str(context["reader_zone"]), language) if context.get("reader_zone") else ""
    if not own:
        return game
    return f"{game}, {own}" if language == "ru" else f"{game} — {own}"


def _language(context: Context, explicit: str | None = None) -> str:
    """The language a filter works in: ``explicit``, the template's directory, or ``language``."""
    if explicit in LANGUAGES:
        return explicit
    head = (context.name or "").split("/", 1)[0]
    if head in LANGUAGES:
        return head
    language = context.get("language")
    return language if language in LANGUAGES else "en"


def _speaks(function: Callable[..., Any]) -> bool:
    """Whether ``function`` takes the template's language as its keyword-only ``language``."""
    try:
        parameter = inspect.signature(function).parameters.get("language")
    except (TypeError, ValueError):
        return False
    return parameter is not None and parameter.kind is inspect.Parameter.KEYWORD_ONLY


def _as_filter(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` as a Jinja filter: one that speaks a language is given the template's."""
    if not _speaks(function):
        return function

    @pass_context
    def speaking(context: Context, value: Any, *args: Any, language: str | None = None, **kwargs: Any) -> Any:
        return function(value, *args, language=_language(context, language), **kwargs)

    return speaking


class _LanguageEnvironment(Environment):
    """An environment whose includes and imports stay in the including template's directory."""

    def join_path(self, template: str, parent: str) -> str:
        """``template`` relative to the directory of ``parent`` unless it names a directory itself."""
        if "/" in template or "/" not in parent:
            return template
        return f"{parent.rsplit('/', 1)[0]}/{template}"

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals as one plain dict, not Jinja's chain over the environment's: every render
        copies them into its context, and copying a chain costs a quarter of rendering a mail. The
        environment's globals are all set before its first template is loaded (``environment_for``)."""
        return {**self.globals, **(d or {})}


class _CompiledOnce(BytecodeCache):
    """Each template's compiled code kept for the process, whichever renderer loads it next.

    Compiling a template costs far more than rendering it, and every renderer (one per command, per
    service, per web process, per test) would compile the same files again. Jinja checks each entry
    against the source's checksum, so a template changed on disk is compiled anew. The code depends on
    the environment's filters (one that takes the context is called differently), so environments share
    a cache only when their filters take the same arguments (in practice: one per game kind). Bounded
    by the templates there are.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED: dict[frozenset[tuple[str, object]], _CompiledOnce] = {}
"""The compiled templates, by what the environment's filters are passed (``_filter_calls``)."""


def share_compiled(environment: Environment) -> None:
    """Lets ``environment`` use, and keep, the code compiled by any environment whose filters are called
    as its own are (its filters set)."""
    environment.bytecode_cache = _COMPILED.setdefault(_filter_calls(environment), _CompiledOnce())


def _filter_calls(environment: Environment) -> frozenset[tuple[str, object]]:
    """Each filter of ``environment`` by name with what Jinja passes it first (context, environment,
    evaluation context or nothing): what its compiled templates depend on."""
    return frozenset((name, getattr(f, "jinja_pass_arg", None)) for name, f in environment.filters.items())


class Renderer:
    """Renders players' messages from the templates in ``templates_dir`` (``<language>/[<kind>/]<name>``)."""

    def __init__(self, templates_dir: Path) -> None:
        self.templates_dir = Path(templates_dir)
        self._environments: dict[str, Environment] = {}
        self._found: dict[tuple[str, str, str], Template] = {}

    @property
    def environment(self) -> Environment:
        """The environment of the shared templates (no game's filters)."""
        return self.environment_for("")

    def environment_for(self, kind: str) -> Environment:
        """The environment of game ``kind``: the shared filters and the game's presentation ("" for none)."""
        if kind not in self._environments:
            environment = _LanguageEnvironment(
                loader=FileSystemLoader(str(self.templates_dir)),
                undefined=StrictUndefined,
                autoescape=select_autoescape(["html", "html.j2"]),
                trim_blocks=True,
                lstrip_blocks=True,
                keep_trailing_newline=True,
                auto_reload=False,  # a template is read once per process, not looked at again per mail
            )
            filters = dict(SHARED_FILTERS)
            if kind:
                presentation = presentation_for(kind)
                filters.update(presentation.filters)
                environment.globals.update(presentation.globals)
            environment.filters.update({name: _as_filter(f) for name, f in filters.items()})
            environment.filters.update(PEOPLE_AND_TIME_FILTERS)
            share_compiled(environment)
            self._environments[kind] = environment
        return self._environments[kind]

    def template(self, language: str, name: str, kind: str = "") -> Template:
        """The template ``name`` of game ``kind`` in ``language``: the game's own, else a shared one.

        Raises ``MissingTemplate`` when the game has no such template and ``name`` is not shared.
        """
        found = self._found.get((language, name, kind))
        if found is not None:
            return found
        found = self._find(language, name, kind)
        self._found[(language, name, kind)] = found
        return found

    def _find(self, language: str, name: str, kind: str) -> Template:
        """``template`` looked up in the folders (the game's own first, then the shared set)."""
        if language not in LANGUAGES:
            raise ValueError(f"no templates for language {language!r}; expected one of {LANGUAGES}")
        environment = self.environment_for(kind)
        if kind:
            own = f"{language}/{kind}/{name}"
            try:
                return environment.get_template(own)
            except TemplateNotFound as error:
                if error.name != own:
                    raise
        if name in SHARED_TEMPLATES:
            return environment.get_template(f"{language}/{name}")
        if kind:
            raise MissingTemplate(
                f"{language}/{kind}/{name}",
                f"game {kind!r} has no template {name!r} in language {language!r} "
                f"(expected {self.templates_dir / language / kind / name}); "
                f"only {', '.join(sorted(SHARED_TEMPLATES))} may come from the shared set",
            )
        raise MissingTemplate(
            f"{language}/{name}",
            f"{name!r} is not a shared template: render it with the kind of the game it belongs to",
        )

    def render(self, language: str, name: str, /, *, kind: str = "", **context: Any) -> str:
        """The text of template ``name`` in ``language`` ("en" or "ru") filled with ``context``.

        With ``kind`` (a game kind), the game's own ``<language>/<kind>/<name>`` is used; a
        shared name falls back to ``<language>/<name>``, and anything else missing raises
        ``MissingTemplate``. (The subject of a shared notice, ``SHARED_NOTICES``, is the
        shared one: render it without ``kind``.) The template also sees ``language``,
        ``kind`` and ``deadline`` (see the module's docstring). Runs of blank lines are
        squeezed to one and trailing spaces dropped, so the text ends with a single newline.
        A variable the template needs but ``context`` lacks raises ``jinja2.UndefinedError``.
        """
        template = self.template(language, name, kind)
        deadline = deadline_text(context, language)
        text = template.render({**context, "language": language, "kind": kind, "deadline": deadline})
        lines = "\n".join(line.rstrip() for line in text.strip().splitlines())
        return _BLANK_RUNS.sub("\n\n", lines) + "\n"

    def names(self, language: str = "en", kind: str = "") -> list[str]:
        """The text templates one can render in ``language`` for game ``kind``, the game's own and the
        shared ones (partials, whose names start with "_", left out)."""
        own = {p.name for p in (self.templates_dir / language / kind).glob("*.txt.j2")} if kind else set()
        shared = {
            p.name for p in (self.templates_dir / language).glob("*.txt.j2") if p.name in SHARED_TEMPLATES
        }
        return sorted(name for name in own | shared if not name.startswith("_"))
