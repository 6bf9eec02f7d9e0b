"""The ship as players read it: names of places and leads, the text map of every mail, and the
coordinates of the ship's picture in the HTML part (MM-1, MM-2; the "By mail" ruling)."""

from __future__ import annotations

from typing import Any

from referee.games.minuit.content import (
    CONNECTIONS,
    DECK_NAMES,
    PLACE_NAMES,
    PORT,
    SUITE,
    ZONE_DECK,
    ZONE_NAMES,
    ZONE_OF_LOCATION,
    ZONES,
)
from referee.games.minuit.investigation import LANGUAGES, Investigation
from referee.games.minuit.state import GameState

TOPIC_NAMES = {
    "alibi": {"en": "ALIBI", "ru": "АЛИБИ"},
    "witness": {"en": "WITNESS", "ru": "СВИДЕТЕЛЬ"},
    "motive": {"en": "MOTIVE", "ru": "МОТИВ"},
}


def place_name(case: Investigation, location: int) -> dict[str, str]:
    """A location's name: "Kristina Hale's cabin" for 1–12, the ship's name for the others."""
    owner = case.owner_of(location)
    if owner is None:
        return dict(PLACE_NAMES[location])
    name = case.suspect(owner).name
    return {"en": f"{name['en']}'s cabin", "ru": f"каюта: {name['ru']}"}


def lead_label(case: Investigation, key: str) -> dict[str, str]:
    """How a lead is named in mail: "Kristina Hale, ALIBI" or "19, the casino"."""
    who, what = key.split(".")
    if who == "place":
        number = int(what)
        return {lang: f"{number:02d}, {name}" for lang, name in place_name(case, number).items()}
    name = case.suspect(who).name
    return {lang: f"{name[lang]}, {TOPIC_NAMES[what][lang]}" for lang in LANGUAGES}


def names(case: Investigation) -> dict[str, Any]:
    """Every name a letter may need: suspects, locations and the candidates of each element."""
    return {
        "suspects": {s.id: s.name for s in case.suspects},
        "initials": {s.id: s.initial for s in case.suspects},
        "places": {str(n): place_name(case, n) for n in ZONE_OF_LOCATION},
        "zones": {str(z): ZONE_NAMES[z] for z in ZONES},
        "candidates": {
            element: [{"id": c.id, "name": c.name} for c in case.candidates(element)]
            for element in ("culprit", "means", "motive")
        },
        "topics": TOPIC_NAMES,
    }


_WORDS = {
    "en": {
        "ship": "The ship: space {ship} of {port}",
        "officer": "The officer, marked *: zone {zone} — nobody may question or search there this round",
        "off": "The officer is off duty this round",
        "closed": "Closed this round: the {way} between zones {ways}",
        "suspects": "suspects",
        "detectives": "detectives",
        "shut": "cabins shut",
        "ways": "Ways: 1–2, 1–3, 4–5, 5–6, 7–8, 8–9; stairs 1–4, 3–6, 5–8, 9–10",
    },
    "ru": {
        "ship": "Корабль: деление {ship} из {port}",
        "officer": "Офицер, отмечен *: зона {zone} — в этом раунде там нельзя допрашивать и обыскивать",
        "off": "В этом раунде офицер не на посту",
        "closed": "В этом раунде {shut_way} между зонами {ways}",
        "suspects": "подозреваемые",
        "detectives": "сыщики",
        "shut": "закрыты каюты",
        "ways": "Проходы: 1–2, 1–3, 4–5, 5–6, 7–8, 8–9; трапы 1–4, 3–6, 5–8, 9–10",
    },
}


def _locations(zone: int) -> str:
    numbers = [n for n, z in ZONE_OF_LOCATION.items() if z == zone]
    return (
        f"{numbers[0]:02d}–{numbers[-1]:02d}" if len(numbers) > 2 else ", ".join(f"{n:02d}" for n in numbers)
    )


def map_text(state: GameState, language: str) -> str:
    """The text map: the ship's progress, the officer, closed ways, and who is in each zone."""
    words = _WORDS[language]
    lines = [
        words["ship"].format(ship=state.ship, port=PORT)
        + "  ["
        + "#" * state.ship
        + "." * (PORT - state.ship)
        + "]",
        words["officer"].format(zone=state.officer) if state.officer else words["off"],
    ]
    if state.card.closed:
        ways = ", ".join("–".join(map(str, sorted(pair))) for pair in sorted(state.card.closed, key=sorted))
        many = len(state.card.closed) > 1
        way = (
            ("ways" if many else "way")
            if language == "en"
            else ("закрыты проходы" if many else "закрыт проход")
        )
        lines.append(words["closed"].format(ways=ways, way=way, shut_way=way))
    deck = ""
    for zone in ZONES:
        if ZONE_DECK[zone] != deck:
            deck = ZONE_DECK[zone]
            lines.append(DECK_NAMES[deck][language].upper())
        here = [state.case.suspect(s).first(language) for s, z in state.suspects.items() if z == zone]
        detectives = [seat for seat, z in state.detectives.items() if z == zone]
        parts = []
        if here:
            parts.append(f"{words['suspects']}: {', '.join(here)}")
        if zone == 1 and here:
            shut = sorted(state.case.cabin_of(s) for s, z in state.suspects.items() if z == zone)
            parts.append(f"{words['shut']} {', '.join(f'{n:02d}' for n in shut)}")
        if detectives:
            parts.append(f"{words['detectives']}: {', '.join(detectives)}")
        mark = " *" if zone == state.officer else ""  # beside the bracket, never a second one
        head = f"{zone:>2} {ZONE_NAMES[zone][language]} ({_locations(zone)}){mark}"
        lines.append(head + (": " + "; ".join(parts) if parts else ""))
    lines.append(words["ways"])
    return "\n".join(lines)


# --- the picture -------------------------------------------------------------------------------------

_ROWS = {"upper": 0, "main": 1, "lower": 2, "hold": 3}
_BOX_W, _BOX_H, _GAP, _TOP = 190, 64, 16, 40


def _boxes() -> dict[int, dict[str, int]]:
    """Where each zone's box is drawn: decks as rows, zones of a deck from left to right."""
    boxes: dict[int, dict[str, int]] = {}
    column = {deck: 0 for deck in _ROWS}
    for zone in ZONES:
        deck = ZONE_DECK[zone]
        x = 10 + column[deck] * (_BOX_W + _GAP)
        column[deck] += 1
        if deck == "hold":
            x = 10 + 2 * (_BOX_W + _GAP)
        boxes[zone] = {"x": x, "y": _TOP + _ROWS[deck] * (_BOX_H + _GAP), "w": _BOX_W, "h": _BOX_H}
    return boxes


def svg_data(state: GameState) -> dict[str, Any]:
    """Everything the picture draws, with coordinates computed here (the template only places them)."""
    boxes = _boxes()
    zones = []
    for zone in ZONES:
        box = boxes[zone]
        suspects = [state.case.suspect(s).initial for s, z in sorted(state.suspects.items()) if z == zone]
        detectives = [seat for seat, z in state.detectives.items() if z == zone]
        zones.append(
            {
                **box,
                "zone": zone,
                "name": ZONE_NAMES[zone],
                "suspects": " ".join(suspects),
                "detectives": ", ".join(detectives),
                "officer": zone == state.officer,
                "suite": zone == SUITE,
            }
        )
    links = []
    for pair in sorted(CONNECTIONS, key=sorted):
        a, b = sorted(pair)
        one, two = boxes[a], boxes[b]
        links.append(
            {
                "x1": one["x"] + one["w"] / 2,
                "y1": one["y"] + one["h"] / 2,
                "x2": two["x"] + two["w"] / 2,
                "y2": two["y"] + two["h"] / 2,
                "closed": pair in state.card.closed,
            }
        )
    width = 10 + 3 * (_BOX_W + _GAP)
    track = [
        {"x": 10 + i * 28, "y": 8, "on": i + 1 == state.ship, "passed": i + 1 < state.ship}
        for i in range(PORT)
    ]
    return {
        "width": width,
        "height": _TOP + 4 * (_BOX_H + _GAP),
        "zones": zones,
        "links": links,
        "track": track,
    }


def board(state: GameState) -> dict[str, Any]:
    """The map for a letter: its text in each language and the picture's data."""
    return {"text": {lang: map_text(state, lang) for lang in LANGUAGES}, "svg": svg_data(state)}
