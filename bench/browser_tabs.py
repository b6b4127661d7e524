"""How long a real browser waits for ``ramsli serve --web``: from opening the login link
to the first usable frame in the tab, in headless Chromium, one tab at a time and many
at once.

bench/serve.py's ``--tabs`` speaks the page's protocol itself; this bench leaves all of
it to the browser: the login page, its refresh to ``/``, the page's stylesheets, font and
script, xterm.js, the websocket.  The server is bench/serve_servers.py's (``ramsli
serve --web`` on loopback, any key let in), with the per-address limits raised, since
every tab of one browser comes from one address.  Each person's link is asked for over
``ssh HOST web`` (asyncssh) before the clock starts.

What the tab received is recorded in the page itself: a script given to each tab before
its pages load (DevTools' ``Page.addScriptToEvaluateOnNewDocument``, which the page's
Content-Security-Policy does not apply to) notes the time of every websocket message and
keeps its bytes.  Afterwards the bytes are played into a pyte screen of the tab's size,
in order, and the time of the first message after which the screen shows the lobby with
the person's name and its key bar is the tab's first usable frame (xterm.js draws it at
the browser's next frame, a few ms later, which is not counted).  The clock starts when
the tab is told to go to the link; the time at which the page's script asked for its
websocket tells the page's part (the login page, its refresh, the page, its files,
xterm.js) from the app's.

One at a time, each person has a new window of one browser.  At once, each has a
browser of their own (a browser keeps one person's cookie), all started before the
clock and told to go at the same moment, a thread each (the spread of those starts is
printed), each timed from its own start.  Those browsers run on the server's cores, as
people's browsers never do: at once, the figure is a bound from above, and
bench/serve.py's ``--tabs``, whose client is light, measures the server.  The apps'
memory is bench/serve.py's to measure.

    flock /tmp/cpu.lock python bench/browser_tabs.py [--alone 5] [--at-once 5]

It needs selenium (the test extra) and Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pyte

from serve import SERVERS, WAIT, connect, hang_up, line_text, spread

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
POLL = 0.5  # seconds between looks at the tabs still waiting
# Kept by every tab from before its page's own script: each websocket message with its time (ms since the epoch).
RECORDER = """(() => {
    const Native = window.WebSocket, record = window.ramsliRecord = {url: null, asked: null, messages: []};
    window.WebSocket = class extends Native {
        constructor(url, protocols) {
            super(url, protocols);
            record.url = String(url);
            record.asked = performance.timeOrigin + performance.now();
            this.addEventListener("message", event =>
                record.messages.push([performance.timeOrigin + performance.now(), event.data]));
        }
    };
})();"""
# The messages recorded since ``arguments[0]``, binary ones in base64, and the websocket's address.
RECORDED = """const record = window.ramsliRecord, done = arguments[arguments.length - 1];
if (!record) { done(null); return; }
const as_text = async data => {
    if (typeof data === "string") return ["text", data];
    const bytes = new Uint8Array(data instanceof Blob ? await data.arrayBuffer() : data);
    let binary = "";
    for (let at = 0; at < bytes.length; at += 8192) binary += String.fromCharCode(...bytes.subarray(at, at + 8192));
    return ["bytes", btoa(binary)];
};
Promise.all(record.messages.slice(arguments[0]).map(async ([time, data]) => [time, ...(await as_text(data))]))
    .then(messages => done({url: record.url, asked: record.asked, messages: messages}));"""


class Browser:
    """A headless Chromium; every call blocks."""

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1200,800", "--lang=en-GB", "--disable-background-timer-throttling",
                         "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows"):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.set_script_timeout(WAIT)
        self.first = self.driver.current_window_handle

    def new_tab(self) -> str:
        """A blank tab with the recorder given to its pages: its handle."""
        self.driver.switch_to.new_window("window")  # a window of its own: visible, never a background tab
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        return self.driver.current_window_handle

    def go(self, handle: str, link: str) -> float:
        """Tell the tab ``handle`` to go to ``link`` (without waiting for it): the moment, in ms since the epoch."""
        self.driver.switch_to.window(handle)
        started = time.time() * 1000
        self.driver.execute_script("window.location.href = arguments[0];", link)
        return started

    def recorded(self, handle: str, since: int) -> dict | None:
        self.driver.switch_to.window(handle)
        return self.driver.execute_async_script(RECORDED, since)

    def close_tab(self, handle: str) -> None:
        self.driver.switch_to.window(handle)
        self.driver.close()
        self.driver.switch_to.window(self.first)

    def quit(self) -> None:
        self.driver.quit()


class Replay:
    """One tab's websocket messages played into a pyte screen of the tab's size."""

    def __init__(self, name: str, started: float):
        self.name = name
        self.started = started
        self.screen: pyte.Screen | None = None
        self.stream: pyte.ByteStream | None = None
        self.seen = 0  # messages played
        self.usable_at: float | None = None  # ms after the start
        self.asked_at: float | None = None  # when the page's script asked for the websocket, ms after the start

    def play(self, recorded: dict | None) -> None:
        if not recorded or not recorded["url"]:
            return
        if self.screen is None:
            self.asked_at = recorded["asked"] - self.started
            asked = parse_qs(urlsplit(recorded["url"]).query)
            self.screen = pyte.Screen(int(asked["width"][0]), int(asked["height"][0]))
            self.stream = pyte.ByteStream(self.screen)
        for moment, kind, data in recorded["messages"]:
            self.seen += 1
            if kind != "bytes" or self.usable_at is not None:
                continue
            self.stream.feed(base64.b64decode(data))
            if self.usable():
                self.usable_at = moment - self.started

    def usable(self) -> bool:
        """The lobby, with the person's name and its key bar (bench/serve.py's test for ramsli)."""
        text = "\n".join(line_text(self.screen, y) for y in range(self.screen.lines))
        return f"you are {self.name}" in text and "New table" in text


async def links(port: int, names: list[str]) -> list[str]:
    """Each person's login link, over ``ssh HOST web``, from an address of their own."""
    async def one(name: str) -> str:
        connection = await connect(port, name)
        try:
            ran = await connection.run("web", encoding="utf-8", timeout=WAIT)
        finally:
            await hang_up(connection)
        return ran.stdout.split()[-1]

    return list(await asyncio.gather(*(one(name) for name in names)))


def until_usable(tabs: list[tuple[Browser, str, Replay]]) -> None:
    """Look at every tab still waiting, every ``POLL`` s, until each shows its lobby."""
    deadline = time.monotonic() + WAIT * max(1, len(tabs) // 5)
    waiting = list(tabs)
    while waiting:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no usable frame in {len(waiting)} tabs: {', '.join(tab.name for _, _, tab in waiting)}")
        for tab in list(waiting):
            browser, handle, replay = tab
            replay.play(browser.recorded(handle, replay.seen))
            if replay.usable_at is not None:
                waiting.remove(tab)
        time.sleep(POLL)


def one_at_a_time(port: int, count: int) -> None:
    """``count`` people, one after the other, each in a new window of one browser."""
    browser = Browser()
    try:
        names = [f"alone{number}" for number in range(count)]
        times, pages = [], []
        for name, link in zip(names, asyncio.run(links(port, names))):
            handle = browser.new_tab()
            replay = Replay(name, browser.go(handle, link))
            until_usable([(browser, handle, replay)])
            times.append(replay.usable_at)
            pages.append(replay.asked_at)
            browser.close_tab(handle)
    finally:
        browser.quit()
    print(f"  login link → first usable frame in Chromium, one at a time (ms): {spread(times)} ({count} people)",
          flush=True)
    print(f"    of which the page, up to its websocket (ms): {spread(pages)}", flush=True)


def at_once(port: int, count: int) -> None:
    """``count`` people at once, each with a browser of their own (one browser keeps one
    person's cookie), all started before the clock."""
    browsers = []
    try:
        for _ in range(count):
            browsers.append(Browser())
        handles = [browser.new_tab() for browser in browsers]
        names = [f"together{number}" for number in range(count)]
        with ThreadPoolExecutor(count) as pool:  # each browser told in a thread of its own: at the same moment
            gone_to = list(pool.map(Browser.go, browsers, handles, asyncio.run(links(port, names))))
        tabs = [(browser, handle, Replay(name, started))
                for browser, handle, name, started in zip(browsers, handles, names, gone_to)]
        until_usable(tabs)
    finally:
        for browser in browsers:
            browser.quit()
    print(f"  login link → first usable frame in Chromium, all at once (ms): "
          f"{spread([replay.usable_at for _, _, replay in tabs])} ({count} browsers, "
          f"told to go within {max(gone_to) - min(gone_to):.0f} ms)", flush=True)
    print(f"    of which the page, up to its websocket (ms): {spread([replay.asked_at for _, _, replay in tabs])}",
          flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--alone", type=int, default=5, help="people one after the other (default 5)")
    parser.add_argument("--at-once", type=int, default=5,
                        help="people at once, each with a browser of their own on this machine (default 5)")
    parser.add_argument("--spare-apps", type=int, default=0, help="the server's --spare-apps (default 0)")
    args = parser.parse_args()
    if importlib.util.find_spec("selenium") is None:
        print("this bench needs selenium: pip install -e '.[test]'", file=sys.stderr)
        return 2
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        print("this bench needs Debian's chromium and chromium-driver", file=sys.stderr)
        return 2
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as folder:
        server = subprocess.Popen(
            [sys.executable, str(SERVERS), "ramsli", "--data", str(Path(folder) / "data"), "--web",
             "--spare-apps", str(args.spare_apps), "--per-address", str(args.at_once + 10)],
            stdout=subprocess.PIPE, text=True, start_new_session=True)
        try:
            port = int(server.stdout.readline())
            server.stdout.readline()  # the web's port: in the links
            one_at_a_time(port, args.alone)
            if args.at_once:
                at_once(port, args.at_once)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(WAIT)
    print(f"load average after: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
