"""The Museum Suspects letters (templates/<language>/museum-suspects) rendered from real games.

Every context is built by running the rules through ``ms_helpers.Game``: notices and
answers are rendered in English and Russian with ``StrictUndefined``, so a missing
variable fails the test.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jinja2
import pytest
from ms_helpers import NO_THIEF, ONE_THIEF, THREE_THIEVES, TWO_THIEVES, Game

from referee.games.museum_suspects import RULES
from referee.games.museum_suspects.content import SUSPECT, clue_text
from referee.render import Renderer, templates_dir

KIND = "museum-suspects"
LANGUAGES = ("en", "ru")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
TEMPLATES = (
    "welcome.txt.j2",
    "answer.txt.j2",
    "subject.txt.j2",
    "help.txt.j2",
    "status.txt.j2",
    "turn.txt.j2",
    "game_over.txt.j2",
    "mail.html.j2",
    "_reasons.txt.j2",
    "_tokens.txt.j2",
    "_turn.txt.j2",
    "_grid.html.j2",
)
NOTICE_TEMPLATES = ("welcome", "answer", "turn", "game_over")
MAIL = {"game_id": "museum", "referee_address": "referee@example.org", "start": "", "password": "owl-17"}
ALL_PARAMS: dict[str, Any] = {
    "word": "Investgate",
    "suggestion": "INVESTIGATE",
    "text": "E5",
    "order": "SUGGEST",
    "current": "Boris",
    "clue": 3,
    "value": 2,
    "held": [1, 4, 6],
    "highest": 5,
    "open": [1, 2],
    "suspect": "yvonne",
    "name": {"en": "Yvonne", "ru": "Ивонна"},
}
"""Every parameter any reason code uses, so that each phrase can be rendered on its own."""

SOURCES = Path(__file__).resolve().parents[1] / "referee" / "games" / "museum_suspects"


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    """The renderer over the repository's templates."""
    return Renderer(templates_dir())


def render(renderer: Renderer, language: str, name: str, **data: Any) -> str:
    """``name`` rendered for this game in ``language``, with the mail context added."""
    return renderer.render(language, name, kind=KIND, **{**MAIL, **data})


def reason_codes() -> set[str]:
    """Every reason code the rules can give, read from their source and the core's keyword reader."""
    text = (SOURCES / "parse.py").read_text() + (SOURCES / "turns.py").read_text()
    text += (SOURCES.parents[1] / "core" / "keywords.py").read_text()
    found = set(re.findall(r'_reject\(order, "(\w+)"', text))
    found |= set(re.findall(r'return "(\w+)", \{', text))
    found |= set(re.findall(r'Unreadable\(line, "(\w+)"', text))
    return found


def _finished(clues: list[str]) -> Game:
    """A two-player game played to the end: Anna bets on Hector (D2), Boris on Jasper (B3)."""
    game = Game(clues=clues)
    plan = [
        ("INVESTIGATE 1 WITH 3", "SUGGEST D2 WITH 6"),
        ("INVESTIGATE 7 WITH 2", "SUGGEST Jasper WITH 5"),
    ]
    for investigate, suggest in plan:
        game.play(f"{investigate}\n{suggest}")
    while not game.state.finished:
        game.resolve()  # the rest at the deadline: lowest tokens on the Exit
    return game


# --- files ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", TEMPLATES)
def test_every_template_exists_in_both_languages(language: str, name: str) -> None:
    path = templates_dir() / language / KIND / name
    assert path.is_file(), path
    text = path.read_text(encoding="utf-8")
    # English files name the Russian keywords only in the help and the "did you mean" hints
    assert bool(CYRILLIC.search(text)) == (language == "ru" or name in ("_reasons.txt.j2", "help.txt.j2")), (
        name
    )


def test_a_missing_variable_raises(renderer: Renderer) -> None:
    with pytest.raises(jinja2.UndefinedError):
        renderer.render("en", "turn.txt.j2", kind=KIND, player="Anna")


# --- welcome ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_ms1_welcome_names_the_players_tokens_board_and_how_to_reply(
    language: str, renderer: Renderer
) -> None:
    game = Game(["Anna", "Boris", "Vera"], language=language)
    first, second = game.notices[0], game.notices[1]
    text = render(renderer, language, "welcome.txt.j2", **second.data)
    assert "Boris" in text and "Anna (A), Boris (B), Vera (V)" in text
    assert "1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6" in text
    assert ("PASSWORD owl-17" if language == "en" else "ПАРОЛЬ owl-17") in text
    assert ("It is Anna's turn" if language == "en" else "Сейчас ходит Anna") in text
    assert ("Celeste" if language == "en" else "Селеста") in text
    assert "|" in text and "D4" in text
    assert ("INVESTIGATE 3 WITH 4" if language == "en" else "ИССЛЕДОВАТЬ 3 С 4") in text
    mine = render(renderer, language, "welcome.txt.j2", **first.data)
    assert ("It is your turn" if language == "en" else "Ваш ход") in mine
    without = renderer.render(language, "welcome.txt.j2", kind=KIND, game_id="museum", start="", **first.data)
    assert "owl-17" not in without and "PASSWORD" not in without
    started = render(
        renderer, language, "welcome.txt.j2", **{**first.data, "start": "2025-03-01T12:00:00+03:00"}
    )
    assert "12:00" in started and "+03:00" in started


# --- answers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_ms4_answer_gives_the_clue_text_to_the_looker(language: str, renderer: Renderer) -> None:
    game = Game()
    game.submit("Anna", "INVESTIGATE 6 WITH 2")
    text = render(renderer, language, "answer.txt.j2", **game.last_answer())
    assert clue_text(TWO_THIEVES[5])[language] in text
    assert ("CLUE 6" if language == "en" else "УЛИКА 6") in text
    assert ("now place your suggestion" if language == "en" else "теперь положите жетон подозрения") in text
    game.submit("Anna", "SUGGEST Hector WITH 6")
    text = render(renderer, language, "answer.txt.j2", **game.last_answer())
    assert ("Hector in room D2" if language == "en" else "на Гекторе в комнате D2") in text
    assert ("Next to play: Boris" if language == "en" else "Следующий ход: Boris") in text
    assert "A:2" not in text and "+-----" not in text  # the board only on request: nothing was asked
    assert ("send STATUS" if language == "en" else "приказ СТАТУС") in text
    game.submit("Anna", "STATUS")
    text = render(renderer, language, "answer.txt.j2", **game.last_answer())
    assert "A:6" in text  # the board, asked for, shows the reader's own suggestion value


@pytest.mark.parametrize("language", LANGUAGES)
def test_answer_shows_help_status_refusals_and_problems(language: str, renderer: Renderer) -> None:
    game = Game()
    game.play("INVESTIGATE 3 WITH 1")
    game.submit("Anna", "HELP\nSTATUS\nSUGGEST E7 WITH 1")
    text = render(renderer, language, "answer.txt.j2", **game.last_answer())
    assert ("HOW TO PLAY YOUR TURN" if language == "en" else "КАК СДЕЛАТЬ ХОД") in text
    assert ("STATUS — Anna" if language == "en" else "СТАТУС — Anna") in text
    assert clue_text(TWO_THIEVES[2])[language] in text
    assert (
        "NOT ACCEPTED: SUGGEST E7 WITH 1" if language == "en" else "НЕ ПРИНЯТО: SUGGEST E7 WITH 1"
    ) in text
    for problem, phrase in (
        ("no-text", ("no text", "нет текста")),
        ("undecodable", ("damaged", "повреждён")),
    ):
        data = {**game.last_answer(), "verdicts": [], "problem": problem}
        assert phrase[LANGUAGES.index(language)] in render(renderer, language, "answer.txt.j2", **data)
    empty = render(renderer, language, "answer.txt.j2", **{**game.last_answer(), "verdicts": []})
    assert ("held no orders" if language == "en" else "нет приказов") in empty


# --- reasons -------------------------------------------------------------------------------------


def test_reason_codes_are_collected_from_the_rules() -> None:
    assert reason_codes() == {
        "unknown_order", "missing_arguments", "missing_value", "bad_clue", "bad_value", "extra_words",
        "unknown_target", "bad_room", "game_over", "not_your_turn", "already_suggested",
        "already_investigated", "no_such_token", "clue_too_high", "value_too_low", "investigate_first",
        "suspect_not_on_grid",
    }  # fmt: skip


def test_the_rules_declare_every_reason_code_they_give() -> None:
    assert RULES.refusal_reasons == reason_codes()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(reason_codes()))
def test_every_reason_code_has_a_phrase(code: str, language: str, renderer: Renderer) -> None:
    template = renderer.environment.get_template(f"{language}/{KIND}/_reasons.txt.j2")
    phrase = str(template.module.reason(code, ALL_PARAMS)).strip()  # type: ignore[attr-defined]
    assert phrase and code not in phrase
    assert bool(CYRILLIC.search(phrase)) == (language == "ru")


ONES = "INVESTIGATE 1 WITH 1\nSUGGEST EXIT WITH 1"
SIXES = "INVESTIGATE 1 WITH 6\nSUGGEST EXIT WITH 6"
REAL_ORDERS: dict[str, tuple[list[str], str, str]] = {
    # code: (lines the game plays first, seat, the refused line)
    "unknown_order": ([], "Anna", "Investgate"),
    "missing_arguments": ([], "Anna", "SUGGEST"),
    "missing_value": ([], "Anna", "INVESTIGATE 3"),
    "bad_clue": ([], "Anna", "INVESTIGATE 12 WITH 3"),
    "bad_value": ([], "Anna", "SUGGEST A1 WITH 9"),
    "extra_words": ([], "Anna", "INVESTIGATE 1 WITH 2 AND 3"),
    "unknown_target": ([], "Anna", "SUGGEST Tamarind WITH 1"),
    "bad_room": ([], "Anna", "SUGGEST F2 WITH 1"),
    "not_your_turn": ([], "Boris", "INVESTIGATE 1 WITH 1"),
    "already_suggested": (["INVESTIGATE 1 WITH 1"], "Anna", "SUGGEST A1 WITH 1\nSUGGEST A2 WITH 2"),
    "already_investigated": (["INVESTIGATE 1 WITH 1"], "Anna", "INVESTIGATE 2 WITH 2"),
    "no_such_token": ([ONES, "INVESTIGATE 2 WITH 1\nSUGGEST EXIT WITH 1"], "Anna", "INVESTIGATE 3 WITH 1"),
    "clue_too_high": ([SIXES, SIXES], "Anna", "INVESTIGATE 1 WITH 5"),
    "value_too_low": (["INVESTIGATE 1 WITH 4\nSUGGEST EXIT WITH 1"], "Boris", "INVESTIGATE 1 WITH 3"),
    "investigate_first": ([], "Anna", "SUGGEST A1 WITH 1"),
    "suspect_not_on_grid": (["INVESTIGATE 1 WITH 1"], "Anna", "SUGGEST Violet WITH 2"),
}  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(reason_codes()))
def test_every_reason_code_is_reached_by_a_real_order_and_explained(
    code: str, language: str, renderer: Renderer
) -> None:
    game = _finished(TWO_THIEVES) if code == "game_over" else Game()
    setup, seat, line = REAL_ORDERS.get(code, ([], "Anna", "INVESTIGATE 1 WITH 1"))
    for text in setup:
        game.submit(game.seat, text)
    verdicts = game.submit(seat, line)
    refused = [v for v in verdicts if not v.accepted]
    assert [v.reason for v in refused] == [code], verdicts
    text = render(renderer, language, "answer.txt.j2", **game.last_answer())
    assert "cannot be accepted" not in text and "принять нельзя" not in text
    assert ("NOT ACCEPTED" if language == "en" else "НЕ ПРИНЯТО") in text


# --- turn news -------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_ms5_turn_news_says_where_the_token_went_not_its_value(language: str, renderer: Renderer) -> None:
    game = Game(["Anna", "Boris", "Vera"])
    game.play("INVESTIGATE 4 WITH 3\nSUGGEST Hector WITH 6")
    news = {n.audience[0]: render(renderer, language, "turn.txt.j2", **n.data) for n in game.notices[-3:]}
    hector = SUSPECT["hector"].names()[language]
    for reader, text in news.items():
        assert f"{hector}" in text and "D2" in text
        assert ("clue 4 and put" if language == "en" else "улику 4 и положил") in text
        assert ("token 3 on it" if language == "en" else "на неё жетон 3") in text
        assert ("+-----" in text) == (reader == "Boris")  # the grid, to the player who is to play now
        assert "A:6" not in text  # a token's value stays its owner's
        assert clue_text(TWO_THIEVES[3])[language] not in text or reader == "Anna"  # Anna's answer told her
    assert ("It is your turn" if language == "en" else "Ваш ход") in news["Boris"]
    assert ("It is Boris's turn" if language == "en" else "Сейчас ходит Boris") in news["Vera"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_ms_by_mail_turn_news_explains_the_deadline_default(language: str, renderer: Renderer) -> None:
    game = Game()
    game.resolve()
    text = render(renderer, language, "turn.txt.j2", **game.notices[-1].data)
    assert ("did not play in time" if language == "en" else "не успела сходить") in text
    lowest = "lowest token went face down on the Emergency Exit" if language == "en" else "младший жетон"
    assert lowest in text
    assert ("Emergency Exit: A" if language == "en" else "Запасный выход: A") in text


# --- the end ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("clues", "en", "ru", "winner"),
    [
        (ONE_THIEF, "is the thief!", "— вор!", "Boris"),
        (NO_THIEF, "escaped through the Emergency Exit", "сбежал через запасный выход", "Boris"),
        (TWO_THIEVES, "2 suspects remain", "Остались 2 подозреваемых", "Anna"),
        (THREE_THIEVES, "3 suspects remain", "Остались 3 подозреваемых", "Anna"),
    ],
)
def test_ms6_game_over_reveals_clues_thieves_tokens_and_winners(
    clues: list[str], en: str, ru: str, winner: str, language: str, renderer: Renderer
) -> None:
    game = _finished(clues)
    final = game.notices[-1]
    text = render(renderer, language, "game_over.txt.j2", **final.data)
    assert (en if language == "en" else ru) in text
    for criterion in clues:
        assert clue_text(criterion)[language] in text
    winners = final.data["result"]["winners"]
    if winners:
        assert winners == [winner]
        assert (f"{winner} wins" if language == "en" else f"Побеждает {winner}") in text
    assert ("6 on D2" if language == "en" else "6 на D2") in text
    assert ("5 on B3" if language == "en" else "5 на B3") in text
    subject = render(renderer, language, "subject.txt.j2", template="game_over", **final.data)
    assert ("thieves are revealed" if language == "en" else "воры раскрыты") in subject


@pytest.mark.parametrize("language", LANGUAGES)
def test_ms6_scores_with_bonus_tie_and_nobody(language: str, renderer: Renderer) -> None:
    game = _finished(TWO_THIEVES)
    data = game.notices[-1].data
    text = render(renderer, language, "game_over.txt.j2", **data)
    each = "по очку за каждого заподозренного вора"
    bonus = "1 for 1 thief suspected = 7" if language == "en" else f"1 ({each}) = 7"
    assert f"Anna: 6 + {bonus}" in text
    tie = {**data, "result": {**data["result"], "winners": ["Anna", "Boris"]}}
    assert ("Anna and Boris share" if language == "en" else "Победу делят Anna и Boris") in render(
        renderer, language, "game_over.txt.j2", **tie
    )
    nobody = {**data, "result": {**data["result"], "winners": []}}
    assert ("nobody wins" if language == "en" else "никто не победил") in render(
        renderer, language, "game_over.txt.j2", **nobody
    )


# --- subjects and the HTML part ----------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_notice_template_has_a_subject(language: str, renderer: Renderer) -> None:
    game = Game()
    game.play("INVESTIGATE 1 WITH 1\nSUGGEST EXIT WITH 1")
    contexts = {
        "welcome": game.notices[0].data,
        "answer": game.last_answer(),
        "turn": next(n.data for n in game.notices if n.template == "turn" and n.audience == ("Boris",)),
        "game_over": _finished(TWO_THIEVES).notices[-1].data,
    }
    subjects = {
        t: render(renderer, language, "subject.txt.j2", template=t, **d).strip() for t, d in contexts.items()
    }
    assert len(set(subjects.values())) == 4 and all("\n" not in s for s in subjects.values())
    assert ("Your turn, Boris" if language == "en" else "Ваш ход, Boris") in subjects["turn"]
    other = render(renderer, language, "subject.txt.j2", template="reminder").strip()
    assert other in ("News from the museum", "Новости из музея")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("template", NOTICE_TEMPLATES)
def test_ms_by_mail_html_part_draws_the_grid_as_an_svg_picture(
    template: str, language: str, renderer: Renderer
) -> None:
    game = Game(["Anna", "<Bob>"])
    game.play("INVESTIGATE 1 WITH 1\nSUGGEST C1 WITH 4")
    data = {
        "welcome": game.notices[0].data,
        "answer": game.last_answer(),
        "turn": game.notices[-1].data,
        "game_over": _finished(TWO_THIEVES).notices[-1].data,
    }[template]
    text = render(renderer, language, f"{template}.txt.j2", **data)
    html = render(renderer, language, "mail.html.j2", text=text, **data)
    assert html.count("<svg") == 1 and "</svg>" in html
    assert html.count("<rect") >= 16 + 1 + 8
    names = [SUSPECT[s].names()[language] for s in game.state.grid]
    assert all(f">{name}</text>" in html for name in names)
    assert ("<pre" in html) == ("+-----" in text)  # the text table, when written out, keeps its columns
    assert "+-----" in text or template == "answer"  # an answer writes it out only on request
    if template != "game_over":
        assert "&lt;Bob&gt;" in html and "<Bob>" not in html
    if template in ("answer", "turn"):
        assert html.count("<circle") >= 2 + 2  # the token on C1 and on clue 1, plus the legend
    plain = renderer.render(language, "mail.html.j2", kind=KIND, text="Hello")
    assert "<svg" not in plain and "Hello" in plain


@pytest.mark.parametrize("language", LANGUAGES)
def test_letters_speak_one_language(language: str, renderer: Renderer) -> None:
    game = Game(language=language)
    game.play("INVESTIGATE 2 WITH 2\nSUGGEST B1 WITH 1")
    text = render(renderer, language, "turn.txt.j2", **game.notices[-1].data)
    text += render(renderer, language, "help.txt.j2")
    if language == "ru":
        assert "Бруно" in text and "Bruno" not in text
        assert "Suspects" not in text and "Подозреваемые" in text
    else:
        assert "Bruno" in text and not CYRILLIC.search(text.split("In Russian:")[0])
