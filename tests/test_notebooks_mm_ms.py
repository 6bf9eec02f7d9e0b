"""Players' notebooks in Minuit and Museum Suspects, and how open a Minuit game is for the game-master.

Minuit (MM-5, MM-6): the (culprit, means, motive) still consistent with the leads a player has read —
the murder in the suite between 23:45 and midnight, the culprit the only one who may lie — and what each
lead rules out alone or only together. Museum Suspects (MS-2, MS-4, MS-6): the suspects the clues a
player looked at leave, and whether the thief may yet have escaped. Hand-built situations with known
deductions; properties (a notebook never rules out the truth, and reads nothing its reader was not
told); the blocks on the pages in both languages."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import test_mm_web as mm_web
import test_web_museum_suspects as ms_web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mm_helpers import play_with_bots
from ms_helpers import GRID, NO_THIEF, TWO_THIEVES
from ms_helpers import Game as MuseumGame
from web_helpers import client, sign_in

from referee.core.events import EVERYONE, Event
from referee.core.rules import fold
from referee.games.minuit import RULES as MINUIT
from referee.games.minuit.deduction import Case, case_of, lead_keys
from referee.games.minuit.investigation import load_investigation, shipped
from referee.games.minuit.notebook import consistent, for_seat, notebook, openness
from referee.games.minuit.solver import Finding, Solution
from referee.games.minuit.timeline import SCENE, VICTIM, Claim, minute_of
from referee.games.museum_suspects.content import CLUE_TYPES, CRITERIA_BY_TYPE, ROOMS, clue_card
from referee.games.museum_suspects.notebook import for_seat as museum_for_seat
from referee.games.museum_suspects.notebook import notebook as museum_notebook
from referee.games.museum_suspects.scoring import thieves


def _at(text: str) -> int:
    minute = minute_of(text)
    assert minute is not None
    return minute


def _claim(lead: str, who: str, where: int, start: str, end: str) -> Claim:
    return Claim(lead, who, where, _at(start), _at(end))


SMALL = Case(
    candidates={
        "culprit": ["ada", "ben", "accident", "suicide"],
        "means": ["rope", "vial"],
        "motive": ["debt", "love"],
    },
    claims=(),
    findings=(),
    timeline=(),
    moment=0,
    answer=Solution("ben", "vial", "love"),
    labels={},
)
"""A case of two suspects, two means and two motives; each test gives it the leads it needs."""


def _with(*items: Claim | Finding) -> Case:
    claims = tuple(x for x in items if isinstance(x, Claim))
    return replace(SMALL, claims=claims, findings=tuple(x for x in items if isinstance(x, Finding)))


def _culprits(found: list[Solution]) -> set[str]:
    return {s.culprit for s in found}


def test_mm6_without_leads_every_solution_is_still_possible() -> None:
    assert len(consistent(SMALL, ())) == 4 * 2 * 2


def test_mm6_a_truthful_lead_putting_a_suspect_elsewhere_through_the_whole_window_clears_them() -> None:
    case = _with(_claim("ben.alibi", "ada", 5, "23:30", "00:10"))
    assert _culprits(consistent(case, ["ben.alibi"])) == {"ben", "accident", "suicide"}


def test_mm6_a_suspects_own_lead_placing_them_elsewhere_may_be_their_lie_and_clears_nobody() -> None:
    case = _with(_claim("ada.alibi", "ada", 5, "23:30", "00:10"))
    assert _culprits(consistent(case, ["ada.alibi"])) == {"ada", "ben", "accident", "suicide"}


def test_mm6_someone_seen_in_the_suite_all_through_the_window_is_the_only_possible_culprit() -> None:
    case = _with(_claim("place.20", "ben", SCENE, "23:40", "00:05"))
    assert _culprits(consistent(case, ["place.20"])) == {"ben"}


def test_mm6_an_alibi_for_part_of_the_window_clears_nobody_since_the_minute_of_the_murder_is_secret() -> None:
    case = _with(_claim("ada.witness", "ben", 5, "23:59", "00:00"))
    assert "ben" in _culprits(consistent(case, ["ada.witness"]))


def test_mm6_two_leads_together_rule_out_what_neither_rules_out_alone() -> None:
    """The victim alive outside the suite until 23:58 puts the murder at 23:59 or later, when another lead
    has Ben elsewhere: only the two together clear Ben."""
    victim = _claim("place.4", VICTIM, 7, "23:40", "23:58")
    ben_away = _claim("ada.witness", "ben", 5, "23:59", "00:00")
    case = _with(victim, ben_away)
    assert "ben" in _culprits(consistent(case, ["place.4"])) and "ben" in _culprits(
        consistent(case, ["ada.witness"])
    )
    assert "ben" not in _culprits(consistent(case, ["place.4", "ada.witness"]))
    view = {"leads": [{"lead": k, "label": {"en": k, "ru": k}} for k in ("place.4", "ada.witness")]}
    told = notebook(case, view)
    assert told["together"]["culprit"] == ["ben"] and "ben" in told["out"]["culprit"]


def test_mm6_a_place_finding_rules_out_a_means_for_every_culprit_and_a_suspects_only_for_the_others() -> None:
    case = _with(Finding("place.3", "", ("means.rope",)), Finding("ada.motive", "motive.love", ()))
    found = consistent(case, ["place.3", "ada.motive"])
    assert {s.means for s in found} == {"vial"}
    assert {s.motive for s in found if s.culprit != "ada"} == {"love"}
    assert {s.motive for s in found if s.culprit == "ada"} == {"debt", "love"}
    view = {
        "leads": [{"lead": k, "label": {"en": k, "ru": k}} for k in ("place.3", "ada.motive", "ben.alibi")]
    }
    told = notebook(case, view)
    assert told["by_lead"] == [
        {
            "lead": "place.3",
            "label": {"en": "place.3", "ru": "place.3"},
            "out": {"culprit": [], "means": ["rope"], "motive": []},
        }
    ]
    assert told["read"] == 3 and told["count"] == len(found)
    assert {e["id"]: e["count"] for e in told["elements"]["motive"]} == {"debt": 1, "love": 4}


def test_mm6_every_lead_of_a_shipped_investigation_read_leaves_exactly_its_solution() -> None:
    for name in shipped():
        investigation = load_investigation(name)
        case = case_of(investigation)
        keys = lead_keys([s.id for s in investigation.suspects])
        assert consistent(case, keys) == [case.answer], name


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(shipped())), data=st.data())
def test_mm6_leads_read_never_rule_out_the_true_solution_and_more_leads_never_widen_it(
    name: str, data: st.DataObject
) -> None:
    investigation = load_investigation(name)
    case = case_of(investigation)
    keys = lead_keys([s.id for s in investigation.suspects])
    few = data.draw(st.lists(st.sampled_from(keys), max_size=20, unique=True))
    more = few + data.draw(st.lists(st.sampled_from(keys), max_size=20, unique=True))
    found = consistent(case, few)
    assert case.answer in found
    assert set(consistent(case, more)) <= set(found)


def _others_private_reads_changed(
    log: list[Event], seat: str, keys: list[str], rnd: random.Random
) -> list[Event]:
    """The log with every lead another player read privately replaced by another lead."""
    changed = []
    for event in log:
        if event.kind == "lead_read" and EVERYONE not in event.audience and seat not in event.audience:
            event = Event(event.kind, {**event.data, "lead": rnd.choice(keys)}, event.audience)
        changed.append(event)
    return changed


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1000), seat=st.sampled_from(("Anna", "Boris", "Vera")))
def test_mm16_a_detectives_notebook_changes_with_nothing_they_were_not_told(seed: int, seat: str) -> None:
    game = play_with_bots(seed, 3)
    case = case_of(game.state.case)
    keys = lead_keys([s.id for s in game.state.case.suspects])
    log = _others_private_reads_changed(game.log, seat, keys, random.Random(seed))
    other = fold(MINUIT, log)
    mine = for_seat(game.state, game.log, seat)
    assert for_seat(other, log, seat) == mine
    assert any(s == list(case.answer) for s in mine["solutions"]) or mine["count"] > 6
    assert all(case.answer[i] not in mine["out"][e] for i, e in enumerate(("culprit", "means", "motive")))
    told = openness(game.state, game.log)
    assert told["count"] <= mine["count"] and told["read"] == len(
        {k for ks in game.state.known.values() for k in ks}
    )


# --- Museum Suspects --------------------------------------------------------------------------------

GRID_VIEW = [{"room": room, "suspect": suspect} for room, suspect in zip(ROOMS, GRID, strict=True)]


def _seen(clues: list[str], numbers: list[int]) -> dict[str, object]:
    return {"grid": GRID_VIEW, "clues_seen": [{"clue": n, **clue_card(clues[n - 1])} for n in numbers]}


def test_ms6_with_every_clue_seen_the_thieves_are_sure_and_nobody_escaped() -> None:
    told = museum_notebook(_seen(TWO_THIEVES, list(range(1, 9))))
    assert told["possible"] == told["sure"] == ["D2", "B3"]
    assert told["draws"] == 1 and told["escapes"] == 0 and told["unseen"] == 0


def test_ms6_with_every_clue_seen_clearing_everyone_the_thief_escaped() -> None:
    told = museum_notebook(_seen(NO_THIEF, list(range(1, 9))))
    assert told["possible"] == [] and told["escapes"] == told["draws"] == 1


def test_ms4_one_clue_seen_clears_its_row_and_nothing_is_sure_yet() -> None:
    told = museum_notebook(_seen(TWO_THIEVES, [6]))  # "line:1"
    assert told["possible"] == list(ROOMS[4:])
    assert [r["cleared_by"] for r in told["rooms"][:5]] == [[6], [6], [6], [6], []]
    assert told["sure"] == [] and told["draws"] == 4**7 and 0 < told["escapes"] < told["draws"]
    assert all(r["thief_in"] == 3**7 for r in told["rooms"][4:])


CLUE_SETS = st.tuples(*(st.sampled_from(CRITERIA_BY_TYPE[kind]) for kind in CLUE_TYPES)).flatmap(
    lambda clues: st.permutations(list(clues))
)


@settings(max_examples=20, deadline=None)
@given(clues=CLUE_SETS, other=CLUE_SETS, looked=st.lists(st.integers(1, 8), unique=True))
def test_ms6_a_notebook_never_clears_a_thief_and_reads_only_the_clues_looked_at(
    clues: list[str], other: list[str], looked: list[int]
) -> None:
    told = museum_notebook(_seen(clues, looked))
    found = thieves(clues, GRID)
    assert set(found) <= set(told["possible"]) and set(told["sure"]) <= set(found)
    assert all(told["rooms"][ROOMS.index(room)]["thief_in"] > 0 for room in found)
    assert told["escapes"] > 0 or found
    elsewhere = [clues[i] if i + 1 in looked else other[i] for i in range(8)]
    if len({card.split(":")[0] for card in elsewhere}) == 8:  # still one clue of each type
        assert museum_notebook(_seen(elsewhere, looked)) == told


def test_ms4_a_players_notebook_is_the_same_whatever_the_clues_they_did_not_look_at() -> None:
    one, two = MuseumGame(clues=TWO_THIEVES), MuseumGame(clues=NO_THIEF)
    for game in (one, two):
        game.submit("Anna", "INVESTIGATE 6 WITH 1\nSUGGEST B2 WITH 1")
    assert museum_for_seat(one.state, one.log, "Anna") == museum_for_seat(two.state, two.log, "Anna")
    assert museum_for_seat(one.state, one.log, "Anna")["seen"] == [6]


# --- the pages ----------------------------------------------------------------------------------------


def test_the_museum_players_page_shows_their_notebook_in_english(tmp_path: Path, sqlite_url: str) -> None:
    site, referee = ms_web._museum_site(tmp_path, sqlite_url)
    page = ms_web._player_page(site, referee, "Anna")
    block = ms_web._section(page, "notebook-block")
    assert (
        "Notebook" in block and 'class="cards"' in block and "Only the clues you looked at yourself." in block
    )
    left = len(museum_notebook(_seen(TWO_THIEVES, [1]))["possible"])  # clue 1 ("animal:cat") seen
    assert 0 < left < 16 and f"Still suspected: {left} of 16." in block
    assert "cleared (Clue 1)" in block and "still suspected" in block
    boris = ms_web._section(ms_web._player_page(site, referee, "Boris"), "notebook-block")
    assert "cleared (Clue 7)" in boris and "Clue 1" not in boris


def test_the_museum_players_page_shows_their_notebook_in_russian(tmp_path: Path, sqlite_url: str) -> None:
    site, referee = ms_web._museum_site(tmp_path, sqlite_url, language="ru")
    block = ms_web._section(ms_web._player_page(site, referee, "Anna"), "notebook-block")
    left = len(museum_notebook(_seen(TWO_THIEVES, [1]))["possible"])
    assert "Блокнот" in block and f"Под подозрением: {left} из 16." in block
    assert (
        "вне подозрений (Улика 1)" in block and "под подозрением" in block and "Вор ещё мог сбежать" in block
    )


def _block(page: str, id_: str) -> str:
    start = page.index(f'id="{id_}"')
    return page[start : page.index("</section>", start)]


def test_the_minuit_players_page_shows_their_notebook_and_the_game_masters_page_how_open_the_game_is(
    tmp_path: Path, sqlite_url: str
) -> None:
    site, referee = mm_web._minuit_site(tmp_path, sqlite_url)
    state = referee.load(mm_web.GAME).state
    block = _block(mm_web._player_page(site, referee, "Anna"), "notebook-block")
    mine = consistent(case_of(state.case), [mm_web.PUBLIC, mm_web.ANNAS])
    total = len(consistent(case_of(state.case), ()))
    assert (
        "Notebook" in block
        and f"Answers still possible (culprit, means, motive): {len(mine)} of {total}." in block
    )
    assert 'class="cards"' in block and "Culprit" in block and "Ruled out" in block
    master = client(site, referee)
    sign_in(master)
    page = master.get(f"/games/{mm_web.GAME}").text
    every = consistent(case_of(state.case), [mm_web.PUBLIC, mm_web.ANNAS, mm_web.BORIS])
    assert "How open the game is" in _block(page, "openness")
    assert f"Solutions consistent with every lead anyone has read (3): {len(every)} of {total}." in page


def test_the_minuit_notebook_and_how_open_the_game_is_read_in_russian(
    tmp_path: Path, sqlite_url: str
) -> None:
    site, referee = mm_web._minuit_site(tmp_path, sqlite_url, language="ru")
    block = _block(mm_web._player_page(site, referee, "Anna"), "notebook-block")
    assert "Блокнот" in block and "Ещё возможных разгадок:" in block and "Исключены" in block
    master = client(site, referee)
    sign_in(master)
    page = master.get(f"/games/{mm_web.GAME}").text
    assert "Насколько открыта игра" in page and "Разгадок, согласных со всеми зацепками" in page
