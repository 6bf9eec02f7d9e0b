"""The Minuit case generator: every generated case is sound and has one solution (MM-5, MM-6), a seed
gives one case, the level sets how many leads a reader needs, and ``referee minuit generate`` writes a
file that ``check`` accepts and ``game create`` plays."""

from __future__ import annotations

import re
import time
import tomllib
from pathlib import Path

import pytest
from cli_helpers import Referee, initialised

from referee.games.minuit.generator import LEVELS, GeneratorError, generate, needed_leads, to_toml
from referee.games.minuit.investigation import ELEMENTS, check_investigation, load_investigation, shipped

SEEDS = range(50)


def _texts(raw: dict, language: str) -> list[str]:
    """Every text of ``raw`` in ``language`` that a player or game-master reads."""
    found: list[str] = []

    def walk(value: object, key: str = "") -> None:
        if isinstance(value, dict):
            for name, item in value.items():
                walk(item, name)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif key == language and isinstance(value, str):
            found.append(value)

    walk(raw)
    return found


def _alone_in_their_cabins(raw: dict) -> int:
    """How many suspects say they spent the murder alone in their cabin, next to the suite: the red
    herrings, whose leads are true but point at them."""
    return sum(1 for c in raw["claims"] if c["lead"] == f"{c['who']}.alibi" and c["where"] <= 12)


@pytest.mark.parametrize("level", list(LEVELS))
def test_mm5_mm6_fifty_generated_cases_of_each_level_pass_the_check_with_exactly_one_solution(
    level: str,
) -> None:
    started = time.perf_counter()
    for seed in SEEDS:
        raw = generate(seed, level)
        assert check_investigation(raw) == [], (level, seed)
        assert raw["difficulty"] == level
        assert len(raw["suspects"]) == 12 and len(raw["places"]) == 24
    assert (time.perf_counter() - started) / len(SEEDS) < 0.1


def test_the_same_seed_gives_the_same_file_and_different_seeds_different_cases() -> None:
    assert to_toml(generate(11, "amateur")) == to_toml(generate(11, "amateur"))
    cases = [generate(seed, "amateur") for seed in SEEDS]
    answers = {tuple(case["solution"][element] for element in ELEMENTS) for case in cases}
    casts = {tuple(suspect["name"]["en"] for suspect in case["suspects"]) for case in cases}
    assert len(casts) == len(cases)
    assert len(answers) > len(cases) // 2
    assert len({case["suspects"][0]["alibi"]["en"] for case in cases}) > len(cases) // 2


def test_a_harder_level_needs_more_leads_and_holds_more_misleading_ones() -> None:
    needed = {level: [needed_leads(generate(seed, level)) for seed in range(20)] for level in LEVELS}
    assert max(needed["novice"]) < min(needed["amateur"])
    assert max(needed["amateur"]) < min(needed["expert"])
    herrings = {level: _alone_in_their_cabins(generate(3, level)) for level in LEVELS}
    assert herrings["novice"] < herrings["amateur"] < herrings["expert"]


def test_a_novice_case_shows_the_means_and_the_motive_and_an_expert_one_only_rules_out() -> None:
    novice, expert = generate(5, "novice"), generate(5, "expert")
    assert {finding.get("shows", "").split(".")[0] for finding in novice["findings"]} >= {"means", "motive"}
    assert not any(finding.get("shows") for finding in expert["findings"])


def test_the_culprits_lie_is_broken_by_two_truthful_leads() -> None:
    for seed in range(10):
        raw = generate(seed, "expert")
        culprit = raw["solution"]["culprit"]
        lie = next(c for c in raw["claims"] if c["lead"] == f"{culprit}.alibi")
        against = {
            c["lead"]
            for c in raw["claims"]
            if c["who"] == culprit and c["where"] != lie["where"] and not c["lead"].startswith(culprit)
        }
        assert len(against) >= 2, (seed, against)


def test_russian_texts_hold_no_english_words_and_agree_with_the_speaker() -> None:
    for seed in range(15):
        raw = generate(seed, "expert")
        for text in _texts(raw, "ru"):
            assert not re.search(r"[A-Za-z]{2,}", text.replace("VIP", "")), text
            assert "{" not in text and "}" not in text, text
        for suspect in raw["suspects"]:
            female = suspect["name"]["ru"].split()[0][-1] in "ая"
            alibi = suspect["alibi"]["ru"]
            said = re.findall(
                r"я (был|была|провёл|провела|пошёл|пошла|ушёл|ушла|писал|писала|лёг|легла|просидела?)\b",
                alibi,
            )
            assert said and all(word.endswith("а") == female for word in said), (suspect["id"], alibi)


def test_english_texts_hold_no_russian_letters_and_no_unfilled_parts() -> None:
    for level in LEVELS:
        for text in _texts(generate(8, level), "en"):
            assert not re.search(r"[А-Яа-яЁё]", text) and "{" not in text, text


def test_an_unknown_level_or_language_is_refused() -> None:
    with pytest.raises(GeneratorError, match="novice, amateur, expert"):
        generate(1, "hard")
    with pytest.raises(GeneratorError, match="en or ru"):
        generate(1, "novice", "de")


def test_generated_cases_share_no_text_with_the_shipped_ones() -> None:
    for language in ("en", "ru"):
        theirs = {
            t for path in shipped().values() for t in _texts(load_investigation(str(path)).raw, language)
        }
        for level in LEVELS:
            for seed in range(10):
                assert not theirs & set(_texts(generate(seed, level), language)), (level, seed)


@pytest.fixture
def referee(tmp_path: Path, sqlite_url: str) -> Referee:
    return initialised(tmp_path, sqlite_url)


def test_referee_minuit_generate_writes_a_file_that_check_accepts_and_a_game_plays(
    referee: Referee, tmp_path: Path
) -> None:
    case = tmp_path / "case.toml"
    said = referee(
        "minuit", "generate", "--seed", "4", "--level", "expert", "--language", "ru", "-o", str(case)
    )
    assert "referee minuit check" in said.stdout
    text = case.read_text(encoding="utf-8")
    notes = text.split("\n\n")[0]
    assert notes.startswith("# Расследование") and "Виновн" in notes and "Нужно улик" in notes
    assert tomllib.loads(text) == generate(4, "expert")
    assert "a complete investigation" in referee("minuit", "check", str(case)).stdout
    players = "".join(
        f'\n[[players]]\nname = "{n}"\nemail = "{n.lower()}@example.org"\n' for n in ("Anna", "Boris")
    )
    game = tmp_path / "game.toml"
    game.write_text(
        f'[game]\nkind = "minuit"\nid = "gen"\nschedule = "minuit"\nseed = 1\n'
        f'investigation = "{case}"\n{players}',
        encoding="utf-8",
    )
    referee("game", "create", str(game))
    assert "gen" in referee("game", "list").stdout
    refused = referee("minuit", "generate", "--seed", "1", "--level", "hard", "-o", str(case), ok=False)
    assert "novice, amateur, expert" in refused.stderr and "Traceback" not in refused.stderr


def test_the_sample_in_the_docs_is_what_seed_1_at_novice_gives() -> None:
    docs = (Path(__file__).parent.parent / "docs" / "minuit-investigations.md").read_text(encoding="utf-8")
    sample = docs[docs.index("## Generating a case") :]
    quoted = re.findall(r"(“[^”]+”|«[^»]+»)", " ".join(line.lstrip("> ") for line in sample.splitlines()))
    texts = " ".join(_texts(generate(1, "novice"), "en") + _texts(generate(1, "novice"), "ru"))
    assert len(quoted) >= 6 and all(" ".join(q.split()) in texts for q in quoted), quoted


def test_every_russian_choice_by_gender_gives_a_real_word() -> None:
    """Each ``{masculine|feminine}`` choice in the Russian texts, with the letters around it, is a word
    the dictionary knows in both forms («один/одна», «должен/должна», not «одинодна», «долженна»)."""
    from referee.core.russian import morph
    from referee.games.minuit import generator_texts

    source = Path(generator_texts.__file__).read_text(encoding="utf-8")
    made = [
        (m.group(0), m.group(1) + choice + m.group(4))
        for m in re.finditer(r"([А-Яа-яёЁ]*)\{([^{}|:]*)\|([^{}|]*)\}([А-Яа-яёЁ]*)", source)
        for choice in (m.group(2), m.group(3))
    ]
    unknown = [
        (written, word)
        for written, word in made
        if re.fullmatch(r"[а-яё]+", word.lower()) and not morph().word_is_known(word.lower())
    ]
    assert len(made) > 20 and not unknown, unknown
