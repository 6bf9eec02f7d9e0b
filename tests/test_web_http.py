"""The web dashboard over HTTP (Starlette's test client, a real database): who may see and do what, the
form token, the cookies, the headers, sign-in limits, and actions recorded in the audit log with the
door "web" (TS-5 for the clock, TS-11 for a preview that changes nothing, TS-3 for "see as")."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from web_helpers import ADMIN, GAME, GM, OTHER, OTHER_GM, PASSWORD, T0, client, sign_in, token, web_site

from referee.app import accounts
from referee.web.words import RU

PAGES = ["/campaigns", f"/games/{GAME}", f"/games/{GAME}/see/Anna"]
ACTIONS = [
    "preview",
    "resolve",
    "pause",
    "resume",
    "shift",
    "substitute",
    "resend",
    "announce",
    "orders",
    "rollback",
]


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    return web_site(tmp_path, sqlite_url)


def test_a_visitor_not_signed_in_is_refused_every_page_and_action(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = token(browser.get("/login").text)
    for page in PAGES:
        answer = browser.get(page)
        assert (
            answer.status_code == 401 and "anna@example.org" not in answer.text and "Sofa" not in answer.text
        )
    for action in ACTIONS:
        answer = browser.post(
            f"/games/{GAME}/{action}", data={"csrf": form, "confirm": "yes", "seat": "Anna"}
        )
        assert answer.status_code == 401
    assert [a.action for a in site[1].actions(GAME)] == ["create"]


def test_a_game_master_of_another_game_is_answered_as_if_it_did_not_exist(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = sign_in(browser, OTHER_GM)
    assert OTHER in browser.get("/campaigns").text and f"/games/{GAME}" not in browser.get("/campaigns").text
    for page in PAGES[1:]:
        answer = browser.get(page)
        missing = browser.get(page.replace(GAME, "no-such-game")).text.replace("no-such-game", GAME)
        assert answer.status_code == 404 and answer.text == missing
    for action in ACTIONS:
        answer = browser.post(
            f"/games/{GAME}/{action}", data={"csrf": form, "confirm": "yes", "seat": "Anna"}
        )
        assert answer.status_code == 404
    assert [a.action for a in site[1].actions(GAME)] == ["create"]


def test_an_admin_sees_every_game(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    sign_in(browser, ADMIN)
    page = browser.get("/campaigns").text
    assert f"/games/{GAME}" in page and f"/games/{OTHER}" in page


def test_a_form_without_the_sessions_token_is_refused_and_changes_nothing(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    sign_in(browser)
    for data in ({}, {"csrf": "forged"}, {"csrf": token(client(*site).get("/login").text)}):
        answer = browser.post(f"/games/{GAME}/pause", data={**data, "confirm": "yes"})
        assert answer.status_code == 403
    clock = site[1].calendar.clock(GAME)
    assert clock is not None and clock.paused_at is None
    login = client(*site).post("/login", data={"email": GM, "password": PASSWORD}, follow_redirects=False)
    assert login.status_code == 403


def test_the_session_cookie_is_signed_httponly_and_samesite(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    sign_in(browser)
    cookie = browser.get("/campaigns").headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert PASSWORD not in cookie and GM not in cookie
    value = browser.cookies["referee_session"]
    spot = len(value) - 6  # inside the signature, and not its last character (whose low bits are padding)
    other = "A" if value[spot] != "A" else "B"
    browser.cookies.set("referee_session", value[:spot] + other + value[spot + 1 :])
    assert browser.get("/campaigns").status_code == 401


def test_every_page_forbids_framing_and_referrers(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    for page in ("/login", "/campaigns", "/healthz", "/metrics", "/nowhere"):
        headers = browser.get(page).headers
        assert headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-content-type-options"] == "nosniff"


def test_sign_in_attempts_are_limited_per_account(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = token(browser.get("/login").text)
    for _ in range(5):
        answer = browser.post("/login", data={"csrf": form, "email": GM, "password": "wrong password!"})
        assert answer.status_code == 401 and "Wrong address or password." in answer.text
    answer = browser.post("/login", data={"csrf": form, "email": GM, "password": PASSWORD})
    assert answer.status_code == 429 and "Too many attempts" in answer.text
    other = browser.post(
        "/login", data={"csrf": form, "email": OTHER_GM, "password": PASSWORD}, follow_redirects=False
    )
    assert other.status_code == 303


def test_a_wrong_address_and_a_wrong_password_get_the_same_answer(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = token(browser.get("/login").text)
    unknown = browser.post("/login", data={"csrf": form, "email": "nobody@example.org", "password": PASSWORD})
    wrong = browser.post("/login", data={"csrf": form, "email": GM, "password": "not the password"})
    assert unknown.status_code == wrong.status_code == 401
    assert re.sub(r'value="[^"]*"', "", unknown.text) == re.sub(r'value="[^"]*"', "", wrong.text)


def test_ts11_preview_changes_nothing_then_resolve_is_recorded_with_the_door_web(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = sign_in(browser)
    referee = site[1]
    before = len(referee.events(GAME))
    preview = browser.post(f"/games/{GAME}/preview", data={"csrf": form})
    assert preview.status_code == 200 and "Anna: Hall -&gt; Hall" in preview.text
    assert len(referee.events(GAME)) == before
    phase = re.search(r'name="phase" value="([^"]+)"', preview.text)
    assert phase is not None
    unconfirmed = browser.post(f"/games/{GAME}/resolve", data={"csrf": form, "phase": phase.group(1)})
    assert "Tick the confirm box first" in unconfirmed.text and len(referee.events(GAME)) == before
    done = browser.post(
        f"/games/{GAME}/resolve", data={"csrf": form, "phase": phase.group(1), "confirm": "yes"}
    )
    assert "resolved the arrival evening" in done.text and referee.resolution_count(GAME, "d0n") == 1
    again = browser.post(
        f"/games/{GAME}/resolve", data={"csrf": form, "phase": phase.group(1), "confirm": "yes"}
    )
    assert "Refused" in again.text and referee.resolution_count(GAME, "d1h1") == 0
    last = referee.actions(GAME)[-2:]
    assert [(a.channel, a.actor, a.action, a.ok) for a in last] == [
        ("web", GM, "resolve", True),
        ("web", GM, "resolve", False),
    ]
    audit = browser.get(f"/games/{GAME}").text.split('id="audit-h"')[1]
    assert last[0].result.startswith("resolved d0n;")  # the log keeps the phase's key
    assert f"[web] {GM}: Resolve now — resolved the arrival evening;" in audit  # the page names it


def test_ts5_shift_pause_resume_substitute_resend_announce_go_through_the_desk(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = sign_in(browser)
    referee = site[1]
    due = referee.calendar.clock(GAME).due_at  # type: ignore[union-attr]
    for action, data in (
        ("shift", {"by": "+2h", "only": "yes"}),
        ("pause", {"until": "1h"}),
        ("resume", {}),
        ("substitute", {"seat": "Boris", "email": "boris2@example.org"}),
        ("announce", {"text": "Dinner is served"}),
    ):
        answer = browser.post(f"/games/{GAME}/{action}", data={"csrf": form, "confirm": "yes", **data})
        assert answer.status_code == 200 and "Refused" not in answer.text, (action, answer.text)
    assert referee.calendar.clock(GAME).due_at == due + timedelta(hours=2)  # type: ignore[union-attr]
    assert referee.seat(GAME, "Boris").email == "boris2@example.org"
    log = [(a.channel, a.action, a.ok) for a in referee.actions(GAME)[1:]]
    assert log == [(("web", name, True)) for name in ("shift", "pause", "resume", "substitute", "announce")]
    page = browser.get(f"/games/{GAME}").text
    assert "boris@example.org" in page and "boris2@example.org" in page  # the holders keep both


def test_orders_entered_for_a_character_get_the_answer_the_mail_would_get(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site, now=T0 + timedelta(seconds=70))
    form = sign_in(browser)
    referee = site[1]
    referee.resolve(GAME, T0 + timedelta(seconds=60))
    answer = browser.post(
        f"/games/{GAME}/orders",
        data={"csrf": form, "confirm": "yes", "seat": "Vera", "text": "MOVE Kitchen\nMOVE Chapel"},
    )
    assert "OK: move to the Kitchen" in answer.text and "NOT ACCEPTED: MOVE Chapel" in answer.text
    assert referee.actions(GAME)[-1].action == "orders" and referee.actions(GAME)[-1].channel == "web"
    assert any(o["kind"] == "move" for o in referee.views.master(GAME)["characters"][2]["orders"])


def test_ts3_see_as_shows_the_players_own_view_and_not_another_hand(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    sign_in(browser)
    page = browser.get(f"/games/{GAME}/see/Anna").text
    assert "Kitchen, Sofa, Knife" in page
    assert "Wardrobe" not in page and "Armchair" not in page  # Boris's and Vera's living hands
    assert browser.get(f"/games/{GAME}/see/Nobody").status_code == 404
    others = page.split("Other characters")[1]
    assert "Boris" in others and "Vera" in others and "Anna" not in others  # she is not one of the others


def test_each_sign_in_page_leads_to_the_other(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    masters = browser.get("/", follow_redirects=True)
    assert masters.url.path == "/login" and '<a href="/play">Players sign in here</a>' in masters.text
    assert '<a href="/login">Game-masters sign in here</a>' in browser.get("/play").text


def test_pages_speak_russian_by_the_viewers_choice(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = sign_in(browser)
    browser.post("/language", data={"csrf": form, "language": "ru", "next": "/campaigns"})
    campaigns = browser.get("/campaigns").text
    assert "Партии" in campaigns and "Ещё не прислали приказы" in campaigns and 'lang="ru"' in campaigns
    game = browser.get(f"/games/{GAME}").text
    assert "Замок" in game and "Кухня" in game and "Сдвинуть рубеж" in game
    away = browser.post("/language", data={"csrf": form, "language": "en", "next": "https://evil.example/"})
    assert away.headers.get("location", "/") == "/"


def test_every_sentence_of_the_pages_has_its_russian() -> None:
    templates = Path(__file__).resolve().parents[1] / "templates" / "web"
    said = set()
    for path in templates.glob("*.j2"):
        said |= set(re.findall(r't\("((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")))
        said |= set(re.findall(r"t\('((?:[^'\\]|\\.)*)'", path.read_text(encoding="utf-8")))
    said = {s.replace("\\'", "'") for s in said}
    assert said and not sorted(s for s in said if s not in RU)


def test_healthz_and_metrics_count_games_and_mail(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    assert browser.get("/healthz").json() == {"ok": True}
    metrics = browser.get("/metrics").text
    assert 'referee_games{state="running"} 2.0' in metrics
    assert "referee_outbox_waiting 8.0" in metrics  # three welcome letters a game and one per master
    assert GM not in metrics and "Anna" not in metrics


def test_what_an_action_did_is_said_in_the_viewers_language_ts_5(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = sign_in(browser)
    browser.post("/language", data={"csrf": form, "language": "ru", "next": "/campaigns"})
    said = {}
    for action, fields in (
        ("resolve", {}),
        ("shift", {"by": "+2h"}),
        ("pause", {}),
        ("resume", {}),
        ("announce", {"text": "Ужин подан"}),
        ("resend", {"seat": "Anna"}),
        ("substitute", {"seat": "Boris", "email": "boris.new@example.org"}),
        ("rollback", {}),
    ):
        page = browser.post(f"/games/{GAME}/{action}", data={"csrf": form, "confirm": "yes", **fields}).text
        said[action] = re.search(r'<p class="flash[^"]*" role="status">\s*(.*?)\s*</p>', page, re.S).group(1)  # type: ignore[union-attr]
    assert said["resolve"].startswith("Разрешено: вечер прибытия; написано писем: ")
    assert said["shift"].startswith("Новый срок фазы «день 1, час 1 (10:00–12:30)»: ")
    assert (
        said["pause"] == "Партия на паузе: ничего не разрешается, пока её не продолжат (приказы принимаются)"
    )
    assert said["resume"].startswith("Партия снова идёт; фаза «день 1, час 1 (10:00–12:30)» закончится ")
    assert said["announce"] == "Объявление разослано игрокам: 3"
    assert said["resend"] == "Последний отчёт персонажа Anna отправлен ещё раз"
    assert said["substitute"].startswith("Персонажем Boris теперь играют с адреса boris.new@example.org")
    assert said["rollback"].startswith(
        "Снова открыто: вечер прибытия; об отзыве отчёта сообщено игрокам: 3; "
    )


def test_no_password_is_hashed_when_the_referee_is_imported_only_when_its_web_door_starts(site) -> None:  # type: ignore[no-untyped-def]
    """An argon2 hash takes a sixth of a second: a command, a mail reader process or the service
    without the web door never makes one. The web door makes the one a sign-in with an unknown address
    is checked against as it starts, so that the first such sign-in takes no longer than the next."""
    code = "import referee.cli; from referee.app import accounts; print(accounts._dummy_hash.cache_info())"
    imported = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "currsize=0" in imported.stdout, imported.stderr
    client(*site)  # builds the web application
    assert accounts._dummy_hash.cache_info().currsize == 1
