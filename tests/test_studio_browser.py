"""The studio in a real browser: headless Chromium (Debian's chromium and chromium-driver)
driven by selenium through what a designer does: edit a file with a mistake and see the
diagnostic, fix it and format it, play whole games of Sete e Meio and Cassino against bots by
clicking (a Cassino capture chosen by clicking its cards), replay the log, run a simulation and
read its chart. Nothing is downloaded: the browser and its driver are named by path.

With CARDRULES_SCREENSHOTS=docs/studio the screenshots of docs/studio.md are written there;
otherwise to a temporary folder, so that the code that takes them runs in every test run."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from extras import skip_if_extra_missing
from studio_client import start_studio

CHROMIUM = os.environ.get("CARDRULES_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CARDRULES_CHROMEDRIVER", "/usr/bin/chromedriver")
ROOT = Path(__file__).resolve().parent.parent
WAIT = 60  # seconds for anything to appear: a shared machine can be slow, a defect never comes


@pytest.fixture(scope="module")
def webdriver_module():
    try:
        from selenium import webdriver
    except ModuleNotFoundError as exc:
        skip_if_extra_missing(exc, "the studio's browser tests")
        raise
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        pytest.skip(f"the studio's browser tests need {CHROMIUM} and {CHROMEDRIVER}: "
                    "apt-get install chromium chromium-driver")
    return webdriver


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("designer")
    shutil.copy(ROOT / "games" / "war.rules", folder / "my_war.rules")
    return folder


@pytest.fixture(scope="module")
def studio(webdriver_module, folder):
    running = start_studio(folder)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    where = os.environ.get("CARDRULES_SCREENSHOTS")
    path = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def browser(webdriver_module, studio, tmp_path_factory):
    from selenium.webdriver.chrome.service import Service
    options = webdriver_module.ChromeOptions()
    options.binary_location = CHROMIUM
    options.page_load_strategy = "none"  # a click waits for no navigation: the page never navigates
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1360,900", "--hide-scrollbars",
                     f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(argument)
    driver = webdriver_module.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.get(studio.url)
    wait(driver, lambda b: css(b, "#file-list li"), "the page is loaded")
    yield driver
    driver.quit()


def wait(browser, condition, message: str = ""):
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait
    try:
        return WebDriverWait(browser, WAIT, poll_frequency=0.05, ignored_exceptions=(
            NoSuchElementException, StaleElementReferenceException, IndexError)).until(condition)
    except Exception:
        status = browser.find_element("id", "status").text
        raise AssertionError(f"{message or condition}; the page says: {status!r}") from None


def by_id(browser, name):
    return browser.find_element("id", name)


def css(browser, selector):
    return browser.find_elements("css selector", selector)


def test_the_page_comes_from_the_address_with_the_token_and_drops_it(browser, studio):
    assert browser.current_url == studio.address  # the token went to a cookie, out of the address
    assert browser.title == "cardrules studio"


def test_a_mistake_is_diagnosed_as_typed_and_the_fix_formats_checks_and_saves(browser, folder, shots):
    from selenium.webdriver.common.keys import Keys

    from cardrules.editor.formatter import format_rules
    wait(browser, lambda b: css(b, '#file-list [data-path="my_war.rules"]'), "the folder's file is listed")
    css(browser, '#file-list [data-path="my_war.rules"]')[0].click()
    wait(browser, lambda b: "ok" in by_id(b, "check-state").text, "the file checks")
    assert "War" in by_id(browser, "info").text and "action encoding" in by_id(browser, "info").text
    source = by_id(browser, "source")
    source.send_keys(Keys.CONTROL, Keys.END)
    source.send_keys("\nvar upturned: nmber = 0")
    wait(browser, lambda b: "unknown type `nmber`" in by_id(b, "diagnostics").text, "the diagnostic shows")
    diagnostics = by_id(browser, "diagnostics").text
    assert "did you mean `number`?" in diagnostics
    assert css(browser, "#highlight .diag") and css(browser, "#gutter .marked")
    assert css(browser, "#highlight .t-keyword")  # highlighted
    browser.save_screenshot(str(shots / "edit.png"))
    source.send_keys(Keys.BACKSPACE * len("nmber = 0"), "number=0   ")
    wait(browser, lambda b: "ok: it checks" in by_id(b, "check-state").text, "the fixed file checks")
    assert by_id(browser, "diagnostics").text == ""
    typed = source.get_attribute("value")
    by_id(browser, "format").click()
    wait(browser, lambda b: by_id(b, "status").text == "formatted", "the text is formatted")
    assert source.get_attribute("value") == format_rules(typed) != typed
    wait(browser, lambda b: "ok: it checks" in by_id(b, "check-state").text, "the formatted file checks")
    by_id(browser, "save").click()
    wait(browser, lambda b: "saved" in by_id(b, "status").text, "it is saved")
    assert (folder / "my_war.rules").read_text().endswith("\nvar upturned: number = 0\n")


def deal(browser, game: str, seats: list[str], seed: int, params: str = ""):
    from selenium.webdriver.support.ui import Select
    by_id(browser, "tab-play").click()
    Select(by_id(browser, "table-game")).select_by_value(game)
    players = by_id(browser, "table-players")
    wait(browser, lambda b: players.get_attribute("data-game") == game, "the game's players are filled in")
    players.clear()
    players.send_keys(str(len(seats)))
    for seat, who in enumerate(seats):
        box = css(browser, f'#seat-list input[data-seat="{seat}"]')[0]
        box.clear()
        box.send_keys(who)
    for name, value in (("table-seed", str(seed)), ("table-params", params)):
        by_id(browser, name).clear()
        by_id(browser, name).send_keys(value)
    before = by_id(browser, "table").get_attribute("data-drawn")
    by_id(browser, "deal").click()
    wait(browser, lambda b: by_id(b, "table").get_attribute("data-drawn") != before and css(b, "#moves"),
         "the table is dealt")


# One round trip to see the table once it is drawn again: how many times it was drawn, whether
# the game is over, the cards a click selects, and the move buttons with their texts, their
# cards and whether the cards selected make exactly that move.
SETTLED = """
const before = arguments[0], done = arguments[arguments.length - 1];
const look = () => {
  const root = document.getElementById("table");
  if (root.dataset.drawn === before || !root.querySelector(".felt")) { setTimeout(look, 5); return; }
  const cards = {};
  for (const card of root.querySelectorAll(".card.selectable")) cards[card.dataset.card] = card;
  done({drawn: root.dataset.drawn, over: !!document.getElementById("result"), cards,
        moves: [...document.querySelectorAll("#moves .move")].map((b) =>
          [b, b.dataset.text, b.dataset.cards, b.classList.contains("exact")])});
};
look();
"""


CENTRE = """
const node = arguments[0];
node.scrollIntoView({block: "nearest"});
const box = node.getBoundingClientRect();
return [box.x + box.width / 2, box.y + box.height / 2];
"""


class Table:
    """The table as the page draws it; `click` clicks something that draws it again."""

    def __init__(self, browser):
        self.browser = browser
        browser.set_script_timeout(WAIT)
        self.seen = self.look(None)

    def look(self, before):
        try:
            return self.browser.execute_async_script(SETTLED, before)
        except Exception:
            raise AssertionError(f"the table was not drawn again; the page says: "
                                 f"{by_id(self.browser, 'status').text!r}") from None

    def click(self, element) -> dict:
        """A real click: mouse events at the element's centre (as fast as a script's click,
        and like a person's, it hits whatever is drawn there)."""
        x, y = self.browser.execute_script(CENTRE, element)
        for kind in ("mousePressed", "mouseReleased"):
            self.browser.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                                      "clickCount": 1})
        self.seen = self.look(self.seen["drawn"])
        return self.seen


def play_to_the_end(table: Table, choose, limit: int = 400) -> int:
    """Click moves until the game is over; `choose` clicks one (cards first, if it likes)."""
    for clicks in range(limit):
        if table.seen["over"]:
            return clicks
        assert table.seen["moves"], "it is the person's turn: there are moves to click"
        choose(table.seen["moves"])
    raise AssertionError(f"the game did not end in {limit} moves")


def test_a_whole_game_of_sete_e_meio_against_bots_by_clicking(browser, shots):
    deal(browser, "sete-e-meio", ["human", "random", "greedy"], 11)
    board = by_id(browser, "table").text
    assert "seat 1 (bot random)" in board and "seat 2 (bot greedy)" in board
    table = Table(browser)
    clicks = []

    def choose(moves):
        clicks.append(1)
        if len(clicks) == 3:
            browser.save_screenshot(str(shots / "table.png"))
        table.click(moves[len(clicks) % len(moves)][0])
    assert play_to_the_end(table, choose) > 5
    assert "scores:" in by_id(browser, "result").text and css(browser, ".narration li")
    by_id(browser, "save-log").click()
    wait(browser, lambda b: "log written to logs/" in by_id(b, "status").text, "the log is saved")
    assert css(browser, "#download-log")


def test_the_game_just_played_replays_step_by_step(browser, shots):
    by_id(browser, "replay-this").click()
    wait(browser, lambda b: css(b, "#replay-at"), "the replay opens")
    assert by_id(browser, "replay-at").text.startswith("move 0 of ")
    total = int(by_id(browser, "replay-at").text.split()[-1])
    for _ in range(3):
        old = by_id(browser, "replay-at")
        by_id(browser, "replay-next").click()
        wait(browser, lambda b: old != by_id(b, "replay-at"), "the replay steps on")
    assert by_id(browser, "replay-at").text == f"move 3 of {total}"
    by_id(browser, "replay-back").click()
    wait(browser, lambda b: by_id(b, "replay-at").text == f"move 2 of {total}", "the replay steps back")
    by_id(browser, "replay-last").click()
    wait(browser, lambda b: by_id(b, "replay-at").text == f"move {total} of {total}", "the replay goes to the end")
    assert "final scores" in by_id(browser, "table").text
    browser.save_screenshot(str(shots / "replay.png"))


def test_a_saved_log_replays_from_the_folder(browser):
    from selenium.webdriver.support.ui import Select
    by_id(browser, "tab-edit").click()
    by_id(browser, "tab-play").click()
    logs = Select(by_id(browser, "replay-log"))
    wait(browser, lambda b: len(Select(by_id(b, "replay-log")).options) > 1, "the saved log is listed")
    logs.select_by_index(1)
    by_id(browser, "replay-start").click()
    wait(browser, lambda b: css(b, "#replay-at") and by_id(b, "replay-at").text.startswith("move 0 of"),
         "the saved log replays")


def test_a_whole_game_of_cassino_by_clicking_cards(browser, shots):
    deal(browser, "cassino", ["human", "greedy"], 3)
    table = Table(browser)
    captures, turns = [], []

    def choose(moves):
        turns.append(1)
        capture = next((m for m in moves if m[1].startswith("capture") and len(m[2].split()) >= 2), None)
        if capture is None:
            if len(turns) <= 3 and any(m[2] for m in moves):
                # A card of the hand narrows the moves to those that play it.
                card = next(m for m in moves if m[2])[2].split()[0]
                seen = table.click(table.seen["cards"][card])
                assert seen["moves"] and all(card in m[2].split() for m in seen["moves"])
                moves = seen["moves"]
            table.click(moves[-1][0])
            return
        # A capture chosen on the table: click its cards, and the move they make is marked.
        _, text, cards, _ = capture
        for name in cards.split():
            table.click(table.seen["cards"][name])
        exact = [m for m in table.seen["moves"] if m[3] and m[1] == text]
        assert exact, f"the cards {cards} select `{text}`"
        if not captures:
            browser.save_screenshot(str(shots / "cassino-capture.png"))
        captures.append(text)
        table.click(exact[0][0])
    play_to_the_end(table, choose, 600)
    assert captures and "Game over" in by_id(browser, "result").text


def test_a_phone_sees_the_table_in_one_column(browser, shots):
    deal(browser, "cassino", ["human", "random"], 5)
    browser.set_window_size(390, 1100)
    try:
        card = css(browser, ".seat.mine .card")[0]
        assert card.size["width"] >= 30 and card.rect["x"] + card.size["width"] <= 390
        browser.save_screenshot(str(shots / "phone.png"))
    finally:
        browser.set_window_size(1360, 900)


def test_a_simulation_runs_with_progress_and_its_chart_reads(browser, shots):
    from selenium.webdriver.support.ui import Select
    by_id(browser, "tab-analyse").click()
    Select(by_id(browser, "job-kind")).select_by_value("simulate")
    Select(by_id(browser, "job-game")).select_by_value("sete-e-meio")
    for name, value in (("job-games", "200"), ("job-agents", "random"), ("job-players", "3")):
        by_id(browser, name).clear()
        by_id(browser, name).send_keys(value)
    by_id(browser, "job-metrics").click()
    by_id(browser, "job-run").click()
    wait(browser, lambda b: "done: 200 of 200" in by_id(b, "job-count").text, "the simulation finishes")
    wait(browser, lambda b: css(b, "#results figure"), "the charts are drawn")
    captions = [f.text for f in css(browser, "#results figcaption")]
    assert "win rate with its 95% interval" in captions and any("score distribution" in c for c in captions)
    bars = css(browser, "#results .plot .bar title")
    assert bars and all("games at" in b.get_attribute("textContent") for b in bars)
    total = sum(int(b.get_attribute("textContent").split(": ")[1].split()[0]) for b in bars
                if b.get_attribute("textContent").startswith("seat 0"))
    assert total == 200  # the histogram of seat 0 counts every game once
    assert not by_id(browser, "job-variant").is_displayed()  # a simulation has no variant
    browser.set_window_size(1360, 1250)
    browser.save_screenshot(str(shots / "simulate.png"))
    browser.set_window_size(1360, 900)
    before = len(css(browser, "#results .plot .bar"))
    css(browser, ".toggles input")[1].click()  # seat 1 off: its bars leave the histogram
    wait(browser, lambda b: len(css(b, "#results .plot .bar")) < before, "a seat's bars are hidden")
    assert by_id(browser, "download-csv").get_attribute("href").endswith("/result.csv")


def test_a_comparison_shows_the_paired_differences(browser, shots):
    from selenium.webdriver.support.ui import Select
    Select(by_id(browser, "job-kind")).select_by_value("compare")
    Select(by_id(browser, "job-game")).select_by_value("sete-e-meio")
    Select(by_id(browser, "job-variant")).select_by_value("sete-e-meio-high-stakes")
    by_id(browser, "job-games").clear()
    by_id(browser, "job-games").send_keys("150")  # not the simulation's count: its status is still shown
    by_id(browser, "job-run").click()
    wait(browser, lambda b: "done: 300 of 300" in by_id(b, "job-count").text, "the comparison finishes")
    wait(browser, lambda b: "paired differences" in by_id(b, "results").text, "the differences are drawn")
    assert css(browser, "#results .plot .row")
    browser.save_screenshot(str(shots / "compare.png"))
