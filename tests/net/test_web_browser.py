"""``ramsli serve --web`` in a real browser: Debian's Chromium, headless, driven by
selenium through Debian's chromedriver (given explicitly: nothing is downloaded).
xterm.js draws on a canvas, so the screen is read from xterm's own buffer, the
terminal found from an injected script (DevTools' ``queryObjects``).

A person asks for a link with the real OpenSSH client (``ssh -T HOST web``), opens it,
sees the lobby, makes a table by keys; a second person over ``ssh -tt`` (tmux) joins
it; at the table each sees their own hand only, the person in the tab plays a card by
key and one by a click on it; the tab closed, the app ends, and the page opened again
takes them back to their seat.  It skips, saying why, where no browser is
installed.  The tests share one browser and one xdist group (the suite runs with
``--dist loadgroup``): two browsers never run at once (each takes a core and some
300 MB)."""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess

import pytest

from ramsli_tui.net.hub import Policy

from tests.net.test_sessions_ssh import Tmux, key_file
from tests.net.test_web import app_pids, link_for, served_web, until_gone

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
SHOWN_WAIT = 60.0  # seconds a screen may take (a loaded machine is slow, never wrong)
# The people have a minute to act: on a loaded machine a look at the tab and a key take
# seconds, and a computer player acting for them would play their card instead.
PATIENT = Policy(away_after=0.3, turn_limit=60.0, bot_delay=0.0)

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
except ImportError:
    webdriver = None

pytestmark = [
    pytest.mark.skipif(webdriver is None, reason="selenium is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)),
                       reason="Debian's chromium and chromium-driver are not installed (.ci/run installs them)"),
    pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("tmux")), reason="needs the OpenSSH client and tmux"),
    pytest.mark.xdist_group("browser"),  # with --dist loadgroup, on one worker: one browser at a time
]

# Finds xterm's Terminal among the page's objects (textual.js keeps it to itself) and keeps it as window.term.
FIND_TERMINAL = """function () {
    const found = this.find(object => {
        try {
            return object && typeof object.onData === "function" && object.buffer && object.buffer.active
                && typeof object.buffer.active.getLine === "function";
        } catch (error) {
            return false;
        }
    });
    window.term = found;
    return Boolean(found);
}"""
SCREEN_TEXT = """const buffer = window.term.buffer.active, lines = [];
for (let row = 0; row < window.term.rows; row++) lines.push(buffer.getLine(row).translateToString(true));
return lines.join("\\n");"""
TERMINAL_FOCUSED = "return document.activeElement.classList.contains('xterm-helper-textarea');"
CELL = """const box = document.querySelector(".xterm-screen").getBoundingClientRect();
return [box.width / window.term.cols, box.height / window.term.rows, box.width, box.height];"""


class Browser:
    """A headless Chromium with one tab; every call blocks (the tests run them in a thread)."""

    def __init__(self):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1200,800", "--lang=en-GB"):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)

    def open(self, url: str) -> None:
        self.driver.get(url)
        self.driver.execute_script("window.term = undefined;")

    def text(self) -> str:
        """The terminal's screen, once xterm has been found on the page ('' before)."""
        if not self.driver.execute_script("return Boolean(window.term);"):
            if self.driver.title != "ramsli" or not self._find_terminal():
                return ""
        return self.driver.execute_script(SCREEN_TEXT)

    def _find_terminal(self) -> bool:
        cdp = self.driver.execute_cdp_cmd
        prototype = cdp("Runtime.evaluate", {"expression": "Object.prototype"})["result"]["objectId"]
        objects = cdp("Runtime.queryObjects", {"prototypeObjectId": prototype})["objects"]["objectId"]
        found = cdp("Runtime.callFunctionOn", {"objectId": objects, "functionDeclaration": FIND_TERMINAL,
                                               "returnByValue": True})
        cdp("Runtime.releaseObjectGroup", {"objectGroup": "console"})
        return found.get("result", {}).get("value") is True

    def press(self, keys: str) -> None:
        """``keys`` typed, as a person types them, into the terminal (focused first)."""
        self.driver.execute_script("window.term.focus();")
        ActionChains(self.driver).send_keys(keys).perform()

    def click_cell(self, column: int, row: int) -> None:
        """A click of the mouse on the terminal's cell at ``column``, ``row`` (from 0)."""
        width, height, whole_width, whole_height = self.driver.execute_script(CELL)
        screen = self.driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
        ActionChains(self.driver).move_to_element_with_offset(
            screen, int((column + 0.5) * width - whole_width / 2), int((row + 0.5) * height - whole_height / 2)
        ).click().perform()

    def quit(self) -> None:
        self.driver.quit()


async def until_shown(browser: Browser, words: str, timeout: float = SHOWN_WAIT) -> str:
    shown = ""
    for _ in range(int(timeout / 0.2)):
        shown = await asyncio.to_thread(browser.text)
        if words in shown:
            return shown
        await asyncio.sleep(0.2)
    raise AssertionError(f"{words!r} did not come to the tab; it shows:\n{shown}")


def link_from_openssh(port: int, key) -> str:
    """What ``ssh -T HOST web`` prints, by the real OpenSSH client: the link."""
    done = subprocess.run(["ssh", "-T", "-F", "/dev/null", "-p", str(port), "-i", str(key), "-o", "IdentitiesOnly=yes",
                           "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                           "-o", "LogLevel=ERROR", "mia@127.0.0.1", "web"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()[-1]


# Under the cards of one's own hand, their numbers: "  1     2     3" while three are left.
HAND_NUMBERS = re.compile(r"  1(?:     2(?:     3(?:     4(?:     5)?)?)?)?(?!\S)")


CARD_FACES = re.compile(r"(?<![^\s│║])((?:10|[2-9JQKA])[♠♥♦♣])(?![^\s│║])")  # in its box (║: raised; none: illegal)


def hand_numbers(screen: str) -> tuple[list[str], int, re.Match] | None:
    """The lines of ``screen``, the row of the numbers under one's own hand and their
    match (the lowest such row with cards above it), or None if no hand is shown."""
    lines = screen.splitlines()
    for row in range(len(lines) - 1, 1, -1):
        match = HAND_NUMBERS.search(lines[row])
        if match and CARD_FACES.search(lines[row - 2]):
            return lines, row, match
    return None


def own_cards(screen: str) -> list[str]:
    """The cards of the hand at the foot of the table (``K♥``, ``10♣``), read from their boxes."""
    found = hand_numbers(screen)
    return CARD_FACES.findall(found[0][found[1] - 2]) if found else []


def card_cell(screen: str, number: int) -> tuple[int, int]:
    """The cell of the face of the hand's card ``number`` (1 to 5): above its number."""
    found = hand_numbers(screen)
    if found:
        lines, row, match = found
        return lines[row].index(str(number), match.start()), row - 2
    raise AssertionError(f"no hand on the screen:\n{screen}")


@pytest.fixture(scope="module")
def browser():
    """One browser for the module's tests (which run one after the other, in one xdist group)."""
    browser = Browser()
    yield browser
    browser.quit()


async def test_a_link_from_the_openssh_client_opens_the_lobby_in_the_browser_which_takes_keys_at_once(tmp_path, thinkers, browser):
    async with served_web(tmp_path / "data", thinkers) as server:
        link = await asyncio.to_thread(link_from_openssh, server.port, key_file(tmp_path, "mia"))
        assert link.startswith(f"http://127.0.0.1:{server.web_port}/login/")
        await asyncio.to_thread(browser.open, link)
        await until_shown(browser, "Ramsli tables — you are mia")
        assert browser.driver.title == "ramsli"
        assert await asyncio.to_thread(browser.driver.execute_script, TERMINAL_FOCUSED), "it takes keys at once"
        await asyncio.to_thread(ActionChains(browser.driver).send_keys("n").perform)  # no click, no focus() first
        await until_shown(browser, "Computer players")
        await asyncio.to_thread(browser.open, "about:blank")


async def test_a_person_in_a_browser_and_one_over_ssh_play_at_one_table_each_seeing_only_their_own_cards(
        tmp_path, thinkers, browser):
    tmux = Tmux(tmp_path)
    try:
        async with served_web(tmp_path / "data", thinkers, policy=PATIENT) as server:
            await asyncio.to_thread(browser.open, await link_for(server, "mia"))
            await until_shown(browser, "Ramsli tables — you are mia")
            await asyncio.to_thread(browser.press, "n")
            await until_shown(browser, "Computer players")
            await asyncio.to_thread(browser.press, "\n")  # four seats, two computer players
            await until_shown(browser, "(open)")

            tmux.ssh("first", server.port, "zora", key_file(tmp_path, "zora"), width=110, height=32)
            await tmux.until_shown("first", "mia, (open)")
            tmux.press("first", "j")
            await tmux.until_shown("first", "1     2     3     4     5")
            shown = await until_shown(browser, "1     2     3     4     5")
            zoras = await asyncio.to_thread(tmux.screen, "first")
            mine, hers = own_cards(shown), own_cards(zoras)
            assert len(mine) == 5 and len(hers) == 5 and not set(mine) & set(hers)
            assert "zora" in shown and "mia" in zoras

            await play_a_card_by_key_and_one_by_a_click(browser, tmux)

            [pid] = app_pids(server)
            await asyncio.to_thread(browser.open, "about:blank")  # the tab closed
            assert await until_gone(pid), "its app ends"
            await asyncio.to_thread(browser.open, f"http://127.0.0.1:{server.web_port}/")
            await until_shown(browser, "Back at table 1")
            await until_shown(browser, "Ramsli · classic · hand")  # at her seat, the game going on
            await asyncio.to_thread(browser.open, "about:blank")
    finally:
        tmux.close()


def asked(screen: str) -> str:
    """What the prompt line asks of the person ("are you in (i) or out (o)?", "lead any
    card."), '' when it is not their turn."""
    found = re.search(r"▶ Your turn: (.*)", screen)
    return found.group(1).strip() if found else ""


async def play_a_card_by_key_and_one_by_a_click(browser: Browser, tmux: Tmux) -> None:
    """Mia (in the tab) goes in and plays a card by its key, then one by a click on it;
    zora (over SSH) stays out.  A card Mia may not play is refused, and the next is
    tried; a card is played when her hand holds one fewer."""
    by_key = False
    shown = ""
    for _ in range(600):
        zoras = await asyncio.to_thread(tmux.screen, "first")
        if "(Enter)" in zoras:
            tmux.press("first", "Enter")
        elif asked(zoras).startswith("are you in"):
            tmux.press("first", "o")
        elif asked(zoras).startswith("you must be in"):
            tmux.press("first", "i")
        elif asked(zoras):
            tmux.press("first", *"12345")
        shown = await asyncio.to_thread(browser.text)
        hand, question = own_cards(shown), asked(shown)
        if "(Enter)" in shown:  # a hand's result
            await asyncio.to_thread(browser.press, "\n")
        elif question.startswith(("are you in", "you must be in")):
            await asyncio.to_thread(browser.press, "i")
        elif question and hand:  # a card to play
            for number in range(1, len(hand) + 1):  # by key, or from the left by a click, until one is taken
                if by_key:
                    await asyncio.to_thread(browser.click_cell, *card_cell(shown, number))
                else:
                    await asyncio.to_thread(browser.press, str(number))
                if await hand_shrinks(browser, len(hand)):
                    if by_key:
                        return
                    by_key = True
                    break
        await asyncio.sleep(0.1)
    raise AssertionError(f"no card was played by {'a click' if by_key else 'its key'}; the tab:\n{shown}")


async def hand_shrinks(browser: Browser, held: int) -> bool:
    """Whether the tab's hand comes to hold fewer than ``held`` cards within a second
    (none, when the card was the hand's last)."""
    for _ in range(10):
        if len(own_cards(await asyncio.to_thread(browser.text))) < held:
            return True
        await asyncio.sleep(0.1)
    return False
