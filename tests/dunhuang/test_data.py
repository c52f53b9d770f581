"""[DH-1] The component data: provenance, printed facts, validation of files."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from silkroad.core.errors import DataError
from silkroad.dunhuang import Options, load_pack_file
from silkroad.dunhuang.cards import MAX_ENTRIES, load_board, parse_effect, parse_pack_text
from silkroad.dunhuang.encoding import MAX_EFFECTS
from silkroad.dunhuang.packs import get
from silkroad.dunhuang.table import table

PACKS = ("silk", "gold", "tea", "china")


def entries(name: str) -> list[Any]:
    d = get(name).data
    return [
        d,
        d.ultimate,
        *d.tokens,
        *d.characters,
        *d.frescoes,
        *d.resource_tiles,
        *d.achievements,
        *d.routes,
    ]


@pytest.mark.rule("DH-1")
@pytest.mark.parametrize("name", PACKS)
def test_every_entry_has_provenance_and_a_note(name: str) -> None:
    for entry in entries(name):
        assert entry.provenance in ("rulebook", "reconstructed")
        assert entry.note.strip()


@pytest.mark.rule("DH-2.3")
@pytest.mark.parametrize("name", PACKS)
def test_seven_fresco_tiles_a_pack_two_of_them_four_player_only(name: str) -> None:
    tiles = get(name).data.frescoes
    assert len(tiles) == 7
    assert sum(f.four_player_only for f in tiles) == 2
    assert all(1 <= f.value <= 6 for f in tiles)
    assert all(len(f.effects) <= MAX_EFFECTS for f in tiles)


@pytest.mark.rule("DH-2.3", "DH-6.1")
def test_twenty_one_tiles_in_a_four_player_stack_fifteen_with_three() -> None:
    for a in range(4):
        packs = tuple(p for i, p in enumerate(PACKS) if i != a)
        assert len(table(Options(4, packs)).tile_ids) == 21
        assert len(table(Options(3, packs)).tile_ids) == 15


@pytest.mark.rule("DH-3.D")
def test_round_track_gives_eighteen_in_round_two_and_decreases() -> None:
    track = load_board().round_track
    assert len(track) == 8
    assert track[1] == 18
    assert all(a > b for a, b in itertools.pairwise(track))


@pytest.mark.rule("DH-1")
def test_printed_facts_of_the_packs() -> None:
    silk, gold, tea, china = (get(n).data for n in PACKS)
    tokens = {t.key for p in (silk, gold, tea, china) for t in p.tokens}
    # named by the DH-7 quests
    assert {"silk-clothes", "china-whiteware", "china-faience", "tea-field2"} <= tokens
    assert sum(1 for c in gold.characters) >= 6  # six Gold characters can leave play
    assert all(c.cost is None for c in gold.characters)  # DH-3.E.7 note 2
    assert all(c.cost is not None for p in (silk, tea, china) for c in p.characters)
    assert len(tea.routes) >= 3  # three different trade routes
    assert [r.covers for r in tea.resource_tiles] == ["jade"]  # DH-2.1.6
    assert gold.ultimate.effects[0].kind == "gold-recruit"  # DH-3.B example
    # the DH-3.E.11 example tile: value 2, a Gold Material and an Emperor's Quest
    assert any(
        f.value == 2 and [e.text for e in f.effects] == ["material gold", "quest 2"]
        for f in gold.frescoes
    )
    # the DH-3.E.7 example character: 2 coins, 3 grain
    assert any(c.cost == 2 and c.grain == 3 for c in silk.characters)


@pytest.mark.rule("DH-3.E")
def test_effect_notation() -> None:
    e = parse_effect("pay coin 1, silk-product 2 -> vp 4 & pigment")
    assert e.kind == "pay"
    assert e.cost == (("coin", 1), ("silk-product", 2))
    assert [r.text for r in e.then] == ["vp 4", "pigment"]
    assert parse_effect("quest 2").amount == 2
    for bad in ("quest 3", "pay coin -> vp 1", "material", "vp x", "Coin"):
        with pytest.raises(ValueError, match=r"effect|amount|needs|Grain|item"):
            parse_effect(bad)


@pytest.mark.rule("DH-1")
def test_a_bad_pack_file_names_file_entry_and_field(tmp_path: Path) -> None:
    good = (Path(__file__).parents[2] / "src/silkroad/dunhuang/data/silk.toml").read_text()
    bad = good.replace(
        'value = 4\neffects = ["upgrade", "quest 1"]', 'value = 9\neffects = ["upgrade", "quest 1"]'
    )
    path = tmp_path / "silk.toml"
    path.write_text(bad)
    with pytest.raises(DataError) as err:
        load_pack_file(path)
    assert "fresco 403" in str(err.value)
    assert "value" in str(err.value)
    path.write_text(
        good.replace(
            'provenance = "reconstructed"\nnote = "Invented."',
            'provenance = "guess"\nnote = "Invented."',
            1,
        )
    )
    with pytest.raises(DataError, match="provenance"):
        load_pack_file(path)
    path.write_text(good.replace('ability = ["pigment"]', 'ability = ["juggle 3 x"]'))
    with pytest.raises(DataError, match="ability"):
        load_pack_file(path)
    path.write_text(good.replace("cost = 2\ngrain = 3\n", "cost = 2\n", 1))
    with pytest.raises(DataError, match="is missing") as err:
        load_pack_file(path)
    assert err.value.field == "grain"
    path.write_text(good.replace('ability = ["pigment"]', "ability = [3]"))
    with pytest.raises(DataError, match="effects are strings"):
        load_pack_file(path)
    with pytest.raises(DataError):
        load_pack_file(tmp_path / "missing.toml")
    path.write_text(good.replace("[[characters]]\nid = 401\n", "[[characters]]\nid = -1\n", 1))
    with pytest.raises(DataError, match="must be from 0 to") as err:
        load_pack_file(path)
    assert err.value.field == "id"
    path.write_text(good + "\n[[characters]\n")  # a table header left open
    with pytest.raises(DataError, match="not valid TOML") as err:
        load_pack_file(path)
    assert err.value.source == str(path)


SILK = Path(__file__).parents[2] / "src/silkroad/dunhuang/data/silk.toml"


@pytest.mark.rule("DH-2.1")
def test_options_carry_a_replacement_pack_file(tmp_path: Path) -> None:
    from silkroad.core.serialize import dumps, loads
    from silkroad.dunhuang import GAME, new_game

    text = SILK.read_text().replace('name = "Weaver"\ncost = 2', 'name = "Master Weaver"\ncost = 1')
    path = tmp_path / "my-silk.toml"
    path.write_text(text)
    options = Options(4).with_pack_file(path)
    assert [name for name, _ in options.data] == ["silk"]
    assert table(options).characters[401].name == "Master Weaver"
    assert table(options).characters[401].cost == 1
    assert table(Options(4)).characters[401].cost == 2  # the built-in data is untouched
    assert loads(dumps(options, GAME), Options, GAME) == options  # records stay self-contained
    assert new_game(options, 1) != new_game(Options(4), 1)


@pytest.mark.rule("DH-2.1")
def test_replacement_data_is_checked(tmp_path: Path) -> None:
    from silkroad.core.errors import RulesError

    with pytest.raises(DataError, match="not 'gold'"):
        Options(4, data=(("gold", SILK.read_text()),))
    unknown = SILK.read_text().replace('ability = ["pigment"]', 'ability = ["teleport"]')
    with pytest.raises(DataError, match="teleport") as info:
        table(Options(4, data=(("silk", unknown),)))
    assert info.value.source == "data of silk"  # the user's data, not the built-in file
    foreign = SILK.read_text().replace(
        'ability = ["material silk"]', 'ability = ["pay jade-material 1 -> vp 2"]', 1
    )
    with pytest.raises(DataError, match="jade-material") as info:
        table(Options(4, data=(("silk", foreign),)))  # a token of a pack not in play
    assert info.value.source == "data of silk"
    # all seven Silk tiles removed: 14 tiles cannot make a 4-player stack of 21
    few = re.sub(r"\[\[frescoes\]\].*?(?=\[\[achievements\]\])", "", SILK.read_text(), flags=re.S)
    with pytest.raises(DataError, match="fresco tiles"):
        table(Options(4, data=(("silk", few),)))
    with pytest.raises(RulesError):
        Options(4, data=(("jade", SILK.read_text()),))
    with pytest.raises(DataError, match="cannot read"):
        Options(4).with_pack_file(tmp_path / "none.toml")


TEA = SILK.with_name("tea.toml")


def _tea_with_routes(count: int) -> str:
    text = TEA.read_text()
    extra = "".join(
        f'\n[[routes]]\nid = {i}\nname = "Route {i}"\neffects = ["vp 1"]\n'
        'provenance = "reconstructed"\nnote = "A route of a test."\n'
        for i in range(5, count + 1)
    )
    return text + extra


def _tea_with_tokens(count: int, end_vp: int = 0) -> str:
    """Tea's file with tokens added up to ``count`` in all, the last worth ``end_vp``."""
    have = TEA.read_text().count("[[tokens]]")
    extra = "".join(
        f'\n[[tokens]]\nkey = "tea-extra-{i}"\nname = "Extra {i}"\ncategory = "derivative"\n'
        f"end_vp = {end_vp if i == count else 0}\n"
        'provenance = "reconstructed"\nnote = "A token of a test."\n'
        for i in range(have + 1, count + 1)
    )
    return TEA.read_text() + extra


@pytest.mark.rule("DH-1")
def test_an_array_of_a_pack_file_holds_at_most_its_maximum_of_entries() -> None:
    """Each array of a pack file holds up to ``MAX_ENTRIES`` tables: exactly that many
    load, one more is refused naming the array."""
    tokens = parse_pack_text(_tea_with_tokens(MAX_ENTRIES), "tea.toml").tokens
    assert len(tokens) == MAX_ENTRIES
    with pytest.raises(DataError, match=f"at most {MAX_ENTRIES} entries, got {MAX_ENTRIES + 1}"):
        parse_pack_text(_tea_with_tokens(MAX_ENTRIES + 1), "tea.toml")


@pytest.mark.rule("DH-4")
def test_a_tokens_end_vp_is_at_most_99() -> None:
    """A token's end-of-game VP is 0 to 99: 99 loads, 100 is refused."""
    count = TEA.read_text().count("[[tokens]]") + 1
    assert parse_pack_text(_tea_with_tokens(count, 99), "tea.toml").tokens[-1].end_vp == 99
    with pytest.raises(DataError, match="field end_vp: must be from 0 to 99, got 100"):
        parse_pack_text(_tea_with_tokens(count, 100), "tea.toml")


@pytest.mark.rule("DH-7.3")
def test_a_trade_route_with_an_unknown_key_is_refused() -> None:
    """A misspelt field of a ``[[routes]]`` entry would be lost: it is refused, named."""
    text = TEA.read_text().replace("[[routes]]\n", '[[routes]]\ncolour = "red"\n', 1)
    with pytest.raises(DataError, match="field colour: is not a field here") as info:
        parse_pack_text(text, "tea.toml")
    assert (info.value.source, info.value.entry) == ("tea.toml", "route 1")


@pytest.mark.rule("DH-7.3")
def test_a_pack_file_may_have_twelve_trade_routes_and_no_more() -> None:
    """A route is chosen by number like every choice (at most twelve): twelve load, and
    thirteen are refused naming the routes of the user's data."""
    packs = ("silk", "gold", "tea")
    twelve = table(Options(4, packs, data=(("tea", _tea_with_routes(12)),)))
    assert len(twelve.packs[2].routes) == 12
    with pytest.raises(DataError, match="at most 12 trade routes") as info:
        table(Options(4, packs, data=(("tea", _tea_with_routes(13)),)))
    assert (info.value.source, info.value.field) == ("data of tea", "routes")


@pytest.mark.rule("DH-2.1")
def test_a_characters_ability_is_checked_like_every_effect_list() -> None:
    """A character's ability with a token of a pack not in play, or with more effects than
    a frame holds, is refused naming that character and its ``ability`` field."""
    packs = ("silk", "gold", "tea")
    for ability in ('["pay jade-material 1 -> vp 2"]', "[" + ", ".join(['"coin"'] * 9) + "]"):
        data = SILK.read_text().replace('ability = ["material silk"]', f"ability = {ability}", 1)
        with pytest.raises(DataError) as info:
            table(Options(4, packs, data=(("silk", data),)))
        assert (info.value.source, info.value.entry, info.value.field) == (
            "data of silk",
            "character 401",
            "ability",
        )
    assert MAX_EFFECTS == 8  # nine effects are one too many


@pytest.mark.rule("DH-2.0")
def test_every_spot_is_labelled_as_moves_name_it() -> None:
    from silkroad.dunhuang.moves import spot_label

    t = table(Options(4, ("silk", "gold", "tea")))
    assert [d.label for d in t.spots] == [spot_label(d.id) for d in t.spots]
    assert [d.label for d in t.spots[9:12]] == ["b10", "b11", "b12"]  # zone 4


@pytest.mark.rule("DH-3.E")
@pytest.mark.parametrize("then", ["juggle", "vp", "material nowhere"])
def test_the_reward_of_a_payment_is_checked_like_any_effect(then: str, tmp_path: Path) -> None:
    good = (Path(__file__).parents[2] / "src/silkroad/dunhuang/data/silk.toml").read_text()
    assert 'ability = ["pigment"]' in good
    path = tmp_path / "silk.toml"
    path.write_text(good.replace('ability = ["pigment"]', f'ability = ["pay coin 1 -> {then}"]', 1))
    with pytest.raises(DataError) as err:
        Options(4, ("silk", "gold", "tea")).with_pack_file(path)
    assert err.value.field == "ability"
    assert then.split()[-1] in str(err.value)


@pytest.mark.rule("DH-2.1")
def test_a_built_in_data_file_naming_another_pack_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The built-in file of a pack must describe that pack (a file copied over another's
    would otherwise replace it silently)."""
    from silkroad.core.errors import RulesError
    from silkroad.dunhuang import packs

    gold = load_pack_file(name="gold")
    monkeypatch.setattr(packs, "load_pack_file", lambda name: gold)
    packs._data.cache_clear()
    try:
        with pytest.raises(RulesError, match="silk.toml names the pack 'gold'"):
            packs._data("silk")
    finally:
        packs._data.cache_clear()


@pytest.mark.rule("DH-4")
def test_a_statistic_read_only_by_an_achievement_of_replacement_data_is_kept(
    tmp_path: Path,
) -> None:
    """[DH-5] A statistic named only by an achievement's requirement (here the paintings of
    a pack not in play) is one of the game's statistics: a position may set it."""
    from silkroad.core.errors import StateError
    from silkroad.dunhuang import new_game, validate

    from .helpers import player

    path = tmp_path / "silk.toml"
    text = SILK.read_text().replace('need = ["recruited:silk 2"]', 'need = ["painted:wine 1"]')
    path.write_text(text)
    options = Options(4).with_pack_file(path)
    assert "painted:wine" in table(options).statistics
    assert "painted:wine" not in table(Options(4)).statistics
    validate(player(new_game(options, 1), 0, counters={"painted:wine": 1}))
    with pytest.raises(StateError, match="does not keep"):
        validate(player(new_game(Options(4), 1), 0, counters={"painted:wine": 1}))


@pytest.mark.rule("DH-1")
def test_a_pack_or_promo_file_that_is_not_utf8_is_a_data_error(tmp_path: Path) -> None:
    """A pack or promo file that is not UTF-8 text is a ``DataError`` naming the file, as
    for the other titles (it was a ``UnicodeDecodeError``)."""
    path = tmp_path / "latin1.toml"
    path.write_bytes(TEA.read_text().replace("Tea Material", "Th\xe9 Material").encode("latin-1"))
    for load in (Options(4).with_pack_file, Options(4, promos=True).with_promo_file):
        with pytest.raises(DataError, match="cannot read the file: 'utf-8' codec") as info:
            load(path)
        assert info.value.source == str(path)
    with pytest.raises(DataError, match="cannot read") as info:
        load_pack_file(path)
    assert info.value.source == str(path)
