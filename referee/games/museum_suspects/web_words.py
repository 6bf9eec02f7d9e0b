"""The sentences of the web pages' Museum Suspects parts (``templates/web/museum-suspects/``) in Russian,
by their English: the museum, the clues, what a player holds and knows, the solution.

The pages pass each English sentence through ``t``; ``referee.web.words`` finds these through
``GameKind.web_words``. Sentences the shared pages already say ("now", "Result" …) are not repeated.
"""

from __future__ import annotations

WEB_WORDS: dict[str, dict[str, str]] = {
    "ru": {
        # the museum
        "The museum": "Музей",
        "Round {round} of {rounds}: {seat}'s turn": "Раунд {round} из {rounds}, ходит {seat}",
        "Players": "Игроки",
        "you": "вы",
        "A number is a token's value; “?” is a token lying face down.": (
            "Число — значение жетона, «?» — жетон, лежащий рубашкой вверх."
        ),
        "Row": "Ряд",
        "Row {row}": "Ряд {row}",
        "thief": "вор",
        "cleared": "вне подозрений",
        "Emergency Exit": "Запасный выход",
        "no tokens": "жетонов нет",
        # the clues
        "The clues": "Улики",
        "The values of the tokens on the clues are public.": "Значения жетонов на уликах видны всем.",
        "Clue": "Улика",
        "Clue {number}": "Улика {number}",
        "Tokens": "Жетоны",
        "What it says": "Что на ней написано",
        "you have not looked at it": "вы её не видели",
        "Clears": "Кого оправдывает",
        "no suspect": "никого",
        # the solution
        "The solution (only you see it)": "Разгадка (её видите только вы)",
        "The thief escaped: every suspect is cleared.": "Вор сбежал: оправданы все подозреваемые.",
        "The thief: {who}.": "Вор — {who}.",
        "The thieves: {who}.": "Воры — {who}.",
        # what a player holds and knows
        "What you hold and know": "Что у вас есть и что вы знаете",
        "It is your turn: investigate a clue, then suggest a suspect.": (
            "Ваш ход: сначала исследуйте улику, затем выскажите подозрение."
        ),
        "Clues you may investigate now: {clues}.": "Сейчас вам доступны улики: {clues}.",
        "None of your tokens is high enough for any clue: suggest a suspect straight away.": (
            "Ни один ваш жетон не годится ни для одной улики: сразу выскажите подозрение."
        ),
        "Your tokens": "Ваши жетоны",
        "none left": "не осталось",
        "Your suggestions": "Ваши подозрения",
        "put there at the deadline": "положен судьёй, когда истёк срок",
        "Clues you have looked at": "Улики, которые вы видели",
        "You have not looked at any clue yet.": "Вы ещё не смотрели ни одной улики.",
        # the player's notebook
        "Notebook": "Блокнот",
        "Only the clues you looked at yourself.": "Только по уликам, которые вы видели сами.",
        "Still suspected: {count} of {total}.": "Под подозрением: {count} из {total}.",
        "Every suspect is cleared: the thief escaped.": "Оправданы все подозреваемые: вор сбежал.",
        "The thief may yet have escaped, if the clues you have not seen clear the rest.": (
            "Вор ещё мог сбежать, если улики, которых вы не видели, оправдают остальных."
        ),
        "The thief cannot have escaped: the clues you have not seen cannot clear everyone left.": (
            "Вор не мог сбежать: улики, которых вы не видели, не оправдают всех оставшихся."
        ),
        "Room": "Комната",
        "Suspect": "Подозреваемый",
        "In your notebook": "В вашем блокноте",
        "surely a thief": "наверняка вор",
        "still suspected": "под подозрением",
        # the game-master's table of the players
        "What each player holds and knows": "Что есть у каждого игрока и что он знает",
        "Player": "Игрок",
        "Tokens in hand": "Жетоны на руках",
        "Suggestions": "Подозрения",
        "Clues looked at": "Просмотренные улики",
    }
}
"""Every sentence of the Museum Suspects web fragments in Russian, by its English."""
