"""The deduction engine (MM-5, MM-6): from an investigation's truthful leads — every lead but the
culprit's own, with their timeline markers and ``[[findings]]`` — the solver computes every
(culprit, means, motive) they allow, and ``referee minuit check`` (and a game's creation) refuses a
case that allows anything but exactly its solution, naming the leads at fault or what nothing
settles. Broken copies of The Last Waltz (Tomas, the trophy, to silence the victim) show each fault.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import initialised
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.cli import app
from referee.games.minuit import SetupError, deduction
from referee.games.minuit.investigation import (
    ELEMENTS,
    check_investigation,
    load_investigation,
    read_toml,
    shipped,
)
from referee.games.minuit.setup import start
from referee.games.minuit.solver import Finding, Solution, left, solutions

SHIPPED = shipped()
MODEL = read_toml(SHIPPED["last-waltz"])


def without(raw: dict[str, Any], part: str, leads: set[str]) -> dict[str, Any]:
    """A copy of ``raw`` whose ``part`` ("claims" or "findings") has no entry of ``leads``."""
    changed = copy.deepcopy(raw)
    changed[part] = [entry for entry in changed[part] if entry["lead"] not in leads]
    return changed


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_mm5_mm6_the_truthful_leads_of_every_shipped_case_allow_its_solution_alone(name: str) -> None:
    raw = read_toml(SHIPPED[name])
    assert check_investigation(raw) == []
    assert raw["findings"], "a shipped case says what its leads settle"


def test_mm6_without_the_lead_that_shows_the_trophy_the_bottle_and_the_fall_remain() -> None:
    problems = check_investigation(without(MODEL, "findings", {"place.23"}))
    assert len(problems) == 2, problems
    assert problems[0].startswith("no truthful lead rules out the means 'bottle'")
    assert problems[1].startswith("no truthful lead rules out the means 'fall'")


def test_mm6_without_the_lead_that_shows_the_motive_every_motive_remains() -> None:
    problems = check_investigation(without(MODEL, "findings", {"place.13"}))
    named = {re.search(r"motive '(\w+)'", p).group(1) for p in problems if "motive" in p}  # type: ignore[union-attr]
    assert named == {"money", "jealousy", "revenge", "despair", "none"}


def test_mm6_without_the_sightings_that_break_the_culprits_alibi_other_culprits_fit() -> None:
    """Roman and the pool attendant saw Tomas go up to the cabins while his alibi puts him in the
    piano bar; without them nothing shows him a liar, and the solver names who else could be guilty."""
    problems = check_investigation(without(MODEL, "claims", {"roman.witness", "place.15"}))
    others = {m.group(1) for p in problems if (m := re.search(r"could as well be '(\w+)'", p))}
    assert {"accident", "suicide"} <= others and "tomas" not in others and len(others) > 2


def test_mm6_a_truthful_lead_that_rules_out_the_solution_is_named() -> None:
    raw = copy.deepcopy(MODEL)
    raw["findings"].append({"lead": "place.22", "rules_out": ["means.trophy"]})
    problems = check_investigation(raw)
    assert (
        "lead place.22 (location 22, the passenger cabins) rules out the solution's means 'trophy', "
        "and only the culprit may lie" in problems
    )
    raw = copy.deepcopy(MODEL)
    raw["findings"].append({"lead": "zoe.witness", "shows": "motive.money"})
    assert (
        "lead zoe.witness (Zoe Clement, WITNESS) rules out the solution's motive 'exposure', "
        "and only the culprit may lie" in (check_investigation(raw))
    )


def test_mm6_the_culprits_own_leads_may_rule_out_falsely() -> None:
    raw = copy.deepcopy(MODEL)
    raw["findings"].append({"lead": "tomas.motive", "shows": "motive.money"})
    assert check_investigation(raw) == []


def test_mm6_what_only_the_culprits_own_lead_rules_out_is_still_open() -> None:
    raw = without(MODEL, "findings", {"place.23"})
    raw["findings"].append({"lead": "tomas.witness", "rules_out": ["means.bottle", "means.fall"]})
    problems = check_investigation(raw)
    assert any(
        "means 'bottle' (only by the culprit's own tomas.witness, which may lie)" in p for p in problems
    )


@pytest.mark.parametrize(
    ("finding", "problem"),
    [
        ({"lead": "place.99", "shows": "means.trophy"}, "'place.99' is not a lead"),
        ({"lead": "place.22"}, "give shows"),
        ({"lead": "place.22", "shows": "means.axe"}, "'means.axe' is not an element's candidate"),
        (
            {"lead": "place.22", "rules_out": ["weapon.trophy"]},
            "'weapon.trophy' is not an element's candidate",
        ),
    ],
)
def test_a_malformed_finding_is_named(finding: dict[str, Any], problem: str) -> None:
    raw = copy.deepcopy(MODEL)
    raw["findings"].append(finding)
    assert any(problem in p for p in check_investigation(raw)), check_investigation(raw)


def test_the_solver_takes_each_culprit_with_their_own_leads_set_aside() -> None:
    candidates = {"culprit": ["anna", "boris"], "means": ["knife", "rope"], "motive": ["money", "love"]}
    findings = [
        Finding("anna.alibi", "means.knife", ()),
        Finding("boris.motive", "", ("motive.love", "culprit.anna")),
    ]
    assert solutions(candidates, findings, lambda culprit: True) == [
        ("boris", "knife", "money"),  # Anna is ruled out by Boris's lead, true unless Boris did it;
        ("boris", "knife", "love"),  # with Boris the culprit his own lead about the motive may lie
    ]
    findings = [Finding("anna.alibi", "means.knife", ()), Finding("place.3", "", ("motive.love",))]
    assert solutions(candidates, findings, lambda culprit: culprit == "anna") == [
        ("anna", "knife", "money"),  # Anna's own lead about the means may lie
        ("anna", "rope", "money"),
    ]
    assert left(candidates, [])["means"] == ["knife", "rope"]
    assert ELEMENTS == ("culprit", "means", "motive")


def test_referee_minuit_check_fails_when_the_decisive_leads_are_removed(tmp_path: Path) -> None:
    text = SHIPPED["last-waltz"].read_text(encoding="utf-8")
    decisive = '\n[[findings]]\nlead = "place.23"\nshows = "means.trophy"\n'
    assert decisive in text
    path = tmp_path / "case.toml"
    path.write_text(text.replace(decisive, ""), encoding="utf-8")
    result = CliRunner().invoke(app, ["minuit", "check", str(path)])
    assert result.exit_code == 1
    assert "no truthful lead rules out the means 'bottle'" in result.output
    players = [{"name": "Anna"}, {"name": "Boris"}]
    with pytest.raises(SetupError, match="no truthful lead rules out the means 'bottle'"):
        start({"id": "g", "seed": 1, "language": "en", "players": players, "investigation": str(path)})


def test_a_file_with_too_many_claims_or_findings_is_refused_at_once() -> None:
    """Size bound: checking goes through every minute and every culprit, so the lists are capped."""
    raw = copy.deepcopy(MODEL)
    raw["claims"] = raw["claims"] * 100
    raw["findings"] = "place.13"
    problems = check_investigation(raw)
    assert any(p.startswith(f"[[claims]] has {len(raw['claims'])} entries; at most") for p in problems)
    assert "[[findings]] must be a list of tables" in problems


# --- the whole case: solutions(investigation), needed leads, the culprit's lie (issue 39) -----------

EXPOSING = {"roman.witness", "place.15", "place.20"}
"""The three leads of The Last Waltz whose six claims catch Tomas's lie: Roman Hale and the pool
attendant saw him cross the pool deck while his alibi has him in the piano bar, and the grand salon saw
him leave at 23:44 and come back at 23:58."""


def exposed_no_more(culprit: str = "tomas") -> dict[str, Any]:
    """The Last Waltz with the six claims about Tomas of the three exposing leads removed and their
    texts made empty of facts, naming ``culprit`` as the solution."""
    raw = copy.deepcopy(MODEL)
    raw["claims"] = [c for c in raw["claims"] if not (c["lead"] in EXPOSING and c["who"] == "tomas")]
    assert len(MODEL["claims"]) - len(raw["claims"]) == 6
    plain = {"en": "Nothing out of the ordinary.", "ru": "Ничего необычного."}
    for suspect in raw["suspects"]:
        if suspect["id"] == "roman":
            suspect["witness"] = dict(plain)
    for place in raw["places"]:
        if f"place.{place['number']}" in EXPOSING:
            place.update(plain)
    raw["solution"]["culprit"] = culprit
    return raw


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_mm5_mm6_solutions_of_a_shipped_case_is_exactly_its_solution(name: str) -> None:
    investigation = load_investigation(name)
    answer = Solution(*(investigation.solution[element] for element in ELEMENTS))
    assert deduction.solutions(investigation) == [answer]
    assert deduction.solutions(investigation.raw) == [answer]
    assert deduction.verdict(investigation) == []
    needed, enough = deduction.needed_leads(investigation), deduction.sufficient_leads(investigation)
    assert needed and set(needed) <= set(enough)
    withheld = set(deduction.case_of(investigation).deciding) - set(enough)
    assert deduction.solutions(investigation, without=withheld) == [answer]


def test_mm6_the_last_waltz_needs_the_lie_the_motive_and_the_trophy() -> None:
    """Tomas's alibi is the lie that gives him away; the suite shows the motive, the laundry the trophy.
    The sightings that contradict the alibi back each other up: any one of them is enough."""
    assert deduction.needed_leads(MODEL) == ["tomas.alibi", "place.13", "place.23"]
    enough = deduction.sufficient_leads(MODEL)
    assert len(enough) == 4 and len(set(enough) & EXPOSING) == 1


def test_mm6_without_the_claims_that_expose_the_lie_the_case_is_refused_naming_the_lie() -> None:
    problems = check_investigation(exposed_no_more())
    assert problems[0] == (
        "no truthful lead contradicts the culprit tomas's lie: lead tomas.alibi (Tomas Reyes, ALIBI) puts "
        "tomas in location 16 from 23:45 to 23:58; add a claim of another lead that places them elsewhere "
        "in that time, such as a sighting"
    )
    assert any(
        p.startswith(
            "the culprit could as well be 'greta': with their own leads set aside "
            "(greta.alibi (Greta Holm, ALIBI))"
        )
        for p in problems
    ), problems
    assert len(deduction.solutions(exposed_no_more())) > 1


def test_mm6_without_the_exposing_claims_another_suspect_as_the_solution_is_refused() -> None:
    problems = check_investigation(exposed_no_more("greta"))
    assert problems[0].startswith(
        "no truthful lead contradicts the culprit greta's lie: lead greta.alibi (Greta Holm, ALIBI) "
        "puts greta in location 20 from 23:30 to 00:00"
    )
    assert any(p.startswith("the culprit could as well be 'tomas'") for p in problems)


def test_mm6_without_the_exposing_claims_an_accident_as_the_solution_is_refused() -> None:
    problems = check_investigation(exposed_no_more("accident"))
    assert problems and all(p.startswith("the culprit could as well be") for p in problems)
    assert any(
        "'tomas': with their own leads set aside (tomas.alibi (Tomas Reyes, ALIBI))" in p for p in problems
    )


@pytest.mark.parametrize(
    ("culprit", "problem"),
    [
        (
            "roman",
            "lead sofia.witness (Sofia Amato, WITNESS) puts the culprit roman in location 15 at 23:50, "
            "but the solution has them in the suite then, and only the culprit may lie",
        ),
        (
            "accident",
            "leads roman.witness (Roman Hale, WITNESS) and tomas.alibi (Tomas Reyes, ALIBI) put tomas in "
            "locations 15 and 16 at the same time, and neither is the culprit's",
        ),
    ],
)
def test_mm6_the_whole_case_naming_another_culprit_is_refused_naming_the_leads(
    culprit: str, problem: str
) -> None:
    raw = copy.deepcopy(MODEL)
    raw["solution"]["culprit"] = culprit
    assert problem in check_investigation(raw)


def test_mm6_a_lie_no_truthful_lead_contradicts_is_refused_though_findings_leave_one_culprit() -> None:
    """Findings may clear every other suspect, but the culprit's lie must still be caught by a lead."""
    raw = exposed_no_more()
    others = [f"culprit.{s['id']}" for s in raw["suspects"] if s["id"] != "tomas"]
    raw["findings"].append(
        {"lead": "place.22", "rules_out": [*others, "culprit.accident", "culprit.suicide"]}
    )
    assert deduction.solutions(raw) == [Solution("tomas", "trophy", "exposure")]
    (problem,) = check_investigation(raw)
    assert problem.startswith("no truthful lead contradicts the culprit tomas's lie")


def test_mm6_a_truthful_drink_served_15_minutes_after_the_murder_is_refused() -> None:
    raw = copy.deepcopy(MODEL)
    raw["claims"].append(
        {"lead": "sofia.witness", "who": "victim", "where": 16, "from": "00:05", "to": "00:05"}
    )
    assert check_investigation(raw) == [
        "lead sofia.witness (Sofia Amato, WITNESS) puts the victim in location 16 at 00:05, but the victim "
        "lay dead in the suite from the murder at 23:50"
    ]


def test_referee_minuit_check_and_game_create_refuse_a_case_whose_lie_nobody_contradicts(
    tmp_path: Path, sqlite_url: str
) -> None:
    blocks = SHIPPED["last-waltz"].read_text(encoding="utf-8").split("\n\n")
    exposing = [
        block
        for block in blocks
        if block.startswith("[[claims]]")
        and 'who = "tomas"' in block
        and any(f'lead = "{lead}"' in block for lead in EXPOSING)
    ]
    assert len(exposing) == 6
    case = tmp_path / "case.toml"
    case.write_text("\n\n".join(b for b in blocks if b not in exposing), encoding="utf-8")
    result = CliRunner().invoke(app, ["minuit", "check", str(case)])
    assert result.exit_code == 1
    assert f"{case}: no truthful lead contradicts the culprit tomas's lie: lead tomas.alibi" in result.output

    referee = initialised(tmp_path, sqlite_url)
    players = "".join(
        f'\n[[players]]\nname = "{n}"\nemail = "{n.lower()}@example.org"\n' for n in ("Anna", "Boris")
    )
    game = tmp_path / "waltz.toml"
    game.write_text(
        f'[game]\nkind = "minuit"\nid = "waltz"\nschedule = "minuit"\nseed = 5\ninvestigation = "{case}"\n'
        + players,
        encoding="utf-8",
    )
    refused = referee("game", "create", str(game), ok=False)
    assert "no truthful lead contradicts the culprit tomas's lie" in refused.stdout + refused.stderr
    game.write_text(game.read_text(encoding="utf-8").replace(str(case), "last-waltz"), encoding="utf-8")
    referee("game", "create", str(game))


def test_referee_minuit_check_says_which_leads_are_needed_and_which_are_enough() -> None:
    result = CliRunner().invoke(app, ["minuit", "check", str(SHIPPED["last-waltz"])])
    assert result.exit_code == 0
    assert "leads the case cannot do without: tomas.alibi, place.13, place.23" in result.output
    assert "these leads alone are enough: tomas.alibi, place.13, place.15, place.23" in result.output


NEEDED = [
    (name, lead) for name in sorted(SHIPPED) for lead in deduction.needed_leads(read_toml(SHIPPED[name]))
]
"""Every lead the solver calls necessary, in every shipped case."""


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NEEDED))
def test_mm6_removing_any_lead_the_solver_calls_necessary_makes_check_fail(needed: tuple[str, str]) -> None:
    name, lead = needed
    raw = read_toml(SHIPPED[name])
    assert check_investigation(raw) == []
    for part in ("claims", "findings"):
        raw[part] = [entry for entry in raw[part] if entry["lead"] != lead]
    assert check_investigation(raw) != []
