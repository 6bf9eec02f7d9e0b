"""Natural order lines, as forum players write them, read by the Ten Sailors order language
(TS-9 ruling, TS-11, TS-20, TS-23 ruling).

Each corpus line holds a line a player might write and the reading expected of it (see the
head of ``tests/data/ts_orders_<lang>.tsv``). At least 95% of the lines of each language must
be read as expected, and a line read otherwise must be refused with a reason: never read as a
different order, never said aloud in place of an order.

The corpora the parser is built on are ``ts_orders_<lang>.tsv`` (the project's own),
``ts_orders_<lang>_second.tsv`` and ``ts_orders_<lang>_third.tsv`` (each written apart from the parser
and scored once as held out, then taken in to build on); all are held to the same bar. The held-out
corpora, written by people who had not read the parser, in the same format, stand beside them as
``ts_orders_<lang>_heldout<set>.tsv`` (sets 3 to 6): they are scored the same way (``score``).
The goal there is the same bar and no order line said aloud;
until it is reached the held-out score may never fall below what it was when the corpus was first
scored (``HELD_OUT_FIRST``). Running this file with ``-s`` prints the scores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from referee.core.orders import Unreadable
from referee.games.ten_sailors.parse import Order, parse_text
from referee.games.ten_sailors.state import LAST_SEGMENT, Segment

DATA = Path(__file__).parent / "data"
NOW = Segment(1, "hour1")
TONIGHT = Segment(1, "night")
NAMES = {
    "en": ("Anna", "Boris", "Carl", "Dora", "Egor", "Fedor", "Gleb", "Hanna", "Ivan"),
    "ru": ("Анна", "Борис", "Вера", "Глеб", "Дмитрий", "Елена", "Жанна", "Зоя", "Игорь"),
}
LEAST_READ = 0.95
LEAST_LINES = 300
BUILT_ON = {"": "built on", "_second": "second, built on", "_third": "third, built on"}


def corpus(language: str, suffix: str = "") -> list[tuple[str, str]]:
    """The (line, expected reading) pairs of ``language``'s corpus (``suffix`` "_second" or "_third":
    the second or third corpus built on, "_heldout3" to "_heldout6": held out)."""
    rows = []
    for raw in (DATA / f"ts_orders_{language}{suffix}.tsv").read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            line, expected = raw.split("\t")
            rows.append((line, expected.strip()))
    return rows


def classes(language: str, suffix: str = "") -> dict[str, str]:
    """The class of each line of a corpus whose head marks its groups ("# class: polite"), by line."""
    found: dict[str, str] = {}
    current = ""
    for raw in (DATA / f"ts_orders_{language}{suffix}.tsv").read_text(encoding="utf-8").splitlines():
        if raw.startswith("# class:"):
            current = raw.removeprefix("# class:").strip()
        elif raw.strip() and not raw.startswith("#") and current:
            found[raw.split("\t")[0]] = current
    return found


def by_class(result: Score, rows: list[tuple[str, str]], of: dict[str, str]) -> str:
    """The share read right in each class of ``of``, one line each ("polite: 9 of 11")."""
    wrong = {miss.partition(": expected ")[0] for miss in result.wrong}
    counts: dict[str, list[int]] = {}
    for line, _ in rows:
        if line in of:
            right, total = counts.setdefault(of[line], [0, 0])
            counts[of[line]] = [right + (repr(line) not in wrong), total + 1]
    return "\n".join(f"  {name}: {right} of {total}" for name, (right, total) in counts.items())


_WRITER = re.compile(r"The writer is taken to be (\w+)")
_REMARKS_UNSCORED = "A remark to the room beside an order is not scored"


def remarks_scored(language: str, suffix: str = "") -> bool:
    """Whether a remark to the room beside an order counts in a corpus: not where its head says that its
    writer was told to give the order alone ("A remark to the room beside an order is not scored"); a
    reading that relays such a remark as talk and reads every order as expected is then right."""
    head = (DATA / f"ts_orders_{language}{suffix}.tsv").read_text(encoding="utf-8")[:3000]
    return _REMARKS_UNSCORED not in head


def writer(language: str, suffix: str = "") -> str | None:
    """The character whose player writes the lines of a corpus, where its head names one ("The writer is
    taken to be Anna"): the referee always knows whose mail or post it reads."""
    head = (DATA / f"ts_orders_{language}{suffix}.tsv").read_text(encoding="utf-8")[:2000]
    found = _WRITER.search(head)
    return found.group(1) if found else None


def reading(item: Order | Unreadable, own: str | None = None) -> str:
    """One order or refusal in the corpus notation; an order for a segment after the last of the game is
    refused as it arrives (``after_the_end``, TS-25 ruling: the game ends on the morning of day 10), and
    so are one for a segment already over (``segment_over``: «сегодня в 9 утра» read at 10:00) and a trap
    the writer ``own`` sets for their own character (``trap_self``, TS-20)."""
    if isinstance(item, Unreadable):
        return "X" if item.is_order else "TALK"
    if item.when is not None and (item.when > LAST_SEGMENT or item.when < NOW):
        return "X"
    if own is not None and item.kind == "trap" and item.args["target"] == own:
        return "X"
    args = item.args
    written = item.when
    if written is None and (item.kind == "trap" or (item.kind == "cancel" and args.get("what") == "trap")):
        written = TONIGHT  # a trap, or the cancelling of traps, with no time is for the coming night
    when = "" if written in (None, NOW) else f"@{written.key}"
    if item.kind == "move":
        text = f"M:{args['room']}"
    elif item.kind == "search":
        text = "S:" + ",".join(sorted(args["cards"]))
    elif item.kind == "trap":
        text = f"T:{args['target']}/{args['room']}/{args['furniture']}/{args['weapon']}"
    elif item.kind == "cancel":
        text = "STAY" if args.get("stay") else f"C:{args['what']}"
    else:
        text = "TALK" if item.kind == "say" else item.kind.upper()
    return text + when


def normalised(expected: str) -> str:
    """The expected reading with the cards of each search in a fixed order, and the night a trap (or the
    cancelling of traps) written without a time is for: "T:…" and "T:…@d1n" mean the same order; "SAY"
    (a line marked as said, as the first corpora write it) and "TALK" (as the held-out ones do) are the
    same: said to the room where the writer is."""
    parts = []
    for part in expected.split(" ; "):
        part = "TALK" if part == "SAY" else part  # said to the room either way (TS-23)
        if part.startswith(("T:", "C:trap")) and "@" not in part:
            part += f"@{TONIGHT.key}"
        if part.startswith("S:"):
            cards, _, when = part[2:].partition("@")
            part = "S:" + ",".join(sorted(cards.split(","))) + (f"@{when}" if when else "")
        parts.append(part.removesuffix(f"@{NOW.key}"))
    return " ; ".join(parts)


@dataclass
class Score:
    """How a corpus was read: its ``lines``, those read ``wrong`` (each with what was read), those of them
    read as another order or talk (``misread``), and the order lines ``said_aloud`` (read as talk)."""

    lines: int = 0
    wrong: list[str] = field(default_factory=list)
    misread: list[str] = field(default_factory=list)
    said_aloud: list[str] = field(default_factory=list)

    @property
    def share(self) -> float:
        return 1 - len(self.wrong) / self.lines if self.lines else 0.0

    def __str__(self) -> str:
        return f"{self.share:.1%} of {self.lines} read right; {len(self.said_aloud)} order lines said aloud"


def score(
    rows: list[tuple[str, str]], language: str, own: str | None = None, *, remarks: bool = True
) -> Score:
    """How the lines ``rows`` of ``language`` are read against what is expected of them, written by the
    player of ``own`` (if known); with ``remarks`` False, talk read beside the expected orders of a line
    that expects no talk is not scored (``remarks_scored``)."""
    result = Score(len(rows))
    for line, expected in rows:
        items = parse_text(line, NAMES[language], NOW, own)
        got = " ; ".join(reading(item, own) for item in items)
        if got == normalised(expected) or (not remarks and _orders_with_remarks(got, normalised(expected))):
            continue
        result.wrong.append(f"{line!r}: expected {expected}, got {got}")
        if expected.split(" ; ").count("TALK") < got.split(" ; ").count("TALK"):
            result.said_aloud.append(result.wrong[-1])
        if not all(isinstance(item, Unreadable) and item.is_order and item.reason for item in items):
            result.misread.append(result.wrong[-1])
    return result


def _orders_with_remarks(got: str, expected: str) -> bool:
    """Whether ``got`` is the orders ``expected`` (which holds no talk) with talk beside them."""
    parts = got.split(" ; ")
    orders = [part for part in parts if part != "TALK"]
    return "TALK" not in expected.split(" ; ") and len(orders) < len(parts) and " ; ".join(orders) == expected


@pytest.mark.parametrize("suffix", list(BUILT_ON))
@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_order_line_of_the_corpora_is_said_aloud_ts_23(language: str, suffix: str) -> None:
    """TS-23 ruling (talk beside orders): a line that is, or holds, an order or a plan is never read as
    more talk than it holds, whether it is read right or refused with a question."""
    result = score(corpus(language, suffix), language, writer(language, suffix))
    print(f"\n{language} ({BUILT_ON[suffix]}): {result}")
    assert not result.said_aloud, "\n".join(result.said_aloud)


HELD_OUT_FIRST = {
    ("3", "en"): (112, 19),
    ("3", "ru"): (103, 25),
    ("4", "en"): (108, 22),
    ("4", "ru"): (103, 25),
    ("5", "en"): (108, 25),
    ("5", "ru"): (103, 24),
    ("6", "en"): (115, 11),
    ("6", "ru"): (119, 11),
    ("7", "en"): (123, 14),
    ("7", "ru"): (127, 17),
    ("8", "en"): (132, 15),
    ("8", "ru"): (135, 17),
    ("9", "en"): (65, 16),
    ("9", "ru"): (64, 20),
    ("10", "en"): (128, 15),
    ("10", "ru"): (139, 10),
    ("11", "en"): (136, 18),
    ("11", "ru"): (131, 26),
    ("12", "en"): (127, 12),
    ("12", "ru"): (134, 7),
    ("13", "en"): (140, 8),
    ("13", "ru"): (143, 5),
    ("14", "en"): (149, 5),
    ("14", "ru"): (143, 15),
    ("15", "en"): (136, 9),
    ("15", "ru"): (138, 10),
    ("16", "en"): (149, 3),
    ("16", "ru"): (153, 5),
    ("17", "en"): (155, 5),
    ("17", "ru"): (154, 6),
    ("18", "en"): (146, 9),
    ("18", "ru"): (148, 8),
    ("19", "en"): (141, 12),
    ("19", "ru"): (152, 3),
    ("20", "en"): (151, 7),
    ("20", "ru"): (149, 10),
    ("21", "en"): (135, 12),
    ("21", "ru"): (138, 11),
}
"""Lines of each held-out corpus (``ts_orders_<lang>_heldout<set>.tsv``) read right, and order lines said
aloud, when it was first scored (2026-12-06; 160 lines each, set 6 148, sets 7 and 8 170–173). The misses
of sets 3 and 4 were then described by class (never quoted) to the parser's authors; set 5 was written by
someone who had read only the rules and, once scored, its lines were read and built on. Set 6 (with ``#
class:`` groups, scored by class) was written the same way and scored once the work on set 5 was done;
nobody who works on the parser had read its lines when it was scored. Set 7 (three classes more: long
posts with an order inside, corrections, lists and mixed scripts) was written the same way and scored
first, before anyone read it; its lines were then built on. Set 8 (172 and 173 lines) was written the same
way while the work on set 7 went on and scored once it was done: nobody who works on the parser has read
its lines; it is the score that counts. Set 9 (120 lines each, 15 a class, in the eight classes the fresh
sets read worst: several orders, long posts, shorthand, corrections, remarks, help, sloppy typing, talk
naming cards) was written the same way, scored first, then built on. Set 10 (172 and 174 lines, the
classes of set 8) was written the same way while sets 7 and 9 were built on and scored once at the end;
its lines were then read and built on. Set 11 (170 lines each, the same seventeen classes) was written the
same way while set 10 was built on and scored once, unread, at the end; its lines were then read and built
on. Set 12 (170 lines each, the same classes) was written the same way while sets 10 and 11 were built on,
and scored once, unread, at the end. Set 13 (170 lines each, the same classes; 2026-12-07; its writers
were told that a remark beside an order is not scored, ``remarks_scored``) was written the same way and
scored first, unread, before that day's work; its lines were then built on. Set 14 (170 lines each, the
same classes and rule) was written the same way at the start of that day's work and scored once, unread,
at its end: the score that counts. Set 15 (170 lines each, the same classes and rule; a stop later) was
written the same way and scored first, unread, before that stop's work; its lines were then built on. Set
16 (170 lines each, the same classes and rule; the stop after) was written the same way and scored first,
unread, before that stop's work; its lines were then built on. Set 17 (170 lines each, the same classes
and rule) was written the same way while that stop's work went on and scored once, unread, at its end: the
score that counts for it; its lines were read and built on the stop after. Set 18 (170 lines each, the
same classes and rule) was written the same way at the start of that stop and scored first, unread; nobody
who works on the parser read it before it was scored again at that stop's end, unread: 152 and 151 lines
read right, 6 and 8 said aloud; its lines were read and built on the stop after. Set 19 (170 lines each, the
same classes and rule) was written the same way at the start of that stop and scored first, unread, and
again unread at its end: 143 and 152 lines read right, 10 and 3 said aloud; its lines were read and built
on the stop after. Set 20 (170 lines each, the same classes and rule) was written the same way at the start
of that stop and scored first, unread, and again unread at its end: 151 and 150 lines read right, 7 and
9 said aloud; its lines were read and built on the stop after. Set 21 (170 lines each, the same classes
and rule) was written the same way at the start of that stop and scored first, unread. The goal is
``LEAST_READ`` and none said aloud; until then no set may ever be read worse than at first."""


@pytest.mark.parametrize(("held_out", "language"), list(HELD_OUT_FIRST))
def test_the_held_out_corpora_are_never_read_worse_than_when_first_scored_ts_23(
    held_out: str, language: str
) -> None:
    """Each held-out corpus: scored and printed; never fewer lines read right, nor more order lines
    said aloud, than at its first scoring."""
    suffix = f"_heldout{held_out}"
    rows = corpus(language, suffix)
    result = score(rows, language, writer(language, suffix), remarks=remarks_scored(language, suffix))
    right, aloud = HELD_OUT_FIRST[(held_out, language)]
    reached = result.share >= LEAST_READ and not result.said_aloud
    print(
        f"\n{language} (held out, set {held_out}): {result}; goal {'reached' if reached else 'not reached'}"
    )
    print(by_class(result, rows, classes(language, suffix)))
    assert len(result.said_aloud) <= aloud, "\n".join(result.said_aloud)
    assert result.lines - len(result.wrong) >= right, "\n".join(result.wrong)


def test_scoring_counts_an_order_line_read_as_talk_as_said_aloud() -> None:
    """The score itself: a move read as talk is wrong, misread and said aloud; a refused one only wrong."""
    result = score([("Hello everybody", "M:Kitchen"), ("go to the attic", "M:Kitchen")], "en")
    assert (result.lines, len(result.wrong), len(result.misread), len(result.said_aloud)) == (2, 2, 1, 1)
    assert result.share == 0.0


@pytest.mark.parametrize("suffix", list(BUILT_ON))
@pytest.mark.parametrize("language", ["en", "ru"])
def test_natural_lines_are_read_right_or_refused_never_misread_ts_9_ts_11_ts_23(
    language: str, suffix: str
) -> None:
    """TS-9 ruling / TS-11 / TS-23 ruling: ≥95% of natural lines read as meant; every other line refused."""
    rows = corpus(language, suffix)
    assert len(rows) >= (LEAST_LINES if not suffix else LEAST_LINES // 2)
    result = score(rows, language, writer(language, suffix))
    assert not result.misread, "\n".join(result.misread)
    assert result.share >= LEAST_READ, "\n".join(result.wrong)


def test_preparing_loads_the_dictionary_and_card_index_that_the_first_order_would_load() -> None:
    """``referee serve`` prepares the games as it starts (``Referee.prepare``): the Russian dictionary
    and the index of card names are then loaded, and the first order of a burst of mail is judged
    without loading them (they took a third of the time of taking 300 mails in)."""
    from referee.app import open_referee
    from referee.core import russian
    from referee.games.ten_sailors import lexicon

    for cached in (russian.morph, lexicon.card_index, lexicon.card_forms, lexicon._lexicon):
        cached.cache_clear()
    assert lexicon.card_index.cache_info().currsize == 0
    open_referee("sqlite://").prepare()
    for cached in (russian.morph, lexicon.card_index, lexicon.card_forms):
        assert cached.cache_info().currsize == 1, cached
    hits = lexicon.card_index.cache_info().hits
    read = parse_text("обыскиваю кровать", NAMES["ru"], NOW)
    assert isinstance(read, list) and lexicon.card_index.cache_info().hits > hits  # used, not built again
