"""Why an action was refused, in the game-master's language.

The application layer says why it refuses in English (``RefereeError``, ``ValueError``); the web's
pages and the game-master's mail say it in the game-master's language through ``refusal``.
"""

from __future__ import annotations

import re

_GAME = r"game '(?P<game>[^']+)'"

REFUSALS_RU: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(english), russian)
    for english, russian in (
        (_GAME + r" is paused already", "партия {game} уже на паузе"),
        (_GAME + r" is not paused", "партия {game} не на паузе"),
        (r"a pause must end after it begins", "пауза должна кончаться позже, чем начинается"),
        (_GAME + r" is over; its clock cannot change", "партия {game} окончена: её часы больше не меняются"),
        (_GAME + r" is over; there is nothing left to resolve",
         "партия {game} окончена: разрешать больше нечего"),
        (_GAME + r" has no calendar", "у партии {game} нет календаря"),
        (r"(?P<name>.+) has had no report yet", "сводок для персонажа {name} ещё не было"),
        (r"an announcement needs a text", "у объявления нет текста"),
        (r"there are no orders to enter", "приказов нет: впишите хотя бы один"),
        (r"'(?P<email>.+)' is not an address a player can be reached at",
         "{email} — не адрес, по которому можно писать игроку"),
        (r"nothing of " + _GAME + r" has been resolved yet; there is nothing to roll back",
         "в партии {game} ещё ничего не разрешено: откатывать нечего"),
        (r"the resolution of (?P<phase>\S+) was rolled back already; .*",
         "разрешение фазы {phase} уже откачено; откатить можно только последнее разрешение, "
         "а эта фаза ещё не разрешена заново"),
        (r"a shift of nothing changes nothing", "сдвиг на ноль ничего не меняет"),
        (_GAME + r" has no character called '(?P<name>[^']+)'; its characters: (?P<names>.*)",
         "в партии {game} нет персонажа «{name}»; персонажи: {names}"),
        (_GAME + r" stands still after an error in its rules.*",
         "партия {game} остановлена из-за ошибки в правилах; "
         "после исправления её снова запускает `referee retry {game}`"),
        (r"(?P<game>\S+): (?P<phase>\S+) was resolved already", "{game}: фаза {phase} уже разрешена"),
        (_GAME + r" is running; there is nothing to retry", "партия {game} идёт: перезапускать нечего"),
        (r"the rules failed again \((?P<why>.*)\); the game stays stopped",
         "правила снова дали сбой ({why}); партия остаётся остановленной"),
        (r"'(?P<text>.*)' is not a duration; write e.g. (?P<examples>.*)",
         "«{text}» — не промежуток времени; напишите, например, {examples}"),
    )
)  # fmt: skip
"""Why an action was refused, as the application layer says it in English, and in Russian."""


def refusal(error: str | Exception, language: str) -> str:
    """Why an action was refused, in ``language``: an error that words itself (``said(language)``, as
    the actions' reader does) says it; a reason not known here stays as it was said."""
    said = getattr(error, "said", None)
    if callable(said):
        return str(said(language))
    message = str(error)
    if language != "ru":
        return message
    for pattern, russian in REFUSALS_RU:
        found = pattern.fullmatch(message)
        if found is not None:
            return russian.format(**found.groupdict())
    return message
