"""The page's share and hand-over links, and their QR codes: the address the phone used, or
the network's address (`PUBLIC_URL`) when the page is opened on the host itself."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api.page import _loopback, qr_svg

LAN = "http://192.168.1.20:8000"


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Any]:
    from api import create_app

    apps = []

    def make(**config: Any) -> Any:
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'page.db'}", **config})
        apps.append(app)
        return app.test_client()

    yield make
    for app in apps:
        app.extensions["referee.store"].engine.dispose()


def new_game(client: Any) -> tuple[str, str]:
    r = client.post("/v1/games", json={"ruleset": "ten-pennies", "players": ["Ann", "Bob"]})
    assert r.status_code == 201
    return r.get_json()["id"], r.get_json()["token"]


def share_of(client: Any, game_id: str, host: str) -> tuple[str, str, str]:
    """The page's share link, its base for the hand-over link, and the page itself."""
    r = client.get(f"/games/{game_id}", headers={"Host": host})
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    link = html.unescape(re.search(r'id="share-link" readonly value="([^"]*)"', text).group(1))  # type: ignore[union-attr]
    base = html.unescape(re.search(r'data-base="([^"]*)"', text).group(1))  # type: ignore[union-attr]
    return link, base, text


@pytest.mark.parametrize(("host", "public", "expected"), [
    pytest.param("192.168.1.7:8000", None, "http://192.168.1.7:8000", id="a phone on the network"),
    pytest.param("192.168.1.7:8000", LAN, "http://192.168.1.7:8000", id="a phone, with PUBLIC_URL: its own"),
    pytest.param("table.local:8000", LAN, "http://table.local:8000", id="a host name"),
    pytest.param("127.0.0.1:8000", LAN, LAN, id="the host itself: PUBLIC_URL"),
    pytest.param("localhost:8000", LAN + "/", LAN, id="localhost: PUBLIC_URL, no double slash"),
    pytest.param("[::1]:8000", LAN, LAN, id="IPv6 loopback"),
    pytest.param("127.0.0.1:8000", None, "http://127.0.0.1:8000", id="the host, no PUBLIC_URL"),
])
def test_share_links_use_the_address_the_phone_used(make_client: Any, host: str, public: str | None,
                                                    expected: str) -> None:
    client = make_client(**({"PUBLIC_URL": public} if public else {}))
    game_id, token = new_game(client)
    link, base, text = share_of(client, game_id, host)
    assert link == f"{expected}/games/{game_id}"
    assert base == expected
    assert qr_svg(link) in text  # the QR code is the share link's
    assert token not in text     # and no page names the token


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.0.0.1:8000", True), ("127.5.6.7:80", True), ("localhost", True),
    ("LOCALHOST:8000", True), ("[::1]", True), ("[::1]:8000", True), ("a.localhost:1", True),
    ("192.168.1.20:8000", False), ("10.0.0.2", False), ("[fe80::1]:8000", False), ("table.local", False),
    ("localhost.example:80", False),
])
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert _loopback(host) is loopback


def test_the_hand_over_qr_code_needs_the_token_and_holds_it(make_client: Any) -> None:
    client = make_client(PUBLIC_URL=LAN)
    game_id, token = new_game(client)
    r = client.post(f"/games/{game_id}/hand-over.svg", headers={"Authorization": f"Bearer {token}",
                                                                "Host": "127.0.0.1:8000"})
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("image/svg+xml")
    assert r.headers["Cache-Control"] == "no-store"
    assert r.get_data(as_text=True) == qr_svg(f"{LAN}/games/{game_id}#token={token}")
    assert r.get_data(as_text=True) != qr_svg(f"{LAN}/games/{game_id}")


@pytest.mark.parametrize(("path", "headers", "status"), [
    ("/games/{id}/hand-over.svg", {}, 401),
    ("/games/{id}/hand-over.svg", {"Authorization": "Bearer wrong"}, 401),
    ("/games/{id}/hand-over.svg", {"Authorization": "Basic abc"}, 401),
    ("/games/nope/hand-over.svg", {"Authorization": "Bearer x"}, 404),
])
def test_the_hand_over_qr_code_is_refused_without_the_token(make_client: Any, path: str,
                                                            headers: dict[str, str], status: int) -> None:
    client = make_client()
    game_id, _ = new_game(client)
    r = client.post(path.format(id=game_id), headers=headers)
    assert r.status_code == status
    assert r.headers["Content-Type"] == "application/problem+json"
    assert "<svg" not in r.get_data(as_text=True)
