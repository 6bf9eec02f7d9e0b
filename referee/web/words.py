"""The dashboard's words in English and Russian.

Pages write English and pass it through ``t``: in Russian each sentence is looked up here (written
as a Russian speaker would say it, not word for word); one missing is a test failure, not a page
in two languages. ``{name}`` fields are filled after the lookup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "ru")

REASONS: dict[str, str] = {
    "sign_in": "Please sign in to see this page.",
    "csrf": "This form is out of date or did not come from this site. Reload the page and try again.",
    "not_found": "There is no such page, or it is not yours to see.",
}
"""Why a request was refused, by key, in English (``RU`` has them in Russian)."""

RU: dict[str, str] = {
    # the frame
    "Referee": "Судья",
    "Game-master's dashboard": "Панель ведущего",
    "Campaigns": "Партии",
    "Sign out": "Выйти",
    "Language": "Язык",
    "Skip to the content": "Перейти к содержимому",
    # signing in
    "Sign in": "Войти",
    "Email": "Эл. почта",
    "Password": "Пароль",
    "Sign in with the address and password of your game-master's account.": (
        "Войдите по адресу и паролю своей учётной записи ведущего."
    ),
    "Wrong address or password.": "Неверный адрес или пароль.",
    "Too many attempts. Wait a quarter of an hour and try again.": (
        "Слишком много попыток. Подождите четверть часа и попробуйте снова."
    ),
    # refusals
    REASONS["sign_in"]: "Чтобы открыть эту страницу, войдите.",
    REASONS["csrf"]: "Форма устарела или пришла не с этого сайта. Обновите страницу и попробуйте ещё раз.",
    REASONS["not_found"]: "Такой страницы нет, или она вам недоступна.",
    "Not allowed": "Нет доступа",
    "Back to the campaigns": "К списку партий",
    # campaigns
    "Signed in as {name}": "Вы вошли как {name}",
    "all games (admin)": "все партии (администратор)",
    "No games yet. A game appears here once its game file names you as master_email.": (
        "Партий пока нет. Партия появится здесь, когда в её файле ваш адрес будет указан как master_email."
    ),
    "Game": "Партия",
    "Kind": "Игра",
    "Phase": "Фаза",
    "Next boundary": "Следующий рубеж",
    "game's time": "время партии",
    "your time": "ваше время",
    "Alive": "Живы",
    "Still owe orders": "Ещё не прислали приказы",
    "Outbox": "Исходящие",
    "waiting": "ждут",
    "refused": "отвергнуто",
    "Last mail": "Последнее письмо",
    "State": "Состояние",
    "running": "идёт",
    "paused": "на паузе",
    "paused until {when}": "на паузе до {when}",
    "finished": "окончена",
    "stopped on an error": "остановлена из-за ошибки",
    "nobody": "никто",
    "none": "нет",
    "never": "ещё не было",
    "no deadline": "без срока",
    "This page updates by itself.": "Страница обновляется сама.",
    # one game
    "The castle": "Замок",
    "now": "сейчас",
    "after {phase}": "после фазы {phase}",
    "Step through the past": "Прошлые фазы",
    "full": "занято",
    "nobody here": "пусто",
    "Characters": "Персонажи",
    "Character": "Персонаж",
    "Player's address": "Адрес игрока",
    "Location": "Где",
    "Hand": "Карты",
    "Orders in force": "Действующие приказы",
    "Frags": "Фраги",
    "dead": "погиб(ла)",
    "See as": "Глазами игрока",
    "Mail": "Почта",
    "received": "получено",
    "sent": "отправлено",
    "failed": "не доставлено",
    "Timeline": "Ход партии",
    "Orders received": "Полученные приказы",
    "Nothing resolved yet.": "Пока ничего не разрешено.",
    "Holders of the seats": "Кто занимал места",
    "since": "с",
    "until": "по",
    "Audit log": "Журнал действий",
    "Actions": "Действия",
    "Each action asks you to tick “confirm” and is written to the audit log.": (
        "Каждое действие нужно подтвердить галочкой; все они записываются в журнал."
    ),
    "confirm": "подтверждаю",
    "Preview the resolution": "Предпросмотр разрешения",
    "Resolve now": "Разрешить сейчас",
    "Pause": "Пауза",
    "for how long (e.g. 2h, 1d; empty: until resumed)": (
        "на сколько (например, 2h, 1d; пусто — до возобновления)"
    ),
    "Resume": "Продолжить",
    "Shift the boundary": "Сдвинуть рубеж",
    "by (e.g. +2h, -30m)": "на (например, +2h, -30m)",
    "this boundary only": "только этот рубеж",
    "Substitute a player": "Заменить игрока",
    "new address": "новый адрес",
    "Resend the last report": "Отправить последний отчёт ещё раз",
    "Announce": "Объявить",
    "text to every player": "текст для всех игроков",
    "Enter orders for a character": "Ввести приказы за персонажа",
    "orders, one per line": "приказы, по одному в строке",
    "Roll back the last resolution": "Откатить последнее разрешение",
    "Rolling back is not available yet.": "Откат пока недоступен.",
    "Tick the confirm box first: nothing was done.": (
        "Сначала поставьте галочку «подтверждаю»: ничего не сделано."
    ),
    "Done": "Готово",
    "Refused": "Отказано",
    # preview, answer, see as
    "What resolving {phase} now would do": "Что произойдёт, если разрешить фазу {phase} сейчас",
    "Nothing has changed yet: this is a preview.": "Пока ничего не изменилось: это только предпросмотр.",
    "Events": "События",
    "Letters": "Письма",
    "Back to the game": "К партии",
    "The answer {name} would get by mail": "Ответ, который {name} получил(а) бы по почте",
    "{name}, as they see the game": "Партия глазами персонажа {name}",
    "This is exactly what the player is shown; nothing here is hidden from them or added.": (
        "Ровно то, что видит игрок: ничего не скрыто и ничего не добавлено."
    ),
    "Where": "Где",
    "With": "Рядом",
    "Talk heard": "Услышанные разговоры",
    "Searches": "Обыски",
    "Traps": "Ловушки",
    "Deaths": "Смерти",
    "Other characters": "Остальные персонажи",
    "alive": "жив(а)",
    "day {day}": "день {day}",
}
"""Every sentence of the pages in Russian, by its English."""


def translator(language: str) -> Callable[..., str]:
    """``t(english, **fields)`` for ``language``: the sentence in that language with its fields filled.

    A sentence that is not in the catalog comes back as given (the referee's own sentences about an
    action, which are the same in the mail to game-masters)."""
    table = RU if language == "ru" else {}

    def t(english: str, **fields: Any) -> str:
        text = table.get(english, english)
        return text.format(**fields) if fields else text

    return t
