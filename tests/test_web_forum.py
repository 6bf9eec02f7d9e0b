"""The players' forum over HTTP (Starlette's test client, a real database): signing in by a mailed link
used once, a thread per room holding exactly the talk the player was present for (TS-3, TS-23), posts
and orders through the mail's path, mail or web, and nobody reaching what they may not see — by URL,
by game, seat or message id, by link, after death, after substitution."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
from web_helpers import (
    BASE,
    GAME,
    GM,
    OTHER,
    T0,
    client,
    forum_site,
    mailed_links,
    sign_in,
    sign_in_player,
    token,
)

from referee.app import Actor
from referee.app.links import LINK_NOTICE
from referee.mail.intake import ingest


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    return forum_site(tmp_path, sqlite_url)


def _ask(site, email: str = "anna@example.org") -> None:  # type: ignore[no-untyped-def]
    """Types ``email`` on the players' sign-in page."""
    browser = client(*site)
    browser.post("/play", data={"csrf": token(browser.get("/play").text), "email": email})


def _anna(site) -> tuple:  # type: ignore[no-untyped-def]
    browser = client(*site)
    _ask(site)
    links = mailed_links(*site, "Anna")
    assert links, "the mail asked for carries a sign-in link"
    assert sign_in_player(browser, links[0]) == f"/play/{GAME}/Anna"
    return browser, links[0]


def test_the_mailed_link_signs_a_player_in_once(site) -> None:  # type: ignore[no-untyped-def]
    browser, link = _anna(site)
    page = browser.get(f"/play/{GAME}/Anna")
    assert page.status_code == 200 and "Anna" in page.text and "Knife" in page.text
    again = client(*site)
    assert sign_in_player(again, link) == "403"
    assert again.get(f"/play/{GAME}/Anna").status_code == 401


def test_a_forged_or_other_games_link_signs_nobody_in(site) -> None:  # type: ignore[no-untyped-def]
    _ask(site)
    link = mailed_links(*site, "Anna")[0]
    forged = link[:-3] + ("AAA" if not link.endswith("AAA") else "BBB")
    other_game = link.replace(f"/join/{GAME}/", f"/join/{OTHER}/")
    for bad in (forged, other_game, f"{BASE}/join/{GAME}/nothing", f"{BASE}/join/nogame/{link[-20:]}"):
        assert sign_in_player(client(*site), bad) == "403"


def test_an_expired_link_signs_nobody_in(site) -> None:  # type: ignore[no-untyped-def]
    _ask(site)
    link = mailed_links(*site, "Anna")[0]
    later = client(site[0], site[1], now=T0 + timedelta(days=400))
    assert sign_in_player(later, link) == "403"


def test_the_sign_in_page_answers_alike_and_mails_only_a_registered_player(site) -> None:  # type: ignore[no-untyped-def]
    _, referee = site
    browser = client(*site)
    form = token(browser.get("/play").text)
    known = browser.post("/play", data={"csrf": form, "email": "anna@example.org"})
    unknown = browser.post("/play", data={"csrf": form, "email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 200
    assert known.text.replace("anna@example.org", "") == unknown.text.replace("nobody@example.org", "")
    links = [n for n in referee.notices(None) if n.template == LINK_NOTICE]
    assert [(n.game_id, n.recipient) for n in links] == [(GAME, "Anna"), (OTHER, "Anna")]
    browser.post("/play", data={"csrf": form, "email": "anna@example.org"})  # a flood is not mailed
    assert len([n for n in referee.notices(None) if n.template == LINK_NOTICE]) == 2


def test_link_by_mail_sends_a_link_in_any_language_and_is_no_order(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    for word, at in (("LINK", T0), ("ссылка", T0 + timedelta(minutes=20))):
        receipt = ingest(referee, web.config().mail, web.mail_from(GAME, "Boris", word, at), at)
        assert receipt.text == "accepted:link"
    sent = [n for n in referee.notices(GAME) if n.recipient == "Boris"]
    assert [n.template for n in sent].count(LINK_NOTICE) == 2 and "answer" not in [n.template for n in sent]


def _play_evening(site) -> None:  # type: ignore[no-untyped-def]
    """Vera speaks in the Hall to all; Anna and Vera go to the Garage, Boris to the Study; then Boris
    speaks in the Study and Vera in the Garage."""
    _, referee = site
    referee.submit(GAME, "Vera", "SAY Welcome, everyone", T0 + timedelta(seconds=1), "mail:v1")
    referee.submit(GAME, "Anna", "MOVE Garage", T0 + timedelta(seconds=2), "mail:a1")
    referee.submit(GAME, "Vera", "MOVE Garage", T0 + timedelta(seconds=3), "mail:v2")
    referee.submit(GAME, "Boris", "MOVE Study", T0 + timedelta(seconds=4), "mail:b1")
    referee.resolve(GAME, T0 + timedelta(seconds=60))
    referee.submit(GAME, "Boris", "SAY the study hides a zeppelin", T0 + timedelta(seconds=61), "mail:b2")
    referee.submit(GAME, "Vera", "SAY the garage is cold", T0 + timedelta(seconds=62), "mail:v3")


def test_ts3_the_players_page_opens_on_the_talk_of_the_room_they_are_in(site) -> None:  # type: ignore[no-untyped-def]
    browser, _ = _anna(site)
    _play_evening(site)
    _, referee = site
    referee.submit(GAME, "Vera", "SAY who has the rope?", T0 + timedelta(seconds=63), "mail:v4")
    page = browser.get(f"/play/{GAME}/Anna").text

    talk = page.index('id="talk"')
    assert talk < page.index("<dt>Where</dt>") and talk < page.index('id="orders"') < page.index('id="news"')
    room = page[talk : page.index("</section>", talk)]
    assert "Garage" in room.split("</h2>")[0] and "you are here" in room.split("</h2>")[0]
    lines = ("you came in from", "the garage is cold", "who has the rope?", 'id="say-text"', "Other rooms")
    assert [room.index(line) for line in lines] == sorted(room.index(line) for line in lines)
    others = room[room.index('<nav class="rooms"') :]
    assert f'href="/play/{GAME}/Anna/rooms/Hall"' in others and "rooms/Garage" not in others
    assert "Welcome, everyone" not in room and "zeppelin" not in page  # the Hall's talk is a tap away


def test_ts3_a_room_thread_holds_exactly_the_talk_the_player_was_present_for(site) -> None:  # type: ignore[no-untyped-def]
    browser, _ = _anna(site)
    _play_evening(site)
    page = browser.get(f"/play/{GAME}/Anna").text
    assert "rooms/Hall" in page and "rooms/Garage" in page and "rooms/Study" not in page
    hall = browser.get(f"/play/{GAME}/Anna/rooms/Hall").text
    assert "Welcome, everyone" in hall and "you left for" in hall and "zeppelin" not in hall
    garage = browser.get(f"/play/{GAME}/Anna/rooms/Garage").text
    assert "the garage is cold" in garage and "you came in from" in garage and "zeppelin" not in garage
    assert garage.index("you came in from") < garage.index("the garage is cold")
    assert browser.get(f"/play/{GAME}/Anna/rooms/Study").status_code == 404
    assert "zeppelin" not in page


def test_ts23_a_post_is_table_talk_through_the_mails_path_relayed_to_those_present(site) -> None:  # type: ignore[no-untyped-def]
    browser, _ = _anna(site)
    _play_evening(site)
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    answer = browser.post(f"/play/{GAME}/Anna/say", data={"csrf": form, "text": "SAY who has the rope?"})
    assert answer.status_code == 200 and "rope" in answer.text
    _, referee = site
    posted = [e for e in referee.log(GAME) if e.kind == "message_posted"][-1]
    assert posted.data["from"] == "Anna" and set(posted.audience) == {"Anna", "Vera"}
    talk = [n for n in referee.notices(GAME) if n.template == "talk" and "rope" in n.data["text"]]
    assert {n.recipient for n in talk} <= {"Vera"}
    garage = browser.get(f"/play/{GAME}/Anna/rooms/Garage").text
    assert "who has the rope?" in garage


def test_a_post_on_the_web_is_cleaned_and_bounded_as_a_mails_text_is(site) -> None:  # type: ignore[no-untyped-def]
    """Control, invisible and direction-changing characters never reach others' mail from the web, and a
    post holds at most as many lines, each as long, as a mail is read for."""
    browser, _ = _anna(site)
    _play_evening(site)
    _, referee = site
    before = len([e for e in referee.log(GAME) if e.kind == "message_posted"])
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    hostile = "SAY who\u202e has\x00 the\u200b rope?\n" + "\n".join(f"SAY line {n}" for n in range(200))
    assert browser.post(f"/play/{GAME}/Anna/say", data={"csrf": form, "text": hostile}).status_code == 200
    said = [e.data["text"] for e in referee.log(GAME) if e.kind == "message_posted"][before:]
    assert said[0] == "who has the rope?"
    assert len(said) <= site[0].config().mail.limits.lines


def test_orders_on_the_web_get_the_answer_a_mail_gets(site) -> None:  # type: ignore[no-untyped-def]
    browser, _ = _anna(site)
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    answer = browser.post(f"/play/{GAME}/Anna/orders", data={"csrf": form, "text": "MOVE Garage\nFLY away"})
    assert answer.status_code == 200
    accepted = [s for s in site[1].views.player(GAME, "Anna")["orders"] if s["kind"] == "move"]
    assert accepted and accepted[0]["room"] == "Garage"
    assert "FLY away" in answer.text
    refused = browser.post(f"/play/{GAME}/Anna/orders", data={"text": "MOVE Study"})
    assert refused.status_code == 403


def test_a_player_is_refused_another_players_page_and_another_game_as_if_missing(site) -> None:  # type: ignore[no-untyped-def]
    browser, _ = _anna(site)
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    missing = browser.get("/play/no-such-game/Nobody")
    assert missing.status_code == 404
    for path in (
        f"/play/{GAME}/Boris",
        f"/play/{GAME}/boris",
        f"/play/{GAME}/Boris/rooms/Hall",
        f"/play/{OTHER}/Anna",
        f"/play/{OTHER}/Anna/rooms/Hall",
        f"/play/{GAME}/Anna/rooms/Kitchen",
        f"/play/{GAME}/Anna/messages/1",
        f"/play/{GAME}/Anna/rooms/{quote('../Boris', safe='')}",
    ):
        answer = browser.get(path)
        same = answer.text.replace(unquote(path), "") == missing.text.replace("/play/no-such-game/Nobody", "")
        assert answer.status_code == 404 and same, path
    for path in (f"/play/{GAME}/Boris/say", f"/play/{OTHER}/Anna/orders", f"/play/{GAME}/Boris/mode"):
        assert browser.post(path, data={"csrf": form, "text": "SAY hi", "mode": "web"}).status_code == 404
    assert not [e for e in site[1].log(OTHER) if e.kind == "message_posted"]
    assert browser.get(f"/games/{GAME}").status_code == 401  # a player is no game-master


def test_a_visitor_is_refused_every_players_page(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    for path in (f"/play/{GAME}/Anna", f"/play/{GAME}/Anna/rooms/Hall"):
        answer = browser.get(path)
        assert answer.status_code == 401 and "Knife" not in answer.text


def test_a_substituted_players_session_and_links_stop_working(site) -> None:  # type: ignore[no-untyped-def]
    referee = site[1]
    browser, _ = _anna(site)
    spare = mailed_links(*site, "Anna")[-1]  # the same mail's link, written again: used already
    other = client(*site)
    _ask(site)  # within the pause: no second mail
    referee.desk.substitute(GAME, "Anna", "annette@example.org", T0, Actor("test", GM))
    assert browser.get(f"/play/{GAME}/Anna").status_code == 404
    assert sign_in_player(other, spare) == "403"
    _ask(site, "anna@example.org")
    assert not [n for n in referee.notices(GAME) if n.data.get("email") == "annette@example.org"]
    _ask(site, "annette@example.org")
    fresh = [link for link in mailed_links(*site, "Anna") if link != spare]
    assert sign_in_player(client(*site), fresh[-1]) == f"/play/{GAME}/Anna"


def test_ts21_a_dead_character_reads_public_news_only(site) -> None:  # type: ignore[no-untyped-def]
    browser, _ = _anna(site)
    _play_evening(site)
    _, referee = site
    from sqlmodel import Session, select

    from referee.store.models import GameRow

    with Session(referee.database.engine) as session:  # Anna dies: the snapshot says so
        row = session.exec(select(GameRow).where(GameRow.id == GAME)).one()
        state = dict(row.state)
        state["characters"] = [
            {**c, "alive": False} if c["name"] == "Anna" else c for c in state["characters"]
        ]
        row.state = state
        session.add(row)
        session.commit()
    page = browser.get(f"/play/{GAME}/Anna")
    assert page.status_code == 200 and "public news only" in page.text
    assert "garage is cold" not in page.text and "Knife" not in page.text
    assert browser.get(f"/play/{GAME}/Anna/rooms/Garage").status_code == 404
    form = token(page.text)
    said = browser.post(f"/play/{GAME}/Anna/say", data={"csrf": form, "text": "SAY boo"})
    assert said.status_code == 404


def test_a_player_who_plays_on_the_web_is_mailed_no_reports(site) -> None:  # type: ignore[no-untyped-def]
    web, referee = site
    browser, _ = _anna(site)
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    assert (
        browser.post(
            f"/play/{GAME}/Anna/mode", data={"csrf": form, "mode": "web"}, follow_redirects=False
        ).status_code
        == 303
    )
    assert 'value="web" checked' in browser.get(f"/play/{GAME}/Anna").text
    referee.resolve(GAME, T0 + timedelta(seconds=60))
    from referee.mail.compose import compose
    from referee.render import Renderer

    renderer = Renderer(web.config().templates)
    mailed = {
        letter.template: bool(compose(letter, letter.game, letter.reader, renderer, web.config().mail))
        for letter in referee.letters.unsent()
        if letter.recipient == "Anna"
    }
    assert mailed["welcome"] and not mailed["report"]
    boris = {
        letter.template: bool(compose(letter, letter.game, letter.reader, renderer, web.config().mail))
        for letter in referee.letters.unsent()
        if letter.recipient == "Boris" and letter.game_id == GAME
    }
    assert boris["report"]


def test_the_players_pages_speak_russian(site) -> None:  # type: ignore[no-untyped-def]
    browser, _ = _anna(site)
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    browser.post("/language", data={"csrf": form, "language": "ru", "next": f"/play/{GAME}/Anna"})
    page = browser.get(f"/play/{GAME}/Anna").text
    assert "Как вы играете" in page and "Общие новости" in page and "How you play" not in page


def test_a_game_master_session_is_not_a_players(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    site[1].accounts.add("Gail", GM, "correct horse battery", T0)
    sign_in(browser)
    assert browser.get(f"/play/{GAME}/Anna").status_code == 401


def test_a_player_chooses_answers_in_report_on_their_page_as_by_mail(site) -> None:  # type: ignore[no-untyped-def]
    """The answers setting («ОТВЕТЫ В СВОДКЕ») chosen on the player's page is the order a mail would give:
    judged in the game, kept as the seat's choice, shown checked; a wrong value changes nothing."""
    _, referee = site
    browser, _ = _anna(site)
    page = browser.get(f"/play/{GAME}/Anna").text
    assert 'name="answers" value="now" checked' in page
    form = token(page)
    chosen = browser.post(
        f"/play/{GAME}/Anna/answers", data={"csrf": form, "answers": "report"}, follow_redirects=False
    )
    assert chosen.status_code == 303
    assert 'name="answers" value="report" checked' in browser.get(f"/play/{GAME}/Anna").text
    assert [e.data for e in referee.events(GAME) if e.kind == "answers_chosen"] == [
        {"character": "Anna", "answers": "report"}
    ]
    form = token(browser.get(f"/play/{GAME}/Anna").text)
    browser.post(f"/play/{GAME}/Anna/answers", data={"csrf": form, "answers": "never"})
    assert 'name="answers" value="report" checked' in browser.get(f"/play/{GAME}/Anna").text


def test_ts3_two_sites_in_one_process_never_show_each_others_letters_numbered_alike(tmp_path: Path) -> None:
    """What a site keeps of the letters it shows is its own: two databases number their letters alike,
    and a player of each is shown their own report (a cache by number shared by the process would show
    one the other's)."""
    from referee.app.links import Player

    where = {}
    for room in ("Garage", "Study"):
        root = tmp_path / room
        root.mkdir()
        _, referee = forum_site(root, f"sqlite:///{root / 'referee.db'}")
        referee.submit(GAME, "Anna", f"MOVE {room}", T0 + timedelta(seconds=1), "mail:a1")
        referee.resolve(GAME, T0 + timedelta(seconds=60))
        letters = referee.forum.page(Player(GAME, "Anna", "anna@example.org"), GAME, "Anna")["letters"]
        newest = next(letter for letter in letters if letter["template"] == "report")
        where[room] = (newest["id"], newest["data"]["location"])
    assert where["Garage"][0] == where["Study"][0]  # numbered alike
    assert where["Garage"][1] == "Garage" and where["Study"][1] == "Study"


def test_ts3_a_line_of_talk_mailed_to_a_mail_player_is_in_their_thread_not_among_their_letters(
    tmp_path: Path, sqlite_url: str
) -> None:
    """TS-3, TS-23: a player who plays by mail is mailed each line said where they are; their page shows
    it once, in the room's thread, and the referee's letters beside it stay the referee's own (a chatty
    room would otherwise push the reports out of the newest letters shown)."""
    from referee.app.links import Player

    _, referee = forum_site(tmp_path, sqlite_url)
    for second, name in enumerate(("Anna", "Vera"), start=1):
        referee.submit(GAME, name, "MOVE Garage", T0 + timedelta(seconds=second), f"mail:{name}")
    referee.resolve(GAME, T0 + timedelta(seconds=60))
    referee.submit(GAME, "Vera", "SAY the rope is behind the car", T0 + timedelta(seconds=61), "mail:v2")
    mailed = [n for n in referee.letters.unsent() if n.recipient == "Anna" and n.template == "talk"]
    assert mailed, "Anna plays by mail: the line is mailed to her"
    page = referee.forum.page(Player(GAME, "Anna", "anna@example.org"), GAME, "Anna")
    assert all(letter["template"] != "talk" for letter in page["letters"])
    assert any(letter["template"] != "talk" for letter in page["letters"])  # her report is there
    (here,) = [thread for thread in page["threads"] if thread.here]
    assert any("behind the car" in entry.get("text", "") for entry in here.entries)
