"""Minuit investigations (MM-5, MM-6): the shipped ones are complete and consistent, and the checker
names every missing or inconsistent part of a broken file — also through ``referee minuit check``."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.games.minuit import SetupError
from referee.games.minuit.investigation import (
    check_investigation,
    lead_keys,
    load_investigation,
    read_toml,
    shipped,
)
from referee.games.minuit.setup import start

SHIPPED = shipped()
MODEL = read_toml(SHIPPED["last-waltz"])


def broken(change: Callable[[dict[str, Any]], None]) -> list[str]:
    """The checker's problems with a copy of the model investigation changed by ``change``."""
    raw = copy.deepcopy(MODEL)
    change(raw)
    return check_investigation(raw)


def suspect(raw: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in raw["suspects"] if s["id"] == sid)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_mm5_mm6_every_shipped_investigation_is_complete_and_consistent(name: str) -> None:
    raw = read_toml(SHIPPED[name])
    assert check_investigation(raw) == []
    case = load_investigation(name)
    assert case.id == name and case.difficulty in ("novice", "amateur", "expert")
    keys = lead_keys([s.id for s in case.suspects])
    assert len(keys) == 60
    for key in keys:
        text = case.lead(key)
        assert text["en"].strip() and text["ru"].strip(), key
        assert text["en"] != text["ru"], key


def test_mm5_the_model_has_twelve_suspects_with_distinct_initials_one_of_them_kristina() -> None:
    case = load_investigation("last-waltz")
    assert len(case.suspects) == 12 and "kristina" in [s.id for s in case.suspects]
    assert len({s.initial for s in case.suspects}) == 12
    assert len({s.name["ru"][0] for s in case.suspects}) == 12


def test_mm5_the_culprit_candidates_are_the_suspects_accident_and_suicide() -> None:
    case = load_investigation("last-waltz")
    ids = [c.id for c in case.candidates("culprit")]
    assert ids[:12] == [s.id for s in case.suspects] and ids[12:] == ["accident", "suicide"]


def test_mm6_only_the_culprits_own_alibi_contradicts_another_lead() -> None:
    """The model's culprit lies about the piano bar; the bandleader and the barman say otherwise."""
    case = load_investigation("last-waltz")
    assert case.solution["culprit"] == "tomas"
    assert "piano bar" in case.lead("tomas.alibi")["en"] and "Not tonight" in case.lead("place.16")["en"]


# --- broken files: each fault named ---------------------------------------------------------------


def test_a_missing_lead_is_named() -> None:
    problems = broken(lambda raw: suspect(raw, "kristina").pop("witness"))
    assert "missing lead kristina.witness (suspect kristina, topic WITNESS)" in problems


def test_a_missing_translation_is_named() -> None:
    problems = broken(lambda raw: suspect(raw, "oscar")["motive"].pop("ru"))
    assert "lead oscar.motive has no ru text" in problems


def test_a_missing_location_lead_is_named() -> None:
    problems = broken(lambda raw: raw.__setitem__("places", [p for p in raw["places"] if p["number"] != 14]))
    assert "missing lead place.14 (location 14)" in problems


def test_duplicate_initials_are_named() -> None:
    def rename(raw: dict[str, Any]) -> None:
        suspect(raw, "zoe")["name"] = {"en": "Karl Clement", "ru": "Карл Клеман"}

    problems = broken(rename)
    assert "duplicate initial 'K' (en): kristina and zoe" in problems
    assert "duplicate initial 'К' (ru): kristina and zoe" in problems


def test_an_investigation_without_kristina_is_named() -> None:
    def rename(raw: dict[str, Any]) -> None:
        suspect(raw, "kristina")["name"] = {"en": "Katya Hale", "ru": "Катя Хейл"}

    assert "no suspect is called Kristina (one of the twelve must be)" in broken(rename)


def test_a_solution_not_among_the_candidates_is_named() -> None:
    def wrong(raw: dict[str, Any]) -> None:
        raw["solution"]["means"] = "harpoon"
        raw["solution"]["culprit"] = "captain"

    problems = broken(wrong)
    assert "the solution's means 'harpoon' is not among the means candidates" in problems
    assert "the solution's culprit 'captain' is not among the culprit candidates" in problems


def test_points_must_fall_from_hypothesis_1_to_2() -> None:
    problems = broken(lambda raw: raw["solution"]["points"].__setitem__("motive", [3, 6]))
    assert "[solution.points] motive: hypothesis 1 must be worth more than 2, both above 0" in problems


def test_a_murder_time_outside_the_quarter_hour_is_named() -> None:
    problems = broken(lambda raw: raw["solution"].__setitem__("time", "23:30"))
    assert any("must be between 23:45 and 00:00" in p for p in problems)


def test_mm6_a_truthful_lead_that_puts_the_culprit_elsewhere_at_the_murder_is_named() -> None:
    def alibi(raw: dict[str, Any]) -> None:
        raw["claims"].append(
            {"lead": "sofia.witness", "who": "tomas", "where": 16, "from": "23:45", "to": "23:58"}
        )

    problems = broken(alibi)
    assert any(
        p.startswith(
            "lead sofia.witness (Sofia Amato, WITNESS) puts the culprit tomas in location 16 at 23:50"
        )
        for p in problems
    )


def test_mm6_the_culprits_own_lie_is_allowed() -> None:
    assert any(c["lead"] == "tomas.alibi" and c["where"] == 16 for c in MODEL["claims"])
    assert check_investigation(MODEL) == []


def test_mm6_someone_else_in_the_suite_at_the_murder_is_named() -> None:
    def accomplice(raw: dict[str, Any]) -> None:
        raw["claims"].append(
            {"lead": "place.22", "who": "roman", "where": 13, "from": "23:49", "to": "23:51"}
        )

    problems = broken(accomplice)
    assert (
        "lead place.22 (location 22, the passenger cabins) "
        "puts roman in the suite at 23:50, but the culprit acted alone" in problems
    )
    assert any("leads" in p and "roman" in p and "same time" in p for p in problems)


def test_an_alibi_without_a_timeline_marker_is_named() -> None:
    def drop(raw: dict[str, Any]) -> None:
        raw["claims"] = [c for c in raw["claims"] if c["lead"] != "zoe.alibi"]

    assert any(p.startswith("lead zoe.alibi has no timeline marker") for p in broken(drop))


def test_a_game_refuses_a_broken_investigation_and_names_the_fault(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        SHIPPED["last-waltz"].read_text(encoding="utf-8").replace('means = "trophy"', 'means = "axe"')
    )
    players = [{"name": "Anna"}, {"name": "Boris"}]
    with pytest.raises(SetupError, match="the solution's means 'axe' is not among the means candidates"):
        start({"id": "g", "seed": 1, "language": "en", "players": players, "investigation": str(path)})


# --- the command ------------------------------------------------------------------------------------


def test_referee_minuit_check_names_every_fault_and_fails(tmp_path: Path) -> None:
    text = SHIPPED["last-waltz"].read_text(encoding="utf-8")
    text = text.replace('culprit = "tomas"', 'culprit = "nobody"')
    text = text.replace(
        'name = { en = "Zoe Clement", ru = "Зоя Клеман" }', 'name = { en = "Greta Two", ru = "Грета" }'
    )
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["minuit", "check", str(path)])
    assert result.exit_code == 1
    assert "the solution's culprit 'nobody' is not among the culprit candidates" in result.output
    assert "duplicate initial 'G' (en): greta and zoe" in result.output


def test_referee_minuit_check_accepts_a_sound_file_and_names_an_unreadable_one(tmp_path: Path) -> None:
    ok = CliRunner().invoke(app, ["minuit", "check", str(SHIPPED["last-waltz"])])
    assert ok.exit_code == 0 and "complete investigation" in ok.output
    bad = tmp_path / "bad.toml"
    bad.write_text("id = [", encoding="utf-8")
    result = CliRunner().invoke(app, ["minuit", "check", str(bad)])
    assert result.exit_code == 1 and "not valid TOML" in result.output
