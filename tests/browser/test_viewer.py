"""The record viewer in a real browser: stepping, the URL fragment, the VP, the seat
pages (nothing hidden from the seat in the page), and a screenshot of each title.

``SILKROAD_SCREENSHOTS=docs/img pytest tests/browser`` also writes the screenshots of
the documentation.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from typing import Any

import pytest

import silkroad
from silkroad.arena.match import play_game
from silkroad.core.replay import Record, states, step_to
from silkroad.view import plain_result, write_viewer

#: (title, players, seed, moves kept, the step of the documentation's screenshot)
GAMES = {
    "kashgar": (3, 4, None, 60),
    "serica": (2, 3, 240, 200),
    "dunhuang": (3, 2, None, 90),
}


@functools.cache
def record(name: str) -> Record:
    players, seed, keep, _ = GAMES[name]
    game = silkroad.get_game(name)
    played = play_game(game, game.default_options(players), seed, ["random"] * players)
    if keep is None:
        return played.record
    r = played.record
    return Record(r.game, r.options, r.seed, r.moves[:keep], None)


@functools.cache
def viewer(name: str, seat: int | None, folder: str) -> Path:
    suffix = "all" if seat is None else f"seat{seat}"
    return write_viewer(Path(folder) / f"{name}-{suffix}.html", record(name), seat)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("viewers"))


def open_at(page: Any, path: Path, step: int, seat: str) -> None:
    page.goto(f"{path.as_uri()}#step={step}&seat={seat}")
    page.wait_for_selector("body[data-ready=true]")


def shown_step(page: Any) -> int:
    return int(page.text_content("#step-number"))


def shown_vp(page: Any) -> list[int]:
    return [int(t) for t in page.locator("#vp td.vp").all_text_contents()]


def shown_ids(page: Any) -> tuple[set[int], set[int]]:
    """The ids of the cards and tiles drawn on the board now."""
    cards = page.eval_on_selector_all("#board [data-card]", "es => es.map(e => e.dataset.card)")
    tiles = page.eval_on_selector_all("#board [data-tile]", "es => es.map(e => e.dataset.tile)")
    return {int(c) for c in cards}, {int(t) for t in tiles}


def hidden_from(name: str, state: Any, seat: int) -> tuple[set[int], set[int]]:
    """The cards and tiles of ``state`` that ``seat`` may not see (by the rules)."""
    if name == "kashgar":
        cards = set(state.standard) | set(state.special) | set(state.order_deck)
        p = state.pending
        if p is not None and p.player != seat and p.deck is not None:
            cards |= set(p.cards)
        return cards, set()
    if name == "serica":
        cards = set(state.cross_pile) | set(state.players[0].draw) | set(state.players[1].draw)
        if state.pending is not None and state.active != seat:
            cards |= set(state.pending.cards)
        return cards, set()
    tiles: set[int] = set()
    for q, pl in enumerate(state.players):
        if q != seat:
            tiles |= set(pl.hand) | set(state.draft[q] if state.draft else ())
            if not state.revealed and pl.frescoes[2].tile is not None:
                tiles.add(pl.frescoes[2].tile)
    if state.public is not None and not state.revealed:
        tiles.add(state.public)
    return set(state.deck), tiles


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_viewer_steps_through_the_record(page: Any, folder: str, name: str) -> None:
    game = silkroad.get_game(name)
    rec = record(name)
    path = viewer(name, None, folder)
    total = len(rec.moves)
    for step in (0, 1, total // 2, total):
        open_at(page, path, step, "all")
        assert shown_step(page) == step
        assert shown_vp(page) == list(game.scores(step_to(rec, step)))
        assert page.locator("#board svg").count() == 1
        assert page.locator("#moves li").count() == total
        if step:
            assert page.get_attribute("#moves li.current", "data-step") == str(step)
    open_at(page, path, 5, "all")
    page.click("#forward")
    assert shown_step(page) == 6
    assert page.evaluate("location.hash") == "#step=6&seat=all"
    page.click("#back")
    page.click("#back")
    assert shown_step(page) == 4
    page.keyboard.press("End")
    assert shown_step(page) == total
    page.fill("#jump", "3")
    page.dispatch_event("#jump", "change")
    assert shown_step(page) == 3
    page.click("#moves li[data-step='9']")
    assert shown_step(page) == 9
    page.select_option("#seat", "1")
    assert page.evaluate("location.hash") == "#step=9&seat=1"
    assert "as P1 sees it" in page.inner_text("#board") or name == "serica"
    box = page.locator("#board svg").bounding_box()
    assert box is not None
    assert box["width"] == 1000


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_page_shows_and_holds_nothing_hidden_from_the_seat(
    page: Any, folder: str, name: str, tmp_path: Path
) -> None:
    game = silkroad.get_game(name)
    rec = record(name)
    seat = 1
    path = viewer(name, seat, folder)
    every = list(states(rec))
    total = len(rec.moves)
    # the steps where the seat has the most hidden from it, and a few more
    steps = sorted({1, total // 3, total}, key=int)
    steps += sorted(
        range(total + 1),
        key=lambda k: -sum(map(len, hidden_from(name, every[k], seat))),
    )[:2]
    for step in steps:
        open_at(page, path, step, str(seat))
        assert shown_step(page) == step
        assert shown_vp(page) == list(game.scores(every[step]))
        assert page.input_value("#seat") == str(seat)
        cards, tiles = shown_ids(page)
        hidden_cards, hidden_tiles = hidden_from(name, every[step], seat)
        assert cards or tiles
        assert not cards & hidden_cards, f"step {step}: hidden cards drawn"
        assert not tiles & hidden_tiles, f"step {step}: hidden tiles drawn"
        text = page.inner_text("body")
        for tile in hidden_tiles:
            assert not re.search(rf"\bt{tile}\b", text), f"step {step}: tile t{tile} named"
    # the seat's page asked for everything still shows the seat only
    open_at(page, path, total, "all")
    assert page.input_value("#seat") == str(seat)
    assert page.locator("#seat option").count() == 1
    page.screenshot(path=str(tmp_path / f"{name}-seat{seat}.png"))
    assert (tmp_path / f"{name}-seat{seat}.png").stat().st_size > 20_000
    if name == "dunhuang":
        # another player's draft picks are listed as hidden decisions
        assert "a hidden decision" in page.inner_text("#moves")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_page_shows_nothing_of_the_steps_after_the_one_shown(
    page: Any, folder: str, name: str
) -> None:
    game = silkroad.get_game(name)
    rec = record(name)
    seat = 1
    path = viewer(name, seat, folder)
    every = list(states(rec))
    total = len(rec.moves)
    players = game.num_players(every[0])
    for step in (0, total // 3, total - 1):
        open_at(page, path, step, str(seat))
        assert page.text_content("#result") == f"Result: shown at the last step (step {total})"
        assert "winners" not in page.inner_text("#status")
        lines = page.eval_on_selector_all(
            "#plot polyline[data-series]", "es => es.map(e => e.getAttribute('points'))"
        )
        assert [len(points.split()) for points in lines] == [step + 1] * players
        ticks = page.eval_on_selector_all("#plot [data-tick]", "es => es.map(e => e.textContent)")
        high = max(1, *(v for s in every[: step + 1] for v in game.scores(s)))
        assert int(ticks[-1]) == high  # scaled to the VP reached so far, not the game's most
        later = page.eval_on_selector_all("#moves li", "es => es.map(e => e.textContent)")
        assert set(later[step:]) == {"…"}  # not even who decides next
        assert page.locator("#moves li.hidden-move.future").count() == 0
    open_at(page, path, total, str(seat))
    game_state = list(states(rec))[-1]
    end = plain_result(game, game_state, rec)
    assert page.text_content("#result") == f"Result: {end}"
    assert end.startswith(("P", "Won", "Lost", "Everyone", "Nobody", "Stopped", "Unfinished"))
    points = page.get_attribute("#plot polyline[data-series='0']", "points")
    assert points is not None
    assert len(points.split()) == total + 1


@pytest.mark.rule("DH-2.3")
def test_a_dunhuang_seat_page_never_holds_tiles_that_seat_never_sees(folder: str) -> None:
    name, seat = "dunhuang", 1
    rec = record(name)
    game = silkroad.get_game(name)
    seen: set[int] = set()
    tiles: set[int] = set()
    for state in states(rec):
        obs = game.observe(state, seat)
        seen |= set(obs.players[seat].hand) | set(obs.draft) | set(obs.gone)
        seen |= {f.tile for pl in obs.players for f in pl.frescoes if f.tile is not None}
        seen |= {obs.public} - {None}  # type: ignore[arg-type]
        for pl in state.players:
            tiles |= set(pl.hand) | {f.tile for f in pl.frescoes if f.tile is not None}
    never = tiles - seen
    assert never, "the record should keep some tiles from the seat"
    own = viewer(name, seat, folder).read_text(encoding="utf-8")
    everything = viewer(name, None, folder).read_text(encoding="utf-8")
    named = {int(t) for t in re.findall(r"\bt(\d+)\b", own)}
    drawn = {int(t) for t in re.findall(r'data-tile=\\?"(\d+)', own)}
    assert not never & (named | drawn)
    assert never & {int(t) for t in re.findall(r"\bt(\d+)\b", everything)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_screenshot_of_each_title(page: Any, folder: str, name: str, tmp_path: Path) -> None:
    step = GAMES[name][3]
    open_at(page, viewer(name, None, folder), step, "all")
    assert shown_step(page) == step
    target = Path(os.environ.get("SILKROAD_SCREENSHOTS") or tmp_path) / f"viewer-{name}.png"
    page.screenshot(path=str(target))
    assert target.stat().st_size > 50_000


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_page_of_every_seat_of_an_unfinished_record_says_so_at_its_top(
    page: Any, folder: str, name: str
) -> None:
    rec = record(name)
    game = silkroad.get_game(name)
    unfinished = not game.is_over(list(states(rec))[-1])
    open_at(page, viewer(name, None, folder), 0, "all")
    warning = page.locator("#warning")
    assert warning.count() == int(unfinished)
    if unfinished:
        box = warning.bounding_box()
        header = page.locator("header").bounding_box()
        assert box is not None
        assert header is not None
        assert box["y"] < header["y"]  # above everything, in view when the page opens
        assert box["y"] >= 0
        text = warning.inner_text()
        assert "every seat's hidden cards" in text
        assert "--seat N" in text
    open_at(page, viewer(name, 1, folder), 0, "1")
    assert page.locator("#warning").count() == 0  # a seat's own page hides nothing
    assert page.get_attribute("link[rel=icon]", "href").startswith("data:image/svg+xml,")
