"""One registry of game-master actions, every door made from it (``referee/app/actions.py``): each
action is on the command line, in the mail command language and on the game's page, or says in
writing why a door cannot offer it; the same action from any door leaves the same audit entry and the
same outcome, worded in the game-master's language on mail and the web; and an action added to a copy
of the registry is offered by all three doors with nothing else written (TS-5 for the clock)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import typer
from service_helpers import Site
from sqlmodel import Session
from test_app_desk import from_master
from typer.main import get_command
from typer.testing import CliRunner
from web_helpers import GAME, GM, T0, client, sign_in

from referee.app import ACTIONS, DOORS, GameMasterAction, Referee, Registry
from referee.app.actions import SEAT, Argument, Call, Words
from referee.app.play import seat_named
from referee.cli import _action_command, app


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str) -> Site:
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0, options=f'master_email = "{GM}"\nlanguage = "ru"')
    site.store().accounts.add("Gail", GM, "correct horse battery", T0)
    return site


def answers(referee: Referee) -> list[dict[str, Any]]:
    """Every line of every answer the game-master was mailed, oldest first."""
    notices = [n for n in referee.notices(GAME) if n.template == "master_answer"]
    return [result for n in notices for result in n.data["results"]]


def cli_commands(typer_app: typer.Typer) -> set[str]:
    """The names of the commands of ``typer_app``."""
    return set(get_command(typer_app).commands)  # type: ignore[attr-defined]


def web_forms(page: str, game: str = GAME) -> set[str]:
    """The actions the game page's forms post to."""
    return {part.split('"', 1)[0] for part in page.split(f'action="/games/{game}/')[1:]}


def welcome_words(language: str) -> str:
    return (Path(__file__).parent.parent / "templates" / language / "master_welcome.txt.j2").read_text(
        "utf-8"
    )


def missing_doors(registry: Registry, commands: set[str], forms: set[str]) -> list[tuple[str, str]]:
    """Each (action, door) of ``registry`` a door should offer and does not: a command of the command
    line (``commands``), every command word naming the action and the first of each language listed in
    the game-master's welcome letter, a form of the game page (``forms``)."""
    return [
        (action.name, door)
        for action in registry
        for door in DOORS
        if action.on(door) and not offers(registry, action, door, commands, forms)
    ]


def offers(
    registry: Registry, action: GameMasterAction, door: str, commands: set[str], forms: set[str]
) -> bool:
    """Whether ``door`` offers ``action`` (see ``missing_doors``)."""
    if door == "cli":
        return action.command in commands
    if door == "web":
        return ("preview" if action.preview else action.name) in forms
    named = all(registry.named(word) is action for words in action.keywords.values() for word in words)
    return named and all(action.keywords[lang][0].upper() in welcome_words(lang) for lang in ("en", "ru"))


def test_every_registered_action_is_on_every_door_or_says_in_writing_why_not(site: Site) -> None:
    browser = client(site, site.store())
    sign_in(browser)
    forms = web_forms(browser.get(f"/games/{GAME}").text)

    assert missing_doors(ACTIONS, cli_commands(app), forms) == []
    for action in ACTIONS:
        assert set(action.not_on) <= set(DOORS), action.name
        assert all(len(why.split()) >= 5 for why in action.not_on.values()), action.name
    assert {"substitute", "resend", "announce", "orders"} <= {a.name for a in ACTIONS.on("cli")}
    assert {"rollback", "retry"} <= {a.name for a in ACTIONS.on("mail")}
    assert {"retry", "rollback"} <= {a.name for a in ACTIONS.on("web")}


def test_the_parity_check_names_every_door_an_action_is_missing_from(site: Site) -> None:
    """An action registered but offered by no door (no command made, no word in the welcome letter, no
    form on the page) is missing from all three; one whose reason a door gives is not."""
    wave = _wave()
    browser = client(site, site.store())
    sign_in(browser)
    forms = web_forms(browser.get(f"/games/{GAME}").text)

    missing = missing_doors(ACTIONS.with_action(wave), cli_commands(app), forms)

    assert missing == [("wave", "cli"), ("wave", "mail"), ("wave", "web")]
    excused = replace(wave, not_on={door: "a wave is for the test of this check alone" for door in DOORS})
    assert missing_doors(ACTIONS.with_action(excused), cli_commands(app), forms) == []
    with pytest.raises(ValueError, match="both"):
        ACTIONS.with_action(replace(wave, keywords={"en": ("pause",), "ru": ("помахать",)}))


def test_one_action_from_every_door_leaves_the_same_audit_entry_and_outcome_in_the_masters_language(
    site: Site,
) -> None:
    """ANNOUNCE from the command line, by mail and on the web: the same action, detail, result and
    outcome; the mail's answer and the page's flash are in Russian, the game's language."""
    referee = site.store()
    text = "Ужин подан"
    runner = CliRunner()
    printed = runner.invoke(app, ["announce", GAME, text, "--config", str(site.config_path)])
    assert printed.exit_code == 0, printed.output
    from_master(site, referee, f"ОБЪЯВИТЬ {text}", 1)
    browser = client(site, referee)
    form = sign_in(browser)
    flash = browser.post(f"/games/{GAME}/announce", data={"csrf": form, "confirm": "yes", "text": text}).text

    done = [a for a in referee.actions(GAME) if a.action == "announce"]
    assert [a.channel for a in done] == ["cli", "mail", "web"]
    assert len({(a.action, tuple(a.detail.items()), a.ok, a.result) for a in done}) == 1
    assert done[0].result == "announced to 3 players" and printed.stdout.strip() == done[0].result
    (mailed,) = answers(referee)
    assert mailed["ok"] and mailed["said"] == "Объявление разослано игрокам: 3"
    assert "Объявление разослано игрокам: 3" in flash


def test_a_refused_action_is_refused_alike_and_in_russian_by_mail_and_on_the_web(site: Site) -> None:
    referee = site.store()
    runner = CliRunner()
    refused = runner.invoke(app, ["resume", GAME, "--config", str(site.config_path)])
    assert refused.exit_code == 1 and "is not paused" in refused.output
    from_master(site, referee, "ПРОДОЛЖИТЬ", 1)
    browser = client(site, referee)
    form = sign_in(browser)
    page = browser.post(f"/games/{GAME}/resume", data={"csrf": form, "confirm": "yes"}).text

    done = [a for a in referee.actions(GAME) if a.action == "resume"]
    assert [(a.channel, a.ok) for a in done] == [("cli", False), ("mail", False), ("web", False)]
    assert len({a.result for a in done}) == 1
    (mailed,) = answers(referee)
    assert mailed["said"] == f"партия {GAME} не на паузе" and f"партия {GAME} не на паузе" in page


def test_the_command_line_now_audits_orders_as_the_web_does(site: Site) -> None:
    referee = site.store()
    runner = CliRunner()
    entered = runner.invoke(app, ["order", GAME, "anna", "MOVE Kitchen", "--config", str(site.config_path)])
    assert entered.exit_code == 0, entered.output
    (action,) = [a for a in referee.actions(GAME) if a.action == "orders"]
    assert (action.channel, action.detail, action.ok) == ("cli", {"seat": "anna", "lines": 1}, True)
    assert action.result == "1 of 1 lines accepted for Anna"


@pytest.mark.parametrize(
    ("line", "action", "values"),
    [
        ("PAUSE", "pause", {}),
        ("пауза 2h", "pause", {"until": timedelta(hours=2)}),
        ("SHIFT +30m ONLY", "shift", {"by": timedelta(minutes=30), "only": True}),
        ("сдвиг -15m", "shift", {"by": timedelta(minutes=-15), "only": False}),
        (
            "SUBSTITUTE Anna Maria new@example.org",
            "substitute",
            {"seat": "Anna Maria", "email": "new@example.org"},
        ),
        ("announce  two  spaces ", "announce", {"text": "two  spaces"}),
        ("ОТКАТИТЬ", "rollback", {}),
        ("RETRY", "retry", {}),
        ("Resolve: d1h1", "resolve", {"phase": "d1h1"}),
    ],
)
def test_a_mail_line_is_read_by_its_actions_own_reader(
    line: str, action: str, values: dict[str, Any]
) -> None:
    word, _, rest = line.strip().partition(" ")
    found = ACTIONS.named(word)
    assert found is not None and found.name == action
    assert found.read(rest) == values


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("SHIFT +30m SOON", "'SOON' is more than SHIFT <how far> [ONLY] takes"),
        ("SHIFT", "how far missing: write SHIFT <how far> [ONLY]"),
        ("SUBSTITUTE Anna", "not an address"),
        ("PAUSE soon", "not a duration"),
        ("RESEND", "character missing: write RESEND <character>"),
    ],
)
def test_a_mail_line_the_reader_cannot_read_is_refused_naming_the_problem(line: str, problem: str) -> None:
    word, _, rest = line.partition(" ")
    found = ACTIONS.named(word)
    assert found is not None
    with pytest.raises(ValueError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        found.read(rest)


def _wave() -> GameMasterAction:
    """A throwaway action, for the tests alone: it waves at one character and changes nothing."""

    def work(referee: Referee, call: Call) -> tuple[dict[str, Any], Callable[[Session], Any]]:
        return {"seat": call.values["seat"]}, lambda session: seat_named(
            session, call.game_id, call.values["seat"]
        )

    return GameMasterAction(
        name="wave",
        title=Words("Wave at a character", "Помахать персонажу"),
        help=Words("wave at a character", "помахать персонажу"),
        keywords={"en": ("wave",), "ru": ("помахать",)},
        arguments=(Argument("seat", SEAT, Words("Character", "Персонаж")),),
        work=work,
        outcome=lambda context, seat: ("waved", {"name": seat.name}),
        said={"waved": Words("waved at {name}", "Вы помахали персонажу {name}")},
    )


def test_an_action_added_to_the_registry_alone_is_offered_by_all_three_doors(site: Site) -> None:
    """Registered in a copy of the registry and nowhere else, WAVE is a command of the command line, a
    word of the mail command language (English and Russian) and a form of the game's page, each
    carrying it out with the same audit entry."""
    wave = _wave()
    registry = ACTIONS.with_action(wave)
    referee = site.store()
    referee.desk.actions = registry

    commands = typer.Typer()
    _action_command(wave, commands)
    _action_command(ACTIONS["pause"], commands)  # two commands, so that the name is a subcommand
    printed = CliRunner().invoke(commands, ["wave", GAME, "boris", "--config", str(site.config_path)])
    assert printed.exit_code == 0, printed.output
    assert printed.stdout.strip() == "waved at Boris"

    from_master(site, referee, "ПОМАХАТЬ vera\nWAVE anna", 1)
    assert [(r["ok"], r["said"]) for r in answers(referee)] == [
        (True, "Вы помахали персонажу Vera"),
        (True, "Вы помахали персонажу Anna"),
    ]

    browser = client(site, referee)
    form = sign_in(browser)
    page = browser.get(f"/games/{GAME}").text
    assert "wave" in web_forms(page) and "Помахать персонажу" in page
    flash = browser.post(f"/games/{GAME}/wave", data={"csrf": form, "confirm": "yes", "seat": "Anna"}).text
    assert "Вы помахали персонажу Anna" in flash

    waved = [(a.channel, a.detail, a.ok, a.result) for a in referee.actions(GAME) if a.action == "wave"]
    assert waved == [
        ("cli", {"seat": "boris"}, True, "waved at Boris"),
        ("mail", {"seat": "vera"}, True, "waved at Vera"),
        ("mail", {"seat": "anna"}, True, "waved at Anna"),
        ("web", {"seat": "Anna"}, True, "waved at Anna"),
    ]
    assert "wave" not in {a.name for a in ACTIONS}  # the registry itself is untouched


def test_rollback_by_mail_reopens_the_phase_and_is_answered_in_the_games_language(site: Site) -> None:
    referee = site.store()
    from_master(site, referee, "RESOLVE", 1)
    assert referee.load(GAME).row.phase == "d1h1"

    from_master(site, referee, "ОТКАТИТЬ", 2)

    assert referee.load(GAME).row.phase == "d0n"
    resolved, rolled = answers(referee)
    assert resolved["ok"] and resolved["said"].startswith("Разрешено: вечер прибытия; написано писем: ")
    assert rolled["ok"] and rolled["said"].startswith("Снова открыто: вечер прибытия; об отзыве отчёта")
    assert [(a.channel, a.action, a.ok) for a in referee.actions(GAME)[-2:]] == [
        ("mail", "resolve", True),
        ("mail", "rollback", True),
    ]


def test_retry_by_mail_and_on_the_web_starts_a_stopped_game_and_is_refused_on_a_running_one(
    site: Site,
) -> None:
    referee = site.store()
    browser = client(site, referee)
    form = sign_in(browser)
    running = browser.post(f"/games/{GAME}/retry", data={"csrf": form, "confirm": "yes"}).text
    assert f"партия {GAME} идёт: перезапускать нечего" in running

    referee.stop(GAME, RuntimeError("a fault on purpose"), T0 + timedelta(seconds=1))
    from_master(site, referee, "ПАУЗА\nПЕРЕЗАПУСК\nСТАТУС", 2)
    assert referee.load(GAME).row.failed_at is None
    paused, retried, status = answers(referee)
    assert not paused["ok"] and "остановлена из-за ошибки" in paused["said"]
    assert retried["ok"] and retried["said"] == f"Партия {GAME} снова идёт; отложенных писем рассмотрено: 0"
    assert status["ok"] and status["said"].startswith("вечер прибытия, до ")

    referee.stop(GAME, RuntimeError("a fault on purpose"), T0 + timedelta(seconds=3))
    flash = browser.post(f"/games/{GAME}/retry", data={"csrf": form, "confirm": "yes"}).text
    assert f"Партия {GAME} снова идёт" in flash and referee.load(GAME).row.failed_at is None
    retries = [(a.channel, a.ok) for a in referee.actions(GAME) if a.action == "retry"]
    assert retries == [("web", False), ("mail", True), ("web", True)]


def test_a_line_the_reader_cannot_take_is_answered_in_russian_with_a_russian_example(site: Site) -> None:
    referee = site.store()
    from_master(site, referee, "ПОВТОРИТЬ\nСДВИГ +1h ПОТОМ\nЗАМЕНА Anna", 1)
    assert [(r["ok"], r["said"]) for r in answers(referee)] == [
        (False, "не хватает: персонаж; пишите так: ПОВТОРИТЬ <персонаж>"),
        (False, "лишнее: «ПОТОМ»; пишите так: СДВИГ <на сколько> [ТОЛЬКО]"),
        (False, "Anna — не адрес, по которому можно писать игроку"),
    ]
