"""Museum Suspects and Cosmic Express from the game-master's command line, each command as the command
line runs it (in this process, see ``cli_helpers``).

Fixed set-ups come in through game files (the rules' ``setup_keys`` and ``player_keys``);
orders through ``referee order`` and, as mail, through ``referee ingest``; deadlines through
``referee advance``. What the referee then knows is read back with ``state --json``,
``view --json`` and ``log``.
"""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Referee as CliReferee
from ms_helpers import GRID, ONE_THIEF, TWO_THIEVES

from referee.app import open_referee
from referee.demo.bot_mail import MailReader, reply
from referee.games.museum_suspects.content import clue_card


class Referee(CliReferee):
    """Runs ``referee`` commands in a directory holding a referee.toml, and lets players reply by mail."""

    def mail(self, name: str, orders: str) -> subprocess.CompletedProcess[str]:
        """``name`` replies by mail to the newest mail the referee sent; ``referee ingest`` takes it in."""
        reader = MailReader(self.directory / "mail" / "outgoing")
        reader.refresh()
        address = f"{name.lower()}@example.org"
        raw = reply(address, name, reader.last(address), orders, "thunderbird", datetime.now(UTC))
        path = self.directory / f"{name.lower()}-{len(reader.seen)}.eml"
        path.write_bytes(raw)
        return self("ingest", str(path))


def _referee(directory: Path, database_url: str) -> Referee:
    (directory / "referee.toml").write_text(f'[database]\nurl = "{database_url}"\n', encoding="utf-8")
    run = Referee(directory)
    run("init")
    return run


@pytest.fixture
def referee(tmp_path: Path, database_url: str) -> Referee:
    """A referee on SQLite, then on PostgreSQL."""
    return _referee(tmp_path, database_url)


@pytest.fixture
def sqlite_referee(tmp_path: Path, sqlite_url: str) -> Referee:
    """A referee on SQLite only."""
    return _referee(tmp_path, sqlite_url)


def _toml(value: Any) -> str:
    """A string or a list of strings as TOML (JSON's notation is the same for these)."""
    return json.dumps(value, ensure_ascii=False)


# --- Museum Suspects -------------------------------------------------------------------------------


def museum_file(directory: Path, game_id: str, clues: list[str]) -> Path:
    """A two-player Museum game with the fixed grid of the rules tests and ``clues``."""
    path = directory / f"{game_id}.toml"
    path.write_text(
        f'[game]\nkind = "museum-suspects"\nid = "{game_id}"\nschedule = "museum-suspects-fast"\n'
        f"seed = 3\ngrid = {_toml(GRID)}\nclues = {_toml(clues)}\n\n"
        '[[players]]\nname = "Anna"\nemail = "anna@example.org"\n\n'
        '[[players]]\nname = "Boris"\nemail = "boris@example.org"\n',
        encoding="utf-8",
    )
    return path


def _clue_texts(clues: list[str]) -> dict[int, str]:
    return {number: clue_card(criterion)["text"]["en"] for number, criterion in enumerate(clues, 1)}


def _sees_only_clues(view: dict[str, Any], clues: list[str], seen: set[int]) -> None:
    """``view`` holds the texts of the clues ``seen`` and of no other (MS-4 ruling)."""
    text = json.dumps(view, ensure_ascii=False)
    for number, clue in _clue_texts(clues).items():
        assert (clue in text) == (number in seen), (view["me"], number)
    assert {c["clue"] for c in view["clues_seen"]} == seen


RULEBOOK_TURNS = [
    "INVESTIGATE 1 WITH 3\nSUGGEST D2 WITH 6",
    "INVESTIGATE 7 WITH 2\nSUGGEST Hector WITH 5",
    "INVESTIGATE 2 WITH 3\nSUGGEST Hector WITH 4",
    "INVESTIGATE 8 WITH 3\nSUGGEST B3 WITH 3",
    "INVESTIGATE 3 WITH 4\nSUGGEST EXIT WITH 1",
    "INVESTIGATE 1 WITH 4\nSUGGEST Jasper WITH 2",
    "INVESTIGATE 4 WITH 5\nSUGGEST EXIT WITH 1",
    "INVESTIGATE 2 WITH 5\nSUGGEST EXIT WITH 1",
    "INVESTIGATE 5 WITH 5\nSUGGEST EXIT WITH 2",
    "INVESTIGATE 3 WITH 6\nSUGGEST EXIT WITH 1",
    "INVESTIGATE 6 WITH 6\nSUGGEST EXIT WITH 2",
    "INVESTIGATE 4 WITH 6\nSUGGEST A1 WITH 4",
]
"""The rulebook's example (MS-6), Anna and Boris in turn: Anna bets 6 and 4 on Hector (D2), Boris 5 on
Hector and 3 and 2 on Jasper (B3); everything else goes on the Exit or on a cleared suspect."""


def test_ms6_rulebook_example_eleven_against_twelve_by_commands(
    sqlite_referee: Referee, tmp_path: Path
) -> None:
    referee = sqlite_referee
    referee("game", "create", str(museum_file(tmp_path, "museum", TWO_THIEVES)))
    state = referee.json("state", "museum")
    assert [cell["suspect"] for cell in state["grid"]] == GRID
    assert [clue["criterion"] for clue in state["clues"]] == TWO_THIEVES
    assert (state["current"], state["turn_key"]) == ("Anna", "r1s1")

    taken = referee.mail("Anna", RULEBOOK_TURNS[0])  # the first turn comes by mail
    assert "museum/Anna: 2 lines, 0 not accepted" in taken.stdout
    state = referee.json("state", "museum")
    assert (state["current"], state["turn_key"]) == ("Boris", "r1s2")  # closed at once: nobody awaited
    referee("order", "museum", "Boris", RULEBOOK_TURNS[1])
    anna, boris = referee.json("view", "museum", "Anna"), referee.json("view", "museum", "Boris")
    _sees_only_clues(anna, TWO_THIEVES, {1})
    _sees_only_clues(boris, TWO_THIEVES, {7})
    assert [s.get("value") for s in anna["suggestions"]] == [6, None]  # Boris's value stays hidden (MS-5)
    assert [s.get("value") for s in boris["suggestions"]] == [None, 5]
    assert [t["value"] for t in anna["stacks"][6]["tokens"]] == [2]  # values on clues are public (MS-4)

    for number, turn in enumerate(RULEBOOK_TURNS[2:]):
        referee("order", "museum", ("Anna", "Boris")[number % 2], turn)
    state = referee.json("state", "museum")
    result = state["result"]
    assert state["finished"] and result["thieves"] == ["D2", "B3"]
    assert [(s["seat"], s["bonus"], s["total"]) for s in result["scores"]] == [
        ("Anna", 1, 11),
        ("Boris", 2, 12),
    ]
    assert result["winners"] == ["Boris"]
    assert "game over: thieves D2, B3; Anna 11, Boris 12; winners Boris" in referee("log", "museum").stdout
    anna = referee.json("view", "museum", "Anna")
    assert all(isinstance(s.get("value"), int) for s in anna["suggestions"])  # the end shows every value
    late = referee("order", "museum", "Anna", "SUGGEST EXIT WITH 1", ok=False)
    assert "the game is over" in late.stdout


def test_ms_by_mail_a_missed_turn_defaults_at_advance_to_the_lowest_token_on_the_exit(
    sqlite_referee: Referee, tmp_path: Path
) -> None:
    referee = sqlite_referee
    referee("game", "create", str(museum_file(tmp_path, "late", ONE_THIEF)))
    referee("order", "late", "Anna", "INVESTIGATE 3 WITH 2\nSUGGEST Jasper WITH 6")
    early = referee("order", "late", "Anna", "SUGGEST EXIT WITH 1", ok=False)
    assert "it is Boris's turn, not yours" in early.stdout

    advanced = referee("advance", "late").stdout  # Boris sent nothing before his deadline
    assert "Boris put a 1 on exit (deadline default)" in advanced
    assert "now open: round 2, Anna's turn" in advanced
    state = referee.json("state", "late")
    assert state["suggestions"][-1] == {
        "seat": "Boris",
        "target": "exit",
        "value": 1,
        "turn": 1,
        "default": True,
    }
    assert state["hands"]["Boris"] == [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]  # no investigation either
    assert [entry["seat"] for entry in state["looked"]] == ["Anna"]
    assert "turn r1s2 is over (deadline)" in referee("log", "late").stdout
    again = referee("advance", "late", "--segment", "r1s2", ok=False)
    assert "resolved already" in again.stderr

    boris, anna = referee.json("view", "late", "Boris"), referee.json("view", "late", "Anna")
    assert boris["suggestions"][-1]["value"] == 1 and boris["suggestions"][-1]["default"] is True
    assert "value" not in anna["suggestions"][-1]
    _sees_only_clues(anna, ONE_THIEF, {3})
    _sees_only_clues(boris, ONE_THIEF, set())

    referee("order", "late", "Anna", "INVESTIGATE 5 WITH 1")  # half a turn: the suggestion is missing
    assert referee.json("state", "late")["turn_key"] == "r2s1"  # still waiting for Anna
    referee("advance", "late")
    state = referee.json("state", "late")
    assert state["suggestions"][-1] == {
        "seat": "Anna",
        "target": "exit",
        "value": 1,
        "turn": 2,
        "default": True,
    }
    assert state["turn_key"] == "r2s2"


# --- Cosmic Express --------------------------------------------------------------------------------

EXTINGUISHER = "Fire Extinguisher"

DEAL = {
    "Anna": ("Undercover Detective", ["Candle", "Wrench"]),
    "Boris": ("Murderer", ["Candle", "Fire Extinguisher"]),
    "Vera": ("Captain", ["Wrench", "Fire Extinguisher"]),
    "Gleb": ("Accomplice", ["Candle", "Wrench"]),
}
"""A fixed four-player deal (CE-2); the Fire Extinguisher left in the middle is the weapon (CE-3)."""


def cosmic_file(directory: Path, game_id: str) -> Path:
    """A four-player Cosmic Express game with the fixed deal ``DEAL``."""
    players = "".join(
        f'\n[[players]]\nname = "{name}"\nemail = "{name.lower()}@example.org"\n'
        f'role = "{role}"\nitems = {_toml(items)}\n'
        for name, (role, items) in DEAL.items()
    )
    path = directory / f"{game_id}.toml"
    path.write_text(
        f'[game]\nkind = "cosmic-express"\nid = "{game_id}"\nschedule = "cosmic-express-fast"\n'
        f'seed = 4\nweapon = "Fire Extinguisher"\n{players}',
        encoding="utf-8",
    )
    return path


class Table:
    """Plays orders into a Cosmic game, showing that a refused line changes nothing."""

    def __init__(self, referee: Referee, game: str, database_url: str) -> None:
        self.referee = referee
        self.game = game
        self.store = open_referee(database_url)
        self.last: tuple[str, int] | None = None
        """The game as it stood after the last refused line (None once something was accepted)."""

    def snapshot(self) -> tuple[str, int]:
        """The game-master's whole view (``state --json``) and the length of the event log."""
        return self.referee("state", self.game, "--json").stdout, len(self.store.events(self.game))

    def refused(self, name: str, line: str, why: str) -> None:
        """``name``'s ``line`` is refused, says ``why``, and leaves the game exactly as it was."""
        before = self.last or self.snapshot()
        answer = self.referee("order", self.game, name, line, ok=False).stdout
        assert f"NOT ACCEPTED: {line} — {why}" in answer, answer
        self.last = self.snapshot()
        assert self.last == before

    def mailed(self, name: str, line: str, outcome: str) -> None:
        """``name`` mails ``line``, which is refused as ``outcome`` says and leaves the game as it was."""
        before = self.last or self.snapshot()
        assert outcome in self.referee.mail(name, line).stdout
        self.last = self.snapshot()
        assert self.last == before

    def accepted(self, name: str, line: str) -> str:
        """``name``'s ``line`` is accepted; returns the answer."""
        self.last = None
        return self.referee("order", self.game, name, line).stdout


def _keeps_others_cards_hidden(referee: Referee, game: str, hidden: dict[str, set[str]]) -> None:
    """The views of the players in ``hidden`` name no other player's role (CE-3), nor any item in
    ``hidden[player]``: cards the player never held, so that only another's hand or the weapon
    could have told them."""
    for name, never_held in hidden.items():
        view = referee.json("view", game, name)
        assert view["role"] == DEAL[name][0]
        text = json.dumps(view, ensure_ascii=False)
        others = {role for other, (role, _) in DEAL.items() if other != name}
        assert not [word for word in others | never_held if word in text], name


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # PostgreSQL: the campaign test
def test_ce4_ce5_ce7_scripted_trades_cheats_early_close_and_the_arrest(
    referee: Referee, tmp_path: Path, database_url: str
) -> None:
    referee("game", "create", str(cosmic_file(tmp_path, "train")))
    state = referee.json("state", "train")
    assert state["roles"] == {name: role for name, (role, _) in DEAL.items()}
    assert (state["stage"], state["weapon"]) == ("trading", "Fire Extinguisher")
    table = Table(referee, "train", database_url)

    # CE-4: trades that try to cheat are refused with their reason and change nothing
    table.refused("Anna", "OFFER Boris Fire Extinguisher", "you do not hold a Fire Extinguisher")
    table.accepted("Boris", "OFFER Vera Candle")  # O1
    table.refused("Gleb", "ACCEPT O1 Wrench", "offer O1 was not made to you")
    table.accepted("Boris", "WITHDRAW O1")
    table.refused("Vera", "ACCEPT O1 Wrench", "offer O1 is no longer open: it was withdrawn")
    table.mailed("Vera", "ACCEPT O1 Wrench", "train/Vera: 1 line, 1 not accepted")  # by mail too

    # a fair swap: both learn what they got, the others only that they swapped
    table.accepted("Boris", "OFFER Vera Candle")  # O2
    _keeps_others_cards_hidden(referee, "train", {"Vera": {"Candle"}})  # O2 lies face down
    taken = referee.mail("Vera", "ACCEPT O2 Fire Extinguisher")
    assert "train/Vera: 1 line, 0 not accepted" in taken.stdout
    items = referee.json("state", "train")["items"]
    assert (items["Boris"], items["Vera"]) == ([EXTINGUISHER, EXTINGUISHER], ["Wrench", "Candle"])
    gleb = referee.json("view", "train", "Gleb")
    assert gleb["swaps"] == [{"players": ["Boris", "Vera"], "dummy": False, "slot": 0}]

    # the trading window closes as soon as the last player it waits for is DONE
    for name in ("Anna", "Boris", "Vera"):
        table.accepted(name, "DONE")
    state = referee.json("state", "train")
    assert (state["stage"], state["waiting"]) == ("trading", ["Gleb"])
    table.accepted("Gleb", "DONE")
    state = referee.json("state", "train")
    assert (state["stage"], state["waiting"]) == ("interrogation", ["Anna"])
    assert referee.json("view", "train", "Boris")["detective"] == "Anna"  # revealed to all (CE-5)
    assert "Gleb is done trading" in referee("log", "train").stdout.split("trading closed")[0]
    never_held = {"Anna": {EXTINGUISHER}, "Boris": {"Wrench"}, "Vera": {"Trash"}, "Gleb": {EXTINGUISHER}}
    _keeps_others_cards_hidden(referee, "train", never_held)

    # after the window: no trade goes through, and only the Detective arrests
    table.refused("Gleb", "OFFER Vera Wrench", "the trading window is closed for this round")
    table.refused("Boris", "ARREST Vera", "only the Undercover Detective (Anna) can do that")
    table.accepted("Vera", "SAY Boris kept his cards close")

    # CE-6/CE-7: the arrest ends the game at once; the Detective and the clean Captain win
    table.accepted("Anna", "ARREST Boris")
    state = referee.json("state", "train")
    assert state["finished"] and state["arrest"] == "Boris"
    assert state["winners"] == ["Anna", "Vera"]
    assert "game over: winners Anna, Vera" in referee("log", "train").stdout
    shown = referee.json("view", "train", "Gleb")["results"][0]
    assert {p["name"]: p["role"] for p in shown["players"]} == state["roles"]  # every card turned over
    assert "over" in referee("advance", "train", ok=False).stderr
