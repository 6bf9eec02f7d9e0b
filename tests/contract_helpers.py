"""The game contract, checked the same way on every game: what a game must declare and keep.

``contract_problems(rules, renderer)`` plays whole seeded games with the game's own ``bot``
and lists, one line each naming the game, everything the game misses:

- a declared notice template (or ``subject``/``master``) without a text in some language;
- a declared refusal reason without its own phrase in the game's ``_reasons.txt.j2``;
- a notice or refusal reason met in play that the game did not declare, or that fails to render;
- a state whose snapshot does not come back equal through ``dump``, JSON and ``load``;
- a ``player_view`` that shows a seat a string only events hidden from that seat hold.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from jinja2 import TemplateNotFound

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.rules import Rules, fold, notice_kinds, visible
from referee.render import LANGUAGES, SHARED_NOTICES, Renderer, templates_dir

SEEDS = (3, 11)
"""The seeds each game is played with."""

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor")
START = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
JUNK = "XYZZY 42"
"""A line no game reads as an order: each seat sends it at the start and after the end."""
UNKNOWN_REASON = "zz_no_such_reason"
MAIL = {"game_id": "contract", "referee_address": "referee@example.org", "start": "", "password": "pw-1"}
PASSES = 3
"""How many times each seat's bot is asked for orders in one phase, at most."""
MOST_PHASES = 600


@dataclass
class Played:
    """One whole game played by bots: every state, event, notice, answer and refusal on the way."""

    rules: Rules[Any]
    seats: tuple[str, ...]
    log: list[Event] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    answers: list[dict[str, Any]] = field(default_factory=list)
    verdicts: list[LineVerdict] = field(default_factory=list)
    checkpoints: list[tuple[str, int, Any]] = field(default_factory=list)
    """(phase key, length of the log, state) after each submission with events and each closed phase:
    where views are checked."""
    short_kinds: list[str] = field(default_factory=list)
    """The phases whose notices changed when their phase's log held only the rules' ``notice_kinds``."""


def _start(rules: Rules[Any], seed: int) -> tuple[tuple[str, ...], list[Event]]:
    """The first events of a game of as many seats as the game takes, four if it can."""
    for count in (4, 3, 5, 2, 6):
        seats = NAMES[:count]
        players = [{"name": name} for name in seats]
        try:
            return seats, rules.start(
                {"id": f"contract-{seed}", "seed": seed, "language": "en", "players": players}
            )
        except ValueError:
            continue
    raise ValueError(f"{rules.kind}: no game of 2 to 6 seats could be started")


def play(rules: Rules[Any], seed: int) -> Played:
    """A whole game of ``rules`` from ``seed``, every seat played by the game's ``bot``.

    Submissions and resolutions go as the store makes them: a game that closes early
    resolves its phase once nobody is awaited, and a phase still open after the bots have
    spoken is resolved as at its deadline.
    """
    seats, log = _start(rules, seed)
    game = Played(rules, seats, log=list(log))
    state = fold(rules, log)
    game.states.append(state)
    game.notices += rules.welcome(state)
    phase_log: list[Event] = []
    clock = START

    def close(current: Any) -> Any:
        nonlocal phase_log
        key = rules.phase(current).key
        events = rules.resolve(current)
        after = fold(rules, events, current) if events else current
        game.log += events
        notices = rules.notices(current, after, events, phase_log)
        kinds = notice_kinds(rules)
        if kinds is not None:  # a boundary reads only those kinds of the phase's log
            read = [event for event in phase_log if event.kind in kinds]
            if rules.notices(current, after, events, read) != notices:
                game.short_kinds.append(key)
        game.notices += notices
        phase_log = []
        game.states.append(after)
        game.checkpoints.append((key, len(game.log), after))
        return after

    def submit(current: Any, seat: str, text: str) -> Any:
        nonlocal clock
        clock += timedelta(minutes=1)
        verdicts, events = rules.submit(current, Submission(seat, text, clock, "contract"))
        after = fold(rules, events, current) if events else current
        game.log += events
        phase_log.extend(events)
        game.verdicts += verdicts
        if events and rules.early_close and not rules.finished(after) and not rules.waiting(after):
            after = close(after)
        game.states.append(after)
        if events:
            game.checkpoints.append((rules.phase(after).key, len(game.log), after))
        game.answers.append(rules.answer(current, after, seat, verdicts, lambda: visible(game.log, seat)))
        game.notices += rules.relays(after, seat, events)
        return after

    for seat in seats:
        state = submit(state, seat, JUNK)
    for _ in range(MOST_PHASES):
        if rules.finished(state):
            break
        key = rules.phase(state).key
        for _ in range(PASSES):
            wrote = False
            for seat in seats:
                if rules.finished(state) or rules.phase(state).key != key:
                    break
                text = rules.bot(rules.player_view(state, seat, visible(game.log, seat)), seed)
                if text:
                    state = submit(state, seat, text)
                    wrote = True
            if not wrote or rules.finished(state) or rules.phase(state).key != key:
                break
        if not rules.finished(state) and rules.phase(state).key == key:
            state = close(state)
    else:
        raise AssertionError(f"{rules.kind}: the game did not end within {MOST_PHASES} phases")
    game.checkpoints.append((rules.phase(state).key, len(game.log), state))
    for seat in seats:
        state = submit(state, seat, JUNK)
    return game


@cache
def played(kind: str) -> tuple[Played, ...]:
    """The games of ``kind`` played from each of ``SEEDS`` (kept for every test of the module)."""
    from referee.games import contract_rules

    return tuple(play(contract_rules(kind), seed) for seed in SEEDS)


# --- templates -------------------------------------------------------------------------------------


def template_problems(rules: Rules[Any], renderer: Renderer) -> list[str]:
    """Declared notices, the subject and the game-master's view without a text in some language."""
    problems = []
    for language in LANGUAGES:
        for name in sorted(rules.notice_templates):
            try:
                renderer.template(language, f"{name}.txt.j2", rules.kind)
            except TemplateNotFound:
                problems.append(
                    f"{rules.kind}: notice {name!r} has no template {language}/{rules.kind}/{name}.txt.j2"
                )
        for own in ("subject.txt.j2", "master.txt.j2"):
            if not (templates_dir() / language / rules.kind / own).is_file():
                problems.append(f"{rules.kind}: no {own} of its own in {language}/{rules.kind}/")
    return problems


def reason_phrase(renderer: Renderer, kind: str, language: str, code: str) -> str:
    """The phrase of ``code`` in the game's ``_reasons.txt.j2`` of ``language``, without parameters."""
    source = f'{{% import "{language}/{kind}/_reasons.txt.j2" as r %}}{{{{ r.reason(code, {{}}) | trim }}}}'
    template = renderer.environment_for(kind).from_string(source)
    return template.render(code=code, language=language, kind=kind).strip()


def reason_problems(rules: Rules[Any], renderer: Renderer) -> list[str]:
    """Declared refusal reasons without a phrase of their own (the generic fallback) in some language."""
    problems = []
    for language in LANGUAGES:
        try:
            fallback = reason_phrase(renderer, rules.kind, language, UNKNOWN_REASON)
        except TemplateNotFound:
            if rules.refusal_reasons:
                problems.append(
                    f"{rules.kind}: no {language}/{rules.kind}/_reasons.txt.j2 for its refusal reasons"
                )
            continue
        for code in sorted(rules.refusal_reasons):
            phrase = reason_phrase(renderer, rules.kind, language, code)
            if not phrase or phrase == fallback.replace(UNKNOWN_REASON, code):
                problems.append(f"{rules.kind}: refusal reason {code!r} has no text in {language}")
    return problems


# --- what play shows -------------------------------------------------------------------------------


def notice_problems(game: Played, renderer: Renderer) -> list[str]:
    """Notices and refusal reasons met in play that were not declared, or that fail to render."""
    rules, problems = game.rules, []
    met = {notice.template for notice in game.notices} | {"answer"}
    problems += [
        f"{rules.kind}: notice {name!r} is written in play but not declared in notice_templates"
        for name in sorted(met - rules.notice_templates)
    ]
    refused = {v.reason for v in game.verdicts if not v.accepted}
    problems += [
        f"{rules.kind}: refusal reason {code!r} is given in play but not declared in refusal_reasons"
        for code in sorted(refused - rules.refusal_reasons)
    ]
    letters = [(n.template, n.data) for n in game.notices] + [("answer", a) for a in game.answers]
    failed: set[str] = set()
    for language in LANGUAGES:
        for name, data in letters:
            if (language, name) in failed:
                continue
            context = {**data, **MAIL}
            try:
                text = renderer.render(language, f"{name}.txt.j2", kind=rules.kind, **context)
                subject_kind = "" if name in SHARED_NOTICES else rules.kind
                renderer.render(language, "subject.txt.j2", kind=subject_kind, template=name, **context)
                renderer.render(language, "mail.html.j2", kind=rules.kind, **{**context, "text": text})
            except Exception as error:
                failed.add((language, name))
                problems.append(f"{rules.kind}: notice {name!r} fails to render in {language}: {error!r}")
    return problems


def snapshot_problems(game: Played) -> list[str]:
    """States whose snapshot does not come back equal through ``dump``, JSON and ``load``."""
    rules = game.rules
    for index, state in enumerate(game.states):
        try:
            again = rules.load(json.loads(json.dumps(rules.dump(state))))
        except Exception as error:
            return [f"{rules.kind}: the snapshot of state {index} cannot be stored and read: {error!r}"]
        if again != state:
            return [
                f"{rules.kind}: the snapshot of state {index} does not load back equal (load(dump(s)) != s)"
            ]
    return []


def strings(value: Any) -> set[str]:
    """Every non-blank string value in ``value`` (list items and dictionary values, at any depth)."""
    if isinstance(value, str):
        return {value} if value.strip() else set()
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()))
    if isinstance(value, list | tuple | set | frozenset):
        return set().union(*(strings(item) for item in value))
    return set()


def secrecy_problems(game: Played, rule: str) -> list[str]:
    """Strings a seat's ``player_view`` shows that only events hidden from the seat hold.

    For each seat, at the end of every phase: a string is secret from the seat when some
    event hidden from it holds it, and neither an event the seat may see, nor its welcome
    letter, nor what every letter tells (the game's id, the seats' names) does. No secret
    string may appear anywhere in the seat's view (``rule``).
    """
    rules, problems = game.rules, []
    public = {str(game.log[0].data.get("game_id", "")), *game.seats} if game.log else set(game.seats)
    welcomes: dict[str, set[str]] = {}
    for notice in game.notices:
        if notice.template == "welcome":
            for seat in notice.audience:
                welcomes.setdefault(seat, set()).update(strings(notice.data))
    for seat in game.seats:
        hidden: set[str] = set()
        seen = public | welcomes.get(seat, set())
        read = 0
        leaks: set[str] = set()
        for key, length, state in game.checkpoints:
            for event in game.log[read:length]:
                (seen if event.visible_to(seat) else hidden).update(strings(event.data))
            read = length
            view = json.loads(
                json.dumps(rules.player_view(state, seat, visible(game.log[:length], seat)), default=str)
            )
            leaked = sorted((strings(view) & (hidden - seen)) - leaks)
            if leaked:
                leaks.update(leaked)
                problems.append(
                    f"{rules.kind}: player_view of {seat} after {key} shows {', '.join(map(repr, leaked))}, "
                    f"which only events hidden from {seat} hold ({rule})"
                )
    return problems


SECRECY_RULES = {
    "ten-sailors": "TS-3",
    "museum-suspects": "MS-4",
    "cosmic-express": "CE-3",
    "minuit": "MM-16",
    "_template": "a word stays secret until its round is revealed",
}
"""The rule that says what a seat may not see, by game kind."""


def contract_problems(
    rules: Rules[Any], renderer: Renderer, play_with: Callable[[Rules[Any], int], Played] = play
) -> list[str]:
    """Everything ``rules`` misses of the game contract, one line each naming the game."""
    problems = template_problems(rules, renderer) + reason_problems(rules, renderer)
    for seed in SEEDS:
        try:
            game = play_with(rules, seed)
        except Exception as error:
            return [*problems, f"{rules.kind}: a game from seed {seed} cannot be played: {error!r}"]
        problems += notice_problems(game, renderer)
        problems += snapshot_problems(game)
        problems += secrecy_problems(game, SECRECY_RULES.get(rules.kind, "its own secrecy rule"))
        problems += [
            f"{rules.kind}: the notices closing {key} read logged events of a kind not in notice_kinds"
            for key in game.short_kinds
        ]
    return list(dict.fromkeys(problems))


def first(problems: Iterable[str], *words: str) -> str | None:
    """The first of ``problems`` that holds every one of ``words``."""
    return next((p for p in problems if all(w in p for w in words)), None)
