"""The page in the hand: the phone's list of games, its colours by day and night, a screen kept
awake, links shared or copied, a hand-over taken in an open tab, and controls a finger hits."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_page import start

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def kept_ids(page: Page) -> list[str]:
    return page.evaluate("() => JSON.parse(localStorage.getItem('referee.games') || '[]').map((g) => g.id)")


def token_of(page: Page, game: str) -> str | None:
    return page.evaluate("id => localStorage.getItem(`referee.token.${id}`)", game)


def contrast_faults(page: Page) -> list[str]:
    """Every text on the page whose colours fail WCAG AA contrast (axe's color-contrast rule)."""
    answer = Axe().run(page, options={"runOnly": ["color-contrast"]}).response
    return [f"{node['target']}: {node['failureSummary']}" for v in answer["violations"] for node in v["nodes"]]


def background(page: Page) -> list[int]:
    """The page's background colour, red, green and blue."""
    colour = page.evaluate("getComputedStyle(document.body).backgroundColor")
    return [int(part) for part in colour[colour.index("(") + 1:-1].split(",")[:3]]


def rgb(colour: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", colour)[:3]]


def contrast(ink: list[int], face: list[int]) -> float:
    """WCAG's contrast ratio of two colours."""
    def luminance(colour: list[int]) -> float:
        parts = [c / 255 for c in colour]
        linear = [p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted((luminance(ink), luminance(face)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_a_game_is_taken_off_the_list_at_once_and_an_undo_puts_it_back(live_server: str,
                                                                       page_factory: PageFactory) -> None:
    page = page_factory("phone")
    first = start(page, live_server, "ten-pennies", ["Ann", "Bob"])
    second = start(page, live_server, "ten-pennies", ["Cy", "Dee"])
    page.goto(f"{live_server}/")
    kept = page.locator("#kept-games li")
    expect(kept).to_have_count(2)
    assert kept_ids(page) == [second, first]
    token = token_of(page, second)
    assert token

    page.get_by_role("button", name="Remove Ten Pennies (Cy, Dee) from this phone's list").click()
    expect(kept).to_have_count(1)                                     # at once, no reload
    expect(kept.first.locator("[data-game]")).to_have_attribute("data-game", first)
    expect(page.locator("#kept-note")).to_contain_text("Ten Pennies (Cy, Dee) was taken off this phone's list.")
    assert kept_ids(page) == [first] and token_of(page, second) is None
    screenshot(page, "kept-removed-phone")

    page.locator("#kept-note").get_by_role("button", name="Undo").click()
    expect(kept).to_have_count(2)                                     # back in its place, with its token
    assert kept_ids(page) == [second, first] and token_of(page, second) == token
    expect(page.locator("#kept-note")).to_be_hidden()

    page.get_by_role("button", name="Remove Ten Pennies (Ann, Bob) from this phone's list").click()
    page.get_by_role("button", name="Remove Ten Pennies (Cy, Dee) from this phone's list").click()
    expect(kept).to_have_count(0)
    expect(page.locator("#kept")).to_be_visible()                     # the note and its undo stay
    page.reload()
    expect(page.locator("#kept")).to_be_hidden()                      # taken off for good
    assert kept_ids(page) == [] and token_of(page, first) is None


def test_the_page_is_dark_where_the_phone_is_and_the_switch_is_remembered(live_server: str,
                                                                          page_factory: PageFactory) -> None:
    page = page_factory("phone")
    game = start(page, live_server, "ten-pennies", ["Ann", "Bob"])
    switch = page.get_by_role("button", name="Dark mode")
    expect(switch).to_have_attribute("aria-pressed", "false")         # a light phone: light page
    assert max(background(page)) > 200
    assert contrast_faults(page) == []

    page.emulate_media(color_scheme="dark")                           # the phone goes dark: so does the page
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert max(background(page)) < 60
    page.locator("#share-fold summary").click()                    # sharing is folded
    page.get_by_role("button", name="Let another phone keep score too…").click()
    assert contrast_faults(page) == []
    screenshot(page, "game-dark-phone")
    page.goto(f"{live_server}/")
    assert contrast_faults(page) == []
    screenshot(page, "home-dark-phone")

    switch.click()                                                    # light on this phone, remembered
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert max(background(page)) > 200
    assert page.evaluate("localStorage.getItem('referee.theme')") == "light"
    page.goto(f"{live_server}/games/{game}")
    expect(page.locator("#standings tbody tr")).to_have_count(2)
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert max(background(page)) > 200
    switch.click()                                                    # back to the phone's own: forgotten
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('referee.theme')") is None

    page.emulate_media(color_scheme="light")                          # dark chosen on a light phone
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('referee.theme')") == "dark"
    page.reload()
    assert max(background(page)) < 60
    assert contrast_faults(page) == []


FAKE_WAKE_LOCK = """
window.locks = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: { request: async (type) => {
  if (window.refuse) throw new DOMException("refused", "NotAllowedError");
  const lock = { type, released: false, release: async () => { lock.released = true; } };
  window.locks.push(lock);
  return lock;
} } });
"""


def test_the_screen_stays_awake_while_a_game_is_open(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.add_init_script(FAKE_WAKE_LOCK)
    game = start(page, live_server, "ten-pennies", ["Ann", "Bob"])
    page.wait_for_function("window.locks.length === 1")
    assert page.evaluate("window.locks.map((l) => l.type)") == ["screen"]
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(200)
    assert page.evaluate("window.locks.length") == 1                 # held: not asked twice
    page.evaluate("window.locks[0].released = true; document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.locks.length === 2")              # let go while hidden: asked again
    page.goto(f"{live_server}/")
    assert page.evaluate("window.locks.length") == 0                 # the start page keeps no lock

    refused = page_factory("phone")                                  # a refusal, and a browser without it
    refused.add_init_script(FAKE_WAKE_LOCK + "window.refuse = true;")
    refused.goto(f"{live_server}/games/{game}")
    expect(refused.locator("#standings tbody tr")).to_have_count(2)
    without = page_factory("phone")
    without.add_init_script("delete Navigator.prototype.wakeLock;")
    without.goto(f"{live_server}/games/{game}")
    expect(without.locator("#standings tbody tr")).to_have_count(2)
    assert without.evaluate("'wakeLock' in navigator") is False


FAKE_SHARE = "window.shared = []; navigator.share = async (data) => { window.shared.push(data); };"
NO_SHARE = "delete Navigator.prototype.share;"
FAKE_CLIPBOARD = """window.copied = [];
Object.defineProperty(navigator, "clipboard", { configurable: true,
  value: { writeText: async (text) => { window.copied.push(text); } } });"""
NO_CLIPBOARD = 'Object.defineProperty(Navigator.prototype, "clipboard", { configurable: true, get: () => undefined });'


def test_each_link_is_shared_where_the_phone_can_else_copied_or_selected(live_server: str,
                                                                         page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.add_init_script(FAKE_SHARE)
    game = start(page, live_server, "ten-pennies", ["Ann", "Bob"])
    link = f"{live_server}/games/{game}"
    page.get_by_role("link", name="Other phones join here: the game's QR code").click()
    expect(page.locator("#share-qr")).to_be_in_viewport()          # the fold opened, its code in view
    page.locator("#share-fold summary").click()                    # folded again, then opened by hand
    page.locator("#share-fold summary").click()
    page.get_by_role("button", name="Share: Link to follow the game").click()
    page.wait_for_function("window.shared.length === 1")
    assert page.evaluate("window.shared[0].url") == link
    page.get_by_role("button", name="Let another phone keep score too…").click()
    page.get_by_role("button", name="Share: Link that gives scoring rights").click()
    page.wait_for_function("window.shared.length === 2")
    handed = page.evaluate("window.shared[1].url")
    assert handed == page.locator("#hand-over-link").input_value() and handed.startswith(f"{link}#token=")
    screenshot(page, "share-buttons-phone")

    copier = page_factory("phone")                                     # no Web Share: Copy, to the clipboard
    copier.add_init_script(NO_SHARE + FAKE_CLIPBOARD)
    copier.goto(link)
    expect(copier.locator("#standings tbody tr")).to_have_count(2)
    copier.locator("#share-fold summary").click()                    # sharing is folded
    expect(copier.get_by_role("button", name="Share: Link to follow the game")).to_have_count(0)
    copier.get_by_role("button", name="Copy: Link to follow the game").click()
    expect(copier.locator("#share-link + .share-link [role=status]")).to_have_text("The link is copied.")
    assert copier.evaluate("window.copied") == [link]

    selector = page_factory("phone")                                   # nor a clipboard: the link selected
    selector.add_init_script(NO_SHARE + NO_CLIPBOARD)
    selector.goto(link)
    selector.locator("#share-fold summary").click()                    # sharing is folded
    selector.get_by_role("button", name="Copy: Link to follow the game").click()
    expect(selector.locator("#share-link + .share-link [role=status]")).to_have_text(
        "The link is selected: copy it with the phone's menu.")
    assert selector.evaluate("""() => { const i = document.getElementById("share-link");
        return [document.activeElement === i, i.selectionStart, i.selectionEnd, i.value.length]; }""") == [
        True, 0, len(link), len(link)]


def test_a_hand_over_link_opened_in_a_tab_that_follows_the_game_is_taken_at_once(live_server: str,
                                                                                 page_factory: PageFactory) -> None:
    scorer = page_factory("desktop")
    game = start(scorer, live_server, "ten-pennies", ["Ann", "Bob"])
    scorer.locator("#share-fold summary").click()                    # sharing is folded
    scorer.get_by_role("button", name="Let another phone keep score too…").click()
    link = scorer.locator("#hand-over-link").input_value()

    follower = page_factory("phone")
    follower.goto(f"{live_server}/games/{game}")
    expect(follower.locator("#game-status")).to_contain_text("You are following the game.")
    expect(follower.locator("#h-enter")).to_be_hidden()
    follower.evaluate("window.sameTab = true")                        # gone on a reload
    follower.goto(link)                                               # only the hash changes
    expect(follower.locator("#h-enter")).to_be_visible()
    expect(follower.locator("#game-status")).to_contain_text("You keep the score.")
    assert follower.evaluate("window.sameTab") is True
    assert follower.url == f"{live_server}/games/{game}"              # the token left the address
    assert follower.evaluate("id => localStorage.getItem(`referee.token.${id}`)", game) == link.split("#token=")[1]
    follower.evaluate("location.hash = '#h-share'")                   # any other hash is no token
    expect(follower.locator("#h-enter")).to_be_visible()


SMALL_TARGETS = """() => {
  const shown = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== "hidden"
    && !n.closest(".sr-only");
  const targets = new Set();
  for (const n of document.querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])")) {
    const boxed = n.matches("input[type=radio], input[type=checkbox]") ? (n.closest("label") || n.labels[0] || n) : n;
    if (shown(n) || shown(boxed)) targets.add(boxed);
  }
  return [...targets].map((n) => [n, n.getBoundingClientRect()]).filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([n, r]) => `${n.tagName.toLowerCase()}#${n.id}.${[...n.classList].join(".")} "${(n.getAttribute("aria-label")
      || n.textContent).trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
}"""


@pytest.mark.parametrize("ruleset", ["ten-pennies", "rummikub", "phase-10"])
def test_every_control_is_at_least_44_px_square_on_a_phone(live_server: str, page_factory: PageFactory,
                                                           ruleset: str) -> None:
    page = page_factory("phone")
    page.set_viewport_size({"width": 390, "height": 844})
    start(page, live_server, ruleset, ["Ann", "Bob"])
    page.locator("#share-fold summary").click()                    # sharing is folded
    page.get_by_role("button", name="Let another phone keep score too…").click()
    by_cards = page.get_by_label(re.compile(r"^Tap each player's (cards|tiles)"))
    if by_cards.count():
        by_cards.check()                                              # the round form by cards
    expect(page.locator("#referee .picker .suit button").first).to_be_visible()
    assert page.locator("#referee .picker .suit button").count() >= 48  # every chip is measured
    game_small = page.evaluate(SMALL_TARGETS)
    screenshot(page, f"targets-{ruleset}-phone")
    page.goto(f"{live_server}/")
    expect(page.locator("#kept-games li")).to_have_count(1)
    home_small = page.evaluate(SMALL_TARGETS)
    screenshot(page, "targets-home-phone")
    small = [f"game: {n}" for n in game_small] + [f"home: {n}" for n in home_small]
    assert not small, "smaller than 44 x 44 px:\n" + "\n".join(small)


@pytest.mark.parametrize("ruleset", ["rummikub", "phase-10", "canasta"])
def test_tiles_colour_cards_and_teams_read_in_the_dark(live_server: str, page_factory: PageFactory,
                                                       ruleset: str) -> None:
    page = page_factory("phone")
    page.emulate_media(color_scheme="dark")
    start(page, live_server, ruleset, ["Ann", "Bob", "Cy", "Dee"])
    expect(page.locator("#referee .picker .suit button").first).to_be_visible()
    assert max(background(page)) < 60
    assert contrast_faults(page) == []
    # a chip on a light or patterned face (axe cannot read a gradient) keeps its dark ink
    chips = page.evaluate("""() => [...document.querySelectorAll("#referee .picker .suit button, #referee .picker button.special")]
        .map((b) => { const style = getComputedStyle(b);
          return [b.textContent, style.backgroundColor, style.backgroundImage, style.color]; })""")
    light = [c for c in chips if "gradient" in c[2] or min(rgb(c[1])) > 200]
    faint = [c for c in light if contrast(rgb(c[3]), [255, 255, 255] if "gradient" in c[2] else rgb(c[1])) < 4.5]
    assert light and faint == [], faint
    screenshot(page, f"{ruleset}-dark-phone")
