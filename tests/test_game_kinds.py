"""A game is one object (``GameKind``): the demo, the web pages and the command line ask it and never
name a game, so that a fifth game is its package, its templates and its schedule — shown here by
turning the skeleton into a registered game and playing it — and the contract that no game imports
another is built from the registered games, so that a game is held to it the day it exists."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from test_layers import INDEPENDENCE, _copy, _lint, _plant
from typer.testing import CliRunner

import referee.games
from referee.app.gamefile import default_schedule
from referee.config import PROJECT_ROOT
from referee.games import (
    KINDS,
    PACKAGES,
    TEMPLATE_KIND,
    contract_kinds,
    game_of,
    games,
    package_of,
)
from referee.games._template.content import ROUNDS
from referee.shipped import shipped
from referee.web.words import kind_names, translator

OUTSIDE_THE_GAMES = ("referee/demo", "referee/web", "referee/cli.py", "referee/render.py")
"""The code that must ask a game rather than name it."""

TEMPLATES = PROJECT_ROOT / "templates"


def _sentences(folder: Path) -> set[str]:
    """Every sentence the templates in ``folder`` pass through ``t``."""
    said: set[str] = set()
    for path in folder.glob("*.j2"):
        text = path.read_text(encoding="utf-8")
        said |= set(re.findall(r't\("((?:[^"\\]|\\.)*)"', text)) | set(
            re.findall(r"t\('((?:[^'\\]|\\.)*)'", text)
        )
    return said


@pytest.mark.parametrize("kind", contract_kinds())
def test_each_game_is_one_object_that_names_itself_in_both_languages(kind: str) -> None:
    game = game_of(kind)

    assert game.kind == kind == game.rules.kind
    for texts in (game.names, game.summary, *game.letters.values()):
        assert set(texts) == {"en", "ru"} and all(text.strip() for text in texts.values()), texts
        assert re.search("[а-яё]", texts["ru"], re.I) and not re.search("[а-яё]", texts["en"], re.I)
    seats = game.demo.seats
    assert 1 <= seats.least <= seats.default <= seats.most
    assert all(len(names) >= seats.most for names in game.demo.names.values())
    assert not game.demo.calendar or game.demo.day is not None  # a campaign tells each new day


@pytest.mark.parametrize("kind", KINDS)
def test_a_games_schedules_are_shipped_and_its_default_is_the_one_game_files_get(kind: str) -> None:
    game = game_of(kind)
    schedules = shipped("schedules")

    assert default_schedule(kind) == game.schedules.default
    for name in (game.schedules.default, game.schedules.demo):
        text = (schedules / f"{name}.toml").read_text(encoding="utf-8")
        assert tomllib.loads(text)["schedule"]["kind"] == kind, name


@pytest.mark.parametrize("kind", KINDS)
def test_a_games_letters_are_its_templates_and_its_fragments_say_every_sentence_in_russian(kind: str) -> None:
    game = game_of(kind)

    for template in game.letters:
        assert (TEMPLATES / "en" / kind / f"{template}.txt.j2").is_file(), template
    said = _sentences(TEMPLATES / "web" / kind)
    shared = _sentences(TEMPLATES / "web")
    russian = translator("ru")
    assert not sorted(s for s in said - shared if s not in game.web_words.get("ru", {}))
    assert all(russian(s) == game.web_words["ru"][s] for s in said - shared)


def test_games_that_share_a_letter_call_it_the_same() -> None:
    called: dict[str, tuple[str, str]] = {}
    for game in games():
        for template, texts in game.letters.items():
            assert called.setdefault(template, (texts["en"], texts["ru"])) == (texts["en"], texts["ru"]), (
                template
            )


def test_no_code_outside_the_games_names_a_game_or_branches_on_one() -> None:
    """The demo, the web and the command line ask ``GameKind``: no kind, game package or game name is
    written in them (the command line's ``minuit`` group of investigation-file commands aside)."""
    names = {game.name(language) for game in games() for language in ("en", "ru")}
    kinds = {*KINDS, *(package.rsplit(".", 1)[1] for package in PACKAGES.values())}
    written = re.compile("|".join(rf"[\"'«]{re.escape(word)}[\"'»]" for word in sorted(kinds | names)))
    found = []
    for place in OUTSIDE_THE_GAMES:
        root = PROJECT_ROOT / place
        for path in [root] if root.is_file() else sorted(root.rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if written.search(line) and "minuit_app" not in line:
                    found.append(f"{path.relative_to(PROJECT_ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


# --- a fifth game ----------------------------------------------------------------------------------

SKELETON_SCHEDULE = """[schedule]
name = "{name}"
kind = "{kind}"
clock = "phases"
timezone = "Europe/Moscow"

[stages]
words = "5m"
"""


@pytest.fixture
def fifth_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """The skeleton registered as a game players may choose, as its author would register a new one:
    one entry in ``referee.games.PACKAGES`` (the tuple ``KINDS`` made from it is made again)."""
    monkeypatch.setitem(PACKAGES, TEMPLATE_KIND, package_of(TEMPLATE_KIND))
    offered = tuple(PACKAGES)
    monkeypatch.setattr(referee.games, "KINDS", offered)
    monkeypatch.setattr("referee.app.gamefile.KINDS", offered)
    return TEMPLATE_KIND


def test_a_fifth_game_is_played_by_the_demo_named_by_the_pages_and_listed_by_the_command_line(
    fifth_game: str, tmp_path: Path
) -> None:
    """The skeleton, registered, is a fifth game: the command line's demo plays it to its end and tells
    each round, the pages name it in both languages, and the command line lists it among the games.
    What that took outside its package is counted: its templates in each language, its schedule and
    its line in the registry — no module of the demo, the web or the command line."""
    from referee.cli import app

    game = game_of(fifth_game)
    folder = tmp_path / "demo"
    (folder / "schedules").mkdir(parents=True)  # the game-master's own schedules, read before the shipped
    schedule = folder / "schedules" / f"{game.schedules.demo}.toml"
    schedule.write_text(SKELETON_SCHEDULE.format(name=game.schedules.demo, kind=fifth_game), encoding="utf-8")

    played = CliRunner().invoke(
        app, ["demo", "--game", fifth_game, "--seed", "4", "--language", "ru", "--keep", str(folder)]
    )
    listed = CliRunner().invoke(app, ["demo", "--game", "chess", "--keep", str(tmp_path / "chess")])

    assert played.exit_code == 0, played.output
    lines = played.output.splitlines()
    assert lines[0].startswith(f"«{game.name('ru')}»: играют 3 бота (Анна, Борис, Клара)")
    rounds = [line for line in lines if line.startswith("раунд ")]
    assert len(rounds) == ROUNDS
    assert all("слова: " in line for line in rounds), rounds
    assert "игра окончена; победителей нет" in played.output
    assert listed.exit_code != 0 and f"choose one of {', '.join(PACKAGES)}" in listed.output
    assert kind_names()[fifth_game] == game.name("en")
    assert translator("ru")(game.name("en")) == game.name("ru")

    package = PROJECT_ROOT / "referee" / "games" / fifth_game
    mentions = re.compile(rf"[\"']{re.escape(fifth_game)}[\"']|{re.escape(package_of(fifth_game))}\b")
    code = {
        path.relative_to(PROJECT_ROOT).as_posix()
        for path in (PROJECT_ROOT / "referee").rglob("*.py")
        if package not in path.parents and mentions.search(path.read_text(encoding="utf-8"))
    }
    texts = {
        path.relative_to(PROJECT_ROOT).as_posix()
        for path in TEMPLATES.rglob("*")
        if path.is_dir() and path.name == fifth_game
    }
    assert code == {"referee/games/__init__.py"}  # the registry (here, the skeleton's own constant)
    assert texts == {"templates/en/_template", "templates/ru/_template"}
    assert len(code | texts | {schedule.name}) == 4


# --- no game imports another ------------------------------------------------------------------------


def _contract_from_the_registry(root: Path) -> Path:
    """An import-linter configuration in ``root`` holding the one contract that no game imports another,
    its packages taken from the registry (every registered game and the skeleton)."""
    modules = "".join(f"\n    {package_of(kind)}" for kind in contract_kinds())
    config = root / "games.ini"
    config.write_text(
        "[importlinter]\nroot_package = referee\n\n[importlinter:contract:games]\n"
        f"name = {INDEPENDENCE}\ntype = independence\nmodules ={modules}\n",
        encoding="utf-8",
    )
    return config


def _lint_with(root: Path, config: Path) -> str:
    """import-linter's report on the ``referee`` package in ``root`` under ``config``."""
    code = (
        "import sys; from importlinter.cli import lint_imports; "
        f"sys.exit(lint_imports(config_filename={str(config)!r}, no_cache=True))"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=False
    )
    return " ".join(done.stdout.split()) + f" exit {done.returncode}"


def test_the_contract_built_from_the_registry_holds_the_games_apart_today(tmp_path: Path) -> None:
    report = _lint_with(PROJECT_ROOT, _contract_from_the_registry(tmp_path))

    assert f"{INDEPENDENCE} KEPT" in report and report.endswith("exit 0"), report


def test_minuit_borrowing_ten_sailors_words_breaks_both_the_built_and_the_listed_contract(
    tmp_path: Path,
) -> None:
    """Issue 40's case: Minuit's turns importing Ten Sailors' lexicon was once reported as "0 broken"."""
    package = _copy(tmp_path)
    _plant(package / "games" / "minuit" / "turns.py", "from referee.games.ten_sailors import lexicon")
    chain = "referee.games.minuit.turns -> referee.games.ten_sailors.lexicon"

    built = _lint_with(tmp_path, _contract_from_the_registry(tmp_path))
    listed = _lint(tmp_path)

    assert f"{INDEPENDENCE} BROKEN" in built and chain in built and built.endswith("exit 1"), built
    assert listed.returncode != 0 and chain in listed.stdout
    assert f"{INDEPENDENCE} BROKEN" in " ".join(listed.stdout.split())
