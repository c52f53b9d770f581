"""[KG-4] Move notation and the integer action space."""

from __future__ import annotations

import pytest

from silkroad.core.errors import IllegalMoveError, InvalidMoveError
from silkroad.core.rng import Rng
from silkroad.kashgar import (
    CaravanAction,
    Fulfill,
    Gain,
    Keep,
    Options,
    PartingAction,
    Pass,
    Place,
    Remove,
    Take,
    action_mask,
    apply,
    decode_move,
    encode_move,
    format_move,
    legal_moves,
    new_game,
    num_actions,
    parse_move,
)

EXAMPLES = [
    (CaravanAction(0, 1), "c1.2"),
    (PartingAction(2, 0), "p3.1"),
    (Pass(1), "pass 2"),
    (Gain((2, 0, 0, 0, 0, 1, 0)), "gain gi+2,go+1"),
    (Gain((0, 0, 0, 0, 0, 0, 0)), "gain nothing"),
    (Keep(57), "keep 57"),
    (Take(0), "take 0"),
    (Fulfill(130), "order 130"),
    (Fulfill(None), "order none"),
    (Remove(57), "remove 57"),
    (Remove(None), "remove none"),
    (Place(3), "place 4"),
]


@pytest.mark.rule("KG-4")
@pytest.mark.parametrize(("move", "text"), EXAMPLES)
def test_notation_round_trips(move: object, text: str) -> None:
    state = new_game(Options.create(2), 0)
    assert str(move) == text == format_move(move)  # type: ignore[arg-type]
    assert parse_move(state, text) == move


@pytest.mark.rule("KG-4")
@pytest.mark.parametrize(
    "text",
    [
        "",
        "c0.1",
        "c1",
        "c1.0",
        "x1.1",
        "pass",
        "pass 0",
        "pass x",
        "keep -1",
        "keep 07",
        "gain",
        "gain go+1,gi+2",
        "gain gi+2,gi+1",
        "gain xx+1",
        "gain gi+0",
        "order",
        "place 0",
        "remove",
        " c1.1",
        "c1.1 ",
    ],
)
def test_malformed_notation_is_invalid(text: str) -> None:
    state = new_game(Options.create(2), 0)
    with pytest.raises(InvalidMoveError):
        parse_move(state, text)


@pytest.mark.rule("KG-4")
def test_action_ids_round_trip_over_random_games() -> None:
    for players, expansion in ((2, "none"), (4, "all")):
        options = Options.create(players, expansion=expansion)
        size = num_actions(options)
        state = new_game(options, 1)
        rng = Rng.from_seed(9)
        while legal_moves(state):
            moves = legal_moves(state)
            ids = [encode_move(state, m) for m in moves]
            assert len(set(ids)) == len(ids)
            assert all(0 <= i < size for i in ids)
            assert [decode_move(state, i) for i in ids] == list(moves)
            mask = action_mask(state)
            assert len(mask) == size
            assert sum(mask) == len(moves)
            assert all(mask[i] for i in ids)
            i, rng = rng.randrange(len(moves))
            state = apply(state, moves[i])


@pytest.mark.rule("KG-4")
def test_bad_action_ids_and_illegal_moves() -> None:
    state = new_game(Options.create(2), 0)
    with pytest.raises(InvalidMoveError):
        decode_move(state, -1)
    with pytest.raises(InvalidMoveError):
        decode_move(state, num_actions(state.options))
    with pytest.raises(IllegalMoveError):
        encode_move(state, Pass(0))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Keep(3))
    assert info.value.state is state
    assert info.value.move == Keep(3)


@pytest.mark.rule("KG-4")
def test_an_illegal_move_that_cannot_be_written_is_named_by_its_fields() -> None:
    state = new_game(Options.create(2), 0)
    for move in (CaravanAction("a", 0), Pass(None)):  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError) as info:
            apply(state, move)
        assert f"({move!r} refused; player 0 to act; legal: " in str(info.value)
        assert str(info.value).startswith(f"{info.value.reason} (")
        assert "there is no caravan" in info.value.reason.text


def test_describe_move_names_the_cards() -> None:
    from silkroad.kashgar import GAME, Options, describe_move, new_game

    state = new_game(Options.create(2), 3)
    texts = [describe_move(state, m) for m in GAME.legal_moves(state)]
    assert (
        "Patriarch, caravan action 1 (to the back of caravan 1): draw 2 Standard cards, keep 1"
        in texts
    )
    assert GAME.describe_move(state, GAME.legal_moves(state)[0]) == texts[0]
    state = GAME.apply(state, next(m for m in GAME.legal_moves(state) if str(m) == "c1.1"))
    keep = [describe_move(state, m) for m in GAME.legal_moves(state)]
    assert all(t.startswith("keeps ") for t in keep)
    assert all(str(m) not in t for m, t in zip(GAME.legal_moves(state), keep, strict=True))


def _example_state() -> object:
    """The KG-4.X example after the first Patriarch's caravan action 1: a Planter and a
    Baker drawn, one to keep."""
    from silkroad import kashgar

    text = """
setup = "bare"
active = 0
[player.0]
caravans = [["patriarch", "grocer"], ["patriarch", "servant"], ["patriarch", "prophet"]]
[piles]
standard = { top = ["planter", "baker"] }
"""
    state = kashgar.GAME.from_position(text)
    return apply(state, CaravanAction(0, 0))


def test_a_card_move_may_name_the_card_by_key_or_printed_name() -> None:
    from silkroad.kashgar.position import names

    state = _example_state()
    n = names(state.options)  # type: ignore[attr-defined]
    by_key = parse_move(state, "keep planter")  # type: ignore[arg-type]
    assert by_key in legal_moves(state)  # type: ignore[arg-type]
    assert n.name[by_key.card].startswith("planter")  # type: ignore[union-attr]
    assert parse_move(state, "keep Planter") == by_key  # type: ignore[arg-type]
    assert parse_move(state, f"keep {by_key.card}") == by_key  # type: ignore[arg-type, union-attr]
    numbered = n.name[by_key.card]  # type: ignore[union-attr]
    if "#" in numbered:
        assert parse_move(state, f"keep {numbered}") == by_key  # type: ignore[arg-type]
    # a card that was not drawn names a move that is not legal now
    scribe = parse_move(state, "keep grocer")  # type: ignore[arg-type]
    assert scribe not in legal_moves(state)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        apply(state, scribe)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["keep unicorn", "keep planter#99", "keep planter#x", "take Nobody"]
)
def test_a_card_name_that_names_no_card_is_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="not a card of this game"):
        parse_move(_example_state(), text)  # type: ignore[arg-type]


@pytest.mark.rule("KG-4")
def test_the_notation_names_cards_as_positions_do_over_random_games() -> None:
    """Every legal move's notation in its game is unique in its state, reads back as the
    move, and names a card by its data key (``key#n`` where copies can be different
    moves); its value form (``str``) reads back too."""
    from silkroad.kashgar.position import names

    for players, expansion in ((2, "none"), (4, "all")):
        options = Options.create(players, expansion=expansion)
        known = set(names(options).name) | {n.split("#")[0] for n in names(options).name}
        state = new_game(options, 5)
        rng = Rng.from_seed(5)
        while legal_moves(state):
            moves = legal_moves(state)
            texts = [format_move(m, state) for m in moves]
            assert len(set(texts)) == len(texts), texts
            for move, text in zip(moves, texts, strict=True):
                assert str(move) == format_move(move)
                assert parse_move(state, text) == move
                assert parse_move(state, str(move)) == move
                arg = text.partition(" ")[2]
                if isinstance(move, Keep | Take | Fulfill | Remove) and arg != "none":
                    assert arg in known, text
            i, rng = rng.randrange(len(moves))
            state = apply(state, moves[i])


@pytest.mark.rule("KG-4")
def test_a_copy_is_numbered_only_where_copies_can_be_different_moves() -> None:
    from silkroad.kashgar.table import table

    options = Options.create(2, expansion="all")
    state = new_game(options, 0)
    t = table(options)
    ids = {d.key: [i for i, e in enumerate(t.defs) if e.key == d.key] for d in t.defs}
    planter, vizier, patriarch = ids["planter"][1], ids["vizier"][1], ids["patriarch"][2]

    def shown(move: object) -> str:
        return format_move(move, state)  # type: ignore[arg-type]

    assert shown(Keep(planter)) == "keep planter"  # the others go to the discard
    assert shown(Take(planter)) == "take planter"  # the discard pile's order is unused
    assert shown(Remove(planter)) == "remove planter#2"  # a caravan's order counts
    assert shown(Keep(vizier)) == "keep vizier#2"  # Special cards go under in order
    assert shown(Take(vizier)) == "take vizier"
    assert shown(Take(patriarch)) == "take patriarch#3"  # two faces
    grocer = ids["grocer"][0]
    assert shown(Remove(grocer)) == "remove grocer"  # one copy
    # a move is its id alone: the table's move and one made by hand are one value and
    # print alike, in the game and by value
    assert t.keep_moves[planter] == Keep(planter)
    assert shown(t.keep_moves[planter]) == shown(Keep(planter))
    assert str(t.keep_moves[planter]) == str(Keep(planter)) == f"keep {planter}"
    assert shown(Keep(10**6)) == f"keep {10**6}"  # an id of no card: by value


def test_named_moves_are_deprecated_and_keep_no_name() -> None:
    with pytest.warns(DeprecationWarning, match="format_move"):
        move = Keep.named(3, "planter")
    assert move == Keep(3)
    assert str(move) == "keep 3"
    for kind in (Keep, Take, Fulfill, Remove):  # the former attribute still answers
        with pytest.warns(DeprecationWarning, match=rf"{kind.__name__}\.name .*format_move"):
            assert kind(3).name is None


@pytest.mark.rule("KG-4")
def test_records_written_with_card_ids_still_replay_and_are_saved_with_names() -> None:
    import json
    from pathlib import Path

    from silkroad.core.replay import Record
    from silkroad.kashgar import GAME

    path = Path(__file__).resolve().parents[1] / "scenarios" / "kashgar" / "2p-base-seed1.json"
    record = Record.load(path, game=GAME)
    document = json.loads(record.to_json(game=GAME))
    named = document["data"]["moves"]
    assert "keep pilgrim" in named
    cards = ("keep", "take", "order", "remove")
    assert not any(m.split()[0] in cards and m.split()[1].isdigit() for m in named)
    by_id = [
        str(type(m)(m.card if isinstance(m, Keep | Take | Remove) else m.order))  # type: ignore[attr-defined]
        if isinstance(m, Keep | Take | Fulfill | Remove) and str(m).split()[1] != "none"
        else format_move(m)
        for m in record.moves
    ]
    assert "keep 96" in by_id  # the notation before cards were named
    document["data"]["moves"] = by_id
    old = Record.from_json(json.dumps(document), game=GAME)
    assert old == record
    assert json.loads(old.to_json(game=GAME))["data"]["moves"] == named
