"""Museum Suspects and Murder on the Cosmic Express read as a player would (issue 36, "what people read"):
each template rendered with one, two and five of everything (names, thieves, winners, offers, lines of
news) in both languages, checking that words agree with their numbers and their people's gender, that a
reader's own turn is told in the second person, that Russian names are declined, that no «(а)» form,
doubled bracket or glued list line is left, and that the game-master's timeline says every event in the
page's language (MS-3 … MS-6, CE-4 … CE-7)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from ce_helpers import Game as CeGame
from ce_helpers import play_with_bots
from ms_helpers import Game as MsGame
from ms_helpers import play_bots

from referee.core.events import Event
from referee.core.orders import LineVerdict
from referee.games.cosmic_express import RULES as CE_RULES
from referee.games.cosmic_express import notices as ce_notices
from referee.games.museum_suspects import RULES as MS_RULES
from referee.render import Renderer, templates_dir

MS, CE = "museum-suspects", "cosmic-express"
RU_NAMES = ("Анна", "Борис", "Вера", "Глеб", "Дарья")
EN_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Daria")
MAIL = {"game_id": "g", "referee_address": "referee@example.org", "password": "p", "start": ""}
CYRILLIC = re.compile("[а-яё]", re.I)


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


def _names(language: str, count: int) -> list[str]:
    return list((RU_NAMES if language == "ru" else EN_NAMES)[:count])


def _clean(text: str) -> str:
    """``text`` after the checks every rendered letter passes: no template left, no «(а)», no doubled
    bracket, no two lines of a list glued on one line."""
    assert "{{" not in text and "{%" not in text
    assert "(а)" not in text and "(ла)" not in text
    assert "((" not in text and "))" not in text
    assert not re.search(r"\S- [A-ZА-ЯO]", text.replace(" — ", " ")), "a list line glued to the one before"
    return text


# --- Museum Suspects --------------------------------------------------------------------------------


def test_ms3_the_turn_news_tells_the_readers_own_turn_as_you_and_anothers_by_gender(
    renderer: Renderer,
) -> None:
    game = MsGame(["Анна", "Борис"], language="ru")
    game.play("INVESTIGATE 4 WITH 3\nSUGGEST B2 WITH 6")  # Анна
    game.play("INVESTIGATE 5 WITH 2\nSUGGEST A1 WITH 5")  # Борис
    told = {
        n.audience[0]: _clean(renderer.render("ru", "turn.txt.j2", kind=MS, **{**MAIL, **n.data}))
        for n in game.notices[-4:-2]
    }
    assert "Вы посмотрели улику 4 и положили на неё жетон 3." in told["Анна"]
    assert "Анна посмотрела улику 4 и положила на неё жетон 3." in told["Борис"]
    assert "Анна положила жетон рубашкой вверх на Фабиана в комнате B2." in told["Борис"]
    assert "Анна закончила ход в раунде 1." in told["Борис"] and "Ваш ход в раунде 1 окончен." in told["Анна"]
    boris = next(n for n in game.notices[-2:] if n.audience[0] == "Анна")
    text = _clean(renderer.render("ru", "turn.txt.j2", kind=MS, **{**MAIL, **boris.data}))
    assert "Борис посмотрел улику 5 и положил на неё жетон 2." in text
    three = MsGame(["Анна", "Борис", "Вера"], language="ru")
    three.play("INVESTIGATE 4 WITH 3\nSUGGEST B2 WITH 6")
    subjects = {
        n.audience[0]: renderer.render("ru", "subject.txt.j2", kind=MS, template="turn", **{**MAIL, **n.data})
        for n in three.notices[-3:]
    }
    assert "Анна сделала ход, теперь ходит Борис" in subjects["Вера"]
    assert "Вы сделали ход, теперь ходит Борис" in subjects["Анна"]


def test_ms_by_mail_a_missed_turn_is_told_by_gender_in_russian(renderer: Renderer) -> None:
    game = MsGame(["Вера", "Глеб"], language="ru")
    game.resolve()  # Вера missed her turn
    text = _clean(renderer.render("ru", "turn.txt.j2", kind=MS, **{**MAIL, **game.notices[-1].data}))
    assert "Вера не успела сходить, и за неё сыграл судья" in text
    assert "её младший жетон лёг рубашкой вверх на запасный выход" in text


def _over(language: str) -> dict[str, Any]:
    game = MsGame(_names(language, 2), language=language)
    play_bots(game)
    return dict(game.notices[-1].data)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("count", [2, 3, 5])
def test_ms6_the_thieves_left_agree_with_their_number(renderer: Renderer, language: str, count: int) -> None:
    data = _over(language)
    thieves = [{"room": f"A{i}", "name": {"en": f"Thief{i}", "ru": f"Вор{i}"}} for i in range(1, count + 1)]
    result = {**data["result"], "case": "many", "thief_names": thieves}
    text = _clean(
        renderer.render(language, "game_over.txt.j2", kind=MS, **{**MAIL, **data, "result": result})
    )
    expected = {
        "en": {2: "2 suspects remain", 3: "3 suspects remain", 5: "5 suspects remain"},
        "ru": {2: "Остались 2 подозреваемых", 3: "Остались 3 подозреваемых", 5: "Осталось 5 подозреваемых"},
    }
    assert expected[language][count] in text


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("count", [1, 2, 5])
def test_ms6_the_winners_agree_with_their_number(renderer: Renderer, language: str, count: int) -> None:
    data = _over(language)
    names = _names(language, count)
    result = {**data["result"], "winners": names}
    text = _clean(
        renderer.render(language, "game_over.txt.j2", kind=MS, **{**MAIL, **data, "result": result})
    )
    listed = (
        names[0]
        if count == 1
        else ", ".join(names[:-1]) + (" and " if language == "en" else " и ") + names[-1]
    )
    if count == 1:
        assert (f"{listed} wins the game" if language == "en" else f"Побеждает {listed}.") in text
    else:
        assert (f"{listed} share the victory" if language == "en" else f"Победу делят {listed}.") in text


# --- Cosmic Express -----------------------------------------------------------------------------------


def _done_answer(language: str, withdrawn: int, refused: int) -> dict[str, Any]:
    game = CeGame(tuple(_names(language, 4)), language=language)
    seat = game.state.seats[0]
    understood = {
        "kind": "done",
        "withdrawn": [f"O{i}" for i in range(1, withdrawn + 1)],
        "refused": [f"O{i}" for i in range(10, 10 + refused)],
    }
    verdict = LineVerdict("DONE", True, understood=understood)
    return ce_notices.answer(game.state, game.state, seat, [verdict], lambda: [])


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("count", [1, 2, 5])
def test_ce4_done_tells_one_offer_or_several_in_agreement(
    renderer: Renderer, language: str, count: int
) -> None:
    text = _clean(
        renderer.render(
            language, "answer.txt.j2", kind=CE, **{**MAIL, **_done_answer(language, count, count)}
        )
    )
    if language == "en":
        assert ("Your open offer O1 is withdrawn." if count == 1 else "Your open offers O1") in text
        assert ("The offer made to you (O10) is turned down." if count == 1 else "are turned down.") in text
    else:
        assert (
            "Ваше открытое предложение O1 отозвано." if count == 1 else "Ваши открытые предложения O1"
        ) in text
        assert ("Предложение вам (O10) отклонено." if count == 1 else ") отклонены.") in text
    if count == 5:
        assert ("O1, O2, O3, O4 and O5" if language == "en" else "O1, O2, O3, O4 и O5") in text


def _round_result(language: str) -> dict[str, Any]:
    game = CeGame(tuple(_names(language, 4)), language=language)
    play_with_bots(game, 3)
    over = next(n for n in game.notices if n.template == "game_over")
    return dict(over.data)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("count", [1, 2, 5])
def test_ce7_the_winners_and_the_arrested_are_told_by_number_and_gender(
    renderer: Renderer, language: str, count: int
) -> None:
    data = _round_result(language)
    names = _names(language, count)
    arrested = "Вера" if language == "ru" else "Vera"
    result = {**data["result"], "winners": names, "arrested": arrested, "arrested_role": "Murderer"}
    text = _clean(
        renderer.render(language, "game_over.txt.j2", kind=CE, **{**MAIL, **data, "result": result})
    )
    if language == "ru":
        assert ("Побеждает" if count == 1 else "Побеждают") in text
        assert "Детектив арестовал Веру; её роль — Убийца." in text
        assert "раунд" not in text.split("Побежда")[1]  # a game of one round names no round
    else:
        assert f"{names[0]} wins." in text if count == 1 else " win." in text
        assert "The Detective arrested Vera, who was the Murderer." in text


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("count", [1, 2, 5])
def test_ce4_lapsed_offers_and_news_are_one_line_each(renderer: Renderer, language: str, count: int) -> None:
    names = _names(language, 5)
    expired = [{"offer": f"O{i}", "mine": i % 2 == 0, "with": names[i % 5]} for i in range(1, count + 1)]
    base = {
        "player": names[0], "round": 1, "rounds": 1, "detective": names[1], "has_dummy": False,
        "role": "Captain", "items": ["Candle", "Wrench"], "weapon": "", "answers": [],
    }  # fmt: skip
    text = _clean(
        renderer.render(language, "interrogation.txt.j2", kind=CE, **{**MAIL, **base, "expired": expired})
    )
    lines = [line for line in text.splitlines() if line.startswith("- O")]
    assert len(lines) == count
    after = text.splitlines()[text.splitlines().index(lines[-1]) + 1]
    assert after == ""  # a blank line between the list and what follows
    entries = [{"what": "done", "by": name} for name in names[:count]]
    news = _clean(
        renderer.render(
            language, "news.txt.j2", kind=CE, **{**MAIL, "player": names[0], "round": 1, "entries": entries}
        )
    )
    assert len([line for line in news.splitlines() if line.startswith("- ")]) == count
    if language == "ru":
        assert "Анна закончила обмен" in news and ("Борис закончил обмен" in news) is (count > 1)


def test_no_russian_template_of_the_games_writes_a_gender_in_brackets() -> None:
    for folder in ("museum-suspects", "cosmic-express", "minuit"):
        for path in (Path(templates_dir()) / "ru" / folder).glob("*.j2"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"[а-яё]\((а|ла|ась|ся)\)", text), f"{path.name} writes a gender in brackets"


# --- the game-master's timeline ----------------------------------------------------------------------


def _events(kind: str) -> list[Event]:
    if kind == MS:
        ms = MsGame(["Анна", "Борис"], language="ru")
        ms.submit("Анна", "ANSWERS IN REPORT")
        play_bots(ms)
        return ms.log
    if kind == CE:
        ce = CeGame(tuple(_names("ru", 4)), language="ru")
        play_with_bots(ce, 3)
        return ce.log
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", [MS, CE])
def test_the_timeline_says_every_event_in_the_pages_language(renderer: Renderer, kind: str) -> None:
    template = renderer.environment_for(kind).get_template(f"web/{kind}/_event.html.j2")
    describe = MS_RULES.describe if kind == MS else CE_RULES.describe
    for event in _events(kind):
        row = {"kind": event.kind, "data": event.data, "text": describe(event)}
        ru = template.render(e=row, language="ru").strip()
        en = template.render(e=row, language="en").strip()
        words = re.sub("|".join(RU_NAMES), "", ru)
        assert CYRILLIC.search(words) or event.kind == "message_posted", f"{event.kind}: {ru}"
        assert not re.search(r"\br\d+(s\d+|-\w+)\b", en + ru), f"{event.kind} names a phase by its key"
        assert "(а)" not in ru and "{'" not in ru + en
