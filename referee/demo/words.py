"""What the demo prints, in the demo's language: English, or Russian as a Russian writes it.

``say(language, key, **fields)`` fills one of ``LINES``; ``count(language, number, word)`` writes a
number with the form of its word (``COUNTED``): "5 mails", «5 писем». The names of a game's things
(Cosmic Express cards and roles, Minuit methods) come from the game's own templates (``names_in``),
so the demo names them exactly as the players' mail does.
"""

from __future__ import annotations

from typing import Any

from referee.core.numbers import counted
from referee.core.russian import by_gender, guess_gender
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
        "role": "{name} {role} with {items}",
        "mail": "mail: {players} from the players, {referee} from the referee",
        "per_day": "mail from the referee per player and game day: median {median}, at most {most}",
        "outgoing": "the referee's mail: {path}",
        "incoming": "the players' mail: {path}",
        "see": "see the game: {command}",
        "thieves": "thieves: {names}",
        "escaped": "thieves: none: the thief escaped by the Emergency Exit",
        "weapon": "murder weapon: {weapon}; {arrested_word}: {arrested}",
        "nobody_arrested": "murder weapon: {weapon}; arrested: nobody",
        "solution": "solution: {culprit}, {means}, {motive}",
        "revealer": "revelations by {seat} ({right} of 3 right)",
        "clue": "clue {clue} with a {value}",
        "suggestion": "suggestion on {target}",
        "suggestion_default": "suggestion on {target} (deadline default)",
        "exit": "the Exit",
        "no_token": "no token placed",
        "round_opened": "event {event}, ship on {ship}",
        "no_event": "event none, ship on {ship}",
        "acted": "{lead}, {method}{roll}: {outcome}",
        "rolled": ", rolled {roll}",
        "success": "found",
        "failure": "failed",
        "announces": "{seat} announces revelations",
        "ended": "winners {winners}",
        "nothing_done": "nothing done",
        "done_order": "done in this order: {names}",
        "arrest": "{detective} (the Detective) {arrested_verb} {target}",
        "shown": "the weapon was shown: {weapon}",
        "no_swaps": "no swaps",
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
        "role": "{name} — {role}, карты: {items}",
        "mail": "письма: от игроков {players}, от судьи {referee}",
        "per_day": "писем от судьи игроку за игровой день: медиана {median}, самое большее {most}",
        "outgoing": "письма судьи: {path}",
        "incoming": "письма игроков: {path}",
        "see": "посмотреть партию: {command}",
        "thieves": "воры: {names}",
        "escaped": "воров нет: вор ушёл через запасной выход",
        "weapon": "орудие убийства: {weapon}; {arrested_word}: {arrested}",
        "nobody_arrested": "орудие убийства: {weapon}; никого не арестовали",
        "solution": "разгадка: {culprit}, {means}, {motive}",
        "revealer": "разоблачения: {seat}, верно {right} из 3",
        "clue": "улика {clue}: жетон {value}",
        "suggestion": "подозрение: {target}",
        "suggestion_default": "подозрение: {target} (по умолчанию, срок вышел)",
        "exit": "запасной выход",
        "no_token": "жетон не положен",
        "round_opened": "событие «{event}», корабль на клетке {ship}",
        "no_event": "событий нет, корабль на клетке {ship}",
        "acted": "{lead}, {method}{roll}: {outcome}",
        "rolled": ", на кубике {roll}",
        "success": "удача",
        "failure": "неудача",
        "announces": "{seat} объявляет разоблачения",
        "ended": "победители: {winners}",
        "nothing_done": "ничего не сделано",
        "done_order": "закончили по порядку: {names}",
        "arrest": "{detective} (Детектив) {arrested_verb} {target}",
        "shown": "показано орудие: {weapon}",
        "no_swaps": "обменов нет",
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
    "swap": {"en": ("swap", "swaps"), "ru": ("обмен", "обмена", "обменов")},
    "message": {"en": ("message", "messages"), "ru": ("сообщение", "сообщения", "сообщений")},
}
"""The words the demo counts, with their forms in each language."""

GAME_TITLES: dict[str, dict[str, str]] = {
    "ten-sailors": {"en": "ten-sailors", "ru": "«10 морячков»"},
    "museum-suspects": {"en": "museum-suspects", "ru": "«Подозреваемые в музее»"},
    "cosmic-express": {"en": "cosmic-express", "ru": "«Убийство в Космическом экспрессе»"},
    "minuit": {"en": "minuit", "ru": "«Полночь: убийство в море»"},
}
"""How the demo names each game: its kind in English (as ``--game`` takes it), its title in Russian."""


def say(language: str, key: str, **fields: Any) -> str:
    """The demo's line ``key`` in ``language`` with ``fields`` filled in."""
    return LINES["ru" if language == "ru" else "en"][key].format(**fields)


def count(language: str, number: int, word: str) -> str:
    """``number`` with the form of ``word`` (a key of ``COUNTED``) it takes in ``language``."""
    return counted(number, COUNTED[word]["ru" if language == "ru" else "en"], language)


def arrested(language: str, name: str) -> str:
    """The word for one arrested: "arrested"; in Russian agreeing with ``name`` («арестована»)."""
    return by_gender(guess_gender(name), "арестован", "арестована") if language == "ru" else "arrested"


def arrests(language: str, name: str) -> str:
    """The verb of the one who arrests: "arrested"; in Russian agreeing with ``name`` («арестовала»)."""
    return by_gender(guess_gender(name), "арестовал", "арестовала") if language == "ru" else "arrested"


def names_in(renderer: Renderer, language: str, kind: str, partial: str, name: str) -> dict[str, str]:
    """The dictionary ``name`` set at the top of the game's template ``partial`` (its cards, roles or
    methods as the players' mail names them), in ``language``."""
    return dict(getattr(renderer.template(language, partial, kind).module, name))
