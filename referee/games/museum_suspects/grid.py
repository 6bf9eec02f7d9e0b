"""The board as players see it: a plain-text table of the 4×4 grid and data for an SVG picture.

``board(state, reader)`` gathers what ``reader`` may see: the suspects and their
attributes (public, MS-2), who put how many tokens on each room and on the Emergency
Exit (public; the values stay hidden, MS-5 ruling) and the token values on the clues
(public, MS-4 ruling). The reader's own token values and the texts of the clues they
looked at are added for them alone. With ``reveal`` (the end of the game, MS-6) every
value, every clue, the cleared suspects and the thieves are shown to everyone.

Every word is given in both languages (``{"en": …, "ru": …}``): the plain text as
``text``, the picture as ``svg`` (coordinates computed here, drawn by the templates'
``_grid.html.j2`` macro).
"""

from __future__ import annotations

from typing import Any

from referee.core.seats import fold_name
from referee.games.museum_suspects.content import (
    COLUMNS,
    ROOMS,
    ROWS,
    SUSPECT,
    attribute_words,
    clue_card,
)
from referee.games.museum_suspects.scoring import cleared_rooms, thieves
from referee.games.museum_suspects.state import CLUE_COUNT, EXIT, GameState

COLORS: tuple[str, ...] = ("#e0b100", "#e0569a", "#3f87d6", "#3d9a48")
"""The token colour of each seat, in seat order (yellow, pink, blue, green)."""

COLOR_NAMES: tuple[dict[str, str], ...] = (
    {"en": "yellow", "ru": "жёлтый"},
    {"en": "pink", "ru": "розовый"},
    {"en": "blue", "ru": "синий"},
    {"en": "green", "ru": "зелёный"},
)

_WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "THE MUSEUM (columns A–D, rows 1–4)", "ru": "МУЗЕЙ (столбцы A–D, ряды 1–4)"},
    "exit": {"en": "Emergency Exit", "ru": "Запасный выход"},
    "marks": {"en": "Tokens", "ru": "Жетоны"},
    "own": {
        "en": "numbers after a colon are token values you may see",
        "ru": "числа после двоеточия — значения жетонов, которые вам видны",
    },
    "suspects": {"en": "Suspects", "ru": "Подозреваемые"},
    "clues": {
        "en": "Clues (token values on clues are public)",
        "ru": "Улики (значения жетонов на уликах открыты)",
    },
    "clue": {"en": "Clue", "ru": "Улика"},
    "none": {"en": "no tokens", "ru": "жетонов нет"},
    "saw": {"en": "you read", "ru": "вы прочли"},
    "clears": {"en": "clears", "ru": "оправдывает"},
    "nobody": {"en": "nobody", "ru": "никого"},
    "cleared": {"en": "cleared", "ru": "вне подозрений"},
    "thief": {"en": "THIEF", "ru": "ВОР"},
}

CELL_W, CELL_H, LEFT, TOP, GAP = 160, 100, 30, 26, 14
CHIP_R, CHIP_STEP, CHIPS_PER_CELL = 9, 21, 7
CLUE_H = 62


def marks(players: tuple[str, ...] | list[str]) -> dict[str, str]:
    """A short mark for each player: the shortest prefix of the names that tells them apart."""
    squeezed = ["".join(name.split()) for name in players]
    for size in range(1, max(len(n) for n in squeezed) + 1):
        prefixes = [n[:size] for n in squeezed]
        if len({fold_name(p) for p in prefixes}) == len(players):
            return {seat: p[:1].upper() + p[1:] for seat, p in zip(players, prefixes, strict=True)}
    return {seat: f"P{i}" for i, seat in enumerate(players, 1)}


def board(state: GameState, reader: str | None, *, reveal: bool = False) -> dict[str, Any]:
    """The board as ``reader`` may see it (None: only public facts), or wholly revealed."""
    mark = marks(state.players)
    color = dict(zip(state.players, COLORS, strict=False))
    looked = set(state.looked_at(reader)) if reader else set()
    found = thieves(state.clues, state.grid) if reveal else []
    gone = {room for c in state.clues for room in cleared_rooms(c, state.grid)} if reveal else set()

    def token(seat: str, value: int) -> dict[str, Any]:
        """A token as the reader sees it: its value only if it is theirs or all is revealed."""
        shown = reveal or seat == reader
        return {"seat": seat, "mark": mark[seat], "color": color[seat], "value": value if shown else None}

    def on(target: str) -> list[dict[str, Any]]:
        """The suggestion tokens on ``target`` (a room or the Emergency Exit)."""
        return [token(s.seat, s.value) for s in state.suggestions if s.target == target]

    rooms = []
    for room, suspect_id in zip(ROOMS, state.grid, strict=True):
        suspect = SUSPECT[suspect_id]
        rooms.append(
            {
                "room": room,
                "column": room[0],
                "row": int(room[1]),
                "suspect": suspect_id,
                "name": suspect.names(),
                "attributes": attribute_words(suspect),
                "tokens": on(room),
                "status": ("thief" if room in found else "cleared" if room in gone else "") if reveal else "",
            }
        )
    clues = []
    for number in range(1, CLUE_COUNT + 1):
        stack = [
            {"seat": t.seat, "mark": mark[t.seat], "color": color[t.seat], "value": t.value}
            for t in state.stacks[number - 1]
        ]
        entry: dict[str, Any] = {"clue": number, "tokens": stack, "highest": state.highest(number)}
        entry["seen"] = number in looked
        if reveal or number in looked:
            card = clue_card(state.clues[number - 1])
            entry.update(text=card["text"], type_name=card["type_name"], criterion=card["criterion"])
        if reveal:
            entry["cleared"] = cleared_rooms(state.clues[number - 1], state.grid)
        clues.append(entry)
    players = [
        {"seat": seat, "mark": mark[seat], "color": color[seat], "color_name": COLOR_NAMES[i]}
        for i, seat in enumerate(state.players)
    ]
    data: dict[str, Any] = {
        "players": players,
        "rooms": rooms,
        "exit": on(EXIT),
        "clues": clues,
        "reveal": reveal,
        "thieves": found,
    }
    data["text"] = {language: board_text(data, language) for language in ("en", "ru")}
    data["svg"] = svg_data(data)
    return data


def _cell_tokens(tokens: list[dict[str, Any]], players: list[dict[str, Any]]) -> str:
    """Tokens of one place as "A B×2 C:4,1" (values after a colon where the reader may see them)."""
    parts = []
    for player in players:
        mine = [t for t in tokens if t["seat"] == player["seat"]]
        if not mine:
            continue
        values = [str(t["value"]) for t in mine if t["value"] is not None]
        if values:
            parts.append(f"{player['mark']}:{','.join(values)}")
        else:
            parts.append(player["mark"] + (f"×{len(mine)}" if len(mine) > 1 else ""))
    return " ".join(parts)


def board_text(data: dict[str, Any], language: str) -> str:
    """The plain-text table of the grid, the Emergency Exit, the suspects and the clue stacks."""
    w = _WORDS
    cells = []
    for room in data["rooms"]:
        lines = [room["name"][language], _cell_tokens(room["tokens"], data["players"])]
        if data["reveal"]:
            lines.append(w[room["status"]][language] if room["status"] else "")
        cells.append(lines)
    width = max(12, *(len(line) for lines in cells for line in lines)) + 2
    border = "    +" + "+".join("-" * width for _ in COLUMNS) + "+"
    out = [w["title"][language], "", "     " + "".join(c.center(width + 1) for c in COLUMNS), border]
    for r, row in enumerate(ROWS):
        row_cells = cells[r * len(COLUMNS) : (r + 1) * len(COLUMNS)]
        for n in range(len(row_cells[0])):
            label = f"  {row} " if n == 0 else "    "
            out.append(label + "|" + "|".join(f" {lines[n]}".ljust(width) for lines in row_cells) + "|")
        out.append(border)
    exit_tokens = _cell_tokens(data["exit"], data["players"]) or "—"
    out += ["", f"{w['exit'][language]}: {exit_tokens}"]
    legend = ", ".join(f"{p['mark']} = {p['seat']}" for p in data["players"])
    out.append(f"{w['marks'][language]}: {legend} ({w['own'][language]}).")
    out += ["", f"{w['suspects'][language]}:"]
    for room in data["rooms"]:
        attributes = ", ".join(a[language] for a in room["attributes"])
        out.append(f"  {room['room']} {room['name'][language]} — {attributes}")
    out += ["", f"{w['clues'][language]}:"]
    for clue in data["clues"]:
        stack = ", ".join(f"{t['mark']} {t['value']}" for t in clue["tokens"]) or w["none"][language]
        line = f"  {w['clue'][language]} {clue['clue']}: {stack}"
        if data["reveal"]:
            rooms = ", ".join(clue["cleared"]) or w["nobody"][language]
            line += f" — {clue['text'][language]} ({w['clears'][language]}: {rooms})"
        elif clue["seen"]:
            said = str(clue["text"][language]).rstrip(".")
            line += f" — {w['saw'][language]}: " + (f"«{said}»" if language == "ru" else f'"{said}"')
        out.append(line)
    return "\n".join(out)


def _chips(tokens: list[dict[str, Any]], x: float, y: float, limit: int) -> list[dict[str, Any]]:
    """Circles for ``tokens`` in a row starting at (``x``, ``y``); a last "+n" chip if too many."""
    chips = []
    for i, t in enumerate(tokens[:limit]):
        label = str(t["value"]) if t["value"] is not None else t["mark"][:2]
        chips.append({"cx": x + i * CHIP_STEP, "cy": y, "r": CHIP_R, "color": t["color"], "label": label})
    if len(tokens) > limit:
        chips[-1] = {**chips[-1], "color": "#777777", "label": f"+{len(tokens) - limit + 1}"}
    return chips


def svg_data(data: dict[str, Any]) -> dict[str, Any]:
    """Shapes of the picture: cells, chips, the Emergency Exit, the clue stacks and a legend."""
    grid_w, grid_h = CELL_W * len(COLUMNS), CELL_H * len(ROWS)
    cells = []
    for room in data["rooms"]:
        x = LEFT + COLUMNS.index(room["column"]) * CELL_W
        y = TOP + (room["row"] - 1) * CELL_H
        words = room["attributes"]
        cells.append(
            {
                "x": x,
                "y": y,
                "w": CELL_W,
                "h": CELL_H,
                "room": room["room"],
                "name": room["name"],
                "lines": [
                    {lang: ", ".join(a[lang] for a in words[:2]) for lang in ("en", "ru")},
                    {lang: ", ".join(a[lang] for a in words[2:]) for lang in ("en", "ru")},
                ],
                "status": room["status"],
                "chips": _chips(room["tokens"], x + 14, y + CELL_H - 14, CHIPS_PER_CELL),
            }
        )
    exit_y = TOP + grid_h + GAP
    exit_box = {
        "x": LEFT,
        "y": exit_y,
        "w": grid_w,
        "h": 44,
        "name": _WORDS["exit"],
        "chips": _chips(data["exit"], LEFT + 170, exit_y + 22, 20),
    }
    clue_y = exit_y + 44 + GAP
    clue_w = grid_w / CLUE_COUNT
    clues = [
        {
            "x": LEFT + i * clue_w,
            "y": clue_y,
            "w": clue_w,
            "h": CLUE_H,
            "number": clue["clue"],
            "seen": clue["seen"],
            "label": _WORDS["clue"],
            "chips": _chips(clue["tokens"], LEFT + i * clue_w + 12, clue_y + 47, 3),
        }
        for i, clue in enumerate(data["clues"])
    ]
    legend_y = clue_y + CLUE_H + 20
    legend = [
        {"x": LEFT + i * 150, "y": legend_y, "color": p["color"], "seat": p["seat"], "mark": p["mark"]}
        for i, p in enumerate(data["players"])
    ]
    return {
        "width": LEFT + grid_w + 10,
        "height": legend_y + 16,
        "columns": [
            {"label": c, "x": LEFT + i * CELL_W + CELL_W / 2, "y": TOP - 8} for i, c in enumerate(COLUMNS)
        ],
        "rows": [{"label": str(r), "x": LEFT / 2, "y": TOP + (r - 1) * CELL_H + CELL_H / 2} for r in ROWS],
        "cells": cells,
        "exit": exit_box,
        "clues": clues,
        "legend": legend,
    }
