"""What stands around an order and is no part of it: set aside so that the order can be read (TS-9,
TS-23 ruling).

Players narrate. Before, inside and after an order they write scenery — "Soaked to the bone, Anna
hurries to the kitchen", «Анна, озираясь, ищет нож и диван», «Анна зевает и ставит ловушку на …»,
«иду в гараж, потихоньку» — wrap it in long courtesy ("Would you be a dear and move me to …", "If it's
not a bother, …"), write as they chat ("look 4 rope n sink", "tmrw: kitchen"), put the object first
(«ловушку отменяю») or ask how to play («как тут ходить?»). ``plain`` returns the line with such parts
set aside or said the plain way; ``parse`` reads a line a second time that way when its first reading
held talk or a question back, and keeps the second reading only when it holds more orders and less
doubt.

Each rule is by class, not by word list alone: a clause is scenery when it names nothing — no room,
card or character, no order word, no time — and stands where scenery stands: first, before a comma,
followed by its subject or an order word; between a character's name and its verb; as the first of
two verbs of one subject; last, after a comma, made only of adverbs, a gerund clause (pymorphy3's
``GRND``) or a condition of courtesy. What names something is never set aside, so a second reading
cannot lose an order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial

from referee.core.russian import morph
from referee.games.ten_sailors.cards import HALL, KIND_OF, Kind
from referee.games.ten_sailors.lexicon import WORD, Missing, is_name, read_names
from referee.games.ten_sailors.times import find_times
from referee.games.ten_sailors.words import is_courtesy, is_setter, order_kind

HEDGES = frozenset(
    {"maybe", "perhaps", "possibly", "might", "should", "может", "возможно", "наверное", "наверно",
     "стоит", "either", "либо"}
)  # fmt: skip
"""Words that, before the order word, leave the plan open ("Maybe I'll go …", «Может, схожу …», "Should I
search …?"): the line is asked back, never read as an order nor said aloud; a clause holding one is
never scenery."""
OPEN = HEDGES | frozenset({"or", "или", "unless", "если", "if"})
"""Words that leave the order open or make it hang on something: a clause of them is no scenery (but a
courtesy «если можно» is, and "if it's no bother," before the order)."""
_CLAUSE_WORDS = 9
"""A clause of scenery is this many words at most ("Soaked to the bone and shivering," is five)."""
_CHAT = {
    "tmrw": "tomorrow", "tmr": "tomorrow", "tmrrw": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow",
    "tomoz": "tomorrow", "2nite": "tonight", "2night": "tonight", "tonite": "tonight",
    "mv": "move", "srch": "search", "cncl": "cancel", "cxl": "cancel", "canx": "cancel",
    "goto": "go to", "n": "and", "&": "and", "+": "and",
    "pls": "please", "plz": "please", "thx": "thanks", "u": "you", "ur": "your", "rm": "room",
    "stat": "status", "лов": "ловушка", "лов.": "ловушка",
}  # fmt: skip
"""Chat spellings of English words, said plainly."""
_CHAT_WORD = re.compile(
    r"(?<![\w'’])(" + "|".join(map(re.escape, sorted(_CHAT, key=len, reverse=True))) + r")(?![\w'’])", re.I
)
_NUMBER_WORD = re.compile(r"(?<=\s)([42])(?=\s+(?:the\s+|a\s+|an\s+)?[A-Za-z])")
"""A digit said for a word ("look 4 a knife", "go 2 the study"): only between words, never a time."""
_SUBJECTS = frozenset({"i", "я", "i'd", "i'll", "i'm", "i’d", "i’ll", "i’m", "мой", "моя", "my"})
_AND = re.compile(r"\s*(?:,\s*)?\b(?:and then|and|then|и|а потом|потом|затем)\b\s*|\s*,\s*", re.I)
_COURTESYOPENINGS = re.compile(
    r"^\s*(?:(?:h+m+|u+m+|e+r+m*|well|so|oh|ah|э+м*|ну|х+м+|так|ой)\s*[,.…!]*\s+)?"  # "Hmm, I was wondering…"
    r"(?:(?:(?:would|could|will|can)\s+you\s+(?:mind\s+)?)?(?:please\s+)?(?:have|having|let|get)\s+me\s+(?:to\s+)?"
    r"(?!(?:tell|say|know|think|see|explain|ask|guess|check\s+(?:with|if))\b)(?=\w)"
    r"|(?:would|could|will|can)\s+you\s+(?:please\s+)?(?:be\s+)?(?:so\s+kind|kind\s+enough|a\s+dear|"
    r"an\s+angel|good\s+enough|so\s+good)\s+(?:as\s+)?(?:and|to)\s+"
    r"|(?:might|may|can|could)\s+i\s+(?:trouble|bother|ask)\s+you\s+(?:to|and)\s+"
    r"|(?:будьте|будь)\s+(?:добры|добр|добра|любезны|любезен|любезна|другом)\s*,?\s*"
    r"|не\s+сочтите\s+за\s+труд\s*,?\s*"
    r"|(?:sorry|apologies|excuse\s+me)(?:\s+to\s+(?:be\s+a\s+(?:bother|pain|nuisance)|bother\s+you|trouble\s+you"
    r"|ask(?:\s+again)?))?\s*,?\s*but\s+"
    r"|(?:извините|простите|прошу\s+прощения)(?:\s+за\s+беспокойство)?\s*,?\s*но\s+"
    r"|(?:is|would|will)\s+it\s+(?:be\s+)?(?:possible|ok(?:ay)?|alright|all\s+right)\s+(?:for\s+(?:me|\w+)\s+)?to\s+"
    r"|(?:i'?d|i\s+would|i'?ll|i\s+will)\s+be\s+(?:grateful|glad|thankful)\s+if\s+(?:you\s+(?:could|would)\s+)?"
    r"|(?:maybe|perhaps)\s+(?=(?:send|move|take|put|let)\b)"
    r"|i\s+(?:was\s+|am\s+|'m\s+)?wonder(?:ing)?\s+(?:if|whether)\s+"
    r"(?:i\s+(?:might|may|could|can)\s+(?:maybe\s+|perhaps\s+|possibly\s+)?|(?=i\b))|(?:do|would)\s+you\s+mind\s+if\s+(?=i\b)|(?:is|would)\s+it\s+(?:be\s+)?(?:ok(?:ay)?|alright|all\s+right|fine)\s+if\s+(?=i\b)"
    r"|(?:is|would)\s+it\s+(?:be\s+)?(?:ok(?:ay)?|alright|all\s+right|fine)\s+if\s+(?=(?-i:[A-ZА-ЯЁ])\w+\s)"
    r"|если\s+(?:вас|тебя)\s+не\s+затрудн\w+\s*,?\s*|если\s+(?:вам\s+|тебе\s+)?не\s+(?:трудно|сложно)\s*,?\s*"
    r"|(?:вы\s+)?не\s+(?:против|возражаете)\s*,?\s*если\s+(?=я\b)|ничего\s*,?\s*если\s+(?=я\b)"
    r"|нельзя\s+ли\s+(?:мне\s+)?"
    r"|было\s+бы\s+(?:очень\s+)?(?:здорово|неплохо|хорошо|славно|классно|чудесно)\s*,?\s*(?:если\s+бы\s+(?:мне\s+)?)?"
    r"|it\s+would\s+be\s+(?:really\s+|so\s+)?(?:great|nice|lovely|good|wonderful)\s+(?:if\s+(?=i\b)|to\s+)"
    r"|(?:when(?:ever)?\s+you\s+(?:get|have|find)\s+a\s+(?:moment|minute|second|sec|chance)|at\s+your\s+(?:convenience|leisure)"
    r"|(?:когда|как)\s+(?:будет|найдётся|найдется)\s+(?:минутка|минута|время|возможность))\s*,\s*"
    r"|(?:буду|была\s+бы|был\s+бы)\s+(?:очень\s+)?(?:признател\w+|благодар\w+|рад\w*)\s*,?\s*если\s+(?:вы\s+)?)",
    re.I,
)
"""Openings of courtesy in front of an order, whatever follows them ("Would it be possible for Anna to …",
«Нельзя ли …», «Буду признательна, если …»)."""
_COURTESY = re.compile(
    r"^(?:if\s+(?:it'?s|it\s+is|that'?s)\s+(?:not|no)\s+(?:a\s+|too\s+much\s+(?:of\s+a\s+)?)?(?:big\s+)?"
    r"(?:problem|bother|trouble|deal|hassle)|if\s+(?:it'?s|that'?s)\s+ok(?:ay)?|if\s+(?:you\s+)?(?:don'?t|do\s+not)\s+mind(?:\s+\w+ing\s+(?:me|us)(?:\s+there)?)?"
    r"|if\s+(?:possible|you\s+can)|please|пожалуйста"
    r"|if\s+(?:it'?s|it\s+is|that'?s)\s+all\s+the\s+same(?:\s+(?:to|with)\s+(?:you|everyone|everybody|all))?"
    r"|if\s+(?:nobody|no\s+one|no-one)\s+(?:minds|objects)|если\s+(?:никто\s+не\s+против|(?:вам\s+)?вс[её]\s+равно)"
    r"|if\s+(?:that'?s|it'?s|that\s+is|it\s+is)\s+possible"
    r"|если\s+(?:это\s+|вас\s+|тебя\s+|вам\s+|тебе\s+)?(?:можно|не\s+трудно|не\s+сложно|получится|не\s+затруднит"
    r"|возможно))$",
    re.I,
)
"""A condition of courtesy, before an order ("If it's not a bother,", «Если не трудно,») or after it
(«…, если можно», "…, if possible"): no part of the order."""
_COURTESY_INSIDE = re.compile(r"\s*,\s*" + _COURTESY.pattern[1:-1] + r"\s*,\s*", re.I)
"""A condition of courtesy set between commas inside a request («Не могли бы вы, если можно, обыскать …»,
"Could you, if possible, move me …"): no part of the order."""
_QUANTIFIED = re.compile(
    r"\b(?:all|every|each)(?:\s+one)?\s+(?:of\s+)?(?=(?:my\s+|the\s+)?traps?\b)"
    r"|\bвсе\s+(?=(?:мои\s+)?ловушк)",
    re.I,
)
_CANCELOPENING = re.compile(
    r"^\s*(?:never\s*mind(?:\s+about)?|forget(?:\s+about)?|scrap|scratch|call\s+off|skip|drop"
    r"|don'?t\s+bother\s+(?:with|about))\s+(?=(?:the|my|that|this|all|going|moving|searching|setting)\b)",
    re.I,
)
"""English ways to open a cancel ("Never mind the search …", "Don't bother with the search"), said as
"cancel"."""
_CANCELOPENING_RU = re.compile(
    r"^\s*(?:(?:отбой|отмена|отставить)\s+(?:по|для|насч[её]т)|(?:прошу\s+)?не\s+(?:учитывать|засчитывать))\s+",
    re.I,
)
"""Russian ones («Отбой по завтрашнему переходу»), said as «отменяю»."""
_CHANGED_MIND = re.compile(
    r"^(?:i\s+)?(?:(?:have|'ve|’ve)\s+)?changed\s+my\s+mind\s+(?:about|on)\s+|^(?:я\s+)?передумал\w*\s+(?:насч[её]т\s+)?",
    re.I,
)
"""A change of mind before what is cancelled ("I changed my mind about going …", «Передумала идти …»)."""
_CANCELLED_LAST = re.compile(
    r"^(?P<what>.*?)\s*[-—–:,]?\s*(?:(?:so\s+|just\s+|please\s+)?"
    r"(?:cancel|forget|scrap|drop|scratch|ignore|disregard)(?:\s+(?:about\s+)?(?:that|it|this|please))*"
    r"|отмен\w*|отбой|забуд\w*|забыть"
    r"|отставить|сним\w+|снять|убра\w*|убер\w+|убир\w+|отзыва\w*|отзову|отозва\w*|аннулир\w*)\s*[.!]*$",
    re.I,
)
"""A cancel written after what it cancels («Предыдущий поиск отменяю», «Передумала идти в гараж, отмена»,
"… going to the Garage — cancel that", "The search, forget it")."""
_OBJECT_FIRST = re.compile(
    r"^\s*((?:мо[юи]\s+)?(?:ловушк\w*|поиск\w*|обыск\w*|переход\w*|ход))\s*[-—–:,]?\s*"
    r"(\w+)\b",
    re.I,
)
"""A cancel after what it cancels at the start of a line («ловушку отменяю, …»)."""
_CANCELLABLE_WORD = re.compile(
    r"\b(?:ловушк|поиск|обыск|переход|перемещени|ход\b|ходить|идти|search|move|moving|trap|going|go\b)", re.I
)
_HOW_TO_PLAY = re.compile(
    r"^\s*(?:(?:а|и|so|and|but)\s+)?(?:how\s+(?:do|can|should|would)\s+i\b|how\s+to\b|what\s+(?:can|may)\s+i\s+"
    r"(?:do|order|write|search|look|check|go|move|trap|set)\b|what\s+am\s+i\s+allowed\b|(?:what|how)\s+(?:exactly\s+)?am\s+i\s+supposed\b"
    r"|как\s+(?:тут\s+|здесь\s+)?что\s+делать\b|как\s+(?:правильно|верно|лучше)\s+(?:\w+\s+)?(?:написать|писать|записать|оформить|оформлять|указать|ставить|поставить)\b|как\s+(?:тут\s+|здесь\s+)?(?:мне\s+)?(?:можно\s+)?\w+(?:ть|ться|ти)\b"
    r"|что\s+(?:мне\s+|я\s+|тут\s+|здесь\s+|вообще\s+)*(?:можно|могу)\s+\w*|(?:подскажите|объясните|расскажите|напомните)\s*,?\s+(?:как|что))",
    re.I,
)
"""A question of how to play ("How do I search?", «а как тут ходить?», «подскажите, как …»): help."""
_HOW_IT_WORKS = re.compile(
    r"^\s*(?:(?:а|и|so|and|but)\s+)?(?:how\s+(?:does|do|is|are)\s+(?:the\s+|a\s+)?(?:search|trap|mov|order|night)\w*"
    r"|(?:what\s+are\s+)?the\s+rules\s+(?:for|of|on|about)\b"
    r"|как\s+(?:работа\w+|устроен\w*)\s+(?:поиск|ловушк|переход|ход|приказ)\w*"
    r"|(?:(?:could|can|would)\s+you\s+(?:please\s+)?)?(?:explain|describe|tell\s+me|remind\s+me\s+(?:of\s+)?)"
    r"\s+(?:to\s+me\s+)?(?:the\s+)?rules\b"
    r"|(?:напомните|расскажите|объясните|поясните)\s*,?\s*(?:пожалуйста\s*,?\s*)?(?:мне\s+)?правил\w*"
    r"|(?:how|как)\s+(?:the\s+|a\s+)?(?:search|trap|mov|order|night|turn|hour|поиск|обыск|ловушк|переход|"
    r"заявк|ход|ноч)\w*\s+(?:\w+\s+)?(?:works?|go(?:es)?|happens?|работа\w+|устроен\w*|проход\w*|идёт|идет)\b)",
    re.I,
)
"""A question of how an order or the rules work ("How do traps work?", "how searching works", «Как
работает поиск?»): help."""
_ASKED_TO_TELL = re.compile(
    r"^\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+)?(?:remind|tell|show|explain\s+to)\s+me"
    r"\s*(?:again\s*)?,?\s*|^\s*(?:напомн|подскаж|скаж|объясн|поясн)\w*\s*(?:мне\s*)?(?:ещё\s+раз\s*)?,?\s*",
    re.I,
)
"""The asking before a question of how to play ("Can you remind me how …", «напомните, как …»): set aside."""
_GAME_TIME = re.compile(
    r"^\s*(?:what|which)\s+(?:game\s+)?(?:hour|time|day|segment)\s+(?:is\s+it|are\s+we\s+(?:in|on|at))\b"
    r"|^\s*(?:(?:в\s+)?(?:который|какой|каком)\s+(?:сейчас\s+)?(?:игров\w+\s+)?(?:час|день|дне|часу)\b)"
    r"|^\s*сколько\s+(?:сейчас\s+)?(?:времени|на\s+часах)\b",
    re.I,
)
"""A question to the host of the game's time ("GM, what hour is it?", «Мастер, который сейчас час?»):
the writer's state, which tells it (only after words to the host, or naming the game)."""
_IN_THE_GAME = re.compile(r"\b(?:in\s+the\s+game|in-game|in\s+game|игров\w+|в\s+игре)\b", re.I)
_HELPOPENING = re.compile(r"^\s*(?:help|хелп|хэлп|помогите|sos|сос)\s*[,:!—–-]+\s*", re.I)
"""A cry for help opening a question ("Help, how do I …?", «Хелп, как тут …?»)."""
_WHICH_ROOM = re.compile(
    r"^\s*(?:(?:which|what)\s+room\s+am\s+i\b|в\s+какой\s+(?:сейчас\s+)?я\s+(?:сейчас\s+)?комнате\b"
    r"|в\s+какой\s+комнате\s+(?:я|нахожусь)\b"
    r"|(?:so\s+|and\s+)?am\s+i\s+(?:still\s+|now\s+|really\s+)?(?:in|at)\b"
    r"|(?:(?:а|и|так)\s+)?я\s+(?:всё\s+ещё|все\s+еще|ещё|еще|до\s+сих\s+пор)\s+(?:в|на)\b)",
    re.I,
)
"""A question of where the writer is ("Which room am I in?", «В какой я комнате?»): their state."""
_OWN_RESULT = re.compile(
    r"^\s*(?:what\s+did\s+my\s+(?:last\s+|latest\s+)?(?:search|trap|move)\w*\s+(?:turn\s+up|find|show|give|get|reveal)"
    r"|(?:did|has|have)\s+my\s+(?:last\s+|latest\s+)?(?:search|trap)\w*\s+(?:find|turn(?:ed)?\s+up|catch|caught|work|get)"
    r"|any\s+(?:results?|news|luck)\s+(?:from|on|of)\s+my\s+(?:last\s+|latest\s+)?(?:search|trap)"
    r"|какие\s+(?:ловушки|поиски|переходы|заявки)\s+у\s+меня|какие\s+у\s+меня\s+(?:ловушки|поиски|переходы)"
    r"|(?:(?:пришли|пришлите|покажи|покажите|напомни|напомните|скажи|скажите)\w*\s*,?\s*(?:пожалуйста\s*,?\s*)?)?"
    r"мои\s+результаты"
    r"|(?:напомни|напомните|скажи|скажите)\w*\s*,?\s*(?:куда|где|что)\s+я\s+(?:заявил\w*|записал\w*|собирал\w*|иду|поставил\w*)"
    r"|что\s+(?:показал|дал|нашёл|нашел|выявил|принёс|принес)\w*\s+мо[йяеё]\w*\s+(?:последн\w+\s+)?"
    r"(?:обыск|поиск|ловушк)\w*"
    r"|(?:какие|какой|какая|какое)\s+у\s+меня\s+(?:\w+\s+){0,2}(?:заявк|приказ|ордер|ход)\w*"
    r"|any\s+(?:results?|news|luck)\s+(?:for\s+me|yet)\b"
    r"|что\s+(?:у\s+меня\s+)?(?:заявлено|записано|стоит|запланировано)\b"
    r"|(?:подтвердите|подтверди)\w*\s*,?\s*(?:пожалуйста\s*,?\s*)?(?:что\s+)?(?:все\s+)?мо\w+\s+(?:приказ|заявк|ход)\w*"
    r"|(?:(?:а|и)\s+)?(?:есть\s+)?(?:ли\s+)?(?:какие-нибудь\s+|какие-то\s+)?(?:результаты|новости)\s+(?:для\s+меня|у\s+меня|по\s+мне)\b)",
    re.I,
)
"""A question of what one's own orders are or brought ("What did my last search turn up?", «Какие у меня
заявки?»): their state, which tells them."""
_TO_THE_HOST = re.compile(
    r"\((?:a\s+)?question\s+(?:for|to)\s+the\s+(?:referee|host|gm|master)\)|\(вопрос\s+(?:к|для)\s+(?:ведущему|ведущего|мастеру|мастера|судье|судьи)\)",
    re.I,
)
"""A question marked as one for the host ("(question for the referee)"): the help."""
_HOW_MANY = re.compile(
    r"^\s*(?:(?:а|и|so|and|but)\s+)?(?:what\s+happens\s+(?:if|when)\b|что\s+будет,?\s+(?:если|когда)\b"
    r"|how\s+many\s+(?:people|characters|players|cards|traps|orders|searches)\b"
    r"|сколько\s+(?:человек|персонажей|игроков|карт|ловушек|приказов|поисков)\b)",
    re.I,
)
_LIMIT = re.compile(
    r"^\s*(?:(?:а|и|so|and|but)\s+)?(?:is\s+there\s+(?:a\s+|any\s+)?(?:limit|maximum|max|cap)\b"
    r"|how\s+many\s+(?:people|characters|players)\s+(?:can|may|fit)\b"
    r"|(?:есть\s+ли\s+|а\s+есть\s+)?(?:ограничени|лимит)\w*\s+(?:на|по)\b"
    r"|сколько\s+(?:человек|персонажей|игроков)\s+(?:может|могут|влезает|помещается|вмещает)\w*)",
    re.I,
)
"""A question of what the rules limit, even naming a place ("Is there a limit on how many people can be
in the Hall?"): the help."""
"""A question of how many the rules allow ("How many people fit into one room?"): the help."""
_MAY_I = re.compile(
    r"^\s*(?:(?:а|и|so|and|but)\s+)?(?:(?:can|may|could)\s+(?:i|we|one)\s+(?:search|move|go|set|trap|look|check|stay)\b"
    r"|(?:is\s+it|are\s+we|am\s+i|is\s+one)\s+allowed\s+to\b"
    r"|(?:а\s+)?(?:в|на)\s+[а-яё]+\s+(?:искать|обыскивать|ходить|ставить)\s+(?:можно|нельзя|разрешено)\b"
    r"|(?:мне\s+)?(?:можно|разрешено|нельзя)\s+(?:ли\s+)?(?:мне\s+)?(?:искать|обыскивать|обыскать|ходить|перейти|ставить"
    r"|поставить|переходить|оставаться|остаться)\b)",
    re.I,
)
"""A question whether something may be done, naming nothing of the game ("Can I search two weapons at
once?", «А можно искать два оружия сразу?»): the help. Naming a room or a card, it is a request."""
_HOST = re.compile(
    r"^\s*(?:referee|host|gm|game\s*master|master|moderator|ведущ(?:ий|ая)|мастер|судья|рефери|модератор|гм)"
    r"\s*[,:!—–-]\s*",
    re.I,
)
"""The host addressed at the start of a question ("Referee: how do traps work?", «Ведущий, что …?»)."""
_ASKED_TO_EXPLAIN = re.compile(
    r",?\s*(?:и\s+|and\s+)?(?:подскажите|объясните|расскажите|напомните|tell me|explain)"
    r"\s*,?\s+(?:как|how)\b.*$",
    re.I,
)


_ANOTHER_TRAP = re.compile(
    r"\b(став\w*|постав\w*|устан\w*|set|setting|lay|laying|place|placing|rig|rigging)\s+"
    r"(?:(?:a|an)\s+)?(?:нов(?:ую|ая)|ещ[её]\s+одну|другую|вторую|new\s+one|another(?:\s+one)?|second\s+one)\b"
    r"(?=\s*(?:на\b|for\b|on\b|against\b|tonight\b|сегодня\b|ночью\b|[:,.;—–-]|$))",
    re.I,
)
"""A trap named by "a new one" after a trap verb, where cancelling traps came before it («отменяю ловушки
и ставлю новую на …», "cancel my traps and set a new one for …")."""


_KEPT_HERE = (
    (
        re.compile(
            r"\b(?:keep|leave)\s+me\s+(?:here|where\s+i\s+am|put)\b"
            r"|\bdon'?t\s+move\s+me\b(?!\s+(?:to|into|in|at)\b)",
            re.I,
        ),
        "I stay here",
    ),
    (
        re.compile(
            r"^\s*(?:the\s+)?same\s+(?:room|place|rm)\s*[.!]*\s*$|^\s*(?:там\s+же|на\s+том\s+же\s+месте)\s*[.!]*\s*$",
            re.I,
        ),
        "остаюсь здесь",
    ),
    (re.compile(r"\b(?:in\s+|at\s+)?(?:this|the\s+same)\s+room\b", re.I), "here"),
    (
        re.compile(
            r"\bне\s+(?:переводите|перемещайте|двигайте|трогайте|уводите)\s+меня(?:\s+никуда)?\b(?!\s+(?:в|во|на)\s)"
            r"|\bоставьте\s+меня\s+(?:здесь|тут|на\s+месте|там\s*,?\s+где\s+я\s+(?:есть|сейчас|нахожусь|был[аи]?))\b"
            r"|\bникуда\s+меня\s+(?:[\w-]+\s+){0,4}?не\s+(?:переводите|перемещайте|двигайте|трогайте|уводите|ведите)\b",
            re.I,
        ),
        "остаюсь здесь",
    ),
    (re.compile(r"\b(?:в\s+)?(?:этой|той\s+же)(?:\s+же)?\s+комнате\b", re.I), "здесь"),
)
"""The writer kept where they are, said another way ("Keep me here", "Don't move me", «Не переводите
меня никуда», "stay in this room"): said as staying here, so that "this room" is never taken for a room
named "… Room"."""


def _searched_by_turning(found: re.Match[str]) -> str:
    """The verb of a search, in the language of the place turned upside down that ``found`` is."""
    return "обыскиваю " if re.search("[а-яё]", found.group(), re.I) else "search "


def kept_here(line: str) -> str:
    """``line`` with the writer kept where they are said plainly (``_KEPT_HERE``)."""
    for pattern, plainly in _KEPT_HERE:
        line = pattern.sub(partial(_cased_as, plainly), line)
    return line


def _cased_as(said: str, found: re.Match[str]) -> str:
    """``said`` with a capital first letter where the words ``found``, which it stands for, have one: a
    sentence still starts where it started ("… the stone. This room reeks …" → "… the stone. Here …")."""
    return said[:1].upper() + said[1:] if found.group().lstrip()[:1].isupper() else said


_QUALIFIED = re.compile(
    r"\s*,?\s*\b(?:по\s+(?:этой|моей|той|своей)\s+(?:версии|логике|теории)|на\s+всякий\s+случай|на\s+удачу"
    r"|just\s+in\s+case|for\s+good\s+measure|to\s+be\s+(?:safe|sure)|for\s+luck|on\s+a\s+hunch)\b",
    re.I,
)
"""Words that tell why an order is given, standing inside it («Капкан на него по этой версии», "search the
sofa and the rope, just in case"): no part of the order."""
_INSTEAD = re.compile(r"(?:\b[аи]\s+)?\bвместо\s+(?:этого|того|него|неё)\b\s*,?\s*", re.I)
"""«вместо этого» between a cancel and the new order: it adds nothing, as "instead" adds nothing."""


def phrased_plainly(line: str) -> str:
    """``line`` without «вместо этого» (``_INSTEAD``) nor "going to" before an order's verb (``_GOING_TO``),
    its looks said as searches (``_A_LOOK``), an order's first letter alone at its start said whole
    ("T Boris Kitchen Sofa Knife", "S: sofa, rope")."""
    line = _CHAT_WORD.sub(lambda m: _CHAT[m.group(1).lower()], _GLUED.sub("go to ", line))
    line = _SIT_TIGHT.sub("stay", _INTERJECTION.sub("", _PLAN_HEADER.sub("", _HOST_GREETED.sub("", line))))
    line = _SHALL_I.sub(lambda m: f"should {m.group(1)}", line)
    if _HOUR_NAMED.search(line):  # «во второй час …, в третий — …»: the hour's word said once for all
        line = _HOUR_LEFT_OUT.sub(lambda m: f"{m.group(1)} час", line)
    line = _SET_NOUN.sub(r"\1cards", line)
    line = _TURNED_OVER.sub(_searched_by_turning, _COURTESY_INSIDE.sub(" ", line))
    line = _GOING_TO.sub("", _A_LOOK.sub(r"\1 ", _INSTEAD.sub("", _QUALIFIED.sub("", line))))
    line = _FOR_ME.sub(_placed_for_me, _I_TO.sub(lambda m: f"иду {m.group(1)} ", line))
    if "?" not in line:  # «Зоя, пойдёшь со мной потом в музыкальную?»: asked of another
        line = _THEN_TO.sub(_then_to, line)
    line = _searched_there(line)
    return _LETTER.sub(lambda m: _LETTERS[next(g for g in m.groups() if g).lower()] + " ", line)


_THERE_SEARCH = re.compile(
    r"(?P<joint>\s*(?:,\s*)?\b(?:and|и|а)\s+(?:then\s+|потом\s+|затем\s+)?)(?P<there>there|там)\s+(?=(?P<verb>\w+))",
    re.I,
)


def _then_to(found: re.Match[str]) -> str:
    """The move ``_THEN_TO`` found, its verb said, where a room follows as a place to go to («потом в
    гостиную», not «потом в тумбочке», nor «потом в гостиной»)."""
    after = WORD.findall(found.string[found.end() :])[1:3]
    named = read_names(after) if after else []
    if isinstance(named, Missing) or not named:
        return found.group()
    if named[0].name != HALL and KIND_OF.get(named[0].name) is not Kind.ROOM:
        return found.group()
    russian = not found.group("to").isascii()
    if russian and not any("accs" in str(parse.tag) for parse in morph().parse(after[0].lower())):
        return found.group()  # «потом в гостиной»: where, not whither
    return f"{found.group(1)} {'иду' if russian else 'go'} "


def _searched_there(line: str) -> str:
    """``line`` with a search "there" after a move said as the next hour's ("Move to the bedroom and
    there search …", «Перехожу в оранжерею и там ищу …»): one is in the room only once the move is done
    (TS-12, TS-19). A line that gives a time of its own is left as it is."""
    found = _THERE_SEARCH.search(line)
    if found is None or order_kind(found.group("verb")) != "search" or find_times(line):
        return line
    if "plur" in morph().parse(found.group("verb"))[0].tag or not WORD.search(line[found.end("verb") :]):
        return line  # «…, а там посмотрим»: a remark, not the writer's search
    if not any(order_kind(word) == "move" for word in WORD.findall(line[: found.start()])):
        return line
    later = "в следующий час" if re.search("[а-яё]", found.group("there"), re.I) else "next hour"
    return f"{line[: found.start()]}{found.group('joint')}{later} {line[found.end() :]}"


_LETTER = re.compile(
    r"^\s*(?:([MST]|mv|Mv|MV|srch|Srch)(?:\s*[:.]\s*|\s+)|([mst])\s*:\s*|(m)\s+)(?=[A-Za-z])"
    r"|^\s*([Л])(?:\s*[:.]\s*|\s+)(?=[А-ЯЁа-яё])"
)
"""An order written by its first letter alone ("M Kitchen", "m kitchen", "S sofa, knife", "T: Boris, …",
«Л Глеб/гараж/…») or a short form of its word ("mv conserv", "srch sofa knife"); a lowercase letter with no
colon is the move alone ("s he said so" is no search), and «П» none (the move's and the search's letter)."""
_LETTERS = {"m": "move", "s": "search", "t": "trap", "mv": "move", "srch": "search", "л": "ловушка"}


_INTERJECTION = re.compile(r"^\s*(?:не|неа|нет|no|nope|nah|ок|окей|ok|okay|alright)\s*[,!]+\s*(?=\S)", re.I)
"""A word of assent or refusal opening a line ("ok, …", «не, …»): the line's own business follows it."""
_PLAN_HEADER = re.compile(
    r"^\s*(?:(?:my|the)\s+)?plans?\s+(?:for\s+)?(?:today|tonight|the\s+day|this\s+hour|now|tomorrow)?\s*[:—–-]\s*"
    r"|^\s*(?:мой\s+|мои\s+)?план(?:ы)?\s+(?:на\s+)?(?:сегодня|день|ночь|этот\s+час|завтра)?\s*[:—–-]\s*",
    re.I,
)
"""A plan's heading before the orders it lists ("Plan for today: …", «План на сегодня: …»)."""
_HOUR_NAMED = re.compile(r"\b(?:перв|втор|трет|четв[её]рт)\w*\s+час", re.I)
_HOUR_LEFT_OUT = re.compile(
    r"(?<=[,;]\s)((?:в|во)\s+(?:первый|второй|третий|четв[её]ртый))(?=\s*(?:[—–,:]|\s-\s))", re.I
)
"""An hour named by its number alone after a first one named in full (``_HOUR_NAMED``)."""
_HOST_GREETED = re.compile(
    r"^\s*(?:hi|hello|hey|good\s+(?:morning|evening|afternoon)|dear|привет|здравствуйте|доброе\s+утро|добрый\s+(?:день|вечер))"
    r"\s*,?\s*(?:gm|host|master|мастер|ведущий|ведущая)\s*[!,.:]+\s*(?=\S)",
    re.I,
)
"""A greeting to the host before the orders ("Hi GM!", «Привет, мастер!»): to the host, not the room."""
_SHALL_I = re.compile(r"^\s*shall\s+(i|we)\b", re.I)
""""Shall I …?" weighs a choice, as "should I …?" does; "I shall go …" is an order."""
_SIT_TIGHT = re.compile(
    r"\b(?:sit|sits|sitting)\s+tight\b|\b(?:stay|stays|staying)\s+put\b(?:\s*,?\s*this\s+time\b)?"
    r"|^\s*(?:(?:я|сижу|стою|буду)\s+)?на\s+месте\s*[.!]*\s*$",
    re.I,
)
""""Sitting tight", "stay put (this time)": staying where one is."""
_HALL_NAMED = re.compile(r"\b(?:the\s+)?hall\b|\bхолл\w*", re.I)
"""The Hall named in a question of what may be done there ("Can I search in the Hall?"): the rules'
matter, since nobody searches there, never a request."""
_LONE_STAR = re.compile(r"(?:(?<=\s)|^)\*(?=\s|$)")
"""A single star standing alone between words, for emphasis: no part of any word (never "****", which
hides a password said in talk)."""


def unstarred(line: str) -> str:
    """``line`` without the stars that stand alone between its words for emphasis ("* Ловушка * на *
    Бориса *": two words or more starred one by one); stars between longer parts mark a list's items."""
    parts = [part for part in _LONE_STAR.split(line) if part.strip()]
    if len(_LONE_STAR.findall(line)) < 2 or sum(len(WORD.findall(part)) == 1 for part in parts) < 2:
        return line
    return _LONE_STAR.sub(" ", line)


_SET_NOUN = re.compile(r"\b((?:\w+['’]s|my|his|her|their|your|whole|full|complete)\s+)set\b", re.I)
""""Dora's set", "her whole set": the noun (one's cards), never the verb that sets a trap."""
_GLUED = re.compile(r"\bgo\s?to(?=the\b)|\bgotothe\b(?=\s)", re.I)
""""gotothe kitchen": the words typed without their spaces."""
_FOR_ME = re.compile(r"^\s*((?:the\s+)?[A-Za-z]+(?:\s+[A-Za-z]+)?)\s+for\s+me\b(?=\s*(?:[,.;!—–-]|$))", re.I)
""""Conservatory for me — …": the writer's move there (a room named first, "for me" after it)."""


def _placed_for_me(found: re.Match[str]) -> str:
    named = read_names(WORD.findall(found.group(1)))
    place = not isinstance(named, Missing) and len(named) == 1 and is_place_name(named[0].name)
    return f"move to {found.group(1)}" if place else found.group()


def is_place_name(name: str) -> bool:
    """Whether ``name`` is a room's (or the Hall's)."""
    return name == HALL or KIND_OF.get(name) is Kind.ROOM


_I_TO = re.compile(r"^\s*я\s+(в|во|на)\s+(?=\w)", re.I)
"""«Я в оранжерею — …»: the move said without its verb."""
_THEN_TO = re.compile(
    r"(?<=[\s,;])(потом|затем|после\s+этого|then|afterwards|after\s+that)\s+(?=(?P<to>в|во|на|to|into)\s+\w)",
    re.I,
)
"""«Ищу стол и яд, потом в гостиную», "search …, then to the garage": a move said without its verb after
another order."""
_GOING_TO = re.compile(
    r"\bgo(?:ing|nna)\s+(?:to\s+)?(?=(?:search|look|check|set|trap|stay|peek|examine|inspect|rummage|poke|hunt"
    r"|rifle|investigate|cancel)\b)",
    re.I,
)
""""Going to search …", "gonna check …": the verb of the order, as "I'll search …"."""


_A_LOOK = re.compile(
    r"\b(?:take|have|get|sneak|grab)\s+(?:a\s+)?(?:quick\s+|good\s+|little\s+|closer\s+|proper\s+)?"
    r"(peek|look|glance|gander|squint|rummage|poke\s+around)\b\s*",
    re.I,
)
"""A look taken ("take a peek at", "have a good look at", "get a glance at"): the verb of it, a search."""
_TURNED_OVER = re.compile(
    r"\bturn(?:s|ing)?\s+(?:(?:the|this|that|my|her|his)\s+)?(?:[\w']+\s+){0,2}?(?:upside[\s-]+down|inside[\s-]+out)"
    r"(?:\s+(?:looking\s+)?for)?\s+"
    r"|\bперевер(?:ну|нём|нем|нуть|нула|нул|ачиваю|нёт|нет)\w*\s+(?:[\w-]+\s+){0,2}?вверх\s+дном"
    r"(?:\s+в\s+поисках|\s*,?\s*ищу)?\s+",
    re.I,
)
"""A place turned upside down for things ("Turn the place upside down for the Wardrobe and the Car",
«Переверну всё вверх дном в поисках …»): a search, said by its verb."""


def another_trap(line: str) -> str:
    """``line`` with "a new one" after a trap verb said as a trap («ставлю новую» → «ставлю ловушку»):
    without it the cancel before it is read and the new trap silently lost."""
    return _ANOTHER_TRAP.sub(
        lambda m: f"{m.group(1)} {'ловушку' if re.search('[а-яё]', m.group(1), re.I) else 'a trap'}", line
    )


_HEAR_ME = re.compile(
    r"^\s*(?:смотри(?:те)?|слушай(?:те)?|знаешь|знаете|понимаешь|понимаете|look|listen|see|you\s+know)\s*,\s*(?=\S)",
    re.I,
)
"""A word that turns to the listener before what a sentence says («Смотри, там уже трое будет», "Look, I
think …"): no verb of an order, whatever it looks like."""


def without_hearer(sentence: str) -> str:
    """``sentence`` without the word turning to its listener that opens it (``_HEAR_ME``)."""
    return _HEAR_ME.sub("", sentence, count=1)


def without_courtesy_opening(sentence: str) -> str:
    """``sentence`` without its opening of courtesy ("Would you be so kind as to withdraw my move?"), and
    the question mark that courtesy puts at its end; ``sentence`` itself when it has none or is nothing
    else."""
    opened = _COURTESYOPENINGS.match(sentence)
    rest = sentence[opened.end() :].strip() if opened is not None else ""
    return rest.removesuffix("?").rstrip() if rest.removesuffix("?").strip() else sentence


def plain(line: str, names: Sequence[str]) -> str:
    """``line`` with its scenery set aside and its chat, courtesy and word order said plainly (see the
    module); the line itself when nothing is."""
    text = _chat(line)
    text = _QUANTIFIED.sub("", text)
    text = _RELATIVE.sub("", text)
    text = _cancel_first(text)
    text = _help_asked(text, names)
    text = _PLACED.sub(_placing, text)
    text = _STARTING.sub("be ", text)
    text = without_courtesy_opening(text).strip("* \t")
    text = _leading_clause(text, names)
    text = _aside(text, names)
    text = _first_of_two_verbs(text, names)
    text = _tail(text, names)
    text = _two_orders(text)
    return text.strip() or line


_RELATIVE = re.compile(
    r"\s*,?\s+(?:котор(?:ый|ая|ое|ые|ую|ого|ой|ых|ым)|(?:which|that)\s+I)\b[^,—–.!?]*(?:,|(?=\s*[—–]))", re.I
)
"""A clause of which one's own order is told ("The search, which I ordered, forget it", «Поиск, который я
заказывала, — забудьте»): set aside, as the order is named before it."""


_JOINT = re.compile(
    r"\s*(?:,\s*)?\b(?:and then|and|then|и|а потом|потом|затем)\s+(?=(\w+))|\s*,\s*(?=(\w+))", re.I
)


_LEFT = re.compile(r"\b(?:из|изо|from|out\s+of)\s+(?:the\s+)?\w+(?:\s+room)?\s*,?\s*$", re.I)
"""The room a move leaves, at the end of a clause."""


def _two_orders(text: str) -> str:
    """``text`` cut into two sentences where "and" («и») joins two orders, each with its own order word
    ("Stay put and search for …", «остаюсь и ищу …», «ход в кабинет и ловушка на Веру: …»)."""
    for joint in _JOINT.finditer(text):
        before, word = text[: joint.start()], joint.group(1) or joint.group(2)
        if not (order_kind(word) or is_setter(word)):
            continue
        if _LEFT.search(before) and order_kind(word) == "move":
            continue  # «выходит из гостиной и идёт в ванную»: the room left, then the move
        if any(order_kind(w) or is_setter(w) for w in WORD.findall(before)):
            return f"{before.rstrip(' ,')}. {text[joint.end() :]}"
    return text


_PLACED = re.compile(
    r"\b(\w+)\s+me\s+(?:in|into|inside|at)\s+(?=(?:the\s+)?\w)"
    r"|\b(take|bring|lead|escort|walk|carry)\s+(?:me|\w+)\s+(?:to|into|over\s+to|down\s+to|up\s+to)\s+(?=(?:the\s+)?\w)"
    r"|\b(take|bring|lead)\s+me\s+(?=somewhere|anywhere)",
    re.I,
)
"""A verb that places the writer somewhere ("drop me in the study", "park me in the garage")."""
_NOT_PLACING = frozenset(
    {"meet", "see", "find", "join", "call", "tell", "ask", "catch", "watch", "wait", "expect", "text",
     "message", "ping", "want", "need", "let", "help", "follow", "leave", "saw", "met", "found"}
)  # fmt: skip
"""Verbs with "me" after them that do not place the writer: meeting, seeing, asking ("meet me in …")."""
_STARTING = re.compile(
    r"\b(?:start|begin|wake\s+up|end\s+up|finish)\s+(?:the\s+day\s+|my\s+day\s+)?(?=(?:in|at)\s)", re.I
)
"""Where the writer starts or ends up ("start in the kitchen"): being there, the move that takes them."""


def _placing(found: re.Match[str]) -> str:
    """A verb placing the writer (or their character) somewhere, said as a move ("drop me in …", "take
    Anna to …"); a verb of meeting or seeing as written."""
    verb = found.group(1)
    if found.group(3) is not None:
        return "move me to "  # "take me somewhere quiet": a move to no room named, asked back
    if verb is not None and verb.lower() in _NOT_PLACING:
        return found.group()
    return "move me to "


def _chat(line: str) -> str:
    text = _CHAT_WORD.sub(lambda m: _CHAT[m.group(1).lower()], line)
    return _NUMBER_WORD.sub(lambda m: "for" if m.group(1) == "4" else "to", text)


def _cancel_first(text: str) -> str:
    """``text`` with a cancel said first, as an order is written, when it opens another way or comes after
    what it cancels; only the last clause is what is cancelled, unless the cancel stands alone after it
    («Ищу нож и диван, переход отменяю» keeps the search)."""
    text = _CANCELOPENING.sub("cancel ", text)
    text = _CANCELOPENING_RU.sub("отменяю ", text)
    text = _OBJECT_FIRST.sub(
        lambda m: f"{m.group(2)} {m.group(1)}" if order_kind(m.group(2)) == "cancel" else m.group(), text
    )
    last = _CANCELLED_LAST.match(text.strip())
    changed = _CHANGED_MIND.match(text.strip())
    if last is None and changed is not None:  # «Передумала идти на кухню.»: the change of mind alone
        what, comma, rest = text.strip()[changed.end() :].partition(",")
        if _CANCELLABLE_WORD.search(what) and not re.search(r"\b(?:не|not|n't)\b", what, re.I):
            word = "отменяю" if re.search("[а-яё]", text, re.I) else "cancel"
            return f"{word} {what.strip(' .!')}" + (f". {rest.strip()}" if comma and rest.strip() else "")
    if last is None or not last.group("what").strip(" ,—–-"):
        return text
    what = last.group("what").strip(" ,—–-")
    if order_kind(next(iter(WORD.findall(what)), "")) == "cancel":
        return what  # "Never mind the search, scrap it": the cancel said twice, one cancel
    before, comma, clause = what.rpartition(",")
    if comma and _CANCELLABLE_WORD.search(clause):
        before, what = before.strip(), clause.strip()
    else:
        before = ""
    what = _CHANGED_MIND.sub("", what)
    if not _CANCELLABLE_WORD.search(what):
        return text
    word = "отменяю" if re.search("[а-яё]", text, re.I) else "cancel"
    return f"{before}, {word} {what}" if before else f"{word} {what}"


def _keyword(order: str, text: str) -> str:
    """The keyword of ``order`` ("help" or "status") in the language ``text`` is written in."""
    russian = re.search(r"[а-яё]", text, re.I) is not None
    return {"help": "ПОМОЩЬ" if russian else "HELP", "status": "СТАТУС" if russian else "STATUS"}[order]


def _help_asked(text: str, names: Sequence[str]) -> str:
    """A question of how to play said as HELP, alone, after words naming nothing ("Sorry, first game -
    how do I …?", «Я первый раз играю, как написать …?») or after an order («ищу нож, и объясните, как …»);
    a question first, and more after it, is asked alone, and what follows read on its own ("Am I still in
    the Kitchen? Search the knife and rope.")."""
    head, mark, tail = text.partition("?")
    if mark and WORD.search(tail):
        asked = _help_asked_whole(head + mark, names)
        if asked != head + mark:
            return (
                f"{asked}. {tail.strip()}" if names_any(tail, names) else asked
            )  # "…? I forget what I sent."
    return _help_asked_whole(text, names)


def _help_asked_whole(text: str, names: Sequence[str]) -> str:
    """``_help_asked`` of one question, or of a line with none."""
    host = _HOST.match(text) or _HELPOPENING.match(text)
    question = text[host.end() :] if host is not None and "?" in text else text
    if "?" in text and (host is not None or _IN_THE_GAME.search(question)) and _GAME_TIME.match(question):
        return _keyword("status", text)
    told = _ASKED_TO_TELL.match(question)
    how = question[told.end() :] if told is not None and told.end() < len(question) else question
    if any(_HOW_TO_PLAY.match(asked) or _HOW_IT_WORKS.match(asked) for asked in (question, how)):
        return _keyword("help", text)
    if _HELPOPENING.match(text) and "?" in text and not names_any(question, names):
        return _keyword("help", text)
    bare = text[host.end() :] if host is not None else text  # "Host, send me my results": no "?"
    if _WHICH_ROOM.match(question) or _OWN_RESULT.match(question) or _OWN_RESULT.match(bare):
        return _keyword("status", text)
    if (
        (_TO_THE_HOST.search(text) or _HOW_MANY.match(question))
        and "?" in text
        and not names_any(question, names)
    ):
        return _keyword("help", text)
    if _LIMIT.match(question) and "?" in text:
        return _keyword("help", text)
    if _MAY_I.match(question) and "?" in text and not names_any(_HALL_NAMED.sub(" ", question), names):
        return _keyword("help", text)  # "Can I search two weapons at once?"
    for cut in re.finditer(r"\s*[,—–:.-]\s*", text):
        rest = text[cut.end() :]
        if "?" in rest and _HOW_TO_PLAY.match(rest) and _names_nothing(text[: cut.start()], names):
            return _keyword("help", text)
    asked = _ASKED_TO_EXPLAIN.search(text)
    if asked is not None and asked.start() > 0:
        return f"{text[: asked.start()].rstrip(' ,')}. {_keyword('help', asked.group())}"
    return text


def names_any(clause: str, names: Sequence[str]) -> bool:
    """Whether ``clause`` names a room, a card or a character (in any form, near misses too)."""
    words = WORD.findall(clause)
    if any(is_name(word, names) for word in words):
        return True
    return any(
        not isinstance(found := read_names(words[at : at + size]), Missing) and bool(found)
        for size in (1, 2, 3)
        for at in range(len(words) - size + 1)
    )


def _names_nothing(clause: str, names: Sequence[str]) -> bool:
    """Whether ``clause`` names no room, card or character and holds no order word, trap setter or time."""
    words = WORD.findall(clause)
    if not words or len(words) > _CLAUSE_WORDS or find_times(clause) or "?" in clause:
        return False
    if HEDGES.intersection(word.lower() for word in words):
        return False
    if any((order_kind(word) or is_setter(word)) and not _gerund(word) for word in words):
        return False
    return not names_any(clause, names)


def _starts_an_order(text: str, names: Sequence[str]) -> bool:
    """Whether ``text`` starts with its doer (a character's name, "I", «я») or an order word."""
    first = WORD.match(text.lstrip())
    if first is None:
        return False
    word = first.group()
    return word.lower() in _SUBJECTS or is_name(word, names) or bool(order_kind(word)) or is_setter(word)


def _leading_clause(text: str, names: Sequence[str]) -> str:
    """``text`` without a first clause before a comma that names nothing, when what follows starts an
    order ("Soaked to the bone, Anna hurries …", «Не раздумывая, иду …», "If it's no bother, move me …")."""
    head, comma, rest = text.partition(",")
    if comma and rest.strip() and _COURTESY.match(head.strip()):
        return rest.strip()  # "If it's not too much trouble, could Anna …?": courtesy, whatever follows
    if "?" in text or set(WORD.findall(head.lower())) & OPEN:
        return text
    if comma and _names_nothing(head, names) and _starts_an_order(rest, names):
        return rest.strip()
    return text


def _third_person_verb(word: str) -> bool:
    if order_kind(word) or is_setter(word):
        return True
    return any(p.tag.POS == "VERB" and "3per" in p.tag for p in morph().parse(word.lower())[:2])


def _aside(text: str, names: Sequence[str]) -> str:
    """``text`` without an aside between a character's name and its verb («Анна, озираясь, ищет …")."""
    match = re.match(r"^(\W*)(\w+)\s*,\s*([^,]+?)\s*,\s*(\w+)", text)
    if match is None or not is_name(match.group(2), names):
        return text
    if _names_nothing(match.group(3), names) and _third_person_verb(match.group(4)):
        return f"{match.group(1)}{match.group(2)} {text[match.start(4) :]}"
    return text


def _first_of_two_verbs(text: str, names: Sequence[str]) -> str:
    """``text`` without the first of two verbs of one doer when it names nothing ("Anna lights a candle
    and sets a trap for …", «Анна зевает и ставит ловушку …»)."""
    first = WORD.match(text.lstrip())
    if first is None or not (first.group().lower() in _SUBJECTS or is_name(first.group(), names)):
        return text
    start = len(text) - len(text.lstrip()) + first.end()
    for joint in _AND.finditer(text, start):
        between, rest = text[start : joint.start()], text[joint.end() :]
        if not _names_nothing(between, names):
            return text
        following = WORD.match(rest)
        if following is not None and (order_kind(following.group()) or is_setter(following.group())):
            return f"{first.group()} {rest}"
    return text


_HANGING = re.compile(
    r"^(?:if|unless|in\s+case|just\s+in\s+case|so|as\s+soon\s+as|once|hoping|in\s+the\s+hope"
    r"|если|коли|раз\s+уж|будто|словно|как\s+будто|на\s+всякий\s+случай|на\s+случай|чтобы|чтоб"
    r"|как\s+только|в\s+надежде)\b",
    re.I,
)
"""Openings of a clause after an order telling on what it hangs or why ("…, if there's room", "…, just in
case", «…, если вы не против», «…, будто бы за книгой»): when it names nothing, it is no order and no
talk to the room, but the order's own circumstance."""


def _tail(text: str, names: Sequence[str]) -> str:
    """``text`` without a last clause after a comma that is only adverbs («…, потихоньку»), a gerund
    clause («…, не отводя глаз от окна»), a condition of courtesy («…, если не трудно») or another clause
    naming nothing that tells on what the order hangs or why («…, на всякий случай»: ``_HANGING``)."""
    head, comma, tail = text.rpartition(",")
    tail = tail.strip().rstrip(".!…")
    if not comma or not head.strip() or not tail:
        return text
    if _COURTESY.match(tail):
        return head
    if not _names_nothing(tail, names):
        return text
    if _HANGING.match(tail):
        return head
    words = WORD.findall(tail)
    if all(is_courtesy(word) or _of_manner(word) for word in words):
        return head
    first = words[1] if words[0].lower() in {"не", "not"} and len(words) > 1 else words[0]
    return head if _gerund(first) else text


def _gerund(word: str) -> bool:
    """Whether ``word`` is a Russian gerund («сняв», «озираясь»): scenery, even of an order's verb."""
    return any(p.tag.POS == "GRND" for p in morph().parse(word.lower())[:1])


def _of_manner(word: str) -> bool:
    """Whether ``word`` is an adverb of how ("quietly", «потихоньку», «по-тихому»), not of where or of
    what a place is like («там», «тепло»: pymorphy3's demonstrative and predicative adverbs)."""
    folded = word.lower()
    if folded.isascii():
        return folded.endswith("ly")
    first = morph().parse(folded)[0].tag
    return folded.startswith("по-") or (
        first.POS == "ADVB" and not {"Dmns", "Prdx", "Ques"} & first.grammemes
    )
