"""Orders written as corrections of an earlier one, and orders written as a list, in any game.

A player who got an order wrong writes the right one as a correction: "No wait, not the Kitchen — the
Garage", "Correction: search rope and knife, not rope and stone", "Instead of Carl, trap Dora: …",
«Ловушку не на Веру, а на Зою: …», «Обновляю: кресло и бензин вместо кресла и камня», «Про ванную
забудьте, пусть будет спальня». The right order stands in such a line beside the wrong one it replaces
and words that say it is a correction; read as it is, the line names two rooms or four cards and is
asked back, or worse, said aloud. ``corrected`` gives the line with the rejected part ("not …",
"rather than …", "instead of …", «а не …», «не …, а», «вместо …») and the words of correcting set aside:
what is left is the order, read as any other; a later order of the same kind replaces the earlier one.
Only a line that says it corrects (by one of those forms) is changed.

``list_items`` cuts a line written as a list ("1) Kitchen 2) sofa, knife", "- Living Room - examine: …")
into its items, each read as a line of its own.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from referee.core.russian import normal_form

_FLAGS = re.I | re.U

_CANCEL_PREVIOUS = (
    r"(?:(?:отмена|отменяю)\s+(?:прошл|предыдущ|последн)\w*(?:\s+(?:приказ|письм|сообщени|заявк)\w*)?"
    r"|(?:cancel|scrap)\s+(?:my\s+|the\s+)?(?:previous|last|earlier)\s+(?:order|orders|mail|message|post))"
)
"""The earlier order called off as the new one is given («Отменяю предыдущий приказ: …», "Cancel my
previous order, …"): a correction, said by these words alone."""

_MARKERS = re.compile(
    r"^\s*(?:"
    r"(?:sorry|oops|whoops|hmm+|ой|ай|блин|упс|тьфу|хм+|пардон|сорри|извини(?:те)?)\s*[,!.:—–-]?\s*|"
    r"(?:правильно|верно)\s+(?:так|вот\s+так)\s*[:—–-]\s*|"
    r"(?:scratch|forget|ignore)\s+that(?:\s+(?:last|previous)\s+\w+)?\s*[,.;:!—–-]+\s*(?:make\s+(?:it|that)\s+)?|"
    r"(?:ошибл[аи]сь|ошибся|перепутал[аи]?|напутал[аи]?|my\s+bad|my\s+mistake)\s*[,.:!—–-]+\s*|"
    r"wrong\s+\w+(?:\s+(?:on|in)\s+my\s+\w+)?\s*[,.:!—–-]+\s*|"
    r"(?:ignore|disregard|scratch|forget)\s+my\s+(?:previous|last|earlier)\s+(?:message|mail|e-?mail|post|orders?)"
    r"\s*[,.:!—–-]+\s*|"
    r"(?:предыдущ\w+|прошл\w+|последн\w+)\s+(?:сообщени\w+|письм\w+|пост\w*|заявк\w+)\s+"
    r"(?:не\s+считается|не\s+считать|отменяется|не\s+в\s+силе|аннулиру\w+)\s*[,.:!—–-]+\s*|"
    r"(?:actually\s*,?\s*)?(?:on\s+second\s+thought|second\s+thoughts|change\s+of\s+plans?|plans?\s+changed|"
    r"подумал[аи]?\s+(?:ещ[её]|ещё\s+раз)|планы\s+поменялись|передумал[аи]?(?:\s+насч[её]т\s+\w+)?)\s*[,.!:—–-]\s*|"
    r"(?:(?:i|я)\s+)?(?:meant|имел[аи]?\s+в\s+виду|хотел[аи]?\s+написать)\s*[,:]?\s*|"
    r"(?:no\s+)?wait\s*[,!.]\s*|нет\s*,\s*|стоп\s*[,!.]\s*|actually\s*,?\s*no\s*[,!.]\s*|"
    r"(?:correction|edit|update|fix|erratum|upd|поправка|исправление|уточнение|правка|апдейт)\s*[:—–-]\s*|"
    r"(?:i\s+)?(?:made\s+a\s+)?(?:typo|mistake|error)\s+in\s+my\s+(?:last|earlier|previous)\s+"
    r"(?:mail|message|post|e-?mail|orders?)\s*[:—–-]\s*|"
    r"(?:i\s+)?(?:made\s+a\s+)?(?:typo|mistake|error)\s+(?:earlier|before)\s*[:—–-]\s*|"
    r"(?:i\s+)?(?:made\s+a\s+)?(?:typo|mistake|error)\s+in\s+my\s+(?=\w)|"
    r"(?:опечатка|ошибка)\s+в\s+(?:прошлом|прошлом|предыдущем|последнем)\s+(?:письме|сообщении|посте)\s*[:—–-]\s*|"
    r"(?:i\s+)?mixed\s+up\s+my\s+\w+\s*[:—–-]\s*|"
    r"(?:i\s+)?(?:wrote|typed|put|said)\s+[^,:;.]{1,30}?,?\s+but\s+(?:i\s+)?meant\s+[^,:;.]{1,30}?\s*[:—–-]\s*|"
    r"(?:earlier|before|first)\s+i\s+(?:wrote|typed|put|said)\s+[^,:;.]{1,30}?,?\s+but\s+(?=\w)|"
    r"(?:раньше|сначала|до\s+этого)\s+(?:я\s+)?(?:написал[аи]?|сказал[аи]?)\s+[^,:;.]{1,30}?,?\s+(?:но|а)\s+(?=\w)|"
    r"(?:раньше|ранее|сначала|до\s+этого|выше)\s+(?:я\s+)?(?:на)?(?:писал[аи]?|сказал[аи]?)\s+[^,:;.—–]{1,30}?\s*[—–-]\s*|"
    r"(?:написал[аи]?|напечатал[аи]?)\s+[^,:;.]{1,30}?,?\s+а\s+имел[аи]?\s+в\s+виду\s+[^,:;.]{1,30}?\s*[:—–-]\s*|"
    rf"{_CANCEL_PREVIOUS}\s*[,.:;—–-]\s*|"
    r"my\s+(?:bad|mistake)\s*[,:—–-]\s*|"
    r"i\s+meant\s+|"
    r"(?:please\s+)?(?:replace|change|swap)\s+(?:my\s+|the\s+)?(?=(?:search|move|trap)\w*\s+(?:with|to|for)\b)|"
    r"(?:исправляю|исправляюсь|обновляю|уточняю|поправляю|поправлюсь)\s*[:—–-]?\s*|"
    r"(?:ошибл[аи]сь|ошибся|перепутал[аи]?|напутал[аи]?)\s+\w+\s*[:—–-]\s*|"
    r"\w+\s+(?:перепутал[аи]?|напутал[аи]?)\s*[:—–-]\s*"
    r")+",
    _FLAGS,
)
"""Words that open a correction ("Correction:", "Edit:", "No wait,", «Поправка:», «Ошиблась часом:»)."""

_TYPO_IN = re.compile(r"^\s*(?:опечатал\w*|ошибл\w*|ошибся)\s+в\s+([а-яё]+)", _FLAGS)
"""«Опечаталась в ловушке на Бориса: …»: the order named in the correction's opening is kept, as its
dictionary form («ловушка на Бориса: …»)."""

_SHOULD_BE = re.compile(
    r"(?<=search)\s+(?:with|to)\b|(?<=move)\s+with\b|(?<=trap)\s+with\b|"
    r"\b(?:it\s+)?should\s+(?:be|have\s+been)\s+|\bmake\s+(?:it|that)\s+|\bпусть\s+будет\s+|"
    r"\bдолжн[аоы]?\s+быть\s+|\bдолжен\s+быть\s+",
    _FLAGS,
)
"""Words before the right value ("it should be …", "make it …", «пусть будет …»): set aside."""

_DROPPED = re.compile(
    r"(?:^|(?<=[\s,(—–-]))(?:scratch|forget|ignore|disregard|skip|drop|never\s*mind)\s+(?:what\s+i\s+said\s+)?(?:about\s+)?"
    r"[^,;:.!?—–]*?(?:[,;:—–]|\s-\s)\s*|"
    r"(?:^|(?<=\s))про\s+[^,;:.!?—–]+?\s+(?:забудьте|забудь|забыли)\s*[,;:—–]\s*|"
    r"(?:^|(?<=[\s—–-]))[^,;:.!?—–]+?\s+(?:пропускаю|отменяется|не\s+нужн[аоы]?)\s*[,;:—–]\s*(?:лучше\s+)?|"
    r"(?:^|(?<=\s))(?:забудьте|забудь)\s+(?:про|о|об)\s+[^,;:.!?—–]+[,;:—–]\s*|"
    r"(?:^|(?<=[\s,(—–-]))(?:i\s+)?(?:don'?t|do\s+not|no\s+longer)\s+want\s+(?!to\b)[^,;:.!?—–]+?(?:[,;:.—–]|\s-\s)\s*"
    r"(?=(?:make\s+it|let'?s\s+(?:say|do|make)|rather|instead)\b)|"
    r"(?:^|(?<=[\s,(—–-]))(?:я\s+)?не\s+хочу\s+(?:в|во|на)\s+[^,;:.!?—–]+?[,;:.—–]\s*(?=(?:пусть|лучше|давайте)\b)",
    _FLAGS,
)
""""Scratch what I said about the bathroom, …", «Про ванную забудьте, …», "I don't want the Garage. Make it
…", «Не хочу в гараж. Пусть будет …»: the rejected part, set aside."""

_ORDER_NAMED = re.compile(
    r"\b(?:search\w*|trap\w*|mov\w*|order\w*|offer\w*|question\w*|поиск\w*|обыск\w*|ловушк\w*|переход\w*"
    r"|приказ\w*|предложени\w*|допрос\w*)",
    _FLAGS,
)
"""An order named in what is forgotten ("Forget the search, …", «Забудьте про поиск»): a cancel, read as
one, not a correction."""

_REPLACING_IT = re.compile(r"^\s*(?:make\s+(?:it|that)|пусть\s+будет)\b", _FLAGS)
"""Words after what is forgotten that put another of its kind in its place ("Ignore my last move, make it
the Living Room instead"); "Forget the search, go to the study instead" withdraws the search."""


def _replaced(forgotten: re.Match[str]) -> bool:
    """Whether what ``forgotten`` sets aside is replaced by what follows it (set aside), rather than an
    order named and cancelled ("Forget the search, …": a cancel, kept)."""
    rest = forgotten.string[forgotten.end() :]
    return not _ORDER_NAMED.search(forgotten.group()) or _REPLACING_IT.search(rest) is not None


_INSTEAD_FIRST = re.compile(
    r"(?:^|(?<=[\s,]))(?:instead\s+of|rather\s+than|вместо)\s+(?!этого|того|него|этой)[^,;:.!?—–]+[,;:—–]\s*"
    r"|^\s*вместо\s+(?!этого|того|него|этой)[а-яё]+\s+(?:комнаты\s+)?(?=[а-яё]+\s[^.!?]*[.!?]*\s*$)"
    r"|(?<=\s)вместо\s+(?!этого|того|него|этой)[а-яё]+\s+(?=[а-яё]+\s+(?:в|во|на)\s)",
    _FLAGS,
)
""""Instead of Carl, trap Dora: …", «… вместо кабинета пошла в …»: the rejected part before the right one."""

_INSTEAD_AFTER = re.compile(
    r"\s*[,(]?\s*(?:instead\s+of|rather\s+than|and\s+not|but\s+not|вместо|а\s+не|но\s+не)\s+"
    r"(?!этого|того|него|этой)[^,;.!?()—–]*\)?",
    _FLAGS,
)
""""… rather than armchair and stone", «…, а не верёвку и камень»: the rejected part after the right one."""

_RATHER_THAN = re.compile(r"(\brather\s+[^,;.!?]+?)\s+than\s+[^,;.!?]+", _FLAGS)
""""I'd rather search for the pistol and the table than the sofa": the right part, before "than"."""

_NOT_BUT_HOUR = re.compile(
    r"\bне\s+(?:в|во)\s+[^,;.!?—–]*?\b(час\w*)\s*,?\s+а\s+((?:в|во)\s+\w+)(?!\s+час)", _FLAGS
)
"""«не во второй игровой час, а в третий»: the right hour, its word «час» said with it."""
_NOT_BUT = re.compile(r"\bне\s+([^,;.!?—–]+?)\s*,?\s+а\s+", _FLAGS)
"""«не на Веру, а на Зою»: the right part, after «а»."""

_NOT_FIRST = re.compile(r"(?:^|(?<=[\s,(]))not\s+(?:the\s+)?[^,;:.!?—–()]+?\s*(?:[—–]|,|\s-\s)\s*", _FLAGS)
""""not the Kitchen — the Garage": the rejected part before the right one."""

_NOT_AFTER = re.compile(
    r"\s*(?:,\s*|\(\s*|\s[—–-]\s*)(?:not|не)\s+(?!(?:надо|нужно|стоит)\b)[^,;.!?()—–]+\)?", _FLAGS
)
""""…, not rope and stone", "(not Knife)", «(не нож)»: the rejected part after the right one."""

_NOT_FIRST_RU = re.compile(r"(?:^|(?<=[\s,(]))не\s+(?:на\s+|в\s+|во\s+)?[^,;:.!?—–()]+?\s*[—–]\s*", _FLAGS)
"""«не на кухню — в гараж»: the rejected part before the right one."""

_THERE = re.compile(r"\b(?:there|туда)\b", _FLAGS)


_SUMMED_UP = re.compile(
    r"(?:^|[.;!]\s*|,\s*)(?:so|i\.e\.|that\s+is|итого|то\s+есть|значит)\s*[:—–]\s*", _FLAGS
)
"""Where a correction sums up the right order ("… So: Stone and Sink.", «… Итого: камень и раковина.»)."""


_SUMMED_IN_BRACKETS = re.compile(
    r"\(\s*(?:so|i\.e\.|that\s+is|то\s+есть|т\.\s?е\.|итого)[:,]?\s+([^()]+)\)", _FLAGS
)
"""A sum of the new order in brackets: "(so Armchair, Halberd)", «(то есть кресло, алебарда)»."""
_SAYS_REPLACING = re.compile(r"\b(?:replace|swap|change|instead|замени\w*|поменя\w*|вместо)\b", _FLAGS)


def says_correcting(line: str) -> bool:
    """Whether ``line`` says in words that it corrects an order ("Correction:", «Перепутала»)."""
    return _SAYS_CORRECTING.search(line) is not None or _MARKERS.match(line) is not None


def corrected(line: str) -> str | None:
    """``line`` with its rejected part and its words of correcting set aside, if it is written as a
    correction (see the module); None for any other line."""
    text = line
    bracketed = _SUMMED_IN_BRACKETS.search(text)
    if bracketed is not None and _SAYS_REPLACING.search(text):
        return bracketed.group(1).strip()  # "Replace Pistol with Halberd (so Armchair, Halberd)": the sum
    summed = list(_SUMMED_UP.finditer(text))
    if summed and _SAYS_CORRECTING.search(text[: summed[-1].start()]):
        return text[summed[-1].end() :].strip(" .!") or None  # the sum of a correction is its order
    typo = _TYPO_IN.match(text)
    if typo is not None:
        text = normal_form(typo.group(1).lower()) + text[typo.end() :]
    opened = _MARKERS.match(text)
    if opened is not None:
        text = text[opened.end() :]
    before = text
    text = _DROPPED.sub(lambda m: "" if _replaced(m) else m.group(), text)
    text = _INSTEAD_FIRST.sub("", text)
    text = _INSTEAD_AFTER.sub("", _RATHER_THAN.sub(r"\1", text))
    text = _NOT_BUT.sub("", _NOT_BUT_HOUR.sub(r"\2 \1", text))
    text = _NOT_FIRST.sub("", text)
    text = _NOT_FIRST_RU.sub("", text)
    text = _NOT_AFTER.sub("", text)
    text = _SHOULD_BE.sub("", text)
    if text == before and typo is None and (opened is None or not _SAYS_CORRECTING.search(line)):
        return None
    return _there_named(text.strip(" ,;:—–-")) or None


_SAYS_CORRECTING = re.compile(
    r"\b(?:correction|edit|update|upd|fix|typo|mistake|meant|mixed|wait|wrong|ignore|disregard|поправка|исправ\w*|обновля\w*|"
    r"считается|считать|правильно\s+так|верно\s+так|scratch\s+that|make\s+it|"
    r"уточн\w*|ошибл\w*|ошибся|перепутал\w*|напутал\w*|опечатал\w*|опечатка|second\s+thought|"
    r"(?:earlier|before|first)\s+i\s+(?:wrote|typed|put|said)|(?:раньше|ранее|сначала)\s+(?:я\s+)?(?:на)?(?:писал|сказал)\w*|"
    rf"в\s+виду|хотел\w*\s+написать|передумал\w*|поменялись|{_CANCEL_PREVIOUS})\b",
    _FLAGS,
)
"""A correction said by its words alone ("Edit: I meant the Dining Room. Move me there.")."""


def _there_named(text: str) -> str:
    """``text`` with a short first sentence naming the place ("the Dining Room. Move me there.", «столовая.
    Туда и перехожу.») put where "there" («туда») stands in the next one."""
    first, dot, rest = text.partition(". ")
    if not dot or len(first.split()) > 3 or not _THERE.search(rest):
        return text
    place = first.strip()
    russian = re.search("[а-яё]", place, re.I) is not None
    return _THERE.sub(f"в {place}" if russian else f"to {place}", rest, count=1)


_LIST_MARK = re.compile(r"(?:^|(?<=\s))(?:\d{1,2}[.)]|[-–•*])\s+(?=\S)")
"""Where an item of a list written on one line begins ("1) ", "2. ", "- ")."""


def list_items(line: str) -> list[str]:
    """The items of ``line`` when it is written as a list of two or more, its first at its start ("1)
    Kitchen 2) sofa, knife", "- Living Room - examine: table, candlestick"); else ``[line]``."""
    marks = list(_LIST_MARK.finditer(line))
    if len(marks) < 2 or marks[0].start() != len(line) - len(line.lstrip()):
        return [line]
    numbered = [m for m in marks if m.group().strip()[0].isdigit()]
    if numbered and len(numbered) != len(marks):
        marks = numbered  # "1) move - kitchen 2) …": the dash inside an item is no item of its own
    if len(marks) < 2:
        return [line]
    ends = [m.start() for m in marks[1:]] + [len(line)]
    items = [line[m.end() : end].strip(" ,;") for m, end in zip(marks, ends, strict=True)]
    return [item for item in items if item]


_TAKEN_BACK = re.compile(
    r"\s*(?:[,;…]+|\.{2,}|\s[-—–]|[.!]\s+(?=(?:(?:no|nope|нет)(?:\s+wait)?|wait|sorry|oops|correction|поправка|стоп|ой"
    r"|hmm+|хм+|тьфу|on\s+second\s+thoughts?|точнее|вернее|i\s+mean|or\s+rather)\s*[,!:—–-]))"
    r"\s*(?:(?:no|nope|нет)\b(?!\s+ли\b)\s*[,!]?\s*)?"
    r"(?:(?:wait|sorry|oops|whoops|er+m?|um+|actually|i\s+mean|i\s+meant|meant|make\s+(?:it|that)|or\s+rather"
    r"|rather|no|nope|correction|typo|fix|хотя\s+нет|though|actually\s+no|scratch\s+that"
    r"|ой|вернее|точнее|то\s+есть|в\s+смысле|пардон|сорри|нет(?!\s+ли\b)|стоп|поправка|исправление|опечатка"
    r"|hmm+|хм+|тьфу|on\s+second\s+thoughts?|second\s+thoughts|подумав|поразмыслив)\b\s*[,!:—–-]?\s*)+",
    _FLAGS,
)
"""Where a writer takes back the last words they wrote and gives the right ones ("Move to 5 - no, sorry,
3", "offer Boris the trash, er, the candle", «в зону 4… ой, в зону 5»)."""


_CANCELS = re.compile(
    r"\b(?:cancel\w*|undo|withdraw\w*|scrap|drop|strike|forget|отмен\w*|отзыва\w*|отзову|отозва\w*|сним\w+|сними"
    r"|отбой|отставить)\b",
    _FLAGS,
)
"""Words that take an order back: a line's first part holding one is an order, never words taken back."""
_KIND_NAMED = re.compile(
    r"^(?:the\s+|my\s+|мо[йюи]\s+)?(?:search|move|trap|поиск|обыск|переход|ловушк)", _FLAGS
)
"""A kind of order named after the word taking it back ("cancel the search"): a cancel of its own."""
_NOTHING_INSTEAD = re.compile(
    r"^(?:don'?t|do\s+not|not|nothing|never|i'?m\s+keeping|i\s+am\s+keeping|keep(?:ing)?|i'?ll\s+keep|hold\s+on"
    r"|ничего|не\b|пока\s+ничего|оставлю|оставляю|подожд)",
    _FLAGS,
)
"""Words after a cancel that put nothing in the place of what it takes back ("…, forget it, I'm keeping
it", «…, отмена, ничего пока не делайте»)."""
_RATHER = re.compile(r"^(?:лучше|rather|instead|вс[её]-?таки)\s+", _FLAGS)


_ORDINAL_WORD = re.compile(
    r"^(?:first|second|third|fourth|fifth|sixth|перв|втор|трет|четв[её]рт|пят|шест)[а-яё]{0,3}$", _FLAGS
)
"""An ordinal written in words ("second", «третий», «второго»): a number, as its digits are."""


def _shape(word: str) -> str:
    if _ORDINAL_WORD.match(word.strip(".,!?;:")):
        return "9"  # «во второй час в кухню — нет, в третий»: the hour is taken back, not the room
    return re.sub(r"\d+", "9", re.sub(r"[^\W\d_]+", "a", word.lower()))


_TAKEN_BACK_LOOSELY = re.compile(r"\s+\*(?=[^\W\d_])|\s*(?:\.{2,}|…)\s*(?=[^\W\d_])", _FLAGS)
"""Where words are taken back with no word before them saying so: a star before the right ones ("kitchen
*study", «в гараж *в спальню»), or an ellipsis when the line ends by saying it corrected itself («Иду в
гостин... в кабинет, то есть»: ``_SAID_AFTER``; an apology alone says no such thing)."""
_SAID_AFTER = re.compile(
    r"[,;\s]*(?:то\s+есть|вернее|точнее|i\s+mean|i\s+meant|опечатка|typo)\s*[.!]*\s*$", _FLAGS
)
"""Words that say, after the right ones, that the line corrected itself ("…, I mean", «…, опечатка»)."""


def _loosely_taken_back(line: str) -> tuple[str, re.Match[str]] | None:
    """``line`` without what it says after its correction, and where a star or, so said, an ellipsis takes
    words back; None where nothing is taken back so."""
    said = _SAID_AFTER.search(line)
    kept = line[: said.start()] if said is not None and said.start() else line
    for found in _TAKEN_BACK_LOOSELY.finditer(kept):
        if found.start() and ("*" in found.group() or said is not None):
            return kept, found
    return None


def taken_back(line: str) -> list[str]:
    """The lines ``line`` may mean when it takes back its last words ("Move Tomas to 8, sorry, 9"): the
    words before with the last ones of the same shape as the new ones put in their place ("Move Tomas to
    9"), then the new words alone ("Arrest Carl - no wait, Boris. Arrest Boris."); none for a line that
    takes nothing back, and last the new words put in place of one or two of the old (``_put_in_place``).
    The reader keeps the first that reads as orders alone."""
    found = _TAKEN_BACK.search(line)
    if found is None or not line[found.end() :].strip(" .!"):  # "…, то есть." says so at the end
        loosely = _loosely_taken_back(line)
        if loosely is not None:
            line, found = loosely
    if found is None or not found.start():
        return []
    head = line[: found.start()].strip()
    if _CANCELS.search(head):
        return []  # "cancel my move, rather search …": the cancel is an order of its own
    sentences = re.split(r"(?<=[.!?])\s+", line[found.end() :].strip())
    tail = _RATHER.sub("", sentences[0].strip(" .!—–-"))  # "— no, rather the wrench": "rather" adds nothing
    if _NOTHING_INSTEAD.match(tail):
        return []  # "… — no wait, forget it, don't do anything yet": nothing put in its place
    cancel = _CANCELS.match(tail)
    if cancel is not None:  # «… хотя нет, отставить, в ванную»: the new words after the taking back
        rest = re.sub(r"^(?:\s+(?:that|it|this|это))?[\s,.!:—–-]*", "", tail[cancel.end() :])
        kept = _NOTHING_INSTEAD.match(rest)  # "…, forget it, don't do anything yet": nothing put in its place
        tail = "" if len(sentences) > 1 or _KIND_NAMED.match(rest) or kept else rest  # "cancel the search, …"
    if not tail or not head:
        return []  # "…… no, scrap that": the order taken back, nothing put in its place
    remark = tail.partition(",")[0].strip()  # "…, I'm saving the fives": the new words without a remark
    if remark and remark != tail:
        return list(dict.fromkeys([*_in_place_of(head, tail), *_in_place_of(head, remark)]))
    return _in_place_of(head, tail)


def _in_place_of(head: str, tail: str) -> list[str]:
    """The lines ``head`` may mean with the new words ``tail`` put in place of the old (``taken_back``)."""
    new, old = tail.split(), head.rstrip(" .!").split()
    fits = len(new) <= 3 and len(old) > len(new)
    candidates = []
    if [_shape(word) for word in new] == ["a", "9"]:  # "…, sorry, clue 6", "… - no, with 5": a noun's number
        same = [
            at
            for at in range(len(old) - 1)
            if old[at].lower() == new[0].lower() and _shape(old[at + 1]) == "9"
        ]
        numbers = [at for at, word in enumerate(old) if _shape(word) == "9" and at]
        candidates += [" ".join([*old[:at], *new, *old[at + 2 :]]) for at in reversed(same)]
        if not same and len(new[0]) > 2:
            candidates += [" ".join([*old[:at], *new, *old[at + 1 :]]) for at in numbers]
    if fits:
        for at in range(len(old) - len(new), -1, -1):
            if all(_shape(old[at + k]) == _shape(new[k]) for k in range(len(new))):
                candidates.append(" ".join([*old[:at], *new, *old[at + len(new) :]]))
                break
    put = _put_in_place(old, new) if fits else []
    return list(dict.fromkeys([*candidates, tail, *put]))  # the new words alone before they are put in place


def _put_in_place(old: list[str], new: list[str]) -> list[str]:
    """The words ``old`` with the new words ``new`` put in place of one or two of them, from the last,
    the first (its order word) kept: "Suggest A4 with 1" and "the exit" give "Suggest A4 with the exit",
    …, "Suggest the exit with 1"; the reader keeps the first that reads as orders alone."""
    put = []
    for length in (1, 2):
        for at in range(len(old) - length, 0, -1):
            put.append(" ".join([*old[:at], *new, *old[at + length :]]))
    return put


_STRUCK = re.compile(r"~~[^~]+~~|<(s|del|strike)>.*?</\1>|\[(s|del|strike)\].*?\[/\2\]", re.I | re.U | re.S)
"""Words struck out as a forum or a mail writes them ("~~Kitchen~~ Garage", "[s]кухня[/s] гараж")."""
_STARRED = re.compile(
    r"(?:^|(?<=\s))\*([^\W\d_][\w'’-]*)\s*[.!]?\s*$|(?<=\s)([^\W\d_][\w'’-]*)\*\s*[.!]?\s*$", _FLAGS
)
"""The right spelling of a word typed wrong, starred after the line ("sofa, sotne. *stone")."""
_MOST_CHANGED = 0.5
"""The largest share of a word's letters a starred spelling may change (``_near``)."""
_REPLACED_LATER = re.compile(
    r"(?:^|(?<=[.!?;]\s)|(?<=[.!?;]))\s*(?:(?:sorry|oops|whoops|ой|упс|блин|тьфу|пардон|сорри|correction|поправка)"
    r"\s*[,!:—–-]*\s*)?"
    r"(?:(?P<new>[^\W\d_][\w'’ -]{0,30}?)\s*,?\s+(?:not|а\s+не)\s+(?P<old>[^\W\d_][\w'’ -]{0,30}?)"
    r"|(?:not|не)\s+(?P<old2>[^\W\d_][\w'’ -]{0,30}?)\s*(?:,|\s[—–-]|[—–])\s*(?:а\s+|but\s+)?"
    r"(?P<new2>[^\W\d_][\w'’ -]{0,30}?))\s*[.!]*\s*$",
    _FLAGS,
)
"""A sentence after an order that swaps one of its words ("Trap …: study, table, knife. Sorry — armchair,
not table.", «… Ой, не стол — кресло.»)."""
_SWAPPED_FIRST = re.compile(
    r"^\s*(?:not|не)\s+(?:the\s+|a\s+)?(?P<old>[^\W\d_][\w'’-]*)\s*(?:,|\s[—–-]|[—–])\s*(?:а\s+|but\s+)?"
    r"(?:the\s+|a\s+)?(?P<new>[^\W\d_][\w'’-]*)"
    r"\s*[.!]+\s+(?=\S)",
    _FLAGS,
)
"""A swap said before the order it corrects ("Not Boris — Dora. Trap: Dora, …")."""


def _same_word(first: str, second: str) -> bool:
    """Whether two words are one word in any form («стол», «стола»)."""
    one, other = first.lower(), second.lower()
    return one == other or normal_form(one) == normal_form(other)


def _swapped(text: str, old: str, new: str) -> str | None:
    """``text`` with its last words equal to ``old`` (in any form) put as ``new``; None where it has none."""
    words = list(re.finditer(r"[^\W\d_][\w'’-]*", text))
    olds = old.split()
    for at in range(len(words) - len(olds), -1, -1):
        if all(_same_word(words[at + k].group(), olds[k]) for k in range(len(olds))):
            return text[: words[at].start()] + new + text[words[at + len(olds) - 1].end() :]
    return None


def struck_out(line: str) -> str | None:
    """``line`` without the words it strikes out; None where it strikes out none."""
    if not _STRUCK.search(line):
        return None
    return re.sub(r"\s{2,}", " ", _STRUCK.sub(" ", line)).strip() or None


def starred(line: str) -> str | None:
    """``line`` with the word its starred spelling corrects put right and the star set aside; None where
    no earlier word is near enough the starred one."""
    found = _STARRED.search(line)
    if found is None:
        return None
    right = found.group(1) or found.group(2)
    head = line[: found.start()].rstrip()
    best: tuple[float, re.Match[str]] | None = None
    for word in re.finditer(r"[^\W\d_][\w'’-]*", head):
        changed = 1 - SequenceMatcher(None, word.group().lower(), right.lower()).ratio()
        nearer = best is None or changed < best[0]
        if word.group().lower() != right.lower() and changed <= _MOST_CHANGED and nearer:
            best = (changed, word)
    if best is None:
        return None
    word = best[1]
    return (head[: word.start()] + right + head[word.end() :]).rstrip(" ,;.") or None


def swapped_later(line: str) -> str | None:
    """``line`` with a swap said in its last sentence (``_REPLACED_LATER``) or its first
    (``_SWAPPED_FIRST``) made in the rest, and that sentence set aside; None where it says none, or names
    nothing the rest holds."""
    first = _SWAPPED_FIRST.match(line)
    if first is not None:
        rest = line[first.end() :]
        changed = _swapped(rest, first.group("old"), first.group("new"))
        if changed is not None:
            return changed
        return rest if _swapped(rest, first.group("new"), first.group("new")) is not None else None
    later = _REPLACED_LATER.search(line)
    marked = _TAKEN_BACK.search(line)
    if (later is None or not later.start()) and marked is not None and marked.start():
        after = _REPLACED_LATER.match(line[marked.end() :])  # "… - sorry, Carl, not Boris", "I mean X, not Y"
        if after is not None:
            old = (after.group("old") or after.group("old2")).strip()
            new = (after.group("new") or after.group("new2")).strip()
            head = line[: marked.start()].rstrip()
            once = _swapped(head, old, new.split()[0])  # "… B1 with 4 — sorry, B4 with 4, not B1"
            return once if once is not None and new in once else _swapped(head, old, new)
    if later is None or not later.start():
        return None
    old = (later.group("old") or later.group("old2")).strip()
    new = (later.group("new") or later.group("new2")).strip()
    return _swapped(line[: later.start()].rstrip(), old, new)


def readings(line: str) -> list[str]:
    """The lines ``line`` may mean if it corrects itself, most likely first: the rejected part set aside
    (``corrected``), and in that the words taken back replaced (``taken_back``); words struck out, a
    starred spelling, a later swap (``struck_out``, ``starred``, ``swapped_later``); none for a line that
    corrects nothing."""
    for fixing in (struck_out, starred, swapped_later):
        fixed_once = fixing(line)
        if fixed_once is not None and fixed_once != line:
            return [fixed_once, *readings(fixed_once)]
    fixed = corrected(line)
    if fixed is None:
        return taken_back(line)
    return list(dict.fromkeys([*taken_back(fixed), fixed, *taken_back(line)]))  # "… make that a 3": either
