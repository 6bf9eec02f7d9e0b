"""Every error a native reader found in the players' mail, and its kind (issue 36): the templates rendered
with one, two and five of everything (deaths, sharers of a frag, points, names of both genders) agree
in both languages, and no mail of a bot-played game says any of the phrases the reader quoted.

TS-10, TS-21: deaths told as scenes, never two alike in one mail, the victim's own in the second
person; TS-21, TS-24: a setter told whether the frag is theirs alone; MM-16, MS-2: turn mail names
players in Russian cases.
"""

from __future__ import annotations

import re
from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest

from referee.core.kind import RUSSIAN_DEMO_NAMES
from referee.demo import play
from referee.games.ten_sailors.narration import distinct_scenes
from referee.games.ten_sailors.scenes import SCENES, SCENES_OF_YOU
from referee.render import LANGUAGES, Renderer, templates_dir

TS = "ten-sailors"
HANDS = [
    ["Kitchen", "Sofa", "Knife"],
    ["Study", "Table", "Rope"],
    ["Garage", "Sink", "Poison"],
    ["Bedroom", "Armchair", "Baseball Bat"],
    ["Conservatory", "Fireplace", "Halberd"],
]
NAMES = {"en": ("Anna", "Boris", "Clara", "Dmitri", "Eva"), "ru": RUSSIAN_DEMO_NAMES[:5]}
LEFTOVER = re.compile(r"[{}\[\]|]")


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


def _deaths(language: str, count: int) -> list[dict[str, object]]:
    """``count`` deaths of one night whose scenes the seed drew alike, as the morning numbers them."""
    numbers = distinct_scenes([7] * count)
    return [
        {"name": NAMES[language][i], "hand": HANDS[i], "segment": "d3n", "host": False, "scene": numbers[i]}
        for i in range(count)
    ]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 5])
def test_ts10_deaths_told_in_one_mail_never_share_a_scene(
    renderer: Renderer, language: str, count: int
) -> None:
    deaths = _deaths(language, count)
    assert len({int(str(d["scene"])) % len(SCENES[language]) for d in deaths}) == count
    text = renderer.render(language, "death_announcement.txt.j2", kind=TS, deaths=deaths, name="Someone")
    reveal = ("now known to everyone", "теперь известны всем")
    scenes = [p for p in text.split("\n\n") if p.strip() and not any(r in p for r in reveal)]
    assert len(scenes) == count and not LEFTOVER.search(text)
    openings = [p.split()[:4] for p in scenes]
    assert len({" ".join(o) for o in openings}) == count  # each told with its own words


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 5])
def test_ts21_the_dead_reader_reads_their_own_death_in_the_second_person(
    renderer: Renderer, language: str, count: int
) -> None:
    deaths = _deaths(language, count)
    victim = str(deaths[0]["name"])
    text = renderer.render(language, "death_announcement.txt.j2", kind=TS, deaths=deaths, name=victim)
    own = text.split("\n\n")[0]
    assert victim[:3] not in own  # not "Anna was found", but "you"
    assert re.search(r"\b(you|вы|вас)\b", own, re.IGNORECASE)
    assert ("Your cards are now known" if language == "en" else "Ваши карты теперь известны") in text
    assert sum(own.startswith(s.split("{")[0][:12]) for s in SCENES_OF_YOU[language]) <= 1
    for other in deaths[1:]:
        assert str(other["name"])[:3] in text  # the others are told as before


@pytest.mark.parametrize(
    ("language", "sharers", "expected"),
    [
        ("en", 1, "The frag is yours alone."),
        ("en", 2, "One other guest set the same trap, so the frag is shared equally."),
        ("en", 5, "4 other guests set the same trap, so the frag is shared equally."),
        ("ru", 1, "Это ваш фраг."),
        ("ru", 2, "Такую же ловушку поставил ещё один гость, и фраг вы делите поровну."),
        ("ru", 5, "Такую же ловушку поставили ещё четыре гостя, и фраг вы делите поровну."),
    ],
)
def test_ts21_a_setter_learns_whether_the_frag_is_theirs_alone(
    renderer: Renderer, language: str, sharers: int, expected: str
) -> None:
    trap = {
        "target": "Vera",
        "cards": HANDS[0],
        "void": False,
        "correct": 3,
        "killed": True,
        "segment": "d1n",
    }
    text = renderer.render(language, "trap_feedback.txt.j2", kind=TS, traps=[trap], killers={"Vera": sharers})
    assert expected in text
    assert "anyone who set" not in text and "кто-то ещё" not in text


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("ru", 1, "1 очко"),
        ("ru", 2, "2 очка"),
        ("ru", 5, "5 очков"),
        ("ru", 11, "11 очков"),
        ("ru", 21, "21 очко"),
        ("en", 1, "1 action point"),
        ("en", 2, "2 action points"),
        ("en", 5, "5 action points"),
    ],
)
def test_a_count_in_players_mail_agrees_with_its_noun(
    renderer: Renderer, language: str, count: int, expected: str
) -> None:
    forms = '"очко", "очка", "очков"' if language == "ru" else '"action point", "action points"'
    template = renderer.environment.from_string("{{ n | counted(" + forms + ") }}")
    assert template.render(n=count, language=language) == expected


@pytest.mark.parametrize(
    ("kind", "context", "expected"),
    [
        (
            "minuit",
            {"closed": "Анна", "current": "Борис", "round": 2},
            "Анна закончила ход, теперь ходит Борис",
        ),
        (
            "minuit",
            {"closed": "Борис", "current": "Анна", "round": 2},
            "Борис закончил ход, теперь ходит Анна",
        ),
        (
            "museum-suspects",
            {"turn": {"seat": "Клара"}, "current": "Дмитрий", "round": 1, "rounds": 3},
            "Клара сделала ход, теперь ходит Дмитрий",
        ),
        (
            "museum-suspects",
            {"turn": {"seat": "Дмитрий"}, "current": "Клара", "round": 1, "rounds": 3},
            "Дмитрий сделал ход, теперь ходит Клара",
        ),
    ],
)
def test_russian_turn_subjects_agree_with_the_players_gender(
    renderer: Renderer, kind: str, context: dict[str, object], expected: str
) -> None:
    subject = renderer.render(
        "ru", "subject.txt.j2", kind=kind, template="turn", my_turn=False, player="Ева", **context
    )
    assert subject.strip() == expected


# --- no quoted error in any mail of a bot-played game -------------------------------------------------

BAD: dict[str, tuple[str, ...]] = {
    "ru": (
        "вас отправит",
        "Ночные ловушки сработали",
        "вот что стало с",
        "Больше там никого нет",
        "там, где находитесь",
        "к утру дня",
        "Игра кончается",
        "входит в один набор с комнатой",
        "Пишите по приказу в строке",
        "Цитата старого письма",
        "Входить в комнату «",
        "Вы играете персонажа ведущего",
        "За вас, персонажа ведущего",
        "Конец игры: 10:00",
        "напомнит письмо со словом ПОМОЩЬ",
        "подскажет ПОМОЩЬ",
        "сохранится до 10:00 завтрашнего утра",
        "Присланный снова",
        "угадано карт — 0",
        "до 2 ловушек",
        "не больше 3 человек",
        "В живых остаются (",
        "Ровно в девять часы",
        "в точности как в той давней",
        "и рядом — ",
        "Ловушки сработали, и игра окончена",
        "Этот приказ заменяет прежний",
        "если такую же ловушку поставил кто-то ещё",
        "PASSWORD",
        "В этом раунде закрыто:",
        "сделал(а)",
        "Ход игрока",
        "вы видели: У",
        "Внутри остались",
        "смотрели улику, и каким",
    ),
    "en": (
        "a room, a furniture",
        "the frags decide",
        "both Baseball Bat",
        "for one guest too many",
        "frag(s)",
        " 1 messages",
        "the traps of d",
        "what became of your",
        "HELP shows how",
    ),
}
"""Phrases quoted from the mail of the demos a native reader went through, each standing for its kind."""
BAD_PATTERNS: dict[str, tuple[re.Pattern[str], ...]] = {
    "ru": (re.compile(r"дня \d"), re.compile(r"\bОД\b"), re.compile(r"\bAnna\b|\bBoris\b|\bClara\b")),
    "en": (),
}
DOUBLED = re.compile(r"\)\s*\(")
"""Two bracketed remarks in a row, "(Moscow time) (HELP shows how)"."""


def _mails(folder: Path) -> list[tuple[str, str, str]]:
    """Every mail the demo in ``folder`` sent: its From header, its subject and its plain text."""
    found = []
    for path in sorted((folder / "mail" / "outgoing" / "new").iterdir()):
        message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        body = message.get_body(preferencelist=("plain",))
        text = body.get_content() if body is not None else ""  # type: ignore[attr-defined]
        found.append((str(message["From"]), str(message["Subject"]), str(text)))
    return found


def quoted_errors(folder: Path, language: str) -> list[str]:
    """What the mail the demo in ``folder`` sent says that a native reader found wrong (``BAD``,
    ``BAD_PATTERNS``, two bracketed remarks in a row, a sender not named as the referee), with the
    subject of the mail that says it; [] when none does."""
    mails = _mails(folder)
    found = [] if mails else ["no mail was sent"]
    for sender, subject, text in mails:
        whole = f"{subject}\n{text}"
        found += [f"{phrase!r} in {subject!r}" for phrase in BAD[language] if phrase in whole]
        found += [f"{p.pattern!r} in {subject!r}" for p in BAD_PATTERNS[language] if p.search(whole)]
        found += [f"{DOUBLED.pattern!r} in {subject!r}"] if DOUBLED.search(text) else []
        if not sender.startswith("Судья" if language == "ru" else "Referee"):
            found.append(f"sent by {sender!r}")
    return found


@pytest.mark.parametrize(
    ("game", "players", "language"),
    [
        ("minuit", 4, "ru"),
        ("minuit", 4, "en"),
        ("museum-suspects", 3, "ru"),
        ("cosmic-express", 4, "ru"),
    ],
)
def test_no_mail_of_a_played_game_says_a_quoted_error(
    tmp_path: Path, game: str, players: int, language: str
) -> None:
    """Ten Sailors' demo in both languages is held to the same in ``test_ts_epilogue``, which plays it."""
    play(tmp_path / "demo", game, 7, players, language, lambda _: None)
    assert quoted_errors(tmp_path / "demo", language) == []
