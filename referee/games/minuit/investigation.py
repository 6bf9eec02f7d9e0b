"""Investigations: one TOML file each, read into an ``Investigation`` and checked part by part (MM-5, MM-6).

The format is documented in ``docs/minuit-investigations.md``. ``check_investigation``
names every missing or inconsistent part of a file, so that a game-master can write
their own: a missing lead or translation, duplicate initials, no Kristina, a solution
that is not among the candidates, points that do not fall from hypothesis 1 to 2, and
any timeline marker (``[[claims]]``) that contradicts the solution — only the culprit
may lie, they acted alone, and the murder happened in the suite between 23:45 and
midnight (MM-6), the victim's whereabouts compared at every minute — and, through
``solver``, a case whose truthful leads (their claims and ``[[findings]]``) allow any
answer but the solution, or more than it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from referee.games.minuit.content import LOCATIONS, SUITE, ZONE_OF_LOCATION
from referee.games.minuit.solver import Finding, ruled_out_by, solutions, trusted

LANGUAGES = ("en", "ru")
TOPICS = ("alibi", "witness", "motive")
"""The three topics a suspect is questioned on (MM-14)."""
ELEMENTS = ("culprit", "means", "motive")
"""The three elements of a solution (MM-5)."""
DIFFICULTIES = ("novice", "amateur", "expert")
SUSPECT_COUNT = 12
ACCIDENT, SUICIDE, VICTIM = "accident", "suicide", "victim"
NO_CULPRIT_NAMES = {
    ACCIDENT: {"en": "Accident", "ru": "Несчастный случай"},
    SUICIDE: {"en": "Suicide", "ru": "Самоубийство"},
}
"""The two culprits that are not suspects (MM-6)."""
WINDOW = (23 * 60 + 45, 24 * 60)
"""The murder happened between 23:45 and midnight (MM-6), in minutes after the day's start."""
MUST_HAVE = "Kristina"
SCENE = next(location for location, zone in ZONE_OF_LOCATION.items() if zone == SUITE)
"""The location of the suite, where the body was found (MM-6)."""
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

    @property
    def suspects(self) -> tuple[Suspect, ...]:
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


def lead_keys(suspect_ids: list[str]) -> list[str]:
    """Every lead of an investigation with these suspects: 12 × 3 topics, then the 24 locations (MM-5)."""
    return [f"{s}.{topic}" for s in suspect_ids for topic in TOPICS] + [f"place.{n}" for n in LOCATIONS]


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
        problems += _check_solved(raw, suspects, choices)
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


def minute_of(text: Any) -> int | None:
    """ "23:50" as minutes after the day's start; times before noon are after midnight ("00:10" = 24:10)."""
    if not isinstance(text, str) or len(text) != 5 or text[2] != ":" or not (text[:2] + text[3:]).isdigit():
        return None
    hours, minutes = int(text[:2]), int(text[3:])
    if hours > 23 or minutes > 59:
        return None
    return (hours + (24 if hours < 12 else 0)) * 60 + minutes


@dataclass(frozen=True)
class Claim:
    """A timeline marker: lead ``lead`` puts ``who`` in location ``where`` from ``start`` to ``end``."""

    lead: str
    who: str
    where: int
    start: int
    end: int

    def covers(self, minute: int) -> bool:
        return self.start <= minute <= self.end

    def overlaps(self, other: Claim) -> bool:
        return self.start < other.end and other.start < self.end


def _check_claims(raw: dict[str, Any], suspects: list[str]) -> list[str]:
    """The timeline markers against each other and against the solution (MM-6)."""
    problems: list[str] = []
    keys = set(lead_keys(suspects))
    claims: list[Claim] = []
    for number, entry in enumerate(raw.get("claims", []), 1):
        start, end = minute_of(entry.get("from")), minute_of(entry.get("to"))
        if entry.get("lead") not in keys:
            problems.append(f"claim {number}: {entry.get('lead')!r} is not a lead (such as kristina.alibi)")
        elif entry.get("who") not in {*suspects, VICTIM}:
            problems.append(f"claim {number}: {entry.get('who')!r} is neither a suspect nor the victim")
        elif entry.get("where") not in ZONE_OF_LOCATION:
            problems.append(f"claim {number}: {entry.get('where')!r} is not a location (1 to 24)")
        elif start is None or end is None or start > end:
            problems.append(f"claim {number}: from and to must be times HH:MM, from before to")
        else:
            claims.append(Claim(entry["lead"], entry["who"], entry["where"], start, end))
    for sid in suspects:
        if not any(c.lead == f"{sid}.alibi" and c.who == sid for c in claims):
            problems.append(
                f"lead {sid}.alibi has no timeline marker: add a claim placing {sid} at the murder"
            )
    solution = raw["solution"]
    culprit, moment = solution["culprit"], minute_of(solution["time"]) or 0
    truthful = [c for c in claims if c.lead.split(".")[0] != culprit]
    timeline, timeline_problems = victim_timeline(solution.get("victim"), moment)
    problems += timeline_problems
    if not timeline_problems:
        problems += [
            problem
            for claim in truthful
            if claim.who == VICTIM and (problem := _victim_problem(claim, timeline, moment))
        ]
    for claim in truthful:
        if not claim.covers(moment):
            continue
        at = f"{claim.where:02d} at {solution['time']}"
        if claim.who == culprit and claim.where != SCENE:
            problems.append(
                f"lead {claim.lead} puts the culprit {culprit} in location {at}, but the solution has them "
                "in the suite then, and only the culprit may lie"
            )
        elif claim.who not in (culprit, VICTIM) and claim.where == SCENE:
            problems.append(
                f"lead {claim.lead} puts {claim.who} in the suite at {solution['time']}, but the culprit "
                "acted alone"
            )
    for number, one in enumerate(truthful):
        for other in truthful[number + 1 :]:
            if one.who == other.who and one.where != other.where and one.overlaps(other):
                problems.append(
                    f"leads {one.lead} and {other.lead} put {one.who} in locations {one.where:02d} and "
                    f"{other.where:02d} at the same time, and neither is the culprit's"
                )
    return problems


def clock_of(minute: int) -> str:
    """Minutes after the day's start as a time "HH:MM" (24:10 is "00:10")."""
    return f"{minute // 60 % 24:02d}:{minute % 60:02d}"


def victim_timeline(raw: Any, moment: int) -> tuple[list[Claim], list[str]]:
    """The solution's ``victim`` list (where the victim was, from when to when, up to the murder) as
    stretches of time, and the problems of the list itself. After the murder the victim lies in the
    suite, which needs no entry."""
    if not isinstance(raw, list) or not raw:
        return [], [
            "[solution] victim is missing: list where the victim was before the murder, "
            'such as victim = [{ where = 20, from = "23:00", to = "23:40" }, { where = 13, from = "23:41", '
            'to = "23:50" }]'
        ]
    problems: list[str] = []
    stretches: list[Claim] = []
    for number, entry in enumerate(raw, 1):
        entry = entry if isinstance(entry, dict) else {}
        start, end = minute_of(entry.get("from")), minute_of(entry.get("to"))
        if entry.get("where") not in ZONE_OF_LOCATION:
            problems.append(f"[solution] victim {number}: {entry.get('where')!r} is not a location (1 to 24)")
        elif start is None or end is None or start > end:
            problems.append(f"[solution] victim {number}: from and to must be times HH:MM, from before to")
        elif end > moment:
            problems.append(
                f"[solution] victim {number} ends at {entry['to']}, after the murder at {clock_of(moment)}: "
                "from the murder on the victim lies in the suite, which needs no entry"
            )
        else:
            stretches.append(Claim("solution.victim", VICTIM, entry["where"], start, end))
    for number, one in enumerate(stretches):
        for other in stretches[number + 1 :]:
            if one.where != other.where and one.start <= other.end and other.start <= one.end:
                problems.append(
                    f"[solution] victim puts the victim in locations {one.where:02d} and "
                    f"{other.where:02d} at {clock_of(max(one.start, other.start))}"
                )
    if stretches and not problems and max(stretches, key=lambda s: s.end).where != SCENE:
        problems.append("[solution] victim must end in the suite (13), where the murder happened")
    return stretches, problems


def victim_at(timeline: list[Claim], moment: int, minute: int) -> int | None:
    """Where the victim was at ``minute``: the suite from the murder on, else the solution's ``victim``
    list; None where the list says nothing."""
    if minute >= moment:
        return SCENE
    return next((stretch.where for stretch in timeline if stretch.covers(minute)), None)


def _victim_problem(claim: Claim, timeline: list[Claim], moment: int) -> str:
    """How a truthful claim about the victim disagrees with the victim's whereabouts, at the first
    minute it does ("" if it never does): every minute of the claim is compared, not only the murder's."""
    for minute in range(claim.start, claim.end + 1):
        known = victim_at(timeline, moment, minute)
        if known == claim.where:
            continue
        said = f"lead {claim.lead} puts the victim in location {claim.where:02d} at {clock_of(minute)}"
        if minute >= moment:
            return f"{said}, but the victim lay dead in the suite from the murder at {clock_of(moment)}"
        if known is None:
            return (
                f"{said}, but [solution] victim does not have the victim anywhere then: only the culprit "
                "may lie, so add where the victim was or correct the claim"
            )
        return f"{said}, but the victim was in location {known:02d} then ([solution] victim)"
    return ""


def _findings(
    raw: dict[str, Any], suspects: list[str], choices: dict[str, set[str]]
) -> tuple[list[Finding], list[str]]:
    """The ``[[findings]]`` of ``raw`` (what a lead shows or rules out) and the problems of the list."""
    keys = set(lead_keys(suspects))
    known = {f"{element}.{choice}" for element, ids in choices.items() for choice in ids}
    findings: list[Finding] = []
    problems: list[str] = []
    for number, entry in enumerate(raw.get("findings", []), 1):
        entry = entry if isinstance(entry, dict) else {}
        shows, rules_out = entry.get("shows", ""), entry.get("rules_out", [])
        wrong = [item for item in ([shows] if shows else []) + list(rules_out) if item not in known]
        if entry.get("lead") not in keys:
            problems.append(f"finding {number}: {entry.get('lead')!r} is not a lead (such as place.13)")
        elif not isinstance(rules_out, list) or not (shows or rules_out):
            problems.append(f'finding {number}: give shows (such as "means.trophy") or a list rules_out')
        elif wrong:
            problems.append(
                f"finding {number} ({entry['lead']}): {', '.join(map(repr, wrong))} is not an element's "
                'candidate (such as "means.trophy", "motive.money", "culprit.roman")'
            )
        else:
            findings.append(Finding(entry["lead"], shows, tuple(rules_out)))
    return findings, problems


def _check_solved(raw: dict[str, Any], suspects: list[str], choices: dict[str, set[str]]) -> list[str]:
    """The solution must be the one answer the truthful leads allow (MM-5, MM-6): no lead but the
    culprit's rules out an element of it, and every other culprit, means and motive is ruled out."""
    findings, problems = _findings(raw, suspects, choices)
    if problems:
        return problems
    candidates = {
        "culprit": [*suspects, ACCIDENT, SUICIDE],
        **{element: [entry["id"] for entry in raw[element]] for element in ("means", "motive")},
    }

    def fits(culprit: str) -> bool:
        return not _check_claims({**raw, "solution": {**raw["solution"], "culprit": culprit}}, suspects)

    found = solutions(candidates, findings, fits)
    answer = tuple(str(raw["solution"][element]) for element in ELEMENTS)
    culprit = answer[0]
    if answer not in found:
        for element, choice in zip(ELEMENTS, answer, strict=True):
            for lead in ruled_out_by(trusted(findings, culprit), element, choice, candidates[element]):
                problems.append(
                    f"lead {lead} rules out the solution's {element} {choice!r}, and only the culprit may lie"
                )
    for other in sorted({triple[0] for triple in found} - {culprit}):
        problems.append(
            f"the culprit could as well be {other!r}: with their own leads set aside, no truthful claim "
            "or finding rules them out"
        )
    for index, element in enumerate(ELEMENTS[1:], 1):
        others = sorted({t[index] for t in found if t[0] == culprit} - {answer[index]})
        for choice in others:
            own = ruled_out_by(findings, element, choice, candidates[element])
            note = f" (only by the culprit's own {', '.join(own)}, which may lie)" if own else ""
            problems.append(
                f"no truthful lead rules out the {element} {choice!r}{note}: the leads allow it as well as "
                f"{answer[index]!r}; add a finding to a lead that settles it"
            )
    return problems
