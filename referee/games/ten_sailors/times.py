"""Times and days in orders, as players write them, read as the segment an order is for (TS-4, TS-11).

Forms read, in any letter case and anywhere in an order: ``DAY 2 HOUR 3`` / ``д2ч1`` / ``день 2,
час 3``; ``hour 3`` / ``час 3`` / ``3-й час`` / ``во втором часу`` (the game's hour 2; the
game names its segments hours 1–4, so an ordinal hour is the game's hour, not the clock's);
``NIGHT 2`` / ``ночь 2``; ``tonight`` / ``ночью``; ``today`` / ``сегодня``, ``tomorrow`` /
``завтра``, ``послезавтра``; ``day 2`` / ``день 2``; ``next hour`` / ``в следующий час``;
``in the morning`` / ``утром`` (hour 1) and ``this evening`` / ``вечером`` (hour 4); clock
times ``at 14:00`` / ``в 14:00`` / ``2pm`` / ``в 14 часов``.

A clock time means the segment of the game day that holds it (TS-4: hour 1 10:00–12:30,
hour 2 12:30–15:00, hour 3 15:00–17:50, hour 4 17:50–20:00, night 20:00–10:00; a time on a
boundary starts the later segment). Without a day it means the next such segment that has
not ended: today's if it is still open or to come, otherwise tomorrow's. So does an hour or
night named without a day. A day named without an hour means that day's first segment not
yet over (its night, for a trap).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from referee.core.orders import Problem
from referee.games.ten_sailors.state import Segment

_BOUNDS: tuple[tuple[int, str], ...] = (
    (10 * 60, "hour1"),
    (12 * 60 + 30, "hour2"),
    (15 * 60, "hour3"),
    (17 * 60 + 50, "hour4"),
    (20 * 60, "night"),
)
"""When each segment of the game day begins, in minutes after midnight (TS-4)."""

_ORDINALS = {"перв": 1, "втор": 2, "трет": 3, "четв": 4, "first": 1, "second": 2, "third": 3, "fourth": 4}
_ORDINALS |= {"1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_DAY_ORDINALS = _ORDINALS | {
    "пят": 5, "шест": 6, "седьм": 7, "восьм": 8, "девят": 9, "десят": 10,
    "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
}  # fmt: skip
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5,
    "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12,
}  # fmt: skip
"""Numbers written as words after "day" or "hour" ("day two", «час пятый» with ``_DAY_ORDINALS``)."""


def _number_word(word: str) -> int:
    """The number a word after "day" or "hour" names: a cardinal or an ordinal of any ending."""
    word = word.lower()
    return _NUMBER_WORDS.get(word) or next(n for stem, n in _DAY_ORDINALS.items() if word.startswith(stem))


@dataclass(frozen=True)
class When:
    """A time as written: an absolute ``day`` or one ``ahead`` of today, a ``part`` of the day,
    ``dawn`` for a clock time before 10:00 (the end of the night before), ``next`` for "next hour"."""

    day: int | None = None
    ahead: int | None = None
    part: str | None = None
    dawn: bool = False
    next: bool = False
    bad_hour: int | None = None
    morning: bool = False
    """Named as "the morning" ("утром", "in the morning"): after a night, the 10:00 that ends it."""

    def merged(self, other: When) -> When:
        """This time with what ``other`` names added (``завтра`` + ``в 14:00``)."""
        fields = {
            name: getattr(other, name)
            for name in ("day", "ahead", "part", "bad_hour")
            if getattr(other, name) is not None
        }
        return replace(
            self, **fields, dawn=self.dawn or other.dawn, next=self.next or other.next, morning=other.morning
        )


_HEADED = r"(?<![^\s(\[])(?<!добрый\s)(?<!доброе\s)(?<!доброй\s)"
_HEADS = r"(?=\s*[-—–:])"
"""A part of the day written as a heading before a dash or a colon («вечер - спальня», «ночь: ловушка …»):
that part of the day, as «вечером» or «ночью»; never a greeting («Добрый вечер —»)."""

_DAY_STEMS = "|".join(_DAY_ORDINALS)
_MINUTE_WORDS = {"five": 5, "ten": 10, "twenty": 20, "twenty-five": 25, "twenty five": 25}
"""Minutes written as words before "to" or "past" an hour ("ten to six", "twenty past four")."""
_MINUTES_BEFORE = {"пяти": 5, "десяти": 10, "пятнадцати": 15, "двадцати": 20, "двадцати пяти": 25}
"""Minutes written as words after «без» before an hour («без десяти шесть», «без двадцати пять»)."""
_WORD_NUMBER = rf"((?:{_DAY_STEMS})\w*|{'|'.join(_NUMBER_WORDS)})"
"""A number written as a word: an ordinal of any ending or a cardinal."""
_SEP = r"[\s,.]*"
_NIGHT = r"(?:ночь|night)(?=\s*[:—–.-]|\s*$)"
"""A bare "night" is a time only as a heading ("НОЧЬ:"), never inside a name ("night stand")."""
_NIGHTLY = r"(?:night|ночн(?:ая|ую|ой|ые|ых|ое|ый|ого))(?=\s+(?:trap|move|ловушк|переход|ход|капкан))"
""""Night" said of an order ("Night trap: …", «Ночная ловушка: …»): the order is for tonight."""
_OF_AN_ORDER = (
    r"(?:ий|юю|его|ее|яя|ие|их|ем)"
    r"(?=\s+(?:\w+\s+)?(?:переход|ход|поиск|обыск|осмотр|ловушк|капкан|приказ|заявк))"
)
"""The ending of a Russian adjective of time said of an order («вечерний переход», «завтрашний утренний
поиск»): the order is for that time."""
_IN = r"(?:(?:в|во|на|к|с|около|at|on|in|by|for|around)\s+)?"
_NIGHT_BEFORE = (
    rf"(?:(?:в|на)\s+)?ночь\s+(?:на|перед)\s+(\d{{1,2}}|(?:{_DAY_STEMS})\w*)\s*-?(?:й|ий|ой|ым)?\s*(?:день|дня)"
    r"|(?:on\s+)?(?:the\s+)?night\s+before\s+day\s+(\d{1,2})"
)
"""The night before a day: «в ночь на 3-й день», «ночь перед третьим днём», "the night before day 3"."""
_CLOCK_BARE = r"(?:в|к|at|by|around)\s+(1\d|2[0-3])(?![\d:.\-]|\s*(?:-|й|ой|ий|ым|ом|ч|h|час|hour|am|pm))"
"""A clock hour of the game day written alone after a preposition: «в 13», «завтра в 10», "at 16"."""
_PM = r"(?:(?:this|in\s+the)\s+)?(afternoon|evening)|(дня|вечера|утра|ночи)"
_CLOCK_PM = (
    rf"(?:(?:this|in\s+the)\s+(?:afternoon|evening),?\s+)(?:at|around|by)\s+(\d{{1,2}})(?:[:.](\d{{2}}))?"
    rf"|{_IN}(\d{{1,2}}|час|{'|'.join(_NUMBER_WORDS)})(?:[:.](\d{{2}}))?\s+(?:час(?:а|ов)?\s+|o'?clock\s+)?(?:{_PM})"
)
"""A clock time said with the part of the day that tells it from the same time in the morning ("this
afternoon at 2", "at 4 in the afternoon", «в час дня», «в 7 вечера», «в 8 утра»)."""
_LATER_TAIL = (
    r"(?:\s*,?\s*(?:(?:in\s+the|this)\s+(?:afternoon|evening)|p\.?m\.?|o'?clock(?:\s+in\s+the\s+(?:afternoon|evening))?"
    r"|дня|вечера|вечером|днём|днем))?"
)
"""The part of the day said after a clock time the game day reads as afternoon anyway ("a quarter to six
in the evening", «без четверти шесть вечера»): part of the time, never a second one."""
_PATTERNS: tuple[tuple[str, str], ...] = (
    ("night_before", _NIGHT_BEFORE),
    ("night_ahead1", r"завтра\s+ночью|tomorrow\s+(?:at\s+)?night|tomorrow'?s\s+night"
     r"|(?:в|на)\s+ночь\s+на\s+завтра|(?:(?:в|на)\s+)?завтрашн\w+\s+ноч\w+"),
    ("day_hour", rf"{_IN}(?:день|дн|д|day|d)\.?\s*(\d{{1,2}}){_SEP}(?:час|ч|hour|h)\.?\s*(\d{{1,2}})"),
    ("hour_day", rf"{_IN}(\d)\s*-?(?:й|ой|ий)?\s*час{_SEP}(\d{{1,2}})\s*-?(?:го|ого)?\s*дня"),
    ("night_n", rf"{_IN}(?:ночь|night|n)\s*(\d{{1,2}})\b"),
    ("night_word", rf"{_IN}(?:the\s+)?((?:{_DAY_STEMS})\w*)\s+(?:ночь|ночи|night)\b"),
    ("last_hour", r"(?:(?:в|на|in|during)\s+)?(?:the\s+)?(?:последн\w+|last)\s+"
     r"(?:игров\w+\s+|game\s+)?(?:час\w*|hour)(?:\s+(?:дня|of\s+the\s+day))?"),
    ("clock_pm", _CLOCK_PM),
    ("clock", rf"{_IN}(\d{{1,2}})[:.\-](\d{{2}})\s*(am|pm)?"),
    ("ampm", rf"{_IN}(\d{{1,2}})\s*(am|pm)\b"),
    ("clock_hours", rf"{_IN}(\d{{1,2}})\s*(?:часов|часа|часам|ч\.(?=\s|$))"),
    ("half_past", rf"{_IN}half\s+past\s+(\d{{1,2}}|{'|'.join(_NUMBER_WORDS)}){_LATER_TAIL}"
     rf"|{_IN}(?:пол\s*-?\s*|половин[аеуы]\s+)({_DAY_STEMS})\w*{_LATER_TAIL}"),
    ("hour_of_ru", rf"{_IN}({_DAY_STEMS})\w*\s+часу(?:\s+(дня|вечера))?"),
    ("quarter_en",
     rf"{_IN}(?:a\s+)?quarter\s+(past|after|to|of)\s+(\d{{1,2}}|{'|'.join(_NUMBER_WORDS)}){_LATER_TAIL}"),
    ("quarter_to_ru", rf"{_IN}без\s+четверти\s+(\d{{1,2}}|{_WORD_NUMBER[1:-1]}){_LATER_TAIL}"),
    ("minutes_en", rf"{_IN}({'|'.join(_MINUTE_WORDS)}|\d{{1,2}})\s+(?:minutes?\s+)?"
     rf"(to|till|before|past|after)\s+(\d{{1,2}}|{'|'.join(_NUMBER_WORDS)}){_LATER_TAIL}"),
    ("minutes_to_ru", rf"{_IN}без\s+({'|'.join(_MINUTES_BEFORE)}|\d{{1,2}})\s+(?:минут\s+)?"
     rf"(\d{{1,2}}|{_WORD_NUMBER[1:-1]}){_LATER_TAIL}"),
    ("quarter_past_ru", rf"{_IN}четверть\s+((?:{_DAY_STEMS})\w*){_LATER_TAIL}"),
    ("clock_word", rf"{_IN}({'|'.join(_NUMBER_WORDS)})\s+(?:часов|часа)(?!\s+(?:дня|вечера|утра|ночи))"
     rf"|(?:часов|часа)\s+в\s+({'|'.join(_NUMBER_WORDS)}|\d{{1,2}})\b"
     rf"|{_IN}({'|'.join(_NUMBER_WORDS)}|\d{{1,2}})\s+o'?clock\b"
     r"|(?<![\w-])(?:в|к)\s+(два|три|четыре|пять|шесть|семь|[2-7])(?=\s*(?:[,—–:]|\s-\s|$)|\s+[а-яё]+[ую]\b)"
     r"|(?<![\w-])at\s+(two|three|four|five|six|seven|[2-7])(?=\s*(?:[,;—–:]|\s-\s)"
     r"|\s+(?:i|i'll|i'm|we|she|he|anna|then|move|go|search)\b)"),
    ("clock_bare", _CLOCK_BARE),
    ("hour_n", rf"{_IN}(?:час|ч|hour|h)\.?\s*(\d{{1,2}})\b"),
    ("n_hour", rf"{_IN}(\d{{1,2}})\s*-?(?:й|ой|ий|ым|ом|м|го)?\s*(?:(?:игров\w*|game)\s+)?(?:час\w*|hour)"
     r"|([1-4])\s*(?:ч|h)(?![\w.])"),
    ("ordinal", rf"{_IN}({_DAY_STEMS})\w*\s+(?:(?:игров\w*|game)\s+)?(?:час\w*|hour)"),
    ("hour_word", rf"{_IN}(?:час|hour)\s+{_WORD_NUMBER}"),
    ("day_word", rf"{_IN}(?:день|day)\s+{_WORD_NUMBER}"),
    ("word_day", rf"{_IN}(?:the\s+)?({_DAY_STEMS})\w*\s+(?:день|дня|day)"),
    ("day_n", rf"{_IN}(?:день|day|d)\s*(\d{{1,2}})\b"),
    ("n_day", rf"{_IN}(\d{{1,2}})\s*-?(?:й|ой|ий|ом|ый)?\s*(?:день|дня)\b"),
    ("this_hour", r"(?:в|на|for|during)?\s*(?:this|the\s+current|этот|текущий)\s+(?:час|hour)"
     r"|asap|as\s+soon\s+as\s+possible|right\s+now|прямо\s+сейчас|немедленно|поскорее"
     r"|(?:к|by|at)\s+(?:концу|the\s+end\s+of)\s+(?:этого\s+|this\s+|the\s+)?(?:часа|hour)"),
    ("next", r"(?:в|на|during)?\s*(?:следующ\w*|next)\s+(?:час\w*|ход\w*|hour|turn|segment)"),
    ("tonight", rf"(?:(?:сегодня|этой|в|на)\s+)?ночью|(?:на|в)\s+ночь|tonight|(?:at|this)\s+night|{_NIGHT}"
     r"|overnight|за\s+ночь"
     r"|(?:for|during|over)\s+the\s+night"
     rf"|{_NIGHTLY}|toni(?:te|gth|ht)|2nite|{_HEADED}ночь{_HEADS}"),
    ("ahead2", r"послезавтра|(?:the\s+)?day\s+after\s+tomorrow"),
    ("ahead1", rf"завтрашн{_OF_AN_ORDER}|завтра|(?:first\s+thing\s+)?tomorrow|tom+or+ow|tmrw|tmr|tmrrw"
     r"|2mor+ow|2moro|tomoz"),
    ("today", r"сегодня|today"),
    ("noon", rf"{_IN}(?:noon|midday|полдень|полдня)"),
    ("morning_ahead1", r"(?:(?:на|в)\s+)?завтрашн\w+\s+утр(?:о|ом|а)"
     r"|(?:на|в)\s+утро\s+завтра(?:шнего\s+дня)?"),
    ("morning", rf"утренн{_OF_AN_ORDER}|утром|утречком|с\s+утра|с\s+утречка|{_HEADED}утро{_HEADS}"
     r"|(?:first\s+thing\s+)?(?:in\s+the\s+|this\s+)?morning"),
    ("evening", rf"вечерн{_OF_AN_ORDER}|вечером|вечерком|под\s+вечер(?:ок)?|на\s+вечер|{_HEADED}вечер{_HEADS}"
     r"|(?:ближе\s+)?к\s+вечеру|(?:in\s+the\s+|this\s+)?evening|towards?\s+(?:the\s+)?evening"),
)  # fmt: skip
_ANY = r"(?<![\w:])(?:" + "|".join(rf"(?P<{name}>(?:{pattern})(?!\w))" for name, pattern in _PATTERNS) + ")"
_FIND = re.compile(_ANY, re.I)
"""Any of the times, in any letter case, neither starting nor ending inside a word ("сегодняшний" is
not "сегодня"); where one may start is asked once for all of them."""
_FIND_LOWER = re.compile(_ANY)
"""``_FIND`` for a text in lower case (its words are): more than twice as quick as ignoring case."""
_CASE_ODD = re.compile("[\u0130\u0131\u017f\u1c80-\u1c85]")
"""The only letters that ``_FIND`` takes for one of its own other than as their lower case is ("ı" and
"ſ" for "i" and "s", old shapes of "в", "д", "о", "с", "т"), or whose lower case is longer ("İ"). A text
without them is read by ``_FIND_LOWER`` in lower case, at the same places (a test checks every
character)."""


_FIRST_MORNING_HOUR = 8
"""The first hour of a clock time written without "am" or "pm" taken as written: 1:00 to 7:59 are read
as the afternoon, when the game's days are played ("at 3:30" is 15:30), never the small hours."""


def _clock(hours: int, minutes: int) -> When:
    total = hours * 60 + minutes
    if total < _BOUNDS[0][0]:
        return When(part="night", dawn=True)
    part = [name for start, name in _BOUNDS if start <= total][-1]
    return When(part=part)


def _clock_of_day(groups: list[str]) -> When:
    """The clock time of ``_CLOCK_PM``'s groups: hours (a number or «час», one), minutes, part of day."""
    word = groups[0].lower()
    hours = 1 if word == "час" else _NUMBER_WORDS[word] if word in _NUMBER_WORDS else int(word)
    minutes = int(groups[1]) if len(groups) > 1 and groups[1] and groups[1].isdigit() else 0
    part = groups[-1].lower()
    if part in ("утра", "ночи"):
        hours -= 12 if hours == 12 else 0
    elif hours < 12:
        hours += 12
    return _clock(hours, minutes) if hours < 24 and minutes < 60 else When(bad_hour=hours)


def _hour(number: int) -> When:
    return When(part=f"hour{number}") if 1 <= number <= 4 else When(bad_hour=number)


def _read(name: str, groups: list[str]) -> When:
    """The time one match of pattern ``name`` names."""
    numbers = [int(g) for g in groups if g and g.isdigit()]
    if name in ("day_hour", "hour_day"):
        day, hour = numbers if name == "day_hour" else numbers[::-1]
        return replace(_hour(hour), day=day)
    if name == "night_before":
        word = next(g for g in groups if g).lower()
        day = numbers[0] if numbers else next(n for stem, n in _DAY_ORDINALS.items() if word.startswith(stem))
        return When(day=day - 1, part="night")
    if name == "night_ahead1":
        return When(ahead=1, part="night")
    if name == "clock_pm":
        return _clock_of_day(groups)
    if name == "clock_bare":
        return _clock(numbers[0], 0)
    if name == "night_n":
        return When(day=numbers[0], part="night")
    if name == "night_word":
        return When(day=_number_word(groups[0]), part="night")
    if name == "last_hour":
        return _hour(4)
    if name in ("clock", "ampm"):
        hours, minutes = numbers[0], numbers[1] if len(numbers) > 1 else 0
        suffix = (groups[-1] or "").lower() if groups and not (groups[-1] or "").isdigit() else ""
        hours += 12 if suffix == "pm" and hours < 12 else 0
        hours -= 12 if suffix == "am" and hours == 12 else 0
        if not suffix and 1 <= hours < _FIRST_MORNING_HOUR:
            hours += 12  # "at 3:30", «в 3:30»: on a game day (10:00–20:00) the afternoon, as «в 3 часа» is
        return _clock(hours, minutes) if hours < 24 and minutes < 60 else When(bad_hour=hours)
    if name == "clock_word":  # «в четыре часа», «в 3 иду …», "at four o'clock", "at 3 I go …": 16:00, 15:00
        word = next(g for g in groups if g).lower()
        hours = int(word) if word.isdigit() else _NUMBER_WORDS[word]
        hours += 12 if hours < 10 else 0
        return _clock(hours, 0) if hours < 24 else When(bad_hour=hours)
    if name == "clock_hours":  # «в 4 часа», as «в четыре часа»: 16:00 on a game day (game hours: «4-й час»)
        hours = numbers[0] + (12 if numbers[0] < 10 else 0)
        return _clock(hours % 24, 0) if hours < 24 else When(bad_hour=hours)
    if name == "half_past":  # "half past three" (15:30), «в полчетвёртого» (half an hour before four)
        word = groups[0].lower()
        hours = numbers[0] if numbers else _NUMBER_WORDS.get(word) or _number_word(word) - 1
        hours += 12 if hours < 10 else 0
        return _clock(hours, 30) if hours < 24 else When(bad_hour=hours)
    if name == "hour_of_ru":  # «в седьмом часу вечера»: between six and seven, 18:30 on a game day
        number = _number_word(groups[0])
        if len(groups) < 2 and number <= 4:
            return _hour(number)  # «в третьем часу»: the game's third hour
        hours = number - 1 + (12 if number - 1 < 10 else 0)
        return _clock(hours, 30) if hours < 24 else When(bad_hour=hours)
    if name.startswith("quarter"):  # "a quarter to six" (17:45), «в четверть пятого» (16:15)
        words = [g.lower() for g in groups if g]
        number = int(words[-1]) if words[-1].isdigit() else _number_word(words[-1])
        if name == "quarter_past_ru":  # a quarter of the fifth hour: 4:15
            hours, minutes = number - 1, 15
        elif name == "quarter_to_ru" or words[0] in ("to", "of"):
            hours, minutes = number - 1, 45
        else:
            hours, minutes = number, 15
        hours += 12 if hours < 10 else 0
        return _clock(hours, minutes) if hours < 24 else When(bad_hour=hours)
    if name in ("minutes_en", "minutes_to_ru"):  # "ten to six" (17:50), «без пяти четыре» (15:55)
        words = [g.lower() for g in groups if g]
        before = name == "minutes_to_ru" or words[1] in ("to", "till", "before")
        minutes = int(words[0]) if words[0].isdigit() else {**_MINUTE_WORDS, **_MINUTES_BEFORE}[words[0]]
        number = int(words[-1]) if words[-1].isdigit() else _number_word(words[-1])
        hours, minutes = (number - 1, 60 - minutes) if before else (number, minutes)
        hours += 12 if hours < 10 else 0
        return _clock(hours, minutes) if hours < 24 and 0 < minutes < 60 else When(bad_hour=hours)
    if name in ("hour_n", "n_hour"):
        return _hour(numbers[0])
    if name in ("ordinal", "hour_word"):
        return _hour(_number_word(groups[0]))
    if name in ("day_word", "word_day"):
        return When(day=_number_word(groups[0]))
    if name in ("day_n", "n_day"):
        return When(day=numbers[0])
    fixed = {
        "next": When(next=True),
        "this_hour": When(),
        "tonight": When(part="night"),
        "ahead2": When(ahead=2),
        "ahead1": When(ahead=1),
        "today": When(ahead=0),
        "morning": When(part="hour1", morning=True),
        "morning_ahead1": When(ahead=1, part="hour1", morning=True),
        "noon": _clock(12, 0),
        "evening": When(part="hour4"),
    }
    return fixed[name]


_TIME_WORDS = (
    "час", "hour", "ноч", "night", "день", "дня", "day", "следующ", "next", "завтра", "tomorrow",
    "сегодня", "today", "утр", "morning", "вечер", "evening", "toni", "nite", "afternoon", "half", "пол",
    "tmr", "tomo", "tomm", "2mor", "last", "последн", "quarter", "четверт", "noon", "midday", "полд", "clock",
    "asap", "soon", "now", "сейчас", "немедл", "поскор", "over", r"[вк]\s+(?:два|три|четыре|пять|шесть|семь)",
    r"at\s+(?:two|three|four|five|six|seven)\b",
    r"\s(?:to|till|before|past|after)\s", r"без\s",
)  # fmt: skip
"""A word of a time: every pattern of ``_PATTERNS`` but those of numbers needs one."""
_NUMBER = (
    r"[\dчhnd](?:(?<=\d)(?:[\s,.]*[чh]|[:.\-]\d|\s*[ap]m)|(?<=[чhnd])\.?\s*\d)|(?:в|к|at|by|around)\s+[12]\d"
    r"|(?:в|к|at)\s+[2-7](?!\d)"
)
"""What every pattern of a number needs: a digit before "ч" or "h", before ":" or "." and a digit, or
before "am" or "pm", or a digit after "ч", "h", "n" or "d" ("note 17" holds none)."""
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class _Way:
    """How to look for times in a text: for a word of a time (``word``), for a number that may be one
    (``number``), then for the times themselves (``find``)."""

    word: re.Pattern[str]
    number: re.Pattern[str]
    find: re.Pattern[str]

    def may_name_a_time(self, subject: str) -> bool:
        """Whether ``subject`` holds a word of a time or a number that may be one: a line that does not,
        as most orders are, names no time, and this says so at a fraction of the cost of looking."""
        if self.word.search(subject) is not None:
            return True
        return _DIGIT.search(subject) is not None and self.number.search(subject) is not None


_BLIND = _Way(re.compile("|".join(_TIME_WORDS), re.I), re.compile(_NUMBER, re.I), _FIND)
"""How to look for times in any text, in any letter case."""
_LOWER = _Way(re.compile("|".join(_TIME_WORDS)), re.compile(_NUMBER), _FIND_LOWER)
"""``_BLIND`` for a text in lower case."""


def find_times(text: str) -> list[tuple[int, int, When]]:
    """Every time named in ``text``: its start, its end and what it names."""
    way, subject = _searched(text)
    if not way.may_name_a_time(subject):
        return []
    return [
        (match.start(), match.end(), _when(match))
        for match in way.find.finditer(subject)
        if not _PAST.search(subject, 0, match.start())
    ]


_PAST = re.compile(r"(?<!\w)(?:last|yesterday|вчера|прошл\w+|позавчера)\s+$", re.I)
"""A word before a time that puts it in the past ("last night", «вчера вечером», «прошлой ночью»): told
of, it is no time of an order."""


def _searched(text: str) -> tuple[_Way, str]:
    """How to look for times and the text to look in: ``_LOWER`` and the lower case of ``text`` where
    that finds the same, else ``_BLIND`` and ``text``."""
    return (_LOWER, text.lower()) if _CASE_ODD.search(text) is None else (_BLIND, text)


def _when(match: re.Match[str]) -> When:
    """What the time ``_FIND`` matched names."""
    return _read(match.lastgroup or "", [g for g in match.groups() if g is not None][1:])


def time_at_start(text: str) -> tuple[int, When] | None:
    """The time ``text`` begins with, if any: where it ends and what it names (the first time
    ``find_times`` gives when it starts there, found without looking further)."""
    way, subject = _searched(text)
    if not way.may_name_a_time(subject):
        return None
    match = way.find.match(subject)
    if match is None:
        return None
    return match.end(), _when(match)


def segment_for(when: When, now: Segment, kind: str) -> Segment | Problem:
    """The segment an order of ``kind`` means by ``when``, read at segment ``now`` (see the module)."""
    if when.bad_hour is not None:
        return "bad_hour", {"hour": when.bad_hour}
    if when.next and when.part is None and when.day is None and when.ahead is None:
        return now.next()
    named_day = when.day if when.day is not None else None
    if named_day is None and when.ahead is not None:
        named_day = now.day + when.ahead
    part = when.part
    if part is None:
        if named_day is None:
            return now
        if kind == "trap":
            return Segment(named_day, "night")
        first = Segment(named_day, "hour1")
        return now if first < now and now.day == named_day else first
    day = named_day if named_day is not None else now.day
    candidate = Segment(day - 1 if when.dawn else day, part)
    if named_day is None and candidate < now:
        candidate = Segment(candidate.day + 1, part)
    return candidate
