"""Building explicit Serica states for rule and scenario tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
from pyrsistent import pvector

from silkroad.core.rng import Rng
from silkroad.serica import Move, Options, State, apply, legal_moves, validate
from silkroad.serica.cards import Good
from silkroad.serica.rules import coop_goals_met
from silkroad.serica.state import Caravan, Pending, PlayerState, Step, Turn
from silkroad.serica.table import table

GoodsSpec = Mapping[str, int]


def goods(spec: GoodsSpec | None = None) -> tuple[int, ...]:
    """A count per good from ``{"silk": 2, ...}``."""
    out = [0] * 6
    for name, n in (spec or {}).items():
        out[Good[name.upper()]] += n
    return tuple(out)


class Builder:
    """Hands out card ids by key and assembles a valid state from explicit zones.

    Cards not placed explicitly go under the Crossroads draw pile, in id order.
    """

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options(first_player=0)
        self.t = table(self.options)
        self.used: set[int] = set()

    def ids(self, key: str) -> list[int]:
        return [i for i, d in enumerate(self.t.card) if d.key == key]

    def card(self, key: str) -> int:
        """A not yet placed copy of the card with this key."""
        for i in self.ids(key):
            if i not in self.used:
                self.used.add(i)
                return i
        raise LookupError(f"no unplaced copy of {key!r}")

    def cards(self, keys: Sequence[str]) -> list[int]:
        return [self.card(k) for k in keys]

    def player(
        self,
        *,
        empire: Sequence[str] = (),
        draw: Sequence[str] = (),
        discard: Sequence[str] = (),
        fields: Sequence[Sequence[str]] = ((), (), (), ()),
        supply: GoodsSpec | None = None,
        shipment: GoodsSpec | None = None,
        artisans: int = 0,
        vp: int = 0,
        caravans: Sequence[tuple[int, int, GoodsSpec]] = (),
        defeated: Sequence[str] = (),
    ) -> PlayerState:
        fields = list(fields) + [()] * (4 - len(fields))
        return PlayerState(
            draw=pvector(self.cards(draw)),
            discard=pvector(self.cards(discard)),
            empire=pvector(self.cards(empire)),
            fields=tuple(tuple(self.cards(f)) for f in fields),
            supply=goods(supply),
            artisans=artisans,
            shipment=goods(shipment),
            caravans=tuple(Caravan(r, pos, goods(g)) for r, pos, g in caravans),
            vp=vp,
            defeated=tuple(self.cards(defeated)),
        )

    def state(
        self,
        han: PlayerState | None = None,
        rome: PlayerState | None = None,
        *,
        crossroads: Sequence[str] = (),
        cross_top: Sequence[str] = (),
        cross_discard: Sequence[str] = (),
        empty_pile: bool = False,
        active: int = 0,
        first: int = 0,
        round: int = 1,
        step: Step = Step.PRODUCE,
        turn: Turn | None = None,
        pending: Pending | None = None,
        seed: int = 0,
    ) -> State:
        """A valid state. Build the players first (they claim their cards), then call
        this; ``empty_pile`` puts the unplaced cards in the Crossroads discard pile, so
        the Crossroads draw pile holds only ``cross_top``."""
        han = han or self.player()
        rome = rome or self.player()
        row = self.cards(crossroads)
        top = self.cards(cross_top)
        discard = self.cards(cross_discard)
        rest = [c for c in range(self.t.n_cards) if c not in self.used]
        if empty_pile:
            pile, discard = top, discard + rest
        else:
            pile = top + rest
        state = State(
            options=self.options,
            rng=Rng.from_seed(seed),
            players=(han, rome),
            crossroads=pvector(row),
            cross_pile=pvector(pile),
            cross_discard=pvector(discard),
            active=active,
            first=first,
            round=round,
            step=step,
            turn=turn or Turn(),
            pending=pending,
            attacks=(),
        )
        # [SR-7] the co-op goals met in the fields are won (derived, as positions do)
        state = attrs.evolve(state, coop_won=self.options.coop and coop_goals_met(state))
        validate(state)
        return state


def play(state: State, *moves: Move) -> State:
    """Apply ``moves`` in order, checking each is listed as legal first."""
    for move in moves:
        assert move in legal_moves(state), f"{move} not in {[str(m) for m in legal_moves(state)]}"
        state = apply(state, move)
        validate(state)
    return state


def texts(state: State) -> list[str]:
    return [str(m) for m in legal_moves(state)]


def evolve_turn(state: State, **changes: object) -> State:
    return attrs.evolve(state, turn=attrs.evolve(state.turn, **changes))  # type: ignore[arg-type]
