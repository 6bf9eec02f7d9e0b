"""The deduction engine of an investigation: which (culprit, means, motive) the truthful leads allow
(MM-5, MM-6).

Only the culprit may lie (MM-6), so each candidate culprit is tried in turn with every lead but
their own taken at its word: the culprit must fit the timeline (``fits``, the claims check), and
the findings of the leads that are not theirs (``[[findings]]``: a lead shows an element's answer,
or rules candidates out) leave the means and motives still possible. A sound investigation leaves
exactly one triple, its solution. This module knows no file format: ``deduction`` reads an
investigation's claims and findings and asks it (``deduction.solutions(investigation)``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

ELEMENTS = ("culprit", "means", "motive")
"""The three elements of a solution (MM-5)."""
ACCIDENT, SUICIDE = "accident", "suicide"
"""The two culprits that are not suspects (MM-6)."""


class Solution(NamedTuple):
    """A possible answer: (culprit, means, motive), each a candidate's id."""

    culprit: str
    means: str
    motive: str


Triple = Solution
"""The former name of ``Solution``."""


@dataclass(frozen=True)
class Finding:
    """What lead ``lead`` settles: the answer of an element it shows ("means.trophy", or ""), and
    the candidates it rules out ("means.poison", "culprit.roman")."""

    lead: str
    shows: str
    rules_out: tuple[str, ...]

    @property
    def owner(self) -> str:
        """The suspect whose lead this is ("place" for a location's)."""
        return self.lead.split(".")[0]

    def excludes(self, element: str, candidates: list[str]) -> set[str]:
        """The candidates of ``element`` this finding rules out."""
        out = {item.split(".", 1)[1] for item in self.rules_out if item.split(".", 1)[0] == element}
        if self.shows.split(".", 1)[0] == element:
            out |= set(candidates) - {self.shows.split(".", 1)[1]}
        return out


def trusted(findings: list[Finding], culprit: str) -> list[Finding]:
    """The findings of leads that are not ``culprit``'s own, which cannot lie (MM-6)."""
    return [finding for finding in findings if finding.owner != culprit]


def left(candidates: dict[str, list[str]], findings: list[Finding]) -> dict[str, list[str]]:
    """The candidates of each element that none of ``findings`` rules out."""
    return {
        element: [
            choice
            for choice in choices
            if not any(choice in finding.excludes(element, choices) for finding in findings)
        ]
        for element, choices in candidates.items()
    }


def solutions(
    candidates: dict[str, list[str]], findings: list[Finding], fits: Callable[[str], bool]
) -> list[Solution]:
    """Every (culprit, means, motive) the truthful leads allow: a culprit who fits the timeline with
    their own leads set aside, and means and motives no lead but theirs rules out."""
    found: list[Solution] = []
    for culprit in candidates["culprit"]:
        if not fits(culprit):
            continue
        remaining = left(candidates, trusted(findings, culprit))
        if culprit in remaining["culprit"]:
            found += [
                Solution(culprit, means, motive)
                for means in remaining["means"]
                for motive in remaining["motive"]
            ]
    return found


def ruled_out_by(findings: list[Finding], element: str, choice: str, choices: list[str]) -> list[str]:
    """The leads among ``findings`` that rule out ``choice`` for ``element``."""
    return [finding.lead for finding in findings if choice in finding.excludes(element, choices)]
