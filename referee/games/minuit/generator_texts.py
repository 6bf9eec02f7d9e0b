"""The parts a generated Minuit investigation is written from, in English and Russian.

``generator`` draws from these lists and joins the parts into leads. Russian words that agree with a
person are written with a choice ``{masculine|feminine}`` (``был{|а}``, ``{ушёл|ушла}``), resolved by
``agree``; names are declined by ``decline`` (the foreign surnames of the list decline only for men,
as Russian does). The texts are the project's own.
"""

from __future__ import annotations

import re
from typing import Any

MALE, FEMALE = "m", "f"

FIRST_NAMES: dict[str, list[tuple[str, str, str]]] = {
    "A": [("Arthur", "Артур", MALE), ("Alma", "Альма", FEMALE)],
    "B": [("Boris", "Борис", MALE), ("Bella", "Белла", FEMALE)],
    "D": [("Dora", "Дора", FEMALE), ("Denis", "Денис", MALE)],
    "E": [("Elena", "Елена", FEMALE), ("Edgar", "Эдгар", MALE)],
    "F": [("Felix", "Феликс", MALE), ("Flora", "Флора", FEMALE)],
    "G": [("Greta", "Грета", FEMALE), ("Gustav", "Густав", MALE)],
    "H": [("Henrik", "Хенрик", MALE), ("Helga", "Хельга", FEMALE)],
    "I": [("Irina", "Ирина", FEMALE), ("Ivan", "Иван", MALE)],
    "K": [("Kristina", "Кристина", FEMALE)],
    "L": [("Leon", "Леон", MALE), ("Lidia", "Лидия", FEMALE)],
    "M": [("Marta", "Марта", FEMALE), ("Mark", "Марк", MALE)],
    "N": [("Nadia", "Надя", FEMALE), ("Nikolai", "Николай", MALE)],
    "O": [("Oscar", "Оскар", MALE), ("Olga", "Ольга", FEMALE)],
    "P": [("Polina", "Полина", FEMALE), ("Patrick", "Патрик", MALE)],
    "R": [("Roman", "Роман", MALE), ("Rita", "Рита", FEMALE)],
    "S": [("Sofia", "София", FEMALE), ("Stefan", "Стефан", MALE)],
    "T": [("Tomas", "Томас", MALE), ("Tamara", "Тамара", FEMALE)],
    "U": [("Ulrich", "Ульрих", MALE), ("Ursula", "Урсула", FEMALE)],
    "V": [("Victor", "Виктор", MALE), ("Vera", "Вера", FEMALE)],
    "Z": [("Zoe", "Зоя", FEMALE), ("Zakhar", "Захар", MALE)],
}
"""First names by English initial: (English, Russian, gender). Russian initials are told apart in
``generator`` (no two letters here share one)."""

SURNAMES: list[tuple[str, str]] = [
    ("Ainsley", "Эйнсли"),
    ("Corbin", "Корбин"),
    ("Ferrer", "Феррер"),
    ("Lindqvist", "Линдквист"),
    ("Pellegrin", "Пеллегрин"),
    ("Castell", "Кастелл"),
    ("Dorn", "Дорн"),
    ("Weller", "Веллер"),
    ("Grant", "Грант"),
    ("Ashford", "Эшфорд"),
    ("Kessler", "Кесслер"),
    ("Renwick", "Ренвик"),
    ("Stroud", "Страуд"),
    ("Laurent", "Лоран"),
    ("Whitby", "Уитби"),
    ("Quinn", "Куинн"),
    ("Falk", "Фальк"),
    ("Mercer", "Мерсер"),
    ("Tennant", "Теннант"),
    ("Marlow", "Марлоу"),
    ("Moreau", "Моро"),
    ("Bellamy", "Беллами"),
    ("Rossi", "Росси"),
    ("Halden", "Хальден"),
    ("Lanier", "Ланье"),
    ("Crane", "Крейн"),
    ("Ellery", "Эллери"),
    ("Sutter", "Саттер"),
]
"""Surnames (English, Russian); those ending in a consonant decline for a man, not for a woman."""

VICTIM_NAMES: list[tuple[str, str]] = [
    ("Ambrose Whitlock", "Эмброуз Уитлок"),
    ("Conrad Ashby", "Конрад Эшби"),
    ("Julian Thorne", "Джулиан Торн"),
    ("Maximilian Orr", "Максимилиан Орр"),
    ("Desmond Carrow", "Десмонд Кэрроу"),
    ("Lionel Vance", "Лайонел Вэнс"),
    ("Edmund Strand", "Эдмунд Стрэнд"),
    ("Gideon Royce", "Гидеон Ройс"),
]
"""The victim is a man in every generated case: full names (English, Russian)."""

VICTIM_ROLES: list[tuple[str, str, str, str]] = [
    ("the owner of the shipping line", "владелец судоходной компании", "his line", "его компании"),
    ("a banker from Geneva", "банкир из Женевы", "his bank", "его банка"),
    ("the publisher of three newspapers", "издатель трёх газет", "his papers", "его газет"),
    ("a collector of old masters", "коллекционер старых мастеров", "his collection", "его коллекции"),
    ("the head of a jewellery house", "глава ювелирного дома", "his house", "его ювелирного дома"),
    ("a theatre impresario", "театральный импресарио", "his theatre", "его театра"),
]
"""What the victim was: (English, Russian, his business in English, the same in Russian genitive)."""

SHIPS: list[tuple[str, str, str]] = [
    ("Meridian", "«Меридиан»", "«Меридиане»"),
    ("Polaris", "«Полярис»", "«Полярисе»"),
    ("Sirena", "«Сирена»", "«Сирене»"),
    ("Albatross", "«Альбатрос»", "«Альбатросе»"),
    ("Northern Star", "«Северная звезда»", "«Северной звезде»"),
    ("Calypso", "«Калипсо»", "«Калипсо»"),
    ("Halcyon", "«Альциона»", "«Альционе»"),
    ("Vega", "«Вега»", "«Веге»"),
]
"""Ship names: English, Russian, Russian after «на»."""

ROUTES: list[tuple[str, str]] = [
    ("from Genoa to Lisbon", "из Генуи в Лиссабон"),
    ("from Southampton to Madeira", "из Саутгемптона на Мадейру"),
    ("from Piraeus to Malta", "из Пирея на Мальту"),
    ("from Hamburg to Bergen", "из Гамбурга в Берген"),
    ("from Nice to Naples", "из Ниццы в Неаполь"),
]

OCCASIONS: list[tuple[str, str]] = [
    (
        "a gala dinner in honour of his sixtieth birthday",
        "торжественный ужин в честь его шестидесятилетия",
    ),
    (
        "the signing of a contract he had worked on for a year",
        "подписание контракта, над которым он бился год",
    ),
    ("a charity auction he had organised himself", "благотворительный аукцион, который он сам устроил"),
    ("the announcement of his successor", "объявление имени его преемника"),
]

TITLES: list[tuple[str, str]] = [
    ("Midnight on the {ship}", "Полночь на {ship_on}"),
    ("The Last Night of {victim}", "Последняя ночь {victim_gen}"),
    ("A Quarter to Twelve", "Без четверти двенадцать"),
    ("The Suite Door", "Дверь люкса"),
    ("Dead Calm", "Мёртвый штиль"),
    ("The Empty Chair", "Пустое кресло"),
]
"""Titles; the Russian ship name is given in the prepositional after «на»."""

ROLES: list[tuple[str, str, str]] = [
    ("his business partner", "его деловой партнёр", "его деловой партнёр"),
    ("his private secretary", "его личный секретарь", "его личный секретарь"),
    ("his {nephew|niece}", "его племянник", "его племянница"),
    ("his lawyer", "его адвокат", "его адвокат"),
    (
        "an old friend from his student days",
        "его старый друг со студенческих лет",
        "его старая подруга со студенческих лет",
    ),
    ("the captain's guest of honour", "почётный гость капитана", "почётная гостья капитана"),
    ("his {godson|goddaughter}", "его крестник", "его крестница"),
    ("a rival in business", "его конкурент", "его конкурентка"),
    (
        "a journalist writing his life",
        "журналист, писавший его биографию",
        "журналистка, писавшая его биографию",
    ),
    ("his accountant", "его бухгалтер", "его бухгалтер"),
    ("an heir of his late brother", "наследник его покойного брата", "наследница его покойного брата"),
    (
        "a painter he sponsored",
        "художник, которому он покровительствовал",
        "художница, которой он покровительствовал",
    ),
    ("his chief engineer", "его главный инженер", "его главный инженер"),
    ("a guest at his table", "гость за его столом", "гостья за его столом"),
    ("an old flame of his youth", "его давний друг юности", "его давняя любовь юности"),
    ("the ship's first officer", "старший помощник капитана", "старший помощник капитана"),
]
"""What a suspect is to the victim: (English, with ``{man|woman}`` choices; Russian for a man, for a "
"woman)."""

ALONE_ALIBIS: list[tuple[str, str]] = [
    (
        "“I went to my cabin at half past eleven with a headache and did not leave it until morning. "
        "No, nobody can confirm it.”",
        "«В половине двенадцатого у меня разболелась голова, я {ушёл|ушла} к себе в каюту и до утра "
        "не выходил{|а}. Нет, подтвердить это некому».",
    ),
    (
        "“I was in my cabin, writing letters, from half past eleven until one. Alone, yes.”",
        "«С половины двенадцатого до часу ночи я писал{|а} письма у себя в каюте. Да, {один|одна}».",
    ),
    (
        "“I had had enough of the party by half past eleven and went to bed. I slept through everything.”",
        "«К половине двенадцатого праздник мне надоел, и я {лёг|легла} спать. Всё проспал{|а}».",
    ),
    (
        "“I stayed in my cabin all evening with the door locked. I do not care for crowds.”",
        "«Весь вечер я просидел{|а} у себя в каюте, заперев дверь. Не люблю толпу».",
    ),
]
"""The alibi of a red herring: alone in their cabin, next to the suite, with nobody to confirm it."""

RELATIONS: list[tuple[str, str]] = [
    (
        "“We worked together for years. He was hard, but fair with me.”",
        "«Мы проработали вместе много лет. Он был жёстким человеком, но со мной — честным».",
    ),
    (
        "“I hardly knew him beyond a handshake and a seat at dinner.”",
        "«Я едва его знал{|а}: рукопожатие, место за ужином — вот и всё».",
    ),
    (
        "“He was generous to me when nobody else was. I owe him a great deal.”",
        "«Он был щедр ко мне, когда никто другой не был. Я многим ему обязан{|а}».",
    ),
    (
        "“We argued about business now and then, as everyone did with him. Nothing more.”",
        "«Иногда мы спорили о делах — с ним спорили все. Не более того».",
    ),
    (
        "“I liked him. He told the worst jokes on the ship and laughed at them first.”",
        "«Он мне нравился. Рассказывал худшие анекдоты на всём корабле и первым над ними смеялся».",
    ),
    (
        "“He paid me to do my job, and I did it. That is all there was between us.”",
        "«Он платил мне за работу, и я её делал{|а}. Больше нас ничего не связывало».",
    ),
    (
        "“I admired him, though I never told him so.”",
        "«Я им восхищал{ся|ась}, хотя никогда ему этого не говорил{|а}».",
    ),
    (
        "“He gave me my first chance, twenty years ago. I came on this cruise to thank him.”",
        "«Двадцать лет назад он дал мне первый шанс. Я и в рейс {поехал|поехала}, чтобы его поблагодарить».",
    ),
    (
        "“We played bridge together every evening. He cheated, charmingly.”",
        "«Каждый вечер мы играли с ним в бридж. Он жульничал, но очаровательно».",
    ),
]
"""What an innocent suspect says of the victim (truthful and harmless)."""

CULPRIT_RELATIONS: list[tuple[str, str]] = [
    (
        "“We got on well, he and I. I had no reason in the world to wish him harm.”",
        "«Мы с ним прекрасно ладили. У меня не было ни малейшей причины желать ему зла».",
    ),
    ("“He was like family to me. Ask anyone.”", "«Он был мне почти родным. Спросите кого угодно»."),
    (
        "“Between us? Respect, nothing else. I am as shocked as you are.”",
        "«Что нас связывало? Уважение, и только. Я {потрясён|потрясена} не меньше вашего».",
    ),
]
"""What the culprit says of the victim (a lie, though nothing the checker can see)."""

NOTHING_SEEN: list[tuple[str, str]] = [
    (
        "“I saw nothing out of the ordinary, I am afraid. It was a night like any other.”",
        "«Боюсь, ничего необычного я не видел{|а}. Ночь как ночь».",
    ),
    (
        "“I went to bed with a book after midnight and heard nothing until the alarm in the morning.”",
        "«После полуночи я {лёг|легла} с книгой и ничего не слышал{|а} до самой утренней тревоги».",
    ),
    (
        "“Nothing, I am sorry. I wish I could help you more.”",
        "«Ничего, к сожалению. Хотел{|а} бы я помочь вам больше».",
    ),
]

ALIBI_OPENINGS: list[tuple[str, str]] = [
    (
        "“From half past eleven until well after midnight I was {in}, {doing}.",
        "«С половины двенадцатого и до начала первого я был{|а} {in}: {doing}.",
    ),
    (
        "“I spent the last half hour before midnight {in}, {doing}.",
        "«Последние полчаса перед полуночью я {провёл|провела} {in}: {doing}.",
    ),
    (
        "“At half past eleven I went {to} and stayed there until a quarter past twelve, {doing}.",
        "«В половине двенадцатого я {пошёл|пошла} {to} и пробыл{|а} там до четверти первого: {doing}.",
    ),
]
"""The first sentence of an alibi; ``{in}``/``{to}`` name the place, ``{doing}`` what the speaker did."""

PLACES: dict[int, dict[str, Any]] = {
    15: {
        "staff_gender": MALE,
        "from": ("from the pool", "от бассейна"),
        "in": ("by the pool", "у бассейна"),
        "to": ("out to the pool", "к бассейну"),
        "of": ("the pool deck", "палуба у бассейна"),
        "staff": ("The pool attendant", "Смотритель бассейна"),
        "doing": [
            ("reading under the lamps", "читал{|а} под фонарями"),
            ("swimming my evening lengths", "плавал{|а}, как каждый вечер"),
        ],
    },
    16: {
        "staff_gender": MALE,
        "from": ("from the piano bar", "из пиано-бара"),
        "in": ("in the piano bar", "в пиано-баре"),
        "to": ("to the piano bar", "в пиано-бар"),
        "of": ("the piano bar", "пиано-бар"),
        "staff": ("The barman of the piano bar", "Бармен пиано-бара"),
        "doing": [
            ("listening to the pianist", "слушал{|а} пианиста"),
            ("at the counter with a cocktail", "сидел{|а} у стойки с коктейлем"),
        ],
    },
    17: {
        "staff_gender": FEMALE,
        "from": ("from the beauty area", "из салона красоты"),
        "in": ("in the beauty area", "в салоне красоты"),
        "to": ("to the beauty area", "в салон красоты"),
        "of": ("the beauty area", "салон красоты"),
        "staff": ("The night masseuse", "Ночная массажистка"),
        "doing": [
            ("in the sauna", "сидел{|а} в сауне"),
            ("having a late massage", "мне делали поздний массаж"),
        ],
    },
    18: {
        "staff_gender": MALE,
        "from": ("from the shops", "из торговой галереи"),
        "in": ("in the shops", "в торговой галерее"),
        "to": ("to the shops", "в торговую галерею"),
        "of": ("the shops", "торговая галерея"),
        "staff": ("The watchmaker in the shops", "Часовщик из торговой галереи"),
        "doing": [
            ("choosing a present", "выбирал{|а} подарок"),
            ("having my watch repaired", "ждал{|а}, пока мне починят часы"),
        ],
    },
    19: {
        "staff_gender": MALE,
        "from": ("from the casino", "из казино"),
        "in": ("in the casino", "в казино"),
        "to": ("to the casino", "в казино"),
        "of": ("the casino", "казино"),
        "staff": ("The croupier", "Крупье"),
        "doing": [
            ("playing roulette", "играл{|а} в рулетку"),
            ("losing at blackjack", "проигрывал{|а} в блэкджек"),
        ],
    },
    20: {
        "staff_gender": MALE,
        "from": ("from the grand salon", "из гранд-салона"),
        "in": ("in the grand salon", "в гранд-салоне"),
        "to": ("to the grand salon", "в гранд-салон"),
        "of": ("the grand salon", "гранд-салон"),
        "staff": ("The head waiter of the grand salon", "Метрдотель гранд-салона"),
        "doing": [("dancing", "танцевал{|а}"), ("watching the cabaret", "смотрел{|а} кабаре")],
    },
    21: {
        "staff_gender": MALE,
        "from": ("from the restaurant", "из ресторана"),
        "in": ("in the restaurant", "в ресторане"),
        "to": ("to the restaurant", "в ресторан"),
        "of": ("the restaurant", "ресторан"),
        "staff": ("The night cook", "Ночной повар"),
        "doing": [
            ("over a late supper", "поздно ужинал{|а}"),
            ("talking with the chef", "болтал{|а} с шеф-поваром"),
        ],
    },
    22: {
        "staff_gender": MALE,
        "from": ("from the passenger cabins", "из пассажирских кают"),
        "in": ("in the passenger cabins, visiting friends", "в пассажирских каютах, у знакомых"),
        "to": ("down to the passenger cabins to visit friends", "в пассажирские каюты к знакомым"),
        "of": ("the passenger corridor", "коридор пассажирских кают"),
        "staff": ("The steward of the passenger deck", "Стюард пассажирской палубы"),
        "doing": [
            ("playing cards", "играл{|а} в карты"),
            ("drinking tea and talking", "пил{|а} чай и разговаривал{|а}"),
        ],
    },
    23: {
        "staff_gender": FEMALE,
        "from": ("from the infirmary", "из лазарета"),
        "in": ("in the infirmary", "в лазарете"),
        "to": ("to the infirmary", "в лазарет"),
        "of": ("the infirmary", "лазарет"),
        "staff": ("The ship's nurse", "Судовая медсестра"),
        "doing": [
            ("having a cut hand dressed", "мне перевязывали порезанную руку"),
            ("waiting for something for my seasickness", "ждал{|а} лекарства от морской болезни"),
        ],
    },
    24: {
        "staff_gender": MALE,
        "from": ("from the engine room", "из машинного отделения"),
        "in": ("below, in the engine room", "внизу, в машинном отделении"),
        "to": ("down to the engine room", "вниз, в машинное отделение"),
        "of": ("the engine room", "машинное отделение"),
        "staff": ("The engineer on watch", "Вахтенный механик"),
        "doing": [
            ("being shown the engines", "мне показывали машины"),
            ("talking with the engineer on watch", "разговаривал{|а} с вахтенным механиком"),
        ],
    },
}
"""Where people spend the half hour before midnight: how to say "in it", "to it", its name, who works
there and what one does there; "from" says leaving it."""

CABIN_CONTENTS: list[tuple[str, str]] = [
    (
        "evening clothes, a pile of novels and a half-written postcard home",
        "вечерние наряды, стопка романов и недописанная открытка домой",
    ),
    (
        "a tidy desk and business papers about the cruise",
        "аккуратный стол и деловые бумаги о рейсе",
    ),
    (
        "a chessboard with a game half played and a bottle of mineral water",
        "шахматная доска с недоигранной партией и бутылка минеральной воды",
    ),
    (
        "a camera, rolls of film and a map of the ports marked in pencil",
        "фотоаппарат, плёнки и карта портов с пометками карандашом",
    ),
    ("a suitcase not yet unpacked and a box of cigars", "так и не разобранный чемодан и коробка сигар"),
    (
        "sketchbooks, pencils and a portrait of the captain, unfinished",
        "альбомы, карандаши и неоконченный портрет капитана",
    ),
    ("letters from home, a rosary and a bag of sweets", "письма из дома, чётки и пакетик леденцов"),
    (
        "a typewriter, carbon paper and a draft about the history of the ship",
        "пишущая машинка, копирка и черновик статьи об истории лайнера",
    ),
    (
        "a guitar with a broken string and a stack of gramophone records",
        "гитара с порванной струной и стопка пластинок",
    ),
    (
        "walking boots, binoculars and a bird guide full of notes",
        "походные ботинки, бинокль и определитель птиц, весь в пометках",
    ),
    (
        "an easel, a box of watercolours and a sea view still drying",
        "мольберт, коробка акварели и ещё не просохший морской пейзаж",
    ),
    (
        "a crossword half solved and a tin of peppermints",
        "наполовину решённый кроссворд и жестянка мятных пастилок",
    ),
]
"""What an ordinary cabin holds: nothing that concerns the crime."""

MEANS: dict[str, dict[str, tuple[str, str]]] = {
    "poison": {
        "name": ("cyanide in his whisky glass", "цианид в стакане виски"),
        "sign": (
            "His glass of whisky smells of bitter almonds, and the doctor has found cyanide in what is left "
            "of it.",
            "Его стакан с виски пахнет горьким миндалём, и в остатках врач нашёл цианид.",
        ),
        "clear": (
            "His glass, the bottle and his blood have been tested: no poison in any of them.",
            "Стакан, бутылку и кровь проверили: яда нет нигде.",
        ),
        "item": ("a tin of rat poison borrowed from the storeroom", "банка крысиного яда, взятая со склада"),
    },
    "pills": {
        "name": ("sleeping pills, ten times the dose", "снотворное в десятикратной дозе"),
        "sign": (
            "Three empty blister packs of sleeping pills lie in the bin, and the doctor finds ten times the "
            "dose in his blood.",
            "В мусорной корзине три пустых блистера снотворного, а в крови врач нашёл дозу в десять раз "
            "больше обычной.",
        ),
        "clear": (
            "The doctor found no sleeping pills in his blood, and he never took any.",
            "Снотворного в крови врач не нашёл, да убитый его никогда и не принимал.",
        ),
        "item": ("a bottle of sleeping pills, half empty", "наполовину пустой флакон снотворного"),
    },
    "blow": {
        "name": ("a blow with the bronze statuette", "удар бронзовой статуэткой"),
        "sign": (
            "The back of his head is broken, and the bronze statuette from the desk lies under the bed, its "
            "base dark with blood.",
            "Затылок проломлен, а бронзовая статуэтка со стола лежит под кроватью, её подставка темна от "
            "крови.",
        ),
        "clear": (
            "The bronze statuette stands on its shelf under an even layer of dust: nobody has touched it "
            "for days.",
            "Бронзовая статуэтка стоит на полке под ровным слоем пыли: её не трогали несколько дней.",
        ),
        "item": (
            "a heavy bronze paperweight wrapped in a towel",
            "тяжёлое бронзовое пресс-папье, завёрнутое в полотенце",
        ),
    },
    "cord": {
        "name": ("the curtain cord pulled tight round his throat", "шнур от портьеры, затянутый на шее"),
        "sign": (
            "A thin red line runs round his neck, and the cord of the window curtain is gone.",
            "На шее тонкая красная полоса, а шнура от оконной портьеры нет.",
        ),
        "clear": (
            "Every curtain cord of the suite is in place, and there is no mark on his neck.",
            "Все шнуры от портьер в люксе на месте, а на шее нет ни следа.",
        ),
        "item": (
            "a coil of thin silk cord at the bottom of the wardrobe",
            "моток тонкого шёлкового шнура на дне шкафа",
        ),
    },
    "knife": {
        "name": ("stabbed with the silver letter opener", "удар серебряным ножом для бумаг"),
        "sign": (
            "A single narrow wound under the ribs; the silver letter opener is missing from the desk set.",
            "Одна узкая рана под рёбрами; из письменного прибора пропал серебряный нож для бумаг.",
        ),
        "clear": (
            "The silver letter opener is in its drawer, clean, and there is no stab wound on the body.",
            "Серебряный нож для бумаг лежит в ящике, чистый, и колотых ран на теле нет.",
        ),
        "item": (
            "a silver letter opener, freshly polished",
            "серебряный нож для бумаг, начищенный до блеска",
        ),
    },
    "fall": {
        "name": ("a shove against the marble table", "толчок: удар виском о мраморный стол"),
        "sign": (
            "His temple bears the mark of the marble table's corner, and the rug is rucked up as if he had "
            "been shoved.",
            "На виске след от угла мраморного стола, а ковёр сбит, будто убитого с силой толкнули.",
        ),
        "clear": (
            "The marble table is spotless and the rug lies flat: nobody fell against anything in the suite.",
            "Мраморный стол безупречно чист, ковёр лежит ровно: никто в люксе ни обо что не ударялся.",
        ),
        "item": (
            "a torn-off cufflink and a bloodstained bandage",
            "оторванная запонка и бинт в пятнах крови",
        ),
    },
    "electric": {
        "name": ("a hair dryer thrown into his bath", "фен, брошенный в ванну"),
        "sign": (
            "He lies by the bath; the hair dryer is in the water, still plugged in, and his hands are burnt.",
            "Он лежит у ванны; в воде фен, всё ещё включённый в розетку, а на руках ожоги.",
        ),
        "clear": (
            "The bath in the suite is dry and nothing electric in it has been used tonight.",
            "Ванна в люксе сухая, и никаким электроприбором в ней этой ночью не пользовались.",
        ),
        "item": ("a second hair dryer, still in its box", "второй фен, ещё в коробке"),
    },
    "heart": {
        "name": ("his heart simply gave out", "сердце просто не выдержало"),
        "sign": ("", ""),
        "clear": (
            "His heart was strong: he was examined on the first day of the cruise, and nothing was wrong "
            "with it.",
            "Сердце у него было крепкое: в первый день рейса его осматривали и ничего не нашли.",
        ),
        "item": (
            "a box of strong heart medicine with someone else's name on the label",
            "коробка сильного сердечного лекарства, выписанного на чужое имя",
        ),
    },
}
"""The means: its name, what the suite shows when it is the one (``sign``), a true fact that rules it
out (``clear``) and a thing in a cabin that makes one suspect it (``item``). A heart attack is never
the answer (the culprit is always one of the twelve), only a candidate to clear."""

MOTIVES: dict[str, dict[str, tuple[str, str]]] = {
    "debt": {
        "name": ("money: a debt he was calling in", "деньги: долг, который он требовал вернуть"),
        "sign": (
            "a letter from {victim}: {name} is to repay every penny before the ship reaches port, or face "
            "the courts",
            "письмо от {victim_gen}: {name} долж{ен|на} вернуть всё до последнего гроша, пока лайнер не "
            "пришёл в порт, иначе — суд",
        ),
        "clear": (
            "At dinner he tore up every IOU he held, in front of all his guests: he said he would sail home "
            "owed nothing.",
            "За ужином он при всех гостях порвал все долговые расписки, какие у него были: сказал, что "
            "домой хочет вернуться без должников.",
        ),
        "grudge": (
            "“Yes, I owed him a great deal of money. I will not pretend otherwise.”",
            "«Да, я был{|а} {должен|должна} ему большие деньги. Не стану притворяться».",
        ),
    },
    "inheritance": {
        "name": ("the fortune he would leave behind", "состояние, которое он оставит"),
        "sign": (
            "a copy of the new will of {victim}, in which {name} is to inherit nearly everything",
            "копия нового завещания {victim_gen}, по которому почти всё наследует {name}",
        ),
        "clear": (
            "His notary on board confirms that he left everything to a home for old sailors, and told "
            "everyone so at dinner.",
            "Его нотариус на борту подтверждает: всё состояние он завещал приюту для старых моряков и сам "
            "объявил об этом за ужином.",
        ),
        "grudge": (
            "“He always said he would leave me something. I never quite believed him.”",
            "«Он всегда говорил, что оставит мне что-нибудь. Я никогда в это особенно не верил{|а}».",
        ),
    },
    "jealousy": {
        "name": ("a jealous heart", "ревнивое сердце"),
        "sign": (
            "a torn photograph of {victim} with a young woman, and a note in {name_gen}'s hand: “Not her. "
            "Never her.”",
            "разорванная фотография {victim_gen} с молодой женщиной и записка, написанная рукой {name_gen}: "
            "«Только не она. Никогда».",
        ),
        "clear": (
            "The young woman seen with him every evening is his daughter; the purser has her passport.",
            "Молодая женщина, с которой его видели каждый вечер, — его дочь: у казначея её паспорт.",
        ),
        "grudge": (
            "“People say I was jealous of him. People say a great many things on a ship.”",
            "«Говорят, я его ревновал{|а}. На корабле много чего говорят».",
        ),
    },
    "revenge": {
        "name": ("payback for harm done long ago", "расплата за старое зло"),
        "sign": (
            "an old newspaper cutting about a family ruined by {victim}; the family's name is {name_gen}'s "
            "own",
            "старая газетная вырезка о семье, которую разорил {victim}; фамилия семьи та же, что у "
            "{name_gen}",
        ),
        "clear": (
            "The old quarrel everybody talks about was settled long ago: he paid the damages in full, and "
            "the receipts are in his safe.",
            "Старая тяжба, о которой все говорят, давно улажена: он выплатил всё до копейки, расписки лежат "
            "у него в сейфе.",
        ),
        "grudge": (
            "“He ruined a friend of mine, years ago. I have not forgotten it.”",
            "«Много лет назад он разорил моего друга. Я этого не забыл{|а}».",
        ),
    },
    "blackmail": {
        "name": ("an end to his blackmail", "положить конец его шантажу"),
        "sign": (
            "a page torn from the notebook of {victim}: “{name}: the old business in Lyon. Price: silence.”",
            "страница, вырванная из записной книжки {victim_gen}: «{name} — старая история в Лионе. Цена — "
            "молчание»",
        ),
        "clear": (
            "His safe and his papers have been searched: no letters, no photographs, nothing he could have "
            "held over anyone.",
            "Его сейф и бумаги обыскали: ни писем, ни фотографий — ничего, чем он мог бы кого-то держать в "
            "руках.",
        ),
        "grudge": (
            "“He knew things about me, as he knew things about everyone. That was his way.”",
            "«Он кое-что обо мне знал — как и обо всех. Такой уж он был».",
        ),
    },
    "dismissal": {
        "name": ("to keep a post he was about to take away", "сохранить место, которого он собирался лишить"),
        "sign": (
            "a letter of dismissal signed by {victim} that evening, addressed to {name}",
            "письмо об увольнении, подписанное {victim_ins} в тот вечер, на имя {name_gen}",
        ),
        "clear": (
            "He signed no dismissals on this cruise: the list of staff for the next season is on his desk, "
            "unchanged.",
            "В этом рейсе он никого не увольнял: список сотрудников на следующий сезон лежит у него на "
            "столе без изменений.",
        ),
        "grudge": (
            "“He threatened to sack me twice this week. He threatened everybody.”",
            "«За эту неделю он дважды грозился меня уволить. Он грозился всем».",
        ),
    },
}
"""The motives: name, what the culprit's cabin holds when it is theirs (``sign``), a true fact that
rules it out (``clear``) and what a suspect who is not the culprit admits (``grudge``)."""

MEANS_INTROS: list[tuple[str, str]] = [
    (
        "“The doctor told us himself at breakfast. {fact}”",
        "«Врач сам рассказал нам об этом за завтраком. {fact}».",
    ),
    (
        "“I was in the corridor when they examined the suite, and I heard everything. {fact}”",
        "«Я стоял{|а} в коридоре, когда осматривали люкс, и всё слышал{|а}. {fact}».",
    ),
    (
        "“I helped the doctor this morning, so I know. {fact}”",
        "«Утром я помогал{|а} врачу, так что знаю. {fact}».",
    ),
]
"""How a suspect or a member of the crew passes on facts about the means (facts, so they are true);
the Russian fact goes in without its last full stop, which follows the closing quote."""

FACT_INTROS: list[tuple[str, str]] = [
    ("“I can tell you one thing for certain. {fact}”", "«Одно могу сказать наверняка. {fact}»."),
    (
        "“The purser told me this morning, and he is never wrong. {fact}”",
        "«Казначей сказал мне сегодня утром, а он никогда не ошибается. {fact}».",
    ),
    ("“Everyone on board knows it by now. {fact}”", "«Теперь это знает весь корабль. {fact}»."),
    (
        "“I did not see the murder, but I know this much. {fact}”",
        "«Убийства я не видел{|а}, но вот что знаю точно. {fact}».",
    ),
]
"""The same for facts about the motive, or about both."""

CREW_MEANS_INTROS: list[tuple[str, str]] = [
    (
        "“Word goes round fast among the crew, and this comes from the doctor himself. {fact}”",
        "«Среди экипажа слухи расходятся быстро, а это — от самого врача. {fact}».",
    ),
    (
        "“The stewardess who found him told us all about it. {fact}”",
        "«Нам всё рассказала горничная, которая его нашла. {fact}».",
    ),
]
"""How a member of the crew passes on facts about the means."""

CREW_FACT_INTROS: list[tuple[str, str]] = [
    (
        "“The purser told the whole crew this morning. {fact}”",
        "«Сегодня утром казначей рассказал об этом всей команде. {fact}».",
    ),
    (
        "“The crew know more than the passengers think. {fact}”",
        "«Команда знает больше, чем думают пассажиры. {fact}».",
    ),
]
"""How a member of the crew passes on facts about the motive, or about both."""

QUIET_NIGHTS: list[tuple[str, str]] = [
    (
        "“A quiet night. Nobody I could name came by before midnight.”",
        "«Тихая ночь. До полуночи сюда никто из знакомых мне гостей не заходил».",
    ),
    (
        "“Nothing to tell, I am afraid: the usual faces, none of them from the VIP deck.”",
        "«Рассказывать, боюсь, нечего: обычная публика, никого с VIP-палубы».",
    ),
    (
        "“I was alone here all evening, with only the radio for company.”",
        "«Я весь вечер был{|а} здесь {один|одна}, только радио для компании».",
    ),
    (
        "“The weather kept everybody away. I closed early and saw no one.”",
        "«Из-за погоды никто не пришёл. Я закрыл{|а} пораньше и никого не видел{|а}».",
    ),
]
"""What a member of the crew says when nobody of the case passed by (the gender is the speaker's)."""

QUARRELS: list[tuple[str, str]] = [
    (
        "“At dinner {suspect} had words with {victim}. I did not catch much, only ‘you will regret this’. "
        "Make of it what you will.”",
        "«За ужином {suspect} повздорил{s:|а} с {victim_ins}. Я мало что расслышал{|а}, только „вы об этом "
        "пожалеете“. Думайте сами».",
    ),
    (
        "“I saw {suspect} leave the dinner table in a rage, before the dessert.”",
        "«Я видел{|а}, как {suspect} в ярости {s:вышел|вышла} из-за стола, не дождавшись десерта».",
    ),
    (
        "“{suspect} asked me this afternoon which cabin was next to the suite. I thought nothing of it "
        "then.”",
        "«Днём {suspect} спрашивал{s:|а} у меня, какая каюта рядом с люксом. Тогда я не придал{|а} этому "
        "значения».",
    ),
]
"""What an innocent suspect says about a red herring (true, and misleading); ``{s:…|…}`` agrees
with the herring, ``{…|…}`` with the speaker."""

_CHOICE = re.compile(r"\{([^{}|:]*)\|([^{}|]*)\}")
_OTHER = re.compile(r"\{s:([^{}|]*)\|([^{}|]*)\}")


def agree(text: str, gender: str, other: str = MALE) -> str:
    """``text`` with every ``{masculine|feminine}`` choice made for ``gender``, and every
    ``{s:masculine|feminine}`` for ``other``."""
    text = _OTHER.sub(lambda m: m.group(1) if other == MALE else m.group(2), text)
    return _CHOICE.sub(lambda m: m.group(1) if gender == MALE else m.group(2), text)


CASES = ("nom", "gen", "dat", "acc", "ins", "pre")


def decline(word: str, gender: str, case: str) -> str:
    """A Russian first name or surname of the lists above in ``case`` (one of ``CASES``)."""
    if case == "nom":
        return word
    index = CASES.index(case) - 1
    last = word[-1]
    if gender == FEMALE:
        if word.endswith("ия"):
            return word[:-1] + ("и", "и", "ю", "ей", "и")[index]
        if last == "я":
            return word[:-1] + ("и", "е", "ю", "ей", "е")[index]
        if last == "а":
            soft = word[-2] in "гкхжшчщ"
            return word[:-1] + ("и" if soft else "ы", "е", "у", "ой", "е")[index]
        return word
    if last == "й":
        return word[:-1] + ("я", "ю", "я", "ем", "е")[index]
    if last in "бвгдзклмнпрстфхжшчщц":
        return word + ("а", "у", "а", "ем" if last in "жшчщц" else "ом", "е")[index]
    return word


def decline_full(name: str, gender: str, case: str) -> str:
    """A Russian full name ("Кристина Хейл") in ``case``: each word declined."""
    return " ".join(decline(word, gender, case) for word in name.split())
