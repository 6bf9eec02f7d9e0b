"""The epilogue of a Ten Sailors game: a short scene that tells how it ended, once every secret is out
(TS-24, TS-25; TS-10 for the spirit: a castle on an island, guests with an old crime each).

The scene is put together from parts, each drawn from a pool by the game's seed, so two games rarely
read alike and a replay reads the same: how the last morning went (the last survivor, nobody left, or
the boat on the morning of the last day), who won on frags (one, a tie, nobody), what became of the
host's character, the reader's own fate, and a closing line. A part that concerns the reader is told
to them in the second person ("you"), never by their name.

A text is a format string: ``{slot}`` is filled here; ``[masculine|feminine]`` picks the form that
agrees with the one person the sentence is about (Russian verbs and adjectives, English pronouns).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from referee.core.numbers import ordinal
from referee.core.rng import SeededStream
from referee.games.ten_sailors.narration import frag_count_text, gender_of, name_case
from referee.games.ten_sailors.state import GameState, segment_of

_SLOT = re.compile(r"\{(\w+)\}")
_CHOICE = re.compile(r"\[([^|\]]*)\|([^\]]*)\]")

Pool = dict[str, tuple[str, ...]]

OPENING: dict[str, Pool] = {
    "last_survivor": {
        "en": (
            "On the morning of day {day} the castle fell silent at last. Of all the guests who had "
            "answered the unknown millionaire's invitation, only {winner} came down to breakfast.",
            "When the boat from the mainland reached the island at last, one figure stood waiting on "
            "the pier: {winner}. Behind [him|her] the castle kept its windows dark.",
            "The last trap had fired, and the castle held its breath. {winner} walked through the "
            "empty rooms alone, the one guest the island had let live.",
        ),
        "ru": (
            "Утром {day_gen} дня в замке наконец стало тихо. Из всех гостей, что приняли приглашение "
            "неизвестного миллионера, к завтраку [спустился|спустилась] только {winner}.",
            "Когда лодка с материка наконец подошла к острову, на причале её ждал один-единственный "
            "человек — {winner}. Окна замка за [его|её] спиной так и остались тёмными.",
            "Последняя ловушка сработала, и замок затих. {winner} [бродил|бродила] по опустевшим "
            "комнатам [один|одна]: остров пощадил только [его|её].",
        ),
    },
    "everyone_died": {
        "en": (
            "On the morning of day {day} nobody came down to breakfast. The last traps had taken every "
            "guest still alive, and the castle stood empty above the sea.",
            "The clock in the Hall struck nine, but there was nobody left to hear it: the last traps "
            "had found every guest who was still alive.",
            "When the boat from the mainland reached the island, nobody was waiting on the pier. The "
            "castle had settled its accounts with every guest, to the last.",
        ),
        "ru": (
            "Утром {day_gen} дня к завтраку не спустился никто. Последние ловушки забрали всех, кто "
            "ещё оставался в живых, и замок опустел.",
            "Часы в холле пробили девять, но слушать их было уже некому: последние ловушки нашли "
            "всех, кто ещё был жив.",
            "Когда лодка с материка подошла к острову, на причале её никто не встретил. Замок свёл "
            "счёты со всеми гостями, до последнего.",
        ),
    },
    "frags": {
        "en": (
            "On the morning of day {day} the last traps fired, and the boat from the mainland was "
            "already in sight. {Alive} came down to the pier without looking at one another.",
            "The morning of day {day} came, and the boat came with it. Nobody had found out "
            "everything about the others, but everyone had found out enough.",
            "The last traps fired at nine, and by ten a boat was waiting at the pier. {Alive} boarded "
            "it in silence, each keeping a private count.",
        ),
        "ru": (
            "Утром {day_gen} дня сработали последние ловушки, а на горизонте уже показалась лодка с "
            "материка. К причалу, не глядя друг на друга, спустились уцелевшие: {alive}.",
            "Наступило утро {day_gen} дня, а с ним пришла и лодка. Всего друг о друге не узнал "
            "никто, но узнали достаточно.",
            "В девять сработали последние ловушки, а к десяти у причала уже ждала лодка. Уцелевшие — "
            "{alive} — молча заняли в ней места, и каждый вёл свой счёт.",
        ),
    },
}
"""How the last morning went, by the reason the game ended (``game_ended``)."""

OPENING_OF_YOU: Pool = {
    "en": (
        "On the morning of day {day} the castle fell silent at last. Of all the guests who had "
        "answered the unknown millionaire's invitation, only you came down to breakfast.",
        "When the boat from the mainland reached the island at last, one figure stood waiting on the "
        "pier: you. Behind you the castle kept its windows dark.",
        "The last trap had fired, and the castle held its breath. You walked through the empty rooms "
        "alone, the one guest the island had let live.",
    ),
    "ru": (
        "Утром {day_gen} дня в замке наконец стало тихо. Из всех гостей, что приняли приглашение "
        "неизвестного миллионера, к завтраку спустились только вы.",
        "Когда лодка с материка наконец подошла к острову, на причале её ждали только вы. Окна замка "
        "за вашей спиной так и остались тёмными.",
        "Последняя ловушка сработала, и замок затих. Вы бродили по опустевшим комнатам в "
        "одиночестве: остров пощадил только вас.",
    ),
}
"""The last survivor's own opening: the same mornings, told to the one who survived."""

VERDICT: dict[str, Pool] = {
    "one": {
        "en": (
            "When the frags were added up, {winner} came out ahead: {frags}, more than anyone else.",
            "Of all the traps set in the castle, {winner}'s were the surest: {frags}, and the victory "
            "with them.",
            "When the frags were counted, the victory went to {winner}, with {frags}.",
        ),
        "ru": (
            "Когда сложили фраги, впереди [оказался|оказалась] {winner}: {frags} — больше, чем у кого-либо.",
            "Из всех ловушек, расставленных в замке, самыми точными оказались ловушки {winner_gen}: "
            "{frags} — и победа.",
            "Когда подсчитали фраги, победа досталась {winner_dat}: {frags}.",
        ),
    },
    "tie": {
        "en": (
            "When the frags were counted, {winners} came out level, with {frags} each, and share a "
            "partial victory.",
            "The count ended in a tie: the victory, a partial one, is shared by {winners}, with {frags} "
            "each.",
        ),
        "ru": (
            "Когда подсчитали фраги, оказалось, что {winners} набрали поровну — {frags} у каждого — и "
            "делят частичную победу.",
            "Счёт закончился вничью: победу, пусть и частичную, делят {winners}, у каждого {frags}.",
        ),
    },
    "nobody": {
        "en": (
            "Not one trap in the castle had caught its guest, and so nobody won: every old secret left "
            "the island with its owner.",
            "In all those nights not a single trap had worked. There was no winner, only a boatload of "
            "people who knew a little too much about one another.",
        ),
        "ru": (
            "За всю игру ни одна ловушка так никого и не поймала, и победителя нет: каждая старая тайна "
            "покинула остров вместе со своим хозяином.",
            "За все эти ночи не сработала ни одна ловушка. Победителя нет — есть только полная лодка "
            "людей, которые знают друг о друге чуть больше, чем хотелось бы.",
        ),
    },
}
"""Who won on frags (TS-24, TS-25), when the game did not end with a last survivor."""

VERDICT_OF_YOU: Pool = {
    "en": (
        "When the frags were added up, you came out ahead: {frags}, more than anyone else.",
        "Of all the traps set in the castle, yours were the surest: {frags}, and the victory with them.",
        "When the frags were counted, the victory was yours, with {frags}.",
    ),
    "ru": (
        "Когда сложили фраги, впереди оказались вы: {frags} — больше, чем у кого-либо.",
        "Из всех ловушек, расставленных в замке, самыми точными оказались ваши: {frags} — и победа.",
        "Когда подсчитали фраги, победа досталась вам: {frags}.",
    ),
}
"""The one winner on frags, told to the winner."""

HOST: dict[str, Pool] = {
    "caught": {
        "en": (
            "Only now did everyone learn what some had guessed: {host} had been the host's character, "
            "and the island did not spare [him|her] either.",
            "The host's character, it turned out, had been {host}, and even the host could not escape "
            "an old secret.",
        ),
        "ru": (
            "Только теперь все узнали то, о чём кое-кто догадывался: персонажем ведущего [был|была] "
            "{host}, и прошлое настигло и [его|её].",
            "Персонажем ведущего, как оказалось, [был|была] {host} — но и [ему|ей] не удалось уйти от "
            "старой тайны.",
        ),
    },
    "free": {
        "en": (
            "Only now did everyone learn that {host} had been the host's character all along, and "
            "[he|she] kept [his|her] own secret to the end.",
            "The host's character had been {host}, and nobody ever managed to catch [him|her].",
        ),
        "ru": (
            "Только теперь все узнали, что персонажем ведущего всё это время [был|была] {host}, — и "
            "свою тайну [он|она] [сохранил|сохранила] до конца.",
            "Персонажем ведущего [был|была] {host}, и поймать [его|её] так никому и не удалось.",
        ),
    },
}
"""What became of the host's character (TS-1: revealed to all at the end)."""

HOST_OF_YOU: dict[str, Pool] = {
    "caught": {
        "en": (
            "You had been the host's character all along, and in the end the island did not spare you "
            "either.",
        ),
        "ru": ("Всё это время персонажем ведущего были вы, но в конце концов остров не пощадил и вас.",),
    },
    "free": {
        "en": ("You had been the host's character all along, and nobody ever managed to catch you.",),
        "ru": ("Всё это время персонажем ведущего были вы, и поймать вас так никому и не удалось.",),
    },
}
"""The host's character's fate, told to the one who played it."""

YOUR_FATE: dict[str, Pool] = {
    "dead": {
        "en": ("You did not live to see it: your own past caught up with you on the morning of day {died}.",),
        "ru": ("Сами вы этого уже не увидели: прошлое настигло вас утром {died_gen} дня.",),
    },
    "dead_winner": {
        "en": ("You did not live to see your victory: the island took you on the morning of day {died}.",),
        "ru": ("Своей победы вы уже не увидели: остров забрал вас утром {died_gen} дня.",),
    },
    "alive": {
        "en": ("You leave the island alive, which is more than many of the guests can say.",),
        "ru": ("Вы уезжаете с острова [живым|живой] — а это удалось далеко не всем гостям.",),
    },
}
"""The reader's own fate, when no other part has told it."""

CLOSING: dict[str, Pool] = {
    "someone": {
        "en": (
            "The letters of invitation, it turned out, had been signed by no one, and the castle stays "
            "on its island, waiting for its next guests.",
            "Behind the boat the island grew smaller and smaller, until only the castle's tower could "
            "be seen above the water.",
            "Somebody locked the door of the Hall behind the last guest; the key was never found.",
            "The waves washed over the wet steps of the pier, and the castle was left to keep the rest "
            "of its secrets alone.",
        ),
        "ru": (
            "Пригласительные письма, как выяснилось, не подписал никто, а замок так и стоит на своём "
            "острове и ждёт новых гостей.",
            "Остров за кормой становился всё меньше, пока над водой не осталась видна одна только "
            "башня замка.",
            "Кто-то запер за последним гостем дверь холла; ключ так и не нашли.",
            "Волны набегали на мокрые ступени причала, а замок остался хранить свои остальные тайны "
            "в одиночестве.",
        ),
    },
    "nobody": {
        "en": (
            "The letters of invitation, it turned out, had been signed by no one, and the castle stays "
            "on its island, waiting for its next guests.",
            "Only the gulls saw the boat turn back without a single passenger; the castle kept the "
            "rest of its secrets to itself.",
        ),
        "ru": (
            "Пригласительные письма, как выяснилось, не подписал никто, а замок так и стоит на своём "
            "острове и ждёт новых гостей.",
            "Только чайки видели, как лодка повернула назад без единого пассажира; остальные свои "
            "тайны замок оставил при себе.",
        ),
    },
}
"""The last line, by whether anyone leaves the island alive."""


def facts(state: GameState, ended: dict[str, Any]) -> dict[str, Any]:
    """What the epilogue of the game ``state`` tells, JSON-ready: how it ended (``ended``, the data of
    ``game_ended``), who died on which morning, each character's gender, the host's character and
    whether a trap caught it, and the numbers of the parts drawn from the game's seed."""
    died = {k.victim: segment_of(k.segment).day + 1 for k in state.kills}
    host = state.host()
    stream = SeededStream(state.seed, "epilogue")
    return {
        "reason": ended["reason"],
        "winners": list(ended["winners"]),
        "partial": bool(ended["partial"]),
        "frags": dict(ended["frags"]),
        "day": state.segment.day + 1,
        "alive": [c.name for c in state.living()],
        "died": died,
        "genders": {c.name: gender_of(c.name, getattr(c, "gender", None)) for c in state.characters},
        "host": host.name if host is not None else None,
        "host_caught": host is not None and host.name in died,
        "parts": [stream.choice(range(1_000_000)) for _ in range(4)],
    }


def epilogue(told: dict[str, Any], reader: str | None, language: str) -> str:
    """The epilogue ``facts`` gave, in ``language`` ("en" or "ru"), to ``reader`` (a character: the parts
    about them in the second person; None for a reader who plays none, such as the game-master)."""
    lang = language if language in ("en", "ru") else "en"
    genders: dict[str, str] = told["genders"]
    reason, winners = told["reason"], list(told["winners"])
    opening, verdict, host_part, closing = told["parts"]
    day = int(told["day"])
    common = {"day": str(day), "day_gen": ordinal(day, lang, "gent")}

    def words(text: str, about: str | None, **slots: str) -> str:
        gender = genders.get(about or "", "m")
        text = _CHOICE.sub(lambda match: match.group(1 if gender == "m" else 2), text)
        filled = {**common, **slots}
        return _SLOT.sub(lambda match: _slot(filled, match.group(1)), text)

    sentences = []
    if reason == "last_survivor" and winners:
        winner = winners[0]
        pool = OPENING_OF_YOU[lang] if winner == reader else OPENING[reason][lang]
        sentences.append(words(_pick(pool, opening), winner, winner=winner))
    else:
        alive = _people(told["alive"], reader, lang)
        pool = OPENING.get(reason, OPENING["frags"])[lang]
        sentences.append(words(_pick(pool, opening), None, alive=alive))
        sentences.append(_verdict(told, reader, lang, verdict, words))
    host = told.get("host")
    if host:
        fate = "caught" if told["host_caught"] else "free"
        pool = HOST_OF_YOU[fate][lang] if host == reader else HOST[fate][lang]
        sentences.append(words(_pick(pool, host_part), host, host=host))
    if reader and reader != host and not (reason == "last_survivor" and reader in winners):
        died = told["died"].get(reader)
        if died is not None:
            fate = "dead_winner" if reader in winners else "dead"
            sentences.append(
                words(
                    YOUR_FATE[fate][lang][0],
                    reader,
                    died=str(died),
                    died_gen=ordinal(int(died), lang, "gent"),
                )
            )
        elif reader not in winners:
            sentences.append(words(YOUR_FATE["alive"][lang][0], reader))
    sentences.append(_pick(CLOSING["someone" if told["alive"] else "nobody"][lang], closing))
    return " ".join(sentences)


def _verdict(told: dict[str, Any], reader: str | None, lang: str, number: int, words: Any) -> str:
    """Who won on frags, told to ``reader``."""
    winners = list(told["winners"])
    if not winners:
        return str(words(_pick(VERDICT["nobody"][lang], number), None))
    frags = frag_count_text(told["frags"][winners[0]], lang)
    if len(winners) > 1:
        people = _people(winners, reader, lang)
        return str(words(_pick(VERDICT["tie"][lang], number), None, winners=people, frags=frags))
    winner = winners[0]
    if winner == reader:
        return str(words(_pick(VERDICT_OF_YOU[lang], number), None, frags=frags))
    gender = told["genders"].get(winner, "m")
    cases = (
        {f"winner_{case}": name_case(winner, case, gender) for case in ("gen", "dat")} if lang == "ru" else {}
    )
    return str(words(_pick(VERDICT["one"][lang], number), winner, winner=winner, frags=frags, **cases))


def _people(names: Sequence[str], reader: str | None, lang: str) -> str:
    """``names`` as a list, the reader first and as "you" («вы»)."""
    you = "you" if lang == "en" else "вы"
    listed = ([you] if reader in names else []) + [n for n in names if n != reader]
    if len(listed) < 2:
        return "".join(listed)
    return ", ".join(listed[:-1]) + (" and " if lang == "en" else " и ") + listed[-1]


def _pick(pool: Sequence[str], number: int) -> str:
    return pool[number % len(pool)]


def _slot(slots: dict[str, str], key: str) -> str:
    value = slots[key.lower()] if key[:1].isupper() else slots[key]
    return value[:1].upper() + value[1:] if key[:1].isupper() else value
