"""Orders of Cosmic Express (CE-4, CE-5, CE-6), Museum Suspects (MS-3 … MS-5) and Minuit (MM-13, MM-15)
written the ways the fourth held-out corpus showed players write them (issue 37): questions to the
referee in other words, arrests and offers by other verbs, a role turned over, token values as Russian
numeral nouns, other names for the ship's places. Every line here is invented for this file; none is
a corpus line."""

from __future__ import annotations

from typing import Any

import pytest
from test_orders_by_meaning import DATA, READERS, _cases, _meaning


def _read(game: str, line: str, language: str) -> Any:
    return _meaning(READERS[game][0](line, language, {}))


CE_LINES = [
    # a condition of courtesy after the order is no condition on it
    ("Please arrest Clara, if you would be so kind.", "en", [("arrest", {"target": "Clara"})]),
    ("Refuse O2, if it's not too much trouble.", "en", [("refuse", {"offer": "O2"})]),
    # CE-5: a question about the offers standing, the phase or what one may do is STATUS or HELP, never talk
    ("Which offers are still standing?", "en", [("status", {})]),
    ("Which phase are we in at the moment?", "en", [("status", {})]),
    ("What can I do now?", "en", [("help", {})]),
    ("Какие предложения у нас пока висят?", "ru", [("status", {})]),
    ("Какой сейчас этап?", "ru", [("status", {})]),
    ("А что мне сейчас можно делать?", "ru", [("help", {})]),
    ("хэлп", "ru", [("help", {})]),
    ("How do I make an offer?", "en", [("help", {})]),
    ("Как сделать предложение?", "ru", [("help", {})]),
    ("Is trading still open?", "en", [("status", {})]),
    ("How are you all?", "en", [("say", {"said": "How are you all?"})]),
    ("Как дела?", "ru", [("say", {"said": "Как дела?"})]),
    # handcuffs put on a player are an arrest
    ("Cuff Clara, please.", "en", [("arrest", {"target": "Clara"})]),
    ("Надеваю наручники на Веру.", "ru", [("arrest", {"target": "Вера"})]),
    # CE-6: one's role turned over is REVEAL, not a question about one's cards
    ("I reveal my role", "en", [("reveal", {})]),
    ("Раскрываю свою роль", "ru", [("reveal", {})]),
    ("Show me both my cards, please", "en", [("status", {})]),
    # CE-4: an offer by another verb or with a doubled letter written once; a refusal by «не надо»
    ("Выставляю мусор для Глеба", "ru", [("offer", {"to": "Глеб", "item": "Trash"})]),
    ("Ofering Boris my candle", "en", [("offer", {"to": "Boris", "item": "Candle"})]),
    ("O5 - не надо, спасибо", "ru", [("refuse", {"offer": "O5"})]),
    # narration before the order, a pronoun for the one arrested
    ("Staring Clara down, I arrest her", "en", [("arrest", {"target": "Clara"})]),
    ("Усмехнувшись, отдаю Вере свечу.", "ru", [("offer", {"to": "Вера", "item": "Candle"})]),
    # an order, then a question to the referee: both read
    (
        "Give Clara my wrench, and which phase is it now?",
        "en",
        [("offer", {"to": "Clara", "item": "Wrench"}), ("status", {})],
    ),
    (
        "Отдаю Вере ключ и какой сейчас этап?",
        "ru",
        [("offer", {"to": "Вера", "item": "Wrench"}), ("status", {})],
    ),
    # an offer named by its ordinal, taken by bidding the other take the item, or turned down by a denied take
    ("Принимаю второе предложение, даю ключ", "ru", [("accept", {"offer": "O2", "item": "Wrench"})]),
    ("Ок, O3, забирай свечу", "ru", [("accept", {"offer": "O3", "item": "Candle"})]),
    ("O6 — не возьму", "ru", [("refuse", {"offer": "O6"})]),
    ("Отдаю Вере мусорную карту", "ru", [("offer", {"to": "Вера", "item": "Trash"})]),
    # one's own offer struck out is withdrawn; the one given to may be the subject
    ("Scratch my offer O2", "en", [("withdraw", {"offer": "O2"})]),
    ("Clara gets my candle", "en", [("offer", {"to": "Clara", "item": "Candle"})]),
    # an offer made by asking the player named first is asked back, never said aloud; talk stays talk
    ("David, want my candle?", "en", "X"),
    ("Глеб, хочешь мою свечу?", "ru", "X"),
    ("Boris wants my candle, I bet", "en", [("say", {"said": "Boris wants my candle, I bet"})]),
    # a choice between two players is no offer: asked back
    ("Отдаю свечу то ли Глебу, то ли Вере", "ru", "X"),
    # CE-5: one's own hand, the game's summary and how to do something are asked of the referee, never said
    ("What's in my hand at the moment?", "en", [("status", {})]),
    ("Что у меня в руке сейчас?", "ru", [("status", {})]),
    ("Host, which offers are open right now?", "en", [("status", {})]),
    ("Скиньте сводку по игре, пожалуйста", "ru", [("status", {})]),
    ("Send me a summary of the game please", "en", [("status", {})]),
    ("Какие есть команды для ареста?", "ru", [("help", {})]),
    ("Подскажите, как меняться с Болваном?", "ru", [("help", {})]),
    ("Remind me, how do I swap with the Dummy?", "en", [("help", {})]),
    # the badge shown is the role turned over; putting a player behind bars arrests them
    ("I flash my badge at everyone.", "en", [("reveal", {})]),
    ("Достаю удостоверение.", "ru", [("reveal", {})]),
    ("Сажаю Веру за решётку.", "ru", [("arrest", {"target": "Вера"})]),
    # another's saying told is no line the writer says; the role card turned over is REVEAL, not a question
    ("Clara says she has two candles", "en", [("say", {"said": "Clara says she has two candles"})]),
    ("Глеб говорит, что он капитан", "ru", [("say", {"said": "Глеб говорит, что он капитан"})]),
    ("Открываю карту роли: я детектив.", "ru", [("reveal", {})]),
]


@pytest.mark.parametrize(("line", "language", "expected"), CE_LINES)
def test_cosmic_express_requests_to_the_referee_and_orders_in_other_words_are_never_said_aloud(
    line: str, language: str, expected: Any
) -> None:
    """CE-4, CE-5, CE-6: each class of line the fourth held-out corpus missed, read as meant."""
    assert _read("ce", line, language) == expected


MS_LINES = [
    (
        "Если вас не затруднит, положите мою единичку на запасной выход",
        "ru",
        [("suggest", {"target": "exit", "value": 1})],
    ),
    # MS-4: a place and a value written short, with or without a word for the token, are a suggestion
    ("D3 with 5", "en", [("suggest", {"target": "D3", "value": 5})]),
    ("the exit, w 4", "en", [("suggest", {"target": "exit", "value": 4})]),
    ("D1 — 6", "ru", [("suggest", {"target": "D1", "value": 6})]),
    ("Hector 2", "en", [("suggest", {"suspect": "hector", "value": 2})]),
    # a token as a plural digit or a digit joined to its noun by a hyphen; the exit and a clue by other names
    ("Put one of my 4s on the fire door", "en", [("suggest", {"target": "exit", "value": 4})]),
    ("Flip hint card 7 and lay a 1-chip on it", "en", [("investigate", {"clue": 7, "value": 1})]),
    ("Кидаю двойку на аварийку", "ru", [("suggest", {"target": "exit", "value": 2})]),
    ("инв 7 с 3", "ru", [("investigate", {"clue": 7, "value": 3})]),
    # MS-3: a token named by a numeral noun in the instrumental is the value, the bare digit the clue
    ("Исследую 4 шестёркой", "ru", [("investigate", {"clue": 4, "value": 6})]),
    ("Смотрю улику 2 двушкой", "ru", [("investigate", {"clue": 2, "value": 2})]),
    ("кладу трёшку на C2", "ru", [("suggest", {"target": "C2", "value": 3})]),
    # the token named by paying it
    ("Clue 5, paying 3.", "en", [("investigate", {"clue": 5, "value": 3})]),
    ("Clue 5, I pay 3", "en", [("investigate", {"clue": 5, "value": 3})]),
    # a hunch told of in the third person asks no help
    ("Кладу тройку на A3, интуиция подсказывает.", "ru", [("suggest", {"target": "A3", "value": 3})]),
    # asking to see the board is STATUS, asking one's options HELP
    ("Show me the grid", "en", [("status", {})]),
    ("Покажите поле", "ru", [("status", {})]),
    ("Что сейчас на поле?", "ru", [("status", {})]),
    ("What are my options?", "en", [("help", {})]),
    ("Put my 2 on the emergency exit", "en", [("suggest", {"target": "exit", "value": 2})]),
    # two orders in shorthand on one line, parted by "+", ";" or «а потом»; a clue and its token by an arrow
    (
        "clue 3 w/ 2 + B4 w/ 6",
        "en",
        [("investigate", {"clue": 3, "value": 2}), ("suggest", {"target": "B4", "value": 6})],
    ),
    (
        "улика 1 с 5 + Адель с 2",
        "ru",
        [("investigate", {"clue": 1, "value": 5}), ("suggest", {"suspect": "adele", "value": 2})],
    ),
    (
        "Можно мне улику 4 (жетон 2), а потом Адели тройку?",
        "ru",
        [("investigate", {"clue": 4, "value": 2}), ("suggest", {"suspect": "adele", "value": 3})],
    ),
    ("clue 7 -> 4", "en", [("investigate", {"clue": 7, "value": 4})]),
    # a value taken back after «нет»/"no": the later one stands
    ("Кладу на C4 тройку… нет, пятёрку", "ru", [("suggest", {"target": "C4", "value": 5})]),
    ("Put a 2, no, a 5 on D3", "en", [("suggest", {"target": "D3", "value": 5})]),
    # the thief's flight in other words is the exit; a short clue and its value are an investigation
    ("Put a 4 on the thief having fled", "en", [("suggest", {"target": "exit", "value": 4})]),
    ("Ставлю пятёрку на то, что вор удрал", "ru", [("suggest", {"target": "exit", "value": 5})]),
    ("clue 6: 3", "en", [("investigate", {"clue": 6, "value": 3})]),
    ("улика 2: 5", "ru", [("investigate", {"clue": 2, "value": 5})]),
    # how an order is written, and where the game stands, are asked of the referee
    ("What's the syntax for investigating?", "en", [("help", {})]),
    ("Как поставить жетон на выход?", "ru", [("help", {})]),
    ("Where are we now? Can I see the grid?", "en", [("status", {})]),
    # two orders written with nothing between them are both read
    (
        "investigate 4 with 2 suggest C1 with 5",
        "en",
        [("investigate", {"clue": 4, "value": 2}), ("suggest", {"target": "C1", "value": 5})],
    ),
    (
        "исследую 6 с 3 ставлю на выход двойку",
        "ru",
        [("investigate", {"clue": 6, "value": 3}), ("suggest", {"target": "exit", "value": 2})],
    ),
]


@pytest.mark.parametrize(("line", "language", "expected"), MS_LINES)
def test_museum_suspects_token_values_and_questions_in_other_words_are_read(
    line: str, language: str, expected: Any
) -> None:
    """MS-3 … MS-5: token values as Russian numeral nouns or by paying, questions about the board."""
    assert _read("ms", line, language) == expected


MM_LINES = [
    # MM-8: taking back what cannot be taken back is asked about, never read as the order it names
    ("Забираю назад своё разоблачение", "ru", "X"),
    ("I take back my reveal", "en", "X"),
    ("Верните мой буй, я его зря потратил", "ru", "X"),
    (
        "Передумал идти в зону 4 — лучше тщательно обыщу казино",
        "ru",
        [("search", {"location": 19, "method": "thorough"})],
    ),
    ("Иду назад в зону 4", "ru", [("move", {"zone": 4})]),
    ("Шмон в большом салоне по-тихому", "ru", [("search", {"location": 20, "method": "discreet"})]),
    # MM-13: other names for the ship's places, kept in the ship's data
    ("поднимаюсь на мостик", "ru", [("move", {"zone": 3})]),
    ("Go up to the bridge", "en", [("move", {"zone": 3})]),
    ("Иду в спа", "ru", [("move", {"zone": 5})]),
    ("Обыщу спа тщательно", "ru", [("search", {"location": 17, "method": "thorough"})]),
    ("Иду к каютам випов", "ru", [("move", {"zone": 1})]),
    ("Zone 4, please", "en", [("move", {"zone": 4})]),
    # MM-18: a suspect moved when bidden («пусть», "let") or by an arrow; never into the suite
    ("Пусть Оскар идёт в казино", "ru", [("escort", {"suspect": "oscar", "zone": 6})]),
    ("Let Oscar go to the casino", "en", [("escort", {"suspect": "oscar", "zone": 6})]),
    ("оскар -> зона 7", "ru", [("escort", {"suspect": "oscar", "zone": 7})]),
    ("Walk Zoe into the victim's suite", "en", "X"),
    # MM-14: the topic asked by what it asks
    (
        "Ask Tomas where he was that night, discreetly",
        "en",
        [("question", {"suspect": "tomas", "topic": "alibi", "method": "discreet"})],
    ),
    (
        "Ask Tomas what he'd gain from it, quick",
        "en",
        [("question", {"suspect": "tomas", "topic": "motive", "method": "quick"})],
    ),
    (
        "Спрошу Томаса, где он был, быстро",
        "ru",
        [("question", {"suspect": "tomas", "topic": "alibi", "method": "quick"})],
    ),
    # questions about the rules and one's state are HELP and STATUS
    ("How does questioning a suspect work here?", "en", [("help", {})]),
    ("How many AP do I have?", "en", [("status", {})]),
    ("Сколько у меня ОД?", "ru", [("status", {})]),
    ("Покажи план палубы", "ru", [("status", {})]),
    # a place named, then searched as "it": both orders; a move taken back by «ой» leaves the last one
    (
        "Go to the casino and search it thoroughly",
        "en",
        [("move", {"zone": 6}), ("search", {"location": 19, "method": "thorough"})],
    ),
    (
        "Иду в казино и осматриваю его тщательно",
        "ru",
        [("move", {"zone": 6}), ("search", {"location": 19, "method": "thorough"})],
    ),
    ("Иду в зону 4... ой, тогда в зону 5", "ru", [("move", {"zone": 5})]),
    # MM-17: the number of a buoy's effect is no count of buoys; the use named is kept
    ("Use a buoy for +1 AP", "en", [("buoy", {"use": "ap"})]),
    ("Buoy: minus one to the roll", "en", [("buoy", {"use": "roll"})]),
    # two letters next to each other typed the other way round, in short words too
    ("retyr qiuck", "en", [("retry", {"method": "quick"})]),
    ("ned turn", "en", [("end", {})]),
    # a request for leave or a condition of courtesy in other words is no question and no condition
    ("Search the casino quickly, if I may.", "en", [("search", {"location": 19, "method": "quick"})]),
    ("Would it be OK to move my detective to zone 3?", "en", [("move", {"zone": 3})]),
    ("Please may I move to zone 4?", "en", [("move", {"zone": 4})]),
    ("Обыщу казино быстро, если позволите", "ru", [("search", {"location": 19, "method": "quick"})]),
    # how to do something, the options and the ship's plan sent are the help and the status
    ("How do I question a suspect?", "en", [("help", {})]),
    ("Remind me, how do I use a buoy?", "en", [("help", {})]),
    ("What are my options this turn?", "en", [("help", {})]),
    ("Подскажите, как обыскивать каюты?", "ru", [("help", {})]),
    ("Could you send me the deck plan again?", "en", [("status", {})]),
    ("Скиньте мне схему палубы", "ru", [("status", {})]),
    # slang verbs in the first person, the infirmary by other names, a life ring, a greeting's "again"
    ("Шмонаю казино тщательно", "ru", [("search", {"location": 19, "method": "thorough"})]),
    ("обыск 21 тщ", "ru", [("search", {"location": 21, "method": "thorough"})]),
    ("Head down to the sick bay.", "en", [("move", {"zone": 9})]),
    ("Иду в медчасть", "ru", [("move", {"zone": 9})]),
    ("Throw a life ring for an extra action.", "en", [("buoy", {"use": "ap"})]),
    ("A quiet snoop round the casino, please.", "en", [("search", {"location": 19, "method": "discreet"})]),
    ("Hi again, I'm done for this turn.", "en", [("end", {})]),
    # an order denied first, then another given, is the other alone
    (
        "Не пойду в зону 4, лучше обыщу 19 тщательно",
        "ru",
        [("search", {"location": 19, "method": "thorough"})],
    ),
    ("Don't move me to zone 3; end my turn.", "en", [("end", {})]),
    # a negation before a verbal adverb denies nothing; an order read whole is not cut; a move sent to
    ("Не спеша иду в зону 3, потом обыщу 19 быстро", "ru", "X"),
    ("Use buoy 2 reroll", "en", [("buoy", {"use": "roll", "count": 2})]),
    ("Send me to the upper deck, zone 2", "en", [("move", {"zone": 2})]),
]


@pytest.mark.parametrize(("line", "language", "expected"), MM_LINES)
def test_minuit_places_suspects_topics_and_questions_in_other_words_are_read(
    line: str, language: str, expected: Any
) -> None:
    """MM-13 … MM-18: places by other names, suspects moved when bidden, topics by what they ask,
    questions about the rules and one's state, a buoy's effect told apart from its count."""
    assert _read("mm", line, language) == expected


def test_the_lines_of_these_classes_stand_in_no_corpus() -> None:
    """The lines above are new, not lines the corpora score."""
    written = {line for path in DATA.glob("*_orders_*.tsv") for line, *_ in _cases(path)}
    lines = [line for line, _, _ in CE_LINES + MS_LINES + MM_LINES]
    assert len(lines) == len(set(lines)) == 137
    assert not written.intersection(lines)


def test_cosmic_express_the_writers_own_name_as_the_doer_narrates_their_order_ce_4() -> None:
    """CE-4: "Clara nods at offer O2 and hands over her candle" written by Clara is her acceptance; the
    same line written by another player is not read as theirs."""
    from referee.core.orders import Unreadable
    from referee.games.cosmic_express.parse import parse_text

    players = ["Anna", "Boris", "Clara"]
    (own,) = parse_text("Clara nods at offer O2 and hands over her candle.", players, "Clara")
    assert (own.kind, own.args) == ("accept", {"offer": "O2", "item": "Candle"})
    (other,) = parse_text("Clara nods at offer O2 and hands over her candle.", players, "Anna")
    assert isinstance(other, Unreadable)
    (scene,) = parse_text("*smiling*, Clara nods at offer O3 and hands over her wrench", players, "Clara")
    assert (scene.kind, scene.args) == ("accept", {"offer": "O3", "item": "Wrench"})


def test_minuit_a_second_question_written_without_its_suspect_is_asked_never_lost_mm_15() -> None:
    """ "Question Leon on motive discreet, then on alibi quick": the second question's words are part of
    an order, not scenery to set aside, so the line is asked about rather than read as the first alone."""
    read = _read("mm", "Question Leon on motive discreet, then on alibi quick", "en")
    assert read == "X" or len(read) == 2, read


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        ("REVEAL ; ARREST Boris. Well played, everyone", ["reveal", "arrest"]),
        ("OFFER Clara Candle ; WITHDRAW O3. Cheers all", ["offer", "withdraw"]),
    ],
)
def test_cosmic_express_orders_after_a_keyword_are_all_read_beside_a_closing_remark_ce_4_ce_6(
    line: str, kinds: list[str]
) -> None:
    """A closing remark that names nothing of the game keeps no order of the line from being read: the
    second order is never dropped for it."""
    assert [kind for kind, _ in _read("ce", line, "en")] == kinds
