"""The texts of Ten Sailors deaths: a pool of short scenes per language, and the phrases of the cards
they are built from (TS-10: a character's three cards are the circumstances of their old crime, and
the trap that kills them stages that crime again).

A scene is a format string. ``{slot}`` is filled by :mod:`referee.games.ten_sailors.narration`;
a slot written with a capital (``{Room_in}``) is the same phrase with a capital first letter.
``[masculine|feminine]`` picks the form that agrees with the victim (Russian verbs and pronouns).

English slots: ``name``, ``room`` (the card, after "the"), ``furniture_at`` ("on the Sofa"),
``furniture`` ("the Sofa"), ``weapon_a`` ("a Knife", "Poison"), ``weapon`` ("the Knife").
Russian slots: ``name``, ``name_gen``, ``name_dat``, ``name_acc``, ``name_ins`` (the name in
its cases), ``room_in`` ("на кухне"), ``room_to`` ("на кухню"), ``furniture_at`` ("у камина"),
``weapon`` ("нож"), ``weapon_gen`` ("ножа"), ``weapon_ins`` ("ножом"), ``weapon_ending`` (the
past-tense ending agreeing with the weapon: "" for "нож лежал", "а" for "верёвка лежала").
"""

from __future__ import annotations

SCENES: dict[str, tuple[str, ...]] = {
    "en": (
        "At nine the clock in the Hall struck, and {name}'s chair stood empty. They found {name} in the "
        "{room}, {furniture_at}, with {weapon_a} close at hand: the very circumstances of the old crime "
        "{name} had never answered for.",
        "Nobody saw {name} slip out of the Hall. At nine a door banged somewhere, and the search ended in "
        "the {room}: {name} lay {furniture_at}, and beside the body lay {weapon_a}. Someone knew exactly "
        "how that story from long ago had gone.",
        "The island has a long memory. By nine {name} was dead in the {room}, {furniture_at}, next to "
        "{weapon_a}: the same room, the same furniture and the same weapon as the murder {name} once got "
        "away with.",
        "A cry at nine o'clock, then silence. In the {room}, {furniture_at}, the past had been waiting for "
        "{name}, and {weapon} lay ready, exactly where it had lain all those years ago.",
        "When the candles in the Hall burnt down, one guest was missing. {name} was found in the {room}, "
        "{furniture_at}. {Weapon_a} left no doubt about how it had happened, and those who looked "
        "closely understood why.",
        "Shortly before nine {name} went out for a breath of air and never came back. The trail led the "
        "others to the {room}: there, {furniture_at}, beside {weapon_a}, the past had caught up at last.",
        "Someone had rebuilt an old scene with loving care: the {room}, {furniture}, {weapon_a} in its "
        "place. At nine {name} walked into it, and the castle had one guest fewer.",
        "Morning light crept into the {room}. {name} was there, {furniture_at}, and {weapon} lay where "
        "someone had left it for {name} alone. An old secret is a secret no longer.",
        "Nine o'clock, and the breakfast bell rang, but {name} did not come down. {name} lay in the "
        "{room}, {furniture_at}, {weapon_a} within reach: the way it had ended for somebody else, long ago.",
    ),
    "ru": (
        "Часы в холле пробили девять, а место {name_gen} за столом так и осталось пустым. [Его|Её] нашли "
        "{room_in}, {furniture_at}; рядом лежал{weapon_ending} {weapon}. Всё было точь-в-точь как в той "
        "давней истории, за которую {name} так и не [ответил|ответила].",
        "Никто не заметил, как {name} [вышел|вышла] из холла. В девять где-то хлопнула дверь, и поиски "
        "закончились {room_in}: {name} [лежал|лежала] {furniture_at}, а возле тела лежал{weapon_ending} "
        "{weapon}. Кто-то слишком хорошо знал, как всё было тогда, много лет назад.",
        "У острова долгая память. К девяти утра {name} [был мёртв|была мертва]. [Его|Её] нашли "
        "{room_in}, {furniture_at}, рядом лежал{weapon_ending} {weapon}: та же комната, та же обстановка "
        "и то же орудие, что и в убийстве, которое когда-то сошло {name_dat} с рук.",
        "В девять раздался крик, и сразу стало тихо. {Room_in}, {furniture_at}, прошлое дождалось "
        "{name_gen}: {weapon} лежал{weapon_ending} на том же месте, что и много лет назад.",
        "Когда свечи в холле догорели, одного гостя недосчитались. {name_acc} нашли {room_in}, "
        "{furniture_at}. Орудие — {weapon} — не оставляло сомнений, как всё случилось, а кто "
        "приглядывался, понял и почему.",
        "Незадолго до девяти {name} [вышел|вышла] подышать воздухом и не [вернулся|вернулась]. "
        "Следы привели остальных {room_to}: там, {furniture_at}, рядом с {weapon_ins}, прошлое "
        "наконец [его|её] настигло.",
        "Кто-то бережно восстановил давнюю сцену: {room_in}, {furniture_at} — и {weapon} на своём месте. "
        "В девять {name} [вошёл|вошла] в неё — и гостей в замке стало на одного меньше.",
        "Утро выдалось тихим. {name_acc} нашли {room_in}, {furniture_at}, а рядом, как и тогда, "
        "лежал{weapon_ending} {weapon}. Старая тайна {name_gen} больше не тайна.",
        "Девять часов. Колокольчик звал к завтраку, но {name} не [пришёл|пришла]. {name_acc} нашли "
        "{room_in}, {furniture_at}, а рядом лежал{weapon_ending} {weapon}: прошлое вернулось за "
        "{name_ins} в том самом виде, в каком [он|она] когда-то [оставил|оставила] его за спиной.",
    ),
}
"""The pool of death scenes per language: original texts, at least eight each, as many in each
language (a mail never tells two deaths with the same scene)."""

SCENES_OF_YOU: dict[str, tuple[str, ...]] = {
    "en": (
        "The night in the Hall dragged on, and before dawn you slipped out, only for a moment. In the "
        "{room}, {furniture_at}, someone was waiting: {weapon} lay exactly where it had lain all those "
        "years ago. You recognised the scene, your own old secret, too late.",
        "At nine you were in the {room}, {furniture_at}. Someone had set it all out as it was back then: "
        "the same room, the same furniture, {weapon_a} in its place. The past you had hidden from for so "
        "long caught up with you.",
        "You heard the clock strike nine, and never heard it strike again. In the {room}, "
        "{furniture_at}, beside {weapon_a}, an old story ended the way it should have ended long ago.",
        "Just before morning you understood that someone knew your secret. Too late: the others found "
        "you in the {room}, {furniture_at}, {weapon_a} close at hand.",
    ),
    "ru": (
        "Ночь в холле тянулась долго, и перед рассветом вы вышли — ненадолго, как вам казалось. "
        "{Room_in}, {furniture_at}, вас уже ждали: {weapon} лежал{weapon_ending} там же, где много лет "
        "назад. Свою старую тайну вы узнали слишком поздно.",
        "В девять вы были {room_in}, {furniture_at}. Кто-то расставил всё так, как было тогда: та же "
        "комната, та же мебель, {weapon} на своём месте. Прошлое, от которого вы так долго прятались, "
        "настигло вас.",
        "Вы услышали, как часы в холле бьют девять, — и больше ничего не слышали. {Room_in}, "
        "{furniture_at}, рядом с {weapon_ins}, старая история закончилась так, как ей давно следовало "
        "закончиться.",
        "Под утро вы поняли, что кто-то знает вашу тайну. Поздно: остальные гости нашли вас {room_in}, "
        "{furniture_at}, и рядом лежал{weapon_ending} {weapon}.",
    ),
}
"""The same deaths told to the one who died, in the second person: the scene of their own mail."""

EN_FURNITURE_AT: dict[str, str] = {
    "Sofa": "on the Sofa",
    "Fireplace": "by the Fireplace",
    "Table": "under the Table",
    "Car": "in the Car",
    "Wardrobe": "in the Wardrobe",
    "Nightstand": "beside the Nightstand",
    "Armchair": "in the Armchair",
    "Chandelier": "under the Chandelier",
    "Sink": "at the Sink",
}
"""Where a body lies by each piece of furniture, in English."""

EN_WEAPON_VESSEL: dict[str, str] = {"Poison": "vial of Poison", "Petrol": "can of Petrol"}
"""Weapons that come in something, in English ("a can of Petrol"); the others take "a" as they are."""

RU_ROOM_IN: dict[str, str] = {
    "Kitchen": "на кухне",
    "Dining Room": "в столовой",
    "Bedroom": "в спальне",
    "Living Room": "в гостиной",
    "Study": "в кабинете",
    "Music Room": "в музыкальной комнате",
    "Conservatory": "в оранжерее",
    "Garage": "в гараже",
    "Bathroom": "в ванной",
}
RU_ROOM_TO: dict[str, str] = {
    "Kitchen": "на кухню",
    "Dining Room": "в столовую",
    "Bedroom": "в спальню",
    "Living Room": "в гостиную",
    "Study": "в кабинет",
    "Music Room": "в музыкальную комнату",
    "Conservatory": "в оранжерею",
    "Garage": "в гараж",
    "Bathroom": "в ванную",
}
RU_FURNITURE_AT: dict[str, str] = {
    "Sofa": "на диване",
    "Fireplace": "у камина",
    "Table": "под столом",
    "Car": "в автомобиле",
    "Wardrobe": "в шкафу",
    "Nightstand": "у тумбочки",
    "Armchair": "в кресле",
    "Chandelier": "под люстрой",
    "Sink": "у раковины",
}
RU_WEAPON: dict[str, tuple[str, str, str, str]] = {
    # nominative, genitive, instrumental, the past-tense ending agreeing with it ("лежал", "лежала")
    "Knife": ("нож", "ножа", "ножом", ""),
    "Pistol": ("пистолет", "пистолета", "пистолетом", ""),
    "Poison": ("яд", "яда", "ядом", ""),
    "Baseball Bat": ("бейсбольная бита", "бейсбольной биты", "бейсбольной битой", "а"),
    "Stone": ("камень", "камня", "камнем", ""),
    "Halberd": ("алебарда", "алебарды", "алебардой", "а"),
    "Candlestick": ("подсвечник", "подсвечника", "подсвечником", ""),
    "Rope": ("верёвка", "верёвки", "верёвкой", "а"),
    "Petrol": ("канистра бензина", "канистры бензина", "канистрой бензина", "а"),
}
"""The Russian phrases of the cards in a scene (lower case: they are read in running text)."""
