"""The Ten Sailors order language, read as players write it, in English or Russian (TS-9, TS-11, TS-23).

    MOVE Dining Room | go to the dining room       ИДТИ Столовая | иду в столовую, пойду на кухню
    SEARCH Knife, Sofa | look in the sofa, knife   ИСКАТЬ Нож, Диван | обыскиваю диван и нож
    TRAP Anna Kitchen Sofa Knife                   ЛОВУШКА Анна Кухня Диван Нож
    set a trap for Anna: kitchen, sofa, knife      ставлю ловушку на Анну: кухня, диван, нож
    SAY I found nothing here                       СКАЗАТЬ Здесь ничего нет | говорю: …
    CANCEL MOVE | SEARCH | TRAPS                   ОТМЕНИТЬ ИДТИ | отмена перехода | отменяю ловушки
    stay here                                      остаюсь на месте (withdraws the move)
    HELP, STATUS, NOTEBOOK                         ПОМОЩЬ, СТАТУС, БЛОКНОТ
    TIMEZONE Europe/Berlin | TIMEZONE OFF          ЧАСОВОЙ ПОЯС Берлин | ПОЯС ИГРЫ (see ``zone``)

Any verb form of an order word is read (``иду``, ``пойду``, ``идти``, ``иди``; ``go``,
``going``), so is any case of a card's or a character's name, short and informal names
(``cards.INFORMAL``), and a near misspelling (the answer says how it was read; see
``lexicon``). A line may hold several orders (``иду в спальню, ищу нож и диван``); a line
of names alone is read by what it names (one room: a move; two cards: a search).

A time anywhere in an order names the segment it is for (TS-11 ruling; the forms are in
``times``): ``DAY 2 HOUR 3: SEARCH Rope, Sink``, ``в 14:00 иду в столовую``, ``ночью:
ловушка …``, ``tomorrow go to the study``. A line holding only a time applies it to the
lines after it; a time in a line applies to the orders after it on that line.

Around the order, politeness, wishes and narration change nothing («прошу переместить меня в …»,
"could you move my character to …", «Мастер, Борис идёт в …» from Boris, «на Глеба ставлю ловушку:
…»); an order word misspelt but near one order word is read as it ("serach", «лавушку»), and the
answer says so. One order word may serve several times («в 14:00 иду в столовую, в 16:00 в
гараж»), one trap word several targets ("traps: Anna - …; Boris - …"); a remark that names nothing
after an order is talk («иду в оранжерею, там посмотрим»). At night, or after a night's order, a
move "in the morning" is the move for 10:00 (TS-22); being somewhere at a time («утром буду в
спальне») is the move that takes effect by then.

Verbs are read in any form ("strolls", "tiptoeing", «пробирается»), adverbs beside them change
nothing, and a few phrases are one order word ("make my way", "go through"). One's own move denied
("not moving this hour", «никуда не иду») is a stay, or with "anymore" the move withdrawn; a place
without a verb is a move where one goes («я в ванную», "to the garage, …"), not where one is; thanks
after an order go with it. A question about one's own order is asked back; one to others is talk.

A plan the writer leaves open — a hedge before the order word ("maybe", «может»), a choice ("kitchen or
study", "move … or stay"), "not sure", a place named by another ("next to the kitchen"), one's own move
denied beside a place («Не пойду в гараж»), a word several places share («зал») — is asked back with
the likeliest reading, never read nor said aloud. What another did, said or where they sit («Игорь
обещал обыскать камин», "Elena sits in the bedroom") is talk; so is a remark after an order that tells
a need, a hope or another's doing, even naming a card ("…, somebody has to look at that fireplace").
A clause of purpose («…, чтобы утром быть там») and a gerund ("…, humming") go with the order.

A line in which no order was found this way is read by its meaning (``intent``): its order words
and the names it holds, in any order ("kitchen, sofa, knife — trap for Anna"; "Setting a trap.
Target: Gleb. …"); failing that, by general signals (``signals``) that hold for any verb: one place
named as where one goes ("Hanna glides into the study", «Анна шмыгает в гараж»: a preposition of
motion, or «в»/«на» with the accusative), a trap word in any form beside a character and three cards,
a verb of staying, two cards with one verb of their own. Times before what they name ("Hour 4:
Garage.", «2-й час кабинет, 3-й гостиная») and a question about the orders themselves (help, or
one's own: status) are read the same way.

A line (or a sentence of it) that neither is nor resembles an order is table talk (TS-23
ruling): it comes back as ``Unreadable`` with ``is_order`` false. A line resembles an order
when it starts with an order word followed by a card, a place, a character, or a few words
at most ("иду в чулан"), or with a time and a colon; it is then refused with its reason. Talk
that names a card, a place or a character beside a word of a plan (move, search, trap, cancel),
or that is names and little else, is never said aloud: it is refused as ``did_you_mean`` with the
likeliest reading, unless it is plainly conversation (a question, a proposal or a warning, what
was done told in the past tense).

This module only reads text; whether an order is allowed now is decided in ``orders``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import lru_cache, reduce
from itertools import pairwise
from typing import Any, NamedTuple, TypeGuard

from referee.core import corrections, diminutives, translit
from referee.core.answers import KIND as ANSWERS
from referee.core.answers import read_choice as read_answers_choice
from referee.core.orders import Order as CoreOrder
from referee.core.orders import Problem, Unreadable
from referee.core.reading import SHOW_VERBS, nothing_instead
from referee.core.russian import morph
from referee.core.seats import fold_name
from referee.core.text import as_written, unmix_scripts
from referee.games.ten_sailors import scenery, signals
from referee.games.ten_sailors.cards import HALL, KIND_OF, Kind
from referee.games.ten_sailors.clauses import by_clauses
from referee.games.ten_sailors.glued import unglued
from referee.games.ten_sailors.intent import (
    Intent,
    confident,
    guess,
    intent_of,
    is_place,
    one_trap,
    trap_groups,
)
from referee.games.ten_sailors.lexicon import (
    WORD,
    Found,
    Missing,
    cut_short,
    is_name,
    read_names,
    scan_names,
    uncut,
)
from referee.games.ten_sailors.scenery import HEDGES as _HEDGES
from referee.games.ten_sailors.state import Segment
from referee.games.ten_sailors.talk import read_choice
from referee.games.ten_sailors.times import When, find_times, segment_for, time_at_start
from referee.games.ten_sailors.words import (
    ANY_MORE,
    CANCELLABLE,
    CONNECTORS,
    EVERYTHING,
    FILLERS,
    HERE,
    KEYWORDS,
    LOOK_IN,
    NEGATIONS,
    ORDERS_NAMED,
    PHRASES,
    PREPOSITIONAL,
    PRONOUNS,
    STAY,
    VERBS,
    WORDS_KEPT,
    is_adverb,
    is_arrive,
    is_asking_for,
    is_courtesy,
    is_known,
    is_past,
    is_setter,
    is_skipped,
    is_wrapper,
    lemmas,
    near_kind,
    near_order_word,
    order_kind,
)
from referee.games.ten_sailors.zone import read_zone_order

__all__ = ["KEYWORDS", "Order", "Unreadable", "parse_text"]

_BULLET = re.compile(r"^\s*(?:[-*•>]+|\d{1,2}[.)](?!\d))\s*")
_ITEM_MARK = re.compile(r"(?:^|(?<=[;,.]))\s*(?:[a-zа-е]|\d{1,2})\)\s+", re.I)
"""The marks of a list's items on one line ("a) trap …; b) stay", «а) … б) …»): set aside."""
_NUMBERED = re.compile(r"(?<=[^\W\d_])\s*[#№]\s*\d{1,2}\b")
"""The number a writer gives an order ("Trap #2 goes to Egor: …", «Ловушка №1: …»): set aside."""
_SENTENCE = re.compile(r"\s(?<=[.!?…]\s)\s*(?=\S)")
"""Spaces after the end of a sentence, before more text; it starts with the space so that a search
skips every other character at once."""
_ENDS_WORD = re.compile(r"([^\W\d_]{3,})[.…]+\s*$")
"""A sentence that ends with a whole word and a full stop, not a shortened one ("гост.", "cons.")."""
_ALOUD = re.compile(
    r"^\s*(?:(?:(?:i\s+)?(?:said|say|saying|speak|speaking)\s+)?(?:out\s+loud|aloud|loudly)"
    r"|(?:(?:говорю|произношу|скажу|говорит|произносит)\s+)?(?:вслух|громко)"
    r"|say|сказать|скажу|говорю)\s*[:—–]\s*",
    re.I,
)
"""A line marked as said to the room at its start ("Out loud: …", «Вслух: …», "SAY: …", «СКАЗАТЬ: …»):
talk, every sentence of it, whatever it names (TS-23: the writer chose to say it)."""
_ADDRESSEES = re.compile(r"^(?:всем|вслух|everyone|everybody|all|aloud|to\s+everyone)\s*[:,\-—]\s*", re.I)
_SEMICOLON = re.compile(r"\s*;\s*")
"""Semicolons: when every part of a line they part starts with a time ("hour 2: study; hour 3: search
…"), each part is read on its own."""
_FEW_WORDS = 2
"""After an order word, this many words or fewer resemble an order, naming nothing ("иду в чулан")."""
_LEADING = PRONOUNS | CONNECTORS | FILLERS
"""Words that may stand before an order word (beside times and trap setters)."""
_FEW_NAMES = 8
"""A sentence of more words than this, with no order word, time or asking in it, is not looked at as a
line of names and little else ("ищю верёвку и нож"), which is short."""
_LITTLE = FILLERS | PRONOUNS
"""Words that name nothing, not counted among those after an order word."""


@dataclass(frozen=True)
class Order(CoreOrder):
    """One order read from a line: ``kind`` with its ``args``, for segment ``when`` (None: the open one).

    ``read_as`` pairs words written with the name they were read as when they were a near miss, and
    ``word_as`` a misspelt order word with the order it was read as ("serach", "SEARCH").
    """

    when: Segment | None = None
    read_as: tuple[tuple[str, str], ...] = field(default=())
    word_as: tuple[str, ...] = field(default=())


class _Token(NamedTuple):
    """A word of a line (``text``) or a time (``when``), with where it starts and ends; its ``folded``
    form, the order word it is (``kind``, "" if none), whether it may stand before an order word
    (``leading``: a time, "I", "then", "set") and whether it sets a trap (``setter``): the reading asks
    them of every word several times."""

    text: str
    start: int
    end: int
    when: When | None
    folded: str
    kind: str
    leading: bool
    setter: bool


@lru_cache(maxsize=WORDS_KEPT)
def _word(text: str) -> tuple[str, str, bool, bool]:
    """What a token asks of the word ``text``: its folded form, the order it starts ("" if none), whether
    it may stand before an order word and whether it is a verb like "set" (see ``_Token``)."""
    folded = fold_name(text)
    setter = is_setter(text)
    kind = order_kind(text) or near_kind(text) or ("move" if is_arrive(text) else "")
    return folded, kind, folded in _LEADING or setter or is_wrapper(text) or is_adverb(text), setter


def _word_token(text: str, start: int, end: int) -> _Token:
    return _Token(text, start, end, None, *_word(text))


def _time_token(text: str, start: int, end: int, when: When) -> _Token:
    folded, _, _, setter = _word(text)
    return _Token(text, start, end, when, folded, "", True, setter)


def parse_text(
    text: str, names: Sequence[str], now: Segment, own: str | None = None
) -> list[Order | Unreadable]:
    """Every order and talk in ``text``; ``names`` are the characters', ``now`` the open segment, ``own``
    the writer's character (if known: only their name may stand before an order as its doer). A word
    typed with look-alike letters of two scripts ("Bеdroom" with a Cyrillic «е») is read in one, from
    whichever door the text came (``unmix_scripts``, as the mail's intake does)."""
    return _read_text(unmix_scripts(text), tuple(names), now, own, second_readings=True)


def _read_text(
    text: str,
    names: tuple[str, ...],
    now: Segment,
    own: str | None,
    *,
    second_readings: bool,
    corrected: bool = False,
) -> list[Order | Unreadable]:
    """``parse_text``; with ``second_readings``, a line read with talk or a question in it is read again
    with its scenery set aside (``scenery.plain``), and that reading kept if it is surer."""
    reader = _Reader(names, now, own)
    for raw in (
        item for whole in text.splitlines() for item in corrections.list_items(scenery.unstarred(whole))
    ):
        bullet = _BULLET.match(raw)
        written = _ITEM_MARK.sub(" ", raw[bullet.end() :] if bullet else raw).strip()
        written = _NUMBERED.sub("", written)
        line = scenery.kept_here(scenery.another_trap(scenery.phrased_plainly(uncut(unglued(written)))))
        if not line:
            continue
        line, named_before = _target_named_before(line, names, own)
        if named_before is None:
            line, named_before = _things_named_before(line, names)
        if second_readings and not corrected and (right := _as_corrected(line, names, now, own)):
            reader.flush()
            reader.items += [replace(item, line=written) for item in right]
            continue
        times = find_times(line)
        if (aloud := _ALOUD.match(line)) is not None and line[aloud.end() :].strip():
            reader.flush()  # "Out loud: I'll search the sofa, that's my plan": said, as the writer marks it
            reader.items.append(Order(line, "say", {"text": line[aloud.end() :].strip()}))
            continue
        if (whole := _whole_line_order(line, times)) is not None:  # how talk and deadlines reach the writer
            reader.flush()
            reader.items.append(whole)
            continue
        if second_readings and (listed := _names_as_trap(line, names, now, own)):
            reader.flush()  # "Dora. Bedroom. Nightstand. Poison. That's my trap.": never a move and a search
            reader.items += listed
            continue
        start = len(reader.items)
        reader.night_on_line = False
        for sentence in _sentences(line):
            reader.read(sentence, times if sentence == line else find_times(sentence))
        if reader.pending is None:
            reader.items[start:] = reader.by_meaning(line, times, reader.items[start:])
        reader.items[start:] = _joined_talk(_without_courtesy(reader.items[start:]))
        if second_readings and reader.header is None and reader.pending is None:
            reader.items[start:] = _surer(reader.items[start:], line, names, now, own)
        read = [reader.narrated(reader.signalled_trap(item)) for item in reader.items[start:]]
        if len(read) > 1 and not any(isinstance(item, Order) for item in read):
            whole = reader.narrated(reader.signalled_trap(Unreadable(line, "did_you_mean", {})))
            read = [whole] if isinstance(whole, Order) else read  # "For Dora: Pistol in …": over sentences
        if second_readings and not any(isinstance(item, Order) for item in read):
            told = (
                _by_letters(line, names, now, own)
                or _told_one_by_one(line, names, now, own)
                or _talk_beside_orders(line, names, now, own)
                or _typed_in_latin(line, names, now, own)
                or (_told_one_by_one(line, names, now, own, long_post=True) if _a_long_post(line) else [])
            )
            read = told or read
        elif second_readings and _a_long_post(line) and any(_is_talk(item) for item in read):
            read = _told_one_by_one(line, names, now, own, long_post=True) or read
        reader.items[start:] = [
            _never_aloud(item, names, own, after_order=any(isinstance(o, Order) for o in read[:at]))
            if _is_talk(item)
            else _conversation(item, names, own)
            for at, item in enumerate(read)
        ]
        if second_readings and len(reader.items) - start > 1:
            reader.items[start:] = [  # a sentence of a post asked back, read again as a line of its own
                again
                for item in reader.items[start:]
                for again in (
                    _alone(item.line, names, now, own) or [item]
                    if isinstance(item, Unreadable) and item.is_order and item.line != line
                    else [item]
                )
            ]
        if second_readings and (
            _doubted(reader.items[start:]) or _talk_of_a_plan(reader.items[start:], line)
        ):
            reader.items[start:] = _in_clauses(line, names, now, own) or reader.items[start:]
        reader.items[start:] = _said_once(_asked_whole(_same_again(reader.items[start:], now), line, names))
        reader.items[start:] = _joined_talk(_grounds_left_out(reader.items[start:], names, own))
        if second_readings and _taken_back_whole(reader.items[start:], line):
            reader.items[start:] = [
                Unreadable(line, "did_you_mean", guess(_intent(_line_tokens(line), names), names))
            ]
        if named_before:  # each order shown as the player wrote it
            reader.items[start:] = [
                replace(item, line=item.line.replace(*named_before)) for item in reader.items[start:]
            ]
        if line != written and len(reader.items) == start + 1:  # the order shown as the player wrote it
            reader.items[start] = replace(reader.items[start], line=written)
        elif line != written:  # talk beside orders relayed in the player's own words
            reader.items[start:] = [
                replace(item, line=as_written(item.line, line, written)) if _is_talk(item) else item
                for item in reader.items[start:]
            ]
    reader.flush()
    reader.time_alone()
    return _merged_searches(_stays_beside_moves(_stayed_there(_there_again(reader.items))))


_TALK_CUT = re.compile(
    r"\s+[—–]\s*|\s*[—–]\s+|\s+-\s+|\s*-{2,}\s*|\s*[(\[]\s*|\s*[)\]]\s*|[»”]\s*[,:—–-]?\s*|\"\s*[,:—–-]\s*"
    r"|(?<=[.!?])\s+(?=[\"«“])"
    r"|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+[\s\ufe0f]*"
)
"""Where talk and an order may meet on one line: a dash, brackets, a closing quote, an emoji."""


def _talk_beside_orders(
    line: str, names: tuple[str, ...], now: Segment, own: str | None
) -> list[Order | Unreadable]:
    """A line read as no order, read again as talk and orders on either side of a cut (``_TALK_CUT``):
    what another said, then the writer's own order ('Boris said "meet me in the garage" — fine, I'm going
    to the garage', «Глеб: «кто проверит люстру?» — я проверю: люстра и подсвечник»), or an order and a
    remark ("Kitchen 🍳 starving lol"). The side that reads as orders alone is the writer's order and the
    other side talk, as written; none when no cut parts them so (TS-23 ruling: a plan is never said aloud
    for the talk beside it)."""
    for cut in _TALK_CUT.finditer(line):
        left, right = line[: cut.start()].strip(), line[cut.end() :].strip()
        if not _WORDS_IN.search(left) or not _WORDS_IN.search(right):
            continue
        sides = [_read_text(side, names, now, own, second_readings=False) for side in (left, right)]
        for mine, said, text in ((1, 0, left), (0, 1, right)):
            orders, talk = sides[mine], sides[said]
            if orders and all(isinstance(o, Order) for o in orders) and all(_is_talk(t) for t in talk):
                remark = Unreadable(text, "unknown_order", {"word": "", "suggestion": ""}, False)
                return [*orders, remark]  # the order first, as every answer tells orders before talk
    return []


_WORDS_IN = re.compile(r"\w")


def _doubted(items: list[Order | Unreadable]) -> bool:
    """Whether ``items`` hold no order and a line that looks like one."""
    return not any(isinstance(item, Order) for item in items) and any(
        isinstance(item, Unreadable) and item.is_order for item in items
    )


_NOT_SCENERY = scenery.OPEN | NEGATIONS | frozenset({"nobody", "никто", "one", "бы", "would", "should"})
"""Words that make a clause more than scenery: a hedge or a condition ("maybe", "if I were you", «на
твоём месте … бы»), a denial ("nobody go to …", «не собирается»)."""


def _scenery_clause(clause: str, names: tuple[str, ...], own: str | None) -> bool:
    """Whether ``clause`` may stand beside orders as scenery: it names no room, no card and no character
    but the writer's, and holds no order word, trap setter, time, number, hedge or denial ("where the old
    clocks tick", not "trap for Anna", "If I were Fedor", «Может»)."""
    words = WORD.findall(clause)
    if _reason_of_others([word.lower() for word in words]):
        return not _order_like(_line_tokens(clause))  # "since everyone else is crowding the Kitchen"
    if scenery.names_any(clause, ()) or any(char.isdigit() for char in clause):
        return False
    if _another_named(words, names, own) or any(word.lower() in _NOT_SCENERY for word in words):
        return False
    return not _order_like(_line_tokens(clause))


_BECAUSE = frozenset({"since", "because", "as", "whereas", "потому", "поскольку", "ведь", "раз", "так"})
_OTHERS_DO = frozenset(
    {"everyone", "everybody", "others", "they", "he", "she", "nobody", "все", "они", "он", "она",
     "остальные", "никто"}
)  # fmt: skip


def _reason_of_others(folded: list[str]) -> bool:
    """Whether a clause gives a reason by what others do ("since everyone else seems to be crowding the
    Kitchen", «потому что все толпятся на кухне»): scenery beside the writer's order even where it names a
    room, never the writer's own plan (no "I" in it)."""
    return (
        bool(folded)
        and folded[0] in _BECAUSE
        and bool(_OTHERS_DO.intersection(folded[1:4]))
        and not _I.intersection(folded)
    )


def _another_named(words: list[str], names: tuple[str, ...], own: str | None) -> bool:
    """Whether ``words`` name a character other than the writer's own."""
    return any(is_name(word, names) and fold_name(word) != fold_name(own or "") for word in words)


def _order_like(tokens: Sequence[_Token]) -> bool:
    """Whether ``tokens`` hold an order word, a trap setter or a time."""
    return any(token.kind or token.setter or token.when is not None for token in tokens)


def _bare_names(clause: str) -> bool:
    """Whether ``clause`` is names alone, with no order word ("Kitchen", "Knife and Rope")."""
    return not any(token.kind or token.setter for token in _line_tokens(clause))


def _talk_of_a_plan(items: list[Order | Unreadable], line: str) -> bool:
    """Whether ``items`` are talk alone of a line that holds an order word and names a room or a card
    ("Our heroine, bored of all the bickering, retreats to the bathroom"): read again as clauses, lest a
    plan be said aloud."""
    if not items or not all(_is_talk(item) for item in items) or _SAID_OF_THINGS.search(line):
        return False
    return any(token.kind for token in _line_tokens(line)) and scenery.names_any(line, ())


def _in_clauses(line: str, names: tuple[str, ...], now: Segment, own: str | None) -> list[Order | Unreadable]:
    """A line read as no order and asked about, read as clauses (``clauses.by_clauses``), each as a line
    of its own: its orders, with the clauses beside them (which name no room, no card and no other
    character) left out as scenery ("Anna opens every cupboard, hunting for …"); none where no cut reads
    so, and the line is asked about whole."""
    if _IN_CLAUSES.get():
        return []  # a clause is read whole, never cut again
    token = _IN_CLAUSES.set(True)
    try:
        found = by_clauses(
            line,
            lambda clause: _read_text(clause, names, now, own, second_readings=True),
            lambda clause: _scenery_clause(clause, names, own),
            _bare_names,
            now,
        )
    finally:
        _IN_CLAUSES.reset(token)
    return [*found[0]] if found is not None else []


_IN_CLAUSES: ContextVar[bool] = ContextVar("in_clauses", default=False)
"""Whether a clause of a line is being read (``_in_clauses``)."""


_PARTED = re.compile(r"\s*[/|]\s*|\s*[,.]\s*|\s+-\s+|\s*[—–:]\s*")
_TRAP_SAID = re.compile(
    r"(?:^|(?<=[.!:—–-])|(?<=\s))\s*(?:(?:that'?s|this\s+is|it'?s|это|вот)\s+(?:(?:и\s+есть\s+)?(?:my|моя)\s+)?"
    r"(?:trap|ловушка)|(?:spring|set|lay|use)\s+(?:it|that|this|the\s+trap|a\s+trap)\s+(?:on|for)\s+(?:him|her)"
    r"|(?:ставлю|ставь(?:те)?|поставь(?:те)?|это|ловушка|ловушку)\s+(?:на\s+(?:него|неё|нее)|для\s+(?:него|неё|нее)))"
    r"\s*[.!]*\s*$",
    re.I,
)
"""Words after a trap's names saying it is the writer's trap ("That's my trap", «Это моя ловушка»)."""


def _names_as_trap(
    line: str, names: tuple[str, ...], now: Segment, own: str | None
) -> list[Order | Unreadable]:
    """A line of four names alone, parted by slashes or commas — a character (not the writer's), a room,
    a piece of furniture and a weapon ("Ivan / garage / car / petrol"): the trap it lists, for tonight;
    with any word else on it ("…, I'd bet") it is not, but for the words saying it is the writer's trap
    ("Dora. Bedroom. Nightstand. Poison. That's my trap.")."""
    said = _TRAP_SAID.search(line)
    listed = line[: said.start()] if said is not None else line
    parts = [part for part in _PARTED.split(listed.strip(" .!")) if part]
    if len(parts) != 4:
        return []
    found = read_names(WORD.findall(listed), names)
    if isinstance(found, Missing) or len(found) != 4 or any(f.name == own for f in found):
        return []
    if not one_trap(found, names):
        return []
    return _Reader(names, now, own)._order(line, "trap", found, None)


def _typed_in_latin(
    line: str, names: tuple[str, ...], now: Segment, own: str | None
) -> list[Order | Unreadable]:
    """A line of Russian typed in Latin letters ("idu v vannuyu") read as the Russian it is, when that
    reads as orders alone (``referee.core.translit``); else none."""
    if not translit.looks_russian(line):
        return []
    items = _read_text(translit.to_cyrillic(line), names, now, own, second_readings=False)
    if not items or not all(isinstance(item, Order) for item in items):
        return []
    return [replace(item, line=line) for item in items]


_POST_SENTENCE = re.compile(r"(?<=[.!?…])\s+(?=\S)")
"""Where a sentence of a post ends: after its stop, whatever the next one starts with (a quote too)."""
_PRONOUN = re.compile(r"^((?:[^.!?«\"]*?[\s,])?)(she|he|она|он)\b", re.I)
"""A sentence whose doer is "she"/«она» (after a leading clause or not): the character told of before."""


_LONG_POST = 150
"""The fewest characters of a post of several sentences whose story is scenery around its orders."""


_TRAP_ON_PRONOUN = re.compile(
    r"\b(?:(?:на|for|on|trap|ловлю)\s+(него|неё|нее|him|her|его|её)|(ему|ей))\b", re.I
)
"""A trap's target said by a pronoun («ставлю на него ловушку», "a trap for him", "I'll trap him",
«оставлю ему сюрприз»)."""


def _target_named_before(
    line: str, names: tuple[str, ...], own: str | None
) -> tuple[str, tuple[str, str] | None]:
    """``line`` with the pronoun that a trap of a later sentence is set "for" («на него») put as the one
    character the sentences before it named: «Дима, по-моему, задушил кого-то верёвкой. Ставлю на него
    ловушку.» is a trap for Dmitry (TS-20: a trap is aimed at a named character); with the words put so
    and the words written, to show the orders as written. ``line`` as it is where no such trap follows
    one character named."""
    pronoun = _TRAP_ON_PRONOUN.search(line)
    verb = pronoun is not None and pronoun.group().lower().startswith(("trap", "ловлю"))
    if pronoun is None or (verb and not _a_long_post(line)):
        return line, None  # "I accuse Gleb! …, trap him": the line names him for its trap already
    who = 1 if pronoun.group(1) else 2
    if not verb and pronoun.group(who).lower() in ("его", "её"):
        return line, None  # «ловушка на его диване»: whose sofa, not whom the trap is for
    start = max((m.end() for m in _POST_SENTENCE.finditer(line, 0, pronoun.start())), default=0)
    sentence = _POST_SENTENCE.split(line[start:], maxsplit=1)[0]
    if not start or not any(lemmas(word) & _TRAP_WORDS for word in WORD.findall(sentence)):
        return line, None
    before = {f.name for f in _intent(_line_tokens(line[:start]), names).found}
    named = [name for name in before if name in names and name != own]
    if len(named) != 1:
        return line, None
    put = f"{pronoun.group()[: pronoun.start(who) - pronoun.start()]}{named[0]}"
    return f"{line[: pronoun.start()]}{put}{line[pronoun.end() :]}", (put, pronoun.group())


_THINGS_PRONOUN = re.compile(
    r"(?<!\w)(их|это|обе|оба|обоих|them|those|both(?:\s+of\s+them)?|туда|there)(?!\w)", re.I
)
"""What an order of a later sentence names by a pronoun («Их и поищу», "I'll search them", «проверю обе»,
«схожу туда»)."""


def _things_named_before(line: str, names: tuple[str, ...]) -> tuple[str, tuple[str, str] | None]:
    """``line`` with the pronoun that a search or a trap of a later sentence names its cards by («Их и
    поищу», «Вот на это ловушку и ставлю», «Вечером схожу туда») put as what the sentence just before named:
    the last two cards for a search, a character and the three cards of one trap for a trap; for a move
    "there", the one room the sentences before named; with the words put and
    the words written, to show the orders as written. ``line`` as it is otherwise."""
    starts = [0, *(m.end() for m in _POST_SENTENCE.finditer(line))]
    for before, start, end in zip(starts, starts[1:], [*starts[2:], len(line)], strict=False):
        sentence = line[start:end]
        pronoun = _THINGS_PRONOUN.search(sentence)
        if pronoun is None:
            continue  # most sentences: nothing to look up, nothing read twice
        tokens = _line_tokens(sentence)
        kinds = {t.kind for t in tokens} | ({"trap"} if any(t.setter for t in tokens) else set())
        if not kinds & {"search", "trap", "move"} or _intent(tokens, names).found:
            continue
        if any(t.folded in NEGATIONS for t in tokens):
            continue  # «Я туда даже не заходила!»: what was not done, told
        found = _intent(_line_tokens(line[before:start]), names).found
        if pronoun.group().lower() in ("туда", "there"):  # «Вечером схожу туда»: the room told of before
            places = [f for f in _intent(_line_tokens(line[:start]), names).found if is_place(f.name)]
            chosen = places[-1:] if "move" in kinds and len({f.name for f in places}) == 1 else []
        elif "trap" in kinds:
            chosen = list(found) if len(found) == 4 and one_trap(found, names) else []
        else:
            cards = [f for f in found if f.name in KIND_OF and not is_place(f.name)]
            chosen = cards[-2:] if len(cards) >= 2 else []
        if chosen:
            put = ", ".join(f.written for f in chosen)
            if pronoun.group().lower() in ("туда", "there"):  # a place to go to, with its preposition
                put = f"{'в' if pronoun.group().lower() == 'туда' else 'to'} {put}"
                put = put[:1].upper() + put[1:] if pronoun.group()[:1].isupper() else put  # «Туда и иду»
            at = start + pronoun.start()
            return f"{line[:at]}{put}{line[at + len(pronoun.group()) :]}", (put, pronoun.group())
    return line, None


_LETTER = re.compile(r"(?<=\s)[A-ZА-ЯЁ](?=\s*:?\s+\w)")
"""A single capital letter standing for an order's kind in a terse line ("M Study S Pistol Sofa")."""


def _by_letters(line: str, names: tuple[str, ...], now: Segment, own: str | None) -> list[Order | Unreadable]:
    """A line read as no order, read again cut before each single capital letter that stands for an
    order ("M Study S Pistol Sofa", «П кухня О нож стол»): kept when every part reads as orders alone."""
    cuts = [found.start() for found in _LETTER.finditer(line)]
    if not cuts:
        return []
    parts = [line[start:end] for start, end in pairwise([0, *cuts, len(line)])]
    read = [_read_text(part.strip(), names, now, own, second_readings=False) for part in parts]
    if all(items and all(isinstance(item, Order) for item in items) for items in read):
        return [item for items in read for item in items]
    return []


def _a_long_post(line: str) -> bool:
    """Whether ``line`` is a long post of several sentences (an in-character post with orders inside)."""
    return len(line) >= _LONG_POST and len([p for p in _POST_SENTENCE.split(line) if _WORDS_IN.search(p)]) > 2


def _told_one_by_one(
    line: str, names: tuple[str, ...], now: Segment, own: str | None, *, long_post: bool = False
) -> list[Order | Unreadable]:
    """A post of several sentences read as no order, read a sentence at a time: the writer's character
    doing something in one and scenery or words said in the others ('Anna smooths her dress and heads for
    the Garage. "If I'm not back in an hour, come looking for me," she tells the others.'). A sentence
    whose doer is "she"/«она» after one whose doer was the writer's character is read as that character's
    («…. Отогнав воспоминания, она поднимается в спальню.»). Kept when a sentence holds an order and none
    is asked about; the others are talk as written, or scenery left out where they name nothing."""
    sentences = [part for part in _POST_SENTENCE.split(line) if part.strip()]
    if (
        own is None
        or len(sentences) < 2
        or not (long_post or any(f.name == own for f in _intent(_line_tokens(line), names).found))
    ):
        return []  # a post tells of the writer's character by name, or is long
    result: list[Order | Unreadable] = []
    doer = ""
    for sentence in sentences:
        read = _read_text(sentence, names, now, own, second_readings=False)
        pronoun = _PRONOUN.match(sentence)
        first = WORD.match(sentence.lstrip(" *«\"'"))
        named = first is not None and fold_name(first.group()) == fold_name(own)
        if doer == own and pronoun is not None and not any(isinstance(item, Order) for item in read):
            as_own = f"{sentence[: pronoun.start(2)]}{own}{sentence[pronoun.end(2) :]}"
            again = _read_text(as_own, names, now, own, second_readings=False)
            if again and all(isinstance(item, Order) for item in again):
                read = [replace(item, line=sentence) for item in again]
        if any(isinstance(item, Unreadable) and item.is_order for item in read) and not long_post:
            return []  # a long post keeps its doubtful sentences as questions, never as talk
        doer = own if named else doer
        result += read
    if not any(isinstance(item, Order) for item in result):
        return []
    kept: list[Order | Unreadable] = []
    for item in _without_courtesy(result):  # "…. If there's room": the order's condition
        if isinstance(item, Order) or (isinstance(item, Unreadable) and item.is_order):
            if long_post and isinstance(item, Unreadable) and _story(item.line, names, own):
                continue  # "Anna pulls her shawl tighter and glances at the rain": the story of a post
            kept.append(item)
        elif said := " ".join(quoted.strip() for quoted in _quoted(item.line)):
            kept.append(Unreadable(said, "unknown_order", {"word": "", "suggestion": ""}, False))
    return _joined_talk(kept)  # the story around the order is scenery: only words said in quotes are talk


_STORY_WORDS = 6
"""The fewest words of a sentence of a long post that tells its story with names in it but no order word."""


def _story(sentence: str, names: tuple[str, ...], own: str | None) -> bool:
    """Whether a doubtful sentence of a long post is its story: it names no room, no card and no
    character but the writer's, and no trap ("She smiles.", "Anna glances at the rain"); or it holds
    no order word, trap setter nor time at all, in a sentence too long to be a bare list ("Anna lies
    awake, replaying every glance Egor threw at the Garage door")."""
    words = WORD.findall(sentence)
    if len(words) >= _STORY_WORDS and not _order_like(_line_tokens(sentence)):
        return True
    if scenery.names_any(sentence, ()) or any(lemmas(word) & _TRAP_WORDS for word in words):
        return False
    return not _another_named(words, names, own)


_TRAP_WORDS = frozenset(word for word, kind in VERBS.items() if kind == "trap")


_QUOTED = re.compile(r"«([^»]+)»|\"([^\"]+)\"|“([^”]+)”")


def _quoted(text: str) -> list[str]:
    return [part for found in _QUOTED.findall(text) for part in found if part]


def _a_post_of_own(line: str, named: list[Found], own: str, names: tuple[str, ...]) -> bool:
    """Whether ``line`` is a post of several sentences telling of the writer's own character by name
    where a room or a card is named: the story of what the writer does, never said aloud whole
    (TS-23 ruling); asked, the writer can send the order and the words apart."""
    if len([part for part in _POST_SENTENCE.split(line) if _WORDS_IN.search(part)]) < 2:
        return False
    return any(f.name == own for f in named) and any(not f.near and f.name not in names for f in named)


def _as_corrected(line: str, names: tuple[str, ...], now: Segment, own: str | None) -> list[Order]:
    """The orders of ``line`` written as a correction (``corrections.corrected``), when what is left of
    it once the rejected part is set aside reads as orders alone; else none (the line is read as it is,
    and talk is always relayed as it was written)."""
    if _CORRECTING.get():
        return []  # a clause or a sentence of a correction being read is never read as a correction again
    texts = [] if nothing_instead(line) else corrections.readings(line)  # "…, no, forget it": no correction
    texts = texts[:_MOST_READINGS]  # the likeliest first; a long post's many would each be read whole
    token = _CORRECTING.set(True)
    try:
        for text in texts:
            items = _read_text(text, names, now, own, second_readings=True, corrected=True)
            orders = [item for item in items if isinstance(item, Order)]
            if orders and len(orders) == len(items):
                return orders
            talk = [item for item in items if not isinstance(item, Order)]
            if orders and corrections.says_correcting(line) and all(map(_an_excuse, talk)):
                return orders  # "… Перепутала, сорри.": the excuse for the slip, to the host, no talk
    finally:
        _CORRECTING.reset(token)
    return []


_MOST_READINGS = 8
"""How many of a line's readings as a correction are read at most (time is bounded for any mail)."""
_CORRECTING: ContextVar[bool] = ContextVar("correcting", default=False)
"""Whether the readings of a line as a correction are being read (``_as_corrected``): their sentences and
clauses are read as they stand, so that the readings do not multiply with the line's length."""


def _an_excuse(item: Order | Unreadable) -> bool:
    """Whether ``item`` is talk beside a corrected order that names nothing of the game and takes nothing
    back ("Перепутала, сорри.", "Phone autocorrect is killing me today."): said to the host of the slip."""
    if not _is_talk(item) or scenery.names_any(item.line, ()):
        return False
    return not {word.lower() for word in WORD.findall(item.line)} & (NEGATIONS | {"no", "нет", "nope"})


_SAME = re.compile(
    r"\b(?:the\s+same|same\s+again|same\s+thing|ditto|то\s+же\s+самое|то\s+же|так\s+же|повтор\w*)\b", re.I
)


def _same_again(items: list[Order | Unreadable], now: Segment) -> list[Order | Unreadable]:
    """``items`` of one line with "and next hour the same again" («и в следующий час то же самое») after
    an order read as that order again, for the time it names (TS-11: an order may be given ahead)."""
    result: list[Order | Unreadable] = []
    for item in items:
        previous = result[-1] if result else None
        times = find_times(item.line) if isinstance(item, Unreadable) and _SAME.search(item.line) else []
        if isinstance(previous, Order) and previous.kind in ("move", "search") and len(times) == 1:
            segment = segment_for(times[0][2], now, previous.kind)
            if isinstance(segment, Segment) and segment != (previous.when or now):
                result.append(replace(previous, line=item.line, when=segment))
                continue
        result.append(item)
    return result


def _asked_whole(
    items: list[Order | Unreadable], line: str, names: tuple[str, ...]
) -> list[Order | Unreadable]:
    """``items`` of one line; when none is an order and one is asked back as a plan, the line asked back
    whole rather than its other sentences relayed where they name a room, a card or a character: they
    belong to the plan asked about («… Спальня, тумбочка, подсвечник — всё сходится. В спальне Зою будет
    ждать сюрприз от Анны.»), and the writer, asked, sends it again as meant (TS-23 ruling)."""
    asked = [item for item in items if isinstance(item, Unreadable) and item.is_order]
    if not asked or any(isinstance(item, Order) for item in items):
        return items
    naming = [item for item in items if _is_talk(item) and _intent(_line_tokens(item.line), names).found]
    if not naming:
        return items
    first = asked[0]
    return [replace(first, line=line), *(item for item in items if _is_talk(item) and item not in naming)]


def _alone(sentence: str, names: tuple[str, ...], now: Segment, own: str | None) -> list[Order | Unreadable]:
    """A sentence of a post, asked back among the others, read as a line of its own: its orders and the
    talk beside them when that reading is sure ("First, Anna will head for the Living Room, since everyone
    else seems to be crowding the Kitchen"); none when it is not."""
    read = _read_text(sentence, names, now, own, second_readings=True)
    sure = any(isinstance(item, Order) for item in read) and all(
        isinstance(item, Order) or _is_talk(item) for item in read
    )
    return read if sure else []


def _grounds_left_out(
    items: list[Order | Unreadable], names: tuple[str, ...], own: str | None
) -> list[Order | Unreadable]:
    """``items`` of one line without the sentences asked back that name only what its own orders name:
    the grounds told for them in a post ("She kept glancing at the sink. So I'll search for the poison and
    the sink"; "he never goes near the Bedroom … — her trap tonight is for Ivan, Bedroom, Nightstand,
    Halberd"). They are the orders' story, neither a plan of their own nor talk to relay; the writer's
    own character may be named in them, and others whose doing is told where no trap is asked about («Мне
    не нравится, как Жанна смотрит на камин. … поищу именно их — камин и кресло»)."""
    orders = [item for item in items if isinstance(item, Order)]
    if not orders:
        return items
    used: set[str] = {own} if own else set()
    for value in (value for order in orders for value in order.args.values()):
        values = [value] if isinstance(value, str) else value if isinstance(value, (list, tuple)) else []
        used |= {name for name in values if isinstance(name, str)}  # a room, a target, the cards searched
    return [
        item
        for item in items
        if not (
            isinstance(item, Unreadable)
            and item.reason in ("did_you_mean", "search_two_cards")  # «И на верёвку тоже.»
            and (named := {f.name for f in _intent(_line_tokens(item.line), names).found})
            and named & used
            and all(name in used or (name in names and not _trap_asked(item, own)) for name in named)
        )
    ]


def _trap_asked(item: Unreadable, own: str | None) -> bool:
    """Whether ``item`` asks back a trap on another character than the writer's."""
    return item.params.get("order") == "TRAP" and item.params.get("target") != own


def _stayed_there(items: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """``items`` with a move to the room the move before went to, for a later segment and by a verb of
    staying, made a stay ("go to the Conservatory now and stay there next hour too"); a word of "too"
    left alone after it is no talk."""
    kept: list[Order | Unreadable] = []
    for item in items:
        before = next((o for o in reversed(kept) if isinstance(o, Order) and o.kind == "move"), None)
        said = {w.lower() for w in WORD.findall(item.line)}
        if _is_talk(item) and kept and said and said <= _TOO:
            continue
        first = WORD.match(item.line.strip())
        if (
            isinstance(item, Order)
            and item.kind == "move"
            and before is not None
            and before.args == item.args
            and first is not None
            and lemmas(first.group()) & STAY
            and (before.when or Segment(0, "hour1")) != item.when
        ):
            item = Order(item.line, "cancel", {"what": "move", "stay": True}, item.when)
        kept.append(item)
    return kept


_TOO = frozenset({"too", "also", "as", "well", "тоже", "также", "и"})


def _stays_beside_moves(items: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """``items`` without a stay read from a remark beside a move of the same segment on the same line
    («Перехожу в гараж — надоело тут сидеть»), or from the story before it («Анна долго стояла у окна
    … Наконец она направилась в кабинет»): the move is the order, the remark talk and the story left out."""
    kept: list[Order | Unreadable] = []
    moving = {o.when for o in items if isinstance(o, Order) and o.kind == "move"}
    for item in items:
        stay = isinstance(item, Order) and item.kind == "cancel" and item.args.get("stay")
        if not isinstance(item, Order) or not stay:
            kept.append(item)
            continue
        if item.when in moving and not any(isinstance(o, Order) and o.kind == "move" for o in kept):
            continue  # the story before the move: scenery, neither order nor talk
        if item.when in moving:
            previous = kept[-1] if kept else None
            if previous is not None and _is_talk(previous):
                kept[-1] = Unreadable(f"{previous.line} {item.line}", "unknown_order", previous.params, False)
            else:
                kept.append(Unreadable(item.line, "unknown_order", {"word": "", "suggestion": ""}, False))
            continue
        kept.append(item)
    return kept


def _never_aloud(
    talk: Unreadable, names: tuple[str, ...], own: str | None, *, after_order: bool = False
) -> Unreadable:
    """``talk`` as it stands, or a question to its writer when it names a room, a card or a character
    beside anything of an order (an order word, a trap's setter, a time, the writer's own character as
    its doer) and is not plainly said to or of someone else (TS-23 ruling: a plan is never said aloud).
    Talk of several sentences is asked about when any of them would be: what one sentence says to or of
    the others ("Кто-то из нас врёт") does not make another's plan talk."""
    if _SAID_OF_THINGS.search(talk.line):
        return talk  # "If I were Egor I'd stay away from …": advice in another's place, no plan
    sentences = _sentences(talk.line)
    if len(sentences) > 1:
        for sentence in sentences:
            alone = Unreadable(sentence.strip(), talk.reason, talk.params, False)
            if not _is_talk(_never_aloud(alone, names, own, after_order=after_order)):
                intent = _intent(_line_tokens(talk.line), names)
                return Unreadable(talk.line, "did_you_mean", guess(intent, names))
    tokens = _line_tokens(talk.line)
    words = [t for t in tokens if t.when is None]
    folded = [t.folded.replace("’", "'") for t in words]
    intent = _intent(tokens, names)
    if not words or not any(not f.near or len(f.written) > _SHORT_NEAR for f in intent.found):
        return talk  # "a long night": a short word near a name ("long", "Living Room") names nothing
    if any(_result_told(folded, at) for at in range(len(folded))):
        return talk  # what a search found, told: no plan
    named = list({found.name: found for found in intent.found}.values())  # each name once, however often
    if [f.name for f in named] == [own] and not any(
        t.kind not in ("", "say") or t.setter or t.when for t in tokens
    ):
        return talk  # "Anna has had enough of whispering": the writer's character named, nothing planned
    if own is not None and _a_post_of_own(talk.line, named, own, names):
        return Unreadable(talk.line, "did_you_mean", guess(intent, names))
    if all(one_trap(group, names) for group in trap_groups(named, names)):
        return Unreadable(talk.line, "did_you_mean", guess(intent, names))  # a whole trap, over sentences too
    own_led = own is not None and (
        _narrated_by_own(folded, own)
        or (
            any(f.name == own and _doer(words, f.written) for f in intent.found)
            and not any(lemmas(t.text) & _SPEAKING for t in words)
        )
    )
    name_words = {word for f in intent.found for word in fold_name(f.written).split()}
    rest = [
        t for t in words if t.folded not in FILLERS and t.folded not in name_words and not is_skipped(t.text)
    ]
    terse = len(words) <= _TERSE and all(t.folded in _TERSE_WORDS for t in rest)  # "knife only"
    things = [f for f in intent.found if not f.near and f.name not in names]
    listed = len(things) > 1 and all(t.folded in _LISTING for t in rest)  # "Kitchen, plus knife and rope"
    killing = _killing(words, intent, names)
    planned = (
        own_led
        or _searched_pair(words, intent, names)
        or (terse and bool(things))
        or listed
        or any((t.kind and t.kind != "say") or t.setter or t.when is not None for t in tokens)
        or any(lemmas(t.text) & _LEAVING for t in words)  # "leaving the kitchen for the garage"
        or killing
    )
    if not planned:
        return talk
    mine = _I.intersection(folded) or any(_first_person(t.text) for t in words)  # "Hanna, I'll search …"
    if not own_led and (
        (not mine and not killing and _of_another(words, intent, names, own))
        or _told_of_others(tokens, names, own)
        or _to_others(folded)
        or _reported(folded)
        or _done_or_bidden(_without_vocative(talk.line, words, names), mine=bool(mine))
        or (after_order and _NEEDED.intersection(folded))
    ):
        return talk
    return Unreadable(talk.line, "did_you_mean", guess(intent, names))


_KILLING = frozenset(
    {"kill", "murder", "stab", "shoot", "strangle", "bludgeon", "whack", "off", "убить", "убивать",
     "зарезать", "застрелить", "задушить", "прикончить", "грохнуть", "замочить", "пристрелить"}
)  # fmt: skip
"""Verbs of killing: with a character and a weapon named, a trap's plan (TS-20), asked, never said aloud."""


def _killing(words: list[_Token], intent: Intent, names: tuple[str, ...]) -> bool:
    """Whether ``words`` kill a character named with a weapon named ("kill Carl with the pistol")."""
    weapon = any(KIND_OF.get(found.name) is Kind.WEAPON for found in intent.found)
    person = any(found.name in names for found in intent.found)
    return weapon and person and any(lemmas(t.text) & _KILLING for t in words)


def _told_of_others(tokens: list[_Token], names: tuple[str, ...], own: str | None) -> bool:
    """Whether the order word of a sentence tells what another does again and again ("Egor keeps searching
    for the rope", «Глеб опять роется в шкафу», "… he never goes in there") or does to the writer ("Boris
    looks at me", «Вера на меня смотрит»): told, no plan of the writer's."""
    habit = bool(_HABIT.intersection(t.folded for t in tokens))
    for at, token in enumerate(tokens):
        if not token.kind:
            continue
        before = tokens[max(0, at - 3) : at]
        folded = {t.folded for t in before}
        another = any(is_name(t.text, names) and fold_name(t.text) != fold_name(own or "") for t in before)
        near = {t.folded for t in tokens[max(0, at - 3) : at + 4]}
        doer = another or bool(_THIRD_PERSONS & folded)
        bidden = at > 0 and tokens[at - 1].folded.replace("’", "'") in NEGATIONS  # «Не ищите меня»
        if doer and _IF & folded and not _I & folded:
            return True  # "If anyone searches the chandelier, …", «Если кто-то пойдёт в гараж, …»
        if (habit and doer and not _I & folded) or (
            _ME_WATCHED & near
            and (doer or bidden)
            and not (_I - _ME_WATCHED) & near
            and not _first_person(token.text)
        ):
            return True  # «Вера на меня смотрит», «Не ищите меня»: the writer is what is watched or sought
    return False


_HABIT = frozenset(
    {"keeps", "keep", "kept", "always", "never", "again", "constantly", "forever", "still", "опять", "снова",
     "всё", "вечно", "постоянно", "никогда", "всегда", "так", "продолжает"}
)  # fmt: skip
"""Words of what is done again and again ("keeps", «опять»): with another as the doer, told of them."""
_THIRD_PERSONS = frozenset(
    {"he", "she", "they", "он", "она", "они", "кто-то", "кто-нибудь", "someone", "somebody", "anyone",
     "anybody"}
)  # fmt: skip
_ME_WATCHED = frozenset({"me", "меня", "мной", "мною"})
"""The writer as what another's verb is done to ("looks at me", «на меня смотрит»)."""
_LEAVING = frozenset({"leave", "leaving", "покинуть", "покидать", "уйти", "уходить"})
"""Verbs of leaving a place: beside a room, a plan, never said aloud."""
_LISTING = CONNECTORS | frozenset({"plus", "плюс", "also", "then", "потом", "затем", "с", "со", "и", "and"})
"""The words that join names into a list: a line of names joined by them alone is a plan, never talk."""
_TERSE = 4
"""The most words of a terse line naming a room or a card and nothing else ("knife only", «только нож»):
written as an order, it is asked about, never said aloud."""
_TERSE_WORDS = frozenset(
    {"only", "just", "also", "again", "too", "pls", "please", "тоже", "только", "лишь", "снова", "опять",
     "ещё", "еще", "же"}
)  # fmt: skip
_ANY_ROOM = frozenset({"room", "комната"})
"""A room unnamed ("the room", «в комнате»): where the writer is, no room of the castle."""
_CARRIED = (("in", "hand"), ("в", "руке"), ("в", "руках"), ("in", "hand,"))
_FROM = frozenset({"of", "from", "из", "от", "с", "со", "leaving", "leaves", "покидает", "покинув"})


def _at(found: Found, folded: list[str]) -> int:
    """Where the first word of ``found`` stands among the words ``folded`` (-1 if nowhere)."""
    first = fold_name(found.written.split()[0])
    return next((i for i, word in enumerate(folded) if fold_name(word) == first), -1)


def _carried(found: Found, folded: list[str]) -> bool:
    """Whether a card is what the writer's character carries in the scene ("candlestick in hand", «со
    свечой в руке»): scenery, not a card searched for."""
    at = _at(found, folded)
    return at >= 0 and (
        tuple(folded[at + 1 : at + 3]) in _CARRIED
        or (at > 0 and folded[at - 1] in ("с", "со", "with") and "руке" in folded[at + 1 : at + 4])
    )


def _left(found: Found, folded: list[str]) -> bool:
    """Whether a place is the one left ("tired of the hall", «выскальзывает из холла»), not gone to."""
    return _word_before(found, folded) in _FROM


def _word_before(found: Found, folded: list[str]) -> str:
    """The word before a card's name among ``folded``, an article aside ("" if none)."""
    at = _at(found, folded)
    before = [w for w in folded[max(0, at - 2) : at] if w not in ("the", "a")] if at > 0 else []
    return before[-1] if before else ""


_BY = frozenset({"by", "beside", "near", "at", "у", "возле", "около", "рядом"})


def _beside(found: Found, folded: list[str]) -> bool:
    """Whether a card is what the writer's character is beside ("kneels by the fireplace", «у камина»)."""
    return _word_before(found, folded) in _BY


_BEING = frozenset({"be", "wait", "spend", "быть", "ждать", "находиться", "оказаться", "провести"})
"""Verbs of being somewhere at a time ("will be waiting in the conservatory tomorrow morning"): the move
that takes the writer there by then."""
_NOWHERE = frozenset({"anywhere", "nowhere", "никуда"})


def _denied(folded: list[str]) -> bool:
    """Whether the words ``folded`` deny something ("isn't", "not", «не»)."""
    return bool(NEGATIONS.intersection(folded)) or any(word.endswith(("n't", "n’t")) for word in folded)


_INSIDE = frozenset({"inside", "in", "внутрь"})
"""Words after a place that say one goes into it ("… opens the garage door and slips inside")."""
_LEAVE_ASKED = re.compile(
    r"^\W*(?:(?:could|can|may|might)\s+i\b|would\s+it\s+be\s+(?:possible|ok|okay|alright)\b"
    r"|(?:а\s+)?(?:можно|могу\s+ли|нельзя\s+ли)\b)",
    re.I,
)
"""Leave asked for an order of one's own ("Could I set a trap for Boris tonight? …", «Можно …?»): the
order, not a question to the room."""
_BELIEVED = frozenset(
    {"bet", "sure", "think", "guess", "reckon", "suspect", "believe", "думаю", "уверен", "уверена", "кажется",
     "зуб", "подозреваю", "наверняка", "точно"}
)  # fmt: skip
"""Words of what the writer believes: a line naming a whole set beside them tells a suspicion, no trap."""
_SET_OF = re.compile(r"\b\w+'s\s+(?:set|cards|hand)\b|\b(?:набор|карты|рука)\s+[А-ЯЁ]\w+", re.I)
"""Another's set named ("Dora's set: …", «Набор Зои: …»): what the writer thinks they hold."""
_PLUS = frozenset({"plus", "плюс"})
_PAIRED = re.compile(r"[^\W\d_]\s*\+\s*[^\W\d_][^,;]*$")
"""Two names joined by "+" at the end of a list («оранж, люстра+алеб»): the two cards of one search."""
"""Words that join the names of a terse order ("Kitchen, plus knife and rope")."""
_ASKED_BACK = frozenset({"did_you_mean", "bare_names", "unknown_order"})
"""Refusals of a line that asked what it meant, not what was wrong with an order it was read as."""
_AIMED = frozenset({"for", "on", "against", "at", "на", "против", "для"})
"""Words before the character a trap is aimed at ("for Dora", «на Веру», «против Дмитрия»)."""
_SHORT_NEAR = 4
"""A word of at most this many letters near a name, not the name itself, is not taken as naming it."""
_NEEDED = frozenset({"надо", "нужно", "need", "needs", "must", "have", "has", "стоит", "should"})
"""Words telling what needs doing: after an order on the same line, a remark («…, надо проверить
тумбочку»), not another order."""


def _without_vocative(line: str, words: list[_Token], names: tuple[str, ...]) -> list[_Token]:
    """``words`` without a character's name said to at their head ("Carl, don't touch …")."""
    if len(words) > 1 and is_name(words[0].text, names) and line[words[0].end : words[0].end + 1] == ",":
        return words[1:]
    return words


def _done_or_bidden(words: list[_Token], *, mine: bool = False) -> bool:
    """Whether the order words of a line tell what was done ("I went to the kitchen", «я уже искала в
    ванной», "I was in the study all morning") or bid the others ("Don't go to the bathroom", «Не ходите в
    ванную», «Увидимся в холле»): every verb of an order in the past tense with no wish, or in a form
    said to or with the others; a plural imperative with the writer in it («переместите меня …») asks the
    host."""
    verbs = [t for t in words if t.kind and t.kind != "say"]
    folded = [t.folded.replace("’", "'") for t in words]
    wished = _WISHED.intersection(folded)
    if not verbs:
        return any(_to_many(t.text, mine=mine) or is_past(t.text) for t in words) and not wished
    if all(is_past(t.text) for t in verbs) and not wished:
        return True
    if folded[0] in ("don't", "dont", "do") and not {"me", "my", "i"}.intersection(folded[1:4]):
        return True  # "Don't go into the kitchen, trust me": bidden; "don't move me": the writer kept
    return _to_many(verbs[0].text, mine=mine)


def _to_many(verb: str, *, mine: bool = False) -> bool:
    """Whether a Russian verb is said to the others or with them («ходите», «идите», «пойдём»); with the
    writer in the line (``mine``), a plural imperative is the host asked («обыщите мне …»), not others."""
    if verb[:1].isascii():
        return False
    tag = morph().parse(verb.lower())[0].tag
    if tag.POS != "VERB" or "plur" not in tag:
        return False
    return "2per" in tag or "1per" in tag or ("impr" in tag and not mine)


_BEING_WORDS = frozenset({"it", "they", "is", "are", "was", "were", "isn't", "aren't", "wasn't"})
_FEW_BESIDE = 3
"""Words beside two cards that leave a line the shape of a search ("Sniff out the poison and the sink")."""


def _searched_pair(words: list[_Token], intent: Intent, names: tuple[str, ...]) -> bool:
    """Whether a line is two different cards that may be searched for, with few other words: the shape of
    a search whatever its verb."""
    names_found = {f.name for f in intent.found}
    if len(names_found) != 2 or any(name in names or is_place(name) for name in names_found):
        return False
    folded = {t.folded.replace("’", "'") for t in words}
    if (_I | _OTHER_SUBJECTS | _BEING_WORDS).intersection(folded) or signals.stative([t.text for t in words]):
        return False  # "I love the sofa and …", "The knife and the rope are missing": told, not sought
    written = {fold_name(w) for f in intent.found for w in f.written.split()}
    rest = [t for t in words if fold_name(t.text) not in written and t.folded not in FILLERS | CONNECTORS]
    return len(rest) <= _FEW_BESIDE


def _conversation(item: Order | Unreadable, names: tuple[str, ...], own: str | None) -> Order | Unreadable:
    """``item``, or talk when it was asked back but is plainly said to or of others and not of the
    writer's own doing ("Ivan, set a trap on Boris tonight", «Пусть кто-нибудь проверит диван», "We
    should split up: Carl takes the garage …", "Dora's going to the bedroom, she told me") (TS-23)."""
    if not isinstance(item, Unreadable) or item.reason not in {
        "did_you_mean",
        "unknown_order",
        "unknown_word",
    }:
        return item
    tokens = _line_tokens(item.line)
    words = [t for t in tokens if t.when is None]
    folded = [t.folded.replace("’", "'") for t in words]
    if not words or (_I | _PROPOSING).intersection(folded) or any(_first_person(t.text) for t in words):
        return item  # "Let's all meet in the living room": the writer's plan too
    intent = _intent(tokens, names)
    if any(f.name == own for f in intent.found):
        return item
    vocative = is_name(words[0].text, names) and item.line[words[0].end : words[0].end + 1] == ","
    if not vocative and (words[0].kind or words[0].setter):
        return item  # "Set a trap for whoever holds the rope": an order to the host, asked back
    together = any(_to_many(t.text) for t in words)  # «может, камин разожжём?»
    subject = folded[0].split("'")[0]
    others = subject in _OTHER_SUBJECTS | _OTHERS  # another character as the subject is still asked
    told = _reported(folded) and is_name(words[0].text, names)  # "Gleb looked nervous near the fireplace"
    if vocative or together or others or told or _stated_of_another(words, names, own):
        return Unreadable(item.line, "unknown_order", {"word": words[0].text, "suggestion": ""}, False)
    return item


def _stated_of_another(words: list[_Token], names: tuple[str, ...], own: str | None) -> bool:
    """Whether a sentence says something of another character, naming them first as its subject, with
    no order word in it ("Dora keeps avoiding the Bathroom", «Вера какая-то нервная, когда речь заходит
    о яде»): what the writer thinks of them, said to the room."""
    first = words[0].text
    if own is None or not is_name(first, names) or fold_name(first) == fold_name(own):
        return False
    if any(t.kind or t.setter for t in words):
        return False
    # «Веру я бы проверила»: the object first, the writer the doer
    return first.isascii() or any("nomn" in str(parse.tag) for parse in morph().parse(first.lower()))


_I = frozenset({"i", "i'm", "i'll", "i'd", "i've", "im", "ill", "me", "my", "я", "мне", "меня", "мой", "моя"})


def _first_person(word: str) -> bool:
    """Whether ``word`` is a Russian verb in the first person singular («иду», «поставлю»)."""
    if word[:1].isascii():
        return False
    tag = morph().parse(word.lower())[0].tag
    return tag.POS == "VERB" and "1per" in tag and "sing" in tag


def _of_another(words: list[_Token], intent: Intent, names: tuple[str, ...], own: str | None) -> bool:
    """Whether a line tells of, or speaks to, a character other than the writer's: one named first
    ("Boris, come here", "Dora's going to …"), or the doer of its verb."""
    people = [f for f in intent.found if f.name in names and f.name != own]
    if not people:
        return False
    first = words[0].text.replace("’", "'").split("'")[0]
    return any(is_name(first, (p.name,)) or _doer(words, p.written) for p in people)


def _to_others(folded: list[str]) -> bool:
    """Whether a line is said to the others, not the host ("you", "anyone", «кто-нибудь»), or proposes
    what others or all should do ("we should", "someone should", «пусть»)."""
    if not _HOST.isdisjoint(folded):
        return False
    asked_of_host = any(w in _YOU and at and folded[at - 1] in _MODALS for at, w in enumerate(folded))
    others = (_OTHERS - (_YOU if asked_of_host else frozenset())).intersection(folded)
    return bool(others) or bool({"we", "мы", "пусть", "let's", "lets"}.intersection(folded))


def _doubts(items: Sequence[Order | Unreadable]) -> int:
    return sum(1 for item in items if isinstance(item, Unreadable))


def _surer(
    items: list[Order | Unreadable], line: str, names: tuple[str, ...], now: Segment, own: str | None
) -> list[Order | Unreadable]:
    """``items``, the reading of ``line``, or the reading of the line with its scenery set aside when that
    one holds at least as many orders and fewer pieces of talk or questions (``scenery``)."""
    if not _doubts(items):
        return items
    plain = scenery.plain(line, names)
    if plain == line:
        return items
    again = _read_text(plain, names, now, own, second_readings=False)
    orders = sum(1 for item in items if isinstance(item, Order))
    if _doubts(again) < _doubts(items) and sum(1 for item in again if isinstance(item, Order)) >= max(
        orders, 1
    ):
        return [
            replace(item, line=line) if isinstance(item, Order) and len(again) == 1 else item
            for item in again
        ]
    return items


def _whole_line_order(line: str, times: list[tuple[int, int, When]]) -> Order | Unreadable | None:
    """The talk, answers or time-zone order the whole of ``line`` is (or the refusal of a time-zone
    order naming no zone), after any time written before it (which changes nothing); None for any other line.
    ``times`` are the times of ``line``."""
    bare = line[times[0][1] :].lstrip(" :,.-—") if times and times[0][0] == 0 else line
    for text in dict.fromkeys((line, bare)):
        if (talk := read_choice(text)) is not None:
            return Order(line, "talk", talk)
        if (answers := read_answers_choice(text)) is not None:
            return Order(line, ANSWERS, answers)
        zone = read_zone_order(text)
        if isinstance(zone, Unreadable):
            return Unreadable(line, zone.reason, zone.params)
        if zone is not None:
            return Order(line, "zone", zone)
    return None


def _without_courtesy(items: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """The orders and talk of one line without its sentences of thanks alone after an order ("Thanks!",
    «Спасибо заранее») and the reasons and conditions of an order written after it ("…, because Carl keeps
    eyeing that table", «…, а то Глеб всё косится», "…, if that's allowed?", «…, ну вдруг»): they go
    with the order, not to the room (see ``COURTESY``; TS-23 ruling)."""
    first = next((i for i, item in enumerate(items) if isinstance(item, Order)), len(items))
    kept = items[: first + 1]
    for item in items[first + 1 :]:
        after_order = isinstance(kept[-1], Order)
        if _is_talk(item) and (_courtesy_alone(item.line) or (after_order and _REASON.match(item.line))):
            continue
        kept.append(item)
    return kept


_REASON = re.compile(
    r"^[\s,;:—–-]*(?:because\b|'?cause\b|since\b|as\s+(?:he|she|they|i|it|someone|somebody)\b|"
    r"(?:and\s+)?while\b|(?:и\s+)?пока\b|чтобы\b|чтоб\b|(?:in\s+order\s+)?to\s+(?!the\b|a\b|an\b|my\b)[a-z]+\b|"
    r"(?:just\s+)?in\s+case\b|if\s+(?:that'?s|it'?s|possible|allowed|ok|okay|there'?s|you\s+(?:can|don'?t))|"
    r"потому\s+что\b|так\s+как\b|ведь\b|а\s+то\b|(?:ну\s+)?вдруг\b|на\s+всякий\b|раз\s+уж\b|"
    r"раз\s+(?!в\s+(?:час|день|ночь|сутки)\b)(?=\w)|"
    r"если\s+(?:можно|не\s+трудно|вы\s+не\s+против|получится|разрешено)\b)",
    re.I,
)
"""What opens a reason or a condition of an order written after it: no remark to the room."""


def _courtesy_alone(text: str) -> bool:
    """Whether ``text`` is courtesy, the wrapping of an order or its time and nothing else ("thanks", "I'd
    like to", "now; next hour")."""
    if _SIGNED.match(text):
        return True  # "Best, Anna", «С уважением, Аня»: the mail signed, no talk for the room
    for start, end, _ in reversed(find_times(text)):
        text = f"{text[:start]} {text[end:]}"
    words = WORD.findall(text)
    return bool(words) and all(
        is_courtesy(word) or is_wrapper(word) or word.lower() in _WRAPPING for word in words
    )


_SIGNED = re.compile(
    r"^\s*(?:best(?:\s+wishes)?|(?:kind|warm|best)\s+regards|regards|yours(?:\s+truly)?|love"
    r"|с\s+уважением|всего\s+доброго|всего\s+хорошего|ваш[аи]?|обнимаю|до\s+связи)"
    r"\s*[,!.—–-]?\s*(?-i:[A-ZА-ЯЁ])[\w-]*\s*[.!]?\s*$",
    re.I,
)
"""A mail's signature as its last sentence: a word of signing off and one name ("Best, Anna", «С
уважением, Аня»); not thanks, which may be said to someone in the room ("Thanks, Boris!")."""
_WRAPPING = frozenset(
    {"i", "i'd", "id", "i'll", "like", "love", "want", "to", "would", "please", "now", "then", "я", "бы",
     "хочу", "хотела",
     "хотел", "хотелось"}
)  # fmt: skip
"""Words that wrap an order and say nothing of their own when they stand alone ("I'd like to")."""


def _taken_back_whole(items: list[Order | Unreadable], line: str) -> bool:
    """Whether ``line`` orders something and then takes it back with nothing in its place ("Go to the
    study. No, forget it.", «Иду в кабинет, нет, отбой»): asked about, never carried out; a cancel read
    from those words ("…, no, scrap that" after a search: the search cancelled) stands."""
    kinds = {item.kind for item in items if isinstance(item, Order)}
    return bool(kinds & _PLANS) and "cancel" not in kinds and nothing_instead(line)


def _said_whole(talk: str, read: str, written: str) -> str:
    """The words of ``written`` that ``talk``, a part of ``read`` (``written`` without its opening), stands
    for: the whole of ``written`` where ``talk`` is the whole of ``read``."""
    if talk.strip(" .!?,") == read.strip(" .!?,"):
        return written.strip()
    return as_written(talk, read, written)


def _joined_talk(items: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """The talk sentences of one line next to each other, as one line of talk."""
    joined: list[Order | Unreadable] = []
    for item in items:
        previous = joined[-1] if joined else None
        if _is_talk(item) and previous is not None and _is_talk(previous):
            stop = "." if item.line[:1].isupper() and previous.line[-1:].isalnum() else ""  # a sentence ended
            text = f"{previous.line}{stop} {item.line}"
            joined[-1] = Unreadable(text, "unknown_order", previous.params, False)
        else:
            joined.append(item)
    return joined


def _is_talk(item: Order | Unreadable) -> TypeGuard[Unreadable]:
    return isinstance(item, Unreadable) and not item.is_order


def _sentences(line: str) -> list[str]:
    """``line`` cut into sentences where a new one starts with a capital or an order word, or follows a
    question or an exclamation ("Could I search the sofa? thank you")."""
    pieces = _SEMICOLON.split(line)
    if len(pieces) > 1 and all(time_at_start(piece) for piece in pieces):
        return [sentence for piece in pieces for sentence in _sentences(piece)]
    parts = _SENTENCE.split(line)
    sentences = [parts[0]]
    lower = not any(char.isupper() for char in line)  # "в кабинет. кто со мной?": typed all in lower case
    for part in parts[1:]:
        first = WORD.match(part)
        asked = sentences[-1].rstrip().endswith(("?", "!"))
        last = _ENDS_WORD.search(sentences[-1]) if lower else None
        ended = last is not None and not cut_short(last.group(1))
        starts = first is not None and (
            asked or ended or part[0].isupper() or order_kind(first.group()) != ""
        )
        if starts and not sentences[-1].rstrip().endswith(("муз.", "Муз.", "МУЗ.")):
            sentences.append(part)
        else:
            sentences[-1] = f"{sentences[-1]} {part}"
    worded = [sentence for sentence in sentences if _WORDS_IN.search(sentence)]
    return worded if worded and len(worded) < len(sentences) else sentences  # "??? how do I …": no talk


@lru_cache(maxsize=512)
def _line_tokens_kept(line: str) -> tuple[_Token, ...]:
    return tuple(_tokens(line, find_times(line)))


def _line_tokens(line: str) -> list[_Token]:
    """The words and times of ``line``, found once however many of the checks after the first reading of
    a line look at it (the guards against a plan said aloud, the narration, the trap written freely)."""
    return list(_line_tokens_kept(line))


def _tokens(text: str, times: list[tuple[int, int, When]]) -> list[_Token]:
    """The words and times of ``text`` (whose times are ``times``), in order."""
    words = _phrased([_word_token(text[a:b], a, b) for a, b in map(re.Match.span, WORD.finditer(text))])
    if not times:
        return words
    tokens = [_time_token(text[a:b], a, b, when) for a, b, when in times]
    tokens += [word for word in words if not any(a <= word.start < b for a, b, _ in times)]
    return sorted(tokens, key=lambda token: token.start)


_WHERE = frozenset({"where", "где"})
_WHERE_RELATIVE = _WHERE | {"куда", "откуда"}
"""Words after which an order word tells of a place rather than orders (a relative clause)."""
_ARTICLES = frozenset({"the", "a", "an"})
_PHRASE_TO = frozenset({"for", "to", "into", "in", "toward", "towards"})
"""The last words of a move's phrase that say where one goes ("make for", "get into")."""


def _phrased(words: list[_Token]) -> list[_Token]:
    """``words`` with the words of a phrase that is one order word (``PHRASES``) made one token, and an
    order word that needs a preposition after it and has none made no order word (``PREPOSITIONAL``)."""
    result: list[_Token] = []
    at = 0
    for i, token in enumerate(words):
        needed = next((PREPOSITIONAL[lemma] for lemma in lemmas(token.text) if lemma in PREPOSITIONAL), None)
        after = words[i + 1].text if i + 1 < len(words) else ""
        if token.kind and needed and after and fold_name(after) not in needed and _names_nothing(after):
            words[i] = token._replace(kind="")  # "Boris looks tired"; not "look: sofa, knife"
        if token.setter and i and words[i - 1].folded in _BEFORE_A_NOUN:
            words[i] = token._replace(setter=False)  # "that place", "the set": a noun, no trap set
        if token.kind == "move" and i and words[i - 1].folded in _ARTICLES and token.folded != "move":
            words[i] = token._replace(kind="")  # "give me the creeps", "a walk": a noun, no going
        if token.kind and i and words[i - 1].folded in _WHERE_RELATIVE:
            words[i] = token._replace(kind="")  # «остаётся, где стояла», "stays where she stood": told
        if token.kind == "say" and _hearsay(token, words[i - 1].folded if i else ""):
            words[i] = token._replace(kind="")  # «её, говорят, видели», "they say": what others say
    while at < len(words):
        for phrase, kind in PHRASES.items():
            chunk = words[at : at + len(phrase)]
            if len(chunk) == len(phrase) and all(
                p in lemmas(t.text) for p, t in zip(phrase, chunk, strict=True)
            ):
                text = "stay" if kind == "stay" else chunk[0].text  # "hold position": a move verb of STAY
                kind = "move" if kind == "stay" else kind
                towards = kind == "move" and chunk[-1].folded in _PHRASE_TO
                verb = chunk[:-1] if towards else chunk
                result.append(chunk[0]._replace(text=text, end=verb[-1].end, kind=kind, leading=False))
                if towards:  # "make for the garage", "put me in the study": where one goes, as "to"
                    result.append(chunk[-1]._replace(folded="to"))
                at += len(phrase)
                break
        else:
            result.append(words[at])
            at += 1
    return result


_YOURS = frozenset(
    {"твой", "твоя", "твоё", "твое", "твои", "ваш", "ваша", "ваше", "ваши", "your", "yours", "thine"}
)
"""Words of what belongs to the one spoken to: a sentence of names with one is said to them, no order."""

_WHETHER = frozenset(
    {"ли", "нет", "whether", "if", "there", "there's", "is", "are", "any", "anything", "maybe", "perhaps"}
)
"""Words of an indirect question after an order word ("check whether there is a knife", «проверить, нет ли
тут ножа»): what follows them is what the order names."""


class _Reader:
    """Reads the sentences of one text in turn, keeping the time a time-only line set."""

    def __init__(self, names: tuple[str, ...], now: Segment, own: str | None = None) -> None:
        self.names = names
        self.own = own
        self.now = now
        self.header: When | None = None
        self.items: list[Order | Unreadable] = []
        self.pending: tuple[str, str, When | None] | None = None
        self.header_line = ""
        self.header_used = True
        self.night_on_line = False
        """Whether an order of the night (a trap, or one for the night) was read on the line being read:
        "the morning" after it is the 10:00 that ends that night (TS-22)."""

    def flush(self) -> None:
        """A line that held only an order word and a colon, with nothing after it, is refused."""
        if self.pending is not None:
            line, kind, _ = self.pending
            self.items.append(Unreadable(line, "missing_arguments", {"order": kind.upper()}))
            self.pending = None

    def time_alone(self) -> None:
        """A time on a line of its own with no order after it is refused."""
        if not self.header_used:
            self.items.append(Unreadable(self.header_line, "time_alone"))
            self.header_used = True

    def by_meaning(
        self, line: str, times: list[tuple[int, int, When]], items: list[Order | Unreadable]
    ) -> list[Order | Unreadable]:
        """The reading of ``line`` (whose times are ``times``) by its meaning (see ``intent``) when the
        reading by its order words, ``items``, found no order in it; and ``items`` with every piece of
        talk in them that names something beside an order word or a time made a question (TS-23 ruling:
        a plan is never said aloud)."""
        if any(isinstance(item, Unreadable) and item.params.get("undecided") for item in items):
            return items  # a plan the writer has not settled is asked back as it is
        if any(isinstance(item, Unreadable) and _trap_short(item) for item in items):
            tokens = _tokens(line, times)  # "Trap: Fedor. Study. Table. Rope.": one trap over sentences
            intent = _intent(tokens, self.names)
            if confident(intent, self.names) == "trap":
                when = _merge([t.when for t in tokens if t.when is not None]) or self.header
                once = list({f.name: f for f in intent.found}.values())  # «Дима …. Ставлю на Диму ловушку»
                return self._order(line, "trap", once, when)
        if not items or any(isinstance(item, Order) for item in items):
            return self._all_asked(items)
        tokens = _tokens(line, times)
        if _others_bidden([t.folded for t in tokens], 0) or _told_of_others(tokens, self.names, self.own):
            return self._all_asked(items)  # "Somebody ought to check the car …", "Nobody go …": of others
        signalled = self._by_signals(line, times)
        if signalled is not None:
            return signalled
        if _conversational(line, self.own):
            return self._all_asked(items)
        if not any(t.kind for t in tokens):  # no order word: nothing to read by meaning
            return self._all_asked(items)
        intent = _intent(_without_origin(tokens), self.names)  # «ухожу из кухни»: never into the room left
        kind = confident(intent, self.names)
        if not kind:
            return self._all_asked(items)
        when = _merge([t.when for t in tokens if t.when is not None]) or self.header
        return self._order(line, kind, list(intent.found), when)

    def signalled_trap(self, item: Order | Unreadable) -> Order | Unreadable:
        """``item``, or the trap its line is when it was talk or asked back: a line naming one character
        (not the writer's) and a room, a piece of furniture and a weapon is a trap when anything else in it
        says so — the night, a word of a trap in any form ("booby-trap", «заминировать», «лов»), or the
        character aimed at ("For Dora: …", «… — на Веру», «против Дмитрия») — and it
        tells no past, asks nothing and says nothing to another (TS-20; TS-23 ruling)."""
        if isinstance(item, Order) or (item.is_order and item.reason not in _ASKED_BACK):
            return item
        tokens = _line_tokens(item.line)
        words = [t for t in tokens if t.when is None]
        intent = _intent(tokens, self.names)
        found = [  # the writer's own character as the doer ("Anna rigs a trap for Dora: …") is no target
            f for f in intent.found if not (f.name == self.own and _doer(words, f.written))
        ]
        groups = trap_groups(found, self.names)
        if not words or intent.unsure or not all(one_trap(group, self.names) for group in groups):
            return item
        if any(f.name == self.own for f in found) or ("?" in item.line and not _LEAVE_ASKED.match(item.line)):
            return item
        texts = [t.text for t in words]
        folded = [t.folded.replace("’", "'") for t in words]
        if _reported(folded) or _to_others(folded) or any(is_past(t) for t in texts):
            return item
        if _BELIEVED.intersection(folded) or _SET_OF.search(item.line):
            return item  # "Dora's set: …, I'd bet my life on it": what the writer believes of another's cards
        night = any(t.when is not None and t.when.part == "night" for t in tokens)
        aimed = any(word in _AIMED and is_name(after, self.names) for word, after in pairwise(folded))
        if not (night or aimed or signals.trap_words(texts)):
            return item
        when = _merge([t.when for t in tokens if t.when is not None]) or self.header
        read = self._order(item.line, "trap", found, when)
        return read[0] if len(read) == 1 else item

    def narrated(self, item: Order | Unreadable) -> Order | Unreadable:
        """``item``, or the order its line narrates when it was talk or asked back and the writer's own
        character is its doer, whatever scenery stands around («Бросив взгляд на Бориса, Анна вышла в
        оранжерею», "Anna tiptoes upstairs to the Bedroom, candlestick in hand"): one room gone to (after
        a word of direction, or "inside" after it) is a move; two different cards and no room, a search;
        a verb of staying with nothing named, a stay. Other characters named are whom the scene is with.
        (TS-9, TS-11, TS-17 ruling.)"""
        if self.own is None or isinstance(item, Order):
            return item
        line = scenery.kept_here(item.line)
        tokens = [t for t in _line_tokens(line) if not lemmas(t.text) & _ANY_ROOM]
        words = [t for t in tokens if t.when is None]
        intent = _intent(tokens, self.names)
        own = [f for f in intent.found if f.name == self.own]
        if not own or not _doer(words, own[0].written) or intent.unsure or "?" in line:
            return item
        texts = [t.text for t in words]
        if any(lemmas(t.text) & _SPEAKING for t in words) or any(t.kind == "trap" or t.setter for t in words):
            return item
        folded = [t.folded for t in words]
        cards = [
            f
            for f in intent.found
            if f.name not in self.names and not _carried(f, folded) and not (f.near and len(f.written) <= 6)
        ]
        places = [f for f in cards if is_place(f.name) and not _left(f, folded)]
        things = list({f.name: f for f in cards if not is_place(f.name)}.values())
        if len(things) > 2:  # "kneels by the fireplace, hunting for a stone or a rope": where she is, told
            things = [f for f in things if not _beside(f, folded)]
        when = _merge([t.when for t in tokens if t.when is not None]) or self.header
        being = any(lemmas(t.text) & _BEING for t in words)  # "will be waiting in …": there by then
        if (
            len(places) == 1
            and len(things) <= 1
            and (signals.directed(texts) or _INSIDE.intersection(folded) or (being and when is not None))
        ):
            read = self._order(item.line, "move", places, when, arrive=being)
        elif not places and len(things) == 2:
            read = self._order(item.line, "search", things, when)
        elif not cards and (signals.staying(texts) or (_NOWHERE.intersection(folded) and _denied(folded))):
            read = [self._stay(item.line, when)]
        else:
            return item
        return read[0] if len(read) == 1 and isinstance(read[0], Order) else item

    def _by_signals(self, line: str, times: list[tuple[int, int, When]]) -> list[Order | Unreadable] | None:
        """A line no order word read, read by general signals (see ``signals``): what it names (at most
        one character, its doer or a trap's target), the family of its verbs by lemma, and whether it
        names a place as where one goes ("… drifts toward the conservatory", «… семенит на кухню»: a
        direction, the accusative after «в»/«на») or where one is. None if no signal is beyond doubt, or
        the line is conversation (a question to others, a proposal to all, a denial, what was done)."""
        tokens = _tokens(line, times)
        words = [t for t in tokens if t.when is None]
        folded = [t.folded.replace("’", "'") for t in words]
        if not words:
            return None
        if _talking(line, folded, self.own):
            return self._head_by_signals(line)
        if any(not t.kind and near_order_word(t.text) for t in words):
            return None  # "Srch rope sink": an order word misspelt past reading, asked with its suggestion
        named = [t.text for t in words if not t.kind and not t.setter]
        found, unsure = scan_names(named, self.names)
        people = [f for f in found if f.name in self.names]
        cards = [f for f in found if f.name not in self.names]
        places = [f for f in cards if is_place(f.name)]
        kinds = {t.kind for t in words if t.kind}
        when = _merge([t.when for t in tokens if t.when is not None]) or self.header
        texts = [t.text for t in words]
        trap = signals.trap_words(texts)
        if (
            trap
            and kinds <= {"trap", "move"}
            and all(one_trap(group, self.names) for group in trap_groups(found, self.names))
        ):
            return self._order(line, "trap", found, when)  # labels ("room Bedroom") may be as near several
        if trap or len(people) > 1 or (people and not _doer(words, people[0].written)):
            return None
        if people and self.own is not None and people[0].name != self.own:
            return None  # another character's doing, told
        if not cards and signals.staying(texts) and kinds <= {"move"}:
            return [self._stay(line, when)]  # "the room" it stays in may be as near several rooms
        if unsure:
            return None
        if len(cards) == 1 and places and signals.starts_the_day(texts):
            ahead = when.ahead if when is not None and when.ahead else 1
            return self._order(line, "move", cards, When(ahead=ahead - 1, part="night"))
        if signals.stative(texts):
            return None
        if len(cards) == 1 and places and kinds <= {"move", "say"} and signals.directed(texts):
            return self._order(line, "move", cards, when)
        others = [t.text for t in words if not (set(cards[0].written.split()) & {t.text})] if cards else []
        if len(cards) == 1 and places and not kinds and signals.labelled(line, others):
            return self._order(line, "move", cards, when)
        if (
            len(cards) == 1
            and places
            and people
            and not kinds
            and words[0].text == people[0].written.split()[0]
            and not self._addressed(line, tokens)
            and not _OTHERS.intersection(folded)
        ):  # «Анна бродит по кухне»: where, not whither, asked
            intent = _intent(tokens, self.names)
            return [Unreadable(line, "did_you_mean", guess(intent, self.names))]
        written = {word for f in found for word in f.written.split()}
        verbs = [t for t in words if t.text not in written and t.folded not in _LITTLE | CONNECTORS]
        verbs = [t for t in verbs if not is_skipped(t.text) and not is_adverb(t.text)]
        narrated = len(verbs) == 1 or (not verbs and not people)  # "Anna peers behind …", not "Boris with …"
        if (
            len(cards) == 2
            and not places
            and kinds <= {"search"}
            and narrated
            and cards[0].name != cards[1].name
        ):
            return self._order(line, "search", cards, when)
        return None

    def _head_by_signals(self, line: str) -> list[Order | Unreadable] | None:
        """A line whose words before its first comma or dash are read by signals, and whose rest holds
        conversation: the rest goes with the order if it tells when or why («…, пока никто не видит»),
        else it is a remark, talk unless it names something beside a word of a plan (TS-23 ruling)."""
        cut = _HEAD_CUT.search(line)
        if cut is None:
            return None
        head, tail = line[: cut.start()].strip(), line[cut.end() :].strip()
        read = self._by_signals(head, find_times(head)) if head else None
        if not read or not all(isinstance(item, Order) for item in read) or not tail:
            return None
        said_to = {fold_name(word).replace("’", "'") for word in WORD.findall(tail)}
        if said_to & (_OTHERS | _ADDRESSED):
            return None  # "Welcome to the kitchen, everyone": said to the others
        first = WORD.match(tail)
        if first is not None and (fold_name(first.group()) in _SUBORDINATE or _of_manner(first.group())):
            return [replace(item, line=line) if isinstance(item, Order) else item for item in read]
        remark = Unreadable(
            tail, "unknown_order", {"word": first.group() if first else "", "suggestion": ""}, False
        )
        return [*read, self._asked(remark, after_order=True)]

    def _all_asked(self, items: list[Order | Unreadable]) -> list[Order | Unreadable]:
        """``items`` with each piece of talk asked about if it is a plan (``_asked``); talk after an order
        may tell a need or another's doing ("…, надо проверить тумбочку") and stay a remark."""
        result: list[Order | Unreadable] = []
        for item in items:
            after = any(isinstance(done, Order) for done in result)
            result.append(self._asked(item, after_order=after) if _is_talk(item) else item)
        return result

    def _asked(self, talk: Unreadable, *, after_order: bool = False) -> Order | Unreadable:
        """``talk`` as it stands, or the question put to its writer if it names something beside an
        order word or a time and is no conversation (a question asked, what was done told)."""
        tokens = _line_tokens(talk.line)
        if _PROPOSING.intersection(t.folded.replace("’", "'") for t in tokens) and any(
            t.when is not None or lemmas(t.text) & _MEETING for t in tokens
        ):
            intent = _intent(tokens, self.names)  # "Let's all meet in the living room": the writer's plan too
            if any(is_place(f.name) for f in intent.found) and "?" not in talk.line:
                return Unreadable(talk.line, "did_you_mean", guess(intent, self.names))
        whole = _intent(tokens, self.names)
        if whole.found and all(one_trap(group, self.names) for group in trap_groups(whole.found, self.names)):
            return Unreadable(
                talk.line, "did_you_mean", guess(whole, self.names)
            )  # a whole trap is never said aloud
        if (
            _conversational(talk.line, self.own)
            or self._where_another_is(tokens)
            or self._addressed(talk.line, tokens)
            or self._done_by_named(tokens)
            or _told_of_others(tokens, self.names, self.own)
        ):
            return talk
        asks = _to_a_place(tokens, self.names) or any(
            t.setter
            or (
                t.kind in _PLANS and not is_arrive(t.text) and not (after_order and _remark_before(tokens, t))
            )
            for t in tokens
        )
        little = _LITTLE if any(is_asking_for(t.text) for t in tokens) else FILLERS  # "I want …", "I am …"
        words = [t for t in tokens if t.when is None and t.folded not in little and not is_skipped(t.text)]
        if not asks and len(words) > _FEW_NAMES:  # talk at length is no line of names
            return talk
        intent = _intent(tokens, self.names)
        if not intent.found:
            return talk
        if not asks and not _names_alone(words, len(intent.found)):
            return talk
        return Unreadable(talk.line, "did_you_mean", guess(intent, self.names))

    def read(self, sentence: str, times: list[tuple[int, int, When]]) -> None:
        """Reads one sentence (whose times are ``times``): orders, a time for the lines after it, or talk;
        a sentence opened by courtesy ("Would you be so kind as to withdraw …") or by a word turning to
        the listener («Смотри, там уже трое будет») is read without it, its talk relayed as written."""
        heard = scenery.without_hearer(sentence)
        unwrapped = scenery.without_courtesy_opening(heard)
        rest = WORD.findall(unwrapped)
        if unwrapped == sentence or not rest or (heard == sentence and not _word(rest[0])[1]):
            self._read(sentence, times)  # no opening, or courtesy before no order word: read as written
            return
        mark = len(self.items)
        self._read(unwrapped, find_times(unwrapped))
        self.items[mark:] = [
            replace(item, line=_said_whole(item.line, unwrapped, sentence)) for item in self.items[mark:]
        ]

    def _read(self, sentence: str, times: list[tuple[int, int, When]]) -> None:
        tokens = _lead_by_names(_auxiliaries(_softened(_tokens(sentence, times))), self.names, self.own)
        tokens = _without_purpose(tokens, next((i for i, t in enumerate(tokens) if t.kind), len(tokens)))
        plain = [t for t in tokens if t.when is None]
        moves = [i for i, t in enumerate(plain) if t.kind == "move" and not is_arrive(t.text)]
        if moves and _withdrawn_to(plain, moves[0], self.names):  # «в гараж не пойду»: no doubt, a withdrawal
            self.flush()
            when = _merge([t.when for t in tokens if t.when is not None]) or self.header
            self.items.append(self._stay(sentence.strip(), when, withdraw=True))
            return
        if _SAID_OF_THINGS.search(sentence):  # "If I were Egor I'd stay away from …": advice, no plan
            self.flush()
            self.items.append(_not_an_order(sentence, tokens))
            return
        if _undecided(tokens, self.names) and not _put_to_all(tokens) and not self._done_by_named(tokens):
            intent = _intent(tokens, self.names)
            if intent.found:  # "Maybe I'll go to the garage", «Кухня или кабинет, ещё не решила»
                self.flush()
                asked = {**guess(intent, self.names), "undecided": True}
                self.items.append(Unreadable(sentence.strip(), "did_you_mean", asked))
                return
        words = [t for t in tokens if t.when is None]
        whens = [t.when for t in tokens if t.when is not None]
        if whens and not [w for w in words if w.folded not in CONNECTORS]:
            self.flush()
            self._set_header(sentence, reduce(When.merged, whens))
            return
        chunks = _timed_chunks(sentence, times, tokens)
        if chunks:  # "в 2-й час в кабинет, в 3-й — обыскать диван и нож": each time with its order
            for start, end in chunks:
                part = [
                    (a - start, b - start, w)
                    for a, b, w in _with_ordinal_hours(sentence, times)
                    if start <= a < end
                ]
                self.read(sentence[start:end].strip(" ,;"), part)
            return
        state = _state_asked(tokens, self.names, question="?" in sentence)
        if state:  # "Could you send me the order help again?", «Где я сейчас и какие у меня карты?»
            self.flush()
            self.items.append(Order(sentence.strip(), state, {}))
            return
        if _search_denied(tokens, self.names):  # "I won't search anything this hour", «Искать не буду»
            self.flush()
            when = _merge([t.when for t in tokens if t.when is not None]) or self.header
            segment = self._segment(when, "cancel")
            line = sentence.strip()
            if isinstance(segment, tuple):
                self.items.append(Unreadable(line, *segment))
            else:
                self.items.append(Order(line, "cancel", {"what": "search"}, segment))
            return
        stay = _stay_or_withdrawal(tokens, self.names, self.names if self.own is None else (self.own,))
        if stay:
            self.flush()
            when = _merge([t.when for t in tokens if t.when is not None]) or self.header
            line = sentence.strip()
            self.items.append(self._stay(line, when, withdraw=stay == "cancel"))
            return
        folded = [t.folded for t in tokens]
        first = next(
            (
                i
                for i, t in enumerate(tokens)
                if t.kind
                or not (
                    t.leading
                    or (t.folded == "не" and _polite_not(folded, i))
                    or (_cancelled(t) and any(u.kind == "cancel" for u in tokens[i + 1 : i + 4]))
                )
            ),
            None,
        )
        if first is not None and is_past(tokens[first].text) and not _WISHED.intersection(folded):
            first = None  # "I went to the kitchen", «я заходил на кухню»: what was done, told
        if first is not None and _result_told(folded, first):
            first = None  # "My search of the sofa came back empty", «поиск по дивану ничего не дал»
        if first is not None and (_said_of_another(tokens, first) or _others_bidden(folded, first)):
            first = None  # "Anna, you look nervous", "Nobody go to the study": the verb is another's
        if first is not None and self._where_another_is(tokens):
            first = None  # «Елена всё утро сидит в спальне»: where someone is, told
        if first is not None and self._starts_order(sentence, tokens, first):
            self.flush()
            self._read_orders(sentence, tokens, first)
            return
        timed = self._timed_names(sentence, times)
        if timed is not None:
            self.flush()
            self.items.extend(timed)
            return
        bare = self._bare(sentence, tokens)
        if bare is not None:
            self.items.extend(bare)
            return
        self.flush()
        self.items.append(_not_an_order(sentence, tokens))

    def _timed_names(
        self, sentence: str, times: list[tuple[int, int, When]]
    ) -> list[Order | Unreadable] | None:
        """A sentence with no order word that is times, each followed by what it names ("Hour 4: Garage.",
        "hour 2 study, hour 3 living room", «2-й час кабинет, 3-й гостиная»): one place after a time is the
        move for then, two cards the search; None if any part is otherwise. An ordinal alone ("3-й")
        after an hour is the next hour."""
        if not times:
            return None
        times = _with_ordinal_hours(sentence, times)
        tokens = [  # "now" beside other times is this hour: "Music Room now, Bathroom in hour 3"
            t._replace(when=When()) if t.when is None and t.folded in _NOW_WORDS else t
            for t in _tokens(sentence, times)
        ]
        if any(t.kind or t.setter for t in tokens):
            return None
        if tokens[0].when is None:
            return self._names_then_times(sentence, tokens) if times[0][0] > 0 else None
        groups: list[tuple[When, list[str], int, int]] = []
        for token in tokens:
            if token.when is not None and (not groups or groups[-1][1]):
                groups.append((token.when, [], token.start, token.end))
            elif token.when is not None:
                when, words, start, _ = groups[-1]
                groups[-1] = (when.merged(token.when), words, start, token.end)
            elif token.folded not in CONNECTORS and not is_courtesy(token.text):
                when, words, start, _ = groups[-1]
                groups[-1] = (when, [*words, token.text], start, token.end)
        read: list[Order | Unreadable] = []
        for when, words, start, end in groups:
            found = read_names(words, self.names)
            if isinstance(found, Missing) or not found:
                return None
            places = [f for f in found if is_place(f.name)]
            if len(found) == 1 and places:
                kind = "move"
            elif len(found) == 2 and not places and all(f.name in KIND_OF for f in found):
                kind = "search"
            else:
                return None
            read.extend(self._order(sentence[start:end].strip(" ,;"), kind, found, self.header_or(when)))
        return read or None

    def _names_then_times(self, sentence: str, tokens: list[_Token]) -> list[Order | Unreadable] | None:
        """A sentence with no order word that is places, each followed by its time ("Kitchen now, garage
        in hour 2", «Сейчас в гараж» aside): each place the move for its time; None if any part is not one
        place with its time after it."""
        if tokens[-1].when is None:
            return None
        read: list[Order | Unreadable] = []
        words: list[_Token] = []
        for token in tokens:
            if token.when is None:
                if token.folded not in CONNECTORS and not is_courtesy(token.text) and token.folded not in _TO:
                    words.append(token)
                continue
            if not words:
                return None  # two times in a row, or a time first: not this shape
            found = read_names([t.text for t in words], self.names)
            if isinstance(found, Missing) or len(found) != 1 or not is_place(found[0].name):
                return None
            line = sentence[words[0].start : token.end].strip(" ,;")
            read.extend(self._order(line, "move", found, self.header_or(token.when)))
            words = []
        return read if len(read) > 1 and not words else None

    def header_or(self, when: When) -> When:
        """``when`` after the time a line of its own set before it, if any."""
        return when if self.header is None else self.header.merged(when)

    def _addressed(self, text: str, tokens: list[_Token]) -> bool:
        """Whether talk is said to another character, named first before a comma or a dash ("Boris, meet
        me in the garage at 3"), not to the host."""
        if len(tokens) < 2 or tokens[0].when is not None or not is_name(tokens[0].text, self.names):
            return False
        if self.own is not None and is_name(tokens[0].text, (self.own,)):
            return False
        return bool(re.match(r"\s*[,—–-]", text[tokens[0].end :]))

    def _where_another_is(self, tokens: list[_Token]) -> bool:
        """Whether a sentence's order word is a verb of staying said of a character named before it, in the
        third person, beside a place where they are, not where they go ("Elena sits in the bedroom")."""
        at = next((i for i, t in enumerate(tokens) if t.kind), None)
        if at is None:
            return False
        verb = tokens[at]
        words = [t for t in tokens if t.when is None]
        if verb.kind != "move" or not lemmas(verb.text) & STAY or _towards(tokens):
            return False
        third = verb.folded.isascii() and verb.folded.endswith("s") and verb.folded[:-1] in lemmas(verb.text)
        if _own(verb, words) and not third:  # "stays", «сидит»: said of another
            return False
        named = [t for t in tokens[:at] if is_name(t.text, self.names)]
        if self.own is not None and any(is_name(t.text, (self.own,)) for t in named):
            return False  # the writer's own character, told of: their order
        return bool(named) and _names_in([t for t in tokens[at + 1 :] if t.folded not in HERE], self.names)

    def _set_header(self, sentence: str, when: When) -> None:
        if when.bad_hour is not None:
            self.items.append(Unreadable(sentence, "bad_hour", {"hour": when.bad_hour}))
            return
        self.time_alone()
        self.header, self.header_line, self.header_used = when, sentence, False

    def _done_by_named(self, tokens: list[_Token]) -> bool:
        """Whether the first order word of a sentence is done, in a condition, by characters named right
        before it, none the writer's ("… so if Hanna and Gleb both go to the Study with Fedor it's full",
        «если Борис пойдёт в кабинет»): told of others. Without the condition ("Anna goes to the study"
        from Dora) it is asked, for it may be the writer's own move misnamed."""
        first = next((i for i, t in enumerate(tokens) if t.kind), None)
        if not first:
            return False
        doers = []
        at = first
        for at in range(first - 1, -1, -1):
            token = tokens[at]
            if tokens[at + 1].start - token.end > 1:
                break  # "…who killed Ivan, search everything": a comma, no doer of the verb
            if token.folded in ("and", "и", "both", "оба", "обе", "also", "тоже", "all", "все"):
                continue
            if token.folded in _THIRD_PERSONS:  # «если кто-нибудь пойдёт в гараж», "if anyone goes …"
                return at > 0 and tokens[at - 1].folded in _IF
            if not is_name(token.text, self.names):
                break
            doers.append(token.text)
        found = read_names(doers, self.names) if doers else []
        return (
            tokens[at].folded in _IF
            and not isinstance(found, Missing)
            and bool(found)
            and all(f.name in self.names and f.name != self.own for f in found)
        )

    def _starts_order(self, sentence: str, tokens: list[_Token], first: int) -> bool:
        """Whether the words from ``first`` start an order (see the module)."""
        verb = tokens[first]
        kind = verb.kind or ("trap" if _trap_follows(tokens, first) else "")
        if not kind:
            return False
        if is_arrive(verb.text):  # "I'll be in the study"; not "I'll be honest"
            found, _ = scan_names([t.text for t in tokens[first + 1 :] if t.when is None][:4])
            return bool(found) and found[0].name in (HALL, *(n for n, k in KIND_OF.items() if k is Kind.ROOM))
        if verb.folded in KEYWORDS or kind in ("trap", "cancel"):
            return True
        if kind == "say":  # "говорю: …", "tell everyone …"; not "Tomorrow I will tell you everything"
            asked = first + 1 < len(tokens) and tokens[first + 1].folded in _ME  # "Tell me how …": the host
            return (first == 0 and not asked) or _after(sentence, verb).startswith(":")
        rest = [
            t
            for t in tokens[first + 1 :]
            if t.when is None
            and t.folded not in _LITTLE | _WHETHER
            and not is_skipped(t.text)
            and not is_adverb(t.text)
        ]
        if len(rest) <= _FEW_WORDS or (kind == "move" and self._goes_before_remark(sentence, tokens, first)):
            return True
        for size in (1, 2):
            if not isinstance(read_names([t.text for t in rest[:size]], self.names), Missing):
                return True
        return False

    @staticmethod
    def _goes_before_remark(sentence: str, tokens: list[_Token], first: int) -> bool:
        """Whether a verb of going at ``first`` is followed by "to" («в», «на») and a word or two, then a
        remark after a comma or a dash ("heading to the attic, it's cooler there", «иду в подвал, там
        прохладнее»): a move somewhere, asked about if the castle has no such room, never talk."""
        after = tokens[first + 1 : first + 3 + _FEW_WORDS]
        if len(after) < 3 or after[0].folded not in _INTO_PLACE:
            return False
        for token, following in pairwise(after[1:]):
            if token.kind or token.when is not None or token.folded in CONNECTORS:
                return False
            if _REMARK_CUT.search(sentence[token.end : following.start]):
                return True
        return False

    def _bare(self, sentence: str, tokens: list[_Token]) -> list[Order | Unreadable] | None:
        """A sentence of names alone, read after a pending order word or by what it names."""
        words = [t.text for t in tokens if t.when is None and t.folded not in PRONOUNS | _PLUS]
        if not words or (
            len(words) < len([t for t in tokens if t.folded not in _PLUS])
            and not _towards(tokens)
            and not any(is_asking_for(t.text) for t in tokens)
        ):
            return None  # "I am in the hall" tells where one is; «я в ванную», "I want the study" ask
        if any(t.folded in _YOURS for t in tokens):
            return None  # «Вера, кресло твоё», "the sofa is yours, Boris": said to another
        found = read_names(words, self.names)
        if isinstance(found, Missing) and self.pending is None:
            return self._bare_with_remark(sentence, tokens)
        if isinstance(found, Missing) or not found:
            return None
        when = _merge([t.when for t in tokens if t.when is not None]) or self.header
        if self.pending is not None:
            line, kind, pending_when = self.pending
            self.pending = None
            return self._order(f"{line} {sentence}", kind, found, pending_when or when)
        self.flush()
        rooms = [f for f in found if f.name == HALL or KIND_OF.get(f.name) is Kind.ROOM]
        if len(found) == 1 and rooms:
            return self._order(sentence, "move", found, when)
        if len(found) <= 2 and not rooms and all(f.name in KIND_OF for f in found):
            return self._order(sentence, "search", found, when)
        things = found[1:]
        kinds = {KIND_OF.get(f.name) for f in things}
        paired = len(things) == 2 and _PAIRED.search(sentence) is not None  # «оранж, люстра+алеб»
        if (
            rooms == found[:1]
            and len(things) == 2
            and (len(kinds) == 1 or paired)
            and not kinds & {None, Kind.ROOM}
        ):
            # "Kitchen, knife and rope": a room, then two weapons (or two pieces of furniture) — the hour's
            # move and its search (TS-11); a room, furniture and a weapon are a trap's, asked
            return [
                *self._order(sentence, "move", found[:1], when),
                *self._order(sentence, "search", things, when),
            ]
        return [Unreadable(sentence, "bare_names", {"names": [f.name for f in found]})]

    def _bare_with_remark(self, sentence: str, tokens: list[_Token]) -> list[Order | Unreadable] | None:
        """A place or two cards alone before a comma or a dash, and a remark naming nothing after it ("To
        the music room, I need some quiet", «в гараж — там тише»): the order, then the remark as talk."""
        for cut in range(len(tokens) - 1, 0, -1):
            if not _REMARK_CUT.search(sentence[tokens[cut - 1].end : tokens[cut].start]):
                continue
            if scan_names([t.text for t in tokens[cut:] if t.when is None], self.names)[0]:
                return None
            head = self._bare(sentence[: tokens[cut - 1].end], tokens[:cut])
            if head is None or not all(isinstance(item, Order) for item in head):
                return None
            remark = sentence[tokens[cut].start :].strip()
            return [
                *head,
                Unreadable(remark, "unknown_order", {"word": tokens[cut].text, "suggestion": ""}, False),
            ]
        return None

    def _read_orders(self, sentence: str, tokens: list[_Token], first: int) -> None:
        when = self.header
        kept: When | None = None  # a daytime carried past a trap, for the orders after it
        done = False  # whether an order of this sentence was read already
        tokens = _without_purpose(tokens, first)
        clauses = _clauses(tokens, first, self.names, sentence)
        for at, clause in enumerate(clauses):
            if kept is not None:
                when, kept = kept, None
            verb_at = next(i for i, t in enumerate(clause) if t.kind)
            verb = clause[verb_at]
            kind = verb.kind
            if done and _remark_before(tokens, verb):  # "…, somebody has to look at that fireplace"
                self._remark_to_end(sentence, clause[0])
                return
            if done and _purpose_to(tokens, verb) and not _names_in(clause, self.names):
                continue  # "going to the kitchen to check things out": why, naming nothing
            if done and is_arrive(verb.text) and not _names_in(clause, self.names):
                self._remark_to_end(sentence, clause[0])  # «…, а то я буду на работе»: no place of the game
                return
            own = _merge([t.when for t in clause[: verb_at + 1 if kind == "say" else None]])
            before = when
            if own is not None:
                when = own if self.header is None else self.header.merged(own)
            night = _night_before(before, self.now) or self.night_on_line
            for_ten = kind == "move" and own is not None and own.morning and night
            if for_ten:  # the move of the night, there at 10:00 (TS-22)
                when = before if before is not None and before.part == "night" else When(part="night")
            if kind == "trap" and own is None and when is not None and self._by_day(when):
                kept, when = when, None  # "go to the study this evening, and trap Gleb: …": tonight's trap
            line = sentence[clause[0].start : clause[-1].end].strip()
            args = [t for t in clause[verb_at + 1 :] if t.when is None and not t.setter]
            if kind == "trap":
                args = [t for t in args if t.kind != "move"]  # "my trap goes to Gleb"
            while args and is_adverb(args[0].text) and args[0].folded not in HERE:
                args = args[1:]  # "slips quietly into …", «иду тихонько в …»
            if kind == "move":
                origin = args
                args = _without_origin(args)  # "from the kitchen to the garage", «из кухни в гараж»
                if (
                    origin
                    and not args
                    and any(t.kind == "move" for later in clauses[at + 1 :] for t in later)
                ):
                    continue  # «выскальзываю из холла и иду в гараж»: the room left for the next move's
            while kind == "search" and args and args[0].folded in _WHETHER | FILLERS | HERE:
                args = args[1:]  # "check whether there is a knife", «проверить, нет ли тут ножа»
            if not line and not args:
                continue  # the same order again after a time, that named nothing more ("… this evening, and")
            carried = verb.start == verb.end  # the order before, again at the time before these words
            if carried and done and args and not scan_names([t.text for t in args], self.names)[0]:
                self.items.append(Unreadable(line, "unknown_order", {"word": "", "suggestion": ""}, False))
                continue  # "… this hour and be left in peace": a remark, not the move again
            if kind == "say":
                self.items.append(self._say(sentence, verb, when))
            elif kind in ("help", "status", "notebook"):
                self.items.append(Order(line, kind, {}))
            elif kind == "cancel":  # what it takes back may come first: «всё отменить», «поиск отменяю»
                named = [t for t in clause[:verb_at] if t.when is None and _cancelled(t)]
                self.items.append(self._cancel(line, [*named, *args], when))
            elif not args and _after(sentence, clause[-1]).startswith(":"):
                self.pending = (line, kind, when)
            elif kind == "move" and lemmas(verb.text) & STAY and all(t.folded in HERE for t in args):
                self.items.append(self._stay(line, when))
            elif not args and done and not _names_in(clause, self.names):
                self.items.append(
                    Unreadable(line, "unknown_order", {"word": verb.text, "suggestion": ""}, False)
                )
            elif not args:
                self.items.append(Unreadable(line, "missing_arguments", {"order": kind.upper()}))
            else:
                if kind == "move":  # "move Anna to the bathroom": the writer's own character, named
                    args = [t for t in args if not is_name(t.text, self.names)] or args
                if kind == "trap" and not any(is_name(t.text, self.names) for t in args):
                    args = [
                        t for t in clause[:verb_at] if t.when is None and is_name(t.text, self.names)
                    ] + args
                if kind == "move" and lemmas(verb.text) & LOOK_IN and _two_cards(args):
                    kind = "search"  # «заглядываю под кресло и в тумбочку»
                arrive = kind == "move" and is_arrive(verb.text) and not for_ten
                read = self._with_remark(sentence, clause, kind, args, when, arrive=arrive)
                self.items.extend(_misspelt(item, clause[: verb_at + 1]) for item in read)
                self.night_on_line = self.night_on_line or any(
                    isinstance(item, Order) and (item.kind == "trap" or (item.when and item.when.is_night))
                    for item in read
                )
            done = done or any(isinstance(item, Order) for item in self.items[-2:])

    def _with_remark(
        self,
        sentence: str,
        clause: list[_Token],
        kind: str,
        args: list[_Token],
        when: When | None,
        *,
        arrive: bool = False,
    ) -> list[Order | Unreadable]:
        """The orders ``args`` name; or, if they cannot be read, those the words before a comma or a dash
        name, with the rest as a remark (talk) when it names nothing ("иду в оранжерею, там посмотрим")."""
        people = self.names if kind == "trap" else ()
        line = sentence[clause[0].start : clause[-1].end].strip()
        whole = self._order(line, kind, read_names([t.text for t in args], people), when, arrive=arrive)
        if all(isinstance(item, Order) for item in whole):
            return whole
        for cut in range(len(args) - 1, 0, -1):
            between = sentence[args[cut - 1].end : args[cut].start]
            rest = [t.text for t in args[cut:]]
            joined = _JOINED_REMARK.fullmatch(between) and not scan_names(rest, self.names)[0]
            at = clause.index(args[cut])
            clause_word = _done_by_others(clause, at + 2, self.names)  # "… while nobody's looking"
            if not _REMARK_CUT.search(between) and not joined and not clause_word:
                continue  # "…this hour and be left in peace": a remark joined by "and" names nothing
            if not clause_word and scan_names(rest, self.names)[0] and not _a_remark(args[cut:], self.names):
                continue
            head = sentence[clause[0].start : args[cut - 1].end].strip()
            items = self._order(
                head, kind, read_names([t.text for t in args[:cut]], people), when, arrive=arrive
            )
            halved = bool(self.items) and _half_search(self.items[-1])  # the other half just before
            if all(isinstance(item, Order) or (halved and _half_search(item)) for item in items):
                remark = sentence[args[cut].start : clause[-1].end].strip()
                if _of_manner(args[cut].text) or args[cut].folded in _WHERE_RELATIVE or clause_word:
                    return items  # "…, humming", «…, где давно никто не обедал»: how, or the place told
                return [
                    *items,
                    Unreadable(remark, "unknown_order", {"word": rest[0], "suggestion": ""}, False),
                ]
        return whole

    def _remark_to_end(self, sentence: str, start: _Token) -> None:
        """The rest of ``sentence`` from ``start`` on, a remark after an order: talk, joined to the remark
        before it if the order ended with one."""
        rest = sentence[start.start :].strip()
        last = self.items[-1] if self.items else None
        if last is not None and _is_talk(last):
            self.items[-1] = Unreadable(f"{last.line} {rest}", "unknown_order", last.params, False)
        else:
            self.items.append(
                Unreadable(rest, "unknown_order", {"word": start.text, "suggestion": ""}, False)
            )

    def _by_day(self, when: When) -> bool:
        """Whether ``when`` names an hour of a day (no time a trap may be set for)."""
        segment = segment_for(when, self.now, "trap")
        return isinstance(segment, Segment) and not segment.is_night

    def _segment(self, when: When | None, kind: str, *, arrive: bool = False) -> Segment | Problem | None:
        """The segment an order of ``kind`` is for by ``when``; one that must take effect by then
        (``arrive``: "утром буду в спальне") is the move of the segment before, the next such one to come."""
        self.header_used = True
        if when is None:
            return None
        segment = segment_for(when, self.now, kind)
        if kind == "trap" and isinstance(segment, Segment) and not segment.is_night:
            return "trap_in_daytime", {}  # "trap … at 2pm": traps are set at night alone (TS-20)
        if not arrive or isinstance(segment, tuple) or when == When():
            return segment  # "I'll be in the study this hour": too late for a move before it; this one
        if segment <= self.now and when.day is None and when.ahead is None:
            segment = Segment(segment.day + 1, segment.part)
        return _before(segment)

    def _order(
        self, line: str, kind: str, found: list[Found] | Missing, when: When | None, *, arrive: bool = False
    ) -> list[Order | Unreadable]:
        """The orders of ``kind`` that ``found`` names (several traps when each character has their three
        cards beside them), or why they cannot be read."""
        if isinstance(found, Missing):
            return [_missing(line, kind, found)]
        segment = self._segment(when, kind, arrive=arrive)
        if isinstance(segment, tuple):
            return [Unreadable(line, segment[0], segment[1])]
        groups = trap_groups(found, self.names) if kind == "trap" else [found]
        return [self._one(line, kind, group, segment) for group in groups]

    def _one(self, line: str, kind: str, found: list[Found], segment: Segment | None) -> Order | Unreadable:
        if kind in ("move", "search") and len(found) > 1 and self.own is not None:
            found = [f for f in found if f.name != self.own] or found  # «переведите Анну в …»: whose move
        outcome = {"move": _move, "search": _search, "trap": _trap}[kind]([f.name for f in found], self.names)
        if isinstance(outcome, tuple) and outcome[0] == "search_two_cards":
            return Unreadable(line, outcome[0], {**outcome[1], "segment": segment.key if segment else ""})
        if isinstance(outcome, tuple):
            return Unreadable(line, outcome[0], outcome[1])
        read_as = tuple((f.written, f.name) for f in found if f.near)
        return Order(line, kind, outcome, segment, read_as)

    def _say(self, sentence: str, verb: _Token, when: When | None) -> Order | Unreadable:
        text = _ADDRESSEES.sub("", sentence[verb.end :].lstrip(" :,-—–")).strip()
        if not text:
            return Unreadable(sentence, "say_empty")
        segment = self._segment(when, "say")
        if isinstance(segment, tuple):
            return Unreadable(sentence, segment[0], segment[1])
        return Order(sentence, "say", {"text": text}, segment)

    def _cancel(self, line: str, args: list[_Token], when: When | None) -> Order | Unreadable:
        wanted = {CANCELLABLE[lemma] for t in args for lemma in lemmas(t.text) if lemma in CANCELLABLE}
        if not wanted:  # "Never mind the garage": a place is the move to it, a character the trap on them
            found = _intent(args, self.names).found
            if len(found) == 1:
                wanted = {
                    "trap" if found[0].name in self.names else "move" if is_place(found[0].name) else ""
                }
                wanted.discard("")
        if (
            not wanted
            and when is None
            and any(t.folded in EVERYTHING or lemmas(t.text) & EVERYTHING for t in args)
        ):
            return Order(line, "cancel", {"what": "all"})  # every order not yet carried out
        if len(wanted) != 1:
            shown = " ".join(t.text for t in args)
            return Unreadable(line, "cancel_what", {"text": shown})
        segment = self._segment(when, "cancel")
        if isinstance(segment, tuple):
            return Unreadable(line, segment[0], segment[1])
        return Order(line, "cancel", {"what": wanted.pop()}, segment)

    def _stay(self, line: str, when: When | None, *, withdraw: bool = False) -> Order | Unreadable:
        """Staying where one is, or (``withdraw``) withdrawing the move given before."""
        segment = self._segment(when, "move")
        if isinstance(segment, tuple):
            return Unreadable(line, segment[0], segment[1])
        return Order(
            line, "cancel", {"what": "move"} if withdraw else {"what": "move", "stay": True}, segment
        )


_WITHOUT = frozenset({"without", "без", "no", "skip", "skipping", "пропускаю"})
_OTHERS_DOING = frozenset({"you", "he", "she", "they", "we", "ты", "вы", "он", "она", "они", "мы"})


def _search_denied(tokens: list[_Token], names: tuple[str, ...]) -> bool:
    """Whether a sentence naming nothing denies the writer's own search: "I won't search anything", "No
    search for me this hour", «Искать ничего не буду», «Без поиска» — the search given before withdrawn."""
    words = [t for t in tokens if t.when is None]
    folded = [t.folded.replace("’", "'") for t in words]
    kinds = {t.kind for t in words if t.kind and t.folded not in _WILL_RU}
    if kinds != {"search"} or _OTHERS_DOING.intersection(folded) or _intent(words, names).found:
        return False
    at = next(i for i, t in enumerate(words) if t.kind == "search")
    if any({"impr", "2per"} & p.tag.grammemes for p in morph().parse(folded[at])[:1]):
        return False  # «Не смотрите на меня так!»: bidden of others
    after = " ".join(folded[at + 1 : at + 4])  # «искать ничего не буду», «обыскивать не стану»
    return bool((NEGATIONS | _WITHOUT).intersection(folded[max(0, at - 3) : at]) or _WONT_RU.search(after))


_WILL_RU = frozenset({"буду", "стану", "будем"})
"""«Искать не буду»: the verb of the future, no move of its own."""
_WONT_RU = re.compile(r"(?:^|\s)не\s+(?:буду|стану|хочу|собираюсь)\b")


def _cancelled(token: _Token) -> bool:
    """Whether ``token`` names what a cancel takes back: a kind of order or everything."""
    return token.folded in EVERYTHING or not lemmas(token.text).isdisjoint(
        EVERYTHING | CANCELLABLE.keys() | ORDERS_NAMED
    )


_PURPOSE = frozenset({"чтобы", "чтоб", "дабы"})
_PURPOSE_PHRASES = (
    ("so", "that"), ("in", "order", "to"), ("so", "as", "to"), ("so", "i'm"), ("so", "i’m"),
    ("so", "i", "can"), ("so", "i", "could"), ("so", "i'll", "be"), ("so", "i’ll", "be"),
    ("so", "i", "will", "be"),
)  # fmt: skip
"""Words that open a purpose ("so that …", "so I'm there at 10", "so I can keep an eye on Egor"); not "so I
shall walk", which goes on with the writer's plan."""


def _without_purpose(tokens: list[_Token], first: int) -> list[_Token]:
    """``tokens`` without a clause of purpose after the order word at ``first`` («перейду в гараж, чтобы
    утром быть там», "… so that I'm there by night"): why an order is given is part of it, not another."""
    folded = [t.folded for t in tokens]
    for i in range(first + 1, len(tokens)):
        if folded[i] in _PURPOSE or any(tuple(folded[i : i + len(p)]) == p for p in _PURPOSE_PHRASES):
            return tokens[:i]
    return tokens


def _purpose_to(tokens: list[_Token], verb: _Token) -> bool:
    """Whether ``verb`` follows "to" (or «чтобы», or "to have a"): the infinitive of a purpose, not an order
    of its own."""
    at = next((i for i, t in enumerate(tokens) if t.start == verb.start and t.text == verb.text), 0)
    if at > 2 and [t.folded for t in tokens[at - 3 : at]] in (["to", "have", "a"], ["to", "take", "a"]):
        return True  # "…, to have a look"
    return at > 0 and tokens[at - 1].folded in ("to", *_PURPOSE)


_NEED = frozenset(
    {"надо", "нужно", "необходимо", "должен", "должна", "has", "have", "must", "need", "needs", "ought",
     "somebody", "someone", "кто-то", "кому-то", "hope", "hopefully", "надеюсь", "надежда"}
)  # fmt: skip
"""Words that, just before an order word after an order, make what follows a remark, not another order of
the writer's: a need or a hope told, or another's doing ("…, надо проверить тумбочку")."""


def _remark_before(tokens: list[_Token], verb: _Token) -> bool:
    """Whether the few words just before ``verb`` make it part of a remark (``_NEED``)."""
    at = next((i for i, t in enumerate(tokens) if t.start == verb.start and t.text == verb.text), 0)
    return any(t.folded in _NEED for t in tokens[max(0, at - 3) : at])


def _a_remark(words: list[_Token], names: tuple[str, ...]) -> bool:
    """Whether ``words`` after an order are a remark, though they name something: words besides the names
    ("it's always the sofa", «на камин вся надежда», «Глеб, не подглядывай!») and no order word of the
    writer's own."""
    if any(t.kind and not _remark_before(words, t) for t in words):
        return False
    others = [
        t for t in words if t.folded not in FILLERS and not is_skipped(t.text) and not is_name(t.text, names)
    ]
    found = scan_names([t.text for t in words], names)[0]
    return len(others) > len(found) // 2 and len(others) >= 2


def _of_manner(word: str) -> bool:
    """Whether ``word`` tells how something is done, as a gerund ("humming", «напевая»)."""
    folded = fold_name(word)
    if folded[:1].isascii():
        return folded.endswith("ing") and not order_kind(word)
    return any(p.tag.POS == "GRND" for p in morph().parse(folded)[:1])


_UNSURE = frozenset(
    {"sure", "certain", "decide", "decided", "know", "уверенный", "уверен", "уверена", "решить", "знать",
     "определиться"}
)  # fmt: skip
"""Words (lemmas) that, denied, say the writer has not decided ("not sure yet", «ещё не решила»)."""
_OPEN = frozenset({"unsure", "undecided", "wherever", "whichever", "whatever", "куда-нибудь", "куда-то"})
"""Words that leave where or what open ("Move me wherever Dora goes")."""
_OR = frozenset({"or", "или", "либо"})
_BESIDE = frozenset({"near", "beside", "opposite", "рядом", "напротив", "возле", "соседний", "близ"})
"""Words (lemmas) of a place named by another ("the room next to the kitchen", «комната рядом с кухней»)."""


_ASKING_MODALS = frozenset({"could", "can", "would", "will", "may", "might"})


_IF = frozenset({"if", "when", "unless", "once", "если", "когда", "пока", "раз"})
"""Words opening a condition: a move in it, done by others, is told of them."""
_ALL_OF_US = frozenset(
    {"we", "we'd", "we'll", "let's", "lets", "everyone", "everybody", "мы", "давайте", "все"}
)


def _put_to_all(tokens: list[_Token]) -> bool:
    """Whether a sentence puts a plan to all of the table, not one's own ("Should we all avoid the Music
    Room until Carl explains himself?", «Может, нам всем держаться подальше от гаража?»): talk."""
    folded = {t.folded.replace("’", "'") for t in tokens}
    return (bool(folded & _ALL_OF_US) and not folded & (_I | {"нам"})) or {"нам", "всем"} <= folded


def _courteous(folded: list[str], at: int) -> bool:
    """Whether the hedge at ``at`` only softens a request ("Could I possibly move …?", "could you perhaps
    …", "Might I search …?"): right after a modal and its pronoun, or "might" asking before "I"."""
    if at >= 2 and folded[at - 2] in _ASKING_MODALS and folded[at - 1] in {"i", "you", "we"}:
        return True
    return folded[at] == "might" and folded[at + 1 : at + 2] in (["i"], ["we"]) and at in (0, 1)


def _undecided(tokens: list[_Token], names: tuple[str, ...]) -> bool:
    """Whether a sentence leaves its plan open: a hedge before its order word, a choice between places or
    orders ("kitchen or study", "move … or stay"), "not sure" or "wherever", a place named by another, or
    one's own move denied beside a place («Не пойду в гараж»: asked, for the writer may mean to stay)."""
    words = [t for t in tokens if t.when is None]
    first = next((i for i, t in enumerate(words) if t.kind), len(words))
    if first < len(words) and words[first].kind == "say":
        return False  # what is said aloud is said as written
    folded = [t.folded.replace("’", "'") for t in words]
    if any(word in _HEDGES and not _courteous(folded, i) for i, word in enumerate(folded[:first])):
        return True
    if set(folded) & _OPEN:
        return True
    for i, token in enumerate(words):
        forms = lemmas(token.text)
        denied = i > 0 and folded[i - 1] in NEGATIONS | {"not", "yet", "ещё", "еще"}
        if forms & _UNSURE and (
            denied or "not" in folded[max(0, i - 3) : i] or "не" in folded[max(0, i - 3) : i]
        ):
            return True
        if (forms & _BESIDE or (token.folded == "next" and folded[i + 1 : i + 2] == ["to"])) and _place_after(
            words[i + 1 :], names
        ):
            return True
        if token.folded in _OR and 0 < i < len(words) - 1:
            after = next((t for t in words[i + 1 :] if t.folded not in FILLERS), None)
            before = next((t for t in reversed(words[:i]) if t.folded not in FILLERS), None)
            if after is not None and after.kind in ("move", "search", "trap"):
                return True  # "move to the study or stay", «пойти в кабинет или остаться»
            if after is not None and before is not None and _both_places(before.text, after.text, names):
                return True
        if (
            token.kind in ("move", "search", "trap")
            and not is_arrive(token.text)
            and i
            and folded[i - 1] in NEGATIONS
        ):
            before_verb = [t for t in words[:i] if is_name(t.text, names)]
            if not before_verb and _own(token, words):
                return True  # «не пойду в гараж»; not «ещё поищу»: "more", no denial
    return False


def _place_after(words: list[_Token], names: tuple[str, ...]) -> bool:
    """Whether the first thing named in ``words`` is a room ("the room next to the kitchen"): a room named by
    another; not a piece of furniture ("next to the Car", «возле раковины»: where the card lies) nor nothing
    ("I'd like to be near the others")."""
    found = _intent(words[:4], names).found
    return bool(found) and is_place(found[0].name)


_CARDS = frozenset({"card", "cards", "карта", "карточка", "hand", "рука"})
_ORDERS_NOUN = frozenset(
    {"order", "ordered", "command", "приказ", "команда", "приказание", "распоряжение", "приказать",
     "приказывать", "queued", "заявка", "заявки", "заказать", "заказ", "заказывать", "pending", "planned",
     "scheduled", "запланировать", "запланированный"}
)  # fmt: skip
"""Nouns (lemmas) of the orders themselves: asked about, the help or one's own orders are asked for."""
_MINE = frozenset(
    {"my", "mine", "мой", "моя", "мою", "мои", "моих", "моё", "меня", "мне", "моими", "моим", "моего",
     "моему", "моём", "моем"}
)  # fmt: skip
_NOW = frozenset({"current", "queued", "queue", "pending", "have", "now", "сейчас", "текущий", "отданный"})
_HOW = frozenset({"how", "как"})
_HERE_OR_TO = frozenset({"to", "here", "тут", "здесь", "вообще", "правильно", "correctly", "properly"})
"""Words between "how" and the order asked about ("how to search", «как тут ходить»)."""
_FORETOLD = frozenset({"will", "would", "might", "may", "should", "'ll", "поможет", "помогут"})
"""Words before "help" that tell what will help rather than ask for it ("the quiet will help")."""
_QUESTION_WORDS = frozenset({"what", "which", "how", "какие", "какой", "как"})
_REMIND = frozenset({"remind", "напомнить", "подсказать", "explain", "объяснить"})
_TAKEN = frozenset(
    {"through", "accept", "accepted", "receive", "received", "register", "registered", "count", "counted",
     "принять", "принятый", "получить", "засчитать", "пройти", "учесть"}
)  # fmt: skip
"""Words asking whether one's order was taken ("did my move go through?", «мой переход принят?»)."""
_MAY = frozenset({"can", "may", "allowed", "могу", "можно", "вправе"})
"""Words asking what one may order ("What orders can I give?"): the help, not one's own orders."""
_WRITTEN = frozenset(
    {"write", "format", "formatted", "spell", "phrase", "work", "syntax", "записать", "писать",
     "записывать", "оформить", "оформлять", "формат", "синтаксис", "работать", "устроить", "действовать"}
)  # fmt: skip
"""Words asking how an order is written or works ("how do I write a trap?", «как работают ловушки?»)."""
_RULES = frozenset({"rule", "rules", "правило", "правила", "instructions", "инструкция"})
_PLEASE = frozenset({"please", "pls", "plz", "пожалуйста", "плиз", "пжл", "пж"})
_AGAIN = frozenset(
    {"the", "again", "ещё", "еще", "раз", "снова", "опять", "all", "все", "list", "of", "список"}
)
"""The rules themselves, asked for again ("can I see the rules again?", «правила ещё раз пришлите»)."""
_SHOW = SHOW_VERBS | frozenset({"list", "display", "перечислить", "вывести"})
"""Verbs asking the host to show or send something: one's orders, or the rules."""
_STANDING = frozenset({"situation", "standing", "положение", "ситуация", "обстановка"})
"""Nouns of one's own standing in the game, asked about ("what's my situation?"): the status."""
_OF_MINE = frozenset({"my", "на", "мой", "моя", "мою", "мои"})
"""Words before an order's kind that make it one's own order asked about ("my move", «стоит на поиск»)."""
_SET_NOW = _NOW | frozenset({"set", "стоять", "записать", "записано", "стоит"})
"""Words asking what one's own order stands at ("what's my move set to?", «что у меня стоит на поиск?»)."""


def _state_asked(tokens: list[_Token], names: tuple[str, ...], *, question: bool = False) -> str:
    """The order a sentence naming nothing asks of the host however it is put: "help" (the help is asked
    for: "could you send me the order help again?", «пришлите памятку»), "status" (one's own cards or place
    asked about: "what are my cards?", «где я сейчас?»), or ""."""
    words = [t for t in tokens if t.when is None]
    folded = [t.folded.replace("’", "'") for t in words]
    if question and (folded[:2] == ["what", "happens"] or folded[:2] == ["что", "будет"]):
        return "help"  # "What happens if I forget …?": how the rules go, not one's own orders
    taken = any(
        lemmas(t.text) & _TAKEN or (t.folded == "go" and t.kind == "search")  # "go through", one phrase
        for t in words
    ) and _MINE.intersection(folded)
    if question and taken and any(lemmas(t.text) & CANCELLABLE.keys() for t in words):
        return "status"  # "Did my move to the Study go through?", «Мой переход в кабинет принят?»
    which = {"which", "what", "какой", "какая", "какую", "каком"}.intersection(folded)
    if (
        question
        and which
        and {"i", "я"}.intersection(folded)
        and any(lemmas(t.text) & _ANY_ROOM for t in words)
    ):
        return "status"  # "Which room am I in?", «В какой я комнате?»: never a room near «какой комнате»
    words = [
        t._replace(kind="")
        if lemmas(t.text) & _REMIND or (t.kind == "say" and at + 1 < len(folded) and folded[at + 1] in _ME)
        else t
        for at, t in enumerate(words)
    ]  # "Remind me …", "Could you tell me …": asked of the host, no order
    if not words or _names_in(words, names) or any(t.kind == "say" for t in words):
        return ""
    said = set().union(*(lemmas(t.text) for t in words))
    what = {"what", "what's", "whats", "что", "какой", "какая", "какие"}.intersection(folded)
    asked_how = _HOW.intersection(folded) or said & _REMIND or "format" in said
    if (question or asked_how) and said & _WRITTEN and (asked_how or said & _MAY):
        return "help"  # "how do I write a trap?", «как работают ловушки?»: whichever kind it names
    shown = _bidden_to_show(words, folded)
    if said & _RULES and (question or shown or said & _REMIND):
        return "help"  # "can I see the rules again?", «правила ещё раз пришлите»
    if _PLEASE.intersection(folded) and all(
        t.folded in _PLEASE | _AGAIN or lemmas(t.text) & (_RULES | _ORDERS_NOUN) for t in words
    ):
        return "help"  # "commands please", «правила, пожалуйста»: the rules or the orders asked for
    if _ME.intersection(folded) and said & _STANDING and (question or shown):
        return "status"  # "what's my situation?", «какое у меня сейчас положение?»
    kinds = {t.kind for t in words if t.kind}
    if "status" in kinds:
        return "status"
    mine_asked = question and bool(
        {"i", "я", "me", "мне", "меня"} & set(folded) or _MINE.intersection(folded)
    )
    if mine_asked and (folded[:2] == ["how", "many"] or folded[0] == "сколько"):
        return "status"  # "How many traps do I have left?", «Сколько у меня ещё ловушек?»
    if mine_asked and folded[0] in ("куда", "where") and {"i", "я"} & set(folded[1:3]):
        return "status"  # "Where am I going?", «Куда я сейчас иду?»
    if mine_asked and what and said & _MAY and said & {"делать", "сделать", "do"}:
        return "help"  # «Что мне сейчас можно делать?»
    how_at = next((at for at, word in enumerate(folded) if word in _HOW), None)
    after_how = [t for t in words[how_at + 1 :] if t.folded not in _HERE_OR_TO] if how_at is not None else []
    if after_how and after_how[0].kind in _PLANS:
        return "help"  # «Не понимаю, как обыскивать», "how to search?", «как тут ходить»
    if "help" in kinds:  # the help sent or shown ("send me the help"): no move for all the verb
        helped = next(at for at, t in enumerate(words) if t.kind == "help")
        if helped and folded[helped - 1] in _FORETOLD and not _YOU.intersection(folded):
            return ""  # "Maybe the quiet will help me think": what will help, told
        return "" if (_OTHERS - _YOU).intersection(folded) else "help"  # not "can anyone help me?"
    if "cancel" in kinds and not what and not _HOW.intersection(folded):
        return ""  # "Would you be so kind as to withdraw my move order?": the order withdrawn, asked politely
    about_orders = any(lemmas(t.text) & _ORDERS_NOUN for t in words)
    asked = question or folded[0] in _QUESTION_WORDS or folded[:2] == ["а", "какие"]
    head = words[1:] if len(words) > 1 and words[0].folded in _HOST else words  # "Referee, remind me …"
    if about_orders and (asked or lemmas(head[0].text) & _REMIND or shown):
        # "What are my current orders?" (one's own: status); "How do I write orders?" (help)
        how = _HOW.intersection(folded) or _MAY.intersection(folded)  # "What orders can I give?": help
        own = _MINE.intersection(folded) or (({"i", "я"} | _ME) & set(folded) and not how)  # "for me"
        return "status" if own or any(lemmas(t.text) & _NOW for t in words) else "help"
    named = any(t.kind in _PLANS and at and folded[at - 1] in _OF_MINE for at, t in enumerate(words))
    if named and question and what and said & _SET_NOW and not kinds - _PLANS:
        return "status"  # "what's my move set to?", «что у меня сейчас стоит на переход?»
    if kinds & _PLANS:
        return ""
    if not _ME.intersection(folded):
        return ""
    if any(lemmas(t.text) & _CARDS for t in words):
        return "status"
    where = [i for i, word in enumerate(folded) if word in _WHERE]
    if _OTHERS.intersection(folded) and not question:
        return ""  # «вы знаете, где я»: where one is, told to the others, not asked
    return "status" if where and {"i", "я"} & set(folded[where[0] + 1 : where[0] + 3]) else ""


def _bidden_to_show(words: list[_Token], folded: list[str]) -> bool:
    """Whether the host is bidden to show or send something: a verb of showing first ("show me my
    orders", «покажите мои заявки»), after "please" or "you", or in the Russian imperative anywhere
    («правила ещё раз пришлите»); not «не успела прислать приказы»."""
    for at, token in enumerate(words):
        if not lemmas(token.text) & _SHOW:
            continue
        before = folded[at - 1] if at else ""
        if at <= 1 or before in {"please", "pls", "you", "пожалуйста"} or folded[at].endswith(("ите", "йте")):
            return True
    return False


def _both_places(first: str, second: str, names: tuple[str, ...]) -> bool:
    """Whether the words ``first`` and ``second`` both name places, or both characters."""
    found = [read_names([word], names) for word in (first, second)]
    named = [f[0].name for f in found if not isinstance(f, Missing) and f]
    return len(named) == 2 and (all(map(is_place_name, named)) or all(n in names for n in named))


is_place_name = scenery.is_place_name


_ORDINAL_HOUR = re.compile(r"(?<![\w-])([1-4])\s*-?(?:й|ой|ий|ый|st|nd|rd|th)(?!\w)", re.I)
"""An hour written as an ordinal alone («3-й», "3rd"), read as one only after another hour on its line."""
_TRAP_SHORT = frozenset({"trap_three_cards", "trap_one_target"})
"""Refusals of a trap missing part of what it names: the rest may follow in the sentences after it."""


def _trap_short(item: Unreadable) -> bool:
    """Whether ``item`` refuses a trap for what it leaves out («Ставлю на него ловушку.»), which the
    other sentences of its line may name."""
    return item.reason in _TRAP_SHORT or (
        item.reason == "missing_arguments" and item.params.get("order") == "TRAP"
    )


_HEAD_CUT = re.compile(r"\s*(?:,|\s[—–-])\s*")
"""Where the head of a line read by signals may end, before a remark or a clause of when or why."""
_ADDRESSED = frozenset({"all", "guys", "folks", "friends", "ребята", "друзья", "все", "всем", "народ"})
"""Words that name whom a line is said to: the others at the table."""
_SUBORDINATE = frozenset(
    {"пока", "когда", "чтобы", "чтоб", "while", "when", "until", "till", "before", "so", "as", "since",
     "because", "потому", "так", "прежде", "покуда"}
)  # fmt: skip
"""Words that start a clause telling when or why an order is done: it goes with the order."""
_REMARK_CUT = re.compile(r"[,;:—–]|\s-\s")
"""What may part an order from a remark written after it on the same line."""
_BEFORE_A_NOUN = frozenset(
    {"the", "that", "this", "a", "an", "his", "her", "its", "our", "their", "every", "any", "whole"}
)
"""Words before a noun: a word of setting a trap after one is a noun ("that place", "the whole set")."""
_JOINED_REMARK = re.compile(r"\s+(?:and|и|а)\s+", re.I)
"""What may part an order from a remark after it that names nothing ("…, and be left in peace")."""


def _before(segment: Segment) -> Segment:
    """The segment just before ``segment``."""
    if segment.part == "hour1":
        return Segment(segment.day - 1, "night")
    if segment.is_night:
        return Segment(segment.day, "hour4")
    return Segment(segment.day, f"hour{segment.hour - 1}")


def _night_before(before: When | None, now: Segment) -> bool:
    """Whether "the morning" of a move means the 10:00 after a night: the night named before it on the
    line, or the night that is open now (TS-22)."""
    return (before is not None and before.part == "night") or (before is None and now.is_night)


def _misspelt(item: Order | Unreadable, words: list[_Token]) -> Order | Unreadable:
    """``item`` with the misspelt order word among ``words`` it was read by, for the answer to say so."""
    near = next(
        (t for t in words if t.text and t.kind and not order_kind(t.text) and not is_arrive(t.text)), None
    )
    if near is None or not isinstance(item, Order):
        return item
    return replace(item, word_as=(near.text, item.kind.upper()))


_FIRST_PERSON = frozenset({"i", "i'm", "i’m", "im", "i'll", "i’ll", "ill", "me", "my"})


def _stay_or_withdrawal(tokens: list[_Token], names: tuple[str, ...], doers: tuple[str, ...] = ()) -> str:
    """Whether a sentence naming no place keeps the writer where they are ("stay", "I'm staying put",
    «сижу здесь», "not moving this hour", «никуда не иду»), withdraws their move ("cancel": "I don't want
    to move anymore", «больше никуда не иду»), or neither (""): the writer's own move denied or a stay
    verb with nothing but "here" beside it. A denial told to others is not one ("don't go", «не ходите»)."""
    words = [t for t in tokens if t.when is None]
    verbs = [i for i, t in enumerate(words) if t.kind == "move" and not is_arrive(t.text)]
    narrated = (
        bool(doers)
        and bool(verbs)
        and is_name(words[0].text, doers)
        and verbs[0] <= 3
        and _third(words[verbs[0]])
    )
    rest = words[1:] if narrated else words  # «Анна никуда не уходит»: the writer's character, told of
    if not verbs:
        return ""
    if _names_in([t for t in rest if t.folded not in HERE], names):
        return _withdrawn_to(words, verbs[0], names)
    verb = words[verbs[0]]
    denied = any(t.folded.replace("’", "'") in NEGATIONS for t in words[max(0, verbs[0] - 4) : verbs[0]])
    if denied and verbs[0] and words[verbs[0] - 1].folded == "no" and not _MOVING.fullmatch(verb.folded):
        return ""  # "No rush on a reply", "no hurry": a noun after "no", no move denied ("no moving")
    if not denied:
        stays = lemmas(verb.text) & STAY and verbs[0] == next(i for i, t in enumerate(words) if not t.leading)
        rest = [t for t in words[verbs[0] + 1 :] if not (t.kind == "move" or t.folded in HERE or t.leading)]
        rest = [t for t in rest if t.folded not in NEGATIONS]
        return "stay" if stays and not rest and len(words) > 1 else ""
    if not _own(verb, words) and not narrated:
        return ""
    if lemmas(verb.text) & STAY or _IF.intersection(t.folded for t in words[: verbs[0]]):
        return ""  # «сидеть сложа руки не могу», «если не вернусь к обеду»: no stay, and no move withdrawn
    return "cancel" if any(not lemmas(t.text).isdisjoint(ANY_MORE) for t in words) else "stay"


_MOVING = re.compile(r"mov\w*|\w+ing")


def _withdrawn_to(words: list[_Token], verb: int, names: tuple[str, ...]) -> str:
    """ "cancel" when the writer's own move to one place is denied («в гараж не пойду», "don't move me to
    the garage"): the move given before is withdrawn; else ""."""
    folded = [t.folded.replace("’", "'") for t in words]
    denied = any(word in NEGATIONS or word.endswith("n't") for word in folded[max(0, verb - 2) : verb])
    changed = any(lemmas(t.text) & (ANY_MORE | _CHANGED) for t in words) or "after all" in " ".join(folded)
    found = scan_names([t.text for t in words if not t.kind], names)[0]
    if not (denied and changed) or len(found) != 1 or not is_place(found[0].name):
        return ""  # "I'm not going to the garage" alone may tell a plan as well as withdraw one: asked
    if any(t.kind == "say" for t in words) or _IF.intersection(folded[:verb]):
        return ""
    own = _own(words[verb], words) or any(t.folded in ("me", "меня") for t in words[verb + 1 : verb + 3])
    return "cancel" if own else ""


_CHANGED = frozenset({"actually", "передумать", "всё-таки", "все-таки", "instead", "mind"})
"""Words of a mind changed ("actually", «передумала»): with a move denied, the move given is withdrawn."""
_IF = frozenset({"if", "если", "unless"})


def _hearsay(verb: _Token, before: str) -> bool:
    """Whether the word of saying ``verb`` tells what others say («говорят», «поговаривают», "they say",
    "people say"), not what the writer says."""
    if verb.folded[:1].isascii():
        return before in {"they", "people", "everyone", "everybody", "some", "folks"}
    return any({"3per", "plur"} in p.tag for p in morph().parse(verb.folded)[:1])


def _third(verb: _Token) -> bool:
    """Whether ``verb`` is in the third person singular: told of a character («уходит», "stays"), not
    said to them («не ходи»)."""
    if verb.folded[:1].isascii():
        return verb.folded.endswith("s")
    return any("3per" in p.tag for p in morph().parse(verb.folded)[:1])


def _own(verb: _Token, words: list[_Token]) -> bool:
    """Whether ``verb`` is the writer's own: a Russian verb in the first person or the infinitive, an
    English one beside "I" or with no subject at all ("Not moving")."""
    if verb.folded[:1].isascii():
        folded = [t.folded.replace("’", "'") for t in words]
        if folded[0] in ("don't", "dont", "do", "never"):  # "Don't move!": told to others
            return False
        subjects = set(folded) & (_FIRST_PERSON | {"you", "we", "they"})
        told = [t.folded for t in words if t.end <= verb.start][-3:]  # "he never goes": told of another
        return subjects <= _FIRST_PERSON and not (
            _THIRD_PERSONS.intersection(told) and not _I.intersection(told)
        )
    tag = morph().parse(verb.folded)[0].tag
    return "1per" in tag or tag.POS == "INFN"


_TO = frozenset({"to", "into", "towards", "toward", "onto", "к", "ко"})
_LEFT_FROM = frozenset({"from", "из", "изо"})
"""Words before the place a move starts from ("from the kitchen", «из кухни»)."""
_INTO_PLACE = _TO | frozenset({"в", "во", "на"})


def _without_origin(args: list[_Token]) -> list[_Token]:
    """The words of a move without the place it starts from ("from the kitchen to the garage", "out of
    the kitchen and into the garage", «из кухни в оранжерею», «в кухню из гаража»): with no place to go
    to left, none (the move is asked where to, never read as a move into the room left)."""
    kept: list[_Token] = []
    leaving = left = False
    for at, token in enumerate(args):
        after = args[at + 1].folded if at + 1 < len(args) else ""
        if token.folded in _LEFT_FROM or (token.folded == "out" and after == "of"):
            leaving = left = True
        elif leaving and token.folded in _INTO_PLACE:
            leaving = False
        if not leaving:
            kept.append(token)
    return kept if left else args


_NOW_WORDS = frozenset({"now", "сейчас", "сразу"})
"""Words for this hour, read as a time beside other times on a line of places and times."""


def _towards(tokens: list[_Token]) -> bool:
    """Whether a sentence names where one goes, not where one is: "to the …", «в ванную» (a place after
    «в» or «на» in the accusative)."""
    for token, after in pairwise(tokens):
        if token.folded in _TO:
            return True
        if token.folded in ("в", "во", "на") and any("accs" in p.tag for p in morph().parse(after.folded)):
            return True
    return False


def _to_a_place(tokens: list[_Token], names: tuple[str, ...] = ()) -> bool:
    """Whether a sentence names a place as where one goes: "to the garage", «в гараж» (the accusative);
    not "to know", «в гараже», nor a character («на Жанну» is no misspelt «ванну»)."""
    for at, token in enumerate(tokens[:-1]):
        after = next((t for t in tokens[at + 1 :] if t.folded not in ("the", "a", "an", "my")), None)
        if after is None or after.when is not None:
            continue
        parses = morph().parse(after.folded) if token.folded in ("в", "во", "на") else []
        russian = any("accs" in p.tag for p in parses)
        if (
            (token.folded in _TO or russian)
            and not _names_nothing(after.text)
            and not is_name(after.text, names)
        ):
            found = read_names([after.text])
            if not isinstance(found, Missing) and found and is_place(found[0].name):
                return True
    return False


def _names_nothing(word: str) -> bool:
    """Whether ``word`` names no card or place, even misspelt."""
    found = read_names([word])
    return isinstance(found, Missing) or not found


def _two_cards(args: list[_Token]) -> bool:
    """Whether ``args`` name two cards and no place (what a search names)."""
    found = read_names([t.text for t in args])
    return (
        not isinstance(found, Missing)
        and len(found) == 2
        and not any(f.name == HALL or KIND_OF.get(f.name) is Kind.ROOM for f in found)
    )


def _softened(tokens: list[_Token]) -> list[_Token]:
    """``tokens`` with a hedge that only softens a request ("Could you perhaps move me …") made a leading
    word, as the courtesy around it is."""
    folded = [t.folded for t in tokens]
    return [
        t._replace(leading=True) if t.folded in _HEDGES and _courteous(folded, i) else t
        for i, t in enumerate(tokens)
    ]


_WOKEN = frozenset({"me", "us", "him", "her", "them", "everyone", "everybody"})


def _auxiliaries(tokens: list[_Token]) -> list[_Token]:
    """``tokens`` with a word of being before an order word made a leading word ("will be searching", «буду
    искать»): the order is the verb's, not a move to be somewhere."""
    result = list(tokens)
    for i, token in enumerate(tokens):
        if not is_arrive(token.text):
            continue
        if i + 1 < len(tokens) and tokens[i + 1].folded in _WOKEN:
            result[i] = token._replace(kind="")  # "wake me if someone dies": bidden of others, no move
            continue
        after = next((t for t in tokens[i + 1 :] if not t.leading or t.kind), None)
        if after is not None and after.kind and not is_arrive(after.text):
            result[i] = token._replace(kind="", leading=True)
    return result


def _names_in(clause: list[_Token], names: tuple[str, ...]) -> bool:
    return bool(scan_names([t.text for t in clause if t.when is None and not t.kind], names)[0])


_PLANS = frozenset({"move", "search", "trap", "cancel"})
"""The kinds of order that are plans: a line naming something beside a word of one is never said aloud."""
_TALKING = frozenset(
    {"let's", "lets", "давайте", "давай", "we", "мы", "us", "нам", "together", "вместе", "everyone",
     "whoever", "всем", "все", "don't", "dont", "not", "never", "won't", "не", "ни", "нельзя", "никуда"}
)  # fmt: skip
"""Words of conversation: a proposal to others ("let's all go …", «давайте»), a plan of others ("we"),
a warning or a refusal ("don't go …", «не ходите …»): such a line is talk, not one's own order."""


_REQUESTING = frozenset({"would", "could", "can", "may", "ok", "okay", "можно", "могу", "разрешите"})
"""Words of asking leave: a question with one of them asks for the writer's own order ("Would it be ok
if I went to …?")."""
_WEIGHING = frozenset({"should", "shall", "or", "или", "стоит", "надо", "нужно", "либо"})
"""Words of a choice still being weighed: a question with one of them is asked back, never read."""
_CONDITIONAL = frozenset({"if", "бы", "б"})
_PREPOSITIONS = frozenset(
    {"to", "for", "with", "at", "on", "near", "by", "from", "about", "на", "к", "с", "для", "за", "у", "от",
     "около", "возле", "про", "о", "об", "со"}
)  # fmt: skip


def _talking(line: str, folded: list[str], own: str | None = None) -> bool:
    """Whether a line no order word read is conversation, never read by signals: a question to others
    or one weighing a choice, a proposal to all or a denial (``_TALKING``, but for "let's" alone), "you"
    said of another, what was done told in the past tense — but for one's own character narrated in
    the past ("Anna slipped into the study" from Anna's player: a forum player's way of moving)."""
    if (_TALKING - _PROPOSING - {"не"}).intersection(folded) or "all" in folded:
        return True
    if any(word == "не" and not _polite_not(folded, at) for at, word in enumerate(folded)):
        return True
    if "?" in line and (not _REQUESTING.intersection(folded) or _WEIGHING.intersection(folded)):
        return True
    if "?" in line and not _own_question(folded):
        return True
    if _HOST.isdisjoint(folded) and any(
        word in _YOU and not (at and folded[at - 1] in _MODALS) for at, word in enumerate(folded)
    ):
        return True
    return not _narrated_by_own(folded, own) and any(
        is_past(word) and not _CONDITIONAL.intersection(folded[max(0, at - 3) : at])
        for at, word in enumerate(folded)
    )


def _narrated_by_own(folded: Sequence[str], own: str | None) -> bool:
    """Whether the words ``folded`` open with the writer's own character's name (``own``, or an everyday
    form of it), so that a verb in the past tense after it narrates the writer's own doing, not another's."""
    name = fold_name(own).split() if own else []
    everyday = [form.split() for form in map(fold_name, diminutives.of(own) if own else ())]
    name = next((form for form in everyday if list(folded[: len(form)]) == form), name)  # «Аннушка …»
    if not name or list(folded[: len(name)]) != name:
        return False
    verb = folded[len(name)] if len(folded) > len(name) else ""
    return not lemmas(verb) & _SPEAKING  # "Anna said she would …" tells her words: talk, as before


_SPEAKING = frozenset(
    {"say", "said", "says", "tell", "told", "tells", "answer", "answered", "reply", "replied", "ask",
     "asked", "promise", "promised", "whisper", "whispered", "shout", "shouted", "сказать", "говорить",
     "ответить", "отвечать", "спросить", "спрашивать", "обещать", "пообещать", "шептать", "прошептать",
     "крикнуть", "кричать"}
)  # fmt: skip
"""Lemmas of saying: one's own character saying something is talk, not a move told."""


def _doer(words: list[_Token], written: str) -> bool:
    """Whether the character named as ``written`` is the doer of a line (its subject: no preposition
    before it and, in Russian, the nominative), not whom it is about ("…, meet Boris in the study")."""
    first = written.split()[0]
    at = next((i for i, t in enumerate(words) if t.text == first), None)
    if at is None or (at and words[at - 1].folded in _PREPOSITIONS):
        return False
    if words[at].folded[:1].isascii():
        return True
    return any("nomn" in p.tag for p in morph().parse(words[at].folded)[:2])


def _with_ordinal_hours(sentence: str, times: list[tuple[int, int, When]]) -> list[tuple[int, int, When]]:
    """``times`` with every ordinal alone in ``sentence`` («3-й», "3rd") read as that hour, when an hour is
    named among them («2-й час кабинет, 3-й гостиная»)."""
    if not any(w.part and w.part.startswith("hour") for _, _, w in times):
        return times
    taken = [(a, b) for a, b, _ in times]
    extra = [
        (m.start(), m.end(), When(part=f"hour{m.group(1)}"))
        for m in _ORDINAL_HOUR.finditer(sentence)
        if not any(a <= m.start() < b for a, b in taken)
    ]
    return sorted(times + extra)


_TIME_CUT = re.compile(
    r"(?:[,;]\s*(?:(?:and|then|и|а|потом|затем)\s+)?|\s+(?:and|then|и|а|потом|затем)\s+)(?:(?:в|во|на|at|in|by)\s+)?$",
    re.I,
)
"""Where a part of a sentence ends and the next, opened by its own time, begins: a comma or a joining word."""


def _timed_chunks(
    sentence: str, times: list[tuple[int, int, When]], tokens: list[_Token]
) -> list[tuple[int, int]]:
    """Where a sentence that starts with a time and holds an order word splits into parts each starting
    with its own time after a comma or a semicolon ("в 2-й час в кабинет, в 3-й — обыскать …"): their
    starts and ends; [] if it does not so split."""
    times = _with_ordinal_hours(sentence, times)
    if not times or not tokens or not any(t.kind for t in tokens):
        return []
    if tokens[0].when is None:  # "Search … now, and tomorrow morning …": the first part is the hour's own
        cut = _TIME_CUT.search(sentence[: times[0][0]])
        if cut is None or not cut.start() or not _holds_order(sentence[: cut.start()]):
            return []
        parts = [(0, cut.start()), (times[0][0], len(sentence))]
    elif len(times) < 2:
        return []
    else:
        parts = [(times[0][0], len(sentence))]
    for (_, end, _), (start, _, _) in pairwise(times):
        between = sentence[end:start]
        if not re.search(r"\w", between):
            continue  # "завтра в 10": one time
        cut = _TIME_CUT.search(between)
        if cut is None:
            return []
        parts[-1] = (parts[-1][0], end + cut.start())
        parts.append((start, len(sentence)))
    if any(not _holds_order(sentence[a:b]) for a, b in parts):
        return []  # «Послезавтра во второй половине дня, часа в четыре, — поиск: …»: one time, said twice
    return parts if len(parts) > 1 else []


def _holds_order(text: str) -> bool:
    """Whether ``text`` holds an order word or names a room or a card."""
    words = WORD.findall(text)
    return any(order_kind(word) for word in words) or bool(scan_names(words, ())[0])


def _names_alone(words: list[_Token], found: int) -> bool:
    """Whether the words of a line with no order word in it are names and little else: every other word
    is one of asking ("хочу"), or one word at most, misspelt (not in the dictionary, or near an order word:
    "ищю верёвку и нож")."""
    others = len(words) - found
    if others <= 0:
        return True
    if others > 1:
        return False
    odd = [t for t in words if not lemmas(t.text) & {"я"} and near_order_word(t.text)]
    return bool(odd) or any(t.folded[:1].isalpha() and not t.folded.isascii() and not is_known(t.text)
                            for t in words)  # fmt: skip


def _conversational(text: str, own: str | None = None) -> bool:
    """Whether ``text`` is plainly conversation: a question, a proposal or a warning (``_TALKING``), or
    what was done told in the past tense (not of ``own``, the writer's character, named first)."""
    words = [word.lower().replace("’", "'") for word in WORD.findall(text) if not is_adverb(word)]
    if "?" in text and not _own_question(words):
        return True
    if _SAID_OF_THINGS.search(text):
        return True  # "If I were Egor I'd stay away …", "the knife goes with the Study", «на месте Глеба …»
    if any(
        word in _TALKING and not (word == "не" and _polite_not(words, at)) for at, word in enumerate(words)
    ):
        return True
    if _HOST.isdisjoint(words) and any(word in _YOU and order_kind(after) for word, after in pairwise(words)):
        return True  # "Anna, you look nervous": said to another, of them
    verbs = [word for word in words if order_kind(word) or is_setter(word)]
    if _WISHED.intersection(words) or _narrated_by_own(words, own):
        return False  # «я бы сходил в гараж»: a wish; "Anna slipped into …" from Anna: her own move, told
    if bool(verbs) and all(is_past(word) for word in verbs):
        return True
    return _reported(words) or any(_result_told(words, at) for at in range(len(words)))


_SAID_OF_THINGS = re.compile(
    r"\b(?:if\s+i\s+were|were\s+i|in\s+\w+'s\s+(?:place|shoes)|на\s+месте\s+(?!преступлени)\w+|будь\s+я"
    r"|goes\s+with|go\s+together|belongs?\s+(?:to|with)|относ\w+\s+к|подходит\s+к)\b",
    re.I,
)
"""Words of advice in another's place ("If I were Egor …", «На месте Глеба я бы …») or of which cards go
together ("the knife goes with the Study"): what follows is talk, whatever it names."""


_SEARCH_NOUNS = frozenset({"search", "searches", "поиск", "поиски", "обыск", "осмотр"})
_BEFORE_A_NOUN_OF = frozenset(
    {"my", "the", "a", "your", "his", "her", "our", "one", "two", "three", "four", "last", "мой", "моя",
     "мои", "наш", "этот", "твой", "его", "её", "их", "вчерашний", "последний", "два", "три"}
)  # fmt: skip
_CAME_TO_NOTHING = frozenset(
    {"nothing", "ничего", "пусто", "безрезультатно", "zilch", "nada", "неудачный", "неудачно", "пустой",
     "безрезультатный", "провальный", "бесполезный", "failed", "unsuccessful", "fruitless", "empty",
     "useless", "удачный", "удачно", "успешный", "успешно", "successful", "lucky", "ни"}
)  # fmt: skip
"""Words telling how a search came out («поиск опять неудачный, ни ножа ни яда»): told, no order."""


def _result_told(words: list[str], at: int) -> bool:
    """Whether the word of a search at ``at`` is a noun whose result the sentence tells: "my search … came
    back positive", "three searches for the sofa and nothing", «поиск по дивану ничего не дал» (a past verb
    or "nothing" after it)."""
    if words[at] not in _SEARCH_NOUNS:
        return False
    russian = words[at][:1] in "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    if not russian and not (at and words[at - 1] in _BEFORE_A_NOUN_OF):
        return False  # "search the sofa": the verb, not its noun
    after = words[at + 1 :]
    return bool(_CAME_TO_NOTHING.intersection(after)) or any(is_past(word) for word in after)


def _reported(words: list[str]) -> bool:
    """Whether a sentence tells what another did or said, before any order word in it ("Hanna said she'd
    search the fireplace", «Игорь обещал обыскать камин», "Gleb searched the sofa …"): a verb in the past
    tense first, with no "I" before it."""
    for at, word in enumerate(words):
        if order_kind(word) and not is_past(word):
            return False
        if is_past(word):
            return not _ME.intersection(words[:at]) and not {"i'm", "i've", "i'd", "ive", "im"} & set(
                words[:at]
            )
    return False


_PROPOSING = frozenset({"let's", "lets", "давайте", "давай"})
"""Words of a proposal that takes the writer along: beside a place it is a plan, asked about."""
_MEETING = frozenset(
    {"meet", "встретиться", "встречаться", "собраться", "gather", "lunch", "dinner", "breakfast", "обед",
     "ужин", "завтрак"}
)  # fmt: skip
"""Words (lemmas) that make a proposal a plan of a time and place: a meeting, or a meal to meet after."""
_YOU = frozenset({"you", "ты", "вы"})
_WISHED = frozenset({"бы", "б"})
"""The particle of the Russian conditional: a verb in the past with it is a wish («я бы сходил …»)."""
_HOST = frozenset(
    {"host", "gm", "master", "мастер", "ведущий", "ведущая", "мастеру", "ведущему", "referee", "ref",
     "рефери"}
)  # fmt: skip
"""Words addressing the host: "you" in a line to them is the host, asked to carry an order out."""


def _polite_not(words: list[str], at: int) -> bool:
    """Whether the «не» at ``at`` asks politely («не могли бы вы …», «не затруднит ли»), not denies."""
    return any(w.startswith(("мог", "можете", "затрудн", "сложно")) for w in words[at + 1 : at + 3])


_OTHERS = _YOU | frozenset(
    {"who", "who's", "whos", "anyone", "anybody", "someone", "somebody", "everyone", "everybody", "кто",
     "кто-нибудь", "кто-то", "кто-либо", "ты", "тебе", "тебя", "вас", "вам", "whoever", "кто бы"}
)  # fmt: skip
_ME = frozenset({"i", "me", "my", "я", "мне", "меня", "мой", "моя", "мою", "моего", "мои", "моих", "моим"})


_OTHER_SUBJECTS = frozenset(
    {"someone", "somebody", "anyone", "anybody", "everyone", "everybody", "we", "кто-нибудь", "кто-то",
     "кто-либо", "все", "пусть", "мы", "nobody", "никто"}
)  # fmt: skip
"""Subjects other than the writer at the head of a line: what follows is said of them, not ordered."""
_MODALS = frozenset({"could", "can", "would", "will", "мочь", "можете", "могли", "бы", "не", "please"})


def _done_by_others(tokens: Sequence[_Token], at: int, names: tuple[str, ...]) -> bool:
    """Whether the word ``tokens[at]`` has a subject other than the writer right before it, after a word
    starting a clause ("while nobody's looking", "while Boris naps", «пока все спят»)."""
    before = tokens[max(0, at - 2) : at]
    if len(before) < 2 or before[0].folded not in _SUBORDINATE:
        return False
    subject = before[1].folded.replace("’", "'").removesuffix("'s")
    return subject in _OTHER_SUBJECTS | _THIRD or is_name(before[1].text, names)


_THIRD = frozenset({"he", "she", "they", "он", "она", "они"})


def _said_of_another(tokens: list[_Token], at: int) -> bool:
    """Whether the order word ``tokens[at]`` has "you" for its subject, not asked of the host ("Anna, you
    look nervous" is; "could you move me" is not)."""
    told = [t for t in tokens[:at] if t.when is None and not is_adverb(t.text)]
    before = [t.folded.replace("’", "'") for t in told]
    if not _HOST.isdisjoint(before) or (
        tokens[at].kind == "cancel"
        and not _third(tokens[at])
        and all(_cancelled(t) or t.leading for t in told)
    ):
        return False  # «всё отменяю», «все мои заявки отменяю»: what is taken back, not who does it
    if before and before[0] in _OTHER_SUBJECTS:
        return True  # "Somebody ought to check the car", «Пусть кто-нибудь осмотрит …»
    return bool(before) and before[-1] in _YOU and not (len(before) > 1 and before[-2] in _MODALS)


def _others_bidden(folded: list[str], at: int) -> bool:
    """Whether the words from ``at`` bid others, not the writer ("Someone go to the study", "No one go
    there", «Никто не ходите туда»): a subject other than the writer heads them."""
    head = folded[at : at + 2]
    if len(head) > 1 and head[1] in _I:
        return False  # «пусть я пока останусь …»: let the writer
    return bool(head) and (head[0] in _OTHER_SUBJECTS or head == ["no", "one"])


def _own_question(words: list[str]) -> bool:
    """Whether a question asks about the writer's own order, of nobody else ("Should I go to the garage or
    the study?", «Мне пойти в гараж или в кабинет?»): it is then asked back, never said aloud; a question
    to others ("Who's coming to the kitchen with me?", "Could you move me …?") is conversation."""
    return bool(_ME.intersection(words)) and not _OTHERS.intersection(words)


def _intent(tokens: list[_Token], names: tuple[str, ...]) -> Intent:
    """What the words ``tokens`` ask for (see ``intent``)."""
    has_trap = any(t.kind == "trap" for t in tokens)
    kinds = {t.kind for t in tokens if t.kind} | ({"trap"} if has_trap else set())
    words = [t.text for t in tokens if t.when is None and not t.kind and not t.setter]
    return intent_of(words, kinds, names, timed=any(t.when is not None for t in tokens))


def _lead_by_names(tokens: list[_Token], names: tuple[str, ...], own: str | None) -> list[_Token]:
    """``tokens`` with a character's name that stands before an order word made a leading word: the
    writer's own character told of ("Анна идёт на кухню"; any character's name if the writer is not
    known), or a trap's target written first ("на Глеба ставлю ловушку")."""
    result = list(tokens)
    doers = names if own is None else (own,)
    for i, token in enumerate(tokens):
        if token.kind or token.leading or token.when is not None or not is_name(token.text, names):
            continue
        after = next((t for t in tokens[i + 1 :] if not t.leading or t.setter), None)
        if after is None:
            continue
        if after.setter or after.kind == "trap" or (after.kind and is_name(token.text, doers)):
            result[i] = token._replace(leading=True)
    return result


def _not_an_order(sentence: str, tokens: list[_Token]) -> Unreadable:
    """A sentence that is no order: talk, unless it starts with a misspelt order word or a time and
    a colon ("Serch rope", "завтра: чулан"), which resemble an order and are refused."""
    words = [t for t in tokens if t.when is None]
    word = words[0].text if words else ""
    near = near_order_word(word) if words and words[0] is tokens[0] else ""
    timed = (
        bool(tokens)
        and tokens[0].when is not None
        and _after(sentence, tokens[0]).startswith((":", "—", "-", "–"))
    )  # a sentence of punctuation alone (":-)", "...") has no token at all, and is talk
    return Unreadable(
        sentence, "unknown_order", {"word": word, "suggestion": near.upper()}, bool(near or timed)
    )


def _after(sentence: str, token: _Token) -> str:
    return sentence[token.end :].lstrip()


def _merge(times: Sequence[When | None]) -> When | None:
    result: When | None = None
    for when in times:
        if when is not None:
            result = when if result is None else result.merged(when)
    return result


def _trap_follows(tokens: Sequence[_Token], at: int) -> bool:
    """Whether ``tokens[at]`` is a verb like "set" with a trap word just after it."""
    return tokens[at].setter and any(t.kind == "trap" for t in tokens[at + 1 : at + 4])


def _clauses(
    tokens: list[_Token], first: int, names: tuple[str, ...], sentence: str = ""
) -> list[list[_Token]]:
    """The orders of one sentence: each starts at an order word (with the words that lead it). A time
    right after an order's names, with no comma between, is that order's ("Move to the garage at 1pm and
    to the study at 4pm": names after it are the same order again, at its own time)."""
    clauses: list[list[_Token]] = [list(tokens[: first + 1])]
    kind = tokens[first].kind
    has_args = False
    last_arg = first  # the last word of the order's names: a comma since then parts a time off it
    for position in range(first + 1, len(tokens)):
        token = tokens[position]
        gap = sentence[tokens[last_arg].end : token.start] if sentence else ","
        timed = any(t.when is not None for t in clauses[-1])
        if token.when is not None and has_args and not timed and not re.search(r"[,;:—–]", gap):
            clauses[-1].append(token)
            if kind in ("move", "search") and _names_follow(tokens, position):
                verb = next(t for t in clauses[-1] if t.kind)
                clauses.append([verb._replace(start=token.end, end=token.end)])
                has_args = False
            continue
        if (
            token.when is not None
            and has_args
            and kind in ("move", "search")
            and _names_follow(tokens, position)
        ):
            verb = tokens[first]  # "в 14:00 иду в столовую, в 16:00 в гараж": the same order at another time
            current = clauses[-1]
            moved: list[_Token] = []
            while (
                len(current) > 1 and current[-1].leading and not current[-1].kind and current[-1].when is None
            ):
                moved.insert(0, current.pop())
            clauses.append([*moved, token, verb._replace(start=token.end, end=token.end)])
            has_args = False
            continue
        starts = bool(token.kind) and kind != "say" and not (kind == "cancel" and not has_args)
        starts = starts and not (token.kind == kind and not has_args)  # "head off to", "ставлю ловушку"
        starts = starts and not (
            kind == "trap" and token.kind == "move" and not has_args
        )  # "my trap goes to"
        if starts and _done_by_others(tokens, position, names):
            starts = False  # "…, while nobody's looking", «…, пока никто не видит»: what others do
        if starts and not is_name(token.text, names):
            current = clauses[-1]
            lead: list[_Token] = []
            while len(current) > 1 and (
                (current[-1].leading and not current[-1].kind) or _time_of_next(current, sentence)
            ):
                lead.insert(0, current.pop())
            clauses.append([*lead, token])
            kind, has_args = token.kind, False
            continue
        clauses[-1].append(token)
        if token.when is None and token.folded not in FILLERS and not is_skipped(token.text):
            # not "мои" in «отмените мои ловушки», nor «предыдущий» in «отменяю предыдущий поиск»
            has_args = not (kind == "cancel" and _qualifier(token.text))
            last_arg = position if token.folded not in CONNECTORS else last_arg
        elif token.folded in HERE and any(t.kind and lemmas(t.text) & STAY for t in clauses[-1]):
            has_args = True  # "Stay here this hour and go to the garage in hour 3": two orders
    return clauses


def _time_of_next(clause: list[_Token], sentence: str) -> bool:
    """Whether the time that ends ``clause`` opens the next order instead, after "and" or a comma ("…
    this hour, and tomorrow morning I'll move to the Bedroom", «…, а завтра утром пойду в спальню»)."""
    if len(clause) < 3 or clause[-1].when is None:
        return False
    at = len(clause) - 1
    while at > 1 and clause[at - 1].when is not None:
        at -= 1  # "tomorrow morning": two times, one opening
    before = clause[at - 1]
    parted = bool(sentence) and re.search(r"[,;]", sentence[before.end : clause[at].start]) is not None
    return at > 1 and (before.folded in _THEN_WORDS or parted)


_THEN_WORDS = frozenset({"and", "then", "и", "а", "потом", "затем", "but", "но"})


_QUALIFIERS = frozenset(
    {"previous", "last", "earlier", "current", "planned", "queued", "pending", "old", "both", "my", "that",
     "her", "his", "our", "this", "those", "these", "tomorrow's", "tonight's", "today's", "morning",
     "evening"}
)  # fmt: skip


def _qualifier(word: str) -> bool:
    """Whether ``word`` only qualifies the order a cancel names next («отменяю предыдущий поиск», "cancel
    my earlier search"): an adjective, participle, pronoun or numeral, not what is cancelled."""
    folded = word.lower().replace("’", "'")
    if folded.isascii():
        return folded in _QUALIFIERS
    return morph().parse(folded)[0].tag.POS in {"ADJF", "PRTF", "NUMR", "NPRO"}


def _names_follow(tokens: list[_Token], at: int) -> bool:
    """Whether words that are no order word follow the time ``tokens[at]`` before the next order word or
    time (a time after an order's names, "иду в гостиную в 14:00", ends it rather than starting another)."""
    for token in tokens[at + 1 :]:
        if token.kind or token.when is not None:
            return False
        if token.folded not in FILLERS and token.folded.replace("’", "'") not in _I:
            return True  # "… and tomorrow morning I'll move …": a new order, not this one again
    return False


def _missing(line: str, kind: str, missing: Missing) -> Unreadable:
    """The refusal of an order naming something unknown, or something two names are as near to."""
    if missing.candidates:
        return Unreadable(
            line, "ambiguous", {"text": missing.written, "candidates": list(missing.candidates)}
        )
    params = {"text": missing.written, "suggestion": missing.suggestion}
    if kind == "move":
        return Unreadable(line, "unknown_location", params)
    if kind == "search":
        return Unreadable(line, "unknown_card", params)
    return Unreadable(line, "unknown_word", params)


def _move(items: list[str], names: Sequence[str]) -> dict[str, Any] | Problem:
    if len(items) != 1:
        return "move_one_place", {"count": len(items)}
    place = items[0]
    if place != HALL and KIND_OF.get(place) is not Kind.ROOM:
        return "not_a_location", {"card": place}
    return {"room": place}


def _search(items: list[str], names: Sequence[str]) -> dict[str, Any] | Problem:
    cards = [item for item in items if item != HALL and KIND_OF.get(item) is not Kind.ROOM]
    if len(cards) == 2 and len(items) == 3 and cards[0] != cards[1]:
        items = cards  # "the poison and the kitchen sink": a place beside two cards says where they are
    for item in items:
        if item == HALL or KIND_OF.get(item) is Kind.ROOM:
            return "search_room_card", {"card": item}
        if item in names:
            return "unknown_card", {"text": item, "suggestion": ""}
    if len(items) != 2:
        return "search_two_cards", {"count": len(items), "cards": items}
    if items[0] == items[1]:
        return "search_same_card", {"card": items[0]}
    return {"cards": items}


def _trap(items: list[str], names: Sequence[str]) -> dict[str, Any] | Problem:
    targets = [item for item in items if item in names]
    cards = [item for item in items if item not in names]
    if len(targets) != 1:
        return "trap_one_target", {"count": len(targets)}
    by_kind = {kind: [card for card in cards if card != HALL and KIND_OF[card] is kind] for kind in Kind}
    if len(cards) != 3 or any(len(found) != 1 for found in by_kind.values()):
        return "trap_three_cards", {"cards": cards}
    return {
        "target": targets[0],
        "room": by_kind[Kind.ROOM][0],
        "furniture": by_kind[Kind.FURNITURE][0],
        "weapon": by_kind[Kind.WEAPON][0],
    }


_THERE = frozenset({"there", "туда", "here", "сюда"})


def _there_again(items: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """``items`` without a move "there" after a move to a room ("go to the garage, please move me there",
    «иду в гараж, переведите меня туда»): the same move said again, not a place unknown."""
    kept: list[Order | Unreadable] = []
    for item in items:
        again = (
            isinstance(item, Unreadable)
            and item.reason == "unknown_location"
            and str(item.params.get("text", "")).lower() in _THERE
        )
        if again and any(isinstance(before, Order) and before.kind == "move" for before in kept):
            continue
        kept.append(item)
    return kept


def _said_once(items: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """``items`` of one line without what a later item of it makes needless: the help or the status asked
    again ("HELP! I don't understand the format"), an order said again, a cancel of a move or a search
    that a new one for the same time replaces anyway ("Scratch my earlier search, look for the table and
    the halberd instead")."""
    kept: list[Order | Unreadable] = []
    for at, item in enumerate(items):
        if not isinstance(item, Order):
            kept.append(item)
            continue
        if item.kind in ("help", "status") and any(
            isinstance(o, Order) and o.kind == item.kind for o in kept
        ):
            continue
        if item.kind != "say" and any(_same_order(o, item) for o in kept):
            continue  # «… поищу именно их — камин и кресло», the same search said again
        what = item.args.get("what") if item.kind == "cancel" and not item.args.get("stay") else None
        if (
            what in ("move", "search")
            and any(  # not a trap: several may be set, one taken back
                isinstance(o, Order) and o.kind == what and o.when == item.when for o in items[at + 1 :]
            )
        ):
            continue
        kept.append(item)
    return kept


def _same_order(first: Order | Unreadable, second: Order) -> bool:
    """Whether ``first`` is the order ``second`` is, for the same time (cards in any order)."""

    def key(order: Order) -> tuple[object, ...]:
        args = {k: tuple(sorted(v)) if isinstance(v, list) else v for k, v in order.args.items()}
        return (order.kind, order.when, tuple(sorted(args.items())))

    return isinstance(first, Order) and key(first) == key(second)


def _half_search(item: Order | Unreadable) -> bool:
    """Whether ``item`` is a search for one card alone, which the search for one card beside it completes
    («пороюсь у дивана и поищу биту — …»: ``_merged_searches``)."""
    return isinstance(item, Unreadable) and item.reason == "search_two_cards" and item.params["count"] == 1


def _merged_searches(items: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """Two orders next to each other that each search for one card, as one search for both
    ("осматриваю камин, ищу нож"; "обыскать:" then "Яд." and "Диван." on lines of their own)."""
    merged: list[Order | Unreadable] = []
    for item in items:
        previous = merged[-1] if merged else None
        if (
            isinstance(item, Unreadable)
            and isinstance(previous, Unreadable)
            and item.reason == previous.reason == "search_two_cards"
            and item.params["count"] == previous.params["count"] == 1
            and item.params["cards"] != previous.params["cards"]
            and item.params["segment"] == previous.params["segment"]
        ):
            cards = [*previous.params["cards"], *item.params["cards"]]
            when = Segment.from_key(item.params["segment"]) if item.params["segment"] else None
            merged[-1] = Order(f"{previous.line} {item.line}", "search", {"cards": cards}, when)
            continue
        merged.append(item)
    return merged
