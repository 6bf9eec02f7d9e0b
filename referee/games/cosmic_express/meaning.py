"""Cosmic Express orders read by meaning (``referee.core.reading``): "I'd like to give Boris my
candle", «Предлагаю Борису свечу», "I accept offer 3 and give my wrench", «Меняю мусор на вторую карту
болвана», "Anna arrests Boris".

The players are named in any case («Борису», «Веру») or with a slip of a letter. A line that names
no order is table talk (CE-5) even when it speaks of cards ("Boris has a candle, I bet"), and so is a
story told in the past tense («я отдал свечу»); a line with an order word and the game's things that
is not read with confidence is refused with a question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from itertools import pairwise
from typing import Any

from referee.core.reading import (
    ASKING_LEADS,
    HELP_WORDS,
    OPTION_WORDS,
    SHOW_VERBS,
    TAKING_BACK,
    Grammar,
    Guess,
    Reading,
    Word,
    asked_how,
    asks_how_to,
    kinds_in,
    lookup,
    names_in,
    phrasal,
)
from referee.core.russian import morph
from referee.core.seats import fold_name
from referee.games.cosmic_express.cards import DUMMY, DUMMY_ALIASES, ITEM_ALIASES, ITEMS

INTENTS: dict[str, str] = {
    **dict.fromkeys(
        ("offer", "give", "hand", "pass", "propose", "send", "gift", "slip", "slide", "trade", "put", "place",
         "предложить", "предлагать", "отдать", "отдавать", "дать", "давать", "передать", "передавать",
         "вручить", "подарить", "подсунуть", "подсовывать", "подложить", "подкладывать", "положить",
         "класть", "предложение", "выставить", "выставлять", "оффер", "сунуть", "совать", "предл"),
        "offer",
    ),
    **dict.fromkeys(
        ("accept", "acc", "прин", "take", "agree", "принять", "принимать", "взять", "брать", "согласиться",
         "соглашаться", "согласный", "беру", "accepted"),
        "accept",
    ),
    **dict.fromkeys(
        ("refuse", "ref", "откл", "decline", "reject", "отказать", "отказаться", "отказываться", "отклонить",
         "отклонять", "отказ", "отказывать", "отвергнуть", "отвергать", "отбить", "rebuff"),
        "refuse",
    ),
    **dict.fromkeys(
        ("withdraw", "wd", "отзыв", "вернуть", "retract", "back", "pull", "отозвать", "отзывать", "забрать",
         "забирать", "снять",
         "снимать", "отменить", "отменять", "cancel", "назад", "scratch", "strike", "undo", "rescind",
         "revoke", "scrap", "drop", "беру обратно", "взять обратно", "забираю обратно", "take back", "forget",
         "забыть", "отозв", "убрать", "убирать"),
        "withdraw",
    ),
    **dict.fromkeys(
        ("swap", "swp", "exchange", "switch", "обменять", "поменять", "менять", "обмен", "обменяться",
         "меняться", "обменивать"),
        "swap",
    ),
    **dict.fromkeys(
        ("done", "finish", "finished", "ready", "готово", "готовый", "закончить", "заканчивать",
         "закончил", "закончила", "всё", "хватит", "пас", "окончить", "оконченный", "окончен", "окончено"),
        "done",
    ),
    **dict.fromkeys(
        ("reveal", "show", "flip", "badge", "значок", "удостоверение", "корочка", "ксива",
         "раскрыть", "вскрыть", "показать", "перевернуть",
         "открыть",
         "раскрывать", "вскрывать", "переворачивать", "показывать"),
        "reveal",
    ),
    **dict.fromkeys(
        ("arrest", "arr", "nick", "detain", "сажать", "посадить", "collar", "bust",
         "вязать", "повязать", "паковать", "упаковать", "скрутить",
         "арестовать", "арест", "арестовывать", "задержать",
         "задерживать", "cuff", "apprehend", "nab", "book",
         "handcuff", "handcuffs", "наручник", "brig", "jail", "кутузка", "каталажка", "тюрьма"),
        "arrest",
    ),
    **dict.fromkeys(
        ("say", "tell", "announce", "сказать", "говорить", "сообщить", "сообщать", "заявить", "заявлять",
         "объявить", "объявлять"),
        "say",
    ),
    **dict.fromkeys(
        ("turn down", "pass on", "no thanks", "не надо", "не нужно", "не возьму", "не беру", "не приму",
         "не принимаю"),
        "refuse",
    ),
    **dict.fromkeys(("turn over",), "reveal"),
    **dict.fromkeys(("lock up", "put away"), "arrest"),
    **dict.fromkeys(
        HELP_WORDS,
        "help",
    ),
    **dict.fromkeys(("status", "situation", "статус", "положение", "состояние", "ситуация"), "status"),
}  # fmt: skip
"""Intent words (lemmas and stems) of Cosmic Express orders."""

PRIORITY = (
    "say",
    "arrest",
    "reveal",
    "withdraw",
    "accept",
    "refuse",
    "swap",
    "offer",
    "done",
    "help",
    "status",
)
"""Which order a clause means when it holds words of several: "accept offer 3, I give my wrench" is an
ACCEPT, «готов отдать свечу» an OFFER, "take back O2" a WITHDRAW."""

ITEM_WORDS: dict[str, str] = {
    **{fold_name(alias): item for alias, item in ITEM_ALIASES.items() if " " not in alias},
    "свеча": "Candle", "свечка": "Candle", "огнетушитель": "Fire Extinguisher", "ключ": "Wrench",
    "wrench": "Wrench", "spanner": "Wrench", "мусор": "Trash", "junk": "Trash", "мусорка": "Trash",
    "trash": "Trash", "garbage": "Trash", "rubbish": "Trash", "candle": "Candle", "мусорный": "Trash",
    "хлам": "Trash", "гаечник": "Wrench", "огнетушак": "Fire Extinguisher", "огнет": "Fire Extinguisher",
    "огнетуш": "Fire Extinguisher", "ключик": "Wrench",
    "ext": "Fire Extinguisher", "extinguisher": "Fire Extinguisher",
}  # fmt: skip
"""The words that name an item card (folded or lemma)."""

THINGS = frozenset(ITEM_WORDS) | DUMMY_ALIASES
"""Words for the game's things, never read as a misspelt order word."""
MINE = frozenset({"me", "my", "mine", "мне", "мой", "свой"})
"""Words that make "show" a question about one's own cards ("Show me my cards", «Покажите мои карты»)."""
POINTED = frozenset({"it", "him", "her", "them", "это", "его", "ему", "ей", "её", "им", "их", "он", "она"})
"""Words that point at a card or a player, making a verb of giving an order ("Give it to him")."""
SUBJECTS = frozenset({"i", "we", "he", "she", "they", "я", "мы", "он", "она", "они"})
"""Words that make a clause a sentence with a verb, not an order written without one."""
NO = frozenset({"no", "nope", "nah", "нет", "не", "неа"})
OFFER_WORDS = frozenset({"offer", "предложение", "deal", "сделка", "trade"})
SLOT_WORDS = frozenset({"card", "slot", "карта", "карточка", "слот"})
_CYRILLIC = re.compile(r"[а-яё]")
_OFFER_ID = re.compile(r"^[#№oо]-?(\d{1,6})$")
_SAY_LEAD = re.compile(
    r"^[\s:,—\-]*(?:(?:to\s+)?(?:everyone|all|everybody|the table)\b|всем\b|что\b|that\b)?[\s:,—\-]*", re.I
)


def _items(words: list[Word]) -> list[str]:
    """The items a clause names, each once, in the order written."""
    return list(dict.fromkeys(item for word in words if (item := lookup(word, ITEM_WORDS))))


def _players(words: list[Word], names: Sequence[str]) -> list[tuple[int, str]]:
    table = {fold_name(name): name for name in names}
    found = [(i, name) for i, name in names_in(words, table) if not lookup(words[i], ITEM_WORDS)]
    found += [(i, DUMMY) for i, word in enumerate(words) if word.among(DUMMY_ALIASES | {"болван"})]
    return sorted(found)


def _dummys_card(words: list[Word], index: int) -> int | None:
    """The number of the Dummy's card that ``words[index]`` names right after the Dummy ("dummy #1",
    «болван №2»), or None."""
    match = _OFFER_ID.match(words[index].folded)
    after_dummy = index > 0 and words[index - 1].among(DUMMY_ALIASES | {"болван"})
    return int(match.group(1)) if match and after_dummy and match.group(1) in ("1", "2") else None


def _offer_ids(words: list[Word]) -> list[str]:
    """The offers a clause names: "O3", "#3", «№3», "offer 3", «третье предложение»."""
    found: list[str] = []
    for index, word in enumerate(words):
        if _dummys_card(words, index):
            continue  # "dummy #1": one of the Dummy's cards, no offer
        if match := _OFFER_ID.match(word.folded):
            found.append(f"O{int(match.group(1))}")
        elif word.number is not None:
            before = words[index - 1] if index else None
            after = words[index + 1] if index + 1 < len(words) else None
            if (before and before.among(OFFER_WORDS)) or (after and after.among(OFFER_WORDS)):
                found.append(f"O{word.number}")
    return list(dict.fromkeys(found))


def _unsaid(
    words: list[Word], items: list[str], players: list[tuple[int, str]], offers: list[str]
) -> Reading | None:
    """A clause with no order word read by what it names: an offer and an item answer it ("Yes to
    O5 — my trash", «O2 — за мой ключ»), a no before an offer refuses it ("No to O3"), a player given to
    and an item offer it ("To Boris: my candle", «Вере — мою свечку»), the Dummy, one of its cards and an
    item swap them ("dummy 2 for my extinguisher", «болван 2 за мусор»). A story told in the past
    tense or with its subject ("I gave my candle to Clara") is none of these."""
    if not (items or players or offers) and _own_cards_asked(words):
        return "status", {}  # "What cards do I have right now?", «Какие у меня сейчас карты?»
    if not (items or players or offers) and (wanted := _question(words)):
        return wanted, {}
    called = bool(words) and words[0].tail.lstrip().startswith(",")  # "David, …": the player spoken to
    wants = called and any(w.among(_WANT) for w in words[1:3]) and any(w.among(MINE) for w in words)
    if len(players) == 1 and players[0][0] == 0 and players[0][1] != DUMMY and wants and len(items) == 1:
        return "offer", {"to": players[0][1], "item": items[0]}  # "David, want my candle?": offered by asking
    if any(w.past or w.folded in SUBJECTS for w in words):
        return None
    if len(offers) == 1 and not players:
        if len(items) == 1:
            return "accept", {"offer": offers[0], "item": items[0]}
        if not items and words[0].among(NO) and any(_OFFER_ID.match(w.folded) for w in words[1:3]):
            return "refuse", {"offer": offers[0]}
    slots = [w.number for w in words if w.number in (1, 2) and not _OFFER_ID.match(w.folded)] + [
        card for at in range(len(words)) if (card := _dummys_card(words, at))
    ]
    if not offers and len(items) == 1 and len(slots) == 1 and [p for _, p in players] == [DUMMY]:
        return "swap", {"item": items[0], "slot": slots[0]}  # "dummy 2 for my extinguisher"
    given = [name for index, name in players if name != DUMMY and _given_to(words, index)]
    if not offers and len(items) == 1 and len(given) == 1 and len(players) == 1:
        return "offer", {"to": given[0], "item": items[0]}
    others = [name for _, name in players if name != DUMMY]
    if offers or len(items) != 1 or len(others) != len(players):
        return None
    narrator = bool(players) and players[0][0] == 0 and not _given_to(words, 0)
    if narrator and len(given) == 1 and len(others) == 2 and others[0] != given[0]:
        return "offer", {"to": given[0], "item": items[0]}  # «Анна протягивает Борису огнетушитель»
    getting = narrator and len(words) > 1 and words[1].among(_GET) and any(w.among(MINE) for w in words)
    if len(others) == 1 and (
        getting or any(a.folded in ("от", "from") and b.among(_TO_ME | {"меня"}) for a, b in pairwise(words))
    ):
        return "offer", {"to": others[0], "item": items[0]}  # «Вера получает от меня свечку»
    return None


_OWN = frozenset({"i", "my", "me", "mine", "я", "мой", "меня", "мне"})


_TO_ME = frozenset({"me", "мне", "us", "нам"})
"""Words after a verb of giving that make the writer the one given to: a request to another player."""
_WANT = frozenset({"want", "need", "хотеть", "нужный", "нужно", "надо"})
"""Verbs of wanting in a question to the player named first ("David, want my candle?")."""
_GET = frozenset({"get", "gets", "receive", "получать", "получить"})
"""Verbs of the player given to, as the subject ("Clara gets my candle")."""
_HOLD = frozenset({"hold", "have", "держать", "иметь", "hand", "рука"})
_WHAT = frozenset({"what", "which", "what's", "whats", "что", "какой"})


QUESTION_WORDS = frozenset(
    {
        "what",
        "which",
        "whats",
        "what's",
        "any",
        "how",
        "is",
        "are",
        "where",
        "где",
        "что",
        "какой",
        "сколько",
        "есть",
        "ли",
        "чего",
        "как",
    }
)
"""Words that open a question to the referee ("What phase is it?", «Какие предложения в силе?»)."""
LEADS = ASKING_LEADS

STATE_WORDS = frozenset(
    {"offer", "offers", "pending", "phase", "stage", "step", "round", "trading", "предложение", "этап",
     "фаза", "стадия", "раунд", "шаг", "обмен", "open", "standing", "active", "summary", "overview",
     "сводка", "активный", "открытый"}
)  # fmt: skip
"""What a question about the game now asks of: the offers standing, the phase."""
ABLE_WORDS = frozenset(
    {"can", "may", "allowed", "able", "можно", "мочь", "разрешить", "разрешено", "доступный"}
)
"""Words that make a question one about what the writer may do ("What can I do?", «Что мне можно?»)."""
OPTIONS = OPTION_WORDS
"""Words that make a question one about what the writer may do ("What are my options?")."""
ROLE_WORDS = frozenset({"role", "identity", "роль", "личность"})
"""Words for one's role: turning it over is REVEAL, not a question about one's cards."""
BADGE_WORDS = frozenset({"badge", "значок", "удостоверение", "корочка", "ксива"})
"""The Detective's badge: showing one's badge ("flashing my badge") is REVEAL."""


_SEND_ME = SHOW_VERBS
"""Verbs asking the referee to send or show something («Пришлите сводку по игре»): asked as a question is."""


def _question(words: list[Word]) -> str | None:
    """What a clause naming no player, item or offer asks the referee: STATUS for the offers standing
    or the phase ("What offers are pending?", «Какой сейчас этап?»), HELP for what one may do ("What
    can I do now?", «А что мне тут можно?»); None if it is no such question."""
    words = [w for w in words if not w.among(LEADS)]
    if not words or not (words[0].among(QUESTION_WORDS) or words[0].among(_SEND_ME)):
        return None
    many = len(words) > 1 and words[0].folded in ("how", "сколько") and words[1].folded in ("many", "much")
    if not many and len(words) > 1 and asks_how_to(words[0], words[1]):
        return "help"  # "How do I make an offer?", «Как сделать предложение?»
    if any(w.among(ABLE_WORDS) for w in words) and any(w.among(_WHAT) for w in words[:3]):
        return "help"
    if any(w.among(OPTIONS) or w.meaning(INTENTS) == "help" for w in words):
        return "help"  # "What are my options?", «Какие команды есть для обмена?»
    if words[0].folded in ("where", "где") and any(w.folded in ("we", "мы") for w in words):
        return "status"  # "Where are we at?"
    return "status" if any(w.among(STATE_WORDS) for w in words) else None


def _said_by_another(words: list[Word], at: int) -> bool:
    """Whether the word of saying at ``at`` is another's: a Russian verb in the third person
    («говорит», «заявляют») or bidden of another («скажи честно»), an English one in the third person
    singular ("Boris says", "she tells"), after another subject ("they say", "everyone tell"), or asked of
    another ("tell me")."""
    word = words[at]
    if _CYRILLIC.search(word.folded):
        return bool({"3per", "impr", "2per"} & morph().parse(word.folded)[0].tag.grammemes)  # «скажи честно»
    before = words[at - 1].folded if at else ""
    after = words[at + 1].folded if at + 1 < len(words) else ""
    return word.folded.endswith("s") or before in _OTHER_SUBJECTS or after in ("me", "us")  # "tell me"


_OTHER_SUBJECTS = frozenset({"he", "she", "they", "everyone", "everybody", "each", "who"})


def _bidden(words: list[Word], kind: str) -> bool:
    """Whether the intent word of ``kind`` is a Russian imperative («забирай»): said to another player."""
    return any(
        w.meaning(INTENTS) == kind and _CYRILLIC.search(w.folded) and "impr" in morph().parse(w.folded)[0].tag
        for w in words
    )


def _own_cards_asked(words: list[Word]) -> bool:
    """Whether a clause naming nothing asks about the writer's own cards: a card word and "I" or "my", or
    what "I" hold ("What do I hold?")."""
    asked = {
        at + 1 for at, w in enumerate(words[:-1]) if w.folded in ("can", "could", "would", "можете", "можешь")
    }
    you = [at for at, w in enumerate(words) if w.folded in ("you", "ты", "вы") and at not in asked]
    if not any(w.among(_OWN) for w in words) or you:  # "Can you remind me …": the referee asked
        return False
    held = any(w.among(_HOLD) for w in words) and any(w.among(_WHAT) for w in words)
    return held or any(w.among(SLOT_WORDS) for w in words)


def _given_to(words: list[Word], index: int) -> bool:
    """Whether the player named at ``index`` is the one given to: after "to", or in the dative
    («Вере», «Борису»)."""
    word = words[index]
    if index and words[index - 1].folded in ("to", "for", "toward", "towards", "для"):
        return True
    if index and words[index - 1].tail.strip().startswith(("->", "→", "=>")):
        return True  # "candle → Boris"
    before = words[index - 1].folded if index else ""
    return (
        bool(_CYRILLIC.search(word.folded))
        and before not in ("к", "о", "об", "при", "по")
        and any(parse.tag.case == "datv" for parse in morph().parse(word.folded))
    )


def _after(found: list[tuple[int, str]], start: int) -> list[str]:
    """The names in ``found``, those after position ``start`` if several differ."""
    names = list(dict.fromkeys(name for _, name in found))
    if len(names) > 1:
        names = list(dict.fromkeys(name for index, name in found if index > start))
    return names


_NOT_WITHDRAWN = frozenset({"arrest", "reveal", "swap", "done"})
"""Orders no other order takes back (CE-4, CE-6, CE-9): a word of taking back before one is no order."""


def _undone_first(words: list[Word], kind: str) -> bool:
    """Whether a word of taking an order back stands before the word of ``kind`` ("Undo my arrest of
    Carl", «Отменяю арест Веры»; not "pulls out her badge and reveals herself")."""
    undone = next(
        (i for i, w in enumerate(words) if w.among(TAKING_BACK) or phrasal(words, i, INTENTS) == "withdraw"),
        len(words),
    )  # "undo", «отменяю», "take back"
    return undone < next((i for i, w in enumerate(words) if w.meaning(INTENTS) == kind), -1)


def read(words: list[Word], language: str, names: Sequence[str]) -> Reading | Guess | None:
    """One clause of a Cosmic Express mail read as an order (see the module's docstring)."""
    if len(words) > 1 and words[0].folded in ("ref", "referee") and words[0].tail.lstrip()[:1] in (",", "!"):
        words = words[1:]  # "Ref, can you remind me …": the referee called, no REFUSE
    kinds = kinds_in(words, INTENTS, THINGS)
    items = _items(words)
    players = _players(words, names)
    offers = _offer_ids(words)
    if not offers and asked_how(words):
        return "help", {}  # "How do I swap with the Dummy?": asked, whatever it names
    if not kinds:
        return _unsaid(words, items, players, offers)
    kind = min(kinds, key=PRIORITY.index)
    if kind in _NOT_WITHDRAWN and "withdraw" in kinds and not offers and _undone_first(words, kind):
        return Guess()  # "Undo my arrest of Carl": no order takes an arrest back; asked, never carried out
    if any(phrasal(words, i, INTENTS) == "refuse" for i in range(len(words))):
        kind = "refuse"  # «O6 — не возьму»: a verb of taking denied turns the offer down
    elif kind == "withdraw" and len(offers) == 1 and len(items) == 1 and _bidden(words, "withdraw"):
        kind = "accept"  # «Ок, O3, забирай свечу»: the other player bidden take the item for the offer
    if not (items or players or offers or set(kinds) - {"offer"}) and _own_cards_asked(words):
        return "status", {}  # "What's in my hand right now?" ("hand" is also a word of giving)
    if not (items or players or offers) and (wanted := _question(words)):
        return wanted, {}
    dummy = any(p == DUMMY for _, p in players)
    done_at = next((i for i, w in enumerate(words) if w.meaning(INTENTS) == "done"), len(words))
    if "done" in kinds and not (items or offers or any(i > done_at for i, _ in players)):
        kind = "done"
    elif (
        kind == "reveal"
        and any(w.among(MINE) for w in words)
        and not any(w.among(ROLE_WORDS | BADGE_WORDS) for w in words)
    ):
        kind = "status"
    elif kind == "swap" and "offer" in kinds and players and not dummy:
        kind = "offer"
    elif kind in ("offer", "accept") and dummy:
        kind = "swap"
    elif kind == "offer" and len(offers) == 1 and not [p for p in players if p[1] != DUMMY]:
        kind = "accept"
    start = next((i for i, w in enumerate(words) if w.meaning(INTENTS) == kind and not w.past), 0)
    asked = [k for k in kinds if k in ("help", "status")]
    if asked and not (items or players or offers):
        kind = asked[0]
    if kind in ("accept", "refuse", "withdraw") and not offers:
        offers = [f"O{w.number}" for w in words if w.number is not None and w.folded.isdigit()]
    players = [(i, p) for i, p in players if i > start] if kind in ("done", "reveal") else players
    if kind == "say" and _said_by_another(words, start):
        return None  # «каждый говорит, сколько у него свечей»: another's saying, told; the line is talk
    if kind == "say":
        said = _SAY_LEAD.sub("", words[start].tail).strip()
        return ("say", {"said": said}) if re.search(r"\w", said) else None  # "…, just saying.": none after
    if kind == "offer" and not (items or players or offers or any(w.among(POINTED) for w in words)):
        return None
    if kind == "offer" and any(w.folded in _TO_ME for w in words[start + 1 : start + 3]):
        return Guess()  # "Boris, give me your candle!": asked of another player; asked back, never an offer
    if kind in ("help", "status", "done", "reveal"):
        extra = items or players or offers
        return (kind, {}) if not extra else Guess()
    if kind == "swap":
        slots = [w.number for w in words if w.number in (1, 2) and not _OFFER_ID.match(w.folded)] + [
            card for at in range(len(words)) if (card := _dummys_card(words, at))
        ]
        if len(items) == 1 and len(slots) == 1 and any(p == DUMMY for _, p in players):
            return "swap", {"item": items[0], "slot": slots[0]}
        return Guess(render("swap", {"item": items[0] if len(items) == 1 else "…", "slot": "…"}, language))
    if kind == "offer":
        targets = [p for p in _after(players, start) if p != DUMMY]
        if len(targets) == 1 and len(items) == 1 and not offers:
            return "offer", {"to": targets[0], "item": items[0]}
        shown = {"to": targets[0] if len(targets) == 1 else "…", "item": items[0] if len(items) == 1 else "…"}
        return Guess(render("offer", shown, language))
    if kind == "arrest":
        targets = _after(players, start)
        return ("arrest", {"target": targets[0]}) if len(targets) == 1 and not items else Guess()
    if kind == "accept":
        if len(offers) == 1 and len(items) == 1:
            return "accept", {"offer": offers[0], "item": items[0]}
        shown = {
            "offer": offers[0] if len(offers) == 1 else "O…",
            "item": items[0] if len(items) == 1 else "…",
        }
        return Guess(render("accept", shown, language))
    if len(offers) == 1 and not items:
        return kind, {"offer": offers[0]}
    return Guess(render(kind, {"offer": offers[0] if len(offers) == 1 else "O…"}, language))


_WORDS = {
    "en": {"offer": "OFFER", "accept": "ACCEPT", "refuse": "REFUSE", "withdraw": "WITHDRAW", "swap": "SWAP",
           "done": "DONE", "reveal": "REVEAL", "arrest": "ARREST", "say": "SAY", "help": "HELP",
           "status": "STATUS", "dummy": "DUMMY"},
    "ru": {"offer": "ПРЕДЛОЖИТЬ", "accept": "ПРИНЯТЬ", "refuse": "ОТКАЗАТЬ", "withdraw": "ОТОЗВАТЬ",
           "swap": "ОБМЕН", "done": "ГОТОВО", "reveal": "РАСКРЫТЬ", "arrest": "АРЕСТ", "say": "СКАЗАТЬ",
           "help": "ПОМОЩЬ", "status": "СТАТУС", "dummy": "БОЛВАН"},
}  # fmt: skip


def render(kind: str, args: dict[str, Any], language: str) -> str:
    """An order as its keyword line in ``language``: ``OFFER Boris Candle``, «ОБМЕН БОЛВАН Мусор 2»."""
    words = _WORDS["ru" if language == "ru" else "en"]

    def item(name: str) -> str:
        return ITEMS.get(name, name) if language == "ru" else name

    def who(name: str) -> str:
        return words["dummy"] if name == DUMMY else name

    parts: dict[str, Callable[[], list[str]]] = {
        "offer": lambda: [who(args["to"]), item(args["item"])],
        "accept": lambda: [args["offer"], item(args["item"])],
        "refuse": lambda: [args["offer"]],
        "withdraw": lambda: [args["offer"]],
        "swap": lambda: [words["dummy"], item(args["item"]), str(args["slot"])],
        "arrest": lambda: [who(args["target"])],
        "say": lambda: [args["said"]],
    }
    return " ".join([words[kind], *parts.get(kind, lambda: [])()])


def grammar(names: Sequence[str]) -> Grammar:
    """What Cosmic Express plugs into the reader by meaning, for a game of players ``names``."""
    return Grammar(
        INTENTS,
        partial(read, names=names),
        render,
        frozenset({"help", "status", "say"}),
        THINGS,
        enough="done",
        final=frozenset({"arrest", "reveal"}),
        asked_after=True,
    )
