"""The Jade Starting Pack: the Gamble from the state's RNG, and its end-game scoring."""

from __future__ import annotations

import collections
from pathlib import Path

import attrs
import pytest
from immutables import Map

from silkroad.core.errors import DataError
from silkroad.core.rng import Rng
from silkroad.dunhuang import Options, engine, final_breakdown
from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.packs.jade import odds
from silkroad.dunhuang.rules import _cleanup_finish, claim_achievements
from silkroad.dunhuang.state import Frame, Phase, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, play, player, ready, turn_of

JGT = ("jade", "gold", "tea")
PIECES = ("jade-shard", "jade-ring", "jade-disc", "jade-seal")
GAMBLE = parse_effect("jade-gamble")


def _pieces(s: State, p: int) -> dict[str, int]:
    return {k: n for k, n in s.players[p].tokens.items() if k in PIECES}


@pytest.mark.rule("DH-2.1", "DH-2.1.6", "DH-3.A")
def test_jade_is_a_pack_and_uses_its_printed_zone_four_spot() -> None:
    assert "jade" in available()
    assert get("jade").data.tokens[0].key == "jade-material"
    b10 = table(Options(3, JGT)).spots[9]
    assert ([e.text for e in b10.effects], b10.source) == (["material jade"], "printed jade spot")


@pytest.mark.rule("DH-3.E")
def test_the_gamble_pays_a_rough_jade_and_draws_from_the_state_rng() -> None:
    s = clear_board(ready(4, JGT))
    t = table(s.options)
    s = player(s, 0, tokens={"jade-material": 1})
    fr = Frame(0, ())
    assert engine.can(t, s, fr, GAMBLE)
    after = engine.do(t, s, fr, GAMBLE)
    assert engine.do(t, s, fr, GAMBLE) == after  # the same state: the same piece
    assert after.rng != s.rng  # the RNG moved on
    assert after.players[0].tokens.get("jade-material", 0) == 0
    assert sum(_pieces(after, 0).values()) == 1
    assert after.players[0].counters["gambles:jade"] == 1
    assert not engine.can(t, after, fr, GAMBLE)  # no Jade Material left


@pytest.mark.rule("DH-3.E")
def test_gamble_outcomes_range_from_little_to_very_many_points() -> None:
    s = clear_board(ready(4, JGT))
    t = table(s.options)
    assert [k for k, _ in odds(t)] == list(PIECES)
    values = [t.tokens[k].end_vp for k in PIECES]
    assert values == sorted(values)
    assert values[0] <= 1
    assert values[-1] >= 10
    seen: collections.Counter[str] = collections.Counter()
    for seed in range(200):
        x = player(attrs.evolve(s, rng=Rng.from_seed(seed)), 0, tokens={"jade-material": 1})
        seen.update(_pieces(engine.do(t, x, Frame(0, ()), GAMBLE), 0))
    assert set(seen) == set(PIECES)
    assert seen["jade-shard"] > seen["jade-seal"]  # the rich piece is the rare one


@pytest.mark.rule("DH-3.B")
def test_jade_ultimate_gains_a_rough_jade_then_gambles_it() -> None:
    s = turn_of(clear_board(ready(4, JGT)), 0)
    s = player(s, 0, tokens={"gold-material": 1, "tea-material": 1})
    s = play(s, "m1 u1", "e1")  # the Gamble, the last effect, follows by itself
    assert sum(_pieces(s, 0).values()) == 1
    assert s.players[0].tokens.get("jade-material", 0) == 0


@pytest.mark.rule("DH-5")
def test_jade_board_counts_gambles_and_a_disc() -> None:
    s = clear_board(ready(4, JGT))
    s = player(s, 3, counters={"gambles:jade": 3}, tokens={"jade-disc": 1})
    s = claim_achievements(table(s.options), s, 3)
    assert s.achievements.get("jade-1") == 3
    assert s.achievements.get("jade-5") == 3
    assert "jade-2" not in s.achievements


@pytest.mark.rule("DH-4")
def test_jade_end_scoring_pieces_and_collection() -> None:
    s = clear_board(ready(4, JGT))
    s = attrs.evolve(s, round=8, phase=Phase.CLEANUP, queue=(), achievements=Map())
    s = player(s, 0, tokens={"jade-shard": 2, "jade-ring": 1, "jade-seal": 1})
    s = player(s, 1, tokens={"jade-disc": 1, "jade-shard": 1})
    rows = final_breakdown(_cleanup_finish(table(s.options), s))
    assert rows[0][4] == 2 * 1 + 3 + 15 + 4  # three different pieces: the collection
    assert rows[1][4] == 6 + 1


@pytest.mark.rule("DH-1")
@pytest.mark.parametrize(
    "setting", ['"jade-pearl 3"', '"jade-shard 0"', '"jade-shard x"', '""', "12"]
)
def test_a_bad_gamble_setting_is_refused_when_the_file_is_loaded(
    setting: str, tmp_path: Path
) -> None:
    """The odds table is read at load (it was once read only at the first gamble)."""
    text = (Path(__file__).parents[2] / "src/silkroad/dunhuang/data/jade.toml").read_text()
    good = 'gamble = "jade-shard 8, jade-ring 5, jade-disc 3, jade-seal 1"'
    assert good in text
    path = tmp_path / "jade.toml"
    path.write_text(text.replace(good, f"gamble = {setting}"))
    with pytest.raises(DataError, match="gamble") as info:
        Options(4, JGT).with_pack_file(path)
    assert info.value.source == str(path)
