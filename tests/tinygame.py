"""Tiny Draw: a small card game used only to prove the shared harness and the command.

Cards 1..9 are shuffled; each player is dealt a hidden hand. On a turn a player either
plays a card from their hand onto their open pile (scoring its value) [TG-1] or, while
the deck lasts and their hand holds fewer than three cards, draws the top card [TG-2]. A
player with nothing to do is skipped; the game ends when nobody can act [TG-3]. Most
points wins; ties share. It has hidden information (hands, deck order) and chance (the
shuffle), like the titles.

``GAME`` is a game written without reasons (no ``explain``, no ``action_move``; its
``apply`` raises an ``IllegalMoveError`` with none), as a third party's game may be;
:func:`make_explained_game` is the same game with them, citing the sections above
(``EXPLAINED``, named ``tinyreasons``).
"""

from __future__ import annotations

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PVector

from silkroad.core.errors import IllegalMoveError, InvalidMoveError, StateError
from silkroad.core.explain import Reason, Verdict, illegal_move_error
from silkroad.core.game import (
    OPTIONAL_PARTS,
    Chance,
    GameDefinition,
    GameSpec,
    Information,
    OptionalParts,
    Outcome,
)
from silkroad.core.rng import Rng

CARDS = tuple(range(1, 10))
MAX_HAND = 3
SPEC = GameSpec(
    name="tinydraw",
    title="Tiny Draw",
    min_players=2,
    max_players=3,
    chance=Chance.SAMPLED,
    information=Information.IMPERFECT,
    rules_version="1",
    known_rules_versions=("0.9",),
    rulebook="TG",
    sections=(("TG-1", "Playing a card"), ("TG-2", "Drawing"), ("TG-3", "The end")),
)


@attrs.frozen
class Options:
    players: int = 2
    hand_size: int = 2


@attrs.frozen
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Draw:
    def __str__(self) -> str:
        return "draw"


Move = Play | Draw


@attrs.frozen
class State:
    options: Options
    rng: Rng
    deck: PVector[int]
    hands: PVector[PVector[int]]
    piles: PVector[PVector[int]]
    turn: int | None


@attrs.frozen
class Observation:
    options: Options
    player: int
    hand: PVector[int]
    hand_sizes: PVector[int]
    piles: PVector[PVector[int]]
    deck_size: int
    turn: int | None


def default_options(players: int | None = None) -> Options:
    return Options(players=players or 2)


def sample_options(seed: int, edit: object = None) -> Options | None:
    """Tiny Draw's option space, declared for the soak: 2 or 3 players, hands of 1 to 3
    cards (no data files: None with ``edit``)."""
    if edit is not None:
        return None
    return Options(players=2 + seed % 2, hand_size=1 + seed // 2 % 3)


def _can_act(deck: PVector[int], hand: PVector[int]) -> bool:
    return bool(hand) or (bool(deck) and len(hand) < MAX_HAND)


def _next_turn(deck: PVector[int], hands: PVector[PVector[int]], after: int) -> int | None:
    n = len(hands)
    for step in range(1, n + 1):
        p = (after + step) % n
        if _can_act(deck, hands[p]):
            return p
    return None


def new_game(options: Options, seed: int) -> State:
    order, rng = Rng.from_seed(seed).shuffle(CARDS)
    k, n = options.hand_size, options.players
    hands = pvector(pvector(order[i * k : (i + 1) * k]) for i in range(n))
    return State(options, rng, pvector(order[n * k :]), hands, pvector([pvector()] * n), 0)


def legal_moves(state: State) -> tuple[Move, ...]:
    if state.turn is None:
        return ()
    hand = state.hands[state.turn]
    moves: list[Move] = [Play(c) for c in sorted(hand)]
    if state.deck and len(hand) < MAX_HAND:
        moves.append(Draw())
    return tuple(moves)


def apply(state: State, move: Move) -> State:
    if move not in legal_moves(state):
        raise IllegalMoveError(f"{move!s} is not legal now", state=state, move=move)
    p = state.turn
    assert p is not None
    deck, hands, piles = state.deck, state.hands, state.piles
    if isinstance(move, Play):
        hands = hands.set(p, hands[p].remove(move.card))
        piles = piles.set(p, piles[p].append(move.card))
    else:
        hands = hands.set(p, hands[p].append(deck[0]))
        deck = deck[1:]
    return attrs.evolve(state, deck=deck, hands=hands, piles=piles, turn=_next_turn(deck, hands, p))


def scores(state: State) -> tuple[int, ...]:
    return tuple(sum(pile) for pile in state.piles)


def winners(state: State) -> tuple[int, ...]:
    if state.turn is not None:
        return ()
    s = scores(state)
    return tuple(p for p, v in enumerate(s) if v == max(s))


def observe(state: State, player: int) -> Observation:
    return Observation(
        state.options,
        player,
        state.hands[player],
        pvector(len(h) for h in state.hands),
        state.piles,
        len(state.deck),
        state.turn,
    )


def determinize(obs: Observation, seed: int) -> State:
    seen = set(obs.hand) | {c for pile in obs.piles for c in pile}
    unseen, rng = Rng.from_seed(seed).shuffle([c for c in CARDS if c not in seen])
    hands, i = [], 0
    for p, size in enumerate(obs.hand_sizes):
        if p == obs.player:
            hands.append(obs.hand)
        else:
            hands.append(pvector(unseen[i : i + size]))
            i += size
    return State(obs.options, rng, pvector(unseen[i:]), pvector(hands), obs.piles, obs.turn)


def parse_move(state: State, text: str) -> Move:
    words = text.split()
    if words == ["draw"]:
        return Draw()
    if len(words) == 2 and words[0] == "play" and words[1].isdigit():
        return Play(int(words[1]))
    raise InvalidMoveError(f"expected 'draw' or 'play N', got {text!r}", text=text)


def encode_move(state: State, move: Move) -> int:
    return 0 if isinstance(move, Draw) else move.card


def decode_move(state: State, action: int) -> Move:
    for move in legal_moves(state):
        if encode_move(state, move) == action:
            return move
    raise InvalidMoveError(f"action {action} names no legal move", text=action)


def action_mask(state: State) -> tuple[bool, ...]:
    ids = {encode_move(state, m) for m in legal_moves(state)}
    return tuple(i in ids for i in range(len(CARDS) + 1))


def render(state: State) -> str:
    """The table as the player to act sees it: their own hand, the others' hand sizes."""
    lines = [f"deck: {len(state.deck)} cards"]
    for p, (hand, pile) in enumerate(zip(state.hands, state.piles, strict=True)):
        shown = list(hand) if p == state.turn else f"{len(hand)} cards"
        lines.append(f"P{p}: hand {shown} pile {list(pile)} = {sum(pile)}")
    return "\n".join(lines)


def validate(state: State) -> None:
    cards = sorted(
        [*state.deck, *(c for h in state.hands for c in h), *(c for p in state.piles for c in p)]
    )
    if cards != list(CARDS):
        raise StateError(f"cards must be 1..9 exactly once, found {cards}")
    if any(len(h) > MAX_HAND for h in state.hands):
        raise StateError("a hand holds more than three cards")


def make_game(**overrides: object) -> GameDefinition[State, Move, Options, Observation]:
    """The game; tests replace single functions to build deliberately broken variants."""
    parts: dict[str, object] = {
        "spec": SPEC,
        "options_type": Options,
        "state_type": State,
        "move_types": (Play, Draw),
        "observation_type": Observation,
        "default_options": default_options,
        "new_game": new_game,
        "legal_moves": legal_moves,
        "apply": apply,
        "current_player": lambda s: s.turn,
        "num_players": lambda s: s.options.players,
        "is_over": lambda s: s.turn is None,
        "scores": scores,
        "winners": winners,
        "observe": observe,
        "determinize": determinize,
        "parse_move": parse_move,
        "format_move": str,
        "num_actions": lambda o: len(CARDS) + 1,
        "encode_move": encode_move,
        "decode_move": decode_move,
        "action_mask": action_mask,
        "max_game_length": lambda o: 2 * len(CARDS),
        "render": render,
        "validate": validate,
    }
    parts.update({k: v for k, v in overrides.items() if k not in OPTIONAL_PARTS})
    declared: dict[str, object] = {"sample_options": sample_options}
    declared.update({k: v for k, v in overrides.items() if k in OPTIONAL_PARTS})
    optional = OptionalParts(**declared)  # type: ignore[arg-type]
    return GameDefinition(optional=optional, **parts)  # type: ignore[arg-type]


GAME = make_game()


def make_truncating_game(
    cap: int = 4, **overrides: object
) -> GameDefinition[State, Move, Options, Observation]:
    """Tiny Draw with a game-length safeguard: once ``cap`` cards lie on the piles the game
    stops, truncated, with no winner (the way a title's safeguard stops a runaway game)."""

    def stopped(state: State) -> bool:
        return state.turn is not None and sum(len(p) for p in state.piles) >= cap

    def legal(state: State) -> tuple[Move, ...]:
        return () if stopped(state) else legal_moves(state)

    def apply_(state: State, move: Move) -> State:
        if stopped(state):
            raise IllegalMoveError("the game is over", state=state, move=move)
        return apply(state, move)

    def outcome(state: State) -> Outcome:
        if stopped(state):
            return Outcome.TRUNCATED
        return Outcome.ONGOING if state.turn is not None else Outcome.FINISHED

    parts: dict[str, object] = {
        "legal_moves": legal,
        "apply": apply_,
        "current_player": lambda s: None if stopped(s) else s.turn,
        "is_over": lambda s: s.turn is None or stopped(s),
        "winners": lambda s: () if stopped(s) else winners(s),
        "outcome": outcome,
    }
    parts.update(overrides)
    return make_game(**parts)


def winners_of_scores(state: State) -> tuple[int, ...]:
    """The best scores, whether or not the game is over (for broken variants)."""
    s = scores(state)
    return tuple(p for p, v in enumerate(s) if v == max(s))


def explain(state: State, move: object) -> Reason:
    """Why a move that is not legal is refused, citing the rule above that refuses it."""
    if state.turn is None:
        return Reason.by_rule("TG-3", "the game is over: nobody can play or draw")
    player, hand = state.turn, state.hands[state.turn]
    if isinstance(move, Play):
        if move.card not in CARDS:
            return Reason.by_rule(
                "TG-1", f"there is no card {move.card!r:.20}: the cards are 1 to 9"
            )
        held = ", ".join(map(str, sorted(hand))) or "nothing"
        return Reason.by_rule("TG-1", f"card {move.card} is not in P{player}'s hand ({held})")
    if isinstance(move, Draw):
        if not state.deck:
            return Reason.by_rule("TG-2", "the deck is empty")
        return Reason.by_rule(
            "TG-2", f"P{player} holds {len(hand)} cards, the most a hand may hold is {MAX_HAND}"
        )
    return Reason(Verdict.UNKNOWN, f"{move!r:.40} is not a move of Tiny Draw")


def action_move(state: State, action: int) -> Move | None:
    """The move of an action id, legal or not: 0 draws, 1 to 9 play that card."""
    if action == 0:
        return Draw()
    return Play(action) if action in CARDS else None


def make_explained_game(**overrides: object) -> GameDefinition[State, Move, Options, Observation]:
    """Tiny Draw with reasons: ``explain`` and ``action_move`` above, and an ``apply`` whose
    ``IllegalMoveError`` carries the reason (as a title's does)."""

    def apply_explained(state: State, move: Move) -> State:
        if move not in legal_moves(state):
            raise illegal_move_error(game, state, move)
        return apply(state, move)

    parts: dict[str, object] = {
        "explain": explain,
        "action_move": action_move,
        "apply": apply_explained,
    }
    game = make_game(**{**parts, **overrides})
    return game


#: Tiny Draw with reasons, under its own name, so that it is registered beside ``GAME``
#: (``SILKROAD_GAMES=tinygame:EXPLAINED``): the tools' tests use it as a title-like game.
EXPLAINED = make_explained_game(
    spec=attrs.evolve(SPEC, name="tinyreasons", title="Tiny Draw with reasons")
)
