"""The everyday forms of Russian given names: players call one another «Дима», «Ленка», «Боря», not
«Дмитрий», «Елена», «Борис» — in talk and in orders alike. ``of(name)`` gives the forms a name is called
by (none for a name not listed, or not Russian); each is read as the name itself, in any case
(«ловушку на Диму» is the trap on Дмитрий). Only forms that belong to one name of the list are given,
so that a form never names two characters.
"""

from __future__ import annotations

from functools import cache

from referee.core.seats import fold_name

_FORMS: dict[str, tuple[str, ...]] = {
    "Александр": ("Саша", "Сашка", "Шура", "Саня", "Санёк"),
    "Александра": ("Саша", "Сашенька", "Шура"),
    "Алексей": ("Лёша", "Алёша", "Лёха", "Лёшка"),
    "Анастасия": ("Настя", "Настенька", "Настюша"),
    "Анна": ("Аня", "Анечка", "Анька", "Нюра", "Нюша", "Анюта", "Аннушка"),
    "Андрей": ("Андрюша", "Андрюха", "Дрюня"),
    "Борис": ("Боря", "Борька", "Боренька"),
    "Василий": ("Вася", "Васька", "Васенька"),
    "Вера": ("Верочка", "Верка", "Веруня"),
    "Виктор": ("Витя", "Витька", "Витенька"),
    "Владимир": ("Вова", "Володя", "Вовка", "Вовчик"),
    "Галина": ("Галя", "Галочка", "Галка"),
    "Глеб": ("Глебушка", "Глебка"),
    "Григорий": ("Гриша", "Гришка"),
    "Дарья": ("Даша", "Дашенька", "Дашка"),
    "Дмитрий": ("Дима", "Димка", "Димочка", "Митя", "Митька", "Димон"),
    "Евгений": ("Женя", "Женька"),
    "Евгения": ("Женя", "Женечка"),
    "Екатерина": ("Катя", "Катенька", "Катька"),
    "Елена": ("Лена", "Леночка", "Ленка", "Алёна"),
    "Елизавета": ("Лиза", "Лизонька", "Лизка"),
    "Жанна": ("Жанночка", "Жанка"),
    "Зоя": ("Зоечка", "Зойка", "Зоенька"),
    "Иван": ("Ваня", "Ванька", "Ванечка", "Ванюша"),
    "Игорь": ("Игорёк", "Игорёша", "Гоша"),
    "Ирина": ("Ира", "Ирочка", "Ирка"),
    "Константин": ("Костя", "Костик", "Костян"),
    "Кристина": ("Кристя", "Кристинка"),
    "Ксения": ("Ксюша", "Ксюха"),
    "Людмила": ("Люда", "Людочка", "Мила"),
    "Мария": ("Маша", "Машенька", "Машка", "Маруся"),
    "Михаил": ("Миша", "Мишка", "Мишаня"),
    "Наталья": ("Наташа", "Наташка", "Ната"),
    "Николай": ("Коля", "Колька", "Коленька"),
    "Ольга": ("Оля", "Олечка", "Олька"),
    "Павел": ("Паша", "Пашка", "Павлик"),
    "Пётр": ("Петя", "Петька"),
    "Роман": ("Рома", "Ромка", "Ромочка"),
    "Сергей": ("Серёжа", "Серёга", "Серый"),
    "Светлана": ("Света", "Светочка", "Светка"),
    "София": ("Соня", "Сонечка", "Сонька"),
    "Софья": ("Соня", "Сонечка", "Сонька"),
    "Татьяна": ("Таня", "Танечка", "Танька"),
    "Фёдор": ("Федя", "Федька"),
    "Юлия": ("Юля", "Юленька", "Юлька"),
    "Юрий": ("Юра", "Юрка", "Юрочка"),
}
"""Names and their everyday forms (nominative); a form listed under two names ("Саша", "Женя") names
neither when both are in play — ``of`` gives it only for a name whose forms are its own."""


@cache
def _owners() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for name, forms in _FORMS.items():
        for form in forms:
            found.setdefault(fold_name(form), set()).add(fold_name(name))
    return {form: frozenset(names) for form, names in found.items()}


def of(name: str, among: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The everyday forms of ``name`` («Дмитрий» → «Дима», «Митя», …); with ``among`` (the game's names),
    none that is also a form of another of them («Женя» of «Евгений» beside «Евгения»)."""
    folded = {fold_name(other) for other in among} or {fold_name(name)}
    forms = _FORMS.get(name) or next(
        (forms for known, forms in _FORMS.items() if fold_name(known) == fold_name(name)), ()
    )
    owners = _owners()
    return tuple(form for form in forms if len(owners[fold_name(form)] & folded) <= 1)
