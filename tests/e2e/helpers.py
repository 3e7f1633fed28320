"""Driving the play table like a player: the lobby form, clicks on cards/places/buttons, the
keyboard; and reading what the page received over its websocket."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

DECIDE_TIMEOUT = 20_000  # ms: the AI answers at once in tests (--ai-delay 0)

# the page's own state (table.js): data-seq, data-mine, data-busy, data-over, data-replay
READY_JS = """() => {
  const p = document.querySelector('.table-page');
  if (!p || p.dataset.seq === undefined || p.dataset.seq === '') return false;
  return p.dataset.over === '1' || (p.dataset.mine === '1' && p.dataset.busy !== '1');
}"""


class Frames:
    """Every websocket frame a page receives (parsed JSON), in order, across reloads."""

    def __init__(self, page: Page) -> None:
        self.raw: list[str] = []
        self.sent: list[str] = []
        page.on("websocket", self._ws)

    def _ws(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.raw.append(payload if isinstance(payload, str) else payload.decode()))
        ws.on("framesent", lambda payload: self.sent.append(payload if isinstance(payload, str) else payload.decode()))

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(r) for r in self.raw]

    def last_state(self) -> dict[str, Any] | None:
        for r in reversed(self.raw):
            m = json.loads(r)
            if m.get("type") == "state":
                return m
        return None


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return dict(json.loads(r.read()))


def dataset(page: Page) -> dict[str, str]:
    return dict(page.evaluate("() => ({...document.querySelector('.table-page').dataset})"))


def seq(page: Page) -> int:
    return int(dataset(page)["seq"])


def wait_table(page: Page) -> None:
    page.wait_for_function("() => { const p = document.querySelector('.table-page');"
                           " return p && p.dataset.seq !== undefined && p.dataset.seq !== ''; }",
                           timeout=DECIDE_TIMEOUT)


def wait_ready(page: Page, timeout: int = DECIDE_TIMEOUT) -> bool:
    """Wait until this seat must decide or the game is over; True when it must decide."""
    page.wait_for_function(READY_JS, timeout=timeout)
    return dataset(page)["over"] != "1"


def wait_seq(page: Page, n: int, timeout: int = DECIDE_TIMEOUT) -> None:
    page.wait_for_function(f"() => {{ const p = document.querySelector('.table-page');"
                           f" return p && p.dataset.seq === '{n}'; }}", timeout=timeout)


def current_actions(page: Page, frames: Frames) -> list[dict[str, Any]]:
    """The legal actions the page shows now (from the state message it rendered)."""
    n = seq(page)
    page.wait_for_function("() => true")  # let pending frame events arrive
    m = frames.last_state()
    assert m is not None and m["seq"] == n, f"page at seq {n}, last state frame {m and m['seq']}"
    return list(m["actions"])


# ---------------------------------------------------------------------- lobby
def lobby_create(page: Page, base: str, game: str, opponent: str, params: dict[str, str] | None = None,
                 variant: str | None = None) -> str:
    """Fill the lobby form by clicking and typing, create the room; returns the lobby's created panel
    (the caller opens the table or reads the invite link)."""
    page.goto(base + "/")
    page.wait_for_selector("#create-room")
    page.select_option("#game-select", game)
    if variant:
        page.select_option("#variant-select", variant)
    page.select_option("#opponent-select", opponent)
    if params:
        page.click("details.params > summary")
        for k, v in params.items():
            page.fill(f"#param-{k}", v)
    page.click("#create-room")
    page.wait_for_selector("#open-table")
    return str(page.get_attribute("#open-table", "href"))


def open_own_table(page: Page) -> str:
    """Click the lobby's "open table" link; returns the room id."""
    page.click("#open-table")
    wait_table(page)
    return page.url.split("/r/", 1)[1].split("#")[0]


def friend_game(browser: Any, base: str, game: str, variant: str | None = None
                ) -> tuple[Any, Any, Page, Page, Frames, Frames, str]:
    """Seat 0 creates a friend room in the lobby; seat 1 opens the invitation link in its own
    browser context (own localStorage: another person)."""
    ctx0, ctx1 = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}), \
        browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    p0, p1 = ctx0.new_page(), ctx1.new_page()
    f0, f1 = Frames(p0), Frames(p1)
    lobby_create(p0, base, game, "friend", variant=variant)
    invite = p0.input_value("#invite-link")
    assert invite.startswith(base + "/r/") and "#t=" in invite
    room = open_own_table(p0)
    assert invite.split("/r/", 1)[1].split("#")[0] == room
    p1.goto(invite)
    wait_table(p1)
    assert "#t=" not in p1.url, "the token fragment stays in the address bar"
    return ctx0, ctx1, p0, p1, f0, f1, room


def friend_move(p0: Page, p1: Page, f0: Frames, f1: Frames,
                choose: Callable[[list[dict[str, Any]]], dict[str, Any]]) -> tuple[int, str]:
    """The seat to move (the page with data-mine=1) plays one decision by clicking; both pages then
    show the new seq. Returns (the seat that moved, how it was clicked)."""
    for p in (p0, p1):
        p.wait_for_function("() => document.querySelector('.table-page').dataset.busy !== '1'")
    n = seq(p0)
    wait_seq(p1, n)
    mover, fm = (p0, f0) if dataset(p0)["mine"] == "1" else (p1, f1)
    assert dataset(mover)["mine"] == "1", "nobody is to move"
    how = click_action(mover, choose(current_actions(mover, fm)))
    p0.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.seq) > {n}")
    wait_seq(p1, seq(p0))
    return (0 if mover is p0 else 1), how


# ---------------------------------------------------------------------- clicking an action
def _visible(page: Page, selector: str) -> Any:
    loc = page.locator(selector)
    for i in range(loc.count()):
        el = loc.nth(i)
        if el.is_visible():
            return el
    return None


def _css(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def click_action(page: Page, action: dict[str, Any]) -> str:
    """Choose ``action`` by clicking: its cards/places on the table first, then the buttons the page
    offers (the candidates, the confirmation). Returns how it was chosen (for the test's output)."""
    text = action["text"]
    send = f'.decision-panel button[data-role="send"][data-action="{_css(text)}"]'
    cand = f'.decision-panel .actions button.action[data-action="{_css(text)}"]'
    how = []
    for ref in action.get("refs") or []:
        if _visible(page, send):
            break
        el = _visible(page, f'.table-page [data-ref="{_css(str(ref))}"].clickable:not(button)')
        if el is None:
            continue
        el.click()
        # the click took: the token is selected, or the action waits for its confirmation
        page.wait_for_function("([s, r]) => document.querySelector(s) !== null || [...document.querySelectorAll("
                               "'.table-page [data-ref].selected')].some((e) => e.dataset.ref === r)",
                               arg=[send, str(ref)], timeout=5_000)
        how.append(str(ref))
    if not _visible(page, send):
        btn = _visible(page, cand)
        if btn is None:  # in a closed group of the action list
            page.evaluate("""(t) => { for (const b of document.querySelectorAll('.decision-panel [data-action]'))
                if (b.dataset.action === t) { const d = b.closest('details'); if (d) d.open = true; } }""", text)
            btn = _visible(page, cand)
        assert btn is not None, f"no button for {text!r} (refs {action.get('refs')}, clicked {how})"
        btn.click()
        how.append("button")
    page.locator(send).click()
    return "+".join(how)


def play_decision(page: Page, frames: Frames, choose: Callable[[list[dict[str, Any]]], dict[str, Any]],
                  hows: list[str] | None = None) -> str:
    """One decision of this seat by clicking; waits until the game moved on. Returns the action
    (and appends how it was clicked to ``hows``)."""
    before = seq(page)
    acts = current_actions(page, frames)
    a = choose(acts)
    how = click_action(page, a)
    if hows is not None:
        hows.append(how)
    page.wait_for_function(f"() => {{ const p = document.querySelector('.table-page');"
                           f" return p && Number(p.dataset.seq) > {before}; }}", timeout=DECIDE_TIMEOUT)
    return str(a["text"])


def play_until_over(page: Page, frames: Frames, choose: Callable[[list[dict[str, Any]]], dict[str, Any]],
                    limit: int = 150, hows: list[str] | None = None) -> list[str]:
    played: list[str] = []
    while wait_ready(page):
        assert len(played) < limit, f"the game did not end within {limit} decisions: {played[-10:]}"
        played.append(play_decision(page, frames, choose, hows))
    return played


# ---------------------------------------------------------------------- policies (by notation)
def sarasvati_policy(rng: random.Random) -> Callable[[list[dict[str, Any]]], dict[str, Any]]:
    """Attack a forbidden book when possible, else summon, charge; end the turn otherwise."""

    def choose(acts: list[dict[str, Any]]) -> dict[str, Any]:
        by = {a["text"]: a for a in acts}
        texts = list(by)
        books = [t for t in texts if t.startswith("attack") and "K" in t.split()[-1]]
        if books:
            return by[rng.choice(books)]
        for verb in ("attack", "summon", "charge"):
            c = [t for t in texts if t.startswith(verb)]
            if c:
                return by[rng.choice(c)]
        for t in ("end", "pass", "done"):
            if t in by:
                return by[t]
        return by[rng.choice(texts)]

    return choose


def walpurgis_policy(rng: random.Random) -> Callable[[list[dict[str, Any]]], dict[str, Any]]:
    """Keep the hand, place cards (a card and a square: clicks on the table), otherwise end/pass."""

    def choose(acts: list[dict[str, Any]]) -> dict[str, Any]:
        by = {a["text"]: a for a in acts}
        texts = list(by)
        if "done" in by and any(t.startswith("bottom") for t in texts):
            return by["done"]
        place = [t for t in texts if t.startswith("place")]
        if place:
            return by[rng.choice(place)]
        for t in ("end", "pass", "done"):
            if t in by:
                return by[t]
        return by[rng.choice(texts)]

    return choose


def any_policy(rng: random.Random) -> Callable[[list[dict[str, Any]]], dict[str, Any]]:
    def choose(acts: list[dict[str, Any]]) -> dict[str, Any]:
        ok = [a for a in acts if a["text"] != "concede"]
        return rng.choice(ok)

    return choose


# ---------------------------------------------------------------------- the keyboard only
FOCUSABLE = ":is(button, a[href], input, select, textarea, summary, [tabindex='0']):not([disabled])"


def tab_to(page: Page, selectors: list[str], limit: int = 300) -> str:
    """Move the focus with Tab / Shift+Tab only until it is on an element matching one of
    ``selectors`` (the first visible match decides the direction); returns the matched selector."""
    for _ in range(limit):
        hit = page.evaluate("(sels) => sels.find((s) => document.activeElement && document.activeElement.matches(s)) || null",
                            selectors)
        if hit:
            return str(hit)
        # backwards when the nearest target comes before the focus in document order
        back = page.evaluate("""(sels) => {
          const a = document.activeElement;
          const t = sels.flatMap((s) => [...document.querySelectorAll(s)]).find((e) => e.offsetParent !== null);
          if (!t || !a || a === document.body) return false;
          return !!(a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_PRECEDING);
        }""", selectors)
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selectors}: focus on "
                         f"{page.evaluate('() => document.activeElement.outerHTML.slice(0, 160)')}")


def press(page: Page, key: str) -> None:
    page.keyboard.press(key)
    page.wait_for_timeout(60)  # let the page answer the key before looking again


def keyboard_decision(page: Page, action: dict[str, Any], keys: list[str]) -> list[str]:
    """Choose ``action`` with the keyboard only: Tab to its cards and places on the table (each
    pressed with Enter or Space, alternating), to its button when one of them is not on the table,
    then to the confirmation's Send. Returns what was pressed ("ref:<token>", "button", "send",
    "group") for the test's checks."""
    text = _css(action["text"])
    send = f'.decision-panel button[data-role="send"][data-action="{text}"]'
    cand = f'.decision-panel .actions button.action[data-action="{text}"]'
    before = seq(page)
    done: list[str] = []
    for _step in range(12):
        if seq(page) != before or dataset(page)["busy"] == "1":
            return done
        k = keys[len(done) % len(keys)]
        if _visible(page, send) is not None:
            tab_to(page, [send])
            press(page, k)
            done.append("send")
            continue
        pending = [str(r) for r in action.get("refs") or []
                   if page.locator(f'.table-page [data-ref="{_css(str(r))}"].selected').count() == 0]
        target = None
        for r in pending:
            sel = f'.table-page [data-ref="{_css(r)}"].clickable{FOCUSABLE}'
            if _visible(page, sel) is not None:
                target = (r, sel)
                break
        if target is not None:
            tab_to(page, [target[1]])
            press(page, k)
            done.append("ref:" + target[0])
            continue
        if page.locator(".table-page [data-ref].selected").count() and _visible(page, cand) is not None:
            tab_to(page, [cand])  # what the selection leaves, as a button
            press(page, k)
            done.append("button")
            continue
        if _visible(page, cand) is None:  # in a closed group of the action list: open it
            group = page.evaluate("""(t) => { for (const b of document.querySelectorAll('.decision-panel .actions [data-action]'))
                if (b.dataset.action === t) { const d = b.closest('details'); return d ? d.dataset.group : null; } return null; }""",
                                  action["text"])
            assert group is not None, f"{action['text']!r} is neither on the table nor a button"
            tab_to(page, [f'.decision-panel details[data-group="{_css(group)}"]:not([open]) > summary'])
            press(page, "Enter")
            done.append("group")
            continue
        tab_to(page, [cand])
        press(page, k)
        done.append("button")
    raise AssertionError(f"{action['text']!r} was not sent after {done}")
