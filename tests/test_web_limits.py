"""The web door's limits on what a request may send: bodies bounded before and while they are read,
plain forms only, fields counted and measured, page addresses read strictly (a real uvicorn on loopback
where the connection matters, Starlette's test client elsewhere)."""

from __future__ import annotations

import select
import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from web_helpers import GAME, GM, PASSWORD, client, served, sign_in, token, web_site

from referee.config import ConfigError, load_config
from referee.web.words import REASONS

POSTS = ["/login", "/play", "/logout", "/language", f"/games/{GAME}/resolve", f"/play/{GAME}/Anna/say"]
"""A form of every kind the site takes: sign-ins, a link request, the session's forms, actions."""


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str):  # type: ignore[no-untyped-def]
    return web_site(tmp_path, sqlite_url)


def _connect(base: str) -> socket.socket:
    parts = urlsplit(base)
    return socket.create_connection((parts.hostname, parts.port), timeout=20)


def _status(connection: socket.socket) -> str:
    """The status line of the answer read from ``connection`` (waits at most its timeout)."""
    answer = b""
    while b"\r\n" not in answer:
        chunk = connection.recv(4096)
        if not chunk:
            break
        answer += chunk
    return answer.split(b"\r\n", 1)[0].decode()


def test_a_body_declared_larger_than_max_body_is_answered_413_before_any_of_it_is_read(site) -> None:  # type: ignore[no-untyped-def]
    """The old door waited for the 300 MB it was promised (and would have held them in memory)."""
    with served(*site) as base:
        for path in POSTS:
            with _connect(base) as connection:
                head = (
                    f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    "Content-Type: application/x-www-form-urlencoded\r\n"
                    f"Content-Length: {300 * 2**20}\r\n\r\n"
                )
                connection.sendall(head.encode() + b"email=" + b"a" * 1000)
                assert _status(connection) == "HTTP/1.1 413 Request Entity Too Large", path


def test_a_streamed_body_is_cut_off_at_max_body_and_answered_413(site) -> None:  # type: ignore[no-untyped-def]
    """A chunked body names no length: the door counts what arrives and stops reading past the limit
    (the old one read all 8 MB and then answered for the form)."""
    with served(*site) as base, _connect(base) as connection:
        head = (
            "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        connection.sendall(head.encode())
        piece = b"a" * 16384
        chunk = f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
        sent = 0
        while sent < 8 * 2**20:
            readable, _, _ = select.select([connection], [], [], 0)
            if readable:
                break
            try:
                connection.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(piece)
        else:
            connection.sendall(b"0\r\n\r\n")
        assert _status(connection) == "HTTP/1.1 413 Request Entity Too Large"


def test_a_body_within_max_body_is_read_and_the_setting_is_honoured(tmp_path: Path, sqlite_url: str) -> None:
    """``[web] max_body`` bounds every form: a 3 KB sign-in under a 2 KB limit is refused, a short one
    signs in."""
    site = web_site(tmp_path, sqlite_url, "max_body = 2048")
    browser = client(*site)
    form = token(browser.get("/login").text)
    padded = {"csrf": form, "email": GM, "password": PASSWORD, "pad": "x" * 3000}
    refused = browser.post("/login", data=padded)
    assert refused.status_code == 413
    assert "at most 2048 bytes" in refused.text and "не больше 2048 байт" in refused.text
    sign_in(browser)


@pytest.mark.parametrize("value", ["1023", "-5", '"lots"', "true", "99999999999"])
def test_a_max_body_that_is_not_a_sensible_number_of_bytes_is_a_configuration_error(
    tmp_path: Path, value: str
) -> None:
    path = tmp_path / "referee.toml"
    path.write_text(f'database_url = "sqlite:///r.db"\n[web]\nmax_body = {value}\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="max_body"):
        load_config(path)


@pytest.mark.parametrize("value", ['"127.0.0.1"', '["not an address"]', '["10.0.0.0/33"]'])
def test_trusted_proxies_must_be_a_list_of_addresses_or_networks(tmp_path: Path, value: str) -> None:
    path = tmp_path / "referee.toml"
    path.write_text(f'database_url = "sqlite:///r.db"\n[web]\ntrusted_proxies = {value}\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="trusted_proxies"):
        load_config(path)


def test_multipart_and_other_bodies_than_plain_forms_are_answered_415_unread(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = token(browser.get("/login").text)
    for path in POSTS:
        upload = browser.post(path, data={"csrf": form}, files={"file": ("a.bin", b"x" * 50_000)})
        assert upload.status_code == 415, path
        assert browser.post(path, json={"csrf": form}).status_code == 415, path
        assert (
            browser.post(path, content=b"csrf=x", headers={"content-type": "text/plain"}).status_code == 415
        )


def test_a_form_of_too_many_fields_is_refused_with_a_sentence(site) -> None:  # type: ignore[no-untyped-def]
    """The old door read a thousand fields (and would have read a thousand of 1 MB each)."""
    browser = client(*site)
    form = token(browser.get("/login").text)
    fields = {"csrf": form, "email": GM, "password": PASSWORD} | {f"f{n}": "1" for n in range(1000)}
    answer = browser.post("/login", data=fields)
    assert answer.status_code == 400 and "too many fields" in answer.text
    browser.post("/language", data={"csrf": form, "language": "ru"})
    russian = browser.post("/login", data=fields)
    assert russian.status_code == 400 and "слишком много полей" in russian.text


def test_an_address_longer_than_320_characters_is_refused_on_every_form_that_takes_one(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    form = token(browser.get("/login").text)
    long = "a" * 310 + "@example.org"
    assert browser.post("/login", data={"csrf": form, "email": long, "password": PASSWORD}).status_code == 400
    assert browser.post("/play", data={"csrf": form, "email": long}).status_code == 400
    assert browser.post("/play", data={"csrf": form, "email": "anna\x00@example.org"}).status_code == 400
    long_password = "a" * 1025
    assert (
        browser.post("/login", data={"csrf": form, "email": GM, "password": long_password}).status_code == 400
    )


BAD_NUMBERS = ["²", "9" * 5000, "-1", "1e3", "0x10", " 1", "١٢", "1.0", "%00", "1&at=x"]
"""Values of ``?at=`` that are not a plain number of at most nine ASCII digits: superscripts and other
scripts' digits (``str.isdigit`` says yes), huge, signed, hex, padded, NUL."""


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_a_query_number_that_is_not_one_is_answered_400_with_a_sentence_never_500(site, value: str) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    sign_in(browser)
    for page in (f"/games/{GAME}", f"/games/{GAME}/see/Anna"):
        answer = browser.get(f"{page}?at={value}")
        assert answer.status_code == 400, (page, value)
        assert "a number of at most nine digits" in answer.text


def test_a_query_number_that_is_one_shows_the_page(site) -> None:  # type: ignore[no-untyped-def]
    browser = client(*site)
    sign_in(browser)
    for value in ("", "0", "3", "999999999"):
        assert browser.get(f"/games/{GAME}?at={value}").status_code == 200, value
        # a phase not resolved yet is a page that does not exist
        assert browser.get(f"/games/{GAME}/see/Anna?at={value}").status_code == (200 if not value else 404)


def test_path_parts_too_long_or_holding_control_characters_are_pages_that_do_not_exist(
    tmp_path: Path, database_url: str
) -> None:
    """On PostgreSQL a NUL in a query's text is an error: such a part never reaches the database."""
    site = web_site(tmp_path, database_url)
    browser = client(*site)
    sign_in(browser)
    for part in ("x" * 5000, "a%00b", "a%0Ab", "%7F"):
        for page in (
            f"/games/{part}",
            f"/games/{GAME}/see/{part}",
            f"/join/{GAME}/{part}",
            f"/play/{part}/Anna",
        ):
            answer = browser.get(page)
            assert answer.status_code == 404, page
            assert REASONS["not_found"] in answer.text
