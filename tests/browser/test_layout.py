"""A seat page that fits the screen it is on, for each title: at 1366x768, 1280x720 and
1920x1080 the status, the decision and its first moves are in view without scrolling,
beside a board scaled to the space left, whose cards' texts fit them; on a phone
(390x844) the page is one column and a button at the bottom of the screen brings the
moves into view in one tap.

Each check measures the elements' boxes (Playwright's ``bounding_box``) against the
viewport."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from browser.test_cards import MEASURE
from silkroad.serve import Hub

#: (title, players) of the tables: every seat a person, so that the page of the seat to
#: decide can be opened at once.
TITLES = [("dunhuang", 3), ("kashgar", 2), ("serica", 2)]
DESKTOPS = [(1366, 768), (1280, 720), (1920, 1080)]
PHONE = (390, 844)
#: Where the screenshots of docs/serve.md are written (``SILKROAD_SCREENSHOTS=docs/img``).
SHOTS = Path(os.environ["SILKROAD_SCREENSHOTS"]) if os.environ.get("SILKROAD_SCREENSHOTS") else None


def _table(base: str, name: str, players: int) -> list[str]:
    """A new table of people only; each seat's link."""
    body = {
        "game": name,
        "players": players,
        "seats": [{"person": f"seat {p}"} for p in range(players)],
    }
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        links = json.load(answer)["links"]
    return [base + link["url"] for link in links]


def _open(
    browser: Any, live: tuple[str, Hub], name: str, players: int, size: tuple[int, int]
) -> Any:
    base, _ = live
    links = _table(base, name, players)
    page = browser.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("requestfailed", lambda r: errors.append(f"failed request {r.url}"))
    for link in links:
        page.goto(link)
        page.wait_for_selector("body[data-ready=true]")
        if page.evaluate("document.body.classList.contains('my-turn')"):
            return page, errors
    raise AssertionError("no seat of a new table is to decide")


def _inside(box: dict[str, float] | None, width: int, height: int) -> bool:
    return (
        box is not None
        and box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= width + 0.5
        and box["y"] + box["height"] <= height + 0.5
    )


@pytest.mark.parametrize("size", DESKTOPS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "players"), TITLES)
def test_the_moves_and_the_board_fit_a_desktop_screen(
    browser: Any, live: tuple[str, Hub], name: str, players: int, size: tuple[int, int]
) -> None:
    width, height = size
    page, errors = _open(browser, live, name, players, size)
    try:
        assert page.evaluate("document.scrollingElement.scrollHeight") <= height
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        for selector in ("#status", "#decision h2", "#choices li:first-child button"):
            box = page.locator(selector).bounding_box()
            assert _inside(box, width, height), (selector, box)
        shown = page.locator("#choices li button").count()
        visible = sum(
            _inside(page.locator("#choices li button").nth(i).bounding_box(), width, height)
            for i in range(min(shown, 5))
        )
        assert visible == min(shown, 5)  # the first moves, not only the first
        board = page.locator("#board svg").bounding_box()
        side = page.locator("#side").bounding_box()
        assert _inside(board, width, height), board
        assert board is not None
        assert side is not None
        assert board["x"] + board["width"] <= side["x"] + 0.5  # beside the moves
        # the board takes the space the panel leaves: its box fills the column, and
        # the drawing in it is as large as the box allows (viewBox, width/height 100%)
        column = page.locator("#board-column").bounding_box()
        assert column is not None
        assert board["width"] >= column["width"] - 1
        assert board["height"] >= column["height"] - 1
        drawn = page.evaluate(
            "(() => { const s = document.querySelector('#board svg');"
            " const v = s.viewBox.baseVal; const b = s.getBoundingClientRect();"
            " return Math.min(b.width / v.width, b.height / v.height); })()"
        )
        assert drawn > 0.4  # scaled to the space, not drawn 1000 px wide and cut
        fit = page.evaluate(MEASURE)  # the cards' texts fit them at this size too
        assert fit["cards"] > 0
        assert not fit["problems"], fit["problems"][:8]
        if SHOTS is not None and size == (1366, 768) and name == "serica":
            page.screenshot(path=str(SHOTS / f"serve-seat-{name}.png"))
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize(("name", "players"), TITLES)
def test_a_phone_shows_one_column_and_the_moves_in_one_tap(
    browser: Any, live: tuple[str, Hub], name: str, players: int
) -> None:
    width, height = PHONE
    page, errors = _open(browser, live, name, players, PHONE)
    try:
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        board = page.locator("#board svg").bounding_box()
        side = page.locator("#side").bounding_box()
        assert board is not None
        assert side is not None
        assert board["width"] >= width - 20  # the screen's width
        assert side["y"] >= board["y"] + board["height"] - 1  # below the board
        button = page.locator("#to-moves")
        assert button.is_visible()
        assert _inside(button.bounding_box(), width, height)
        first = page.locator("#choices li:first-child button")
        # read to the end of the page (the log), then one tap brings the moves back
        page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        button.click()
        deadline = time.monotonic() + 5
        while not _inside(first.bounding_box(), width, height) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _inside(first.bounding_box(), width, height)
        assert _inside(page.locator("#decision h2").bounding_box(), width, height)
        if SHOTS is not None and name == "kashgar":
            page.screenshot(path=str(SHOTS / f"serve-phone-{name}.png"))
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize(("name", "players"), TITLES)
def test_a_seat_that_does_not_decide_shows_no_moves(
    browser: Any, live: tuple[str, Hub], name: str, players: int
) -> None:
    base, _ = live
    for size in (DESKTOPS[0], PHONE):
        page = browser.new_page()
        page.set_viewport_size({"width": size[0], "height": size[1]})
        try:
            waiting = 0
            for link in _table(base, name, players):
                page.goto(link)
                page.wait_for_selector("body[data-ready=true]")
                if page.evaluate("document.body.classList.contains('my-turn')"):
                    continue
                waiting += 1
                assert not page.locator("#decision").is_visible()
                assert not page.locator("#to-moves").is_visible()
                assert page.locator("#status").is_visible()
            assert waiting == players - 1
        finally:
            page.close()
