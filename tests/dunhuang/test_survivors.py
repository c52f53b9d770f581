"""Rules and data checks fresh mutation samples (seeds 3030 and 4242) found without a test:
each test here fails when its check is changed."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import attrs
import pytest
from immutables import Map

from silkroad.core.errors import DataError, RulesError
from silkroad.dunhuang import Options, engine, new_game, packs
from silkroad.dunhuang.cards import parse_pack_text
from silkroad.dunhuang.rules import claim_quests
from silkroad.dunhuang.state import ChoiceKind
from silkroad.dunhuang.table import table

DATA = Path(__file__).parents[2] / "src/silkroad/dunhuang/data"
SILK = (DATA / "silk.toml").read_text(encoding="utf-8")


@pytest.mark.rule("DH-1")
def test_an_error_in_the_pack_table_names_the_file_and_the_pack_entry() -> None:
    with pytest.raises(DataError) as info:
        parse_pack_text(SILK.replace('title = "Silk"', "title = 7", 1), "my-silk.toml")
    assert (info.value.source, info.value.entry, info.value.field) == (
        "my-silk.toml",
        "pack",
        "title",
    )


@pytest.mark.rule("DH-3.E.11")
def test_a_fresco_tile_that_begins_painting_is_refused() -> None:
    """A tile's effect cannot be Begin Painting (a painting inside a painting)."""
    first = SILK.index("[[frescoes]]")
    at = SILK.index("effects = [", first) + len("effects = [")
    with pytest.raises(DataError, match="a fresco tile cannot Begin Painting"):
        parse_pack_text(SILK[:at] + '"paint", ' + SILK[at:], "silk.toml")


def _silk_with_tiles(count: int) -> str:
    """Silk's file with only its first ``count`` fresco tiles."""
    blocks = re.split(r"(?=\[\[frescoes\]\])", SILK)
    head, tiles = blocks[0], blocks[1:]
    last = tiles[-1]
    tail_at = last.find("\n[[", 1)
    tail = last[tail_at:] if tail_at >= 0 else ""
    tiles[-1] = last[:tail_at] if tail_at >= 0 else last
    return head + "".join(tiles[:count]) + tail


@pytest.mark.rule("DH-6.2.1")
def test_solitaire_needs_eight_fresco_tiles_of_its_two_packs() -> None:
    """[DH-6.2.1] Solitaire draws four tiles twice at setup: its two packs need 8 tiles.
    Tea's 7 and one of Silk's make 8 and play; Tea's alone (Silk's removed) are refused."""
    eight = Options(1, ("silk", "tea"), data=(("silk", _silk_with_tiles(1)),))
    assert len(table(eight).tile_ids) == 8
    new_game(eight, 1)
    seven = Options(1, ("silk", "tea"), data=(("silk", _silk_with_tiles(0)),))
    with pytest.raises(DataError, match="1 players need 8 fresco tiles, the packs have 7"):
        table(seven)


@pytest.mark.rule("DH-6.3.3")
def test_drawing_past_the_unknown_tiles_draws_the_known_ones_too() -> None:
    """[DH-6.3.3] The player knows the bottom tiles they put there: drawing four from a
    stack of five whose three bottom tiles are known takes two of those, so one known tile
    is left."""
    s = new_game(Options(1), 2)
    assert s.solo is not None
    stack = s.solo.stack[:5]
    s = attrs.evolve(s, solo=attrs.evolve(s.solo, stack=stack, known=3))
    after = engine.draw_tiles(s, 0, ChoiceKind.PAINT)
    assert after.solo is not None
    assert after.solo.stack == stack[4:]
    assert after.solo.known == 1
    assert after.solo.drawn[-4:] == stack[:4]


@pytest.mark.rule("DH-6.2.6", "DH-7")
@pytest.mark.parametrize(
    ("tokens", "completed"),
    [
        ({"china-whiteware": 3}, True),  # the other kind of the sum not held at all
        ({"china-whiteware": 1, "china-faience": 2}, True),
        ({"china-faience": 2}, False),
    ],
)
def test_a_quest_counts_the_kinds_it_sums_held_or_not(
    tokens: dict[str, int], completed: bool
) -> None:
    """[DH-6.2.6] [DH-7] China's second-set quest "3 Whiteware or Faience Tiles" (the
    first set complete) counts both kinds, one of them not held at all."""
    s = new_game(Options(1, ("china", "tea")), 1)
    t = table(s.options)
    first = Map({q.key: 0 for q in t.quests if q.stage == 1})
    pl = s.players[0]
    pl = attrs.evolve(pl, tokens=Map({**dict(pl.tokens), **tokens}))
    after = claim_quests(t, attrs.evolve(s, achievements=first, players=(pl,)), 0)
    assert ("china-q3" in after.achievements) is completed


@pytest.mark.rule("DH-2.1")
def test_a_pack_module_without_its_pack_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack module must define ``PACK`` for its own name."""
    name = "no-pack"
    module = types.ModuleType("silkroad.dunhuang.packs.no_pack")
    module.PACK = None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(packs, "available", lambda: (name,))
    packs.get.cache_clear()
    try:
        with pytest.raises(RulesError, match="must define PACK = Pack\\('no-pack', ...\\)"):
            packs.get(name)
    finally:
        packs.get.cache_clear()


# ---------------------------------------------------------------- found by the sample of seed 4242

WINE = (DATA / "wine.toml").read_text(encoding="utf-8")


@pytest.mark.rule("DH-3.E.2")
def test_a_token_that_upgrades_into_a_token_the_pack_lacks_is_refused() -> None:
    assert 'upgrade = "wine-vat"' in WINE
    with pytest.raises(DataError, match="upgrades to unknown 'wine-cask'") as info:
        parse_pack_text(WINE.replace('upgrade = "wine-vat"', 'upgrade = "wine-cask"'), "w.toml")
    assert (info.value.entry, info.value.field) == ("wine-product", "upgrade")
