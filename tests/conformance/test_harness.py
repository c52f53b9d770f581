"""The conformance harness passes on a correct game and catches each kind of broken one."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pyrsistent.typing import PVector

import tinygame
from silkroad.core.errors import IllegalMoveError
from silkroad.core.rng import Rng
from silkroad.testing import ConformanceError, check_game, games, moves, mutations

SEEDS = range(6)


@pytest.mark.parametrize("options", [tinygame.Options(2, 2), tinygame.Options(3, 3)])
def test_the_tiny_game_conforms(options: tinygame.Options) -> None:
    report = check_game(tinygame.GAME, options, seeds=range(15))
    assert report.games == 15
    assert report.decisions > 15 * 5
    assert report.moves_applied >= report.decisions
    assert report.illegal_moves_rejected > report.decisions
    assert report.hidden_differences > 0


def broken(**overrides: Any) -> Any:
    return tinygame.make_game(**overrides)


def test_catches_apply_that_mutates_its_input() -> None:
    def mutating_apply(state: tinygame.State, move: Any) -> tinygame.State:
        nxt = tinygame.apply(state, move)
        object.__setattr__(state, "turn", nxt.turn)  # the bug: writes into the input
        return nxt

    with pytest.raises(ConformanceError, match="changed its input state"):
        check_game(broken(apply=mutating_apply), seeds=SEEDS)


def test_catches_an_observation_that_leaks_the_deck() -> None:
    def leaky_observe(state: tinygame.State, player: int) -> tinygame.Observation:
        obs = tinygame.observe(state, player)
        return attrs.evolve(obs, deck_size=state.deck[0] if state.deck else 0)  # the top card

    with pytest.raises(ConformanceError, match="can tell a determinized state from the real"):
        check_game(broken(observe=leaky_observe), seeds=SEEDS)


def test_catches_an_observation_that_shows_other_hands() -> None:
    def leaky_observe(state: tinygame.State, player: int) -> tinygame.Observation:
        obs = tinygame.observe(state, player)
        return attrs.evolve(obs, hand=state.hands[(player + 1) % len(state.hands)])

    with pytest.raises(ConformanceError, match="can tell a determinized state|invalid state"):
        check_game(broken(observe=leaky_observe), seeds=SEEDS)


def test_catches_a_render_that_shows_other_hands() -> None:
    def render(state: tinygame.State) -> str:
        return str([list(h) for h in state.hands])

    with pytest.raises(ConformanceError, match="render shows something hidden from player"):
        check_game(broken(render=render), seeds=SEEDS)


@attrs.frozen
class RngObservation:
    player: int
    hand: PVector[int]
    rng: Rng


def test_catches_an_observation_holding_the_rng() -> None:
    def observe(state: tinygame.State, player: int) -> RngObservation:
        return RngObservation(player, state.hands[player], state.rng)

    game = broken(observe=observe, observation_type=RngObservation)
    with pytest.raises(ConformanceError, match="exposes the RNG"):
        check_game(game, seeds=SEEDS)


@attrs.frozen
class FullObservation:
    options: tinygame.Options
    deck: PVector[int]
    hands: PVector[PVector[int]]
    piles: PVector[PVector[int]]
    turn: int | None


def test_catches_a_determinize_that_never_hides_anything() -> None:
    game = broken(
        observe=lambda s, p: FullObservation(s.options, s.deck, s.hands, s.piles, s.turn),
        observation_type=FullObservation,
        determinize=lambda o, seed: tinygame.State(
            o.options, Rng.from_seed(seed), o.deck, o.hands, o.piles, o.turn
        ),
    )
    with pytest.raises(ConformanceError, match="determinize never produced a state that differs"):
        check_game(game, seeds=SEEDS)


def test_catches_nondeterministic_setup() -> None:
    def new_game(options: tinygame.Options, seed: int) -> tinygame.State:
        return tinygame.new_game(options, random.randrange(2**32))  # the bug: global randomness

    with pytest.raises(ConformanceError, match="new_game is not deterministic"):
        check_game(broken(new_game=new_game), seeds=SEEDS)


def test_catches_apply_that_accepts_illegal_moves() -> None:
    def lax_apply(state: tinygame.State, move: Any) -> tinygame.State:
        try:
            return tinygame.apply(state, move)
        except IllegalMoveError:
            return state  # the bug: an illegal move is silently ignored

    with pytest.raises(ConformanceError, match="apply accepted"):
        check_game(broken(apply=lax_apply), seeds=SEEDS)


def test_catches_a_wrong_exception_type_for_illegal_moves() -> None:
    def apply(state: tinygame.State, move: Any) -> tinygame.State:
        if not isinstance(move, tinygame.Play | tinygame.Draw):
            raise TypeError("not a move")
        return tinygame.apply(state, move)

    with pytest.raises(ConformanceError, match="raised TypeError.*expected IllegalMoveError"):
        check_game(broken(apply=apply), seeds=SEEDS)


def test_catches_notation_that_does_not_round_trip() -> None:
    with pytest.raises(ConformanceError, match="differs from str"):
        check_game(broken(format_move=lambda m: str(m).upper()), seeds=SEEDS)

    def parse(state: tinygame.State, text: str) -> Any:
        move = tinygame.parse_move(state, text)
        return tinygame.Play(1) if isinstance(move, tinygame.Play) else move

    with pytest.raises(ConformanceError, match="parse_move"):
        check_game(broken(parse_move=parse), seeds=SEEDS)


def test_catches_a_lenient_parser() -> None:
    def parse(state: tinygame.State, text: str) -> Any:
        return tinygame.Draw() if not text.strip() else tinygame.parse_move(state, text)

    with pytest.raises(ConformanceError, match="accepted the garbage"):
        check_game(broken(parse_move=parse), seeds=SEEDS)


def test_catches_action_ids_out_of_range_or_mismatched() -> None:
    with pytest.raises(ConformanceError, match="outside range"):
        check_game(broken(num_actions=lambda o: 5), seeds=SEEDS)
    with pytest.raises(ConformanceError, match="action_mask"):
        check_game(broken(action_mask=lambda s: (True,) * 10), seeds=SEEDS)


def test_catches_is_over_disagreeing_with_legal_moves() -> None:
    game = broken(is_over=lambda s: False)
    with pytest.raises(ConformanceError, match="is_over is False"):
        check_game(game, seeds=SEEDS)


def test_catches_a_game_that_runs_too_long() -> None:
    with pytest.raises(ConformanceError, match="did not end within 3 decisions"):
        check_game(tinygame.GAME, seeds=SEEDS, max_steps=3)


def test_catches_a_validate_that_refuses_reachable_states() -> None:
    def strict(state: tinygame.State) -> None:
        tinygame.validate(state)
        if any(state.piles):
            raise tinygame.StateError("no card may ever be played")

    with pytest.raises(ConformanceError, match="validate refused a reachable state"):
        check_game(broken(validate=strict), seeds=SEEDS)


def test_catches_determinize_that_redeals_the_players_own_hand() -> None:
    def determinize(obs: tinygame.Observation, seed: int) -> tinygame.State:
        state = tinygame.determinize(obs, seed)
        other = (obs.player + 1) % len(state.hands)
        mine, theirs = state.hands[obs.player], state.hands[other]
        if len(mine) != len(theirs):
            return state
        # the bug: the player's own hand is dealt to someone else
        return attrs.evolve(state, hands=state.hands.set(obs.player, theirs).set(other, mine))

    with pytest.raises(ConformanceError, match="can tell a determinized state"):
        check_game(broken(determinize=determinize), seeds=SEEDS)


def test_catches_apply_refusing_a_listed_move() -> None:
    def legal_moves(state: tinygame.State) -> tuple[Any, ...]:
        extra = (tinygame.Play(99),) if state.turn is not None else ()
        return tinygame.legal_moves(state) + extra

    with pytest.raises(ConformanceError, match=r"Play\(card=99\)"):
        check_game(broken(legal_moves=legal_moves), seeds=SEEDS)


def _narrator(leaky: bool) -> Any:
    """Event texts of Tiny Draw: the card drawn, named to the drawer only (or, when
    ``leaky``, to everyone)."""

    def narrate(state: tinygame.State, move: Any, viewer: int | None) -> tuple[str, ...]:
        if not isinstance(move, tinygame.Draw):
            return (f"P{state.turn} plays {move.card}",)
        if leaky or viewer in (None, state.turn):
            return (f"P{state.turn} draws {state.deck[0]}",)
        return (f"P{state.turn} draws a card",)

    return narrate


def test_catches_event_texts_that_name_a_hidden_card() -> None:
    """Check 11: the texts of a draw name the card drawn to another player: two states
    that player cannot tell apart give different texts."""
    honest = check_game(broken(describe_events=_narrator(False)), seeds=SEEDS)
    assert honest.games == len(SEEDS)
    with pytest.raises(ConformanceError, match="event texts of draw for player"):
        check_game(broken(describe_events=_narrator(True)), seeds=SEEDS)


def test_a_finished_game_needs_a_winner_unless_all_can_lose() -> None:
    nobody = broken(winners=lambda s: ())
    with pytest.raises(ConformanceError, match="a finished game has no winner"):
        check_game(nobody, seeds=SEEDS)
    assert check_game(nobody, seeds=SEEDS, allow_no_winner=True).games == len(SEEDS)
    with pytest.raises(ConformanceError, match="are not players"):
        check_game(broken(winners=lambda s: (5,)), seeds=SEEDS)


def test_the_failure_message_names_game_seed_and_step() -> None:
    with pytest.raises(ConformanceError, match=r"^tinydraw Options\(.*\) seed 0 step \d+"):
        check_game(broken(is_over=lambda s: False), seeds=[0])


def test_mutations_change_one_field() -> None:
    assert tinygame.Play(1001) in mutations(tinygame.Play(1))
    assert mutations(tinygame.Draw()) == []
    assert mutations("not attrs") == []


@settings(max_examples=60, deadline=None)
@given(games(tinygame.GAME))
def test_games_strategy_reaches_valid_states(state: tinygame.State) -> None:
    tinygame.validate(state)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_moves_strategy_draws_legal_moves(data: st.DataObject) -> None:
    state = data.draw(games(tinygame.GAME, tinygame.Options(3, 2), max_moves=5))
    if tinygame.GAME.is_over(state):
        return
    move = data.draw(moves(state, tinygame.GAME))
    assert move in tinygame.legal_moves(state)
    tinygame.validate(tinygame.apply(state, move))


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_moves_strategy_finds_the_game_of_a_registered_state(
    tiny: object, data: st.DataObject
) -> None:
    state = tinygame.new_game(tinygame.Options(), 0)
    assert data.draw(moves(state)) in tinygame.legal_moves(state)


def test_check_every_samples_the_expensive_checks() -> None:
    full = check_game(tinygame.GAME, seeds=range(5))
    sampled = check_game(tinygame.GAME, seeds=range(5), check_every=4)
    assert sampled.decisions == full.decisions  # the same games are played to the end
    assert sampled.illegal_moves_rejected < full.illegal_moves_rejected
    assert sampled.determinizations < full.determinizations
    # still catches a broken game, at the sampled decisions or through validate
    with pytest.raises(ConformanceError, match="changed its input state"):
        check_game(broken(apply=_mutating_apply), seeds=SEEDS, check_every=3)


def test_check_every_none_checks_the_end_in_full_and_record_false_replays_nothing() -> None:
    ends = check_game(tinygame.GAME, seeds=range(5), check_every=None)
    full = check_game(tinygame.GAME, seeds=range(5))
    assert ends.decisions == full.decisions  # the same games are played to the end
    assert ends.illegal_moves_rejected == 0  # no decision checked in full
    assert 0 < ends.determinizations < full.determinizations  # each end's
    with pytest.raises(ValueError, match="check_every is a whole number from 1 or None"):
        check_game(tinygame.GAME, seeds=range(1), check_every=0)
    calls: list[int] = []

    def counted_apply(state: tinygame.State, move: Any) -> tinygame.State:
        calls.append(1)
        return tinygame.apply(state, move)

    counted = broken(apply=counted_apply)
    check_game(counted, seeds=range(1), check_every=None, record=False)
    without = len(calls)
    calls.clear()
    check_game(counted, seeds=range(1), check_every=None)
    assert len(calls) > without  # the record's replays


def _mutating_apply(state: tinygame.State, move: Any) -> tinygame.State:
    nxt = tinygame.apply(state, move)
    object.__setattr__(state, "turn", nxt.turn)
    return nxt


# ---------------------------------------------------------------- check 12: the reasons


def test_a_game_without_explain_passes_the_reasons_check_with_the_generic_reason() -> None:
    assert tinygame.GAME.optional.explain is None
    report = check_game(tinygame.GAME, seeds=range(4))
    assert report.reasons_checked > report.decisions * 4


def test_a_game_with_explain_passes_the_reasons_check() -> None:
    report = check_game(tinygame.make_explained_game(), seeds=range(4))
    assert report.reasons_checked > report.decisions * 4


def _explained(**overrides: Any) -> Any:
    return tinygame.make_explained_game(**overrides)


def test_catches_an_explain_that_raises() -> None:
    def explain(state: tinygame.State, move: Any) -> Any:
        return tinygame.explain(state, move) if isinstance(move, tinygame.Draw) else 1 / 0

    with pytest.raises(ConformanceError, match=r"explain of .* raised ZeroDivisionError"):
        check_game(_explained(explain=explain), seeds=SEEDS)


def test_catches_an_explain_that_calls_an_illegal_move_legal() -> None:
    def explain(state: tinygame.State, move: Any) -> Any:
        from silkroad.core.explain import Reason, Verdict

        return Reason(Verdict.LEGAL, "fine")

    with pytest.raises(ConformanceError, match="for an illegal move"):
        check_game(_explained(explain=explain), seeds=SEEDS)


def test_catches_an_explain_that_gives_no_reason() -> None:
    with pytest.raises(ConformanceError, match="explain of .* gave 'not a reason'"):
        check_game(_explained(explain=lambda s, m: "not a reason"), seeds=SEEDS)


def test_catches_an_action_move_that_calls_a_legal_id_refused() -> None:
    """``explain`` of a legal move's action id must say legal: an ``action_move`` that
    maps the id to another move is caught."""

    def action_move(state: tinygame.State, action: int) -> Any:
        return tinygame.Play(action % 9 + 1) if action else tinygame.Draw()

    with pytest.raises(ConformanceError, match=r"explain calls the legal move \d+ not legal"):
        check_game(_explained(action_move=action_move), seeds=SEEDS)


def test_catches_an_illegal_move_error_without_the_reason() -> None:
    """A game with ``explain`` whose ``apply`` raises an error without the reason."""
    with pytest.raises(ConformanceError, match="carries no reason"):
        check_game(_explained(apply=tinygame.apply), seeds=SEEDS)


def test_catches_an_illegal_move_error_with_another_reason() -> None:
    from silkroad.core.explain import Reason

    def apply(state: tinygame.State, move: Any) -> tinygame.State:
        if move not in tinygame.legal_moves(state):
            reason = Reason.by_rule("TG-3", "another rule")
            raise IllegalMoveError("no", state=state, move=move, reason=reason)
        return tinygame.apply(state, move)

    with pytest.raises(ConformanceError, match=r"carries \[TG-3\] another rule but explain"):
        check_game(_explained(apply=apply), seeds=SEEDS)


def test_catches_a_game_without_explain_whose_error_calls_the_move_legal() -> None:
    from silkroad.core.explain import Reason, Verdict

    def apply(state: tinygame.State, move: Any) -> tinygame.State:
        if move not in tinygame.legal_moves(state):
            legal = Reason(Verdict.LEGAL, "legal")
            raise IllegalMoveError("no", state=state, move=move, reason=legal)
        return tinygame.apply(state, move)

    with pytest.raises(ConformanceError, match="as its reason"):
        check_game(broken(apply=apply), seeds=SEEDS)
