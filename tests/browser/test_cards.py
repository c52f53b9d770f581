"""Cards that fit: in each title's pictures, drawn by Chromium, every text of a card lies
inside the card's box, at every count of cards the seeded games below reach (Serica's
Empire from none to the most seen, seven cards side by side), and a used card's stamp
covers no other text of its card.

A text belongs to the smallest card (``rect[data-card]``) holding its anchor point (where
the text is placed); its drawn box (``getBoundingClientRect``) must lie inside that card's.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import silkroad
from silkroad.arena.match import play_game
from silkroad.core.replay import states

#: Each text of a card whose box leaves its card, and each stamp that covers a text.
MEASURE = """() => {
  const cards = Array.from(document.querySelectorAll("svg rect[data-card]"), r => ({
    card: r.dataset.card, box: r.getBoundingClientRect() }));
  const owner = (x, y) => {
    let best = null;
    for (const c of cards) {
      const b = c.box;
      if (x >= b.left - 0.5 && x <= b.right + 0.5 && y >= b.top - 0.5 && y <= b.bottom + 0.5
          && (best === null || b.width * b.height < best.box.width * best.box.height)) {
        best = c;
      }
    }
    return best;
  };
  const texts = [];
  for (const t of document.querySelectorAll("svg text")) {
    if (!t.textContent.trim() || !t.x.baseVal.length) continue;
    const at = new DOMPoint(t.x.baseVal[0].value, t.y.baseVal[0].value)
      .matrixTransform(t.getScreenCTM());
    const card = owner(at.x, at.y);
    if (card !== null) texts.push({ text: t.textContent, card, box: t.getBoundingClientRect() });
  }
  const out = [];
  for (const t of texts) {
    const b = t.box, c = t.card.box;
    const over = Math.max(c.left - b.left, b.right - c.right, c.top - b.top, b.bottom - c.bottom);
    if (over > 1) {
      out.push(`card ${t.card.card}: "${t.text}" leaves the card by ${over.toFixed(1)} px`);
    }
  }
  for (const s of texts.filter(t => t.text === "used")) {
    for (const t of texts) {
      if (t === s || t.card !== s.card) continue;
      const w = Math.min(s.box.right, t.box.right) - Math.max(s.box.left, t.box.left);
      const h = Math.min(s.box.bottom, t.box.bottom) - Math.max(s.box.top, t.box.top);
      if (w > 1 && h > 1) out.push(`card ${s.card.card}: the stamp covers "${t.text}"`);
    }
  }
  return { problems: out, texts: texts.length, cards: cards.length };
}"""


@functools.cache
def _serica_states() -> dict[str, Any]:
    """A Serica state for each count of Empire cards the seeded games reach, and states
    with used cards in the widest Empire seen."""
    game = silkroad.get_game("serica")
    found: dict[str, Any] = {}
    for seed in range(8):
        record = play_game(game, game.default_options(2), seed, ["greedy", "random"]).record
        for state in states(record, game):
            obs = game.observe(state, state.active)
            widest = max(len(obs.players[p].empire) for p in (0, 1))
            found.setdefault(f"empire {widest}", state)
            used = obs.turn.used if obs.turn is not None else ()
            if used and widest >= 5:
                found.setdefault(f"used, empire {widest}", state)
    return found


def _states(name: str, players: int) -> dict[str, Any]:
    game = silkroad.get_game(name)
    out: dict[str, Any] = {}
    for seed in (1, 2):
        record = play_game(game, game.default_options(players), seed, ["random"] * players).record
        every = list(states(record, game))
        for k in sorted({0, len(every) // 3, 2 * len(every) // 3, len(every) - 1}):
            out[f"seed {seed} step {k}"] = every[k]
    return out


def _check(page: Any, name: str, cases: dict[str, Any]) -> int:
    game = silkroad.get_game(name)
    measured = 0
    for label, state in cases.items():
        for seat in range(game.num_players(state)):
            picture = game.svg(game.observe(state, seat), seat)
            page.set_content(f"<!DOCTYPE html><body style='margin:0'>{picture}</body>")
            found = page.evaluate(MEASURE)
            assert not found["problems"], (label, seat, found["problems"][:8])
            measured += found["texts"]
    return measured


def test_every_text_of_a_serica_card_fits_at_every_count_of_empire_cards(page: Any) -> None:
    cases = _serica_states()
    counts = sorted(int(k.rsplit(" ", 1)[1]) for k in cases if k.startswith("empire"))
    assert counts[-1] >= 6  # the widest Empires: six cards and more side by side
    assert any(k.startswith("used") for k in cases)
    assert _check(page, "serica", cases) > 1000


@pytest.mark.parametrize(("name", "players"), [("kashgar", 2), ("kashgar", 4), ("dunhuang", 3)])
def test_every_text_of_a_card_fits_its_card(page: Any, name: str, players: int) -> None:
    assert _check(page, name, _states(name, players)) > 200
