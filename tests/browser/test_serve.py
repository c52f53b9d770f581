"""The table server in real browsers: a table made on the start page, then two headless
Chromium pages take two seats of a Dunhuang game (the third an agent) and play it to the
end by clicking their moves; each page is checked to show its own hand and nothing the
seat may not see, and to ask nothing of any other site.

``SILKROAD_SCREENSHOTS=docs/img pytest tests/browser/test_serve.py`` also writes the
screenshots of docs/serve.md.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

from silkroad.core.replay import states
from silkroad.dunhuang import observe
from silkroad.serve import Hub

#: The screen of the pages (and of the screenshots of docs/serve.md): a laptop's.
LAPTOP = {"width": 1366, "height": 768}
#: The decisions between two checks of what each page shows.
EVERY = 12


def tab(browser: Any, base: str, errors: list[str]) -> Any:
    """A new page whose script errors and requests to any other site are collected."""
    page = browser.new_page()
    page.set_viewport_size(LAPTOP)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "request",
        lambda request: None if request.url.startswith(base) else errors.append(request.url),
    )
    return page


def shots() -> Path | None:
    folder = os.environ.get("SILKROAD_SCREENSHOTS")
    return Path(folder) if folder else None


def hidden_tiles(state: Any, seat: int) -> set[int]:
    """[DH-2.3] The tiles ``seat`` may not see: the others' hands and draft packs, their
    face-down tile and the public fresco before the flip."""
    tiles: set[int] = set()
    for q, pl in enumerate(state.players):
        if q != seat:
            tiles |= set(pl.hand) | set(state.draft[q] if state.draft else ())
            if not state.revealed and pl.frescoes[2].tile is not None:
                tiles.add(pl.frescoes[2].tile)
    if state.public is not None and not state.revealed:
        tiles.add(state.public)
    return tiles


#: What a page shows, read at one moment (the page may update between two reads).
SHOWN = """() => ({
  at: Number(document.body.dataset.at),
  tiles: Array.from(document.querySelectorAll("#board [data-tile]"), e => e.dataset.tile),
  cards: Array.from(document.querySelectorAll("#board [data-card]"), e => e.dataset.card),
  text: document.body.innerText,
  board: document.getElementById("board").textContent,
})"""


def check_the_page(page: Any, seat: int, hub: Hub, table: str) -> int:
    """The page shows its seat's hand and nothing hidden from the seat; returns the
    number of decisions it shows."""
    shown = page.evaluate(SHOWN)
    at = shown["at"]
    every = list(states(hub.tables[table].record()))
    state = every[at]
    drawn = {int(t) for t in shown["tiles"]}
    assert not drawn & hidden_tiles(state, seat), f"P{seat} at {at}: hidden tiles drawn"
    cards = {int(c) for c in shown["cards"]}
    assert not cards & set(state.deck), f"P{seat} at {at}: characters of the deck drawn"
    own = set(state.players[seat].hand)
    assert own <= drawn, f"P{seat} at {at}: its own hand is not shown"
    # another hand's tile is named only if the seat saw it before (in a draft pack)
    seen: set[int] = set()
    for before in every[: at + 1]:
        obs = observe(before, seat)
        seen |= set(obs.players[seat].hand) | set(obs.draft) | set(obs.gone)
        seen |= {f.tile for pl in obs.players for f in pl.frescoes if f.tile is not None}
        seen |= {obs.public} - {None}
    named = {int(t) for t in re.findall(r"\bt(\d+)\b", shown["text"])}
    others = {t for q, pl in enumerate(state.players) if q != seat for t in pl.hand}
    assert not (named & others) - seen, f"P{seat} at {at}: another hand's tile named"
    for q, pl in enumerate(state.players):
        if q != seat and pl.hand:
            assert f"{len(pl.hand)} fresco tile" in shown["board"]  # counted, face down
    return int(at)


def my_turn(pages: dict[int, Any]) -> Any:
    """The first page whose seat is to decide."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for page in pages.values():
            if page.evaluate("document.body.classList.contains('my-turn')"):
                return page
        time.sleep(0.02)
    raise AssertionError("nobody was asked to decide")


def test_two_people_play_a_dunhuang_game_to_the_end_in_two_browsers(
    browser: Any, live: tuple[str, Hub]
) -> None:
    base, hub = live
    errors: list[str] = []
    start = tab(browser, base, errors)
    start.goto(f"{base}/")
    start.wait_for_selector("body[data-ready=true]")
    start.select_option("#game", "dunhuang")
    start.select_option("#players", "3")
    start.select_option("select[name=seat-1]", "person")
    start.fill("input[name=seat-1-text]", "Bea")
    start.fill("input[name=seat-0-text]", "Ann")
    start.select_option("select[name=seat-2]", "random")
    if shots():
        start.screenshot(path=str(shots() / "serve-start.png"), full_page=True)  # type: ignore[operator]
    start.click("#create")
    start.wait_for_selector("#links:not([hidden])")
    table = start.get_attribute("body", "data-table")
    links = start.eval_on_selector_all("#link-list a", "as => as.map(a => a.href)")
    assert len(links) == 2
    assert [s.spec for s in hub.tables[table].seats] == ["human", "human", "random"]
    if shots():
        start.screenshot(path=str(shots() / "serve-links.png"), full_page=True)  # type: ignore[operator]
    start.close()
    pages = {seat: tab(browser, base, errors) for seat in (0, 1)}
    for seat, page in pages.items():
        page.goto(links[seat])
        page.wait_for_selector("body[data-ready=true]")
        assert f"P{seat} {['Ann', 'Bea'][seat]}" in page.inner_text("#who")
    # a click on the draft pack in the picture narrows the moves to its first tile's
    page = my_turn(pages)
    pack = page.locator("#board text", has_text="drafting from: t")
    tile = re.search(r"\bt\d+\b", pack.text_content() or "").group(0)  # type: ignore[union-attr]
    pack.click()
    visible = page.locator("#choices li:not([hidden])")
    assert visible.count() == 1
    assert f"keeps {tile}" in visible.inner_text()
    assert page.input_value("#filter") == tile
    page.fill("#filter", "")  # every move again
    assert page.locator("#choices li:not([hidden])").count() > 1
    rng = random.Random(36)
    clicked = {0: -1, 1: -1}
    checked = -EVERY
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        shown = {
            s: p.evaluate(
                "[Number(document.body.dataset.at), document.body.classList.contains('my-turn'),"
                " document.body.dataset.over === 'true']"
            )
            for s, p in pages.items()
        }
        if all(over for _, _, over in shown.values()):
            break
        at = max(a for a, _, _ in shown.values())
        if at - checked >= EVERY:
            for seat, page in pages.items():
                check_the_page(page, seat, hub, table)
            checked = at
            if shots() and checked >= 4 * EVERY and not (shots() / "serve-seat.png").exists():  # type: ignore[operator]
                pages[0].screenshot(path=str(shots() / "serve-seat.png"))  # type: ignore[operator]
        movers = [s for s, (a, turn, _) in shown.items() if turn and a > clicked[s]]
        if not movers:
            time.sleep(0.01)
            continue
        seat = movers[0]
        buttons = pages[seat].locator("#choices button")
        button = buttons.nth(rng.randrange(buttons.count()))
        if sum(clicked.values()) < 4:
            button.click()  # a person's click, with Playwright's checks that one could
        else:
            button.dispatch_event("click")  # the same event, without waiting for frames
        clicked[seat] = shown[seat][0]
    else:
        raise AssertionError("the game did not end in time")
    record = hub.tables[table].record()
    assert record.result is not None
    for seat, page in pages.items():
        assert check_the_page(page, seat, hub, table) == len(record.moves)
        assert "Game over" in page.inner_text("#result")
        log = page.locator("#log > li")
        assert log.count() == len(record.moves)
        assert "keeps a tile" in page.inner_text("#log")  # the other person's draft, hidden
    assert (Path(hub.settings.folder) / f"{table}.json").is_file()
    if shots():
        pages[1].screenshot(path=str(shots() / "serve-over.png"))  # type: ignore[operator]
    for page in pages.values():
        page.close()
    assert not errors, errors


def test_a_refused_move_is_shown_with_the_reason(browser: Any, live: tuple[str, Hub]) -> None:
    base, _ = live
    errors: list[str] = []
    asked = {
        "game": "serica",
        "options": {"first_player": 0},
        "seats": [{"person": "A"}, {"agent": "greedy"}],
    }
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(asked).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        link = json.load(answer)["links"][0]["url"]
    page = tab(browser, base, errors)
    page.goto(base + link)
    page.wait_for_selector("body.my-turn")
    page.fill("#notation", "use dragon")
    page.click("#typed button")
    page.wait_for_selector("body[data-refused]")
    assert page.inner_text("#message").startswith("not a move: ")
    page.fill("#notation", "buy city")
    page.click("#typed button")
    # a locator's expectation, polled from outside: the page's policy allows no eval
    from playwright.sync_api import expect

    expect(page.locator("#message")).to_have_text(re.compile(r"^refused: "), timeout=30_000)
    assert page.get_attribute("body", "data-at") == "0"
    page.close()
    assert not errors, errors
