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
from typer.testing import CliRunner

from referee.cli import app
from referee.games.minuit import SetupError
from referee.games.minuit.investigation import ELEMENTS, check_investigation, read_toml, shipped
from referee.games.minuit.setup import start
from referee.games.minuit.solver import Finding, left, solutions

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
        "lead place.22 (location 22, the passenger cabins) rules out the solution's means 'trophy', and only the culprit may lie"
        in problems
    )
    raw = copy.deepcopy(MODEL)
    raw["findings"].append({"lead": "zoe.witness", "shows": "motive.money"})
    assert (
        "lead zoe.witness (Zoe Clement, WITNESS) rules out the solution's motive 'exposure', and only the culprit may lie"
        in (check_investigation(raw))
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
