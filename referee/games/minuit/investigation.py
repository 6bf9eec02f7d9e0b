"""Investigations: one TOML file each, read into an ``Investigation`` and checked part by part (MM-5, MM-6).

The format is documented in ``docs/minuit-investigations.md``. ``check_investigation``
names every missing or inconsistent part of a file, so that a game-master can write
their own: a missing lead or translation, duplicate initials, no Kristina, a solution
that is not among the candidates, points that do not fall from hypothesis 1 to 2, and
an unreadable timeline marker (``[[claims]]``) or finding, and, through ``deduction``,
any marker that contradicts the solution — only the culprit may lie, they acted alone,
and the murder happened in the suite between 23:45 and midnight (MM-6), every claim
compared at every minute it covers — a case whose truthful leads allow any answer but
the solution, or more than it, and a culprit's lie that no truthful lead contradicts.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from pathlib import Path
from typing import Any

from referee.games.minuit.content import LOCATIONS, ZONE_OF_LOCATION
from referee.games.minuit.deduction import TOPICS as TOPICS
from referee.games.minuit.deduction import lead_keys as lead_keys
from referee.games.minuit.deduction import read_case, verdict
from referee.games.minuit.solver import ACCIDENT as ACCIDENT
from referee.games.minuit.solver import ELEMENTS as ELEMENTS
from referee.games.minuit.solver import SUICIDE as SUICIDE
from referee.games.minuit.timeline import SCENE as SCENE
from referee.games.minuit.timeline import VICTIM as VICTIM
from referee.games.minuit.timeline import WINDOW as WINDOW
from referee.games.minuit.timeline import Claim as Claim
from referee.games.minuit.timeline import clock_of as clock_of
from referee.games.minuit.timeline import minute_of as minute_of
from referee.games.minuit.timeline import read_claims
from referee.games.minuit.timeline import victim_at as victim_at

LANGUAGES = ("en", "ru")
DIFFICULTIES = ("novice", "amateur", "expert")
SUSPECT_COUNT = 12
NO_CULPRIT_NAMES = {
    ACCIDENT: {"en": "Accident", "ru": "Несчастный случай"},
    SUICIDE: {"en": "Suicide", "ru": "Самоубийство"},
}
"""The two culprits that are not suspects (MM-6)."""
MUST_HAVE = "Kristina"
SHIPPED_DIR = "investigations"


class InvestigationError(ValueError):
    """An investigation file that cannot be played; ``problems`` names every fault."""

    def __init__(self, where: str, problems: list[str]) -> None:
        super().__init__(f"{where}: " + "; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Suspect:
    """One of the twelve suspects: an id (lower-case first name), names and a line about them."""

    id: str
    name: dict[str, str]
    about: dict[str, str]

    def first(self, language: str) -> str:
        """The suspect's first name in ``language``."""
        return self.name[language].split()[0]

    @property
    def initial(self) -> str:
        """The first letter of the English first name, as players write it in their notes."""
        return self.name["en"][:1].upper()


@dataclass(frozen=True)
class Choice:
    """A candidate for one element: its id and its names."""

    id: str
    name: dict[str, str]


@dataclass(frozen=True)
class Investigation:
    """A whole investigation, as the rules use it; ``raw`` is the file's data, kept for snapshots."""

    raw: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.raw["id"])

    @property
    def title(self) -> dict[str, str]:
        return dict(self.raw["title"])

    @property
    def difficulty(self) -> str:
        return str(self.raw["difficulty"])

    @property
    def introduction(self) -> dict[str, str]:
        return {lang: str(text).strip() for lang, text in self.raw["introduction"].items()}

    @cached_property
    def suspects(self) -> tuple[Suspect, ...]:
        """The twelve suspects in the file's order (read once: the rules ask for them thousands of times
        a game)."""
        return tuple(
            Suspect(s["id"], dict(s["name"]), dict(s.get("about", {}))) for s in self.raw["suspects"]
        )

    def suspect(self, suspect_id: str) -> Suspect:
        return next(s for s in self.suspects if s.id == suspect_id)

    def cabin_of(self, suspect_id: str) -> int:
        """The number of the suspect's VIP cabin: their place in the list, 1 to 12."""
        return [s.id for s in self.suspects].index(suspect_id) + 1

    def owner_of(self, location: int) -> str | None:
        """The suspect whose cabin ``location`` is (1 to 12), else None."""
        suspects = self.suspects
        return suspects[location - 1].id if 1 <= location <= len(suspects) else None

    def candidates(self, element: str) -> tuple[Choice, ...]:
        """The candidates for ``element``: for the culprit, the suspects then Accident and Suicide."""
        if element == "culprit":
            people = tuple(Choice(s.id, s.name) for s in self.suspects)
            return people + tuple(Choice(key, names) for key, names in NO_CULPRIT_NAMES.items())
        return tuple(Choice(c["id"], {lang: c[lang] for lang in LANGUAGES}) for c in self.raw[element])

    @property
    def solution(self) -> dict[str, str]:
        return {element: str(self.raw["solution"][element]) for element in ELEMENTS}

    @property
    def points(self) -> dict[str, tuple[int, int]]:
        raw = self.raw["solution"]["points"]
        return {element: (int(raw[element][0]), int(raw[element][1])) for element in ELEMENTS}

    @property
    def explanation(self) -> dict[str, str]:
        return {lang: str(text).strip() for lang, text in self.raw["solution"]["text"].items()}

    def lead(self, key: str) -> dict[str, str]:
        """The text of lead ``key`` ("kristina.alibi" or "place.13") in both languages."""
        who, what = key.split(".")
        if who == "place":
            entry = next(p for p in self.raw["places"] if int(p["number"]) == int(what))
            return {lang: str(entry[lang]).strip() for lang in LANGUAGES}
        entry = next(s for s in self.raw["suspects"] if s["id"] == who)[what]
        return {lang: str(entry[lang]).strip() for lang in LANGUAGES}


# --- reading ---------------------------------------------------------------------------------------


def shipped() -> dict[str, Path]:
    """The investigations shipped with the game, by id (the file's name without .toml)."""
    folder = files(__package__) / SHIPPED_DIR
    return {
        Path(entry.name).stem: Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".toml")
    }


def read_toml(path: Path) -> dict[str, Any]:
    """The data of the TOML file ``path`` (raises ``InvestigationError`` if unreadable)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise InvestigationError(str(path), ["there is no such file"]) from error
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise InvestigationError(str(path), [f"not valid TOML ({error})"]) from error


def load_investigation(name: str) -> Investigation:
    """A shipped investigation by id, or the file at path ``name``; checked, or ``InvestigationError``."""
    path = shipped().get(name) or Path(name)
    raw = read_toml(path)
    problems = check_investigation(raw)
    if problems:
        raise InvestigationError(str(path), problems)
    return Investigation(raw)


# --- checking --------------------------------------------------------------------------------------


def _texts(value: Any, where: str) -> list[str]:
    """Problems of a {en, ru} table of non-blank texts."""
    if not isinstance(value, dict):
        return [f"{where} is missing (a table with en and ru)"]
    return [
        f"{where} has no {lang} text"
        for lang in LANGUAGES
        if not isinstance(value.get(lang), str) or not value[lang].strip()
    ]


def check_investigation(raw: dict[str, Any]) -> list[str]:
    """Every missing or inconsistent part of the investigation ``raw``, one sentence each; [] if none."""
    problems: list[str] = []
    if not isinstance(raw.get("id"), str) or not raw["id"].strip():
        problems.append("id is missing (a short name such as 'last-waltz')")
    if raw.get("difficulty") not in DIFFICULTIES:
        problems.append(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {raw.get('difficulty')!r}")
    for part in ("title", "introduction"):
        problems += _texts(raw.get(part), part)
    suspects, suspect_problems = _check_suspects(raw.get("suspects"))
    problems += suspect_problems
    problems += _check_places(raw.get("places"))
    choices: dict[str, set[str]] = {"culprit": {*suspects, ACCIDENT, SUICIDE}}
    for element in ("means", "motive"):
        ids, element_problems = _check_choices(raw.get(element), element)
        choices[element] = ids
        problems += element_problems
    problems += _check_solution(raw.get("solution"), choices)
    problems += _check_sizes(raw)
    if not problems:
        problems += _check_claims(raw, suspects)
    if not problems:
        case, problems = read_case(raw)
        problems += verdict(case) if case else []
    return problems


MOST_ENTRIES = 400
"""The most timeline markers, findings or stretches of the victim's timeline a file may hold, so that
checking it (every minute, every culprit in turn) stays quick whatever the file says."""


def _check_sizes(raw: dict[str, Any]) -> list[str]:
    """The lists the timeline and the solver go through: lists, and not too long."""
    given = raw.get("solution")
    solution: dict[str, Any] = given if isinstance(given, dict) else {}
    parts = {"[[claims]]": raw.get("claims", []), "[[findings]]": raw.get("findings", [])}
    parts["[solution] victim"] = solution.get("victim", [])
    problems = []
    for name, entries in parts.items():
        if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
            problems.append(f"{name} must be a list of tables")
        elif len(entries) > MOST_ENTRIES:
            problems.append(f"{name} has {len(entries)} entries; at most {MOST_ENTRIES} are read")
    return problems


def _check_suspects(raw: Any) -> tuple[list[str], list[str]]:
    if not isinstance(raw, list):
        return [], [f"[[suspects]] is missing: an investigation has {SUSPECT_COUNT} suspects"]
    problems: list[str] = []
    if len(raw) != SUSPECT_COUNT:
        problems.append(f"there are {len(raw)} suspects, not {SUSPECT_COUNT}")
    ids: list[str] = []
    initials: dict[tuple[str, str], str] = {}
    for number, entry in enumerate(raw, 1):
        sid = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(sid, str) or not sid.isalpha() or not sid.islower():
            problems.append(f"suspect {number} needs an id of lower-case letters (their first name)")
            continue
        if sid in ids:
            problems.append(f"suspect id {sid!r} appears twice")
        ids.append(sid)
        problems += _texts(entry.get("name"), f"suspect {sid}: name")
        problems += _texts(entry.get("about"), f"suspect {sid}: about")
        for topic in TOPICS:
            if topic not in entry:
                problems.append(f"missing lead {sid}.{topic} (suspect {sid}, topic {topic.upper()})")
            else:
                problems += _texts(entry[topic], f"lead {sid}.{topic}")
        names = entry.get("name") if isinstance(entry.get("name"), dict) else {}
        for lang in LANGUAGES:
            initial = str(names.get(lang, "")).strip()[:1].upper()
            if not initial:
                continue
            other = initials.get((lang, initial))
            if other:
                problems.append(f"duplicate initial {initial!r} ({lang}): {other} and {sid}")
            initials[(lang, initial)] = sid
    firsts = [str(e.get("name", {}).get("en", "")).split()[:1] for e in raw if isinstance(e, dict)]
    if [MUST_HAVE] not in firsts:
        problems.append(f"no suspect is called {MUST_HAVE} (one of the twelve must be)")
    return ids, problems


def _check_places(raw: Any) -> list[str]:
    if not isinstance(raw, list):
        return ["[[places]] is missing: every location 1 to 24 needs a lead"]
    problems: list[str] = []
    seen: set[int] = set()
    for entry in raw:
        number = entry.get("number") if isinstance(entry, dict) else None
        if number not in ZONE_OF_LOCATION:
            problems.append(f"[[places]] number {number!r} is not a location (1 to 24)")
            continue
        if number in seen:
            problems.append(f"location {number} has two leads")
        seen.add(number)
        problems += _texts({lang: entry.get(lang) for lang in LANGUAGES}, f"lead place.{number}")
    problems += [f"missing lead place.{n} (location {n:02d})" for n in LOCATIONS if n not in seen]
    return problems


def _check_choices(raw: Any, element: str) -> tuple[set[str], list[str]]:
    if not isinstance(raw, list) or len(raw) < 2:
        return set(), [f"[[{element}]] must list at least two candidates"]
    problems: list[str] = []
    ids: set[str] = set()
    for number, entry in enumerate(raw, 1):
        cid = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(cid, str) or not cid.isalpha():
            problems.append(f"{element} candidate {number} needs an id of letters")
            continue
        if cid in ids:
            problems.append(f"{element} candidate {cid!r} appears twice")
        ids.add(cid)
        problems += _texts({lang: entry.get(lang) for lang in LANGUAGES}, f"{element} candidate {cid}")
    return ids, problems


def _check_solution(raw: Any, choices: dict[str, set[str]]) -> list[str]:
    if not isinstance(raw, dict):
        return ["[solution] is missing"]
    problems: list[str] = []
    for element in ELEMENTS:
        answer = raw.get(element)
        if answer not in choices[element]:
            problems.append(f"the solution's {element} {answer!r} is not among the {element} candidates")
    points = raw.get("points", {})
    for element in ELEMENTS:
        pair = points.get(element) if isinstance(points, dict) else None
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, int) for p in pair)):
            problems.append(
                f"[solution.points] {element} must be [points for hypothesis 1, for hypothesis 2]"
            )
        elif not pair[0] > pair[1] > 0:
            problems.append(
                f"[solution.points] {element}: hypothesis 1 must be worth more than 2, both above 0"
            )
    moment = minute_of(raw.get("time"))
    if moment is None or not WINDOW[0] <= moment <= WINDOW[1]:
        problems.append(f"the solution's time {raw.get('time')!r} must be between 23:45 and 00:00 (HH:MM)")
    problems += _texts(raw.get("text"), "the solution's text")
    return problems


def _check_claims(raw: dict[str, Any], suspects: list[str]) -> list[str]:
    """The timeline markers that cannot be read, and an ALIBI lead without a marker about its suspect."""
    claims, problems = read_claims(list(raw.get("claims", [])), set(lead_keys(suspects)), set(suspects))
    for sid in suspects:
        if not any(c.lead == f"{sid}.alibi" and c.who == sid for c in claims):
            problems.append(
                f"lead {sid}.alibi has no timeline marker: add a claim placing {sid} at the murder"
            )
    return problems
