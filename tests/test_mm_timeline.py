"""The timeline check looks at every minute (MM-6): a truthful lead's claim about the victim must agree
with where the victim was (the solution's ``victim`` list, then the suite from the murder on) at every
minute it covers, not only at the murder's. Broken copies of The Last Waltz (murder at 23:50; the
victim at the ball in the grand salon, 20, until 23:40, in the suite, 13, from 23:41) show each kind
of disagreement; ``referee minuit check`` and a game's creation refuse them, naming the lead.
"""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.games.minuit import SetupError
from referee.games.minuit.investigation import check_investigation, read_toml, shipped
from referee.games.minuit.setup import start

SHIPPED = shipped()
MODEL = read_toml(SHIPPED["last-waltz"])


def with_claim(lead: str, where: int, start_at: str, end_at: str) -> dict[str, Any]:
    """A copy of the model with one more claim about the victim."""
    raw = copy.deepcopy(MODEL)
    raw["claims"].append({"lead": lead, "who": "victim", "where": where, "from": start_at, "to": end_at})
    return raw


@pytest.mark.parametrize(
    ("claim", "problem"),
    [
        (  # a truthful barman serves the victim a drink 15 minutes after the murder
            ("sofia.witness", 16, "00:05", "00:05"),
            "lead sofia.witness (Sofia Amato, WITNESS) "
            "puts the victim in location 16 at 00:05, but the victim lay dead in the "
            "suite from the murder at 23:50",
        ),
        (  # a stretch that starts before the murder and goes on after it, outside the suite
            ("roman.witness", 15, "23:48", "23:55"),
            "lead roman.witness (Roman Hale, WITNESS) "
            "puts the victim in location 15 at 23:48, but the victim was in location 13 "
            "then ([solution] victim)",
        ),
        (  # in the suite before the victim arrived there
            ("place.22", 13, "23:20", "23:25"),
            "lead place.22 (location 22, the passenger cabins) "
            "puts the victim in location 13 at 23:20, but the victim was in location 20 then "
            "([solution] victim)",
        ),
        (  # in the casino while the victim was at the ball
            ("leon.witness", 19, "23:35", "23:36"),
            "lead leon.witness (Leon Marchetti, WITNESS) "
            "puts the victim in location 19 at 23:35, but the victim was in location 20 "
            "then ([solution] victim)",
        ),
        (  # the stretch agrees at first and disagrees from 23:41, when the victim went up
            ("greta.witness", 20, "23:30", "23:45"),
            "lead greta.witness (Greta Holm, WITNESS) "
            "puts the victim in location 20 at 23:41, but the victim was in location 13 "
            "then ([solution] victim)",
        ),
    ],
)
def test_mm6_a_truthful_claim_about_the_victim_is_checked_at_every_minute(
    claim: tuple[str, int, str, str], problem: str
) -> None:
    assert problem in check_investigation(with_claim(*claim))


def test_mm6_a_claim_at_a_time_the_victims_timeline_leaves_open_is_named() -> None:
    problems = check_investigation(with_claim("place.21", 21, "22:00", "22:10"))
    assert any(
        p.startswith(
            "lead place.21 (location 21, the restaurant and kitchens) "
            "puts the victim in location 21 at 22:00, but [solution] victim does not"
        )
        for p in problems
    )


def test_mm6_the_culprits_own_leads_may_lie_about_the_victim() -> None:
    assert check_investigation(with_claim("tomas.witness", 16, "00:05", "00:05")) == []


def test_mm6_claims_that_agree_with_the_victims_timeline_pass() -> None:
    assert check_investigation(with_claim("greta.witness", 20, "23:10", "23:40")) == []
    assert check_investigation(with_claim("place.13", 13, "23:41", "07:10")) == []


@pytest.mark.parametrize(
    ("victim", "problem"),
    [
        (None, "[solution] victim is missing"),
        ([{"where": 20, "from": "23:00", "to": "23:50"}], "[solution] victim must end in the suite"),
        (
            [{"where": 13, "from": "23:00", "to": "23:55"}],
            "[solution] victim 1 ends at 23:55, after the murder",
        ),
        ([{"where": 99, "from": "23:00", "to": "23:40"}], "[solution] victim 1: 99 is not a location"),
        (
            [{"where": 20, "from": "23:00", "to": "23:42"}, {"where": 13, "from": "23:41", "to": "23:50"}],
            "[solution] victim puts the victim in locations 20 and 13 at 23:41",
        ),
    ],
)
def test_mm6_the_victims_timeline_itself_is_checked(victim: Any, problem: str) -> None:
    raw = copy.deepcopy(MODEL)
    if victim is None:
        raw["solution"].pop("victim")
    else:
        raw["solution"]["victim"] = victim
    assert any(p.startswith(problem) for p in check_investigation(raw)), check_investigation(raw)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_mm6_every_shipped_case_declares_where_its_victim_was_and_passes(name: str) -> None:
    raw = read_toml(SHIPPED[name])
    assert raw["solution"]["victim"] and check_investigation(raw) == []


def broken_file(tmp_path: Path) -> Path:
    """The model as a file with a truthful barman serving the victim a drink at 00:05."""
    text = SHIPPED["last-waltz"].read_text(encoding="utf-8")
    text += '\n[[claims]]\nlead = "sofia.witness"\nwho = "victim"\nwhere = 16\nfrom = "00:05"\nto = "00:05"\n'
    path = tmp_path / "late-drink.toml"
    path.write_text(text, encoding="utf-8")
    assert tomllib.loads(text)["claims"][-1]["lead"] == "sofia.witness"
    return path


def test_mm6_referee_minuit_check_refuses_a_claim_after_the_murder_naming_the_lead(tmp_path: Path) -> None:
    path = broken_file(tmp_path)
    result = CliRunner().invoke(app, ["minuit", "check", str(path)])
    assert result.exit_code == 1
    assert (
        "lead sofia.witness (Sofia Amato, WITNESS) puts the victim in location 16 at 00:05" in result.output
    )


def test_mm6_a_game_refuses_a_claim_after_the_murder_naming_the_lead(tmp_path: Path) -> None:
    path = broken_file(tmp_path)
    players = [{"name": "Anna"}, {"name": "Boris"}]
    with pytest.raises(
        SetupError,
        match=re.escape("lead sofia.witness (Sofia Amato, WITNESS) puts the victim in location 16 at 00:05"),
    ):
        start({"id": "g", "seed": 1, "language": "en", "players": players, "investigation": str(path)})
