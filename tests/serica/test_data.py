"""[SR-1] [SR-2] [SR-4] [SR-9] The card data file: content, format, validation."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from silkroad.core.errors import DataError
from silkroad.serica import (
    GAME,
    Options,
    State,
    default_cards,
    load_card_file,
    new_game,
    parse_card_text,
)
from silkroad.serica.cards import (
    CARD_FIELDS,
    ENEMY_FIELDS,
    GOOD_VALUE,
    OWN_GOODS,
    Ability,
    CardDef,
    CardType,
    Colour,
    Good,
)

DATA = Path(__file__).parents[2] / "src" / "silkroad" / "serica" / "data" / "cards.toml"


def by_key() -> dict[str, object]:
    return {c.key: c for c in default_cards()}


@pytest.mark.rule("SR-1")
def test_the_deck_has_53_game_cards() -> None:
    assert sum(c.copies for c in default_cards()) == 53


@pytest.mark.rule("SR-8")
def test_every_ability_has_exactly_one_card_kind() -> None:
    abilities = [c.ability for c in default_cards()]
    assert sorted(a.value for a in abilities) == sorted(a.value for a in Ability)
    assert len(abilities) == 26


@pytest.mark.rule("SR-2")
def test_types_and_colours_follow_the_rulebook() -> None:
    colour = {
        CardType.CITIZEN: Colour.RED,
        CardType.TRADE: Colour.GOLD,
        CardType.MILITARY: Colour.BLUE,
        CardType.COURT: Colour.WHITE,
        CardType.ENEMY: Colour.BROWN,
    }
    for card in default_cards():
        assert card.colour is colour[card.type], card.key
    kinds = {c.key: c.type for c in default_cards()}
    assert kinds["artisan"] is CardType.CITIZEN
    assert kinds["settler"] is CardType.CITIZEN
    assert kinds["guard"] is CardType.TRADE
    assert kinds["trading-post"] is CardType.TRADE
    assert kinds["fort"] is CardType.MILITARY
    assert kinds["general"] is CardType.MILITARY
    assert kinds["city"] is CardType.COURT
    assert kinds["envoy"] is CardType.COURT
    assert {k for k, v in kinds.items() if v is CardType.ENEMY} == {"bandit", "pirate", "chieftain"}


@pytest.mark.rule("SR-2")
def test_military_is_bought_with_roman_goods_and_court_with_han_goods() -> None:
    for card in default_cards():
        if card.type is CardType.MILITARY:
            assert set(card.goods) <= set(OWN_GOODS[1]), card.key
        if card.type is CardType.COURT:
            assert set(card.goods) <= set(OWN_GOODS[0]), card.key


@pytest.mark.rule("SR-5.2.S")
def test_printed_numbers_of_the_stacking_examples() -> None:
    cards = {c.key: c for c in default_cards()}
    assert (cards["encampment"].level, cards["encampment"].vp) == (1, 1)
    assert (cards["outpost"].level, cards["outpost"].vp, cards["outpost"].stacked_vp) == (2, 3, 1)
    assert cards["warehouse"].vp == 1
    assert (cards["city"].level, cards["city"].vp) == (2, 2)
    assert (cards["oasis"].level, cards["oasis"].vp) == (1, 1)


@pytest.mark.rule("SR-3")
def test_starting_decks_in_the_data() -> None:
    han = sorted(k for c in default_cards() for k in [c.key] * c.han_start)
    rome = sorted(k for c in default_cards() for k in [c.key] * c.rome_start)
    assert han == ["artisan", "guard", "oasis", "warehouse"]
    assert rome == ["artisan", "guard", "soldier", "warehouse"]


@pytest.mark.rule("SR-4")
def test_every_card_carries_the_numbers_of_its_anatomy() -> None:
    for card in default_cards():
        assert card.provenance in ("rulebook", "reconstructed")
        assert card.note
        if card.is_enemy:
            assert card.enemy_strength > 0
            assert card.enemy_vp > 0
            assert card.level == card.artisans == card.cost_m == 0
        else:
            assert 1 <= card.level <= 3
            assert card.artisans >= 1
            assert card.vp >= 1
            assert 1 <= card.cost_m <= len(card.goods)
            assert card.cost_n >= 1


@pytest.mark.rule("SR-9")
def test_cost_notation_reads_n_of_each_of_m_types() -> None:
    cards = {c.key: c for c in default_cards()}
    assert (cards["scholar"].cost_n, cards["scholar"].cost_m) == (2, 2)
    assert cards["scholar"].cost == "2/2"
    assert (cards["encampment"].cost_n, cards["encampment"].cost_m) == (2, 1)
    assert (cards["marketplace"].cost_n, cards["marketplace"].cost_m) == (1, 4)
    assert GOOD_VALUE[Good.GOLD] == GOOD_VALUE[Good.SILK] == 3


# ----------------------------------------------------------------- bad files


def _edit(old: str, new: str, count: int = 1) -> str:
    text = DATA.read_text("utf-8")
    assert old in text
    return text.replace(old, new, count)


BAD = [
    ('key = "guard"\nname = "Guard"\n', 'key = "guard"\n', "guard", "name"),
    ('cost = "2/2"', 'cost = "2-2"', "scholar", "cost"),
    ('cost = "2/2"', 'cost = "x/2"', "scholar", "cost"),  # each side a number
    ('cost = "2/2"', 'cost = "2/x"', "scholar", "cost"),
    ('cost = "2/2"', 'cost = "22"', "scholar", "cost"),
    ('cost = "1/4"', 'cost = "1/9"', "marketplace", "cost"),
    ('goods = ["spices", "porcelain", "silk"]', 'goods = ["spices", "tea"]', "oasis", "goods"),
    ('ability = "envoy"', 'ability = "spy"', "envoy", "ability"),
    (
        'type = "court"\ncolour = "white"\ncopies = 1\nlevel = 3\nvp = 3',
        'type = "court"\ncolour = "violet"\ncopies = 1\nlevel = 3\nvp = 3',
        "envoy",
        "colour",
    ),
    ("enemy_vp = 4", "enemy_vp = 4\nlevel = 2", "chieftain", "level"),
    (
        "level = 1\nvp = 1\nstacked_vp = 0\nstrength = 2",
        "level = 4\nvp = 1\nstacked_vp = 0\nstrength = 2",
        "encampment",
        "level",
    ),
    (
        "vp = 4\nstacked_vp = 2\nstrength = 3",
        'vp = "four"\nstacked_vp = 2\nstrength = 3',
        "general",
        "vp",
    ),
    (
        'provenance = "reconstructed"\nnote = "In neither starting deck (SR-3); the other numbers '
        'are assumed."\n\n[[card]]\nkey = "smith"',
        'provenance = "guessed"\nnote = "In neither starting deck (SR-3); the other numbers '
        'are assumed."\n\n[[card]]\nkey = "smith"',
        "scholar",
        "provenance",
    ),
    ('type = "enemy"', 'type = "military"', "bandit", "ability"),
    (
        'cost = "2/3"\ngoods = ["glassware", "wine", "gold"]',
        'cost = "2/3"\ngoods = ["glassware", "wine"]',
        "general",
        "goods",
    ),
    (
        "strength = 1\nartisans = 2\ncost",
        "strength = 1\nartisans = 2\nbonus = 1\ncost",
        "guard",
        "bonus",
    ),
]


@pytest.mark.rule("SR-4")
@pytest.mark.parametrize(("old", "new", "entry", "field"), BAD)
def test_a_bad_card_is_refused_naming_file_card_and_field(
    tmp_path: Path, old: str, new: str, entry: str, field: str
) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(_edit(old, new), "utf-8")
    with pytest.raises(DataError) as info:
        load_card_file(path)
    error = info.value
    assert error.source == str(path)
    assert error.entry == entry
    assert error.field == field
    assert str(path) in str(error)
    assert entry in str(error)
    assert field in str(error)


@pytest.mark.rule("SR-1")
def test_a_deck_that_is_not_53_cards_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(_edit("copies = 3\nenemy_strength", "copies = 4\nenemy_strength"), "utf-8")
    with pytest.raises(DataError, match="53") as info:
        load_card_file(path)
    assert info.value.field == "copies"


@pytest.mark.rule("SR-3")
def test_starting_decks_must_have_four_cards(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(
        _edit(
            "rome_start = 1\nlevel = 1\nvp = 1\nstacked_vp = 0\nstrength = 1",
            "level = 1\nvp = 1\nstacked_vp = 0\nstrength = 1",
        ),
        "utf-8",
    )
    with pytest.raises(DataError, match="starting deck") as info:
        load_card_file(path)
    assert info.value.field == "rome_start"


def test_duplicate_keys_unreadable_files_and_broken_toml_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="duplicate key") as info:
        parse_card_text(_edit('key = "laborer"', 'key = "artisan"'), "dup.toml")
    assert info.value.entry == "artisan"
    assert info.value.source == "dup.toml"
    with pytest.raises(DataError, match="not valid TOML"):
        parse_card_text("[[card]\n", "broken.toml")
    with pytest.raises(DataError, match="cannot read"):
        load_card_file(tmp_path / "missing.toml")


def test_a_users_printed_data_replaces_the_builtin_cards(tmp_path: Path) -> None:
    path = tmp_path / "printed.toml"
    path.write_text(
        _edit('key = "scholar"\nname = "Scholar"', 'key = "scholar"\nname = "Sage"'), "utf-8"
    )
    options = Options().with_card_file(path)
    assert {c.key: c.name for c in options.card_defs}["scholar"] == "Sage"
    assert options != Options()
    state = new_game(options, 3)
    assert state.options.cards == options.cards
    with pytest.raises(DataError):
        Options().with_card_file(tmp_path / "missing.toml")


def test_definitions_built_in_code_are_checked_too() -> None:
    import json

    from silkroad.core.serialize import dumps, loads, to_data
    from silkroad.serica.cards import CardDef

    cards = tuple(attrs.evolve(c, level=7) if c.key == "fort" else c for c in default_cards())
    with pytest.raises(DataError) as info:
        Options().with_cards(cards)
    assert info.value.entry == "fort"
    assert info.value.field == "level"
    # a record or saved state whose card data was edited by hand is refused on load
    document = json.loads(dumps(Options()))
    document["data"]["cards"] = to_data(default_cards(), tuple[CardDef, ...])
    text = json.dumps(document).replace('"level": 2', '"level": 9', 1)
    with pytest.raises(DataError, match="level"):
        loads(text, Options)


# ----------------------------------------------------------------- provenance
#
# Every fact the sources print about a card, field by field: the rulebook (SR-2 colours,
# SR-3 starting decks, SR-5.2.S stacking examples, SR-8 names, abilities and types) and
# shared/reference/component-data.md (which adds nothing beyond these for Serica).

_KINDS = {  # [SR-8.1] .. [SR-8.5]: the printed name and the type its heading gives
    "Artisan": "citizen",
    "Laborer": "citizen",
    "Scholar": "citizen",
    "Settler": "citizen",
    "Smith": "citizen",
    "Guard": "trade",
    "Marketplace": "trade",
    "Merchant": "trade",
    "Trader": "trade",
    "Trading Post": "trade",
    "Warehouse": "trade",
    "Encampment": "military",
    "Fort": "military",
    "General": "military",
    "Governor": "military",
    "Outpost": "military",
    "Soldier": "military",
    "Ambassador": "court",
    "Capitol": "court",
    "City": "court",
    "Diplomat": "court",
    "Envoy": "court",
    "Oasis": "court",
    "Bandit": "enemy",
    "Chieftain": "enemy",
    "Pirate": "enemy",
}
_COLOURS = {"citizen": "red", "trade": "gold", "military": "blue", "court": "white"}  # SR-2
_COLOURS["enemy"] = "brown"
_HAN_START = {"guard": 1, "warehouse": 1, "oasis": 1, "artisan": 1}  # SR-3
_ROME_START = {"guard": 1, "warehouse": 1, "soldier": 1, "artisan": 1}  # SR-3
_EXAMPLES = {  # SR-5.2.S
    "encampment": {"level": 1, "vp": 1},
    "outpost": {"level": 2, "vp": 3, "stacked_vp": 1},
    "warehouse": {"vp": 1},
    "city": {"level": 2, "vp": 2},
    "oasis": {"level": 1, "vp": 1},
}


def _facts() -> dict[str, dict[str, object]]:
    facts: dict[str, dict[str, object]] = {}
    for name, kind in _KINDS.items():
        key = name.lower().replace(" ", "-")
        entry: dict[str, object] = {"name": name, "ability": key, "type": kind}
        entry["colour"] = _COLOURS[kind]
        if kind != "enemy":
            entry["han_start"] = _HAN_START.get(key, 0)
            entry["rome_start"] = _ROME_START.get(key, 0)
        entry.update(_EXAMPLES.get(key, {}))
        facts[key] = entry
    return facts


def _value(card: CardDef, field: str) -> object:
    if field == "cost":
        return card.cost
    value = getattr(card, field)
    if field == "goods":
        return [g.label for g in value]
    return getattr(value, "value", value)


def _unsupported(card: CardDef) -> list[str]:
    """The fields the entry claims as printed that no source prints, or prints otherwise:
    every field of a "rulebook" entry, the ``printed`` fields of a reconstructed one."""
    claimed = (
        (CARD_FIELDS if not card.is_enemy else ENEMY_FIELDS)
        if (card.provenance == "rulebook")
        else card.printed
    )
    facts = _facts().get(card.key, {})
    return [f for f in claimed if f not in facts or facts[f] != _value(card, f)]


@pytest.mark.rule("SR-3", "SR-5.2.S", "SR-8")
def test_every_value_the_data_calls_printed_is_printed() -> None:
    for card in default_cards():
        assert _unsupported(card) == [], card.key


@pytest.mark.rule("SR-3", "SR-5.2.S", "SR-8")
def test_every_printed_fact_is_in_the_data_and_marked_printed() -> None:
    cards = {c.key: c for c in default_cards()}
    assert set(cards) == set(_facts())
    for key, facts in _facts().items():
        card = cards[key]
        for field, value in facts.items():
            assert _value(card, field) == value, (key, field)
            assert field in card.printed or card.provenance == "rulebook", (key, field)


@pytest.mark.rule("SR-4")
def test_an_entry_labelled_rulebook_with_an_invented_field_is_caught() -> None:
    """The check above fails for an entry that claims more than the sources print."""
    cards = {c.key: c for c in default_cards()}
    claimed = attrs.evolve(cards["outpost"], provenance="rulebook", printed=())
    assert "copies" in _unsupported(claimed)
    assert "level" not in _unsupported(claimed)
    wrong = attrs.evolve(cards["city"], vp=3)
    assert _unsupported(wrong) == ["vp"]
    overclaim = attrs.evolve(cards["scholar"], printed=(*cards["scholar"].printed, "artisans"))
    assert _unsupported(overclaim) == ["artisans"]


@pytest.mark.rule("SR-4")
def test_printed_lists_are_checked_on_load(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    line = 'printed = ["name", "ability", "type", "colour"]\nprovenance = "reconstructed"'
    path.write_text(_edit(line, 'printed = ["name", "grain"]\nprovenance = "reconstructed"'))
    with pytest.raises(DataError, match="'grain' is not a field of this card") as info:
        load_card_file(path)
    assert (info.value.entry, info.value.field) == ("bandit", "printed")
    path.write_text(_edit(line, 'printed = ["name", 7]\nprovenance = "reconstructed"'))
    with pytest.raises(DataError, match="7 is not a field of this card"):
        load_card_file(path)
    path.write_text(_edit(line, 'printed = ["name"]\nprovenance = "rulebook"'))
    with pytest.raises(DataError, match="every field") as info:
        load_card_file(path)
    assert info.value.field == "printed"
    path.write_text(
        _edit(line, 'printed = ["name", "ability", "name"]\nprovenance = "reconstructed"')
    )
    with pytest.raises(DataError, match="'name' is listed twice") as info:
        load_card_file(path)
    assert (info.value.entry, info.value.field) == ("bandit", "printed")


# ------------------------------------------------------------ every limit, on both sides

_SCHOLAR = (
    'key = "scholar"\nname = "Scholar"\nability = "scholar"\ntype = "citizen"\ncolour = "red"\n'
    'copies = 2\nlevel = 2\nvp = 2\nstacked_vp = 1\nstrength = 0\nartisans = 3\ncost = "2/2"\n'
    'goods = ["glassware", "wine", "spices", "porcelain"]\n'
)
_BANDIT = "copies = 3\nenemy_strength = 2\nenemy_vp = 2\n"
_ALL_GOODS = 'goods = ["glassware", "wine", "gold", "spices", "porcelain", "silk"]\n'


def _scholar(old: str, new: str) -> str:
    assert old in _SCHOLAR
    return _edit(_SCHOLAR, _SCHOLAR.replace(old, new))


def _bandit(old: str, new: str) -> str:
    assert old in _BANDIT
    return _edit(_BANDIT, _BANDIT.replace(old, new))


_GOODS4 = 'goods = ["glassware", "wine", "spices", "porcelain"]\n'

#: (file text, the card it names, the field it names, or None: the file is accepted)
LIMITS = [
    (_scholar("level = 2", "level = 1"), None, None),
    (_scholar("level = 2", "level = 3"), None, None),
    (_scholar("level = 2", "level = 0"), "scholar", "level"),
    (_scholar("vp = 2", "vp = 0"), None, None),
    (_scholar("vp = 2", "vp = 99"), None, None),
    (_scholar("vp = 2", "vp = 100"), "scholar", "vp"),
    (_scholar("vp = 2", "vp = -1"), "scholar", "vp"),
    (_scholar("stacked_vp = 1", "stacked_vp = 99"), None, None),
    (_scholar("stacked_vp = 1", "stacked_vp = 100"), "scholar", "stacked_vp"),
    (_scholar("strength = 0", "strength = 99"), None, None),
    (_scholar("strength = 0", "strength = 100"), "scholar", "strength"),
    (_scholar("artisans = 3", "artisans = 99"), None, None),
    (_scholar("artisans = 3", "artisans = 100"), "scholar", "artisans"),
    (_scholar('cost = "2/2"', 'cost = "9/2"'), None, None),
    (_scholar('cost = "2/2"', 'cost = "10/2"'), "scholar", "cost"),
    (_scholar('cost = "2/2"', 'cost = "0/2"'), "scholar", "cost"),
    (_scholar('cost = "2/2"', 'cost = "2/1"'), None, None),
    (_scholar('cost = "2/2"', 'cost = "2/0"'), "scholar", "cost"),
    (_scholar('cost = "2/2"', 'cost = "2/4"'), None, None),
    (_scholar('cost = "2/2"', 'cost = "2/5"'), "scholar", "goods"),  # 4 goods listed
    (_scholar(f'cost = "2/2"\n{_GOODS4}', f'cost = "1/6"\n{_ALL_GOODS}'), None, None),
    (_scholar(f'cost = "2/2"\n{_GOODS4}', f'cost = "1/7"\n{_ALL_GOODS}'), "scholar", "cost"),
    (_scholar('key = "scholar"', 'key = "scholar-2"'), None, None),
    (_scholar('key = "scholar"', 'key = "Scholar"'), "card[2]", "key"),
    (_scholar('key = "scholar"', 'key = "scho lar"'), "card[2]", "key"),
    (_scholar('key = "scholar"', 'key = ""'), "card[2]", "key"),
    (_bandit("enemy_strength = 2", "enemy_strength = 99"), None, None),
    (_bandit("enemy_strength = 2", "enemy_strength = 100"), "bandit", "enemy_strength"),
    (_bandit("enemy_strength = 2", "enemy_strength = -1"), "bandit", "enemy_strength"),
    (_bandit("enemy_vp = 2", "enemy_vp = 99"), None, None),
    (_bandit("enemy_vp = 2", "enemy_vp = 100"), "bandit", "enemy_vp"),
    (_bandit("enemy_vp = 2", "enemy_vp = 0"), None, None),
    (_bandit("enemy_vp = 2", "enemy_vp = -1"), "bandit", "enemy_vp"),
    # the lower edges: 0 is allowed, -1 refused
    (_scholar("stacked_vp = 1", "stacked_vp = 0"), None, None),
    (_scholar("stacked_vp = 1", "stacked_vp = -1"), "scholar", "stacked_vp"),
    (_scholar("strength = 0", "strength = -1"), "scholar", "strength"),
    (_scholar("artisans = 3", "artisans = 0"), None, None),
    (_scholar("artisans = 3", "artisans = -1"), "scholar", "artisans"),
    (_bandit("enemy_strength = 2", "enemy_strength = 0"), None, None),
    (_scholar("level = 2", "level = 4"), "scholar", "level"),
    (_scholar("copies = 2", "copies = 0"), "scholar", "copies"),
    (_scholar("copies = 2", "copies = -1"), "scholar", "copies"),
    (_scholar("copies = 2", "copies = 2\nhan_start = -1"), "scholar", "han_start"),
    (_scholar("copies = 2", "copies = 2\nrome_start = -1"), "scholar", "rome_start"),
    (_scholar("copies = 2", "copies = 2\nenemy_vp = 1"), "scholar", "enemy_vp"),
    (_scholar("copies = 2", "copies = 2\nenemy_strength = 0"), "scholar", "enemy_strength"),
]


@pytest.mark.rule("SR-4")
@pytest.mark.parametrize(("text", "entry", "field"), LIMITS)
def test_each_number_of_a_card_is_checked_at_its_limit(
    text: str, entry: str | None, field: str | None
) -> None:
    if field is None:
        assert len(parse_card_text(text, "mine.toml")) == len(default_cards())
        return
    with pytest.raises(DataError) as info:
        parse_card_text(text, "mine.toml")
    assert (info.value.entry, info.value.field) == (entry, field)
    # refused as the file is read, in the reader's words, not by the check of the cards
    # built in code that runs after it (which would name the same field)
    assert "must be an integer from" not in str(info.value)


@pytest.mark.rule("SR-4")
def test_a_card_file_names_the_good_listed_twice_and_an_entry_that_is_no_table() -> None:
    text = _scholar(_GOODS4, 'goods = ["glassware", "wine", "wine", "porcelain"]\n')
    with pytest.raises(DataError, match="'wine' is listed twice") as info:
        parse_card_text(text, "mine.toml")
    assert (info.value.entry, info.value.field) == ("scholar", "goods")
    with pytest.raises(DataError, match="a card is a table") as info:
        parse_card_text("card = [1]\n", "mine.toml")
    assert info.value.entry == "card[0]"


@pytest.mark.rule("SR-1")
def test_a_card_file_with_another_top_level_field_is_refused_naming_it() -> None:
    text = "version = 2\n" + DATA.read_text("utf-8")
    with pytest.raises(DataError, match="unknown top-level field 'version'") as info:
        parse_card_text(text, "mine.toml")
    assert info.value.field == "version"


@pytest.mark.rule("SR-4")
def test_a_deck_built_in_code_of_something_else_than_cards_is_refused() -> None:
    from silkroad.serica.cards import check_cards

    with pytest.raises(DataError, match="expected a CardDef, got 'scholar'"):
        check_cards(("scholar",))  # type: ignore[arg-type]


@pytest.mark.rule("SR-4")
@pytest.mark.parametrize("cost", ["0/2", "10/2", "2/0", "1/7"])
def test_a_cost_out_of_range_is_refused_as_written(cost: str) -> None:
    """The message quotes the cost of the file and the ranges N and M may take."""
    text = _scholar('cost = "2/2"', f'cost = "{cost}"')
    if cost == "1/7":
        text = text.replace(_GOODS4, _ALL_GOODS)
    with pytest.raises(DataError) as info:
        parse_card_text(text, "mine.toml")
    assert f"N must be 1..9 and M 1..6, got {cost!r}" in str(info.value)


@pytest.mark.rule("SR-4")
@pytest.mark.parametrize(
    "printed",
    [("name", "ability", "name"), ("name", "enemy_vp"), ("name", "level", "level")],
)
def test_printed_fields_built_in_code_are_fields_of_the_card_once_each(
    printed: tuple[str, ...],
) -> None:
    cards = tuple(
        attrs.evolve(c, printed=printed) if c.key == "scholar" else c for c in default_cards()
    )
    with pytest.raises(DataError) as info:
        Options().with_cards(cards)
    assert (info.value.entry, info.value.field) == ("scholar", "printed")
    fine = tuple(
        attrs.evolve(c, printed=("name", "level")) if c.key == "scholar" else c
        for c in default_cards()
    )
    assert Options().with_cards(fine).card_defs == fine


#: (card, changes, the field named, or None: accepted) for definitions built in code
CODE_LIMITS = [
    ("scholar", {"copies": 0}, "copies"),
    ("scholar", {"level": 0}, "level"),
    ("scholar", {"level": 4}, "level"),
    ("scholar", {"level": 1}, None),
    ("scholar", {"level": 3}, None),
    ("scholar", {"vp": -1}, "vp"),
    ("scholar", {"stacked_vp": -1}, "stacked_vp"),
    ("scholar", {"strength": -1}, "strength"),
    ("scholar", {"artisans": -1}, "artisans"),
    ("scholar", {"han_start": -1}, "han_start"),
    ("scholar", {"rome_start": -1}, "rome_start"),
    ("scholar", {"vp": 0, "stacked_vp": 0, "artisans": 0}, None),
    ("scholar", {"cost_n": 0}, "cost"),
    ("scholar", {"cost_m": 0}, "cost"),
    ("scholar", {"cost_m": 5}, "cost"),  # 4 goods listed
    ("scholar", {"cost_m": 4}, None),
    ("scholar", {"goods": (Good.WINE, Good.WINE, Good.SPICES)}, "goods"),
    ("scholar", {"enemy_strength": 1}, "enemy_strength"),
    ("scholar", {"enemy_strength": -1}, "enemy_strength"),
    ("scholar", {"enemy_vp": -1}, "enemy_strength"),
    ("scholar", {"enemy_vp": 1}, "enemy_strength"),
    ("scholar", {"ability": Ability.BANDIT}, "ability"),
    ("scholar", {"provenance": "rulebook"}, "printed"),  # it lists printed fields
    ("bandit", {"level": 1}, "level"),
    ("bandit", {"han_start": 1}, "level"),
    ("bandit", {"rome_start": 1}, "level"),
    ("bandit", {"cost_m": 1}, "level"),
    ("bandit", {"goods": (Good.SILK,)}, "level"),
    ("bandit", {"enemy_strength": -1}, "enemy_strength"),
    ("bandit", {"enemy_vp": -1}, "enemy_strength"),
    ("bandit", {"enemy_strength": 0, "enemy_vp": 0}, None),
    # the upper limits of a card file hold for cards built in code or read from a save
    # (a cost of a million once made an action space of six million moves)
    ("scholar", {"copies": 54}, "copies"),
    ("scholar", {"vp": 100}, "vp"),
    ("scholar", {"strength": 10**6}, "strength"),
    ("scholar", {"han_start": 5}, "han_start"),
    ("scholar", {"cost_n": 10}, "cost"),
    ("scholar", {"cost_n": 10**6}, "cost"),
    ("scholar", {"cost_n": 9}, None),
    ("bandit", {"cost_n": 10**6}, "level"),
    ("bandit", {"vp": 5}, "level"),
    ("bandit", {"artisans": 1}, "level"),
    ("bandit", {"enemy_strength": 100}, "enemy_strength"),
    ("bandit", {"enemy_vp": 99}, None),
]


@pytest.mark.rule("SR-4")
@pytest.mark.parametrize(("key", "changes", "field"), CODE_LIMITS)
def test_each_number_of_a_card_built_in_code_is_checked_at_its_limit(
    key: str, changes: dict[str, object], field: str | None
) -> None:
    cards = tuple(attrs.evolve(c, **changes) if c.key == key else c for c in default_cards())
    if field is None:
        assert Options().with_cards(cards).card_defs == cards
        return
    with pytest.raises(DataError) as info:
        Options().with_cards(cards)
    assert (info.value.entry, info.value.field) == (key, field)


@pytest.mark.rule("SR-3")
def test_a_deck_holds_eight_non_enemy_cards_besides_the_starting_decks() -> None:
    """[SR-3] Setup deals 2 non-Enemy cards to each player from the deck left after the
    starting cards, then the Crossroads: a deck of the starting cards, one more kind and
    Bandits for the rest of the 53 is read with 8 copies of that kind, refused with 7
    (the starting copies count for no one)."""
    from silkroad.serica.cards import check_cards

    cards = by_key()
    starts = tuple(
        attrs.evolve(c, copies=c.han_start + c.rome_start)  # type: ignore[misc]
        for c in cards.values()
        if c.han_start or c.rome_start  # type: ignore[attr-defined]
    )
    for copies, accepted in ((8, True), (7, False)):
        other = attrs.evolve(cards["governor"], copies=copies)  # type: ignore[misc]
        rest = 53 - sum(c.copies for c in starts) - copies
        bandits = attrs.evolve(cards["bandit"], copies=rest)  # type: ignore[misc]
        deck = (*starts, other, bandits)
        if accepted:
            check_cards(deck)
            continue
        with pytest.raises(DataError, match="too few non-Enemy cards") as info:
            check_cards(deck)
        assert info.value.field == "type"


@pytest.mark.rule("SR-3")
def test_starting_copies_may_use_every_copy_of_a_card_and_no_more() -> None:
    """The Guard, in both starting decks: built in code with every copy in the starting
    decks it is checked as a card (the decks' sizes are checked after); with one more
    starting copy than copies it is refused."""
    from silkroad.serica.cards import check_cards

    guard = by_key()["guard"]
    copies = guard.copies  # type: ignore[attr-defined]
    every = attrs.evolve(guard, han_start=copies - 1, rome_start=1)  # type: ignore[misc]
    over = attrs.evolve(guard, han_start=copies, rome_start=1)  # type: ignore[misc]
    with pytest.raises(DataError) as info:
        check_cards((every,))
    assert "53 game cards" in str(info.value)  # passed as a card: only the deck is short
    with pytest.raises(DataError) as info:
        check_cards((over,))
    assert (info.value.entry, info.value.field) == ("guard", "copies")
    assert "more copies" in str(info.value)


def test_the_options_refer_to_the_builtin_cards_instead_of_embedding_them() -> None:
    """A state of the built-in cards names them by leaving ``cards`` empty: its JSON is
    no bigger than a Kashgar state's, and reads back equal."""
    import json

    import silkroad.kashgar as kashgar
    from silkroad.core.serialize import dumps, loads, to_data
    from silkroad.serica.cards import CardDef

    state = new_game(Options(), 3)
    assert state.options.cards is None
    assert state.options.card_defs == default_cards()
    text = dumps(state, GAME)
    assert json.loads(text)["data"]["options"]["cards"] is None
    assert len(text) <= len(dumps(kashgar.new_game(kashgar.Options.create(2), 3), kashgar.GAME))
    assert loads(text, State, game=GAME) == state
    # written before the options referred to the built-in cards: embedded in full
    document = json.loads(text)
    document["data"]["options"]["cards"] = to_data(default_cards(), tuple[CardDef, ...])
    old = loads(json.dumps(document), State, game=GAME)
    assert old == state
    assert old.options.cards is None
    assert Options().with_cards(default_cards()) == Options()
    document["data"]["options"]["cards"] = 5
    with pytest.raises(DataError, match="cannot read"):
        loads(json.dumps(document), State, game=GAME)
    edited = tuple(
        attrs.evolve(c, vp=c.vp + 1) if c.key == "scholar" else c for c in default_cards()
    )
    assert Options().with_cards(edited).cards == edited


@pytest.mark.rule("SR-4")
@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("copies = 2", "copies = 2\nrome_start = -1", "rome_start", "between 0 and 4, got -1"),
        ("copies = 2", "copies = 2\nhan_start = -1", "han_start", "between 0 and 4, got -1"),
        ("copies = 2", "copies = 0", "copies", "between 1 and 53, got 0"),
        ("copies = 2", "copies = 2\nrome_start = 0", None, None),
        ("copies = 2", "copies = 1\nrome_start = 1\nhan_start = 1", "copies", "use 2 copies of 1"),
    ],
)
def test_starting_copies_are_checked_as_the_file_reads(
    old: str, new: str, field: str | None, message: str | None
) -> None:
    text = _scholar(old, new)
    if field is None:
        assert len(parse_card_text(text, "mine.toml")) == len(default_cards())
        return
    with pytest.raises(DataError) as info:
        parse_card_text(text, "mine.toml")
    assert (info.value.entry, info.value.field) == ("scholar", field)
    assert str(message) in str(info.value)
