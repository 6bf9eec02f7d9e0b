"""A generator of original Minuit investigations: a seed and a level give a whole case (MM-5, MM-6).

The truth comes first: the victim's evening minute by minute, the culprit, the means and the motive,
and where every suspect spent the half hour before midnight. The leads are derived from it: truthful
alibis and sightings (with their timeline markers), the culprit's lying alibi, two truthful leads that
place the culprit elsewhere during it, facts that clear the wrong means and motives (``[[findings]]``)
and true but misleading leads about the red herrings. The level sets how many leads a reader needs
(``needed_leads``) and how many mislead. The case is then checked by ``check_investigation`` (through
the solver: exactly one culprit, means and motive), and drawn again from the next sub-seed if not.

Both languages are always written (the format needs both); ``language`` is the language of the notes
for the game-master at the top of the file.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from referee.games.minuit.generator_texts import (
    ALIBI_OPENINGS,
    ALONE_ALIBIS,
    CABIN_CONTENTS,
    CREW_FACT_INTROS,
    CREW_MEANS_INTROS,
    CULPRIT_RELATIONS,
    FACT_INTROS,
    FIRST_NAMES,
    MALE,
    MEANS,
    MEANS_INTROS,
    MOTIVES,
    NOTHING_SEEN,
    OCCASIONS,
    PLACES,
    QUARRELS,
    QUIET_NIGHTS,
    RELATIONS,
    ROLES,
    ROUTES,
    SHIPS,
    SURNAMES,
    TITLES,
    VICTIM_NAMES,
    VICTIM_ROLES,
    agree,
    decline_full,
)
from referee.games.minuit.investigation import (
    DIFFICULTIES,
    MUST_HAVE,
    SCENE,
    check_investigation,
    clock_of,
)
from referee.games.minuit.solver import Finding

ATTEMPTS = 20
"""How many sub-seeds are tried before the generator gives up (none has been needed so far)."""
HALF_PAST = 23 * 60 + 30
"""Half past eleven, in minutes after the day's start."""
PUBLIC = tuple(sorted(PLACES))
"""The locations where people spend the evening (the pool to the hold)."""
ROUTE_PLACES = (15, 16)
"""The pool deck and the piano bar, by whose stair one climbs to the VIP deck (passage 4–1)."""
VICTIM_EVENING = (16, 19, 20, 21)
"""Where the victim may spend his evening before going up to the suite."""
WHEELHOUSE = 14


@dataclass(frozen=True)
class Level:
    """What a difficulty sets: candidates, how the means and motive are settled, red herrings, points."""

    means: int
    motives: int
    shown: bool
    """True: one lead shows the means and one the motive; False: they are found by elimination."""
    per_lead: int
    """How many wrong candidates one lead clears."""
    herrings: int
    points: dict[str, list[int]]


LEVELS: dict[str, Level] = {
    "novice": Level(5, 5, True, 1, 1, {"culprit": [10, 5], "means": [6, 3], "motive": [6, 3]}),
    "amateur": Level(6, 5, False, 2, 2, {"culprit": [12, 6], "means": [8, 4], "motive": [8, 4]}),
    "expert": Level(7, 6, False, 1, 4, {"culprit": [15, 8], "means": [10, 5], "motive": [10, 5]}),
}
assert tuple(LEVELS) == DIFFICULTIES


class GeneratorError(ValueError):
    """No sound case came out of a seed within ``ATTEMPTS`` sub-seeds, or a level is unknown."""


@dataclass(frozen=True)
class Person:
    """A suspect: id, full names, gender (for Russian agreement)."""

    id: str
    en: str
    ru: str
    gender: str

    def ru_in(self, case: str) -> str:
        return decline_full(self.ru, self.gender, case)

    def he(self) -> str:
        return "he" if self.gender == MALE else "she"

    def him(self) -> str:
        return "him" if self.gender == MALE else "her"


@dataclass
class Draft:
    """The case as it is being written: leads by key, markers and findings."""

    leads: dict[str, dict[str, str]] = field(default_factory=dict)
    claims: list[dict[str, Any]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=lambda: {"en": [], "ru": []})

    def lead(self, key: str, en: str, ru: str) -> None:
        self.leads[key] = {"en": en, "ru": ru}

    def claim(self, lead: str, who: str, where: int, start: int, end: int) -> None:
        self.claims.append(
            {"lead": lead, "who": who, "where": where, "from": clock_of(start), "to": clock_of(end)}
        )

    def note(self, en: str, ru: str) -> None:
        self.notes["en"].append(en)
        self.notes["ru"].append(ru)


def _quote_ru(text: str) -> str:
    """A Russian sentence put inside «…» with its full stop after the closing quote."""
    return text.rstrip(".")


def _pick_people(rng: random.Random) -> list[Person]:
    letters = ["K", *rng.sample(sorted(set(FIRST_NAMES) - {"K"}), 11)]
    surnames = rng.sample(SURNAMES, 12)
    people = []
    for letter, (surname_en, surname_ru) in zip(letters, surnames, strict=True):
        first_en, first_ru, gender = rng.choice(FIRST_NAMES[letter])
        people.append(
            Person(first_en.lower(), f"{first_en} {surname_en}", f"{first_ru} {surname_ru}", gender)
        )
    assert people[0].en.startswith(MUST_HAVE)
    return sorted(people, key=lambda person: person.en)


def _chunks(items: list[str], size: int) -> list[list[str]]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def _compose(rng: random.Random, seed: int, level_name: str) -> tuple[dict[str, Any], Draft]:
    level = LEVELS[level_name]
    draft = Draft()
    people = _pick_people(rng)
    by_id = {person.id: person for person in people}
    victim_en, victim_ru = rng.choice(VICTIM_NAMES)
    victim_gen = decline_full(victim_ru, MALE, "gen")
    victim_acc = decline_full(victim_ru, MALE, "acc")
    victim_ins = decline_full(victim_ru, MALE, "ins")
    victim_last = victim_en.split()[-1]
    role_en, role_ru, _, _ = rng.choice(VICTIM_ROLES)
    ship_en, ship_ru, ship_on = rng.choice(SHIPS)
    route_en, route_ru = rng.choice(ROUTES)
    occasion_en, occasion_ru = rng.choice(OCCASIONS)

    # --- the truth ------------------------------------------------------------------------------
    moment = 23 * 60 + rng.randint(47, 57)
    enters = moment - rng.randint(6, 12)
    evening = rng.choice(VICTIM_EVENING)
    leaves = enters - 2
    culprit = rng.choice(people)
    innocents = [person for person in people if person != culprit]
    rng.shuffle(innocents)
    herrings = innocents[: level.herrings]
    witness = innocents[level.herrings]
    others = innocents[level.herrings + 1 :]
    route = rng.choice([place for place in ROUTE_PLACES if place != evening])
    lie_place = rng.choice([place for place in PUBLIC if place not in (route, evening)])
    seen_at = rng.randint(enters + 1, moment - 3)
    arrives = moment + rng.randint(5, 9)
    means_ids = rng.sample(sorted(set(MEANS) - {"heart"}), 1)
    means_ids += rng.sample(sorted(set(MEANS) - set(means_ids)), level.means - 1)
    means = means_ids[0]
    motive_ids = rng.sample(sorted(MOTIVES), level.motives)
    motive = motive_ids[0]
    wrong_means = sorted(means_ids[1:])
    wrong_motives = sorted(motive_ids[1:])
    rng.shuffle(means_ids)
    rng.shuffle(motive_ids)

    where: dict[str, int] = {person.id: 0 for person in people}
    where[witness.id] = route
    for person in others:
        where[person.id] = rng.choice(PUBLIC)
    for person in herrings:
        where[person.id] = [p.id for p in people].index(person.id) + 1
    roles = rng.sample(ROLES, 12)

    # --- the suspects' leads --------------------------------------------------------------------
    groups: dict[int, list[Person]] = {}
    for person in [witness, *others]:
        groups.setdefault(where[person.id], []).append(person)
    for person in [witness, *others]:
        place = PLACES[where[person.id]]
        opening = rng.randrange(len(ALIBI_OPENINGS))
        start, end = HALF_PAST, (24 * 60 + 10, 24 * 60, 24 * 60 + 15)[opening]
        doing_en, doing_ru = rng.choice(place["doing"])
        en = ALIBI_OPENINGS[opening][0].format(
            **{"in": place["in"][0], "to": place["to"][0], "doing": doing_en}
        )
        ru = agree(ALIBI_OPENINGS[opening][1], person.gender).format(
            **{"in": place["in"][1], "to": place["to"][1], "doing": agree(doing_ru, person.gender)}
        )
        draft.claim(f"{person.id}.alibi", person.id, where[person.id], start, end)
        mates = [mate for mate in groups[where[person.id]] if mate != person]
        if mates:
            mate = rng.choice(mates)
            en += f" {mate.en} was there too; ask {mate.him()}.”"
            ru += (
                " "
                + agree(
                    f"Там же был{{|а}} {mate.ru} — спросите {'его' if mate.gender == MALE else 'её'}»",
                    mate.gender,
                )
                + "."
            )
            draft.claim(f"{person.id}.alibi", mate.id, where[person.id], start, 24 * 60)
        else:
            en += "”"
            ru += "»."
            ru = ru.replace(".»", "»")
        draft.lead(f"{person.id}.alibi", en, ru)
    lonely = rng.sample(ALONE_ALIBIS, len(ALONE_ALIBIS))
    for person in herrings:
        cabin = where[person.id]
        en, ru = lonely.pop()
        draft.lead(f"{person.id}.alibi", en, agree(ru, person.gender))
        draft.claim(f"{person.id}.alibi", person.id, cabin, HALF_PAST, 24 * 60 + 30)
    lie = PLACES[lie_place]
    doing_en, doing_ru = rng.choice(lie["doing"])
    draft.lead(
        f"{culprit.id}.alibi",
        f"“I was {lie['in'][0]} from half past eleven until well past midnight, {doing_en}. "
        "Where else would I be?”",
        agree(
            f"«С половины двенадцатого и далеко за полночь я был{{|а}} {lie['in'][1]}: {doing_ru}. "
            "Где же ещё мне быть?»",
            culprit.gender,
        ),
    )
    draft.claim(f"{culprit.id}.alibi", culprit.id, lie_place, HALF_PAST, 24 * 60 + 10)

    draft.lead(
        f"{witness.id}.witness",
        f"“At {clock_of(seen_at)} {culprit.en} hurried past me and ran up the stair to the VIP deck. "
        f"{culprit.he().capitalize()} did not see me, I think.”",
        agree(f"«В {clock_of(seen_at)} мимо меня пробежал{{|а}} {culprit.ru} и ", culprit.gender)
        + agree("поднял{ся|ась} по трапу к VIP-каютам. Меня, кажется, не заметил{|а}».", culprit.gender),
    )
    draft.claim(f"{witness.id}.witness", culprit.id, route, seen_at, seen_at)
    blamed = rng.choice(herrings)
    draft.lead(
        f"{culprit.id}.witness",
        f"“I saw nothing myself. But ask where {blamed.en} was at midnight: nobody seems to know.”",
        agree("«Сам{|а} я ничего не видел{|а}. ", culprit.gender)
        + agree(
            f"Но спросите, где в полночь был{{|а}} {blamed.ru}: этого, кажется, никто не знает».",
            blamed.gender,
        ),
    )
    en, ru = rng.choice(CULPRIT_RELATIONS)
    draft.lead(f"{culprit.id}.motive", en, agree(ru, culprit.gender))

    grudges = rng.sample(wrong_motives, min(len(herrings), len(wrong_motives)))
    items = rng.sample([m for m in wrong_means if MEANS[m]["item"][0]], min(len(herrings), len(wrong_means)))
    for number, person in enumerate(herrings):
        grudge = MOTIVES[grudges[number % len(grudges)]]["grudge"]
        draft.lead(f"{person.id}.motive", grudge[0], agree(grudge[1], person.gender))
    relations = rng.sample(RELATIONS, len(RELATIONS))
    for number, person in enumerate([witness, *others]):
        en, ru = relations[number % len(relations)]
        draft.lead(f"{person.id}.motive", en, agree(ru, person.gender))

    # --- the places -----------------------------------------------------------------------------
    suite_en = f"The luxury suite. {victim_en} lies on the floor between the desk and the window."
    suite_ru = f"Люкс. {victim_ru} лежит на полу между столом и окном."
    if level.shown:
        suite_en += " " + MEANS[means]["sign"][0]
        suite_ru += " " + MEANS[means]["sign"][1]
        draft.findings.append({"lead": "place.13", "shows": f"means.{means}"})
    draft.lead("place.13", suite_en, suite_ru)
    draft.lead(
        f"place.{WHEELHOUSE}",
        f"The log of the VIP corridor, kept in the wheelhouse: the suite door was opened with "
        f"{victim_last}'s own card at {clock_of(enters)}. The log records cards, not people, and no other "
        "card opened the suite before morning.",
        f"Журнал коридора VIP-кают в рулевой рубке: в {clock_of(enters)} дверь люкса открыли собственной "
        "картой убитого. Журнал записывает карты, а не людей; другой картой люкс до утра не открывали.",
    )
    draft.claim(f"place.{WHEELHOUSE}", "victim", SCENE, enters, enters)
    evening_place = PLACES[evening]
    draft.lead(
        f"place.{evening}",
        f"{evening_place['staff'][0]}: “{victim_en} spent the evening here from eleven. "
        f"At {clock_of(leaves)} he left, alone, saying he would be back for midnight. He never came back.”",
        f"{evening_place['staff'][1]}: «{victim_ru} провёл здесь весь вечер, с одиннадцати. "
        f"В {clock_of(leaves)} он ушёл один и сказал, что вернётся к полуночи. Так и не вернулся».",
    )
    draft.claim(f"place.{evening}", "victim", evening, 23 * 60, leaves)
    route_place = PLACES[route]
    draft.lead(
        f"place.{route}",
        f"{route_place['staff'][0]}: “At {clock_of(seen_at)} {culprit.en} crossed here in a hurry and took "
        "the stair up to the VIP deck. I remember, because nobody else went up that way all night.”",
        f"{route_place['staff'][1]}: «В {clock_of(seen_at)} здесь торопливо "
        + agree(f"{{прошёл|прошла}} {culprit.ru} и поднял{{ся|ась}} по трапу к VIP-каютам. ", culprit.gender)
        + "Я запомнил, потому что больше этим путём за всю ночь никто не поднимался».",
    )
    draft.claim(f"place.{route}", culprit.id, route, seen_at, seen_at)
    draft.lead(
        f"place.{lie_place}",
        f"{lie['staff'][0]}: “{culprit.en} came in at {clock_of(arrives)}, out of breath, and asked what "
        "time it was. Before that I had not seen " + culprit.him() + " here all evening.”",
        f"{lie['staff'][1]}: «{culprit.ru} "
        + agree(
            f"появил{{ся|ась}} в {clock_of(arrives)}, запыхавшись, и спросил{{|а}}, который час. ",
            culprit.gender,
        )
        + f"До этого я {'его' if culprit.gender == MALE else 'её'} здесь весь вечер не "
        + agree("видел{|а}».", lie["staff_gender"]),
    )
    draft.claim(f"place.{lie_place}", culprit.id, lie_place, arrives, arrives)
    contents = rng.sample(CABIN_CONTENTS, len(CABIN_CONTENTS))
    for cabin, person in enumerate(people, 1):
        owner_gen = person.ru_in("gen")
        if person in herrings and herrings.index(person) < len(items):
            thing = MEANS[items[herrings.index(person)]]["item"]
            draft.lead(
                f"place.{cabin}", f"{person.en}'s cabin: {thing[0]}.", f"Каюта {owner_gen}: {thing[1]}."
            )
        elif person == culprit and level.shown:
            sign = MOTIVES[motive]["sign"]
            names = {"victim": victim_en, "victim_gen": victim_en, "victim_ins": victim_en, "name": person.en}
            en = f"{person.en}'s cabin: " + sign[0].format(**names, name_gen=person.en)
            ru_names = {"victim": victim_ru, "victim_gen": victim_gen, "victim_ins": victim_ins}
            ru = f"Каюта {owner_gen}: " + agree(sign[1], person.gender).format(
                **ru_names, name=person.ru, name_gen=owner_gen
            )
            draft.lead(f"place.{cabin}", en + "." * (not en.endswith("”")), ru + ".")
            draft.findings.append({"lead": f"place.{cabin}", "shows": f"motive.{motive}"})
        else:
            thing = contents[cabin % len(contents)]
            draft.lead(
                f"place.{cabin}",
                f"{person.en}'s cabin: {thing[0]}. Nothing that concerns the crime.",
                f"Каюта {owner_gen}: {thing[1]}. Ничего, что касалось бы преступления.",
            )

    # --- clearing the wrong means and motives ---------------------------------------------------
    clears = [f"means.{m}" for m in wrong_means] + [f"motive.{m}" for m in wrong_motives]
    rng.shuffle(clears)
    batches = _chunks(clears, level.per_lead)
    free_places = [f"place.{p}" for p in PUBLIC if f"place.{p}" not in draft.leads]
    speakers = [f"{person.id}.witness" for person in [*others, *herrings]]
    slots = free_places + speakers
    rng.shuffle(slots)
    suite_batch = next((b for b in batches if all(i.startswith("means.") for i in b)), None)
    if not level.shown and suite_batch:
        batches.remove(suite_batch)
        batches.insert(0, suite_batch)
        slots.insert(0, "place.13")
    for batch, slot in zip(batches, slots, strict=False):
        facts = [
            (MEANS if item.startswith("means") else MOTIVES)[item.split(".")[1]]["clear"] for item in batch
        ]
        fact_en = " ".join(fact[0] for fact in facts)
        fact_ru = " ".join(fact[1] for fact in facts)
        draft.findings.append({"lead": slot, "rules_out": batch})
        if slot == "place.13":
            draft.leads[slot] = {
                "en": draft.leads[slot]["en"] + " " + fact_en,
                "ru": draft.leads[slot]["ru"] + " " + fact_ru,
            }
        else:
            about_means = all(item.startswith("means.") for item in batch)
            if slot.startswith("place."):
                intro_en, intro_ru = rng.choice(CREW_MEANS_INTROS if about_means else CREW_FACT_INTROS)
                place = PLACES[int(slot.split(".")[1])]
                gender, before_en, before_ru = (
                    place["staff_gender"],
                    f"{place['staff'][0]}: ",
                    f"{place['staff'][1]}: ",
                )
            else:
                intro_en, intro_ru = rng.choice(MEANS_INTROS if about_means else FACT_INTROS)
                gender, before_en, before_ru = by_id[slot.split(".")[0]].gender, "", ""
            draft.lead(
                slot,
                before_en + intro_en.format(fact=fact_en),
                before_ru + agree(intro_ru, gender).format(fact=_quote_ru(fact_ru)),
            )
    if len(batches) > len(slots):
        raise GeneratorError("not enough leads to clear every wrong candidate")

    # --- what is left: sightings, suspicion of the herrings, nothing seen ----------------------
    suspicions = list(zip(herrings, rng.sample(QUARRELS, len(QUARRELS)), strict=False))
    nothing = rng.sample(NOTHING_SEEN, len(NOTHING_SEEN))
    quiet = rng.sample(QUIET_NIGHTS, len(QUIET_NIGHTS))
    for person in [*others, *herrings]:
        key = f"{person.id}.witness"
        if key in draft.leads:
            continue
        mates = [mate for mate in groups.get(where[person.id], []) if mate != person]
        if mates and rng.random() < 0.7:
            mate = rng.choice(mates)
            at = HALF_PAST + rng.randint(10, 25)
            place = PLACES[where[person.id]]
            draft.lead(
                key,
                f"“At {clock_of(at)} I looked round: {mate.en} was still {place['in'][0]}, as "
                f"{mate.he()} had been since half past eleven.”",
                agree(f"«В {clock_of(at)} я {{огляделся|огляделась}}: ", person.gender)
                + agree(
                    f"{mate.ru} по-прежнему был{{|а}} {place['in'][1]} — никуда не уходил{{|а}} с половины "
                    "двенадцатого».",
                    mate.gender,
                ),
            )
            draft.claim(key, mate.id, where[person.id], at, at)
        elif person not in herrings and suspicions:
            suspect, (en, ru) = suspicions.pop()
            draft.lead(
                key,
                en.format(suspect=suspect.en, victim=victim_en),
                agree(ru, person.gender, suspect.gender).format(suspect=suspect.ru, victim_ins=victim_ins),
            )
        else:
            en, ru = nothing.pop() if nothing else rng.choice(NOTHING_SEEN)
            draft.lead(key, en, agree(ru, person.gender))
    for place_number in PUBLIC:
        key = f"place.{place_number}"
        if key in draft.leads:
            continue
        place = PLACES[place_number]
        there = [person for person in people if where[person.id] == place_number and person != culprit]
        if there:
            named_en = (
                ", ".join(person.en for person in there[:-1]) + " and " * (len(there) > 1) + there[-1].en
            )
            named_ru = ", ".join(person.ru for person in there[:-1]) + " и " * (len(there) > 1) + there[-1].ru
            verb = "был" + ("и" if len(there) > 1 else ("" if there[0].gender == MALE else "а"))
            draft.lead(
                key,
                f"{place['staff'][0]}: “{named_en} {'were' if len(there) > 1 else 'was'} here from half "
                "past eleven until midnight. Nobody else came in.”",
                f"{place['staff'][1]}: «С половины двенадцатого до полуночи здесь {verb} {named_ru}. "
                "Больше никто не заходил».",
            )
            for person in there:
                draft.claim(key, person.id, place_number, HALF_PAST, 24 * 60)
        else:
            line = quiet.pop() if quiet else QUIET_NIGHTS[0]
            draft.lead(
                key,
                f"{place['staff'][0]}: {line[0]}",
                f"{place['staff'][1]}: {agree(line[1], place['staff_gender'])}",
            )

    # --- the whole file -------------------------------------------------------------------------
    title_en, title_ru = rng.choice(TITLES)
    suspects = []
    for number, person in enumerate(people):
        role = roles[number]
        suspects.append(
            {
                "id": person.id,
                "name": {"en": person.en, "ru": person.ru},
                "about": {
                    "en": agree(role[0], person.gender),
                    "ru": role[1] if person.gender == MALE else role[2],
                },
                **{topic: draft.leads[f"{person.id}.{topic}"] for topic in ("alibi", "witness", "motive")},
            }
        )
    means_name, motive_name = MEANS[means]["name"], MOTIVES[motive]["name"]
    he_she_ru = "его" if culprit.gender == MALE else "её"
    raw: dict[str, Any] = {
        "id": f"generated-{level_name}-{seed}",
        "difficulty": level_name,
        "title": {
            "en": title_en.format(ship=ship_en, victim=victim_en),
            "ru": title_ru.format(ship_on=ship_on, victim_gen=victim_gen),
        },
        "introduction": {
            "en": (
                f"The liner {ship_en} is sailing {route_en} with {victim_en}, {role_en}, and his guests on "
                f"board; the evening was given to {occasion_en}. At {clock_of(leaves)} he went up "
                f"{evening_place['from'][0]} to his luxury suite.\n\n"
                f"At seven this morning a stewardess found {victim_en} dead in the suite. The ship's doctor "
                "places his death between 23:45 and midnight. The captain asks you to name the culprit, "
                "the means and the motive before the liner reaches port."
            ),
            "ru": (
                f"Лайнер {ship_ru} идёт {route_ru}. На борту — {victim_ru}, {role_ru}, и его гости; "
                f"главным событием вечера был{'о' if occasion_ru.split()[0].endswith('ие') else ''} "
                f"{occasion_ru}. В {clock_of(leaves)} он ушёл {evening_place['from'][1]} "
                "и поднялся к себе в люкс.\n\n"
                f"Сегодня в семь утра горничная нашла {victim_acc} в люксе мёртвым. Судовой врач считает, "
                "что смерть наступила между 23:45 и полуночью. Капитан просит вас назвать виновного, способ "
                "и мотив, пока лайнер не пришёл в порт."
            ),
        },
        "means": [{"id": m, "en": MEANS[m]["name"][0], "ru": MEANS[m]["name"][1]} for m in means_ids],
        "motive": [{"id": m, "en": MOTIVES[m]["name"][0], "ru": MOTIVES[m]["name"][1]} for m in motive_ids],
        "solution": {
            "culprit": culprit.id,
            "means": means,
            "motive": motive,
            "time": clock_of(moment),
            "victim": [
                {"where": evening, "from": "23:00", "to": clock_of(leaves)},
                {"where": SCENE, "from": clock_of(enters), "to": clock_of(moment)},
            ],
            "points": level.points,
            "text": {
                "en": (
                    f"{culprit.en} killed {victim_en}; the motive: {motive_name[0]}. At {clock_of(enters)} "
                    f"{victim_en} let himself into his suite. At {clock_of(seen_at)} {culprit.en} was seen "
                    f"{route_place['in'][0]}, hurrying to the stair up to the VIP deck, and {victim_last} "
                    f"let {culprit.him()} in. By {clock_of(moment)} he was dead: {means_name[0]}. At "
                    f"{clock_of(arrives)} {culprit.en} walked into {lie['of'][0]}, out of breath, and later "
                    f"claimed to have been there since half past eleven."
                ),
                "ru": (
                    f"{victim_acc} убил" + agree("{|а} ", culprit.gender) + f"{culprit.ru}; мотив — "
                    f"{motive_name[1]}. В {clock_of(enters)} {victim_ru} вошёл в свой люкс. В "
                    f"{clock_of(seen_at)} {culprit.ru_in('acc')} видели {route_place['in'][1]}: "
                    + agree("{он|она} спешил{|а} к трапу на VIP-палубу, и убитый впустил ", culprit.gender)
                    + f"{he_she_ru} к себе. К {clock_of(moment)} он был мёртв: {means_name[1]}. В "
                    f"{clock_of(arrives)} {culprit.ru}, запыхавшись, "
                    + agree(f"появил{{ся|ась}} {lie['in'][1]}, а потом уверял{{|а}}, ", culprit.gender)
                    + agree("что {провёл|провела} там всё время с половины двенадцатого.", culprit.gender)
                ),
            },
        },
        "suspects": suspects,
        "places": [{"number": n, **draft.leads[f"place.{n}"]} for n in range(1, 25)],
        "claims": draft.claims,
        "findings": draft.findings,
    }
    draft.note(
        f"Minuit investigation {raw['id']}, generated (seed {seed}, {level_name}). Check it with: "
        "referee minuit check FILE",
        f"Расследование «Полночь» {raw['id']}, создано генератором (seed {seed}, {level_name}). Проверка: "
        "referee minuit check FILE",
    )
    draft.note(
        f"Culprit: {culprit.en} says {culprit.he()} was {lie['in'][0]} ({culprit.id}.alibi); "
        f"{witness.id}.witness and place.{route} saw {culprit.him()} at {clock_of(seen_at)} on the way up to "
        f"the VIP deck, and place.{lie_place} saw {culprit.him()} arrive only at {clock_of(arrives)}.",
        f"Виновн{'ый' if culprit.gender == MALE else 'ая'}: {culprit.ru} ({culprit.id}.alibi) лжёт; "
        f"{witness.id}.witness и place.{route} видели {culprit.ru_in('acc')} в {clock_of(seen_at)} на пути "
        f"к VIP-каютам, а place.{lie_place} — только в {clock_of(arrives)}.",
    )
    ruled = "; ".join(
        f"{entry['lead']} ({', '.join(entry['rules_out'])})"
        for entry in draft.findings
        if "rules_out" in entry
    )
    draft.note(f"Ruled out: {ruled}.", f"Исключают: {ruled}.")
    draft.note(
        f"Means {means}, motive {motive}: "
        + ("shown by place.13 and the culprit's cabin." if level.shown else "found by ruling out the rest."),
        f"Способ {means}, мотив {motive}: "
        + (
            "их показывают place.13 и каюта виновного."
            if level.shown
            else "остаются после исключения остальных."
        ),
    )
    draft.note(
        f"Leads needed: {needed_leads(raw)} of 60.",
        f"Нужно улик: {needed_leads(raw)} из 60.",
    )
    draft.note(
        "Red herrings: " + ", ".join(person.id for person in herrings) + " (alone in their cabins, a grudge, "
        "a suspicious object).",
        "Ложные следы: " + ", ".join(person.id for person in herrings) + " (одни в каютах, обиды, "
        "подозрительные вещи).",
    )
    return raw, draft


def generate_with_notes(seed: int, level: str, language: str = "en") -> tuple[dict[str, Any], list[str]]:
    """The investigation drawn from ``seed`` at ``level`` and the game-master's notes in ``language``."""
    if level not in LEVELS:
        raise GeneratorError(f"the level must be one of {', '.join(LEVELS)}, not {level!r}")
    if language not in ("en", "ru"):
        raise GeneratorError(f"the language must be en or ru, not {language!r}")
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"minuit:{seed}:{level}:{attempt}")
        try:
            raw, draft = _compose(rng, seed, level)
        except GeneratorError:
            continue
        if not check_investigation(raw):
            return raw, draft.notes[language]
    raise GeneratorError(f"no sound case came out of seed {seed} in {ATTEMPTS} tries")


def generate(seed: int, level: str, language: str = "en") -> dict[str, Any]:
    """The investigation drawn from ``seed`` at ``level``: the dict an investigation file holds."""
    return generate_with_notes(seed, level, language)[0]


def needed_leads(raw: dict[str, Any]) -> int:
    """How few leads settle the case: two for the culprit (their lie and a lead that breaks it), and the
    fewest truthful leads whose findings leave one means and one motive."""
    culprit = raw["solution"]["culprit"]
    findings = [
        Finding(entry["lead"], entry.get("shows", ""), tuple(entry.get("rules_out", [])))
        for entry in raw["findings"]
    ]
    findings = [finding for finding in findings if finding.owner != culprit]
    total = 2
    for element in ("means", "motive"):
        choices = [entry["id"] for entry in raw[element]]
        wrong = set(choices) - {raw["solution"][element]}
        useful = [f for f in findings if f.excludes(element, choices)]
        total += next(
            size
            for size in range(len(useful) + 1)
            if any(
                wrong <= set().union(*(f.excludes(element, choices) for f in group))
                for group in combinations(useful, size)
            )
        )
    return total


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and "\n" in value and '"""' not in value and "\\" not in value:
        return f'"""\n{value}"""'
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    return "{ " + ", ".join(f"{key} = {_toml_value(item)}" for key, item in value.items()) + " }"


def _toml_table(table: dict[str, Any]) -> list[str]:
    lines = []
    for key, value in table.items():
        if (
            isinstance(value, dict)
            and set(value) == {"en", "ru"}
            and any("\n" in v or len(v) > 60 for v in value.values())
        ):
            lines += [f"{key}.{lang} = {_toml_value(text)}" for lang, text in value.items()]
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return lines


def to_toml(raw: dict[str, Any], notes: tuple[str, ...] | list[str] = ()) -> str:
    """The investigation ``raw`` as the text of an investigation file, ``notes`` as its opening comment
    (one line each)."""
    lines = [f"# {note}" for note in notes]
    lines.append("")
    scalars = {key: value for key, value in raw.items() if not isinstance(value, list) and key != "solution"}
    lines += _toml_table(scalars)
    for key, value in raw.items():
        if isinstance(value, list):
            for entry in value:
                lines += ["", f"[[{key}]]", *_toml_table(entry)]
        if key == "solution":
            lines += ["", "[solution]", *_toml_table(value)]
    return "\n".join(lines) + "\n"
