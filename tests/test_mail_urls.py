"""Transport URLs: defaults, every option, clear refusals, and passwords kept out of sight."""

from __future__ import annotations

import pytest

from referee.mail.transports import TransportError
from referee.mail.urls import (
    ImapSettings,
    SmtpSettings,
    parse_imap_url,
    parse_smtp_url,
    password_for,
)

SECRET = "s3cret-Pa55"


def test_imap_defaults_are_starttls_on_143_reading_inbox_and_flagging() -> None:
    settings = parse_imap_url("imap://referee@mail.example.org")
    assert settings == ImapSettings(host="mail.example.org", port=143, user="referee")
    assert (settings.mailbox, settings.tls, settings.move_to, settings.failed_folder) == (
        "INBOX",
        "starttls",
        None,
        "Referee-failed",
    )


def test_imap_every_option_is_read_and_written_back() -> None:
    url = "imap://ref%40club@mail.example.org/Games%20in?tls=tls&processed=move:Games%20done&failed=Broken"
    settings = parse_imap_url(url)
    assert settings == ImapSettings(
        host="mail.example.org",
        port=993,
        user="ref@club",
        mailbox="Games in",
        tls="tls",
        move_to="Games done",
        failed_folder="Broken",
    )
    assert parse_imap_url(settings.url) == settings


def test_ports_follow_the_tls_mode_unless_given() -> None:
    assert parse_imap_url("imap://u@localhost?tls=none").port == 143
    assert parse_imap_url("imap://u@h:1143?tls=tls").port == 1143
    assert [parse_smtp_url(f"smtp://127.0.0.1?tls={mode}").port for mode in ("starttls", "tls", "none")] == [
        587,
        465,
        25,
    ]


def test_smtp_user_is_optional_and_rate_is_a_positive_number() -> None:
    assert parse_smtp_url("smtp://relay.example.org") == SmtpSettings(host="relay.example.org", port=587)
    settings = parse_smtp_url("smtp://bot@[::1]:2525?tls=none&rate=2.5")
    assert settings == SmtpSettings(host="::1", port=2525, user="bot", tls="none", rate=2.5)
    assert parse_smtp_url(settings.url) == settings
    for bad in ("0", "-1", "fast", "inf", ""):
        with pytest.raises(TransportError, match="rate="):
            parse_smtp_url(f"smtp://relay.example.org?rate={bad}")


def test_smtp_connections_is_a_small_whole_number_kept_in_the_url() -> None:
    settings = parse_smtp_url("smtp://relay.example.org?connections=4")
    assert settings.connections == 4 and parse_smtp_url(settings.url) == settings
    for bad in ("0", "17", "two", "1.5", ""):
        with pytest.raises(TransportError, match="connections="):
            parse_smtp_url(f"smtp://relay.example.org?connections={bad}")


def test_smtp_pipelining_is_used_where_offered_unless_the_url_says_no() -> None:
    assert parse_smtp_url("smtp://relay.example.org").pipelining is True
    settings = parse_smtp_url("smtp://relay.example.org?pipelining=no")
    assert settings.pipelining is False and parse_smtp_url(settings.url) == settings
    assert "pipelining" not in parse_smtp_url("smtp://relay.example.org?pipelining=yes").url
    with pytest.raises(TransportError, match=r"pipelining= is yes .* or no, not 'off'"):
        parse_smtp_url("smtp://relay.example.org?pipelining=off")


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.7", "[::1]", "localhost", "LocalHost"])
def test_plain_text_is_allowed_to_this_machine(host: str) -> None:
    assert parse_imap_url(f"imap://u@{host}?tls=none").tls == "none"
    assert parse_smtp_url(f"smtp://{host}?tls=none").tls == "none"


@pytest.mark.parametrize("host", ["mail.example.org", "10.0.0.1", "[2001:db8::1]", "localhost.example.org"])
def test_plain_text_to_another_machine_is_refused_saying_why(host: str) -> None:
    for url in (f"imap://u@{host}?tls=none", f"smtp://{host}?tls=none"):
        with pytest.raises(TransportError, match=r"unencrypted.*only allowed to this machine"):
            parse_imap_url(url) if url.startswith("imap") else parse_smtp_url(url)


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("pop3://u@h", "expected an imap:// URL"),
        ("imap:/u@h", "expected an imap:// URL"),
        ("imap://mail.example.org", "needs a user"),
        ("imap://u@", "names no host"),
        ("imap://u@h:port", "malformed"),
        ("imap://u@h:0", "port 0"),
        ("imap://u@h?tls=ssl", "tls= is one of starttls, tls, none"),
        ("imap://u@h?processed=delete", "processed= is flag or move:FOLDER"),
        ("imap://u@h?processed=move:", "processed= is flag or move:FOLDER"),
        ("imap://u@h?failed=", "needs a folder name"),
        ("imap://u@h?mailbox=X", "unknown imap option 'mailbox'"),
        ("imap://u@h?tls=tls&tls=none", "given twice"),
        ("imap://u@h?tls", "needs a value"),
        ("imap://u@h/Games?processed=move:Games", "must all differ"),
        ("imap://u@h/inbox?failed=INBOX", "must all differ"),
        ("imap://u@h?processed=move:X&failed=X", "must all differ"),
        ("imap://u@h#top", "no '#' part"),
    ],
)
def test_malformed_imap_urls_are_refused_with_the_reason(url: str, words: str) -> None:
    with pytest.raises(TransportError, match=words):
        parse_imap_url(url)


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("smtp://h/path", "has no path"),
        ("smtp://h?processed=flag", "unknown smtp option 'processed'"),
        ("imap://u@h", "expected an smtp:// URL"),
    ],
)
def test_malformed_smtp_urls_are_refused_with_the_reason(url: str, words: str) -> None:
    with pytest.raises(TransportError, match=words):
        parse_smtp_url(url)


@pytest.mark.parametrize(
    "url",
    [
        f"imap://referee:{SECRET}@mail.example.org/INBOX",
        f"imap://referee:{SECRET}@mail.example.org:xx/INBOX?tls=bad",
        f"smtp://referee:{SECRET}@mail.example.org?rate=nope",
        f"imap://referee:{SECRET[:4]}/{SECRET[4:]}@mail.example.org/INBOX",
    ],
)
def test_a_password_in_the_url_is_refused_and_never_repeated(url: str) -> None:
    with pytest.raises(TransportError) as caught:
        parse_imap_url(url) if url.startswith("imap") else parse_smtp_url(url)
    text = f"{caught.value} {caught.value!r}"
    assert "password" in text
    assert SECRET not in text and SECRET[4:] not in text


def test_password_comes_from_the_configuration_or_the_environment() -> None:
    imap = parse_imap_url("imap://u@mail.example.org")
    smtp = parse_smtp_url("smtp://u@mail.example.org")
    assert password_for(imap, {}, SECRET) == SECRET
    assert password_for(imap, {"REFEREE_IMAP_PASSWORD": SECRET}, None) == SECRET
    assert password_for(smtp, {"REFEREE_SMTP_PASSWORD": SECRET, "REFEREE_IMAP_PASSWORD": "x"}, None) == SECRET
    assert password_for(imap, {"REFEREE_IMAP_PASSWORD": SECRET}, SECRET) == SECRET  # the same twice is fine


def test_password_problems_are_named_without_showing_the_password() -> None:
    imap = parse_imap_url("imap://u@mail.example.org")
    with pytest.raises(TransportError, match=r"needs a password.*REFEREE_IMAP_PASSWORD"):
        password_for(imap, {"REFEREE_SMTP_PASSWORD": SECRET}, None)
    with pytest.raises(
        TransportError, match=r"both in referee.toml and in \$REFEREE_IMAP_PASSWORD"
    ) as caught:
        password_for(imap, {"REFEREE_IMAP_PASSWORD": "other"}, SECRET)
    assert SECRET not in str(caught.value)
    anonymous = parse_smtp_url("smtp://relay.example.org")
    assert password_for(anonymous, {}, None) is None
    with pytest.raises(TransportError, match="names no user") as caught:
        password_for(anonymous, {}, SECRET)
    assert SECRET not in str(caught.value)


def test_settings_never_show_a_password() -> None:
    imap = parse_imap_url("imap://referee@mail.example.org")
    smtp = parse_smtp_url("smtp://referee@mail.example.org?rate=3")
    for settings in (imap, smtp):
        password = password_for(settings, {}, SECRET)
        assert password == SECRET
        assert SECRET not in f"{settings!r} {settings} {settings.url} {vars(settings)}"
