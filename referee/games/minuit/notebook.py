"""A detective's notebook: the (culprit, means, motive) still consistent with the leads they have read,
and which of those leads rule out what (MM-5, MM-6); and, for the game-master, the same with every lead
anyone has read.

Only what the reader knows is used: the claims and findings of the leads read (the investigation's own
reading of those texts) and the common assumptions of MM-6 — the body in the suite, the murder between
23:45 and midnight, the culprit alone and the only one who may lie. The minute of the murder and the
victim's route before it are the solution's secrets, so every minute of the window is tried, and the
victim may have been anywhere no truthful lead read says otherwise. Each candidate culprit is tried as
``solver`` does: their own leads set aside, the others taken at their word.

``consistent`` gives the solutions some leads allow; ``notebook`` tells a player's view JSON-ready;
``for_seat`` and ``openness`` are the game's hooks.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from referee.core.events import Event
from referee.core.rules import visible
from referee.games.minuit.deduction import Case, case_of
from referee.games.minuit.solver import ELEMENTS, Solution, solutions
from referee.games.minuit.state import GameState
from referee.games.minuit.timeline import VICTIM, WINDOW, Claim, contradictions
from referee.games.minuit.views import player_view

FEW = 6
"""The solutions still consistent are listed when there are at most this many; otherwise counted."""

MOMENTS = range(WINDOW[0], WINDOW[1] + 1)
"""Every minute the murder may have happened at (MM-6)."""


def _fits(claims: list[Claim], culprit: str, moment: int) -> bool:
    """Whether a murder by ``culprit`` at ``moment`` agrees with ``claims``: the victim's route is what
    the truthful claims about the victim say, up to the murder."""
    route = [
        replace(claim, end=min(claim.end, moment - 1))
        for claim in claims
        if claim.who == VICTIM and claim.owner != culprit and claim.start < moment
    ]
    return not contradictions(claims, culprit, moment, route, {})


def consistent(case: Case, leads: Collection[str]) -> list[Solution]:
    """Every (culprit, means, motive) that the claims and findings of ``leads`` allow (MM-6)."""
    read = set(leads)
    claims = [claim for claim in case.claims if claim.lead in read]
    findings = [finding for finding in case.findings if finding.lead in read]
    return solutions(
        case.candidates, findings, lambda culprit: any(_fits(claims, culprit, m) for m in MOMENTS)
    )


def _out(case: Case, found: list[Solution]) -> dict[str, list[str]]:
    """The candidates of each element in none of ``found``."""
    return {
        element: [c for c in case.candidates[element] if all(s[i] != c for s in found)]
        for i, element in enumerate(ELEMENTS)
    }


def summary(case: Case, found: list[Solution]) -> dict[str, Any]:
    """``found`` told JSON-ready: how many, listed when few, each element's candidates still possible with
    the number of solutions holding each, and the candidates ruled out."""
    return {
        "count": len(found),
        "total": len(consistent(case, ())),
        "solutions": [list(s) for s in found] if len(found) <= FEW else [],
        "elements": {
            element: [
                {"id": c, "count": n}
                for c in case.candidates[element]
                if (n := sum(1 for s in found if s[i] == c))
            ]
            for i, element in enumerate(ELEMENTS)
        },
        "out": _out(case, found),
    }


def notebook(case: Case, view: dict[str, Any]) -> dict[str, Any]:
    """The notebook of the reader of ``view`` (``views.player_view``): the solutions the leads they have
    read allow (``summary``), what each of those leads rules out by itself (``by_lead``, with its label),
    and what only leads read together rule out (``together``)."""
    leads = [lead["lead"] for lead in view.get("leads", [])]
    labels = {lead["lead"]: lead["label"] for lead in view.get("leads", [])}
    told = summary(case, consistent(case, leads))
    alone = {lead: _out(case, consistent(case, [lead])) for lead in leads}
    by_lead = [
        {"lead": lead, "label": labels[lead], "out": out} for lead, out in alone.items() if any(out.values())
    ]
    together = {
        element: [c for c in told["out"][element] if not any(c in out[element] for out in alone.values())]
        for element in ELEMENTS
    }
    return {**told, "read": len(leads), "by_lead": by_lead, "together": together}


def for_seat(state: GameState, log: list[Event], seat: str) -> dict[str, Any]:
    """The notebook of ``seat``: the leads its own view holds, read against the investigation."""
    return notebook(case_of(state.case), player_view(state, seat, visible(log, seat)))


def openness(state: GameState, log: list[Event]) -> dict[str, Any]:
    """How open the game is, for the game-master: the solutions still consistent with every lead anyone
    has read (``summary``), and how many leads that is."""
    read = {lead for leads in state.known.values() for lead in leads}
    return {**summary(case_of(state.case), consistent(case_of(state.case), read)), "read": len(read)}
