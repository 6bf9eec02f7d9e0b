"""Deaths told as scenes, the morning after each night, and the reveal at the end (TS-1, TS-10, TS-21,
TS-24, TS-25): varied, the same on every replay, with the host's death named as the host's, and the
dead kept in the news."""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest

from referee.core.notices import Notice
from referee.games.ten_sailors import RULES
from referee.games.ten_sailors.cards import FURNITURE, ROOMS, WEAPONS, display
from referee.games.ten_sailors.narration import gender_of, name_case, scene, scene_number
from referee.games.ten_sailors.scenes import SCENES
from referee.render import LANGUAGES, Renderer, templates_dir
from tests.ts_helpers import HANDS, HOST, Game, trap_line

LEFTOVER = re.compile(r"[{}\[\]|]")


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


def render(renderer: Renderer, language: str, notice: Notice) -> str:
    return renderer.render(language, f"{notice.template}.txt.j2", kind="ten-sailors", **notice.data)


def closing(game: Game) -> list[Notice]:
    """Every phase of the open segment closed, with the notices each phase writes."""
    segment, notices = game.state.segment, []
    while game.state.segment == segment and not game.state.finished:
        before = game.state
        events = game.step()
        notices += RULES.notices(before, game.state, events, [])
    return notices


def of(notices: list[Notice], template: str, name: str) -> list[Notice]:
    return [n for n in notices if n.template == template and name in n.audience]


# --- the pool --------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts10_each_language_has_at_least_eight_different_scenes(language: str) -> None:
    assert len(SCENES[language]) >= 8 and len(set(SCENES[language])) == len(SCENES[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts10_every_scene_reads_whole_for_every_card(language: str) -> None:
    """Every scene is filled for every room, furniture and weapon: no slot or choice is left over."""
    for shift in range(9):
        hand = [list(ROOMS)[shift], list(FURNITURE)[(shift + 3) % 9], list(WEAPONS)[(shift + 5) % 9]]
        for number in range(len(SCENES[language])):
            for name, gender in (("Вера", "f"), ("Борис", "m")):
                text = scene(hand, name, gender, number, language)
                assert not LEFTOVER.search(text), text
                assert name in text or name_case(name, "gen") in text or name_case(name, "acc") in text


def test_ts10_russian_scenes_agree_with_the_victims_gender_and_decline_the_name() -> None:
    hand = ["Kitchen", "Sofa", "Petrol"]
    she = scene(hand, "Вера", "f", 1, "ru")
    he = scene(hand, "Борис", "m", 1, "ru")
    assert "Вера вышла из холла" in she and "Вера лежала на диване" in she and "на кухне" in she
    assert "Борис вышел из холла" in he and "Борис лежал на диване" in he
    assert "Веру нашли" in scene(hand, "Вера", "f", 4, "ru")
    assert "рядом с канистрой бензина" in scene(hand, "Вера", "f", 5, "ru")


def test_ts1_a_players_gender_wins_over_the_guess_from_the_name() -> None:
    assert gender_of("Анна") == "f" and gender_of("Борис") == "m" and gender_of("Никита") == "m"
    assert gender_of("Саша", "m") == "m" and gender_of("Анна", "male") == "m"
    assert gender_of("Anna") == "f" and gender_of("Ivan") == "m"  # names the dictionary lacks: by ending
    assert name_case("Мария-Луиза", "acc") == "Марию-Луизу" and name_case("Анна", "gen") == "Анны"
    assert name_case("Anna", "acc") == "Anna"  # a Latin name stays as written


def test_ts10_the_scene_comes_from_the_seed_and_the_death_and_varies_between_deaths() -> None:
    assert scene_number(7, "d3n", "Anna") == scene_number(7, "d3n", "Anna")
    pool = len(SCENES["en"])
    told = {scene_number(7, f"d{night}n", name) % pool for night in range(1, 10) for name in HANDS}
    assert len(told) >= pool - 1  # 81 deaths use (nearly) the whole pool
    assert {scene_number(seed, "d1n", "Anna") for seed in range(20)} != {scene_number(0, "d1n", "Anna")}


# --- the morning ---------------------------------------------------------------------------------------


def night_one_with_the_host_killed(language: str = "en") -> tuple[Game, list[Notice]]:
    game = Game(language=language)
    game.advance_to("d1n")
    game.order("Anna", trap_line(HOST, HANDS[HOST]))
    game.order("Carl", trap_line("Dora", ("Kitchen", "Sofa", "Knife")))
    game.order("Egor", "MOVE Study")
    return game, closing(game)


def news_of(notices: list[Notice], name: str) -> Notice:
    """The one mail that tells ``name`` the night's news: the morning at 09:00 for the dead, the
    report at 10:00 for the living."""
    (told,) = [n for n in notices if name in n.audience and "deaths" in n.data]
    return told


def test_ts21_the_dead_hear_the_morning_at_the_trap_time_and_the_living_in_their_report_at_ten() -> None:
    _, notices = night_one_with_the_host_killed()
    at_nine = [n for n in notices if n.template == "morning"]
    assert [n.audience for n in at_nine] == [(HOST,)]  # the victim, at once
    assert not [n for n in notices if n.template in ("announcement", "death_announcement")]
    reports = [n for n in notices if n.template == "report"]
    assert sorted(n.audience[0] for n in reports) == sorted(set(HANDS) - {HOST})  # the living, at 10:00
    assert all(r.data["dawn"] and [d["name"] for d in r.data["deaths"]] == [HOST] for r in reports)
    assert [t["target"] for t in of(reports, "report", "Anna")[0].data["traps"]] == [HOST]
    assert of(reports, "report", "Egor")[0].data["traps"] == []  # a trap result reaches its setter alone
    for name in HANDS:  # one mail each tells the night
        assert len([n for n in notices if name in n.audience]) == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts1_the_hosts_death_is_announced_as_the_hosts(language: str, renderer: Renderer) -> None:
    _, notices = night_one_with_the_host_killed(language)
    report = news_of(notices, "Ivan")
    (death,) = report.data["deaths"]
    assert death["name"] == HOST and death["host"] is True
    text = render(renderer, language, report)
    host_line = "Boris was the host's character" if language == "en" else "Boris — персонаж ведущего"
    assert host_line in text
    assert all(display(card, language) in text for card in HANDS[HOST])
    assert "TS-" not in text and "правил" not in text  # no rule numbers in players' mail


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts22_the_mail_of_the_morning_tells_each_living_reader_where_the_night_took_them(
    language: str, renderer: Renderer
) -> None:
    _, notices = night_one_with_the_host_killed(language)
    egor = render(renderer, language, news_of(notices, "Egor"))
    ivan = render(renderer, language, news_of(notices, "Ivan"))
    assert news_of(notices, "Egor").data["location"] != "Hall"  # the Study is Egor's own card: a random room
    landed = "You landed in a random room." if language == "en" else "Вас занесло в случайную комнату."
    assert landed in egor
    assert ("You are in the Hall." if language == "en" else "Вы в холле.") in ivan
    boris = render(renderer, language, news_of(notices, HOST))
    assert ("You are dead:" if language == "en" else "Вы погибли:") in boris and "10:00" not in boris


def test_ts21_a_quiet_night_still_has_its_morning() -> None:
    game = Game()
    game.advance_to("d1n")
    notices = closing(game)
    mornings = [news_of(notices, name) for name in HANDS]
    assert all(m.template == "report" and m.data["deaths"] == [] for m in mornings)
    text = Renderer(templates_dir()).render("en", "report.txt.j2", kind="ten-sailors", **mornings[0].data)
    assert "nobody died" in text and "traps fired" not in text


def test_ts21_the_dead_keep_getting_the_mornings_and_the_reveal_but_no_reports() -> None:
    game, _ = night_one_with_the_host_killed()
    later: list[Notice] = []
    while not game.state.finished:
        later += closing(game)
    assert len(of(later, "morning", HOST)) == 8  # nights 2 … 9
    assert of(later, "report", HOST) == [] and of(later, "announcement", HOST) == []
    assert of(later, "morning", HOST)[-1].data["ended"] is not None


def test_ts21_a_replay_tells_the_same_scenes(renderer: Renderer) -> None:
    first = night_one_with_the_host_killed("ru")[1]
    second = night_one_with_the_host_killed("ru")[1]
    assert [n.data for n in first] == [n.data for n in second]
    assert render(renderer, "ru", first[0]) == render(renderer, "ru", second[0])


# --- the end -------------------------------------------------------------------------------------------


def finished_game() -> tuple[Game, dict[str, Any], list[Notice]]:
    """Anna and Dora share the host Boris on night 1; on night 2 Anna catches Carl."""
    game = Game(
        ["Anna", "Boris", "Carl", "Dora"], hands={k: HANDS[k] for k in ("Anna", "Boris", "Carl", "Dora")}
    )
    game.advance_to("d1n")
    game.order("Anna", trap_line("Boris", HANDS["Boris"]))
    game.order("Dora", trap_line("Boris", HANDS["Boris"]))
    game.resolve()
    game.advance_to("d2n")
    game.order("Anna", trap_line("Carl", HANDS["Carl"]))
    game.order("Carl", trap_line("Dora", HANDS["Dora"]))
    notices = closing(game)
    assert game.state.finished
    (ended,) = [e.data for e in game.log if e.kind == "game_ended"]
    return game, ended, notices


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts24_the_game_over_mail_reveals_every_set_every_trap_and_why_the_winner_won(
    language: str, renderer: Renderer
) -> None:
    _, ended, notices = finished_game()
    assert ended["sets"] == {n: list(HANDS[n]) for n in ("Anna", "Boris", "Carl", "Dora")}
    assert [(k["victim"], k["killers"], k["value"]) for k in ended["kills"]] == [
        ("Boris", ["Anna", "Dora"], 2),
        ("Carl", ["Anna"], 1),
        ("Dora", ["Carl"], 1),
    ]
    finals = [n for n in notices if n.template == "morning"]
    assert sorted(n.audience[0] for n in finals) == ["Anna", "Boris", "Carl", "Dora"]  # the dead too
    text = render(renderer, language, of(finals, "morning", "Boris")[0])  # dead since night 1
    if language == "en":
        assert "Anna is the only one left alive. The last survivor wins" in text
        assert "The host's character was Boris." in text
        assert "- Boris (the host's character): Dining Room, Fireplace, Pistol" in text
        assert "- Night 1: Anna and Dora caught Boris (2 frags, shared)." in text
        assert "- Night 2: Anna caught Carl (1 frag)." in text
    else:
        assert "В живых остался только один персонаж — Anna." in text
        assert "- Boris (персонаж ведущего): Столовая, Камин, Пистолет" in text
        assert "- Ночь 1: Boris поймали ловушки Anna и Dora (на всех — 2 фрага)." in text
    assert "TS-" not in text and "правил" not in text  # no rule numbers in players' mail


def test_ts25_a_frag_win_says_the_tie_was_broken_by_the_host_in_russian(renderer: Renderer) -> None:
    ended = {
        "winners": ["Борис"],
        "partial": False,
        "reason": "frags",
        "frags": {"Анна": "2", "Борис": "2", "Вера": "0"},
        "sets": {
            "Анна": ["Kitchen", "Sofa", "Knife"],
            "Борис": ["Study", "Table", "Rope"],
            "Вера": ["Garage", "Sink", "Stone"],
        },
        "host": "Вера",
        "alive": ["Анна", "Борис"],
        "kills": [{"segment": "d3n", "victim": "Вера", "killers": ["Борис"], "value": 2}],
    }
    text = renderer.render("ru", "game_over.txt.j2", kind="ten-sailors", ended=ended)
    assert (
        "Побеждает Борис: больше всех фрагов — 2. Столько же было у Анны, но на счету Бориса — доля" in text
    )
    assert "- Ночь 3: Веру поймала ловушка Бориса (2 фрага)." in text
    assert "- Анна: Кухня, Диван, Нож (в живых)" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ts25_the_game_over_mail_lists_the_frags_most_first(language: str, renderer: Renderer) -> None:
    ended = {
        "winners": ["Carl"],
        "partial": False,
        "reason": "frags",
        "frags": {"Anna": "0", "Boris": "1/3", "Carl": "2", "Dora": "1/2"},
        "sets": {},
        "host": "Anna",
        "alive": ["Boris", "Carl"],
        "kills": [],
    }
    text = renderer.render(language, "game_over.txt.j2", kind="ten-sailors", ended=ended)
    listed = [line.split(":")[0] for line in text.splitlines() if line.startswith("- ") and ":" in line]
    frags = [name for name in listed if name in ("- Anna", "- Boris", "- Carl", "- Dora")]
    assert frags[-4:] == ["- Carl", "- Dora", "- Boris", "- Anna"]


def test_declining_names_judging_orders_and_narrating_share_one_russian_dictionary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Russian dictionary holds some 20 MB: the referee's names (core), a Ten Sailors order read
    in Russian and a narration told in Russian each look words up in it, and between them load it
    once (three copies held 60 MB in ``referee serve``)."""
    import pymorphy3

    from referee.core import russian
    from referee.games.ten_sailors import words

    made: list[object] = []
    readers: set[str] = set()

    class Counted(pymorphy3.MorphAnalyzer):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            made.append(self)
            super().__init__(*args, **kwargs)

        def parse(self, word: str) -> Any:
            readers.add(sys._getframe(1).f_globals["__name__"])
            return super().parse(word)

    monkeypatch.setattr(pymorphy3, "MorphAnalyzer", Counted)
    russian.morph.cache_clear()
    for cached in (russian.normal_form, words.lemmas):
        cached.cache_clear()
    try:
        assert russian.normal_form("Тамбове") == "тамбов"
        assert "кухня" in words.lemmas("кухне")
        assert name_case("Ефросинья Тарасова", "dat") == "Ефросинье Тарасовой"
    finally:
        russian.morph.cache_clear()  # the next test loads the real one again
        for cached in (russian.normal_form, words.lemmas):
            cached.cache_clear()
    assert len(made) == 1
    assert {"referee.core.russian", "referee.games.ten_sailors.words"} <= readers
    assert "referee.games.ten_sailors.narration" in readers


def test_the_russian_dictionary_is_read_by_its_compiled_reader() -> None:
    """pymorphy3 reads its dictionary with a compiled DAWG reader when one is installed (its ``fast``
    extra, which the project asks for): declining a name took 145 µs with the pure-Python reader and
    53 µs with it, and names are declined in every Russian mail that names a character."""
    from pymorphy3 import dawg

    assert dawg.EXTENSION_AVAILABLE
    assert name_case("Ефросинья Тарасова", "ins") == "Ефросиньей Тарасовой"
