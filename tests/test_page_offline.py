"""The page without a connection, in a real Chromium against a real `referee serve`: an entry
made offline waits on the phone (its Idempotency-Key and If-Match with it), is sent when the
connection returns or at the next load, and is stored once; another phone's write meanwhile
leaves the scorer the choice (send it as the next entry, or drop it); on a secure origin the
page is an installable app whose service worker opens a kept game offline; on a plain-HTTP
origin it says what it cannot do there.

Every count is read back from the service's own answer (GET /v1/games/{id}).
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from api import page
from tests.browser import CHROMIUM, PageFactory, Viewport, screenshot
from tests.test_e2e import call
from tests.test_page import score_of

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

HOST = "table.test"  # a name that is not a secure origin, mapped to 127.0.0.1 in the browser


class WorkerPageFactory(PageFactory):
    """Pages whose service workers run (the shared factory blocks them), and that may also
    reach `hosts` (names the browser maps to the live server)."""

    def __init__(self, browser: Browser, hosts: tuple[str, ...] = ()) -> None:
        super().__init__(browser, service_workers="allow", hosts=hosts)

    def __call__(self, viewport: Viewport = "phone") -> Page:
        return super().__call__(viewport)


@pytest.fixture
def worker_pages(browser: Browser) -> Iterator[WorkerPageFactory]:
    factory = WorkerPageFactory(browser)
    try:
        yield factory
    finally:
        factory.close()
    assert not factory.errors, "the browser reported:\n" + "\n".join(factory.errors)


@pytest.fixture(scope="module")
def mapped_browser(browser: Browser) -> Iterator[Browser]:
    """A second Chromium in which `table.test` is 127.0.0.1: a loopback server at an origin
    that is not secure, as a phone on the LAN sees `http://192.168.1.20:8000`."""
    launched = browser.browser_type.launch(executable_path=CHROMIUM, headless=True,
                                           args=[f"--host-resolver-rules=MAP {HOST} 127.0.0.1"])
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture
def mapped_pages(mapped_browser: Browser) -> Iterator[WorkerPageFactory]:
    factory = WorkerPageFactory(mapped_browser, hosts=(HOST,))
    try:
        yield factory
    finally:
        factory.close()
    assert not factory.errors, "the browser reported:\n" + "\n".join(factory.errors)


def new_game(base: str, players: list[str]) -> tuple[str, str]:
    """A Ten Pennies game made through the API: its id and token."""
    status, body = call(base, "POST", "/v1/games", {"ruleset": "ten-pennies", "players": players})
    assert status == 201, body
    return body["id"], body["token"]


def rounds_of(base: str, game: str) -> list[dict[str, Any]]:
    status, body = call(base, "GET", f"/v1/games/{game}")
    assert status == 200
    return list(body["rounds"])


def open_as_scorer(page: Page, base: str, game: str, token: str) -> None:
    page.goto(f"{base}/games/{game}#token={token}")
    expect(page.locator("#game-status")).to_contain_text("You keep the score")


def enter_offline(page: Page, went_out: str, points: dict[str, int], cards: dict[str, int]) -> None:
    """A round entered as the table would, while the service cannot be reached: it waits."""
    page.get_by_label("Type the points").check()
    page.select_option("#went-out", went_out)
    for name, value in points.items():
        page.get_by_label(f"{name}'s points").fill(str(value))
        page.get_by_label(f"{name}'s cards caught").fill(str(cards[name]))
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#outbox")).to_contain_text(f"Waiting to be sent: round 1 ({went_out} went out)")


def offline_errors(factory: PageFactory) -> None:
    """The browser logs each request it could not make: expected here, and nothing else."""
    unexpected = [e for e in factory.errors if not re.search(r"ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to load resource", e)]
    assert unexpected == []
    factory.errors.clear()


def test_a_round_entered_offline_waits_survives_a_reload_and_is_stored_once(live_server: str,
                                                                            worker_pages: WorkerPageFactory) -> None:
    game, token = new_game(live_server, ["Ann", "Bob"])
    phone = worker_pages("phone")
    open_as_scorer(phone, live_server, game, token)
    # The service worker has kept the game's page and its answers (the first visit included).
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.wait_for_function(f"caches.match('/games/{game}').then((r) => Boolean(r))")
    phone.wait_for_function(f"caches.match('/v1/games/{game}', {{ ignoreSearch: true }}).then((r) => Boolean(r))")

    phone.context.set_offline(True)
    enter_offline(phone, "Bob", {"Ann": 20}, {"Ann": 2})
    expect(phone.locator("#undo")).to_be_hidden()  # an undo now would take off what waits
    assert rounds_of(live_server, game) == []

    phone.reload()  # offline: the service worker opens the page, the last sheet this phone saw
    expect(phone.locator("#reach-line")).to_contain_text("the sheet is the last one this phone saw")
    expect(phone.locator("#game-status")).to_contain_text("Round 1 being played")
    expect(phone.locator("#outbox")).to_contain_text("Waiting to be sent: round 1 (Bob went out)")
    screenshot(phone, "offline-reloaded-waiting-phone")
    kept = json.loads(phone.evaluate("localStorage.getItem('referee.outbox')"))
    assert [(e["game"], e["method"], e["body"]) for e in kept] == [
        (game, "POST", {"went_out": "Bob", "points": {"Ann": 20}, "cards": {"Ann": 2}})]
    assert kept[0]["key"] and kept[0]["ifMatch"].startswith(f'"{game}.')

    phone.context.set_offline(False)  # the `online` event sends it
    expect(phone.locator("#outbox")).to_be_hidden(timeout=15_000)
    expect(phone.locator("#notice")).to_have_text("Sent: round 1 (Bob went out).")
    expect(phone.locator("#game-status")).to_contain_text("Round 2 being played")
    assert score_of(phone, "Ann") == "20"
    expect(phone.locator("#reach-line")).to_be_hidden()
    played = rounds_of(live_server, game)
    assert len(played) == 1 and played[0]["points"]["Ann"] == 20
    phone.reload()  # nothing is sent twice on the next load
    expect(phone.locator("#game-status")).to_contain_text("Round 2 being played")
    assert len(rounds_of(live_server, game)) == 1
    offline_errors(worker_pages)


def test_a_follower_opened_offline_shows_the_last_sheet_it_saw_and_says_so(live_server: str,
                                                                            worker_pages: WorkerPageFactory) -> None:
    """Rounds that reached a following phone by the live stream, not by a load, are what it shows
    when it opens the game again without a connection; the line says the sheet may be behind."""
    game, token = new_game(live_server, ["Ann", "Bob"])
    phone = worker_pages("phone")
    phone.goto(f"{live_server}/games/{game}")
    expect(phone.locator("#game-status")).to_contain_text("You are following the game")
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    for n in (1, 2):
        status, _ = call(live_server, "POST", f"/v1/games/{game}/rounds",
                         {"went_out": "Bob", "points": {"Ann": 10 * n}, "cards": {"Ann": n}},
                         {"Authorization": f"Bearer {token}"})
        assert status == 200
        expect(phone.locator("#game-status")).to_contain_text(f"Round {n + 1} being played")
    # The copy kept to show offline is the sheet as the stream brought it, not the one first loaded.
    phone.wait_for_function(f"caches.match('/v1/games/{game}?lang=en').then((r) => r && r.json())"
                            ".then((kept) => Boolean(kept) && kept.round === 3)")
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("#game-status")).to_contain_text("Round 3 being played")
    assert score_of(phone, "Ann") == "30"
    expect(phone.locator("#reach-line")).to_contain_text("the sheet is the last one this phone saw")
    phone.context.set_offline(False)  # back: the service answers again, and the line goes
    expect(phone.locator("#reach-line")).to_be_hidden(timeout=15_000)
    offline_errors(worker_pages)


def test_another_phones_write_meanwhile_leaves_the_scorer_the_choice(live_server: str,
                                                                     worker_pages: WorkerPageFactory) -> None:
    game, token = new_game(live_server, ["Ann", "Bob"])
    phone = worker_pages("phone")
    open_as_scorer(phone, live_server, game, token)
    bearer = {"Authorization": f"Bearer {token}"}

    phone.context.set_offline(True)
    enter_offline(phone, "Bob", {"Ann": 20}, {"Ann": 2})
    # Meanwhile another phone enters round 1 (Ann went out).
    status, _ = call(live_server, "POST", f"/v1/games/{game}/rounds",
                     {"went_out": "Ann", "points": {"Bob": 35}, "cards": {"Bob": 4}}, bearer)
    assert status == 200
    phone.context.set_offline(False)
    # The page shows the game as it now is, beside the entry that waits, and asks.
    waiting = phone.locator("#outbox li.changed")
    expect(waiting).to_contain_text("Another phone changed the game meanwhile", timeout=15_000)
    expect(phone.locator("#notice")).to_be_hidden()  # no stale "kept on this phone"
    expect(phone.locator("#game-status")).to_contain_text("Round 2 being played")
    assert score_of(phone, "Bob") == "35"
    assert len(rounds_of(live_server, game)) == 1  # not written behind the scorer's back
    screenshot(phone, "offline-changed-meanwhile-phone")

    waiting.get_by_role("button", name="Send it as the next entry").click()
    expect(phone.locator("#outbox")).to_be_hidden()
    expect(phone.locator("#game-status")).to_contain_text("Round 3 being played")
    played = rounds_of(live_server, game)
    assert [r.get("went_out") for r in played] == ["Ann", "Bob"]
    assert played[1]["points"]["Ann"] == 20 and score_of(phone, "Ann") == "20"

    # Again, and this time the scorer drops it: said, and nothing is written.
    phone.context.set_offline(True)
    phone.get_by_label("Type the points").check()
    phone.select_option("#went-out", "Ann")
    phone.get_by_label("Bob's points").fill("5")
    phone.get_by_label("Bob's cards caught").fill("1")
    phone.get_by_role("button", name="Enter the round").click()
    expect(phone.locator("#outbox")).to_contain_text("Waiting to be sent: round 3 (Ann went out)")
    status, _ = call(live_server, "POST", f"/v1/games/{game}/buys", {"player": "Ann"}, bearer)
    assert status == 200
    phone.context.set_offline(False)
    expect(waiting).to_contain_text("round 3 (Ann went out)", timeout=15_000)
    waiting.get_by_role("button", name="Drop it").click()
    expect(phone.locator("#notice")).to_have_text("Dropped: round 3 (Ann went out). It was not entered.")
    expect(phone.locator("#outbox")).to_be_hidden()
    assert phone.evaluate("localStorage.getItem('referee.outbox')") == "[]"
    assert len(rounds_of(live_server, game)) == 2
    # The 412 the browser logs is the refusal the page turned into the choice.
    worker_pages.errors[:] = [e for e in worker_pages.errors if "412" not in e]
    offline_errors(worker_pages)


def test_on_a_plain_http_origin_a_round_kept_while_closed_is_sent_once_at_the_next_load(
        live_server: str, mapped_pages: WorkerPageFactory) -> None:
    game, token = new_game(live_server, ["Ann", "Bob"])
    base = live_server.replace("127.0.0.1", HOST)
    phone = mapped_pages("phone")
    open_as_scorer(phone, base, game, token)
    assert phone.evaluate("window.isSecureContext") is False
    # Said once, plainly, and remembered when dismissed.
    note = phone.locator("#insecure")
    expect(note).to_contain_text("opened over plain HTTP")
    expect(note).to_contain_text("--certfile FILE --keyfile FILE")
    screenshot(phone, "plain-http-note-phone")
    note.get_by_role("button", name="Understood").click()
    expect(note).to_have_count(0)
    # The share button copies the link instead (no share sheet here).
    phone.locator("#share-fold summary").click()                    # sharing is folded
    expect(phone.get_by_role("button", name="Copy: Link to follow the game")).to_be_visible()

    # The round reaches the service, but its answer is lost on the way back: the page cannot
    # tell, so it keeps the round; the page is closed before the connection returns.
    def lost(route: Route) -> None:
        route.fetch(url=route.request.url.replace(HOST, "127.0.0.1"))  # the driver's own look-up
        route.abort("internetdisconnected")

    phone.context.route("**/v1/games/*/rounds*", lost)
    phone.context.route("**/v1/games/*", lambda route: route.abort("internetdisconnected"))
    enter_offline(phone, "Bob", {"Ann": 20}, {"Ann": 2})
    assert len(rounds_of(live_server, game)) == 1
    phone.close()
    phone.context.unroute("**/v1/games/*/rounds*")
    phone.context.unroute("**/v1/games/*")

    again = phone.context.new_page()
    again.goto(f"{base}/games/{game}")
    expect(again.locator("#insecure")).to_have_count(0)
    expect(again.locator("#game-status")).to_contain_text("Round 2 being played")
    expect(again.locator("#outbox")).to_be_hidden()
    assert again.evaluate("localStorage.getItem('referee.outbox')") == "[]"
    played = rounds_of(live_server, game)
    assert len(played) == 1 and played[0]["points"]["Ann"] == 20  # sent twice, stored once
    offline_errors(mapped_pages)


def test_the_page_is_an_installable_app_at_localhost(live_server: str, worker_pages: WorkerPageFactory) -> None:
    page = worker_pages("phone")
    page.goto(f"{live_server}/")
    link = page.locator("link[rel=manifest]").get_attribute("href")
    assert link
    answer = page.request.get(f"{live_server}{link}")
    assert answer.ok and answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["name"] == "referee" and manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"]) and manifest["background_color"]
    sizes = set()
    for icon in manifest["icons"]:
        got = page.request.get(f"{live_server}{icon['src']}")
        assert got.ok and got.headers["content-type"].split(";")[0] == icon["type"], icon
        if icon["type"] == "image/png":
            width = int.from_bytes(got.body()[16:20], "big")
            assert icon["sizes"] == f"{width}x{width}"
            sizes.add(width)
    assert {192, 512} <= sizes and any(i["purpose"] == "maskable" for i in manifest["icons"])

    page.wait_for_function("navigator.serviceWorker.controller !== null")
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{live_server}/"
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Chromium's own conditions for installing: none unmet but its test profile's (incognito).
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    parsed = cdp.send("Page.getAppManifest")
    assert parsed["url"].endswith(link) and not parsed["errors"]


def test_the_worker_keeps_pages_not_writes_and_a_release_replaces_its_cache(quick_client: Any, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    answer = quick_client.get("/sw.js")
    assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("text/javascript")
    assert answer.headers["Cache-Control"] == "no-cache"  # a new release is found at the next visit
    source = answer.get_data(as_text=True)
    version = re.search(r'const CACHE = "referee-([0-9a-f]{16})";', source)
    assets = json.loads(re.search(r"const ASSETS = (\[.*\]);", source).group(1))  # type: ignore[union-attr]
    assert version and "/" in assets and "/static/main.js" in assets and "/static/outbox.js" in assets
    assert 'request.method !== "GET"' in source  # writes pass by the worker
    for asset in assets:
        with quick_client.get(asset) as got:
            assert got.status_code == 200, asset


    # A release that changes one file of the page is a new cache (the old one is deleted).
    changed = tmp_path / "static"
    shutil.copytree(page.SCRIPTS, changed)
    (changed / "outbox.js").write_text((changed / "outbox.js").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    monkeypatch.setattr(page, "SCRIPTS", changed)
    page.worker_source.cache_clear()
    try:
        assert version.group(0) not in page.worker_source()
        assert 'n !== CACHE).map((n) => caches.delete(n))' in source
    finally:
        page.worker_source.cache_clear()


def test_every_call_that_gets_no_answer_says_so(live_server: str, page_factory: PageFactory) -> None:
    """No service worker here (the shared factory blocks them): the calls fail as on plain HTTP."""
    game, token = new_game(live_server, ["Ann", "Bob"])
    phone = page_factory("phone")
    open_as_scorer(phone, live_server, game, token)
    unreachable = "The service cannot be reached: check this phone's connection"
    phone.context.set_offline(True)
    # The referee's panel.
    tools = phone.locator("#referee")
    for card in ("8H", "8S", "8D"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Is it a meld?").click()
    expect(phone.locator("#verdict")).to_contain_text(unreachable)
    # A buy: kept, and the page says so.
    phone.get_by_role("button", name=re.compile(r"^Ann buys")).click()
    expect(phone.locator("#notice")).to_contain_text("No answer from the service: Ann's buy is kept on this phone")
    expect(phone.locator("#outbox")).to_contain_text("Waiting to be sent: Ann's buy.")
    # Following the game: the sheet is marked as possibly behind.
    phone.clock.install()
    phone.clock.run_for(11_000)
    expect(phone.locator("#reach-line")).to_contain_text("The service cannot be reached")
    # The start page: a game cannot be started, and the form keeps what was typed.
    home = phone.context.new_page()
    home.on("console", lambda message: page_factory._console("phone", message))
    phone.context.set_offline(False)
    home.goto(f"{live_server}/")
    phone.context.set_offline(True)
    home.get_by_label("Player 1", exact=True).fill("Ann")
    home.get_by_label("Player 2", exact=True).fill("Bob")
    home.get_by_role("button", name="Start the game").click()
    expect(home.locator("#start-error")).to_contain_text(unreachable)
    assert home.get_by_label("Player 1", exact=True).input_value() == "Ann"
    phone.context.set_offline(False)
    phone.clock.run_for(11_000)  # the `online` event, or the next try
    expect(phone.locator("#outbox")).to_be_hidden()
    status, body = call(live_server, "GET", f"/v1/games/{game}")
    assert status == 200 and [e["kind"] for e in body["entries"]] == ["buy"]
    offline_errors(page_factory)


def test_an_undo_and_the_end_of_the_game_made_offline_are_kept_and_sent_once(live_server: str,
                                                                             worker_pages: WorkerPageFactory) -> None:
    game, token = new_game(live_server, ["Ann", "Bob"])
    bearer = {"Authorization": f"Bearer {token}"}
    for went_out, points, cards in (("Bob", {"Ann": 20}, {"Ann": 2}), ("Ann", {"Bob": 35}, {"Bob": 4})):
        assert call(live_server, "POST", f"/v1/games/{game}/rounds",
                    {"went_out": went_out, "points": points, "cards": cards}, bearer)[0] == 200
    phone = worker_pages("phone")
    open_as_scorer(phone, live_server, game, token)
    expect(phone.locator("#game-status")).to_contain_text("Round 3 being played")

    # The service answers 503 (a proxy with no service behind it): the undo waits, and says why.
    phone.context.route("**/v1/games/*/entries/last*", lambda route: route.fulfill(
        status=503, content_type="application/problem+json", body=json.dumps({"title": "Unavailable", "status": 503})))
    phone.get_by_role("button", name="Undo round 2 (Ann went out)").click()
    phone.get_by_role("button", name="Yes, undo it").click()
    expect(phone.locator("#notice")).to_contain_text("The service could not take Undo round 2 (Ann went out) now (The service answered 503.)")
    expect(phone.locator("#outbox")).to_contain_text("Waiting to be sent: Undo round 2 (Ann went out).")
    phone.context.unroute("**/v1/games/*/entries/last*")

    phone.context.set_offline(True)
    phone.get_by_role("button", name="End the game now").click()
    phone.get_by_role("button", name=re.compile("^Yes, end it")).click()
    expect(phone.locator("#outbox li")).to_have_count(3)  # the undo, the end, and "Try sending now"
    expect(phone.locator("#outbox")).to_contain_text("Waiting to be sent: the end of the game.")
    assert len(rounds_of(live_server, game)) == 2

    phone.context.set_offline(False)
    expect(phone.locator("#outbox")).to_be_hidden(timeout=15_000)
    status, body = call(live_server, "GET", f"/v1/games/{game}")
    assert status == 200 and len(body["rounds"]) == 1 and body["status"] == "finished"
    assert [e["kind"] for e in body["entries"]] == ["round", "finish"]  # each once, in the order made
    expect(phone.locator("#game-status")).to_contain_text("Finished after 1 round")
    worker_pages.errors[:] = [e for e in worker_pages.errors if "503" not in e]
    offline_errors(worker_pages)
