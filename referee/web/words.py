"""The dashboard's words in English and Russian.

Pages write English and pass it through ``t``: in Russian each sentence is looked up here (written
as a Russian speaker would say it, not word for word); one missing is a test failure, not a page
in two languages. ``{name}`` fields are filled after the lookup. What belongs to one game — its name,
its letters' names, the sentences of its own fragments (``templates/web/<kind>/``) — is the game's
(``GameKind``), asked here; no game is named in this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games import games

LANGUAGES: tuple[str, ...] = ("en", "ru")

REASONS: dict[str, str] = {
    "sign_in": "Please sign in to see this page.",
    "csrf": "This form is out of date or did not come from this site. Reload the page and try again.",
    "not_found": "There is no such page, or it is not yours to see.",
    "sign_in_player": "Please sign in with the link the referee mailed you.",
    "bad_query": "The page's address holds a value the site cannot read: a number of at most nine digits "
    "is expected. Check the link.",
    "bad_form": "The form is too long or has too many fields. Shorten it and send it again.",
}
"""Why a request was refused, by key, in English (``RU`` has them in Russian)."""

_SHARED_LETTERS: dict[str, str] = {
    "welcome": "Welcome letter",
    "answer": "Answer to your orders",
    "announcement": "News",
    "master_note": "A word from the game-master",
    "reminder": "Reminder",
    "sign_in_link": "Sign-in link",
    "game_over": "Game over",
    "refusal": "Mail not taken",
    "held": "Mail kept until the game goes on",
    "confirm": "Was this mail yours?",
    "new_password": "New password",
    "password_later": "No more new passwords today",
    "password_wait": "Mail with a password not read yet",
    "too_big": "Mail too big to read",
    "withdrawn": "A report withdrawn",
}
"""What the player's page calls each kind of letter every game writes (in English; ``RU`` has them in
Russian); ``LETTER_NAMES`` adds each game's own (``GameKind.letters``)."""

MODE_NAMES: dict[str, str] = {
    "mail": "By mail (the web pages too, if you like)",
    "web": "On the web: by mail only the welcome, sign-in links and answers to your own mail",
    "both": "Both: the web pages, and by mail your reports with the talk you have not read here",
    "both_every": "Both: every mail, and the web pages",
}
"""How a player may play, as the page says it ("both_every": "both" in a game that mails everything
to those who play both, having no digests of what was not read on the web)."""

_PAGES_RU: dict[str, str] = {
    # sign-up
    "Sign-up": "Запись",
    "Games open for sign-up": "Игры, на которые идёт запись",
    "No game is open for sign-up just now. Come back later.": (
        "Сейчас ни на одну игру запись не идёт. Загляните попозже."
    ),
    "Seats: {seats}, free: {free}.": "Мест: {seats}, свободно: {free}.",
    "Sign-up closes at {when}.": "Запись заканчивается в {when}.",
    "Sign up for {game}": "Запись на игру {game}",
    "A mail is on its way to the address you typed. Your sign-up counts once you confirm it from there, "
    "before sign-up closes.": (
        "На указанный адрес отправлено письмо. Запись засчитается, когда вы подтвердите её оттуда, — "
        "успейте до окончания записи."
    ),
    "This game takes no sign-ups now.": "Сейчас запись на эту игру не идёт.",
    "Please type the name you want to play under.": "Укажите имя, под которым хотите играть.",
    "Someone has signed up under this name already. Please choose another.": (
        "Под этим именем уже кто-то записался. Выберите другое."
    ),
    "This name cannot be used in this game. Please choose another.": (
        "Это имя нельзя использовать в этой игре. Выберите другое."
    ),
    "Please type a mail address you can read.": "Укажите адрес почты, которую вы читаете.",
    "Name to play under": "Имя в игре",
    "Language of the referee's mail": "Язык писем судьи",
    "Your time zone (optional, e.g. Berlin)": "Ваш часовой пояс (необязательно, например: Берлин)",
    "Sign up": "Записаться",
    "The referee mails the address you type; the sign-up counts once you confirm it from there, so nobody "
    "can sign up someone else.": (
        "Судья напишет на указанный адрес, и запись засчитается, только когда вы подтвердите её оттуда: "
        "так никто не сможет записать другого человека."
    ),
    "You are signed up. A mail says whether you have a seat or are in the reserve.": (
        "Вы записаны. В письме сказано, досталось ли вам место или вы в резерве."
    ),
    "Your address is confirmed. The game-master accepts each player; you will be told.": (
        "Ваш адрес подтверждён. Каждого игрока одобряет ведущий; вам сообщат."
    ),
    "You have left the game.": "Вы отказались от участия в игре.",
    "You have left the game: someone else plays your character now.": (
        "Вы вышли из игры: вашим персонажем теперь играет другой человек."
    ),
    "Leave the running game": "Выйти из игры",
    "If you can no longer play, leave: someone else takes over your character, with all it has and knows, "
    "and you cannot come back.": (
        "Если играть больше не получается, выйдите: вашего персонажа со всем, что у него есть и что "
        "он знает, примет другой игрок, а вернуться вы уже не сможете."
    ),
    "Yes, I leave the game": "Да, я выхожу из игры",
    "This link does not work: it is not a sign-up of this game.": (
        "Эта ссылка не работает: она не относится к записи на эту игру."
    ),
    "Nothing changed. A mail tells you where your sign-up stands.": (
        "Ничего не изменилось. В письме сказано, как обстоят дела с вашей записью."
    ),
    "Press the button to leave this game before it starts.": (
        "Нажмите кнопку, чтобы отказаться от участия в игре до её начала."
    ),
    "Press the button to confirm your sign-up for this game.": (
        "Нажмите кнопку, чтобы подтвердить запись на эту игру."
    ),
    "Leave the game": "Отказаться от участия",
    "Confirm my sign-up": "Подтвердить запись",
    "Announced, taking sign-ups": "Объявлены, идёт запись",
    "Sign-up for {game}": "Запись на игру {game}",
    "At least {minimum} to start.": "Для начала нужно не меньше {minimum}.",
    "Each address's record across campaigns is for you alone; players never see it.": (
        "История каждого адреса по всем играм видна только вам; игроки её никогда не видят."
    ),
    "Place": "Место",
    "Name": "Имя",
    "Record": "История",
    "seat {number}": "место {number}",
    "reserve {number}": "резерв {number}",
    "Steps": "Действия",
    "Accept": "Одобрить",
    "Refuse": "Отклонить",
    "Move in line": "Переставить в очереди",
    "even below the minimum": "даже если не набран минимум",
    "Start the game": "Начать игру",
    "Call the game off": "Отменить игру",
    "The game has started.": "Игра началась.",
    "Done.": "Готово.",
    "in line": "в очереди",
    "not confirmed yet": "ещё не подтверждена",
    "awaits your approval": "ждёт вашего одобрения",
    "refused by the game-master": "отклонена ведущим",
    "left before the start": "отказался до начала",
    "playing": "в игре",
    "in the reserve": "в резерве",
    "disowned by the address": "адрес от неё отказался",
    "lapsed": "не подтверждена вовремя",
    "called off": "игра отменена",
    # a new campaign
    "New campaign": "Новая партия",
    (
        "A campaign is announced in the sign-up state: players sign up until it closes, then the game "
        "starts with those in line. You are its game-master ({email})."
    ): (
        "Партия объявляется с открытой записью: игроки записываются, пока запись не закончится, а затем "
        "игра начинается с теми, кто стоит в очереди. Ведущий партии — вы ({email})."
    ),
    "The campaign cannot be announced as it stands:": "В таком виде партию объявить нельзя:",
    "What will be created": "Что будет создано",
    "Nothing is created until you press the button.": "Пока вы не нажмёте кнопку, ничего не создаётся.",
    "Which game": "Игра",
    "Campaign id": "Код партии",
    "Seats": "Места",
    "{seats}; at least {minimum} to start": "{seats}; для начала нужно не меньше {minimum}",
    "Sign-up opens": "Начало записи",
    "at once, when announced": "сразу после объявления",
    "Sign-up closes": "Конец записи",
    "Language of the game": "Язык игры",
    "Schedule": "Расписание",
    "How characters are dealt": "Как раздаются персонажи",
    "Who puts a sign-up in line": "Кто ставит записавшихся в очередь",
    "First deadlines, if the game starts when sign-up closes": (
        "Первые сроки, если игра начнётся, как только закончится запись"
    ),
    "Each phase lasts as long as the schedule says, from when it opens.": (
        "Каждая фаза длится столько, сколько отводит на неё расписание, считая с её начала."
    ),
    "Game-master": "Ведущий",
    "Announce the campaign": "Объявить партию",
    "The equivalent campaign file": "Файл этой партии",
    "Keep it if you like: this command announces the same campaign from it:": (
        "Его можно сохранить: по нему эта команда объявит ту же партию:"
    ),
    "Change something": "Изменить",
    "from {least} to {most} players": "от {least} до {most} игроков",
    "Players write it in their mail: Latin letters, digits, “-” and “_”.": (
        "Игроки пишут его в письмах: латинские буквы, цифры, «-» и «_»."
    ),
    "the game's usual schedule": "обычное расписание игры",
    "usual": "обычное",
    (
        "Dates and times are the local time of the schedule's time zone, shown beside each schedule "
        "(a game's usual schedule: {zones})."
    ): (
        "Дата и время — местные, по часовому поясу расписания; пояс указан рядом с каждым расписанием "
        "(у обычных расписаний игр: {zones})."
    ),
    "Sign-up opens (empty: at once)": "Начало записи (если пусто — сразу)",
    "Seats wanted (empty: the most the game takes)": "Сколько нужно мест (если пусто — сколько вмещает игра)",
    "Fewest to start (empty: the fewest the game takes)": (
        "Сколько игроков нужно для начала (если пусто — наименьшее число, с которым можно играть)"
    ),
    "Seed of the deal (optional: a number or a word; the id when empty)": (
        "Зерно раздачи (необязательно: число или слово; если пусто — код партии)"
    ),
    "Preview": "Предпросмотр",
    "the file's check: {said}": "проверка файла: {said}",
    "Seed of the deal": "Зерно раздачи",
    "Seats wanted": "Сколько нужно мест",
    "Fewest to start": "Сколько игроков нужно для начала",
    "at random (from the seed)": "случайно (по зерну раздачи)",
    "in sign-up order": "в порядке записи",
    "the referee, once the address is confirmed": "судья, как только адрес подтверждён",
    "you, one by one": "вы сами, каждого отдельно",
    "Write a date and time, such as 2026-12-10 20:00.": "Укажите дату и время, например 2026-12-10 20:00.",
    "Sign-up must close after it opens.": "Запись должна заканчиваться позже, чем начинается.",
    "Say when sign-up closes.": "Укажите, когда заканчивается запись.",
    "Write a whole number from {least} to {most}: no more than the seats wanted.": (
        "Укажите целое число от {least} до {most}: не больше, чем нужно мест."
    ),
    "Write a whole number from {least} to {most}.": "Укажите целое число от {least} до {most}.",
    "Use 1 to 63 Latin letters, digits, “-” or “_”, beginning with a letter or a digit.": (
        "Код — это от 1 до 63 латинских букв, цифр, знаков «-» и «_»; первой должна идти буква или цифра."
    ),
    "Write a number or a word.": "Укажите число или слово.",
    "A game or campaign with this id exists already: choose another.": (
        "Партия с таким кодом уже есть: выберите другой код."
    ),
    "Remove the invisible or control character.": "Уберите невидимый или управляющий символ.",
    "This schedule cannot be used.": "Это расписание использовать нельзя.",
    "Choose one of the values offered.": "Выберите один из предложенных вариантов.",
    "The campaign is announced.": "Партия объявлена.",
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
    "Too many attempts. Wait a few minutes and try again.": (
        "Слишком много попыток. Подождите несколько минут и попробуйте снова."
    ),
    # refusals
    REASONS["sign_in"]: "Чтобы открыть эту страницу, войдите.",
    REASONS["csrf"]: "Форма устарела или пришла не с этого сайта. Обновите страницу и попробуйте ещё раз.",
    REASONS["not_found"]: "Такой страницы нет, или она вам недоступна.",
    REASONS["bad_query"]: (
        "В адресе страницы есть значение, которое сайт не может прочесть: ожидается число не длиннее "
        "девяти цифр. Проверьте ссылку."
    ),
    REASONS["bad_form"]: (
        "Форма слишком длинная или в ней слишком много полей. Сократите её и отправьте снова."
    ),
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
    "waiting": "в очереди",
    "refused": "отвергнуто",
    "Last mail": "Последнее письмо",
    "State": "Состояние",
    "running": "идёт",
    "paused": "на паузе",
    "paused until {when}": "на паузе до {when}",
    "finished": "окончена",
    "stopped on an error": "остановлена из-за ошибки",
    "nobody": "никто",
    "never": "ещё не было",
    "no deadline": "без срока",
    "This page updates by itself.": "Страница обновляется сама.",
    "Filters": "Фильтры",
    "any state": "в любом состоянии",
    "taking sign-ups": "идёт набор",
    "stopped": "остановлена",
    "any game": "любая игра",
    "Game-master's address": "Адрес ведущего",
    "Name contains": "В названии есть",
    "Show": "Показать",
    "Clear the filters": "Сбросить фильтры",
    "No game matches these filters.": "Ни одна партия не подходит под эти условия.",
    "Found: {count}. Newest first.": "Найдено: {count}. Сначала новые.",
    "Page {page} of {pages}.": "Страница {page} из {pages}.",
    "Pages": "Страницы",
    "newer": "более новые",
    "older": "более старые",
    "sign-up": "набор игроков",
    "sign-up closes": "набор закрывается",
    "cancelled before the start": "отменена до начала",
    # one game
    "The castle": "Замок",
    "now": "сейчас",
    "after {phase}": "после фазы «{phase}»",
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
    "accepted": "принято",
    "held": "отложено",
    "ignored": "пропущено",
    "duplicate": "повтор",
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
    "for how long (e.g. 2h, 1d; empty: until resumed)": (
        "на сколько (например, 2h, 1d; пусто — до возобновления)"
    ),
    "Result": "Итог",
    "Days": "Дни",
    "Winners": "Победители",
    "nobody won": "никто не победил",
    "Score": "Очки",
    "The game is over": "Игра окончена",
    "rolled back": "откачено",
    "resolved again": "разрешено заново",
    "withdrawn": "отозвано",
    "As they saw it after": "Как игрок видел партию после фазы",
    "As {name} saw the game after {phase}": "Так {name} видел(а) партию после фазы «{phase}»",
    "Tick the confirm box first: nothing was done.": (
        "Сначала поставьте галочку «подтверждаю»: ничего не сделано."
    ),
    "Done": "Готово",
    "Refused": "Отказано",
    # preview, answer, see as
    "What resolving {phase} now would do": "Что произойдёт, если разрешить фазу «{phase}» сейчас",
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
    "Deaths": "Смерти",
    "day {day}": "день {day}",
    # the players' pages
    REASONS["sign_in_player"]: "Войдите по ссылке, которую вам прислал судья.",
    "Players' sign-in": "Вход для игроков",
    "Your game": "Ваша игра",
    (
        "This link does not work any more: it was used already, it is more than three days old, or "
        "it was sent to an address that no longer plays this character."
    ): (
        "Эта ссылка больше не действует: по ней уже входили, ей больше трёх дней или она была отправлена "
        "на адрес, с которого этим персонажем больше не играют."
    ),
    ("If this address plays in a game here, a sign-in link is on its way to it. Check your mail."): (
        "Если с этого адреса играют в одной из здешних партий, ссылка для входа уже отправлена на него. "
        "Проверьте почту."
    ),
    (
        "Players sign in with a link the referee mails to the address they play from. Type that "
        "address and the link is mailed to it; or write LINK to the referee by mail."
    ): (
        "Игроки входят по ссылке, которую судья присылает на адрес, с которого они играют. Введите этот "
        "адрес — и ссылка придёт на него; или напишите судье письмо со словом ССЫЛКА."
    ),
    "Mail me a link": "Прислать ссылку",
    "Game-masters sign in here": "Вход для ведущих",
    "Players sign in here": "Вход для игроков",
    "Sign in to game {game}": "Вход в партию {game}",
    "The link works once. Press the button to sign in on this device.": (
        "Ссылка срабатывает один раз. Нажмите кнопку, чтобы войти на этом устройстве."
    ),
    "game {game}": "партия {game}",
    "Deadline": "Срок приказов",
    "You": "Вы",
    "Your character has died. You read the public news only.": (
        "Ваш персонаж погиб. Вам видны только общие новости."
    ),
    "Rooms": "Комнаты",
    "Each room holds exactly the talk you heard there, with your arrivals and departures.": (
        "В каждой комнате — ровно те разговоры, которые вы там слышали, и отметки, когда вы пришли и ушли."
    ),
    "{count} messages": "сообщений: {count}",
    "you are here": "вы здесь",
    "Other rooms": "Другие комнаты",
    "Say where you are": "Сказать там, где вы сейчас",
    "Heard by everyone in the room with you now, as a mail would be": (
        "Услышат все, кто сейчас рядом с вами, — так же, как если бы вы написали письмо"
    ),
    "Say it": "Сказать",
    "Orders": "Приказы",
    "Your orders, one per line, as in a mail": "Ваши приказы, по одному в строке, как в письме",
    "Send the orders": "Отправить приказы",
    "Your searches": "Ваши обыски",
    "nothing found": "ничего не найдено",
    "Your traps": "Ваши ловушки",
    "caught": "попался",
    "{count} of 3 right": "угадано {count} из 3",
    "Public news": "Общие новости",
    "Your mail from the referee": "Ваши письма от судьи",
    "How you play": "Как вы играете",
    "Answers to the orders you mail": "Ответы на приказы, присланные по почте",
    "When should the answer to a mail of orders come?": "Когда присылать ответ на письмо с приказами?",
    "At once, a mail for each mail (ANSWERS NOW)": "Сразу, отдельным письмом на каждое письмо (ОТВЕТЫ СРАЗУ)",
    (
        "In the next letter you get anyway, once nothing more is asked of you (ANSWERS IN REPORT); "
        "a line not taken is still answered at once"
    ): (
        "В следующем письме, которое придёт и так, когда от вас больше ничего не ждут (ОТВЕТЫ В СВОДКЕ); "
        "на непринятую строку судья всё равно ответит сразу"
    ),
    "Mail the reports to me?": "Присылать ли отчёты по почте?",
    "By mail (the web pages too, if you like)": "По почте (страницы игры — по желанию)",
    ("On the web: by mail only the welcome, sign-in links and answers to your own mail"): (
        "На страницах игры: по почте только приветствие, ссылки для входа и ответы на ваши письма"
    ),
    "Both: the web pages, and by mail your reports with the talk you have not read here": (
        "И то и другое: страницы здесь, а по почте — сводки с разговорами, которые вы ещё не прочли здесь"
    ),
    "Both: every mail, and the web pages": "И то и другое: вся почта и страницы здесь",
    "Save": "Сохранить",
    "Your choice is saved.": "Ваш выбор сохранён.",
    "night": "ночь",
    "hour {hour}": "час {hour}",
    "you came in from {place}": "вы пришли сюда из места «{place}»",
    "you left for {place}": "вы ушли отсюда в место «{place}»",
    "Nothing has been said here while you were present.": "Пока вы были здесь, никто ничего не сказал.",
    "Nothing was said here on day {day} while you were present.": (
        "В {day}-й день, пока вы были здесь, никто ничего не сказал."
    ),
    "Earlier days": "Прошлые дни",
    "Exactly what you heard here, and only while you were here.": (
        "Ровно то, что вы здесь слышали, и только пока были здесь."
    ),
    "Back to your page": "На вашу страницу",
    "The referee's answer": "Ответ судьи",
    "The same answer a mail would have brought.": "Тот же ответ, что пришёл бы на письмо.",
    "Back": "Назад",
    "A letter": "Письмо",
    "Welcome letter": "Приветственное письмо",
    "Answer to your orders": "Ответ на ваши приказы",
    "News": "Новости",
    "A word from the game-master": "Слово ведущего",
    "Reminder": "Напоминание",
    "Sign-in link": "Ссылка для входа",
    "Game over": "Игра окончена",
    "Mail not taken": "Письмо не принято",
    "Mail kept until the game goes on": "Письмо ждёт продолжения игры",
    "Was this mail yours?": "Это ваше письмо?",
    "New password": "Новый пароль",
    "No more new passwords today": "Новых паролей сегодня больше не будет",
    "Mail with a password not read yet": "Письмо с паролем пока не прочитано",
    "Mail too big to read": "Письмо слишком большое",
    "A report withdrawn": "Отчёт отменён",
}
"""Every sentence of the pages shared by all games in Russian, by its English."""


def kind_names() -> dict[str, str]:
    """What the pages call each registered game, by kind (in English; ``t`` says it in Russian)."""
    return {game.kind: game.name("en") for game in games()}


def letter_names() -> dict[str, str]:
    """What the player's page calls each letter, by its template: the shared ones and each game's."""
    names = dict(_SHARED_LETTERS)
    for game in games():
        names.update({template: texts["en"] for template, texts in game.letters.items()})
    return names


def game_words(language: str) -> dict[str, str]:
    """Each registered game's sentences in ``language``, by their English: the game's name, the names
    of its letters and the sentences of its own web fragments."""
    words: dict[str, str] = {}
    for game in games():
        words[game.name("en")] = game.name(language)
        words.update({texts["en"]: texts.get(language, texts["en"]) for texts in game.letters.values()})
        words.update(game.web_words.get(language, {}))
    return words


LETTER_NAMES: dict[str, str] = letter_names()
"""What the player's page calls each letter of the games registered when the pages were loaded."""

RU: dict[str, str] = {**_PAGES_RU, **game_words("ru")}
"""Every sentence of the pages in Russian, by its English: the shared ones and the games'."""


def translator(language: str) -> Callable[..., str]:
    """``t(english, **fields)`` for ``language``: the sentence in that language with its fields filled.

    A sentence that is not in the catalog comes back as given (the referee's own sentences about an
    action, which are the same in the mail to game-masters)."""
    table = {**_PAGES_RU, **game_words("ru")} if language == "ru" else {}

    def t(english: str, **fields: Any) -> str:
        text = table.get(english, english)
        return text.format(**fields) if fields else text

    return t
