"""The timeline of an investigation (MM-6): times, the ``[[claims]]`` that place someone somewhere,
the victim's whereabouts minute by minute, and the contradictions a claim of a truthful lead makes
with them, the murder or another truthful claim.

Only the culprit may lie, they acted alone, and the murder happened in the suite between 23:45 and
midnight (MM-6). Every claim is compared at every minute it covers, not only at the murder's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.games.minuit.content import SUITE, ZONE_OF_LOCATION

VICTIM = "victim"
WINDOW = (23 * 60 + 45, 24 * 60)
"""The murder happened between 23:45 and midnight (MM-6), in minutes after the day's start."""
SCENE = next(location for location, zone in ZONE_OF_LOCATION.items() if zone == SUITE)
"""The location of the suite, where the body was found (MM-6)."""


def minute_of(text: Any) -> int | None:
    """ "23:50" as minutes after the day's start; times before noon are after midnight ("00:10" = 24:10)."""
    if not isinstance(text, str) or len(text) != 5 or text[2] != ":" or not (text[:2] + text[3:]).isdigit():
        return None
    hours, minutes = int(text[:2]), int(text[3:])
    if hours > 23 or minutes > 59:
        return None
    return (hours + (24 if hours < 12 else 0)) * 60 + minutes


def clock_of(minute: int) -> str:
    """Minutes after the day's start as a time "HH:MM" (24:10 is "00:10")."""
    return f"{minute // 60 % 24:02d}:{minute % 60:02d}"


@dataclass(frozen=True)
class Claim:
    """A timeline marker: lead ``lead`` puts ``who`` in location ``where`` from ``start`` to ``end``."""

    lead: str
    who: str
    where: int
    start: int
    end: int

    @property
    def owner(self) -> str:
        """The suspect whose lead says it ("place" for a location's)."""
        return self.lead.split(".")[0]

    def covers(self, minute: int) -> bool:
        return self.start <= minute <= self.end

    def overlaps(self, other: Claim) -> bool:
        return self.start < other.end and other.start < self.end

    def clashes(self, other: Claim) -> bool:
        """Whether the two claims put the same person in two places at the same time."""
        return self.who == other.who and self.where != other.where and self.overlaps(other)


def read_claims(entries: list[Any], leads: set[str], people: set[str]) -> tuple[list[Claim], list[str]]:
    """The ``[[claims]]`` entries as claims, and the problems of those that cannot be read."""
    problems: list[str] = []
    claims: list[Claim] = []
    for number, entry in enumerate(entries, 1):
        start, end = minute_of(entry.get("from")), minute_of(entry.get("to"))
        if entry.get("lead") not in leads:
            problems.append(f"claim {number}: {entry.get('lead')!r} is not a lead (such as kristina.alibi)")
        elif entry.get("who") not in people | {VICTIM}:
            problems.append(f"claim {number}: {entry.get('who')!r} is neither a suspect nor the victim")
        elif entry.get("where") not in ZONE_OF_LOCATION:
            problems.append(f"claim {number}: {entry.get('where')!r} is not a location (1 to 24)")
        elif start is None or end is None or start > end:
            problems.append(f"claim {number}: from and to must be times HH:MM, from before to")
        else:
            claims.append(Claim(entry["lead"], entry["who"], entry["where"], start, end))
    return claims, problems


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


def named(lead: str, labels: Mapping[str, str]) -> str:
    """A lead as problems name it: its id and, where known, its label ("roman.witness (Roman Hale,
    WITNESS)")."""
    label = labels.get(lead)
    return f"{lead} ({label})" if label else lead


def victim_problem(claim: Claim, timeline: list[Claim], moment: int, labels: Mapping[str, str]) -> str:
    """How a claim about the victim disagrees with the victim's whereabouts, at the first minute it
    does ("" if it never does): every minute of the claim is compared, not only the murder's."""
    for minute in range(claim.start, claim.end + 1):
        known = victim_at(timeline, moment, minute)
        if known == claim.where:
            continue
        said = (
            f"lead {named(claim.lead, labels)} puts the victim in location {claim.where:02d} "
            f"at {clock_of(minute)}"
        )
        if minute >= moment:
            return f"{said}, but the victim lay dead in the suite from the murder at {clock_of(moment)}"
        if known is None:
            return (
                f"{said}, but [solution] victim does not have the victim anywhere then: only the culprit "
                "may lie, so add where the victim was or correct the claim"
            )
        return f"{said}, but the victim was in location {known:02d} then ([solution] victim)"
    return ""


def contradictions(
    claims: list[Claim], culprit: str, moment: int, timeline: list[Claim], labels: Mapping[str, str]
) -> list[str]:
    """Every way the claims of the leads that are not ``culprit``'s own (the truthful ones) disagree
    with a murder by ``culprit`` at ``moment`` (MM-6): the victim elsewhere than ``timeline`` at any
    minute, the culprit out of the suite or anyone else in it at the murder, or one person in two
    places at once. [] if the culprit fits."""
    truthful = [claim for claim in claims if claim.owner != culprit]
    problems = [
        problem
        for claim in truthful
        if claim.who == VICTIM and (problem := victim_problem(claim, timeline, moment, labels))
    ]
    at = clock_of(moment)
    for claim in truthful:
        if not claim.covers(moment):
            continue
        if claim.who == culprit and claim.where != SCENE:
            problems.append(
                f"lead {named(claim.lead, labels)} puts the culprit {culprit} in location {claim.where:02d} "
                f"at {at}, but the solution has them in the suite then, and only the culprit may lie"
            )
        elif claim.who not in (culprit, VICTIM) and claim.where == SCENE:
            problems.append(
                f"lead {named(claim.lead, labels)} puts {claim.who} in the suite at {at}, but the culprit "
                "acted alone"
            )
    for number, one in enumerate(truthful):
        for other in truthful[number + 1 :]:
            if one.clashes(other):
                problems.append(
                    f"leads {named(one.lead, labels)} and {named(other.lead, labels)} put {one.who} in "
                    f"locations {one.where:02d} and {other.where:02d} at the same time, and neither is "
                    "the culprit's"
                )
    return problems
