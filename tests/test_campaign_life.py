"""A campaign's whole life, end to end (issue 38): announced with a file; filled by mail (JOIN, YES) and on
the public page (the form, then the mailed link); one more in the reserve; started by the game-master
on the dashboard; one player silent, handed by the referee itself to the reserve, who gets the
catch-up letter; another resigning, whose seat the stand-in bot plays; played to the end; then read as
an archive — the game-master's page and a player's open on the result, with no order form left.

Mail goes through the real intake and out through a Maildir; the web is the site's own app."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from service_helpers import Site
from test_signup_mail import ANNA, BORIS, GLEB, GM, T0, VERA, Post, reply_to, text, to
from web_helpers import PASSWORD, client, sign_in, token

GAME = "castle-2"
BASE = "http://127.0.0.1:8080"


def personal(post: Post, name: str) -> str:
    return f"referee+{post.store.seat(GAME, name).token}@example.org"


def test_a_campaign_is_announced_filled_by_mail_and_web_loses_two_players_and_is_played_to_an_archive(
    tmp_path: Path, database_url: str
) -> None:
    post = Post(Site(tmp_path, database_url, extra=f'\n[web]\nbase_url = "{BASE}"\n'))
    post.announce(GAME, game={"dropouts": {"nudge_after": 1, "replace_after": 2, "by": "reserve"}})
    post.store.accounts.add("Gail", GM, PASSWORD, T0)

    # Filled: two by mail, one on the public page, one more into the reserve by mail.
    post.join(ANNA, "Anna")
    post.join(BORIS, "Boris")
    visitor = client(post.site, post.store, post.now)
    form = visitor.get(f"/signup/{GAME}")
    assert form.status_code == 200
    sent = visitor.post(
        f"/signup/{GAME}",
        data={"csrf": token(form.text), "name": "Vera", "email": VERA, "language": "en", "zone": ""},
    )
    assert sent.status_code == 200, sent.text
    (asked,) = post.delivered()
    assert to(asked) == VERA
    (link,) = re.findall(rf"{re.escape(BASE)}/signup/{GAME}/confirm/\S+", text(asked))
    confirm = visitor.get(link.removeprefix(BASE))
    visitor.post(link.removeprefix(BASE), data={"csrf": token(confirm.text)})
    post.delivered()
    assert "reserve" in text(post.join(GLEB, "Gleb"))
    assert [(email, state, place) for email, state, place in post.line()] == [
        (ANNA, "in", "seat"), (BORIS, "in", "seat"), (VERA, "in", "seat"), (GLEB, "in", "reserve")
    ]  # fmt: skip

    # Started by the game-master on the dashboard, who sees each sign-up with its record.
    master = client(post.site, post.store, post.now)
    csrf = sign_in(master)
    line = master.get(f"/signups/{GAME}")
    assert VERA in line.text and "sign-up" in line.text
    started = master.post(
        f"/signups/{GAME}/start", data={"csrf": csrf, "confirm": "yes"}, follow_redirects=False
    )
    assert started.status_code == 303 and started.headers["location"] == f"/games/{GAME}"
    welcomed = {to(m) for m in post.delivered()}
    assert {ANNA, BORIS, VERA} <= welcomed and GLEB in welcomed  # the reserve is told the game began

    # Vera never writes: nudged, then handed to the reserve by the referee itself.
    mails = []
    for _ in range(3):
        for name in ("Anna", "Boris"):
            assert post.send(
                "stay", sender=post.store.seat(GAME, name).email, to=personal(post, name)
            ).text.startswith("accepted")
        post.now += timedelta(seconds=61)
        post.store.operations.resolve(GAME, post.now)
        mails += post.delivered()
    assert post.store.seat(GAME, "Vera").email == GLEB
    assert any("what the character knows" in str(m["Subject"]) for m in mails if to(m) == GLEB)

    # Boris resigns: asked first, YES, and the stand-in bot plays his seat.
    post.send("RESIGN", sender=BORIS, to=personal(post, "Boris"))
    (question,) = [m for m in post.delivered() if to(m) == BORIS]
    assert post.send("YES", sender=BORIS, to=reply_to(question)).text == "accepted:resign:done"
    assert "Boris" in post.store.operations.load(GAME).row.settings["bots"]
    post.delivered()

    # Played to the end: Anna and the reserve keep writing, the bot plays Boris.
    for _ in range(400):
        loaded = post.store.operations.load(GAME)
        if loaded.row.finished:
            break
        for name in ("Anna", "Vera"):
            seat = post.store.seat(GAME, name)
            post.send("stay", sender=seat.email, to=personal(post, name))
        post.now += timedelta(seconds=61)
        post.store.operations.resolve(GAME, post.now)
    assert post.store.operations.load(GAME).row.finished
    finals = [m for m in post.delivered() if to(m) in (ANNA, GLEB)]
    assert finals and not [
        m for m in post.delivered() if to(m) in (BORIS, VERA)
    ]  # those who left hear nothing

    # Read as an archive: the result first, nothing to order any more.
    archive = client(post.site, post.store, post.now)
    sign_in(archive)
    page = archive.get(f"/games/{GAME}").text
    assert 'id="result"' in page and page.index('id="result"') < page.index('id="castle"')
    assert 'action="/games/castle-2/pause"' not in page
    listed = archive.get("/campaigns?state=finished").text
    assert GAME in listed
