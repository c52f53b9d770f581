"""The analysis in a real browser: the viewer's graph of an annotated record (a line per
seat up to the step shown, the decisions that mattered so far, the better move), and
the hint panel of a seat's page at a table with hints.

``SILKROAD_SCREENSHOTS=docs/img pytest tests/browser/test_analysis.py`` also writes the
screenshot of docs/analysis.md.
"""

from __future__ import annotations

import functools
import json
import os
import urllib.request
from pathlib import Path
from typing import Any

from analysis.helpers import ITERATIONS, short_record
from browser.test_serve import tab
from silkroad.analysis import Analysis, analyze
from silkroad.core.replay import Record
from silkroad.serve import Hub
from silkroad.view import write_viewer


@functools.cache
def annotated(key: str) -> tuple[Record, Analysis]:
    record = short_record(key)
    result = analyze(None, record, iterations=ITERATIONS, seed=4)
    return result.annotate(record), result


def open_at(page: Any, path: Path, step: int, seat: str) -> None:
    page.goto(f"{path.as_uri()}#step={step}&seat={seat}")
    page.wait_for_selector("body[data-ready=true]")


def points(page: Any, seat: int) -> int:
    text = page.get_attribute(f"#analysis-plot polyline[data-aseries='{seat}']", "points")
    return len((text or "").split())


def marked(page: Any) -> list[int]:
    found = page.eval_on_selector_all(
        "#analysis-marks circle", "es => es.map(e => Number(e.dataset.mattered))"
    )
    return sorted(found)


def test_the_viewer_draws_the_analysis_up_to_the_step_shown(page: Any, tmp_path: Path) -> None:
    record, result = annotated("kashgar")
    path = write_viewer(tmp_path / "all.html", record)
    total = len(record.moves)
    open_at(page, path, 0, "all")
    assert page.is_visible("#analysis")
    assert marked(page) == []
    assert all(points(page, p) == 0 for p in (0, 1))
    open_at(page, path, total, "all")
    for p in (0, 1):
        assert points(page, p) == len(result.for_seat(p).decisions)
    assert marked(page) == sorted(d.index + 1 for d in result.mattered(5))
    # each step tells the decision just made and, where the search prefers another, it
    for d in result.decisions:
        open_at(page, path, d.index + 1, "all")
        text = page.text_content("#analysis-text")
        assert f"Move {d.index + 1}, P{d.player} played {d.move}" in text
        if d.agrees:
            assert "The search prefers the move played." in text
        else:
            assert f"Better: {d.best.move} ({d.best.words})" in text
        # nothing of the later decisions: the marks are the largest drops so far
        so_far = Analysis(result.game, result.agent, result.seed, result.scale, tuple(
            e for e in result.decisions if e.index <= d.index
        ))  # fmt: skip
        assert marked(page) == sorted(e.index + 1 for e in so_far.mattered(5))
        assert sum(points(page, p) for p in (0, 1)) == len(so_far.decisions)
    folder = os.environ.get("SILKROAD_SCREENSHOTS")
    if folder:
        worst = result.mattered(1)[0]
        open_at(page, path, worst.index + 1, "all")
        page.locator("#side").screenshot(path=str(Path(folder) / "analysis-viewer.png"))


def test_a_seat_page_holds_only_that_seat_analysis(page: Any, tmp_path: Path) -> None:
    record, result = annotated("kashgar")
    mine = result.for_seat(1)
    path = write_viewer(tmp_path / "seat1.html", record, 1)
    open_at(page, path, len(record.moves), "1")
    data = page.evaluate("() => JSON.parse(document.getElementById('data').textContent)")
    assert set(data["analysis"]) == {"1"}
    assert [e["n"] for e in data["analysis"]["1"]] == [d.index + 1 for d in mine.decisions]
    assert points(page, 0) == 0
    assert points(page, 1) == len(mine.decisions)
    assert marked(page) == sorted(d.index + 1 for d in mine.mattered(5))
    other = next(d for d in result.decisions if d.player == 0)
    open_at(page, path, other.index + 1, "1")
    assert f"no analysis of move {other.index + 1}" in page.text_content("#analysis-text")


def test_a_record_without_analysis_shows_no_analysis(page: Any, tmp_path: Path) -> None:
    path = write_viewer(tmp_path / "plain.html", short_record("serica"))
    open_at(page, path, 3, "all")
    assert not page.is_visible("#analysis")


# ------------------------------------------------------------------ the server's hint


def _table(base: str, hints: object) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "kashgar", "seats": [{"person": "Ann"}, {"person": "Bea"}]}
    if hints is not None:
        body["hints"] = hints
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        made: dict[str, Any] = json.load(answer)
    return made


def test_the_hint_is_shown_to_the_seat_that_asks_and_to_no_other(
    browser: Any, live: tuple[str, Hub]
) -> None:
    base, hub = live
    made = _table(base, ITERATIONS)
    table = hub.tables[made["table"]]
    game = table.game
    deciding = game.current_player(table.state)
    legal = {game.format_move(m) for m in game.legal_moves(table.state)}
    errors: list[str] = []
    pages = {}
    for link in made["links"]:
        page = tab(browser, base, errors)
        page.goto(base + link["url"])
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_selector("body[data-hints=on]")
        assert page.is_visible("#hint-panel")
        pages[link["seat"]] = page
    asker = pages[deciding]
    other = pages[1 - deciding]
    asker.click("#hint-button")
    asker.wait_for_selector("#hints li")
    shown = asker.eval_on_selector_all("#hints li", "es => es.map(e => e.dataset.move)")
    assert 1 <= len(shown) <= 3
    assert set(shown) <= legal
    assert "% to win" in asker.text_content("#hints")
    assert "from what you can see" in asker.text_content("#hint-status")
    # the other seat saw nothing of it, and may not ask for the deciding seat's
    assert other.locator("#hints li").count() == 0
    other.click("#hint-button")
    other.wait_for_function(
        "() => document.getElementById('hint-status').textContent.includes('your own')"
    )
    assert other.locator("#hints li").count() == 0
    # once the seat has played, its hint is gone
    asker.click("#choices button >> nth=0")
    asker.wait_for_function("() => document.querySelectorAll('#hints li').length === 0")
    for page in pages.values():
        page.close()
    assert not errors, errors


def test_a_table_without_hints_shows_no_hint_panel(browser: Any, live: tuple[str, Hub]) -> None:
    base, _ = live
    made = _table(base, None)
    errors: list[str] = []
    page = tab(browser, base, errors)
    page.goto(base + made["links"][0]["url"])
    page.wait_for_selector("body[data-hints=off]")
    assert not page.is_visible("#hint-panel")
    page.close()
    assert not errors, errors
