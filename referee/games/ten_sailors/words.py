"""The words of the Ten Sailors order language: which word starts which order, the little
words between cards, and how a word is brought to its dictionary form.

Russian words are brought to their lemmas by pymorphy3 (``иду`` → ``идти``, ``кухне`` →
``кухня``), so every verb form, case and number of a word is one entry here; English
words by a short table of the forms players write (``going`` → ``go``).
"""

from __future__ import annotations

from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from referee.core.reading import letters_swapped
from referee.core.russian import morph
from referee.core.seats import fold_name

VERBS: dict[str, str] = {
    # move (TS-11, TS-12)
    "move": "move", "go": "move", "head": "move", "walk": "move", "run": "move", "return": "move",
    "enter": "move", "visit": "move", "budge": "move", "proceed": "move", "stay": "move", "remain": "move",
    "идти": "move", "пойти": "move", "перейти": "move", "переходить": "move", "сходить": "move",
    "ходить": "move", "направиться": "move", "направляться": "move", "отправиться": "move",
    "отправляться": "move", "двигаться": "move", "двинуться": "move", "зайти": "move",
    "заходить": "move", "пройти": "move", "проходить": "move", "переместиться": "move",
    "перемещаться": "move", "бежать": "move", "побежать": "move", "заглянуть": "move",
    "вернуться": "move", "возвращаться": "move", "перебраться": "move", "заскочить": "move",
    "оставаться": "move", "остаться": "move", "сидеть": "move", "посидеть": "move", "переход": "move",
    "перемещение": "move",
    "подниматься": "move", "подняться": "move", "спускаться": "move", "спуститься": "move",
    "уходить": "move", "уйти": "move", "перебираться": "move", "переместить": "move",
    "перемещать": "move", "перевести": "move", "переводить": "move", "забежать": "move",
    "наведаться": "move", "направить": "move", "отправить": "move", "отправлять": "move",
    "send": "move", "climb": "move", "pop": "move", "off": "move", "стоять": "move", "отвести": "move",
    "двинуть": "move", "отводить": "move", "swing": "move", "linger": "move",
    "descend": "move", "relocate": "move", "wander": "move", "hurry": "move", "rush": "move",
    "slip": "move", "stroll": "move", "sneak": "move", "creep": "move", "dash": "move", "hop": "move",
    "step": "move", "march": "move", "stride": "move", "amble": "move", "saunter": "move", "jog": "move",
    "dart": "move", "scurry": "move", "tiptoe": "move", "nip": "move", "retreat": "move",
    "проскальзывать": "move", "проскользнуть": "move", "пробираться": "move", "пробраться": "move",
    "красться": "move", "прокрасться": "move", "переселяться": "move", "переселиться": "move",
    "топать": "move", "потопать": "move", "протопать": "move", "двигать": "move", "шагать": "move",
    "зашагать": "move", "прошагать": "move", "мчаться": "move", "помчаться": "move", "нестись": "move",
    "понестись": "move", "брести": "move", "побрести": "move", "шмыгнуть": "move", "прошмыгнуть": "move",
    "ковылять": "move", "поковылять": "move", "переехать": "move", "переезжать": "move",
    "заглядывать": "move", "peek": "move", "peep": "move", "сваливать": "move", "свалить": "move",
    "слинять": "move", "смыться": "move", "смываться": "move",
    "выскальзывать": "move", "выскользнуть": "move", "сворачивать": "move", "свернуть": "move",
    "выходить": "move", "выйти": "move", "выяснять": "search", "выяснить": "search",
    "рвануть": "move", "махнуть": "move", "метнуться": "move", "сгонять": "move", "смотаться": "move",
    "податься": "move", "чапать": "move", "почапать": "move", "прогуляться": "move", "дойти": "move",
    "доползти": "move", "доковылять": "move", "заползти": "move", "зарулить": "move", "нагрянуть": "move",
    "перебежать": "move", "переползти": "move", "скатиться": "move", "ascend": "move", "scoot": "move",
    "trot": "move", "scamper": "move", "shuffle": "move", "trudge": "move", "stomp": "move", "zip": "move",
    "clamber": "move", "traipse": "move", "mosey": "move", "troop": "move",
    # search (TS-19)
    "search": "search", "look": "search", "check": "search", "seek": "search", "examine": "search",
    "inspect": "search", "искать": "search", "поискать": "search", "обыскать": "search",
    "обыскивать": "search", "осмотреть": "search", "осматривать": "search", "проверить": "search",
    "проверять": "search", "обшарить": "search", "обшаривать": "search", "пошарить": "search",
    "поиск": "search", "обыск": "search", "осмотр": "search", "смотреть": "search",
    "посмотреть": "search", "рыться": "search", "порыться": "search", "роиться": "search",
    "шарить": "search", "обследовать": "search", "rummage": "search", "investigate": "search",
    "poke": "search", "scour": "search", "ransack": "search", "frisk": "search", "comb": "search",
    "копаться": "search", "покопаться": "search", "перерыть": "search", "перерывать": "search",
    "прошерстить": "search", "шерстить": "search", "ворошить": "search", "перебрать": "search",
    "глянуть": "search", "поглядеть": "search", "взглянуть": "search", "оглядеть": "search",
    "оглядывать": "search", "glance": "search",
    "rifle": "search", "hunt": "search", "sniff": "search", "scan": "search",
    "sweep": "search", "dig": "search",
    "шмонать": "search", "рыскать": "search", "порыскать": "search",
    "прошмонать": "search", "обшмонать": "search", "разнюхать": "search", "поразнюхать": "search",
    "разнюхивать": "search", "вынюхивать": "search",
    # trap (TS-20)
    "trap": "trap", "ловушка": "trap", "капкан": "trap", "ловуха": "trap", "snare": "trap", "ambush": "trap",
    "засада": "trap", "сюрприз": "trap", "surprise": "trap",
    # say (TS-23)
    "say": "say", "tell": "say", "shout": "say", "whisper": "say", "announce": "say",
    "сказать": "say", "говорить": "say", "сообщить": "say", "сообщать": "say", "крикнуть": "say",
    "кричать": "say", "шепнуть": "say", "прошептать": "say", "шептать": "say", "объявить": "say",
    "объявлять": "say",
    # cancel (TS-11 ruling)
    "cancel": "cancel", "undo": "cancel", "withdraw": "cancel", "remove": "cancel", "отменить": "cancel",
    "отменять": "cancel", "отмена": "cancel", "scrap": "cancel", "drop": "cancel", "retract": "cancel",
    "revoke": "cancel", "scratch": "cancel", "forget": "cancel", "disregard": "cancel",
    "ignore": "cancel", "забыть": "cancel", "снять": "cancel",
    "снимать": "cancel", "убрать": "cancel", "отбой": "cancel",
    "убирать": "cancel", "отозвать": "cancel", "отзывать": "cancel", "аннулировать": "cancel",
    "clear": "cancel", "reset": "cancel", "wipe": "cancel", "erase": "cancel", "delete": "cancel",
    "стереть": "cancel", "удалить": "cancel", "сбросить": "cancel", "сбрасывать": "cancel",
    "help": "help", "помощь": "help", "справка": "help", "хелп": "help", "памятка": "help",
    "подсказка": "help",
    "instructions": "help", "instruction": "help", "инструкция": "help", "cheatsheet": "help",
    "status": "status", "статус": "status",
    "notebook": "notebook", "блокнот": "notebook",
}  # fmt: skip
"""Every order word (a lemma) and the order it starts."""

KEYWORDS: frozenset[str] = frozenset(
    {"move", "go", "search", "trap", "say", "cancel", "help", "status", "notebook"}
    | {"идти", "искать", "ловушка", "сказать", "отменить", "отмена", "помощь", "статус", "блокнот"}
)
"""The words the help teaches: a line starting with one is an order whatever follows."""

STAY: frozenset[str] = frozenset(
    {"stay", "remain", "linger", "оставаться", "остаться", "сидеть", "посидеть", "стоять"}
)
"""Move verbs that mean "stay": alone, or with "here", they keep the character where they are."""

LOOK_IN: frozenset[str] = frozenset({"заглянуть", "заглядывать", "peek", "peep"})
"""Move verbs that are a search when what they name is two cards and no place («заглядываю под кресло и
в тумбочку», "peek under the sofa and behind the desk"), a move when it is one place."""

NEGATIONS: frozenset[str] = frozenset(
    {"not", "don't", "dont", "don’t", "won't", "wont", "won’t", "never", "no", "не", "никуда", "ни"}
)
"""Words that deny the order word after them: with nothing named, one's own move denied is a stay
("not moving this hour", «никуда не иду»)."""

ANY_MORE: frozenset[str] = frozenset({"anymore", "more", "longer", "больше", "передумать", "уже"})
"""Words that make a denied move the withdrawal of one given before ("I don't want to move anymore")."""

COURTESY: frozenset[str] = frozenset(
    {"thanks", "thank", "thx", "ty", "cheers", "you", "in", "advance", "a", "lot", "much", "so", "very",
     "please", "pls", "plz", "dear", "host", "gm", "master", "спасибо", "спс", "благодарить",
     "заранее", "большой", "огромный", "пожалуйста", "мастер", "ведущий", "obliged", "grateful",
     "appreciate", "appreciated", "ta", "признательный", "очень", "просить"}
)  # fmt: skip
"""Words (lemmas) of thanks: a sentence of them alone after an order on its line ("Thanks!", «Спасибо
заранее!») thanks whoever carries the order out; it is no talk to say aloud but the end of the order.
A greeting before an order ("Hi!") is said to the room, and stays talk."""

PHRASES: dict[tuple[str, ...], str] = {
    ("make", "my", "way"): "move", ("make", "way"): "move", ("make", "his", "way"): "move",
    ("make", "her", "way"): "move", ("go", "through"): "search", ("look", "like"): "",
    ("take", "back"): "cancel", ("call", "off"): "cancel", ("get", "to"): "move", ("get", "into"): "move",
    ("sweep", "out"): "move", ("sweep", "toward"): "move", ("sweep", "towards"): "move",
    ("sweep", "into"): "move", ("make", "for"): "move", ("put", "me", "down", "for"): "move",
    ("put", "me", "in"): "move", ("put", "me", "into"): "move", ("hold", "position"): "stay",
    ("hold", "my", "position"): "stay", ("hold", "put"): "stay", ("hold", "still"): "stay",
}  # fmt: skip
"""Words (lemmas) that are one order word together, and the order they start ("" for none): "make my
way to …" and "sweeps out toward …" are moves, "goes through the nightstand" a search, "looks like rain"
no search; "hold position" is a stay (a move verb of ``STAY``)."""

HERE: frozenset[str] = frozenset({"here", "put", "where", "i", "am", "здесь", "тут", "на", "месте", "место"})
"""Words after a "stay" verb that name no place: "stay here", "остаюсь на месте"."""

SETTERS: frozenset[str] = frozenset(
    {"set", "lay", "place", "put", "setting", "оставить", "оставлять", "ставить", "поставить", "устроить",
     "устраивать", "расставить", "расставлять", "установить", "устанавливать", "готовить", "подготовить",
     "соорудить"}
)  # fmt: skip
"""Verbs that only start an order with "trap" after them ("set a trap", "ставлю ловушку")."""

PRONOUNS: frozenset[str] = frozenset(
    {"i", "i'll", "i’ll", "ill", "im", "i'm", "i’m", "will", "shall", "am", "we", "we'll", "let", "me", "now",
     "я", "мы", "сейчас", "теперь", "пожалуй", "тогда", "сначала", "сперва", "лучше", "а", "anyway",
     "anyhow", "ладно", "короче", "итак"}
)  # fmt: skip
"""Words before an order verb that change nothing ("I'll go", "я пойду", "теперь ищу", "Anyway, I shall
go …", «Ладно, иду …»)."""

CONNECTORS: frozenset[str] = frozenset(
    {
        "and",
        "then",
        "also",
        "afterwards",
        "afterward",
        "later",
        "after",
        "finally",
        "и",
        "а",
        "потом",
        "затем",
        "там",
        "тогда",
        "после",
        "этого",
        "далее",
        "дальше",
        "следом",
        "напоследок",
    }
)
"""Words that join two orders on one line ("иду в спальню и ищу нож", "go to the study then search …")."""

FILLERS: frozenset[str] = frozenset(
    {"to", "into", "in", "the", "a", "an", "and", "for", "on", "at", "with", "of", "my", "through",
     "under", "behind", "inside", "over", "back", "toward", "towards", "using", "by", "from", "up",
     "в", "во", "на", "и", "к", "ко", "с", "со", "для", "за", "у", "под", "по", "из", "мой", "моя",
     "мою", "свой", "свою", "обратно", "снова", "опять", "тоже", "ещё", "еще", "прямо", "быстро",
     "туда", "или", "or", "там", "game", "room's", "teh", "now", "please", "сейчас", "пожалуйста", "плиз",
     "сразу", "pls", "plz"}
)  # fmt: skip
"""Little words players write between cards ("go to the Study", "ищу в диване и камине") that mean nothing."""

ASKING: frozenset[str] = frozenset({"could", "can", "would", "will", "you", "is", "are", "вы", "мочь"})
"""Words (lemmas) that may stand before an order word ("could you move …", "Egor is going …") but that,
among names, make a question rather than an order ("you in the kitchen?")."""

WRAPPERS: frozenset[str] = ASKING | frozenset(
    {"please", "kindly", "i'd", "i’d", "id", "like", "want", "wanna", "to", "me", "my", "character",
     "master", "gm", "host", "dear", "уважаемый", "дорогой", "just", "просить", "пожалуйста", "хотеть",
     "хотеться", "бы", "можно",
     "меня", "мне", "мной", "мой", "персонаж", "герой", "мастер", "ведущий", "вот", "ну", "так",
     "mind", "char", "love", "show", "give", "remind", "прислать", "присылать", "выслать", "показать",
     "показывать", "дать", "напомнить", "свой"}
)  # fmt: skip
"""Words (lemmas) that wrap an order without changing it: politeness ("прошу", "could you", "please"),
wishes ("хочу", "I'd like to") and narration ("мой персонаж", "my character", "Master,"). They may
stand before an order word, and among the names an order gives they are skipped ("переместить меня")."""

ASKING_FOR: frozenset[str] = frozenset(
    {
        "please",
        "kindly",
        "i'd",
        "i’d",
        "want",
        "wanna",
        "просить",
        "пожалуйста",
        "хотеть",
        "хотеться",
        "можно",
    }
)
"""Words (lemmas) of asking for something: beside a name they make a line order-like ("хочу кухню и гараж"),
so it is asked about rather than said aloud."""

SKIPPED: frozenset[str] = (WRAPPERS - ASKING) | frozenset(
    {"over", "down", "up", "off", "around", "about", "clue", "clues", "улика", "цель", "target", "two",
     "both", "два", "две", "оба", "обе", "каждый", "each", "then", "потом", "затем", "order", "приказ",
     "команда", "распоряжение", "meanwhile", "тем", "временем", "пока", "next", "here", "здесь", "тут",
     "instead", "про"}
)  # fmt: skip
"""Words (lemmas) skipped among the names of an order besides the little ones of ``FILLERS``: wrappers,
directions ("climb up to"), what a search is for ("ищу улики: …"), "цель — Глеб", counts ("two traps")."""

ARRIVE: frozenset[str] = frozenset({"буду", "будем", "быть", "be"})
"""Words of being somewhere at a time ("утром буду в спальне", "I'll be in the study"): a move that must
take effect by then, so it is the move of the segment before (see ``parse``)."""

SPEND: frozenset[str] = frozenset(
    {"spend", "wake", "провести", "проводить", "оказаться", "очутиться", "проснуться"}
)
"""Verbs (lemmas) of spending a time somewhere («следующий час хочу провести в гостиной»): words of being
there, as ``ARRIVE``."""


CANCELLABLE: dict[str, str] = {
    "move": "move", "moving": "move", "go": "move", "переход": "move", "перемещение": "move",
    "ход": "move", "идти": "move", "иду": "move", "движение": "move",
    "search": "search", "searching": "search", "поиск": "search", "искать": "search", "обыск": "search",
    "ищу": "search", "осмотр": "search", "обыскивать": "search", "обыскать": "search",
    "перейти": "move", "переходить": "move", "пойти": "move", "ходить": "move",
} | {word: "trap" for word, kind in VERBS.items() if kind == "trap"} | {"traps": "trap"}  # fmt: skip
"""What a cancel order may name (lemmas) and the order it withdraws."""

EVERYTHING: frozenset[str] = frozenset(
    {"all", "every", "everything", "lot", "весь", "всё", "все", "orders", "plans"}
)
ORDERS_NAMED: frozenset[str] = frozenset(
    {"order", "plan", "заявка", "приказ", "распоряжение", "план", "команда", "действие"}
)
"""Nouns (lemmas) that name an order of any kind («все мои заявки отменяю», "my orders — scrap them"): what a
cancel near them takes back."""
"""Words (lemmas) that make a cancel naming no kind of order withdraw every order not yet carried out
("Cancel everything", "Withdraw all my orders", «Отменить всё», «отменяю все свои заявки»); «заявку» alone is
one order, whichever it names."""

_ENGLISH: dict[str, str] = {
    "going": "go", "goes": "go", "went": "go", "gonna": "go", "heading": "head", "heads": "head",
    "moving": "move", "moves": "move", "walking": "walk", "running": "run", "returning": "return",
    "entering": "enter", "staying": "stay", "searching": "search", "searches": "search",
    "looking": "look", "checking": "check", "examining": "examine", "seeking": "seek",
    "trapping": "trap", "traps": "trap", "saying": "say", "says": "say", "telling": "tell",
    "cancelling": "cancel", "canceling": "cancel", "knives": "knife", "ropes": "rope",
    "climbing": "climb", "climbs": "climb", "popping": "pop", "pops": "pop", "rummaging": "rummage",
    "rummages": "rummage", "laying": "lay", "lays": "lay", "sets": "set", "placing": "place",
    "investigating": "investigate", "descending": "descend", "hurrying": "hurry", "rushing": "rush",
    "wandering": "wander", "walks": "walk", "runs": "run", "enters": "enter", "visits": "visit",
    "returns": "return", "proceeds": "proceed", "checks": "check", "examines": "examine",
    "inspects": "inspect", "sends": "send", "sending": "send", "wanders": "wander", "rushes": "rush",
    "dropping": "drop", "scrapping": "scrap", "taking": "take", "took": "take", "calling": "call",
}  # fmt: skip
_COMMON = frozenset({"иду", "ищу", "пойду", "обыскать", "обыскиваю", "ставлю", "перехожу"})
"""The order words players write most, besides the keywords, for recognising them misspelt."""
_SHORTEST_MISSPELT = 4
_NEAR_WORD = 80.0
_CYRILLIC = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


WORDS_KEPT = 32_768
"""How many distinct words ``lemmas`` and ``order_kind`` remember: every order word and card name many
times over, and a bound on what mail from anyone can make them hold."""


def _english(folded: str) -> set[str]:
    """The dictionary forms an English word may be: from the table of forms, and by its ending ("strolls"
    → stroll, "relocating" → relocate, "slipping" → slip, "sneaks" → sneak)."""
    found = {folded, _ENGLISH.get(folded, folded)}
    if len(folded) > 5 and folded.endswith("ing"):
        stem = folded[:-3]
        found |= {stem + "e"} | ({stem[:-1]} if stem[-1] == stem[-2] else set())
        if not _short_undoubled(stem):  # "hoping" is of "hope"; "hop" would be "hopping"
            found.add(stem)
    elif len(folded) > 3 and folded.endswith("s") and not folded.endswith("ss"):
        found.add(folded[:-1])  # "strolls", and plurals: "ropes", "candles"
        if folded.endswith(("shes", "ches", "xes", "sses")):
            found.add(folded[:-2])  # "rushes", "searches"
    return found


_VOWELS_EN = "aeiou"


def _short_undoubled(stem: str) -> bool:
    """Whether a stem before "-ing" is a short consonant–vowel–consonant syllable ("hop" of "hoping"): its
    verb would double the consonant ("hopping"), so the word is of the stem with "e" ("hope")."""
    return (
        len(stem) == 3
        and stem[0] not in _VOWELS_EN
        and stem[1] in _VOWELS_EN
        and stem[2] not in _VOWELS_EN + "wxy"
    )


@lru_cache(maxsize=WORDS_KEPT)
def lemmas(word: str) -> frozenset[str]:
    """Every dictionary form ``word`` (folded) may be a form of, and the word itself.

    ``кухне`` → {кухне, кухня}; ``свечу`` → {свечу, свеча, светить}; ``going`` → {going, go}.
    """
    folded = fold_name(word).removesuffix("-ка").removesuffix("-то")  # "пойду-ка", "куда-то"
    if folded[:1] in _CYRILLIC:
        return frozenset({folded} | {fold_name(p.normal_form) for p in morph().parse(folded)})
    return frozenset(_english(folded.removesuffix("'s").removesuffix("’s")))


@lru_cache(maxsize=WORDS_KEPT)
def order_kind(word: str) -> str:
    """The order ``word`` starts ("" if none): ``пойду`` → move, ``ловушку`` → trap, ``going`` → move.

    English words are read in any form of theirs (``_english``).
    """
    folded = fold_name(word)
    forms = lemmas(word) if folded[:1] in _CYRILLIC else _english(folded)
    return next((VERBS[lemma] for lemma in sorted(forms) if lemma in VERBS), "")


_VOWELS = "аеёиоуыэюяйь"
_NEAR_KIND = 82.0
_STEMS: dict[str, str] = {}


def _stem(word: str) -> str:
    """A Russian word without its ending's vowels ("ловушку" → "ловушк"), so that a misspelt form is
    compared with the order word in any case; an English word as it is."""
    return word.rstrip(_VOWELS) if word[:1] in _CYRILLIC else word


@lru_cache(maxsize=1)
def _order_stems() -> dict[str, str]:
    """The stem of every order word long enough to be recognised misspelt, and the order it starts."""
    return {_stem(lemma): kind for lemma, kind in VERBS.items() if len(lemma) >= _SHORTEST_MISSPELT}


@lru_cache(maxsize=WORDS_KEPT)
def near_kind(word: str) -> str:
    """The order a misspelt order word starts ("serach", "лавушку", "trapp"), or "": a word at least five
    letters long, that is no word of the dictionary, and near one order word's stem (and no other)."""
    folded = fold_name(word)
    if folded[:1] in _CYRILLIC and morph().word_is_known(folded):
        return ""
    if len(folded) <= _SHORTEST_MISSPELT:
        return _short_slip(folded)
    if not lemmas(word).isdisjoint(VERBS):
        return ""  # a form of an order word that is deliberately not read ("looks like rain")
    stems = _order_stems()
    found = process.extract(_stem(folded), list(stems), scorer=fuzz.ratio, score_cutoff=_NEAR_KIND, limit=3)
    if folded.isascii():  # "serach", "moev"; not "starts" (status) nor "treat": English words of their own
        found = [hit for hit in found if OSA.distance(folded, hit[0]) <= (1 if len(folded) < 8 else 2)]
    kinds = {stems[stem] for stem, _, _ in found}
    return kinds.pop() if len(kinds) == 1 else ""


_SET_OFF = frozenset({"пойти", "побежать", "поехать", "двинуть", "двинуться", "потопать", "помчаться"})
"""Verbs whose past singular says one sets off now («пошла в ванную», «побежал на кухню»)."""


def _short_slip(folded: str) -> str:
    """The order a short Russian word unknown to the dictionary starts when it is one letter away from one
    of the commonest order words of its length ("ищю", "идю"); English short words are too often other
    words ("trip" is no "trap"), but two letters of one swapped are a slip ("stya", "hnut", "trpa")."""
    if folded[:1] not in _CYRILLIC:
        swapped = {order_kind(word) for word in _ENGLISH_SHORT if _one_swap(word, folded)}
        return swapped.pop() if len(swapped) == 1 else ""
    if len(folded) < 3:
        return ""
    near = [
        common
        for common in _COMMON
        if len(common) == len(folded) and common[0] == folded[0]
        and sum(a != b for a, b in zip(common, folded, strict=True)) == 1
    ]  # fmt: skip
    kinds = {order_kind(common) for common in near}
    if len(kinds) > 1:  # "ишу": «ищу» or «иду»? the letter that sounds alike wins
        kinds = {order_kind(common) for common in near if _alike(common, folded)}
    return kinds.pop() if len(kinds) == 1 else ""


_ENGLISH_SHORT = ("stay", "hunt", "move", "trap", "look", "seek", "head", "walk", "check", "search")
"""The short English order words a swap of two letters is read back to."""


def _one_swap(word: str, folded: str) -> bool:
    """Whether ``folded`` is ``word`` with two neighbouring letters swapped."""
    if len(word) != len(folded) or word == folded:
        return False
    diff = [i for i, (a, b) in enumerate(zip(word, folded, strict=True)) if a != b]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and word[diff[0]] == folded[diff[1]]
        and word[diff[1]] == folded[diff[0]]
    )


_ALIKE = (
    frozenset("шщ"),
    frozenset("еёэ"),
    frozenset("ий"),
    frozenset("ьъ"),
    frozenset("сз"),
    frozenset("дт"),
    frozenset("бп"),
    frozenset("вф"),
    frozenset("гк"),
    frozenset("жш"),
    frozenset("ую"),
    frozenset("ая"),
)
"""Russian letters that sound alike, or stand side by side on the keyboard, and are written one for the
other."""


def _alike(written: str, meant: str) -> bool:
    """Whether the one letter ``written`` has in place of ``meant``'s sounds like it (see ``_ALIKE``)."""
    return any({a, b} <= pair for a, b in zip(written, meant, strict=True) if a != b for pair in _ALIKE)


PREPOSITIONAL: dict[str, frozenset[str]] = {
    "look": frozenset({"in", "into", "inside", "under", "behind", "at", "for", "through", "around", "over",
                       "on", "beneath", "underneath", "round", "about"}),
    "be": frozenset({"in", "at", "inside", "into", "there", "here", "back", "by", "near", "upstairs",
                     "downstairs"}),
}  # fmt: skip
"""English order words that start an order only with one of these words after them: "looks under the
table" is a search, "looks tired" is not; "I'll be in the study" a move, "and be left in peace" not."""


_PAST_EN = frozenset(
    {"went", "was", "were", "did", "had", "got", "gone", "been", "left", "came", "ran", "said", "told", "saw",
     "found", "thought", "heard", "knew", "wrote", "took", "made", "swore", "meant", "sent"}
)  # fmt: skip


@lru_cache(maxsize=WORDS_KEPT)
def is_past(word: str) -> bool:
    """Whether ``word`` is a verb in the past tense ("заходил", "went", "searched"): a line telling what
    was done is conversation, not an order."""
    folded = fold_name(word)
    if folded[:1] in _CYRILLIC:
        first = morph().parse(folded)[:1]
        if any(p.normal_form in _SET_OFF and "sing" in p.tag for p in first):
            return False  # «пошёл в кухню», «пошла в ванную»: setting off now, not told of
        return any(p.tag.POS == "VERB" and "past" in p.tag for p in first)
    return folded in _PAST_EN or (len(folded) > 4 and folded.endswith("ed"))


def is_courtesy(word: str) -> bool:
    """Whether ``word`` is one of courtesy (see ``COURTESY``)."""
    return not lemmas(word).isdisjoint(COURTESY)


def is_known(word: str) -> bool:
    """Whether the Russian dictionary knows ``word`` (a misspelt word it does not: "ищю")."""
    return bool(morph().word_is_known(fold_name(word)))


def is_wrapper(word: str) -> bool:
    """Whether ``word`` wraps an order without changing it (see ``WRAPPERS``)."""
    return not lemmas(word).isdisjoint(WRAPPERS)


def is_asking_for(word: str) -> bool:
    """Whether ``word`` asks for something (see ``ASKING_FOR``)."""
    return not lemmas(word).isdisjoint(ASKING_FOR)


def is_skipped(word: str) -> bool:
    """Whether ``word`` is skipped among the names of an order (see ``SKIPPED``)."""
    return not lemmas(word).isdisjoint(SKIPPED)


_NOT_ADVERBS = frozenset({"only", "family", "holy", "lily", "jelly", "belly", "bully", "ally"})


@lru_cache(maxsize=WORDS_KEPT)
def is_adverb(word: str) -> bool:
    """Whether ``word`` is an adverb of manner or place ("quietly", «тихонько», «слишком»), which changes
    no order: it may stand before an order word and is passed over among names. A Russian word by the
    dictionary; an English one by its ending "-ly"."""
    folded = fold_name(word)
    if folded[:1] in _CYRILLIC:
        parses = morph().parse(folded)
        return bool(parses) and parses[0].tag.POS == "ADVB" and morph().word_is_known(folded)
    return len(folded) > 4 and folded.endswith("ly") and folded not in _NOT_ADVERBS


def near_order_word(word: str) -> str:
    """The order a misspelt order word (``Serch``, ``Ищуу``) most likely starts, or ""."""
    folded = fold_name(word)
    if len(folded) < _SHORTEST_MISSPELT:
        return ""
    best = process.extractOne(folded, sorted(KEYWORDS | _COMMON), scorer=fuzz.ratio, score_cutoff=_NEAR_WORD)
    if best is None:
        swapped = next((known for known in sorted(KEYWORDS) if letters_swapped(folded, known)), "")
        return order_kind(swapped) if swapped else ""
    return order_kind(best[0])


def is_setter(word: str) -> bool:
    """Whether ``word`` is a verb that starts a trap order when "trap" follows ("ставлю", "set")."""
    return not lemmas(word).isdisjoint(SETTERS)


@lru_cache(maxsize=WORDS_KEPT)
def is_arrive(word: str) -> bool:
    """Whether ``word`` is one of being somewhere at a time (``ARRIVE``, ``SPEND``)."""
    return fold_name(word) in ARRIVE or not lemmas(word).isdisjoint(SPEND)
