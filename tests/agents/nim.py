"""One-pile Nim as a ``GameDefinition``: a perfect-information game whose best moves are
known, to check that the search agents find them.

Players take 1 to 3 counters in turn; whoever takes the last counter wins. A pile that
is a multiple of 4 is lost for the player to move; otherwise taking ``pile % 4`` wins.
"""

from __future__ import annotations

import attrs

from silkroad.core.errors import IllegalMoveError, InvalidMoveError
from silkroad.core.game import Chance, GameDefinition, GameSpec, Information


@attrs.frozen
class Options:
    pile: int = 7
    players: int = 2


@attrs.frozen
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@attrs.frozen
class State:
    options: Options
    pile: int
    to_move: int
    last: int | None = None


def new_game(options: Options, seed: int) -> State:
    del seed
    return State(options, options.pile, 0)


def legal_moves(state: State) -> tuple[Take, ...]:
    return tuple(Take(n) for n in (1, 2, 3) if n <= state.pile)


def apply(state: State, move: Take) -> State:
    if move not in legal_moves(state):
        raise IllegalMoveError(f"{move} is not legal", state=state, move=move)
    return State(
        state.options,
        state.pile - move.n,
        (state.to_move + 1) % state.options.players,
        state.to_move,
    )


def is_over(state: State) -> bool:
    return state.pile == 0


def scores(state: State) -> tuple[int, ...]:
    return tuple(int(is_over(state) and p == state.last) for p in range(state.options.players))


def winners(state: State) -> tuple[int, ...]:
    return (state.last,) if is_over(state) and state.last is not None else ()


def parse_move(state: State, text: str) -> Take:
    word, _, n = text.partition(" ")
    if word != "take" or n not in ("1", "2", "3"):
        raise InvalidMoveError(f"not a move: {text!r}", text=text)
    return Take(int(n))


GAME: GameDefinition[State, Take, Options, State] = GameDefinition(
    spec=GameSpec(
        name="nim",
        title="Nim",
        min_players=2,
        max_players=3,
        chance=Chance.DETERMINISTIC,
        information=Information.PERFECT,
        rules_version="1",
    ),
    options_type=Options,
    state_type=State,
    move_types=(Take,),
    observation_type=State,
    default_options=lambda players=None: Options(players=players or 2),
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    current_player=lambda s: None if is_over(s) else s.to_move,
    num_players=lambda s: s.options.players,
    is_over=is_over,
    scores=scores,
    winners=winners,
    observe=lambda s, p: s,
    determinize=lambda obs, seed: obs,
    parse_move=parse_move,
    format_move=str,
    num_actions=lambda o: 3,
    encode_move=lambda s, m: m.n - 1,
    decode_move=lambda s, i: Take(i + 1),
    action_mask=lambda s: tuple(n <= s.pile for n in (1, 2, 3)),
    max_game_length=lambda o: o.pile,
    render=lambda s: f"pile {s.pile}",
    validate=lambda s: None,
)
