"""What an investigation's truthful leads deduce (MM-5, MM-6): the solutions they allow, which leads
are needed to reach the one answer, and why a case is not solvable.

The stable entry points, for ``check_investigation`` and for anything that writes cases:

- ``solutions(investigation, without=())`` — every (culprit, means, motive) consistent with all
  truthful leads: each culprit is tried in turn with their own three leads set aside (only the
  culprit may lie), must fit every timeline marker at every minute (``timeline.contradictions``),
  and the ``[[findings]]`` of the other leads leave the means and motives still possible
  (``solver``). ``without`` withholds leads, as if they had never been written.
- ``verdict(investigation)`` — the reasons, one sentence each naming the leads by id and label, why
  the case does not lead to exactly its solution with the culprit's lie caught; [] if it does.
- ``needed_leads(investigation)`` — the leads each of which the case cannot do without: withholding
  any one of them makes ``verdict`` non-empty.
- ``sufficient_leads(investigation)`` — a smallest-by-removal set of leads that alone still lead to
  the solution (every lead outside it is withheld), in file order: how much a reader must find.

``investigation`` is an ``Investigation`` or the file's data (the dict ``read_toml`` gives); the
data must have passed the format checks of ``check_investigation`` (suspects, candidates, solution),
else ``ValueError`` names what cannot be read.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from referee.games.minuit.content import LOCATIONS, SHIP
from referee.games.minuit.solver import (
    ACCIDENT,
    ELEMENTS,
    SUICIDE,
    Finding,
    Solution,
    ruled_out_by,
    trusted,
)
from referee.games.minuit.solver import solutions as solve
from referee.games.minuit.timeline import (
    SCENE,
    VICTIM,
    Claim,
    clock_of,
    contradictions,
    minute_of,
    named,
    read_claims,
    victim_problem,
    victim_timeline,
)

TOPICS = ("alibi", "witness", "motive")
"""The three topics a suspect is questioned on (MM-14)."""


def lead_keys(suspect_ids: list[str]) -> list[str]:
    """Every lead of an investigation with these suspects: 12 × 3 topics, then the 24 locations (MM-5)."""
    return [f"{s}.{topic}" for s in suspect_ids for topic in TOPICS] + [f"place.{n}" for n in LOCATIONS]


class HasRaw(Protocol):
    """An ``Investigation``: the file's data as ``raw``."""

    @property
    def raw(self) -> dict[str, Any]: ...


Source = HasRaw | Mapping[str, Any]


@dataclass(frozen=True)
class Case:
    """The parts of an investigation the deduction reads."""

    candidates: dict[str, list[str]]
    claims: tuple[Claim, ...]
    findings: tuple[Finding, ...]
    timeline: tuple[Claim, ...]
    moment: int
    answer: Solution
    labels: dict[str, str]

    def without(self, leads: Collection[str]) -> Case:
        """The same case with the claims and findings of ``leads`` withheld."""
        gone = set(leads)
        return replace(
            self,
            claims=tuple(claim for claim in self.claims if claim.lead not in gone),
            findings=tuple(finding for finding in self.findings if finding.lead not in gone),
        )

    def contradictions(self, culprit: str) -> list[str]:
        """How the truthful leads disagree with a murder by ``culprit`` ([] if they do not)."""
        return contradictions(list(self.claims), culprit, self.moment, list(self.timeline), self.labels)

    def solutions(self) -> list[Solution]:
        return solve(self.candidates, list(self.findings), lambda culprit: not self.contradictions(culprit))

    @property
    def deciding(self) -> list[str]:
        """The leads that say something the deduction reads (a claim or a finding), in file order."""
        order = {lead: number for number, lead in enumerate(self.labels)}
        leads = {claim.lead for claim in self.claims} | {finding.lead for finding in self.findings}
        return sorted(leads, key=lambda lead: order.get(lead, len(order)))


def lead_labels(raw: Mapping[str, Any]) -> dict[str, str]:
    """Every lead's label, in lead order: "Roman Hale, WITNESS", "location 15, the pool", "location 03,
    Greta Lind's cabin"."""
    suspects = [entry for entry in raw.get("suspects", []) if isinstance(entry, dict) and "id" in entry]
    names = {entry["id"]: str(entry.get("name", {}).get("en", entry["id"])) for entry in suspects}
    labels = {f"{sid}.{topic}": f"{name}, {topic.upper()}" for sid, name in names.items() for topic in TOPICS}
    cabins = list(names.values())
    for key in lead_keys([]):
        number = int(key.split(".")[1])
        place = SHIP["locations"].get(str(number), {}).get("en")
        if place is None and number <= len(cabins):
            place = f"{cabins[number - 1]}'s cabin"
        labels[key] = f"location {number:02d}, {place}" if place else f"location {number:02d}"
    return labels


def read_findings(
    entries: list[Any], leads: set[str], choices: dict[str, list[str]]
) -> tuple[list[Finding], list[str]]:
    """The ``[[findings]]`` entries (what a lead shows or rules out) and the problems of the list."""
    known = {f"{element}.{choice}" for element, ids in choices.items() for choice in ids}
    findings: list[Finding] = []
    problems: list[str] = []
    for number, entry in enumerate(entries, 1):
        entry = entry if isinstance(entry, dict) else {}
        shows, rules_out = entry.get("shows", ""), entry.get("rules_out", [])
        listed = list(rules_out) if isinstance(rules_out, list) else []
        wrong = [item for item in ([shows] if shows else []) + listed if item not in known]
        if entry.get("lead") not in leads:
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


def read_case(raw: Mapping[str, Any]) -> tuple[Case | None, list[str]]:
    """The case of the file's data ``raw`` (already past the format checks), or None and the problems
    of its claims, findings and victim timeline."""
    suspects = [str(entry["id"]) for entry in raw["suspects"]]
    candidates = {
        "culprit": [*suspects, ACCIDENT, SUICIDE],
        **{element: [str(entry["id"]) for entry in raw[element]] for element in ("means", "motive")},
    }
    leads = set(lead_keys(suspects))
    claims, problems = read_claims(list(raw.get("claims", [])), leads, set(suspects))
    findings, finding_problems = read_findings(list(raw.get("findings", [])), leads, candidates)
    solution = raw["solution"]
    moment = minute_of(solution.get("time")) or 0
    timeline, timeline_problems = victim_timeline(solution.get("victim"), moment)
    problems += finding_problems + timeline_problems
    if problems:
        return None, problems
    answer = Solution(*(str(solution[element]) for element in ELEMENTS))
    case = Case(candidates, tuple(claims), tuple(findings), tuple(timeline), moment, answer, lead_labels(raw))
    return case, []


def case_of(investigation: Source) -> Case:
    """The case of an ``Investigation`` or of a file's data; ``ValueError`` if it cannot be read."""
    raw: Mapping[str, Any] = investigation if isinstance(investigation, Mapping) else investigation.raw
    try:
        case, problems = read_case(raw)
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a checked investigation: {error!r} cannot be read") from error
    if case is None:
        raise ValueError("; ".join(problems))
    return case


def solutions(investigation: Source, without: Collection[str] = ()) -> list[Solution]:
    """Every (culprit, means, motive) consistent with all truthful leads, ``without`` those leads."""
    return case_of(investigation).without(without).solutions()


def verdict(investigation: Source | Case) -> list[str]:
    """Why the case does not lead to exactly its solution, with the culprit's lie caught; [] if it does."""
    case = investigation if isinstance(investigation, Case) else case_of(investigation)
    culprit = case.answer.culprit
    problems = case.contradictions(culprit)
    if problems:
        return problems
    return lie_problems(case) + solved_problems(case)


def solved_problems(case: Case) -> list[str]:
    """The solution must be the one answer the truthful leads allow (MM-5, MM-6): no lead but the
    culprit's rules out an element of it, and every other culprit, means and motive is ruled out."""
    found = case.solutions()
    answer, labels = case.answer, case.labels
    culprit = answer.culprit
    problems: list[str] = []
    if answer not in found:
        for element, choice in zip(ELEMENTS, answer, strict=True):
            truthful = trusted(list(case.findings), culprit)
            for lead in ruled_out_by(truthful, element, choice, case.candidates[element]):
                problems.append(
                    f"lead {named(lead, labels)} rules out the solution's {element} {choice!r}, and only the "
                    "culprit may lie"
                )
    for other in sorted({triple.culprit for triple in found} - {culprit}):
        problems.append(could_be(case, other))
    for index, element in enumerate(ELEMENTS[1:], 1):
        others = sorted({t[index] for t in found if t.culprit == culprit} - {answer[index]})
        for choice in others:
            own = ruled_out_by(list(case.findings), element, choice, case.candidates[element])
            note = f" (only by the culprit's own {', '.join(own)}, which may lie)" if own else ""
            problems.append(
                f"no truthful lead rules out the {element} {choice!r}{note}: the leads allow it as well as "
                f"{answer[index]!r}; add a finding to a lead that settles it"
            )
    return problems


def could_be(case: Case, other: str) -> str:
    """Why ``other`` fits as well as the solution's culprit, naming the leads set aside for them."""
    at = clock_of(case.moment)
    if other in (ACCIDENT, SUICIDE):
        return (
            f"the culprit could as well be {other!r}: taken all at their word, the leads agree with one "
            f"another (no lie is caught), none puts anyone else in the suite at {at}, and no finding "
            "rules it out"
        )
    own = [lead for lead in case.deciding if lead.split(".")[0] == other]
    said = ", ".join(named(lead, case.labels) for lead in own) or "none"
    return (
        f"the culprit could as well be {other!r}: with their own leads set aside ({said}), no other "
        f"lead puts them anywhere but the suite at {at} or contradicts what they say, and no finding "
        "rules them out"
    )


def lies(case: Case) -> list[Claim]:
    """The claims of the culprit's own leads that are false: the culprit away from the suite or anyone
    else in it at the murder, the victim where they were not, or a person where a truthful lead does
    not have them at the same time."""
    culprit, moment = case.answer.culprit, case.moment
    truthful = [claim for claim in case.claims if claim.owner != culprit]

    def false(claim: Claim) -> bool:
        at_murder = claim.covers(moment) and (claim.where == SCENE) != (claim.who in (culprit, VICTIM))
        about_victim = claim.who == VICTIM and bool(
            victim_problem(claim, list(case.timeline), moment, case.labels)
        )
        return at_murder or about_victim or any(claim.clashes(other) for other in truthful)

    return [claim for claim in case.claims if claim.owner == culprit and false(claim)]


def lie_problems(case: Case) -> list[str]:
    """A suspect culprit must lie (MM-6), and a truthful lead must contradict the lie: a claim putting
    the same person elsewhere at the same time. An accident or a suicide has no liar."""
    culprit = case.answer.culprit
    if culprit in (ACCIDENT, SUICIDE):
        return []
    told = lies(case)
    if not told:
        return [
            f"the culprit {culprit}'s leads tell no lie, yet only a lie can give the culprit away: give "
            f"lead {named(f'{culprit}.alibi', case.labels)} a claim placing {culprit} away from the suite "
            f"at {clock_of(case.moment)}, and truthful leads that contradict it"
        ]
    truthful = [claim for claim in case.claims if claim.owner != culprit]
    if any(lie.clashes(other) for lie in told for other in truthful):
        return []
    said = "; ".join(
        f"lead {named(lie.lead, case.labels)} puts {lie.who} in location {lie.where:02d} from "
        f"{clock_of(lie.start)} to {clock_of(lie.end)}"
        for lie in told
    )
    return [
        f"no truthful lead contradicts the culprit {culprit}'s lie: {said}; add a claim of another "
        "lead that places them elsewhere in that time, such as a sighting"
    ]


def needed_leads(investigation: Source) -> list[str]:
    """The leads the case cannot do without: withholding any one makes ``verdict`` non-empty. Every
    set of leads that solves the case holds them all. Meaningful for a sound case (``verdict`` [])."""
    case = case_of(investigation)
    return [lead for lead in case.deciding if verdict(case.without({lead}))]


def sufficient_leads(investigation: Source) -> list[str]:
    """A set of leads that alone leads to the solution, none of which can be dropped (each lead in file
    order is withheld if the rest still suffices); [] only if the case is unsound."""
    case = case_of(investigation)
    if verdict(case):
        return []
    kept = case.deciding
    for lead in list(kept):
        rest = [other for other in kept if other != lead]
        if not verdict(case.without(set(case.deciding) - set(rest))):
            kept = rest
    return kept
