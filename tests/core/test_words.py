"""Counts in the right number in every text a person reads: one helper
(:func:`silkroad.core.words.count`) writes them, and a scan of every text of seeded
random games of each title (the moves' words and notation, what follows a move, the
explanations, the terminal's tables, the pictures) finds no "1 <plural>"."""

from __future__ import annotations

import re
import textwrap
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import silkroad
from silkroad.arena.match import play_game
from silkroad.core.replay import step_to
from silkroad.core.words import count, plural, wrap

#: "1" as a whole number (not 11, 0.1, +1 or P1) followed by a word ending in s.
ONE_PLURAL = re.compile(r"(?<![\w.+\-])1 ([a-z]+s)\b")
#: Words after "1" that are no plural: verbs ("caravan 1 moves"), and the names of
#: goods and spices, which are names of a kind, not counted nouns ("1 spices" is one
#: unit of the good called spices; "1 cloves" one step of the cloves track).
NOT_PLURALS = {
    "is", "has", "moves", "arrives", "carries", "answers", "goes", "holds", "takes",
    "was", "gets", "needs", "gains", "loses", "shows", "pays", "leaves", "does",
    "spices", "cloves", "goods",
}  # fmt: skip

LAYOUTS = [("kashgar", 3), ("serica", 2), ("dunhuang", 1), ("dunhuang", 3)]


def test_count_writes_the_noun_in_the_number_of_the_count() -> None:
    assert count(1, "artisan") == "1 artisan"
    assert count(2, "artisan") == "2 artisans"
    assert count(0, "coin") == "0 coins"
    assert count(1, "card") == "1 card"
    assert count(2, "goods") == "2 goods"
    assert count(3, "box") == "3 boxes"
    assert count(2, "die") == "2 dice"
    assert plural("mule", 1) == "mule"
    assert plural("mule", 5) == "mules"


def test_the_scan_finds_a_count_of_one_with_a_plural() -> None:
    assert [m.group(1) for m in ONE_PLURAL.finditer("build 1 artisans, P1 cards, 11 coins")] == [
        "artisans"
    ]


def _texts(name: str, players: int, seed: int) -> list[tuple[str, str]]:
    game = silkroad.get_game(name)
    played = play_game(game, game.default_options(players), seed, ["random"] * players)
    record = played.record
    out: list[tuple[str, str]] = []
    state: Any = step_to(record, 0)
    for k, move in enumerate(record.moves):
        p = game.current_player(state)
        legal = game.legal_moves(state)
        for m in legal:
            out.append(("move", game.describe_move(state, m, p)))
        out.extend(("event", e) for e in game.describe_events(state, move, p))
        if k % 6 == 0:
            out.append(("render", game.render(state)))
            for v in range(players):
                out.append(("svg", game.svg(game.observe(state, v), v) or ""))
            for action in range(0, game.num_actions(record.options), 17):
                out.append(("explain", str(game.explain(state, action))))
        state = game.apply(state, move)
    out.append(("render", game.render(state)))
    return out


@pytest.mark.parametrize(("name", "players"), LAYOUTS)
def test_no_text_of_a_random_game_writes_one_with_a_plural(name: str, players: int) -> None:
    found: dict[str, str] = {}
    for seed in (1,):
        for kind, text in _texts(name, players, seed):
            for m in ONE_PLURAL.finditer(text):
                if m.group(1) not in NOT_PLURALS:
                    found.setdefault(
                        f"{kind}: 1 {m.group(1)}", text[max(0, m.start() - 60) :][:120]
                    )
    assert not found, found


@given(
    text=st.text(alphabet=" ab\t\n.-", max_size=140),
    width=st.integers(10, 120),
    indent=st.sampled_from(["", "  ", "    > "]),
    more=st.sampled_from(["", "      ", "  "]),
)
def test_wrap_breaks_lines_as_textwrap_does(text: str, width: int, indent: str, more: str) -> None:
    """The tables' line breaking (a line that fits taken at once) is textwrap's."""
    expected = textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more)
    assert wrap(text, width, indent, more) == expected
