"""[SR-6] The Serica evaluation: clearly better states score higher."""

from __future__ import annotations

import attrs
import pytest

from silkroad import serica
from silkroad.serica.cards import Good
from silkroad.serica.evaluate import evaluate
from silkroad.serica.state import Caravan, PlayerState, State, Step
from silkroad.serica.table import table

pytestmark = pytest.mark.rule("SR-6")


def _start(coop: bool = False, seed: int = 3) -> State:
    return serica.new_game(serica.Options(coop=coop), seed)


def _edit(state: State, p: int, **changes: object) -> State:
    player: PlayerState = attrs.evolve(state.players[p], **changes)  # type: ignore[arg-type]
    players = (player, state.players[1]) if p == 0 else (state.players[0], player)
    return attrs.evolve(state, players=players)


def _caravan(position: int, silk: int) -> Caravan:
    return Caravan(1, position, (0, 0, 0, 1, 0, silk))


def test_the_title_supplies_its_evaluation() -> None:
    assert serica.GAME.optional.evaluate is evaluate
    assert serica.evaluate is evaluate
    state = _start()
    assert serica.GAME.evaluate(state, 0) == evaluate(state, 0)


def test_two_player_values_are_a_margin() -> None:
    state = _start()
    assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))


def test_caravans_further_along_and_richer_are_better() -> None:
    state = _start()
    near = _edit(state, 0, caravans=(_caravan(0, 1),))
    far = _edit(state, 0, caravans=(_caravan(3, 1),))
    rich = _edit(state, 0, caravans=(_caravan(0, 3),))
    assert evaluate(state, 0) < evaluate(near, 0) < evaluate(far, 0)
    assert evaluate(near, 0) < evaluate(rich, 0)
    assert evaluate(far, 1) < evaluate(state, 1)


def test_goods_and_artisans_are_better() -> None:
    state = _start()
    me = state.players[0]
    supply = list(me.supply)
    supply[Good.SILK] += 2
    assert evaluate(_edit(state, 0, supply=tuple(supply)), 0) > evaluate(state, 0)
    assert evaluate(_edit(state, 0, artisans=me.artisans + 3), 0) > evaluate(state, 0)


def test_building_a_card_beats_holding_it_with_the_artisans_to_build_it() -> None:
    state = _start()
    t = table(state.options)
    me = state.players[0]
    kinds = {t.kind_of[c]: c for c in range(t.n_cards) if not t.enemy[c]}
    assert len(kinds) == sum(1 for k in t.kinds if not k.is_enemy)
    for card in kinds.values():
        d = t.card[card]
        holding = _edit(state, 0, discard=me.discard.append(card), artisans=d.artisans)
        built = _edit(
            state,
            0,
            fields=((card,), *me.fields[1:]),
            vp=me.vp + d.vp,
            artisans=0,
        )
        assert evaluate(built, 0) > evaluate(holding, 0), d.key


def test_a_finished_game_is_worth_its_vp_margin() -> None:
    state = attrs.evolve(_edit(_start(), 1, vp=12), step=Step.OVER)
    assert evaluate(state, 0) == -12.0
    assert evaluate(state, 1) == 12.0


def test_the_coop_game_has_one_shared_value() -> None:
    state = _start(coop=True)
    assert evaluate(state, 0) == evaluate(state, 1)
    t = table(state.options)
    military = next(c for c in range(t.n_cards) if t.card[c].type.value == "military")
    progressed = _edit(state, 0, fields=((military,), (), (), ()))
    assert evaluate(progressed, 0) > evaluate(state, 0)
    won = attrs.evolve(state, step=Step.OVER, coop_won=True)
    lost = attrs.evolve(state, step=Step.OVER, coop_won=False)
    assert evaluate(won, 0) > evaluate(lost, 0)
