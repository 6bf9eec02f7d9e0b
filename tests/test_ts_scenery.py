"""Scenery around an order set aside, chat and courtesy said plainly, times in more of their forms
(TS-9, TS-11, TS-23 ruling; the classes the held-out sets showed, each line written here, none from a
corpus)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.games.ten_sailors.parse import parse_text
from referee.games.ten_sailors.scenery import plain

sys.path.insert(0, str(Path(__file__).parent))
from test_ts_order_corpus import DATA, NAMES, NOW, reading

CLASSES = {
    "en": [
        ("Dripping wet and cross, Anna stomps to the garage.", "M:Garage"),
        ("Without a word, Anna searches the wardrobe and the pistol.", "S:Pistol,Wardrobe"),
        (
            "Anna, humming softly, sets a trap for Ivan: bedroom, nightstand, poison",
            "T:Ivan/Bedroom/Nightstand/Poison@d1n",
        ),
        ("Would you be so kind as to move me to the bathroom?", "M:Bathroom"),
        ("If it's no trouble, I'd like to go to the music room.", "M:Music Room"),
        ("May I ask you to move me to the dining room", "M:Dining Room"),
        ("check 4 the rope n the table", "S:Rope,Table"),
        ("tmrw: dining room", "M:Dining Room@d2h1"),
        ("Cancel every one of my traps", "C:trap@d1n"),
        ("How do I cancel a search, then?", "HELP"),
        ("I'll ambush Fedor: garage, car, halberd", "T:Fedor/Garage/Car/Halberd@d1n"),
        ("tarp Boris: study, armchair, stone", "T:Boris/Study/Armchair/Stone@d1n"),
        ("on the second night trap Egor: kitchen, sink, knife", "T:Egor/Kitchen/Sink/Knife@d2n"),
        ("at three in the afternoon go to the study", "M:Study@d1h3"),
        ("in the last hour I go to the bedroom", "M:Bedroom@d1h4"),
        ("Stay put and look for the rope and the table", "STAY ; S:Rope,Table"),
        ("Just park me in the bathroom, thanks", "M:Bathroom"),
        (
            "drop my traps and lay a new one for Ivan: study, sofa, rope",
            "C:trap@d1n ; T:Ivan/Study/Sofa/Rope@d1n",
        ),
        ("Tomorrow I'd like to wake up in the bedroom.", "M:Bedroom@d1n"),
    ],
    "ru": [
        ("Промокнув до нитки, Анна бежит в ванную.", "M:Bathroom"),
        ("Анна, прищурившись, обыскивает шкаф и пистолет.", "S:Pistol,Wardrobe"),
        (
            "Анна потягивается и ставит ловушку на Игоря: гостиная, люстра, яд.",
            "T:Игорь/Living Room/Chandelier/Poison@d1n",
        ),
        ("иду в столовую, осторожно", "M:Dining Room"),
        ("перехожу в гараж, если можно", "M:Garage"),
        ("Будьте любезны, переместите меня в спальню", "M:Bedroom"),
        ("добегу до оранжереи", "M:Conservatory"),
        ("поиск отменяю", "C:search"),
        ("а как тут искать?", "HELP"),
        ("ищу верёвку и стол, и подскажите, как отменить ловушку", "S:Rope,Table ; HELP"),
        ("на вторую ночь ловушка на Веру: кухня, раковина, нож", "T:Вера/Kitchen/Sink/Knife@d2n"),
        ("в шесть вечера иду в кабинет", "M:Study@d1h4"),
        ("во второй игровой час иду в кабинет", "M:Study@d1h2"),
        ("в последний час дня иду в спальню", "M:Bedroom@d1h4"),
        ("остаюсь тут и обыскиваю камин и яд", "STAY ; S:Fireplace,Poison"),
        ("сижу на месте, ищу бензин и кресло", "STAY ; S:Armchair,Petrol"),
        (
            "снимаю свою ловушку и ставлю другую на Жанну: спальня, тумбочка, яд",
            "C:trap@d1n ; T:Жанна/Bedroom/Nightstand/Poison@d1n",
        ),
    ],
}
"""Lines of each class, in the corpus notation."""

STAYS_TALK = {
    "en": ["Honestly, I think Boris hid the knife.", "Maybe, I'll go to the garage.", "Anna, you look pale."],
    "ru": ["иду в кухню, там уютно", "Может, загляну в столовую.", "Борис, по-моему, врёт"],
}
"""Lines whose first clause or last is no scenery: a hedge, a remark about the place, talk to another."""


@pytest.mark.parametrize(
    ("language", "line", "expected"), [(lang, *case) for lang, cases in CLASSES.items() for case in cases]
)
def test_an_order_inside_scenery_courtesy_or_chat_is_read_ts_9_ts_23(
    language: str, line: str, expected: str
) -> None:
    got = " ; ".join(reading(item) for item in parse_text(line, NAMES[language], NOW))
    assert got == expected


@pytest.mark.parametrize(
    ("language", "line"), [(lang, line) for lang, lines in STAYS_TALK.items() for line in lines]
)
def test_a_hedge_a_remark_or_talk_to_another_is_never_set_aside_as_scenery_ts_23(
    language: str, line: str
) -> None:
    """Such a line reads as it did: no order is made of it by the second reading."""
    got = [reading(item) for item in parse_text(line, NAMES[language], NOW)]
    assert not any(part.startswith(("M:", "S:", "T:")) for part in got[1:] if "там" not in line)
    assert plain(line, NAMES[language]) == line or got[0] in {"TALK", "X"} or line.startswith("иду")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_whole_trap_named_in_talk_is_asked_back_never_said_aloud_ts_23(language: str) -> None:
    """A character and a room, a piece of furniture and a weapon in a line read as talk: a question."""
    line = {
        "en": "Honestly Ivan should trap Gleb in the garage with the car and the rope",
        "ru": "Честно говоря, я бы поймала Глеба в гараже у автомобиля с верёвкой",
    }[language]
    got = [reading(item) for item in parse_text(line, NAMES[language], NOW)]
    assert "TALK" not in got


def test_the_class_lines_here_stand_in_no_corpus() -> None:
    lines = {line for cases in CLASSES.values() for line, _ in cases} | {
        line for lines in STAYS_TALK.values() for line in lines
    }
    for path in DATA.glob("ts_orders_*.tsv"):
        written = {raw.split("\t")[0] for raw in path.read_text(encoding="utf-8").splitlines() if "\t" in raw}
        assert not lines & written, path.name


@pytest.mark.parametrize(
    ("language", "line", "own", "expected"),
    [
        ("ru", "Анна свернула в столовую.", "Анна", "M:Dining Room"),
        ("ru", "Анна поморщилась и перебралась в гостиную.", "Анна", "M:Living Room"),
        ("ru", "Борис свернул в столовую.", "Анна", "TALK"),
        ("ru", "Анна сказала, что заглянет в гараж.", "Анна", "TALK"),
        ("en", "Anna crept into the music room.", "Anna", "M:Music Room"),
        ("en", "Egor crept into the music room.", "Anna", "TALK"),
        ("en", "Anna told them she would try the garage.", "Anna", "TALK"),
    ],
)
def test_ones_own_character_narrated_in_the_past_moves_another_is_gossip_ts_23(
    language: str, line: str, own: str, expected: str
) -> None:
    """TS-23 ruling: a forum player narrates their own character in the past tense; from the writer of
    that character it is the move told, from anyone else (or said by the character) it is talk."""
    got = " ; ".join(reading(item) for item in parse_text(line, NAMES[language], NOW, own))
    assert got == expected or (expected == "TALK" and got == "X")  # another's doing: talk, or asked back
