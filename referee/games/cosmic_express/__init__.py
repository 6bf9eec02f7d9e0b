"""Murder on the Cosmic Express: the rules CE-1 … CE-9 as pure functions.

- ``cards``: roles, items, decks by player count, English and Russian names (CE-1, CE-2)
- ``deal``: the game file's set-up and the deal of every round (CE-3, CE-8, CE-9)
- ``state``, ``apply``, ``snapshot``: the state as the fold of the events
- ``parse``: the order language, English and Russian
- ``trading``: offers, answers, swaps with the Dummy, DONE (CE-4, CE-9)
- ``interrogation``: talk and the arrest (CE-5, CE-6)
- ``resolve``, ``winners``: closing phases, the reveal, the winners, the standings (CE-6 … CE-8)
- ``views``, ``notices``, ``bot``: what each reader may know and a simple player

A round has two phases: "trading" (schedule stage "trading", CE-4) and "interrogation"
(stage "interrogation", CE-5); the arrest and the reveal (CE-6) end the round.

Decisions taken where the rules are silent:
- The trading window closes at its deadline, or at once when every player has sent DONE.
  DONE is final for the round: it withdraws the player's open offers, refuses the offers
  made to them, is told to everyone (as stopping trading is seen at a table), and nobody
  may offer to a player who is done. So no offer is open when everyone is done.
- Offers still open when the window closes expire: no swap.
- A card lies in at most one open offer (two Candles may be offered separately); a card in
  an open offer cannot be swapped with the Dummy; accepting with a card that lies in one
  of the acceptor's own open offers withdraws that offer (its card is gone).
- Offer ids (O1, O2 …) are unique in the whole game, across rounds.
- Table talk exists only in the interrogation (CE-5): a mail with no order lines is then
  relayed to every other player; in the trading window it is refused.
- The Detective is revealed to all when the interrogation opens; only the Detective may
  ARREST, not themselves; ARREST DUMMY only with three players. Without an arrest by the
  deadline nobody is arrested, so the Murderer is not arrested (CE-5 ruling).
- CE-6 shows the weapon before the Detective arrests: the Detective may send REVEAL, which
  turns the weapon over for everyone and ends the talk, then ARREST; an ARREST without
  REVEAL shows the weapon and all cards at once. No talk is relayed after REVEAL or ARREST.
- CE-7: holding the weapon = holding a card of its kind; the Murderer must hold two cards
  of the weapon's kind (both left in play), or one when the weapon is Trash; the Liar's
  "nobody else has won" counts players only (the Dummy never wins); the Butler needs two
  Trash whatever the weapon is.
- CE-8: a game file's ``rounds = N`` plays N rounds; ``longer = true`` plays one round per
  player. Each round is dealt afresh from the seed (a fixed deal fixes round 1 only).
  "Wins" counts every round won in any role; ties go to Detective wins, then Murderer
  wins, then the tied players share first place. Nobody wins a game in which nobody won
  a round.
"""

from __future__ import annotations

from operator import attrgetter, methodcaller

from referee.core.kind import GameKind, Schedules
from referee.core.rules import GameRules
from referee.games.cosmic_express import apply, bot, deal, demo, notices, orders, resolve, snapshot, views
from referee.games.cosmic_express.deal import SetupError
from referee.games.cosmic_express.state import GameState

__all__ = ["GAME", "RULES", "SetupError"]

NOTICES = frozenset(
    {"welcome", "answer", "news", "talk", "weapon_shown", "interrogation", "round_over", "game_over"}
)
"""The templates of the notices these rules write, and of the answer to a player's orders."""

REASONS = frozenset(
    {
        "accept_needs_item",
        "already_arrested",
        "already_done",
        "already_revealed",
        "arrest_self",
        "arrest_too_early",
        "bad_offer_id",
        "bad_slot",
        "game_over",
        "item_in_offer",
        "missing_arguments",
        "no_dummy",
        "not_detective",
        "not_holding",
        "not_your_offer",
        "offer_closed",
        "offer_not_to_you",
        "offer_self",
        "offer_to_dummy",
        "own_offer",
        "player_done",
        "reveal_too_early",
        "say_empty",
        "swap_only_dummy",
        "talk_in_trading",
        "talk_over",
        "trading_closed",
        "unknown_item",
        "unknown_offer",
        "unknown_order",
        "unknown_player",
        "you_are_done",
    }
)
"""Every reason code a refused line of orders may carry (the parser's and the judges')."""

RULES: GameRules[GameState] = GameRules(
    kind="cosmic-express",
    early_close=True,
    setup_keys=frozenset({"weapon", "dummy", "rounds", "longer"}),
    player_keys=frozenset({"role", "items"}),
    notice_templates=NOTICES,
    refusal_reasons=REASONS,
    start=deal.start,
    apply=apply.apply,
    phase=attrgetter("phase"),
    finished=attrgetter("finished"),
    waiting=methodcaller("waiting"),
    answers_in_report=GameState.answers_in_report,
    submit=orders.submit,
    resolve=resolve.resolve,
    notices=notices.notices,
    welcome=notices.welcome,
    answer=notices.answer,
    relays=notices.relays,
    master_view=views.master_view,
    player_view=views.player_view,
    bot=bot.bot_orders,
    describe=views.describe,
    dump=snapshot.dump,
    load=snapshot.load,
)
"""The Cosmic Express rules behind the core's ``Rules`` protocol."""

GAME = GameKind(
    rules=RULES,
    names={"en": "Murder on the Cosmic Express", "ru": "Убийство в Космическом экспрессе"},
    summary={
        "en": (
            "Three to six passengers trade cards for their role's winning hand before the Undercover "
            "Detective arrests the Murderer."
        ),
        "ru": (
            "От трёх до шести пассажиров меняются картами, чтобы собрать выигрышную руку своей роли, "
            "пока Детектив под прикрытием не арестует убийцу."
        ),
    },
    schedules=Schedules(default="cosmic-express", demo="cosmic-express-fast"),
    demo=demo.DEMO,
    letters={
        "talk": {"en": "Talk", "ru": "Разговор"},
        "news": {"en": "News", "ru": "Новости"},
        "interrogation": {"en": "The interrogation begins", "ru": "Начало допроса"},
        "weapon_shown": {"en": "The murder weapon shown", "ru": "Орудие убийства показано"},
        "round_over": {"en": "End of the round", "ru": "Конец раунда"},
    },
    web_words={
        "ru": {
            # the game-master's page
            "Round {round} of {rounds}": "Раунд {round} из {rounds}",
            "trading": "обмен",
            "interrogation": "допрос",
            "The murder weapon, face down in the middle": (
                "Орудие убийства, лежащее рубашкой вверх в центре стола"
            ),
            "only you and the Murderer know it until it is shown": (
                "пока его не покажут, его знаете только вы и Убийца"
            ),
            "Every player's cards": "Карты всех игроков",
            "Player": "Игрок",
            "Role": "Роль",
            "Cards": "Карты",
            "Trading": "Обмен",
            "over": "закончен",
            "going on": "продолжается",
            "Open offers": "Открытые предложения",
            "Offer": "Предложение",
            "From": "От кого",
            "To": "Кому",
            "Card offered": "Предложенная карта",
            "None.": "Нет.",
            "Trading and interrogation, round by round": "Обмен и допрос по раундам",
            "Round {round}": "Раунд {round}",
            "Interrogation": "Допрос",
            "Nothing yet.": "Пока ничего.",
            # a player's page and "see as"
            "Your role": "Ваша роль",
            "Your cards": "Ваши карты",
            "The murder weapon": "Орудие убийства",
            "face down: only the Murderer knows it": "лежит рубашкой вверх: его знает только Убийца",
            "The Detective": "Детектив",
            "not revealed yet": "ещё не раскрыт",
            "Done trading": "Закончили обмен",
            "Under arrest": "Под арестом",
            "Your open offers": "Ваши открытые предложения",
            "Your card": "Ваша карта",
            "Offers made to you": "Предложения вам",
            "Their card": "Предложенная вам карта",
            "face down": "рубашкой вверх",
            "Your swaps this round": "Ваши обмены в этом раунде",
            "Swapped with": "С кем",
            "You gave": "Вы отдали",
            "You got": "Вы получили",
            "the Dummy, card {slot}": "Болван, карта № {slot}",
            "Offers closed without a swap": "Предложения, закрытые без обмена",
            "Outcome": "Чем закончилось",
            "you": "вы",
            "turned down": "отклонено",
            "turned down: the player it was made to finished trading": "отклонено: получатель закончил обмен",
            "withdrawn": "отозвано",
            "withdrawn: its maker finished trading": "отозвано: автор предложения закончил обмен",
            "withdrawn: the card went in another swap": "отозвано: карта ушла в другом обмене",
            "expired: trading closed before an answer": "пропало: обмен закрылся раньше, чем пришёл ответ",
            "Swaps this round": "Обмены в этом раунде",
            "Everyone is told who swapped with whom, never which cards.": (
                "Всем сообщают, кто с кем поменялся, но не какими картами."
            ),
            "Who": "Кто",
            "What was said at the interrogation": "Что говорили на допросе",
            # the rounds played
            "Rounds played": "Сыгранные раунды",
            "weapon: {weapon}": "орудие — {weapon}",
            "under arrest: {name}": "под арестом — {name}",
            "nobody arrested": "никого не арестовали",
            "won: {names}": "победа — {names}",
            "Cards at the end": "Карты в конце раунда",
            "won": "победа",
            "lost": "проигрыш",
            "Standings": "Турнирная таблица",
            "Wins": "Победы",
            "Wins as the Detective": "Победы за Детектива",
            "Wins as the Murderer": "Победы за Убийцу",
        }
    },
)
"""Murder on the Cosmic Express as the referee knows it: its rules, names, demo and the words of its web
pages."""
