"""[KG-1] [KG-1.1] [KG-3] Components: the built-in data and the data file format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from silkroad.core.errors import DataError
from silkroad.kashgar import Options, default_card_data, load_card_file, new_game
from silkroad.kashgar.cards import (
    RESOURCES,
    SPICES,
    CardDef,
    DeckKind,
    Effect,
    Op,
    OrderKind,
    Resource,
    Target,
    check_deck,
    parse_card_text,
)
from silkroad.kashgar.table import table

DATA = default_card_data()


def _count(cards: tuple) -> int:  # type: ignore[type-arg]
    return sum(c.copies for c in cards)


@pytest.mark.rule("KG-1")
def test_deck_sizes() -> None:
    assert _count(DATA.patriarch) == 13
    assert _count(DATA.starting) == 12
    assert _count(DATA.standard) == 76
    assert _count(DATA.special) == 12
    assert _count(DATA.expansion) == 12
    assert _count(DATA.orders) == 40
    persons = sum(
        _count(d)
        for d in (DATA.patriarch, DATA.starting, DATA.standard, DATA.special, DATA.expansion)
    )
    assert persons == 125


@pytest.mark.rule("KG-1")
def test_value_ranges_of_the_component_notes() -> None:
    ranks = sorted(c.rank for c in DATA.starting)  # type: ignore[type-var]
    assert ranks == list(range(1, 13))
    assert {c.front.vp for c in DATA.starting} <= {0, 1, 2, 3}
    assert {c.front.vp for c in DATA.standard} <= {-1, 0, 1, 3}
    assert any(c.front.vp_per_grain for c in DATA.standard)  # a variable amount
    assert {c.front.vp for c in DATA.special} <= {1, 2, 3}
    assert {c.front.vp for c in DATA.expansion} <= {-2, 1, 2, 3}
    by_kind = {
        k: [o for o in DATA.orders for _ in range(o.copies) if o.kind is k] for k in OrderKind
    }
    assert len(by_kind[OrderKind.SMALL]) == 16
    assert len(by_kind[OrderKind.LARGE]) == 12
    assert len(by_kind[OrderKind.SPECIAL]) == 12
    assert {o.vp for o in by_kind[OrderKind.SMALL]} <= {2, 3}
    assert {o.vp for o in by_kind[OrderKind.LARGE]} <= {4, 5, 6}
    assert {o.vp for o in by_kind[OrderKind.SPECIAL]} <= {1, 2, 3}
    assert any(o.grain for o in DATA.orders)


@pytest.mark.rule("KG-1")
def test_named_persons_are_present() -> None:
    names = {c.front.name for d in (DATA.standard, DATA.starting) for c in d}
    for name in (
        "Grocer",
        "Planter",
        "Baker",
        "Servant",
        "Prophet",
        "Scribe",
        "Farmer",
        "Spice Trader",
        "Huckster",
        "Cinnamon Prince",
        "Farrier",
        "Grey Eminence",
        "Market Woman",
        "Quack",
        "Mule Trader",
        "Aristocrat",
    ):
        assert name in names, name
    assert DATA.patriarch[0].front.name == "Patriarch"
    assert DATA.patriarch[0].back is not None
    assert DATA.patriarch[0].back.name == "Matriarch"
    expansion = {c.front.name for c in DATA.expansion}
    assert "Caravan Leader" in expansion  # printed so, without a suffix (KG-8)


@pytest.mark.rule("KG-4.X")
def test_grocer_servant_and_prophet_are_starting_cards() -> None:
    """[KG-2] [KG-4.X] The three persons behind the Patriarchs at the beginning of the
    game are dealt at setup: Starting cards, each with a rank, and in no other deck."""
    starting = {c.front.name: c for c in DATA.starting}
    for name in ("Grocer", "Servant", "Prophet"):
        assert name in starting, name
        assert starting[name].rank is not None
    others = (DATA.patriarch, DATA.standard, DATA.special, DATA.expansion)
    assert not {"Grocer", "Servant", "Prophet"} & {c.front.name for d in others for c in d}
    # The Grocer's parting action fulfils an order, paying its cost (KG-5.X).
    (fulfil,) = starting["Grocer"].front.parting
    assert [(e.op, e.free) for e in fulfil.effects] == [(Op.FULFILL, False)]


@pytest.mark.rule("KG-8")
def test_no_base_card_shares_a_name_or_a_role_with_an_expansion_card() -> None:
    """Invented base cards keep clear of the Cut & Thrust cards: no name in common, and
    none does what only an expansion card does (moving cards between players'
    caravans, an extra turn, lowering other players' tracks)."""
    expansion_only = {Op.MOVE_TO_LEFT, Op.EXTRA_TURN, Op.HERD, Op.SEARCH}
    base = [c for d in (DATA.patriarch, DATA.starting, DATA.standard, DATA.special) for c in d]
    expansion_names = {c.front.name for c in DATA.expansion}
    for card in base:
        faces = [card.front] if card.back is None else [card.front, card.back]
        for face in faces:
            assert face.name not in expansion_names, card.key
            for action in (*face.caravan, *face.parting):
                for e in action.effects:
                    assert e.op not in expansion_only, (card.key, e.op)
                    assert e.target is Target.SELF, (card.key, e.op)
    # The old invented "Caravan Leader" and "Herdsman" of the Standard deck are gone.
    assert not {"Caravan Leader", "Herdsman", "Herder"} & {c.front.name for c in base}


@pytest.mark.rule("KG-1")
def test_every_entry_has_provenance_and_note() -> None:
    for deck in (
        DATA.patriarch,
        DATA.starting,
        DATA.standard,
        DATA.special,
        DATA.expansion,
        DATA.orders,
    ):
        for c in deck:
            assert c.provenance in ("rulebook", "reconstructed"), c.key
            assert c.note, c.key
    assert all(c.provenance == "rulebook" for c in DATA.expansion)


@pytest.mark.rule("KG-1")
def test_expansion_is_exactly_as_printed() -> None:
    cards = {c.key: c for c in DATA.expansion}
    assert {k: (c.front.name, c.front.vp, c.copies) for k, c in cards.items()} == {
        "beggar": ("Beggar", 1, 2),
        "caravan_leader": ("Caravan Leader", 1, 2),
        "conjuress": ("Conjuress", 2, 2),
        "gate_keeper": ("Gate Keeper", 3, 2),
        "herder": ("Herder", 2, 2),
        "messenger": ("Messenger", 1, 2),
    }
    assert [c.key for c in DATA.expansion if c.front.must_act] == ["gate_keeper"]
    ops = {k: [e.op for a in c.front.caravan for e in a.effects] for k, c in cards.items()}
    assert ops["conjuress"] == [Op.MOVE_TO_LEFT, Op.EXTRA_TURN, Op.INCREASE]
    assert ops["messenger"] == [Op.SEARCH, Op.MOVE_TO_LEFT]
    assert ops["herder"] == [Op.HERD]


@pytest.mark.rule("KG-1.1")
def test_symbols_are_the_seven_tracks_and_any_spice() -> None:
    assert [r.value for r in RESOURCES] == [
        "ginger",
        "cloves",
        "pepper",
        "anise",
        "cinnamon",
        "gold",
        "mules",
    ]
    deck, cards = parse_card_text(
        'deck = "standard"\n[[card]]\nkey = "x"\nname = "X"\nprovenance = "reconstructed"\n'
        'note = "n"\n'
        'caravan = [ { effects = [ { op = "increase", amounts = { any_spice = 2 } } ] } ]\n'
    )
    assert deck is DeckKind.STANDARD
    effect = cards[0].front.caravan[0].effects[0]  # type: ignore[union-attr]
    # One alternative per spice, never gold or mules.
    assert [RESOURCES[a.index(2)] for a in effect.choices] == list(SPICES)
    assert Resource.GOLD not in SPICES
    assert Resource.MULES not in SPICES


@pytest.mark.rule("KG-3")
def test_person_cards_have_name_vp_actions_and_costs() -> None:
    t = table(Options.create(2))
    for card in range(t.persons):
        face = t.face(card, False)
        assert face.name
        assert face.caravan or face.parting
        for action in (*face.caravan, *face.parting):
            assert len(action.cost) == 7
            assert min(action.cost) >= 0
            assert action.effects


BASE = (
    'deck = "standard"\n[[card]]\nkey = "x"\nname = "X"\nprovenance = "reconstructed"\nnote = "n"\n'
)


@pytest.mark.rule("KG-1")
@pytest.mark.parametrize(
    ("text", "entry", "field"),
    [
        ('deck = "standard"\n[[card]]\nname = "X"\n', "card[0]", "key"),
        (BASE.replace('provenance = "reconstructed"', 'provenance = "guess"'), "x", "provenance"),
        (BASE + 'vp = "three"\n', "x", "vp"),
        (
            BASE + 'caravan = [ { effects = [ { op = "teleport" } ] } ]\n',
            "x",
            "caravan[0].effects[0].op",
        ),
        (
            BASE
            + 'caravan = [ { effects = [ { op = "increase", amounts = { saffron = 1 } } ] } ]\n',
            "x",
            "caravan[0].effects[0].amounts.saffron",
        ),
        (BASE + "caravan = [ { cost = { gold = -1 } } ]\n", "x", "caravan[0].cost"),
        (
            BASE + 'caravan = [ { effects = [ { op = "set", amounts = { mules = 7 } } ] } ]\n',
            "x",
            "caravan[0].effects[0].amounts",
        ),
        (
            'deck = "starting"\n[[card]]\nkey = "s"\nname = "S"\n'
            'provenance = "rulebook"\nnote = "n"\n',
            "s",
            "rank",
        ),
        (
            'deck = "orders"\n[[order]]\nkey = "o"\nname = "O"\nkind = "huge"\nvp = 1\nmules = 1\n'
            'cost = { gold = 1 }\nprovenance = "rulebook"\nnote = "n"\n',
            "o",
            "kind",
        ),
        (BASE + BASE.split("\n", 1)[1], "x", "key"),
        # Per-field provenance: a printed field must exist and have a source ...
        (BASE + 'printed = { rank = "KG-4.X" }\nvp = 1\n', "x", "printed.rank"),
        (BASE + "printed = { name = 3 }\nvp = 1\n", "x", "printed.name"),
        # ... a rulebook entry prints every field, a reconstructed one not all of them.
        (
            BASE.replace('"reconstructed"', '"rulebook"') + 'printed = { name = "KG-8" }\nvp = 1\n',
            "x",
            "printed",
        ),
        (BASE + 'printed = { name = "KG-8" }\n', "x", "provenance"),
    ],
)
def test_bad_files_name_file_card_and_field(text: str, entry: str, field: str) -> None:
    with pytest.raises(DataError) as info:
        parse_card_text(text, "mine.toml")
    err = info.value
    assert (err.source, err.entry, err.field) == ("mine.toml", entry, field)
    assert "mine.toml" in str(err)
    assert entry in str(err)
    assert field in str(err)


@pytest.mark.rule("KG-1")
def test_not_toml_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="not valid TOML"):
        parse_card_text("deck = [", "broken.toml")
    with pytest.raises(DataError, match="cannot read"):
        load_card_file(tmp_path / "missing.toml")


@pytest.mark.rule("KG-1")
def test_a_user_file_replaces_a_deck_and_games_replay_without_it(tmp_path: Path) -> None:
    path = tmp_path / "special.toml"
    lines = ['deck = "special"']
    for i in range(12):
        lines += [
            "[[card]]",
            f'key = "s{i}"',
            f'name = "Printed {i}"',
            "vp = 2",
            'provenance = "rulebook"',
            'note = "from my copy"',
            'caravan = [ { effects = [ { op = "increase", amounts = { gold = 1 } } ] } ]',
        ]
    path.write_text("\n".join(lines))
    options = Options.create(2).with_card_file(path)
    path.unlink()  # the options carry the definitions
    state = new_game(options, 3)
    t = table(options)
    assert {t.name[c] for c in state.special} == {f"Printed {i}" for i in range(12)}
    assert options.cards is not None
    assert options.cards.special[0].note == "from my copy"
    # Too few cards for the player count is refused.
    small = tmp_path / "patriarch.toml"
    small.write_text(
        'deck = "patriarch"\n[[card]]\nkey = "p"\nname = "P"\ncopies = 4\n'
        'provenance = "rulebook"\nnote = "n"\n'
        'caravan = [ { effects = [ { op = "turn" } ] } ]\n'
    )
    with pytest.raises(DataError, match="patriarch"):
        Options.create(2).with_card_file(small)
    assert DeckKind.SPECIAL.value == "special"


@pytest.mark.rule("KG-2")
@pytest.mark.parametrize(
    "kwargs", [{"players": 1}, {"players": 5}, {"players": True}, {"round_limit": 0}]
)
def test_bad_options_are_refused(kwargs: dict[str, object]) -> None:
    from silkroad.core.errors import RulesError

    with pytest.raises(RulesError):
        Options(**kwargs)  # type: ignore[arg-type]


@pytest.mark.rule("KG-1")
def test_a_deck_file_too_small_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "orders.toml"
    path.write_text(
        'deck = "orders"\n[[order]]\nkey = "o"\nname = "O"\nkind = "small"\nvp = 2\n'
        'mules = 1\ncost = { gold = 1 }\nprovenance = "rulebook"\nnote = "n"\n'
    )
    with pytest.raises(DataError) as info:
        Options.create(2).with_card_file(path)
    assert info.value.source == str(path)
    assert info.value.field == "copies"
    assert "at least 4" in str(info.value)


# --------------------------------------------------------------------------- every check


def _effect(effect: str) -> str:
    return BASE + f"caravan = [ {{ effects = [ {effect} ] }} ]\n"


_E = "caravan[0].effects[0]"
_ORDER = (
    'deck = "orders"\n[[order]]\nkey = "o"\nname = "O"\nkind = "small"\n'
    'provenance = "reconstructed"\nnote = "n"\n'
)


@pytest.mark.rule("KG-1")
@pytest.mark.parametrize(
    ("text", "entry", "field"),
    [
        (BASE + "caravan = [ { cost = 3 } ]\n", "x", "caravan[0].cost"),
        (BASE + "caravan = [ { cost = { gold = true } } ]\n", "x", "caravan[0].cost"),
        (BASE + "caravan = [ { cost = { gold = 1.5 } } ]\n", "x", "caravan[0].cost"),
        # "any spice" is a gain, never a cost
        (BASE + "caravan = [ { cost = { any_spice = 1 } } ]\n", "x", "caravan[0].cost.any_spice"),
        (BASE + "caravan = [ 3 ]\n", "x", "caravan[0]"),
        (BASE + "caravan = [ { effects = 3 } ]\n", "x", "caravan[0].effects"),
        (BASE + "caravan = [ {}, {}, {}, {} ]\n", "x", "caravan"),  # at most 3 actions
        (_effect("3"), "x", _E),
        (_effect('{ op = "turn", colour = "red" }'), "x", f"{_E}.colour"),
        (
            _effect('{ op = "increase", amounts = { gold = 1 }, target = "all" }'),
            "x",
            f"{_E}.target",
        ),
        (_effect('{ op = "increase", amounts = { gold = 1 }, choose = [] }'), "x", _E),
        (_effect('{ op = "set" }'), "x", _E),
        (
            _effect('{ op = "decrease", choose = [ { gold = 1 }, { mules = 1 } ] }'),
            "x",
            f"{_E}.choose",
        ),
        (_effect('{ op = "increase", choose = { gold = 1 } }'), "x", f"{_E}.choose"),
        (_effect('{ op = "increase", choose = [ { gold = 1 } ] }'), "x", f"{_E}.choose"),
        (_effect('{ op = "set", amounts = { gold = 10 } }'), "x", f"{_E}.amounts"),
        # 5 + 4 alternatives: one more than 8
        (
            _effect(
                '{ op = "increase", choose = [ { any_spice = 1 }, { gold = 1 }, { mules = 1 }, '
                "{ ginger = 2 }, { cloves = 2 } ] }"
            ),
            "x",
            _E,
        ),
        (
            _effect(
                '{ op = "increase", choose = [ { gold = 1 }, { mules = 1 } ], target = "others" }'
            ),
            "x",
            f"{_E}.target",
        ),
        (_effect('{ op = "draw", deck = "orders" }'), "x", f"{_E}.deck"),
        (_effect('{ op = "draw", count = 0, keep = 0 }'), "x", _E),
        (_effect('{ op = "draw", count = 2, keep = 0 }'), "x", _E),
        (_effect('{ op = "draw", count = 2, keep = 3 }'), "x", _E),
        (_effect('{ op = "fulfill", kinds = ["huge"] }'), "x", f"{_E}.kinds"),
        (
            _effect('{ op = "increase", amounts = { gold = 1 }, condition = 3 }'),
            "x",
            f"{_E}.condition",
        ),
        (
            _effect(
                '{ op = "increase", amounts = { gold = 1 }, condition = { resource = "gold" } }'
            ),
            "x",
            f"{_E}.condition",
        ),
        (
            _effect(
                '{ op = "increase", amounts = { gold = 1 }, '
                'condition = { resource = "silk", at_least = 1 } }'
            ),
            "x",
            f"{_E}.condition.resource",
        ),
        (BASE + "vp_per_grain = -1\n", "x", "vp_per_grain"),
        (BASE + "copies = 0\n", "x", "copies"),
        (BASE + "back = 3\n", "x", "back"),
        (BASE + 'printed = { name = "" }\nvp = 1\n', "x", "printed.name"),
        (_ORDER + "vp = -1\nmules = 1\ncost = { gold = 1 }\n", "o", "vp"),
        (_ORDER + "vp = 1\nmules = -1\ncost = { gold = 1 }\n", "o", "mules"),
        (_ORDER + "vp = 1\nmules = 1\n", "o", "cost"),
        (_ORDER + "vp = 1\nmules = 1\ncost = { gold = 1 }\ncopies = 0\n", "o", "copies"),
    ],
)
def test_every_check_of_a_card_file_names_its_field(text: str, entry: str, field: str) -> None:
    with pytest.raises(DataError) as info:
        parse_card_text(text, "mine.toml")
    err = info.value
    assert (err.source, err.entry, err.field) == ("mine.toml", entry, field)


@pytest.mark.rule("KG-1")
@pytest.mark.parametrize(
    ("text", "entry", "message"),
    [
        ('deck = "standard"\ncard = [ 3 ]\n', "card[0]", "a card is a table"),
        ('deck = "orders"\norder = [ 3 ]\n', "order[0]", "an order is a table"),
        ('deck = "standard"\ncard = []\n', None, "no entries"),
        ('deck = "orders"\norder = []\n', None, "no entries"),
    ],
)
def test_entries_that_are_no_card_and_empty_decks(
    text: str, entry: str | None, message: str
) -> None:
    with pytest.raises(DataError, match=message) as info:
        parse_card_text(text, "mine.toml")
    assert info.value.entry == entry


@pytest.mark.rule("KG-1")
def test_the_limits_of_a_card_file_are_allowed_at_the_limit() -> None:
    """Each limit of the format, met exactly: three actions, 8 alternatives, a Set to
    the track maxima (9, mules 6), keep = count, one copy, amounts of 0."""
    text = BASE + (
        "copies = 1\nvp_per_grain = 0\ncaravan = [\n"
        '  { cost = { gold = 0 }, effects = [ { op = "set", '
        "amounts = { gold = 9, mules = 6 } } ] },\n"
        '  { effects = [ { op = "increase", choose = [ { any_spice = 1 }, { gold = 1 }, '
        "{ mules = 1 }, { ginger = 2 } ] } ] },\n"
        '  { effects = [ { op = "draw", count = 2, keep = 2 } ] },\n]\n'
    )
    _, (card,) = parse_card_text(text, "mine.toml")
    assert card.copies == 1
    first, second, third = card.front.caravan
    assert first.cost == (0,) * 7
    assert first.effects[0].choices == ((-1, -1, -1, -1, -1, 9, 6),)
    # "any spice" in an alternative is one alternative per spice
    assert len(second.effects[0].choices) == 8
    assert second.effects[0].choices[:5] == tuple(
        tuple(1 if i == s else 0 for i in range(7)) for s in range(5)
    )
    assert (third.effects[0].count, third.effects[0].keep) == (2, 2)


@pytest.mark.rule("KG-1")
def test_a_card_built_in_python_equals_the_same_card_read_from_a_file() -> None:
    """The defaults of the definition classes are the defaults of the file format, so a
    card made in code with only the required fields is the card a file gives."""
    from silkroad.kashgar.cards import Action, CardDef, Effect, Face, OrderDef

    _, (card,) = parse_card_text(
        BASE.replace('"reconstructed"', '"rulebook"')
        + 'caravan = [ { effects = [ { op = "draw" } ] } ]\n',
        "mine.toml",
    )
    built = CardDef(
        key="x",
        deck=DeckKind.STANDARD,
        front=Face("X", caravan=(Action(effects=(Effect(Op.DRAW, deck=DeckKind.STANDARD),)),)),
        provenance="rulebook",
        note="n",
    )
    assert card == built
    _, (order,) = parse_card_text(
        _ORDER.replace('"reconstructed"', '"rulebook"')
        + "vp = 2\nmules = 1\ncost = { gold = 1 }\n",
        "mine.toml",
    )
    assert order == OrderDef(
        "o", "O", OrderKind.SMALL, 2, 1, (0, 0, 0, 0, 0, 1, 0), provenance="rulebook", note="n"
    )


@pytest.mark.rule("KG-1")
def test_where_a_field_is_printed() -> None:
    from silkroad.kashgar.cards import is_printed, printed_source

    printed = (("name", "KG-8"), ("caravan", "KG-4.X"))
    assert printed_source("name", printed) == "KG-8"
    assert printed_source("caravan[1]", printed) == "KG-4.X"  # the whole list is printed
    assert printed_source("vp", printed) is None
    assert printed_source("caravans", printed) is None
    assert is_printed("caravan[0]", printed)
    assert not is_printed("parting[0]", printed)


_CARD = (
    'deck = "special"\n[[card]]\nkey = "s"\nname = "S"\nprovenance = "reconstructed"\nnote = "n"\n'
)


@pytest.mark.rule("KG-1")
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("copies = 1000000000000\n", "at most 200 cards in a deck"),
        (
            "copies = 150\n[[card]]\nkey = 't'\nname = 'T'\nprovenance = 'reconstructed'\n"
            "note = 'n'\ncopies = 60\n",
            "the special deck has 210",
        ),
        ("vp = 1000000000\n", "vp: must be an integer from -25 to 25"),
        ("caravan = [ { cost = { gold = 99 } } ]\n", "cost.gold: must be an integer from 0 to 9"),
        (
            "caravan = [ { effects = [ { op = 'increase', amounts = { mules = 50 } } ] } ]\n",
            "mules: must be an integer from 0 to 6",
        ),
        (
            "caravan = [ { effects = [ { op = 'draw', count = 10000 } ] } ]\n",
            "count: must be an integer from 1 to 20",
        ),
        (
            "caravan = [ { effects = [ { op = 'turn', condition = { resource = 'gold', "
            "at_least = 40 } } ] } ]\n",
            "at_least: must be an integer from 0 to 9",
        ),
    ],
)
def test_absurd_numbers_in_a_card_file_are_refused_at_load(text: str, words: str) -> None:
    with pytest.raises(DataError) as info:
        parse_card_text(_CARD + text, "mine.toml")
    assert info.value.source == "mine.toml"
    assert words in str(info.value)


@pytest.mark.rule("KG-1")
def test_card_data_in_json_options_is_checked_like_a_file() -> None:
    """Options carry their card data into saves and records; a hand-edited document
    gets the checks of a data file (copies, numbers, complete effects)."""
    from silkroad.core.serialize import from_data, to_data

    plain = to_data(Options.create(2).with_deck(DeckKind.SPECIAL, DATA.special))
    assert from_data(plain, Options) == Options.create(2).with_deck(DeckKind.SPECIAL, DATA.special)
    broken = [
        lambda c: c["special"][0].__setitem__("copies", 10**12),
        lambda c: c["special"][0]["front"].__setitem__("vp", 10**9),
        lambda c: c["patriarch"][0]["front"]["caravan"][0]["effects"][0].update(op="increase"),
        lambda c: c["standard"][0].__setitem__("deck", "special"),
        lambda c: c["orders"][0].__setitem__("mules", -2),
    ]
    for change in broken:
        copy = to_data(Options.create(2).with_deck(DeckKind.SPECIAL, DATA.special))
        change(copy["cards"])
        with pytest.raises(DataError):
            from_data(copy, Options)


@pytest.mark.rule("KG-8")
def test_an_expansion_file_with_too_few_copies_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "expansion.toml"
    text = Path(__file__).parents[2] / "src/silkroad/kashgar/data/expansion.toml"
    path.write_text(text.read_text().replace("copies = 2\n", ""))
    with pytest.raises(DataError) as info:
        Options.create(2, expansion="all").with_card_file(path)
    assert info.value.source == str(path)
    assert "copies" in str(info.value)


@pytest.mark.rule("KG-1")
def test_decks_made_in_code_are_checked_as_values() -> None:
    """check_deck refuses what no card file could hold, naming the entry and field: an
    order without a name, and a deck on an effect that draws nothing."""
    import attrs

    from silkroad.kashgar.cards import check_deck

    orders = DATA.orders
    with pytest.raises(DataError) as info:
        check_deck(DeckKind.ORDERS, (attrs.evolve(orders[0], name=""), *orders[1:]))
    assert (info.value.entry, info.value.field) == (orders[0].key, "name")
    assert "an order needs a name" in str(info.value)
    card = DATA.standard[0]
    action = card.front.caravan[0]
    effect = attrs.evolve(action.effects[0], deck=DeckKind.STANDARD)
    assert effect.op is Op.INCREASE
    bad = attrs.evolve(
        card,
        front=attrs.evolve(card.front, caravan=(attrs.evolve(action, effects=(effect,)),)),
    )
    with pytest.raises(DataError) as info:
        check_deck(DeckKind.STANDARD, (bad, *DATA.standard[1:]))
    assert (info.value.entry, info.value.field) == (card.key, "caravan[0].effects[0].deck")
    assert "increase takes no deck" in str(info.value)


def _with_effect(card: CardDef, effect: Effect) -> CardDef:
    """``card`` with its first caravan action doing only ``effect``."""
    action = attrs.evolve(card.front.caravan[0], effects=(effect,))
    return attrs.evolve(card, front=attrs.evolve(card.front, caravan=(action,)))


def _bad_decks() -> dict[str, tuple[DeckKind, tuple[Any, ...], str, str, str]]:
    """Decks made in code, each wrong in one place: (deck, cards, entry, field, message)."""
    order, person, starting = DATA.orders[0], DATA.standard[0], DATA.starting[0]
    two = DATA.standard[0].front.caravan[0].effects[0].choices
    assert len(two) == 2
    return {
        "order among persons": (
            DeckKind.STANDARD,
            (order, *DATA.standard[1:]),
            order.key,
            "deck",
            "an order in the standard deck",
        ),
        "person among orders": (
            DeckKind.ORDERS,
            (person, *DATA.orders[1:]),
            person.key,
            "deck",
            "the order deck holds only orders",
        ),
        "starting card without rank": (
            DeckKind.STARTING,
            (attrs.evolve(starting, rank=None), *DATA.starting[1:]),
            starting.key,
            "rank",
            "a Starting card needs its rank",
        ),
        "negative points per grain field": (
            DeckKind.STANDARD,
            (attrs.evolve(person, front=attrs.evolve(person.front, vp_per_grain=-1)),),
            person.key,
            "vp_per_grain",
            "must be an integer from 0 to 25, got -1",
        ),
        "decrease with two amounts": (
            DeckKind.STANDARD,
            (_with_effect(person, Effect(Op.DECREASE, choices=two)),),
            person.key,
            "caravan[0].effects[0]",
            "only an Increase of the acting player offers a choice",
        ),
        "increase of the others with two amounts": (
            DeckKind.STANDARD,
            (_with_effect(person, Effect(Op.INCREASE, Target.OTHERS, choices=two)),),
            person.key,
            "caravan[0].effects[0]",
            "only an Increase of the acting player offers a choice",
        ),
    }


@pytest.mark.rule("KG-1")
@pytest.mark.parametrize("case", list(_bad_decks()))
def test_each_check_of_a_deck_made_in_code_names_its_entry_and_field(case: str) -> None:
    deck, cards, entry, field, message = _bad_decks()[case]
    with pytest.raises(DataError) as info:
        check_deck(deck, cards)
    assert (info.value.entry, info.value.field) == (entry, field)
    assert message in str(info.value)


@pytest.mark.rule("KG-1")
def test_an_increase_of_the_acting_player_may_offer_two_amounts() -> None:
    """The other side of the check above: the same two amounts on an Increase of the
    acting player are a choice, which the check lets through."""
    two = DATA.standard[0].front.caravan[0].effects[0].choices
    check_deck(
        DeckKind.STANDARD, (_with_effect(DATA.standard[0], Effect(Op.INCREASE, choices=two)),)
    )
