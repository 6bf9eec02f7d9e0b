"""What the demo prints, in the demo's language: English, or Russian as a Russian writes it.

``say(language, key, **fields)`` fills one of ``LINES``, the lines the demo prints whatever the game;
``count(language, number, word)`` writes a number with the form of its word (``COUNTED``): "5 mails",
«5 писем». What the demo says of one game (its news, its end) is the game's own
(``GameKind.demo.lines``); the names of a game's things (cards, roles, methods) come from the game's
own templates (``names_in``), so the demo names them exactly as the players' mail does.
"""

from __future__ import annotations

from typing import Any

from referee.core.numbers import counted
from referee.games import game_of
from referee.render import Renderer

LINES: dict[str, dict[str, str]] = {
    "en": {
        "playing": "playing {game} with {bots} ({names}), seed {seed}, in {directory}",
        "day": "day {day}: {alive} alive ({names}); {mails} from the players so far",
        "phase": "{label}: {news}; {mails} in, {how}",
        "at_once": "closed at once",
        "at_deadline": "no answer: closed at the deadline",
        "winners": "the game is over; winners: {winners}",
        "winner": "the game is over; winners: {winners}",
        "no_winner": "the game is over; winners: nobody",
        "frags": "frags: {list}",
        "scores": "scores: {list}",
        "roles": "roles: {list}",
        "mail": "mail: {players} from the players, {referee} from the referee",
        "per_day": "mail from the referee per player and game day: median {median}, at most {most}",
        "outgoing": "the referee's mail: {path}",
        "incoming": "the players' mail: {path}",
        "see": "see the game: {command}",
        "web_pages": "the demo's web pages: {base}/",
        "web_master": "game-master: sign in at {base}/login as {email} with the password {password}",
        "web_link": "{name}'s sign-in link (works once): {link}",
        "web_stop": "Ctrl-C stops the web pages",
        "web_stopped": "the web pages are stopped",
    },
    "ru": {
        "playing": "{game}: играют {bots} ({names}), зерно {seed}, папка {directory}",
        "day": "день {day}: в живых {alive} ({names}); от игроков пока {mails}",
        "phase": "{label}: {news}; пришло {mails}, {how}",
        "at_once": "этап закрыт сразу",
        "at_deadline": "ответа нет: этап закрыт по сроку",
        "winners": "игра окончена; победители: {winners}",
        "winner": "игра окончена; победитель: {winners}",
        "no_winner": "игра окончена; победителей нет",
        "frags": "фраги: {list}",
        "scores": "очки: {list}",
        "roles": "роли: {list}",
        "mail": "письма: от игроков {players}, от судьи {referee}",
        "per_day": "писем от судьи игроку за игровой день: медиана {median}, самое большее {most}",
        "outgoing": "письма судьи: {path}",
        "incoming": "письма игроков: {path}",
        "see": "посмотреть партию: {command}",
        "web_pages": "страницы демо-игры: {base}/",
        "web_master": "ведущий: вход на {base}/login, адрес {email}, пароль {password}",
        "web_link": "{name}: ссылка для входа (действует один раз): {link}",
        "web_stop": "Ctrl-C останавливает страницы",
        "web_stopped": "страницы остановлены",
    },
}
"""Every line the demo prints, by language; ``{field}`` parts are filled by ``say``."""

COUNTED: dict[str, dict[str, tuple[str, ...]]] = {
    "bot": {"en": ("bot", "bots"), "ru": ("бот", "бота", "ботов")},
    "mail": {"en": ("mail", "mails"), "ru": ("письмо", "письма", "писем")},
}
"""The words the demo counts, with their forms in each language."""


def say(language: str, key: str, **fields: Any) -> str:
    """The demo's line ``key`` in ``language`` with ``fields`` filled in."""
    return LINES["ru" if language == "ru" else "en"][key].format(**fields)


def count(language: str, number: int, word: str) -> str:
    """``number`` with the form of ``word`` (a key of ``COUNTED``) it takes in ``language``."""
    return counted(number, COUNTED[word]["ru" if language == "ru" else "en"], language)


def title(kind: str, language: str) -> str:
    """How the demo names a game: its kind in English (as ``--game`` takes it), its name in
    guillemets in Russian."""
    return f"«{game_of(kind).name('ru')}»" if language == "ru" else kind


def names_in(renderer: Renderer, language: str, kind: str, partial: str, name: str) -> dict[str, str]:
    """The dictionary ``name`` set at the top of the game's template ``partial`` (its cards, roles or
    methods as the players' mail names them), in ``language``."""
    return dict(getattr(renderer.template(language, partial, kind).module, name))
