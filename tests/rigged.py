"""Rigged Roll: a one-decision game whose advantages are known exactly, to test statistics.

At setup the seed draws the first player and, for each player, whether they hold the
lucky charm (``charm:lucky``, probability 1/2 each); every player holds ``charm:plain``.
The first player's only move, ``roll``, settles the game from the state's RNG:

- with probability ``truncate`` the game is truncated (no winner);
- otherwise, if exactly one player of two holds the charm, that player wins with
  probability ``lucky_win``;
- otherwise the first player wins with probability ``first_win``, else another player
  chosen uniformly.

So with two players (defaults) the first player's win rate over finished games is
``1/2 * first_win + 1/2 * 1/2`` = 0.6, a lucky holder beats a non-holder with
probability ``lucky_win`` = 0.8, and the plain charm is shared (never a comparison).
"""

from __future__ import annotations

import attrs

from silkroad.core.errors import IllegalMoveError, InvalidMoveError
from silkroad.core.game import (
    Chance,
    GameDefinition,
    GameSpec,
    Information,
    OptionalParts,
    Outcome,
)
from silkroad.core.rng import Rng

SPEC = GameSpec(
    name="riggedroll",
    title="Rigged Roll",
    min_players=2,
    max_players=4,
    chance=Chance.SAMPLED,
    information=Information.PERFECT,
    rules_version="1",
)

#: The true rates of the default options with two players.
TRUE_FIRST_PLAYER_RATE = 0.6
TRUE_LUCKY_RATE = 0.8


@attrs.frozen
class Options:
    players: int = 2
    first_win: float = 0.7
    lucky_win: float = 0.8
    truncate: float = 0.1


@attrs.frozen
class Roll:
    def __str__(self) -> str:
        return "roll"


@attrs.frozen
class State:
    options: Options
    rng: Rng
    first: int
    lucky: tuple[bool, ...]
    winners: tuple[int, ...] = ()
    over: bool = False
    truncated: bool = False


def new_game(options: Options, seed: int) -> State:
    rng = Rng.from_seed(seed)
    first, rng = rng.randrange(options.players)
    lucky = []
    for _ in range(options.players):
        value, rng = rng.random()
        lucky.append(value < 0.5)
    return State(options, rng, first, tuple(lucky))


def legal_moves(state: State) -> tuple[Roll, ...]:
    return () if state.over else (Roll(),)


def apply(state: State, move: Roll) -> State:
    if state.over or move != Roll():
        raise IllegalMoveError("only 'roll', before the end", state=state, move=move)
    o, rng = state.options, state.rng
    value, rng = rng.random()
    if value < o.truncate:
        return attrs.evolve(state, rng=rng, over=True, truncated=True)
    holders = [p for p, lucky in enumerate(state.lucky) if lucky]
    value, rng = rng.random()
    if o.players == 2 and len(holders) == 1:
        winner = holders[0] if value < o.lucky_win else 1 - holders[0]
    elif value < o.first_win:
        winner = state.first
    else:
        others = [p for p in range(o.players) if p != state.first]
        winner, rng = rng.choice(others)
    return attrs.evolve(state, rng=rng, over=True, winners=(winner,))


def holdings(state: State) -> tuple[frozenset[str], ...]:
    return tuple(
        frozenset({"charm:plain", "charm:lucky"} if lucky else {"charm:plain"})
        for lucky in state.lucky
    )


def parse_move(state: State, text: str) -> Roll:
    if text != "roll":
        raise InvalidMoveError(f"{text!r} is not 'roll'", text=text)
    return Roll()


GAME: GameDefinition[State, Roll, Options, State] = GameDefinition(
    spec=SPEC,
    options_type=Options,
    state_type=State,
    move_types=(Roll,),
    observation_type=State,
    default_options=lambda players=None: Options(players=players or 2),
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    current_player=lambda s: None if s.over else s.first,
    num_players=lambda s: s.options.players,
    is_over=lambda s: s.over,
    scores=lambda s: tuple(int(p in s.winners) for p in range(s.options.players)),
    winners=lambda s: s.winners,
    observe=lambda s, p: s,
    determinize=lambda o, seed: o,
    parse_move=parse_move,
    format_move=str,
    num_actions=lambda o: 1,
    encode_move=lambda s, m: 0,
    decode_move=lambda s, i: Roll(),
    action_mask=lambda s: (not s.over,),
    max_game_length=lambda o: 1,
    render=lambda s: f"first {s.first}, lucky {s.lucky}",
    validate=lambda s: None,
    optional=OptionalParts(
        outcome=lambda s: (
            Outcome.ONGOING
            if not s.over
            else Outcome.TRUNCATED
            if s.truncated
            else Outcome.FINISHED
        ),
        holdings=holdings,
    ),
)
