"""Finding the cards, places and characters named in the words of an order (TS-7 … TS-9 ruling).

Names are matched by their dictionary forms, so every case of a Russian name is read
(``в ванную``, ``на кухне``, ``ловушка на Анну``, ``канистрой бензина``): the index of
the cards' names and aliases is built once. A word that matches nothing is compared with
every form of every name: one clearly nearest name (``Kitchn``, ``оранжирея``) is read as
that name, and the order says so; two names about as near are asked about; a word near
nothing gets, at most, a suggestion.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from rapidfuzz import fuzz, process

from referee.core import diminutives
from referee.core.russian import morph
from referee.core.seats import fold_name
from referee.core.text import in_order
from referee.games.ten_sailors.cards import ALIASES, INFORMAL, KIND_OF, LOCATIONS, display
from referee.games.ten_sailors.words import (
    FILLERS,
    PRONOUNS,
    VERBS,
    WORDS_KEPT,
    is_adverb,
    is_skipped,
    lemmas,
)

WORD = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*")
"""One word of an order: letters and digits, with inner apostrophes or hyphens."""

_LONGEST = 4
ACCEPT = 80.0
"""How near (0–100) a misspelt word must be to a name to be read as it."""
SUGGEST = 62.0
"""How near a word must be to a name for the refusal to suggest that name."""
MARGIN = 6.0
"""How much nearer the nearest name must be than the next one for a misspelling to be read."""
_SHORTEST_MISSPELT = 4
_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")


@dataclass(frozen=True)
class Found:
    """A name read from the words ``written``; ``near`` if they were a misspelling of it."""

    name: str
    written: str
    near: bool = False


@dataclass(frozen=True)
class Missing:
    """Words ``written`` that name nothing: the ``suggestion`` nearest, or the ``candidates`` as near."""

    written: str
    suggestion: str = ""
    candidates: tuple[str, ...] = ()


def words_of(text: str) -> list[str]:
    """The words of ``text``."""
    return WORD.findall(text)


def _phrases() -> Iterable[tuple[str, str]]:
    """Every (spelling, canonical name) of the cards and the Hall."""
    for name in (*LOCATIONS, *KIND_OF):
        yield name, name
        yield display(name, "ru"), name
        if " " in name:
            yield name.replace(" ", ""), name  # "livingroom", "diningroom": typed as one word
    for spelling, name in ALIASES.items():
        yield spelling, name
    for name, spellings in INFORMAL.items():
        for spelling in spellings:
            yield spelling, name


def _keys(words: Sequence[str]) -> Iterable[tuple[str, ...]]:
    return itertools.product(*map(_sorted_lemmas, words))


@lru_cache(maxsize=WORDS_KEPT)
def _sorted_lemmas(word: str) -> tuple[str, ...]:
    """The dictionary forms of ``word`` (see ``lemmas``), in order: made once for a word met often."""
    return tuple(sorted(lemmas(word)))


@cache
def card_index() -> dict[tuple[str, ...], str]:
    """The lemma sequence of every card spelling, mapped to its canonical name (built once)."""
    index: dict[tuple[str, ...], str] = {}
    for spelling, name in _phrases():
        for key in _keys(words_of(spelling)):
            index.setdefault(key, name)
    return index


def prepare() -> None:
    """Loads the Russian dictionary and builds the card indexes now, once (``GameRules.prepare``): the
    dictionary alone takes a third of a second to load."""
    card_index()
    card_forms()


def _inflected(spelling: str) -> set[str]:
    """``spelling`` (folded) in each case, for comparing misspelt words with."""
    words = [fold_name(word) for word in words_of(spelling)]
    forms = {" ".join(words)}
    if not any(word[:1].isalpha() and not word.isascii() for word in words):
        return forms
    for case in _CASES:
        inflected = []
        for word in words:
            parsed = morph().parse(word)[0].inflect({case})
            inflected.append(fold_name(parsed.word) if parsed else word)
        forms.add(" ".join(inflected))
    return forms


@cache
def card_forms() -> dict[str, frozenset[str]]:
    """Every written form of every card spelling, mapped to the names it may be (built once)."""
    forms: dict[str, set[str]] = {}
    for spelling, name in _phrases():
        for form in _inflected(spelling):
            forms.setdefault(form, set()).add(name)
            forms.setdefault(form.replace(" ", ""), set()).add(name)  # "livingroom"
    return {form: frozenset(names) for form, names in forms.items()}


@cache
def _people(names: tuple[str, ...]) -> tuple[dict[tuple[str, ...], str], dict[str, frozenset[str]]]:
    index: dict[tuple[str, ...], str] = {}
    forms: dict[str, frozenset[str]] = {}
    for name in names:
        for key in _keys(words_of(name)):
            index.setdefault(key, name)
        for form in _inflected(name):
            forms[form] = forms.get(form, frozenset()) | {name}
    for name in names:  # «Дима» is Дмитрий, where no character is called so
        for everyday in diminutives.of(name, names):
            for key in _keys(words_of(everyday)):
                index.setdefault(key, name)
            for form in _inflected(everyday):
                forms.setdefault(form, frozenset({name}))
    return index, forms


@dataclass(frozen=True)
class _Lexicon:
    """What ``read_names`` looks names up in, for one game's characters: the dictionary forms of
    every name (``index``), every written form (``forms``), and those of one and of two words."""

    index: dict[tuple[str, ...], str]
    forms: dict[str, frozenset[str]]
    one_word: list[str]
    two_words: list[str]


_DETERMINERS = frozenset(
    {"the", "this", "that", "my", "our", "этот", "эта", "эту", "этой", "этом", "тот", "ту"}
)


@cache
def _heads() -> dict[str, frozenset[str]]:
    """The last word (a lemma) of the spellings of two names or more that is no name by itself («зал»: the
    Hall's «большой зал», the Dining Room's «обеденный зал», the Music Room's «музыкальный зал»): a place
    named by it alone could be any of them."""
    heads: dict[str, set[str]] = {}
    for spelling, name in _phrases():
        words = words_of(spelling)
        if len(words) > 1:
            for lemma in _sorted_lemmas(words[-1]):
                heads.setdefault(lemma, set()).add(name)
    index = card_index()
    return {
        lemma: frozenset(names)
        for lemma, names in heads.items()
        if len(names) > 1 and (lemma,) not in index and lemma not in FILLERS
    }


@lru_cache(maxsize=64)
def _lexicon(people: tuple[str, ...]) -> _Lexicon:
    """The cards' names and ``people``'s (which come first where they are spelt alike), made once for
    the last games read rather than for every sentence."""
    person_index, person_forms = _people(people)
    forms = {**card_forms(), **person_forms}
    return _Lexicon(
        {**card_index(), **person_index},
        forms,
        [form for form in forms if " " not in form],
        [form for form in forms if " " in form],
    )


def is_name(word: str, people: Sequence[str]) -> bool:
    """Whether ``word`` is a form of one of the characters' names ``people``."""
    return _is_name(word, tuple(people))


@lru_cache(maxsize=WORDS_KEPT)
def _is_name(word: str, people: tuple[str, ...]) -> bool:
    index, _ = _people(people)
    return any(key in index for key in _keys([word]))


def read_names(words: Sequence[str], people: Sequence[str] = ()) -> list[Found] | Missing:
    """The cards, places (and, if ``people`` are given, characters) that ``words`` name, in order.

    Little words between them are skipped; the longest name is tried first.
    """
    found: list[Found] = []
    for item in _names(words, people):
        if isinstance(item, Missing):
            return item
        if (
            found
            and found[-1].name == item.name
            and not found[-1].near
            and not item.near
            and fold_name(found[-1].written) != fold_name(item.written)
        ):
            continue  # "a jerrycan of gasoline", «канистра с бензином»: one card named twice over
        found.append(item)
    return found


def scan_names(words: Sequence[str], people: Sequence[str] = ()) -> tuple[list[Found], bool]:
    """Every name ``words`` hold among other words, as ``read_names`` finds them, passing over words
    that name nothing; and whether a word was about as near two names, or a number stood after a name
    (either makes the reading unsure)."""
    found: list[Found] = []
    unsure = False
    after_name = False
    for item in _names(words, people, lenient=True):
        if isinstance(item, Missing):
            numbered = after_name and item.written.isdigit()  # "комнату 5": which room is that?
            unsure = unsure or bool(item.candidates) or numbered
        else:
            found.append(item)
        after_name = not isinstance(item, Missing)
    return found, unsure


_SHORTEST_ABBREVIATION = 4
_VOWELS = re.compile(r"[aeiouyаеёиоуыэюя]")


@cache
def _skeletons() -> dict[str, tuple[str, str]]:
    """Each one-word card name (folded) by its name: the name and its consonants alone."""
    return {
        form: (name, _VOWELS.sub("", form))
        for form, names in card_forms().items()
        if " " not in form and len(names) == 1
        for name in names
    }


@lru_cache(maxsize=WORDS_KEPT)
def _abbreviated(word: str) -> str | None:
    """The one card whose Russian name ``word`` starts («подсв», «алеб»; an English one if it is long,
    ``_long_prefix``), or whose consonants it is
    written with alone ("cndlstk", "chndlr", «пстлт»); None for a word of its own (in the dictionary, an
    order word), a short one, or one that could be several cards'."""
    shortest = _SHORTEST_ABBREVIATION - (not word.isascii())  # «кух», «каб»: three Russian letters
    if len(word) < shortest or word in VERBS or _known_word(word):
        return None
    bare = _VOWELS.sub("", word)
    vowelless = len(bare) >= _SHORTEST_ABBREVIATION and bare == word  # "cndlstk": no vowel at all
    found = {
        name
        for form, (name, consonants) in _skeletons().items()
        if (form.startswith(word) and (not word.isascii() or _long_prefix(word, form) or _cut_english(word)))
        or (
            vowelless
            and consonants[:1] == bare[:1]
            and in_order(bare, consonants)
            and 2 * len(bare) > len(consonants)
        )
    }
    return next(iter(found)) if len(found) == 1 else None


_LONG_PREFIX = 7


def _long_prefix(word: str, form: str) -> bool:
    """Whether an English ``word`` is long enough, and most of ``form``, to be its short form ("conserv",
    "chandel"): English has no dictionary here, so "night" is never the Nightstand."""
    return _LONG_PREFIX <= len(word) < len(form) < 2 * len(word)


_WORDS_BEGINNING_NAMES = frozenset(
    {"fire", "night", "light", "great", "green", "rest", "draw", "drawing", "easy", "hand", "wing",
     "winter", "close", "orange", "base", "pole", "piano", "dinner", "sitting", "switch", "entrance",
     "pocket", "jerry", "ceiling", "bedside", "wash", "living", "dining", "music", "candle", "petrol",
     "baseball", "lava", "cupboard", "office", "settle", "stud", "dine", "sitt", "toil", "pock", "loun",
     "live", "sink", "gara", "revolve", "cons", "wardrobe", "rope", "arse", "lasso", "table", "toilet"}
)  # fmt: skip
"""English words (and near-words) that begin a card's name ("fire" of the fireplace, "rest" of the
restroom): never that card cut short."""


def _cut_english(word: str) -> bool:
    """Whether an English ``word`` of four letters or more may be a card's name cut short ("halb",
    "chand", "pist"): not a word that begins one (``_WORDS_BEGINNING_NAMES``)."""
    return len(word) >= _SHORTEST_ABBREVIATION and word not in _WORDS_BEGINNING_NAMES


def _known_word(word: str) -> bool:
    """Whether ``word`` is a word of its own: in the Russian dictionary, or an English order word."""
    if word.isascii():
        return bool(lemmas(word) & VERBS.keys()) or word in FILLERS
    return bool(morph().word_is_known(word))


_NEVER_NEAR = PRONOUNS | frozenset(
    {
        "small",
        "stall",
        "shell",
        "smell",
        "spell",
        "still",
        "shelf",
        "card",
        "cards",
        "карта",
        "карту",
        "карты",
        "dinner",
        "lunch",
        "supper",
        "breakfast",
        "обед",
        "обеда",
        "обеду",
        "обедом",
        "ужин",
        "ужина",
        "ужину",
        "ужином",
    }
)
"""Words of their own never read as a name misspelt ("I shall go" is no "Hall", nor "a small one", nor
"back by dinner" the Dining Room)."""


def _names(
    words: Sequence[str], people: Sequence[str], *, lenient: bool = False
) -> Iterable[Found | Missing]:
    """The names ``words`` hold, in order; a word naming nothing yields a ``Missing`` (and ends the names
    unless ``lenient``)."""
    lexicon = _lexicon(tuple(people))
    index = lexicon.index
    position = 0
    while position < len(words):
        for size in range(min(_LONGEST, len(words) - position), 0, -1):
            chunk = words[position : position + size]
            name = next((index[key] for key in _keys(chunk) if key in index), None)
            if name is not None:
                yield Found(name, " ".join(chunk))
                position += size
                break
        else:
            word = words[position]
            if fold_name(word) in FILLERS | _NEVER_NEAR or is_skipped(word) or (lenient and is_adverb(word)):
                position += 1
                continue
            shared = [_heads()[lemma] for lemma in _sorted_lemmas(word) if lemma in _heads()]
            determined = (
                position > 0 and fold_name(words[position - 1]) in _DETERMINERS
            )  # "the room": this one
            if shared and not determined:  # «иду в зал», "go to a room": which one?
                yield Missing(word, candidates=tuple(sorted(shared[0])))
                if not lenient:
                    return
                position += 1
                continue
            known = position + 1 < len(words) and any(
                key in index for key in _keys(words[position + 1 : position + 2])
            )
            short = _abbreviated(fold_name(word))
            if short is not None:  # "pois", "halb", "cndlstk": a card's name cut or typed without vowels
                yield Found(short, word, near=True)
                position += 1
                continue
            near = _nearest_cached(tuple(words[position : position + 2]), tuple(people), known)
            yield near if isinstance(near, Missing) else near[0]
            if isinstance(near, Missing):
                if not lenient:
                    return
                position += 1
            else:
                position += near[1]


@lru_cache(maxsize=WORDS_KEPT)
def _nearest_cached(
    words: tuple[str, ...], people: tuple[str, ...], alone: bool
) -> tuple[Found, int] | Missing:
    """``_nearest`` for the first of ``words`` (one word or two), remembered: a misspelling, or a word of
    talk, met again is not compared with every name again."""
    return _nearest(words, 0, _lexicon(people), alone=alone)


def _nearest(
    words: Sequence[str], position: int, lexicon: _Lexicon, *, alone: bool
) -> tuple[Found, int] | Missing:
    """The name the misspelt words at ``position`` mean (and how many words it took), or why none;
    ``alone`` when the next word is a name of its own: the two are then read as one name only if
    they are clearly a misspelling of it ("Baseballl Bat")."""
    word = words[position]
    attempts = []
    if position + 1 < len(words) and fold_name(words[position + 1]) not in FILLERS:
        attempts.append(2)
    attempts.append(1)
    best: tuple[list[tuple[str, float]], int] | None = None
    for size in attempts:
        query = fold_name(" ".join(words[position : position + size]))
        forms, pool = lexicon.forms, lexicon.two_words if size == 2 else lexicon.one_word
        scores: dict[str, float] = {}
        for form, score, _ in process.extract(query, pool, scorer=fuzz.ratio, limit=15, score_cutoff=SUGGEST):
            for name in forms[form]:
                scores[name] = max(scores.get(name, 0.0), score)
        ranked = sorted(scores.items(), key=lambda item: -item[1])
        if size == 2 and alone and ranked and ranked[0][1] < ACCEPT:
            continue  # "Krl Bedroom" is no misspelt "bed room": the second word is a name of its own
        if ranked and (best is None or ranked[0][1] > best[0][0][1]):
            best = (ranked, size)
        if ranked and ranked[0][1] >= ACCEPT:
            break
    if best is None:
        return Missing(word)
    ranked, size = best
    written = " ".join(words[position : position + size])
    top, score = ranked[0]
    rivals = tuple(name for name, other in ranked[1:] if other >= max(ACCEPT, score - MARGIN))
    if score >= ACCEPT and len(fold_name(written)) >= _SHORTEST_MISSPELT:
        if rivals:
            return Missing(written, candidates=(top, *rivals))
        return Found(top, written, near=True), size
    return Missing(word, suggestion=top)


_CUT = re.compile(r"(?<![\w.])([^\W\d_]{3,})\.(?=\s*[,;:]|\s+[^\W_A-ZА-ЯЁ]|\s+\d)")
"""A word cut short and ended with a stop inside a line ("conserv. 18:30", «оранж. 18:30», «пер.
кабинет»): what follows is no new sentence (no capital), nor the end of the line."""


_CUT_BARE = re.compile(r"(?<![\w.])([а-яё]{3,})(?=\s*[+,;:]|\s|$)", re.I)
"""A Russian word cut short with no stop («-> кух», «ищу подсв+бенз», «отм все», «лов Борис кух стол
нож»): cut only if it is no word of the dictionary."""


def uncut(line: str) -> str:
    """``line`` with each word cut short written whole where it begins exactly one room or card name
    («оранж.» is the Conservatory, "conserv." too; «-> кух» without its stop, where «кух» is no word) or
    words of one kind of order («пер.» a move, «отм.» a cancel); a word cut that could be several is
    left as written."""
    return _CUT.sub(_uncut_one, _CUT_BARE.sub(_uncut_bare, line))


def cut_short(word: str) -> bool:
    """Whether ``word`` is a name or an order word cut short («гост», "cons"), not a whole word."""
    return bool(_whole(word))


def _uncut_bare(found: re.Match[str]) -> str:
    return found.group() if _known_word(found.group(1)) else _whole(found.group(1)) or found.group()


def _uncut_one(found: re.Match[str]) -> str:
    whole = _whole(found.group(1))
    if not whole or fold_name(whole).split()[0] == fold_name(found.group(1)):
        return found.group()  # a whole word at the end of a sentence: its stop stays
    following = WORD.match(found.string, found.end() + 1)
    parts = whole.split()
    if len(parts) > 1 and following is not None and lemmas(following.group()) & lemmas(parts[-1]):
        return " ".join(parts[:-1])  # «муз. комнату»: the word cut is the first of the name, the rest follows
    return whole


@lru_cache(maxsize=1024)
def _whole(cut: str) -> str:
    start = fold_name(cut)
    if any(fold_name(spelling) == start for spelling, _ in _phrases()) or lemmas(cut) & set(VERBS):
        return ""  # a whole word («ванную.», "Study."), only ended by a stop
    if start in card_forms():
        return ""  # a form of a name («кухню.»)
    names = {name for spelling, name in _phrases() if fold_name(spelling).startswith(start)}
    if len(names) == 1:
        return display(names.pop(), "ru" if start[:1] in _RUSSIAN_LETTERS else "en")
    nouns = [noun for noun in _ORDER_NOUNS if noun.startswith(start)]
    if not names and len(nouns) == 1:
        return nouns[0]  # «пер.» is «переход», «лов.» «ловушка», «отм.» «отмена»
    kinds = {kind for word, kind in VERBS.items() if fold_name(word).startswith(start)}
    if not names and len(kinds) == 1:
        return next(word for word, kind in sorted(VERBS.items()) if fold_name(word).startswith(start))
    return ""


_ORDER_NOUNS = ("переход", "поиск", "обыск", "ловушка", "отмена", "move", "search", "trap", "cancel")
"""The nouns of the orders, which a word cut short stands for first."""
_RUSSIAN_LETTERS = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
