"""The investigations shipped with Minuit: each passes the checker and is fair by MM-5 and MM-6.

Only the culprit may lie (MM-6), so a shipped case must let a careful reader catch the lie: the
timeline markers (``[[claims]]``) of at least two leads that are not the culprit's own put the culprit
somewhere else while the culprit's alibi says otherwise, and with the lie taken at its word no other
culprit (nor an accident, nor a suicide) fits the timeline.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.games.minuit.investigation import (
    ACCIDENT,
    DIFFICULTIES,
    SCENE,
    SUICIDE,
    VICTIM,
    Claim,
    check_investigation,
    lead_keys,
    load_investigation,
    minute_of,
    read_toml,
    shipped,
)

SHIPPED = sorted(shipped())
FIRST_NAMES = {
    "Greta",
    "Kristina",
    "Leon",
    "Marta",
    "Nadia",
    "Oscar",
    "Pavel",
    "Roman",
    "Sofia",
    "Tomas",
    "Walter",
    "Zoe",
}
"""The twelve first names every shipped case gives to different people (docs/minuit-investigations.md)."""
PHONE_SCREEN = 450
"""The longest lead, in characters, that still reads on a phone without scrolling much."""


def _raw(name: str) -> dict[str, Any]:
    return read_toml(shipped()[name])


def _claims(raw: dict[str, Any]) -> list[Claim]:
    return [
        Claim(c["lead"], c["who"], c["where"], minute_of(c["from"]) or 0, minute_of(c["to"]) or 0)
        for c in raw.get("claims", [])
    ]


def _owner(claim: Claim) -> str:
    return claim.lead.split(".")[0]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_investigation_passes_the_checker_mm_5_mm_6(name: str) -> None:
    raw = _raw(name)
    assert check_investigation(raw) == []
    assert raw["id"] == name, "a shipped file's name is its id"
    assert load_investigation(name).id == name


def test_a_novice_an_amateur_and_an_expert_case_are_shipped_mm_5() -> None:
    assert {load_investigation(name).difficulty for name in SHIPPED} >= set(DIFFICULTIES)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_cases_share_the_twelve_first_names_with_distinct_initials(name: str) -> None:
    suspects = load_investigation(name).suspects
    assert {s.first("en") for s in suspects} == FIRST_NAMES
    for language in ("en", "ru"):
        assert len({s.first(language)[0] for s in suspects}) == 12, language


@pytest.mark.parametrize("name", SHIPPED)
def test_every_lead_fits_a_phone_screen_in_both_languages(name: str) -> None:
    investigation = load_investigation(name)
    keys = lead_keys([s.id for s in investigation.suspects])
    assert len(keys) == 60
    too_long = [
        (key, language)
        for key in keys
        for language, text in investigation.lead(key).items()
        if len(text) > PHONE_SCREEN
    ]
    assert too_long == []


@pytest.mark.parametrize("name", SHIPPED)
def test_a_truthful_lead_puts_the_victim_in_the_suite_at_the_time_of_the_murder_mm_6(name: str) -> None:
    raw = _raw(name)
    culprit, moment = raw["solution"]["culprit"], minute_of(raw["solution"]["time"]) or 0
    assert [
        claim.lead
        for claim in _claims(raw)
        if claim.who == VICTIM and claim.where == SCENE and claim.covers(moment) and _owner(claim) != culprit
    ]


@pytest.mark.parametrize("name", SHIPPED)
def test_the_culprits_alibi_is_contradicted_by_at_least_two_truthful_leads_mm_6(name: str) -> None:
    raw = _raw(name)
    culprit = raw["solution"]["culprit"]
    claims = _claims(raw)
    alibi = [c for c in claims if c.lead == f"{culprit}.alibi" and c.who == culprit]
    assert alibi, "the culprit's alibi needs a claim"
    contradicting = {
        claim.lead
        for claim in claims
        if claim.who == culprit
        and _owner(claim) != culprit
        and any(claim.where != said.where and claim.overlaps(said) for said in alibi)
    }
    assert len(contradicting) >= 2, contradicting


@pytest.mark.parametrize("name", SHIPPED)
def test_no_other_culprit_fits_the_timeline_mm_6(name: str) -> None:
    """Taking the true culprit's words as true, as for anyone else, the checker finds a contradiction."""
    raw = _raw(name)
    culprit = raw["solution"]["culprit"]
    others = [s["id"] for s in raw["suspects"] if s["id"] != culprit] + [ACCIDENT, SUICIDE]
    fitting = []
    for other in others:
        changed = copy.deepcopy(raw)
        changed["solution"]["culprit"] = other
        if not check_investigation(changed):
            fitting.append(other)
    assert fitting == []


@pytest.mark.parametrize("name", SHIPPED)
def test_every_wrong_candidate_has_a_text_and_the_solution_is_among_them_mm_5(name: str) -> None:
    investigation = load_investigation(name)
    for element in ("means", "motive"):
        candidates = investigation.candidates(element)
        assert 5 <= len(candidates) <= 7, element
        assert investigation.solution[element] in {c.id for c in candidates}
        assert all(c.name["en"].strip() and c.name["ru"].strip() for c in candidates)
