"""The contract: notation, action ids, errors, observation, determinization, render."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.errors import IllegalMoveError, InvalidMoveError, StateError
from silkroad.core.rng import Rng
from silkroad.serica import (
    GAME,
    Build,
    Choice,
    Choose,
    Done,
    Options,
    Pay,
    Rearrange,
    Swap,
    Use,
    action_mask,
    apply,
    decode_move,
    default_options,
    determinize,
    encode_move,
    format_move,
    legal_moves,
    new_game,
    num_actions,
    observe,
    parse_move,
    render,
    validate,
)
from silkroad.serica.cards import Good
from silkroad.serica.encoding import all_moves
from silkroad.serica.observe import HIDDEN
from silkroad.serica.state import Step
from silkroad.serica.table import table

from .helpers import Builder, play


def random_states(seed: int, steps: int, options: Options | None = None):  # type: ignore[no-untyped-def]
    state = new_game(options or Options(), seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        moves = legal_moves(state)
        if not moves:
            break
        yield state
        i, rng = rng.randrange(len(moves))
        state = apply(state, moves[i])


@pytest.mark.rule("SR-5")
def test_every_move_of_the_action_space_has_a_notation_that_round_trips() -> None:
    state = new_game(Options(), 0)
    moves = all_moves(Options())
    assert len(moves) == num_actions(Options()) == len(set(moves))
    for move in moves:
        text = format_move(move)
        assert text == str(move)
        assert parse_move(state, text) == move


def test_examples_of_the_notation() -> None:
    assert str(Pay(Good.WINE, 2)) == "pay wine with 2 artisans"
    assert str(Pay(Good.WINE, 1)) == "pay wine with 1 artisan"
    assert str(Build("trading-post", 3)) == "build trading-post in 3"
    assert str(Swap(2, Good.SILK, Good.SPICES)) == "swap spices for silk in 2"
    assert str(Swap(1, Good.SILK)) == "add silk to 1"
    assert str(Rearrange(1, 2, 4, 3)) == "rearrange 1.2 4.3"
    assert str(Choose(Choice.VP)) == "choose vp"


def test_a_payment_with_one_artisan_reads_in_the_singular_and_as_older_records_wrote_it() -> None:
    state = new_game(Options(), 0)
    for text in ("pay wine with 1 artisan", "pay wine with 1 artisans"):
        assert parse_move(state, text) == Pay(Good.WINE, 1)
    assert parse_move(state, "pay wine with 2 artisan") == Pay(Good.WINE, 2)
    with pytest.raises(InvalidMoveError):
        parse_move(state, "pay wine with 1 artisanal")


@pytest.mark.parametrize(
    "text",
    [
        "",
        " done",
        "done ",
        "done  now",
        "produce tea",
        "produce Silk",
        "build guard in 5",
        "build guard 2",
        "pay wine with 0 artisans",
        "use",
        "use nobody",
        "rearrange 1.2",
        "rearrange 1.4 2.1",
        "caravan 4",
        "take 0",
        "choose maybe",
        "swap silk for x in 1",
        "\x00 not a move \x00",
        "hire 2",
        "place 01",
    ],
)
def test_malformed_notation_raises_invalid_move_error(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(new_game(Options(), 0), text)


def test_an_illegal_move_raises_and_leaves_the_state_unchanged() -> None:
    state = new_game(Options(first_player=0), 0)
    copy = attrs.evolve(state)

    class Incomparable:
        def __eq__(self, other: object) -> bool:
            raise TypeError("cannot be compared")

        __hash__ = None  # type: ignore[assignment]

    odd = (["done"], {}, Incomparable())
    for move in (Build("guard", 1), Use("general"), Done, "done", Pay(Good.GOLD), *odd):
        with pytest.raises(IllegalMoveError) as info:
            apply(state, move)  # type: ignore[arg-type]
        assert info.value.state is state
    assert state == copy


def test_action_ids_decode_to_legal_moves_and_match_the_mask() -> None:
    for state in random_states(1, 150):
        moves = legal_moves(state)
        ids = [encode_move(state, m) for m in moves]
        assert [decode_move(state, i) for i in ids] == list(moves)
        mask = action_mask(state)
        assert {i for i, ok in enumerate(mask) if ok} == set(ids)
        illegal = next(i for i, ok in enumerate(mask) if not ok)
        with pytest.raises(InvalidMoveError):
            decode_move(state, illegal)
    with pytest.raises(InvalidMoveError):
        decode_move(new_game(Options(), 0), num_actions(Options()))


def test_observation_hides_draw_orders_the_other_hand_and_the_crossroads_pile() -> None:
    state = new_game(Options(first_player=0), 4)
    obs = observe(state, 0)
    me, other = obs.players
    assert me.draw_cards == tuple(sorted(state.players[0].draw))
    # [SR-3] of Rome's draw pile Han knows the printed starting cards, not the two drawn
    rome_draw = state.players[1].draw
    assert state.players[1].secret
    assert set(other.draw_cards) == set(rome_draw) - set(state.players[1].secret)
    assert other.draw_size == len(rome_draw)
    assert obs.cross_pile_size == len(state.cross_pile)
    assert obs.players[1].empire == state.players[1].empire  # Empires are open
    assert not hasattr(obs, "rng")
    assert not hasattr(obs, "cross_pile")
    # two states differing only in the other player's draw pile order look the same
    rome = state.players[1]
    swapped = attrs.evolve(rome, draw=rome.draw[::-1])
    other_state = attrs.evolve(state, players=(state.players[0], swapped))
    assert rome.draw != swapped.draw
    assert observe(other_state, 0) == obs


def test_general_cards_are_seen_by_the_general_only() -> None:
    b = Builder()
    han = b.player(empire=["general"], fields=[["fort"], [], [], []])
    rome = b.player(draw=["city", "envoy", "smith", "trader"])
    state = play(b.state(han, rome), Use("general"))
    assert HIDDEN not in observe(state, 0).pending.cards  # type: ignore[union-attr]
    assert observe(state, 1).pending.cards == (HIDDEN,) * 3  # type: ignore[union-attr]
    world = determinize(observe(state, 1), 5)
    validate(world)
    assert observe(world, 1) == observe(state, 1)
    assert legal_moves(world) == legal_moves(state)


@pytest.mark.parametrize("seed", range(3))
def test_determinize_is_consistent_with_the_observation(seed: int) -> None:
    differing = 0
    for n, state in enumerate(random_states(seed, 400)):
        if n % 25:
            continue
        for p in (0, 1):
            obs = observe(state, p)
            world = determinize(obs, seed + n)
            validate(world)
            assert observe(world, p) == obs
            if p == state.active:
                assert legal_moves(world) == legal_moves(state)
            differing += world.players[1 - p].draw != state.players[1 - p].draw
    assert differing > 0


@pytest.mark.rule("SR-4")
def test_determinize_deals_the_unseen_enemies_to_the_crossroads_pile_only() -> None:
    """Enemies stay with the Crossroads unless a City took one: while the Crossroads
    draw pile can hold every unseen Enemy, a determinized world puts them all there,
    never in the other player's draw pile, however the deal falls (the new game's pile
    of the other player holds cards no one has seen)."""
    state = new_game(Options(), 0)
    t = table(state.options)
    obs = observe(state, 0)
    assert obs.players[1].draw_size > 0
    enemies_in_pile = 0
    for seed in range(200):
        world = determinize(obs, seed)
        validate(world)
        assert not any(t.enemy[c] for c in world.players[1].draw), seed
        enemies_in_pile += sum(t.enemy[c] for c in world.cross_pile)
    assert enemies_in_pile == 200 * sum(t.enemy[c] for c in state.cross_pile)


def test_validate_refuses_a_lost_card_and_negative_goods() -> None:
    state = new_game(Options(), 0)
    lost = attrs.evolve(state, crossroads=state.crossroads[1:])
    with pytest.raises(StateError, match="exactly one place"):
        validate(lost)
    han = attrs.evolve(state.players[0], supply=(-1, 0, 0, 0, 0, 0))
    with pytest.raises(StateError, match="supply"):
        validate(attrs.evolve(state, players=(han, state.players[1])))


def test_render_shows_the_table() -> None:
    text = render(new_game(Options(first_player=1), 0))
    assert "Roman Empire to play" in text
    assert "Crossroads (draw pile" in text
    assert "field 4" in text


def test_options_and_spec() -> None:
    assert default_options() == Options()
    assert default_options(2) == Options()
    with pytest.raises(ValueError, match="two-player"):
        default_options(3)
    with pytest.raises(ValueError, match="first_player"):
        Options(first_player=2)
    with pytest.raises(ValueError, match="round_limit"):
        Options(round_limit=0)
    assert GAME.spec.name == "serica"
    assert GAME.spec.variants == ("co-op",)
    assert GAME.num_players(new_game(Options(), 0)) == 2
    assert new_game(Options(), 0).step is Step.PRODUCE


def test_the_package_exports_exactly_its_public_api() -> None:
    import inspect

    from silkroad import serica

    public = {
        name
        for name in dir(serica)
        if not name.startswith("_") and not inspect.ismodule(getattr(serica, name))
    } - {"annotations"}
    assert public == set(serica.__all__)
