"""The Cosmic Express letters (templates/en/cosmic-express, templates/ru/cosmic-express), rendered
from real games in both languages; every reason code has a phrase and is reached by a real order.

Templates use ``StrictUndefined``, so a missing variable fails the test.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from ce_helpers import DEAL4, NAMES4, WEAPON4, Game, play_with_bots

from referee.core import keywords
from referee.core.notices import Notice
from referee.core.rules import visible
from referee.games.cosmic_express import RULES, interrogation, orders, parse, trading
from referee.games.cosmic_express.cards import ACCOMPLICE, CAPTAIN, DETECTIVE, MURDERER
from referee.render import Renderer, templates_dir

KIND = "cosmic-express"
LANGUAGES = ("en", "ru")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
TEMPLATES = (
    "welcome.txt.j2", "answer.txt.j2", "subject.txt.j2", "help.txt.j2", "status.txt.j2", "news.txt.j2",
    "talk.txt.j2", "weapon_shown.txt.j2", "interrogation.txt.j2", "round_over.txt.j2", "game_over.txt.j2",
    "master.txt.j2", "_names.txt.j2", "_reasons.txt.j2", "_orders.txt.j2", "_result.txt.j2",
    "_standings.txt.j2", "catch_up.txt.j2",
)  # fmt: skip
RESERVED = {"kind", "language", "template", "text"}
"""Keys the renderer and the mail layer pass themselves: notice data must not use them."""
NAMES3 = ("Anna", "Boris", "Vera")
DEAL3 = {
    "Anna": (DETECTIVE, ("Candle", "Wrench")),
    "Boris": (MURDERER, ("Fire Extinguisher", "Candle")),
    "Vera": (CAPTAIN, ("Wrench", "Wrench")),
}
DUMMY3 = {"role": ACCOMPLICE, "items": ["Candle", "Fire Extinguisher"]}


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    """The renderer over the repository's templates."""
    return Renderer(templates_dir())


def render(renderer: Renderer, language: str, name: str, **data: Any) -> str:
    """Template ``name`` of this game in ``language``."""
    return renderer.render(language, name, kind=KIND, **data)


def letter(renderer: Renderer, language: str, notice: Notice) -> str:
    """A notice as its reader gets it, with the context the mail layer adds (subject included)."""
    context = {**notice.data, "game_id": "ce-test", "referee_address": "referee@example.org", "start": ""}
    text = render(renderer, language, f"{notice.template}.txt.j2", **context)
    subject = render(renderer, language, "subject.txt.j2", template=notice.template, **context).strip()
    html = render(renderer, language, "mail.html.j2", text=text, **context)
    assert subject and "\n" not in subject and html.strip()
    if language == "ru":
        assert CYRILLIC.search(text) and CYRILLIC.search(subject)
    return text


def game4(**extra: Any) -> Game:
    """The fixed four-player game of ``ce_helpers`` (weapon: Fire Extinguisher)."""
    return Game(deal=DEAL4, weapon=WEAPON4, **extra)


def game3(**extra: Any) -> Game:
    """A fixed three-player game with a Dummy Accomplice (weapon: Fire Extinguisher)."""
    return Game(NAMES3, deal=DEAL3, weapon="Fire Extinguisher", dummy=DUMMY3, **extra)


def answer_text(renderer: Renderer, language: str, game: Game, seat: str, text: str) -> str:
    """The rendered answer to ``text`` sent by ``seat``."""
    before = game.state
    verdicts = game.submit(seat, text)
    data = RULES.answer(before, game.state, seat, verdicts, lambda: visible(game.log, seat))
    data["verdicts"] = [asdict(v) for v in verdicts]
    return letter(renderer, language, Notice("answer", (seat,), data))


# --- files ----------------------------------------------------------------------------------------


def test_every_template_exists_in_both_languages() -> None:
    for language in LANGUAGES:
        folder = templates_dir() / language / KIND
        assert sorted(p.name for p in folder.glob("*.j2")) == sorted(TEMPLATES), language


# --- the letters ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_ce3_welcome_letters(language: str, renderer: Renderer) -> None:
    game = game3(rounds=3)
    by_seat = {n.audience[0]: n for n in RULES.welcome(game.state)}
    murderer = letter(renderer, language, by_seat["Boris"])
    assert ("Murderer" if language == "en" else "Убийца") in murderer
    assert (
        "the murder weapon is the Fire Extinguisher" if language == "en" else "«Огнетушитель»"
    ) in murderer
    detective = letter(renderer, language, by_seat["Anna"])
    assert "Fire Extinguisher" not in detective and "Огнетушитель" not in detective.split("КАК ОТДАВАТЬ")[0]
    assert "CE-" not in detective  # players have no rulebook to look rule numbers up in
    assert ("the Dummy" if language == "en" else "Болван") in detective
    assert ("share the victory" if language == "en" else "победа делится") in detective
    by_mail = render(
        renderer, language, "welcome.txt.j2", password="k7pq-2mx9", referee_address="ref@example.org",
        start="2024-05-01T20:00:00+03:00", **by_seat["Vera"].data,
    )  # fmt: skip
    assert ("PASSWORD k7pq-2mx9" if language == "en" else "ПАРОЛЬ k7pq-2mx9") in by_mail
    assert "ref@example.org" in by_mail and "20:00" in by_mail
    assert ("HOW TO GIVE ORDERS" if language == "en" else "КАК ОТДАВАТЬ ПРИКАЗЫ") in by_mail


@pytest.mark.parametrize("language", LANGUAGES)
def test_ce4_answers_to_trading_orders(language: str, renderer: Renderer) -> None:
    game = game3()
    text = answer_text(renderer, language, game, "Anna", "OFFER Boris Candle\nOFFER Vera Wrench\nWITHDRAW O2")
    assert text.count("OK:" if language == "en" else "ПРИНЯТО:") == 3
    assert "O1" in text and "O2" in text
    text = answer_text(renderer, language, game, "Boris", "ACCEPT O1 Fire Extinguisher")
    assert ("received a Candle" if language == "en" else "получили карту «Свеча»") in text
    text = answer_text(renderer, language, game, "Vera", "SWAP DUMMY Wrench 1\nSTATUS\nHELP")
    assert ("the Dummy's card 1" if language == "en" else "карту 1 Болвана") in text
    assert ("STATUS — Vera" if language == "en" else "СТАТУС — Vera") in text
    assert ("HOW TO GIVE ORDERS" if language == "en" else "КАК ОТДАВАТЬ ПРИКАЗЫ") in text
    game.order("Anna", "OFFER Vera Wrench")
    text = answer_text(renderer, language, game, "Vera", "REFUSE O3\nDONE")
    assert ("finished trading" if language == "en" else "закончили обмен") in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ce4_news_letters_of_every_kind(language: str, renderer: Renderer) -> None:
    game = game3()
    game.order("Anna", "OFFER Boris Candle")  # O1: offer
    game.order("Boris", "ACCEPT O1 Fire Extinguisher")  # accepted / swap; Boris holds two Candles
    game.order("Anna", "OFFER Vera Wrench")  # O2
    game.order("Vera", "REFUSE O2")  # refused (asked)
    game.order("Anna", "OFFER Vera Wrench")  # O3
    game.order("Anna", "WITHDRAW O3")  # withdrawn (asked)
    game.order("Boris", "OFFER Vera Candle")  # O4
    game.order("Boris", "OFFER Anna Candle")  # O5
    game.order("Anna", "OFFER Boris Fire Extinguisher")  # O6
    game.order("Boris", "ACCEPT O6 Candle")  # O5 withdrawn: its card is gone
    game.order("Vera", "SWAP DUMMY Wrench 2")  # dummy_swap
    game.order("Anna", "OFFER Vera Candle")  # O7
    game.order("Vera", "DONE")  # O4, O7 refused: done; done
    game.order("Anna", "OFFER Boris Wrench")  # O8
    game.order("Anna", "DONE")  # O8 withdrawn: done
    kinds = {
        (e["what"], e.get("why", "")) for n in game.relayed if n.template == "news" for e in n.data["entries"]
    }
    assert kinds >= {
        ("offer", ""), ("accepted", ""), ("swap", ""), ("refused", "asked"), ("withdrawn", "asked"),
        ("withdrawn", "card_gone"), ("dummy_swap", ""), ("refused", "done"), ("withdrawn", "done"),
        ("done", ""),
    }  # fmt: skip
    texts = [letter(renderer, language, n) for n in game.relayed]
    assert any(("swapped a card each" if language == "en" else "поменялись картами") in t for t in texts)
    assert any("O5" in t and ("someone else" if language == "en" else "другому") in t for t in texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ce5_ce6_interrogation_talk_reveal_and_the_end(language: str, renderer: Renderer) -> None:
    game = game4()
    game.order("Anna", "OFFER Boris Candle")
    game.resolve()  # the deadline: O1 lapses
    texts = {n.audience[0]: letter(renderer, language, n) for n in game.notices}
    assert "O1" in texts["Anna"] and "O1" in texts["Boris"] and "O1" not in texts["Vera"]
    assert (
        "you are the Undercover Detective" if language == "en" else "вы — Детектив под прикрытием"
    ) in texts["Anna"]
    assert "Anna" in texts["Vera"] and ("ARREST" if language == "en" else "АРЕСТ") in texts["Anna"]
    game.relayed = []
    game.order("Gleb", "Boris never let go of his second card")
    game.order("Anna", "REVEAL")
    texts = [letter(renderer, language, n) for n in game.relayed]
    assert any("Boris never let go" in t for t in texts)
    assert any(("Fire Extinguisher" if language == "en" else "Огнетушитель") in t for t in texts)
    game.order("Anna", "ARREST Boris")
    (over,) = [n for n in game.notices if n.template == "game_over"]
    text = letter(renderer, language, over)
    assert "CE-" not in text and all(name in text for name in NAMES4)
    assert ("Anna wins." if language == "en" else "Побеждает Anna.") in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_ce8_ce9_round_over_and_game_over_of_a_longer_game(language: str, renderer: Renderer) -> None:
    game = game3(rounds=2)
    game.all_done()
    game.resolve()  # nobody arrested
    rounds = [n for n in game.notices if n.template == "round_over"]
    assert len(rounds) == 3
    text = letter(renderer, language, rounds[0])
    assert ("nobody" if language == "en" else "никого не арестовал") in text
    assert ("the Dummy" if language == "en" else "Болван") in text and "CE-" not in text
    play_with_bots(game, 5)
    (over,) = [n for n in game.notices if n.template == "game_over"]
    text = letter(renderer, language, over)
    assert "CE-" not in text and ("Standings" if language == "en" else "Итоги") in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("problem", ["no-text", "undecodable"])
def test_answer_to_a_mail_without_readable_text(language: str, problem: str, renderer: Renderer) -> None:
    game = game4()
    data = RULES.answer(game.state, game.state, "Anna", [], list)
    text = letter(renderer, language, Notice("answer", ("Anna",), {**data, "problem": problem}))
    assert ("plain text" if language == "en" else "обычным текстом") in text
    text = letter(renderer, language, Notice("answer", ("Anna",), data))
    assert ("no orders" if language == "en" else "ни одного приказа") in text


def test_notice_data_never_uses_reserved_keys() -> None:
    for players in (3, 4, 6):
        game = Game(("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor")[:players], seed=players, rounds=2)
        play_with_bots(game, players)
        notices = game.welcome + game.relayed + game.notices
        assert {n.template for n in notices} >= {
            "welcome",
            "news",
            "interrogation",
            "round_over",
            "game_over",
        }
        for notice in notices:
            assert not RESERVED & set(notice.data), notice


# --- every reason code ----------------------------------------------------------------------------


def reason_codes() -> set[str]:
    """The reason codes the rules give, read from the source of parse, trading, interrogation, orders
    and the core's keyword reader."""
    codes: set[str] = set()

    def text(node: ast.AST | None) -> str | None:
        """The string ``node`` holds, if it is a string literal."""
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

    for module in (keywords, parse, trading, interrogation, orders):
        tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if called in ("Unreadable", "reject") and len(node.args) > 1:
                    codes.add(text(node.args[1]) or "")
                if called == "_detective_only" and len(node.args) > 3:  # its "too early" reason
                    codes.add(text(node.args[3]) or "")
                codes.update(text(k.value) or "" for k in node.keywords if k.arg == "reason")
            elif isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[1], ast.Dict):
                codes.add(text(node.elts[0]) or "")
    return codes - {""}


def reason_phrase(renderer: Renderer, language: str, code: str, params: dict[str, Any]) -> str:
    """The phrase the answer gives for a line rejected with ``code``."""
    verdict = {"line": "LINE", "accepted": False, "understood": {}, "reason": code, "params": params}
    game = game4()
    data = {**RULES.answer(game.state, game.state, "Anna", [], list), "verdicts": [verdict]}
    text = render(renderer, language, "answer.txt.j2", **data)
    prefix = "NOT ACCEPTED: LINE — " if language == "en" else "НЕ ПРИНЯТО: LINE — "
    line = next(line for line in text.splitlines() if line.startswith(prefix))
    return line.removeprefix(prefix).strip()


def _fresh() -> Game:
    return game4()


def _three() -> Game:
    return game3()


def _offered() -> Game:
    game = game4()
    game.order("Anna", "OFFER Boris Candle")
    return game


def _withdrawn() -> Game:
    game = _offered()
    game.order("Anna", "WITHDRAW O1")
    return game


def _boris_done() -> Game:
    game = game4()
    game.order("Boris", "DONE")
    return game


def _asking() -> Game:
    game = game4()
    game.all_done()
    return game


def _revealed() -> Game:
    game = _asking()
    game.order("Anna", "REVEAL")
    return game


def _arrested_no_early_close() -> Game:
    game = _asking()
    game.auto = False
    game.order("Anna", "ARREST Boris")
    return game


def _over() -> Game:
    game = _asking()
    game.order("Anna", "ARREST Boris")
    return game


REAL_REJECTIONS: dict[str, tuple[Callable[[], Game], str, str, dict[str, str]]] = {
    # code: (game builder, seat, order text, {language: words the phrase must hold})
    "unknown_order": (_fresh, "Anna", "OFER Boris", {"en": "did you mean OFFER?", "ru": "OFFER?"}),
    "missing_arguments": (_fresh, "Anna", "OFFER", {"en": "OFFER Boris Candle", "ru": "ПРЕДЛОЖИТЬ Борис"}),
    "say_empty": (_fresh, "Anna", "SAY", {"en": "SAY", "ru": "СКАЗАТЬ"}),
    "unknown_player": (
        _fresh, "Anna", "OFFER Borislav Candle", {"en": "did you mean Boris?", "ru": "Boris?"}
    ),
    "unknown_item": (
        _fresh, "Anna", "OFFER Boris Candlestick", {"en": "did you mean Candle?", "ru": "«Свеча»?"}
    ),
    "bad_offer_id": (_fresh, "Anna", "REFUSE first", {"en": "'first'", "ru": "«first»"}),
    "accept_needs_item": (_offered, "Boris", "ACCEPT O1", {"en": "ACCEPT O1 Wrench", "ru": "ПРИНЯТЬ O1"}),
    "swap_only_dummy": (_three, "Anna", "SWAP Boris Candle 1", {"en": "OFFER", "ru": "ПРЕДЛОЖЕНИЕ"}),
    "bad_slot": (_three, "Anna", "SWAP DUMMY Candle 5", {"en": "1 or 2", "ru": "1 или 2"}),
    "game_over": (_over, "Vera", "DONE", {"en": "game is over", "ru": "игра окончена"}),
    "trading_closed": (_asking, "Boris", "OFFER Vera Candle", {"en": "no more offers", "ru": "никаких"}),
    "you_are_done": (_boris_done, "Boris", "OFFER Vera Candle", {"en": "DONE", "ru": "ГОТОВО"}),
    "offer_to_dummy": (_three, "Anna", "OFFER Dummy Candle", {"en": "SWAP DUMMY", "ru": "ОБМЕН БОЛВАН"}),
    "offer_self": (_fresh, "Anna", "OFFER Anna Candle", {"en": "yourself", "ru": "самому себе"}),
    "player_done": (_boris_done, "Anna", "OFFER Boris Candle", {"en": "Boris has", "ru": "Boris уже"}),
    "not_holding": (_fresh, "Anna", "OFFER Boris Trash", {"en": "Candle and", "ru": "«Свеча» и"}),
    "item_in_offer": (_offered, "Anna", "OFFER Vera Candle", {"en": "O1", "ru": "O1"}),
    "unknown_offer": (_fresh, "Anna", "REFUSE O9", {"en": "O9", "ru": "O9"}),
    "own_offer": (_offered, "Anna", "REFUSE O1", {"en": "WITHDRAW O1", "ru": "ОТОЗВАТЬ O1"}),
    "offer_not_to_you": (_offered, "Vera", "ACCEPT O1 Wrench", {"en": "not made to you", "ru": "не вам"}),
    "not_your_offer": (_offered, "Boris", "WITHDRAW O1", {"en": "only its maker", "ru": "только тот"}),
    "offer_closed": (_withdrawn, "Boris", "ACCEPT O1 Candle", {"en": "withdrawn", "ru": "отозвано"}),
    "no_dummy": (_fresh, "Anna", "SWAP DUMMY Candle 1", {"en": "three players", "ru": "втроём"}),
    "already_done": (_boris_done, "Boris", "DONE", {"en": "already said DONE", "ru": "уже прислали ГОТОВО"}),
    "talk_in_trading": (_fresh, "Anna", "hello all", {"en": "the interrogation", "ru": "во время допроса"}),
    "talk_over": (_revealed, "Boris", "SAY wait", {"en": "arrest remains", "ru": "только арест"}),
    "reveal_too_early": (_fresh, "Anna", "REVEAL", {"en": "after the trading", "ru": "после обмена"}),
    "arrest_too_early": (_fresh, "Anna", "ARREST Boris", {"en": "after the trading", "ru": "после обмена"}),
    "not_detective": (_asking, "Boris", "ARREST Vera", {"en": "(Anna)", "ru": "(Anna)"}),
    "arrest_self": (_asking, "Anna", "ARREST Anna", {"en": "someone else", "ru": "кого-то другого"}),
    "already_arrested": (_arrested_no_early_close, "Anna", "ARREST Vera", {"en": "Boris", "ru": "Boris"}),
    "already_revealed": (_revealed, "Anna", "REVEAL", {"en": "Fire Extinguisher", "ru": "«Огнетушитель»"}),
}  # fmt: skip
"""A real order for every reason code, with the game it is sent in."""

ALL_PARAMS: dict[str, Any] = {
    "word": "Ofer", "suggestion": "OFFER", "text": "Candel", "order": "OFFER", "offer": "O3",
    "item": "Candle", "items": ["Candle", "Wrench"], "offers": ["O1"], "player": "Boris", "status": "refused",
    "why": "asked",
    "detective": "Anna", "target": "Boris", "weapon": "Trash", "has_dummy": True,
}  # fmt: skip
"""Every parameter any reason code uses, so that each phrase can be rendered on its own."""


def test_every_reason_code_is_reached_by_a_real_order() -> None:
    assert set(REAL_REJECTIONS) == reason_codes()


def test_the_rules_declare_every_reason_code_they_give() -> None:
    assert RULES.refusal_reasons == reason_codes()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(REAL_REJECTIONS))
def test_every_reason_code_has_a_phrase(code: str, language: str, renderer: Renderer) -> None:
    fallback = reason_phrase(renderer, language, "zz_no_such_reason", {}).replace("zz_no_such_reason", code)
    for params in (ALL_PARAMS, {}):
        phrase = reason_phrase(renderer, language, code, params)
        assert phrase and phrase != fallback, f"{code} has no phrase in {language}"
        if language == "ru":
            assert CYRILLIC.search(phrase)
    build, seat, text, words = REAL_REJECTIONS[code]
    game = build()
    verdicts = game.submit(seat, text)
    assert [v.reason for v in verdicts] == [code], verdicts
    rendered = reason_phrase(renderer, language, code, verdicts[0].params)
    assert words[language] in rendered, rendered


@pytest.mark.parametrize("language", LANGUAGES)
def test_subjects_of_every_letter(language: str, renderer: Renderer) -> None:
    game = game3(rounds=2)
    game.order("Anna", "OFFER Boris Candle")
    game.all_done()
    game.order("Boris", "hello")
    game.order("Anna", "REVEAL")
    game.order("Anna", "ARREST Boris")
    play_with_bots(game, 1)
    notices = game.welcome + game.relayed + game.notices
    templates = {n.template for n in notices}
    assert templates == {
        "welcome",
        "news",
        "talk",
        "weapon_shown",
        "interrogation",
        "round_over",
        "game_over",
    }
    subjects = set()
    for notice in notices:
        context = {**notice.data, "game_id": "ce-test", "referee_address": "r@x", "start": ""}
        subjects.add(
            render(renderer, language, "subject.txt.j2", template=notice.template, **context).split(",")[0]
        )
    fallback = "News from the Cosmic Express" if language == "en" else "Новости из Космического экспресса"
    assert fallback + "\n" not in subjects
    assert len({s.split()[0] for s in subjects}) >= 5
